"""What an event's pages read: each section's state for the arbiters (players, entries pending and
waiting, round, results entered, the next action) and each section's current round for the public page."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from tournaments.models import Event, Game, Registration, Round, Tournament
from tournaments.queries.boards import ResultsIn, results_in
from tournaments.queries.standings import published_rounds

#: Boards of each section on the event's public page (the section's round page has them all).
EVENT_BOARDS = 12


@dataclass
class SectionState:
    """A section as the event's arbiter page shows it."""
    tournament: Tournament
    players: int
    round: Round | None  # the latest round, whatever its state
    results: ResultsIn | None
    next_action: str
    pending: int = 0  # entries online the arbiter has still to approve or refuse
    waiting: int = 0  # entries on the waiting list


def next_action(tournament: Tournament, players: int, round_: Round | None, results: ResultsIn | None) -> str:
    """What the arbiters of a section do next, in words."""
    if not players:
        return _("Register the players")
    if round_ is None:
        return _("Pair round 1")
    number = {"number": round_.number}
    if round_.status in (Round.Status.PAIRING, Round.Status.FAILED):
        return (_("Round %(number)s is being paired") if round_.status == Round.Status.PAIRING
                else _("Pair round %(number)s again")) % number
    if round_.status == Round.Status.DRAFT:
        return _("Check and publish round %(number)s") % number
    if results is not None and results.entered < results.total:
        return _("Enter the results of round %(number)s") % number
    if round_.number < tournament.rounds:
        return _("Pair round %(number)s") % {"number": round_.number + 1}
    return _("Finished: prizes and rating report")


def section_states(event: Event) -> list[SectionState]:
    """Every section of ``event`` in the arbiter's order."""
    states = []
    entries = {status: Count("registrations", filter=Q(registrations__status=status), distinct=True)
               for status in (Registration.Status.PENDING, Registration.Status.WAITING)}
    for section in event.sections().annotate(entrants=Count("players", distinct=True), pending=entries["pending"],
                                             waiting=entries["waiting"]):
        latest = section.round_set.order_by("number").defer(*Round.JSON_FIELDS).last()
        results = results_in(latest) if latest is not None and latest.status == Round.Status.PUBLISHED else None
        states.append(SectionState(section, section.entrants, latest, results,
                                   next_action(section, section.entrants, latest, results),
                                   section.pending, section.waiting))
    return states


@dataclass
class SectionRound:
    """A section on the event's public page: its latest published round and its first boards."""
    tournament: Tournament
    round: Round | None
    games: list[Game]
    more: int  # boards not shown here


def section_rounds(event: Event) -> list[SectionRound]:
    shown = []
    for section in event.sections().select_related("club"):
        latest = published_rounds(section).order_by("number").defer(*Round.JSON_FIELDS).last()
        games = []
        if latest is not None:
            games = list(latest.games.select_related("white", "black").order_by("board"))
            for game in games:
                for player in (game.white, game.black):
                    if player is not None:
                        player.tournament = section  # their addresses, without a query each
        shown.append(SectionRound(section, latest, games[:EVENT_BOARDS], max(0, len(games) - EVENT_BOARDS)))
    return shown
