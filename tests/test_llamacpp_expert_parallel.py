"""llama.cpp has no expert parallelism: a request asking for it gets a translated warning."""

from __future__ import annotations

import pytest

from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from gui.core_text import message_text


def _estimate(preset: str, gpus: int, expert_parallel: bool):
    raw = {
        "model": {"preset": preset},
        "gpu": "h100-80gb-sxm",
        "inference": {"engine": "llama.cpp"},
        "parallelism": {"strategy": "tensor", "gpus": gpus, "expert_parallel": expert_parallel},
    }
    return estimate(parse_request(raw))


@pytest.mark.parametrize(
    ("preset", "variant"), [("mixtral-8x7b", "moe"), ("llama-3.1-8b", "dense")]
)
def test_llamacpp_says_it_does_not_split_experts(preset, variant):
    result = _estimate(preset, 2, True)
    (found,) = [f for f in result.findings if f.code == "llamacpp_no_expert_parallel"]
    assert found.severity == "warning" and found.variant == variant
    assert "llama.cpp has none" in str(found.message)


def test_the_warning_is_translated_and_absent_when_not_asked(qapp, app_state):
    assert not [f for f in _estimate("mixtral-8x7b", 2, False).findings if "expert" in f.code]
    (found,) = [
        f
        for f in _estimate("mixtral-8x7b", 2, True).findings
        if f.code == "llamacpp_no_expert_parallel"
    ]
    app_state.update_settings(language="ru")
    try:
        russian = message_text(found.message)
    finally:
        app_state.update_settings(language="en")
    assert "llama.cpp" in russian and "параллелизм экспертов" in russian
