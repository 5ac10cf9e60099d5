"""vLLM's KV cache pool at start-up, and the bounds it and the scheduler put on the limits.

The pool is :func:`core.capacity.vllm_profile.vllm_profile`'s; :mod:`core.planning.limits` takes the
smaller of the planner's own fit and :func:`vllm_bounds` for vLLM serving.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from core.base.units import gib
from core.capacity.vllm_kv_layout import KvLayout
from core.capacity.vllm_profile import GIB, GRAPH_ESTIMATE_GIB
from core.domain.breakdown import Finding

PoolBinding = Literal["kv_pool", "max_num_seqs"]


@dataclass(frozen=True)
class KvPool:
    """The KV pool vLLM sizes at start-up for the requested layout, as it reports it.

    vLLM logs "GPU KV cache size: N tokens" (:attr:`tokens`) and "Maximum concurrency for L
    tokens per request: X" (:attr:`concurrency`). The figures are those of
    :func:`core.capacity.vllm_profile.vllm_profile` (the estimate's ``details["vllm_profile"]``):
    utilisation × the device's total less the weights, the profile run's activation peak and
    non-torch memory, cut into blocks the way vLLM groups the model's layers
    (:class:`core.capacity.vllm_kv_layout.KvLayout`). It bounds the context and sequences limits
    beside the planner's per-GPU memory (:func:`vllm_bounds`).
    """

    bytes: int
    bytes_per_token: int
    tokens: int
    context: int
    layout: KvLayout

    @classmethod
    def of_profile(cls, profile: Mapping[str, Any], context: int) -> KvPool:
        """The pool of a profile's figures (``VllmProfile.as_dict()``) at ``context`` tokens."""
        return cls(
            profile["kv_pool_bytes"],
            profile["kv_bytes_per_token"],
            profile["kv_pool_tokens"],
            context,
            KvLayout.of_dict(profile["kv_layout"]),
        )

    @property
    def blocks(self) -> int:
        """The pool's blocks (each spans one page of every layer of a KV cache group)."""
        return self.layout.blocks(self.bytes)

    @property
    def per_sequence(self) -> int:
        """The blocks one sequence of :attr:`context` tokens may take over every group."""
        return self.layout.per_request(self.context)

    @property
    def concurrency(self) -> float:
        """The "maximum concurrency" vLLM reports for ``context``-token requests.

        Its blocks over the blocks one request may take (``get_max_concurrency_for_kv_cache_
        config``; ``num_blocks / cdiv(max_model_len, block_size)`` for full attention).
        """
        return self.blocks / self.per_sequence

    def tokens_less(self, taken: int) -> int:
        """The "GPU KV cache size" vLLM logs when ``taken`` bytes come out of the pool."""
        blocks = self.layout.blocks(max(self.bytes - taken, 0))
        return self.layout.logged_tokens(blocks, self.context)

    def as_dict(self) -> dict[str, Any]:
        """The pool as JSON."""
        return {
            "bytes": self.bytes,
            "bytes_per_token": self.bytes_per_token,
            "tokens": self.tokens,
            "context_tokens": self.context,
            "concurrency": round(self.concurrency, 2),
        }


@dataclass(frozen=True)
class StartUp:
    """vLLM's start-up check of its KV cache pool against one request of ``max_model_len``.

    Attributes:
        starts: Whether vLLM starts: the pool is not empty and one sequence of the pool's
            context fits it.
        needed_bytes: The pool one sequence of that context takes: its blocks in every KV cache
            group (:meth:`core.capacity.vllm_kv_layout.KvLayout.per_request`) times the bytes one
            block id spans.
        longest: The largest ``max_model_len`` (up to the pool's context) whose one sequence fits
            the pool, by the same rule; 0 when not even one token does.
    """

    starts: bool
    needed_bytes: int
    longest: int

    def as_dict(self) -> dict[str, Any]:
        """The check as JSON (the estimate's ``details["vllm_start_up"]``)."""
        return {
            "starts": self.starts,
            "needed_bytes": self.needed_bytes,
            "longest_context": self.longest,
        }


def start_up(pool: KvPool) -> StartUp:
    """Whether vLLM starts with ``pool``, as its start-up check decides.

    ``_check_enough_kv_cache_memory`` in ``vllm/v1/core/kv_cache_utils.py`` (commit
    001cabc1be16) raises "No available memory for the cache blocks" when the pool is empty, and
    "To serve at least one request with the models's max seq len (L), (X GiB KV cache is needed,
    which is larger than the available KV cache memory (Y GiB)" when the KV cache one request
    of ``max_model_len`` tokens needs is larger than the pool. That need
    (``_max_memory_usage_bytes_from_groups``) is the group size × the page size × the sum over
    the KV cache groups of each group's blocks at L, which is :attr:`KvPool.per_sequence` times
    the layout's ``block_bytes`` (for one group of one kind, ``UniformTypeKVCacheSpecs``, the sum
    of every layer's ⌈L / block⌉ pages: the same figure). Its "estimated maximum model length"
    (``_estimate_max_model_len_from_groups``) is the largest L from 1 up to the requested one
    whose need fits, 0 when even one token does not: :meth:`KvLayout.longest` over the pool's
    blocks, since a need of n blocks fits the pool's bytes exactly when n ≤ its blocks.
    """
    layout = pool.layout
    needed = layout.block_bytes * pool.per_sequence
    if pool.bytes <= 0:
        return StartUp(False, needed, 0)
    return StartUp(needed <= pool.bytes, needed, layout.longest(pool.blocks, pool.context))


def start_up_finding(pool: KvPool, check: StartUp) -> Finding | None:
    """The blocker of a pool vLLM refuses to start with (None when it starts).

    Variants: ``no_pool`` when nothing is left for the pool, ``no_context`` when the pool holds
    less than one token's blocks, otherwise the longest context that would start.
    """
    if check.starts:
        return None
    variant = "no_pool" if pool.bytes <= 0 else ("no_context" if check.longest == 0 else "")
    return Finding.of(
        "vllm_does_not_start",
        "blocker",
        "kv_cache",
        variant=variant,
        context=pool.context,
        needed=gib(check.needed_bytes),  # GPU memory in GiB, the unit policy of core.base.units
        available=gib(max(pool.bytes, 0)),
        longest=check.longest,
    )


def refused(details: Mapping[str, Any]) -> StartUp | None:
    """The start-up check of an estimate's ``details`` when vLLM refuses to start, else None.

    None as well for an estimate that is not vLLM serving (or was saved without the check).
    """
    check = details.get("vllm_start_up")
    if not check or check["starts"]:
        return None
    return StartUp(False, check["needed_bytes"], check["longest_context"])


def runs_fewer(details: Mapping[str, Any], requested: int) -> int | None:
    """The sequences vLLM runs at once when at least one but fewer than ``requested``, else None.

    From an estimate's ``details`` (:func:`vllm_sequences` at start-up: its pool or its
    ``max_num_seqs``); the others wait in its queue.
    """
    check = details.get("vllm_start_up")
    if not check or not check["starts"]:
        return None
    at_once = int(check["sequences_at_once"])
    return at_once if 0 < at_once < requested else None


def vllm_sequences(pool: KvPool, max_num_seqs: int) -> tuple[int, PoolBinding]:
    """The sequences of the pool's context vLLM runs at once, and what stops more.

    The pool holds ⌊blocks / blocks per sequence⌋ of them (``get_max_concurrency_for_kv_cache_
    config``, the "maximum concurrency" vLLM logs, rounded down); the scheduler runs no more than
    ``max_num_seqs`` (``Scheduler.schedule`` in ``vllm/v1/core/sched/scheduler.py`` stops
    admitting once ``len(self.running) == self.max_num_running_reqs``).
    """
    held = pool.blocks // pool.per_sequence
    return (held, "kv_pool") if held <= max_num_seqs else (max_num_seqs, "max_num_seqs")


def vllm_bounds(
    pool: KvPool, max_num_seqs: int, sequences: int, *, ceiling: int
) -> dict[str, tuple[int, PoolBinding]]:
    """The bounds vLLM itself puts on the context (at ``sequences``) and the sequences.

    A sequence of L tokens may take, in every KV cache group, the blocks its kind needs at most
    (:meth:`core.capacity.vllm_kv_layout.KvLayout.per_request`: ⌈L / 16⌉ for full attention, a
    sliding window's or a chunk's tokens plus the batched chunk, one block for a Mamba state and
    one more per MTP draft token).

    - **Context**: vLLM refuses to start when one sequence of ``max_model_len`` tokens does not
      fit the pool (``_check_enough_kv_cache_memory`` in ``vllm/v1/core/kv_cache_utils.py``:
      "To serve at least one request with the models's max seq len ... KV cache is needed,
      which is larger than the available KV cache memory"; V0's ``raise_if_cache_size_invalid``),
      and ``sequences`` sequences held at once take ``sequences`` times that, so L is the
      longest context whose blocks are at most ⌊blocks / sequences⌋ (up to ``ceiling``).
    - **Sequences**: :func:`vllm_sequences` at the pool's context.

    Args:
        pool: vLLM's start-up pool (its ``context`` is the request's).
        max_num_seqs: The scheduler's limit the profile used (the request's or vLLM's default).
        sequences: The concurrent sequences the context limit is held at.
        ceiling: The longest context searched (the limits' own cap).

    Returns:
        The largest value vLLM allows and what sets it, by limit name.
    """
    longest = pool.layout.longest(pool.blocks // max(sequences, 1), ceiling)
    return {"context": (longest, "kv_pool"), "sequences": vllm_sequences(pool, max_num_seqs)}


def graph_estimate_finding(pool: KvPool) -> Finding | None:
    """What vLLM 0.21 and later take from ``pool`` for CUDA graphs, as a range; None if empty.

    From 0.21 ``Worker.determine_available_memory`` subtracts ``profile_cudagraph_memory``'s
    estimate, which vLLM measures by capturing graphs on the GPU, so the planner's pool (sized as
    up to 0.20, or with ``VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0``) is an upper bound there.
    The finding gives the pool in tokens less the smallest and the largest published estimates
    (:data:`core.capacity.vllm_profile.GRAPH_ESTIMATE_GIB`, with their sources).
    """
    if pool.tokens == 0:
        return None
    low, high = GRAPH_ESTIMATE_GIB
    return Finding.of(
        "vllm_graph_estimate",
        "info",
        "kv_cache",
        low=low,
        high=high,
        tokens=pool.tokens,
        most=pool.tokens_less(int(low * GIB)),
        fewest=pool.tokens_less(int(high * GIB)),
    )
