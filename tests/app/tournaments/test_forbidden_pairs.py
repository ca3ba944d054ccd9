"""Forbidden pairs: players the tournament keeps apart (family members); the arbiter's actions, their
rules, who may see and change them, and the engine never pairing them."""

import random

import pytest
from django.urls import reverse

from pairing.engine.trf import ForbiddenPairs
from tests.app.conftest import make_tournament, pair, play
from tournaments.exchange.trf import tournament_document
from tournaments.models import ForbiddenPair
from tournaments.services import Refused
from tournaments.services.forbidden_pairs import allow_pair, forbid_pair


def number(tournament, n):
    return tournament.players.get(pairing_number=n)


def met(round_, a: int, b: int) -> bool:
    return any({g.white.pairing_number, g.black.pairing_number if g.black else 0} == {a, b}
               for g in round_.games.select_related("white", "black"))


def test_a_pair_is_stored_once_whichever_way_round(tournament):
    one, six = number(tournament, 1), number(tournament, 6)
    pair_ = forbid_pair(tournament, six, one)
    assert (pair_.player, pair_.other, pair_.first_round, pair_.last_round) == (one, six, 1, None)
    assert pair_.rounds_display() == "every round"
    with pytest.raises(Refused, match=r"Player, A0 and Player, F5 are already kept apart \(every round\)"):
        forbid_pair(tournament, one, six, 2, 3)
    assert ForbiddenPair.objects.count() == 1


@pytest.mark.parametrize(("players", "rounds", "message"), [
    ((1, 1), (None, None), "Choose two different players: Player, A0 was chosen twice."),
    ((1, 2), (3, 2), r"The last round \(2\) comes before the first \(3\)."),
    ((1, 2), (2, 6), "The tournament has only 5 rounds."),
])
def test_bad_pairs_are_refused_with_a_message(tournament, players, rounds, message):
    with pytest.raises(Refused, match=message):
        forbid_pair(tournament, number(tournament, players[0]), number(tournament, players[1]), *rounds)
    assert not ForbiddenPair.objects.exists()


def test_a_player_of_another_tournament_is_refused(club, tournament):
    other = make_tournament(club, name="Other", players=2)
    with pytest.raises(Refused, match=r"Both players must be registered in this tournament\."):
        forbid_pair(tournament, number(tournament, 1), number(other, 2))


def test_a_pair_applies_from_the_next_round_once_rounds_are_paired(tournament):
    round1 = pair(tournament)
    with pytest.raises(Refused, match=r"Round 1 has been paired already: a forbidden pair applies from "
                                               "round 2 on."):
        forbid_pair(tournament, number(tournament, 1), number(tournament, 3), 1)
    play(round1, random.Random(2))
    pair_ = forbid_pair(tournament, number(tournament, 1), number(tournament, 3), last_round=5)
    assert (pair_.first_round, pair_.last_round, pair_.rounds_display()) == (2, None, "from round 2")


def test_removing_a_pair_keeps_the_rounds_already_paired_with_it(tournament):
    early = forbid_pair(tournament, number(tournament, 1), number(tournament, 6))
    later = forbid_pair(tournament, number(tournament, 2), number(tournament, 7), 3)
    play(pair(tournament), random.Random(3))
    pair(tournament)
    # Not yet applied: gone.
    assert allow_pair(later) == "Player, B1 and Player, G6 may be paired with each other again."
    assert not ForbiddenPair.objects.filter(pk=later.pk).exists()
    # Applied to rounds 1-2: kept for them, so that the file still explains their pairings.
    message = allow_pair(early)
    assert message == ("Player, A0 and Player, F5 may be paired with each other from round 3 on "
                       "(kept apart in rounds 1–2, which have been paired already).")
    early.refresh_from_db()
    assert (early.first_round, early.last_round) == (1, 2)
    with pytest.raises(Refused, match="The pairings of rounds 1–2 kept Player, A0 and Player, F5 apart"):
        allow_pair(early)


def test_the_document_carries_the_pairs_by_pairing_number(tournament):
    forbid_pair(tournament, number(tournament, 4), number(tournament, 2), 2, 3)
    forbid_pair(tournament, number(tournament, 9), number(tournament, 1))
    document = tournament_document(tournament, rounds=0, pairing=1)
    assert document.forbidden_pairs == [ForbiddenPairs(frozenset({2, 4}), 2, 3), ForbiddenPairs(frozenset({1, 9}))]


def test_the_engine_never_pairs_a_forbidden_pair(club):
    # Round 1 of ten players: 1-6, 2-7, ... (C.04.3: S1 against S2).
    free = make_tournament(club, name="Free")
    assert met(pair(free), 1, 6)
    kept = make_tournament(club, name="Kept")
    forbid_pair(kept, number(kept, 1), number(kept, 6))
    round1 = pair(kept)
    assert not met(round1, 1, 6)
    assert round1.games.count() == 5
    rng = random.Random(11)
    play(round1, rng)
    for _ in range(4):
        round_ = pair(kept)
        assert not met(round_, 1, 6)
        play(round_, rng)


def test_a_pair_applies_only_in_its_rounds(club):
    tournament = make_tournament(club)
    forbid_pair(tournament, number(tournament, 1), number(tournament, 6), 2)
    assert met(pair(tournament), 1, 6)


def test_the_arbiter_adds_and_removes_pairs_on_his_page(client, arbiter, tournament):
    client.force_login(arbiter)
    one, six = number(tournament, 1), number(tournament, 6)
    add = reverse("arbiter:forbidden_pair_add", args=[tournament.slug])
    page = client.post(add, {"player": one.pk, "other": six.pk, "first_round": "", "last_round": "3"},
                       follow=True).content.decode()
    assert "Player, A0 and Player, F5 will not be paired with each other." in page
    assert "1. Player, A0 – 6. Player, F5</td><td>rounds 1–3" in page
    page = client.post(add, {"player": six.pk, "other": one.pk}, follow=True).content.decode()
    assert "Player, A0 and Player, F5 are already kept apart (rounds 1–3)." in page
    page = client.post(add, {"player": one.pk, "other": one.pk}, follow=True).content.decode()
    assert "Choose two different players: Player, A0 was chosen twice." in page
    page = client.post(add, {"player": one.pk, "other": 999999}, follow=True).content.decode()
    assert "Forbidden pair not saved: may not meet: Select a valid choice." in page
    assert ForbiddenPair.objects.count() == 1
    remove = reverse("arbiter:forbidden_pair_remove", args=[tournament.slug, ForbiddenPair.objects.get().pk])
    page = client.post(remove, follow=True).content.decode()
    assert "may be paired with each other again" in page and not ForbiddenPair.objects.exists()


def test_forbidden_pairs_are_private(client, api_client, tournament):
    forbid_pair(tournament, number(tournament, 1), number(tournament, 6))
    public = client.get(tournament.get_absolute_url()).content.decode()
    assert "Forbidden" not in public and "apart" not in public
    data = str(api_client.get(f"/api/tournaments/{tournament.slug}/").json())
    assert "forbidden" not in data.lower()


def test_another_clubs_arbiter_gets_404_on_forbidden_pairs(client, tournament, outsider):
    kept = forbid_pair(tournament, number(tournament, 1), number(tournament, 6))
    client.force_login(outsider)
    add = reverse("arbiter:forbidden_pair_add", args=[tournament.slug])
    remove = reverse("arbiter:forbidden_pair_remove", args=[tournament.slug, kept.pk])
    assert client.post(add, {"player": number(tournament, 2).pk, "other": number(tournament, 3).pk}).status_code == 404
    assert client.post(remove).status_code == 404
    assert list(ForbiddenPair.objects.all()) == [kept]
    # Nor through a tournament of his own club.
    own = make_tournament(outsider.memberships.get().club, name="Own")
    assert client.post(reverse("arbiter:forbidden_pair_remove", args=[own.slug, kept.pk])).status_code == 404
    assert client.post(reverse("arbiter:forbidden_pair_add", args=[own.slug]),
                       {"player": number(tournament, 2).pk, "other": number(tournament, 3).pk}).status_code == 302
    assert list(ForbiddenPair.objects.all()) == [kept]


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()
