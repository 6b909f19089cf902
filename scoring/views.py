"""Public scoring pages: the home page and the deal calculator (htmx: the count updates in place)."""

from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from scoring.engine import RULEBOOKS, InvalidDeal
from scoring.forms import DealForm
from scoring.services import deal_evaluate


def home(request):
    """The way in: each tournament's pages (for staff) or its published live standings (for everyone)."""
    from scoring.models import TournamentScoring
    from seating.models import Tournament

    published = set(TournamentScoring.objects.filter(published=True).values_list("tournament_id", flat=True))
    tournaments = [(t, t.pk in published) for t in Tournament.objects.order_by("-date", "-pk")[:50]]
    if not (request.user.is_authenticated and request.user.is_staff):
        tournaments = [(t, live) for t, live in tournaments if live]
    return render(request, "scoring/home.html", {"rulebooks": RULEBOOKS.values(), "tournaments": tournaments})


@require_http_methods(["GET", "POST"])
def calculator(request):
    evaluation = None
    if request.method == "POST":
        form = DealForm(request.POST)
        if form.is_valid():
            try:
                evaluation = deal_evaluate(rulebook=form.cleaned_data["rulebook"], facts=form.engine_facts(),
                                           written=form.cleaned_data.get("written"))
            except InvalidDeal as refused:
                form.add_error(refused.field if refused.field in form.fields else None, refused.message)
    else:
        form = DealForm()
    context = {"form": form, "evaluation": evaluation, "rulebooks": RULEBOOKS.values()}
    template = "scoring/_calculator_result.html" if request.htmx else "scoring/calculator.html"
    status = 422 if request.method == "POST" and form.errors else 200
    return render(request, template, context, status=status)
