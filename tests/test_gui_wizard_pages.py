"""The wizard's pages stand alone: one registry, a typed draft, no page reaching the wizard.

A page is its module and one line in ``gui.wizard.pages.PAGES``; it writes only the request
fields it owns, into its own part of the draft; it never imports the wizard; and History opens a
plan through the opener the window hands it, never by looking the window over.
"""

from __future__ import annotations

import ast
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget, QWizard

from core.domain.request import PlanRequest
from core.domain.request_parsing import parse_request
from gui.wizard.pages import PAGES, PageEntry, page_class
from gui.wizard.plan_draft import DraftPart, PlanDraft
from gui.wizard.plan_wizard import PlanWizard
from gui.wizard.wizard_step import WizardStep
from tests.store_helpers import make_quote

WIZARD = Path(__file__).resolve().parents[1] / "gui" / "wizard"
# The wizard and what only the wizard uses: no page may import these.
WIZARD_SIDE = {
    "gui.wizard",  # the package's __init__ re-exports the wizard
    "gui.wizard.plan_wizard",
    "gui.wizard.plan_page",
    "gui.wizard.wizard_engine",
    "gui.wizard.live_routing",
    "gui.wizard.staged_wizard",
}


class SummaryPage(WizardStep):
    """A page added for the test: it owns no field and shows the draft's model."""

    def __init__(self, context=None, parent: QWidget | None = None) -> None:
        super().__init__("summaryPage", context, parent)
        self.shown = QLabel(self)
        self.shown.setObjectName("summaryModel")
        self.content.addWidget(self.shown)
        self.workloads: list[str] = []
        self.setTitle("Summary")

    def load(self, request: PlanRequest) -> None:
        self.shown.setText(request.model.preset or "")

    def set_workload(self, workload: str) -> None:
        self.workloads.append(workload)


class StrayPage(WizardStep):
    """A page that writes a field it does not own (the offer page's GPU)."""

    PREFIXES = ("runtime_version",)

    def __init__(self, context=None, parent: QWidget | None = None) -> None:
        super().__init__("strayPage", context, parent)

    def write(self, part: DraftPart) -> None:
        part["gpu"] = "h100-sxm"


SUMMARY = PageEntry("summary_page", __name__, "SummaryPage")


@pytest.fixture
def wizard_with_summary(qtbot, app_state):
    """The wizard with one more page, registered by one line, before the review."""
    pages = (*PAGES[:-1], SUMMARY, PAGES[-1])
    wizard = PlanWizard(app_state, pages=pages)
    qtbot.addWidget(wizard)
    wizard.resize(1100, 700)
    wizard.show()
    qtbot.waitUntil(lambda: not wizard.live.busy, timeout=10_000)
    yield wizard
    QThreadPool.globalInstance().waitForDone(5000)


def test_a_page_added_by_one_registry_line_is_in_the_wizard_and_shows_the_draft(
    wizard_with_summary, qtbot
):
    wizard = wizard_with_summary
    keys = [entry.key for entry in PAGES]
    names = [step.objectName() for step in wizard.steps]
    assert names[-2:] == ["summaryPage", "reviewPage"]
    assert len(names) == len(keys) + 1
    page = wizard.summary_page
    assert [wizard.page(i) for i in wizard.pageIds()] == wizard.steps  # in that order
    assert page.shown.text() == wizard.current_request().model.preset == "llama-3.1-8b"
    wizard.workload_page.choose("training")
    assert page.workloads[-1] == "training"  # it follows the first page like the others
    wizard.load_request(parse_request({"model": {"preset": "qwen2.5-7b"}}))
    assert page.shown.text() == "qwen2.5-7b"


def test_next_walks_through_the_added_page_to_the_review(wizard_with_summary, qtbot):
    wizard = wizard_with_summary
    while wizard.currentPage() is not wizard.offer_page:
        qtbot.waitUntil(lambda: not wizard.live.busy, timeout=10_000)
        wizard.next()
    table = wizard.offer_page.table
    qtbot.waitUntil(lambda: table.model().rowCount() > 0, timeout=10_000)
    table.selectRow(0)
    qtbot.waitUntil(lambda: not wizard.live.busy, timeout=10_000)
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    qtbot.waitUntil(next_button.isEnabled, timeout=5000)
    qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
    assert wizard.currentPage() is wizard.summary_page
    assert wizard.currentPage().title() == "Summary"
    qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
    assert wizard.currentPage() is wizard.review_page


def test_every_registered_page_builds_alone_and_hands_over_the_parts_it_declares(qtbot):
    owned: list[str] = []
    for entry in PAGES:
        page = page_class(entry)()  # no wizard, no context
        qtbot.addWidget(page)
        assert isinstance(page, WizardStep)
        assert len(page.later_steps()) == entry.parts, entry.key
        owned += page.PREFIXES
    # Every field of the request is owned by exactly one page.
    assert sorted(owned) == sorted(PlanRequest.model_fields)


def test_a_page_cannot_write_a_field_it_does_not_own(qtbot):
    draft = PlanDraft(parse_request)
    draft.start(parse_request({"model": {"preset": "llama-3.1-8b"}}))
    stray = StrayPage()
    qtbot.addWidget(stray)
    draft.attach(stray)
    with pytest.raises(KeyError, match="gpu"):
        draft.request()


def test_two_pages_cannot_own_the_same_field(qtbot):
    draft = PlanDraft(parse_request)
    first, second = StrayPage(), StrayPage()
    qtbot.addWidget(first)
    qtbot.addWidget(second)
    draft.attach(first)
    with pytest.raises(ValueError, match="runtime_version"):
        draft.attach(second)


def _imports(path: Path) -> set[str]:
    """The gui.wizard modules ``path`` imports (at the top, in functions or for types)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return {name for name in found if name.startswith("gui.wizard")}


def _module_path(name: str) -> Path | None:
    path = WIZARD / f"{name.removeprefix('gui.wizard.')}.py"
    return path if path.is_file() else None


def test_no_page_imports_the_wizard_not_even_through_the_modules_it_uses():
    for entry in PAGES:
        seen, todo = set(), [entry.module]
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            path = _module_path(name)
            if path is None:
                continue
            reached = {
                imported
                for imported in _imports(path)
                if imported in WIZARD_SIDE and not _is_submodule_import(path, imported)
            }
            assert not reached, f"{entry.module} reaches {sorted(reached)} through {name}"
            todo += [i for i in _imports(path) if _module_path(i) is not None]


def _is_submodule_import(path: Path, imported: str) -> bool:
    """``from gui.wizard import store_calls`` names a module of the package, not its __init__."""
    if imported != "gui.wizard":
        return False
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "gui.wizard"
        for alias in node.names
    ]
    return all((WIZARD / f"{name}.py").is_file() for name in names)


def test_no_page_calls_back_into_the_wizard():
    for entry in PAGES:
        source = (WIZARD / f"{entry.module.removeprefix('gui.wizard.')}.py").read_text()
        assert "plan_wizard(" not in source, entry.module


class _Opener:
    def __init__(self) -> None:
        self.opened: list[tuple[PlanRequest, str]] = []

    def open_draft(self, request: PlanRequest, label: str) -> None:
        self.opened.append((request, label))


class _WindowWithAPlanPage(QWidget):
    """A window with what History used to look for by name: it must not be used."""

    def __init__(self) -> None:
        super().__init__()
        self.loaded: list[PlanRequest] = []

    def page(self, _name: str) -> QWidget:
        return self

    def show_page(self, _name: str) -> None:
        pass

    def load_request(self, request: PlanRequest, label: str = "") -> None:
        self.loaded.append(request)


def test_history_opens_a_plan_through_the_opener_it_is_given(qtbot):
    from gui.history.plan_page_link import reopen_as_draft

    window = _WindowWithAPlanPage()
    qtbot.addWidget(window)
    opener = _Opener()
    now = datetime(2030, 1, 1, tzinfo=UTC)
    assert reopen_as_draft(make_quote(label="Given"), now, window, opener)
    assert [label for _request, label in opener.opened] == ["Given"]
    assert window.loaded == []  # the window's methods were not looked up


def test_history_without_an_opener_says_so_and_opens_nothing(qtbot, monkeypatch):
    from gui.history.plan_page_link import reopen_as_draft

    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _p, _t, text: said.append(text))
    window = _WindowWithAPlanPage()
    qtbot.addWidget(window)
    now = datetime(2030, 1, 1, tzinfo=UTC)
    assert reopen_as_draft(make_quote(label="Alone"), now, window, None) is None
    assert window.loaded == [] and said == ["The plan wizard is not available in this window."]
