from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

urlpatterns = [
    path("", include("tournaments.urls.public")),
    path("manage/", include("tournaments.urls.arbiter")),
    path("manage/", include("pairing.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("tournaments.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Its script from its own URL, not inline: the Content-Security-Policy forbids inline scripts.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema", template_name="api/docs.html"),
         name="api-docs"),
    path("admin/", admin.site.urls),
]
