"""The seating services' error: a director's request that cannot be carried out as asked.

``SeatingError.field`` names the form field to show the message beside (or ``None`` for the whole form).
Movement errors (``seating.movements.MovementUserError``) are turned into this type by the services.
"""


class SeatingError(ValueError):
    def __init__(self, field: str | None, message: str):
        super().__init__(message)
        self.field = field
        self.message = message
