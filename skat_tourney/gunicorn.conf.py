"""gunicorn's settings for the hall: one laptop of two cores serving some 30 phones and the director.

A request mostly waits on the database, so few processes with several threads each serve best: two worker
processes (one a core) of eight threads. Entering a deal takes milliseconds; the longest request is a PDF
rendered while the director waits ("print now"), hence the generous timeout. The bind address comes from
the command line (the launcher passes ``--bind``) or GUNICORN_BIND.
"""

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "2"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
timeout = 120
graceful_timeout = 20
keepalive = 5
# Errors go to the console; Django's own LOGGING writes them to the event's log file as well.
errorlog = "-"
loglevel = "warning"
accesslog = None
