"""The club's office, its reads: the members a desk finds as the director types.

Vocabulary (see ``clubs.models``):
    typed      what the director typed into the picker or the members page's search: words, each a part of the
               name or of the club, or the start of a membership number (numbers are short and typed from a card).
               The picker searches from two letters, or one digit.
    finds      a member is found when every typed word is in his name (or his club, on the members page: the
               picker lists people, not every guest of a club typed), or starts his number, compared
               folded (``common.folding``: "mü" and "MÜ" find "Müller", "ss" finds "Strauß"), in the database on
               his folded columns: no member is read into Python to be compared.
    named      the members of one name (folded): whom a sign-up or a guest typed in is matched with.
    in event   a member already registered in the tournament the desk fills (a player linked to him); the picker
               never offers him twice. Named by the tournament's id, so clubs imports no other app.
Every read takes the club: a member of another club is never found, whatever is typed.
"""

from __future__ import annotations

import unicodedata

from django.db.models import Case, IntegerField, Q, QuerySet, Value, When

from clubs.models import Club, Member
from common.folding import folded

PICK_LIMIT = 12  # a phone shows a dozen names without scrolling; typing a third letter narrows the rest


def typed_text(text) -> str:
    """What the picker searches for: the typed text with its spaces squeezed and control characters dropped (no
    name holds one, and PostgreSQL refuses a NUL in a query)."""
    text = "".join(char for char in str(text or "") if unicodedata.category(char) != "Cc")
    return " ".join(text.split())[:120]


def can_search(text: str) -> bool:
    """Whether ``text`` is enough to search: two letters, or a digit (a number's start)."""
    return len(text) >= 2 or text[:1].isdigit()


def members_found(club: Club | int, text, *, by_club: bool) -> QuerySet[Member]:
    """The members of ``club`` (a Club or its id) that ``text`` finds (see the module's vocabulary), by their club
    too when ``by_club``; all of them for no text. Not ordered: each page orders them its way."""
    found = Member.objects.filter(club=club)
    for word in typed_text(text).split()[:5]:
        key = folded(word)
        finds = Q(name_folded__contains=key) | Q(number_folded__startswith=key)
        found = found.filter(finds | Q(home_club_folded__contains=key) if by_club else finds)
    return found


def members_matching(club: Club | int | None, text, limit: int = PICK_LIMIT, *,
                     not_in_tournament: int | None = None) -> list[Member]:
    """The picker's list: the members of ``club`` (a Club or its id) that ``text`` finds, at most ``limit``, those
    whose name starts with it first, then by name; without the members already in the tournament
    ``not_in_tournament`` (its id). Nothing for too little text or no club."""
    text = typed_text(text)
    if club is None or not can_search(text):
        return []
    found = members_found(club, text, by_club=False)
    if not_in_tournament is not None:
        found = found.exclude(players__tournament_id=not_in_tournament)
    found = found.annotate(starts=Case(When(name_folded__startswith=folded(text), then=Value(0)), default=Value(1),
                                       output_field=IntegerField()))
    return list(found.order_by("starts", *Member._meta.ordering)[:max(limit, 0)])


def members_named(club: Club | int | None, name: str) -> QuerySet[Member]:
    """The members of ``club`` (a Club or its id) of the name ``name``, without regard to case (folded)."""
    if club is None:
        return Member.objects.none()
    return Member.objects.filter(club=club, name_folded=folded(" ".join(name.split())))
