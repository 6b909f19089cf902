"""The members registry's services: add and edit, import and export, duplicates and their merge, forget.

Vocabulary (see ``clubs.models`` for the member's fields):
    columns       of an import or export file: ``name``, ``club`` (the member's own club, ``home_club``),
                  ``number`` (membership number), ``categories`` (comma-separated), ``guest`` and ``public``
                  (yes/no; ja/nein, x, 1, true too); an export adds ``id``. An import may carry ``id`` (from an
                  export: that member is updated) and ``birth_year``; other columns are ignored.
    import rows   the file's rows as text by column (``ImportRows``): what a preview shows and a confirm writes,
                  checked again against the registry at that moment.
    preview       every row with its errors (row number and field) and what it would do: make a new member or
                  update the one it matches (same ``id``, else same number, else the one member of that name and
                  club). An import is all or nothing: one bad row and nothing is written.
    duplicates    two members of one club that may be one person: the same name (without regard to case) and the
                  same year of birth (or both unknown), or the same membership number.
    merge         keeps one of two members; the other's events (his players) move to him, blanks are filled from
                  the other, categories joined, notes added; then the other is deleted.
    forget        deletes a member (his personal data, GDPR); the players he was keep their results under "former
                  member" in their event's language, their club and number cleared (in their history too); his
                  sign-ups lose his name, club and contact too (``clubs.signals.member_forgotten``).
Seating's players are reached through the reverse relation ``member.players`` (clubs imports no seating).
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count
from django.db.models.functions import Lower
from django.utils import translation
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from clubs.member_results import results_of
from clubs.models import Club, Member, Person, split_categories
from clubs.persons import person_conflict, person_find, persons_touched
from clubs.selectors import members_found
from clubs.signals import member_forgotten, members_merged
from common.errors import UserError
from common.import_files import MAX_ROWS, cell_text, figure, read_rows, short, yes_no
from common.numbers import BIGGEST_ID, NumberRefused, digits_number
from common.spreadsheets import spreadsheet_row

COLUMNS = ("name", "club", "number", "categories", "guest", "public", "federation_number")
EXPORT_COLUMNS = ("id",) + COLUMNS
FORMATS = ("json", "csv", "xlsx")
LIMITS = {"name": 120, "club": 120, "number": 40, "categories": 200, "federation_number": 40}
COLUMN_NAMES = {"id": "id", "name": gettext_lazy("name"), "club": gettext_lazy("club"),
                "number": gettext_lazy("membership number"), "categories": gettext_lazy("categories"),
                "guest": gettext_lazy("guest"), "public": gettext_lazy("public"),
                "birth_year": gettext_lazy("year of birth"), "federation_number": gettext_lazy("federation number")}
_HEADERS = {  # a header squeezed to letters and digits -> its column
    "id": {"id"},
    "name": {"name", "player", "spieler", "mitglied"},
    "club": {"club", "homeclub", "verein", "heimatverein"},
    "number": {"number", "membershipnumber", "memberno", "nr", "nummer", "mitgliedsnummer", "mitgliedsnr"},
    "categories": {"categories", "category", "kategorien", "kategorie"},
    "guest": {"guest", "gast"},
    "public": {"public", "öffentlich", "oeffentlich", "published", "veröffentlichen"},
    "birth_year": {"birthyear", "yearofbirth", "jahrgang", "geburtsjahr"},
    "federation_number": {"federationnumber", "spielerpass", "spielerpassnummer", "passnummer", "verbandsnummer"},
}
_NEUTRALISED = re.compile(r"^'(?=\s*[=+\-@＝＋－＠])")  # our own export's apostrophe before formula-like text
OLDEST_YEAR = 1900
_COLUMN_OF_FIELD = {"name": "name", "home_club": "club", "number": "number", "categories": "categories",
                    "guest": "guest", "public": "public", "birth_year": "birth_year",
                    "federation_number": "federation_number"}


class MemberError(UserError):
    """A registry request refused; ``field`` names the form field (see ``common.errors``)."""


# --- One member ------------------------------------------------------------------------------------------------

def _clean(values: dict) -> tuple[dict, dict[str, str]]:
    """The member's fields tidied, and the errors by field (empty when all is well)."""
    text = {key: " ".join(str(values.get(key) or "").split())
            for key in ("name", "home_club", "number", "federation_number")}
    categories = ", ".join(split_categories(str(values.get("categories") or "")))
    cleaned = {**text, "categories": categories, "birth_year": values.get("birth_year"),
               "guest": bool(values.get("guest", False)), "public": bool(values.get("public", True)),
               "notes": str(values.get("notes") or "").strip()}
    errors = {}
    if not cleaned["name"]:
        errors["name"] = _("give the member's name")
    for key, column in (("name", "name"), ("home_club", "club"), ("number", "number"), ("categories", "categories"),
                        ("federation_number", "federation_number")):
        if len(cleaned[key]) > LIMITS[column]:
            errors[key] = _("the {column} is longer than {limit} characters").format(
                column=COLUMN_NAMES[column], limit=LIMITS[column])
    year = cleaned["birth_year"]
    if year is not None and not (isinstance(year, int) and OLDEST_YEAR <= year <= datetime.date.today().year):
        errors["birth_year"] = _("the year of birth is a year from {oldest} to {this}, e.g. 1961").format(
            oldest=OLDEST_YEAR, this=datetime.date.today().year)
    if len(cleaned["notes"]) > 2000:
        errors["notes"] = _("the notes are longer than {limit} characters").format(limit=2000)
    return cleaned, errors


def member_save(*, club: Club, member: Member | None = None, **values) -> Member:
    """Add a member to ``club`` (``member`` None) or change ``member``; ``MemberError`` beside the first bad field.
    A membership number is one person's in the club: another member's number is refused."""
    cleaned, errors = _clean(values)
    if errors:
        field_name, message = next(iter(errors.items()))
        raise MemberError(field_name, message)
    with transaction.atomic():
        if cleaned["federation_number"]:
            conflict = person_conflict(person_find(cleaned["federation_number"]), cleaned["name"],
                                       cleaned["birth_year"])
            if conflict:
                raise MemberError("federation_number", conflict)
        if cleaned["federation_number"]:
            carrier = club.members.filter(federation_number=cleaned["federation_number"]).exclude(
                pk=member.pk if member else None).first()
            if carrier is not None:
                raise MemberError("federation_number", _("federation number {number} is already {name}'s").format(
                    number=cleaned["federation_number"], name=carrier.name))
        if cleaned["number"]:
            holder = club.members.filter(number=cleaned["number"]).exclude(pk=member.pk if member else None).first()
            if holder is not None:
                raise MemberError("number", _("membership number {number} is already {name}'s; if they are one "
                                              "person, merge them on the duplicates page").format(
                    number=cleaned["number"], name=holder.name))
        if member is None:
            member = Member.objects.create(club=club, **cleaned)
            persons_touched([member])
            return member
        if member.club_id != club.pk:
            raise MemberError(None, _("That member is not in this club."))
        for key, value in cleaned.items():
            setattr(member, key, value)
        member.save()
        persons_touched([member])
        return member


def members_of(club: Club, query: str = ""):
    """The members page's list: the club's members that ``query`` finds by name, club or number
    (``clubs.selectors.members_found``: all for no query), by name, each with the count of his events."""
    return (members_found(club, query, by_club=True).select_related("club").annotate(event_count=Count("players"))
            .order_by(Lower("name"), "pk"))


# --- Import ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class RowError:
    row: int
    field: str | None
    message: str

    def __str__(self) -> str:
        column = f" ({COLUMN_NAMES[self.field]})" if self.field else ""
        return _("row {row}{column}: {message}").format(row=self.row, column=column, message=self.message)


@dataclass(frozen=True)
class PreviewRow:
    row: int
    values: dict  # the member's fields as they would be saved (those the file gives)
    member: Member | None  # the member it updates; None: a new member
    errors: tuple[RowError, ...] = ()


@dataclass(frozen=True)
class Preview:
    rows: tuple[PreviewRow, ...]
    ignored_columns: tuple[str, ...] = ()
    written: int = 0

    @property
    def errors(self) -> list[RowError]:
        return [error for row in self.rows for error in row.errors]

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def new_count(self) -> int:
        return sum(1 for row in self.rows if row.member is None)

    @property
    def update_count(self) -> int:
        return len(self.rows) - self.new_count


@dataclass(frozen=True)
class ImportRows:
    """The file's rows as text by column: (row number, {column: text}); what a confirm sends back."""
    columns: tuple[str, ...]
    rows: tuple[tuple[int, dict], ...]
    ignored_columns: tuple[str, ...] = field(default=())

    def as_data(self) -> dict:
        return {"columns": list(self.columns), "rows": [[n, v] for n, v in self.rows],
                "ignored": list(self.ignored_columns)}

    @classmethod
    def from_data(cls, data: dict) -> ImportRows:
        return cls(tuple(data["columns"]), tuple((int(n), dict(v)) for n, v in data["rows"]), tuple(data["ignored"]))


def _column_of(title: str) -> str | None:
    squeezed = re.sub(r"[^0-9a-zäöüß]", "", title.casefold())
    return next((key for key, names in _HEADERS.items() if squeezed in names), None)


def import_rows(filename: str, content: bytes | None) -> ImportRows:
    """The rows of an import file; ``MemberError("file")`` when it cannot be read or has no ``name`` column."""
    try:
        rows = read_rows(filename, content)
    except UserError as refused:
        raise MemberError("file", refused.message) from None
    header = next(((index, cells) for index, (_n, cells) in enumerate(rows) if any(cell_text(c) for c in cells)), None)
    if header is None:
        raise MemberError("file", _("The file has no rows: the first row names the columns (name, club, number, "
                                    "categories, guest, public)."))
    at, titles = header
    columns, ignored = {}, []
    for index, title in enumerate(cell_text(cell) for cell in titles):
        key = _column_of(title)
        if key is None:
            if title:
                ignored.append(short(title))
        elif key in columns:
            raise MemberError("file", _("The header has two {column} columns; keep one.").format(
                column=COLUMN_NAMES[key]))
        else:
            columns[key] = index
    if "name" not in columns:
        raise MemberError("file", _("The header (row {row}) has no name column; the first row names the columns: "
                                    "name, club, number, categories, guest, public.").format(row=rows[at][0]))
    found = []
    for number, cells in rows[at + 1:]:
        values = {key: cell_text(cells[index]) if index < len(cells) else "" for key, index in columns.items()}
        if any(values.values()):
            found.append((number, values))
    if not found:
        raise MemberError("file", _("The file has a header row but no members below it."))
    if len(found) > MAX_ROWS:
        raise MemberError("file", _("The file has more than {most} members; import it in parts.").format(
            most=figure(MAX_ROWS)))
    return ImportRows(tuple(columns), tuple(found), tuple(ignored))


def _whole(text: str, default: int) -> int:
    """Digits 0 to 9 as a number (``common.numbers.digits_number``), else ``default``."""
    try:
        return digits_number(text, most=BIGGEST_ID // 10)
    except NumberRefused:
        return default


def _row_values(number: int, values: dict) -> tuple[dict, list[RowError]]:
    """One row's member fields (only the columns the file has) and its errors."""
    errors = []
    text = {key: _NEUTRALISED.sub("", value) for key, value in values.items()}
    member = {"name": text.get("name", ""), "home_club": text.get("club", ""), "number": text.get("number", ""),
              "categories": text.get("categories", ""), "federation_number": text.get("federation_number", "")}
    for key in ("guest", "public"):
        if key in text:
            member[key] = yes_no(text[key], empty=key == "public")
            if member[key] is None:
                errors.append(RowError(number, key, _("write yes or no (ja or nein), not “{value}”").format(
                    value=short(text[key]))))
    if text.get("birth_year"):
        member["birth_year"] = _whole(text["birth_year"], default=-1)
    cleaned, problems = _clean(member)
    for key, message in problems.items():
        errors.append(RowError(number, _COLUMN_OF_FIELD.get(key, key), message))
    return {key: cleaned[key] for key, column in _COLUMN_OF_FIELD.items() if column in values}, errors


class _Registry:
    """The club's members by id, by number and by name and club: what a row of an import matches."""

    def __init__(self, club: Club):
        members = list(club.members.all())
        self.by_id = {member.pk: member for member in members}
        self.by_number = {member.number: member for member in members if member.number}
        self.by_federation = {m.federation_number: m for m in members if m.federation_number}
        self.by_name: dict[tuple, list[Member]] = {}
        for member in members:
            self.by_name.setdefault((member.name.casefold(), member.home_club.casefold()), []).append(member)

    def match(self, number: int, text: dict, values: dict) -> tuple[Member | None, list[RowError]]:
        """The member a row updates (its id, else its number, else the only one of its name and club)."""
        errors, match = [], None
        if text.get("id"):
            match = self.by_id.get(_whole(text["id"], default=0))
            if match is None:
                errors.append(RowError(number, "id", _("no member of this club has the id {id}").format(
                    id=short(text["id"]))))
        holder = self.by_number.get(values.get("number", ""))
        if match is not None and holder is not None and holder != match:
            errors.append(RowError(number, "number", _("membership number {number} is already {name}'s").format(
                number=values["number"], name=holder.name)))
        match = match or holder
        carrier = self.by_federation.get(values.get("federation_number", ""))
        if match is not None and carrier is not None and carrier != match:
            errors.append(RowError(number, "federation_number", _("federation number {number} is already {name}'s")
                                   .format(number=values["federation_number"], name=carrier.name)))
        match = match or carrier
        if match is None and not text.get("id"):
            named = self.by_name.get((values.get("name", "").casefold(), values.get("home_club", "").casefold()), [])
            match = named[0] if len(named) == 1 else None
        return match, errors


def _same_as(values: dict, match: Member | None) -> list[tuple[tuple, str, str]]:
    """What a row may share with no other row of the file: (key, field, the error naming the other row)."""
    keys = []
    if match is not None:
        keys.append((("member", match.pk), "name", _("the same member as row {row}")))
    if values.get("number"):
        keys.append((("number", values["number"]), "number", _("the same membership number as row {row}")))
    elif match is None and not values.get("federation_number"):  # two new rows told apart by nothing
        keys.append((("name", values.get("name", "").casefold(), values.get("home_club", "").casefold()), "name",
                     _("the same name and club as row {row}")))
    if values.get("federation_number"):  # one person is one member of a club
        keys.append((("federation", values["federation_number"]), "federation_number",
                     _("the same federation number as row {row}")))
    return keys


def members_preview(club: Club, rows: ImportRows) -> Preview:
    """What importing ``rows`` into ``club`` would do, every bad row with its errors (see the module doc)."""
    registry, seen, preview = _Registry(club), {}, []
    persons = {p.federation_number: p for p in Person.objects.filter(federation_number__in={
        " ".join(text.get("federation_number", "").split()) for _n, text in rows.rows} - {""})}
    for number, text in rows.rows:
        values, errors = _row_values(number, text)
        match, match_errors = registry.match(number, text, values)
        errors += match_errors
        if values.get("federation_number"):
            year = values.get("birth_year", match.birth_year if match is not None else None)
            conflict = person_conflict(persons.get(values["federation_number"]),
                                       values.get("name") or (match.name if match else ""), year)
            if conflict:
                errors.append(RowError(number, "federation_number", conflict))
        for key, field_name, said in _same_as(values, match):
            if key in seen:
                errors.append(RowError(number, field_name, said.format(row=seen[key])))
            seen.setdefault(key, number)
        preview.append(PreviewRow(number, values, match, tuple(errors)))
    return Preview(tuple(preview), rows.ignored_columns)


def members_import(club: Club, rows: ImportRows, *, dry_run: bool = False) -> Preview:
    """Import ``rows`` into ``club``: every row written, or none when any row is wrong (or ``dry_run``); the
    preview says which (``written``). Checked again inside the transaction, against the registry as it is."""
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).first()  # one import of a club at a time
        preview = members_preview(club, rows)
        if not preview.ok or dry_run:
            return preview
        new = [Member(club=club, **row.values) for row in preview.rows if row.member is None]
        Member.objects.bulk_create(new, batch_size=500)
        updated = [row for row in preview.rows if row.member is not None]
        for row in updated:
            for key, value in row.values.items():
                setattr(row.member, key, value)
        if updated:  # every row has the file's columns, so the same fields
            Member.objects.bulk_update([row.member for row in updated], list(updated[0].values), batch_size=500)
        if "federation_number" in rows.columns:  # in the file's order: a later row is the later change
            made = iter(new)
            persons_touched([row.member if row.member is not None else next(made) for row in preview.rows])
    return Preview(preview.rows, preview.ignored_columns, written=len(preview.rows))


# --- Export ----------------------------------------------------------------------------------------------------

def export_rows(club: Club) -> list[dict]:
    """The club's members in the export's columns (``guest`` and ``public`` as booleans)."""
    return [{"id": m.pk, "name": m.name, "club": m.home_club, "number": m.number, "categories": m.categories,
             "guest": m.guest, "public": m.public, "federation_number": m.federation_number}
            for m in club.members.order_by(Lower("name"), "pk")]


def _sheet_rows(rows: list[dict], worded: bool = True) -> list[list]:
    """The CSV's and the workbook's rows, headers and yes/no in the active language (a German club's list says
    Name, Verein, Gast, ja/nein), or, not ``worded``, the columns' own names and yes/no (the command line's
    contract: ``name``, ``club``, ``number``, …); the import reads each back (``_HEADERS``,
    ``common.import_files.yes_no``)."""
    said = {True: _("yes"), False: _("no")} if worded else {True: "yes", False: "no"}
    header = [capfirst(str(COLUMN_NAMES[c])) if worded and c != "id" else c for c in EXPORT_COLUMNS]
    return [header] + [spreadsheet_row(said.get(row[c], row[c]) if c in ("guest", "public")
                                       else row[c] for c in EXPORT_COLUMNS) for row in rows]


def members_export(club: Club, fmt: str, *, worded: bool = True) -> bytes:
    """The club's registry as a file: ``json``, ``csv`` (formula-like text defused) or ``xlsx``; a table's headers
    in the page's words, or (``worded`` False, the command line) the columns' own names (``_sheet_rows``)."""
    rows = export_rows(club)
    if fmt == "json":
        return (json.dumps(rows, ensure_ascii=False, indent=1) + "\n").encode()
    if fmt == "csv":
        out = io.StringIO(newline="")
        csv.writer(out).writerows(_sheet_rows(rows, worded))
        return out.getvalue().encode("utf-8-sig")  # the BOM: Excel reads UTF-8 then
    if fmt == "xlsx":
        from openpyxl import Workbook

        workbook = Workbook(write_only=True)
        sheet = workbook.create_sheet(pgettext("sheet", "Members")[:31])
        for row in _sheet_rows(rows, worded):
            sheet.append(row)
        out = io.BytesIO()
        workbook.save(out)
        return out.getvalue()
    raise MemberError("format", _("export as json, csv or xlsx, not “{format}”").format(format=short(fmt)))


# --- Duplicates and merge ---------------------------------------------------------------------------------------

def duplicates_of(club: Club) -> list[tuple[Member, Member, str]]:
    """Pairs of members that may be one person, with the reason, the older one first."""
    by_key: dict[tuple, list[Member]] = {}
    for member in club.members.annotate(event_count=Count("players")).order_by("pk"):
        by_key.setdefault(("name", member.name.casefold(), member.birth_year), []).append(member)
        if member.number:
            by_key.setdefault(("number", member.number), []).append(member)
    pairs, seen = [], set()
    for key, members in by_key.items():
        for later in members[1:]:
            first = members[0]
            if (first.pk, later.pk) not in seen:
                seen.add((first.pk, later.pk))
                reason = (_("the same name and year of birth") if key[0] == "name"
                          else _("the same membership number"))
                pairs.append((first, later, reason))
    return pairs


def members_merge(*, club: Club, keep_id: int, other_id: int) -> Member:
    """Keep member ``keep_id``; ``other_id``'s events move to him, his blanks are filled (see the module doc)."""
    if keep_id == other_id:
        raise MemberError(None, _("Choose two different members to merge."))
    with transaction.atomic():
        found = {m.pk: m for m in club.members.select_for_update().filter(pk__in=[keep_id, other_id])}
        if len(found) != 2:
            raise MemberError(None, _("One of the two members is no longer in the registry; look at the list "
                                      "again."))
        keep, other = found[keep_id], found[other_id]
        for key in ("home_club", "number", "birth_year", "federation_number"):
            if not getattr(keep, key):
                setattr(keep, key, getattr(other, key))
        keep.categories = ", ".join(dict.fromkeys(keep.category_names + other.category_names))[:200]
        keep.notes = "\n".join(note for note in (keep.notes, other.notes) if note)
        keep.guest, keep.public = keep.guest and other.guest, keep.public and other.public
        other.players.update(member=keep)
        members_merged.send(sender=Member, keep=keep, other=other)
        other.delete()
        keep.save()
        persons_touched([keep])
    return keep


# --- Forget and a member's own data ------------------------------------------------------------------------------

def former_member_name(language: str) -> str:
    with translation.override(language or "en"):
        return pgettext("a forgotten member", "former member")


def member_forget(*, club: Club, member_id: int) -> int:
    """Delete the member (GDPR); his players keep their results as "former member" (see the module doc).
    Returns how many players were renamed."""
    with transaction.atomic():
        member = club.members.select_for_update().filter(pk=member_id).first()
        if member is None:
            raise MemberError(None, _("That member is no longer in the registry."))
        member_forgotten.send(sender=Member, member=member)  # while his players still name him
        players = list(member.players.select_related("tournament"))
        for player in players:
            taken = {name.casefold() for name in type(player).objects.filter(
                tournament_id=player.tournament_id, club="").exclude(pk=player.pk).values_list("name", flat=True)}
            base = name = former_member_name(player.tournament.language)
            count = 1
            while name.casefold() in taken:  # a name is once per event (and club): the second is "(2)"
                count += 1
                name = f"{base} ({count})"
            anonymous = {"name": name, "club": "", "membership_number": ""}
            type(player).objects.filter(pk=player.pk).update(member=None, **anonymous)
            history = getattr(player, "history", None)
            if history is not None:  # the player's change history held his name too
                history.all().update(**anonymous)
        member.delete()
    return len(players)


def member_data(member: Member) -> dict:
    """Everything the registry holds about ``member`` and the events he played with his results in each, for him
    (GDPR export; the results from ``clubs.member_results``)."""
    events = []
    for player in member.players.select_related("tournament").order_by("tournament__date", "pk"):
        tournament = player.tournament
        events.append({"event": tournament.name, "date": tournament.date.isoformat(), "place": tournament.place,
                       "name": player.name, "club": player.club, "number": player.membership_number,
                       "results": results_of(player)})
    return {
        "member": {"id": member.pk, "name": member.name, "club": member.home_club, "number": member.number,
                   "birth_year": member.birth_year, "categories": member.categories, "guest": member.guest,
                   "public": member.public, "notes": member.notes,
                   "registered": member.created_at.isoformat() if member.created_at else None},
        "registry": member.club.name,
        "events": events,
    }


def member_events(member: Member):
    """The players ``member`` was, with their events, the latest first."""
    return member.players.select_related("tournament").order_by("-tournament__date", "-pk")
