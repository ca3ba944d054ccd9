"""The quality criteria of the Dutch system, most important first: 2017 C.4-C.19, 2026
Art. 2.2-2.4 [C4]-[C21].  Each criterion is one object (:class:`DutchCriterion`) that
everything reading it reads: its field of the integer edge weight (core.criteria), how the
fast path (generation.py) bounds it, what the next scoregroup's hub (lookahead.py) weighs
in it, and how the explanation (core.explanation) cites it and whom it names.  A criterion
of both editions is defined once and cited under each edition's name (:meth:`cited`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from ...core.compatibility import preferences_compatible
from ...core.criteria import Criterion
from ...core.explanation import PairedBracket, gettext_noop
from ...core.state import ABSOLUTE, FLOAT_DOWN, FLOAT_UP, NO_PREFERENCE, STRONG, Player, invert
from .bracket import Bracket, in_bracket, in_next
from .generation import FloatFacts


@dataclass(frozen=True, kw_only=True)
class DutchCriterion(Criterion):
    """A criterion of the Dutch system: its weight field (``value``, ``width``, ``applies``,
    ``reads``), and what the fast path, the hub and the explanation read of it."""

    article: str = ""  # as the explanation cites it: "C.10" (2017), "[C12]" (2026)
    # -- the fast path's bound (generation.py); a criterion with none makes it give up
    #: met by every candidate the fast path accepts (every MDP paired, one resident floating at
    #: most, at no cost below): 2017 C.4-C.7, 2026 [C4], [C6]-[C8]
    met: bool = False
    #: a colour criterion (1 per pair that meets it): the fewest pairs breaking it when these
    #: players (a list) are paired in this many pairs ...
    violations: Callable[[list[Player], int], int] | None = None
    #: ... and when each player of S1 gets one of S2 (each counted by generation.colour_kind)
    violations_between: Callable[[Counter, Counter], int] | None = None
    #: a repeated float: its bound, and the best value of the MDP's own pair (None: any)
    float_bound: Callable[[FloatFacts], tuple[int, int | None]] | None = None
    repeated_float: str = ""   # FLOAT_DOWN or FLOAT_UP: the float it counts again ...
    back: int = 0              # ... from one or two rounds before
    # -- the next scoregroup as a hub (lookahead.py)
    hub_value: int | None = None  # on a hub edge: 0 its pairs, 1 its score digits (2017: SDs)
    no_hub: bool = False       # reads pairs the hub cannot stand for
    # -- the explanation: what is not met, and the players of a paired bracket it names
    wording: str = ""
    concerns: Callable[[PairedBracket], list[Player]] | None = None

    @property
    def bounded(self) -> bool:
        """The fast path knows its bound."""
        return self.met or self.violations is not None or self.float_bound is not None

    def cited(self, name: str, article: str = "") -> DutchCriterion:
        """The criterion under an edition's name (the weight's field) and article."""
        return replace(self, name=name, article=article or name)


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


def _score_width(bracket: Bracket) -> int:
    return bracket.score_bits


def _unplayed_width(bracket: Bracket) -> int:
    return ((bracket.size + len(bracket.lookahead)) * (bracket.played_rounds + 1)).bit_length() + 1


def _after(rounds: int) -> Callable[[Bracket], bool]:
    return lambda b: b.played_rounds >= rounds


# -- the round and the bracket's pairs: 2017 C.4-C.7, 2026 [C4], [C6]-[C9] ------------------

def _completion(b: Bracket, h: Player, l: Player) -> int:
    # 2017 C.4 (and C.2) / 2026 [C4] (and [C2], [C5]): complete the round-pairing,
    # leaving a player who may take the PAB unpaired
    return 1 + (not b.bye_candidate(h)) + (not b.bye_candidate(l))


COMPLETE = DutchCriterion(name="", value=_completion, width=_count_width, applies=lambda b: b.collapsing,
                          reads=COMPLETION, met=True, no_hub=True)


def _pairs(b: Bracket, h: Player, l: Player) -> int:
    return int(in_bracket(b, l))  # C.5


def _unpaired_floaters(bracket: PairedBracket) -> list[Player]:
    return bracket.floaters if len(bracket.pairs) < bracket.members // 2 else []


PAIRS = DutchCriterion(name="", value=_pairs, width=_count_width, reads=MEMBERSHIP, met=True,
                       wording=gettext_noop("maximise the number of pairs"), concerns=_unpaired_floaters)


def _psd(b: Bracket, h: Player, l: Player) -> int:
    # C.6: minimise the PSD, i.e. maximise what pairing h and l saves on it
    if not in_bracket(b, l):
        return 0
    return b.downfloat_sd(h) + b.downfloat_sd(l) - b.sd(h.pairing_score - l.pairing_score)


PSD = DutchCriterion(name="", value=_psd, width=_sd_width, reads=SCORES, met=True)


def _next_pairs(b: Bracket, h: Player, l: Player) -> int:
    # C.7: maximise the pairs of the following bracket
    if b.lookahead_is_last:
        return _completion(b, h, l)
    return int(not in_bracket(b, l))


NEXT_PAIRS = DutchCriterion(name="", value=_next_pairs, width=_count_width, applies=lambda b: not b.collapsing,
                            reads=NEXT_2017, met=True, hub_value=0)


def _next_psd(b: Bracket, h: Player, l: Player) -> int:
    # C.7: minimise the PSD of the following bracket
    return sum(b.downfloat_sd(p) for p in (h, l) if in_bracket(b, p))


NEXT_PSD = DutchCriterion(name="", value=_next_psd, width=_sd_width, applies=lambda b: not b.collapsing,
                          reads=SCORES, met=True, hub_value=1)


def _paired_scores(b: Bracket, h: Player, l: Player) -> int:
    # 2026 [C7]: minimise the scores of the downfloaters, i.e. pair the highest ones
    return b.score_digit(h) if in_bracket(b, l) else 0


PAIRED_SCORES = DutchCriterion(name="", value=_paired_scores, width=_score_width, reads=SCORES, met=True)


def _next_pairs_2026(b: Bracket, h: Player, l: Player) -> int:
    # 2026 [C8] with [C6]: the most pairs in the following bracket
    return int(in_next(b, l))


NEXT_PAIRS_2026 = DutchCriterion(name="", value=_next_pairs_2026, width=_count_width, reads=NEXT, met=True,
                                 hub_value=0)


def _next_scores_2026(b: Bracket, h: Player, l: Player) -> int:
    # 2026 [C8] with [C7]: the lowest downfloater scores in the following bracket
    return b.score_digit(h) if in_next(b, l) else 0


NEXT_SCORES_2026 = DutchCriterion(name="", value=_next_scores_2026, width=_score_width, reads=NEXT_SCORES,
                                  met=True, hub_value=1)


def _bye_unplayed_games(b: Bracket, h: Player, l: Player) -> int:
    # 2026 [C9]: the PAB assignee with the fewest unplayed games, i.e. the players
    # of the PAB score who are paired have the most unplayed games
    if not (in_bracket(b, l) or in_next(b, l)):
        return 0
    return sum(b.played_rounds - p.played_games for p in (h, l) if p.pairing_score == b.bye_score)


BYE_UNPLAYED = DutchCriterion(name="", value=_bye_unplayed_games, width=_unplayed_width,
                              applies=lambda b: b.bye_unplayed, reads=UNPLAYED, no_hub=True)


# -- colours: 2017 C.8-C.11, 2026 [C10]-[C13] ------------------------------------------------

def _none(*_args) -> int:
    return 0


def _colour_difference_over_two(b: Bracket, h: Player, l: Player) -> int:
    # C.8: topscorers (or their opponents) getting a colour difference beyond +-2
    return int(in_bracket(b, l) and not (h.imbalance > 1 and l.imbalance > 1
                                          and h.preference == l.preference))


TOPSCORER_DIFFERENCE = DutchCriterion(
    name="", value=_colour_difference_over_two, width=_count_width, reads=COLOURS,
    violations=_none, violations_between=_none,
    wording=gettext_noop("topscorers or their opponents with a colour difference beyond +2 or -2"),
    concerns=lambda b: [p for p in b.paired if abs(p.difference_after(b.colour_of(p))) > 2])


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


TOPSCORER_REPEAT = DutchCriterion(
    name="", value=_three_in_a_row, width=_count_width, reads=COLOURS, violations=_none, violations_between=_none,
    wording=gettext_noop("topscorers or their opponents with the same colour three times in a row"),
    concerns=lambda b: [p for p in b.paired if p.third_in_a_row(b.colour_of(p))])


def _colour_preference(b: Bracket, h: Player, l: Player) -> int:
    return int(in_bracket(b, l) and preferences_compatible(h, l))  # C.10


def _preferences_refused(paired: list[Player], pairs: int) -> int:
    """C.10: the excess of one colour's preferences over the other's and the neutral players."""
    white = sum(p.preference == "w" for p in paired)
    black = sum(p.preference == "b" for p in paired)
    neutral = len(paired) - white - black
    return max(0, (abs(white - black) - neutral) // 2)


def _preferences_refused_between(s1: Counter, s2: Counter) -> int:
    """C.10 when each of ``s1`` meets one of ``s2`` (kinds: (preference, strength)): one colour's
    players in S1 avoid a violation only with the partners in S2 that do not want that colour;
    the two colours give disjoint violating pairs."""
    want, wanted = _preferring(s1, NO_PREFERENCE), _preferring(s2, NO_PREFERENCE)
    size2 = sum(s2.values())
    return sum(max(0, want[colour] - (size2 - wanted[colour])) for colour in ("w", "b"))


def _preferring(kinds: Counter, strength: int) -> dict[str, int]:
    """How many of ``kinds`` prefer each colour with at least ``strength``."""
    counts = {"w": 0, "b": 0}
    for (preference, own), n in kinds.items():
        if preference in counts and own >= strength:
            counts[preference] += n
    return counts


PREFERENCE = DutchCriterion(
    name="", value=_colour_preference, width=_count_width, reads=COLOURS,
    violations=_preferences_refused, violations_between=_preferences_refused_between,
    wording=gettext_noop("players who do not get their colour preference"),
    concerns=lambda b: [p for p in b.paired if p.preference and p.preference != b.colour_of(p)])


def _strong_preference(b: Bracket, h: Player, l: Player) -> int:
    # C.11: players who do not get their strong (or absolute) colour preference
    if not in_bracket(b, l):
        return 0
    strong = (ABSOLUTE, STRONG)
    return int(h.strength not in strong or l.strength not in strong
               or (h.absolute and l.absolute) or h.preference != l.preference)


def _strong_preferences_refused(paired: list[Player], pairs: int) -> int:
    """C.11: the excess of one colour must be paired internally; two absolutes do not count."""
    total = 0
    for colour in ("w", "b"):
        absolute = sum(p.preference == colour and p.strength == ABSOLUTE for p in paired)
        strong = sum(p.preference == colour and p.strength == STRONG for p in paired)
        total += max(0, absolute + strong - pairs - absolute // 2)
    return total


def _strong_preferences_refused_between(s1: Counter, s2: Counter) -> int:
    """C.11 when each of ``s1`` meets one of ``s2``: as C.10, two absolutes not counting."""
    strong, taken = _preferring(s1, STRONG), _preferring(s2, STRONG)
    size2 = sum(s2.values())
    return sum(max(0, strong[colour] - (size2 - taken[colour]) - min(s1[colour, ABSOLUTE], s2[colour, ABSOLUTE]))
               for colour in ("w", "b"))


STRONG_PREFERENCE = DutchCriterion(
    name="", value=_strong_preference, width=_count_width, reads=COLOURS,
    violations=_strong_preferences_refused, violations_between=_strong_preferences_refused_between,
    wording=gettext_noop("players who do not get their strong colour preference"),
    concerns=lambda b: [p for p in b.paired if p.strength >= STRONG and p.preference != b.colour_of(p)])


# -- repeated floats: 2017 C.12-C.19, 2026 [C14]-[C21], of one or two rounds before ------------

def _floated(back: int, direction: str) -> Callable[[Player], bool]:
    return lambda p: p.floats[back - 1] == direction


def _repeated_downfloat(back: int) -> Callable[[Bracket, Player, Player], int]:
    # C.12 / C.14: a player paired in the bracket avoids a downfloat, unless he is
    # the higher of two different scores
    def value(b: Bracket, h: Player, l: Player) -> int:
        if not in_bracket(b, l):
            return 0
        return (int(l.floats[back - 1] == FLOAT_DOWN)
                + int(h.pairing_score <= l.pairing_score and h.floats[back - 1] == FLOAT_DOWN))
    return value


def repeated_downfloats(back: int) -> DutchCriterion:
    """2017 C.12 / C.14, 2026 [C14] / [C16]: downfloaters who downfloated ``back`` rounds before."""
    down = _floated(back, FLOAT_DOWN)
    return DutchCriterion(
        name="", value=_repeated_downfloat(back), width=_count_width, applies=_after(back), reads=FLOATS,
        float_bound=lambda f: (f.down - f.unpaired_down, None), repeated_float=FLOAT_DOWN, back=back,
        wording=gettext_noop("downfloaters who received a downfloat the previous round") if back == 1 else
        gettext_noop("downfloaters who received a downfloat two rounds before"),
        concerns=lambda b: [p for p in b.downfloaters if down(p)])


def _repeated_upfloat(back: int) -> Callable[[Bracket, Player, Player], int]:
    # C.13 / C.15: the lower of two different scores receives an upfloat
    def value(b: Bracket, h: Player, l: Player) -> int:
        return -int(in_bracket(b, l) and h.pairing_score > l.pairing_score
                    and l.floats[back - 1] == FLOAT_UP)
    return value


def _upfloat_bound(f: FloatFacts) -> tuple[int, int]:
    # only the MDP's pair can make an upfloater: when every resident upfloated then, one does again
    best = -1 if f.all_up else 0
    return best, best


def repeated_upfloats(back: int) -> DutchCriterion:
    """2017 C.13 / C.15, 2026 [C15] / [C17]: MDP opponents who upfloated ``back`` rounds before."""
    up = _floated(back, FLOAT_UP)
    return DutchCriterion(
        name="", value=_repeated_upfloat(back), width=_count_width, applies=_after(back), reads=FLOATS,
        float_bound=_upfloat_bound, repeated_float=FLOAT_UP, back=back,
        wording=gettext_noop("MDP opponents who received an upfloat the previous round") if back == 1 else
        gettext_noop("MDP opponents who received an upfloat two rounds before"),
        concerns=lambda b: [p for p in b.mdp_opponents if up(p)])


def _mdp_downfloats_wording(back: int) -> str:
    return (gettext_noop("score differences of MDPs who received a downfloat the previous round") if back == 1 else
            gettext_noop("score differences of MDPs who received a downfloat two rounds before"))


def _mdp_opponent_upfloats_wording(back: int) -> str:
    return (gettext_noop("score differences of MDP opponents who received an upfloat the previous round")
            if back == 1 else
            gettext_noop("score differences of MDP opponents who received an upfloat two rounds before"))


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


def repeated_downfloat_sds(back: int) -> DutchCriterion:
    """2017 C.16 / C.18: the score differences of players downfloated ``back`` rounds before."""
    down = _floated(back, FLOAT_DOWN)

    def bound(f: FloatFacts) -> tuple[int, None]:
        total = (f.down - f.unpaired_down) * f.downfloat_sd(f.resident)
        if f.mdp is not None and down(f.mdp):
            total += f.downfloat_sd(f.mdp) - f.sd(f.mdp.pairing_score - f.resident.pairing_score)
        return total, None
    return DutchCriterion(
        name="", value=_repeated_downfloat_sd(back), width=_sd_width, applies=_after(back), reads=FLOATS,
        float_bound=bound, repeated_float=FLOAT_DOWN, back=back, wording=_mdp_downfloats_wording(back),
        concerns=lambda b: [p for p in b.paired_mdps if down(p)])


def _repeated_upfloat_sd(back: int) -> Callable[[Bracket, Player, Player], int]:
    # C.17 / C.19: score differences of players receiving the same upfloat again
    def value(b: Bracket, h: Player, l: Player) -> int:
        if (in_bracket(b, l) and h.pairing_score > l.pairing_score
                and l.floats[back - 1] == FLOAT_UP):
            return -b.sd(h.pairing_score - l.pairing_score)
        return 0
    return value


def _upfloat_sd_bound(f: FloatFacts) -> tuple[int, int]:
    best = -f.sd(f.mdp.pairing_score - f.resident.pairing_score) if f.all_up else 0
    return best, best


def repeated_upfloat_sds(back: int) -> DutchCriterion:
    """2017 C.17 / C.19: the score differences of MDP opponents upfloated ``back`` rounds before."""
    up = _floated(back, FLOAT_UP)
    return DutchCriterion(
        name="", value=_repeated_upfloat_sd(back), width=_sd_width, applies=_after(back), reads=FLOATS,
        float_bound=_upfloat_sd_bound, repeated_float=FLOAT_UP, back=back,
        wording=_mdp_opponent_upfloats_wording(back), concerns=lambda b: [p for p in b.mdp_opponents if up(p)])


def _repeated_downfloat_scores(back: int) -> Callable[[Bracket, Player, Player], int]:
    # 2026 [C18] / [C20]: MDPs who downfloated one / two rounds before: the higher
    # their scores where they are paired, the lower the differences left to float
    def value(b: Bracket, h: Player, l: Player) -> int:
        if not in_bracket(b, l):
            return 0
        return sum(b.score_digit(p) for p in (h, l) if p.floats[back - 1] == FLOAT_DOWN)
    return value


def repeated_downfloat_scores(back: int) -> DutchCriterion:
    """2026 [C18] / [C20]: the scores of the paired players downfloated ``back`` rounds before."""
    down = _floated(back, FLOAT_DOWN)

    def bound(f: FloatFacts) -> tuple[int, None]:
        total = (f.down - f.unpaired_down) * f.score_digit(f.resident)
        if f.mdp is not None and down(f.mdp):
            total += f.score_digit(f.mdp)
        return total, None
    return DutchCriterion(
        name="", value=_repeated_downfloat_scores(back), width=_score_width, applies=_after(back), reads=FLOATS,
        float_bound=bound, repeated_float=FLOAT_DOWN, back=back, wording=_mdp_downfloats_wording(back),
        concerns=lambda b: [p for p in b.paired_mdps if down(p)])


def _repeated_upfloat_scores(back: int) -> Callable[[Bracket, Player, Player], int]:
    # 2026 [C19] / [C21]: MDP opponents who upfloated one / two rounds before
    def value(b: Bracket, h: Player, l: Player) -> int:
        if not in_bracket(b, l) or (h.pairing_score > l.pairing_score and l.floats[back - 1] == FLOAT_UP):
            return 0
        return b.score_digit(h)
    return value


def _upfloat_scores_bound(f: FloatFacts) -> tuple[int, int | None]:
    # each pair's higher score, unless it makes a repeated upfloater (the MDP's pair only)
    if f.mdp is None:
        return f.pairs * f.score_digit(f.resident), None
    best = 0 if f.all_up else f.score_digit(f.mdp)
    return (f.pairs - 1) * f.score_digit(f.resident) + best, best


def repeated_upfloat_scores(back: int) -> DutchCriterion:
    """2026 [C19] / [C21]: the MDP opponents upfloated ``back`` rounds before, by their MDPs' scores."""
    up = _floated(back, FLOAT_UP)
    return DutchCriterion(
        name="", value=_repeated_upfloat_scores(back), width=_score_width, applies=_after(back), reads=FLOATS,
        float_bound=_upfloat_scores_bound, repeated_float=FLOAT_UP, back=back,
        wording=_mdp_opponent_upfloats_wording(back), concerns=lambda b: [p for p in b.mdp_opponents if up(p)])


# -- the editions ----------------------------------------------------------------------------

#: The criteria of the 2017 edition, most important first.
CRITERIA: tuple[DutchCriterion, ...] = (
    COMPLETE.cited("C.4"),
    PAIRS.cited("C.5"),
    PSD.cited("C.6"),
    NEXT_PAIRS.cited("C.7 pairs"),
    NEXT_PSD.cited("C.7 PSD"),
    TOPSCORER_DIFFERENCE.cited("C.8"),
    TOPSCORER_REPEAT.cited("C.9"),
    PREFERENCE.cited("C.10"),
    STRONG_PREFERENCE.cited("C.11"),
    repeated_downfloats(1).cited("C.12"),
    repeated_upfloats(1).cited("C.13"),
    repeated_downfloats(2).cited("C.14"),
    repeated_upfloats(2).cited("C.15"),
    repeated_downfloat_sds(1).cited("C.16"),
    repeated_upfloat_sds(1).cited("C.17"),
    repeated_downfloat_sds(2).cited("C.18"),
    repeated_upfloat_sds(2).cited("C.19"),
)

#: The criteria of the 2026 edition (Art. 2.2-2.4), most important first.
CRITERIA_2026: tuple[DutchCriterion, ...] = (
    COMPLETE.cited("C4", "[C4]"),
    PAIRS.cited("C6", "[C6]"),
    PAIRED_SCORES.cited("C7", "[C7]"),
    NEXT_PAIRS_2026.cited("C8 pairs", "[C8]"),
    NEXT_SCORES_2026.cited("C8 scores", "[C8]"),
    BYE_UNPLAYED.cited("C9", "[C9]"),
    TOPSCORER_DIFFERENCE.cited("C10", "[C10]"),
    TOPSCORER_REPEAT.cited("C11", "[C11]"),
    PREFERENCE.cited("C12", "[C12]"),
    STRONG_PREFERENCE.cited("C13", "[C13]"),
    repeated_downfloats(1).cited("C14", "[C14]"),
    repeated_upfloats(1).cited("C15", "[C15]"),
    repeated_downfloats(2).cited("C16", "[C16]"),
    repeated_upfloats(2).cited("C17", "[C17]"),
    repeated_downfloat_scores(1).cited("C18", "[C18]"),
    repeated_upfloat_scores(1).cited("C19", "[C19]"),
    repeated_downfloat_scores(2).cited("C20", "[C20]"),
    repeated_upfloat_scores(2).cited("C21", "[C21]"),
)


def _must_pair(b: Bracket, h: Player, l: Player) -> int:
    # residents whose downfloat [C4]+[C8] rule out are paired first (see _one_floater_by_c8)
    return (h.order in b.must_pair) + (l.order in b.must_pair) if in_bracket(b, l) else 0


MUST_PAIR = DutchCriterion(name="[C8] floater", value=_must_pair, width=_count_width,
                           applies=lambda b: bool(b.must_pair), reads=("in_bracket", "must_pair"), no_hub=True)

#: Features of a player in a bracket that criteria may read.
FEATURES: dict[str, Callable[[Bracket, Player], object]] = {
    "in_bracket": lambda bracket, player: in_bracket(bracket, player),
    "in_next": lambda bracket, player: in_next(bracket, player),
    "bye_candidate": lambda bracket, player: bracket.bye_candidate(player),
    "must_pair": lambda bracket, player: player.order in bracket.must_pair,
}
