"""The player's pages: what a signed-in player sees and does about his own entries (docs/players.md).

Who may open each page is checked before the view runs (``permissions.RULES``, rule ``OWNER``): an
entry, registration or bye request in the URL is the user's, else 404.
"""

from django.conf import settings
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.fronts.perform import perform
from tournaments.fronts.player.forms import ByeForm, EntryForm, EventEntryForm
from tournaments.models import ByeRequest, Event, Player, PlayerSide, Registration, Tournament
from tournaments.queries.board_results import player_board
from tournaments.queries.live import live_notice
from tournaments.services import Refused, last_paired_round
from tournaments.services import bye_requests as byes
from tournaments.services import check_in as checking
from tournaments.services import registration as entries
from tournaments.services.events import register_in_event


def home(request):
    """The player's entries and registrations, and the tournaments that take entries online."""
    user = request.user
    taken = set(Player.objects.filter(user=user).values_list("tournament_id", flat=True)) | set(
        Registration.objects.filter(user=user, status__in=Registration.ACTIVE).values_list("tournament_id", flat=True))
    open_sides = (PlayerSide.objects.filter(registration=True).exclude(tournament_id__in=taken)
                  .exclude(tournament__listing=Tournament.Listing.HIDDEN).select_related("tournament"))
    return render(request, "player/home.html", {
        "entries": Player.objects.filter(user=user).select_related("tournament").order_by("-tournament__start_date"),
        "registrations": Registration.objects.filter(user=user, player__isnull=True)
        .exclude(status=Registration.Status.CANCELLED).select_related("tournament"),
        "open": [side.tournament for side in open_sides if not entries.registration_closed(side)],
    })


ENTERED = {
    Registration.Status.APPROVED: gettext_lazy("You are registered in %(tournament)s."),
    Registration.Status.PENDING: gettext_lazy("Your entry to %(tournament)s waits for the arbiter's approval."),
    Registration.Status.WAITING: gettext_lazy("%(tournament)s is full: you are on its waiting list."),
}



def register(request, slug):
    tournament = request.tournament
    side = entries.player_side(tournament)
    form = EntryForm(request.POST or None)
    closed = entries.registration_closed(side)
    if request.method == "POST" and form.is_valid():
        entry = Registration(**{name: form.cleaned_data[name] for name in EntryForm.Meta.fields},
                             email=request.user.email, language=get_language())  # his mails' language
        try:
            entry = entries.register_online(tournament, entry, request.user)
        except Refused as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, ENTERED[entry.status] % {"tournament": tournament.name})
            return redirect("player:home")
    return render(request, "player/register.html", {"tournament": tournament, "side": side, "form": form,
                                                    "closed": closed})


def event_register(request, event):
    """The event's one form: the player chooses a section, or is placed by his rating."""
    event = get_object_or_404(Event, slug=event)
    form = EventEntryForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        entry = Registration(**{name: form.cleaned_data[name] for name in EntryForm.Meta.fields},
                             email=request.user.email, language=get_language())  # his mails' language
        try:
            entry = register_in_event(event, entry, request.user, form.cleaned_data["section"])
        except Refused as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, ENTERED[entry.status] % {"tournament": entry.tournament.name})
            return redirect("player:home")
    sections = [(section, entries.player_side(section)) for section in event.sections()]
    return render(request, "player/event_register.html", {"event": event, "form": form, "sections": sections})


def _entry_context(player: Player) -> dict:
    tournament = player.tournament
    side = entries.player_side(tournament)
    number = checking.check_in_round(tournament, side)
    opens, closes = checking.window(side, number) if number else (None, None)
    next_round = last_paired_round(tournament) + 1
    return {
        "player": player, "tournament": tournament, "side": side,
        "check_in_round": number, "checked_in": number and player.check_ins.filter(round_number=number).exists(),
        "check_in_problem": checking.check_in_problem(player, number, side) if number else None,
        "check_in_opens": opens, "check_in_closes": closes,
        "bye_requests": player.bye_requests.all(), "absences": player.absences.all(),
        "bye_form": ByeForm(tournament=tournament, initial={"round_number": min(next_round, tournament.rounds)}),
        "registration": Registration.objects.filter(player=player).first(),
        "board": player_board(player) if side.board_results else None,  # results from the board
        # His board of the last published round, live (templates/player/_live.html).
        "live": live_notice(player), "live_player": player, "poll_seconds": settings.LIVE_POLL_SECONDS,
    }


def entry(request, entry):
    player = get_object_or_404(Player.objects.select_related("tournament"), pk=entry)
    return render(request, "player/entry.html", _entry_context(player))


@require_POST
def check_in(request, entry):
    player = get_object_or_404(Player.objects.select_related("tournament"), pk=entry)
    perform(request, lambda: checking.check_in(player, request.user), _("You are checked in."))
    return redirect("player:entry", player.pk)


def venue_check_in(request, slug):
    """Where the venue's QR code leads: the player's entry in this tournament, with its check-in button."""
    player = request.tournament.players.filter(user=request.user).first()
    if player is None:
        return render(request, "player/no_entry.html", {"tournament": request.tournament})
    return render(request, "player/entry.html", _entry_context(player))


@require_POST
def bye_request(request, entry):
    player = get_object_or_404(Player.objects.select_related("tournament"), pk=entry)
    form = ByeForm(request.POST, tournament=player.tournament)
    if not form.is_valid():
        messages.error(request, form.problems())
        return redirect("player:entry", player.pk)
    try:
        asked = byes.request_bye(player, form.cleaned_data["round_number"], form.cleaned_data["bye"], request.user)
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Your bye in round %(number)s is granted.") % {"number": asked.round_number}
                         if asked.status == ByeRequest.Status.GRANTED else
                         _("Your request for round %(number)s waits for the arbiter.") % {"number": asked.round_number})
    return redirect("player:entry", player.pk)


@require_POST
def bye_cancel(request, bye_request):
    asked = get_object_or_404(ByeRequest.objects.select_related("player__tournament"), pk=bye_request)
    perform(request, lambda: byes.cancel(asked, request.user), _("Your bye request is cancelled."))
    return redirect("player:entry", asked.player_id)


@require_POST
def registration_cancel(request, registration):
    entry_ = get_object_or_404(Registration.objects.select_related("tournament", "player"), pk=registration)
    perform(request, lambda: entries.cancel(entry_, request.user), _("Your entry is cancelled."))
    return redirect("player:home")
