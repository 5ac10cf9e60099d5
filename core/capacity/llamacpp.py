"""What llama.cpp allocates on each GPU: model buffer, KV buffer and compute buffer, by layer.

Read from llama.cpp's sources (ggml-org/llama.cpp, ``src/llama-model.cpp``, ``llama-kv-cache.cpp``,
``llama-context.cpp``, ``llama-graph.cpp``, ``ggml/src/ggml-alloc.c``):

- **Layers.** A model has ``n_layer`` repeating layers plus the output layer (``output.weight``
  and ``output_norm``), which ``-ngl`` counts as one more layer: ``offloaded 33/33 layers`` for a
  32-layer Llama. ``load_tensors`` puts the slots ``il >= n_layer + 1 - ngl`` on the GPUs, the
  output slot being ``il = n_layer``; so the output layer is offloaded first, then the repeating
  layers from the last one down (builds before 2025 offloaded it only at ``ngl > n_layer``; with
  every layer offloaded both agree). The token embedding (the input layer) always stays on the
  CPU. A model without ``output.weight`` (tied embeddings) loads a duplicate of
  ``token_embd`` onto the output layer's device (``TENSOR_DUPLICATED``).
- **Several GPUs** (``--split-mode layer``, the default): slot ``j`` of the ``ngl`` offloaded
  ones goes to the first GPU whose cumulative ``--tensor-split`` share exceeds ``j / ngl``; the
  default split follows each GPU's free memory, equal for equal GPUs. Whole layers, not tensors,
  are split: one GPU computes at a time, and every tensor of a layer, DeepSeek's MLA
  down-projections (``attn_q_a``, ``attn_kv_a_mqa``) included, sits whole on its layer's GPU
  (``get_layer_buft_list`` in ``load_tensors``, ``src/llama-model.cpp`` at 00342301d01a).
  ``--split-mode row`` is not modelled: ``make_gpu_buft_list`` then puts the split buffer type
  first, and ``select_weight_buft`` stores by rows across the GPUs each weight whose operation
  the backend supports on that buffer (``weight_buft_supported``), the rest on the layer's GPU.
- **Model buffer**: the bytes of the tensors of the layers a GPU holds (exact from a GGUF file;
  each tensor is padded to the buffer's 128-byte alignment, a few KiB in all, not counted).
- **KV buffer**: per offloaded layer, K and V rows of ``n_embd_k_gqa`` / ``n_embd_v_gqa``
  values for each of ``kv_size`` cells, in ``cache_type_k`` / ``cache_type_v`` (f16: 2 bytes;
  q8_0: 34 bytes per 32 values; q4_0: 18 per 32, ggml's blocks). ``kv_size`` is ``n_ctx``
  padded to 256. Sliding-window layers keep ``min(n_ctx, n_swa × n_seq + n_ubatch)`` cells,
  padded likewise, when ``swa_full`` is off (the default). Recurrent layers (Mamba, Gated
  DeltaNet) keep their state in f32 per sequence (``llama_memory_recurrent``). The cache of a
  layer left on the CPU stays on the CPU. The planner spreads a model's cache evenly over its
  repeating layers when only some are offloaded (exact when every layer is, or all layers cache
  alike).
- **Compute buffer**: ``ggml_gallocr`` sizes one buffer per device from the worst-case graph
  (``n_tokens = min(n_ubatch, n_ctx)``, every token an output) and reuses freed tensors, so the
  buffer is the largest set of tensors alive at once. Three candidates are derived from the
  graph: the output layer's ``n_vocab × n_tokens`` f32 logits with the ``n_embd × n_tokens`` f32
  normed input (on the output layer's device; it matches the published logs to the 0.01 MiB);
  attention without flash attention: the f32 scores ``n_head × n_kv × n_tokens`` (softmax works
  in place) with the f32 mask ``n_kv × n_tokens``, the layer's residual input and the attention
  output; with flash attention the scores are never materialised (f16 mask, query and output
  instead); the feed-forward block: gate and up projections with the residual and the normed
  input.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.domain.dtypes import FP32_BYTES
from core.domain.gguf_types import GGML_TYPE_NAMES
from core.model.architecture import ModelArchitecture, StoredLayers

KV_PAD = 256  # kv_size and the SWA cells are padded to 256 cells (llama-context.cpp)
F32 = FP32_BYTES  # GGML_TYPE_F32
F16 = 2
# ggml types of llama.cpp's --cache-type-k / --cache-type-v values the planner offers.
CACHE_TYPES = {"f16": "F16", "q8_0": "Q8_0", "q4_0": "Q4_0"}


def _pad(value: int, to: int) -> int:
    return -(-value // to) * to


def row_bytes(cache_type: str, values: int) -> int:
    """Bytes of one cache row of ``values`` values (``ggml_row_size``), whole blocks."""
    ggml = GGML_TYPE_NAMES[CACHE_TYPES[cache_type]]
    return -(-values // ggml.block) * ggml.size


@dataclass(frozen=True)
class Settings:
    """The llama.cpp settings that size its buffers."""

    n_ctx: int
    n_seq: int
    n_ubatch: int
    cache_type_k: str
    cache_type_v: str
    flash_attn: bool

    @property
    def kv_size(self) -> int:
        """Cells of a full-attention layer's cache."""
        return _pad(self.n_ctx, KV_PAD)

    @property
    def n_tokens(self) -> int:
        """Tokens of the worst-case graph the compute buffer is reserved for."""
        return min(self.n_ubatch, self.n_ctx)


def kv_bytes_all_layers(arch: ModelArchitecture, s: Settings) -> int:
    """KV (and recurrent state) bytes of every repeating layer of the model."""
    total = 0
    for g in arch.cache_groups:
        if not g.grows:
            state = g.state_elements + g.conv_channels * g.conv_tokens
            total += g.layers * state * F32 * s.n_seq
            continue
        cells = s.kv_size
        if g.kind in ("sliding", "chunked") and g.window:
            cells = min(cells, _pad(g.window * s.n_seq + s.n_ubatch, KV_PAD))
        heads = g.heads_per_gpu(1)
        per_cell = row_bytes(s.cache_type_k, heads * g.k_dim)
        if g.v_dim:
            per_cell += row_bytes(s.cache_type_v, heads * g.v_dim)
        total += g.layers * cells * per_cell
    return total


def compute_buffer(arch: ModelArchitecture, s: Settings, *, output: bool) -> dict[str, int]:
    """The compute buffer's candidates on one GPU (bytes); the buffer is the largest."""
    t = s.n_tokens
    shape = arch.layer_shape
    hidden = shape.hidden
    n_kv = s.kv_size
    if s.flash_attn:
        attention = n_kv * _pad(t, 64) * F16 + (hidden + 2 * shape.q_width) * t * F32
    else:
        attention = (shape.heads * n_kv + n_kv) * t * F32 + (hidden + shape.q_width) * t * F32
    up = (2 if shape.mlp_gated else 1) * shape.mlp_width
    parts = {"attention": attention, "feed_forward": (up + 2 * hidden) * t * F32}
    if output:
        parts["output"] = (arch.vocab_size + hidden) * t * F32
    return parts


def stored_layers(arch: ModelArchitecture, weights: int, embedding: int, head: int) -> StoredLayers:
    """Bytes per llama.cpp layer of a model without a GGUF file's own split.

    ``weights`` is the whole model's weight bytes, ``embedding`` and ``head`` the token
    embedding's and the output head's (0 when tied); the repeating layers share the rest
    equally (norms included, which are a few KiB).
    """
    layers = max(arch.layers, 1)
    rest = max(weights - embedding - head, 0)
    block = rest // layers
    blocks = tuple(block + (1 if i < rest - block * layers else 0) for i in range(layers))
    return StoredLayers(embedding, head, blocks, tied=head == 0)


@dataclass(frozen=True)
class GpuShare:
    """What one GPU holds: its slots, model buffer, KV buffer and compute buffer."""

    blocks: int
    output: bool
    model_buffer: int
    kv_buffer: int
    compute_buffer: int

    @property
    def total(self) -> int:
        """The three buffers together."""
        return self.model_buffer + self.kv_buffer + self.compute_buffer


def placement(
    arch: ModelArchitecture, layers: StoredLayers, s: Settings, ngl: int, gpus: int
) -> tuple[GpuShare, ...]:
    """Each GPU's buffers for ``-ngl ngl`` over ``gpus`` equal GPUs (``--split-mode layer``)."""
    n_layer = len(layers.blocks)
    ngl = min(ngl, n_layer + 1)
    start = n_layer + 1 - ngl
    kv_per_block = kv_bytes_all_layers(arch, s) // max(n_layer, 1)
    blocks = [0] * gpus
    weights = [0] * gpus
    holds_output = [False] * gpus
    for j in range(ngl):
        device = j * gpus // ngl
        il = start + j
        if il == n_layer:
            holds_output[device] = True
            weights[device] += layers.output + (layers.token_embd if layers.tied else 0)
        else:
            blocks[device] += 1
            weights[device] += layers.blocks[il]
    shares = []
    for d in range(gpus):
        used = blocks[d] > 0 or holds_output[d]
        parts = compute_buffer(arch, s, output=holds_output[d]) if used else {}
        shares.append(
            GpuShare(
                blocks=blocks[d],
                output=holds_output[d],
                model_buffer=weights[d],
                kv_buffer=kv_per_block * blocks[d],
                compute_buffer=max(parts.values(), default=0),
            )
        )
    return tuple(shares)
