"""The statistics' pictures: server-side SVG made by pygal, with no script and nothing fetched (no CDN), sized by
their view box so a 390 px phone shows them whole, in the active language with its numbers ("24,35").

Vocabulary:
    totals chart   his series totals in the order played (dots) with his running per-48 average (a line on the
                   second axis): ``totals_chart``.
    games chart    his own games by kind, played and won, side by side: ``games_chart``.
    share chart    his own share of the deals against what falls to a seat at his tables (a third at three, a
                   quarter at four): ``share_chart``.
Each picture says the same figures the page's table beside it says for a screen reader (``aria-hidden`` on the
picture, the table read instead); the print of the year's review embeds the same SVG as an image.
"""

from __future__ import annotations

import base64
import re

import pygal
from django.utils.formats import number_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from pygal.style import Style

from stats.core import GAME_KINDS, Figures

STYLE = Style(background="white", plot_background="white", foreground="#222", foreground_strong="#111",
              foreground_subtle="#888", colors=("#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad"),
              font_family="DejaVu Sans, sans-serif", label_font_size=18, major_label_font_size=18,
              value_font_size=16, legend_font_size=20, title_font_size=22, tooltip_font_size=16)

WIDTH, HEIGHT = 640, 420


def kind_label(kind: str) -> str:
    """A game's kind as the page says it ("Kreuz", "Grand", "Null")."""
    return {"diamonds": pgettext("suit", "Diamonds"), "hearts": pgettext("suit", "Hearts"),
            "spades": pgettext("suit", "Spades"), "clubs": pgettext("suit", "Clubs"), "grand": _("Grand"),
            "null": _("Null")}[kind]


def number(value, places: int = 2) -> str:
    """A figure the reader's way: "24,35" in German, "24.35" in English, a negative one with the typographic minus
    ("−3,25", as every figure of the lists); "—" for none."""
    if value is None:
        return "—"
    said = number_format(round(float(value), places), places)
    return "\u2212" + said[1:] if said.startswith("-") else said


def _chart(kind, **config):
    return kind(js=[], css=["file://style.css", "file://graph.css"], style=STYLE, width=WIDTH, height=HEIGHT,
                explicit_size=False, disable_xml_declaration=True, legend_at_bottom=True, legend_at_bottom_columns=2,
                margin=12, print_values=False, show_y_guides=True, **config)


def _svg(chart) -> str:
    # the picture is described by the table beside it: a screen reader reads that, not the drawing
    svg = chart.render(is_unicode=True)
    # pygal writes its settings into a script for its tooltips; with no script loaded (``js=[]``) it is dead
    # weight, and a page's policy may refuse inline scripts: the picture goes without it
    svg = re.sub(r"<script\b[^>]*>.*?</script>", "", svg, flags=re.S)
    return svg.replace("<svg ", '<svg role="img" aria-hidden="true" focusable="false" ', 1)


def totals_chart(f: Figures) -> str:
    running = f.running_per_48()
    chart = _chart(pygal.Line, title=_("Series totals and the running average per 48 deals"),
                   x_title=_("series, in the order played"), show_x_labels=len(running) <= 20,
                   value_formatter=lambda v: number(v, 0), secondary_range=None, dots_size=5)
    chart.x_labels = [str(n) for n in range(1, len(running) + 1)]
    chart.add(_("series total"), [part.total for part, _avg in running], stroke=False)
    chart.add(_("per 48, so far"), [None if avg is None else float(avg) for _part, avg in running], secondary=True,
              show_dots=False, stroke_style={"width": 4})
    return _svg(chart)


def games_chart(f: Figures) -> str:
    chart = _chart(pygal.Bar, title=_("Own games by kind"), value_formatter=lambda v: number(v, 0),
                   x_label_rotation=0)
    chart.x_labels = [kind_label(kind) for kind in GAME_KINDS]
    chart.add(_("played"), [f.games.by_kind[kind].played for kind in GAME_KINDS])
    chart.add(_("won"), [f.games.by_kind[kind].won for kind in GAME_KINDS])
    return _svg(chart)


def share_chart(f: Figures) -> str:
    chart = _chart(pygal.HorizontalBar, title=_("Own games: his share of the deals"), range=(0, 50),
                   value_formatter=lambda v: number(v, 1) + " %")
    chart.x_labels = [""]
    chart.add(_("his own share"), [None if f.own_share is None else float(f.own_share) * 100])
    chart.add(_("what falls to a seat"), [None if f.expected_share is None else float(f.expected_share) * 100])
    return _svg(chart)


def charts(f: Figures) -> dict[str, str]:
    """The three pictures of a player's figures, as SVG text ready to put in a page."""
    return {"totals": mark_safe(totals_chart(f)), "games": mark_safe(games_chart(f)),
            "share": mark_safe(share_chart(f))}


def as_image(svg: str) -> str:
    """An SVG picture as a ``data:`` address, for a print (WeasyPrint reads no other address)."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
