"""A pairing bracket of the Dutch system (2017 A.3, 2026 Art. 1.3) as the weights see it:
its players (MDPs first, then residents), the next scoregroup it looks ahead to, and the
digits its criteria weigh scores and score differences in."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.state import Player

ONE_POINT = 10  # tenths


@dataclass
class Bracket:
    """A pairing bracket (A.3) and what the weights need to know about it."""

    players: list[Player]          # MDPs first, then residents, each in A.2 order
    mdp_count: int                 # M0
    lookahead: list[Player]        # next scoregroup (C.7), or everyone left (C.4)
    collapsing: bool               # PPB re-paired with C.4, or the last bracket
    lookahead_is_last: bool        # the next bracket is the last one
    played_rounds: int
    next_group: list[Player] = field(default_factory=list)  # 2026 [C8]: the following scoregroup
    bye_score: int | None = None   # 2026 [C5]: the lowest score the PAB assignee can have
    bye_unplayed: bool = False     # 2026 [C9] applies: the bracket's one downfloater gets the PAB
    must_pair: frozenset[int] = frozenset()  # orders of residents who may not float (see _one_floater_by_c8)

    def __post_init__(self) -> None:
        vertices = self.players + self.lookahead
        self.size = len(self.players)
        self.member_orders = {p.order for p in self.players}
        self.next_orders = {p.order for p in self.next_group}
        # 2026: one digit per score, wide enough that one higher score outweighs any
        # number of lower ones ([C7], [C8], [C18]-[C21] compare scores in descending order)
        self.score_digit_bits = (2 * len(vertices) + 1).bit_length() + 1
        self.score_shift = {s: i * self.score_digit_bits
                            for i, s in enumerate(sorted({p.pairing_score for p in vertices}))}
        self.score_bits = self.score_digit_bits * len(self.score_shift) + 2
        self.min_score = min(p.pairing_score for p in vertices)
        differences = {p.pairing_score - self.min_score + ONE_POINT for p in vertices}
        scores = sorted({p.pairing_score for p in vertices})
        differences.update(b - a for i, a in enumerate(scores) for b in scores[i:])
        # One digit per score difference (A.8), wide enough that one larger SD
        # outweighs any number of smaller ones: sums of them compare like PSDs.
        self.sd_digit_bits = (2 * len(vertices) + 1).bit_length() + 1
        self.sd_shift = {d: i * self.sd_digit_bits for i, d in enumerate(sorted(differences))}
        self.sd_bits = self.sd_digit_bits * len(differences) + 2

    def score_digit(self, player: Player) -> int:
        return 1 << self.score_shift[player.pairing_score]

    def bye_candidate(self, player: Player) -> bool:
        """C.04.1 bye eligibility; in 2026 also [C5]: no score above the lowest possible."""
        return player.bye_eligible and (self.bye_score is None or player.pairing_score <= self.bye_score)

    def sd(self, difference: int) -> int:
        """The weight of one score difference in a PSD-like sum."""
        return 1 << self.sd_shift[difference]

    def downfloat_sd(self, player: Player) -> int:
        """A.8: the SD of a downfloater, against one point below the lowest score."""
        return self.sd(player.pairing_score - self.min_score + ONE_POINT)


def in_bracket(bracket: Bracket, player: Player) -> bool:
    return player.order in bracket.member_orders


def in_next(bracket: Bracket, player: Player) -> bool:
    return player.order in bracket.next_orders


def scoregroups(players: list[Player]) -> list[list[int]]:
    """The scoregroups (2017 A.3, 2026 Art. 1.3) of ``players``, who are in pairing order
    (2017 A.2, 2026 Art. 1.2): each the indices of its players, the highest score first."""
    groups: list[list[int]] = []
    for i, player in enumerate(players):
        if groups and players[groups[-1][0]].pairing_score == player.pairing_score:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups
