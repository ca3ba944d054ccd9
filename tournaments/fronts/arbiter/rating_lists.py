"""The FIDE rating lists' pages: the upload (site staff: the list is shared by every club), the
type-ahead of the player form (a tournament's arbiters) and "update ratings from the list" before
round 1 (what changes, then applied)."""

from __future__ import annotations

import datetime

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from pairing.engine import DIGITS
from tournaments.exchange.rating_list_import import import_rating_list
from tournaments.limits import MAX_RATING_LIST_BYTES
from tournaments.models import RatingKind, RatingList
from tournaments.queries.rating_list import search, tournament_list
from tournaments.services import Refused, last_paired_round
from tournaments.services.rating_lists import rating_changes, renumbering, update_ratings


class RatingListForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("File"), help_text=gettext_lazy(
        "FIDE's TXT or XML list, or the .zip FIDE serves (ratings.fide.com/download.phtml)."))
    kind = forms.ChoiceField(label=gettext_lazy("Rating list"), required=False,
                             choices=[("", gettext_lazy("As the file says")), *RatingKind.choices])
    month = forms.CharField(label=gettext_lazy("Month"), required=False,
                            widget=forms.TextInput(attrs={"type": "month", "placeholder": "2026-11"}),
                            help_text=gettext_lazy("Needed when the file's name does not say it (YYYY-MM)."))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_RATING_LIST_BYTES:
            raise forms.ValidationError(_("The file is too large: at most %(size)s MB.") % {
                "size": MAX_RATING_LIST_BYTES // 1024 // 1024})
        return upload

    def clean_month(self):
        text = self.cleaned_data["month"].strip()
        if not text:
            return None
        try:
            return datetime.datetime.strptime(text, "%Y-%m").date()
        except ValueError:
            raise forms.ValidationError(_("Give the month as YYYY-MM, e.g. 2026-11.")) from None


@login_required
def rating_lists(request):
    """The lists imported, and a new one uploaded (site staff only: permissions.RULES)."""
    form = RatingListForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            lists = import_rating_list(upload.file, upload.name, form.cleaned_data["kind"] or None,
                                       form.cleaned_data["month"])
        except Refused as refusal:
            messages.error(request, refusal.message)
        else:
            for rating_list in lists:
                messages.success(request, ngettext("%(list)s: %(count)s player imported.",
                                                   "%(list)s: %(count)s players imported.", rating_list.count) % {
                    "list": rating_list, "count": rating_list.count})
            return redirect("arbiter:rating_lists")
    return render(request, "arbiter/rating_lists.html", {"form": form, "lists": RatingList.objects.all()[:36]})


@login_required
def rating_lookup(request, slug):
    """The type-ahead of the player form (htmx): players of the tournament's list by FIDE id or name."""
    tournament = request.tournament
    rating_list = tournament_list(tournament)
    query = request.GET.get("lookup", "")
    player = request.GET.get("player", "")
    player_pk = int(player) if DIGITS.fullmatch(player) and tournament.players.filter(pk=int(player)).exists() else None
    return render(request, "arbiter/_rating_lookup.html", {
        "tournament": tournament, "rating_list": rating_list, "query": query.strip(), "player_pk": player_pk,
        "found": search(rating_list, query)})


@login_required
def rating_update(request, slug):
    """Before round 1: what the latest list changes of the players' entries (GET), then applied
    (POST); the pairing numbers follow (C.04.2 B.2-B.3)."""
    tournament = request.tournament
    if request.method == "POST":
        try:
            count = update_ratings(tournament, request.user)
        except Refused as refusal:
            messages.error(request, refusal.message)
            return redirect("arbiter:rating_update", tournament.slug)
        messages.success(request, ngettext("%(count)s player updated from the list.",
                                           "%(count)s players updated from the list.", count) % {"count": count})
        return redirect(tournament.get_manage_url() + "#players")
    rating_list, changes = rating_changes(tournament)
    paired = last_paired_round(tournament) > 0
    return render(request, "arbiter/rating_update.html", {
        "tournament": tournament, "rating_list": rating_list, "changes": changes, "paired": paired,
        "moves": [] if paired else renumbering(tournament, changes)})
