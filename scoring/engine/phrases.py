"""Games named as the books write them: "spade tournee", "passt-mir-nicht grand", "grand ouvert".

A phrase is folded into a set of words (``tokens``): case and hyphens are ignored, synonyms become
one word ("open" and "ouvert"; "gucki" and "guckser"; "null" and "nullo"; "clubs" and "club";
"passt-mir-nicht" and "passt nicht"), and filler words are dropped. The rulebook's index maps each
word set to its game, so "grand ouvert" and "open grand" are the same game, and word order never
matters. The flags ``hand``, ``ouvert`` and ``second_card`` add their word to the set.
"""

from functools import lru_cache
import re

from .errors import InvalidDeal
from .games import Game
from .rulebooks import Rulebook

_PHRASE_REWRITES = (
    (re.compile(r"passt\s+mir\s+nicht|pass\s+mir\s+nicht|passt\s+nicht|passe\s+nicht"), "passt"),
    (re.compile(r"call\s+play"), "simple"),
    (re.compile(r"second\s+card"), "passt"),
    (re.compile(r"first\s+card"), "tournee"),
)

_SYNONYMS = {
    "clubs": "club", "kreuz": "club", "eichel": "club",
    "spades": "spade", "pik": "spade", "grün": "spade", "grun": "spade",
    "hearts": "heart", "herz": "heart", "rot": "heart",
    "diamonds": "diamond", "karo": "diamond", "schellen": "diamond",
    "open": "ouvert", "offen": "ouvert", "ouvertes": "ouvert",
    "guckser": "gucki", "gucksen": "gucki",
    "tourne": "tournee", "tourné": "tournee", "tournée": "tournee",
    "null": "nullo",
    "frage": "simple",
    "from": None, "the": None, "game": None, "a": None, "in": None, "on": None, "play": None,
}

MAX_PHRASE_LENGTH = 60


def fold(phrase: str) -> frozenset[str]:
    """The word set of a phrase (see the module docstring)."""
    text = phrase.strip().lower().replace("-", " ").replace("_", " ")
    for pattern, word in _PHRASE_REWRITES:
        text = pattern.sub(word, text)
    words = set()
    for word in text.split():
        word = _SYNONYMS.get(word, word)
        if word:
            words.add(word)
    return frozenset(words)


def find_game(rulebook: Rulebook, phrase, *, hand: bool = False, ouvert: bool = False, second_card: bool = False) -> Game:
    """The rulebook's game a phrase names, or ``InvalidDeal`` on field ``game`` listing what is valid."""
    if not isinstance(phrase, str) or not phrase.strip():
        raise InvalidDeal("game", f"name the game, e.g. {_examples(rulebook)}")
    if len(phrase) > MAX_PHRASE_LENGTH:
        raise InvalidDeal("game", f"a game's name is at most {MAX_PHRASE_LENGTH} characters")
    return _find_game(rulebook, phrase, hand, ouvert, second_card)


@lru_cache(maxsize=4096)
def _find_game(rulebook: Rulebook, phrase: str, hand: bool, ouvert: bool, second_card: bool) -> Game:
    tokens = set(fold(phrase))
    if hand:
        tokens.add("hand")
    if ouvert:
        tokens.add("ouvert")
    if second_card:
        tokens.add("passt")
    tokens = frozenset(tokens)
    game = rulebook.games_by_tokens.get(tokens)
    if game is not None:
        return game
    candidates = sorted({g.name for key, g in rulebook.games_by_tokens.items() if tokens < key}, key=_name_order(rulebook))
    flags = "".join(
        f" with {flag}" for flag, on in (("hand", hand), ("ouvert", ouvert), ("second card", second_card)) if on
    )
    if tokens == {"ramsch"}:
        raise InvalidDeal("game", f"{rulebook.id} has no Ramsch: when all pass, the deal is {rulebook.all_passed}")
    if candidates:
        raise InvalidDeal("game", f"{phrase!r}{flags} could be {_or_list(candidates)}: say which")
    raise InvalidDeal(
        "game", f"{phrase!r}{flags} is no game of {rulebook.id}; its games are {_or_list(_type_names(rulebook))}"
    )


def _name_order(rulebook: Rulebook):
    order = {g.name: i for i, g in enumerate(rulebook.games)}
    return lambda name: order[name]


def _type_names(rulebook: Rulebook) -> list[str]:
    return [t.name.format(suit="<Suit>").strip() for t in rulebook.game_types]


def _examples(rulebook: Rulebook) -> str:
    return _or_list([f'"{g.name.lower()}"' for g in rulebook.games[4::6]][:4])


def _or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
