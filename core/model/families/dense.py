"""Dense decoder families, each as its transformers modeling file builds it.

Defaults for absent fields are those of each family's transformers configuration class. The
differences that decide exactness are named per family: which projections carry biases, how many
norms a layer has and whether they carry biases, q/k norms, tied heads, learned positions and
two-matrix MLPs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from core.model.families.common import attention_cache, core, tie
from core.model.families.decoder import Attention, DecoderSpec, Mlp
from core.model.families.reader import ConfigReader
from core.texts.messages import Message

QkNorm = Literal["none", "head", "full"]


def llama_like(
    r: ConfigReader,
    *,
    tie_default: bool,
    ff_default: int | None = None,
    qkv_bias: bool | None = None,
    o_bias: bool | None = None,
    bias_key: str = "attention_bias",
    mlp_bias_key: str | None = None,
    norms: int = 2,
    qk_norm: QkNorm = "none",
    head_default: int | None = None,
    sliding_if: object = None,
    window_default: int | None = None,
    fused: bool = False,
    gated: bool = True,
    act_params: int = 0,
) -> DecoderSpec:
    """RMSNorm decoders with a gated MLP: Llama, Mistral, Qwen2/3, Gemma 1-3, Granite, ...

    ``qkv_bias`` / ``o_bias`` None means the config's ``bias_key`` decides; ``qk_norm`` "head" is
    one weight of head_dim for q and for k (Qwen3, Gemma 3), "full" one per projected width
    (OLMo 2: heads × d and kv × d). ``gated`` False is a two-matrix MLP (up_proj, down_proj:
    Apertus, Arcee) and ``act_params`` the activation's learned parameters per layer.
    """
    c = core(r, head_default=head_default)
    if ff_default is None and not r.has("intermediate_size"):
        ff = 4 * c.h  # Vaswani et al. 2017: d_ff = 4 · d_model
        r.notes.append(Message("model_note.ff_assumed", ff=ff))
    else:
        ff = r.integer("intermediate_size", ff_default)
    bias = r.flag(bias_key, False)
    mlp_bias = r.flag(mlp_bias_key, False) if mlp_bias_key else False
    qkn = {"none": 0, "head": 2 * c.d, "full": (c.heads + c.kv) * c.d}[qk_norm]
    attn = Attention(
        c.heads,
        c.kv,
        c.d,
        c.d,
        qkv_bias=bias if qkv_bias is None else qkv_bias,
        o_bias=bias if o_bias is None else o_bias,
        qk_norm=qkn,
        fused=fused,
    )
    return DecoderSpec(
        h=c.h,
        vocab=c.vocab,
        layers=c.layers,
        layer_mixer=["attention"] * c.layers,
        layer_cache=attention_cache(
            r, c.layers, sliding_if=sliding_if, window_default=window_default
        ),
        layer_ffn=["dense"] * c.layers,
        attention=attn,
        mlp=Mlp(
            ff,
            gated=gated,
            bias=mlp_bias,
            fused=fused,
            up_name="fc1" if gated else "up_proj",
            act_params=act_params,
        ),
        norm_params=norms * c.h,
        norms=norms,
        final_norm=c.h,
        tie=tie(r, tie_default),
    )


def _qwen2_sliding(r: ConfigReader) -> Callable[[int], bool] | None:
    # Qwen2Config: the window applies only with use_sliding_window, from max_window_layers on.
    if not r.flag("use_sliding_window", False):
        return None
    first = r.integer("max_window_layers", 28, minimum=0)
    return lambda i: i >= first


def _every(n: int) -> Callable[[int], bool]:
    # Layer i slides unless it is the n-th of its group ((i + 1) % n != 0): Gemma 3, Cohere 2.
    return lambda i: (i + 1) % n != 0


def _pattern(r: ConfigReader, default: int) -> int:
    return r.integer(
        "sliding_window_pattern", default, quiet=True, aliases=("_sliding_window_pattern",)
    )


DENSE: dict[str, Callable[[ConfigReader], DecoderSpec]] = {
    # modeling_llama.py: attention_bias on q/k/v/o, mlp_bias on gate/up/down; untied by default.
    "llama": lambda r: llama_like(r, tie_default=False, ff_default=11008, mlp_bias_key="mlp_bias"),
    # modeling_mistral.py: no biases; every layer slides when sliding_window is set.
    "mistral": lambda r: llama_like(
        r,
        tie_default=False,
        ff_default=14336,
        qkv_bias=False,
        o_bias=False,
        sliding_if="all",
        window_default=4096,
    ),
    # modeling_ministral3.py (Mistral 3 text models, Devstral Small 2): Mistral's layout, every
    # layer sliding when sliding_window is set, none by default (Ministral3Config: None).
    "ministral3": lambda r: llama_like(
        r,
        tie_default=False,
        ff_default=14336,
        qkv_bias=False,
        o_bias=False,
        head_default=128,
        sliding_if="all",
        window_default=None,
    ),
    # modeling_qwen2.py: q/k/v biases, no o_proj bias.
    "qwen2": lambda r: llama_like(
        r,
        tie_default=False,
        ff_default=22016,
        qkv_bias=True,
        o_bias=False,
        sliding_if=_qwen2_sliding(r),
        window_default=4096,
    ),
    # modeling_qwen3.py: attention_bias on q/k/v/o, q_norm and k_norm of head_dim.
    "qwen3": lambda r: llama_like(
        r,
        tie_default=False,
        ff_default=22016,
        qk_norm="head",
        head_default=128,
        sliding_if=_qwen2_sliding(r),
        window_default=4096,
    ),
    # modeling_gemma.py: head_dim 256 by default, tied head.
    "gemma": lambda r: llama_like(r, tie_default=True, ff_default=24576, head_default=256),
    # modeling_gemma2.py: four norms per layer; even layers slide (window 4096).
    "gemma2": lambda r: llama_like(
        r,
        tie_default=True,
        ff_default=14336,
        norms=4,
        head_default=256,
        sliding_if=lambda i: i % 2 == 0,
        window_default=4096,
    ),
    # modeling_gemma3.py: four norms, q/k norms, 5 local : 1 global (sliding_window_pattern 6).
    "gemma3_text": lambda r: llama_like(
        r,
        tie_default=True,
        ff_default=9216,
        norms=4,
        qk_norm="head",
        head_default=256,
        sliding_if=_every(_pattern(r, 6)),
        window_default=4096,
    ),
    # modeling_phi3.py: fused qkv_proj / gate_up_proj (same counts), no biases.
    "phi3": lambda r: llama_like(
        r,
        tie_default=False,
        ff_default=8192,
        qkv_bias=False,
        o_bias=False,
        sliding_if="all",
        fused=True,
    ),
    # modeling_glm4v.py Glm4vTextDecoderLayer: biased q/k/v, unbiased o, four RMSNorms (input,
    # post-self-attention, post-attention, post-MLP), a fused gate_up_proj; untied head.
    "glm4v_text": lambda r: llama_like(
        r, tie_default=False, ff_default=13696, qkv_bias=True, o_bias=False, norms=4, fused=True
    ),
    # modeling_granite.py: attention_bias and mlp_bias like Llama.
    "granite": lambda r: llama_like(r, tie_default=True, ff_default=11008, mlp_bias_key="mlp_bias"),
    # modeling_smollm3.py: Llama layout, tied head by default.
    "smollm3": lambda r: llama_like(
        r,
        tie_default=True,
        ff_default=11008,
        mlp_bias_key="mlp_bias",
        sliding_if=_qwen2_sliding(r),
    ),
    # modeling_olmo2.py: post-attention and post-feedforward RMSNorms, q/k norms over the
    # projected widths.
    "olmo2": lambda r: llama_like(r, tie_default=False, ff_default=11008, qk_norm="full"),
    # modeling_olmo3.py: OLMo 2 with 3 sliding : 1 full layers (layer_types).
    "olmo3": lambda r: llama_like(
        r,
        tie_default=False,
        ff_default=11008,
        qk_norm="full",
        sliding_if=_every(4),
        window_default=4096,
    ),
    # modeling_ernie4_5.py: use_bias on q/k/v/o and the MLP; tied head.
    "ernie4_5": lambda r: _ernie(r),
    # modeling_exaone4.py: post-attention/post-feedforward norms only, q/k norms (head_dim).
    "exaone4": lambda r: llama_like(
        r,
        tie_default=False,
        ff_default=16384,
        qkv_bias=False,
        o_bias=False,
        qk_norm="head",
        sliding_if=None,
        window_default=4096,
    ),
    # modeling_hunyuan_v1_dense.py: q/k norms of head_dim (use_qk_norm), attention/MLP biases.
    "hunyuan_v1_dense": lambda r: _hunyuan(r),
    # modeling_apertus.py (transformers 5.24): ApertusMLP is up_proj and down_proj without biases
    # around xIELU, whose alpha_p and alpha_n are one learned parameter each (activations.py
    # XIELUActivation); q_norm and k_norm of head_dim in every layer; attention_bias on q/k/v/o;
    # attention_layernorm and feedforward_layernorm; untied head (ApertusConfig defaults).
    "apertus": lambda r: llama_like(
        r,
        tie_default=False,
        ff_default=14336,
        qk_norm="head",
        gated=False,
        act_params=2 if r.config.get("hidden_act", "xielu") == "xielu" else 0,
    ),
    # modeling_arcee.py (AFM): Llama's attention and norms, a two-matrix MLP (up_proj, down_proj,
    # mlp_bias) around ReLU², which has no parameters; untied head (ArceeConfig defaults).
    "arcee": lambda r: llama_like(
        r, tie_default=False, ff_default=18432, mlp_bias_key="mlp_bias", gated=False
    ),
}


def _ernie(r: ConfigReader) -> DecoderSpec:
    spec = llama_like(
        r, tie_default=True, ff_default=11008, bias_key="use_bias", mlp_bias_key="use_bias"
    )
    return spec


def _hunyuan(r: ConfigReader) -> DecoderSpec:
    qk: QkNorm = "head" if r.flag("use_qk_norm", True) else "none"
    return llama_like(r, tie_default=True, ff_default=11008, mlp_bias_key="mlp_bias", qk_norm=qk)
