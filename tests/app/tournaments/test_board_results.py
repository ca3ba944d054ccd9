"""Results from the board (docs/players.md): a player reports, his opponent confirms or disputes, the
arbiter makes it official (or the tournament accepts confirmed results); result helpers fill empty
boards only.  Every step in the audit log with who did it."""

import pytest
from django.contrib.auth import get_user_model

from tests.app.conftest import make_tournament, pair
from tournaments.models import AuditEntry, PlayerSide, ResultHelper, ResultReport
from tournaments.services import Refused
from tournaments.services.board_results import (
    accept_confirmed,
    answer,
    enrol_helper,
    helper_fill,
    helper_for,
    make_official,
    report,
    revoke_helper,
    withdraw,
)
from tournaments.services.results import enter_result

State = ResultReport.State


def boards(tournament):
    """The games of round 1, board 1 first, with their two players."""
    return [(game, game.white, game.black) for game in
            tournament.round_set.get(number=1).games.select_related("white", "black").order_by("board")]


def test_a_report_confirmed_by_the_opponent_waits_for_the_arbiter(reporting, arbiter):
    game, white, black = boards(reporting)[0]
    known = report(white, "1-0", white.user)
    assert (known.result, known.state, known.reporter) == ("1-0", State.REPORTED, white)
    assert answer(black, True, black.user).state == State.CONFIRMED
    game.refresh_from_db()
    assert game.result == ""  # not official until the arbiter says so
    assert accept_confirmed(game.round, arbiter) == 1
    game.refresh_from_db()
    known.refresh_from_db()
    assert game.result == "1-0" and known.state == State.OFFICIAL
    entries = list(reporting.audit_entries.filter(kind="result").order_by("pk").values_list("action", "user__username",
                                                                                        "via"))
    assert entries == [("reported", white.user.username, "player"), ("report confirmed", black.user.username, "player"),
                       ("entered", "ann", "")]
    assert "reported by" in reporting.audit_entries.get(action="entered").summary


def test_the_tournament_may_accept_confirmed_results_automatically(reporting):
    PlayerSide.objects.filter(tournament=reporting).update(accept_confirmed=True)
    game, white, black = boards(reporting)[1]
    report(black, "0-1", black.user)
    assert answer(white, True, white.user).state == State.OFFICIAL
    game.refresh_from_db()
    assert game.result == "0-1"
    entered = reporting.audit_entries.get(action="entered")
    assert entered.user == white.user and "accepted automatically" in entered.summary


def test_both_players_reporting_the_same_result_is_a_confirmation(reporting):
    _game, white, black = boards(reporting)[0]
    report(white, "½-½", white.user)
    assert report(black, "½-½", black.user).state == State.CONFIRMED
    game2, white2, black2 = boards(reporting)[1]
    report(white2, "1-0", white2.user)
    with pytest.raises(Refused, match="Your opponent reported 1-0: confirm it or dispute it"):
        report(black2, "0-1", black2.user)
    assert ResultReport.objects.get(game=game2).state == State.REPORTED


def test_a_player_changes_or_withdraws_his_report_until_it_is_confirmed(reporting):
    _game, white, black = boards(reporting)[0]
    report(white, "1-0", white.user)
    assert report(white, "1-0", white.user).state == State.REPORTED  # a second click: nothing more
    assert reporting.audit_entries.filter(action="reported").count() == 1
    assert report(white, "½-½", white.user).result == "½-½"
    withdraw(white, white.user)
    assert not ResultReport.objects.exists()
    with pytest.raises(Refused, match="no report to withdraw"):
        withdraw(white, white.user)
    report(white, "1-0", white.user)
    answer(black, True, black.user)
    with pytest.raises(Refused, match="confirmed your report"):
        report(white, "0-1", white.user)
    with pytest.raises(Refused, match="confirmed your report"):
        withdraw(white, white.user)
    assert ResultReport.objects.get().result == "1-0"
    assert list(reporting.audit_entries.filter(kind="result").order_by("pk").values_list("action", flat=True)) == [
        "reported", "report changed", "report withdrawn", "reported", "report confirmed"]


def test_a_disputed_report_is_decided_by_the_arbiter(reporting, arbiter):
    game, white, black = boards(reporting)[0]
    report(white, "1-0", white.user)
    assert answer(black, False, black.user).state == State.DISPUTED
    assert answer(black, False, black.user).state == State.DISPUTED  # a second click
    with pytest.raises(Refused, match="answered this report already"):
        answer(black, True, black.user)
    with pytest.raises(Refused, match="answered this report already"):
        report(black, "0-1", black.user)
    assert accept_confirmed(game.round, arbiter) == 0  # a disputed board is not confirmed
    make_official(game, arbiter)
    game.refresh_from_db()
    assert game.result == "1-0"
    with pytest.raises(Refused, match="no report waiting"):
        make_official(game, arbiter)


def test_the_arbiter_decides_a_dispute_by_typing_another_result_and_no_player_overwrites_it(reporting, arbiter):
    game, white, black = boards(reporting)[0]
    report(white, "1-0", white.user)
    answer(black, False, black.user)
    enter_result(game, "½-½", arbiter)
    for action in (lambda: report(white, "1-0", white.user), lambda: report(black, "0-1", black.user),
                   lambda: withdraw(white, white.user), lambda: answer(black, True, black.user)):
        with pytest.raises(Refused, match=r"official \(½-½\): only the arbiter can change it"):
            action()
    with pytest.raises(Refused, match="has a result already"):
        make_official(game, arbiter)
    game.refresh_from_db()
    assert game.result == "½-½"


def test_players_report_played_games_only_and_only_when_the_tournament_asks(reporting):
    _game, white, _black = boards(reporting)[0]
    for result in ("+-", "--", "", "bye", "2-0"):
        with pytest.raises(Refused, match="a forfeit is the arbiter's"):
            report(white, result, white.user)
    PlayerSide.objects.filter(tournament=reporting).update(board_results=False)
    with pytest.raises(Refused, match="takes no results from the players"):
        report(white, "1-0", white.user)
    assert not ResultReport.objects.exists()


def test_the_reports_are_of_the_current_round_only(reporting, arbiter):
    first = boards(reporting)
    for game, _white, _black in first:
        enter_result(game, "1-0", arbiter)
    round_2 = pair(reporting)
    game = round_2.games.select_related("white", "black").first()
    known = report(game.white, "0-1", game.white.user)
    assert known.game == game  # round 2's board, not round 1's


def test_a_helper_fills_empty_boards_only_and_is_refused_once_revoked(reporting, arbiter):
    (game1, *_), (game2, *_), (game3, *_) = boards(reporting)
    helper, token = enrol_helper(reporting, "Hall B", arbiter)
    assert helper_for(token) == helper and len(token) >= 32
    assert ResultHelper.objects.get().token_hash != token  # only its hash is kept
    helper_fill(helper, game1, "0-1")
    game1.refresh_from_db()
    assert game1.result == "0-1"
    with pytest.raises(Refused, match="has a result already"):
        helper_fill(helper, game1, "1-0")
    enter_result(game2, "½-½", arbiter)
    with pytest.raises(Refused, match="has a result already"):
        helper_fill(helper, game2, "1-0")
    with pytest.raises(Refused, match="not a result"):
        helper_fill(helper, game3, "")
    revoke_helper(helper, arbiter)
    revoke_helper(helper, arbiter)  # a second click
    assert helper_for(token) is None
    with pytest.raises(Refused, match="no longer a result helper"):
        helper_fill(helper, game3, "1-0")
    game1.refresh_from_db()
    game2.refresh_from_db()
    game3.refresh_from_db()
    assert (game1.result, game2.result, game3.result) == ("0-1", "½-½", "")
    entry = reporting.audit_entries.get(action="entered", game=game1)
    assert entry.via == "helper" and "Hall B" in entry.summary and entry.user is None
    assert list(reporting.audit_entries.filter(action__startswith="helper").values_list("action", "user")) == [
        ("helper revoked", arbiter.pk), ("helper enrolled", arbiter.pk)]


def test_a_helper_cannot_fill_another_tournaments_board_or_an_earlier_round(reporting, club, arbiter):
    other = make_tournament(club, players=4, name="Other Open")
    other_game = pair(other).games.first()
    helper, _token = enrol_helper(reporting, "", arbiter)
    assert helper.label == "Helper 1"
    with pytest.raises(Refused, match="Only the boards of the current round"):
        helper_fill(helper, other_game, "1-0")
    for game, *_ in boards(reporting):
        helper_fill(helper, game, "1-0")
    old = boards(reporting)[0][0]
    pair(reporting)
    with pytest.raises(Refused, match="Only the boards of the current round"):
        helper_fill(helper, old, "1-0")
    other_game.refresh_from_db()
    assert other_game.result == ""
    assert AuditEntry.objects.filter(tournament=other, kind="result").count() == 0


@pytest.mark.django_db(transaction=True)
def test_clicks_at_the_same_moment_make_one_report_and_one_result(reporting, arbiter):
    """Both players and a helper on one board at once, a player clicking twice: one report, one
    confirmation, one result; every other click refused with a message or harmless."""
    from tests.app.tournaments.test_concurrency import at_once

    PlayerSide.objects.filter(tournament=reporting).update(accept_confirmed=True)
    game, white, black = boards(reporting)[0]
    actions = [lambda: report(white, "1-0", white.user), lambda: report(white, "1-0", white.user),
               lambda: report(black, "1-0", black.user), lambda: report(black, "1-0", black.user)]
    results = at_once(lambda i: actions[i](), count=len(actions))
    assert all(isinstance(r, ResultReport | Refused) for r in results), results
    game.refresh_from_db()
    assert game.result == "1-0" and ResultReport.objects.get().state == State.OFFICIAL
    assert reporting.audit_entries.filter(action="entered").count() == 1
    assert reporting.audit_entries.filter(action="reported").count() == 1
    helper, _token = enrol_helper(reporting, "Desk", arbiter)
    other = boards(reporting)[1][0]
    results = at_once(lambda i: helper_fill(helper, other, "0-1" if i % 2 else "½-½"), count=4)
    assert sum(not isinstance(r, Refused) for r in results) == 1, results  # the first fills it, the rest refused
    assert reporting.audit_entries.filter(action="entered", game=other).count() == 1


def test_a_double_swiss_match_is_not_reported_from_the_board(club, arbiter):
    """A report is one result; a Double-Swiss match has two (C.04.5): the arbiter enters them."""
    from tournaments.fronts.arbiter.forms import PlayerSideForm

    tournament = make_tournament(club, players=6, rounds=3, system="double-swiss", edition="2026")
    side = PlayerSide.objects.create(tournament=tournament)
    form = PlayerSideForm({"board_results": "on", "approval": side.approval, "bye_approval": side.bye_approval,
                           "max_byes": 1, "no_byes_last_rounds": 0, "bye_deadline": 2}, instance=side)
    assert not form.is_valid() and "board_results" in form.errors
    PlayerSide.objects.filter(pk=side.pk).update(board_results=True)  # set before the system changed
    white = pair(tournament).games.exclude(black=None).select_related("white").first().white
    white.user = get_user_model().objects.create_user("ds@example.org")
    white.save(update_fields=["user"])
    with pytest.raises(Refused, match="two games of a match"):
        report(white, "1-0", white.user)
    helper, _token = enrol_helper(tournament, "Desk", arbiter)
    with pytest.raises(Refused, match="two games of a match"):
        helper_fill(helper, tournament.round_set.get(number=1).games.first(), "1-0")
    assert not ResultReport.objects.exists()
