"""A club, made by the site's staff with its first club admin; its members and their roles, kept by its
club admins (what each role may do is the table of ``tournaments/fronts/permissions.py``).  A member is
known by his e-mail address, as a player is: added with it, he signs in with a link or a code sent there
(``services.accounts``), or with his password.  A club always keeps a club admin: the last one can be
neither demoted nor removed."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import Kind
from tournaments.models import Club, Membership
from tournaments.services import Refused
from tournaments.services.accounts import normalized, user_for_email

Role = Membership.Role


def _locked(club: Club) -> list[Membership]:
    """The club's memberships, locked: two admins changing roles at once cannot both leave none."""
    return list(Membership.objects.select_for_update().filter(club=club).select_related("user").order_by("pk"))


def _who(membership: Membership) -> str:
    user = membership.user
    return user.email or user.get_username()


def _role(role: str) -> str:
    if role not in Role.values:
        raise Refused(_("Choose a role."))
    return role


@transaction.atomic
def create_club(name: str, admin_email: str, user=None) -> Club:
    """A new club (the site's staff make it) and its first club admin, known by his e-mail address."""
    name = " ".join(name.split())
    if not name:
        raise Refused(_("A club needs a name."))
    email = _valid_email(admin_email)
    if Club.objects.select_for_update().filter(name__iexact=name).exists():
        raise Refused(_("A club named “%(name)s” exists already.") % {"name": name})
    base = slugify(name)[:40] or "club"
    slug = next(candidate for candidate in (base, *(f"{base}-{n}" for n in range(2, 10_000)))
                if not Club.objects.filter(slug=candidate).exists())
    club = Club.objects.create(name=name, slug=slug)
    Membership.objects.create(club=club, user=user_for_email(email), role=Role.ADMIN)
    audit.record(None, Kind.MEMBER, "club created", f"{name} created, {email} its club admin", user=user, club=club,
                 after={"club": name, "member": email, "role": Role.ADMIN})
    return club


def _valid_email(email: str) -> str:
    email = normalized(email)
    try:
        validate_email(email)
    except ValidationError:
        raise Refused(_("Enter a valid e-mail address.")) from None
    return email


@transaction.atomic
def add_club_member(club: Club, email: str, role: str, user=None) -> Membership:
    """The person of ``email`` made a member of ``club`` with ``role`` (his account made if he has none)."""
    role = _role(role)
    email = _valid_email(email)
    members = _locked(club)
    person = user_for_email(email)
    if any(m.user_id == person.pk for m in members):
        raise Refused(_("%(who)s is a member of the club already: change the role instead.") % {"who": email})
    membership = Membership.objects.create(club=club, user=person, role=role)
    audit.record(None, Kind.MEMBER, "added", f"{email} added as {Role(role).label}", user=user, club=club,
                 after={"member": email, "role": role})
    return membership


def _keeps_an_admin(members: list[Membership], changed: Membership) -> None:
    if changed.role == Role.ADMIN and sum(m.role == Role.ADMIN for m in members) == 1:
        raise Refused(_("The club needs a club admin: make another member club admin first."))


@transaction.atomic
def set_club_role(membership: Membership, role: str, user=None) -> bool:
    """A member's role changed; whether anything changed (a second click changes nothing)."""
    role = _role(role)
    members = _locked(membership.club)
    stored = next((m for m in members if m.pk == membership.pk), None)
    if stored is None:
        raise Refused(_("This person is no longer a member of the club."))
    if stored.role == role:
        return False
    _keeps_an_admin(members, stored)
    before = stored.role
    stored.role = role
    stored.save(update_fields=["role"])
    audit.record(None, Kind.MEMBER, "role", f"{_who(stored)}: {Role(before).label} → {Role(role).label}", user=user,
                 club=stored.club, before={"member": _who(stored), "role": before},
                 after={"member": _who(stored), "role": role})
    return True


@transaction.atomic
def remove_club_member(membership: Membership, user=None) -> bool:
    """A member removed from the club (his account stays: his entries as a player are his); whether
    anything changed."""
    members = _locked(membership.club)
    stored = next((m for m in members if m.pk == membership.pk), None)
    if stored is None:
        return False
    _keeps_an_admin(members, stored)
    stored.delete()
    audit.record(None, Kind.MEMBER, "removed", f"{_who(stored)} removed", user=user, club=stored.club,
                 before={"member": _who(stored), "role": stored.role})
    return True
