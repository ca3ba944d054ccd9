"""Tie-break codes as written in TRF-2026 records 202/212 (MTB26) and C.07 Art. 14.

``ACRONYM[/Cn|/Mn|/L±n|/Ln|/P|/F|/R|/Un]``, e.g. ``BH/C1``, ``KS/L+1``, ``AOB/F``,
``RTNG/U1000``.  The Handbook's hyphen form (``BH-C1``) is accepted too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..trf import DIGITS

#: Acronym -> modifiers it accepts (C: cut, M: median, L: limit, P: forfeits as games,
#: F: Fore Buchholz, R: reverse order, U: rating given to unrated players).
ACRONYMS = {
    "PTS": "",
    "DE": "P",
    "WIN": "", "WON": "", "BPG": "", "BWG": "",
    "PS": "C",
    "REP": "",
    "STD": "",
    "TPN": "R",
    "BH": "CMP", "FB": "CMP", "SB": "CMP",
    "AOB": "F",
    "KS": "L",
    "ARO": "CMU", "TPR": "U", "PTP": "U", "APRO": "U", "APPO": "U",
    "RTNG": "RU",
}
SYNONYMS = {"GE": "REP", "SNO": "TPN", "AROC": "ARO/C1"}


class TiebreakCodeError(ValueError):
    """A tie-break code that C.07 / MTB26 does not define (or a bad modifier)."""


@dataclass(frozen=True)
class Tiebreak:
    code: str  # as given by the caller (the key of the values)
    name: str  # acronym
    cut_low: int = 0
    cut_high: int = 0
    limit_percent: int = 50  # KS: /Ln (percent of the maximum score)
    limit_halves: int = 0  # KS: /L+n, /L-n (half-point steps, C.07 14.5)
    forfeits_as_games: bool = False  # /P
    fore: bool = False  # /F
    reverse: bool = False  # /R
    unrated: int | None = None  # /Un: the rating given to unrated players (Art. 10)

    @property
    def ascending(self) -> bool:
        """Whether a lower value ranks higher (TPN by default, C.07 7.8)."""
        return (self.name == "TPN") != self.reverse


def parse_code(code: str) -> Tiebreak:
    """Read one code; raise TiebreakCodeError with a clear message on anything else."""
    text = code.strip().upper()
    if not text:
        raise TiebreakCodeError("empty tie-break code")
    text = SYNONYMS.get(text, text)
    # the Handbook's prose writes BH-C1 for BH/C1
    name, *modifiers = text.split("/") if "/" in text else text.split("-", 1)
    name = SYNONYMS.get(name, name)
    if "/" in name:  # a synonym that carries a modifier (AROC)
        name, extra = name.split("/")
        modifiers.insert(0, extra)
    if name not in ACRONYMS:
        raise TiebreakCodeError(f"unknown tie-break {code.strip()!r}; known: {', '.join(ACRONYMS)}")
    allowed = ACRONYMS[name]
    options: dict = {}
    for modifier in modifiers:
        kind, argument = modifier[:1], modifier[1:]
        if kind not in allowed:
            raise TiebreakCodeError(f"{code.strip()!r}: modifier /{modifier} does not apply to {name}")
        if kind in "CM":
            if not DIGITS.fullmatch(argument) or int(argument) < 1:
                raise TiebreakCodeError(f"{code.strip()!r}: /{kind} needs a number, e.g. /{kind}1")
            options["cut_low"] = int(argument)
            if kind == "M":
                options["cut_high"] = int(argument)
        elif kind == "L":
            if re.fullmatch(r"[+-]\d+", argument):
                options["limit_halves"] = int(argument)
            elif DIGITS.fullmatch(argument):
                options["limit_percent"] = int(argument)
            else:
                raise TiebreakCodeError(f"{code.strip()!r}: /L needs +n, -n (half points) or a percentage")
        elif kind == "U":
            if not DIGITS.fullmatch(argument):
                raise TiebreakCodeError(f"{code.strip()!r}: /U needs a rating, e.g. /U1000")
            options["unrated"] = int(argument)
        elif argument:
            raise TiebreakCodeError(f"{code.strip()!r}: /{kind} takes no argument")
        else:
            options[{"P": "forfeits_as_games", "F": "fore", "R": "reverse"}[kind]] = True
    return Tiebreak(code=code.strip(), name=name, **options)


def parse_codes(codes) -> list[Tiebreak]:
    """A comma-separated string or a list of codes."""
    if isinstance(codes, str):
        codes = [c for c in codes.split(",") if c.strip()]
    return [parse_code(c) for c in codes]
