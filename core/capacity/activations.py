"""Activation memory of a transformer, for training and for an inference forward pass.

Training follows Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer
Models", section 4.1: with 16-bit activations, one layer stores

    attention  11·s·b·h + 5·a·s²·b   (QKV input 2sbh, Q and K 4sbh, softmax 2as²b, its dropout mask
                                     as²b, dropout output 2as²b, V 2sbh, projection input 2sbh,
                                     dropout mask sbh)
    MLP        19·s·b·h              (input 2sbh, first linear output 8sbh, GeLU output 8sbh,
                                     dropout mask sbh)
    norms       4·s·b·h              (two layernorms store their 2sbh inputs)

i.e. s·b·h·(34 + 5·a·s/h). The terms are kept separate here so that the formula also holds for the
architectures the paper did not cover, and reduces to it exactly for a GPT layer (a·d = h, kv = a,
ff = 4h, dropout on):

- GQA/MQA and explicit head_dim: Q and the projection input are s·b·a·d, K and V are s·b·kv·d.
- Gated MLPs (SwiGLU/GeGLU): gate and up outputs, the activation output and their product, each
  2·s·b·ff, plus the 2sbh input; MoE: ``ff`` is the width a token actually passes through (top-k
  experts plus shared experts).
- Models without dropout (Llama, Qwen, Gemma) store no dropout masks; norms: 2sbh per norm.
- Flash attention removes the 5·a·s²·b term (the paper's remark on fused attention kernels).
- Tensor parallelism without sequence parallelism (paper eq. 2): everything inside the attention
  and MLP blocks is divided by t; the block inputs, norms and dropout masks (10sbh) are not.
- Full activation checkpointing (paper section 4.3): each layer keeps its 2sbh input; the backward
  pass rebuilds one layer's full activations at a time.
- Logits: the LM head writes b·s·V 16-bit logits and the loss upcasts them to fp32 (transformers'
  ``ForCausalLMLoss``, torchtune's unchunked output), then ``F.cross_entropy`` saves its fp32
  log-softmax for backward. The peak comes when that backward starts, with every layer's
  activations still stored: ``nll_loss``'s dense fp32 gradient and ``log_softmax``'s fp32 input
  gradient beside the saved log-softmax, 3·4·b·s·V bytes (the 16-bit logits and the fp32 copy,
  10·b·s·V at the end of the forward, are freed by then in the trainers' loops); split by t with
  a vocabulary-parallel loss. A chunked loss as torchtune runs it compiled
  (CEWithChunkedOutputLoss, 8 chunks, with ``compile_loss``: its docstring says the upcast and
  the cross-entropy have to be compiled together for the gain) keeps the 16-bit logits but only
  one chunk in fp32 with its log-softmax: 2·b·s·V + 2·4·b·s·V / 8 bytes. Uncompiled, each
  chunk's fp32 log-softmax stays saved for backward (4·b·s·V in all); LitGPT's chunked LM head
  comes back from Fabric's precision plugin in fp32 and each chunk's cross-entropy keeps its fp32
  log-probabilities (8·b·s·V), which the full loss comes closer to.
- LoRA and QLoRA (``base`` "frozen"): autograd keeps a matmul's input only to compute its
  weight's gradient, and a frozen ``nn.Linear`` has none, so the block inputs, the MLP product
  and GeLU's output are not kept by the base; what stays is what the other operations need:
  each RMSNorm's input as the fp32 copy it normalises (LitGPT ``RMSNorm``, torchtune
  ``RMSNorm`` and transformers' ``LlamaRMSNorm`` upcast with ``x.float()``: 4 bytes per
  element; ``torch.nn.LayerNorm``, in GPT-NeoX, Falcon, phi and the other LayerNorm families,
  keeps its input in the compute dtype), Q, K, V and the attention output (kept by the
  attention kernel), and for a gated MLP the gate (SiLU's input), SiLU's output and up (the
  product's factors). Some matmul inputs come back (``matmul_inputs``): the adapters' A
  matrices are trained, so each keeps its input, which is the base matrix's own input when no
  LoRA dropout stands between them (PEFT ``lora_B(lora_A(dropout(x)))`` in
  ``peft/tuners/lora/bnb.py`` and ``layer.py``, ``nn.Identity`` at dropout 0; torchtune
  ``LoRALinear``; LitGPT ``LoRALinear``): the attention block input when only attention
  matrices are adapted ("attention"; the output projection's input is the attention output,
  already kept), and the MLP block input and the down projection's input too when every linear
  layer is ("all"). bitsandbytes before 0.43.2 kept the input of every quantized matmul
  (``ctx.tensors = (A, B)`` in ``MatMul4Bit.forward``, ``bitsandbytes/autograd/_functions.py``;
  see :mod:`core.capacity.trainers`): "all" whatever the adapters keep. With dropout the
  adapters keep its copies instead, counted in ``core.capacity.training``. A model whose
  attention and MLP read the same norm's output (a parallel block with one norm: Falcon, phi)
  has one block input, not two.
- Activations are stored in the compute dtype: the 2-byte tensors above take 4 bytes in fp32
  training (dropout masks stay 1 byte); the logits are then fp32 already (4 + 4 bytes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.domain.dtypes import FP32_BYTES
from core.model.architecture import LayerShape, ModelArchitecture

ACT_BYTES = 2  # 16-bit activations
# Whether the block's matrices are trained or frozen (LoRA, QLoRA), which decides what autograd
# keeps for backward.
BaseWeights = Literal["trained", "frozen"]
# Which inputs of a frozen block's matmuls are kept all the same (see the module docstring): none,
# the attention block input, or the attention and MLP block inputs and the down projection's input.
MatmulInputs = Literal["none", "attention", "all"]
LOSS_CHUNKS = 8  # torchtune CEWithChunkedOutputLoss(num_output_chunks=8)
# Bytes per logit at the full loss's peak: three fp32 copies while its backward runs (see the
# module docstring).
FULL_LOSS_BYTES = 3 * FP32_BYTES


def layer_shape(arch: ModelArchitecture) -> LayerShape:
    """The per-token widths of ``arch`` (:attr:`ModelArchitecture.layer_shape`, derived once)."""
    return arch.layer_shape


@dataclass(frozen=True)
class LayerActivations:
    """Bytes one layer stores for backward, split by whether tensor parallelism divides them."""

    replicated: int  # block inputs, norms, dropout masks
    split: int  # inside attention and MLP (divided by t)
    attention_scores: int  # 5·a·s²·b, absent with flash attention (also divided by t)

    def per_gpu(self, tp: int, flash_attention: bool) -> int:
        """Bytes on one GPU for tensor-parallel degree ``tp``."""
        scores = 0 if flash_attention else self.attention_scores
        return self.replicated + -(-(self.split + scores) // tp)


def block_inputs(shape: LayerShape) -> int:
    """The distinct inputs of a layer's attention and MLP blocks.

    Two, or one when both read the same norm's output (a parallel block with one norm: Falcon,
    phi).
    """
    return min(max(shape.norms, 1), 2)


def training_layer_activations(
    shape: LayerShape,
    seq: int,
    batch: int,
    act_bytes: int = ACT_BYTES,
    base: BaseWeights = "trained",
    matmul_inputs: MatmulInputs = "none",
) -> LayerActivations:
    """Per-layer activation bytes for backward (see module docstring).

    ``base="trained"`` is Korthikanti et al. 2022, generalised; ``"frozen"`` is what autograd
    keeps when the layer's own matrices take no gradient (LoRA, QLoRA), with the matmul inputs
    that adapters or bitsandbytes keep all the same (``matmul_inputs``).
    """
    sb = seq * batch
    mask = 1 if shape.dropout else 0
    masks = 2 * mask * shape.hidden  # attention and MLP output dropout masks (1 byte)
    # Q, K, V and the projection input, as the attention kernel keeps them in every case.
    attention = sb * act_bytes * (2 * shape.q_width + 2 * shape.kv_width)
    if base == "trained":
        replicated = sb * (
            act_bytes * shape.hidden  # attention block input (QKV matmul input)
            + act_bytes * shape.hidden  # MLP block input
            + shape.norms * act_bytes * shape.hidden  # each norm stores its input
            + masks
        )
        mlp_tensors = 4 if shape.mlp_gated else 2  # gate, up, act, product | fc1 out, GeLU out
    else:
        # A frozen nn.Linear keeps no input (no weight gradient); each RMSNorm keeps the fp32
        # copy of its input it normalises, a LayerNorm its input as it is. Gated: gate (SiLU
        # input), SiLU output and up (the product's factors); otherwise fc1's output (GeLU input).
        norm_bytes = max(act_bytes, 4) if shape.norm_upcast else act_bytes
        replicated = sb * (shape.norms * norm_bytes * shape.hidden + masks)
        mlp_tensors = 3 if shape.mlp_gated else 1
        if matmul_inputs != "none":
            # The attention block input (one tensor when the MLP reads the same norm's output).
            kept = 1 if matmul_inputs == "attention" else block_inputs(shape)
            replicated += sb * kept * act_bytes * shape.hidden
        if matmul_inputs == "all":
            mlp_tensors += 1  # the down projection's input (the product, or GeLU's output)
    mlp = sb * act_bytes * mlp_tensors * shape.mlp_width
    # softmax output (2 bytes), and with dropout its mask (1) and output (2): 5·a·s²·b
    scores = (act_bytes + mask * (1 + act_bytes)) * shape.heads * seq * seq * batch
    return LayerActivations(replicated=replicated, split=attention + mlp, attention_scores=scores)


def training_activations(
    arch: ModelArchitecture,
    seq: int,
    batch: int,
    *,
    tp: int = 1,
    flash_attention: bool = True,
    checkpointing: bool = False,
    act_bytes: int = ACT_BYTES,
    chunked_loss: bool = False,
    offloading: bool = False,
    base: BaseWeights = "trained",
    matmul_inputs: MatmulInputs = "none",
    layer_extra: int = 0,
    loss_peak: int | None = None,
) -> int:
    """Peak activation bytes on one GPU for a training step of one micro-batch.

    ``layer_extra`` is what one layer stores on this GPU beyond this module's count (LoRA
    dropout's copies, :func:`core.capacity.training.lora_dropout_activation_bytes`).
    ``loss_peak``, when given, replaces the logits' count below by the trainer's own (LitGPT's
    chunked LM head and what its loop keeps: :func:`core.capacity.trainers.litgpt_loss_peak`).

    With activation offloading (torchtune ``OffloadActivations``) the tensors saved for backward
    go to CPU memory as forward produces them and come back one layer ahead of backward: a GPU
    holds about two layers' worth (the one computing and the one in transfer).

    Under activation checkpointing the logits and the layer being rebuilt are never alive
    together: the logits live from the LM head to the loss's backward, which runs first and
    frees them (no LM head keeps its output for backward), and only then does the backward of
    the last layer recompute its activations (``torch.utils.checkpoint``). The peak
    is the kept layer inputs plus the larger of the two. Without checkpointing every layer's
    activations are still alive when the loss is computed, so the two add up.
    """
    shape = layer_shape(arch)
    layer = (
        training_layer_activations(shape, seq, batch, act_bytes, base, matmul_inputs).per_gpu(
            tp, flash_attention
        )
        + layer_extra
    )
    tokens_vocab = batch * seq * arch.vocab_size
    if loss_peak is not None:
        logits_bytes = loss_peak
    elif chunked_loss:
        logits_bytes = act_bytes * tokens_vocab + 2 * FP32_BYTES * tokens_vocab // LOSS_CHUNKS
    else:
        logits_bytes = FULL_LOSS_BYTES * tokens_vocab
    logits = -(-logits_bytes // tp)
    if checkpointing:
        per_layer_kept = act_bytes * seq * batch * shape.hidden
        kept = (2 if offloading else arch.layers) * per_layer_kept
        return kept + max(layer, logits)
    stored = min(arch.layers, 2) * layer if offloading else arch.layers * layer
    return stored + logits


def inference_activations(
    arch: ModelArchitecture, chunk_tokens: int, sequences: int, tp: int
) -> int:
    """Peak transient bytes of one forward pass over a prefill chunk, plus the logits.

    Without autograd nothing is kept between layers, so the peak is one layer's working set
    (vLLM sizes it by a profiling forward pass over ``max_num_batched_tokens``): the residual
    stream and the norm output (2 × 2·T·h), plus the larger of the attention working set (Q, K, V
    and output, split by t) and the MLP working set (gate and up outputs and the activation,
    3 × 2·T·ff / t for gated MLPs). Logits are computed in fp32 for the last token of each
    sequence, and the sampler holds their probabilities too: 2 × 4 × V bytes per sequence.
    """
    shape = layer_shape(arch)
    t = chunk_tokens
    residual = 2 * ACT_BYTES * t * shape.hidden
    attention = ACT_BYTES * t * (2 * shape.q_width + 2 * shape.kv_width) // tp
    mlp_tensors = 3 if shape.mlp_gated else 2
    mlp = ACT_BYTES * t * mlp_tensors * shape.mlp_width // tp
    logits = 2 * FP32_BYTES * arch.vocab_size * sequences
    return residual + max(attention, mlp) + logits
