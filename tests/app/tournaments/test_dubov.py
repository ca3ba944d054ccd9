"""The Dubov system (C.04.4.1) in the app: paired as the command line pairs the exported file, its
edition through TRF export and import, the ARO published with the boards and the standings, and
the brackets stored with the round for the arbiter."""

import random
import re
from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from pairing.engine.checker import check
from pairing.engine.trf import parse
from tests.app.conftest import boards, engine_cli_pairing, make_tournament, pair, play, request
from tournaments.exchange.trf import export
from tournaments.exchange.trf_import import import_tournament
from tournaments.models import Player, Result
from tournaments.services.players import register_player, set_absence, update_player
from tournaments.services.results import enter_result


@pytest.fixture
def dubov(club):
    return make_tournament(club, name="Dubov Open", players=11, rounds=5, system="dubov", edition="2026")


def test_dubov_pairing_equals_the_command_line_on_the_exported_file(dubov, tmp_path):
    """Three rounds with a PAB (11 players), a forfeit and a requested bye on the way."""
    rng = random.Random(44)
    dutch = []
    for number in range(1, 4):
        if number == 3:
            set_absence(dubov.players.get(pairing_number=4), 3, "H")
        exported = export(dubov, "26")
        assert "192 FIDE_DUBOV_2026" in exported.splitlines()
        round_ = pair(dubov)
        app = boards(round_)
        assert app == engine_cli_pairing(exported, tmp_path, "dubov"), f"round {number}"
        dutch.append(app != engine_cli_pairing(exported.replace("FIDE_DUBOV_2026", "FIDE_DUTCH_2025"), tmp_path))
        # The brackets hold every paired player once, and their pairs are the round's boards.
        players = [pk for b in round_.brackets for pk in b["residents"] + [u for u, _ in b["upfloaters"]]]
        paired = [pk for g in round_.games.exclude(result=Result.BYE) for pk in (g.white_id, g.black_id)]
        assert sorted(players) == sorted(paired)
        assert sorted(tuple(p) for b in round_.brackets for p in b["pairs"]) == sorted(
            (g.white_id, g.black_id) for g in round_.games.exclude(result=Result.BYE))
        play(round_, rng, forfeits=1)
    # ... which is not always the Dutch system's pairing of the same file (the system reaches the engine).
    assert any(dutch), dutch
    assert check(parse(export(dubov, "26")), "dubov") == []


@pytest.mark.parametrize(("edition", "start", "code"), [
    ("2018", date(2025, 10, 4), "FIDE_DUBOV_2018"), ("2026", date(2026, 3, 1), "FIDE_DUBOV_2026")])
def test_round_trip_keeps_the_dubov_system_and_its_edition(club, tmp_path, edition, start, code):
    tournament = make_tournament(club, players=8, rounds=4, system="dubov", edition=edition, start_date=start)
    rng = random.Random(3)
    play(pair(tournament), rng)
    for version in ("16", "26"):
        text = export(tournament, version)
        assert f"192 {code}" in text.splitlines()
        again = import_tournament(club, text)
        assert (again.system, again.edition, again.acceleration) == ("dubov", edition, "")
    # The imported tournament pairs round 2 as the original, and as the command line does.
    assert boards(pair(again)) == boards(pair(tournament)) == engine_cli_pairing(text, tmp_path, "dubov")


def test_dubov_2026_takes_the_baku_method_and_2018_none(club):
    """C.04.7 (2026) preface: its methods go with any Swiss system, so with the 2026 Dubov rules;
    the 2018 edition has no acceleration and the message names the edition that has one."""
    tournament = make_tournament(club, players=0, system="dubov", edition="2026", acceleration="baku")
    tournament.full_clean()
    assert tournament.system_code == "FIDE_DUBOV_2026_BAKU"
    tournament.edition = "2018"
    with pytest.raises(ValidationError) as error:
        tournament.full_clean()
    assert error.value.message_dict["acceleration"] == [
        "The 2018 edition of the Dubov system provides for no acceleration: choose none, or the edition that "
        "has the Baku method (2026: C.04.7)."]


@pytest.fixture
def four(club):
    """Four players; the ratings make averages with a half (C.04.4.1 Art. 1.7.2: rounded up)."""
    tournament = make_tournament(club, name="Dubov Four", players=0, rounds=3, system="dubov")
    for name, rating in [("Alpha, A", 2000), ("Bravo, B", 1901), ("Charlie, C", 1800), ("Delta, D", 1700)]:
        register_player(tournament, Player(name=name, rating=rating))
    return tournament


def result(round_, white, black, outcome):
    game = round_.games.get(white__pairing_number=white, black__pairing_number=black)
    enter_result(game, outcome)


def win(round_, number):
    """Player ``number`` wins his game of the round."""
    white, black = next(b for b in boards(round_) if number in b)
    result(round_, white, black, Result.WHITE_WINS if white == number else Result.BLACK_WINS)


def shown_aros(html: str, numbers: dict[str, int]) -> dict[int, str]:
    """The ARO shown under each player's name on a board list."""
    shown = re.findall(r"<span class=\"who\">([^<]+)</span>\s*<small class=\"meta\">.*?</small></a>"
                       r"<small class=\"aro\">ARO (\d+)</small>", html)
    return {numbers[name]: aro for name, aro in shown}


def standings_aros(html: str) -> dict[int, str]:
    """The ARO column of the standings, by pairing number (the second cell)."""
    shown = re.findall(r"<tr><td class=\"rk\">\d+</td><td class=\"no\">(\d+)</td>.*?<td class=\"aro\">(\d+)</td>",
                       html)
    return {int(number): aro for number, aro in shown}


def test_aro_on_the_board_list_and_the_standings(client, four):
    slug = four.slug
    numbers = {str(p): p.pairing_number for p in four.players.all()}
    one = pair(four)
    # 3.2.3: no one has played: G1 is 1-2, G2 is 3-4, paired in TPN order.
    assert sorted(map(sorted, boards(one))) == [[1, 3], [2, 4]]
    html = client.get(reverse("public:round", args=[slug, 1])).content.decode()
    assert shown_aros(html, numbers) == {1: "0", 2: "0", 3: "0", 4: "0"}  # Art. 1.7.3: no game yet
    assert 'id="aro-note"' in html
    win(one, 1)
    win(one, 2)
    standings = client.get(reverse("public:standings", args=[slug])).content.decode()
    assert standings_aros(standings) == {1: "1800", 2: "1700", 3: "2000", 4: "1901"}

    two = pair(four)
    assert sorted(map(sorted, boards(two))) == [[1, 2], [3, 4]]  # the scoregroups of 1 and of 0
    html = client.get(reverse("public:round", args=[slug, 2])).content.decode()
    # The ARO the pairing of round 2 read: after round 1.
    assert shown_aros(html, numbers) == {1: "1800", 2: "1700", 3: "2000", 4: "1901"}
    white, black = boards(two)[0]
    result(two, white, black, Result.DRAW)
    low = next(b for b in boards(two) if 3 in b)
    result(two, *low, Result.WHITE_FORFEIT_WIN)  # not played: no opponent rating (Art. 1.7.1)
    standings = client.get(reverse("public:standings", args=[slug])).content.decode()
    # 1: (1800 + 1901) / 2 = 1850.5 -> 1851; 2: (1700 + 2000) / 2 = 1850; 3 and 4: round 1 only.
    assert standings_aros(standings) == {1: "1851", 2: "1850", 3: "2000", 4: "1901"}

    # The cached page follows the data: the forfeit corrected to a game, then a rating corrected.
    result(two, *low, Result.WHITE_WINS)
    standings = client.get(reverse("public:standings", args=[slug])).content.decode()
    assert standings_aros(standings) == {1: "1851", 2: "1850", 3: "1850", 4: "1851"}
    alpha = four.players.get(pairing_number=1)
    alpha.rating = 2100
    update_player(alpha)
    standings = client.get(reverse("public:standings", args=[slug])).content.decode()
    assert standings_aros(standings) == {1: "1851", 2: "1900", 3: "1900", 4: "1851"}  # 1 met 2 and 3
    # After round 1 only (the round list of the page).
    standings = client.get(reverse("public:standings", args=[slug]) + "?after=1").content.decode()
    assert standings_aros(standings) == {1: "1800", 2: "1700", 3: "2100", 4: "1901"}


def test_no_aro_for_the_dutch_system(client, tournament):
    round_ = pair(tournament)
    play(round_, random.Random(1))
    for url in (reverse("public:round", args=[tournament.slug, 1]), reverse("public:standings",
                                                                             args=[tournament.slug])):
        html = client.get(url).content.decode()
        assert "ARO" not in html and 'class="aro"' not in html


def test_the_arbiter_sees_the_brackets(client, arbiter, four):
    """Round 2 of the four: two brackets of residents; G1 the White seekers (3.2.3)."""
    one = pair(four)
    win(one, 1)
    win(one, 2)
    two = request(four)
    client.force_login(arbiter)
    html = client.get(reverse("arbiter:round", args=[four.slug, 2])).content.decode()
    sections = html.split('<section class="bracket card">')[1:]
    assert [re.search(r"<h3>(.*?)</h3>", s).group(1) for s in sections] == [
        "Bracket 1: score 1", "Bracket 2: score 0"]
    assert "1. Alpha, A" in sections[0] and "2. Bravo, B" in sections[0]
    assert re.search(r"Upfloaters</dt>\s*<dd>none", sections[0])
    assert "S1 (by ARO, then TPN)" in sections[0] and "ARO 1800" in sections[0]
    assert len(two.brackets) == 2
