"""The Burstein system's words for the explanation (core.explanation)."""

from __future__ import annotations

from dataclasses import replace

from ...core.explanation import Articles, Step, scoregroup_steps
from ...core.pairing import RoundPairing
from ...core.state import Player, RoundState
from .editions import BursteinEdition


def explain(state: RoundState, pairing: RoundPairing, edition: BursteinEdition) -> tuple[list[Step], Articles]:
    """The PAB first (2026 3.1 / 2017 4.1-4.3), then the scoregroups from the top, their
    floaters moving down; in the 2026 seeding rounds, the Dutch system's own explanation."""
    if edition.seeding_round(state):
        from .. import get_system  # 2026 Art. 1.6.1: a Dutch round-pairing (through the registry)
        dutch = get_system("dutch")
        return dutch.explain(state, pairing, dutch.edition(edition.seeding_by_dutch))
    key = edition.index_key(state)

    def rule(w: Player, b: Player, state: RoundState) -> tuple[str, str]:
        higher, lower = sorted((w, b), key=key)
        _, article, kind = edition.white(higher, lower, state)
        return article, kind

    return scoregroup_steps(state, pairing, bye_first=True), replace(edition.explained, colour_rule=rule)
