"""Turn the headers of a ``.safetensors`` checkpoint into a model architecture.

A checkpoint is one ``.safetensors`` file, or a folder with ``model.safetensors.index.json`` whose
``weight_map`` names each tensor's shard (``metadata.total_size`` is compared with the bytes the
shards describe). Only headers are read (:mod:`core.model.safetensors_header`). With a
``config.json`` beside it the parameters are counted from the config and checked against the
tensors; without one the architecture is inferred from tensor names and shapes, and every assumption
is a note.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from core.base.errors import ModelSourceError
from core.base.safe_json import loads_json
from core.domain.quant_formats import FORMATS
from core.model.architecture import LinearGroup, ModelArchitecture
from core.model.checkpoint_formats import loaded_tensor_bytes
from core.model.model_config import architecture_from_config, load_config_file
from core.model.quant_detect import checkpoint_format
from core.model.safetensors_header import TensorInfo, read_header
from core.texts.messages import Message

MAX_INDEX_BYTES = 100_000_000  # an index of a 1T-parameter model is a few megabytes
INDEX_NAME = "model.safetensors.index.json"
MAX_TOTAL_SIZE = 1 << 60  # 1 EiB: a thousand times the largest published checkpoint
_TORCH_NAMES = {"BF16": "bfloat16", "F16": "float16", "F32": "float32", "F64": "float64"}
_LOW_BIT_DTYPES = {"F4", "F6_E2M3", "F6_E3M2", "F8_E5M2", "F8_E4M3", "F8_E8M0"}
# GPTQ/AWQ (qweight, qzeros, scales, g_idx), FP8 checkpoints (weight_scale, weight_scale_inv),
# compressed-tensors (weight_packed) and bitsandbytes (absmax, quant_map).
_QUANT_SUFFIXES = (
    ".qweight",
    ".qzeros",
    ".scales",
    ".g_idx",
    ".weight_scale",
    ".weight_scale_inv",
    ".weight_packed",
    ".absmax",
    ".quant_map",
)
_LAYER = re.compile(r"(?:^|\.)(?:layers|h|blocks)\.(\d+)\.")
_EXPERT = re.compile(r"\.experts\.(\d+)\.")
_EMBEDDINGS = (
    "embed_tokens.weight",
    "wte.weight",
    "tok_embeddings.weight",
    "word_embeddings.weight",
)
_POSITIONS = ("embed_positions.weight", "wpe.weight")


@dataclass(frozen=True)
class ArchitectureHints:
    """What tensor names and shapes say about the architecture (None when they do not say)."""

    layers: int | None
    hidden_size: int | None
    vocab_size: int | None
    intermediate_size: int | None
    q_width: int | None
    kv_width: int | None
    num_experts: int
    has_lm_head: bool


@dataclass(frozen=True)
class SafetensorsSummary:
    """Everything read from one checkpoint's headers."""

    files: tuple[Path, ...]
    tensors: tuple[TensorInfo, ...]
    params: int  # sum of shape products
    stored_bytes: int  # sum of data_offsets ranges
    bytes_by_dtype: dict[str, int]
    metadata: dict[str, str]
    looks_quantized: bool
    hints: ArchitectureHints
    notes: tuple[str, ...] = ()

    @property
    def tensor_names(self) -> tuple[str, ...]:
        """Names of all tensors, in file order."""
        return tuple(t.name for t in self.tensors)

    @property
    def dominant_dtype(self) -> str | None:
        """The dtype holding most of the bytes."""
        if not self.bytes_by_dtype:
            return None
        return max(self.bytes_by_dtype.items(), key=lambda item: item[1])[0]


def _index_shards(index_path: Path) -> tuple[dict[str, str], int | None]:
    if index_path.stat().st_size > MAX_INDEX_BYTES:
        raise ModelSourceError(Message("safetensors.index_too_large", index=index_path.name))
    try:
        data = loads_json(
            index_path.read_text("utf-8"), source=index_path.name, error=ModelSourceError
        )
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ModelSourceError(
            Message("error.config_not_json", path=index_path.name, reason=str(error))
        ) from None
    except OSError as error:
        raise ModelSourceError(
            Message("error.cannot_read", path=str(index_path), reason=str(error.strerror or error))
        ) from None
    if not isinstance(data, dict):
        raise ModelSourceError(Message("safetensors.index_not_object", index=index_path.name))
    weight_map = data.get("weight_map")
    if not isinstance(weight_map, dict) or not weight_map:
        raise ModelSourceError(Message("safetensors.index_no_map", index=index_path.name))
    for tensor, shard in weight_map.items():
        # A shard must be a plain file name beside the index (no folders, no '..').
        if not isinstance(shard, str) or Path(shard).name != shard or shard in ("", ".", ".."):
            raise ModelSourceError(
                Message(
                    "safetensors.index_bad_shard",
                    index=index_path.name,
                    tensor=tensor,
                    shard=repr(shard),
                )
            )
    metadata = data.get("metadata")
    total = metadata.get("total_size") if isinstance(metadata, dict) else None
    if total is not None and (
        isinstance(total, bool) or not isinstance(total, int) or not 0 < total <= MAX_TOTAL_SIZE
    ):
        raise ModelSourceError(Message("safetensors.index_total_size", index=index_path.name))
    return weight_map, total


@dataclass(frozen=True)
class IndexParts:
    """What an index's tensor names say of a model's parts (names only: no shapes, no dtypes).

    Attributes:
        layers: Decoder layers (the highest ``layers.N`` + 1), None when no name has one.
        experts: Routed experts (the highest ``experts.N`` + 1), 0 when none is named.
        mla: Multi-head latent attention (DeepSeek's ``kv_a_proj_with_mqa`` / ``kv_b_proj``).
        mamba: State-space or linear-attention layers (``A_log``, ``conv1d``).
        vision: A vision tower (``vision_tower``, ``vision_model``, ``visual``, ``vision_encoder``).
        quantized: Names of quantization tensors (scales, packed weights).
        mtp: Multi-token-prediction layers under their own name (``mtp.``, ``mtp_layers.``);
            DeepSeek and GLM store theirs as decoder layers past the config's count.
    """

    layers: int | None
    experts: int
    mla: bool
    mamba: bool
    vision: bool
    quantized: bool
    mtp: bool = False


@dataclass(frozen=True)
class IndexSummary:
    """A ``model.safetensors.index.json`` read without its shards (a metadata-only download)."""

    path: Path
    total_size: int  # metadata.total_size: the bytes of every tensor of every shard
    tensors: int
    shards: int
    shards_present: int
    parts: IndexParts


_MLA = (".kv_a_proj_with_mqa.", ".kv_b_proj.")
_MTP = re.compile(r"(?:^|\.)mtp(?:_layers)?\.")
_MAMBA = (".A_log", ".conv1d.")
# Names of vision towers and their projectors in published multimodal checkpoints (LLaVA
# ``vision_tower`` / ``multi_modal_projector``, Qwen-VL ``visual``, Gemma 3 ``vision_tower``,
# Idefics/SigLIP ``vision_model``, DeepSeek-OCR ``sam_model`` / ``projector``).
_VISION = re.compile(
    r"(?:^|\.)(?:vision_tower|vision_model|visual|vision_encoder|vision|image_encoder|"
    r"sam_model|mm_projector|multi_modal_projector|projector)\."
)


def index_parts(names: list[str]) -> IndexParts:
    """The parts a checkpoint's tensor names reveal (:class:`IndexParts`).

    The decoder is the stack of ``layers.N`` (or ``h.N``, ``blocks.N``) with the most tensors;
    another stack (a vision encoder's) neither adds layers nor experts.
    """
    stacks: Counter[str] = Counter()
    for name in names:
        layer = _LAYER.search(name)
        if layer:
            stacks[name[: layer.start()]] += 1
    decoder = stacks.most_common(1)[0][0] if stacks else None
    layers = experts = -1
    mla = mamba = vision = quantized = mtp = False
    for name in names:
        layer = _LAYER.search(name)
        if layer and name[: layer.start()] == decoder:
            layers = max(layers, int(layer.group(1)))
            expert = _EXPERT.search(name)
            if expert:
                experts = max(experts, int(expert.group(1)))
        vision = vision or _VISION.search(name) is not None
        mla = mla or any(part in name for part in _MLA)
        mamba = mamba or any(part in name for part in _MAMBA)
        quantized = quantized or name.endswith(_QUANT_SUFFIXES)
        mtp = mtp or _MTP.search(name) is not None
    return IndexParts(
        layers=layers + 1 if layers >= 0 else None,
        experts=experts + 1,
        mla=mla,
        mamba=mamba,
        vision=vision,
        quantized=quantized,
        mtp=mtp,
    )


def read_index(index: Path) -> IndexSummary | None:
    """The index's exact total and the parts its names reveal; None without a total_size.

    Raises:
        ModelSourceError: The index is not a valid index (see :func:`_index_shards`).
    """
    weight_map, total = _index_shards(index)
    if total is None:
        return None
    shards = list(dict.fromkeys(weight_map.values()))
    present = sum(1 for name in shards if (index.parent / name).is_file())
    return IndexSummary(
        path=index,
        total_size=total,
        tensors=len(weight_map),
        shards=len(shards),
        shards_present=present,
        parts=index_parts(list(weight_map)),
    )


def _checkpoint_files(path: Path) -> tuple[list[Path], dict[str, str] | None, int | None]:
    if path.is_dir():
        index = path / INDEX_NAME
        if index.is_file():
            return _sharded(index)
        single = path / "model.safetensors"
        if single.is_file():
            return [single], None, None
        found = sorted(path.glob("*.safetensors"))
        if len(found) == 1:
            return found, None, None
        raise ModelSourceError(
            Message("safetensors.no_weights_many", path=str(path), count=len(found))
            if found
            else Message("safetensors.no_weights", path=str(path))
        )
    if path.name.endswith(".index.json") and path.is_file():
        return _sharded(path)
    if not path.is_file():
        raise ModelSourceError(Message("error.safetensors_missing", path=str(path)))
    return [path], None, None


def _sharded(index: Path) -> tuple[list[Path], dict[str, str], int | None]:
    weight_map, total = _index_shards(index)
    shards = [index.parent / name for name in dict.fromkeys(weight_map.values())]
    missing = [s.name for s in shards if not s.is_file()]
    if missing:
        raise ModelSourceError(
            Message(
                "safetensors.shards_missing",
                index=index.name,
                folder=str(index.parent),
                missing=", ".join(missing[:5]),
            )
        )
    return shards, weight_map, total


def _hints(tensors: tuple[TensorInfo, ...]) -> ArchitectureHints:
    by_suffix: dict[str, TensorInfo] = {}
    layers: set[int] = set()
    experts: set[int] = set()
    for t in tensors:
        match = _LAYER.search(t.name)
        if match:
            layers.add(int(match.group(1)))
        expert = _EXPERT.search(t.name)
        if expert:
            experts.add(int(expert.group(1)))
        key = _EXPERT.sub(".experts.*.", _LAYER.sub(".layers.*.", t.name))
        by_suffix.setdefault(key.rsplit("layers.*.", 1)[-1], t)

    def rows(*suffixes: str) -> int | None:
        for suffix in suffixes:
            t = by_suffix.get(suffix)
            if t is not None and len(t.shape) == 2:
                return t.shape[0]
        return None

    embed = next((t for t in tensors if t.name.endswith(_EMBEDDINGS) and len(t.shape) == 2), None)
    return ArchitectureHints(
        layers=max(layers) + 1 if layers else None,
        hidden_size=embed.shape[1] if embed else None,
        vocab_size=embed.shape[0] if embed else None,
        intermediate_size=rows(
            "mlp.gate_proj.weight",
            "mlp.up_proj.weight",
            "fc1.weight",
            "block_sparse_moe.experts.*.w1.weight",
            "mlp.experts.*.gate_proj.weight",
        ),
        q_width=rows("self_attn.q_proj.weight"),
        kv_width=rows("self_attn.k_proj.weight"),
        num_experts=max(experts) + 1 if experts else 0,
        has_lm_head=any(t.name.startswith("lm_head.") for t in tensors),
    )


def read_safetensors(path: str | Path) -> SafetensorsSummary:
    """Summarize a ``.safetensors`` file, or a folder holding one or an index with shards.

    Raises:
        ModelSourceError: A file is missing or any header or the index is invalid.
    """
    files, weight_map, total = _checkpoint_files(Path(path))
    tensors: list[TensorInfo] = []
    metadata: dict[str, str] = {}
    seen: dict[str, Path] = {}
    for file in files:
        found, file_metadata = read_header(file)
        metadata.update(file_metadata)
        for t in found:
            if t.name in seen:
                raise ModelSourceError(
                    Message(
                        "safetensors.tensor_twice",
                        tensor=t.name,
                        first=seen[t.name].name,
                        second=file.name,
                    )
                )
            seen[t.name] = file
        tensors.extend(sorted(found, key=lambda t: t.start))
    notes: list[str] = []
    if weight_map is not None:
        for name, shard in weight_map.items():
            if seen.get(name) is None or seen[name].name != shard:
                raise ModelSourceError(
                    Message("safetensors.shard_lacks_tensor", name=name, shard=shard)
                )
    stored = sum(t.nbytes for t in tensors)
    if total is not None and total != stored:
        notes.append(Message("model_note.index_size_mismatch", total=total, stored=stored))
    by_dtype: Counter[str] = Counter()
    for t in tensors:
        by_dtype[t.dtype] += t.nbytes
    quantized = any(t.name.endswith(_QUANT_SUFFIXES) or t.dtype in _LOW_BIT_DTYPES for t in tensors)
    frozen = tuple(tensors)
    return SafetensorsSummary(
        files=tuple(files),
        tensors=frozen,
        params=sum(t.elements for t in tensors),
        stored_bytes=stored,
        bytes_by_dtype=dict(by_dtype),
        metadata=metadata,
        looks_quantized=quantized,
        hints=_hints(frozen),
        notes=tuple(notes),
    )


def _model_name(path: Path) -> str:
    """The folder's name for a folder or a file with a default name (model.safetensors)."""
    if path.is_dir():
        return path.resolve().name
    if path.name.endswith(".index.json") or path.stem == "model" or path.stem.startswith("model-"):
        return path.parent.resolve().name
    return path.stem


def architecture_from_safetensors(path: str | Path) -> ModelArchitecture:
    """Build the architecture of a checkpoint from its headers (and a ``config.json`` beside it).

    With a ``config.json`` the parameter counts come from the config and the exact stored bytes
    from the headers; without one, the architecture is inferred from tensor names and shapes
    (Llama-style naming) and a note says so.

    Raises:
        ModelSourceError: The checkpoint or its config cannot be read or understood.
    """
    path = Path(path)
    folder = path if path.is_dir() else path.parent
    index_only = _metadata_only(path, folder)
    if index_only is not None:
        return index_only
    summary = read_safetensors(path)
    name = _model_name(path)
    config_path = folder / "config.json"
    notes = list(summary.notes)
    if summary.looks_quantized:
        notes.append(Message("model_note.quantized_checkpoint", stored=summary.stored_bytes))
    quantization: dict[str, object] | None = None
    if config_path.is_file():
        config = load_config_file(config_path)
        declared = config.get("quantization_config")
        quantization = declared if isinstance(declared, dict) else None
        names = summary.tensor_names
        arch = architecture_from_config(
            config, model_id=name, name=name, source="safetensors", tensor_names=names
        )
        if arch.approximate is not None and not summary.looks_quantized:
            # A family the planner cannot count: the headers give the exact parameter count, so
            # the weights are exact and no band is needed (the difference goes to the 16-bit
            # "other" parameters; the layer layout still comes from the generic fields).
            diff = summary.params - arch.params_total
            arch = replace(
                arch,
                other_params=arch.other_params + diff,
                other_active_params=max(arch.other_active_params + diff, 0),
                approximate=arch.approximate.cache_only(),
            )
            notes.append(Message("model_note.counted_from_tensors", params=summary.params))
        elif not summary.looks_quantized and summary.params != arch.params_total:
            notes.append(
                Message(
                    "model_note.param_mismatch", stored=summary.params, described=arch.params_total
                )
            )
    else:
        arch = _inferred(summary, name)
    stored_format = checkpoint_format(
        quantization,
        ((t.name, t.dtype, t.shape) for t in summary.tensors),
        summary.dominant_dtype,
    )
    if stored_format is None and summary.looks_quantized:
        stored_format = "quantized"
    if stored_format in FORMATS:
        notes.append(Message("model_note.checkpoint_format", format=str(stored_format)))
    # The tensors of the linear layers every tensor-parallel rank holds whole (DeepSeek's
    # ``...self_attn.q_a_proj.weight`` and its ``weight_scale_inv``): not split with the rest.
    whole = tuple(f".{g.name}." for g in arch.linear_groups if g.replicated)
    fmt = str(stored_format) if stored_format else None
    loaded = {
        t.name: loaded_tensor_bytes(t.name, t.elements, t.nbytes, fmt) for t in summary.tensors
    }
    loaded_bytes = sum(loaded.values())
    if loaded_bytes != summary.stored_bytes:
        notes.append(
            Message(
                "model_note.scales_loaded_fp32",
                stored=summary.stored_bytes,
                loaded=loaded_bytes,
            )
        )
    return replace(
        arch,
        stored_bytes=loaded_bytes,
        stored_whole_bytes=sum(
            loaded[t.name] for t in summary.tensors if whole and any(w in t.name for w in whole)
        ),
        stored_dtype=stored_format,
        notes=tuple(dict.fromkeys((*arch.notes, *notes))),
    )


def _metadata_only(path: Path, folder: Path) -> ModelArchitecture | None:
    """A metadata-only download named as a checkpoint: its index and config.json, no shards.

    Counted as the config describes it with the index's exact total_size
    (:func:`architecture_with_index`); None when shards are present or either file is absent.
    """
    index = folder / INDEX_NAME if path.is_dir() else path
    config_path = folder / "config.json"
    if index.name != INDEX_NAME or not index.is_file() or not config_path.is_file():
        return None
    found = read_index(index)
    if found is None or found.shards_present:
        return None
    config = load_config_file(config_path)
    name = _model_name(path)
    arch = architecture_from_config(config, model_id=name, name=name, source="safetensors")
    return architecture_with_index(arch, found, declared_format(config))


def _inferred(summary: SafetensorsSummary, name: str) -> ModelArchitecture:
    """Categorize every tensor of a checkpoint without a config (Llama-style names)."""
    hints = summary.hints
    if hints.hidden_size is None or hints.layers is None:
        raise ModelSourceError(Message("safetensors.no_architecture", name=name))
    h, layers = hints.hidden_size, hints.layers
    notes: list[str] = [Message("model_note.inferred")]
    embedding = lm_head = other = 0
    groups: dict[tuple[str, int, int], int] = {}
    per_layer: Counter[int] = Counter()
    norms = 0
    for t in summary.tensors:
        layer = _LAYER.search(t.name)
        if layer:
            per_layer[int(layer.group(1))] += t.elements
            if int(layer.group(1)) == 0 and len(t.shape) == 1 and t.name.endswith("norm.weight"):
                norms += 1
        if t.name.endswith(_EMBEDDINGS + _POSITIONS) and not layer:
            embedding += t.elements
        elif t.name.startswith("lm_head.") or t.name == "output.weight":
            lm_head += t.elements
        elif (
            layer
            and len(t.shape) == 2
            and t.name.endswith(".weight")
            and not t.name.endswith(".gate.weight")  # MoE routers stay 16-bit
            and t.dtype in ("BF16", "F16", "F32")
        ):
            key = _EXPERT.sub(".experts.*.", _LAYER.sub(".layers.*.", t.name))
            short = key.rsplit("layers.*.", 1)[-1].removesuffix(".weight")
            shape_key = (short, t.shape[1], t.shape[0])
            groups[shape_key] = groups.get(shape_key, 0) + 1
        else:
            other += t.elements
    if hints.num_experts:
        notes.append(Message("model_note.experts_unknown", experts=hints.num_experts))
    q_width = hints.q_width or h
    kv_width = hints.kv_width or q_width
    # The head size is not in any tensor shape; 128 is Llama's, Mistral's and Qwen2's, 64 the
    # next common one (Llama 3.2 1B); otherwise one head spanning the projection.
    head_dim = next((d for d in (128, 64) if q_width % d == 0 and kv_width % d == 0), q_width)
    notes.append(Message("model_note.head_dim_assumed", head_dim=head_dim))
    ff = hints.intermediate_size
    if ff is None:
        ff = 4 * h  # Vaswani et al. 2017: d_ff = 4 · d_model
        notes.append(Message("model_note.ff_inferred", ff=ff))
    heads, kv = max(1, q_width // head_dim), max(1, kv_width // head_dim)
    names = summary.tensor_names
    vocab = hints.vocab_size or 0
    torch_dtype = _TORCH_NAMES.get(summary.dominant_dtype or "")
    return ModelArchitecture(
        id=name,
        name=name,
        model_type="inferred",
        source="safetensors",
        layers=layers,
        hidden_size=h,
        attention_heads=heads,
        kv_heads=kv,
        head_dim=head_dim,
        intermediate_size=ff,
        vocab_size=vocab,
        embedding_params=embedding,
        lm_head_params=lm_head,
        linear_groups=tuple(
            LinearGroup(short, in_f, out_f, count, count)
            for (short, in_f, out_f), count in groups.items()
        ),
        other_params=other,
        other_active_params=other,
        attention="mha" if kv == heads else ("mqa" if kv == 1 else "gqa"),
        mlp_gated=not any(n.endswith(".fc1.weight") for n in names),
        norms_per_layer=norms or 2,
        num_experts=hints.num_experts,
        experts_per_token=hints.num_experts,
        largest_layer_params=max(per_layer.values(), default=0),
        torch_dtype=torch_dtype,
        notes=tuple(notes),
    )


_PLAIN_DTYPES = {"bfloat16": ("bf16", 2), "float16": ("fp16", 2), "float32": ("fp32", 4)}


def declared_format(config: dict[str, object]) -> str | None:
    """The format a config's ``quantization_config`` names (``quantized`` if none), or None."""
    declared = config.get("quantization_config")
    if not isinstance(declared, dict):
        return None
    return checkpoint_format(declared, (), None) or "quantized"


def _part_notes(arch: ModelArchitecture, parts: IndexParts) -> list[str]:
    """Notes for the parts the index names that the config reading did not count."""
    missed: list[str] = []
    if parts.experts and parts.experts != arch.num_experts:
        missed.append(Message("model_note.index_experts", experts=parts.experts))
    if parts.mla and arch.attention != "mla":
        missed.append(Message("model_note.index_part_mla"))
    if parts.mamba and not any(c.kind == "linear_state" for c in arch.cache):
        missed.append(Message("model_note.index_part_mamba"))
    if parts.vision and not arch.vision_params:
        missed.append(Message("model_note.index_part_vision"))
    return missed


def architecture_with_index(
    arch: ModelArchitecture, index: IndexSummary, quantized_as: str | None
) -> ModelArchitecture:
    """``arch`` (from config.json) with the weights' exact bytes from the index's total_size.

    ``metadata.total_size`` is the bytes of every tensor the shards hold, whatever the family:
    the checkpoint's stored weights, exactly, as the shards' headers would give them. The
    tensors a tensor-parallel rank holds whole (MLA down-projections) are not in the index by
    size: for a plain checkpoint they are worked out from their parameters; for a quantized
    one with such layers the config's reading is kept and the index only cross-checks it.

    Args:
        arch: The architecture read from config.json.
        index: The index beside it.
        quantized_as: The format the config's quantization names (``quantized`` for one the
            planner does not name), None for a config without one.
    """
    notes = _part_notes(arch, index.parts)
    plain = _PLAIN_DTYPES.get(arch.torch_dtype or "")
    quantized = quantized_as is not None or index.parts.quantized
    replicated = [g for g in arch.linear_groups if g.replicated]
    fmt: str | None = (quantized_as or "quantized") if quantized else (plain[0] if plain else None)
    mtp_stored = arch.mtp is not None and (
        index.parts.mtp or (index.parts.layers or 0) > arch.layers
    )
    kept: str | None = None
    if arch.checkpoint is not None:
        # The config's quantization is read as vLLM loads it (scales in the dtype vLLM gives
        # them, MTP layers left out), which the stored total cannot say: it only cross-checks.
        kept = Message(
            "model_note.index_layout", total=index.total_size, loaded=arch.checkpoint.total_bytes
        )
    elif mtp_stored:
        kept = Message("model_note.index_mtp", total=index.total_size)
    elif fmt is None or (quantized and replicated):
        kept = Message("model_note.index_not_used", total=index.total_size)
    if kept is not None:
        return replace(arch, notes=tuple(dict.fromkeys((*arch.notes, *notes, kept))))
    notes.insert(
        0, Message("model_note.index_total_size", total=index.total_size, tensors=index.tensors)
    )
    if not quantized and plain and arch.approximate is not None:
        # A family the planner cannot count: the index gives the exact parameter count of a
        # plain checkpoint (bytes / bytes per value), as the headers would; the difference goes
        # to the 16-bit "other" parameters, the layer layout still from the generic fields.
        diff = index.total_size // plain[1] - arch.params_total
        arch = replace(
            arch,
            other_params=arch.other_params + diff,
            other_active_params=max(arch.other_active_params + diff, 0),
            approximate=None,
        )
        notes.append(Message("model_note.counted_from_index", params=arch.params_total))
    whole = sum(g.params for g in replicated) * plain[1] if plain and replicated else 0
    return replace(
        arch,
        stored_bytes=index.total_size,
        stored_dtype=fmt,
        stored_whole_bytes=whole,
        notes=tuple(dict.fromkeys((*arch.notes, *notes))),
    )
