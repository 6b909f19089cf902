"""The value of one deal: what the controller enters (``DealFacts``), where it stands on the sheet (``Slot``), and
what the rules engine makes of it (``Valuation``), ready to show before saving or to write onto the deal's row.

Vocabulary:
    facts       what the controller enters for one deal, as the books speak of it.
    slot        a deal's place on the sheet: its number through the session at the table, its stay, its number
                within the stay, the dealer and the three active players (V, M, H).
    valuation   the engine's answer for the facts at their slot: who the score counts for (the declarer, or the
                loser of a Ramsch), won or lost, the value and the score, and the words that explain it.
Nothing here reads or writes the database: the slot is read by the sheet (``scoring.entry.sheets.deal_slot``),
the valued deal written by the table's services (``scoring.entry.services``) or an import.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from django.utils.translation import gettext

from scoring.engine import Deal as EngineDeal
from scoring.engine import InvalidDeal, RamschFacts, check_written, find_game, get_rulebook, score
from scoring.engine.columns import column_of
from scoring.models import Deal
from scoring.results.errors import EntryError
from scoring.tournaments.selectors import rulebook_of
from seating.models import Tournament


@dataclass(frozen=True)
class SeatedPlayer:
    seat: int
    player_id: int
    name: str


@dataclass(frozen=True)
class Slot:
    number: int
    stay: int
    deal_in_stay: int
    players: tuple[SeatedPlayer, ...]
    dealer: SeatedPlayer
    active: tuple[SeatedPlayer, SeatedPlayer, SeatedPlayer]  # V, M, H

    def seat_letter(self, player_id: int) -> str | None:
        for letter, seated in zip("VMH", self.active):
            if seated.player_id == player_id:
                return letter
        return None



@dataclass(frozen=True)
class DealFacts:
    """What the controller enters for one deal, as the books speak of it."""

    kind: str = Deal.Kind.GAME
    declarer_id: int | None = None
    game: str = ""
    matadores: int | None = None
    announced: str = ""
    bid: int | None = None
    points: int | None = None
    tricks: int | None = None
    hand: bool = False
    ouvert: bool = False
    abandoned: bool = False
    kontra: bool = False
    re: bool = False
    result: str = ""
    schneider: bool = False
    schwarz: bool = False
    ramsch_points: tuple[int, int, int] | None = None
    ramsch_tricks: tuple[int, int, int] | None = None
    ramsch_last_trick: str = ""
    written_value: int | None = None
    # engine fields that come back to the form under another name
    FIELD_OF_ENGINE = {"ramsch.points": "ramsch_points", "ramsch.tricks": "ramsch_tricks",
                       "ramsch.last_trick": "ramsch_last_trick", "ramsch.trick_winners": "ramsch_last_trick",
                       "written": "written_value", "deal": None, "rulebook": None}


@dataclass(frozen=True)
class Valuation:
    """The engine's answer for a deal at its slot, ready to show before saving or to store."""

    player_id: int | None
    won: bool | None
    value: int | None
    score: int
    multipliers: int | None
    matadores_without: int
    overbid: bool
    explanation: str
    remark: str
    written_check: str = ""
    game_name: str = ""
    method: str = ""
    suit_rank: int = 0

    @property
    def column(self) -> str | None:
        """"won", "lost", or None (a deal thrown in): where the score goes (``scoring.engine.columns``)."""
        return column_of(self.score)


def deal_value(*, tournament: Tournament, slot: Slot, facts: DealFacts) -> Valuation:
    """Value a deal at its slot with the tournament's rulebook; ``EntryError`` names the field to correct."""
    rulebook = get_rulebook(rulebook_of(tournament))
    if facts.kind == Deal.Kind.THROWN_IN:
        if rulebook.all_passed != "thrown in":
            raise EntryError("kind", gettext("under {rulebook} a deal where all pass is played as Ramsch, not thrown "
                                             "in").format(rulebook=rulebook.id))
        return Valuation(None, None, None, 0, None, 0, False, "All passed: the deal is thrown in, no score.", "")
    if facts.kind == Deal.Kind.RAMSCH:
        engine_deal = EngineDeal(game="ramsch", ramsch=RamschFacts(
            tuple(facts.ramsch_points or ()), tuple(facts.ramsch_tricks or ()), facts.ramsch_last_trick or None))
        if facts.ramsch_points is None or facts.ramsch_tricks is None:
            raise EntryError("ramsch_points", gettext("give the card points and tricks of V, M and H"))
    else:
        if facts.declarer_id is None:
            raise EntryError("declarer_id", gettext("who played? pick the player, or choose all passed"))
        if slot.seat_letter(facts.declarer_id) is None:
            names = ", ".join(f"{letter} {p.name}" for letter, p in zip("VMH", slot.active))
            raise EntryError("declarer_id", gettext("only the three who hold cards in deal {number} can play: "
                                                    "{names}").format(number=slot.number, names=names))
        engine_deal = EngineDeal(
            game=facts.game, matadores=facts.matadores, announced=facts.announced or None, bid=facts.bid,
            points=facts.points, tricks=facts.tricks, hand=facts.hand, ouvert=facts.ouvert,
            abandoned=facts.abandoned, kontra=facts.kontra, re=facts.re, result=facts.result or None,
            schneider=facts.schneider, schwarz=facts.schwarz)
    try:
        result = score(engine_deal, rulebook)
    except InvalidDeal as refused:
        raise EntryError(DealFacts.FIELD_OF_ENGINE.get(refused.field, refused.field), refused.message) from None
    written = ""
    if facts.written_value is not None:
        check = check_written(result, facts.written_value)
        if not check.ok:
            raise EntryError("written_value", check.message)
        written = check.message
    if result.loser is not None:
        player_id = slot.active["VMH".index(result.loser)].player_id
    else:
        player_id = facts.declarer_id
    without = -result.matadores if result.won and result.matadores and result.matadores < 0 else 0
    game = find_game(rulebook, engine_deal.game, hand=engine_deal.hand, ouvert=engine_deal.ouvert)
    return Valuation(player_id, result.won, result.value, result.score, result.multipliers, without,
                     result.overbid, result.explanation, result.remark or "", written, game.name,
                     game.method, game.suit_rank)


def fill_deal(deal: Deal, slot: Slot, facts: DealFacts, valuation: Valuation) -> None:
    """Write the facts and the engine's valuation onto a deal row (entry, correction and import alike)."""
    data = asdict(facts)
    data.pop("FIELD_OF_ENGINE", None)
    for name, value in data.items():
        if name in ("ramsch_points", "ramsch_tricks"):
            value = list(value) if value is not None else None
        setattr(deal, name, value)
    deal.stay = slot.stay
    deal.dealer_id = slot.dealer.player_id
    deal.player_id = valuation.player_id
    deal.won = valuation.won
    deal.value = valuation.value
    deal.score = valuation.score
    deal.multipliers = valuation.multipliers
    deal.matadores_without = valuation.matadores_without
    deal.overbid = valuation.overbid
    deal.explanation = valuation.explanation
    deal.remark = valuation.remark
    deal.game_name = valuation.game_name
    deal.method = valuation.method
    deal.suit_rank = valuation.suit_rank
