"""The lexicographic parts of a bracket's weight solved in chunks (the MDPs'
opponents, the transposition digits) give what one solve of all of them gives."""

import pytest

from pairing.engine import get_system
from pairing.engine.bench import build
from pairing.engine.core.state import build_round_state
from pairing.engine.systems.dutch.pairer import DutchPairer


def _pairs(document, edition, **attributes):
    state = build_round_state(document, None, None, get_system("dutch").edition(edition).basic_rules)
    pairer = DutchPairer(state, fast_path=False, edition=edition)
    for name, value in attributes.items():
        setattr(pairer, name, value)
    return pairer.pair().as_numbers()


@pytest.mark.parametrize("edition", ["2017", "2026"])
@pytest.mark.parametrize(("size", "played", "variant"), [(90, 3, "standard"), (70, 4, "colours"),
                                                          (80, 5, "standard")])
def test_chunks_change_nothing(edition, size, played, variant):
    document = build(size, 9, played, 5, variant, quick=True)
    assert _pairs(document, edition, transposition_bits=6) == _pairs(document, edition, transposition_bits=100000)
