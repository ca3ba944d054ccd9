"""The review of a pairing made by hand (pairing/engine/review.py): each rule it reports, with its
article, on small tournaments written by the test's own TRF builder."""

import pytest

from pairing.engine import EngineError, get_system, pair_round, parse
from pairing.engine.core.compatibility import compatibility_rows, kept_apart
from pairing.engine.review import differences, in_publishing_order, new_findings, review
from pairing.engine.trf import dump
from tests.engine.builder import TrfBuilder

DUTCH = get_system("dutch")
DUBOV = get_system("dubov")


def state_of(builder: TrfBuilder, system=DUTCH, edition="2026"):
    document = parse(builder.text())
    return system.edition(edition).round_state(document, document.paired_rounds + 1)


def found(state, boards, system=DUTCH, edition="2026"):
    return {(f.code, f.players): f for f in review(state, system, system.edition(edition), boards)}


def round_one_played() -> TrfBuilder:
    # Round 1: 1 (white) beats 3, 4 (white) draws with 2.  Scores 1: 1, 2: ½, 3: 0, 4: ½.
    return TrfBuilder(4, 3).game(1, 3, "1").game(4, 2, "=").next_round()


def test_the_engines_own_pairing_breaks_no_absolute_criterion():
    builder = round_one_played()
    pairing = pair_round(parse(builder.text()), "dutch")
    state = state_of(builder)
    assert not [f for f in review(state, DUTCH, DUTCH.latest, pairing.as_numbers()) if f.absolute]


def test_a_rematch_is_c1_with_both_articles():
    findings = found(state_of(round_one_played()), [(3, 1), (2, 4)])
    rematch = findings["rematch", (3, 1)]
    assert rematch.absolute
    assert rematch.article == "C.04.3 Art. 2.1.1 [C1]; C.04.1 (2026) Art. 2"
    assert "already played each other" in rematch.text
    assert ("rematch", (2, 4)) in findings


def test_the_2017_edition_cites_its_own_letters():
    state = state_of(round_one_played(), edition="2017")
    findings = found(state, [(3, 1), (2, 4)], edition="2017")
    assert findings["rematch", (3, 1)].article == "C.04.3 C.1; C.04.1 b"


def test_different_scores_and_a_preference_not_met():
    # 1 (1 point, one white game: a strong preference for black, A.6 b) gets white against 4 (½ point).
    findings = found(state_of(round_one_played()), [(1, 4), (3, 2)])
    score = findings["score", (1, 4)]
    assert not score.absolute and score.article == "C.04.1 (2026) Art. 5"
    assert "1 (1) meets 4 (½)" in score.text
    preference = findings["preference", (1,)]
    assert preference.article == "C.04.1 (2026) Art. 8" and "strong preference for black" in preference.text
    assert ("preference", (4,)) not in findings  # 4 played white and gets black


def test_pab_to_a_player_who_had_it_is_c2():
    builder = TrfBuilder(5, 3).game(1, 3, "1").game(4, 2, "=").bye(5, "U").next_round()
    state = state_of(builder)
    findings = found(state, [(1, 4), (2, 3), (5, 0)])
    bye = findings["bye", (5,)]
    assert bye.absolute and bye.article == "C.04.3 Art. 2.1.2 [C2]; C.04.1 (2026) Art. 4"
    assert ("bye", (3,)) not in found(state, [(1, 4), (2, 5), (3, 0)])


def test_a_full_point_bye_bars_the_pab_in_2026_only():
    # C.04.1 2026 Art. 4: a win's points without playing; 2017 d: only the PAB or a forfeit win.
    builder = TrfBuilder(5, 3).game(1, 3, "1").game(4, 2, "=").bye(5, "F").next_round()
    assert ("bye", (5,)) in found(state_of(builder), [(1, 4), (2, 3), (5, 0)])
    assert ("bye", (5,)) not in found(state_of(builder, edition="2017"), [(1, 4), (2, 3), (5, 0)], edition="2017")


def two_whites(result: str) -> TrfBuilder:
    # 1 and 2 have white twice, 3 and 4 black twice; round 3 is the last.
    return (TrfBuilder(4, 3).game(1, 3, result).game(2, 4, result).next_round()
            .game(1, 4, result).game(2, 3, result).next_round())


def test_same_absolute_preference_is_c3_and_a_third_white():
    state = state_of(two_whites("="))  # all draws: nobody is a topscorer
    findings = found(state, [(1, 2), (3, 4)])
    c3 = findings["colours", (1, 2)]
    assert c3.absolute and c3.article == "C.04.3 Art. 2.1.3 [C3]; C.04.1 (2026) Art. 6-7"
    repeat = findings["repeat", (1,)]
    assert repeat.absolute and repeat.article == "C.04.1 (2026) Art. 7" and "third time in a row" in repeat.text
    difference = findings["difference", (1,)]
    assert difference.absolute and "+3" in difference.text and difference.article == "C.04.1 (2026) Art. 6"
    assert ("colours", (3, 4)) in findings and ("repeat", (4,)) in findings


def test_topscorers_of_the_last_round_are_exempt_in_the_dutch_system_only():
    state = state_of(two_whites("1"))  # 1 and 2 won twice: topscorers in the last round (A.7 / 1.8)
    dutch = found(state, [(1, 2), (3, 4)])
    assert ("colours", (1, 2)) not in dutch
    assert not dutch["repeat", (1,)].absolute and "topscorer" in dutch["repeat", (1,)].text
    dubov_state = state_of(two_whites("1"), DUBOV)
    dubov = found(dubov_state, [(1, 2), (3, 4)], DUBOV)
    assert dubov["colours", (1, 2)].absolute
    assert dubov["colours", (1, 2)].article == "C.04.4.1 Art. 2.1.3 [C3]; C.04.1 (2026) Art. 6-7"


def test_a_forbidden_pair():
    builder = round_one_played().line("XXP 1 2")
    findings = found(state_of(builder), [(1, 2), (4, 3)])
    assert findings["forbidden", (1, 2)].absolute


def test_players_left_unpaired():
    findings = found(state_of(round_one_played()), [(2, 1)])
    unpaired = findings["unpaired", (3, 4)]
    assert unpaired.absolute and unpaired.article == "C.04.1 (2026) Art. 3"


@pytest.mark.parametrize(("boards", "message"), [
    ([(1, 2), (2, 3)], "player 2 is on two boards"),
    ([(1, 9)], "player 9 is not to be paired"),
    ([(1, 0), (2, 0)], "only one pairing-allocated bye"),
])
def test_impossible_boards_are_refused(boards, message):
    with pytest.raises(EngineError, match=message):
        review(state_of(round_one_played()), DUTCH, DUTCH.latest, boards)


def test_differences_and_new_findings():
    state = state_of(round_one_played())
    engine = pair_round(parse(round_one_played().text()), "dutch").as_numbers()
    proposal = [(engine[0][1], engine[0][0]), *engine[1:]]  # colours swapped on board 1
    removed, added = differences(engine, proposal)
    assert removed == [engine[0]] and added == [proposal[0]]
    fresh = new_findings(review(state, DUTCH, DUTCH.latest, proposal), review(state, DUTCH, DUTCH.latest, engine))
    assert fresh and all(f.code in ("preference", "repeat", "difference") for f in fresh)


def test_publishing_order_puts_the_leaders_first_and_the_bye_last():
    builder = TrfBuilder(5, 3).game(1, 3, "1").game(4, 2, "=").bye(5, "U").next_round()
    assert in_publishing_order(state_of(builder), [(5, 0), (3, 2), (4, 1)]) == [(4, 1), (3, 2), (5, 0)]


def test_comment_lines_are_kept_through_a_round_trip():
    text = round_one_played().line("### Round 2, manual change 1: players 1 and 2 exchanged").text()
    document = parse(text)
    assert document.comments == [" Round 2, manual change 1: players 1 and 2 exchanged"]
    again = parse(dump(document))
    assert again.comments == document.comments
    assert [r.rounds for r in again.players.values()] == [r.rounds for r in document.players.values()]
    assert dump(again) == dump(document)


def one_point_ahead() -> TrfBuilder:
    # Round 1: 1 beats 2, 3 beats 4, 5 absent (a zero-point bye: no bar to the PAB).  Round 2 of 3:
    # 1 and 3 have 1 point, 2, 4 and 5 none; any of 2, 4, 5 can take the PAB, the others still pair.
    return TrfBuilder(5, 3).game(1, 2, "1").game(3, 4, "1").bye(5, "Z").next_round()


@pytest.mark.parametrize(("system", "edition", "article"), [
    ("dutch", "2026", "C.04.3 Art. 2.3.1 [C5]"),
    ("dubov", "2018", "C.04.4.1 B.0 b-c"),
    ("dubov", "2026", "C.04.4.1 Art. 3.1.2-3.1.3"),
    ("burstein", "2017", "C.04.4.2 4.2"),
    ("burstein", "2026", "C.04.4.2 Art. 3.1.2-3.1.3 (seeding rounds: Art. 1.6.1, C.04.3 [C5])"),
    ("lim", "1999", "C.04.4.3 1.1"),
    ("lim", "2026", "C.04.4.3 Art. 1.1"),
])
def test_a_pab_above_the_lowest_score_it_can_go_to(system, edition, article):
    swiss = get_system(system)
    state = state_of(one_point_ahead(), swiss, edition)
    findings = found(state, [(2, 3), (4, 5), (1, 0)], swiss, edition)
    bye = findings["bye_score", (1, 2, 4, 5)]
    assert bye.article == article and not bye.absolute
    assert bye.text == ("1 (1) gets the pairing-allocated bye, but a complete pairing can give it to a player "
                        "with 0: 2, 4, 5.")
    # The lowest score: no finding; nor for the engine's own pairing.
    assert not [f for f in review(state, swiss, swiss.edition(edition), [(1, 3), (2, 4), (5, 0)])
                if f.code == "bye_score"]
    engine = pair_round(parse(one_point_ahead().text()), system, edition=edition).as_numbers()
    assert engine[-1][0] in (2, 4, 5)
    assert not [f for f in review(state, swiss, swiss.edition(edition), engine) if f.code == "bye_score"]


def test_the_dutch_2017_pab_has_no_score_rule():
    # 2017: the PAB is whoever the last bracket leaves unpaired (A.9); [C5] is new in 2026.
    state = state_of(one_point_ahead(), edition="2017")
    assert ("bye_score", (1, 2, 4, 5)) not in found(state, [(2, 3), (4, 5), (1, 0)], edition="2017")


def test_the_lowest_score_is_the_lowest_a_complete_pairing_allows():
    # Round 1: 1 beats 2, 3 beats 4, 5 had the PAB (no second one, [C2]).  2 may meet only 4, and 4
    # only 2 (they met 1 and 3, the rest is forbidden): neither can take the PAB, whose lowest
    # score is then 1 point (1 or 3), not 0.
    builder = (TrfBuilder(5, 3).game(1, 2, "1").game(3, 4, "1").bye(5, "U").next_round()
               .line("XXP 4 1").line("XXP 4 5").line("XXP 2 3").line("XXP 2 5"))
    state = state_of(builder)
    assert not [f for f in review(state, DUTCH, DUTCH.latest, [(4, 2), (5, 3), (1, 0)]) if f.code == "bye_score"]
    assert pair_round(parse(builder.text()), "dutch").as_numbers()[-1][0] in (1, 3)


def test_kept_apart_reads_the_compatibility_graph():
    # The one rule for one pair names the reason the graph drops the edge, and nothing else.
    for builder, system in ((two_whites("="), DUTCH), (two_whites("1"), DUTCH), (two_whites("1"), DUBOV),
                            (round_one_played().line("XXP 1 2"), DUTCH)):
        state = state_of(builder, system)

        def exempt(player, state=state, system=system):
            return system.colour_exempt(state, player)

        rows = compatibility_rows(state.players, exempt)
        for i, a in enumerate(state.players):
            for j, b in enumerate(state.players):
                if i != j:
                    assert (kept_apart(a, b, exempt) is None) == bool(rows[i] >> j & 1), (a, b)


def test_lim_lets_players_of_the_same_score_meet_whatever_their_colours_in_the_last_round():
    # C.04.4.3 Art. 6: in the last round the same score has priority over the colour rules of 2.1.
    # All four drew twice (1 point each); 1 and 2 had White twice, 3 and 4 Black twice.
    lim = get_system("lim")
    last = found(state_of(two_whites("="), lim), [(1, 2), (3, 4)], lim)
    assert ("colours", (1, 2)) not in last and ("colours", (3, 4)) not in last
    repeat = last["repeat", (1,)]
    assert not repeat.absolute and "same score in the last round" in repeat.text
    assert not last["difference", (1,)].absolute
    # Not in the last round: the colour rules are absolute again.
    earlier = (TrfBuilder(4, 4).game(1, 3, "=").game(2, 4, "=").next_round()
               .game(1, 4, "=").game(2, 3, "=").next_round())
    before = found(state_of(earlier, lim), [(1, 2), (3, 4)], lim)
    assert before["colours", (1, 2)].absolute and before["repeat", (1,)].absolute


@pytest.mark.parametrize("edition", ["1999", "2026"])
def test_lim_lowest_pab_score_counts_the_same_score_pairs_of_the_last_round(edition):
    # C.04.4.3 Art. 6 in the PAB's lowest score (1.1).  Round 3 of 3: 1 and 2 (1 point) had Black
    # twice, 3 (1 point) White twice, 4 and 5 have ½.  Whichever of 4 and 5 takes the PAB, 1 (who met
    # 3 and 5) must meet 2, which only Art. 6 allows in the last round.  The PAB to 3 is then above
    # the lowest score: a finding, as the pairer's completion check (with Art. 6) sees it.
    lim = get_system("lim")
    builder = (TrfBuilder(5, 3).game(3, 1, "=").game(4, 2, "=").next_round()
               .game(5, 1, "=").game(3, 2, "=").next_round())
    state = state_of(builder, lim, edition)
    bye = found(state, [(1, 4), (2, 5), (3, 0)], lim, edition)["bye_score", (3, 4, 5)]
    assert bye.text == ("3 (1) gets the pairing-allocated bye, but a complete pairing can give it to a player "
                        "with ½: 4, 5.")
    engine = pair_round(parse(builder.text()), "lim", edition=edition).as_numbers()
    assert engine[-1] == (5, 0) and (1, 2) in engine
    assert not [f for f in review(state, lim, lim.edition(edition), engine) if f.code.startswith("bye")]


@pytest.mark.parametrize(("system", "edition", "article"), [
    ("dubov", "2018", "C.04.4.1 B.0 d-e"),
    ("dubov", "2026", "C.04.4.1 Art. 3.1.4-3.1.5"),
    ("burstein", "2017", "C.04.4.2 4.2-4.3"),
    ("burstein", "2026", "C.04.4.2 Art. 3.1.4-3.1.5"),
    ("lim", "1999", "C.04.4.3 1.1 (round 1: 7.1)"),
    ("lim", "2026", "C.04.4.3 Art. 1.1 (round 1: 7.1)"),
])
def test_a_pab_to_another_player_of_the_lowest_score_than_the_systems_order_gives(system, edition, article):
    # one_point_ahead: 2, 4, 5 have 0 points and each leaves a complete pairing; 2 and 4 played a
    # game, 5 none.  Dubov (most games, then the largest TPN) and Burstein 2026 (most games, then the
    # lowest ranking) give it to 4, Lim (the lowest ranked) and Burstein 2017 (the lowest SB) to 5.
    # Giving it to another of them is a finding naming both.
    swiss = get_system(system)
    state = state_of(one_point_ahead(), swiss, edition)
    first = swiss.first_bye(state, swiss.edition(edition)).number
    assert first == (5 if (system, edition) in (("lim", "1999"), ("lim", "2026"), ("burstein", "2017")) else 4)
    engine = pair_round(parse(one_point_ahead().text()), system, edition=edition).as_numbers()
    assert engine[-1] == (first, 0)  # the pairer's own choice
    other = 2 if first != 2 else 4
    rest = [n for n in (1, 2, 3, 4, 5) if n != other]
    boards = [(rest[0], rest[1]), (rest[2], rest[3]), (other, 0)]
    order = [f for f in review(state, swiss, swiss.edition(edition), boards) if f.code.startswith("bye")]
    assert [(f.code, f.article, f.players, f.absolute) for f in order] == [
        ("bye_order", article, (other, first), False)]
    assert not [f for f in review(state, swiss, swiss.edition(edition), engine) if f.code.startswith("bye")]


def test_no_pab_order_finding_in_the_dutch_system():
    # Dutch: the PAB is not assigned before the pairing (its order is the brackets' pairing: [C9], 3.8.1)
    state = state_of(one_point_ahead())
    assert DUTCH.first_bye is None
    assert not [f for f in review(state, DUTCH, DUTCH.latest, [(1, 3), (5, 4), (2, 0)]) if f.code == "bye_order"]


@pytest.mark.parametrize(("edition", "rematch", "bye"), [
    ("1999", "C.04.4.3 2.1; C.04.1 b", "C.04.1 d"),
    ("2026", "C.04.4.3 Art. 2.1; C.04.1 (2026) Art. 2", "C.04.1 (2026) Art. 4")])
def test_lim_cites_its_compatibility_rule_2_1_and_the_basic_rules_for_the_pab(edition, rematch, bye):
    """Lim 2.1: compatible players have not met (and keep the colour limits); 1.1 adds nothing to who
    may take the PAB, so [C2] cites C.04.1 alone."""
    lim = get_system("lim")
    state = state_of(round_one_played(), lim, edition)
    assert found(state, [(3, 1), (2, 4)], lim, edition)["rematch", (3, 1)].article == rematch
    builder = TrfBuilder(5, 3).game(1, 3, "1").game(4, 2, "=").bye(5, "U").next_round()
    findings = found(state_of(builder, lim, edition), [(1, 4), (2, 3), (5, 0)], lim, edition)
    assert findings["bye", (5,)].article == bye



DOUBLE = get_system("double-swiss")


def two_matches_drawn() -> TrfBuilder:
    """Six players, a Double-Swiss tournament of 4 matches (XXR 8: match k is TRF rounds 2k-1, 2k),
    every game drawn.  White in game 1 of match 1: 1, 2, 3; of match 2: 1, 6, 4.  So the colours
    of the matches (1.6) are 1 ww, 2 wb, 3 wb, 4 bw, 5 bb, 6 bw, everybody on 2 points."""
    builder = TrfBuilder(6, 8)
    for match in ([(1, 4), (2, 5), (3, 6)], [(1, 5), (6, 2), (4, 3)]):
        for white, black in match:
            builder.game(white, black, "=")
        builder.next_round()
        for white, black in match:
            builder.game(black, white, "=")  # game 2: the colours reversed (4.4)
        builder.next_round()
    return builder


def double_findings(boards):
    state = DOUBLE.latest.round_state(parse(two_matches_drawn().text()), 3)
    return {(f.code, f.players): f for f in review(state, DOUBLE, DOUBLE.latest, boards)}


def test_a_double_swiss_board_is_judged_by_article_4_not_by_the_colour_limits():
    # 4.3.2: White to the player with fewer Whites (6 against 1, 5 against 4); 4.3.4: 2 and 3 have
    # the same colours, the HRP (2: equal scores, smaller TPN) alternates from its last, Black: White
    assert double_findings([(6, 1), (2, 3), (5, 4)]) == {}
    found = double_findings([(1, 6), (3, 2), (5, 4)])
    assert set(found) == {("allocation", (1, 6)), ("allocation", (3, 2))}
    assert found["allocation", (1, 6)].article == "C.04.5 Art. 4.3.2"
    assert found["allocation", (3, 2)].article == "C.04.5 Art. 4.3.4"
    assert not found["allocation", (1, 6)].absolute
    # 1 gets White in a third match in a row: no C.04.1 colour limit in C.04.5 (no "repeat", "difference")
    assert found["allocation", (1, 6)].text == ("1 gets White against 6 in game 1 (game 2 reverses the colours), "
                                                "but the colour rule gives White to 6.")


def test_a_double_swiss_rematch_is_a_match_met_before():
    found = double_findings([(4, 1), (2, 3), (5, 6)])
    assert found["rematch", (4, 1)].article == "C.04.5 Art. 2.1.1 [C1]; C.04.1 (2026) Art. 2"
    assert found["rematch", (4, 1)].absolute
