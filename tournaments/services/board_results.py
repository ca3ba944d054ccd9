"""Results from the board (docs/players.md): either player of a board reports its result from his
phone, the opponent confirms or disputes it, and the arbiter makes it official (or the tournament
accepts confirmed results automatically).  Result helpers, enrolled by the arbiter's QR code, fill
the empty boards of the current round.

Every official result goes through :func:`tournaments.services.results.enter_result` (one way to
enter a result); a board with a result is never changed from here: only the arbiter corrects it.
Players report played games only (C.04.2 D.4: forfeits and byes are the arbiter's to record).
"""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import Kind
from tournaments.models import Game, Player, Result, ResultHelper, ResultReport, Round, Tournament
from tournaments.services import Refused, lock_tournament
from tournaments.services.registration import player_side
from tournaments.services.results import enter_result

State = ResultReport.State
#: What a player may report: a game played (forfeits are the arbiter's).
PLAYED = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)
#: What a helper may fill in (the scoresheet's result, a forfeit too); never a blank.
FILLED = (*PLAYED, Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT)


def current_round(tournament: Tournament) -> Round | None:
    """The round whose results come in: the last one published (None before round 1 is)."""
    return (tournament.round_set.filter(status=Round.Status.PUBLISHED).defer(*Round.JSON_FIELDS)  # large, unread
            .order_by("-number").first())


def board_of(player: Player, round_: Round | None) -> Game | None:
    """The player's game in ``round_`` (a pairing-allocated bye too), or None."""
    if round_ is None:
        return None
    return round_.games.filter(Q(white=player) | Q(black=player)).first()


def _game(pk: int) -> Game | None:
    """The game with its round (without its large JSON fields) and its players."""
    return (Game.objects.select_related("round", "white", "black")
            .defer(*(f"round__{name}" for name in Round.JSON_FIELDS)).filter(pk=pk).first())


def _names(game: Game) -> str:
    return f"Round {game.round.number} board {game.board} ({game.white.name} – {game.black.name})"


def _locked_board(player: Player) -> tuple[Tournament, Game]:
    """The tournament locked and the player's game of the current round, if he may report it."""
    tournament = lock_tournament(player.tournament)
    if not player_side(tournament).board_results:
        raise Refused(_("This tournament takes no results from the players: give yours to the arbiter."))
    if tournament.games_per_round != 1:
        raise Refused(_("A player reports one game; the two games of a match are entered by the arbiter."))
    game = board_of(player, current_round(tournament))
    if game is None:
        raise Refused(_("You have no board in the current round."))
    if game.is_bye:
        raise Refused(_("You have the pairing-allocated bye: it is scored automatically."))
    game = _game(game.pk)
    if game.result:
        raise Refused(_("The result of board %(board)s is official (%(result)s): only the arbiter can change "
                        "it.") % {"board": game.board, "result": game.result})
    return tournament, game


def _report_of(game: Game) -> ResultReport | None:
    return ResultReport.objects.filter(game=game).first()


@transaction.atomic
def report(player: Player, result: str, user=None) -> ResultReport:
    """The player's report of his board, or his report changed while his opponent has not confirmed it;
    the same report again changes nothing."""
    if result not in PLAYED:
        raise Refused(_("Report 1-0, ½-½ or 0-1; a forfeit is the arbiter's to record."))
    tournament, game = _locked_board(player)
    known = _report_of(game)
    if known and known.reporter_id != player.pk:
        if known.result == result and known.state == State.REPORTED:
            return answer(player, agree=True, user=user)  # both say the same: a confirmation
        if known.state != State.REPORTED:
            raise Refused(_("You have answered this report already: the arbiter decides."))
        raise Refused(_("Your opponent reported %(result)s: confirm it or dispute it.") % {"result": known.result})
    if known and known.state == State.CONFIRMED:
        raise Refused(_("Your opponent confirmed your report: only the arbiter can change it now."))
    if known and known.result == result and known.state == State.REPORTED:
        return known  # a second click
    action = "report changed" if known else "reported"
    known = known or ResultReport(game=game, reporter=player)
    before = {"result": known.result, "state": known.state} if known.pk else None
    known.result, known.state, known.answered_by, known.answered_at = result, State.REPORTED, None, None
    known.save()
    audit.record(tournament, Kind.RESULT, action, f"{_names(game)}: {player.name} reported {result}", user=user,
                 via="player", before=before, after={"result": result, "state": State.REPORTED})
    return known


@transaction.atomic
def withdraw(player: Player, user=None) -> None:
    """The player takes his report back (until his opponent confirms it)."""
    tournament, game = _locked_board(player)
    known = _report_of(game)
    if known is None or known.reporter_id != player.pk:
        raise Refused(_("You have no report to withdraw."))
    if known.state == State.CONFIRMED:
        raise Refused(_("Your opponent confirmed your report: only the arbiter can change it now."))
    known.delete()
    audit.record(tournament, Kind.RESULT, "report withdrawn", f"{_names(game)}: {player.name} withdrew his report "
                 f"({known.result})", user=user, via="player", before={"result": known.result})


@transaction.atomic
def answer(player: Player, agree: bool, user=None, read: str | None = None) -> ResultReport:
    """The opponent confirms the report (official at once when the tournament accepts confirmed results
    automatically) or disputes it (the arbiter decides).  The same answer again changes nothing.
    ``read``: the reported result he answers, refused if the reporter changed it since."""
    tournament, game = _locked_board(player)
    known = _report_of(game)
    if known is None or known.reporter_id == player.pk:
        raise Refused(_("There is no report of your opponent to answer."))
    if read and read != known.result:
        raise Refused(_("Your opponent changed the report since you read it: it is now %(result)s. Read it again, "
                        "then answer.") % {"result": known.result})
    state = State.CONFIRMED if agree else State.DISPUTED
    if known.state == state:
        return known  # a second click
    if known.state != State.REPORTED:
        raise Refused(_("You have answered this report already: the arbiter decides."))
    known.state, known.answered_by, known.answered_at = state, player, timezone.now()
    known.save(update_fields=["state", "answered_by", "answered_at"])
    audit.record(tournament, Kind.RESULT, "report confirmed" if agree else "report disputed",
                 f"{_names(game)}: {player.name} {'confirmed' if agree else 'disputed'} {known.result}", user=user,
                 via="player", after={"result": known.result, "state": state})
    if agree and player_side(tournament).accept_confirmed:
        _make_official(known, user, via="player", note="confirmed by both players, accepted automatically")
    return known


def _make_official(known: ResultReport, user, *, via: str = "", note: str = "") -> None:
    enter_result(known.game, known.result, user, via=via,
                 note=note or f"reported by {known.reporter.name}, {known.get_state_display().lower()}")
    known.state, known.decided_at = State.OFFICIAL, timezone.now()
    known.save(update_fields=["state", "decided_at"])


@transaction.atomic
def make_official(game: Game, user=None, read: str | None = None) -> Game:
    """The arbiter makes the board's report (reported, confirmed or disputed) its result, in one action;
    ``read``: the reported result the arbiter decided on, refused if the report changed since."""
    lock_tournament(game.round.tournament)
    game = _game(game.pk)
    known = ResultReport.objects.select_related("reporter").filter(game=game).first()
    if known is None or known.state == State.OFFICIAL:
        raise Refused(_("Board %(board)s has no report waiting.") % {"board": game.board})
    if read is not None and read != known.result:
        raise Refused(_("The report of board %(board)s changed since you read it: it is now %(result)s. Read it "
                        "again, then decide.") % {"board": game.board, "result": known.result})
    if game.result:
        raise Refused(_("Board %(board)s has a result already (%(result)s): correct it in its row.") % {
            "board": game.board, "result": game.result})
    known.game = game
    _make_official(known, user)
    return game


@transaction.atomic
def accept_confirmed(round_: Round, user=None) -> int:
    """Every confirmed report of the round made official; how many."""
    lock_tournament(round_.tournament)
    confirmed = list(ResultReport.objects.select_related("game__round", "game__white", "game__black", "reporter")
                     .defer(*(f"game__round__{name}" for name in Round.JSON_FIELDS))
                     .filter(game__round=round_, state=State.CONFIRMED, game__result=""))
    for known in confirmed:
        _make_official(known, user)
    return len(confirmed)


# Result helpers: a phone enrolled by the arbiter's QR code, for the empty boards of the current round.


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@transaction.atomic
def enrol_helper(tournament: Tournament, label: str, user=None) -> tuple[ResultHelper, str]:
    """A new helper and its token (shown once, in the QR code; only its hash is kept)."""
    tournament = lock_tournament(tournament)
    label = label.strip()[:40] or _("Helper %(number)s") % {"number": tournament.result_helpers.count() + 1}
    token = secrets.token_urlsafe(24)
    helper = ResultHelper.objects.create(tournament=tournament, label=label, token_hash=_hash(token), created_by=user)
    audit.record(tournament, Kind.RESULT, "helper enrolled", f"Result helper “{label}” enrolled", user=user)
    return helper, token


@transaction.atomic
def revoke_helper(helper: ResultHelper, user=None) -> None:
    tournament = lock_tournament(helper.tournament)
    helper = ResultHelper.objects.get(pk=helper.pk)
    if helper.revoked_at:
        return  # a second click
    helper.revoked_at = timezone.now()
    helper.save(update_fields=["revoked_at"])
    audit.record(tournament, Kind.RESULT, "helper revoked", f"Result helper “{helper.label}” revoked", user=user)


def helper_for(token: str) -> ResultHelper | None:
    """The helper of ``token`` if it is still valid (None: unknown or revoked)."""
    return (ResultHelper.objects.select_related("tournament")
            .filter(token_hash=_hash(token), revoked_at__isnull=True).first())


@transaction.atomic
def helper_fill(helper: ResultHelper, game: Game, result: str) -> Game:
    """A helper fills an empty board of the current round of his tournament; a filled one is refused."""
    tournament = lock_tournament(helper.tournament)
    if not ResultHelper.objects.filter(pk=helper.pk, revoked_at__isnull=True).exists():
        raise Refused(_("This phone is no longer a result helper: ask the arbiter."))
    if result not in FILLED:
        raise Refused(_("“%(text)s” is not a result.") % {"text": result})
    if tournament.games_per_round != 1:
        raise Refused(_("A player reports one game; the two games of a match are entered by the arbiter."))
    round_ = current_round(tournament)
    game = _game(game.pk)
    if game is None or round_ is None or game.round_id != round_.pk:
        raise Refused(_("Only the boards of the current round can be filled here."))
    if game.result:
        raise Refused(_("Board %(board)s has a result already (%(result)s): only the arbiter can change it.") % {
            "board": game.board, "result": game.result})
    enter_result(game, result, via="helper", note=f"by result helper “{helper.label}”")
    ResultReport.objects.filter(game=game).update(state=State.OFFICIAL, decided_at=timezone.now())
    return game
