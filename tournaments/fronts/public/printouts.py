"""What the arbiter pins on the wall and puts on the boards, as PDF files (fpdf2), and the QR code
(segno) that leads a phone to the tournament's public page.

Every builder takes what the public pages show (published rounds only: the views check that) and
returns the PDF's bytes, its words in the active language (the reader's: the views run in the
request), its codes (results, titles, tie-breaks) as FIDE writes them.  Text is set in DejaVu
Sans Condensed, shipped in ``tournaments/fronts/public/fonts`` (every Latin, Greek and Cyrillic name prints;
fpdf2 embeds only the glyphs used).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from pathlib import Path

import segno
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy
from fpdf import FPDF
from fpdf.fonts import FontFace

from tournaments.fronts.templatetags.chess import points as format_points
from tournaments.fronts.templatetags.chess import tiebreak as format_tiebreak
from tournaments.models import Game, Player, Round, Tournament
from tournaments.queries import boards as board_lists
from tournaments.queries.matches import pab_match_points
from tournaments.queries.prizes import PrizeList
from tournaments.queries.standings import Row, round_labels

# fontTools logs every glyph of every subset it makes at INFO.
logging.getLogger("fontTools").setLevel(logging.WARNING)

FONTS = Path(__file__).resolve().parent / "fonts"
FONT = "DejaVu"
HEADINGS = FontFace(emphasis="B", fill_color=(232, 236, 240))
GREY = (110, 118, 126)


def qr_code(url: str) -> segno.QRCode:
    """The QR code of ``url``; error correction M survives a smudged or half-torn wall chart."""
    return segno.make(url, error="m", micro=False)


def qr_svg(url: str) -> str:
    """The QR code as an SVG document: black modules drawn as one path on white, no inline style
    (the Content-Security-Policy allows none)."""
    code, out = qr_code(url), io.BytesIO()
    code.save(out, kind="svg", scale=4, border=2, light="#fff", xmldecl=False, title=url, nl=False)
    # Its size in pixels and a viewBox, so that it scales to whatever size the page gives it.
    width, height = code.symbol_size(scale=4, border=2)
    return out.getvalue().decode().replace("<svg ", f'<svg viewBox="0 0 {width} {height}" ', 1)


class Printout(FPDF):
    """An A4 page with the tournament's name and the document's title at the top, and the page
    number and the public address at the bottom."""

    def __init__(self, tournament: Tournament, title: str, url: str, landscape: bool = False,
                 page_format: str = "A4"):
        super().__init__(orientation="L" if landscape else "P", unit="mm", format=page_format)
        self.tournament, self.heading, self.url = tournament, title, url
        self.add_font(FONT, "", FONTS / "DejaVuSansCondensed.ttf")
        self.add_font(FONT, "B", FONTS / "DejaVuSansCondensed-Bold.ttf")
        self.set_margins(12, 12, 12)
        self.set_auto_page_break(True, margin=14)
        self.set_title(f"{tournament}: {title}")
        self.set_author(str(tournament.club))
        self.set_creator(_("Swiss tournaments"))
        self.set_font(FONT, size=9)

    def header(self):
        self.set_font(FONT, "B", 13)
        self.cell(0, 6, str(self.tournament), new_x="LMARGIN", new_y="NEXT")
        self.set_font(FONT, "", 10)
        self.cell(0, 5, self.heading, new_x="LMARGIN", new_y="NEXT")
        self.ln(2)
        self.set_font(FONT, "", 9)

    def footer(self):
        self.set_y(-10)
        self.set_font(FONT, "", 7)
        self.set_text_color(*GREY)
        self.cell(0, 4, self.url, align="L")
        self.set_x(self.l_margin)
        self.cell(0, 4, _("page %(page)s/%(pages)s") % {"page": self.page_no(), "pages": "{nb}"}, align="R")
        self.set_text_color(0, 0, 0)

    def qr(self, url: str, size: float = 24, x: float | None = None, y: float | None = None) -> None:
        """The QR code of ``url``, ``size`` mm wide, at the top right corner unless placed."""
        matrix = qr_code(url).matrix
        border = 2
        modules = len(matrix) + 2 * border
        step = size / modules
        x = self.w - self.r_margin - size if x is None else x
        y = self.t_margin if y is None else y
        self.set_fill_color(0, 0, 0)
        for row_index, row in enumerate(matrix):
            for column, dark in enumerate(row):
                if dark:
                    self.rect(x + (column + border) * step, y + (row_index + border) * step, step, step, style="F")
        self.set_fill_color(255, 255, 255)

    def table_of(self, headings: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float],
                 align: Sequence[str], size: float = 9) -> None:
        """A table the width of the page (``widths`` are proportions), one line a row (a text too
        long for its column is shortened, a heading too), its headings repeated on every page.  Drawn cell by
        cell: fpdf2's own tables wrap every cell's text and take seconds for 300 players."""
        widths = [w * self.epw / sum(widths) for w in widths]
        height = size * 0.42 + 1.4
        self.c_margin = 1

        def heading():
            self.set_font(FONT, "B", size)
            self.set_fill_color(*HEADINGS.fill_color.colors255)
            for text, width, side in zip(headings, widths, align, strict=True):
                self.cell(width, height, self.fit(text, width - 2), align=side, fill=True)
            self.ln(height)
            self.set_font(FONT, "", size)

        heading()
        self.set_draw_color(170, 176, 182)
        self.set_line_width(0.15)
        for values in rows:
            if self.get_y() + height > self.page_break_trigger:
                self.add_page()
                heading()
            for text, width, side in zip(values, widths, align, strict=True):
                self.cell(width, height, self.fit(str(text), width - 2), align=side)
            self.ln(height)
            self.line(self.l_margin, self.get_y(), self.l_margin + self.epw, self.get_y())
        self.set_draw_color(0, 0, 0)
        self.set_line_width(0.2)
        self.ln(1.5)

    def fit(self, text: str, width: float) -> str:
        """``text`` in the current font, shortened with "…" to ``width`` mm."""
        if self.get_string_width(text) <= width:
            return text
        while text and self.get_string_width(text + "…") > width:
            text = text[:-1]
        return text + "…"

    def bytes(self) -> bytes:
        return bytes(self.output())


def _rating(player: Player | None) -> str:
    return str(player.rating) if player is not None and player.rating else ""


def _games(round_: Round) -> list[Game]:
    return list(round_.games.select_related("white", "black"))


def _bye_text(tournament: Tournament) -> str:
    """The PAB and its points; a Double-Swiss match's a won game plus a drawn game (C.04.5 1.4)."""
    scored = pab_match_points(tournament) if tournament.games_per_round == 2 else int(
        tournament.points_pairing_bye * 10)
    return _("bye (%(points)s pt)") % {"points": format_points(scored)}


#: The column headings the printouts share (abbreviations in each language; not FIDE codes).
BOARD = pgettext_lazy("column heading: board, abbreviated", "Bd")
NUMBER = pgettext_lazy("column heading: pairing number, abbreviated", "No.")
RATING = pgettext_lazy("column heading: rating, abbreviated", "Rtg")
POINTS = pgettext_lazy("column heading: points, abbreviated", "Pts")
RANK = pgettext_lazy("column heading: rank, abbreviated", "Rk")


def _results(tournament: Tournament, game) -> str:
    """A board's result; a Double-Swiss match's two (C.04.5), game 2 White first as on its score sheet."""
    if tournament.games_per_round == 2:
        return f"{game.result or '–'} / {game.result2 or '–'}"
    return game.result or "–"


def board_list(tournament: Tournament, round_: Round, url: str, part: slice = slice(None)) -> bytes:
    """The round's boards in order: pairing numbers, names, ratings and points before the round of
    both players, the result when it is in; the pairing-allocated bye last; then who is not paired
    and why (the public board list's data: ``board_list``).  The QR code of the
    tournament's public page sits at the top right of the first page.  ``part``: these boards only
    (a long list comes in parts), who is not paired with the last."""
    pdf = Printout(tournament, _("Round %(number)s: board list") % {"number": round_.number}, url)
    pdf.add_page()
    pdf.qr(url, size=22, y=4)
    boards = board_lists.board_list(tournament, round_)
    rows, last = [], part.stop is None or part.stop >= len(boards.games)
    for game in boards.games[part]:
        white, black = game.white, game.black
        left = [str(game.board), str(white.pairing_number), str(white), _rating(white),
                format_points(game.white_points)]
        if black is None:
            # The bye in the opponent's column, which has room for it in every language.
            rows.append([*left, "", "", "", _bye_text(tournament), ""])
        else:
            rows.append([*left, _results(tournament, game), format_points(game.black_points), _rating(black),
                         str(black), str(black.pairing_number)])
    bd, no, rtg, pts = map(str, (BOARD, NUMBER, RATING, POINTS))
    pdf.table_of((bd, no, _("White"), rtg, pts, _("Result"), pts, rtg, _("Black"), no), rows,
                 (6, 6, 35, 8, 6, 14, 6, 8, 35, 6), ("R", "R", "L", "R", "C", "C", "C", "R", "L", "R"))
    if boards.not_paired and last:
        pdf.ln(2)
        pdf.set_font(FONT, "B", 10)
        pdf.cell(0, 6, _("Not paired in this round"), new_x="LMARGIN", new_y="NEXT")
        rows = [(str(entry.player.pairing_number), str(entry.player), _rating(entry.player),
                 format_points(entry.points), str(entry.reason), format_points(entry.scored))
                for entry in boards.not_paired]
        pdf.table_of((no, _("Player"), rtg, pts, _("Why"), _("Scores")), rows, (6, 41, 8, 6, 33, 10),
                     ("R", "L", "R", "C", "L", "C"))
    return pdf.bytes()


def pairing_list(tournament: Tournament, round_: Round, url: str, part: slice = slice(None)) -> bytes:
    """Every player of the tournament in alphabetical order, with board, colour and opponent, or
    why he is not paired (a bye, withdrawn): where a player finds his board without reading the
    whole board list.  ``part``: these players of the order only (a long list comes in parts)."""
    pdf = Printout(tournament, _("Round %(number)s: pairings by name") % {"number": round_.number}, url)
    pdf.add_page()
    boards = board_lists.board_list(tournament, round_)
    # the colour of each game: a Double-Swiss match's game 2 reverses them (C.04.5 4.4)
    double = tournament.games_per_round == 2
    as_white, as_black = (_("White"), _("Black"))[:1 + double], (_("Black"), _("White"))[:1 + double]
    none = ("",) * len(as_white)
    entries = [(entry.player, "", none, str(entry.reason)) for entry in boards.not_paired]
    for game in boards.games:
        if game.black is None:
            entries.append((game.white, "", none, _bye_text(tournament)))
            continue
        entries.append((game.white, str(game.board), as_white, f"{game.black} ({game.black.pairing_number})"))
        entries.append((game.black, str(game.board), as_black, f"{game.white} ({game.white.pairing_number})"))
    entries.sort(key=lambda entry: (entry[0].name.casefold(), entry[0].pairing_number))
    rows = [(str(player), str(player.pairing_number), board, *colours, opponent)
            for player, board, colours, opponent in entries[part]]
    colours = (_("Game 1"), _("Game 2")) if double else (_("Colour"),)
    pdf.table_of((_("Name"), str(NUMBER), _("Board"), *colours, _("Opponent (No.)")), rows,
                 (38, 7, 10, 12, 12, 41) if double else (40, 7, 10, 10, 43),
                 ("L", "R", "C", *("L",) * len(colours), "L"), size=10)
    return pdf.bytes()


def result_slips(tournament: Tournament, round_: Round, url: str, part: slice = slice(None)) -> bytes:
    """One slip per board (the bye needs none), five to an A4 page, cut along the dashed lines: the
    pairing card laid on the board, on which the players write and sign the result.  ``part``:
    these boards only (a long list comes in parts)."""
    pdf = Printout(tournament, _("Round %(number)s: result slips") % {"number": round_.number}, url)
    pdf.add_page()
    games = [game for game in _games(round_) if game.black is not None][part]
    slips_on_pages(pdf, games, 5, lambda game, y: _slip(pdf, tournament, round_, game, y))
    return pdf.bytes()


def slip_top(pdf: Printout, tournament: Tournament, y: float, title: str) -> None:
    """A slip's top: the dashed line it is cut along, its title, the tournament's name."""
    x, width = pdf.l_margin, pdf.epw
    pdf.set_draw_color(*GREY)
    with pdf.local_context(dash_pattern={"dash": 2, "gap": 1.5}):
        pdf.line(x - 6, y, x + width + 6, y)
    pdf.set_draw_color(0, 0, 0)
    pdf.set_xy(x, y + 3)
    pdf.set_font(FONT, "B", 11)
    pdf.cell(width * 0.7, 6, title)
    pdf.set_font(FONT, "", 8)
    pdf.cell(width * 0.3, 6, str(tournament), align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(1.5)


#: The results a slip offers to tick, White's first.
SLIP_RESULTS = ("1 – 0", "½ – ½", "0 – 1")


def result_boxes(pdf: Printout, height: float = 7, gap: float = 22) -> None:
    """A box to tick before each result, from the current position."""
    for choice in SLIP_RESULTS:
        box_x, box_y = pdf.get_x(), pdf.get_y() + (height - 4) / 2
        pdf.rect(box_x, box_y, 4, 4)
        pdf.set_x(box_x + 6)
        pdf.cell(gap, height, choice)


def slips_on_pages(pdf: Printout, slips: Sequence, per_page: int, draw) -> None:
    """``draw(slip, y)`` for each slip, ``per_page`` to a page, each the same share of its height
    below the heading, the first page already added."""
    top = pdf.get_y()
    height = (pdf.h - top - 14) / per_page
    for index, slip in enumerate(slips):
        if index and index % per_page == 0:
            pdf.add_page()
        draw(slip, top + (index % per_page) * height)


def _slip(pdf: Printout, tournament: Tournament, round_: Round, game: Game, y: float) -> None:
    width = pdf.epw
    slip_top(pdf, tournament, y, _("Round %(number)s · Board %(board)s") % {"number": round_.number,
                                                                          "board": game.board})
    for colour, player in ((_("White"), game.white), (_("Black"), game.black)):
        pdf.set_font(FONT, "", 9)
        pdf.cell(16, 7, colour)
        pdf.set_font(FONT, "B", 11)
        pdf.cell(width * 0.55, 7, f"{player.pairing_number}. {player}")
        pdf.set_font(FONT, "", 9)
        pdf.cell(20, 7, _rating(player))
        pdf.cell(0, 7, _("Signature") + " ________________", align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    if tournament.games_per_round == 1:
        _result_line(pdf, _("Result:"), _("(tick one; forfeits: the arbiter)"))
        return
    # A Double-Swiss match (C.04.5): a result per game, each White first as on its score sheet (game 2
    # reverses the colours, 4.4), then the match score
    for label, white in ((_("Game 1"), game.white), (_("Game 2"), game.black)):
        _result_line(pdf, label, _("White: %(player)s") % {"player": f"{white.pairing_number}. {white}"})
        pdf.ln(7)
    pdf.set_font(FONT, "", 10)
    line = _("Match score: %(first)s ______ – ______ %(second)s") % {
        "first": f"{game.white.pairing_number}. {game.white}", "second": f"{game.black.pairing_number}. {game.black}"}
    pdf.cell(pdf.epw * 0.7, 7, pdf.fit(line, pdf.epw * 0.7 - 2))
    _grey_note(pdf, _("(tick one per game; forfeits: the arbiter)"))


def _result_line(pdf: Printout, label: str, note: str) -> None:
    """A line of a slip: its label, a box to tick per result (White's first), a note on the right."""
    pdf.set_font(FONT, "", 10)
    pdf.cell(22, 7, label)
    result_boxes(pdf)
    _grey_note(pdf, note)


def _grey_note(pdf: Printout, note: str) -> None:
    pdf.set_font(FONT, "", 8)
    pdf.set_text_color(*GREY)
    pdf.cell(0, 7, note, align="R")
    pdf.set_text_color(0, 0, 0)
    pdf.set_font(FONT, "", 9)


def standings_pdf(tournament: Tournament, rows: list[Row], after: int, codes: Sequence[str], url: str) -> bytes:
    """The standings after ``after`` rounds with the tie-break values (landscape past six tie-breaks)."""
    aro = tournament.pairs_by_aro
    pdf = Printout(tournament, _("Standings after round %(number)s") % {"number": after}, url,
                   landscape=len(codes) > 6)
    pdf.add_page()
    rk, no, rtg, pts = map(str, (RANK, NUMBER, RATING, POINTS))
    headings = [rk, no, _("Name"), rtg] + (["ARO"] if aro else []) + [pts] + list(codes)
    table = []
    for row in rows:
        cells = [str(row.rank), str(row.player.pairing_number), str(row.player), _rating(row.player)]
        cells += [str(row.aro if row.aro is not None else "")] if aro else []
        table.append(cells + [format_points(row.points)] + [format_tiebreak(tb.value) for tb in row.tiebreaks])
    widths = [6, 6, 40, 8] + ([8] if aro else []) + [7] + [8] * len(codes)
    align = ["R", "R", "L", "R"] + (["R"] if aro else []) + ["C"] + ["R"] * len(codes)
    pdf.table_of(headings, table, widths, align)
    _tiebreak_note(pdf, tournament, codes)
    return pdf.bytes()


def crosstable_pdf(tournament: Tournament, rows: list[Row], completed: int, codes: Sequence[str],
                   url: str) -> bytes:
    """The ranked crosstable as a landscape wall chart (A4; A3 past 20 round and tie-break columns), each cell
    as the page shows it (``12w1``), the QR code in the top right corner."""
    labels = round_labels(tournament, completed)  # a Double-Swiss match: a column per game (1.1, 1.2)
    wide = len(labels) + len(codes) > 20
    pdf = Printout(tournament, _("Crosstable after round %(number)s") % {"number": completed}, url, landscape=True,
                   page_format="A3" if wide else "A4")
    pdf.add_page()
    pdf.qr(url, size=20, y=4)
    rk, rtg, pts = map(str, (RANK, RATING, POINTS))
    r = pgettext("round, abbreviated: R1, R2...", "R")
    headings = ["#", rk, _("Name"), rtg] + [f"{r}{label}" for label in labels] + [pts] + list(codes)
    table = [[str(row.line), str(row.rank), str(row.player), _rating(row.player)] + [cell.text for cell in row.cells]
             + [format_points(row.points)] + [format_tiebreak(tb.value) for tb in row.tiebreaks] for row in rows]
    widths = [5, 5, 32, 7] + [8] * len(labels) + [6] + [8] * len(codes)
    align = ["R", "R", "L", "R"] + ["C"] * len(labels) + ["C"] + ["R"] * len(codes)
    # A line per player on the wall: the more columns, the smaller the type (never below 6 pt).
    size = max(6.0, min(9.0, 9.0 * 24 / max(24, len(labels) + len(codes) + 12)))
    pdf.table_of(headings, table, widths, align, size=size)
    pdf.set_font(FONT, "", 7)
    pdf.multi_cell(0, 3.5, _("Each cell: the opponent's row number (#, first column: unique even where ranks are "
                             "shared), the colour (w/b) and the result; + and - are forfeits."),
                   new_x="LMARGIN", new_y="NEXT")
    _tiebreak_note(pdf, tournament, codes)
    return pdf.bytes()


def _tiebreak_note(pdf: Printout, tournament: Tournament, codes: Sequence[str]) -> None:
    values = {"codes": ", ".join(codes), "edition": tournament.get_tiebreak_edition_display()}
    note = (_("Ranked by points, then %(codes)s (%(edition)s); then by lot.") if tournament.ties_by_lot else
            _("Ranked by points, then %(codes)s (%(edition)s); players still equal share the place.")) % values
    pdf.set_font(FONT, "", 7)
    pdf.set_text_color(*GREY)
    pdf.multi_cell(0, 3.5, note, new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)


def prizes_pdf(tournament: Tournament, prizes: PrizeList, url: str) -> bytes:
    """The prize list (final, or provisional before the last round is complete), what was not
    awarded, and the working of each tied group."""
    title = (_("Prize list") if prizes.final else
             _("Provisional prize list after round %(number)s") % {"number": prizes.completed})
    pdf = Printout(tournament, title, url)
    pdf.add_page()
    pdf.set_font(FONT, "", 8)
    pdf.multi_cell(0, 4, _("Rules: %(rules)s.") % {"rules": prizes.rules}, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(1)
    rows = [[a.category, a.places, a.name, format_points(a.points),
             " + ".join(x for x in (a.object, a.amount_text) if x), "; ".join(a.shared_with)] for a in prizes.awards]
    pdf.table_of([_("Category"), _("Place"), _("Name"), str(POINTS), _("Prize"), _("Shared with")], rows,
                 [20, 7, 30, 6, 14, 30], ["L", "C", "L", "C", "R", "L"])
    if prizes.not_awarded:
        pdf.set_font(FONT, "B", 9)
        pdf.cell(0, 5, _("Not awarded"), new_x="LMARGIN", new_y="NEXT")
        pdf.table_of([_("Category"), _("Place"), _("Prize")], [list(row) for row in prizes.not_awarded],
                     [30, 8, 20], ["L", "C", "R"])
    pdf.set_font(FONT, "", 9)
    pdf.cell(0, 5, _("Prize fund: %(fund)s; awarded: %(awarded)s.") % {
        "fund": prizes.money(prizes.fund), "awarded": prizes.money(prizes.awarded)}, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    pdf.set_font(FONT, "B", 9)
    pdf.cell(0, 5, _("The working"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "", 7.5)
    place = _("place")  # not inside the f-string: xgettext does not read there
    for step in prizes.working:
        pdf.multi_cell(0, 3.6, f"{step.category}, {place} {step.places}: " + " ".join(step.lines),
                       new_x="LMARGIN", new_y="NEXT")
    return pdf.bytes()
