"""Giving people their roles: make a login, or give an existing one the director's or the committee's role.

``ROLES`` names each role and its group (``common.permissions``). A director is also made staff, so the Django
admin opens for him; a committee member is never staff, so he changes no seating and no score.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.db import transaction

from common.errors import UserError
from common.permissions import COMMITTEE_GROUP, DIRECTOR_GROUP

ROLES = {"director": DIRECTOR_GROUP, "committee": COMMITTEE_GROUP}


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


def person_add(*, username: str, role: str, password: str | None = None):
    """Give ``username`` the ``role``; a new login needs ``password`` (checked by the password rules).
    Returns ``(user, created)``. ``UserError`` names the field and says what to change."""
    username = clean_username(username)
    if role not in ROLES:
        raise UserError("role", _("the role is {roles}, not {role!r}").format(roles=" or ".join(ROLES), role=role))
    User = get_user_model()
    with transaction.atomic():
        user = User.objects.filter(username=username).first()
        created = user is None
        if created:
            if not password:
                raise UserError("password", _("{name} is a new login: give a password").format(name=username))
            user = User(username=username)
            try:
                validate_password(password, user)
            except ValidationError as refused:
                raise UserError("password", " ".join(refused.messages)) from None
            user.set_password(password)
        if role == "director":
            user.is_staff = True
        user.save()
        group, _created = Group.objects.get_or_create(name=ROLES[role])
        user.groups.add(group)
    return user, created
