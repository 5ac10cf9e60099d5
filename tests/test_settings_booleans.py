"""JSON ``true`` in a number field of settings.json is refused naming the field (it was read as 1),
and a refused settings file is kept aside, not overwritten by the next save; the user is told."""

from __future__ import annotations

import json

import pytest

from core.app.settings import load_settings
from core.base.errors import InputError
from gui.settings_store import SettingsStore


@pytest.mark.parametrize("field", ["runtime_context_gib", "tax_rate"])
@pytest.mark.parametrize("value", [True, False])
def test_a_boolean_number_in_the_settings_is_refused_naming_its_field(tmp_path, field, value):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({field: value}), "utf-8")
    with pytest.raises(InputError) as refused:
        load_settings(path)
    assert refused.value.field == field
    message = refused.value.message
    assert message.key == "settings.invalid" and message.params["field"] == field
    assert message.params["reason"].key == "request.boolean_number"
    assert f"{field}: must be a number, not {json.dumps(value)}" in message


def test_numbers_and_the_defaults_still_load(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"runtime_context_gib": 1.5, "tax_rate": "0.2"}', "utf-8")
    settings = load_settings(path)
    assert settings.runtime_context_gib == 1.5 and str(settings.tax_rate) == "0.2"


def test_a_refused_settings_file_is_kept_aside_with_its_contents(tmp_path):
    store = SettingsStore(tmp_path)
    text = '{"language": "ru", "runtime_context_gib": true}'
    store.path.write_text(text, "utf-8")
    settings = store.load()
    assert settings.runtime_context_gib == 0.75  # the defaults, not 1
    assert store.problem is not None and "runtime_context_gib" in store.problem
    kept = store.kept_as
    assert kept is not None and kept.parent == tmp_path
    assert kept.name.startswith("settings.rejected-") and kept.suffix == ".json"
    assert kept.read_text("utf-8") == text and not store.path.exists()
    store.save(settings)  # a later save writes a new file beside the kept one
    assert kept.read_text("utf-8") == text and store.path.is_file()
    assert SettingsStore(tmp_path).load() == settings


def test_a_good_or_missing_settings_file_is_never_moved(tmp_path):
    store = SettingsStore(tmp_path)
    store.load()
    assert store.kept_as is None and store.problem is None
    store.path.write_text('{"language": "en"}', "utf-8")
    store.load()
    assert store.kept_as is None and store.path.is_file()
    assert not list(tmp_path.glob("*.rejected-*"))
