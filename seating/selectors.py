"""Seating reads: what the director's pages and the printed cards show.

Vocabulary: see ``seating.models``. Each selector returns plain data built with a fixed, small number of
queries, whatever the size of the hall.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Max
from django.utils import timezone

from clubs.selectors import can_search, members_matching, typed_text
from common.folding import contains_folded
from common.numbers import sent_number
from seating.models import Seat, Table, Tournament


def tournaments_of(club):
    """The tournaments of ``club`` (a Club, or None: none at all), the newest first: every list of tournaments a
    page shows starts here, so no page lists another club's."""
    if club is None:
        return Tournament.objects.none()
    return Tournament.objects.filter(club=club).order_by("-date", "-pk")


def tournament_has_scores(tournament: Tournament) -> bool:
    """Whether play has begun, so the seats must not change: the first score entered marks the tournament
    playing (scoring does it in the same transaction), and the director may mark it finished.

    Seating knows nothing of scores beyond that mark; the database backs it up: a table that holds any
    score, voided ones included, cannot be deleted (``on_delete=RESTRICT``), so a redraw is refused even
    for a tournament whose mark was lost (``seating.services``)."""
    return tournament.status in (Tournament.Status.PLAYING, Tournament.Status.FINISHED)


def event_played(tournament: Tournament, today=None) -> bool:
    """Whether the event has been played: its day is past, or it was finished (its last series closed)."""
    return tournament.date < (today or timezone.localdate()) or tournament.status == Tournament.Status.FINISHED


def series_held(tournament: Tournament) -> int:
    """The last series holding a score (0 before play): its seats and those of every series before it stand.

    Seating knows no scores, only that an app built on it holds on to a table that holds one: a table referred to
    with ``on_delete=RESTRICT`` (scoring's deals and slips, voided ones included) cannot be deleted, so it is read
    from those references, whichever app makes them."""
    last = 0
    for relation in Table._meta.related_objects:
        if relation.on_delete is models.RESTRICT:
            table = relation.field.name
            held = (relation.related_model._default_manager.filter(**{f"{table}__tournament": tournament})
                    .aggregate(last=Max(f"{table}__series"))["last"])
            last = max(last, held or 0)
    return last


def stays_of(tournament: Tournament, series: int = 1) -> list[int]:
    """The stays of a series' drawn seating, read as distinct values (not one row per seat)."""
    return list(Seat.objects.filter(tournament=tournament, series=series).order_by("stay")
                .values_list("stay", flat=True).distinct())


def drawn_series(tournament: Tournament) -> int:
    """The last series with a seating (0 before the first draw)."""
    return Table.objects.filter(tournament=tournament).aggregate(last=Max("series"))["last"] or 0


def series_shown(tournament: Tournament, asked: object) -> tuple[int, int]:
    """(the series a page shows, the last drawn): the one ``asked`` (a number, or its text from a query) if it is
    drawn, else the last drawn (1 before any draw)."""
    drawn = drawn_series(tournament)
    shown = sent_number(str(asked), drawn) if asked is not None else None
    return shown or max(drawn, 1), drawn


def start_numbers(tournament: Tournament) -> dict[int, int]:
    """Each player's number in the event (1, 2, ...: the order he was registered in): the stable number a public
    page calls him by when his name may not be published ("Player 17")."""
    from seating.models import Player

    ids = Player.objects.filter(tournament=tournament).order_by("pk").values_list("pk", flat=True)
    return {pk: number for number, pk in enumerate(ids, start=1)}


def public_names(tournament: Tournament) -> dict[int, tuple[str, str]]:
    """Each player's (name, club) as a public page shows them: a registry member who has not agreed to publication
    (``Member.public`` off) is "Player 17" (his start number), without a club, in the active language."""
    from django.utils.translation import gettext

    from seating.models import Player

    numbers = start_numbers(tournament)
    names = {}
    for pk, name, club, agreed in (Player.objects.filter(tournament=tournament)
                                   .values_list("pk", "name", "club", "member__public")):
        if agreed is False:  # None: no registry entry, a name typed for this event and published with it
            names[pk] = (gettext("Player {number}").format(number=numbers[pk]), "")
        else:
            names[pk] = (name, club)
    return names


def previous_evening(tournament: Tournament) -> Tournament | None:
    """The club's evening before ``tournament`` (made before it; the newest by date), or None."""
    return tournaments_of(tournament.club).filter(pk__lt=tournament.pk).first()


def roll_call(tournament: Tournament) -> tuple[Tournament | None, list, int]:
    """(the evening before, its members not yet registered in ``tournament`` (a ``Member`` each, by name),
    how many of its players were typed in without the registry)."""
    before = previous_evening(tournament)
    if before is None:
        return None, [], 0
    here = set(tournament.players.exclude(member=None).values_list("member_id", flat=True))
    players = list(before.players.select_related("member").order_by("name"))
    members = [p.member for p in players if p.member is not None and p.member_id not in here]
    return before, members, sum(1 for p in players if p.member is None)


def members_found(tournament: Tournament, typed) -> dict:
    """What a member picker shows for ``typed``: ``pick`` (the text searched), ``pick_searched`` (whether it was
    enough to search) and ``found``, the tournament's club's members matching it, none of them registered yet."""
    pick = typed_text(typed)
    return {"pick": pick, "pick_searched": can_search(pick),
            "found": members_matching(tournament.club_id, pick, not_in_tournament=tournament.pk)}


def players_named(tournament: Tournament, text: str) -> list[int]:
    """The ids of the tournament's players whose name or club contains ``text``, folded (``common.folding``: the
    database's own search ignores case for ASCII letters only on SQLite), from one read of the players."""
    return [pk for pk, name, club in tournament.players.values_list("pk", "name", "club")
            if contains_folded(text, name, club)]
