"""The one way the planner writes a file: a temporary file beside it, then a rename over it.

Every file the product writes — the wizard's draft, plan files, settings, comparison and history
exports, PDFs — goes through :func:`write_file` or :func:`replacing`. The target is checked first
and refused in one keyed message when it is a symbolic link (never followed: writing through a
link to ``/dev/sda`` as root would replace the device's contents), a folder, a FIFO, a device or
a socket. The new contents are written to a private temporary file in the same folder, flushed
to disk and renamed over the target, so a reader sees the old file or the new one, never half of
it, and a crash leaves at most a hidden ``.NAME.*.tmp`` file beside it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from core.base.errors import InputError
from core.texts.messages import Message

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_BINARY", 0)


def check_target(path: Path) -> Path:
    """``path`` if a new file may be renamed over it: absent, or a regular file (not a link).

    Raises:
        InputError: ``path`` is a symbolic link, a folder, a FIFO, a device or a socket, or its
            folder cannot be examined.
    """
    path = Path(path)
    try:
        info = path.lstat()
    except FileNotFoundError:
        return path
    except OSError as error:
        raise _cannot_write(path, error) from None
    if stat.S_ISLNK(info.st_mode):
        raise InputError(Message("output.link", path=str(path)))
    if not stat.S_ISREG(info.st_mode):
        raise InputError(Message("output.not_file", path=str(path)))
    return path


def _cannot_write(path: Path, error: OSError) -> InputError:
    return InputError(
        Message("output.cannot_write", path=str(path), reason=str(error.strerror or error))
    )


def _create_beside(path: Path, private: bool) -> Path:
    """A new empty file beside ``path``, private or as the umask allows."""
    for _attempt in range(100):
        temporary = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
        try:
            handle = os.open(temporary, _CREATE, 0o600 if private else 0o666)
        except FileExistsError:
            continue
        os.close(handle)
        return temporary
    raise FileExistsError(f"no free temporary name beside {path}")


@contextlib.contextmanager
def replacing(path: Path, *, private: bool = False) -> Iterator[Path]:
    """A temporary path beside ``path`` to write; renamed over ``path`` when the block ends.

    For writers that take a file name rather than a stream (Qt's PDF writer). An exception in
    the block leaves ``path`` as it was and removes the temporary file.

    Raises:
        InputError: The target is refused (see :func:`check_target`) or cannot be written.
    """
    path = check_target(Path(path))
    folder = path.parent
    try:
        temporary = _create_beside(path, private)
    except OSError as error:
        raise _cannot_write(path, error) from None
    try:
        yield temporary
        check_target(path)  # not replaced by a link or a FIFO meanwhile
        handle = os.open(temporary, os.O_RDWR | _NOFOLLOW)  # Windows syncs writable handles only
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
        with contextlib.suppress(FileNotFoundError):  # the old file's permissions, once written
            os.chmod(temporary, stat.S_IMODE(path.lstat().st_mode))
        os.replace(temporary, path)
        _sync_folder(folder)
    except OSError as error:
        raise _cannot_write(path, error) from None
    finally:
        temporary.unlink(missing_ok=True)


def write_file(
    path: Path, data: bytes | str | Callable[[BinaryIO], None], *, private: bool = False
) -> Path:
    """Write ``data`` (bytes, UTF-8 text, or a function that writes a binary stream) to ``path``.

    ``private`` makes a new file readable by its owner only (settings); an existing file keeps
    its permissions.

    Raises:
        InputError: The target is refused (see :func:`check_target`) or cannot be written.
    """
    path = Path(path)
    with replacing(path, private=private) as temporary:
        try:
            with open(temporary, "wb") as stream:  # noqa: PTH123 - a stream for ``data``
                if callable(data):
                    data(stream)
                else:
                    stream.write(data.encode("utf-8") if isinstance(data, str) else data)
        except OSError as error:
            raise _cannot_write(path, error) from None
    return path


def _sync_folder(folder: Path) -> None:
    """Make the rename in ``folder`` durable (POSIX; elsewhere the rename is all there is)."""
    if os.name != "posix":
        return
    handle = os.open(folder if str(folder) else ".", os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
