"""The command line: ``python -m seating.movements show|plan ...``.

Vocabulary:
    show         print one section's movement (or the fixed method's tables) for a number of tables.
    plan         print the layout for a number of players: sections, fixed tables, phantoms, the stays and
                 deals of each (``schedule``), notes. ``--table-sizes 3-and-4`` cuts the count by ISkO's rule;
                 ``--rounds-per-stay`` (pair methods) and ``--session-rounds`` (a fixed-table session) set the
                 lengths, as ``layout.plan_layout`` takes them.

Mistakes give one line on stderr and exit status 2, never a traceback. The output and the mistakes are in the
command line's language (``words.command_words``: ``SKAT_LANGUAGE=de``); ``--help`` stays English.
"""

import argparse
import json
import os
import sys

from .errors import MovementError, MovementUserError
from .layout import Remainder, pair_movement, plan_layout
from .movement import Method
from .render import (
    fixed_as_dict,
    fixed_as_text,
    layout_as_dict,
    layout_as_text,
    movement_as_dict,
    movement_as_text,
)
from .tables import PLAYERS_PER_TABLE, TableSizes
from .words import Note, command_words

PROG = "python -m seating.movements"
MAX_FIXED_TABLES = 2500
MAX_PLAYERS = PLAYERS_PER_TABLE * MAX_FIXED_TABLES
"""Far beyond the largest congress on record (2,700 players at Chicago, 1907)."""
USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(USAGE_ERROR, f"{PROG}: error: {message}\n")


def main(argv: list[str] | None = None, environ=os.environ) -> int:
    args = _parser().parse_args(argv)
    args.words = command_words(environ)
    try:
        output = args.run(args)
    except MovementError as error:
        message = error.message.render(args.words) if isinstance(error.message, Note) else error.message
        print(f"{PROG}: error: {error.field}: {message}", file=sys.stderr)
        return USAGE_ERROR
    print(output)
    return 0


def _show(args) -> str:
    method = Method(args.method)
    if method is Method.FIXED:
        if not 1 <= args.tables <= MAX_FIXED_TABLES:
            raise MovementUserError("tables", Note(lambda w: w.gettext(
                "the fixed method takes 1 to {most} tables, got {count}").format(most=MAX_FIXED_TABLES,
                                                                                   count=args.tables)))
        layout = plan_layout(method, PLAYERS_PER_TABLE * args.tables)
        return _emit(args, fixed_as_dict(layout), fixed_as_text(layout, args.words))
    movement = pair_movement(method, args.tables)
    return _emit(args, movement_as_dict(movement), movement_as_text(movement, args.words))


def _plan(args) -> str:
    if args.players > MAX_PLAYERS:
        raise MovementUserError("players", Note(lambda w: w.gettext("at most {most} players, got {count}").format(
            most=MAX_PLAYERS, count=args.players)))
    layout = plan_layout(
        Method(args.method),
        args.players,
        remainder=None if args.remainder is None else Remainder(args.remainder),
        sections=args.sections,
        rounds_per_stay=args.rounds_per_stay,
        session_rounds=args.session_rounds,
        table_sizes=TableSizes(args.table_sizes),
    )
    return _emit(args, layout_as_dict(layout), layout_as_text(layout, args.words))


def _emit(args, as_dict: dict, as_text: str) -> str:
    return json.dumps(as_dict) if args.format == "json" else as_text


def _whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None


def _split(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be table counts separated by commas, e.g. 5,5,5; got {text!r}"
        ) from None


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Skat tournament seating movements (Foster, 1922).")
    commands = parser.add_subparsers(dest="command", required=True, metavar="{show,plan}")
    methods = [method.value for method in Method]

    show = commands.add_parser("show", help="one section's movement for a number of tables")
    show.add_argument("--method", required=True, choices=methods)
    show.add_argument("--tables", required=True, type=_whole_number, help="tables in the section")
    show.add_argument("--format", choices=["json", "text"], default="text")
    show.set_defaults(run=_show)

    plan = commands.add_parser("plan", help="the layout for a number of players")
    plan.add_argument("--method", required=True, choices=methods)
    plan.add_argument("--players", required=True, type=_whole_number)
    plan.add_argument("--remainder", choices=[remainder.value for remainder in Remainder])
    plan.add_argument("--sections", type=_split, help="the director's split of the moving tables, e.g. 5,5,5")
    plan.add_argument(
        "--table-sizes",
        choices=[rule.value for rule in TableSizes],
        default=TableSizes.FOSTER.value,
        help="3-to-5: Foster's tables of four with a five or threes (default); 3-and-4: ISkO, never five",
    )
    plan.add_argument("--rounds-per-stay", type=_whole_number, help="pair methods: rounds before the pairs move")
    plan.add_argument(
        "--session-rounds",
        type=_whole_number,
        help="rounds of a fixed-table session: the fixed method's, or a pair method's when nobody moves (default 20)",
    )
    plan.add_argument("--format", choices=["json", "text"], default="text")
    plan.set_defaults(run=_plan)
    return parser
