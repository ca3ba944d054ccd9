"""The Dubov system, C.04.4.1: the 2018 text (Batumi) and the 2026 text.

The pairing-allocated bye is assigned first (2026 Art. 3.1, 2018 B.0), then the
scoregroups are paired from the top (1.9.2, A.8): each bracket is its (remaining)
residents plus the upfloaters they need (there are no downfloaters).

* The set of upfloaters (3.2.1-3.2.2, B.1-B.2): one maximum-weight matching of
  the residents and every lower player, the quality criteria [C5]-[C10] packed
  into the edge weights, the lower players pairing among themselves at no cost
  (so the optimum is a complete pairing: [C4]).  The first optimal set in the
  order of 4.2 (D.1) is then fixed player by player in sequence order, each
  player being tried as an upfloater while an optimum remains.
* G1/G2 and the shifts (3.2.3-3.2.4, B.3-B.4): how many pairs inside the smaller
  subgroup are unavoidable is one weighted matching; the first set of shifters in
  the middle-out order of 4.3 (D.2) is fixed player by player while a legal
  pairing with the fewest colour failures ([C7]) remains.
* T2 (3.2.5-3.2.6, B.5-B.6): the first transposition of G2 that pairs S1 legally
  is fixed pair by pair: each player of S1 takes the first player of G2 with whom
  the rest still has a complete pairing.

Every "first set in an order" is thus found without enumerating sets or
transpositions: one feasibility check per player at most.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...core.matching import UNMATCHED, bits, max_cardinality_matching, max_weight_matching
from ...core.pairing import Bracket, Pair, RoundPairing, publishing_order
from ...core.round import RoundPairer, bye_before_pairing
from ...core.state import Player, RoundState
from ...errors import NoValidPairing
from ...trf import WHITE
from .colours import allocate_colours
from .definitions import aro, colour_preference, first_set, is_maximum_upfloater, middle_out, tpn


def pair(state: RoundState, edition) -> RoundPairing:
    return DubovPairer(state).pair()


def first_bye(state: RoundState, edition) -> Player | None:
    """Whom 2026 Art. 3.1 (2018 B.0) gives the PAB to, before the pairing; None: an even number
    of players, or nobody can take it."""
    return bye_before_pairing(state, lambda everyone: DubovPairer(state).choose_bye(everyone))


def _mask(vertices: Iterable[int]) -> int:
    mask = 0
    for v in vertices:
        mask |= 1 << v
    return mask


class DubovPairer:
    """One round: vertices are the positions of the players in ``state.players``."""

    def __init__(self, state: RoundState):
        self.state = state
        self.players = state.players
        self.round = RoundPairer(state)  # [C1] no rematch, [C3] absolute colours, no exception
        self.rows = self.round.rows
        self.preference = [colour_preference(p)[0] for p in self.players]
        self.aro = [aro(p) for p in self.players]
        self.tpn = [tpn(p) for p in self.players]
        # [C8]-[C10]: unless it is the last round (2026 Art. 2.3.4-2.3.6, 2018 C.8-C.10)
        self.float_criteria = not state.last_round

    # -- the round -------------------------------------------------------------------

    def pair(self) -> RoundPairing:
        remaining = list(range(len(self.players)))  # in order of score, then TPN
        bye = None
        if len(remaining) % 2:
            bye = self.choose_bye(remaining)
            remaining.remove(bye)
        elif not self.complete(remaining):  # [C4] (choose_bye checks it with the PAB)
            raise NoValidPairing("no pairing of every player exists without a rematch or a colour clash")
        brackets: list[Bracket] = []
        boards: list[Pair] = []
        while remaining:
            bracket = self.choose_bracket(remaining)
            pairs, groups, note = self.pair_bracket(bracket)
            coloured = [allocate_colours(self.players[a], self.players[b], self.state) for a, b in pairs]
            boards += coloured
            brackets.append(self.report(bracket, coloured, groups, note))
            members = set(bracket)
            remaining = [v for v in remaining if v not in members]
        return RoundPairing(publishing_order(boards), self.players[bye] if bye is not None else None, brackets)

    def report(self, bracket: list[int], pairs: list[Pair], groups: list[tuple[str, list[int]]],
               note: str) -> Bracket:
        """The bracket as the arbiter checks it: residents, upfloaters (3.2.1), the groups."""
        players = self.players
        score = players[bracket[0]].pairing_score
        return Bracket(
            score=score,
            residents=tuple(players[v].number for v in bracket if players[v].pairing_score == score),
            upfloaters=tuple((players[v].number, players[v].pairing_score) for v in bracket
                             if players[v].pairing_score != score),
            pairs=tuple((p.white.number, p.black.number) for p in pairs),
            groups=tuple((label, tuple(players[v].number for v in members)) for label, members in groups),
            note=note)

    def complete(self, vertices: Sequence[int]) -> bool:
        """Whether ``vertices`` can all be paired among themselves ([C1], [C3])."""
        return len(vertices) % 2 == 0 and 2 * self.round.max_pairs(list(vertices)) == len(vertices)

    def choose_bye(self, remaining: list[int]) -> int:
        """2026 Art. 3.1 (2018 B.0): eligible ([C2], 3.1.1), allowing a complete pairing
        (3.1.2), then the lowest score (3.1.3), the most games played (3.1.4), the
        largest TPN (3.1.5)."""
        players = self.players
        candidates = sorted((v for v in remaining if players[v].bye_eligible),
                            key=lambda v: (players[v].pairing_score, -players[v].played_games, -self.tpn[v]))
        for v in candidates:
            if self.complete([w for w in remaining if w != v]):
                return v
        raise NoValidPairing("no player can take the pairing-allocated bye and leave a complete pairing")

    # -- 3.2.1-3.2.2: the bracket ----------------------------------------------------

    def choose_bracket(self, remaining: list[int]) -> list[int]:
        """The (remaining) residents of the top scoregroup and their upfloaters."""
        top = self.players[remaining[0]].pairing_score
        residents = [v for v in remaining if self.players[v].pairing_score == top]
        lower = remaining[len(residents):]  # 2026 Art. 4.2.2: descending score, ascending TPN
        if len(residents) % 2 == 0 and self.complete(residents) and self.complete(lower):
            return residents  # [C5]: no upfloater needed
        return residents + self.choose_upfloaters(residents, lower)

    def choose_upfloaters(self, residents: list[int], lower: list[int]) -> list[int]:
        """2026 Art. 3.2.1-3.2.2 (2018 B.1-B.2): the fewest upfloaters ([C5]), then the
        best by [C6]-[C10], the first such set in the order of 4.2 (D.1), among the
        sets that leave the rest complete ([C4]).

        First without the pairs of the lower players among themselves (a relaxation:
        its optimum is at least as good); when its set leaves a complete rest, it is
        the first optimal set of the whole problem too.  Otherwise the lower players
        are paired among themselves in the same matching."""
        # Fewer than |R| - 2 * (the most pairs the residents form) upfloaters there cannot
        # be ([C5]); when the top lower scores give a set of that size, no set with a lower
        # score can be better ([C6]), so the relaxation needs only those players.
        fewest = len(residents) - 2 * self.round.max_pairs(residents)
        top: list[int] = []
        for v in lower:
            if len(top) >= 2 * fewest + 2 and self.players[v].pairing_score != self.players[top[-1]].pairing_score:
                break
            top.append(v)
        chosen = None
        if len(top) < len(lower):
            chosen = self.upfloaters_by_matching(residents, top, with_rest=False)
            if chosen is not None and len(chosen) != fewest:
                chosen = None
        if chosen is None:
            chosen = self.upfloaters_by_matching(residents, lower, with_rest=False)
        if chosen is not None:
            taken = set(chosen)
            if self.complete([v for v in lower if v not in taken]):
                return chosen
        chosen = self.upfloaters_by_matching(residents, lower, with_rest=True)
        if chosen is None:
            raise NoValidPairing("the round cannot be completed ([C4])")
        return chosen

    def upfloaters_by_matching(self, residents: list[int], lower: list[int], with_rest: bool) -> list[int] | None:
        """The first optimal set of upfloaters by two weighted matchings: the first finds
        the optimum of [C5]-[C10], which fixes how many upfloaters each score gives
        ([C6]); the second adds, for the lower players of those scores, one bit per
        player in the sequence order of 4.2.2, the first player the highest bit: the
        largest sum is the set with the smallest differing sequence number (4.1.3).
        ``with_rest``: the lower players also pair among themselves, the matching must
        be complete ([C4]); else only the residents must all be paired."""
        players = self.players
        vertices = residents + lower
        is_resident = _mask(residents)
        weights = self.upfloater_weights(residents, lower, with_rest)

        def solve(order_bits: dict[int, int]) -> list[int] | None:
            shift = len(order_bits)
            edges = [(a, b, (w << shift) + (order_bits.get(b, 0) if is_resident >> a & 1 else 0))
                     for (a, b), w in weights.items()]
            mate = max_weight_matching(len(players), edges)
            unpaired = vertices if with_rest else residents
            return None if any(mate[v] == UNMATCHED for v in unpaired) else mate

        mate = solve({})
        if mate is None:
            return None
        def with_resident(v: int) -> bool:
            return mate[v] != UNMATCHED and bool(is_resident >> mate[v] & 1)

        quota = {players[v].pairing_score for v in lower if with_resident(v)}
        candidates = [v for v in lower if players[v].pairing_score in quota]  # 4.2.2 sequence order
        if len(candidates) > 1:
            weights = {(a, b): w for (a, b), w in weights.items()
                       if is_resident >> b & 1 or not is_resident >> a & 1 or players[b].pairing_score in quota}
            mate = solve({v: 1 << (len(candidates) - 1 - k) for k, v in enumerate(candidates)})
        return [v for v in lower if with_resident(v)]

    def upfloater_weights(self, residents: list[int], lower: list[int], with_rest: bool) -> dict[tuple[int, int], int]:
        """The weight of each pair a resident may take (and, ``with_rest``, each pair of lower
        players): a matched resident, then a pair, outweigh every penalty of [C5]-[C10]."""
        players = self.players
        vertices = residents + lower
        is_resident = _mask(residents)
        levels = sorted({players[v].pairing_score for v in lower})  # [C6]: the lowest score first
        level = {s: k for k, s in enumerate(levels)}
        count_width = (len(vertices) // 2 + 1).bit_length()
        upfloat_width = (len(vertices) // 2 * (max(players[v].upfloats for v in lower) + 1)).bit_length()
        widths = [count_width] * (2 + len(levels)) + [count_width, upfloat_width, count_width]
        # per matched resident (and per pair when all must be paired): outweighs every penalty
        base = 1 << (sum(widths) + 1)
        pair_bonus = base * (len(vertices) + 1) if with_rest else 0

        def penalty(a: int, b: int) -> int:
            total = 0
            for value, width in zip(self.upfloat_fields(a, b, is_resident, level), widths, strict=True):
                total = (total << width) + value
            return total

        everyone = _mask(vertices)
        weights: dict[tuple[int, int], int] = {}
        known: dict[tuple, int] = {}  # the weight depends on what the penalty reads of the two
        kind = {v: (self.preference[v], is_resident >> v & 1, players[v].pairing_score, players[v].upfloats,
                    players[v].upfloated_last) for v in vertices}
        for a in residents:
            for b in bits(self.rows[a] & everyone & ~(is_resident & ((2 << a) - 1))):
                key = (self.preference[a], kind[b])
                weight = known.get(key)
                if weight is None:
                    weight = known[key] = pair_bonus + base * (1 + (is_resident >> b & 1)) - penalty(a, b)
                weights[a, b] = weight
        if with_rest:
            lower_mask = everyone & ~is_resident
            for a in lower:
                for b in bits(self.rows[a] & lower_mask & ~((2 << a) - 1)):
                    weights[a, b] = pair_bonus
        return weights

    def upfloat_fields(self, a: int, b: int, is_resident: int, level: dict[int, int]) -> list[int]:
        """The penalty fields of the pair a-b (``a`` a resident): [C5], [C6] (one per lower score,
        ``level``), [C7], [C8]-[C10]."""
        fields = [0] * (2 + len(level) + 3)
        # [C7] (2026 Art. 2.3.3): a pair of the bracket with one colour preference
        fields[1 + len(level)] = int(self.preference[a] == self.preference[b])
        if not is_resident >> b & 1:
            upfloater = self.players[b]
            fields[0] = 1  # [C5] (2.3.1) one more upfloater
            fields[1 + level[upfloater.pairing_score]] = 1  # [C6] (2.3.2)
            if self.float_criteria and is_maximum_upfloater(upfloater, self.state.total_rounds):
                fields[2 + len(level)] = 1  # [C8] (2.3.4) a maximum upfloater
                fields[3 + len(level)] = upfloater.upfloats  # [C9] (2.3.5) times upfloated
            if self.float_criteria and upfloater.upfloated_last:
                fields[4 + len(level)] = 1  # [C10] (2.3.6) upfloated in the previous round
        return fields

    # -- 3.2.3-3.2.6: pairing the bracket --------------------------------------------

    def pair_bracket(self, bracket: list[int]) -> tuple[list[tuple[int, int]], list[tuple[str, list[int]]], str]:
        """The bracket's pairs, and its groups and how they were formed (for the report)."""
        players = self.players
        if all(not players[v].colours for v in bracket):
            # 2026 Art. 3.2.3 (2018 B.3): all yet to play: the first half by TPN
            by_tpn = sorted(bracket, key=lambda v: self.tpn[v])
            g1, g2 = by_tpn[: len(by_tpn) // 2], by_tpn[len(by_tpn) // 2:]
            note = "No player has played yet: G1 is the first half by TPN, G2 the second (3.2.3)."
        else:  # G1 the White seekers, G2 the others
            g1 = [v for v in bracket if self.preference[v] == WHITE]
            g2 = [v for v in bracket if self.preference[v] != WHITE]
            note = "G1: the players who prefer White; G2: the others (3.2.3)."
        new_g1, new_g2 = self.recompose(bracket, g1, g2)
        groups = [("G1", g1), ("G2", g2)]
        moved_down, moved_up = [v for v in g1 if v in new_g2], [v for v in g2 if v in new_g1]
        if moved_down or moved_up:  # 2026 Art. 3.2.4 (2018 B.4)
            groups += [("Shifted G1 → G2", moved_down), ("Shifted G2 → G1", moved_up)]
        s1 = sorted(new_g1, key=self.g1_key)  # 2026 Art. 3.2.5 (2018 B.5)
        t2 = sorted(new_g2, key=lambda v: self.tpn[v])  # 2026 Art. 4.4.2 (2018 D.3)
        groups += [("S1 (by ARO, then TPN)", s1), ("T2 (by TPN)", t2)]
        return self.first_transposition(s1, t2), groups, note

    def g1_key(self, v: int) -> tuple[int, int]:
        """2026 Art. 3.2.5 and 4.3.2: ascending ARO, then ascending TPN."""
        return self.aro[v], self.tpn[v]

    def recompose(self, bracket: list[int], g1: list[int], g2: list[int]) -> tuple[list[int], list[int]]:
        """2026 Art. 3.2.4 (2018 B.4) with the shifters in the order of 4.3 (D.2).

        With ``p`` the fewest pairs the smaller subgroup (G1 if equal) must form
        inside itself, the legal pairings with the fewest colour failures ([C7])
        are those in which ``p`` shifted players of the smaller subgroup meet its
        other players, and the players shifted back from the larger subgroup
        meet its remaining players: the first set in 4.3 order of each for which
        such a pairing exists is taken, the first before the second."""
        small_is_g1 = len(g1) <= len(g2)
        small, large = (g1, g2) if small_is_g1 else (g2, g1)
        g2_key = self.tpn.__getitem__  # 4.3.2: Black seekers by ascending TPN
        small_key, large_key = (self.g1_key, g2_key) if small_is_g1 else (g2_key, self.g1_key)
        small_mask = _mask(small)
        inside = 0 if self.pairs_without_inner(bracket, small_mask) else self.fewest_inner_pairs(
            bracket, small_mask, 0, 0)
        if inside is None:
            raise NoValidPairing("a bracket cannot be paired")
        shifted: list[int] = []
        if inside:  # 3.2.4.1
            shifted = first_set(middle_out(sorted(small, key=small_key)), inside,
                                lambda chosen, excluded: self.fewest_inner_pairs(
                                    bracket, small_mask, _mask(chosen), _mask(excluded)) == inside)
        back = (len(large) - len(small)) // 2 + inside
        returned: list[int] = []
        if back:  # 3.2.4.2
            large_mask = _mask(large)
            witness: list[list[int] | None] = [None]

            def can_return(chosen: list[int], excluded: list[int]) -> bool:
                # the last pairing found still serves if the candidate meets there a
                # player of its subgroup who is not shifted back (staying or undecided);
                # a candidate refused stays, which that pairing also allows
                mate = witness[0]
                if mate is not None:
                    partner = mate[chosen[-1]]
                    if large_mask >> partner & 1 and partner not in chosen:
                        return True
                mate = self.can_shift_back(bracket, small_mask, _mask(shifted), _mask(chosen), _mask(excluded))
                if mate is None:
                    return False
                witness[0] = mate
                return True

            returned = first_set(middle_out(sorted(large, key=large_key)), back, can_return)
        new_small = [v for v in small if v not in shifted] + returned
        new_large = [v for v in large if v not in returned] + shifted
        return (new_small, new_large) if small_is_g1 else (new_large, new_small)

    def pairs_without_inner(self, bracket: list[int], small: int) -> bool:
        """Whether the bracket has a legal pairing with no pair inside ``small`` (the
        usual case, checked by a cardinality matching before any weighted one)."""
        members = _mask(bracket)
        rows = [0] * len(self.players)
        for a in bracket:
            rows[a] = self.rows[a] & members & (~small if small >> a & 1 else members)
        mate = max_cardinality_matching(rows, vertices=bracket, allowed_unmatched=0)
        return all(mate[v] != UNMATCHED for v in bracket)

    def fewest_inner_pairs(self, bracket: list[int], small: int, shifted: int, kept: int) -> int | None:
        """The fewest pairs inside ``small`` of a legal pairing of the bracket in which
        no two ``shifted`` players meet, nor two ``kept`` players of ``small``, and a
        ``shifted`` player meets only ``small`` players; None if there is none."""
        n = len(self.players)
        members = _mask(bracket)
        edges = []
        for a in bracket:
            for b in bits(self.rows[a] & members & ~((2 << a) - 1)):
                both_small = small >> a & 1 and small >> b & 1
                if both_small:
                    if (shifted >> a & 1 and shifted >> b & 1) or (kept >> a & 1 and kept >> b & 1):
                        continue
                elif (shifted >> a | shifted >> b) & 1:
                    continue
                edges.append((a, b, 2 * n + 2 - both_small))
        mate = max_weight_matching(n, edges)
        if any(mate[v] == UNMATCHED for v in bracket):
            return None
        return sum(1 for v in bracket if small >> v & 1 and small >> mate[v] & 1) // 2

    def can_shift_back(self, bracket: list[int], small: int, shifted: int, returned: int,
                       staying: int) -> list[int] | None:
        """A legal pairing of the bracket exists in which the ``shifted``
        players meet the other players of ``small``, those meet ``shifted`` players
        or the larger subgroup's players not ``returned``, and the rest of the larger
        subgroup pair among themselves, one of each pair shifted back: none of two
        ``returned`` nor of two ``staying`` players (each player's partner); None if
        there is none."""
        members = _mask(bracket)
        rows = [0] * len(self.players)
        large = members & ~small
        for a in bracket:
            row = self.rows[a] & members
            if small >> a & 1:
                row &= small & ~shifted if shifted >> a & 1 else shifted | (large & ~returned)
            elif returned >> a & 1:
                row &= large & ~returned
            else:
                row &= (small & ~shifted) | (large & ~staying if staying >> a & 1 else large)
            rows[a] = row
        # the rows are symmetric by construction (each rule above has its mirror)
        mate = max_cardinality_matching(rows, vertices=bracket, allowed_unmatched=0)
        return mate if all(mate[v] != UNMATCHED for v in bracket) else None

    def first_transposition(self, s1: list[int], t2: list[int]) -> list[tuple[int, int]]:
        """2026 Art. 3.2.6 (2018 B.6): the first transposition of G2 (4.4) that pairs
        S1 legally: each player of S1 in turn takes the first player of T2 with whom
        the rest of S1 and T2 can still be paired.  A complete pairing of S1 with G2 is
        kept: ``a`` can take ``b`` when an alternating path leads from ``b``'s partner
        to ``a``'s (the pairing is then turned along it)."""
        n = len(self.players)
        right = _mask(t2)
        rows = [0] * n
        for a in s1:
            rows[a] = self.rows[a] & right
            for b in bits(rows[a]):
                rows[b] |= 1 << a
        vertices = s1 + t2
        mate = max_cardinality_matching(rows, vertices=vertices, allowed_unmatched=0)
        if any(mate[v] == UNMATCHED for v in vertices):
            raise NoValidPairing("S1 and G2 cannot be paired")
        free = right  # the players of G2 not yet taken
        pairs = []
        for a in s1:
            target = mate[a]
            for b in t2:
                if not (free >> b & 1 and rows[a] >> b & 1):
                    continue
                if b == target or self._turn(rows, mate, mate[b], target, free & ~(1 << b)):
                    mate[a], mate[b] = b, a
                    pairs.append((a, b))
                    free &= ~(1 << b)
                    break
        return pairs

    @staticmethod
    def _turn(rows: list[int], mate: list[int], start: int, target: int, allowed: int) -> bool:
        """An alternating path from ``start`` (of S1, whose partner is being taken) to
        ``target`` (of G2, whose partner is taking it) through the ``allowed`` players of
        G2 and their partners; if there is one, the pairing is turned along it."""
        parent: dict[int, int] = {}
        seen = 0
        frontier = [start]
        while frontier:
            following = []
            for x in frontier:
                reached = rows[x] & allowed & ~seen
                seen |= reached
                for w in bits(reached):
                    parent[w] = x
                    if w == target:
                        while True:
                            x = parent[w]
                            previous = mate[x]
                            mate[x], mate[w] = w, x
                            if x == start:
                                return True
                            w = previous
                    following.append(mate[w])
            frontier = following
        return False
