"""Seating reads: what the director's pages and the printed cards show.

Vocabulary: see ``seating.models``. Each selector returns plain data built with a fixed, small number of
queries, whatever the size of the hall.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from seating.models import Seat, SitOut, Tournament


def tournament_has_scores(tournament: Tournament) -> bool:
    """Whether play has begun, so the seats must not change: the first score entered marks the tournament
    playing (scoring does it in the same transaction), and the director may mark it finished.

    Seating knows nothing of scores beyond that mark; the database backs it up: a table that holds any
    score, voided ones included, cannot be deleted (``on_delete=RESTRICT``), so a redraw is refused even
    for a tournament whose mark was lost (``seating.services``)."""
    return tournament.status in (Tournament.Status.PLAYING, Tournament.Status.FINISHED)


@dataclass(frozen=True)
class SeatRow:
    stay: int
    section: str
    table: int
    seat: int
    place: str
    pair: int | None
    player_id: int
    player: str
    club: str


def seating_rows(tournament: Tournament, *, stay: int | None = None) -> list[SeatRow]:
    """Every seat in the hall, stay by stay (fixed tables appear in stay 1: their players never move)."""
    seats = (Seat.objects.filter(tournament=tournament)
             .select_related("table__section", "player", "pair")
             .order_by("stay", "table__number", "seat"))
    if stay is not None:
        seats = seats.filter(stay=stay)
    return [
        SeatRow(s.stay, s.table.section.letter if s.table.section else "", s.table.number, s.seat,
                s.get_place_display() if s.place else "fixed", s.pair.number if s.pair else None,
                s.player_id, s.player.name, s.player.club)
        for s in seats
    ]


def stays_of(tournament: Tournament) -> list[int]:
    """The stays of the drawn seating, read as distinct values (not one row per seat)."""
    return list(Seat.objects.filter(tournament=tournament).order_by("stay").values_list("stay", flat=True).distinct())


def sit_outs_by_stay(tournament: Tournament) -> dict[int, list[str]]:
    out = defaultdict(list)
    for stay, name in SitOut.objects.filter(tournament=tournament).values_list("stay", "player__name"):
        out[stay].append(name)
    return dict(out)
