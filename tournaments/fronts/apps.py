from django.apps import AppConfig
from django.contrib.auth.signals import user_logged_in
from django.core.signals import request_started


def _link_entries(sender, request, user, **kwargs) -> None:
    """Whoever signs in, by a mail or a password, is linked to his entries (docs/players.md)."""
    from tournaments.services.accounts import link_entries

    link_entries(user)


def _fresh(sender, **kwargs) -> None:
    """Each request starts having been served no stale table (a worker's thread serves many)."""
    from tournaments import cache

    cache.fresh()


class FrontsConfig(AppConfig):
    """The pages, the API, the admin, the template filters and the commands (an app of its own, so
    that Django finds its ``admin``, ``templatetags`` and ``management`` here)."""

    name = "tournaments.fronts"
    label = "fronts"
    verbose_name = "Fronts"

    def ready(self) -> None:
        user_logged_in.connect(_link_entries, dispatch_uid="link_entries")
        request_started.connect(_fresh, dispatch_uid="cache_fresh")
