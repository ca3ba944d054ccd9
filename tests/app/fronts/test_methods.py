"""The public pages only read: every other method than GET and HEAD is 405 and changes nothing;
the API's schema browser likewise (OPTIONS was a 500)."""

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.app.conftest import pair
from tournaments.services.events import add_section, create_event


def public_routes(tournament, round_number: int) -> list[str]:
    """Every URL of the public namespace, filled in for ``tournament`` (and an event it is a section of)."""
    event = create_event(tournament.club, name="Spring Festival")
    add_section(event, tournament)
    values = {"slug": tournament.slug, "number": round_number, "event": event.slug}
    found = []
    for resolver in get_resolver().url_patterns:
        if isinstance(resolver, URLResolver) and resolver.namespace == "public":
            for pattern in resolver.url_patterns:
                assert isinstance(pattern, URLPattern)
                names = pattern.pattern.converters
                found.append(reverse(f"public:{pattern.name}", kwargs={n: values[n] for n in names}))
    return found


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_public_pages_refuse_writes(tournament, method):
    pair(tournament).games.update(result="1-0")
    routes = public_routes(tournament, 1)
    assert len(routes) >= 13
    for route in routes:
        assert Client().get(route).status_code in (200, 404), route  # 404: the tie-break page asks a code
        assert getattr(Client(), method)(route).status_code == 405, (method, route)


def test_the_api_docs_answer_options_with_405(db):
    assert Client().options("/api/docs/").status_code == 405
    assert Client().get("/api/docs/").status_code == 200
