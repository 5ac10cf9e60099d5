"""The help collection beside the catalog's glossary: every field's "?" opens the right entry."""

from __future__ import annotations

import json

from PySide6.QtWidgets import QDockWidget, QLineEdit, QListWidget

from core.base.resources import resource_path
from core.domain.glossary import load_glossary
from gui.glossary_dock import KEY_ROLE
from gui.wizard.field_row import FieldRow

HELP_KEYS = {
    "memory_units",
    "ttft",
    "tpot",
    "tokens_per_user",
    "slo",
    "training_deadline",
    "lora",
    "qlora",
    "optimizer_states",
    "activations",
    "activation_checkpointing",
    "micro_batch",
    "sequence_length",
    "classifier_free_guidance",
    "cpu_offload",
    "moe",
    "sliding_window",
    "headroom",
    "usable_memory",
    "utilisation",
    "max_concurrency",
    "master_weights",
    "chunked_loss",
    "trainer",
    "bnb_version",
    "mfu",
    "flash_attention",
    "llamacpp_batch",
    "quant_backend",
    "vllm_profile",
    "denoising_steps",
    "runtime_overhead",
    "attention_heads",
    "serving_engine",
    "image_batch",
}
# Fields whose "?" opened "VRAM" though another concept explains them.
FIELD_TERMS = {
    "training.method": {"lora"},  # its entry relates QLoRA
    "training.optimizer": {"optimizer_states"},
    "training.micro_batch_size": {"micro_batch"},
    "training.sequence_length": {"sequence_length"},
    "training.activation_checkpointing": {"activation_checkpointing"},
    "training.flash_attention": {"flash_attention"},
    "training.lora_rank": {"lora"},
    "training.weights_precision": {"master_weights"},
    "training.qlora_double_quant": {"qlora"},
    "training.lora_targets": {"lora"},
    "training.offload": {"cpu_offload"},
    "training.loss": {"chunked_loss"},
    "training.trainer": {"trainer"},
    "training.bnb_version": {"bnb_version"},
    "training.mfu": {"mfu"},
    "diffusion.guidance": {"classifier_free_guidance"},
    "diffusion.cpu_offload": {"cpu_offload"},
    "inference.gpu_memory_utilization": {"utilisation"},
    "inference.concurrent_sequences": {"max_concurrency"},
    "inference.llamacpp.flash_attn": {"flash_attention"},
    "inference.llamacpp.n_batch": {"llamacpp_batch"},
    "inference.llamacpp.n_ubatch": {"llamacpp_batch"},
    "diffusion.quant_backend": {"quant_backend"},
    "inference.max_num_batched_tokens": {"vllm_profile"},
    "inference.max_num_seqs": {"vllm_profile"},
    "inference.prefill_chunk_tokens": {"activations"},
    "diffusion.steps": {"denoising_steps"},
    "runtime.context_gib": {"runtime_overhead"},
    "runtime.allocator_reserve": {"runtime_overhead"},
    "runtime.comm_buffer_gib": {"runtime_overhead"},
}


def test_the_glossary_keeps_its_twelve_terms_and_help_has_both_languages():
    glossary = load_glossary()
    assert len(glossary.entries) == 12 and all(e.catalog for e in glossary.entries)
    assert {e.key for e in glossary.help} == HELP_KEYS
    for entry in glossary.help:
        assert not entry.catalog
        assert entry.term("ru") and entry.definition("ru") and entry.definition("en")
        assert entry.definition("ru") != entry.definition("en")
    units = glossary.get("memory_units").definition("en")
    assert "1 GiB = 2^30" in units  # the unit policy, stated for users
    raw = json.loads(resource_path("glossary", "help-ru.json").read_text("utf-8"))
    assert len(raw["entries"]) == len(HELP_KEYS)


def test_every_field_links_to_its_own_entry(main_window):
    wizard = main_window.page("plan").wizard
    rows = {row.path: set(row.links) for row in wizard.findChildren(FieldRow)}
    for path, keys in FIELD_TERMS.items():
        assert rows[path] == keys, path
    glossary = load_glossary()
    for keys in rows.values():
        for key in keys:
            glossary.get(key)  # every link opens an entry that exists


def test_the_panel_searches_both_collections_and_marks_the_catalogs(main_window, qtbot):
    dock = main_window.findChild(QDockWidget, "glossaryDock")
    main_window.show_glossary_term("headroom")
    assert dock.current_key == "headroom"
    entries = dock.findChild(QListWidget)
    search = dock.findChild(QLineEdit)
    qtbot.keyClicks(search, "micro-batch")
    visible = [entries.item(n) for n in range(entries.count()) if not entries.item(n).isHidden()]
    keys = {item.data(KEY_ROLE) for item in visible}
    assert "micro_batch" in keys
    fonts = {entries.item(n).text(): entries.item(n).font().bold() for n in range(entries.count())}
    assert fonts["VRAM"] is True  # the catalog's glossary, in bold
    assert fonts["Micro-batch"] is False
    assert "help" in entries.item(entries.count() - 1).toolTip()
