"""The Double-Swiss system's edition (C.04.5, 2026) and the readings of its reconstructed text.

Only the opening of the 2026 page (up to 1.3.2) is held verbatim; the rest follows the C.04.6
team text it mirrors (docs/systems/double-swiss.md).  Where the two sources disagree the reading
is a field here: the edition ``2026`` takes the Double-Swiss research notes' readings, the edition
``2026-team`` (never chosen by a date: ``--edition 2026-team``) the other ones: the C.04.6 words
where they differ ([C7], [C8]) and [C6] as the fewest upfloaters.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from ...core.basic_rules import BASIC_RULES_2026
from ...core.explanation import Articles, gettext_noop
from ...core.state import RoundState
from ...trf import TrfDocument
from .. import Edition
from .state import build_double_state

#: [C8] counts, of each pair with an upfloater, the resident (D5c)
RESIDENT = "resident"
#: ... or the higher-scored player of any pair with an upfloater (the other reading of D5)
HIGHER = "higher"
#: [C6] complies when the following scoregroup can be paired with as few upfloaters as its parity
#: asks (D5c's "parity minimum")
PARITY = "parity"
#: ... or: the set of upfloaters leaves the following scoregroup the fewest upfloaters it can need
FEWEST = "fewest"


@dataclass(frozen=True, kw_only=True)
class DoubleEdition(Edition):
    """C.04.5 with its readings."""

    #: [C7] and [C8] do not apply in the last ``float_rounds_exempt`` rounds: 1 (D5: "except in the
    #: last round") or 2 (C.04.6 [C7]/[C10]: "With the exception of the last two rounds")
    float_rounds_exempt: int = 1
    #: whose float [C8] counts in a pair with an upfloater: RESIDENT or HIGHER
    c8_counts: str = RESIDENT
    #: how [C6] reads "[C4] complied with" in the following scoregroup's bracket: PARITY or FEWEST
    c6_reading: str = PARITY
    explained: Articles = field(compare=False, default_factory=Articles)

    def round_state(self, document: TrfDocument, round_number: int | None = None,
                    total_rounds: int | None = None) -> RoundState:
        """The state of match ``round_number`` of ``total_rounds`` matches (TRF rounds 2k-1, 2k)."""
        return build_double_state(document, round_number, total_rounds)

    def floats_apply(self, state: RoundState) -> bool:
        """[C7], [C8]: not in the last round(s) (see ``float_rounds_exempt``)."""
        return state.round_number <= state.total_rounds - self.float_rounds_exempt


_ARTICLES = Articles(
    bye_eligibility="Art. 2.1.2 [C2]", bye_score="Art. 3.4.2", bye_order="Art. 3.4.1-3.4.4",
    bye_order_text=gettext_noop(
        "the PAB is assigned first: among those who leave a legal pairing of the others, the lowest score, then "
        "the most matches played, then the largest TPN"),
    absolute={"rematch": "Art. 2.1.1 [C1]"})
_COMMON = {"in_force_from": datetime.date(2026, 2, 1), "basic_rules": BASIC_RULES_2026, "acceleration": "",
               "bye_score": "Art. 3.4.2", "bye_order": "Art. 3.4.3-3.4.4",
               "absolute_criteria": ("Art. 2.1.1 [C1]", "Art. 2.1.2 [C2]", ""), "explained": _ARTICLES}

EDITION_2026_TEAM = DoubleEdition(
    name="2026-team", title="2026, with the other readings (the team text's words for [C7]/[C8])",
    trf_codes=("FIDE_DOUBLESWISS_2026_TEAM",), float_rounds_exempt=2, c8_counts=HIGHER, c6_reading=FEWEST,
    by_date=False, **_COMMON)
EDITION_2026 = DoubleEdition(
    name="2026", title="2026 (in force from 1 February 2026)",
    trf_codes=("FIDE_DOUBLESWISS", "FIDE_DOUBLESWISS_2026"), **_COMMON)
