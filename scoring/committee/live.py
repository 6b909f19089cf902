"""The live board: what the projector in the hall shows, a page at a time.

Vocabulary:
    board      one screenful of the live page: a view (``show``) of the results, one page of its rows, and the
               page the projector turns to next.
    show       what the board shows: ``standings`` (the whole event: rank, name, club, total, games won and
               lost), ``series`` (the same for the series being played, when the event has several), ``teams``
               (rank, team, total, games; when the event has teams), ``prizes`` (place, prize, winner, figure)
               or ``season`` (the table of the season the event belongs to: rank, public name, series played,
               total, average, ranked; offered by the seasons through ``scoring.offered_boards``, and only when the event
               belongs to a season anyone may read, or to the committee).
    between    ``between=season`` in the address: while no series is being played (``between_series``: the last
               drawn series not started or closed), the board turns from the standings' last page to the
               season's table and from its last page back; while a series is played it shows the standings.
    page       a slice of ``rows`` lines; the projector turns the pages by itself, every ``seconds``, and
               fetches the results afresh with each page, so new deals appear without a reload.
    settings   the projector's choices come in the address (``?show=prizes&rows=20&seconds=10``), so a
               director sets a projector up once by its bookmark; values out of range are brought into range,
               never refused: a projector has nobody to read a refusal.
    lang       the board's language: the tournament's print language, unless the address names another
               (``?lang=de``) for this one screen; a projector has no browser settings a director can reach,
               so the choice is kept in the address and every refresh carries it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from django.conf import settings as django_settings
from django.utils.translation import gettext_lazy, ngettext

from common.i18n import say
from common.projector import BoardPage, page_count, page_of, paging_from_query, paging_query
from scoring.offered_boards import OfferedBoard, boards_of
from scoring.results import Results, tournament_results
from scoring.series.clock.reading import ClockReading, between_series
from scoring.standings.events import Team, rank_teams
from seating.models import Tournament
from seating.selectors import drawn_series, public_names

SHOWS = {"standings": gettext_lazy("Standings"), "series": gettext_lazy("This series"), "teams": gettext_lazy("Teams"),
         "prizes": gettext_lazy("Prizes"), "season": gettext_lazy("Season table")}
BETWEEN = "season"  # the one thing the board may alternate with the standings between series
ROWS = (15, 5, 60)  # default, least, most lines a page
SECONDS = (12, 5, 300)  # default, least, most seconds a page stays up


@dataclass(frozen=True)
class BoardSettings:
    show: str = "standings"
    page: int = 1
    rows: int = ROWS[0]
    seconds: int = SECONDS[0]
    lang: str = ""  # a language code of settings.LANGUAGES, or empty: the tournament's print language
    between: str = ""  # BETWEEN: alternate the standings with the season's table between series; or empty

    @classmethod
    def from_query(cls, query: Mapping[str, str]) -> BoardSettings:
        """The settings in a page address; anything missing, unknown or out of range falls back or is clamped."""
        show = query.get("show", "standings")
        between = query.get("between", "")
        return cls(show=show if show in SHOWS else "standings", between=between if between == BETWEEN else "",
                   **paging_from_query(query, rows=ROWS, seconds=SECONDS, languages=dict(django_settings.LANGUAGES)))

    def language(self, tournament: Tournament) -> str:
        """The language the board speaks: the one in the address, else the tournament's print language."""
        return self.lang or tournament.language

    def query(self, **changes) -> str:
        """The address query of these settings with ``changes``: the next page's, or another view's; a language
        named in the address stays in it."""
        values = {"show": self.show, "page": self.page, "rows": self.rows, "seconds": self.seconds,
                  "between": self.between, **changes}
        if not values["between"]:  # an address without the choice stays as it always was
            del values["between"]
        return paging_query(values, self.lang)


@dataclass(frozen=True)
class Board(BoardPage):
    settings: BoardSettings
    total_lines: int
    then: str = ""  # the view the projector turns to after the last page (alternating between series); or none

    @property
    def next_query(self) -> str:
        if self.then and self.page == self.pages:
            return self.settings.query(show=self.then, page=1)
        return super().next_query

    def view_query(self, show: str) -> str:
        return self.settings.query(show=show, page=1)

    @property
    def between_query(self) -> str:
        """The address with the alternation between series turned on, or off when it is on."""
        return self.settings.query(between="" if self.settings.between else BETWEEN, page=1)


def offered_season(tournament: Tournament, committee: Callable[[], bool]) -> OfferedBoard | None:
    """The season table the board may show: the first season of the event anyone may read (when ``committee()``
    says the viewer is of the committee: any season of the event; asked only then, as it costs queries); None when
    the event belongs to none."""
    return next((board for board in boards_of(tournament) if board.public or committee()), None)


def live_shows(tournament: Tournament, season: OfferedBoard | None = None) -> dict[str, str]:
    """The views this event offers: the current series only with several series, teams only when it has some,
    the season's table (under the season's name) only when it belongs to one."""
    shows = dict(SHOWS)
    if season is None:
        del shows["season"]
    else:
        shows["season"] = season.name
    if tournament.series_count < 2:
        del shows["series"]
    if not tournament.teams.exists():
        del shows["teams"]
    return shows


def live_results(tournament: Tournament, settings: BoardSettings, season: OfferedBoard | None = None,
                 clock: ClockReading | None = None) -> tuple[Results, BoardSettings]:
    """The results the board shows (the current series' for ``series``, else the whole event's), and the settings
    with a view the event does not offer replaced by the standings; the season's table too, when it was only
    shown between series and a series is being played now."""
    if settings.show not in live_shows(tournament, season):
        settings = replace(settings, show="standings")
    if settings.show == "season" and settings.between and not between_series(clock):
        settings = replace(settings, show="standings")
    series = drawn_series(tournament) if settings.show == "series" else None
    return tournament_results(tournament, series or None, prizes=settings.show == "prizes"), settings


def live_board(results: Results, settings: BoardSettings, season: OfferedBoard | None = None,
               clock: ClockReading | None = None) -> Board:
    """One page of the chosen view; a page past the last (the results shrank) shows the first. Alternating
    between series, the standings' last page turns to the season's table and its last page back."""
    if settings.show == "season":
        lines = season.lines()
    elif settings.show == "prizes":
        lines = _prize_lines(results)
    elif settings.show == "teams":
        lines = _team_lines(results)
    else:  # the one long list: only the page's own lines are built
        lines = results.ranked()
    pages = page_count(len(lines), settings.rows)
    page = settings.page if settings.page <= pages else 1
    shown = page_of(lines, page, settings.rows)
    if settings.show in ("standings", "series"):
        shown = _standings_lines(results, shown)
    then = ""
    if settings.between and season is not None and between_series(clock):
        then = {"standings": "season", "season": "standings"}.get(settings.show, "")
    return Board(settings, shown, page, pages, len(lines), then)


def _standings_lines(results: Results, ranked: list) -> list[dict]:
    # The board is public: a member who has not agreed to publication is "Player 17" on it.
    names = public_names(results.tournament)
    return [{"rank": row["rank"], "name": names[row["player"]][0], "club": names[row["player"]][1],
             "total": row["total"], "games": f"{row['games_won']} / {row['games_lost']}"}
            for row in results.rows(ranked)]


def _team_lines(results: Results) -> list[dict]:
    teams = [Team(team.pk, team.name, tuple(member.pk for member in team.members.all()))
             for team in results.tournament.teams.prefetch_related("members")]
    return [{"rank": row.rank, "name": row.team.name,
             "club": ngettext("{count} player", "{count} players", len(row.team.members)).format(
                 count=len(row.team.members)),
             "total": row.standing.total(results.system),
             "games": f"{row.standing.games_won} / {row.standing.games_lost}"}
            for row in rank_teams(teams, results.standings, results.system, seed=results.rules.seed)]


def _prize_lines(results: Results) -> list[dict]:
    names = public_names(results.tournament)  # the board is public: only the names their members let be shown
    lines = []
    for award in results.awards:
        name, club = names.get(award.player, ("—", ""))
        lines.append({"place": award.place, "prize": say(award.name), "name": name, "club": club,
                      "figure": say(award.figure)})
    return lines

