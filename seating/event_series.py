"""The series of an event: which series are drawn, who plays in each, and drawing a series by lot or standings.

Vocabulary (see ``seating.models``): a series is one seating and its deals. Series 1 is drawn by the
tournament's method (``services.tournament_draw``) or, like every later series, here: **by lot** at tables of
three and four (``movements.series_seating.draw_by_lot``: clubs kept apart where they can be, earlier table-mates
parted), or **by the standings** after the series before (the best four at table 1...; the ranking comes from
the caller, as seating knows no scores), or **planned with the whole event**: this series and every later one
at once (``movements.event_plan``: nobody meets twice where a plan allows it), the series before kept as drawn.
A late entry or a withdrawal after a plan **re-plans** the planned series from the first one it changes
(``series_replan``, called by ``seating.replanning``); the series played stay as they are. A later series can be
drawn only when the one before is drawn; it can
be drawn again until it holds scores. The series' tables play ``session_rounds`` rounds (ISkO's twelve: 48 deals
at a table of four, 36 at three).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from common.i18n import say
from seating.errors import SeatingError
from seating.locks import lock_tournament
from seating.models import MAX_SERIES, Pair, Player, Seat, SeriesDraw, SitOut, Table, Tournament
from seating.movements import (
    FOSTER_ROUNDS,
    Entrant,
    MovementUserError,
    PlanQuality,
    SeriesSeating,
    TableSizes,
    draw_by_lot,
    draw_by_standings,
    meetings,
    plan_quality,
    replan_event,
)
from seating.selectors import drawn_series
from seating.services import MAX_SEED, delete_series_seating
from seating.signals import seats_drawn


@dataclass(frozen=True)
class SeriesRow:
    """One series as the series page lists it."""

    number: int
    drawn: bool
    how: str  # "by lot", "by the standings", "by the method", or "" before the draw
    seed: int | None
    tables: int
    players: int
    draw: SeriesDraw | None  # how well a lot kept clubs apart and parted earlier table-mates


def series_rows(tournament: Tournament) -> list[SeriesRow]:
    """Every series of the event, drawn or not (three queries)."""
    tables = dict(Table.objects.filter(tournament=tournament).order_by().values("series")
                  .annotate(n=Count("id")).values_list("series", "n"))
    players = dict(Seat.objects.filter(tournament=tournament).order_by().values("series")
                   .annotate(n=Count("player", distinct=True)).values_list("series", "n"))
    draws = {draw.number: draw for draw in tournament.series_draws.all()}
    rows = []
    for number in range(1, max(tournament.series_count, max(tables, default=0)) + 1):
        draw = draws.get(number)
        drawn = number in tables
        how = draw.get_how_display() if draw else (_("by the method") if drawn else "")
        seed = draw.seed if draw else (tournament.draw_seed if drawn and number == 1 else None)
        rows.append(SeriesRow(number, drawn, how, seed, tables.get(number, 0), players.get(number, 0), draw))
    return rows


def series_add(*, tournament: Tournament, earlier_closed: bool = False) -> Tournament:
    """One more series at the end of the event. An event that is over (its last series closed: scoring's end,
    which closes the tables of every series) is played again only by a caller that has closed each earlier series
    on its own in the same transaction (``earlier_closed``: ``scoring.series.services.event_series_add``); else the
    end's close would move to the new series and the earlier tables would take deals, undos and slips again."""
    with transaction.atomic():
        locked = lock_tournament(tournament.pk)
        if locked.series_count >= MAX_SERIES:
            raise SeatingError(None, _("An event plays at most {most} series.").format(most=MAX_SERIES))
        if locked.status == Tournament.Status.FINISHED and not earlier_closed:
            raise SeatingError(None, _("The event is over (its last series is closed): a series is added on the "
                                       "series page, which keeps the earlier series closed."))
        locked.series_count += 1
        if locked.status == Tournament.Status.FINISHED:  # its last series was closed: one more is to be played
            locked.status = Tournament.Status.PLAYING
        locked.save(update_fields=["series_count", "status"])
    tournament.series_count = locked.series_count
    return locked


def series_end(*, tournament: Tournament, after: int | None = None) -> Tournament:
    """End the event early: it plays the series drawn so far, none after them; or, in a planned event, none after
    series ``after`` (the caller's last series played): the planned series after it are deleted."""
    with transaction.atomic():
        locked = lock_tournament(tournament.pk)
        drawn = drawn_series(locked)
        if after is not None and 1 <= after < drawn and planned_from(locked, after + 1):
            for number in range(drawn, after, -1):  # the last first: a series stands while a later one is drawn
                delete_series_seating(locked, number)
            drawn = after
        if drawn == 0:
            raise SeatingError(None, _("No series is drawn yet: there is nothing to end."))
        locked.series_count = drawn
        locked.save(update_fields=["series_count"])
    tournament.series_count = locked.series_count
    return locked


def planned_from(tournament: Tournament, first: int) -> bool:
    """Whether series ``first`` and every later drawn series were planned with the whole event."""
    later = list(tournament.series_draws.filter(number__gte=first).values_list("how", flat=True))
    return bool(later) and all(how == SeriesDraw.How.PLAN for how in later)


KEEP_SEED = object()
"""``series_replan``'s default: plan again with the seed the plan was made with."""


def series_replan(*, tournament: Tournament, first: int, played: int, seed=KEEP_SEED) -> list[SeriesDraw]:
    """Plan series ``first`` to the last again, after a late entry or a withdrawal, with the plan's seed (or with
    ``seed``: a new one, None for one drawn at random); the series before ``first`` stay as drawn and their
    meetings count. ``played`` (from the caller: the series holding scores) must come before ``first``; a table of a
    later series that holds scores refuses it anyway, and nothing is saved."""
    with transaction.atomic():
        locked = lock_tournament(tournament.pk)
        if first <= played:
            raise SeatingError(None, _("Series {number} holds scores: its seats stand, plan the series after "
                                       "it.").format(number=played))
        if not planned_from(locked, first):
            raise SeatingError(None, _("Series {number} was not planned with the whole event: draw it again "
                                       "instead.").format(number=first))
        if seed is KEEP_SEED:
            seed = locked.series_draws.filter(number__gte=first).order_by("number").values_list("seed", flat=True)[0]
        drawn = _plan(locked, first=first, seed=seed)
    _keep_in_step(tournament, locked)
    return drawn


def _plan(tournament: Tournament, *, first: int, seed: int | None) -> list[SeriesDraw]:
    """Series ``first`` to the last planned at once and saved (the tournament locked by the caller)."""
    seed = _checked_seed(seed)
    numbers = range(first, tournament.series_count + 1)
    fields = [[Entrant(player.pk, player.club.strip().lower()) for player in series_players(tournament, number)]
              for number in numbers]
    try:
        plan = replan_event(fields, seed=seed, table_sizes=TableSizes(tournament.table_sizes),
                            played=_seatings(tournament, before=first))
    except MovementUserError as err:
        raise _refusal(err) from None
    records = []
    for number, seating in zip(numbers, plan.series):
        _replace_series(tournament, number, seating)
        records.append(SeriesDraw(
            tournament=tournament, number=number, how=SeriesDraw.How.PLAN, seed=seed,
            club_clashes=seating.club_clashes, least_club_clashes=seating.least_club_clashes,
            repeat_meetings=seating.repeat_meetings, least_repeat_meetings=seating.least_repeat_meetings))
    SeriesDraw.objects.bulk_create(records)
    if first == 1:
        tournament.draw_seed, tournament.drawn_at = seed, timezone.now()
        tournament.status = Tournament.Status.DRAWN
        tournament.save(update_fields=["draw_seed", "drawn_at", "status"])
    seats_drawn.send(sender=Tournament, tournament=tournament)
    return records


def event_plan_quality(tournament: Tournament) -> PlanQuality | None:
    """How well the event's seating keeps players from meeting twice (``plan_quality``) when some series was
    planned with the whole event, over every drawn series (club pairs from the first planned one on); else None."""
    first = tournament.series_draws.filter(how=SeriesDraw.How.PLAN).order_by("number").values_list("number", flat=True)
    if not first:
        return None
    drawn = _seatings(tournament, before=tournament.series_count + 1)
    clubs = {pk: club.strip().lower() for pk, club in tournament.players.values_list("pk", "club")}
    # The series before the plan count as played: their meetings count, their clubs were another draw's doing.
    return plan_quality(drawn[first[0] - 1:], clubs=clubs, played=drawn[:first[0] - 1],
                        table_sizes=TableSizes(tournament.table_sizes))


def series_players(tournament: Tournament, number: int) -> list:
    """The players who play series ``number``: entered by then and not withdrawn before it."""
    return [player for player in tournament.players.order_by("id") if player.plays_series(number)]


def series_rounds(tournament: Tournament) -> int:
    """Rounds every table plays in a series drawn here."""
    return tournament.session_rounds or FOSTER_ROUNDS


def series_draw(*, tournament: Tournament, number: int, how: str, seed: int | None = None,
                ranked: Sequence[int] = (), again: bool = True) -> SeriesDraw:
    """Draw series ``number`` ``how`` ("lot", "standings" with ``ranked``: the players best first after the
    series before, or "plan": this series and every later one at once, its record returned) and save it, replacing an earlier draw of the same series that holds no scores, unless
    ``again`` is False (the page offered a series not yet drawn: a second draw of it at the same moment is told
    it was drawn meanwhile)."""
    given = tournament
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        last = drawn_series(tournament)
        if not 1 <= number <= tournament.series_count:
            raise SeatingError("number", _("The event plays series 1 to {last}; add a series first.").format(
                last=tournament.series_count))
        if number > last + 1:
            raise SeatingError("number", _("Draw series {number} first.").format(number=last + 1))
        if number <= last and not again:  # a second director's click, also when the first planned the later ones
            raise SeatingError(None, _("Series {number} was drawn a moment ago (from another desk?): that draw "
                                       "stands.").format(number=number))
        if number < last:
            raise SeatingError("number", _("Series {later} is drawn already: series {number} stands.").format(
                later=number + 1, number=number))
        if how not in SeriesDraw.How.values:
            raise SeatingError("how", _("Draw a series by lot or by the standings."))
        if how == SeriesDraw.How.PLAN:
            drawn = _plan(tournament, first=number, seed=seed)
            _keep_in_step(given, tournament)
            return drawn[0]
        if how != SeriesDraw.How.LOT and number == 1:
            if how == SeriesDraw.How.STANDINGS:
                raise SeatingError("how", _("The first series has no standings before it: draw it by lot, or by the "
                                            "method on Plan & draw."))
            raise SeatingError("how", _("The first series has no movement before it: draw it by lot, or by the "
                                        "method on Plan & draw."))
        if how == SeriesDraw.How.MOVEMENT:
            return _continue_movement(given, tournament, number)
        entrants = [Entrant(player.pk, player.club.strip().lower()) for player in series_players(tournament, number)]
        rule = TableSizes(tournament.table_sizes)
        seed = _checked_seed(seed)
        earlier = meetings(_seatings(tournament, before=number))
        try:
            if how == SeriesDraw.How.LOT:
                seating = draw_by_lot(entrants, seed=seed, table_sizes=rule, met=earlier)
            else:
                playing = {entrant.id for entrant in entrants}
                order = [player for player in ranked if player in playing]
                order += [entrant.id for entrant in entrants if entrant.id not in set(order)]  # late entries last
                seating = draw_by_standings(order, table_sizes=rule, met=earlier,
                                            clubs={entrant.id: entrant.club for entrant in entrants})
        except MovementUserError as err:
            raise _refusal(err) from None
        _replace_series(tournament, number, seating)
        record = SeriesDraw.objects.create(
            tournament=tournament, number=number, how=how, seed=seed if how == SeriesDraw.How.LOT else None,
            club_clashes=seating.club_clashes, least_club_clashes=seating.least_club_clashes,
            repeat_meetings=seating.repeat_meetings, least_repeat_meetings=seating.least_repeat_meetings)
        if number == 1:
            tournament.draw_seed, tournament.drawn_at = seed, timezone.now()
            tournament.status = Tournament.Status.DRAWN
            tournament.save(update_fields=["draw_seed", "drawn_at", "status"])
        seats_drawn.send(sender=Tournament, tournament=tournament)
    _keep_in_step(given, tournament)
    return record


def _checked_seed(seed: int | None) -> int:
    """``seed``, or a new random one when None; a refusal when it is no seed."""
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise SeatingError("seed", _("A seed is a whole number from 0 to {most}.").format(most=MAX_SEED))
    return seed


def _refusal(err: MovementUserError) -> SeatingError:
    """The movements' refusal said in the reader's language, as a sentence."""
    message = say(err.message)
    return SeatingError(None, message[:1].upper() + message[1:])


def _keep_in_step(given: Tournament, saved: Tournament) -> None:
    """The caller's instance in step with what was saved under the row lock."""
    for field in ("draw_seed", "drawn_at", "status"):
        setattr(given, field, getattr(saved, field))


def _continue_movement(given: Tournament, tournament: Tournament, number: int) -> SeriesDraw:
    """Series ``number`` seated as the series before it: the same sections, tables and pairs, the movement played
    again from its start (Foster's sessions of a congress: a movement played through brings every pair home)."""
    before = number - 1
    playing = {player.pk for player in series_players(tournament, number)}
    seated_before = set(Seat.objects.filter(tournament=tournament, series=before).values_list("player_id", flat=True))
    seated_before |= set(tournament.sit_outs.filter(series=before).values_list("player_id", flat=True))
    if playing != seated_before:
        raise SeatingError("how", _("The players of series {number} are not those of series {before} (a late entry "
                                    "or a withdrawal): the movement cannot go on with other pairs; draw by "
                                    "lot.").format(number=number, before=before))
    delete_series_seating(tournament, number)
    sections = {}
    for section in tournament.sections.filter(series=before).order_by("number"):
        old_id = section.pk
        section.pk, section.series = None, number
        section.save()
        sections[old_id] = section
    tables = {}
    for table in tournament.tables.filter(series=before).order_by("number"):
        old_id = table.pk
        table.pk, table.series = None, number
        table.section = sections.get(table.section_id)
        table.save()
        tables[old_id] = table
    pairs = {}
    for pair in Pair.objects.filter(section__in=list(sections)).order_by("pk"):
        old_id = pair.pk
        pair.pk, pair.section = None, sections[pair.section_id]
        pair.save()
        pairs[old_id] = pair
    Seat.objects.bulk_create([
        Seat(tournament=tournament, series=number, stay=seat.stay, table=tables[seat.table_id], seat=seat.seat,
             player_id=seat.player_id, pair=pairs.get(seat.pair_id), place=seat.place)
        for seat in Seat.objects.filter(tournament=tournament, series=before)], batch_size=2000)
    SitOut.objects.bulk_create([
        SitOut(tournament=tournament, series=number, section=sections[out.section_id], stay=out.stay,
               player_id=out.player_id) for out in tournament.sit_outs.filter(series=before)])
    record = SeriesDraw.objects.create(tournament=tournament, number=number, how=SeriesDraw.How.MOVEMENT)
    seats_drawn.send(sender=Tournament, tournament=tournament)
    _keep_in_step(given, tournament)
    return record


def _seatings(tournament: Tournament, *, before: int) -> list[list[list[int]]]:
    """Each earlier series' tables as lists of player ids (every stay of a moving table counts as a table)."""
    tables: dict[tuple[int, int, int], list[int]] = {}
    for series, table, stay, player in (Seat.objects.filter(tournament=tournament, series__lt=before)
                                        .order_by("series", "table_id", "stay", "seat")
                                        .values_list("series", "table_id", "stay", "player_id")):
        tables.setdefault((series, table, stay), []).append(player)
    by_series: dict[int, list[list[int]]] = {}
    for (series, _table, _stay), players in tables.items():
        by_series.setdefault(series, []).append(players)
    return list(by_series.values())


def _replace_series(tournament: Tournament, number: int, seating: SeriesSeating) -> None:
    """Write the series' tables and seats, after deleting an earlier draw of it (refused if it holds scores)."""
    delete_series_seating(tournament, number)
    rounds = series_rounds(tournament)
    Table.objects.bulk_create([
        Table(tournament=tournament, series=number, number=n, size=len(players), stays=1, rounds_per_stay=rounds)
        for n, players in enumerate(seating.tables, start=1)])
    ids = dict(Table.objects.filter(tournament=tournament, series=number).values_list("number", "id"))
    Seat.objects.bulk_create([
        Seat(tournament=tournament, series=number, stay=1, table_id=ids[n], seat=seat, player_id=player)
        for n, players in enumerate(seating.tables, start=1) for seat, player in enumerate(players, start=1)],
        batch_size=2000)


def series_seat_given(*, tournament: Tournament, seatings: Sequence[Sequence[Sequence[int]]]) -> None:
    """Every series of the event seated as given (each a list of tables, each the player ids in seat order): a
    plan made elsewhere for the whole event (a league's match day, ``seating.movements.league_day``), recorded as
    planned with the whole event; refused where a series holds scores."""
    with transaction.atomic():
        locked = lock_tournament(tournament.pk)
        for number in range(len(seatings) + 1, drawn_series(locked) + 1):
            delete_series_seating(locked, number)
        for number, tables in enumerate(seatings, start=1):
            _replace_series(locked, number, SeriesSeating(tuple(tuple(t) for t in tables), 0, 0, 0, 0, None))
        SeriesDraw.objects.bulk_create([SeriesDraw(tournament=locked, number=number, how=SeriesDraw.How.PLAN)
                                        for number in range(1, len(seatings) + 1)])
        locked.draw_seed, locked.drawn_at = 0, timezone.now()
        locked.status = Tournament.Status.DRAWN
        locked.save(update_fields=["draw_seed", "drawn_at", "status"])
        seats_drawn.send(sender=Tournament, tournament=locked)
    _keep_in_step(tournament, locked)


def seat_handed_over(*, tournament: Tournament, player_out: Player, name: str, member=None, from_series: int,
                     inside: bool = False) -> Player:
    """A new player of ``player_out``'s team (a league's substitute) takes over his seat in an event seated as a
    whole: from series ``from_series`` on; or, ``inside`` that series (from one of its deals), from the series
    after it in the seating, the deals of ``from_series`` staying on ``player_out``'s line of the table's list
    (who played which of them is the caller's record, read back by ``scoring.results.cut_series_totals``). The
    new player plays no series before the seat is his: ``first_series`` the first whole series in it, and a
    handover inside the last series leaves him none of the event's (``last_series`` before ``first_series``).
    The caller has checked that the series moved hold no scores; written under the event's lock."""
    with transaction.atomic():
        locked = lock_tournament(tournament.pk)
        out = Player.objects.select_for_update().get(pk=player_out.pk, tournament=locked)
        first = from_series + 1 if inside else from_series
        player_in = Player.objects.create(tournament=locked, name=name, club=out.club, member=member,
                                          team_id=out.team_id, first_series=first,
                                          last_series=from_series if first > locked.series_count else None)
        out.last_series = first - 1
        out.save(update_fields=["last_series"])
        Seat.objects.filter(tournament=locked, player=out, series__gte=first).update(player=player_in)
    return player_in
