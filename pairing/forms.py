from django import forms

from tournaments.models import ManualChange


class ManualChangeForm(forms.Form):
    """A manual change of a draft pairing: boards by number, players by pairing number; the fields a
    change does not use are ignored (``services.propose_change`` says what is missing)."""

    kind = forms.ChoiceField(choices=ManualChange.Kind.choices, label="Change")
    board = forms.IntegerField(min_value=1, max_value=9999, required=False)
    other_board = forms.IntegerField(min_value=1, max_value=9999, required=False, label="and board")
    player = forms.IntegerField(min_value=1, max_value=9999, required=False, label="Player (white)")
    other = forms.IntegerField(min_value=1, max_value=9999, required=False, label="Opponent (black)")
    #: the boards the change was reviewed on (``Proposal.fingerprint``), when it is confirmed
    fingerprint = forms.CharField(required=False, max_length=100_000, widget=forms.HiddenInput)

    def change(self) -> dict:
        data = self.cleaned_data
        return {name: data.get(name) for name in ("kind", "board", "other_board", "player", "other")}
