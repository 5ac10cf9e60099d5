"""What one engine step of a model costs, in bytes and FLOPs, from the model's architecture.

The speed model needs few facts about a model; :class:`ModelShape` holds them, built once from a
:class:`~core.model.architecture.ModelArchitecture` so the step arithmetic stays independent of the
memory code's types.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.model.architecture import ModelArchitecture

# Bytes per stored weight by the format a step's matmuls read (linear layers only; norms,
# routers and the LM head stay 16-bit). NVFP4: 4-bit values plus one FP8 scale per 16 values
# (NVIDIA, "Introducing NVFP4", block size 16) = 0.5 + 1/16 bytes.
WEIGHT_BYTES: dict[str, float] = {"bf16": 2.0, "fp16": 2.0, "fp8": 1.0, "nvfp4": 0.5625}
KV_BYTES: dict[str, float] = {"bf16": 2.0, "fp16": 2.0, "fp8": 1.0}


@dataclass(frozen=True)
class CacheLayers:
    """Attention layers that read alike: per-token KV elements per GPU and the window."""

    layers: int
    elements_per_token: int  # K and V elements per token per layer on one GPU
    window: int | None  # sliding/chunked layers keep only this many tokens
    fixed_elements: int = 0  # recurrent state per sequence per layer on one GPU


@dataclass(frozen=True)
class ModelShape:
    """The facts a step-time model needs, for one tensor-parallel degree."""

    layers: int
    hidden: int
    attn_width: int  # query heads × head dim (the width attention's FLOPs run over)
    dense_linear_params: int  # linear weights every token passes through (attention, dense MLP)
    expert_params: int  # routed experts' weights (all experts)
    experts: int
    experts_per_token: int
    other_params: int  # 16-bit weights a step reads: LM head, norms, routers
    active_params: int  # parameters one token uses (2·N FLOPs per token)
    cache: tuple[CacheLayers, ...]
    tp: int

    @property
    def is_moe(self) -> bool:
        """Whether tokens are routed to experts."""
        return self.experts > 0

    @classmethod
    def of(cls, arch: ModelArchitecture, tp: int) -> ModelShape:
        """The shape of ``arch`` split over ``tp`` GPUs."""
        routed = [g for g in arch.linear_groups if g.active_count < g.count]
        expert = sum(g.params for g in routed)
        dense = arch.linear_params - expert
        if routed and (arch.num_experts <= 0 or arch.experts_per_token <= 0):
            # Fewer weights active than stored but no expert count to route over (a custom
            # model's active parameters): a step reads the active share, as one token would.
            dense += sum(g.active_params for g in routed)
            expert = 0
        cache = []
        for group in arch.cache:
            if group.kind == "linear_state":
                cache.append(
                    CacheLayers(
                        group.layers,
                        0,
                        None,
                        group.state_elements_per_gpu(tp)
                        + group.pinned_state_bits_per_gpu(tp) // 16,
                    )
                )
            else:
                cache.append(CacheLayers(group.layers, group.elements_per_token(tp), group.window))
        head = arch.lm_head_params or arch.embedding_params
        return cls(
            layers=arch.layers,
            hidden=arch.hidden_size,
            attn_width=arch.attention_heads * arch.head_dim,
            dense_linear_params=dense,
            expert_params=expert,
            experts=arch.num_experts,
            experts_per_token=arch.experts_per_token,
            other_params=head + arch.other_params,
            active_params=arch.params_active,
            cache=tuple(cache),
            tp=tp,
        )

    def kv_elements(self, context: float) -> float:
        """KV elements one sequence at ``context`` tokens reads per step on one GPU."""
        total = 0.0
        for group in self.cache:
            tokens = min(context, group.window) if group.window else context
            total += group.layers * (group.elements_per_token * tokens + group.fixed_elements)
        return total

    def attention_flops(self, context: float) -> float:
        """Attention FLOPs of one token attending to ``context`` tokens, on one GPU.

        QKᵀ and PV are two matmuls of 2 FLOPs per multiply-add over the query width (the
        standard count; Kaplan et al. 2020, table 1: 2·n_layer·n_ctx·d_attn forward per token
        for each). Sliding-window layers attend to at most their window.
        """
        if not self.cache:
            return 4.0 * self.layers * self.attn_width * context / self.tp
        layers = sum(g.layers for g in self.cache if g.elements_per_token)
        flops = 0.0
        for group in self.cache:
            if not group.elements_per_token:
                continue
            tokens = min(context, group.window) if group.window else context
            flops += 4.0 * group.layers * self.attn_width * tokens
        scale = self.layers / layers if layers else 1.0  # layers the groups do not list
        return flops * min(scale, 1.0) / self.tp
