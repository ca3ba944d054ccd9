"""The team system's explanation (C.04.6) as facts and words: every sentence written through the
Words it is given (the app's catalogues), the facts alone enough to write it again."""

import json

from pairing.engine import TEAM, Words, parse_team, team_paragraphs
from pairing.engine.systems.team.explain import COLOUR_RULES, explain_team
from pairing.engine.systems.team.state import build_team_state
from tests.corpora import SHARED

ROUND = SHARED / "corpus" / "team-swiss-gacrux" / "t0003" / "rounds" / "r03.trf"
CRITERIA_ROUND = SHARED / "corpus" / "team-swiss-gacrux" / "t0008" / "rounds" / "r05.trf"


def explained(path):
    document = parse_team(path.read_text())
    return explain_team(build_team_state(document, TEAM.latest), TEAM.pair(document),
                        {tpn: team.name for tpn, team in document.teams.items()})


def test_the_facts_read_back_give_the_english_text():
    for path in (ROUND, CRITERIA_ROUND):
        data = json.loads(json.dumps(explained(path)))  # as the round stores it: keys as strings
        assert [[heading, lines] for heading, lines in team_paragraphs(data)] == data["text"]


def test_the_pab_its_bracket_and_colours_in_words():
    """Gacrux's r03: the PAB to team 5 (0 points: the lowest score, 3.4), 3-1 and 2-4 by 4.3.5."""
    data = explained(ROUND)
    sections = dict(team_paragraphs(data))
    names = {int(tpn): name for tpn, name in data["names"].items()}
    assert f"{names[5]} (5) (0 points) receives the pairing-allocated bye (Article 3.4)" in \
        sections["Pairing-allocated bye"][0]
    colours = sections["Colours"]
    assert colours[0] == (f"Match 1: {names[3]} (3) has White on board 1, {names[1]} (1) Black. 4.3.5: "
                          f"{COLOUR_RULES['4.3.5']}.")
    assert f"Pair: {names[3]} (3) – {names[1]} (1)." in sections["Bracket 1: scoregroup 4"]
    criteria = dict(team_paragraphs(explained(CRITERIA_ROUND)))["Bracket 1: scoregroup 8"]
    assert "[C7] (2.3.4) could not be fully met: upfloaters that were floaters in the previous round: 1; " \
           "no pairing of the bracket does better without breaking a criterion before it." in criteria


def test_every_sentence_goes_through_the_words_given():
    """A reader's language: each heading and sentence is a wording of the catalogues (here marked
    «...»), the colour rules and criteria inside them too; names, numbers and articles as they are."""
    marked = Words(lambda text: f"«{text}»", lambda one, many, n: f"«{one if n == 1 else many}»")
    for path in (ROUND, CRITERIA_ROUND):
        for heading, lines in team_paragraphs(explained(path), marked):
            assert heading.startswith("«") and heading.endswith("»"), heading
            for line in lines:
                assert line.startswith("«") and line.endswith("»"), line
    colours = dict(team_paragraphs(explained(ROUND), marked))["«Colours»"]
    assert f"«{COLOUR_RULES['4.3.5']}»" in colours[0]
    criteria = dict(team_paragraphs(explained(CRITERIA_ROUND), marked))["«Bracket 1: scoregroup 8»"]
    assert "«upfloaters that were floaters in the previous round»" in criteria[-1]
