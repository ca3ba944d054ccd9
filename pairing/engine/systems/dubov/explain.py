"""The Dubov system's words for the explanation (core.explanation)."""

from __future__ import annotations

from ...core.explanation import Articles, Step, gettext_noop
from ...core.pairing import RoundPairing
from ...core.state import Player, RoundState
from .colours import colour_rule


def explain(state: RoundState, pairing: RoundPairing, edition) -> tuple[list[Step], Articles]:
    """The brackets the pairer reports (each scoregroup from the top with its upfloaters,
    3.2.1-3.2.2), after the PAB (Art. 3.1 / 2018 B.0)."""
    steps = []
    for bracket in pairing.brackets:
        paired = {n for pair in bracket.pairs for n in pair}
        incoming = tuple(n for n, _ in bracket.upfloaters)
        steps.append(Step(bracket.score, incoming, bracket.residents, bracket.pairs,
                          tuple(n for n in incoming + bracket.residents if n not in paired)))

    def rule(white: Player, black: Player, state: RoundState) -> tuple[str, str]:
        return colour_rule(white, black, state, edition.name)

    if edition.name == "2026":
        return steps, Articles(rule, bye_eligibility="Art. 3.1.1 [C2] (C.04.1 Art. 4)", bye_score="Art. 3.1.3",
                               bye_order="Art. 3.1.4-3.1.5",
                               bye_order_text=gettext_noop(
                                   "the PAB is assigned first: the most games played, then the largest TPN, among "
                                   "those who leave a complete pairing (3.1.2)"))
    return steps, Articles(rule, bye_eligibility="B.0 (C.04.1 d)", bye_score="B.0", bye_order="B.0",
                           bye_order_text=gettext_noop(
                               "the PAB is assigned first: the most games played, then the largest TPN, among those "
                               "who leave a complete pairing"))
