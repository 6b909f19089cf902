"""Seasons: a club's championship, cup or monthly ranking over many evenings, with the club's own rules.

The rules and the table's computation are a pure core (``seasons.core``, plain Python, no Django); the app above
it reads the events' results only through scoring's public face (``scoring.results``). This is the pattern for
every competition over many evenings: league play comes as a ``leagues`` app beside this one, with its own pure
``leagues.core``, and a match day's seat plan as a movement in ``seating.movements``.
"""
