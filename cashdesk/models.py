"""The cash desk's book: one line for each sum of money that changed hands at an event (vocabulary: ``cashdesk``).

The table was made when the book lived in scoring, and keeps its name (``scoring_payment``) so no row moves."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Payment(models.Model):
    """One line of the cash desk's book : money taken from or paid out to a player.

    ``amount`` is positive for the money moved in the direction of its ``kind`` (taken for a fee or lost-game
    money, paid out for a prize); a mistaken line is never deleted nor changed but reversed by a counter-entry of
    the same kind with the amount negated (``reverses`` names the line it takes back, at most once), so the book
    keeps its whole history and every sum is the plain sum of its lines."""

    class Kind(models.TextChoices):
        FEE = "fee", _("entry fee")
        LOST_GAMES = "lost_games", _("lost-game money")
        PRIZE = "prize", _("prize payout")

    tournament = models.ForeignKey("seating.Tournament", on_delete=models.CASCADE, related_name="payments")
    player = models.ForeignKey("seating.Player", on_delete=models.PROTECT, related_name="payments")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    series = models.PositiveSmallIntegerField(null=True, blank=True, help_text="lost-game money: the series")
    prize = models.CharField(max_length=40, blank=True, help_text="a prize payout: the award's key, category:place")
    amount = models.DecimalField(max_digits=9, decimal_places=2)
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                           related_name="+")
    note = models.CharField(max_length=200, blank=True)
    reverses = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="reversed_by")

    class Meta:
        db_table = "scoring_payment"
        ordering = ["tournament", "at", "pk"]
        indexes = [models.Index(fields=["tournament", "player"], name="payment_tournament_player")]
        constraints = [
            # A line moves money; its counter-entry moves it back.
            models.CheckConstraint(condition=(models.Q(reverses__isnull=True, amount__gt=0)
                                              | models.Q(reverses__isnull=False, amount__lt=0)),
                                   name="payment_positive_unless_reversal"),
            models.CheckConstraint(condition=(models.Q(kind="lost_games", series__isnull=False)
                                              | (~models.Q(kind="lost_games") & models.Q(series__isnull=True))),
                                   name="payment_series_only_for_lost_games"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount} · {self.player_id}"
