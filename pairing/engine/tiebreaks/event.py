"""The tournament as the tie-breaks see it: every round of every player, classified (C.07 Arts. 15-16).

Points are kept in tenths (integers, as in ``trf.Scoring``) so that every sum is
exact and fast; the public API turns them into ``Fraction`` points.  Accelerated
(virtual) points never enter a tie-break: only the results are read.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..trf import ABSENT, PLAYED_CODES, RoundEntry, TrfDocument

#: C.07 16.2 categories of unplayed rounds.
PAB, FORFEIT_WIN, BYE_THEN_PLAYED, FORFEIT_LOSS, BYE_TO_THE_END = 1, 2, 3, 4, 5
REQUESTED_BYES = frozenset("HZ")  # 16.1: half- and zero-point byes (absences and withdrawals are Z)


@dataclass(frozen=True)
class Round:
    number: int
    opponent: int | None  # the scheduled opponent (also for forfeits), None for a bye
    colour: str | None
    code: str
    points: int  # tenths of a point awarded, in the tournament's scoring
    played: bool  # a game over the board
    vur: bool  # C.07 16.1: a requested bye or a forfeit loss
    category: int | None  # C.07 16.2 category of an unplayed round, None for a game

    @property
    def forfeit(self) -> bool:
        return self.opponent is not None and not self.played


class Event:
    """Players' rounds 1..``rounds``; a missing round is a zero-point absence."""

    def __init__(self, document: TrfDocument, rounds: int | None = None,
                 entries: dict[int, list[RoundEntry]] | None = None):
        self.document = document
        self.rounds = document.finished_rounds if rounds is None else rounds
        #: rounds announced (XXR / 142), at least the rounds counted
        self.announced_rounds = max(document.total_rounds or 0, self.rounds)
        scoring = document.scoring
        self.scoring = scoring
        self.win, self.draw, self.loss = scoring.win, scoring.draw, scoring.loss  # tenths
        self.numbers = sorted(document.players)
        self.ratings = {n: document.players[n].rating or None for n in self.numbers}
        self.players: dict[int, list[Round]] = {}
        for number in self.numbers:
            raw = entries[number] if entries is not None else document.players[number].rounds
            raw = list(raw[:self.rounds]) + [ABSENT] * (self.rounds - len(raw))
            self.players[number] = self._classify(raw)
        self.score = {n: sum(r.points for r in rs) for n, rs in self.players.items()}  # tenths

    def _classify(self, entries: list[RoundEntry]) -> list[Round]:
        vurs = []
        for entry in entries:
            played = entry.opponent is not None and entry.code in PLAYED_CODES
            vurs.append(not played and (entry.code in REQUESTED_BYES or entry.code == "-"))
        rounds = []
        for index, entry in enumerate(entries):
            played = entry.opponent is not None and entry.code in PLAYED_CODES
            category = None
            if not played:
                if entry.code == "-":
                    category = FORFEIT_LOSS  # 16.2.4
                elif entry.code == "+" and entry.opponent is not None:
                    category = FORFEIT_WIN  # 16.2.2
                elif entry.code in REQUESTED_BYES:
                    # 16.2.3 / 16.2.5: followed by a round that is not a VUR, or only by VURs
                    category = BYE_THEN_PLAYED if not all(vurs[index + 1:]) else BYE_TO_THE_END
                else:
                    category = PAB  # 16.2.1: U, F (and + without an opponent)
            rounds.append(Round(index + 1, entry.opponent, entry.colour, entry.code,
                                self.scoring.points(entry.code), played, vurs[index], category))
        return rounds

    def games(self, number: int, forfeits: bool = False):
        """Rounds with an opponent over the board (and the forfeits if ``forfeits``)."""
        return [r for r in self.players[number]
                if r.opponent is not None and (r.played or forfeits)]

    @staticmethod
    def rating_result(r: Round) -> int:
        """The game's result in half points on the 1 / ½ / 0 scale of the rating regulations."""
        return {"1": 2, "W": 2, "=": 1, "D": 1}.get(r.code, 0)

    def fore(self) -> Event:
        """C.07 8.3: the tournament as if every paired game of the final round were drawn."""
        last = self.rounds
        entries = {}
        for number in self.numbers:
            raw = [RoundEntry(r.opponent, r.colour, r.code) for r in self.players[number]]
            if raw and raw[-1].opponent is not None:
                raw[-1] = RoundEntry(raw[-1].opponent, raw[-1].colour or "w", "=")
            entries[number] = raw
        return Event(self.document, last, entries)
