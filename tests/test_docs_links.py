"""Every relative link of the README and the manual leads somewhere, and none leaves the repository.

Vocabulary:
    document   README.md, bench/README.md and every docs/*.md
    link       a Markdown link or image, ``[text](target)`` or ``![alt](target)``, outside code blocks and code spans;
               a link with a scheme (``http:``, ``mailto:``) is not relative and not followed
    anchor     the part after ``#``: a heading of the target document, as GitHub names it (``github_anchor``)
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = sorted([ROOT / "README.md", ROOT / "bench" / "README.md", *(ROOT / "docs").glob("*.md")])
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)\)")


def github_anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: the text as shown (no backticks, emphasis or link targets), lower case,
    every character but letters, digits, ``_``, ``-`` and spaces dropped, then each space a hyphen."""
    shown = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    shown = shown.replace("`", "").replace("*", "")
    return re.sub(r"[^\w\- ]", "", shown.strip().lower()).replace(" ", "-")


def anchors(document: Path) -> set[str]:
    """Every anchor a document's headings make, a repeated one numbered as GitHub numbers it (``-1``, ``-2``)."""
    made: set[str] = set()
    for line in prose_lines(document, spans=True):
        heading = re.match(r"#{1,6} (.+)", line)
        if heading:
            anchor = github_anchor(heading.group(1))
            number, unique = 0, anchor
            while unique in made:
                number += 1
                unique = f"{anchor}-{number}"
            made.add(unique)
    return made


def prose_lines(document: Path, spans: bool = False) -> list[str]:
    """The document's lines outside code blocks, each without its code spans unless ``spans``. A fenced block runs between two
    lines of three backticks; an indented block is a run of lines indented by four or more that starts after a
    blank line (an indented line right after text continues that text, as in a list item)."""
    lines, fenced, code, previous = [], False, False, ""
    for line in document.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            indented = line.startswith("    ") and not line.lstrip().startswith(("![", "|"))
            code = indented and (code or not previous.strip())
            if not code:
                lines.append(line if spans else re.sub(r"`[^`]*`", "", line))
        previous = line if not fenced else ""
    return lines


def links(document: Path) -> list[str]:
    return [match.group(1) for line in prose_lines(document) for match in LINK.finditer(line)]


def test_github_anchor_is_made_as_github_makes_it():
    assert github_anchor("A club's evening, from the registry to the cash report") == (
        "a-clubs-evening-from-the-registry-to-the-cash-report")
    assert github_anchor("Glossary (English → German)") == "glossary-english--german"
    assert github_anchor("leagues (`bench_leagues.py`, SQLite and PostgreSQL)") == (
        "leagues-bench_leaguespy-sqlite-and-postgresql")
    assert github_anchor("Ein Vereinsabend: vom Mitgliederverzeichnis bis zum Kassenbericht") == (
        "ein-vereinsabend-vom-mitgliederverzeichnis-bis-zum-kassenbericht")
    assert github_anchor("Die Saison: über viele Abende") == "die-saison-über-viele-abende"


def test_a_repeated_heading_is_numbered(tmp_path):
    document = tmp_path / "x.md"
    document.write_text("# Top\n\n## Log\n\n    ## not a heading: code\n\n## Log\n")
    assert anchors(document) == {"top", "log", "log-1"}


def test_code_is_not_read_for_links(tmp_path):
    document = tmp_path / "x.md"
    document.write_text("See [the guide](GUIDE.md).\n\n    [not](a-link.md)\n\n```\n[nor](this.md)\n```\n"
                        "`[nor](that.md)` and ![a picture](img/a.png)\n")
    assert links(document) == ["GUIDE.md", "img/a.png"]


def broken_links(document: Path, root: Path = ROOT) -> list[str]:
    """Each relative link of the document that leaves ``root``, names no file, or names no heading's anchor."""
    broken = []
    for target in links(document):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # a scheme: not a link into the repository
        path, _, anchor = target.partition("#")
        file = (document.parent / path).resolve() if path else document
        if not file.is_relative_to(root):
            broken.append(f"{target}: leaves the repository")
        elif not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and (file.suffix != ".md" or anchor not in anchors(file)):
            broken.append(f"{target}: no heading makes #{anchor}")
    return broken


def test_a_broken_link_an_unknown_anchor_and_a_link_out_are_found(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "GUIDE.md").write_text("# Guide\n\n## The cash desk\n")
    document = tmp_path / "README.md"
    document.write_text("[ok](docs/GUIDE.md#the-cash-desk) [here](#readme) [web](https://example.org/)\n"
                        "[gone](docs/GONE.md) [anchor](docs/GUIDE.md#the-cashdesk) [out](../shared/RULES.md)\n\n"
                        "# Readme\n")
    assert broken_links(document, tmp_path) == ["docs/GONE.md: no such file",
                                                "docs/GUIDE.md#the-cashdesk: no heading makes #the-cashdesk",
                                                "../shared/RULES.md: leaves the repository"]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_and_anchor_resolves_inside_the_repository(document):
    broken = broken_links(document)
    assert not broken, f"{document.relative_to(ROOT)}: " + "; ".join(broken)
