"""Resolve a request's model reference: bundled preset, ``config.json``, safetensors, or numbers.

Language-model presets live in ``resources/models/llm/<id>.json`` as the fields of the model's
published ``config.json``; diffusion presets in ``resources/models/diffusion/<id>.json`` are
handed to :func:`core.capacity.diffusion.load_pipeline`.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from core.base.errors import ModelSourceError, NotFoundError
from core.base.resources import resource_path
from core.domain.request import CUSTOM_MODEL_NAME, CustomModel, ModelRef
from core.model.architecture import LinearGroup, ModelArchitecture
from core.model.checkpoint_formats import modelopt_quantization
from core.model.config_json import loads_config
from core.model.model_config import architecture_from_config, load_config_file
from core.texts.messages import Message

if TYPE_CHECKING:
    from core.model.diffusion_pipeline import DiffusionPipeline

    ResolvedModel: TypeAlias = ModelArchitecture | DiffusionPipeline
    """What a request's model resolves to: a language model or a diffusion pipeline."""

PresetKind = Literal["llm", "diffusion"]

# Llama 2 tokenizer size, used for logits memory when a custom model gives no vocabulary.
_DEFAULT_VOCAB = 32000
# Width/depth ratio assumed when neither is given: Llama 2 7B has 4096 / 32 = 128, and Kaplan et
# al. 2020 (fig. 5) find loss nearly flat for d_model / n_layer between about 20 and 200.
_ASPECT_RATIO = 128
_HEAD_DIM = 128  # Llama, Mistral, Qwen2 and most current models


@dataclass(frozen=True)
class PresetInfo:
    """A bundled model preset as a picker lists it."""

    id: str
    name: str
    kind: PresetKind


@dataclass(frozen=True)
class _PresetFile:
    info: PresetInfo
    path: Path


def _read_json_object(path: Path) -> dict[str, Any]:
    try:
        # A preset holds a published config.json, NaN and Infinity included
        # (core.model.config_json).
        data = loads_config(path.read_text("utf-8"), source=path.name)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ModelSourceError(
            Message("models.cannot_read", path=path.name, reason=str(error))
        ) from None
    if not isinstance(data, dict):
        raise ModelSourceError(Message("models.not_an_object", path=path.name))
    return data


@functools.cache
def _preset_paths() -> dict[str, tuple[PresetKind, Path]]:
    """Every bundled preset file by its id, the file's name: found without reading any file."""
    paths: dict[str, tuple[PresetKind, Path]] = {}
    kinds: tuple[PresetKind, ...] = ("llm", "diffusion")
    for kind in kinds:
        folder = resource_path("models", kind)
        if folder.is_dir():
            for path in sorted(folder.glob("*.json")):
                paths[path.stem] = (kind, path)
    return paths


def _preset_file(preset_id: str) -> _PresetFile | None:
    """The preset named ``preset_id``, or None when no bundled file has that name.

    A request reads the one preset it names, not every preset (reading all of them was 1 % of a
    one-request ``estimate``); the cache holds bundled presets only, whatever ids requests give.
    """
    return _read_preset(preset_id) if preset_id in _preset_paths() else None


@functools.cache
def _read_preset(preset_id: str) -> _PresetFile:
    kind, path = _preset_paths()[preset_id]
    data = _read_json_object(path)
    name = data.get("name")
    if data.get("id") != path.stem or not isinstance(name, str):
        raise ModelSourceError(Message("models.needs_id", path=path.name, stem=path.stem))
    return _PresetFile(PresetInfo(path.stem, name, kind), path)


def list_presets() -> list[PresetInfo]:
    """All bundled presets, language models first, each group sorted by name."""
    infos = [_read_preset(preset_id).info for preset_id in _preset_paths()]
    return sorted(infos, key=lambda p: (p.kind != "llm", p.name.lower()))


@functools.cache
def load_preset(preset_id: str) -> ModelArchitecture:
    """The architecture of a bundled language-model preset (read once, then cached).

    Raises:
        NotFoundError: No language-model preset has this id.
        ModelSourceError: The preset file is broken.
    """
    preset = _preset_file(preset_id)
    if preset is None or preset.info.kind != "llm":
        raise _unknown(preset_id)
    data = _read_json_object(preset.path)
    config = data.get("config")
    if not isinstance(config, dict):
        raise ModelSourceError(Message("models.no_config", path=preset.path.name))
    return architecture_from_config(
        config, model_id=preset_id, name=preset.info.name, source="preset"
    )


def _unknown(preset_id: str) -> NotFoundError:
    valid = ", ".join(sorted(_preset_paths()))
    return NotFoundError(
        Message("models.unknown_preset", preset_id=preset_id, valid=valid), field="model.preset"
    )


def _diffusion(preset_id: str) -> DiffusionPipeline:
    from core.model.diffusion_pipeline import load_pipeline  # seam: LLM-only runs skip diffusion

    return load_pipeline(preset_id)


def resolve_model(ref: ModelRef) -> ResolvedModel:
    """The model a request refers to.

    Returns:
        A :class:`ModelArchitecture` for a language model, or the diffusion pipeline object
        :func:`core.capacity.diffusion.load_pipeline` returns for a diffusion preset.

    Raises:
        NotFoundError: The preset id is unknown (the message lists the valid ones).
        ModelSourceError: A file cannot be read or understood.
    """
    if ref.preset is not None:
        preset = _preset_file(ref.preset)
        if preset is None:
            raise _unknown(ref.preset)
        if preset.info.kind == "diffusion":
            return _diffusion(ref.preset)
        return load_preset(ref.preset)
    if ref.hf_config is not None:
        path = Path(ref.hf_config)
        config = load_config_file(path)
        # A saved config may name its origin (a hub id or a local folder); keep its last part.
        label = config.get("_name_or_path")
        name = Path(label).name if isinstance(label, str) and Path(label).name else ""
        # config.json is named by its folder (".../Llama-2-7b-hf/config.json"), any other file
        # by its own name.
        resolved = path.resolve()
        name = name or (resolved.parent.name if path.name == "config.json" else resolved.stem)
        arch = architecture_from_config(config, model_id=name, name=name, source="hf_config")
        arch = _note_modelopt(arch, config, resolved.parent)
        return _with_index(arch, config, resolved.parent)
    # The file readers are imported here: a preset or a config.json never needs them.
    if ref.safetensors is not None:
        from core.model.safetensors_model import architecture_from_safetensors  # seam: one reader

        return architecture_from_safetensors(ref.safetensors)
    if ref.gguf is not None:
        from core.model.gguf_model import architecture_from_gguf  # seam: one reader per source

        return architecture_from_gguf(ref.gguf)
    assert ref.custom is not None  # ModelRef guarantees exactly one source
    return custom_architecture(ref.custom)


# NVIDIA ModelOpt's exports (the FP8 and NVFP4 releases of Nemotron, Llama, DeepSeek, Qwen) may
# describe their quantization in this file beside config.json instead of a quantization_config
# (vLLM's ModelOptFp8Config / ModelOptNvFp4Config read it: ``get_config_filenames``).
MODELOPT_SIDECAR = "hf_quant_config.json"


def _note_modelopt(
    arch: ModelArchitecture, config: dict[str, Any], folder: Path
) -> ModelArchitecture:
    """``arch`` counted as the ModelOpt quantization in ``folder``'s hf_quant_config.json stores it.

    The file's ``quantization`` block (``quant_algo``, ``group_size``, ``exclude_modules``) is
    read as vLLM reads it, as a ``quant_method: modelopt`` quantization_config
    (:func:`core.model.checkpoint_formats.modelopt_quantization`). A file that cannot be read, or a
    layout the planner does not count, leaves the weights at the request's precision with a note
    that says so instead of presenting that as the checkpoint's storage.
    """
    sidecar = folder / MODELOPT_SIDECAR
    if "quantization_config" in config or not sidecar.is_file():
        return arch
    try:
        quantization = modelopt_quantization(load_config_file(sidecar))
    except ModelSourceError:
        quantization = None
    if quantization is not None:
        read = architecture_from_config(
            {**config, "quantization_config": quantization},
            model_id=arch.id,
            name=arch.name,
            source="hf_config",
        )
        if read.checkpoint is not None:
            note = Message(
                "model_note.modelopt_read",
                file=MODELOPT_SIDECAR,
                algo=str(quantization["quant_algo"]),
            )
            return replace(read, notes=(*read.notes, note))
    note = Message("model_note.modelopt_not_read", file=MODELOPT_SIDECAR)
    return replace(arch, notes=(*arch.notes, note))


def _with_index(arch: ModelArchitecture, config: dict[str, Any], folder: Path) -> ModelArchitecture:
    """``arch`` with the exact bytes of a ``model.safetensors.index.json`` beside its config.

    A metadata-only download (config.json and the index, no shards) still has the checkpoint's
    ``metadata.total_size``: :func:`core.model.safetensors_model.architecture_with_index` uses it.
    """
    from core.model.safetensors_model import (  # seam: only a checkpoint index needs it
        INDEX_NAME,
        architecture_with_index,
        declared_format,
        read_index,
    )

    index_path = folder / INDEX_NAME
    if not index_path.is_file():
        return arch
    index = read_index(index_path)
    if index is None:
        return arch
    quantized_as = declared_format(config)
    if quantized_as is None and arch.checkpoint is not None:
        quantized_as = arch.checkpoint.formats[0]  # hf_quant_config.json beside it (ModelOpt)
    return architecture_with_index(arch, index, quantized_as)


def _round_to(value: float, step: int) -> int:
    return max(step, int(round(value / step)) * step)


def custom_architecture(custom: CustomModel) -> ModelArchitecture:
    """A model described only by numbers; ``params_total`` equals ``custom.params`` exactly.

    Embeddings are vocab × hidden when both are given; everything else is one group of
    hidden × hidden block matrices, with the remainder (smaller than one matrix) among the
    other parameters. Every field not given is assumed and noted.
    """
    params = custom.params
    assumed: list[str] = []
    notes: list[str] = []
    layers, hidden = custom.layers, custom.hidden_size
    # Kaplan et al. 2020: non-embedding parameters N ≈ 12 · n_layer · d_model².
    if hidden is None:
        if layers is None:
            hidden = _round_to((_ASPECT_RATIO * params / 12) ** (1 / 3), 128)
        else:
            hidden = _round_to(math.sqrt(params / (12 * layers)), 128)
        assumed.append(f"hidden_size {hidden} (N ≈ 12 · layers · hidden²)")
    if layers is None:
        layers = max(1, round(params / (12 * hidden * hidden)))
        assumed.append(f"layers {layers}")
    heads, kv = custom.attention_heads, custom.kv_heads
    if heads is None:
        heads = max(1, hidden // (custom.head_dim or _HEAD_DIM))
        if kv is not None and heads % kv:
            # Each KV head serves an equal group of attention heads (the request refuses typed
            # heads that the KV heads do not divide): assume the nearest multiple.
            heads = kv * max(1, round(heads / kv))
        assumed.append(f"attention_heads {heads}")
    if kv is None:
        kv = heads
        assumed.append("kv_heads = attention_heads (no GQA)")
    head_dim = custom.head_dim
    if head_dim is None:
        head_dim = max(1, hidden // heads)
        assumed.append(f"head_dim {head_dim}")
    ff = custom.intermediate_size
    if ff is None:
        ff = 4 * hidden  # Vaswani et al. 2017: d_ff = 4 · d_model
        assumed.append(f"intermediate_size {ff}")
    vocab = custom.vocab_size
    embedding = 0
    if vocab is not None and custom.hidden_size is not None:
        embedding = vocab * hidden
        if embedding >= params:
            raise ModelSourceError(
                Message("error.custom_embeddings", embedding=embedding, params=params),
                field="model.custom",
            )
    if vocab is None:
        vocab = _DEFAULT_VOCAB
        assumed.append(f"vocab_size {vocab}")
    if assumed:
        notes.insert(0, Message("model_note.custom_assumed", assumed=", ".join(assumed)))
    if custom.layers is None:
        notes.append(Message("model_note.custom_no_layers"))

    rest = params - embedding
    in_f = min(hidden, rest)
    out_f = min(hidden, rest // in_f)
    unit = in_f * out_f
    count = rest // unit
    other = rest - unit * count
    active_count, other_active = count, other
    if custom.active_params is not None:
        active_rest = custom.active_params - embedding
        if active_rest < 0:
            raise ModelSourceError(
                Message("error.custom_active", active=custom.active_params, embedding=embedding),
                field="model.custom.active_params",
            )
        active_count = min(count, active_rest // unit)
        other_active = active_rest - unit * active_count
        notes.append(Message("model_note.custom_active", active=custom.active_params))
    return ModelArchitecture(
        id="custom",
        name=CUSTOM_MODEL_NAME.format(params=params),
        model_type="custom",
        source="custom",
        layers=layers,
        hidden_size=hidden,
        attention_heads=heads,
        kv_heads=kv,
        head_dim=head_dim,
        intermediate_size=ff,
        vocab_size=vocab,
        embedding_params=embedding,
        lm_head_params=0,
        linear_groups=(LinearGroup("blocks", in_f, out_f, count, active_count),),
        other_params=other,
        other_active_params=other_active,
        attention="mha" if kv == heads else ("mqa" if kv == 1 else "gqa"),
        largest_layer_params=-(-rest // layers) if custom.layers is not None else 0,
        notes=tuple(notes),
    )
