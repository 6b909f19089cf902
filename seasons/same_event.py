"""One event counted once in an association's season: a club's evening added to the season and a results file of
that same event (``seasons.results_files``) would count its players' results twice, so the season takes only the
one that came first; the other is refused by ``season_submit`` or ``season_add``.

Vocabulary:
    the same event  an evening and a current (not replaced) results file of one season with the same club, date
                    and name, as a file replacing a file is found: names compared folded with their spaces tidied
                    (" abend  3 " is "Abend 3"); the file's club, free text, is the evening's club when it is that
                    club's name or its short name (slug).
"""

from __future__ import annotations

import datetime
from typing import NamedTuple

from common.folding import folded
from seasons.models import Season, SubmittedEvent
from seating.models import Tournament


def tidied(text: str) -> str:
    """``text`` as an event's name or club is compared: its spaces tidied, folded."""
    return folded(" ".join((text or "").split()))


class ClubEvening(NamedTuple):
    """A club's evening as the comparison reads it."""

    pk: int
    name: str
    date: datetime.date
    club_name: str
    club_slug: str

    def is_event(self, *, club: str, date: datetime.date, name: str) -> bool:
        """Whether a results file's event (its club, date and name) is this evening."""
        return (self.date == date and tidied(self.name) == tidied(name)
                and tidied(club) in (tidied(self.club_name), tidied(self.club_slug)))


def _evenings(tournaments) -> list[ClubEvening]:
    return [ClubEvening._make(row) for row in tournaments.order_by("date", "pk").values_list(
        "pk", "name", "date", "club__name", "club__slug")]


def season_evening_of_file(season: Season, *, club: str, date: datetime.date, name: str) -> ClubEvening | None:
    """The season's club evening that is the same event as a results file of ``club``, ``date`` and ``name``."""
    evenings = _evenings(Tournament.objects.filter(season_events__season=season, date=date))
    return next((e for e in evenings if e.is_event(club=club, date=date, name=name)), None)


def season_file_of_evenings(season: Season, tournament_ids: list[int]
                            ) -> tuple[ClubEvening, SubmittedEvent] | None:
    """The first of the evenings ``tournament_ids`` that is the same event as one of the season's current results
    files, with that file; None when none is."""
    if not tournament_ids:
        return None
    evenings = _evenings(Tournament.objects.filter(pk__in=tournament_ids))
    files = list(SubmittedEvent.objects.filter(season=season, replaced_at__isnull=True,
                                               date__in={e.date for e in evenings}).order_by("date", "id"))
    return next(((evening, file) for evening in evenings for file in files
                 if evening.is_event(club=file.club_name, date=file.date, name=file.name)), None)
