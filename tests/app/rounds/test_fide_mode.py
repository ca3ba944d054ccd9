"""FIDE mode and manual changes of a draft pairing: the scoring fixed once round 1 is paired, each kind
of change reviewed with the articles it breaks, recorded (rows, audit log, TRF ### lines), the double
confirmation to leave FIDE mode, and chief arbiters only."""

import subprocess
import sys
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from rest_framework.test import APIClient

from pairing.engine import parse
from pairing.rounds.manual import apply_manual_change, engine_boards, propose_change, unpaired_players
from pairing.rounds.publish import publish_round
from tests.app.conftest import boards, make_tournament, pair, request
from tournaments.exchange.trf import export
from tournaments.exchange.trf_import import import_tournament
from tournaments.models import AuditEntry, ManualChange, Membership, Player, Result
from tournaments.services import Refused
from tournaments.services.forbidden_pairs import forbid_pair
from tournaments.services.players import register_player, remove_player
from tournaments.services.results import enter_result
from tournaments.services.setup import leave_fide_mode, update_tournament

Kind = AuditEntry.Kind


def white_wins(round_):
    for game in round_.games.exclude(result=Result.BYE):
        enter_result(game, Result.WHITE_WINS)


@pytest.fixture
def draft(club):
    """Round 2 of seven players as a draft; round 1 published, every white won, 7 had the PAB."""
    tournament = make_tournament(club, players=7)
    first = pair(tournament)
    assert boards(first)[-1] == (7, 0)
    white_wins(first)
    return request(tournament)


def board_of(round_, number: int) -> int:
    return next(i for i, board in enumerate(boards(round_), start=1) if number in board)


def codes(proposal) -> set[str]:
    return {f.code for f in proposal.findings}


def test_scoring_is_fixed_once_round_one_is_paired_in_fide_mode(club, arbiter, client):
    tournament = make_tournament(club, players=4)
    assert tournament.fide_mode
    tournament.points_win = Decimal("3")
    update_tournament(tournament)  # before round 1: free
    request(tournament)
    tournament.refresh_from_db()
    tournament.points_pairing_bye = Decimal("3")
    with pytest.raises(Refused, match=r"C\.04\.1 2026 Art\. 3"):
        update_tournament(tournament)
    tournament.refresh_from_db()
    tournament.late_entry_bye = "H"  # a late entrant's rounds before his arrival: scores paired on too
    with pytest.raises(Refused, match=r"C\.04\.1 2026 Art\. 3"):
        update_tournament(tournament)
    tournament.refresh_from_db()
    tournament.points_pairing_bye = Decimal("3")
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:tournament_edit", args=[tournament.slug])).content.decode()
    for field in ("points_pairing_bye", "late_entry_bye"):
        assert f'name="{field}"' in page and "disabled" in page.split(f'name="{field}"')[1][:80]
    # Out of FIDE mode the arbiter may change it (the standings follow).
    leave_fide_mode(tournament, arbiter, confirmations=2)
    tournament.refresh_from_db()
    tournament.points_pairing_bye = Decimal("3")
    update_tournament(tournament)
    tournament.refresh_from_db()
    assert tournament.points_pairing_bye == 3


def test_a_colour_swap_shows_the_preference_it_breaks(draft):
    proposal = propose_change(draft, "swap", board=1)
    white, black = boards(draft)[0]
    assert proposal.summary == f"Round 2: colours swapped on board 1: {white}-{black} becomes {black}-{white}"
    assert "preference" in codes(proposal)
    assert next(f for f in proposal.findings if f.code == "preference").article == "C.04.1 (2026) Art. 8"
    assert proposal.removed == [(white, black)] and proposal.added == [(black, white)]
    assert boards(draft)[0] == (white, black)  # a review changes nothing


def test_an_exchange_across_scoregroups_pairs_different_scores(draft):
    last_game = len(boards(draft)) - 1  # the bye is last
    proposal = propose_change(draft, "exchange", board=1, other_board=last_game)
    score = next(f for f in proposal.findings if f.code == "score")
    assert score.article == "C.04.1 (2026) Art. 5" and not score.absolute


def test_unpair_then_pair_a_rematch(draft, arbiter):
    first = boards(draft.tournament.round_set.get(number=1))[0]  # they met in round 1
    for number in first:
        proposal = propose_change(draft, "unpair", board=board_of(draft, number))
        assert "unpaired" in codes(proposal)
        assert next(f for f in proposal.findings if f.code == "unpaired").article == "C.04.1 (2026) Art. 3"
        apply_manual_change(draft, "unpair", proposal.fingerprint, arbiter, board=board_of(draft, number))
    assert set(first) <= {p.pairing_number for p in unpaired_players(draft)}
    proposal = propose_change(draft, "pair", player=first[1], other=first[0])
    rematch = next(f for f in proposal.findings if f.code == "rematch")
    assert rematch.absolute and rematch.article == "C.04.3 Art. 2.1.1 [C1]; C.04.1 (2026) Art. 2"
    left = next(f for f in proposal.findings if f.code == "unpaired")  # the two opponents they left
    assert len(left.players) == 2 and not set(first) & set(left.players)


def test_the_pab_to_a_player_who_had_it_breaks_c2(draft):
    holder = boards(draft)[-1][0]
    proposal = propose_change(draft, "bye", player=7)
    bye = next(f for f in proposal.findings if f.code == "bye")
    assert bye.absolute and bye.players == (7,) and bye.article == "C.04.3 Art. 2.1.2 [C2]; C.04.1 (2026) Art. 4"
    assert (7, 0) in proposal.after and (holder, 0) not in proposal.after
    assert "unpaired" not in codes(proposal)  # the former holder meets 7's opponent


def test_a_forbidden_pair(club, arbiter):
    tournament = make_tournament(club, players=6)
    first = pair(tournament)
    white_wins(first)
    a, b = (first.games.get(board=n).white for n in (1, 2))  # two winners of round 1: they have not met
    forbid_pair(tournament, a, b)
    draft = request(tournament)
    for player in (a, b):
        board = board_of(draft, player.pairing_number)
        proposal = propose_change(draft, "unpair", board=board)
        apply_manual_change(draft, "unpair", proposal.fingerprint, arbiter, board=board)
    proposal = propose_change(draft, "pair", player=a.pairing_number, other=b.pairing_number)
    forbidden = next(f for f in proposal.findings if f.code == "forbidden")
    assert forbidden.absolute and forbidden.players == (a.pairing_number, b.pairing_number)
    assert "rematch" not in codes(proposal)


def test_a_change_is_saved_recorded_and_written_to_the_trf(draft, arbiter, club):
    engine = boards(draft)
    proposal = propose_change(draft, "swap", board=1)
    change = apply_manual_change(draft, "swap", proposal.fingerprint, arbiter, board=1)
    change.refresh_from_db()
    assert boards(draft) == proposal.after and boards(draft) != engine
    key = dict(draft.tournament.players.values_list("pairing_number", "pk")) | {0: 0}
    assert (change.kind, change.before, change.fide_mode) == ("swap", [[key[w], key[b]] for w, b in engine], True)
    assert proposal.introduced == proposal.findings  # the first change: all it breaks is its own
    assert change.findings == [f.as_json() for f in proposal.introduced]
    entry = draft.tournament.audit_entries.filter(kind=Kind.MANUAL).get()
    assert entry.user == arbiter and entry.summary.startswith(proposal.summary)
    assert entry.after["breaks"] == [f"{f.article}: {f.text}" for f in proposal.introduced]
    # The engine's pairing stays the reference of the next change.
    assert engine_boards(draft) == engine
    text = export(draft.tournament)
    lines = [line for line in text.splitlines() if line.startswith("###")]
    assert lines[0].startswith("### Manual change 1 (") and lines[0].endswith(f", ann, FIDE mode): {proposal.summary}")
    assert lines[1:] == [f"###   breaks {f.article}: {f.text}" for f in proposal.introduced]
    assert "###" in export(draft.tournament, "26")
    # The engine's reader takes them back; an import keeps them in its audit entry.
    assert parse(text).comments == [line[3:] for line in lines]
    imported = import_tournament(club, text, arbiter)
    assert imported.audit_entries.get().after["comments"] == [line[3:].strip() for line in lines]


def test_a_later_change_records_what_it_breaks_itself(draft, arbiter):
    last_game = len(boards(draft)) - 1
    first = propose_change(draft, "exchange", board=1, other_board=last_game)
    apply_manual_change(draft, "exchange", first.fingerprint, arbiter, board=1, other_board=last_game)
    second = propose_change(draft, "bye", player=7)
    earlier = {(f.code, f.players) for f in first.findings}
    assert earlier <= {(f.code, f.players) for f in second.findings}  # still broken, against the engine's
    assert not earlier & {(f.code, f.players) for f in second.introduced}
    assert "bye" in {f.code for f in second.introduced}
    change = apply_manual_change(draft, "bye", second.fingerprint, arbiter, player=7)
    assert change.findings == [f.as_json() for f in second.introduced]


def test_a_renumbering_after_a_change_keeps_the_engines_pairing(draft, arbiter):
    proposal = propose_change(draft, "swap", board=1)
    apply_manual_change(draft, "swap", proposal.fingerprint, arbiter, board=1)
    players = {g.pk: (g.white, g.black) for g in draft.games.all()}
    engine = [(b, w) if i == 0 else (w, b) for i, (w, b) in enumerate(boards(draft))]  # swapped back
    # A late entry rated above everybody takes number 1: every number moves up by one (C.04.2 B.3).
    register_player(draft.tournament, Player(name="Late, Entry", rating=2800))
    assert {g.pk: (g.white, g.black) for g in draft.games.all()} == players
    assert engine_boards(draft) == [(w + 1, b + 1 if b else 0) for w, b in engine]
    assert propose_change(draft, "swap", board=1).removed == []  # swapped back: the engine's again


def test_a_change_reviewed_on_other_boards_is_refused(draft, arbiter):
    proposal = propose_change(draft, "swap", board=1)
    apply_manual_change(draft, "swap", proposal.fingerprint, arbiter, board=1)
    with pytest.raises(Refused, match="changed since"):
        apply_manual_change(draft, "swap", proposal.fingerprint, arbiter, board=1)
    assert ManualChange.objects.count() == 1


def test_a_change_whose_warnings_changed_since_its_review_is_refused(club, arbiter):
    # Round 1's board 1 a forfeit (no meeting, C.04.1): pairing its two players again by hand is reviewed
    # without a rematch; the forfeit is then corrected to a played game (confirmed): the same boards, but the
    # change would now be a rematch ([C1]) the arbiter never saw: refused, nothing saved.
    tournament = make_tournament(club, players=6)
    first = pair(tournament)
    forfeit, *others = first.games.exclude(result=Result.BYE).order_by("board")
    enter_result(forfeit, Result.WHITE_FORFEIT_WIN)
    for game in others:
        enter_result(game, Result.WHITE_WINS)
    draft = request(tournament)
    pair_ = (forfeit.white.pairing_number, forfeit.black.pairing_number)
    for number in pair_:
        proposal = propose_change(draft, "unpair", board=board_of(draft, number))
        apply_manual_change(draft, "unpair", proposal.fingerprint, arbiter, board=board_of(draft, number))
    proposal = propose_change(draft, "pair", player=pair_[0], other=pair_[1])
    assert "rematch" not in codes(proposal)
    enter_result(forfeit, Result.WHITE_WINS, confirm=True)
    assert "rematch" in codes(propose_change(draft, "pair", player=pair_[0], other=pair_[1]))
    with pytest.raises(Refused, match="what the change breaks, changed since"):
        apply_manual_change(draft, "pair", proposal.fingerprint, arbiter, player=pair_[0], other=pair_[1])
    assert ManualChange.objects.count() == 2  # the two unpairings only


@pytest.mark.parametrize(("change", "message"), [
    ({"kind": "swap", "board": 99}, "Choose a board from 1 to 4"),
    ({"kind": "swap", "board": 4}, "is the pairing-allocated bye"),
    ({"kind": "exchange", "board": 1, "other_board": 1}, "two different boards"),
    ({"kind": "pair", "player": 1, "other": 2}, "is on a board"),
    ({"kind": "pair", "player": 1, "other": 1}, "two different players"),
    ({"kind": "bye", "player": 42}, "not to be paired"),
])
def test_impossible_changes_are_refused_with_a_message(draft, change, message):
    with pytest.raises(Refused, match=message):
        propose_change(draft, **change)


def test_a_published_round_is_not_changed(draft):
    publish_round(draft)
    draft.refresh_from_db()
    with pytest.raises(Refused, match="not a draft"):
        propose_change(draft, "swap", board=1)


def test_the_review_page_and_the_confirmation(client, draft, arbiter):
    client.force_login(arbiter)
    url = reverse("arbiter:manual_change", args=[draft.tournament.slug, 2])
    round_page = client.get(reverse("arbiter:round", args=[draft.tournament.slug, 2])).content.decode()
    assert 'id="manual-form"' in round_page
    page = client.get(url, {"kind": "bye", "player": 7}).content.decode()
    assert "Art. 2.1.2 [C2]" in page and "absolute criterion" in page and 'id="confirm-change"' in page
    assert not ManualChange.objects.exists()
    fingerprint = propose_change(draft, "bye", player=7).fingerprint
    response = client.post(url, {"kind": "bye", "player": 7, "board": "", "other_board": "", "other": "",
                                 "fingerprint": fingerprint})
    assert response.status_code == 302 and ManualChange.objects.get().kind == "bye"
    assert (7, 0) in boards(draft)
    round_page = client.get(reverse("arbiter:round", args=[draft.tournament.slug, 2])).content.decode()
    assert "the pairing-allocated bye given to 7" in round_page
    # Nonsense is a message, never a 500.
    assert client.get(url, {"kind": "nonsense"}).status_code == 302
    assert client.get(url, {"kind": "swap", "board": "x"}).status_code == 302


def test_leaving_fide_mode_takes_two_confirmations_and_is_for_good(client, club, arbiter):
    tournament = make_tournament(club, players=4)
    client.force_login(arbiter)
    url = reverse("arbiter:fide_mode", args=[tournament.slug])
    first = client.get(url).content.decode()
    assert "confirmation 1 of 2" in first and 'value="1"' in first
    second = client.post(url, {"confirmations": "1"}).content.decode()
    assert "confirmation 2 of 2" in second and "cannot be turned on again" in second
    tournament.refresh_from_db()
    assert tournament.fide_mode and not tournament.audit_entries.filter(action="left FIDE mode").exists()
    assert client.post(url, {"confirmations": "2"}).status_code == 302
    tournament.refresh_from_db()
    assert not tournament.fide_mode and tournament.fide_mode_left_at
    entry = tournament.audit_entries.get(action="left FIDE mode")
    assert entry.user == arbiter and entry.after == {"fide_mode": False}
    assert export(tournament).count("### FIDE mode left on") == 1
    # No way back: not a setting of the form, and a second leave is refused.
    edit = client.get(reverse("arbiter:tournament_edit", args=[tournament.slug])).content.decode()
    assert "fide_mode" not in edit
    with pytest.raises(Refused, match="already left"):
        leave_fide_mode(tournament, arbiter, confirmations=2)


def test_outside_fide_mode_the_same_warnings_and_records(draft, arbiter):
    leave_fide_mode(draft.tournament, arbiter, confirmations=2)
    draft.refresh_from_db()
    proposal = propose_change(draft, "bye", player=7)
    assert "bye" in codes(proposal)
    change = apply_manual_change(draft, "bye", proposal.fingerprint, arbiter, player=7)
    assert not change.fide_mode
    assert "outside FIDE mode): Round 2: the pairing-allocated bye given to 7" in export(draft.tournament)


def test_a_deputy_may_neither_change_a_pairing_nor_leave_fide_mode(client, club, draft):
    deputy = get_user_model().objects.create_user("dee", password="pw-dee-123")
    Membership.objects.create(club=club, user=deputy, role=Membership.Role.DEPUTY)
    client.force_login(deputy)
    slug = draft.tournament.slug
    url = reverse("arbiter:manual_change", args=[slug, 2])
    assert client.get(url, {"kind": "swap", "board": 1}).status_code == 403
    assert client.post(url, {"kind": "swap", "board": 1, "fingerprint": "x"}).status_code == 403
    assert client.post(reverse("arbiter:fide_mode", args=[slug]), {"confirmations": "2"}).status_code == 403
    assert 'id="manual-form"' not in client.get(reverse("arbiter:round", args=[slug, 2])).content.decode()
    assert not ManualChange.objects.exists()
    draft.tournament.refresh_from_db()
    assert draft.tournament.fide_mode


def test_a_player_unpaired_by_hand_then_removed(client, club, arbiter):
    # Round 1: a player with no game left but the engine's draft board may be removed; the draft's
    # changes are still reviewed (against the engine's other boards), not a 500.
    tournament = make_tournament(club, players=6)
    draft = request(tournament)
    white = boards(draft)[0][0]
    proposal = propose_change(draft, "unpair", board=1)
    apply_manual_change(draft, "unpair", proposal.fingerprint, arbiter, board=1)
    remove_player(tournament.players.get(pairing_number=white), arbiter)
    assert engine_boards(draft) == boards(draft)  # the engine's other boards, renumbered
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:manual_change", args=[tournament.slug, 1]), {"kind": "swap", "board": 1})
    assert page.status_code == 200 and "colours swapped on board 1" in page.content.decode()


def test_a_player_unpaired_by_hand_then_removed_leaves_the_brackets_readable(client, club, arbiter):
    # Dubov (as Double-Swiss) keeps the engine's bracket report: its removed player is left out of it,
    # the round page shows the rest (it was a 500, and the draft could be neither published nor discarded).
    tournament = make_tournament(club, players=6, system="dubov", edition="2026")
    draft = request(tournament)
    assert draft.brackets
    white = boards(draft)[0][0]
    proposal = propose_change(draft, "unpair", board=1)
    apply_manual_change(draft, "unpair", proposal.fingerprint, arbiter, board=1)
    remove_player(tournament.players.get(pairing_number=white), arbiter)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[tournament.slug, 1]))
    assert page.status_code == 200 and "Publish" in page.content.decode()


@pytest.mark.parametrize("data", [
    {}, {"kind": "swap"}, {"kind": "swap", "board": "0"}, {"kind": "swap", "board": "99999999999999999999"},
    {"kind": "swap", "board": "1", "fingerprint": ""},
    {"kind": "swap", "board": "1", "fingerprint": "x" * 200_000},
    {"kind": "exchange", "board": "1"}, {"kind": "exchange", "board": "1", "other_board": "4"},
    {"kind": "unpair", "board": "4", "fingerprint": "1-2"}, {"kind": "pair"},
    {"kind": "pair", "player": "8", "other": "9"}, {"kind": "bye", "player": "0"},
    {"kind": "bye", "player": "1", "board": "abc"}, {"kind": ["swap", "bye"], "board": "1"},
    {"kind": "swap\x00", "board": "1"}, {"kind": "bye", "player": "1\x00"},
])
def test_garbage_is_a_message_and_changes_nothing(client, draft, arbiter, data):
    client.force_login(arbiter)
    url = reverse("arbiter:manual_change", args=[draft.tournament.slug, 2])
    before = boards(draft)
    assert client.get(url, data).status_code in (200, 302)
    response = client.post(url, data, follow=True)
    assert response.status_code == 200 and '<ul class="messages">' in response.content.decode()
    assert boards(draft) == before and not ManualChange.objects.exists()


def test_the_api_lists_the_manual_changes_to_the_clubs_arbiters(draft, arbiter, outsider, club):
    engine = boards(draft)
    proposal = propose_change(draft, "bye", player=7)
    apply_manual_change(draft, "bye", proposal.fingerprint, arbiter, player=7)
    url = reverse("api:manual_changes", args=[draft.tournament.slug, 2])
    deputy = get_user_model().objects.create_user("dee", password="pw-dee-123")
    Membership.objects.create(club=club, user=deputy, role=Membership.Role.DEPUTY)
    client = APIClient()
    client.force_authenticate(deputy)  # a deputy reads them (he may not make one)
    [change] = client.get(url).json()
    assert (change["kind"], change["summary"], change["user"], change["fide_mode"]) == (
        "bye", proposal.summary, "ann", True)
    assert [(b["white"]["pairing_number"], b["black"]["pairing_number"] if b["black"] else 0)
            for b in change["before"]] == engine
    assert [(b["white"]["pairing_number"], b["black"]["pairing_number"] if b["black"] else 0)
            for b in change["after"]] == boards(draft)
    assert change["findings"] == [f.as_json() for f in proposal.introduced]
    assert any(f["code"] == "bye" and f["absolute"] for f in change["findings"])
    assert client.post(url, {}).status_code == 403  # read only
    ManualChange.objects.update(user=None)  # the arbiter's account deleted since
    assert client.get(url).json()[0]["user"] is None
    outside = APIClient()
    outside.force_authenticate(outsider)
    assert outside.get(url).status_code == 404
    assert APIClient().get(url).status_code in (401, 403)


@pytest.mark.parametrize("version", ["16", "26"])
def test_the_exported_file_with_its_comment_lines_is_checked_by_the_engines_cli(draft, arbiter, tmp_path, version):
    # A manual colour swap in round 2, played: the engine's -c reads the file, ### lines and all,
    # and finds round 2 is not its pairing (and round 1 is).
    white, black = boards(draft)[0]
    proposal = propose_change(draft, "swap", board=1)
    apply_manual_change(draft, "swap", proposal.fingerprint, arbiter, board=1)
    publish_round(draft)
    white_wins(draft)
    text = export(draft.tournament, version)
    lines = text.splitlines()
    comments = [i for i, line in enumerate(lines) if line.startswith("###")]
    first_player = next(i for i, line in enumerate(lines) if line.startswith("001"))
    # TRF-2026 comment lines, after the tournament's header records and before the players (trf.md 2, 4)
    assert comments and comments == list(range(comments[0], first_player))
    assert all(line[:3].isdigit() and line[2] == "2" for line in lines[:comments[0]])  # the xx2 headers
    path = tmp_path / f"export{version}.trf"
    path.write_text(text)
    checked = subprocess.run([sys.executable, "-m", "pairing.engine", "--dutch", str(path), "-c"],
                             capture_output=True, text=True)
    assert checked.returncode == 1 and "Traceback" not in checked.stderr, checked.stderr
    report = checked.stdout
    # JaVaFo's checker form: the checker's (ours) and the tournament's (played) pairings side by side
    assert "Round #2" in report and "Round #1" not in report and report.count("Checker pairings") == 1
    rows = [line.split() for line in report.splitlines()]
    assert [str(white), "-", str(black), str(black), "-", str(white)] in rows
