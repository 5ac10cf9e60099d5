"""Multi-token-prediction layers, loaded and cached when a server drafts tokens with them.

A checkpoint with MTP layers (DeepSeek-V3/R1/V3.2 ``num_nextn_predict_layers``) stores them beside
the decoder; vLLM skips them unless speculative decoding uses them (``--speculative-config
'{"method": "mtp", "num_speculative_tokens": N}'``). Then it loads each MTP layer as a draft
model (``vllm/model_executor/models/deepseek_mtp.py``: ``DeepSeekMultiTokenPredictorLayer`` with
``enorm``, ``hnorm``, ``eh_proj`` and a ``DeepseekV2DecoderLayer``, plus the shared head's norm),
shares the target's embedding and LM head with it instead of keeping the layer's own copies
(``vllm/v1/spec_decode/llm_base_proposer.py``: "Detected MTP model. Sharing target model
embedding weights with the draft model", and for MLA models the ``shared_head.head`` replaced by
the target's ``lm_head``), and gives each MTP layer's attention a KV cache in the same pool as the
decoder's: the draft's attention layers join the KV cache specification, so every cached token
holds one more layer's entry per MTP layer. The N draft steps reuse the MTP layers in turn
(``spec_step_idx % num_mtp_layers``), so N does not multiply the layers or their cache.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.architecture import CacheGroup, LinearGroup, ModelArchitecture
from core.checkpoint_layout import CheckpointLayout
from core.messages import Message

# The note a family gives its MTP layers when they are not counted (core.families.deepseek).
NOT_COUNTED = "model_note.mtp_layers"
COUNTED = "model_note.mtp_counted"  # the note that replaces it once the layers are counted
MTP_EH_PROJ = "mtp.eh_proj"  # the MTP layer's projection of [embedding, hidden], kept 16-bit


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
        buffer_bytes: Float32 buffers the checkpoint stores for them (router score-correction
            biases), for their stored bytes.
        checkpoint: The published checkpoint's stored bytes with the MTP layers loaded, when the
            model's checkpoint layout is read (:mod:`core.checkpoint_layout`).
    """

    layers: int
    groups: tuple[LinearGroup, ...]
    other_params: int
    other_active_params: int
    cache: tuple[CacheGroup, ...]
    params: int
    buffer_bytes: int = 0
    checkpoint: CheckpointLayout | None = None


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


def with_mtp(arch: ModelArchitecture) -> ModelArchitecture:
    """``arch`` as vLLM serves it with MTP speculative decoding: the MTP layers loaded and cached.

    A model without MTP layers the planner counts is returned unchanged.
    """
    mtp = arch.mtp
    if mtp is None:
        return arch
    notes = tuple(n for n in arch.notes if getattr(n, "key", "") != NOT_COUNTED)
    counted = Message(COUNTED, layers=mtp.layers, params=mtp.params)
    return replace(
        arch,
        linear_groups=merged_groups(arch.linear_groups, mtp.groups),
        other_params=arch.other_params + mtp.other_params,
        other_active_params=arch.other_active_params + mtp.other_active_params,
        cache=_merged_cache(arch.cache_groups, mtp.cache),
        checkpoint=mtp.checkpoint if arch.checkpoint is not None else None,
        notes=(*notes, counted),
        mtp=None,
    )
