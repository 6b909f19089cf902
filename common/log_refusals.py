"""An expected refusal is one line in the log; a real error keeps its traceback.

Vocabulary:
    refusal        a response with a 4xx status that Django logs (``django.request``, ``django.security``): a
                   page not found (404), a role missing (403), a bad request (400). Django logs the ones raised
                   as exceptions (Http404, PermissionDenied, SuspiciousOperation) with their traceback, which
                   says nothing the status does not, and buries the 500s among them.
    refusal line   ``404 GET /t/***/sheet/: Not Found``: the status, the method, the masked path (a table link's
                   token never shows, common.log_masking) and Django's reason.

``OneLineRefusals`` is a logging filter (settings.LOGGING puts it on every handler, before the masking): a
record that carries a 4xx ``status_code`` loses its traceback and becomes its refusal line. Everything else,
the 500s first of all, passes unchanged.
"""

from __future__ import annotations

import logging

from common.log_masking import mask_entry_tokens


def _escaped(text: str) -> str:
    # As Django escapes what it logs: a path with a newline in it cannot forge a second log line.
    return text.encode("unicode_escape").decode("ascii")


def refusal_line(status: int, method: str, path: str, message: str) -> str:
    """The one line for a refusal; ``message`` is Django's (``Not Found: /x/``): its reason is kept."""
    path = _escaped(path)
    reason = message.removesuffix(f": {path}")
    return f"{status} {method} {mask_entry_tokens(path)}: {mask_entry_tokens(reason)}"


class OneLineRefusals(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if not isinstance(status, int) or not 400 <= status < 500 or getattr(record, "refusal_line", False):
            return True  # not a refusal, or made one line by the previous handler's filter already
        request = getattr(record, "request", None)
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a malformed log call is still logged, as written
            message = str(record.msg)
        record.msg = refusal_line(status, getattr(request, "method", None) or "-", getattr(request, "path", "-"),
                                  message)
        record.args, record.exc_info, record.exc_text = None, None, None
        record.refusal_line = True
        return True
