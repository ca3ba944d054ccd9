"""A team event's results beyond the boards' (entered as any game's: ``services.results``): a whole
match lost by forfeit (GHR 3.5, TRF record 330), by one team or by both."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import Kind
from tournaments.cache import bump
from tournaments.models import LineUp, Match, Result, Round, Team
from tournaments.services import Refused, lock_tournament
from tournaments.services.lineups import make_games, match_games, rosters
from tournaments.services.notices import drop_board_notices


@transaction.atomic
def forfeit_match(match: Match, winner: Team | None, user=None) -> None:
    """The match lost by forfeit by the team that did not come (``winner`` None: by both).  Every
    board is a forfeit (the present team's line-up if it gave one, else its roster's first players;
    the absent team's first players named as having lost); the teams have not met (GHR 3.5: they
    may be paired again) and the match points follow record 330 (C.04.6 2.1.2).  No board notice: the
    boards are not played; those of the line-ups not sent yet are dropped (``notices.drop_board_notices``)."""
    tournament = lock_tournament(match.round.tournament)
    match = Match.objects.select_related("round", "white_team", "black_team").get(pk=match.pk)
    boards = tournament.team_rules.boards
    if match.is_bye:
        raise Refused(_("The pairing-allocated bye has no opponent to forfeit against."))
    if match.round.status != Round.Status.PUBLISHED:
        raise Refused(_("Publish the pairing before entering results."))
    if winner is not None and winner.pk not in (match.white_team_id, match.black_team_id):
        raise Refused(_("%(team)s does not play a match here.") % {"team": winner.name})
    code = "--" if winner is None else "+-" if winner.pk == match.white_team_id else "-+"
    if match.forfeit == code:
        return  # a second click
    games = match_games(match, boards)
    if match.forfeit:
        raise Refused(_("The match is recorded as lost by forfeit already: withdraw that forfeit first."))
    if games.exclude(result="").exists():
        raise Refused(_("A result of this match is in: correct the boards' results instead."))
    games.delete()
    for team in (match.white_team, match.black_team):
        fielded = list(match.line_ups.filter(team=team).order_by("board").values_list("player_id", flat=True))
        if len(fielded) < boards or team != winner:
            match.line_ups.filter(team=team).delete()
            players = team.members.order_by("order").values_list("player_id", flat=True)[:boards]
            LineUp.objects.bulk_create(LineUp(match=match, team=team, board=b, player_id=p)
                                       for b, p in enumerate(players, start=1))
    make_games(match, boards)
    home_wins, away_wins = code == "+-", code == "-+"
    for game in match_games(match, boards).select_related("white"):
        home_white = game.white.team_member.team_id == match.white_team_id
        white_wins = home_wins if home_white else away_wins
        black_wins = away_wins if home_white else home_wins
        game.result = (Result.WHITE_FORFEIT_WIN if white_wins else Result.BLACK_FORFEIT_WIN if black_wins
                       else Result.DOUBLE_FORFEIT)
        game.save(update_fields=["result"])
    match.forfeit = code
    match.save(update_fields=["forfeit"])
    drop_board_notices(match.round, rosters(match))  # nobody plays: no board to tell, none still to send
    lost = {"+-": match.black_team.name, "-+": match.white_team.name}.get(code, "both teams")
    audit.record(tournament, Kind.RESULT, "match forfeit", f"Round {match.round.number}: “{match.white_team.name}” – "
                 f"“{match.black_team.name}” lost by forfeit by {lost} ({code})", user=user,
                 after={"match": match.number, "forfeit": code})
    bump(pk=tournament.pk)


@transaction.atomic
def withdraw_forfeit(match: Match, user=None) -> None:
    """A forfeit recorded by mistake (the wrong team, or the team came after all) taken back: the match's
    boards lose their forfeit results, to be entered again.  Only while no later round is paired: the
    pairing read it (GHR 3.5: the teams had not met)."""
    tournament = lock_tournament(match.round.tournament)
    match = Match.objects.select_related("round", "white_team", "black_team").get(pk=match.pk)
    if not match.forfeit:
        return  # a second click
    if tournament.round_set.filter(number__gt=match.round.number).exclude(status=Round.Status.FAILED).exists():
        raise Refused(_("A later round has been paired with this forfeit: it can no longer be withdrawn."))
    code, match.forfeit = match.forfeit, ""
    match.save(update_fields=["forfeit"])
    match_games(match, tournament.team_rules.boards).update(result="")
    audit.record(tournament, Kind.RESULT, "forfeit withdrawn", f"Round {match.round.number}: "
                 f"“{match.white_team.name}” – “{match.black_team.name}”: forfeit ({code}) withdrawn", user=user,
                 before={"match": match.number, "forfeit": code})
    bump(pk=tournament.pk)
