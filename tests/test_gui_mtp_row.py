"""The sizes page's MTP row: its value reaches the request, for vLLM only."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QSpinBox

from core.domain.request_parsing import parse_request
from tests.test_gui_wizard_round_trip import INFERENCE, wizard  # noqa: F401 (fixture)


def test_mtp_draft_tokens_reach_the_request_and_only_with_vllm(wizard):  # noqa: F811
    wizard.load_request(parse_request(INFERENCE))
    tokens = wizard.findChild(QSpinBox, "mtpSpeculativeTokens")
    tokens.setValue(3)
    assert wizard.current_request().inference.mtp_speculative_tokens == 3
    engine = wizard.findChild(QComboBox, "servingEngine")
    engine.setCurrentIndex(engine.findData("llama.cpp"))
    assert not tokens.isEnabled()
    request = wizard.current_request()
    assert request.inference.engine == "llama.cpp"
    assert request.inference.mtp_speculative_tokens == 0
    engine.setCurrentIndex(engine.findData("vllm"))
    assert tokens.isEnabled()
    assert wizard.current_request().inference.mtp_speculative_tokens == 3
