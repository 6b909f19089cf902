"""Roles for test logins: a role in a club (the server's only club unless one is given), as ``adduser`` gives it."""

from clubs.models import Club, ClubRole, default_club_id


def grant(user, role: str = "director", club: Club | None = None):
    """Give ``user`` the ``role`` in ``club`` (None: the first club, made if there is none); returns the user."""
    club_id = club.pk if club is not None else default_club_id()
    ClubRole.objects.get_or_create(user=user, club_id=club_id, role=role)
    return user


def director(user_model, username: str = "director", password: str = "x", club: Club | None = None):
    """A new login holding the director's role in ``club``."""
    return grant(user_model.objects.create_user(username, password=password), "director", club)
