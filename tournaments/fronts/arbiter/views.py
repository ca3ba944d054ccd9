"""Pages for the club's arbiters: set up a tournament, register players, enter results.

Who may open each page is checked before the view runs (``permissions.RulesMiddleware``, the
table ``permissions.RULES``): the view finds the tournament as ``request.tournament`` (another
club's tournament is a 404, an action the user's role does not allow a 403) and what the user
may do in it as ``request.can`` (the templates show only those controls).
"""

from collections import Counter

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from pairing.engine import DIGITS
from tournaments import audit
from tournaments.exchange.csv_import import import_players_csv
from tournaments.exchange.trf import export
from tournaments.exchange.trf_import import TrfImportError, import_tournament
from tournaments.fronts.arbiter.forms import (
    AbsenceForm,
    CsvImportForm,
    ForbiddenPairForm,
    TournamentForm,
    TrfImportForm,
    WithdrawForm,
)
from tournaments.fronts.perform import perform
from tournaments.fronts.permissions import Perm, clubs_of, clubs_where, managed_tournaments
from tournaments.models import Club, Event, ForbiddenPair, Game, Player, Round, Tournament
from tournaments.queries.rating_list import player_initial
from tournaments.queries.tasks import build_soon
from tournaments.services import ConfirmationNeeded, Refused, last_paired_round
from tournaments.services import registration as registrations
from tournaments.services.api_tokens import create_token, revoke_token, token_created
from tournaments.services.forbidden_pairs import allow_pair, forbid_pair
from tournaments.services.players import (
    order_kept,
    pairing_numbers_frozen,
    register_player,
    renumbering_preview,
    set_absence,
    update_player,
)
from tournaments.services.registration import withdraw
from tournaments.services.results import enter_result, parse_result
from tournaments.services.setup import (
    SCORING_FIELDS,
    create_tournament,
    leave_fide_mode,
    namesakes,
    scoring_fixed,
    set_listing,
    update_tournament,
)
from tournaments.validation import PlayerForm


@login_required
def dashboard(request):
    tournaments = list(managed_tournaments(request.user).select_related("club"))
    names = Counter((t.club_id, t.name.lower()) for t in tournaments)
    return render(request, "arbiter/dashboard.html", {
        "clubs": clubs_of(request.user),
        "creating_clubs": clubs_where(request.user, Perm.CREATE),
        "tournaments": tournaments,
        "events": Event.objects.filter(club__in=clubs_where(request.user, Perm.VIEW)).select_related("club"),
        # Same-named tournaments of a club are told apart by when they were created and their address.
        "namesakes": {name for (_club, name), count in names.items() if count > 1},
    })


def chosen_club(request) -> Club:
    """The club chosen with ``?club=`` among the user's clubs where he may create tournaments (by
    default his first); 404 for another, or for a ``?club=`` that is no number."""
    clubs, chosen = clubs_where(request.user, Perm.CREATE), request.GET.get("club", "")
    if chosen and not DIGITS.fullmatch(chosen):
        raise Http404
    return get_object_or_404(clubs, pk=chosen or getattr(clubs.first(), "pk", None))


@login_required
def tournament_create(request):
    club = chosen_club(request)
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = create_tournament(club, request.user, **form.cleaned_data)
        except Refused as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, _("%(tournament)s created. Register the players next.") % {
                "tournament": tournament})
            _warn_of_namesakes(request, tournament)
            return redirect(tournament.get_manage_url())
    return render(request, "arbiter/tournament_form.html", {"form": form, "club": club})


def _warn_of_namesakes(request, tournament: Tournament) -> None:
    """A new tournament named as another of the club's: say so, with how to tell them apart."""
    others = list(namesakes(tournament))
    if others:
        messages.warning(request, ngettext(
            "Your club already has %(count)s tournament named “%(name)s” (created %(created)s). This one is hidden "
            "from the public home page; rename it, or delete the one you do not need.",
            "Your club already has %(count)s tournaments named “%(name)s” (the first created %(created)s). "
            "This one is hidden from the public home page; rename it, or delete those you do not need.",
            len(others)) % {"name": tournament.name, "count": len(others),
                            "created": date_format(timezone.localtime(others[0].created_at), "DATETIME_FORMAT")})


@login_required
def tournament_import(request):
    """Create a tournament from a TRF file (started in another program, say) and go on pairing it."""
    club = chosen_club(request)
    form = TrfImportForm(request.POST or None, request.FILES or None)
    errors = []
    if request.method == "POST" and form.is_valid():
        try:
            tournament = import_tournament(club, form.cleaned_data["file"], request.user)
        except TrfImportError as error:
            messages.error(request, _("Nothing was imported: the file has errors."))
            errors = error.errors
        except Refused as refusal:
            messages.error(request, refusal.message)
        else:
            count = tournament.players.count()
            messages.success(request, ngettext("%(tournament)s imported with %(count)s player.",
                                               "%(tournament)s imported with %(count)s players.", count)
                             % {"tournament": tournament, "count": count})
            _warn_of_namesakes(request, tournament)
            return redirect(tournament.get_manage_url())
    return render(request, "arbiter/tournament_import.html", {"form": form, "club": club, "errors": errors})


@login_required
def tournament_edit(request, slug):
    tournament = request.tournament
    form = TournamentForm(request.POST or None, instance=tournament)
    confirm = None
    if last_paired_round(tournament):
        # The system is fixed once the pairing has begun; the scoring in FIDE mode (scoring_fixed).
        fixed = ("system", "initial_colour", *(SCORING_FIELDS if scoring_fixed(tournament) else ()))
        for name in fixed:
            form.fields[name].disabled = True
    if request.method == "POST" and form.is_valid():
        if form.cleaned_data["rounds"] < last_paired_round(tournament):
            form.add_error("rounds", _("Fewer rounds than have been paired already."))
        else:
            try:
                update_tournament(form.save(commit=False), request.user,
                                           confirm=request.POST.get("confirm") == "1")
            except ConfirmationNeeded as question:
                confirm = question.message
            except Refused as refusal:
                messages.error(request, refusal.message)
            else:
                messages.success(request, _("Tournament saved."))
                return redirect(tournament.get_manage_url())
    return render(request, "arbiter/tournament_form.html", {"form": form, "tournament": tournament,
                                                            "confirm": confirm})


@login_required
def fide_mode(request, slug):
    """Leave FIDE mode: GET asks the first question, each POST answers one (``confirmations``); the
    second answer leaves it, for good (``leave_fide_mode``)."""
    tournament = request.tournament
    answered = {"1": 1, "2": 2}.get(request.POST.get("confirmations"), 0) if request.method == "POST" else 0
    try:
        leave_fide_mode(tournament, request.user, confirmations=answered)
    except ConfirmationNeeded as question:
        return render(request, "arbiter/fide_mode.html", {"tournament": tournament, "question": question.message,
                                                          "step": answered + 1})
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("The tournament left FIDE mode."))
    return redirect(tournament.get_manage_url())


@require_POST
def tournament_listing(request, slug):
    """List, archive or hide the tournament on the public home page."""
    tournament = request.tournament
    listing = request.POST.get("listing", "")
    perform(request, lambda: set_listing(tournament, listing, request.user),
            _("Home page: %(listing)s.") % {"listing": dict(Tournament.Listing.choices).get(listing, "")})
    return redirect(tournament.get_manage_url())


@login_required
def tournament(request, slug):
    tournament = request.tournament
    rounds = list(tournament.round_set.defer("brackets", "explanation"))  # the JSON of big rounds is not shown here
    failed = bool(rounds) and rounds[-1].status == Round.Status.FAILED  # paired again by the button
    return render(request, "arbiter/tournament.html", {
        "tournament": tournament,
        "players": tournament.players.prefetch_related("absences"),
        "rounds": rounds,
        "frozen": pairing_numbers_frozen(tournament),
        "next_round": len(rounds) + (0 if failed else 1),
        "player_form": PlayerForm(initial={"entry_round": last_paired_round(tournament) + 1}),
        "csv_form": CsvImportForm(),
        "forbidden_pairs": tournament.forbidden_pairs.select_related("player", "other"),
        "forbidden_pair_form": ForbiddenPairForm(tournament),
        "listings": Tournament.Listing.choices,
    })


@login_required
def player_add(request, slug):
    """Register a player; the same name and rating as a registered player asks first (``confirm``)."""
    tournament = request.tournament
    form = PlayerForm(request.POST or None, initial=player_initial(tournament, request.GET.get("fide", "")))
    confirm = None
    if request.method == "POST" and form.is_valid():
        try:
            player = register_player(tournament, form.save(commit=False), request.user,
                                     confirm=request.POST.get("confirm") == "1")
        except ConfirmationNeeded as question:
            confirm = question.message
        except Refused as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, _("%(name)s registered as #%(number)s.") % {
                "name": player.name, "number": player.pairing_number})
            return redirect(tournament.get_manage_url() + "#players")
    return render(request, "arbiter/player_form.html", {"form": form, "tournament": tournament,
                                                        "confirm": confirm})


@login_required
def player_import(request, slug):
    tournament = request.tournament
    form = CsvImportForm(request.POST or None, request.FILES or None)
    errors = []
    if request.method == "POST" and form.is_valid():
        try:
            players = import_players_csv(tournament, form.cleaned_data["csv"], request.user)
        except Refused as refusal:
            messages.error(request, refusal.message)
            errors = refusal.errors
        else:
            count = len(players)
            messages.success(request, ngettext("%(count)s player imported.", "%(count)s players imported.", count)
                             % {"count": count})
            if players.skipped:
                messages.info(request, ngettext(
                    "%(count)s player of the file is registered already and was skipped: %(players)s.",
                    "%(count)s players of the file are registered already and were skipped: %(players)s.",
                    len(players.skipped)) % {"count": len(players.skipped), "players": ", ".join(players.skipped)})
            return redirect(tournament.get_manage_url() + "#players")
    return render(request, "arbiter/player_import.html", {"form": form, "tournament": tournament,
                                                          "errors": errors})


def _managed_player(request, slug, pk) -> Player:
    return get_object_or_404(Player, tournament=request.tournament, pk=pk)


def _renumbering_preview(request, form):
    """The pairing numbers the form's data would move, before the save (C.04.2 B.3)."""
    player = form.instance
    moves = renumbering_preview(form.save(commit=False)) if form.is_valid() else []
    return render(request, "arbiter/_renumbering.html", {
        "tournament": player.tournament, "order_kept": order_kept(player.tournament), "moves": moves,
        "invalid": not form.is_valid()})


@login_required
def player_edit(request, slug, pk):
    player = _managed_player(request, slug, pk)
    form = PlayerForm(request.POST or None, instance=player,
                      initial=player_initial(player.tournament, request.GET.get("fide", "")))
    if request.htmx and request.GET.get("preview"):
        return _renumbering_preview(request, form)
    if request.method == "POST" and form.is_valid():
        try:
            update_player(form.save(commit=False), request.user)
        except Refused as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, _("%(name)s saved.") % {"name": player.name})
            return redirect(player.tournament.get_manage_url() + "#players")
    return render(request, "arbiter/player_form.html", {
        "form": form, "tournament": player.tournament, "player": player,
        "order_kept": order_kept(player.tournament), "moves": [],
        "withdraw_form": WithdrawForm(initial={"from_round": player.withdrawn_from_round}),
        "absence_form": AbsenceForm(initial={"round_number": last_paired_round(player.tournament) + 1}),
    })


@login_required
def player_delete(request, slug, pk):
    """Remove a player registered by mistake: a page naming him asks first (GET, or a POST without
    ``confirm``); the confirmed POST removes him."""
    player = _managed_player(request, slug, pk)
    if request.method == "POST" and request.POST.get("confirm") == "1":
        # his online entry refused, the waiting list moved up (docs/players.md)
        if perform(request, lambda: registrations.remove(player, request.user), _("%(name)s removed.") % {
                "name": player.name}):
            return redirect(player.tournament.get_manage_url() + "#players")
        return redirect("arbiter:player_edit", slug, pk)
    return render(request, "arbiter/player_delete.html", {"tournament": player.tournament, "player": player})


@login_required
@require_POST
def player_withdraw(request, slug, pk):
    player = _managed_player(request, slug, pk)
    form = WithdrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give a round number."))
        return redirect("arbiter:player_edit", slug, pk)
    try:
        changed = withdraw(player, form.cleaned_data["from_round"], request.user)  # the waiting list moves up
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        _saved_or_unchanged(request, changed, _("%(name)s: withdrawal saved.") % {"name": player.name}, player)
    return redirect("arbiter:player_edit", slug, pk)


def _saved_or_unchanged(request, changed: bool, saved: str, player: Player) -> None:
    """Say "saved" only when something was: the same value sent again changes nothing."""
    if changed:
        messages.success(request, saved)
    else:
        messages.info(request, _("%(name)s: nothing changed.") % {"name": player.name})


@login_required
@require_POST
def player_absence(request, slug, pk):
    player = _managed_player(request, slug, pk)
    form = AbsenceForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.problems())
        return redirect("arbiter:player_edit", slug, pk)
    data = form.cleaned_data
    try:
        changed = set_absence(player, data["round_number"], data["bye"], request.user)
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        _saved_or_unchanged(request, changed, _("%(name)s: absence saved.") % {"name": player.name}, player)
    return redirect("arbiter:player_edit", slug, pk)


@login_required
@require_POST
def forbidden_pair_add(request, slug):
    tournament = request.tournament
    form = ForbiddenPairForm(tournament, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        perform(request, lambda: forbid_pair(tournament, data["player"], data["other"],
                                                      data["first_round"], data["last_round"], request.user),
                _("%(player)s and %(other)s will not be paired with each other.") % {
                    "player": data["player"].name, "other": data["other"].name})
    else:
        messages.error(request, _("Forbidden pair not saved: %(problems)s") % {"problems": "; ".join(
            f"{form.fields[name].label or name}: {' '.join(errors)}" for name, errors in form.errors.items())})
    return redirect(tournament.get_manage_url() + "#forbidden-pairs")


@login_required
@require_POST
def forbidden_pair_remove(request, slug, pk):
    tournament = request.tournament
    pair = get_object_or_404(ForbiddenPair, tournament=tournament, pk=pk)
    try:
        messages.success(request, allow_pair(pair, request.user))
    except Refused as refusal:
        messages.error(request, refusal.message)
    return redirect(tournament.get_manage_url() + "#forbidden-pairs")


@login_required
@require_POST
def result_enter(request, slug, pk):
    """Record one board's result (htmx: the row comes back; otherwise back to the round)."""
    tournament = request.tournament
    game = get_object_or_404(Game.objects.select_related("round", "white", "black"),
                             round__tournament=tournament, pk=pk)
    typed, error, confirm = request.POST.get("result", ""), "", None
    second = request.POST.get("game") == "2"  # a Double-Swiss match's second game (C.04.5)
    try:
        result = parse_result(typed)
        game = enter_result(game, result, request.user, confirm=request.POST.get("confirm") == "1",
                            game_number=2 if second else 1, was=request.POST.get("was"))
        build_soon(tournament)  # the new standings, built before the first reader asks
    except ConfirmationNeeded as question:
        confirm, error = {"message": question.message, "result": result}, question.message
        game.refresh_from_db(fields=["result", "result2"])  # the old result the question names: confirmed "was"
    except Refused as refusal:
        error = refusal.message
        game.refresh_from_db(fields=["result", "result2"])  # shown as it is now (changed meanwhile, say)
    if request.htmx:
        # A refusal is 422 with the row: the typed text, the reason, nothing stored; a change that
        # needs confirming is 200 with the row asking for it.
        # With the row, out of band, the count of results in.
        refused = bool(error) and not confirm
        context = {"game": game, "tournament": tournament, "error": error if refused else "", "typed": typed,
                   "saved": not error, "confirm": confirm, "round": game.round, "oob": True, "second": second}
        html = (render_to_string("arbiter/_result_row.html", context, request)
                + render_to_string("arbiter/_results_count.html", context, request)
                + render_to_string("arbiter/_match_score.html", context, request))
        return HttpResponse(html, status=422 if refused else 200)
    if error:
        messages.error(request, error)
    return redirect("arbiter:round", slug, game.round.number)


@login_required
def trf_export(request, slug):
    """The tournament as a TRF file (``?version=26`` for TRF-2026), the next round's known absences marked;
    ``?national=1``: the national rating report, national ids and ratings in the FIDE report's shape."""
    tournament = request.tournament
    version = "26" if request.GET.get("version") == "26" else "16"
    national = request.GET.get("national") == "1"
    response = HttpResponse(export(tournament, version, national=national), content_type="text/plain; charset=utf-8")
    kind = "national" if national else "trf"
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-{kind}{version}.txt"'
    return response


#: Entries shown on the page (the CSV holds them all).
#: Entries per page of the audit log (newest first; the CSV file holds them all).
AUDIT_PAGE = 100


@login_required
def audit_log(request, slug):
    """The tournament's audit log, newest first, filtered by ``?kind=``."""
    return _audit_page(request, request.tournament, reverse("arbiter:audit", args=[slug]),
                       reverse("arbiter:audit_csv", args=[slug]))


@login_required
def audit_csv(request, slug):
    return _audit_download(request, request.tournament)


@login_required
def event_audit(request, event):
    """The event's own audit log (its name, venue, dates, sections, players moved): read by its club's
    arbiters, whether or not it has sections (permissions.py)."""
    event = get_object_or_404(Event, slug=event)
    return _audit_page(request, event, reverse("arbiter:event_audit", args=[event.slug]),
                       reverse("arbiter:event_audit_csv", args=[event.slug]))


@login_required
def event_audit_csv(request, event):
    return _audit_download(request, get_object_or_404(Event, slug=event))


def _audit_page(request, owner, log_url: str, csv_url: str):
    """A tournament's or an event's audit log, a page of it, of the kind ``?kind=`` names."""
    kind = request.GET.get("kind", "")
    page = Paginator(audit.entries(owner, kind), AUDIT_PAGE).get_page(request.GET.get("page"))
    return render(request, "arbiter/audit.html", {
        "owner": owner, "is_event": isinstance(owner, Event), "log_url": log_url, "csv_url": csv_url,
        "entries": page, "page": page, "kind": kind if kind in audit.Kind.values else "",
        "kinds": [(value, label) for value, label in audit.Kind.choices if value != audit.Kind.MEMBER],  # the club's
    })


def _audit_download(request, owner):
    """The log as CSV (every entry, of the kind ``?kind=`` names)."""
    entries = audit.entries(owner, request.GET.get("kind", ""))
    response = HttpResponse(audit.as_csv(entries), content_type="text/csv; charset=utf-8")
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
    response["Content-Disposition"] = f'attachment; filename="{owner.slug}-audit-{stamp}.csv"'
    return response


@login_required
def api_token(request):
    """The arbiter's API token: create (its key shown on this answer only), see when it was made, revoke."""
    key = None
    if request.method == "POST":
        if request.POST.get("action") == "create":
            key = create_token(request.user)
        elif request.POST.get("action") == "revoke":
            if revoke_token(request.user):
                messages.success(request, _("Your API token is revoked: it no longer works."))
            return redirect("arbiter:api_token")
        else:
            messages.error(request, _("Choose to create or to revoke the token."))
            return redirect("arbiter:api_token")
    return render(request, "arbiter/api_token.html", {
        "key": key, "created": token_created(request.user), "api_root": request.build_absolute_uri("/api/")})
