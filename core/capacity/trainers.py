"""What the training loop of each trainer keeps besides the layers' activations, from its source.

The activation count of :mod:`core.capacity.activations` is what autograd stores; a trainer adds
its loss's tensors, the way it runs its LM head, and what its loop still references from the step
before. Three trainers, each from its code:

- ``transformers`` (``transformers/trainer.py``: ``Trainer.training_step`` returns
  ``loss.detach()``; ``ForCausalLMLoss`` upcasts the whole logits to fp32): nothing of a step
  outlives it, and the loss is the request's ``loss`` (full by default). This is the planner's
  count for every request that names no trainer.
- ``torchtune`` (``recipes/lora_finetune_single_device.py`` and ``full_finetune_single_device.py``
  with ``recipes/configs/llama3_1/8B_*_single_device.yaml``): ``dtype: bf16`` (pure 16-bit
  weights and optimizer states) and, from commit 4fba6cd4 (2024-08-28, "chunked cross entropy")
  to 9c06c8bd (2025-04-30, which moved the configs to ``LinearCrossEntropyLoss``, not modelled),
  ``CEWithChunkedOutputLoss``: the request's chunked loss; ``lora_dropout: 0.0``. Its QLoRA base
  is torchao's ``LinearNF4`` (``torchao/dtypes/nf4tensor.py``: ``ctx.save_for_backward(weight)``
  only), which keeps no input for backward where bitsandbytes' ``MatMul4Bit`` kept one before
  0.43.2.
- ``litgpt`` (``litgpt/finetune/lora.py``, ``fit``, at 58c5b188 and the config_hub commits of
  2024; ``finetune/lora.py`` at 8641822 for the resource tables): ``--precision bf16-true`` where
  the GPU has bf16 (``get_default_supported_precision(training=True)``), ``lora_dropout`` 0.05.
  The loop runs ``logits = model(input_ids, lm_head_chunk_size=128)`` (``GPT.forward`` in
  ``litgpt/lora.py``: a list of the LM head's outputs for 128-token chunks), which Fabric's
  precision plugin returns in fp32 (``convert_output``: the 16-bit chunks and their fp32 copies
  are both alive until it returns), then ``chunked_cross_entropy`` (``litgpt/utils.py``): one
  ``F.cross_entropy`` per chunk, each keeping its fp32 log-probabilities for backward, while
  ``logits`` keeps the fp32 chunks referenced through backward and into the next step, until the
  next forward has returned (at 8641822 the loop also keeps the previous ``loss`` until the new
  one replaces it; at 58c5b188 ``log_interval: 1`` turns it into a float after every step: the
  same peak either way). Through those fp32 chunks the loop keeps the previous step's
  autograd graph, and with it whatever bitsandbytes' ``MatMul4Bit`` holds as plain ``ctx``
  attributes, which backward does not release (see below). LitGPT's ``BitsandbytesPrecision``
  quantizes every ``nn.Linear``, the LM head included, and ``MatMul4Bit`` dequantizes its whole
  weight to 16 bits for each call (``F.dequantize_4bit(B, quant_state).to(A.dtype)``): once per
  128-token chunk in forward and again in backward. A full fine-tune runs
  ``litgpt/finetune/full.py`` instead: ``logits = model(input_ids)`` whole (16-bit, then fp32
  from Fabric), and ``chunked_cross_entropy(logits[..., :-1, :], ...)`` reshapes that slice, a
  copy when the micro-batch holds more than one sequence, before its 128-row chunks (with FSDP
  on several GPUs it also checkpoints every block, which the request says with
  ``activation_checkpointing``).

The bitsandbytes version (``training.bnb_version``) decides what a QLoRA base keeps under
transformers (PEFT's ``Linear4bit``) and LitGPT. ``MatMul4Bit.forward``
(``bitsandbytes/autograd/_functions.py``) stores ``ctx.tensors = (A, B)`` whenever the input or the
weight needs a gradient, in 0.41.0, 0.41.1 (commit 18e827d6, "Version 0.41.1"), 0.42.0 and 0.43.0
(line 523) and 0.43.1 (line 516): the input ``A`` of every quantized matmul is kept, though
``backward`` only ever computes ``grad_output @ dequantize_4bit(B)``, the input's gradient, and
never reads ``A``. Commit 9e753741 (2024-07-16, "fix QLoRA mem bug: delete useless buffered
activation", released in 0.43.2) stores ``(None, B)`` and reads ``_, B = ctx.tensors``, as every
release since does (0.45.2, 0.50.1: ``ctx.tensors = (None, B)``). So "pre-0.43.2" keeps those inputs
(and LitGPT's loop keeps them a step longer) and "0.43.2+", the default, keeps none: what the base
keeps is then what the adapters keep (:mod:`core.capacity.activations`, ``matmul_inputs``). LitGPT's
resource tables (commit 8641822) ran 0.41.1; it pinned ``bitsandbytes==0.41.0`` or ``==0.42.0`` in
``pyproject.toml`` at every config_hub commit of 2024 the validation cases cite, and ``>=0.44.0``
from commit d2ed13c3 (2024-12-28); it pins ``>=0.45.2`` on Linux today. torchtune's torchao base
keeps no input whatever bitsandbytes is installed.
"""

from __future__ import annotations

from core.capacity.activations import BaseWeights, MatmulInputs, block_inputs
from core.domain.dtypes import FP32_BYTES
from core.domain.trainer_options import BNB_KEEPS_INPUTS
from core.model.architecture import ModelArchitecture


def keeps_quantized_inputs(trainer: str, method: str, bnb_version: str) -> bool:
    """Whether the QLoRA base keeps its matmuls' inputs (bitsandbytes before 0.43.2)."""
    return method == "qlora" and trainer != "torchtune" and bnb_version == BNB_KEEPS_INPUTS


def base_weights(method: str) -> BaseWeights:
    """What autograd keeps of the base model (see core.capacity.activations)."""
    return "trained" if method == "full" else "frozen"


def kept_matmul_inputs(
    method: str, trainer: str, bnb_version: str, targets: str, lora_dropout: bool
) -> MatmulInputs:
    """The frozen base's matmul inputs kept all the same (core.capacity.activations).

    bitsandbytes before 0.43.2 keeps them all; otherwise the adapters' A matrices keep the
    inputs of the matrices they adapt, unless LoRA dropout gives them a copy instead.
    """
    if method == "full":
        return "none"
    if keeps_quantized_inputs(trainer, method, bnb_version):
        return "all"
    if lora_dropout:
        return "none"
    return "all" if targets == "all_linear" else "attention"


def quantizes_lm_head(trainer: str, method: str, arch: ModelArchitecture) -> bool:
    """Whether the LM head is NF4 too (LitGPT's bitsandbytes precision, an untied head)."""
    return trainer == "litgpt" and method == "qlora" and arch.lm_head_params > 0


def litgpt_kept_inputs(arch: ModelArchitecture, tokens: int, act_bytes: int) -> int:
    """Bytes of the inputs ``MatMul4Bit`` keeps for one step of ``tokens`` tokens.

    Per layer the attention and MLP block inputs (one tensor when both read the same norm), the
    attention output (the projection's input) and the down projection's input; the LM head's
    input (the final norm's output, whose 128-token views the chunks keep) stands for the first
    layer's attention input, which takes no gradient (the embedding before it is frozen).
    """
    shape = arch.layer_shape
    per_layer = block_inputs(shape) * shape.hidden + shape.q_width + shape.mlp_width
    return tokens * act_bytes * arch.layers * per_layer


def litgpt_previous_step(
    arch: ModelArchitecture, seq: int, batch: int, act_bytes: int, *, bnb_inputs: bool = False
) -> int:
    """What LitGPT's loop still holds of a step as long as this one during the next forward.

    Its fp32 logits, and with ``bnb_inputs`` (QLoRA on bitsandbytes before 0.43.2) the inputs
    ``MatMul4Bit`` kept through them.
    """
    kept = litgpt_kept_inputs(arch, batch * seq, act_bytes) if bnb_inputs else 0
    return FP32_BYTES * batch * seq * arch.vocab_size + kept


def litgpt_loss_peak(
    arch: ModelArchitecture,
    seq: int,
    batch: int,
    act_bytes: int,
    method: str,
    *,
    bnb_inputs: bool = False,
) -> int:
    """Peak bytes of LitGPT's LM head and loss beside the stored activations, worst case.

    With ``L`` logits (batch × seq × vocabulary), ``D`` the LM head dequantized (QLoRA; in the
    compute dtype) and ``P`` what the previous step leaves (its fp32 logits, 4·L when it was as long
    as this one, and with ``bnb_inputs`` its quantized matmuls' inputs), the peak is the largest of:
    the last head chunk (2·L of 16-bit chunks + D + P), Fabric's fp32 conversion (2·L + 4·L + P),
    the end of the loss (full fine-tune: fp32 logits, the reshaped copy when batch > 1,
    log-probabilities) and the start of backward (4·L fp32 logits + 4·L log-probabilities + D; the
    previous step is freed by then, when the new forward's output replaces ``logits``).
    Whether two longest batches follow each other depends on the data; the planner counts that
    they do, the peak a run can reach.
    """
    logits = batch * seq * arch.vocab_size
    head = act_bytes * arch.lm_head_params if method == "qlora" else 0
    previous = litgpt_previous_step(arch, seq, batch, act_bytes, bnb_inputs=bnb_inputs)
    last_chunk = act_bytes * logits + head + previous
    copy = (
        FP32_BYTES if act_bytes < FP32_BYTES else 0
    )  # fp32 training: the conversion returns the chunks
    converted = (act_bytes + copy) * logits + previous
    loss_end = 0
    if method == "full":  # finetune/full.py: the whole logits, reshaped in chunked_cross_entropy
        loss_end = (2 + (1 if batch > 1 else 0)) * FP32_BYTES * logits
    backward = 2 * FP32_BYTES * logits + head
    return max(last_chunk, converted, loss_end, backward)
