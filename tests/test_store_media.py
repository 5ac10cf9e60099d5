"""A read-only drive or folder and a full disk are named as such, never called damage."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.base.errors import StoreError
from core.store import HistoryStore
from core.store.errors import describe
from tests.store_crash import counts_of, populated
from tests.store_helpers import make_quote

needs_mount = pytest.mark.skipif(
    sys.platform != "linux" or os.geteuid() != 0, reason="mounting a tmpfs needs root on Linux"
)


def _mount(folder: Path, options: str) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True
    )
    return done.returncode == 0


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "disk"
    if not _mount(folder, "size=512k,mode=0700"):
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _remount(folder: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(folder)], check=True)


@needs_mount
def test_an_intact_history_on_a_read_only_drive_is_called_read_only(small_disk: Path) -> None:
    db = small_disk / "history.sqlite"
    before = populated(db, 2, "ro")
    _remount(small_disk, "ro")
    try:
        with pytest.raises(StoreError) as caught:
            HistoryStore(db)
    finally:
        _remount(small_disk, "rw")
    message = str(caught.value)
    assert "read-only" in message
    assert "damaged" not in message and "restore" not in message
    assert counts_of(db) == before


@needs_mount
def test_a_full_disk_is_called_full_and_loses_nothing(small_disk: Path) -> None:
    db = small_disk / "history.sqlite"
    before = populated(db, 2, "full")
    filler = small_disk / "filler"
    messages = []
    with HistoryStore(db) as store:  # open first: the write is what meets the full disk
        handle = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            while os.write(handle, b"\0" * 4096):
                pass
        except OSError:
            pass
        finally:
            os.close(handle)
        for number in range(40):
            try:
                store.save_quote(make_quote(label=f"big {number}", notes="x" * 9000))
            except StoreError as error:
                messages.append(str(error))
                break
    assert messages, "the disk never filled"
    assert "disk is full" in messages[0]
    assert "damaged" not in messages[0] and "restore" not in messages[0]
    filler.unlink()
    found = counts_of(db)
    assert not isinstance(found, str)
    assert found["orders"] == before["orders"]
    assert found["quotes"] >= before["quotes"]


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root ignores modes")
def test_a_read_only_file_is_called_read_only(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite"
    populated(db, 1, "mode")
    db.chmod(0o444)
    with pytest.raises(StoreError, match="read-only"):
        HistoryStore(db)


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (OSError(28, "No space left on device"), "disk is full"),
        (OSError(30, "Read-only file system"), "read-only"),
        (sqlite3.OperationalError("database or disk is full"), "disk is full"),
        (sqlite3.OperationalError("attempt to write a readonly database"), "read-only"),
        (sqlite3.OperationalError("database is locked"), "busy"),
        (sqlite3.DatabaseError("database disk image is malformed"), "restore a backup"),
    ],
)
def test_each_cause_is_named(error: Exception, words: str, tmp_path: Path) -> None:
    message = str(describe(error, tmp_path / "h.sqlite"))  # type: ignore[arg-type]
    assert words in message
    if words != "restore a backup":
        assert "restore" not in message
