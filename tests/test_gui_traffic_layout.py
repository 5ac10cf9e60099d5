"""A traffic row's layout in words, in both languages: tensor parallel, or experts split too."""

from __future__ import annotations

from gui.presentation.traffic_text import TrafficText


def test_layout_in_both_languages(main_window, app_state, qtbot):
    words = TrafficText()
    assert words.layout(8) == "TP 8"
    assert words.layout(2, 4, True) == "TP 2 × DP 4, EP 8"
    assert words.layout_words(8) == "tensor parallel 8"
    assert words.layout_words(1, 8, True) == (
        "tensor parallel 1 × data parallel 8, experts split over 8 GPUs"
    )
    app_state.update_settings(language="ru")
    qtbot.waitUntil(lambda: TrafficText().layout_words(8) == "тензорный параллелизм 8")
    assert TrafficText().layout_words(2, 4, True) == (
        "тензорный параллелизм 2 × параллелизм данных 4, эксперты распределены по 8 GPU"
    )


def _wizard(main_window, qtbot):
    from gui.wizard import PlanWizard

    wizard = main_window.page("plan").wizard
    assert isinstance(wizard, PlanWizard)
    qtbot.waitUntil(lambda: not wizard.live.busy, timeout=10_000)
    return wizard


def test_an_expert_parallel_row_becomes_the_requests_layout(main_window, qtbot):
    from PySide6.QtCore import QThreadPool

    from core.domain.catalog import default_catalog
    from core.domain.request_parsing import parse_request
    from core.planning.traffic import TrafficProfile, plan_traffic

    wizard = _wizard(main_window, qtbot)
    profile = TrafficProfile.model_validate(
        {
            "rate_unit": "second",
            "peak_per_unit": 40,
            "average_per_unit": 10,
            "input_tokens": {"mean": 8000, "p90": 30000},
            "output_tokens": {"mean": 200, "p90": 400},
            "latency": {"ttft_p90_s": 5.0, "tokens_per_s_per_user": 10},
        }
    )
    request = parse_request({"model": {"preset": "qwen3-30b-a3b"}, "gpu": "h100-80gb-sxm"})
    answer = plan_traffic(request, profile, default_catalog())
    option = next(o for o in answer.options if o.capacity.layout.expert_parallel)
    assert option.replicas > 1  # replicas of an expert-parallel group: data_parallel says so
    wizard.traffic_page._shown = answer  # the plan the page shows (planned here, not on the pool)
    wizard.traffic_page.choose(option)
    chosen = wizard.current_request().parallelism
    assert chosen.expert_parallel and chosen.gpus == option.gpus
    assert (chosen.tp, chosen.data_parallel) == (option.tp, option.capacity.layout.dp)
    assert chosen.replica_gpus == option.replica_gpus
    # the parallelism page keeps the layout while its GPUs and degree stay; a new count drops it
    page = wizard.parallelism_page
    page.load(wizard.current_request())
    assert wizard.current_request().parallelism == chosen
    page._gpus.setValue(option.gpus // 2 if option.gpus > 2 else 4)
    changed = wizard.current_request().parallelism
    assert not changed.expert_parallel and changed.data_parallel is None
    QThreadPool.globalInstance().waitForDone(5000)
