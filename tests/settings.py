"""The test suite's settings: the production settings (DEBUG off) with a key of its own, a cache in
each process's memory (the xdist workers share one Redis, and their databases number rows alike),
static files from the source (no collectstatic) and plain HTTP (the test client and live server)."""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-key-" + "x" * 50)

from config.settings import *  # noqa: F403

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}  # noqa: F405
SECURE_SSL_REDIRECT = False
# Logins in tests need no strong hashing: a fast hasher (the production settings keep Django's default).
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
