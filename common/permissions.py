"""Who may do what: the one place that says it, for every app's views.

Vocabulary:
    staff        the director and his helpers (Django's ``is_staff``): may change everything, enter and
                 correct scores for any table.
    committee    the prize committee: staff, or members of the "committee" group; may read every result and
                 slip and download the lists, and change nothing unless they are staff.
    table link   a table's secret link lets whoever holds it enter that table's deals only: checked by the
                 entry views against the link's table (``scoring.entry.access``), never through this module.
"""

from django.contrib.admin.views.decorators import staff_member_required

COMMITTEE_GROUP = "committee"

staff_required = staff_member_required
"""Decorator for a page only staff may open: anyone else is sent to log in."""


def can_write(user) -> bool:
    """Whether ``user`` may change tournaments, seats and scores (the director and his staff)."""
    return bool(user.is_authenticated and user.is_staff)


def is_committee(user) -> bool:
    """Whether ``user`` may read the committee's pages and downloads."""
    return bool(user.is_authenticated and (user.is_staff or user.groups.filter(name=COMMITTEE_GROUP).exists()))
