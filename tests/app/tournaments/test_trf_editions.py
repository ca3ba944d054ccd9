"""System, edition, Baku acceleration and forbidden pairs through TRF export and import, and the app
pairing exactly as the engine does on the exported file."""

import random
import re
from datetime import date

import pytest

from pairing.engine import pair_round, parse
from pairing.engine.checker import check
from pairing.engine.core.acceleration import with_baku_acceleration
from pairing.engine.trf import ForbiddenPairs, dump
from tests.app.conftest import boards, engine_cli_pairing, make_tournament, pair, play
from tests.app.tournaments.test_trf_exchange import GOOD_LINE, OTHER_LINE, line
from tests.corpora import SHARED
from tournaments.exchange.trf import export, export_document, tournament_document
from tournaments.exchange.trf_import import TrfImportError, import_tournament
from tournaments.models import Player
from tournaments.services.forbidden_pairs import forbid_pair
from tournaments.services.players import register_player, set_absence


def number(tournament, n):
    return tournament.players.get(pairing_number=n)


def pairs_of(tournament) -> set[tuple[int, int, int, int | None]]:
    return {(p.player.pairing_number, p.other.pairing_number, p.first_round, p.last_round)
            for p in tournament.forbidden_pairs.select_related("player", "other")}


@pytest.fixture
def baku(club):
    """Twelve players, six rounds, Dutch 2026 with the Baku acceleration (C.04.7: 1, 1, ½ in rounds 1-3)."""
    return make_tournament(club, players=12, rounds=6, acceleration="baku")


def test_baku_2026_pairing_equals_the_engine_on_the_exported_files(baku, tmp_path):
    """Every round: the app's pairing is what the command line makes of the TRF-16 and TRF-2026 files
    exported just before, with a forbidden pair, a late entry, an absence and forfeits on the way."""
    kept = forbid_pair(baku, number(baku, 1), number(baku, 4))  # would meet in round 1 (1-4, 2-5, 3-6)
    forbid_pair(baku, number(baku, 8), number(baku, 11), 1, 2)
    rng = random.Random(26)
    for r in range(1, 7):
        if r == 2:
            register_player(baku, Player(name="Late, Lara", rating=2450))  # C.04.7 1.3
        if r == 3:
            set_absence(number(baku, 7), 3, "H")
        trf16, trf26 = export(baku, "16"), export(baku, "26")
        assert "192 FIDE_DUTCH_2025_BAKU" in trf16.splitlines() and "192 FIDE_DUTCH_2025_BAKU" in trf26.splitlines()
        round_ = pair(baku)
        app = boards(round_)
        assert app == engine_cli_pairing(trf16, tmp_path) == engine_cli_pairing(trf26, tmp_path), f"round {r}"
        assert app == pair_round(parse(trf26)).as_numbers()
        if r == 1:
            # GA (the top half, 2 x ceil(12/4) = 6 players) is paired within itself, GB too.
            assert all((w <= 6) == (b <= 6) for w, b in app)
            assert (1, 4) not in app and (4, 1) not in app
        play(round_, rng, forfeits=1)
    # The late entry took number 1 (C.04.2 B.3): the pair is kept by player, not by number.
    assert not baku.round_set.filter(games__white__in=[kept.player, kept.other],
                                     games__black__in=[kept.player, kept.other]).exists()
    assert number(baku, 1).name == "Late, Lara" and Player.objects.get(pk=kept.player_id).pairing_number == 2
    # The finished tournament's TRF-2026 file (260 with its rounds) passes the checker (-c) on its own.
    assert check(parse(export(baku, "26"))) == []


def test_baku_changes_the_pairing(club):
    """The acceleration really reaches the engine: without it, round 1 is 1-7, 2-8, ..."""
    plain = make_tournament(club, name="Plain", players=12, rounds=6)
    accelerated = make_tournament(club, name="Accelerated", players=12, rounds=6, acceleration="baku")
    assert sorted(map(sorted, boards(pair(plain)))) == [[1, 7], [2, 8], [3, 9], [4, 10], [5, 11], [6, 12]]
    assert sorted(map(sorted, boards(pair(accelerated)))) == [[1, 4], [2, 5], [3, 6], [7, 10], [8, 11], [9, 12]]


def test_export_writes_system_virtual_points_and_forbidden_pairs(baku):
    forbid_pair(baku, number(baku, 2), number(baku, 9))
    forbid_pair(baku, number(baku, 3), number(baku, 5), 1, 2)
    forbid_pair(baku, number(baku, 6), number(baku, 7), 3, 4)
    trf16, trf26 = export(baku, "16").splitlines(), export(baku, "26").splitlines()
    # C.04.7 1.4 for six rounds: three accelerated rounds, the win's point in the first two, half in the third.
    assert "XXA    1  1.0  1.0  0.5  0.0  0.0  0.0" in trf16
    assert "XXA    7  0.0  0.0  0.0  0.0  0.0  0.0" in trf16
    assert "250       1.0 001 001 0006 0006" in trf26 and "250       0.5 003 003 0006 0006" in trf26
    assert not any(line.startswith("250") and line.endswith("0007 0007") for line in trf26)
    # XXP has no rounds: only the pairs that apply to the round to be paired (1); 260 keeps the ranges.
    assert [line for line in trf16 if line.startswith("XXP")] == ["XXP 2 9", "XXP 3 5"]
    assert [line for line in trf26 if line.startswith("260")] == [
        "260 001 006 0002 0009", "260 001 002 0003 0005", "260 003 004 0006 0007"]
    # The explicit values are the engine's own Baku values of the edition.
    document = tournament_document(baku, rounds=0, pairing=1)
    assert parse(export(baku, "16")).accelerations == with_baku_acceleration(document, "C.04.7").accelerations


def test_round_trip_keeps_system_edition_baku_and_forbidden_pairs(club, baku, tmp_path):
    forbid_pair(baku, number(baku, 1), number(baku, 4))
    forbid_pair(baku, number(baku, 6), number(baku, 12), 1, 3)
    forbid_pair(baku, number(baku, 2), number(baku, 10), 2, 5)
    rng = random.Random(5)
    play(pair(baku), rng)
    play(pair(baku), rng)
    exported = export(baku, "26")
    again = import_tournament(club, exported)
    assert (again.system, again.edition, again.acceleration) == ("dutch", "2026", "baku")
    assert pairs_of(again) == pairs_of(baku) == {(1, 4, 1, None), (6, 12, 1, 3), (2, 10, 2, 5)}
    # TRF-16: the same system and acceleration; XXP holds the pairs of the next round, for every round.
    sixteen = import_tournament(club, export(baku, "16"))
    assert (sixteen.system, sixteen.edition, sixteen.acceleration) == ("dutch", "2026", "baku")
    assert pairs_of(sixteen) == {(1, 4, 1, None), (6, 12, 1, None), (2, 10, 1, None)}
    # The imported tournament pairs round 3 as the original does, and as the engine does on the file.
    assert boards(pair(again)) == boards(pair(baku)) == engine_cli_pairing(exported, tmp_path)


@pytest.mark.parametrize(("edition", "start", "acceleration", "rounds"), [
    ("2017", date(2025, 10, 4), "baku", 9), ("2017", date(2025, 10, 4), "", 5), ("2026", date(2026, 3, 1), "", 5)])
def test_round_trip_of_each_edition(club, edition, start, acceleration, rounds):
    tournament = make_tournament(club, rounds=rounds, edition=edition, start_date=start, acceleration=acceleration)
    play(pair(tournament), random.Random(1))
    for version in ("16", "26"):
        again = import_tournament(club, export(tournament, version))
        assert (again.edition, again.acceleration) == (edition, acceleration)


@pytest.mark.parametrize(("records", "edition"), [
    ([], "2026"),  # nothing said: the latest edition
    (["042 2025/10/04"], "2017"),  # in force on the start date
    (["042 2026/02/01"], "2026"),
    (["192 FIDE_DUTCH", "042 2025/10/04"], "2017"),  # a code without a year names no edition
    (["192 FIDE_DUTCH_2017", "042 2026/03/01"], "2017"),  # 192 says so
    (["192 FIDE_DUTCH_2026"], "2026"),
])
def test_import_reads_the_edition_from_192_else_042(club, records, edition):
    text = "\n".join(["012 Old file", *records, GOOD_LINE, OTHER_LINE, "XXR 5"]) + "\n"
    tournament = import_tournament(club, text)
    assert (tournament.system, tournament.edition, tournament.acceleration) == ("dutch", edition, "")


@pytest.mark.parametrize(("code", "message"), [
    ("FIDE_TEAM_2026", "line 2: record 192 names the Swiss team system (FIDE_TEAM_2026): a team event is created "
                       "in the app (Team events), not imported from a file"),
    ("FIDE_KNOCKOUT", "line 2: record 192 names the pairing system 'FIDE_KNOCKOUT', which the app does not run"),
])
def test_a_file_of_a_system_the_import_does_not_take_is_refused_naming_it(club, code, message):
    text = "\n".join(["012 Old file", f"192 {code}", GOOD_LINE, OTHER_LINE, "XXR 5"]) + "\n"
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, text)
    assert error.value.errors[0].startswith(message)


def test_explicit_baku_virtual_points_make_a_baku_tournament(club, baku):
    play(pair(baku), random.Random(8))
    # Without record 192: only XXA lines with the Baku values of the (latest) edition.
    text = "\r\n".join(line for line in export(baku, "16").split("\r\n") if not line.startswith("192"))
    assert "XXA    1  1.0  1.0  0.5" in text
    again = import_tournament(club, text)
    assert (again.edition, again.acceleration) == ("2026", "baku")


def test_other_virtual_points_are_refused_naming_the_line(club, baku):
    lines = export(baku, "16").split("\r\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("XXA    3"))
    lines[index] = "XXA    3  1.0  0.5  0.5  0.0  0.0  0.0"
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, "\r\n".join(lines))
    assert error.value.errors == [
        f"line {index + 1}: XXA gives player 3 0.5 virtual points in round 2, where the Baku acceleration of "
        f"the 2026 edition (C.04.7) gives 1.0; the app runs no other acceleration"]
    # TRF-2026: the 250 line that differs.
    lines = export(baku, "26").split("\r\n")
    index = lines.index("250       0.5 003 003 0002 0002")
    lines[index] = "250       1.0 003 003 0002 0002"
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, "\r\n".join(lines))
    assert error.value.errors[0].startswith(f"line {index + 1}: 250 gives player 2 1.0 virtual points in round 3")


def test_missing_virtual_points_are_refused_unless_192_asks_for_baku(club, baku):
    lines = [line for line in export(baku, "16").split("\r\n") if not line.startswith(("192", "XXA    5"))]
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, "\r\n".join(lines))
    assert re.fullmatch(r"line \d+: player 5 has no virtual points \(XXA/250\) in round 1, where the Baku "
                        r"acceleration of the 2026 edition \(C.04.7\) gives 1.0", error.value.errors[0])
    assert "192 FIDE_DUTCH_2025_BAKU" in error.value.errors[-1]
    # With 192 ..._BAKU the engine computes what the file leaves out.
    tournament = import_tournament(club, "\r\n".join(["192 FIDE_DUTCH_2025_BAKU", *lines]))
    assert tournament.acceleration == "baku"


def test_forbidden_pairs_of_a_file_are_imported(club):
    others = [line(n, "m", "", f"Player, {n}", 2000 - n, "FRA", "0.0", "").rstrip() for n in range(3, 7)]
    text = "\n".join(["012 Families", GOOD_LINE, OTHER_LINE, *others, "XXR 5", "XXP 3 4 5",
                      "260 002 005 0006 0001"]) + "\n"
    tournament = import_tournament(club, text)
    assert pairs_of(tournament) == {(3, 4, 1, None), (3, 5, 1, None), (4, 5, 1, None), (1, 6, 2, None)}
    assert tournament_document(tournament, rounds=1).forbidden_pairs[-1] == ForbiddenPairs(frozenset({1, 6}), 2)


# The reference corpora, imported ------------------------------------------------------------------------

BAKU_2017 = [sorted(t.glob("rounds/r??.xxa.trf"))[len(list(t.glob("rounds/r??.xxa.trf"))) // 3]
             for t in sorted((SHARED / "corpus" / "dutch-baku").glob("t*"))[::3]]
BAKU_2026 = [rounds[i % len(rounds)]
             for i, t in enumerate(sorted((SHARED / "corpus" / "dutch-2026-baku").glob("t*"))[::3])
             for rounds in [sorted(t.glob("rounds/r??.trf"))]]


@pytest.mark.corpus
@pytest.mark.parametrize("path", BAKU_2017, ids=lambda p: f"{p.parents[1].name}-{p.name[:3]}")
def test_imported_2017_baku_round_is_paired_as_javafo_does(club, path):
    """JaVaFo's virtual points (XXA, C.04.5.1) are Baku's: the tournament is imported as a Baku one and
    the app pairs the round as JaVaFo and bbpPairings did."""
    tournament = import_tournament(club, "192 FIDE_DUTCH_2017\n" + path.read_text())
    assert tournament.acceleration == ("baku" if tournament.rounds >= 9 else "")
    expected = path.with_name(path.name.replace(".xxa.trf", ".pairs")).read_text().split()
    assert sorted(boards(pair(tournament))) == sorted(
        (int(expected[i]), int(expected[i + 1])) for i in range(1, len(expected), 2))


@pytest.mark.corpus
@pytest.mark.parametrize("path", BAKU_2026, ids=lambda p: f"{p.parents[1].name}-{p.stem}")
def test_imported_2026_baku_round_is_paired_as_the_engine_pairs_the_file(club, path, tmp_path):
    """192 FIDE_DUTCH_2025_BAKU: edition 2026 with Baku; the app pairs the next round as the engine
    pairs the original file, and its own export says the same."""
    text = path.read_text()
    tournament = import_tournament(club, text)
    assert (tournament.edition, tournament.acceleration) == ("2026", "baku")
    exported = dump(export_document(tournament))
    assert boards(pair(tournament)) == pair_round(parse(text)).as_numbers() == engine_cli_pairing(exported, tmp_path)
