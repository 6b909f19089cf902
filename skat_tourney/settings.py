"""Settings, read from the environment so one code base serves a laptop in the hall and production.

Environment variables:
    DATABASE_URL   database to use (default: an SQLite file ``db.sqlite3`` beside manage.py);
                   PostgreSQL in production, e.g. ``postgres://user@127.0.0.1:5432/skat``.
    SECRET_KEY     required when DEBUG is off.
    DEBUG          "1"/"true" to turn on debug pages (default on for local use).
    ALLOWED_HOSTS  comma-separated host names (default: localhost names when DEBUG is on).
    HALL           "1" to serve the hall's network: this machine's host name and LAN addresses are allowed too.
    EVENT_DIR      the event folder: the log file and the backups (default: ``event/`` beside manage.py).
    BACKUP_DIR     where backups go (default: ``backups/`` in the event folder).
    BACKUP_EVERY_MINUTES, BACKUP_KEEP   how often ``make run`` backs up during play, and how many it keeps.
    TASKS_BACKEND  the task queue's backend (default: the database queue that ``manage.py db_worker`` runs).
    SITE_URL       the event's public base URL, e.g. ``https://skat.example.org``: every printed QR code and
                   table entry link is built on it (default: the address the page was opened at).
    LOGIN_FAILURES, LOGIN_COOLOFF_MINUTES   wrong passwords for one name from one address before the login
                   is locked, and for how long (default 5 and 15).
    PROXY_COUNT    how many proxies in front of the server append to X-Forwarded-For (default 0: the header is
                   not trusted); the login lock, the API throttle and the sign-up limit then count by the
                   client's address, not the proxy's (common.client_address, the one place that reads it).
    REDIS_URL      the shared cache of a host with several app servers, e.g. ``redis://127.0.0.1:6379/0``
                   (CACHE_KEY_PREFIX keeps hosts sharing one Redis apart; default ``skat``). Without it: the
                   database cache, shared by every process on the same database (CACHE_BACKEND=file: the file
                   cache in the event folder instead).
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url

from common.event_folder import LOG_NAME, event_folder  # the launcher (no Django) reads the same folder

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


# In the hall (HALL=1) the laptop serves the phones on the hall's network, run by a director, not an admin.
# Debug pages are off by default there (no traceback ever reaches a phone), and the secret key is made once
# and kept in the event folder, so a director need not invent one.
HALL = _env_flag("HALL", False)
EVENT_DIR = event_folder()
EVENT_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = _env_flag("DEBUG", not HALL)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY and HALL:
    from skat_tourney.hall_network import event_secret_key

    SECRET_KEY = event_secret_key(EVENT_DIR / "secret_key")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("SECRET_KEY must be set when DEBUG is off.")
    # Only for local use: a development key, never valid in production (DEBUG off refuses it above).
    SECRET_KEY = "dev-only-insecure-key-skat-tourney"

ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "").split(",") if h.strip()]
if DEBUG and not ALLOWED_HOSTS:
    ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]

# In the hall the phones reach the laptop by its LAN address or host name, which no one types in beforehand.
if HALL:
    from skat_tourney.hall_network import hall_host_names

    ALLOWED_HOSTS = list(dict.fromkeys([*ALLOWED_HOSTS, "localhost", "127.0.0.1", *hall_host_names()]))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_htmx",
    "simple_history",
    "django_tasks",  # the task queue (print jobs): the django.tasks backport
    "django_tasks.backends.database",
    "axes",
    "accounts",
    "clubs",
    "scoring",
    "cashdesk",
    "archive",  # a tournament's file: manage.py export and import
    "seasons",
    "leagues",  # league play: Staffeln, teams, match days, the league table
    "stats",  # what the lists say: each player's figures from every deal he played
    "seating",
    "public",  # results for everyone: pages and the read-only API
    "rest_framework",
    "drf_spectacular",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the one chosen with the switch (its cookie), else the browser's Accept-Language, else English.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The club of the page and the login's roles there (request.club_scope: .club, .roles): clubs.scope.
    "clubs.scope.ClubScopeMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # People and access: table-link pages are never cached; axes (last) turns a locked login into its page.
    "accounts.middleware.NoStoreTableLinksMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "skat_tourney.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",  # LANGUAGE_CODE for <html lang> and the switch
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.roles",  # people and access: the header's links
            ],
            # every page may say an engine sentence in the reader's language (say, say_id), money, a saved deal's
            # count (count_in) and a stored game name (game_in) in the reader's language
            "builtins": ["common.templatetags_i18n", "scoring.templatetags_i18n"],
        },
    },
]

WSGI_APPLICATION = "skat_tourney.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
    )
}

# SQLite serves 16 table controllers saving at once:
# IMMEDIATE transactions take the write lock when they begin, so a writer waits its turn (up to the busy
# timeout) instead of failing with "database is locked" when a read lock cannot be upgraded; WAL lets
# readers go on while one writes; synchronous=FULL makes every acknowledged deal survive a power cut too.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA busy_timeout=20000;",
    })

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# Every page, print and engine sentence in the reader's language:
# English and German, complete; a club adds a language by adding it here and its locale/<code>/ .po file
# (docs/TRANSLATING.md). English stays the default when the browser asks for nothing we have.
from django.utils.translation import gettext_lazy as _  # noqa: E402

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The switch remembers the choice in a cookie for a year (no login needed: table controllers use it too).
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
USE_I18N = True
# Dates and numbers in the language's own format (1.234,50 € in German: the `money` filter groups thousands;
# seeds, years and table numbers are never grouped).
USE_THOUSAND_SEPARATOR = False  # grouping only where a figure asks for it (money: common.money)

TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# People and access: the logins, their roles in a club, and the guard on guessed passwords.
# One login page for the site (the admin's login is throttled the same way); roles are the groups
# "director" and "committee" (common.permissions).
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "landing"  # a league captain lands on his team's page, everyone else on the home
LOGOUT_REDIRECT_URL = "scoring:home"

# The event's public address, for every QR code and entry link printed or shown (no trailing slash).
SITE_URL = os.environ.get("SITE_URL", "").strip().rstrip("/")

# django-axes: lock a name after LOGIN_FAILURES wrong passwords from one address, for a cool-off period.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURES", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
# Behind a proxy REMOTE_ADDR is the proxy itself, and the lock would hold per name only. PROXY_COUNT, the number
# of proxies in front of the server, lets it hold per name and client address again: the address the outermost
# proxy was reached from, read from X-Forwarded-For (common.client_address). Off (0) by default: the header,
# which anyone can send, is then never read.
PROXY_COUNT = int(os.environ.get("PROXY_COUNT", "0"))
AXES_CLIENT_IP_CALLABLE = "common.client_address.client_address"

# --- The shared cache: the limits and the live tables hold for the whole server, not per process ----------------
# Every gunicorn worker, and every app server of a host, must count the sign-up limit and the API throttle in the
# same place and read the same live tables, so no cache lives in a process's memory. A host: Redis (REDIS_URL).
# The hall and the tests: the database cache (its table made by the migration accounts 0002), which needs no
# other service and cost the saves no more than the file cache did (bench/bench_cache_backends.py, bench/README.md).
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL,
                          "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "skat")}}
elif os.environ.get("CACHE_BACKEND", "database") == "file":
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                          "LOCATION": str(EVENT_DIR / "cache")}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "skat_cache"}}
# --- end of the shared cache ------------------------------------------------------------------------------------

# Cookies travel only over HTTPS when the site is served over HTTPS (the production block below);
# the CSRF cookie is never read by a script (htmx sends the token from the page).
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = CSRF_COOKIE_SAMESITE = "Lax"

if not DEBUG:
    # Production behind a TLS-terminating proxy (see docs/OPERATIONS.md, "Deploying").
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # The hall's closed network has no TLS (HALL=1): plain http there unless told otherwise.
    SECURE_SSL_REDIRECT = _env_flag("SECURE_SSL_REDIRECT", not HALL)
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = _env_flag("SECURE_COOKIES", not HALL)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "3600"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = _env_flag("SECURE_HSTS_PRELOAD", False)
    SECURE_CONTENT_TYPE_NOSNIFF = True
    # HSTS preload is a commitment for the whole domain; a club's own server should choose it, not us.
    SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# In development WhiteNoise serves straight from the apps' static folders (no collectstatic needed).
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG


# The event folder keeps what an evening must not lose: the log file and the backups.
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR", EVENT_DIR / "backups"))
BACKUP_EVERY_MINUTES = int(os.environ.get("BACKUP_EVERY_MINUTES", "5"))
BACKUP_KEEP = int(os.environ.get("BACKUP_KEEP", "24"))
LOG_FILE = EVENT_DIR / LOG_NAME

# Every error lands in the console and in the event's log file with its traceback; an expected refusal (a 404, a
# 403) is one line without one (common.log_refusals.OneLineRefusals); a table link's secret token is masked in
# whatever is logged (common.log_masking.MaskEntryTokens).
# The log file is written by several processes at once (the gunicorn workers, the print workers, the backups):
# each appends whole lines, and none rotates it. A WatchedFileHandler reopens the file when it has been moved
# away, so the one rotator, the launcher (common.event_folder.log_rotate: at 5 MB, five kept) or the system's
# logrotate, can rotate it safely under all of them.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line_refusals": {"()": "common.log_refusals.OneLineRefusals"},
                "mask_tokens": {"()": "common.log_masking.MaskEntryTokens"}},
    "formatters": {"plain": {"format": "{asctime} {levelname} {name} [{process}]: {message}", "style": "{"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain",
                    "filters": ["one_line_refusals", "mask_tokens"]},
        "event_file": {"class": "logging.handlers.WatchedFileHandler", "filename": str(LOG_FILE),
                       "encoding": "utf-8", "formatter": "plain", "filters": ["one_line_refusals", "mask_tokens"]},
    },
    "root": {"handlers": ["console", "event_file"], "level": "WARNING"},
    "loggers": {
        # Django's own request and server errors (the 500s) propagate to the root's handlers.
        "django": {"level": "WARNING"},
        "django_tasks": {"level": "INFO"},
        "scoring": {"level": "INFO"},
        "seating": {"level": "INFO"},
        "skat_tourney": {"level": "INFO"},
    },
}

# Print jobs run outside the request, so a page never waits for a PDF of the whole hall.
# The jobs wait in the database until ``manage.py db_worker`` (started beside the server by ``make run``)
# runs them, so a job survives a restart of either.
TASKS = {"default": {"BACKEND": os.environ.get("TASKS_BACKEND", "django_tasks.backends.database.DatabaseBackend")}}


# The open API (public.api): read-only and anonymous, so throttled; JSON, or CSV with ?format=csv.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer", "public.api.renderers.CSVRenderer"],
    # Counted by the client's address as the login counts it (PROXY_COUNT), never by a header anyone can send.
    "DEFAULT_THROTTLE_CLASSES": ["public.api.throttles.ClientAddressThrottle"],
    "DEFAULT_THROTTLE_RATES": {"anon": os.environ.get("SKAT_API_RATE", "300/minute")},
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Skat tournament results API",
    "DESCRIPTION": "Read-only: clubs, published events, series, seatings, standings, players' public pages, deals.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
}
