"""The pages in the visitor's language: the catalogues complete, the language from the browser or
the switcher, the shared public pages cached once per language, numbers and dates in its format,
FIDE codes unchanged, the audit log in English."""

import ast
import datetime
import gettext
import io
import pickle
import random
import re
from decimal import Decimal
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.template.base import Lexer, TokenType
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from tests.app.conftest import make_tournament, pair, play
from tournaments.fronts.templatetags.chess import points, signed, tiebreak
from tournaments.models import AuditEntry, Result
from tournaments.queries.standings import crosstable

LOCALE = Path(settings.LOCALE_PATHS[0])
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def catalogue(language: str) -> list[dict]:
    """The entries of a language's .po file: msgctxt, msgid, msgid_plural, msgstr (a list), flags."""
    entries, entry, field = [], None, None
    for line in (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            entry = None
            continue
        if entry is None:
            entry = {"msgctxt": None, "msgid_plural": None, "msgstr": [], "flags": set()}
            entries.append(entry)
        if line.startswith("#,"):
            entry["flags"] |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif match := re.fullmatch(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) "(.*)"', line):
            field, text = match.groups()
            if field.startswith("msgstr"):
                entry["msgstr"].append("")
            else:
                entry[field] = ""
            _append(entry, field, text)
        else:
            _append(entry, field, line.strip()[1:-1])
    return [e for e in entries if e.get("msgid")]  # the header has an empty msgid


def _append(entry: dict, field: str, quoted: str) -> None:
    text = re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), quoted)
    if field.startswith("msgstr"):
        entry["msgstr"][-1] += text
    else:
        entry[field] += text


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_and_compiled(language):
    entries = catalogue(language)
    assert len(entries) > 250  # the catalogue of the whole app, not a stub
    untranslated = [e["msgid"] for e in entries if not all(e["msgstr"]) or "fuzzy" in e["flags"]]
    assert not untranslated, f"{language}: {len(untranslated)} messages to translate (make messages): {untranslated}"
    # The .mo file the app reads says the same (make messages compiles it; it is committed).
    with (LOCALE / language / "LC_MESSAGES" / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for e in entries:
        context = e["msgctxt"]
        if e["msgid_plural"]:
            found = [compiled.npgettext(context, e["msgid"], e["msgid_plural"], n) if context else
                     compiled.ngettext(e["msgid"], e["msgid_plural"], n) for n in (1, 5)]
            assert set(found) <= set(e["msgstr"]), (language, e["msgid"])
        else:
            found = compiled.pgettext(context, e["msgid"]) if context else compiled.gettext(e["msgid"])
            assert found == e["msgstr"][0], f"{language}: the .mo file is older than the .po (make messages)"
        # The placeholders of the message, no more and no fewer.
        for text in e["msgstr"]:
            assert placeholders(text) == placeholders(e["msgid_plural"] or e["msgid"]), (language, text)


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"%\(\w+\)s|\{\w+\}", text))


@pytest.fixture
def event(club):
    """Two rounds played, a third published without results; draws give halves in the tie-breaks."""
    tournament = make_tournament(club, players=7, rounds=4, start_date=datetime.date(2026, 3, 1))
    rng = random.Random(5)
    for _ in range(2):
        play(pair(tournament), rng)
    pair(tournament)
    return tournament


def test_the_browser_language_gives_italian_pages(event):
    response = Client().get(reverse("public:tournament", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9")
    page = response.content.decode()
    assert response["Content-Language"] == "it"
    assert '<html lang="it">' in page and "Accesso arbitri" in page and "Arbiter login" not in page
    assert "♞ Swiss</a>" in page  # the site's name is a name: the same in every language
    # A language the site does not offer: English.
    page = Client().get(reverse("public:tournament", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="pt").content.decode()
    assert '<html lang="en">' in page and "Arbiter login" in page


def test_arbiter_pages_forms_and_messages_in_italian(event, arbiter):
    desk = Client(HTTP_ACCEPT_LANGUAGE="it")
    desk.force_login(arbiter)
    page = desk.get(event.get_manage_url()).content.decode()
    assert "Turni" in page and "Abbina il turno 4" in page and "Coppie vietate" in page
    # The script's messages come with its tag (static/js/arbiter.js reads them).
    assert 'data-working="In corso…"' in page
    assert 'data-server-error="Non salvato: il server ha risposto {status}."' in page
    assert "Data di inizio" in desk.get(reverse("arbiter:tournament_edit", args=[event.slug])).content.decode()
    # Dates in the language's format (Django's: "d F Y").
    assert "01 Marzo 2026" in desk.get(reverse("arbiter:dashboard")).content.decode()
    # A refusal of a service, and a form's validation error.
    response = desk.post(reverse("arbiter:pair", args=[event.slug]), follow=True)
    assert "Nel turno 3 mancano ancora dei risultati: scacchier" in response.content.decode()  # the boards named
    response = desk.post(reverse("arbiter:player_add", args=[event.slug]), {"name": "Rossi, Anna", "federation": "IT"})
    assert "Una federazione è un codice di tre lettere" in response.content.decode()
    # The result codes are FIDE's in every language.
    game = event.round_set.get(number=3).games.exclude(result=Result.BYE).first()
    response = desk.post(reverse("arbiter:result", args=[event.slug, game.pk]), {"result": "x"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "«x» non è un risultato: digita 1, =, 0, + (vince il Bianco per forfait)" in response.content.decode()
    response = desk.post(reverse("arbiter:result", args=[event.slug, game.pk]), {"result": "="}, HTTP_HX_REQUEST="true")
    assert 'value="½-½"' in response.content.decode()


def test_the_audit_log_stays_in_english(event, arbiter):
    desk = Client(HTTP_ACCEPT_LANGUAGE="de")
    desk.force_login(arbiter)
    player = event.players.get(pairing_number=2)
    desk.post(reverse("arbiter:player_absence", args=[event.slug, player.pk]), {"round_number": 4, "bye": "H"})
    entry = AuditEntry.objects.filter(tournament=event, kind="absence").get()
    assert entry.summary == f"{player.name}, round 4: Half-point bye"
    assert entry.after == {"round": 4, "absence": "Half-point bye"}
    desk.post(reverse("arbiter:tournament_listing", args=[event.slug]), {"listing": "hidden"})
    entry = AuditEntry.objects.filter(tournament=event, action="hidden").get()
    assert entry.summary == "Home page: Listed on the home page → Hidden from the home page"
    page = desk.get(reverse("arbiter:audit", args=[event.slug])).content.decode()
    assert "Änderungsprotokoll" in page and "Half-point bye" in page


def test_the_switcher_sets_the_language_without_a_token(event):
    reader = Client(enforce_csrf_checks=True)  # the public pages carry no CSRF token
    url = reverse("public:standings", args=[event.slug]) + "?after=1"
    page = reader.get(url).content.decode()
    assert f'action="{reverse("set_language")}"' in page and 'name="language" value="it"' in page
    assert f'name="next" value="{url}"' in page.replace("&amp;", "&")
    response = reader.post(reverse("set_language"), {"language": "it", "next": url})
    assert response.status_code == 302 and response["Location"] == url
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "it" and cookie["max-age"] == settings.LANGUAGE_COOKIE_AGE and cookie["httponly"]
    page = reader.get(url).content.decode()
    assert '<html lang="it">' in page and 'aria-current="true">Italiano<' in page
    # The cookie wins over the browser's language; another button switches back.
    assert '<html lang="it">' in reader.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    reader.post(reverse("set_language"), {"language": "en", "next": url})
    assert '<html lang="en">' in reader.get(url).content.decode()
    # Never away from the site, nor to an unknown language.
    assert reader.post(reverse("set_language"), {"language": "it", "next": "https://evil.example/"},
                       HTTP_ACCEPT="text/html")["Location"] == "/"
    response = reader.post(reverse("set_language"), {"language": "xx", "next": url})
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_the_switcher_returns_to_the_page_the_copy_is_for(event):
    """A shared copy does not depend on parameters the page does not read: nor does its switcher."""
    url = reverse("public:standings", args=[event.slug])
    page = Client().get(url + "?utm_source=qr&after=2").content.decode()
    assert f'name="next" value="{url}?after=2"' in page


def test_the_shared_page_is_cached_once_per_language(event, django_assert_max_num_queries):
    url = reverse("public:standings", args=[event.slug])
    english, italian = Client().get(url), Client().get(url, HTTP_ACCEPT_LANGUAGE="it")
    assert english.content != italian.content and '<html lang="it">' in italian.content.decode()
    assert english["ETag"] != italian["ETag"]
    for response in (english, italian):
        assert {"Cookie", "Accept-Language"} <= {v.strip() for v in response["Vary"].split(",")}
        assert "public" in response["Cache-Control"] and not response.cookies
    with django_assert_max_num_queries(1):  # the revision, then each language's copy from the cache
        assert Client().get(url, HTTP_ACCEPT_LANGUAGE="it").content == italian.content
    with django_assert_max_num_queries(1):
        assert Client().get(url, HTTP_ACCEPT_LANGUAGE="en").content == english.content
    # The same address by the switcher's cookie: the Italian copy.
    reader = Client()
    reader.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    assert reader.get(url).content == italian.content
    # A browser that kept the English copy and now reads Italian gets the Italian page, not a 304.
    assert Client().get(url, HTTP_ACCEPT_LANGUAGE="it", HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 200
    assert Client().get(url, HTTP_ACCEPT_LANGUAGE="it", HTTP_IF_NONE_MATCH=italian["ETag"]).status_code == 304


def pdf_text(response) -> str:
    reader = PdfReader(io.BytesIO(b"".join(response) if response.streaming else response.content))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_printouts_in_the_reader_language_with_its_decimal_separator(event):
    event.tiebreaks = "BH,SB"
    event.save()
    url = reverse("public:standings_pdf", args=[event.slug])
    english, italian = pdf_text(Client().get(url)), pdf_text(Client().get(url, HTTP_ACCEPT_LANGUAGE="it"))
    assert "Standings after round 2" in english and "Classifica dopo il turno 2" in italian
    assert "Pti BH SB" in italian  # the headings; the FIDE tie-break codes as they are
    halves = re.findall(r"\b\d+\.5\b", english)
    assert halves, english  # the event's draws give half points in the tie-breaks
    assert not re.findall(r"\b\d+\.5\b", italian) and len(re.findall(r"\b\d+,5\b", italian)) == len(halves)
    board = pdf_text(Client().get(reverse("public:boards_pdf", args=[event.slug, 3]), HTTP_ACCEPT_LANGUAGE="de"))
    assert "Runde 3: Brettliste" in board and "Weiß" in board and "Seite 1/1" in board


@pytest.mark.parametrize(("language", "expected"), [("en", ("12.5", "2½", "3.3")), ("it", ("12,5", "2½", "3,3")),
                                                    ("fr", ("12,5", "2½", "3,3")), ("de", ("12,5", "2½", "3,3")),
                                                    ("es", ("12,5", "2½", "3,3"))])
def test_scores_and_tiebreaks_take_the_decimal_separator(language, expected):
    with translation.override(language):
        assert (tiebreak(Decimal("12.5")), points(25), points(33)) == expected
        assert tiebreak(Decimal("7")) == "7" and tiebreak(None) == "—"


@pytest.mark.parametrize(("language", "expected"), [("en", ("+3.2", "\N{MINUS SIGN}12.0", "0.0")),
                                                    ("it", ("+3,2", "\N{MINUS SIGN}12,0", "0,0")),
                                                    ("de", ("+3,2", "\N{MINUS SIGN}12,0", "0,0"))])
def test_the_rating_change_takes_the_decimal_separator(language, expected):
    with translation.override(language):
        assert (signed(Fraction(16, 5)), signed(Fraction(-12)), signed(Fraction(1, 100))) == expected


def test_crosstable_rows_are_cached_once_for_every_language(event):
    """The rows are computed once per revision (standings.crosstable): their titles are translated
    when shown, in the reader's language, from a copy read back from the cache server too."""
    computed = crosstable(event)
    cached = pickle.loads(pickle.dumps(computed))
    for rows in (computed, cached):
        cell = rows[0].cells[0]
        opponent = str(cell.opponent)
        with translation.override("it"):
            assert str(cell.title) in (f"Bianco contro {opponent}", f"Nero contro {opponent}")
        with translation.override("de"):
            assert str(cell.title) in (f"Weiß gegen {opponent}", f"Schwarz gegen {opponent}")
        with translation.override("en"):
            assert str(cell.title) in (f"White against {opponent}", f"Black against {opponent}")


def test_the_import_limits_in_the_reader_number_format(club, arbiter):
    desk = Client(HTTP_ACCEPT_LANGUAGE="it")
    desk.force_login(arbiter)
    page = desk.get(reverse("arbiter:tournament_import") + f"?club={club.pk}").content.decode()
    assert "al massimo 3,0 MB, 9999 giocatori, 99 turni e 120.000 risultati in tutto" in page
    assert "nome, città, arbitro principale, cadenza al massimo 120 caratteri" in page


#: Texts the templates may write without translating them: codes and symbols, the same in every
#: language (a file format, a tie-break, a round and a rating coefficient by FIDE's letters).
UNTRANSLATED = {"TRF-2026", "ARO", "R", "K =", "½-½"}  # ½-½: a result, written so in every language
#: Attributes whose value a reader sees or hears (data-* ones: the messages of the scripts).
SHOWN = {"title", "placeholder", "aria-label", "alt"}


class _Texts(HTMLParser):
    """The text nodes and the shown attributes of a template's HTML, outside scripts and styles."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found, self.skipping = [], 0

    def handle_starttag(self, tag, attrs):
        self.skipping += tag in ("script", "style")
        self.found += [(self.getpos()[0], value) for name, value in attrs
                       if value and (name in SHOWN or (name.startswith("data-") and " " in value.strip()))]

    def handle_endtag(self, tag):
        self.skipping -= tag in ("script", "style")

    def handle_data(self, data):
        if not self.skipping:
            self.found.append((self.getpos()[0], data))


def untranslated_texts(source: str) -> list[tuple[int, str]]:
    """The words of a template outside {% translate %} and {% blocktranslate %}: its text with each
    variable as a NUL and each tag as a space, read as HTML."""
    skeleton, translating = [], False
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0]
            translating = name == "blocktranslate" or (translating and name != "endblocktranslate")
            skeleton.append(" ")
        elif token.token_type == TokenType.VAR:
            skeleton.append("\0")
        elif token.token_type == TokenType.TEXT and not translating:
            skeleton.append(token.contents)
    parser = _Texts()
    parser.feed("".join(skeleton))
    words = [(line, " ".join(text.replace("\0", " ").split())) for line, text in parser.found]
    return [(line, text) for line, text in words if re.search(r"[^\W\d_]", text) and text not in UNTRANSLATED]


#: where the message id is among the arguments of each of Django's translation functions
MSGID_AT = {"gettext": 0, "gettext_lazy": 0, "gettext_noop": 0, "ngettext": 0, "ngettext_lazy": 0,
            "pgettext": 1, "pgettext_lazy": 1, "npgettext": 1, "npgettext_lazy": 1}


def marked_messages(source: str) -> list[tuple[int, str]]:
    """The message ids a module passes to Django's translation functions, under whatever name it
    imported them (``_``, ``gettext_lazy``...): the texts ``make messages`` must find."""
    tree = ast.parse(source)
    names = {alias.asname or alias.name: alias.name for node in ast.walk(tree)
             if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation"
             for alias in node.names if alias.name in MSGID_AT}
    return sorted((node.lineno, node.args[at].value) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names
            and len(node.args) > (at := MSGID_AT[names[node.func.id]])
            and isinstance(node.args[at], ast.Constant) and isinstance(node.args[at].value, str))


def test_every_text_of_the_code_is_in_the_catalogues():
    """A text marked under a name xgettext does not know (``gettext_lazy as _lazy``) is left out of
    the catalogues, and shown in English whatever the language: the registration's confirmation was."""
    known = {e["msgid"] for e in catalogue(TRANSLATED[0])}
    sources = [path for folder in ("tournaments", "pairing", "config")
               for path in sorted((Path(settings.BASE_DIR) / folder).rglob("*.py")) if "migrations" not in path.parts]
    found = [(path, marked) for path in sources for marked in marked_messages(path.read_text(encoding="utf-8"))]
    assert len(found) > 250  # the app's texts, not a stub
    missing = [f"{path.relative_to(settings.BASE_DIR)}:{line}: {text}" for path, (line, text) in found
               if text not in known]
    assert not missing, "texts missing from the catalogues (make messages):\n" + "\n".join(missing)


def test_the_check_finds_texts_marked_under_any_name():
    source = ("from django.utils.translation import gettext as _, gettext_lazy as _lazy, pgettext\n"
              "A = _lazy('Registered.')\nB = _('Board %(n)s') % {'n': 1}\nC = pgettext('chess', 'Round')\n"
              "D = str('not marked')\n")
    assert marked_messages(source) == [(2, "Registered."), (3, "Board %(n)s"), (4, "Round")]


def test_every_text_of_the_templates_is_translated():
    found = [f"{path.relative_to(settings.BASE_DIR)}:{line}: {text}"
             for path in sorted((Path(settings.BASE_DIR) / "templates").rglob("*.html"))
             for line, text in untranslated_texts(path.read_text(encoding="utf-8"))]
    assert not found, "texts outside {% translate %}:\n" + "\n".join(found)


def test_the_check_finds_words_outside_translate_tags():
    """The check of the templates above, on a template with one text of each kind left out."""
    source = ('{% load i18n %}<h1>{% translate "Round" %} {{ n }}</h1><p title="Board list">{{ x }}: bye</p>'
              '{% blocktranslate %}Pairs {{ n }}{% endblocktranslate %}<script>var a = "x y";</script>'
              '<small>ARO {{ aro }}</small><button data-once data-copied="Link copied.">{{ label }}</button>')
    assert [text for _line, text in untranslated_texts(source)] == ["Board list", ": bye", "Link copied."]


@pytest.mark.parametrize(("language", "date"), [("en", "March 1, 2026"), ("it", "01 Marzo 2026"),
                                                ("fr", "1 mars 2026"), ("de", "1. März 2026"),
                                                ("es", "1 de marzo de 2026")])
def test_dates_in_the_reader_language(event, language, date):
    """The tournament's date as each language writes it (Django's formats), on its page and the home page."""
    for url in (reverse("public:tournament", args=[event.slug]), reverse("public:home")):
        page = Client().get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert date in page, (language, url)
