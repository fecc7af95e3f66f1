"""Fixtures shared by several test modules: a throwaway PostgreSQL cluster (tests/pgcluster.py),
started once per test process (each xdist worker: about a second) by the first test that needs
it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pgcluster import Cluster, running_cluster


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    with running_cluster() as cluster:
        yield cluster
