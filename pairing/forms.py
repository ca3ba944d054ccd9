from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import ManualChange


class ManualChangeForm(forms.Form):
    """A manual change of a draft pairing: boards by number, players by pairing number; the fields a
    change does not use are ignored (``services.propose_change`` says what is missing)."""

    kind = forms.ChoiceField(choices=ManualChange.Kind.choices,
                             label=pgettext_lazy("a manual change of the pairing", "Change"))
    board = forms.IntegerField(min_value=1, max_value=9999, required=False,
                               label=pgettext_lazy("form label: a board of the round", "Board"))
    other_board = forms.IntegerField(min_value=1, max_value=9999, required=False, label=_("and board"))
    player = forms.IntegerField(min_value=1, max_value=9999, required=False, label=_("Player (white)"))
    other = forms.IntegerField(min_value=1, max_value=9999, required=False, label=_("Opponent (black)"))
    #: the boards the change was reviewed on (``Proposal.fingerprint``), when it is confirmed
    fingerprint = forms.CharField(required=False, max_length=100_000, widget=forms.HiddenInput)

    def change(self) -> dict:
        data = self.cleaned_data
        return {name: data.get(name) for name in ("kind", "board", "other_board", "player", "other")}
