"""A CP-SAT model of the event plan (``seating.movements.event_plan``), kept to repeat the measurement that chose
the local search. Not part of `make bench`: OR-Tools is no dependency (``pip install ortools`` in a scratch venv).

    python bench/plan_cpsat.py PLAYERS SERIES [SECONDS] [fair]
"""
import sys, time
from itertools import combinations
from ortools.sat.python import cp_model
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))
from seating.movements.tables import table_sizes, TableSizes

def solve(n, k, limit=60, fair=False, workers=2):
    t0 = time.perf_counter()
    sizes = table_sizes(n, TableSizes.THREES_AND_FOURS)
    T = len(sizes)
    m = cp_model.CpModel()
    x = {(s, p, t): m.NewBoolVar("") for s in range(k) for p in range(n) for t in range(T)}
    for s in range(k):
        for p in range(n):
            m.AddExactlyOne(x[s, p, t] for t in range(T))
        for t in range(T):
            m.Add(sum(x[s, p, t] for p in range(n)) == sizes[t])
    # symmetry: series 1 fixed
    start = 0
    for t, size in enumerate(sizes):
        for p in range(start, start + size):
            m.Add(x[0, p, t] == 1)
        start += size
    reps = []
    for p, q in combinations(range(n), 2):
        ys = []
        for s in range(k):
            y = m.NewBoolVar("")
            for t in range(T):
                m.AddBoolOr([x[s, p, t].Not(), x[s, q, t].Not(), y])
            ys.append(y)
        r = m.NewBoolVar("")
        m.Add(sum(ys) <= 1 + (k - 1) * r)
        reps.append(r)
    if fair:
        threes = [t for t, size in enumerate(sizes) if size == 3]
        for p in range(n):
            c = sum(x[s, p, t] for s in range(k) for t in threes)
            m.Add(c >= 1); m.Add(c <= 2)
    m.Minimize(sum(reps))
    built = time.perf_counter() - t0
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = limit
    solver.parameters.num_workers = workers
    class CB(cp_model.CpSolverSolutionCallback):
        def __init__(s): super().__init__(); s.first0 = None
        def on_solution_callback(s):
            if s.ObjectiveValue() == 0 and s.first0 is None: s.first0 = time.perf_counter() - t0
    cb = CB()
    st = solver.Solve(m, cb)
    print(f"{n} players x {k} series fair={fair}: build {built:.1f}s, status {solver.StatusName(st)}, "
          f"repeated pairs {solver.ObjectiveValue() if st in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None}, "
          f"first zero at {cb.first0}, total {time.perf_counter()-t0:.1f}s")

if __name__ == "__main__":
    n, k = int(sys.argv[1]), int(sys.argv[2])
    solve(n, k, limit=float(sys.argv[3]) if len(sys.argv) > 3 else 60, fair=len(sys.argv) > 4)
