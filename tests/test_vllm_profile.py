"""vLLM's start-up profile: device total, batch defaults, activation peak and KV pool."""

from __future__ import annotations

from core.capacity.vllm_profile import (
    GIB,
    batch_defaults,
    device_total_bytes,
    forward_peak_bytes,
    moe_workspace_bytes,
    non_torch_bytes,
    sampler_peak_bytes,
)
from core.domain.catalog import default_catalog
from core.domain.request import PlanRequest
from core.estimate.dispatch import estimate


def _gpu(gpu_id: str):  # type: ignore[no-untyped-def]
    return default_catalog().gpu(gpu_id)


def _profile(**inference: object) -> dict[str, object]:
    request = PlanRequest.model_validate(
        {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm", "inference": inference}
    )
    profile: dict[str, object] = estimate(request).details["vllm_profile"]
    return profile


def test_device_total_falls_back_to_the_vendor_figure_and_says_so() -> None:
    gpu = _gpu("h100-80gb-sxm")
    total = device_total_bytes(gpu)
    if total.driver_reported:  # the catalog carries the driver's figure
        assert total.bytes < gpu.vram_bytes
    else:
        assert total.bytes == gpu.vram_bytes


def test_batch_defaults_follow_vllm_engine_args() -> None:
    assert batch_defaults(_gpu("h100-80gb-sxm")) == (8192, 1024)
    assert batch_defaults(_gpu("a100-80gb")) == (2048, 256)  # A100 excluded by name
    assert batch_defaults(_gpu("l4")) == (2048, 256)


def test_forward_peak_of_llama3_8b_at_8192_tokens() -> None:
    from core.model.models import load_preset

    arch = load_preset("llama-3.1-8b")
    # 3 x 8192 x 4096 x 2 B (stream) + 3 x 8192 x 14336 x 2 B (gate, up, activation)
    assert forward_peak_bytes(arch, 8192) == 3 * 8192 * 4096 * 2 + 3 * 8192 * 14336 * 2
    # the MLP intermediate is split by tensor parallelism, the stream is not and gains the
    # all-reduce's result
    assert forward_peak_bytes(arch, 8192, 2) == 4 * 8192 * 4096 * 2 + 3 * 8192 * 7168 * 2
    # up to vLLM 0.16: 38 B per vocabulary entry and sequence at the sort, plus the final
    # hidden states
    sort = sampler_peak_bytes(arch, 256, 8192, "0.7-0.16")
    assert sort == 38 * 128256 * 256 + 8192 * 4096 * 2


def test_the_sampler_masks_in_place_from_vllm_0_17() -> None:
    """From 0.17 the profile's top-k/top-p runs in a Triton kernel that masks the logits in place.

    vLLM PR 33538 (``apply_top_k_top_p_triton``, in the v0.17.0 release notes): no sorted copy,
    no int64 indices, no radix-sort buffers. Alive at ``random_sample``: the bf16 logits (2 B),
    their fp32 copy (4 B), the probabilities (4 B) and the exponential noise (4 B): 14 B per
    vocabulary entry and sequence, plus one fp32 scratch row per SM (132 on an H100 SXM).
    """
    from core.model.models import load_preset

    arch = load_preset("llama-3.1-8b")
    hidden = 8192 * 4096 * 2
    masked = sampler_peak_bytes(arch, 1024, 8192, "0.17+", 132)
    assert masked == 14 * 128256 * 1024 + 4 * 128256 * 132 + hidden
    # about 15 bytes per entry and sequence at vLLM's default 1024 sequences on an H100
    assert 14.5 < (masked - hidden) / (128256 * 1024) < 15
    assert masked < sampler_peak_bytes(arch, 1024, 8192, "0.7-0.16") / 2


def test_the_vllm_version_is_a_request_field_that_defaults_to_the_current_profile() -> None:
    old = _profile(vllm_version="0.7-0.16", max_num_seqs=1024)
    new = _profile(max_num_seqs=1024)
    assert (
        PlanRequest.model_validate({"model": {"preset": "llama-3.1-8b"}}).inference.vllm_version
        == "0.17+"
    )
    # the H100 SXM's 132 SMs give the scratch rows; 1024 sequences over 128,256 entries
    assert new["sampler_peak_bytes"] == 14 * 128256 * 1024 + 4 * 128256 * 132 + 8192 * 4096 * 2
    assert old["sampler_peak_bytes"] == 38 * 128256 * 1024 + 8192 * 4096 * 2
    assert new["kv_pool_bytes"] - old["kv_pool_bytes"] == (  # type: ignore[operator]
        old["activation_peak_bytes"]
        - new["activation_peak_bytes"]  # type: ignore[operator]
        + old["non_torch_bytes"]
        - new["non_torch_bytes"]  # type: ignore[operator]
    )


def test_a_request_file_without_the_vllm_version_loads_and_keeps_its_fingerprint() -> None:
    from core.domain.request_parsing import parse_request

    raw = {"model": {"preset": "llama-3.1-8b"}, "inference": {"context_tokens": 8192}}
    request = parse_request(raw)
    assert request.inference.vllm_version == "0.17+"
    assert "vllm_version" not in request.canonical_json()
    older = parse_request(
        {**raw, "inference": {"context_tokens": 8192, "vllm_version": "0.7-0.16"}}
    )
    assert '"vllm_version":"0.7-0.16"' in older.canonical_json()


def _tp_profile(gpus: int, **inference: object) -> dict[str, object]:
    request = PlanRequest.model_validate(
        {
            "model": {"preset": "llama-3.1-8b"},
            "gpu": "h100-80gb-sxm",
            "parallelism": {"strategy": "tensor", "gpus": gpus},
            "inference": inference,
        }
    )
    profile: dict[str, object] = estimate(request).details["vllm_profile"]
    return profile


def test_the_sampler_peak_is_not_divided_by_tensor_parallelism() -> None:
    # 8192 tokens over 256 sequences under the sort: the first rank's sampler is the peak at any
    # degree
    batch = {"max_num_batched_tokens": 8192, "max_num_seqs": 256, "vllm_version": "0.7-0.16"}
    tp1, tp2 = _tp_profile(1, **batch), _tp_profile(2, **batch)
    assert tp1["activation_peak_bytes"] == tp2["activation_peak_bytes"]
    assert tp2["activation_peak_bytes"] == tp2["sampler_peak_bytes"]


def test_a_forward_larger_than_the_sampler_is_split_and_is_the_peak() -> None:
    # 65536 tokens over 8 sequences: the forward dominates and halves (but for the stream)
    batch = {"max_num_batched_tokens": 65536, "max_num_seqs": 8, "context_tokens": 65536}
    tp1, tp2 = _tp_profile(1, **batch), _tp_profile(2, **batch)
    assert tp1["activation_peak_bytes"] == tp1["forward_peak_bytes"]
    assert tp2["forward_peak_bytes"] < tp1["forward_peak_bytes"]  # type: ignore[operator]
    assert tp2["activation_peak_bytes"] == max(
        tp2["forward_peak_bytes"],  # type: ignore[type-var]
        tp2["sampler_peak_bytes"],  # type: ignore[type-var]
    )


def test_kv_pool_in_tokens_and_concurrency_as_vllm_logs_them() -> None:
    profile = _profile(context_tokens=8192, max_num_batched_tokens=8192, max_num_seqs=256)
    budget = profile["budget_bytes"]
    assert isinstance(budget, int)
    expected_pool = (
        budget
        - int(profile["weights_bytes"])  # type: ignore[call-overload]
        - int(profile["non_torch_bytes"])  # type: ignore[call-overload]
        - int(profile["activation_peak_bytes"])  # type: ignore[call-overload]
    )
    assert profile["kv_pool_bytes"] == expected_pool
    tokens = profile["kv_pool_tokens"]
    assert isinstance(tokens, int) and tokens % 16 == 0
    assert tokens * 128 * 1024 <= expected_pool < (tokens + 16) * 128 * 1024  # 128 KiB/token
    assert profile["max_concurrency"] == round(tokens / 8192, 2)
    assert 50 * GIB < expected_pool < 60 * GIB


def test_bigger_batches_leave_less_kv_pool() -> None:
    small = _profile(max_num_batched_tokens=2048, max_num_seqs=256)
    large = _profile(max_num_batched_tokens=16384, max_num_seqs=1024)
    assert large["kv_pool_tokens"] < small["kv_pool_tokens"]  # type: ignore[operator]


def test_non_torch_memory_is_what_vllm_logs_not_the_cuda_context() -> None:
    # vLLM 0.7+ measures non-torch growth from a snapshot taken after the CUDA context exists,
    # so the request's context size does not enter the pool; tensor parallelism adds NCCL.
    tp1 = _tp_profile(1, vllm_version="0.7-0.16")
    tp2 = _tp_profile(2, vllm_version="0.7-0.16")
    assert tp1["non_torch_bytes"] == int(0.16 * GIB)
    assert tp2["non_torch_bytes"] == int(0.25 * GIB)
    request = PlanRequest.model_validate(
        {
            "model": {"preset": "llama-3.1-8b"},
            "gpu": "h100-80gb-sxm",
            "runtime": {"context_gib": 2.0},
        }
    )
    profile = estimate(request).details["vllm_profile"]
    assert profile["kv_pool_bytes"] == _tp_profile(1)["kv_pool_bytes"]


def test_non_torch_memory_from_vllm_0_17_follows_the_interconnect() -> None:
    # vLLM 0.19.0 on H100 SXM (llm-d-planner's logs): one GPU 0.24 to 0.27 GiB, each rank of an
    # NVLink group 2.06 to 2.21 GiB; a PCIe group has no 0.17+ log and keeps the 0.7/0.8 figure.
    h100 = _gpu("h100-80gb-sxm")
    assert non_torch_bytes(h100, 1) == int(0.25 * GIB)
    assert non_torch_bytes(h100, 2) == non_torch_bytes(h100, 4) == int(2.09 * GIB)
    assert non_torch_bytes(_gpu("l40s"), 2) == int(0.25 * GIB)
    assert non_torch_bytes(h100, 2, "0.7-0.16") == int(0.25 * GIB)
    assert non_torch_bytes(h100, 1, "0.7-0.16") == int(0.16 * GIB)
    # and the pool of an NVLink group at 0.17+ gives it up
    assert _tp_profile(2)["non_torch_bytes"] == int(2.09 * GIB)


def test_a_context_off_the_block_grid_keeps_the_pool_and_counts_whole_blocks() -> None:
    """1,000 tokens are held in 63 blocks (1,008 tokens): the bytes per token stay 128 KiB.

    Dividing the block-padded sequence (1,008 × 131,072 B) by 1,000 tokens would charge 132,121 B a
    token and shrink the same pool by 0.8 %. vLLM's maximum concurrency counts whole blocks per
    request (``get_max_concurrency_for_kv_cache_config``): blocks ÷ 63, not tokens ÷ 1,000; and
    the size it logs is that concurrency times the context (``get_kv_cache_capacity``): the same
    26,338 blocks are 421,408 tokens at 4,096 and int(26,338 / 63 × 1,000) = 418,063 at 1,000.
    """
    sort = "0.7-0.16"  # the figures below are the pool the sort's profile leaves
    on_grid = _profile(context_tokens=4096, vllm_version=sort)
    off_grid = _profile(context_tokens=1000, vllm_version=sort)
    assert off_grid["kv_bytes_per_token"] == on_grid["kv_bytes_per_token"] == 131_072
    assert on_grid["kv_pool_bytes"] == off_grid["kv_pool_bytes"]
    assert on_grid["kv_pool_tokens"] == 26_338 * 16 == 421_408
    assert off_grid["kv_pool_tokens"] == int(26_338 / 63 * 1000) == 418_063
    assert off_grid["max_concurrency"] == round(26_338 / 63, 2) == 418.06


def _arch_request(preset: str, gpus: int = 1):  # type: ignore[no-untyped-def]
    from core.estimate.dispatch import resolve

    parallel = {"strategy": "tensor", "gpus": gpus} if gpus > 1 else {}
    request = PlanRequest.model_validate(
        {"model": {"preset": preset}, "gpu": "h100-80gb-sxm", "parallelism": parallel}
    )
    return request, resolve(request)


def test_the_fused_moe_workspace_stays_through_the_sampler_from_vllm_0_17() -> None:
    # TritonExperts' workspace13 (tokens x top-k x max(I, h)) and workspace2 (max(2I, h)), held
    # by vLLM's workspace manager: Qwen3-30B-A3B (I 768, h 2048, top-8) and Mixtral 8x7B at
    # tensor parallel 2 (I 14336 / 2, h 4096, top-2) over 8192 tokens.
    qwen, qwen_arch = _arch_request("qwen3-30b-a3b")
    assert moe_workspace_bytes(qwen, qwen_arch, 8192) == 2 * 8192 * 8 * (2048 + 2048)
    mixtral, mixtral_arch = _arch_request("mixtral-8x7b", 2)
    assert moe_workspace_bytes(mixtral, mixtral_arch, 8192) == 2 * 8192 * 2 * (7168 + 14336)
    # not before 0.17, not for a dense model, not for quantized experts (MXFP4 kernels)
    assert moe_workspace_bytes(qwen, qwen_arch, 8192, "0.7-0.16") == 0
    dense, dense_arch = _arch_request("llama-3.1-8b")
    assert moe_workspace_bytes(dense, dense_arch, 8192) == 0
    oss, oss_arch = _arch_request("gpt-oss-20b")
    assert moe_workspace_bytes(oss, oss_arch, 8192) == 0
    # the first rank's peak is the sampler plus that workspace
    profile = estimate(qwen).details["vllm_profile"]
    sampler = sampler_peak_bytes(qwen_arch, 1024, 8192, "0.17+", 132)
    assert profile["sampler_peak_bytes"] == sampler + 2 * 8192 * 8 * 4096
