"""The FIDE (Dutch) System, C.04.3: the 2017 text (Baku 2016) and the 2026 text."""

import datetime

from .. import Edition, SwissSystem, register
from .explain import explain
from .pairer import colour_exempt, pair

EDITION_2017 = Edition(
    name="2017", title="2017 (approved Baku 2016, in force until 31 January 2026)",
    in_force_from=datetime.date(2017, 1, 1), trf_codes=("FIDE_DUTCH_2017",),
    basic_rules="2017", acceleration="C.04.5.1")
EDITION_2026 = Edition(
    name="2026", title="2026 (in force from 1 February 2026)",
    in_force_from=datetime.date(2026, 2, 1), trf_codes=("FIDE_DUTCH_2025", "FIDE_DUTCH_2026"),
    basic_rules="2026", acceleration="C.04.7",
    bye_score="Art. 2.3.1 [C5]")

DUTCH = register(SwissSystem(name="dutch", title="FIDE Dutch system", article="C.04.3",
                             editions=(EDITION_2017, EDITION_2026), pair=pair,
                             reports_progress=True, colour_exempt=colour_exempt, explain=explain))
