"""Multi-token-prediction layers, loaded and cached when a server drafts tokens with them.

A checkpoint with MTP layers stores them beside the decoder; vLLM skips them unless speculative
decoding uses them (``--speculative-config '{"method": "mtp", "num_speculative_tokens": N}'``).
Then it loads them as a draft model (``SpeculativeConfig.hf_config_override`` in
``vllm/config/speculative.py`` maps each family to its draft class), shares the target's
embedding and LM head with it instead of keeping the layers' own copies
(``vllm/v1/spec_decode/llm_base_proposer.py``: "Detected MTP model. Sharing target model
embedding weights with the draft model", the draft's ``lm_head`` and every MTP layer's
``shared_head.head`` replaced by the target's), and gives each MTP layer's attention a KV cache
in the same pool as the decoder's: the draft's attention layers join the KV cache
specification, so every cached token holds one more layer's entry per MTP layer. The N draft
steps reuse the MTP layers in turn (``spec_step_idx % num_mtp_layers``), so N does not multiply
the layers or their cache. The draft of each family (``vllm/model_executor/models/``):

- DeepSeek-V3/R1/V3.2 and GLM-5 (``deepseek_mtp.py``) and GLM-4.5/4.6 (``glm4_moe_mtp.py``):
  ``enorm``, ``hnorm``, ``eh_proj`` (an ``nn.Linear`` of 2h × h, whole on every rank), the
  shared head's norm and one decoder layer of the model's MoE kind, all from
  ``num_nextn_predict_layers`` (:mod:`core.model.families.deepseek`,
  :mod:`core.model.families.decoder`);
- Qwen3-Next (``qwen3_next_mtp.py``, ``num_nextn_predict_layers``, 1 when absent as in the
  published configs) and Qwen3.5 (``qwen3_5_mtp.py``, ``mtp_num_hidden_layers``):
  ``pre_fc_norm_embedding``, ``pre_fc_norm_hidden``, ``fc`` (a column-parallel 2h × h),
  ``norm`` and full-attention decoder layers (``layer_type="full_attention"``, never Gated
  DeltaNet: a KV cache per token, no recurrent state) with the feed-forward of layer 0;
- DeepSeek-V4 (``deepseek_v4_mtp.py``): ``enorm``, ``hnorm``, ``e_proj`` and ``h_proj`` (h × h
  each, fp8 ``ReplicatedLinear``), a float32 hyper-connection head and one decoder layer of the
  kind its ``compress_ratios`` entry names (:mod:`core.model.families.deepseek_v4`);
- Nemotron-H / Nemotron 3 (``nemotron_h_mtp.py``, when ``num_nextn_predict_layers`` is 1):
  one decoder layer per character of ``mtp_hybrid_override_pattern`` (Nemotron 3 Super's "*E":
  an attention layer with ``enorm``, ``hnorm`` and a column-parallel ``eh_proj``, then a
  latent-MoE layer with ``final_layernorm``); configs without the key (Nemotron 3 Nano,
  Nemotron-H) have no draft and nothing is counted (:mod:`core.model.families.hybrid`);
- MiMo-V2-Flash (``mimo_v2_mtp.py``): the first of the checkpoint's three MTP layers, with the
  sliding-window attention (its window cached like the decoder's window layers), the dense MLP,
  ``enorm``, ``hnorm``, ``final_layernorm`` and a bf16 ``ReplicatedLinear`` ``eh_proj``
  (:mod:`core.model.families.moe`).

vLLM has no MTP draft for MiniMax-M2 (``hf_config_override`` maps no ``minimax_m2``), and its
published checkpoints store no MTP weights although their configs declare ``num_mtp_modules``
(Hugging Face's safetensors parameter totals of MiniMax-M2, M2.1, M2.5 and M2.7 hold the
decoder, router biases and FP8 scales only): nothing is counted for it, and asking for MTP says
so (:data:`NO_DRAFT`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.model.architecture import CacheGroup, LinearGroup, ModelArchitecture
from core.model.checkpoint_layout import CheckpointLayout
from core.texts.messages import Message

# The notes a model's MTP layers get while they are not loaded (core.model.model_config): all of
# them, or the first of more (MiMo-V2-Flash) for vLLM to load.
NOT_COUNTED = frozenset({"model_note.mtp_layers", "model_note.mtp_layers_first"})
COUNTED = "model_note.mtp_counted"  # the note that replaces it once the layers are counted
STATES = "model_note.mtp_states"  # the recurrent states a hybrid keeps per draft token
# Families whose checkpoints declare MTP modules for which vLLM has no draft model (the
# SpeculativeConfig.hf_config_override of vllm/config/speculative.py maps none of them).
NO_DRAFT = frozenset({"minimax_m2"})
# The MTP layer's projection of [embedding, hidden] (eh_proj, Qwen's fc), stored in 16-bit.
MTP_EH_PROJ = "mtp.eh_proj"


@dataclass(frozen=True)
class MtpBlock:
    """What the MTP layers add to a served model when speculative decoding uses them.

    Attributes:
        layers: MTP layers (``num_nextn_predict_layers``).
        groups: Their linear matrices, named like the decoder's (``eh_proj`` as ``mtp.eh_proj``).
        other_params: Their norms, routers and biases.
        other_active_params: Of these, the ones a token uses.
        cache: Their cache, one entry per MTP layer like a decoder layer of the same kind.
        params: Every parameter vLLM keeps for them (the embedding and head are the target's).
        stored_params: The parameters the published checkpoint stores for them, their own
            copies of the embedding and head included where it keeps some (DeepSeek-V3), and
            the layers vLLM does not load (MiMo-V2-Flash's second and third).
        stored_layers: The MTP layers the checkpoint stores when it stores more than vLLM
            loads; 0 when it stores ``layers``.
        buffer_bytes: Float32 buffers the checkpoint stores for them (router score-correction
            biases), for their stored bytes.
        fp32_params: Of ``other_params``, those stored and loaded as float32 (DeepSeek-V4's
            hyper-connections and sinks).
        checkpoint: The published checkpoint's stored bytes with the MTP layers loaded, when the
            model's checkpoint layout is read (:mod:`core.model.checkpoint_layout`).
        state_per_draft: Whether the model's recurrent-state layers are vLLM Mamba-type layers,
            which keep one more state per draft token while drafting (:func:`with_mtp`).
    """

    layers: int
    groups: tuple[LinearGroup, ...]
    other_params: int
    other_active_params: int
    cache: tuple[CacheGroup, ...]
    params: int
    stored_params: int
    buffer_bytes: int = 0
    fp32_params: int = 0
    checkpoint: CheckpointLayout | None = None
    state_per_draft: bool = False
    stored_layers: int = 0


def merged_groups(
    base: tuple[LinearGroup, ...], extra: tuple[LinearGroup, ...]
) -> tuple[LinearGroup, ...]:
    """``base`` with ``extra`` added: same name and shape adds the counts, else appends."""
    out = list(base)
    for g in extra:
        for i, b in enumerate(out):
            if (b.name, b.in_features, b.out_features) == (g.name, g.in_features, g.out_features):
                out[i] = replace(
                    b, count=b.count + g.count, active_count=b.active_count + g.active_count
                )
                break
        else:
            out.append(g)
    return tuple(out)


def _merged_cache(
    base: tuple[CacheGroup, ...], extra: tuple[CacheGroup, ...]
) -> tuple[CacheGroup, ...]:
    out = list(base)
    for g in extra:
        for i, b in enumerate(out):
            if replace(b, layers=1) == replace(g, layers=1):
                out[i] = replace(b, layers=b.layers + g.layers)
                break
        else:
            out.append(g)
    return tuple(out)


def with_mtp(arch: ModelArchitecture, draft_tokens: int) -> ModelArchitecture:
    """``arch`` as vLLM serves it drafting ``draft_tokens`` a step with its MTP layers.

    The MTP layers are loaded and cached; their attention layers join the decoder's groups of
    the same kind and shape. A hybrid model's Mamba and Gated DeltaNet layers
    (``MtpBlock.state_per_draft``) then keep one recurrent state per draft token beside the
    sequence's own: vLLM gives each such layer ``num_speculative_blocks`` =
    ``num_speculative_tokens`` more state blocks per request
    (``vllm/model_executor/layers/mamba/abstract.py`` ``get_kv_cache_spec``; ``MambaSpec``'s
    ``max_memory_usage_bytes`` in ``vllm/v1/kv_cache_interface.py``: ``(1 +
    num_speculative_blocks)`` pages in ``mamba_cache_mode`` "none", the one state per sequence
    the planner counts otherwise; Qwen3-Next's and Qwen3.5's drafts refuse "all"). Its page
    (``page_size_bytes``) stays one state and the layers stay as many: the groups carry
    ``CacheGroup.states`` = 1 + N, which multiplies the state bytes of a sequence and the state
    blocks a request takes (:mod:`core.capacity.vllm_kv_layout`). A model without MTP layers the
    planner counts is returned unchanged.
    """
    mtp = arch.mtp
    if mtp is None:
        return arch
    notes = tuple(n for n in arch.notes if getattr(n, "key", "") not in NOT_COUNTED)
    counted = Message(COUNTED, layers=mtp.layers, params=mtp.params)
    cache = arch.cache_groups
    added: tuple[Message, ...] = (counted,)
    if mtp.state_per_draft and any(not g.grows for g in cache):
        cache = tuple(g if g.grows else replace(g, states=1 + draft_tokens) for g in cache)
        added += (Message(STATES, states=1 + draft_tokens),)
    return replace(
        arch,
        linear_groups=merged_groups(arch.linear_groups, mtp.groups),
        other_params=arch.other_params + mtp.other_params,
        other_active_params=arch.other_active_params + mtp.other_active_params,
        cache=_merged_cache(cache, mtp.cache),
        checkpoint=mtp.checkpoint if arch.checkpoint is not None else None,
        notes=(*notes, *added),
        mtp=None,
    )
