"""What the planner predicts for a validation case, in the same terms as the measurement."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from core.capacity.overhead import runtime_overhead
from core.domain.catalog import default_catalog
from core.domain.request import PlanRequest
from core.estimate.dispatch import estimate_on, resolve
from core.estimate.results import EstimateResult
from tests.validation.cases import Case


@dataclass(frozen=True)
class Outcome:
    """One case against the planner."""

    case: Case
    predicted: int

    @property
    def ratio(self) -> float:
        """Predicted / measured."""
        return self.predicted / self.case.value_bytes

    @property
    def error(self) -> float:
        """Signed relative error of the prediction."""
        return self.ratio - 1

    @property
    def within(self) -> bool:
        """Whether the error is inside the case's band."""
        return abs(self.error) <= self.case.band


def request_of(case: Case) -> PlanRequest:
    """The validated plan request of ``case``."""
    return PlanRequest.model_validate(case.request)


@cache
def _estimate_by_id(case_id: str) -> EstimateResult:
    from tests.validation.cases import CASES

    case = next(c for c in CASES if c.id == case_id)
    request = request_of(case)
    gpu = default_catalog().gpu(request.gpu or "")
    return estimate_on(request, resolve(request), gpu)


def _fixed_overhead(result: EstimateResult) -> int:
    """CUDA context and NCCL buffers: memory torch's allocator never sees."""
    request = result.request
    if request.workload == "inference":
        communicating = request.parallelism.tp > 1
    elif request.workload == "training":
        communicating = request.parallelism.gpus > 1
    else:
        communicating = False
    return runtime_overhead(request.runtime, communicating=communicating, dynamic_bytes=0)


def predicted_bytes(case: Case) -> int:
    """The planner's figure for what ``case`` measured."""
    result = _estimate_by_id(case.id)
    memory = result.memory
    if case.measured == "weights":
        if result.request.workload == "diffusion":
            phases = result.details.get("phases", {})
            # All components resident: the largest weight sum over the phases (no offload).
            return max(p["weights"] + p["quantization_metadata"] for p in phases.values())
        return memory.weights + memory.quantization_metadata
    if case.measured == "torch_allocated":
        return memory.total - memory.runtime_overhead
    if case.measured == "torch_reserved":
        replayed = result.details.get("reserved_uncontended_bytes")
        if replayed is not None:  # a diffusion run's cache, replayed (core.diffusion)
            return int(replayed)
        return memory.total - _fixed_overhead(result)
    if case.measured == "denoiser_allocated":
        phase = result.details["phases"]["denoising"]
        return int(phase["weights"] + phase["quantization_metadata"] + phase["activations"])
    if case.measured == "kv_buffer":
        return memory.kv_cache
    if case.measured == "compute_buffer":
        return memory.activations
    profile = result.details.get("vllm_profile")
    if case.measured == "activation_peak":
        if profile is not None:
            return int(profile["activation_peak_bytes"])
        return memory.activations
    # kv_cache_bytes
    if profile is not None:
        return int(profile["kv_pool_bytes"])
    return result.usable_bytes - (memory.total - memory.kv_cache)


def outcome(case: Case) -> Outcome:
    """``case`` compared with the planner."""
    return Outcome(case, predicted_bytes(case))
