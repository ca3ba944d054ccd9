"""The lexicographic parts of a bracket's weight solved in chunks (the MDPs'
opponents, the transposition digits) give what one solve of all of them gives."""

import inspect

import pytest

from pairing.engine import get_system
from pairing.engine.bench import build
from pairing.engine.core import round as round_module
from pairing.engine.core.state import build_round_state
from pairing.engine.systems.dutch import candidate as candidate_module
from pairing.engine.systems.dutch.pairer import DutchPairer


def _pairs(document, edition, **attributes):
    state = build_round_state(document, None, None, get_system("dutch").edition(edition).basic_rules)
    pairer = DutchPairer(state, fast_path=False, edition=get_system("dutch").edition(edition))
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


#: generated rounds on which each shortcut below both holds and fails
SHORTCUT_ROUNDS = [(90, 3, 5, "standard", True), (120, 2, 2, "standard", True), (101, 3, 3, "standard", True),
                   (70, 4, 5, "colours", True), (81, 4, 7, "standard", True), (160, 3, 2, "standard", True),
                   (75, 5, 4, "topscorers", True), (60, 6, 1, "standard", True), (20, 2, 1, "standard", True),
                   (20, 2, 3, "colours", True), (20, 2, 5, "colours", True), (20, 2, 6, "topscorers", True),
                   (40, 4, 2, "standard", False), (31, 5, 3, "colours", False), (20, 3, 3, "colours", True),
                   (40, 7, 5, "draws", False), (61, 5, 4, "topscorers", False)]


@pytest.mark.parametrize(("owner", "name", "edition"), [
    *[(owner, name, edition) for owner, name in [
        # which MDPs are paired, from a count field and checked by one solve, or by a bit per MDP
        (DutchPairer, "_mdp_selection_at_once"),
        # S1 as the upper ends checked by one solve, or the exchange fields solved
        (DutchPairer, "_no_exchange"),
    ] for edition in ("2017", "2026")],
])
def test_shortcuts_change_nothing(monkeypatch, owner, name, edition):
    outcomes = []
    shortcut = getattr(owner, name)

    def counted(*args):
        found = shortcut(*args)
        outcomes.append(found is not None)
        return found
    static = isinstance(inspect.getattr_static(owner, name), staticmethod)
    wrap = staticmethod if static else (lambda function: function)
    documents = [build(size, 9, played, seed, variant, quick=quick)
                 for size, played, seed, variant, quick in SHORTCUT_ROUNDS]
    monkeypatch.setattr(owner, name, wrap(counted))
    taken = [_pairs(document, edition) for document in documents]
    assert True in outcomes and False in outcomes
    monkeypatch.setattr(owner, name, wrap(lambda *args: None))
    assert taken == [_pairs(document, edition) for document in documents]


@pytest.mark.parametrize(("owner", "name"), [
    # the MDPs' opponents (B.7/D.3) taken greedily, as far as one optimum holds them, or a chunk at a time
    (DutchPairer, "_mdp_greedy_opponents"),
    # the D.1 transpositions taken greedily, as far as one optimum holds them, or a chunk at a time
    (round_module, "_greedy_in_order"),
])
@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_greedy_prefixes_change_nothing(monkeypatch, owner, name, edition):
    # chunks of one MDP or upper end (transposition_bits=6), so that a greedy choice
    # can be kept in part: all of it, a part, or none of it must each occur
    greedy, keep = getattr(owner, name), round_module.keep_optimal_prefix
    outcomes, caller = set(), []

    def greedy_counted(*args):
        caller[:] = [name]
        return greedy(*args)

    def keep_counted(graph, pairs, *args):
        found = keep(graph, pairs, *args)
        if caller == [name]:
            outcomes.add("all" if found[0] == len(pairs) else "part" if found[0] else "none")
        caller.clear()
        return found
    static = isinstance(inspect.getattr_static(owner, name), staticmethod)
    wrap = staticmethod if static else (lambda function: function)
    rounds = [*SHORTCUT_ROUNDS, (40, 3, 1, "standard", True), (70, 2, 1, "colours", True)]
    documents = [build(size, 9, played, seed, variant, quick=quick) for size, played, seed, variant, quick in rounds]
    monkeypatch.setattr(owner, name, wrap(greedy_counted))
    # every check made, whatever the solves cost (CheckCosts only chooses the way)
    monkeypatch.setattr(round_module.CheckCosts, "worth", lambda self, chunks: True)
    monkeypatch.setattr(round_module, "keep_optimal_prefix", keep_counted)
    monkeypatch.setattr(candidate_module, "keep_optimal_prefix", keep_counted)
    taken = [_pairs(document, edition, transposition_bits=6) for document in documents]
    assert outcomes == {"all", "part", "none"}
    monkeypatch.setattr(owner, name, wrap(lambda *args: None))
    assert taken == [_pairs(document, edition, transposition_bits=6) for document in documents]
    assert taken == [_pairs(document, edition) for document in documents]
