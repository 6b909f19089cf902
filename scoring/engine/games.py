"""The games a rulebook has, as data.

Vocabulary:
    family        what is trump: a SUIT (with the four Jacks on top), GRAND (Jacks only), NULL (no
                  trumps; the player must take no trick) or RAMSCH (Jacks only, everyone for himself).
    unit          the game's unit value (Foster law 1); a suit game has one per suit (diamonds, hearts,
                  spades, clubs). A null game's unit is its whole value.
    lost factor   1, or 2 for games that lose double (Passt-mir-nicht, Gucki Grand, every game under ISkO).
    announce      whether schneider or schwarz may be announced: only in games played without the
                  Skat (Foster laws 39-41; ISkO: hand games).
    implied       an announcement the game makes by its nature: Open Grand / ouvert is schwarz announced.
    abandonable   whether the player may give the game up before a card is played (Foster law 44).
    tokens        the words that name the game, after synonyms are folded ("open" -> "ouvert");
                  a suit game adds the suit's word. The phrase parser matches the set of words.
    hand, ouvert  modern (ISkO) multipliers: one more for a game from the hand, one more for open.

``GameType`` is one row of a rulebook's table; ``Game`` is a playable game: a type with its suit
resolved, so ``unit`` is one number and ``name`` reads as the books write it ("Spade Tournee").
"""

from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import cached_property

from .text import Text, pmsg


class Family(Enum):
    SUIT = "suit"
    GRAND = "grand"
    NULL = "null"
    RAMSCH = "ramsch"

    @property
    def has_trumps(self) -> bool:
        return self in (Family.SUIT, Family.GRAND)


class Suit(IntEnum):
    """Suits in rank order for bidding and for the Jacks: clubs high, diamonds low (law 12)."""

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def word(self) -> str:
        """The singular used in the old books' game names ("club Solo")."""
        return ("diamond", "heart", "spade", "club")[self]

    @property
    def plural(self) -> str:
        return ("diamonds", "hearts", "spades", "clubs")[self]

    def label(self, plural: bool = False) -> Text:
        """The suit's word in a game's name, in any language (German: Karo, Herz, Pik, Kreuz)."""
        if plural:
            return (pmsg("suit", "Diamonds"), pmsg("suit", "Hearts"), pmsg("suit", "Spades"), pmsg("suit", "Clubs"))[self]
        return (pmsg("suit", "Diamond"), pmsg("suit", "Heart"), pmsg("suit", "Spade"), pmsg("suit", "Club"))[self]


class Announcement(IntEnum):
    NONE = 0
    SCHNEIDER = 1
    SCHWARZ = 2


SCHWARZ_NEEDS_ALL_TRICKS = 10
MAX_MATADORES = {Family.SUIT: 11, Family.GRAND: 4}


@dataclass(frozen=True)
class GameType:
    key: str
    name: str
    family: Family
    units: tuple[int, ...]  # four per suit for a SUIT game (D, H, S, C), else one
    tokens: tuple[frozenset[str], ...]
    lost_factor: int = 1
    announce: bool = False
    implied: Announcement = Announcement.NONE
    abandonable: bool = False
    in_tournaments: bool = True
    variety: bool = False  # played only by agreement (Foster: Tournee Nullo, Revolution)
    hand: bool = False  # ISkO: counts one more multiplier for playing from the hand
    ouvert: bool = False  # ISkO: counts one more multiplier for playing open
    name_in_plural: bool = False  # ISkO names games "Clubs", the old books "Club Solo"
    least_with: int = 0
    method: str = "other"  # "solo" or "tournee" for the League's prize categories  # the game needs at least "with" this many (Foster: no Open Grand without the two best Jacks)

    @property
    def from_hand(self) -> bool:
        """Played without picking up the Skat, however the rulebook counts it: a modern hand game (``hand``), an
        old book's Solo (``method`` "solo": Foster's "heart hand" is his Heart Solo), or a game every name of
        which says "hand" or "solo" (ISkO's Null Hand, whose value has no hand multiplier). The one reading of
        "hand" the statistics and the export share, under every rulebook."""
        return (self.hand or self.method == "solo"
                or all(tokens & {"hand", "solo"} for tokens in self.tokens))

    def games(self) -> list["Game"]:
        if self.family is Family.SUIT:
            return [Game(self, suit) for suit in Suit]
        return [Game(self, None)]


@dataclass(frozen=True, eq=False)  # identity: each rulebook makes its games once
class Game:
    """A playable game: a ``GameType`` with its suit."""

    type: GameType
    suit: Suit | None

    # Read several times a valuation: kept on the game once read (an Enum's hash is Python code).
    @cached_property
    def family(self) -> Family:
        return self.type.family

    @cached_property
    def unit(self) -> int:
        return self.type.units[self.suit] if self.suit is not None else self.type.units[0]

    @cached_property
    def name(self) -> str:
        if self.suit is None:
            return self.type.name
        suit = self.suit.plural if self.type.name_in_plural else self.suit.word
        return self.type.name.format(suit=suit.capitalize())

    @cached_property
    def label(self) -> Text:
        """The name in any language: its English value is ``name``; the names are the catalogue's ids
        (marked with ``N_`` in rulebooks.py), so each language writes a game as its own Skat books do."""
        if self.suit is None:
            return Text(self.type.name)
        return Text(self.type.name, None, suit=self.suit.label(self.type.name_in_plural))

    @property
    def suit_rank(self) -> int:
        """The League's order for prize ties: Grand 5, clubs 4, spades 3, hearts 2, diamonds 1; else 0."""
        if self.type.family is Family.GRAND:
            return 5
        return self.suit + 1 if self.suit is not None else 0

    @property
    def kind(self) -> str:
        """The game's kind as the statistics count it: its suit's plural ("clubs"), "grand", "null" or
        "ramsch"."""
        if self.type.family is Family.SUIT:
            return self.suit.plural
        return self.type.family.value

    @property
    def from_hand(self) -> bool:
        return self.type.from_hand

    @property
    def method(self) -> str:
        """How the game was chosen, for the prizes: "solo" (from the hand), "tournee" (a Skat card turned)
        or "other" (Simple, Gucki, Nullo...)."""
        return self.type.method

    @cached_property
    def max_matadores(self) -> int:
        return MAX_MATADORES.get(self.type.family, 0)

    def contract(self, announced: Announcement) -> Announcement:
        """What the player undertakes beyond his 61: the schneider or schwarz he announced, or the one his
        game announces by its nature (Foster's Open Grand, the League's and McColl's Grand Ouvert, every
        ISkO ouvert game: schwarz), whichever is more. The one place that says what a game must make to be
        won and what a lost game counts (law 60: what he would have won)."""
        implied = self.type.implied
        return announced if announced >= implied else implied  # max(), without its call (twice a valuation)

    def token_sets(self) -> list[frozenset[str]]:
        if self.suit is None:
            return list(self.type.tokens)
        return [tokens | {self.suit.word} for tokens in self.type.tokens]
