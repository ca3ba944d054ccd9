"""The arbiter's round pages: pair, watch the task, publish or discard, then enter results."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Round
from tournaments.services import Refused
from tournaments.standings import with_aros
from tournaments.views import perform

from . import services


def _round(request, slug, number) -> Round:
    tournament = request.tournament  # who may do what: tournaments.permissions.RULES
    return get_object_or_404(Round.objects.select_related("tournament"), tournament=tournament, number=number)


@login_required
@require_POST
def pair(request, slug):
    """Pair the next round, or pair a failed round again."""
    tournament = request.tournament
    try:
        round_ = services.request_pairing(tournament, request.user)
    except Refused as refusal:
        messages.error(request, refusal.message)
        return redirect(tournament.get_manage_url())
    return redirect("pairing:round", slug, round_.number)


@login_required
def round_detail(request, slug, number):
    round_ = _round(request, slug, number)
    services.release_if_stale(round_)
    context = {"tournament": round_.tournament, "round": round_, "time_limit": settings.PAIRING_TIME_LIMIT,
               "games": round_.games.select_related("white", "black").prefetch_related("changes__user"),
               "elapsed": int((timezone.now() - round_.requested_at).total_seconds())}
    if round_.status == Round.Status.DRAFT:
        context["games"] = with_aros(round_.tournament, round_)
    if round_.status in (Round.Status.DRAFT, Round.Status.PUBLISHED):
        context["brackets"] = services.bracket_reports(round_)
    if request.htmx and request.GET.get("status"):
        if round_.status == Round.Status.PAIRING:
            return render(request, "pairing/_pairing_status.html", context)
        # Done: reload the whole page to show the draft.
        response = render(request, "pairing/_pairing_status.html", context)
        response["HX-Refresh"] = "true"
        return response
    return render(request, "pairing/round.html", context)


@login_required
@require_POST
def publish(request, slug, number):
    round_ = _round(request, slug, number)
    perform(request, lambda: services.publish_round(round_, request.user),
            _("Round %(number)s published. Enter the results as they come in.") % {"number": number})
    return redirect("pairing:round", slug, number)


@login_required
@require_POST
def discard(request, slug, number):
    """Discard a pairing, or cancel one under way."""
    round_ = _round(request, slug, number)
    done = (_("The pairing of round %(number)s was cancelled.") if round_.status == Round.Status.PAIRING else
            _("The pairing of round %(number)s was discarded.")) % {"number": number}
    if perform(request, lambda: services.discard_round(round_, request.user), done):
        return redirect(round_.tournament.get_manage_url())
    return redirect("pairing:round", slug, number)
