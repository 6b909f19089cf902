"""The four rulebooks, each a data object naming its source.

Vocabulary:
    rulebook          one book's laws: its games and units, its thresholds and its small named rules.
    multiplier style  how a trump game's multiplier is counted:
                      ``LAW2`` (Foster law 2, the 1908 League and McColl): one figure for the outcome,
                      1 game, 2 schneider, 3 schneider announced or schwarz, 4 schwarz after announcing
                      schneider, 5 schwarz announced; plus the matadores.
                      ``ISKO`` (modern): one for each of game, hand, schneider, schneider announced,
                      schwarz, schwarz announced, ouvert; plus the matadores.
    schneider points  card points the player needs to make the adversaries schneider (91; ISkO 90).
    all passed        what happens when nobody bids: Ramsch (old books) or the deal is thrown in (ISkO).
    Ramsch Skat       whether the Skat is disregarded in Ramsch (Foster) or goes to the winner of the
                      last trick (NASL, McColl).

The differences between the books are the data below; McColl and the League are written as Foster's
table with their own rows replaced, so nothing is copied. Rulings that are ours, where the books are
silent, carry a comment starting "Ruling:" (see docs/RULES.md in the shared docs).
"""

from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property

from .errors import InvalidDeal
from .games import Announcement, Family, Game, GameType
from .text import N_, Text, msg, pmsg

SUITS = ("diamond", "heart", "spade", "club")


class MultiplierStyle(Enum):
    LAW2 = "law2"
    ISKO = "isko"


class RamschSkat(Enum):
    DISREGARDED = "disregarded"
    TO_LAST_TRICK = "to the winner of the last trick"


@dataclass(frozen=True, eq=False)  # identity: hashed by every cache, compared by ``id``
class Rulebook:
    id: str
    name: str  # as players know the book: "Foster 1922 — American Skat League" (lists and choices)
    title: str  # the book's own title (sheet headings, the rulebook page)
    source: str
    game_types: tuple[GameType, ...]
    multiplier_style: MultiplierStyle = MultiplierStyle.LAW2
    schneider_points: int = 91  # the player makes schneider at this many card points (Skat included)
    schneidered_at: int = 30  # the player is himself schneidered at this many card points or fewer
    game_points: int = 61  # the player wins a trump game at this many card points
    lowest_bid: int = 10
    all_passed: str = "ramsch"  # or "thrown in"
    ramsch_charges: tuple[int, int, int] = (20, 30, 50)  # plain; one player took no trick; two took none
    ramsch_skat: RamschSkat = RamschSkat.DISREGARDED
    kontra: bool = False  # Kontra/Re may be allowed by the tournament (ISkO)
    schwarz_loses_skat: bool = True  # a player made schwarz cannot count his Skat (Foster p. 86; the League)
    remark_without: int = 4  # a game won "without" this many or more goes into Remarks
    matadore_words: tuple[str, str] = ("with", "without")
    notes: tuple[str, ...] = field(default=())

    @cached_property
    def games(self) -> tuple[Game, ...]:
        return tuple(game for game_type in self.game_types for game in game_type.games())

    @cached_property
    def games_by_tokens(self) -> dict[frozenset[str], Game]:
        index: dict[frozenset[str], Game] = {}
        for game in self.games:
            for tokens in game.token_sets():
                if tokens in index:  # a data error, caught by the tests at import
                    raise AssertionError(f"{self.id}: {sorted(tokens)} names two games")
                index[tokens] = game
        return index

    @cached_property
    def games_by_name(self) -> dict[str, Game]:
        """The games by their English name (as stored with a deal), for saying the name in another language."""
        return {game.name: game for game in self.games}

    def game_type(self, key: str) -> GameType:
        for game_type in self.game_types:
            if game_type.key == key:
                return game_type
        raise KeyError(key)

    def with_game_types(self, *replacements: GameType, drop: tuple[str, ...] = (), **changes) -> "Rulebook":
        """This rulebook with rows replaced (same key), added (new key) or dropped."""
        by_key = {g.key: g for g in self.game_types if g.key not in drop}
        for game_type in replacements:
            by_key[game_type.key] = game_type
        return replace(self, game_types=tuple(by_key.values()), **changes)


def _t(*sets: str) -> tuple[frozenset[str], ...]:
    """Token sets from space-separated words: _t("grand solo", "grand")."""
    return tuple(frozenset(words.split()) for words in sets)


# Foster's Skat Manual, 1922: law 1 and the chapters on Gucki, Nullo and the varieties.
_FOSTER_GAMES = (
    GameType("simple", N_("{suit} Simple"), Family.SUIT, (1, 2, 3, 4), _t("simple"), in_tournaments=False),
    GameType("tournee", N_("{suit} Tournee"), Family.SUIT, (5, 6, 7, 8), _t("tournee"), abandonable=True, method="tournee"),
    # Passt-mir-nicht: the first card refused, the second is trump; lost double.
    GameType(
        "passt-mir-nicht", N_("{suit} Passt-mir-nicht"), Family.SUIT, (5, 6, 7, 8),
        _t("passt", "passt tournee"), lost_factor=2, abandonable=True, method="tournee",
    ),
    GameType("tournee-grand", N_("Tournee Grand"), Family.GRAND, (12,), _t("tournee grand"), method="tournee"),
    GameType(
        "passt-mir-nicht-grand", N_("Passt-mir-nicht Grand"), Family.GRAND, (12,),
        _t("passt grand", "passt tournee grand"), lost_factor=2, method="tournee",
    ),
    GameType("gucki-grand", N_("Gucki Grand"), Family.GRAND, (12,), _t("gucki grand"), lost_factor=2),
    GameType("solo", N_("{suit} Solo"), Family.SUIT, (9, 10, 11, 12), _t("solo", "hand", "solo hand"), announce=True,
             method="solo"),
    # "plain 'grand' in the old rulebooks" is the Solo Grand: the only Grand played from the hand.
    GameType(
        "solo-grand", N_("Solo Grand"), Family.GRAND, (16,),
        _t("solo grand", "grand", "grand hand", "solo grand hand"), announce=True, method="solo",
    ),
    GameType(
        "open-grand", N_("Open Grand"), Family.GRAND, (24,),
        _t("ouvert grand", "ouvert solo grand", "ouvert grand hand"), implied=Announcement.SCHWARZ, method="solo",
        least_with=2,  # "no Open Grand is possible without the two best Jacks": 7 × 24 = 168 the lowest
    ),
    GameType("nullo", N_("Nullo"), Family.NULL, (20,), _t("nullo", "solo nullo", "nullo hand")),
    GameType("open-nullo", N_("Open Nullo"), Family.NULL, (40,), _t("ouvert nullo", "ouvert solo nullo", "ouvert nullo hand")),
    GameType("tournee-nullo", N_("Tournee Nullo"), Family.NULL, (10,), _t("tournee nullo"), variety=True),
    # Ruling: a Tournee Nullo on the second card loses double, like every second-card game.
    GameType(
        "passt-mir-nicht-nullo", N_("Passt-mir-nicht Nullo"), Family.NULL, (10,),
        _t("passt nullo", "passt tournee nullo"), lost_factor=2, variety=True,
    ),
    # Gucki Nullo: both Skat cards taken for a Nullo; "still 20, but if lost, it counts double".
    GameType("gucki-nullo", N_("Gucki Nullo"), Family.NULL, (20,), _t("gucki nullo"), lost_factor=2, variety=True),
    GameType("revolution", N_("Revolution"), Family.NULL, (60,), _t("revolution", "ouvert nullo revolution"), variety=True),
    GameType("ramsch", N_("Ramsch"), Family.RAMSCH, (20,), _t("ramsch")),
)

FOSTER_1922 = Rulebook(
    id="foster-1922",
    name=N_("Foster 1922 — American Skat League"),
    title=N_("The American Laws of Skat (American Skat League)"),
    source=N_("R. F. Foster, Foster's Skat Manual, 3rd ed., 1922: laws 1-61 and the chapters on each game"),
    game_types=_FOSTER_GAMES,
    notes=(
        N_("Simple (Frage) is not allowed in tournaments."),
        N_("Ramsch: the Skat is disregarded; a tie is lost by the winner of the last trick."),
    ),
)

# North American Skat League, values adopted at the 11th Congress, New York, June 1908.
NASL_1908 = FOSTER_1922.with_game_types(
    # "In games with the Skat the player may throw up before the second trick is led" (plain value).
    replace(FOSTER_1922.game_type("simple"), name=N_("{suit} Call Play"), tokens=_t("simple", "call"), abandonable=True),
    replace(FOSTER_1922.game_type("tournee-grand"), abandonable=True),
    replace(FOSTER_1922.game_type("passt-mir-nicht-grand"), abandonable=True),
    replace(FOSTER_1922.game_type("gucki-grand"), name=N_("Guckser Grand"), units=(16,), abandonable=True),
    replace(FOSTER_1922.game_type("solo-grand"), name=N_("Grand Solo"), units=(20,)),
    # The League's Grand Ouvert "can also be played with less than four Jacks ... with the two black Jacks
    # only ... with one, having the Jack of Clubs and not the Spade" (compendium L4372-4382): Foster's
    # "no Open Grand without the two best Jacks" is not the League's rule, so "with" 1 (144) stands.
    replace(FOSTER_1922.game_type("open-grand"), name=N_("Grand Ouvert"), least_with=0),
    replace(FOSTER_1922.game_type("open-nullo"), name=N_("Null Ouvert")),
    # The League's "exceptional games", unofficial: Nullo Tourne 16 won or lost, Guckser Nullo 20 (lost 40).
    replace(FOSTER_1922.game_type("tournee-nullo"), name=N_("Nullo Tourne"), units=(16,)),
    replace(FOSTER_1922.game_type("gucki-nullo"), name=N_("Guckser Nullo")),
    drop=("passt-mir-nicht-nullo",),
    id="nasl-1908",
    name=N_("NASL 1908 — North American Skat League"),
    title=N_("North American Skat League rules and values (11th Congress, New York, 1908)"),
    source=N_("Skat compendium of the North American Skat League, 1908: values adopted June 1908"),
    ramsch_skat=RamschSkat.TO_LAST_TRICK,
    notes=(
        N_("Call Play (Frage) is barred in tournaments; Nullo and Null Ouvert from the hand only."),
        N_("Ramsch: the Skat goes to the winner of the last trick; a tie is lost by the tied player who took the last trick."),
    ),
)

# F. L. McColl, Helps for Skat Pupils, 2nd ed., 1908: Foster's values with the Guckser Nullo.
MCCOLL_1908 = FOSTER_1922.with_game_types(
    replace(FOSTER_1922.game_type("gucki-grand"), name=N_("Grand Guckser")),
    replace(FOSTER_1922.game_type("tournee-grand"), name=N_("Grand Tourne")),
    replace(FOSTER_1922.game_type("solo-grand"), name=N_("Grand Solo")),
    replace(FOSTER_1922.game_type("open-nullo"), name=N_("Null Ouvert")),
    replace(FOSTER_1922.game_type("gucki-nullo"), name=N_("Guckser Nullo"), units=(16,)),
    # McColl: Grand Ouvert "lowest bid 144", so "with" 1 is allowed.
    replace(FOSTER_1922.game_type("open-grand"), name=N_("Grand Ouvert"), least_with=0),
    id="mccoll-1908",
    name=N_("McColl 1908 — Helps for Skat Pupils"),
    title=N_("McColl's Helps for Skat Pupils (1908)"),
    source=N_("F. L. McColl, Helps for Skat Pupils, 2nd ed., 1908 (as condensed in RULES.md §4)"),
    ramsch_skat=RamschSkat.TO_LAST_TRICK,
    notes=(N_("Ramsch: the Skat goes to the player taking the last trick, who loses a tie."),),
)

# Modern International Skat Order (ISkO / DSkV / ISPA). Every lost game counts double.
_ISKO_SUITS = (9, 10, 11, 12)
_ISKO_GAMES = (
    GameType("suit", N_("{suit}"), Family.SUIT, _ISKO_SUITS, _t(""), lost_factor=2, name_in_plural=True, abandonable=True),
    GameType(
        "suit-hand", N_("{suit} Hand"), Family.SUIT, _ISKO_SUITS, _t("hand", "solo"),
        lost_factor=2, announce=True, hand=True, name_in_plural=True, abandonable=True, method="solo",
    ),
    GameType(
        "suit-ouvert", N_("{suit} Ouvert"), Family.SUIT, _ISKO_SUITS, _t("ouvert", "ouvert hand"),
        lost_factor=2, implied=Announcement.SCHWARZ, hand=True, ouvert=True, name_in_plural=True, abandonable=True,
        method="solo",
    ),
    GameType("grand", N_("Grand"), Family.GRAND, (24,), _t("grand"), lost_factor=2, abandonable=True),
    GameType(
        "grand-hand", N_("Grand Hand"), Family.GRAND, (24,), _t("grand hand", "grand solo"),
        lost_factor=2, announce=True, hand=True, abandonable=True, method="solo",
    ),
    GameType(
        "grand-ouvert", N_("Grand Ouvert"), Family.GRAND, (24,), _t("grand ouvert", "grand ouvert hand"),
        lost_factor=2, implied=Announcement.SCHWARZ, hand=True, ouvert=True, abandonable=True, method="solo",
    ),
    GameType("null", N_("Null"), Family.NULL, (23,), _t("nullo"), lost_factor=2, abandonable=True),
    GameType("null-hand", N_("Null Hand"), Family.NULL, (35,), _t("nullo hand"), lost_factor=2, abandonable=True),
    GameType("null-ouvert", N_("Null Ouvert"), Family.NULL, (46,), _t("nullo ouvert"), lost_factor=2, abandonable=True),
    GameType(
        "null-ouvert-hand", N_("Null Ouvert Hand"), Family.NULL, (59,), _t("nullo ouvert hand"),
        lost_factor=2, abandonable=True,
    ),
)

ISKO = Rulebook(
    id="isko",
    name=N_("ISkO — International Skat Order (today's tournaments)"),
    title=N_("International Skat Order (ISkO)"),
    source=N_("International Skat Order as played today (DSkV/ISPA); Penguin Book of Card Games, Skat"),
    game_types=_ISKO_GAMES,
    multiplier_style=MultiplierStyle.ISKO,
    schneider_points=90,
    lowest_bid=18,
    all_passed="thrown in",
    kontra=True,
    schwarz_loses_skat=False,
    matadore_words=("with", "against"),
    notes=(
        N_("Every lost game counts double; an overbid game loses the least multiple of its base value that reaches the bid, doubled."),
        N_("All passed: the deal is thrown in (no Ramsch in tournaments). Kontra and Re double the score."),
    ),
)

RULEBOOKS: dict[str, Rulebook] = {rb.id: rb for rb in (FOSTER_1922, NASL_1908, MCCOLL_1908, ISKO)}
DEFAULT_RULEBOOK = FOSTER_1922.id

SHORT_NAMES: dict[str, Text] = {
    "foster-1922": pmsg("rulebook", "foster-1922"), "nasl-1908": pmsg("rulebook", "nasl-1908"),
    "mccoll-1908": pmsg("rulebook", "mccoll-1908"), "isko": pmsg("rulebook", "isko"),
}
"""A rulebook as a refusal names it: its id in English, as it is typed (``--rulebook isko``); in German its
short name ("19 ist nach ISkO kein Reizwert", not "nach isko")."""


def short_name(rulebook: Rulebook) -> Text | str:
    return SHORT_NAMES.get(rulebook.id, rulebook.id)


def game_label(name: str):
    """A game known only by its English name (a prize's figure), said in any language: its ``Game.label``; a name
    no rulebook has is returned as it is."""
    for rb in RULEBOOKS.values():
        game = rb.games_by_name.get(name)
        if game is not None:
            return game.label
    return name


def get_rulebook(rulebook: "str | Rulebook | None") -> Rulebook:
    """The rulebook by id (default foster-1922); a ``Rulebook`` is passed through."""
    if isinstance(rulebook, Rulebook):
        return rulebook
    if rulebook is None:
        return RULEBOOKS[DEFAULT_RULEBOOK]
    try:
        return RULEBOOKS[rulebook]
    except (KeyError, TypeError):
        raise InvalidDeal("rulebook", msg("unknown rulebook {rulebook!r}; use one of {ids}", rulebook=rulebook,
                                          ids=", ".join(RULEBOOKS))) from None
