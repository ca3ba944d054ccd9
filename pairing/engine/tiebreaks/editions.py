"""The editions of the tie-break rules (C.07), each an object saying how it treats unplayed rounds:
2026 (in force from 1 March 2026), 2024 (1 August 2024) and 2009 (the SPPC 2009 virtual opponent,
``shared/rules/sppc-2009-unplayed-games.md``)."""

from __future__ import annotations

from dataclasses import dataclass

from .codes import TiebreakCodeError


@dataclass(frozen=True)
class TiebreakEdition:
    name: str                          # "2026", "2024", "2009": data (TRF, --edition, the app)
    #: SPPC 2009 7.b: every unplayed result counts as a draw for the opponents; else C.07 16.3:
    #: only the rounds of 16.2.5 (a bye to the end) count as draws, the others as awarded
    unplayed_count_as_draws: bool
    #: SPPC 2009 7.a: an unplayed round counts against a virtual opponent; else C.07 16.4: a
    #: dummy opponent with the participant's own score
    virtual_opponent: bool
    #: C.07 (2026) 16.4.1-16.4.2: the dummy's score capped (a forfeit: by the opponent's score; a
    #: bye: by a draw per round)
    caps_dummy: bool
    #: C.07 16.5: a cut takes the lowest voluntary unplayed round instead, if not lower (not 2009)
    cuts_vur_first: bool


C07_2026 = TiebreakEdition("2026", unplayed_count_as_draws=False, virtual_opponent=False, caps_dummy=True,
                           cuts_vur_first=True)
C07_2024 = TiebreakEdition("2024", unplayed_count_as_draws=False, virtual_opponent=False, caps_dummy=False,
                           cuts_vur_first=True)
C07_2009 = TiebreakEdition("2009", unplayed_count_as_draws=True, virtual_opponent=True, caps_dummy=False,
                           cuts_vur_first=False)
TIEBREAK_EDITIONS = {edition.name: edition for edition in (C07_2026, C07_2024, C07_2009)}


#: the editions' names, newest first, and the other names they are given
EDITIONS = tuple(TIEBREAK_EDITIONS)
EDITION_ALIASES = {"2026-03-01": "2026", "2024-08-01": "2024", "2023": "2024", "pre-2023": "2009"}


def normalise_edition(edition: str | int) -> str:
    text = str(edition).strip().lower()
    text = EDITION_ALIASES.get(text, text)
    if text not in EDITIONS:
        raise TiebreakCodeError(f"unknown edition {edition!r}: use one of {', '.join(EDITIONS)}")
    return text


def tiebreak_edition(edition: TiebreakEdition | str | int) -> TiebreakEdition:
    """``edition`` itself, or the one its name (or an alias) names; raises TiebreakCodeError for
    any other."""
    if isinstance(edition, TiebreakEdition):
        return edition
    return TIEBREAK_EDITIONS[normalise_edition(edition)]
