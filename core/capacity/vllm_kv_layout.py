"""How vLLM's KV cache manager lays out its pool and charges one request, kind of layer by kind.

vLLM (V1, current main; read at commit 001cabc1be16 of ``vllm/v1/core/kv_cache_utils.py`` and
``vllm/v1/kv_cache_interface.py``) splits the pool into blocks and gives each request, per
KV cache group, the blocks its layers may need at most:

- **Groups.** ``get_kv_cache_groups``: one group when every layer has the same spec
  (``_get_kv_cache_groups_uniform_spec``) or the same kind with different page sizes
  (``UniformTypeKVCacheSpecs``, one block spanning every layer's page). Otherwise the hybrid
  manager makes the page sizes equal (``unify_kv_cache_spec_page_size``: a smaller page's block
  grows by the ratio, which must be whole) and splits each kind's layers into groups of the same
  size (``_get_kv_cache_groups_uniform_page_size``: the fewest layers of any kind, or the most
  when the most are fewer than 1.5 times the fewest; a kind's last group is padded).
- **Pool.** ``get_kv_cache_config_from_groups`` / ``get_num_blocks``: one block id spans one
  page of each of ``group size`` layers, so the pool has available // page // group size blocks
  (available // Σ pages for one uniform-kind group).
- **Per request**, ``max_memory_usage_bytes`` of each group's spec at ``max_model_len`` L with
  ``max_num_batched_tokens`` B: full attention (and MLA) ⌈L / b⌉ blocks; sliding window W
  (``SlidingWindowSpec``) ⌈min(W − 1 + B, L) / b⌉ + 1, the chunk being prefilled beside the
  window and one block for a window that starts mid-block; chunked local attention C
  (``ChunkedLocalAttentionSpec``) ⌈min(C + B, L) / b⌉; a Mamba / linear-attention state
  (``MambaSpec``, ``mamba_cache_mode`` "none") one block, and 1 + ``num_speculative_blocks``
  while MTP drafts N tokens: N more blocks, while the page stays one state, so the block size,
  the groups and the pool's blocks stay as they are. ``get_max_concurrency_for_kv_cache_config``
  divides the pool's blocks by their sum (the "maximum concurrency" vLLM logs) and
  ``_check_enough_kv_cache_memory`` refuses to start when one request of L tokens does not fit.
- **Logged size.** ``get_kv_cache_capacity`` / ``update_kv_cache_capacity``: "GPU KV cache
  size" is the maximum concurrency times L (``kv_cache_utils.py`` at 22df3a3, quoted in vLLM
  issue 54662; up to 0.19 it was the pool's blocks over the number of groups times the smallest
  block size, which is the same for one group of full attention and a context on the block
  grid).
- **States beside attention.** ``Platform._align_hybrid_block_size`` (``vllm/platforms/
  interface.py``; ``HybridAttentionMambaModelConfig.verify_and_update_config`` before) grows the
  attention block to 16 × ⌈state page / (16 × attention page of one token)⌉ tokens so that one
  attention page holds a layer's state, and pads the state page to it.

**MLA block size** (``CudaPlatformBase.check_and_update_config`` in ``vllm/platforms/cuda.py``,
read at commit 002db4951e0c): with ``--block-size`` left at 16, vLLM forces the block size its
MLA kernel takes. On Blackwell data-centre GPUs (compute capability 10.x) the default is
FlashInfer MLA, which takes 32 or a multiple of 64 ("Forcing kv cache block size to 64 for
FlashInferMLA backend"), when ``qk_nope_head_dim`` is 128 (DeepSeek-V2/V3, Kimi K2), else CUTLASS
MLA, which takes multiples of 128 ("Forcing kv cache block size to 128 for CUTLASS_MLA backend":
GLM-4.7-Flash's 192, or any other width); on Hopper FlashMLA takes multiples of 64; a sparse model
(``index_topk``: DeepSeek-V3.2, GLM-5) gets 64 on any GPU (FlashMLASparse); elsewhere (Ampere,
Ada, Blackwell workstation GPUs, compute capability 12.x, which is not vLLM's "family 100")
Triton MLA keeps 16 (:func:`mla_block_tokens`). ``qk_nope_head_dim`` is the MLA query/key head
minus its decoupled RoPE part (``head_dim - qk_rope_head_dim`` of the architecture). Decode context
parallelism, which also sends vLLM to CUTLASS MLA, is not a setting the planner offers. ROCm's MLA
backends are not modelled (16).

Version notes: sliding-window layers were charged every token before the hybrid manager (V0,
and V1 with ``--disable-hybrid-kv-cache-manager``); chunked local attention was too while
``VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE`` defaulted to 0 (it defaults to 1 now).
Mamba states take one block with prefix caching off, vLLM's default for hybrid models
(``EngineArgs._set_default_chunked_prefill_and_prefix_caching_args``); with it on they take two
("align", and the draft tokens' blocks beside them) or grow with the context ("all"). The
planner follows the current defaults.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from core.capacity.kv_cache import STATE_BITS
from core.domain.dtypes import BITS
from core.model.architecture import CacheGroup, ModelArchitecture

BLOCK_TOKENS = 16  # vLLM's default --block-size, and the attention kernels' alignment
# vllm/platforms/cuda.py @ 002db4951e0c (CudaPlatformBase.check_and_update_config): the one
# qk_nope_head_dim FlashInfer MLA takes on Blackwell, and the block CUTLASS MLA is forced to.
FLASHINFER_MLA_NOPE = 128
CUTLASS_MLA_BLOCK = 128
# How a group's blocks per request grow: every token, a sliding window, a chunk, a fixed state.
Rule = Literal["full", "sliding", "chunked", "state"]
_RULES: dict[str, Rule] = {
    "full": "full",
    "mla": "full",
    "sliding": "sliding",
    "chunked": "chunked",
    "linear_state": "state",
}


@dataclass(frozen=True)
class KvGroup:
    """One of vLLM's KV cache groups: its rule, window (or chunk) and tokens per block.

    ``states`` is the state blocks a request takes in a state group: 1 + the draft tokens
    (``MambaSpec.num_speculative_blocks``).
    """

    rule: Rule
    window: int | None
    block_tokens: int
    states: int = 1

    def blocks(self, context: int, batched_tokens: int) -> int:
        """Blocks one request of ``context`` tokens may take (``max_memory_usage_bytes``)."""
        if self.rule == "state":
            return self.states
        tokens = context
        if self.rule == "sliding" and self.window is not None:
            tokens = min(self.window - 1 + batched_tokens, context)
        elif self.rule == "chunked" and self.window is not None:
            tokens = min(self.window + batched_tokens, context)
        extra = 1 if self.rule == "sliding" else 0
        return -(-tokens // self.block_tokens) + extra


@dataclass(frozen=True)
class KvLayout:
    """vLLM's pool layout for one model, cache dtype and tensor-parallel degree.

    Attributes:
        block_bytes: Bytes one block id spans over every layer it pages (page × group size).
        groups: The KV cache groups; each request takes blocks in every one.
        batched_tokens: ``max_num_batched_tokens``, the chunk a window or chunk group holds
            beside its window.
    """

    block_bytes: int
    groups: tuple[KvGroup, ...]
    batched_tokens: int

    def blocks(self, pool_bytes: int) -> int:
        """The blocks a pool of ``pool_bytes`` holds."""
        return pool_bytes // self.block_bytes

    def per_request(self, context: int) -> int:
        """Blocks one request of ``context`` tokens may take over every group."""
        return sum(g.blocks(context, self.batched_tokens) for g in self.groups)

    def logged_tokens(self, blocks: int, context: int) -> int:
        """The "GPU KV cache size: N tokens" vLLM logs for ``blocks`` blocks at ``context``."""
        return int(blocks / self.per_request(context) * context)

    def bytes_per_token(self) -> int:
        """Pool bytes per token were every group to hold it (every layer's, when uniform)."""
        tokens = min(g.block_tokens for g in self.groups)
        return -(-self.block_bytes * len(self.groups) // tokens)

    def longest(self, blocks: int, ceiling: int) -> int:
        """The longest context (up to ``ceiling``) whose request takes at most ``blocks``."""
        if self.per_request(ceiling) <= blocks:
            return ceiling
        low, high = 0, ceiling  # per_request(low) fits (or low is 0), per_request(high) does not
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (mid, high) if self.per_request(mid) <= blocks else (low, mid)
        return low

    def as_dict(self) -> dict[str, Any]:
        """Plain values for the profile's details and ``--json``; ``states`` only when not 1."""
        return {
            "block_bytes": self.block_bytes,
            "groups": [
                [g.rule, g.window, g.block_tokens, *([g.states] if g.states != 1 else [])]
                for g in self.groups
            ],
            "batched_tokens": self.batched_tokens,
        }

    @classmethod
    def of_dict(cls, data: Mapping[str, Any]) -> KvLayout:
        """The layout of :meth:`as_dict`'s values."""
        groups = tuple(KvGroup(*group) for group in data["groups"])
        return cls(data["block_bytes"], groups, data["batched_tokens"])


# One layer kind as vLLM specs it: (rule, window, page bytes of one token or of one state,
# state blocks a request takes, layers)
_Spec = tuple[Rule, "int | None", int, int, int]


def _specs(groups: tuple[CacheGroup, ...], cache_dtype: str, tp: int) -> tuple[_Spec, ...]:
    """Each cache group as vLLM's per-layer spec, merged where identical."""
    bits = BITS[cache_dtype]
    merged: dict[tuple[Rule, int | None, int, int], int] = {}
    for g in groups:
        rule = _RULES[g.kind]
        if rule == "state":  # one state a page, whatever the draft tokens (MambaSpec)
            state = g.state_elements_per_gpu(tp) * STATE_BITS + g.pinned_state_bits_per_gpu(tp)
            key: tuple[Rule, int | None, int, int] = (rule, None, -(-state // 8), g.states)
        else:
            page = -(-(g.elements_per_token(tp) * bits + g.token_bits) // 8)
            key = (rule, g.window if rule != "full" else None, page, 1)
        merged[key] = merged.get(key, 0) + g.layers
    return tuple((*key, layers) for key, layers in merged.items())


def _group_size(counts: Sequence[int]) -> int:
    """``_get_kv_cache_groups_uniform_page_size``'s layers per group."""
    fewest, most = min(counts), max(counts)
    return most if most < fewest * 1.5 else fewest


def mla_block_tokens(arch: ModelArchitecture, compute_capability: str | None) -> int:
    """The block size vLLM forces for ``arch``'s MLA cache on a GPU of ``compute_capability``.

    16 for a model without MLA or a GPU whose MLA kernel keeps the default (see the module
    docstring); None stands for a GPU the planner does not place (ROCm).
    """
    mla = [g for g in arch.cache_groups if g.kind == "mla"]
    if not mla or compute_capability is None:
        return BLOCK_TOKENS
    if any(g.token_bits for g in mla):  # the sparse indexer's key beside the latent
        return 64  # "Forcing kv cache block size to 64 for FlashMLASparse backend"
    major = int(compute_capability.split(".")[0])
    if major == 10:  # is_device_capability_family(100): B200, B300
        # FlashInfer MLA's kernel takes only a 128-wide non-RoPE query/key head; vLLM sends any
        # other width to CUTLASS MLA (cuda.py @ 002db4951e0c, "Fall back to CUTLASS_MLA").
        return 64 if mla_nope_head_dim(arch) == FLASHINFER_MLA_NOPE else CUTLASS_MLA_BLOCK
    return 64 if major == 9 else BLOCK_TOKENS  # FlashMLA; Triton MLA


def mla_nope_head_dim(arch: ModelArchitecture) -> int:
    """``qk_nope_head_dim`` of an MLA architecture: its query/key head minus the RoPE part."""
    return arch.head_dim - (arch.qk_rope_head_dim or 0)


def kv_layout(
    arch: ModelArchitecture,
    cache_dtype: str,
    tp: int,
    batched_tokens: int,
    context: int,
    mla_block: int = BLOCK_TOKENS,
) -> KvLayout | None:
    """The pool layout vLLM gives ``arch`` served at ``context`` tokens, or None if not modelled.

    A model of states only pages them in blocks of ``max_model_len`` tokens (``MambaModelConfig``
    sets ``mamba_block_size`` to it), which is what its logged size counts. A model of MLA layers
    only pages them in blocks of ``mla_block`` tokens (:func:`mla_block_tokens`).

    None when the attention page sizes do not divide one another (vLLM's
    ``unify_kv_cache_spec_page_size`` raises) or a model keeps both fixed states and per-token
    entries of its own format (DeepSeek-V4's compressors, whose vLLM grouping is not modelled).
    """
    return _layout(arch.cache_groups, cache_dtype, tp, batched_tokens, context, mla_block)


@lru_cache(maxsize=1024)
def _layout(
    cache: tuple[CacheGroup, ...],
    cache_dtype: str,
    tp: int,
    batched_tokens: int,
    context: int,
    mla_block: int = BLOCK_TOKENS,
) -> KvLayout | None:
    """:func:`kv_layout` of a cache layout, kept: an estimate sweep asks it per offer."""
    specs = _specs(cache, cache_dtype, tp)
    if not specs:
        return None
    if any(g.token_bits for g in cache) and len(specs) > 1:
        return None
    rules = {(rule, window, states) for rule, window, _, states, _ in specs}
    if len(rules) == 1:  # one group over every layer (uniform spec or uniform kind)
        rule, window, states = next(iter(rules))
        tokens = BLOCK_TOKENS if rule != "state" else context
        if all(g.kind == "mla" for g in cache):
            tokens = mla_block  # the block size vLLM forces for its MLA kernel
        pages = sum(page * layers for *_, page, _, layers in specs)
        per_block = pages * (tokens if rule != "state" else 1)
        return KvLayout(per_block, (KvGroup(rule, window, tokens, states),), batched_tokens)
    attention = [page for rule, _, page, _, _ in specs if rule != "state"]
    state_pages = [page for rule, _, page, _, _ in specs if rule == "state"]
    block = BLOCK_TOKENS
    if state_pages and attention:  # Platform._align_hybrid_block_size
        one_token = max(attention)
        block = BLOCK_TOKENS * -(-max(state_pages) // (BLOCK_TOKENS * one_token))
    page = max([p * block for p in attention] + state_pages)
    size = _group_size([layers for *_, layers in specs])
    groups: list[KvGroup] = []
    for rule, window, own, states, layers in specs:
        tokens = block
        if rule != "state":
            if page % (own * block):
                return None  # unify_kv_cache_spec_page_size: NotImplementedError
            tokens = page // own  # a smaller page's block grows by the ratio
        groups += [KvGroup(rule, window, tokens, states)] * -(-layers // size)
    return KvLayout(page * size, tuple(groups), batched_tokens)
