"""Build tests/fixtures/hf_configs/expected.json from the committed published configs.

Dev-only: needs the pinned transformers and torch of tests/oracle/requirements.txt in a
virtual environment of its own (see tests/oracle/README.md). Neither the test suite nor CI
runs it; the suite only reads the expected.json this script writes.

For every tests/fixtures/hf_configs/<name>/config.json the script
  * builds the architecture the config names on the meta device (no weights, no memory)
    in bfloat16, and counts its parameters (tied tensors once);
  * for mixture-of-experts models, derives the parameters one token uses: per layer, the
    routed experts' parameters are scaled by top_k / num_experts, everything else counts
    in full (shared experts, router, attention, embeddings, head);
  * runs a meta forward of 16, 8192, 32768 and 131072 tokens (batch 1, use_cache=True)
    and sums every tensor held by the returned transformers cache object (keys, values,
    convolution and recurrent states), per decoder layer and per layer kind. Where a
    forward at a length cannot run on the meta device or takes too long, the cache for
    that length is built by transformers' own DynamicCache for the config, fed meta
    key/value tensors of the shapes the 16-token forward produced (cache.update, layer
    by layer); states that do not grow with context are copied from the 16-token forward.
    Each entry's notes say which method produced which length.

Usage:
    python tests/oracle/make_expected.py [--only NAME ...] [--timeout SECONDS]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
import time
from pathlib import Path
from typing import Any

import torch
import transformers
from transformers import AutoConfig, DynamicCache
from transformers.cache_utils import get_layer_types_and_kwargs
from transformers.models.auto.configuration_auto import CONFIG_MAPPING_NAMES
from transformers.models.auto.modeling_auto import MODEL_FOR_CAUSAL_LM_MAPPING_NAMES

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "tests" / "fixtures" / "hf_configs"
EXPECTED = CONFIGS / "expected.json"
LENGTHS = (16, 8192, 32768, 131072)

# model_type values that ship remote code only, mapped to the native class the remote
# code subclasses (the published modeling file imports and extends it).
REMOTE_TO_NATIVE = {
    "kimi_k2": "deepseek_v3",
}

# Config keys a family uses for "experts one token is routed to".
TOP_K_KEYS = (
    "num_experts_per_tok",
    "experts_per_token",
    "num_experts_per_token",
    "moe_topk",
    "top_k_experts",
    "moe_k",
    "moe_top_k",
)

KIND_BY_LAYER_TYPE = {
    "full_attention": "full",
    "attention": "full",
    "sliding_attention": "sliding",
    "chunked_attention": "chunked",
    "linear_attention": "linear_state",
    "mamba": "mamba",
    "conv": "conv",
    "hybrid": "full+mamba",
    "dummy": "no_cache",
}


class ForwardTimeoutError(Exception):
    """Raised by the alarm when one forward takes too long."""


@contextlib.contextmanager
def time_limit(seconds: int):
    def _raise(signum, frame):  # noqa: ARG001
        raise ForwardTimeoutError(f"over {seconds} s")

    old = signal.signal(signal.SIGALRM, _raise)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def load_config(name: str) -> tuple[Any, dict[str, Any], list[str]]:
    """Return (transformers config, raw dict, notes) for one fixture directory."""
    raw = json.loads((CONFIGS / name / "config.json").read_text())
    notes: list[str] = []
    cfg = dict(raw)
    model_type = cfg.get("model_type")
    if model_type in REMOTE_TO_NATIVE:
        native = REMOTE_TO_NATIVE[model_type]
        notes.append(
            f"model_type {model_type!r} ships remote code subclassing the native {native!r}; "
            f"built as {native}"
        )
        cfg["model_type"] = native
    elif model_type not in CONFIG_MAPPING_NAMES:
        # A remote-code model_type whose `architectures` names a class transformers ships
        # (Tencent's "hunyuan" configs of HunYuanMoEV1ForCausalLM): built as that class, the
        # one vLLM also picks from `architectures`.
        native_types = {cls: t for t, cls in MODEL_FOR_CAUSAL_LM_MAPPING_NAMES.items()}
        for arch in cfg.get("architectures") or []:
            if arch in native_types:
                notes.append(
                    f"model_type {model_type!r} is remote code; its architecture {arch} is "
                    f"transformers' {native_types[arch]!r} class, built as that"
                )
                cfg["model_type"] = native_types[arch]
                if "head_dim" not in cfg and "attention_head_dim" in cfg:
                    # The remote code's name for it; vLLM's hunyuan_v1.py reads it the same way.
                    cfg["head_dim"] = cfg["attention_head_dim"]
                    notes.append("head_dim taken from attention_head_dim")
                break
    cfg.pop("auto_map", None)
    for key in ("quantization_config", "compression_config"):
        if key in cfg:
            cfg.pop(key)
            notes.append(f"{key} dropped: parameters are counted as logical (unquantized) weights")
    text = cfg.get("text_config")
    if isinstance(text, dict) and "quantization_config" in text:
        text.pop("quantization_config")
    config = AutoConfig.for_model(cfg.pop("model_type"), **cfg)
    return config, raw, notes


def model_class(config: Any, raw: dict[str, Any]):
    """The class the config's `architectures` names, else the one transformers maps its type to."""
    for arch in raw.get("architectures") or []:
        cls = getattr(transformers, arch, None)
        if cls is not None:
            return cls
    from transformers.models.auto import modeling_auto

    for mapping in (
        modeling_auto.MODEL_FOR_CAUSAL_LM_MAPPING_NAMES,
        modeling_auto.MODEL_FOR_IMAGE_TEXT_TO_TEXT_MAPPING_NAMES,
    ):
        name = mapping.get(config.model_type)
        if name and getattr(transformers, name, None) is not None:
            return getattr(transformers, name)
    raise RuntimeError(f"transformers has no model class for {config.model_type!r}")


def build(config: Any, raw: dict[str, Any]):
    cls = model_class(config, raw)
    note = None
    if cls.__name__ not in (raw.get("architectures") or []):
        archs = raw.get("architectures")
        note = f"architectures {archs} not in transformers; built as {cls.__name__}"
    config._attn_implementation = "eager"
    with torch.device("meta"):
        model = cls._from_config(config, dtype=torch.bfloat16)
    model.eval()
    return model, note


def expert_modules(model) -> list[tuple[str, torch.nn.Module, int]]:
    """Outermost routed-expert containers: (qualified name, module, number of experts)."""
    found: list[tuple[str, torch.nn.Module, int]] = []
    taken: list[str] = []
    for qname, module in model.named_modules():
        if any(qname.startswith(t + ".") for t in taken):
            continue
        cls = type(module).__name__
        leaf = qname.rsplit(".", 1)[-1]
        is_list = isinstance(module, torch.nn.ModuleList) and leaf == "experts"
        is_fused = cls.endswith("Experts") and "Shared" not in cls
        if not (is_list or is_fused):
            continue
        if is_list:
            count = len(module)
        else:
            count = getattr(module, "num_experts", None)
            if count is None:
                count = getattr(module, "num_local_experts", None)
            if count is None:
                count = next(iter(module.parameters())).shape[0]
        found.append((qname, module, int(count)))
        taken.append(qname)
    return found


def top_k_of(config: Any) -> int | None:
    text = config.get_text_config(decoder=True)
    for holder in (text, config):
        for key in TOP_K_KEYS:
            value = getattr(holder, key, None)
            if isinstance(value, list) and value and len(set(value)) == 1:
                value = value[0]  # one per layer (HunYuan's moe_topk), the same for all
            if isinstance(value, int) and value > 0:
                return value
    return None


def count_params(model) -> int:
    return sum(p.numel() for p in model.parameters())


def params_text(model) -> int | None:
    """The language model alone (its decoder plus the output head), for multimodal models."""
    lm = language_model(model)
    if lm is None:
        return None
    ids = {id(p) for p in lm.parameters()}
    total = sum(p.numel() for p in lm.parameters())
    head = model.get_output_embeddings()
    if head is not None:
        total += sum(p.numel() for p in head.parameters() if id(p) not in ids)
    return total


def mtp_note(config: Any) -> str | None:
    text = config.get_text_config(decoder=True)
    for key in ("num_nextn_predict_layers", "mtp_num_hidden_layers", "num_mtp_layers"):
        value = getattr(text, key, None)
        if isinstance(value, int) and value > 0:
            return (
                f"config declares {key}={value}: transformers builds no multi-token-prediction "
                "layers, so they are not in params_total"
            )
    return None


def decoder_layers(model, count: int) -> torch.nn.ModuleList | None:
    """The ModuleList of `count` decoder layers inside the model, if one is found."""
    for qname, module in model.named_modules():
        is_list = isinstance(module, torch.nn.ModuleList)
        if qname.endswith("layers") and is_list and len(module) == count:
            return module
    return None


def layer_kinds(config: Any, model) -> list[str]:
    """One kind per decoder layer, from transformers' own per-layer cache types.

    transformers calls every recurrent layer "linear_attention"; a layer whose mixer is a Mamba
    block is reported as "mamba" (Gated DeltaNet and other linear attention stay "linear_state").
    """
    text = config.get_text_config(decoder=True)
    types, _ = get_layer_types_and_kwargs(text)
    kinds = [KIND_BY_LAYER_TYPE.get(t, t) for t in types]
    if getattr(text, "kv_lora_rank", None):
        kinds = ["mla" if k == "full" else k for k in kinds]
    layers = decoder_layers(model, len(kinds))
    if layers is not None:
        for i, kind in enumerate(kinds):
            if kind == "linear_state":
                names = {type(m).__name__ for m in layers[i].modules()}
                if any("Mamba" in n for n in names):
                    kinds[i] = "mamba"
    return kinds


def tensor_bytes(obj: Any) -> int:
    if isinstance(obj, torch.Tensor):
        return obj.numel() * obj.element_size() if obj.dim() > 0 else 0
    if isinstance(obj, dict):
        return sum(tensor_bytes(v) for v in obj.values())
    if isinstance(obj, (list, tuple)):
        return sum(tensor_bytes(v) for v in obj)
    return 0


def tensor_dtypes(obj: Any, out: set[str]) -> None:
    if isinstance(obj, torch.Tensor):
        if obj.dim() > 0:
            out.add(str(obj.dtype).removeprefix("torch."))
    elif isinstance(obj, dict):
        for v in obj.values():
            tensor_dtypes(v, out)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            tensor_dtypes(v, out)


def cache_layer_dtypes(cache: Any, kinds: list[str]) -> dict[str, dict[str, str]]:
    """Per layer kind, the dtype of each tensor attribute the cache layers hold."""
    found: dict[str, dict[str, set[str]]] = {}
    for kind, layer in zip(kinds, cache.layers, strict=True):
        for attr, value in vars(layer).items():
            if attr.startswith("_"):
                continue
            dtypes: set[str] = set()
            tensor_dtypes(value, dtypes)
            if dtypes:
                found.setdefault(kind, {}).setdefault(attr, set()).update(dtypes)
    return {
        kind: {attr: ",".join(sorted(d)) for attr, d in attrs.items()}
        for kind, attrs in found.items()
    }


def cache_layer_bytes(cache: Any) -> list[dict[str, int]]:
    """Per cache layer, the bytes of each tensor attribute it holds (keys, values, states)."""
    out = []
    for layer in cache.layers:
        parts: dict[str, int] = {}
        for attr, value in vars(layer).items():
            if attr.startswith("_"):
                continue
            size = tensor_bytes(value)
            if size:
                parts[attr] = size
        out.append(parts)
    return out


def add_layer(per_kind: dict[str, int], kind: str, parts: dict[str, int]) -> None:
    """Add one layer's bytes to its kind; a parallel hybrid layer to its two kinds.

    A Falcon-H1 layer ("hybrid", here "full+mamba") runs attention and a Mamba-2 mixer side by
    side and holds both caches: its keys and values count as "full", its convolution and
    recurrent states as "mamba", so each part is compared on its own.
    """
    if kind != "full+mamba":
        per_kind[kind] = per_kind.get(kind, 0) + sum(parts.values())
        return
    for attr, size in parts.items():
        part = "full" if attr in ("keys", "values") else "mamba"
        per_kind[part] = per_kind.get(part, 0) + size


def language_model(model):
    """The text decoder inside a multimodal model, or None."""
    for holder in (model, getattr(model, "model", None)):
        lm = getattr(holder, "language_model", None) if holder is not None else None
        if isinstance(lm, torch.nn.Module):
            return lm
    return None


def run_forward(model, length: int):
    ids = torch.zeros((1, length), dtype=torch.long, device="meta")
    with torch.no_grad():
        out = model(input_ids=ids, use_cache=True)
    cache = getattr(out, "cache", None)
    if cache is None:
        cache = getattr(out, "past_key_values", None)
    if cache is None:
        raise RuntimeError("forward returned no cache object")
    return cache


def cache_by_update(config: Any, small: Any, length: int):
    """transformers' DynamicCache for the config, fed meta K/V of `length` tokens per layer."""
    cache = DynamicCache(config=config)
    for idx, (layer, ref) in enumerate(zip(cache.layers, small.layers, strict=True)):
        keys = getattr(ref, "keys", None)
        values = getattr(ref, "values", None)
        if isinstance(keys, torch.Tensor) and keys.dim() == 4:
            k = torch.empty(
                (*keys.shape[:2], length, keys.shape[3]), dtype=keys.dtype, device="meta"
            )
            v = torch.empty(
                (*values.shape[:2], length, values.shape[3]), dtype=values.dtype, device="meta"
            )
            cache.update(k, v, idx)
        for attr in ("conv_states", "recurrent_states"):
            if hasattr(ref, attr):
                setattr(layer, attr, getattr(ref, attr))
    return cache


def patch_experts(model) -> int:
    """Replace routed-expert compute by zeros: on meta, data-dependent expert dispatch
    cannot run, and expert outputs do not change any cache tensor's shape."""
    patched = 0
    for _, module, _ in expert_modules(model):

        def fake(*args, **kwargs):
            return torch.zeros_like(args[0])

        module.forward = fake
        patched += 1
    return patched


def measure(name: str, timeout: int) -> dict[str, Any]:
    config, raw, notes = load_config(name)
    model, class_note = build(config, raw)
    if class_note:
        notes.append(class_note)
    total = count_params(model)
    experts = expert_modules(model)
    active: int | None = None
    if experts:
        k = top_k_of(config)
        if k is None:
            raise RuntimeError("MoE model without a top-k field")
        routed = 0
        unused = 0
        for _, module, count in experts:
            p = sum(x.numel() for x in module.parameters())
            routed += p
            unused += p - (p * k) // count
        active = total - unused
        notes.append(
            f"params_active = total - sum over {len(experts)} routed-expert blocks of "
            f"expert_params * (1 - {k}/num_experts); routed expert params = {routed}"
        )
    entry: dict[str, Any] = {
        "model_type": raw.get("model_type"),
        "params_total": total,
        "params_active": active,
    }
    pt = params_text(model)
    if pt is not None and pt != total:
        entry["params_text"] = pt
        notes.append(
            f"params_total = whole {type(model).__name__} (language model + vision/audio towers "
            "+ projectors); params_text = its language model plus output head"
        )
    mtp = mtp_note(config)
    if mtp:
        notes.append(mtp)
    kinds = layer_kinds(config, model)
    entry["layer_kinds"] = kinds
    text = config.get_text_config(decoder=True)
    windows = {getattr(text, "sliding_window", None), getattr(text, "attention_chunk_size", None)}
    windows.discard(None)
    used_window = None
    if "sliding" in kinds and getattr(text, "sliding_window", None):
        used_window = text.sliding_window
    elif "chunked" in kinds and getattr(text, "attention_chunk_size", None):
        used_window = text.attention_chunk_size
    entry["window"] = used_window

    patched = patch_experts(model) if experts else 0
    if patched:
        notes.append("routed-expert forward replaced by zeros on meta (no effect on cache shapes)")
    cache_entries: dict[str, Any] = {}
    methods: list[str] = []
    small = None
    runner = model
    try:
        with time_limit(timeout):
            run_forward(model, LENGTHS[0])
    except Exception as exc:  # noqa: BLE001
        lm = language_model(model)
        if lm is None:
            raise
        runner = lm
        notes.append(
            f"whole-model text-only forward failed ({type(exc).__name__}: {str(exc)[:80]}); "
            f"cache measured by a forward of its language model ({type(lm).__name__})"
        )
    for length in LENGTHS:
        start = time.monotonic()
        method = "forward"
        try:
            with time_limit(timeout):
                cache = run_forward(runner, length)
        except Exception as exc:  # noqa: BLE001
            if small is None:
                raise
            method = f"cache.update ({type(exc).__name__})"
            cache = cache_by_update(config, small, length)
        if length == LENGTHS[0]:
            small = cache
            entry["cache_tensor_dtypes"] = cache_layer_dtypes(cache, kinds)
        per_layer = cache_layer_bytes(cache)
        if len(per_layer) != len(kinds):
            raise RuntimeError(f"{len(per_layer)} cache layers vs {len(kinds)} layer kinds")
        per_kind: dict[str, int] = {}
        for kind, parts in zip(kinds, per_layer, strict=True):
            add_layer(per_kind, kind, parts)
        cache_entries[str(length)] = {
            "transformers_bytes": sum(per_kind.values()),
            "per_kind": per_kind,
        }
        methods.append(f"{length}:{method} {time.monotonic() - start:.1f}s")
        del cache
    entry["cache"] = cache_entries
    notes.append("cache method per length: " + ", ".join(methods))
    notes.append("cache dtype bfloat16, batch 1, eager attention, meta device")
    entry["notes"] = "; ".join(notes)
    entry["transformers_version"] = transformers.__version__
    entry["torch_version"] = torch.__version__
    return entry


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="fixture names to (re)compute")
    parser.add_argument("--timeout", type=int, default=240, help="seconds per forward")
    args = parser.parse_args(argv)
    expected = json.loads(EXPECTED.read_text()) if EXPECTED.exists() else {}
    names = sorted(p.parent.name for p in CONFIGS.glob("*/config.json"))
    if args.only:
        names = [n for n in names if n in args.only]
    else:
        expected = {k: v for k, v in expected.items() if k in names}
    failures: dict[str, str] = {}
    for name in names:
        start = time.monotonic()
        try:
            expected[name] = measure(name, args.timeout)
            print(f"{name}: ok {time.monotonic() - start:.1f}s", flush=True)
        except Exception as exc:  # noqa: BLE001
            failures[name] = f"{type(exc).__name__}: {exc}"
            print(f"{name}: FAILED {failures[name][:300]}", flush=True)
        EXPECTED.write_text(json.dumps(dict(sorted(expected.items())), indent=1) + "\n")
    for name, why in failures.items():
        print(f"not built: {name}: {why[:300]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
