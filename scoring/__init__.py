"""Scoring, play itself: score entry at the tables, the committee's standings and prizes, an event's series and
their clock, the archive and the calculator, built on the rules engine (``skat``, the game's rules, pure Python)
and the seating. What play comes to is read through one face, ``scoring.results``: the apps above scoring (the
cash desk, the seasons, next the leagues) read nothing else of it.

Importing this package imports no Django, so its pure core (``scoring.standings``) stays usable on its own.
"""
