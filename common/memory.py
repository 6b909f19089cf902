"""The server process's garbage collector, settled once the application is loaded.

Vocabulary:
    loaded objects   the modules, classes, URL patterns, templates and settings a process builds as it starts:
                     they live as long as the process and are never garbage.
    settle           collect once, then ``gc.freeze()`` the loaded objects into the permanent generation, so
                     the full collections that a big page's many small objects set off (the standings of 2,700
                     players) no longer walk hundreds of thousands of objects that can never be freed. Measured
                     in bench/bench_pages.py: about a third of the committee and live pages at 2,700 players.
"""

import gc


def settle_loaded_objects() -> None:
    """Freeze what the process has loaded so far; call once, after the application is loaded."""
    gc.collect()
    gc.freeze()
