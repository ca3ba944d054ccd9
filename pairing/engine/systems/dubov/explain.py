"""The Dubov system's words for the explanation (core.explanation)."""

from __future__ import annotations

from dataclasses import replace

from ...core.explanation import Articles, Step
from ...core.pairing import RoundPairing
from ...core.state import Player, RoundState
from .colours import colour_rule
from .editions import DubovEdition


def explain(state: RoundState, pairing: RoundPairing, edition: DubovEdition) -> tuple[list[Step], Articles]:
    """The brackets the pairer reports (each scoregroup from the top with its upfloaters,
    3.2.1-3.2.2), after the PAB (Art. 3.1 / 2018 B.0)."""
    steps = []
    for bracket in pairing.brackets:
        paired = {n for pair in bracket.pairs for n in pair}
        incoming = tuple(n for n, _ in bracket.upfloaters)
        steps.append(Step(bracket.score, incoming, bracket.residents, bracket.pairs,
                          tuple(n for n in incoming + bracket.residents if n not in paired)))

    def rule(white: Player, black: Player, state: RoundState) -> tuple[str, str]:
        return colour_rule(white, black, state, edition.colour_articles)

    return steps, replace(edition.explained, colour_rule=rule)
