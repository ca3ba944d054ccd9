"""The TRF layout of the Double-Swiss system (C.04.5): match k as rounds 2k-1 and 2k, read back
with a clear message for a broken layout (pairing.engine.matches)."""

import json

import pytest

from pairing.engine import TrfError, dump, get_system, pair_round, parse
from pairing.engine.matches import match_entries, pab_entries, read_matches
from pairing.engine.trf import PlayerRecord, TrfDocument
from tests.engine.double_builder import MatchBuilder

DOUBLE = get_system("double-swiss")


def state(builder: MatchBuilder):
    return DOUBLE.latest.round_state(parse(builder.text()))


def test_the_match_score_adds_both_games_and_the_pab_is_a_win_and_a_draw():
    """Preface: "points assigned for each game": 1 beats 4 in game 1 and draws game 2, 1½-½; 2 and
    3 win a game each, 1-1; 5 takes the PAB, worth "a match winning a game and drawing the other"
    (1.4): 1½."""
    builder = MatchBuilder(5, 2).match(1, 4, "1=").match(2, 3, "10").pab(5).next_match()
    scores = {p.number: p.score for p in state(builder).players}
    assert scores == {1: 15, 4: 5, 2: 10, 3: 10, 5: 15}


def test_the_round_number_counts_matches():
    """Two matches written (four TRF rounds) of three: the next round to pair is match 3, the last."""
    builder = MatchBuilder(4, 3).match(1, 3, "11").match(2, 4, "==").next_match()
    builder.match(1, 2, "==").match(3, 4, "==").next_match()
    paired = state(builder)
    assert (paired.round_number, paired.total_rounds, paired.last_round) == (3, 3, True)


def test_a_pairing_is_the_first_game_and_the_colour_is_that_of_the_first_game():
    """1.6: a player has had the colour he had in the first game of a match with a game played: 1
    (White in game 1, Black in game 2) has had White once."""
    builder = MatchBuilder(4, 2).match(1, 3, "1=").match(4, 2, "==").next_match()
    players = state(builder).by_number()
    assert (players[1].colours, players[3].colours, players[4].colours) == ("w", "b", "w")


def test_written_matches_are_read_back():
    """The writer's two rounds of a match (colours reversed) and of the PAB read back as one match each."""
    document = TrfDocument(total_rounds=2)
    for number in (1, 2, 3):
        document.players[number] = PlayerRecord(number=number, name=f"P{number}", rating=2000)
    white, black = match_entries(1, 2, ("1", "="), ("0", "="))
    document.players[1].rounds, document.players[2].rounds = white, black
    document.players[3].rounds = pab_entries()
    matches = read_matches(parse(dump(document)))
    assert [(m.opponent, m.colour, m.codes, m.points) for m in (matches[1][0], matches[2][0], matches[3][0])] == [
        (2, "w", ("1", "="), 15), (1, "b", ("0", "="), 5), (None, None, ("U", "H"), 15)]


#: Broken matches: each player's round blocks (opponent, colour, code), and the message.
BROKEN = [
    ({1: ["   2 w 1", "   3 b 0"], 2: ["   1 b 0", "0000 - Z"], 3: ["0000 - Z", "   1 w 1"]},
     "match 1 (rounds 1 and 2): player 1 meets player 2 in round 1 but player 3 in round 2", 102),
    ({1: ["   2 w 1", "   2 w 0"], 2: ["   1 b 0", "   1 b 1"], 3: []},
     "player 1 has colour 'w' in both games; the second game reverses the colours (C.04.5 4.4)", 107),
    ({1: ["   2 w 1", "0000 - H"], 2: ["   1 b 0", "0000 - H"], 3: []},
     "player 1 meets player 2 in round 1 but no opponent in round 2", 102),
    ({1: ["0000 - U", "0000 - U"], 2: [], 3: []},
     "the pairing-allocated bye of player 1 is written U in round 1 and H in round 2", 109),
    ({1: ["0000 - H", "0000 - Z"], 2: [], 3: []},
     "player 1 has 'H' in round 1 but 'Z' in round 2; a bye applies to the whole match", 109),
]


@pytest.mark.parametrize(("blocks", "message", "column"), BROKEN)
def test_a_broken_layout_is_refused_with_its_line_and_column(blocks, message, column):
    """Each broken match names the player, the match and its rounds, and the rule it breaks, at the
    line of player 1 (line 3: after 012 and 192) and the column of his second round."""
    builder = MatchBuilder(3, 2)
    builder.blocks = blocks
    with pytest.raises(TrfError) as error:
        pair_round(parse(builder.text()), "double-swiss")
    assert message in str(error.value)
    assert f"line 3, column {column}:" in str(error.value)


def test_an_odd_number_of_rounds_is_refused():
    """Two TRF rounds a match: XXR 5 cannot be a Double-Swiss tournament."""
    text = MatchBuilder(4, 2).text().replace("XXR 4", "XXR 5")
    with pytest.raises(TrfError, match="XXR/142 gives 5 rounds"):
        pair_round(parse(text), "double-swiss")


def test_the_next_match_needs_both_games_of_the_last():
    """A file whose last match has its first game only cannot pair the next match."""
    builder = MatchBuilder(4, 2).match(1, 3, "1=").match(2, 4, "==").next_match()
    text = "\n".join(line[:101].rstrip() if line.startswith("001") else line for line in builder.text().splitlines())
    with pytest.raises(TrfError, match="match 1 has its first game only"):
        pair_round(parse(text), "double-swiss")


def test_a_bye_for_the_next_match_may_be_written_in_its_first_round_only():
    """240 H 003: a half-point bye for match 2 given in round 3 (its first round): 4 is not paired."""
    builder = MatchBuilder(5, 2).match(1, 3, "1=").match(2, 4, "==").pab(5).next_match()
    builder.line("240 H 003 0004")
    assert 4 not in {n for board in pair_round(parse(builder.text()), "double-swiss").as_numbers() for n in board}


# --- the command line: --double-swiss with -p, --explain, -c, -g ---

def test_the_command_line_pairs_explains_and_checks_a_match(tmp_path, capsys):
    """-p writes the next match (White of the first game first, the PAB last), --explain its
    brackets and colour rules, -c finds the file's matches as the engine pairs them.  Match 1 as
    the engine pairs it (5 players: the PAB to 5, 1-3, 4-2); then 4 has 2, 1 and 5 1½, 3 ½, 2 0.
    Match 2: the PAB to 2 (3.4.2); {4} with the upfloater 1 (3.5.4); {5} with 3.  Colours: 4 and
    1 both White, 4.3.4: 1 White; 5 has no colour, 3 had Black: 4.3.5, 3 White."""
    from pairing.engine.__main__ import main

    builder = MatchBuilder(5, 3).match(1, 3, "1=").match(4, 2, "11").pab(5).next_match()
    trf, out, why = tmp_path / "t.trf", tmp_path / "out.txt", tmp_path / "why.json"
    trf.write_text(builder.text())
    assert main(["--double-swiss", str(trf), "-p", str(out), "--explain", str(why)]) == 0
    assert out.read_text() == "3\n1 4\n3 5\n2 0\n"
    explanation = json.loads(why.read_text())
    assert [(b["white"], b["black"], b["article"]) for b in explanation["boards"]] == [
        (1, 4, "Art. 4.3.4"), (3, 5, "Art. 4.3.5")]
    builder.match(1, 4, "==").match(3, 5, "==").pab(2).next_match()
    trf.write_text(builder.text())
    assert main(["--double-swiss", str(trf), "-c"]) == 0
    assert "No discrepancies." in capsys.readouterr().out


def test_the_command_line_refuses_a_broken_layout_and_the_baku_acceleration(tmp_path, capsys):
    """Bad input exits 2 with the message: a match with two opponents; --baku, which the text leaves
    undefined for a two-game match (docs/systems/double-swiss.md)."""
    from pairing.engine.__main__ import main

    builder = MatchBuilder(3, 2)
    builder.blocks = {1: ["   2 w 1", "   3 b 0"], 2: ["   1 b 0", "0000 - Z"], 3: ["0000 - Z", "   1 w 1"]}
    trf = tmp_path / "t.trf"
    trf.write_text(builder.text())
    assert main(["--double-swiss", str(trf), "-p"]) == 2
    assert "the two games of a match have one opponent" in capsys.readouterr().err
    trf.write_text(MatchBuilder(4, 2).text())
    assert main(["--double-swiss", str(trf), "-p", "--baku"]) == 2
    assert "no acceleration method" in capsys.readouterr().err


def test_the_generator_writes_matches_as_two_rounds(tmp_path):
    """-g: RoundsNumber counts matches; the file has two TRF rounds a match, the PAB as U then H."""
    from pairing.engine.__main__ import main

    out = tmp_path / "g.trf"
    assert main(["--double-swiss", "-g", "-o", str(out), "-s", "7"]) == 0
    document = parse(out.read_text())
    assert document.total_rounds % 2 == 0 and document.paired_rounds == document.total_rounds
    matches = read_matches(document)
    assert all(len(own) == document.total_rounds // 2 for own in matches.values())
    pabs = [match for own in matches.values() for match in own if match.pab]
    assert all(match.codes == ("U", "H") and match.points == 15 for match in pabs)


def test_the_review_of_a_manual_pairing_knows_no_colour_preference():
    """The review of a hand-made pairing (pairing.engine.review) reads the match state: a rematch is
    [C1] (C.04.5 2.1.1); colours break nothing, C.04.5 having no colour preference (1 had White,
    and gets White again: no finding)."""
    from pairing.engine import review_pairing

    builder = MatchBuilder(5, 3).match(1, 3, "1=").match(4, 2, "11").pab(5).next_match()
    state = DOUBLE.latest.round_state(parse(builder.text()))
    findings = review_pairing(state, DOUBLE, DOUBLE.latest, [(1, 3), (4, 5), (2, 0)])
    assert [(f.code, f.article, f.players) for f in findings if f.absolute] == [
        ("rematch", "C.04.5 Art. 2.1.1 [C1]; C.04.1 (2026) Art. 2", (1, 3))]
    assert not [f for f in findings if f.code == "preference"]


def test_virtual_points_are_refused():
    """No acceleration for this system (C.04.7's "points awarded for a win" is undefined for a
    two-game match): a file with XXA virtual points is bad input, not paired without them."""
    text = MatchBuilder(4, 2).line("XXA    1  1.0").text()
    with pytest.raises(TrfError, match="paired without acceleration"):
        pair_round(parse(text), "double-swiss")
