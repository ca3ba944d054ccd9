from django.apps import AppConfig


class FrontsConfig(AppConfig):
    """The pages, the API, the admin, the template filters and the commands (an app of its own, so
    that Django finds its ``admin``, ``templatetags`` and ``management`` here)."""

    name = "tournaments.fronts"
    label = "fronts"
    verbose_name = "Fronts"
