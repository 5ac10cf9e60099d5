"""Which exclusion-list entries of a ``quantization_config`` name a model's MTP layers.

A quantized checkpoint lists the modules it keeps in 16-bit (``modules_to_not_convert``,
``ignored_layers``, compressed-tensors ``ignore``). Published lists name the multi-token-
prediction layers the way the checkpoint and vLLM's draft model name them, which is not how
they name the decoder's layers:

- DeepSeek-V3/R1/V3.2, Kimi K2, GLM-4.5/4.6/4.7 and GLM-5 number them after the decoder:
  vLLM's ``DeepSeekMultiTokenPredictor`` builds layer ``num_hidden_layers + i`` with the prefix
  ``model.layers.{num_hidden_layers + i}`` and its decoder block under the same prefix, so the
  quantization config sees ``model.layers.61.self_attn.q_a_proj`` for DeepSeek-V3
  (``vllm/model_executor/models/deepseek_mtp.py`` at 03356f8cb59b; ``glm4_moe_mtp.py`` follows
  it). Its ``eh_proj`` is a plain ``nn.Linear``: 16-bit whatever the list says.
- Qwen3-Next and Qwen3.5 prefix them with ``mtp``: ``Qwen3NextMultiTokenPredictor`` is built
  under ``mtp``, its layers as ``mtp.layers.{i}`` and its projection as ``mtp.fc``, a
  ``ColumnParallelLinear`` built with the quantization config, so ``fc`` is quantized unless
  the list names it (``qwen3_next_mtp.py`` at 055e47c28003; ``qwen3_5_mtp.py`` likewise).

vLLM skips a module whose full name is in the list (``is_layer_skipped`` in
``vllm/model_executor/layers/quantization/utils/quant_utils.py`` at 01693a61cbed) and a fused
MoE whose ``...mlp.experts`` prefix an entry contains. The planner reads an entry as naming a
module and everything under it; glob entries (``mtp*``, ``model.layers.61*``: ModelOpt's
``exclude_modules`` spelling) match with :func:`fnmatch.fnmatchcase`. Families whose MTP naming
is not written here (Nemotron-H, MiMo-V2, DeepSeek-V4) have no :class:`MtpNames`: an entry that
names their MTP layers leaves the MTP storage unread, and the caller says so.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from core.model.architecture import LinearGroup

# Group names of the MTP layers while the checkpoint layout is read beside the decoder's: the
# same matrices (``experts.up_proj``) are stored in another precision when the list names them.
MTP_GROUP = "mtp:"
# The projection of [embedding, hidden] (core.model.mtp.MTP_EH_PROJ), under its MTP group name.
_PROJ = MTP_GROUP + "mtp.eh_proj"
_LAYER_INDEX = re.compile(r"(?:^|\.)layers\.(\d+)(?:\.|\*|$)")
# Where the planner's group names (core.model.families) sit in a Hugging Face decoder layer.
_PATHS = {"experts": "mlp.experts", "shared_experts": "mlp.shared_experts"}
_PATHS |= {"shared_expert": "mlp.shared_expert", "dense_mlp": "mlp"}


@dataclass(frozen=True)
class MtpNames:
    """How a family's checkpoint and vLLM's draft name the MTP layers' modules.

    Attributes:
        layers: The module prefix of each MTP layer (``model.layers.61``, ``mtp.layers.0``).
        projs: The module name of each [embedding, hidden] projection.
        proj_quantized: Whether vLLM builds the projection with the quantization config
            (Qwen's ``fc``) rather than as a 16-bit ``nn.Linear`` (DeepSeek's ``eh_proj``).
    """

    layers: tuple[str, ...]
    projs: tuple[str, ...]
    proj_quantized: bool


_NUMBERED_AFTER = frozenset(
    {"deepseek_v2", "deepseek_v3", "deepseek_v32", "kimi_k2", "glm4_moe", "glm_moe_dsa"}
)
_MTP_PREFIXED = frozenset(
    {"qwen3_next", "qwen3_5", "qwen3_5_text", "qwen3_5_moe", "qwen3_5_moe_text"}
)


def mtp_names(family: str, decoder_layers: int, mtp_layers: int) -> MtpNames | None:
    """The MTP module names of ``family``, or None when the planner does not know them."""
    if family in _NUMBERED_AFTER:
        layers = tuple(f"model.layers.{decoder_layers + i}" for i in range(mtp_layers))
        return MtpNames(layers, tuple(f"{p}.eh_proj" for p in layers), proj_quantized=False)
    if family in _MTP_PREFIXED:
        layers = tuple(f"mtp.layers.{i}" for i in range(mtp_layers))
        return MtpNames(layers, ("mtp.fc",), proj_quantized=True)
    return None


def as_mtp_groups(groups: Iterable[LinearGroup]) -> tuple[LinearGroup, ...]:
    """``groups`` renamed as MTP groups, kept apart from the decoder's of the same name."""
    return tuple(replace(g, name=MTP_GROUP + g.name) for g in groups)


def is_mtp_group(group: LinearGroup) -> bool:
    """Whether ``group`` is one of :func:`as_mtp_groups`."""
    return group.name.startswith(MTP_GROUP)


def names_mtp(pattern: str, decoder_layers: int) -> bool:
    """Whether an exclusion entry names a module outside the decoder's layers.

    ``mtp...`` (Qwen, Nemotron-H) and ``model.layers.N...`` with N at or past the decoder's
    layer count (DeepSeek, GLM) name MTP layers; the decoder's layout leaves them out.
    """
    body = pattern[3:] if pattern.startswith("re:") else pattern
    if body.startswith(("mtp", "model.mtp")):
        return True
    found = _LAYER_INDEX.search(body)
    return found is not None and int(found.group(1)) >= decoder_layers


def module_path(name: str) -> str:
    """The module path of a linear group inside a decoder layer (``mlp.experts.gate_proj``)."""
    head, _, rest = name.partition(".")
    return f"{_PATHS[head]}.{rest}" if head in _PATHS else name


def layer_paths(name: str) -> list[str]:
    """A group's module paths inside a layer, one per expert for experts 0 and 1."""
    head, _, rest = name.partition(".")
    if head == "experts":
        return [f"{_PATHS[head]}.{e}.{rest}" for e in (0, 1)]
    return [module_path(name)]


def mtp_module_names(group: LinearGroup, names: MtpNames) -> list[str]:
    """Full module names of an MTP group in every MTP layer, for experts 0 and 1."""
    if group.name == _PROJ:
        return list(names.projs)
    paths = layer_paths(group.name.removeprefix(MTP_GROUP))
    return [f"{layer}.{path}" for layer in names.layers for path in paths]


def entry_names(pattern: str, module: str) -> bool:
    """Whether a ``modules_to_not_convert`` / ``ignored_layers`` entry names ``module``.

    The entry names the module itself or a parent of it; an entry with ``*``, ``?`` or ``[``
    is a glob (ModelOpt's ``exclude_modules`` spelling, the planner's ``model.layers.*.x``).
    """
    if any(c in pattern for c in "*?["):
        return fnmatch.fnmatchcase(module, pattern) or fnmatch.fnmatchcase(module, pattern + ".*")
    return module == pattern or module.startswith(pattern + ".")


def kept_mtp(
    groups: Iterable[LinearGroup],
    names: MtpNames | None,
    patterns: list[str],
    matches: Callable[[str, str], bool],
    follows: Iterable[str],
    names_unknown: Callable[[str], bool],
) -> set[str] | None:
    """The MTP groups among ``groups`` that exclusion entries keep 16-bit; None when unread.

    With the family's naming (``names``), each group is judged by its modules' names
    (:func:`kept_mtp_groups`). Without it, an MTP group follows the decoder's group of the same
    name (kept when that name is in ``follows``), unless an entry names the MTP layers
    (``names_unknown``), which the planner cannot place: then the MTP storage is not read.
    """
    mtp_groups = [g for g in groups if is_mtp_group(g)]
    if not mtp_groups:
        return set()
    if names is None:
        if any(names_unknown(p) for p in patterns):
            return None
        followed = set(follows)
        return {g.name for g in mtp_groups if g.name.removeprefix(MTP_GROUP) in followed}
    return kept_mtp_groups(mtp_groups, names, patterns, matches)


def kept_mtp_groups(
    groups: Iterable[LinearGroup],
    names: MtpNames,
    patterns: list[str],
    matches: Callable[[str, str], bool],
) -> set[str] | None:
    """The MTP groups every one of whose modules an entry names; None when one is split.

    ``eh_proj`` stays 16-bit when vLLM builds it as a plain ``nn.Linear``.
    """
    kept: set[str] = set()
    for group in groups:
        if not is_mtp_group(group):
            continue
        if group.name == _PROJ and not names.proj_quantized:
            kept.add(group.name)
            continue
        hits = [any(matches(p, m) for p in patterns) for m in mtp_module_names(group, names)]
        if all(hits):
            kept.add(group.name)
        elif any(hits):
            return None
    return kept
