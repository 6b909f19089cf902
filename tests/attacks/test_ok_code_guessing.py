"""The OK-code lock was reset by the attacker's own right code.

The lock counted wrong codes per table link and any right code cleared the count, so a phone at the table sent four
guesses at another player's code, then its own right code (re-entering its own paper slip), and was never locked:
1,000-1,800 guesses a minute, every code of a million within a day. Now the guesses count for the code guessed at;
only that player's own right code clears the count, and each lock lasts twice as long as the one before.

The attack runs on a clock of its own: the attacker sends a request a second and, when told the code is locked,
waits exactly until the lock ends; the test counts the guesses actually checked against the code.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.entry.ok_codes import OK_FAILURES_ALLOWED
from scoring.models import Slip
from tests.attacks.test_forged_slips import code_of, ok, paper

pytestmark = pytest.mark.django_db

DAY = timedelta(hours=24)
MOST_GUESSES_A_DAY = 40
"""Worked by hand from the rule: 5 guesses, then locks of 10, 20, 40, 80, 160, 320, 480 minutes (doubled, at most
8 hours): 1,110 minutes pass before the 8th round of 5 guesses, 1,590 before a 9th, so 8 rounds fit in a day."""


class Clock:
    def __init__(self, monkeypatch):
        self.now = timezone.now()
        monkeypatch.setattr(timezone, "now", lambda: self.now)


def run_attack(client, table, attacker, victim, clock, *, until: timedelta, reset_with_own_code: bool) -> list:
    """The attack of the issue; returns the moments at which a guess was checked against the victim's code."""
    paper(client, table, attacker, net_points=36, net_games=1)
    slip = Slip.objects.get(player_id=attacker)
    right = code_of(victim)
    guesses = (f"{n:06d}" for n in range(10 ** 6) if f"{n:06d}" != right)
    start, checked, wrong_in_a_row = clock.now, [], 0
    while clock.now - start < until:
        page = ok(client, table, slip, by=victim, code=next(guesses)).content.decode()
        if "locked until" in page:
            clock.now = victim_lock_end(victim)  # waits out the lock, to the second
            continue
        assert "is not" in page, page[:300]
        checked.append(clock.now - start)
        wrong_in_a_row += 1
        clock.now += timedelta(seconds=1)
        if reset_with_own_code and wrong_in_a_row == OK_FAILURES_ALLOWED - 1:
            paper(client, table, attacker, net_points=36, net_games=1)  # his own right code
            wrong_in_a_row = 0
            clock.now += timedelta(seconds=1)
        if len(checked) > 10 * MOST_GUESSES_A_DAY:
            break  # the lock does not hold: enough to fail
    return checked


def victim_lock_end(victim):
    from scoring.models import OkCodeGuard

    return OkCodeGuard.objects.get(player_id=victim).locked_until


@pytest.mark.slow
@pytest.mark.parametrize("reset_with_own_code", [True, False], ids=["own code between guesses", "guesses only"])
def test_guesses_at_a_players_code_count_for_that_code_whatever_else_succeeds(
        client, table, seat, monkeypatch, reset_with_own_code):
    attacker, victim = seat
    clock = Clock(monkeypatch)
    checked = run_attack(client, table, attacker, victim, clock, until=DAY, reset_with_own_code=reset_with_own_code)
    first_hour = [moment for moment in checked if moment < timedelta(hours=1)]
    print(f"guesses checked: {len(first_hour)} in the first hour ({len(first_hour) / 60:.2f} a minute), "
          f"{len(checked)} in a day ({len(checked) / 1440:.3f} a minute); before the fix: 1,000-1,800 a minute")
    assert len([moment for moment in checked if moment < timedelta(minutes=10)]) <= OK_FAILURES_ALLOWED
    assert len(first_hour) <= 3 * OK_FAILURES_ALLOWED  # 5, locked 10 min, 5, locked 20 min, 5, locked 40 min
    assert len(checked) <= MOST_GUESSES_A_DAY
    assert Slip.objects.get(player_id=attacker).ok_by_id is None


def test_the_right_code_during_a_lock_is_refused_unchecked_and_the_director_still_oks(client, table, seat,
                                                                                       monkeypatch):
    attacker, victim = seat
    clock = Clock(monkeypatch)
    paper(client, table, attacker, net_points=36, net_games=1)
    slip = Slip.objects.get(player_id=attacker)
    for n in range(OK_FAILURES_ALLOWED):
        ok(client, table, slip, by=victim, code=f"{n:06d}" if f"{n:06d}" != code_of(victim) else "999999")
    clock.now += timedelta(minutes=9)
    page = ok(client, table, slip, by=victim, code=code_of(victim)).content.decode()
    assert "locked until" in page  # a lock says nothing about a code
    clock.now += timedelta(minutes=1, seconds=1)
    assert ok(client, table, slip, by=victim, code=code_of(victim)).status_code == 200
    slip.refresh_from_db()
    assert slip.ok_by_id == victim


def test_the_backoff_holds_after_the_players_own_right_code(client, table, seat, monkeypatch):
    """His own right code clears his count of wrong guesses, not the doubling: the next lock is 20 minutes."""
    attacker, victim = seat
    clock = Clock(monkeypatch)
    paper(client, table, attacker, net_points=36, net_games=1)
    slip = Slip.objects.get(player_id=attacker)
    wrong = "999999" if code_of(victim) != "999999" else "999998"
    for _ in range(OK_FAILURES_ALLOWED):
        ok(client, table, slip, by=victim, code=wrong)
    clock.now = victim_lock_end(victim)
    paper(client, table, victim, net_points=-36, net_games=-1)  # the victim's own right code
    for _ in range(OK_FAILURES_ALLOWED):
        ok(client, table, slip, by=victim, code=wrong)
    assert victim_lock_end(victim) - clock.now == timedelta(minutes=20)
