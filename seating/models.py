"""The director's data: tournaments, players, sections, tables, pairs and who sits where in every stay.

Vocabulary (see seating.movements for the movements themselves):
    tournament   one event: its seating method and the seed of its first draw (its rulebook is scoring's).
    series       one seating and its deals; an event plays ``series_count`` of them (1: Foster's single
                 session). Series 1 is drawn by the method (``draw_seed``); each later series by lot or by the
                 standings (``SeriesDraw``). Sections, tables, seats and sit-outs belong to one series.
    player       a registered entrant; an expert may be drawn to control a table (fixed method). A late entry
                 plays from ``first_series``; a player who withdrew plays no series after ``last_series``.
    team         a named group of players (usually four, often a club), ranked by the sum of their totals.
    category     a label players carry (ladies, seniors, juniors, guests...), with its own ranking.
    OK code      a player's secret six digits, printed on his entry ticket: typed to OK another's slip.
    section      tables whose pairs move among themselves; lettered A, B, ... Z, AA, AB ...
    table        numbered through the hall (1, 2, ...); a moving table also has its number in its section.
    pair         two players sitting opposite each other who move together.
    seat         who sits at which table and seat in a stay. A fixed table has one stay for the whole
                 session (stay 1); a moving table one per stay of its section.
    sit-out      a player drawn against the phantom pair in a stay: he plays no table then.
Models are slim: the rules live in ``seating.movements`` and the writes in ``seating.services``.
"""

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from clubs.models import default_club_id
from seating.movements import FOSTER_ROUNDS, Method, Remainder, TableSizes

MAX_SERIES = 50


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("registration")
        DRAWN = "drawn", _("seats drawn")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="tournaments",
                             default=default_club_id, verbose_name=pgettext_lazy("organisation", "club"))
    name = models.CharField(max_length=200)
    date = models.DateField(default=timezone.localdate)
    place = models.CharField(max_length=200, blank=True)
    method = models.CharField(max_length=30, choices=[(m.value, _(m.label)) for m in Method],
                              default=Method.UP_SIDES.value)
    remainder = models.CharField(
        max_length=20, default=Remainder.EXTRA_TABLES.value,
        choices=[(Remainder.EXTRA_TABLES.value, _("extra fixed tables of 3 or 5")),
                 (Remainder.SIT_OUT.value, _("a pair sits out each stay (phantom pair)"))],
        help_text=_("what to do with players the pairs and tables of four do not fill"),
    )
    section_split = models.CharField(max_length=200, blank=True,
                                     help_text=_("tables per section, e.g. 5,5,5; empty: the suggested split"))
    table_sizes = models.CharField(max_length=10, choices=[(rule.value, _(rule.label)) for rule in TableSizes],
                                   default=TableSizes.FOSTER.value,
                                   help_text=_("how the players are cut into tables (set by the rulebook)"))
    rounds_per_stay = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("pair methods: rounds at a table before the pairs move (default: Foster's)"))
    session_rounds = models.PositiveSmallIntegerField(
        null=True, blank=True,
        help_text=format_lazy(_("fixed tables: rounds in the session (default {rounds}; when pairs move, the fixed "
                                "tables play as long as the longest section)"), rounds=FOSTER_ROUNDS))
    series_count = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(MAX_SERIES)], verbose_name=_("series"),
        help_text=_("series the event plays, each with a new seating (1: a single session)"))
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    # The language of what the tournament prints (sheets, tickets, lists, prize lists, workbooks), whatever the
    # browser of whoever prints; one of settings.LANGUAGES (checked by the forms, so adding a language needs no
    # migration).
    language = models.CharField(max_length=10, default="en", verbose_name=_("print language"),
                                help_text=_("the language of the sheets, tickets, lists and prize lists"))
    # The director's announcement line on every player's own page (public.views.own_page), e.g. "series 2 at 14:30".
    notice = models.CharField(max_length=300, blank=True, verbose_name=_("notice to the players"),
                              help_text=_("one line shown on every player's own page"))
    # Sign-up before the day (seating.signups): open or not, how many places, until when.
    signup_open = models.BooleanField(default=False, verbose_name=_("public sign-up open"))
    signup_limit = models.PositiveIntegerField(null=True, blank=True, verbose_name=_("places"),
                                               help_text=_("empty: no limit; beyond it a waiting list"))
    signup_deadline = models.DateTimeField(null=True, blank=True, verbose_name=_("sign-up until"))
    draw_seed = models.BigIntegerField(null=True, blank=True, editable=False)
    drawn_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-date", "name"]
        constraints = [models.CheckConstraint(condition=models.Q(series_count__gte=1, series_count__lte=MAX_SERIES),
                                              name="series_count_1_to_50")]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def get_language_display(self) -> str:
        return str(dict(settings.LANGUAGES).get(self.language, self.language))

    @property
    def is_drawn(self) -> bool:
        return self.draw_seed is not None


OK_CODE_DIGITS = 6


def new_page_token() -> str:
    """The unguessable part of a player's own page address (/p/<token>/): 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def new_ok_code() -> str:
    """A fresh OK code: six random digits (a million codes; the entry pages allow a few wrong tries only)."""
    return f"{secrets.randbelow(10 ** OK_CODE_DIGITS):0{OK_CODE_DIGITS}d}"


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    club = models.CharField(max_length=120, blank=True)
    membership_number = models.CharField(max_length=40, blank=True)
    is_expert = models.BooleanField(default=False, help_text=_("may be drawn to control a table (fixed method)"))
    # Printed on his entry ticket only: he types it on the table's device to OK another player's slip, so an
    # OK is his own act and not the act of whoever holds the table link.
    ok_code = models.CharField(max_length=OK_CODE_DIGITS, default=new_ok_code, editable=False,
                               help_text=_("the code on his entry ticket that he types to OK another's slip"))
    # His own page's address (public.views.own_page): seat, lists and rank, nothing that enters or OKs a score.
    page_token = models.CharField(max_length=32, default=new_page_token, unique=True, editable=False)
    first_series = models.PositiveSmallIntegerField(default=1, help_text=_("a late entry plays from this series"))
    last_series = models.PositiveSmallIntegerField(null=True, blank=True,
                                                   help_text=_("a player who withdrew plays no series after this one"))
    team = models.ForeignKey("Team", on_delete=models.SET_NULL, null=True, blank=True, related_name="members")
    # The person in the club's registry he is (None: typed in for this event only, or a former member).
    member = models.ForeignKey("clubs.Member", on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="players")
    categories = models.ManyToManyField("Category", blank=True, related_name="players")
    history = HistoricalRecords()

    class Meta:
        ordering = ["id"]
        constraints = [
            # A typed-in player is known by his name and club; a member of the registry by his member: father
            # and son of one name and club are two members (the registry tells them apart by number or year).
            models.UniqueConstraint(Lower("name"), Lower("club"), "tournament", condition=models.Q(member__isnull=True),
                                    name="player_once_by_name_and_club"),
            models.UniqueConstraint(fields=["tournament", "member"], condition=models.Q(member__isnull=False),
                                    name="player_once_by_member"),
            models.UniqueConstraint(fields=["tournament", "membership_number"], condition=~models.Q(membership_number=""),
                                    name="player_once_by_membership_number"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})" if self.club else self.name

    def plays_series(self, number: int) -> bool:
        return self.first_series <= number and (self.last_series is None or number <= self.last_series)


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=120)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(Lower("name"), "tournament", name="team_name_once")]

    def __str__(self) -> str:
        return self.name


class Category(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="categories")
    name = models.CharField(max_length=60)

    class Meta:
        ordering = ["name"]
        verbose_name_plural = _("categories")
        constraints = [models.UniqueConstraint(Lower("name"), "tournament", name="category_name_once")]

    def __str__(self) -> str:
        return self.name


class SeriesDraw(models.Model):
    """A series seated at tables of three and four by lot (from ``seed``), planned with every other series of the
    event at once (from ``seed``: ``seating.movements.event_plan``) or, after the first, by the standings after the
    series before; and how well the draw kept clubs apart and earlier table-mates from meeting again.
    (A first series drawn by the method has no ``SeriesDraw``: its seed is ``Tournament.draw_seed``, which a lot
    draw of the first series also sets, as the tournament's draw.)"""

    class How(models.TextChoices):
        LOT = "lot", _("by lot")
        STANDINGS = "standings", _("by the standings")
        MOVEMENT = "movement", _("by continuing the movement")
        PLAN = "plan", _("planned with the whole event")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="series_draws")
    number = models.PositiveSmallIntegerField()
    how = models.CharField(max_length=10, choices=How.choices)
    seed = models.BigIntegerField(null=True, blank=True)
    club_clashes = models.PositiveIntegerField(default=0)
    least_club_clashes = models.PositiveIntegerField(default=0)
    repeat_meetings = models.PositiveIntegerField(default=0)
    least_repeat_meetings = models.PositiveIntegerField(default=0)
    drawn_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="series_drawn_once"),
                       models.CheckConstraint(condition=models.Q(number__gte=1), name="series_number_from_1")]


def section_letter(number: int) -> str:
    """1 → A, 26 → Z, 27 → AA: sections are lettered like spreadsheet columns."""
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


class Section(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sections")
    series = models.PositiveSmallIntegerField(default=1)
    number = models.PositiveSmallIntegerField()
    stays = models.PositiveSmallIntegerField()
    phantom_pair = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "series", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "series", "number"], name="section_number_once")]

    def __str__(self) -> str:
        return f"Section {self.letter}"

    @property
    def letter(self) -> str:
        return section_letter(self.number)


class Table(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    section = models.ForeignKey(Section, on_delete=models.CASCADE, null=True, blank=True, related_name="tables")
    series = models.PositiveSmallIntegerField(default=1)
    number = models.PositiveIntegerField(help_text=_("the table's number in the hall"))
    number_in_section = models.PositiveSmallIntegerField(null=True, blank=True)
    size = models.PositiveSmallIntegerField()
    # The table's schedule, written at the draw from ``seating.movements.schedule`` (see ``seating.schedule``).
    stays = models.PositiveSmallIntegerField(default=1)
    rounds_per_stay = models.PositiveSmallIntegerField(default=1)
    controller = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["tournament", "series", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "series", "number"], name="table_number_once"),
            models.CheckConstraint(condition=models.Q(size__gte=3, size__lte=6), name="table_size_3_to_6"),
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"

    @property
    def is_fixed(self) -> bool:
        return self.section_id is None


class Pair(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField()
    first = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["section", "number"]
        constraints = [models.UniqueConstraint(fields=["section", "number"], name="pair_number_once")]

    def __str__(self) -> str:
        return f"Pair {self.number} ({self.section.letter})"


class Seat(models.Model):
    class Place(models.TextChoices):
        NONE = "", _("fixed")
        NS = "ns", _("N-S")
        EW = "ew", _("E-W")
        MIDDLE = "middle", _("middle")
        SIDE = "side", _("side")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="seats")
    series = models.PositiveSmallIntegerField(default=1)
    stay = models.PositiveSmallIntegerField()
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seats")
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, null=True, blank=True, related_name="seats")
    place = models.CharField(max_length=10, choices=Place.choices, blank=True)

    class Meta:
        ordering = ["tournament", "series", "stay", "table__number", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "stay", "seat"], name="seat_once_per_stay"),
            models.UniqueConstraint(fields=["player", "series", "stay"], name="player_seated_once_per_stay"),
        ]
        indexes = [models.Index(fields=["tournament", "series", "stay"])]

    def __str__(self) -> str:
        return f"Stay {self.stay}, table {self.table.number}, seat {self.seat}: {self.player}"


class SitOut(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sit_outs")
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="sit_outs")
    series = models.PositiveSmallIntegerField(default=1)
    stay = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="sit_outs")

    class Meta:
        ordering = ["tournament", "series", "stay"]
        constraints = [models.UniqueConstraint(fields=["player", "series", "stay"], name="sit_out_once_per_stay")]


class PrintJob(models.Model):
    """One rendering of a printed document (``seating.printing``), run in the background for long renders.

    ``done`` of ``total`` parts (tickets, cards, sheets) are rendered; the PDF is kept here when done.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="print_jobs")
    series = models.PositiveSmallIntegerField(default=1)
    kind = models.CharField(max_length=30)
    paper = models.CharField(max_length=10)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    pdf = models.BinaryField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.kind} ({self.paper}) for {self.tournament}: {self.status}"


def new_cancel_token() -> str:
    return secrets.token_urlsafe(16)


class SignUp(models.Model):
    """One sign-up before the day (``seating.signups``): typed by anyone on the public form, so it is no player
    and no member until the director checks him in; ``contact`` (e-mail or phone) is seen by the club only."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="signups")
    name = models.CharField(max_length=120, verbose_name=pgettext_lazy("person", "name"))
    club = models.CharField(max_length=120, blank=True, verbose_name=_("club"))
    categories = models.ManyToManyField(Category, blank=True, related_name="signups", verbose_name=_("categories"))
    contact = models.CharField(max_length=200, verbose_name=_("e-mail or phone"))
    # The registry's member of that name and club, when there is one (matched, never made: the club decides).
    member = models.ForeignKey("clubs.Member", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    cancel_token = models.CharField(max_length=32, default=new_cancel_token, unique=True, editable=False)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    player = models.OneToOneField(Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="signup")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("sign-up")

    def __str__(self) -> str:
        return self.name
