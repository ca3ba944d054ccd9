"""The player's pages, under /me/ (permissions: ``player:`` in tournaments/fronts/permissions.py)."""

app_name = "player"

urlpatterns: list = []
