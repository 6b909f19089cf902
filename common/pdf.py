"""The one helper that turns a print template into PDF bytes with WeasyPrint.

Vocabulary:
    chunk        a few pages of a document rendered as one small HTML document. The pages of a document are
                 known before rendering (``layout.pack``), so they can be cut into chunks of whole pages.
    lazy page    a placeholder the PDF writer is given for every page: its chunk is laid out only when the
                 writer reaches it, and the layout is dropped once the chunk's pages are painted. So a
                 congress of thousands of pages is written in one PDF with one chunk in memory at a time,
                 and progress is reported as the pages are actually drawn.

Nothing is fetched from the network: the fonts are the TTF files shipped in ``static/fonts`` (file URLs),
the rulings and cut lines are inline ``data:`` SVG, and any other URL is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from django.template.loader import render_to_string
from django.utils.translation import gettext
from weasyprint import HTML, Document
from weasyprint.pdf.metadata import DocumentMetadata
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher

from common.paper import FONTS_DIR, Paper

FONTS_URL = FONTS_DIR.resolve().as_uri() + "/"

Progress = Callable[[int, int], None]


class LocalFetcher(URLFetcher):
    """Fetches the shipped fonts and inline data only."""

    def fetch(self, url, headers=None):
        scheme = urlsplit(url).scheme.lower()
        if scheme == "data":
            return super().fetch(url, headers)
        if scheme == "file":
            path = Path(url2pathname(urlsplit(url).path)).resolve()
            if path.is_relative_to(FONTS_DIR.resolve()):
                return super().fetch(url, headers)
        raise ValueError(f"printing fetches nothing but the shipped fonts, not {url}")


class _Chunk:
    """Some pages of the document, laid out on first use and forgotten when all are painted."""

    def __init__(self, render: Callable[[], Document], pages: int, parts: int, on_done: Callable[[int], None]):
        self._render, self._pages, self._parts, self._on_done = render, pages, parts, on_done
        self._document, self._painted = None, 0

    def page(self, index: int):
        if self._document is None:
            self._document = self._render()
            if len(self._document.pages) != self._pages:
                raise RuntimeError(f"a chunk was laid out on {len(self._document.pages)} pages instead of "
                                   f"{self._pages}: a block is taller than its layout says")
        return self._document.pages[index]

    def painted(self) -> None:
        self._painted += 1
        if self._painted == self._pages:
            self._document = None
            self._on_done(self._parts)


class _LazyPage:
    """Stands in for a ``weasyprint.Page`` in ``Document.write_pdf``. Print templates have no links, anchors,
    bookmarks or forms, so the writer's first pass over all pages needs no layout."""

    links = ()
    anchors: dict = {}
    bookmarks = ()
    forms: dict = {None: []}

    def __init__(self, chunk: _Chunk, index: int):
        self._chunk, self._index = chunk, index
        self._size = None

    def _measure(self):
        if self._size is None:
            page = self._chunk.page(self._index)
            self._size = (page.width, page.height, dict(page.bleed))
        return self._size

    width = property(lambda self: self._measure()[0])
    height = property(lambda self: self._measure()[1])
    bleed = property(lambda self: self._measure()[2])

    def paint(self, stream, scale=1):
        self._measure()
        self._chunk.page(self._index).paint(stream, scale)
        self._chunk.painted()


def render_pdf(template: str, context: dict, pages: Sequence, *, paper: Paper, chunk: int,
               progress: Progress | None = None) -> bytes:
    """Render ``template`` for ``pages`` (``chunk`` pages per HTML document) and return one PDF.

    The template gets ``context`` plus ``pages`` (this chunk's), ``paper``, ``fonts`` (the fonts' URL) and
    ``arts`` (the chunk's background images, for the stylesheet: see ``layout.Art``).
    ``progress(done, total)`` counts parts (tickets, cards, sheets) as their pages are drawn; it reaches
    total when the PDF is written.
    """
    total = sum(page.parts for page in pages)
    font_config, cache, fetcher = FontConfiguration(), {}, LocalFetcher()
    done = [0]

    def chunk_done(parts: int) -> None:
        done[0] += parts
        if progress and done[0] < total:
            progress(done[0], total)

    def renderer(part):
        def render() -> Document:
            arts = list(dict.fromkeys(art for page in part for art in page.arts))
            html = render_to_string(template, {**context, "pages": part, "paper": paper, "fonts": FONTS_URL,
                                               "arts": arts})
            return HTML(string=html, base_url=FONTS_URL, url_fetcher=fetcher).render(font_config=font_config,
                                                                                     cache=cache)
        return render

    lazy = []
    for start in range(0, max(len(pages), 1), chunk):
        part = list(pages[start:start + chunk])
        holder = _Chunk(renderer(part), max(len(part), 1), sum(page.parts for page in part), chunk_done)
        lazy += [_LazyPage(holder, index) for index in range(max(len(part), 1))]
    # The title a viewer shows in its tab: the document's English title said in the language it renders in.
    title = f"{gettext(context['document'].title)} · {context['heading'].name}" if "document" in context else None
    document = Document(lazy, DocumentMetadata(title=title), fetcher, font_config, {}, None)
    pdf = document.write_pdf()
    if progress:
        progress(total, total)
    return pdf


def render_template_pdf(template: str, context: dict) -> bytes:
    """A flowing document (prize list, standings, link cards) straight to PDF, with the same fonts and the
    same rule: nothing is fetched but the shipped fonts. The template gets ``fonts`` (their URL)."""
    html = render_to_string(template, {**context, "fonts": FONTS_URL})
    return HTML(string=html, base_url=FONTS_URL, url_fetcher=LocalFetcher()).write_pdf()
