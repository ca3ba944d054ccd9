"""Build small TRF files for tests, independently of the engine's own writer."""

from __future__ import annotations


class TrfBuilder:
    """``TrfBuilder(6, rounds=5).game(1, 4, "1").bye(5, "H").next_round()...``

    Games are written white first: ``game(1, 4, "1")`` is 1 (white) beating 4;
    results ``1 0 =`` and forfeits ``+ -`` (white's code), ``--`` a double forfeit.
    """

    def __init__(self, players: int, rounds: int, initial: str | None = "white1", ratings=None):
        self.numbers = list(range(1, players + 1))
        self.ratings = ratings or {n: 2500 - 10 * n for n in self.numbers}
        self.total = rounds
        self.initial = initial
        self.blocks: dict[int, list[str]] = {n: [] for n in self.numbers}
        self.current: dict[int, str] = {}
        self.extra: list[str] = []
        self.scores: dict[int, str] = {}

    def game(self, white: int, black: int, result: str) -> TrfBuilder:
        other = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "--": "-"}[result]
        self.current[white] = f"{black:4d} w {result[0]}"
        self.current[black] = f"{white:4d} b {other}"
        return self

    def bye(self, player: int, code: str) -> TrfBuilder:
        self.current[player] = f"0000 - {code}"
        return self

    def next_round(self) -> TrfBuilder:
        for n in self.numbers:
            self.blocks[n].append(self.current.get(n, "0000 - Z"))
        self.current = {}
        return self

    def points(self, player: int, text: str) -> TrfBuilder:
        """The points written in the player's 001 line (columns 81-84; ``0.0`` by default)."""
        self.scores[player] = text
        return self

    def line(self, text: str) -> TrfBuilder:
        self.extra.append(text)
        return self

    def text(self) -> str:
        lines = ["012 Test tournament"]
        for n in self.numbers:
            blocks = self.blocks[n] + ([self.current[n]] if n in self.current else [])
            rounds = "".join("  " + b for b in blocks)
            name = f"Player {n}"
            lines.append(f"001 {n:4d} {'':1}{'':>3} {name:<33} {self.ratings[n]:4d} {'':3} {'':>11} "
                         f"{'':10} {self.scores.get(n, '0.0'):>4} {'':>4}{rounds}".rstrip())
        lines.append(f"XXR {self.total}")
        if self.initial:
            lines.append(f"XXC {self.initial}")
        lines += self.extra
        return "\n".join(lines) + "\n"
