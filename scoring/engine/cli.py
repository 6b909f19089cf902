"""The engine's command-line face, for users, scripts and acceptance checks.

    python -m scoring.engine score --json '{"rulebook": "foster-1922", "game": "club solo", ...}'
    python -m scoring.engine check --json '{"rulebook": "foster-1922", "game": "club solo", "value": 40}'
    python -m scoring.engine bids --rulebook foster-1922 --json
    python -m scoring.engine rulebooks

Every answer is one JSON object (or list) on stdout. Wrong input exits with status 2 and prints
``{"error": message, "field": name}``; no traceback ever reaches the user.
"""

import argparse
import json
import sys

from .bids import bids
from .checks import check_entry, check_written
from .deals import Deal
from .errors import InvalidDeal
from .rulebooks import DEFAULT_RULEBOOK, RULEBOOKS, get_rulebook
from .valuation import score

USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's own errors, as our one JSON shape
        _emit({"error": message, "field": "arguments"})
        self.print_usage(sys.stderr)
        raise SystemExit(USAGE_ERROR)


def _emit(payload) -> None:
    print(json.dumps(payload, ensure_ascii=False))


def _load(text: str) -> dict:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise InvalidDeal("json", f"not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise InvalidDeal("json", "give one JSON object of named fields")
    return data


def _score(args) -> object:
    data = _load(args.json)
    written = data.pop("written", None)
    result = score(Deal.from_mapping(data), data.get("rulebook", DEFAULT_RULEBOOK))
    payload = result.as_dict()
    if written is not None:
        payload["check"] = check_written(result, written).as_dict()
    return payload


def _check(args) -> object:
    data = _load(args.json)
    allowed = {"rulebook", "game", "value", "result", "hand", "ouvert", "second_card"}
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise InvalidDeal(unknown[0], f"unknown field; the fields are {', '.join(sorted(allowed))}")
    if "value" not in data:
        raise InvalidDeal("value", "give the value written down")
    flags = {}
    for name in ("hand", "ouvert", "second_card"):
        value = data.get(name, False)
        if not isinstance(value, bool):
            raise InvalidDeal(name, "must be true or false")
        flags[name] = value
    return check_entry(data.get("rulebook"), data.get("game"), data["value"], result=data.get("result"), **flags).as_dict()


def _bids(args) -> object:
    legal = list(bids(get_rulebook(args.rulebook), include_barred=args.include_barred))
    return legal if args.json else " ".join(map(str, legal))


def _rulebooks(args) -> object:
    return [
        {"id": rb.id, "title": rb.title, "source": rb.source, "games": [g.name for g in rb.games],
         "notes": list(rb.notes)}
        for rb in RULEBOOKS.values()
    ]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m scoring.engine", description="The Skat rules engine.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = commands.add_parser("score", help="value one deal")
    p.add_argument("--json", required=True, help="the deal as a JSON object")
    p.set_defaults(run=_score)
    p = commands.add_parser("check", help="is a bare value possible for a game?")
    p.add_argument("--json", required=True, help='{"rulebook": ..., "game": ..., "value": n, "result": "won"|"lost"}')
    p.set_defaults(run=_check)
    p = commands.add_parser("bids", help="list the legal bids")
    p.add_argument("--rulebook", default=DEFAULT_RULEBOOK, help=f"one of {', '.join(RULEBOOKS)}")
    p.add_argument("--json", action="store_true", help="print a JSON list")
    p.add_argument("--include-barred", action="store_true", help="also games barred in tournaments (Simple)")
    p.set_defaults(run=_bids)
    p = commands.add_parser("rulebooks", help="list the rulebooks and their games")
    p.set_defaults(run=_rulebooks)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        payload = args.run(args)
    except InvalidDeal as err:
        _emit(err.as_dict())
        return USAGE_ERROR
    if isinstance(payload, str):
        print(payload)
    else:
        _emit(payload)
    return 0
