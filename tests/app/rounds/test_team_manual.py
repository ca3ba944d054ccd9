"""Manual changes of a team draft (C.04.6): each kind of change on the matches, reviewed with the team
rules it breaks ([C1] a rematch of a played match, [C2] a second PAB, Article 4's colours, the
colour preferences), saved as ManualChange rows on the teams' keys, audited with who, written into
the team TRF export as ### lines; a stale or second confirmation and a published round refused."""

import subprocess
import sys

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from pairing.engine import parse_team
from pairing.rounds.manual import apply_manual_change, engine_boards, propose_change, unpaired_players
from pairing.rounds.publish import publish_round
from tests.app.conftest import request
from tests.app.teams import field_first_boards, make_league, pair_round, play_round
from tournaments.exchange.team_trf import export_team
from tournaments.models import AuditEntry, ManualChange, Match
from tournaments.services import ConfirmationNeeded, Refused


def matches(round_) -> list[tuple[int, int]]:
    """The round's matches as (TPN with White on board 1, the other's TPN), the PAB as (TPN, 0)."""
    return [(m.white_team.pairing_number, m.black_team.pairing_number if m.black_team else 0)
            for m in Match.objects.filter(round=round_).select_related("white_team", "black_team")]


def codes(proposal) -> dict[str, tuple[int, ...]]:
    return {f.code: f.players for f in proposal.findings}


def second_round(club, arbiter, teams: int):
    """Round 1 of ``teams`` teams published and played (the team with White on board 1 winning each
    match), round 2 a draft."""
    league = make_league(club, teams=teams, boards=4, roster=5, rounds=5, user=arbiter)
    first = pair_round(league, arbiter)
    field_first_boards(first, arbiter)
    play_round(first, arbiter)
    draft = request(league, arbiter)
    assert draft.status == "draft", draft.error
    return first, draft


@pytest.fixture
def odd(club, arbiter):
    """Seven teams: round 1 gave one of them the PAB."""
    return second_round(club, arbiter, 7)


@pytest.fixture
def even(club, arbiter):
    return second_round(club, arbiter, 8)


def test_a_colour_swap_breaks_article_4_and_is_saved_audited_and_kept_as_the_engines(even, arbiter):
    _first, draft = even
    engine = matches(draft)
    white, black = engine[0]
    proposal = propose_change(draft, "swap", board=1)
    assert proposal.teams and proposal.after[0] == (black, white) and matches(draft) == engine  # nothing saved yet
    # The team with White in round 1 (and a win) now has White again: Article 4 gives it the other way.
    colours = [f for f in proposal.findings if f.code == "colours"]
    assert colours and colours[0].article.startswith("C.04.6 4.3") and not colours[0].absolute
    assert "rematch" not in codes(proposal)
    change = apply_manual_change(draft, "swap", proposal.fingerprint, arbiter, board=1)
    assert matches(draft) == proposal.after
    key = dict(draft.tournament.teams.values_list("pairing_number", "pk")) | {0: 0}
    assert change.before == [[key[w], key[b]] for w, b in engine]
    assert change.after == [[key[w], key[b]] for w, b in proposal.after]
    assert change.findings == [f.as_json() for f in proposal.introduced] and change.fide_mode
    assert change.summary == f"Round 2: colours swapped on match 1: {white}-{black} becomes {black}-{white}"
    entry = draft.tournament.audit_entries.get(kind=AuditEntry.Kind.MANUAL)
    assert entry.user == arbiter and entry.action == "swap" and entry.summary.startswith(change.summary)
    assert entry.before["boards"] == [f"{w}-{b}" for w, b in engine]
    assert entry.after["breaks"] == [f"{f.article}: {f.text}" for f in proposal.introduced]
    assert engine_boards(draft) == engine  # the engine's pairing stays the reference


def test_an_exchange_of_opponents(even, arbiter):
    _first, draft = even
    (w1, b1), (w2, b2) = matches(draft)[:2]
    proposal = propose_change(draft, "exchange", board=1, other_board=2)
    assert {(w1, b2), (w2, b1)} <= set(proposal.after)
    assert set(proposal.removed) == {(w1, b1), (w2, b2)} and set(proposal.added) == {(w1, b2), (w2, b1)}
    apply_manual_change(draft, "exchange", proposal.fingerprint, arbiter, board=1, other_board=2)
    assert set(matches(draft)) == set(proposal.after) and len(matches(draft)) == 4
    assert list(Match.objects.filter(round=draft).values_list("number", flat=True)) == [1, 2, 3, 4]


def test_unpair_then_pair_a_rematch_of_a_played_match(even, arbiter):
    first, draft = even
    a, b = matches(first)[0]  # they met in round 1
    board_a = next(i for i, m in enumerate(matches(draft), start=1) if a in m)
    unpair = propose_change(draft, "unpair", board=board_a)
    assert codes(unpair)["unpaired"] == tuple(sorted(matches(draft)[board_a - 1]))
    assert next(f for f in unpair.findings if f.code == "unpaired").absolute
    apply_manual_change(draft, "unpair", unpair.fingerprint, arbiter, board=board_a)
    board_b = next(i for i, m in enumerate(matches(draft), start=1) if b in m)
    apply_manual_change(draft, "unpair", propose_change(draft, "unpair", board=board_b).fingerprint, arbiter,
                        board=board_b)
    assert {a, b} <= {t.pairing_number for t in unpaired_players(draft)} and len(matches(draft)) == 2
    rematch = propose_change(draft, "pair", player=a, other=b)
    found = next(f for f in rematch.findings if f.code == "rematch")
    assert found.absolute and found.article.startswith("C.04.6 2.1.1 [C1]") and set(found.players) == {a, b}
    assert "rematch" in {f.code for f in rematch.introduced}
    apply_manual_change(draft, "pair", rematch.fingerprint, arbiter, player=a, other=b)
    assert (a, b) in matches(draft)
    assert ManualChange.objects.filter(round=draft).count() == 3


def test_a_second_pab_breaks_c2(odd, arbiter):
    first, draft = odd
    [(had_it, _)] = [m for m in matches(first) if not m[1]]
    [(holder, _)] = [m for m in matches(draft) if not m[1]]
    assert had_it != holder
    proposal = propose_change(draft, "bye", player=had_it)
    found = next(f for f in proposal.findings if f.code == "bye")
    assert found.absolute and found.article == "C.04.6 2.1.2 [C2]" and found.players == (had_it,)
    # The team that loses the PAB meets the team's former opponent instead.
    assert (had_it, 0) in proposal.after and holder in {t for m in proposal.after if m[1] for t in m}
    apply_manual_change(draft, "bye", proposal.fingerprint, arbiter, player=had_it)
    assert (had_it, 0) in matches(draft)
    # The PAB's boards follow it: those of the new holder's first players, scored at once.
    byes = draft.games.all()
    assert byes.count() == 4 and {g.white.team_member.team.pairing_number for g in byes} == {had_it}


def test_a_pab_to_another_eligible_team_than_3_4_gives_it_to(odd, arbiter):
    first, draft = odd
    [(holder, _)] = [m for m in matches(draft) if not m[1]]
    had_it = next(m[0] for m in matches(first) if not m[1])
    other = next(t for m in matches(draft) if m[1] for t in m if t != had_it)
    proposal = propose_change(draft, "bye", player=other)
    found = next(f for f in proposal.findings if f.code == "bye_order")
    assert found.article == "C.04.6 3.4" and found.players == (other, holder) and not found.absolute


def test_a_stale_proposal_and_a_second_click_are_refused(even, arbiter):
    _first, draft = even
    proposal = propose_change(draft, "swap", board=2)
    apply_manual_change(draft, "swap", proposal.fingerprint, arbiter, board=2)
    after = matches(draft)
    with pytest.raises(Refused, match="changed since"):
        apply_manual_change(draft, "swap", proposal.fingerprint, arbiter, board=2)  # the second click
    other = propose_change(draft, "swap", board=3)
    apply_manual_change(draft, "exchange", propose_change(draft, "exchange", board=1, other_board=4).fingerprint,
                        arbiter, board=1, other_board=4)
    after = matches(draft)
    with pytest.raises(Refused, match="changed since"):
        apply_manual_change(draft, "swap", other.fingerprint, arbiter, board=3)  # reviewed before the exchange
    assert matches(draft) == after and ManualChange.objects.count() == 2
    assert draft.tournament.audit_entries.filter(kind=AuditEntry.Kind.MANUAL).count() == 2


@pytest.mark.parametrize(("change", "message"), [
    ({"kind": "swap", "board": 9}, "Choose a match from 1 to 4"),
    ({"kind": "exchange", "board": 1, "other_board": 1}, "two different matches"),
    ({"kind": "pair", "player": 1, "other": 2}, "Team 1 is in a match"),
    ({"kind": "pair", "player": 1, "other": 1}, "two different teams"),
    ({"kind": "bye", "player": 42}, "Team 42 is not to be paired in round 2"),
    ({"kind": "bye"}, "Choose the team"),
])
def test_impossible_changes_are_refused_with_a_message(even, change, message):
    _first, draft = even
    before = matches(draft)
    with pytest.raises(Refused, match=message):
        propose_change(draft, **change)
    assert matches(draft) == before


def test_a_published_round_is_not_changed(even, arbiter):
    _first, draft = even
    publish_round(draft, arbiter)
    draft.refresh_from_db()
    with pytest.raises(Refused, match="not a draft"):
        propose_change(draft, "swap", board=1)
    with pytest.raises(Refused, match="not a draft"):
        apply_manual_change(draft, "swap", "whatever", arbiter, board=1)
    assert not ManualChange.objects.exists()


def test_a_team_left_out_is_asked_about_and_refused_in_fide_mode(even, arbiter):
    _first, draft = even
    apply_manual_change(draft, "unpair", propose_change(draft, "unpair", board=4).fingerprint, arbiter, board=4)
    left = [t.pairing_number for t in unpaired_players(draft)]
    assert len(left) == 2
    with pytest.raises(Refused, match=r"FIDE mode: .* have no match in round 2"):
        publish_round(draft, arbiter)
    tournament = draft.tournament
    tournament.fide_mode = False
    tournament.save(update_fields=["fide_mode"])
    draft.refresh_from_db()
    with pytest.raises(ConfirmationNeeded, match="will have no match in round 2"):
        publish_round(draft, arbiter)
    publish_round(draft, arbiter, confirm=True)
    draft.refresh_from_db()
    assert draft.status == "published"


def test_the_team_trf_export_carries_the_change_and_the_checker_finds_it(even, arbiter, tmp_path):
    _first, draft = even
    engine = matches(draft)
    proposal = propose_change(draft, "exchange", board=1, other_board=2)
    apply_manual_change(draft, "exchange", proposal.fingerprint, arbiter, board=1, other_board=2)
    publish_round(draft, arbiter)
    draft.refresh_from_db()
    field_first_boards(draft, arbiter)
    play_round(draft, arbiter)
    text = export_team(draft.tournament)
    lines = text.splitlines()
    comments = [line for line in lines if line.startswith("###")]
    assert comments[0].startswith("### Manual change 1 (") and comments[0].endswith(f"FIDE mode): {proposal.summary}")
    assert comments[1:] == [f"###   breaks {f.article}: {f.text}" for f in proposal.introduced]
    first_player = next(i for i, line in enumerate(lines) if line.startswith("001"))
    assert max(i for i, line in enumerate(lines) if line.startswith("###")) < first_player
    document = parse_team(text)  # the engine's reader takes the file back, comments and all
    assert document.games.comments == [line[3:] for line in comments] and document.paired_rounds == 2
    path = tmp_path / "league.trf"
    path.write_text(text)
    checked = subprocess.run([sys.executable, "-m", "pairing.engine", "--team", str(path), "-c"],
                             capture_output=True, text=True)
    assert checked.returncode == 1 and "Traceback" not in checked.stderr, checked.stderr
    report = checked.stdout
    assert "Round 2: the played pairing differs from ours" in report and "Round 1:" not in report
    (w1, b1), (w2, b2) = engine[:2]
    for w, b in ((w1, b2), (w2, b1)):
        assert f"played {w}-{b}" in report
    for w, b in ((w1, b1), (w2, b2)):
        assert f"ours   {w}-{b}" in report


def test_the_round_page_the_review_page_and_the_confirmation(client, odd, arbiter):
    first, draft = odd
    had_it = next(m[0] for m in matches(first) if not m[1])
    client.force_login(arbiter)
    slug = draft.tournament.slug
    round_page = client.get(reverse("arbiter:round", args=[slug, 2])).content.decode()
    assert 'id="manual-form"' in round_page and "Pair two teams" in round_page and "Unpair a match" in round_page
    team = draft.tournament.teams.get(pairing_number=had_it)
    assert f'<option value="{had_it}">{had_it}. {team.name}</option>' in round_page
    url = reverse("arbiter:manual_change", args=[slug, 2])
    page = client.get(url, {"kind": "bye", "player": had_it}).content.decode()
    assert "C.04.6 2.1.2 [C2]" in page and "absolute criterion" in page and "The matches after the change" in page
    assert not ManualChange.objects.exists()
    fingerprint = propose_change(draft, "bye", player=had_it).fingerprint
    data = {"kind": "bye", "player": had_it, "board": "", "other_board": "", "other": "", "fingerprint": fingerprint}
    assert client.post(url, data).status_code == 302 and ManualChange.objects.get().kind == "bye"
    assert (had_it, 0) in matches(draft)
    # The second click: a message, nothing more saved.
    response = client.post(url, data, follow=True)
    assert f"Team {had_it} has the pairing-allocated bye already." in response.content.decode()
    assert ManualChange.objects.count() == 1
    round_page = client.get(reverse("arbiter:round", args=[slug, 2])).content.decode()
    assert f"the pairing-allocated bye given to {had_it}" in round_page
    for nonsense in ({"kind": "nonsense"}, {"kind": "swap", "board": "x"}, {"kind": "swap", "board": "99"}):
        assert client.get(url, nonsense).status_code == 302
    assert ManualChange.objects.count() == 1


def test_the_api_names_the_teams_of_the_changed_matches(odd, arbiter):
    _first, draft = odd
    engine = matches(draft)
    proposal = propose_change(draft, "swap", board=1)
    apply_manual_change(draft, "swap", proposal.fingerprint, arbiter, board=1)
    api = APIClient()
    api.force_authenticate(arbiter)
    [change] = api.get(reverse("api:manual_changes", args=[draft.tournament.slug, 2])).json()
    assert change["summary"] == proposal.summary and change["user"] == arbiter.get_username()

    def named(boards):
        assert all(b["white"] is None and b["black"] is None for b in boards)
        return [(b["white_team"]["pairing_number"], b["black_team"]["pairing_number"] if b["black_team"] else 0)
                for b in boards]

    assert named(change["before"]) == engine and named(change["after"]) == matches(draft)


def test_a_team_draft_changed_by_hand_is_another_draft_to_publish(even, arbiter):
    # A team draft's pairing is in its matches (no board before the line-ups): a swap by hand changes its
    # revision, so a publish of the draft read before (the page's, the API's "revision") is refused.
    from pairing.rounds.publish import draft_revision
    _first, draft = even
    read = draft_revision(draft)
    apply_manual_change(draft, "swap", propose_change(draft, "swap", board=1).fingerprint, arbiter, board=1)
    assert draft_revision(draft) != read
    with pytest.raises(Refused, match="changed since you read it"):
        publish_round(draft, arbiter, confirm=True, revision=read)
    publish_round(draft, arbiter, confirm=True, revision=draft_revision(draft))
