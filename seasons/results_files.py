"""Results files: events not played on this server, submitted to an association's ranking in the published format
``docs/results-file.schema.json`` (JSON Schema, checked with ``jsonschema``), as JSON or as CSV.

Vocabulary:
    results file   ``{"event": {"name", "date", "club", "region"}, "players": [{"federation_number", "name",
                   "birth_year", "categories": [...], "series": [{"total", "games"}, ...]}]}``; a series' number is
                   its place in the player's list. The CSV form: one row a player, the columns ``event_name``,
                   ``event_date``, ``event_club``, ``event_region`` (the same on every row), ``federation_number``,
                   ``name``, ``birth_year``, ``categories`` (comma-separated), ``total_1``, ``games_1``,
                   ``total_2``, ``games_2``, ...
    bad row        a refusal names the row (a JSON player's number in the list, 1 for the first; a CSV file's line,
                   the header being line 1; ``0`` for the event) and the field (``series[2].total`` in JSON,
                   ``total_2`` in CSV): every bad row is named, and nothing is written while one is wrong.
    the same event one of the season's current submissions with the same club, date and name (compared as
                   ``seasons.same_event.tidied`` compares them, folded with their spaces tidied: "SC  NORD" is
                   "SC Nord"): a new file replaces it, the replaced one stays in the history with who replaced it
                   and when.
    deadline       with the rule ``submission_days``, a file is taken until that many days after its event's date.
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.errors import UserError
from common.folding import folded
from common.i18n import day
from common.import_files import cell_text, read_rows
from common.untrusted import json_text
from seasons.association import is_association
from seasons.models import Season, SubmittedEvent
from seasons.same_event import season_evening_of_file, tidied
from seasons.services import SeasonError

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "docs" / "results-file.schema.json"
MOST_BYTES = 5_000_000
EVENT_COLUMNS = {"event_name": "name", "event_date": "date", "event_club": "club", "event_region": "region"}
PLAYER_COLUMNS = ("federation_number", "name", "birth_year", "categories")
_SERIES_COLUMN = re.compile(r"^(total|games)_([1-9][0-9]?)$")
# What no name or number holds and PostgreSQL refuses to store (NUL in text or JSON) or Python cannot write out
# (half of a UTF-16 pair, which JSON's \\ud800 escapes make): refused as the file's fault, not a 500 at the write.
_NOT_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


@cache
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class FileError:
    row: int
    field: str
    message: str

    def __str__(self) -> str:
        if self.row == 0:
            said = _("the event, {field}: {message}").format(field=self.field, message=self.message)
        else:
            said = _("row {row}, {field}: {message}").format(row=self.row, field=self.field, message=self.message)
        # a refusal quotes the file's own text: what a page cannot send nor a log write is shown as "�"
        return _NOT_TEXT.sub("\ufffd", said)


class ResultsFileError(UserError):
    """A results file refused: ``errors`` names every bad row and field."""

    def __init__(self, errors: list[FileError]):
        super().__init__("file", "; ".join(map(str, errors)))
        self.errors = errors


@dataclass(frozen=True)
class ResultsFile:
    data: dict
    rows: tuple[int, ...]  # each player's row number as a refusal names it
    csv: bool = False


# --- Reading ---------------------------------------------------------------------------------------------------

def results_file(filename: str, content: bytes) -> ResultsFile:
    """The file's results as the schema's object (not yet checked); ``ResultsFileError`` when it cannot be read."""
    if len(content) > MOST_BYTES:
        raise ResultsFileError([FileError(0, "file", _("the file is larger than {most} bytes").format(
            most=MOST_BYTES))])
    if filename.lower().endswith(".csv"):
        return _csv_file(filename, content)
    try:
        text = content.decode("utf-8-sig")
        data = json_text(text, field="file", most_characters=MOST_BYTES, most_depth=8)
    except UnicodeDecodeError:
        raise ResultsFileError([FileError(0, "file", _("the file is not UTF-8 text"))]) from None
    except UserError as refused:
        raise ResultsFileError([FileError(0, refused.field or "file", refused.message)]) from None
    players = data.get("players") if isinstance(data, dict) else None
    return ResultsFile(data, tuple(range(1, len(players) + 1)) if isinstance(players, list) else ())


def _whole_or_text(text: str):
    """A CSV cell as a whole number when it is one (the schema then says what is wrong with the rest)."""
    return int(text) if re.fullmatch(r"-?[0-9]{1,9}", text) else text


def _csv_file(filename: str, content: bytes) -> ResultsFile:
    try:
        rows = read_rows(filename, content)
    except UserError as refused:
        raise ResultsFileError([FileError(0, "file", refused.message)]) from None
    rows = [(number, [cell_text(c) for c in cells]) for number, cells in rows if any(cell_text(c) for c in cells)]
    if not rows:
        raise ResultsFileError([FileError(0, "file", _("the file has no rows"))])
    header_row, header = rows[0]
    header = [h.strip().lower() for h in header]
    known = set(EVENT_COLUMNS) | set(PLAYER_COLUMNS)
    errors = [FileError(header_row, title or "?", _("not a column of a results file"))
              for title in header if title not in known and not _SERIES_COLUMN.match(title)]
    missing = [c for c in ("event_name", "event_date", "event_club", "name") if c not in header]
    errors += [FileError(header_row, c, _("the header has no such column")) for c in missing]
    # a column twice: which of the two is meant is for the club to say, not for the last one to win
    errors += [FileError(header_row, title, _("the header has this column twice"))
               for title in sorted({t for t in header if t and header.count(t) > 1})]
    if not errors and len(rows) == 1:
        errors.append(FileError(0, "players", _("the file has its header but no player's row")))
    if errors:
        raise ResultsFileError(errors)
    numbers = sorted({int(m.group(2)) for m in map(_SERIES_COLUMN.match, header) if m})
    event, players, numbered = {}, [], []
    for number, cells in rows[1:]:
        if any(cells[len(header):]):  # "Müller, Hans" unquoted: every cell after it one column too far
            errors.append(FileError(number, "row", _("{count} cells, but the header has {columns} columns").format(
                count=max(i + 1 for i, c in enumerate(cells) if c), columns=len(header))))
        values = {title: cells[i] if i < len(cells) else "" for i, title in enumerate(header)}
        if not event:
            event = {key: values.get(column, "") for column, key in EVENT_COLUMNS.items() if column in values}
        elif any(values.get(column, "") != event.get(key, "") for column, key in EVENT_COLUMNS.items()
                 if column in values):
            errors.append(FileError(number, "event", _("another event than row {row}'s: a file holds one event")
                                    .format(row=rows[1][0])))
        player = {"name": values.get("name", "")}
        if values.get("federation_number"):
            player["federation_number"] = values["federation_number"]
        if values.get("birth_year"):
            player["birth_year"] = _whole_or_text(values["birth_year"])
        if values.get("categories"):
            player["categories"] = [c.strip() for c in re.split(r"[,;]", values["categories"]) if c.strip()]
        series = []
        for n in numbers:
            total, games = values.get(f"total_{n}", ""), values.get(f"games_{n}", "")
            if total or games:
                series.append({"total": _whole_or_text(total), "games": _whole_or_text(games)})
        player["series"] = series
        players.append(player)
        numbered.append(number)
    if errors:
        raise ResultsFileError(errors)
    return ResultsFile({"event": event, "players": players}, tuple(numbered), csv=True)


# --- Checking --------------------------------------------------------------------------------------------------

def _field(path: list, csv: bool) -> str:
    """Where in a player the schema found a problem, as the file names it."""
    if len(path) >= 2 and path[0] == "series" and isinstance(path[1], int):
        if csv and len(path) >= 3:
            return f"{path[2]}_{path[1] + 1}"
        return f"series[{path[1] + 1}]" + "".join(f".{step}" for step in path[2:])
    return ".".join(str(step) for step in path) or "player"


# the schema's types as a director reads them
_TYPE_WORDS = {"integer": gettext_lazy("a whole number"), "number": gettext_lazy("a number"),
               "string": gettext_lazy("a text"), "null": gettext_lazy("nothing"), "array": gettext_lazy("a list"),
               "object": gettext_lazy("an object"), "boolean": gettext_lazy("yes or no")}


def _message(error) -> str:
    """The validator's message, said plainly for the fields people get wrong."""
    if error.validator == "required":
        return _("missing: {fields}").format(fields=", ".join(
            name for name in error.validator_value if name not in (error.instance or {})))
    if error.validator == "type":
        wanted = [error.validator_value] if isinstance(error.validator_value, str) else error.validator_value
        return _("expected {type}, not {value}").format(
            type=_(" or ").join(str(_TYPE_WORDS.get(name, name)) for name in wanted),
            value=json.dumps(error.instance, ensure_ascii=False)[:60])
    if error.validator in ("minimum", "maximum"):
        return _("{value} is out of range ({minimum} … {maximum})").format(
            value=error.instance, minimum=error.schema.get("minimum", "…"), maximum=error.schema.get("maximum", "…"))
    if error.validator == "additionalProperties":
        return _("not a field of a results file")
    if error.validator in ("minLength", "pattern") and error.instance is not None:
        return _("may not be empty") if not str(error.instance).strip() else error.message
    if error.validator == "minItems":
        return _("at least {count}").format(count=error.validator_value)
    return error.message


def file_errors(results: ResultsFile) -> list[FileError]:
    """Every bad row and field of ``results``: what the schema refuses, then a date that is no day and a federation
    number given twice."""
    from jsonschema import Draft202012Validator

    errors = []
    for error in sorted(Draft202012Validator(schema()).iter_errors(results.data), key=lambda e: list(e.path)):
        path = list(error.absolute_path)
        if path[:1] == ["players"] and len(path) >= 2 and isinstance(path[1], int):
            row = results.rows[path[1]] if path[1] < len(results.rows) else path[1] + 1
            errors.append(FileError(row, _field(path[2:], results.csv), _message(error)))
        else:
            errors.append(FileError(0, ".".join(map(str, path)) or "file", _message(error)))
    event = results.data.get("event") if isinstance(results.data, dict) else None
    if isinstance(event, dict) and isinstance(event.get("date"), str) and event_date(event) is None \
            and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", event["date"]):
        errors.append(FileError(0, "event.date", _("{value} is no day of the calendar").format(value=event["date"])))
    if isinstance(event, dict):
        errors += [FileError(0, ".".join(map(str, ["event", *path])), _not_text_said())
                   for path in _not_text(event, [])]
    seen, alike = {}, {}
    players = results.data.get("players") if isinstance(results.data, dict) else None
    for index, player in enumerate(players if isinstance(players, list) else []):
        row = results.rows[index] if index < len(results.rows) else index + 1
        if isinstance(player, dict):
            errors += [FileError(row, _field(path, results.csv), _not_text_said())
                       for path in _not_text(player, [])]
        number = player.get("federation_number") if isinstance(player, dict) else None
        # as it is stored (``_tidy``): "P 1" and "P  1" are one number, so one person twice in the file
        number = " ".join(number.split()) if isinstance(number, str) else None
        if number:
            if number in seen:
                errors.append(FileError(row, "federation_number", _("the same federation number as row {row}")
                                        .format(row=seen[number])))
            seen.setdefault(number, row)
        errors += _player_errors(player, row, results.csv, number, alike)
    return sorted(errors, key=lambda e: e.row)


def _player_errors(player, row: int, csv: bool, number: str | None, alike: dict) -> list[FileError]:
    """A row pasted twice (the same name and year of birth, one of them without a number: one player, counted
    twice; two namesakes carry their numbers), and a series' total in no games (a list of no games sums to 0)."""
    if not isinstance(player, dict):
        return []
    errors = []
    name, year = player.get("name"), player.get("birth_year")
    if isinstance(name, str) and name.strip():
        key = (folded(" ".join(name.split())), year if isinstance(year, int) else None)
        earlier = alike.setdefault(key, [])
        if any(not (number and other) for _row, other in earlier):
            errors.append(FileError(row, "name", _("the same player (name and year of birth) as row {row}; give "
                                                   "each his federation number when they are two").format(
                row=next(r for r, other in earlier if not (number and other)))))
        earlier.append((row, number))
    series = player.get("series")
    for index, one in enumerate(series if isinstance(series, list) else []):
        if isinstance(one, dict) and one.get("games") == 0 and isinstance(one.get("total"), int) and one["total"]:
            errors.append(FileError(row, _field(["series", index, "total"], csv), _(
                "{total} in no games: a series of no games counts 0").format(total=one["total"])))
    return errors


def _not_text_said() -> str:
    return _("holds a character that is no text (NUL, a control character or half of a UTF-16 pair)")


def _not_text(value, path: list) -> list[list]:
    """The paths (keys and list positions from ``value``) of the texts in ``value`` that hold a character
    ``_NOT_TEXT`` names."""
    if isinstance(value, str):
        return [path] if _NOT_TEXT.search(value) else []
    inner = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    return [found for step, one in inner for found in _not_text(one, [*path, step])]


def event_date(event: dict) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(event["date"])
    except (ValueError, TypeError, KeyError):
        return None


def submission_deadline(date: datetime.date, days: int | None) -> datetime.date | None:
    """The last day a file of an event of ``date`` is taken under the rule ``submission_days`` (None: no rule, or a
    day past the calendar's last, 9999-12-31, which no today reaches)."""
    if days is None or days > (datetime.date.max - date).days:
        return None
    return date + datetime.timedelta(days=days)


def _tidy(player: dict) -> dict:
    number = " ".join(str(player.get("federation_number") or "").split())
    return {"federation_number": number or None, "name": " ".join(player["name"].split()),
            "birth_year": player.get("birth_year"), "categories": list(dict.fromkeys(player.get("categories") or [])),
            "series": [{"total": s["total"], "games": s["games"]} for s in player["series"]]}


# --- Submitting ------------------------------------------------------------------------------------------------

def season_submit(*, season: Season, results: ResultsFile, by=None, today: datetime.date | None = None
                  ) -> tuple[SubmittedEvent, SubmittedEvent | None]:
    """Take ``results`` into the association's ``season``: (the new submission, the one it replaced or None).
    ``ResultsFileError`` naming every bad row, or ``SeasonError`` for the season's deadline or for an event that is
    one of the season's club evenings (``seasons.same_event``); nothing is written then."""
    if not is_association(season.club):
        raise SeasonError("club", _("{club} is no association (no club is within it): its seasons take no results "
                                    "files").format(club=season.club.name))
    errors = file_errors(results)
    if errors:
        raise ResultsFileError(errors)
    event = results.data["event"]
    date = event_date(event)
    deadline = submission_deadline(date, season.parsed_rules.submission_days)
    today = today or timezone.localdate()
    if deadline is not None and today > deadline:
        raise SeasonError("event.date", _("the event of {date} was due by {deadline} ({days} days after it); "
                                          "results files are taken no more").format(
            date=date.isoformat(), deadline=deadline.isoformat(), days=season.parsed_rules.submission_days))
    players = [_tidy(p) for p in results.data["players"]]
    club, name = " ".join(event["club"].split()), " ".join(event["name"].split())
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=season.pk).first()  # one submission of a season at a time
        _refuse_evening(season, club=club, date=date, name=name)
        # the same event however its club and name are cased or spaced ("SC Nord", "SC  NORD"): a corrected file retyped
        # replaces the first instead of counting its players twice
        same = (tidied(club), tidied(name))
        replaced = next((one for one in SubmittedEvent.objects.filter(season=season, date=date,
                                                                      replaced_at__isnull=True).order_by("id")
                         if (tidied(one.club_name), tidied(one.name)) == same), None)
        if replaced is not None:
            replaced.replaced_at, replaced.replaced_by = timezone.now(), by
            replaced.save(update_fields=["replaced_at", "replaced_by"])
        made = SubmittedEvent.objects.create(
            season=season, club_name=club, region=" ".join(str(event.get("region") or "").split()), name=name,
            date=date, players=players, series=max(len(p["series"]) for p in players), submitted_by=by)
    return made, replaced


def _refuse_evening(season: Season, *, club: str, date: datetime.date, name: str) -> None:
    """A file of an event the season counts as its club's evening would count its players twice."""
    evening = season_evening_of_file(season, club=club, date=date, name=name)
    if evening is not None:
        raise SeasonError("event", _("“{name}” of {club} on {date} is in the ranking as its club's evening already: "
                                     "a results file of the same event would count it twice.").format(
            name=evening.name, club=evening.club_name, date=day(evening.date)))


def submission_history(season: Season) -> list[SubmittedEvent]:
    """Every file the season took, the current and the replaced, the latest first."""
    return list(SubmittedEvent.objects.filter(season=season).select_related("submitted_by", "replaced_by")
                .order_by("-submitted_at", "-id"))
