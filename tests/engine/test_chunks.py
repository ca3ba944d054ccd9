"""The lexicographic parts of a bracket's weight solved in chunks (the MDPs'
opponents, the transposition digits) give what one solve of all of them gives."""

import pytest

from pairing.engine import get_system
from pairing.engine.bench import build
from pairing.engine.core import round as round_module
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


@pytest.mark.parametrize(("size", "played", "variant", "seed"), [
    (90, 3, "standard", 5), (120, 2, "standard", 2), (101, 3, "standard", 3), (70, 4, "colours", 5),
    (81, 4, "standard", 7), (60, 6, "standard", 1), (75, 5, "topscorers", 4),
    # brackets floating k = 10, 4, 4, 3, 10, 2 members into a next scoregroup dense enough (Dirac)
    (100, 3, "standard", 1), (100, 3, "standard", 2), (131, 3, "standard", 3), (160, 3, "standard", 2),
    (160, 3, "standard", 3), (200, 3, "standard", 3)])
@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_the_next_scoregroup_reduced_changes_nothing(monkeypatch, size, played, variant, seed, edition):
    # the next scoregroup replaced by a hub of vertices (_lookahead_hub), or not
    document = build(size, 9, played, seed, variant, quick=True)
    reduced = _pairs(document, edition)
    monkeypatch.setattr(DutchPairer, "_lookahead_hub", lambda *args: None)
    assert reduced == _pairs(document, edition)


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_mdp_opponents_at_once_change_nothing(monkeypatch, edition):
    # the MDPs' opponents taken greedily and checked by one solve (_mdp_opponents_at_once),
    # or solved a chunk of MDPs at a time; both outcomes of the check occur here
    outcomes = []
    at_once = DutchPairer._mdp_opponents_at_once

    def counted(*args):
        found = at_once(*args)
        outcomes.append(found is not None)
        return found
    documents = [build(size, 9, played, seed, variant, quick=True)
                 for size, played, seed, variant in [(90, 3, 5, "standard"), (120, 2, 2, "standard"),
                                                      (101, 3, 3, "standard"), (70, 4, 5, "colours"),
                                                      (81, 4, 7, "standard"), (160, 3, 2, "standard"),
                                                      (75, 5, 4, "topscorers"), (60, 6, 1, "standard"),
                                                      (20, 2, 1, "standard"), (20, 2, 3, "colours"),
                                                      (20, 2, 5, "colours"), (20, 2, 6, "topscorers")]]
    monkeypatch.setattr(DutchPairer, "_mdp_opponents_at_once", staticmethod(counted))
    greedy = [_pairs(document, edition) for document in documents]
    assert True in outcomes and False in outcomes
    monkeypatch.setattr(DutchPairer, "_mdp_opponents_at_once", staticmethod(lambda *args: None))
    assert greedy == [_pairs(document, edition) for document in documents]


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_transpositions_at_once_change_nothing(monkeypatch, edition):
    # the D.1 transpositions taken greedily and checked by one solve (_greedy_in_order), or
    # solved a chunk of upper ends at a time; both outcomes of the check occur here
    outcomes = []
    greedy_in_order = round_module._greedy_in_order

    def counted(*args):
        found = greedy_in_order(*args)
        outcomes.append(found is not None)
        return found
    documents = [build(size, 9, played, seed, variant, quick=quick)
                 for size, played, seed, variant, quick in [
                     (90, 3, 5, "standard", True), (40, 4, 2, "standard", False), (31, 5, 3, "colours", False),
                     (60, 6, 1, "standard", True), (20, 2, 1, "standard", True), (20, 3, 3, "colours", True),
                     (40, 7, 5, "draws", False), (61, 5, 4, "topscorers", False)]]
    monkeypatch.setattr(round_module, "_greedy_in_order", counted)
    greedy = [_pairs(document, edition) for document in documents]
    assert True in outcomes and False in outcomes
    monkeypatch.setattr(round_module, "_greedy_in_order", lambda *args: None)
    assert greedy == [_pairs(document, edition) for document in documents]
