# Two commands do all the set-up on a fresh machine:
#   make run    virtualenv, install, migrate, start the server (gunicorn), the print worker and the backups
#               on the embedded SQLite database; HALL=1 (or HOST=0.0.0.0:8000) serves the hall's network
#   make dev    the same database with Django's reloading development server, for developers
#   make test   install what the tests need, run the linters (make lint), then the whole suite
#   make lint   ruff (pyflakes, sorted imports, bugbear) and the import-linter contracts
#   make messages   gather every translatable string into locale/*/django.po (then translate, see docs/TRANSLATING.md)
# The translations are compiled (.po -> .mo with Babel, pure Python: common/po.py, no GNU gettext needed) by every target
# that serves or tests the product, so nothing is done by hand.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# HALL=1 serves the hall's network (every address of this machine) unless HOST says otherwise.
HOST   ?= $(if $(filter 1 true yes on,$(HALL)),0.0.0.0:8000,127.0.0.1:8000)

.PHONY: run dev test test-fast test-db lint lint-imports bench migrate clean messages compile-messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-run: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-test: requirements.txt requirements-test.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements-test.txt
	touch $@ $(VENV)/.installed-run

migrate: $(VENV)/.installed-run compile-messages
	$(BIN)/python manage.py migrate --noinput

# The .mo files Django reads, from the .po files kept in the repository (only those that changed).
compile-messages: $(VENV)/.installed-run
	$(BIN)/python -m common.po

# After changing a page's or a message's English: every language's catalogue gains the new strings (GNU gettext's
# xgettext and msgmerge, as Django's makemessages uses them), then translate them and run make test.
messages: $(VENV)/.installed-run
	$(BIN)/python manage.py makemessages --all
	$(BIN)/python -m common.po

# The production server for the hall: gunicorn (skat_tourney/gunicorn.conf.py) and WhiteNoise, the task
# worker for print jobs and a backup every few minutes, all started and stopped together by the launcher
# (skat_tourney/launcher.py), which also migrates, collects the static files and, outside the hall, loads the
# demo event when the database holds no tournament.
run: $(VENV)/.installed-run compile-messages
	$(BIN)/python -m skat_tourney.launcher --bind $(HOST)

# For developers: Django's reloading server, the demo loaded once. Print jobs wait for a worker
# (`.venv/bin/python manage.py db_worker` in a second terminal).
dev: migrate
	$(BIN)/python manage.py demo --if-empty --login --players 48 --method up-sides-down-middle --seed 7 --play
	$(BIN)/python manage.py runserver $(HOST)

# The tests run in WORKERS processes at once (pytest-xdist; each has its own test database): 2 by default, as
# CI's machine has 2 cores; WORKERS=0 runs them in this one process (for a debugger).
WORKERS ?= 2
PYTEST  = $(BIN)/python -m pytest $(if $(filter-out 0,$(WORKERS)),-n $(WORKERS))

# The linters, then the whole suite.
test: lint compile-messages
	$(PYTEST)

# What a developer runs while working: the linters and every test not marked slow (about a minute).
test-fast: lint compile-messages
	$(PYTEST) -m "not slow"

# ruff (pyproject.toml [tool.ruff]: pyflakes, sorted imports, bugbear) and the layering contracts
# (pyproject.toml [tool.importlinter]). `.venv/bin/ruff check --fix .` sorts the imports.
lint: $(VENV)/.installed-test lint-imports
	$(BIN)/ruff check .

lint-imports: $(VENV)/.installed-test
	$(BIN)/lint-imports --no-cache

# The database tests only (.ci/run runs them again with DATABASE_URL pointing at PostgreSQL).
test-db: $(VENV)/.installed-test compile-messages
	$(PYTEST) -m database

bench: $(VENV)/.installed-test
	$(BIN)/python bench/run.py $(if $(FULL),--full)

clean:
	rm -rf $(VENV) db.sqlite3 db.sqlite3-wal db.sqlite3-shm staticfiles
