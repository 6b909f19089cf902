"""Score entry's error: a deal or slip that cannot be saved as given.

``EntryError.field`` names the form field to show the message beside (``None``: the whole form).
``newer`` carries the newer entry when an edit was made from a stale version, so the page can show it.
"""


class EntryError(ValueError):
    def __init__(self, field: str | None, message: str, *, newer=None):
        super().__init__(message)
        self.field = field
        self.message = message
        self.newer = newer
