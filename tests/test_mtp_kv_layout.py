"""Drafting with MTP on a hybrid model: vLLM's pool keeps its groups, a request takes more states.

vLLM (``vllm/v1/kv_cache_interface.py``): a Gated DeltaNet or Mamba layer's ``MambaSpec`` pages
one state (``page_size_bytes``) whatever ``num_speculative_blocks``, and a request takes
``1 + num_speculative_blocks`` of those pages (``max_memory_usage_bytes``, ``mamba_cache_mode``
"none"), N being the draft tokens. The MTP layer's own attention is one more full-attention
layer in the KV cache specification. So the block size and the layers per kind, hence the
groups and the pool's blocks, are those of one state per layer; only the state blocks a request
takes, and the attention layers, grow.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.capacity.vllm_kv_layout import KvLayout, kv_layout
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.model.model_config import architecture_from_config
from core.model.mtp import with_mtp

CONFIGS = Path(__file__).parent / "fixtures" / "hf_configs"
QWEN3_NEXT = CONFIGS / "qwen3-next-80b-a3b-thinking" / "config.json"
CONTEXT = 65_536


def _qwen3_next() -> Any:
    config = json.loads(QWEN3_NEXT.read_text("utf-8"))
    return architecture_from_config(config, model_id="q3n", name="q3n", source="hf_config")


def _rules(layout: KvLayout) -> list[tuple[str, int | None, int, int]]:
    return [(g.rule, g.window, g.block_tokens, g.states) for g in layout.groups]


def test_qwen3_next_at_tp_4_keeps_its_groups_while_drafting() -> None:
    """36 Gated DeltaNet + 12 full-attention layers, TP 4, bf16, 65,536 tokens.

    Attention: 2 KV heads of 256 → one head per GPU, 512 × 2 = 1,024 B a token. A state per GPU:
    (32 × 128 × 128 recurrent + 8,192 × 3 convolution) / 4 = 137,216 bf16 = 274,432 B; blocks of
    16 × ⌈274,432 / (16 × 1,024)⌉ = 272 tokens, pages of 278,528 B.

    0 draft tokens: 36 and 12 layers, groups of 12 (36 ≥ 1.5 × 12): three state groups, one
    full; a block id spans 12 pages = 3,342,336 B; a request takes ⌈65,536 / 272⌉ = 241 full
    blocks + 3 states = 244.

    2 draft tokens: the MTP layer makes 13 full-attention layers; groups of 13, still three state
    groups (⌈36 / 13⌉) and one full; a block id spans 13 pages = 3,620,864 B; a request takes
    241 + 3 × (1 + 2) = 250. Counting 3 × 36 = 108 state layers instead (the layout before)
    gave nine state groups of one block each: the same 250 here, as 108 / 13 rounds up to
    3 × ⌈36 / 13⌉, but 14 for four draft tokens where vLLM takes 3 × 5 = 15.
    """
    arch = _qwen3_next()
    off = kv_layout(arch, "bf16", 4, 8192, CONTEXT)
    assert off is not None
    assert _rules(off) == [("state", None, 272, 1)] * 3 + [("full", None, 272, 1)]
    assert off.block_bytes == 272 * 1024 * 12 == 3_342_336
    assert off.per_request(CONTEXT) == 241 + 3 == 244
    on = kv_layout(with_mtp(arch, 2), "bf16", 4, 8192, CONTEXT)
    assert on is not None
    assert _rules(on) == [("state", None, 272, 3)] * 3 + [("full", None, 272, 1)]
    assert on.block_bytes == 272 * 1024 * 13 == 3_620_864
    assert on.per_request(CONTEXT) == 241 + 3 * 3 == 250
    four = kv_layout(with_mtp(arch, 4), "bf16", 4, 8192, CONTEXT)
    assert four is not None and four.block_bytes == on.block_bytes
    assert four.per_request(CONTEXT) == 241 + 3 * 5 == 256
    # Pool bytes per token were every group to hold it: 4 groups, not 10.
    assert on.bytes_per_token() == 3_620_864 * 4 // 272 == 53_248


def _estimate(draft_tokens: int) -> Any:
    return estimate(
        parse_request(
            {
                "model": {"hf_config": str(QWEN3_NEXT)},
                "gpu": "h100-80gb-sxm",
                "parallelism": {"strategy": "tensor", "gpus": 4, "tensor_parallel": 4},
                "inference": {
                    "context_tokens": CONTEXT,
                    "mtp_speculative_tokens": draft_tokens,
                    "vllm_version": "0.7-0.16",  # the profile the pool below was worked out for
                },
            }
        )
    )


def test_qwen3_next_pool_and_concurrency_on_four_h100s() -> None:
    """The pool's blocks and vLLM's maximum concurrency at 65,536 tokens, 0 and 2 draft tokens.

    The profile leaves 30,397,073,920 B a GPU for the pool without MTP: 9,094 blocks of
    3,342,336 B, 9,094 / 244 = 37.27 requests. With the MTP layer the pool loses exactly its
    weights on a GPU (bf16: its 1,061,376 norm, q/k-norm, router and shared-gate parameters
    whole, the other 1,649,410,048 of its 1,650,471,424 split over 4, 826,827,776 B; the
    activations do not change) and a block id spans 13
    pages: 29,570,246,144 // 3,620,864 = 8,166 blocks, 8,166 / 250 = 32.66 requests. The
    planner's own cache of a sequence keeps 13 layers' K and V and 3 states per Gated DeltaNet
    layer: 13 × 1,024 × 65,536 + 36 × 3 × 274,432 = 902,053,888 B.
    """
    off, on = _estimate(0), _estimate(2)
    pools = [e.details["vllm_profile"] for e in (off, on)]
    assert pools[0]["kv_pool_bytes"] == 30_397_073_920
    assert (
        pools[0]["kv_pool_bytes"] - pools[1]["kv_pool_bytes"]
        == (on.memory.weights - off.memory.weights)
        == 2 * 1_061_376 + 2 * 1_649_410_048 // 4
        == 826_827_776
    )
    layouts = [KvLayout.of_dict(p["kv_layout"]) for p in pools]
    blocks = [layout.blocks(p["kv_pool_bytes"]) for layout, p in zip(layouts, pools, strict=True)]
    assert blocks == [9_094, 8_166]
    assert [p["max_concurrency"] for p in pools] == [37.27, 32.66]
    assert round(9_094 / 244, 2) == 37.27 and round(8_166 / 250, 2) == 32.66
    assert pools[1]["kv_layout"]["groups"] == [["state", None, 272, 3]] * 3 + [["full", None, 272]]
    assert on.memory.kv_cache == 13 * 1024 * CONTEXT + 36 * 3 * 274_432 == 902_053_888
