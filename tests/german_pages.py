"""Finding English left on a German page: the words that are English and never German.

A page is German when none of its visible words is in ``ENGLISH``: common English words of this product's
pages that German does not share ("the", "table", "players", "won"...). Words German shares with English
("in", "an", "die", "was", "Name", "Hand", "Grand", "Plan", "Start", "Rest") are not in the list. Proper names
the pages show as they are (the books' titles, the language switch's "English", the demo's names) are
allowed by ``ALLOWED``; anything a test typed itself is its own affair.
"""

import re
from html.parser import HTMLParser

ENGLISH = frozenset("""
the and of to with without for from by at on is are were be been this that these those it its
or not no yes new back log out save delete edit open close copy print draw drawn again add made
player players table tables seat seats pair pairs section sections stay stays round rounds deal deals
game games score scores scored sheet sheets list lists entry entries series tournament
tournaments rulebook rulebooks source method prize prizes standings committee director rank total
totals points tricks bid announced written count won lost overbid remarks club clubs team teams
category categories expert experts import imported register registered find show hide everyone
seating plan's sits sitting seed seeds date status select all nothing yet none only every each
which who when where what why how before after first last next nobody anyone someone please
password login log-in sign signed page pages document documents paper
backup backed up now while serves minutes late withdrawal withdraw withdrawn kept apart earlier
table-mates clear seats preview saved use moving fixed controller controllers keeps opponents
season seasons member members guest guests cash desk fees paid pay payout payouts refund report reports
waiting sign-up signup signups cancel cancelled card cards clock remaining left time deadline search merge
duplicates forget birth year years phone email contact place places confirmed week event events evening
results public published publish taken reverse reversed owed due balance best counted dropped data
""".split())
"""English words of this product's pages that are not German words (lowercase)."""

ALLOWED_PHRASES = ("Penguin Book of Card Games", "Helps for Skat Pupils", "North American Skat League",
                   "American Skat League", "Foster's Skat Manual", "New York", "make run", "English")
"""Proper names said as they are: the books' titles, the language switch's own name for English."""

WORD = re.compile(r"[A-Za-zÄÖÜäöüß'’-]+")
ADDRESS = re.compile(r"\w+://\S+")
"""A web address shown as text (a table's entry link): no language, and its random token can hold "on"."""


def english_words(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The English words in ``text`` (a page's visible text), in order, each once; ``allowed`` are more
    phrases to leave out (what the test typed: a tournament's or a player's name)."""
    for phrase in (*ALLOWED_PHRASES, *allowed):
        text = text.replace(phrase, " ")
    text = ADDRESS.sub(" ", text)
    found = []
    for word in WORD.findall(text):
        key = word.strip("'’-").lower()
        if key in ENGLISH and key not in found:
            found.append(key)
    return found


class _Visible(HTMLParser):
    """The text a reader sees or hears: the text outside scripts and styles, and the titles, labels and
    placeholders of the elements."""

    HIDDEN = {"script", "style", "template"}
    SAID = ("title", "aria-label", "placeholder", "alt")

    def __init__(self):
        super().__init__()
        self.parts, self._hidden = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self._hidden += 1
        self.parts.extend(value for name, value in attrs if name in self.SAID and value)
        if tag == "input" and dict(attrs).get("type") in ("submit", "button"):
            self.parts.append(dict(attrs).get("value") or "")

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self._hidden:
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return " ".join(parser.parts)
