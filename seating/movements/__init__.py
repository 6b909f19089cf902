"""Seating movements for Skat tournaments: who sits where, stay by stay. Pure Python, no Django.

Vocabulary (after Foster, "Management of Skat Tournaments", 1922):
    table        three to six players (law 6); four is best. The odd players make tables of three or five
                 under Foster's rule, of three only under today's ISkO, which never seats five (``tables``,
                 ``TableSizes``).
    round        every player at a table deals once (law 7): four deals at a table of four, three at three.
    stay         the round or rounds played at one table before the pairs move; a fixed table plays one stay,
                 the whole session.
    rounds per stay / fixed rounds  the two lengths of a layout: rounds at a moving table before the pairs
                 move, and rounds at a fixed table (``layout``).
    method       fixed       Foster's first method: experts drawn by lot control the tables, the others draw
                             ballots, nobody moves (``fixed``);
                 n-s-stationary  N-S pairs stay, E-W pairs move to the next table (``ns_stationary``);
                 up-sides-down-middle  one pivot pair stays, the sides move up and the middle down
                             (``up_sides``).
    pair         two players sitting opposite each other; in the pair methods they move together.
    section      tables whose pairs move among themselves; Foster allows at most ten (``sections``).
    pivot        the pair that never moves in "up the sides and down the middle" (middle of table 1).
    side/middle  the places across / along the row of tables in that movement.
    N-S/E-W      the places of the stationary and the moving pair in the N-S stationary movement.
    phantom pair a pair number nobody fills when the pairs are odd; its opponent sits out (``layout``).
    sit-out      the players who play no table in a stay because they were drawn against the phantom.
    layout       tables, sections and sit-outs for a player count, before the draw (``layout``).
    schedule     every table's stays, deals per stay and deals in all, and which deal numbers fall in which
                 stay: the one place these figures are computed (``schedule``).
    plan         the layout with players drawn to pairs and seats from a seed (``draw``, ``plan``).
    series       today's events: 48 deals at a table of four, 36 at three, a new seating each series, drawn
                 by lot (clubs apart, few repeat meetings) or by the standings (``series``), or all series
                 planned at once so players meet someone new at every table (``event_plan``).

Every input is checked; a mistake raises ``MovementUserError`` with the field and what to change, an
impossible state ``MovementFatalError``. Chance comes only from the ``random.Random`` passed in.
"""

from .draw import draw_pairs, draw_plan, plan_fixed_tables
from .errors import MovementError, MovementFatalError, MovementUserError
from .event_plan import EventPlan, PlanQuality, one_at_a_time, plan_event, plan_quality, replan_event
from .fixed import draw_fixed_tables
from .layout import (
    Layout,
    Remainder,
    SectionLayout,
    longest_moving_deals,
    pair_movement,
    plan_layout,
    split_within_forty,
)
from .movement import Method, PairMovement, PairTable, Place, PlacedPair, meeting_counts
from .ns_stationary import ns_stationary, ns_stationary_move
from .plan import Plan, SeatedTable, SectionSeating, Stay
from .schedule import Schedule, TableSchedule, schedule
from .sections import FOSTER_SECTION_TABLES, MAX_SECTION_TABLES, check_sections, suggest_sections
from .series_seating import Entrant, SeriesSeating, draw_by_lot, draw_by_standings, meetings, seat_by_shuffle
from .tables import FOSTER_ROUNDS, TableSizes, table_sizes
from .up_sides import up_sides_down_middle, up_sides_move

__all__ = [
    "FOSTER_ROUNDS",
    "FOSTER_SECTION_TABLES",
    "MAX_SECTION_TABLES",
    "Entrant",
    "EventPlan",
    "Layout",
    "longest_moving_deals",
    "split_within_forty",
    "Method",
    "MovementError",
    "MovementFatalError",
    "MovementUserError",
    "PairMovement",
    "PairTable",
    "Place",
    "PlacedPair",
    "Plan",
    "PlanQuality",
    "Remainder",
    "Schedule",
    "SeatedTable",
    "SectionLayout",
    "SectionSeating",
    "SeriesSeating",
    "Stay",
    "TableSchedule",
    "TableSizes",
    "check_sections",
    "draw_by_lot",
    "draw_by_standings",
    "draw_fixed_tables",
    "draw_pairs",
    "draw_plan",
    "meeting_counts",
    "meetings",
    "one_at_a_time",
    "ns_stationary",
    "ns_stationary_move",
    "pair_movement",
    "plan_event",
    "plan_fixed_tables",
    "plan_layout",
    "plan_quality",
    "replan_event",
    "schedule",
    "seat_by_shuffle",
    "suggest_sections",
    "table_sizes",
    "up_sides_down_middle",
    "up_sides_move",
]
