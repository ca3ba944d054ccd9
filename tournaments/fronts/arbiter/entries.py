"""The player's side as the arbiters run it (docs/players.md): which parts are on, the entries to
approve and the waiting list, the bye requests to grant, who has not checked in, the venue's QR code."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.fronts.arbiter.forms import DecisionForm, PlayerSideForm
from tournaments.fronts.perform import perform
from tournaments.fronts.public.printouts import qr_svg
from tournaments.models import ByeRequest, Notice, Registration
from tournaments.queries.notices import state_counts
from tournaments.services import ConfirmationNeeded, Refused, notices
from tournaments.services import bye_requests as byes
from tournaments.services import check_in as checking
from tournaments.services import registration as registrations


def player_side(request, slug):
    """The settings of the player's side; GET shows them to every arbiter, POST saves them."""
    tournament = request.tournament
    form = PlayerSideForm(request.POST or None, instance=registrations.player_side(tournament))
    if request.method == "POST" and form.is_valid():
        try:
            registrations.save_player_side(form.save(commit=False), request.user)
        except Refused as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, _("Player side saved."))
            return redirect("arbiter:entries", slug)
    return render(request, "arbiter/player_side.html", {"tournament": tournament, "form": form})


def _check_in_context(tournament) -> dict:
    number = checking.check_in_round(tournament)
    if number is None:
        return {"check_in_round": None}
    return {"check_in_round": number, "not_checked_in": checking.not_checked_in(tournament, number),
            "checked_in": tournament.players.filter(check_ins__round_number=number).count(),
            "check_in_closes": checking.window(registrations.player_side(tournament), number)[1]}


def entries(request, slug, question: str | None = None):
    tournament = request.tournament
    listed = tournament.registrations.select_related("player")
    return render(request, "arbiter/entries.html", {
        "tournament": tournament, "side": registrations.player_side(tournament),
        "pending": listed.filter(status=Registration.Status.PENDING),
        "waiting": listed.filter(status=Registration.Status.WAITING).order_by("created_at", "pk"),
        "decided": listed.exclude(status__in=[Registration.Status.PENDING, Registration.Status.WAITING]),
        "bye_requests": ByeRequest.objects.filter(player__tournament=tournament).select_related("player"),
        "question": question, **_check_in_context(tournament), **_mails_context(tournament),
    }, status=200)


def _mails_context(tournament) -> dict:
    """The registration mails' counts, and the failed ones with their reasons."""
    mails = notices.registration_mails(tournament)
    counts = state_counts(mails)
    return {"mail_counts": counts if any(counts.values()) else None,
            "failed_mails": mails.filter(state=Notice.State.FAILED).select_related("registration")}


@require_POST
def registration_mails_resend(request, slug):
    """Queue the failed registration mails again."""
    perform(request, lambda: notices.resend_registration_mails(request.tournament, request.user),
            _("The failed registration mails are queued again."))
    return redirect("arbiter:entries", slug)


@require_POST
def registration_decide(request, slug, pk):
    entry = get_object_or_404(Registration, tournament=request.tournament, pk=pk)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose to approve or to refuse."))
        return redirect("arbiter:entries", slug)
    try:
        if form.cleaned_data["action"] == "approve":
            player = registrations.approve(entry, request.user)
            messages.success(request, _("%(name)s registered as #%(number)s.") % {
                "name": player.name, "number": player.pairing_number})
        else:
            registrations.refuse(entry, form.cleaned_data["reason"], request.user)
            messages.success(request, _("%(name)s's entry refused.") % {"name": entry.name})
    except Refused as refusal:
        messages.error(request, refusal.message)
    return redirect("arbiter:entries", slug)


@require_POST
def bye_request_decide(request, slug, pk):
    asked = get_object_or_404(ByeRequest.objects.select_related("player__tournament"),
                              player__tournament=request.tournament, pk=pk)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose to grant or to refuse."))
        return redirect("arbiter:entries", slug)
    try:
        if form.cleaned_data["action"] == "approve":
            byes.grant(asked, request.user)
            messages.success(request, _("%(name)s: bye in round %(number)s granted.") % {
                "name": asked.player.name, "number": asked.round_number})
        else:
            byes.refuse(asked, form.cleaned_data["reason"], request.user)
            messages.success(request, _("%(name)s: bye in round %(number)s refused.") % {
                "name": asked.player.name, "number": asked.round_number})
    except Refused as refusal:
        messages.error(request, refusal.message)
    return redirect("arbiter:entries", slug)


@require_POST
def mark_absent(request, slug):
    """Who has not checked in is absent from the round: asked first, done on the confirmed POST."""
    try:
        number = int(request.POST.get("round", ""))
    except ValueError:
        messages.error(request, _("Give a round number."))
        return redirect("arbiter:entries", slug)
    try:
        count = checking.mark_absent(request.tournament, number, request.user,
                                     confirm=request.POST.get("confirm") == "1")
    except ConfirmationNeeded as question:
        return entries(request, slug, question=question.message)
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, ngettext("%(count)s player marked absent from round %(number)s.",
                                           "%(count)s players marked absent from round %(number)s.", count)
                         % {"count": count, "number": number})
    return redirect("arbiter:entries", slug)


def check_in_qr(request, slug):
    """The venue's QR code, to print: it leads a signed-in player to his check-in button."""
    url = request.build_absolute_uri(reverse("player:venue_check_in", args=[slug]))
    return render(request, "arbiter/check_in_qr.html", {
        "tournament": request.tournament, "url": url, "svg": mark_safe(qr_svg(url))})
