"""The FIDE (Dutch) system, C.04.3: the 2017 text (Baku 2016) and the 2026 text.

The round is paired bracket by bracket from the top scoregroup down (2017 A.9,
2026 Art. 1.9.2).  Every candidate pairing of a bracket is a matching on the
graph of compatible players (the absolute criteria remove edges); the quality
criteria and the generation order of the candidates (2017 D.1-D.3, 2026 Art.
4.2-4.4) are packed, in priority order, into integer edge weights, so that the
maximum-weight matching *is* the candidate B.8 / 3.8.1 chooses: the best one by
the criteria, the earliest generated among equals.  No transposition is ever
enumerated.

Each criterion is one field of the weight (criteria.py); an edition of the rules
(editions.py) is an ordered tuple of them and what else it does differently.
Completion: 2017 pairs a bracket, then collapses the rest into the PPB/CLB if the
round can no longer be completed (A.9); 2026 keeps [C4] in every bracket.

The modules: bracket.py (a bracket as the weights see it), criteria.py,
editions.py, candidate.py (a bracket's best candidate), generation.py (its fast
path), lookahead.py (the next scoregroup in a bracket's graph), completion.py
([C4] between brackets), colours.py, explain.py; this one, the round.
"""

from __future__ import annotations

from ...core.explanation import Step
from ...core.pairing import Progress, RoundPairing, publishing_order
from ...core.state import RoundState
from ...errors import NoValidPairing
from .bracket import scoregroups
from .colours import allocate_colours, colour_exempt
from .completion import CompletionChecks
from .editions import EDITION_2026, DutchEdition
from .procedure1992 import pair_1992


class DutchPairer(CompletionChecks):
    """Pairs one round of a tournament with the Dutch system."""

    def __init__(self, state: RoundState, fast_path: bool = True, edition: DutchEdition = EDITION_2026,
                 progress: Progress | None = None):
        # C.1-C.3 / [C1]-[C3] as the compatibility graph; C.3 / [C3] binds non-topscorers
        # only (topscorers exist when the last round is paired: A.7 / 1.8)
        super().__init__(state, lambda player: colour_exempt(state, player))
        self.edition = edition
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
        groups = scoregroups(players)
        if self.edition.completion_in_every_bracket:
            pairs = self._pair_brackets_completing(groups, completion)
        else:
            pairs = self._pair_brackets_collapsing(groups, completion)
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
    def _pair_brackets_completing(self, groups: list[list[int]], completion: dict[int, int]) -> list[tuple[int, int]]:
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

    def _pair_brackets_collapsing(self, groups: list[list[int]], completion: dict[int, int]) -> list[tuple[int, int]]:
        """2017 A.9: bracket by bracket from the top scoregroup; a bracket after which the
        round cannot be completed is the PPB, paired again with C.4, and everybody below it
        forms the collapsed last bracket (CLB)."""
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


def pair(state: RoundState, edition: DutchEdition, progress: Progress | None = None) -> RoundPairing:
    """Pair the round described by ``state`` with the Dutch system in ``edition``;
    ``progress`` is told of each bracket (see ``pairing.engine.pair_round``)."""
    if edition.fixed_procedure:  # 1992 C1-C14: the first acceptable candidate, not the best
        return pair_1992(state, progress)
    return DutchPairer(state, edition=edition, progress=progress).pair()
