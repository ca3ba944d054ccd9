"""The PDF printouts of a Double-Swiss round (C.04.5): each board a match of two games, game 2 with
the colours reversed (4.4).  The pairing list by name gives each player's colour in both games, the
result slips a line of boxes per game (White's result first, as on its score sheet) and the match
score line; the PAB is worth a won game plus a drawn game (1.4).  Read back from the PDF's text."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.conftest import make_tournament, pair
from tests.app.fronts.test_printouts import pdf_text, squeeze

pytestmark = pytest.mark.django_db


@pytest.fixture
def match_one(club):
    """Match 1 of five players: 5 the PAB (3.4.4: the largest TPN), 1-3 and 4-2 (3.6.2: the top half
    against the bottom half; 4.3.1: the HRP with an odd TPN has White)."""
    tournament = make_tournament(club, players=5, rounds=2, system="double-swiss", edition="2026",
                                 tiebreaks="BH,SB", name="Double Open")
    return pair(tournament)


def test_the_pairing_list_by_name_gives_both_games_colours(match_one):
    tournament = match_one.tournament
    players = {p.pairing_number: str(p) for p in tournament.players.all()}
    assert [(g.white.pairing_number, g.black.pairing_number if g.black else 0)
            for g in match_one.games.select_related("white", "black")] == [(1, 3), (4, 2), (5, 0)]
    text = squeeze(pdf_text(Client().get(reverse("public:names_pdf", args=[tournament.slug, 1]))))
    assert "Name No. Board Game 1 Game 2 Opponent (No.)" in text
    # 1 has White in game 1 and Black in game 2; 3 the reverse; 4-2 likewise
    assert f"{players[1]} 1 1 White Black {players[3]} (3)" in text
    assert f"{players[3]} 3 1 Black White {players[1]} (1)" in text
    assert f"{players[4]} 4 2 White Black {players[2]} (2)" in text
    assert f"{players[2]} 2 2 Black White {players[4]} (4)" in text
    assert f"{players[5]} 5 bye (1½ pt)" in text  # a won game and a drawn game (1.4)


def test_a_result_slip_has_a_line_per_game_white_first_and_the_match_score(match_one):
    tournament = match_one.tournament
    players = {p.pairing_number: f"{p.pairing_number}. {p}" for p in tournament.players.all()}
    text = pdf_text(Client().get(reverse("public:slips_pdf", args=[tournament.slug, 1])))
    lines = [squeeze(line) for line in text.splitlines()]
    assert text.count("Signature") == 4 and "Round 1 · Board 3" not in text  # the PAB needs no slip
    for board, (first, second) in ((1, (1, 3)), (2, (4, 2))):
        at = lines.index(f"Round 1 · Board {board} Double Open")
        slip = lines[at:at + 6]
        assert slip[1].startswith(f"White {players[first]}") and slip[2].startswith(f"Black {players[second]}")
        assert slip[3] == f"Game 1 1 – 0 ½ – ½ 0 – 1 White: {players[first]}"
        assert slip[4] == f"Game 2 1 – 0 ½ – ½ 0 – 1 White: {players[second]}"  # the colours reversed (4.4)
        assert slip[5] == (f"Match score: {players[first]} ______ – ______ {players[second]} "
                           "(tick one per game; forfeits: the arbiter)")


def test_the_board_list_gives_the_pab_its_match_points(match_one):
    text = squeeze(pdf_text(Client().get(reverse("public:boards_pdf", args=[match_one.tournament.slug, 1]))))
    assert "bye (1½ pt)" in text and "– / –" in text  # no result of either game yet


def test_five_match_slips_still_fit_an_a4_page(club):
    tournament = make_tournament(club, players=10, rounds=2, system="double-swiss", edition="2026",
                                 tiebreaks="BH,SB", name="Double Open")
    pair(tournament)
    text = pdf_text(Client().get(reverse("public:slips_pdf", args=[tournament.slug, 1])))
    assert text.count("Match score:") == 5 and "page 1/1" in text and "page 1/2" not in text
