"""Settings from the environment (see ``.env.example``).

Production is the default: ``DEBUG`` is off unless ``DJANGO_DEBUG=1`` (``make run``
sets it), and without debug the app does not start without ``DJANGO_SECRET_KEY``.
With no database configured the app runs on a SQLite file with Celery tasks run
in-process (eager).  Setting ``DATABASE_URL`` and ``REDIS_URL`` switches to
PostgreSQL, a separate Celery worker over Redis and a cache in Redis.
"""

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from tournaments.limits import MAX_FILE_BYTES, MAX_PAIRING_TIME_LIMIT

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in {"1", "true", "yes", "on"}


def env_number(name: str, default: float, kind=float):
    """A number from the environment, or a message naming the variable."""
    value = os.environ.get(name)
    try:
        return default if value is None else kind(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number of seconds (or times), not {value!r}.") from None


# Security (see .env.example) ----------------------------------------------------------------------
DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-insecure-key" if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("Set DJANGO_SECRET_KEY (or DJANGO_DEBUG=1 on a development machine).")
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]
# HTTPS: redirect plain HTTP, cookies over HTTPS only, HSTS (all on unless debugging).
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not DEBUG)
# HSTS on by default (a year, subdomains, preload: `check --deploy` clean); 0 seconds turns it off.
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", not DEBUG)
# Behind a TLS proxy: the header it sets on HTTPS requests, e.g. X-Forwarded-Proto (its value: https).
if os.environ.get("DJANGO_SECURE_PROXY_SSL_HEADER"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + os.environ["DJANGO_SECURE_PROXY_SSL_HEADER"].upper().replace("-", "_"),
                               "https")
# Content-Security-Policy (django-csp): no inline script or style anywhere, nothing from elsewhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "img-src": [SELF, "data:"],  # Swagger UI's icons
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

INSTALLED_APPS = [
    "tournaments.fronts.admin_site.SuperuserAdminConfig",  # django.contrib.admin for superusers only
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "tournaments",
    "pairing",
    "tournaments.fronts",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The page's language: the visitor's choice (the switcher's cookie), else the browser's
    # Accept-Language, else LANGUAGE_CODE.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Who may do what on the arbiter's pages: the table of tournaments/fronts/permissions.py.
    "tournaments.fronts.permissions.RulesMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A login refused by django-axes (too many failures) gets its page: last, as axes asks.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0")),
    ),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default under several requests at once: readers never wait for the writer (WAL);
    # a transaction takes the write lock when it begins (IMMEDIATE), so none fails upgrading its
    # read lock; a writer waits up to 20 s for the lock instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    })
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
# Failed logins (the arbiter's page and the admin's) are counted per account and per address by
# django-axes: after DJANGO_LOGIN_FAILURE_LIMIT of either, every login of that account or from that
# address is refused (the right password too) with 429 and a page of the app's
# (tournaments/fronts/lockout.py) until DJANGO_LOGIN_COOLOFF_MINUTES pass without another attempt.
# Each failure goes to the server's log; superusers read them in the admin (Axes: access attempts,
# access failures), where they may also lift a lockout by deleting its attempt.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    "sesame.backends.ModelBackend",  # the players' sign-in link (a failed one counts as a failed login)
]
# The players' sign-in (tournaments/fronts/player/sign_in.py): a link by mail (django-sesame) and a
# 6-digit code, each valid 15 minutes and good for one sign-in (the link's token holds the last login).
SESAME_MAX_AGE = 15 * 60
SESAME_ONE_TIME = True
SIGN_IN_MAILS_PER_ADDRESS = int(os.environ.get("SIGN_IN_MAILS_PER_ADDRESS", "3"))  # per hour
SIGN_IN_MAILS_PER_IP = int(os.environ.get("SIGN_IN_MAILS_PER_IP", "10"))  # per hour
AXES_FAILURE_LIMIT = int(os.environ.get("DJANGO_LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("DJANGO_LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # either one reaching the limit locks
AXES_LOCKOUT_CALLABLE = "tournaments.fronts.lockout.locked_out"
AXES_ENABLE_ACCESS_FAILURE_LOG = True
# The server's log names the address of each failure, not the name typed (a password typed in the
# wrong field, say): the admin's access failures have both.
AXES_SENSITIVE_PARAMETERS = ["username"]
# The client's address: the connection's, or behind a proxy the header it sets to it (django-ipware),
# e.g. DJANGO_CLIENT_IP_HEADER=X-Real-IP; only behind a proxy that always sets it, since a client
# reaching the app directly could send any address in it.
AXES_IPWARE_META_PRECEDENCE_ORDER = (
    *(("HTTP_" + os.environ["DJANGO_CLIENT_IP_HEADER"].upper().replace("-", "_"),)
      if os.environ.get("DJANGO_CLIENT_IP_HEADER") else ()),
    "REMOTE_ADDR",
)
LOGIN_REDIRECT_URL = "arbiter:dashboard"
LOGOUT_REDIRECT_URL = "public:home"

# Imports: a pasted CSV may be as long as a file (the form then says so); an uploaded file goes to a
# temporary file past 2.5 MB (Django's default) and its size is checked before it is read.
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_FILE_BYTES + 64 * 1024

# Languages (tournaments/locale/: the catalogues, see the README): pages, forms, messages and printouts in the
# visitor's language; dates and numbers in its format.  FIDE codes (titles, federations, results,
# tie-breaks, TRF) are the same in every language.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("it", _("Italian")), ("fr", _("French")), ("de", _("German")),
             ("es", _("Spanish"))]
LOCALE_PATHS = [BASE_DIR / "tournaments" / "locale"]
# The switcher's choice is kept a year, sent over HTTPS only like the other cookies, unread by scripts.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage" if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}

# Celery: a real worker over Redis when REDIS_URL is set, else tasks run eagerly.
REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "swiss")
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A pairing survives its worker: the message is acknowledged only once the task is done, and
# given back to the queue when the worker process dies (kill -9, out of memory).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# Each tournament sets the time its engine may take (Tournament.pairing_time_limit, at most
# MAX_PAIRING_TIME_LIMIT): the task's soft limit, sent with each task; then the round fails with a
# message, and a process that does not stop is killed PAIRING_KILL_AFTER seconds later (hard limit).
PAIRING_KILL_AFTER = 15
# A task sent without limits gets the longest allowed.
CELERY_TASK_SOFT_TIME_LIMIT = MAX_PAIRING_TIME_LIMIT
CELERY_TASK_TIME_LIMIT = MAX_PAIRING_TIME_LIMIT + PAIRING_KILL_AFTER
# Redis gives the task of a worker that died (kill -9 of the whole worker) to a running worker
# after this; longer than any task may run, so a running pairing is never handed out twice.
PAIRING_REDELIVERY_AFTER = int(os.environ.get("PAIRING_REDELIVERY_AFTER", CELERY_TASK_TIME_LIMIT + 15))
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": PAIRING_REDELIVERY_AFTER,
    # Every worker looks for such tasks every 10 s (kombu's default is every 100 s).
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
    "socket_connect_timeout": 2,
    "socket_timeout": 5,
}
# A broker that is down fails the arbiter's request within about 5 s (two tries), not a hang.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0.5, "interval_step": 0.5,
                                    "interval_max": 1}
# A task that still beats past its tournament's time limit + PAIRING_KILL_AFTER + PAIRING_STALE_MARGIN
# seconds from its start has overrun: the watcher fails its round (pairing/rounds/timing.py ``stale_after``).
PAIRING_STALE_MARGIN = 60
# The watcher (pairing/rounds/watch.py; run on every look at a round being paired and every
# PAIRING_HEARTBEAT_EVERY seconds in each worker, no beat process needed): a task beats every
# PAIRING_HEARTBEAT_EVERY seconds while it pairs; one silent for PAIRING_HEARTBEAT_TIMEOUT seconds,
# or not taken by a worker within PAIRING_QUEUE_GRACE seconds of being queued (while no other
# pairing computes), is sent again, up to PAIRING_RESTARTS times; then its round fails with a message.
PAIRING_HEARTBEAT_EVERY = env_number("PAIRING_HEARTBEAT_EVERY", 2)
PAIRING_HEARTBEAT_TIMEOUT = env_number("PAIRING_HEARTBEAT_TIMEOUT", 10)
PAIRING_QUEUE_GRACE = env_number("PAIRING_QUEUE_GRACE", 15)
# ... but while a worker of the queue beats, a task may wait this long behind its other tasks (notices).
PAIRING_QUEUE_WAIT = env_number("PAIRING_QUEUE_WAIT", 600)
PAIRING_RESTARTS = env_number("PAIRING_RESTARTS", 1, int)
if (not 0 < 2 * PAIRING_HEARTBEAT_EVERY <= PAIRING_HEARTBEAT_TIMEOUT or PAIRING_QUEUE_GRACE <= 0
        or PAIRING_QUEUE_WAIT < PAIRING_QUEUE_GRACE or PAIRING_RESTARTS < 0):
    raise ImproperlyConfigured("PAIRING_HEARTBEAT_TIMEOUT must be at least twice PAIRING_HEARTBEAT_EVERY (both above "
                               "0), PAIRING_QUEUE_GRACE above 0, PAIRING_QUEUE_WAIT at least PAIRING_QUEUE_GRACE "
                               "and PAIRING_RESTARTS 0 or more.")

# Mail: the pairing notices (pairing/rounds/mailer.py), sent by the Celery worker, and the sign-in
# links.  EMAIL_URL says how:
# smtp://user:password@host:587 (STARTTLS with ?tls=1; smtps:// for TLS from the start), console:// (the
# worker's output) or file:///folder; unset, each mail is written to a file in mail/ beside the code.
def email_settings(url: str) -> dict:
    """Django's EMAIL_* settings from EMAIL_URL (a few lines of urllib: dj-email-url is unmaintained)."""
    parts = urlsplit(url)
    query = parse_qs(parts.query)
    if parts.scheme in ("smtp", "smtps"):
        try:
            port = parts.port or (465 if parts.scheme == "smtps" else 25)
        except ValueError:
            raise ImproperlyConfigured(f"EMAIL_URL has a port that is not a number: {url!r}.") from None
        return {"EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend", "EMAIL_HOST": parts.hostname or "",
                "EMAIL_PORT": port, "EMAIL_HOST_USER": unquote(parts.username or ""),
                "EMAIL_HOST_PASSWORD": unquote(parts.password or ""), "EMAIL_USE_SSL": parts.scheme == "smtps",
                "EMAIL_USE_TLS": query.get("tls", ["0"])[0].lower() in {"1", "true", "yes", "on"}}
    if parts.scheme == "console":
        return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    if parts.scheme == "file":
        return {"EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
                "EMAIL_FILE_PATH": unquote(parts.path) or str(BASE_DIR / "mail")}
    raise ImproperlyConfigured(f"EMAIL_URL must begin with smtp://, smtps://, console:// or file://, not {url!r}.")


globals().update(email_settings(os.environ.get("EMAIL_URL") or f"file://{BASE_DIR / 'mail'}"))
EMAIL_TIMEOUT = env_number("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Swiss tournaments <noreply@localhost>")
# The address of the site in the mails (the unsubscribe link), e.g. https://swiss.example.org.
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").rstrip("/")
# The sender: notices claimed NOTICE_BATCH at a time, each claim held NOTICE_LEASE seconds (a killed
# sender's notices are sent by the next once it runs out); a server that cannot be reached is tried again
# after 10 s, 20 s, 40 s ... (at most 10 minutes apart), NOTICE_ATTEMPTS times, then the notice has failed.
# A sender sends over NOTICE_CONNECTIONS SMTP connections side by side (a thread each): each mail waits
# for four answers of the server, so connections in parallel hide the round trips of a distant server;
# but a sender killed may then send again one mail per connection (the window of pairing/rounds/mailer.py).
NOTICE_BATCH = env_number("NOTICE_BATCH", 50, int)
NOTICE_CONNECTIONS = env_number("NOTICE_CONNECTIONS", 1, int)
NOTICE_LEASE = env_number("NOTICE_LEASE", 60)
NOTICE_ATTEMPTS = env_number("NOTICE_ATTEMPTS", 8, int)
NOTICE_RETRY_AFTER = env_number("NOTICE_RETRY_AFTER", 10)
# How often the live parts of the player's and public pages ask whether anything changed (seconds, while
# the tab is visible: tournaments/fronts/public/live.py).
LIVE_POLL_SECONDS = env_number("LIVE_POLL_SECONDS", 10, int)

# Cache (public pages, standings; tournaments/cache.py): Redis when REDIS_URL is set, shared by every
# web process, else this process's memory.  A Redis that is down or slow only makes pages slower.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ["REDIS_URL"],
        "TIMEOUT": 3600,
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    } if os.environ.get("REDIS_URL") else {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "TIMEOUT": 3600,
    },
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    # The same table as the pages' (tournaments/fronts/permissions.py): a view not in it is refused.
    "DEFAULT_PERMISSION_CLASSES": ["tournaments.fronts.permissions.Rules"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Every list in parts (?limit=&offset=), its length in X-Total-Count (tournaments/fronts/api/pagination.py).
    "DEFAULT_PAGINATION_CLASS": "tournaments.fronts.api.pagination.TotalCountPagination",
    # JSON nested too deep to read is a 400, never a 500; forms as DRF's defaults take them.
    "DEFAULT_PARSER_CLASSES": [
        "tournaments.fronts.api.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Swiss tournaments API",
    "DESCRIPTION": "Published pairings, standings and crosstables; result entry and pairing for arbiters.",
    "VERSION": "1",
    # The docs page's scripts and styles from this server (drf-spectacular-sidecar), never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # A game's result and a Double-Swiss match's second result (Game.result2) share one choice set.
    "ENUM_NAME_OVERRIDES": {"ResultEnum": "tournaments.models.Result"},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
