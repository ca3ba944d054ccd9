"""The FIDE (Dutch) system, C.04.3: the 2017 text (Baku 2016) and the 2026 text; and its precursor,
the rating-based Swiss rules of 1992, as a historical edition (record 192 ``FIDE_DUTCH_1992``, our
code: TRF-2026 has none; docs/systems/dutch-1992.md)."""

from .. import SwissSystem, register
from .editions import EDITION_1992, EDITION_2017, EDITION_2026
from .explain import explain
from .pairer import colour_exempt, pair

DUTCH = register(SwissSystem(name="dutch", title="FIDE Dutch system", article="C.04.3",
                             editions=(EDITION_1992, EDITION_2017, EDITION_2026), pair=pair,
                             reports_progress=True, colour_exempt=colour_exempt, explain=explain))
