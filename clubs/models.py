"""The club's office: clubs (organisations) on one server, who holds which role in each, and the members kept.

Vocabulary:
    club         an organisation that owns its events, members and seasons: a Skat club, or an association running
                 events. One server may host several; a server of one club never shows the word "organisation".
    language     the club's language (``language``): a new evening's and a new season's print language unless
                 chosen otherwise, so a German club prints German from its first evening on.
    association  a club above others (``within``: the association a club is within, e.g. a Verbandsgruppe's or a
                 Landesverband's club); ``region`` names the region a club belongs to (Verbandsgruppe, section).
    person       one player across clubs (``Person``): the members of any clubs who carry his
                 ``federation_number`` (the association's Spielerpass- or Mitgliedsnummer); his name and year of birth
                 are those of the latest change of one of them, his ``region`` the one he names (see
                 ``clubs.persons``).
    role         what a login may do in one club: ``director`` (everything), ``committee`` (results, prizes,
                 downloads) or ``cashier`` (fees taken, money paid out, the cash report; nothing else). A person
                 may hold roles in several clubs. The server's superuser holds every role everywhere.
    member       a person in the club's registry, kept from one evening to the next: a guest (``guest``) plays for
                 another club (``home_club``), a member for this one. ``public`` says whether his name may be
                 published; ``number`` is the association's membership number (optional); ``categories`` the
                 labels he carries (Damen, Senioren, ...). His events are the players linked to him.
    folded       ``name_folded``, ``home_club_folded`` and ``number_folded``: his name, club and number as
                 ``common.folding`` compares them, kept by every save (and bulk write) beside them, so a search
                 compares folded with folded in the database, on SQLite as on PostgreSQL ("mü" finds "Müller").
"""

import re

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from common.folding import folded

FIRST_CLUB = {"slug": "club", "name": "Skatclub"}  # as migration 0002 makes it; renamed on the club's page


class Club(models.Model):
    slug = models.SlugField(max_length=40, unique=True, verbose_name=_("short name"))
    name = models.CharField(max_length=120, verbose_name=pgettext_lazy("club", "name"))
    # The club's language: what its new evenings and seasons print in by default (their own print language can
    # still be changed), and what its projector boards speak; one of settings.LANGUAGES (checked by the forms).
    language = models.CharField(max_length=10, default="en", verbose_name=_("language"),
                                help_text=_("the language the club's new evenings and seasons print in"))
    within = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="clubs_within",
                               verbose_name=_("association"), help_text=_("the association the club is within"))
    region = models.CharField(max_length=60, blank=True, verbose_name=_("region"),
                              help_text=_("the association's region the club belongs to (Verbandsgruppe, section)"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = pgettext_lazy("organisation", "club")
        verbose_name_plural = pgettext_lazy("organisation", "clubs")

    def __str__(self):
        return self.name


def split_categories(text: str) -> list[str]:
    """A member's categories as typed ("Damen, Senioren" or "Damen; Senioren"): each once, its spaces tidied."""
    return list(dict.fromkeys(name for name in (" ".join(part.split()) for part in re.split(r"[,;]", text or ""))
                              if name))


def default_club_id() -> int:
    """The club a tournament made without one belongs to: the first club, made on a server that has none
    (the embedded default is a club of one, so nobody ever has to choose)."""
    # Only the id is read: a migration adding a tournament's club calls this before the club's later columns exist.
    pk = Club.objects.order_by("pk").values_list("pk", flat=True).first()
    return pk if pk is not None else Club.objects.create(**FIRST_CLUB).pk


class Role(models.TextChoices):
    DIRECTOR = "director", pgettext_lazy("role", "director")
    COMMITTEE = "committee", pgettext_lazy("role", "committee")
    CASHIER = "cashier", pgettext_lazy("role", "cashier")


class ClubRole(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles")
    role = models.CharField(max_length=20, choices=Role.choices)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user", "role"], name="one_role_once_per_club")]
        verbose_name = _("role in a club")
        verbose_name_plural = _("roles in clubs")

    def __str__(self):
        return f"{self.user} · {self.get_role_display()} · {self.club}"


# a member's text -> the column keeping it folded
FOLDED = {"name": "name_folded", "home_club": "home_club_folded", "number": "number_folded"}


def _fold(member: "Member") -> None:
    for text, column in FOLDED.items():
        setattr(member, column, folded(getattr(member, text)))


def _with_folded(fields) -> list[str]:
    """The fields a write of ``fields`` must write: the folded columns of those it changes too."""
    return list(dict.fromkeys([*fields, *(FOLDED[text] for text in fields if text in FOLDED)]))


class MemberQuerySet(models.QuerySet):
    """Bulk writes skip ``save``: these keep the folded columns all the same."""

    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        for member in objs:
            _fold(member)
        return super().bulk_create(objs, *args, **kwargs)

    def bulk_update(self, objs, fields, *args, **kwargs):
        objs = list(objs)
        for member in objs:
            _fold(member)
        return super().bulk_update(objs, _with_folded(fields), *args, **kwargs)


class Member(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    name = models.CharField(max_length=120, verbose_name=pgettext_lazy("person", "name"))
    home_club = models.CharField(max_length=120, blank=True, verbose_name=_("club"),
                                 help_text=_("the club he plays for; a guest's differs from ours"))
    number = models.CharField(max_length=40, blank=True, verbose_name=_("membership number"))
    # One person across clubs: the members of every club carrying one federation number are one ``Person``.
    federation_number = models.CharField(max_length=40, blank=True, db_index=True,
                                         verbose_name=_("federation number"),
                                         help_text=_("the association's player pass number (Spielerpass)"))
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("year of birth"))
    categories = models.CharField(max_length=200, blank=True, verbose_name=_("categories"),
                                  help_text=_("comma-separated: Damen, Senioren, Junioren ..."))  # ";" too
    guest = models.BooleanField(default=False, verbose_name=_("guest"))
    public = models.BooleanField(default=True, verbose_name=_("name may be published"))
    notes = models.TextField(blank=True, verbose_name=_("notes"))
    created_at = models.DateTimeField(auto_now_add=True)
    # Kept by ``save`` (see the module's vocabulary); a text field, as folding may lengthen a name ("ß" is "ss").
    name_folded = models.TextField(blank=True, default="", editable=False)
    home_club_folded = models.TextField(blank=True, default="", editable=False)
    number_folded = models.TextField(blank=True, default="", editable=False)

    objects = MemberQuerySet.as_manager()

    class Meta:
        ordering = [Lower("name"), "pk"]
        indexes = [models.Index(fields=["club", "name"], name="member_club_name"),
                   models.Index(fields=["club", "name_folded"], name="member_club_name_folded")]
        verbose_name = _("member")
        verbose_name_plural = _("members")

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        _fold(self)
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = _with_folded(kwargs["update_fields"])
        super().save(*args, **kwargs)

    @property
    def category_names(self) -> list[str]:
        return split_categories(self.categories)


class Person(models.Model):
    """One player across clubs, by his federation number (see the module's vocabulary)."""

    federation_number = models.CharField(max_length=40, unique=True, verbose_name=_("federation number"))
    name = models.CharField(max_length=120, verbose_name=pgettext_lazy("person", "name"))
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("year of birth"))
    region = models.CharField(max_length=60, blank=True, verbose_name=_("region"),
                              help_text=_("the region he names, where he is a member of clubs of several regions"))
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["federation_number"]
        verbose_name = _("person")
        verbose_name_plural = _("persons")

    def __str__(self):
        return f"{self.name} ({self.federation_number})"
