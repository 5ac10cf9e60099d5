"""vLLM 0.21+'s CUDA graph estimate, taken from the KV pool: the note that says so (kv_pool).

vLLM measures the estimate on the GPU (``GPUModelRunner.profile_cudagraph_memory``), so the pool
the planner shows is the one of 0.20 and earlier; the note gives the pool in tokens less the
smallest and the largest published estimates. Figures worked out by hand: Llama 3.1 8B caches
32 layers × 8 KV heads × 128 × (K and V) × 2 bytes = 131,072 bytes per token, a 16-token block
of every layer 2 MiB.
"""

from __future__ import annotations

from core.capacity.kv_pool import KvPool, graph_estimate_finding
from core.capacity.vllm_profile import GRAPH_ESTIMATE_GIB, PUBLISHED_GRAPH_ESTIMATES_GIB
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.estimate.results import EstimateResult

GIB = 1 << 30
BLOCK = 16 * 131_072  # Llama 3.1 8B's block: 16 tokens of every layer's K and V in bf16


def _llama_8b_h100() -> EstimateResult:
    # vLLM 0.7 to 0.16's profile (the sort), whose pool the figures below were worked out for
    raw = {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"}
    return estimate(parse_request({**raw, "inference": {"vllm_version": "0.7-0.16"}}))


def test_the_range_is_the_smallest_and_largest_published_estimate() -> None:
    assert len(PUBLISHED_GRAPH_ESTIMATES_GIB) == 7
    assert GRAPH_ESTIMATE_GIB == (0.17, 2.43)


def test_llama_8b_on_an_h100_notes_the_pool_less_the_published_estimates() -> None:
    result = _llama_8b_h100()
    (note,) = [f for f in result.findings if f.code == "vllm_graph_estimate"]
    pool_bytes = result.details["vllm_profile"]["kv_pool_bytes"]
    assert note.severity == "info" and note.glossary_term == "kv_cache"
    # The pool as vLLM logs it: whole blocks of 16 tokens (4,096-token requests take 256 each).
    assert note.params["tokens"] == pool_bytes // BLOCK * 16 == 421_408
    # Less 2.43 GiB (19,906 tokens of 128 KiB) and less 0.17 GiB (1,392.6 tokens), in blocks.
    assert note.params["fewest"] == (pool_bytes - int(2.43 * GIB)) // BLOCK * 16 == 401_504
    assert note.params["most"] == (pool_bytes - int(0.17 * GIB)) // BLOCK * 16 == 420_016
    assert (note.params["low"], note.params["high"]) == (0.17, 2.43)
    assert "401,504 to 420,016 of the 421,408 tokens shown" in str(note.message)


def test_no_note_when_the_pool_is_empty() -> None:
    # Llama 3.1 70B in bf16 (141 GB of weights) leaves one 80 GB GPU no pool at all.
    request = {"model": {"preset": "llama-3.1-70b"}, "gpu": "h100-80gb-sxm"}
    result = estimate(parse_request(request))
    assert result.details["vllm_profile"]["kv_pool_tokens"] == 0
    assert not [f for f in result.findings if f.code == "vllm_graph_estimate"]


def test_an_estimate_larger_than_the_pool_leaves_no_tokens() -> None:
    result = _llama_8b_h100()
    profile = result.details["vllm_profile"]
    pool = KvPool.of_profile(profile, 4096)
    assert pool.tokens_less(pool.bytes + GIB) == 0
    assert pool.tokens_less(0) == pool.tokens
    assert graph_estimate_finding(pool) is not None
