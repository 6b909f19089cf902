"""The package's error types.

Vocabulary:
    field        the name of the input that is wrong (``players``, ``tables``, ``experts``, ``sections``...),
                 so a form can show the message beside it and the command line can print it.
    user error   the director asked for something that cannot be planned; the message says what to change.
    fatal error  a state the rules here make impossible (a pair seated twice in one stay, a player lost
                 by the draw). It is a bug in this package, never the director's fault.
"""


class MovementError(Exception):
    """Base of both kinds; catch this to handle either. ``field`` names the offending input."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message

    def as_dict(self) -> dict:
        return {"error": self.message, "field": self.field}


class MovementUserError(MovementError, ValueError):
    """The director's input cannot be planned as given (too few players, an expert who is not playing...)."""


class MovementFatalError(MovementError, RuntimeError):
    """An impossible state was reached; report it as a bug rather than asking the director to fix it."""
