"""The FIDE (Dutch) system, C.04.3: the 2017 text (Baku 2016) and the 2026 text."""

from .. import SwissSystem, register
from .editions import EDITION_2017, EDITION_2026
from .explain import explain
from .pairer import colour_exempt, pair

DUTCH = register(SwissSystem(name="dutch", title="FIDE Dutch system", article="C.04.3",
                             editions=(EDITION_2017, EDITION_2026), pair=pair,
                             reports_progress=True, colour_exempt=colour_exempt, explain=explain))
