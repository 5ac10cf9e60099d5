"""Formatters the plan wizard's window module still imports from here; see ``gui.presentation``.

Every page formats through :mod:`gui.presentation.formats`; this module only re-exports what
``gui.wizard.plan_wizard`` imports until that module imports it from there.
"""

from __future__ import annotations

from gui.presentation.formats import count

__all__ = ["count"]
