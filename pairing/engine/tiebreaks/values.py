"""The value of every tie-break of C.07 Art. 5 for every participant (DE is in ranking).

Scores are computed in tenths and returned as ``Fraction`` points; counts and
ratings are ``int``; an undefined value is ``None``.
"""

from __future__ import annotations

from fractions import Fraction

from . import buchholz, rating
from .codes import Tiebreak
from .editions import TiebreakEdition
from .event import Event


def _points(tenths: int) -> Fraction:
    return Fraction(tenths, 10)


class Calculator:
    """One tournament, edition and number of rounds; values are cached per code."""

    def __init__(self, event: Event, edition: TiebreakEdition, cap_rounds: str = "played"):
        self.event = event
        self.edition = edition
        # C.07 16.4.2 "number of rounds": the rounds counted (default) or those announced
        self.cap_rounds = event.announced_rounds if cap_rounds == "announced" else event.rounds
        self._fore: Event | None = None
        self._adjusted: dict[int, dict[int, int]] = {}
        self._cache: dict[Tiebreak, dict] = {}

    # -- what the Buchholz family shares
    def fore_event(self) -> Event:
        if self._fore is None:
            self._fore = self.event.fore()
        return self._fore

    def adjusted(self, event: Event) -> dict[int, int]:
        if id(event) not in self._adjusted:
            self._adjusted[id(event)] = buchholz.adjusted_scores(event, self.edition)
        return self._adjusted[id(event)]

    def items(self, tb: Tiebreak, number: int) -> list[list]:
        """BH, SB or FB of one participant, round by round, with the cuts marked."""
        event = self.fore_event() if tb.name == "FB" else self.event  # 8.3
        return buchholz.items(event, number, tb, self.edition, self.adjusted(event), self.cap_rounds)

    # -- values
    def values(self, tb: Tiebreak) -> dict[int, object]:
        key = Tiebreak(code="", **{k: v for k, v in tb.__dict__.items() if k != "code"})
        if key not in self._cache:
            self._cache[key] = getattr(self, "_" + tb.name.lower())(tb)
        return self._cache[key]

    def _each(self, function) -> dict[int, object]:
        return {n: function(self.event.players[n]) for n in self.event.numbers}

    def _pts(self, tb):
        return {n: _points(s) for n, s in self.event.score.items()}

    def _win(self, tb):
        win = self.event.win  # 7.1: rounds with a win's points, with or without playing
        return self._each(lambda rs: sum(1 for r in rs if r.points == win))

    def _won(self, tb):
        win = self.event.win  # 7.2: games won over the board
        return self._each(lambda rs: sum(1 for r in rs if r.played and r.points == win))

    def _bpg(self, tb):
        # 7.3: games played over the board with Black
        return self._each(lambda rs: sum(1 for r in rs if r.played and r.colour == "b"))

    def _bwg(self, tb):
        win = self.event.win  # 7.4: games won over the board with Black
        return self._each(lambda rs: sum(1 for r in rs if r.played and r.colour == "b" and r.points == win))

    def _ps(self, tb):
        # 7.5: the sum of the running scores; 14.1 Cut-1 drops the score after round 1
        def progressive(rs):
            running = total = 0
            for r in rs:
                running += r.points
                if r.number > tb.cut_low:
                    total += running
            return _points(total)
        return self._each(progressive)

    def _rep(self, tb):
        # 7.6: the rounds minus the half-point byes, zero-point byes and forfeit losses
        return self._each(lambda rs: sum(1 for r in rs if r.code not in ("H", "Z", "-")))

    def _std(self, tb):
        # 7.7: 1 for more points than the scheduled opponent (without playing: more than a
        # draw), 1/2 for the same; so a double forfeit (0 against 0) scores 1/2
        players, draw = self.event.players, self.event.draw

        def standard(rs):
            halves = 0
            for r in rs:
                other = players[r.opponent][r.number - 1].points if r.opponent is not None else draw
                halves += 2 if r.points > other else 1 if r.points == other else 0
            return Fraction(halves, 2)
        return self._each(standard)

    def _tpn(self, tb):
        return {n: n for n in self.event.numbers}  # 7.8

    def _bh(self, tb):
        # 8.1 / 9.1 / 8.3 with the unplayed rounds of Art. 16
        return {n: buchholz.total(self.items(tb, n), tb) for n in self.event.numbers}

    _sb = _fb = _bh

    def _aob(self, tb):
        # 8.2: the average Buchholz of the opponents played over the board (/F: Fore Buchholz)
        bh = self.values(Tiebreak(code="", name="FB" if tb.fore else "BH"))
        averages = {}
        for n in self.event.numbers:
            opponents = [r.opponent for r in self.event.games(n)]
            averages[n] = sum(bh[o] for o in opponents) / len(opponents) if opponents else None
        return averages

    def _ks(self, tb):
        # 9.2: the points scored against the opponents with at least 50 % of the maximum score
        # (14.5: /L moves the limit in half-point steps).  Every round with a scheduled
        # opponent counts, as the forfeits of a round robin do (15.2).
        event = self.event
        limit = Fraction(tb.limit_percent * event.win * event.rounds, 100) + Fraction(tb.limit_halves * event.win, 2)
        return self._each(lambda rs: _points(sum(r.points for r in rs if r.opponent is not None
                                                 and event.score[r.opponent] >= limit)))

    # -- Art. 10
    def _ratings(self, tb) -> dict[int, int] | None:
        """Every player's rating; None when somebody is unrated and /U gives no rating (Art. 10)."""
        ratings = {n: r if r is not None else tb.unrated for n, r in self.event.ratings.items()}
        return None if any(r is None for r in ratings.values()) else ratings

    def _rating_values(self, tb, function):
        ratings = self._ratings(tb)
        if ratings is None:
            return dict.fromkeys(self.event.numbers)
        values = {}
        for n in self.event.numbers:
            games = self.event.games(n)  # Art. 10 counts the games played over the board
            halves = sum(self.event.rating_result(r) for r in games)
            values[n] = function([ratings[r.opponent] for r in games], Fraction(halves, 2))
        return values

    def _aro(self, tb):
        return self._rating_values(tb, lambda rs, pts: rating.aro(rs, tb.cut_low, tb.cut_high))  # 10.1

    def _tpr(self, tb):
        return self._rating_values(tb, lambda rs, pts: rating.tpr(pts, rs))  # 10.2

    def _ptp(self, tb):
        return self._rating_values(tb, lambda rs, pts: rating.ptp(pts, rs))  # 10.3

    def _average_of_opponents(self, tb, name):
        performance = self.values(Tiebreak(code="", name=name, unrated=tb.unrated))
        result = {}
        for n in self.event.numbers:
            values = [performance[r.opponent] for r in self.event.games(n)]
            result[n] = rating.average([v for v in values if v is not None])
        return result

    def _apro(self, tb):
        return self._average_of_opponents(tb, "TPR")  # 10.4

    def _appo(self, tb):
        return self._average_of_opponents(tb, "PTP")  # 10.5

    def _rtng(self, tb):
        ratings = self._ratings(tb)  # 10.6
        return {n: None if ratings is None else ratings[n] for n in self.event.numbers}
