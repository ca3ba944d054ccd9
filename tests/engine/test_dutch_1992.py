"""Rule tests of the 1992 edition of the Dutch system: the FIDE Swiss rules based on rating approved
by the 1992 General Assembly (``shared/rules/C04-swiss-rules-1992.md``).  No program implements
them, so the text is the reference: the text's own tables and examples first (A8, D1, D2, F4/E4),
then one small tournament per article that decides a pairing, each derived by hand from the text in
its docstring.  The readings of unclear passages (U1-U14) are in docs/systems/dutch-1992.md."""

from __future__ import annotations

import json

import pytest

from pairing.engine import TrfError, pair_round, parse
from pairing.engine.core.state import RoundState
from pairing.engine.systems import SYSTEMS, read_trf_code
from pairing.engine.systems.dutch.colours1992 import allocate_colours_1992
from pairing.engine.systems.dutch.procedure1992 import x_of
from pairing.engine.systems.dutch.search1992 import Level, exchanges, transpositions
from tests.engine.builder import TrfBuilder
from tests.engine.test_lim import player


def pair_1992(builder: TrfBuilder):
    return pair_round(parse(builder.text()), "dutch", edition="1992")


def unordered(pairing) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairing.as_numbers()}


def pairs(*numbers: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(p) for p in numbers}


# -- the edition -------------------------------------------------------------------

def test_an_edition_of_the_dutch_system_with_its_own_record_192_code():
    """``--dutch --edition 1992``; record 192 ``FIDE_DUTCH_1992`` (our code: ETT26 has none)."""
    dutch = SYSTEMS["dutch"]
    assert [e.name for e in dutch.editions] == ["1992", "2017", "2026"]
    assert read_trf_code("FIDE_DUTCH_1992").edition.name == "1992"
    assert dutch.latest.name == "2026"


def test_never_chosen_by_a_start_date():
    """A historical edition is paired only when asked for: a file of 2005 without record 192 is
    still paired by the oldest dated edition (2017), as before the 1992 edition existed."""
    import datetime
    assert SYSTEMS["dutch"].edition_on(datetime.date(2005, 6, 1)).name == "2017"


def test_no_acceleration():
    """The 1992 text has no accelerated method: a Baku request is refused with a message."""
    with pytest.raises(TrfError, match="no acceleration"):
        pair_round(parse(TrfBuilder(6, 5).text()), "dutch", edition="1992", baku=True)


# -- the text's own tables ------------------------------------------------------------

def test_a8_x_the_editors_examples():
    """A8: x = max(w, b) - q, q = half the players rounded up.  8 players, 6 preferring white and
    2 black: q = 4, x = 2; 7 players, 5 white and 2 black: q = 4, x = 1; a bracket where fewer
    prefer one colour than half the players: x = 0 (U3: never below 0)."""
    def bracket(whites, blacks, none=0):
        return ([player(n, colours="b") for n in range(whites)] + [player(10 + n, colours="w") for n in range(blacks)]
                + [player(20 + n) for n in range(none)])
    assert x_of(bracket(6, 2)) == 2
    assert x_of(bracket(5, 2)) == 1
    assert x_of(bracket(1, 1, 4)) == 0


def everyone_compatible(size: int, x: int = 9) -> Level:
    everybody = (1 << size) - 1
    return Level([everybody & ~(1 << v) for v in range(size)], everybody, [None] * size, x)


def test_d1_the_texts_transpositions_in_order():
    """D1, the text's example: S1 = 1, 2, 3, 4; S2 = 5, 6, 7, 8.  S2 as it stands (C6), then
    a) 5-6-8-7, b) 5-7-6-8, c) 5-7-8-6, d) 5-8-6-7, e) 5-8-7-6, f) 6-5-7-8, g) 6-5-8-7 ("put
    all numbers constructable with the digits 5, 6, 7 and 8 in ascending order")."""
    level = everyone_compatible(8)
    orders = ["".join(str(b + 1) for _, b in found) for found, _ in transpositions([0, 1, 2, 3], [4, 5, 6, 7], level)]
    assert orders[:8] == ["5678", "5687", "5768", "5786", "5867", "5876", "6578", "6587"]
    assert len(orders) == 24


def test_d2_the_texts_exchange_matrices_in_order():
    """D2, the text's matrices for S1 = 1-4, S2 = 5-8: one player a) 4-5, b) 4-6, c) 3-5, d) 4-7,
    e) 3-6, f) 2-5, g) 3-7, h) 2-6, i) 2-7; two players j) 3+4/5+6, k) 3+4/5+7, l) 2+4/5+6,
    m) 3+4/6+7, n) 2+4/5+7, o) 2+3/5+6, p) 2+4/6+7, q) 2+3/5+7, r) 2+3/6+7.  Read as the stated
    rule (U11): the smallest difference of the sums, then the lowest player of S1; the
    exchanges of 1 or 8, which the matrices do not show, fall in their places by the same rule."""
    number = {v: v + 1 for v in range(8)}
    found = []
    for s1, _ in list(exchanges([0, 1, 2, 3], [4, 5, 6, 7], number))[1:]:
        out = sorted(n + 1 for n in {0, 1, 2, 3} - set(s1))
        into = sorted(n + 1 for n in set(s1) - {0, 1, 2, 3})
        if not ({1, 8} & set(out + into)):  # the matrices show players 2-7 only
            found.append(("+".join(map(str, out)), "+".join(map(str, into))))
    assert found[:9] == [("4", "5"), ("4", "6"), ("3", "5"), ("4", "7"), ("3", "6"), ("2", "5"), ("3", "7"),
                         ("2", "6"), ("2", "7")]
    assert found[9:18] == [("3+4", "5+6"), ("3+4", "5+7"), ("2+4", "5+6"), ("3+4", "6+7"), ("2+4", "5+7"),
                           ("2+3", "5+6"), ("2+4", "6+7"), ("2+3", "5+7"), ("2+3", "6+7")]


def test_d2_after_an_exchange_both_subgroups_are_ordered_by_a2():
    """A9.b, D2: "After each exchange both S1 and S2 should be ordered according to A2": the first
    exchange of the example (a: 4 and 5) gives S1 = 1, 2, 3, 5 and S2 = 4, 6, 7, 8."""
    number = {v: v + 1 for v in range(8)}
    s1, s2 = list(exchanges([0, 1, 2, 3], [4, 5, 6, 7], number))[1]
    assert (s1, s2) == ([0, 1, 2, 4], [3, 5, 6, 7])


def test_f4_e4_first_round_of_seven():
    """F4: all players in one homogeneous bracket ordered by A2; with 7, S1 = 1, 2, 3 and S2 = 4,
    5, 6, 7 (A6, D2 Remark); C6: 1-4, 2-5, 3-6, and the lowest ranked player, 7, receives the bye.
    E4 with A7.c: player 1's colour is drawn by lot (XXC white1): the odd-numbered players of S1
    (pairing numbers, A2's last paragraph), 1 and 3, get white, the even-numbered one, 2, black.
    F1: boards by the rank of the higher player; the bye last."""
    assert pair_1992(TrfBuilder(7, 5)).as_numbers() == [(1, 4), (5, 2), (3, 6), (7, 0)]


def test_a2_ranks_by_rating_not_by_pairing_number():
    """A2: within a score, by rating.  Player 2's rating was corrected to 2000 (F7), below 3 and 4:
    the A2 order is 1 (2400), 3 (2300), 4 (2200), 2 (2000), so S1 = 1, 3 and S2 = 4, 2; C6: 1-4
    and 3-2.  E4 (first round): 1 and 3 are odd-numbered players of S1: both get the colour drawn
    for 1 (white)."""
    builder = TrfBuilder(4, 3, ratings={1: 2400, 2: 2000, 3: 2300, 4: 2200})
    assert pair_1992(builder).as_numbers() == [(1, 4), (3, 2)]


# -- one article each ---------------------------------------------------------------

def test_b1a_c7_a_transposition_avoids_a_second_meeting():
    """B1.a, C7.  Round 1: 1-6, 2-5, 3-4, the white players winning.  Round 2: the bracket of 1
    point {1, 2, 3} (all prefer black: x = 3 - 2 = 1, A8): S1 = 1, S2 = 2, 3; C6: 1-2, one pair
    without both preferences, within x (B4); 3 moves down (C6.a).  The 0-point bracket: MDP 3
    (S1), S2 = 4, 5, 6; C6: 3-4 breaks B1.a (they met), so C7 takes the next transposition,
    5-4-6: 3-5.  The remainder 4, 6 (both prefer white, x = 2 - 1 = 1): 4-6.
    Colours: 1-2: E1-E3 undecided (both had white), E4: 1, higher, gets black; 3-5: E1; 4-6:
    E4, 4 gets white.  F1: 2-1 (higher score 1, sum 2), 5-3 (sum 1), 4-6."""
    builder = TrfBuilder(6, 4).game(1, 6, "1").game(2, 5, "1").game(3, 4, "1").next_round()
    assert pair_1992(builder).as_numbers() == [(2, 1), (5, 3), (4, 6)]


def test_b4_x_zero_c7_grants_every_preference():
    """B4 with A8, C7.  Round 1: 5-1, 2-6, 7-3, 4-8 (white first), players 1-4 winning; so 1 and 3
    (black) prefer white, 2 and 4 (white) black; 5 and 7 black, 6 and 8 white.  Round 2, bracket
    {1, 2, 3, 4}: w = 2, b = 2, q = 2, x = 0: every pair must grant both preferences.  C6: 1-3
    (both white) fails B4; C7, S2 = 4, 3: 1-4, 2-3.  The same in {5, 6, 7, 8}: 5-7 (both black)
    fails, 5-8 and 6-7."""
    builder = (TrfBuilder(8, 5).game(5, 1, "0").game(2, 6, "1").game(7, 3, "0").game(4, 8, "1").next_round())
    assert unordered(pair_1992(builder)) == pairs((1, 4), (2, 3), (5, 8), (6, 7))


def test_b5_a5_the_bye_is_a_downfloat_and_is_not_moved_down_again():
    """A5: a bye is a downfloat; B5: no identical float in consecutive rounds.  Round 1: 1-5,
    2-6, 7-3, 4-8 (1, 2, 3 and 8 win), 9 the bye.  Round 2, bracket of 1 point in A2 order
    1, 2, 3, 8, 9: S1 = 1, 2; S2 = 3, 8, 9 (x = 0: 1, 2 prefer black, 3, 8 white).  C6: 1-3, 2-8,
    9 moved down: but 9 downfloated in round 1 (the bye), B5.  C7, S2 = 3, 9, 8: 1-3, 2-9, and 8
    (no float) moves down.  The 0-point bracket: MDP 8 (prefers white), S2 = 4, 5, 6, 7 (4, 7
    prefer black, 5, 6 white; x = 0): 8-4 met (B1.a), 8-5 and 8-6 fail B4, 8-7.  Remainder
    4, 5, 6: 4-5, and 6 takes the bye (A5).  Colours by E1, 9-2 by E1 (9 has none, U1)."""
    builder = (TrfBuilder(9, 5).game(1, 5, "1").game(2, 6, "1").game(7, 3, "0").game(4, 8, "0")
               .bye(9, "U").next_round())
    assert pair_1992(builder).as_numbers() == [(3, 1), (9, 2), (8, 7), (5, 4), (6, 0)]


def last_round_of_absolutes(rounds: int) -> TrfBuilder:
    """Round 1: 1-4, 2-5 (white wins), 3-6 drawn; round 2: 1-6, 2-3 (white wins), 4-5 drawn.
    1 and 2 (2 points) have had white twice: both absolute black (A7.a)."""
    return (TrfBuilder(6, rounds).game(1, 4, "1").game(2, 5, "1").game(3, 6, "=").next_round()
            .game(1, 6, "1").game(2, 3, "1").game(4, 5, "=").next_round())


def test_b2_two_absolute_preferences_for_one_colour_never_meet():
    """B2 (absolute): 1 and 2 both must have black; one of them would get white a third time
    (and a colour difference of +3).  Not the last round: they are not paired, and everybody is
    paired legally."""
    pairing = pair_1992(last_round_of_absolutes(4))
    assert frozenset((1, 2)) not in unordered(pairing)
    assert len(pairing.as_numbers()) == 3


def test_note_after_b6_over_50_percent_in_the_last_round():
    """The Note after B6 (and A7.a's parenthesis): B2 does not apply when pairing players with a
    score of over 50% in the last round.  Round 3 of 3: 1 and 2 have 2 points of 2 (U2: over half
    the points of the rounds played): the bracket {1, 2}, C6: 1-2.  Colours: E1 fails, E2 equal
    (both absolute), E3 undecided (both white twice), E4: 1, higher ranked, gets black.  Bracket of
    0.5 {3, 4, 5, 6}: 3 mild white (white, then black), 4 mild black, 5 and 6
    absolute white; x = 3 - 2 = 1.  C6: 3-5 (one pair without a preference, within x; 3's
    preference is mild, so B2 allows it) and 4-6."""
    pairing = pair_1992(last_round_of_absolutes(3))
    assert unordered(pairing) == pairs((1, 2), (3, 5), (4, 6))
    assert pairing.as_numbers()[0] == (2, 1)


def test_f1_boards_by_the_a2_rank_of_the_higher_player():
    """F1 c): boards of equal scores by "the rank according to A2 of the higher player".  Ratings
    1: 2300, 2: 2400, 3: 2200, 4: 2100: A2 order 2, 1, 3, 4; S1 = 2, 1, S2 = 3, 4; C6: 2-3, 1-4;
    E4: 2, even-numbered, black; 1, odd-numbered, the colour drawn (white).  The board of 2
    comes first although 1 has the lower pairing number (C.04.2 D.9 would list 1's board first)."""
    builder = TrfBuilder(4, 3, ratings={1: 2300, 2: 2400, 3: 2200, 4: 2100})
    assert pair_1992(builder).as_numbers() == [(3, 2), (1, 4)]


def test_e2_two_absolute_preferences_no_wider_difference_rule():
    """E2 grants the stronger preference; two absolute ones (possible only for players over 50%
    in the last round, A7.a) are equally strong, so E3 and then E4 decide.  A (number 1, the
    higher ranked) has had white, black, black (colour difference -1, black twice: absolute
    white); B (number 2) black, black (difference -2: absolute white).  E3: the latest rounds
    where they differ: none (both black, black).  E4: the higher ranked, A, gets white.  (Dutch
    2017 E.2 would give the wider colour difference, B, white.)"""
    a = player(1, 2, "wbb", topscorer=True)
    b = player(2, 2, "bb", topscorer=True)
    state = RoundState(4, 4, "w", [a, b], 10, 5)
    board, rule = allocate_colours_1992(a, b, state)
    assert (board.white.number, rule) == (1, "higher")


def test_e1_a_player_without_a_game_has_no_preference():
    """U1 with E1: a player with no game played (a late entrant) has no colour preference (A7 a-c
    all read played games), so his opponent's preference is granted: the opponent, who had
    white, gets black."""
    late = player(1, 0, "")
    other = player(2, 0, "w")
    board, rule = allocate_colours_1992(late, other, RoundState(2, 5, "w", [late, other], 10, 5))
    assert (board.white.number, rule) == (1, "one")


def test_e3_alternate_to_the_latest_round_with_different_colours():
    """E3: 1 (white, black, black, white) and 2 (black, white, black, white) both have colour
    difference 0 and white last: both a mild preference for black (A7.c), so E1 and E2 fail.
    Counting back, the latest round in which they had different colours is the second: 1 black,
    2 white; alternating from it, 1 gets white (E4 would have given 1, higher ranked, black)."""
    one = player(1, 2, "wbbw")
    two = player(2, 2, "bwbw")
    board, rule = allocate_colours_1992(one, two, RoundState(5, 7, "w", [one, two], 10, 5))
    assert (board.white.number, rule) == (1, "alternate")


def test_c11_x_raised_when_the_mdp_cannot_be_paired_within_x():
    """C11.  Round 1: 1-2 (1 wins), 3-4 (4, black, wins), 5 the bye.  Round 2, bracket of 1 point
    1, 4, 5 (A2): S1 = 1 (prefers black), S2 = 4 (white), 5 (none, U1); x = 0.  C6: 1-4, but 5
    would move down after his bye, a downfloat (A5, B5); C7: 1-5, 4 moves down.  Bracket of 0:
    MDP 4 (white), S2 = 2 (white), 3 (black), x = 2 - 2 = 0 (A8).  4-2: both prefer white, over x;
    4-3: they met (B1.a).  C9/C10.a change nothing; C11 raises x to 1: 4-2, and 3 takes the bye.
    Colours: 5-1 (E1, 5 has none); 4-2: both strong for white, E3 undecided (both black), E4: 4,
    higher ranked, white."""
    builder = TrfBuilder(5, 4).game(1, 2, "1").game(3, 4, "0").bye(5, "U").next_round()
    assert pair_1992(builder).as_numbers() == [(5, 1), (4, 2), (3, 0)]


def test_c9_drops_b6_before_b5_for_downfloats():
    """C9: "Drop criterion B6 and B5 (in this order) for downfloats".  Round 1: 1-5 and 3-6 won by
    white, 4-7 drawn, 2 the bye (a downfloat, A5).  Round 2: 4-1 and 3-7 drawn (1 and 3 paired
    down: downfloats, A4), 2 a half-point bye (no float, U14), 5-6 won by 5.  Round 3, bracket of
    1.5 in A2 order 1, 2, 3 (1 prefers white, 3 absolutely black, 2 none; x = 0): each way of
    moving one player down moves 1 or 3 (downfloat last round: B5) or 2 (downfloat two rounds
    before: B6).  C9 drops B6 first: the first candidate then is C7's 1-3, and 2 moves down."""
    builder = (TrfBuilder(7, 5).game(1, 5, "1").game(3, 6, "1").game(4, 7, "=").bye(2, "U").next_round()
               .game(4, 1, "=").game(3, 7, "=").bye(2, "H").game(5, 6, "1").next_round())
    pairing = pair_1992(builder)
    assert frozenset((1, 3)) in unordered(pairing)
    assert not {frozenset((1, 2)), frozenset((2, 3))} & unordered(pairing)


def test_a4_u14_floats_are_written_at_pairing_a_forfeit_keeps_them():
    """A4: the floats are written on the pairing card when players of unequal scores are paired
    (the higher a downfloat, the lower an upfloat), so a game then forfeited keeps them (U14);
    A5: the bye is a downfloat; a player absent receives none.  Round 1: 1-2, 3-4 won by white,
    5 the bye; round 2: 1 (1 point) against 4 (0), forfeited by 4; 3 against 2 won by 3; 5
    absent.  Before round 3: 1 a downfloat, 4 an upfloat (Dutch 2017 A.4.b would give 4, who did
    not play, a downfloat), 5 none in round 2 and a downfloat in round 1."""
    builder = (TrfBuilder(5, 5).game(1, 2, "1").game(3, 4, "1").bye(5, "U").next_round()
               .game(1, 4, "+").game(3, 2, "1").next_round())
    document = parse(builder.text())
    floats = {p.number: p.floats for p in SYSTEMS["dutch"].edition("1992").round_state(document).players}
    assert floats == {1: ("D", ""), 2: ("U", ""), 3: ("D", ""), 4: ("U", ""), 5: ("", "D")}
    assert SYSTEMS["dutch"].edition("2017").round_state(document).by_number()[4].floats[0] == "D"


def test_f5_an_absent_player_is_not_paired():
    """F5: "Players known in advance not to play in a particular round are not paired in that
    round".  Five players, 5 absent from round 1 (a zero-point bye): F4 with the four others,
    S1 = 1, 2, S2 = 3, 4: 1-3 and 2-4, no bye."""
    builder = TrfBuilder(5, 5).bye(5, "Z")
    assert unordered(pair_1992(builder)) == pairs((1, 3), (2, 4))


def test_c8_d2_an_exchange_when_no_transposition_serves():
    """C8 with D2.  Round 1, four players; 1 may meet neither 3 nor 4 (forbidden pairs, XXP, keep
    them apart as B1.a would).  S1 = 1, 2, S2 = 3, 4: C6 (1-3) and C7's only transposition (1-4)
    fail.  C8: the first exchange of D2 (one player, the smallest difference: 2 and 3), then both
    ordered by A2 (A9.b): S1 = 1, 3, S2 = 2, 4; C6: 1-2, 3-4.  E4: 1 and 3 are odd-numbered
    players of S1, both get the colour drawn for 1 (white)."""
    builder = TrfBuilder(4, 3).line("XXP 1 3").line("XXP 1 4")
    assert pair_1992(builder).as_numbers() == [(1, 2), (3, 4)]


def test_c1a_c12_the_previous_bracket_moves_down_another_player():
    """C1.a, C12.  Round 1: 3-4, 1-6, 2-7 won by white, 5 the bye; round 2: 5-3, 7-1, 6-2 won by
    black, 4 the bye.  Round 3: 1, 2, 3 have 2 points (each white then black: mild white, x = 1);
    4, 5 have 1; 6, 7 none.  Bracket of 2: S1 = 1, S2 = 2, 3; C6: 1-2 (within x), 3 moves down.
    Bracket of 1: MDP 3 has met 4 and 5, no opponent there (C1.a): C12 undoes the previous bracket
    and takes its next pairing that moves another player down, C7's 1-3 with 2 moving down; with
    it the MDP is paired: in {2, 4, 5} 2 and 4 both prefer white (x = 2 - 2 = 0, A8), so not 2-4
    (B4) but C7's 2-5.  4 moves down: 4-6 (C6, 6 prefers black), and 7 takes the bye (A5).
    (Without C12 the pairing would be 1-2, 4-5, 3-6 and the bye to 7.)"""
    builder = (TrfBuilder(7, 5).game(3, 4, "1").game(1, 6, "1").game(2, 7, "1").bye(5, "U").next_round()
               .game(5, 3, "0").game(7, 1, "0").game(6, 2, "0").bye(4, "U").next_round())
    pairing = pair_1992(builder)
    assert unordered(pairing) == pairs((1, 3), (2, 5), (4, 6), (7, 0))


def test_command_line_and_explanation(tmp_path):
    """``--dutch --edition 1992 IN -p OUT --explain WHY.json``: the pairing of F4/E4 (see
    test_f4_e4_first_round_of_seven) in the engines' format, and its explanation: every board's
    colours by E4 (first round), the bye by B1.b (eligible), A5 with C13-C14 (the lowest score)
    and the procedure's order."""
    from pairing.engine.__main__ import main
    trf = tmp_path / "in.trf"
    trf.write_text(TrfBuilder(7, 5).text())
    out, why = tmp_path / "out.txt", tmp_path / "why.json"
    assert main(["--dutch", "--edition", "1992", str(trf), "-p", str(out), "--explain", str(why)]) == 0
    assert out.read_text().split() == ["4", "1", "4", "5", "2", "3", "6", "7", "0"]
    explanation = json.loads(why.read_text())
    assert explanation["edition"] == "1992"
    assert [(b["article"], b["reason"]) for b in explanation["boards"]] == [("E4", "first")] * 3
    assert explanation["bye"] == 7
    assert [r["article"] for r in explanation["bye_reasons"]] == ["B1.b", "A5, C13-C14", "C6-C8, D1-D2"]


# -- more articles, one small tournament each -----------------------------------------

def test_b1b_no_bye_after_a_forfeit_win():
    """B1.b (absolute): "A player who has received a point without playing, either through a bye
    or due to an opponent not appearing in time, shall not receive a bye."  Round 1: 1-4 won by 1
    (white), 5-2 won by 2 (black), 3 wins by forfeit (6 did not appear); 4, 5 and 6 are absent
    from round 2.  Round 2: one bracket {1, 2, 3} of 1 point: 1 prefers black, 2 white, 3 none
    (no game, U1); x = 1 - 2 < 0, so 0 (A8, U3).  C6: S1 = 1, S2 = 2, 3: 1-2 grants both
    preferences, but 3 would be left over for the bye, which B1.b forbids.  C7: 1-3, and 2 takes
    the bye (A5).  Colours: E1, 1 black."""
    builder = (TrfBuilder(6, 4).game(1, 4, "1").game(5, 2, "0").game(6, 3, "-").next_round()
               .bye(4, "Z").bye(5, "Z").bye(6, "Z"))
    assert pair_1992(builder).as_numbers() == [(3, 1), (2, 0)]


@pytest.mark.parametrize(("code", "expected"), [("U", [(3, 1), (2, 0)]), ("F", [(2, 1), (3, 0)]),
                                               ("H", [(2, 1), (3, 0)])])
def test_b1b_the_bye_of_a5_bars_a_full_point_or_half_point_bye_does_not(code, expected):
    """B1.b: "a point without playing, either through a bye or due to an opponent not appearing in
    time".  "A bye" is A5's, the only one the text knows ("one player ends up unpaired ... no
    opponent, no colour, 1 point"): the reading of docs/systems/dutch-1992.md, the one C.04.1
    (2017) d gives the same sentence (SPPC 2009 rule c) when it restates it as "a pairing-allocated
    bye, or ... a (forfeit) win".  Round 1: 1-4 and 5-2 won by 1 and 2 (white, black), 3 a bye of
    ``code`` (TRF: U the pairing-allocated bye, F a full-point bye, H a half-point bye); 4, 5, 6
    absent in round 2, where 1 prefers black, 2 white and 3 nothing (U1), so x = 0.  With U: the
    bracket of 1 point {1, 2, 3}, S1 = 1, S2 = 2, 3; C6: 1-2 would leave 3 the bye, B1.b; C7: 1-3,
    and 2 takes the bye.  With F (a point, but not A5's bye) C6's 1-2 stands and 3 takes the bye;
    with H (half a point, the games drawn) likewise in the bracket of half a point."""
    result = "=" if code == "H" else "1"
    builder = (TrfBuilder(6, 4).game(1, 4, result).game(5, 2, {"1": "0"}.get(result, result)).bye(3, code)
               .next_round().bye(4, "Z").bye(5, "Z").bye(6, "Z"))
    assert pair_1992(builder).as_numbers() == expected


def test_a6_c6b_a_heterogeneous_bracket_pairs_its_mdps_first():
    """A3, A6, C6.b.  Round 1: 1-6, 7-2 and 3-8 won by 1, 2, 3; 9-4 and 10-5 drawn.  Round 2:
    bracket of 1 point {1, 2, 3}: 1 and 3 prefer black, 2 white (x = 0); S1 = 1, S2 = 2, 3; C6:
    1-2, and 3 moves down (C6.a).  Bracket of half a point, heterogeneous (1 MDP of 5): S1 = the
    MDP 3 (A6: "all moved-down players"), p = 1; S2 = 4, 5, 9, 10 by rating (A2).  C6: 3-4 (3
    prefers black, 4 white).  C6.b: the remainder {5, 9, 10} is paired as a homogeneous bracket
    from C2: S1 = 5, S2 = 9, 10; 5-9 (x = 0: 5 prefers white, 9 black), and 10 moves down.
    (Paired as one homogeneous bracket, S1 = 3, 4 and S2 = 5, 9, 10 would give 3-5, and 4-9 having
    met, 4-10.)  Bracket of 0: MDP 10 (prefers black), S2 = 6, 7, 8: 10-6; remainder 7-8.
    Colours by E1; boards by F1."""
    builder = (TrfBuilder(10, 5).game(1, 6, "1").game(7, 2, "0").game(3, 8, "1").game(9, 4, "=")
               .game(10, 5, "=").next_round())
    assert pair_1992(builder).as_numbers() == [(2, 1), (4, 3), (5, 9), (6, 10), (8, 7)]


def test_c10_the_lowest_mdp_gets_another_opponent_when_the_remainder_fails():
    """C10: "In case of a homogeneous remainder: undo the pairing of the lowest moved-down player
    paired and try to find a different opponent for this player by restarting at C7."  Round 1:
    1-6, 7-2 and 3-8 won by 1, 2 and 3; 4 a half-point bye; 9-5 drawn.  Round 2: bracket of 1
    point {1, 2, 3} (1, 3 prefer black, 2 white, x = 0): C6 1-2, 3 moves down.  Bracket of half a
    point: MDP 3 (prefers black), S2 = 4 (no preference, U1), 5 (white), 9 (black); x = 2 - 2 = 0.
    C6: 3-4; the remainder {5, 9} cannot be paired (they met: B1.a), and C7-C9 change nothing in
    it.  C10: 3's next opponent, by C7, is 5; the remainder {4, 9}: 4-9.  Bracket of 0 {6, 7, 8}
    (6, 8 prefer white, 7 black; x = 0): 6-7, and 8 takes the bye (A5).  Colours by E1 (4-9:
    9's preference, 4 has none); boards by F1."""
    builder = (TrfBuilder(9, 5).game(1, 6, "1").game(7, 2, "0").game(3, 8, "1").bye(4, "H").game(9, 5, "=")
               .next_round())
    assert pair_1992(builder).as_numbers() == [(2, 1), (5, 3), (4, 9), (6, 7), (8, 0)]


def test_c10_before_c11_a_new_opponent_before_x_is_raised():
    """C10 comes before C11: the lowest MDP gets another opponent before the colour allowance is
    raised.  Round 1: 1-6, 7-2 and 3-8 won by 1, 2 and 3; 4-9 drawn; 5 a half-point bye.  Round 2:
    bracket of 1 point: C6 1-2 (x = 0), 3 moves down.  Bracket of half a point: MDP 3 (prefers
    black), S2 = 4 (black), 5 (none, U1), 9 (white); x = 2 - 2 = 0.  C6: 3-4 fails B4 (both black,
    over x).  C7: 3-5; the remainder {4, 9} met (B1.a), C7-C9 change nothing.  C10: 3-9; the
    remainder {4, 5}: 4-5.  (Raising x first, C11, would take 3-4 and leave 5-9.)  Bracket of 0
    {6, 7, 8}: 6-7, 8 the bye.  Colours by E1."""
    builder = (TrfBuilder(9, 5).game(1, 6, "1").game(7, 2, "0").game(3, 8, "1").game(4, 9, "=").bye(5, "H")
               .next_round())
    assert pair_1992(builder).as_numbers() == [(2, 1), (9, 3), (5, 4), (6, 7), (8, 0)]

def test_c10a_the_upfloat_criteria_dropped_b6_then_b5():
    """C10.a: "If no alternative pairing for this player exists then drop criterion B6 first and
    then B5 for upfloats".  Rounds 1-2 (white first): 3-2 1-0, 4-5 1-0, 1-6 1-0; 2-4 1-0 (2, with 0
    points, paired up against 4 with 1: an upfloat, A4), 3-1 0-1, 5-6 drawn; 5 and 6 absent in
    round 3.  Round 3: 1 alone with 2 points has nobody to meet there and moves down (C1.c).  The
    bracket of 1 point, heterogeneous: MDP 1 (white, black: mild white), S2 = 2 (mild black), 3
    (white twice: absolute black), 4 (mild white); x = 2 - 2 = 0.  C6: 1-2 gives 2 an upfloat
    again (B5); C7: 1-3 met (B1.a); 1-4, both prefer white, over x (B4).  C9 (downfloats) frees
    nothing; C10: 1 has no other opponent.  C10.a: without B6 for upfloats nothing changes (2's
    upfloat was last round); without B5 too: 1-2, and the remainder {3, 4}: 4-3 (E1)."""
    builder = (TrfBuilder(6, 5).game(3, 2, "1").game(4, 5, "1").game(1, 6, "1").next_round()
               .game(2, 4, "1").game(3, 1, "0").game(5, 6, "=").next_round().bye(5, "Z").bye(6, "Z"))
    assert pair_1992(builder).as_numbers() == [(1, 2), (4, 3)]


def test_b6_no_identical_float_as_two_rounds_before():
    """B6: "No player shall have an identical float as two rounds before."  Round 1: 1-4, 2-5 won
    by white, 6-3 won by 3 (black), 7 the bye (a downfloat, A5).  Round 2: 1-7 won by 1 (both had
    1 point: no float), 3-2 won by 2, 5-4 won by 4, 6 absent.  Round 3: 1 (white twice: absolute
    black) and 2 (mild white) pair in the bracket of 2 points.  Bracket of 1 point {3, 4, 7}:
    3 prefers black (mild), 4 white (black twice: absolute), 7 white (strong); x = 2 - 2 = 0.
    C6: S1 = 3, S2 = 4, 7: 3-4, and 7 would move down: a downfloat as in round 1 (B6; B5 does not
    apply, 7 had no float in round 2).  C7: 3-7, and 4 (no float) moves down.  Bracket of 0:
    MDP 4, S2 = 5 (mild black), 6 (strong black): 4-5 met (B1.a); 4-6; 5 takes the bye (A5)."""
    builder = (TrfBuilder(7, 5).game(1, 4, "1").game(2, 5, "1").game(6, 3, "0").bye(7, "U").next_round()
               .game(1, 7, "1").game(3, 2, "0").game(5, 4, "0").next_round())
    assert pair_1992(builder).as_numbers() == [(2, 1), (7, 3), (4, 6), (5, 0)]


def test_c14_fewer_pairs_the_highest_p_players_in_s1_and_x_lowered():
    """C14: "Decrease p by 1 (and if the original value of x was greater than zero decrease x by 1
    as well)"; C4 (U6): the highest p players in S1.  Round 1: 1-5, 2-6, 4-8 won by white, 7-3
    won by 3 (black); 2, 3 and 4 may not meet each other (XXP, as if they had met: B1.a).  Round 2,
    bracket of 1 point {1, 2, 3, 4}: 1, 2, 4 prefer black, 3 white; x = 3 - 2 = 1 (A8).  Two pairs
    are impossible (each of 2, 3, 4 can meet only 1), and the bracket is not the lowest: C14,
    p = 1 and x = 0.  S1 = 1, S2 = 2, 3, 4: C6's 1-2 leaves both without a preference granted, over
    x (B4); C7: 1-3, and 2 and 4 move down.  (With x left at 1, 1-2 would stand and 3, 4 move
    down.)  Bracket of 0, heterogeneous: S1 = MDPs 2, 4 (black), S2 = 5, 6, 8 (white), 7 (black);
    x = 3 - 3 = 0.  C6: 2-5, 4-6; the remainder {7, 8}: 8-7.  Colours by E1."""
    builder = (TrfBuilder(8, 5).game(1, 5, "1").game(2, 6, "1").game(7, 3, "0").game(4, 8, "1").next_round()
               .line("XXP 2 3 4"))
    assert pair_1992(builder).as_numbers() == [(3, 1), (5, 2), (6, 4), (8, 7)]


def test_c1b_c13_the_penultimate_bracket_re_paired_for_the_lowest():
    """C1.b, C13.  Round 1: 1-5, 2-6, 3-7, 4-8 won by white; 5 may meet none of 6, 7, 8 (XXP, as
    if they had met: B1.a).  Round 2: the bracket of 1 point {1, 2, 3, 4} (all prefer black,
    x = 4 - 2 = 2) pairs 1-3, 2-4 at C6; then the lowest bracket {5, 6, 7, 8} holds 5, for whom no
    opponent can be found (C1.b): C13 undoes the penultimate bracket and tries another pairing that
    allows one in the lowest.  None with two pairs moves anybody down; with p = 1 (C14, x = 1):
    S1 = 1, S2 = 2, 3, 4: 1-2 (one preference ungranted, within x), and 3 and 4 move down.  The
    lowest bracket, heterogeneous: S1 = MDPs 3, 4 (black), S2 = 5, 6, 7, 8 (white); x = 4 - 3 = 1:
    C6: 3-5, 4-6; the remainder {7, 8} (both white, x = 1): 7-8.  Colours: 1-2 and 7-8 by E4 (E3
    finds no round where they differ), the others by E1."""
    builder = (TrfBuilder(8, 5).game(1, 5, "1").game(2, 6, "1").game(3, 7, "1").game(4, 8, "1").next_round()
               .line("XXP 5 6").line("XXP 5 7").line("XXP 5 8"))
    assert pair_1992(builder).as_numbers() == [(2, 1), (5, 3), (6, 4), (7, 8)]


@pytest.mark.parametrize(("rounds", "expected"), [(2, [(2, 1), (4, 3), (5, 0)]), (3, [(3, 1), (2, 4), (5, 0)])])
def test_note_after_b6_no_float_criteria_over_50_percent_in_the_last_round(rounds, expected):
    """The Note after B6: "B2, B5 and B6 do not apply when pairing players with a score of over 50%
    in the last round."  Round 1: 1-4 won by 1 (white), 5-2 won by 2 (black), 3 the bye (a
    downfloat, A5).  Round 2, the bracket of 1 point {1, 2, 3}: 1 prefers black, 2 white, 3 none
    (x = 0).  S1 = 1, S2 = 2, 3: C6's 1-2 moves 3 down again.  In the last round (2 of 2) all
    three are over 50% (U2): B5 does not apply, 1-2 stands; the bracket of 0: MDP 3, S2 = 4, 5:
    3-4, and 5 takes the bye.  In round 2 of 3, B5 applies: C7, 1-3, and 2 moves down: 2-4 both
    prefer white (x = 2 - 2 = 0, B4) and 2-5 met (B1.a); C9, C10.a free nothing; C11 (x = 1):
    2-4, E4 giving 2, higher ranked, white; 5 the bye."""
    builder = TrfBuilder(5, rounds).game(1, 4, "1").game(5, 2, "0").bye(3, "U").next_round()
    assert pair_1992(builder).as_numbers() == expected


@pytest.mark.parametrize(("initial", "expected"), [("white1", (3, 6)), ("black1", (6, 3))])
def test_e4_u12_no_preference_after_round_1_the_first_round_rule(initial, expected):
    """E4 after round 1 (U12): 3 and 6 had half-point byes in round 1, so neither has a colour
    preference (U1) nor a played game: E1-E3 decide nothing, and E4's "colour preference of the
    higher ranked player" does not exist.  The reading: the first-round rule by pairing number;
    3, higher ranked and odd-numbered, gets the colour drawn for player 1 (XXC).  Round 1: 1-4 and
    2-5 won by white.  Round 2: 1-2 (both prefer black; x = 1; E4: 1, higher, black), 3-6 in the
    bracket of half a point, 4-5 (both prefer white; E4: 4 white)."""
    builder = (TrfBuilder(6, 5, initial=initial).game(1, 4, "1").game(2, 5, "1").bye(3, "H").bye(6, "H")
               .next_round())
    assert pair_1992(builder).as_numbers() == [(2, 1), expected, (4, 5)]


def test_f3_e3_rounds_without_a_game_move_to_the_front():
    """F3 with E3: "BWW-B will be treated as -BWWB with respect to E3.  So WB-WB will count as
    -WBWB".  After five rounds (all games drawn) 1 has B-WWB (a half-point bye in round 2) and 2
    has WB-WB (a half-point bye in round 3): both colour difference 0 and black last, so both a
    mild preference for white (A7.c); E1 and E2 decide nothing.  E3 on -BWWB and -WBWB: the last
    two games agree (W, B), the third from last differs (1 white, 2 black): alternating, 1 gets
    black.  (Compared round by round, the first round would decide, 1 black and 2 white, and 1
    would get white.)"""
    builder = (TrfBuilder(6, 7).game(3, 1, "=").game(2, 4, "=").next_round()
               .bye(1, "H").game(5, 2, "=").next_round()
               .game(1, 5, "=").bye(2, "H").next_round()
               .game(1, 6, "=").game(2, 3, "=").next_round()
               .game(4, 1, "=").game(6, 2, "=").next_round())
    state = SYSTEMS["dutch"].edition("1992").round_state(parse(builder.text()))
    one, two = state.by_number()[1], state.by_number()[2]
    board, rule = allocate_colours_1992(one, two, state)
    assert (board.white.number, rule) == (2, "alternate")


def test_d2_u11_equal_differences_and_the_same_s1_players_the_lowest_of_s2_first():
    """D2 (U11): the text orders exchanges by the difference of the sums, then "the one concerning
    the lowest player of S1", and is silent when both are equal: 3+4 with 5+8 and 3+4 with 6+7
    (difference 6 each).  The reading: the lowest numbers of S2 first (as Dutch 2017 D.2.d), so
    5+8 before 6+7 (the text's m); then 2+4 with 5+7 (n), 1+4 with 5+6 (player 1, which the
    matrices never show, by the same rule), 2+3 with 5+6 (o)."""
    number = {v: v + 1 for v in range(8)}
    sixes = []
    for s1, _ in list(exchanges([0, 1, 2, 3], [4, 5, 6, 7], number))[1:]:
        out = sorted(n + 1 for n in {0, 1, 2, 3} - set(s1))
        into = sorted(n + 1 for n in set(s1) - {0, 1, 2, 3})
        if len(out) == 2 and sum(into) - sum(out) == 6:
            sixes.append(("+".join(map(str, out)), "+".join(map(str, into))))
    assert sixes == [("3+4", "5+8"), ("3+4", "6+7"), ("2+4", "5+7"), ("1+4", "5+6"), ("2+3", "5+6")]
