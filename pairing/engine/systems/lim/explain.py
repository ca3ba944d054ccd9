"""The Lim system's words for the explanation (core.explanation)."""

from __future__ import annotations

from ...core.explanation import Articles, Step, gettext_noop, scoregroup_steps
from ...core.pairing import RoundPairing
from ...core.state import Player, RoundState
from .. import Edition
from .colours import white_for_first


def explain(state: RoundState, pairing: RoundPairing, edition: Edition) -> tuple[list[Step], Articles]:
    """The PAB first (1.1; round 1: 7.1), then the score-groups in the order of 2.2: from the
    top down to just above the Median Score-group, from the bottom up, the median last."""
    median2 = state.win_points * (state.round_number - 1)  # 2.2: the median score, doubled
    scores = {p.pairing_score for p in state.players}
    order = (sorted((s for s in scores if 2 * s > median2), reverse=True)
             + sorted(s for s in scores if 2 * s < median2) + [s for s in scores if 2 * s == median2])

    def rule(white: Player, black: Player, state: RoundState) -> tuple[str, str]:
        a, b = (white, black) if white.order < black.order else (black, white)
        _, article, kind = white_for_first(a, b, state.initial_colour, 2 * a.pairing_score < median2)
        return f"Art. {article}", kind

    eligibility = edition.basic_rules.cite("bye", short=True)  # 1.1: the basic rules' alone
    return scoregroup_steps(state, pairing, order, bye_first=True), Articles(
        rule, bye_eligibility=eligibility, bye_score="Art. 1.1", bye_order="Art. 1.1 (round 1: 7.1)",
        bye_order_text=gettext_noop(
            "the PAB is assigned first: the lowest ranked player of the lowest score-group (in round 1 the lowest "
            "rated) who leaves the others pairable"))
