"""The public reads: published events, their results with public names, a player's page and his own page.

Vocabulary: see ``public``. Every figure comes from scoring's face (``scoring.results``: the same functions the
committee's page and ``manage.py standings --format json`` use); here it is only chosen, and names are replaced
by public names. Nothing here writes.
"""

from __future__ import annotations

import datetime

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from clubs.models import Club
from common.i18n import say
from scoring.models import Deal
from scoring.results import event_payload, event_results, player_series, tournament_results
from scoring.tournaments.selectors import rulebook_of
from seasons.association import qualification_lists
from seasons.models import Season, SeasonEvent
from seasons.selectors import (
    club_seasons,
    hidden_rows,
    public_member_names,
    public_where,
    season_find,
    season_published,
    season_reading,
)
from seating.models import Player, Seat, Tournament
from seating.selectors import public_names


def published_events(club: Club | None = None) -> QuerySet[Tournament]:
    """The published tournaments (of ``club``), the newest first."""
    events = Tournament.objects.filter(scoring__published=True).select_related("club")
    if club is not None:
        events = events.filter(club=club)
    return events.order_by("-date", "-pk")


def published_event(club_slug: str, tournament_id: int) -> Tournament | None:
    """The published tournament ``tournament_id`` of the club ``club_slug``; None when there is none, or it is
    not published (a page answers 404 either way: an unpublished event is indistinguishable from none)."""
    return published_events().filter(club__slug=club_slug, pk=tournament_id).first()


def clubs() -> QuerySet[Club]:
    """The clubs on the public list: those with something to show there, a published event, an event taking
    sign-ups (``open_for_signup``'s rule) or a season whose every event is published (an association's ranking of
    its clubs' evenings: it holds no event of its own). A club with nothing yet (a fresh server's first club, a club
    just made) stays off the list; its page is still reached by its address."""
    shows = Tournament.objects.filter(club=OuterRef("pk")).filter(
        Q(scoring__published=True) | Q(signup_open=True, draw_seed__isnull=True))
    unpublished = SeasonEvent.objects.filter(season=OuterRef("pk")).exclude(tournament__scoring__published=True)
    published = Season.objects.filter(club=OuterRef("pk"), events__isnull=False).exclude(Exists(unpublished))
    return Club.objects.filter(Exists(shows) | Exists(published)).order_by("name", "pk")


def club_by_slug(slug: str) -> Club | None:
    return Club.objects.filter(slug=slug).first()


def coming_and_past(club: Club, today: datetime.date | None = None) -> tuple[list[Tournament], list[Tournament]]:
    """The club's published events still to come (today's included, until its first game is entered) and those
    played or being played (their results are what a visitor looks for)."""
    today = today or timezone.localdate()
    coming, past = [], []
    events = list(published_events(club))
    with_results = set(Deal.objects.filter(tournament__in=[e for e in events if e.date >= today])
                       .values_list("tournament_id", flat=True).distinct())
    for event in events:
        played = event.date < today or event.status == Tournament.Status.FINISHED or event.pk in with_results
        (past if played else coming).append(event)
    coming.reverse()  # the next one first
    return coming, past


def open_for_signup(club: Club) -> list[Tournament]:
    """The club's events taking sign-ups now (published or not: opening the sign-up announces the event's name,
    date and place, nothing else), the next first."""
    return list(Tournament.objects.filter(club=club, signup_open=True, draw_seed__isnull=True)
                .filter(date__gte=timezone.localdate()).order_by("date", "pk"))


def event_summary(event: Tournament) -> dict:
    """An event as the lists and the API describe it."""
    return {"id": event.pk, "club": event.club.slug, "name": event.name, "date": event.date.isoformat(),
            "place": event.place, "status": event.status, "series": event.series_count}


def _mask(rows: list[dict], names: dict[int, tuple[str, str]]) -> list[dict]:
    """The rows with each player's public name and club (a copy: scoring's rows are shared, never changed)."""
    masked = []
    for row in rows:
        row = dict(row)
        if row.get("player") in names:
            row["name"], club = names[row["player"]]
            if "club" in row:
                row["club"] = club
        masked.append(row)
    return masked


def public_standings(event: Tournament) -> dict:
    """The rows of ``manage.py standings --format json`` (``scoring.results.event_payload``) with public names."""
    return _masked_payload(event_payload(event_results(event)), public_names(event))


def _masked_payload(payload: dict, names: dict[int, tuple[str, str]]) -> dict:
    return {"standings": _mask(payload["standings"], names), "prizes": payload["prizes"],
            "series": [{**part, "standings": _mask(part["standings"], names)} for part in payload["series"]],
            "teams": payload["teams"],
            "categories": [{**category, "standings": _mask(category["standings"], names)}
                           for category in payload["categories"]]}


def public_results(event: Tournament) -> dict:
    """What the event's results page shows: the standings of ``public_standings`` (every series, overall, teams,
    categories, with the overall rows' clubs) and the prize list with its money, from one read of the results."""
    results = event_results(event)
    names = public_names(event)
    payload = _masked_payload(event_payload(results), names)
    clubs_of = {pk: club for pk, (_, club) in names.items()}
    for row in payload["standings"]:
        row["club"] = clubs_of.get(row["player"], "")
    for part in payload["series"]:  # a series begun: someone played a deal (points and games may all be 0 yet)
        part["begun"] = any(row["deals_played"] for row in part["standings"])
    prizes = []
    for award, money in zip(results.overall.awards, results.award_money):
        name, club = names.get(award.player, ("—", ""))
        prizes.append({"place": award.place, "prize": say(award.name), "player": award.player, "name": name,
                       "club": club, "figure": say(award.figure), "money": money})
    return {"payload": payload, "prizes": prizes, "currency": results.cash.currency,
            "system": results.overall.system.value, "seeger_fabian": results.overall.system.value == "seeger-fabian"}


def opponents(event: Tournament, player_id: int) -> list[dict]:
    """Who sat at a table with the player, each series and stay, by public name."""
    names = public_names(event)
    mine = set(Seat.objects.filter(tournament=event, player_id=player_id).values_list("table_id", "stay"))
    met = []
    for series, table, stay, other in (Seat.objects.filter(tournament=event).exclude(player_id=player_id)
                                       .order_by("series", "stay", "table__number", "seat")
                                       .values_list("series", "table_id", "stay", "player_id")):
        if (table, stay) in mine:
            met.append({"series": series, "stay": stay, "player": other, "name": names[other][0]})
    return met


def player_events(player: Player) -> list[Tournament]:
    """The published events the same registry member played (only a member who agreed to publication: another's
    events are not linked to each other in public)."""
    member = player.member
    if member is None or not member.public:
        return [player.tournament] if published_events().filter(pk=player.tournament_id).exists() else []
    return list(published_events().filter(players__member=member).distinct())


def public_player(event: Tournament, player_id: int) -> dict | None:
    """A player's public page in a published event: his public name, rank and totals overall and in each series
    (with the Seeger-Fabian breakdown, games won and lost, the average per game), the opponents met, and the
    published events he played. None: no such player in the event."""
    player = Player.objects.filter(tournament=event, pk=player_id).select_related("member", "tournament").first()
    if player is None:
        return None
    payload = public_standings(event)
    overall, series = player_series(payload, player_id)
    name, club = public_names(event)[player_id]
    return {"player": player_id, "name": name, "player_club": club, "overall": overall, "series": series,
            "opponents": opponents(event, player_id),
            "events": [event_summary(played) for played in player_events(player)]}


def own_page(token: str) -> dict | None:
    """A player's own page (his start card's QR): the tournament's notice line, his table and seat in each series
    as drawn, his tables' lists as entered (public names), and his rank now. None: no such token."""
    player = Player.objects.filter(page_token=token).select_related("tournament", "tournament__club",
                                                                   "member").first()
    if player is None or not token:
        return None
    event = player.tournament
    names = public_names(event)
    seats = list(Seat.objects.filter(player=player).order_by("series", "stay")
                 .values("series", "stay", "seat", "table_id", "table__number"))
    stays = {(seat["table_id"], seat["stay"]) for seat in seats}
    lists: dict[tuple[int, int, int], list[dict]] = {}
    for deal in (Deal.objects.filter(tournament=event, table_id__in={table for table, _ in stays}, voided=False)
                 .order_by("table__series", "table__number", "stay", "number")
                 .values("table_id", "table__series", "table__number", "stay", "number", "kind", "player_id",
                         "game_name", "won", "score")):
        if (deal["table_id"], deal["stay"]) not in stays:
            continue
        key = (deal["table__series"], deal["table__number"], deal["stay"])
        lists.setdefault(key, []).append({
            "number": deal["number"], "kind": deal["kind"], "declarer": names.get(deal["player_id"], ("", ""))[0],
            "mine": deal["player_id"] == player.pk, "game": deal["game_name"], "won": deal["won"],
            "score": deal["score"]})
    payload = public_standings(event)
    overall, series = player_series(payload, player.pk)
    return {"event": event, "player": player.pk, "name": names[player.pk][0], "notice": event.notice,
            "member": player.member,
            "rulebook": rulebook_of(event),
            "seats": [{"series": s["series"], "stay": s["stay"], "table": s["table__number"], "seat": s["seat"]}
                      for s in seats],
            "lists": [{"series": key[0], "table": key[1], "stay": key[2], "deals": deals}
                      for key, deals in sorted(lists.items())],
            "overall": overall, "series": series, "players": len(payload["standings"])}


def live_standings(event: Tournament) -> list[dict]:
    """The whole event's standings now, for the live page: scoring's rows without the prizes (a cheaper read,
    the same totals and ranking), with public names."""
    return _mask(tournament_results(event, prizes=False).rows(), public_names(event))


def published_seasons(club: Club) -> list[Season]:
    """The club's seasons anyone may read (``season_published``: every event of it published), in their order."""
    return [season for season in club_seasons(club) if season_published(season)]


def published_season(club_slug: str, slug: str) -> Season | None:
    """The club's season ``slug`` when it is published; None when there is none, or it is not published yet (a
    page answers 404 either way, as for an unpublished event)."""
    club = club_by_slug(club_slug)
    season = season_find(slug, club) if club is not None else None
    return season if season is not None and season_published(season) else None


def public_season(season: Season, category: str | None = None) -> dict | None:
    """What a published season's public page shows: the table (or ``category``'s rows) by public names
    (``public_member_names``: the API's rule, a person hidden by one of his clubs is "Player N" everywhere), for an
    association each row's clubs and region (none for a hidden person: ``public_where``), the categories to choose
    from, and the qualification lists of the same rows by the rules' places per region. None: the season has no
    such category."""
    reading = season_reading(season)
    table = reading.table
    rows = table.rows if category is None else dict(table.categories).get(category)
    if rows is None:
        return None
    hidden = hidden_rows(reading)
    names = public_member_names(reading, hidden)
    lines = []
    for row in rows:
        clubs, region = public_where(row, hidden)
        lines.append({"member": row.member, "rank": row.rank, "name": names[row.member], "qualified": row.qualified,
                      "guest": row.member in reading.guests, "series_played": row.series_played, "games": row.games,
                      "total": row.total, "average": row.average, "prize": row.prize, "clubs": clubs,
                      "region": region})
    qualification = ([one.as_json(names) for one in qualification_lists(reading, category)]
                     if reading.association and table.rules.quotas else [])
    return {"season": season, "reading": reading, "category": category, "rows": lines,
            "categories": [name for name, kept in table.categories if kept],
            "prizes": any(line["prize"] for line in lines), "qualification": qualification}
