"""The API's schema browser (Swagger UI, drf-spectacular), read only: GET and HEAD.  OPTIONS would
ask DRF for the view's metadata, which this HTML view has no template for."""

from drf_spectacular.views import SpectacularSwaggerSplitView


class ApiDocs(SpectacularSwaggerSplitView):
    http_method_names = ["get", "head"]
