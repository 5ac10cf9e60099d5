"""KV-cache and recurrent-state size, per token, per sequence and per GPU, layer kind by kind.

A model's cache is the sum over its layers (:attr:`ModelArchitecture.cache_groups`); each kind
has its own rule:

- Full attention (the vLLM paper "Efficient Memory Management for Large Language Model Serving
  with PagedAttention", section 2): K and V per token, ``kv_heads × (k_dim + v_dim)`` elements per
  layer. OPT-13B in fp16: 2 × 40 × 40 × 128 × 2 = 819,200 bytes per token, the paper's "800 KB".
  ``kv_heads`` is ``num_key_value_heads`` (1 for multi-query configs such as Falcon-7B and
  SantaCoder), ``head_dim`` the explicit value when given (Gemma: 256, not hidden / heads).
- Sliding window (Mistral v0.1, Gemma 2/3 local layers, gpt-oss, Cohere 2): at most ``window``
  tokens per sequence. This follows the serving engine: vLLM's sliding-window cache keeps the
  window (transformers' cache classes keep ``window`` or ``window - 1`` tokens depending on the
  version); the planner plans for serving.
- Chunked local attention (Llama 4's iRoPE layers; vLLM ``ChunkedLocalAttentionSpec``): at most
  ``attention_chunk_size`` tokens.
- MLA (DeepSeek-V2 paper, section 2.1; vLLM's MLA backend): one latent of ``kv_lora_rank +
  qk_rope_head_dim`` elements per token and layer (576 for DeepSeek-V3), no K/V pair, replicated
  on every tensor-parallel rank. DeepSeek-V3.2's sparse-attention indexer adds one key of
  ``index_head_dim`` values per token and layer, which vLLM stores in fp8 with one fp32 scale per
  128 values whatever the cache dtype (132 bytes for ``index_head_dim`` 128; see
  :data:`core.model.families.deepseek.INDEXER_QUANT_BLOCK`).
- DeepSeek-V4 (:mod:`core.model.families.deepseek_v4`, vLLM's DeepSeek-V4 support): every layer's
  sliding window of one K=V vector, one compressed entry per 4 (CSA) or 128 (HCA) tokens and the
  CSA indexer's keys, all in vLLM's own fp8 layouts whatever the cache dtype (``token_bits``;
  584 bytes per vector, 132 per indexer key), plus each compressor's float32 state of its last
  ``coff · ratio`` tokens (a fixed state per sequence, kept as ``linear_state``).
- Linear attention, Mamba and short convolutions (Qwen3-Next's Gated DeltaNet, Mamba-2 hybrids,
  LFM2): a fixed recurrent state plus a convolution state per sequence, whatever the context.
  The convolution state keeps ``kernel - 1`` columns, as vLLM's mamba state shapes do
  (transformers' caches keep ``kernel`` columns).
- Tensor parallelism (vLLM ``get_num_kv_heads``): each GPU holds max(1, ceil(kv_heads / tp))
  heads; recurrent states are split over the mixer's heads.
- Paged allocation (vLLM): a sequence occupies whole blocks of 16 tokens.
"""

from __future__ import annotations

from core.domain.dtypes import BITS
from core.model.architecture import CACHE_KINDS, CacheKind, CacheRow, ModelArchitecture

VLLM_BLOCK_TOKENS = 16
# A recurrent or convolution state is kept in vLLM's ``mamba_cache_dtype``, "auto" by default: the
# model's dtype, 16-bit under vLLM's default ``dtype`` ("auto" serves fp32 checkpoints in fp16),
# whatever ``--kv-cache-dtype`` says (vllm-project/vllm
# vllm/model_executor/layers/mamba/mamba_utils.py @ 02d710837549a368073552333f66d714477415d2:
# MambaStateDtypeCalculator, get_kv_cache_torch_dtype(mamba_cache_dtype, model_dtype)). A state
# dtype the config pins (float32) is counted by its own bits (``CacheGroup.state_bits``).
STATE_BITS = 16


def cached_tokens(tokens: int) -> int:
    """Tokens a sequence occupies after rounding up to whole cache blocks."""
    return -(-tokens // VLLM_BLOCK_TOKENS) * VLLM_BLOCK_TOKENS


def _row_bits(row: CacheRow, bits: int, tokens: int, padded: bool) -> int:
    kind, window, per_token, fixed, pinned, token_bits = row
    kept = cached_tokens(tokens) if padded else tokens
    if window is not None and kind in ("sliding", "chunked"):
        kept = min(kept, cached_tokens(window) if padded else window)
    return per_token * kept * bits + fixed * STATE_BITS + token_bits * kept + pinned


def cache_by_kind(
    arch: ModelArchitecture, cache_dtype: str, tokens: int, tp: int = 1, *, padded: bool = True
) -> dict[CacheKind, int]:
    """Bytes one sequence keeps on one GPU, by layer kind (kinds the model lacks are left out)."""
    bits = BITS[cache_dtype]
    out: dict[CacheKind, int] = {}
    for row in arch.cache_rows(tp):
        out[row[0]] = out.get(row[0], 0) + _row_bits(row, bits, tokens, padded)
    return {kind: -(-out[kind] // 8) for kind in CACHE_KINDS if kind in out}


def state_bytes_per_sequence(arch: ModelArchitecture, cache_dtype: str, tp: int = 1) -> int:
    """Fixed recurrent + convolution state bytes of one sequence on one GPU (0 without one).

    The state's dtype does not follow ``cache_dtype`` (:data:`STATE_BITS`); the argument stays for
    the callers that pass every cache figure the same request's dtype.
    """
    del cache_dtype
    return -(-sum(row[3] * STATE_BITS + row[4] for row in arch.cache_rows(tp)) // 8)


def kv_bytes_per_token(arch: ModelArchitecture, cache_dtype: str) -> int:
    """Full-attention-equivalent KV bytes per token: every attention layer, no window cap."""
    rows = arch.cache_rows(1)
    bits = sum(row[2] for row in rows) * BITS[cache_dtype] + sum(row[5] for row in rows)
    return -(-bits // 8)


def kv_heads_per_gpu(arch: ModelArchitecture, tp: int) -> int:
    """KV heads one GPU holds under tensor parallelism (replicated when tp > kv_heads)."""
    return max(1, -(-arch.kv_heads // tp))


def cache_bytes_per_sequence(
    arch: ModelArchitecture, cache_dtype: str, tokens: int, tp: int = 1, *, padded: bool = True
) -> int:
    """KV and state bytes one sequence of ``tokens`` tokens keeps on one GPU."""
    bits = BITS[cache_dtype]
    return -(-sum(_row_bits(row, bits, tokens, padded) for row in arch.cache_rows(tp)) // 8)


def kv_cache_per_gpu(
    arch: ModelArchitecture, cache_dtype: str, tokens: int, sequences: int, tp: int = 1
) -> int:
    """KV-cache and state bytes one GPU holds for ``sequences`` sequences of ``tokens`` each."""
    bits = BITS[cache_dtype]
    per_sequence = sum(_row_bits(row, bits, tokens, True) for row in arch.cache_rows(tp))
    return -(-per_sequence * sequences // 8)
