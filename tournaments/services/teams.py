"""Team events (C.04.6): a tournament made a team event, its teams, their rosters and the teams'
pairing numbers (TPN: by strength, C.04.6 1.1.1, until round 1 is paired)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import Kind
from tournaments.cache import bump
from tournaments.models import Player, Team, TeamAbsence, TeamMember, TeamRules, Tournament
from tournaments.services import Refused, all_paired, last_paired_round, lock_tournament, only_rounds
from tournaments.services.players import register_player

#: The fields of the team rules an arbiter sets.
RULE_FIELDS = ("boards", "match_win", "match_draw", "match_loss", "colour_model", "primary_score", "roster_order",
               "substitutes", "tiebreaks")


@transaction.atomic
def set_team_rules(tournament: Tournament, user=None, **fields) -> TeamRules:
    """Make ``tournament`` a team event, or change its team rules; the boards and points only
    until round 1 is paired (the pairing and the scores read them)."""
    lock_tournament(tournament)
    rules = TeamRules.objects.filter(tournament=tournament).first()
    before = audit.snapshot(rules, exclude=("tournament",)) if rules else {}
    if rules is None:
        if tournament.players.exists() or last_paired_round(tournament):
            raise Refused(_("Only a tournament without players or rounds can become a team event."))
        rules = TeamRules(tournament=tournament)
    for name, value in fields.items():
        if name not in RULE_FIELDS:
            raise Refused(_("“%(name)s” is not a team rule.") % {"name": name})
        setattr(rules, name, value)
    after = audit.snapshot(rules, exclude=("tournament",))
    fixed = {"boards", "match_win", "match_draw", "match_loss", "primary_score"}
    if before and last_paired_round(tournament) and any(before[n] != after[n] for n in fixed):
        raise Refused(_("The boards per match and the points are fixed once round 1 is paired."))
    rules.full_clean()
    rules.save()
    old, new = audit.changes(before, after)
    audit.record(tournament, Kind.TEAM, "rules", "Team rules set", user=user, before=old or None, after=new)
    bump(pk=tournament.pk)
    return rules


def _rules(tournament: Tournament) -> TeamRules:
    rules = TeamRules.objects.filter(tournament=tournament).first()
    if rules is None:
        raise Refused(_("This tournament is not a team event."))
    return rules


@transaction.atomic
def create_team(tournament: Tournament, name: str, short_name: str = "", rating: int | None = None,
                user=None, entry_round: int | None = None) -> Team:
    """A team entered; numbered with the others before round 1, after the last one since.  Paired from
    ``entry_round`` on (default: the next round to be paired): once round 1 is paired it is a late entry
    (GHR 2026 Art. 2.4, applied to teams by C.04.6's preface: paired only from its arrival, no points for
    the rounds before)."""
    lock_tournament(tournament)
    _rules(tournament)
    name = name.strip()
    if not name:
        raise Refused(_("A team needs a name."))
    entry_round = _entry_round(tournament, entry_round)
    if tournament.teams.filter(name__iexact=name).exists():
        raise Refused(_("A team named “%(name)s” is entered already.") % {"name": name})
    try:
        with transaction.atomic():
            team = Team.objects.create(tournament=tournament, name=name, short_name=short_name.strip()[:5],
                                       rating=rating, entry_round=entry_round)
    except IntegrityError:
        raise Refused(_("A team named “%(name)s” is entered already.") % {"name": name}) from None
    number_teams(tournament)
    team.refresh_from_db()
    late = f", paired from round {entry_round} on" if entry_round > 1 else ""
    audit.record(tournament, Kind.TEAM, "team added", f"Team “{team.name}” entered as #{team.pairing_number}{late}",
                 user=user, after={"team": team.name, "strength": rating, "number": team.pairing_number,
                                   "entry_round": entry_round})
    return team


def _entry_round(tournament: Tournament, entry_round: int | None) -> int:
    """The round a team entered now is paired from: a round not paired yet (GHR 2026 Art. 2.4)."""
    paired = last_paired_round(tournament)
    if paired >= tournament.rounds:
        raise Refused(all_paired(tournament))
    if entry_round is None:
        return paired + 1
    if entry_round <= paired:
        raise Refused(_("Round %(number)s has been paired already: a team entered now plays from round %(next)s "
                        "on.") % {"number": entry_round, "next": paired + 1})
    if entry_round > tournament.rounds:
        raise Refused(only_rounds(tournament))
    return entry_round


@transaction.atomic
def set_entry_round(team: Team, entry_round: int, user=None) -> bool:
    """A team's arrival moved (GHR 2026 Art. 2.4): from and to a round not paired yet, so that no round
    paired changes.  Whether anything changed (a second click changes nothing)."""
    tournament = lock_tournament(team.tournament)
    team = Team.objects.get(pk=team.pk)
    before = team.entry_round
    if entry_round == before:
        return False
    if min(before, entry_round) <= last_paired_round(tournament):
        raise Refused(_("The entry round can only be changed for rounds not yet paired."))
    if not 1 <= entry_round <= tournament.rounds:
        raise Refused(only_rounds(tournament))
    team.entry_round = entry_round
    team.save(update_fields=["entry_round"])
    audit.record(tournament, Kind.TEAM, "entry round", f"“{team.name}” paired from round {entry_round} on",
                 user=user, before={"entry_round": before}, after={"team": team.name, "entry_round": entry_round})
    bump(pk=tournament.pk)
    return True


def number_teams(tournament: Tournament) -> None:
    """C.04.6 1.1.1: before round 1, the teams numbered by strength (then name); once it is paired,
    the numbers stay and a new team takes the next one."""
    teams = list(tournament.teams.order_by("pairing_number", "name"))
    if not last_paired_round(tournament):
        teams.sort(key=lambda t: (-(t.rating or 0), t.name.lower()))
        Team.objects.filter(tournament=tournament).update(pairing_number=None)
        for number, team in enumerate(teams, start=1):
            Team.objects.filter(pk=team.pk).update(pairing_number=number)
    else:
        last = max((t.pairing_number or 0 for t in teams), default=0)
        for team in teams:
            if team.pairing_number is None:
                last += 1
                Team.objects.filter(pk=team.pk).update(pairing_number=last)
    bump(pk=tournament.pk)


@transaction.atomic
def add_member(team: Team, player: Player, user=None, confirm: bool = False) -> TeamMember:
    """``player`` (not saved yet) registered in the tournament and put at the end of ``team``'s
    roster: the roster is the board order (C.04.6 1.1: the line-ups follow it)."""
    tournament = lock_tournament(team.tournament)
    team = Team.objects.get(pk=team.pk)
    player = register_player(tournament, player, user=user, confirm=confirm)
    order = (team.members.order_by("-order").values_list("order", flat=True).first() or 0) + 1
    member = TeamMember.objects.create(team=team, player=player, order=order)
    audit.record(tournament, Kind.TEAM, "member added",
                 f"{player.name} on the roster of “{team.name}” at place {order}", user=user,
                 after={"team": team.name, "player": player.name, "place": order})
    bump(pk=tournament.pk)
    return member


@transaction.atomic
def withdraw_team(team: Team, from_round: int | None, user=None) -> bool:
    """A team withdrawn: not paired from ``from_round`` on (None: reinstated), as a player withdrawn
    (C.04.2 D.3; C.04.6 and GHR for the team).  Only from a round not yet paired: its matches played
    stay; reinstated, it is paired again from the next round paired.  Whether anything changed (a
    second click changes nothing)."""
    tournament = lock_tournament(team.tournament)
    team = Team.objects.get(pk=team.pk)
    paired = last_paired_round(tournament)
    if from_round is not None and from_round <= paired:
        raise Refused(_("Round %(number)s has been paired already; withdraw from round %(next)s on.") % {
            "number": from_round, "next": paired + 1})
    if from_round is not None and not 1 <= from_round <= tournament.rounds:
        raise Refused(only_rounds(tournament))
    before = team.withdrawn_from_round
    if before == from_round:
        return False
    team.withdrawn_from_round = from_round
    team.save(update_fields=["withdrawn_from_round"])
    audit.record(tournament, Kind.TEAM, "withdrawn" if from_round else "reinstated",
                 f"“{team.name}” withdrawn from round {from_round}" if from_round else f"“{team.name}” reinstated",
                 user=user, before={"withdrawn_from_round": before},
                 after={"team": team.name, "withdrawn_from_round": from_round})
    bump(pk=tournament.pk)
    return True


@transaction.atomic
def set_team_absence(team: Team, round_number: int, absent: bool, user=None) -> bool:
    """``team`` will not play round ``round_number`` (``absent``), or will after all; only for a
    round not yet paired.  False if it was so already."""
    tournament = lock_tournament(team.tournament)
    if round_number <= last_paired_round(tournament):
        raise Refused(_("Round %(number)s is paired already: only a later round can be changed.") % {
            "number": round_number})
    if not 1 <= round_number <= tournament.rounds:
        raise Refused(only_rounds(tournament))
    if absent == TeamAbsence.objects.filter(team=team, round_number=round_number).exists():
        return False  # a second click
    if absent:
        TeamAbsence.objects.create(team=team, round_number=round_number)
    else:
        TeamAbsence.objects.filter(team=team, round_number=round_number).delete()
    audit.record(tournament, Kind.TEAM, "absent" if absent else "present",
                 f"“{team.name}” {'not paired' if absent else 'paired again'} in round {round_number}", user=user,
                 before={"absent": not absent}, after={"team": team.name, "round": round_number, "absent": absent})
    bump(pk=tournament.pk)
    return True
