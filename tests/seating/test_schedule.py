"""One schedule: the entry sheet, the printed score sheets, the guide cards and the movement cards agree on
every table's deals, for every method and remainder rule and every count from 3 to 60 players."""

import pytest

from scoring.entry.errors import EntryError
from scoring.entry.sheets import deal_slot, table_sheet
from seating.models import Player, Table, Tournament
from seating.movements import Method, Remainder, table_sizes
from seating.printing import selectors
from seating.schedule import schedule_of, table_schedule, tournament_schedule
from seating.services import tournament_draw

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

CASES = [(Method.FIXED.value, Remainder.EXTRA_TABLES.value)] + [
    (method.value, remainder.value) for method in (Method.NS_STATIONARY, Method.UP_SIDES) for remainder in Remainder]


def drawn(players: int, method: str, remainder: str) -> Tournament:
    tournament = Tournament.objects.create(name=f"{players} {method} {remainder}", method=method, remainder=remainder)
    experts = len(table_sizes(players)) if method == Method.FIXED.value else 0  # one controller a table
    Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n}", is_expert=n < experts)
                                for n in range(players)])
    tournament_draw(tournament=tournament, seed=players)
    return tournament


def printed_deals(tournament: Tournament) -> dict[int, int]:
    """Each table's deals in all, as the printed score sheets give them (the last deal of its last sheet)."""
    last = {}
    for sheet in selectors.score_sheets(tournament).parts:
        last[sheet.table] = max(last.get(sheet.table, 0), sheet.last_deal)
    return last


@pytest.mark.parametrize("method, remainder", CASES)
def test_every_document_and_the_entry_sheet_agree_on_every_tables_deals(method, remainder):
    for players in range(3, 61):
        tournament = drawn(players, method, remainder)
        schedule = tournament_schedule(tournament)
        by_number = {s.table: s for s in schedule.values()}
        guides = {card.table: card for card in selectors.guide_cards(tournament).parts}
        printed = printed_deals(tournament)
        for table in Table.objects.filter(tournament=tournament).select_related("tournament"):
            expected = schedule[table.pk]
            where = (players, method, remainder, table.number)
            assert schedule_of(table) == expected, where
            assert table_sheet(table).total_deals == expected.total_deals, where
            if table.seats.filter(stay=expected.stays).exists():  # not the phantom pair's idle table
                assert deal_slot(table, expected.total_deals).number == expected.total_deals, where
            with pytest.raises(EntryError):
                deal_slot(table, expected.total_deals + 1)
            assert guides[table.number].deals == expected.total_deals, where
            assert guides[table.number].rounds * table.size == expected.total_deals, where
            assert [stay.deals for stay in guides[table.number].stays] == (
                [expected.stay_deals(s) for s in range(1, expected.stays + 1)] if expected.moving else []), where
            if printed.get(table.number):  # a phantom's idle table prints no sheet
                assert printed[table.number] == expected.total_deals, where
        if method != Method.FIXED.value:
            for card in selectors.movement_cards(tournament).parts if tournament.sections.exists() else ():
                for stay in card.stays:
                    if stay.table is not None:
                        assert stay.deals == by_number[stay.table].stay_deals(stay.stay), (players, card.pair)


def test_five_players_up_the_sides_play_a_fixed_session_of_twenty_rounds_everywhere():
    tournament = drawn(5, Method.UP_SIDES.value, Remainder.EXTRA_TABLES.value)
    table = Table.objects.select_related("tournament").get(tournament=tournament)
    # Nobody can move with five players: one fixed table of five, Foster's twenty rounds of five deals.
    assert (schedule_of(table).stays, schedule_of(table).total_deals) == (1, 100)
    assert table_sheet(table).total_deals == 100
    assert printed_deals(tournament) == {1: 100}
    assert selectors.guide_cards(tournament).parts[0].deals == 100


def test_the_schedule_by_hand():
    # Foster's table: 12 players up the sides, 3 tables, 5 stays of one round: 20 deals at a table of four.
    moving = table_schedule(method="up-sides-down-middle", rounds_drawn=1, table=1, size=4, section_stays=5,
                            longest_section=5)
    assert (moving.stays, moving.deals_per_stay, moving.total_deals, moving.stay_deals(3)) == (5, 4, 20, (9, 12))
    # An extra fixed table of five beside that section plays as long: 5 rounds of 5 deals.
    extra = table_schedule(method="up-sides-down-middle", rounds_drawn=1, table=4, size=5, section_stays=None,
                           longest_section=5)
    assert (extra.stays, extra.total_rounds, extra.total_deals) == (1, 5, 25)
    # The fixed method: twenty rounds, 80 deals at a table of four, 100 at five.
    assert table_schedule(method="fixed", rounds_drawn=None, table=1, size=4, section_stays=None,
                          longest_section=None).total_deals == 80
    assert table_schedule(method="fixed", rounds_drawn=20, table=2, size=5, section_stays=None,
                          longest_section=None).total_deals == 100
