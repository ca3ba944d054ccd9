"""A pure-Python Swiss pairing engine: TRF in, pairings out (no Django here)."""

from __future__ import annotations

import logging

from .core.acceleration import with_baku_acceleration
from .core.explanation import Articles, Explanation, explain, scoregroup_steps
from .core.pairing import Pair, Progress, RoundPairing
from .core.state import RoundState, build_round_state
from .errors import EngineError, NoValidPairing, TrfError
from .systems import SYSTEMS, Edition, SwissSystem, get_system, read_trf_code
from .trf import TrfDocument, parse

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
    if baku or file_asks_baku(document):
        if not chosen.acceleration:  # e.g. the Dubov system: its texts provide for none
            raise TrfError(f"the {swiss.title} ({chosen.name}) has no acceleration method: no Baku")
        document = with_baku_acceleration(document, chosen.acceleration)
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
            pairing.explanation = explain_pairing(document, state, pairing, swiss, chosen)
        except Exception:
            log.exception("the explanation of the pairing failed; the pairing stands without one")
    return pairing


def explain_pairing(document: TrfDocument, state: RoundState, pairing: RoundPairing, swiss: SwissSystem,
                    edition: Edition) -> Explanation:
    """Why ``pairing`` is what ``swiss`` made of ``state`` (see core.explanation)."""
    if swiss.explain is not None:
        steps, articles = swiss.explain(state, pairing, edition)
    else:
        steps, articles = scoregroup_steps(state, pairing), Articles()
    names = {number: record.name for number, record in document.players.items()}
    return explain(state, pairing, steps, articles, system=swiss.title, article=swiss.article,
                   edition=edition.name, basic_rules=edition.basic_rules, names=names,
                   colour_exempt=lambda player: swiss.colour_exempt(state, player),
                   pair_exempt=lambda a, b: swiss.colour_exempt_pair(state, a, b), bye_rule=edition.bye_rule)


__all__ = ["SYSTEMS", "Edition", "EngineError", "Explanation", "NoValidPairing", "Pair", "Progress", "RoundPairing",
           "RoundState", "SwissSystem", "TrfDocument", "TrfError", "build_round_state", "file_asks_baku",
           "get_system", "pair_round", "parse", "read_trf_code", "resolve_edition"]
