"""Reading and writing FIDE TRF-16 files with the JaVaFo/bbpPairings extensions.

The format is summarised in ``shared/formats/trf.md``.  Points are kept in
tenths of a point (``1.5`` -> ``15``) so that every score computation is exact.
The scoring comes from bbpPairings' ``BB*`` lines, TRF-2026 record 162 or JaVaFo's
``XXS`` lines (trf.md section 6); with ``XXS`` the points of every 001 line are
checked against the results, as JaVaFo does.

A round block of a ``001`` line (columns 92-99, then every 10 columns) holds the
opponent's pairing number, the colour and the result code:

* ``1 0 =``  game played, won / lost / drawn
* ``W L D``  game lasting less than one move: counts as played for pairings
* ``+ -``    forfeit win / loss: no game, so no colour (C.04.2 D.5)
* ``U``      pairing-allocated bye, ``F`` full-point bye, ``H`` half-point bye,
  ``Z`` (or blank) zero-point bye / absence
* blank after an opponent and a colour: a game paired but not yet played (the round in
  progress, as Swiss-Manager writes it); it scores nothing, and no round after it can be paired
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from dataclasses import dataclass, field
from functools import cached_property

from .errors import TrfError

WHITE, BLACK = "w", "b"
PLAYED_CODES = frozenset("10=WDL")
WITH_OPPONENT_CODES = PLAYED_CODES | frozenset("+-")
BYE_CODES = frozenset("UFHZ")
RESULT_CODES = WITH_OPPONENT_CODES | BYE_CODES
#: The code of a game paired but without a result yet (``  12 w  ``: the result column blank).
NO_RESULT = ""
#: The opponent's code of each result of a game with an opponent, the one table (the generator,
#: the benchmark); a forfeit loss's opponent: see MUTUAL_CODES.
OPPONENT_CODE = {
    "1": "0", "0": "1", "=": "=",
    "W": "L", "L": "W", "D": "D",
    "+": "-",
}
#: What the opponent's code must be for each code (a double forfeit is ``-``/``-``).
MUTUAL_CODES = OPPONENT_CODE | {"-": "+-"}
#: TRF-2026 writes round numbers with three digits (240, 250, 260); pairing numbers have four.
MAX_ROUNDS = 999
#: How many (player, round) cells the 250 lines of one file may set in all: a real file's acceleration
#: sets a few per player and round; a few hostile lines of 9,999 players by 999 rounds would take minutes.
MAX_ACCELERATION_CELLS = 2_000_000
#: A TRF file is plain text in fixed columns: no control character (tab, NUL, escape...) has a column.
CONTROL_CHARACTER = re.compile(r"[\x00-\x1f\x7f-\x9f]")
#: ASCII digits only: ``str.isdigit()`` also takes "²" or "①", which ``int()`` refuses.
DIGITS = re.compile(r"[0-9]+")


def parse_points(text: str) -> int:
    """``"11.5"`` -> ``115`` tenths; raises ValueError on anything else."""
    text = text.strip()
    if not re.fullmatch(r"[0-9]{1,4}(\.[0-9])?|\.[0-9]", text):
        raise ValueError(text)
    whole, _, tenth = text.partition(".")
    return int(whole or 0) * 10 + int(tenth or 0)


def format_points(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


@dataclass(frozen=True)
class Scoring:
    """Points, in tenths, for each kind of round result (BBW/BBD/... lines)."""

    win: int = 10
    draw: int = 5
    loss: int = 0
    zero_bye: int = 0
    forfeit_loss: int = 0
    pairing_bye: int = 10
    half_bye: int = 5
    full_bye: int = 10

    @cached_property
    def _table(self) -> dict[str, int]:
        """The points of each code, built once (``points`` is asked for every round of every player)."""
        return {
            NO_RESULT: 0,
            "1": self.win, "W": self.win, "+": self.win, "F": self.full_bye,
            "=": self.draw, "D": self.draw, "H": self.half_bye,
            "0": self.loss, "L": self.loss,
            "-": self.forfeit_loss, "Z": self.zero_bye, "U": self.pairing_bye,
        }

    def points(self, code: str) -> int:
        """What a round with ``code`` scores; a game without a result yet (NO_RESULT) nothing."""
        return self._table[code]


@dataclass(frozen=True)
class RoundEntry:
    """One player's round: opponent pairing number (None for a bye), colour, code."""

    opponent: int | None
    colour: str | None
    code: str

    @property
    def played(self) -> bool:
        """A game was played over the board (only these count for colours, C.04.2 D.5)."""
        return self.opponent is not None and self.code in PLAYED_CODES

    @property
    def paired(self) -> bool:
        """The player took part in the pairing of this round (paired, or got the PAB)."""
        return self.opponent is not None or self.code in ("U", "+")

    @property
    def scheduled(self) -> bool:
        """A game paired whose result is not known yet (the round in progress)."""
        return self.opponent is not None and self.code == NO_RESULT

    def text(self) -> str:
        opponent = f"{self.opponent:4d}" if self.opponent is not None else "0000"
        return f"{opponent} {self.colour or '-'} {self.code or ' '}"  # NO_RESULT: the column blank


ABSENT = RoundEntry(None, None, "Z")


@dataclass
class PlayerRecord:
    number: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: int | None = None
    rank: int | None = None
    rounds: list[RoundEntry] = field(default_factory=list)
    line: int = 0

    def entry(self, round_number: int) -> RoundEntry | None:
        """The entry of round ``round_number`` (1-based), None if the file has none."""
        if round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return None


@dataclass(frozen=True)
class ForbiddenPairs:
    """Players none of whom may meet another (``XXP``: every round; TRF-2026 ``260``: a range)."""

    players: frozenset[int]
    first_round: int = 1
    last_round: int | None = None

    def applies(self, round_number: int) -> bool:
        return self.first_round <= round_number and (self.last_round is None or round_number <= self.last_round)


@dataclass
class TrfDocument:
    players: dict[int, PlayerRecord] = field(default_factory=dict)
    name: str = ""
    headers: list[str] = field(default_factory=list)
    total_rounds: int | None = None
    initial_colour: str | None = None
    scoring: Scoring = field(default_factory=Scoring)
    accelerations: dict[int, list[int]] = field(default_factory=dict)
    forbidden_pairs: list[ForbiddenPairs] = field(default_factory=list)
    system_code: str | None = None       # TRF-2026 record 192 (e.g. FIDE_DUTCH_2025_BAKU)
    start_date: datetime.date | None = None  # record 042
    #: TRF-2026 comment lines, the text after ``###`` (the app writes its manual pairing changes there)
    comments: list[str] = field(default_factory=list)
    #: The BB*/162 line that set each Scoring field, as (tag, line number): an XXS line must agree with it
    scoring_lines: dict[str, tuple[str, int]] = field(default_factory=dict)

    @property
    def rounds_in_file(self) -> int:
        return max((len(p.rounds) for p in self.players.values()), default=0)

    @property
    def unfinished_round(self) -> int | None:
        """The first round with a game that has no result yet (the round in progress), or None."""
        rounds = [index for player in self.players.values()
                  for index, entry in enumerate(player.rounds, start=1) if entry.scheduled]
        return min(rounds, default=None)

    @property
    def finished_rounds(self) -> int:
        """The rounds whose every game has its result: all those in the file, up to the one in progress."""
        unfinished = self.unfinished_round
        return self.rounds_in_file if unfinished is None else unfinished - 1

    @property
    def paired_rounds(self) -> int:
        """The last round in which anybody was paired; the next one is to be paired."""
        last = 0
        for player in self.players.values():
            for index, entry in enumerate(player.rounds, start=1):
                if entry.paired and index > last:
                    last = index
        return last

    def acceleration(self, number: int, round_number: int) -> int:
        values = self.accelerations.get(number, ())
        return values[round_number - 1] if round_number <= len(values) else 0


def _field(line: str, first: int, last: int) -> str:
    """Columns ``first``..``last`` (1-based, inclusive) of ``line``."""
    return line[first - 1:last]


def _int_field(line: str, first: int, last: int, number: int, what: str, default=None):
    text = _field(line, first, last).strip()
    if not text:
        return default
    if not DIGITS.fullmatch(text):
        raise TrfError(f"{what} must be a number, not {text!r}", number, first)
    return int(text)


def _parse_round(line: str, column: int, number: int) -> RoundEntry | None:
    block = _field(line, column, column + 7)
    if not block.strip():
        return None
    opponent_text = block[0:4].strip()
    colour = block[5:6].strip().lower() if len(block) > 5 else ""
    code = block[7:8].strip().upper() if len(block) > 7 else ""
    if block[4:5].strip() or block[6:7].strip():
        raise TrfError(f"misaligned round block {block!r}", number, column)
    if opponent_text and not DIGITS.fullmatch(opponent_text):
        raise TrfError(f"opponent must be a pairing number, not {opponent_text!r}", number, column)
    opponent = int(opponent_text) if opponent_text else 0
    if code == "" and opponent:
        if colour not in ("w", "b"):
            raise TrfError("a paired game needs colour w or b", number, column + 5)
        return RoundEntry(opponent, colour, NO_RESULT)  # paired, not yet played
    if code == "":
        code = "Z"
    if code not in RESULT_CODES:
        raise TrfError(f"unknown result code {code!r}", number, column + 7)
    if colour not in ("w", "b", "-", ""):
        raise TrfError(f"colour must be w, b or -, not {colour!r}", number, column + 5)
    if opponent == 0:
        if code in WITH_OPPONENT_CODES - frozenset("+-"):
            raise TrfError(f"result {code!r} needs an opponent", number, column)
        if colour in ("w", "b"):
            raise TrfError("a bye has no colour", number, column + 5)
        if code == "-":
            code = "Z"
        return RoundEntry(None, None, code)
    if code in BYE_CODES:
        raise TrfError(f"result {code!r} is a bye but an opponent is given", number, column + 7)
    if colour not in ("w", "b"):
        raise TrfError("a paired game needs colour w or b", number, column + 5)
    return RoundEntry(opponent, colour, code)


def _parse_player(line: str, number: int) -> PlayerRecord:
    pairing_number = _int_field(line, 5, 8, number, "pairing number")
    if not pairing_number:
        raise TrfError("missing pairing number", number, 5)
    points_text = _field(line, 81, 84).strip()
    points = None
    if points_text:
        try:
            points = parse_points(points_text)
        except ValueError:
            raise TrfError(f"points must look like 11.5, not {points_text!r}", number, 81) from None
    record = PlayerRecord(
        number=pairing_number,
        sex=_field(line, 10, 10).strip(),
        title=_field(line, 11, 13).strip(),
        name=_field(line, 15, 47).strip(),
        rating=_int_field(line, 49, 52, number, "rating", 0),
        federation=_field(line, 54, 56).strip(),
        fide_id=_field(line, 58, 68).strip(),
        birth_date=_field(line, 70, 79).strip(),
        points=points,
        rank=_int_field(line, 86, 89, number, "rank"),
        line=number,
    )
    if len(line.rstrip()) > 91 + 10 * MAX_ROUNDS:
        raise TrfError(f"more than {MAX_ROUNDS} rounds", number, 92 + 10 * MAX_ROUNDS)
    rounds: list[RoundEntry | None] = []
    column = 92
    while column <= len(line.rstrip()):
        rounds.append(_parse_round(line, column, number))
        column += 10
    while rounds and rounds[-1] is None:
        rounds.pop()
    # A blank block before the last one is an unpaired round: a zero-point absence.
    record.rounds = [entry or ABSENT for entry in rounds]
    return record


#: The JaVaFo/bbpPairings scoring records: the Scoring field each sets (read and written).
SCORING_BB = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_bye", "BBF": "forfeit_loss",
              "BBU": "pairing_bye"}


def _parse_scoring(tag: str, value: str, scoring: Scoring, number: int) -> dict[str, int]:
    """The Scoring fields a BB* line sets, with their points."""
    try:
        points = parse_points(value.split()[0])
    except (ValueError, IndexError):
        raise TrfError(f"{tag} needs a point value like 1.0", number, 5) from None
    changes = {SCORING_BB[tag]: points}
    if tag == "BBW":
        changes["full_bye"] = points
        if scoring.pairing_bye == scoring.win:  # BBU defaults to the win value
            changes["pairing_bye"] = points
    if tag == "BBD":
        changes["half_bye"] = points
    return changes


def _set_scoring(document: TrfDocument, changes: dict[str, int], tag: str, number: int) -> None:
    """A BB*/162 line's points into the document's Scoring, each field remembering its line."""
    document.scoring = dataclasses.replace(document.scoring, **changes)
    document.scoring_lines.update(dict.fromkeys(changes, (tag, number)))


def parse(text: str) -> TrfDocument:
    """Read a TRF file (any of CR, LF, CRLF line endings); raise TrfError on bad input."""
    document = TrfDocument()
    byes: list[tuple[str, int, list[int], int]] = []
    accelerations: list[Acceleration250] = []
    xxs: dict[str, tuple[int, int]] = {}
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        if control := CONTROL_CHARACTER.search(line):
            raise TrfError(f"control character U+{ord(control.group()):04X}: a TRF file is plain text in "
                           "fixed columns", number, control.start() + 1)
        if not line.strip():
            continue
        if line.startswith("###"):
            document.comments.append(line[3:])
            continue
        tag = line[:3]
        if tag == "240":  # applied once every player is read
            byes.append(_parse_byes_240(line, number))
        elif tag == "250":  # applied once every player is read, in the file's order
            accelerations.append(_parse_acceleration_250(line, number))
        elif tag == "XXS":  # applied once every BB*/162 line is read
            _parse_xxs(line, number, xxs)
        elif tag in _RECORDS:
            _RECORDS[tag](document, line, line[4:].strip(), number)
        else:
            document.headers.append(line)
    for code, round_number, numbers, line_number in byes:
        _apply_bye(document, code, round_number, numbers, line_number)
    _apply_accelerations(document, accelerations)
    if xxs:
        _apply_xxs(document, xxs)
    _validate(document)
    if xxs:
        _check_points(document)
    return document


def _read_player(document: TrfDocument, line: str, value: str, number: int) -> None:
    """Record 001."""
    record = _parse_player(line, number)
    if record.number in document.players:
        first = document.players[record.number].line
        raise TrfError(f"pairing number {record.number} already used on line {first}", number, 5)
    document.players[record.number] = record


def _read_name(document: TrfDocument, line: str, value: str, number: int) -> None:
    """Record 012 (kept as a header too)."""
    document.name = value
    document.headers.append(line)


def _read_start_date(document: TrfDocument, line: str, value: str, number: int) -> None:
    """Record 042 (kept as a header too)."""
    document.start_date = _parse_date(value)
    document.headers.append(line)


def _read_system(document: TrfDocument, line: str, value: str, number: int) -> None:
    """Record 192: the pairing system's code."""
    if not re.fullmatch(r"[A-Za-z0-9_]{1,40}", value):
        raise TrfError("192 needs a pairing-system code such as FIDE_DUTCH_2025", number, 5)
    document.system_code = value.upper()


def _read_rounds(document: TrfDocument, line: str, value: str, number: int) -> None:
    """XXR / 142: the number of rounds."""
    tag = line[:3]
    if not re.fullmatch(r"[0-9]{1,3}", value) or not 1 <= int(value) <= MAX_ROUNDS:
        raise TrfError(f"{tag} needs the number of rounds (1 to {MAX_ROUNDS})", number, 5)
    if document.total_rounds is not None and document.total_rounds != int(value):  # XXR and 142 disagree
        raise TrfError(f"{tag} gives {int(value)} rounds, an earlier line {document.total_rounds}", number, 5)
    document.total_rounds = int(value)


def _read_xxc(document: TrfDocument, line: str, value: str, number: int) -> None:
    """XXC: the initial colour (white1, black1; rank is the default)."""
    for word in value.lower().split():
        if word in ("white1", "black1"):
            _set_initial_colour(document, WHITE if word == "white1" else BLACK, "XXC", number)
        elif word != "rank":
            raise TrfError(f"XXC accepts white1, black1 or rank, not {word!r}", number, 5)


def _read_initial_colour(document: TrfDocument, line: str, value: str, number: int) -> None:
    """Record 152: the initial colour."""
    if value.upper() not in ("W", "B"):
        raise TrfError("152 must be W or B", number, 5)
    _set_initial_colour(document, value.lower(), "152", number)


def _set_initial_colour(document: TrfDocument, colour: str, tag: str, number: int) -> None:
    """XXC and 152 name the same initial colour (writers give both: formats/trf.md 9)."""
    if document.initial_colour is not None and document.initial_colour != colour:
        raise TrfError(f"{tag} gives the initial colour {colour!r}, an earlier line {document.initial_colour!r}",
                       number, 5)
    document.initial_colour = colour


def _read_scoring(document: TrfDocument, line: str, value: str, number: int) -> None:
    """BBW, BBD, BBL, BBZ, BBF, BBU: one result's points."""
    _set_scoring(document, _parse_scoring(line[:3], value, document.scoring, number), line[:3], number)


def _read_scoring_162(document: TrfDocument, line: str, value: str, number: int) -> None:
    _set_scoring(document, _parse_scoring_162(line, document.scoring, number), "162", number)


def _read_xxa(document: TrfDocument, line: str, value: str, number: int) -> None:
    """XXA: a player's acceleration, round by round."""
    player = _int_field(line, 5, 8, number, "XXA pairing number")
    if len(line.rstrip()) > 9 + 5 * MAX_ROUNDS:
        raise TrfError(f"XXA gives more than {MAX_ROUNDS} rounds", number, 10 + 5 * MAX_ROUNDS)
    values, column = [], 10
    while column <= len(line.rstrip()):
        cell = _field(line, column, column + 3).strip()
        try:
            values.append(parse_points(cell) if cell else 0)
        except ValueError:
            raise TrfError(f"acceleration must look like 1.0, not {cell!r}", number, column) from None
        column += 5
    document.accelerations[player] = values


def _read_xxp(document: TrfDocument, line: str, value: str, number: int) -> None:
    """XXP: players who may not meet."""
    words = value.split()
    if not all(re.fullmatch(r"[0-9]{1,4}", w) for w in words) or len(words) < 2:
        raise TrfError("XXP needs two or more pairing numbers", number, 5)
    document.forbidden_pairs.append(ForbiddenPairs(frozenset(int(w) for w in words)))


def _read_forbidden_260(document: TrfDocument, line: str, value: str, number: int) -> None:
    document.forbidden_pairs.append(_parse_forbidden_260(line, number))


#: The records ``parse`` reads, by tag (240 apart; any other line is kept as a header).
_RECORDS = {
    "001": _read_player, "012": _read_name, "042": _read_start_date, "192": _read_system,
    "XXR": _read_rounds, "142": _read_rounds, "XXC": _read_xxc, "152": _read_initial_colour,
    **dict.fromkeys(SCORING_BB, _read_scoring), "162": _read_scoring_162,
    "XXA": _read_xxa, "XXP": _read_xxp, "260": _read_forbidden_260,
}


def _parse_date(text: str) -> datetime.date | None:
    """Record 042's start date (``YYYY/MM/DD``, also with ``-`` or ``.``); None when unreadable."""
    match = re.fullmatch(r"([0-9]{4})[/.-]([0-9]{1,2})[/.-]([0-9]{1,2})", text.strip())
    if match:
        try:
            return datetime.date(*(int(g) for g in match.groups()))
        except ValueError:
            return None
    return None


#: TRF-2026 record 162: the symbols of the scoring system and the Scoring fields each sets (the
#: first is the one written).
SCORING_162 = {"W": ("win", "full_bye"), "D": ("draw", "half_bye"), "L": ("loss",),
               "A": ("zero_bye", "forfeit_loss"), "P": ("pairing_bye",)}


def line_162(cells: list[tuple[str, int]]) -> str:
    """Record 162 from (symbol, points) pairs: the first symbol at column 6, its points at 7-10, each next
    pair 9 columns on (15/16-19, 24/25-28...: formats/trf.md 3)."""
    return "162 " + "   ".join(f" {symbol}{format_points(points):>4}" for symbol, points in cells)


def _parse_scoring_162(line: str, scoring: Scoring, number: int) -> dict[str, int]:
    """``162 W 1.0 ...``: a symbol at column 6, its points at 7-10, the next pair 9 columns on; the
    Scoring fields it sets, with their points."""
    changes = {}
    for match in re.finditer(r"([A-Z])\s*([0-9]*\.?[0-9]+)", line[4:]):
        symbol, value = match.groups()
        if symbol == "X":
            continue  # unknown/adjourned games: not used by the pairing
        if symbol not in SCORING_162:
            raise TrfError(f"162: unknown scoring symbol {symbol!r}", number, 5 + match.start(1))
        try:
            points = parse_points(value)
        except ValueError:
            raise TrfError(f"162: points must look like 1.0, not {value!r}", number, 5 + match.start(2)) from None
        changes.update(dict.fromkeys(SCORING_162[symbol], points))
    if "win" in changes and "pairing_bye" not in changes and scoring.pairing_bye == scoring.win:
        changes["pairing_bye"] = changes["win"]  # P defaults to W
    return changes


#: JaVaFo's XXS codes and their points (tenths) when a file does not give them (shared/formats/trf.md
#: section 6: "Defaults 1/0.5/0, PAB 1"; PAB stays 1 whatever W is, so ``XXS W=3 D=1`` is a 3/1/0
#: system whose PAB scores 1, a draw).
XXS_DEFAULTS = {"WW": 10, "BW": 10, "WD": 5, "BD": 5, "WL": 0, "BL": 0,
                "ZPB": 0, "HPB": 5, "FPB": 10, "PAB": 10, "FW": 10, "FL": 0}
#: The XXS shortcuts (trf.md section 6): ``W`` = WW+BW+FW+FPB, ``D`` = WD+BD+HPB.
XXS_SHORTCUTS = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB")}
#: The Scoring field of each XXS code.  Scoring has one win (with White, with Black or by forfeit), one
#: draw and one loss (either colour): the codes sharing a field must give the same points.
XXS_FIELDS = {"WW": "win", "BW": "win", "FW": "win", "WD": "draw", "BD": "draw", "WL": "loss", "BL": "loss",
              "ZPB": "zero_bye", "HPB": "half_bye", "FPB": "full_bye", "PAB": "pairing_bye", "FL": "forfeit_loss"}
#: What each Scoring field scores, for the messages.
SCORING_WORDS = {"win": "a win", "draw": "a draw", "loss": "a loss", "zero_bye": "a zero-point bye",
                 "forfeit_loss": "a forfeit loss", "pairing_bye": "a pairing-allocated bye",
                 "half_bye": "a half-point bye", "full_bye": "a full-point bye"}


def _parse_xxs(line: str, number: int, codes: dict[str, tuple[int, int]]) -> None:
    """``XXS CODE=VALUE ...`` (JaVaFo, trf.md section 6): each code's points and line into ``codes``,
    a shortcut setting each of its codes; a later occurrence replaces an earlier one."""
    words = list(re.finditer(r"\S+", line[3:]))
    if not words:
        raise TrfError("XXS needs CODE=points pairs such as W=3 D=1", number, 5)
    for match in words:
        code, equals, value = match.group().partition("=")
        code, column = code.upper(), match.start() + 4
        names = XXS_SHORTCUTS.get(code) or ((code,) if code in XXS_DEFAULTS else ())
        if not equals or not names:
            raise TrfError(f"XXS: {match.group()!r} is not CODE=points with a code among "
                           f"{' '.join([*XXS_DEFAULTS, *XXS_SHORTCUTS])}", number, column)
        try:
            points = parse_points(value)
        except ValueError:
            raise TrfError(f"XXS: {code} needs points like 1, 1.0 or .5, not {value!r}", number,
                           column + len(code) + 1) from None
        codes.update(dict.fromkeys(names, (points, number)))


def _xxs_given(code: str, points: int, line: int | None) -> str:
    """``WW=3.0 (line 7)``, or ``FW=1.0 (the default)`` for a code the XXS lines leave out."""
    return f"{code}={format_points(points)} ({f'line {line}' if line else 'the default'})"


def _xxs_scoring(codes: dict[str, tuple[int, int]]) -> tuple[Scoring, dict[str, tuple[str, int | None]]]:
    """The Scoring of the XXS codes (the defaults for those not given), and the code and line that set
    each field; distinct points for codes that share a field (WW != BW...) cannot be scored: refused."""
    fields: dict[str, tuple[int, str, int | None]] = {}
    for code, default in XXS_DEFAULTS.items():
        points, line = codes.get(code, (default, None))
        name = XXS_FIELDS[code]
        if name not in fields:
            fields[name] = (points, code, line)
            continue
        first, first_code, first_line = fields[name]
        if first != points:
            ways = "with White, with Black and by forfeit" if name == "win" else "with White and with Black"
            raise TrfError(f"XXS gives {_xxs_given(first_code, first, first_line)} but "
                           f"{_xxs_given(code, points, line)}: the engine scores {SCORING_WORDS[name]} the same "
                           f"{ways}; give them the same points", line or first_line, 5)
    scoring = Scoring(**{name: value[0] for name, value in fields.items()})
    return scoring, {name: (value[1], value[2]) for name, value in fields.items()}


def _apply_xxs(document: TrfDocument, codes: dict[str, tuple[int, int]]) -> None:
    """The XXS lines' scoring becomes the document's.  trf.md says not which of XXS and BB*/162 counts
    when both are given (each engine reads its own): every field a BB*/162 line sets must agree."""
    scoring, origins = _xxs_scoring(codes)
    for name, (tag, line) in document.scoring_lines.items():
        ours, theirs = getattr(scoring, name), getattr(document.scoring, name)
        if ours != theirs:
            code, xxs_line = origins[name]
            implied = (" (BBU/162 P not given: a PAB scores a win)"
                       if name == "pairing_bye" and tag in ("BBW", "162") else "")
            raise TrfError(f"XXS gives {SCORING_WORDS[name]} {_xxs_given(code, ours, xxs_line)} but line {line} "
                           f"({tag}) gives it {format_points(theirs)}{implied}: which of them counts is not defined, "
                           "so the two lines must agree", xxs_line or line, 1)
    document.scoring = scoring


def _check_points(document: TrfDocument) -> None:
    """With XXS, each 001 line's points (columns 81-84) must be what its results score, as JaVaFo checks
    them (trf.md section 6: "When present, Points are strictly checked"); blank points are not checked."""
    for record in document.players.values():
        if record.points is not None and record.points != (total := score(document, record)):
            raise TrfError(f"player {record.number} has {format_points(record.points)} points, but the results "
                           f"score {format_points(total)} with the XXS scoring (JaVaFo checks the points when "
                           "XXS is given)", record.line, 81)


def _pairing_numbers(line: str, column: int, number: int, tag: str) -> list[int]:
    """The pairing numbers of a TRF-2026 record: 4 columns each, every 5 columns from ``column``."""
    numbers = []
    while column <= len(line.rstrip()):
        player = _int_field(line, column, column + 3, number, f"{tag} pairing number")
        if player:
            numbers.append(player)
        column += 5
    return numbers


def _parse_byes_240(line: str, number: int) -> tuple[str, int, list[int], int]:
    """``240 T RRR IIII IIII ...``: bye type at column 5, round at 7-9, pairing numbers from 11."""
    code = _field(line, 5, 5).strip().upper()
    if code not in ("F", "H", "Z"):
        raise TrfError(f"240: bye type must be F, H or Z, not {code!r}", number, 5)
    round_number = _int_field(line, 7, 9, number, "240 round")
    if not round_number:
        raise TrfError("240 needs a round number", number, 7)
    return code, round_number, _pairing_numbers(line, 11, number, "240"), number


#: A 250 line: (points, first round, last round, first player, last player, line number).
Acceleration250 = tuple[int, int, int, int, int, int]


def _parse_acceleration_250(line: str, number: int) -> Acceleration250:
    """``250 MMMM GGGG RRF RRL PPPF PPPL``: fictitious points (10-13) for rounds 15-17..19-21,
    players 23-26..28-31 (individual events leave the match points 5-8 empty)."""
    try:
        points = parse_points(_field(line, 10, 13))
    except ValueError:
        raise TrfError("250: points must look like 1.0", number, 10) from None
    first_round = _int_field(line, 15, 17, number, "250 first round")
    last_round = _int_field(line, 19, 21, number, "250 last round", first_round)
    first = _int_field(line, 23, 26, number, "250 first pairing number")
    last = _int_field(line, 28, 31, number, "250 last pairing number", first)
    if not (first_round and first) or last_round < first_round or last < first:
        raise TrfError("250 needs a round range and a pairing-number range", number, 15)
    return points, first_round, last_round, first, last, number


def _apply_accelerations(document: TrfDocument, lines: list[Acceleration250]) -> None:
    """The 250 lines' points, a later line over an earlier one; each range within the players of the file,
    and all of them within ``MAX_ACCELERATION_CELLS`` (checked before any is set)."""
    cells = 0
    for _points, first_round, last_round, first, last, number in lines:
        for player in (first, last):
            if player not in document.players:
                raise TrfError(f"250 names player {player}, who does not exist", number, 23 if player == first else 28)
        cells += (last - first + 1) * (last_round - first_round + 1)
        if cells > MAX_ACCELERATION_CELLS:
            raise TrfError(f"the 250 lines set more than {MAX_ACCELERATION_CELLS:,} (player, round) values", number, 1)
    for points, first_round, last_round, first, last, _number in lines:
        for player in range(first, last + 1):
            values = document.accelerations.setdefault(player, [])
            values += [0] * (last_round - len(values))
            values[first_round - 1:last_round] = [points] * (last_round - first_round + 1)


def _parse_forbidden_260(line: str, number: int) -> ForbiddenPairs:
    """``260 RRF RRL PPPP PPPP ...``: rounds at 5-7 and 9-11, pairing numbers from 13 every 5 columns."""
    first_round = _int_field(line, 5, 7, number, "260 first round")
    last_round = _int_field(line, 9, 11, number, "260 last round")
    players = _pairing_numbers(line, 13, number, "260")
    if not first_round or not last_round or len(players) < 2:
        raise TrfError("260 needs a round range and two or more pairing numbers", number, 5)
    return ForbiddenPairs(frozenset(players), first_round, last_round)


def _apply_bye(document: TrfDocument, code: str, round_number: int, numbers: list[int], line: int) -> None:
    """A 240 bye is the same as ``0000 - T`` in that round's columns of the player's 001 line."""
    for number in numbers:
        record = document.players.get(number)
        if record is None:
            raise TrfError(f"240 names player {number}, who does not exist", line, 11)
        entry = record.entry(round_number)
        if entry is not None and entry != ABSENT and entry.code != code:
            raise TrfError(f"240 gives player {number} a bye in round {round_number}, but the player's 001 line "
                           f"(line {record.line}) says {entry.text()!r}", line, 7)
        record.rounds += [ABSENT] * (round_number - len(record.rounds))
        record.rounds[round_number - 1] = RoundEntry(None, None, code)


def _validate(document: TrfDocument) -> None:
    """Every opponent exists and both players' records of a game agree."""
    players = document.players
    for player in players.values():
        for round_number, entry in enumerate(player.rounds, start=1):
            column = 92 + 10 * (round_number - 1)
            if entry.opponent is None:
                continue
            if entry.opponent == player.number:
                raise TrfError(f"player {player.number} is given as the opponent of player {player.number} "
                               f"in round {round_number}",
                               player.line, column)
            opponent = players.get(entry.opponent)
            if opponent is None:
                raise TrfError(f"opponent {entry.opponent} in round {round_number} does not exist",
                               player.line, column)
            other = opponent.entry(round_number)
            if other is None or other.opponent != player.number:
                raise TrfError(f"round {round_number}: player {player.number} meets {opponent.number}, "
                               f"but player {opponent.number}'s line (line {opponent.line}) does not say so",
                               player.line, column)
            if other.colour == entry.colour:
                raise TrfError(f"round {round_number}: players {player.number} and {opponent.number} "
                               f"both have colour {entry.colour!r}", player.line, column + 5)
            if (entry.code == NO_RESULT) != (other.code == NO_RESULT) or (
                    entry.code != NO_RESULT and other.code not in MUTUAL_CODES[entry.code]):
                raise TrfError(f"round {round_number}: result {entry.code or 'blank'!r} of player {player.number} "
                               f"contradicts {other.code or 'blank'!r} of player {opponent.number}",
                               player.line, column + 7)
    for number in document.accelerations:
        if number not in players:
            raise TrfError(f"XXA names player {number}, who does not exist")
    for group in document.forbidden_pairs:
        for number in group.players:
            if number not in players:
                raise TrfError(f"XXP/260 names player {number}, who does not exist")


def score(document: TrfDocument, record: PlayerRecord, rounds: int | None = None) -> int:
    """Points (tenths) from the results of the first ``rounds`` rounds (all by default)."""
    entries = record.rounds if rounds is None else record.rounds[:rounds]
    return sum(document.scoring.points(entry.code) for entry in entries)


def player_line(record: PlayerRecord, points: int, rounds: int | None = None) -> str:
    head = (
        f"001 {record.number:4d} {record.sex[:1]:1}{record.title[:3]:>3} {record.name[:33]:<33} "
        f"{record.rating or '':>4} {record.federation[:3]:<3} {record.fide_id[:11]:>11} "
        f"{record.birth_date[:10]:<10} {format_points(points):>4} {record.rank or '':>4}"
    )
    entries = record.rounds if rounds is None else record.rounds[:rounds]
    return head + "".join("  " + entry.text() for entry in entries)


def dump(document: TrfDocument, version: str = "16") -> str:
    """Write the document (CRLF line endings): TRF-16 with the JaVaFo/bbpPairings
    extensions (``XXR``, ``XXC``, ``BB*``, ``XXA``, ``XXP``), or TRF-2026 (``"26"``)
    with its own records for the same data (142, 152, 162, 240, 250, 260)."""
    lines = list(document.headers)
    lines += [f"###{comment}" for comment in document.comments]  # after the headers (TRF-2026 comments)
    for number in sorted(document.players):
        record = document.players[number]
        lines.append(player_line(record, score(document, record)))
    lines += _trf26_records(document) if version == "26" else _trf16_extensions(document)
    return "\r\n".join(lines) + "\r\n"


def _trf16_extensions(document: TrfDocument) -> list[str]:
    lines = []
    if document.system_code:  # read by bbpPairings 6 in either format
        lines.append(f"192 {document.system_code}")
    if document.total_rounds:
        lines.append(f"XXR {document.total_rounds}")
    if document.initial_colour:
        lines.append(f"XXC {'white1' if document.initial_colour == WHITE else 'black1'}")
    # A reader takes BBU as the win value unless told otherwise.
    scoring, default = document.scoring, Scoring(pairing_bye=document.scoring.win)
    for tag, name in SCORING_BB.items():
        if getattr(scoring, name) != getattr(default, name):
            lines.append(f"{tag} {format_points(getattr(scoring, name)):>4}")
    for number in sorted(document.accelerations):
        cells = "".join(f" {format_points(v):>4}" for v in document.accelerations[number])
        lines.append(f"XXA {number:4d}{cells}")
    for group in document.forbidden_pairs:  # XXP has no round range
        lines.append("XXP " + " ".join(str(n) for n in sorted(group.players)))
    return lines


def _trf26_records(document: TrfDocument) -> list[str]:
    lines = []
    if document.system_code:
        lines.append(f"192 {document.system_code}")
    if document.total_rounds:
        lines.append(f"142 {document.total_rounds}")
    if document.initial_colour:
        lines.append(f"152 {document.initial_colour.upper()}")
    scoring, default = document.scoring, Scoring()
    if scoring != default:
        cells = [(symbol, getattr(scoring, fields[0])) for symbol, fields in SCORING_162.items()]
        lines.append(line_162(cells))
    # Byes already known for the round to be paired (ITDX needs them as 240 records).
    following = document.paired_rounds + 1
    for code in "FHZ":
        numbers = [n for n, record in sorted(document.players.items())
                   if (entry := record.entry(following)) is not None and entry.opponent is None
                   and entry.code == code]
        if numbers:
            lines.append(f"240 {code} {following:03d} " + " ".join(f"{n:04d}" for n in numbers))
    for number in sorted(document.accelerations):
        for round_number, points in enumerate(document.accelerations[number], start=1):
            if points:
                lines.append(f"250      {format_points(points):>4} {round_number:03d} {round_number:03d} "
                             f"{number:04d} {number:04d}")
    for group in document.forbidden_pairs:
        last = group.last_round or document.total_rounds or 999
        lines.append(f"260 {group.first_round:03d} {last:03d} " + " ".join(f"{n:04d}" for n in sorted(group.players)))
    return lines
