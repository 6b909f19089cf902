"""Template filters of scoring's pages, loaded on every page (``TEMPLATES`` builtins).

    {{ deal|count_in:rulebook }}      a saved deal's count in the reader's language (scoring.explanations);
                                      the argument is the rulebook's id, or a tournament, a table or a table's
                                      place (a link) to read it from, read only when the page is not English
    {{ deal|remark_in:rulebook }}     its remark, the same way
    {{ slip|slip_remarks_in:table }}  a slip's remarks, the same way (a paper slip's as the player typed them)
    {{ name|game_in:rulebook }}       a game stored by its English name, in the reader's language
    {{ pick|pick_in }}                a game button of the entry form (``scoring.entry.game_buttons``), the same way
"""

from django import template

from common.i18n import say, say_id
from scoring import explanations
from scoring.engine import get_rulebook
from scoring.engine.errors import InvalidDeal
from scoring.entry import game_buttons
from scoring.tournaments.selectors import rulebook_of
from seating.models import Tournament

register = template.Library()


def _rulebook(where) -> str | None:
    """The rulebook of a tournament, or of the tournament of a deal or a table (``rulebook_of``: the defaults'
    for a tournament whose settings were never saved)."""
    if where is None or isinstance(where, str):
        return where
    for path in ((), ("tournament",), ("table", "tournament")):
        value = where
        for name in path:
            value = getattr(value, name, None)
        if isinstance(value, Tournament):
            return rulebook_of(value)
    return None


@register.filter
def count_in(deal, where):
    if explanations.english():
        return deal.explanation
    return explanations.said(deal, _rulebook(where))[0]


@register.filter
def remark_in(deal, where):
    if explanations.english():
        return deal.remark
    return explanations.said(deal, _rulebook(where))[1]


@register.filter
def slip_remarks_in(slip, where):
    if explanations.english():
        return slip.remarks
    return explanations.said_slip_remarks(slip, _rulebook(where))


@register.filter
def game_in(name, rulebook):
    try:
        game = get_rulebook(rulebook).games_by_name.get(name)
    except InvalidDeal:
        game = None
    return say(game.label) if game else name


@register.filter
def pick_in(pick):
    return game_buttons.label_of(say_id(pick.name)) if pick.name else pick.label
