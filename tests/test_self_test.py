"""``anchorgpu-planner --self-test`` and ``self-test``: they pass on a good installation, and a
missing or broken resource, a network access or a data folder inside the app makes them fail with a
line that says what. Also the bundle's PyInstaller settings (``build/bundle_options.py``).

The failing cases run the self-test as a subprocess on a copy of ``core``, ``gui`` and
``resources`` with one file removed or damaged, so the running test session's caches and the clone
stay untouched.
"""

from __future__ import annotations

import ast
import importlib.util
import io
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from core.app.check_runner import NetworkGuard, SelfTestError, network_check, run_checks
from core.app.selftest import GLOSSARY_TERMS, EngineChecks

ROOT = Path(__file__).resolve().parent.parent
ENGINE_CHECKS = (
    "command line",
    "resources",
    "catalog",
    "glossary",
    "model presets",
    "translations",
    "icons",
    "sample plan",
    "other workloads",
    "history database",
    "data folder",
    "network",
)
WINDOW_CHECKS = ("Qt", "gui modules", "main window", "languages", "icons render")
# Runs the console-script entry point as installed, and reports whether Qt was loaded.
ENTRY = """
import sys
sys.argv = ["anchorgpu-planner", *sys.argv[1:]]
from gui.launcher import main
code = main()
qt = sorted(name for name in sys.modules if name.split(".")[0] in ("PySide6", "shiboken6"))
print("QT-MODULES:", qt, file=sys.stderr)
sys.exit(code)
"""


def run_self_test(*args: str, tree: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """The entry point with ``args``, importing ``core``/``gui``/``resources`` from ``tree``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    return subprocess.run(
        [sys.executable, "-c", ENTRY, *args],
        cwd=tree,  # the current folder comes first on sys.path, before the editable install
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the app's packages to break."""
    target = tmp_path / "app"
    for name in ("core", "gui", "resources"):
        shutil.copytree(ROOT / name, target / name, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def lines(output: str) -> dict[str, str]:
    """Check name → its whole line, for the ok/FAIL lines of a run."""
    found = {}
    for line in output.splitlines():
        status, _, rest = line.partition(" ")
        if status in ("ok", "FAIL"):
            found[rest.strip().split(":")[0]] = line
    return found


# -- passing -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_self_test_passes_with_a_line_per_check(user_data_dir: Path):
    done = run_self_test("--self-test")
    assert done.returncode == 0, done.stdout + done.stderr
    seen = lines(done.stdout)
    assert list(seen) == [*ENGINE_CHECKS[:-1], *WINDOW_CHECKS, "network"]
    assert all(line.startswith("ok  ") for line in seen.values())
    assert f"ok  glossary: {GLOSSARY_TERMS} terms" in done.stdout
    assert "ok  resources: " + str(ROOT / "resources") in done.stdout
    assert done.stdout.rstrip().endswith("self-test passed: 17 checks")
    # The offscreen plugin's size-hint notice is no fault of the installation: not printed.
    assert "propagateSizeHints" not in done.stdout + done.stderr
    # The run used a temporary folder, not the data folder it was given.
    assert not user_data_dir.exists() or not any(user_data_dir.iterdir())


@pytest.mark.slow
def test_engine_self_test_runs_without_loading_qt():
    done = run_self_test("self-test")
    assert done.returncode == 0, done.stdout + done.stderr
    assert list(lines(done.stdout)) == list(ENGINE_CHECKS)
    assert "QT-MODULES: []" in done.stderr


@pytest.mark.slow
def test_startup_probe_shows_the_window_loading_only_what_the_app_loads(user_data_dir: Path):
    done = run_self_test("--self-test", "--startup")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == ["main window shown", "wizard ready", "pages ready"]
    assert not user_data_dir.exists() or not any(user_data_dir.iterdir())


def test_startup_probe_imports_no_self_test_machinery():
    """The timed start must not pay for the self-test's modules (nor the network guard's hook)."""
    code = (
        "import sys; import gui.startup_probe, gui.launcher; "
        "print(sorted(m for m in sys.modules if m.endswith('selftest') or m.endswith('self_test')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


def test_self_test_rejects_unknown_options(capsys):
    from gui.self_test import main

    assert main(["--verbose"]) == 2
    assert "usage: anchorgpu-planner --self-test" in capsys.readouterr().err


# -- failing -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_missing_preset_fails_with_its_name(tree: Path):
    (tree / "resources" / "models" / "llm" / "llama-3.1-8b.json").unlink()
    done = run_self_test("self-test", tree=tree)
    assert done.returncode == 1
    seen = lines(done.stdout)
    assert seen["model presets"] == "FAIL model presets: presets missing: llama-3.1-8b"
    assert seen["sample plan"].startswith("FAIL sample plan: model.preset: unknown model preset")
    assert seen["history database"].startswith("FAIL")
    assert seen["catalog"].startswith("ok  ")  # the others still run and pass
    assert "ok  resources: " + str(tree / "resources") in done.stdout
    assert "self-test FAILED: 3 of 12 checks" in done.stdout


@pytest.mark.slow
def test_a_damaged_preset_and_catalog_fail_with_the_file(tree: Path):
    (tree / "resources" / "models" / "diffusion" / "sd-1.5.json").write_text("{", "utf-8")
    (tree / "resources" / "catalog" / "catalog.json").write_text('{"gpus": []}', "utf-8")
    done = run_self_test("self-test", tree=tree)
    assert done.returncode == 1
    seen = lines(done.stdout)
    assert seen["model presets"].startswith("FAIL model presets: preset file sd-1.5.json")
    assert seen["catalog"].startswith("FAIL catalog: ")


@pytest.mark.slow
def test_a_missing_translation_fails_both_halves(tree: Path):
    (tree / "resources" / "i18n" / "anchorgpu_ru.qm").unlink()
    (tree / "resources" / "glossary" / "glossary-ru.txt").unlink()
    done = run_self_test("--self-test", tree=tree)
    assert done.returncode == 1
    seen = lines(done.stdout)
    assert seen["translations"].startswith("FAIL translations: cannot read ")
    assert "anchorgpu_ru.qm" in seen["translations"]
    assert seen["languages"] == "FAIL languages: anchorgpu_ru.qm does not load"
    assert seen["glossary"].startswith("FAIL glossary: ")
    assert seen["main window"].startswith("FAIL")  # the window needs the glossary
    assert "self-test FAILED" in done.stdout


def test_network_access_is_refused_and_reported():
    with NetworkGuard.active() as tried, socket.socket() as sock:
        with pytest.raises(PermissionError):
            sock.connect(("127.0.0.1", 9))
        with pytest.raises(PermissionError):
            socket.getaddrinfo("example.com", 443)
        with pytest.raises(SelfTestError, match=r"attempted: socket.connect \('127.0.0.1', 9\)"):
            network_check(tried).run()
        assert len(tried) == 2
    assert network_check([]).run().startswith("no socket was opened")
    # Outside the block sockets work as usual again (the hook is only switched off).
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))


def test_a_data_folder_inside_the_app_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("ANCHORGPU_PLANNER_DATA", str(ROOT / "resources" / "user-data"))
    with pytest.raises(SelfTestError, match="is inside the application folder"):
        EngineChecks(tmp_path).data_folder()


def test_history_check_needs_the_sample_plan(tmp_path: Path):
    with pytest.raises(SelfTestError, match="needs the sample plan"):
        EngineChecks(tmp_path).history()


# -- the bundle's PyInstaller settings -----------------------------------------------------------


@pytest.fixture(scope="module")
def bundle_options():
    spec = importlib.util.spec_from_file_location(
        "bundle_options", ROOT / "build/bundle_options.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_qt_module_the_gui_imports_is_kept_in_the_bundle(bundle_options):
    imported = set()
    for path in (ROOT / "gui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("PySide6."):
                imported.add(node.module.split(".")[1])
            elif isinstance(node, ast.Import):
                imported |= {
                    a.name.split(".")[1] for a in node.names if a.name.startswith("PySide6.")
                }
    excluded = {name.removeprefix("PySide6.") for name in bundle_options.module_excludes()}
    assert {"QtCore", "QtGui", "QtWidgets"} <= imported
    assert imported & excluded == set(), "add these to QT_MODULES_USED in build/bundle_options.py"
    assert {"QtQuick", "QtQml", "QtOpenGL", "QtSql", "QtNetwork"} <= excluded
    assert "QtCharts" not in imported  # the chart is painted; PySide6-Addons is not needed


def test_qt_translations_are_kept_for_the_app_languages_only(bundle_options):
    keep = bundle_options.keep_data
    assert keep("PySide6/Qt/translations/qtbase_ru.qm")
    assert keep("PySide6/Qt/translations/qtbase_en.qm")
    assert not keep("PySide6/Qt/translations/qtbase_de.qm")
    assert not keep("PySide6/Qt/translations/qt_pt_BR.qm")
    assert keep("resources/i18n/anchorgpu_ru.qm")


def test_plugins_that_need_excluded_modules_are_dropped(bundle_options):
    keep = bundle_options.keep_binary
    plugins = "PySide6/Qt/plugins"
    assert not keep(f"{plugins}/platforminputcontexts/libqtvirtualkeyboardplugin.so")
    assert not keep(f"{plugins}/imageformats/libqpdf.so")
    assert not keep(f"{plugins}/platforms/libqvnc.so")
    assert keep(f"{plugins}/platforms/libqxcb.so")
    assert keep(f"{plugins}/platforms/libqoffscreen.so")
    assert keep(f"{plugins}/imageformats/libqsvg.so")
    assert keep(f"{plugins}/platforminputcontexts/libibusplatforminputcontextplugin.so")


def test_the_self_test_filter_drops_only_the_offscreen_size_hint_notice(qtlog):
    from PySide6.QtCore import qWarning

    from gui.window_checks import (
        OFFSCREEN_SIZE_HINTS,
        install_message_filter,
        restore_message_handler,
    )

    previous = install_message_filter()
    try:
        qWarning(OFFSCREEN_SIZE_HINTS)
        qWarning("QPainter::begin: Paint device returned engine == 0")
    finally:
        restore_message_handler(previous)
    qWarning(OFFSCREEN_SIZE_HINTS)  # outside the self-test, Qt's messages are left alone
    assert [r.message for r in qtlog.records] == [
        "QPainter::begin: Paint device returned engine == 0",
        OFFSCREEN_SIZE_HINTS,
    ]


def test_the_window_checks_are_the_ones_the_self_test_names(tmp_path: Path):
    from gui import self_test
    from gui.window_checks import WindowChecks

    names = tuple(check.name for check in WindowChecks(tmp_path).checks())
    assert names == self_test.WINDOW_CHECKS == WINDOW_CHECKS


def test_a_window_that_cannot_be_imported_fails_each_window_check_not_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from gui import self_test

    monkeypatch.setitem(sys.modules, "gui.window_checks", None)  # import raises ImportError
    checks = self_test.window_checks(tmp_path)
    outcomes = run_checks(checks.checks(), out=io.StringIO())
    checks.close()
    assert [o.name for o in outcomes] == list(WINDOW_CHECKS)
    assert not any(o.ok for o in outcomes)
    assert all("cannot import the window" in o.detail for o in outcomes)
