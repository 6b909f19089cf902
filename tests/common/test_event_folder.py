"""The event folder's shared files (common.event_folder): the log's rotation and the server lock."""

import pytest

from common.event_folder import ServerRunning, log_rotate, server_lock_hold, server_running


def test_the_log_is_rotated_once_it_is_full_and_the_oldest_dropped(tmp_path):
    log = tmp_path / "skat.log"
    assert not log_rotate(log, max_bytes=10, keep=2)  # no log yet: nothing to do
    for text in ("first log\n", "second log\n", "third log\n"):
        log.write_text(text)
        assert not log_rotate(log, max_bytes=len(text) + 1, keep=2)  # not full yet
        assert log_rotate(log, max_bytes=len(text), keep=2)

    assert not log.exists()
    assert [(tmp_path / name).read_text() for name in ("skat.log.1", "skat.log.2")] == ["third log\n",
                                                                                         "second log\n"]
    assert not (tmp_path / "skat.log.3").exists()


def test_the_server_lock_is_held_once_and_let_go_with_its_holder(tmp_path):
    assert server_running(tmp_path) is None  # no lock file at all
    with server_lock_hold(tmp_path):
        running = server_running(tmp_path)
        with pytest.raises(ServerRunning) as second:
            with server_lock_hold(tmp_path):
                pass  # pragma: no cover - never reached
    assert running == second.value.pid and running > 0
    assert server_running(tmp_path) is None  # the file is still there, the lock is not
