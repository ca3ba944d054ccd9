"""The Dutch system's words for the explanation (core.explanation): its criteria's articles,
the colour rule of each board and the articles of the PAB, in each edition."""

from __future__ import annotations

from ...core.explanation import Articles, Step
from ...core.pairing import RoundPairing
from ...core.state import Player, RoundState
from .colours import RULES, allocate_colours_by_rule
from .colours1992 import RULES_1992, allocate_colours_1992
from .editions import DutchEdition


def articles(edition: DutchEdition) -> Articles:
    # the floats of the round before, then of two rounds before (2017 C.12, C.13, C.16, C.17, ...)
    criteria = tuple(sorted((c for c in edition.criteria if c.concerns is not None), key=lambda c: c.back))

    def rule(white: Player, black: Player, state: RoundState) -> tuple[str, str]:
        if edition.fixed_procedure:  # 1992 E1-E4
            kind = allocate_colours_1992(white, black, state)[1]
            return RULES_1992[kind], kind
        kind = allocate_colours_by_rule(white, black, state)[1]
        return f"{edition.colour_rules}{RULES[kind]}", kind

    return Articles(rule, criteria, bye_eligibility=edition.pab_eligibility, bye_score=edition.pab_score,
                    bye_order=edition.pab_order, bye_order_text=edition.pab_order_text,
                    absolute={"rematch": edition.no_rematch, "colour": edition.colour_limits})


def explain(state: RoundState, pairing: RoundPairing, edition: DutchEdition) -> tuple[list[Step], Articles]:
    """The brackets as the pairer recorded them, and the edition's articles."""
    return pairing.steps, articles(edition)
