"""A second, independent valuation of trump and null games, written from docs/RULES.md.

It imports nothing from ``scoring.engine``: the games are typed in again from the rulebooks' tables
(RULES.md §2-§5; where RULES.md is silent, the book it condenses, as noted on the row), and the rules
are spelled out plainly below, one function per rule. The test that uses it
(``test_oracle.py``) draws random legal deals and asks the engine and this oracle the same question.

A deal is a dict with the engine's field names: game (a phrase the engine understands), matadores
(signed: +N "with", -N "without"), announced (None, "schneider", "schwarz"), and either points and
tricks, or result ("won"/"lost") with schneider/schwarz flags, or abandoned; bid, kontra, re.
"""

from dataclasses import dataclass

SUITS = ("diamond", "heart", "spade", "club")
ISKO_SUITS = ("diamonds", "hearts", "spades", "clubs")

# --- the games ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    phrase: str  # how the engine is told the game
    kind: str  # "suit", "grand" or "null"
    unit: int  # unit value (for a null game, its whole value)
    lost_double: bool = False  # the loss counts double
    announce: bool = False  # schneider / schwarz may be announced (games played without the Skat)
    open: bool = False  # schwarz announced by its nature (Open Grand, Grand Ouvert, ISkO ouvert)
    hand: bool = False  # ISkO: one multiplier for playing from the hand
    least_with: int = 0  # the game needs "with" at least this many (0: with or without, from 1)
    abandon: bool = False  # may be given up before play (Foster law 44; League: games with the Skat; ISkO)
    tournament: bool = True  # its values are bids (Simple / Call Play are barred in tournaments)

    @property
    def most_matadores(self) -> int:
        return {"suit": 11, "grand": 4, "null": 0}[self.kind]

    def matadore_counts(self) -> list[int]:
        """Every signed matadore count the game can have (RULES.md §1: suit 1..11, grand 1..4)."""
        if self.kind == "null":
            return [0]
        if self.least_with:
            return list(range(self.least_with, self.most_matadores + 1))
        counts = range(1, self.most_matadores + 1)
        return [n for n in counts] + [-n for n in counts]


def _suits(phrase: str, units, **kw) -> list[Game]:
    return [Game(phrase.format(suit=s), "suit", u, **kw) for s, u in zip(SUITS, units)]


# RULES.md §2, Foster 1922, law 1 and the chapters.
FOSTER = [
    *_suits("{suit} simple", (1, 2, 3, 4), tournament=False),
    *_suits("{suit} tournee", (5, 6, 7, 8), abandon=True),  # law 44: a Tournee may be abandoned
    *_suits("{suit} passt-mir-nicht", (5, 6, 7, 8), lost_double=True, abandon=True),  # a Tournee too
    Game("tournee grand", "grand", 12),
    Game("passt-mir-nicht grand", "grand", 12, lost_double=True),  # "double if it was the 2nd card"
    Game("gucki grand", "grand", 12, lost_double=True),
    *_suits("{suit} solo", (9, 10, 11, 12), announce=True),
    Game("solo grand", "grand", 16, announce=True),
    # RULES.md §2 writes "Open Grand = 24 × (5 + matadores): 144..216"; the book (Foster L2200) says "no
    # Open Grand is possible without the two best Jacks ... the lowest value of any Open Grand must be
    # 7 × 24 = 168". We follow the book: "with" 2 to 4.
    Game("open grand", "grand", 24, open=True, least_with=2),
    Game("nullo", "null", 20),
    Game("open nullo", "null", 40),
    Game("tournee nullo", "null", 10),
    Game("passt-mir-nicht nullo", "null", 10, lost_double=True),  # RULES.md: "double if 2nd card"
    # Not in RULES.md's table; Foster L2886: Gucki Nullo "is still 20, but if lost, it counts double".
    Game("gucki nullo", "null", 20, lost_double=True),
    Game("revolution", "null", 60),
]


def _replace(games: list[Game], drop: tuple[str, ...], *new: Game) -> list[Game]:
    """A book written as Foster's table with some rows replaced (same phrase dropped, new ones added)."""
    return [g for g in games if g.phrase not in drop] + list(new)


# RULES.md §3, the League 1908: values adopted June 1908. "In games with the Skat the player may throw
# up before the second trick is led" (here: the trump games with the Skat).
NASL = [
    *[g for g in FOSTER if g.phrase in ("nullo", "open nullo", "revolution")],
    *_suits("{suit} call play", (1, 2, 3, 4), tournament=False, abandon=True),
    *_suits("{suit} tournee", (5, 6, 7, 8), abandon=True),
    *_suits("{suit} passt-mir-nicht", (5, 6, 7, 8), lost_double=True, abandon=True),
    Game("tournee grand", "grand", 12, abandon=True),
    Game("passt-mir-nicht grand", "grand", 12, lost_double=True, abandon=True),
    Game("guckser grand", "grand", 16, lost_double=True, abandon=True),  # "Guckser Grand 16 (lost 32)"
    *_suits("{suit} solo", (9, 10, 11, 12), announce=True),
    Game("grand solo", "grand", 20, announce=True),
    # RULES.md §3 gives no range; §1: Grands 1..4. The League's book (nasl L4372-4382): "Grand Ouvert can
    # also be played with less than four Jacks ... with the two black Jacks only ... with one, having
    # the Jack of Clubs and not the Spade, he must also hold the two red Jacks".
    Game("grand ouvert", "grand", 24, open=True),
    # RULES.md §3 names the "exceptional games" without values; the book (nasl L5203-5217): Guckser Nullo
    # 20, lost double; Nullo Tourne "the single value of winning or losing this game is 16".
    Game("guckser nullo", "null", 20, lost_double=True),
    Game("nullo tourne", "null", 16),
]

# RULES.md §4, McColl 1908: Foster's values with these rows.
MCCOLL = _replace(
    FOSTER,
    ("gucki grand", "solo grand", "open grand", "gucki nullo", "tournee grand", "open nullo"),
    Game("grand tourne", "grand", 12),
    Game("grand solo", "grand", 16, announce=True),
    Game("grand guckser", "grand", 12, lost_double=True),  # won 12 / lost 24
    Game("grand ouvert", "grand", 24, open=True),  # "lowest bid 144, highest 216": 6 × 24 .. 9 × 24
    Game("guckser nullo", "null", 16, lost_double=True),  # won 16 / lost 32
    Game("null ouvert", "null", 40),
)

# RULES.md §5, ISkO. Every lost game counts double. The declarer may concede before the first trick
# (modern rules: "concede a game in spades worth 22 losing 44").
ISKO = [
    *[Game(s, "suit", u, lost_double=True, abandon=True) for s, u in zip(ISKO_SUITS, (9, 10, 11, 12))],
    *[Game(f"{s} hand", "suit", u, lost_double=True, announce=True, hand=True, abandon=True)
      for s, u in zip(ISKO_SUITS, (9, 10, 11, 12))],
    *[Game(f"{s} ouvert", "suit", u, lost_double=True, open=True, hand=True, abandon=True)
      for s, u in zip(ISKO_SUITS, (9, 10, 11, 12))],
    Game("grand", "grand", 24, lost_double=True, abandon=True),
    Game("grand hand", "grand", 24, lost_double=True, announce=True, hand=True, abandon=True),
    Game("grand ouvert", "grand", 24, lost_double=True, open=True, hand=True, abandon=True),
    Game("null", "null", 23, lost_double=True, abandon=True),
    Game("null hand", "null", 35, lost_double=True, abandon=True),
    Game("null ouvert", "null", 46, lost_double=True, abandon=True),
    Game("null ouvert hand", "null", 59, lost_double=True, abandon=True),
]


@dataclass(frozen=True)
class Book:
    id: str
    games: list
    modern: bool  # ISkO counting (one multiplier per item) instead of Foster's law 2 (one level figure)
    schneider_at: int  # the player makes schneider with this many card points (91; ISkO 90)
    lowest_bid: int
    kontra: bool
    schwarz_loses_skat: bool  # a player who took no trick has 0 card points (Foster p. 86; the League)


BOOKS = {
    "foster-1922": Book("foster-1922", FOSTER, False, 91, 10, False, True),
    "nasl-1908": Book("nasl-1908", NASL, False, 91, 10, False, True),
    "mccoll-1908": Book("mccoll-1908", MCCOLL, False, 91, 10, False, True),
    "isko": Book("isko", ISKO, True, 90, 18, True, False),
}

GAME_POINTS = 61  # the player wins a trump game with 61 (60 loses)
SCHNEIDERED_AT = 30  # the player is himself schneidered with 30 or fewer
CARDS = [11] * 4 + [10] * 4 + [4] * 4 + [3] * 4 + [2] * 4 + [0] * 12  # A, 10, K, Q, J, 9 8 7


def points_between(tricks: int, book: Book) -> tuple[int, int]:
    """The player's possible card points, Skat included, with ``tricks`` tricks: 3 cards a trick + 2."""
    if tricks == 0 and book.schwarz_loses_skat:
        return 0, 0
    cards = 3 * tricks + 2
    high = sorted(CARDS, reverse=True)
    return 120 - sum(high[: 32 - cards]), sum(high[:cards])


# --- the valuation -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    won: bool
    value: int
    score: int
    multipliers: int | None
    overbid: bool


def value(book_id: str, game: Game, deal: dict) -> Outcome:
    book = BOOKS[book_id]
    if game.kind == "null":
        return _null(book, game, deal)
    return _trump(book, game, deal)


def _null(book: Book, game: Game, deal: dict) -> Outcome:
    """A null game has one fixed value; the player wins if he takes no trick."""
    if deal.get("abandoned"):
        won = False
    elif deal.get("tricks") is not None:
        won = deal["tricks"] == 0
    else:
        won = deal["result"] == "won"
    return _settle(book, game, won, game.unit, None, deal)


def _trump(book: Book, game: Game, deal: dict) -> Outcome:
    # What he undertook: an open game is schwarz announced by its nature.
    announced = "schwarz" if game.open else deal.get("announced")
    # What happened.
    made_61 = made_schneider = made_schwarz = schneidered = schwarzed = False
    if deal.get("abandoned"):
        pass  # lost as a plain game: "never schneider" (law 44)
    elif deal.get("tricks") is not None:
        points, tricks = deal["points"], deal["tricks"]
        made_61 = points >= GAME_POINTS
        made_schneider = points >= book.schneider_at
        made_schwarz = tricks == 10
        schneidered = points <= SCHNEIDERED_AT
        schwarzed = tricks == 0
    elif deal["result"] == "won":  # a paper sheet: won, with what was made (at least what he undertook)
        made_61 = True
        made_schwarz = deal.get("schwarz", False) or announced == "schwarz"
        made_schneider = deal.get("schneider", False) or made_schwarz or announced == "schneider"
    else:  # a paper sheet: lost, with what the adversaries did to him
        schwarzed = deal.get("schwarz", False)
        schneidered = deal.get("schneider", False) or schwarzed
    # Won: 61, and an announcement made good (schneider: 91 / ISkO 90; schwarz: every trick).
    won = made_61 and {None: True, "schneider": made_schneider, "schwarz": made_schwarz}[announced]
    if book.modern:
        level = _isko_level(game, announced, won, made_schneider, made_schwarz, schneidered, schwarzed)
    else:
        level = _law2_level(announced, won, made_schneider, made_schwarz, schneidered, schwarzed)
    multipliers = level + abs(deal["matadores"])
    return _settle(book, game, won, game.unit * multipliers, multipliers, deal)


def _law2_level(announced, won, made_schneider, made_schwarz, schneidered, schwarzed) -> int:
    """Foster law 2: 1 game; 2 schneider; 3 schneider announced, or schwarz unannounced; 4 schwarz after
    announcing schneider; 5 schwarz announced. Lost (laws 57, 60): the higher of what he announced and
    what was done to him (1 plain, 2 schneidered, 3 made schwarz)."""
    if won:
        if announced == "schwarz":
            return 5
        if announced == "schneider":
            return 4 if made_schwarz else 3
        return 3 if made_schwarz else 2 if made_schneider else 1
    by_announcement = {None: 1, "schneider": 3, "schwarz": 5}[announced]
    done_to_him = 3 if schwarzed else 2 if schneidered else 1
    if announced == "schneider" and schwarzed:
        return 4  # RULES.md ruling: schneider announced and the player made schwarz -> level 4
    return max(by_announcement, done_to_him)


def _isko_level(game, announced, won, made_schneider, made_schwarz, schneidered, schwarzed) -> int:
    """ISkO: one each for game, hand, schneider, schneider announced, schwarz, schwarz announced, ouvert.
    Ouvert implies schwarz announced; schwarz announced implies schneider announced (the examples:
    clubs ouvert with 2 = (2 + 7) × 12). A lost game counts what it announced, and schneider / schwarz
    done to the player."""
    schneider_announced = announced in ("schneider", "schwarz")
    schwarz_announced = announced == "schwarz"
    if won:
        schneider = made_schneider or schneider_announced
        schwarz = made_schwarz or schwarz_announced
    else:
        schneider = schneidered or schneider_announced
        schwarz = schwarzed or schwarz_announced
    items = [True, game.hand, schneider, schneider_announced, schwarz, schwarz_announced, game.open]
    return sum(items)


def _settle(book: Book, game: Game, won: bool, worth: int, multipliers, deal: dict) -> Outcome:
    """Overbid (law 61; ISkO alike): a game worth less than the bid is lost, and loses the smallest
    multiple of its unit that reaches the bid, or its own loss if more. Double-loss games double the
    final loss; Kontra doubles the score, Re doubles it again."""
    bid = deal.get("bid")
    overbid = bid is not None and worth < bid
    kontra = 4 if deal.get("re") else 2 if deal.get("kontra") else 1
    if won and not overbid:
        return Outcome(True, worth, worth * kontra, multipliers, False)
    loss = worth
    if overbid:
        loss = max(loss, -(-bid // game.unit) * game.unit)
    if game.lost_double:
        loss *= 2
    return Outcome(False, worth, -loss * kontra, multipliers, overbid)


# --- the bids ----------------------------------------------------------------------------------------


def won_values(book_id: str, game: Game) -> set[int]:
    """Every value the game can win: the unit times each level it can win, plus each matadore count."""
    book = BOOKS[book_id]
    if game.kind == "null":
        return {game.unit}
    levels = set()
    announcements = ["schwarz"] if game.open else [None, "schneider", "schwarz"] if game.announce else [None]
    for announced in announcements:
        for schneider, schwarz in ((False, False), (True, False), (True, True)):
            if announced == "schneider" and not schneider or announced == "schwarz" and not schwarz:
                continue
            if book.modern:
                levels.add(_isko_level(game, announced, True, schneider, schwarz, False, False))
            else:
                levels.add(_law2_level(announced, True, schneider, schwarz, False, False))
    return {game.unit * (level + abs(m)) for level in levels for m in game.matadore_counts()}


def bids(book_id: str) -> list[int]:
    """The legal bids: the won values of the games a tournament allows, from the lowest bid up."""
    book = BOOKS[book_id]
    values = set().union(*(won_values(book_id, g) for g in book.games if g.tournament))
    return sorted(v for v in values if v >= book.lowest_bid)
