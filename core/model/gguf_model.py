"""Turn a GGUF file's header into a model architecture with the exact stored bytes.

Keys read (llama.cpp ``LLM_KV_*`` names, prefixed by ``general.architecture``): ``block_count``,
``embedding_length``, ``feed_forward_length``, ``context_length``, ``attention.head_count``,
``attention.head_count_kv``, ``attention.key_length`` (the head size; the architecture has one
head size, so a different ``attention.value_length`` is not used), ``attention.sliding_window``
with ``attention.sliding_window_pattern``, ``expert_count``, ``expert_used_count``,
``attention.kv_lora_rank`` and ``rope.dimension_count`` (MLA). Per-layer values may be arrays
(the largest is used, the safe side for memory).

Parameters are counted from the tensors: ``token_embd`` is the embedding, ``output`` the LM head
(absent when tied), 2-D and 3-D ``blk.N.*.weight`` tensors other than the MoE router
(``ffn_gate_inp``) the block's linear layers (3-D ones hold one matrix per expert, ggml order:
inputs, outputs, experts), everything else norms and biases.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from core.base.errors import ModelSourceError
from core.domain.quant_formats import GGUF_FORMAT
from core.model.architecture import LinearGroup, ModelArchitecture, StoredLayers
from core.model.gguf import SPLIT_NAME, GgufFile, SkippedArray, Value, read_gguf
from core.texts.messages import Message

_LAYER = re.compile(r"^blk\.(\d+)\.")
# llama.cpp's names of DeepSeek's MLA down-projections (LLM_TENSOR_ATTN_Q_A, ATTN_KV_A_MQA), which
# vLLM, serving the GGUF file with its DeepSeek model, builds with disable_tp=True: whole on
# every tensor-parallel rank (core.model.families.deepseek has the source).
_WHOLE = frozenset({"attn_q_a", "attn_kv_a_mqa"})


def _number(value: Value | None) -> int | None:
    """A positive whole number, or the largest of an array of them (per-layer values)."""
    if isinstance(value, tuple):
        numbers = [v for v in value if isinstance(v, int) and not isinstance(v, bool)]
        return max(numbers) if numbers and max(numbers) > 0 else None
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        return None
    return value


def _key(gguf: GgufFile, arch: str, name: str) -> int | None:
    return _number(gguf.metadata.get(f"{arch}.{name}"))


def _required(gguf: GgufFile, arch: str, name: str) -> int:
    value = _key(gguf, arch, name)
    raw = gguf.metadata.get(f"{arch}.{name}")
    if value is None and (raw == 0 or (isinstance(raw, tuple) and raw and not any(raw))):
        raise ModelSourceError(
            Message("error.gguf_key_zero", path=gguf.path.name, key=f"{arch}.{name}")
        )
    if value is None:
        raise ModelSourceError(
            Message("error.gguf_key_missing", path=gguf.path.name, key=f"{arch}.{name}")
        )
    return value


# Sizes a header states that no model can exceed its own values: a width, a head count or an
# expert count above the values of all the file's tensors is refused before it sizes anything.
_SIZES = (
    "embedding_length",
    "feed_forward_length",
    "attention.head_count",
    "attention.head_count_kv",
    "attention.key_length",
    "attention.kv_lora_rank",
    "rope.dimension_count",
    "expert_count",
    "expert_used_count",
)


def _bounded(gguf: GgufFile, arch: str) -> None:
    values = sum(t.elements for t in gguf.tensors)
    for name in _SIZES:
        value = _key(gguf, arch, name)
        if value is not None and value > values:
            raise ModelSourceError(
                Message(
                    "error.gguf_size_past_tensors",
                    path=gguf.path.name,
                    key=f"{arch}.{name}",
                    value=value,
                    values=values,
                )
            )
    experts, used = _key(gguf, arch, "expert_count"), _key(gguf, arch, "expert_used_count")
    if used is not None and used > (experts or 0):
        raise ModelSourceError(
            Message(
                "error.gguf_experts_used",
                path=gguf.path.name,
                key=f"{arch}.expert_used_count",
                used=used,
                experts=experts or 0,
            )
        )


def _window_layers(gguf: GgufFile, arch: str, layers: int) -> int | None:
    """Layers that cap their cache at the window, from ``attention.sliding_window_pattern``.

    llama.cpp writes it as one bool per layer (true: sliding) or as a period N (every N-th layer
    global, the others sliding). None when the file does not say.
    """
    pattern = gguf.metadata.get(f"{arch}.attention.sliding_window_pattern")
    if isinstance(pattern, tuple) and len(pattern) == layers:
        return sum(1 for flag in pattern if flag is True)
    if isinstance(pattern, int) and not isinstance(pattern, bool) and pattern > 0:
        return layers - layers // pattern
    return None


def _vocab(gguf: GgufFile, arch: str) -> int:
    tokens = gguf.metadata.get("tokenizer.ggml.tokens")
    if isinstance(tokens, SkippedArray):
        return tokens.count
    if isinstance(tokens, tuple):
        return len(tokens)
    embed = next((t for t in gguf.tensors if t.name == "token_embd.weight"), None)
    return embed.dims[1] if embed is not None and len(embed.dims) == 2 else 0


def _type_mix(gguf: GgufFile) -> str:
    """The tensor types by share of bytes, largest first (``Q4_K 71%, Q6_K 18%, F32 1%``)."""
    by_type: Counter[str] = Counter()
    for t in gguf.tensors:
        by_type[t.type.name] += t.nbytes
    total = max(sum(by_type.values()), 1)
    return ", ".join(f"{name} {share * 100 / total:.0f}%" for name, share in by_type.most_common(4))


def _stored_layers(gguf: GgufFile, layers: int) -> StoredLayers:
    """Tensor bytes by the llama.cpp layer that loads them (``llama-model.cpp`` load_tensors)."""
    blocks = [0] * layers
    token_embd = output = 0
    for t in gguf.tensors:
        layer = _LAYER.match(t.name)
        if layer and int(layer.group(1)) < layers:
            blocks[int(layer.group(1))] += t.nbytes
        elif t.name == "token_embd.weight":
            token_embd += t.nbytes
        else:
            output += t.nbytes
    tied = not any(t.name == "output.weight" for t in gguf.tensors)
    return StoredLayers(token_embd, output, tuple(blocks), tied)


def architecture_from_gguf(path: str | Path) -> ModelArchitecture:
    """Build the architecture of a GGUF model from its header (no tensor data is read).

    Raises:
        ModelSourceError: The file is not a valid GGUF model or lacks a required key.
    """
    gguf = read_gguf(path)
    arch = gguf.metadata.get("general.architecture")
    if not isinstance(arch, str) or not arch:
        raise ModelSourceError(
            Message("error.gguf_key_missing", path=gguf.path.name, key="general.architecture")
        )
    layers = _required(gguf, arch, "block_count")
    if layers > len(gguf.tensors):
        # llama.cpp loads at least one tensor per block (its norm): a header claiming more
        # blocks than the file holds tensors is refused before anything is sized by it.
        raise ModelSourceError(
            Message(
                "error.gguf_blocks_past_tensors",
                path=gguf.path.name,
                key=f"{arch}.block_count",
                blocks=layers,
                tensors=len(gguf.tensors),
            )
        )
    _bounded(gguf, arch)
    hidden = _required(gguf, arch, "embedding_length")
    heads = _required(gguf, arch, "attention.head_count")
    kv_heads = _key(gguf, arch, "attention.head_count_kv") or heads
    # llama.cpp's n_embd_head_k: attention.key_length, or embedding_length / head_count.
    head_dim = _key(gguf, arch, "attention.key_length") or hidden // heads
    if head_dim == 0:
        raise ModelSourceError(
            Message(
                "error.gguf_heads_past_width",
                path=gguf.path.name,
                heads_key=f"{arch}.attention.head_count",
                heads=heads,
                width_key=f"{arch}.embedding_length",
                width=hidden,
                head_key=f"{arch}.attention.key_length",
            )
        )
    experts = _key(gguf, arch, "expert_count") or 0
    top_k = _key(gguf, arch, "expert_used_count") or 0
    embedding = lm_head = other = 0
    groups: Counter[tuple[str, int, int]] = Counter()
    expert_groups: set[tuple[str, int, int]] = set()
    per_layer: Counter[int] = Counter()
    whole_bytes = 0
    for t in gguf.tensors:
        layer = _LAYER.match(t.name)
        if layer:
            per_layer[int(layer.group(1))] += t.elements
        if t.name == "token_embd.weight":
            embedding += t.elements
        elif t.name == "output.weight":
            lm_head += t.elements
        elif layer and t.name.endswith(".weight") and len(t.dims) in (2, 3):
            short = t.name[layer.end() :].removesuffix(".weight")
            if short == "ffn_gate_inp":  # MoE router: stays 16-bit
                other += t.elements
                continue
            key = (short, t.dims[0], t.dims[1])
            groups[key] += t.dims[2] if len(t.dims) == 3 else 1
            whole_bytes += t.nbytes if short in _WHOLE else 0
            if len(t.dims) == 3:
                expert_groups.add(key)
        else:
            other += t.elements
    linear = tuple(
        LinearGroup(
            short,
            inp,
            out,
            count,
            count * top_k // experts if key in expert_groups and experts else count,
            replicated=short in _WHOLE,
        )
        for key, count in groups.items()
        for short, inp, out in (key,)
    )
    window = _key(gguf, arch, "attention.sliding_window")
    kv_lora = _key(gguf, arch, "attention.kv_lora_rank")
    notes: list[str] = [
        Message("model_note.gguf_types", types=_type_mix(gguf), stored=gguf.stored_bytes)
    ]
    if gguf.shards > 1:
        notes.append(Message("model_note.gguf_split", count=gguf.shards, tensors=len(gguf.tensors)))
    window_layers = _window_layers(gguf, arch, layers) if window else 0
    if window and window_layers is None:
        notes.append(Message("model_note.gguf_window_layers", window=window))
    split = SPLIT_NAME.match(gguf.path.name) if gguf.shards > 1 else None
    name = split.group("prefix") if split else gguf.path.stem
    return ModelArchitecture(
        id=name,
        name=name,
        model_type=arch,
        source="gguf",
        layers=layers,
        hidden_size=hidden,
        attention_heads=heads,
        kv_heads=kv_heads,
        head_dim=head_dim,
        intermediate_size=_key(gguf, arch, "feed_forward_length") or 4 * hidden,
        vocab_size=_vocab(gguf, arch),
        embedding_params=embedding,
        lm_head_params=lm_head,
        linear_groups=linear,
        other_params=other,
        other_active_params=other,
        attention="mla" if kv_lora else ("mha" if kv_heads == heads else "gqa"),
        max_position_embeddings=_key(gguf, arch, "context_length"),
        sliding_window=window,
        sliding_window_layers=window_layers or 0,
        kv_lora_rank=kv_lora,
        qk_rope_head_dim=_key(gguf, arch, "rope.dimension_count") if kv_lora else None,
        num_experts=experts,
        experts_per_token=top_k,
        largest_layer_params=max(per_layer.values(), default=0),
        stored_bytes=gguf.stored_bytes,
        stored_whole_bytes=whole_bytes,
        stored_dtype=GGUF_FORMAT,
        notes=tuple(notes),
        stored_layers=_stored_layers(gguf, layers),
    )
