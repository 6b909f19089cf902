"""A fuzz pass over every form: random and hostile strings, huge numbers, missing and extra fields.

Whatever is posted, no page answers with a server error: Django's test client re-raises any exception a
view lets through, and the status is checked below 500. Each example runs against a drawn tournament
with entered deals, as staff (who may post to every form).
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.calculator.forms import DealForm
from scoring.committee.forms import ChoiceForm, CutForm, ScoringSettingsForm
from scoring.entry.access import table_link
from scoring.entry.forms import DealCorrectionForm, DealEntryForm, PaperSlipForm, SlipOkForm
from scoring.models import Deal, Slip
from scoring.tournaments.forms import NewTournamentForm
from seating.forms import (
    DrawForm,
    ExpertsForm,
    ExpertToggleForm,
    GroupingForm,
    GuestForm,
    MethodForm,
    PickForm,
    PlayerForm,
)
from seating.models import Table
from tests.scoring.committee.test_results import enter
from tests.scoring.conftest import drawn_tournament

HOSTILE = st.one_of(
    st.text(max_size=40), st.sampled_from(["", "-1", "0", "1", "99999999999999999999", "1e308", "nan", "null",
                                           "<script>", "' OR 1=1 --", "x" * 3000, "\x00", "ü", "5,5,5", "11,11",
                                           # numbers in either language's marks, beyond any column
                                           "1.000", "1,000", "50,00", "1.000,50", "1e309", "9" * 40, "-0", "\u00b2",
                                           "Infinity", "total 1 1e309", "total 1 " + "9" * 40, "total 1 50,00"]),
    st.integers(-10**20, 10**20).map(str))

RAW_FIELDS = {  # views that read the POST without a form: the names each one reads
    "/deals/{deal}/void/": ["version"],
}

def _fields(form) -> list[str]:
    return list(form.base_fields)


# Each URL's real field names: a form's own fields, or the names a view reads from the POST itself.
FORMS = {
    "/director/": _fields(NewTournamentForm),
    "/director/{t}/players/register/": _fields(PlayerForm),
    "/director/{t}/players/experts/": [*_fields(ExpertsForm), "selected"],
    "/director/{t}/players/pick/": [*_fields(PickForm), "pick"],
    "/director/{t}/players/pick/search/": ["pick"],
    "/director/{t}/players/guest/": _fields(GuestForm),
    "/director/{t}/players/roll-call/": ["member"],
    "/director/{t}/players/grouping/": [*_fields(GroupingForm), "selected"],
    "/director/{t}/teams/": ["team-name"],  # NameForm, prefixed with what it names
    "/director/{t}/categories/": ["category-name"],
    "/director/{t}/players/{player}/expert/": _fields(ExpertToggleForm),
    "/director/{t}/plan/": _fields(MethodForm),
    "/director/{t}/plan/preview/": _fields(MethodForm),
    "/director/{t}/draw/": _fields(DrawForm),
    "/director/{t}/draw/clear/": [],
    "/t/{token}/preview/": _fields(DealEntryForm),
    "/t/{token}/save/": _fields(DealEntryForm),
    "/t/{token}/slips/1/paper/": _fields(PaperSlipForm),
    "/t/{token}/slip/{slip}/ok/": _fields(SlipOkForm),
    "/deals/{deal}/correct/": _fields(DealCorrectionForm),
    "/deals/{deal}/void/": RAW_FIELDS["/deals/{deal}/void/"],
    "/committee/{t}/settings/": _fields(ScoringSettingsForm),
    "/committee/{t}/choice/": _fields(ChoiceForm),
    "/committee/{t}/cut/": _fields(CutForm),
    "/score/": _fields(DealForm),
}


GET_FORMS = {"/director/{t}/plan/preview/", "/director/{t}/players/pick/search/"}  # the live plan preview reads the form from the query string


@pytest.fixture
def scene(db):
    tournament = drawn_tournament(12)
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    enter(table, 1, (0, 0))
    from scoring.entry.services import slips_produce

    slips_produce(table=table, stay=1)
    return {"t": tournament.pk, "token": table_link(table).token, "deal": Deal.objects.first().pk,
            "slip": Slip.objects.first().pk, "player": tournament.players.first().pk}


def test_every_fuzzed_url_has_fields_and_every_raw_name_is_read_by_its_view():
    """The names fuzzed are the real ones: forms give their own; a view without a form must read each name."""
    from pathlib import Path

    views = Path(__file__).resolve().parents[1] / "scoring" / "entry" / "views.py"
    source = views.read_text()
    for url, names in RAW_FIELDS.items():
        for name in names:
            assert f'request.POST.get("{name}"' in source, (url, name)
    assert all(FORMS[url] for url in FORMS if url != "/director/{t}/draw/clear/")


@pytest.mark.parametrize("url", list(FORMS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(data=st.data())
def test_no_form_ever_answers_with_a_server_error(admin_client, scene, url, data):
    fields = FORMS[url]
    chosen = data.draw(st.lists(st.sampled_from(fields), unique=True)) if fields else []  # some fields missing
    post = {name: data.draw(HOSTILE) for name in chosen}
    post.update(data.draw(st.dictionaries(st.text(min_size=1, max_size=12), HOSTILE, max_size=3)))  # extra fields
    headers = {"HTTP_HX_REQUEST": "true"} if data.draw(st.booleans()) else {}
    send = admin_client.get if url in GET_FORMS else admin_client.post
    response = send(url.format(**scene), post, **headers)
    assert response.status_code < 500
