"""A season's fast road to its evenings' series totals (``scoring.results.series_totals``): one query over the kept
tallies summed under the event's system, and the totals kept per player for a played event, equal the full
standings of every series (``tournament_results(t, series)``) under every scoring system, with or without Ramsch
counting as a game, for tables of three to five, several stays, stays whose seats are the table's stay 1, deals
thrown in, voided or entered for a player not seated there; any later change of a deal or of the settings drops
the kept rows, and the next reading equals the full standings again. The same rows read as plain series rows
(``kept_series_rows``, ``events_series_rows``: what a season reads) are the same rows."""

import datetime
from collections import Counter

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Club, Member
from scoring.models import Deal, KeptSeriesTotal, Slip
from scoring.results import events_series_rows, events_series_totals, tournament_results
from scoring.results.series_totals import kept_series_rows, kept_series_totals, summed_series_totals
from scoring.tournaments.selectors import scoring_settings
from seating.models import Player, Seat, Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.database]

PAST = datetime.date(2026, 1, 8)
SYSTEMS = ["foster", "mccoll", "seeger-fabian"]

DEALS = st.lists(st.tuples(
    st.integers(0, 5),                       # the table (modulo their number)
    st.integers(1, 2),                       # the stay
    st.integers(-2, 5),                      # whose column: a seat, -1 someone not seated there, -2 nobody
    st.sampled_from(["game", "game", "game", "ramsch", "thrown_in"]),
    st.integers(-120, 120),                  # the score
    st.booleans()), max_size=40)             # voided
HALLS = st.fixed_dictionaries({
    "extra": st.integers(0, 2),              # players seated at no table of a series
    "series": st.lists(st.lists(st.sampled_from([3, 4, 5]), min_size=1, max_size=3), min_size=1, max_size=2),
    "seated_again": st.booleans(),           # stay 2 has seats of its own (else its seats are stay 1's)
    "deals": DEALS,
})


def make_hall(hall: dict, system: str, ramsch: bool) -> Tournament:
    tournament = Tournament.objects.create(name="Kept totals", date=PAST, series_count=len(hall["series"]))
    settings_row = scoring_settings(tournament)
    settings_row.system, settings_row.ramsch_counts_as_game = system, ramsch
    settings_row.save()
    count = max(sum(sizes) for sizes in hall["series"]) + hall["extra"]
    players = Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n}") for n in range(count)])
    tables, seated = [], {}
    for series, sizes in enumerate(hall["series"], start=1):
        start = series % len(players)  # each series seats the players from another one on
        order = players[start:] + players[:start]
        for number, size in enumerate(sizes, start=1):
            table = Table.objects.create(tournament=tournament, series=series, number=number, size=size, stays=2)
            at, order = order[:size], order[size:]
            stays = [(1, at)] + ([(2, at[::-1])] if hall["seated_again"] else [])
            for stay, sitting in stays:
                Seat.objects.bulk_create([Seat(tournament=tournament, series=series, stay=stay, table=table,
                                               seat=seat, player=player)
                                          for seat, player in enumerate(sitting, start=1)])
            seated[table.pk] = at
            tables.append(table)
    deals, numbers = [], {}
    for which, stay, column, kind, score, voided in hall["deals"]:
        table = tables[which % len(tables)]
        sitting = seated[table.pk]
        if column == -2 or kind == "thrown_in":
            player, score = None, 0
        elif column == -1:
            player = next(p for p in players if p not in sitting) if len(sitting) < len(players) else sitting[0]
        else:
            player = sitting[column % len(sitting)]
        numbers[table.pk] = numbers.get(table.pk, 0) + 1
        deals.append(Deal(tournament=tournament, table=table, number=numbers[table.pk], stay=stay,
                          dealer=sitting[0], player=player, declarer=player, kind=kind, score=score,
                          won=score > 0 if player else None, voided=voided))
    Deal.objects.bulk_create(deals)
    return Tournament.objects.select_related("scoring").get(pk=tournament.pk)


def full(tournament: Tournament) -> dict[int, list[tuple[int, int, int]]]:
    """Each series' rows of its full standings: (player, total, deals played), those with a deal or a total."""
    numbers = sorted(set(Table.objects.filter(tournament=tournament).values_list("series", flat=True)))
    out = {}
    for number in numbers:
        results = tournament_results(tournament, number, prizes=False)
        out[number] = sorted((p, s.total(results.system), s.deals_played) for p, s in results.standings.items()
                             if s.deals_played or s.total(results.system))
    return out


def fast(totals: dict, tournament: Tournament) -> dict[int, list[tuple[int, int, int]]]:
    return {number: [tuple(row) for row in rows] for (pk, number), rows in totals.items() if pk == tournament.pk}


def by_series(rows: list[tuple], tournament: Tournament) -> dict[int, list[tuple[int, int, int]]]:
    """Plain series rows (event, series, player, total, deals played) gathered as ``fast`` gives them."""
    out: dict[int, list[tuple[int, int, int]]] = {}
    for pk, number, *row in rows:
        if pk == tournament.pk:
            out.setdefault(number, []).append(tuple(row))
    return {number: sorted(part) for number, part in out.items()}


def same(expected: dict, got: dict) -> bool:
    return {n: rows for n, rows in expected.items() if rows} == {n: rows for n, rows in got.items() if rows}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(hall=HALLS, system=st.sampled_from(SYSTEMS), ramsch=st.booleans(), change=st.integers(0, 3))
def test_the_fast_road_equals_the_full_standings_under_every_system(hall, system, ramsch, change):
    tournament = make_hall(hall, system, ramsch)
    expected = full(tournament)
    assert same(expected, fast(summed_series_totals([tournament]), tournament))
    assert same(expected, fast(kept_series_totals([tournament]), tournament))  # kept now
    assert same(expected, fast(kept_series_totals([tournament]), tournament))  # read as kept
    assert same(expected, by_series(kept_series_rows([tournament]), tournament))  # read as plain rows
    # A change of a deal or of the settings drops the kept rows; the next reading is right again.
    deal = Deal.objects.filter(tournament=tournament).order_by("pk").first()
    if change == 0 and deal is not None:
        Deal.objects.filter(pk=deal.pk).update(voided=not deal.voided)
    elif change == 1 and deal is not None:
        deal.delete()
    elif change == 2:
        settings_row = scoring_settings(tournament)
        settings_row.system = SYSTEMS[(SYSTEMS.index(system) + 1) % 3]
        settings_row.ramsch_counts_as_game = not ramsch
        settings_row.save()
    else:
        Deal.objects.filter(tournament=tournament).update(score=7, won=True)
    assert not KeptSeriesTotal.objects.filter(tournament=tournament).exists() or (change < 2 and deal is None)
    tournament = Tournament.objects.select_related("scoring").get(pk=tournament.pk)
    assert same(full(tournament), by_series(kept_series_rows([tournament]), tournament))  # kept again
    assert same(full(tournament), fast(kept_series_totals([tournament]), tournament))


HALL = {"extra": 0, "series": [[4, 4, 4], [3, 3, 3, 3]], "seated_again": False,
        "deals": [(t, 1, c, "game", s, False) for t in range(7) for c, s in ((0, 48), (1, -96), (2, 60))]}


def writes(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]


def test_a_played_evening_is_kept_once_and_then_read_without_a_write():
    tournament = make_hall(HALL, "seeger-fabian", True)
    with CaptureQueriesContext(connection) as first:
        [kept] = events_series_totals([tournament], ranks=False)
    assert writes(first.captured_queries)  # the first reading keeps the rows
    with CaptureQueriesContext(connection) as later:
        [again] = events_series_totals([tournament], ranks=False)
    assert writes(later.captured_queries) == [] and again.series == kept.series
    assert [[tuple(row) for row in part] for part in kept.series] == [full(tournament)[n] for n in (1, 2)]


def test_the_evening_being_played_is_summed_on_every_reading_and_never_written():
    tournament = make_hall(HALL, "foster", True)
    Tournament.objects.filter(pk=tournament.pk).update(date=datetime.date.today(), status=Tournament.Status.PLAYING)
    tournament.refresh_from_db()
    with CaptureQueriesContext(connection) as read:
        [totals] = events_series_totals([tournament], ranks=False)
    assert writes(read.captured_queries) == [] and not KeptSeriesTotal.objects.exists()
    assert [[tuple(row) for row in part] for part in totals.series] == [full(tournament)[n] for n in (1, 2)]


def test_the_plain_rows_are_the_totals_rows_for_kept_summed_and_paper_evenings():
    """A played evening (kept), one being played (summed) and one with a paper stay (its full standings), read at
    once: ``events_series_rows`` has every row of ``events_series_totals`` and no other, each event's series
    somebody played and its currency, in the order given, with no more queries."""
    played = make_hall(HALL, "seeger-fabian", True)
    playing = make_hall(HALL, "foster", False)
    Tournament.objects.filter(pk=playing.pk).update(date=datetime.date.today(), status=Tournament.Status.PLAYING)
    paper = make_hall({**HALL, "series": [[4, 4, 4], [3, 3, 3, 3], [4]]}, "mccoll", True)
    Table.objects.filter(tournament=paper).update(stays=1)  # a fixed table plays one stay: its schedule is read
    table = Table.objects.get(tournament=paper, series=3)
    sitting = list(Seat.objects.filter(table=table, stay=1).order_by("seat").values_list("player_id", flat=True))
    Slip.objects.create(tournament=paper, table=table, stay=1, player_id=sitting[0], net_points=57, net_games=2,
                        ok_by_id=sitting[1])  # OK'd, and its table's sheet stayed on paper: the slip counts
    events = list(Tournament.objects.filter(pk__in=[paper.pk, played.pk, playing.pk]))  # read again: no settings
    events = [next(e for e in events if e.pk == pk) for pk in (paper.pk, played.pk, playing.pk)]
    with CaptureQueriesContext(connection) as totals_read:
        totals = events_series_totals(events, ranks=False)
    with CaptureQueriesContext(connection) as rows_read:
        read = events_series_rows(events, ranks=False)
    assert len(rows_read) <= len(totals_read)
    assert sorted(read.rows) == sorted((t.tournament.pk, number, *row) for t in totals
                                       for number, part in zip(t.series_numbers, t.series) for row in part)
    assert [(e.tournament.pk, e.series_numbers, e.played, e.ranks, e.currency) for e in read.events] == \
        [(t.tournament.pk, t.series_numbers, [n for n, part in zip(t.series_numbers, t.series) if part], {},
          t.currency) for t in totals]
    assert read.events[0].played == [1, 2, 3]  # the paper stay's series too
    assert (3, 57) in {(number, total) for pk, number, _, total, _ in read.rows if pk == paper.pk}
    assert events_series_rows([]).rows == [] and events_series_rows([paper]).rows  # only paper: no kept query
    # under the players' members (every other player linked to one): the same rows, each player's member in his
    # place, None for a player linked to nobody; kept, summed and paper rows alike
    club = Club.objects.create(slug="registry", name="Registry")
    for player in Player.objects.filter(tournament__in=[paper, played, playing]).order_by("pk")[::2]:
        player.member = Member.objects.create(club=club, name=player.name)
        player.save(update_fields=["member"])
    member_of = dict(Player.objects.values_list("pk", "member_id"))
    by_member = events_series_rows(events, ranks=False, members=True)
    assert Counter(by_member.rows) == Counter((pk, number, member_of[player], total, deals)
                                              for pk, number, player, total, deals in read.rows)
    assert {member for _, _, member, _, _ in by_member.rows} - {None}
    assert [(e.tournament.pk, e.played) for e in by_member.events] == [(e.tournament.pk, e.played) for e in read.events]


def test_events_read_with_their_settings_are_taken_as_given():
    tournament = make_hall(HALL, "foster", True)  # read with its settings
    events_series_rows([tournament], ranks=False)  # keeps its totals: the readings below only read
    with CaptureQueriesContext(connection) as given:
        events_series_rows([tournament], ranks=False)
    bare = Tournament.objects.get(pk=tournament.pk)
    with CaptureQueriesContext(connection) as again:
        events_series_rows([bare], ranks=False)
    assert len(again) == len(given) + 1  # the events read once more, with their settings


def members_by_hand(tournament: Tournament) -> Counter:
    """The event's kept rows under their players' members, as the players say now: read by a join of its own."""
    member_of = dict(Player.objects.filter(tournament=tournament).values_list("pk", "member_id"))
    return Counter((pk, number, member_of[player], total, deals)
                   for pk, number, player, total, deals in events_series_rows([tournament], ranks=False).rows)


def test_a_players_member_changed_after_his_evening_was_kept_is_read_at_once():
    """Each kept row keeps its player's member: linked, linked to another, unlinked, and his member deleted, the
    rows follow without a new keeping (no write by the reading) and read as a join of the players would."""
    tournament = make_hall(HALL, "seeger-fabian", True)
    club = Club.objects.create(slug="kept-members", name="Kept members")
    events_series_rows([tournament], ranks=False, members=True)  # keeps the rows, nobody linked
    assert set(KeptSeriesTotal.objects.values_list("member_id", flat=True)) == {None}
    anna, bert = Member.objects.create(club=club, name="Anna"), Member.objects.create(club=club, name="Bert")
    first, second = Player.objects.filter(tournament=tournament).order_by("pk")[:2]
    changes = [(first, anna), (first, bert), (second, anna), (second, None)]  # a member once an event
    for player, member in changes:
        player.member = member
        player.save(update_fields=["member"])
        with CaptureQueriesContext(connection) as read:
            rows = events_series_rows([tournament], ranks=False, members=True).rows
        assert writes(read.captured_queries) == []
        assert Counter(rows) == members_by_hand(tournament)
    assert {m for _, _, m, _, _ in events_series_rows([tournament], ranks=False, members=True).rows} == {None, bert.pk}
    bert.delete()  # his players' member is set to nobody
    assert {m for _, _, m, _, _ in events_series_rows([tournament], ranks=False, members=True).rows} == {None}
    assert Counter(events_series_rows([tournament], ranks=False, members=True).rows) == members_by_hand(tournament)
    # a row by hand: the first player's row of series 1 under nobody, with his total in the full standings
    total, deals = next((t, d) for p, t, d in full(tournament)[1] if p == first.pk)
    assert (tournament.pk, 1, None, total, deals) in events_series_rows([tournament], ranks=False, members=True).rows


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)")
def test_a_member_linked_while_the_evening_is_being_kept_is_in_its_rows(monkeypatch):
    """A player linked to a member while the first reading keeps his evening's rows (between its read of the
    players and its commit): the link waits for the keeping and then updates the rows made."""
    import threading
    import time

    from django.db import connections

    from scoring.results import series_totals

    tournament = make_hall(HALL, "foster", True)
    club = Club.objects.create(slug="racing-members", name="Racing members")
    anna = Member.objects.create(club=club, name="Anna")
    player = Player.objects.filter(tournament=tournament).order_by("pk").first()
    errors, started = [], []

    def link():
        try:
            Player.objects.filter(pk=player.pk).update(member=anna)
        except Exception as err:  # noqa: BLE001 - reported by the assertion below
            errors.append(repr(err))
        finally:
            connections.close_all()

    real = series_totals.series_plays

    def slow(ids, *args):  # the keeping holds its locks and has read the players: a link is made meanwhile
        worker = threading.Thread(target=link)
        worker.start()
        started.append(worker)
        time.sleep(0.5)
        return real(ids, *args)

    monkeypatch.setattr(series_totals, "series_plays", slow)
    events_series_rows([tournament], ranks=False, members=True)
    started[0].join(timeout=30)
    monkeypatch.setattr(series_totals, "series_plays", real)
    assert errors == [] and KeptSeriesTotal.objects.filter(tournament=tournament).exists()
    assert set(KeptSeriesTotal.objects.filter(player=player).values_list("member_id", flat=True)) == {anna.pk}
    assert Counter(events_series_rows([tournament], ranks=False, members=True).rows) == members_by_hand(tournament)


def test_events_given_as_records_read_as_their_models():
    """A season gives its evenings as plain records (their ``pk``, maybe their ``currency``): the rows, series,
    ranks and currencies are those its models give, for a kept, a paper and a settings-less event, each record
    given back as its event; a currency carried is taken as it is (no query for it)."""
    from types import SimpleNamespace

    kept = make_hall(HALL, "seeger-fabian", True)
    paper = make_hall({**HALL, "series": [[4, 4, 4], [3, 3, 3, 3], [4]]}, "mccoll", True)
    Table.objects.filter(tournament=paper).update(stays=1)
    table = Table.objects.get(tournament=paper, series=3)
    sitting = list(Seat.objects.filter(table=table, stay=1).order_by("seat").values_list("player_id", flat=True))
    Slip.objects.create(tournament=paper, table=table, stay=1, player_id=sitting[0], net_points=57, net_games=2,
                        ok_by_id=sitting[1])
    bare = Tournament.objects.create(name="No settings", date=PAST)  # no scoring row: the default rulebook's
    models = list(Tournament.objects.filter(pk__in=[kept.pk, paper.pk, bare.pk]).select_related("scoring")
                  .order_by("pk"))
    for ranks in (False, True):
        by_model = events_series_rows(models, ranks=ranks, members=True)
        records = [SimpleNamespace(pk=t.pk) for t in models]
        by_record = events_series_rows(records, ranks=ranks, members=True)
        assert Counter(by_record.rows) == Counter(by_model.rows)
        assert [(e.series_numbers, e.played, e.ranks, e.currency) for e in by_record.events] == \
            [(e.series_numbers, e.played, e.ranks, e.currency) for e in by_model.events]
        assert [e.tournament for e in by_record.events] == records
    assert [e.currency for e in by_model.events] == ["EUR", "EUR", "EUR"]  # the model's default
    with_settings = [kept, paper]  # (the one without settings is read as a model for its default)
    with CaptureQueriesContext(connection) as with_currency:
        read = events_series_rows([SimpleNamespace(pk=t.pk, currency="CHF") for t in with_settings], ranks=False)
    with CaptureQueriesContext(connection) as without:
        events_series_rows([SimpleNamespace(pk=t.pk) for t in with_settings], ranks=False)
    assert [e.currency for e in read.events] == ["CHF"] * 2 and len(with_currency) == len(without) - 1
