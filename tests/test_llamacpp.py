"""llama.cpp serving: layers on the GPUs and the CPU, KV cache types, compute buffer, requests."""

from __future__ import annotations

import json

import pytest

from core.base.errors import InputError
from core.capacity.llamacpp import Settings, compute_buffer, kv_bytes_all_layers, row_bytes
from core.capacity.weights import format_weight_memory
from core.domain.catalog import default_catalog
from core.domain.gguf_types import GGML_TYPE_NAMES
from core.domain.quant_formats import FORMATS
from core.domain.request import PlanRequest
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate, estimate_on, resolve
from core.estimate.llamacpp import FIT_MARGIN
from core.estimate.llm import inference_weights
from core.estimate.results import estimate_to_json
from core.model.gguf_mix import use_more_bits
from tests.test_gguf import LLAMA_KV, llama_tensors, write_gguf


def _request(**inference: object) -> PlanRequest:
    return parse_request(
        {
            "model": {"preset": "llama-2-7b"},
            "precision": {"format": "gguf-q8_0"},
            "inference": {"engine": "llama.cpp", "context_tokens": 4096, **inference},
            "gpu": "l4",
        }
    )


def _llama(result: object) -> dict:
    return result.details["llamacpp"]  # type: ignore[attr-defined]


def test_every_layer_on_the_gpu_but_the_token_embedding():
    result = estimate(_request())
    llama = _llama(result)
    assert (llama["n_gpu_layers"], llama["layers"], llama["layers_on_cpu"]) == (33, 33, 0)
    # Q8_0: 34 bytes per 32 values; the token embedding (32000 x 4096) stays on the CPU
    assert llama["cpu_weights_bytes"] == 32000 * 4096 // 32 * 34
    total = result.memory.weights + llama["cpu_weights_bytes"]
    arch = resolve(result.request)
    assert total == inference_weights(result.request, arch).weights
    # f16 K and V: 32 layers x 4096 cells x 2 x 4096 values x 2 bytes = 2 GiB
    assert result.memory.kv_cache == 2 * 2**30
    assert result.fits and result.throughput.decode_tokens_per_s


def test_cache_types_follow_ggml_blocks():
    assert row_bytes("f16", 4096) == 8192
    assert row_bytes("q8_0", 4096) == 4096 // 32 * 34
    assert row_bytes("q4_0", 4096) == 4096 // 32 * 18
    f16 = estimate(_request()).memory.kv_cache
    q8 = estimate(_request(llamacpp={"cache_type_k": "q8_0", "cache_type_v": "q8_0"}))
    q4k = estimate(_request(llamacpp={"cache_type_k": "q4_0"}))
    assert q8.memory.kv_cache * 32 == f16 * 17
    assert q4k.memory.kv_cache * 64 == f16 * (32 + 9)  # K at 18/64 of f16, V unchanged


def test_a_quantized_v_cache_needs_flash_attention():
    with pytest.raises(InputError, match="flash attention") as caught:
        _request(llamacpp={"cache_type_v": "q8_0", "flash_attn": False})
    assert caught.value.field == "inference.llamacpp.flash_attn"  # where llama.cpp points
    # Kept unused under another engine, the options are not judged.
    vllm = parse_request(
        {
            "model": {"preset": "llama-2-7b"},
            "inference": {"llamacpp": {"cache_type_v": "q8_0", "flash_attn": False}},
        }
    )
    assert vllm.inference.engine == "vllm"


def test_partial_offload_keeps_the_first_layers_on_the_cpu():
    result = estimate(_request(llamacpp={"n_gpu_layers": 10}))
    llama = _llama(result)
    assert (llama["layers_on_gpu"], llama["layers_on_cpu"]) == (10, 23)
    gpu = llama["per_gpu"][0]
    # -ngl 10: the output layer and the last 9 repeating layers (llama-model.cpp load_tensors)
    assert gpu["output_layer"] and gpu["repeating_layers"] == 9
    assert result.memory.kv_cache == 9 * 2**30 // 16  # 9 of 32 layers' 2 GiB
    assert result.throughput.decode_tokens_per_s is None
    assert any(f.code == "llamacpp_partial_offload" for f in result.findings)


def test_unset_layers_fall_back_to_the_most_that_fit():
    request = parse_request(
        {
            "model": {"preset": "llama-3.1-70b"},
            "precision": {"format": "gguf-q4_k"},
            "inference": {"engine": "llama.cpp", "context_tokens": 8192},
            "gpu": "l4",
        }
    )
    result = estimate(request)
    llama = _llama(result)
    assert result.fits and 0 < llama["n_gpu_layers"] < llama["layers"]
    finding = next(f for f in result.findings if f.code == "llamacpp_partial_offload")
    assert finding.params["on_cpu"] == llama["layers_on_cpu"]
    # one more layer would not fit
    more = request.model_copy(
        update={
            "inference": request.inference.model_copy(
                update={
                    "llamacpp": request.inference.llamacpp.model_copy(
                        update={"n_gpu_layers": llama["n_gpu_layers"] + 1}
                    )
                }
            )
        }
    )
    # llama.cpp's --fit keeps 1 GiB free on each device: one more layer eats into it
    assert estimate(more).headroom_bytes < FIT_MARGIN


def test_layers_split_over_gpus_with_the_output_on_the_last():
    raw = json.loads(_request().model_dump_json())
    raw["parallelism"] = {"strategy": "tensor", "gpus": 2}
    request = parse_request(raw)
    result = estimate_on(request, resolve(request), default_catalog().gpu("l4"))
    per_gpu = _llama(result)["per_gpu"]
    # 33 slots over 2 GPUs: slot j goes to GPU j*2//33, 17 slots on the first and 16 (the
    # output layer last) on the second
    assert [g["repeating_layers"] for g in per_gpu] == [17, 15]
    assert [g["output_layer"] for g in per_gpu] == [False, True]
    assert any(f.code == "llamacpp_layer_split" for f in result.findings)


def test_compute_buffer_is_the_logits_or_the_attention_scores():
    arch = resolve(_request())
    s = Settings(512, 1, 512, "f16", "f16", flash_attn=False)
    parts = compute_buffer(arch, s, output=True)
    assert parts["output"] == (32000 + 4096) * 512 * 4  # 70.50 MiB
    long = Settings(16384, 1, 512, "f16", "f16", flash_attn=False)
    no_fa = compute_buffer(arch, long, output=True)
    assert no_fa["attention"] > no_fa["output"]  # 32 heads x 16384 x 512 f32 scores
    with_fa = compute_buffer(arch, Settings(16384, 1, 512, "f16", "f16", True), output=True)
    assert with_fa["attention"] < no_fa["attention"] // 10


def test_sliding_layers_keep_their_window():
    arch = resolve(parse_request({"model": {"preset": "gemma-3-12b"}}))
    groups = {g.kind: g for g in arch.cache_groups}
    full, sliding = groups["full"], groups["sliding"]
    assert sliding.window == 1024
    per_cell = 2 * full.kv_heads * full.k_dim * 2  # K and V in f16
    # swa_full off: a sliding layer keeps n_swa + n_ubatch = 1536 cells (a multiple of 256)
    expected = (full.layers * 32768 + sliding.layers * 1536) * per_cell
    assert kv_bytes_all_layers(arch, Settings(32768, 1, 512, "f16", "f16", True)) == expected


def test_a_gguf_file_is_placed_layer_by_layer(tmp_path):
    path = write_gguf(tmp_path / "tiny.gguf", LLAMA_KV, llama_tensors())
    request = parse_request(
        {"model": {"gguf": str(path)}, "inference": {"engine": "llama.cpp"}, "gpu": "l4"}
    )
    result = estimate(request)
    q8 = GGML_TYPE_NAMES["Q8_0"]
    embd = q8.nbytes(256 * 64)
    assert _llama(result)["cpu_weights_bytes"] == embd
    assert result.memory.weights == resolve(request).stored_bytes - embd


def test_the_engine_round_trips_and_old_requests_keep_their_fingerprint():
    plain = parse_request({"model": {"preset": "llama-2-7b"}})
    canonical = json.loads(plain.canonical_json())
    assert "engine" not in canonical["inference"] and "llamacpp" not in canonical["inference"]
    request = _request(llamacpp={"cache_type_k": "q4_0", "n_gpu_layers": 20})
    again = parse_request(json.loads(json.dumps(estimate_to_json(estimate(request))["request"])))
    assert again == request
    assert json.loads(again.canonical_json())["inference"]["engine"] == "llama.cpp"


def test_use_more_bits_picks_llama_quantizes_layers():
    chosen = [i for i in range(32) if use_more_bits(i, 32)]
    # the first and last eighth, and every third layer between them from n/8 + 2
    assert chosen == [0, 1, 2, 3, 6, 9, 12, 15, 18, 21, 24, 27, 28, 29, 30, 31]


def test_q4_k_m_puts_q6_k_where_llama_quantize_does():
    arch = resolve(parse_request({"model": {"preset": "qwen2.5-32b"}}))
    q4, q6 = (GGML_TYPE_NAMES[n] for n in ("Q4_K", "Q6_K"))
    mixed = format_weight_memory(arch, FORMATS["gguf-q4_k_m"]).weights
    pure = format_weight_memory(arch, FORMATS["gguf-q4_k"]).weights
    more = sum(use_more_bits(i, 64) for i in range(64))
    v_and_down = more * (5120 * 1024 + 27648 * 5120)  # attn_v and ffn_down of those layers
    head = 152064 * 5120
    raised = (v_and_down + head) // 256 * (q6.size - q4.size)
    assert mixed - pure == raised
    request = parse_request(
        {
            "model": {"preset": "qwen2.5-32b"},
            "precision": {"format": "gguf-q4_k_m"},
            "inference": {"engine": "llama.cpp", "context_tokens": 16384},
            "gpu": "h100-80gb-sxm",
        }
    )
    # llama.cpp issue 11861: "CPU_Mapped model buffer size = 417.66 MiB", token_embd in Q4_K
    cpu = _llama(estimate(request))["cpu_weights_bytes"]
    assert cpu == 152064 * 5120 // 256 * q4.size and round(cpu / 2**20, 2) == 417.66


def test_an_unknown_architecture_keeps_its_band_under_llama_cpp(tmp_path):
    config = {
        "model_type": "brand_new",
        "hidden_size": 4096,
        "num_hidden_layers": 32,
        "num_attention_heads": 32,
        "vocab_size": 32000,
        "intermediate_size": 11008,
    }
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    request = {
        "model": {"hf_config": str(path)},
        "precision": {"format": "gguf-q8_0"},
        "inference": {"engine": "llama.cpp", "context_tokens": 4096},
        "gpu": "h100-80gb-sxm",
    }
    result = estimate(parse_request(request))
    band = result.approximate
    assert band is not None and band.band_low < result.memory.total < band.band_high
    assert result.fit_certainty == "fits"
