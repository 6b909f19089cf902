"""Print jobs: long renders run by the task queue's worker while the director's page polls their progress.

Vocabulary: a ``PrintJob`` is queued (its task waits in the database for ``manage.py db_worker``), then
running (``done`` of ``total`` parts rendered), then done (the PDF is stored on the job) or failed (``error``
says why in a sentence the director can act on). The job's row and its task are written in one
transaction, so a queued job survives a restart of the server or of the worker. A job whose worker died
while rendering stops advancing; after ``STALE_AFTER`` without progress it reads as failed (the poll says so
without writing it: a read never writes, and a new start of the same document replaces the job).

``render_print_job`` is the task (Django's tasks interface, the ``django-tasks`` backport): whatever goes
wrong is caught and written to the job; an unexpected error is also logged and re-raised, so the queue keeps
its traceback beside the job's reason.
"""

from __future__ import annotations

import logging
import time
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django_tasks import task

from seating.models import PrintJob, Tournament

from .documents import check_request, render_document
from .selectors import PrintingError, printed_series

LOGGER = logging.getLogger(__name__)
STALE_AFTER = timedelta(minutes=10)
PROGRESS_EVERY = 0.5
"""Seconds between progress writes: enough for a progress bar, few enough writes for SQLite."""


def print_job_start(tournament: Tournament, kind: str, paper: str = "A4", series: int | None = None,
                    site: str = "") -> PrintJob:
    """Queue a rendering of ``kind`` on ``paper`` for one series (the last drawn unless asked) for the task worker;
    ``site`` is the event's base address for the addresses a document prints (the worker has no request).

    A bad kind or paper, or a tournament without a draw, is refused at once (``PrintingError``). The same
    document already queued or being rendered is not queued twice: that job is returned.
    """
    check_request(kind, paper)
    if not tournament.is_drawn:
        raise PrintingError(None, "The seats are not drawn yet: draw them before printing.")
    series = printed_series(tournament, series)
    with transaction.atomic():
        running = (PrintJob.objects.defer("pdf")
                   .filter(tournament=tournament, kind=kind, paper=paper, series=series,
                           status__in=[PrintJob.Status.QUEUED, PrintJob.Status.RUNNING],
                           updated_at__gte=timezone.now() - STALE_AFTER)
                   .first())
        if running is not None:
            return running
        PrintJob.objects.filter(tournament=tournament, kind=kind, paper=paper, series=series).delete()  # older PDFs
        job = PrintJob.objects.create(tournament=tournament, kind=kind, paper=paper, series=series)
        # In the same transaction as the job: the worker sees both or neither.
        render_print_job.enqueue(job.pk, site)
    job.refresh_from_db(fields=["status", "done", "total", "error", "finished_at", "updated_at"])
    return job


def print_job_status(job_id: int) -> dict:
    """What a progress poll shows, without loading the PDF: status, done, total, percent, error."""
    job = PrintJob.objects.defer("pdf").get(pk=job_id)
    _read_as_failed_if_stale(job)
    percent = 100 if job.status == PrintJob.Status.DONE else (100 * job.done // job.total if job.total else 0)
    return {"id": job.pk, "kind": job.kind, "paper": job.paper, "series": job.series,
            "status": job.status, "done": job.done,
            "total": job.total, "percent": percent, "error": job.error}


def _read_as_failed_if_stale(job: PrintJob) -> None:
    """A running job without progress for ``STALE_AFTER`` is shown as failed; the row is left as it is (the poll
    is a read), and ``print_job_start`` no longer counts it as running."""
    # Only a running job goes stale: a queued one is safe in the database until a worker takes it.
    if job.status == PrintJob.Status.RUNNING and job.updated_at < timezone.now() - STALE_AFTER:
        job.status = PrintJob.Status.FAILED
        job.error = "The print job stopped (the print worker was restarted?). Start it again."


@task()
def render_print_job(job_id: int, site: str = "") -> None:
    """The task: render, store the PDF, and record any failure on the job."""
    try:
        job = PrintJob.objects.select_related("tournament").defer("pdf").get(pk=job_id)
    except PrintJob.DoesNotExist:
        LOGGER.warning("print job %s was deleted before it ran", job_id)
        return
    try:
        PrintJob.objects.filter(pk=job_id).update(status=PrintJob.Status.RUNNING, updated_at=timezone.now())
        last = [0.0]

        def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if done < total and now - last[0] < PROGRESS_EVERY:
                return
            last[0] = now
            PrintJob.objects.filter(pk=job_id).update(done=done, total=total, updated_at=timezone.now())

        pdf = render_document(job.tournament, job.kind, job.paper, progress=progress, series=job.series,
                              site=site)
        PrintJob.objects.filter(pk=job_id).update(status=PrintJob.Status.DONE, pdf=pdf, error="",
                                                  finished_at=timezone.now(), updated_at=timezone.now())
    except PrintingError as err:
        _record_failure(job_id, err.message)
    except Exception as err:
        LOGGER.exception("print job %s failed", job_id)
        _record_failure(job_id, _("Printing failed: {error}: {reason}").format(error=type(err).__name__, reason=err))
        raise


def _record_failure(job_id: int, message: str) -> None:
    try:
        PrintJob.objects.filter(pk=job_id).update(status=PrintJob.Status.FAILED, error=message,
                                                  finished_at=timezone.now(), updated_at=timezone.now())
    except Exception:  # noqa: BLE001 - the database itself failed; the log is all that is left
        LOGGER.exception("print job %s: could not record the failure (%s)", job_id, message)
