"""What a player's entry accepts, in one place: the arbiter's form, the CSV import and the
player's own registration read these rules."""

import datetime
import re
import unicodedata

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairing.engine import CONTROL_CHARACTER, DIGITS
from tournaments.models import Player

#: German transliteration (Müller is also written Mueller); ß is folded to ss by casefold.
TRANSLITERATION = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})


def folded(text: str, transliterate: bool = False) -> str:
    """Lower case without accents: ``Černý`` is found by ``cerny``; with ``transliterate``,
    ``Müller`` reads ``mueller``."""
    text = text.casefold()
    if transliterate:
        text = unicodedata.normalize("NFC", text).translate(TRANSLITERATION)
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def name_words(name: str, transliterate: bool = False) -> list[str]:
    """The words of a name, folded: "Rossi, Paolo" and "Paolo Rossi" have the same words."""
    return [word for word in re.split(r"[\s,]+", folded(name, transliterate)) if word]


def name_key(name: str) -> tuple[str, ...]:
    """What two entries of the same person share whatever the order, case or accents of the name."""
    return tuple(sorted(name_words(name, transliterate=True)))


class DateInput(forms.DateInput):
    input_type = "date"


def federation_code(value: str) -> str:
    federation = value.strip().upper()
    if federation and not re.fullmatch(r"[A-Z]{3}", federation):
        raise forms.ValidationError(_("A federation is a three-letter code such as FRA."))
    return federation


def no_control_characters(value: str) -> None:
    # NUL has its own message, from the validator Django gives every CharField.
    if CONTROL_CHARACTER.search(value.replace("\x00", "")):
        raise forms.ValidationError(_("Control characters (tab, escape...) are not allowed."))


#: No player registered is born before this year (a year mistyped: 1098 for 1998).
EARLIEST_BIRTH_YEAR = 1900


def birth_date_problem(birth_date: datetime.date | None) -> str | None:
    """Why a birth date cannot be a player's: in the future, or before 1900 (the form, the CSV and
    the TRF import read this)."""
    if birth_date is None:
        return None
    if birth_date > timezone.localdate():
        return _("A birth date cannot be in the future (%(date)s).") % {"date": birth_date.isoformat()}
    if birth_date.year < EARLIEST_BIRTH_YEAR:
        return _("A birth date before %(year)s is surely mistyped (%(date)s).") % {
            "year": EARLIEST_BIRTH_YEAR, "date": birth_date.isoformat()}
    return None


class PlayerForm(forms.ModelForm):
    entry_round = forms.IntegerField(
        min_value=1, required=False, initial=1, label=gettext_lazy("Entry round"),
        help_text=gettext_lazy("Late entry (C.04.2 C.2): the first round the player is paired in."))

    class Meta:
        model = Player
        fields = ["name", "title", "rating", "fide_id", "federation", "sex", "birth_date", "club", "entry_round",
                  "k_factor", "birth_year", "national_id", "national_rating"]
        widgets = {"birth_date": DateInput}
        labels = {"name": gettext_lazy("Name"), "title": gettext_lazy("Title"), "rating": gettext_lazy("Rating"),
                  "fide_id": gettext_lazy("FIDE id"), "federation": gettext_lazy("Federation"),
                  "sex": gettext_lazy("Sex"), "birth_date": gettext_lazy("Birth date"), "club": gettext_lazy("Club")}

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("A name is required."))
        return name

    def clean_federation(self):
        return federation_code(self.cleaned_data["federation"])

    def clean_fide_id(self):
        fide_id = self.cleaned_data["fide_id"]
        if fide_id and not DIGITS.fullmatch(fide_id):
            raise forms.ValidationError(_("A FIDE id has digits only."))
        return fide_id

    def clean_birth_date(self):
        problem = birth_date_problem(self.cleaned_data["birth_date"])
        if problem:
            raise forms.ValidationError(problem)
        return self.cleaned_data["birth_date"]

    def clean_entry_round(self):
        return self.cleaned_data["entry_round"] or 1

    def __init__(self, *args, **kwargs):
        data = kwargs.get("data")
        if data is not None:
            # Accept what spreadsheets write: "gm", "f" for female.
            data = data.copy()
            for key in ("title", "sex"):
                if key in data and isinstance(data[key], str):
                    data[key] = data[key].strip()
            if data.get("title"):
                data["title"] = data["title"].upper()
            if data.get("sex", "").lower() == "f":
                data["sex"] = "w"
            elif data.get("sex"):
                data["sex"] = data["sex"].lower()
            kwargs["data"] = data
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            if isinstance(field, forms.CharField):
                field.validators.append(no_control_characters)
