"""Bad input to the API is a 400 with a message and changes nothing, never a 500."""

import pytest
from rest_framework.test import APIClient

from tests.app.conftest import pair


@pytest.mark.parametrize("body", ["[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000],
                         ids=["array-100000-deep", "object-50000-deep"])
def test_json_nested_too_deep_is_a_400(arbiter, tournament, body):
    game = pair(tournament).games.exclude(result="bye").first()
    api = APIClient()
    api.force_authenticate(arbiter)
    url = f"/api/tournaments/{tournament.slug}/rounds/1/boards/{game.board}/result/"
    response = api.post(url, body, content_type="application/json")
    assert response.status_code == 400 and "nested too deeply" in response.json()["detail"]
    game.refresh_from_db()
    assert game.result == ""
    assert api.post(url, {"result": "1-0"}, format="json").status_code == 200  # the parser still reads JSON
