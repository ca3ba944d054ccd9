"""A pure-Python Swiss pairing engine: TRF in, pairings out (no Django here)."""

from .acceleration import with_baku_acceleration
from .common import Pair, RoundPairing
from .errors import EngineError, NoValidPairing, TrfError
from .tournament import RoundState, build_round_state
from .trf import TrfDocument, parse

SYSTEMS = ("dutch",)


def pair_round(document: TrfDocument, system: str = "dutch", round_number: int | None = None,
               total_rounds: int | None = None, baku: bool = False) -> RoundPairing:
    """Pair ``round_number`` (default: the next one) of the tournament in ``document``,
    with the Baku acceleration (C.04.5.1) if ``baku``."""
    if baku:
        document = with_baku_acceleration(document)
    state = build_round_state(document, round_number, total_rounds)
    if system == "dutch":
        from .dutch import pair
    else:
        raise ValueError(f"unknown pairing system {system!r}")
    return pair(state)


__all__ = ["EngineError", "NoValidPairing", "Pair", "RoundPairing", "RoundState", "SYSTEMS",
           "TrfDocument", "TrfError", "build_round_state", "pair_round", "parse"]
