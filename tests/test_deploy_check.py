"""``manage.py check --deploy`` is clean with the production settings docs/OPERATIONS.md documents, and its
deploying steps leave nothing undone."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_deploy_check_is_clean_with_the_documented_production_settings(tmp_path):
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "SECURE_"))}
    env.update(DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="skat.example.org",
               SITE_URL="https://skat.example.org", DATABASE_URL=f"sqlite:///{tmp_path / 'deploy.sqlite3'}")
    done = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNINGS" not in done.stderr + done.stdout and "no issues" in done.stdout


@pytest.mark.slow
def test_production_settings_send_cookies_over_https_only():
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "SECURE_"))}
    env.update(DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="skat.example.org")
    code = ("import django; django.setup(); from django.conf import settings as s; "
            "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SESSION_COOKIE_HTTPONLY, s.SECURE_SSL_REDIRECT)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**env, "DJANGO_SETTINGS_MODULE":
                                                                        "skat_tourney.settings"},
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["True", "True", "True", "True"], done.stderr


def readme_deploying_commands() -> list[str]:
    """The commands of docs/OPERATIONS.md's "Deploying" block: its indented lines, each without its comment."""
    section = (ROOT / "docs" / "OPERATIONS.md").read_text().split("\n## Deploying\n", 1)[1].split("\n## ", 1)[0]
    return [re.sub(r"\s+#.*$", "", line).strip() for line in section.splitlines() if line.startswith("    ")]


def test_the_deploying_steps_compile_the_translations_before_the_server_starts():
    commands = readme_deploying_commands()
    server = next(n for n, command in enumerate(commands) if command.startswith(".venv/bin/gunicorn"))
    # Without the .mo files every page is in English, whatever the browser asks for (they are not in git).
    assert ".venv/bin/python -m common.po" in commands[:server], commands
