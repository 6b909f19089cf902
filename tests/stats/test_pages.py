"""The statistics pages: the director's member page, the club's ranked page with its review and its PDF, head to
head; the public's club page and the player's own page (/p/…): the reader's numbers ("24,35"), the pictures with
their tables, never an unpublished event and never a member who may not be published."""

import re
import subprocess

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs.models import ClubRole
from scoring.models import TournamentScoring
from seating.models import Player
from stats.charts import number
from stats.selectors import Scope, member_figures

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def login(client, club):
    user = get_user_model().objects.create_user("leiter", password="pw-123456789")
    ClubRole.objects.create(club=club, user=user, role="director")
    client.force_login(user)
    return client


def german(client, url, **kwargs):
    return client.get(url, HTTP_ACCEPT_LANGUAGE="de", **kwargs).content.decode()


def test_the_directors_pages_say_the_figures_the_readers_way(client, club_play, tmp_path):
    club, members, evenings = club_play
    login(client, club)
    member = members[0]
    f = member_figures(member)
    page = german(client, reverse("stats:member", args=[club.slug, member.pk]))
    assert f"{float(f.per_48):.2f}".replace(".", ",") in page.replace(".", "")
    assert number(f.per_48).count(",") == 1
    assert page.count("<svg") == 3 and "<script" not in page.split("<svg", 1)[1].split("</svg>")[0]
    assert "<caption>" in page  # the tables beside the pictures
    club_page = german(client, reverse("stats:club", args=[club.slug]) + "?by=own_games&min_series=4")
    assert "Meiste eigene Spiele" in club_page
    for row in re.findall(r"<tr><td class=\"num\">\d+</td><td><a href=\"/club/[^/]+/stats/members/(\d+)/", club_page):
        assert member_figures(type(member).objects.get(pk=row)).series >= 4
    versus = german(client, reverse("stats:versus", args=[club.slug]) + f"?a={members[0].pk}&b={members[1].pk}")
    assert "Serien an einem Tisch" in versus
    refused = german(client, reverse("stats:versus", args=[club.slug]) + f"?a={members[0].pk}&b={members[0].pk}")
    assert "anderen Spieler" in refused
    bad = german(client, reverse("stats:club", args=[club.slug]) + "?min_series=-3&start=gestern")
    assert "error" in bad and "Gültiges Datum" in bad or "gültiges Datum" in bad
    pdf = client.get(reverse("stats:review", args=[club.slug]))
    assert pdf["Content-Type"] == "application/pdf"
    assert pdf["Content-Disposition"] == f'attachment; filename="{club.slug}-statistics.pdf"'  # the club's language
    type(club).objects.filter(pk=club.pk).update(language="de")
    assert client.get(reverse("stats:review", args=[club.slug]))["Content-Disposition"] == (
        f'attachment; filename="{club.slug}-statistik.pdf"')
    path = tmp_path / "review.pdf"
    path.write_bytes(pdf.content)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert club.name in text and members[0].name in text


def test_public_pages_show_only_published_events_and_public_members(client, club_play):
    club, members, evenings = club_play
    hidden = members[1]
    hidden.public = False
    hidden.save()
    TournamentScoring.objects.filter(tournament__in=evenings[:2]).update(published=True)
    TournamentScoring.objects.filter(tournament=evenings[2]).update(published=False)
    page = german(client, reverse("public:stats", args=[club.slug]) + "?by=points")
    assert hidden.name not in page
    shown = member_figures(members[0], Scope(published=True))
    everything = member_figures(members[0])
    assert shown.points != everything.points  # the unpublished evening counts for nobody there
    assert f">{number(shown.points, 0)}<" in page
    versus = german(client, reverse("public:stats-versus", args=[club.slug]) + f"?a={members[0].pk}&b={hidden.pk}")
    assert "Serien an einem Tisch" not in versus  # the hidden member is no choice there
    # his own page (/p/…) shows him his figures, over the published events only
    own = Player.objects.get(tournament=evenings[0], member=hidden)
    mine = german(client, reverse("public:own", args=[own.page_token]))
    figures = member_figures(hidden, Scope(published=True))
    assert number(figures.per_48) in mine and mine.count("<svg") == 3
