"""Every file the planner writes goes through one writer: never through a link, never a device.

The draft, plan files, settings, comparison CSV and PDF, history exports: a target that is a
symbolic link, a folder, a FIFO or a device is refused in one keyed message and left as it was;
anything else is written to a temporary file beside it and renamed over it.
"""

from __future__ import annotations

import csv
import os
import stat
from pathlib import Path
from types import SimpleNamespace

import pytest

from core.app.settings import Settings, save_settings
from core.base.errors import InputError
from core.base.output_file import write_file
from core.domain.request_parsing import parse_request

REQUEST = {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"}
OLD = b"the link's target, which must stay as it was\n"


def _link_to_victim(tmp_path: Path, name: str) -> tuple[Path, Path]:
    victim = tmp_path / "victim.bin"
    victim.write_bytes(OLD)
    link = tmp_path / name
    link.symlink_to(victim)
    return link, victim


def _unchanged(link: Path, victim: Path) -> None:
    assert link.is_symlink()
    assert victim.read_bytes() == OLD
    assert [p.name for p in link.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_a_link_is_refused_in_one_keyed_line_and_its_target_kept(tmp_path):
    link, victim = _link_to_victim(tmp_path, "out.json")
    with pytest.raises(InputError) as refused:
        write_file(link, "new")
    assert refused.value.message.key == "output.link"
    assert len(str(refused.value).splitlines()) == 1
    _unchanged(link, victim)


def _device(tmp_path: Path) -> Path:
    """A copy of /dev/null in ``tmp_path``: a wrong writer replaces it, not the machine's."""
    from tests.faults.fuzz_inputs import private_device

    device = private_device(tmp_path)
    if device is None:
        pytest.skip("making a device node needs root")
    return device


def test_a_fifo_a_folder_and_a_device_are_refused_without_opening_them(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # opening it for writing would wait for a reader forever
    folder = tmp_path / "folder"
    folder.mkdir()
    device = _device(tmp_path)
    for target in (fifo, folder, device):
        with pytest.raises(InputError) as refused:
            write_file(target, b"x")
        assert refused.value.message.key == "output.not_file", target
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and folder.is_dir()
    assert stat.S_ISCHR(device.lstat().st_mode)
    assert list(folder.iterdir()) == []


def test_a_write_replaces_the_file_whole_and_keeps_its_permissions(tmp_path):
    target = tmp_path / "plan.json"
    target.write_text("old")
    target.chmod(0o640)
    before = target.stat().st_ino
    write_file(target, "new")
    assert target.read_text() == "new"
    assert target.stat().st_ino != before  # a new file renamed over the old one
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "plan.json"
    target.write_text("old")

    def fail(stream):
        stream.write(b"half")
        raise RuntimeError("disk gone")

    with pytest.raises(RuntimeError):
        write_file(target, fail)
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plan.json"]


def test_new_settings_are_private_and_never_written_through_a_link(tmp_path):
    path = save_settings(Settings(), tmp_path / "settings.json")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    link, victim = _link_to_victim(tmp_path, "linked-settings.json")
    with pytest.raises(InputError, match="symbolic link"):
        save_settings(Settings(), link)
    _unchanged(link, victim)


def test_the_draft_is_not_written_through_a_link(qapp, tmp_path):
    from gui.wizard.plan_files import DRAFT_FILE, keep_draft

    link, victim = _link_to_victim(tmp_path, DRAFT_FILE)
    keep_draft(parse_request(REQUEST), tmp_path)  # best effort: refused without a word
    _unchanged(link, victim)


def test_save_plan_as_refuses_a_link_and_a_device(qapp, tmp_path):
    from gui.wizard.plan_files import write_plan

    link, victim = _link_to_victim(tmp_path, "plan.json")
    with pytest.raises(InputError, match="symbolic link"):
        write_plan(parse_request(REQUEST), link)
    _unchanged(link, victim)
    with pytest.raises(InputError, match="not a regular file"):
        write_plan(parse_request(REQUEST), _device(tmp_path))


def test_a_pdf_is_rendered_beside_its_target_and_never_through_a_link(qapp, tmp_path):
    from gui.presentation.printing import DocumentPrinter

    printer = DocumentPrinter()
    link, victim = _link_to_victim(tmp_path, "quote.pdf")
    with pytest.raises(InputError, match="symbolic link"):
        printer.save_pdf("<p>quote</p>", "quote", link)
    _unchanged(link, victim)
    path = tmp_path / "real.pdf"
    printer.save_pdf("<p>quote</p>", "quote", path)
    assert path.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quote.pdf", "real.pdf", "victim.bin"]


FORMULAS = ['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]


def test_the_comparison_csv_writes_no_live_formula_and_refuses_a_link(tmp_path):
    from gui.presentation.comparison import write_csv

    columns = [SimpleNamespace(key=formula) for formula in FORMULAS[:2]]
    rows = [(formula, [formula, "plain"]) for formula in FORMULAS]
    path = tmp_path / "comparison.csv"
    write_csv(path, columns, rows)  # type: ignore[arg-type]
    with path.open(encoding="utf-8-sig", newline="") as handle:
        written = list(csv.reader(handle))
    cells = [cell for row in written for cell in row if cell]
    assert cells and all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in cells)
    assert written[1] == ["'" + FORMULAS[0], "'" + FORMULAS[0], "plain"]
    link, victim = _link_to_victim(tmp_path, "linked.csv")
    with pytest.raises(InputError, match="symbolic link"):
        write_csv(link, columns, rows)  # type: ignore[arg-type]
    _unchanged(link, victim)


def test_history_and_comparison_share_one_csv_writer():
    import core.store.exporting as exporting
    import gui.presentation.comparison as comparison
    from core.base import csv_file

    assert exporting.write_csv is csv_file.write_csv
    assert exporting.neutralise_cell is csv_file.neutralise_cell
    source = Path(comparison.__file__).read_text(encoding="utf-8")
    assert "csv.writer" not in source and "from core.base.csv_file import" in source


def test_an_imported_catalog_is_copied_beside_the_data_and_never_through_a_link(
    app_state, tmp_path
):
    from core.domain.catalog import bundled_catalog_path
    from gui.settings_store import IMPORTED_CATALOG_FILE

    app_state.data_dir.mkdir(parents=True, exist_ok=True)
    victim = tmp_path / "victim.bin"
    victim.write_bytes(OLD)
    target = app_state.data_dir / IMPORTED_CATALOG_FILE
    target.symlink_to(victim)
    with pytest.raises(InputError, match="symbolic link"):
        app_state.import_catalog(bundled_catalog_path())
    _unchanged(target, victim)


def test_the_window_state_is_not_written_through_a_link(app_state, qtbot, tmp_path):
    from gui.app_state import WINDOW_STATE_FILE
    from gui.main_window import MainWindow

    app_state.data_dir.mkdir(parents=True, exist_ok=True)
    victim = tmp_path / "victim.bin"
    victim.write_bytes(OLD)
    link = app_state.data_dir / WINDOW_STATE_FILE
    link.symlink_to(victim)
    window = MainWindow(app_state)
    qtbot.addWidget(window)
    window.show()
    window.close()  # QSettings would replace the link's target with the window's geometry
    assert link.is_symlink() and victim.read_bytes() == OLD
