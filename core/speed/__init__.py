"""Speed: how fast a layout serves, trains and denoises, with a band.

It sits above the memory code (it reads a model's architecture and an offer) and below the
estimate; it imports neither the estimate, the planner, pricing nor the GUI. The interface:

- :class:`ModelShape` (``ModelShape.of(arch, tp)``): what a step costs per token;
- :class:`Layout`: the offer, GPUs, tensor-parallel degree, weight and cache formats;
- :func:`profile_for`: an engine's calibrated profile on a vendor's GPUs;
- :func:`serving_speed`: time to first token, time per output token, tokens/s per user and per
  GPU, requests/s at an operating point, with the band; :func:`throughput_curve` the curve of
  throughput per GPU against tokens/s per user;
- :mod:`core.speed.training` and :mod:`core.speed.diffusion`: a training step and an image from
  their FLOPs at a calibrated utilisation, each with its band.
"""

from core.speed.calibration import profile_for
from core.speed.serving import ServingSpeed, serving_speed, static_latency, throughput_curve
from core.speed.shape import ModelShape
from core.speed.step import EngineProfile, Layout, step_time

__all__ = [
    "EngineProfile",
    "Layout",
    "ModelShape",
    "ServingSpeed",
    "profile_for",
    "serving_speed",
    "static_latency",
    "step_time",
    "throughput_curve",
]
