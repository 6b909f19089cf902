"""Text compared without regard to case, the same in Python, on SQLite and on PostgreSQL.

Vocabulary:
    folded     a text in the one form two texts are compared in: Unicode-normalised (NFKC: "ü" typed on a Mac
               as "u" and a combining diaeresis is the one "ü") and case-folded ("MÜLLER", "Müller" and
               "müller" are one; "ß" is "ss", so "Strauß" and "Strauss" are one too).
Why not the database's own: SQLite's lower(), upper() and LIKE fold ASCII letters only ("mü" never finds
"Müller" there), and PostgreSQL's depend on the database's collation. So a folded text is made in Python, kept in
a column beside the text it folds, and what is typed is folded the same way before it is compared with it.
"""

import unicodedata


def folded(text: str) -> str:
    """``text`` in its folded form (see the module's vocabulary)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text or "").casefold())


def contains_folded(typed: str, *texts: str) -> bool:
    """Whether ``typed`` is part of one of ``texts``, compared folded (a search in a list already read: the players
    of one event, however many, are read in one query and searched here, the same on every database)."""
    wanted = folded(typed)
    return any(wanted in folded(text) for text in texts)
