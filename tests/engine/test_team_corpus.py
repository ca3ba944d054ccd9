"""Conformance: the team system (C.04.6, 2026) on ``team-swiss-gacrux`` (Gacrux 1.11.65).

Every round's pairing (pairs, colours and PAB; the board order is Gacrux's own and not
compared, see the corpus README), the checker on every ``full.trf`` (pairings and the 310
points) and the legality of every round as played."""

from pathlib import Path

import pytest

from pairing.engine.systems.team import TEAM
from pairing.engine.systems.team.checker import check_team, check_team_points, illegal, played_pairing
from pairing.engine.trf_team import parse_team
from tests.corpora import SHARED

CORPUS = SHARED / "corpus" / "team-swiss-gacrux"
ROUNDS = sorted(CORPUS.glob("t*/rounds/r??.trf"))
FULL = sorted(CORPUS.glob("t*/full.trf"))

pytestmark = pytest.mark.corpus


def expected(path: Path) -> set[tuple[int, int]]:
    count, *lines = path.read_text().split("\n")
    return {tuple(map(int, line.split())) for line in lines[:int(count)]}


def case_id(path: Path) -> str:
    return f"{path.parents[1].name}-{path.stem}"


def test_the_corpus_is_all_there():
    assert (len(ROUNDS), len(FULL)) == (484, 80), CORPUS


@pytest.mark.parametrize("trf", ROUNDS, ids=case_id)
def test_team_round(trf):
    document = parse_team(trf.read_text())
    pairing = TEAM.pair(document, int(trf.stem[1:]))
    assert set(pairing.as_numbers()) == expected(trf.with_suffix(".pairs"))


@pytest.mark.parametrize("trf", FULL, ids=lambda p: p.parent.name)
def test_team_checker_finds_no_discrepancy(trf):
    document = parse_team(trf.read_text())
    assert [p.describe() for p in check_team(document, TEAM.latest)] == []
    assert check_team_points(document) == []


@pytest.mark.parametrize("trf", FULL, ids=lambda p: p.parent.name)
def test_every_played_round_is_legal(trf):
    document = parse_team(trf.read_text())
    for round_number in range(1, document.paired_rounds + 1):
        assert illegal(document, TEAM.latest, round_number, played_pairing(document, round_number)) == []
