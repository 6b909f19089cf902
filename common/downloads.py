"""A file to download: one response for every PDF, workbook, CSV and JSON file a page hands over.

Vocabulary:
    export       a made file, ready to hand over: its bytes, its file name and its media type (``Export``). Each app
                 makes its files in its module ``exports.py`` (``cashdesk.exports``, ``scoring.committee.exports``…)
                 and its views hand them to ``download``.
    file name    the name the browser saves the file under. It is made safe here, once: no folder (``/``, ``\\``), no
                 quote, no control character, no leading dot; a name that is not plain ASCII (``jahresübersicht.pdf``)
                 is sent both as an ASCII stand-in (``filename="jahresubersicht.pdf"``) and, for every browser
                 of this century, in full by RFC 5987 / RFC 6266 (``filename*=UTF-8''jahres%C3%BCbersicht.pdf``).
"""

import re
import unicodedata
from dataclasses import dataclass
from urllib.parse import quote

from django.http import HttpResponse
from django.utils.functional import Promise
from django.utils.translation import pgettext

from common.i18n import file_slug, in_language

MEDIA_TYPES = {
    "pdf": "application/pdf",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "csv": "text/csv; charset=utf-8",
    "json": "application/json",
}
"""The media type of each kind of file the product hands over, by its file name's extension."""

_UNSAFE = re.compile(r"[\x00-\x1f\x7f/\\\"]+")


@dataclass(frozen=True)
class Export:
    """A made file: ``content`` its bytes, ``filename`` the name to save it under (its extension names its kind)."""

    content: bytes
    filename: str

    @property
    def media_type(self) -> str:
        return MEDIA_TYPES[self.filename.rsplit(".", 1)[-1].lower()]


def safe_filename(name: str) -> str:
    """The name without folders, quotes or control characters (each run of them a hyphen), nor dots, spaces or
    hyphens at its ends; ``download`` if nothing is left."""
    name = _UNSAFE.sub("-", unicodedata.normalize("NFC", str(name))).strip(" .-")
    return name or "download"


def attachment(filename: str) -> str:
    """The ``Content-Disposition`` value that saves the answer as ``filename`` (the module doc's file name)."""
    name = safe_filename(filename)
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    stem, dot, extension = ascii_name.rpartition(".")
    if not (stem if dot else extension).strip("-. "):  # nothing of the name was ASCII: keep its kind at least
        ascii_name = f"download.{extension}" if dot else "download"
    if ascii_name == name:
        return f'attachment; filename="{name}"'
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(name, safe='')}"


def event_file_name(tournament, *words, extension: str) -> str:
    """``<name>-<date>-<words>.<extension>`` in the tournament's print language, as the file's pages speak: each
    word a translatable text (``pgettext_lazy("download name", "prizes")``, said and made a slug) or a figure kept as
    it is (a series' number, a paper): ``vereinsabend-2026-11-25-serie-1-spiellisten-A4.pdf``."""
    with in_language(tournament.language):
        said = "-".join(file_slug(word) if isinstance(word, Promise) else str(word) for word in words)
        name = file_slug(tournament.name) or file_slug(pgettext("download name", "tournament"))
    return f"{name}-{tournament.date:%Y-%m-%d}-{said}.{extension}"


def download(export: Export) -> HttpResponse:
    """The answer that hands ``export`` over as a file to save."""
    response = HttpResponse(export.content, content_type=export.media_type)
    response["Content-Disposition"] = attachment(export.filename)
    return response
