"""Legality of the Burstein system (C.04.4.2) on the round inputs of ``dutch-2017``
(there is no Burstein reference corpus): each present player paired once, no
rematch, the PAB rules, colour difference within +-2, never three of one colour
in a row (the checker of ``test_dubov_corpus``).  A sample here, both editions;
``python -m tests.engine.test_burstein_corpus [2017|2026]`` runs all 1547 rounds.
The checker (-c) finds nothing in tournaments the engine paired itself
(``test_burstein.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pairing.engine import pair_round, parse

from .test_corpus import DUTCH, case_id
from .test_dubov_corpus import illegalities

pytestmark = pytest.mark.corpus

DUTCH_ROUNDS = sorted(DUTCH.glob("t*/rounds/r??.trf"))


@pytest.mark.parametrize("edition", ["2017", "2026"])
@pytest.mark.parametrize("trf", DUTCH_ROUNDS[::40], ids=case_id)
def test_legal_on_dutch_inputs(trf, edition):
    document = parse(trf.read_text())
    assert illegalities(document, pair_round(document, "burstein", edition=edition)) == []


def main(editions: list[str]) -> int:
    """All 1547 round inputs of dutch-2017: the figures of the README."""
    import time
    failed = 0
    for edition in editions:
        bad, seconds = [], []
        for trf in DUTCH_ROUNDS:
            document = parse(trf.read_text())
            start = time.perf_counter()
            try:
                pairing = pair_round(document, "burstein", edition=edition)
            except Exception as error:
                bad.append((case_id(trf), [repr(error)]))
                continue
            seconds.append(time.perf_counter() - start)
            if problems := illegalities(document, pairing):
                bad.append((case_id(trf), problems))
        for name, problems in bad:
            print(edition, name, problems)
        print(f"edition {edition}: {len(DUTCH_ROUNDS) - len(bad)}/{len(DUTCH_ROUNDS)} legal; "
              f"{sum(seconds):.1f} s in all, slowest {max(seconds):.2f} s")
        failed += len(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main(sys.argv[1:] or ["2017", "2026"]))
