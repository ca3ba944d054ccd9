"""Legality of the Lim system (C.04.4.3) on inputs it was not written for: the 1547
round inputs of the shared corpus ``dutch-2017`` (a sample here;
``python -m tests.engine.test_lim_corpus`` runs them all and prints the figures),
and the checker (``-c``) on tournaments the engine paired itself.

Legal means the basic rules (see ``legality.illegalities``), with the one
exception the Lim text makes (Art. 6, allowed by C.04.1 2017 g / 2026 Art. 6-7):
in the last round two players of the same score may meet even if one gets a colour
three times in a row or three more of one colour.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pairing.engine import pair_round, parse
from pairing.engine.bench import build
from pairing.engine.checker import check
from tests.engine.legality import DUTCH_ROUNDS, illegalities, run_all
from tests.engine.test_corpus import case_id

pytestmark = pytest.mark.corpus


def article_6_pairs(document, pairing) -> set[int]:
    """The players of the pairs Art. 6 allows to break the colour rules: last round, same score."""
    round_number = document.paired_rounds + 1
    if round_number < (document.total_rounds or 0):
        return set()
    scoring = document.scoring

    def score(number: int) -> int:
        return sum(scoring.points(e.code) for e in document.players[number].rounds[:round_number - 1])
    return {n for white, black in pairing.as_numbers() if black and score(white) == score(black)
            for n in (white, black)}


def lim_illegalities(document, pairing) -> tuple[list[str], int]:
    """The illegalities, and how many colour exceptions Art. 6 allowed."""
    exempt = article_6_pairs(document, pairing)
    problems, allowed = [], 0
    for problem in illegalities(document, pairing, "lim"):
        number = problem.split(":")[0]
        if problem.split(": ")[-1].startswith("colours") and number.isdigit() and int(number) in exempt:
            allowed += 1
        else:
            problems.append(problem)
    return problems, allowed


@pytest.mark.parametrize("trf", DUTCH_ROUNDS[::20], ids=case_id)
def test_legal_on_dutch_inputs(trf):
    document = parse(trf.read_text())
    assert lim_illegalities(document, pair_round(document, "lim"))[0] == []


def test_the_exception_of_article_6_is_not_taken_outside_the_last_round():
    document = parse(DUTCH_ROUNDS[0].read_text())
    assert article_6_pairs(document, pair_round(document, "lim")) == set()


@pytest.mark.parametrize("size, seed", [(12, 1), (31, 2), (60, 3)])
def test_checker_clean_on_tournaments_it_paired(size, seed):
    """-c re-pairs every round of a tournament the engine paired itself: no discrepancy."""
    document = build(size, 7, 7, seed, "standard", system="lim")
    assert document.paired_rounds == 6
    assert [p.describe() for p in check(document, "lim")] == []


def main() -> int:
    """All 1547 round inputs of dutch-2017: the figures of the README."""
    return run_all("lim", judge=lim_illegalities, allowed_what="colour exceptions of Art. 6 in last rounds")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main())
