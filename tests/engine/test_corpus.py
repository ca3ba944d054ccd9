"""Conformance: the engine reproduces the FIDE-endorsed engines on the shared corpora.

``dutch-2017``: every round exactly (pairs, colours, bye and board order);
``full.trf``: the checker finds no discrepancy; ``dutch-baku``: pairs and
colours of every round, with the virtual points given (``XXA``) and computed by
the engine (C.04.5.1), and the checker on the whole tournaments.
"""

import os
from pathlib import Path

import pytest

from pairing.engine import pair_round, parse
from pairing.engine.checker import check

SHARED = Path(os.environ.get("PAIRING_SHARED", Path(__file__).resolve().parents[3] / "shared"))
DUTCH = SHARED / "corpus" / "dutch-2017"
BAKU = SHARED / "corpus" / "dutch-baku"

DUTCH_ROUNDS = sorted(DUTCH.glob("t*/rounds/r??.trf"))
DUTCH_FULL = sorted(DUTCH.glob("t*/full.trf"))
BAKU_ROUNDS = sorted(BAKU.glob("t*/rounds/r??.xxa.trf"))
BAKU_COMPUTED = sorted(BAKU.glob("t*/rounds/r??.trf"))
BAKU_FULL = sorted(BAKU.glob("t*/full.trf"))

pytestmark = pytest.mark.corpus


def expected(path: Path) -> list[tuple[int, int]]:
    count, *lines = path.read_text().split("\n")
    return [tuple(map(int, line.split())) for line in lines[:int(count)]]


def case_id(path: Path) -> str:
    return f"{path.parents[1].name}-{path.name.split('.')[0]}"


def test_the_corpora_are_all_there():
    counts = (len(DUTCH_ROUNDS), len(DUTCH_FULL), len(BAKU_ROUNDS), len(BAKU_COMPUTED), len(BAKU_FULL))
    assert counts == (1547, 200, 433, 433, 40), SHARED


@pytest.mark.parametrize("trf", DUTCH_ROUNDS, ids=case_id)
def test_dutch_2017_round(trf):
    pairing = pair_round(parse(trf.read_text()))
    assert pairing.as_numbers() == expected(trf.with_suffix(".pairs"))


@pytest.mark.parametrize("trf", DUTCH_FULL, ids=lambda p: p.parent.name)
def test_checker_finds_no_discrepancy(trf):
    document = parse(trf.read_text())
    assert document.total_rounds is None and document.initial_colour is None
    assert [p.describe() for p in check(document)] == []


@pytest.mark.parametrize("trf", BAKU_ROUNDS, ids=case_id)
def test_baku_round_with_given_virtual_points(trf):
    pairing = pair_round(parse(trf.read_text()))
    assert sorted(pairing.as_numbers()) == sorted(expected(trf.with_name(trf.name.replace(".xxa.trf", ".pairs"))))


@pytest.mark.parametrize("trf", BAKU_COMPUTED, ids=case_id)
def test_baku_round_computing_virtual_points(trf):
    pairing = pair_round(parse(trf.read_text()), baku=True)
    assert sorted(pairing.as_numbers()) == sorted(expected(trf.with_suffix(".pairs")))


@pytest.mark.parametrize("trf", BAKU_FULL, ids=lambda p: p.parent.name)
def test_baku_checker_finds_no_discrepancy(trf):
    assert [p.describe() for p in check(parse(trf.read_text()))] == []
