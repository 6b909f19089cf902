"""The season pages: the club's director makes a season, adds evenings and changes the rules (the table
recomputed at once); its committee reads the table, what counted and what was dropped, and downloads the PDF and the
XLSX in the print language; another club's people find nothing, and change nothing."""

import json
from decimal import Decimal
from io import BytesIO

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from openpyxl import load_workbook

from cashdesk.models import Payment
from clubs.models import ClubRole
from scoring.results import event_results
from seasons.models import Season, SeasonEvent
from seasons.services import season_add, season_create
from tests.seasons.conftest import club_evening, club_with_members

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def login(client, club, role: str, name: str):
    user = get_user_model().objects.create_user(name, password="pw-123456789")
    ClubRole.objects.create(club=club, user=user, role=role)
    client.force_login(user)
    return client


@pytest.fixture
def season_of_two_evenings():
    club, members = club_with_members()
    evenings = [club_evening(club, members, seed=seed, absent=0.2) for seed in (3, 4)]
    season = season_create(club=club, slug="2026", name="Vereinsmeisterschaft 2026",
                           rules={"best": 3, "min_series": 3, "holdback_percent": 25})
    season_add(season=season, tournaments=evenings[:1])
    return club, members, evenings, season


def test_the_director_sets_up_a_season_and_the_table_follows_each_change(client, season_of_two_evenings):
    club, members, evenings, season = season_of_two_evenings
    login(client, club, "director", "leiter")
    url = reverse("seasons:season", args=[club.slug, season.slug])
    page = client.get(url)
    assert page.status_code == 200
    assert page.context["table"].season_series == 2
    assert all(not row.qualified for row in page.context["table"].rows)  # 2 series played, 3 needed
    response = client.post(reverse("seasons:add", args=[club.slug, season.slug]), {"tournament": [evenings[1].pk]})
    assert response.status_code == 302
    table = client.get(url).context["table"]
    assert table.season_series == 4 and any(row.qualified for row in table.rows)
    assert any(row.dropped for row in table.rows)  # best 3 of up to 4
    assert table.held_back == 0  # nothing taken at the cash desk yet: nothing held back
    # 25 % of each evening's fees taken (10.00 a player): all but two paid on the first evening, all on the second
    for number, evening in enumerate(evenings):
        payers = list(evening.players.order_by("pk"))[2 if number == 0 else 0:]
        Payment.objects.bulk_create([Payment(tournament=evening, player=player, kind="fee", amount=Decimal("10.00"))
                                     for player in payers])
    fees = (sum(e.players.count() for e in evenings) - 2) * 10
    table = client.get(url).context["table"]
    assert table.held_back == Decimal(fees) / 4
    content = client.get(url).content.decode()
    assert "Streichergebnis" not in content and "dropped" in content
    bad = client.post(reverse("seasons:rules", args=[club.slug, season.slug]), {"rules": '{"best": -1}'})
    assert bad.status_code == 422 and "at least 1" in bad.content.decode()
    assert Season.objects.get(pk=season.pk).rules["best"] == 3
    client.post(reverse("seasons:rules", args=[club.slug, season.slug]), {"rules": '{"score": "average"}'})
    table = client.get(url).context["table"]
    assert all(not row.dropped for row in table.rows) and all(row.qualified for row in table.rows)


def test_a_new_season_from_the_list_and_its_refusals(client, season_of_two_evenings):
    club, *_ = season_of_two_evenings
    login(client, club, "director", "leiter")
    url = reverse("seasons:list", args=[club.slug])
    assert "Vereinsmeisterschaft 2026" in client.get(url).content.decode()
    refused = client.post(url, {"name": "Pokal", "slug": "pokal", "rules": '{"score": "median"}'})
    assert refused.status_code == 422 and "score" in refused.content.decode()
    refused = client.post(url, {"name": "Pokal", "slug": "pokal", "rules": "{best"})
    assert refused.status_code == 422
    refused = client.post(url, {"name": "Pokal", "slug": "Pokal 2026!", "rules": "{}"})
    assert refused.status_code == 422
    assert not Season.objects.filter(slug__iexact="pokal").exists()
    made = client.post(url, {"name": "Pokal", "slug": "pokal", "rules": json.dumps({"score": "placement",
                                                                                   "placement_points": [25, 20]})})
    assert made.status_code == 302 and Season.objects.get(slug="pokal").rules["score"] == "placement"


def test_the_downloads_speak_the_print_language(client, season_of_two_evenings):
    club, members, evenings, season = season_of_two_evenings
    season.language = "de"  # the season's own print language, whatever its evenings' and the browser's
    season.save()
    login(client, club, "committee", "kommission")
    pdf = client.get(reverse("seasons:pdf", args=[club.slug, season.slug]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    xlsx = client.get(reverse("seasons:xlsx", args=[club.slug, season.slug]))
    workbook = load_workbook(BytesIO(xlsx.content))
    assert workbook.sheetnames[:2] == ["Jahreswertung", "Gewertet und gestrichen"]
    rows = list(workbook["Jahreswertung"].iter_rows(values_only=True))
    assert rows[0][:2] == ("Platz", "Spieler")
    assert len(rows) == 1 + len(season_reading_rows(season))
    # the evenings' dates as a German reads them: the date cells' format, the explanation's text
    verdicts = workbook["Gewertet und gestrichen"]
    assert {verdicts.cell(row, 3).number_format for row in range(2, verdicts.max_row + 1)} == {"DD.MM.YYYY"}
    why = " ".join(str(cell) for row in workbook["Begründung"].iter_rows(values_only=True) for cell in row)
    assert f"({evenings[0].date:%d.%m.%Y})" in why and evenings[0].date.isoformat() not in why
    # the files are named in their print language too, whatever the browser speaks
    assert pdf["Content-Disposition"] == f'attachment; filename="jahreswertung-{season.slug}.pdf"'
    assert xlsx["Content-Disposition"] == f'attachment; filename="jahreswertung-{season.slug}.xlsx"'


def season_reading_rows(season):
    from seasons.selectors import season_reading

    return season_reading(season).table.rows


def test_the_committee_reads_and_changes_nothing(client, season_of_two_evenings):
    club, members, evenings, season = season_of_two_evenings
    login(client, club, "committee", "kommission")
    assert client.get(reverse("seasons:season", args=[club.slug, season.slug])).status_code == 200
    assert client.post(reverse("seasons:rules", args=[club.slug, season.slug]), {"rules": "{}"}).status_code == 403
    assert client.post(reverse("seasons:add", args=[club.slug, season.slug]),
                       {"tournament": [evenings[1].pk]}).status_code == 403
    assert client.post(reverse("seasons:list", args=[club.slug]), {"name": "X", "slug": "x"}).status_code == 403
    assert Season.objects.count() == 1 and SeasonEvent.objects.count() == 1


def test_another_club_finds_nothing_and_changes_nothing(client, season_of_two_evenings):
    club, members, evenings, season = season_of_two_evenings
    other, _ = club_with_members("nachbarn", count=0, guests=0)
    login(client, other, "director", "nachbar")
    for name in ("seasons:season", "seasons:pdf", "seasons:xlsx"):
        assert client.get(reverse(name, args=[club.slug, season.slug])).status_code == 404
    assert client.get(reverse("seasons:list", args=[club.slug])).status_code == 404
    assert client.post(reverse("seasons:rules", args=[club.slug, season.slug]), {"rules": "{}"}).status_code == 404
    assert client.post(reverse("seasons:add", args=[club.slug, season.slug]),
                       {"tournament": [evenings[1].pk]}).status_code == 404
    # his own club's address with the other club's season: not found either
    assert client.get(reverse("seasons:season", args=[other.slug, season.slug])).status_code == 404
    # adding another club's evening to his own season: never found, nothing added
    mine = season_create(club=other, slug="2026", name="Unsere", rules={})
    client.post(reverse("seasons:add", args=[other.slug, mine.slug]), {"tournament": [evenings[1].pk]})
    assert not SeasonEvent.objects.filter(season=mine).exists()
    assert Season.objects.get(pk=season.pk).rules == {"best": 3, "min_series": 3, "holdback_percent": 25}


def test_the_logged_out_are_sent_to_log_in(client, season_of_two_evenings):
    club, members, evenings, season = season_of_two_evenings
    response = client.get(reverse("seasons:season", args=[club.slug, season.slug]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_season_pages_speak_german(client, season_of_two_evenings):
    """On a German page: no English word left, the words of the Skat halls (Saison, gewertet, Streichergebnis)."""
    from tests.german_pages import english_words, visible_text

    club, members, evenings, season = season_of_two_evenings
    season_add(season=season, tournaments=evenings[1:])
    login(client, club, "director", "leiter")
    german = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
    # the names, and the rules' JSON keys (the command line's contract, in the textarea as they are)
    names = tuple(m.name for m in members) + tuple(t.name for t in evenings) + (club.name, season.name, "min_series", '"best"')
    for url in (reverse("seasons:list", args=[club.slug]), reverse("seasons:season", args=[club.slug, season.slug])):
        html = client.get(url, **german).content.decode()
        assert english_words(visible_text(html), names) == [], url
    page = client.get(reverse("seasons:season", args=[club.slug, season.slug]), **german).content.decode()
    assert "Saison" in page and "Streichergebnis" in page and "gewertet" in page
    refused = client.post(reverse("seasons:rules", args=[club.slug, season.slug]), {"rules": '{"best": 0}'}, **german)
    assert "eine ganze Zahl ab 1, nicht 0" in refused.content.decode()
    # rules that are no JSON at all: where, in German (the parser's own words are English)
    broken = client.post(reverse("seasons:rules", args=[club.slug, season.slug]), {"rules": '{"best": 2,'}, **german)
    assert broken.status_code == 422
    assert "kein gültiges JSON (Zeile 1, Spalte 12)" in broken.content.decode()
    assert "Expecting" not in broken.content.decode()


def test_the_director_sets_the_rules_with_the_form_in_german(client, season_of_two_evenings):
    """The rules' form on a German page: German numbers saved as the rules they mean, the table recomputed at once;
    a refusal names the field by its German label, answers 422 with the form as typed, and saves nothing."""
    club, members, evenings, season = season_of_two_evenings
    season_add(season=season, tournaments=evenings[1:])
    login(client, club, "director", "leiter")
    german = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
    url, rules_url = (reverse(name, args=[club.slug, season.slug]) for name in ("seasons:season", "seasons:rules"))
    page = client.get(url, **german).content.decode()
    assert "Mindestanzahl Serien" in page and "Einbehalt vom Startgeld in %" in page and 'value="25"' in page
    typed = {"score": "placement", "placement_points": "25; 20; 16", "results": "series", "best": "1",
             "worst_kept": "", "min_series": "2", "min_games": "", "missed_penalty": "", "holdback_percent": "12,5",
             "tie": "more_series", "prizes": "", "category_prizes": ""}
    refused = client.post(rules_url, {**typed, "min_series": "-2"}, **german)
    assert refused.status_code == 422
    html = refused.content.decode()
    assert "<b>Mindestanzahl Serien</b>: eine ganze Zahl ab 0, nicht -2" in html
    assert 'value="25; 20; 16"' in html and 'value="12,5"' in html  # the form as typed, nothing lost
    assert Season.objects.get(pk=season.pk).rules == {"best": 3, "min_series": 3, "holdback_percent": 25}
    saved = client.post(rules_url, typed, **german)
    assert saved.status_code == 302
    assert Season.objects.get(pk=season.pk).rules == {"score": "placement", "placement_points": [25, 20, 16],
                                                      "best": 1, "min_series": 2, "holdback_percent": 12.5,
                                                      "tie": ["more_series"]}
    table = client.get(url, **german).context["table"]
    # by placement, best 1 of 2 evenings: each member's figure is his better evening's points, by hand from the
    # evenings' own standings (a place beyond 3 gives none)
    points = {}
    for evening in evenings:
        for standing in event_results(evening).overall.rows():
            earned = (25, 20, 16)[standing["rank"] - 1] if standing["rank"] <= 3 else 0
            points[standing["name"]] = max(points.get(standing["name"], 0), earned)
    ranked = [row for row in table.rows if row.qualified]
    assert ranked and {row.name: row.total for row in ranked} == {row.name: points[row.name] for row in ranked}
