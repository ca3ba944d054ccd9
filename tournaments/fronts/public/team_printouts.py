"""A team event's printouts (C.04.6) as PDF files: a round's matches with their boards (and the teams
not paired), its result slips (one per match) and its pairings by name, the team standings and the
team crosstable.  Drawn by ``printouts.Printout`` (its page, fonts and tables, the slips' cut line and
result boxes: one code path with the individual printouts) from what the team pages show."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.fronts.public.printouts import (
    BOARD,
    FONT,
    GREY,
    NUMBER,
    RANK,
    RATING,
    SLIP_RESULTS,
    Printout,
    result_boxes,
    slip_top,
    slips_on_pages,
)
from tournaments.fronts.templatetags.chess import points as format_points
from tournaments.fronts.templatetags.chess import tiebreak as format_tiebreak
from tournaments.models import Round, Tournament
from tournaments.queries.teams import (
    CrossLine,
    MatchLine,
    StandingsLine,
    TeamNotPaired,
    TeamPlayerLine,
    teams_not_paired,
)


def _team(team) -> str:
    """The team's name; a withdrawn team marked so."""
    return f"{team} ({pgettext('a team', 'withdrawn')})" if team.withdrawn_from_round else str(team)


def _player(player, white: bool) -> tuple[str, str]:
    """A board's player with his colour (C.04.6 1.6.1: boards alternate), or the line-up to come."""
    if player is None:
        return _("line-up to come"), ""
    return f"{'○' if white else '●'} {player}", str(player.rating or "")


def team_round_pdf(tournament: Tournament, round_: Round, matches: Sequence[MatchLine], url: str) -> bytes:
    """The round's matches in order, each a heading (the teams, the score) and a row per board; the
    pairing-allocated bye in one line; the QR code of the public page at the top right."""
    pdf = Printout(tournament, _("Round %(number)s: matches") % {"number": round_.number}, url)
    pdf.add_page()
    pdf.qr(url, size=22, y=4)
    if round_.starts_at:
        moment = formats.date_format(timezone.localtime(round_.starts_at), "DATETIME_FORMAT")
        pdf.cell(0, 5, moment, new_x="LMARGIN", new_y="NEXT")
    bd, rtg = str(BOARD), str(RATING)
    for line in matches:
        match = line.match
        pdf.set_font(FONT, "B", 10)
        if match.is_bye:
            pdf.cell(0, 6, f"{match.number}. {match.white_team} – {_('pairing-allocated bye')}",
                     new_x="LMARGIN", new_y="NEXT")
            continue
        forfeit = f" ({_('lost by forfeit')})" if match.forfeit else ""
        pdf.cell(0, 6, f"{match.number}. {match.white_team} {line.score or '–'} {match.black_team}{forfeit}",
                 new_x="LMARGIN", new_y="NEXT")
        rows = [[str(b.board), *_player(b.home, b.home_white), b.result or "–", *_player(b.away, not b.home_white)]
                for b in line.boards]
        pdf.table_of((bd, str(match.white_team), rtg, _("Result"), str(match.black_team), rtg), rows,
                     (5, 38, 8, 10, 38, 8), ("R", "L", "R", "C", "L", "R"))
    _not_paired(pdf, teams_not_paired(round_))
    # The page's note, its minus sign too (one msgid)
    _note(pdf, _("○ White, ● Black. The first team named has White on board 1 (C.04.6 1.6.1); + and − are "  # noqa: RUF001
                 "forfeited boards."))
    return pdf.bytes()


def _not_paired(pdf: Printout, entries: Sequence[TeamNotPaired]) -> None:
    """The teams without a match in the round and why, as the public page lists them."""
    if not entries:
        return
    pdf.ln(2)
    pdf.set_font(FONT, "B", 10)
    pdf.cell(0, 6, _("Not paired in this round"), new_x="LMARGIN", new_y="NEXT")
    pdf.table_of((str(NUMBER), _("Team"), _("Why")), [(str(e.team.pairing_number), _team(e.team), str(e.reason))
                                                       for e in entries], (6, 60, 41), ("R", "L", "L"))


def team_slips_pdf(tournament: Tournament, round_: Round, matches: Sequence[MatchLine], url: str) -> bytes:
    """One slip per match (the PAB needs none), as many to an A4 page as its boards allow, cut along
    the dashed lines: both teams, each board's players and colours (the first team has White on
    boards 1, 3, ...: C.04.6 1.6.1; blank lines before the line-ups), a result box per board, the
    match score and the captains' signatures."""
    pdf = Printout(tournament, _("Round %(number)s: result slips") % {"number": round_.number}, url)
    pdf.add_page()
    slips = [line for line in matches if not line.match.is_bye]
    height = 29 + 6.5 * tournament.team_rules.boards  # the top, the teams, the boards, score and signatures
    per_page = max(1, int((pdf.h - pdf.get_y() - 14) // height))
    slips_on_pages(pdf, slips, per_page, lambda line, y: _match_slip(pdf, tournament, round_, line, y))
    return pdf.bytes()


#: A match slip's columns (mm of the A4 page's 186): board, first team's player, results, other team's.
_SLIP_COLUMNS = (9, 56, 65, 56)


def _match_slip(pdf: Printout, tournament: Tournament, round_: Round, line: MatchLine, y: float) -> None:
    match = line.match
    slip_top(pdf, tournament, y, _("Round %(number)s · Match %(match)s") % {"number": round_.number,
                                                                           "match": match.number})
    bd, first, result, other = _SLIP_COLUMNS
    pdf.set_font(FONT, "B", 10)
    pdf.cell(bd, 6, str(BOARD))
    pdf.cell(first, 6, pdf.fit(str(match.white_team), first - 2))
    pdf.set_font(FONT, "", 8)
    pdf.cell(result, 6, "   ".join(SLIP_RESULTS), align="C")
    pdf.set_font(FONT, "B", 10)
    pdf.cell(other, 6, pdf.fit(str(match.black_team), other - 2), new_x="LMARGIN", new_y="NEXT")
    for board in line.boards:
        pdf.set_font(FONT, "", 9)
        pdf.cell(bd, 6.5, str(board.board))
        _slip_player(pdf, board.home, board.home_white, first)
        pdf.set_font(FONT, "", 8)
        result_boxes(pdf, height=6.5, gap=16)
        pdf.set_x(pdf.l_margin + bd + first + result)
        _slip_player(pdf, board.away, not board.home_white, other)
        pdf.ln(6.5)
    pdf.ln(1.5)
    pdf.set_font(FONT, "", 9)
    pdf.cell(bd + first, 7, _("Match score:") + " ______ – ______")
    for team in (match.white_team, match.black_team):
        captain = _("Captain, %(team)s") % {"team": team.short_name or team}
        pdf.cell(result / 2 + other / 2, 7, pdf.fit(captain, 40) + " ____________", align="R")
    pdf.ln(6)
    pdf.set_font(FONT, "", 7)
    pdf.set_text_color(*GREY)
    pdf.cell(0, 4, _("○ White, ● Black. Tick one result a board, the first team's player first; forfeits: the "
                     "arbiter."))
    pdf.set_text_color(0, 0, 0)


def _slip_player(pdf: Printout, player, white: bool, width: float) -> None:
    """A board's player with his colour, or a line to write him on before the line-up is in."""
    pdf.set_font(FONT, "", 10)
    colour = "○" if white else "●"
    if player is None:
        x, y = pdf.get_x(), pdf.get_y()
        pdf.cell(5, 6.5, colour)
        pdf.line(x + 5, y + 5.5, x + width - 3, y + 5.5)
        pdf.set_x(x + width)
        return
    pdf.cell(width, 6.5, pdf.fit(f"{colour} {player}", width - 2))


def team_names_pdf(tournament: Tournament, round_: Round, lines: Sequence[TeamPlayerLine], url: str) -> bytes:
    """Every player of every team in alphabetical order with his team, match, board and colour;
    before his team's line-up is in, his team's match and its colour on board 1 (C.04.6 1.6.1)."""
    pdf = Printout(tournament, _("Round %(number)s: pairings by name") % {"number": round_.number}, url)
    pdf.add_page()
    rows = [[str(line.player), str(line.team), *_where(line)] for line in lines]
    pdf.table_of((_("Name"), _("Team"), _("Match"), str(BOARD), _("Colour"), _("Opponent")), rows,
                 (34, 22, 10, 6, 22, 26), ("L", "L", "C", "C", "L", "L"), size=10)
    return pdf.bytes()


def _where(line: TeamPlayerLine) -> list[str]:
    """Match, board, colour and opposing team of a player's line in the pairings by name."""
    if line.match is None:
        return ["", "", "", _("not paired")]
    if line.opponent is None:
        return [str(line.match.number), str(line.board or ""), "", _("pairing-allocated bye")]
    opponent = str(line.opponent)
    if not line.line_up:
        colour = _("White") if line.team_white else _("Black")
        return [str(line.match.number), "–", _("%(colour)s on board 1") % {"colour": colour}, opponent]
    if line.board is None:
        return [str(line.match.number), "–", _("not in the line-up"), opponent]
    return [str(line.match.number), str(line.board), _("White") if line.white else _("Black"), opponent]


def team_standings_pdf(tournament: Tournament, lines: Sequence[StandingsLine], after: int, codes: Sequence[str],
                       url: str) -> bytes:
    """The team standings after ``after`` rounds: match and game points and the team tie-breaks."""
    pdf = Printout(tournament, _("Team standings after round %(number)s") % {"number": after}, url,
                   landscape=len(codes) > 6)
    pdf.add_page()
    rows = [[str(line.row.rank), str(line.team.pairing_number), _team(line.team), format_points(line.row.match_points),
             format_points(line.row.game_points), *(format_tiebreak(v) for v in line.row.values)] for line in lines]
    pdf.table_of([str(RANK), str(NUMBER), _("Team"), _("MP"), _("GP"), *codes], rows,
                 [6, 6, 40, 8, 8] + [9] * len(codes), ["R", "R", "L", "C", "C"] + ["R"] * len(codes))
    note = _("Ranked by %(codes)s after the primary score (C.07 Art. 13): MPvGP is the secondary score, BH the "
             "Buchholz, E..SB the Sonneborn-Berger variants, DE the direct encounter.")
    _note(pdf, note % {"codes": ", ".join(codes)})
    return pdf.bytes()


def team_crosstable_pdf(tournament: Tournament, lines: Sequence[CrossLine], completed: int, url: str) -> bytes:
    """The team crosstable as a landscape wall chart: each round's opponent (its number), the colour
    of board 1 and the game points scored."""
    pdf = Printout(tournament, _("Team crosstable after round %(number)s") % {"number": completed}, url,
                   landscape=True)
    pdf.add_page()
    pdf.qr(url, size=20, y=4)
    r = pgettext("round, abbreviated: R1, R2...", "R")
    rows = [[str(line.team.pairing_number), str(line.rank), _team(line.team), *(_cell(c) for c in line.cells),
             format_points(line.match_points), format_points(line.game_points)] for line in lines]
    rounds = [f"{r}{n}" for n in range(1, completed + 1)]
    pdf.table_of([str(NUMBER), str(RANK), _("Team"), *rounds, _("MP"), _("GP")], rows,
                 [6, 5, 36] + [10] * completed + [7, 7], ["R", "R", "L"] + ["C"] * completed + ["C", "C"])
    _note(pdf, _("Each cell: the opponent's number (No.), the colour of board 1 (w/b) and the game points scored."))
    return pdf.bytes()


def _cell(cell) -> str:
    if cell.kind == "match":
        return f"{cell.opponent}{cell.colour} {format_points(cell.game_points)}"
    if cell.kind == "bye":
        return f"{_('bye')} {format_points(cell.game_points)}"
    return "–"


def _note(pdf: Printout, text: str) -> None:
    pdf.set_font(FONT, "", 7)
    pdf.set_text_color(*GREY)
    pdf.multi_cell(0, 3.5, text, new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)
