"""Direct encounter (C.07 Art. 6) for a group of tied participants."""

from __future__ import annotations

from fractions import Fraction

from .event import Event


def _scores(event: Event, group: list[int], forfeits: bool) -> tuple[dict, dict]:
    """Points against the others of the group and how many of them were met (6.1)."""
    members = set(group)
    scored, met = {}, {}
    for number in group:
        against: dict[int, list[Fraction]] = {}
        for r in event.games(number, forfeits):  # 6.1.1: forfeits only with /P
            if r.opponent in members:
                against.setdefault(r.opponent, []).append(r.points)
        # 6.1.2: players who met more than once contribute the average of those games
        scored[number] = sum((Fraction(sum(p), len(p)) for p in against.values()), Fraction(0))  # tenths
        met[number] = len(against)
    return scored, met


def order(event: Event, group: list[int], forfeits: bool = False) -> list[list[int]]:
    """The group split into ordered blocks of participants DE cannot separate."""
    if len(group) < 2:
        return [list(group)]
    scored, met = _scores(event, group, forfeits)
    if all(met[n] == len(group) - 1 for n in group):
        # 6.2: all of them met: the standings of these games rank them
        values = sorted({scored[n] for n in group}, reverse=True)
        if len(values) == 1:
            return [sorted(group)]
        blocks = []
        for value in values:
            blocks += order(event, sorted(n for n in group if scored[n] == value), forfeits)
        return blocks
    # 6.3 (Swiss, not all met): a participant ranks first if nobody can reach his score
    # whatever the results of the missing games; then the same for second place, ...
    best = {n: scored[n] + (len(group) - 1 - met[n]) * event.win for n in group}
    ranked = sorted(group, key=lambda n: (-scored[n], -best[n], n))
    blocks = []
    index = 0
    while index < len(ranked) - 1 and scored[ranked[index]] > max(best[n] for n in ranked[index + 1:]):
        blocks.append([ranked[index]])
        index += 1
    if index == 0:
        return [sorted(group)]
    rest = ranked[index:]
    # the others go back through Art. 6
    return blocks + (order(event, sorted(rest), forfeits) if len(rest) > 1 else [rest])
