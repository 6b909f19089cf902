"""Errors leave a trace: a 500 with DEBUG off writes its traceback to the event's log file, and a table
link's secret token never reaches the log (common.log_masking)."""

import logging
import logging.config

import pytest
from django.conf import settings
from django.test import Client

from common.log_masking import mask_entry_tokens
from scoring.entry import views as entry_views
from scoring.entry.access import table_link
from tests.scoring.conftest import table, tournament  # noqa: F401,F811 - fixtures


@pytest.fixture
def event_log(tmp_path):
    """The project's own LOGGING, with its file in a temporary event folder; put back afterwards."""
    log_file = tmp_path / "skat.log"
    config = {**settings.LOGGING, "handlers": {**settings.LOGGING["handlers"]}}
    config["handlers"]["event_file"] = {**config["handlers"]["event_file"], "filename": str(log_file)}
    logging.config.dictConfig(config)
    yield log_file
    logging.config.dictConfig(settings.LOGGING)


def test_a_server_error_is_logged_with_its_traceback_and_without_the_token(event_log, table, settings, monkeypatch):  # noqa: F811
    settings.DEBUG = False
    token = table_link(table).token

    def broken(*args, **kwargs):
        raise RuntimeError("the sheet broke")

    monkeypatch.setattr(entry_views, "table_sheet", broken)
    response = Client(raise_request_exception=False).get(f"/t/{token}/")

    assert response.status_code == 500
    assert "Traceback" not in response.content.decode() and "the sheet broke" not in response.content.decode()
    for handler in logging.getLogger().handlers:
        handler.flush()
    logged = event_log.read_text()
    assert "Internal Server Error: /t/***/" in logged
    assert "Traceback (most recent call last)" in logged and "RuntimeError: the sheet broke" in logged
    assert token not in logged


def test_tokens_are_masked_in_paths_and_tracebacks_alike():
    assert mask_entry_tokens("POST /t/Ab-9_x/save/ failed") == "POST /t/***/save/ failed"
    assert mask_entry_tokens('File "x", Http404("/t/Ab-9_x")') == 'File "x", Http404("/t/***")'
    assert mask_entry_tokens("/tournaments/3/tables/") == "/tournaments/3/tables/"


def test_the_filter_masks_the_arguments_and_the_exception_text():
    record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "Internal Server Error: %s",
                               ("/t/secret-token/save/",), None)
    try:
        raise ValueError("bad link /t/secret-token/")
    except ValueError:
        import sys

        record.exc_info = sys.exc_info()
    from common.log_masking import MaskEntryTokens

    assert MaskEntryTokens().filter(record)
    text = logging.Formatter().format(record)
    assert "secret-token" not in text and "/t/***/save/" in text and "ValueError: bad link /t/***/" in text


def logged_text(event_log) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return event_log.read_text()


@pytest.mark.django_db
def test_an_expected_404_and_403_are_one_line_each_without_a_traceback(event_log, table, settings):  # noqa: F811
    from django.contrib.auth.models import User

    settings.DEBUG = False
    token = table_link(table).token
    client = Client()
    assert client.get(f"/t/{token}x/").status_code == 404  # a mistyped table link
    client.force_login(User.objects.create_user("guest", password="a-long-hall-password"))
    assert client.get("/director/").status_code == 403  # a login without the director's role

    lines = logged_text(event_log).splitlines()
    assert "Traceback" not in "\n".join(lines) and token not in "\n".join(lines)
    assert [line.split(": ", 1)[1] for line in lines] == [
        "404 GET /t/***/: Not Found",
        "403 GET /director/: Forbidden (Permission denied)",
    ], lines
    assert all(" WARNING django.request " in line for line in lines)


def test_a_refusal_line_cannot_be_split_by_a_newline_in_the_path():
    from common.log_refusals import refusal_line

    assert refusal_line(404, "GET", "/x\n2026 ERROR forged", "Not Found: /x\\n2026 ERROR forged") == \
        "404 GET /x\\n2026 ERROR forged: Not Found"


def test_the_event_log_follows_a_rotation_in_every_process(tmp_path):
    """Two processes' handlers on one log file (as LOGGING makes them), the launcher rotating it between
    their lines: every line after the rotation is in the new file, none in the moved one."""
    from django.utils.module_loading import import_string

    from common.event_folder import log_rotate

    log_file = tmp_path / "skat.log"
    handler_class = import_string(settings.LOGGING["handlers"]["event_file"]["class"])
    writers = [handler_class(str(log_file), encoding="utf-8") for _process in range(2)]
    try:
        for number, writer in enumerate(writers):
            writer.emit(logging.makeLogRecord({"msg": f"before {number}"}))
        assert log_rotate(log_file, max_bytes=1)
        for number, writer in enumerate(writers):
            writer.emit(logging.makeLogRecord({"msg": f"after {number}"}))
    finally:
        for writer in writers:
            writer.close()

    assert log_file.with_name("skat.log.1").read_text() == "before 0\nbefore 1\n"
    assert log_file.read_text() == "after 0\nafter 1\n"
