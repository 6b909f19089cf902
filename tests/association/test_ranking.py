"""An association's ranking from the command line: its clubs' evenings and a results file, one row per person,
recomputed by hand from the evenings' own standings (``manage.py standings T --format json``) and the file; the
categories by cut-off, the qualification lists per region, the results file's refusals, replacement and deadline."""

import csv
import datetime
import importlib
import io
import json
from collections import defaultdict

import pytest
from django.apps import apps as django_apps
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.models import Member
from scoring.tournaments.services import tournament_publish
from seasons.models import SubmittedEvent
from tests.seasons.conftest import club_evening, club_with_members
from tests.seasons.test_season_command import evening_facts

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def run(*args) -> str:
    out = io.StringIO()
    call_command(*map(str, args), stdout=out, stderr=io.StringIO())
    return out.getvalue()


def refused(*args) -> str:
    err = io.StringIO()
    with pytest.raises(CommandError) as failing:
        call_command(*map(str, args), stdout=io.StringIO(), stderr=err)
    return err.getvalue() + str(failing.value)


def write(tmp_path, name: str, data) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


RULES = {"categories": {"Junioren": {"under": 21}, "Senioren": {"from": 60}, "Damen": {"category": "Damen"}},
         "quotas": {"VG 1": 2, "VG 2": 1}, "year": 2026, "submission_days": 14}


@pytest.fixture
def association(tmp_path):
    """lv with west (VG 1) and ost (VG 2) within it, a published evening each; Anna Albers (P-1, 1950) and Bernd Bauer
    (P-2, 2008) are members of both; a club outside (fremd) has an evening too."""
    run("club", "create", "lv", "--name", "Landesverband", "--language", "de")
    west, west_members = club_with_members("west", count=6, guests=0)
    ost, ost_members = club_with_members("ost", count=6, guests=0)
    run("club", "set", "west", "--within", "lv", "--region", "VG 1")
    run("club", "set", "ost", "--within", "lv", "--region", "VG 2")
    for members in (west_members, ost_members):
        for member, number, year in ((members[0], "P-1", 1950), (members[1], "P-2", 2008)):
            member.federation_number, member.birth_year = number, year
            member.save()
    from clubs.persons import persons_touched
    persons_touched(Member.objects.exclude(federation_number=""))
    fremd, fremd_members = club_with_members("fremd", count=4, guests=0)
    evenings = {"west": club_evening(west, west_members, seed=3), "ost": club_evening(ost, ost_members, seed=4),
                "fremd": club_evening(fremd, fremd_members, seed=5)}
    for evening in evenings.values():  # an association counts its clubs' evenings while they are published
        tournament_publish(evening)
    run("season", "create", "rl", "--club", "lv", "--name", "Rangliste 2026",
        "--rules", write(tmp_path, "rules.json", RULES))
    return evenings


def results(players, name="Pokal Nord", date="2026-03-01", club="SC Nord", region="VG 1"):
    return {"event": {"name": name, "date": date, "club": club, "region": region}, "players": players}


FILE_PLAYERS = [
    {"federation_number": "P-1", "name": "Anna Albers", "birth_year": 1950, "categories": ["Damen"],
     "series": [{"total": 900, "games": 48}, {"total": 700, "games": 48}]},
    {"federation_number": "P-9", "name": "Zacharias Zorn", "birth_year": 1960, "categories": [],
     "series": [{"total": 2500, "games": 48}]},
    {"name": "Ohne Pass", "birth_year": 2010, "series": [{"total": 10, "games": 36}, {"total": -50, "games": 36}]},
]


def test_the_ranking_has_one_row_per_person_recomputed_by_hand(association, tmp_path):
    said = refused("season", "add", "rl", association["west"].pk, association["fremd"].pk, "--club", "lv")
    assert "tournament" in said and association["fremd"].name in said  # a club outside: refused, none added
    assert not json.loads(run("season", "table", "rl", "--club", "lv", "--format", "json"))["rows"]
    run("season", "add", "rl", association["west"].pk, association["ost"].pk, "--club", "lv")
    # by hand: every member's series of the two evenings, gathered under his federation number, else himself
    totals, clubs, series_played = defaultdict(int), defaultdict(set), defaultdict(int)
    key_of = {m.pk: m.federation_number or f"m{m.pk}" for m in Member.objects.all()}
    for club, evening in (("west", association["west"]), ("ost", association["ost"])):
        _count, series, _places = evening_facts(evening.pk)
        for member, rows in series.items():
            totals[key_of[member]] += sum(total for _n, total, _d in rows)
            series_played[key_of[member]] += len(rows)
            clubs[key_of[member]].add(club)
    table = json.loads(run("season", "table", "rl", "--club", "lv", "--format", "json"))
    rows = {row["person"] or f"m{row['member']}": row for row in table["rows"]}
    assert set(rows) == set(totals)
    for key, row in rows.items():
        assert row["total"] == totals[key] and row["series_played"] == series_played[key]
        assert row["clubs"] == sorted(clubs[key])
        assert row["rank"] == 1 + sum(1 for other in totals.values() if other > totals[key])
    assert rows["P-1"]["clubs"] == ["ost", "west"] and rows["P-1"]["series_played"] == 4
    anna = Member.objects.filter(federation_number="P-1").order_by("pk").first()
    assert rows["P-1"]["member"] == anna.pk and rows["P-1"]["name"] == anna.name
    # the categories by cut-off in 2026: Anna (1950) is 76, a Senior; Bernd (2008) 18, a Junior
    by_category = {name: {r["person"] for r in category} for name, category in table["categories"].items()}
    assert "P-1" in by_category["Senioren"] and "P-1" in by_category["Damen"]
    assert "P-2" in by_category["Junioren"] and "P-2" not in by_category["Senioren"]
    only = json.loads(run("season", "table", "rl", "--club", "lv", "--category", "Junioren", "--format", "json"))
    assert [r["person"] for r in only["rows"]] == ["P-2"]
    lines = list(csv.DictReader(io.StringIO(run("season", "table", "rl", "--club", "lv", "--format", "csv"))))
    assert {line["person"]: line["clubs"] for line in lines}["P-1"] == "ost; west"


def test_an_unpublished_evening_of_a_club_within_is_refused_naming_it_and_nothing_is_added(association):
    """A club's evening counts in the association's season only while published: one unpublished is refused, in
    English and German, and none of the evenings given is added; the association's own unpublished evening is
    added as before."""
    from django.utils import translation

    from clubs.models import Club
    from scoring.tournaments.services import tournament_open
    from seasons.models import SeasonEvent

    west, ost = association["west"], association["ost"]
    tournament_publish(ost, published=False)
    ost.name = "Abend 3"
    ost.save()
    said = refused("season", "add", "rl", west.pk, ost.pk, "--club", "lv")
    assert "“Abend 3” of Skatfreunde ost is not published: its club must publish it before the association can " \
           "count it." in said
    assert not SeasonEvent.objects.exists()
    with translation.override("de"):
        said = refused("season", "add", "rl", ost.pk, "--club", "lv")
    assert "„Abend 3“ von Skatfreunde ost ist nicht veröffentlicht" in said
    assert not SeasonEvent.objects.exists()
    own = tournament_open(name="Verbandsabend", rulebook="isko", method="fixed", series_count=1,
                          club=Club.objects.get(slug="lv"))
    assert not own.scoring.published
    assert run("season", "add", "rl", own.pk, west.pk, "--club", "lv").strip().endswith(": 2")
    assert set(SeasonEvent.objects.values_list("tournament_id", flat=True)) == {own.pk, west.pk}


def test_a_results_file_joins_the_persons_rows_and_is_replaced_keeping_the_history(association, tmp_path):
    run("season", "add", "rl", association["west"].pk, "--club", "lv")
    before = {r["person"] or r["member"]: r for r in
              json.loads(run("season", "table", "rl", "--club", "lv", "--format", "json"))["rows"]}
    run("season", "create", "open", "--club", "lv", "--name", "Offen",
        "--rules", write(tmp_path, "open.json", {"categories": RULES["categories"], "quotas": RULES["quotas"]}))
    run("season", "add", "open", association["west"].pk, "--club", "lv")
    path = write(tmp_path, "nord.json", results(FILE_PLAYERS))
    assert "Pokal Nord" in run("season", "submit", "open", path, "--club", "lv")
    rows = json.loads(run("season", "table", "open", "--club", "lv", "--format", "json"))["rows"]
    by = {r["person"] or r["name"]: r for r in rows}
    assert by["P-1"]["total"] == before["P-1"]["total"] + 900 + 700
    assert by["P-1"]["clubs"] == ["SC Nord", "west"]
    assert by["P-9"]["total"] == 2500 and by["P-9"]["member"] is None and by["P-9"]["clubs"] == ["SC Nord"]
    assert by["Ohne Pass"]["total"] == -40 and by["Ohne Pass"]["person"] is None
    assert all(r["rank"] == 1 + sum(1 for o in rows if o["total"] > r["total"]) for r in rows)
    # the same event again: it replaces the first, which stays in the history
    changed = [dict(FILE_PLAYERS[1], series=[{"total": 100, "games": 48}])]
    run("season", "submit", "open", write(tmp_path, "again.json", results(changed)), "--club", "lv")
    by = {r["person"] or r["name"]: r for r in
          json.loads(run("season", "table", "open", "--club", "lv", "--format", "json"))["rows"]}
    assert by["P-9"]["total"] == 100 and "Ohne Pass" not in by
    assert by["P-1"]["total"] == before["P-1"]["total"]
    history = list(SubmittedEvent.objects.order_by("id"))
    assert len(history) == 2 and history[0].replaced_at is not None and history[1].replaced_at is None


def test_a_file_is_kept_gathered_as_the_ranking_reads_it(association, tmp_path):
    """Its players in the file's order: number, name, year of birth, categories, the place in the file by total
    (P-9 2500 first, P-1 900 + 700 = 1600 second, Ohne Pass 10 − 50 = −40 third), then total and games of each
    series; the migration makes the same of a file taken before it."""
    run("season", "create", "open", "--club", "lv", "--name", "Offen", "--rules", write(tmp_path, "r.json", {}))
    run("season", "submit", "open", write(tmp_path, "nord.json", results(FILE_PLAYERS)), "--club", "lv")
    made = SubmittedEvent.objects.get()
    by_hand = [["P-1", "Anna Albers", 1950, ["Damen"], 2, 900, 48, 700, 48],
               ["P-9", "Zacharias Zorn", 1960, None, 1, 2500, 48],
               [None, "Ohne Pass", 2010, None, 3, 10, 36, -50, 36]]
    assert json.loads(made.gathered) == by_hand
    SubmittedEvent.objects.filter(pk=made.pk).update(gathered="[]")  # as a file taken before the migration
    gather = importlib.import_module("seasons.migrations.0004_submitted_gathered").gather
    gather(django_apps, None)
    assert json.loads(SubmittedEvent.objects.get().gathered) == by_hand


def test_every_bad_row_is_named_and_nothing_written(association, tmp_path):
    bad = [dict(FILE_PLAYERS[0]),
           {"federation_number": "P-7", "name": "", "series": [{"total": "viel", "games": 48}]},
           {"name": "Karl", "birth_year": 1800, "series": [{"total": 10, "games": 48}, {"total": 5}]},
           dict(FILE_PLAYERS[0], name="Anna again")]
    said = refused("season", "submit", "rl", write(tmp_path, "bad.json", results(bad)), "--club", "lv")
    assert "row 2, name" in said and "row 2, series[1].total" in said
    assert 'expected a whole number, not "viel"' in said  # the schema's type said as a director reads it
    assert "row 3, birth_year" in said and "row 3, series[2]" in said and "games" in said
    assert "row 4, federation_number" in said and "row 1," not in said
    assert not SubmittedEvent.objects.exists()
    text = ("event_name,event_date,event_club,event_region,federation_number,name,birth_year,categories,"
            "total_1,games_1,total_2,games_2\n"
            "Pokal Nord,2026-03-01,SC Nord,VG 1,P-1,Anna Albers,1950,Damen,900,48,700,48\n"
            "Pokal Nord,2026-03-01,SC Nord,VG 1,P-9,Zacharias Zorn,1960,,zwölf,48,,\n")
    said = refused("season", "submit", "rl", write(tmp_path, "bad.csv", text), "--club", "lv")
    assert "row 3, total_1" in said and "row 2" not in said
    assert not SubmittedEvent.objects.exists()
    late = write(tmp_path, "late.json", results(FILE_PLAYERS, date="2020-01-01"))
    assert "event.date" in refused("season", "submit", "rl", late, "--club", "lv")
    assert not SubmittedEvent.objects.exists()
    run("season", "create", "club", "--club", "west", "--name", "Vereinsmeisterschaft")
    good = write(tmp_path, "good.csv", text.replace("zwölf", "12"))
    assert "association" in refused("season", "submit", "club", good, "--club", "west")


def test_qualification_per_region_by_hand(association, tmp_path):
    """Quotas VG 1: 2, VG 2: 1 over a ranking read back from the table: per region the best by rank, ties at the
    cut all through, then three reserves."""
    run("season", "add", "rl", association["west"].pk, association["ost"].pk, "--club", "lv")
    table = json.loads(run("season", "table", "rl", "--club", "lv", "--format", "json"))
    lists = json.loads(run("season", "qualify", "rl", "--club", "lv", "--format", "json"))
    assert [(one["region"], one["quota"]) for one in lists] == [("VG 1", 2), ("VG 2", 1)]
    for one in lists:
        mine = sorted((r for r in table["rows"] if r["region"] == one["region"] and r["rank"]),
                      key=lambda r: r["rank"])
        cut = mine[one["quota"] - 1]["rank"]
        going = [r for r in mine if r["rank"] <= cut]
        assert [(q["name"], q["rank"]) for q in one["qualified"]] == [(r["name"], r["rank"]) for r in going]
        assert [(q["name"], q["rank"]) for q in one["reserves"]] == [(r["name"], r["rank"])
                                                                     for r in mine[len(going):len(going) + 3]]
        assert all(q["tie"] == (len(going) > one["quota"] and q["rank"] == cut) for q in one["qualified"])
    # the persons of both clubs count for the region they name
    run("person", "region", "P-1", "VG 2")
    rows = json.loads(run("season", "table", "rl", "--club", "lv", "--format", "json"))["rows"]
    assert next(r for r in rows if r["person"] == "P-1")["region"] == "VG 2"
    assert "category" in refused("season", "qualify", "rl", "--club", "lv", "--category", "Kinder")


def test_the_published_ranking_and_its_lists_are_in_the_api_with_the_same_rows(association, tmp_path, client):
    run("season", "add", "rl", association["west"].pk, association["ost"].pk, "--club", "lv")
    for evening in (association["west"], association["ost"]):
        tournament_publish(evening, published=False)
    assert client.get("/api/v1/clubs/lv/seasons/rl/").status_code == 404  # unpublished events: not yet
    for evening in (association["west"], association["ost"]):
        evening.scoring.published = True
        evening.scoring.save()
    hidden = Member.objects.get(club__slug="ost", federation_number="P-2")  # hidden by one of his two clubs
    hidden.public = False
    hidden.save()
    table = json.loads(run("season", "table", "rl", "--club", "lv", "--format", "json"))
    api = client.get("/api/v1/clubs/lv/seasons/rl/").json()
    line = [row["person"] for row in table["rows"]].index("P-2") + 1
    # the hidden person's row: no name, and no federation number, clubs or region either (they would tell who he
    # is); every other figure as the command's
    assert table["rows"][line - 1]["clubs"] == ["ost", "west"] and table["rows"][line - 1]["region"]
    assert [{k: v for k, v in row.items() if k != "name"} for row in api["rows"]] == \
        [{k: v for k, v in row.items() if k != "name"}
         | ({"person": None, "clubs": [], "region": None} if i == line else {})
         for i, row in enumerate(table["rows"], 1)]
    anna = next(row["name"] for row in table["rows"] if row["person"] == "P-1")
    assert api["rows"][line - 1]["name"] == f"Player {line}"
    assert next(row["name"] for row in api["rows"] if row["person"] == "P-1") == anna
    assert "P-2" not in json.dumps(api)
    lists = json.loads(run("season", "qualify", "rl", "--club", "lv", "--format", "json"))
    said = client.get("/api/v1/clubs/lv/seasons/rl/qualification/").json()
    assert [[(q["person"], q["rank"]) for q in one["qualified"] + one["reserves"]] for one in said] == \
        [[(None if q["person"] == "P-2" else q["person"], q["rank"]) for q in one["qualified"] + one["reserves"]]
         for one in lists]
    assert all(mine["name"] == f"Player {line}" for one, theirs in zip(said, lists)
               for mine, q in zip(one["qualified"] + one["reserves"], theirs["qualified"] + theirs["reserves"])
               if q["person"] == "P-2")
    junioren = client.get("/api/v1/clubs/lv/seasons/rl/qualification/?category=Junioren").json()
    assert [(q["person"], q["name"]) for one in junioren for q in one["qualified"]] == [(None, f"Player {line}")]
    assert client.get("/api/v1/clubs/lv/seasons/rl/qualification/?category=Kinder").status_code == 404
    schema = client.get("/api/v1/schema/").json()
    assert "/api/v1/clubs/{club}/seasons/{slug}/qualification/" in schema["paths"]


def totals_by_hand(evenings, files) -> dict:
    """Each person's total from the evenings' own standings and the files' players, gathered as the table is."""
    key_of = {m.pk: m.federation_number or f"m{m.pk}" for m in Member.objects.all()}
    totals = defaultdict(int)
    for evening in evenings:
        for member, rows in evening_facts(evening.pk)[1].items():
            totals[key_of[member]] += sum(total for _n, total, _d in rows)
    for player in (p for players in files for p in players):
        totals[player.get("federation_number") or player["name"]] += sum(s["total"] for s in player["series"])
    return dict(totals)


def table_totals(slug="rl") -> dict:
    rows = json.loads(run("season", "table", slug, "--club", "lv", "--format", "json"))["rows"]
    return {r["person"] or (f"m{r['member']}" if r["member"] else r["name"]): r["total"] for r in rows}


def test_the_ranking_follows_every_change_recomputed_by_hand(association, tmp_path):
    """After each change that could leave something read before behind (an event added or taken out, a file
    submitted and replaced, a member given a number, two persons merged, a deal corrected) every row's total is
    the by-hand sum of the evenings' own standings and the current files, gathered per person as they are now."""
    from clubs.models import Person
    from clubs.persons import member_give_number, persons_merge
    from scoring.models import Deal
    from seasons.models import Season
    from seasons.services import season_remove

    west, ost = association["west"], association["ost"]
    evenings, files = [], []

    def by_hand() -> dict:
        return totals_by_hand(evenings, files)

    ranking = table_totals

    for evening in (west, ost):  # an event added, then another
        run("season", "add", "rl", evening.pk, "--club", "lv")
        evenings.append(evening)
        assert ranking() == by_hand()
    today = datetime.date.today().isoformat()  # within the season's days for files
    run("season", "submit", "rl", write(tmp_path, "nord.json", results(FILE_PLAYERS, date=today)), "--club", "lv")
    files.append(FILE_PLAYERS)
    assert ranking() == by_hand()
    again = [dict(FILE_PLAYERS[0], series=[{"total": 5, "games": 48}]), FILE_PLAYERS[2]]
    run("season", "submit", "rl", write(tmp_path, "again.json", results(again, date=today)), "--club", "lv")
    files[:] = [again]  # the file replaced: the first counts no more
    assert ranking() == by_hand()
    carla = Member.objects.get(club__slug="west", name="Carla Claus")
    dieter = Member.objects.get(club__slug="ost", name="Dieter Dahl")
    member_give_number(member=carla, number="P-3")  # a member given a number: his row is the person's now
    assert ranking() == by_hand() and "P-3" in ranking()
    member_give_number(member=dieter, number="P-4")
    persons_merge(keep=Person.objects.get(federation_number="P-3"), other=Person.objects.get(federation_number="P-4"))
    assert ranking() == by_hand() and "P-4" not in ranking()  # two persons merged: one row
    before = ranking()
    deal = Deal.objects.filter(tournament=west, voided=False, score__gt=0).order_by("pk").first()
    Deal.objects.filter(pk=deal.pk).update(voided=True)  # a deal corrected (struck out)
    assert ranking() == by_hand() != before
    season_remove(season=Season.objects.get(slug="rl"), tournament=ost)  # an event taken out
    evenings.remove(ost)
    assert ranking() == by_hand()


def test_a_persons_results_are_in_the_seasons_order_across_clubs_and_files(association, tmp_path):
    """A person's results are gathered evening by evening in the season's order (by date): a club's evening, then a
    file of a later date, then another club's evening, whatever order their ids are in."""
    from seating.models import Tournament

    west, ost = association["west"], association["ost"]
    Tournament.objects.filter(pk=ost.pk).update(date=datetime.date(2026, 1, 10))  # ost's id is the later one
    Tournament.objects.filter(pk=west.pk).update(date=datetime.date(2026, 6, 10))
    run("season", "create", "order", "--club", "lv", "--name", "Reihenfolge",
        "--rules", write(tmp_path, "order.json", {}))
    run("season", "add", "order", west.pk, ost.pk, "--club", "lv")
    run("season", "submit", "order", write(tmp_path, "nord.json", results(FILE_PLAYERS, date="2026-03-01")),
        "--club", "lv")
    file_evening = -SubmittedEvent.objects.get(season__slug="order", replaced_at__isnull=True).pk
    row = next(r for r in json.loads(run("season", "table", "order", "--club", "lv", "--format", "json"))["rows"]
               if r["person"] == "P-1")
    played = [(r["tournament"], r["series"]) for r in row["counted"]]
    at_ost = [p for p in played if p[0] == ost.pk]
    at_west = [p for p in played if p[0] == west.pk]
    assert at_ost and at_west  # he played both clubs' evenings
    assert played == [*sorted(at_ost), (file_evening, 1), (file_evening, 2), *sorted(at_west)]


def test_a_file_of_an_evening_in_the_season_is_refused_naming_it_and_nothing_written(association, tmp_path):
    """A club's evening in the season and a file of the same event (its club by name or slug, its name and club in
    any case, with spaces around) would count its players twice: the file is refused (exit 1, in English and
    German), nothing written, the totals as before; a file of the same club and day under another name is taken."""
    from django.utils import translation

    west = association["west"]
    west.name = "Abend 3"
    west.date = datetime.date.today()  # within the season's days for files
    west.save()
    run("season", "add", "rl", west.pk, "--club", "lv")
    before = table_totals()
    assert before == totals_by_hand([west], [])
    day = west.date.strftime("%m/%d/%Y")
    for club, name in (("Skatfreunde west", "Abend 3"), ("  SKATFREUNDE   West ", " abend 3  "), ("WEST", "ABEND 3"),
                       ("west", "Abend  3")):
        path = write(tmp_path, "same.json", results(FILE_PLAYERS, name=name, date=west.date.isoformat(), club=club))
        with pytest.raises(CommandError) as failing:
            call_command("season", "submit", "rl", path, "--club", "lv", stdout=io.StringIO(), stderr=io.StringIO())
        assert failing.value.returncode == 1
        assert str(failing.value) == (f"event: “Abend 3” of Skatfreunde west on {day} is in the ranking as its "
                                      "club's evening already: a results file of the same event would count it "
                                      "twice.")
        assert not SubmittedEvent.objects.exists()
        assert table_totals() == before
    with translation.override("de"):
        said = refused("season", "submit", "rl", path, "--club", "lv")
    assert said == (f"event: „Abend 3“ von Skatfreunde west am {west.date:%d.%m.%Y} ist schon als Abend des Vereins "
                    "in der Wertung: eine Ergebnisdatei desselben Turniers würde es doppelt zählen.")
    assert not SubmittedEvent.objects.exists() and table_totals() == before
    # the same club's other event that day, and another club's event of the same name: not this evening, taken
    other = results(FILE_PLAYERS, name="Abend 3 (Pokal)", date=west.date.isoformat(), club="Skatfreunde west")
    assert "Abend 3 (Pokal)" in run("season", "submit", "rl", write(tmp_path, "other.json", other), "--club", "lv")
    elsewhere = results(FILE_PLAYERS[1:2], name="Abend 3", date=west.date.isoformat(), club="SC Nord")
    run("season", "submit", "rl", write(tmp_path, "elsewhere.json", elsewhere), "--club", "lv")
    assert SubmittedEvent.objects.count() == 2
    assert table_totals() == totals_by_hand([west], [FILE_PLAYERS, FILE_PLAYERS[1:2]])


def test_an_evening_whose_file_is_in_the_season_is_refused_naming_it_and_nothing_added(association, tmp_path):
    """The other way round: a current results file of the season first, then its club's evening of the same event
    (the service and the command), refused in English and German, none of the evenings given added; once the file
    is replaced by one of another event, the evening is added."""
    from django.utils import translation

    from seasons.models import Season, SeasonEvent
    from seasons.services import SeasonError, season_add

    west, ost = association["west"], association["ost"]
    today = datetime.date.today()
    for evening in (west, ost):
        evening.date = today
        evening.save()
    season = Season.objects.get(slug="rl")
    players = FILE_PLAYERS[1:2]
    path = write(tmp_path, "ost.json", results(players, name=f"  {ost.name.upper()}", date=today.isoformat(),
                                               club="OST "))
    run("season", "submit", "rl", path, "--club", "lv")
    before = table_totals()
    assert before == totals_by_hand([], [players])
    said = f"“{ost.name.upper()}” of OST on {today:%m/%d/%Y} is in the ranking as a results file already: its " \
           "club's evening of the same event would count it twice."
    with pytest.raises(SeasonError) as failing:
        season_add(season=season, tournaments=[west, ost])
    assert failing.value.field == "tournament" and failing.value.message == said
    assert not SeasonEvent.objects.exists() and table_totals() == before
    assert refused("season", "add", "rl", west.pk, ost.pk, "--club", "lv") == f"tournament: {said}"
    with translation.override("de"):
        german = refused("season", "add", "rl", ost.pk, "--club", "lv")
    assert german == (f"tournament: „{ost.name.upper()}“ von OST am {today:%d.%m.%Y} ist schon als Ergebnisdatei in "
                      "der Wertung: der Abend des Vereins desselben Turniers würde es doppelt zählen.")
    assert not SeasonEvent.objects.exists() and table_totals() == before
    # the file replaced by a corrected one of another event name: the evening is no file of the season any more
    SubmittedEvent.objects.update(name="Pokal Ost")
    assert season_add(season=season, tournaments=[west, ost]) == [west, ost]
    assert table_totals() == totals_by_hand([west, ost], [players])
