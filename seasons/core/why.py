"""Why a member's row of the season table says what it says, line by line: the sentences, made when a page first
reads them.

Vocabulary:
    lines        a row's explanation (``Lines``): a sequence of sentences (``Text``, said again in the reader's
                 language) made on first reading from the figures the table counted. A season of 80 members and
                 208 series has some 25,000 of them; the pages that show none (the board, the API's figures, a
                 download of the table alone) never make them.
    result lines what the member played and what became of each result (``result_lines``).
    rank lines   how the ranking placed him: a tie the stated rule settled, a shared rank, his rank and prize
                 (``rank_lines``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from fractions import Fraction

from scoring.engine.text import Joined, Text, msg

from .rules import Score, SeasonRules
from .said import Figure, money_said


class Lines(Sequence):
    """Sentences made by ``make`` when first read, then kept; equal to any sequence of the same sentences."""

    __slots__ = ("_make", "_lines")

    def __init__(self, make: Callable[[], Sequence[Text]]):
        self._make, self._lines = make, None

    def _said(self) -> tuple[Text, ...]:
        if self._lines is None:
            self._lines, self._make = tuple(self._make()), None
        return self._lines

    def __getitem__(self, index):
        return self._said()[index]

    def __len__(self) -> int:
        return len(self._said())

    def __iter__(self) -> Iterator[Text]:
        return iter(self._said())

    def __contains__(self, line) -> bool:
        return line in self._said()

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and not isinstance(other, str) and self._said() == tuple(other)

    def __hash__(self) -> int:
        return hash(self._said())

    def __repr__(self) -> str:
        return f"Lines({list(self._said())!r})"


def shown(value: int | Fraction | Decimal) -> Figure:
    """A figure for a sentence: whole numbers as they are, others to two places, with a real minus (its decimal
    mark the reader's language's when rendered: ``seasons.core.said``)."""
    if not isinstance(value, int):
        value = Fraction(value)
        value = int(value) if value.denominator == 1 else value
    text = str(value) if isinstance(value, int) else f"{float(value):.2f}"
    return Figure(value, text.replace("-", "\u2212"))


def result_lines(row, rules: SeasonRules, season_series: int, names: dict[int, str], results: Sequence,
                 worst: Sequence) -> list[Text]:
    """The lines of a row (``SeasonRow``) before ranking: what he played, each of his ``results`` (in the season's
    order) counted or dropped and why (``worst``: those counted as among the worst kept), his figures, and why he
    is not ranked."""
    played, counted, penalty = row.series_played, row.counted, row.missed * rules.missed_penalty
    lines = [msg("Played {played} of the season's {season} series ({games} games).", played=played,
                 season=season_series, games=row.games)]
    counted_ids, worst_ids = {id(r) for r in counted}, {id(r) for r in worst}
    for r in results:
        what = _result_words(r, rules, names)
        if not row.dropped and not worst:
            lines.append(msg("{result}: counted.", result=what))
        elif id(r) in worst_ids:
            lines.append(msg("{result}: counted, one of the worst {worst} kept.", result=what,
                             worst=rules.worst_kept))
        elif id(r) in counted_ids:
            lines.append(msg("{result}: counted, one of the best {best}.", result=what, best=rules.best))
        elif rules.worst_kept:
            lines.append(msg("{result}: dropped, neither one of the best {best} nor of the worst {worst} kept.",
                             result=what, best=rules.best, worst=rules.worst_kept))
        else:
            lines.append(msg("{result}: dropped, not one of the best {best}.", result=what, best=rules.best))
    counted_sum = sum(r.score for r in counted)
    lines.append(msg("Counted results: {count}, together {sum}.", count=len(counted), sum=shown(counted_sum)))
    if penalty:
        lines.append(msg("Series missed: {missed} × {penalty} = −{amount} off the total.", missed=row.missed,
                         penalty=shown(rules.missed_penalty), amount=shown(penalty)))
    lines.append(msg("Total: {total}.", total=shown(row.total)))
    if rules.score is Score.AVERAGE and row.average is not None:
        lines.append(msg("Average: {sum} over {count} counted results = {average}.", sum=shown(counted_sum),
                         count=len(counted), average=shown(row.average)))
    elif rules.score is Score.PER_GAME and row.average is not None:
        lines.append(msg("Per game: {sum} over {games} games = {average}.", sum=shown(counted_sum),
                         games=sum(r.games for r in counted), average=shown(row.average)))
    if row.figure is None:
        lines.append(msg("Not ranked: no games counted."))
    if played < rules.min_series:
        lines.append(msg("Not ranked: {played} series played, at least {least} needed.", played=played,
                         least=rules.min_series))
    if row.games < rules.min_games:
        lines.append(msg("Not ranked: {games} games played, at least {least} needed.", games=row.games,
                         least=rules.min_games))
    return lines


def _result_words(r, rules: SeasonRules, names: dict[int, str]) -> Text:
    """One result (``Result``) in words: the event, the series or place, the score (and games, per game)."""
    if rules.by_placement:
        return msg("{event}, place {place} ({score} points)", event=names[r.tournament], place=r.place,
                   score=shown(r.score))
    if rules.by_event and rules.score is Score.PER_GAME:
        return msg("{event} ({score} in {games} games)", event=names[r.tournament], score=shown(r.score),
                   games=r.games)
    if rules.by_event:
        return msg("{event} ({score})", event=names[r.tournament], score=shown(r.score))
    if rules.score is Score.PER_GAME:
        return msg("{event}, series {series} ({score} in {games} games)", event=names[r.tournament],
                   series=r.series, score=shown(r.score), games=r.games)
    return msg("{event}, series {series} ({score})", event=names[r.tournament], series=r.series,
               score=shown(r.score))


def tie_words(rules: SeasonRules) -> Text:
    """The stated tie rule in words (each rule a sentence of the catalogue)."""
    words = {"more_series": msg("more series played"), "more_games": msg("more games played"),
             "best_single": msg("the better best counted result")}
    return Joined([words[rule] for rule in rules.tie], ", ")


def rank_lines(row, rules: SeasonRules, same_figure: Sequence, group: Sequence, separated: bool, position: int,
               prize: Decimal) -> list[Text]:
    """A row's lines once ranked: its own, then how the ranking placed it among the rows of the ``same_figure``
    (``separated``: the tie rule told some of them apart) and its ``group`` (the rows sharing its rank,
    ``position`` + 1), and its ``prize``."""
    lines = list(row.explanation)
    if separated:
        lines.append(msg("Equal {figure} with {names}: placed by the tie rule ({rule}).", figure=shown(row.figure),
                         names=", ".join(r.name for r in same_figure if r is not row), rule=tie_words(rules)))
    if len(group) > 1:
        lines.append(msg("Shares rank {rank} with {names}.", rank=position + 1,
                         names=", ".join(r.name for r in group if r is not row)))
    lines.append(msg("Rank {rank}.", rank=position + 1))
    if prize:
        share = money_said(prize)
        lines.append(msg("Season prize: {amount}.", amount=share) if len(group) == 1 else
                     msg("Season prize: {amount}, an equal share of the prizes of places {first} to {last}.",
                         amount=share, first=position + 1, last=position + len(group)))
    return lines
