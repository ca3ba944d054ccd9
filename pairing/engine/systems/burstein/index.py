"""The ranking of the players in a bracket: the 2017 text's 3.2 (Sonneborn-Berger,
Buchholz, Median, rating) and the 2026 text's Index, 1.7-1.8 (Buchholz, then
Sonneborn-Berger, then TPN).

Scores here are in tenths and never include virtual (acceleration) points
(2026 1.7.2 "Acceleration Methods"; the 2017 text has only real points).
Sonneborn-Berger is kept as points x score (hundredths): only its order matters.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.state import Player, RoundResult, RoundState


@dataclass(frozen=True)
class Opposition:
    """A player's opposition evaluation."""

    buchholz: int
    sonneborn_berger: int
    median: int


def _score(results: tuple[RoundResult, ...]) -> int:
    return sum(r.points for r in results)


def _zero_bye_run(results: tuple[RoundResult, ...]) -> int:
    """2026 1.7.2 (exception): the consecutive zero-point byes up to the current
    round (a requested zero-point bye or an absence, not a forfeit loss)."""
    run = 0
    for result in reversed(results):
        if result.played or result.points or result.code == "-":
            break
        run += 1
    return run


def opposition_2026(state: RoundState) -> dict[int, Opposition]:
    """C.04.4.2 2026 Art. 1.7.1 Buchholz and Sonneborn-Berger, with 1.7.2: a round
    a player did not play counts as a game against himself with the points
    registered; an opponent's run of zero-point byes up to the current round counts
    as draws for the benefit of his actual over-the-board opponents."""
    scores = {n: _score(results) for n, results in state.results.items()}
    as_opponent = {n: scores[n] + _zero_bye_run(results) * state.draw_points
                   for n, results in state.results.items()}
    evaluation = {}
    for player in state.players:
        buchholz = sonneborn_berger = 0
        for result in state.results.get(player.number, ()):
            if result.played and result.opponent in as_opponent:
                opponent_score = as_opponent[result.opponent]
            else:  # 1.7.2 (1): played against himself
                opponent_score = scores.get(player.number, player.score)
            buchholz += opponent_score
            sonneborn_berger += result.points * opponent_score
        evaluation[player.number] = Opposition(buchholz, sonneborn_berger, 0)
    return evaluation


def opposition_2017(state: RoundState) -> dict[int, Opposition]:
    """C.04.4.2 (2017 edition) 3.2: Sonneborn-Berger, Buchholz and Median on the
    opponents actually met (the text defines nothing for unplayed rounds: they add
    nothing; see the README).  Median: Buchholz without the highest and the lowest
    opponent's score (with at least three opponents)."""
    scores = {n: _score(results) for n, results in state.results.items()}
    evaluation = {}
    for player in state.players:
        met = [(r.points, scores[r.opponent]) for r in state.results.get(player.number, ())
               if r.played and r.opponent in scores]
        opponent_scores = sorted(s for _, s in met)
        buchholz = sum(opponent_scores)
        median = sum(opponent_scores[1:-1]) if len(opponent_scores) >= 3 else buchholz
        evaluation[player.number] = Opposition(buchholz, sum(p * s for p, s in met), median)
    return evaluation


def ranking_key_2026(evaluation: dict[int, Opposition]):
    """2026 Art. 1.8: Index (1.8.1: Buchholz, then Sonneborn-Berger), then TPN
    ascending (1.8.2); scores are not used (note to 1.8)."""
    def key(player: Player) -> tuple:
        o = evaluation[player.number]
        return (-o.buchholz, -o.sonneborn_berger, player.number)
    return key


def ranking_key_2017(evaluation: dict[int, Opposition]):
    """2017 edition 3.2: (1) SB, (2) Buchholz, (3) Median, (4) rating, highest
    first; then the pairing number (our reading: the text stops at the rating)."""
    def key(player: Player) -> tuple:
        o = evaluation[player.number]
        return (-o.sonneborn_berger, -o.buchholz, -o.median, -player.rating, player.number)
    return key
