"""The public pages of a team event (C.04.6): a round's matches with their boards, the team
standings and the team crosstable.  Shared copies per revision, as the other public pages."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext

from tournaments.fronts.public import team_printouts
from tournaments.fronts.public.views import _pdf, _public_url, _tournament, shared_page
from tournaments.models import Round
from tournaments.queries.standings import completed_round, published_rounds
from tournaments.queries.teams import (
    crosstable,
    round_matches,
    standings,
    team_player_lines,
    team_rules,
    teams_not_paired,
)


def _team_event(slug: str):
    tournament = _tournament(slug)
    rules = team_rules(tournament)
    if rules is None:
        raise Http404("Not a team event.")
    return tournament, rules


@shared_page
def team_round(request, slug, number):
    tournament, rules = _team_event(slug)
    round_ = get_object_or_404(published_rounds(tournament), number=number)
    return render(request, "public/team_round.html", {
        "tournament": tournament, "rules": rules, "round": round_, "matches": round_matches(round_),
        "not_paired": teams_not_paired(round_), "round_label": gettext("Round %(number)s") % {"number": round_.number}})


@shared_page
def team_standings(request, slug):
    tournament, rules = _team_event(slug)
    completed = tournament.completed_rounds()
    after = completed_round(request.GET.get("after", str(completed)), completed)
    if after is None:
        raise Http404("No standings after that round.")
    return render(request, "public/team_standings.html", {
        "tournament": tournament, "rules": rules, "after": after, "round_choices": range(1, completed + 1),
        "codes": rules.tiebreak_codes(), "lines": standings(tournament, after) if after else []})


@shared_page
def team_crosstable(request, slug):
    tournament, rules = _team_event(slug)
    completed = tournament.completed_rounds()
    return render(request, "public/team_crosstable.html", {
        "tournament": tournament, "rules": rules, "completed": completed, "round_numbers": range(1, completed + 1),
        "lines": crosstable(tournament, completed) if completed else []})


# The printouts (PDF), made once per revision as the individual ones (views._pdf).

@shared_page
def team_round_pdf(request, slug, number, kind="matches"):
    """A published team round's matches, result slips (one per match) or pairings by name."""
    tournament, _rules = _team_event(slug)
    round_ = get_object_or_404(published_rounds(tournament).defer(*Round.JSON_FIELDS), number=number)

    def build():
        matches, url = round_matches(round_), _public_url(request, tournament)
        if kind == "names":
            return team_printouts.team_names_pdf(tournament, round_, team_player_lines(round_, matches), url)
        return TEAM_ROUND_PRINTOUTS[kind](tournament, round_, matches, url)
    return _pdf(request, tournament, f"{slug}-round-{number}-{kind}.pdf", build)


TEAM_ROUND_PRINTOUTS = {"matches": team_printouts.team_round_pdf, "slips": team_printouts.team_slips_pdf}


@shared_page
def team_standings_pdf(request, slug):
    tournament, rules = _team_event(slug)
    completed = tournament.completed_rounds()
    after = completed_round(request.GET.get("after", str(completed)), completed)
    if not after:
        raise Http404("No standings after that round.")
    return _pdf(request, tournament, f"{slug}-team-standings-{after}.pdf", lambda: team_printouts.team_standings_pdf(
        tournament, standings(tournament, after), after, rules.tiebreak_codes(), _public_url(request, tournament)))


@shared_page
def team_crosstable_pdf(request, slug):
    tournament, _rules = _team_event(slug)
    completed = tournament.completed_rounds()
    if not completed:
        raise Http404("No round is complete yet.")
    return _pdf(request, tournament, f"{slug}-team-crosstable-{completed}.pdf",
                lambda: team_printouts.team_crosstable_pdf(tournament, crosstable(tournament, completed), completed,
                                                           _public_url(request, tournament)))
