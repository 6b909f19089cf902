"""Scoring: the rules engine (``scoring.engine``, pure Python), score entry, standings and prizes.

Importing this package imports no Django, so ``scoring.engine`` stays usable on its own.
"""
