"""Fixtures shared by several test modules: a throwaway PostgreSQL cluster (tests/pgcluster.py),
started once per test process (each xdist worker: about a second) by the first test that needs
it; Debian's chromium driven by Playwright, once per browser test module."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.pgcluster import Cluster, running_cluster


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    with running_cluster() as cluster:
        yield cluster


CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""Chromium's flags for a headless run that reaches nothing but the test server."""


def _unavailable(reason: str) -> None:
    """Skip a browser test, or fail it where CI requires the browser tests to run."""
    if os.environ.get("COURSE_BUILDER_REQUIRE_BROWSER"):
        pytest.fail(f"the browser tests must run here, but {reason}")
    pytest.skip(f"browser tests skipped: {reason} (apt-get install chromium)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the Python package playwright is not installed")
    if not os.access(CHROMIUM, os.X_OK):
        _unavailable(f"there is no {CHROMIUM}")
    with sync_playwright() as p:
        try:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=30_000)
        except Exception as exc:
            _unavailable(f"chromium cannot start ({str(exc).splitlines()[0][:200]})")
        yield browser
        browser.close()
