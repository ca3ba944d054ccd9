"""A pure-Python Swiss pairing engine: TRF in, pairings out (no Django here).

This module and the registry (``systems``) are the engine's public interface: the web app
imports nothing else of it (the ``engine-interface`` contract in pyproject.toml).  Here:
``pair_round``, the one entry point of a pairing; re-exported, what the app reads of the file
formats, the Baku acceleration, the review of a hand-made pairing, tie-breaks and ratings.
"""

from __future__ import annotations

import logging

from .changes import PLAYERS, TEAMS, ChangeError, change_boards
from .core.acceleration import (
    BAKU_MINIMUM_ROUNDS,
    MINIMUM_ROUNDS,
    STANDARD_SCORING,
    WIN_TWO_DRAWS,
    baku_premises_broken,
    baku_virtual_points,
    with_baku_acceleration,
)
from .core.explanation import Articles, Explanation, Words, explain, scoregroup_steps
from .core.pairing import Pair, Progress, RoundPairing, publishing_key
from .core.state import RoundState, build_round_state, infer_initial_colour
from .errors import EngineError, NoValidPairing, TrfError
from .matches import forfeits_as_played, match_rounds, read_matches
from .ratings import RATING_RULES, RatingRules, half_up, k_factor, performance, rating_change, rating_rules
from .review import Board, Finding, differences, in_publishing_order, new_findings
from .review import review as review_pairing
from .standings import standings as standings_by_tiebreaks
from .systems import SYSTEMS, Edition, SwissSystem, get_system, read_trf_code
from .systems.team import TEAM, TeamSystem
from .systems.team.explain import explain_team
from .systems.team.explain import paragraphs as team_paragraphs
from .systems.team.state import build_team_state
from .team_review import in_match_order, review_teams
from .tiebreaks import Contribution, TiebreakCodeError, format_value, json_value, parse_codes
from .tiebreaks import explain as explain_tiebreak
from .trf import (
    ABSENT,
    BLACK,
    CONTROL_CHARACTER,
    DIGITS,
    NO_RESULT,
    WHITE,
    ForbiddenPairs,
    PlayerRecord,
    RoundEntry,
    Scoring,
    TrfDocument,
    dump,
    format_points,
    parse,
    score,
)
from .trf_team import TeamDocument, TeamRecord, dump_team, parse_team, team_line

log = logging.getLogger(__name__)


def resolve_edition(document: TrfDocument, system: SwissSystem, edition: str | None = None) -> Edition:
    """The edition to pair with: the one asked for; else the one record 192 names;
    else the one in force on the start date of record 042; else the latest."""
    if edition is not None:
        return system.edition(edition)
    code = read_trf_code(document.system_code) if document.system_code else None
    if code is not None and code.system is system and code.edition is not None:
        return code.edition
    if document.start_date is not None:
        return system.edition_on(document.start_date)
    return system.latest


def file_asks_baku(document: TrfDocument) -> bool:
    """Record 192 names the Baku acceleration (``..._BAKU``)."""
    code = read_trf_code(document.system_code) if document.system_code else None
    return code is not None and code.baku


def pair_round(document: TrfDocument, system: str = "dutch", round_number: int | None = None,
               total_rounds: int | None = None, baku: bool = False,
               edition: str | None = None, progress: Progress | None = None,
               explain: bool = False) -> RoundPairing:
    """Pair ``round_number`` (default: the next one) of the tournament in ``document``
    with ``system`` in ``edition`` (default: see :func:`resolve_edition`), with the
    Baku acceleration of that edition if ``baku`` or if record 192 asks for it.

    ``progress(done, total, size)``, when given, is called as the round is paired:
    before each bracket with the brackets done so far, their number (which may
    shrink when brackets collapse) and the size of the bracket about to be paired,
    and once at the end with ``done == total`` and size 0.  A system that does not
    report brackets reports the round as one bracket of all its players.

    ``explain``: attach the :class:`Explanation` (``pairing.explanation``; None if it
    could not be built, the fault logged)."""
    swiss = get_system(system)
    chosen = resolve_edition(document, swiss, edition)
    method = ""  # the acceleration method applied (explained with the virtual points)
    if baku or file_asks_baku(document):
        if not chosen.acceleration:  # the editions before C.04.7 (2026), but the Dutch 2017 one
            offered = ", ".join(f"{e.name} ({e.acceleration})" for e in swiss.editions if e.acceleration)
            raise TrfError(f"the {swiss.title}, {chosen.name} edition, has no acceleration method, so no Baku "
                           f"acceleration" + (f"; the Baku method goes with the edition {offered}" if offered else ""))
        document, method = with_baku_acceleration(document, chosen.acceleration), chosen.acceleration
    state = chosen.round_state(document, round_number, total_rounds)
    if progress is None:
        pairing = swiss.pair(state, chosen)
    elif swiss.reports_progress:
        pairing = swiss.pair(state, chosen, progress=progress)
    else:
        progress(0, 1, len(state.players))
        pairing = swiss.pair(state, chosen)
        progress(1, 1, 0)
    if explain:
        # A report on the finished pairing: a fault in it is logged and never costs the pairing,
        # which is left without an explanation (None).
        try:
            pairing.explanation = explain_pairing(document, state, pairing, swiss, chosen, method)
        except Exception:
            log.exception("the explanation of the pairing failed; the pairing stands without one")
    return pairing


def explain_team_round(document: TeamDocument, pairing, round_number: int | None = None,
                       total_rounds: int | None = None) -> dict:
    """Why :data:`TEAM` paired the round of ``document`` so: the JSON of ``--team --explain`` (the
    PAB and its candidates, each bracket, each match's colour rule, and ``text`` in English), which
    :func:`team_paragraphs` writes in plain words in the language of the ``Words`` it is given."""
    state = build_team_state(document, TEAM.latest, round_number, total_rounds)
    return explain_team(state, pairing, {tpn: team.name for tpn, team in document.teams.items()})


def explain_pairing(document: TrfDocument, state: RoundState, pairing: RoundPairing, swiss: SwissSystem,
                    edition: Edition, acceleration: str = "") -> Explanation:
    """Why ``pairing`` is what ``swiss`` made of ``state`` (see core.explanation); ``acceleration``:
    the method whose virtual points the scores hold (none named: virtual points the file gave)."""
    if swiss.explain is not None:
        steps, articles = swiss.explain(state, pairing, edition)
    else:
        steps, articles = scoregroup_steps(state, pairing), Articles()
    names = {number: record.name for number, record in document.players.items()}
    return explain(state, pairing, steps, articles, system=swiss.title, article=swiss.article,
                   edition=edition.name, basic_rules=edition.basic_rules, names=names,
                   colour_exempt=lambda player: swiss.colour_exempt(state, player),
                   pair_exempt=lambda a, b: swiss.colour_exempt_pair(state, a, b), bye_rule=edition.bye_rule,
                   acceleration=acceleration)


__all__ = [
    "ABSENT",
    "BAKU_MINIMUM_ROUNDS",
    "BLACK",
    "CONTROL_CHARACTER",
    "DIGITS",
    "MINIMUM_ROUNDS",
    "NO_RESULT",
    "PLAYERS",
    "RATING_RULES",
    "STANDARD_SCORING",
    "SYSTEMS",
    "TEAM",
    "TEAMS",
    "WHITE",
    "WIN_TWO_DRAWS",
    "Articles",
    "Board",
    "ChangeError",
    "Contribution",
    "Edition",
    "EngineError",
    "Explanation",
    "Finding",
    "ForbiddenPairs",
    "NoValidPairing",
    "Pair",
    "PlayerRecord",
    "Progress",
    "RatingRules",
    "RoundEntry",
    "RoundPairing",
    "RoundState",
    "Scoring",
    "SwissSystem",
    "TeamDocument",
    "TeamRecord",
    "TeamSystem",
    "TiebreakCodeError",
    "TrfDocument",
    "TrfError",
    "Words",
    "baku_premises_broken",
    "baku_virtual_points",
    "build_round_state",
    "change_boards",
    "differences",
    "dump",
    "dump_team",
    "explain_pairing",
    "explain_team_round",
    "explain_tiebreak",
    "file_asks_baku",
    "forfeits_as_played",
    "format_points",
    "format_value",
    "get_system",
    "half_up",
    "in_match_order",
    "in_publishing_order",
    "infer_initial_colour",
    "json_value",
    "k_factor",
    "match_rounds",
    "new_findings",
    "pair_round",
    "parse",
    "parse_codes",
    "parse_team",
    "performance",
    "publishing_key",
    "rating_change",
    "rating_rules",
    "read_matches",
    "read_trf_code",
    "resolve_edition",
    "review_pairing",
    "review_teams",
    "score",
    "standings_by_tiebreaks",
    "team_line",
    "team_paragraphs",
    "with_baku_acceleration",
]
