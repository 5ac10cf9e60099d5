"""The presentation layer: one vocabulary, formatters, palette and quote document."""
