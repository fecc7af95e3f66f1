"""Writing results: whole files or nothing, and never at the cost of what was there.

A regular file (or a new one) is written to a temporary file in the same folder and renamed over
the target, so an error never leaves a half-written file and an existing file is only ever
replaced completely. A symbolic link is followed and its target written (the link stays a link).
Devices, pipes and other special files (``/dev/stdout``, a FIFO, ``>(cat)``) cannot be replaced:
they are written directly, and a failed write or flush is reported. A new file gets the usual
permissions (0666 less the umask); a replaced file keeps its mode. Missing parent folders are
created.

Several files (one per race of a game) are written all or nothing: every file is staged first,
then the files are renamed into place; if any step fails, the files already renamed are put back
as they were. Every failure is an :class:`OutputError` naming the path, a user's mistake rather
than a bug.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path

from course_builder.core.errors import OutputError
from course_builder.core.values import Mutable


def write_atomic(path: str | Path, data: str | bytes) -> Path:
    """Write ``data`` to ``path`` completely or not at all; returns the path written."""
    return write_all([(Path(path), data)])[0]


def write_all(files: Sequence[tuple[Path, str | bytes]]) -> list[Path]:
    """Write every ``(path, data)`` or none of them (see the module notes)."""
    staged: list[_Staged] = []
    try:
        for path, data in files:
            staged.append(_stage(Path(path), _payload(data)))
        for item in staged:
            if item.tmp is None:
                _write_special(item)
        _commit([s for s in staged if s.tmp is not None])
    finally:
        for item in staged:
            if item.tmp is not None:
                item.tmp.unlink(missing_ok=True)
    return [s.asked for s in staged]


class _Staged(Mutable):
    asked: Path  # the path the user gave
    target: Path  # where the bytes go (a symlink's target)
    payload: bytes
    tmp: Path | None = None  # None: a special file, written directly


def _payload(data: str | bytes) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else data


def _stage(asked: Path, payload: bytes) -> _Staged:
    try:
        info = os.stat(asked)  # follows symlinks
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise OutputError(asked, _reason(exc), exc) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise OutputError(asked, "it is a folder")
    if info is not None and not stat.S_ISREG(info.st_mode):
        return _Staged(asked, asked, payload)  # a device, pipe or socket
    target = Path(os.path.realpath(asked)) if asked.is_symlink() else asked
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(".tmp", f".{target.name}.", target.parent)
    except OSError as exc:
        raise OutputError(asked, _reason(exc), exc) from None
    staged = _Staged(asked, target, payload, Path(name))
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(name, mode)
    except BaseException as exc:
        Path(name).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise OutputError(asked, _reason(exc), exc) from None
        raise
    return staged


def _write_special(item: _Staged) -> None:
    try:
        with open(item.target, "wb") as handle:
            handle.write(item.payload)
            handle.flush()
    except OSError as exc:
        raise OutputError(item.asked, _reason(exc), exc) from None


def _commit(staged: Sequence[_Staged]) -> None:
    """Rename the staged files into place; on a failure, undo the renames already made."""
    backups: list[tuple[_Staged, Path | None]] = []
    try:
        for item in staged:
            assert item.tmp is not None
            backup = None
            if item.target.exists():
                backup = item.tmp.with_suffix(".old")
                os.link(item.target, backup)
            backups.append((item, backup))
            os.replace(item.tmp, item.target)
    except OSError as exc:
        for done, backup in reversed(backups):
            if backup is not None:
                os.replace(backup, done.target)
            elif done.tmp is not None and not done.tmp.exists():
                done.target.unlink(missing_ok=True)
        raise OutputError(item.asked, _reason(exc), exc) from None
    finally:
        for _done, backup in backups:
            if backup is not None:
                backup.unlink(missing_ok=True)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _reason(exc: OSError) -> str:
    return (exc.strerror or str(exc)).lower() if exc.strerror else str(exc)
