"""The server process's garbage collector, settled once the application is loaded.

Vocabulary:
    loaded objects   the modules, classes, URL patterns, templates and settings a process builds as it starts:
                     they live as long as the process and are never garbage.
    settle           collect once, then ``gc.freeze()`` the loaded objects into the permanent generation, so
                     the full collections that a big page's many small objects set off (the standings of 2,700
                     players) no longer walk hundreds of thousands of objects that can never be freed. Measured
                     in bench/bench_pages.py: about a third of the committee and live pages at 2,700 players.
    young objects    those made since the last collection; collected every ``YOUNG_OBJECTS`` instead of 700.
"""

import gc

YOUNG_OBJECTS = 50_000
"""Objects made before the youngest generation is collected (Python's default: 700). A reading of the standings
of 2,700 players makes some 60,000; collecting every 700 walked them again and again for about a tenth of the
reading's time (bench/bench_standings.py). Memory is not the price: the collector frees only cycles, and a
young generation of 50,000 objects holds a few megabytes at most."""


def settle_loaded_objects() -> None:
    """Freeze what the process has loaded so far, and collect the young generation less often; call once, after
    the application is loaded."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, middle, old)
