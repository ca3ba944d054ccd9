"""The Swiss team system, C.04.6 (2026): teams paired by match points or game points, colour
models Type A, Type B or none, the PAB as the text values it.

Registered once as :data:`TEAM` (``--team`` on the command line).  It pairs teams, not players,
so it is kept out of the individual systems' registry (``SYSTEMS``, which the app offers for
individual tournaments); it shares the core's matchings (``core.matching``).  Record 192:
``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...trf_team import TeamDocument
from .editions import EDITION_2026, EDITION_2026_GACRUX, TeamEdition
from .explain import ARTICLE, SYSTEM
from .pairer import TeamPairing, pair_teams
from .state import TeamRoundState, build_team_state


@dataclass(frozen=True)
class TeamSystem:
    name: str
    title: str
    article: str
    editions: tuple[TeamEdition, ...]

    @property
    def latest(self) -> TeamEdition:
        """The edition paired by default: the 2026 text with our readings."""
        return self.editions[0]

    def edition(self, name: str | None) -> TeamEdition:
        for edition in self.editions:
            if edition.name == (name or self.latest.name):
                return edition
        raise KeyError(f"the {self.title} has no edition {name!r}")

    def pair(self, document: TeamDocument, round_number: int | None = None, total_rounds: int | None = None,
             edition: TeamEdition | None = None) -> TeamPairing:
        """The pairing of ``round_number`` (default: the next round) from the rounds before it."""
        return pair_teams(self.round_state(document, round_number, total_rounds, edition))

    def round_state(self, document: TeamDocument, round_number: int | None = None, total_rounds: int | None = None,
                    edition: TeamEdition | None = None) -> TeamRoundState:
        """What the pairing of ``round_number`` reads (what a hand-made pairing is reviewed on)."""
        return build_team_state(document, edition or self.latest, round_number, total_rounds)


TEAM = TeamSystem(name="team", title=SYSTEM, article=ARTICLE,
                  editions=(EDITION_2026, EDITION_2026_GACRUX))
