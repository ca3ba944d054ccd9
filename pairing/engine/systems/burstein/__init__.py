"""The Burstein system, C.04.4.2: the text of the 2017 Handbook edition (the one
with the Dutch rules approved in Baku 2016) and the 2026 text.

Record 192 (ETT26): ``FIDE_BURSTEIN`` without a year names no edition (the start
date decides, else the latest); ``FIDE_BURSTEIN_2017`` and ``FIDE_BURSTEIN_2026``
name one.  The 2026 text provides for virtual points (1.7.2 "Acceleration
Methods", with the Baku method of C.04.7 as its example), so its edition takes
``_BAKU``; the 2017 text's own "imaginary point" (3.3) is not the Baku method and
is not offered (see the README).
"""

from .. import SwissSystem, register
from .editions import EDITION_2017, EDITION_2026
from .explain import explain
from .pairer import first_bye, pair

BURSTEIN = register(SwissSystem(name="burstein", title="Burstein system", article="C.04.4.2",
                                editions=(EDITION_2017, EDITION_2026), pair=pair, explain=explain,
                                first_bye=first_bye))
