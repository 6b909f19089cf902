"""A refusal produced by real bad input on every form is German on a German page.

Each form of the project (the fuzz pass's list, tests/test_forms_fuzz.py) is sent, one field at a time, values a
user really mistypes (a word for a number, a number far too large, a negative one, an empty required field, a
German number in the wrong place) with ``Accept-Language: de``; every answer below 500 must hold no English word
(tests/german_pages.py), what the test typed and the tournament's own names aside.
"""

import pytest

from tests.german_pages import english_words, visible_text
from tests.test_forms_fuzz import FORMS, GET_FORMS, scene  # noqa: F401 - scene is a fixture
from tests.test_german_pages import proper_names

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
MISTYPED = ["", "abc", "-1", "99999999999999999999", "1e309", "1,5", "1.000,50", "²"]


def _typed_game_examples() -> tuple[str, ...]:
    """The engine's examples of a game's name to type ("name the game, e.g. "club solo" or ..."): the parser's
    own phrases, kept as typed in every language (docs/TRANSLATING.md)."""
    from scoring.engine import RULEBOOKS

    return tuple(sorted({f'"{game.name.lower()}"' for rb in RULEBOOKS.values() for game in rb.games}, key=len,
                        reverse=True))


TYPED_GAME_EXAMPLES = _typed_game_examples()


def baseline(url: str, scene: dict) -> dict:
    """A post the form takes, so that one mistyped field is what it refuses (else the first check refuses all)."""
    from scoring.entry.sheets import deal_slot
    from seating.models import Player, Table

    if url in ("/t/{token}/preview/", "/t/{token}/save/", "/deals/{deal}/correct/"):
        table = Table.objects.get(tournament_id=scene["t"], number=1)
        number = 1 if "correct" in url else 2
        slot = deal_slot(table, number)
        return {"number": str(number), "submission_key": "refusals", "kind": "game", "version": "1",
                "declarer_id": str(slot.active[0].player_id), "game": "club solo", "matadores": "2", "points": "79",
                "tricks": "8"}
    if url == "/t/{token}/slips/1/paper/":
        table = Table.objects.get(tournament_id=scene["t"], number=1)
        player = deal_slot(table, 1).active[0].player_id
        return {"player_id": str(player), "net_points": "0", "net_games": "0",
                "player_code": Player.objects.get(pk=player).ok_code}
    if url == "/committee/{t}/settings/":
        return {"system": "seeger-fabian", "prize_seed": "0", "currency": "EUR", "raised_from": "4"}
    if url == "/director/{t}/players/register/":
        return {"name": "Neuer Spieler"}
    if url == "/score/":
        return {"rulebook": "isko", "game": "grand", "matadores": "2", "points": "75", "tricks": "7"}
    return {}


@pytest.mark.slow  # about a minute: every field of every form, eight mistakes each, with and without htmx
@pytest.mark.parametrize("url", list(FORMS))
def test_every_forms_refusals_are_german(admin_client, scene, url):
    from seating.models import Tournament

    tournament = Tournament.objects.get(pk=scene["t"])
    allowed = (*proper_names(tournament), *filter(None, MISTYPED), "Neuer Spieler", "club solo",  # not "": everywhere
               *TYPED_GAME_EXAMPLES)
    send = admin_client.get if url in GET_FORMS else admin_client.post
    english = {}
    base = baseline(url, scene)
    for field in FORMS[url] or [None]:
        for value in MISTYPED:
            for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
                post = {**base, field: value} if field else base
                response = send(url.format(**scene), post, **GERMAN, **htmx)
                assert response.status_code < 500
                if response.status_code in (301, 302) or "html" not in response.get("Content-Type", ""):
                    continue
                found = english_words(visible_text(response.content.decode()), allowed)
                if found:
                    text = visible_text(response.content.decode())
                    at = text.lower().find(found[0])
                    english.setdefault(tuple(found),
                                       f"{field}={value!r} htmx={bool(htmx)}: …{text[max(0, at - 80):at + 60]}…")
    assert english == {}
