"""The archive: a tournament's file, the whole event (its seating and its play) as one JSON document, written by
``manage.py export`` and read back by ``manage.py import`` into any database with the standings identical.

An app above scoring, beside the cash desk: it keeps no rows of its own, and writes and reads the rows of seating
and scoring. It reads play through ``scoring.results`` and scoring's models, and checks an imported value with the
very forms the pages use; it never calls a page or an app above it, and nothing below it imports it.

Vocabulary:
    export       the file (``exports``): every row needed to recompute the results elsewhere, with the ids of the
                 exporting database; ``FORMAT_VERSION`` says which fields it holds.
    import       the file loaded as new rows, all or nothing (``imports``), every deal valued again by the engine.
    refusal      ``ImportRefused``: the file cannot be imported, naming the place in it that is wrong (``checks``).
"""
