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
