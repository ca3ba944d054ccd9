"""Buchholz, Sonneborn-Berger and Fore Buchholz with unplayed-rounds management.

Editions: ``2026`` and ``2024`` follow C.07 Art. 16 (the dummy opponent; the 2026
caps of 16.4.1/16.4.2); ``2009`` the SPPC 2009 virtual opponent (see
``shared/rules/sppc-2009-unplayed-games.md``).  Scores are in tenths; an SB
contribution (score x result) is in hundredths.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .codes import Tiebreak
from .editions import TiebreakEdition
from .event import BYE_TO_THE_END, Event


@dataclass(frozen=True)
class Contribution:
    """One round's part of a player's BH or SB (what ``explain`` lists for the web app)."""

    round: int
    opponent: int | None  # the opponent played, or the scheduled opponent of a forfeit
    dummy: bool  # the score is a dummy's (2024/2026, C.07 16.4) or a virtual opponent's (2009)
    score: Fraction  # the opponent's adjusted score, or the dummy's score
    result: Fraction  # the points the player scored in that round
    value: Fraction  # what the round adds: the score (BH, FB) or score x result (SB)
    vur: bool  # C.07 16.1: a voluntary unplayed round
    cut: bool = False


def adjusted_scores(event: Event, edition: TiebreakEdition) -> dict[int, int]:
    """Each participant's score as seen by the opponents (tenths)."""
    adjusted = {}
    for number, rounds in event.players.items():
        if edition.unplayed_count_as_draws:
            # SPPC 2009 7.b: every result by default counts as a draw for the opponents
            adjusted[number] = sum(r.points if r.played else event.draw for r in rounds)
        else:
            # C.07 16.3: rounds of category 16.2.5 count as draws, the others as awarded
            adjusted[number] = sum(event.draw if r.category == BYE_TO_THE_END else r.points for r in rounds)
    return adjusted


def _virtual_opponent(event: Event, number: int, index: int) -> int:
    """SPPC 2009 7.a: S_von = S_PR + (the reverse result in round R) + draw x (n - R)."""
    rounds = event.players[number]
    points = rounds[index].points
    reverse = event.loss if points >= event.win else event.draw if points == event.draw else event.win
    return sum(r.points for r in rounds[:index]) + reverse + event.draw * (event.rounds - index - 1)


def items(event: Event, number: int, tb: Tiebreak, edition: TiebreakEdition, adjusted: dict[int, int],
          cap_rounds: int) -> list[list]:
    """[round, opponent, dummy, score, result, value, vur, cut] for every round."""
    sb = tb.name == "SB"
    own = event.score[number]
    cap = event.draw * cap_rounds
    rows = []
    for index, r in enumerate(event.players[number]):
        if r.opponent is not None and (r.played or tb.forfeits_as_games):
            score, dummy, vur = adjusted[r.opponent], False, False
        elif edition.virtual_opponent:
            score, dummy, vur = _virtual_opponent(event, number, index), True, r.vur
        else:
            # C.07 16.4: a game against a dummy whose score is the participant's own
            score, dummy, vur = own, True, r.vur
            if edition.caps_dummy:
                if r.opponent is not None:
                    score = min(score, adjusted[r.opponent])  # C.07 16.4.1 (forfeits)
                elif score > cap:
                    score = cap  # C.07 16.4.2 (byes)
        rows.append([r.number, r.opponent, dummy, score, r.points, score * r.points if sb else score, vur, False])
    _cut(rows, tb, edition)
    return rows


def _cut(rows: list[list], tb: Tiebreak, edition: TiebreakEdition) -> None:
    """C.07 14.1-14.4, with the VUR exception of 16.5 (no VUR in the 2009 edition)."""
    left = list(rows)
    for _ in range(min(tb.cut_low, len(left))):
        # 14.1: the least significant value: the lowest score, then (SB) the lowest contribution
        chosen = min(left, key=lambda c: (c[3], c[5], c[0]))
        vurs = [c for c in left if c[6]]
        if vurs and edition.cuts_vur_first:
            lowest_vur = min(vurs, key=lambda c: (c[5], c[3], c[0]))
            # 16.5: cut the lowest VUR contribution instead, as long as it is not lower
            if lowest_vur[5] >= chosen[5]:
                chosen = lowest_vur
        left.remove(chosen)
        chosen[7] = True
    for _ in range(min(tb.cut_high, len(left))):
        chosen = max(left, key=lambda c: (c[3], c[5], -c[0]))  # 14.3: the most significant value
        left.remove(chosen)
        chosen[7] = True


def total(rows: list[list], tb: Tiebreak) -> Fraction:
    return Fraction(sum(c[5] for c in rows if not c[7]), 100 if tb.name == "SB" else 10)


def contributions(rows: list[list], tb: Tiebreak) -> list[Contribution]:
    scale = 100 if tb.name == "SB" else 10
    return [Contribution(rnd, opponent, dummy, Fraction(score, 10), Fraction(result, 10),
                         Fraction(value, scale), vur, cut)
            for rnd, opponent, dummy, score, result, value, vur, cut in rows]
