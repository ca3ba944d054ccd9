"""The team pairing's explanation on the public matches page in the reader's language: the engine's
facts stored with the round, its wordings from the catalogues; one stored by an earlier version
still shown."""

import html

import pytest
from django.test import Client
from django.urls import reverse

from pairing.rounds.publish import publish_explanation
from tests.app.teams import make_league, pair_round
from tournaments.models import Round


@pytest.fixture
def round_1(club, arbiter):
    """Five teams (the PAB), round 1 paired, published, its explanation published."""
    tournament = make_league(club, teams=5, boards=2, roster=2, rounds=3, user=arbiter)
    round_ = pair_round(tournament, arbiter)
    publish_explanation(round_, True, arbiter)
    return round_


def page(round_, language=None) -> str:
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    url = reverse("public:team_round", args=[round_.tournament.slug, round_.number])
    return html.unescape(Client().get(url, **headers).content.decode())


def test_the_explanation_in_italian_and_german(round_1):
    matches = list(round_1.matches.select_related("white_team", "black_team").order_by("number"))
    bye = next(match.white_team for match in matches if match.is_bye)
    first = next(match for match in matches if not match.is_bye)
    white, black = f"{first.white_team} ({first.white_team.pairing_number})", \
        f"{first.black_team} ({first.black_team.pairing_number})"
    italian = page(round_1, "it")
    assert "Perché questo abbinamento" in italian and "Why this pairing" not in italian
    assert "Turno 1: Swiss team system, C.04.6 (2026)" in italian and "Round 1:" not in italian
    assert "Bye assegnato dagli abbinamenti" in italian and "Colori" in italian
    assert "Fascia 1: gruppo di punteggio 0" in italian and "Bracket 1" not in italian
    assert f"Coppia: {white} – {black}." in italian and "Pair:" not in italian
    assert f"{bye} ({bye.pairing_number}) (0 punti)" in italian  # the score's unit from the catalogue
    assert f"Incontro {first.number}: {white} ha il Bianco in prima scacchiera, {black} il Nero." in italian
    assert "riceve il bye assegnato dagli abbinamenti (Articolo 3.4)" in italian
    assert "has White on board 1" not in italian and "receives the pairing-allocated bye" not in italian
    german = page(round_1, "de")
    assert "Warum diese Paarung" in german and "Runde 1: Swiss team system, C.04.6 (2026)" in german
    assert "Paarungsbedingtes Freilos" in german and "Farben" in german and "Gruppe 1: Punktgruppe 0" in german
    assert f"Paar: {white} – {black}." in german and f"{bye} ({bye.pairing_number}) (0 Punkte)" in german
    # English readers: the engine's own words, the same facts.
    english = page(round_1)
    assert "Round 1: Swiss team system, C.04.6 (2026)" in english and f"Pair: {white} – {black}." in english
    assert f"Match {first.number}: {white} has White on board 1, {black} Black. 4.3.1:" in english
    assert f"{bye} ({bye.pairing_number}) (0 points) receives the pairing-allocated bye (Article 3.4)" in english


def test_an_explanation_stored_by_an_earlier_version(round_1):
    """Before its facts were written in words, the round stored the engine's English lines as one
    section; a stored explanation the pages cannot read shows that text, in every language."""
    old = {"system": "team", "text": [["Swiss team system (C.04.6)", [
        "Pairing-allocated bye: team 5 (Article 3.4).",
        "Top scoregroup 0.0: teams 1, 2, 3, 4; paired 1-3; 2-4 (Article 3.6).",
        "1-3: colours by Article 4.3.1."]]],
        "team": {"system": "team", "round": 1, "bye": 5, "text": ["Pairing-allocated bye: team 5 (Article 3.4)."]}}
    Round.objects.filter(pk=round_1.pk).update(explanation=old)
    for language in (None, "it"):
        shown = page(round_1, language)
        assert "Swiss team system (C.04.6)" in shown
        assert "Top scoregroup 0.0: teams 1, 2, 3, 4; paired 1-3; 2-4 (Article 3.6)." in shown
        assert "1-3: colours by Article 4.3.1." in shown


def test_an_explanation_of_the_first_team_version_is_written_from_its_facts(round_1):
    """The first version stored the same facts without the system's title and edition, its English
    lines under one heading: the facts are read, in the reader's language."""
    facts = {key: value for key, value in round_1.explanation["team"].items()
             if key not in ("title", "article", "edition", "text")}
    facts["text"] = ["Pairing-allocated bye: team 5 (Article 3.4)."]
    Round.objects.filter(pk=round_1.pk).update(explanation={
        "system": "team", "text": [["Swiss team system (C.04.6)", facts["text"]]], "team": facts})
    italian = page(round_1, "it")
    assert "Turno 1: Swiss team system, C.04.6 (2026)" in italian and "Fascia 1: gruppo di punteggio 0" in italian
    assert "Pairing-allocated bye: team 5" not in italian
