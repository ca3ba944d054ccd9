"""The API keeps its own OpenAPI schema (issue 24, finding 9): schemathesis generates requests from
the schema the app serves (/api/schema/), calls the app through WSGI, and checks every answer: no
5xx, the documented content type, and a body that matches the schema exactly (a tie-break value
once matched both ``number`` and ``integer`` of a ``oneOf``, which fails).

A small budget (``EXAMPLES`` per operation, a few seconds in all): the path parameters are the
tournament's slug and round numbers as often as generated ones, so the answers carry real standings,
crosstables, boards and explanations; the calls are an arbiter's (his token) or anybody's.
"""

import random

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis.specs.openapi.checks import content_type_conformance, response_schema_conformance

from tests.app.conftest import make_tournament, pair, play
from tests.app.teams import make_league, pair_round
from tournaments.models import Round
from tournaments.services.teams import set_team_absence

EXAMPLES = 5
CHECKS = [schemathesis.checks.not_a_server_error, content_type_conformance, response_schema_conformance]

schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.fixture
def wsgi_app():
    """The app as gunicorn runs it, on the test's connection: not closed after each request (the
    test's transaction holds the data), as Django's test client does."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield WSGIHandler()
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture
def api_schema(wsgi_app, arbiter, club):
    """The schema as served, with a tournament of three published rounds (two played, the third
    with its explanation published) and a team league whose round 1 is published with a team absent
    (a round's ``teams_not_paired``); path parameters drawn from them."""
    tournament = make_tournament(club, players=9, rounds=5, tiebreaks="DE,BH/C1,BH,SB,PS,WIN,AOB")
    rng = random.Random(24)
    for _ in range(2):
        play(pair(tournament, arbiter), rng, arbiter)
    third = pair(tournament, arbiter)
    Round.objects.filter(pk=third.pk).update(explanation_published=True)
    league = make_league(club, teams=5, boards=2, roster=2, rounds=3, user=arbiter, name="Team League")
    set_team_absence(league.teams.get(name="Queens"), 1, True, arbiter)
    pair_round(league, arbiter)
    slugs, numbers = st.sampled_from([tournament.slug, league.slug]), st.integers(1, 5)

    def real_parameters(context, parameters: dict):
        """As generated, or the tournament's (a generated value kept where it has none)."""
        if not parameters:
            return st.just(parameters)
        return st.one_of(st.just(parameters), st.fixed_dictionaries({
            **{name: st.just(value) for name, value in parameters.items()},
            **({"slug": slugs} if "slug" in parameters else {}),
            **({"number": numbers} if "number" in parameters else {}),
            **({"board": st.integers(1, 5)} if "board" in parameters else {})}))

    loaded = schemathesis.openapi.from_wsgi("/api/schema/", wsgi_app)
    loaded.hook("flatmap_path_parameters")(real_parameters)
    return loaded


@pytest.fixture
def token(arbiter) -> str:
    return Token.objects.create(user=arbiter).key


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_its_schema_says(case, token):
    for headers in ({}, {"Authorization": f"Token {token}"}):
        case.call_and_validate(headers=headers, checks=CHECKS)
