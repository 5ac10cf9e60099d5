"""The app's start-up seam: the shell and the wizard's first page paint first, the rest follows.

In a fresh process this checks that the first frame already shows the wizard's first page before
pydantic (and so the engine and every page after the first) is loaded, and that ``start_pages``
then builds the whole wizard, the history and the glossary without blocking: the window keeps
handling events meanwhile. How long each takes is measured by ``make bench BENCH=gui``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QComboBox, QLabel

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys, time
from PySide6.QtCore import QEvent, QObject, QThreadPool, QTimer
from gui.app import AfterFirstPaint, create_application, show_main_window

report = {}

class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and "first" not in report:
            page = window.page("plan").wizard.currentPage()
            report["first"] = {
                "page": page.objectName() if page is not None else None,
                "visible": page is not None and page.isVisible(),
                "engine_loaded": "pydantic" in sys.modules,
            }
        return False

app = create_application(sys.argv[:1])
watch = FirstPaint()
app.installEventFilter(watch)
window, _switcher, _state = show_main_window(app)
AfterFirstPaint(window, window.start_pages)
ticks = []
beat = QTimer()
beat.timeout.connect(lambda: ticks.append(1))
beat.start(5)

def done():
    wizard = window.page("plan").wizard
    report["after"] = {
        "built": wizard.built and wizard.complete,
        "history": type(window.page("history")).__name__,
        "catalog": type(window.page("catalog")).__name__,
        "ticks": len(ticks),
        "plugins_searched": sys.modules["pydantic.plugin._loader"]._plugins is not None,
    }
    print(json.dumps(report))
    wizard.live.stop()
    QThreadPool.globalInstance().waitForDone()  # a plan still running ends before the interpreter
    app.quit()

window.pagesReady.connect(lambda: QTimer.singleShot(0, done))
QTimer.singleShot(60_000, app.quit)
app.exec()
"""


@pytest.fixture(scope="module")
def startup(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    data = tmp_path_factory.mktemp("startup-data")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYDANTIC_DISABLE_PLUGINS")  # the app sets its own
    }
    env |= {"QT_QPA_PLATFORM": "offscreen", "ANCHORGPU_PLANNER_DATA": str(data)}
    env["ANCHORGPU_PLANNER_DB"] = str(data / "history.sqlite")
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    result: dict[str, dict[str, object]] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_first_frame_shows_the_wizards_first_page_before_the_later_pages_load(startup):
    first = startup["first"]
    assert first["page"] == "workloadPage"
    assert first["visible"] is True
    assert first["engine_loaded"] is False


def test_the_rest_is_built_after_the_first_paint_while_the_event_loop_runs(startup):
    after = startup["after"]
    assert after["built"] is True
    assert after["history"] == "HistoryView"
    assert after["catalog"] == "CatalogView"
    assert after["ticks"] > 0  # the heartbeat ran between the steps: the loop was not blocked
    assert after["plugins_searched"] is False  # no search for pydantic plugins (gui.app)


def test_a_workload_chosen_while_the_wizard_is_built_is_kept(qtbot, app_state):
    from gui.wizard.plan_page import PlanPage

    page = PlanPage(app_state, build_later=True)
    qtbot.addWidget(page)
    wizard = page.wizard
    assert wizard.built is False
    wizard.workload_page.choose("training")  # before the rest of the wizard exists
    for step in page.build_steps():
        step()
    assert wizard.built is True
    assert wizard.workload() == "training"
    qtbot.waitUntil(lambda: wizard.live.result is not None, timeout=20_000)
    assert wizard.live.result.request.workload == "training"
    for step in page.later_steps():
        step()
    # The pages built after it follow the workload chosen before them.
    assert wizard.sizes_page.findChild(QComboBox, "optimizer").isVisibleTo(wizard.sizes_page)
    assert wizard.current_request().workload == "training"
    wizard.live.stop()


def test_the_wizard_takes_input_with_a_live_estimate_before_its_later_pages_exist(qtbot, app_state):
    from gui.wizard.plan_page import PlanPage

    page = PlanPage(app_state, build_later=True)
    qtbot.addWidget(page)
    wizard = page.wizard
    for step in page.build_steps():
        step()
    assert wizard.built is True and wizard.complete is False
    # The first estimate is of the draft, beside the first page: no other page or form is built.
    assert [step.objectName() for step in wizard.steps] == ["workloadPage"]
    assert wizard.findChild(QComboBox, "optimizer") is None
    qtbot.waitUntil(lambda: wizard.live.result is not None, timeout=20_000)
    qtbot.waitUntil(lambda: not wizard.live.busy, timeout=20_000)  # the first plan too
    later = page.later_steps()
    assert len(later) == 8  # three input pages, the other workloads' forms, three more pages
    for step in later:
        step()
    assert wizard.complete is True
    assert len(wizard.steps) == 7
    assert wizard.findChild(QComboBox, "optimizer") is not None
    # Built after the estimate and the plan, the later pages show the draft, its model and plan.
    draft = wizard.live.request
    assert wizard.current_request() == draft
    assert wizard.offer_page._plan is wizard.live.plan
    summary = wizard.model_page.findChild(QLabel, "modelSummary").text()
    assert wizard.live.result.model.name in summary
    for step in later:  # nothing left to build: each does nothing
        step()
    assert len(wizard.steps) == 7
    wizard.live.stop()


def test_going_past_the_last_page_built_builds_the_later_pages_first(qtbot, app_state):
    from gui.wizard.plan_page import PlanPage

    page = PlanPage(app_state, build_later=True)
    qtbot.addWidget(page)
    page.show()
    wizard = page.wizard
    for step in page.build_steps():
        step()
    qtbot.waitUntil(lambda: wizard.live.result is not None, timeout=20_000)
    assert wizard.complete is False
    wizard.next()  # what the Next button does on the first page, the only one built
    assert wizard.complete is True
    assert wizard.currentPage() is wizard.model_page
    wizard.live.stop()


def test_a_draft_whose_model_cannot_be_read_is_refused_on_the_model_page_once_it_is_built(
    qtbot, app_state, tmp_path
):
    from core.domain.request import ModelRef, PlanRequest
    from gui.wizard.plan_files import keep_draft
    from gui.wizard.plan_page import PlanPage

    missing = tmp_path / "gone" / "config.json"
    keep_draft(PlanRequest(model=ModelRef(hf_config=str(missing))), app_state.data_dir)
    page = PlanPage(app_state, build_later=True)
    qtbot.addWidget(page)
    wizard = page.wizard
    for step in page.build_steps():
        step()
    qtbot.waitUntil(lambda: not wizard.live.busy, timeout=20_000)
    assert wizard.live.result is None
    # Only the first page is built: it carries the message meanwhile.
    assert wizard.workload_page.error is not None
    for step in page.later_steps():
        step()
    # Gone from the first page as soon as the model page is there: the message belongs to the
    # file's row (held back until the user types in it, as for any draft).
    assert wizard.workload_page.error is None
    qtbot.waitUntil(lambda: not wizard.live.busy, timeout=20_000)
    assert wizard.live.result is None
    assert wizard.workload_page.error is None
    assert wizard.model_page.source() == "hf_config"
    subject = wizard.panel.findChild(QLabel, "estimateSubject").text()  # says why, beside it
    assert "config.json" in subject
