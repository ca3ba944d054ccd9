"""Who may do what: club members run their club's tournaments; the public reads what is published."""

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from .models import Club, Membership, Tournament


def clubs_of(user) -> QuerySet[Club]:
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(memberships__user=user)


def managed_tournaments(user) -> QuerySet[Tournament]:
    """The tournaments ``user`` may run: those of the clubs he is a member of."""
    return Tournament.objects.filter(club__in=clubs_of(user))


def get_managed_tournament(user, slug: str) -> Tournament:
    """The tournament, or 404 for anybody outside its club (private data stays invisible)."""
    return get_object_or_404(managed_tournaments(user), slug=slug)


def is_club_admin(user, club: Club) -> bool:
    return Membership.objects.filter(user=user, club=club, role=Membership.Role.ADMIN).exists()
