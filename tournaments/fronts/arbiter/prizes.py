"""The arbiter's prize table: its rules (sharing, ties, one prize per player, currency), a category
added with its places at once, a place removed.  The actions are ``tournaments.services.prizes``."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.fronts.arbiter.forms import PrizeCategoryForm, PrizeRulesForm
from tournaments.fronts.perform import first_sending, once_token, perform
from tournaments.models import Prize
from tournaments.queries.prizes import prize_list
from tournaments.services import Refused
from tournaments.services.prizes import add_category, remove_prize, set_prize_rules


def _page(request, tournament, category_form=None, rules_form=None, status=200):
    return render(request, "arbiter/prizes.html", {
        "tournament": tournament,
        "category_form": category_form or PrizeCategoryForm(),
        "rules_form": rules_form or PrizeRulesForm(instance=tournament),
        "prizes": prize_list(tournament) if tournament.prizes.exists() else None,
        "once": once_token(),
    }, status=status)


def _problems(form) -> str:
    return "; ".join(f"{form.fields[name].label if name in form.fields else ''}: {' '.join(errors)}".lstrip(": ")
                     for name, errors in form.errors.items())


@login_required
def prizes(request, slug):
    """The prize table (GET); a category added with its places (POST)."""
    tournament = request.tournament
    if request.method != "POST":
        return _page(request, tournament)
    form = PrizeCategoryForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Prizes not saved: %(problems)s") % {"problems": _problems(form)})
        return _page(request, tournament, category_form=form, status=400)
    data = form.cleaned_data
    if not first_sending(request):  # a second click: its places are in already
        messages.info(request, _("These prizes were added already: the form was sent twice."))
        return redirect(reverse("arbiter:prizes", args=[tournament.slug]))
    try:
        added = add_category(tournament, data["kind"], data["values"], data["label"], data["rating_min"],
                             data["rating_max"], data["year"], data["club"], user=request.user)
    except Refused as refusal:
        messages.error(request, refusal.message)
        return _page(request, tournament, category_form=form, status=400)
    messages.success(request, ngettext("%(count)s prize added.", "%(count)s prizes added.", len(added)) % {
        "count": len(added)})
    return redirect(reverse("arbiter:prizes", args=[tournament.slug]))


@login_required
@require_POST
def prize_rules(request, slug):
    tournament = request.tournament
    form = PrizeRulesForm(request.POST, instance=tournament)
    if not form.is_valid():
        messages.error(request, _("Prize rules not saved: %(problems)s") % {"problems": _problems(form)})
        tournament.refresh_from_db()
        return _page(request, tournament, rules_form=form, status=400)
    data = form.cleaned_data
    perform(request, lambda: set_prize_rules(tournament, data["prize_sharing"], data["prize_ties"],
                                             data["one_prize_per_player"], data["prize_currency"], request.user),
            _("Prize rules saved."))
    return redirect(reverse("arbiter:prizes", args=[tournament.slug]))


@login_required
@require_POST
def prize_remove(request, slug, pk):
    tournament = request.tournament
    prize = get_object_or_404(Prize, tournament=tournament, pk=pk)
    perform(request, lambda: remove_prize(prize, request.user), _("Prize removed."))
    return redirect(reverse("arbiter:prizes", args=[tournament.slug]))
