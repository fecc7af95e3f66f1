"""A throwaway PostgreSQL cluster for the tests: initdb and pg_ctl in a temporary folder, listening
only on a unix socket in that folder, never a system-wide service.

Run as root, the cluster belongs to an unprivileged user (``postgres`` if the system has one,
else ``nobody``), who owns the folder; PostgreSQL refuses to run as root. Without PostgreSQL's
programs the tests that need it are skipped with the reason, unless
``COURSE_BUILDER_REQUIRE_POSTGRES`` is set (CI sets it: there they must run).

``COURSE_BUILDER_POSTGRES_URL`` names a running server instead (a ``postgresql://`` URL of a
role that may create databases, e.g. ``postgresql://postgres@/postgres?host=/tmp/pg``): the
tests then make their databases there and start no cluster of their own. ``.ci/run`` starts one
cluster that way for the whole run and stops it at the end, whatever happened.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest

REQUIRE = "COURSE_BUILDER_REQUIRE_POSTGRES"
URL = "COURSE_BUILDER_POSTGRES_URL"


def binaries() -> str | None:
    """The folder of initdb and pg_ctl: Debian's /usr/lib/postgresql/N/bin, or the PATH's."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


def unavailable(reason: str) -> None:
    if os.environ.get(REQUIRE):
        pytest.fail(f"the PostgreSQL tests must run here, but {reason}")
    pytest.skip(f"PostgreSQL tests skipped: {reason} (apt-get install postgresql)")


def _owner() -> str | None:
    """The unprivileged user the cluster runs as when we are root; None: run as ourselves."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    return None


class Cluster:
    """A running cluster, reached at ``admin_url``; :meth:`database` makes a fresh empty database
    and gives its URL."""

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self._names = itertools.count(1)

    def database(self) -> str:
        import psycopg

        name = f"rooms_{os.getpid()}_{next(self._names)}_{secrets.token_hex(3)}"
        try:
            with psycopg.connect(self.admin_url, autocommit=True, connect_timeout=10) as conn:
                conn.execute(f"CREATE DATABASE {name}")
        except psycopg.Error as exc:
            unavailable(f"no database can be made at {self.admin_url} "
                        f"({' '.join(str(exc).split())[:200]})")
        return urlsplit(self.admin_url)._replace(path=f"/{name}").geturl()


@contextmanager
def running_cluster() -> Iterator[Cluster]:
    """Start a cluster (or skip, or fail under ``COURSE_BUILDER_REQUIRE_POSTGRES``); stop and
    delete it afterwards. With ``COURSE_BUILDER_POSTGRES_URL`` set, the server it names."""
    given = os.environ.get(URL)
    if given:
        yield Cluster(given)
        return
    bin_dir = binaries()
    if bin_dir is None:
        unavailable("PostgreSQL's programs (initdb, pg_ctl) are not installed")
    assert bin_dir is not None
    owner = _owner()
    folder = tempfile.mkdtemp(prefix="course-builder-pg-")
    if owner is not None:
        shutil.chown(folder, owner)
    as_owner = ["runuser", "-u", owner, "--"] if owner else []
    data = os.path.join(folder, "data")
    settings = (f"-c listen_addresses='' -c unix_socket_directories={folder} -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
    try:
        subprocess.run([*as_owner, f"{bin_dir}/initdb", "-D", data, "-A", "trust", "-U",
                        "postgres", "-E", "UTF8", "--no-sync"], check=True,
                       capture_output=True, text=True)
        subprocess.run([*as_owner, f"{bin_dir}/pg_ctl", "-D", data, "-l",
                        os.path.join(folder, "log"), "-o", settings, "-w", "-t", "30", "start"],
                       check=True, capture_output=True, text=True)
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        unavailable(f"a cluster cannot start ({(exc.stderr or exc.stdout or '').strip()[:300]})")
    try:
        yield Cluster(f"postgresql://postgres@/postgres?host={folder}")
    finally:
        subprocess.run([*as_owner, f"{bin_dir}/pg_ctl", "-D", data, "-m", "immediate", "-w",
                        "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
