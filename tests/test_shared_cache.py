"""The cache every process and app server shares (settings.CACHES): Redis with ``REDIS_URL``, else the database
cache, whose table ``migrate`` makes; never a process's own memory, which split the limits per process."""

import runpy
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache

from tests.test_rooms import rooms

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = rooms()


def caches_with(monkeypatch, tmp_path, **env) -> dict:
    for name in ("REDIS_URL", "CACHE_BACKEND", "CACHE_KEY_PREFIX"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("EVENT_DIR", str(tmp_path))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(ROOT / "skat_tourney" / "settings.py"))["CACHES"]["default"]


def test_redis_with_redis_url_else_the_database_cache(monkeypatch, tmp_path):
    redis = caches_with(monkeypatch, tmp_path, REDIS_URL="redis://cache.example.org:6379/3", CACHE_KEY_PREFIX="club")
    assert (redis["BACKEND"], redis["LOCATION"], redis["KEY_PREFIX"]) == (
        "django.core.cache.backends.redis.RedisCache", "redis://cache.example.org:6379/3", "club")
    assert caches_with(monkeypatch, tmp_path)["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    files = caches_with(monkeypatch, tmp_path, CACHE_BACKEND="file")
    assert files["LOCATION"] == str(tmp_path / "cache")


@pytest.mark.django_db
def test_the_tests_use_the_database_cache_and_migrate_made_its_table():
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    assert cache.add("probe", 1, 60) and not cache.add("probe", 2, 60) and cache.get("probe") == 1


def test_no_product_module_keeps_a_cache_in_its_process():
    named = [path for package in PRODUCT for path in (ROOT / package).rglob("*.py")
             if "locmem" in path.read_text().lower()]
    assert named == []
