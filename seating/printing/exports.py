"""The director's printed documents as files to download, each an ``common.downloads.Export`` named in the
tournament's print language (``document_filename``): one rendered while he waits (``printed``), or the finished
print job's (``print_job_file``)."""

from common.downloads import Export
from seating.models import PrintJob

from .documents import document_filename, render_document


def printed(tournament, kind: str, paper: str, series: int | None = None, *, site: str = "") -> Export:
    """The document rendered now; a request that cannot be printed raises ``PrintingError`` (a ``SeatingError``)."""
    return Export(render_document(tournament, kind, paper, series=series, site=site),
                  document_filename(tournament, kind, paper, series))


def print_job_file(tournament, job: PrintJob) -> Export | None:
    """The finished job's PDF (read only now: the job's row leaves it out), or None while it is not done."""
    pdf = PrintJob.objects.filter(pk=job.pk).values_list("pdf", flat=True).first()
    if job.status != "done" or not pdf:
        return None
    return Export(bytes(pdf), document_filename(tournament, job.kind, job.paper, job.series))
