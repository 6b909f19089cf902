"""What the limit tests send to real servers: sign-ups and API reads from one address, each on a new connection
(so a server's processes share them out), and the event they need. Not a test module.

Vocabulary:
    extras    an open sign-up event and the demo tournament published (its live board and API), made in the
              server's own Django (``HallServer.shell``) after ``HallServer.prepare``.
"""

from __future__ import annotations

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request

EXTRAS = """
import json
from scoring.tournaments.services import tournament_publish
from seating.models import Tournament
published = Tournament.objects.get()
tournament_publish(published)
signup = Tournament.objects.create(name="Preisskat sign-up", club=published.club, signup_open=True)
print(json.dumps({"club": published.club.slug, "published": published.pk, "signup": signup.pk}))
"""

SIGNUPS = """
import json
from seating.models import SignUp
print(json.dumps({"signups": SignUp.objects.count()}))
"""


def status_of(request: urllib.request.Request | str, opener=None) -> tuple[int, str]:
    try:
        with (opener or urllib.request.build_opener()).open(request, timeout=60) as answer:
            return answer.status, answer.read().decode(errors="replace")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode(errors="replace")


def sign_up(server_url: str, extras: dict, number: int) -> int:
    """One sign-up from this machine's address, as the form sends it: its status (302 taken, 429 refused)."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar),
                                         _NoRedirects())
    form = f"{server_url}/club/{extras['club']}/signup/{extras['signup']}/"
    status, page = status_of(form, opener)
    assert status == 200, page[:300]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "name": f"Player {number}",
                                   "contact": "0171 1234567"}).encode()
    return status_of(urllib.request.Request(form, data=body, headers={"Referer": form}), opener)[0]


def api(server_url: str, forwarded: str | None = None) -> int:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    return status_of(urllib.request.Request(f"{server_url}/api/v1/clubs/", headers=headers))[0]


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the 302 after a sign-up is the answer itself
