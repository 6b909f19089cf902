"""A CP-SAT model of the event plan (``seating.movements.event_plan``), kept to repeat the measurement that chose
the local search. Not part of ``make bench``: OR-Tools is no dependency (``pip install ortools`` in a scratch venv).

Vocabulary: the model has a 0/1 variable per series, player and table (he sits there), one per pair and series
(they meet), one per pair (they meet more than once); series 1 is fixed to break the symmetry of the players'
names; it minimises the pairs who meet more than once. ``fair`` also asks that everyone sit at a table of three
once or twice (14 × 3: proves that this forces repeats).

    python bench/plan_cpsat.py PLAYERS SERIES [SECONDS] [fair]
"""

import sys
import time
from itertools import combinations
from pathlib import Path

from ortools.sat.python import cp_model

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from seating.movements.tables import TableSizes, table_sizes  # noqa: E402


class FirstZero(cp_model.CpSolverSolutionCallback):
    """Notes when the first plan without a repeated pair is found."""

    def __init__(self, started: float):
        super().__init__()
        self.started, self.at = started, None

    def on_solution_callback(self):
        if self.ObjectiveValue() == 0 and self.at is None:
            self.at = time.perf_counter() - self.started


def solve(players: int, series: int, limit: float = 60, fair: bool = False, workers: int = 2) -> None:
    started = time.perf_counter()
    sizes = table_sizes(players, TableSizes.THREES_AND_FOURS)
    tables = range(len(sizes))
    model = cp_model.CpModel()
    sits = {(s, p, t): model.NewBoolVar("") for s in range(series) for p in range(players) for t in tables}
    for s in range(series):
        for p in range(players):
            model.AddExactlyOne(sits[s, p, t] for t in tables)
        for t in tables:
            model.Add(sum(sits[s, p, t] for p in range(players)) == sizes[t])
    first = 0
    for t, size in enumerate(sizes):
        for p in range(first, first + size):
            model.Add(sits[0, p, t] == 1)
        first += size
    repeated = []
    for p, q in combinations(range(players), 2):
        meets = []
        for s in range(series):
            meet = model.NewBoolVar("")
            for t in tables:
                model.AddBoolOr([sits[s, p, t].Not(), sits[s, q, t].Not(), meet])
            meets.append(meet)
        again = model.NewBoolVar("")
        model.Add(sum(meets) <= 1 + (series - 1) * again)
        repeated.append(again)
    if fair:
        threes = [t for t, size in enumerate(sizes) if size == 3]
        for p in range(players):
            count = sum(sits[s, p, t] for s in range(series) for t in threes)
            model.Add(count >= 1)
            model.Add(count <= 2)
    model.Minimize(sum(repeated))
    built = time.perf_counter() - started
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = limit
    solver.parameters.num_workers = workers
    first_zero = FirstZero(started)
    status = solver.Solve(model, first_zero)
    found = solver.ObjectiveValue() if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None
    print(f"{players} players x {series} series fair={fair}: build {built:.1f}s, status {solver.StatusName(status)}, "
          f"repeated pairs {found}, first zero at {first_zero.at}, total {time.perf_counter() - started:.1f}s")


if __name__ == "__main__":
    solve(int(sys.argv[1]), int(sys.argv[2]), limit=float(sys.argv[3]) if len(sys.argv) > 3 else 60,
          fair=len(sys.argv) > 4)
