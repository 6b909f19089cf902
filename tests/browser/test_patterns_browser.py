"""Every ``pattern`` attribute the pages carry is a regular expression the browser accepts. Chromium compiles an
input's pattern with the ``v`` flag (``^(?:pattern)$``), where an unescaped ``-`` (and other marks) in a character
class is an error: the console says so and the field's check does nothing. Each pattern written in a template or a
form's widget is compiled here by the browser itself, as an input's pattern is."""

import re
from pathlib import Path

from tests.test_rooms import rooms

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("templates", *rooms())
IN_HTML = re.compile(r"""\spattern=(?:"([^"]*)"|'([^']*)')""")
IN_PYTHON = re.compile(r"""["']pattern["']\s*:\s*r?(?:"([^"]*)"|'([^']*)')""")


def patterns() -> list[tuple[str, str]]:
    found = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*")):
            finder = {".html": IN_HTML, ".py": IN_PYTHON}.get(path.suffix)
            if finder is None or "migrations" in path.parts:
                continue
            for match in finder.finditer(path.read_text(encoding="utf-8")):
                found.append((f"{path.relative_to(ROOT)}", match.group(1) or match.group(2)))
    return found


def test_the_pages_have_patterns_to_check():
    assert {where for where, _ in patterns()} >= {"templates/scoring/_deal_picker.html"}


def test_every_pattern_compiles_as_the_browser_compiles_an_inputs_pattern(page):
    found = patterns()
    refused = page.evaluate("""found => found.filter(([where, pattern]) => {
        try { new RegExp(`^(?:${pattern})$`, "v"); return false; } catch (e) { return true; }
    })""", found)
    assert refused == []
    # And the season's short name is checked in the browser as meant: letters, digits and hyphens only.
    slug = dict(found).get("templates/seasons/list.html")
    if slug is None:  # the season's form no longer asks for it this way
        return
    page.set_content('<input id="slug" pattern="' + slug + '">')
    checks = {text: page.evaluate("t => { const i = document.getElementById('slug'); i.value = t; "
                                  "return i.validity.valid; }", text)
              for text in ("herbst-2026", "Herbst 2026", "a_b")}
    assert checks == {"herbst-2026": True, "Herbst 2026": False, "a_b": False}
