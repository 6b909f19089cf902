"""A seat's figures of one series cut at a deal: the deals before it and the deals from it on, each summed as the
series' standings sum the whole, so that a seat two people held in one series (a league's substitute coming in
at a deal) gives each his own part.

Vocabulary:
    cut      (event, series, player, deal): the player holding the seat in that series (its ``Seat`` rows) and the
             deal number from which another played in it; deal numbers count through the series at his table.
    part     a ``SeriesTotal`` of his deals before the cut (``before``) or from the cut on (``after``): the deals
             played at his table in that part and the total the event's scoring system gives them. Every system
             sums deal by deal, so the two parts add up to his row of the series' standings; a table entered by
             paper list has no deals to cut (both parts are nothing then, and the caller keeps the whole row).
"""

from __future__ import annotations

from collections.abc import Iterable

from scoring.models import Deal
from scoring.results.series_totals import SeriesTotal
from scoring.results.tournament import SEAT_ORDER
from scoring.standings import DealRecord, ScoringSystem, standings_from_records
from scoring.tournaments.selectors import scoring_settings
from seating.models import Seat, Tournament

Cut = tuple[int, int, int, int]  # (event id, series, player id, first deal of the other player)


def cut_series_totals(cuts: Iterable[Cut]) -> dict[Cut, tuple[SeriesTotal, SeriesTotal]]:
    """Each cut's two parts (``before``, ``after``), read with three queries whatever the number of cuts (none
    without a cut)."""
    cuts = list(cuts)
    if not cuts:
        return {}
    events = Tournament.objects.filter(pk__in={cut[0] for cut in cuts}).select_related("scoring").in_bulk()
    tables: dict[tuple[int, int, int], set[int]] = {}  # (event, series, player) → his tables there
    for tournament_id, series, player, table_id in Seat.objects.filter(
            tournament__in=list(events), series__in={cut[1] for cut in cuts}, player__in={cut[2] for cut in cuts}) \
            .order_by().values_list("tournament_id", "series", "player_id", "table_id"):
        tables.setdefault((tournament_id, series, player), set()).add(table_id)
    wanted = set().union(*tables.values()) if tables else set()
    seated: dict[tuple[int, int], list[int]] = {}
    for table_id, stay, player in Seat.objects.filter(table__in=wanted).order_by(*SEAT_ORDER) \
            .values_list("table_id", "stay", "player_id"):
        seated.setdefault((table_id, stay), []).append(player)
    records: dict[int, list[DealRecord]] = {}
    for table_id, stay, number, player, kind, score, won, voided in Deal.objects.filter(table__in=wanted) \
            .order_by("table_id", "number").values_list("table_id", "stay", "number", "player_id", "kind", "score",
                                                        "won", "voided"):
        at = seated.get((table_id, stay)) or seated.get((table_id, 1), [])  # a fixed table keeps stay 1's seats
        records.setdefault(table_id, []).append(DealRecord(table_id, stay, number, tuple(at), player, kind, score,
                                                           won, voided=voided))
    parts = {}
    for cut in cuts:
        tournament_id, series, player, deal = cut
        settings = scoring_settings(events[tournament_id])
        system = ScoringSystem(settings.system)
        mine = [r for table in sorted(tables.get((tournament_id, series, player), ())) for r in records.get(table, [])]
        halves = ([r for r in mine if r.number < deal], [r for r in mine if r.number >= deal])
        parts[cut] = tuple(_part(half, player, system, settings.ramsch_counts_as_game) for half in halves)
    return parts


def _part(records: list[DealRecord], player: int, system: ScoringSystem, ramsch_counts_as_game: bool) -> SeriesTotal:
    standing = standings_from_records(records, system, players=[player],
                                      ramsch_counts_as_game=ramsch_counts_as_game)[player]
    return SeriesTotal(player, standing.total(system), standing.deals_played)
