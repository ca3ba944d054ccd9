"""The team standings and their tie-breaks (C.07 Art. 11-16, team events), pure: the engine's team
document in (``TeamDocument``: each team's rounds, match and game points in tenths), rows out.

Codes (C.07 Art. 13): ``MPvGP`` the secondary score (13.1); ``BH`` Buchholz on the primary score,
``BH:MP``/``BH:GP`` on a named one (13: Arts. 6-10 on MP or GP); ``EMMSB``, ``EMGSB``, ``EGMSB``,
``EGGSB`` the Sonneborn-Berger variants (13.2: the opponent's match or game points times the match
or game points scored against him); ``DE`` direct encounter (6, on the primary score); ``/C1``
cuts the least significant value (14.1).  Unplayed rounds (16.4): the PAB, an absence or a match
lost or won by forfeit count as a match against a dummy whose score is the team's own, capped by
the scheduled opponent's score for a forfeit (16.4.1), else by a draw every round (16.4.2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from pairing.engine import TeamDocument

CODE = re.compile(r"(?P<name>MPvGP|BH|DE|E[MG][MG]SB)(?::(?P<score>MP|GP))?(?P<cut>/C1)?")
#: The codes an arbiter may list, as the form's help says.
CODES = ("MPvGP", "DE", "BH", "BH/C1", "BH:MP", "BH:GP", "EMMSB", "EMGSB", "EGMSB", "EGGSB")


class TeamTiebreakError(ValueError):
    """A code that is not a team tie-break."""


def check_codes(codes: list[str]) -> None:
    for code in codes:
        if CODE.fullmatch(code) is None:
            raise TeamTiebreakError(code)


@dataclass(frozen=True)
class TeamRow:
    """A team's line of the standings: match and game points in tenths, the tie-breaks exact (the
    pages print them as the other tie-breaks) in the order of the codes."""

    tpn: int
    rank: int
    match_points: int
    game_points: int
    values: tuple[Fraction, ...]


@dataclass
class _Event:
    document: TeamDocument
    rounds: int
    primary: str
    draws: dict[str, int]  # a draw's value every round, in tenths, by score (16.4.2)

    def score(self, tpn: int, which: str | None = None) -> int:
        return self.document.score(tpn, which or self.primary, self.rounds)

    def matches(self, tpn: int):
        return self.document.rounds[tpn][:self.rounds]

    def opponent_scores(self, tpn: int, which: str) -> list[int]:
        """The score ``which`` of each round's opponent, a dummy for an unplayed round (16.4)."""
        own = self.score(tpn, which)
        values = []
        for match in self.matches(tpn):
            if match.kind == "match" and match.played:
                values.append(self.score(match.opponent, which))
            elif match.kind == "match":  # 16.4.1: a forfeit, capped by the scheduled opponent
                values.append(min(own, self.score(match.opponent, which)))
            else:  # 16.4.2: the PAB or an absence
                values.append(min(own, self.draws[which] * self.rounds))
        return values


def _scored(match, which: str) -> int:
    return match.match_points if which == "MP" else match.game_points


def _contributions(event: _Event, tpn: int, name: str, score: str | None) -> list[int]:
    """Each round's part of tie-break ``name`` (tenths, or hundredths for a product)."""
    if name == "BH":
        return event.opponent_scores(tpn, score or event.primary)
    # E<opponent's total><scored>SB (13.2)
    total, scored = ("MP" if name[1] == "M" else "GP"), ("MP" if name[2] == "M" else "GP")
    return [value * _scored(match, scored)
            for value, match in zip(event.opponent_scores(tpn, total), event.matches(tpn), strict=True)]


def _value(event: _Event, tpn: int, code: str) -> int:
    parsed = CODE.fullmatch(code)
    name = parsed["name"]
    if name == "MPvGP":
        return event.score(tpn, "GP" if event.primary == "MP" else "MP")
    values = sorted(_contributions(event, tpn, name, parsed["score"]))
    if parsed["cut"] and values:
        values = values[1:]  # 14.1: the least significant value
    return sum(values)


def _direct_encounter(event: _Event, group: list[int]) -> dict[int, int]:
    """C.07 Art. 6: the primary points the tied teams scored against each other, when every one of
    them has met every other; else nothing to tell them apart."""
    members = set(group)
    met = {tpn: {m.opponent for m in event.matches(tpn) if m.kind == "match"} & members for tpn in group}
    if len(group) < 2 or any(met[tpn] != members - {tpn} for tpn in group):
        return dict.fromkeys(group, 0)
    return {tpn: sum(_scored(m, event.primary) for m in event.matches(tpn)
                     if m.kind == "match" and m.opponent in members) for tpn in group}


def team_standings(document: TeamDocument, rounds: int, codes: list[str], primary: str = "MP",
                   draws: dict[str, int] | None = None) -> list[TeamRow]:
    """The teams after ``rounds`` rounds, ranked by the primary score, then the tie-breaks ``codes``;
    teams equal on all share the place (listed by TPN)."""
    check_codes(codes)
    event = _Event(document, rounds, primary, draws or {"MP": 10, "GP": 5 * document.boards})
    keys = {tpn: [event.score(tpn)] for tpn in document.teams}
    for code in codes:
        if code == "DE":
            groups: dict[tuple, list[int]] = {}
            for tpn, key in keys.items():
                groups.setdefault(tuple(key), []).append(tpn)
            for group in groups.values():
                for tpn, value in _direct_encounter(event, group).items():
                    keys[tpn].append(value)
        else:
            for tpn in keys:
                keys[tpn].append(_value(event, tpn, code))
    order = sorted(keys, key=lambda tpn: ([-v for v in keys[tpn]], tpn))
    scale = [100 if CODE.fullmatch(code)["name"].endswith("SB") else 10 for code in codes]  # products: hundredths
    rows, rank = [], 0
    for place, tpn in enumerate(order, start=1):
        if place == 1 or keys[tpn] != keys[order[place - 2]]:
            rank = place
        values = tuple(Fraction(v, unit) for v, unit in zip(keys[tpn][1:], scale, strict=True))
        rows.append(TeamRow(tpn, rank, event.score(tpn, "MP"), event.score(tpn, "GP"), values))
    return rows
