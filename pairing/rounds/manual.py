"""Manual changes of a draft pairing: proposed (reviewed against the rules, nothing saved),
then confirmed on the boards it was reviewed on.  A team draft (C.04.6) the same way, its boards
being the matches (board 1's colours) and its players the teams (``_Teams``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from pairing.engine import (
    PLAYERS,
    TEAM,
    TEAMS,
    Board,
    ChangeError,
    EngineError,
    Finding,
    change_boards,
    differences,
    in_match_order,
    in_publishing_order,
    new_findings,
    review_pairing,
    review_teams,
)
from pairing.rounds.team_run import save_matches
from tournaments import audit
from tournaments.exchange.team_trf import team_document
from tournaments.exchange.trf import tournament_document
from tournaments.models import Game, ManualChange, Player, Result, Round, Team, is_team_event
from tournaments.services import Refused, lock_tournament


@dataclass
class Proposal:
    """A manual change of a draft round, before it is saved: the boards now and after, the engine's
    pairing and how the change differs from it, and the rules the new pairing breaks that the
    engine's does not (``pairing.engine.review``)."""

    round: Round
    kind: str
    summary: str
    before: list[Board]
    after: list[Board]
    engine: list[Board]
    removed: list[Board]        # boards of the engine's pairing no longer there
    added: list[Board]          # boards the engine did not make
    findings: list[Finding]     # what the new pairing breaks beyond the engine's pairing
    introduced: list[Finding]   # of those, what this change breaks (not the pairing before it)
    names: dict[int, str]
    teams: bool = False         # a team draft: boards are matches, numbers TPNs (C.04.6)

    @property
    def fingerprint(self) -> str:
        """The boards the change was reviewed on, and what it was shown to break: a change confirmed on
        other boards, or breaking other rules since (an earlier result corrected meanwhile), is refused."""
        broken = " ".join(sorted(f"{f.code}:{'.'.join(map(str, f.players))}" for f in self.findings))
        return f"{_fingerprint(self.before)}|{broken}"

    @property
    def breaks_absolute(self) -> bool:
        return any(f.absolute for f in self.findings)

    @property
    def named(self) -> dict[str, list[tuple[str, str]]]:
        """The boards after, removed and added, each player as "number. name" (black "" for the bye)."""
        def label(number: int) -> str:
            return f"{number}. {self.names.get(number, '')}" if number else ""
        return {which: [(label(white), label(black)) for white, black in boards]
                for which, boards in (("after", self.after), ("removed", self.removed), ("added", self.added))}

    @property
    def moved(self) -> set[str]:
        """The players (as in ``named``) on the boards the engine did not make."""
        return {label for pair in self.named["added"] for label in pair if label}


def _fingerprint(boards: list[Board]) -> str:
    return " ".join(f"{white}-{black}" for white, black in boards)


class _Players:
    """A players' draft: its boards are the round's games, numbered by the players' pairing numbers."""

    words = PLAYERS

    @staticmethod
    def boards(round_: Round) -> list[Board]:
        return [(g.white.pairing_number, g.black.pairing_number if g.black_id else 0)
                for g in round_.games.select_related("white", "black").order_by("board")]

    @staticmethod
    def entrants(tournament):
        return tournament.players.all()

    @staticmethod
    def state(round_: Round):
        tournament = round_.tournament
        document = tournament_document(tournament, rounds=round_.number - 1, pairing=round_.number)
        return tournament.rules_edition.round_state(document, round_.number, tournament.rounds)

    @staticmethod
    def to_pair(state) -> set[int]:
        return {p.number for p in state.players}

    @staticmethod
    def order(state, boards: list[Board]) -> list[Board]:
        return in_publishing_order(state, boards)

    @staticmethod
    def review(round_: Round, state, boards: list[Board]) -> list[Finding]:
        tournament = round_.tournament
        return review_pairing(state, tournament.swiss_system, tournament.rules_edition, boards)

    @staticmethod
    def store(round_: Round, boards: list[Board]) -> None:
        players = {p.pairing_number: p for p in round_.tournament.players.all()}
        round_.games.all().delete()
        Game.objects.bulk_create(
            Game(round=round_, board=number, white=players[white], black=players[black] if black else None,
                 result=Result.BYE if not black else "")
            for number, (white, black) in enumerate(boards, start=1))


class _Teams(_Players):
    """A team draft (C.04.6): its boards are the matches (the team with White on board 1 first, the
    PAB with no black team), numbered by the teams' TPNs; the engine's team review."""

    words = TEAMS

    @staticmethod
    def boards(round_: Round) -> list[Board]:
        return [(m.white_team.pairing_number, m.black_team.pairing_number if m.black_team_id else 0)
                for m in round_.matches.select_related("white_team", "black_team").order_by("number")]

    @staticmethod
    def entrants(tournament):
        return tournament.teams.filter(pairing_number__isnull=False)

    @staticmethod
    def state(round_: Round):
        tournament = round_.tournament
        return TEAM.round_state(team_document(tournament, round_.number - 1), round_.number, tournament.rounds)

    @staticmethod
    def to_pair(state) -> set[int]:
        return {t.tpn for t in state.teams}

    @staticmethod
    def order(state, boards: list[Board]) -> list[Board]:
        return in_match_order(state, boards)

    @staticmethod
    def review(round_: Round, state, boards: list[Board]) -> list[Finding]:
        return review_teams(state, boards)

    @staticmethod
    def store(round_: Round, boards: list[Board]) -> None:
        round_.games.all().delete()  # a draft's games: the PAB's boards, numbered by its match
        round_.matches.all().delete()
        save_matches(round_.tournament, round_, boards)


def _side(round_: Round) -> type[_Players]:
    return _Teams if is_team_event(round_.tournament) else _Players


def current_boards(round_: Round) -> list[Board]:
    return _side(round_).boards(round_)


def engine_boards(round_: Round) -> list[Board]:
    """The engine's pairing of the round: the boards before the first manual change (stored by the
    players' (teams') keys, so a renumbering since, a late entry's, changes nothing).  A board of a
    player removed since (unpaired by hand, then removed from the tournament) is left out."""
    side = _side(round_)
    first = round_.manual_changes.order_by("pk").first()
    if first is None:
        return side.boards(round_)
    number = dict(side.entrants(round_.tournament).values_list("pk", "pairing_number")) | {0: 0}
    return [(number[white], number[black]) for white, black in first.before
            if white in number and black in number]


def unpaired_players(round_: Round) -> list[Player] | list[Team]:
    """The players (teams) to be paired in the round who have no board (left out by a manual change)."""
    side = _side(round_)
    on_boards = {n for board in side.boards(round_) for n in board}
    numbers = [n for n in side.to_pair(side.state(round_)) if n not in on_boards]
    return list(side.entrants(round_.tournament).filter(pairing_number__in=numbers).order_by("pairing_number"))


def propose_change(round_: Round, kind: str, board: int | None = None, other_board: int | None = None,
                   player: int | None = None, other: int | None = None) -> Proposal:
    """What a manual change of the draft ``round_`` would make, and what it would break; changes nothing.

    Raises :class:`Refused` when the round is not a draft or the change cannot be made."""
    if round_.status != Round.Status.DRAFT:
        raise Refused(_("Round %(number)s is not a draft: only a draft pairing can be changed by hand (C.04.2 D.10: "
                        "a published pairing stays as it is).") % {"number": round_.number})
    side = _side(round_)
    try:
        state = side.state(round_)
    except EngineError as error:  # an earlier round without its results again, say
        raise Refused(_("This change cannot be made: %(error)s.") % {"error": error}) from None
    before = side.boards(round_)
    try:
        after, said = change_boards(before, kind, board, other_board, player, other, to_pair=side.to_pair(state),
                                    round_number=round_.number, words=side.words)
    except ChangeError as error:
        raise Refused(_(error.message) % error.values) from None
    after = side.order(state, after)
    engine = engine_boards(round_)
    try:
        found = side.review(round_, state, after)
        findings = new_findings(found, side.review(round_, state, engine))
        introduced = new_findings(findings, side.review(round_, state, before))
    except EngineError as error:
        raise Refused(_("This change cannot be made: %(error)s.") % {"error": error}) from None
    removed, added = differences(engine, after)
    names = dict(side.entrants(round_.tournament).values_list("pairing_number", "name"))
    return Proposal(round_, kind, f"Round {round_.number}: {said}", before, after, engine, removed, added,
                    findings, introduced, names, teams=side is _Teams)


def apply_manual_change(round_: Round, kind: str, fingerprint: str, user=None, **change) -> ManualChange:
    """Save a manual change the arbiter reviewed (``propose_change``) on the boards ``fingerprint``:
    the round's boards in their new publishing order, a :class:`ManualChange` row and an audit entry."""
    with transaction.atomic():
        lock_tournament(round_.tournament)
        round_ = Round.objects.select_for_update().select_related("tournament").filter(pk=round_.pk).first()
        if round_ is None:
            raise Refused(_("The round was discarded meanwhile: nothing was changed."))
        proposal = propose_change(round_, kind, **change)
        if proposal.fingerprint != fingerprint:
            raise Refused(_("The draft, or what the change breaks, changed since this change was reviewed: nothing "
                            "was saved. Review it again."))
        side = _side(round_)
        side.store(round_, proposal.after)
        findings = [f.as_json() for f in proposal.introduced]
        fide = round_.tournament.fide_mode
        key = dict(side.entrants(round_.tournament).values_list("pairing_number", "pk")) | {0: 0}

        def keys(boards: list[Board]) -> list[list[int]]:
            return [[key[white], key[black]] for white, black in boards]

        change_row = ManualChange.objects.create(
            round=round_, kind=kind, summary=proposal.summary[:300], before=keys(proposal.before),
            after=keys(proposal.after), findings=findings, fide_mode=fide, user=user)
        breaks = [f"{f.article}: {f.text}" for f in proposal.introduced]
        audit.record(round_.tournament, audit.Kind.MANUAL, kind,
                     proposal.summary + (f" (breaks {len(breaks)} rule{'s' if len(breaks) > 1 else ''})" if breaks
                                         else ""), user=user,
                     before={"round": round_.number, "boards": _board_texts(proposal.before)},
                     after={"round": round_.number, "boards": _board_texts(proposal.after),
                            "FIDE mode": "on" if fide else "off", "breaks": breaks or "nothing"})
    return change_row


def _board_texts(boards: list[Board]) -> list[str]:
    return [f"{white}-{black or 'bye'}" for white, black in boards]


def could_be_paired(round_: Round, numbers: set[int]) -> bool:
    """Could a pairing of the round give the players ``numbers`` a board without breaking an absolute
    criterion ([C1]-[C3], C.04.3 2.1; C.04.1 Arts. 2, 4, 6-7; teams: a match, [C1]-[C2], C.04.6 2.1)?

    The witness is the engine's own pairing of the round (``engine_boards``): the engine pairs every
    player to be paired (C.04.3 1.9.1: a complete round-pairing leaves at most the PAB player
    unpaired, and the PAB is a board) and breaks no absolute criterion.  If it still fits the round
    (its players still to be paired, no absolute finding, all of ``numbers`` on it) the answer is yes.
    If it does not (the tournament changed since), no witness is known: False.  The team pairer
    likewise pairs every team but the PAB's (C.04.6 3.3.1) or fails."""
    engine = engine_boards(round_)
    if not numbers <= {n for board in engine for n in board}:
        return False
    side = _side(round_)
    try:
        findings = side.review(round_, side.state(round_), engine)
    except EngineError:
        return False  # a player of the engine's pairing is no longer to be paired
    return not any(f.absolute for f in findings)
