"""The trainers a training request may name, and the options whose default each one sets.

What each trainer keeps in memory, and the sources of these defaults, are in
:mod:`core.capacity.trainers`; a request (:mod:`core.domain.workload_options`) only needs the names
and the defaults, so they live here, below the memory models.
"""

from __future__ import annotations

from typing import Literal, get_args

Trainer = Literal["transformers", "torchtune", "litgpt"]
TRAINERS: tuple[str, ...] = get_args(Trainer)
# bitsandbytes' MatMul4Bit keeps every input before 0.43.2 and none from it (module docstring).
BnbVersion = Literal["0.43.2+", "pre-0.43.2"]
BNB_KEEPS_INPUTS = "pre-0.43.2"

# The options whose default each trainer sets (see the module docstring); a request that gives
# one keeps its value.
TRAINER_DEFAULTS: dict[str, dict[str, str | bool]] = {
    "transformers": {},
    "torchtune": {"weights_precision": "pure", "loss": "chunked", "lora_dropout": False},
    "litgpt": {"weights_precision": "pure", "lora_dropout": True},
}
