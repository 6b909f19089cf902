"""The seat draw: real players onto a layout's pair numbers and seats.

Vocabulary:
    ticket       a player's place in the drawn order. The pair methods shuffle the players once (Foster's
                 tickets "so ordered that the candidates for play shall fill up the tables one after the
                 other"): consecutive tickets make pair 1, 2, ... of section 1, then of section 2, the phantom
                 skipped; the remaining tickets fill the fixed tables.
    lot, ballot  the fixed method's draw (see ``fixed``); its odd tables of three (or Foster's five) get a
                 controller like any other table.
    seed         the only source of chance is the ``random.Random`` passed in; with the same seed, layout and
                 player order the plan is the same, so the director can print the seed and anyone can
                 repeat the draw.
"""

import random
from collections.abc import Collection, Sequence
from itertools import islice

from .errors import MovementFatalError, MovementUserError
from .fixed import draw_fixed_tables
from .layout import Layout, SectionLayout, plan_layout
from .movement import Method
from .plan import Plan, SeatedTable, SectionSeating, Stay
from .players import PlayerId, check_players
from .tables import FOSTER_ROUNDS, TableSizes
from .words import Note


def draw_pairs(players: Sequence[PlayerId], *, rng: random.Random) -> tuple[tuple[PlayerId, PlayerId], ...]:
    """Shuffle an even number of players into pairs of partners."""
    players = check_players(players, len(players))
    if len(players) % 2:
        count = len(players)
        raise MovementUserError("players", Note(lambda w: w.gettext(
            "{count} players cannot all be paired; add or remove one").format(count=count)))
    tickets = rng.sample(players, len(players))
    return tuple(zip(tickets[::2], tickets[1::2]))


def draw_plan(
    layout: Layout,
    players: Sequence[PlayerId],
    *,
    rng: random.Random,
    experts: Collection[PlayerId] = frozenset(),
) -> Plan:
    """Draw ``players`` onto ``layout``. ``experts`` (the fixed method only) control one table each."""
    players = check_players(players, layout.players)
    if layout.method is Method.FIXED:
        tables = draw_fixed_tables(layout.fixed_tables, players, experts, rng=rng)
        return Plan(layout, (), tables)
    if experts:
        raise MovementUserError(
            "experts", Note(lambda w: w.gettext(
                "only the fixed method has controllers; at moving tables the players keep the score"))
        )
    tickets = iter(rng.sample(players, len(players)))
    sections = []
    for section in layout.sections:
        pairs = tuple(
            None if pair == section.phantom else (next(tickets), next(tickets))
            for pair in range(1, section.movement.pairs + 1)
        )
        sections.append(_seat_section(section, pairs))
    first = layout.first_fixed_table
    fixed = [
        SeatedTable(first + offset, tuple(islice(tickets, size))) for offset, size in enumerate(layout.fixed_tables)
    ]
    left = list(tickets)
    if left:
        raise MovementFatalError("players", f"{len(left)} players were left without a seat")
    return Plan(layout, tuple(sections), tuple(fixed))


def plan_fixed_tables(
    players: Sequence[PlayerId],
    experts: Collection[PlayerId],
    *,
    rng: random.Random,
    session_rounds: int = FOSTER_ROUNDS,
    table_sizes: TableSizes = TableSizes.FOSTER,
) -> Plan:
    """Foster's first method in one call: lay out, draw lots for the experts and ballots for the others.

    ``session_rounds`` are played at every table (``Layout.fixed_rounds``); ``table_sizes`` cuts the count.
    """
    layout = plan_layout(Method.FIXED, len(players), session_rounds=session_rounds, table_sizes=table_sizes)
    return draw_plan(layout, players, rng=rng, experts=experts)


def _seat_section(section: SectionLayout, pairs: tuple) -> SectionSeating:
    stays = []
    for number, stay in enumerate(section.movement.stays, start=1):
        tables, out = [], ()
        for table in stay:
            first, second = (pairs[placed.pair - 1] for placed in table.pairs)
            if first is None or second is None:
                out = first or second
                continue
            seats = (first[0], second[0], first[1], second[1])
            tables.append(SeatedTable(section.hall_table(table.table), seats, pairs=table.pairs))
        stays.append(Stay(number, tuple(tables), out))
    return SectionSeating(section, pairs, tuple(stays))
