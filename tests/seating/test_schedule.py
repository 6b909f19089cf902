"""One schedule: the entry sheet, the printed score sheets, the guide cards and the movement cards agree on
every table's deals, for every method and remainder rule and every count from 3 to 60 players."""

import pytest

from scoring.entry.sheets import deal_slot, table_sheet
from scoring.results import EntryError
from seating.models import Player, Table, Tournament
from seating.movements import Method, Remainder, TableSizes, table_sizes
from seating.printing import selectors
from seating.schedule import schedule_of, tournament_schedule
from seating.services import tournament_draw

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

CASES = [(Method.FIXED.value, Remainder.EXTRA_TABLES.value, rule.value) for rule in TableSizes] + [
    (method.value, remainder.value, rule.value) for method in (Method.NS_STATIONARY, Method.UP_SIDES)
    for remainder in Remainder for rule in TableSizes]


def drawn(players: int, method: str, remainder: str, rule: str = "3-to-5") -> Tournament:
    tournament = Tournament.objects.create(name=f"{players} {method} {remainder} {rule}", method=method,
                                           remainder=remainder, table_sizes=rule)
    experts = len(table_sizes(players, TableSizes(rule))) if method == Method.FIXED.value else 0  # a controller a table
    Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n}", is_expert=n < experts)
                                for n in range(players)])
    tournament_draw(tournament=tournament, seed=players)
    return tournament


def span(schedule, stay: int) -> tuple[int, int]:
    numbers = schedule.deal_numbers(stay)
    return numbers[0], numbers[-1]


def printed_deals(tournament: Tournament) -> dict[int, int]:
    """Each table's deals in all, as the printed score sheets give them (the last deal of its last sheet)."""
    last = {}
    for sheet in selectors.score_sheets(tournament).parts:
        last[sheet.table] = max(last.get(sheet.table, 0), sheet.last_deal)
    return last


@pytest.mark.parametrize("method, remainder, rule", CASES)
def test_every_document_and_the_entry_sheet_agree_on_every_tables_deals(method, remainder, rule):
    for players in range(3, 61):
        if rule == TableSizes.THREES_AND_FOURS.value and players == 5:
            continue  # cannot be seated under ISkO: refused (below)
        tournament = drawn(players, method, remainder, rule)
        schedule = tournament_schedule(tournament)
        by_number = {s.table: s for s in schedule.values()}
        guides = {card.table: card for card in selectors.guide_cards(tournament).parts}
        printed = printed_deals(tournament)
        for table in Table.objects.filter(tournament=tournament).select_related("tournament"):
            expected = schedule[table.pk]
            where = (players, method, remainder, rule, table.number)
            if rule == TableSizes.THREES_AND_FOURS.value:
                assert table.size in (3, 4), where
            assert schedule_of(table) == expected, where
            assert table_sheet(table).total_deals == expected.deals, where
            if table.seats.filter(stay=expected.stays).exists():  # not the phantom pair's idle table
                assert deal_slot(table, expected.deals).number == expected.deals, where
            with pytest.raises(EntryError):
                deal_slot(table, expected.deals + 1)
            assert guides[table.number].deals == expected.deals, where
            assert guides[table.number].rounds * table.size == expected.deals, where
            assert [stay.deals for stay in guides[table.number].stays] == (
                [span(expected, s) for s in range(1, expected.stays + 1)] if expected.moves else []), where
            if printed.get(table.number):  # a phantom's idle table prints no sheet
                assert printed[table.number] == expected.deals, where
        if method != Method.FIXED.value:
            for card in selectors.movement_cards(tournament).parts if tournament.sections.exists() else ():
                for stay in card.stays:
                    if stay.table is not None:
                        assert stay.deals == span(by_number[stay.table], stay.stay), (players, card.pair)


def test_five_players_up_the_sides_play_a_fixed_session_of_twenty_rounds_everywhere():
    tournament = drawn(5, Method.UP_SIDES.value, Remainder.EXTRA_TABLES.value)
    table = Table.objects.select_related("tournament").get(tournament=tournament)
    # Nobody can move with five players: one fixed table of five, Foster's twenty rounds of five deals.
    assert (schedule_of(table).stays, schedule_of(table).deals) == (1, 100)
    assert table_sheet(table).total_deals == 100
    assert printed_deals(tournament) == {1: 100}
    assert selectors.guide_cards(tournament).parts[0].deals == 100


def test_five_players_cannot_be_seated_under_the_skat_order():
    from seating.errors import SeatingError

    with pytest.raises(SeatingError, match="three or four"):
        drawn(5, Method.UP_SIDES.value, Remainder.EXTRA_TABLES.value, TableSizes.THREES_AND_FOURS.value)
    assert Table.objects.count() == 0
