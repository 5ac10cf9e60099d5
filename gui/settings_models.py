"""The pydantic side of the settings and the catalog, loaded after the main window's first paint.

:mod:`gui.settings_store` and :mod:`gui.app_state` are imported before the first paint, and
pydantic with core's settings and catalog models is most of what the engine costs to import: they
reach it through this one module (:func:`gui.settings_store.models`), which is in
:data:`gui.startup_steps.WIZARD_MODULES`: a thread has loaded it by the time the settings are first
read. The main window checks its own settings file with :func:`check_target` from here too.
"""

from __future__ import annotations

from pydantic import ValidationError

from core.app.settings import Settings, load_settings, save_settings
from core.base.output_file import check_target, replacing
from core.base.safe_json import read_capped
from core.domain.catalog import MAX_CATALOG_BYTES, default_catalog, load_catalog_file
from core.pricing.prices import validate_tax_rate
from gui.kept_aside import move_aside

__all__ = [
    "MAX_CATALOG_BYTES",
    "Settings",
    "ValidationError",
    "check_target",
    "default_catalog",
    "load_catalog_file",
    "load_settings",
    "move_aside",
    "read_capped",
    "replacing",
    "save_settings",
    "validate_tax_rate",
]
