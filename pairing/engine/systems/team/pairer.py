"""The pairing procedure of C.04.6 (2026): the PAB (3.4), then the top scoregroup with its
upfloaters (3.5) paired as a bracket (3.6), until every team is paired; colours by Article 4.

Every choice is a matching on the compatibility graph ([C1]: two teams that played a match do
not meet again) of the teams still to pair:

* the number of upfloaters ([C4]) and their scores ([C5]) are those of a maximum-weight
  perfect matching of all the teams left (so that [C3] holds) that pairs the most residents
  together, then floats up the fewest teams from each lower scoregroup, lowest first;
* the best [C6] and [C7] any set with that profile can reach come from one more such matching
  (what is left of the following scoregroup paired among itself, then the upfloaters that did
  not float); the sets are then tried in the order of 3.5.4, and the first legal one that
  reaches them is taken;
* the bracket's pairing is the maximum-weight perfect matching whose weights hold, in priority
  order, [C8], [C9], [C10] and the identifier of 3.6.2 (top members, then their partners).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...core.matching import max_matching_size, max_weight_matching
from ...errors import NoValidPairing
from .colours import allocate, unfulfilled
from .state import Team, TeamRoundState


@dataclass
class TeamBracket:
    score: int
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...] = ()
    #: the criteria of 2.3 not at their ideal value in this bracket: "C6" (1: the following
    #: scoregroup is left needing more upfloaters), "C7", "C8", "C9", "C10" (counts)
    criteria: dict[str, int] = field(default_factory=dict)


@dataclass
class TeamPairing:
    """Boards as ``(white, black)`` TPNs in board order, the PAB, the brackets, the colour rules."""

    boards: list[tuple[int, int]]
    bye: int | None = None
    brackets: list[TeamBracket] = field(default_factory=list)
    colour_articles: dict[tuple[int, int], str] = field(default_factory=dict)
    bye_candidates: tuple[int, ...] = ()

    def as_numbers(self) -> list[tuple[int, int]]:
        return list(self.boards) + ([(self.bye, 0)] if self.bye is not None else [])


class Graph:
    """The teams to pair (vertices 0..n-1, by TPN) and who may meet whom ([C1])."""

    def __init__(self, teams: list[Team]):
        self.teams = teams
        self.rows = [0] * len(teams)
        for i, a in enumerate(teams):
            for j in range(i + 1, len(teams)):
                if teams[j].tpn not in a.met:
                    self.rows[i] |= 1 << j
                    self.rows[j] |= 1 << i

    def perfect(self, mask: int) -> bool:
        """The teams of ``mask`` can all be paired among themselves."""
        count = mask.bit_count()
        if count % 2:
            return False
        if not count:
            return True
        members = [v for v in range(len(self.teams)) if mask >> v & 1]
        rows = [0] * len(self.teams)
        for v in members:
            rows[v] = self.rows[v] & mask
            if not rows[v]:
                return False
        return max_matching_size(rows, vertices=members) * 2 == count

    def edges(self, mask: int) -> Iterable[tuple[int, int]]:
        members = [v for v in range(len(self.teams)) if mask >> v & 1]
        for v in members:
            row = self.rows[v] & mask
            for w in members:
                if w > v and row >> w & 1:
                    yield v, w


def pair_teams(state: TeamRoundState) -> TeamPairing:
    teams = state.teams
    graph = Graph(teams)
    everyone = (1 << len(teams)) - 1
    bye, candidates = assign_bye(graph, everyone)
    remaining = everyone & ~(1 << bye) if bye is not None else everyone
    brackets: list[TeamBracket] = []
    pairs: list[tuple[int, int]] = []
    while remaining:
        bracket, chosen = pair_top_scoregroup(state, graph, remaining)
        brackets.append(bracket)
        pairs += chosen
        for a, b in chosen:
            remaining &= ~((1 << a) | (1 << b))
    return _with_colours(state, graph, pairs, brackets, bye, candidates)


def assign_bye(graph: Graph, everyone: int) -> tuple[int | None, tuple[int, ...]]:
    """3.4: the team that leaves a legal pairing for all, with the lowest score, the most matches
    played, the largest TPN; none of those barred by [C2] (2.1.2)."""
    teams = graph.teams
    if everyone.bit_count() % 2 == 0:
        if not graph.perfect(everyone):
            raise NoValidPairing("no legal pairing of all the teams (C.04.6 3.3.3: the Chief Arbiter decides)")
        return None, ()
    order = sorted((v for v in range(len(teams)) if not teams[v].bye_barred),
                   key=lambda v: (teams[v].score, -teams[v].matches, -teams[v].tpn))
    for v in order:
        if graph.perfect(everyone & ~(1 << v)):
            return v, tuple(teams[w].tpn for w in order)
    raise NoValidPairing("no team can take the pairing-allocated bye and leave a legal pairing (C.04.6 3.4, "
                         "3.3.3: the Chief Arbiter decides)")


def scoregroups(graph: Graph, mask: int) -> list[int]:
    """The masks of the scoregroups of ``mask``, highest score first (1.3.1)."""
    by_score: dict[int, int] = {}
    for v, team in enumerate(graph.teams):
        if mask >> v & 1:
            by_score[team.score] = by_score.get(team.score, 0) | (1 << v)
    return [by_score[score] for score in sorted(by_score, reverse=True)]


def upfloater_profile(graph: Graph, mask: int) -> list[int] | None:
    """[C4], [C5]: how many upfloaters each lower scoregroup of ``mask`` gives its top scoregroup,
    in a perfect matching of ``mask`` ([C3]); None when there is none."""
    groups = scoregroups(graph, mask)
    top = groups[0]
    size = top.bit_count()
    if size % 2 == 0 and graph.perfect(top) and graph.perfect(mask & ~top):
        return [0] * (len(groups) - 1)
    if size % 2 and len(groups) > 1 and _one_upfloater(graph, mask, groups[1]) is not None:
        return [1] + [0] * (len(groups) - 2)
    level = {v: g for g, group in enumerate(groups) for v in range(len(graph.teams)) if group >> v & 1}
    base = size + 1
    span = base ** len(groups)
    pair_bonus = span * base
    cardinality = pair_bonus * (size + 1) * 2
    weights = []
    for v, w in graph.edges(mask):
        weight = cardinality
        if level[v] == 0 and level[w] == 0:
            weight += pair_bonus
        elif level[v] == 0 or level[w] == 0:
            weight += span - base ** level[max(v, w, key=lambda x: level[x])]
        weights.append((v, w, weight))
    mate = max_weight_matching(len(graph.teams), weights)
    if any(mate[v] < 0 for v in level):
        return None
    profile = [0] * (len(groups) - 1)
    for v in level:
        if level[v] == 0 and level[mate[v]] > 0:
            profile[level[mate[v]] - 1] += 1
    return profile


def _one_upfloater(graph: Graph, mask: int, group: int) -> int | None:
    """The first team of ``group`` that, with the top scoregroup, leaves ``mask`` pairable."""
    top = scoregroups(graph, mask)[0]
    for v in range(len(graph.teams)):
        if group >> v & 1:
            bracket = top | (1 << v)
            if graph.perfect(bracket) and graph.perfect(mask & ~bracket):
                return v
    return None


def upfloater_sets(graph: Graph, groups: list[int], profile: list[int]) -> Iterable[tuple[int, ...]]:
    """3.5.3-3.5.4: the sets with this profile, by score then TPN, in lexicographic order."""
    choices = []
    for group, count in zip(groups[1:], profile, strict=False):
        members = [v for v in range(len(graph.teams)) if group >> v & 1]
        choices.append(list(itertools.combinations(members, count)))
    for parts in itertools.product(*choices):
        yield tuple(v for part in parts for v in part)


def pair_top_scoregroup(state: TeamRoundState, graph: Graph, mask: int) -> tuple[TeamBracket, list[tuple[int, int]]]:
    groups = scoregroups(graph, mask)
    top = groups[0]
    profile = upfloater_profile(graph, mask)
    if profile is None:
        raise NoValidPairing("no legal pairing of the teams left (C.04.6 3.3.3: the Chief Arbiter decides)")
    upfloaters = choose_upfloaters(state, graph, mask, groups, profile)
    bracket_mask = top | sum(1 << v for v in upfloaters)
    pairs = pair_bracket(state, graph, bracket_mask, set(upfloaters))
    teams = graph.teams
    bracket = TeamBracket(score=teams[_lowest(top)].score,
                          residents=tuple(teams[v].tpn for v in range(len(teams)) if top >> v & 1),
                          upfloaters=tuple(teams[v].tpn for v in upfloaters))
    bracket.criteria = bracket_criteria(state, graph, mask & ~bracket_mask, top, upfloaters, pairs)
    return bracket, pairs


def bracket_criteria(state: TeamRoundState, graph: Graph, rest: int, top: int, upfloaters: tuple[int, ...],
                     pairs: list[tuple[int, int]]) -> dict[str, int]:
    """The criteria of 2.3 the bracket does not meet fully, with their counts (for --explain)."""
    teams = graph.teams
    counts = {"C6": 0 if not upfloaters or c6_complied(graph, following_scoregroup(graph, top), rest) else 1,
              "C7": 0 if state.late_round else sum(teams[v].floated for v in upfloaters),
              "C8": 0, "C9": 0, "C10": 0}
    for v, w in pairs:
        c8, c9 = unfulfilled(teams[v], teams[w], state.colour_model)
        counts["C8"] += c8
        counts["C9"] += c9
        counts["C10"] += 0 if state.late_round else _c10(teams, v, w, set(upfloaters))
    return {name: count for name, count in counts.items() if count}


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def choose_upfloaters(state: TeamRoundState, graph: Graph, mask: int, groups: list[int],
                      profile: list[int]) -> tuple[int, ...]:
    """3.5.5: the first set, in the order of 3.5.4, that gives a legal pairing and complies best
    with [C6], then [C7].  When the first legal set is not at the ideal (C6 met, no more floaters
    than the scoregroups force), the best values any set reaches are found first
    (:func:`best_upfloater_key`) and the sets are tried up to the first that reaches them."""
    if not any(profile):
        return ()
    top = groups[0]
    teams = graph.teams
    following = following_scoregroup(graph, top)
    target = None
    for chosen in upfloater_sets(graph, groups, profile):
        c7 = 0 if state.late_round else sum(teams[v].floated for v in chosen)
        if target is not None and c7 != target[1]:
            continue
        bracket = top | sum(1 << v for v in chosen)
        rest = mask & ~bracket
        if not graph.perfect(bracket) or not graph.perfect(rest):
            continue
        c6_met = c6_complied(graph, following, rest)
        if target is None:
            if c6_met and c7 == (0 if state.late_round else _floated_floor(graph, groups, profile)):
                return chosen
            target = best_upfloater_key(state, graph, mask, groups, following)
        if c7 == target[1] and (target[0] or c6_met):
            return chosen
    raise NoValidPairing("no legal set of upfloaters (C.04.6 3.5; 3.3.3: the Chief Arbiter decides)")


def best_upfloater_key(state: TeamRoundState, graph: Graph, mask: int, groups: list[int],
                       following: int) -> tuple[int, int]:
    """The best ([C6] not met, [C7]) any set of upfloaters with the best [C4], [C5] reaches: one
    maximum-weight perfect matching of ``mask`` whose weights hold, in order, the residents paired
    together, the upfloaters' scoregroups (lowest fewest), the pairs of what is left of the
    following scoregroup with a lower team (at most its parity: [C6] met), and the upfloaters
    that did not float in the previous round.  When [C6] cannot be met, its count is left out."""
    mate = _upfloater_matching(state, graph, mask, groups, following, with_c6=True)
    left = following & mask
    outside = _edges_between(mate, left, mask & ~left & ~groups[0])
    c6_met = outside <= (left.bit_count() - _edges_between(mate, groups[0], left)) % 2
    if not c6_met:
        mate = _upfloater_matching(state, graph, mask, groups, following, with_c6=False)
    c7 = 0 if state.late_round else sum(graph.teams[mate[v]].floated for v in _members(groups[0])
                                       if not groups[0] >> mate[v] & 1)
    return (0 if c6_met else 1), c7


def _members(mask: int) -> list[int]:
    return [v for v in range(mask.bit_length()) if mask >> v & 1]


def _edges_between(mate: list[int], a: int, b: int) -> int:
    return sum(1 for v in _members(a) if mate[v] >= 0 and b >> mate[v] & 1)


def _upfloater_matching(state: TeamRoundState, graph: Graph, mask: int, groups: list[int], following: int,
                        with_c6: bool) -> list[int]:
    level = {v: g for g, group in enumerate(groups) for v in _members(group)}
    n = mask.bit_count()
    unit = n + 1
    base = groups[0].bit_count() + 1
    span = base ** len(groups)
    left = following & mask
    weights = []
    for v, w in graph.edges(mask):
        resident, other = (v, w) if level[v] <= level[w] else (w, v)
        together = level[resident] == 0 and level[other] == 0
        floats = level[resident] == 0 and level[other] > 0
        c5 = span - base ** level[other] if floats else 0
        c6 = int(not (with_c6 and (left >> resident & 1) != (left >> other & 1) and level[resident] > 0))
        c7 = int(floats and not (state.late_round or not graph.teams[other].floated))
        weight = ((((unit + together) * unit * span + c5) * unit + c6) * unit) + (int(floats) - c7)
        weights.append((v, w, weight))
    return max_weight_matching(len(graph.teams), weights)


def _floated_floor(graph: Graph, groups: list[int], profile: list[int]) -> int:
    """The fewest upfloaters that floated in the previous round any set with this profile has."""
    floor = 0
    for group, count in zip(groups[1:], profile, strict=False):
        steady = sum(1 for v in range(len(graph.teams)) if group >> v & 1 and not graph.teams[v].floated)
        floor += max(0, count - steady)
    return floor


def following_scoregroup(graph: Graph, top: int) -> int:
    """2.3.3: the scoregroup of the round right below the top scoregroup's score, including its
    teams already paired as upfloaters ("became or are upfloaters")."""
    score = graph.teams[_lowest(top)].score
    lower = [team.score for team in graph.teams if team.score < score]
    if not lower:
        return 0
    following = max(lower)
    return sum(1 << v for v, team in enumerate(graph.teams) if team.score == following)


def c6_complied(graph: Graph, following: int, rest: int) -> bool:
    """[C6] (2.3.3): unless the following scoregroup is emptied, what is left of it can be paired
    with the fewest upfloaters its parity allows ([C1], [C3], [C4]; the yes/no reading)."""
    left = following & rest
    if not left:
        return True
    if left.bit_count() % 2 == 0:
        return graph.perfect(left) and graph.perfect(rest & ~left)
    lower = rest & ~left
    for v in range(len(graph.teams)):
        if lower >> v & 1:
            bracket = left | (1 << v)
            if graph.perfect(bracket) and graph.perfect(rest & ~bracket):
                return True
    return False


def pair_bracket(state: TeamRoundState, graph: Graph, mask: int, upfloaters: set[int]) -> list[tuple[int, int]]:
    """3.6: the first pairing, by the identifier of 3.6.2, with the fewest unfulfilled colour
    preferences [C8], strong ones [C9] (Type B) and upfloaters' opponents that floated in the
    previous round [C10]."""
    teams = graph.teams
    members = [v for v in range(len(teams)) if mask >> v & 1]  # by TPN: vertices follow the TPNs
    rank = {v: i for i, v in enumerate(members)}
    n = len(members)
    base = n + 1
    digits = base ** n            # the partners of the top members (3.6.2, second part)
    tops = digits << n            # the top members (3.6.2, first part)
    criterion = tops << 1         # room for one criterion's count over all pairs
    width = n + 1
    model = state.colour_model
    weights = []
    for v, w in graph.edges(mask):
        c8, c9 = unfulfilled(teams[v], teams[w], model)
        c10 = 0 if state.late_round else _c10(teams, v, w, upfloaters)
        cost = (c8 * width + c9) * width + c10
        weight = (width ** 3 - cost) * criterion * 2
        weight += digits * (1 << (n - 1 - rank[v]))
        weight += (n - rank[w]) * base ** (n - 1 - rank[v])
        weights.append((v, w, weight))
    mate = max_weight_matching(len(teams), weights)
    if any(mate[v] < 0 for v in members):
        raise NoValidPairing("a bracket cannot be paired (C.04.6 3.6)")
    return [(v, mate[v]) for v in members if v < mate[v]]


def _c10(teams: list[Team], v: int, w: int, upfloaters: set[int]) -> int:
    """[C10]: one when ``v`` or ``w`` is an upfloater and the other floated in the previous round."""
    if (v in upfloaters) == (w in upfloaters):
        return 0
    resident = w if v in upfloaters else v
    return int(teams[resident].floated)


def _with_colours(state: TeamRoundState, graph: Graph, pairs: list[tuple[int, int]], brackets: list[TeamBracket],
                  bye: int | None, candidates: tuple[int, ...]) -> TeamPairing:
    teams = graph.teams
    boards, articles = [], {}
    for v, w in pairs:
        white, black, article = allocate(teams[v], teams[w], state.colour_model, state.initial_colour)
        boards.append((white, black))
        articles[(white.tpn, black.tpn)] = article
    boards.sort(key=lambda p: board_key(p[0], p[1]))
    numbered = [(white.tpn, black.tpn) for white, black in boards]
    for bracket in brackets:
        members = set(bracket.residents) | set(bracket.upfloaters)
        bracket.pairs = tuple(p for p in numbered if p[0] in members)
    return TeamPairing(numbered, teams[bye].tpn if bye is not None else None, brackets, articles, candidates)


def board_key(a: Team, b: Team) -> tuple:
    """Board order (C.04.2 Art. 3.6 applied to teams): the higher score of the pair, the sum of the
    scores, the smaller TPN of the higher-placed team."""
    high, low = sorted((a, b), key=lambda t: (-t.score, -(t.secondary or 0), t.tpn))
    return -high.score, -(high.score + low.score), high.tpn
