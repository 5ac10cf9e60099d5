"""A request goes through the wizard unchanged: every field the forms show, set off its default.

The wizard rebuilds the request from its inputs after every edit (and when a quote is reopened or
a plan file is opened); an input that cannot show a value would put its default in its place.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QComboBox

from core.domain.request import PlanRequest
from core.domain.request_parsing import parse_request
from gui.plan_file_commands import PlanFileCommands
from gui.wizard import PlanWizard
from gui.wizard.field_form import FieldForm
from tests.test_gui_wizard import settle

COMMON: dict[str, Any] = {
    "parallelism": {"strategy": "ddp", "gpus": 8, "tensor_parallel": 2, "fsdp_sharding": "hybrid"},
    "platform": "cuda",
    "runtime_version": "12.4",
    "runtime": {"context_gib": 1.25, "allocator_reserve": 0.2, "comm_buffer_gib": 2.5},
    "gpu": "h100-80gb-sxm",
    "term": {"unit": "week", "count": 3, "start": "2031-05-04T06:00:00+00:00"},
    "storage_gb": 750,
}
PRECISION: dict[str, Any] = {"weights": "int4", "kv_cache": "fp8", "quant_group_size": 64}
INFERENCE: dict[str, Any] = {
    "workload": "inference",
    "model": {"preset": "qwen2.5-14b"},
    "precision": PRECISION,
    "inference": {
        "context_tokens": 12_345,
        "concurrent_sequences": 7,
        "prefill_chunk_tokens": 1024,
        "gpu_memory_utilization": 0.85,
        "output_tokens": 300,
        "max_num_batched_tokens": 4096,
        "max_num_seqs": 64,
        "mtp_speculative_tokens": 2,
        "vllm_version": "0.7-0.16",
        "mxfp4_backend": "triton",
    },
    "traffic": {
        "rate_unit": "minute",
        "average_per_unit": 120,
        "peak_per_unit": 180,
        "input_tokens": {"mean": 1500, "p90": 2500},
        "output_tokens": {"mean": 250, "p90": 600},
        "latency": {"ttft_p50_s": 0.5, "ttft_p90_s": 1.5, "tpot_s": 0.04},
        "spare": {"replicas": 2, "fraction": 0.25},
        "operating_point": {
            "concurrency": 6.5,
            "replicas": 3,
            "ttft_s": 0.3,
            "tpot_s": 0.03,
            "utilization": 0.6,
            "source": "roofline",
        },
    },
    **COMMON,
    # Replicas of an expert-parallel group (no control shows it: the page keeps it as loaded).
    "parallelism": {**COMMON["parallelism"], "expert_parallel": True, "data_parallel": 2},
}
TRAINING: dict[str, Any] = {
    "workload": "training",
    "model": {"preset": "llama-3.1-8b"},
    "precision": {"weights": "nf4", "kv_cache": "fp16"},
    "training": {
        "trainer": "torchtune",
        "method": "qlora",
        "bnb_version": "pre-0.43.2",  # kept by its disabled row: torchtune runs torchao
        "optimizer": "paged_adamw_8bit",
        "mixed_precision": "fp16",
        "micro_batch_size": 3,
        "sequence_length": 3000,
        "activation_checkpointing": True,
        "flash_attention": False,
        "lora_rank": 32,
        "lora_targets": "qv",
        "weights_precision": "pure",
        "qlora_double_quant": False,
        "lora_dropout": True,
        "optimizer_in_backward": True,
        "offload": "optimizer",
        "activation_offloading": True,
        "loss": "chunked",
        "tokens": 2_500_000_000,
        "mfu": 0.35,
    },
    "goal": {"tokens": 3_000_000_000, "epochs": 2, "deadline": "2031-05-20T18:00:00+00:00"},
    **COMMON,
}
DIFFUSION: dict[str, Any] = {
    "workload": "diffusion",
    "model": {"preset": "flux.1-dev"},
    "precision": {"weights": "fp8", "kv_cache": "fp16"},
    "diffusion": {
        "width": 768,
        "height": 1344,
        "batch_size": 2,
        "steps": 20,
        "guidance": False,
        "vae_tiling": True,
        "vae_slicing": True,
        "cpu_offload": "model",
        "quantized_text_encoders": "largest",
        "quant_backend": "torchao",
    },
    **{**COMMON, "parallelism": {"strategy": "single"}},
}
CUSTOM: dict[str, Any] = {
    **INFERENCE,
    "model": {
        "custom": {
            "params": 7_000_000_000,
            "layers": 30,
            "hidden_size": 4000,
            "attention_heads": 40,
            "kv_heads": 8,
            "head_dim": 100,
            "intermediate_size": 11_000,
            "vocab_size": 50_000,
            "active_params": 6_000_000_000,
        }
    },
}
REQUESTS = {
    "inference": INFERENCE,
    "training": TRAINING,
    "diffusion": DIFFUSION,
    "custom model": CUSTOM,
    "named format": {**INFERENCE, "precision": {**PRECISION, "weights": "gptq-int4-g64"}},
    "llama.cpp": {
        **INFERENCE,
        "precision": {"weights": "gguf-q4_k_m", "kv_cache": "bf16"},
        "inference": {
            **INFERENCE["inference"],
            "engine": "llama.cpp",
            "mtp_speculative_tokens": 0,  # a vLLM option
            "llamacpp": {
                "n_gpu_layers": 37,
                "n_batch": 1024,
                "n_ubatch": 256,
                "cache_type_k": "q8_0",
                "cache_type_v": "q4_0",
                "flash_attn": True,
            },
        },
    },
    "training, every option": {
        **TRAINING,
        "training": {**TRAINING["training"], "optimizer": "sgd", "offload": "optimizer_and_params"},
    },
    "diffusion, named format": {**DIFFUSION, "precision": {"weights": "nvfp4"}},
    "diffusion, all encoders": {
        **DIFFUSION,
        "diffusion": {
            **DIFFUSION["diffusion"],
            "quantized_text_encoders": "all",
            "cpu_offload": "sequential",
        },
    },
}


def flat(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """``data`` as one level of values by their path (``training.optimizer``)."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out.update(flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def changed(got: PlanRequest, want: PlanRequest) -> dict[str, tuple[Any, Any]]:
    """The fields that differ, by their path: (got, wanted)."""
    a, b = flat(got.model_dump(mode="json")), flat(want.model_dump(mode="json"))
    return {k: (a.get(k), b.get(k)) for k in a.keys() | b.keys() if a.get(k) != b.get(k)}


def defaults_left(request: PlanRequest) -> set[str]:
    """The fields of ``request`` (its workload's section only) that still hold their default."""
    default = flat(PlanRequest(model={"preset": "x"}).model_dump(mode="json"))
    others = {"inference", "training", "diffusion"} - {request.workload}
    return {
        path
        for path, value in flat(request.model_dump(mode="json")).items()
        if default.get(path) == value and path.partition(".")[0] not in {*others, "model"}
    }


# Each request below sets every field of its workload off its default but these (set by another
# of the requests, or meaningless for the workload: one GPU for an image pipeline).
LEFT_AT_DEFAULT = {
    # llama.cpp's options are set off their defaults by the "llama.cpp" request.
    "inference": {
        "workload",
        "precision.format",
        "inference.engine",
        "inference.llamacpp.n_gpu_layers",
        "inference.llamacpp.n_batch",
        "inference.llamacpp.n_ubatch",
        "inference.llamacpp.cache_type_k",
        "inference.llamacpp.cache_type_v",
        "inference.llamacpp.flash_attn",
        "goal",  # a deadline plans training
        "traffic.tokens_per_day",  # given instead of the average rate
        "traffic.latency.tokens_per_s_per_user",  # the inverse of the tpot_s given
    },
    # a traffic profile and expert parallelism plan serving
    "training": {
        "precision.quant_group_size",
        "traffic",
        "parallelism.expert_parallel",
        "parallelism.data_parallel",
    },
    "diffusion": {
        "traffic",
        "goal",
        "precision.format",
        "precision.quant_group_size",
        "parallelism.strategy",
        "parallelism.gpus",
        "parallelism.tensor_parallel",
        "parallelism.fsdp_sharding",
        "parallelism.expert_parallel",
        "parallelism.data_parallel",
    },
}


@pytest.fixture
def wizard(main_window, qtbot) -> PlanWizard:
    plan = main_window.page("plan").wizard
    settle(qtbot, plan)
    yield plan
    QThreadPool.globalInstance().waitForDone(5000)


@pytest.mark.parametrize("name", list(REQUESTS))
def test_a_request_comes_back_from_the_wizard_unchanged(wizard, qtbot, name):
    request = parse_request(REQUESTS[name])
    if name in LEFT_AT_DEFAULT:  # a field added to the request model is added here too
        assert defaults_left(request) == LEFT_AT_DEFAULT[name]
    wizard.load_request(request)  # as History's "Reopen as New Draft" does
    settle(qtbot, wizard)
    assert changed(wizard.current_request(), request) == {}
    # Every page shown once (each fills its inputs again as it opens) changes nothing either.
    for step in wizard.steps[1:]:
        wizard.next()
        assert wizard.currentPage() is step
        assert changed(wizard.current_request(), request) == {}
    wizard.new_draft()  # and over a draft of another workload
    wizard.load_request(request)
    assert changed(wizard.current_request(), request) == {}


@pytest.mark.parametrize("name", ["inference", "training", "diffusion", "llama.cpp"])
def test_a_plan_file_with_the_newer_options_opens_unchanged(main_window, qtbot, tmp_path, name):
    wizard = main_window.page("plan").wizard
    settle(qtbot, wizard)
    path = Path(tmp_path / "plan.json")
    path.write_text(parse_request(REQUESTS[name]).model_dump_json(), "utf-8")
    commands = PlanFileCommands(main_window, wizard)
    assert commands.open_path(path)
    settle(qtbot, wizard)
    assert changed(wizard.current_request(), parse_request(REQUESTS[name])) == {}
    QThreadPool.globalInstance().waitForDone(5000)


def field_choices(path: str) -> tuple[str, ...]:
    """The values the request model accepts at ``path`` (a Literal field)."""
    model: Any = PlanRequest
    for part in path.split("."):
        annotation = model.model_fields[part].annotation
        model = annotation
    return tuple(v for v in get_args(annotation) if isinstance(v, str))


def test_every_choice_the_request_accepts_is_in_its_list(wizard):
    seen: list[str] = []
    for step in wizard.steps:
        for form in step.findChildren(FieldForm):
            for path, row in form.rows.items():
                if isinstance(row.field, QComboBox) and row.path == path:
                    missing = [v for v in field_choices(path) if row.field.findData(v) < 0]
                    assert missing == [], path
                    seen.append(path)
    assert {"training.optimizer", "diffusion.quantized_text_encoders", "term.unit"} <= set(seen)


def test_a_named_format_is_kept_until_another_weights_format_is_chosen(wizard):
    wizard.load_request(parse_request({**DIFFUSION, "precision": {"weights": "nvfp4"}}))
    assert wizard.current_request().precision.format == "nvfp4"  # shown as its class, int4
    weights = wizard.findChild(QComboBox, "diffusionWeightsDtype")
    weights.setCurrentIndex(weights.findData("bf16"))
    precision = wizard.current_request().precision
    assert (precision.weights, precision.format) == ("bf16", None)


def test_the_text_encoder_choice_reaches_the_request(wizard, qtbot):
    wizard.load_request(parse_request(DIFFUSION))
    combo = wizard.findChild(QComboBox, "quantizedTextEncoders")
    combo.setCurrentIndex(combo.findData("all"))
    assert wizard.current_request().diffusion.quantized_text_encoders == "all"
    weights = wizard.findChild(QComboBox, "diffusionWeightsDtype")
    assert weights.currentData() == "fp8"
    weights.setCurrentIndex(weights.findData("int4"))
    assert wizard.current_request().precision.weights == "int4"
    optimizer = wizard.findChild(QComboBox, "optimizer")
    optimizer.setCurrentIndex(optimizer.findData("paged_adamw_8bit"))
    wizard.workload_page.choose("training")
    assert wizard.current_request().training.optimizer == "paged_adamw_8bit"
    settle(qtbot, wizard)


def test_the_shown_forms_weights_row_takes_a_refusal_of_the_weights(wizard, qtbot):
    page = wizard.sizes_page
    for request, name in ((DIFFUSION, "diffusionWeightsDtype"), (INFERENCE, "weightsDtype")):
        wizard.load_request(parse_request(request))
        wizard.setCurrentId(wizard.pageIds()[2])
        qtbot.waitUntil(page.isVisible)
        assert page.row_for("precision.weights").field.objectName() == name


@pytest.mark.parametrize("name", ["inference", "training", "diffusion", "llama.cpp"])
def test_a_reopened_quote_with_the_newer_options_comes_back_unchanged(main_window, qtbot, name):
    from datetime import UTC, datetime
    from decimal import Decimal

    from core.domain.catalog import default_catalog
    from core.estimate.dispatch import estimate
    from core.quotes.quote import quote_estimate
    from gui.history.plan_page_link import reopen_as_draft

    request = parse_request(REQUESTS[name])
    now = datetime(2030, 1, 1, tzinfo=UTC)  # before the request's start: kept as it is
    quote = quote_estimate(estimate(request), default_catalog(), tax_rate=Decimal(0), now=now)
    wizard = main_window.page("plan").wizard
    settle(qtbot, wizard)
    assert reopen_as_draft(quote, now, main_window.page("plan"), main_window)
    assert changed(wizard.current_request(), request) == {}
    settle(qtbot, wizard)
    QThreadPool.globalInstance().waitForDone(5000)
