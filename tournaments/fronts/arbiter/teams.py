"""A team event's arbiter pages: the team rules, the teams and their rosters, a round's matches
with their line-ups and board results, the TRF-2026 team file.  The actions are
``tournaments.services.teams``, ``lineups`` and ``results``."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.exchange.team_trf import export_team
from tournaments.fronts.arbiter.team_forms import LineUpForm, TeamForm, TeamRulesForm
from tournaments.fronts.perform import perform
from tournaments.models import Game, Match, Round, Team
from tournaments.queries.tasks import build_soon
from tournaments.queries.teams import round_matches, team_rules
from tournaments.services import ConfirmationNeeded, Refused, last_paired_round
from tournaments.services.lineups import set_line_up
from tournaments.services.results import enter_result, parse_result
from tournaments.services.team_results import forfeit_match, withdraw_forfeit
from tournaments.services.teams import (
    add_member,
    create_team,
    set_entry_round,
    set_team_absence,
    set_team_rules,
    withdraw_team,
)
from tournaments.validation import PlayerForm


def team_event(view):
    """The view of a team event's part: another tournament is sent to the teams page, which says
    how to make it one (before any player is registered); ``request.team_rules`` for the view."""
    @wraps(view)
    def checked(request, slug, **kwargs):
        request.team_rules = team_rules(request.tournament)
        if request.team_rules is None:
            messages.error(request, _("This tournament is not a team event."))
            return redirect(reverse("arbiter:teams", args=[slug]))
        return view(request, slug, **kwargs)
    return checked


def _posted_round(request, field: str) -> int | None:
    """The round number the form's ``field`` gives; None, and "Choose a round." said, when it gives none."""
    text = request.POST.get(field, "").strip()
    if text.isascii() and text.isdigit() and len(text) <= 3:
        return int(text)
    messages.error(request, _("Choose a round."))
    return None


def _problems(form) -> str:
    return "; ".join(" ".join(errors) for errors in form.errors.values())


@login_required
def teams(request, slug):
    """The team rules, the teams and their rosters (GET); the rules saved (POST)."""
    tournament = request.tournament
    rules = team_rules(tournament)
    form = TeamRulesForm(request.POST or None, instance=rules)
    if request.method == "POST":
        if form.is_valid():
            data = {name: form.cleaned_data[name] for name in form.Meta.fields}
            if perform(request, lambda: set_team_rules(tournament, user=request.user, **data), _("Team rules saved.")):
                return redirect(reverse("arbiter:teams", args=[slug]))
        else:
            messages.error(request, _("Team rules not saved: %(problems)s") % {"problems": _problems(form)})
        rules = team_rules(tournament)  # as stored: the form's validation changed its copy
    return render(request, "arbiter/teams.html", {
        "tournament": tournament, "rules": rules, "rules_form": form, "team_form": TeamForm(),
        "teams": tournament.teams.prefetch_related("members__player", "absences") if rules else [],
        "later_rounds": range(last_paired_round(tournament) + 1, tournament.rounds + 1),
        "rounds": tournament.round_set.defer(*Round.JSON_FIELDS) if rules else []},
        status=400 if form.errors else 200)


@login_required
@require_POST
@team_event
def team_add(request, slug):
    tournament = request.tournament
    form = TeamForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Team not entered: %(problems)s") % {"problems": _problems(form)})
    else:
        data = form.cleaned_data
        perform(request, lambda: create_team(tournament, data["name"], data["short_name"], data["rating"],
                                             user=request.user, entry_round=data["entry_round"]), _("Team entered."))
    return redirect(reverse("arbiter:teams", args=[slug]) + "#teams")


@login_required
@require_POST
@team_event
def member_add(request, slug, pk):
    tournament = request.tournament
    team = get_object_or_404(Team, tournament=tournament, pk=pk)
    form = PlayerForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Player not added: %(problems)s") % {"problems": _problems(form)})
    else:
        perform(request, lambda: add_member(team, form.save(commit=False), user=request.user,
                                            confirm=request.POST.get("confirm") == "1"),
                _("%(name)s added to %(team)s.") % {"name": form.cleaned_data["name"], "team": team.name})
    return redirect(reverse("arbiter:teams", args=[slug]) + f"#team-{team.pk}")


@login_required
@require_POST
@team_event
def team_absence(request, slug, pk):
    """The team not paired in a round (``absent=1``), or paired again (``absent=0``)."""
    team = get_object_or_404(Team, tournament=request.tournament, pk=pk)
    number = _posted_round(request, "round_number")
    if number is not None:
        absent = request.POST.get("absent") == "1"
        perform(request, lambda: set_team_absence(team, number, absent, user=request.user),
                (_("%(team)s will not be paired in round %(number)s.") if absent else
                 _("%(team)s will be paired in round %(number)s.")) % {"team": team.name, "number": number})
    return redirect(reverse("arbiter:teams", args=[slug]) + f"#team-{team.pk}")


@login_required
@require_POST
@team_event
def team_withdraw(request, slug, pk):
    """The team withdrawn from a round on (``from_round``), or reinstated (``from_round`` empty)."""
    team = get_object_or_404(Team, tournament=request.tournament, pk=pk)
    reinstated = not request.POST.get("from_round", "").strip()
    number = None if reinstated else _posted_round(request, "from_round")
    if number is None and not reinstated:
        return redirect(reverse("arbiter:teams", args=[slug]) + f"#team-{team.pk}")
    try:
        changed = withdraw_team(team, number, user=request.user)
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        done = (_("%(team)s withdrawn: not paired from round %(number)s on.") if number else
                _("%(team)s reinstated.")) % {"team": team.name, "number": number}
        (messages.success if changed else messages.info)(
            request, done if changed else _("%(name)s: nothing changed.") % {"name": team.name})
    return redirect(reverse("arbiter:teams", args=[slug]) + f"#team-{team.pk}")


@login_required
@require_POST
@team_event
def team_entry(request, slug, pk):
    """The round a team is paired from, moved while neither it nor the new one is paired."""
    team = get_object_or_404(Team, tournament=request.tournament, pk=pk)
    number = _posted_round(request, "entry_round")
    if number is not None:
        perform(request, lambda: set_entry_round(team, number, user=request.user),
                _("%(team)s will be paired from round %(number)s on.") % {"team": team.name, "number": number})
    return redirect(reverse("arbiter:teams", args=[slug]) + f"#team-{team.pk}")


@login_required
@team_event
def team_round(request, slug, number):
    """A round's matches: the line-up forms, the boards and their results."""
    tournament, rules = request.tournament, request.team_rules
    round_ = get_object_or_404(tournament.round_set.defer(*Round.JSON_FIELDS), number=number)
    lines = round_matches(round_)
    for line in lines:
        line.forms = [] if line.match.is_bye else _line_up_forms(line, rules.boards)
    return render(request, "arbiter/team_round.html", {"tournament": tournament, "rules": rules, "round": round_,
                                                       "matches": lines})


def _line_up_forms(line, boards: int) -> list:
    """A line-up form for each team of the match, filled with its line-up when it is in."""
    match = line.match
    fielded = {match.white_team: [b.home for b in line.boards], match.black_team: [b.away for b in line.boards]}
    return [(team, LineUpForm(boards, list(team.members.select_related("player")), prefix=f"m{match.pk}-{team.pk}",
                              initial_players=[str(p.pk) for p in players if p is not None]))
            for team, players in fielded.items()]


@login_required
@require_POST
@team_event
def line_up(request, slug, number, pk, team):
    tournament = request.tournament
    match = get_object_or_404(Match.objects.select_related("round"), round__tournament=tournament,
                              round__number=number, pk=pk)
    team = get_object_or_404(Team, tournament=tournament, pk=team)
    form = LineUpForm(request.team_rules.boards, list(team.members.select_related("player")), request.POST,
                      prefix=f"m{match.pk}-{team.pk}")
    if not form.is_valid():
        messages.error(request, _("Line-up not saved: name a player for every board."))
    else:
        perform(request, lambda: set_line_up(match, team, form.players(), user=request.user),
                _("Line-up of %(team)s saved.") % {"team": team.name})
    return redirect(reverse("arbiter:team_round", args=[slug, number]) + f"#match-{match.number}")


@login_required
@require_POST
@team_event
def match_forfeit(request, slug, number, pk):
    """The whole match lost by forfeit (GHR 3.5): ``lost_by`` names who did not come."""
    tournament = request.tournament
    match = get_object_or_404(Match.objects.select_related("white_team", "black_team", "round"),
                              round__tournament=tournament, round__number=number, pk=pk)
    lost_by = request.POST.get("lost_by", "")
    winners = {"white": match.black_team, "black": match.white_team, "both": None}
    if lost_by not in winners or match.is_bye:
        messages.error(request, _("Say which team did not come."))
    else:
        perform(request, lambda: forfeit_match(match, winners[lost_by], user=request.user),
                _("Match %(number)s recorded as lost by forfeit.") % {"number": match.number})
    return redirect(reverse("arbiter:team_round", args=[slug, number]) + f"#match-{match.number}")


@login_required
@require_POST
@team_event
def match_forfeit_withdraw(request, slug, number, pk):
    """A match's forfeit recorded by mistake taken back, while no later round is paired."""
    match = get_object_or_404(Match, round__tournament=request.tournament, round__number=number, pk=pk)
    perform(request, lambda: withdraw_forfeit(match, user=request.user),
            _("The forfeit of match %(number)s is withdrawn: enter its boards' results.") % {"number": match.number})
    return redirect(reverse("arbiter:team_round", args=[slug, number]) + f"#match-{match.number}")


@login_required
@require_POST
@team_event
def board_result(request, slug, pk):
    """One board's result, then back to the round's matches (a correction asks first)."""
    tournament = request.tournament
    game = get_object_or_404(Game.objects.select_related("round"), round__tournament=tournament, pk=pk)
    try:
        enter_result(game, parse_result(request.POST.get("result", "")), request.user,
                     confirm=request.POST.get("confirm") == "1")
        build_soon(tournament)
    except ConfirmationNeeded as question:
        messages.warning(request, question.message + " " + _("Type the result again and tick “confirm”."))
    except Refused as refusal:
        messages.error(request, refusal.message)
    return redirect(reverse("arbiter:team_round", args=[slug, game.round.number]))


@login_required
@team_event
def team_export(request, slug):
    """The TRF-2026 team file (the engine's ``--team`` reads it)."""
    tournament = request.tournament
    response = HttpResponse(export_team(tournament), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-team-trf26.txt"'
    return response
