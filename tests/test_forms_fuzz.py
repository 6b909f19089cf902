"""A fuzz pass over every form: random and hostile strings, huge numbers, missing and extra fields.

Whatever is posted, no page answers with a server error: Django's test client re-raises any exception a
view lets through, and the status is checked below 500. Each example runs against a drawn tournament
with entered deals, as staff (who may post to every form).
"""

from hypothesis import HealthCheck, given, settings, strategies as st
import pytest

from scoring.entry.access import table_link
from scoring.models import Deal, Slip
from seating.models import Table
from tests.scoring.conftest import drawn_tournament
from tests.scoring.committee.test_results import enter

HOSTILE = st.one_of(
    st.text(max_size=40), st.sampled_from(["", "-1", "0", "1", "99999999999999999999", "1e308", "nan", "null",
                                           "<script>", "' OR 1=1 --", "x" * 3000, "\x00", "ü", "5,5,5", "11,11"]),
    st.integers(-10**20, 10**20).map(str))

FORMS = {
    "/director/": ["name", "date", "place", "rulebook", "method", "remainder", "section_split", "rounds"],
    "/director/{t}/players/register/": ["name", "club", "membership_number", "is_expert"],
    "/director/{t}/players/experts/": ["players", "action", "expert"],
    "/director/{t}/plan/": ["method", "remainder", "section_split", "rounds"],
    "/director/{t}/plan/preview/": ["method", "remainder", "section_split", "rounds"],
    "/director/{t}/draw/": ["seed", "confirm"],
    "/director/{t}/draw/clear/": ["confirm"],
    "/t/{token}/preview/": ["number", "kind", "declarer_id", "game", "matadores", "points", "tricks", "bid",
                            "ramsch_v_points", "written_value"],
    "/t/{token}/save/": ["number", "submission_key", "kind", "declarer_id", "game", "matadores", "announced",
                         "points", "tricks", "bid", "result", "ramsch_last_trick"],
    "/t/{token}/slips/1/paper/": ["player_id", "net_points", "net_games", "remarks"],
    "/t/{token}/slip/{slip}/ok/": ["by_player_id"],
    "/deals/{deal}/correct/": ["number", "version", "kind", "declarer_id", "game", "matadores", "points", "tricks"],
    "/deals/{deal}/void/": ["version"],
    "/committee/{t}/settings/": ["system", "preset", "prize_seed", "published", "allow_multiple_prizes"],
    "/committee/{t}/choice/": ["player", "category"],
    "/committee/{t}/cut/": ["category", "place", "winner", "others"],
    "/score/": ["rulebook", "game", "matadores", "announced", "points", "tricks", "bid", "written"],
}


GET_FORMS = {"/director/{t}/plan/preview/"}  # the live plan preview reads the form from the query string


@pytest.fixture
def scene(db):
    tournament = drawn_tournament(12)
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    enter(table, 1, (0, 0))
    from scoring.entry.services import slips_produce

    slips_produce(table=table, stay=1)
    return {"t": tournament.pk, "token": table_link(table).token, "deal": Deal.objects.first().pk,
            "slip": Slip.objects.first().pk}


@pytest.mark.parametrize("url", list(FORMS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(data=st.data())
def test_no_form_ever_answers_with_a_server_error(admin_client, scene, url, data):
    fields = FORMS[url]
    chosen = data.draw(st.lists(st.sampled_from(fields), unique=True))  # some fields missing
    post = {name: data.draw(HOSTILE) for name in chosen}
    post.update(data.draw(st.dictionaries(st.text(min_size=1, max_size=12), HOSTILE, max_size=3)))  # extra fields
    headers = {"HTTP_HX_REQUEST": "true"} if data.draw(st.booleans()) else {}
    send = admin_client.get if url in GET_FORMS else admin_client.post
    response = send(url.format(**scene), post, **headers)
    assert response.status_code < 500
