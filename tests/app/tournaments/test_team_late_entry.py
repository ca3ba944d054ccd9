"""A team entered after round 1 is paired (GHR 2026 Art. 2.4, which C.04.6's preface applies to teams: a
late entry is "paired only when [it] actually arrive[s]" and "receive[s] no points for unplayed rounds"):
its entry round stored, the rounds before written in the team TRF as its players' ``0000 - Z`` (TRF-2026: a
zero-point bye, a known absence) and, for a round not yet paired, record 240; the engine pairs the next
round from that document with the late team; the public pages say "Team not yet entered" for the rounds
before; the API's round lists it in ``teams_not_paired``."""

import re

import pytest
from django.urls import reverse

from pairing.engine import TEAM, parse_team
from tests.app.fronts.test_team_not_paired import rows
from tests.app.teams import field_first_boards, make_league, pair_round, play_round
from tournaments.audit import Kind
from tournaments.exchange.team_trf import team_document, team_text
from tournaments.models import AuditEntry, Membership, Player, Team
from tournaments.services import Refused
from tournaments.services.teams import add_member, create_team, set_entry_round


def enter(tournament, name: str, user, entry_round: int | None = None) -> Team:
    """A team of two players entered now (from ``entry_round``, or the next round to be paired)."""
    team = create_team(tournament, name, rating=1500, user=user, entry_round=entry_round)
    for m in range(2):
        add_member(team, Player(name=f"{name}, Player {m + 1}", rating=1500 - 10 * m), user=user)
    return team


@pytest.fixture
def league(club, arbiter):
    """Four teams of two players, two boards a match, four rounds; round 1 published and played (the
    team with White on board 1 wins both boards)."""
    tournament = make_league(club, teams=4, boards=2, roster=2, rounds=4, user=arbiter)
    first = pair_round(tournament, arbiter)
    field_first_boards(first, arbiter)
    play_round(first, arbiter)
    return tournament


def test_a_team_entered_after_round_1_is_paired_from_round_2(league, arbiter):
    late = enter(league, "Latecomers", arbiter)
    assert (late.pairing_number, late.entry_round) == (5, 2)
    entry = AuditEntry.objects.get(kind=Kind.TEAM, action="team added", after__team="Latecomers")
    assert entry.user == arbiter and entry.after["entry_round"] == 2
    assert "paired from round 2 on" in entry.summary
    # The document of round 1: its players have no board in round 1, a round without a match, no points.
    document = team_document(league, 1)
    assert document.round(5, 1).kind == "absent" and document.score(5, "MP", 1) == 0
    assert 2 not in document.unavailable  # nothing keeps it out of round 2
    # The engine pairs round 2 from that document with the late team in a match (five teams: the PAB goes
    # to a team that lost round 1 and played more matches, C.04.6 3.4, not to the late team).
    pairing = TEAM.pair(document, round_number=2, total_rounds=4)
    assert any(5 in board for board in pairing.boards) and pairing.bye != 5
    second = pair_round(league, arbiter)
    match = second.matches.get(white_team=late) if second.matches.filter(white_team=late).exists() \
        else second.matches.get(black_team=late)
    assert match.black_team_id is not None
    assert [(m.white_team.pairing_number, m.black_team and m.black_team.pairing_number)
            for m in second.matches.order_by("number")] == [
        (white, black or None) for white, black in pairing.as_numbers()]
    field_first_boards(second, arbiter)
    play_round(second, arbiter)
    # Once it has played, its round 1 is written "0000 - Z" (a zero-point bye) in its players' 001 lines.
    text = team_text(league, 2)
    reread = parse_team(text)
    # The 001 lines are numbered team by team in TPN and roster order: the late team's are 9 and 10.
    for number, member in zip((9, 10), late.members.order_by("order"), strict=True):
        record = reread.games.players[number]
        assert record.name == member.player.name
        entry = record.entry(1)
        assert (entry.opponent, entry.colour, entry.code) == (None, None, "Z")
        assert record.entry(2).opponent is not None
    assert reread.round(5, 1).kind == "absent" and reread.round(5, 2).kind == "match"
    assert reread.score(5, "GP", 1) == 0


def test_a_team_entered_for_a_later_round_is_kept_out_until_then(league, arbiter):
    late = enter(league, "Latecomers", arbiter, entry_round=3)
    assert late.entry_round == 3
    assert "240 Z 002 0005" in team_text(league, 1)  # not paired in round 2 (TRF-2026 record 240)
    assert 5 in team_document(league, 1).unavailable[2]
    second = pair_round(league, arbiter)
    assert not second.matches.filter(white_team=late).exists() and not second.matches.filter(black_team=late).exists()
    assert second.matches.count() == 2  # four teams: no PAB
    field_first_boards(second, arbiter)
    play_round(second, arbiter)
    assert "\n240 " not in team_text(league, 2)  # round 3: it plays
    third = pair_round(league, arbiter)
    assert third.matches.filter(white_team=late).exists() or third.matches.filter(black_team=late).exists()


def test_a_team_cannot_enter_a_round_already_paired_or_beyond_the_last(league, arbiter):
    for entry_round, message in ((1, "Round 1 has been paired already: a team entered now plays from round 2 on."),
                                 (5, "The tournament has only 4 rounds.")):
        with pytest.raises(Refused) as refused:
            create_team(league, "Latecomers", user=arbiter, entry_round=entry_round)
        assert str(refused.value) == message
    assert not league.teams.filter(name="Latecomers").exists()
    assert not AuditEntry.objects.filter(kind=Kind.TEAM, action="team added", after__team="Latecomers").exists()


def test_no_team_enters_once_every_round_is_paired(club, arbiter):
    tournament = make_league(club, teams=4, boards=2, roster=2, rounds=1, user=arbiter)
    pair_round(tournament, arbiter)
    with pytest.raises(Refused, match="All 1 rounds have been paired"):
        create_team(tournament, "Latecomers", user=arbiter)
    assert tournament.teams.count() == 4


def test_the_pages_say_not_yet_entered_for_the_rounds_before(client, league, arbiter):
    late = enter(league, "Latecomers", arbiter, entry_round=3)
    second = pair_round(league, arbiter)
    for number in (1, 2):
        page = client.get(reverse("public:team_round", args=[league.slug, number])).content.decode()
        assert rows(page) == [("5", "Latecomers", "Team not yet entered")]
    player = late.members.first().player
    record = client.get(reverse("public:player", args=[league.slug, player.pairing_number])).content.decode()
    assert record.count("<em>Team not yet entered</em>") == 2
    # The API's round: the teams without a match under their own key, the existing keys as they were.
    body = client.get(reverse("api:round", args=[league.slug, second.number])).json()
    assert body["teams_not_paired"] == [{"team": {"pairing_number": 5, "name": "Latecomers"},
                                         "reason": "Team not yet entered"}]
    assert {"number", "status", "published_at", "games", "not_paired"} <= set(body)
    client.force_login(arbiter)
    teams_page = client.get(reverse("arbiter:teams", args=[league.slug])).content.decode()
    assert "Entered late: paired from round 3 on." in teams_page
    assert teams_page.count("Entered late") == 1  # the teams of round 1 are not late


def test_the_arbiter_enters_a_late_team_on_the_teams_page(client, league, arbiter):
    """The form's "Paired from round": blank is the next round; a round paired already is refused with the
    reason, nothing entered.  The API's teams give each team's entry round."""
    client.force_login(arbiter)
    url = reverse("arbiter:team_add", args=[league.slug])
    page = client.post(url, {"name": "Early", "short_name": "", "rating": "", "entry_round": "1"}, follow=True)
    assert "Round 1 has been paired already: a team entered now plays from round 2 on." in page.content.decode()
    assert not league.teams.filter(name="Early").exists()
    client.post(url, {"name": "Latecomers", "short_name": "LATE", "rating": "1500", "entry_round": "3"})
    client.post(url, {"name": "Next", "short_name": "", "rating": "", "entry_round": ""})
    assert dict(league.teams.filter(name__in=("Latecomers", "Next")).values_list("name", "entry_round")) == {
        "Latecomers": 3, "Next": 2}
    # The late team's menus offer only the rounds from its entry on; the others', every round to come.
    page = client.get(reverse("arbiter:teams", args=[league.slug])).content.decode()
    late, rooks = (league.teams.get(name=name).pk for name in ("Latecomers", "Rooks"))
    for menu in ("absent", "withdraw"):
        assert _options(page, f"{menu}-{late}") == ["3", "4"] and _options(page, f"{menu}-{rooks}") == ["2", "3", "4"]
    client.logout()
    teams = client.get(reverse("api:teams", args=[league.slug])).json()
    assert [(t["name"], t["entry_round"]) for t in teams] == [
        ("Rooks", 1), ("Knights", 1), ("Bishops", 1), ("Pawns", 1), ("Latecomers", 3), ("Next", 2)]


def _options(page: str, select_id: str) -> list[str]:
    """The options of the ``<select id=...>`` of a page."""
    menu = re.search(rf'<select [^>]*id="{select_id}">(.*?)</select>', page, re.S).group(1)
    return re.findall(r"<option>(\d+)</option>", menu)


def test_a_late_teams_entry_round_moves_while_neither_round_is_paired(league, arbiter):
    """GHR 2.4: the arrival is the team's; the arbiter may move it while it has not come, to a round not yet
    paired: no paired round changes.  Audited with who did it; a second click changes nothing."""
    late = enter(league, "Latecomers", arbiter, entry_round=3)
    assert set_entry_round(late, 4, user=arbiter) and not set_entry_round(late, 4, user=arbiter)
    late.refresh_from_db()
    assert late.entry_round == 4 and 5 in team_document(league, 1).unavailable[3]
    entry = AuditEntry.objects.get(kind=Kind.TEAM, action="entry round")
    assert (entry.user, entry.before, entry.after) == (arbiter, {"entry_round": 3},
                                                        {"team": "Latecomers", "entry_round": 4})
    second = pair_round(league, arbiter)
    assert not second.matches.filter(white_team=late).exists() and not second.matches.filter(black_team=late).exists()
    for number, message in ((2, "The entry round can only be changed for rounds not yet paired."),
                            (5, "The tournament has only 4 rounds.")):
        with pytest.raises(Refused) as refused:
            set_entry_round(late, number, user=arbiter)
        assert str(refused.value) == message
    assert set_entry_round(late, 3, user=arbiter)  # earlier, still a round to come
    field_first_boards(second, arbiter)
    play_round(second, arbiter)
    third = pair_round(league, arbiter)
    assert third.matches.filter(white_team=late).exists() or third.matches.filter(black_team=late).exists()
    with pytest.raises(Refused, match="only be changed for rounds not yet paired"):
        set_entry_round(late, 4, user=arbiter)  # it has come: its round 3 is paired
    late.refresh_from_db()
    assert late.entry_round == 3 and AuditEntry.objects.filter(kind=Kind.TEAM, action="entry round").count() == 2


def test_the_arbiter_moves_the_entry_round_on_the_teams_page(client, league, arbiter, club, django_user_model):
    late = enter(league, "Latecomers", arbiter, entry_round=3)
    rooks = league.teams.get(name="Rooks")
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:teams", args=[league.slug])).content.decode()
    menu = re.search(rf'<select [^>]*id="entry-{late.pk}">(.*?)</select>', page, re.S).group(1)
    assert re.findall(r"<option( selected)?>(\d+)</option>", menu) == [("", "2"), (" selected", "3"), ("", "4")]
    assert f'id="entry-{rooks.pk}"' not in page  # round 1 is paired: the others have come
    url = reverse("arbiter:team_entry", args=[league.slug, late.pk])
    page = client.post(url, {"entry_round": "4"}, follow=True).content.decode()
    assert "Latecomers will be paired from round 4 on." in page and "Entered late: paired from round 4 on." in page
    page = client.post(url, {"entry_round": "1"}, follow=True).content.decode()
    assert "The entry round can only be changed for rounds not yet paired." in page
    page = client.post(url, {"entry_round": "x"}, follow=True).content.decode()
    assert "Choose a round." in page
    assert Team.objects.get(pk=late.pk).entry_round == 4
    # A deputy arbiter may not (the roster is the chief's), nor another club's arbiter.
    deputy = django_user_model.objects.create_user("dep", password="pw-dep-123")
    Membership.objects.create(club=club, user=deputy, role=Membership.Role.DEPUTY)
    client.force_login(deputy)
    assert client.post(url, {"entry_round": "3"}).status_code == 403
    assert f'id="entry-{late.pk}"' not in client.get(reverse("arbiter:teams", args=[league.slug])).content.decode()
    assert Team.objects.get(pk=late.pk).entry_round == 4
