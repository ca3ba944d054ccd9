from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("", include("tournaments.urls.public")),
    path("manage/", include("tournaments.urls.arbiter")),
    path("manage/", include("pairing.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("tournaments.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("admin/", admin.site.urls),
]
