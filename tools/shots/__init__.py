"""Page factories for the README's screenshots (``python -m tools.screenshots``)."""
