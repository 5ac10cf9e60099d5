"""User settings saved as JSON, and the per-user data folder Qt would choose."""

from __future__ import annotations

import re
import sys
from decimal import Decimal
from pathlib import Path

import pytest

import core.base.paths as core_paths
from core.app.settings import Settings, load_settings, save_settings
from core.base.errors import InputError
from core.base.paths import data_dir, default_db_path, settings_path


def test_a_missing_settings_file_gives_the_defaults(user_data_dir: Path) -> None:
    settings = load_settings()
    assert settings == Settings()
    assert settings.tax_rate == Decimal(0)
    assert settings.language == "system"
    assert not settings_path().exists()


def test_settings_round_trip(user_data_dir: Path) -> None:
    settings = Settings(language="ru", tax_rate=Decimal("0.19"), runtime_context_gib=1.0)
    path = save_settings(settings)
    assert path == user_data_dir / "settings.json"
    assert '"tax_rate": "0.19"' in path.read_text()
    assert load_settings() == settings


def test_a_number_in_the_file_is_read_exactly(user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True)
    settings_path().write_text('{"tax_rate": 0.1}')
    assert load_settings().tax_rate == Decimal("0.1")


@pytest.mark.parametrize(
    ("content", "match"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must hold a JSON object"),
        ('{"tax_rate": "1.5"}', "tax_rate: tax rate must be a fraction"),
        ('{"language": "de"}', "language"),
    ],
)
def test_a_broken_settings_file_is_refused_and_kept(
    user_data_dir: Path, content: str, match: str
) -> None:
    user_data_dir.mkdir(parents=True)
    path = settings_path()
    path.write_text(content)
    with pytest.raises(InputError, match=match) as caught:
        load_settings()
    assert str(path) in str(caught.value)
    assert path.read_text() == content


def test_a_float_tax_rate_is_refused_in_code() -> None:
    with pytest.raises(ValueError, match="not 0.2"):
        Settings(tax_rate=0.2)  # type: ignore[arg-type]


def test_environment_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANCHORGPU_PLANNER_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("ANCHORGPU_PLANNER_DB", str(tmp_path / "elsewhere.sqlite"))
    assert data_dir() == tmp_path / "data"
    assert default_db_path() == tmp_path / "elsewhere.sqlite"
    monkeypatch.delenv("ANCHORGPU_PLANNER_DB")
    assert default_db_path() == tmp_path / "data" / "history.sqlite"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders")
def test_linux_data_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANCHORGPU_PLANNER_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "AnchorGPU" / "AnchorGPU Planner"


def test_the_data_folder_is_the_one_qt_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtCore import QCoreApplication, QStandardPaths

    monkeypatch.delenv("ANCHORGPU_PLANNER_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    names = (QCoreApplication.organizationName(), QCoreApplication.applicationName())
    QCoreApplication.setOrganizationName("AnchorGPU")
    QCoreApplication.setApplicationName("AnchorGPU Planner")
    QStandardPaths.setTestModeEnabled(False)
    try:
        qt = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    finally:
        QStandardPaths.setTestModeEnabled(True)
        QCoreApplication.setOrganizationName(names[0])
        QCoreApplication.setApplicationName(names[1])
    assert Path(qt) == data_dir()


def _readme_folders() -> dict[str, str]:
    """The data folders the README names, by system, with its line breaks joined."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")
    start = readme.index("The app keeps its settings and history in the per-user data folder")
    paragraph = " ".join(readme[start : readme.index("\n\n", start)].split())
    found = {}
    for system in ("Linux", "Windows", "macOS"):
        path = re.search(r"`([^`]+)` on " + system, paragraph)
        assert path, system
        found[system] = path.group(1)
    return found


def test_the_readme_names_the_folder_the_code_uses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folders = _readme_folders()
    monkeypatch.delenv("ANCHORGPU_PLANNER_DATA")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    if sys.platform.startswith("linux"):
        assert Path(folders["Linux"].replace("~", str(tmp_path), 1)) == data_dir()
    # The other systems as the module documents them, which the Qt test above pins on Linux.
    doc = " ".join((core_paths.__doc__ or "").split())
    windows = folders["Windows"].rstrip("\\")
    mac = folders["macOS"].rstrip("/")
    assert f"Windows: ``{windows}``" in doc
    assert f"macOS: ``{mac}``" in doc
