"""Conformance of the Dubov system (C.04.4.1) on the shared corpus ``dubov``.

Every agreed round (``rNN.pairs``: py4swiss 0.3.1 and CPPDubovSystem 2.1.2 give the
same pairs, colours and bye) is re-paired and compared as a set of boards (the
board order is information only).  The corpus has no ``F`` byes, so both editions
give the same pairings; the rounds are paired with the edition the file implies
(the latest) and, for a sample, with 2018 too.  A round where the agreed pairing
contradicts the text is a known exception, proven in ``test_dubov.py``.

Legality on other inputs: ``--dubov`` on the round inputs of ``dutch-2017`` (a
sample here; ``python -m tests.engine.test_dubov_corpus`` runs all 1547).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pairing.engine import pair_round, parse
from pairing.engine.checker import check

from .test_corpus import DUTCH, SHARED, case_id, expected

DUBOV = SHARED / "corpus" / "dubov"
AGREED = sorted(DUBOV.glob("t*/rounds/r??.pairs"))
DUBOV_ROUNDS = sorted(DUBOV.glob("t*/rounds/r??.trf"))
KNOWN_EXCEPTIONS = {
    "t0106-r07": "[C9]/[C10]: the peers float 5 (upfloated 4 times, last in the previous round) instead of 8 "
                 "(3 times); see test_dubov.test_t0106_round_7_c9_prefers_the_fewer_upfloated",
}
#: tournaments all of whose rounds are agreed and reproduced: the checker must find nothing
UNDISPUTED = sorted(t for t in DUBOV.glob("t*") if t.is_dir() and not list(t.glob("rounds/*.disputed.json"))
                    and not any(name.startswith(t.name + "-") for name in KNOWN_EXCEPTIONS))

pytestmark = pytest.mark.corpus


def test_the_corpus_is_all_there():
    assert (len(AGREED), len(DUBOV_ROUNDS)) == (738, 949), SHARED


def agreed_cases():
    for path in AGREED:
        reason = KNOWN_EXCEPTIONS.get(case_id(path))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        yield pytest.param(path, id=case_id(path), marks=marks)


@pytest.mark.parametrize("pairs", agreed_cases())
def test_agreed_round(pairs):
    document = parse(pairs.with_suffix(".trf").read_text())
    assert set(pair_round(document, "dubov").as_numbers()) == set(expected(pairs))


@pytest.mark.parametrize("pairs", AGREED[::25], ids=case_id)
def test_agreed_round_2018(pairs):
    document = parse(pairs.with_suffix(".trf").read_text())
    assert set(pair_round(document, "dubov", edition="2018").as_numbers()) == set(expected(pairs))


@pytest.mark.parametrize("tournament", UNDISPUTED, ids=lambda p: p.name)
def test_checker_finds_no_discrepancy(tournament):
    assert [p.describe() for p in check(parse((tournament / "full.trf").read_text()), "dubov")] == []


def illegalities(document, pairing) -> list[str]:
    """What breaks the basic rules in ``pairing`` of the next round of ``document``:
    a present player not paired once, a rematch, a second PAB, a colour difference
    beyond 2 or three of one colour in a row (played games only)."""
    problems = []
    round_number = document.paired_rounds + 1
    present = {n for n, r in document.players.items()
               if (e := r.entry(round_number)) is None or e.paired}
    seen: list[int] = [n for pair in pairing.as_numbers() for n in pair if n]
    if sorted(seen) != sorted(present):
        problems.append("not every present player paired exactly once")
    if len([1 for _, b in pairing.as_numbers() if b == 0]) > 1:
        problems.append("more than one PAB")
    for white, black in pairing.as_numbers():
        if black == 0:
            if any(e.code == "U" for e in document.players[white].rounds):
                problems.append(f"{white}: a second PAB")
            continue
        if any(e.opponent == black and e.played for e in document.players[white].rounds):
            problems.append(f"{white}-{black}: rematch")
        for number, colour in ((white, "w"), (black, "b")):
            colours = "".join(e.colour for e in document.players[number].rounds if e.played) + colour
            if abs(2 * colours.count("w") - len(colours)) > 2 or colours[-3:] in ("www", "bbb"):
                problems.append(f"{number}: colours {colours}")
    return problems


DUTCH_ROUNDS = sorted(DUTCH.glob("t*/rounds/r??.trf"))


@pytest.mark.parametrize("trf", DUTCH_ROUNDS[::20], ids=case_id)
def test_legal_on_dutch_inputs(trf):
    document = parse(trf.read_text())
    assert illegalities(document, pair_round(document, "dubov")) == []


def main() -> int:
    """All 1547 round inputs of dutch-2017: the figures of the README."""
    import time
    bad, seconds = [], []
    for trf in DUTCH_ROUNDS:
        document = parse(trf.read_text())
        start = time.perf_counter()
        pairing = pair_round(document, "dubov")
        seconds.append(time.perf_counter() - start)
        if problems := illegalities(document, pairing):
            bad.append((case_id(trf), problems))
    for name, problems in bad:
        print(name, problems)
    print(f"{len(DUTCH_ROUNDS) - len(bad)}/{len(DUTCH_ROUNDS)} legal; {sum(seconds):.1f} s in all, "
          f"slowest {max(seconds):.2f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main())
