"""Keep a table link's secret out of the logs.

Vocabulary:
    entry token   the secret in a table's link, ``/t/<token>/...``: whoever holds it may enter that table's
                  scores, so a log file (which is copied, mailed, shown on a projector) must never carry it.
    masked path   the same path with the token replaced by ``***``: ``/t/***/save/``.

``MaskEntryTokens`` is a logging filter (settings.LOGGING puts it on every handler): it renders the record's
message and traceback once, masks every token in them, and passes the record on.
"""

from __future__ import annotations

import logging
import re

ENTRY_TOKEN_IN_PATH = re.compile(r"/t/[^/\s'\"?#]+")
MASK = "/t/***"


def mask_entry_tokens(text: str) -> str:
    """``text`` with every ``/t/<token>`` replaced by ``/t/***``."""
    return ENTRY_TOKEN_IN_PATH.sub(MASK, text)


class MaskEntryTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a malformed log call is still logged, as written
            message = str(record.msg)
        record.msg, record.args = mask_entry_tokens(message), None
        if record.exc_info and not record.exc_text:
            # The formatter would render the traceback after this filter has run; render it here to mask it.
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask_entry_tokens(record.exc_text)
        return True
