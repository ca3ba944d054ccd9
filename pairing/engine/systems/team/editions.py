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


EDITION_2026 = TeamEdition(name="2026", title="C.04.6 Swiss team pairing system (2026)",
                           in_force_from=datetime.date(2026, 2, 1))
