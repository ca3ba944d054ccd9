import codecs
import datetime

from django import forms
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from pairing.engine import SYSTEMS, TiebreakCodeError, baku_virtual_points, parse_codes
from tournaments.limits import (
    MAX_FILE_BYTES,
    MAX_PAIRING_TIME_LIMIT,
    MAX_PLAYERS,
    MAX_ROUND_RESULTS,
    MAX_ROUNDS,
    MIN_PAIRING_TIME_LIMIT,
)
from tournaments.models import Event, ManualChange, Player, PlayerSide, Prize, Tournament
from tournaments.validation import DateInput, PlayerForm, federation_code, no_control_characters


def _file_size() -> str:
    """The largest file an import takes, in the reader's number format (``3.0 MB``, ``3,0 MB``)."""
    return f"{number_format(MAX_FILE_BYTES / 1024 / 1024, 1)} MB"


def too_big() -> forms.ValidationError:
    return forms.ValidationError(_("The file is too large: at most %(size)s can be imported.") % {
        "size": _file_size()})


def read_upload(upload, encodings: tuple[str, ...] = ("utf-8-sig",)) -> str:
    """The text of an uploaded file, its size checked before it is read (UTF-16 when it starts with
    its byte order mark, as spreadsheets write "Unicode text")."""
    if upload.size > MAX_FILE_BYTES:
        raise too_big()
    data = upload.read()
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encodings = ("utf-16",)
    for encoding in encodings:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise forms.ValidationError(_("The file is not UTF-8 text."))


def text_limits(model, names: list[str]) -> str:
    """``name, city at most 120 characters``: the model columns' lengths, for help texts (the names
    as the forms label them)."""
    labels = {**TournamentForm.Meta.labels, **PlayerForm.Meta.labels}
    lengths: dict[int, list[str]] = {}
    for name in names:
        field = model._meta.get_field(name)
        lengths.setdefault(field.max_length, []).append(str(labels.get(name, field.verbose_name)).lower())
    return "; ".join(_("%(fields)s at most %(length)s characters") % {"fields": ", ".join(fields), "length": length}
                     for length, fields in lengths.items())


class EditionSelect(forms.Select):
    """The editions grouped by system, the one selected in the group of the tournament's system:
    systems share edition names (2026), and a select marks only the first option of a value."""

    system_title: str | None = None

    def optgroups(self, name, value, attrs=None):
        groups = super().optgroups(name, value, attrs)
        if self.system_title is None:
            return groups
        for group_name, options, _index in groups:
            for option in options:
                option["selected"] = group_name == self.system_title and str(option["value"]) in value
                option["attrs"].pop("selected", None)
                if option["selected"]:
                    option["attrs"]["selected"] = True
        return groups


def _acceleration_methods() -> str:
    """``FIDE Dutch system: 2017 edition C.04.5.1, 2026 edition C.04.7; ...``: the Baku method of
    each edition that has one, by system (the registry's), and the systems without one."""
    methods, without = [], []
    for system in SYSTEMS.values():
        editions = [_("%(edition)s edition %(method)s") % {"edition": e.name, "method": e.acceleration}
                    for e in system.editions if e.acceleration]
        if editions:
            methods.append(f"{system.title}: {', '.join(editions)}")
        else:
            without.append(system.title)
    if without:
        methods.append(_("none in the %(systems)s") % {"systems": ", ".join(without)})
    return "; ".join(methods)


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ["name", "place", "federation", "start_date", "end_date", "chief_arbiter", "deputy_arbiters",
                  "time_control", "rating_kind", "rounds", "system", "edition", "acceleration", "points_win",
                  "points_draw", "points_loss", "points_pairing_bye", "points_half_bye", "initial_colour",
                  "half_point_byes", "late_entry_bye", "tiebreaks", "tiebreak_edition", "ties_by_lot",
                  "pairing_time_limit", "pairing_notices", "notice_language"]
        widgets = {"start_date": DateInput, "end_date": DateInput,
                   "deputy_arbiters": forms.Textarea(attrs={"rows": 2}), "edition": EditionSelect}
        labels = {
            "name": gettext_lazy("Name"), "place": gettext_lazy("City"), "federation": gettext_lazy("Federation"),
            "start_date": gettext_lazy("Start date"), "end_date": gettext_lazy("End date"),
            "chief_arbiter": gettext_lazy("Chief arbiter"), "deputy_arbiters": gettext_lazy("Deputy arbiters"),
            "time_control": gettext_lazy("Time control"), "rating_kind": gettext_lazy("FIDE rating list"),
            "rounds": gettext_lazy("Rounds"),
            "system": gettext_lazy("System"), "edition": gettext_lazy("Edition of the rules"),
            "acceleration": gettext_lazy("Acceleration"), "points_win": gettext_lazy("Points for a win"),
            "points_draw": gettext_lazy("Points for a draw"), "points_loss": gettext_lazy("Points for a loss"),
            "points_pairing_bye": gettext_lazy("Points for the pairing-allocated bye"),
            "points_half_bye": gettext_lazy("Points for a half-point bye"),
            "initial_colour": gettext_lazy("Initial colour"),
            "half_point_byes": gettext_lazy("Half-point byes on request"),
            "late_entry_bye": gettext_lazy("Late entry bye"), "tiebreaks": gettext_lazy("Tie-breaks"),
            "tiebreak_edition": gettext_lazy("Tie-break edition"),
            "ties_by_lot": gettext_lazy("Break remaining ties by lot"),
            "pairing_notices": gettext_lazy("Pairing notices by e-mail"),
            "notice_language": gettext_lazy("Language of the notices"),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The editions of each system of the engine's registry, grouped by system.
        self.fields["edition"].choices = [
            (system.title, [(edition.name, edition.title) for edition in system.editions])
            for system in SYSTEMS.values()]
        system = SYSTEMS.get(self["system"].value() or self.instance.system)
        self.fields["edition"].widget.system_title = system.title if system else None
        # written in mails' headers, in TRF lines (time control: 122)
        for name in ("name", "place", "chief_arbiter", "deputy_arbiters", "time_control"):
            self.fields[name].validators.append(no_control_characters)
        self.fields["edition"].help_text = _("The edition of the pairing rules; fixed once round 1 is paired.")
        limit = self.fields["pairing_time_limit"]
        limit.required = False
        self.fields["rating_kind"].required = False
        limit.widget.attrs.update(min=MIN_PAIRING_TIME_LIMIT, max=MAX_PAIRING_TIME_LIMIT)
        self.fields["points_pairing_bye"].help_text = _(
            "A win's points unless the tournament's rules say otherwise, the same for every PAB (C.04.1 2026 "
            "Art. 3). In FIDE mode the points are fixed once round 1 is paired.")
        self.fields["acceleration"].help_text = _(
            "Announced in advance (C.04.2 A.3). Baku: virtual points for the top half of the players in the "
            "first rounds (%(methods)s); fixed once round 1 is paired.") % {"methods": _acceleration_methods()}

    def clean_federation(self):
        return federation_code(self.cleaned_data["federation"])

    def clean_pairing_time_limit(self):
        # Left empty (or not sent, as by an older form): the tournament's limit, ten minutes when new.
        limit = self.cleaned_data["pairing_time_limit"]
        return self.instance.pairing_time_limit if limit is None else limit

    def clean_rating_kind(self):
        # Not sent (an older form, a script): the tournament's list, the standard one when new.
        return self.cleaned_data["rating_kind"] or self.instance.rating_kind

    def clean_tiebreaks(self):
        codes = [code.strip().upper() for code in self.cleaned_data["tiebreaks"].split(",") if code.strip()]
        try:
            parse_codes(codes)
        except TiebreakCodeError as error:
            raise forms.ValidationError(str(error)) from None
        return ",".join(codes)

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The tournament cannot end before it starts."))
        stored = self.instance
        if stored.pk and stored.round_set.exists():
            # The pairings made so far follow from the edition and the virtual points: both stay.
            for name in ("edition", "acceleration"):
                if name in data and data[name] != getattr(stored, name):
                    self.add_error(name, _("The %(field)s cannot change once round 1 is paired: the pairings "
                                           "already made would no longer follow from the tournament's file.") % {
                        "field": str(self.fields[name].label).lower()})
            rounds = data.get("rounds")
            if stored.baku and rounds and self._virtual_points(stored, rounds) != self._virtual_points(
                    stored, stored.rounds):
                self.add_error("rounds", _("With the Baku acceleration the number of rounds cannot change once "
                                           "round 1 is paired: the virtual points of the rounds depend on it "
                                           "(%(method)s).") % {"method": stored.rules_edition.acceleration})
        return data

    @staticmethod
    def _virtual_points(tournament: Tournament, rounds: int) -> list[int]:
        method = tournament.rules_edition.acceleration
        win = int(tournament.points_win * 10)
        return [baku_virtual_points(r, rounds, win, method) for r in range(1, max(rounds, tournament.rounds) + 1)]


def _csv_help() -> str:
    return _("A .csv file (UTF-8, UTF-16 or Windows-1252; fields separated by commas, semicolons or tabs) "
             "with a header line, at most %(size)s and %(players)s players in all; "
             "%(limits)s.") % {"size": _file_size(), "players": MAX_PLAYERS,
                               "limits": text_limits(Player, ["name", "fide_id"])}


class CsvImportForm(forms.Form):
    # The help texts are made when a form is shown, in the reader's language.
    file = forms.FileField(required=False, label=gettext_lazy("File"), help_text=lazy(_csv_help, str)())
    text = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 6, "maxlength": MAX_FILE_BYTES}),
                           label=gettext_lazy("or paste CSV"),
                           help_text="name,title,rating,fide_id,federation,sex,birth_date,club")

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            # Excel saves "CSV" in the set-up's code page: Windows-1252 in Italy, France, Germany, Spain.
            data["csv"] = read_upload(upload, ("utf-8-sig", "cp1252", "latin-1"))
        else:
            data["csv"] = data.get("text", "")
            if len(data["csv"].encode()) > MAX_FILE_BYTES:
                raise too_big()
        if not data["csv"].strip():
            raise forms.ValidationError(_("Choose a file or paste the CSV text."))
        return data


class AbsenceForm(forms.Form):
    """An announced absence (C.04.2 D.4): nothing chosen in advance, so that a click on "Save" never
    removes an absence nor gives a bye the arbiter did not choose."""

    REMOVE = "-"
    round_number = forms.IntegerField(min_value=1, label=gettext_lazy("Round number"),
                                      error_messages={"required": gettext_lazy("Give a round number.")})
    bye = forms.ChoiceField(choices=[("", "---------"), ("Z", gettext_lazy("Zero-point bye")),
                                     ("H", gettext_lazy("Half-point bye")),
                                     (REMOVE, gettext_lazy("Remove the absence (the player plays)"))],
                            label=gettext_lazy("Bye"),
                            error_messages={"required": gettext_lazy("Choose a bye, or remove the absence.")})

    def clean_bye(self) -> str | None:
        """The bye's code, None to remove the absence."""
        bye = self.cleaned_data["bye"]
        return None if bye == self.REMOVE else bye

    def problems(self) -> str:
        return " ".join(message for messages in self.errors.values() for message in messages)


class WithdrawForm(forms.Form):
    from_round = forms.IntegerField(min_value=1, required=False, label=gettext_lazy("From round"),
                                    help_text=gettext_lazy("Not paired from this round on; empty to reinstate."))


class ForbiddenPairForm(forms.Form):
    """Two players of the tournament who must not be paired with each other, over a range of rounds."""

    player = forms.ModelChoiceField(queryset=Player.objects.none(), empty_label=None,
                                    label=gettext_lazy("Player"))
    other = forms.ModelChoiceField(queryset=Player.objects.none(), empty_label=None,
                                   label=gettext_lazy("may not meet"))
    first_round = forms.IntegerField(min_value=1, required=False, label=gettext_lazy("from round"),
                                     help_text=gettext_lazy("Empty: the next round to be paired."))
    last_round = forms.IntegerField(min_value=1, required=False, label=gettext_lazy("to round"),
                                    help_text=gettext_lazy("Empty: the last round."))

    def __init__(self, tournament: Tournament, *args, **kwargs):
        super().__init__(*args, **kwargs)
        players = tournament.players.order_by("pairing_number")
        self.fields["player"].queryset = self.fields["other"].queryset = players
        self.fields["player"].label_from_instance = self.fields["other"].label_from_instance = (
            lambda p: f"{p.pairing_number}. {p.name}")


def _trf_help() -> str:
    return _("TRF-16 or TRF-2026 (with XXR/142 for the number of rounds): at most %(size)s, %(players)s players, "
             "%(rounds)s rounds and %(results)s results in all (one per player and round); %(limits)s.") % {
        "size": _file_size(), "players": MAX_PLAYERS, "rounds": MAX_ROUNDS,
        "results": number_format(MAX_ROUND_RESULTS, force_grouping=True),
        "limits": text_limits(Tournament, ["name", "place", "chief_arbiter", "time_control"])}


class TrfImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("File"), help_text=lazy(_trf_help, str)())

    def clean_file(self):
        # Older programs write Windows-1252 or Latin-1 (which reads any byte; the parser refuses control characters).
        return read_upload(self.cleaned_data["file"], ("utf-8-sig", "cp1252", "latin-1"))


#: A team draft's changes (C.04.6): the same kinds, its boards being matches and its players teams.
TEAM_KINDS = [(kind.value, {ManualChange.Kind.UNPAIR: gettext_lazy("Unpair a match"),
                            ManualChange.Kind.PAIR: gettext_lazy("Pair two teams")}.get(kind, kind.label))
              for kind in ManualChange.Kind]


class ManualChangeForm(forms.Form):
    """A manual change of a draft pairing: boards by number, players by pairing number; the fields a
    change does not use are ignored (``pairing.rounds.manual.propose_change`` says what is missing)."""

    kind = forms.ChoiceField(choices=ManualChange.Kind.choices,
                             label=pgettext_lazy("a manual change of the pairing", "Change"))
    board = forms.IntegerField(min_value=1, max_value=9999, required=False,
                               label=pgettext_lazy("form label: a board of the round", "Board"))
    other_board = forms.IntegerField(min_value=1, max_value=9999, required=False, label=gettext_lazy("and board"))
    player = forms.IntegerField(min_value=1, max_value=9999, required=False, label=gettext_lazy("Player (white)"))
    other = forms.IntegerField(min_value=1, max_value=9999, required=False,
                               label=gettext_lazy("Opponent (black)"))
    #: the boards the change was reviewed on (``Proposal.fingerprint``), when it is confirmed
    fingerprint = forms.CharField(required=False, max_length=100_000, widget=forms.HiddenInput)

    def change(self) -> dict:
        data = self.cleaned_data
        return {name: data.get(name) for name in ("kind", "board", "other_board", "player", "other")}


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"


class PlayerSideForm(forms.ModelForm):
    """Which parts of the player's side the tournament uses, with their dates and limits."""

    round_times = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 4}), label=gettext_lazy("Round start times"),
        help_text=gettext_lazy("One per line, round 1 first, e.g. 2026-12-05 14:00. The check-in window and "
                               "the bye deadline are reckoned from them."))

    class Meta:
        model = PlayerSide
        fields = ["registration", "opens_at", "closes_at", "max_players", "min_rating", "max_rating", "born_from",
                  "born_until", "federations", "approval", "check_in", "check_in_each_round", "check_in_opens",
                  "check_in_closes", "bye_requests", "bye_approval", "max_byes", "no_byes_last_rounds",
                  "bye_deadline", "board_results", "accept_confirmed"]
        widgets = {"opens_at": DateTimeInput(format="%Y-%m-%dT%H:%M"),
                   "closes_at": DateTimeInput(format="%Y-%m-%dT%H:%M"),
                   "born_from": DateInput, "born_until": DateInput}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        starts = [self.instance.round_start(n) for n in range(1, len(self.instance.round_times) + 1)]
        self.initial["round_times"] = "\n".join(
            timezone.localtime(start).strftime("%Y-%m-%d %H:%M") for start in starts if start)

    def clean_round_times(self) -> list[str]:
        starts = []
        for number, line in enumerate(self.cleaned_data["round_times"].splitlines(), start=1):
            try:
                start = datetime.datetime.strptime(line.strip(), "%Y-%m-%d %H:%M")
                if not 2000 <= start.year < 3000:
                    raise ValueError(start.year)
            except ValueError:
                raise forms.ValidationError(_("Line %(number)s: write the date and time as 2026-12-05 14:00.") % {
                    "number": number}) from None
            starts.append(timezone.make_aware(start).isoformat())
        if len(starts) > self.instance.tournament.rounds:
            raise forms.ValidationError(_("%(count)s start times for %(rounds)s rounds.") % {
                "count": len(starts), "rounds": self.instance.tournament.rounds})
        return starts

    def clean_federations(self) -> str:
        codes = [federation_code(code) for code in self.cleaned_data["federations"].split(",") if code.strip()]
        return ",".join(codes)

    def clean(self):
        data = super().clean()
        for low, high in (("opens_at", "closes_at"), ("min_rating", "max_rating"), ("born_from", "born_until")):
            if data.get(low) is not None and data.get(high) is not None and data[low] > data[high]:
                self.add_error(high, _("This comes before the other end of the range."))
        opens, closes = data.get("check_in_opens"), data.get("check_in_closes")  # minutes before the round
        if opens is not None and closes is not None and opens <= closes:
            self.add_error("check_in_closes", _("Check-in must open more minutes before the round than it "
                                                "closes: no player could check in."))
        if data.get("board_results") and self.instance.tournament.games_per_round != 1:
            self.add_error("board_results", _("A player reports one game; the two games of a match are "
                                              "entered by the arbiter."))
        return data

    def save(self, commit=True):
        self.instance.round_times = self.cleaned_data["round_times"]
        return super().save(commit)


class DecisionForm(forms.Form):
    action = forms.ChoiceField(choices=[("approve", "approve"), ("refuse", "refuse")])
    reason = forms.CharField(required=False, max_length=300, label=gettext_lazy("Reason"))


class PrizeCategoryForm(forms.Form):
    """A prize category with its places at once: one prize per line, an amount or an object."""
    kind = forms.ChoiceField(label=gettext_lazy("Category"), choices=Prize.Kind.choices)
    label = forms.CharField(label=gettext_lazy("Name shown (optional)"), max_length=60, required=False)
    rating_min = forms.IntegerField(label=gettext_lazy("Lowest rating"), min_value=0, max_value=3500, required=False,
                                    help_text=gettext_lazy("Rating band only."))
    rating_max = forms.IntegerField(label=gettext_lazy("Highest rating"), min_value=0, max_value=3500,
                                    required=False, help_text=gettext_lazy("Rating band only."))
    year = forms.IntegerField(label=gettext_lazy("Year of birth"), min_value=1900, max_value=2100, required=False,
                              help_text=gettext_lazy("Juniors: born in this year or later; seniors: in this year "
                                                     "or earlier."))
    club = forms.CharField(label=gettext_lazy("Club"), max_length=60, required=False,
                           help_text=gettext_lazy("Club prizes only: as the players' entries write it."))
    values = forms.CharField(label=gettext_lazy("Prizes, one per place"), widget=forms.Textarea(attrs={"rows": 4}),
                             max_length=5000, help_text=gettext_lazy(
                                 "One line per place, from the first: an amount (150 or 150.50) or an object (Cup)."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("label", "club"):
            self.fields[name].validators.append(no_control_characters)

    def clean_values(self) -> list[str]:
        """The lines, each checked as a one-line field is (the line ends aside)."""
        lines = self.cleaned_data["values"].splitlines()
        for line in lines:
            no_control_characters(line)
        return lines


class PrizeRulesForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ["prize_sharing", "prize_ties", "one_prize_per_player", "prize_currency"]
        labels = {"prize_sharing": gettext_lazy("Tied players"), "prize_ties": gettext_lazy("Tied on"),
                  "one_prize_per_player": gettext_lazy("One prize per player"),
                  "prize_currency": gettext_lazy("Currency")}
        help_texts = {"prize_sharing": gettext_lazy(
            "Tie-breaks decide: each takes the prize of his place. Shared equally: the prizes of the places the "
            "tied players occupy are pooled and split. Hort system: half of each is pooled and split, the other "
            "half goes by tie-breaks. Objects are never split.")}


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = ["name", "venue", "start_date", "end_date"]
        widgets = {"start_date": DateInput, "end_date": DateInput}
        labels = {"name": gettext_lazy("Name"), "venue": gettext_lazy("Venue"),
                  "start_date": gettext_lazy("Start date"), "end_date": gettext_lazy("End date")}


class SectionForm(forms.Form):
    """A tournament of the club, in no event yet, made a section of the event."""
    tournament = forms.ModelChoiceField(queryset=Tournament.objects.none(), label=gettext_lazy("Tournament"),
                                        to_field_name="slug")

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = Tournament.objects.filter(club=event.club_id, event__isnull=True)


class MoveForm(forms.Form):
    """A player of one section moved to another (before round 1)."""
    player = forms.ModelChoiceField(queryset=Player.objects.none(), label=gettext_lazy("Player"))
    section = forms.ModelChoiceField(queryset=Tournament.objects.none(), label=gettext_lazy("To the section"),
                                     to_field_name="slug")

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(tournament__event=event).select_related(
            "tournament").order_by("tournament__section_order", "pairing_number")
        self.fields["player"].label_from_instance = lambda p: f"{p.name} ({p.tournament.name} #{p.pairing_number})"
        self.fields["section"].queryset = event.sections()
