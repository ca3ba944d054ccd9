"""The 2026 edition of the Dutch system (C.04.3 2026, with the C.04.1 and C.04.7
texts of 2026): one test per article that changed against 2017 (see
shared/rules/2026/C04.3-dutch-2017-vs-2026.md), each built so that the 2017 text
gives another answer where the change can show on a small case.  The whole
behaviour is checked against bbpPairings 6.0.0 by the corpus tests."""

import random

import pytest

from pairing.engine import SYSTEMS, TrfError, build_round_state, pair_round, parse, resolve_edition
from pairing.engine.__main__ import main
from pairing.engine.core.acceleration import BAKU_2026, baku_group_a, baku_virtual_points, with_baku_acceleration
from pairing.engine.core.state import FLOAT_DOWN, Player
from pairing.engine.systems.dutch.bracket import Bracket
from pairing.engine.systems.dutch.criteria import CRITERIA_2026
from pairing.engine.systems.dutch.editions import EDITION_2026
from pairing.engine.systems.dutch.pairer import DutchPairer
from pairing.engine.trf import dump
from tests.corpora import corpus_file
from tests.engine.builder import TrfBuilder

DUTCH = SYSTEMS["dutch"]


def boards(builder: TrfBuilder, edition: str) -> list[tuple[int, int]]:
    return pair_round(parse(builder.text()), edition=edition).as_numbers()


def bye_barred_by_a_full_point_bye() -> TrfBuilder:
    # After two rounds 1, 2 and 5 have 1 point, 3 and 4 have 1.5.  2 had the PAB
    # and 5 a forfeit win; 1 lost by forfeit, then had a full-point bye (F).
    t = TrfBuilder(5, 5).game(3, 4, "=").game(5, 1, "+").bye(2, "U").next_round()
    return t.game(3, 5, "1").game(4, 2, "1").bye(1, "F").next_round()


def test_c2_c5_a_full_point_bye_bars_the_pab_and_the_pab_score_rises():
    t = bye_barred_by_a_full_point_bye()
    # 2017 (C.04.1 d): only the PAB and a forfeit win bar it, so 1 takes it at 1 point
    assert boards(t, "2017")[-1] == (1, 0)
    # 2026 [C2] = C.04.1 Art. 4: 1 scored a win's points without playing too, so
    # nobody on 1 point may have it; [C5]: the lowest score left is 1.5
    state = build_round_state(parse(t.text()), basic_rules="2026")
    pairer = DutchPairer(state, edition=EDITION_2026)
    assert pairer.lowest_bye_score(list(range(len(state.players)))) == 15
    assert boards(t, "2026")[-1] == (4, 0)


def corpus_round(corpus: str, tournament: str, round_number: int):
    return parse(corpus_file(corpus, tournament, "rounds", f"r{round_number:02d}.trf").read_text())


def test_art_3_3_3_mdps_meet_residents_never_each_other():
    # dutch-2026 t0014 round 7 (11 players): MDPs 2, 4 (4.5) and 6 (3.5) reach the
    # 2.5 bracket, where only 8 can take an MDP.  Pairing MDP 2 with MDP 6 would
    # make a second "pair" there; S1 holds MDPs and S2 residents (3.2.2, 3.3.3), so
    # the one MDP-Pairing is 2-8 (both colours granted), and 4 meets 11 below.
    pairs = {frozenset(b) for b in pair_round(corpus_round("dutch-2026", "t0014", 7)).as_numbers()}
    assert {frozenset((2, 8)), frozenset((11, 4))} <= pairs


def test_c4_completion_in_every_bracket():
    # dutch-2026 t0098 round 5 (9 players): pairing 1-9 in the 2.0 bracket would
    # leave 3, 7, 5, 8, 6 with no complete pairing (only 5 may take the PAB and 7
    # can meet only 5), so [C4] makes the bracket pair 1-7 instead.
    numbers = pair_round(corpus_round("dutch-2026", "t0098", 5)).as_numbers()
    assert numbers == [(1, 7), (2, 4), (3, 8), (9, 6), (5, 0)]


def test_c9_the_pab_goes_to_the_player_with_fewest_unplayed_games():
    # dutch-2026 t0040 round 5 (11 players): 1 and 3 (2.0) float into the 1.5
    # bracket, where 11 is the only resident; whoever is not paired with 11 floats
    # on and gets the PAB (5 and 7 below can only meet each other).  1 lost a game
    # by forfeit, 3 played all four: [C9] (above the colour criteria) gives the PAB
    # to 3.  The 2017 text has no [C9]: 3-11 grants both colours there, 1 gets it.
    document = corpus_round("dutch-2026", "t0040", 5)
    assert pair_round(document).as_numbers()[-2:] == [(5, 7), (3, 0)]
    assert (1, 11) in pair_round(document).as_numbers()
    assert pair_round(document, edition="2017").as_numbers()[-2:] == [(5, 7), (1, 0)]


@pytest.mark.parametrize(("rounds", "expected"), [
    (9, [10, 10, 10, 5, 5, 0, 0, 0, 0]),      # C.04.7 1.4.4, first example
    (7, [10, 10, 5, 5, 0, 0, 0]),
    (10, [10, 10, 10, 5, 5, 0, 0, 0, 0, 0]),
    (5, [10, 10, 5, 0, 0]),
])
def test_c047_virtual_points(rounds, expected):
    # 1.4: the accelerated rounds are the first half (rounded up); the first half
    # of them (rounded up) carry the points of a win, the others half of that
    assert [baku_virtual_points(r, rounds, 10, BAKU_2026) for r in range(1, rounds + 1)] == expected


def test_c047_virtual_points_with_match_points():
    # 1.4.4, second example: 11 rounds, 2 match points for a win: 2, 2, 2, 1, 1, 1
    assert [baku_virtual_points(r, 11, 20, BAKU_2026) for r in range(1, 8)] == [20, 20, 20, 10, 10, 10, 0]


def test_c047_group_a_is_two_times_n_over_four_rounded_up():
    # 1.2: 22 participants give GA = 12 (bbpPairings 6.0.0 takes 11: see the README)
    document = parse(TrfBuilder(22, 9).line("192 FIDE_DUTCH_2025_BAKU").text())
    assert baku_group_a(document, BAKU_2026) == set(range(1, 13))
    first_boards = pair_round(document).as_numbers()[:6]
    assert {frozenset(b) for b in first_boards} == {frozenset((n, n + 6)) for n in range(1, 7)}


def test_c047_counts_participants_excused_from_round_one():
    t = TrfBuilder(10, 9).bye(2, "H").bye(3, "Z")
    assert baku_group_a(parse(t.text()), BAKU_2026) == set(range(1, 7))


def test_c047_premise_win_equals_two_draws():
    document = parse(TrfBuilder(8, 9).line("BBW 3.0").line("BBD 1.0").text())
    with pytest.raises(TrfError, match=r"C\.04\.7 1\.1"):
        with_baku_acceleration(document, BAKU_2026)
    with_baku_acceleration(document)  # the 2016 text has no such premise here


def test_baku_2026_applies_below_nine_rounds():
    # C.04.7 has no minimum number of rounds (C.04.5.1 rule 1 asked for nine)
    document = parse(TrfBuilder(8, 5).text())
    assert with_baku_acceleration(document) is document
    assert with_baku_acceleration(document, BAKU_2026).accelerations[1] == [10, 10, 5, 0, 0]


def test_edition_selection_order():
    text = TrfBuilder(6, 5).text()
    assert resolve_edition(parse(text), DUTCH).name == "2026"              # the edition in force
    dated = text.replace("012 Test tournament", "012 Test tournament\n042 2025/10/04")
    assert resolve_edition(parse(dated), DUTCH).name == "2017"             # 042 before 1 Feb 2026
    coded = dated + "192 FIDE_DUTCH_2025\n"
    assert resolve_edition(parse(coded), DUTCH).name == "2026"             # 192 before 042
    assert resolve_edition(parse(coded), DUTCH, "2017").name == "2017"     # --edition first
    for code, edition in (("FIDE_DUTCH_2017", "2017"), ("FIDE_DUTCH_2026_BAKU", "2026")):
        assert resolve_edition(parse(text + f"192 {code}\n"), DUTCH).name == edition


def test_exports_write_record_192():
    document = parse(TrfBuilder(4, 5).line("192 FIDE_DUTCH_2025_BAKU").text())
    for version in ("16", "26"):
        assert "192 FIDE_DUTCH_2025_BAKU" in dump(document, version).splitlines()
    assert DUTCH.trf_code(DUTCH.edition("2017"), baku=True) == "FIDE_DUTCH_2017_BAKU"


def test_command_line_edition(tmp_path, capsys):
    path = tmp_path / "t.trf"
    path.write_text(bye_barred_by_a_full_point_bye().text())
    assert main(["--dutch", str(path), "-p", "--edition", "2017"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 0"
    assert main(["--dutch", str(path), "-p"]) == 0  # the edition in force
    assert capsys.readouterr().out.splitlines()[-1] == "4 0"
    path.write_text(bye_barred_by_a_full_point_bye().line("192 FIDE_DUTCH_2017").text())
    assert main(["--dutch", str(path), "-p"]) == 0  # record 192
    assert capsys.readouterr().out.splitlines()[-1] == "1 0"
    with pytest.raises(SystemExit):
        main(["--dutch", str(path), "-p", "--edition", "1999"])


def test_c047_late_entries_do_not_move_the_last_ga_player():
    # 1.3: a file cannot tell a late entry from an absence, so the app says who
    # was on the list before round 1; of 8 players GA has 4, a late entry below
    # them stays in GB, one placed above them joins GA (GA may then be odd)
    document = parse(TrfBuilder(10, 9).text())
    assert baku_group_a(document, BAKU_2026) == set(range(1, 7))
    assert baku_group_a(document, BAKU_2026, registered=[2, 3, 4, 5, 6, 7, 8, 9]) == {1, 2, 3, 4, 5}


def test_given_virtual_points_rule_their_rounds_for_everybody():
    # XXA gives round 1 for player 1 only: nobody else has virtual points in round 1
    # (a file's own GA is never mixed with ours); from round 2 on they are computed
    document = parse(TrfBuilder(8, 5).line("XXA    1  1.0").text())
    points = with_baku_acceleration(document, BAKU_2026).accelerations
    assert points[1] == [10, 10, 5, 0, 0] and points[2] == [0, 10, 5, 0, 0] and points[5] == [0] * 5


def test_c7_score_digits_compare_downfloaters_in_descending_order():
    # [C7] "Minimise the scores (taken in descending order) of the downfloaters":
    # among candidates with as many downfloaters ([C6]), the weight of the players
    # paired (a digit per score) must rank them as the downfloaters' sorted lists do
    scores = [30, 25, 20, 20, 15, 10, 10, 5, 0, 0]
    players = [Player(number=i, rank=i, score=s, pairing_score=s, colours="", played_opponents=frozenset(),
                      forbidden=frozenset(), bye_eligible=True, floats=("", ""), order=i)
               for i, s in enumerate(scores)]
    bracket = Bracket(players[:6], 2, players[6:], False, False, 3, players[6:8])
    rng = random.Random(2026)
    for _ in range(2000):
        floating = rng.randint(1, len(players) - 1)
        a, b = rng.sample(players, floating), rng.sample(players, floating)
        list_a = sorted((p.pairing_score for p in a), reverse=True)
        list_b = sorted((p.pairing_score for p in b), reverse=True)
        better_by_rule = (list_a < list_b) - (list_a > list_b)  # lower scores are better
        paired_a = sum(bracket.score_digit(p) for p in players if p not in a)
        paired_b = sum(bracket.score_digit(p) for p in players if p not in b)
        assert better_by_rule == (paired_a > paired_b) - (paired_a < paired_b)


def test_c14_c18_narrowed_to_residents_and_mdps():
    # [C14]: resident downfloaters who downfloated the round before (an MDP paired
    # down again is not one of them); [C18]: the MDPs who downfloated the round
    # before, by score: pairing the MDP keeps its (higher) score off the list
    def player(i, score, floats):
        return Player(number=i, rank=i, score=score, pairing_score=score, colours="", played_opponents=frozenset(),
                      forbidden=frozenset(), bye_eligible=True, floats=floats, order=i)
    mdp, resident, other = player(0, 20, (FLOAT_DOWN, "")), player(1, 10, (FLOAT_DOWN, "")), player(2, 10, ("", ""))
    bracket = Bracket([mdp, resident, other], 1, [], False, False, 3)
    c14 = next(c for c in CRITERIA_2026 if c.name == "C14")
    c18 = next(c for c in CRITERIA_2026 if c.name == "C18")
    # MDP-other paired, resident floats: C14 counts nothing paired of the D residents
    assert c14.value(bracket, mdp, other) == 0 and c14.value(bracket, mdp, resident) == 1
    # C18 values the paired downfloaters by score: the MDP's pair is worth its score
    assert c18.value(bracket, mdp, other) == bracket.score_digit(mdp)
    assert c18.value(bracket, mdp, other) > c18.value(bracket, resident, other)


def test_c8_the_following_bracket_most_pairs_then_lowest_downfloater_scores():
    # [C8] with [C6]-[C7] in the following bracket: every pair whose lower player is
    # in the next scoregroup counts; then the higher the paired score, the lower the
    # scores left to downfloat from there (a floater paired there beats a pair of
    # next-scoregroup players)
    def player(i, score):
        return Player(number=i, rank=i, score=score, pairing_score=score, colours="", played_opponents=frozenset(),
                      forbidden=frozenset(), bye_eligible=True, floats=("", ""), order=i)
    bracket_players = [player(0, 20), player(1, 20), player(2, 20)]
    following = [player(3, 10), player(4, 10), player(5, 10)]
    bracket = Bracket(bracket_players, 0, following, False, False, 3, following)
    pairs, scores = (next(c for c in CRITERIA_2026 if c.name == name) for name in ("C8 pairs", "C8 scores"))
    floater, a, b = bracket_players[2], following[0], following[1]
    assert pairs.value(bracket, floater, a) == pairs.value(bracket, a, b) == 1
    assert pairs.value(bracket, bracket_players[0], bracket_players[1]) == 0  # not the next bracket
    assert scores.value(bracket, floater, a) > scores.value(bracket, a, b) > 0
