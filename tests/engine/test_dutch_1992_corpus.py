"""Legality of the 1992 edition of the Dutch system (the FIDE rating-based Swiss rules of 1992) on
inputs it was not written for: the 1547 round inputs of the shared corpus ``dutch-2017`` (every
input here, split over a few tests for ``-n``; ``python -m tests.engine.test_dutch_1992_corpus``
prints the figures), and the checker (``-c``) on tournaments the edition's generator paired.

Legal means the absolute criteria of the 1992 text (``legality.illegalities``: B1.a no second
meeting, B1.b no bye after a point without playing, B2 the colour limits, everybody present paired
once), with the one exception the text makes: the Note after B6, B2 does not apply when pairing
players with a score of over 50% in the last round (U2, docs/systems/dutch-1992.md: over half the
points of the rounds played, and a pair with one such player is exempt).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pairing.engine import pair_round, parse
from pairing.engine.checker import check
from pairing.engine.generator import generate, read_config
from pairing.engine.systems import SYSTEMS
from tests.engine.legality import DUTCH_ROUNDS, illegalities, run_all
from tests.engine.test_corpus import case_id

pytestmark = pytest.mark.corpus

#: the inputs, in as many slices as ``-n 2`` runs in parallel with room to spare
SLICES = 8


def over_half_pairs(document, pairing) -> set[int]:
    """The players of the pairs the Note after B6 frees from B2: the last round, one of the two
    over 50% (more than half a win for each round played)."""
    round_number = document.paired_rounds + 1
    if round_number < (document.total_rounds or 0):
        return set()
    scoring = document.scoring

    def over_half(number: int) -> bool:
        score = sum(scoring.points(e.code) for e in document.players[number].rounds[:round_number - 1])
        return 2 * score > (round_number - 1) * scoring.win
    return {n for white, black in pairing.as_numbers() if black and (over_half(white) or over_half(black))
            for n in (white, black)}


def illegalities_1992(document, pairing) -> tuple[list[str], int]:
    """The illegalities, and how many colour exceptions the Note after B6 allowed."""
    exempt = over_half_pairs(document, pairing)
    problems, allowed = [], 0
    for problem in illegalities(document, pairing, "dutch", "1992"):
        number = problem.split(":")[0]
        if problem.split(": ")[-1].startswith("colours") and number.isdigit() and int(number) in exempt:
            allowed += 1
        else:
            problems.append(problem)
    return problems, allowed


@pytest.mark.parametrize("part", range(SLICES))
def test_legal_on_every_dutch_input(part):
    """Every round input of the corpus paired by the 1992 procedure is legal (in slices)."""
    bad = {}
    for trf in DUTCH_ROUNDS[part::SLICES]:
        document = parse(trf.read_text())
        problems = illegalities_1992(document, pair_round(document, "dutch", edition="1992"))[0]
        if problems:
            bad[case_id(trf)] = problems
    assert bad == {}


def test_the_exception_of_the_note_is_not_taken_outside_the_last_round():
    document = parse(DUTCH_ROUNDS[0].read_text())
    assert over_half_pairs(document, pair_round(document, "dutch", edition="1992")) == set()


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_checker_clean_on_tournaments_its_generator_paired(seed):
    """-g/-c: the edition's generator pairs a tournament (record 192 FIDE_DUTCH_1992, forfeits, byes,
    late entries, withdrawals), and -c re-pairs every round of it with the same edition (read
    from record 192): no discrepancy."""
    config = read_config("PlayersNumber=25\nRoundsNumber=7\nForfeitRate=8\nRetiredRate=20\n"
                         "HalfPointByeRate=10\nZeroPointByeRate=25\nLateEntryPercentage=10\nTrfVersion=26\n")
    document = parse(generate(SYSTEMS["dutch"], config, seed, "1992"))
    assert document.paired_rounds == 7
    assert document.system_code == "FIDE_DUTCH_1992"
    assert [p.describe() for p in check(document, "dutch")] == []


def main() -> int:
    """All 1547 round inputs of dutch-2017: the figures of docs/systems/dutch-1992.md."""
    return run_all("dutch", "1992", judge=illegalities_1992,
                   allowed_what="colour exceptions of the Note after B6 in last rounds")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main())
