"""The installable web app (issue 25, docs/players.md): its manifest and its service worker, both served from
the site's root, so that the worker's scope is the whole site; what the worker keeps (the app shell, the
player's own entry's page and the public pages, nothing else) is in templates/pwa/sw.js."""

import hashlib
import json

from django.shortcuts import render
from django.templatetags.static import static
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_safe

#: The app shell: what every page of the player's side needs, kept by the worker when it is installed.
SHELL = ("css/site.css", "css/live.css", "js/live.js", "django_htmx/htmx-2.min.js", "icons/icon-192.png")


@require_safe
def manifest(request):
    response = render(request, "pwa/manifest.webmanifest", content_type="application/manifest+json")
    patch_cache_control(response, public=True, max_age=3600)
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response


@require_safe
def service_worker(request):
    """The worker's script: its version follows the shell's addresses (hashed names in production), so a
    new deployment installs a new worker and drops the old shell."""
    shell = [static(path) for path in SHELL]
    version = hashlib.sha256(json.dumps(shell).encode()).hexdigest()[:12]
    response = render(request, "pwa/sw.js", {"shell": json.dumps(shell), "version": version},
                      content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    patch_cache_control(response, no_cache=True)
    return response
