"""The score sheet's entry form: one deal in a few taps, as the books speak of it.

Only turns text into values (``DealFacts``); the rules engine decides what is valid.
"""

import copy

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from common.forms import problems
from common.numbers import WholeNumberField
from scoring.entry import game_buttons
from scoring.models import Deal
from scoring.results import DealFacts


def _matadores_said(count: int) -> str:
    """+3 -> "with 3", -3 -> "without 3", in the reader's language ("mit 3", "ohne 3")."""
    word = pgettext("matadores", "with") if count > 0 else pgettext("matadores", "without")
    return f"{word} {abs(count)}"


# The deal's matadores as the engine takes them (+N "with", -N "without"), shown as the books say them, in the
# reader's language; the calculator's form uses the same.
MATADORE_CHOICES = [("", "—")] + [(str(n), lazy(_matadores_said, str)(n)) for n in range(1, 12)] + [
    (str(-n), lazy(_matadores_said, str)(-n)) for n in range(1, 12)]
ANNOUNCED_CHOICES = [("", _("nothing")), ("schneider", _("schneider")), ("schwarz", _("schwarz"))]
RESULT_CHOICES = [("", _("from points and tricks")), ("won", _("won (paper sheet)")),
                  ("lost", _("lost (paper sheet)"))]
SEAT_CHOICES = [("V", "V"), ("M", "M"), ("H", "H")]


class DealEntryForm(forms.Form):
    number = WholeNumberField(widget=forms.HiddenInput, min_value=1, max_value=32_000)
    submission_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    version = WholeNumberField(widget=forms.HiddenInput, required=False, min_value=1)
    kind = forms.ChoiceField(choices=Deal.Kind.choices, initial=Deal.Kind.GAME, widget=forms.RadioSelect,
                             label=pgettext_lazy("deal kind", "Kind"))
    declarer_id = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, widget=forms.RadioSelect,
                                         label=_("Player"))
    game = forms.CharField(required=False, max_length=60, label=_("Game"))
    # The game picked with taps (``scoring.entry.game_buttons``); the typed ``game`` wins when both are given.
    game_type = forms.CharField(required=False, max_length=40, label=_("Game"))
    suit = forms.TypedChoiceField(choices=[(str(int(s)), game_buttons.SUIT_SYMBOLS[s]) for s in game_buttons.SUITS_HIGH_FIRST],
                                  coerce=int, required=False, empty_value=None, label=_("Suit"))
    mat_sign = forms.ChoiceField(choices=[("with", _("with")), ("without", _("without"))], required=False,
                                 initial="with", label=_("Matadores"))
    mat_count = forms.TypedChoiceField(choices=[(str(n), str(n)) for n in range(1, 12)], coerce=int,
                                       required=False, empty_value=None, label=_("Matadores"))
    matadores = forms.TypedChoiceField(choices=MATADORE_CHOICES, coerce=int, required=False, empty_value=None,
                                       label=_("Matadores"))
    announced = forms.ChoiceField(choices=ANNOUNCED_CHOICES, required=False, label=_("Announced"))
    bid = WholeNumberField(required=False, min_value=1, max_value=10_000, label=_("Bid"))
    points = WholeNumberField(required=False, min_value=0, max_value=120, label=_("Points"))
    tricks = WholeNumberField(required=False, min_value=0, max_value=10, label=_("Tricks"))
    hand = forms.BooleanField(required=False, label=_("Hand"))
    ouvert = forms.BooleanField(required=False, label=_("Ouvert"))
    abandoned = forms.BooleanField(required=False, label=_("Abandoned"))
    kontra = forms.BooleanField(required=False, label=_("Kontra"))
    re = forms.BooleanField(required=False, label=_("Re"))
    result = forms.ChoiceField(choices=RESULT_CHOICES, required=False, label=_("Result"))
    schneider = forms.BooleanField(required=False, label=_("Schneider"))
    schwarz = forms.BooleanField(required=False, label=_("Schwarz"))
    ramsch_v_points = WholeNumberField(required=False, min_value=0, max_value=120, label=_("V points"))
    ramsch_m_points = WholeNumberField(required=False, min_value=0, max_value=120, label=_("M points"))
    ramsch_h_points = WholeNumberField(required=False, min_value=0, max_value=120, label=_("H points"))
    ramsch_v_tricks = WholeNumberField(required=False, min_value=0, max_value=10, label=_("V tricks"))
    ramsch_m_tricks = WholeNumberField(required=False, min_value=0, max_value=10, label=_("M tricks"))
    ramsch_h_tricks = WholeNumberField(required=False, min_value=0, max_value=10, label=_("H tricks"))
    ramsch_last_trick = forms.ChoiceField(choices=[("", "—")] + SEAT_CHOICES, required=False, label=_("Last trick"))
    written_value = WholeNumberField(required=False, min_value=-10_000, max_value=10_000, label=_("Value written"))

    REQUIRED = ("number", "kind")

    def __init__(self, *args, slot=None, rulebook: str | None = None, only_sent: bool = False, **kwargs):
        if only_sent and args and args[0] is not None:
            # The phone's save and count: only the fields it sent (every other one is optional and would clean
            # to nothing), a third of the work. Not for a form shown again, which needs all its fields.
            sent = set(args[0]) | set(self.REQUIRED)
            self.base_fields = {name: f for name, f in type(self).base_fields.items() if name in sent}
        super().__init__(*args, **kwargs)
        self.rulebook = rulebook
        if slot is not None and "declarer_id" in self.fields:
            self.fields["declarer_id"].choices = [
                (p.player_id, f"{letter} {p.name}") for letter, p in zip("VMH", slot.active)]

    def clean(self):
        d = super().clean()
        if d.get("kind") == Deal.Kind.GAME and not d.get("game") and d.get("game_type") and self.rulebook:
            needs_suit = any(p.value == d["game_type"] and p.needs_suit for p in game_buttons.picks(self.rulebook))
            name = game_buttons.phrase(self.rulebook, d["game_type"], d.get("suit"))
            if needs_suit and d.get("suit") is None:
                self.add_entry_error("suit", gettext("pick the suit: ♣ ♠ ♥ ♦"))
            elif name is None:
                self.add_entry_error("game_type", gettext("pick the game from the buttons"))
            else:
                d["game"] = name
        if d.get("matadores") is None and d.get("mat_count") is not None:
            d["matadores"] = -d["mat_count"] if d.get("mat_sign") == "without" else d["mat_count"]
        return d

    def facts(self) -> DealFacts:
        d = self.cleaned_data
        kind = d["kind"]
        ramsch_points = ramsch_tricks = None
        if kind == Deal.Kind.RAMSCH:
            points = [d.get(f"ramsch_{s}_points") for s in "vmh"]
            tricks = [d.get(f"ramsch_{s}_tricks") for s in "vmh"]
            ramsch_points = tuple(points) if None not in points else None
            ramsch_tricks = tuple(tricks) if None not in tricks else None
        game_fields = kind == Deal.Kind.GAME
        return DealFacts(
            kind=kind,
            declarer_id=d.get("declarer_id") if game_fields else None,
            game=d.get("game", "") if game_fields else "",
            matadores=d.get("matadores") if game_fields else None,
            announced=d.get("announced", "") if game_fields else "",
            bid=d.get("bid") if game_fields else None,
            points=d.get("points") if game_fields else None,
            tricks=d.get("tricks") if game_fields else None,
            **{flag: bool(d.get(flag)) and game_fields for flag in ("hand", "ouvert", "abandoned", "kontra", "re",
                                                                    "schneider", "schwarz")},
            result=d.get("result", "") if game_fields else "",
            ramsch_points=ramsch_points, ramsch_tricks=ramsch_tricks,
            ramsch_last_trick=d.get("ramsch_last_trick", "") if kind == Deal.Kind.RAMSCH else "",
            written_value=d.get("written_value"),
        )

    def add_entry_error(self, field: str | None, message: str) -> None:
        if field in ("ramsch_points", "ramsch_tricks"):
            field = "ramsch_v_" + field.split("_")[1]
        if field not in self.fields and field in type(self).base_fields:  # a field the phone did not send
            self.fields[field] = copy.deepcopy(type(self).base_fields[field])
        self.add_error(field if field in self.fields else None, message)


class DealCorrectionForm(DealEntryForm):
    """The director's correction: the deal as the table enters it, and why it is corrected (kept in the
    deal's history)."""

    reason = forms.CharField(required=False, max_length=100, label=_("Reason for the correction"))


def initial_for(deal: Deal, rulebook: str) -> dict:
    """A saved deal as the correction form's initial data: its game as the buttons give it back (typed only
    when no button names it), its matadores as "with"/"without" and their number."""
    data = {name: getattr(deal, name) for name in ("kind", "declarer_id", "game", "matadores", "announced", "bid",
                                                   "points", "tricks", "hand", "ouvert", "abandoned", "kontra", "re",
                                                   "result", "schneider", "schwarz", "ramsch_last_trick", "written_value")}
    game = game_buttons.picked(rulebook, deal.game, hand=deal.hand, ouvert=deal.ouvert) if deal.game else None
    if game is not None:
        data.update(game="", game_type=game.value, suit=game.suit, hand=game.hand, ouvert=game.ouvert)
    if deal.matadores:
        data.update(mat_sign="without" if deal.matadores < 0 else "with", mat_count=abs(deal.matadores))
    for i, seat in enumerate("vmh"):
        if deal.ramsch_points:
            data[f"ramsch_{seat}_points"] = deal.ramsch_points[i]
        if deal.ramsch_tricks:
            data[f"ramsch_{seat}_tricks"] = deal.ramsch_tricks[i]
    data.update(number=deal.number, version=deal.version)
    return data


class PaperSlipForm(forms.Form):
    """A slip copied from paper: under Seeger-Fabian the player's line of the list (game points, games won,
    games lost), else his net points and net games. Which figures the system needs is the service's rule."""

    player_id = forms.TypedChoiceField(coerce=int, label=_("Player"))
    net_points = WholeNumberField(min_value=-1_000_000, max_value=1_000_000,
                                  label=pgettext_lazy("net points", "Points"))
    net_games = WholeNumberField(required=False, min_value=-1_000, max_value=1_000, label=_("Net games"))
    games_won = WholeNumberField(required=False, min_value=0, max_value=1_000, label=_("Games won"))
    games_lost = WholeNumberField(required=False, min_value=0, max_value=1_000, label=_("Games lost"))
    remarks = forms.CharField(required=False, max_length=500, label=_("Remarks"))
    player_code = forms.CharField(required=False, max_length=12, label=_("His OK code"),
                                  widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}))

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player_id"].choices = [(p.player_id, p.name) for p in players]

    def problems(self) -> str:
        return problems(self)


class SlipOkForm(forms.Form):
    """Another player OKs a slip: who he is, and (through a table link) the OK code on his entry ticket."""

    # Any whole number: whether he sat at the table is the service's rule, said in its own words.
    by_player_id = WholeNumberField(label=_("OK'd by"), min_value=1, max_value=2**31 - 1,
                                    error_messages={"required": _("choose the player who OKs")})
    ok_code = forms.CharField(required=False, max_length=12, label=_("His OK code"),
                              widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}))
    # The slip as the page showed it (``Slip.seen``): the OK is for those figures, not for others written since.
    seen = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def problems(self) -> str:
        return problems(self)
