"""Screenshot factories for the wizard pages (``python -m tools.screenshots``).

Every shot reopens the same realistic draft (Llama 3.1 70B served on 4 × H100 with tensor
parallelism, 8 sequences of 8192 tokens, for a week) and walks to its page, waiting for the
background work so that the chart and the options table are filled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEventLoop, QThreadPool, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from core.domain.request_parsing import parse_request
from gui.wizard.plan_page import PlanPage
from gui.wizard.plan_wizard import PlanWizard

if TYPE_CHECKING:
    from tools.screenshots import ShotContext

DRAFT = {
    "workload": "inference",
    "model": {"preset": "llama-3.1-70b"},
    "precision": {"weights": "bf16", "kv_cache": "fp8"},
    "inference": {"context_tokens": 8192, "concurrent_sequences": 8},
    "parallelism": {"strategy": "tensor", "gpus": 4, "tensor_parallel": 4},
    "gpu": "h100-80gb-sxm",
    "term": {"unit": "week", "count": 1, "start": "2026-12-07T09:00:00Z"},
}


def settle(wizard: PlanWizard, timeout_ms: int = 10_000) -> None:
    """Let edits, model reads and plans finish, and the layouts follow."""
    app = QApplication.instance()
    assert app is not None
    waited = 0
    while wizard.live.busy and waited < timeout_ms:
        loop = QEventLoop()
        QTimer.singleShot(10, loop.quit)
        loop.exec()
        waited += 10
    QThreadPool.globalInstance().waitForDone(timeout_ms)
    for _ in range(3):
        app.processEvents()


def wizard_at(ctx: ShotContext, step: int) -> QWidget:
    """The main window with the wizard on page ``step`` (0 to 6) of the draft."""
    ctx.window.show_page("plan")
    plan = ctx.window.page("plan")
    assert isinstance(plan, PlanPage)
    wizard = plan.wizard
    wizard.load_request(parse_request(DRAFT))
    settle(wizard)
    while wizard.currentId() < step:
        wizard.next()
        settle(wizard)
    return ctx.window


def invalid_field(ctx: ShotContext) -> QWidget:
    """The sizes page with a refused value marked at its field."""
    window = wizard_at(ctx, 2)
    wizard = window.findChild(PlanWizard)
    assert wizard is not None
    field = wizard.findChild(QLineEdit, "contextTokens")
    assert field is not None
    field.setText("0")
    field.textEdited.emit("0")  # as typed: a refusal shows once the user has typed
    settle(wizard)
    return window
