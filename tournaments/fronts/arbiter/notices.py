"""The round page's pairing notices (issue 25): the round's start time, the counts, "send again to failed"."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from pairing.rounds.notices import send_failed_again, set_start
from tournaments.fronts.perform import perform
from tournaments.models import Round
from tournaments.queries.notices import round_start as scheduled_start


class StartForm(forms.Form):
    starts_at = forms.DateTimeField(label=gettext_lazy("Start time"), required=False,
                                    input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"},
                                                               format="%Y-%m-%dT%H:%M"))


def start_form(round_: Round) -> StartForm:
    return StartForm(initial={"starts_at": scheduled_start(round_)})  # the schedule's, until one is set


def _round(request, number) -> Round:
    return get_object_or_404(Round.objects.defer(*Round.JSON_FIELDS).select_related("tournament"),
                             tournament=request.tournament, number=number)


@login_required
@require_POST
def round_start(request, slug, number):
    """Set when the round starts (blank: not set); told in the notices not yet sent."""
    round_ = _round(request, number)
    form = StartForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(form.errors["starts_at"]))
    else:
        set_start(round_, form.cleaned_data["starts_at"], request.user)
        messages.success(request, _("Start time of round %(number)s saved.") % {"number": number})
    return redirect("arbiter:round", slug, number)


@login_required
@require_POST
def notices_resend(request, slug, number):
    """Queue the round's failed notices again."""
    round_ = _round(request, number)
    perform(request, lambda: send_failed_again(round_, request.user),
            _("The failed notices of round %(number)s are queued again.") % {"number": number})
    return redirect("arbiter:round", slug, number)
