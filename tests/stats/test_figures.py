"""Every figure of a member's statistics recomputed by hand from the deals (``tests/stats/by_hand.py``): tables of
three and four, deals thrown in, Ramsch, a player withdrawn after a series; in every scope."""

import pytest

from scoring.models import Deal
from seating.models import Player, Seat
from stats.core import as_data, rounded
from stats.selectors import Scope, member_figures
from tests.stats.by_hand import figures_by_hand

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def said(member, scope: Scope | None = None) -> dict:
    return as_data(member.pk, member.name, member_figures(member, scope or Scope()))


def expected(member, events) -> dict:
    players = list(Player.objects.filter(member=member, tournament__in=events).select_related("tournament__scoring"))
    hand = figures_by_hand(players)
    ratios = {key: rounded(hand[key]) for key in ("win_rate", "own_share", "per_48", "per_series", "vs_table")}
    return {"member": member.pk, "name": member.name, **hand, **ratios}


def test_every_figure_of_every_member_is_the_one_counted_by_hand(club_play):
    club, members, evenings = club_play
    # what the evenings hold: both table sizes, deals thrown in, Ramsch, a player withdrawn after series 1
    assert set(Seat.objects.filter(tournament__in=evenings).values_list("table__size", flat=True)) == {3, 4}
    assert Deal.objects.filter(tournament__in=evenings, kind="thrown_in").exists()
    assert Deal.objects.filter(tournament__in=evenings, kind="ramsch").exists()
    gone = Player.objects.get(tournament=evenings[0], member=members[6])
    assert not Seat.objects.filter(player=gone, series=2).exists()
    everyone = [said(member) for member in members]
    for member, figures in zip(members, everyone):
        assert figures == expected(member, evenings), member.name
    # and the figures are not all noughts: each kind of count is there for somebody
    for key in ("passed_in", "own_games", "lost"):
        assert any(f[key] for f in everyone), key
    assert any(f["hand"]["played"] for f in everyone)
    assert any(f["by_game"]["null"]["played"] for f in everyone)
    assert {f["events"] for f in everyone} == {1, 3}
    assert all(f["vs_table"] is not None for f in everyone)


def test_a_scope_counts_only_its_events(club_play):
    club, members, evenings = club_play
    first, second, third = evenings
    from seating.models import Tournament

    Tournament.objects.filter(pk=third.pk).update(date="2020-05-01")
    third.refresh_from_db()
    import datetime

    scope = Scope(start=datetime.date(2020, 1, 1), end=datetime.date(2020, 12, 31))
    for member in members[:7]:
        assert said(member, scope) == expected(member, [third])
    from seasons.services import season_add, season_create

    season = season_create(club=club, slug="2026", name="Saison", rules={})
    season_add(season=season, tournaments=[first, second])
    for member in members:
        assert said(member, Scope(season=season)) == expected(member, [first, second])


def test_a_member_who_never_played_has_noughts_and_no_ratio(club_play):
    club, members, evenings = club_play
    from clubs.models import Member

    nobody = Member.objects.create(club=club, name="Neu Ling")
    figures = said(nobody)
    assert figures["series"] == figures["deals"] == figures["points"] == 0
    assert figures["per_48"] is figures["win_rate"] is figures["vs_table"] is figures["best_series"] is None
