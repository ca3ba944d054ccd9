"""FIDE rating lists written out, in both formats, as FIDE lays them out (docs/rating-lists.md):
what the benchmark and the tests' sample files are made of.  The reader is
``rating_list.py``; nothing here reads a list."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

#: The combined TXT list's header (players_list_foa.txt), as FIDE publishes it.
COMBINED_HEADER = ("ID Number      Name                                                         Fed Sex Tit  WTit "
                   "OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
#: A per-kind TXT list's header (standard_..., rapid_..., blitz_...): the month is the rating's label.
SINGLE_HEADER = ("ID Number      Name                                                         Fed Sex Tit  WTit "
                 "OTit           FOA {period} Gms K  B-day Flag")


@dataclass
class Entry:
    """One player as a list writes him; ``ratings``: (rating, games, K) per kind, blank as ""."""

    fide_id: str
    name: str
    federation: str
    sex: str
    title: str = ""
    w_title: str = ""
    o_title: str = ""
    foa_title: str = ""
    ratings: list[tuple[str, str, str]] = field(default_factory=lambda: [("", "", "")])
    birth_year: str = ""
    flag: str = ""


def _prefix(e: Entry) -> str:
    return (f"{e.fide_id:<15}{e.name:<61}{e.federation:<4}{e.sex:<4}{e.title:<5}{e.w_title:<5}"
            f"{e.o_title:<15}{e.foa_title:<4}")


def txt_line(e: Entry, combined: bool = False) -> str:
    """A line of the TXT list: each field left-aligned from its label's column."""
    if combined:
        middle = "".join(f"{r:<6}{g:<4}{k:<3}" for r, g, k in e.ratings)
    else:
        r, g, k = e.ratings[0]
        middle = f"{r:<6}{g:<4}{k:<3}"
    return f"{_prefix(e)}{middle}{e.birth_year:<6}{e.flag}".rstrip() + "\n"


def write_txt(out, entries: Iterable[Entry], period: str = "NOV24", combined: bool = False) -> None:
    out.write((COMBINED_HEADER if combined else SINGLE_HEADER.format(period=period)) + "\n")
    for e in entries:
        out.write(txt_line(e, combined))


XML_RATING_TAGS = (("rating", "games", "k"), ("rapid_rating", "rapid_games", "rapid_k"),
                   ("blitz_rating", "blitz_games", "blitz_k"))


def xml_player(e: Entry, combined: bool = False) -> str:
    tags = XML_RATING_TAGS if combined else XML_RATING_TAGS[:1]
    ratings = "".join(f"<{t}>{v}</{t}>" for kind, values in zip(tags, e.ratings, strict=False)
                      for t, v in zip(kind, values, strict=True))
    return (f"<player><fideid>{e.fide_id}</fideid><name>{escape(e.name)}</name><country>{e.federation}</country>"
            f"<sex>{e.sex}</sex><title>{e.title}</title><w_title>{e.w_title}</w_title>"
            f"<o_title>{e.o_title}</o_title><foa_title>{e.foa_title}</foa_title>{ratings}"
            f"<birthday>{e.birth_year}</birthday><flag>{e.flag}</flag></player>\n")


def write_xml(out, entries: Iterable[Entry], combined: bool = False) -> None:
    out.write('<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n')
    for e in entries:
        out.write(xml_player(e, combined))
    out.write("</playerslist>\n")
