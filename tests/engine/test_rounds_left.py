"""The generator's look-ahead (pairing/engine/rounds_left.py): whether the rounds left can be paired
without a rematch or a second PAB (C.04.1), on graphs whose answer is known."""

import itertools
import random

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


#: Double-Swiss, 11 players, 11 matches, after match 5 (seed 4 of docs/engine.md's 11 x 11
#: configuration, a half-point bye in one match): who met, and who had the PAB (met PAB, 0).
ELEVEN_AFTER_FIVE = [(1, 2), (1, 3), (1, 4), (1, 6), (1, 9), (2, 4), (2, 7), (2, 10), (3, 4), (3, 8), (3, 10),
                     (3, 11), (4, 9), (4, 11), (5, 0), (5, 6), (5, 7), (5, 8), (5, 10), (6, 8), (6, 9), (6, 10),
                     (7, 8), (7, 10), (7, 11), (8, 9), (9, 0), (11, 0)]


def test_more_players_who_must_still_take_the_pab_than_rounds_left_is_seen_without_a_search():
    """Six rounds left of an odd field of 11: players 1, 3, 4, 6, 7, 8 and 10 played all five
    rounds without the PAB, so each has exactly six possible opponents left (the PAB among them)
    for six rounds and must meet them all: seven PABs in six rounds (C.04.1).  Without this
    check the search took millions of steps to find no way through."""
    eleven = range(1, 12)
    for player in (1, 3, 4, 6, 7, 8, 10):
        assert sum(player in pair for pair in ELEVEN_AFTER_FIVE) == 5
    assert can_pair_rounds_left([eleven] * 6, ELEVEN_AFTER_FIVE, steps=0) is False


def test_late_entries_that_leave_the_others_too_few_rounds_to_meet_them():
    """8 players, 7 rounds, 1 and 6 entering late: the six others play every round, so each must
    meet all seven other players.  Entering in round 3, 1 and 6 play 5 rounds each: 10 games for
    the 12 they owe the six; entering in round 2, they play 6 each, enough."""
    def fields(entry):
        return [[p for p in range(1, 9) if p not in (1, 6) or later >= entry] for later in range(1, 8)]
    assert can_pair_rounds_left(fields(3), []) is False
    assert can_pair_rounds_left(fields(2), []) is True


def test_round_robins_are_found_within_the_steps():
    """A round robin of 12 players (Berger's tables) and of 11 with a PAB each round exists: the
    search finds one, the same field round after round being tried in one order only."""
    assert can_pair_rounds_left([range(1, 13)] * 11, []) is True
    assert can_pair_rounds_left([range(1, 12)] * 11, []) is True
    assert can_pair_rounds_left([range(1, 12)] * 11, [(5, PAB)]) is False


def every_way(fields, met):
    """The answer by brute force: every perfect matching of each round in turn."""
    if not fields:
        return True
    players = sorted(set(fields[0]) | ({PAB} if len(set(fields[0])) % 2 else set()))

    def matchings(left, taken):
        if not left:
            yield taken
            return
        first = left[0]
        for partner in left[1:]:
            if frozenset((first, partner)) not in met:
                yield from matchings([p for p in left[1:] if p != partner], [*taken, frozenset((first, partner))])
    return any(every_way(fields[1:], met | set(pairs)) for pairs in matchings(players, []))


def test_the_verdicts_are_those_of_a_brute_force_search():
    rng = random.Random(29)
    for _ in range(300):
        players = list(range(1, rng.randint(2, 7) + 1))
        fields = []
        for _ in range(rng.randint(1, 5)):
            fields.append(fields[-1] if fields and rng.random() < 0.5 else [p for p in players if rng.random() < 0.8])
        met = {frozenset(pair) for pair in itertools.combinations([PAB, *players], 2) if rng.random() < 0.3}
        assert can_pair_rounds_left(fields, [tuple(pair) for pair in met]) is every_way(fields, met), (fields, met)
