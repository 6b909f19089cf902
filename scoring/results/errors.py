"""Score entry's error: a deal or slip that cannot be saved as given.

``newer`` carries the newer entry when an edit was made from a stale version, so the page can show it.
"""

from common.errors import UserError


class EntryError(UserError):
    def __init__(self, field: str | None, message: str, *, newer=None):
        super().__init__(field, message)
        self.newer = newer
