"""Build small Double-Swiss TRF files for tests, independently of the engine's writer: match k is
written as TRF rounds 2k-1 and 2k, the player given White has White in the first game and Black in
the second (C.04.5 4.4)."""

from __future__ import annotations

#: The opponent's code of each game code; ``x`` is a double forfeit (both ``-``).
OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "x": "-"}


class MatchBuilder:
    """``MatchBuilder(6, matches=3).match(1, 4, "1=").pab(5).next_match()...``

    ``match(1, 4, "1=")``: 1 has White in the first game and wins it, the second is drawn
    (1's codes, game by game: ``1 0 =``, forfeits ``+ -``, ``x`` both forfeit).  A player with no
    entry in a match was absent (``Z`` in both rounds)."""

    def __init__(self, players: int, matches: int, initial: str | None = "white1", ratings=None):
        self.numbers = list(range(1, players + 1))
        self.ratings = ratings or {n: 2500 - 10 * n for n in self.numbers}
        self.total = 2 * matches
        self.initial = initial
        self.blocks: dict[int, list[str]] = {n: [] for n in self.numbers}
        self.current: dict[int, tuple[str, str]] = {}
        self.extra: list[str] = []

    def match(self, white: int, black: int, results: str) -> MatchBuilder:
        one, two = results
        self.current[white] = (f"{black:4d} w {one.replace('x', '-')}", f"{black:4d} b {two.replace('x', '-')}")
        self.current[black] = (f"{white:4d} b {OTHER[one]}", f"{white:4d} w {OTHER[two]}")
        return self

    def bye(self, player: int, code: str) -> MatchBuilder:
        self.current[player] = (f"0000 - {code}", f"0000 - {code}")
        return self

    def pab(self, player: int) -> MatchBuilder:
        self.current[player] = ("0000 - U", "0000 - H")
        return self

    def next_match(self) -> MatchBuilder:
        for n in self.numbers:
            self.blocks[n] += list(self.current.get(n, ("0000 - Z", "0000 - Z")))
        self.current = {}
        return self

    def line(self, text: str) -> MatchBuilder:
        self.extra.append(text)
        return self

    def text(self) -> str:
        lines = ["012 Test Double-Swiss tournament", "192 FIDE_DOUBLESWISS"]
        for n in self.numbers:
            blocks = self.blocks[n] + list(self.current.get(n, ()))
            rounds = "".join("  " + b for b in blocks)
            lines.append(f"001 {n:4d} {'':1}{'':>3} {'Player ' + str(n):<33} {self.ratings[n]:4d} {'':3} {'':>11} "
                         f"{'':10} {'0.0':>4} {'':>4}{rounds}".rstrip())
        lines.append(f"XXR {self.total}")
        if self.initial:
            lines.append(f"XXC {self.initial}")
        lines += self.extra
        return "\n".join(lines) + "\n"
