"""The free pairings checker: re-pair every round of a tournament from its own history;
and check the ranks and tie-break values a file records against ours (C.07)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from fractions import Fraction

from . import pair_round
from .systems import get_system
from .tiebreaks import compute_standings, format_value
from .trf import DIGITS, TrfDocument


@dataclass
class Discrepancy:
    round_number: int
    played: list[tuple[int, int]]
    ours: list[tuple[int, int]]
    unit: str = "Round"   # "Match" for a system whose round is a two-game match (Double-Swiss)

    def describe(self) -> str:
        played, ours = set(self.played), set(self.ours)
        lines = [f"{self.unit} {self.round_number}: the played pairing differs from ours"]
        lines += [f"  played {w}-{b}" for w, b in self.played if (w, b) not in ours]
        lines += [f"  ours   {w}-{b}" for w, b in self.ours if (w, b) not in played]
        return "\n".join(lines)


def played_pairing(document: TrfDocument, round_number: int) -> list[tuple[int, int]]:
    """The boards of a played round as ``(white, black)``, the PAB as ``(n, 0)``."""
    boards = []
    for record in document.players.values():
        entry = record.entry(round_number)
        if entry is None:
            continue
        if entry.opponent is not None and entry.colour == "w":
            boards.append((record.number, entry.opponent))
        elif entry.opponent is None and entry.code == "U":
            boards.append((record.number, 0))
    return boards


def check(document: TrfDocument, system: str = "dutch", baku: bool = False,
          edition: str | None = None, only: int | None = None) -> list[Discrepancy]:
    """Every round (or round ``only``) whose pairing differs from the one this engine makes from
    its history, with the tournament's edition (see :func:`pairing.engine.resolve_edition`).  A
    system whose round is a match of several games (Double-Swiss: TRF rounds 2k-1 and 2k) is
    checked match by match on the pairing of each match's first game."""
    games = get_system(system).games_per_round
    total = -(-(document.total_rounds or document.rounds_in_file) // games)
    problems = []
    for round_number in [only] if only else range(1, -(-document.paired_rounds // games) + 1):
        ours = pair_round(document, system, round_number, total, baku, edition).as_numbers()
        played = played_pairing(document, games * (round_number - 1) + 1)
        if set(ours) != set(played):
            problems.append(Discrepancy(round_number, sorted(played), ours, "Round" if games == 1 else "Match"))
    return problems


# --- The report in the form of JaVaFo's checker (bbpPairings imitates it) ---

#: The two columns of a block: the checker's (ours) and the tournament's (the file's).
PAIRINGS_HEADING = "  Checker pairings        Tournament pairings"
STANDINGS_HEADING = f"  {'Player':>6}  {'Value':<8}  {'Checker':>10}  {'Tournament':>10}"


def _board(board: tuple[int, int] | None) -> str:
    return "" if board is None else f"{board[0]:>4} - {board[1]:>3}"


def side_by_side(checker: list[tuple[int, int]], tournament: list[tuple[int, int]]) -> list[tuple]:
    """Rows of both pairings: the checker's boards in its order, each beside the same board of
    the tournament when it has it, else beside the tournament's next board not in the checker's."""
    others = iter([board for board in tournament if board not in set(checker)])
    rows = [(board, board if board in set(tournament) else next(others, None)) for board in checker]
    return rows + [(None, board) for board in others]


def round_block(name: str, discrepancy: Discrepancy) -> str:
    """``NAME: Round #N`` and both pairings (white - black, the PAB as ``N -   0``)."""
    lines = [f"{name}: Round #{discrepancy.round_number}", PAIRINGS_HEADING]
    for ours, played in side_by_side(discrepancy.ours, discrepancy.played):
        lines.append(f"  {_board(ours):<24}{_board(played)}".rstrip())
    return "\n".join(lines)


def standings_block(name: str, differences: list[StandingDifference]) -> str:
    """``NAME: Standings`` and, for each rank or value that differs, ours and the file's."""
    lines = [f"{name}: Standings", STANDINGS_HEADING]
    lines += [f"  {d.pairing_number:>6}  {d.what:<8}  {d.ours:>10}  {d.in_file:>10}" for d in differences]
    return "\n".join(lines)


# --- Ranks and tie-breaks (TRF-2026 records 202/212, the rank column, XXT values) ---

#: Our extension record of the tie-break values: ``XXT`` at columns 1-3, the pairing number
#: at 5-8, then the values of record 212 (else 202) in its order, separated by blanks,
#: ``-`` for an undefined value.  TRF-2026 itself records the list and the rank only.
VALUES_RECORD = "XXT"


@dataclass
class StandingDifference:
    pairing_number: int
    what: str          # "rank" or the tie-break code as the file writes it
    in_file: str
    ours: str

    def describe(self) -> str:
        return f"Player {self.pairing_number}: {self.what}: file {self.in_file}, ours {self.ours}"


def tiebreak_edition_on(day: datetime.date | None) -> str:
    """The C.07 edition in force on ``day`` (record 042): 2026 from 1 March 2026, 2024 from
    1 August 2024, the 2009 rules before; 2026 when the file has no date."""
    if day is None or day >= datetime.date(2026, 3, 1):
        return "2026"
    return "2024" if day >= datetime.date(2024, 8, 1) else "2009"


def recorded_tiebreaks(document: TrfDocument) -> tuple[list[str], dict[int, list[str]]] | None:
    """The file's tie-break list (record 212, else 202; ``PTS`` included when written) and its
    ``XXT`` values by pairing number; None when the file names no tie-breaks."""
    lists = {line[:3]: line[4:].strip() for line in document.headers if line[:3] in ("202", "212")}
    text = lists.get("212") or lists.get("202")
    if not text:
        return None
    codes = [c.strip() for c in text.split(",") if c.strip()]
    values = {}
    for line in document.headers:
        if line.startswith(VALUES_RECORD + " "):
            number = line[4:8].strip()
            if DIGITS.fullmatch(number):
                values[int(number)] = line[8:].split()
    return codes, values


def standings_rounds(document: TrfDocument) -> int | None:
    """The rounds the standings of a file cover: up to the last round anybody was paired in
    (byes already known for the next round are not results yet), before a round in progress."""
    return min(document.paired_rounds, document.finished_rounds) or None


def _same(text: str, ours) -> bool:
    if ours is None:
        return text == "-"
    try:
        return Fraction(text) == Fraction(format_value(ours))
    except (ValueError, ZeroDivisionError):
        return False


def check_standings(document: TrfDocument, edition: str | None = None) -> list[StandingDifference]:
    """Every rank and tie-break value the file records that differs from ours (C.07 edition
    ``edition``, default: the one in force on the start date).  A rank is right when it is
    the rank the player shares with those still tied after the list, or any rank of that
    group (ties broken by lot, C.07 4.2)."""
    recorded = recorded_tiebreaks(document)
    if recorded is None:
        return []
    codes, values = recorded
    edition = edition or tiebreak_edition_on(document.start_date)
    tiebreaks = [c for c in codes if c.upper() != "PTS"]
    rows = compute_standings(document, tiebreaks, edition=edition, rounds=standings_rounds(document))
    group_size: dict[int, int] = {}
    for row in rows:
        group_size[row.rank] = group_size.get(row.rank, 0) + 1
    differences = []
    for row in sorted(rows, key=lambda r: r.pairing_number):
        number = row.pairing_number
        low, high = row.rank, row.rank + group_size[row.rank] - 1
        rank = document.players[number].rank
        if rank is None or not low <= rank <= high:
            differences.append(StandingDifference(number, "rank", "none" if rank is None else str(rank),
                                                  str(low) if low == high else f"{low}-{high}"))
        if not values:
            continue
        written = values.get(number)
        if written is None:
            differences.append(StandingDifference(number, VALUES_RECORD, "no line", "a line of values"))
            continue
        ours = {**row.tiebreaks, **{c: row.points for c in codes if c.upper() == "PTS"}}
        for index, code in enumerate(codes):
            text = written[index] if index < len(written) else "missing"
            if not _same(text, ours[code]):
                differences.append(StandingDifference(number, code, text, format_value(ours[code]) or "-"))
    return differences
