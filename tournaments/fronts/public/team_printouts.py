"""A team event's printouts (C.04.6) as PDF files: a round's matches with their boards, the team
standings and the team crosstable.  Drawn by ``printouts.Printout`` (its page, fonts and tables:
one code path with the individual printouts) from what the team pages show."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.fronts.public.printouts import BOARD, FONT, GREY, NUMBER, RANK, RATING, Printout
from tournaments.fronts.templatetags.chess import points as format_points
from tournaments.fronts.templatetags.chess import tiebreak as format_tiebreak
from tournaments.models import Round, Tournament
from tournaments.queries.teams import CrossLine, MatchLine, StandingsLine


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
    # The page's note, its minus sign too (one msgid)
    _note(pdf, _("○ White, ● Black. The first team named has White on board 1 (C.04.6 1.6.1); + and − are "  # noqa: RUF001
                 "forfeited boards."))
    return pdf.bytes()


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
