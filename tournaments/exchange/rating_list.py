"""FIDE's monthly rating lists, read as a stream: no ORM here (the import is
``tournaments.services.rating_lists``).

Two download formats (ratings.fide.com/download.phtml; our reading of each field in
docs/rating-lists.md): the fixed-width TXT list, whose header line gives the column positions
(a field runs from its label's first column to the next label's), and the XML list
(``<playerslist><player><fideid>...``).  Each comes per kind (standard, rapid, blitz: one rating,
games and K) or combined (the TXT ``players_list_foa.txt``: SRtng SGm SK RRtng RGm Rk BRtng BGm
BK; the XML ``players_list_xml``: rating, rapid_rating, blitz_rating...).  A .zip as FIDE serves
it holds one of them.  The format is found from the content, never from the file's name; the
name (``standard_nov24frl.txt``) may tell the kind and the month, which the content does not
always say.

Every record is checked with its line number; the first bad one stops the reading with a
:class:`RatingListError` (line and reason).  Memory stays flat: the TXT list is read a line at
a time, the XML list by expat in chunks (defusedxml's parser: no DTD, no entity).
"""

from __future__ import annotations

import codecs
import contextlib
import datetime
import os
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, NamedTuple
from xml.etree import ElementTree
from xml.parsers.expat import ErrorString, ExpatError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser
from django.utils.translation import gettext as _

from tournaments.limits import MAX_RATING_LIST_BYTES

STANDARD, RAPID, BLITZ = "standard", "rapid", "blitz"
KINDS = (STANDARD, RAPID, BLITZ)
MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
#: The titles FIDE writes in Tit and WTit (the women's titles appear in both).
TITLES = frozenset({"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"})
#: OTit: FIDE's other titles, comma-separated (IA, FA, NA, IO, FT, FST, DI, NI, SI...).
OTHER_TITLES = re.compile(r"(?=.{2,30}\Z)[A-Z]{2,4}(,[A-Z]{2,4})*")
#: FOA: the FIDE Online Arena titles (AGM, AIM, AFM, ACM).
FOA_TITLE = re.compile(r"A[A-Z]{1,3}")
FEDERATION = re.compile(r"[A-Z]{3}")
NUMBER = re.compile(r"[0-9]{1,4}")
FIDE_ID = re.compile(r"[0-9]{1,10}")
#: Flag: i inactive, w woman, wi both (FIDE writes them in lower case).
FLAGS = frozenset({"", "i", "w", "wi"})
MAX_RATING = 3500
MAX_K = 100
MAX_NAME = 100
CHUNK = 1 << 16


class RatingListError(Exception):
    """A file that is no FIDE rating list, or a record that breaks its format: ``line`` (0 when
    the file as a whole is refused) and ``reason``."""

    def __init__(self, line: int, reason: str):
        self.line, self.reason = line, reason
        super().__init__(_("line %(line)s: %(reason)s") % {"line": line, "reason": reason} if line else reason)


class Rating(NamedTuple):
    rating: int | None
    games: int | None
    k: int | None


class Record(NamedTuple):
    """One player of the list, and his rating in each kind the file holds (in ``RatingFile.kinds``
    order).  Tuples: a million of them are made in a few seconds."""

    line: int
    fide_id: int
    name: str
    federation: str
    sex: str
    title: str
    w_title: str
    o_title: str
    foa_title: str
    birth_year: int | None
    inactive: bool
    ratings: tuple[Rating, ...]


@dataclass(frozen=True)
class RatingFile:
    """What a file is: its format ("txt" or "xml"), the kinds it holds, the month it says (None
    when it does not: the file's name or the arbiter tells), and its records, read on demand."""

    format: str
    kinds: tuple[str, ...]
    period: datetime.date | None
    records: Callable[[], Iterator[Record]]


# --- The kind and the month from a name ------------------------------------------------------------

NAME_KIND = re.compile(r"(standard|rapid|blitz)", re.IGNORECASE)
NAME_PERIOD = re.compile(r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(\d\d)(?!\d)", re.IGNORECASE)


def kind_from_name(name: str) -> str | None:
    """``standard_nov24frl.txt`` → standard; None when the name says no kind."""
    match = NAME_KIND.search(name or "")
    return match.group(1).lower() if match else None


def period_from_name(name: str) -> datetime.date | None:
    """``standard_nov24frl.txt`` → 2024-11-01 (a list's month is its first day)."""
    match = NAME_PERIOD.search(name or "")
    return _period(match.group(1), match.group(2)) if match else None


def _period(month: str, year: str) -> datetime.date:
    return datetime.date(2000 + int(year), MONTHS.index(month.upper()) + 1, 1)


# --- Fields, checked ---------------------------------------------------------------------------------

#: A record's fields as read (stripped), in this order: the person (8), the ratings (rating, games
#: and K of each kind the file holds), the birth year and the flag.
TITLE_OR_NONE = TITLES | {""}
NUMBERS = {n: re.compile(r"(?:[0-9]{0,4}\|){" + str(n) + "}") for n in (4, 10)}  # one or three kinds, and B-day


def _record(line: int, f: list[str], labels: tuple[str, ...]) -> Record:
    """A record from its fields as read, ``labels`` naming them as the file does; each checked
    against FIDE's format (the reason found by :func:`_problem` when one is not)."""
    fide_id, name, federation, sex, title, w_title, o_title, foa = f[:8]
    numbers = f[8:-1]
    flag = f[-1]
    if not (FIDE_ID.fullmatch(fide_id) and 0 < len(name) <= MAX_NAME and name.isprintable()
            and FEDERATION.fullmatch(federation) and sex in ("M", "F") and title in TITLE_OR_NONE
            and w_title in TITLE_OR_NONE and (not o_title or OTHER_TITLES.fullmatch(o_title))
            and (not foa or FOA_TITLE.fullmatch(foa)) and flag in FLAGS
            and NUMBERS[len(numbers)].fullmatch("|".join(numbers) + "|")):
        _problem(line, f, labels)
    values = [int(v) if v else None for v in numbers]
    ratings = tuple(Rating(*values[i:i + 3]) for i in range(0, len(values) - 1, 3))
    if any((r.rating or 0) > MAX_RATING or (r.k or 0) > MAX_K for r in ratings):
        _problem(line, f, labels)
    return Record(line, int(fide_id), name, federation, sex, title, w_title, o_title, foa,
                  values[-1] or None, "i" in flag, ratings)


def _problem(line: int, f: list[str], labels: tuple[str, ...]) -> None:
    """Raise the reason why a record's fields break FIDE's format."""
    fide_id, name, federation, sex = f[:4]
    if not FIDE_ID.fullmatch(fide_id):
        raise RatingListError(line, _("the FIDE id is not a number: %(value)r") % {"value": fide_id})
    if not (0 < len(name) <= MAX_NAME and name.isprintable()):
        raise RatingListError(line, _("the name is missing or unreadable: %(value)r") % {"value": name})
    if not FEDERATION.fullmatch(federation):
        raise RatingListError(line, _("the federation is not a three-letter code: %(value)r") % {
            "value": federation})
    if sex not in ("M", "F"):
        raise RatingListError(line, _("the sex is neither M nor F: %(value)r") % {"value": sex})
    for position, pattern in ((4, None), (5, None), (6, OTHER_TITLES), (7, FOA_TITLE)):
        text = f[position]
        if text and not (pattern.fullmatch(text) if pattern else text in TITLES):
            raise RatingListError(line, _("%(field)s is no FIDE title: %(value)r") % {
                "field": labels[position], "value": text})
    if f[-1] not in FLAGS:
        raise RatingListError(line, _("the flag is none of i, w, wi: %(value)r") % {"value": f[-1]})
    for position in range(8, len(f) - 1):
        text, kind_field = f[position], (position - 8) % 3 if position < len(f) - 2 else 1
        maximum = (MAX_RATING, 9999, MAX_K)[kind_field]
        if text and (not NUMBER.fullmatch(text) or int(text) > maximum):
            raise RatingListError(line, _("%(field)s is not a number up to %(maximum)s: %(value)r") % {
                "field": labels[position], "maximum": maximum, "value": text})


# --- The TXT list -----------------------------------------------------------------------------------

#: The header's labels before the ratings and after them; between, one triple per kind.
TXT_HEAD = ("ID Number", "Name", "Fed", "Sex", "Tit", "WTit", "OTit", "FOA")
TXT_TAIL = ("B-day", "Flag")
TXT_COMBINED = (*TXT_HEAD, "SRtng", "SGm", "SK", "RRtng", "RGm", "Rk", "BRtng", "BGm", "BK", *TXT_TAIL)
PERIOD_LABEL = re.compile(r"(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(\d\d)", re.IGNORECASE)


def _txt_header(header: str, kind: str | None) -> tuple[list[int], tuple[str, ...], tuple[str, ...],
                                                        datetime.date | None]:
    """The columns' start positions, their labels, the kinds and the month, from the header line."""
    found = [(m.start(), m.group()) for m in re.finditer(r"ID Number|\S+", header)]
    labels = tuple(label for _start, label in found)
    starts = [start for start, _label in found]
    if tuple(label.upper() for label in labels) == tuple(label.upper() for label in TXT_COMBINED):
        return starts, labels, KINDS, None
    period = PERIOD_LABEL.fullmatch(labels[8]) if len(labels) == len(TXT_HEAD) + 5 else None
    single = (*TXT_HEAD, labels[8] if period else "<Mon><YY>", "Gms", "K", *TXT_TAIL)
    if not period or tuple(label.upper() for label in labels) != tuple(label.upper() for label in single):
        raise RatingListError(1, _("the header is not that of a FIDE rating list: expected %(expected)r or "
                                   "%(other)r, found %(found)r") % {
            "expected": " ".join(TXT_COMBINED), "other": " ".join(single), "found": header.strip()[:200]})
    return starts, labels, (kind,) if kind else (), _period(*period.groups())


def _decoded(raw: bytes) -> str:
    """A line as text: UTF-8, else Latin-1 (older lists); the line end dropped."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return text.rstrip("\r\n")


def _txt_records(open_stream: Callable[[], IO[bytes]], starts: list[int], labels: tuple[str, ...]
                 ) -> Iterator[Record]:
    spans = [slice(start, end) for start, end in zip(starts, [*starts[1:], None], strict=True)]
    width = starts[-1]  # the last line of a whole file reaches the Flag column (its text may be empty)
    with open_stream() as stream:
        stream.readline()
        for number, raw in enumerate(stream, start=2):
            text = _decoded(raw)
            if not text.strip():
                continue
            if len(text) < width and not raw.endswith(b"\n"):
                raise RatingListError(number, _("the line is cut short (%(length)s characters, the columns need "
                                                 "%(minimum)s): the file is truncated?") % {
                    "length": len(text), "minimum": width})
            yield _record(number, [text[span].strip() for span in spans], labels)


def _read_txt(open_stream: Callable[[], IO[bytes]], name: str) -> RatingFile:
    with open_stream() as stream:
        header = _decoded(stream.readline())
    starts, labels, kinds, period = _txt_header(header, kind_from_name(name))
    return RatingFile("txt", kinds, period, lambda: _txt_records(open_stream, starts, labels))


# --- The XML list -----------------------------------------------------------------------------------

XML_PERSON = ("fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title")
XML_TAIL = ("birthday", "flag")
#: The rating elements of each kind: a per-kind list has rating, games, k; the combined list has
#: the standard ones under those names and the others prefixed (rapid_rating, blitz_games...).
XML_RATINGS = {STANDARD: ("rating", "games", "k"), RAPID: ("rapid_rating", "rapid_games", "rapid_k"),
               BLITZ: ("blitz_rating", "blitz_games", "blitz_k")}


#: expat's handlers that would call Python for each element: left unset, expat only checks the
#: file (well-formed, no DTD: defusedxml's handlers stay), in C.
EXPAT_CALLBACKS = ("StartElementHandler", "EndElementHandler", "CharacterDataHandler", "DefaultHandlerExpand",
                   "CommentHandler", "ProcessingInstructionHandler")
ROOT = re.compile(r"<playerslist\s*>")
SPACE = re.compile(r"\s*")
CHILD = re.compile(r"<(\w+)>\s*([^<]*?)\s*</\1>")
ENCODING = re.compile(rb"""<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']""")
#: Characters read ahead while looking for the end of a <player>: a FIDE player takes 500.
MAX_PLAYER = 1 << 16


def _children(element: str) -> dict[str, str]:
    """A ``<player>``'s child elements as text: by a regular expression when they are plain
    (``<tag>text</tag>``, the FIDE lists' way), else by ElementTree (entities, CDATA, empty
    elements...: what expat accepted, read as XML says)."""
    body = element[8:-9]
    if "&" not in body and "<!" not in body and "/>" not in body:
        children = CHILD.findall(body)
        if body.count("<") == 2 * len(children):
            return dict(children)
    return {child.tag: "".join(child.itertext()).strip() for child in ElementTree.fromstring(element)}


def _in_order(tags: tuple[str, ...]) -> re.Pattern:
    """A ``<player>`` whose fields come plain and in FIDE's order, each ``<tag>text</tag>`` or
    ``<tag/>``: one match gives them all (the common case; any other player is read by
    :func:`_children`)."""
    fields = "".join(rf"\s*(?:<{tag}>\s*([^<&]*?)\s*</{tag}>|<{tag}\s*/>)" for tag in tags)
    return re.compile(rf"<player>{fields}\s*</player>")


class _PlayerScanner:
    """The ``<player>`` elements of a list's text fed in pieces, with the line each begins on: its
    fields in ``tags`` order when they come so, else its text (for :func:`_children`)."""

    def __init__(self, tags: tuple[str, ...]):
        self.text, self.line, self.started = "", 1, False
        self.in_order = _in_order(tags)

    def players(self, piece: str) -> Iterator[tuple[int, list | str]]:
        self.text += piece
        if not self.started:
            root = ROOT.search(self.text)
            if root is None:
                return
            self._advance(root.end())
            self.started = True
        position, counted, line, text = 0, 0, self.line, self.text  # line: the line of text[counted]
        match = self.in_order.match
        while True:
            start = SPACE.match(text, position).end()
            found = match(text, start)
            if found:
                end, player = found.end(), [value or "" for value in found.groups()]
            else:
                end = text.find("</player>", start) + 9 if text.startswith("<player>", start) else 8
                if end < 9:
                    break
                player = text[start:end]
            line += text.count("\n", counted, start)
            counted = start
            yield line, player
            position = end
        self.line = line + text.count("\n", counted, position)
        self.text = text[position:]
        self._check_rest()

    def _advance(self, position: int) -> None:
        self.line += self.text.count("\n", 0, position)
        self.text = self.text[position:]

    def _check_rest(self) -> None:
        """What follows the last whole player: the beginning of the next, or the list's end."""
        rest = self.text.lstrip()
        if rest.startswith("</playerslist") or ("<player>".startswith(rest[:8]) and len(rest) < MAX_PLAYER):
            return
        line = self.line + self.text[:len(self.text) - len(rest)].count("\n")
        tag = re.match(r"<?([^\s>]*)", rest).group(1)
        raise RatingListError(line, _("<%(tag)s> where a <player> was expected") % {"tag": tag[:40]})


def _xml_records(open_stream: Callable[[], IO[bytes]], kinds: tuple[str, ...]) -> Iterator[Record]:
    """The players, in chunks: expat (defusedxml's parser: no DTD, no entity) checks the file in C,
    a regular expression cuts out each ``<player>`` and its fields (:class:`_PlayerScanner`,
    :func:`_children`); no tree is built, no Python runs per element."""
    tags = (*XML_PERSON, *(tag for kind in kinds or (STANDARD,) for tag in XML_RATINGS[kind]), *XML_TAIL)
    expat = DefusedXMLParser(forbid_dtd=True).parser
    for callback in EXPAT_CALLBACKS:
        setattr(expat, callback, None)
    scanner = _PlayerScanner(tags)
    with open_stream() as stream:
        head = stream.read(CHUNK)
        declared = ENCODING.search(head[:200])
        decoder = codecs.getincrementaldecoder(declared.group(1).decode() if declared else "utf-8")("replace")
        chunk = head
        try:
            while chunk:
                expat.Parse(chunk, False)
                for line, element in scanner.players(decoder.decode(chunk)):
                    yield _xml_record(line, element, tags)
                chunk = stream.read(CHUNK)
            expat.Parse(b"", True)
        except ExpatError as error:
            raise RatingListError(error.lineno, _("the XML cannot be read (%(error)s): the file is truncated "
                                                  "or damaged?") % {"error": ErrorString(error.code)}) from None
        except DefusedXmlException:
            raise RatingListError(expat.CurrentLineNumber,
                                  _("the XML declares a DTD or entities, which a FIDE list never does")) from None
        except LookupError:
            raise RatingListError(1, _("the XML cannot be read (%(error)s): the file is truncated or damaged?") % {
                "error": declared.group(1).decode()}) from None


def _xml_record(line: int, player: list | str, tags: tuple[str, ...]) -> Record:
    if isinstance(player, str):
        fields = _children(player)
        if "fideid" not in fields or "name" not in fields:
            raise RatingListError(line, _("a <player> without <fideid> or <name>"))
        player = [fields.get(tag, "") for tag in tags]
    return _record(line, player, tags)


def _read_xml(open_stream: Callable[[], IO[bytes]], name: str) -> RatingFile:
    """The kinds are read from the first player: combined when it has a <rapid_rating> or
    <blitz_rating>, else the name's kind."""
    with open_stream() as stream:
        first = stream.read(CHUNK).split(b"</player>", 1)[0]
    if b"<rapid_rating" in first or b"<blitz_rating" in first:
        kinds = KINDS
    else:
        kind = kind_from_name(name)
        kinds = (kind,) if kind else ()
    return RatingFile("xml", kinds, period_from_name(name), lambda: _xml_records(open_stream, kinds))


# --- The file ---------------------------------------------------------------------------------------

def _opener(source) -> Callable[[], IO[bytes]]:
    """A function that opens ``source`` (a path or a seekable binary file) from its start."""
    if isinstance(source, (str, bytes)) or hasattr(source, "__fspath__"):
        return lambda: open(source, "rb", buffering=CHUNK)

    def rewound() -> IO[bytes]:
        source.seek(0)
        return contextlib.nullcontext(source)
    return rewound


def _zip_member(source) -> tuple[Callable[[], IO[bytes]], str]:
    """The one list of a zip file FIDE serves: how to open it, and its name."""
    try:
        archive = zipfile.ZipFile(source)
        members = [m for m in archive.infolist() if not m.is_dir()]
    except (zipfile.BadZipFile, OSError, EOFError) as error:
        raise RatingListError(0, _("The zip file cannot be read (%(error)s).") % {"error": error}) from None
    if len(members) != 1:
        raise RatingListError(0, _("A FIDE zip file holds one list; this one holds %(count)s files.") % {
            "count": len(members)})
    if members[0].file_size > MAX_RATING_LIST_BYTES:  # a zip bomb, or no list of FIDE's
        raise RatingListError(0, _("The file is too large: at most %(size)s MB.") % {
            "size": MAX_RATING_LIST_BYTES // 1024 // 1024})
    return (lambda: archive.open(members[0])), members[0].filename


def read_rating_list(source, name: str = "") -> RatingFile:
    """The list in ``source`` (a path, or a seekable binary file such as an upload), by its
    content: a zip (one list inside), XML or TXT.  ``name`` is the file's name, which may tell
    the kind and the month (a path's own name is read when none is given)."""
    name = name or ("" if hasattr(source, "read") else os.path.basename(source))
    open_stream = _opener(source)
    with open_stream() as stream:
        head = stream.read(512)
    if head.startswith(b"PK\x03\x04"):
        open_stream, name = _zip_member(source)
        with open_stream() as stream:
            head = stream.read(512)
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not text:
        raise RatingListError(0, _("The file is empty."))
    if text.startswith(b"<"):
        return _read_xml(open_stream, name)
    if text.upper().startswith(b"ID NUMBER"):
        return _read_txt(open_stream, name)
    raise RatingListError(1, _("this is no FIDE rating list: a TXT list begins with its header "
                               "\"ID Number Name Fed...\", an XML list with <playerslist>"))
