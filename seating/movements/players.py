"""Who is being seated.

Vocabulary:
    player id    whatever identifies a player to the caller (a database key, a name); it must be hashable.
    player order the order of the ids passed in. It is part of the input a draw reproduces: the same ids in
                 the same order with the same seed always give the same seats, so callers pass a stable order
                 (registration number, primary key).
    expert       a player the director trusts to keep a table's score and settle disputes (fixed method).
"""

from collections.abc import Collection, Hashable, Sequence

from .errors import MovementUserError
from .words import Note

PlayerId = Hashable


def check_players(players: Sequence[PlayerId], expected: int) -> tuple[PlayerId, ...]:
    """``players`` as a tuple, if it holds ``expected`` different ids."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise MovementUserError("players", "pass the players as a list of ids in a stable order")
    players = tuple(players)
    if len(players) != expected:
        raise MovementUserError("players", f"the plan is for {expected} players but {len(players)} were given")
    seen = set()
    for player in players:
        if player in seen:
            raise MovementUserError("players", f"player {player!r} is listed twice")
        seen.add(player)
    return players


def check_experts(
    experts: Collection[PlayerId], players: Sequence[PlayerId], needed: int
) -> tuple[PlayerId, ...]:
    """The experts in player order, if all of them play and there is one for each of ``needed`` tables."""
    experts = frozenset(experts)
    strangers = experts.difference(players)
    if strangers:
        example = min(strangers, key=repr)
        raise MovementUserError(
            "experts", f"{len(strangers)} expert(s) are not among the players, e.g. {example!r}"
        )
    if len(experts) != needed:
        short = needed - len(experts)
        marked = len(experts)
        raise MovementUserError("experts", Note(lambda w: (
            w.ngettext("{marked} experts marked for {needed} table: one controls each table; {change}",
                       "{marked} experts marked for {needed} tables: one controls each table; {change}", needed)
            .format(marked=marked, needed=needed,
                    change=w.gettext("mark {count} more").format(count=short) if short > 0
                    else w.gettext("unmark {count}").format(count=-short)))))
    return tuple(player for player in players if player in experts)
