"""The Dubov system, C.04.4.1: the Batumi 2018 text and the 2026 text.

Record 192: ETT26 names the system ``FIDE_DUBOV`` without a year (read as no
edition: the start date decides, else the latest); ``FIDE_DUBOV_2018`` and
``FIDE_DUBOV_2026`` name an edition, each also with ``_BAKU``.  The 2026 edition
takes the Baku method of C.04.7 (2026), a chapter of its own whose preface makes
each of its methods "applicable to any Swiss Pairing System"; the 2018 text and
its Handbook provide for none with this system (the edition's ``acceleration``
is empty and a Baku request is refused).
"""

from .. import SwissSystem, register
from .definitions import aros
from .editions import EDITION_2018, EDITION_2026
from .explain import explain
from .pairer import first_bye, pair

DUBOV = register(SwissSystem(name="dubov", title="Dubov system", article="C.04.4.1",
                             editions=(EDITION_2018, EDITION_2026), pair=pair, explain=explain,
                             first_bye=first_bye, aros=aros))
