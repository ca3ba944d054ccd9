"""The arbiter's round pages: pair, watch the task, publish or discard, then enter results."""

from types import SimpleNamespace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from pairing.rounds.manual import apply_manual_change, propose_change, unpaired_players
from pairing.rounds.publish import discard_round, draft_revision, publish_explanation, publish_round
from pairing.rounds.request import pair_again as pair_again_service
from pairing.rounds.request import request_pairing
from pairing.rounds.run import bracket_reports
from pairing.rounds.stale import changed_parts, describe
from pairing.rounds.timing import duration
from pairing.rounds.watch import stage, watch_round
from tournaments.fronts.arbiter.board_results import reports_context
from tournaments.fronts.arbiter.forms import TEAM_KINDS, ManualChangeForm
from tournaments.fronts.arbiter.notices import start_form
from tournaments.fronts.perform import perform
from tournaments.models import Round, is_team_event
from tournaments.queries.boards import board_list
from tournaments.queries.notices import notice_counts
from tournaments.queries.teams import standings as team_standings
from tournaments.services import ConfirmationNeeded, Refused


def _round(request, slug, number) -> Round:
    tournament = request.tournament  # who may do what: tournaments.permissions.RULES
    return get_object_or_404(Round.objects.select_related("tournament"), tournament=tournament, number=number)


@login_required
@require_POST
def pair(request, slug):
    """Pair the next round, or pair a failed round again."""
    tournament = request.tournament
    try:
        round_ = request_pairing(tournament, request.user)
    except Refused as refusal:
        messages.error(request, refusal.message)
        return redirect(tournament.get_manage_url())
    return redirect("arbiter:round", slug, round_.number)


def _round_context(request, round_: Round) -> dict:
    elapsed = (timezone.now() - round_.requested_at).total_seconds()
    context = {"tournament": round_.tournament, "round": round_, "stage": stage(round_),
               "time_limit": duration(round_.tournament.pairing_time_limit),
               "games": round_.games.select_related("white", "black").prefetch_related("changes__user"),
               "elapsed": duration(elapsed)}
    if round_.status == Round.Status.DRAFT:
        if is_team_event(round_.tournament):
            context["team_draft"] = _team_draft(round_)
        else:
            context["boards"] = board_list(round_.tournament, round_, detailed=True)
        context["stale"] = describe(changed_parts(round_))  # what changed since the pairing, if anything
        context["draft_revision"] = draft_revision(round_)  # published only if still the one read
    if round_.status in (Round.Status.DRAFT, Round.Status.PUBLISHED):
        context["brackets"] = bracket_reports(round_)
        context["manual_changes"] = round_.manual_changes.select_related("user")
    if round_.status == Round.Status.DRAFT and request.can["pairing"]:
        context["manual_form"] = _manual_choices(round_)
    if round_.status in (Round.Status.DRAFT, Round.Status.PUBLISHED):
        context["start_form"] = start_form(round_)
        counts = notice_counts(round_) if round_.status == Round.Status.PUBLISHED else {}
        if round_.tournament.pairing_notices or any(counts.values()):
            context["notices"] = counts
    context.update(reports_context(request, round_))  # results from the board
    return context


@login_required
def round_detail(request, slug, number):
    round_ = _round(request, slug, number)
    watch_round(round_)
    context = _round_context(request, round_)
    if request.htmx and request.GET.get("status"):
        if round_.status == Round.Status.PAIRING:
            return render(request, "arbiter/_pairing_status.html", context)
        # Done: reload the whole page to show the draft.
        response = render(request, "arbiter/_pairing_status.html", context)
        response["HX-Refresh"] = "true"
        return response
    return render(request, "arbiter/round.html", context)


@login_required
@require_POST
def publish(request, slug, number):
    """Publish the draft; a question (an out-of-date draft) is asked on the round page, and
    answered with ``confirm=1``."""
    round_ = _round(request, slug, number)
    try:
        publish_round(round_, request.user, confirm=request.POST.get("confirm") == "1",
                      revision=request.POST.get("revision") or None)
    except ConfirmationNeeded as question:
        context = _round_context(request, round_)
        context["publish_question"] = question.message
        return render(request, "arbiter/round.html", context)
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Round %(number)s published. Enter the results as they come in.") % {
            "number": number})
    return redirect("arbiter:round", slug, number)


@login_required
@require_POST
def pair_again(request, slug, number):
    """Discard the draft and pair the round again, in one action."""
    round_ = _round(request, slug, number)
    try:
        round_ = pair_again_service(round_, request.user)
    except Refused as refusal:
        messages.error(request, refusal.message)
    return redirect("arbiter:round", slug, round_.number)


@login_required
@require_POST
def explanation(request, slug, number):
    """Publish the explanation of the pairing on the public round page, or withdraw it."""
    round_ = _round(request, slug, number)
    publish = request.POST.get("publish") == "1"
    perform(request, lambda: publish_explanation(round_, publish, request.user),
            _("The explanation is published with the round.") if publish else _("The explanation is no longer public."))
    return redirect(reverse("arbiter:round", args=[slug, number]) + "?explanation=open#explanation")


@login_required
@require_POST
def discard(request, slug, number):
    """Discard a pairing, or cancel one under way."""
    round_ = _round(request, slug, number)
    done = (_("The pairing of round %(number)s was cancelled.") if round_.status == Round.Status.PAIRING else
            _("The pairing of round %(number)s was discarded.")) % {"number": number}
    try:
        discard_round(round_, request.user, confirm=request.POST.get("confirm") == "1")
    except ConfirmationNeeded as question:  # a published round: asked on its page
        context = _round_context(request, round_)
        context["discard_question"] = question.message
        return render(request, "arbiter/round.html", context)
    except Refused as refusal:
        messages.error(request, refusal.message)
        return redirect("arbiter:round", slug, number)
    messages.success(request, done)
    return redirect(round_.tournament.get_manage_url())


def _team_draft(round_: Round) -> dict:
    """A team draft's matches, each team with its points before the round, and the teams left out."""
    rows = {line.team.pk: line.row for line in team_standings(round_.tournament, round_.number - 1)}
    matches = [SimpleNamespace(match=m, white=rows.get(m.white_team_id), black=rows.get(m.black_team_id))
               for m in round_.matches.select_related("white_team", "black_team")]
    return {"matches": matches, "unpaired": unpaired_players(round_)}


def _manual_choices(round_: Round) -> dict:
    """The boards and players a manual change of the draft may name, for the round page's form: each
    board as (number, white, black: None for the PAB); a team draft's matches and teams (C.04.6)."""
    unpaired = unpaired_players(round_)
    if is_team_event(round_.tournament):
        kinds, pairs = TEAM_KINDS, [(m.number, m.white_team, m.black_team)
                                    for m in round_.matches.select_related("white_team", "black_team")]
    else:
        kinds, pairs = ManualChangeForm.base_fields["kind"].choices, [
            (g.board, g.white, g.black) for g in round_.games.select_related("white", "black")]
    entrants = sorted([w for _n, w, _b in pairs] + [b for _n, _w, b in pairs if b] + unpaired,
                      key=lambda p: p.pairing_number)
    return {"kinds": kinds, "boards": [(n, w.pairing_number, b.pairing_number if b else None) for n, w, b in pairs],
            "entrants": entrants, "unpaired": unpaired, "teams": kinds is TEAM_KINDS}


@login_required
def manual_change(request, slug, number):
    """A manual change of a draft pairing: GET reviews it (what it changes from the engine's pairing,
    what it breaks), POST confirms and saves it.  Chief arbiters only (``permissions.RULES``)."""
    round_ = _round(request, slug, number)
    back = redirect("arbiter:round", slug, number)
    form = ManualChangeForm(request.POST if request.method == "POST" else request.GET)
    if not form.is_valid():
        messages.error(request, _("Choose a change, and the boards or players it concerns."))
        return back
    if request.method == "POST":
        perform(request, lambda: apply_manual_change(
            round_, fingerprint=form.cleaned_data["fingerprint"], user=request.user, **form.change()),
            _("The change was saved and recorded (audit log, TRF comment lines)."))
        return back
    try:
        proposal = propose_change(round_, **form.change())
    except Refused as refusal:
        messages.error(request, refusal.message)
        return back
    return render(request, "arbiter/manual_change.html", {
        "tournament": round_.tournament, "round": round_, "proposal": proposal, "form": form})
