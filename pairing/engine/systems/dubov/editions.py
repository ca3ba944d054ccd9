"""The Dubov system's editions (C.04.4.1): the Batumi 2018 text and the 2026 text, each an object
holding the articles its review and explanation cite (the rules themselves are one implementation,
its comments citing both numbers)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from ...core.basic_rules import BASIC_RULES_2017, BASIC_RULES_2026
from ...core.explanation import Articles, gettext_noop
from .. import Edition


@dataclass(frozen=True, kw_only=True)
class DubovEdition(Edition):
    """One edition of C.04.4.1."""

    #: the articles of the colour rules 1-5 (core.explanation's colour rule per board): 2018
    #: E.0-E.4, 2026 Art. 5.2.1-5.2.5
    colour_articles: tuple[str, ...]
    #: the articles of the PAB its explanation cites (2018 B.0, 2026 Art. 3.1)
    explained: Articles = field(compare=False)


EDITION_2018 = DubovEdition(
    name="2018", title="2018 (approved Batumi 2018, in force until 31 January 2026)",
    in_force_from=datetime.date(2018, 10, 1), trf_codes=("FIDE_DUBOV_2018",),
    basic_rules=BASIC_RULES_2017, acceleration="", bye_score="B.0 b-c",
    bye_order="B.0 d-e", absolute_criteria=("C.1", "C.2", "C.3"),
    colour_articles=tuple(f"E.{k}" for k in range(5)),
    explained=Articles(
        bye_eligibility=f"B.0 ({BASIC_RULES_2017.cite('bye', short=True)})", bye_score="B.0", bye_order="B.0",
        bye_order_text=gettext_noop(
            "the PAB is assigned first: the most games played, then the largest TPN, among those who leave a "
            "complete pairing")))
EDITION_2026 = DubovEdition(
    name="2026", title="2026 (in force from 1 February 2026)",
    in_force_from=datetime.date(2026, 2, 1), trf_codes=("FIDE_DUBOV_2026", "FIDE_DUBOV_2025"),
    # C.04.7 preface: each method "applicable to any Swiss Pairing System"
    basic_rules=BASIC_RULES_2026, acceleration="C.04.7", bye_score="Art. 3.1.2-3.1.3",
    bye_order="Art. 3.1.4-3.1.5", absolute_criteria=("Art. 2.1.1 [C1]", "Art. 2.1.2 [C2]", "Art. 2.1.3 [C3]"),
    colour_articles=tuple(f"Art. 5.2.{k}" for k in range(1, 6)),
    explained=Articles(
        bye_eligibility=f"Art. 3.1.1 [C2] ({BASIC_RULES_2026.cite('bye', short=True)})", bye_score="Art. 3.1.3",
        bye_order="Art. 3.1.4-3.1.5",
        bye_order_text=gettext_noop(
            "the PAB is assigned first: the most games played, then the largest TPN, among those who leave a "
            "complete pairing (3.1.2)")))
