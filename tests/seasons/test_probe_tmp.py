import time, pytest
from clubs.models import Club, Member
from tests.seasons.conftest import club_evening
from seasons.selectors import season_inputs
from scoring.results import event_results

@pytest.mark.django_db
def test_probe():
    club = Club.objects.create(slug="big", name="Big")
    members = [Member.objects.create(club=club, name=f"M {i}") for i in range(60)]
    t0 = time.perf_counter()
    t = club_evening(club, members, seed=1, series=4)
    print("\nplay", time.perf_counter() - t0)
    for _ in range(3):
        t0 = time.perf_counter(); event_results(t); e = time.perf_counter() - t0
        t0 = time.perf_counter(); season_inputs(None, [t]); s = time.perf_counter() - t0
        print("event_results", e, "season_inputs", s)
