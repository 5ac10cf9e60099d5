"""The wizard keeps a GGUF model and a named weight format through loading and editing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QComboBox, QLineEdit, QRadioButton

from core.domain.request_parsing import parse_request
from gui.wizard import PlanWizard
from tests.test_gguf import LLAMA_KV, llama_tensors, write_gguf


@pytest.fixture
def wizard(main_window, qtbot) -> PlanWizard:
    plan = main_window.page("plan").wizard
    qtbot.waitUntil(lambda: not plan.live.busy, timeout=10_000)
    yield plan
    QThreadPool.globalInstance().waitForDone(5000)


def test_a_gguf_request_with_a_named_format_round_trips(wizard, qtbot, tmp_path):
    path = str(write_gguf(tmp_path / "tiny.gguf", LLAMA_KV, llama_tensors()))
    wizard.load_request(
        parse_request({"model": {"gguf": path}, "precision": {"weights": "gguf-q4_k"}})
    )
    assert wizard.findChild(QRadioButton, "source_gguf").isChecked()
    assert wizard.findChild(QLineEdit, "ggufPath").text() == path
    request = wizard.current_request()
    assert (request.model.gguf, request.precision.format) == (path, "gguf-q4_k")
    weights = wizard.findChild(QComboBox, "weightsDtype")
    weights.setCurrentIndex(weights.findData("bf16"))
    plain = wizard.current_request()
    assert (plain.precision.weights, plain.precision.format) == ("bf16", None)
    weights.setCurrentIndex(weights.findData("nvfp4"))
    assert wizard.current_request().precision.format == "nvfp4"
    qtbot.waitUntil(lambda: not wizard.live.busy, timeout=10_000)
