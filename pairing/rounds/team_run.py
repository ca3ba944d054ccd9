"""A team event's round in the round lifecycle (``request``, ``run``, ``publish``): what differs
from an individual round.  The task pairs the teams (C.04.6) from the TRF-2026 team document
(``tournaments.exchange.team_trf``) and stores the matches; the games follow the line-ups
(``tournaments.services.lineups``), the PAB's boards at once (C.04.6 1.4)."""

from __future__ import annotations

import logging

from django.db.models import Count, Q
from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from pairing.engine import TEAM, TeamDocument, explain_team_round
from tournaments import audit
from tournaments.exchange.team_trf import team_document
from tournaments.models import Game, Match, Round, Tournament
from tournaments.services import Refused
from tournaments.services.lineups import bye_games

log = logging.getLogger(__name__)


def check_can_pair_teams(tournament: Tournament, number: int) -> None:
    """:class:`Refused` when a match of an earlier round has no line-ups yet, too few teams are to be
    paired, or a team has fewer players than boards."""
    missing = (Match.objects.filter(round__tournament=tournament, round__number__lt=number, black_team__isnull=False)
               .annotate(fielded=Count("line_ups")).filter(~Q(fielded=2 * tournament.team_rules.boards))
               .select_related("round").order_by("round__number", "number"))
    if missing:
        matches = get_text_list([_("round %(round)s match %(match)s") % {"round": m.round.number, "match": m.number}
                                 for m in missing[:10]], _("and"))
        raise Refused(_("Line-ups are missing: %(matches)s.") % {"matches": matches})
    playing = (tournament.teams.filter(pairing_number__isnull=False).exclude(absences__round_number=number)
               .exclude(withdrawn_from_round__lte=number).exclude(entry_round__gt=number))
    if playing.count() < 2:
        raise Refused(_("At least two teams are needed to pair a round."))
    short = playing.annotate(players=Count("members")).filter(players__lt=tournament.team_rules.boards)
    if short:
        raise Refused(_("Every team needs a player for each of the %(boards)s boards: %(teams)s.") % {
            "boards": tournament.team_rules.boards, "teams": get_text_list([t.name for t in short], _("and"))})


def document(tournament: Tournament, number: int) -> TeamDocument:
    return team_document(tournament, number - 1)


def pair(document: TeamDocument, tournament: Tournament, round_: Round, progress):
    """The engine's pairing of the teams (one bracket reported: the team system reports none), with
    its explanation (``pairing.explanation``: None when it could not be built, the fault logged)."""
    progress(0, 1, len(document.teams))
    pairing = TEAM.pair(document, round_number=round_.number, total_rounds=tournament.rounds)
    progress(1, 1, 0)
    try:
        pairing.explanation = explain_team_round(document, pairing, round_.number, tournament.rounds)
    except Exception:  # a report on the finished pairing: its fault never costs the pairing
        log.exception("the explanation of the team pairing failed; the pairing stands without one")
        pairing.explanation = None
    return pairing


def explanation(pairing) -> dict:
    """What the round stores (``Round.explanation``): the engine's JSON under ``team`` (its facts,
    which the pages write in the reader's language: ``chess.explained``), and its English ``text``."""
    if pairing.explanation is None:
        return {}
    return {"system": TEAM.name, "text": pairing.explanation["text"], "team": pairing.explanation}


def save_matches(tournament: Tournament, round_: Round, numbers: list[tuple[int, int]]) -> None:
    """The draft's matches ``(white TPN, black TPN)`` in this order, the PAB (black 0) with its boards."""
    teams = {team.pairing_number: team for team in tournament.teams.all()}
    matches = [Match.objects.create(round=round_, number=n, white_team=teams[white],
                                    black_team=teams[black] if black else None)
               for n, (white, black) in enumerate(numbers, start=1)]
    boards = tournament.team_rules.boards
    Game.objects.bulk_create(game for match in matches if match.is_bye for game in bye_games(match, boards))


def store(tournament: Tournament, round_: Round, pairing) -> None:
    """The matches of the draft, in the engine's order, the PAB last with its boards."""
    numbers = pairing.as_numbers()
    save_matches(tournament, round_, numbers)
    round_.explanation = explanation(pairing)
    audit.record(tournament, audit.Kind.ROUND, "paired", f"Round {round_.number} paired: {len(numbers)} matches "
                 "(draft)", via="task", before={"round": round_.number, "status": Round.Status.PAIRING.label},
                 after={"round": round_.number, "status": Round.Status.DRAFT.label,
                        "matches": [f"{w}-{b or 'bye'}" for w, b in numbers]})

