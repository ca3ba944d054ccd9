"""The clubs: made by the site's staff (with a first club admin); a club's own page, its members and their
roles, kept by its club admins and read by the other members.  The actions are
``tournaments.services.club_members``; who may do what, ``permissions.RULES``."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Prefetch
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import audit
from tournaments.fronts.perform import perform
from tournaments.models import Club, Membership
from tournaments.services.club_members import add_club_member, create_club, remove_club_member, set_club_role

#: How many of the club's last changes the page shows.
RECENT = 20


@login_required
def clubs(request):
    """Every club, with its club admins and its tournaments (GET); a club made with its first club admin (POST)."""
    name, email = request.POST.get("name", ""), request.POST.get("email", "")
    made = _("%(club)s created: %(who)s is its club admin.") % {"club": " ".join(name.split()), "who": email.strip()}
    if request.method == "POST" and perform(request, lambda: create_club(name, email, user=request.user), made):
        return redirect(reverse("arbiter:clubs"))
    admins = Membership.objects.filter(role=Membership.Role.ADMIN).select_related("user").order_by("user__email")
    return render(request, "arbiter/clubs.html", {
        "clubs": Club.objects.annotate(members=Count("memberships", distinct=True),
                                       tournament_count=Count("tournaments", distinct=True))
        .prefetch_related(Prefetch("memberships", queryset=admins, to_attr="admins")),
        "name": name, "email": email}, status=400 if request.method == "POST" else 200)


@login_required
def club_members(request, club):
    """The members and their roles, the club's last changes (GET); a member added by e-mail (POST)."""
    club = get_object_or_404(Club, slug=club)
    email, role = request.POST.get("email", ""), request.POST.get("role", Membership.Role.DEPUTY)
    added = _("%(who)s added to the club.") % {"who": email.strip()}
    if request.method == "POST" and perform(request, lambda: add_club_member(club, email, role, user=request.user),
                                            added):
        return redirect(_page(club))
    return render(request, "arbiter/club_members.html", {
        "club": club, "roles": Membership.Role.choices, "email": email, "role": role,  # a refused entry kept
        "members": club.memberships.select_related("user").order_by("role", "user__email", "user__username"),
        "entries": audit.entries(club)[:RECENT]},
        status=400 if request.method == "POST" else 200)


@login_required
@require_POST
def club_member_role(request, club, pk):
    club = get_object_or_404(Club, slug=club)
    membership = _member(request, club, pk)
    if membership is not None:
        role = request.POST.get("role", "")
        perform(request, lambda: set_club_role(membership, role, user=request.user),
                _("Role saved: %(role)s.") % {"role": dict(Membership.Role.choices).get(role, role)})
    return redirect(_page(club))


@login_required
@require_POST
def club_member_remove(request, club, pk):
    club = get_object_or_404(Club, slug=club)
    membership = _member(request, club, pk)
    if membership is not None:
        perform(request, lambda: remove_club_member(membership, user=request.user),
                _("%(who)s removed from the club.") % {"who": membership.user.email or membership.user.get_username()})
    return redirect(_page(club))


def _member(request, club: Club, pk: int) -> Membership | None:
    """The club's member of the form; None, said, when he is no longer one (removed meanwhile, a second click)."""
    membership = club.memberships.select_related("user").filter(pk=pk).first()
    if membership is None:
        messages.info(request, _("This person is no longer a member of the club."))
    return membership


def _page(club: Club) -> str:
    return reverse("arbiter:club_members", args=[club.slug])
