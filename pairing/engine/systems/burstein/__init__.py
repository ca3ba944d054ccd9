"""The Burstein system, C.04.4.2: the text of the 2017 Handbook edition (the one
with the Dutch rules approved in Baku 2016) and the 2026 text.

Record 192 (ETT26): ``FIDE_BURSTEIN`` without a year names no edition (the start
date decides, else the latest); ``FIDE_BURSTEIN_2017`` and ``FIDE_BURSTEIN_2026``
name one.  The 2026 text provides for virtual points (1.7.2 "Acceleration
Methods", with the Baku method of C.04.7 as its example), so its edition takes
``_BAKU``; the 2017 text's own "imaginary point" (3.3) is not the Baku method and
is not offered (see the README).
"""

import datetime

from ...core.state import PAB_OR_POINT_WITHOUT_PLAYING
from .. import Edition, SwissSystem, register
from .explain import explain
from .pairer import first_bye, pair

EDITION_2017 = Edition(
    name="2017", title="2017 (the Handbook edition of the Baku 2016 Dutch rules, in force until 31 January 2026)",
    in_force_from=datetime.date(2017, 1, 1), trf_codes=("FIDE_BURSTEIN_2017",),
    basic_rules="2017", acceleration="", bye_score="4.2",
    bye_order="4.2-4.3",
    # 4.1: "a point without playing" bars the PAB: a full-point bye too, not only C.04.1 d's
    # PAB or forfeit win (a half-point bye is not "a point")
    own_bye_rule=PAB_OR_POINT_WITHOUT_PLAYING)
EDITION_2026 = Edition(
    name="2026", title="2026 (in force from 1 February 2026)",
    in_force_from=datetime.date(2026, 2, 1), trf_codes=("FIDE_BURSTEIN_2026", "FIDE_BURSTEIN_2025"),
    basic_rules="2026", acceleration="C.04.7",
    # the seeding rounds (Art. 1.6.1) by the Dutch system, whose [C5] says the same
    bye_score="Art. 3.1.2-3.1.3 (seeding rounds: Art. 1.6.1, C.04.3 [C5])",
    bye_order="Art. 3.1.4-3.1.5")  # 3.1.1 [C2]: C.04.1 (2026) Art. 4, the basic rules' bar

BURSTEIN = register(SwissSystem(name="burstein", title="Burstein system", article="C.04.4.2",
                                editions=(EDITION_2017, EDITION_2026), pair=pair, explain=explain,
                                first_bye=first_bye))
