"""Drawing the series of an event: by lot, by the standings, late entries and withdrawals, and what is refused."""

import pytest

from seating.errors import SeatingError
from seating.event_series import series_draw, series_players
from seating.models import Player, Seat, SeriesDraw, Table, Tournament
from seating.selectors import drawn_series
from seating.services import tournament_clear_draw

pytestmark = pytest.mark.django_db


def isko_event(players: int = 14, series: int = 3, clubs: int = 4) -> Tournament:
    tournament = Tournament.objects.create(name="Club evening", method="fixed", table_sizes="3-and-4",
                                           session_rounds=12, series_count=series)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n:02}", club=f"Club {n % clubs}")
                                for n in range(players)])
    return tournament


def tables_of(tournament, series) -> list[list[int]]:
    tables: dict[int, list[int]] = {}
    for number, player in (Seat.objects.filter(tournament=tournament, series=series)
                           .order_by("table__number", "seat").values_list("table__number", "player_id")):
        tables.setdefault(number, []).append(player)
    return list(tables.values())


def test_a_series_by_lot_seats_everyone_at_tables_of_four_and_three_playing_48_and_36_deals():
    tournament = isko_event()

    record = series_draw(tournament=tournament, number=1, how="lot", seed=11)

    tables = tables_of(tournament, 1)
    assert [len(t) for t in tables] == [4, 4, 3, 3]
    assert sorted(p for t in tables for p in t) == sorted(tournament.players.values_list("id", flat=True))
    # 12 rounds: 4 × 12 = 48 deals at a table of four, 3 × 12 = 36 at a table of three
    assert [(t.size, t.stays * t.rounds_per_stay * t.size) for t in Table.objects.filter(tournament=tournament)] == [
        (4, 48), (4, 48), (3, 36), (3, 36)]
    tournament.refresh_from_db()
    assert (tournament.draw_seed, tournament.status, record.seed, record.how) == (11, "drawn", 11, "lot")
    assert record.club_clashes == record.least_club_clashes  # 14 players of 4 clubs spread over 4 tables


def test_the_same_seed_gives_the_same_series():
    first, second = isko_event(), isko_event()
    series_draw(tournament=first, number=1, how="lot", seed=5)
    series_draw(tournament=second, number=1, how="lot", seed=5)
    by_name = lambda t: [[Player.objects.get(pk=p).name for p in table] for table in tables_of(t, 1)]  # noqa: E731
    assert by_name(first) == by_name(second)


def test_a_series_by_standings_seats_the_best_four_together_and_the_last_at_the_tables_of_three():
    tournament = isko_event()
    series_draw(tournament=tournament, number=1, how="lot", seed=1)
    ranked = list(tournament.players.order_by("-name").values_list("id", flat=True))  # P13 best ... P00 last

    record = series_draw(tournament=tournament, number=2, how="standings", ranked=ranked)

    assert tables_of(tournament, 2) == [ranked[0:4], ranked[4:8], ranked[8:11], ranked[11:14]]
    assert (record.how, record.seed) == ("standings", None)
    assert drawn_series(tournament) == 2
    assert Table.objects.filter(tournament=tournament).count() == 8  # each series its own tables


def test_a_late_entry_plays_from_his_series_and_a_withdrawn_player_no_more():
    tournament = isko_event(series=3)
    series_draw(tournament=tournament, number=1, how="lot", seed=2)
    gone = tournament.players.first()
    Player.objects.filter(pk=gone.pk).update(last_series=1)
    late = Player.objects.create(tournament=tournament, name="Late", club="Club 9", first_series=2)
    late_too = Player.objects.create(tournament=tournament, name="Later", club="Club 9", first_series=3)

    series_draw(tournament=tournament, number=2, how="lot", seed=3)

    seated = {p for t in tables_of(tournament, 2) for p in t}
    assert late.pk in seated and gone.pk not in seated and late_too.pk not in seated
    assert len(seated) == 14 and [len(t) for t in tables_of(tournament, 2)] == [4, 4, 3, 3]
    assert [p.pk for p in series_players(tournament, 3)].count(late_too.pk) == 1


@pytest.mark.parametrize("number, how, message", [
    (3, "lot", "Draw series 2 first."),
    (4, "lot", "The event plays series 1 to 3; add a series first."),
    (1, "standings", "The first series has no standings before it: draw it by lot, or by the method on Plan & draw."),
    (2, "chance", "Draw a series by lot or by the standings."),
])
def test_a_series_out_of_turn_is_refused_and_changes_nothing(number, how, message):
    tournament = isko_event(series=3)
    if number != 1:
        series_draw(tournament=tournament, number=1, how="lot", seed=4)
    before = list(Seat.objects.order_by("id").values_list("id", "series", "table_id", "player_id"))

    with pytest.raises(SeatingError) as refused:
        series_draw(tournament=tournament, number=number, how=how)

    assert refused.value.message == message
    assert list(Seat.objects.order_by("id").values_list("id", "series", "table_id", "player_id")) == before


def test_an_earlier_series_stands_once_a_later_one_is_drawn():
    tournament = isko_event()
    series_draw(tournament=tournament, number=1, how="lot", seed=4)
    series_draw(tournament=tournament, number=2, how="lot", seed=5)

    with pytest.raises(SeatingError):
        series_draw(tournament=tournament, number=1, how="lot", seed=6)
    with pytest.raises(SeatingError):
        tournament_clear_draw(tournament=tournament)
    assert SeriesDraw.objects.filter(tournament=tournament).count() == 2


def test_a_series_drawn_again_replaces_its_seats_and_its_record():
    tournament = isko_event()
    series_draw(tournament=tournament, number=1, how="lot", seed=4)
    series_draw(tournament=tournament, number=2, how="lot", seed=5)
    series_draw(tournament=tournament, number=2, how="lot", seed=6)
    assert list(SeriesDraw.objects.filter(tournament=tournament).values_list("number", "seed")) == [(1, 4), (2, 6)]
    assert Seat.objects.filter(tournament=tournament, series=2).count() == 14


def test_a_foster_congress_continues_the_movement_in_its_next_session():
    from seating.services import tournament_draw

    tournament = Tournament.objects.create(name="Congress", method="up-sides-down-middle", series_count=2)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n:02}") for n in range(16)])
    tournament_draw(tournament=tournament, seed=1898)

    record = series_draw(tournament=tournament, number=2, how="movement")

    def seating(series):
        return sorted(Seat.objects.filter(tournament=tournament, series=series)
                      .values_list("stay", "table__number", "seat", "player_id", "pair__number", "place"))
    assert seating(2) == seating(1) and len(seating(2)) == 16 * 7  # 4 tables up the sides: 7 stays
    assert (record.how, record.seed) == ("movement", None)
    assert Table.objects.filter(tournament=tournament, series=2, section__series=2).count() == 4


def test_the_movement_cannot_go_on_with_other_players():
    from seating.services import tournament_draw

    tournament = Tournament.objects.create(name="Congress", method="up-sides-down-middle", series_count=2)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n:02}") for n in range(16)])
    tournament_draw(tournament=tournament, seed=1898)
    Player.objects.create(tournament=tournament, name="Late", first_series=2)

    with pytest.raises(SeatingError) as refused:
        series_draw(tournament=tournament, number=2, how="movement")
    assert "draw by lot" in refused.value.message
    assert not Seat.objects.filter(tournament=tournament, series=2).exists()
