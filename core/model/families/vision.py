"""Vision towers and projectors of multimodal configs, counted as the weights a server loads.

- Gemma 3 (``modeling_gemma3.py``, ``modeling_siglip.py``): a SigLIP vision transformer
  (patch convolution with bias, learned positions, LayerNorm-with-bias pre-norm layers, biased
  q/k/v/out and fc1/fc2, a post LayerNorm; no pooling head) and a projector (one matrix
  vision_hidden × text_hidden and an RMSNorm of vision_hidden).
- Qwen3-VL / Qwen3.5 (``modeling_qwen3_vl.py``): a 3-D patch convolution with bias, learned
  positions (``num_position_embeddings``), biased LayerNorm blocks with a fused biased qkv, the
  patch merger (LayerNorm over the vision width, then two biased matrices over the merged
  width) and one more merger per ``deepstack_visual_indexes`` entry (its LayerNorm over the
  merged width).
- LFM2-VL (``modeling_lfm2_vl.py``, ``modeling_siglip2.py``): a SigLIP2 tower whose patch
  embedding is a biased linear layer over channels × patch² with ``num_patches`` learned
  positions, and a projector over the pixel-unshuffled width (vision × downsample²) →
  ``projector_hidden_size`` → text width, both biased (LayerNorm first when configured).
- Llama 4 (``modeling_llama4.py``): an unfolded patch projection without bias, a class embedding,
  learned positions (patches + 1), pre and post LayerNorms, biased encoder layers, the pixel-shuffle
  MLP (two matrices without bias) and the projector to the text width.
- Kimi K2.5 (``modeling_kimi_k25.py``): the MoonViT tower (a biased patch convolution, a learned
  ``pos_emb_height`` × ``pos_emb_width`` position grid, biased LayerNorm blocks with biased
  q/k/v/out and fc1/fc2, a final LayerNorm) and the patch-merger projector (a LayerNorm of
  ``projection_hidden_size``, then two biased matrices: merged → merged → text width, merged being
  the vision width × the merge kernel's area). The published config spells the tower's fields
  ``vt_*`` and ``init_pos_emb_*``.
- InternVL (``modeling_internvl.py``): the InternViT tower (class token, learned positions, layer
  scales) and the pixel-shuffle projector (:func:`internvl_vision`).
- Aya Vision (``modeling_aya_vision.py``): a SigLIP tower, with its attention-pooling head when
  ``vision_use_head``, and a SwiGLU projector over the pixel-shuffled width
  (:func:`aya_vision_vision`).
"""

from __future__ import annotations

from typing import Any

from core.model.families.reader import ConfigReader


def _encoder_layers(h: int, ff: int, layers: int) -> int:
    # Two LayerNorms (weight + bias), q/k/v/o with biases, fc1/fc2 with biases.
    return layers * (2 * 2 * h + 4 * (h * h + h) + (h * ff + ff) + (ff * h + h))


def _siglip(vision: dict[str, Any], with_head: bool) -> tuple[int, int]:
    """A SigLIP vision tower (``modeling_siglip.py``) and its width; defaults SiglipVisionConfig.

    A biased patch convolution, one learned position per patch, the encoder layers and a post
    LayerNorm; with ``with_head`` the attention-pooling head too: a probe vector, a biased
    ``nn.MultiheadAttention`` (packed q/k/v and an output projection), a LayerNorm and an MLP
    of the tower's own widths.
    """
    r = ConfigReader(vision, "siglip_vision_model")
    h = r.integer("hidden_size", 768, quiet=True)
    ff = r.integer("intermediate_size", 3072, quiet=True)
    layers = r.integer("num_hidden_layers", 12, quiet=True)
    channels = r.integer("num_channels", 3, quiet=True)
    patch = r.integer("patch_size", 16, quiet=True)
    image = r.integer("image_size", 224, quiet=True)
    patches = (image // patch) ** 2
    embeddings = channels * patch * patch * h + h + patches * h
    tower = embeddings + _encoder_layers(h, ff, layers) + 2 * h
    if with_head:
        tower += h + (3 * h * h + 3 * h) + (h * h + h) + 2 * h + (h * ff + ff) + (ff * h + h)
    return tower, h


def siglip_gemma3(vision: dict[str, Any], text_hidden: int) -> int:
    """SigLIP tower plus the Gemma 3 projector."""
    tower, h = _siglip(vision, with_head=False)
    projector = h * text_hidden + h
    return tower + projector


def aya_vision_vision(config: dict[str, Any], vision: dict[str, Any], text_hidden: int) -> int:
    """The Aya Vision tower and projector (``modeling_aya_vision.py``).

    The tower is SigLIP's vision model as ``AutoModel`` builds it, so its pooling head is there
    unless the vision config says ``vision_use_head: false`` (SiglipVisionConfig defaults it to
    true; AyaVisionConfig's false applies only when the whole vision config is left out). The
    projector pixel-shuffles ``downsample_factor``² patches into one (width vision × factor²),
    then a LayerNorm with bias over that width, a biased matrix to ``alignment_intermediate_size``
    (the text width when absent), whose halves gate each other (SwiGLU), and a biased matrix from
    half of it to the text width. Defaults: ``AyaVisionConfig``.
    """
    head = vision.get("vision_use_head", True) is not False
    tower, h = _siglip(vision, with_head=head)
    top = ConfigReader(config, "aya_vision")
    factor = top.integer("downsample_factor", 2, quiet=True)
    align = top.integer("alignment_intermediate_size", text_hidden, quiet=True)
    merged = h * factor * factor
    projector = 2 * merged + (merged * align + align) + (align // 2 * text_hidden + text_hidden)
    return tower + projector


def llama4_vision(vision: dict[str, Any], text_hidden: int) -> int:
    """Llama 4 vision encoder, pixel-shuffle adapter and projector."""
    r = ConfigReader(vision, "llama4_vision_model")
    h = r.integer("hidden_size", 768, quiet=True)
    ff = r.integer("intermediate_size", 5632, quiet=True)
    layers = r.integer("num_hidden_layers", 34, quiet=True)
    channels = r.integer("num_channels", 3, quiet=True)
    patch = r.integer("patch_size", 14, quiet=True)
    image = r.integer("image_size", 448, quiet=True)
    proj_in = r.integer("projector_input_dim", 4096, quiet=True)
    proj_out = r.integer("projector_output_dim", 4096, quiet=True)
    out_dim = r.integer("vision_output_dim", 7680, quiet=True)
    patches = (image // patch) ** 2
    embeddings = channels * patch * patch * h + h + (patches + 1) * h
    adapter = ff * proj_in + proj_out * proj_out
    return embeddings + 2 * 2 * h + _encoder_layers(h, ff, layers) + adapter + out_dim * text_hidden


def qwen3_vl_vision(vision: dict[str, Any], text_hidden: int) -> int:
    """Qwen3-VL-style vision tower with its patch mergers (Qwen3-VL, Qwen3.5)."""
    r = ConfigReader(vision, "qwen3_vl_vision")
    h = r.integer("hidden_size", 1152, quiet=True)
    ff = r.integer("intermediate_size", 4304, quiet=True)
    depth = r.integer("depth", 27, quiet=True)
    channels = r.integer("in_channels", 3, quiet=True)
    patch = r.integer("patch_size", 16, quiet=True)
    temporal = r.integer("temporal_patch_size", 2, quiet=True)
    positions = r.integer("num_position_embeddings", 2304, quiet=True)
    merge = r.integer("spatial_merge_size", 2, quiet=True)
    out = r.integer("out_hidden_size", text_hidden, quiet=True)
    deepstack = r.int_list("deepstack_visual_indexes") or []
    merged = h * merge * merge
    embeddings = channels * temporal * patch * patch * h + h + positions * h
    layers = _encoder_layers(h, ff, depth)

    def merger(norm_width: int) -> int:
        return 2 * norm_width + (merged * merged + merged) + (merged * out + out)

    return embeddings + layers + merger(h) + len(deepstack) * merger(merged)


def lfm2_vl_vision(config: dict[str, Any], vision: dict[str, Any], text_hidden: int) -> int:
    """SigLIP2 (NaFlex) tower plus the LFM2-VL projector."""
    r = ConfigReader(vision, "siglip2_vision_model")
    h = r.integer("hidden_size", 768, quiet=True)
    ff = r.integer("intermediate_size", 3072, quiet=True)
    layers = r.integer("num_hidden_layers", 12, quiet=True)
    channels = r.integer("num_channels", 3, quiet=True)
    patch = r.integer("patch_size", 16, quiet=True)
    patches = r.integer("num_patches", 256, quiet=True)
    top = ConfigReader(config, "lfm2_vl")
    factor = top.integer("downsample_factor", 2, quiet=True)
    hidden = top.integer("projector_hidden_size", 2560, quiet=True)
    bias = top.flag("projector_bias", True)
    wide = h * factor * factor
    projector = wide * hidden + hidden * text_hidden + ((hidden + text_hidden) if bias else 0)
    projector += 2 * wide if top.flag("projector_use_layernorm", True) else 0
    embeddings = channels * patch * patch * h + h + patches * h
    return embeddings + _encoder_layers(h, ff, layers) + 2 * h + projector


def moonvit_kimi_k25(vision: dict[str, Any], text_hidden: int) -> int:
    """MoonViT tower plus the Kimi K2.5 patch-merger projector."""
    r = ConfigReader(vision, "kimi_k25_vision")
    h = r.integer("hidden_size", 1152, quiet=True, aliases=("vt_hidden_size",))
    ff = r.integer("intermediate_size", 4304, quiet=True, aliases=("vt_intermediate_size",))
    layers = r.integer("num_hidden_layers", 27, quiet=True, aliases=("vt_num_hidden_layers",))
    patch = r.integer("patch_size", 14, quiet=True)
    grid_h = r.integer("pos_emb_height", 64, quiet=True, aliases=("init_pos_emb_height",))
    grid_w = r.integer("pos_emb_width", 64, quiet=True, aliases=("init_pos_emb_width",))
    kernel = r.int_list("merge_kernel_size", 2) or [2, 2]
    norm = r.integer("projection_hidden_size", h, quiet=True, aliases=("mm_hidden_size",))
    merged = h * kernel[0] * kernel[1]
    embeddings = 3 * patch * patch * h + h + grid_h * grid_w * h
    projector = 2 * norm + (merged * merged + merged) + (merged * text_hidden + text_hidden)
    return embeddings + _encoder_layers(h, ff, layers) + 2 * h + projector


def qwen25_vl_vision(vision: dict[str, Any], text_hidden: int) -> int:
    """The Qwen2.5-VL vision tower and patch merger (also EXAONE 4.5's, with GQA attention).

    ``modeling_qwen2_5_vl.py``: a 3-D patch convolution without bias, RMSNorm blocks with a
    biased fused qkv (``Exaone4_5_VisionAttention``: ``num_key_value_heads`` K/V heads), a biased
    output projection and a biased gated MLP, then the merger: an RMSNorm over the vision width and
    two biased matrices over the merged width (vision × merge²) → merged → ``out_hidden_size``.
    No learned positions (rotary). Defaults: ``Qwen2_5_VLVisionConfig``.
    """
    r = ConfigReader(vision, "qwen2_5_vl_vision")
    h = r.integer("hidden_size", 3584, quiet=True)
    ff = r.integer("intermediate_size", 3420, quiet=True)
    depth = r.integer("depth", 32, quiet=True)
    heads = r.integer("num_heads", 16, quiet=True)
    kv = r.integer("num_key_value_heads", heads, quiet=True)
    channels = r.integer("in_channels", 3, quiet=True)
    patch = r.integer("patch_size", 14, quiet=True)
    temporal = r.integer("temporal_patch_size", 2, quiet=True)
    merge = r.integer("spatial_merge_size", 2, quiet=True)
    out = r.integer("out_hidden_size", text_hidden, quiet=True)
    qkv = h + 2 * kv * (h // heads)
    block = 2 * h + (h * qkv + qkv) + (h * h + h) + 2 * (h * ff + ff) + (ff * h + h)
    merged = h * merge * merge
    merger = h + (merged * merged + merged) + (merged * out + out)
    return channels * temporal * patch * patch * h + depth * block + merger


def pixtral_mistral3(config: dict[str, Any], vision: dict[str, Any], text_hidden: int) -> int:
    """The Pixtral vision tower and the Mistral 3 projector (Mistral Small 3.x, Devstral Small 2).

    ``modeling_pixtral.py``: a patch convolution without bias, an RMSNorm (``ln_pre``), then per
    layer two RMSNorms, q/k/v/o of the vision width and a gated MLP, all without bias; no final
    norm. ``modeling_mistral3.py`` ``Mistral3MultiModalProjector``: an RMSNorm of the vision width,
    the patch merger (vision × merge² → vision, no bias), then vision × feature layers → text and
    text → text, biased when ``multimodal_projector_bias``. Defaults: ``PixtralVisionConfig``,
    ``Mistral3Config``.
    """
    r = ConfigReader(vision, "pixtral")
    h = r.integer("hidden_size", 1024, quiet=True)
    ff = r.integer("intermediate_size", 4096, quiet=True)
    layers = r.integer("num_hidden_layers", 24, quiet=True)
    channels = r.integer("num_channels", 3, quiet=True)
    patch = r.integer("patch_size", 16, quiet=True)
    top = ConfigReader(config, "mistral3")
    merge = top.integer("spatial_merge_size", 2, quiet=True)
    bias = top.flag("multimodal_projector_bias", False)
    feature = config.get("vision_feature_layer", -1)
    feature_layers = len(feature) if isinstance(feature, list) and feature else 1
    tower = channels * patch * patch * h + h + layers * (2 * h + 4 * h * h + 3 * h * ff)
    projector = h + h * merge * merge * h + h * feature_layers * text_hidden
    projector += text_hidden * text_hidden + (2 * text_hidden if bias else 0)
    return tower + projector


def _pair(r: ConfigReader, key: str, default: int) -> tuple[int, int]:
    """An image or patch size given as one number or as [height, width]."""
    value = r.config.get(key)
    if isinstance(value, list) and len(value) == 2:
        return r.check_int(key, value[0], 1), r.check_int(key, value[1], 1)
    side = r.integer(key, default, quiet=True)
    return side, side


def internvl_vision(config: dict[str, Any], vision: dict[str, Any], text_hidden: int) -> int:
    """The InternViT tower and the InternVL projector (``modeling_internvl.py``).

    Embeddings: a class token, a mask token when ``use_mask_token``, a biased patch convolution
    and (``use_absolute_position_embeddings``) one learned position per patch plus the class
    token. Per layer: q/k/v (biased when ``attention_bias``), a biased output projection, RMSNorms
    of the width on q and k when ``use_qk_norm``, two norms (``norm_type``: LayerNorm with bias,
    or RMSNorm), the layer-scale vectors ``lambda_1`` and ``lambda_2``, biased fc1/fc2. A final
    LayerNorm unless ``use_mean_pooling``. The projector: a LayerNorm and a biased matrix over the
    pixel-shuffled width (vision × (1 / ``downsample_ratio``)²), then a biased text × text matrix.
    Defaults: ``InternVLVisionConfig``, ``InternVLConfig``.
    """
    r = ConfigReader(vision, "internvl_vision")
    h = r.integer("hidden_size", 1024, quiet=True)
    ff = r.integer("intermediate_size", 4096, quiet=True)
    layers = r.integer("num_hidden_layers", 24, quiet=True)
    channels = r.integer("num_channels", 3, quiet=True)
    image_h, image_w = _pair(r, "image_size", 448)
    patch_h, patch_w = _pair(r, "patch_size", 14)
    embeddings = h * (2 if r.flag("use_mask_token", False) else 1)
    embeddings += channels * patch_h * patch_w * h + h
    if r.flag("use_absolute_position_embeddings", True):
        embeddings += ((image_h // patch_h) * (image_w // patch_w) + 1) * h
    norm = 2 * h if vision.get("norm_type", "layer_norm") == "layer_norm" else h
    layer = 3 * h * h + (3 * h if r.flag("attention_bias", False) else 0) + h * h + h
    layer += (2 * h if r.flag("use_qk_norm", False) else 0) + 2 * norm + 2 * h
    layer += h * ff + ff + ff * h + h
    final = 0 if r.flag("use_mean_pooling", True) else 2 * h
    top = ConfigReader(config, "internvl")
    shuffle = round(1 / top.number("downsample_ratio", 0.5))
    merged = h * shuffle * shuffle
    projector = 2 * merged + merged * text_hidden + text_hidden
    projector += text_hidden * text_hidden + text_hidden
    return embeddings + layers * layer + final + projector


def glm4v_vision(vision: dict[str, Any], text_hidden: int) -> int:
    """The GLM-4.1V / GLM-4.5V vision tower and merger (``modeling_glm4v.py``).

    A biased 3-D patch convolution, learned positions ((image / patch)² of them), an RMSNorm after
    the convolution, ``depth`` blocks of two RMSNorms, a fused qkv (biased when
    ``attention_bias``), an unbiased output projection and a gated MLP of ``out_hidden_size``
    without biases; a post RMSNorm, a biased ``spatial_merge_size``² convolution down to
    ``out_hidden_size``, then the merger: an unbiased square matrix, a LayerNorm and a gated MLP of
    ``intermediate_size``. Defaults: ``Glm4vVisionConfig``.
    """
    del text_hidden  # the merger ends at out_hidden_size, the text width of published configs
    r = ConfigReader(vision, "glm4v_vision")
    h = r.integer("hidden_size", 1536, quiet=True)
    depth = r.integer("depth", 24, quiet=True)
    out = r.integer("out_hidden_size", 4096, quiet=True)
    ff = r.integer("intermediate_size", 13696, quiet=True)
    channels = r.integer("in_channels", 3, quiet=True)
    image = r.integer("image_size", 336, quiet=True)
    patch = r.integer("patch_size", 14, quiet=True)
    temporal = r.integer("temporal_patch_size", 2, quiet=True)
    merge = r.integer("spatial_merge_size", 2, quiet=True)
    embeddings = (image // patch) ** 2 * h + channels * temporal * patch * patch * h + h
    block = 2 * h + 3 * h * h + (3 * h if r.flag("attention_bias", False) else 0) + h * h
    block += 3 * h * out
    tail = 2 * h + h * merge * merge * out + out  # post_conv and post norms, downsample
    merger = out * out + 2 * out + 3 * out * ff
    return embeddings + depth * block + tail + merger
