"""Hand-built architectures for capacity tests that must not depend on the bundled presets."""

from __future__ import annotations

from core.model.architecture import LinearGroup, ModelArchitecture


def gpt_like(
    *,
    layers: int,
    hidden: int,
    heads: int,
    vocab: int,
    kv_heads: int | None = None,
    ff: int | None = None,
    gated: bool = False,
    dropout: bool = True,
    tied: bool = True,
    head_dim: int | None = None,
) -> ModelArchitecture:
    """A decoder with the given shape; biases and positions left out unless a test needs them."""
    kv = kv_heads or heads
    d = head_dim or hidden // heads
    ff = ff or 4 * hidden
    groups = [
        LinearGroup("q_proj", hidden, heads * d, layers, layers),
        LinearGroup("k_proj", hidden, kv * d, layers, layers),
        LinearGroup("v_proj", hidden, kv * d, layers, layers),
        LinearGroup("o_proj", heads * d, hidden, layers, layers),
    ]
    if gated:
        groups += [
            LinearGroup("gate_proj", hidden, ff, layers, layers),
            LinearGroup("up_proj", hidden, ff, layers, layers),
            LinearGroup("down_proj", ff, hidden, layers, layers),
        ]
    else:
        groups += [
            LinearGroup("fc1", hidden, ff, layers, layers),
            LinearGroup("fc2", ff, hidden, layers, layers),
        ]
    layer_params = sum(g.in_features * g.out_features for g in groups) + 2 * hidden
    return ModelArchitecture(
        id="test",
        name="test model",
        model_type="test",
        source="custom",
        layers=layers,
        hidden_size=hidden,
        attention_heads=heads,
        kv_heads=kv,
        head_dim=d,
        intermediate_size=ff,
        vocab_size=vocab,
        embedding_params=vocab * hidden,
        lm_head_params=0 if tied else vocab * hidden,
        linear_groups=tuple(groups),
        other_params=2 * hidden * layers + hidden,
        other_active_params=2 * hidden * layers + hidden,
        attention="mha" if kv == heads else "gqa",
        mlp_gated=gated,
        dropout=dropout,
        largest_layer_params=layer_params,
    )
