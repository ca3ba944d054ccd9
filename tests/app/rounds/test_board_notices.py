"""A team player's board notice (C.04.6, issue 27): once both line-ups of his match are in, each player
fielded is told his board, colour and opponent through the pairing notices' outbox, mailed to a real SMTP
server on 127.0.0.1 (aiosmtpd, tests/smtp.py) and parsed; once per player and round, a correction only to
those whose board or opponent changed, "not in the line-up" to a player dropped; none when the notices
are off or the address unsubscribed."""

from collections import Counter

import pytest
from django.test import TestCase

from pairing.rounds.mailer import deliver
from tests.app.rounds.test_notices import START, dispatched, publish, smtp, text, with_addresses  # noqa: F401
from tests.app.teams import make_league, roster
from tournaments.models import Notice, Player, Result, Unsubscription
from tournaments.services import Refused
from tournaments.services.lineups import set_line_up
from tournaments.services.results import enter_result
from tournaments.services.team_results import forfeit_match


@pytest.fixture
def league(club):
    """Four teams of three players, two boards a match, the notices on, every player with an address."""
    tournament = make_league(club, teams=4, boards=2, roster=3, rounds=3)
    tournament.pairing_notices = True
    tournament.save(update_fields=["pairing_notices"])
    with_addresses(tournament)
    return tournament


def published(league, smtp):  # noqa: F811 (the fixture)
    """Round 1 published, its pairing notices sent; the round and its match 1."""
    round_ = publish(league, starts_at=START)
    assert deliver(round_.pk) == 12  # the pairing notices: every player of the four teams
    smtp.mailbox.accepted.clear()
    return round_, round_.matches.select_related("white_team", "black_team").get(number=1)


def field(match, home: list[int], away: list[int]) -> None:
    """The line-ups by place in each roster (0: its first player)."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        for team, places in ((match.white_team, home), (match.black_team, away)):
            players = roster(team)
            set_line_up(match, team, [players[p] for p in places])


def mails(smtp) -> dict[str, tuple[str, str]]:  # noqa: F811
    """Each address's mail since the last call: (subject, plain text); one each."""
    got = {str(m["To"]).lower(): (str(m["Subject"]), text(m)) for m in smtp.mailbox.messages}
    assert len(got) == len(smtp.mailbox.messages), "an address got two mails"
    smtp.mailbox.accepted.clear()
    return got


def member(team, place: int) -> Player:
    return Player.objects.get(pk=roster(team)[place])


def board_lines(match: int, team, other, board: int, colour: str, opponent: Player) -> list[str]:
    return [f"Your team {team.name} plays match {match}.", f"Opposing team: {other.name}", f"Board: {board}",
            f"Colour: {colour}", f"Opponent: {opponent.name} ({opponent.pairing_number})",
            "Start: March 14, 2026, 3 p.m."]


def test_both_line_ups_in_tell_each_player_fielded_his_board_once(league, smtp, dispatched):  # noqa: F811
    round_, match = published(league, smtp)
    home, away = match.white_team, match.black_team
    with TestCase.captureOnCommitCallbacks(execute=True):
        set_line_up(match, home, roster(home)[:2])
    assert not Notice.objects.filter(kind=Notice.Kind.BOARD).exists()  # one line-up: no board yet
    field(match, [0, 1], [0, 1])
    assert dispatched[-1] == round_.pk
    assert deliver(round_.pk) == 4
    smtp_html = {str(m["To"]).lower(): m.get_body(("html",)).get_content() for m in smtp.mailbox.messages}
    got = mails(smtp)
    # The team named first has White on board 1 and Black on board 2 (C.04.6 1.6.1, WBWB).
    expected = {
        member(home, 0): board_lines(1, home, away, 1, "White", member(away, 0)),
        member(away, 0): board_lines(1, away, home, 1, "Black", member(home, 0)),
        member(home, 1): board_lines(1, home, away, 2, "Black", member(away, 1)),
        member(away, 1): board_lines(1, away, home, 2, "White", member(home, 1)),
    }
    assert sorted(got) == sorted(p.email.lower() for p in expected)  # the third players are not told
    for player, lines in expected.items():
        subject, body = got[player.email.lower()]
        assert subject == "Club League, round 1: your board"
        assert all(line in body for line in lines), (lines, body)
        assert "replaces the one sent before" not in body
    html = smtp_html[member(home, 1).email.lower()]
    assert '<th align="left">Board</th><td>2</td>' in html and f"{member(away, 1).name} (" in html
    # Once: the same line-up again, or the sender run again, sends nothing.
    field(match, [0, 1], [0, 1])
    assert deliver(round_.pk) == 0 and deliver() == 0 and smtp.mailbox.count() == 16
    assert Notice.objects.filter(kind=Notice.Kind.BOARD).count() == 4


def test_a_changed_line_up_corrects_only_the_boards_that_changed(league, smtp, dispatched):  # noqa: F811
    round_, match = published(league, smtp)
    home, away = match.white_team, match.black_team
    field(match, [0, 1], [0, 1])
    assert deliver(round_.pk) == 4
    mails(smtp)
    field(match, [0, 2], [0, 1])  # the home team's third player on board 2 instead of its second
    assert deliver(round_.pk) == 3
    got = mails(smtp)
    assert sorted(got) == sorted(p.email.lower() for p in (member(home, 1), member(home, 2), member(away, 1)))
    subject, body = got[member(home, 1).email.lower()]
    assert subject == "Club League, round 1: not in the line-up"
    assert "You are not in your team's line-up: you do not play in this round." in body and "Board:" not in body
    subject, body = got[member(home, 2).email.lower()]  # told for the first time: no correction
    assert subject == "Club League, round 1: your board" and "replaces the one sent before" not in body
    assert all(line in body for line in board_lines(1, home, away, 2, "Black", member(away, 1)))
    subject, body = got[member(away, 1).email.lower()]  # same board, another opponent
    assert subject == "Club League, round 1: your board has changed"
    assert "The line-ups have changed: this notice replaces the one sent before." in body
    assert all(line in body for line in board_lines(1, away, home, 2, "White", member(home, 2)))
    # A first result in: the line-ups stay, no notice.
    enter_result(round_.games.get(board=1), Result.DRAW)
    with pytest.raises(Refused):
        field(match, [0, 1], [0, 1])
    assert deliver(round_.pk) == 0


def test_a_notice_not_yet_sent_and_no_longer_true_is_never_sent(league, smtp, dispatched):  # noqa: F811
    round_, match = published(league, smtp)
    field(match, [0, 1], [0, 1])
    assert deliver(round_.pk) == 4
    mails(smtp)
    field(match, [0, 2], [0, 1])
    field(match, [0, 1], [0, 1])  # back before the sender ran: every player's last mail is true again
    assert deliver(round_.pk) == 0 and smtp.mailbox.messages == []
    field(match, [0, 2], [0, 2])  # both third players in, both second players out
    assert deliver(round_.pk) == 4
    got = mails(smtp)
    home, away = match.white_team, match.black_team
    assert Counter(subject for subject, _body in got.values()) == {
        "Club League, round 1: not in the line-up": 2, "Club League, round 1: your board": 2}
    assert all(line in got[member(away, 2).email.lower()][1]
               for line in board_lines(1, away, home, 2, "White", member(home, 2)))
    assert not Notice.objects.exclude(state=Notice.State.SENT).exists()


def test_no_board_notices_when_the_notices_are_off_or_the_address_unsubscribed(league, smtp, dispatched):  # noqa: F811
    round_, match = published(league, smtp)
    home = match.white_team
    Unsubscription.objects.create(address=member(home, 0).email.lower(), tournament=league)
    field(match, [0, 1], [0, 1])
    assert deliver(round_.pk) == 3
    assert member(home, 0).email.lower() not in mails(smtp)
    league.pairing_notices = False
    league.save(update_fields=["pairing_notices"])
    other = round_.matches.get(number=2)
    field(other, [0, 1], [0, 1])
    field(match, [0, 2], [0, 2])
    assert deliver(round_.pk) == 0 and smtp.mailbox.messages == []
    assert Notice.objects.filter(kind=Notice.Kind.BOARD).count() == 3


def test_a_match_forfeited_after_its_line_ups_tells_nobody_a_new_board(league, smtp, dispatched):  # noqa: F811
    """GHR 3.5: the whole match lost by forfeit once both line-ups are in and their board notices sent.
    The boards are not played, so no board notice follows: not "your board has changed" to the present
    team's players, nor a board to the absent team's first players now named as having lost it, nor
    "not in the line-up" to a player of the absent team's line-up replaced by its first players."""
    round_, match = published(league, smtp)
    home, away = match.white_team, match.black_team
    field(match, [0, 1], [1, 2])  # the away team fields its second and third players
    assert deliver(round_.pk) == 4
    mails(smtp)
    with TestCase.captureOnCommitCallbacks(execute=True):
        forfeit_match(match, home)  # the away team did not come: its first two players named as losing
    assert set(round_.games.filter(board__in=(1, 2)).values_list("black_id", "white_id")) == {
        (member(away, 0).pk, member(home, 0).pk), (member(home, 1).pk, member(away, 1).pk)}
    assert deliver(round_.pk) == 0 and smtp.mailbox.messages == []
    assert Notice.objects.filter(kind=Notice.Kind.BOARD).count() == 4  # the four sent, nothing more


def test_a_board_notice_not_yet_sent_is_dropped_when_the_match_is_forfeited(league, smtp, dispatched):  # noqa: F811
    """The line-ups' board notices still in the outbox when the match is forfeited are no longer true
    (nobody plays): never sent.  The other match's notices go as usual."""
    round_, match = published(league, smtp)
    field(match, [0, 1], [0, 1])
    field(round_.matches.get(number=2), [0, 1], [0, 1])
    assert Notice.objects.filter(kind=Notice.Kind.BOARD, state=Notice.State.QUEUED).count() == 8
    with TestCase.captureOnCommitCallbacks(execute=True):
        forfeit_match(match, None)  # neither team came
    assert deliver(round_.pk) == 4
    other = round_.matches.get(number=2)
    assert sorted(mails(smtp)) == sorted(p.email.lower() for p in Player.objects.filter(
        pk__in=[*roster(other.white_team)[:2], *roster(other.black_team)[:2]]))
    assert not Notice.objects.filter(kind=Notice.Kind.BOARD, player__team_member__team__in=(
        match.white_team, match.black_team)).exists()
