"""Hostile history files and imports, round two: each case one clear message, nothing lost.

A hot journal left by a killed first write is rolled back as SQLite does; hand-edited rows, a
negative schema version, a symbolic link and a folder without permission are refused in words; an
import re-prices against the bundled catalog it names, refuses numbers that overflow, and says
when an id already here differs; folders the app creates are 0700.
"""

from __future__ import annotations

import copy
import errno
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from core.base.errors import InputError, StoreError
from core.base.paths import ensure_private_dir
from core.domain.catalog import default_catalog
from core.store import HistoryStore
from core.store.exporting import export_data
from core.store.importing import import_json
from core.store.schema import SCHEMA_VERSION
from tests.catalog_prices import rate
from tests.cli_helpers import run_cli
from tests.store_crash import counts_of, populated
from tests.store_helpers import NOW, make_quote

POSIX = pytest.mark.skipif(os.name != "posix", reason="POSIX files and modes")


def _hot_journal(path: Path, *, first: bool) -> bytes:
    """Leave ``path`` as a process killed after writing its pages, before deleting its journal.

    With ``first`` the file is new (the journal says it had no pages); otherwise ``path`` holds
    committed rows and the unfinished transaction deletes every order. Returns the journal.
    """
    if first:
        path.touch()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("PRAGMA cache_size = 1")  # pages spill to the file: the journal is synced first
    conn.execute("BEGIN IMMEDIATE")
    if first:
        conn.execute("CREATE TABLE t (x BLOB)")
        for _ in range(20):
            conn.execute("INSERT INTO t VALUES (randomblob(5000))")
    else:
        conn.execute("DELETE FROM audit_log")
        conn.execute("DELETE FROM orders")
    journal = Path(f"{path}-journal").read_bytes()
    conn.execute("COMMIT")
    conn.close()
    Path(f"{path}-journal").write_bytes(journal)  # as a kill before its deletion leaves it
    return journal


def test_a_journal_left_by_a_killed_first_write_is_rolled_back_and_the_history_created(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "history.sqlite"
    journal = _hot_journal(path, first=True)
    assert journal.startswith(bytes.fromhex("d9d505f920a163d7"))  # a hot journal
    result = run_cli(capsys, "--db", str(path), "history", "list")
    assert result.code == 0, result.err
    assert "read-only" not in result.err
    assert not Path(f"{path}-journal").exists()
    with HistoryStore(path, clock=lambda: NOW) as store:
        assert store.schema_version == SCHEMA_VERSION
        store.save_quote(make_quote(label="after the crash"))
        assert store.count_history() == 1
        assert "t" not in {row[0] for row in store.conn.execute("SELECT name FROM sqlite_master")}


def test_a_journal_over_committed_rows_is_rolled_back_to_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "history.sqlite"
    before = populated(path, 4, "kept")
    _hot_journal(path, first=False)
    result = run_cli(capsys, "--db", str(path), "history", "list", "--json")
    assert result.code == 0, result.err
    assert len(result.json()) == 4 + 2  # every committed quote and order is back
    assert counts_of(path) == before


KILLED_FIRST_WRITE = """
import os, signal, sqlite3, sys
path = sys.argv[1]
os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
conn = sqlite3.connect(path, isolation_level=None)
conn.execute("PRAGMA cache_size = 1")
conn.execute("BEGIN IMMEDIATE")
conn.execute("CREATE TABLE quote_snapshots (id TEXT)")
for _ in range(40):
    conn.execute("INSERT INTO quote_snapshots VALUES (hex(randomblob(4000)))")
os.kill(os.getpid(), signal.SIGKILL)
"""


@POSIX
def test_a_process_killed_inside_its_first_write_leaves_a_history_that_opens(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "history.sqlite"
    done = subprocess.run([sys.executable, "-c", KILLED_FIRST_WRITE, str(path)], check=False)
    assert done.returncode == -signal.SIGKILL
    assert Path(f"{path}-journal").stat().st_size > 0 and path.stat().st_size > 0
    result = run_cli(capsys, "--db", str(path), "history", "list")
    assert result.code == 0, result.err
    assert "no saved quotes or orders" in result.out
    assert not Path(f"{path}-journal").exists()


KILLED_MIGRATION = """
import os, signal, sys
from pathlib import Path
from core.store import HistoryStore, schema

def killed(db):
    os.kill(os.getpid(), signal.SIGKILL)

schema.MIGRATIONS[schema.SCHEMA_VERSION] = killed
HistoryStore(Path(sys.argv[1]))
"""


@POSIX
def test_the_app_killed_inside_the_first_migration_leaves_a_history_that_opens(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "history.sqlite"
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", KILLED_MIGRATION, str(path)], cwd=root, check=False
    )
    assert done.returncode == -signal.SIGKILL
    assert Path(f"{path}-wal").exists()  # killed inside the transaction
    result = run_cli(capsys, "--db", str(path), "history", "list")
    assert result.code == 0, result.err
    with HistoryStore(path) as store:
        assert store.schema_version == SCHEMA_VERSION and store.migrated_from == SCHEMA_VERSION


def test_a_negative_schema_version_is_refused_in_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "history.sqlite"
    populated(path, 2, "edited")
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = -1")
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    before = path.read_bytes()
    result = run_cli(capsys, "--db", str(path), "history", "list")
    assert result.code == 4
    assert "schema version -1" in result.err and result.err.count("\n") == 1
    assert path.read_bytes() == before


@POSIX
def test_a_newer_history_in_wal_mode_leaves_no_wal_or_shm(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "history.sqlite"
    populated(path, 2, "future")
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite"]
    result = run_cli(capsys, "--db", str(path), "history", "list")
    assert result.code == 4 and "newer than this app" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite"]


def _edited(tmp_path: Path, sql: str) -> tuple[Path, str]:
    path = tmp_path / "history.sqlite"
    with HistoryStore(path, clock=lambda: NOW) as store:
        quote = make_quote(label="edited")
        store.save_quote(quote)
        order = store.place_order(quote, "edited-1").order.id
    conn = sqlite3.connect(path)
    conn.execute(sql)
    conn.commit()
    conn.close()
    return path, order


@pytest.mark.parametrize(
    "command",
    [("history", "list"), ("history", "show", "ORDER"), ("order", "stop", "ORDER")],
)
def test_a_time_edited_by_hand_is_one_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]
) -> None:
    path, order = _edited(tmp_path, "UPDATE orders SET created_at = 'garbage', paid_until = 'x'")
    words = [order if word == "ORDER" else word for word in command]
    result = run_cli(capsys, "--db", str(path), *words)
    assert result.code == 4, result
    assert "cannot be read" in result.err
    assert "'garbage'" in result.err or "'x'" in result.err
    assert result.err.count("\n") == 1


def test_an_audit_entry_edited_by_hand_is_a_store_error(tmp_path: Path) -> None:
    path, _ = _edited(tmp_path, "UPDATE audit_log SET at = '2026-13-45'")
    with HistoryStore(path) as store, pytest.raises(StoreError, match="cannot be read"):
        store.audit_entries()


def test_a_broken_snapshot_is_one_clear_error_on_export(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, _ = _edited(tmp_path, "UPDATE quote_snapshots SET snapshot = '{broken'")
    output = tmp_path / "out.json"
    result = run_cli(
        capsys, "--db", str(path), "history", "export", "--format", "json", "--output", str(output)
    )
    assert result.code == 4, result
    assert "cannot be read" in result.err and result.err.count("\n") == 1
    assert not output.exists()


def test_importing_a_folder_is_one_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    result = run_cli(capsys, "--db", str(tmp_path / "h.sqlite"), "history", "import", str(tmp_path))
    assert result.code == 2
    assert "not a regular file" in result.err and result.err.count("\n") == 1


@POSIX
def test_a_symbolic_link_as_the_history_names_the_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    real = tmp_path / "real.sqlite"
    populated(real, 1, "linked")
    link = tmp_path / "link.sqlite"
    link.symlink_to(real)
    result = run_cli(capsys, "--db", str(link), "history", "list")
    assert result.code == 4
    assert "must be a regular file" in result.err and str(real) in result.err
    assert "Too many levels" not in result.err


@POSIX
def test_a_data_folder_without_permission_is_one_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Root ignores modes, so the folder's refusal is what the system would answer anyone else.
    folder = tmp_path / "locked"
    folder.mkdir()
    real_stat, real_lstat = os.stat, os.lstat

    def refuse(real: Any) -> Any:
        def check(path: Any, *args: Any, **kwargs: Any) -> Any:
            if str(path).startswith(str(folder) + os.sep):
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return real(path, *args, **kwargs)

        return check

    monkeypatch.setattr(os, "stat", refuse(real_stat))
    monkeypatch.setattr(os, "lstat", refuse(real_lstat))
    result = run_cli(capsys, "--db", str(folder / "history.sqlite"), "history", "list")
    assert result.code == 4, result
    assert "history.sqlite" in result.err and result.err.count("\n") == 1


@POSIX
def test_the_data_folder_and_its_missing_parents_are_created_private(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    os.chmod(shared, 0o755)
    folder = shared / "base" / "AnchorGPU" / "AnchorGPU Planner"
    with HistoryStore(folder / "history.sqlite"):
        pass
    for made in (shared / "base", shared / "base" / "AnchorGPU", folder):
        assert made.stat().st_mode & 0o777 == 0o700, made
    assert shared.stat().st_mode & 0o777 == 0o755  # it existed: its mode is the user's
    assert ensure_private_dir(folder) == folder


# -- imports ---------------------------------------------------------------------------------


def _export(tmp_path: Path, name: str, **quote: Any) -> dict[str, Any]:
    with HistoryStore(tmp_path / f"{name}.sqlite", clock=lambda: NOW) as store:
        made = make_quote(label=name, **quote)
        store.save_quote(made)
        store.place_order(made, f"{name}-key")
        return export_data(store)


def _import(tmp_path: Path, data: dict[str, Any], db: str = "b.sqlite") -> Any:
    path = tmp_path / "import.json"
    path.write_text(json.dumps(data), "utf-8")
    with HistoryStore(tmp_path / db, clock=lambda: NOW) as store:
        return import_json(store, path)


def test_a_forged_price_with_every_figure_recomputed_is_refused(tmp_path: Path) -> None:
    bundled = default_catalog()
    cheap = [
        offer.model_copy(
            update={
                "price_per_gpu_hour": offer.price_per_gpu_hour.model_copy(
                    update={unit: Decimal("0.01") for unit in ("hour", "day", "week", "month")}
                )
            }
        )
        for offer in bundled.gpus
    ]
    # Same catalog id and date as the bundled one, every price 0.01 USD: the snapshot is
    # consistent in itself, its lines, total and fingerprint computed as the app would.
    forged = bundled.model_copy(update={"gpus": tuple(cheap)})
    data = _export(tmp_path, "forged", catalog=forged)
    assert data["orders"][0]["total"] == "1.68"  # 0.01 × 168 hours
    listed = rate("h100-80gb-sxm", "week")
    with pytest.raises(InputError, match=f"lists {re.escape(str(listed))} USD") as caught:
        _import(tmp_path, data)
    assert "anchorgpu-2026-11 of 2026-11-01" in str(caught.value)
    assert "not imported" in str(caught.value)
    with HistoryStore(tmp_path / "b.sqlite") as store:
        assert store.count_history() == 0


def test_a_total_that_the_catalog_prices_otherwise_is_refused(tmp_path: Path) -> None:
    data = _export(tmp_path, "storage", storage_gb=100)
    for snapshot in (data["quotes"][0]["snapshot"], data["orders"][0]["snapshot"]):
        for item in snapshot["price"]["line_items"]:
            if item["kind"] == "storage":  # storage at a tenth of the catalog's price
                item["params"]["per_gb_month"] = "0.01"
    with pytest.raises(InputError, match="derived|priced again"):
        _import(tmp_path, data)


def test_a_quote_of_another_catalog_is_imported_as_it_was_priced(tmp_path: Path) -> None:
    own = default_catalog().model_copy(update={"catalog_id": "my-prices"})
    data = _export(tmp_path, "own", catalog=own)
    summary = _import(tmp_path, data)
    assert (summary.quotes_added, summary.orders_added) == (1, 1)


def test_the_bundled_catalogs_own_quotes_still_import(tmp_path: Path) -> None:
    data = _export(tmp_path, "plain", tax_rate="0.2", storage_gb=50)
    summary = _import(tmp_path, data)
    assert (summary.quotes_added, summary.orders_added, summary.differing) == (1, 1, ())


@pytest.mark.parametrize("number", ["1e999", "-1e999", "2e308"])
def test_a_number_that_overflows_is_refused_like_infinity(tmp_path: Path, number: str) -> None:
    data = _export(tmp_path, "big")
    text = json.dumps(data).replace('"vram_gib": 80.0', f'"vram_gib": {number}')
    assert number in text
    path = tmp_path / "big.json"
    path.write_text(text, "utf-8")
    with HistoryStore(tmp_path / "b.sqlite") as store:
        with pytest.raises(InputError, match="too large"):
            import_json(store, path)
        assert store.count_history() == 0


def test_an_id_already_here_with_other_texts_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = _export(tmp_path, "twice")
    _import(tmp_path, data)
    changed = copy.deepcopy(data)
    changed["orders"][0].update(label="renamed", notes="other notes")
    changed["quotes"][0].update(notes="quote notes")
    summary = _import(tmp_path, changed)
    order, quote = data["orders"][0]["id"], data["quotes"][0]["id"]
    assert summary.skipped == 2
    assert [str(d) for d in summary.differing] == [
        f"quote {quote} is already here, but the file differs in notes; kept as it is here",
        f"order {order} is already here, but the file differs in label, notes; kept as it is here",
    ]
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(changed), "utf-8")
    result = run_cli(capsys, "--db", str(tmp_path / "b.sqlite"), "history", "import", str(path))
    assert result.code == 0
    assert f"warning: order {order} is already here, but the file differs in label" in result.err
    assert "2 of them differ in the file" in result.out
    again = _import(tmp_path, data)
    assert again.differing == ()  # the same file twice: nothing differs


def test_a_saved_quote_never_reads_the_model_file_it_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.estimate import dispatch as estimate_module
    from core.quotes.limits import quote_limits

    config = tmp_path / "config.json"
    shutil.copy(
        Path(__file__).parent / "fixtures" / "hf_configs" / "bloom-560m" / "config.json", config
    )
    quote = make_quote(label="local")
    request = quote.request | {"model": {"hf_config": str(config)}}
    opened: list[str] = []
    monkeypatch.setattr(estimate_module, "resolve", lambda request: opened.append("read"))
    solved = quote_limits(quote.model_copy(update={"request": request}))
    assert opened == []
    assert solved.limits is None and "local model file" in str(solved.problem)
