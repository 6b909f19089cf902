"""A club and its seasons kept before clubs had a language keep printing as they did: the club takes its latest
evening's print language, a season its latest evening's (else its club's); the migrations are run for real."""

import pytest

from tests.migrating import latest_migrations, migrate_to

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_clubs_and_seasons_made_before_keep_their_evenings_language():
    leaves = latest_migrations()
    before = [("clubs", "0003_member_folded_names"), ("seasons", "0001_seasons"),
              *latest_migrations(except_apps=("clubs", "seasons"))]
    old = migrate_to(before)
    Club, Tournament, Season, SeasonEvent = (old.get_model("clubs", "Club"), old.get_model("seating", "Tournament"),
                                             old.get_model("seasons", "Season"),
                                             old.get_model("seasons", "SeasonEvent"))
    german = Club.objects.create(slug="asgard", name="Skatfreunde Asgard")
    english = Club.objects.create(slug="west", name="West Side Skat")
    Tournament.objects.create(club=german, name="Erster Abend", date="2026-01-09", language="en")
    latest = Tournament.objects.create(club=german, name="Letzter Abend", date="2026-11-27", language="de")
    season = Season.objects.create(club=german, slug="2026", name="Jahreswertung 2026")
    SeasonEvent.objects.create(season=season, tournament=latest)
    Season.objects.create(club=english, slug="empty", name="Nothing yet")

    new = migrate_to(leaves)
    Club, Season = new.get_model("clubs", "Club"), new.get_model("seasons", "Season")
    languages = dict(Club.objects.values_list("slug", "language"))
    assert (languages["asgard"], languages["west"]) == ("de", "en")
    assert dict(Season.objects.values_list("slug", "language")) == {"2026": "de", "empty": "en"}
