"""What the members registry tells the apps built on it, without knowing them (clubs imports no seating).

``member_forgotten`` is sent inside the forget's transaction, the member locked and not yet deleted, with
``member=``: an app that keeps his personal data elsewhere (seating's sign-ups: name, club, e-mail or phone)
clears it then, so a forgotten member leaves nothing of his behind or half-forgotten.
``members_merged`` is sent inside the merge's transaction, before ``other`` is deleted, with ``keep=`` and
``other=``: what pointed at the other now points at the one kept.
"""

from django.dispatch import Signal

member_forgotten = Signal()
members_merged = Signal()
