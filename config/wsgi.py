import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Tasks in-process (no worker, hence no watcher): the notices a previous run left queued are sent now.
from pairing.rounds.notices import resume  # noqa: E402 (Django set up first)

resume()
