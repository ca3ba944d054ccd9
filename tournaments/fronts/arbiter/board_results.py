"""Results from the board as the arbiters run them (docs/players.md): the players' reports made
official, one board or every confirmed one at once; the result helpers, each enrolled by a QR code
and revoked at once."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.fronts.perform import perform
from tournaments.fronts.public.printouts import qr_svg
from tournaments.models import Game, ResultHelper, Round
from tournaments.queries.board_results import round_reports
from tournaments.queries.tasks import build_soon
from tournaments.services import Refused, board_results
from tournaments.services.registration import player_side


def reports_context(request, round_: Round) -> dict:
    """What the round page shows of the players' reports (``?reports=<state>``: only those)."""
    if round_.status != Round.Status.PUBLISHED or not (
            player_side(round_.tournament).board_results or round_.games.filter(report__isnull=False).exists()):
        return {}
    return {"reports": round_reports(round_, request.GET.get("reports", ""))}


def _back(slug, number, state: str = ""):
    url = reverse("arbiter:round", args=[slug, number])
    return redirect(f"{url}?reports={state}#reports" if state else f"{url}#reports")


@require_POST
def report_accept(request, slug, pk):
    game = get_object_or_404(Game.objects.select_related("round__tournament"), round__tournament=request.tournament,
                             pk=pk)
    if perform(request, lambda: board_results.make_official(game, request.user, read=request.POST.get("result")),
               _("Board %(board)s: the reported result is official.") % {"board": game.board}):
        build_soon(request.tournament)
    return _back(slug, game.round.number, request.POST.get("reports", ""))


@require_POST
def reports_accept_confirmed(request, slug, number):
    round_ = get_object_or_404(Round.objects.select_related("tournament"), tournament=request.tournament, number=number)
    try:
        count = board_results.accept_confirmed(round_, request.user)
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, ngettext("%(count)s confirmed result is official.",
                                           "%(count)s confirmed results are official.", count) % {"count": count})
        if count:
            build_soon(request.tournament)
    return _back(slug, number)


def result_helpers(request, slug):
    """The tournament's result helpers; POST enrols a new one and shows its QR code (once: only its hash is kept)."""
    tournament = request.tournament
    context = {"tournament": tournament, "side": player_side(tournament),
               "helpers": tournament.result_helpers.select_related("created_by").order_by("-pk")}
    if request.method == "POST":
        try:
            helper, token = board_results.enrol_helper(tournament, request.POST.get("label", ""), request.user)
        except Refused as refusal:
            messages.error(request, refusal.message)
            return redirect("arbiter:result_helpers", slug)
        url = request.build_absolute_uri(reverse("player:helper", args=[token]))
        context.update(new=helper, url=url, svg=mark_safe(qr_svg(url)))  # segno's SVG, escaped by segno
    return render(request, "arbiter/result_helpers.html", context)


@require_POST
def result_helper_revoke(request, slug, pk):
    helper = get_object_or_404(ResultHelper, tournament=request.tournament, pk=pk)
    perform(request, lambda: board_results.revoke_helper(helper, request.user),
            _("Result helper “%(label)s” revoked: the phone can no longer enter results.") % {"label": helper.label})
    return redirect("arbiter:result_helpers", slug)
