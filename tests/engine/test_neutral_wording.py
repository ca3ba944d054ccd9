"""The explanation of a pairing speaks of players, women and men alike: no gendered pronoun
for a player in any of its sentences, in English nor in the app's languages (the .mo files
the app serves).  Rounds of the shared corpora, explained by every system in every edition."""

import gettext
import re
from pathlib import Path

import pytest

from pairing.engine import pair_round, parse
from pairing.engine.core.explanation import COLOUR_REASONS, ENGLISH, Articles, Words
from pairing.engine.errors import EngineError
from pairing.engine.systems import SYSTEMS
from tests.corpora import corpus_file

LOCALE = Path(__file__).resolve().parents[2] / "tournaments" / "locale"

#: Whole words only ("er" inside "der", "il" inside "fil" do not count), case-insensitive.
GENDERED = {
    "en": r"he|his|him|himself|she|her|hers|herself",
    "de": r"er|ihn|ihm|sein|seine|seinen|seinem|seiner|seines",
    "it": r"egli|lui|lei|ella|lo lascia|la lascia",
    "fr": r"il|elle|lui|le laisse|la laisse|lui-même|elle-même",
    "es": r"él|ella|lo deja|la deja",
}

#: Rounds with floaters, MDPs and a pairing-allocated bye (their .trf, the round to pair next).
ROUNDS = [("dutch-2017", f"t000{t}", "rounds", f"r0{r}.trf") for t in range(6) for r in (2, 3, 5)]


def words(language: str) -> Words:
    if language == "en":
        return ENGLISH
    with open(LOCALE / language / "LC_MESSAGES" / "django.mo", "rb") as mo:
        catalogue = gettext.GNUTranslations(mo)
    return Words(gettext=catalogue.gettext, ngettext=catalogue.ngettext)


def gendered(text: str, language: str) -> list[str]:
    return re.findall(rf"(?<![\w-])(?:{GENDERED[language]})(?![\w-])", text, re.IGNORECASE)


@pytest.fixture(scope="module")
def explanations():
    found = []
    for parts in ROUNDS:
        document = parse(corpus_file(*parts).read_text())
        for name, system in SYSTEMS.items():
            for edition in system.editions:
                try:
                    pairing = pair_round(document, name, edition=edition.name, explain=True)
                except EngineError:  # a round this system cannot pair: nothing to explain
                    continue
                found.append((f"{'/'.join(parts)} {name} {edition.name}", pairing.explanation))
    return found


def sentences(explanation, language: str) -> list[str]:
    return [line for heading, lines in explanation.paragraphs(words(language)) for line in [heading, *lines]]


def test_the_rounds_explain_floats_and_the_bye(explanations):
    """The corpus rounds reach the wordings that once said "he": floaters and the PAB's reasons."""
    # every system whose round is one game: the corpus rounds are no Double-Swiss layout (its colour
    # reasons are checked below with every other)
    assert {name.split()[1] for name, _ in explanations} == {n for n, s in SYSTEMS.items() if s.games_per_round == 1}
    english = "\n".join(line for _, explanation in explanations for line in sentences(explanation, "en"))
    for wording in ("is not paired in this bracket and floats down", "may receive it: has had no",
                    "receives the pairing-allocated bye"):
        assert wording in english


@pytest.mark.parametrize("language", sorted(GENDERED))
def test_no_gendered_pronoun_in_any_explanation(explanations, language):
    said = [(name, line, gendered(line, language)) for name, explanation in explanations
            for line in sentences(explanation, language)]
    assert [found for found in said if found[2]] == []


@pytest.mark.parametrize("language", sorted(GENDERED))
def test_no_gendered_pronoun_in_the_colour_and_bye_rules(language):
    """The texts the rounds above may not reach: every colour reason, every edition's bye order."""
    texts = [*COLOUR_REASONS.values(), Articles().bye_order_text]
    for system in SYSTEMS.values():
        for edition in system.editions:
            texts += [text for text in (getattr(edition, "pab_order_text", None),
                                        getattr(getattr(edition, "explained", None), "bye_order_text", None)) if text]
    translate = words(language).gettext
    assert [(text, translate(text)) for text in texts if gendered(translate(text), language)] == []


@pytest.mark.parametrize(("text", "language", "words_found"), [
    ("{player} is not paired in this bracket: he floats down.", "en", ["he"]),
    ("the player with the wider colour difference gets the colour due", "en", []),
    ("er darf es erhalten", "de", ["er"]),
    ("der einzige berechtigte Spieler mit der Punktzahl", "de", []),
    ("il descend, apparié dans le groupe du fil", "fr", ["il"]),
    ("l'abbinamento lo lascia non abbinato", "it", ["lo lascia"]),
])
def test_the_check_matches_whole_words(text, language, words_found):
    assert gendered(text, language) == words_found
