"""Errors, units, per-user paths, safe JSON reading, bundled resources."""
