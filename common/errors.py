"""The one error type for a person's mistake: a request that cannot be carried out as asked.

``UserError.field`` names the form field to show the message beside (``None``: the whole form); views turn
it into a message beside that field, commands into one line. Each app refines it for its own callers:
``seating.errors.SeatingError`` (the director's seating requests), ``scoring.entry.errors.EntryError``
(a deal or slip that cannot be saved as given). An impossible state is not a ``UserError``: it is a bug
and is raised as one (AssertionError, the pure cores' fatal errors).
"""


class UserError(ValueError):
    def __init__(self, field: str | None, message: str):
        super().__init__(message)
        self.field = field
        self.message = message
