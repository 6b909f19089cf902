"""The series clock: a series' time, started and closed by the director, shown to the hall.

``reading`` is the pure arithmetic (time left, phase); ``selectors`` reads a series' clock and its tables not
finished, for the table's sheet, the live page and the series page alike; the director's writes (start, close,
the series time) are ``scoring.series.services``. Vocabulary: see ``reading``.
"""
