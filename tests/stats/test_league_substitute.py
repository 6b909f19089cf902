"""A league day with a substitute coming in at deal 17 of series 1: each of the two has, for that series, only
his own deals (the deals before 17 the man who went out's, from 17 on the substitute's), counted by hand."""

from fractions import Fraction

import pytest

from clubs.models import Club, Member
from scoring.models import Deal
from seating.models import Player, Seat
from stats.core import rounded
from stats.selectors import member_figures
from tests.leagues.test_substitution import by_hand, day, run  # noqa: F401 (the league day is their fixture)
from tests.stats.by_hand import from_hand, kind_of

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def own(deals, seat: int) -> dict:
    """The seat's own games among ``deals``, thrown-in deals too, by hand."""
    games = [d for d in deals if not d.voided and d.kind == "game" and d.declarer_id == seat]
    return {"own": len(games), "won": sum(bool(d.won) for d in games),
            "grand": sum(kind_of(d.game_name) == "grand" for d in games),
            "hand": sum(from_hand(d.game_name) for d in games),
            "thrown": sum(1 for d in deals if not d.voided and d.kind == "thrown_in")}


def test_a_substitute_inside_a_series_has_only_his_own_deals(day):
    (a, _b, _c, _d), event = day
    run("league", "substitute", "ll", "--day", "1", "--team", str(a), "--out", "A Spieler2", "--in",
        "A Spieler5", "--from-series", "1", "--from-deal", "17")
    run("league", "play", "ll", "--day", "1", "--seed", "5")
    club = Club.objects.get(slug="skv")
    out = Player.objects.get(tournament=event, name="A Spieler2")
    into = Player.objects.get(tournament=event, name="A Spieler5")
    went, came = (Member.objects.create(club=club, name=p.name) for p in (out, into))
    Player.objects.filter(pk=out.pk).update(member=went)
    Player.objects.filter(pk=into.pk).update(member=came)

    table = Seat.objects.get(player=out, series=1).table
    deals = list(Deal.objects.filter(table=table).order_by("number"))
    before, after = [d for d in deals if d.number < 17], [d for d in deals if d.number >= 17]
    out_games, out_total = by_hand(before, out.pk, 4)
    in_games, in_total = by_hand(after, out.pk, 4)  # the seat is still his in the event's rows
    seat2 = Seat.objects.get(player=into, series=2)
    deals2 = list(Deal.objects.filter(table=seat2.table).order_by("number"))
    games2, total2 = by_hand(deals2, into.pk, 4)

    f = member_figures(went)
    mine = own(before, out.pk)
    assert (f.series, f.deals, f.points, f.own_games, f.won, f.passed_in) == (
        1, out_games, out_total, mine["own"], mine["won"], mine["thrown"])
    assert f.per_48 == Fraction(out_total * 48, out_games)

    g = member_figures(came)
    theirs, later = own(after, out.pk), own(deals2, into.pk)
    assert (g.series, g.deals, g.points) == (2, in_games + games2, in_total + total2)
    assert (g.own_games, g.won) == (theirs["own"] + later["own"], theirs["won"] + later["won"])
    assert g.games.by_kind["grand"].played == theirs["grand"] + later["grand"]
    assert g.games.hand.played == theirs["hand"] + later["hand"]
    assert g.passed_in == theirs["thrown"] + later["thrown"]
    assert rounded(g.per_series) == rounded(Fraction(in_total + total2, 2))
    assert g.best_series == max(in_total, total2)
