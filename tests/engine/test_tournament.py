"""The round state: colour preferences (A.6), unplayed rounds (C.04.2 D.5), floats
(A.4), bye eligibility (C.04.1 d), topscorers (A.7)."""

import pytest

from pairing.engine import TrfError, build_round_state, parse
from pairing.engine.core.state import (
    ABSOLUTE,
    FLOAT_DOWN,
    FLOAT_NONE,
    FLOAT_UP,
    MILD,
    NO_PREFERENCE,
    PAB_OR_FORFEIT_WIN,
    PAB_OR_POINT_WITHOUT_PLAYING,
    STRONG,
    Player,
    forbids_bye,
)
from pairing.engine.trf import RoundEntry, Scoring
from tests.engine.builder import TrfBuilder


def player(colours: str) -> Player:
    return Player(number=1, rank=0, score=0, pairing_score=0, colours=colours,
                  played_opponents=frozenset(), forbidden=frozenset(), bye_eligible=True,
                  floats=("", ""))


@pytest.mark.parametrize("colours, preference, strength", [
    ("", None, NO_PREFERENCE),  # A.6 d: no game played yet
    ("w", "b", STRONG),     # A.6 b: difference +1
    ("b", "w", STRONG),
    ("wb", "w", MILD),      # A.6 c: difference 0, alternate from the last game
    ("bw", "b", MILD),
    ("wbw", "b", STRONG),   # A.6 b: difference +1
    ("bwb", "w", STRONG),
    ("bww", "b", ABSOLUTE),  # A.6 a: the same colour in the last two games
    ("wbb", "w", ABSOLUTE),
    ("wwbw", "b", ABSOLUTE),  # A.6 a: difference +2
    ("bbwb", "w", ABSOLUTE),
])
def test_colour_preferences(colours, preference, strength):
    p = player(colours)
    assert (p.preference, p.strength) == (preference, strength)
    assert p.colour_difference == colours.count("w") - colours.count("b")


def state_of(builder: TrfBuilder, round_number=None, basic_rules="2017"):
    return build_round_state(parse(builder.text()), round_number, basic_rules=basic_rules)


def test_unplayed_rounds_are_skipped_in_the_colour_history():
    # C.04.2 D.5: B W B = W is treated as = B W B W: last two games B W, difference 0
    t = TrfBuilder(6, 6)
    t.game(2, 1, "1").game(3, 4, "1").game(5, 6, "1").next_round()
    t.game(1, 3, "1").game(4, 5, "1").game(6, 2, "1").next_round()
    t.game(4, 1, "1").game(2, 5, "1").game(3, 6, "1").next_round()
    t.game(2, 3, "+").game(4, 6, "1").game(5, 1, "-").next_round()  # 1 wins by forfeit
    t.game(1, 6, "1").game(3, 5, "1").game(4, 2, "=").next_round()
    state = state_of(t)
    one = state.by_number()[1]
    assert one.colours == "bwbw"
    assert (one.preference, one.strength) == ("b", MILD)
    assert 5 not in one.played_opponents  # the forfeited game may be paired again (D.6)
    assert not one.bye_eligible  # forfeit win (C.04.1 d)


def test_bye_eligibility():
    t = TrfBuilder(5, 4).game(1, 2, "1").game(3, 4, "=").bye(5, "U").next_round()
    t.game(5, 1, "=").bye(2, "H").bye(3, "F").bye(4, "Z").next_round()
    eligible = {p.number: p.bye_eligible for p in state_of(t).players}
    assert eligible == {1: True, 2: True, 3: True, 4: True, 5: False}


def test_floats():
    # round 1: all on 0; round 2: 1 (1.0) plays 3 (0.5): 1 downfloats, 3 upfloats
    t = TrfBuilder(6, 5).game(1, 4, "1").game(5, 2, "1").game(3, 6, "=").next_round()
    t.game(3, 1, "0").game(2, 6, "1").bye(4, "Z").bye(5, "H").next_round()
    players = state_of(t).by_number()
    assert players[1].floats == (FLOAT_DOWN, FLOAT_NONE)
    assert players[3].floats == (FLOAT_UP, FLOAT_NONE)
    assert players[2].floats == (FLOAT_UP, FLOAT_NONE)   # 2 (0) met 6 (0.5)
    assert players[6].floats == (FLOAT_DOWN, FLOAT_NONE)
    assert players[4].floats[0] == FLOAT_DOWN   # A.4 b: not playing is a downfloat
    assert players[5].floats[0] == FLOAT_DOWN


def test_topscorers_only_when_pairing_the_last_round():
    t = TrfBuilder(4, 3).game(1, 3, "1").game(4, 2, "=").next_round()
    assert not any(p.topscorer for p in state_of(t).players)
    t = TrfBuilder(4, 3).game(1, 3, "1").game(4, 2, "=").next_round()
    t.game(2, 1, "=").game(3, 4, "1").next_round()
    # last round: over 50 % of the 2 points possible
    top = {p.number for p in state_of(t).players if p.topscorer}
    assert top == {1}


def test_absent_players_are_not_paired_and_pairing_numbers_skip_nobody_valid():
    t = TrfBuilder(4, 3).game(1, 3, "1").game(4, 2, "=").next_round().bye(2, "Z")
    state = state_of(t)
    assert [p.number for p in state.players] == [1, 4, 3]
    assert state.round_number == 2


def test_scores_and_order():
    t = TrfBuilder(4, 3).game(1, 3, "0").game(4, 2, "=").next_round()
    assert [(p.number, p.score) for p in state_of(t).players] == [(3, 10), (2, 5), (4, 5), (1, 0)]


def test_number_of_rounds_is_required():
    with pytest.raises(TrfError, match="XXR"):
        build_round_state(parse(TrfBuilder(2, 1).text().replace("XXR 1\n", "")))


def test_initial_colour_inferred_from_round_one():
    t = TrfBuilder(4, 3, initial=None).game(3, 1, "1").game(2, 4, "1").next_round()
    assert state_of(t).initial_colour == "b"  # number 1 had black


def test_round_already_paired():
    t = TrfBuilder(2, 1).game(1, 2, "1").next_round()
    with pytest.raises(TrfError, match="all 1 rounds"):
        state_of(t)


def test_initial_colour_inferred_when_number_one_was_absent():
    # round 1 without player 1: player 2 was the first pairing number and got the
    # initial colour (E.5 counts only the players paired in that round)
    t = TrfBuilder(5, 3, initial=None).bye(1, "Z").game(4, 2, "1").game(3, 5, "1").next_round()
    assert state_of(t).initial_colour == "b"


@pytest.mark.parametrize(("code", "rule", "barred"), [
    ("U", PAB_OR_FORFEIT_WIN, True), ("U", PAB_OR_POINT_WITHOUT_PLAYING, True),  # the PAB itself
    ("+", PAB_OR_FORFEIT_WIN, True), ("+", PAB_OR_POINT_WITHOUT_PLAYING, True),  # a forfeit win
    # 2026 Art. 4 (Burstein 2017 4.1): any unplayed round worth a win; 2017 d: not a full-point bye
    ("F", PAB_OR_FORFEIT_WIN, False), ("F", PAB_OR_POINT_WITHOUT_PLAYING, True),
    ("H", PAB_OR_FORFEIT_WIN, False), ("H", PAB_OR_POINT_WITHOUT_PLAYING, False),  # not worth a win
    ("Z", PAB_OR_FORFEIT_WIN, False), ("Z", PAB_OR_POINT_WITHOUT_PLAYING, False),
    ("-", PAB_OR_FORFEIT_WIN, False), ("-", PAB_OR_POINT_WITHOUT_PLAYING, False),
    ("1", PAB_OR_FORFEIT_WIN, False), ("1", PAB_OR_POINT_WITHOUT_PLAYING, False),
])
def test_bye_barred_by_an_earlier_round(code, rule, barred):
    entry = RoundEntry(2 if code in "+-1" else None, "w" if code == "1" else None, code)
    assert forbids_bye(entry, Scoring(), rule) is barred


def test_a_pab_worth_less_than_a_win_still_bars_the_next():
    # C.04.1 (2026) Art. 4 "already received a pairing allocated bye" (2017 d the same), whatever the
    # tournament awards for it (Art. 3 "unless the rules of the tournament state otherwise")
    half = Scoring(pairing_bye=5)
    assert forbids_bye(RoundEntry(None, None, "U"), half, PAB_OR_POINT_WITHOUT_PLAYING)
    assert forbids_bye(RoundEntry(None, None, "U"), half, PAB_OR_FORFEIT_WIN)


def test_bye_eligibility_2026_counts_a_full_point_bye():
    # C.04.1 (2026) Art. 4: "scored in one single round, without playing, as many
    # points as rewarded for a win" -- player 3's full-point bye bars the PAB
    t = TrfBuilder(5, 4).game(1, 2, "1").game(3, 4, "=").bye(5, "U").next_round()
    t.game(5, 1, "=").bye(2, "H").bye(3, "F").bye(4, "Z").next_round()
    eligible = {p.number: p.bye_eligible for p in state_of(t, basic_rules="2026").players}
    assert eligible == {1: True, 2: True, 3: False, 4: True, 5: False}


def test_floats_2026_only_for_more_than_a_loss_without_playing():
    # Dutch 2026 Art. 1.4.3: the PAB receiver, or a player scoring more than a loss
    # without playing, downfloats; 1.4.4: nobody else (a zero-point bye, a forfeit
    # loss) floats.  2017 A.4 b: whoever does not play downfloats.
    t = TrfBuilder(8, 5).game(1, 5, "1").game(2, 6, "+").game(3, 7, "1").bye(4, "H").bye(8, "Z").next_round()
    for rules, expected in (("2017", {2: FLOAT_DOWN, 4: FLOAT_DOWN, 6: FLOAT_DOWN, 8: FLOAT_DOWN}),
                            ("2026", {2: FLOAT_DOWN, 4: FLOAT_DOWN, 6: FLOAT_NONE, 8: FLOAT_NONE})):
        players = state_of(t, basic_rules=rules).by_number()
        assert {n: players[n].floats[0] for n in expected} == expected, rules
        assert players[1].floats[0] == FLOAT_NONE  # 1 and 5 met on equal scores


def test_played_games_count_only_games_over_the_board():
    t = TrfBuilder(4, 3).game(1, 2, "1").game(3, 4, "+").next_round()
    players = state_of(t, basic_rules="2026").by_number()
    assert (players[1].played_games, players[3].played_games, players[4].played_games) == (1, 0, 0)
