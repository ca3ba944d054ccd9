"""Seeded mutation fuzzing of the files the app and the engine read (TRF and CSV).

``mutated_trf(seed, bases)`` and ``mutated_csv(seed)`` each give the same bytes for the
same seed: a failure found by the fuzz tests is reproduced from its seed alone.  The
mutations are those seen to break imports: byte flips, Unicode digits, NUL and control
characters, overlong fields, huge numbers, truncation, duplicated lines, many rounds,
CR-only line ends, other encodings.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tests.corpora import SHARED

#: Characters that ``str.isdigit()`` accepts but ``int()`` does not (superscripts, circled),
#: or that ``int()`` reads as digits although a TRF or CSV file has ASCII digits only.
UNICODE_DIGITS = "²³¹⁴①⑨٣۷३০\uff13\U0001d7d7"
CONTROLS = "\x00\x01\x07\x08\x0b\x0c\x1b\x7f\x85\x9f\t"
HUGE_NUMBERS = ("32768", "65536", "99999", "2147483648", "9999.9", "999.9", "10000", "0", "-1", "1e9",
                "9" * 30, "9" * 5000)


def trf_bases(limit: int = 60, max_bytes: int = 12_000) -> list[str]:
    """Real files to mutate: small ``full.trf`` of the shared corpora (every system and
    edition), else (no ../shared beside the clone) a few files written by the test builder."""
    files = sorted(path for path in SHARED.glob("corpus/*/t*/full.trf") if path.stat().st_size <= max_bytes)
    if files:
        step = max(1, len(files) // limit)
        return [path.read_text() for path in files[::step][:limit]]
    from tests.engine.builder import TrfBuilder

    built = []
    for players in (4, 7, 12):
        t = TrfBuilder(players, 5)
        for r in range(3):
            for i in range(0, players - 1, 2):
                white, black = (i + 1, i + 2) if (i + r) % 4 else (i + 2, i + 1)
                t.game(white, black, "10="[(i + r) % 3])
            if players % 2:
                t.bye(players, "U")
            t.next_round()
        built.append(t.text())
    return built


# One mutation each: text in, text out (the encoding is chosen at the end).

def _lines(text: str) -> list[str]:
    return text.splitlines()


def flip_char(rng: random.Random, text: str) -> str:
    i = rng.randrange(len(text) or 1)
    return text[:i] + chr(rng.choice([rng.randrange(32, 127), rng.randrange(0, 0x250)])) + text[i + 1:]


def unicode_digit(rng: random.Random, text: str) -> str:
    digits = [i for i, c in enumerate(text) if c.isdigit()] or [0]
    i = rng.choice(digits)
    return text[:i] + rng.choice(UNICODE_DIGITS) + text[i + 1:]


def control_char(rng: random.Random, text: str) -> str:
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(CONTROLS) + text[i:]


def insert_chars(rng: random.Random, text: str) -> str:
    """Shifts the columns of a line."""
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice([" ", "x", "1", "  ", "é", "0000 "]) * rng.randint(1, 3) + text[i:]


def delete_chars(rng: random.Random, text: str) -> str:
    i = rng.randrange(len(text) or 1)
    return text[:i] + text[i + rng.randint(1, 12):]


def truncate(rng: random.Random, text: str) -> str:
    return text[:rng.randrange(len(text) + 1)]


def duplicate_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    i = rng.randrange(len(lines) or 1)
    return "\n".join(lines[:i + 1] + lines[i:i + 1] * rng.choice([1, 1, 2, 50]) + lines[i + 1:])


def delete_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    if lines:
        del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def swap_lines(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    if len(lines) > 1:
        i, j = rng.sample(range(len(lines)), 2)
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def line_ends(rng: random.Random, text: str) -> str:
    """CR only, CRLF, mixed, or none at all."""
    end = rng.choice(["\r", "\r\n", "\n\r", "\r\r\n", "", "\u2028"])
    lines = _lines(text)
    if rng.random() < 0.3:
        return "".join(line + rng.choice(["\r", "\n", "\r\n"]) for line in lines)
    return end.join(lines)


def shuffle_words(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    if not lines:
        return text
    i = rng.randrange(len(lines))
    words = lines[i].split(" ")
    rng.shuffle(words)
    lines[i] = " ".join(words)
    return "\n".join(lines)


def swap_number(rng: random.Random, text: str) -> str:
    """A number of the file replaced by a huge (or negative, or exponent) one."""
    starts = [i for i, c in enumerate(text) if c.isdigit() and (i == 0 or not text[i - 1].isdigit())]
    if not starts:
        return text
    i = rng.choice(starts)
    j = i
    while j < len(text) and text[j].isdigit():
        j += 1
    return text[:i] + rng.choice(HUGE_NUMBERS) + text[j:]


def trf_record(rng: random.Random, text: str) -> str:
    """A record with a huge or odd value: rounds, points, dates, header texts, virtual points, byes."""
    long = "".join(rng.choice("abcdefghij ÄÖÜ") for _ in range(rng.choice([121, 200, 5000])))
    number = rng.choice(HUGE_NUMBERS)
    record = rng.choice([
        f"XXR {number}", f"142 {number}", f"BBW {number}", f"BBD {number}", f"BBU {number}",
        f"XXS W={number} D=1", f"XXS PAB={number}",
        f"162 W {number} D 0.5", f"012 {long}", f"022 {long}", f"102 {long}", f"122 {long}", f"112 {long}",
        f"032 {long}", f"042 {rng.choice(['9999/99/99', '0000/00/00', '2026/02/30', number])}",
        f"052 {number}", f"132{' ' * 86}  {rng.choice(['99/99/99', '26/01/01', number])}",
        f"192 {rng.choice(['FIDE_DUTCH_2025', 'FIDE_DUTCH_2017_BAKU', 'X' * 41, 'FIDE_DUBOV_2026', number])}",
        f"XXA {number[:4]:>4}  1.0  {number}", f"XXP 1 {number}", f"XXP {number}",
        f"240 H {number[:3]:>3} 0001", f"240 F 001 {number[:4]}",
        f"250      {number[:4]:>4} 001 {number[:3]:>3} 0001 {number[:4]:>4}",
        f"260 001 {number[:3]:>3} 0001 0002", "XXC white1 rank", f"XXC {number}", "152 X", long,
    ])
    lines = _lines(text)
    lines.insert(rng.randrange(len(lines) + 1), record)
    return "\n".join(lines)


def many_rounds(rng: random.Random, text: str) -> str:
    """Every player's line extended by a large number of unpaired (or half-bye) rounds."""
    count = rng.choice([100, 150, 1000]) if rng.random() < 0.97 else 20_005  # the last: files of megabytes
    block = rng.choice(["  0000 - Z", "  0000 - H", "  0000 - F"])
    rounds = rng.choice([count, 9, 99, 32768, len(text)])
    lines = [line + block * count if line.startswith("001") else line for line in _lines(text)]
    return "\n".join([*lines, f"XXR {rounds}"])


def many_players(rng: random.Random, text: str) -> str:
    """Players beyond the 4-digit pairing numbers (or far more of them)."""
    count = rng.choice([10, 200, 10_001])
    first = rng.choice([1, 9990, 10_000])
    lines = [f"001 {n:4d}      Extra, Player{n:<20} {1500:4d}" for n in range(first, first + count)]
    return text + "\n" + "\n".join(lines)


def overlong_name(rng: random.Random, text: str) -> str:
    """A 001 line whose name runs past its 33 columns (shifting everything after it)."""
    lines = _lines(text)
    players = [i for i, line in enumerate(lines) if line.startswith("001")]
    if not players:
        return text
    i = rng.choice(players)
    lines[i] = lines[i][:20] + "X" * rng.choice([1, 40, 500]) + lines[i][20:]
    return "\n".join(lines)


TRF_MUTATIONS: list[Callable[[random.Random, str], str]] = [
    flip_char, unicode_digit, control_char, insert_chars, delete_chars, truncate, duplicate_line,
    delete_line, swap_lines, line_ends, shuffle_words, swap_number, trf_record, trf_record, many_rounds,
    many_players, overlong_name,
]


def encode(rng: random.Random, text: str) -> bytes:
    """Mostly UTF-8; sometimes with a BOM, Latin-1, UTF-16, or broken bytes."""
    choice = rng.random()
    if choice < 0.8:
        return text.encode("utf-8", "surrogatepass")
    if choice < 0.85:
        return "\ufeff".encode() + text.encode()
    if choice < 0.9:
        return text.encode("latin-1", "replace")
    if choice < 0.93:
        return text.encode("utf-16")
    data = bytearray(text.encode())
    for _ in range(rng.randint(1, 5)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


def mutate(rng: random.Random, text: str, mutations: list) -> bytes:
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        text = rng.choice(mutations)(rng, text)
    return encode(rng, text)


def mutated_trf(seed: int, bases: list[str]) -> bytes:
    rng = random.Random(seed)
    return mutate(rng, rng.choice(bases), TRF_MUTATIONS)


# CSV player lists --------------------------------------------------------------------------------

def csv_base(rng: random.Random, players: int) -> str:
    titles = ["", "", "GM", "IM", "FM", "WGM", "cm", "wfm"]
    rows = ["name,title,rating,fide_id,federation,sex,birth_date"]
    for n in range(players):
        birth = f"{rng.randint(1940, 2018)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        rows.append(",".join([
            f'"Player{n}, Anna"' if n % 3 else f"Doe{n} John", rng.choice(titles),
            str(rng.randint(1000, 2800)) if n % 5 else "", str(rng.randint(100000, 99999999)) if n % 2 else "",
            rng.choice(["FRA", "ger", "ESP", ""]), rng.choice(["m", "w", "f", "", "M"]), birth if n % 4 else ""]))
    return "\n".join(rows) + "\n"


def long_field(rng: random.Random, text: str) -> str:
    """A field of 34 to 200,000 characters (past the csv module's field limit)."""
    length = rng.choice([34, 120, 5000, 200_000])
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(["x", "9", '"', "é"]) * length + text[i:]


def csv_cells(rng: random.Random, text: str) -> str:
    """One cell replaced by an odd value: quotes, huge numbers, dates, formulas."""
    lines = _lines(text)
    if len(lines) < 2:
        return text
    i = rng.randrange(1, len(lines))
    cells = lines[i].split(",")
    j = rng.randrange(len(cells))
    cells[j] = rng.choice([*HUGE_NUMBERS, '"', '"unterminated', "=1+1", "2026-02-30", "31/12/1999", "99999-01-01",
                           "GMX", "x", "", " ", "NaN", "1.5", "٣٣٣٣", "²"])
    lines[i] = ",".join(cells)
    return "\n".join(lines)


def csv_columns(rng: random.Random, text: str) -> str:
    """The header or a row with too many, too few or unknown columns."""
    lines = _lines(text)
    if not lines:
        return text
    i = rng.randrange(len(lines))
    lines[i] = rng.choice([lines[i] + ",extra", lines[i].rsplit(",", 1)[0], lines[i].replace(",", ";"),
                           lines[i].upper(), "name," * 1000, ",,,,,,,,"])
    return "\n".join(lines)


CSV_MUTATIONS: list[Callable[[random.Random, str], str]] = [
    flip_char, unicode_digit, control_char, insert_chars, delete_chars, truncate, duplicate_line, delete_line,
    swap_lines, line_ends, long_field, csv_cells, csv_cells, csv_columns,
]


def mutated_csv(seed: int) -> bytes:
    rng = random.Random(seed)
    return mutate(rng, csv_base(rng, rng.choice([1, 5, 30])), CSV_MUTATIONS)
