"""llama-quantize's Q4_K_M and Q5_K_M mixes: which tensors take more bits, layer by layer.

From ``llama_tensor_get_type`` in llama.cpp's ``src/llama-quant.cpp`` (without ``--pure``, an
importance matrix or per-tensor overrides):

- ``output.weight`` (and a tied model's ``token_embd``, which then serves as the output) takes
  Q6_K; the token embedding otherwise keeps the mix's type.
- ``attn_v`` and ``ffn_down`` take Q6_K in the layers where ``use_more_bits(i, n)`` holds: the
  first and last eighth of the layers and every third layer between them
  (``i < n/8 || i >= 7n/8 || (i - n/8) % 3 == 2``); the others keep the mix's type.
- A model of eight experts stores ``attn_k`` and ``attn_v`` in Q8_0 and ``attn_output`` in
  Q5_K (the Q4_K_M rule) whatever the layer. A 70B Llama (80 layers) raises the remaining Q4_K
  ``attn_v`` to Q5_K.
- A row whose length is not a whole number of 256-value blocks falls back to another type
  (Q8_0 for the output); the planner pads it to whole blocks instead.

Norms and biases stay F32 (4 bytes) as in every GGUF file.
"""

from __future__ import annotations

from core.domain.gguf_types import GGML_TYPE_NAMES
from core.domain.quant_formats import QuantFormat
from core.model.architecture import LinearGroup, ModelArchitecture

# Group names of the value and down projections (Hugging Face and GGUF spellings).
_V = ("v_proj", "attn_v")
_K = ("k_proj", "attn_k")
_O = ("o_proj", "attn_output")
_DOWN = ("down_proj", "ffn_down", "w2")


def use_more_bits(layer: int, layers: int) -> bool:
    """llama-quantize's choice of the layers whose sensitive tensors take more bits."""
    eighth = layers // 8
    return layer < eighth or layer >= 7 * layers // 8 or (layer - eighth) % 3 == 2


def _matrix(ggml: str, out: int, inp: int) -> int:
    block = GGML_TYPE_NAMES[ggml]
    return out * -(-inp // block.block) * block.size


def _type(fmt: QuantFormat, arch: ModelArchitecture, name: str, layer: int) -> str:
    eight_experts = arch.num_experts == 8
    if name.endswith(_V):
        if eight_experts:
            return "Q8_0"
        if use_more_bits(layer, arch.layers):
            return "Q6_K"
        return "Q5_K" if arch.layers == 80 and fmt.ggml == "Q4_K" else fmt.ggml
    if name.endswith(_K) and eight_experts:
        return "Q8_0"
    if name.endswith(_O) and eight_experts and fmt.ggml == "Q4_K":
        return "Q5_K"
    if name.endswith(_DOWN) and use_more_bits(layer, arch.layers):
        return "Q6_K"
    return fmt.ggml


def group_bytes(fmt: QuantFormat, arch: ModelArchitecture, group: LinearGroup) -> int:
    """Bytes of every matrix of ``group`` under the mix, layer by layer."""
    layers = max(arch.layers, 1)
    per_layer, spread = divmod(group.count, layers)
    if spread or not per_layer:  # a group not in every layer: the mix's plain type
        return _matrix(fmt.ggml, group.out_features, group.in_features) * group.count
    return sum(
        _matrix(_type(fmt, arch, group.name, i), group.out_features, group.in_features) * per_layer
        for i in range(layers)
    )


def embedding_and_head_bytes(fmt: QuantFormat, arch: ModelArchitecture) -> tuple[int, int]:
    """Bytes of the token embedding and of the output head (0 when tied) under the mix.

    The output head takes Q6_K; a tied model's token embedding is its output and takes Q6_K.
    """
    hidden = max(arch.hidden_size, 1)
    rows = arch.embedding_params // hidden
    if not arch.lm_head_params:
        return _matrix("Q6_K", rows, hidden), 0
    head = _matrix("Q6_K", arch.lm_head_params // hidden, hidden)
    return _matrix(fmt.ggml, rows, hidden), head
