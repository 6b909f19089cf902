"""A Wechsel inside a series (``league substitute … --from-deal K``): the seat changes hands at deal K, the team's
sum stays the seat's list total, and each player's figures in the individual ranking count only his own deals.
Every figure is recomputed here by hand from the deals themselves (Seeger-Fabian: a game's score, 50 more for a
game won and 50 less for one lost, and 30 for every game another player at a table of four lost)."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.models import Club
from leagues.models import League, Substitution
from leagues.selectors import league_reading
from leagues.tables import league_table_reading
from scoring.models import Deal
from seating.models import Player, Seat

pytestmark = [pytest.mark.django_db]


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.fixture
def day(tmp_path):
    """Four teams of five, two series a day, day 1 seated (tables of four, 48 deals each)."""
    Club.objects.create(slug="skv", name="Skatverein")
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"series_per_day": 2, "days": 3}), encoding="utf-8")
    run("league", "create", "ll", "--club", "skv", "--name", "Landesliga", "--rules", str(rules))
    ids = [int(run("league", "team", "ll", "--name", f"Team {t}", "--roster",
                   "; ".join(f"{t} Spieler{n}" for n in range(1, 6)))) for t in "ABCD"]
    run("league", "schedule", "ll", "--seed", "1")
    run("league", "seat", "ll", "--day", "1", "--seed", "3")
    (group,) = json.loads(run("league", "schedule", "ll", "--format", "json"))["days"][0]["groups"]
    return ids, group["event"]


def by_hand(deals, seat: int, size: int) -> tuple[int, int]:
    """A seat's games and Seeger-Fabian total over these deals."""
    games = total = 0
    for deal in deals:
        if deal.voided:
            continue
        games += 1
        if deal.kind != "game" or deal.player_id is None:
            continue
        if deal.player_id == seat:
            total += deal.score + (50 if deal.score > 0 else -50)
        elif deal.score < 0:
            total += {3: 40, 4: 30}[size]
    return games, total


@pytest.mark.slow
def test_a_substitute_from_deal_k_counts_only_his_own_deals(day):
    (a, b, c, d), event = day
    out = Player.objects.get(tournament=event, name="A Spieler2")
    said = run("league", "substitute", "ll", "--day", "1", "--team", str(a), "--out", "A Spieler2", "--in",
               "A Spieler5", "--from-series", "1", "--from-deal", "17")
    assert "17" in said
    sub = Substitution.objects.get()
    assert (sub.from_series, sub.from_deal, sub.player_out_id) == (1, 17, out.pk)
    into = sub.player_in
    # the event: the seat stays his for series 1, the substitute's from series 2
    assert set(Seat.objects.filter(player=out).values_list("series", flat=True)) == {1}
    assert set(Seat.objects.filter(player=into).values_list("series", flat=True)) == {2}
    run("league", "play", "ll", "--day", "1", "--seed", "5")

    seat = Seat.objects.get(player=out, series=1)
    deals = list(Deal.objects.filter(table=seat.table).order_by("number"))
    assert [deal.number for deal in deals] == list(range(1, 49))
    out_games, out_total = by_hand([deal for deal in deals if deal.number < 17], out.pk, 4)
    in_games, in_total = by_hand([deal for deal in deals if deal.number >= 17], out.pk, 4)
    assert (out_games, in_games) == (16, 32)
    seat2 = Seat.objects.get(player=into, series=2)
    games2, total2 = by_hand(Deal.objects.filter(table=seat2.table).order_by("number"), into.pk, 4)

    standings = json.loads(run("standings", str(event), "--format", "json"))
    row = {r["player"]: r for r in standings["series"][0]["standings"]}
    assert row[out.pk]["total"] == out_total + in_total  # the event keeps the seat's whole list on his line
    day_json = json.loads(run("league", "day", "ll", "--day", "1", "--format", "json"))
    (series1, series2) = day_json["groups"][0]["series"]
    team_a = next(t for t in series1["teams"] if t["team"] == a)
    seated_a = [p.pk for p in Player.objects.filter(tournament=event, club="Team A")
                if p.pk != into.pk]
    assert team_a["sum"] == sum(row[p]["total"] for p in seated_a)  # the seat's list total, once
    assert "A Spieler5" in team_a["players"] and "A Spieler2" in team_a["players"]
    assert "A Spieler5" in next(t for t in series2["teams"] if t["team"] == a)["players"]

    players = {p["name"]: p for p in json.loads(run("league", "players", "ll", "--format", "json"))}
    assert (players["A Spieler2"]["series_played"], players["A Spieler2"]["games"],
            players["A Spieler2"]["total"]) == (1, 16, out_total)
    assert (players["A Spieler5"]["series_played"], players["A Spieler5"]["games"],
            players["A Spieler5"]["total"]) == (2, 32 + games2, in_total + total2)
    assert players["A Spieler5"]["average"] == round((in_total + total2) / (32 + games2) + 1e-9, 2)
    # nobody else's figures move: every other player's are his standings rows
    for name, p in players.items():
        if name in ("A Spieler2", "A Spieler5"):
            continue
        (pk,) = Player.objects.filter(tournament=event, name=name).values_list("pk", flat=True)
        rows = [r for s in standings["series"] for r in s["standings"] if r["player"] == pk and r["deals_played"]]
        assert (p["games"], p["total"]) == (sum(r["deals_played"] for r in rows), sum(r["total"] for r in rows))
    # the table summed in the database counts the seat once, as the full reading does
    league = League.objects.get(slug="ll")
    fields = ("team", "rank", "points", "points_against", "game_points", "days_played")
    assert [tuple(getattr(row, f) for f in fields) for row in league_table_reading(league).table()] == [
        tuple(getattr(row, f) for f in fields) for row in league_reading(league).table()]


@pytest.mark.slow
def test_a_substitution_inside_a_series_is_refused_clearly(day):
    from scoring.management.demo import demo_play_series
    from seating.models import Tournament

    (a, b, c, d), event = day
    base = ["league", "substitute", "ll", "--day", "1", "--team", str(a), "--out", "A Spieler1", "--in",
            "A Spieler5", "--from-series", "1"]
    with pytest.raises(CommandError, match=r"deal: table \d+ plays deals 1 to 48 in series 1, not deal 49"):
        run(*base, "--from-deal", "49")
    with pytest.raises(CommandError, match="deal: a deal from 1 on, not 0"):
        run(*base, "--from-deal", "0")
    with pytest.raises(CommandError, match="in: Nobody is not on the roster of Team A"):
        run(*base[:-6], "--out", "A Spieler1", "--in", "Nobody", "--from-series", "1", "--from-deal", "5")
    with pytest.raises(CommandError, match="in: A Spieler3 plays that day already"):
        run(*base[:-6], "--out", "A Spieler1", "--in", "A Spieler3", "--from-series", "1", "--from-deal", "5")
    demo_play_series(Tournament.objects.get(pk=event), 1, seed=2)
    with pytest.raises(CommandError, match="deal: table \\d+ has entered deal 30 of series 1"):
        run(*base, "--from-deal", "30")
    assert not Substitution.objects.exists()
    assert not Player.objects.filter(tournament=event, name="A Spieler5").exists()
    # series 2 has no deal yet: from its deal 30 on is taken, and the one who came in cannot go out inside it
    run(*base[:-1], "2", "--from-deal", "30")
    with pytest.raises(CommandError, match="out: A Spieler5 does not play series 2"):
        run(*base[:-6], "--out", "A Spieler5", "--in", "A Spieler1", "--from-series", "2", "--from-deal", "40")


def test_the_day_page_takes_a_substitution_from_a_deal(client, day):
    from django.contrib.auth import get_user_model

    from clubs.models import ClubRole

    (a, b, c, d), event = day
    director = get_user_model().objects.create_user("leiter", password="pw-12345-long")
    ClubRole.objects.create(club=Club.objects.get(slug="skv"), user=director, role="director")
    client.force_login(director)
    form = {"action": "substitute", "team": a, "out": "A Spieler3", "in": "A Spieler5", "from_series": "2"}
    bad = client.post("/club/skv/leagues/ll/day/1/", {**form, "from_deal": "x"}, HTTP_ACCEPT_LANGUAGE="de")
    assert bad.status_code == 422 and not Substitution.objects.exists()
    late = client.post("/club/skv/leagues/ll/day/1/", {**form, "from_deal": "60"}, HTTP_ACCEPT_LANGUAGE="de")
    assert late.status_code == 422 and "nicht Spiel 60" in late.content.decode()
    assert client.post("/club/skv/leagues/ll/day/1/", {**form, "from_deal": "17"}).status_code == 302
    assert Substitution.objects.get().from_deal == 17
    page = client.get("/club/skv/leagues/ll/day/1/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Wechsel: A Spieler5 für A Spieler3 ab Serie 2, Spiel 17" in page


@pytest.mark.slow
def test_the_event_pages_stand_after_a_wechsel_inside_the_last_series(client, day):
    """The substitute of a Wechsel inside the last series plays no whole series of the event: its pages and
    standings still show, with the seat's list on the line of the man who went out."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from clubs.models import ClubRole

    (a, b, c, d), event = day
    run("league", "substitute", "ll", "--day", "1", "--team", str(a), "--out", "A Spieler1", "--in", "A Spieler5",
        "--from-series", "2", "--from-deal", "40")
    into = Substitution.objects.get().player_in
    assert (into.first_series, into.last_series) == (3, 2) and not into.seats.exists()
    run("league", "play", "ll", "--day", "1", "--seed", "4")
    director = get_user_model().objects.create_user("leiter", password="pw-12345-long")
    ClubRole.objects.create(club=Club.objects.get(slug="skv"), user=director, role="director")
    client.force_login(director)
    for address in (reverse("director:players", args=[event]), f"/committee/{event}/",
                    f"/tournaments/{event}/tables/", "/club/skv/leagues/ll/day/1/", "/club/skv/leagues/ll/"):
        assert client.get(address, HTTP_ACCEPT_LANGUAGE="de").status_code == 200, address
    standings = json.loads(run("standings", str(event), "--format", "json"))
    assert all(r["player"] != into.pk or not r["deals_played"] for s in standings["series"] for r in s["standings"])
    players = {p["name"]: p for p in json.loads(run("league", "players", "ll", "--format", "json"))}
    assert players["A Spieler5"]["games"] == 9 and players["A Spieler1"]["games"] == 48 + 39
