"""Invariants of the statistics: a group's figures are the sums of its members' (a club's counts add up), and
per 48 × deals ÷ 48 is the points, exactly, whatever the series."""

from datetime import date
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stats.core import GAME_KINDS, Games, SeriesPart, figures
from stats.selectors import figures_of

ADDITIVE = ("series", "deals", "own_games", "won", "lost", "passed_in", "points")

parts = st.builds(SeriesPart, event=st.integers(1, 5), series=st.integers(1, 3), day=st.dates(date(2020, 1, 1)),
                  total=st.integers(-2000, 3000), deals=st.integers(0, 60), passed_in=st.integers(0, 3),
                  size=st.sampled_from([3, 4, 5]),
                  table_totals=st.lists(st.integers(-2000, 3000), min_size=3, max_size=5).map(tuple))


@given(st.lists(parts, max_size=30))
def test_per_48_times_deals_over_48_is_the_points(some):
    f = figures(some, Games())
    if f.deals:
        assert f.per_48 * f.deals / 48 == f.points
        assert f.per_series * f.series == f.points
    else:
        assert f.per_48 is None


@pytest.mark.django_db
@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(chosen=st.sets(st.integers(0, 7), min_size=1))
def test_a_clubs_figures_are_the_sums_of_its_members(club_play, chosen):
    _club, members, _evenings = club_play
    picked = [members[i] for i in sorted(chosen)]
    each = figures_of({m.pk: m.pk for m in picked})
    together = figures_of({m.pk: "club" for m in picked})["club"]
    for name in ADDITIVE:
        assert getattr(together, name) == sum(getattr(each[m.pk], name) for m in picked), name
    for kind in GAME_KINDS:
        assert together.games.by_kind[kind] == sum((each[m.pk].games.by_kind[kind] for m in picked),
                                                   start=type(together.games.by_kind[kind])())
    assert together.games.hand.played == sum(each[m.pk].games.hand.played for m in picked)
    assert together.events == len({p.event for m in picked for p in each[m.pk].parts})
    assert together.best_series == max(each[m.pk].best_series for m in picked
                                       if each[m.pk].best_series is not None)
    if together.deals:
        assert together.per_48 * together.deals / 48 == together.points
        assert together.per_48 == Fraction(sum(each[m.pk].points for m in picked) * 48,
                                           sum(each[m.pk].deals for m in picked))
