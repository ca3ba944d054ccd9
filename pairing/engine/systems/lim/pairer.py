"""The Lim system's pairing of a round, C.04.4.3 (numbers of the old text; the 2026
text's differ only where noted: 2.3 a-d = 2026 2.3.1-2.3.4, 4.1 a-b = 4.1.1-4.1.2,
4.4 a-b = 4.4.1-4.4.2, 5.1 a-b = 5.1.1-5.1.2).

* The PAB first (Art. 1.1; round 1: 7.1), to the lowest player who may take it and
  leaves the others pairable.
* The score-groups in the order of 2.2: from the top down to just above the Median
  Score-group, then from the bottom up, the Median Score-group last, downward.
  A group paired upward is the mirror image of one paired downward (3.2.1, 3.4,
  3.7, 3.8, 4.1 b): it is handled as a downward group whose players are listed
  from the bottom, so "first" below means the highest numbered player when
  pairing downward and the lowest numbered when pairing upward.
* In a group: transfers (2.3 a-c), the floater that makes it even (2.3 d, 3.2-3.4,
  3.9, 3.10), the incoming floaters paired first (3.6, 3.7, 3.8), then the
  proposed pairings of 2.4 scrutinised player by player with the exchanges of
  4.1-4.4, then the colour scrutiny of 5.2.
* The groups before the median are paired by their own rules alone; a Median
  Score-group that cannot be paired is unblocked by cracking pairs of the groups
  next to it (2.6), then paired with a completion check: a pair is made only if
  the rest of the group can still be paired, one augmenting-path search from a
  complete matching kept up to date (``Completion``), never a backtracking.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.compatibility import compatibility_rows
from ...core.matching import UNMATCHED, max_cardinality_matching
from ...core.pairing import RoundPairing, publishing_order
from ...core.round import RoundPairer, bye_before_pairing
from ...core.state import Player, RoundState
from ...errors import NoValidPairing
from .colours import allocate_colours, colours_clash


def pair(state: RoundState, edition) -> RoundPairing:
    return LimPairer(state).pair()


def first_bye(state: RoundState, edition) -> Player | None:
    """Whom 1.1 (round 1: 7.1) gives the PAB to, before the pairing; None: an even number of
    players, or nobody can take it."""
    return bye_before_pairing(state, lambda everyone: LimPairer(state).choose_bye(everyone))


def exchange_order(arrangement: Sequence[int]) -> list[int]:
    """4.1-4.3: the opponents tried, in turn, for the first player of ``arrangement``
    (the players left to pair, first the one being scrutinised): his proposed
    opponent of 2.4 and the rest of the lower half in order, then the upper half
    from its bottom up (4.2: 4, 5, 6, 3, 2 for #1 of six players)."""
    half = len(arrangement) // 2
    return list(arrangement[half:]) + list(reversed(arrangement[1:half]))


def proposed_pairings(arrangement: Sequence[int]) -> list[tuple[int, int]]:
    """2.4: 1 v (n/2 + 1), 2 v (n/2 + 2) ... n/2 v n."""
    half = len(arrangement) // 2
    return list(zip(arrangement[:half], arrangement[half:], strict=False))


class _Masked:
    """The compatibility rows restricted to the players still to pair."""

    def __init__(self, rows: list[int], alive: int):
        self.rows, self.alive = rows, alive

    def __getitem__(self, v: int) -> int:
        return self.rows[v] & self.alive

    def __len__(self) -> int:
        return len(self.rows)


class Completion:
    """A complete pairing of the median group's players not yet paired, kept up to date:
    a set of pairs is allowed only if the others can still all be paired (2.6: the
    median group, paired last, must be completed)."""

    def __init__(self, rows: list[int], mate: dict[int, int]):
        self.rows = rows
        self.mate = [UNMATCHED] * len(rows)
        self.alive = 0
        for v, w in mate.items():
            self.mate[v] = w
            self.alive |= 1 << v

    def allows(self, pairs: Sequence[tuple[int, int]], released: Sequence[int] = (),
               commit: bool = True) -> bool:
        """Whether ``pairs`` can be made, ``released`` (players of earlier pairs now
        undone) joining the players to pair; if so and ``commit``, make them."""
        gone = {v for pair in pairs for v in pair}
        alive = self.alive
        for v in released:
            alive |= 1 << v
        for v in gone:
            alive &= ~(1 << v)
        mate = list(self.mate)
        free = [v for v in released if v not in gone]
        for v in gone:
            w = mate[v]
            if w != UNMATCHED and w not in gone:
                mate[w] = UNMATCHED
                free.append(w)
            mate[v] = UNMATCHED
        for v in released:
            mate[v] = UNMATCHED
        if len(free) == 2 and self.rows[free[0]] >> free[1] & 1:
            mate[free[0]], mate[free[1]] = free[1], free[0]
        elif free:
            mate = max_cardinality_matching(_Masked(self.rows, alive), mate, vertices=free, allowed_unmatched=0)
            if any(mate[v] == UNMATCHED for v in free):
                return False
        if commit:
            self.mate, self.alive = mate, alive
        return True


class _Unchecked:
    """The groups paired before the median: their own rules alone decide (2.6)."""

    def allows(self, pairs: Sequence[tuple[int, int]], released: Sequence[int] = (), commit: bool = True) -> bool:
        return True


UNCHECKED = _Unchecked()


def colour_exempt_pair(state: RoundState, a: Player, b: Player) -> bool:
    """Art. 6: in the last round, pairing players of the same score has priority over the colour
    rules of 2.1 (a colour three times in a row, three more of one colour)."""
    return state.last_round and a.pairing_score == b.pairing_score


def floated_last_round(player: Player, state: RoundState) -> bool:
    """3.1: "the floater is a player who is transferred to another score-group"; so Lim reads
    a float off the previous round's pairing, not off the Dutch definitions (a PAB or an absence
    transfers nobody; a game forfeited after the pairing still was one).  2.2: a group above
    that round's median was paired downward, one below it upward, the median group downward
    with both kinds coming in; so of two players of different scores the higher was floated
    down if his score was above the median, the lower floated up if his was below it."""
    if player.last_pairing is None:
        return False
    own, other = player.last_pairing
    median2 = state.win_points * (state.round_number - 2)  # 2.2, doubled, of the previous round
    return (own > other and 2 * own > median2) or (own < other and 2 * own < median2)


class LimPairer:
    """One round: vertices are the positions of the players in ``state.players``."""

    def __init__(self, state: RoundState):
        self.state = state
        self.players = state.players
        # 2.1: compatible = not met before and no colour three times in a row nor
        # three more of one colour (the core's absolute colour rule, nobody exempt)
        self.strict = compatibility_rows(self.players)
        # Art. 6: in the last round, pairing players of the same score has priority over the
        # colour rules: such players are compatible if they have not met (they are still
        # tried after the players compatible by 2.1)
        self.round = RoundPairer(state, pair_exempt=(lambda a, b: colour_exempt_pair(state, a, b))
                                 if state.last_round else None)
        self.rows = self.round.rows
        # 2.2: the Median Score-group's score, half the points of the rounds played (doubled)
        self.median2 = state.win_points * (state.round_number - 1)
        self.completion: Completion | _Unchecked = UNCHECKED
        self.released: set[int] = set()
        self.floated = [floated_last_round(p, state) for p in self.players]  # 3.10

    def compatible(self, v: int, w: int) -> bool:
        return bool(self.rows[v] >> w & 1)

    def by_colour_rules(self, p: int, candidates: list[int]) -> list[int]:
        """``candidates`` in their order, those compatible with ``p`` under 2.1's colour
        rules first (they differ only in the last round, Art. 6)."""
        return sorted(candidates, key=lambda q: not self.strict[p] >> q & 1)

    # -- the round -------------------------------------------------------------------

    def pair(self) -> RoundPairing:
        remaining = list(range(len(self.players)))  # by score, then pairing number
        bye = None
        if len(remaining) % 2:
            bye = self.choose_bye(remaining)
            remaining.remove(bye)
        if self.round.completion_mate(remaining) is None:
            raise NoValidPairing("the players cannot all be paired (C.04.4.3 2.1)")
        pairs = self.pair_groups(remaining)
        boards = []
        for a, b in pairs:
            a, b = (a, b) if a < b else (b, a)
            below = 2 * self.players[a].pairing_score < self.median2
            boards.append(allocate_colours(self.players[a], self.players[b], self.state.initial_colour, below))
        return RoundPairing(publishing_order(boards), self.players[bye] if bye is not None else None)

    def choose_bye(self, remaining: list[int]) -> int:
        """1.1: the lowest ranked player of the lowest score-group; round 1 (7.1): the
        lowest rated of it (one group without acceleration; GB under the Baku method, whose
        virtual points make the score-groups, C.04.7 1.5).  He must be allowed the PAB
        (C.04.1 2017 d / 2026 Art. 4) and leave the others pairable (the general rule of
        completion)."""
        if self.state.round_number == 1:
            order = sorted(remaining, key=lambda v: (self.players[v].pairing_score, self.players[v].rating, -v))
        else:
            order = list(reversed(remaining))
        for v in order:
            if self.round.bye_candidate(v) and \
                    self.round.completion_mate([w for w in remaining if w != v]) is not None:
                return v
        raise NoValidPairing("no player can take the pairing-allocated bye (C.04.4.3 1.1)")

    def pair_groups(self, remaining: list[int]) -> list[tuple[int, int]]:
        """2.2: the score-groups from the top down to just above the median, then
        from the bottom up, the Median Score-group last (downward); each group's
        floaters go to the next group paired in the same direction (3.2.1), those
        of the groups next to the median to the median.  The groups before the
        median are paired by their own rules alone (no look-ahead): a blocked median
        group is unblocked by 2.6."""
        groups: dict[int, list[int]] = {}
        for v in remaining:
            groups.setdefault(self.players[v].pairing_score, []).append(v)
        upper = [groups[s] for s in sorted(groups, reverse=True) if 2 * s > self.median2]
        lower = [groups[s] for s in sorted(groups) if 2 * s < self.median2]
        median = next((groups[s] for s in groups if 2 * s == self.median2), [])
        self.completion = UNCHECKED
        upper_made: list[list[tuple[int, int]]] = []
        down: list[int] = []
        for k, group in enumerate(upper):
            adjacent = upper[k + 1] if k + 1 < len(upper) else median
            # 3.6, 3.6.2: the floater with the highest score, then the highest pairing number, first
            made, down = self.pair_group(sorted(down), group, adjacent)
            upper_made.append(made)
        lower_made: list[list[tuple[int, int]]] = []
        up: list[int] = []
        for k, group in enumerate(lower):
            adjacent = lower[k + 1] if k + 1 < len(lower) else median
            # paired upward: the mirror image, listed from the bottom (3.7: the
            # floater with the lowest score, then lowest pairing number, first)
            made, up = self.pair_group(sorted(up, reverse=True), group[::-1], adjacent[::-1], upward=True)
            lower_made.append(made)
        self.unblock_median(median, down, up, upper_made, lower_made)
        # 3.6.3: in the median group the down-floaters first (3.6), then the up-floaters (3.7)
        made, left = self.pair_group(sorted(down) + sorted(up, reverse=True), median, [], final=True)
        assert not left, "2.6 leaves the median group pairable"
        return [pair for group in upper_made + lower_made for pair in group] + made

    def unblock_median(self, median: list[int], down: list[int], up: list[int],
                       upper_made: list[list[tuple[int, int]]], lower_made: list[list[tuple[int, int]]]) -> None:
        """2.6: while the median group (with its floaters) cannot be paired, crack "the next
        pairing" of the lower score-group if more floaters came from above than from below,
        else of the higher one, its players joining the median group as floaters from that
        side; then the median group is paired with the completion check.  Reading: the next
        pairing is the last one made in the group nearest the median that has one left (the
        pairs nearest the median score and pairing numbers); when one side has none left the
        other's is cracked, so the procedure ends (the PAB of 1.1 left the round pairable)."""
        while (mate := self.round.completion_mate(down + up + median)) is None:
            from_lower = len(down) > len(up)
            made = lower_made if from_lower else upper_made
            if not any(made):
                from_lower, made = not from_lower, upper_made if from_lower else lower_made
            a, b = next(group for group in reversed(made) if group).pop()
            (up if from_lower else down).extend((a, b))
        self.completion = Completion(self.rows, mate)

    # -- a score-group ---------------------------------------------------------------

    def pair_group(self, incoming: list[int], residents: list[int], adjacent: list[int],
                   final: bool = False, upward: bool = False) -> tuple[list[tuple[int, int]], list[int]]:
        """The pairs of one score-group and the players it floats on.  Lists are in
        the group's direction: ``residents[0]`` is scrutinised first; ``incoming`` is
        in the order of 3.6 (3.7 when ``upward``)."""
        completion = self.completion
        floaters: list[int] = []
        members = incoming + residents
        if not final:
            # 2.3 a-c (2026 2.3.1-2.3.3): no compatible opponent left in the group
            changed = True
            while changed:
                changed = False
                mask = sum(1 << v for v in members)
                for v in members:
                    if not self.rows[v] & mask:
                        members.remove(v)
                        floaters.append(v)
                        changed = True
                        break
        incoming = [v for v in incoming if v in members]
        residents = [v for v in residents if v in members]
        ordered = list(residents)  # the group's order, the floater of 2.3 d included
        evening = None
        if len(members) % 2 and not final:
            # 2.3 d (2026 2.3.4): make the group even
            evening = self.evening_floater(incoming, residents, adjacent, floaters, upward)
            incoming = [v for v in incoming if v != evening]
            residents = [v for v in residents if v != evening]
        pairs: list[tuple[int, int]] = []
        # 3.6, 3.7, 3.8: the floaters from other groups first, each with the first
        # player available who is due the alternate colour, else the first compatible
        for k, f in enumerate(incoming):
            if any(f in pair for pair in pairs):
                continue
            paired = {v for pair in pairs for v in pair}
            chosen = None
            for v in self.floater_opponents(f, [v for v in residents + incoming[k + 1:] if v not in paired]):
                if completion.allows([(f, v)]):
                    chosen = v
                    break
            if chosen is None:
                floaters.append(f)  # 3.5: floated to a further score-group
            else:
                pairs.append((f, chosen))
        paired = {v for pair in pairs for v in pair}
        left = [v for v in residents if v not in paired]
        made, out = self.scrutinise(left, evening, final, ordered)
        return pairs + self.colour_scrutiny(made), floaters + out

    def scrutinise(self, left: list[int], evening: int | None, final: bool,
                   ordering: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
        """2.4-2.5, 4.1-4.4: the proposed pairings scrutinised from the first player
        on.  The first player left takes the first compatible opponent in the
        exchange order (4.2) with whom the round can still be completed; failing
        that, an exchange with the pairs already made (4.3: the opponent of an
        earlier player, who then takes the first compatible opponent of his own
        order, else that player himself, the latest pair first); failing that he
        floats (4.4) with, to keep the group even, the floater of 2.3 d taking his
        place (4.4 a) or else the last player left (4.4 b)."""
        completion = self.completion
        pairs: list[tuple[int, int]] = []
        floaters: list[int] = []
        position = {v: k for k, v in enumerate(ordering)}
        left = list(left)
        while left:
            if len(left) % 2:
                if evening is not None:  # 4.4 a (2026 4.4.1)
                    left.append(evening)
                    left.sort(key=position.__getitem__)
                    evening = None
                else:  # 4.4 b (2026 4.4.2)
                    if final:
                        raise AssertionError("the median group is even")
                    floaters.append(left.pop())
                    continue
            p = left[0]
            found = False
            for q in self.by_colour_rules(p, exchange_order(left)):
                if self.compatible(p, q) and completion.allows([(p, q)]):
                    pairs.append((p, q))
                    left.remove(p)
                    left.remove(q)
                    found = True
                    break
            if not found:
                found = self.exchange_with_earlier(p, left, pairs, position)
            if not found:
                if final:
                    raise AssertionError("the completion check guarantees an opponent")
                left.remove(p)
                floaters.append(p)
        if evening is not None:  # 2.3 d: he floats
            floaters.append(evening)
        return pairs, floaters

    def exchange_with_earlier(self, p: int, left: list[int], pairs: list[tuple[int, int]],
                              position: dict[int, int]) -> bool:
        """4.3, 4.4: ``p`` takes the opponent of an earlier player, who must keep a
        compatible opponent, or that earlier player himself."""
        completion = self.completion
        rest = [v for v in left if v != p]
        for k in range(len(pairs) - 1, -1, -1):
            a, b = pairs[k]
            if self.compatible(p, b):
                for c in exchange_order([a, *rest]):
                    if self.compatible(a, c) and completion.allows([(p, b), (a, c)], released=(a, b)):
                        pairs[k] = (a, c)
                        pairs.append((p, b))
                        left.remove(p)
                        left.remove(c)
                        pairs.sort(key=lambda pair: position.get(pair[0], -1))
                        return True
            # each player is sent back to the players left at most once (no cycle)
            if b not in self.released and self.compatible(p, a) and \
                    completion.allows([(p, a)], released=(a, b)):
                self.released.add(b)
                del pairs[k]
                pairs.append((a, p) if position[a] < position[p] else (p, a))
                left.remove(p)
                left.append(b)
                left.sort(key=position.__getitem__)
                pairs.sort(key=lambda pair: position.get(pair[0], -1))
                return True
        return False

    def floater_opponents(self, f: int, candidates: list[int]) -> list[int]:
        """3.8: the players of ``candidates`` (in the group's direction) compatible with
        the floater ``f``, in the order he is offered them: those compatible by 2.1's
        colour rules before those only Art. 6 allows, then those due the colour he
        is not due first, then the group's order."""
        due = self.players[f].preference
        return sorted((v for v in candidates if self.compatible(f, v)),
                      key=lambda v: (not self.strict[f] >> v & 1,
                                     due is not None and self.players[v].preference == due))

    def taken_by_floaters(self, floaters: list[int], adjacent: list[int]) -> int:
        """3.3 (3.4 upward): the players of the adjacent group whom ``floaters`` (in
        the order of 3.6, 3.7) take there, each the first offered by 3.8 among those
        left (compatibility and colours only: the group is not yet paired), as a mask."""
        taken = 0
        for f in floaters:
            offered = self.floater_opponents(f, [v for v in adjacent if not taken >> v & 1])
            if offered:
                taken |= 1 << offered[0]
        return taken

    def evening_floater(self, incoming: list[int], residents: list[int], adjacent: list[int],
                        floaters: list[int], upward: bool) -> int:
        """2.3 d: the floater making the group even.  3.9: avoid a floater who came
        from another group (types a, b), then one without a compatible opponent in
        the adjacent group (type c); 3.10: then one who floated the round before;
        3.2.2: one who tends to equalise the numbers of players due White and due
        Black; 3.2.4, 3.3 (3.4 upward): the last player of the group.  (3.2.3, 3.8
        and 5.7 apply to Maxi-tournaments, which the text does not define: not applied.)

        3.3 (3.4): "a compatible opponent in the lower (higher) score-group, after
        excluding the opponents of other floaters who have higher (lower) scores or
        higher (lower) pairing numbers than the proposed floater": the ``floaters``
        already leaving the group (2.3 a-c) who will be paired before him there
        (3.6, 3.7) take their opponents first; he must have one among those left."""
        members = incoming + residents
        due = [self.players[v].preference for v in members]
        whites, blacks = due.count("w"), due.count("b")
        majority = "w" if whites > blacks else "b" if blacks > whites else None
        adjacent_mask = sum(1 << v for v in adjacent)
        order = {v: k for k, v in enumerate(residents)}

        def before(f: int, v: int) -> bool:
            # 3.6 (3.7): higher (lower) score, then higher (lower) pairing number, first;
            # the positions are ordered by score, then pairing number, from the top
            return f > v if upward else f < v

        def opponents_left(v: int) -> int:
            ahead = [f for f in floaters if before(f, v)]
            taken = self.taken_by_floaters(sorted(ahead, reverse=upward), adjacent) if ahead else 0
            return adjacent_mask & ~taken

        def key(v: int):
            player = self.players[v]
            return (v in incoming,
                    not self.rows[v] & opponents_left(v),
                    self.floated[v],
                    majority is not None and player.preference != majority,
                    -order.get(v, -1))
        return min(members, key=key)

    def colour_scrutiny(self, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """5.2: a second scrutiny "with exchanges where necessary" (2.5: as section 4 makes
        them): a pair whose players are due the same colour is remade with another pair of
        the group when both new pairs are compatible and give all four players their due
        colours.  The new opponents are tried in 4.2's order: the other pairs' lower players
        first (exchanging opponents), then their upper players from the bottom up (4.2's
        column "1 v 2": the two upper players meet, and the two lower ones).  The players
        paired are unchanged, so completion is kept."""
        pairs = list(pairs)
        for i in range(len(pairs)):
            a, b = pairs[i]
            if not colours_clash(self.players[a], self.players[b]):
                continue
            others = [j for j in range(len(pairs)) if j != i]
            options = [(j, (a, pairs[j][1]), (pairs[j][0], b)) for j in others] + \
                      [(j, (a, pairs[j][0]), (b, pairs[j][1])) for j in reversed(others)]
            for j, first, second in options:
                if self.serves(first) and self.serves(second):
                    pairs[i], pairs[j] = first, second
                    break
        return pairs

    def serves(self, pair: tuple[int, int]) -> bool:
        """A pair compatible under 2.1 whose players are not due the same colour (5.2)."""
        a, b = pair
        return bool(self.strict[a] >> b & 1) and not colours_clash(self.players[a], self.players[b])
