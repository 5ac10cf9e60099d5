"""The words of the training form's advanced options, in the current language.

Each choice's name, each row's label and hint, and each check box's text.

Apart from :mod:`gui.wizard.training_advanced`, which says which options apply when (and why
not): what an option is called is looked for on its own, and is most of the text. Each function
returns its texts anew, so a language change words them again.
"""

from __future__ import annotations

from gui.translation import tr_id


def choice_texts() -> dict[str, dict[str, str]]:
    """The name of every choice of every combo box, by option and value."""
    return {
        "trainer": {
            "transformers": tr_id(
                "AdvancedTrainingOptions.hugging_face_transformers_trainer",
                "Hugging Face Transformers Trainer",
            ),
            "torchtune": tr_id("AdvancedTrainingOptions.torchtune_recipes", "torchtune recipes"),
            "litgpt": tr_id(
                "AdvancedTrainingOptions.litgpt_fine_tuning_scripts",
                "LitGPT fine-tuning scripts",
            ),
        },
        "weights_precision": {
            "mixed": tr_id(
                "AdvancedTrainingOptions.mixed_fp32_master_copy_and_fp32",
                "Mixed: fp32 master copy and fp32 states",
            ),
            "pure": tr_id(
                "AdvancedTrainingOptions.pure_16_bit_weights_and_states",
                "Pure 16-bit: weights and states in bf16/fp16",
            ),
        },
        "bnb_version": {
            "0.43.2+": tr_id(
                "AdvancedTrainingOptions.0_43_2_or_later_4",
                "0.43.2 or later: 4-bit layers keep no input",
            ),
            "pre-0.43.2": tr_id(
                "AdvancedTrainingOptions.before_0_43_2_each_4",
                "Before 0.43.2: each 4-bit layer keeps its input",
            ),
        },
        "lora_targets": {
            "qv": tr_id(
                "AdvancedTrainingOptions.query_and_value_projections",
                "Query and value projections",
            ),
            "attention": tr_id(
                "AdvancedTrainingOptions.all_attention_projections", "All attention projections"
            ),
            "all_linear": tr_id("AdvancedTrainingOptions.all_linear_layers", "All linear layers"),
        },
        "offload": {
            "none": tr_id("AdvancedTrainingOptions.none", "None"),
            "optimizer": tr_id("AdvancedTrainingOptions.optimizer_states", "Optimizer states"),
            "optimizer_and_params": tr_id(
                "AdvancedTrainingOptions.optimizer_states_weights_and_gradients",
                "Optimizer states, weights and gradients",
            ),
        },
        "loss": {
            "full": tr_id("AdvancedTrainingOptions.full_logits_in_fp32", "Full logits in fp32"),
            "chunked": tr_id(
                "AdvancedTrainingOptions.chunked_cross_entropy", "Chunked cross-entropy"
            ),
        },
    }


def row_texts() -> dict[str, tuple[str, str]]:
    """Every row's label and hint (shown when the option applies), by request path."""
    return {
        "training.trainer": (
            tr_id("AdvancedTrainingOptions.trainer", "Trainer"),
            tr_id(
                "AdvancedTrainingOptions.what_its_loop_keeps_besides_the",
                "what its loop keeps besides the layers; sets its recipes' defaults",
            ),
        ),
        "training.weights_precision": (
            tr_id("AdvancedTrainingOptions.trained_weights", "Trained weights"),
            tr_id(
                "AdvancedTrainingOptions.adamw_16_bytes_per_parameter_mixed",
                "AdamW: 16 bytes per parameter mixed, 8 pure (ZeRO paper; torchtune)",
            ),
        ),
        "training.qlora_double_quant": (
            tr_id("AdvancedTrainingOptions.double_quantization", "Double quantization"),
            "",
        ),
        "training.bnb_version": (
            tr_id("AdvancedTrainingOptions.bitsandbytes", "bitsandbytes"),
            tr_id(
                "AdvancedTrainingOptions.the_release_qlora_runs_older_ones",
                "the release QLoRA runs: older ones keep more for backward",
            ),
        ),
        "training.lora_targets": (
            tr_id("AdvancedTrainingOptions.lora_targets", "LoRA targets"),
            "",
        ),
        "training.lora_dropout": (
            tr_id("AdvancedTrainingOptions.lora_dropout", "LoRA dropout"),
            "",
        ),
        "training.optimizer_in_backward": (
            tr_id("AdvancedTrainingOptions.optimizer_in_backward", "Optimizer in backward"),
            "",
        ),
        "training.offload": (
            tr_id("AdvancedTrainingOptions.cpu_offload", "CPU offload"),
            tr_id(
                "AdvancedTrainingOptions.zero_offload_fsdp_cpuoffload_the_host",
                "ZeRO-Offload, FSDP CPUOffload: the host must hold what is moved",
            ),
        ),
        "training.activation_offloading": (
            tr_id("AdvancedTrainingOptions.activation_offloading", "Activation offloading"),
            "",
        ),
        "training.loss": (
            tr_id("AdvancedTrainingOptions.loss", "Loss"),
            tr_id(
                "AdvancedTrainingOptions.chunks_avoid_holding_the_whole_vocabulary",
                "chunks avoid holding the whole vocabulary's logits in fp32",
            ),
        ),
        "training.mfu": (
            tr_id("AdvancedTrainingOptions.model_flops_utilisation", "Model FLOPs utilisation"),
            tr_id(
                "AdvancedTrainingOptions.share_of_the_gpus_peak_reached",
                "share of the GPUs' peak reached: at the default 40 % the run's time comes"
                " from the speed model calibrated on published runs; another value sets it",
            ),
        ),
    }


def check_texts() -> dict[str, str]:
    """The text beside every check box, by option."""
    return {
        "qlora_double_quant": tr_id(
            "AdvancedTrainingOptions.quantize_the_nf4_scales_too_bitsandbytes",
            "quantize the NF4 scales too (bitsandbytes, QLoRA)",
        ),
        "lora_dropout": tr_id(
            "AdvancedTrainingOptions.dropout_on_the_adapters_input_stores",
            "dropout on the adapters' input: stores a copy of it",
        ),
        "optimizer_in_backward": tr_id(
            "AdvancedTrainingOptions.step_during_backward_one_gradient_alive",
            "step during backward: one gradient alive at a time",
        ),
        "activation_offloading": tr_id(
            "AdvancedTrainingOptions.move_stored_activations_to_cpu_memory",
            "move stored activations to CPU memory",
        ),
    }
