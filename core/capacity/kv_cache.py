"""KV-cache size, per token and per GPU.

Formula (PRODUCT.md, the vLLM paper "Efficient Memory Management for Large Language Model Serving
with PagedAttention", section 2): bytes per token = 2 (K and V) × layers × kv_heads × head_dim ×
bytes per value. OPT-13B in fp16: 2 × 40 × 40 × 128 × 2 = 819,200 bytes, the paper's "800 KB".

- GQA/MQA: ``kv_heads`` is ``num_key_value_heads``, and ``head_dim`` the explicit value when the
  config gives one (Gemma 2: 256, not hidden / heads).
- MLA (DeepSeek-V2 paper, section 2.1; vLLM's MLA backend): one compressed latent of
  ``kv_lora_rank + qk_rope_head_dim`` values per token and layer (512 + 64 = 576 for DeepSeek-V3),
  no factor 2, and the latent is replicated on every tensor-parallel rank.
- Tensor parallelism (vLLM ``get_num_kv_heads``): each GPU holds max(1, kv_heads / tp)
  heads, so heads are replicated when tp exceeds kv_heads.
- Sliding-window layers (Mistral v0.1, Gemma 2's local layers) keep at most ``window`` tokens.
- Paged allocation (vLLM): a sequence occupies whole blocks of 16 tokens.
"""

from __future__ import annotations

from core.architecture import ModelArchitecture
from core.capacity.dtypes import BITS

VLLM_BLOCK_TOKENS = 16


def kv_bytes_per_token(arch: ModelArchitecture, cache_dtype: str) -> int:
    """KV bytes per token for the whole model (all layers, K and V), before any split."""
    bits = BITS[cache_dtype]
    if arch.attention == "mla":
        latent = (arch.kv_lora_rank or 0) + (arch.qk_rope_head_dim or 0)
        return -(-arch.layers * latent * bits // 8)
    return -(-2 * arch.layers * arch.kv_heads * arch.head_dim * bits // 8)


def kv_heads_per_gpu(arch: ModelArchitecture, tp: int) -> int:
    """KV heads one GPU holds under tensor parallelism (replicated when tp > kv_heads)."""
    return max(1, -(-arch.kv_heads // tp))


def cached_tokens(tokens: int) -> int:
    """Tokens a sequence occupies after rounding up to whole cache blocks."""
    return -(-tokens // VLLM_BLOCK_TOKENS) * VLLM_BLOCK_TOKENS


def kv_cache_per_gpu(
    arch: ModelArchitecture, cache_dtype: str, tokens: int, sequences: int, tp: int = 1
) -> int:
    """KV-cache bytes one GPU holds for ``sequences`` sequences of ``tokens`` tokens each."""
    bits = BITS[cache_dtype]
    padded = cached_tokens(tokens)
    window_layers = arch.sliding_window_layers if arch.sliding_window else 0
    windowed = min(padded, cached_tokens(arch.sliding_window)) if arch.sliding_window else padded
    token_layers = (arch.layers - window_layers) * padded + window_layers * windowed
    if arch.attention == "mla":
        latent = (arch.kv_lora_rank or 0) + (arch.qk_rope_head_dim or 0)
        return -(-token_layers * latent * bits * sequences // 8)
    heads = kv_heads_per_gpu(arch, tp)
    return -(-2 * token_layers * heads * arch.head_dim * bits * sequences // 8)
