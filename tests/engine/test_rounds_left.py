"""The generator's look-ahead (pairing/engine/rounds_left.py): whether the rounds left can be paired
without a rematch or a second PAB (C.04.1), on graphs whose answer is known."""

import itertools

from pairing.engine.rounds_left import PAB, can_pair_rounds_left

TEN = range(1, 11)
#: The Petersen graph: 3-regular on 10 vertices, with perfect matchings, but each leaves two
#: 5-cycles, so no two disjoint ones (it is not 1-factorable).
PETERSEN = {frozenset(e) for e in [(1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (1, 6), (2, 7), (3, 8), (4, 9),
                                    (5, 10), (6, 8), (8, 10), (10, 7), (7, 9), (9, 6)]}


def met_except(players, unmet):
    """Every pair of ``players`` has met but those of ``unmet``."""
    return [pair for pair in itertools.combinations(players, 2) if frozenset(pair) not in unmet]


def test_the_last_rounds_of_a_round_robin_that_leave_the_petersen_graph_cannot_be_paired():
    met = met_except(TEN, PETERSEN)  # six rounds of a 10-player field, the Petersen graph left
    assert can_pair_rounds_left([TEN], met) is True
    assert can_pair_rounds_left([TEN, TEN], met) is False
    assert can_pair_rounds_left([TEN, TEN, TEN], met) is False


def test_two_rounds_left_need_even_cycles():
    """Two rounds left of a 6-player field: the pairs not met must form even cycles."""
    six = range(1, 7)
    hexagon = {frozenset((k, k % 6 + 1)) for k in six}
    triangles = {frozenset(p) for p in [(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (6, 4)]}
    assert can_pair_rounds_left([six, six], met_except(six, hexagon)) is True
    assert can_pair_rounds_left([six, six], met_except(six, triangles)) is False
    assert can_pair_rounds_left([six], met_except(six, triangles)) is False


def test_an_odd_field_needs_a_new_player_for_the_pab_every_round():
    """Three players and three rounds: each takes the PAB once; none may take it twice."""
    three = [1, 2, 3]
    assert can_pair_rounds_left([three] * 3, []) is True
    assert can_pair_rounds_left([three] * 3, [(1, PAB)]) is False  # player 1 had it already
    assert can_pair_rounds_left([three] * 2, [(1, PAB)]) is True
    assert can_pair_rounds_left([three, [1, 2]], [(1, PAB), (1, 2)]) is False  # 1 and 2 met


def test_a_player_who_withdraws_changes_the_field_of_the_later_rounds():
    """Four players, 1-2 and 3-4 met; then 4 withdraws: 1, 2 and 3 play two more rounds."""
    met = [(1, 2), (3, 4)]
    assert can_pair_rounds_left([[1, 2, 3], [1, 2, 3]], met) is True
    assert can_pair_rounds_left([[1, 2, 3], [1, 2, 3]], [*met, (1, 3)]) is False


def test_a_large_field_is_decided_without_a_search_and_a_hard_one_within_its_steps():
    forty = range(1, 41)
    assert can_pair_rounds_left([forty] * 5, [(1, 2), (3, 4)], steps=0) is True  # Dirac's bound
    assert can_pair_rounds_left([TEN, TEN], met_except(TEN, PETERSEN), steps=3) is None
    assert can_pair_rounds_left([], []) is True
