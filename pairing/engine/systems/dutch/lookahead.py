"""The next scoregroup in a bracket's weighted graph (2017 C.7, 2026 [C8]): when it may stand
as a few vertices (a hub), and the pairs an optimum makes in it."""

from __future__ import annotations

from collections.abc import Callable

from ...core.matching import UNMATCHED, bits, even_reachable, max_cardinality_matching
from ...core.round import RoundPairer
from ...core.state import Player
from .bracket import Bracket
from .criteria import DutchCriterion
from .editions import DutchEdition


class Lookahead(RoundPairer):
    """What a bracket's candidates can make of the following scoregroup."""

    edition: DutchEdition  # the rules paired under (DutchPairer)

    def _lookahead_hub(self, bracket: Bracket, members: list[int], mdp_count: int, lookahead: list[int],
                       active: list[DutchCriterion]) -> tuple[int, list[tuple[int, int, tuple[int, int]]]] | None:
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
                or any(c.no_hub for c in active)):
            return None
        players = self.players
        scores = {players[v].pairing_score for v in lookahead}
        if len(scores) != 1 or min(players[v].pairing_score for v in members) <= min(scores):
            return None
        if self.edition.lookahead_by_scores:
            digit = bracket.score_digit
            low = digit(players[lookahead[0]])
        else:
            # 2017 C.7: a pair in the next bracket counts one, and the SD of its player
            # from this bracket (as if not floating further); a pair of two of its own nothing
            digit = bracket.downfloat_sd
            low = 0
        floating = self._floating(members, mdp_count)
        if floating == 0:
            self._lookahead_mate = None
            return 0, []
        if floating == 1:
            return 1, self._one_floater_hub(members, lookahead, digit, low)
        return self._dirac_hub(members, lookahead, floating, digit, low)

    def _floating(self, members: list[int], mdp_count: int) -> int:
        """How many members every candidate leaves unpaired (2017 C.5, 2026 [C6])."""
        rows = self.graph(members)
        if self.edition.mdps_meet_residents_only:
            mdps = sum(1 << members[k] for k in range(mdp_count))
            for k in range(mdp_count):  # Art. 3.3.3: no MDP-MDP pairs
                rows[members[k]] &= ~mdps
        mate = max_cardinality_matching(rows, vertices=members)
        return sum(mate[v] == UNMATCHED for v in members)

    def _one_floater_hub(self, members: list[int], lookahead: list[int], digit: Callable[[Player], int],
                         low: int) -> list[tuple[int, int, tuple[int, int]]]:
        """k = 1 (see _lookahead_hub): one vertex, joined to each member by his value as the floater."""
        pairs, deficient = self._lookahead_structure(lookahead)
        lookahead_mask = sum(1 << v for v in lookahead)
        size = len(members)
        edges = []
        for i, f in enumerate(members):
            neighbours = self.rows[f] & lookahead_mask
            own = digit(self.players[f])
            if neighbours & deficient:
                edges.append((i, size, (pairs + 1, pairs * low + own)))
            elif neighbours:
                edges.append((i, size, (pairs, (pairs - 1) * low + own)))
            elif pairs:
                edges.append((i, size, (pairs, pairs * low)))
        return edges

    def _dirac_hub(self, members: list[int], lookahead: list[int], floating: int, digit: Callable[[Player], int],
                   low: int) -> tuple[int, list[tuple[int, int, tuple[int, int]]]] | None:
        """k >= 2 (see _lookahead_hub): a complete graph of h vertices, when Dirac's condition holds."""
        players = self.players
        lookahead_mask = sum(1 << v for v in lookahead)
        size = len(members)
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
