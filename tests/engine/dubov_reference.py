"""A literal, brute-force reading of the Dubov pairing procedure (C.04.4.1 2026 Art. 3, 2018 B) for
small rounds, written from the text apart from the engine's pairer: every set of upfloaters,
every shift and every transposition is enumerated in the order the text gives.  It shares with
the engine only the round's facts (scores, colours, opponents, upfloats: ``build_round_state``)
and the definitions of Art. 1 and 4.3.3 (preference, ARO, MaxT, the middle-out order).  Slow
(exponential): for brackets of a dozen players at most.  It returns the pairs unordered (the
colours of Art. 5 have their own rule tests) and the PAB."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from pairing.engine.core.state import RoundState
from pairing.engine.systems.dubov.definitions import aro, colour_preference, max_upfloats, middle_out
from pairing.engine.trf import WHITE


def matchings(players: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of ``players``."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for k, partner in enumerate(rest):
        for others in matchings(rest[:k] + rest[k + 1:]):
            yield [(first, partner), *others]


class LiteralDubov:
    """One round, paired as Art. 3 reads."""

    def __init__(self, state: RoundState):
        self.players = {p.number: p for p in state.players}
        self.preference = {n: colour_preference(p)[0] for n, p in self.players.items()}
        self.aro = {n: aro(p) for n, p in self.players.items()}
        self.last_round = state.last_round
        self.max_t = max_upfloats(state.total_rounds)

    # -- [C1], [C3], [C4], [C7] -------------------------------------------------------------

    def legal(self, a: int, b: int) -> bool:
        """[C1] no rematch (a forfeit is no game) nor forbidden pair, [C3] not the same absolute
        colour preference."""
        pa, pb = self.players[a], self.players[b]
        if b in pa.played_opponents | pa.forbidden or a in pb.played_opponents:
            return False
        return not (pa.absolute and pb.absolute and pa.preference == pb.preference)

    def legal_matchings(self, players: list[int]) -> Iterator[list[tuple[int, int]]]:
        return (m for m in matchings(sorted(players)) if all(self.legal(a, b) for a, b in m))

    def complete(self, players: list[int]) -> bool:
        return len(players) % 2 == 0 and next(self.legal_matchings(players), None) is not None

    def failures(self, pairs) -> int:
        """[C7]: the players of ``pairs`` who do not get their colour preference."""
        return sum(self.preference[a] == self.preference[b] for a, b in pairs)

    def score(self, number: int) -> int:
        return self.players[number].pairing_score

    # -- the round ----------------------------------------------------------------------------

    def pair(self) -> tuple[set[frozenset[int]], int | None]:
        """1.9.2: the PAB first, then each scoregroup from the top."""
        remaining = sorted(self.players, key=lambda n: (-self.score(n), n))
        bye = self.bye(remaining) if len(remaining) % 2 else None
        remaining = [n for n in remaining if n != bye]
        pairs: set[frozenset[int]] = set()
        while remaining:
            residents = [n for n in remaining if self.score(n) == self.score(remaining[0])]
            lower = remaining[len(residents):]  # 4.2.2: descending score, ascending TPN
            bracket = residents + self.upfloaters(residents, lower)
            pairs |= {frozenset(p) for p in self.pair_bracket(bracket)}
            remaining = [n for n in remaining if n not in bracket]
        return pairs, bye

    def bye(self, players: list[int]) -> int:
        """3.1: eligible, leaving a complete pairing; lowest score, most games, largest TPN."""
        candidates = sorted((n for n in players if self.players[n].bye_eligible),
                            key=lambda n: (self.score(n), -self.players[n].played_games, -n))
        return next(n for n in candidates if self.complete([m for m in players if m != n]))

    def upfloaters(self, residents: list[int], lower: list[int]) -> list[int]:
        """3.2.1-3.2.2: the fewest upfloaters for a legal pairing ([C1], [C3], [C4]), then the best
        by [C6]-[C10], the first such set in 4.1.3's order (lexicographic on sequence numbers)."""
        for size in range(len(residents) % 2, len(lower) + 1, 2):
            best = None
            for chosen in itertools.combinations(lower, size):  # lower is in sequence order
                key = self.quality(residents, list(chosen), lower)
                if key is not None and (best is None or key < best[0]):
                    best = (key, list(chosen))
            if best is not None:
                return best[1]
        raise ValueError("the round cannot be completed")

    def quality(self, residents: list[int], chosen: list[int], lower: list[int]) -> tuple | None:
        """[C6]-[C10] of a set of upfloaters (smaller is better); None if it is not legal."""
        if not self.complete([n for n in lower if n not in chosen]):  # [C4]
            return None
        colour_failures = [self.failures(m) for m in self.legal_matchings(residents + chosen)]
        if not colour_failures:
            return None
        scores = tuple(-s for s in sorted(self.score(n) for n in chosen))  # [C6]: ascending, maximised
        floats = (0, 0, 0)
        if not self.last_round:  # [C8]-[C10]
            maximum = [n for n in chosen if self.players[n].upfloats >= self.max_t]
            floats = (len(maximum), sum(self.players[n].upfloats for n in maximum),
                      sum(self.players[n].upfloated_last for n in chosen))
        return scores, min(colour_failures), *floats

    # -- 3.2.3-3.2.6 ---------------------------------------------------------------------------

    def pair_bracket(self, bracket: list[int]) -> list[tuple[int, int]]:
        if all(not self.players[n].colours for n in bracket):  # 3.2.3: all yet to play, by TPN
            ordered = sorted(bracket)
            g1, g2 = ordered[: len(ordered) // 2], ordered[len(ordered) // 2:]
        else:
            g1 = [n for n in bracket if self.preference[n] == WHITE]
            g2 = [n for n in bracket if self.preference[n] != WHITE]
        g1, g2 = self.recompose(bracket, g1, g2)
        s1 = sorted(g1, key=self.white_key)  # 3.2.5
        for t2 in itertools.permutations(sorted(g2)):  # 4.4.2: in this order
            if all(self.legal(a, b) for a, b in zip(s1, t2, strict=True)):
                return list(zip(s1, t2, strict=True))  # 3.2.6
        raise ValueError("no legal transposition")

    def white_key(self, number: int) -> tuple[int, int]:
        return self.aro[number], number  # 3.2.5, 4.3.2: ascending ARO, then TPN

    def recompose(self, bracket: list[int], g1: list[int], g2: list[int]) -> tuple[list[int], list[int]]:
        """3.2.4: shift the unavoidable pairs of the smaller subgroup (G1 if equal), then equalise
        from the larger one; each set the first in 4.3's order with the fewest colour failures."""
        small_is_g1 = len(g1) <= len(g2)
        small, large = (g1, g2) if small_is_g1 else (g2, g1)
        keys = (self.white_key, int) if small_is_g1 else (int, self.white_key)
        inside = min(sum(a in small and b in small for a, b in m) for m in self.legal_matchings(bracket))
        order = middle_out(sorted(small, key=keys[0]))
        options = [(self.best_return(small, large, list(s), keys[1]), list(s))
                   for s in itertools.combinations(order, inside)]
        shifted = min((o for o in options if o[0] is not None), key=lambda o: o[0][0])[1]
        returned = self.best_return(small, large, shifted, keys[1])[1]
        new_small = [n for n in small if n not in shifted] + returned
        new_large = [n for n in large if n not in returned] + shifted
        return (new_small, new_large) if small_is_g1 else (new_large, new_small)

    def best_return(self, small, large, shifted, key) -> tuple[int, list[int]] | None:
        """The first set of the larger subgroup's own players (4.3: the seekers of its colour) to
        move to the smaller one after ``shifted`` left it, with the fewest colour failures of a
        legal pairing of the two subgroups; (failures, set), None if there is none."""
        remaining = [n for n in small if n not in shifted]
        count = (len(large) + len(shifted) - len(remaining)) // 2
        best = None
        for returned in itertools.combinations(middle_out(sorted(large, key=key)), count):
            left = remaining + list(returned)
            right = [n for n in large if n not in returned] + shifted
            fewest = self.cross_failures(left, right)
            if fewest is not None and (best is None or fewest < best[0]):
                best = (fewest, list(returned))
        return best

    def cross_failures(self, left: list[int], right: list[int]) -> int | None:
        """The fewest colour failures of a legal pairing of ``left`` with ``right``."""
        found = [self.failures(list(zip(left, order, strict=True))) for order in itertools.permutations(right)
                 if all(self.legal(a, b) for a, b in zip(left, order, strict=True))]
        return min(found) if found else None
