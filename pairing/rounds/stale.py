"""Is a draft still the pairing of what is in the database?

The task stores with the draft what it paired from (``Round.paired_from``): a digest of each
part of the TRF document it paired (``tournament_document(t, rounds=N-1, pairing=N)``) that a
pairing reads.  A result of an earlier round corrected, a player registered or withdrawn, an
absence or a forbidden pair changed after that: the draft is *out of date*, and the round page
says which part changed and offers to pair again; publishing it needs the arbiter's decision
(``pairing.rounds.publish``).  The tournament's header records (name, arbiters, round dates)
and the players' names are left out: they do not change a pairing.
"""

from __future__ import annotations

import hashlib
import json

from django.utils.translation import gettext_lazy as _

from pairing.engine import TeamDocument, TrfDocument
from pairing.rounds import team_run
from tournaments.exchange.trf import first_game_round, tournament_document
from tournaments.models import Round, is_team_event

#: The parts of the document, in the order the round page names them.
PARTS = {
    "results": _("results of earlier rounds"),
    "players": _("players (registered, removed or their ratings)"),
    "absences": _("who is to be paired in this round (absences, withdrawals, late entries)"),
    "forbidden pairs": _("forbidden pairs"),
    "settings": _("the tournament's pairing settings"),
    # A team event's draft: one part (pairing/rounds/team_run.py)
    "teams": _("the teams, the results of earlier rounds or who is to be paired"),
}


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, default=str).encode()).hexdigest()[:16]


def fingerprint(document: TrfDocument, number: int) -> dict[str, str]:
    """A digest of each part of ``document`` (paired for round ``number``) that the pairing reads."""
    # A player paired in none of rounds 1..N (a late entry for a later round, say) changes nothing.
    players = [p for n, p in sorted(document.players.items()) if any(e.paired for e in p.rounds[:number])]
    return {
        "results": _digest([(p.number, [e.text() for e in p.rounds[:number - 1]]) for p in players]),
        "players": _digest([(p.number, p.rating) for p in players]),
        # The round's own column: who is not to be paired (C.04.2 D.3-D.4, C.2 b).
        "absences": _digest([(p.number, e.text() if (e := p.entry(number)) else "") for p in players]),
        "forbidden pairs": _digest(sorted((sorted(f.players), f.first_round, f.last_round)
                                          for f in document.forbidden_pairs)),
        "settings": _digest([document.total_rounds, document.initial_colour, repr(document.scoring),
                             sorted(document.accelerations.items()), document.system_code]),
    }


def team_fingerprint(document: TeamDocument, number: int) -> dict[str, str]:
    """A team event's: the teams' rounds before ``number`` (opponents, colours, points), who is not
    to be paired in it (240) and the team rules; not the names, which change no pairing."""
    return {"teams": _digest([sorted((tpn, repr(rounds[:number - 1])) for tpn, rounds in document.rounds.items()),
                              sorted(document.unavailable.get(number, ())), document.code,
                              repr(document.match_scoring), document.total_rounds, document.initial_colour])}


def current_fingerprint(round_: Round) -> dict[str, str]:
    """The fingerprint of what round ``round_`` would be paired from now."""
    if is_team_event(round_.tournament):
        return team_fingerprint(team_run.document(round_.tournament, round_.number), round_.number)
    document = tournament_document(round_.tournament, rounds=round_.number - 1, pairing=round_.number)
    return fingerprint(document, first_game_round(round_.number, round_.tournament.games_per_round))


def changed_parts(round_: Round) -> list[str]:
    """The parts (keys of :data:`PARTS`) that changed since the draft was paired; empty if it is
    up to date, not a draft, or paired before the fingerprint was stored."""
    if round_.status != Round.Status.DRAFT or not round_.paired_from:
        return []
    now = current_fingerprint(round_)
    return [part for part in PARTS if part in now and round_.paired_from.get(part) != now[part]]


def describe(parts: list[str]) -> str:
    """The changed parts in words, for the round page and the confirmation."""
    return ", ".join(str(PARTS[part]) for part in parts)
