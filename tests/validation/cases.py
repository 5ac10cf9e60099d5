"""Published memory measurements of real runs, each with its source and the request saying it.

Every case names where the number was published (a URL, or repository + path + commit), the exact
setting, what was measured and in which unit, and the plan request that says the same thing. A
setting the planner cannot say is written in ``gaps`` (the case then still compares, and the report
lists the gap) or, when it changes the figure materially, the measurement goes to
:data:`NOT_EXPRESSIBLE` instead of being bent into a request.

What a measurement is compared with (``measured``):

- ``weights``: the engine's "model weights took" figure vs the planner's weights + quantization
  metadata.
- ``torch_allocated``: ``torch.cuda.max_memory_allocated()`` vs the planner's components without
  the runtime overhead (no CUDA context, no NCCL buffers, no allocator reserve).
- ``torch_reserved``: ``torch.cuda.max_memory_reserved()`` vs the components plus the allocator
  reserve (no CUDA context, no NCCL buffers).
- ``activation_peak``: vLLM's "PyTorch activation peak memory" of its profile run vs the planner's
  serving activations.
- ``kv_cache_bytes``: vLLM's "available_kv_cache_memory" vs the planner's KV pool.
- ``weights`` of a llama.cpp case: its ``CUDA0 model buffer size`` vs the planner's model buffer
  on that GPU (the token embedding stays on the CPU).
- ``kv_buffer``: llama.cpp's ``CUDA0 KV buffer size`` vs the planner's KV buffer on that GPU.
- ``compute_buffer``: llama.cpp's ``CUDA0 compute buffer size`` vs the planner's compute buffer.
- ``denoiser_allocated``: ``torch.cuda.max_memory_allocated()`` over forward passes of a
  diffusion denoiser alone vs the planner's denoising phase with only the denoiser resident
  (``cpu_offload: model``): its weights and activations.
"""

from __future__ import annotations

from tests.validation.case import Case
from tests.validation.cases_diffusion import DIFFUSION
from tests.validation.cases_inference import INFERENCE
from tests.validation.cases_training import TRAINING
from tests.validation.sources import KNOWN_OUTSIDE, NOT_COMPARABLE, NOT_EXPRESSIBLE, SOURCES

__all__ = ["CASES", "KNOWN_OUTSIDE", "NOT_COMPARABLE", "NOT_EXPRESSIBLE", "SOURCES", "Case"]

CASES: tuple[Case, ...] = INFERENCE + TRAINING + DIFFUSION
