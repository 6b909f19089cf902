"""Scoring, play itself: the rules engine (``scoring.engine``, pure Python), score entry at the tables, the
committee's standings and prizes, an event's series and their clock, and the calculator. What play comes to is
read through one face, ``scoring.results``: the apps above scoring (the cash desk, the archive, the seasons, the
leagues) read nothing else of its results.

Importing this package imports no Django, so ``scoring.engine`` stays usable on its own.
"""
