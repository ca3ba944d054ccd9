"""The Dutch system (C.04.3) on small hand-built tournaments whose answer follows
from the rule text.  Every pairing is made three times, which must agree: by the
fast path (sequential generation, D.1-D.3), by weighted matching alone, and by
weighted matching solving the D.1 transposition order one player at a time."""

import random
from itertools import islice

import pytest

from pairing.engine import NoValidPairing, build_round_state, parse
from pairing.engine.core.pairing import Pair, publishing_order
from pairing.engine.core.state import Player, RoundState
from pairing.engine.systems.dutch.bracket import Bracket
from pairing.engine.systems.dutch.colours import allocate_colours
from pairing.engine.systems.dutch.editions import EDITION_2017
from pairing.engine.systems.dutch.generation import GiveUp, exchanges
from pairing.engine.systems.dutch.pairer import DutchPairer
from tests.engine.builder import TrfBuilder


@pytest.fixture(params=[True, False, "one player per solve"],
                ids=["fast-path", "matching-only", "matching-one-player-per-solve"])
def fast_path(request):
    return request.param


def pair(builder: TrfBuilder, fast_path: bool | str) -> list[tuple[int, int]]:
    """The 2017 edition (these tests cite its articles; the 2026 ones are in test_dutch_2026)."""
    state = build_round_state(parse(builder.text()), basic_rules="2017")
    pairer = DutchPairer(state, fast_path=fast_path is True, edition=EDITION_2017)
    if fast_path == "one player per solve":
        pairer.transposition_bits = 1
    return pairer.pair().as_numbers()


def as_sets(boards):
    return {frozenset(b) for b in boards}


def test_round_one_alternates_the_initial_colour(fast_path):
    # B.3: S1 = 1-4 meets S2 = 5-8; E.5: odd pairing numbers get the initial colour
    assert pair(TrfBuilder(8, 5), fast_path) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert pair(TrfBuilder(8, 5, initial="black1"), fast_path) == [(5, 1), (2, 6), (7, 3), (4, 8)]


def test_odd_round_one_gives_the_bye_to_the_last_player(fast_path):
    assert pair(TrfBuilder(5, 3), fast_path) == [(1, 3), (4, 2), (5, 0)]


def test_transpositions_follow_d1_order(fast_path):
    # D.1: S2 = 4 5 6; 4-5-6 and 4-6-5 pair 1 with 4 (forbidden); next is 5-4-6
    boards = pair(TrfBuilder(6, 5).line("XXP 1 4"), fast_path)
    assert as_sets(boards) == as_sets([(1, 5), (2, 4), (3, 6)])
    # 4-5-6 pairs 2 with 5 (forbidden); next is 4-6-5
    boards = pair(TrfBuilder(6, 5).line("XXP 2 5"), fast_path)
    assert as_sets(boards) == as_sets([(1, 4), (2, 6), (3, 5)])


def test_d1_example_with_eleven_players(fast_path):
    # D.1: S1 = 1-5, S2 = 6-11; the transpositions run 6-7-8-9-10, 6-7-8-9-11,
    # 6-7-8-10-9, ... and the S2 player left over downfloats (here: gets the bye)
    assert pair(TrfBuilder(11, 5), fast_path)[-1] == (11, 0)
    boards = pair(TrfBuilder(11, 5).line("XXP 5 10"), fast_path)  # 6-7-8-9-11
    assert frozenset((5, 11)) in as_sets(boards) and boards[-1] == (10, 0)
    boards = pair(TrfBuilder(11, 5).line("XXP 5 10").line("XXP 5 11"), fast_path)  # 6-7-8-10-9
    assert {frozenset((4, 10)), frozenset((5, 9))} <= as_sets(boards) and boards[-1] == (11, 0)


def test_exchange_when_no_transposition_works(fast_path):
    # 1 may meet nobody in S2 = {3, 4}: D.2 exchanges 2 and 3 first (difference 1)
    boards = pair(TrfBuilder(4, 5).line("XXP 1 3").line("XXP 1 4"), fast_path)
    assert as_sets(boards) == as_sets([(1, 2), (3, 4)])


def bsn_exchange(new_s1, s1):
    return (tuple(sorted(set(s1) - set(new_s1))), tuple(sorted(set(new_s1) - set(s1))))


def test_exchange_order_d2_single_players():
    # eleven players: S1 = 1-5, S2 = 6-11
    s1, s2 = [1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]
    order = [bsn_exchange(a, s1) for a, _ in islice(exchanges(s1, s2, 10_000), 1, 7)]
    # b. smallest difference of the BSN sums; c. then the highest BSN moved out of S1
    assert order == [((5,), (6,)), ((5,), (7,)), ((4,), (6,)),
                     ((5,), (8,)), ((4,), (7,)), ((3,), (6,))]


def test_exchange_order_d2_two_players():
    s1, s2 = [1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]
    order = []
    with pytest.raises(GiveUp):  # exchanges of three players are left to the matching
        for a, _ in islice(exchanges(s1, s2, 10_000), 1, None):
            order.append(bsn_exchange(a, s1))
    position = {exchange: i for i, exchange in enumerate(order)}
    assert all(len(o) == 1 for o, _ in order[:30]) and len(order[30][0]) == 2  # a. fewest first
    # b. 8+6 for 4+3 (difference 7) before 9+8 for 5+4 (difference 8)
    assert position[((3, 4), (6, 8))] < position[((4, 5), (8, 9))]
    # c. moving 5-2 out of S1 is better than moving 4-3
    assert position[((2, 5), (6, 7))] < position[((3, 4), (6, 7))]
    # d. moving 6-9 out of S2 is better than moving 7-8
    assert position[((4, 5), (6, 9))] < position[((4, 5), (7, 8))]


def test_psd_weights_compare_like_psds():
    # A.8: PSDs compare lexicographically, highest SD first; the weights must agree
    players = [Player(number=i, rank=i, score=s, pairing_score=s, colours="", played_opponents=frozenset(),
                      forbidden=frozenset(), bye_eligible=True, floats=("", ""), order=i)
               for i, s in enumerate([20, 15, 10, 10, 5, 0, 0, 0])]
    bracket = Bracket(players[:5], 0, players[5:], False, False, 2)
    values = sorted(bracket.sd_shift)
    rng = random.Random(7)
    for _ in range(2000):
        length = rng.randint(1, len(players))
        a = [rng.choice(values) for _ in range(length)]
        b = [rng.choice(values) for _ in range(length)]
        ordered_a, ordered_b = sorted(a, reverse=True), sorted(b, reverse=True)
        by_list = (ordered_a > ordered_b) - (ordered_a < ordered_b)
        weight_a, weight_b = sum(map(bracket.sd, a)), sum(map(bracket.sd, b))
        assert by_list == (weight_a > weight_b) - (weight_a < weight_b)


def test_collapse_of_the_last_brackets(fast_path):
    # A.9: {4, 5, 6} may not meet each other, so the 1-point bracket {1, 2, 3} is the
    # PPB: it is paired again so that everybody can be paired (C.4), all three
    # float, and the collapsed last bracket pairs them in D.1 order: 1-5, 2-6, 3-4
    t = TrfBuilder(6, 5).game(1, 4, "1").game(5, 2, "0").game(3, 6, "1").next_round()
    t.line("XXP 4 5 6")
    assert as_sets(pair(t, fast_path)) == as_sets([(1, 5), (2, 6), (3, 4)])


def test_bye_only_to_an_eligible_player(fast_path):
    # C.2 (C.04.1 d): in the last bracket 3 and 5 had the pairing-allocated bye and
    # 4 won by forfeit, so the bye goes to 2, the only eligible player there
    t = TrfBuilder(5, 5).game(1, 4, "1").game(2, 5, "1").bye(3, "U").next_round()
    t.game(3, 4, "-").game(1, 2, "1").bye(5, "U").next_round()
    boards = pair(t, fast_path)
    assert boards[-1] == (2, 0)
    assert len(boards) == 3


def test_absolute_colour_preferences_do_not_meet(fast_path):
    # C.3: after W W, players 1 and 2 both need black and may not meet
    t = TrfBuilder(8, 5)
    t.game(1, 5, "1").game(2, 6, "1").game(7, 3, "1").game(8, 4, "1").next_round()
    t.game(1, 7, "1").game(2, 8, "1").game(5, 3, "1").game(6, 4, "1").next_round()
    boards = pair(t, fast_path)
    assert frozenset((1, 2)) not in as_sets(boards)


def test_no_valid_pairing(fast_path):
    t = TrfBuilder(2, 3).game(1, 2, "1").next_round()
    with pytest.raises(NoValidPairing):
        pair(t, fast_path)


def colour_player(number, colours, score=10):
    return Player(number=number, rank=number - 1, score=score, pairing_score=score, colours=colours,
                  played_opponents=frozenset(), forbidden=frozenset(), bye_eligible=True,
                  floats=("", ""))


STATE = RoundState(round_number=5, total_rounds=9, initial_colour="w", players=[], win_points=10,
                   draw_points=5)


@pytest.mark.parametrize("higher, lower, white", [
    ("wbw", "bwb", 2),     # E.1 both preferences granted
    ("wb", "bwb", 2),      # E.2 strong (white for 2) beats mild (white for 1)
    ("bww", "wbw", 2),     # E.2 absolute beats strong (both want black): 1 gets it
    ("wbbw", "bwbw", 1),   # E.3 both mild black: last different round, 1 had b then
    ("wb", "wb", 1),       # E.4 identical histories: the higher ranked gets his preference
    ("", "", 1),           # E.5 no preferences: odd pairing number gets the initial colour
])
def test_colour_allocation(higher, lower, white):
    one, two = colour_player(1, higher), colour_player(2, lower)
    pair_ = allocate_colours(one, two, STATE)
    assert pair_.white.number == white


def test_colour_allocation_initial_colour_for_even_pairing_number():
    # E.5: the higher ranked player has an even pairing number: the opposite colour
    pair_ = allocate_colours(colour_player(2, ""), colour_player(3, ""), STATE)
    assert pair_.white.number == 3


def test_colour_allocation_both_absolute_topscorers():
    # E.2: both absolute (topscorers): grant the wider colour difference
    one, two = colour_player(1, "wbww"), colour_player(2, "bww")
    assert allocate_colours(one, two, STATE).black.number == 1  # +2 beats +1


def test_publishing_order():
    # C.04.2 D.9: higher player's score, then the sum of scores, then the higher's rank
    p = {n: colour_player(n, "", s) for n, s in [(1, 20), (2, 20), (3, 10), (4, 20), (5, 15), (6, 10)]}
    pairs = [Pair(p[3], p[6]), Pair(p[4], p[1]), Pair(p[2], p[3]), Pair(p[5], p[6])]
    ordered = publishing_order(pairs)
    assert [(x.white.number, x.black.number) for x in ordered] == [(4, 1), (2, 3), (5, 6), (3, 6)]


def test_a_bracket_deeper_than_the_recursion_limit():
    # round 1 of 2400 players: S1 has 1200 players, each a step of the walk
    boards = pair(TrfBuilder(2400, 9, ratings=dict.fromkeys(range(1, 2401), 1500)), fast_path=True)
    assert len(boards) == 1200 and boards[0] == (1, 1201) and boards[1] == (1202, 2)
