"""The Double-Swiss system, C.04.5 (2026): each round a match of two games with the colours
reversed, the PAB worth a won game plus a drawn game, its own bracket procedure (the
top-scoregroup with its upfloaters, as the team system C.04.6).

A tournament is written in TRF with match k as rounds 2k-1 and 2k (``pairing.engine.matches``);
its round numbers here (``pair_round``'s ``round_number``, ``RoundState.round_number``) count
matches.  Record 192: ``FIDE_DOUBLESWISS`` (ETT26's name), ``FIDE_DOUBLESWISS_2026``; the reading
of the team text: ``FIDE_DOUBLESWISS_2026_TEAM`` (our code, see editions.py).
"""

from .. import SwissSystem, register
from .colours import white_of
from .editions import EDITION_2026, EDITION_2026_TEAM
from .explain import explain
from .pairer import first_bye, no_colour_limits, pair

DOUBLE_SWISS = register(SwissSystem(name="double-swiss", title="Double-Swiss system", article="C.04.5",
                                    editions=(EDITION_2026_TEAM, EDITION_2026), pair=pair, explain=explain,
                                    first_bye=first_bye, colour_exempt=no_colour_limits, colour_rule=white_of,
                                    games_per_round=2))
