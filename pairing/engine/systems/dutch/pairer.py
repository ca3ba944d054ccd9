"""The FIDE (Dutch) system, C.04.3: the 2017 text (Baku 2016) and the 2026 text.

The round is paired bracket by bracket from the top scoregroup down (2017 A.9,
2026 Art. 1.9.2).  Every candidate pairing of a bracket is a matching on the
graph of compatible players (the absolute criteria remove edges); the quality
criteria and the generation order of the candidates (2017 D.1-D.3, 2026 Art.
4.2-4.4) are packed, in priority order, into integer edge weights, so that the
maximum-weight matching *is* the candidate B.8 / 3.8.1 chooses: the best one by
the criteria, the earliest generated among equals.  No transposition is ever
enumerated.

Each criterion is one field of the weight; an edition of the rules is an ordered
tuple of them (:data:`CRITERIA` for 2017, :data:`CRITERIA_2026`).  Completion:
2017 pairs a bracket, then collapses the rest into the PPB/CLB if the round can
no longer be completed (A.9); 2026 keeps [C4] in every bracket.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ...core.compatibility import preferences_compatible
from ...core.criteria import Criterion, kind_weights, pack
from ...core.explanation import Step
from ...core.matching import (
    UNMATCHED,
    bits,
    even_reachable,
    join,
    lexicographic_assignment,
    max_cardinality_matching,
    max_matching_size,
)
from ...core.pairing import Progress, RoundPairing, publishing_order
from ...core.round import CheckCosts, RoundPairer, keep_optimal_prefix, solve_in_order
from ...core.state import ABSOLUTE, FLOAT_DOWN, FLOAT_UP, STRONG, Player, RoundState, invert
from ...core.weighted import Digits, WarmStart, WeightedGraph
from ...errors import NoValidPairing
from .colours import allocate_colours
from .generation import GiveUp, IdealCandidateSearch

ONE_POINT = 10  # tenths
#: the groups of a bracket's vertices in its weighted graph: the MDPs, the residents (split,
#: once the remainder's pairs are known, into their upper and lower ends), the others, and
#: the MDPs that are not paired in the bracket (while their opponents are chosen)
MDPS, RESIDENTS, OTHERS, UPPER, LOWER, IDLE = range(6)


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


#: What the criteria read of a player (see core.criteria.signature): Player fields,
#: and features of the player in the bracket (FEATURES).
MEMBERSHIP = ("in_bracket",)
COMPLETION = ("bye_candidate",)
SCORES = ("in_bracket", "pairing_score")
NEXT_2017 = ("in_bracket", "bye_candidate")
COLOURS = ("in_bracket", "colour_difference", "preference", "strength", "repeated_colour")
FLOATS = ("in_bracket", "pairing_score", "floats")
NEXT = ("in_next",)
NEXT_SCORES = ("in_next", "pairing_score")
UNPLAYED = ("in_bracket", "in_next", "pairing_score", "played_games")


def colour_exempt(state: RoundState, player: Player) -> bool:
    """C.3 (2017) / [C3] (2026 Art. 2.1.3) binds non-topscorers only; topscorers exist when the
    last round is paired (A.7 / 1.8)."""
    return state.last_round and player.topscorer


def _count_width(bracket: Bracket) -> int:
    return (3 * (bracket.size + len(bracket.lookahead)) + 1).bit_length() + 2


def _sd_width(bracket: Bracket) -> int:
    return bracket.sd_bits


def _in_bracket(bracket: Bracket, player: Player) -> bool:
    return player.order in bracket.member_orders


def _in_next(bracket: Bracket, player: Player) -> bool:
    return player.order in bracket.next_orders


def _completion(b: Bracket, h: Player, l: Player) -> int:
    # 2017 C.4 (and C.2) / 2026 [C4] (and [C2], [C5]): complete the round-pairing,
    # leaving a player who may take the PAB unpaired
    return 1 + (not b.bye_candidate(h)) + (not b.bye_candidate(l))


def _pairs(b: Bracket, h: Player, l: Player) -> int:
    return int(_in_bracket(b, l))  # C.5


def _psd(b: Bracket, h: Player, l: Player) -> int:
    # C.6: minimise the PSD, i.e. maximise what pairing h and l saves on it
    if not _in_bracket(b, l):
        return 0
    return b.downfloat_sd(h) + b.downfloat_sd(l) - b.sd(h.pairing_score - l.pairing_score)


def _next_pairs(b: Bracket, h: Player, l: Player) -> int:
    # C.7: maximise the pairs of the following bracket
    if b.lookahead_is_last:
        return _completion(b, h, l)
    return int(not _in_bracket(b, l))


def _next_psd(b: Bracket, h: Player, l: Player) -> int:
    # C.7: minimise the PSD of the following bracket
    return sum(b.downfloat_sd(p) for p in (h, l) if _in_bracket(b, p))


def _colour_difference_over_two(b: Bracket, h: Player, l: Player) -> int:
    # C.8: topscorers (or their opponents) getting a colour difference beyond +-2
    return int(_in_bracket(b, l) and not (h.imbalance > 1 and l.imbalance > 1
                                          and h.preference == l.preference))


def _three_in_a_row(b: Bracket, h: Player, l: Player) -> int:
    # C.9: topscorers (or their opponents) getting the same colour three times in a row
    if not _in_bracket(b, l):
        return 0
    if not (h.absolute and l.absolute and h.preference == l.preference):
        return 1
    if h.imbalance == l.imbalance:
        return int(l.repeated_colour is None or l.repeated_colour != h.repeated_colour)
    loser = h if h.imbalance < l.imbalance else l  # E.2: the wider difference wins
    return int(loser.repeated_colour != invert(l.preference))


def _colour_preference(b: Bracket, h: Player, l: Player) -> int:
    return int(_in_bracket(b, l) and preferences_compatible(h, l))  # C.10


def _strong_preference(b: Bracket, h: Player, l: Player) -> int:
    # C.11: players who do not get their strong (or absolute) colour preference
    if not _in_bracket(b, l):
        return 0
    strong = (ABSOLUTE, STRONG)
    return int(h.strength not in strong or l.strength not in strong
               or (h.absolute and l.absolute) or h.preference != l.preference)


def _repeated_downfloat(back: int) -> Callable[[Bracket, Player, Player], int]:
    # C.12 / C.14: a player paired in the bracket avoids a downfloat, unless he is
    # the higher of two different scores
    def value(b: Bracket, h: Player, l: Player) -> int:
        if not _in_bracket(b, l):
            return 0
        return (int(l.floats[back - 1] == FLOAT_DOWN)
                + int(h.pairing_score <= l.pairing_score and h.floats[back - 1] == FLOAT_DOWN))
    return value


def _repeated_upfloat(back: int) -> Callable[[Bracket, Player, Player], int]:
    # C.13 / C.15: the lower of two different scores receives an upfloat
    def value(b: Bracket, h: Player, l: Player) -> int:
        return -int(_in_bracket(b, l) and h.pairing_score > l.pairing_score
                    and l.floats[back - 1] == FLOAT_UP)
    return value


def _repeated_downfloat_sd(back: int) -> Callable[[Bracket, Player, Player], int]:
    # C.16 / C.18: score differences of players receiving the same downfloat again
    def value(b: Bracket, h: Player, l: Player) -> int:
        if not _in_bracket(b, l):
            return 0
        total = b.downfloat_sd(l) if l.floats[back - 1] == FLOAT_DOWN else 0
        if h.floats[back - 1] == FLOAT_DOWN:
            total += b.downfloat_sd(h)
            if h.pairing_score > l.pairing_score:
                total -= b.sd(h.pairing_score - l.pairing_score)
        return total
    return value


def _repeated_upfloat_sd(back: int) -> Callable[[Bracket, Player, Player], int]:
    # C.17 / C.19: score differences of players receiving the same upfloat again
    def value(b: Bracket, h: Player, l: Player) -> int:
        if (_in_bracket(b, l) and h.pairing_score > l.pairing_score
                and l.floats[back - 1] == FLOAT_UP):
            return -b.sd(h.pairing_score - l.pairing_score)
        return 0
    return value


def _paired_scores(b: Bracket, h: Player, l: Player) -> int:
    # 2026 [C7]: minimise the scores of the downfloaters, i.e. pair the highest ones
    return b.score_digit(h) if _in_bracket(b, l) else 0


def _next_pairs_2026(b: Bracket, h: Player, l: Player) -> int:
    # 2026 [C8] with [C6]: the most pairs in the following bracket
    return int(_in_next(b, l))


def _next_scores_2026(b: Bracket, h: Player, l: Player) -> int:
    # 2026 [C8] with [C7]: the lowest downfloater scores in the following bracket
    return b.score_digit(h) if _in_next(b, l) else 0


def _bye_unplayed_games(b: Bracket, h: Player, l: Player) -> int:
    # 2026 [C9]: the PAB assignee with the fewest unplayed games, i.e. the players
    # of the PAB score who are paired have the most unplayed games
    if not (_in_bracket(b, l) or _in_next(b, l)):
        return 0
    return sum(b.played_rounds - p.played_games for p in (h, l) if p.pairing_score == b.bye_score)


def _repeated_downfloat_scores(back: int) -> Callable[[Bracket, Player, Player], int]:
    # 2026 [C18] / [C20]: MDPs who downfloated one / two rounds before: the higher
    # their scores where they are paired, the lower the differences left to float
    def value(b: Bracket, h: Player, l: Player) -> int:
        if not _in_bracket(b, l):
            return 0
        return sum(b.score_digit(p) for p in (h, l) if p.floats[back - 1] == FLOAT_DOWN)
    return value


def _repeated_upfloat_scores(back: int) -> Callable[[Bracket, Player, Player], int]:
    # 2026 [C19] / [C21]: MDP opponents who upfloated one / two rounds before
    def value(b: Bracket, h: Player, l: Player) -> int:
        if not _in_bracket(b, l) or (h.pairing_score > l.pairing_score and l.floats[back - 1] == FLOAT_UP):
            return 0
        return b.score_digit(h)
    return value


def _after(rounds: int) -> Callable[[Bracket], bool]:
    return lambda b: b.played_rounds >= rounds


#: The criteria of the 2017 edition, most important first.
CRITERIA: tuple[Criterion, ...] = (
    Criterion("C.4", _completion, _count_width, lambda b: b.collapsing, reads=COMPLETION, role="completion"),
    Criterion("C.5", _pairs, _count_width, reads=MEMBERSHIP, role="pairs"),
    Criterion("C.6", _psd, _sd_width, reads=SCORES, role="psd"),
    Criterion("C.7 pairs", _next_pairs, _count_width, lambda b: not b.collapsing, reads=NEXT_2017, role="next_pairs"),
    Criterion("C.7 PSD", _next_psd, _sd_width, lambda b: not b.collapsing, reads=SCORES, role="next_psd"),
    Criterion("C.8", _colour_difference_over_two, _count_width, reads=COLOURS, role="topscorer_difference"),
    Criterion("C.9", _three_in_a_row, _count_width, reads=COLOURS, role="topscorer_repeat"),
    Criterion("C.10", _colour_preference, _count_width, reads=COLOURS, role="preference"),
    Criterion("C.11", _strong_preference, _count_width, reads=COLOURS, role="strong_preference"),
    Criterion("C.12", _repeated_downfloat(1), _count_width, _after(1), reads=FLOATS, role="downfloat", back=1),
    Criterion("C.13", _repeated_upfloat(1), _count_width, _after(1), reads=FLOATS, role="upfloat", back=1),
    Criterion("C.14", _repeated_downfloat(2), _count_width, _after(2), reads=FLOATS, role="downfloat", back=2),
    Criterion("C.15", _repeated_upfloat(2), _count_width, _after(2), reads=FLOATS, role="upfloat", back=2),
    Criterion("C.16", _repeated_downfloat_sd(1), _sd_width, _after(1), reads=FLOATS, role="downfloat_sd", back=1),
    Criterion("C.17", _repeated_upfloat_sd(1), _sd_width, _after(1), reads=FLOATS, role="upfloat_sd", back=1),
    Criterion("C.18", _repeated_downfloat_sd(2), _sd_width, _after(2), reads=FLOATS, role="downfloat_sd", back=2),
    Criterion("C.19", _repeated_upfloat_sd(2), _sd_width, _after(2), reads=FLOATS, role="upfloat_sd", back=2),
)


def _score_width(bracket: Bracket) -> int:
    return bracket.score_bits


def _unplayed_width(bracket: Bracket) -> int:
    return ((bracket.size + len(bracket.lookahead)) * (bracket.played_rounds + 1)).bit_length() + 1


#: The criteria of the 2026 edition (Art. 2.2-2.4), most important first.
CRITERIA_2026: tuple[Criterion, ...] = (
    Criterion("C4", _completion, _count_width, lambda b: b.collapsing, reads=COMPLETION, role="completion"),
    Criterion("C6", _pairs, _count_width, reads=MEMBERSHIP, role="pairs"),
    Criterion("C7", _paired_scores, _score_width, reads=SCORES, role="scores"),
    Criterion("C8 pairs", _next_pairs_2026, _count_width, reads=NEXT, role="next_pairs"),
    Criterion("C8 scores", _next_scores_2026, _score_width, reads=NEXT_SCORES, role="next_scores"),
    Criterion("C9", _bye_unplayed_games, _unplayed_width, lambda b: b.bye_unplayed,
              reads=UNPLAYED, role="bye_unplayed"),
    Criterion("C10", _colour_difference_over_two, _count_width, reads=COLOURS, role="topscorer_difference"),
    Criterion("C11", _three_in_a_row, _count_width, reads=COLOURS, role="topscorer_repeat"),
    Criterion("C12", _colour_preference, _count_width, reads=COLOURS, role="preference"),
    Criterion("C13", _strong_preference, _count_width, reads=COLOURS, role="strong_preference"),
    Criterion("C14", _repeated_downfloat(1), _count_width, _after(1), reads=FLOATS, role="downfloat", back=1),
    Criterion("C15", _repeated_upfloat(1), _count_width, _after(1), reads=FLOATS, role="upfloat", back=1),
    Criterion("C16", _repeated_downfloat(2), _count_width, _after(2), reads=FLOATS, role="downfloat", back=2),
    Criterion("C17", _repeated_upfloat(2), _count_width, _after(2), reads=FLOATS, role="upfloat", back=2),
    Criterion("C18", _repeated_downfloat_scores(1), _score_width, _after(1),
              reads=FLOATS, role="downfloat_score", back=1),
    Criterion("C19", _repeated_upfloat_scores(1), _score_width, _after(1), reads=FLOATS, role="upfloat_score", back=1),
    Criterion("C20", _repeated_downfloat_scores(2), _score_width, _after(2),
              reads=FLOATS, role="downfloat_score", back=2),
    Criterion("C21", _repeated_upfloat_scores(2), _score_width, _after(2), reads=FLOATS, role="upfloat_score", back=2),
)


def _must_pair(b: Bracket, h: Player, l: Player) -> int:
    # residents whose downfloat [C4]+[C8] rule out are paired first (see _one_floater_by_c8)
    return (h.order in b.must_pair) + (l.order in b.must_pair) if _in_bracket(b, l) else 0


MUST_PAIR = Criterion("[C8] floater", _must_pair, _count_width, lambda b: bool(b.must_pair),
                      reads=("in_bracket", "must_pair"), role="must_pair")

#: Features of a player in a bracket that criteria may read.
FEATURES: dict[str, Callable[[Bracket, Player], object]] = {
    "in_bracket": lambda bracket, player: _in_bracket(bracket, player),
    "in_next": lambda bracket, player: _in_next(bracket, player),
    "bye_candidate": lambda bracket, player: bracket.bye_candidate(player),
    "must_pair": lambda bracket, player: player.order in bracket.must_pair,
}


class DutchPairer(RoundPairer):
    """Pairs one round of a tournament with the Dutch system."""

    criteria: tuple[Criterion, ...] = CRITERIA
    #: steps the fast path may take in a bracket of n players (plus 4 n) before the
    #: weighted matching takes over (a step can cost a matching of its own: on the
    #: 5000-player last round, n * n / 2 steps took 17 s in walks that gave up)
    search_budget = 2000
    #: bits of D.1 transposition digits per weighted-matching solve (see
    #: :func:`~pairing.engine.core.round.solve_in_order`): wider means fewer solves of longer numbers
    transposition_bits = 256
    #: kinds of resident (by whom they may meet below) beyond which a bracket whose
    #: floater [C4] constrains is solved again over everybody left instead
    floater_kinds = 16

    def __init__(self, state: RoundState, fast_path: bool = True, edition: str = "2026",
                 progress: Progress | None = None):
        # C.1-C.3 / [C1]-[C3] as the compatibility graph; C.3 / [C3] binds non-topscorers
        # only (topscorers exist when the last round is paired: A.7 / 1.8)
        super().__init__(state, lambda player: colour_exempt(state, player))
        self.edition = edition
        if edition == "2026":
            self.criteria = CRITERIA_2026
        self.fast_path = fast_path
        self.lookahead_pairs: list[tuple[int, int]] = []
        self.progress = progress or (lambda done, total, size: None)
        #: the brackets as paired, for the explanation: (members, MDPs, pairs, floaters, label)
        self.steps: list[tuple[list[int], int, list[tuple[int, int]], list[int], str]] = []

    # -- the round ---------------------------------------------------------
    def pair(self) -> RoundPairing:
        players = self.players
        n = len(players)
        if n == 0:
            return RoundPairing([])
        everyone = list(range(n))
        completion = self.completion_mate(everyone)
        if completion is None:
            raise NoValidPairing("the players cannot all be paired without breaking the absolute "
                                 "criteria (C.1-C.3) or giving the bye to an ineligible player")
        groups: list[list[int]] = []
        for i in everyone:
            if groups and players[groups[-1][0]].pairing_score == players[i].pairing_score:
                groups[-1].append(i)
            else:
                groups.append([i])
        if self.edition == "2026":
            pairs = self._pair_brackets_2026(groups, completion)
        else:
            pairs = self._pair_brackets_2017(groups, completion)
        paired = {v for pair in pairs for v in pair}
        unpaired = [v for v in everyone if v not in paired]
        if len(unpaired) > 1:  # cannot happen once completion was checked
            raise NoValidPairing("the pairing could not be completed")
        boards = [allocate_colours(players[a], players[b], self.state) for a, b in pairs]
        bye = players[unpaired[0]] if unpaired else None
        return RoundPairing(publishing_order(boards), bye, steps=[self._step(*step) for step in self.steps])

    def _step(self, members: list[int], mdp_count: int, pairs: list[tuple[int, int]], floaters: list[int],
              label: str) -> Step:
        """A bracket as paired, in pairing numbers (see core.explanation)."""
        number = [p.number for p in self.players]
        return Step(self.players[members[mdp_count if mdp_count < len(members) else 0]].pairing_score,
                    tuple(number[v] for v in members[:mdp_count]), tuple(number[v] for v in members[mdp_count:]),
                    tuple((number[a], number[b]) for a, b in pairs), tuple(number[v] for v in floaters), label)

    def _below_cannot_follow(self, members: list[int], mdp_count: int, lower: list[int],
                             completion: dict[int, int]) -> tuple[bool, dict[int, int] | None]:
        """Whether no candidate of the bracket leaves players who can be paired with
        those ``lower`` (2017 A.9, 2026 [C4]), known before the bracket is paired; and,
        when every candidate pairs the whole bracket and they can, a pairing of them.

        Every candidate leaves the same number k of floaters (2017 C.5, 2026 [C6],
        which rank first until [C4] does; in 2026 MDPs never meet each other, Art.
        3.3.3).  With k = 0 the players below are left as they are; else each floater
        can take at most one of them, so when a maximum matching among themselves
        leaves more than k unpaired (one more for the PAB), none can follow."""
        rows = self.graph(members)
        if self.edition == "2026" and mdp_count:
            mdps = sum(1 << members[k] for k in range(mdp_count))
            for k in range(mdp_count):
                rows[members[k]] &= ~mdps
        floating = len(members) - 2 * max_matching_size(rows, vertices=members)
        if floating == 0:
            below = self.completion_mate(lower, completion)
            return below is None, below
        start = [UNMATCHED] * len(self.players)
        for v in lower:
            w = completion.get(v, -1)
            if w > v and self.compatible(v, w):
                start[v], start[w] = w, v
        unpaired = len(lower) - 2 * max_matching_size(self.graph(lower), start, vertices=lower)
        return unpaired > floating + (floating + len(lower)) % 2, None

    def _bye_from_bracket(self, members: list[int], lower: list[int]) -> bool:
        """2026 [C9] applies (its note, and reading 3 of the rules file): the bracket
        downfloats exactly one player, who will receive the PAB.  That is when nobody
        below can take the PAB (every score there is under the lowest score the PAB
        can go to, [C5]), the bracket has an odd number of players, all of whom but
        one can be paired among themselves, and the players below pair among themselves."""
        if self.bye_score is None or self.players[members[-1]].pairing_score > self.bye_score:
            return False
        return (len(members) % 2 == 1 and self.completion_mate(members) is not None
                and (not lower or self.completion_mate(lower) is not None))

    def _completion_with(self, remaining: list[int], fixed: list[tuple[int, int]],
                         mate: dict[int, int]) -> dict[int, int] | None:
        """A complete pairing of ``remaining`` that keeps the pairs ``fixed``."""
        taken = {v for pair in fixed for v in pair}
        rest = self.completion_mate([v for v in remaining if v not in taken], mate)
        if rest is None:
            return None
        for v, w in fixed:
            rest[v], rest[w] = w, v
        return rest

    def _next_bracket_value(self, pairs: Iterable[tuple[int, int]], next_group: set[int],
                            digit: dict[int, int]) -> tuple[int, int]:
        """2026 [C8] of these pairs: those whose lower player is in the next scoregroup,
        and the sum of the digits of their higher players' scores."""
        count = total = 0
        for a, b in pairs:
            h, low = min(a, b), max(a, b)  # players are indexed in Art. 1.2 order
            if low in next_group:
                count += 1
                total += digit[self.players[h].pairing_score]
        return count, total

    def _one_floater_by_c8(self, members: list[int], mdp_count: int, residents: list[int], lower: list[int],
                           next_group: list[int], mate: dict[int, int]):
        """The bracket's best candidate when one resident floats and [C4] changes what
        the following bracket can make of it ([C8]); None to solve over everybody left.

        All such candidates are equal by [C6] and [C7]; [C8] then depends on the
        floater only through whom he may meet below and whether he may take the PAB,
        so one [C4]+[C8] matching per kind of resident finds the floaters [C8] allows;
        the others are paired first, and the bracket is solved on its own criteria."""
        below = sum(1 << v for v in lower)
        kinds: dict[tuple, list[int]] = {}
        for r in residents:
            kinds.setdefault((self.rows[r] & below, self.bye_candidate(r)), []).append(r)
        if len(kinds) > self.floater_kinds:
            return None
        values = {}
        for kind, group in kinds.items():
            found = self._best_c8_below([group[0]], lower, next_group, mate)
            if found is not None:
                values[kind] = found[0]
        if not values:
            return None
        best = max(values.values())
        allowed = {r for kind, group in kinds.items() if values.get(kind) == best for r in group}
        must_pair = frozenset(self.players[r].order for r in residents if r not in allowed)
        pairs, floaters = self._pair_bracket(members, mdp_count, [], False, False, [], False, must_pair)
        if len(floaters) != 1 or floaters[0] not in allowed:
            return None
        found = self._best_c8_below(floaters, lower, next_group, mate)
        if found is None or found[0] != best:
            return None
        return pairs, floaters, found[1]

    def _best_c8_below(self, floaters: list[int], lower: list[int], next_group: list[int],
                       mate: dict[int, int]) -> tuple[tuple[int, int], dict[int, int]] | None:
        """The best [C8] value of a complete pairing of ``floaters`` and ``lower``
        (comparable between calls with the same ``lower``), and that pairing; None if
        they cannot be paired completely."""
        vertices = floaters + lower
        if self.completion_mate(vertices, mate) is None:
            return None
        n = len(vertices)
        nexts = set(next_group)
        digit = self._score_digits(vertices)
        count_bits = (3 * n + 1).bit_length() + 1
        score_bits = max(digit.values()).bit_length() + (n + 1).bit_length() + 1
        # what the weight of a pair reads of its players (vertices are in Art. 1.2 order)
        features = [(self.bye_candidate(v), v in nexts, self.players[v].pairing_score) for v in vertices]
        kinds: dict[tuple[bool, bool, int], int] = {}
        kind = [kinds.setdefault(f, len(kinds)) for f in features]
        of_kind = list(kinds)

        def weight(a: int, b: int) -> int:
            (bye_h, _, score_h), (bye_l, next_l, _) = of_kind[a], of_kind[b]
            value = 1 + (not bye_h) + (not bye_l)  # [C4]
            count, total = (1, digit[score_h]) if next_l else (0, 0)  # [C8]
            return (((value << count_bits) + count) << score_bits) + total
        result = WeightedGraph(vertices, self.rows, kind, weight).solve(update_usable=False)
        pairs = [(vertices[i], vertices[result[i]]) for i in range(n) if result[i] > i]
        if 2 * len(pairs) < n - 1:
            return None
        complete = dict.fromkeys(vertices, -1)
        for v, w in pairs:
            complete[v], complete[w] = w, v
        return self._next_bracket_value(pairs, nexts, digit), complete

    def _score_digits(self, vertices: list[int]) -> dict[int, int]:
        """One digit per score of these players, wide enough that a higher score
        outweighs any number of lower ones."""
        digit_bits = (len(vertices) + 1).bit_length() + 1
        scores = sorted({self.players[v].pairing_score for v in vertices})
        return {score: 1 << (i * digit_bits) for i, score in enumerate(scores)}

    def _completion_keeping_c8(self, floaters: list[int], lower: list[int], next_group: list[int],
                               mate: dict[int, int]) -> dict[int, int] | None:
        """A complete pairing of the players left that is as good for [C8] as the
        bracket's candidate found without [C4]; None if there is none.

        One weighted matching over the players left, on [C4] then [C8] only: if it
        reaches the candidate's [C8] value, that candidate with this pairing below is
        an optimum of the whole round's criteria, and no re-pairing of the bracket
        over everybody left is needed."""
        found = self._best_c8_below(floaters, lower, next_group, mate)
        if found is None or found[0] != self._next_bracket_value(self.lookahead_pairs, set(next_group),
                                                                 self._score_digits(floaters + lower)):
            return None
        return found[1]

    def _pair_brackets_2026(self, groups: list[list[int]], completion: dict[int, int]) -> list[tuple[int, int]]:
        """Art. 1.9.2: bracket by bracket from the top scoregroup; [C4] in each one."""
        # 2026 [C5]: fixed before the first bracket, kept reachable in every one
        self.bye_score = self.lowest_bye_score([v for g in groups for v in g])
        pairs: list[tuple[int, int]] = []
        mdps: list[int] = []
        for index, group in enumerate(groups):
            members = mdps + group
            self.progress(index, len(groups), len(members))
            lower = [v for g in groups[index + 1:] for v in g]
            next_group = groups[index + 1] if index + 1 < len(groups) else []
            bye_unplayed = self._bye_from_bracket(members, lower)
            if lower and self._below_cannot_follow(members, len(mdps), lower, completion)[0]:
                # no candidate leaves players who can be paired with those below: [C4]
                # ranks first at once
                bracket_pairs, floaters = self._pair_bracket(members, len(mdps), lower, True, False,
                                                             next_group, bye_unplayed)
                completion = self.completion_mate(floaters + lower, completion)
                if completion is None:
                    raise NoValidPairing("the pairing could not be completed")
                pairs.extend(bracket_pairs)
                self.steps.append((members, len(mdps), bracket_pairs, floaters, ""))
                mdps = floaters
                continue
            # The best candidate among the bracket and the next scoregroup is the best
            # one overall when the players left can still be paired ([C4] holds) ...
            bracket_pairs, floaters = self._pair_bracket(members, len(mdps), next_group, not lower, False,
                                                         next_group, bye_unplayed)
            if lower:
                checked = self._completion_with(floaters + lower, self.lookahead_pairs, completion)
                if checked is None and not floaters:
                    # Every player of the bracket paired: so is every candidate as good
                    # for [C6], and they all leave the same players below, so [C8]
                    # cannot tell them apart whatever [C4] does to the next bracket
                    checked = self.completion_mate(lower, completion)
                elif checked is None and not bye_unplayed:
                    checked = self._completion_keeping_c8(floaters, lower, next_group, completion)
                    if checked is None and len(floaters) == 1 and floaters[0] in group:
                        found = self._one_floater_by_c8(members, len(mdps), group, lower, next_group, completion)
                        if found is not None:
                            bracket_pairs, floaters, checked = found
                if checked is None:
                    # ... otherwise [C4] ranks first, over everybody not yet paired
                    bracket_pairs, floaters = self._pair_bracket(members, len(mdps), lower, True, False,
                                                                 next_group, bye_unplayed)
                    checked = self.completion_mate(floaters + lower, completion)
                    if checked is None:
                        raise NoValidPairing("the pairing could not be completed")
                completion = checked
            pairs.extend(bracket_pairs)
            self.steps.append((members, len(mdps), bracket_pairs, floaters, ""))
            mdps = floaters
        if len(mdps) > 1:
            # MDPs left over by the last scoregroup (who could meet none of its
            # residents) are paired among themselves, as one more bracket ([C4])
            left_over = self._pair_bracket(mdps, 0, [], True, False, [], False)[0]
            pairs.extend(left_over)
            self.steps.append((mdps, len(mdps), left_over, [], "the MDPs left over, paired among themselves"))
        self.progress(len(groups), len(groups), 0)
        return pairs

    def _pair_brackets_2017(self, groups: list[list[int]], completion: dict[int, int]) -> list[tuple[int, int]]:
        pairs: list[tuple[int, int]] = []
        mdps: list[int] = []
        next_group = 0
        collapsing = len(groups) == 1
        collapsed = False
        while next_group < len(groups):
            bracket_players = mdps + groups[next_group]
            self.progress(next_group, len(groups), len(bracket_players))
            below_mate = None
            if not collapsing:
                # when no candidate leaves players who can be paired with those below, the
                # bracket is the PPB at once (A.9)
                collapsing, below_mate = self._below_cannot_follow(
                    bracket_players, 0, [v for g in groups[next_group + 1:] for v in g], completion)
            if collapsing:
                lookahead = [v for g in groups[next_group + 1:] for v in g]
                lookahead_is_last = False
            else:
                lookahead = groups[next_group + 1]
                lookahead_is_last = next_group + 2 >= len(groups)
            bracket_pairs, floaters = self._pair_bracket(
                bracket_players, len(mdps), lookahead, collapsing, lookahead_is_last)
            if not collapsing:
                remaining = floaters + [v for g in groups[next_group + 1:] for v in g]
                checked = below_mate if below_mate is not None and not floaters else \
                    self.completion_mate(remaining, completion)
                if checked is None:
                    # A.9: this bracket is the PPB; pair it again to complete the round,
                    # and everybody below collapses into the last bracket.
                    collapsing = True
                    continue
                completion = checked
            pairs.extend(bracket_pairs)
            # A.9: the PPB is re-paired to complete the round; the CLB holds everybody below it
            label = "PPB" if collapsing and next_group + 1 < len(groups) else "CLB" if collapsed else ""
            collapsed = collapsed or label == "PPB"
            self.steps.append((bracket_players, len(mdps), bracket_pairs, floaters, label))
            mdps = floaters
            if collapsing and next_group + 1 < len(groups):
                # A.9: below the PPB, everybody forms the collapsed last bracket
                groups[next_group + 1:] = [[v for g in groups[next_group + 1:] for v in g]]
            next_group += 1
            collapsing = collapsing or next_group + 1 >= len(groups)
        self.progress(len(groups), len(groups), 0)
        return pairs

    # -- one bracket ---------------------------------------------------------
    def _pair_bracket(self, members: list[int], mdp_count: int, lookahead: list[int],
                      collapsing: bool, lookahead_is_last: bool, next_group: list[int] = (),
                      bye_unplayed: bool = False,
                      must_pair: frozenset[int] = frozenset()) -> tuple[list[tuple[int, int]], list[int]]:
        players = self.players
        bracket = Bracket([players[v] for v in members], mdp_count, [players[v] for v in lookahead],
                          collapsing, lookahead_is_last, self.state.round_number - 1,
                          [players[v] for v in next_group], self.bye_score, bye_unplayed, must_pair)
        active = [c for c in (MUST_PAIR, *self.criteria) if c.applies(bracket)]
        if self.fast_path and not (collapsing and lookahead):
            try:
                return self._ideal_candidate(bracket, members, mdp_count, lookahead, collapsing,
                                             lookahead_is_last, active)
            except GiveUp:
                pass
        return self._best_candidate(bracket, members, mdp_count, lookahead, active)

    def _best_candidate(self, bracket: Bracket, members: list[int], mdp_count: int, lookahead: list[int],
                        active: list[Criterion]) -> tuple[list[tuple[int, int]], list[int]]:
        """B.8 by weighted matching: the criteria, then the generation order, as weights."""
        players = self.players
        size = len(members)
        # the following scoregroup as a few vertices standing for it (see _lookahead_hub)
        hub = self._lookahead_hub(bracket, members, mdp_count, lookahead, active)
        vertices = members + ([-1] * hub[0] if hub is not None else lookahead)
        weighed = members if hub is not None else vertices
        kinds, weight = kind_weights(bracket, active, [players[v] for v in weighed], FEATURES)
        extra = []
        if hub is not None:
            widths = [c.width(bracket) for c in active]
            packed: dict[tuple[int, int], int] = {}
            for i, j, value in hub[1]:
                if value not in packed:
                    fields = {"next_pairs": value[0], "next_scores": value[1], "next_psd": value[1]}
                    packed[value] = pack([(fields.get(c.role, 0), width)
                                          for c, width in zip(active, widths, strict=True)])
                extra.append((i, j, packed[value]))
        graph = WeightedGraph(vertices, self.rows, kinds + [-1] * (len(vertices) - len(weighed)), weight, extra)
        # groups: the MDPs, the residents (later split into the upper and lower ends of the
        # remainder's pairs), everybody else
        graph.group[:] = bytes([MDPS] * mdp_count + [RESIDENTS] * (size - mdp_count)
                               + [OTHERS] * (len(vertices) - size))
        # 2026 Art. 3.3.3: MDPs are paired with residents, never with each other
        apart = frozenset({(MDPS, MDPS)} if self.edition == "2026" else ())
        fixed: list[tuple[int, int]] = []

        if mdp_count:
            # B.7/D.3: first choose which MDPs are paired (lowest BSNs), then their
            # opponents in transposition order (D.1), as lower fields of the weight.
            residents = size - mdp_count
            digit_width = (residents + 1).bit_length()
            sel_width = mdp_count + 1
            # The opponents' digits of all MDPs would take thousands of bits in a big
            # bracket: as far as the greedy choice holds (_mdp_greedy_opponents), it gives
            # them; where it fails, they are solved a chunk of MDPs at a time, as in
            # solve_in_order.  Every optimum pairs the same MDPs (the selection field, or
            # the count field with the MDPs not chosen kept from the residents), so the
            # chunk's best opponents are those of the whole order; its pairs leave the
            # graph.  Each chunk's optima (with the pairs fixed before) are optima of the
            # chunk before, so only the edges tight under its duals are kept, and its
            # solve starts from that one's duals and matching.
            chunk = max(1, self.transposition_bits // digit_width)
            lex_width = digit_width * chunk + 1
            digits = Digits.none(len(vertices))
            for j in range(mdp_count, size):
                digits.rank[j] = size - j
            for i in range(mdp_count):
                digits.target[i] = RESIDENTS
            selection = self._mdp_selection_at_once(graph, members, mdp_count, size, lex_width, digits, apart)
            if selection is not None:
                shift, warm, mate, apart = selection
            else:
                # the selection field: one bit per MDP, the earlier MDP outweighing all later ones
                shift = sel_width + lex_width
                for i in range(mdp_count):
                    digits.lead[i] = 1 << (mdp_count - 1 - i) << lex_width
                warm = WarmStart(symmetric=True)
                mate = graph.solve(shift, digits, apart, only_usable=True, warm=warm)  # which MDPs are paired
            start, costs = 0, CheckCosts()
            while start < mdp_count:
                # the greedy choice as far as one optimum holds it, then one chunk solved
                for i in range(mdp_count):
                    digits.place[i] = -1
                greedy = self._mdp_greedy_opponents(graph, mate, start, mdp_count, size) \
                    if costs.worth((mdp_count - start) / chunk) else None
                if greedy == []:  # no MDP left to pair
                    break
                if greedy is not None:
                    kept, mate, warm = keep_optimal_prefix(graph, greedy, mate, shift, digits, apart, warm, chunk,
                                                           costs)
                    fixed += greedy[:kept]
                    if kept == len(greedy):
                        break
                    start = greedy[kept][0]
                end = min(start + chunk, mdp_count)
                for i in range(start, end):
                    digits.place[i] = digit_width * (start + chunk - 1 - i)
                mate = costs.solve_chunk(graph, shift, digits, apart, warm)
                for i in range(start, end):
                    if mdp_count <= mate[i] < size:
                        fixed.append((i, mate[i]))
                        graph.alive[i] = graph.alive[mate[i]] = 0
                start = end
            for i in range(mdp_count):  # the MDPs left unpaired float, as every one below
                graph.group[i] = MDPS
            apart = frozenset(pair for pair in apart if IDLE not in pair)
        else:
            mate = graph.solve(0, None, apart)

        taken = {v for pair in fixed for v in pair}
        remainder = [i for i in range(mdp_count, size) if i not in taken]
        position = {v: k for k, v in enumerate(remainder)}
        remainder_pairs = sum(1 for i in remainder if mate[i] in position and mate[i] < i)
        count = len(remainder)
        # B.6/D.2: minimise the exchanges between S1R and S2R: their number, the
        # difference of the BSN sums, then which BSNs (the same in every optimum).
        fields_width = [
            (remainder_pairs + 1).bit_length() + 1,
            (remainder_pairs * count + 1).bit_length() + 1,
            remainder_pairs + (remainder_pairs + 1).bit_length() + 1,
            count + (remainder_pairs + 1).bit_length() + 1,
        ]
        exchanges = Digits.none(len(vertices))
        for i in remainder:
            a = position[i]
            in_s1 = a < remainder_pairs
            exchanges.target[i] = RESIDENTS
            exchanges.lead[i] = pack([
                (int(in_s1), fields_width[0]),
                (count - a, fields_width[1]),
                (((1 << remainder_pairs) - (1 << a)) if in_s1 else 0, fields_width[2]),
                (0 if in_s1 else 1 << (count - 1 - a), fields_width[3]),
            ])
        # without the paired MDPs; the Limbo may only float
        apart |= {(MDPS, MDPS), (MDPS, RESIDENTS)}
        # D.1 / 4.2: the remainder's upper ends in turn take the lowest partner they can.
        # The exchange fields fix the upper ends of the remainder's pairs (the same in
        # every optimum): keeping only the remainder's edges from one of them down to a
        # lower end keeps every optimum and makes the exchange fields equal in all
        # matchings, so they leave the weights.
        narrowed = apart | {(MDPS, UPPER), (MDPS, LOWER), (UPPER, UPPER), (LOWER, LOWER), (LOWER, UPPER)}
        mate = self._no_exchange(graph, remainder, remainder_pairs, mate, narrowed)
        if mate is None:
            mate = graph.solve(sum(fields_width), exchanges, apart, only_usable=True)
            for v in remainder:
                graph.group[v] = UPPER if mate[v] in position and mate[v] > v else LOWER
        final = solve_in_order(graph, remainder, self.transposition_bits, LOWER, narrowed, mate)
        pairs = [(members[i], members[j]) for i, j in fixed]
        pairs += [(members[i], members[j]) for i, j in final if i < size and j < size]
        paired = {v for pair in pairs for v in pair}
        floaters = [v for v in members if v not in paired]
        # the pairs this optimum makes in the lookahead (a floater with a lookahead
        # player, or two lookahead players), for the 2026 completion check
        if hub is not None:
            self.lookahead_pairs = self._floater_lookahead_pairs(lookahead, floaters)
        else:
            self.lookahead_pairs = [(vertices[i], vertices[j]) for i, j in final if j >= size]
        return pairs, floaters

    @staticmethod
    def _no_exchange(graph: WeightedGraph, remainder: list[int], remainder_pairs: int, mate: list[int],
                     narrowed: frozenset[tuple[int, int]]) -> list[int] | None:
        """B.6/D.2 (2026 Art. 4.3) when no exchange is needed: if S1 (the first
        ``remainder_pairs`` players of the remainder) as the upper ends still reaches the
        criteria's optimum (that of ``mate``), every exchange field is at its best, so
        those are the upper ends of every optimum: a matching reaching it over the
        remainder's edges from S1 to the others (the groups set so), without the wide
        exchange fields; else None, the groups and usable edges as they were."""
        alive = graph.alive
        best = graph.total([w if alive[v] and w >= 0 and alive[w] else -1 for v, w in enumerate(mate)])
        for k, v in enumerate(remainder):
            graph.group[v] = UPPER if k < remainder_pairs else LOWER
        usable = graph.usable_flags()
        check = graph.solve(0, None, narrowed, only_usable=True, warm=WarmStart(symmetric=True))
        if graph.total(check) == best:
            return check
        graph.restore_usable(usable)
        for v in remainder:
            graph.group[v] = RESIDENTS
        return None

    def _mdp_selection_at_once(self, graph: WeightedGraph, members: list[int], mdp_count: int, size: int,
                               lex_width: int, digits: Digits, apart: frozenset[tuple[int, int]]):
        """Which MDPs are paired (B.7/D.3, 2026 Art. 3.3.3: the earliest the criteria
        allow) without one bit per MDP in the weights, when the greedy choice holds.

        A solve weighs the criteria, then how many MDPs are paired with residents (a
        count field): no candidate the criteria leave equal pairs more than p, the count
        of this optimum.  The first MDPs having a tight edge to a resident there, p of
        them, are the selection if one optimum pairs exactly them (this one, or one more
        solve with the others kept from the residents) and no MDP before the last of
        them could be paired in a candidate the criteria leave equal: a set as good
        with another MDP before would then hold all of them and one more.

        2026: [C6] and [C7] fix how many MDPs of each score every candidate pairs (MDPs
        meet residents only, Art. 3.3.3, and [C7] weighs each pair by the score of its
        higher player, a higher score outweighing any number of lower ones), so the
        count solve has the criteria's optima and its tight edges are theirs; the
        first MDPs of each score are taken, as many as it pairs.  2017 (MDPs may meet
        each other, C.6 weighs score differences): a solve of the criteria alone first
        gives the edges any of their optima may use, and the first p MDPs with a tight
        edge to a resident there must be those of the count solve.

        The weights' shift, the warm start, an optimum pairing the MDPs chosen, and the
        groups kept apart (the MDPs not chosen are IDLE); None, groups and usable edges
        as they were, when the check fails."""
        count_width = (mdp_count + 1).bit_length() + 1
        shift = count_width + lex_width
        warm = WarmStart(symmetric=True)
        criteria_only = None  # 2017: the edges tight under the criteria alone
        if self.edition != "2026":
            graph.solve(shift, digits, apart, only_usable=True, warm=warm)  # no digits yet: the criteria
            tight = graph.usable_partners(range(mdp_count))
            criteria_only = graph.usable_flags()
        for i in range(mdp_count):
            digits.lead[i] = 1 << lex_width
        mate = graph.solve(shift, digits, apart, only_usable=True, warm=warm)
        paired = [i for i in range(mdp_count) if mdp_count <= mate[i] < size]
        partners = graph.usable_partners(range(mdp_count))
        meets = [i for i in range(mdp_count) if any(mdp_count <= j < size for j in partners[i])]
        if self.edition == "2026":
            wanted: dict[int, int] = {}  # by score, how many MDPs this optimum pairs
            for i in paired:
                score = self.players[members[i]].pairing_score
                wanted[score] = wanted.get(score, 0) + 1
            selected = []
            for i in meets:
                score = self.players[members[i]].pairing_score
                if wanted.get(score):
                    selected.append(i)
                    wanted[score] -= 1
            # the MDPs not chosen meet no resident, and still no MDP (Art. 3.3.3)
            idle = {(IDLE, RESIDENTS), (IDLE, MDPS), (MDPS, IDLE), (IDLE, IDLE)}
        else:
            selected = meets[:len(paired)]
            could = [i for i in range(mdp_count) if any(mdp_count <= j < size for j in tight[i])]
            if selected != could[:len(paired)]:
                graph.restore_usable(criteria_only)
                return None
            idle = {(IDLE, RESIDENTS)}
        chosen = set(selected)
        for i in range(mdp_count):
            if i not in chosen:
                graph.group[i] = IDLE
        apart = apart | idle
        if selected == paired:
            return shift, warm, mate, apart
        best = graph.total(mate, shift, digits)
        usable = graph.usable_flags()
        trial = WarmStart()
        trial.duals, trial.mate = warm.duals, warm.mate
        check = graph.solve(shift, digits, apart, only_usable=True, warm=trial)
        if graph.total(check, shift, digits) != best:
            graph.restore_usable(criteria_only if criteria_only is not None else usable)
            for i in range(mdp_count):
                graph.group[i] = MDPS
            return None
        return shift, trial, check, apart

    @staticmethod
    def _mdp_greedy_opponents(graph: WeightedGraph, mate: list[int], start: int, mdp_count: int,
                              size: int) -> list[tuple[int, int]] | None:
        """The MDPs' opponents (B.7/D.3, 2026 Art. 3.3.3) by the greedy choice: each MDP
        from ``start`` on that ``mate`` pairs (an optimum of the criteria and the
        selection: every optimum pairs the same MDPs), in turn, takes the first resident
        left that it meets by a usable edge (tight under the last solve's duals), as long
        as the MDPs after it can all keep one (``lexicographic_assignment``).  The
        opponents of an optimum use such edges only, so no MDP's choice in transposition
        order is earlier than this one, given those before it: the pairs that one
        optimum holds are the order's (``keep_optimal_prefix``).  None when the greedy
        choice fails; no pairs when no MDP is left to pair."""
        selected = [i for i in range(start, mdp_count) if graph.alive[i] and mdp_count <= mate[i] < size]
        if not selected:
            return []
        partners = graph.usable_partners(selected)
        residents = sum(1 << j for j in range(mdp_count, size) if graph.alive[j])
        held = sum(1 << mate[i] for i in selected)
        # every resident the MDPs do not hold counts as free: a relaxation (taking one
        # paired with another resident may be impossible), so no MDP's choice is later
        # than the one the rules give it
        return lexicographic_assignment(
            selected, {i: sum(1 << j for j in partners[i] if mdp_count <= j < size) for i in selected},
            {i: mate[i] for i in selected}, residents & ~held)

    def _lookahead_hub(self, bracket: Bracket, members: list[int], mdp_count: int, lookahead: list[int],
                       active: list[Criterion]) -> tuple[int, list[tuple[int, int, tuple[int, int]]]] | None:
        """The following scoregroup replaced by ``h`` vertices (numbered from the
        bracket's size on) and the edges ``(i, j, ([C8] pairs, [C8] score digits))``
        that join them (2017: C.7 pairs and PSD), when that provably gives the same
        optima; else None.  Written for 2026 below; the 2017 text is the same with
        C.5 for [C6], C.7 for [C8] (not when the next bracket is the last, where C.7
        is the completion) and the SD of a player floating out of the bracket for
        his score digit (a pair of two next-bracket players weighing nothing there).

        [C6] comes first, so every optimum leaves the same number k of members
        unpaired (those of a maximum matching of the bracket), and the lookahead's
        edges count in no criterion but [C8] (the others read pairs in the bracket;
        [C4] and [C9], which would, are not active).  What the lookahead adds to a
        candidate is then the best [C8] value of the floaters U with it:

        * k = 0: a constant, and the lookahead is left out (h = 0);
        * k = 1: it depends only on whether the floater f is adjacent to the
          lookahead, and to a player some maximum matching of it leaves out
          (Gallai-Edmonds): then f adds a pair; else f can still take the place of
          a lower player in one of its pairs, which the score digits prefer.  One
          vertex, joined to each member by an edge weighing his value (h = 1);
        * k >= 2, when every member and every lookahead player has at least
          (k + |L|) / 2 neighbours in the lookahead L: U and L then have a
          Hamiltonian cycle (Dirac), so every U is paired into L and the rest of L
          pairs up, all but one when k + |L| is odd; the value is that of U with a
          complete graph of h players (h >= k, h and |L| of one parity) in L's place,
          up to a constant, which is what the hub is.
        """
        if (not lookahead or bracket.lookahead_is_last
                or any(c.role in ("completion", "bye_unplayed", "must_pair") for c in active)):
            return None
        players = self.players
        scores = {players[v].pairing_score for v in lookahead}
        if len(scores) != 1 or min(players[v].pairing_score for v in members) <= min(scores):
            return None
        rows = self.graph(members)
        if self.edition == "2026":
            mdps = sum(1 << members[k] for k in range(mdp_count))
            for k in range(mdp_count):  # Art. 3.3.3: no MDP-MDP pairs
                rows[members[k]] &= ~mdps
            digit = bracket.score_digit
            low = digit(players[lookahead[0]])
        else:
            # 2017 C.7: a pair in the next bracket counts one, and the SD of its player
            # from this bracket (as if not floating further); a pair of two of its own nothing
            digit = bracket.downfloat_sd
            low = 0
        mate = max_cardinality_matching(rows, vertices=members)
        floating = sum(mate[v] == UNMATCHED for v in members)
        lookahead_mask = sum(1 << v for v in lookahead)
        size = len(members)
        if floating == 0:
            self._lookahead_mate = None
            return 0, []
        if floating == 1:
            pairs, deficient = self._lookahead_structure(lookahead)
            edges = []
            for i, f in enumerate(members):
                neighbours = self.rows[f] & lookahead_mask
                own = digit(players[f])
                if neighbours & deficient:
                    edges.append((i, size, (pairs + 1, pairs * low + own)))
                elif neighbours:
                    edges.append((i, size, (pairs, (pairs - 1) * low + own)))
                elif pairs:
                    edges.append((i, size, (pairs, pairs * low)))
            return 1, edges
        need = (floating + len(lookahead) + 1) // 2
        if any((self.rows[v] & lookahead_mask).bit_count() < need for v in members + lookahead):
            return None
        hub = floating + (floating - len(lookahead)) % 2
        if hub > len(lookahead):
            return None
        self._lookahead_mate = None
        edges = [(i, size + h, (1, digit(players[f]))) for i, f in enumerate(members) for h in range(hub)]
        edges += [(size + a, size + b, (1, low)) for a in range(hub) for b in range(a + 1, hub)]
        return hub, edges

    def _lookahead_structure(self, lookahead: list[int]) -> tuple[int, int]:
        """The size of a maximum matching of the lookahead, and (a bitmask) the
        players of it that some maximum matching leaves unpaired."""
        rows = self.graph(lookahead)
        mate = max_cardinality_matching(rows, vertices=lookahead)
        self._lookahead_mate = (lookahead, mate)
        deficient = 0
        for v in lookahead:  # one search per unmatched player (often none: a perfect matching)
            if mate[v] == UNMATCHED:
                deficient |= even_reachable(v, rows, mate)
        return sum(mate[v] != UNMATCHED for v in lookahead) // 2, deficient

    def _floater_lookahead_pairs(self, lookahead: list[int], floaters: list[int]) -> list[tuple[int, int]]:
        """A best pairing of the lookahead for [C8] with these floaters (see _lookahead_hub)."""
        if len(floaters) > 1:  # a Hamiltonian cycle: leave out one lookahead player if odd
            vertices = floaters + lookahead[:len(lookahead) - (len(floaters) + len(lookahead)) % 2]
            rows = self.graph(vertices)
            among = sum(1 << f for f in floaters)
            for f in floaters:  # floaters meet lookahead players here, not each other
                rows[f] &= ~among
            mate = max_cardinality_matching(rows, vertices=vertices)
            if any(mate[v] == UNMATCHED for v in vertices):
                raise AssertionError("Dirac's condition held, yet no perfect matching")
            return sorted({tuple(sorted((v, mate[v]))) for v in vertices})
        rows = self.graph(lookahead + floaters)
        known = getattr(self, "_lookahead_mate", None)
        mate = list(known[1]) if known and known[0] == lookahead and floaters else None
        vertices = lookahead + floaters
        mate = max_cardinality_matching(rows, mate, vertices=vertices)
        for f in floaters:
            neighbours = rows[f]
            if mate[f] == UNMATCHED and neighbours:  # take a lower player's place
                u = next(bits(neighbours))
                mate[mate[u]] = UNMATCHED
                mate[u], mate[f] = f, u
        return sorted({tuple(sorted((v, mate[v]))) for v in vertices if mate[v] != UNMATCHED})

    def _ideal_candidate(self, bracket: Bracket, members: list[int], mdp_count: int,
                         lookahead: list[int], collapsing: bool, lookahead_is_last: bool,
                         active: list[Criterion]) -> tuple[list[tuple[int, int]], list[int]]:
        """The fast path: the first candidate in generation order reaching every bound."""
        if mdp_count > 1 or self.max_pairs(members) < len(members) // 2:
            # it only accepts candidates pairing every MDP and all residents but one
            # at most: do not walk a bracket that has none
            raise GiveUp
        by_name = {c.name: c for c in active}
        lookahead_mates: dict[int, list[int]] = {}
        if not collapsing:
            lookahead_graph = self.graph(lookahead)
            lookahead_mate = max_cardinality_matching(lookahead_graph, vertices=lookahead)
            lookahead_pairs = sum(lookahead_mate[v] != UNMATCHED for v in lookahead) // 2
            start = {v: lookahead_mate[v] for v in lookahead if lookahead_mate[v] != UNMATCHED}
            lookahead_mask = sum(1 << v for v in lookahead)
        verdicts: dict[int, bool] = {}

        def floater_ok(position: int) -> bool:
            """C.4/C.7: the single downfloater costs nothing in the following bracket."""
            if position not in verdicts:
                v = members[position]
                if collapsing:
                    verdicts[position] = self.bye_candidate(v)
                elif lookahead_is_last:
                    verdicts[position] = self.completion_mate([*lookahead, v], start, no_bye=v) is not None
                else:
                    rows = list(lookahead_graph)
                    neighbours = self.rows[v] & lookahead_mask
                    join(rows, v, neighbours)
                    vertices = [*lookahead, v]
                    mate = max_cardinality_matching(rows, list(lookahead_mate), vertices=vertices,
                                                    allowed_unmatched=len(vertices) % 2)
                    size = sum(mate[u] != UNMATCHED for u in vertices) // 2
                    verdicts[position] = (size == len(vertices) // 2
                                          and (size > lookahead_pairs or bool(neighbours)))
                    if verdicts[position] and mate[v] == UNMATCHED:
                        # the same number of pairs with the floater paired (2026 [C8])
                        u = next(bits(neighbours))
                        mate[mate[u]] = UNMATCHED
                        mate[u], mate[v] = v, u
                    lookahead_mates[position] = mate
            return verdicts[position]

        search = IdealCandidateSearch(
            bracket.players, mdp_count, active,
            compatible=lambda a, b: self.compatible(members[a], members[b]),
            max_pairs=lambda positions: self.max_pairs([members[a] for a in positions]),
            value=lambda name, h, l: by_name[name].value(bracket, h, l),
            downfloat_sd=bracket.downfloat_sd, sd=bracket.sd, score_digit=bracket.score_digit,
            floater_ok=floater_ok,
            budget=self.search_budget + 4 * len(members))
        pairs = [(members[a], members[b]) for a, b in search.search()]
        paired = {v for pair in pairs for v in pair}
        floaters = [v for v in members if v not in paired]
        if self.edition == "2026" and not collapsing:  # the following bracket's pairs, for the [C4] check
            mate = lookahead_mates[members.index(floaters[0])] if floaters else lookahead_mate
            vertices = lookahead + floaters
            self.lookahead_pairs = sorted({tuple(sorted((v, mate[v]))) for v in vertices if mate[v] != UNMATCHED})
        return pairs, floaters


def pair(state: RoundState, edition, progress: Progress | None = None) -> RoundPairing:
    """Pair the round described by ``state`` with the Dutch system in ``edition``;
    ``progress`` is told of each bracket (see ``pairing.engine.pair_round``)."""
    return DutchPairer(state, edition=edition.name, progress=progress).pair()
