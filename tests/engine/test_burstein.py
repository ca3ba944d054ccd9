"""Rule tests of the Burstein system (C.04.4.2): the worked examples of the 2017
edition (the tables of 6.2 and 6.4, the remark under 6.4, the colour example of
6.5) and of the 2026 text (the candidate list of the note to 4.3), the
definitions (Index, bye, seeding rounds, colours) and the checker on tournaments
the engine paired itself."""

from __future__ import annotations

import itertools
import random

import pytest

from pairing.engine import pair_round, parse
from pairing.engine.bench import build, play_round
from pairing.engine.checker import check
from pairing.engine.core.state import PAB_OR_FORFEIT_WIN, PAB_OR_POINT_WITHOUT_PLAYING, Player, RoundResult, RoundState
from pairing.engine.review import review
from pairing.engine.systems import SYSTEMS, read_trf_code
from pairing.engine.systems.burstein.colours import allocate_2017, allocate_2026
from pairing.engine.systems.burstein.editions import seeding_rounds
from pairing.engine.systems.burstein.index import opposition_2026
from pairing.engine.systems.burstein.pairer import BursteinPairer
from tests.engine.builder import TrfBuilder

EDITIONS = ["2017", "2026"]


def player(number: int, score: float = 0, colours: str = "", opponents=(), rating: int | None = None) -> Player:
    return Player(number=number, rank=number - 1, score=int(score * 10), pairing_score=int(score * 10),
                  colours=colours, played_opponents=frozenset(opponents), forbidden=frozenset(),
                  bye_eligible=True, floats=("", ""), played_games=len(colours),
                  rating=2500 - 10 * number if rating is None else rating)


def state_of(players: list[Player], round_number: int = 6, total: int = 9) -> RoundState:
    players = sorted(players, key=lambda p: (-p.pairing_score, p.rank))
    for order, p in enumerate(players):
        p.order = order
    return RoundState(round_number, total, "w", players, 10, 5)


def pairs_of(state: RoundState, edition: str) -> set[frozenset[int]]:
    return {frozenset(p) for p in BursteinPairer(state, SYSTEMS["burstein"].edition(edition)).pair().as_numbers()}


def forbidding(rows: list[list[tuple[int, int]]], k: int) -> dict[int, set[int]]:
    """Rematches that make every row before row ``k`` impossible and leave row ``k``
    possible: for each earlier row still possible, one of its pairs not in row ``k``."""
    chosen = {frozenset(p) for p in rows[k]}
    met: set[frozenset[int]] = set()
    for row in rows[:k]:
        pairs = [frozenset(p) for p in row]
        if not any(p in met for p in pairs):
            met.add(next(p for p in pairs if p not in chosen))
    opponents: dict[int, set[int]] = {}
    for pair in met:
        a, b = tuple(pair)
        opponents.setdefault(a, set()).add(b)
        opponents.setdefault(b, set()).add(a)
    return opponents


# C.04.4.2 (2017 edition) 6.2, as printed: six players of one SG
TABLE_6_2 = [
    [(1, 6), (2, 5), (3, 4)], [(1, 6), (2, 4), (3, 5)], [(1, 6), (2, 3), (4, 5)],
    [(1, 5), (2, 6), (3, 4)], [(1, 5), (2, 4), (3, 6)], [(1, 5), (2, 3), (4, 6)],
    [(1, 4), (2, 6), (3, 5)], [(1, 4), (2, 5), (3, 6)], [(1, 4), (2, 3), (5, 6)],
    [(1, 3), (2, 6), (4, 5)], [(1, 3), (2, 5), (4, 6)], [(1, 3), (2, 4), (5, 6)],
    [(1, 2), (3, 6), (4, 5)], [(1, 2), (3, 5), (4, 6)], [(1, 2), (3, 4), (5, 6)],
]
# 6.4, as printed: five players of one SG, the floater last ("x*F")
TABLE_6_4 = [
    ([(1, 5), (2, 4)], 3), ([(1, 5), (2, 3)], 4), ([(1, 5), (3, 4)], 2),
    ([(1, 4), (2, 5)], 3), ([(1, 4), (2, 3)], 5), ([(1, 4), (3, 5)], 2),
    ([(1, 3), (2, 5)], 4), ([(1, 3), (2, 4)], 5), ([(1, 3), (4, 5)], 2),
    ([(1, 2), (3, 5)], 4), ([(1, 2), (3, 4)], 5), ([(1, 2), (4, 5)], 3),
    ([(2, 5), (3, 4)], 1), ([(2, 4), (3, 5)], 1), ([(2, 3), (4, 5)], 1),
]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("k", range(15))
def test_6_2_six_players_in_order_of_priority(k, edition):
    """2017 6.1-6.2 (2026 4.3 gives the same order): with combinations (1)..(k)
    made impossible by rematches, combination (k + 1) is the pairing."""
    opponents = forbidding(TABLE_6_2, k)
    state = state_of([player(n, 2, opponents=opponents.get(n, ())) for n in range(1, 7)])
    assert pairs_of(state, edition) == {frozenset(p) for p in TABLE_6_2[k]}


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("k", range(15))
def test_6_4_five_players_and_a_floater_in_order_of_priority(k, edition):
    """2017 6.3-6.4 (2026 4.2-4.3): five players of a SG, one floats to the next SG
    (here player 6, who may meet anybody)."""
    rows = [pairs for pairs, _ in TABLE_6_4]
    opponents = forbidding(rows, k)
    players = [player(n, 2, opponents=opponents.get(n, ())) for n in range(1, 6)] + [player(6, 1)]
    pairs, floater = TABLE_6_4[k]
    assert pairs_of(state_of(players), edition) == {frozenset(p) for p in pairs} | {frozenset((floater, 6))}


@pytest.mark.parametrize("edition", EDITIONS)
def test_6_4_remark_an_incoming_floater_does_not_float_again(edition):
    """2017 6.4 remark: if No. 2 is a floater from another SG, combinations (3), (6)
    and (9) are not valid (6.3; 2026 [C6]: the outgoing floaters' scores are
    minimised).  With (1) and (2) impossible, (3) would float 2: (4) is chosen."""
    players = [player(1, 2), player(2, 3, opponents=(3, 4)), player(3, 2, opponents=(2,)),
               player(4, 2, opponents=(2,)), player(5, 2), player(6, 1), player(7, 4), player(8, 4)]
    assert {frozenset((1, 4)), frozenset((2, 5)), frozenset((3, 6))} <= pairs_of(state_of(players), edition)


DUE = {1: "w", 2: "b", 3: "w", 4: "b", 5: "b", 6: "w"}  # one game each: due White for 2, 4, 5


@pytest.mark.parametrize("edition", EDITIONS)
def test_6_5_colour_example_six_players(edition):
    """2017 6.5: due colour White for 2, 4 and 5, Black for the others: combination
    (4) of 6.2 (1*5, 2*6, 3*4) gives every player his due colour (2026 [C8])."""
    state = state_of([player(n, 1, DUE[n]) for n in range(1, 7)])
    pairing = BursteinPairer(state, SYSTEMS["burstein"].edition(edition)).pair()
    assert {frozenset(p) for p in pairing.as_numbers()} == {frozenset(p) for p in [(1, 5), (2, 6), (3, 4)]}
    assert {w for w, _ in pairing.as_numbers()} == {2, 4, 5}


@pytest.mark.parametrize("edition", EDITIONS)
def test_6_5_colour_example_five_players(edition):
    """2017 6.5: the same due colours in a SG of five: combination (2) of 6.4
    (1*5, 2*3, 4 floats)."""
    players = [player(n, 1, DUE[n]) for n in range(1, 6)] + [player(6, 0, "w")]
    assert pairs_of(state_of(players), edition) == {frozenset((1, 5)), frozenset((2, 3)), frozenset((4, 6))}


def test_6_6_2017_a_floater_who_met_the_whole_next_sg_is_moved_back():
    """2017 6.6: "if the floater has already played every player in the next SG, then the floater
    shall be moved back to its original SG, trying the next possible combination according to the
    order of priority".  SG 2 holds 1-5 (ordered by 3.2: no games counted, so by rating), SG 1 holds
    6-8, SG 0 holds 9-10; every player's due colour is White (so 6.5 ties every combination).
    Combination (1) of 6.4 (1*5, 2*4) floats 3, who has met 6, 7 and 8: he goes back and (2)
    (1*5, 2*3) floats 4, who is paired in SG 1 first (6.3: 1*4 of its four players, 4-8, then
    6-7); SG 0 pairs 9-10.  Before the fix the engine floated 3 on to SG 0 (3-10, 6-8, 7-9)."""
    players = [player(n, 2, "wb", {6, 7, 8} if n == 3 else ()) for n in range(1, 6)]
    players += [player(n, 1, "wb", {3}) for n in (6, 7, 8)] + [player(n, 0, "wb") for n in (9, 10)]
    expected = {frozenset(p) for p in [(1, 5), (2, 3), (4, 8), (6, 7), (9, 10)]}
    assert pairs_of(state_of(players), "2017") == expected
    # 2026 reaches the same pairing by [C7] (the next bracket's [C5]: 3 would float again)
    assert pairs_of(state_of(players), "2026") == expected


def test_6_5_2017_a_player_without_games_has_no_due_colour():
    """2017 6.5 ("maximum number of players should get their due colors") with 1.3 (the due colour
    is read from the colours played: a player with no game has none).  SG 1 holds 1 (no game), 2
    (due White) and 3 (due Black), ordered 1, 2, 3; 6.4's order for three players is 1*3 (2 floats),
    1*2 (3 floats), 2*3 (1 floats).  1*3 and 1*2 give one player his due colour, 2*3 two: 2*3, and 1
    floats to SG 0 (1*6 there: 6.1, then 4*5).  The 2026 text reads it the other way (1.5.4: "players
    who did not play any games have no colour preference (the preference of their opponents is
    granted)", so [C8] counts no miss for him): 1-3 first by 4.3, 2 floats."""
    players = [player(1, 1, ""), player(2, 1, "b"), player(3, 1, "w")] + [player(n, 0, "wb") for n in (4, 5, 6)]
    assert pairs_of(state_of(players), "2017") == {frozenset(p) for p in [(2, 3), (1, 6), (4, 5)]}
    assert pairs_of(state_of(players), "2026") == {frozenset(p) for p in [(1, 3), (2, 6), (4, 5)]}


# 2026 note to 4.3: six players, two pairs and two floaters (BSN 0).  Lines 1-9 and
# 45 are the transcript's; the rest is the complete order of the rule (the
# editor's list in the rules file, not computed here).
CANDIDATES_4_3 = """
1-6 2-5 ; 1-6 2-4 ; 1-6 2-3 ; 1-6 3-5 ; 1-6 3-4 ; 1-6 4-5 ; 1-5 2-6 ; 1-5 2-4 ; 1-5 2-3 ;
1-5 3-6 ; 1-5 3-4 ; 1-5 4-6 ; 1-4 2-6 ; 1-4 2-5 ; 1-4 2-3 ; 1-4 3-6 ; 1-4 3-5 ; 1-4 5-6 ;
1-3 2-6 ; 1-3 2-5 ; 1-3 2-4 ; 1-3 4-6 ; 1-3 4-5 ; 1-3 5-6 ; 1-2 3-6 ; 1-2 3-5 ; 1-2 3-4 ;
1-2 4-6 ; 1-2 4-5 ; 1-2 5-6 ; 2-6 3-5 ; 2-6 3-4 ; 2-6 4-5 ; 2-5 3-6 ; 2-5 3-4 ; 2-5 4-6 ;
2-4 3-6 ; 2-4 3-5 ; 2-4 5-6 ; 2-3 4-6 ; 2-3 4-5 ; 2-3 5-6 ; 3-6 4-5 ; 3-5 4-6 ; 3-4 5-6
"""
LINES_4_3 = [[tuple(int(x) for x in pair.split("-")) for pair in line.split()]
             for line in CANDIDATES_4_3.replace("\n", " ").split(";")]


def test_4_3_the_list_has_every_candidate_once():
    assert len(LINES_4_3) == 45
    assert len({frozenset(frozenset(p) for p in line) for line in LINES_4_3}) == 45


@pytest.mark.parametrize("k", range(45))
def test_4_3_candidate_list_two_pairs_two_floaters(k):
    """2026 4.2-4.3: only two pairs can be made ([C5]: the bracket's graph has a
    vertex cover of two players); with the earlier candidates made impossible by
    rematches, candidate ``k + 1`` is the pairing; its two floaters go down."""
    line = LINES_4_3[k]
    cover = {line[0][0], line[1][0]}
    everyone = set(range(1, 7))
    allowed = {frozenset(p) for p in itertools.combinations(everyone, 2) if cover & set(p)}
    for pair in forbidding(LINES_4_3, k).items():
        a, others = pair
        allowed -= {frozenset((a, b)) for b in others}
    opponents = {n: {m for m in everyone - {n} if frozenset((n, m)) not in allowed} for n in everyone}
    players = [player(n, 3, opponents=opponents[n]) for n in everyone] + [player(n, 1) for n in (7, 8)]
    result = pairs_of(state_of(players), "2026")
    assert {frozenset(p) for p in line} <= result


# -- definitions ---------------------------------------------------------------------

def test_registered_with_both_editions():
    burstein = SYSTEMS["burstein"]
    assert burstein.article == "C.04.4.2"
    assert [e.name for e in burstein.editions] == ["2017", "2026"]
    assert read_trf_code("FIDE_BURSTEIN").edition is None
    assert read_trf_code("FIDE_BURSTEIN_2026_BAKU").baku


@pytest.mark.parametrize(("rounds", "seeding"), [(5, 2), (7, 3), (9, 4), (11, 4), (3, 1)])
def test_1_6_2_seeding_rounds(rounds, seeding):
    """2026 1.6.2: half the rounds rounded down, or 4, whichever is lower."""
    assert seeding_rounds(rounds) == seeding


def test_1_6_1_seeding_rounds_are_dutch():
    """2026 1.6.1: the seeding rounds are paired by the Dutch system."""
    document = build(24, 9, 3, 5, "normal", system="dutch")
    assert pair_round(document, "burstein", edition="2026").as_numbers() == \
        pair_round(document, "dutch", edition="2026").as_numbers()


def test_c047_baku_brackets_by_pairing_score_index_without_virtual_points():
    """C.04.7 (2026) with the 2026 text (1.7.2 names it): 6 players, 5 rounds, two drawn rounds
    (1-5, 2-3, 4-6; 6-1, 4-2, 3-5), everybody on 1 point.  Round 3 is the first Burstein round
    (1.6.2: min(5 // 2, 4) = 2 seeding rounds).  C.04.7 1.2: GA = 2 x ceil(6 / 4) = 4, players 1-4;
    1.4: 3 accelerated rounds, a win's points in the first 2, half of it in round 3, so the pairing
    scores are 1.5 (1-4) and 1 (5, 6), and 1.5 makes the brackets.  Bracket 1.5: 2 has met 3 and 4,
    so 1-2 and 3-4; bracket 1: 5-6.  Colours (5.2): 4 (WW) and 5 (BB) have absolute preferences,
    granted (5.2.3): 3-4, 5-6.  1 and 2 both had White then Black (5.2.4 finds no round where they
    differ): 5.2.5, the higher ranked by 1.8, whose Index leaves the virtual points out (1.7.2):
    Buchholz 1 + 1 for both (1 met 5 and 6, 2 met 3 and 4), Sonneborn-Berger 1 for both, then TPN:
    1 ranks higher and gets White, his alternating colour.  With the virtual points in the Index,
    2's opponents would count 1.5 each and 2 would get White.  Without acceleration one bracket
    of six and another pairing."""
    builder = TrfBuilder(6, 5).game(1, 5, "=").game(2, 3, "=").game(4, 6, "=").next_round()
    document = parse(builder.game(6, 1, "=").game(4, 2, "=").game(3, 5, "=").next_round().text())
    assert pair_round(document, "burstein", edition="2026", baku=True).as_numbers() == [(1, 2), (3, 4), (5, 6)]
    assert {frozenset(p) for p in pair_round(document, "burstein", edition="2026").as_numbers()} != \
        {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}


def test_1_7_index_with_unplayed_rounds():
    """2026 1.7.1-1.7.2: Buchholz sums the opponents' scores, Sonneborn-Berger the
    points times those scores; a round without a game counts as a game against
    oneself; an opponent's zero-point byes up to now count as draws for him."""
    p1 = player(1, 1.5, "wb")
    state = state_of([p1, player(2, 1, "bw")], round_number=4)
    state.results = {
        1: (RoundResult(2, 10, True, "1"), RoundResult(3, 0, True, "0"), RoundResult(None, 5, False, "H")),
        2: (RoundResult(1, 0, True, "0"), RoundResult(None, 10, False, "U"), RoundResult(4, 0, True, "0")),
        3: (RoundResult(4, 10, True, "1"), RoundResult(1, 10, True, "1"), RoundResult(None, 0, False, "Z")),
        4: (RoundResult(3, 0, True, "0"), RoundResult(None, 0, False, "Z"), RoundResult(2, 10, True, "1")),
    }
    index = opposition_2026(state)
    # player 1: opponents 2 (1 point) and 3 (2 points + a draw for the Z up to now), himself (1.5)
    assert index[1].buchholz == 10 + 25 + 15
    assert index[1].sonneborn_berger == 10 * 10 + 0 * 25 + 5 * 15
    # player 2: opponents 1 (1.5) and 4 (1: the Z of round 2 is not a run up to now), himself for the PAB
    assert index[2].buchholz == 15 + 10 + 10
    assert index[2].sonneborn_berger == 0 + 10 * 10 + 0


def test_3_1_bye_to_lowest_score_most_games_lowest_ranked():
    """2026 3.1.3-3.1.5 (and 2017 4.2): among the lowest scores, the player with
    more games, then the lowest ranked (here: the same Index, the larger TPN)."""
    players = [player(1, 2, "wbw"), player(2, 1, "wb"), player(3, 1, "bwb"), player(4, 1, "wbw"),
               player(5, 2, "bwb")]
    assert BursteinPairer(state_of(players), SYSTEMS["burstein"].edition("2026")).pair().bye.number == 4


def test_4_1_a_player_with_the_pab_does_not_get_it_again():
    """2017 4.1 / 2026 [C2]."""
    players = [player(n, 1, "wb"[n % 2]) for n in range(1, 4)]
    players[2].bye_eligible = False
    assert BursteinPairer(state_of(players), SYSTEMS["burstein"].edition("2017")).pair().bye.number == 2


def a_full_point_bye_then_a_loss(bye: str = "F") -> TrfBuilder:
    # Round 1: 5 has a bye (``bye``), 1-2 and 3-4 draw; round 2: 5 loses to 1, 2-3 draw, 4 has the
    # PAB.  Round 3 of 4 (2026: after the 2 seeding rounds): 2, 3 and 5 have 1 point, 5 the lowest
    # SB (0, against 1.25 for 2 and 3).
    return (TrfBuilder(5, 4).bye(5, bye).game(1, 2, "=").game(3, 4, "=").next_round()
            .game(1, 5, "1").game(2, 3, "=").bye(4, "U").next_round())


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_4_1_a_point_without_playing_bars_the_pab(edition):
    """2017 4.1: "A player who has already received a point without playing shall not receive a
    pairing-allocated bye": a full-point bye as well as the PAB and a forfeit win (C.04.1 d names only
    these two); 2026 3.1.1 [C2] (C.04.1 2026 Art. 4: a win's points in one round without playing).
    5 (full-point bye) would be first by 4.2 (lowest SB): 3 takes it.  The pairer, the review of a
    manual pairing and the explanation read the same rule."""
    burstein = SYSTEMS["burstein"]
    document = parse(a_full_point_bye_then_a_loss().text())
    pairing = pair_round(document, "burstein", edition=edition, explain=True)
    assert pairing.bye.number == 3
    assert pairing.explanation.bye_reasons[0].players == (4, 5)  # 4: the PAB, 5: the full-point bye
    chosen = burstein.edition(edition)
    state = chosen.round_state(document)
    assert burstein.first_bye(state, chosen).number == 3
    barred = [f for f in review(state, burstein, chosen, [(1, 4), (2, 3), (5, 0)]) if f.code == "bye"]
    assert [(f.article, f.players, f.absolute) for f in barred] == [
        ({"2017": "C.04.4.2 4.1; C.04.1 d",
          "2026": "C.04.4.2 Art. 2.1.2 [C2]; C.04.1 (2026) Art. 4"}[edition], (5,), True)]


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_4_1_a_half_point_bye_is_not_a_point(edition):
    """Our reading of 2017 4.1: "a point" is a full point (a win's points, as 2026 Art. 4 says), so a
    half-point bye does not bar the PAB: 5, alone with ½ point after it, takes the PAB."""
    document = parse(a_full_point_bye_then_a_loss("H").text())
    pairing = pair_round(document, "burstein", edition=edition, explain=True)
    assert pairing.bye.number == 5
    assert pairing.explanation.bye_reasons[0].players == (4,)


def test_4_1_only_the_burstein_2017_edition_bars_more_than_its_basic_rules():
    # The Dutch, Dubov and Lim texts of the 2017 family follow C.04.1 d (the PAB or a forfeit win),
    # and so does the Dutch system's 1992 precursor (B1.b: "a point without playing, either through
    # a bye or due to an opponent not appearing in time").
    rules = {(s.name, e.name): e.bye_rule for s in SYSTEMS.values() for e in s.editions}
    assert {key for key, rule in rules.items() if rule == PAB_OR_FORFEIT_WIN} == {
        ("dutch", "1992"), ("dutch", "2017"), ("dubov", "2018"), ("lim", "1999")}
    assert rules["burstein", "2017"] == PAB_OR_POINT_WITHOUT_PLAYING


def test_5_2_2026_colours():
    """2026 5.2.2 both preferences; 5.2.3 the stronger one; 5.2.5 the higher ranked."""
    state = state_of([player(1, 1, "w"), player(2, 1, "bb"), player(3, 1, "b"), player(4, 1, "b")])
    first = lambda p: p.number  # noqa: E731 - ranking by TPN
    assert allocate_2026(state.players[0], state.players[2], state, first).white.number == 3  # 5.2.2
    assert allocate_2026(state.players[1], state.players[3], state, first).white.number == 2  # 5.2.3
    # 5.2.4: same histories "b": nothing differs; 5.2.5: the higher ranked gets White
    assert allocate_2026(state.players[2], state.players[3], state, first).white.number == 3


def test_5_4_2017_colours_equalise_then_alternate():
    """2017 5.4: due colours first; then equalising the numbers of colours; then
    alternating from the first difference back."""
    state = state_of([player(1, 1, "wbb"), player(2, 1, "b"), player(3, 1, "wb"), player(4, 1, "bw")])
    first = lambda p: p.number  # noqa: E731
    # 1 (wbb, -1, due White, absolute by 5.3) and 2 (b, -1, due White): 5.3 first
    assert allocate_2017(state.players[0], state.players[1], state, first).white.number == 1
    # 3 (wb: due White) and 4 (bw: due Black): both due colours
    assert allocate_2017(state.players[2], state.players[3], state, first).white.number == 3


@pytest.mark.parametrize("edition", EDITIONS)
def test_first_round_2017_5_1(edition):
    """2017 5.1 / 2026 (Dutch seeding): round 1, odd numbers of the top half get
    the colour drawn for No. 1."""
    builder = TrfBuilder(8, rounds=4 if edition == "2026" else 9)
    pairing = pair_round(parse(builder.text()), "burstein", edition=edition).as_numbers()
    assert set(pairing) == {(1, 5), (6, 2), (3, 7), (8, 4)} or edition == "2017"
    if edition == "2017":  # 6.1 in round one: 1-8, 2-7, 3-6, 4-5 (by rating)
        assert set(pairing) == {(1, 8), (7, 2), (3, 6), (5, 4)}


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", [1, 2])
def test_checker_clean_on_own_tournaments(edition, seed):
    """-c finds nothing in tournaments the engine paired itself."""
    document = build(20, 7, 0, seed, "normal", system="dutch")  # no rounds yet
    document.system_code = SYSTEMS["burstein"].trf_code(SYSTEMS["burstein"].edition(edition))
    rng = random.Random(seed)
    while document.paired_rounds < 7:
        play_round(document, rng, 0.2, system="burstein")
    assert check(document, "burstein") == []


def chunked(pairer: BursteinPairer, bracket: list[int], lower: list[int]):
    """A bracket's pairing by the chunked weighted matching alone (the digits of the
    order of 4.3 as a weight field), the reference of the search."""
    if pairer.edition.weighs_next_bracket and lower:  # [C7]: the next scoregroup weighed too
        pairs, floaters = pairer.solve(bracket, lower, pairer.next_group(lower))
    else:
        pairs, floaters = pairer.solve(bracket, [])
        if pairer.round.completion_mate(floaters + lower) is None:
            pairs, floaters = pairer.solve(bracket, lower)
    return {frozenset(p) for p in pairs}, set(floaters)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", range(40))
def test_4_3_search_gives_the_chunked_matchings_pairing(seed, edition):
    """2026 3.2.2 / 4.3 (2017 6.1-6.5): the first pairing in the order of 4.3 among
    the best by [C5], [C6], [C7] (2026), [C8] under [C4] is the same whether found
    by the fast path, by the search with a witness (``search.py``) or by the
    chunked weighted matching, on random
    brackets with rematches, colour preferences of both strengths, incoming floaters
    and players below."""
    from pairing.engine.systems.burstein.search import GiveUp, OrderSearch
    rng = random.Random(seed)
    size = rng.randint(6, 16)
    histories = ["w", "b", "ww", "bb", "wb", "bw", "wbw", "bwb", "wwb", "bbw", ""]
    players = []
    for n in range(1, size + 1):
        score = rng.choice([2, 2, 2, 2, 3, 1, 1, 0]) if n > 2 else 3
        players.append(player(n, score, rng.choice(histories)))
    numbers = [p.number for p in players]
    for p in players:
        met = {q for q in numbers if q != p.number and rng.random() < 0.3}
        p.played_opponents = frozenset(met)
    for p in players:  # symmetric rematches
        p.played_opponents = frozenset(q for q in p.played_opponents
                                       if p.number in players[q - 1].played_opponents or rng.random() < 0.5)
    for p in players:
        p.played_opponents = frozenset(q for q in numbers if q != p.number and (
            q in p.played_opponents or p.number in players[q - 1].played_opponents))
    state = state_of(players)
    pairer = BursteinPairer(state, SYSTEMS["burstein"].edition(edition))
    vertices = list(range(len(pairer.players)))
    if len(vertices) % 2:
        vertices.pop()
    for cut in (30, 20, 10):
        bracket = sorted((v for v in vertices if pairer.players[v].pairing_score >= cut),
                         key=pairer.position.__getitem__)
        lower = [v for v in vertices if pairer.players[v].pairing_score < cut]
        if len(bracket) < 2 or pairer.round.completion_mate(bracket + lower) is None:
            continue
        try:
            found = OrderSearch(pairer, bracket, lower).run()
        except GiveUp:
            continue
        if found is not None:
            assert ({frozenset(p) for p in found[0]}, set(found[1])) == chunked(pairer, bracket, lower)
        fast = pairer.fast_path(bracket, lower)
        if fast is not None:
            assert ({frozenset(p) for p in fast[0]}, set(fast[1])) == chunked(pairer, bracket, lower)


def test_c7_floater_chosen_so_that_the_next_bracket_pairs():
    """2026 Art. 2.3.3 [C7] (above [C8]): choose the outgoing floaters so that the
    following bracket complies with [C1]-[C6].  dutch-2017 t0164, input r04: in the
    2.5 bracket {1, 3, 5} (3-5 grants both colours, 1-3 does not), floating 1 leaves
    him no partner in the 2.0 bracket (he met 4), floating 5 pairs 5-4 there: the
    text (and py4swiss) pair 1-3 and 5-4, though 3-5 would grant both colours
    ([C8] ranks below [C7])."""
    from tests.engine.test_corpus import DUTCH
    document = parse((DUTCH / "t0164" / "rounds" / "r04.trf").read_text())
    pairs = {frozenset(p) for p in pair_round(document, "burstein", edition="2026").as_numbers()}
    assert {frozenset((1, 3)), frozenset((4, 5))} <= pairs
