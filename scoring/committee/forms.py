"""The committee's forms: scoring settings, a player's choice between points and games, a recorded cut."""

from decimal import Decimal

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from common.i18n import amount as amount_said
from common.numbers import AmountField, NumberRefused, WholeNumberField, amount_within, sent_number
from scoring.committee.player_search import PickError, player_picked, players_picked
from scoring.models import TournamentScoring
from scoring.standings import PRESETS, ScoringSystem, counted_categories
from scoring.standings.money import MOST
from scoring.standings.prizes import CATEGORIES, PRESET_LABELS, PRESETS_OF_SYSTEM
from scoring.tournaments.selectors import scoring_settings

KEEP_SCHEDULE = ("", gettext_lazy("keep the current schedule"))


def preset_choices(system: str | None = None) -> list[tuple[str, str]]:
    """The prize schedules offered, named in the page's language: those that count what ``system`` counts (every
    one when it is not known)."""
    keys = PRESETS_OF_SYSTEM.get(system, tuple(PRESETS)) if system else tuple(PRESETS)
    return [KEEP_SCHEDULE] + [(key, gettext_lazy(PRESET_LABELS[key])) for key in keys]


PRESET_CHOICES = preset_choices()


MONEY_FIELDS = ["currency", "entry_fee", "per_lost_game", "per_lost_game_at_three", "raised_per_lost_game",
                "raised_from"]


MOST_RAISED_FROM = 1000
"""The raise starts at a lost game of a series: no series has a thousand games."""


# A prize line's category as the page's language writes it: one word each, no space ("gesamt 1 50,00"). The
# stored key (``scoring.standings.prizes.CATEGORIES``) is taken in any language.
PRIZE_LINE_WORDS = {
    "points": pgettext_lazy("prize line", "points"), "games": pgettext_lazy("prize line", "games"),
    "hardest": pgettext_lazy("prize line", "hardest"),
    "solo-without": pgettext_lazy("prize line", "solo-without"),
    "tourne-without": pgettext_lazy("prize line", "tourne-without"),
    "highest-game": pgettext_lazy("prize line", "highest-game"), "booby": pgettext_lazy("prize line", "booby"),
    "total": pgettext_lazy("prize line", "total"),
}


def prize_line_category(word: str) -> str | None:
    """The category key a prize line's first word names, in the page's language or as the stored key."""
    word = word.lower()
    if word in CATEGORIES:
        return word
    return next((key for key, said in PRIZE_LINE_WORDS.items() if str(said).lower() == word), None)


def prize_line_example() -> str:
    return f"{PRIZE_LINE_WORDS['total']} 1 {amount_said('50.00')}"


def event_categories(settings: TournamentScoring) -> list[str]:
    """The prize categories the event of ``settings`` counts (``counted_categories``): its pages offer no other."""
    return counted_categories(tuple((key, place) for key, place in settings.prize_schedule),
                              ScoringSystem(settings.system))


def _prize_money_help(categories) -> str:
    return gettext('one a line: category, place, amount, e.g. "{example}" (categories: {categories})').format(
        example=prize_line_example(), categories=", ".join(str(PRIZE_LINE_WORDS[key]) for key in categories))


def parse_prize_money(text: str) -> list[list]:
    """"total 1 50.00" lines → [["total", 1, "50.00"]], each category, place and amount checked; the amount is
    read as the page's language writes it ("50,00" and "1.000" in German, ``common.numbers``)."""
    prizes, seen = [], set()
    for number, line in enumerate(text.splitlines(), start=1):
        parts = line.split()
        if not parts:
            continue
        # "total, 2, 15": a comma may end the category and the place; the amount's comma is its decimal mark.
        parts = [part.rstrip(",;") for part in parts[:2]] + parts[2:]
        place = sent_number(parts[1], 100) if len(parts) == 3 else None
        category = prize_line_category(parts[0])
        if place is None or category is None:
            raise forms.ValidationError(gettext('line {number}: write a category, a place from 1 to 100 and an amount, '
                                                'e.g. "{example}"').format(number=number, example=prize_line_example()))
        try:
            value = amount_within(parts[2], Decimal("0.00"), MOST)
        except NumberRefused as refused:
            raise forms.ValidationError(gettext("line {number}: {reason}").format(number=number,
                                                                                  reason=refused.message)) from None
        if (category, place) in seen:
            raise forms.ValidationError(gettext("line {number}: {category} place {place} has a prize already").format(
                number=number, category=parts[0], place=place))
        seen.add((category, place))
        prizes.append([category, place, str(value)])
    return prizes


def _typed_in_language(db_field: models.Field, **kwargs) -> forms.Field:
    """The settings' amounts and whole numbers, read as the page's language writes them (``common.numbers``)."""
    if isinstance(db_field, models.DecimalField):
        return db_field.formfield(form_class=AmountField, most=MOST, **kwargs)
    if isinstance(db_field, models.IntegerField):
        return db_field.formfield(form_class=WholeNumberField, **kwargs)
    return db_field.formfield(**kwargs)


KEPT_WHEN_LEFT_OUT = ("currency", "entry_fee", "per_lost_game", "raised_from", "category_places")
"""Left empty, these keep their value; the two other rates, left empty, mean "no different rate"."""


class ScoringSettingsForm(forms.ModelForm):
    preset = forms.ChoiceField(choices=PRESET_CHOICES, required=False, label=gettext_lazy("Prize schedule preset"))

    class Meta:
        model = TournamentScoring
        formfield_callback = _typed_in_language
        fields = ["system", "ramsch_counts_as_game", "allow_multiple_prizes", "prize_seed", "published",
                  "category_places", *MONEY_FIELDS, "prize_money"]
        labels = {"system": gettext_lazy("Scoring system"),
                  "ramsch_counts_as_game": gettext_lazy("Ramsch counts as a game"),
                  "allow_multiple_prizes": gettext_lazy("Allow several prizes"),
                  "prize_seed": gettext_lazy("Prize seed"),
                  "published": gettext_lazy("Published"), "currency": gettext_lazy("Currency"),
                  "entry_fee": gettext_lazy("Entry fee"), "category_places": gettext_lazy("Prizes in each category"),
                  "per_lost_game": gettext_lazy("Per lost game"),
                  "per_lost_game_at_three": gettext_lazy("Per lost game at a table of three"),
                  "raised_per_lost_game": gettext_lazy("Per lost game, raised"),
                  "raised_from": gettext_lazy("Raised from the lost game")}

    prize_money = forms.CharField(
        required=False, label=gettext_lazy("Money prizes"), widget=forms.Textarea(attrs={"rows": 3}),
        help_text=lazy(lambda: _prize_money_help(PRIZE_LINE_WORDS), str)())

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial["prize_money"] = "\n".join(f"{PRIZE_LINE_WORDS.get(c, c)} {p} {amount_said(a)}"
                                                     for c, p, a in self.instance.prize_money or [])
        if self.instance.tournament_id is not None:  # the event's own categories, not every book's
            self.fields["prize_money"].help_text = _prize_money_help(event_categories(self.instance))
            if not self.is_bound:  # offered: what the event's system counts; a sent one is checked in clean()
                self.fields["preset"].choices = preset_choices(self.instance.system)
        self.fields["raised_from"].validators += [MinValueValidator(1), MaxValueValidator(MOST_RAISED_FROM)]
        for name in KEPT_WHEN_LEFT_OUT:
            self.fields[name].required = False

    def clean(self):
        data = super().clean()
        preset, system = data.get("preset"), data.get("system")
        if preset and system and preset not in PRESETS_OF_SYSTEM.get(system, ()):
            self.add_error("preset", gettext("this prize schedule does not count what {system} counts: choose one "
                                             "of {schedules}").format(
                system=gettext(ScoringSystem(system).label),
                schedules="; ".join(str(label) for key, label in preset_choices(system) if key)))
        for name in KEPT_WHEN_LEFT_OUT:  # a form without the money (an older page, a script) changes none of it
            if name in data and data[name] in (None, ""):
                data[name] = getattr(self.instance, name)
        return data

    def clean_prize_money(self):
        return parse_prize_money(self.cleaned_data.get("prize_money") or "")

    def clean_currency(self):
        currency = (self.cleaned_data["currency"] or self.instance.currency).strip().upper()
        if not (len(currency) == 3 and currency.isascii() and currency.isalpha()):
            raise forms.ValidationError(gettext("a currency is three letters, e.g. EUR"))
        return currency

    def clean_prize_seed(self):
        seed = self.cleaned_data["prize_seed"]
        if not 0 <= seed <= 2**53 - 1:
            raise forms.ValidationError(gettext("a seed is a whole number from 0 to {most}").format(most=2**53 - 1))
        return seed


PICK_HINT = gettext_lazy("#123 or a name: type to search")


class _PicksPlayers:
    """A form whose player fields are typed (a number or a name, ``scoring.committee.player_search``), never chosen
    from a list of the whole hall."""

    def __init__(self, *args, tournament=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        if tournament is not None:  # typing searches: the page's datalist gets the players found
            search = reverse("scoring:committee-players", args=(tournament.pk,))
            for field in self.fields.values():
                if field.widget.attrs.get("list") == "players-found":
                    field.widget.attrs.update({"hx-get": search, "hx-trigger": "input changed delay:300ms",
                                               "hx-target": "#players-found", "hx-swap": "outerHTML"})

    def _pick(self, name: str) -> int:
        try:
            return player_picked(self.tournament, self.cleaned_data.get(name, ""))
        except PickError as refused:
            raise forms.ValidationError(str(refused)) from None


def _pick_input(**attrs) -> forms.TextInput:
    return forms.TextInput(attrs={"list": "players-found", "autocomplete": "off", "maxlength": "200",
                                  "placeholder": PICK_HINT, **attrs})


class ChoiceForm(_PicksPlayers, forms.Form):
    player = forms.CharField(max_length=200, label=gettext_lazy("Player"), widget=_pick_input())
    category = forms.ChoiceField(label=gettext_lazy("Prize"), choices=[("points", gettext_lazy("the points prize")),
                                          ("games", gettext_lazy("the games prize"))])

    def clean_player(self) -> int:
        return self._pick("player")


class CutForm(_PicksPlayers, forms.Form):
    category = forms.ChoiceField(label=gettext_lazy("Category"),
                                 choices=[(k, gettext_lazy(c.name)) for k, c in CATEGORIES.items()])
    place = WholeNumberField(label=pgettext_lazy("rank", "Place"), min_value=1, max_value=100, initial=1)
    winner = forms.CharField(max_length=200, label=gettext_lazy("Winner of the cut"), widget=_pick_input())
    others = forms.CharField(max_length=4000, label=gettext_lazy("The other tied players, in cut order"),
                             widget=forms.Textarea(attrs={
                                 "rows": 3, "placeholder": gettext_lazy("one a line: #123 or a name")}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.tournament is not None:  # a cut of a prize the event gives, or of its standings' places
            self.fields["category"].choices = [(key, gettext_lazy(CATEGORIES[key].name))
                                               for key in event_categories(scoring_settings(self.tournament))]

    def clean_winner(self) -> int:
        return self._pick("winner")

    def clean_others(self) -> list[int]:
        try:
            return players_picked(self.tournament, self.cleaned_data.get("others", ""))
        except PickError as refused:
            raise forms.ValidationError(str(refused)) from None

    def clean(self):
        data = super().clean()
        if data.get("winner") in (data.get("others") or []):
            raise forms.ValidationError(gettext_lazy("the winner of the cut is not among the others"))
        return data
