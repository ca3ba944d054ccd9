"""Every URL of the arbiter's pages, the player's pages and the API, for each role: the permission
table decides.

The URLs are read from the URL configuration, so a new view cannot be forgotten: one missing
from ``permissions.RULES`` fails here (and is refused to everybody meanwhile).
"""

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from pairing.rounds.publish import publish_explanation
from tests.app.conftest import make_tournament, pair
from tournaments.fronts.permissions import GUARDED, HELPER, LOGIN, NOBODY, OWNER, PUBLIC, ROLES, RULES, STAFF
from tournaments.models import ByeRequest, Match, Membership, Registration, Team
from tournaments.services.board_results import enrol_helper
from tournaments.services.events import add_section, create_event
from tournaments.services.forbidden_pairs import forbid_pair
from tournaments.services.prizes import add_category

Role = Membership.Role
#: What a URL's ``<int:pk>`` is, by the path segment before it.
PK_OF = {"players": "player", "games": "game", "forbidden-pairs": "pair", "registrations": "registration",
         "bye-requests": "bye_request", "prizes": "prize", "result-helpers": "helper", "teams": "team",
         "match": "match", "board": "game", "members": "membership"}
#: What a player's URL names, by its keyword (none of them the user's: nobody here owns one).
OWNED_OF = {"entry": "player", "registration": "registration", "bye_request": "bye_request"}


def guarded_patterns() -> list[tuple[str, str]]:
    """(view name, route) of every URL in the guarded namespaces."""
    found = []

    def walk(patterns, namespace, route):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, pattern.namespace or namespace, route + str(pattern.pattern))
            elif isinstance(pattern, URLPattern) and namespace in GUARDED and pattern.name:
                found.append((f"{namespace}:{pattern.name}", route + str(pattern.pattern)))

    walk(get_resolver().url_patterns, None, "")
    return found


def test_every_guarded_url_is_in_the_table():
    names = {name for name, _ in guarded_patterns()}
    assert names - RULES.keys() == set(), "views missing from permissions.RULES"
    assert RULES.keys() - names == set(), "rules for URLs that do not exist"


@pytest.fixture
def world(tournament, arbiter, outsider, club):
    """A tournament with round 1 published with its explanation, and a user of each role (``arbiter``
    is its chief)."""
    users = {Role.CHIEF: arbiter, "outsider": outsider}
    for role in (Role.ADMIN, Role.DEPUTY):
        user = get_user_model().objects.create_user(f"{role}-user", password="pw-x-123456")
        Membership.objects.create(club=club, user=user, role=role)
        users[role] = user
    round_ = pair(tournament)
    publish_explanation(round_, True)
    players = list(tournament.players.all())
    objects = {"player": players[0], "game": round_.games.exclude(result="bye").first(),
               "pair": forbid_pair(tournament, players[1], players[2]),
               "registration": Registration.objects.create(
                   tournament=tournament, user=get_user_model().objects.create_user("late@example.org"),
                   name="Late, Comer"),
               "bye_request": ByeRequest.objects.create(player=players[3], round_number=3),
               "prize": add_category(tournament, "overall", ["100", "50"])[0],
               "helper": enrol_helper(tournament, "Desk")[0],
               "event": create_event(club, arbiter, name="Lyon Open"),
               "membership": Membership.objects.get(club=club, role=Role.DEPUTY)}
    add_section(objects["event"], tournament, arbiter)  # the event's URLs of a section name this one
    add_section(objects["event"], make_tournament(club, players=2, name="Open B"), arbiter)
    # A team and a match (the team pages send a tournament that is not a team event to its teams page)
    objects["team"] = Team.objects.create(tournament=tournament, name="Rooks")
    objects["match"] = Match.objects.create(round=round_, number=99, white_team=objects["team"])
    return tournament, users, objects


def url_of(name, route, tournament, objects) -> str:
    kwargs = {}
    if "<slug:slug>" in route:
        kwargs["slug"] = tournament.slug
    if "<slug:event>" in route:
        kwargs["event"] = objects["event"].slug
    if "<slug:club>" in route:
        kwargs["club"] = tournament.club.slug
    if "<int:number>" in route:
        kwargs["number"] = 1
    if "<int:team>" in route:
        kwargs["team"] = objects["team"].pk
    if "<int:board>" in route:
        kwargs["board"] = 1
    if "<str:token>" in route:
        kwargs["token"] = "not-a-helpers-token"  # a valid one: tests/app/fronts/test_board_result_pages.py
    if "<int:game>" in route:
        kwargs["game"] = objects["game"].pk
    if "<int:pk>" in route:
        segment = route.split("<int:pk>")[0].rstrip("/").rsplit("/", 1)[-1]
        assert segment in PK_OF, f"{name}: say in PK_OF what <int:pk> is after {segment}/"
        kwargs["pk"] = objects[PK_OF[segment]].pk
    for keyword, obj in OWNED_OF.items():
        if f"<int:{keyword}>" in route:
            kwargs[keyword] = objects[obj].pk
    return reverse(name, kwargs=kwargs)


def expected(rule_needs, role, tournament_url: bool, owned_url: bool = False) -> str:
    """'allowed', 'forbidden' (403/404), 'hidden' (404) or 'login'."""
    if rule_needs == NOBODY:
        return "forbidden"
    if rule_needs == PUBLIC:
        return "allowed"
    if rule_needs == HELPER:  # no account needed; a token that is no helper's is 404 for everybody
        return "hidden"
    if role is None:
        return "login"
    if rule_needs == OWNER:  # a player's page: his own data only, whatever his club roles
        return "hidden" if owned_url else "allowed"
    if rule_needs == STAFF:
        return "forbidden"  # no role makes a user the site's staff (tests/app/tournaments/test_rating_list.py)
    if role == "outsider":
        return "hidden" if tournament_url else "allowed"  # his own club's pages
    if rule_needs == LOGIN or rule_needs in ROLES[role]:
        return "allowed"
    return "forbidden"


POST_DATA = {"result": "1-0", "from_round": 3, "round_number": 3, "bye": "H", "name": "New, Player", "rounds": 9,
             "entry_round": 2, "email": "new.arbiter@example.org", "role": "deputy"}


@pytest.mark.parametrize("role", [Role.ADMIN, Role.CHIEF, Role.DEPUTY, "outsider", None])
def test_each_role_on_every_url(client, world, role):
    tournament, users, objects = world
    if role is not None:
        client.force_login(users[role])
    checked = 0
    for name, route in guarded_patterns():
        url = url_of(name, route, tournament, objects)
        api = name.startswith("api:")
        for method in ("GET", "POST"):
            scoped = any(f"<slug:{keyword}>" in route for keyword in ("slug", "event", "club"))
            want = expected(RULES[name].needs(method), role, scoped,
                            any(f"<int:{keyword}>" in route for keyword in OWNED_OF))
            with transaction.atomic():  # each request on the same data: what it changes is undone
                response = client.get(url) if method == "GET" else client.post(url, POST_DATA)
                transaction.set_rollback(True)
            status, where = response.status_code, f"{role} {method} {url} ({name})"
            if want == "allowed":
                assert status not in (401, 403, 404), where
            elif want == "hidden":
                assert status == 404, where
            elif want == "forbidden":
                assert status in (403, 404), where
            elif api:
                assert status in (401, 403), where
            else:
                login = reverse("player:sign_in") if name.startswith("player:") else reverse("login")
                assert status == 302 and response.url.startswith(login), where
            checked += 1
    assert checked == 2 * len(RULES)


def test_a_deputy_enters_results_and_absences_but_changes_nothing_else(client, world):
    tournament, users, objects = world
    client.force_login(users[Role.DEPUTY])
    page = client.get(reverse("arbiter:tournament", args=[tournament.slug])).content.decode()
    assert "edit-tournament" not in page and 'id="pair-round"' not in page and 'id="add-player"' not in page
    assert 'id="audit-link"' in page
    player = objects["player"]
    page = client.get(reverse("arbiter:player_edit", args=[tournament.slug, player.pk])).content.decode()
    assert "absence" in page and "player_withdraw" not in page and "Remove from the tournament" not in page
    client.post(reverse("arbiter:player_absence", args=[tournament.slug, player.pk]), {"round_number": 3, "bye": "H"})
    assert player.absences.filter(round_number=3).exists()
    game = objects["game"]
    client.post(reverse("arbiter:result", args=[tournament.slug, game.pk]), {"result": "0-1"})
    game.refresh_from_db()
    assert game.result == "0-1"
    entry = tournament.audit_entries.filter(kind="result").first()
    assert entry.user == users[Role.DEPUTY] and entry.after == {"result": "0-1"}
    assert client.post(reverse("arbiter:tournament_edit", args=[tournament.slug]),
                       {"name": "Renamed", "rounds": 9}).status_code == 403
    tournament.refresh_from_db()
    assert tournament.name == "Spring Open"
