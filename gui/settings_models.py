"""The pydantic side of the settings and the catalog, loaded after the main window's first paint.

:mod:`gui.settings_store` and :mod:`gui.app_state` are imported before the first paint, and
pydantic with core's settings and catalog models is most of what the engine costs to import: they
reach it through this one module (:func:`gui.settings_store.models`), which is in
:data:`gui.startup_steps.WIZARD_MODULES`: a thread has loaded it by the time the settings are first
read. The main window checks its own settings file with :func:`check_target` from here too, and
the settings dialog reads the tax rate typed in percent with :func:`tax_rate_from_percent`.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from pydantic import ValidationError

from core.app.settings import Settings, load_settings, save_settings
from core.base.errors import InputError
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
    "tax_rate_from_percent",
]


def tax_rate_from_percent(text: str) -> Decimal:
    """Parse percent text typed by the user ("20", "7,5") into a rate.

    Raises:
        ValueError: Not a number, or outside what ``core.pricing`` accepts.
    """
    try:
        percent = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        raise ValueError(f"'{text}' is not a number") from None
    if not percent.is_finite():
        raise ValueError(f"'{text}' is not a number")
    try:
        return validate_tax_rate(str(percent.scaleb(-2)))
    except InputError as error:
        raise ValueError(error.message) from None
