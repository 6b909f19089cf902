"""The deal calculator: any deal valued under any rulebook (htmx: the count updates in place)."""

from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from common.i18n import say
from scoring.calculator.forms import DealForm
from scoring.calculator.services import deal_evaluate
from scoring.engine import RULEBOOKS, InvalidDeal


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
                form.add_error(refused.field if refused.field in form.fields else None, say(refused.message))
    else:
        form = DealForm()
    context = {"form": form, "evaluation": evaluation, "rulebooks": RULEBOOKS.values()}
    template = "scoring/_calculator_result.html" if request.htmx else "scoring/calculator.html"
    status = 422 if request.method == "POST" and form.errors else 200
    return render(request, template, context, status=status)
