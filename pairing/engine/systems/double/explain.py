"""The Double-Swiss system's words for the explanation (core.explanation)."""

from __future__ import annotations

from dataclasses import replace

from ...core.explanation import Articles, Step
from ...core.pairing import RoundPairing
from ...core.state import RoundState
from .colours import explained_rule
from .editions import DoubleEdition


def explain(state: RoundState, pairing: RoundPairing, edition: DoubleEdition) -> tuple[list[Step], Articles]:
    """The brackets as paired: each top-scoregroup with its upfloaters (3.3.2, 3.5), after the PAB
    (3.4); the colour of each match by Article 4."""
    steps = [Step(bracket.score, tuple(n for n, _ in bracket.upfloaters), bracket.residents, bracket.pairs, ())
             for bracket in pairing.brackets]
    return steps, replace(edition.explained, colour_rule=explained_rule)
