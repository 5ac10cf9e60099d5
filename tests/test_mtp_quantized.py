"""MTP layers of quantized checkpoints, counted as stored where the exclusion lists name them.

Two published checkpoints are pinned to their own tensor lists (tests/fixtures/
quantized_checkpoints, with their sources): every tensor's shape and dtype, whose sum is the
checkpoint's stored bytes. Qwen3-Next-80B-A3B-Instruct-FP8 keeps ``mtp.fc`` and each Gated
DeltaNet layer's ``in_proj_ba`` in bf16 by naming them layer by layer; GLM-4.5-FP8 keeps
``model.layers.92.eh_proj`` (its MTP layer's projection) in bf16. GLM-5-FP8's verbatim config
names its MTP layer 78 the same way. Exclusion entries that name the MTP layers in a way the
planner cannot express (part of a layer's experts, or a family whose MTP naming it does not
know) leave the MTP layers uncounted and say so.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.model.model_config import architecture_from_config

FIXTURES = Path(__file__).parent / "fixtures"
CHECKPOINTS = FIXTURES / "quantized_checkpoints"
CONFIGS = FIXTURES / "hf_configs"
_BYTES = {"torch.bfloat16": 2, "torch.float8_e4m3fn": 1, "torch.float32": 4}
UNREAD = "model_note.mtp_storage_unread"


def _json(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


def _arch(config: dict[str, Any]):  # type: ignore[no-untyped-def]
    return architecture_from_config(config, model_id="m", name="m", source="hf_config")


def _keys(arch: Any) -> list[str]:
    return [getattr(n, "key", "") for n in arch.notes]


def _tensor_bytes(name: str, keep: Any = lambda row: True) -> int:
    """Stored bytes of the rows of a checkpoint's tensor list that ``keep`` selects."""
    rows = _json(CHECKPOINTS / name / "tensors.json")["tensors"]
    return sum(r["count"] * math.prod(r["shape"]) * _BYTES[r["dtype"]] for r in rows if keep(r))


def _fp8_block(out: int, inp: int) -> int:
    return out * inp + 4 * -(-out // 128) * -(-inp // 128)


QWEN3_NEXT = "qwen3-next-80b-a3b-instruct-fp8"


def test_qwen3_next_fp8_with_its_mtp_layer_matches_its_tensor_list_to_the_byte() -> None:
    config = _json(CHECKPOINTS / QWEN3_NEXT / "config.json")
    arch = _arch(config)
    assert arch.checkpoint is not None and arch.mtp is not None
    assert arch.mtp.checkpoint is not None
    stored = _tensor_bytes(QWEN3_NEXT)
    mtp = _tensor_bytes(QWEN3_NEXT, lambda r: r["name"].startswith("mtp."))
    # Every stored tensor: 82,032,869,120 bytes (76.40 GiB, the report's 76.40 GB); the planner
    # with the MTP layer loaded agrees to the byte (0 bytes, 0.000 %), and without it equals the
    # tensors outside mtp.* (80,372,547,072 bytes).
    assert arch.mtp.checkpoint.total_bytes == stored == 82_032_869_120
    assert arch.checkpoint.total_bytes == stored - mtp == 80_372_547_072
    assert UNREAD not in _keys(arch)


def test_qwen3_next_fp8_reads_its_per_layer_list_and_its_mtp_fc_entry() -> None:
    config = _json(CHECKPOINTS / QWEN3_NEXT / "config.json")
    quantization = config["quantization_config"]
    listed = quantization["modules_to_not_convert"]
    published = _arch(config)
    assert published.mtp is not None and published.mtp.checkpoint is not None
    # Without the "mtp.fc" entry vLLM builds fc (a ColumnParallelLinear) as FP8 blocks.
    unlisted = [m for m in listed if m != "mtp.fc"]
    fc_fp8 = _arch(
        {**config, "quantization_config": {**quantization, "modules_to_not_convert": unlisted}}
    )
    assert fc_fp8.mtp is not None and fc_fp8.mtp.checkpoint is not None
    fc = 2048 * 4096
    assert (
        published.mtp.checkpoint.total_bytes - fc_fp8.mtp.checkpoint.total_bytes
        == 2 * fc - _fp8_block(2048, 4096)
        == 8_386_560
    )
    # in_proj_ba is named in each of the 36 Gated DeltaNet layers; named in 35 of them it is a
    # layout the per-model groups cannot express, and nothing is guessed.
    one_short = [m for m in listed if m != "model.layers.0.linear_attn.in_proj_ba"]
    partial = _arch(
        {**config, "quantization_config": {**quantization, "modules_to_not_convert": one_short}}
    )
    assert partial.checkpoint is None
    assert "model_note.declared_quantization" in _keys(partial)


def test_qwen3_next_fp8_kept_whole_by_a_glob_stores_the_mtp_layer_in_bf16() -> None:
    config = _json(CHECKPOINTS / QWEN3_NEXT / "config.json")
    quantization = config["quantization_config"]
    globbed = [*quantization["modules_to_not_convert"], "mtp*"]
    arch = _arch(
        {**config, "quantization_config": {**quantization, "modules_to_not_convert": globbed}}
    )
    assert arch.checkpoint is not None and arch.mtp is not None and arch.mtp.checkpoint
    fp8 = _tensor_bytes(
        QWEN3_NEXT,
        lambda r: r["name"].startswith("mtp.") and r["dtype"] == "torch.float8_e4m3fn",
    )
    scales = _tensor_bytes(
        QWEN3_NEXT, lambda r: r["name"].startswith("mtp.") and r["dtype"] == "torch.float32"
    )
    # The MTP layer's FP8 matrices take two bytes a weight instead of one, and lose their scales.
    as_bf16 = arch.mtp.checkpoint.total_bytes - arch.checkpoint.total_bytes
    as_stored = _tensor_bytes(QWEN3_NEXT, lambda r: r["name"].startswith("mtp."))
    assert as_bf16 == as_stored + fp8 - scales


GLM45 = "glm-4.5-fp8"


def test_glm45_fp8_with_its_mtp_layer_against_its_tensor_list() -> None:
    arch = _arch(_json(CHECKPOINTS / GLM45 / "config.json"))
    assert arch.checkpoint is not None and arch.mtp is not None and arch.mtp.checkpoint
    stored = _tensor_bytes(GLM45)
    assert stored == 361_277_168_384  # 336.47 GiB, the report's 336.47 GB
    # vLLM shares the target's embedding and head with the MTP layer and skips the layer's own
    # copies: model.layers.92.embed_tokens (bf16) and shared_head.head (FP8 with its scales).
    copies = _tensor_bytes(
        GLM45,
        lambda r: r["name"].startswith(("model.layers.92.embed_tokens", "model.layers.92.shared")),
    ) - _tensor_bytes(GLM45, lambda r: r["name"] == "model.layers.92.shared_head.norm.weight")
    loaded = stored - copies
    assert loaded == 358_948_723_456
    # eh_proj (named in the list) is bf16, the MTP layer's attention, experts and shared expert
    # FP8 per channel, like the decoder's, with float32 scales as the checkpoint stores them and
    # vLLM loads them (120,600,576 scales). The planner is 57,600 bytes short of the loaded
    # bytes, outside the MTP reading: no float32 e_score_correction_bias for glm4_moe (90 MoE
    # layers x 160 experts), which transformers keeps as a buffer and vLLM loads.
    channels = _tensor_bytes(GLM45, lambda r: r["name"].endswith("weight_scale")) // 4
    channels -= 151_552  # the head copy's scales, not loaded
    assert channels == 120_600_576
    bias = _tensor_bytes(GLM45, lambda r: r["name"].endswith("e_score_correction_bias"))
    assert bias == 4 * 90 * 160
    assert arch.mtp.checkpoint.total_bytes == loaded - bias == 358_948_665_856


def test_glm5_fp8_reads_the_entries_of_its_mtp_layer_78() -> None:
    config = _json(CHECKPOINTS / "glm-5-fp8" / "config.json")
    listed = config["quantization_config"]["modules_to_not_convert"]
    assert "model.layers.78.eh_proj" in listed
    arch = _arch(config)
    assert arch.checkpoint is not None and arch.mtp is not None and arch.mtp.checkpoint
    assert arch.mtp.checkpoint.formats == ("fp8-block128",)
    # Listing layer 78 whole keeps every MTP matrix in bf16; listing none of it (only eh_proj,
    # an nn.Linear in vLLM, stays bf16 either way) stores it like the decoder's.
    whole = _arch(
        {
            **config,
            "quantization_config": {
                **config["quantization_config"],
                "modules_to_not_convert": [*listed, "model.layers.78"],
            },
        }
    )
    bare = _arch(
        {
            **config,
            "quantization_config": {
                **config["quantization_config"],
                "modules_to_not_convert": [m for m in listed if "layers.78." not in m],
            },
        }
    )
    assert whole.mtp is not None and whole.mtp.checkpoint is not None
    assert bare.mtp is not None and bare.mtp.checkpoint is not None
    assert bare.mtp.checkpoint.total_bytes == arch.mtp.checkpoint.total_bytes
    mtp_fp8 = [g for g in arch.mtp.groups if g.name != "mtp.eh_proj"]
    values = sum(g.params for g in mtp_fp8)
    scales = sum(
        4 * -(-g.out_features // 128) * -(-g.in_features // 128) * g.count for g in mtp_fp8
    )
    indexer = {"self_attn.indexer.wk", "self_attn.indexer.weights_proj"}  # bf16 in both
    kept = sum(g.params for g in mtp_fp8 if g.name in indexer)
    kept_scales = sum(
        4 * -(-g.out_features // 128) * -(-g.in_features // 128) * g.count
        for g in mtp_fp8
        if g.name in indexer
    )
    assert whole.mtp.checkpoint.total_bytes - arch.mtp.checkpoint.total_bytes == (
        (values - kept) - (scales - kept_scales)
    )


def _deepseek(ignored: list[str]) -> dict[str, Any]:
    config = _json(CONFIGS / "deepseek-v3" / "config.json")
    return {
        **config,
        "quantization_config": {**config["quantization_config"], "ignored_layers": ignored},
    }


def test_a_modelopt_glob_on_deepseek_layer_61_keeps_the_mtp_layer_in_bf16() -> None:
    published = _arch(_json(CONFIGS / "deepseek-v3" / "config.json"))
    kept = _arch(_deepseek(["model.layers.61*"]))
    assert published.mtp is not None and published.mtp.checkpoint is not None
    assert kept.mtp is not None and kept.mtp.checkpoint is not None
    # The decoder is untouched: the entry names no layer below 61.
    assert kept.checkpoint is not None and published.checkpoint is not None
    assert kept.checkpoint.total_bytes == published.checkpoint.total_bytes
    fp8 = [g for g in published.mtp.groups if g.name != "mtp.eh_proj"]
    values = sum(g.params for g in fp8)
    scales = sum(4 * -(-g.out_features // 128) * -(-g.in_features // 128) * g.count for g in fp8)
    # Before, the glob named nothing the planner read and layer 61 was counted as FP8 blocks
    # (684,868,123,200 bytes with it); now its matrices are bf16: +11,502,625,568 bytes.
    assert published.mtp.checkpoint.total_bytes == 684_868_123_200
    grown = kept.mtp.checkpoint.total_bytes - published.mtp.checkpoint.total_bytes
    assert grown == values - scales == 11_502_625_568


@pytest.mark.parametrize(
    ("ignored", "nextn"),
    [
        (["model.layers.61.mlp.experts.0.gate_proj"], 1),  # one expert of the MTP layer
        (["model.layers.62"], 2),  # the second of two MTP layers
    ],
)
def test_an_mtp_entry_the_groups_cannot_express_leaves_the_mtp_layer_uncounted(
    ignored: list[str], nextn: int
) -> None:
    arch = _arch({**_deepseek(ignored), "num_nextn_predict_layers": nextn})
    assert arch.mtp is None
    assert UNREAD in _keys(arch)
    assert arch.checkpoint is not None  # the decoder's layout is still read


def test_an_mtp_entry_of_a_family_whose_mtp_names_are_unknown_is_said() -> None:
    config = _json(CONFIGS / "mimo-v2-flash" / "config.json")
    plain = _arch(config)
    assert plain.mtp is not None and plain.mtp.checkpoint is not None
    named = {**config["quantization_config"], "ignored_layers": ["model.mtp.layers.0"]}
    arch = _arch({**config, "quantization_config": named})
    assert arch.checkpoint is not None  # the decoder's layout is read
    assert arch.mtp is None and UNREAD in _keys(arch)


def test_asking_for_mtp_on_an_unread_mtp_layout_warns(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text(json.dumps(_deepseek(["model.layers.61.mlp.experts.0.gate_proj"])), "utf-8")
    request = parse_request(
        {
            "model": {"hf_config": str(path)},
            "gpu": "h200-141gb",
            "parallelism": {"strategy": "tensor", "gpus": 8},
            "inference": {"mtp_speculative_tokens": 1},
        }
    )
    result = estimate(request)
    assert [f.severity for f in result.findings if f.code == "mtp_not_counted"] == ["warning"]


def test_the_served_weights_with_mtp_are_the_qwen3_next_tensor_list() -> None:
    request = parse_request(
        {
            "model": {"hf_config": str(CHECKPOINTS / QWEN3_NEXT / "config.json")},
            "gpu": "h200-141gb",
            "inference": {"mtp_speculative_tokens": 1},
        }
    )
    result = estimate(request)
    assert result.memory.weights + result.memory.quantization_metadata == 82_032_869_120
