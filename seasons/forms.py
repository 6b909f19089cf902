"""The season's rules as a form in club words, for the season page: the director chooses and types, the form builds
the same object the JSON of ``manage.py season create --rules FILE.json`` holds, and ``parse_rules`` checks it (the
one place the rules are checked). A refusal of the core lands on the field it names, under the field's label in the
page's language.

Vocabulary:
    figure list   several numbers typed in one line, first place first: "25, 20, 16" or "25; 20; 16" or
                  "25 20 16". The figures stand apart by ";", by spaces, or by a comma with a space after it; a
                  comma inside a figure is the German decimal mark ("12,5"), a point the English one, each read as
                  the page's language writes numbers (``common.numbers``).
    prize line    one category's season prizes: its name, a colon, its figure list ("Damen: 30; 20").
    tie order     "shared" or the tie rules that separate equal figures, in their order, sent as
                  ``more_series,best_single``.
    category line an association's category by cut-off: its name, a colon, its bounds apart by commas, each
                  "under 21", "from 60" or "category Damen" (in German "unter 21", "ab 60", "Kategorie Damen"):
                  "Seniorinnen: from 60, category Damen".
    quota line    a region, a colon, how many of it go on: "VG 1: 3".
"""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import permutations

from django import forms
from django.conf import settings
from django.utils.formats import get_format
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from common.i18n import say
from common.numbers import DecimalKeypadInput, NumberRefused, WholeNumberField, money_amount
from seasons.core import RulesError, SeasonRules, parse_rules, tie_words
from seasons.core.rules import SHARED, TIE_RULES, Score

SCORE_CHOICES = [(Score.TOTAL.value, pgettext_lazy("season score", "Total")),
                 (Score.AVERAGE.value, pgettext_lazy("season score", "Average")),
                 (Score.PER_GAME.value, pgettext_lazy("season score", "Per game")),
                 (Score.PLACEMENT.value, pgettext_lazy("season score", "By placement"))]
RESULTS_CHOICES = [("series", gettext_lazy("each series")), ("events", gettext_lazy("each evening (its series added up)"))]
TIE_ORDERS = [order for size in range(1, len(TIE_RULES) + 1) for order in permutations(TIE_RULES, size)]
MOST_LIST_CHARACTERS = 2000


def _tie_label(order: tuple[str, ...]) -> str:
    return gettext("separated by: {rules}").format(rules=say(tie_words(SeasonRules(tie=order))))


def _said(value) -> str:
    """An exact figure (a ``Fraction`` or a ``Decimal``) written as the page's language writes it."""
    number = Decimal(value.numerator) / Decimal(value.denominator) if hasattr(value, "numerator") else Decimal(value)
    text = format(number.normalize(), "f") if number == number.to_integral() else format(number, "f")
    return text.replace(".", get_format("DECIMAL_SEPARATOR"))


def _json_number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral() else float(value)


def _list_said(values) -> str:
    return "; ".join(_said(v) for v in values)


def _amounts_said(amounts) -> str:
    """Money by rank: whole amounts as they are ("100"), others to the cent ("20,50")."""
    return _list_said(a if a == a.to_integral() else a.quantize(Decimal("0.01")) for a in amounts)


def figure(text: str) -> int | float:
    """One typed figure ("12,5" on a German page) as the JSON number it stands for, or ``ValidationError``."""
    try:
        return _json_number(money_amount(text))
    except NumberRefused:
        raise forms.ValidationError(gettext("write a number, e.g. {example}").format(
            example=_said(Decimal("12.5")))) from None


def figure_list(text: str) -> list[int | float]:
    """A figure list (see the module doc) as JSON numbers; empty text, an empty list."""
    if len(text) > MOST_LIST_CHARACTERS:
        raise forms.ValidationError(gettext("at most {count} characters").format(count=MOST_LIST_CHARACTERS))
    pieces = [piece for piece in re.split(r"[;\s]+|,(?=\s)", text.strip()) if piece.strip(",")]
    figures = []
    for number, piece in enumerate(pieces, start=1):
        try:
            figures.append(figure(piece.strip(",")))
        except forms.ValidationError:
            raise forms.ValidationError(gettext('figure {number} ("{piece}"): write the figures apart with ";" or '
                                                'spaces, e.g. {example}').format(
                number=number, piece=piece, example=_list_said([25, 20, Decimal("12.5")]))) from None
    return figures


def prize_lines(text: str) -> dict[str, list[int | float]]:
    """Prize lines ("Damen: 30; 20", one a line) as ``{"Damen": [30, 20]}``."""
    prizes = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, colon, amounts = line.partition(":")
        if not colon or not name.strip():
            raise forms.ValidationError(gettext('line {number}: write the category, a colon and its prizes, e.g. '
                                                '"{example}"').format(number=number, example=_prize_example()))
        if name.strip() in prizes:
            raise forms.ValidationError(gettext("line {number}: {category} has its prizes already").format(
                number=number, category=name.strip()))
        try:
            prizes[name.strip()] = figure_list(amounts)
        except forms.ValidationError as refused:
            raise forms.ValidationError(gettext("line {number}: {reason}").format(
                number=number, reason=refused.messages[0])) from None
    return prizes


CUT_WORDS = {"under": "under", "unter": "under", "from": "from", "ab": "from", "category": "category",
             "kategorie": "category"}


def category_lines(text: str) -> dict[str, dict]:
    """Category lines ("Junioren: under 21", one a line) as ``{"Junioren": {"under": 21}}``; the rules check the
    rest."""
    categories = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, colon, bounds = line.partition(":")
        if not colon or not name.strip() or not bounds.strip():
            raise forms.ValidationError(gettext('line {number}: write the category, a colon and its cut-off, e.g. '
                                                '"{example}"').format(number=number, example=gettext(
                                                    "Junioren: under 21")))
        cuts = {}
        for bound in bounds.split(","):
            word, _space, value = bound.strip().partition(" ")
            cut = CUT_WORDS.get(word.casefold())
            if cut is None or not value.strip():
                raise forms.ValidationError(gettext('line {number}: "{bound}" is none of "under 21", "from 60", '
                                                    '"category Damen"').format(number=number, bound=bound.strip()))
            value = value.strip()
            cuts[cut] = int(value) if cut != "category" and value.isascii() and value.isdigit() else value
        categories[" ".join(name.split())] = cuts
    return categories


def quota_lines(text: str) -> dict[str, int | str]:
    """Quota lines ("VG 1: 3", one a line) as ``{"VG 1": 3}``."""
    quotas = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        region, colon, count = line.rpartition(":")
        count = count.strip()
        if not colon or not region.strip() or not (count.isascii() and count.isdigit()):
            raise forms.ValidationError(gettext('line {number}: write the region, a colon and how many of it go on, '
                                                'e.g. "VG 1: 3"').format(number=number))
        quotas[" ".join(region.split())] = int(count)
    return quotas


def _cuts_said(bounds) -> str:
    words = {"under": pgettext("age bound", "under"), "from": pgettext("age bound", "from"),
             "category": pgettext("age bound", "category")}
    return ", ".join(f"{words[cut]} {value}" for cut, value in bounds)


def _prize_example() -> str:
    return f"Damen: {_list_said([30, 20])}"


def _decimal_field(label, help_text) -> forms.CharField:
    return forms.CharField(required=False, label=label, help_text=help_text, max_length=40,
                           widget=DecimalKeypadInput)


def _whole_field(label, help_text) -> WholeNumberField:
    return WholeNumberField(required=False, label=label, help_text=help_text)


WHOLE_KEYS = ("best", "worst_kept", "min_series", "min_games")
DECIMAL_KEYS = ("missed_penalty", "holdback_percent")


class SeasonRulesForm(forms.Form):
    """Every season rule of ``seasons.core.rules`` as a field named by its JSON key; ``rules`` (after
    ``is_valid``) is the checked ``SeasonRules``."""

    score = forms.ChoiceField(choices=SCORE_CHOICES, label=pgettext_lazy("season rule", "Score"), help_text=gettext_lazy(
        "How a member's results make his figure in the table: the sum of the counted results, their average, the "
        "counted total over the games played in them (as ISPA ranks), or points for his place at each evening."))
    placement_points = forms.CharField(
        required=False, label=gettext_lazy("Points by placement"), max_length=MOST_LIST_CHARACTERS,
        help_text=gettext_lazy("Only with the score by placement: the points for places 1, 2, 3, … of each event, "
                               "e.g. 25; 20; 16; 13. A place beyond the list gives none."))
    results = forms.ChoiceField(choices=RESULTS_CHOICES, label=gettext_lazy("A result is"), help_text=gettext_lazy(
        "What the best and worst results count: each series, or each evening with its series added up (\"the best "
        "7 of 12 evenings\"). By placement a result is always an evening."))
    best = _whole_field(gettext_lazy("Best results counted"), gettext_lazy(
        "Only the member's best results count (e.g. 40); the others are dropped. Empty: all count."))
    worst_kept = _whole_field(gettext_lazy("Worst results counted as well"), gettext_lazy(
        "Beside the best: this many of the worst results count too (the best 40 plus the worst 4). Empty or 0: "
        "none."))
    min_series = _whole_field(gettext_lazy("Minimum series"), gettext_lazy(
        "A member is ranked once he has played this many series; the others are listed without a rank."))
    min_games = _whole_field(gettext_lazy("Minimum games"), gettext_lazy(
        "A member is ranked once he has played this many games in all his series."))
    missed_penalty = _decimal_field(gettext_lazy("Penalty per missed series"), gettext_lazy(
        "Points taken off the total for each series of the season the member did not play (never off an "
        "average)."))
    holdback_percent = _decimal_field(gettext_lazy("Held back from the entry fees in %"), gettext_lazy(
        "The share of each evening's entry fees kept for the season's prizes, e.g. 25 or 12,5."))
    tie = forms.ChoiceField(label=gettext_lazy("Ties"), help_text=gettext_lazy(
        "Members with the same figure share a rank (1, 2, 2, 4), or the rules chosen here separate them, in their "
        "order."))
    prizes = forms.CharField(
        required=False, label=gettext_lazy("Season prizes"), max_length=MOST_LIST_CHARACTERS,
        help_text=gettext_lazy("The prizes in money for places 1, 2, 3, … of the table, e.g. 100; 50; 25."))
    category_prizes = forms.CharField(
        required=False, label=gettext_lazy("Prizes in a category"), max_length=MOST_LIST_CHARACTERS,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("One category a line: its name as on the members' list, a colon, its prizes, e.g. "
                               "\"Damen: 30; 20\"."))
    year = _whole_field(gettext_lazy("Year"), gettext_lazy(
        "The season's year: the age categories count from it. Empty: the year of its first event."))
    categories = forms.CharField(
        required=False, label=gettext_lazy("Categories by cut-off"), max_length=MOST_LIST_CHARACTERS,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("An association's ranking: one category a line, its name, a colon and its cut-off, "
                               "e.g. \"Junioren: under 21\", \"Senioren: from 60\", \"Damen: category Damen\". "
                               "The age is the year less the year of birth."))
    quotas = forms.CharField(
        required=False, label=gettext_lazy("Places per region"), max_length=MOST_LIST_CHARACTERS,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("How many of each region's best go on, one region a line, e.g. \"VG 1: 3\"."))
    submission_days = _whole_field(gettext_lazy("Days for results files"), gettext_lazy(
        "A results file is taken until this many days after its event. Empty: any time."))

    def __init__(self, *args, rules: SeasonRules | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tie"].choices = [(SHARED, gettext("equal figures share a rank"))] + [
            (",".join(order), _tie_label(order)) for order in TIE_ORDERS]
        self.rules: SeasonRules | None = None
        if rules is not None and not self.is_bound:
            self.initial.update(self.initial_of(rules))

    @staticmethod
    def initial_of(rules: SeasonRules) -> dict:
        """The fields' values that show ``rules``, written as the page's language writes numbers."""
        return {"score": rules.score.value, "placement_points": _list_said(rules.placement_points),
                "results": rules.results, **{key: getattr(rules, key) or None for key in WHOLE_KEYS},
                **{key: _said(getattr(rules, key)) if getattr(rules, key) else "" for key in DECIMAL_KEYS},
                "tie": ",".join(rules.tie) or SHARED, "prizes": _amounts_said(rules.prizes),
                "category_prizes": "\n".join(f"{name}: {_amounts_said(amounts)}"
                                             for name, amounts in rules.category_prizes),
                "year": rules.year, "submission_days": rules.submission_days,
                "categories": "\n".join(f"{name}: {_cuts_said(bounds)}" for name, bounds in rules.categories),
                "quotas": "\n".join(f"{region}: {count}" for region, count in rules.quotas)}

    def clean_placement_points(self):
        return figure_list(self.cleaned_data["placement_points"])

    def clean_prizes(self):
        return figure_list(self.cleaned_data["prizes"])

    def clean_category_prizes(self):
        return prize_lines(self.cleaned_data["category_prizes"])

    def clean_categories(self):
        return category_lines(self.cleaned_data["categories"])

    def clean_quotas(self):
        return quota_lines(self.cleaned_data["quotas"])

    def clean_missed_penalty(self):
        return figure(self.cleaned_data["missed_penalty"]) if self.cleaned_data["missed_penalty"].strip() else None

    def clean_holdback_percent(self):
        text = self.cleaned_data["holdback_percent"].strip().rstrip("%").strip()
        return figure(text) if text else None

    def rules_json(self) -> dict:
        """The rules' JSON object the cleaned fields make: only what is set (the JSON's defaults are the rest)."""
        data = self.cleaned_data
        rules = {"score": data["score"]} if data["score"] != Score.TOTAL.value else {}
        if data["placement_points"]:
            rules["placement_points"] = data["placement_points"]
        if data["results"] == "events" and data["score"] != Score.PLACEMENT.value:  # by placement: events anyway
            rules["results"] = "events"
        for key in (*WHOLE_KEYS, *DECIMAL_KEYS):
            if data[key] is not None:
                rules[key] = data[key]
        for key in ("prizes", "category_prizes", "categories", "quotas"):
            if data[key]:
                rules[key] = data[key]
        for key in ("year", "submission_days"):
            if data[key] is not None:
                rules[key] = data[key]
        if data["tie"] != SHARED:
            rules["tie"] = data["tie"].split(",")
        return rules

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            self.rules = parse_rules(self.rules_json())
        except RulesError as refused:  # the core's refusal on the field its key names ("placement_points.2")
            key = refused.field.split(".")[0]
            self.add_error(key if key in self.fields else None, self._club_words(key) or say(refused.message))
        return data

    def _club_words(self, key: str) -> str | None:
        """The refusals whose core wording names the JSON's keys ("score": "placement"), said with the form's
        labels instead; None for the others, which name no key."""
        data = self.cleaned_data
        if key == "placement_points" and data["score"] != Score.PLACEMENT.value:
            return gettext("only with the score by placement")
        if key == "placement_points" and not data["placement_points"]:
            return gettext("the score by placement needs the points for places 1, 2, 3, …, e.g. {example}").format(
                example=_list_said([25, 20, 16]))
        if key == "worst_kept" and data["best"] is None:
            return gettext("the worst results count only beside the best: say how many of the best count")
        return None

    def refusals(self) -> list[tuple[str, str]]:
        """(the field's label, why) for each refusal, in the page's language: the page's summary."""
        return [(str(self.fields[name].label) if name in self.fields else "", message)
                for name, messages in self.errors.items() for message in messages]


class SeasonSettingsForm(SeasonRulesForm):
    """The season page's form: its print language (as an evening's Print page offers it) and its rules."""

    FIRST_FIELDS: tuple[str, ...] = ("language",)

    # Left out (a script, an older page): the season keeps its language.
    language = forms.ChoiceField(label=gettext_lazy("Print language"), choices=settings.LANGUAGES, required=False,
                                 help_text=gettext_lazy("The language of the season table's PDF and workbook and of "
                                                        "its projector board."))

    def __init__(self, *args, language: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if language and not self.is_bound:
            self.initial["language"] = language
        self.order_fields(self.FIRST_FIELDS)


class NewSeasonForm(SeasonSettingsForm):
    """A new season: its name, its short name in addresses (made of the name when left empty), its print language
    (the club's) and its rules, all on one form in club words."""

    FIRST_FIELDS = ("name", "slug", "language")

    name = forms.CharField(label=gettext_lazy("Name"), max_length=200, error_messages={
        "required": gettext_lazy("give the season a name")},
        widget=forms.TextInput(attrs={"placeholder": gettext_lazy("Club championship 2026")}))
    slug = forms.CharField(label=gettext_lazy("Short name (in addresses)"), max_length=50, required=False,
                           help_text=gettext_lazy("Lower-case letters, digits and hyphens; empty: made of the name."),
                           widget=forms.TextInput(attrs={"pattern": r"[a-z0-9\-]+", "autocapitalize": "none"}))
