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
from tests.corpora import SHARED
from tests.engine.legality import DUTCH_ROUNDS, illegalities, run_all
from tests.engine.test_corpus import case_id, expected

DUBOV = SHARED / "corpus" / "dubov"
AGREED = sorted(DUBOV.glob("t*/rounds/r??.pairs"))
DUBOV_ROUNDS = sorted(DUBOV.glob("t*/rounds/r??.trf"))
KNOWN_EXCEPTIONS = {
    "t0106-r07": "[C9]/[C10]: the peers float 5 (upfloated 4 times, last in the previous round) instead of 8 "
                 "(3 times); see test_dubov.test_t0106_round_7_c9_prefers_the_fewer_upfloated",
    **dict.fromkeys(("t0054-r05", "t0101-r08", "t0111-r05"),
                    "[C10]: the peers upfloat a player whose upfloat of the previous round was forfeited; "
                    "see test_dubov.test_corpus_rounds_where_the_peers_forget_a_forfeited_upfloat"),
    "t0084-r02": "5.2.1: the peers take the file's number for the TPN of a player not paired before; "
                 "see test_dubov.test_t0084_round_2_the_tpn_skips_players_not_yet_paired",
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


@pytest.mark.parametrize("trf", DUTCH_ROUNDS[::20], ids=case_id)
def test_legal_on_dutch_inputs(trf):
    document = parse(trf.read_text())
    assert illegalities(document, pair_round(document, "dubov"), "dubov") == []


def main() -> int:
    """All 1547 round inputs of dutch-2017: the figures of the README."""
    return run_all("dubov")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main())
