# Two commands do all the set-up on a fresh machine:
#   make run    virtualenv, install, migrate, start the server on the embedded SQLite database
#   make test   install what the tests need and run the whole suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1:8000

.PHONY: run test test-fast test-db lint-imports bench migrate clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-run: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-test: requirements.txt requirements-test.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements-test.txt
	touch $@ $(VENV)/.installed-run

migrate: $(VENV)/.installed-run
	$(BIN)/python manage.py migrate --noinput

# A new user sees a finished event at once: a demo is loaded when the database holds no tournament.
run: migrate
	$(BIN)/python manage.py demo --if-empty --login --players 48 --method up-sides-down-middle --seed 7 --play
	$(BIN)/python manage.py runserver $(HOST)

# The layering contracts (pyproject.toml [tool.importlinter]), then the whole suite.
test: lint-imports
	$(BIN)/python -m pytest

# What a developer runs while working: the contracts and every test not marked slow (under a minute).
test-fast: lint-imports
	$(BIN)/python -m pytest -m "not slow"

lint-imports: $(VENV)/.installed-test
	$(BIN)/lint-imports --no-cache

# The database tests only (.ci/run runs them again with DATABASE_URL pointing at PostgreSQL).
test-db: $(VENV)/.installed-test
	$(BIN)/python -m pytest -m database

bench: $(VENV)/.installed-test
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
