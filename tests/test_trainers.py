"""The trainer option: each trainer's loop and recipe defaults (core.capacity.trainers), the
default left as the planner counted before, the CLI flag and a saved quote's round trip."""

from __future__ import annotations

from typing import Any

from core.capacity.trainers import litgpt_kept_inputs, litgpt_loss_peak
from core.domain.request import PlanRequest
from core.domain.workload_options import TrainingOptions
from core.estimate.dispatch import estimate, resolve
from core.quotes.quote import request_fingerprint
from core.quotes.snapshot import read_request
from core.store import HistoryStore
from tests.cli_helpers import run_cli
from tests.store_helpers import make_quote
from tests.validation.case import cfg

# Llama 3 8B as LitGPT's config_hub QLoRA run: 2 x 512 tokens, bnb.nf4, r 32 on q and v, with
# the bitsandbytes 0.42.0 its commit pinned (MatMul4Bit keeps its inputs).
LLAMA3 = cfg("llama-3-8b")
VOCAB, HIDDEN, LAYERS, FF = 128_256, 4096, 32, 14_336
LOGITS = 2 * 512 * VOCAB
HEAD = VOCAB * HIDDEN


def _request(**training: Any) -> PlanRequest:
    base = {
        "method": "qlora",
        "micro_batch_size": 2,
        "sequence_length": 512,
        "lora_rank": 32,
        "lora_targets": "qv",
        "weights_precision": "pure",
        "lora_dropout": True,
        "qlora_double_quant": False,
        "bnb_version": "pre-0.43.2",
    }
    return PlanRequest.model_validate(
        {"workload": "training", "model": LLAMA3, "gpu": "a10", "training": base | training}
    )


def test_litgpt_qlora_peak_from_its_loop() -> None:
    model = resolve(_request(trainer="litgpt"))
    # MatMul4Bit's kept inputs: attention and MLP inputs, attention output, down projection's
    # input, 2 bytes each, for every layer and token.
    kept = 1024 * 2 * LAYERS * (2 * HIDDEN + HIDDEN + FF)
    assert kept == 1_744_830_464
    previous = 4 * LOGITS + kept  # the previous step's fp32 logits and kept inputs
    last_chunk = 2 * LOGITS + 2 * HEAD + previous  # 16-bit chunks + the dequantized head
    converted = (2 + 4) * LOGITS + previous
    backward = 8 * LOGITS + 2 * HEAD
    assert last_chunk > converted > backward
    assert litgpt_kept_inputs(model, 1024, 2) == kept
    peak = litgpt_loss_peak(model, 512, 2, 2, "qlora", bnb_inputs=True)
    assert peak == last_chunk == 3_583_508_480
    # bitsandbytes 0.43.2 and later keep no input: the start of backward is the peak (8 bytes
    # per logit and the dequantized head), the last chunk 2 + 4 bytes per logit and the head.
    assert 2 * HEAD == 8 * LOGITS
    assert litgpt_loss_peak(model, 512, 2, 2, "qlora") == backward == 2_101_346_304


def test_litgpt_against_transformers_on_the_same_request() -> None:
    litgpt = estimate(_request(trainer="litgpt")).memory
    transformers = estimate(_request(trainer="transformers")).memory
    # Activations: LitGPT's head and loss peak instead of the full loss's 12 bytes per logit.
    assert litgpt.activations - transformers.activations == 3_583_508_480 - 12 * LOGITS
    # Weights: the LM head in NF4 (half a byte) instead of bf16, with its fp32 absmax per 64.
    assert transformers.weights - litgpt.weights == 2 * HEAD - HEAD // 2
    assert litgpt.quantization_metadata - transformers.quantization_metadata == HEAD // 16


def test_litgpt_lora_keeps_ten_bytes_per_logit_at_worst() -> None:
    model = resolve(_request(method="lora"))
    # Fabric's conversion (16-bit chunks and fp32 copies) beside the previous fp32 logits.
    assert litgpt_loss_peak(model, 512, 2, 2, "lora") == 10 * LOGITS
    # fp32 training: the chunks are fp32 already, no copy; previous logits 4, log-probs 4.
    assert litgpt_loss_peak(model, 512, 2, 4, "lora") == 8 * LOGITS


def test_litgpt_full_fine_tune_follows_its_full_script() -> None:
    model = resolve(_request(method="full"))
    one = 512 * VOCAB
    # finetune/full.py: the whole logits in fp32 and the log-probabilities; the slice passed to
    # chunked_cross_entropy is reshaped by a copy only when the batch holds several sequences.
    assert litgpt_loss_peak(model, 512, 2, 2, "full") == 12 * 2 * one
    # One sequence: the reshape is a view, and Fabric's conversion beside the previous step's
    # fp32 logits (2 + 4 + 4 bytes) is the peak.
    assert litgpt_loss_peak(model, 512, 1, 2, "full") == 10 * one


def test_torchtune_qlora_keeps_no_quantized_inputs() -> None:
    torchtune = estimate(_request(trainer="torchtune", loss="full")).memory
    transformers = estimate(_request(trainer="transformers")).memory
    # torchao's LinearNF4 saves only its weight: the block inputs and the down projection's
    # input that bitsandbytes' MatMul4Bit keeps are not stored, in every layer.
    kept = 1024 * 2 * LAYERS * (2 * HIDDEN + FF)
    assert transformers.activations - torchtune.activations == kept
    assert torchtune.weights == transformers.weights


def test_a_trainer_sets_its_recipes_defaults_and_a_given_value_wins() -> None:
    assert TrainingOptions().trainer == "transformers"
    tune = TrainingOptions(trainer="torchtune")
    assert (tune.weights_precision, tune.loss, tune.lora_dropout) == ("pure", "chunked", False)
    lit = TrainingOptions(trainer="litgpt")
    assert (lit.weights_precision, lit.lora_dropout) == ("pure", True)
    kept = TrainingOptions.model_validate({"trainer": "torchtune", "loss": "full"})
    assert kept.loss == "full"
    assert TrainingOptions.model_validate(tune.model_dump()) == tune


def test_the_default_trainer_changes_nothing() -> None:
    plain = PlanRequest.model_validate(
        {"workload": "training", "model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"}
    )
    named = PlanRequest.model_validate(
        {
            "workload": "training",
            "model": {"preset": "llama-3.1-8b"},
            "gpu": "h100-80gb-sxm",
            "training": {"trainer": "transformers"},
        }
    )
    assert estimate(plain).memory == estimate(named).memory
    # Left out of the canonical JSON at its default: older quotes keep their fingerprints.
    assert '"trainer"' not in plain.canonical_json()
    assert request_fingerprint(plain) == request_fingerprint(named)
    assert '"trainer":"litgpt"' in _request(trainer="litgpt").canonical_json()


def test_a_saved_quote_keeps_its_trainer_and_an_older_one_reads_as_transformers(
    tmp_path,
) -> None:
    store = HistoryStore(tmp_path / "history.sqlite")
    quote = store.save_quote(
        make_quote(workload="training", training={"trainer": "litgpt", "method": "lora"})
    )
    assert read_request(store.get_quote(quote.id)).training.trainer == "litgpt"
    older = make_quote(workload="training", training={"method": "lora"})
    del older.request["training"]["trainer"]
    assert "trainer" not in older.request["training"]
    assert read_request(older).training.trainer == "transformers"


def test_fit_takes_the_trainer(capsys) -> None:
    def per_gpu(*extra: str) -> int:
        argv = ("fit", "--gpu", "a10", "--workload", "training", "--gpus", "1", "--json")
        result = run_cli(capsys, *argv, *extra)
        assert result.code == 0, result.err
        rows = {r["model"]: r for r in result.json()["rows"]}
        return int(rows["llama-3.2-1b"]["memory_per_gpu_bytes"])

    # A full fine-tune: LitGPT's bf16-true default holds 8 bytes per parameter, not 16.
    assert per_gpu("--trainer", "litgpt") < per_gpu()
    bad = run_cli(capsys, "fit", "--gpu", "a10", "--workload", "training", "--trainer", "x")
    assert bad.code == 2 and "--trainer" in bad.err


def test_litgpt_says_what_it_counts_of_the_previous_step() -> None:
    qlora = estimate(_request(trainer="litgpt"))
    found = {f.code: f for f in qlora.findings}["litgpt_previous_step"]
    assert (found.severity, found.variant, found.glossary_term) == ("info", "bnb_inputs", "vram")
    assert found.params["size"] == (4 * LOGITS + 1_744_830_464) / 2**30
    lora = estimate(_request(trainer="litgpt", method="lora"))
    found = {f.code: f for f in lora.findings}["litgpt_previous_step"]
    assert found.variant == "logits" and found.params["size"] == 4 * LOGITS / 2**30
    plain = estimate(_request())
    assert "litgpt_previous_step" not in {f.code for f in plain.findings}
    current = estimate(_request(trainer="litgpt", bnb_version="0.43.2+"))
    found = {f.code: f for f in current.findings}["litgpt_previous_step"]
    assert found.variant == "logits" and found.params["size"] == 4 * LOGITS / 2**30


def _on_gpus(request: PlanRequest, gpus: int, strategy: str) -> PlanRequest:
    data = request.model_dump(mode="json")
    return PlanRequest.model_validate(data | {"parallelism": {"strategy": strategy, "gpus": gpus}})


def test_litgpt_refuses_a_quantized_model_on_more_than_one_gpu() -> None:
    # litgpt/finetune/lora.py raises NotImplementedError for --quantize with more than one device.
    for strategy in ("ddp", "fsdp"):
        blocked = estimate(_on_gpus(_request(trainer="litgpt"), 2, strategy))
        found = {f.code: f for f in blocked.findings}.get("litgpt_quantized_multi_gpu")
        assert found is not None and found.severity == "blocker", strategy
        assert not blocked.fits
    single = estimate(_request(trainer="litgpt"))
    assert "litgpt_quantized_multi_gpu" not in {f.code for f in single.findings}
    # LoRA on a 16-bit base, and QLoRA under the other trainers, run on two GPUs.
    for request in (_request(trainer="litgpt", method="lora"), _request(trainer="torchtune")):
        two = estimate(_on_gpus(request, 2, "ddp"))
        assert "litgpt_quantized_multi_gpu" not in {f.code for f in two.findings}
