"""The editions of the Swiss team system (C.04.6) and the readings each one pairs by."""

from __future__ import annotations

import datetime
from dataclasses import dataclass


@dataclass(frozen=True)
class TeamEdition:
    name: str
    title: str
    in_force_from: datetime.date
    #: 1.5 "plays against an opponent": a whole match lost by forfeit is no float (True) or is (False)
    float_needs_play: bool = True
    #: a PAB board's game points when record 162 has no ``P`` and no 320 values the PAB: "draw"
    #: (1.4: the PAB is a drawn match) or "win" (Gacrux 1.11.65, the corpus README's KD-2)
    bye_board_without_p: str = "draw"
    #: the virtual match points of C.04.7 also added to the secondary score compared by 4.2.2
    #: (Gacrux, KD-3); False: only to the primary score, the pairing score of C.04.7 1.5
    virtual_in_secondary: bool = False


EDITION_2026 = TeamEdition(name="2026", title="C.04.6 Swiss team pairing system (2026)",
                           in_force_from=datetime.date(2026, 2, 1))
#: the 2026 text read as Gacrux 1.11.65 reads it where the text leaves room (``--edition
#: 2026-gacrux``): docs/systems/team.md, "Readings of the text"
EDITION_2026_GACRUX = TeamEdition(name="2026-gacrux", title="C.04.6 (2026) with Gacrux 1.11.65's readings",
                                  in_force_from=datetime.date(2026, 2, 1), bye_board_without_p="win",
                                  virtual_in_secondary=True)
