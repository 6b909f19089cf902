"""The director's printed documents as PDF (WeasyPrint), on A4 or US Letter.

Vocabulary:
    ticket          a player's entry ticket: where he sits first (section, table, seat, pair and place), his
                    OK code and a QR code of his own page (``addresses``, the start card's too).
    movement card   a pair's card: for each stay its table and place, its opponents, the deal numbers.
    guide card      a table's card: who sits in which seat each stay and where each pair goes next.
    score sheet     Foster's sheet for a table: deals down the left, won and lost columns per player,
                    the dealer marked, Remarks; one a stay at a moving table, one a session at a fixed one.
    kind            the document's name in URLs and file names: the keys of ``DOCUMENTS``.
    print job       a long render run by the task worker while a page polls its progress (``jobs``).

Layers: ``selectors`` reads the draw (six queries) into plain data; ``layout`` (pure) cuts it into pages of
known height; ``pdf`` renders a template under ``templates/print`` to PDF; ``documents`` ties them together.

Public API:
    DOCUMENTS                                   kind → Document (title, template, selector, layout)
    render_document(tournament, kind, paper="A4", progress=None) -> bytes
    document_filename(tournament, kind, paper="A4") -> str
    printed(tournament, kind, paper, series, site=...) -> Export, print_job_file(tournament, job) -> Export | None
                                                the same as files to download (``exports``)
    print_job_start(tournament, kind, paper="A4") -> PrintJob, print_job_status(job_id) -> dict
    PrintingError                               a request that cannot be printed (a ``SeatingError``)
"""

from common.paper import PAPERS

from .documents import DOCUMENTS, Document, document_filename, document_pages, render_document
from .exports import print_job_file, printed
from .jobs import print_job_start, print_job_status
from .selectors import PrintingError

__all__ = [
    "DOCUMENTS",
    "PAPERS",
    "Document",
    "PrintingError",
    "document_filename",
    "document_pages",
    "print_job_file",
    "print_job_start",
    "print_job_status",
    "printed",
    "render_document",
]
