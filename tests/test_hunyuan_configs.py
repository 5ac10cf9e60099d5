"""Hunyuan MoE configs as Tencent publishes them: per-layer lists and the remote-code type.

Tencent's release of Hunyuan-A13B (tests/fixtures/hf_configs/hunyuan-a13b-instruct) gives
``moe_topk``, ``num_shared_expert`` and ``moe_intermediate_size`` one entry per layer, and
declares the remote-code model_type "hunyuan" with the HunYuanMoEV1ForCausalLM class. vLLM's
hunyuan_v1.py reads entry ``layer_id`` of each list and picks the class from ``architectures``;
the oracle test checks the published config against transformers exactly.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.base.errors import ModelSourceError
from core.model.architecture import ModelArchitecture
from core.model.model_config import architecture_from_config

LAYERS = 2


def _count(config: dict[str, Any]) -> ModelArchitecture:
    return architecture_from_config(config, model_id="t", name="t", source="hf_config")


def _moe(**fields: Any) -> dict[str, Any]:
    config: dict[str, Any] = {
        "model_type": "hunyuan_v1_moe",
        "architectures": ["HunYuanMoEV1ForCausalLM"],
        "hidden_size": 64,
        "intermediate_size": 48,
        "num_hidden_layers": LAYERS,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "vocab_size": 100,
        "num_experts": 8,
        "moe_topk": 2,
        "num_shared_expert": 1,
        "moe_intermediate_size": 32,
        "use_mixed_mlp_moe": True,
    }
    config.update(fields)
    return config


def test_per_layer_lists_count_like_the_single_value():
    scalar = _count(_moe())
    listed = _count(
        _moe(
            moe_topk=[2] * LAYERS,
            num_shared_expert=[1] * LAYERS,
            moe_intermediate_size=[32] * LAYERS,
        )
    )
    assert (listed.params_total, listed.params_active) == (
        scalar.params_total,
        scalar.params_active,
    )
    assert listed.approximate is None


@pytest.mark.parametrize("field", ["moe_topk", "num_shared_expert", "moe_intermediate_size"])
def test_a_list_that_differs_between_layers_is_refused_naming_the_field(field):
    values = {"moe_topk": [2, 4], "num_shared_expert": [1, 0], "moe_intermediate_size": [32, 16]}
    with pytest.raises(ModelSourceError, match=field):
        _count(_moe(**{field: values[field]}))


@pytest.mark.parametrize("mixed", [{"use_mixed_mlp_moe": False}, {}])
def test_the_shared_mlp_is_counted_only_when_the_config_mixes_it_in(mixed):
    # vLLM's HunYuanSparseMoeBlock builds shared_mlp only if use_mixed_mlp_moe (absent: False).
    config = _moe()
    del config["use_mixed_mlp_moe"]
    plain = _count({**config, **mixed})
    shared = _count(_moe())
    per_layer = 3 * 64 * 48  # gate, up and down of intermediate_size × num_shared_expert
    assert shared.params_total - plain.params_total == LAYERS * per_layer
    assert shared.params_active - plain.params_active == LAYERS * per_layer
    assert plain.shared_experts == 0 and shared.shared_experts == 1


def test_a_list_of_the_wrong_length_is_refused():
    with pytest.raises(ModelSourceError, match="moe_topk"):
        _count(_moe(moe_topk=[2] * (LAYERS + 1)))


def test_the_remote_code_type_is_counted_as_the_class_it_names():
    native = _count(_moe())
    remote = _count(_moe(model_type="hunyuan"))
    assert remote.approximate is None
    assert remote.model_type == "hunyuan_v1_moe"
    assert (remote.params_total, remote.params_active) == (
        native.params_total,
        native.params_active,
    )


def test_a_remote_code_type_naming_a_class_the_planner_does_not_count_stays_approximate():
    # Hunyuan-Large's class (cross-layer attention) is not HunYuanMoEV1ForCausalLM.
    arch = _count(_moe(model_type="hunyuan", architectures=["HunYuanForCausalLM"]))
    assert arch.approximate is not None
    # An unknown model_type is not counted as the Llama class it names either.
    arch = _count(_moe(model_type="brand_new", architectures=["LlamaForCausalLM"]))
    assert arch.approximate is not None
