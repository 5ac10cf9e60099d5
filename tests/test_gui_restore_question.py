"""Restore says what it takes away before asking, and leaves no stale notice after.

The question names the quotes and orders of the history that the backup lacks, and the orders
stopped since it was made; a backup that does not verify is refused before anything is asked.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from core.store import HistoryStore
from core.store.restore_preview import RestoreLoss, restore_loss
from tests import test_gui_history as shared
from tests.store_helpers import NOW, make_quote
from tests.test_gui_history import LABEL, action, cells, fill_history
from tests.test_gui_history_files import Files

answers, history, view = shared.answers, shared.history, shared.view


def notice(page: QWidget) -> str:
    return page.findChild(QWidget, "historyNotice").text()


def changes_after_backup(path: Path, ids: dict[str, str]) -> None:
    """Two orders placed, one quote saved and one order stopped after the backup."""
    with HistoryStore(path, clock=lambda: NOW) as store:
        for key in ("after-1", "after-2"):
            store.place_order(make_quote(label=key, now=NOW), key)
        store.save_quote(make_quote(label="quote after", now=NOW))
        store.stop_order(ids["Batch embeddings"])


def test_restore_loss_counts_what_the_backup_lacks(tmp_path: Path, user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True)
    path = user_data_dir / "history.sqlite"
    ids = fill_history(path)
    backup = tmp_path / "backup.sqlite"
    with HistoryStore(path) as store:
        from core.store.backup import backup_database

        backup_database(store, backup)
        assert restore_loss(store, backup) == RestoreLoss(0, 0, 0)
    changes_after_backup(path, ids)
    with HistoryStore(path, clock=lambda: NOW + timedelta(hours=1)) as store:
        loss = restore_loss(store, backup)
    assert loss == RestoreLoss(quotes=1, orders=2, stops=1)


def test_the_question_says_what_will_disappear_and_the_backup_notice_goes(
    view, qtbot, answers, app_state, history, monkeypatch, tmp_path
) -> None:
    files = Files(monkeypatch)
    backup = tmp_path / "backup.sqlite"
    files.paths = [backup]
    action(view, "historyBackupAction").trigger()
    qtbot.waitUntil(lambda: len(answers.infos) == 1)
    assert notice(view).startswith("Backup written to")
    changes_after_backup(app_state.db_path, history)
    action(view, "historyRefreshAction").trigger()
    qtbot.waitUntil(lambda: "quote after" in cells(view, LABEL))

    answers.answer = QMessageBox.StandardButton.No
    files.paths = [backup]
    action(view, "historyRestoreAction").trigger()
    qtbot.waitUntil(lambda: len(answers.questions) == 1)
    question = answers.questions[0]
    assert "Not in the backup, added since it was made: 1 quote and 2 orders." in question
    assert "1 order stopped since the backup will show as not stopped." in question
    assert "quote after" in cells(view, LABEL)  # answered No: nothing changed

    answers.answer = QMessageBox.StandardButton.Yes
    behind: list[str] = []  # the page's notice while the restore's own dialog is open
    monkeypatch.setattr(
        QMessageBox,
        "information",
        lambda _p, _t, text: (answers.infos.append(text), behind.append(notice(view))),
    )
    files.paths = [backup]
    action(view, "historyRestoreAction").trigger()
    qtbot.waitUntil(lambda: len(answers.infos) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: "quote after" not in cells(view, LABEL))
    assert "restored from" in behind[0] and "Backup written" not in behind[0]
    assert notice(view) == behind[0]


def test_a_backup_that_does_not_verify_is_refused_before_the_question(
    view, qtbot, answers, monkeypatch, tmp_path
) -> None:
    files = Files(monkeypatch)
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"not a database at all" * 100)
    files.paths = [broken]
    action(view, "historyRestoreAction").trigger()
    qtbot.waitUntil(lambda: len(answers.errors) == 1)
    assert answers.questions == []
    assert len(cells(view, LABEL)) == 5
