"""A published season's public page: not found before every event of it is published, listed on the club's public
page (an association's on its clubs' pages too), public names only (a person hidden by one of his clubs is
"Player N" on every line of it), a category's rows, and the qualification lists per region recomputed by hand for a
results file of six players whose totals fix their ranks."""

import json
import re

import pytest

from clubs.models import Club, Member
from clubs.persons import persons_touched
from seasons.services import season_add, season_create
from tests.association.test_ranking import run, write
from tests.seasons.conftest import club_evening, club_with_members, two_evenings_one_hidden

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

RULES = {"categories": {"Junioren": {"under": 21}, "Senioren": {"from": 60}},
         "quotas": {"VG 1": 2, "VG 2": 1, "VG 3": 2}, "year": 2026}

# far above any club evening's single series: their overall ranks are 1, 2, 2, 4, 5, 6 (the default rule: equal
# totals share a rank)
NORD = [("Xaver Xylo", 1990, 20000), ("Yvonne Yost", 2010, 19000), ("Zora Zeh", 2012, 19000),
        ("Ulla Ufer", 1950, 18000), ("Viktor Veit", 1950, 17000), ("Willi Wolf", 1960, 16000)]


@pytest.fixture
def ranking(tmp_path):
    return association_ranking(tmp_path)


def association_ranking(tmp_path):
    """lv over west (VG 1) and ost (VG 2), a published one-series evening each, and a results file of SC Nord
    (VG 3). Bernd Bauer (P-2, born 2008) is a member of both clubs and hidden by ost alone; each club's Carla Claus,
    with no number (two rows), is hidden by her club."""
    lv = Club.objects.create(slug="lv", name="Landesverband", language="de")
    evenings = []
    for slug, region, seed in (("west", "VG 1", 3), ("ost", "VG 2", 4)):
        club, members = club_with_members(slug, count=6, guests=0)
        club.within, club.region = lv, region
        club.save()
        for member, number, year in ((members[0], "P-1", 1950), (members[1], "P-2", 2008)):
            member.federation_number, member.birth_year = number, year
            member.save()
        evening = club_evening(club, members, seed=seed, series=1)
        evening.scoring.published = True
        evening.scoring.save()
        evenings.append(evening)
    persons_touched(Member.objects.exclude(federation_number=""))
    Member.objects.filter(club__slug="ost", federation_number="P-2").update(public=False)
    Member.objects.filter(name="Carla Claus").update(public=False)  # two members of that name, each her own row
    season = season_create(club=lv, slug="rl", name="Rangliste 2026", rules=RULES)
    season_add(season=season, tournaments=evenings)
    data = {"event": {"name": "Pokal Nord", "date": "2026-03-01", "club": "SC Nord", "region": "VG 3"},
            "players": [{"name": name, "birth_year": year, "series": [{"total": total, "games": 48}]}
                        for name, year, total in NORD]}
    run("season", "submit", "rl", write(tmp_path, "nord.json", data), "--club", "lv")
    return season, evenings


def lines(html: str) -> list[tuple[str, str]]:
    """(rank, name) of each table row on the page."""
    return re.findall(r'<td class="num rank">([^<]*)</td>\s*<td class="name"><span class="player">([^<]*)</span>',
                      html)


def region_lists(html: str) -> dict[str, tuple[list[str], list[str]]]:
    """Per region: its qualified and its reserves as the page writes them ("2. Zora Zeh (tie)"; none: "—")."""
    found = {}
    for region, body in re.findall(r'<section class="region-list" data-region="([^"]*)">(.*?)</section>', html,
                                   re.S):
        qualified, reserves = re.findall(r'<ul class="plain (?:qualified|reserves)">(.*?)</ul>', body, re.S)
        said = [[re.sub(r"<[^>]+>", "", item).strip() for item in re.findall(r"<li[^>]*>(.*?)</li>", part, re.S)]
                for part in (qualified, reserves)]
        said = [[] if items == ["—"] else items for items in said]
        found[region] = tuple(said)
    return found


def row_blocks(html: str) -> dict[int, str]:
    """Each table row of the page by its row id (``data-member``)."""
    return {int(member): body for member, body in
            re.findall(r'<tr data-member="(-?\d+)"[^>]*>(.*?)</tr>', html, re.S)}


def bernd_row(table: dict) -> int:
    """The line (from 1) of Bernd Bauer's row: his row id is the lowest of his members' ids (not his clubs, which a
    public table does not say of a hidden person)."""
    bernd = Member.objects.filter(federation_number="P-2").order_by("pk").first().pk
    (line,) = [i for i, row in enumerate(table["rows"], 1) if row["member"] == bernd]
    return line


def test_not_published_until_every_event_is(ranking, client):
    season, evenings = ranking
    evenings[1].scoring.published = False
    evenings[1].scoring.save()
    assert client.get("/club/lv/season/rl/").status_code == 404
    # the association holds no event of its own: it is on the clubs' list once its ranking is published
    assert 'href="/club/lv/"' not in client.get("/club/").content.decode()
    assert "lv" not in [club["slug"] for club in client.get("/api/v1/clubs/").json()]
    assert "/club/lv/season/rl/" not in client.get("/club/lv/").content.decode()
    assert "/club/lv/season/rl/" not in client.get("/club/west/").content.decode()
    evenings[1].scoring.published = True
    evenings[1].scoring.save()
    assert client.get("/club/lv/season/rl/").status_code == 200
    assert 'href="/club/lv/"' in client.get("/club/").content.decode()
    assert client.get("/club/lv/season/nix/").status_code == 404
    assert client.get("/club/nix/season/rl/").status_code == 404
    assert client.get("/club/lv/season/rl/?category=Kinder").status_code == 404


def test_listed_on_the_association_page_and_its_clubs_pages(ranking, client):
    for slug in ("lv", "west", "ost"):
        page = client.get(f"/club/{slug}/").content.decode()
        assert page.count('href="/club/lv/season/rl/"') == 1 and "Rangliste 2026" in page, slug


def test_the_table_by_public_names_with_clubs_and_regions_and_the_lists_by_hand(ranking, client):
    table = client.get("/api/v1/clubs/lv/seasons/rl/").json()
    html = client.get("/club/lv/season/rl/").content.decode()
    assert "Bernd Bauer" not in html and "Carla Claus" not in html  # not in the table, not in the lists
    assert "P-1" not in html and "P-2" not in html  # no federation number on the public page
    hidden = [i for i, row in enumerate(table["rows"], 1) if row["name"] == f"Player {i}"]
    # the API keeps a hidden person's federation number back too: Bernd is the hidden one of two clubs
    assert all(table["rows"][i - 1]["person"] is None for i in hidden) and "P-2" not in json.dumps(table)
    assert "P-1" in json.dumps(table)
    bernd = bernd_row(table)
    assert bernd in hidden
    carlas = [i for i in hidden if i != bernd]
    assert lines(html) == [(str(row["rank"] or "—"), row["name"]) for row in table["rows"]]
    assert (str(bernd), f"Player {bernd}") in [(str(i), name) for i, (_rank, name) in enumerate(lines(html), 1)]
    assert len(carlas) == 2 and all(f"Player {carla}" in html for carla in carlas)
    assert lines(html)[:6] == [("1", "Xaver Xylo"), ("2", "Yvonne Yost"), ("2", "Zora Zeh"), ("4", "Ulla Ufer"),
                               ("5", "Viktor Veit"), ("6", "Willi Wolf")]
    # the director's table (the command's): every row's clubs and region, the hidden persons' too, in the same order
    full = json.loads(run("season", "table", "rl", "--club", "lv", "--format", "json"))["rows"]
    assert [row["member"] for row in full] == [row["member"] for row in table["rows"]]
    assert [r["clubs"] for r in full if r["member"] == table["rows"][bernd - 1]["member"]] == [["ost", "west"]]
    blocks = row_blocks(html)
    for line, (row, known) in enumerate(zip(table["rows"], full), 1):
        block = blocks[row["member"]] if row["member"] else html
        if line in hidden:  # a hidden person: neither his clubs nor his region, on the page or in the API
            assert (row["clubs"], row["region"]) == ([], None) and known["clubs"], row["name"]
            assert 'class="where"' not in block and 'class="clubs"' not in block, row["name"]
            continue
        assert (row["clubs"], row["region"]) == (known["clubs"], known["region"])
        # each other row's clubs and region under its name
        where = ", ".join(row["clubs"]) + (f"</span> · <span class=\"region\">{row['region']}" if row["region"]
                                           else "")
        assert f'<span class="clubs">{where}' in block, row["name"]
    lists = region_lists(html)
    assert list(lists) == ["VG 1", "VG 2", "VG 3"]
    # VG 3, 2 places: rank 1, then the two of rank 2 both (tie at the place), then the next three
    assert lists["VG 3"] == (["1. Xaver Xylo", "2. Yvonne Yost (tie)", "2. Zora Zeh (tie)"],
                             ["4. Ulla Ufer", "5. Viktor Veit", "6. Willi Wolf"])
    for region, places in (("VG 1", 2), ("VG 2", 1)):  # the clubs' regions (the director's), from the table by hand
        mine = [(row["rank"], row["name"]) for row, known in zip(table["rows"], full)
                if known["region"] == region and row["rank"]]
        cut = mine[places - 1][0]
        going = [(rank, name) for rank, name in mine if rank <= cut]
        tied = len(going) > places
        assert lists[region] == ([f"{rank}. {name}" + (" (tie)" if tied and rank == cut else "")
                                  for rank, name in going],
                                 [f"{rank}. {name}" for rank, name in mine[len(going):len(going) + 3]]), region


def test_a_category_its_rows_and_its_lists(ranking, client):
    html = client.get("/club/lv/season/rl/?category=Senioren").content.decode()
    # born 1966 or before: the three of the file, then Anna Albers (P-1, 1950) of both clubs
    assert lines(html) == [("1", "Ulla Ufer"), ("2", "Viktor Veit"), ("3", "Willi Wolf"), ("4", "Anna Albers")]
    assert region_lists(html)["VG 3"] == (["1. Ulla Ufer", "2. Viktor Veit"], ["3. Willi Wolf"])
    assert 'aria-current="page">Senioren<' in html
    junioren = client.get("/club/lv/season/rl/?category=Junioren")
    html = junioren.content.decode()
    table = client.get("/api/v1/clubs/lv/seasons/rl/").json()
    bernd = bernd_row(table)
    assert table["rows"][bernd - 1]["name"] == f"Player {bernd}"
    # born after 2005: the two of the file share rank 1; Bernd Bauer (2008) under his public name of the table
    assert lines(html) == [("1", "Yvonne Yost"), ("1", "Zora Zeh"), ("3", f"Player {bernd}")]
    assert "Bernd Bauer" not in html
    assert region_lists(html)["VG 3"] == (["1. Yvonne Yost", "1. Zora Zeh"], [])  # two places, two of rank 1
    said = client.get("/api/v1/clubs/lv/seasons/rl/qualification/?category=Junioren").json()
    assert "P-2" not in json.dumps(said)  # the hidden person's number is not in the lists either
    assert {one["region"]: ([f"{q['rank']}. {q['name']}" for q in one["qualified"]],
                            [f"{q['rank']}. {q['name']}" for q in one["reserves"]]) for one in said} == \
        {region: (qualified, reserves) for region, (qualified, reserves) in region_lists(html).items()}


def test_the_page_speaks_german(ranking, client):
    from tests.german_pages import english_words, visible_text

    german = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
    html = client.get("/club/lv/season/rl/?category=Junioren", **german).content.decode()
    assert "Rangliste" in html and "Qualifikation: Junioren" in html and "Nachrücker" in html
    names = tuple(Club.objects.values_list("name", flat=True)) + ("Rangliste 2026", "VG 1", "VG 2", "VG 3", "west",
                                                                   "ost", "SC Nord", "Junioren", "Senioren")
    names += tuple(name for name, _year, _total in NORD) + tuple(Member.objects.values_list("name", flat=True))
    for url in ("/club/lv/season/rl/", "/club/lv/season/rl/?category=Senioren", "/club/west/"):
        assert english_words(visible_text(client.get(url, **german).content.decode()), names) == [], url
    assert "Spieler " in html and "Verband: Landesverband" in client.get("/club/west/", **german).content.decode()


def test_a_club_season_hides_its_unpublished_member(client):
    season, evenings = two_evenings_one_hidden({"best": 2})
    for evening in evenings:
        evening.scoring.published = True
        evening.scoring.save()
    club = season.club.slug
    html = client.get(f"/club/{club}/").content.decode()
    assert f'href="/club/{club}/season/{season.slug}/"' in html
    html = client.get(f"/club/{club}/season/{season.slug}/").content.decode()
    api = json.loads(client.get(f"/api/v1/clubs/{club}/seasons/{season.slug}/").content)
    assert lines(html) == [(str(row["rank"] or "—"), row["name"]) for row in api["rows"]]
    assert "Bernd Bauer" not in html and "Player " in html
    assert "region-list" not in html and 'class="clubs"' not in html  # a club's season: no regions, no lists


def test_the_api_names_no_hidden_member_in_anothers_explanation(client):
    """Under placement points for the first place alone most members share a rank: each of their rows says with whom,
    and the API says it with the public names (Bernd Bauer did not agree to publication)."""
    season, evenings = two_evenings_one_hidden({"score": "placement", "placement_points": [1]})
    for evening in evenings:
        evening.scoring.published = True
        evening.scoring.save()
    answer = client.get(f"/api/v1/clubs/{season.club.slug}/seasons/{season.slug}/")
    assert answer.status_code == 200 and "Bernd Bauer" not in answer.content.decode()
    rows = answer.json()["rows"]
    command = json.loads(run("season", "table", season.slug, "--club", season.club.slug, "--format", "json"))["rows"]
    shared = 0
    for row, told in zip(rows, command):
        others = [r["name"] for r in rows if r["rank"] == row["rank"] and r["member"] != row["member"]]
        if others and row["rank"]:
            shared += 1
            said = f"Shares rank {row['rank']} with {', '.join(others)}."
            assert said in row["explanation"], row["explanation"]
            assert row["explanation"] == [said if line.startswith("Shares rank") else line
                                          for line in told["explanation"]]
        else:
            assert row["explanation"] == told["explanation"]
    assert shared >= 3 and any("Bernd Bauer" in line for r in command for line in r["explanation"])
