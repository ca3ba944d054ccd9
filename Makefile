# The two commands of the README: `make run` and `make test`.
VENV := .venv
PYTHON := $(VENV)/bin/python
# The test suite runs against PostgreSQL and Redis (started below when they are down).
# The database is named after the checkout, so two checkouts can run their suites at once.
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/swiss_$(shell pwd | md5sum | cut -c1-8)
TEST_REDIS_URL ?= redis://127.0.0.1:6379/0

NATIVE := pairing/engine/core/_blossom.so

.PHONY: run test lint bench services browser native messages

# The app's dependencies (requirements.txt) and the test and lint tools (pyproject.toml's dev group).
$(VENV)/installed: requirements.txt pyproject.toml
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -r requirements.txt --group dev
	touch $@

# The native core of the weighted matching (see pairing/engine/core/matching.py); without a
# C compiler the engine uses its pure-Python solver, with the same results, slower.
native: $(NATIVE)

$(NATIVE): pairing/engine/core/_blossom.c
	@$(CC) -O2 -shared -fPIC -o $@ $< 2>/dev/null || \
		echo "note: no C compiler, the engine uses its pure-Python weighted matching (slower)"

# The app with demo data, on SQLite with in-process Celery (nothing to configure); the settings are
# production's unless DJANGO_DEBUG=1, as here on a development machine.
run: export DJANGO_DEBUG := 1
run: $(VENV)/installed native
	$(PYTHON) manage.py migrate --noinput
	$(PYTHON) manage.py demo
	$(PYTHON) manage.py runserver 0.0.0.0:8000

# Static checks first (a few seconds): the ruff rules and the import contracts of pyproject.toml, and
# no function over 60 lines (scripts/function_sizes.py).
# Both run, so one run shows every problem; either failing fails the target.
lint: $(VENV)/installed
	@status=0; \
	$(VENV)/bin/ruff check --no-cache . || status=1; \
	$(VENV)/bin/lint-imports --no-logo --no-cache || status=1; \
	$(PYTHON) scripts/function_sizes.py || status=1; \
	exit $$status

test: lint $(VENV)/installed native services browser
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(PYTHON) -m pytest -n 2 $(PYTEST_ARGS)

services:
	@pg_isready -q -h 127.0.0.1 -p 5432 || pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start
	@redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || \
		redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no

# The browser tests drive the system Chromium (never a downloaded browser).
browser:
	@test -x /usr/bin/chromium || (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium)

bench: $(VENV)/installed native
	$(PYTHON) -m pairing.engine.bench

# The translation catalogues (tournaments/locale/<language>/LC_MESSAGES/django.po): every translatable text of
# the templates and the Python code (in the engine, only the explanation's wordings are marked), added to each language's file (existing translations kept, those
# of texts no longer used as #~ entries, which a text that comes back gets again), then compiled to
# the .mo files the app reads (both are committed: `make test` needs no gettext).
# Needs GNU gettext (xgettext, msgmerge, msgfmt): apt-get install gettext.
LANGUAGES := it fr de es
messages: $(VENV)/installed
	DJANGO_DEBUG=1 $(PYTHON) manage.py makemessages --no-location \
		$(addprefix --locale=,$(LANGUAGES)) --ignore='.venv/*' --ignore='tests/*' --ignore='staticfiles/*' \
		--ignore='scripts/*'
	DJANGO_DEBUG=1 $(PYTHON) manage.py compilemessages --ignore='.venv/*'
