"""Conformance: the engine reproduces the reference engines on the shared corpora.

Dutch 2017 (JaVaFo 2.2 = bbpPairings 5.0.1): ``dutch-2017``, every round exactly
(pairs, colours, bye and board order), and the checker on every ``full.trf``;
``dutch-baku``: every round, with the virtual points given (``XXA``) and computed
by the engine (C.04.5.1), and the checker.

Dutch 2026 (bbpPairings 6.0.0): the ``rNN.dutch2026.pairs`` of ``dutch-2017``;
``dutch-2026`` (TRF-2026 input, record 192) and ``dutch-2026-baku`` (the C.04.7
acceleration computed by the engine from ``192 ..._BAKU``), every round exactly
and the checker on every ``full.trf``.  In the 17 Baku tournaments where
bbpPairings' group GA has ceil(N/2) players instead of C.04.7 1.2's 2 * ceil(N/4),
the engine follows the rule (see test_acceleration); with bbpPairings' GA given
as explicit virtual points, those rounds are reproduced exactly too.
"""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from pairing.engine import pair_round, parse
from pairing.engine.checker import check
from pairing.engine.core.acceleration import BAKU_2026, baku_virtual_points
from tests.corpora import SHARED

DUTCH = SHARED / "corpus" / "dutch-2017"
BAKU = SHARED / "corpus" / "dutch-baku"

DUTCH_ROUNDS = sorted(DUTCH.glob("t*/rounds/r??.trf"))
DUTCH_FULL = sorted(DUTCH.glob("t*/full.trf"))
BAKU_ROUNDS = sorted(BAKU.glob("t*/rounds/r??.xxa.trf"))
BAKU_COMPUTED = sorted(BAKU.glob("t*/rounds/r??.trf"))
BAKU_FULL = sorted(BAKU.glob("t*/full.trf"))
DUTCH_2026_OF_2017 = sorted(DUTCH.glob("t*/rounds/r??.dutch2026.pairs"))
D2026 = SHARED / "corpus" / "dutch-2026"
D2026_ROUNDS = sorted(D2026.glob("t*/rounds/r??.trf"))
D2026_FULL = sorted(D2026.glob("t*/full.trf"))
B2026 = SHARED / "corpus" / "dutch-2026-baku"
B2026_GA_DIFFERS = set(json.loads((B2026 / "summary.json").read_text())["baku_ga_size"]["ids"]) \
    if (B2026 / "summary.json").exists() else set()
B2026_ROUNDS = sorted(B2026.glob("t*/rounds/r??.trf"))
B2026_FULL = sorted(B2026.glob("t*/full.trf"))

pytestmark = pytest.mark.corpus


def expected(path: Path) -> list[tuple[int, int]]:
    count, *lines = path.read_text().split("\n")
    return [tuple(map(int, line.split())) for line in lines[:int(count)]]


def case_id(path: Path) -> str:
    return f"{path.parents[1].name}-{path.name.split('.')[0]}"


def test_the_corpora_are_all_there():
    counts = (len(DUTCH_ROUNDS), len(DUTCH_FULL), len(BAKU_ROUNDS), len(BAKU_COMPUTED), len(BAKU_FULL),
              len(DUTCH_2026_OF_2017), len(D2026_ROUNDS), len(D2026_FULL), len(B2026_ROUNDS), len(B2026_FULL),
              len(B2026_GA_DIFFERS))
    assert counts == (1547, 200, 433, 433, 40, 1547, 960, 120, 314, 30, 17), SHARED


@pytest.mark.parametrize("trf", DUTCH_ROUNDS, ids=case_id)
def test_dutch_2017_round(trf):
    pairing = pair_round(parse(trf.read_text()), edition="2017")
    assert pairing.as_numbers() == expected(trf.with_suffix(".pairs"))


@pytest.mark.parametrize("trf", DUTCH_FULL, ids=lambda p: p.parent.name)
def test_checker_finds_no_discrepancy(trf):
    document = parse(trf.read_text())
    assert document.total_rounds is None and document.initial_colour is None
    assert [p.describe() for p in check(document, edition="2017")] == []


@pytest.mark.parametrize("trf", BAKU_ROUNDS, ids=case_id)
def test_baku_round_with_given_virtual_points(trf):
    pairing = pair_round(parse(trf.read_text()), edition="2017")
    assert sorted(pairing.as_numbers()) == sorted(expected(trf.with_name(trf.name.replace(".xxa.trf", ".pairs"))))


@pytest.mark.parametrize("trf", BAKU_COMPUTED, ids=case_id)
def test_baku_round_computing_virtual_points(trf):
    pairing = pair_round(parse(trf.read_text()), baku=True, edition="2017")
    assert sorted(pairing.as_numbers()) == sorted(expected(trf.with_suffix(".pairs")))


@pytest.mark.parametrize("trf", BAKU_FULL, ids=lambda p: p.parent.name)
def test_baku_checker_finds_no_discrepancy(trf):
    assert [p.describe() for p in check(parse(trf.read_text()), edition="2017")] == []


@pytest.mark.parametrize("pairs", DUTCH_2026_OF_2017, ids=case_id)
def test_dutch_2026_round_of_the_2017_corpus(pairs):
    trf = pairs.with_name(pairs.name.replace(".dutch2026.pairs", ".trf"))
    assert pair_round(parse(trf.read_text()), edition="2026").as_numbers() == expected(pairs)


@pytest.mark.parametrize("trf", D2026_ROUNDS, ids=case_id)
def test_dutch_2026_round(trf):
    document = parse(trf.read_text())
    assert document.system_code == "FIDE_DUTCH_2025"  # the edition comes from record 192
    assert pair_round(document).as_numbers() == expected(trf.with_suffix(".pairs"))


@pytest.mark.parametrize("trf", D2026_FULL, ids=lambda p: p.parent.name)
def test_dutch_2026_checker_finds_no_discrepancy(trf):
    assert [p.describe() for p in check(parse(trf.read_text()))] == []


def with_bbp_group_a(document):
    """The document with bbpPairings 6.0.0's Baku virtual points as explicit values:
    GA = the first ceil(N/2) pairing numbers (C.04.7 1.2 says 2 * ceil(N/4))."""
    numbers = sorted(document.players)
    group_a = set(numbers[:-(-len(numbers) // 2)])
    total = document.total_rounds
    return replace(document, accelerations={
        n: [baku_virtual_points(r, total, document.scoring.win, BAKU_2026) if n in group_a else 0
            for r in range(1, total + 1)] for n in numbers})


@pytest.mark.parametrize("trf", B2026_ROUNDS, ids=case_id)
def test_dutch_2026_baku_round(trf):
    document = parse(trf.read_text())
    assert document.system_code == "FIDE_DUTCH_2025_BAKU"
    if trf.parents[1].name in B2026_GA_DIFFERS:
        document = with_bbp_group_a(document)
    assert pair_round(document).as_numbers() == expected(trf.with_suffix(".pairs"))


@pytest.mark.parametrize("trf", B2026_FULL, ids=lambda p: p.parent.name)
def test_dutch_2026_baku_checker_finds_no_discrepancy(trf):
    document = parse(trf.read_text())
    if trf.parent.name in B2026_GA_DIFFERS:
        document = with_bbp_group_a(document)
    assert [p.describe() for p in check(document)] == []
