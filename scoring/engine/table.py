"""Who deals and who holds cards at a table (Foster laws 6, 14-16).

Vocabulary:
    seat      places at a table numbered 1..n clockwise; the player to a seat's left is the next seat.
    dealer    deals pass in order to the left: the first deal of a stay is dealt by seat 1.
    V, M, H   Vorhand (the dealer's left, leads first), Mittelhand, Hinterhand: the three active players.
              At a table of three the dealer is H. At four the dealer takes no cards and H sits on his right.
              At five or six the dealer gives cards to the two on his left and the one on his right; the
              others sit the deal out with him ("share the fortunes of those opposed to the single player").
"""

MIN_TABLE, MAX_TABLE = 3, 6


def _check_size(size: int) -> None:
    if not MIN_TABLE <= size <= MAX_TABLE:
        raise ValueError(f"a table holds 3 to 6 players, not {size}")


def dealer_seat(deal_in_stay: int, size: int) -> int:
    """The seat that deals the ``deal_in_stay``-th deal (from 1) of a stay at a table of ``size``."""
    _check_size(size)
    return (deal_in_stay - 1) % size + 1


def active_seats(dealer: int, size: int) -> tuple[int, int, int]:
    """(V, M, H) seats for a deal dealt by seat ``dealer``."""
    _check_size(size)

    def left(seat: int, steps: int = 1) -> int:
        return (seat - 1 + steps) % size + 1

    if size == 3:
        return left(dealer), left(dealer, 2), dealer
    return left(dealer), left(dealer, 2), left(dealer, size - 1)


def deals_per_stay(rounds: int, size: int) -> int:
    """A round is one deal by each player at the table (law 7)."""
    return rounds * size


def deals_holding_cards(seat: int, size: int, deals: int) -> int:
    """How many of a stay's first ``deals`` deals the player in ``seat`` holds cards in: the deals he could
    play or lose a Ramsch in (at four or more he sits out the deals he gives, and at five or six others too)."""
    _check_size(size)
    return sum(seat in active_seats(dealer_seat(deal, size), size) for deal in range(1, deals + 1))
