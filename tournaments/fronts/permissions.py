"""Who may do what, in one place: roles, what each role may do, and what each view needs.

A user's role is his ``Membership`` of the tournament's club (per club: a club's chief arbiter
is chief arbiter of each of its tournaments).  ``ROLES`` says what each role may do; ``RULES``
says what each URL of the arbiter's pages (``arbiter:``), of the player's pages (``player:``) and
of the API (``api:``) needs, for reading (GET, HEAD, OPTIONS) and for writing (any other method).  Both are checked
by :func:`authorize`, which the middleware (:class:`RulesMiddleware`, for the pages) and the
API's default permission class (:class:`Rules`) call before any view runs.  A URL missing from
``RULES`` is refused to everybody (and fails ``tests/app/fronts/test_roles.py``).

Outside his club's tournaments a user gets 404 (another club's private data stays invisible);
inside, an action his role does not allow is 403.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.permissions import BasePermission

from tournaments.models import ByeRequest, Club, Event, Membership, Player, Registration, ResultHelper, Tournament
from tournaments.services.board_results import helper_for

Role = Membership.Role


class Perm(StrEnum):
    VIEW = "view"                        # the arbiter's pages of a tournament: players, rounds, TRF, audit log
    CREATE = "create"                    # new tournaments in the club (the form, a TRF import)
    SETTINGS = "settings"                # the tournament's settings, its tie-breaks
    PLAYERS = "players"                  # register, import, correct, remove, withdraw players
    ABSENCES = "absences"                # a player's announced absences (requested byes)
    FORBIDDEN_PAIRS = "forbidden_pairs"  # players kept apart
    PAIRING = "pairing"                  # pair, publish, discard (cancel) a round, change a draft by hand
    RESULTS = "results"                  # enter and correct results
    LISTING = "listing"                  # list, archive or hide the tournament on the public home page
    MEMBERS = "members"                  # the club's members and their roles


#: What each role may do.
ROLES: dict[str, frozenset[Perm]] = {
    Role.ADMIN: frozenset(Perm),
    Role.CHIEF: frozenset(Perm) - {Perm.MEMBERS},
    Role.DEPUTY: frozenset({Perm.VIEW, Perm.ABSENCES, Perm.RESULTS}),
}

#: Rules that need no role.
PUBLIC = "public"  # anybody, signed in or not
LOGIN = "login"    # anybody signed in (pages that list only what the user's roles give him)
NOBODY = "nobody"  # no such action (a read-only resource of the API)
OWNER = "owner"    # a player signed in, and the entry, registration or bye request of the URL is his


def _owns(model, path: str):
    return lambda user, pk: model.objects.filter(pk=pk, **{path: user}).exists()


#: The objects a player's URL may name, by their keyword, and whether the user owns one.
OWNED = {
    "entry": _owns(Player, "user"),
    "registration": _owns(Registration, "user"),
    "bye_request": _owns(ByeRequest, "player__user"),
}
STAFF = "staff"    # site staff (User.is_staff): what all clubs share, the FIDE rating lists
HELPER = "helper"  # a result helper's phone: the URL's token is a helper's, not revoked (no account needed)


@dataclass(frozen=True)
class Rule:
    read: Perm | str
    write: Perm | str | None = None  # None: as for reading

    def needs(self, method: str) -> Perm | str:
        return self.read if method in ("GET", "HEAD", "OPTIONS") or self.write is None else self.write


#: What each URL needs, by its name.  A URL with ``slug`` is checked against the tournament's club;
#: one without it (``CREATE``) against any of the user's clubs, the view choosing among them.
RULES: dict[str, Rule] = {
    # The arbiter's pages
    "arbiter:dashboard": Rule(LOGIN),
    "arbiter:api_token": Rule(LOGIN),  # his own token; the API then checks each call against this table
    "arbiter:tournament_create": Rule(Perm.CREATE),
    "arbiter:tournament_import": Rule(Perm.CREATE),
    "arbiter:rating_lists": Rule(STAFF),  # FIDE's lists are every club's: the site's staff import them
    "arbiter:rating_lookup": Rule(Perm.PLAYERS),
    "arbiter:rating_update": Rule(Perm.VIEW, Perm.PLAYERS),  # what the list would change, then applied
    "arbiter:tournament": Rule(Perm.VIEW),
    "arbiter:tournament_edit": Rule(Perm.SETTINGS),
    "arbiter:fide_mode": Rule(Perm.SETTINGS),
    "arbiter:tournament_listing": Rule(Perm.LISTING),
    "arbiter:trf_export": Rule(Perm.VIEW),
    "arbiter:audit": Rule(Perm.VIEW),
    "arbiter:audit_csv": Rule(Perm.VIEW),
    "arbiter:player_add": Rule(Perm.PLAYERS),
    "arbiter:player_import": Rule(Perm.PLAYERS),
    "arbiter:player_edit": Rule(Perm.VIEW, Perm.PLAYERS),  # the page also holds the absences
    "arbiter:player_delete": Rule(Perm.PLAYERS),
    "arbiter:player_withdraw": Rule(Perm.PLAYERS),
    "arbiter:player_absence": Rule(Perm.ABSENCES),
    "arbiter:forbidden_pair_add": Rule(Perm.FORBIDDEN_PAIRS),
    "arbiter:forbidden_pair_remove": Rule(Perm.FORBIDDEN_PAIRS),
    "arbiter:prizes": Rule(Perm.VIEW, Perm.SETTINGS),  # the prize table is the tournament's settings
    "arbiter:prize_rules": Rule(Perm.SETTINGS),
    "arbiter:prize_remove": Rule(Perm.SETTINGS),
    "arbiter:result": Rule(Perm.RESULTS),
    "arbiter:pair": Rule(Perm.PAIRING),
    "arbiter:round": Rule(Perm.VIEW),
    "arbiter:publish": Rule(Perm.PAIRING),
    "arbiter:discard": Rule(Perm.PAIRING),
    "arbiter:pair_again": Rule(Perm.PAIRING),  # discard a draft and pair the round again
    "arbiter:manual_change": Rule(Perm.PAIRING),  # reviewing a change too: chief arbiters only
    "arbiter:explanation": Rule(Perm.PAIRING),  # publish the explanation: the chief arbiter
    # The player's side as the arbiters run it (docs/players.md)
    "arbiter:player_side": Rule(Perm.VIEW, Perm.SETTINGS),  # which parts are on, their dates and limits
    "arbiter:entries": Rule(Perm.VIEW),  # entries to approve, waiting list, bye requests, check-in
    "arbiter:registration_decide": Rule(Perm.PLAYERS),
    "arbiter:registration_mails_resend": Rule(Perm.PLAYERS),  # the failed registration mails sent again
    "arbiter:bye_request_decide": Rule(Perm.ABSENCES),
    "arbiter:mark_absent": Rule(Perm.ABSENCES),  # who has not checked in: absent from the round
    "arbiter:check_in_qr": Rule(Perm.VIEW),  # the venue's QR code, to print
    # The player's pages: signing in is for anybody, the rest for the player whose data it is
    "player:sign_in": Rule(PUBLIC),
    "player:code": Rule(PUBLIC),
    "player:link": Rule(PUBLIC),
    "player:home": Rule(OWNER),
    "player:register": Rule(OWNER),
    "player:venue_check_in": Rule(OWNER),  # the venue's QR code leads here
    "player:entry": Rule(OWNER),
    "player:check_in": Rule(OWNER),
    "player:bye_request": Rule(OWNER),
    "player:bye_cancel": Rule(OWNER),
    "player:registration_cancel": Rule(OWNER),
    "player:result_report": Rule(OWNER),  # his own board's result, from his entry
    "player:result_withdraw": Rule(OWNER),
    "player:result_answer": Rule(OWNER),  # his opponent's report confirmed or disputed
    "player:helper": Rule(HELPER),  # a result helper's page: the empty boards of the current round
    "player:helper_fill": Rule(HELPER),
    # Results from the board as the arbiters run them
    "arbiter:report_accept": Rule(Perm.RESULTS),  # a board's report made official
    "arbiter:reports_accept_confirmed": Rule(Perm.RESULTS),
    "arbiter:result_helpers": Rule(Perm.VIEW, Perm.RESULTS),  # the helpers, a new one's QR code
    "arbiter:result_helper_revoke": Rule(Perm.RESULTS),
    "arbiter:clubs": Rule(STAFF),  # every club; a new one with its first club admin: the site's staff
    "arbiter:club_members": Rule(Perm.VIEW, Perm.MEMBERS),  # who is in the club; POST: a member added
    "arbiter:club_member_role": Rule(Perm.MEMBERS),
    "arbiter:club_member_remove": Rule(Perm.MEMBERS),
    "arbiter:event_create": Rule(Perm.CREATE),
    "arbiter:event": Rule(Perm.VIEW),  # the event's sections, their state and next action
    "arbiter:event_edit": Rule(Perm.SETTINGS),  # its name, venue and dates: shared by its sections
    "arbiter:event_section_add": Rule(Perm.SETTINGS),
    "arbiter:event_section_remove": Rule(Perm.SETTINGS),  # before its round 1: a single tournament again
    "arbiter:event_section_up": Rule(Perm.SETTINGS),  # the sections' order: a placement by rating tries it
    "arbiter:event_move": Rule(Perm.PLAYERS),  # a player moved to another section before round 1
    "arbiter:event_audit": Rule(Perm.VIEW),  # the event's own log: its club's arbiters, sections or none
    "arbiter:event_audit_csv": Rule(Perm.VIEW),
    "player:event_register": Rule(OWNER),  # any player signed in: a section chosen, or placed by rating
    "api:events": Rule(PUBLIC, NOBODY),
    "api:event": Rule(PUBLIC, NOBODY),
    "api:event_sections": Rule(PUBLIC, NOBODY),
    "arbiter:round_start": Rule(Perm.PAIRING),  # the round's start time, told in the pairing notices
    "arbiter:notices_resend": Rule(Perm.PAIRING),  # the failed pairing notices sent again
    # A team event (C.04.6)
    "arbiter:teams": Rule(Perm.VIEW, Perm.SETTINGS),  # the page; POST: the team rules
    "arbiter:team_add": Rule(Perm.PLAYERS),
    "arbiter:member_add": Rule(Perm.PLAYERS),
    "arbiter:team_absence": Rule(Perm.ABSENCES),  # a team not paired in a round (TRF 240)
    "arbiter:team_withdraw": Rule(Perm.PLAYERS),  # a team withdrawn (as a player, C.04.2 D.3)
    "arbiter:team_entry": Rule(Perm.PLAYERS),  # a late team's entry round moved (GHR 2.4)
    "arbiter:team_round": Rule(Perm.VIEW),
    "arbiter:line_up": Rule(Perm.RESULTS),  # the captains' line-up sheets, typed by any arbiter
    "arbiter:board_result": Rule(Perm.RESULTS),
    "arbiter:match_forfeit": Rule(Perm.RESULTS),  # a whole match lost by forfeit (GHR 3.5)
    "arbiter:match_forfeit_withdraw": Rule(Perm.RESULTS),  # ... taken back before the next round
    "arbiter:team_export": Rule(Perm.VIEW),
    # The API: published data for everybody, the rest as on the pages
    "api:root": Rule(PUBLIC, NOBODY),
    "api:tournaments": Rule(PUBLIC, NOBODY),
    "api:tournament": Rule(PUBLIC, NOBODY),
    "api:players": Rule(PUBLIC, NOBODY),
    "api:rounds": Rule(PUBLIC, NOBODY),
    "api:round": Rule(PUBLIC, NOBODY),
    "api:standings": Rule(PUBLIC, NOBODY),
    "api:crosstable": Rule(PUBLIC, NOBODY),
    "api:prizes": Rule(PUBLIC, Perm.SETTINGS),  # the list for everybody; a category added by the arbiter
    "api:round_status": Rule(Perm.VIEW),
    "api:rating_list": Rule(LOGIN, NOBODY),  # FIDE's list searched by id or name: for signed-in clients
    "api:explanation": Rule(PUBLIC, NOBODY),  # a published round's, once its explanation is published
    "api:arbiter_explanation": Rule(Perm.VIEW, NOBODY),  # any round's, the draft's too
    "api:manual_changes": Rule(Perm.VIEW, NOBODY),
    "api:result": Rule(Perm.RESULTS),
    "api:pair": Rule(Perm.PAIRING),
    "api:teams": Rule(PUBLIC, NOBODY),  # a team event's teams and rosters (C.04.6)
    "api:team_round": Rule(PUBLIC, NOBODY),
    "api:team_standings": Rule(PUBLIC, NOBODY),
    "api:publish": Rule(Perm.PAIRING),  # POST only: publish a draft, the chief arbiter or the club admin
    "api:my_board": Rule(OWNER),  # a player's board of the current round; POST: his report or his answer
}

#: The namespaces whose every URL must be in RULES.
GUARDED = ("arbiter", "player", "api")


class LoginNeeded(Exception):
    """The rule needs a signed-in user."""


def role_in(user, club_id: int) -> str | None:
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(user=user, club_id=club_id).values_list("role", flat=True).first()


def perms_of(role: str | None) -> frozenset[Perm]:
    return ROLES.get(role, frozenset())


def can(user, perm: Perm, tournament: Tournament) -> bool:
    return perm in perms_of(role_in(user, tournament.club_id))


@dataclass
class Decision:
    tournament: Tournament | None
    perms: frozenset[Perm]
    helper: ResultHelper | None = None

    @property
    def can(self) -> dict[str, bool]:
        """For the templates: ``request.can.settings`` and so on."""
        return {perm.value: perm in self.perms for perm in Perm}


def authorize(user, view_name: str, method: str, kwargs: dict) -> Decision:
    """The tournament of the URL (if any) and what the user may do in it; raises :class:`LoginNeeded`,
    ``Http404`` (not his club's, or no such tournament) or ``PermissionDenied`` (not his role's)."""
    rule = RULES.get(view_name)
    if rule is None:
        raise PermissionDenied(f"{view_name} is not in the permission table")
    needed = rule.needs(method)
    if needed == NOBODY:
        raise PermissionDenied("Read only.")
    if needed == PUBLIC:
        return Decision(None, frozenset())
    if needed == HELPER:
        return _helper(kwargs)
    if not user.is_authenticated:
        raise LoginNeeded
    if needed == OWNER:
        return _owner(user, kwargs)
    if needed == STAFF:
        if not user.is_staff:
            raise PermissionDenied("For the site's staff only.")
        return Decision(None, frozenset())
    if "slug" in kwargs:
        tournament = get_object_or_404(Tournament.objects.select_related("club"), slug=kwargs["slug"])
        return Decision(tournament, _club_perms(user, tournament.club_id, needed))
    if "club" in kwargs:  # a club's own page (its members): the role in it
        club = get_object_or_404(Club, slug=kwargs["club"])
        return Decision(None, _club_perms(user, club.pk, needed))
    if "event" in kwargs:  # an event's page: the role in its club, as for one of its sections
        event = get_object_or_404(Event, slug=kwargs["event"])
        return Decision(None, _club_perms(user, event.club_id, needed))
    if needed != LOGIN and not clubs_where(user, needed).exists():
        raise PermissionDenied("None of your roles allows this.")
    return Decision(None, frozenset())


def _club_perms(user, club_id: int, needed: Perm | str) -> frozenset[Perm]:
    """What ``user`` may do in the club's tournaments and events; 404 outside his clubs."""
    role = role_in(user, club_id)
    if role is None:
        raise Http404("No such tournament among your clubs'.")
    perms = perms_of(role)
    if needed != LOGIN and needed not in perms:
        raise PermissionDenied(f"A {Role(role).label.lower()} may not do this.")
    return perms


def _owner(user, kwargs: dict) -> Decision:
    """A player's URL: what it names must be his (else 404: another player's data stays invisible)."""
    for name, owns in OWNED.items():
        if name in kwargs and not owns(user, kwargs[name]):
            raise Http404("Not yours.")
    tournament = get_object_or_404(Tournament, slug=kwargs["slug"]) if "slug" in kwargs else None
    return Decision(tournament, frozenset())


def _helper(kwargs: dict) -> Decision:
    """A result helper's URL: its token must be a helper's still valid (else 404, whoever asks)."""
    helper = helper_for(kwargs.get("token", ""))
    if helper is None:
        raise Http404("No such helper, or revoked.")
    return Decision(helper.tournament, frozenset(), helper)


class RulesMiddleware:
    """Checks ``RULES`` before every view of the arbiter's and the player's pages (a player signs in
    on his own page); the view finds the tournament and
    what the user may do in it as ``request.tournament`` and ``request.can``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        if not {"arbiter", "player"} & set(match.namespaces):
            return None
        try:
            decision = authorize(request.user, match.view_name, request.method, view_kwargs)
        except LoginNeeded:
            if request.headers.get("HX-Request") == "true":
                return signed_out()
            login_url = reverse("player:sign_in") if "player" in match.namespaces else None
            return redirect_to_login(request.get_full_path(), login_url)
        request.tournament, request.can, request.helper = decision.tournament, decision.can, decision.helper
        return None


def signed_out() -> HttpResponse:
    """An htmx request without a valid login (the session lapsed): 401 and nothing swapped, never the
    login page in place of a table's row; the arbiter's script keeps what was typed and says so."""
    response = HttpResponse(_("You were signed out: log in again."), status=401,
                            content_type="text/plain; charset=utf-8")
    response["HX-Reswap"] = "none"
    response["WWW-Authenticate"] = 'Session realm="arbiter"'
    return response


class Rules(BasePermission):
    """The API's default permission class: the same table.  401/403 for anonymous users."""

    def has_permission(self, request, view) -> bool:
        match = request.resolver_match
        try:
            decision = authorize(request.user, match.view_name, request.method, view.kwargs)
        except LoginNeeded:
            raise exceptions.NotAuthenticated() from None
        except Http404 as error:
            raise exceptions.NotFound(str(error)) from None
        except PermissionDenied as error:
            raise exceptions.PermissionDenied(str(error)) from None
        request.tournament = decision.tournament
        return True


def clubs_of(user) -> QuerySet[Club]:
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(memberships__user=user)


def clubs_where(user, perm: Perm) -> QuerySet[Club]:
    """The user's clubs in which his role allows ``perm``."""
    roles = [role for role, perms in ROLES.items() if perm in perms]
    return clubs_of(user).filter(memberships__user=user, memberships__role__in=roles)


def managed_tournaments(user) -> QuerySet[Tournament]:
    """The tournaments whose arbiter's pages ``user`` may see: those of his clubs."""
    return Tournament.objects.filter(club__in=clubs_where(user, Perm.VIEW))


def get_managed_tournament(user, slug: str) -> Tournament:
    """The tournament, or 404 for anybody outside its club (private data stays invisible)."""
    return get_object_or_404(managed_tournaments(user), slug=slug)


def is_club_admin(user, club: Club) -> bool:
    return Membership.objects.filter(user=user, club=club, role=Role.ADMIN).exists()
