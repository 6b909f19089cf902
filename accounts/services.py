"""Giving people their roles: make a login, or give an existing one a role in a club.

``ROLES`` are the roles of a club (``clubs.models.Role``): director, committee, cashier. A role holds in one club
only; nobody is made staff (the Django admin is the server's superuser's: ``skat_tourney.admin``).
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, ClubRole, Role
from common.errors import UserError

ROLES = tuple(Role.values)


def clean_username(username: str) -> str:
    """The login name as Django's own user form would take it; ``UserError`` says what is wrong."""
    username = (username or "").strip()
    if not username or len(username) > 150 or "\x00" in username:
        raise UserError("username", _("give a login name of 1 to 150 characters"))
    User = get_user_model()
    try:
        User._meta.get_field(User.USERNAME_FIELD).run_validators(username)  # letters, digits and @.+-_ only
    except ValidationError as refused:
        raise UserError("username", " ".join(refused.messages)) from None
    return username


def club_for(slug: str | None) -> Club:
    """The club ``slug`` names; without one, the server's only club. ``UserError`` says what to give instead."""
    if slug:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise UserError("club", _("there is no club {slug!r}; the clubs are: {slugs}").format(
                slug=slug, slugs=", ".join(Club.objects.values_list("slug", flat=True)) or "-"))
        return club
    clubs = list(Club.objects.all()[:2])
    if len(clubs) != 1:
        raise UserError("club", _("this server has several clubs: say which with --club"))
    return clubs[0]


def login_made(username: str, password: str | None):
    """A new login ``username`` (cleaned by ``clean_username``) with ``password``, checked by the password rules;
    ``UserError`` naming the password when none is given or the rules refuse it, nothing saved."""
    if not password:
        raise UserError("password", _("{name} is a new login: give a password").format(name=username))
    user = get_user_model()(username=username)
    try:
        validate_password(password, user)
    except ValidationError as refused:
        raise UserError("password", " ".join(refused.messages)) from None
    user.set_password(password)
    user.save()
    return user


def person_add(*, username: str, role: str, password: str | None = None, club: Club | None = None):
    """Give ``username`` the ``role`` in ``club`` (None: the server's only club); a new login needs ``password``
    (checked by the password rules). Returns ``(user, created)``. ``UserError`` names the field and says what to
    change."""
    username = clean_username(username)
    if role not in ROLES:
        raise UserError("role", _("the role is {roles}, not {role!r}").format(roles=" or ".join(ROLES), role=role))
    club = club or club_for(None)
    User = get_user_model()
    with transaction.atomic():
        user = User.objects.filter(username=username).first()
        created = user is None
        if created:
            user = login_made(username, password)
        ClubRole.objects.get_or_create(club=club, user=user, role=role)
    return user, created


def person_remove(*, user, club: Club, role: str | None = None) -> int:
    """Take ``role`` (None: every role) in ``club`` from ``user``; the login itself stays (it may hold roles in
    other clubs). Returns how many roles were taken. A club always keeps a director: taking the last one's role is
    refused (``UserError``), also when two directors take each other's role at the same moment (the club's row is
    locked, so the second sees the first's change)."""
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).first()
        roles = ClubRole.objects.filter(club=club, user=user)
        if role is not None:
            roles = roles.filter(role=role)
        directors = ClubRole.objects.filter(club=club, role=Role.DIRECTOR)
        if roles.filter(role=Role.DIRECTOR).exists() and not directors.exclude(user=user).exists():
            raise UserError("role", _("{name} is the only director of {club}, and a club always keeps one: give "
                                      "another login the director's role first.").format(name=user.username,
                                                                                          club=club.name))
        deleted, _by_model = roles.delete()
    return deleted
