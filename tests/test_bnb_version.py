"""The bitsandbytes version of a QLoRA run (training.bnb_version, core.capacity.trainers): what
its 4-bit matmuls keep before and from 0.43.2, what the adapters keep either way, and an older
quote read with the count it was quoted under."""

from __future__ import annotations

import copy
import hashlib
from typing import Any

import pytest

from core.capacity.trainers import kept_matmul_inputs
from core.domain.canonical_request import canonical_request_json
from core.domain.request import PlanRequest
from core.domain.request_parsing import read_saved_request
from core.domain.workload_options import TrainingOptions
from core.estimate.dispatch import estimate
from core.quotes.quote import request_fingerprint
from core.quotes.snapshot import read_request
from tests.store_helpers import make_quote
from tests.validation.case import cfg
from tests.validation.cases import CASES

LLAMA3 = cfg("llama-3-8b")
HIDDEN, LAYERS, FF = 4096, 32, 14_336


def _activations(seq: int, batch: int, **training: Any) -> int:
    request = PlanRequest.model_validate(
        {
            "workload": "training",
            "model": LLAMA3,
            "gpu": "a10",
            "training": {
                "method": "qlora",
                "sequence_length": seq,
                "micro_batch_size": batch,
                **training,
            },
        }
    )
    return estimate(request).memory.activations


def test_the_default_is_current_bitsandbytes() -> None:
    assert TrainingOptions().bnb_version == "0.43.2+"
    # LitGPT pins 0.45.2 or later today: its default is current too.
    assert TrainingOptions(trainer="litgpt").bnb_version == "0.43.2+"


@pytest.mark.parametrize(("seq", "batch"), [(512, 2), (4096, 1)])
def test_before_0_43_2_every_quantized_matmul_keeps_its_input(seq: int, batch: int) -> None:
    tokens = seq * batch
    # The attention and MLP block inputs and the down projection's input, 2 bytes each, in
    # every layer: 1.48 GB at 2 x 512, 5.91 GB at 1 x 4096.
    kept = tokens * 2 * LAYERS * (2 * HIDDEN + FF)
    # With LoRA dropout the adapters read copies, so 0.43.2 and later keep none of them.
    dropout = {"lora_dropout": True}
    old = _activations(seq, batch, bnb_version="pre-0.43.2", **dropout)
    assert old - _activations(seq, batch, **dropout) == kept
    # Adapters on q and v without dropout keep the attention block input themselves.
    qv = {"lora_targets": "qv"}
    old = _activations(seq, batch, bnb_version="pre-0.43.2", **qv)
    assert old - _activations(seq, batch, **qv) == kept - tokens * 2 * LAYERS * HIDDEN


def test_adapters_on_every_linear_layer_keep_what_old_bitsandbytes_kept() -> None:
    # The default request (every linear layer, no dropout): the A matrices read the block
    # inputs and the down projection's input, the very tensors MatMul4Bit kept before 0.43.2.
    assert _activations(512, 2) == _activations(512, 2, bnb_version="pre-0.43.2")
    assert _activations(512, 2) == 7_615_807_488


def test_what_is_kept_of_a_frozen_base_by_method_trainer_and_version() -> None:
    assert kept_matmul_inputs("qlora", "transformers", "pre-0.43.2", "qv", True) == "all"
    assert kept_matmul_inputs("qlora", "litgpt", "pre-0.43.2", "qv", True) == "all"
    # torchao's NF4 under torchtune keeps no input, whatever bitsandbytes is installed.
    assert kept_matmul_inputs("qlora", "torchtune", "pre-0.43.2", "qv", True) == "none"
    assert kept_matmul_inputs("qlora", "transformers", "0.43.2+", "qv", True) == "none"
    assert kept_matmul_inputs("lora", "transformers", "pre-0.43.2", "qv", True) == "none"
    assert kept_matmul_inputs("lora", "torchtune", "0.43.2+", "qv", False) == "attention"
    assert kept_matmul_inputs("lora", "torchtune", "0.43.2+", "attention", False) == "attention"
    assert kept_matmul_inputs("qlora", "litgpt", "0.43.2+", "all_linear", False) == "all"
    assert kept_matmul_inputs("full", "transformers", "pre-0.43.2", "all_linear", False) == "none"


def test_every_published_bitsandbytes_run_states_its_version() -> None:
    # LitGPT's tables and config_hub rows ran 0.41.0 to 0.42.0 (core.capacity.trainers).
    litgpt = [c for c in CASES if c.request.get("training", {}).get("trainer") == "litgpt"]
    assert litgpt and all(c.request["training"]["bnb_version"] == "pre-0.43.2" for c in litgpt)


def _older(quote_request: dict[str, Any]) -> dict[str, Any]:
    """The request as a quote saved before training.bnb_version holds it."""
    raw = copy.deepcopy(quote_request)
    del raw["training"]["bnb_version"]
    return raw


def test_an_older_qlora_quote_reads_as_it_was_quoted_and_keeps_its_fingerprint() -> None:
    quote = make_quote(workload="training", training={"method": "qlora"})
    assert quote.request["training"]["bnb_version"] == "0.43.2+"
    assert read_request(quote).training.bnb_version == "0.43.2+"
    raw = _older(quote.request)
    stored = hashlib.sha256(canonical_request_json(raw).encode("utf-8")).hexdigest()
    older = quote.model_copy(update={"request": raw, "request_sha256": stored})
    request = read_request(older)
    assert request.training.bnb_version == "pre-0.43.2"
    assert request_fingerprint(request) == older.request_sha256
    # Today's default is another request: its fingerprint says so.
    assert request_fingerprint(read_request(quote)) != older.request_sha256


def test_the_version_stays_out_of_fingerprints_where_it_changes_nothing() -> None:
    for training in ({"method": "lora"}, {"method": "qlora", "trainer": "torchtune"}):
        quote = make_quote(workload="training", training=training)
        raw = _older(quote.request)
        assert canonical_request_json(quote.request) == canonical_request_json(raw)
        older, today = read_saved_request(raw), read_saved_request(quote.request)
        assert (older.training.bnb_version, today.training.bnb_version) == ("pre-0.43.2", "0.43.2+")
        assert request_fingerprint(older) == request_fingerprint(today)
    serving = make_quote()
    assert '"bnb_version"' not in canonical_request_json(serving.request)
