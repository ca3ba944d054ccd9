"""Legality of the Dubov, Burstein and Lim systems (2026 editions) with the Baku method of C.04.7
on every round input of the shared corpus ``dutch-2026-baku`` (314 rounds; record 192
``FIDE_DUTCH_2025_BAKU`` asks for the acceleration, which these systems take since C.04.7's preface
makes it "applicable to any Swiss Pairing System").  There is no reference pairing for them, so
legality is checked: each present player paired once, no rematch, the PAB by the edition's rule,
colour difference within 2, never three of a colour in a row (``legality.illegalities``), with the
colour exception Lim's Art. 6 allows in the last round (``test_lim_corpus.lim_illegalities``).
``python -m tests.engine.test_baku_2026_corpus`` runs them all and prints the figures of the
README; under pytest each round is one test (``-n 2`` spreads them).
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from pairing.engine import pair_round, parse
from tests.engine.legality import illegalities
from tests.engine.test_corpus import B2026_ROUNDS, case_id
from tests.engine.test_lim_corpus import lim_illegalities

pytestmark = pytest.mark.corpus

SYSTEMS = ("dubov", "burstein", "lim")


def problems(system: str, trf: Path) -> list[str]:
    """What is not legal in ``system``'s 2026 pairing of the round input ``trf`` with Baku."""
    document = parse(trf.read_text())
    assert document.system_code == "FIDE_DUTCH_2025_BAKU"
    pairing = pair_round(document, system, edition="2026", baku=True)
    if system == "lim":
        return lim_illegalities(document, pairing)[0]
    return illegalities(document, pairing, system, "2026")


def test_the_virtual_points_are_in_force():
    """Round 1 of the first tournament: GA (C.04.7 1.2: 2 x ceil(N / 4)) starts a point ahead (1.4),
    so in each system GA is paired apart from GB (1.5), but for one GA player floating down when
    the GA players present are odd in number; without the acceleration, GA meets GB on most boards."""
    trf = B2026_ROUNDS[0]
    document = parse(trf.read_text())
    assert trf.name == "r01.trf"
    players = sorted(document.players)
    group_a = set(players[:2 * -(-len(players) // 4)])
    present_a = [n for n in group_a if (entry := document.players[n].entry(1)) is None or entry.paired]
    without = replace(document, system_code="FIDE_DUTCH_2025")
    for system in SYSTEMS:
        for accelerated, limit in ((document, len(present_a) % 2), (without, None)):
            boards = pair_round(accelerated, system, edition="2026").as_numbers()
            across = sum((white in group_a) != (black in group_a) for white, black in boards if black)
            assert across <= limit if limit is not None else across >= len(boards) // 2, system


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("trf", B2026_ROUNDS, ids=case_id)
def test_legal_with_baku(trf, system):
    assert problems(system, trf) == []


def main() -> int:
    """Every round input, each system: legal / all, seconds in all, the slowest round."""
    status = 0
    for system in SYSTEMS:
        bad, seconds = [], []
        for trf in B2026_ROUNDS:
            start = time.perf_counter()
            found = problems(system, trf)
            seconds.append(time.perf_counter() - start)
            if found:
                bad.append((case_id(trf), found))
        for name, found in bad:
            print(system, name, found)
        print(f"{system} 2026 Baku: {len(B2026_ROUNDS) - len(bad)}/{len(B2026_ROUNDS)} legal; "
              f"{sum(seconds):.1f} s in all, slowest {max(seconds, default=0):.2f} s")
        status = status or int(bool(bad))
    return status


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main())
