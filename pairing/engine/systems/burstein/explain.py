"""The Burstein system's words for the explanation (core.explanation)."""

from __future__ import annotations

from ...core.explanation import Articles, Step, gettext_noop, scoregroup_steps
from ...core.pairing import RoundPairing
from ...core.state import Player, RoundState
from .colours import white_2017, white_2026
from .index import opposition_2017, opposition_2026, ranking_key_2017, ranking_key_2026
from .pairer import seeding_rounds


def explain(state: RoundState, pairing: RoundPairing, edition) -> tuple[list[Step], Articles]:
    """The PAB first (2026 3.1 / 2017 4.1-4.3), then the scoregroups from the top, their
    floaters moving down; in the 2026 seeding rounds, the Dutch system's own explanation."""
    if edition.name == "2026" and state.round_number <= seeding_rounds(state.total_rounds):
        from .. import get_system  # 2026 Art. 1.6.1: a Dutch round-pairing (through the registry)
        dutch = get_system("dutch")
        return dutch.explain(state, pairing, dutch.edition("2026"))
    if edition.name == "2017":
        key, white = ranking_key_2017(opposition_2017(state)), white_2017
        words = {"bye_eligibility": "4.1 (C.04.1 d)", "bye_score": "4.2", "bye_order": "4.3",
                 "bye_order_text": gettext_noop(
                     "the PAB is assigned first: the lowest by the order of 3.2 (SB, Buchholz and so on) who leaves "
                     "a complete pairing")}
    else:
        key, white = ranking_key_2026(opposition_2026(state)), white_2026
        words = {"bye_eligibility": "Art. 3.1.1 [C2] (C.04.1 Art. 4)", "bye_score": "Art. 3.1.3",
                 "bye_order": "Art. 3.1.4-3.1.5",
                 "bye_order_text": gettext_noop(
                     "the PAB is assigned first: the most games played, then the lowest ranking (1.8), among those "
                     "who leave a complete pairing (3.1.2)")}

    def rule(w: Player, b: Player, state: RoundState) -> tuple[str, str]:
        higher, lower = sorted((w, b), key=key)
        _, article, kind = white(higher, lower, state)
        return article, kind

    return scoregroup_steps(state, pairing, bye_first=True), Articles(rule, **words)
