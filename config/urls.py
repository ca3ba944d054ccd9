from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language
from drf_spectacular.views import SpectacularAPIView

from tournaments.fronts.api.docs import ApiDocs

urlpatterns = [
    path("", include("tournaments.fronts.public.urls")),
    path("manage/", include("tournaments.fronts.arbiter.urls")),
    path("notices/", include("tournaments.fronts.notices.urls")),
    path("me/", include("tournaments.fronts.player.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("tournaments.fronts.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Its script from its own URL, not inline: the Content-Security-Policy forbids inline scripts.
    path("api/docs/", ApiDocs.as_view(url_name="schema", template_name="api/docs.html"),
         name="api-docs"),
    path("admin/", admin.site.urls),
    # The language switcher of every page (templates/base.html).  Without a CSRF token: the public
    # pages carry none (one copy is shared by every anonymous reader, tournaments/fronts/public/views.py),
    # and a forged request could only change the visitor's language; ``next`` stays on this site.
    path("language/", csrf_exempt(set_language), name="set_language"),
]
