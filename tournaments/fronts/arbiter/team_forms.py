"""The forms of a team event's arbiter pages: the team rules, a team, a line-up."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import TeamRules
from tournaments.team_tiebreaks import TeamTiebreakError, check_codes


class TeamRulesForm(forms.ModelForm):
    class Meta:
        model = TeamRules
        fields = ["boards", "match_win", "match_draw", "match_loss", "colour_model", "primary_score", "roster_order",
                  "substitutes", "tiebreaks"]

    def clean_tiebreaks(self):
        codes = [code.strip() for code in self.cleaned_data["tiebreaks"].split(",") if code.strip()]
        try:
            check_codes(codes)
        except TeamTiebreakError as error:
            raise forms.ValidationError(_("“%(code)s” is not a team tie-break.") % {"code": error}) from None
        return ",".join(codes)


class TeamForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Team"), max_length=32)
    short_name = forms.CharField(label=gettext_lazy("Short name"), max_length=5, required=False)
    rating = forms.IntegerField(label=gettext_lazy("Strength"), min_value=0, max_value=3500, required=False,
                                help_text=gettext_lazy("The team's rating for the initial order (C.04.6 1.1.1)."))
    entry_round = forms.IntegerField(
        label=gettext_lazy("Paired from round"), min_value=1, required=False,
        help_text=gettext_lazy("Blank: the next round to be paired. A team entered after round 1 is a late entry "
                               "(C.04.2 Art. 2.4): no points for the rounds before."))


class LineUpForm(forms.Form):
    """One choice of the roster per board."""

    def __init__(self, boards: int, roster: list, *args, initial_players: list | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(str(member.player_id), f"{member.order}. {member.player.name}") for member in roster]
        for board in range(1, boards + 1):
            initial = initial_players[board - 1] if initial_players and len(initial_players) >= board else None
            self.fields[f"board_{board}"] = forms.ChoiceField(
                label=_("Board %(board)s") % {"board": board}, choices=choices, initial=initial)
        self.boards = boards

    def players(self) -> list[int]:
        return [int(self.cleaned_data[f"board_{board}"]) for board in range(1, self.boards + 1)]
