"""Readers of a model's description: config.json, families, checkpoints, GGUF."""
