"""Per-GPU memory models: weights and quantization, KV cache, activations, training, overhead."""
