"""The OK code's guard: wrong guesses at a player's OK code are counted for that code, and lock it.

Vocabulary: a player's **OK code** (six digits, on his entry ticket) proves that an OK, or a paper slip written
through a table link, is his own act. A **guess** is a code typed for him through a table link. After
``OK_FAILURES_ALLOWED`` wrong guesses his code is **locked**: every code typed for him is refused unchecked (the
right one too, so a lock tells a guesser nothing), for ``OK_LOCK`` the first time and twice as long each time after
(the **back-off**, up to ``LONGEST_LOCK``). The count belongs to the code guessed at, not to the link: a right code
of another player (the guesser's own) resets nothing, and only his own right code clears his count, never the
back-off. The director OKs on the staff pages without a code.

Kept in ``OkCodeGuard``, one row a player, locked for the check so that guesses sent at once all count.
"""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.models import OkCodeGuard
from scoring.results import EntryError
from seating.models import Player

log = logging.getLogger(__name__)

OK_FAILURES_ALLOWED = 5
OK_LOCK = timedelta(minutes=10)
LONGEST_LOCK = timedelta(hours=8)


def lock_length(locks_before: int) -> timedelta:
    """How long the code is locked the (``locks_before`` + 1)-th time: 10 minutes, then doubled, at most 8 hours."""
    return min(OK_LOCK * 2 ** min(locks_before, 16), LONGEST_LOCK)


def check_ok_code(*, player_id: int, name: str, typed: str, field: str = "ok_code") -> None:
    """Pass when ``typed`` is the player's OK code; else count the guess for his code and refuse, naming
    ``field``. The count is written in its own transaction: the refusal must not roll it back."""
    now = timezone.now()
    with transaction.atomic():
        code = Player.objects.select_for_update().filter(pk=player_id).values_list("ok_code", flat=True).first() or ""
        guard, _ = OkCodeGuard.objects.get_or_create(player_id=player_id)
        if guard.locked_until is not None and guard.locked_until > now:
            raise EntryError(field, gettext("too many wrong OK codes for {name}: his code is locked until {until}; "
                                            "ask the director").format(
                name=name, until=f"{timezone.localtime(guard.locked_until):%H:%M}"))
        if code and secrets.compare_digest((typed or "").strip().encode(), code.encode()):
            if guard.failures:
                guard.failures = 0
                guard.save(update_fields=["failures"])
            return
        guard.failures += 1
        locked_for = None
        if guard.failures >= OK_FAILURES_ALLOWED:
            locked_for = lock_length(guard.locks)
            guard.failures, guard.locks, guard.locked_until = 0, guard.locks + 1, now + locked_for
        guard.save(update_fields=["failures", "locks", "locked_until"])
    log.warning("wrong OK code for %s (locked: %s)", name, locked_for is not None)
    if locked_for is not None:
        raise EntryError(field, gettext("that is not {name}'s OK code: {name} types the code printed on his entry "
                                        "ticket; his code is now locked for {minutes} minutes").format(
            name=name, minutes=int(locked_for.total_seconds()) // 60))
    raise EntryError(field, gettext("that is not {name}'s OK code: {name} types the code printed on his entry "
                                    "ticket").format(name=name))
