"""The draft page as the arbiter checks a pairing before publishing it (issue 23, item 8): each
player's points before the round (the Baku virtual points marked), rating and colours, and who is
not paired and why; the public pages, PDFs and API never call a player left out by hand absent."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pairing.rounds.manual import apply_manual_change, propose_change
from pairing.rounds.publish import publish_round
from tests.app.conftest import make_tournament, pair, request
from tests.app.fronts.test_printouts import pdf_text, squeeze
from tournaments.models import Player, Result
from tournaments.services.players import register_player, set_absence, withdraw_player
from tournaments.services.results import enter_result
from tournaments.services.setup import leave_fide_mode


@pytest.fixture
def draft(club):
    """Ten players with the Baku acceleration; round 1 won by White on every board; for round 2 #3
    asks for a half-point bye, #4 is absent (zero-point bye), #10 withdraws and a late entry plays
    from round 3; the draft of round 2 then has its board 1 unpaired by hand."""
    tournament = make_tournament(club, players=10, rounds=5, acceleration="baku", half_point_byes=True)
    leave_fide_mode(tournament, confirmations=2)
    round_1 = pair(tournament)
    for game in round_1.games.all():
        enter_result(game, Result.WHITE_WINS)
    players = {p.pairing_number: p for p in tournament.players.all()}
    set_absence(players[3], 2, "H")
    set_absence(players[4], 2, "Z")
    withdraw_player(players[10], 2)
    register_player(tournament, Player(name="Late, Laura", rating=1500, entry_round=3))
    draft = request(tournament)
    assert draft.status == "draft", draft.error
    return draft


def _unpair_board_1(draft) -> set[int]:
    board = draft.games.select_related("white", "black").get(board=1)
    apply_manual_change(draft, "unpair", propose_change(draft, "unpair", board=1).fingerprint, None, board=1)
    return {board.white.pairing_number, board.black.pairing_number}


def _text(markup: str) -> str:
    return squeeze(html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip().replace("\xa0", " ")


def _cell(page: str, number: int) -> str:
    """The text of the draft's board cell of the player with pairing number ``number``."""
    match = re.search(rf'<td class="player" data-number="{number}">(.*?)</td>', page, re.S)
    assert match, f"#{number} is on no board"
    return _text(match.group(1))


def _not_paired_rows(page: str) -> dict[str, str]:
    """The draft's "Not paired in this round" table: reason (and score) by player name."""
    table = page[page.index('id="not-paired-heading"'):]
    table = table[:table.index("</table>")]
    rows = {}
    for row in re.findall(r"<tr><td class=\"player\">(.*?)</tr>", table, re.S):
        rows[_text(re.search(r'<span class="who">(.*?)</span>', row).group(1))] = _text(row.split("</td>", 1)[1])
    return rows


def test_the_draft_shows_points_ratings_virtual_points_and_colours(draft, arbiter, client):
    tournament = draft.tournament
    round_1 = {}  # what round 1 gave each player, as typed above: White won every board
    for game in tournament.round_set.get(number=1).games.select_related("white", "black"):
        round_1[game.white.pairing_number] = ("1 pt", "W")
        round_1[game.black.pairing_number] = ("0 pts", "B")
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[tournament.slug, 2])).content.decode()
    for game in draft.games.select_related("white", "black"):
        for player in (game.white, game.black):
            if player is None:
                continue
            points, colour = round_1[player.pairing_number]
            cell = _cell(page, player.pairing_number)
            assert cell.startswith(f"{player.name} #{player.pairing_number} · {player.rating} · {points}"), cell
            assert cell.endswith(f"· {colour}"), cell
    # Baku (C.04.7 Art. 1.4): in round 2 of five a GA player has a win's virtual point; #1, the top
    # of the rating list, is in GA; #9, near its bottom, is not.
    assert "+1 virtual" in _cell(page, 1) and "virtual" not in _cell(page, 9)
    assert "Baku acceleration's virtual points" in page


def test_the_draft_names_who_is_not_paired_and_why(draft, arbiter, client):
    left_out = _unpair_board_1(draft)
    tournament = draft.tournament
    names = {p.pairing_number: p.name for p in tournament.players.all()}
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[tournament.slug, 2])).content.decode()
    rows = _not_paired_rows(page)
    assert rows[names[3]] == "Half-point bye ½"
    assert rows[names[4]] == "Zero-point bye 0"
    assert rows[names[10]] == "Withdrawn from round 2 0"
    assert rows["Late, Laura"] == "Late entry: paired from round 3 0"
    for number in left_out:
        assert rows[names[number]] == "Left out of the pairing by hand 0"
    assert len(rows) == 4 + len(left_out)
    assert 'id="everybody-paired"' not in page


def test_a_player_left_out_by_hand_is_not_called_absent_once_published(draft, arbiter):
    left_out = _unpair_board_1(draft)
    publish_round(draft, arbiter, confirm=True)
    tournament = draft.tournament
    names = {p.pairing_number: p.name for p in tournament.players.all()}

    page = Client().get(reverse("public:round", args=[tournament.slug, 2])).content.decode()
    rows = _not_paired_rows(page)
    assert {rows[names[n]] for n in left_out} == {"Not paired 0"}
    assert rows[names[4]] == "Zero-point bye 0"
    assert "Absent" not in page

    text = pdf_text(Client().get(reverse("public:boards_pdf", args=[tournament.slug, 2])))
    for number in left_out:
        line = next(squeeze(line) for line in text.splitlines() if names[number] in line)
        assert "Not paired" in line and "Absent" not in line, line

    api = APIClient().get(f"/api/tournaments/{tournament.slug}/rounds/2/").json()
    reasons = {entry["player"]["pairing_number"]: (entry["reason"], entry["code"], entry["points"])
               for entry in api["not_paired"]}
    assert {reasons[n] for n in left_out} == {("Not paired", "Z", 0.0)}
    assert reasons[3] == ("Half-point bye", "H", 0.5)
    assert reasons[10] == ("Withdrawn", "Z", 0.0)

    player = Client().get(reverse("public:player", args=[tournament.slug, min(left_out)])).content.decode()
    assert "Not paired" in player and "Absent" not in player
