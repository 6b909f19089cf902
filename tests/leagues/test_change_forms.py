"""Every change of the league page and of a match day refused as every form of the project is (``common.forms``'
``form_answer``): a bad value for each, and its sentence on the page given again (422; 409 where another change came
first), in German and in English, beside the field it names on the form that was sent (``data-refused`` "action.field",
or "action" for the form as a whole), or above the forms by the field's label where that form is not on the page;
nothing changed."""

import pytest
from django.utils import translation

from leagues import services
from leagues.models import DayNote, Deduction, Group, GroupTeam, League, LineUp, MatchDay, Team
from tests.leagues.test_pages import club, login  # noqa: F401 - club is a fixture

pytestmark = [pytest.mark.django_db]

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}
NULL = "\x00"


def said(message: str, language: str = "de", **values) -> str:
    """``message`` as the page says it in ``language`` (and, in German, not left in English)."""
    with translation.override(language):
        text = translation.gettext(message).format(**values)
    if language == "de":
        assert text != message.format(**values), message
    return text


def beside(where: str, text: str) -> str:
    """The markup of a refusal beside its field (``league_tags.refused_beside``)."""
    return f'<span class="error field-error" data-refused="{where}">{text}</span>'


@pytest.fixture
def league(client, club):  # noqa: F811 - the fixture of the same name
    login(client, club, "director", "leiter")
    league = services.league_create(club=club, slug="ll1", name="Landesliga 1", rules={"central_days": [5]})
    for t in range(4):
        services.team_add(league=league, name=f"Team {t}", roster=[f"S{t} P{n}" for n in range(5)])
    services.schedule_make(league=league, seed=1)
    return league


def post(client, url, data, status=422, **language):
    answer = client.post(url, data, **(language or GERMAN))
    assert answer.status_code == status, (data, answer.status_code)
    return answer.content.decode()


PAGE = "/club/skv/leagues/ll1/"
DAY = "/club/skv/leagues/ll1/day/{day}/"


def test_the_league_pages_changes_are_refused_beside_their_fields(client, league):
    team = Team.objects.get(name="Team 0")
    page = post(client, PAGE, {"action": "team", "name": "", "roster": ""})
    assert beside("team.name", said("the team needs a name")) in page
    page = post(client, PAGE, {"action": "team", "name": "Team 9", "roster": "Uwe Ulm; Uwe Ulm"})
    assert beside("team.roster", said("a name is on the roster twice")) in page
    page = post(client, PAGE, {"action": "team", "name": "Team 9", "roster": ""}, **ENGLISH)
    assert beside("team.name", "the schedule is made: make it again after adding a team") in page
    page = post(client, PAGE, {"action": "captain", "team": team.pk, "captain": "Kapitän mit Leerzeichen!"})
    label = said("Captain's login")
    assert 'data-refused="captain.captain">' in page and f'role="alert"><b>{label}</b>: ' in page
    page = post(client, PAGE, {"action": "guest", "team": team.pk, "guest": ""})
    assert beside("guest.guest", said("the guest needs a name")) in page
    page = post(client, PAGE, {"action": "pick", "team": team.pk, "member": "999"})  # beside the team's picker
    assert beside("pick.member", said("no such member")) in page
    assert f'role="alert"><b>{said("Member")}</b>: {said("no such member")}</p>' in page
    page = post(client, PAGE, {"action": "deduction", "team": team.pk, "points": "viel", "note": "zu spät"})
    assert beside("deduction.points", said("Wertungspunkte above 0, whole or half (1.5), not {value!r}",
                                           value="viel")).replace("'", "&#x27;") in page
    page = post(client, PAGE, {"action": "deduction", "team": team.pk, "points": "2", "note": ""})
    assert beside("deduction.note", said("say why: the note is shown in the table")) in page
    page = post(client, PAGE, {"action": "schedule", "seed": "²"})
    assert 'data-refused="schedule.seed">' in page and "<details open>" in page  # the seed's field shown
    page = post(client, PAGE, {"action": "publish", "published": NULL})
    assert 'data-refused="publish.published">' in page
    # a refusal for a form not on the page: above the forms, by its field's label (a hidden field's) or alone
    page = post(client, PAGE, {"action": "unpick", "team": team.pk, "entry": "999"})
    assert f'role="alert">{said("no such player on the roster")}</p>' in page
    page = post(client, PAGE, {"action": "deduction-remove", "deduction": "999"})
    assert f'role="alert"><b>{said("Deduction")}</b>: {said("no such deduction")}</p>' in page
    page = post(client, PAGE, {"action": "take", "charge": "999"})
    assert f'role="alert"><b>{said("Charge")}</b>: {said("no such open line")}</p>' in page
    page = post(client, PAGE, {"action": "anything"})
    assert f'role="alert">{said("no such change")}</p>' in page
    assert Team.objects.count() == 4 and not Deduction.objects.exists() and Team.objects.get(pk=team.pk).captain is None
    assert not League.objects.get().published


def test_a_match_days_changes_are_refused_beside_their_fields(client, league):
    team = Team.objects.get(name="Team 0")
    day = DAY.format(day=1)
    dated = MatchDay.objects.get(league=league, number=1).date
    page = post(client, day, {"action": "lineup", "team": team.pk, "players": " "})
    assert beside("lineup.players", said("name the team's players: no player is chosen")) in page
    page = post(client, day, {"action": "lineup", "team": team.pk, "player": ["S0 P0", "S0 P0", "", ""]}, **ENGLISH)
    assert beside("lineup.players", "a player is named twice") in page
    page = post(client, day, {"action": "date", "date": "32.13.2026"})
    assert beside("date.date", said("a date as 14.03.2026, not {value!r}", value="32.13.2026")
                  .replace("'", "&#x27;")) in page
    page = post(client, day, {"action": "move", "group": "1", "date": "", "venue": "", "reason": "Halle zu"})
    assert beside("move.date", said("name the new date or the new venue")) in page
    assert '<details class="move" open>' in page  # the group's form shown open
    page = post(client, day, {"action": "move", "group": "1", "date": "2026-05-02", "venue": "", "reason": ""})
    assert beside("move.reason", said("say why the day is moved")) in page
    page = post(client, day, {"action": "seat", "seed": "²"})
    assert 'data-refused="seat.seed">' in page
    page = post(client, day, {"action": "confirm", "text": NULL})
    assert 'data-refused="confirm.text">' in page
    page = post(client, day, {"action": "protest", "text": " "})
    assert beside("note.text", said("say why")) in page
    page = post(client, day, {"action": "absent", "team": "999", "absent": "1"})
    assert f'role="alert"><b>{said("Team")}</b>: {said("no such team")}</p>' in page
    page = post(client, DAY.format(day=5), {"action": "venue", "venue": "x" * 201})
    assert beside("venue.venue", said("at most {count} characters", count=200)) in page
    assert MatchDay.objects.get(league=league, number=1).date == dated  # neither set nor moved
    assert not Group.objects.filter(day__league=league, date__isnull=False).exists()
    assert not LineUp.objects.exists() and MatchDay.objects.get(league=league, number=5).venue == ""
    # a Wechsel is made once the day is seated: its series and deal beside the fields the form calls them by
    assert client.post(day, {"action": "seat", "seed": "2"}).status_code == 302
    entry = GroupTeam.objects.get(group__day__number=1, team=team)
    out = LineUp.objects.filter(entry=entry).order_by("position").first().roster.name
    sub = {"action": "substitute", "team": team.pk, "out": out, "in": "S0 P4"}
    page = post(client, day, sub | {"from_series": "9", "from_deal": ""})
    assert beside("substitute.from_series", said("a series from 1 to {last}", last=league.parsed_rules.series_per_day)) in page
    page = post(client, day, sub | {"from_series": "2", "from_deal": "0"})
    assert beside("substitute.from_deal", said("a deal from 1 on, not {number}", number=0)) in page
    page = post(client, day, {"action": "seat", "seed": "3"}, status=409)
    assert f'role="alert">{said("day {day} is seated already", day=1)}</p>' in page
    assert not DayNote.objects.exists() and not GroupTeam.objects.filter(absent=True).exists()
    assert not entry.substitutions.exists()
