"""FIDE tie-breaks (Handbook C.07): values, standings and explanations (pure Python).

    compute_standings(document, ["DE", "BH/C1", "BH", "SB", "PS", "WIN"], edition="2026")
    explain(document, "BH/C1", pairing_number)

Editions (``editions.py``, each a ``TiebreakEdition``, given by name or as the object):
``"2026"`` (in force from 1 March 2026, the default), ``"2024"`` (1 August 2024) and
``"2009"`` (unplayed rounds against the SPPC 2009 virtual opponent).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..trf import TrfDocument
from . import buchholz, direct
from .buchholz import Contribution
from .codes import Tiebreak, TiebreakCodeError, parse_code, parse_codes
from .editions import EDITIONS, TiebreakEdition, tiebreak_edition
from .event import Event
from .values import Calculator

#: A sensible default for new Swiss sections (Type A/B/C only, independent of ratings).
DEFAULT_SWISS = ("DE", "BH/C1", "BH", "SB", "PS", "WIN")


@dataclass
class StandingRow:
    pairing_number: int
    points: Fraction
    rank: int
    tiebreaks: dict[str, object] = field(default_factory=dict)  # keyed by the codes as given


def _calculator(document: TrfDocument, edition: TiebreakEdition | str, rounds: int | None,
                cap_rounds: str) -> Calculator:
    if cap_rounds not in ("played", "announced"):
        raise TiebreakCodeError("cap_rounds must be 'played' or 'announced'")
    return Calculator(Event(document, rounds), tiebreak_edition(edition), cap_rounds)


def _sort_key(tb: Tiebreak, value):
    if value is None:  # undefined values rank last
        return (1, 0)
    return (0, value if tb.ascending else -value)


def format_value(value) -> str:
    """Counts and ratings as integers; points with one or two decimals (AOB rounded half up)."""
    if value is None:
        return ""
    if isinstance(value, Fraction):
        hundredths = (value * 100 + Fraction(1, 2)).__floor__()
        text = f"{hundredths // 100}.{hundredths % 100:02d}" if hundredths >= 0 else f"{float(value):.2f}"
        return text[:-1] if text.endswith("0") else text
    return str(value)


def json_value(value):
    return float(format_value(value)) if isinstance(value, Fraction) else value


def compute_standings(document: TrfDocument, codes: Sequence[str] | str, edition: str = "2026",
                      rounds: int | None = None, lots: Sequence[int] | None = None,
                      cap_rounds: str = "played") -> list[StandingRow]:
    """The ranking by points, then by the tie-breaks in order (C.07 4.2).

    Participants still tied share the rank (1, 2, 2, 4), unless ``lots`` gives the
    order drawn by lot (pairing numbers, best first).  ``rounds`` limits the
    standings to the first rounds; ``cap_rounds`` is the "number of rounds" of
    C.07 16.4.2: the rounds counted (default) or the rounds announced (XXR/142).
    Raises TiebreakCodeError for an unknown code, modifier or edition.
    """
    tiebreaks = parse_codes(codes)
    calculator = _calculator(document, edition, rounds, cap_rounds)
    event = calculator.event
    values = {tb.code: calculator.values(tb) for tb in tiebreaks if tb.name != "DE"}
    de_values: dict[str, dict[int, int]] = {}

    groups = []
    for points in sorted(set(event.score.values()), reverse=True):  # tenths
        groups.append(sorted(n for n in event.numbers if event.score[n] == points))
    for tb in tiebreaks:
        refined = []
        if tb.name == "DE":
            # Art. 6 applies to the participants still tied at this point of the list.
            # The value is the position inside that group (1 best, shared while tied),
            # 0 when the group has one participant or DE does not separate it.
            found = de_values.setdefault(tb.code, dict.fromkeys(event.numbers, 0))
            for group in groups:
                blocks = direct.order(event, group, tb.forfeits_as_games)
                if len(blocks) > 1:
                    position = 1
                    for block in blocks:
                        for n in block:
                            found[n] = position
                        position += len(block)
                refined += blocks
        else:
            column = values[tb.code]
            for group in groups:
                if len(group) == 1:
                    refined.append(group)
                    continue
                blocks: dict = {}
                for n in group:
                    blocks.setdefault(_sort_key(tb, column[n]), []).append(n)
                refined += [blocks[key] for key in sorted(blocks)]
        groups = refined
    values.update(de_values)

    lot = {n: i for i, n in enumerate(lots)} if lots is not None else None
    rows, rank = [], 1
    for group in groups:
        if lot is not None:
            group = sorted(group, key=lambda n: (lot.get(n, len(lot)), n))
        for index, n in enumerate(group):
            row_rank = rank + index if lot is not None else rank  # 4.2: lots, or a shared place
            rows.append(StandingRow(n, Fraction(event.score[n], 10), row_rank,
                                    {tb.code: values[tb.code][n] for tb in tiebreaks}))
        rank += len(group)
    return rows


def explain(document: TrfDocument, code: str, pairing_number: int, edition: str = "2026",
            rounds: int | None = None, cap_rounds: str = "played") -> list[Contribution]:
    """The rounds behind a BH, SB or FB value (any cut or median): for each round the
    opponent (or the dummy / virtual opponent: ``dummy=True``), the score counted, the
    contribution and whether it is cut.  The value is the sum of the uncut contributions."""
    tb = parse_code(code)
    if tb.name not in ("BH", "SB", "FB"):
        raise TiebreakCodeError(f"only BH, SB and FB values can be explained, not {code!r}")
    calculator = _calculator(document, edition, rounds, cap_rounds)
    if pairing_number not in calculator.event.players:
        raise TiebreakCodeError(f"no player with pairing number {pairing_number}")
    return buchholz.contributions(calculator.items(tb, pairing_number), tb)


def tiebreak_values(document: TrfDocument, code: str, edition: str = "2026", rounds: int | None = None,
                    cap_rounds: str = "played") -> dict[int, object]:
    """One tie-break's value for every participant (DE: use compute_standings, it depends on the ties)."""
    tb = parse_code(code)
    if tb.name == "DE":
        return {r.pairing_number: r.tiebreaks[tb.code] for r in
                compute_standings(document, [code], edition, rounds, cap_rounds=cap_rounds)}
    return _calculator(document, edition, rounds, cap_rounds).values(tb)


__all__ = ["DEFAULT_SWISS", "EDITIONS", "Contribution", "StandingRow", "Tiebreak", "TiebreakCodeError",
           "compute_standings", "explain", "format_value", "json_value", "parse_code", "parse_codes",
           "tiebreak_values"]
