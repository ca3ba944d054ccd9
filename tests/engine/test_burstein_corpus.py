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
from tests.engine.legality import DUTCH_ROUNDS, illegalities, run_all
from tests.engine.test_corpus import case_id

pytestmark = pytest.mark.corpus

@pytest.mark.parametrize("edition", ["2017", "2026"])
@pytest.mark.parametrize("trf", DUTCH_ROUNDS[::40], ids=case_id)
def test_legal_on_dutch_inputs(trf, edition):
    document = parse(trf.read_text())
    assert illegalities(document, pair_round(document, "burstein", edition=edition), "burstein", edition) == []


def main(editions: list[str]) -> int:
    """All 1547 round inputs of dutch-2017, in each edition: the figures of the README."""
    return max(run_all("burstein", edition) for edition in editions)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main(sys.argv[1:] or ["2017", "2026"]))
