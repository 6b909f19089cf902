"""A posted form's one answer (``common.forms.form_answer``): a refusal of the input gives the page again with 422,
a refusal because another change came first (its ``conflict`` type) with 409, a success redirects and says so."""

from django import forms
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.http import HttpResponse
from django.test import RequestFactory

from common.errors import UserError
from common.forms import form_answer


class Refused(UserError):
    pass


class Conflict(Refused):
    pass


class NameForm(forms.Form):
    name = forms.CharField()


def answer(raised=None):
    request = RequestFactory().post("/", {"name": "Anna"})
    request.session = {}
    request._messages = FallbackStorage(request)

    def act(name):
        if raised is not None:
            raise raised
        return name.upper()

    response = form_answer(request, NameForm(request.POST), act, said=lambda result: f"saved {result}", to="/done/",
                           again=lambda form: HttpResponse(form.errors.as_text(), status=422), refusal=Refused,
                           conflict=Conflict)
    return response, [str(message) for message in get_messages(request)]


def test_a_success_redirects_and_says_what_was_done():
    response, said = answer()
    assert (response.status_code, response["Location"], said) == (302, "/done/", ["saved ANNA"])


def test_a_refused_input_gives_the_page_again_with_422_and_the_refusal_beside_its_field():
    response, said = answer(Refused("name", "taken already"))
    assert response.status_code == 422 and "taken already" in response.content.decode() and said == []


def test_a_change_that_came_first_gives_the_page_again_with_409():
    response, said = answer(Conflict("name", "the day is seated"))
    assert response.status_code == 409 and response.reason_phrase == "Conflict"
    assert "the day is seated" in response.content.decode() and said == []
