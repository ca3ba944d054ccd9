"""Rule tests of the Lim system (C.04.4.3): every worked example of the text (4.2,
4.3, 4.4 a-b = 2026 4.4.1-4.4.2, 7.1, 7.2, the Round Two order = 2026 Art. 8),
the floater rules built by hand from the text (3.2, 3.3, 3.4, 3.6) and the
readings the engine takes.
Article numbers are those of the old text; the 2026 numbers are given where they
differ."""

import pytest

from pairing.engine import TrfError, pair_round, parse
from pairing.engine.core.state import Player, RoundState
from pairing.engine.systems import SYSTEMS, read_trf_code
from pairing.engine.systems.lim.colours import allocate_colours
from pairing.engine.systems.lim.pairer import exchange_order, pair, proposed_pairings
from tests.engine.builder import TrfBuilder


def player(number: int, score: float = 0, colours: str = "", **fields) -> Player:
    return Player(number=number, rank=number - 1, score=int(score * 10), pairing_score=int(score * 10),
                  colours=colours, played_opponents=frozenset(fields.pop("opponents", ())),
                  forbidden=frozenset(), bye_eligible=fields.pop("bye_eligible", True), floats=("", ""),
                  played_games=len(colours), **fields)


def state_of(players: list[Player], round_number: int, total: int = 9, initial: str = "w") -> RoundState:
    by_number = {p.number: p for p in players}
    for p in players:  # the opponents' side of each game
        for q in p.played_opponents:
            by_number[q].played_opponents |= {p.number}
    players = sorted(players, key=lambda p: (-p.pairing_score, p.rank))
    for order, p in enumerate(players):
        p.order = order
    return RoundState(round_number, total, initial, players, 10, 5)


def unordered(pairing) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairing.as_numbers()}


def pairs(*numbers: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(p) for p in numbers}


# -- registry, editions, record 192 -------------------------------------------------

def test_registered_with_both_editions_and_own_codes():
    lim = SYSTEMS["lim"]
    assert lim.article == "C.04.4.3"
    assert [e.name for e in lim.editions] == ["1999", "2026"]
    assert [e.basic_rules.name for e in lim.editions] == ["2017", "2026"]
    assert read_trf_code("FIDE_LIM").system is lim and read_trf_code("FIDE_LIM").edition is None
    assert read_trf_code("FIDE_LIM_2026").edition.name == "2026"
    assert read_trf_code("FIDE_LIM_1999").edition.name == "1999"


def test_the_1999_edition_has_no_acceleration():
    """The 1999 text and its Handbook provide for no acceleration with this system: a Baku
    request is refused, with the edition that has one named."""
    with pytest.raises(TrfError, match=r"1999 edition, has no acceleration method.*2026 \(C.04.7\)"):
        pair_round(parse(TrfBuilder(6, 5).text()), "lim", edition="1999", baku=True)
    document = parse(TrfBuilder(6, 5).line("192 FIDE_LIM_1999_BAKU").text())
    with pytest.raises(TrfError, match="no acceleration"):
        pair_round(document, "lim")


def test_c047_baku_virtual_points_make_the_score_groups_of_round_1():
    """C.04.7 (2026), whose preface makes each method "applicable to any Swiss Pairing System":
    8 players, 9 rounds.  1.2: GA = 2 x ceil(8 / 4) = 4, players 1-4; 1.4: a win's points (1)
    in the first 3 of the 5 accelerated rounds; 1.5: the pairing score makes the score-groups
    (2.2: "the players with the same score").  The Median Score-group's score is half the rounds
    played, 0: the group of 5-8; 2.2 pairs the group of 1 point first, the median group last.
    2.4: 1 v 3, 2 v 4 and 5 v 7, 6 v 8.  Colours by the higher ranked player's TPN (7.2, the
    reading of every system): odd (1, 5) White, the initial colour; even (2, 6) Black.  Without
    acceleration one group: 1 v 5, 2 v 6, 3 v 7, 4 v 8."""
    document = parse(TrfBuilder(8, 9).text())
    assert pair_round(document, "lim", baku=True).as_numbers() == [(1, 3), (4, 2), (5, 7), (8, 6)]
    assert pair_round(document, "lim").as_numbers() == [(1, 5), (6, 2), (3, 7), (8, 4)]
    document = parse(TrfBuilder(8, 9).line("192 FIDE_LIM_2026_BAKU").text())  # record 192 asks for it
    assert pair_round(document, "lim").as_numbers() == [(1, 3), (4, 2), (5, 7), (8, 6)]


def test_c047_round_1_pab_in_the_lowest_score_group():
    """1.1: the PAB goes to "the player with the lowest rank in the lowest score-group"; 7.1, in
    round 1, to the lowest rated.  Five players, 3 rated lowest.  Without acceleration the round has
    one score-group and 3 gets the PAB (7.1), 1 v 4 and 2 v 5.  With the Baku method (C.04.7 1.2:
    GA = 2 x ceil(5 / 4) = 4, players 1-4, on a point, 1.4) the lowest score-group is 5 alone
    (1.5: the pairing score makes the groups): 5 gets the PAB, and the group of 1-4 pairs 1 v 3,
    2 v 4 (2.4)."""
    document = parse(TrfBuilder(5, 9, ratings={1: 2400, 2: 2300, 3: 1000, 4: 2200, 5: 2100}).text())
    assert pair_round(document, "lim").as_numbers() == [(1, 4), (5, 2), (3, 0)]
    assert pair_round(document, "lim", baku=True).as_numbers() == [(1, 3), (4, 2), (5, 0)]


# -- 4.2, 4.3: the exchange orders of a six-player score-group ----------------------

def column(first: int, opponent: int, rest: list[int]) -> list[tuple[int, int]]:
    return [(first, opponent), *proposed_pairings(rest)]


def test_4_2_the_exchanges_for_player_1():
    """4.2 (both editions): the table of the proposed pairing and the exchanges for #1."""
    group = [1, 2, 3, 4, 5, 6]
    assert proposed_pairings(group) == [(1, 4), (2, 5), (3, 6)]  # 2.4
    columns = [column(1, q, [v for v in group if v not in (1, q)]) for q in exchange_order(group)]
    assert columns == [
        [(1, 4), (2, 5), (3, 6)],
        [(1, 5), (2, 4), (3, 6)],
        [(1, 6), (2, 4), (3, 5)],
        [(1, 3), (2, 5), (4, 6)],
        [(1, 2), (3, 5), (4, 6)],
    ]


@pytest.mark.parametrize("met, expected", [
    ((), ((1, 4), (2, 5), (3, 6))),
    ((4,), ((1, 5), (2, 4), (3, 6))),
    ((4, 5), ((1, 6), (2, 4), (3, 5))),
    ((4, 5, 6), ((1, 3), (2, 5), (4, 6))),
    ((3, 4, 5, 6), ((1, 2), (3, 5), (4, 6))),
])
def test_4_2_player_1_takes_the_first_compatible_column(met, expected):
    """4.2, 4.1 a (2026 4.1.1): #1 has met the players before his opponent in the table."""
    group = [player(1, 1, opponents=met)] + [player(n, 1) for n in range(2, 7)]
    assert unordered(pair(state_of(group, 3), None)) == pairs(*expected)


@pytest.mark.parametrize("met_by_2, expected", [
    ((), ((1, 6), (2, 4), (3, 5))),
    ((4,), ((1, 6), (2, 5), (3, 4))),
    ((4, 5), ((1, 6), (2, 3), (4, 5))),
    ((3, 4, 5), ((1, 3), (2, 6), (4, 5))),        # #2 takes #1's opponent, #1 takes #3
    ((3, 4, 5, 6), ((1, 2), (3, 5), (4, 6))),     # #2 takes #1
])
def test_4_3_the_exchanges_for_player_2(met_by_2, expected):
    """4.3: #1 has met #4 and #5 (so 1 v 6); #2's exchanges follow the table, keeping
    #1 a compatible opponent (4.4)."""
    group = [player(1, 1, opponents=(4, 5)), player(2, 1, opponents=met_by_2)] + [player(n, 1) for n in range(3, 7)]
    assert unordered(pair(state_of(group, 3), None)) == pairs(*expected)


def test_4_4_b_even_group_floats_2_with_the_lowest_remaining():
    """4.4 b (2026 4.4.2): #1 and #2 have met each other and all but #6: 1 v 6 is kept,
    #2 floats, and the group being even, the lowest numbered player left (#5) with him."""
    top = [player(1, 2, opponents=(2, 3, 4, 5)), player(2, 2, opponents=(3, 4, 5))]
    top += [player(n, 2) for n in range(3, 7)]
    median = [player(7, 1), player(8, 1)]
    result = unordered(pair(state_of(top + median, 3), None))
    assert pairs((1, 6), (3, 4)) <= result
    assert {p for p in result if p & {2, 5}} == pairs((2, 7), (5, 8))


def test_4_4_a_odd_group_exchanges_2_with_the_floater():
    """4.4 a (2026 4.4.1): the group of seven first floats #7 (2.3 d, 3.2.4); #2 cannot
    be paired, so he is exchanged with #7, who comes back: 1 v 6, then 3 v 5, 4 v 7."""
    top = [player(1, 2, opponents=(2, 3, 4, 5)), player(2, 2, opponents=(3, 4, 5))]
    top += [player(n, 2) for n in range(3, 8)]
    result = unordered(pair(state_of([*top, player(8, 1)], 3), None))
    assert result == pairs((1, 6), (3, 5), (4, 7), (2, 8))


# -- 2.2, 3.2: the order of the score-groups and the floaters -----------------------

def test_2_2_groups_below_the_median_are_paired_upward():
    """2.2: round 3, median 1 point.  The 0-point group is paired from the bottom up
    before the median group: its odd player floats up, and that is its highest
    numbered player (#6, 3.2.4 upward), who is paired first in the median group
    (3.7) with its highest numbered player (3.8, the median group being paired downward)."""
    players = [player(1, 2), player(2, 2)] + [player(n, 1) for n in (3, 4, 5)] + [player(n, 0) for n in (6, 7, 8)]
    assert unordered(pair(state_of(players, 3), None)) == pairs((1, 2), (7, 8), (3, 6), (4, 5))


def test_round_two_example_top_group_then_bottom_group_then_median():
    """7, "Round Two" (2026 Art. 8): "Pairing begins with the highest score-group (1
    point), continues with the lowest score-group (0 point) and finishes with the
    Median Score-group (0.5 point)".  Round 1 was 1-6, 2-7, 3-8 (won by the higher
    player) and 4-5 (drawn).  The 1-point group floats #3 down (3.2.2: due Black like
    #1; 3.2.4: the lowest numbered); the 0-point group, paired upward, floats #6 up
    (3.2.2: due White like #8; 3.2.4 upward: the highest numbered).  In the median
    group the down-floater comes first (3.6.3) and takes #5, due White (3.8); the
    up-floater #6 then gets #4."""
    players = [player(1, 1, "w", opponents=(6,)), player(2, 1, "b", opponents=(7,)),
               player(3, 1, "w", opponents=(8,)), player(4, 0.5, "w", opponents=(5,)), player(5, 0.5, "b"),
               player(6, 0, "b"), player(7, 0, "w"), player(8, 0, "b")]
    assert unordered(pair(state_of(players, 2), None)) == pairs((1, 2), (7, 8), (3, 5), (4, 6))


def test_2_2_groups_above_the_median_float_down():
    """3.2.1, 3.2.4: pairing downward, the odd group floats its lowest numbered player (#3)."""
    players = [player(n, 2) for n in (1, 2, 3)] + [player(n, 1) for n in (4, 5, 6, 7, 8)]
    result = unordered(pair(state_of(players, 3), None))
    assert frozenset((1, 2)) in result and frozenset((3, 4)) in result


# -- 1.1, 7.1: the pairing-allocated bye --------------------------------------------

def test_1_1_bye_to_the_lowest_ranked_of_the_lowest_group():
    players = [player(n, 1) for n in range(1, 5)] + [player(n, 0) for n in (5, 6, 7)]
    assert pair(state_of(players, 2), None).bye.number == 7


def test_1_1_bye_skips_a_player_who_may_not_take_it():
    players = [player(n, 1) for n in range(1, 5)] + [player(5, 0), player(6, 0), player(7, 0, bye_eligible=False)]
    assert pair(state_of(players, 2), None).bye.number == 6


def forty_boards(initial: str) -> set[tuple[int, int]]:
    top_white = {n for n in range(1, 21) if (n % 2 == 1) == (initial == "white1")}
    return {(n, n + 20) if n in top_white else (n + 20, n) for n in range(1, 21)}


@pytest.mark.parametrize("initial", ["white1", "black1"])
def test_7_2_round_one_with_forty_players(initial):
    """7.2: 1 v 21, 22 v 2, 3 v 23, 24 v 4 ... 40 v 20, or the colours reversed."""
    document = parse(TrfBuilder(40, 7, initial=initial).text())
    assert pair_round(document, "lim").bye is None
    assert set(pair_round(document, "lim").as_numbers()) == forty_boards(initial)


def test_7_1_round_one_bye_to_the_lowest_rated():
    """7.1: with an odd number the lowest *rated* player gets the PAB (here #17, rated
    below #41); the forty others are paired as in 7.2, top half against bottom half,
    the colours by the parity of the pairing numbers (the reading: the numbers of
    the Pairing List are kept, not renumbered without the PAB)."""
    ratings = {n: 2500 - 10 * n for n in range(1, 42)}
    ratings[17] = 1000
    document = parse(TrfBuilder(41, 7, ratings=ratings).text())
    pairing = pair_round(document, "lim")
    assert pairing.bye.number == 17
    order = [n for n in range(1, 42) if n != 17]  # the forty others, in order
    top, bottom = order[:20], order[20:]
    assert set(pairing.as_numbers()) - {(17, 0)} == {
        (a, b) if a % 2 else (b, a) for a, b in zip(top, bottom, strict=True)}


# -- 2.1, Art. 5: compatibility and colours -----------------------------------------

def test_2_1_no_third_colour_in_a_row():
    """2.1: #1 and #2 both had White twice: they are not compatible."""
    players = [player(1, 2, "ww"), player(2, 2, "ww"), player(3, 2, "bb"), player(4, 2, "bb")]
    assert unordered(pair(state_of(players, 3), None)) == pairs((1, 3), (2, 4))


def test_5_2_second_scrutiny_exchanges_for_colours():
    """5.2: 1 v 3 and 2 v 4 would give both players of each pair the same due colour:
    the exchange gives 1 v 4 and 2 v 3, everybody his alternating colour."""
    players = [player(1, 1, "w"), player(2, 1, "b"), player(3, 1, "w"), player(4, 1, "b")]
    pairing = pair(state_of(players, 2), None)
    assert set(pairing.as_numbers()) == {(4, 1), (2, 3)}


def test_5_2_second_scrutiny_may_pair_the_two_upper_players():
    """5.2's second scrutiny makes "exchanges where necessary", as section 4 makes them (2.5),
    and 4.2's exchanges include column 5, "1 v 2".  1 v 3 and 2 v 4 pass the first scrutiny
    (2.1), but #1 and #3 are both due Black, #2 and #4 both due White.  Exchanging opponents
    would give 1 v 4, who have met; pairing the upper players together gives 1 v 2 and
    3 v 4, every player his due colour."""
    players = [player(1, 1, "w", opponents=(4,)), player(2, 1, "b"), player(3, 1, "w"), player(4, 1, "b")]
    pairing = pair(state_of(players, 2), None)
    assert set(pairing.as_numbers()) == {(2, 1), (4, 3)}


def test_2_6_a_blocked_median_group_cracks_the_higher_pairing():
    """2.6: round 3, the median is 1 point.  The 2-point group pairs 1 v 2 (2.4), the 0-point
    group, paired next (2.2, upward), 5 v 6; the median group {3, 4} cannot be paired (they
    have met).  As many floaters came from above as from below (none), so "the next pairing
    of the higher score-group" is cracked: #1 and #2 join the median group as floaters from
    above and are paired first (3.6.3), #1 (due White) with the first player due Black, #4
    (3.8), then #2 with #3.  A look-ahead that kept 1 v 2 would float 5 and 6 up instead."""
    players = [player(1, 2, "wb"), player(2, 2, "bw"), player(3, 1, "wb", opponents=(4,)),
               player(4, 1, "bw"), player(5, 0, "wb"), player(6, 0, "bw")]
    pairing = pair(state_of(players, 3), None)
    assert set(pairing.as_numbers()) == {(1, 4), (3, 2), (5, 6)}


def test_2_6_cracking_goes_on_until_the_median_group_can_be_paired():
    """2.6 "step by step": round 4, the median is 1.5.  The 2.5-point group pairs 1 v 2, the
    0.5-point group 6 v 5 (upward); the median group {3, 4} has met.  Cracking 1 v 2 (no
    floaters on either side: the higher group's pairing) is not enough, #3 and #4 have also
    met #1 and #2.  Now two floaters came from above and none from below, so the lower
    group's 6 v 5 is cracked.  The median group pairs the down-floaters first (3.6.3): #1, due
    Black, is offered #2 and #6 (due White, 3.8) before #5, and 1 v 2 leaves the rest
    pairable; then the up-floaters, the lowest first (3.7): #6, due White, takes #3 (due
    Black), and #5 meets #4."""
    players = [player(1, 2.5, "wbw", opponents=(3, 4)), player(2, 2.5, "bwb", opponents=(3, 4)),
               player(3, 1.5, "wbw", opponents=(4,)), player(4, 1.5, "bwb"),
               player(5, 0.5, "wbw"), player(6, 0.5, "bwb")]
    pairing = pair(state_of(players, 4), None)
    assert set(pairing.as_numbers()) == {(2, 1), (6, 3), (4, 5)}


def test_5_4_earlier_rounds_decide_who_alternates():
    """5.4: both had Black last; going back, #2 had Black the round before, #1 White:
    #2 gets the alternate colour (White)."""
    a, b = player(1, 2, "wbwb"), player(2, 2, "bwbb")
    assert a.preference == b.preference == "w"
    pair_ = allocate_colours(a, b, "w", below_median=False)
    assert (pair_.white.number, pair_.black.number) == (2, 1)


@pytest.mark.parametrize("below_median, white", [(False, 1), (True, 2)])
def test_5_4_identical_histories(below_median, white):
    """5.4: identical histories: the higher ranked gets the alternate colour at or above
    the median, the lower ranked below it."""
    pair_ = allocate_colours(player(1, 1, "b"), player(2, 1, "b"), "w", below_median)
    assert pair_.white.number == white


@pytest.mark.parametrize("total, expected", [
    (9, ((1, 3), (2, 4))),   # 2.1: #1 and #2 float rather than get White a third time
    (3, ((1, 2), (3, 4))),   # Art. 6: the last round: the same score first, colours second
])
def test_6_last_round_same_score_before_colours(total, expected):
    players = [player(1, 2, "ww"), player(2, 2, "ww"), player(3, 1, "bb"), player(4, 1, "bb")]
    assert unordered(pair(state_of(players, 3, total), None)) == pairs(*expected)


def test_6_last_round_colour_rules_still_come_first():
    """Art. 6 applies only where it is necessary: #1 can meet #3 by the colour rules."""
    players = [player(1, 2, "ww"), player(2, 2, "ww"), player(3, 2, "bb"), player(4, 2, "bb")]
    assert unordered(pair(state_of(players, 3, 3), None)) == pairs((1, 3), (2, 4))


def test_benchmark_runs_the_lim_system(capsys):
    from pairing.engine import bench
    bench.main(["--sizes", "24", "--rounds", "7", "--variants", "standard", "--system", "lim"])
    measured = [row.split() for row in capsys.readouterr().out.splitlines()[1:]]
    assert [(r[0], r[2], r[3], r[6]) for r in measured] == [
        ("24", round_, edition, "12") for round_ in ("4", "7") for edition in ("1999", "2026")]


@pytest.mark.parametrize("edition, bye", [("1999", 5), ("2026", 3)])
def test_1_1_who_may_take_the_pab_follows_the_editions_basic_rules(edition, bye):
    """1.1 "in addition of what is stated in the Basic Rules": #5 took a full-point bye
    in round 1; C.04.1 2017 d lets him have the PAB, 2026 Art. 4 does not."""
    builder = TrfBuilder(5, 5).game(1, 2, "1").game(3, 4, "1").bye(5, "F").next_round()
    document = parse(builder.bye(2, "Z").bye(4, "Z").text())
    assert pair_round(document, "lim", edition=edition).bye.number == bye


# -- 3.3, 3.4, 3.6: which player floats, given the other floaters ------------------

@pytest.mark.parametrize("edition", ["1999", "2026"])
def test_3_10_a_pab_is_not_a_float(edition):
    """3.1: a floater is "a player who is transferred to another score-group"; the PAB
    transfers nobody.  Round 1 (7.1, 7.2): #7 gets the PAB; 1 v 4 (1-0), 5 v 2 (0-1),
    3 v 6 (draw).  Round 2: 1.1 gives the PAB to #5, the lowest of the lowest group
    {4, 5}.  The 1-point group {1, 2, 7} is odd and floats one player (2.3 d) into the
    median group {3, 6}: each has a compatible opponent there (3.9), #7 did not float in
    round 1 (3.10), due White and due Black are one each (#2, #1; #7 has no due colour), so
    3.2.4 floats the lowest numbered, #7.  So 1 v 2; in the median group the down-floater
    #7 first (3.6.3) takes #3, and the up-floater #4 (transferred, 2.3 a) takes #6.
    Reading the PAB as a downfloat (as the Dutch definitions do) would keep #7 and float #2."""
    trf = (TrfBuilder(7, rounds=5).game(1, 4, "1").game(5, 2, "0").game(3, 6, "=").bye(7, "U")
           .next_round().line(f"192 FIDE_LIM_{edition}").text())
    pairing = pair_round(parse(trf), "lim")
    assert unordered(pairing) == pairs((1, 2), (3, 7), (4, 6), (5, 0))


def test_3_3_the_opponents_of_floaters_with_higher_pairing_numbers_are_excluded():
    """3.3: "the lowest numbered player in the score-group who has a compatible opponent
    in the lower score-group, after excluding the opponents of other floaters who have
    higher scores or higher pairing numbers than the proposed floater".  Round 4, the
    3-point group 1-4: #1 has met 2, 3 and 4 and is transferred (2.3 a); 2, 3, 4 are
    odd, so one more floats (2.3 d), one due White (3.2.2: #3 and #4 are, #2 is not).
    #1, paired first in the 2-point group (3.6), takes #5 there (3.8: the first player
    due the other colour).  #4, the lowest numbered, has met #6: his only compatible
    opponent is #5, excluded, so #3 floats (he can meet #6).  Without the exclusion
    #4 would float, and #1 would get #6."""
    top = [player(1, 3, "wbw", opponents=(2, 3, 4)), player(2, 3, "wbw"), player(3, 3, "bwb"),
           player(4, 3, "bwb", opponents=(6,))]
    below = [player(5, 2, "bwb"), player(6, 2, "bwb")]
    assert unordered(pair(state_of(top + below, 4), None)) == pairs((2, 4), (1, 5), (3, 6))


def test_3_3_the_opponents_of_floaters_with_higher_scores_are_excluded():
    """3.3, "higher scores": #1 (4 points) floats into the 3-point group, where he has met
    everybody, and on to the 2-point group (2.3 a, 3.5); there he takes #5 (3.6: the
    highest score first; 3.8).  The 3-point group 2, 3, 4 then floats #3, not #4, whose
    only possible opponent below is #5 (3.2.2: one of #3 and #4, both due White)."""
    players = [player(1, 4, "bwbw", opponents=(2, 3, 4)), player(2, 3, "bwbw"), player(3, 3, "wbwb"),
               player(4, 3, "wbwb", opponents=(6,)), player(5, 2, "wbwb"), player(6, 2, "wbwb")]
    assert unordered(pair(state_of(players, 5), None)) == pairs((2, 4), (1, 5), (3, 6))


def test_3_3_the_opponents_of_floaters_paired_after_him_are_not_excluded():
    """3.3 excludes only the floaters with higher pairing numbers: here #4 is transferred
    (he has met 1, 2 and 3) and would take #5 (3.8), but #3, the lowest numbered of
    1, 2, 3 due White (3.2.2, 3.2.4), is paired before him in the lower group (3.6:
    the higher pairing number first), so #3 floats and takes #5, his only compatible
    opponent; #4 gets #6.  (Excluding #4's opponent too would float #1 instead.)"""
    top = [player(1, 3, "bwb"), player(2, 3, "wbw"), player(3, 3, "bwb", opponents=(6,)),
           player(4, 3, "wbw", opponents=(1, 2, 3))]
    below = [player(5, 2, "bwb"), player(6, 2, "wbw")]
    assert unordered(pair(state_of(top + below, 4), None)) == pairs((1, 2), (3, 5), (4, 6))


def test_3_6_floaters_paired_in_order_of_pairing_number():
    """3.6: "the floater with the highest score is paired first, or the floater with the
    highest pairing number, if scores are equal", whatever the reason he floats: #4 is
    transferred (2.3 a) before #3 floats (2.3 d), but #3 is paired first and takes #5,
    the first player due the other colour (3.8); #4 gets #6."""
    top = [player(1, 3, "bwb"), player(2, 3, "wbw"), player(3, 3, "bwb"),
           player(4, 3, "bwb", opponents=(1, 2, 3))]
    below = [player(5, 2, "wbw"), player(6, 2, "bwb")]
    assert unordered(pair(state_of(top + below, 4), None)) == pairs((1, 2), (3, 5), (4, 6))


def test_3_4_upward_the_opponents_of_floaters_with_lower_pairing_numbers_are_excluded():
    """3.4 (the mirror of 3.3): "the highest numbered player in the score-group who has a
    compatible opponent in the higher score-group, after excluding the opponents of
    other floaters who have lower scores or lower pairing numbers".  Round 4, median
    1.5: the 0-point group 3-6 is paired upward first.  #6 has met 3, 4 and 5 and is
    transferred; 3, 4, 5 are odd, one due White floats (3.2.2: #3 or #4).  #6, paired
    first in the 1-point group (3.7), takes #2 there (3.8 upward: the lowest numbered
    player due the other colour).  #3, the highest numbered, has met #1: his only
    compatible opponent, #2, is excluded, so #4 floats up.  Without the exclusion #3
    would float, and #6 would get #1."""
    above = [player(1, 1, "bwb"), player(2, 1, "bwb")]
    bottom = [player(3, 0, "bwb", opponents=(1,)), player(4, 0, "bwb"), player(5, 0, "wbw"),
              player(6, 0, "wbw", opponents=(3, 4, 5))]
    assert unordered(pair(state_of(above + bottom, 4), None)) == pairs((3, 5), (2, 6), (1, 4))
