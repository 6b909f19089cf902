"""A season's writes: made with its rules, events added or taken out, its rules changed. Each checks everything first and
writes in one transaction, so a refused change leaves nothing half-saved.

A ``SeasonError`` names the field to correct (``slug``, ``name``, ``rules`` or one of the rules' keys,
``tournament``) and says why, in the active language.
"""

from __future__ import annotations

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.persons import association_club_ids
from common.errors import UserError
from common.i18n import day
from common.untrusted import json_file, json_text
from seasons.core import RulesError, SeasonRules, parse_rules
from seasons.models import Season, SeasonEvent
from seasons.same_event import season_file_of_evenings
from seating.models import Tournament


class SeasonError(UserError):
    """A season's change refused: ``field`` names the form field or the rule's key."""


MOST_RULES_CHARACTERS = 20_000
"""The rules' JSON: the form's three lists of at most 2,000 characters each, and the rest, fit many times over."""
RULES_DEPTH = 3
"""``{"category_prizes": {"Damen": [30, 20]}}``, the deepest the rules go."""


def rules_read(text: str) -> dict:
    """The rules' JSON object from the text a person sent (empty: no rules), measured before it is parsed
    (``common.untrusted``); a ``SeasonError`` naming ``rules`` or the key that is too deep or too long."""
    try:
        return json_text(text or "{}", field="rules", most_characters=MOST_RULES_CHARACTERS, most_depth=RULES_DEPTH)
    except UserError as refused:
        raise SeasonError(refused.field, refused.message) from None


def rules_file(path) -> dict:
    """The rules' JSON object in the file at ``path`` (``OSError`` when it cannot be read), as ``rules_read``."""
    try:
        return json_file(path, field="rules", most_bytes=MOST_RULES_CHARACTERS, most_depth=RULES_DEPTH)
    except UserError as refused:
        raise SeasonError(refused.field, refused.message) from None


def rules_checked(data) -> SeasonRules:
    """The rules from their JSON object, or a ``SeasonError`` for the first bad key (said in the reader's
    language when read)."""
    try:
        return parse_rules(data)
    except RulesError as refused:
        raise SeasonError(refused.field, refused.message) from None


def season_create(*, club, slug: str, name: str, rules: dict, language: str | None = None) -> Season:
    """A new season of ``club`` printing in ``language`` (None: the club's language)."""
    slug, name = (slug or "").strip(), (name or "").strip()
    if not slug or slugify(slug) != slug:
        raise SeasonError("slug", _("a short name of lower-case letters, digits and hyphens, e.g. {example}").format(
            example="2026" if not slug else slugify(slug) or "2026"))
    for field, value in (("slug", slug), ("name", name)):
        longest = Season._meta.get_field(field).max_length
        if len(value) > longest:
            raise SeasonError(field, _("at most {count} characters").format(count=longest))
    if not name:
        raise SeasonError("name", _("the season needs a name"))
    checked = rules_checked(rules)
    try:
        with transaction.atomic():
            return Season.objects.create(club=club, slug=slug, name=name, rules=checked.as_json(),
                                         language=language_checked(language or club.language))
    except IntegrityError:
        raise SeasonError("slug", _("the club has a season {slug!r} already").format(slug=slug)) from None


def season_rules_save(*, season: Season, rules: dict, language: str | None = None) -> Season:
    """New rules for the season (and, given, its print language): the table is recomputed from them at its next
    reading."""
    season.rules = rules_checked(rules).as_json()
    fields = ["rules"]
    if language is not None:
        season.language = language_checked(language)
        fields.append("language")
    season.save(update_fields=fields)
    return season


def language_checked(language: str) -> str:
    if language not in {code for code, _name in settings.LANGUAGES}:
        raise SeasonError("language", _("Choose one of the languages offered."))
    return language


def season_add(*, season: Season, tournaments: list[Tournament]) -> list[Tournament]:
    """Add the club's ``tournaments`` to the season (an association's season: the published ones of every club
    within it too); those in it already stay as they are. Returns the added. A tournament of another club, an
    unpublished one of a club within, or one whose event is a results file of the season already
    (``seasons.same_event``), is refused, and then none is added."""
    allowed = association_club_ids(season.club)
    for tournament in tournaments:
        if tournament.club_id not in allowed:
            raise SeasonError("tournament", _("{name} is not an event of {club}").format(name=tournament.name,
                                                                                         club=season.club.name))
    with transaction.atomic():
        # the season locked before its events are read: an event added twice at once (two tabs, a double tap) is
        # added once, the other told it is in, instead of the unique constraint's 500
        Season.objects.select_for_update().filter(pk=season.pk).first()
        _refuse_unpublished(season, tournaments)
        present = set(SeasonEvent.objects.filter(season=season).values_list("tournament_id", flat=True))
        added = [t for t in dict.fromkeys(tournaments) if t.pk not in present]
        _refuse_submitted(season, added)
        SeasonEvent.objects.bulk_create([SeasonEvent(season=season, tournament=t) for t in added])
    return added


def _refuse_unpublished(season: Season, tournaments: list[Tournament]) -> None:
    """Another club's evening counts in an association's season only while its club publishes it
    (``season_tournaments``): one unpublished would be stored and silently count for nothing, so it is refused.
    Read from the database, not from the objects given: a publication taken back a moment ago is seen."""
    others = [t.pk for t in tournaments if t.club_id != season.club_id]
    unpublished = set(Tournament.objects.filter(pk__in=others).exclude(scoring__published=True)
                      .values_list("pk", flat=True)) if others else set()
    for tournament in tournaments:
        if tournament.pk in unpublished:
            raise SeasonError("tournament", _("“{name}” of {club} is not published: its club must publish it before "
                                              "the association can count it.").format(name=tournament.name,
                                                                                      club=tournament.club.name))


def _refuse_submitted(season: Season, tournaments: list[Tournament]) -> None:
    """An evening whose event is one of the season's current results files would count its players twice. Read
    under the season's lock, which a submission takes too: an evening and its file sent at once, one is refused."""
    found = season_file_of_evenings(season, [t.pk for t in tournaments])
    if found is not None:
        _evening, submitted = found
        raise SeasonError("tournament", _("“{name}” of {club} on {date} is in the ranking as a results file "
                                          "already: its club's evening of the same event would count it twice.")
                          .format(name=submitted.name, club=submitted.club_name, date=day(submitted.date)))


def season_remove(*, season: Season, tournament: Tournament) -> bool:
    """Take ``tournament`` out of the season (an evening added by mistake): its results stay with it, the season's
    table no longer counts them, and it may be added again. False when it was not in the season."""
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=season.pk).first()  # after or before an add, not amid it
        return SeasonEvent.objects.filter(season=season, tournament=tournament).delete()[0] > 0


def season_add_ids(*, season: Season, ids: list[int]) -> list[Tournament]:
    """``season_add`` of the tournaments among ``ids`` (a form's ticks) of the club (an association's: of the
    clubs within it too); a club's outside it are never found. The form offers only what may be added
    (``addable_tournaments``); a tick it did not offer (an evening unpublished since, a sent form made up) is
    refused by ``season_add`` as the command's would be."""
    ticked = set(ids)
    found = (Tournament.objects.filter(pk__in=ticked, club__in=association_club_ids(season.club))
             .exclude(season_events__season=season).select_related("club")) if ticked else []
    return season_add(season=season, tournaments=sorted(found, key=lambda t: (t.date, t.pk)))
