"""Teams and categories: the director names them and puts players in them.

Vocabulary (see ``seating.models``):
    team       a named group of players, ranked by the sum of their totals; a player is in one team or none.
    category   a label players carry (ladies, seniors, guests...); a player carries any number of them.
    member     a player of the team; deleting a team leaves its members playing, in no team.
    ids        the players' numbers as the page sends them; ids of another tournament are never touched.

Unlike registration, none of this changes a seat, so it is allowed after the draw and during play. Names are
cleaned like player names (spaces squeezed) and are unique in a tournament without regard to case. Each
service checks first and writes last, so a refused request changes nothing.
"""

from __future__ import annotations

import unicodedata

from django.db import IntegrityError, transaction
from django.db.models import Model, QuerySet
from django.utils.translation import gettext as _

from seating.errors import SeatingError
from seating.models import Category, Player, Team, Tournament

TEAM_NAME_LENGTH = Team._meta.get_field("name").max_length
CATEGORY_NAME_LENGTH = Category._meta.get_field("name").max_length


def clean_name(text, field: str, *, max_length: int) -> str:
    """A team's or category's name with its spaces squeezed; refused when empty, too long or holding control
    characters (a NUL byte cannot be stored in PostgreSQL, and no name needs a tab or a bell)."""
    text = " ".join(str(text or "").split())
    if not text:
        raise SeatingError(field, _("a name is required"))
    if any(unicodedata.category(char) == "Cc" for char in text):
        raise SeatingError(field, _("a name cannot hold control characters"))
    if len(text) > max_length:
        raise SeatingError(field, _("at most {count} characters").format(count=max_length))
    return text


def same_name(name: str) -> str:
    """The form two names are compared in: "Über 60" and "über 60" are one team. Compared in Python, because
    SQLite's lower() folds ASCII letters only (the unique constraint still catches ASCII races)."""
    return name.casefold()


def _name_taken(queryset: QuerySet, name: str) -> bool:
    return same_name(name) in {same_name(taken) for taken in queryset.values_list("name", flat=True)}


def _save_named(record: Model, field: str, what: str) -> Model:
    try:
        with transaction.atomic():
            record.save()
    except IntegrityError:  # the same name typed at the same moment at another desk
        raise SeatingError(field, _named_exists(what, record.name)) from None
    return record


def _of_tournament(tournament: Tournament, model: type[Model], record, field: str, what: str):
    """The team or category (given as itself or its id) if it belongs to ``tournament``."""
    pk = record.pk if isinstance(record, model) else record
    found = model.objects.filter(tournament=tournament, pk=pk).first() if isinstance(pk, int) else None
    if found is None:
        raise SeatingError(field, _("that team is not in this tournament (deleted meanwhile?)") if what == "team"
                           else _("that category is not in this tournament (deleted meanwhile?)"))
    return found


def _players(tournament: Tournament, player_ids) -> QuerySet:
    """This tournament's players among ``player_ids``; refused when none of them is (nothing would change)."""
    players = Player.objects.filter(tournament=tournament, id__in=list(player_ids))
    if not players.exists():
        raise SeatingError(None, _("None of the ticked players is in this tournament; tick them again."))
    return players


# --- Teams ----------------------------------------------------------------------------------------------

def team_create(tournament: Tournament, name: str) -> Team:
    name = clean_name(name, "name", max_length=TEAM_NAME_LENGTH)
    if _name_taken(tournament.teams, name):
        raise SeatingError("name", _named_exists("team", name))
    return _save_named(Team(tournament=tournament, name=name), "name", "team")


def team_rename(tournament: Tournament, team, name: str) -> Team:
    team = _of_tournament(tournament, Team, team, "team", "team")
    name = clean_name(name, "name", max_length=TEAM_NAME_LENGTH)
    if _name_taken(tournament.teams.exclude(pk=team.pk), name):
        raise SeatingError("name", _named_exists("team", name))
    team.name = name
    return _save_named(team, "name", "team")


def team_delete(tournament: Tournament, team) -> int:
    """Delete the team; its members keep playing, in no team. Returns how many members it had."""
    team = _of_tournament(tournament, Team, team, "team", "team")
    with transaction.atomic():
        members = team.members.update(team=None)
        team.delete()
    return members


def players_set_team(tournament: Tournament, player_ids, team) -> int:
    """Put the players in ``team`` (a team or its id; None: in no team). Returns how many players changed."""
    if team is not None:
        team = _of_tournament(tournament, Team, team, "team", "team")
    players = _players(tournament, player_ids)
    return players.exclude(team=team).update(team=team) if team else players.exclude(team=None).update(team=None)


# --- Categories -----------------------------------------------------------------------------------------

def category_create(tournament: Tournament, name: str) -> Category:
    name = clean_name(name, "name", max_length=CATEGORY_NAME_LENGTH)
    if _name_taken(tournament.categories, name):
        raise SeatingError("name", _named_exists("category", name))
    return _save_named(Category(tournament=tournament, name=name), "name", "category")


def category_delete(tournament: Tournament, category) -> int:
    """Delete the category; its players keep playing. Returns how many players carried it."""
    category = _of_tournament(tournament, Category, category, "category", "category")
    with transaction.atomic():
        carried = category.players.count()
        category.delete()
    return carried


def players_add_category(tournament: Tournament, player_ids, category) -> int:
    """Give the players the category; returns how many did not carry it yet."""
    category = _of_tournament(tournament, Category, category, "category", "category")
    players = _players(tournament, player_ids)
    newcomers = list(players.exclude(categories=category).values_list("id", flat=True))
    Player.categories.through.objects.bulk_create(
        [Player.categories.through(player_id=pid, category=category) for pid in newcomers], ignore_conflicts=True)
    return len(newcomers)


def players_remove_category(tournament: Tournament, player_ids, category) -> int:
    """Take the category from the players; returns how many carried it."""
    category = _of_tournament(tournament, Category, category, "category", "category")
    players = _players(tournament, player_ids)
    removed, _details = Player.categories.through.objects.filter(category=category, player__in=players).delete()
    return removed


def _named_exists(what: str, name: str) -> str:
    if what == "team":
        return _("a team named {name} already exists").format(name=name)
    return _("a category named {name} already exists").format(name=name)
