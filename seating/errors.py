"""The seating services' error: a director's request that cannot be carried out as asked.

Movement errors (``seating.movements.MovementUserError``) are turned into this type by the services.
"""

from common.errors import UserError


class SeatingError(UserError):
    """A seating request refused; ``field`` names the form field (see ``common.errors``)."""
