"""The games a controller picks with a tap, as the rulebook lists them (pure: the engine only, no Django).

Vocabulary:
    pick        one game button: ``value`` is the game type's key, with ``:<suit>`` when the button is
                already a suit (ISkO's ♣ ♠ ♥ ♦); ``family`` is the engine's (suit, grand, null).
    suit row    under the old books a suit game is two taps: the game (Tournee, Solo, ...) then its suit;
                under ISkO the suits are games themselves and Hand / Ouvert are toggles.
    phrase      the game's name as the engine writes it ("club solo", "grand"): what is stored and valued.
The engine decides everything else (values, what is valid); these are only its games laid out as buttons.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from scoring.engine import InvalidDeal, find_game, get_rulebook
from scoring.engine.games import Family, Suit

SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
SUITS_HIGH_FIRST = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)


@dataclass(frozen=True)
class Pick:
    value: str
    label: str  # in English; ``name`` says it in another language
    family: str  # "suit", "grand" or "null"
    needs_suit: bool  # the suit row follows (old books)
    announce: bool  # schneider / schwarz may be announced (a game without the Skat)
    max_matadores: int
    name: str = ""  # the game type's name as the catalogue has it ("{suit} Solo"); "" for a suit's symbol


def label_of(name: str) -> str:
    """A game type's button: its name without the suit ("{suit} Solo" is Solo, German "{suit}-Solo" too)."""
    return name.replace("{suit}", "").strip(" -")


@lru_cache(maxsize=None)
def modern(rulebook_id: str) -> bool:
    """ISkO-style books: Hand and Ouvert are toggles on a game, not games of their own."""
    return any(t.hand or t.ouvert for t in get_rulebook(rulebook_id).game_types)


@lru_cache(maxsize=None)
def picks(rulebook_id: str) -> tuple[Pick, ...]:
    """The game buttons of a rulebook, in the book's order (games barred in tournaments, the varieties
    played only by agreement and Ramsch, which is a kind of deal, are left out)."""
    rulebook = get_rulebook(rulebook_id)
    is_modern = modern(rulebook_id)
    out: list[Pick] = []
    for game_type in rulebook.game_types:
        if (game_type.family is Family.RAMSCH or not game_type.in_tournaments or game_type.variety
                or (is_modern and {"hand", "ouvert"} & set(game_type.key.split("-")))):
            continue
        family = game_type.family.value
        most = 11 if game_type.family is Family.SUIT else 4 if game_type.family is Family.GRAND else 0
        if game_type.family is Family.SUIT and is_modern:
            for suit in SUITS_HIGH_FIRST:
                out.append(Pick(f"{game_type.key}:{int(suit)}", SUIT_SYMBOLS[suit], family, False,
                                game_type.announce, most))
            continue
        out.append(Pick(game_type.key, label_of(game_type.name), family, game_type.family is Family.SUIT,
                        game_type.announce, most, game_type.name))
    return tuple(out)


def phrase(rulebook_id: str, value: str, suit: int | None) -> str | None:
    """The engine's name of a picked game ("club solo"), or None when the pick is not the book's."""
    key, _, inline_suit = value.partition(":")
    if inline_suit:
        if not (inline_suit.isascii() and inline_suit.isdigit()):  # "²" passes isdigit, not int
            return None
        suit = int(inline_suit)
    for game in get_rulebook(rulebook_id).games:
        if game.type.key == key and (game.suit is None or game.suit == suit):
            return game.name.lower()
    return None


@dataclass(frozen=True)
class Picked:
    """A stored game as the buttons give it back: the game button, the suit row's suit, and the toggles."""

    value: str
    suit: int | None
    hand: bool
    ouvert: bool


def picked(rulebook_id: str, game: str, *, hand: bool = False, ouvert: bool = False) -> Picked | None:
    """The buttons that give back a stored game (the director's correction opens with them tapped), or None
    when no button names it (a variety played by agreement: it stays typed)."""
    try:
        found = find_game(get_rulebook(rulebook_id), game, hand=hand, ouvert=ouvert)
    except InvalidDeal:
        return None
    suit = None if found.suit is None else int(found.suit)
    if modern(rulebook_id):  # ISkO: "suit-hand" is the suit's button with Hand on
        parts = found.type.key.split("-")
        value = parts[0] if suit is None else f"{parts[0]}:{suit}"
        picked_game = Picked(value, None, "hand" in parts, "ouvert" in parts)
    else:
        picked_game = Picked(found.type.key, suit, False, False)
    return picked_game if any(p.value == picked_game.value for p in picks(rulebook_id)) else None
