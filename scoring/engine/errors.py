"""The engine's one error type.

``InvalidDeal`` means the input describes something the laws do not allow or that cannot happen at
the table (a user's mistake, never a bug). It names the input ``field`` that is wrong and says what
would be valid, so a form can show the message beside that field and a command can print it.
"""


class InvalidDeal(ValueError):
    """Input the rulebook refuses. ``field`` is the input key (dotted for nested keys)."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message

    def as_dict(self) -> dict:
        return {"error": self.message, "field": self.field}
