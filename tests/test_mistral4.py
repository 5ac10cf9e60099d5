"""Mistral 4's text model (``mistral4``, Mistral Small 4 inside ``mistral3``) counted exactly.

``modeling_mistral4.py`` builds DeepSeek-V3's layout (latent attention with q and kv
down-projections, routed experts with one shared expert) at other sizes, with Mistral4Config's
defaults: no dense layers before the experts (DeepSeek-V3: three), 128 experts of 2,048, four
per token, latent 256, q rank 1,024, 64 + 64 query/key head. No verbatim copy of a published
Mistral 4 config.json was found in a public repository, so it is not an oracle fixture;
transformers 5.24.0 (tests/oracle/requirements.txt; meta device, tied tensors once) is the
oracle on the class default (tests/fixtures/heldout_families.json) and on the two configs below,
which leave most fields to the class: ``Mistral4ForCausalLM`` has 2,513,906,432 parameters;
``Mistral3ForConditionalGeneration`` (its head untied) 222,605,312, 219,569,664 outside the
Pixtral tower and projector.
"""

from __future__ import annotations

from core.capacity.vllm_kv_layout import mla_block_tokens
from core.model.model_config import architecture_from_config

SPARSE = {
    "architectures": ["Mistral4ForCausalLM"],
    "model_type": "mistral4",
    "num_hidden_layers": 3,
    "hidden_size": 1024,
    "num_attention_heads": 8,
    "num_key_value_heads": 8,
    "vocab_size": 32768,
}

WRAPPED = {
    "architectures": ["Mistral3ForConditionalGeneration"],
    "model_type": "mistral3",
    "tie_word_embeddings": False,
    "text_config": {
        "model_type": "mistral4",
        "num_hidden_layers": 2,
        "hidden_size": 1024,
        "num_attention_heads": 8,
        "num_key_value_heads": 8,
        "vocab_size": 32768,
        "n_routed_experts": 16,
        "first_k_dense_replace": 1,
    },
    "vision_config": {
        "model_type": "pixtral",
        "hidden_size": 256,
        "intermediate_size": 512,
        "num_hidden_layers": 2,
        "num_attention_heads": 4,
        "head_dim": 64,
        "patch_size": 14,
        "image_size": 448,
    },
}


def _count(config):
    return architecture_from_config(config, model_id="m", name="m", source="hf_config")


def test_mistral4_takes_the_class_defaults_not_deepseek_v3s():
    arch = _count(SPARSE)
    assert arch.approximate is None  # was the generic reader's band
    assert arch.params_total == 2_513_906_432
    assert (arch.num_experts, arch.experts_per_token, arch.shared_experts) == (128, 4, 1)
    # One latent of kv_lora_rank 256 plus the 64-wide RoPE key per token and layer.
    [group] = arch.cache_groups
    assert (group.kind, group.layers, group.k_dim) == ("mla", 3, 320)


def test_mistral_small_4_wrapper_counts_its_text_model_exactly():
    arch = _count(WRAPPED)
    assert arch.approximate is None
    assert arch.params_total == 222_605_312
    assert arch.params_total - arch.vision_params == 219_569_664


def test_mistral4_latent_attention_takes_cutlass_mla_blocks_on_blackwell():
    # qk_nope_head_dim 64: vLLM's FlashInfer MLA takes only 128, so CUTLASS MLA and 128 tokens.
    arch = _count(SPARSE)
    assert [mla_block_tokens(arch, cc) for cc in ("9.0", "10.0")] == [64, 128]
