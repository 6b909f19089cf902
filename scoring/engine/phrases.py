"""Games named as the books write them: "spade tournee", "passt-mir-nicht grand", "grand ouvert".

A phrase is folded into a set of words (``tokens``): case and hyphens are ignored, synonyms become
one word ("open" and "ouvert"; "gucki" and "guckser"; "null" and "nullo"; "clubs" and "club";
"passt-mir-nicht" and "passt nicht"), and filler words are dropped. The rulebook's index maps each
word set to its game, so "grand ouvert" and "open grand" are the same game, and word order never
matters. The flags ``hand``, ``ouvert`` and ``second_card`` add their word to the set.
"""

import re
from functools import lru_cache

from .errors import InvalidDeal
from .games import Game
from .rulebooks import Rulebook, short_name
from .text import Joined, Text, msg, or_list

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
        raise InvalidDeal("game", msg("name the game, e.g. {examples}", examples=_examples(rulebook)))
    if len(phrase) > MAX_PHRASE_LENGTH:
        raise InvalidDeal("game", msg("a game's name is at most {most} characters", most=MAX_PHRASE_LENGTH))
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
    candidates = sorted({g for key, g in rulebook.games_by_tokens.items() if tokens < key}, key=_name_order(rulebook))
    flags = Joined(
        flag for flag, on in ((msg(" with hand"), hand), (msg(" with ouvert"), ouvert),
                              (msg(" with second card"), second_card)) if on
    )
    if tokens == {"ramsch"}:
        raise InvalidDeal("game", no_ramsch(rulebook))
    if candidates:
        raise InvalidDeal("game", msg("{phrase!r}{flags} could be {games}: say which", phrase=phrase, flags=flags,
                                      games=or_list([g.label for g in candidates])))
    raise InvalidDeal("game", msg("{phrase!r}{flags} is no game of {rulebook}; its games are {games}", phrase=phrase,
                                  flags=flags, rulebook=short_name(rulebook), games=or_list(_type_names(rulebook))))


def no_ramsch(rulebook: Rulebook) -> Text:
    if rulebook.all_passed == "thrown in":
        return msg("{rulebook} has no Ramsch: when all pass, the deal is thrown in", rulebook=short_name(rulebook))
    return msg("{rulebook} has no Ramsch: when all pass, the deal is {what}", rulebook=short_name(rulebook),
               what=rulebook.all_passed)


def _name_order(rulebook: Rulebook):
    order = {g: i for i, g in enumerate(rulebook.games)}
    return lambda game: order[game]


def _type_names(rulebook: Rulebook) -> list[Text]:
    return [Text(t.name, None, suit=msg("<Suit>")) for t in rulebook.game_types]


def _examples(rulebook: Rulebook) -> Text:
    # The games' names in the reader's language ("Karo Hand" on a German phone): the parser reads both.
    return or_list([msg('"{game}"', game=g.label) for g in rulebook.games[4::6]][:4])
