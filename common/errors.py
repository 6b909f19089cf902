"""The one error type for a person's mistake: a request that cannot be carried out as asked.

``UserError.field`` names the form field to show the message beside (``None``: the whole form); views turn
it into a message beside that field, commands into one line. Each app refines it for its own callers:
``seating.errors.SeatingError`` (the director's seating requests), ``scoring.results.errors.EntryError``
(a deal or slip that cannot be saved as given). An impossible state is not a ``UserError``: it is a bug
and is raised as one (AssertionError, the pure cores' fatal errors).
"""

from common.i18n import say


class UserError(ValueError):
    """``message`` is said in the active language when it is read: a pure core's sentence (the engine's refusal
    a service passes on) becomes German on a German page, whatever language the error was raised in."""

    def __init__(self, field: str | None, message: str):
        super().__init__(message)
        self.field = field
        self.message = message

    @property
    def message(self) -> str:
        return say(self._message)

    @message.setter
    def message(self, value) -> None:
        self._message = value
