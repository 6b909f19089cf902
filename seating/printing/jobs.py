"""Print jobs: long renders run in a background thread while the director's page polls their progress.

Vocabulary: a ``PrintJob`` is queued, then running (``done`` of ``total`` parts rendered), then done (the
PDF is stored on the job) or failed (``error`` says why in a sentence the director can act on). A job whose
thread died with the server stops advancing; after ``STALE_AFTER`` without progress it reads as failed.

The thread uses its own database connection and closes it when it ends; whatever goes wrong is caught
and written to the job, never raised into the server.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import timedelta

from django.db import close_old_connections, connection, transaction
from django.utils import timezone

from seating.models import PrintJob, Tournament

from .documents import check_request, render_document
from .selectors import PrintingError

LOGGER = logging.getLogger(__name__)
STALE_AFTER = timedelta(minutes=10)
PROGRESS_EVERY = 0.5
"""Seconds between progress writes: enough for a progress bar, few enough writes for SQLite."""


def print_job_start(tournament: Tournament, kind: str, paper: str = "A4") -> PrintJob:
    """Queue a rendering of ``kind`` on ``paper`` and start it in a background thread.

    A bad kind or paper, or a tournament without a draw, is refused at once (``PrintingError``). The same
    document already being rendered is not started twice: that job is returned. The returned job carries
    its thread as ``job.thread`` (``None`` when an existing job was returned), for callers that wait; inside
    a transaction the thread starts when it commits.
    """
    check_request(kind, paper)
    if not tournament.is_drawn:
        raise PrintingError(None, "The seats are not drawn yet: draw them before printing.")
    running = (PrintJob.objects.defer("pdf")
               .filter(tournament=tournament, kind=kind, paper=paper,
                       status__in=[PrintJob.Status.QUEUED, PrintJob.Status.RUNNING],
                       updated_at__gte=timezone.now() - STALE_AFTER)
               .first())
    if running is not None:
        running.thread = None
        return running
    PrintJob.objects.filter(tournament=tournament, kind=kind, paper=paper).delete()  # the older PDFs
    job = PrintJob.objects.create(tournament=tournament, kind=kind, paper=paper)
    job.thread = threading.Thread(target=_run, args=(job.pk,), name=f"print-job-{job.pk}", daemon=True)
    transaction.on_commit(job.thread.start)  # the thread's own connection must see the job's row
    return job


def print_job_status(job_id: int) -> dict:
    """What a progress poll shows, without loading the PDF: status, done, total, percent, error."""
    job = PrintJob.objects.defer("pdf").get(pk=job_id)
    _fail_if_stale(job)
    percent = 100 if job.status == PrintJob.Status.DONE else (100 * job.done // job.total if job.total else 0)
    return {"id": job.pk, "kind": job.kind, "paper": job.paper, "status": job.status, "done": job.done,
            "total": job.total, "percent": percent, "error": job.error}


def _fail_if_stale(job: PrintJob) -> None:
    waiting = job.status in (PrintJob.Status.QUEUED, PrintJob.Status.RUNNING)
    if waiting and job.updated_at < timezone.now() - STALE_AFTER:
        message = "The print job stopped (the server was restarted?). Start it again."
        PrintJob.objects.filter(pk=job.pk).update(status=PrintJob.Status.FAILED, error=message,
                                                  finished_at=timezone.now())
        job.status, job.error = PrintJob.Status.FAILED, message


def _run(job_id: int) -> None:
    """The thread's body: render, store the PDF, and record any failure on the job."""
    close_old_connections()
    try:
        job = PrintJob.objects.select_related("tournament").defer("pdf").get(pk=job_id)
        PrintJob.objects.filter(pk=job_id).update(status=PrintJob.Status.RUNNING, updated_at=timezone.now())
        last = [0.0]

        def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if done < total and now - last[0] < PROGRESS_EVERY:
                return
            last[0] = now
            PrintJob.objects.filter(pk=job_id).update(done=done, total=total, updated_at=timezone.now())

        pdf = render_document(job.tournament, job.kind, job.paper, progress=progress)
        PrintJob.objects.filter(pk=job_id).update(status=PrintJob.Status.DONE, pdf=pdf, error="",
                                                  finished_at=timezone.now(), updated_at=timezone.now())
    except PrintingError as err:
        _record_failure(job_id, err.message)
    except Exception as err:  # noqa: BLE001 - a failed print must never take the server down
        LOGGER.exception("print job %s failed", job_id)
        _record_failure(job_id, f"Printing failed: {type(err).__name__}: {err}")
    finally:
        connection.close()


def _record_failure(job_id: int, message: str) -> None:
    try:
        PrintJob.objects.filter(pk=job_id).update(status=PrintJob.Status.FAILED, error=message,
                                                  finished_at=timezone.now(), updated_at=timezone.now())
    except Exception:  # noqa: BLE001 - the database itself failed; the log is all that is left
        LOGGER.exception("print job %s: could not record the failure (%s)", job_id, message)
