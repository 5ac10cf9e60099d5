"""The caching allocator replay, the decoder's reserved memory and the quantization backends."""

from __future__ import annotations

from typing import Any

import pytest

from core.base.errors import InputError
from core.capacity.caching_allocator import CachingAllocator, segment_size
from core.capacity.vae_decode_replay import decode_reserved
from core.domain.request_parsing import parse_request
from core.model.diffusion_pipeline import load_pipeline
from tests.test_diffusion import estimate

MIB = 1 << 20
GIB = 1 << 30


def test_segment_sizes_follow_the_allocator_rounding() -> None:
    assert segment_size(2 * MIB) == 20 * MIB  # under kMinLargeAlloc: a kLargeBuffer
    assert segment_size(10 * MIB) == 10 * MIB
    assert segment_size(10 * MIB + 1) == 12 * MIB  # rounded up to kRoundLarge


def test_a_cached_block_serves_smaller_requests_but_never_larger_ones() -> None:
    alloc = CachingAllocator()
    alloc.free(alloc.malloc(100 * MIB))
    first = alloc.malloc(60 * MIB)  # split from the cached 100 MiB
    assert alloc.reserved == 100 * MIB
    second = alloc.malloc(50 * MIB)  # 40 MiB left in the first segment: a new one
    assert alloc.reserved == 150 * MIB
    alloc.free(first)
    alloc.free(second)
    assert alloc.allocated == 0
    # Freed blocks merge inside their segment: 100 MiB is whole again, nothing new is taken.
    alloc.malloc(100 * MIB)
    assert (alloc.reserved, alloc.peak_reserved, alloc.peak_allocated) == (
        150 * MIB,
        150 * MIB,
        110 * MIB,
    )


def test_growing_tensors_keep_every_smaller_segment_reserved() -> None:
    alloc = CachingAllocator()
    for size in (16, 64, 256):
        alloc.free(alloc.malloc(size * MIB))
    assert alloc.reserved == (16 + 64 + 256) * MIB
    assert alloc.peak_allocated == 256 * MIB
    assert alloc.malloc(MIB) is None  # the small pool is left out


def test_the_replayed_decoder_peak_matches_the_counted_one() -> None:
    # FLUX's VAE, one 1024 x 1024 image in bf16: the replay's allocated peak is the count of
    # core.capacity.diffusion_activations (1.875 GiB); its segments: 7 of 16 MiB (128 x 128 stage),
    # 5 of 64 MiB (256 x 256), 4 of 256 MiB (512 x 512) and 3 of 512 MiB (1024 x 1024).
    vae = load_pipeline("flux.1-dev").vae
    channels = tuple(reversed(vae.cfg("block_out_channels")))
    allocated, reserved = decode_reserved(channels, 16, 2, 128, 128, 2, 1)
    assert allocated == estimate("flux.1-dev", "bf16").phases["vae_decode"].activations
    assert reserved == (7 * 16 + 5 * 64 + 4 * 256 + 3 * 512) * MIB


def test_reserved_uncontended_adds_the_earlier_phases_and_the_decoder_cache() -> None:
    result = estimate("flux.1-dev", "bf16")
    phases = result.phases
    expected = (
        phases["vae_decode"].weights
        + phases["text_encoding"].activations
        + phases["denoising"].activations
        + 2992 * MIB
    )
    assert result.reserved_uncontended == expected
    assert estimate("flux.1-dev", "bf16", cpu_offload="model").reserved_uncontended is None


def test_t5_wo_stays_fp32_with_bitsandbytes_and_bf16_with_torchao_or_quanto() -> None:
    t5 = load_pipeline("flux.1-dev").text_encoders[1]
    wo = 24 * 10240 * 4096  # num_layers x d_ff x d_model

    def weights(backend: str) -> Any:
        result = estimate(
            "flux.1-dev", "int8", quantized_text_encoders="largest", quant_backend=backend
        )
        return result.phases["text_encoding"].weights

    assert weights("bitsandbytes") - weights("torchao") == wo * 2
    assert weights("quanto") == weights("torchao")
    assert t5.class_name == "T5EncoderModel"


def test_layerwise_casting_keeps_the_adaptive_norm_projections_in_bf16() -> None:
    fp8 = estimate("flux.1-dev", "fp8").phases["denoising"]
    layerwise = estimate("flux.1-dev", "fp8", quant_backend="layerwise_casting")
    phase = layerwise.phases["denoising"]
    # 19 double blocks x 2 x (3072 x 18432) + 38 single blocks x (3072 x 9216)
    # + norm_out (3072 x 6144) + proj_out (3072 x 64): one more byte each, and no fp8 scales.
    skipped = 19 * 2 * 3072 * 18432 + 38 * 3072 * 9216 + 3072 * 6144 + 3072 * 64
    assert skipped == 3_246_587_904
    assert phase.weights - fp8.weights == skipped
    assert phase.quantization_metadata == 0 < fp8.quantization_metadata


def test_layerwise_casting_needs_fp8_weights() -> None:
    raw = {
        "workload": "diffusion",
        "model": {"preset": "flux.1-dev"},
        "precision": {"weights": "int8"},
        "diffusion": {"quant_backend": "layerwise_casting"},
    }
    with pytest.raises(InputError) as caught:
        parse_request(raw)
    assert "layerwise casting stores the weights in fp8" in str(caught.value)
    assert caught.value.field == "precision.weights"  # the field the message says to change
