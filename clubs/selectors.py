"""The club's office, its reads: the members a desk finds as the director types.

Vocabulary (see ``clubs.models``):
    typed      what the director typed into the picker: part of a name (two letters at least) or the start of a
               membership number (one digit is enough: numbers are short and typed from a card).
    in event   a member already registered in the tournament the desk fills (a player linked to him); the picker
               never offers him twice. Named by the tournament's id, so clubs imports no other app.
Every read takes the club: a member of another club is never found, whatever is typed.
"""

from __future__ import annotations

import unicodedata

from django.db.models import Case, IntegerField, Q, Value, When

from clubs.models import Club, Member

PICK_LIMIT = 12  # a phone shows a dozen names without scrolling; typing a third letter narrows the rest


def typed_text(text) -> str:
    """What the picker searches for: the typed text with its spaces squeezed and control characters dropped (no
    name holds one, and PostgreSQL refuses a NUL in a query)."""
    text = "".join(char for char in str(text or "") if unicodedata.category(char) != "Cc")
    return " ".join(text.split())[:120]


def can_search(text: str) -> bool:
    """Whether ``text`` is enough to search: two letters, or a digit (a number's start)."""
    return len(text) >= 2 or text[:1].isdigit()


def members_matching(club: Club | int | None, text, limit: int = PICK_LIMIT, *,
                     not_in_tournament: int | None = None) -> list[Member]:
    """The members of ``club`` (a Club or its id) whose name contains ``text`` or whose number starts with it, at most ``limit``,
    those whose name starts with it first, then by name; without the members already in the tournament
    ``not_in_tournament`` (its id). Nothing for too little text or no club."""
    text = typed_text(text)
    if club is None or not can_search(text):
        return []
    found = Member.objects.filter(club=club).filter(Q(name__icontains=text) | Q(number__istartswith=text))
    if not_in_tournament is not None:
        found = found.exclude(players__tournament_id=not_in_tournament)
    found = found.annotate(starts=Case(When(name__istartswith=text, then=Value(0)), default=Value(1),
                                       output_field=IntegerField()))
    return list(found.order_by("starts", *Member._meta.ordering)[:max(limit, 0)])
