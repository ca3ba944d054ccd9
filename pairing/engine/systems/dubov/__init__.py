"""The Dubov system, C.04.4.1: the Batumi 2018 text and the 2026 text.

Record 192: ETT26 names the system ``FIDE_DUBOV`` without a year (read as no
edition: the start date decides, else the latest); ``FIDE_DUBOV_2018`` and
``FIDE_DUBOV_2026`` name an edition.  Neither text provides for an
acceleration, so there is no ``_BAKU`` form (the edition's ``acceleration`` is
empty and a Baku request is refused).
"""

import datetime

from .. import Edition, SwissSystem, register
from .definitions import aros
from .explain import explain
from .pairer import first_bye, pair

EDITION_2018 = Edition(
    name="2018", title="2018 (approved Batumi 2018, in force until 31 January 2026)",
    in_force_from=datetime.date(2018, 10, 1), trf_codes=("FIDE_DUBOV_2018",),
    basic_rules="2017", acceleration="", bye_score="B.0 b-c",
    bye_order="B.0 d-e")
EDITION_2026 = Edition(
    name="2026", title="2026 (in force from 1 February 2026)",
    in_force_from=datetime.date(2026, 2, 1), trf_codes=("FIDE_DUBOV_2026", "FIDE_DUBOV_2025"),
    basic_rules="2026", acceleration="", bye_score="Art. 3.1.2-3.1.3",
    bye_order="Art. 3.1.4-3.1.5")

DUBOV = register(SwissSystem(name="dubov", title="Dubov system", article="C.04.4.1",
                             editions=(EDITION_2018, EDITION_2026), pair=pair, explain=explain,
                             first_bye=first_bye, aros=aros))
