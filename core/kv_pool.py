"""vLLM's KV cache pool at start-up, and the bounds it and the scheduler put on the limits.

The pool is :func:`core.capacity.vllm_profile.vllm_profile`'s; :mod:`core.limits` takes the smaller
of the planner's own fit and :func:`vllm_bounds` for vLLM serving.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from core.capacity.kv_cache import VLLM_BLOCK_TOKENS

PoolBinding = Literal["kv_pool", "max_num_seqs"]


@dataclass(frozen=True)
class KvPool:
    """The KV pool vLLM sizes at start-up for the requested layout, as it reports it.

    vLLM logs "GPU KV cache size: N tokens" and "Maximum concurrency for L tokens per request:
    X" (:attr:`concurrency`). The figures are those of
    :func:`core.capacity.vllm_profile.vllm_profile` (the estimate's ``details["vllm_profile"]``):
    utilisation × the device's total less the weights, the profile run's activation peak and
    non-torch memory, in whole 16-token blocks. It bounds the context and sequences limits
    beside the planner's per-GPU memory (:func:`vllm_bounds`).
    """

    bytes: int
    bytes_per_token: int
    tokens: int
    context: int

    @classmethod
    def of_profile(cls, profile: Mapping[str, Any], context: int) -> KvPool:
        """The pool of a profile's figures (``VllmProfile.as_dict()``) at ``context`` tokens."""
        return cls(
            profile["kv_pool_bytes"],
            profile["kv_bytes_per_token"],
            profile["kv_pool_tokens"],
            context,
        )

    @property
    def blocks(self) -> int:
        """The pool's whole 16-token blocks."""
        return self.tokens // VLLM_BLOCK_TOKENS

    @property
    def concurrency(self) -> float:
        """The "maximum concurrency" vLLM reports for ``context``-token requests.

        Its blocks over the whole blocks one request takes (``get_max_concurrency_for_kv_cache_
        config``: ``num_blocks / cdiv(max_model_len, block_size)``).
        """
        return self.blocks / -(-self.context // VLLM_BLOCK_TOKENS)

    def as_dict(self) -> dict[str, Any]:
        """The pool as JSON."""
        return {
            "bytes": self.bytes,
            "bytes_per_token": self.bytes_per_token,
            "tokens": self.tokens,
            "context_tokens": self.context,
            "concurrency": round(self.concurrency, 2),
        }


def vllm_bounds(
    pool: KvPool, max_num_seqs: int, sequences: int
) -> dict[str, tuple[int, PoolBinding]]:
    """The bounds vLLM itself puts on the context (at ``sequences``) and the sequences.

    - **Context**: vLLM refuses to start when one sequence of ``max_model_len`` tokens does not
      fit the pool (``check_enough_kv_cache_memory`` in ``vllm/v1/core/kv_cache_utils.py``: "To
      serve at least one request with the models's max seq len ... KV cache is needed, which is
      larger than the available KV cache memory"; V0's ``raise_if_cache_size_invalid``: "max seq
      len ... is larger than the maximum number of tokens that can be stored in KV cache"), and
      ``sequences`` sequences held at once take ``sequences`` × ⌈L / 16⌉ blocks of it, so
      L ≤ ⌊blocks / sequences⌋ × 16 (the pool's tokens for one sequence).
    - **Sequences**: a sequence of C tokens takes ⌈C / 16⌉ whole blocks, so the pool holds
      ⌊blocks / ⌈C / 16⌉⌋ of them at once (``get_max_concurrency_for_kv_cache_config``:
      ``num_blocks / cdiv(max_model_len, block_size)`` for full attention, the "maximum
      concurrency" vLLM logs, rounded down); and the scheduler runs no more than
      ``max_num_seqs`` (``Scheduler.schedule`` in ``vllm/v1/core/sched/scheduler.py`` stops
      admitting once ``len(self.running) == self.max_num_running_reqs``).

    Sliding-window and hybrid models: the pool's tokens are those of
    :func:`core.capacity.vllm_profile.vllm_profile`, whose bytes per token are the average over
    the layers at the request's context (a window layer holds at most its window), so the bounds
    are exact at that context and an approximation at others.

    Args:
        pool: vLLM's start-up pool (its ``context`` is the request's).
        max_num_seqs: The scheduler's limit the profile used (the request's or vLLM's default).
        sequences: The concurrent sequences the context limit is held at.

    Returns:
        The largest value vLLM allows and what sets it, by limit name.
    """
    held = pool.blocks // -(-pool.context // VLLM_BLOCK_TOKENS)
    return {
        "context": (pool.blocks // max(sequences, 1) * VLLM_BLOCK_TOKENS, "kv_pool"),
        "sequences": (held, "kv_pool") if held <= max_num_seqs else (max_num_seqs, "max_num_seqs"),
    }
