"""A table controller at work on a phone, counted: every tap and every key is one action.

Vocabulary:
    action   one tap on the screen or one key on the phone's keypad ("Next" to the following field is a key).
    mix      the representative deals of a club evening: ordinary suit and grand games won and lost, a null, a hand
             game with schneider announced (Foster and ISkO), and a Ramsch under Foster.
Used by the browser tests (which fail above the limits) and by ``bench/bench_entry.py`` (which prints the
figures and the seconds from "sheet shown" to "deal saved").
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from statistics import median

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}
MOST_ORDINARY = 6  # the median of an ordinary won or lost game, taps and keys together
MOST_ANY = 12  # no deal over this


GUIDE_SIZES = ((360, 640, "phone"), (844, 390, "landscape"))


def shoot_phone(page, name: str) -> None:
    """What the controller sees (the screen, not the whole page) on a small phone upright and on its side, for
    docs/GUIDE.md; only when SCREENSHOTS_DIR is set."""
    from tests.browser.screens import shoot

    shoot(page, name, GUIDE_SIZES, full_page=False)


IN_VIEW = """el => {
    const r = el.getBoundingClientRect(), bar = document.getElementById('entry-bar');
    const floor = bar && !bar.contains(el) ? bar.getBoundingClientRect().top : innerHeight;
    return r.width > 0 && r.top >= 0 && r.bottom <= floor + 0.5 && r.left >= 0 && r.right <= innerWidth;
}"""
"""Whether a target is wholly on the screen as it stands: inside the width, below the top, and above the bar at the
bottom unless it is in the bar (Save, Undo). A target not wholly there costs the controller a swipe first."""


class Controller:
    """Taps and types on the entry sheet, counting each action, and each swipe a tap needed first (``swipes``)."""

    def __init__(self, page, saved: str = "Deal {n} saved"):
        self.page, self.actions, self.saved = page, 0, saved  # ``saved``: the answer's words, in the page's language
        self.swipes = 0

    def tap(self, locator) -> None:
        if not locator.evaluate(IN_VIEW):
            self.swipes += 1
        locator.tap()
        self.actions += 1

    def pill(self, fieldset: str, text: str) -> None:
        self.tap(self.page.locator(f"#deal-form fieldset.{fieldset} label.pill:visible", has_text=text).first)

    def chip(self, fieldset: str, n: int) -> None:
        self.tap(self.page.locator(f"#deal-form fieldset.{fieldset} label.chip:visible").nth(n - 1))

    def keys(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.actions += len(text)

    def next_field(self) -> None:
        self.page.keyboard.press("Tab")
        self.actions += 1

    def save(self, number: int) -> None:
        """Tap Save and wait for the answer: "Deal N saved", or fail at once with the refusal the phone shows."""
        self.tap(self.page.locator("button.save"))
        answered = self.page.wait_for_function(
            """said => {
                const status = document.querySelector('#entry-status');
                const text = status?.innerText || '';
                if (text.includes(said)) return 'saved';
                return status && (status.classList.contains('refused') || status.querySelector('.refused')) ? text : null;
            }""", arg=self.saved.format(n=number))
        said = answered.json_value()
        assert said == "saved", f"deal {number} was refused: {said}"
        if not self.page.locator("#entry-status").evaluate(IN_VIEW):  # the answer beside Save, read without a swipe
            self.swipes += 1


def player(c: Controller, seat: int) -> None:
    c.tap(c.page.locator("#deal-form fieldset.who label.pill").nth(seat))


def game(c: Controller, seat: int, pick: str, *, suit: str = "", mats: int = 0, without: bool = False,
         result: str = "won", announce: str = "", hand: bool = False) -> None:
    player(c, seat)
    c.pill("picks", pick)
    if suit:
        c.pill("suits", suit)
    if hand:
        c.pill("picks", "Hand")
    if announce:
        c.pill("announce", announce)
    if without:
        c.pill("mats", "without")
    if mats:
        c.chip("mats", mats)
    c.pill("result", result)


def ramsch(c: Controller, points: tuple[int, int, int], tricks: tuple[int, int], last: str) -> None:
    c.pill("kind", "Ramsch")  # V's card points have the keypad at once
    c.keys(str(points[0]))
    for value in points[1:]:
        c.next_field()
        c.keys(str(value))
    for seat, n in zip("vm", tricks):
        c.tap(c.page.locator(f"input[name=ramsch_{seat}_tricks][value='{n}']").locator(".."))
    c.pill("last-trick", last)  # H's tricks follow from V's and M's


FOSTER_MIX = [  # (ordinary?, how, score as the engine gives it)
    (True, lambda c: game(c, 0, "Solo", suit="♣", mats=2), 36),
    (True, lambda c: game(c, 1, "Tournee", suit="♠", mats=1, without=True, result="lost"), -14),
    (True, lambda c: game(c, 2, "Tournee Grand", mats=1), 24),
    (False, lambda c: game(c, 0, "Nullo", result="lost"), -20),
    (False, lambda c: game(c, 1, "Solo", suit="♥", mats=1, announce="Schneider"), 40),
    (False, lambda c: ramsch(c, (2, 17, 88), (1, 3), "H"), -20),
]


def old_book_mix(tournee_grand: str, grand_solo: int) -> list:
    """Foster's mix under the League's or McColl's names (the same values but the Grand Solo's: the League's 20,
    McColl's Foster's 16), with their Grand Solo, and a Ramsch whose Skat goes with the last trick (120 in all)."""
    return [
        (True, lambda c: game(c, 0, "Solo", suit="♣", mats=2), 36),
        (True, lambda c: game(c, 1, "Tournee", suit="♠", mats=1, without=True, result="lost"), -14),
        (True, lambda c: game(c, 2, tournee_grand, mats=1), 24),
        (False, lambda c: game(c, 0, "Nullo", result="lost"), -20),
        (False, lambda c: game(c, 1, "Solo", suit="♥", mats=1, announce="Schneider"), 40),
        (False, lambda c: game(c, 2, "Grand Solo", mats=1), 2 * grand_solo),
        (False, lambda c: ramsch(c, (0, 25, 95), (1, 3), "H"), -20),
    ]


NASL_MIX = old_book_mix("Tournee Grand", 20)
MCCOLL_MIX = old_book_mix("Grand Tourne", 16)
ISKO_MIX = [
    (True, lambda c: game(c, 0, "♥", mats=1), 20),
    (True, lambda c: game(c, 1, "Grand", mats=2, without=True, result="lost"), -144),
    (True, lambda c: game(c, 2, "♦", mats=2), 27),
    (False, lambda c: game(c, 0, "Null"), 23),
    (False, lambda c: game(c, 1, "♣", mats=1, hand=True, announce="Schneider"), 60),
]


@dataclass
class Counted:
    actions: list[int] = field(default_factory=list)
    ordinary: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)  # from "sheet shown" (the deal open) to "deal saved"
    swipes: list[int] = field(default_factory=list)  # each deal's swipes before its taps (``IN_VIEW``)

    def add(self, other: "Counted") -> None:
        self.actions += other.actions
        self.ordinary += other.ordinary
        self.seconds += other.seconds
        self.swipes += other.swipes

    @property
    def median_ordinary(self) -> float:
        return median(self.ordinary)


def enter_mix(page, url: str, mix) -> tuple[Counted, list[int]]:
    """Enter a mix of deals from deal 1 on the sheet at ``url``; the actions of each, and the scores shown."""
    page.goto(url)
    page.locator("#deal-form").wait_for()
    counted = Counted()
    for number, (ordinary, how, _) in enumerate(mix, start=1):
        c = Controller(page)
        start = time.perf_counter()
        how(c)
        c.save(number)
        counted.seconds.append(time.perf_counter() - start)
        counted.actions.append(c.actions)
        counted.swipes.append(c.swipes)
        if ordinary:
            counted.ordinary.append(c.actions)
    return counted, [score for _, _, score in mix]
