"""The editions of C.04.3, each with what it does differently as data: the pairer and the
explanation read these fields, never the edition's name."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from ...core.explanation import gettext_noop
from ...core.state import RoundState
from ...trf import TrfDocument
from .. import Edition
from .criteria import CRITERIA, CRITERIA_2026, DutchCriterion
from .history1992 import as_1992


@dataclass(frozen=True, kw_only=True)
class DutchEdition(Edition):
    """An edition of the Dutch system."""

    #: the quality criteria, most important first (2017 C.4-C.19, 2026 Art. 2.2-2.4)
    criteria: tuple[DutchCriterion, ...]
    #: 2026 Art. 1.9.2 and [C4]: every bracket keeps the round completable; 2017 A.9: a bracket
    #: is paired, then becomes the PPB (the rest collapsing into the CLB) when it does not
    completion_in_every_bracket: bool
    #: 2026 Art. 3.3.3: MDPs are paired with residents, never with each other (2017: MDPs may
    #: meet each other)
    mdps_meet_residents_only: bool
    #: 2026 [C6]-[C7] with Art. 3.3.3: every optimal candidate pairs as many MDPs of each score,
    #: so the selection (2026 Art. 3.3.3) takes the first of each score; 2017 C.6 weighs score
    #: differences, and the first MDPs are checked against a solve of the criteria alone
    mdps_selected_by_score: bool
    #: the following bracket weighed by the scores of its downfloaters (2026 [C8] with [C7]);
    #: else by the PSD (2017 C.7 with C.6)
    lookahead_by_scores: bool
    # -- the explanation's citations
    colour_rules: str          # the colour allocation: 2017 E.1-E.5, 2026 Art. 5.2.1-5.2.5
    no_rematch: str            # 2017 C.1, 2026 [C1]
    colour_limits: str         # 2017 C.3, 2026 [C3]
    pab_eligibility: str       # who may take the PAB
    pab_score: str             # the score it goes to
    pab_order: str             # who of that score
    pab_order_text: str        # the same, in words
    #: 1992 C1-C14: a fixed procedure takes the first candidate meeting the criteria still in
    #: force (procedure1992.py); 2017, 2026: the best candidate by the criteria
    fixed_procedure: bool = False

    def round_state(self, document: TrfDocument, round_number: int | None = None,
                    total_rounds: int | None = None) -> RoundState:
        state = super().round_state(document, round_number, total_rounds)
        # 1992 A2 (rating order) and A4-A5 (floats written at pairing, the bye a downfloat)
        return as_1992(document, state) if self.fixed_procedure else state


EDITION_1992 = DutchEdition(
    name="1992", title="1992 (Swiss system based on rating, approved by the 1992 General Assembly; historical)",
    in_force_from=datetime.date(1992, 1, 1), trf_codes=("FIDE_DUTCH_1992",), by_date=False,
    # B1.b: no bye for "a point without playing, either through a bye or due to an opponent not
    # appearing in time" = C.04.1 (2017) d; the 1992 text has no acceleration
    basic_rules="2017", acceleration="", absolute_criteria=("B1.a", "B1.b", "B2"),
    criteria=(), completion_in_every_bracket=False, mdps_meet_residents_only=False,
    mdps_selected_by_score=False, lookahead_by_scores=False, fixed_procedure=True,
    colour_rules="", no_rematch="B1.a", colour_limits="B2", pab_eligibility="B1.b",
    pab_score="A5, C13-C14", pab_order="C6-C8, D1-D2",
    pab_order_text=gettext_noop(
        "the bye goes to the player the lowest bracket leaves unpaired (A5): the first pairing of that "
        "bracket in the order of the procedure (C6-C14) that keeps the criteria leaves that player over"))

EDITION_2017 = DutchEdition(
    name="2017", title="2017 (approved Baku 2016, in force until 31 January 2026)",
    in_force_from=datetime.date(2017, 1, 1), trf_codes=("FIDE_DUTCH_2017",),
    basic_rules="2017", acceleration="C.04.5.1", absolute_criteria=("C.1", "C.2", "C.3"),
    criteria=CRITERIA, completion_in_every_bracket=False, mdps_meet_residents_only=False,
    mdps_selected_by_score=False, lookahead_by_scores=False,
    colour_rules="E.", no_rematch="C.1", colour_limits="C.3",
    pab_eligibility="C.2 (C.04.1 d)", pab_score="A.9, C.4", pab_order="B.8, D.1-D.2",
    pab_order_text=gettext_noop(
        "the PAB is part of the last bracket's pairing (A.9): its chosen candidate (the best by "
        "C.5-C.19, then the earliest generated) leaves that player unpaired"))

EDITION_2026 = DutchEdition(
    name="2026", title="2026 (in force from 1 February 2026)",
    in_force_from=datetime.date(2026, 2, 1), trf_codes=("FIDE_DUTCH_2025", "FIDE_DUTCH_2026"),
    basic_rules="2026", acceleration="C.04.7",
    absolute_criteria=("Art. 2.1.1 [C1]", "Art. 2.1.2 [C2]", "Art. 2.1.3 [C3]"), bye_score="Art. 2.3.1 [C5]",
    criteria=CRITERIA_2026, completion_in_every_bracket=True, mdps_meet_residents_only=True,
    mdps_selected_by_score=True, lookahead_by_scores=True,
    colour_rules="Art. 5.2.", no_rematch="[C1]", colour_limits="[C3]",
    pab_eligibility="[C2] (C.04.1 Art. 4)", pab_score="[C5]", pab_order="Art. 3.8.1, 4.2-4.3",
    pab_order_text=gettext_noop(
        "the chosen candidate of the last bracket (the best by [C6]-[C21], [C9] first, then the "
        "earliest generated) leaves that player unpaired"))
