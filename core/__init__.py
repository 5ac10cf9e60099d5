"""AnchorGPU Planner core: capacity, catalog, pricing and history, free of any GUI toolkit."""

__version__ = "0.1.0"
