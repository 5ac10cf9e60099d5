"""Runtime overhead per GPU: context, communication buffers and allocator reserve.

Documented defaults (request field ``runtime``):
- ``context_gib`` 0.75: the CUDA/HIP context, cuBLAS/cuDNN handles and kernels loaded by
  PyTorch 2.x,
  measured at 0.47-0.92 GiB on A100 (PyTorch issue discussions of ``torch.cuda.init`` footprint).
- ``comm_buffer_gib`` 1.5: NCCL/RCCL buffers per rank once more than one GPU communicates.
- ``allocator_reserve`` 0.10: the PyTorch caching allocator's fragmentation of the memory allocated
  and freed every step (activations), reported between 5 % and 20 %.
"""

from __future__ import annotations

from core.domain.request import Runtime

GIB = 1024**3


def runtime_overhead(runtime: Runtime, *, communicating: bool, dynamic_bytes: int) -> int:
    """Overhead bytes on one GPU.

    Args:
        runtime: The request's runtime assumptions.
        communicating: Whether this GPU exchanges tensors with others (NCCL buffers).
        dynamic_bytes: Memory allocated and freed each step (activations), which fragments.
    """
    context = int(runtime.context_gib * GIB)
    comm = int(runtime.comm_buffer_gib * GIB) if communicating else 0
    return context + comm + int(runtime.allocator_reserve * dynamic_bytes)
