"""Score entry data: the deals of every table's score sheet, its secret entry link and the players' slips.

Vocabulary:
    deal          one line of a table's score sheet (Foster's layout): its number through the session at
                  that table, the dealer, and the game as the books speak of it. The rules engine's
                  valuation is stored beside the facts (won, value, signed score, explanation, remark).
    all passed    nobody bid: Ramsch (old rulebooks; the loser's charge is entered for him) or thrown in
                  (ISkO; nothing is scored).
    table link    a long random token that lets whoever holds it enter scores for that table only.
    version       counts the saves of a deal: an edit made from an older version is refused.
    submission    a key the entry form carries, so a double submit never makes two deals; it belongs to the
                  table whose form carried it (unique per table, not across the hall).
    slip          a player's net points, net games and remarks for one stay at one table, OK'd by another
                  player at that table (never by himself), who types his own OK code (from his entry ticket)
                  on the table's device. An OK'd slip changes only by the director's correction (history kept).
                  Under Seeger-Fabian it is his line of the table's list: game points (the sum of his game
                  scores), games won and games lost.
    OK lock       too many wrong guesses at one player's OK code lock that code for a while, longer each time
                  (scoring.entry.ok_codes).
    series clock  one series' time, started by the director: the hall sees the time left; the director closes
                  the series at the end, and its tables take no more deals (scoring.series.clock).
Models are slim; the writes are in scoring.entry.services, the rules in scoring.engine. (The cash desk's book
is the ``cashdesk`` app's.)
"""

import hashlib
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from scoring.engine import DEFAULT_RULEBOOK, RULEBOOKS
from scoring.series.clock.reading import DEFAULT_MINUTES, LEAST_MINUTES, MOST_MINUTES


class TableLink(models.Model):
    table = models.OneToOneField("seating.Table", on_delete=models.CASCADE, related_name="link")
    token = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Link for table {self.table.number}"


class OkCodeGuard(models.Model):
    """The wrong guesses at one player's OK code: counted, and the lock they earned (scoring.entry.ok_codes)."""

    player = models.OneToOneField("seating.Player", on_delete=models.CASCADE, related_name="ok_guard")
    failures = models.PositiveSmallIntegerField(default=0)
    locks = models.PositiveSmallIntegerField(default=0)
    locked_until = models.DateTimeField(null=True, blank=True)


class Deal(models.Model):
    class Kind(models.TextChoices):
        GAME = "game", _("a game")
        RAMSCH = "ramsch", _("Ramsch")
        THROWN_IN = "thrown_in", _("thrown in")

    tournament = models.ForeignKey("seating.Tournament", on_delete=models.CASCADE, related_name="deals")
    # RESTRICT: seating cannot delete a table that holds scores (a redraw is refused), yet deleting the whole
    # tournament still takes its deals with it.
    table = models.ForeignKey("seating.Table", on_delete=models.RESTRICT, related_name="deals")
    number = models.PositiveSmallIntegerField()
    stay = models.PositiveSmallIntegerField()
    dealer = models.ForeignKey("seating.Player", on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.GAME)
    declarer = models.ForeignKey("seating.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    # The facts, as entered.
    game = models.CharField(max_length=60, blank=True)
    matadores = models.SmallIntegerField(null=True, blank=True, help_text="+N with, -N without")
    announced = models.CharField(max_length=10, blank=True)
    bid = models.PositiveIntegerField(null=True, blank=True)
    points = models.PositiveSmallIntegerField(null=True, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    hand = models.BooleanField(default=False)
    ouvert = models.BooleanField(default=False)
    abandoned = models.BooleanField(default=False)
    kontra = models.BooleanField(default=False)
    re = models.BooleanField(default=False)
    result = models.CharField(max_length=4, blank=True, help_text="paper sheet: won / lost")
    schneider = models.BooleanField(default=False)
    schwarz = models.BooleanField(default=False)
    ramsch_points = models.JSONField(null=True, blank=True, help_text="[V, M, H]")
    ramsch_tricks = models.JSONField(null=True, blank=True, help_text="[V, M, H]")
    ramsch_last_trick = models.CharField(max_length=1, blank=True)
    written_value = models.IntegerField(null=True, blank=True)
    # The engine's valuation.
    player = models.ForeignKey("seating.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                               help_text="whose column takes the score: the declarer, or the Ramsch loser")
    won = models.BooleanField(null=True)
    value = models.IntegerField(null=True, blank=True)
    score = models.IntegerField(default=0)
    multipliers = models.SmallIntegerField(null=True, blank=True)
    matadores_without = models.SmallIntegerField(default=0, help_text="N of a game won \"without\" N, else 0")
    game_name = models.CharField(max_length=60, blank=True, help_text="the game as the rulebook names it")
    method = models.CharField(max_length=10, blank=True, help_text="solo / tournee / other, for the prizes")
    suit_rank = models.PositiveSmallIntegerField(default=0, help_text="Grand 5, clubs 4 ... diamonds 1")
    overbid = models.BooleanField(default=False)
    explanation = models.TextField(blank=True)
    remark = models.CharField(max_length=200, blank=True)
    # Corrections and safety.
    voided = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=1)
    submission_key = models.CharField(max_length=64, null=True, blank=True)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+")
    entered_via = models.CharField(max_length=20, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["table", "number"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="deal_number_once_per_table"),
                       models.UniqueConstraint(fields=["table", "submission_key"],
                                               name="submission_key_once_per_table")]
        indexes = [models.Index(fields=["tournament", "player"]),
                   # A group's recount by the tally triggers (migration 0013) and the fresh GROUP BY that checks
                   # them (scoring.results.tallies) read from the index alone: no table rows, no sort.
                   models.Index(fields=["tournament", "table", "stay", "player", "kind", "voided", "score", "value",
                                        "matadores_without", "suit_rank", "method"], name="deal_tally")]

    def __str__(self) -> str:
        return f"Table {self.table.number}, deal {self.number}"


class StayTally(models.Model):
    """The kept totals of one group of a table's deals: one (table, stay, player, kind), its deals not voided.

    The database keeps these rows itself: triggers on ``scoring_deal`` (migration 0013) recompute a group's row
    from its deals whenever a deal of that group is inserted, changed (voided, corrected, moved) or deleted, in
    the same transaction, whichever code or command wrote the deal. Nothing in Python writes them, but
    ``scoring.results.tallies.tallies_rebuild`` (``manage.py tallies --rebuild``). The standings read them
    instead of grouping 54,000 deals; ``tallies_check`` proves them equal to a fresh GROUP BY of the deals.

    A migration that changes ``Deal`` or this model may make SQLite copy the table, which drops its triggers:
    such a migration must create them again (migration 0013's SQL); tests/scoring/committee/test_kept_tallies.py
    fails when a trigger is missing.

    The best-game columns hold a won game's prize key packed into one integer (see
    ``scoring.results.tournament``): ``highest`` the highest value, ``hardest`` the most "without" then value,
    ``solo`` / ``tournee`` the same among Solos / Tournees with the League's suit order between.
    """

    # No database constraints: the triggers write a group's row in the same statement as its deal, and a
    # tournament's deletion takes its deals, which takes their rows.
    tournament = models.ForeignKey("seating.Tournament", on_delete=models.DO_NOTHING, db_constraint=False,
                                   related_name="+")
    table = models.ForeignKey("seating.Table", on_delete=models.DO_NOTHING, db_constraint=False, related_name="+")
    stay = models.PositiveSmallIntegerField()
    player = models.ForeignKey("seating.Player", on_delete=models.DO_NOTHING, db_constraint=False, null=True,
                               related_name="+")
    kind = models.CharField(max_length=10)
    entries = models.IntegerField()
    games_won = models.IntegerField()
    games_lost = models.IntegerField()
    points_won = models.IntegerField()
    points_lost = models.IntegerField()
    highest = models.IntegerField(null=True)
    hardest = models.BigIntegerField(null=True)
    solo = models.BigIntegerField(null=True)
    tournee = models.BigIntegerField(null=True)

    class Meta:
        # A second row for one group would count its deals twice: the database refuses it, for a group of deals
        # thrown in (no player) too, which a plain unique constraint would let through (NULLs differ in SQL).
        constraints = [models.UniqueConstraint(models.F("table"), models.F("stay"), Coalesce("player", models.Value(0)),
                                               models.F("kind"), name="one_tally_per_group")]
        indexes = [models.Index(fields=["tournament", "table"], name="tally_of_tournament")]


class KeptSeriesTotal(models.Model):
    """One player's row of one series' standings as a season reads it (its ``total`` and ``deals_played``), kept,
    with his plays there (what the statistics count: deals thrown in, games declared by kind and from the hand).

    A season reads its evenings' series totals from these rows (``scoring.results.series_totals``), the statistics
    their plays: the first reading after a change makes an event's rows from its kept tallies and its deals, every
    later one reads them. A player with plays but neither a total nor a deal there (a game entered for a player not
    seated at that table) has a row of noughts for those two, which the totals' readings leave out. Triggers
    (migration 0018) delete an event's rows whenever one of its deals is inserted, changed or deleted, or its
    scoring settings are (the system and whether Ramsch counts as a game make the total, the rulebook reads the
    games' kinds), in the same transaction; the seats of a series cannot change once it holds a deal. Each row keeps
    its player's registry member, which a trigger (migration 0020) updates when the player's member changes. Like the
    tally triggers, SQLite drops those on ``scoring_deal`` and ``seating_player`` when a migration copies the table:
    such a migration must make them again.
    """

    tournament = models.ForeignKey("seating.Tournament", on_delete=models.CASCADE, related_name="+")
    series = models.PositiveSmallIntegerField()
    player = models.ForeignKey("seating.Player", on_delete=models.DO_NOTHING, db_constraint=False, related_name="+")
    # His player's registry member (``Player.member``) as it is: copied when the row is made, and a trigger
    # (migration 0020) copies a change of the player's member to his rows; a season reads them without the players.
    member = models.ForeignKey("clubs.Member", on_delete=models.DO_NOTHING, db_constraint=False, db_index=False,
                               null=True, related_name="+")
    total = models.IntegerField()
    deals_played = models.IntegerField()
    # His plays of the series (``scoring.results.plays.PLAY_COLUMNS``): what the statistics count of its deals.
    passed_in = models.IntegerField(default=0)
    hand_played = models.IntegerField(default=0)
    hand_won = models.IntegerField(default=0)
    diamonds_played = models.IntegerField(default=0)
    diamonds_won = models.IntegerField(default=0)
    hearts_played = models.IntegerField(default=0)
    hearts_won = models.IntegerField(default=0)
    spades_played = models.IntegerField(default=0)
    spades_won = models.IntegerField(default=0)
    clubs_played = models.IntegerField(default=0)
    clubs_won = models.IntegerField(default=0)
    grand_played = models.IntegerField(default=0)
    grand_won = models.IntegerField(default=0)
    null_played = models.IntegerField(default=0)
    null_won = models.IntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "series", "player"],
                                               name="one_kept_total_per_series")]


class Slip(models.Model):
    """A player's deal slip for one stay at one table (Foster's moving method)."""

    class Source(models.TextChoices):
        SHEET = "sheet", _("from the score sheet")
        PAPER = "paper", _("entered from the paper slip")

    tournament = models.ForeignKey("seating.Tournament", on_delete=models.CASCADE, related_name="slips")
    table = models.ForeignKey("seating.Table", on_delete=models.RESTRICT, related_name="slips")
    stay = models.PositiveSmallIntegerField()
    player = models.ForeignKey("seating.Player", on_delete=models.CASCADE, related_name="slips")
    net_points = models.IntegerField(help_text="won - lost points; under Seeger-Fabian the sum of his game scores")
    net_games = models.IntegerField(help_text="games won - games lost")
    # A Seeger-Fabian list gives each player's games won and lost (the others' lost games count for him);
    # a Foster / McColl slip only the nets, so these stay empty on it.
    games_won = models.PositiveSmallIntegerField(null=True, blank=True)
    games_lost = models.PositiveSmallIntegerField(null=True, blank=True)
    remarks = models.CharField(max_length=500, blank=True)
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.SHEET)
    ok_by = models.ForeignKey("seating.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    ok_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["table", "stay", "player"]
        constraints = [
            models.UniqueConstraint(fields=["table", "stay", "player"], name="slip_once_per_player_and_stay"),
            models.CheckConstraint(condition=~models.Q(ok_by=models.F("player")), name="slip_not_okd_by_own_player"),
        ]

    def __str__(self) -> str:
        return f"Slip of {self.player} at table {self.table.number}, stay {self.stay}"

    @property
    def seen(self) -> str:
        """What an OK attests, in one short word: the slip's figures and remarks as the page shows them. The OK form
        sends it back, and an OK of a slip changed since is refused (``scoring.entry.services.slip_ok``)."""
        said = repr((self.net_points, self.net_games, self.games_won, self.games_lost, self.remarks, self.source))
        return hashlib.sha256(said.encode()).hexdigest()[:16]


class TournamentScoring(models.Model):
    """A tournament's rules: the rulebook its deals are valued under, how it is scored, what prizes it gives."""

    class System(models.TextChoices):
        FOSTER = "foster", _("Foster / American Skat League")
        MCCOLL = "mccoll", _("McColl's simple method")
        SEEGER_FABIAN = "seeger-fabian", _("Seeger-Fabian (ISkO)")

    tournament = models.OneToOneField("seating.Tournament", on_delete=models.CASCADE, related_name="scoring")
    rulebook = models.CharField(max_length=20, choices=[(rb.id, _(rb.name)) for rb in RULEBOOKS.values()],
                                default=DEFAULT_RULEBOOK)
    system = models.CharField(max_length=20, choices=System.choices, default=System.FOSTER)
    ramsch_counts_as_game = models.BooleanField(default=True, help_text=_("a Ramsch loss counts as one game lost"))
    prize_schedule = models.JSONField(default=list, blank=True,
                                      help_text=_('ordered [category, place] pairs, e.g. '
                                                  '[["points", 1], ["games", 1]]'))
    allow_multiple_prizes = models.BooleanField(default=False)
    prize_seed = models.BigIntegerField(default=0, help_text=_("the seed of any cut the system draws"))
    published = models.BooleanField(default=False, help_text=_("show the live standings page to the public"))
    # Money (``scoring.standings.money``): exact amounts in the event's currency.
    currency = models.CharField(max_length=3, default="EUR", help_text=_("the event's currency, e.g. EUR, USD"))
    entry_fee = models.DecimalField(max_digits=9, decimal_places=2, default=Decimal("0.00"))
    per_lost_game = models.DecimalField(max_digits=9, decimal_places=2, default=Decimal("0.00"),
                                        help_text=_("lost-game money for each game lost in a series"))
    per_lost_game_at_three = models.DecimalField(max_digits=9, decimal_places=2, null=True, blank=True,
                                                 help_text=_("at a table of three, if different"))
    raised_per_lost_game = models.DecimalField(max_digits=9, decimal_places=2, null=True, blank=True,
                                               help_text=_("from the lost game below on, if more"))
    raised_from = models.PositiveSmallIntegerField(default=4,
                                                   help_text=_("the lost game of a series the raise starts at"))
    category_places = models.PositiveSmallIntegerField(
        default=3, validators=[MaxValueValidator(100)],
        help_text=_("prizes in each category's prize list (the category's first places)"))
    prize_money = models.JSONField(default=list, blank=True,
                                   help_text=_('money prizes: [category, place, amount], e.g. [["total", 1, "50.00"]]'))
    series_minutes = models.PositiveSmallIntegerField(
        default=DEFAULT_MINUTES, validators=[MinValueValidator(LEAST_MINUTES), MaxValueValidator(MOST_MINUTES)],
        help_text=_("minutes a series lasts once the director starts it (2 h 15 for 48 deals; tables of three "
                    "get the same time)"))
    history = HistoricalRecords()

    def __str__(self) -> str:
        return f"Scoring of {self.tournament}"


class PrizeChoice(models.Model):
    """A player who would take both the points and the games prize keeps the one he chooses."""

    tournament = models.ForeignKey("seating.Tournament", on_delete=models.CASCADE, related_name="prize_choices")
    player = models.ForeignKey("seating.Player", on_delete=models.CASCADE, related_name="+")
    category = models.CharField(max_length=20)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="one_choice_per_player")]


class PrizeCut(models.Model):
    """A cut the director recorded for a tie the rules cannot settle: the tied players, winner first."""

    tournament = models.ForeignKey("seating.Tournament", on_delete=models.CASCADE, related_name="prize_cuts")
    category = models.CharField(max_length=20)
    place = models.PositiveSmallIntegerField(default=1)
    order = models.JSONField(help_text="player ids, the winner of the cut first")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "category", "place"], name="one_cut_per_prize")]


class SeriesClock(models.Model):
    """One series' clock: started by the director (it ends ``minutes`` later), then closed by him: the deals not
    played are not played and the lists are closed as they stand; the tables of that series take no more deals.
    ``unfinished`` keeps the tables that had not finished when it was closed; the history keeps who did what when."""

    tournament = models.ForeignKey("seating.Tournament", on_delete=models.CASCADE, related_name="series_clocks")
    series = models.PositiveSmallIntegerField()
    minutes = models.PositiveSmallIntegerField(help_text=_("the series time it was started with"))
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+")
    unfinished = models.JSONField(default=list, blank=True,
                                  help_text="[table number, deals entered, deals due] of each table not finished "
                                            "when the series was closed")
    # The reason says what closing meant and which tables were behind: longer than the default 100 characters.
    history = HistoricalRecords(history_change_reason_field=models.TextField(null=True))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "series"], name="one_clock_per_series")]

    def __str__(self) -> str:
        return f"Clock of series {self.series} of {self.tournament}"
