"""The Django admin reserved to superusers.

The admin edits every club's data with Django's model permissions, which know nothing of clubs:
a staff club admin of one club could open another club and make himself its admin.  The roles of
``permissions.py`` are per club, so the admin is for superusers only (``SuperuserAdminSite``);
club members work on the app's own pages, which check the club.  ``SuperuserAdminConfig`` takes
``django.contrib.admin``'s place in ``INSTALLED_APPS``, so ``admin.site`` and ``@admin.register``
(``admin.py``) are this site.
"""

from django.contrib.admin import AdminSite
from django.contrib.admin.apps import AdminConfig


class SuperuserAdminSite(AdminSite):
    def has_permission(self, request) -> bool:
        return super().has_permission(request) and request.user.is_superuser


class SuperuserAdminConfig(AdminConfig):
    default_site = "tournaments.fronts.admin_site.SuperuserAdminSite"
