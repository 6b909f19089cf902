"""Importing players from a spreadsheet.

Vocabulary:
    import file   an Excel workbook (.xlsx, first sheet) or a CSV file (UTF-8, with or without BOM, comma or
                  semicolon) with a header row and one player a row.
    header row    the first row that is not empty; it names the columns. Only ``name`` is required; the
                  others (club, membership number, expert, team, categories) may be missing. Names are matched loosely
                  ("Membership number", "Member no", "Mitgliedsnummer" ...); other columns are ignored.
    row number    a row's number as the spreadsheet shows it (the header row is usually row 1), so the
                  director can find a bad row at once.
    problem       what is wrong with one row: missing name, too long, the same player twice in the file,
                  already registered, an expert value that is not yes or no.
    team          the Team column names the player's team; categories the Categories column, separated by
                  commas. A team or category the tournament lacks is made (named as its first row spells it); one
                  it has is matched without regard to case, as ``seating.teams`` matches names.

An import is all or nothing: if any row has a problem, nobody is imported and the report lists every
problem with its row number. After a whole-event plan the players join the first series not played, planned again
once with them all (``seating.replanning``); otherwise an import comes before the draw. The duplicate rules are
those of ``seating.services.player_register`` (name and club without regard to case or spacing; membership
number). A file that cannot be read at all (unknown type, too large, empty, broken, no name column, too many rows)
raises ``SeatingError("file", ...)``.
The file is read by ``common.import_files`` (its limits, and its refusal of a workbook that would unpack to
far too much: a "zip bomb"), in the words of player lists (``PLAYER_LISTS``).

"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.utils import bulk_create_with_history

from common.errors import UserError

# The limits are the reader's; MAX_BYTES and MAX_ROWS are named here too for the upload form and the row count.
from common.import_files import (
    MAX_BYTES,  # noqa: F401 (named here for the upload form: seating.forms)
    MAX_INFLATED_BYTES,
    MAX_PARTS,
    MAX_RATIO,
    MAX_ROWS,
    MAX_SCANNED_ROWS,
    Wording,
    cell_text,
    figure,
    read_rows,
    short,
    yes_no,
)
from seating.errors import SeatingError
from seating.models import Category, Player, Team, Tournament
from seating.replanning import players_entered, replanned_from
from seating.teams import CATEGORY_NAME_LENGTH, TEAM_NAME_LENGTH, same_name

MAX_LENGTHS = {"name": 120, "club": 120, "membership_number": 40}
SHOWN_NAMES = {"name": gettext_lazy("name"), "club": gettext_lazy("club"),
               "membership_number": gettext_lazy("membership number"), "expert": gettext_lazy("expert"),
               "team": gettext_lazy("team"), "categories": gettext_lazy("categories")}

_HEADERS = {
    "name": {"name", "player", "playername", "players", "fullname", "spieler", "spielername", "teilnehmer"},
    "club": {"club", "clubname", "verein", "vereinsname", "skatclub"},
    "membership_number": {
        "membershipnumber", "membershipno", "membershipnr", "membership", "membershipid", "membernumber",
        "memberno", "membernr", "member", "memberid", "number", "no", "nr", "mitgliedsnummer", "mitgliedsnr",
        "mitgliednummer", "mitgliednr", "mitgliedsno",
    },
    "expert": {"expert", "experts", "experte", "controller", "tablecontroller", "kontrolleur", "listenführer",
               "listenfuehrer"},
    "team": {"team", "teamname", "mannschaft"},
    "categories": {"categories", "category", "kategorie", "kategorien"},
}


@dataclass(frozen=True)
class RowProblem:
    row: int
    field: str | None
    message: str

    def __str__(self) -> str:
        return f"Row {self.row}: {self.message}"


@dataclass(frozen=True)
class ImportReport:
    """``imported`` is 0 whenever ``problems`` is not empty: an import is all or nothing."""

    filename: str
    rows: int
    imported: int
    problems: tuple[RowProblem, ...] = ()
    ignored_columns: tuple[str, ...] = field(default=())
    replanned: int | None = None  # after a whole-event plan: the first series planned again with them

    @property
    def ok(self) -> bool:
        return not self.problems


def players_import(*, tournament: Tournament, filename: str, content: bytes) -> ImportReport:
    """Register every player of an .xlsx or .csv file, or nobody if any row is bad (see the module doc)."""
    if tournament.is_drawn and replanned_from(tournament) is None:
        raise SeatingError(None, _("The seats are already drawn: clear the draw before you import players."))
    rows = _read_rows(filename or "", content)
    header_at, columns, ignored = _header(rows)
    wanted, problems, seen_pairs, seen_numbers = [], [], {}, {}
    data_rows = 0
    for number, cells in rows[header_at + 1:]:
        values = {key: cell_text(cells[index]) if index < len(cells) else "" for key, index in columns.items()}
        if not any(values.values()) and not any(cell_text(cell) for cell in cells):
            continue  # an empty row is no player
        data_rows += 1
        if data_rows > MAX_ROWS:
            raise SeatingError("file", _("The file has more than {most} players; import it in parts.").format(
                most=figure(MAX_ROWS)))
        row_problems = _row_problems(number, values)
        if not row_problems:
            name, club, member = values["name"], values.get("club", ""), values.get("membership_number", "")
            key = (name.lower(), club.lower())
            if key in seen_pairs:
                row_problems.append(RowProblem(number, "name", _("{who} is also in row {row}").format(
                    who=_who(name, club), row=seen_pairs[key])))
            elif member and member in seen_numbers:
                row_problems.append(RowProblem(number, "membership_number",
                                               _("membership number {number} is also in row {row}").format(
                                                   number=member, row=seen_numbers[member])))
            seen_pairs.setdefault(key, number)
            if member:
                seen_numbers.setdefault(member, number)
        if row_problems:
            problems += row_problems
        else:
            wanted.append((number, values))
    if data_rows == 0:
        raise SeatingError("file", _("The file has a header row but no players below it."))
    refused: list[RowProblem] = []

    def enter(locked: Tournament, first: int, planned: bool) -> list[Player]:
        """Under the row lock (``players_entered``): every row registered from series ``first``, or none."""
        if locked.is_drawn and not planned:
            raise SeatingError(None, _("The seats are already drawn: clear the draw before you import players."))
        refused.extend(problems + _already_registered(locked, wanted))
        if refused:
            return []
        teams = _named_records(locked, Team, [values.get("team", "") for _, values in wanted])
        categories = _named_records(locked, Category,
                                    [name for _, values in wanted for name in _category_names(values)])
        players = [
            Player(tournament=locked, name=values["name"], club=values.get("club", ""),
                   membership_number=values.get("membership_number", ""),
                   is_expert=bool(yes_no(values.get("expert", ""), empty=False)),
                   team=teams.get(same_name(values.get("team", ""))), first_series=first)
            for _, values in wanted
        ]
        try:
            with transaction.atomic():
                players = bulk_create_with_history(players, Player, batch_size=500)
                Player.categories.through.objects.bulk_create(
                    [Player.categories.through(player_id=player.pk, category=categories[same_name(name)])
                     for player, (_, values) in zip(players, wanted) for name in _category_names(values)],
                    batch_size=500)
        except IntegrityError:  # a registration at the same moment from another desk
            raise SeatingError("file", _("Some of these players were registered meanwhile from another desk; "
                                         "import the file again to see which.")) from None
        return players

    entered = players_entered(tournament, enter)
    if refused:
        return ImportReport(filename, data_rows, 0, tuple(sorted(refused, key=lambda p: p.row)), ignored)
    return ImportReport(filename, data_rows, len(entered.players), (), ignored, entered.replanned)


def _category_names(values: dict[str, str]) -> list[str]:
    """The row's categories, each once (without regard to case), in the order written."""
    names = {}
    for name in values.get("categories", "").split(","):
        name = " ".join(name.split())
        if name:
            names.setdefault(same_name(name), name)
    return list(names.values())


def _named_records(tournament: Tournament, model, names: list[str]) -> dict:
    """The tournament's teams (or categories) by ``same_name``, those ``names`` lacks made, as first spelt."""
    records = {same_name(record.name): record for record in model.objects.filter(tournament=tournament)}
    missing = {}
    for name in names:
        if name and same_name(name) not in records:
            missing.setdefault(same_name(name), model(tournament=tournament, name=name))
    try:
        with transaction.atomic():
            made = model.objects.bulk_create(list(missing.values()))
    except IntegrityError:  # made at the same moment at another desk
        raise SeatingError("file", _("A team or category of this file was made meanwhile at another desk; "
                                     "import the file again.")) from None
    records.update((same_name(record.name), record) for record in made)
    return records


def _wrong_type(name: str, extension: str) -> str:
    if extension == "xls":
        return _("“{name}” is not an .xlsx or .csv file (an old Excel file: save it as .xlsx); save the player list "
                 "as Excel (.xlsx) or CSV.").format(name=name)
    return _("“{name}” is not an .xlsx or .csv file; save the player list as Excel (.xlsx) or CSV.").format(name=name)


def _too_many_rows(kind: str) -> str:
    if kind == "xlsx":
        return _("The sheet has more than {rows} rows; at most {most} players can be imported at once.").format(
            rows=figure(MAX_SCANNED_ROWS), most=figure(MAX_ROWS))
    return _("The file has more than {lines} lines; at most {most} players can be imported at once.").format(
        lines=figure(MAX_SCANNED_ROWS), most=figure(MAX_ROWS))


def _bomb(inflated: int, parts: int) -> str:
    if inflated > MAX_INFLATED_BYTES:
        return _("The workbook would unpack to {size} MB, far more than any player list; save the player list "
                 "again as .xlsx or CSV and import that.").format(size=figure(round(inflated / 1024 / 1024)))
    if parts > MAX_PARTS:
        return _("The workbook has {parts} parts, far more than any player list; save the player list again as "
                 ".xlsx or CSV and import that.").format(parts=figure(parts))
    return _("The workbook would unpack to {ratio} times its size and more, which no spreadsheet does; save "
             "the player list again as .xlsx or CSV and import that.").format(ratio=MAX_RATIO)


PLAYER_LISTS = Wording(_wrong_type, _too_many_rows, _bomb, log_as="player import")
"""The refusals of ``common.import_files`` that speak of player lists (their German is in the catalogue)."""


def _read_rows(filename: str, content: bytes) -> list[tuple[int, tuple]]:
    """(row number, cells) for every row of the file, empty rows included; ``SeatingError`` if it cannot be read."""
    try:
        return read_rows(filename, content, PLAYER_LISTS)
    except UserError as refused:
        raise SeatingError(refused.field, refused.message) from None


def _header(rows) -> tuple[int, dict[str, int], tuple[str, ...]]:
    """(index of the header row in ``rows``, column of each known field, the headers ignored)."""
    for index, (number, cells) in enumerate(rows):
        titles = [cell_text(cell) for cell in cells]
        if not any(titles):
            continue
        columns, ignored = {}, []
        for column, title in enumerate(titles):
            key = _field_of(title)
            if key is None:
                if title:
                    ignored.append(short(title))
                continue
            if key in columns:
                raise SeatingError("file", _("Row {number} (the header) has two {column} columns; keep one.").format(
                    number=number, column=SHOWN_NAMES[key]))
            columns[key] = column
        if "name" not in columns:
            found = ", ".join(f"“{short(t)}”" for t in titles if t)[:300]
            raise SeatingError("file", _("Row {number} (the header) has no Name column (found {found}); the first "
                                         "row must name the columns: Name, Club, Membership number, Expert, Team, "
                                         "Categories.").format(number=number, found=found))
        return index, columns, tuple(ignored)
    raise SeatingError("file", _("The file has no rows: the first row must name the columns "
                                 "(Name, Club, Membership number, Expert, Team, Categories)."))


def _field_of(title: str) -> str | None:
    squeezed = re.sub(r"[^0-9a-zäöüß]", "", title.casefold())
    for key, names in _HEADERS.items():
        if squeezed in names:
            return key
    return None


def _row_problems(number: int, values: dict[str, str]) -> list[RowProblem]:
    problems = []
    if not values["name"]:
        problems.append(RowProblem(number, "name", _("the name is missing")))
    for key, limit in MAX_LENGTHS.items():
        if len(values.get(key, "")) > limit:
            problems.append(RowProblem(number, key, _("the {column} is longer than {limit} characters").format(
                column=SHOWN_NAMES[key], limit=limit)))
    if len(values.get("team", "")) > TEAM_NAME_LENGTH:
        problems.append(RowProblem(number, "team", _("the team is longer than {limit} characters").format(
            limit=TEAM_NAME_LENGTH)))
    for category in _category_names(values):
        if len(category) > CATEGORY_NAME_LENGTH:
            problems.append(RowProblem(number, "categories", _("the category “{name}” is longer than {limit} "
                                                               "characters").format(name=short(category),
                                                                                    limit=CATEGORY_NAME_LENGTH)))
    if yes_no(values.get("expert", ""), empty=False) is None:
        problems.append(RowProblem(number, "expert", _("expert must be yes or no (or x, 1, true), not “{value}”").format(
            value=short(values["expert"]))))
    return problems


def _already_registered(tournament: Tournament, wanted) -> list[RowProblem]:
    """The rows naming a player already registered: player_register's rules, checked for all rows at once."""
    registered = tournament.players.values_list("name", "club", "membership_number")
    pairs = {(name.lower(), club.lower()) for name, club, _ in registered}
    numbers = {number for _, _, number in registered if number}
    problems = []
    for number, values in wanted:
        name, club, member = values["name"], values.get("club", ""), values.get("membership_number", "")
        if (name.lower(), club.lower()) in pairs:
            problems.append(RowProblem(number, "name", _("{who} is already registered").format(who=_who(name, club))))
        elif member and member in numbers:
            problems.append(RowProblem(number, "membership_number",
                                       _("membership number {number} is already registered").format(number=member)))
    return problems



def _who(name: str, club: str) -> str:
    return f"{name} ({club})" if club else name
