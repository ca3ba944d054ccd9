"""Hand-derived rule tests of the Dubov system (C.04.4.1), both editions.

Each test is a small tournament (a TRF made with :class:`TrfBuilder`) whose next round one
article decides; the docstring derives the expected pairing from the rule text, citing the
2026 article and, where the number differs, the 2018 one (2026 Art. 3.1 = 2018 B.0, 3.2.1-3.2.6 =
B.1-B.6, [C1]-[C10] = C.1-C.10, 4.2 = D.1, 4.3 = D.2, 4.4 = D.3, 5.2.1-5.2.5 = E.0-E.4, 1.6 =
A.5, 1.7 = A.6, 1.8 = A.7; C.04.2 2026 Art. 3.2-3.5 = 2018 D.3-D.6).  A test run for both
editions is one where the two texts agree; where they differ there is one test per edition.

Conventions of the builder: players are numbered by rating (1 the highest, rating 2500 - 10 x
number), a game is written white first, ``+``/``-`` are forfeits (white's code), a player with no
entry in a round was absent (``Z``).  Pairs below are (White, Black), the bye (n, 0).
"""

import pytest

from pairing.engine import pair_round, parse
from tests.engine.builder import TrfBuilder

EDITIONS = ["2018", "2026"]


def pairs(builder: TrfBuilder, edition: str) -> set[tuple[int, int]]:
    return set(pair_round(parse(builder.text()), "dubov", edition=edition).as_numbers())


# -- the first round ------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_first_round_even_halves_by_tpn(edition):
    """First round, 6 players, initial colour White.  3.2.3 (B.3): "unless all the players in the
    bracket have yet to play a game (like, for instance, in the first round) ... G1 contains the
    first half of the players of the bracket (according to their TPN)": G1 = {1, 2, 3}, G2 =
    {4, 5, 6}.  3.2.4: equal sizes, nobody must meet inside a subgroup, no shift.  3.2.5: S1 by
    ARO (all 0, 1.7.3), then TPN: 1, 2, 3.  3.2.6 with 4.4.2: the first transposition of G2 by TPN,
    4, 5, 6, is legal: 1-4, 2-5, 3-6.  Colours 5.2.1 (E.0), both yet to play: the higher ranked
    player with an odd TPN gets the initial colour (1 and 3 White), with an even one the other (2
    Black)."""
    assert pairs(TrfBuilder(6, 5), edition) == {(1, 4), (5, 2), (3, 6)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_first_round_odd_bye_to_the_largest_tpn_initial_black(edition):
    """First round, 7 players, initial colour Black (XXC black1).  The PAB first (1.9.2, A.8):
    3.1 (B.0): everybody is eligible, on 0 points (3.1.3) with no game (3.1.4), so the largest TPN
    (3.1.5; 2018 "the lowest position in the initial ranking list"): 7.  The other six as in the
    even first round: 1-4, 2-5, 3-6; 5.2.1 with Black as the initial colour: 1 and 3 (odd) Black,
    2 (even) White."""
    assert pairs(TrfBuilder(7, 5, initial="black1"), edition) == {(4, 1), (2, 5), (6, 3), (7, 0)}


# -- the pairing-allocated bye (2026 Art. 3.1, 2018 B.0) ------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_bye_must_leave_a_complete_pairing(edition):
    """3.1.2 (B.0 b): the PAB goes to a player who "allows a complete pairing of all the remaining
    players". Round 3 of 5 players. Round 1: 1-2 1-0, 4-5 1-0, 3 a half-point bye (H); round 2:
    1-3 draw, 4-2 0-1, 5 H. Scores: 1 1.5; 2, 3, 4 1; 5 0.5. 5 comes first by 3.1.3 (lowest
    score), but without 5 player 1 can meet nobody: he has met 2 and 3 ([C1]), and 1 and 4 both
    had White twice, the same absolute preference for Black (1.6.1), so [C3] forbids 1-4. Next
    on 1 point: 2 and 4 have played two games, 3 one (3.1.4); of 2 and 4 the larger TPN
    (3.1.5): 4, and without 4 the rest pairs (1-5, 2-3). Bye 4. Then the bracket of 1 (1.5
    points) needs one upfloater (3.2.1): 2 and 3 first by 4.2.2, but 1 has met both; 5
    completes it. Colours: 1 absolute Black, 5 (one game, with Black: colour difference -1, a
    strong White, 1.6.2): both granted, 5-1 (5.2.2). 2-3 on 1 point: 2 had Black twice
    (absolute White), 3 one Black (strong White): the stronger preference (5.2.3), 2-3."""
    builder = TrfBuilder(5, 5).game(1, 2, "1").game(4, 5, "1").bye(3, "H").next_round()
    builder.game(1, 3, "=").game(4, 2, "0").bye(5, "H").next_round()
    assert pairs(builder, edition) == {(5, 1), (2, 3), (4, 0)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_bye_not_to_a_forfeit_winner(edition):
    """3.1.1 and [C2] (2018 B.0 a and C.2, C.04.1 d "a (forfeit) win due to an opponent not appearing
    in time"; 2026 Basic Rules Art. 4 "scored in one single round, without playing, as many
    points as rewarded for a win"): both bar a forfeit win. Round 3 of 5 players. Round 1: 4
    forfeits against 5 (5 wins without playing), 1-2 1-0, 3 the PAB; round 2: 1-5 1-0, 4-3 1-0,
    2 the PAB. Scores: 1 2; 2, 3, 4, 5 1. 2 and 3 had the PAB, 5 a forfeit win: of the eligible
    1 and 4, 4 has the lowest score (3.1.3). (Were 5 eligible he would come first: 1 point, one
    game like 4, the larger TPN.) Without 4, 1-3 and 2-5 pair. Bye 4. Bracket of 2 points: 1
    alone, one upfloater (3.2.1) from 2, 3, 5 (4.2.2): 1 has met 2, so 3 (the forfeited 4-5 is
    no game, but 1 has met 5 over the board). 1 had White twice (absolute Black), 3 one Black
    (strong White, 1.6.2; the PAB has no colour): 3-1. Then 2-5: both have a single game, with
    Black (strong White): equal strength, no earlier difference (5.2.4), so the higher ranked 2
    (same score, smaller TPN) gets his preference (5.2.5): 2-5."""
    builder = TrfBuilder(5, 5).game(4, 5, "-").game(1, 2, "1").bye(3, "U").next_round()
    builder.game(1, 5, "1").game(4, 3, "1").bye(2, "U").next_round()
    assert pairs(builder, edition) == {(3, 1), (2, 5), (4, 0)}


def full_point_bye_tournament() -> TrfBuilder:
    """Round 3 of 5 players: round 1, 5 a full-point bye (F), 1-3 1-0, 4-2 1-0; round 2, 3 the PAB,
    1-4 draw, 2 wins by forfeit against 5 (who so has still no game)."""
    builder = TrfBuilder(5, 5).bye(5, "F").game(1, 3, "1").game(4, 2, "1").next_round()
    return builder.bye(3, "U").game(1, 4, "=").game(5, 2, "-").next_round()


def test_full_point_bye_does_not_bar_the_bye_in_2018():
    """2018 B.0 a / C.2 (C.04.1 d): barred are the PAB and "a (forfeit) win due to an opponent not
    appearing in time" only; a full-point bye is neither. Scores: 1, 4 1.5 (two games); 2 1 (a
    forfeit win: barred), 3 1 (the PAB: barred), 5 1 (F, no game). 5 has the lowest score of
    the eligible 1, 4, 5 (B.0 c), and without 5 the rest pairs (1-2, 3-4: B.0 b). Bye 5.
    Bracket of 1.5: 1 and 4 have met, so each needs an upfloater (B.1, C.5): 2 and 3 are the
    only players left; 1 has met 3, so 1-2 and 4-3. Colours: 1 White twice (absolute Black) and
    2 one Black (colour difference -1: strong White, A.5 b): 2-1 (E.1). 4 (White then Black:
    difference 0, mild White, A.5 c) and 3 (one Black: strong White): the stronger preference
    (E.2), 3-4."""
    assert pairs(full_point_bye_tournament(), "2018") == {(2, 1), (3, 4), (5, 0)}


def test_full_point_bye_bars_the_bye_in_2026():
    """2026 [C2] (Basic Rules 2026 Art. 4): "has already scored in one single round, without playing,
    as many points as rewarded for a win" bars the PAB: 5's full-point bye does, though 3.1.1
    still says "(forfeit) win" ([C2] is absolute; the editor's note 2). Eligible: 1 and 4, both
    1.5 points with two games: the larger TPN, 4 (3.1.5); without 4, 1-2 and 3-5 pair. Bracket
    of 1.5: 1 alone; the upfloater (3.2.2) first in 4.2.2 order among the 1-pointers 2, 3, 5:
    2, legal (1 met 3 and 4), 1 absolute Black and 2 (one Black) strong White ([C7] met), and
    3-5 completes the round ([C4]). 2-1 (5.2.2). 3 (one Black, strong White) and 5 (no game:
    mild Black, 1.6.4; he and 3 have not both yet to play, so not 5.2.1): both granted, 3-5
    (5.2.2)."""
    assert pairs(full_point_bye_tournament(), "2026") == {(2, 1), (3, 5), (4, 0)}
