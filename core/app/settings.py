"""User settings: a small pydantic model saved as JSON in the per-user data folder.

A missing file means the defaults. A file that is not valid JSON or holds an invalid value is
refused with one message naming the file and the field, and it is never overwritten by a load:
the user fixes or deletes it. Saving replaces the file atomically.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from core.base.errors import InputError
from core.base.output_file import write_file
from core.base.paths import ensure_private_dir, settings_path
from core.base.safe_json import read_json_file
from core.domain.catalog import Catalog, default_catalog, load_catalog_file
from core.pricing.prices import validate_tax_rate
from core.texts.messages import Message, validation_message

Language = Literal["system", "ru", "en"]
MAX_SETTINGS_BYTES = 1_000_000  # a settings file is a few hundred bytes


class Settings(BaseModel):
    """What a user can change in the app's settings."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    language: Language = "system"
    tax_rate: Decimal = Field(
        default=Decimal(0), description="fraction of the subtotal added as tax, 0..1 (0.2 is 20 %)"
    )
    runtime_context_gib: float = Field(
        default=0.75, ge=0, le=64, description="CUDA/HIP context per GPU assumed for new requests"
    )
    catalog_path: str | None = Field(
        default=None, description="a catalog file to use instead of the bundled one"
    )

    @field_validator("tax_rate", mode="before")
    @classmethod
    def _tax_rate(cls, value: Any) -> Decimal:
        try:
            return validate_tax_rate(value)
        except InputError as error:
            raise ValueError(error.message) from None

    def as_json(self) -> dict[str, Any]:
        """The settings as JSON-ready data (the tax rate as a decimal string)."""
        return self.model_dump(mode="json")


NUMBER_FIELDS = ("tax_rate", "runtime_context_gib")
"""The settings that hold a number, where JSON ``true`` or ``false`` is refused."""


def _describe(error: ValidationError, path: Path) -> Message:
    first = error.errors()[0]
    field = ".".join(str(p) for p in first["loc"]) or "settings"
    reason = validation_message(first)
    return Message("settings.invalid", path=str(path), field=field, reason=reason)


def load_settings(path: Path | None = None) -> Settings:
    """Read the settings file; a missing file gives the defaults.

    Raises:
        InputError: The file cannot be read, is not a JSON object or holds an invalid value.
            The file is left as it is.
    """
    path = settings_path() if path is None else Path(path)
    try:
        # Numbers are read as Decimal so that a tax rate written as 0.2 never becomes a float.
        raw = read_json_file(
            path,
            max_bytes=MAX_SETTINGS_BYTES,
            parse_float=Decimal,
            error=lambda message: InputError(Message("settings.unreadable", reason=message)),
        )
    except FileNotFoundError:
        return Settings()
    if not isinstance(raw, dict):
        raise InputError(Message("settings.not_an_object", path=str(path)))
    for name in NUMBER_FIELDS:
        # pydantic reads JSON true as 1 in a number field; a number field takes a number.
        value = raw.get(name)
        if isinstance(value, bool):
            reason = Message("request.boolean_number", value=json.dumps(value))
            raise InputError(
                Message("settings.invalid", path=str(path), field=name, reason=reason), field=name
            )
    try:
        return Settings.model_validate(raw)
    except ValidationError as error:
        raise InputError(_describe(error, path)) from None


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` atomically (a temporary file, then a rename); return the path.

    Raises:
        InputError: The folder or the file cannot be written.
    """
    path = settings_path() if path is None else Path(path)
    text = json.dumps(settings.as_json(), indent=2, ensure_ascii=False) + "\n"
    try:
        ensure_private_dir(path.parent)
    except OSError as error:
        raise InputError(
            Message("settings.cannot_save", path=str(path), reason=str(error))
        ) from None
    write_file(path, text, private=True)  # never through a link; a whole file or none
    return path


def active_catalog(settings: Settings | None = None) -> Catalog:
    """The catalog the user chose in the settings, or the bundled one.

    Raises:
        CatalogError: The chosen catalog file is missing or invalid (it is not replaced silently).
    """
    settings = settings if settings is not None else load_settings()
    if settings.catalog_path:
        return load_catalog_file(Path(settings.catalog_path))
    return default_catalog()
