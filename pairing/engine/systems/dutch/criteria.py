"""The quality criteria of the Dutch system as fields of an integer edge weight
(core.criteria), most important first: 2017 C.4-C.19, 2026 Art. 2.2-2.4 [C4]-[C21]."""

from __future__ import annotations

from collections.abc import Callable

from ...core.compatibility import preferences_compatible
from ...core.criteria import Criterion
from ...core.state import ABSOLUTE, FLOAT_DOWN, FLOAT_UP, STRONG, Player, invert
from .bracket import Bracket, in_bracket, in_next

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

def _count_width(bracket: Bracket) -> int:
    return (3 * (bracket.size + len(bracket.lookahead)) + 1).bit_length() + 2


def _sd_width(bracket: Bracket) -> int:
    return bracket.sd_bits


def _completion(b: Bracket, h: Player, l: Player) -> int:
    # 2017 C.4 (and C.2) / 2026 [C4] (and [C2], [C5]): complete the round-pairing,
    # leaving a player who may take the PAB unpaired
    return 1 + (not b.bye_candidate(h)) + (not b.bye_candidate(l))


def _pairs(b: Bracket, h: Player, l: Player) -> int:
    return int(in_bracket(b, l))  # C.5


def _psd(b: Bracket, h: Player, l: Player) -> int:
    # C.6: minimise the PSD, i.e. maximise what pairing h and l saves on it
    if not in_bracket(b, l):
        return 0
    return b.downfloat_sd(h) + b.downfloat_sd(l) - b.sd(h.pairing_score - l.pairing_score)


def _next_pairs(b: Bracket, h: Player, l: Player) -> int:
    # C.7: maximise the pairs of the following bracket
    if b.lookahead_is_last:
        return _completion(b, h, l)
    return int(not in_bracket(b, l))


def _next_psd(b: Bracket, h: Player, l: Player) -> int:
    # C.7: minimise the PSD of the following bracket
    return sum(b.downfloat_sd(p) for p in (h, l) if in_bracket(b, p))


def _colour_difference_over_two(b: Bracket, h: Player, l: Player) -> int:
    # C.8: topscorers (or their opponents) getting a colour difference beyond +-2
    return int(in_bracket(b, l) and not (h.imbalance > 1 and l.imbalance > 1
                                          and h.preference == l.preference))


def _three_in_a_row(b: Bracket, h: Player, l: Player) -> int:
    # C.9: topscorers (or their opponents) getting the same colour three times in a row
    if not in_bracket(b, l):
        return 0
    if not (h.absolute and l.absolute and h.preference == l.preference):
        return 1
    if h.imbalance == l.imbalance:
        return int(l.repeated_colour is None or l.repeated_colour != h.repeated_colour)
    loser = h if h.imbalance < l.imbalance else l  # E.2: the wider difference wins
    return int(loser.repeated_colour != invert(l.preference))


def _colour_preference(b: Bracket, h: Player, l: Player) -> int:
    return int(in_bracket(b, l) and preferences_compatible(h, l))  # C.10


def _strong_preference(b: Bracket, h: Player, l: Player) -> int:
    # C.11: players who do not get their strong (or absolute) colour preference
    if not in_bracket(b, l):
        return 0
    strong = (ABSOLUTE, STRONG)
    return int(h.strength not in strong or l.strength not in strong
               or (h.absolute and l.absolute) or h.preference != l.preference)


def _repeated_downfloat(back: int) -> Callable[[Bracket, Player, Player], int]:
    # C.12 / C.14: a player paired in the bracket avoids a downfloat, unless he is
    # the higher of two different scores
    def value(b: Bracket, h: Player, l: Player) -> int:
        if not in_bracket(b, l):
            return 0
        return (int(l.floats[back - 1] == FLOAT_DOWN)
                + int(h.pairing_score <= l.pairing_score and h.floats[back - 1] == FLOAT_DOWN))
    return value


def _repeated_upfloat(back: int) -> Callable[[Bracket, Player, Player], int]:
    # C.13 / C.15: the lower of two different scores receives an upfloat
    def value(b: Bracket, h: Player, l: Player) -> int:
        return -int(in_bracket(b, l) and h.pairing_score > l.pairing_score
                    and l.floats[back - 1] == FLOAT_UP)
    return value


def _repeated_downfloat_sd(back: int) -> Callable[[Bracket, Player, Player], int]:
    # C.16 / C.18: score differences of players receiving the same downfloat again
    def value(b: Bracket, h: Player, l: Player) -> int:
        if not in_bracket(b, l):
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
        if (in_bracket(b, l) and h.pairing_score > l.pairing_score
                and l.floats[back - 1] == FLOAT_UP):
            return -b.sd(h.pairing_score - l.pairing_score)
        return 0
    return value


def _paired_scores(b: Bracket, h: Player, l: Player) -> int:
    # 2026 [C7]: minimise the scores of the downfloaters, i.e. pair the highest ones
    return b.score_digit(h) if in_bracket(b, l) else 0


def _next_pairs_2026(b: Bracket, h: Player, l: Player) -> int:
    # 2026 [C8] with [C6]: the most pairs in the following bracket
    return int(in_next(b, l))


def _next_scores_2026(b: Bracket, h: Player, l: Player) -> int:
    # 2026 [C8] with [C7]: the lowest downfloater scores in the following bracket
    return b.score_digit(h) if in_next(b, l) else 0


def _bye_unplayed_games(b: Bracket, h: Player, l: Player) -> int:
    # 2026 [C9]: the PAB assignee with the fewest unplayed games, i.e. the players
    # of the PAB score who are paired have the most unplayed games
    if not (in_bracket(b, l) or in_next(b, l)):
        return 0
    return sum(b.played_rounds - p.played_games for p in (h, l) if p.pairing_score == b.bye_score)


def _repeated_downfloat_scores(back: int) -> Callable[[Bracket, Player, Player], int]:
    # 2026 [C18] / [C20]: MDPs who downfloated one / two rounds before: the higher
    # their scores where they are paired, the lower the differences left to float
    def value(b: Bracket, h: Player, l: Player) -> int:
        if not in_bracket(b, l):
            return 0
        return sum(b.score_digit(p) for p in (h, l) if p.floats[back - 1] == FLOAT_DOWN)
    return value


def _repeated_upfloat_scores(back: int) -> Callable[[Bracket, Player, Player], int]:
    # 2026 [C19] / [C21]: MDP opponents who upfloated one / two rounds before
    def value(b: Bracket, h: Player, l: Player) -> int:
        if not in_bracket(b, l) or (h.pairing_score > l.pairing_score and l.floats[back - 1] == FLOAT_UP):
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
    return (h.order in b.must_pair) + (l.order in b.must_pair) if in_bracket(b, l) else 0


MUST_PAIR = Criterion("[C8] floater", _must_pair, _count_width, lambda b: bool(b.must_pair),
                      reads=("in_bracket", "must_pair"), role="must_pair")

#: Features of a player in a bracket that criteria may read.
FEATURES: dict[str, Callable[[Bracket, Player], object]] = {
    "in_bracket": lambda bracket, player: in_bracket(bracket, player),
    "in_next": lambda bracket, player: in_next(bracket, player),
    "bye_candidate": lambda bracket, player: bracket.bye_candidate(player),
    "must_pair": lambda bracket, player: player.order in bracket.must_pair,
}
