"""The arbiter's pages of an event: a new event, its name, venue and dates edited, its sections and
their state, a section added or removed, a player moved between sections before round 1 (asked first
when he does not meet the target's entry conditions) (tournaments/services/events.py)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.fronts.arbiter.forms import EventForm, MoveForm, SectionForm
from tournaments.fronts.arbiter.views import chosen_club
from tournaments.fronts.perform import perform
from tournaments.models import Event
from tournaments.queries.events import section_states
from tournaments.services import ConfirmationNeeded, Refused
from tournaments.services.events import (
    add_section,
    create_event,
    edit_event,
    move_player,
    move_section_up,
    remove_section,
)


@login_required
def event_create(request):
    club = chosen_club(request)
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = create_event(club, request.user, **form.cleaned_data)
        except Refused as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, _("%(event)s created. Add its sections next.") % {"event": event.name})
            return redirect(event.get_manage_url())
    return render(request, "arbiter/event_form.html", {"form": form, "club": club})


@login_required
def event_edit(request, event):
    """The event's name, venue and dates (its slug, the address of its pages, stays)."""
    event = get_object_or_404(Event.objects.select_related("club"), slug=event)
    form = EventForm(request.POST or None, instance=Event.objects.get(pk=event.pk))
    if request.method == "POST" and form.is_valid():
        fields = {name: form.cleaned_data[name] for name in form.Meta.fields}
        if perform(request, lambda: edit_event(event, request.user, **fields), _("The event is saved.")):
            return redirect(event.get_manage_url())
    return render(request, "arbiter/event_form.html", {"form": form, "club": event.club, "event": event})


@login_required
def event(request, event):
    return _event_page(request, get_object_or_404(Event.objects.select_related("club"), slug=event))


def _event_page(request, event: Event, move_form: MoveForm | None = None, question: ConfirmationNeeded | None = None):
    """The event's page; with a move to confirm, the question above the move's form, kept filled."""
    return render(request, "arbiter/event.html", {
        "event": event, "sections": section_states(event), "question": question,
        "section_form": SectionForm(event=event), "move_form": move_form or MoveForm(event=event),
    })


@login_required
@require_POST
def event_section_add(request, event):
    event = get_object_or_404(Event, slug=event)
    form = SectionForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, _("Choose a tournament of the club that is in no event yet."))
    else:
        tournament = form.cleaned_data["tournament"]
        perform(request, lambda: add_section(event, tournament, request.user),
                _("%(tournament)s is a section of %(event)s.") % {"tournament": tournament.name, "event": event.name})
    return redirect(event.get_manage_url())


@login_required
@require_POST
def event_section_up(request, event, slug):
    event = get_object_or_404(Event, slug=event)
    tournament = get_object_or_404(event.tournaments, slug=slug)
    perform(request, lambda: move_section_up(event, tournament, request.user),
            _("%(tournament)s moved up.") % {"tournament": tournament.name})
    return redirect(event.get_manage_url())


@login_required
@require_POST
def event_section_remove(request, event, slug):
    event = get_object_or_404(Event, slug=event)
    tournament = request.tournament  # the club's (permissions.py); one of the event's: the service checks
    perform(request, lambda: remove_section(event, tournament, request.user),
            _("%(tournament)s is no longer a section of %(event)s: it stays, a single tournament.") % {
                "tournament": tournament.name, "event": event.name})
    return redirect(event.get_manage_url())


@login_required
@require_POST
def event_move(request, event):
    """A player moved; the target's entry conditions he does not meet: asked on the event's page first."""
    event = get_object_or_404(Event.objects.select_related("club"), slug=event)
    form = MoveForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, _("Choose a player and the section he moves to."))
        return redirect(event.get_manage_url())
    player, section = form.cleaned_data["player"], form.cleaned_data["section"]
    try:
        move_player(player.tournament, player, section, request.user, confirm=request.POST.get("confirm") == "1")
    except ConfirmationNeeded as question:
        return _event_page(request, event, move_form=form, question=question)
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("%(name)s moved to %(section)s.") % {"name": player.name, "section": section.name})
    return redirect(event.get_manage_url())
