"""The player's forms: his address to sign in, the code, his entry, a bye request."""

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament
from tournaments.validation import PlayerForm


class EmailForm(forms.Form):
    email = forms.EmailField(label=gettext_lazy("Your e-mail address"), max_length=150)


class CodeForm(forms.Form):
    email = forms.EmailField(label=gettext_lazy("Your e-mail address"), max_length=150)
    code = forms.RegexField(regex=r"^\s*\d{6}\s*$", label=gettext_lazy("Code"), max_length=12,
                            error_messages={"invalid": gettext_lazy("The code has six digits.")},
                            widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "one-time-code"}))


class EntryForm(PlayerForm):
    """What a player types to enter: the arbiter's entry form, one copy of its rules, without the
    entry round (a late entry's is the rules', C.04.2 C.2)."""

    entry_round = None

    class Meta(PlayerForm.Meta):
        fields = ["name", "title", "rating", "fide_id", "federation", "sex", "birth_date"]


class ByeForm(forms.Form):
    round_number = forms.IntegerField(min_value=1, label=gettext_lazy("Round"),
                                      error_messages={"required": gettext_lazy("Give a round number.")})
    bye = forms.ChoiceField(choices=Tournament.Bye.choices, initial=Tournament.Bye.HALF, label=gettext_lazy("Bye"))

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        if not tournament.half_point_byes:
            self.fields["bye"].choices = [(Tournament.Bye.ZERO, Tournament.Bye.ZERO.label)]
            self.fields["bye"].initial = Tournament.Bye.ZERO

    def problems(self) -> str:
        return " ".join(message for messages in self.errors.values() for message in messages)


class EventEntryForm(EntryForm):
    """The event's one registration form: the entry, and the section chosen or left to the rating."""

    section = forms.ModelChoiceField(queryset=Tournament.objects.none(), required=False, to_field_name="slug",
                                     label=gettext_lazy("Section"),
                                     empty_label=gettext_lazy("Placed by my rating"),
                                     help_text=gettext_lazy("Left to the rating: the first section whose "
                                                            "conditions you meet, in the organisers' order."))

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["section"].queryset = event.sections()
