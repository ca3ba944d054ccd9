"""The Lim system, C.04.4.3: the text in force until 31 January 2026 (last amended
by the 1999 Executive Board) and the 2026 text.

The 2026 text is reported to change nothing but its numbering (sections became
Articles, lettered items numbered: 2.3 a-d -> 2.3.1-2.3.4, 4.1 a-b -> 4.1.1-4.1.2,
4.4 a-b -> 4.4.1-4.4.2, 5.1 a-b -> 5.1.1-5.1.2, the Round Two examples -> 8) and
the Basic Rules it refers to (C.04.1 2017 c -> 2026 Art. 3).  Both editions are
offered because they go with different Basic Rules (who may take the PAB:
C.04.1 2017 d / 2026 Art. 4), which a tournament's start date selects; the rules
of the system are one implementation, its comments citing the old number and the
2026 number where they differ.

Record 192: TRF-2026 has no code for the Lim system; this engine reads and writes
``FIDE_LIM`` (no edition: the start date decides, else the latest),
``FIDE_LIM_1999`` and ``FIDE_LIM_2026``, each also with ``_BAKU``.  The 2026
edition takes the Baku method of C.04.7 (2026), whose preface makes each of its
methods "applicable to any Swiss Pairing System"; the 1999 text and its Handbook
provide for none with this system (a Baku request is refused).
"""

import datetime

from ...core.basic_rules import BASIC_RULES_2017, BASIC_RULES_2026
from .. import Edition, SwissSystem, register
from .explain import explain
from .pairer import colour_exempt_pair, first_bye, pair

EDITION_1999 = Edition(
    name="1999", title="1999 (last amended by the 1999 Executive Board, in force until 31 January 2026)",
    in_force_from=datetime.date(1999, 1, 1), trf_codes=("FIDE_LIM_1999",),
    basic_rules=BASIC_RULES_2017, acceleration="", bye_score="1.1",
    bye_order="1.1 (round 1: 7.1)",
    # 2.1: compatible players have not met and keep the colour limits; who may take the PAB is
    # the basic rules' alone (1.1: "in addition of" C.04.1)
    absolute_criteria=("2.1", "", "2.1"))
EDITION_2026 = Edition(
    name="2026", title="2026 (in force from 1 February 2026)",
    in_force_from=datetime.date(2026, 2, 1), trf_codes=("FIDE_LIM_2026",),
    # C.04.7 preface: each method "applicable to any Swiss Pairing System"
    basic_rules=BASIC_RULES_2026, acceleration="C.04.7", bye_score="Art. 1.1",
    bye_order="Art. 1.1 (round 1: 7.1)", absolute_criteria=("Art. 2.1", "", "Art. 2.1"))

LIM = register(SwissSystem(name="lim", title="Lim system", article="C.04.4.3",
                           editions=(EDITION_1999, EDITION_2026), pair=pair, explain=explain,
                           colour_exempt_pair=colour_exempt_pair, first_bye=first_bye))
