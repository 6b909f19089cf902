"""The translation catalogues (``locale/<language>/LC_MESSAGES/django.po``) read and compiled to the ``.mo``
files Django reads, with Babel (pure Python): a club's laptop needs no GNU gettext to run the product.

Vocabulary:
    entry      one message of a catalogue: its context (``msgctxt``), English id (``msgid``, with
               ``msgid_plural`` for counted messages), its translations (one, or one per plural form) and
               whether it is ``fuzzy`` (a guess by ``makemessages`` that nobody has checked yet).
    compile    write every translated, non-fuzzy entry to the binary ``.mo`` format (Babel's ``write_mo``,
               as ``msgfmt`` does).

    python -m common.po              compiles every locale/*/LC_MESSAGES/*.po whose .mo is older
    python -m common.po --force      compiles them all
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


@dataclass(frozen=True)
class Entry:
    """One message of a catalogue, as the checks of the catalogues read it."""

    msgid: str
    msgctxt: str | None
    msgid_plural: str | None
    msgstr: tuple[str, ...]
    fuzzy: bool
    line: int

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr)


def _read(po_path: Path):
    with Path(po_path).open("rb") as po:
        return read_po(po, ignore_obsolete=True)


def parse(po_path: Path) -> list[Entry]:
    """Every message of a .po file but the header, in the file's order (obsolete ones left out)."""
    entries = []
    for message in _read(po_path):
        if not message.id:
            continue  # the header
        plural = isinstance(message.id, (list, tuple))
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        entries.append(Entry(msgid=message.id[0] if plural else message.id, msgctxt=message.context,
                             msgid_plural=message.id[1] if plural else None,
                             msgstr=tuple(s or "" for s in strings), fuzzy=message.fuzzy,
                             line=message.lineno or 0))
    return entries


def compile_mo(po_path: Path, mo_path: Path | None = None) -> Path:
    """Write the .mo beside the .po (or at ``mo_path``): the header and the translated entries that are not
    fuzzy; a fuzzy guess is never shown to a reader."""
    po_path = Path(po_path)
    mo_path = Path(mo_path) if mo_path else po_path.with_suffix(".mo")
    catalog = _read(po_path)
    with mo_path.open("wb") as mo:
        write_mo(mo, catalog, use_fuzzy=False)
    return mo_path


def compile_all(force: bool = False, locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Compile every catalogue whose .mo is missing or older than its .po (all of them with ``force``)."""
    done = []
    for po_path in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo_path = po_path.with_suffix(".mo")
        if force or not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime:
            done.append(compile_mo(po_path, mo_path))
    return done


if __name__ == "__main__":
    for path in compile_all(force="--force" in sys.argv[1:]):
        print(f"compiled {path.relative_to(LOCALE_DIR.parent)}")
