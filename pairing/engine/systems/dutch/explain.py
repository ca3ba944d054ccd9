"""The Dutch system's words for the explanation (core.explanation): its criteria's articles,
the colour rule of each board and the articles of the PAB, in each edition."""

from __future__ import annotations

from ...core.explanation import Articles, Step, gettext_noop
from ...core.pairing import RoundPairing
from ...core.state import Player, RoundState
from .colours import RULES, allocate_colours_by_rule
from .pairer import CRITERIA, CRITERIA_2026


def articles(edition: str) -> Articles:
    if edition == "2026":
        criteria = {(c.role, c.back): f"[{c.name}]" for c in CRITERIA_2026}
        colour_article = "Art. 5.2."  # the colour rules, C.04.3 2026 Art. 5.2.1-5.2.5
        words = {"bye_eligibility": "[C2] (C.04.1 Art. 4)", "bye_score": "[C5]", "bye_order": "Art. 3.8.1, 4.2-4.3",
                 "bye_order_text": gettext_noop(
                     "the chosen candidate of the last bracket (the best by [C6]-[C21], [C9] first, then the "
                     "earliest generated) leaves him unpaired"),
                 "absolute": {"rematch": "[C1]", "colour": "[C3]"}}
    else:
        criteria = {(c.role, c.back): c.name for c in CRITERIA}
        colour_article = "E."  # the colour rules, C.04.3 2017 E.1-E.5
        words = {"bye_eligibility": "C.2 (C.04.1 d)", "bye_score": "A.9, C.4", "bye_order": "B.8, D.1-D.2",
                 "bye_order_text": gettext_noop(
                     "the PAB is part of the last bracket's pairing (A.9): its chosen candidate (the best by "
                     "C.5-C.19, then the earliest generated) leaves him unpaired"),
                 "absolute": {"rematch": "C.1", "colour": "C.3"}}

    def rule(white: Player, black: Player, state: RoundState) -> tuple[str, str]:
        kind = allocate_colours_by_rule(white, black, state)[1]
        return f"{colour_article}{RULES[kind]}", kind

    return Articles(rule, criteria, **words)


def explain(state: RoundState, pairing: RoundPairing, edition) -> tuple[list[Step], Articles]:
    """The brackets as the pairer recorded them, and the edition's articles."""
    return pairing.steps, articles(edition.name)
