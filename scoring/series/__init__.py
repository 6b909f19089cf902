"""An event's series, as the director runs them: each series drawn (by lot, or by the standings after the series
before), series added or the event ended early, late entries and withdrawals between series.

Vocabulary: see ``seating.event_series`` (the seating of a series) and ``scoring.standings.events`` (its results).
The draw by standings is here, not in seating, because only scoring knows the standings. The series' clock
(``clock/``: its pure arithmetic and its reads) lives here too, but stands below every page of scoring, which all
read it: the table's sheet refuses a deal of a closed series, the live board shows the time left.
"""
