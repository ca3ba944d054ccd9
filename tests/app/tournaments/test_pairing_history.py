"""A rating correction does not rewrite history (C.04.2 B.3, 2026 Art. 2.3 and 4.3): once round 1
is paired, the numbered players keep their order, so past rounds keep the pairing numbers and Baku
virtual points they were paired with and the exported TRF passes the engine's checker."""

import random
import subprocess
import sys

from django.urls import reverse

from pairing.engine import parse
from tests.app.conftest import boards, make_tournament, pair, play
from tournaments.exchange.trf import export
from tournaments.models import Player
from tournaments.services.players import (
    order_kept,
    pairing_numbers_frozen,
    register_player,
    renumbering_preview,
    update_player,
)


def numbers(tournament):
    return {p.name: p.pairing_number for p in tournament.players.all()}


def engine_check(trf_text: str, tmp_path) -> subprocess.CompletedProcess:
    """``python -m pairing.engine --dutch FILE -c``: the checker re-pairs every round from the file."""
    path = tmp_path / "export.trf"
    path.write_text(trf_text)
    return subprocess.run([sys.executable, "-m", "pairing.engine", "--dutch", str(path), "-c"],
                          capture_output=True, text=True)


def virtual_points(document) -> dict[str, list[int]]:
    """Every player's Baku virtual points by round (XXA), by name: whatever his number."""
    return {document.players[n].name: points for n, points in document.accelerations.items()}


def corrected(tournament, number: int, rating: int) -> Player:
    player = tournament.players.get(pairing_number=number)
    player.rating = rating
    return player


def test_correction_after_round_three_keeps_the_published_rounds(club, tmp_path):
    # The scenario: 15 players, Dutch 2026 + Baku (C.04.7), a correction after round 3.
    tournament = make_tournament(club, players=15, rounds=7, acceleration="baku")
    assert tournament.edition == "2026"
    rng = random.Random(3)
    rounds = []
    for _ in range(3):
        rounds.append(pair(tournament))
        play(rounds[-1], rng)
    assert engine_check(export(tournament), tmp_path).returncode == 0
    paired_boards = [sorted(boards(r)) for r in rounds]
    before = parse(export(tournament))
    before_numbers = numbers(tournament)

    player = corrected(tournament, 14, 2390)  # would be #2 in initial order: 13 players would move
    assert renumbering_preview(player) == []  # 2026 Art. 4.3: not the pairings already made
    update_player(player)

    assert numbers(tournament) == before_numbers
    assert tournament.players.get(pairing_number=14).rating == 2390
    for round_, paired in zip(rounds, paired_boards, strict=True):
        assert sorted(boards(round_)) == paired
    after = parse(export(tournament))
    assert after.players[14].rating == 2390
    # C.04.7 1.2-1.3: group GA (and so every virtual point) is the one rounds 1-3 were paired with.
    assert virtual_points(after) == virtual_points(before)
    checked = engine_check(export(tournament), tmp_path)
    assert checked.returncode == 0, checked.stdout
    assert "No discrepancies." in checked.stdout
    pair(tournament)  # the next round pairs from the same numbers
    assert engine_check(export(tournament), tmp_path).returncode == 0


def test_preview_lists_exactly_the_moves_before_round_one(club):
    # C.04.2 B.3 / 2026 Art. 2.3: before any pairing a correction renumbers in initial order.
    tournament = make_tournament(club, players=15, rounds=7, acceleration="baku")
    names = {p.pairing_number: p.name for p in tournament.players.all()}
    player = corrected(tournament, 14, 2390)
    preview = renumbering_preview(player)
    assert preview == [(names[14], 14, 2)] + [(names[n], n, n + 1) for n in range(2, 14)]
    assert len(preview) == 13
    old = numbers(tournament)
    update_player(player)
    assert [(name, old[name], new) for name, new in sorted(numbers(tournament).items(), key=lambda i: i[1])
            if old[name] != new] == preview
    assert renumbering_preview(tournament.players.get(pairing_number=2)) == []  # nothing more to move


def test_late_entry_after_round_one_keeps_the_order_of_the_others(club):
    # C.04.2 C.3 / 2026 Art. 2.5: a late entry takes his place in the list; the corrected
    # players numbered before keep their order (B.3 only allows a reassignment, never forces it).
    tournament = make_tournament(club, players=8, rounds=6)
    play(pair(tournament), random.Random(1))
    update_player(corrected(tournament, 8, 2800))
    order = [p.name for p in tournament.players.order_by("pairing_number")]
    late = register_player(tournament, Player(name="Late, L", rating=2350, entry_round=2))
    assert late.pairing_number == 3  # between 2400-37 (#2) and 2400-74 (#3)
    assert [p.name for p in tournament.players.order_by("pairing_number") if p.pk != late.pk] == order
    assert order_kept(tournament) and not pairing_numbers_frozen(tournament)


def test_numbers_freeze_after_round_four(club):
    # C.04.2 B.3: no modification of a pairing number after the fourth round, late entries included.
    tournament = make_tournament(club, players=8, rounds=6)
    rng = random.Random(1)
    for _ in range(4):
        play(pair(tournament), rng)
    assert pairing_numbers_frozen(tournament)
    late = register_player(tournament, Player(name="Late, L", rating=2800, entry_round=5))
    assert late.pairing_number == 9


def test_player_form_previews_the_moves_before_the_save(client, club, arbiter):
    tournament = make_tournament(club, players=4, rounds=5)
    last = tournament.players.get(pairing_number=4)
    url = reverse("arbiter:player_edit", args=[tournament.slug, last.pk])
    client.force_login(arbiter)
    data = {"name": last.name, "rating": "2500", "entry_round": "1", "sex": "", "title": "", "federation": ""}
    page = client.post(url + "?preview=1", data, headers={"HX-Request": "true"}).content.decode()
    assert "Saving moves 4 players:" in page and "#4 → #1 Player, D3" in page and "#1 → #2 Player, A0" in page
    assert numbers(tournament)[last.name] == 4  # nothing saved
    page = client.post(url + "?preview=1", {**data, "rating": "abc"}, headers={"HX-Request": "true"})
    assert page.status_code == 200 and "correct the form" in page.content.decode()
    assert "No pairing number changes." in client.get(url).content.decode()
    play(pair(tournament), random.Random(1))
    page = client.post(url + "?preview=1", data, headers={"HX-Request": "true"}).content.decode()
    assert "the numbers are kept since round 1 was paired" in page
