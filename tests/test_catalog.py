"""Catalog validation: a bad file is refused with a message naming the entry."""

from __future__ import annotations

import json

import pytest

from core.base.errors import CatalogError
from core.domain.catalog import default_catalog, load_catalog_file, parse_catalog


def _raw():
    from core.domain.catalog import bundled_catalog_path

    return json.loads(bundled_catalog_path().read_text("utf-8"))


def test_bundled_catalog_is_valid_and_priced():
    catalog = default_catalog()
    assert catalog.currency == "USD"
    for gpu in catalog.gpus:
        prices = gpu.price_per_gpu_hour
        # a longer commitment never costs more per hour
        assert prices.hour >= prices.day >= prices.week >= prices.month > 0


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (
            lambda r: r["gpus"][1]["price_per_gpu_hour"].pop("week"),
            "GPU 'h100-80gb-sxm' field 'price_per_gpu_hour.week': is missing",
        ),
        (
            lambda r: r["gpus"][2]["price_per_gpu_hour"].update(day="0"),
            "GPU 'h100-80gb-pcie' field 'price_per_gpu_hour.day': price must be positive",
        ),
        (
            lambda r: r["gpus"][3]["price_per_gpu_hour"].update(hour="-1.50"),
            "GPU 'a100-80gb' field 'price_per_gpu_hour.hour': price must be positive",
        ),
        (lambda r: r["gpus"][4].update(vendor="intel"), "GPU 'a100-40gb' field 'vendor'"),
        (lambda r: r["gpus"][5].update(id="h200-141gb"), "duplicate GPU id 'h200-141gb'"),
        (lambda r: r["gpus"][6]["price_per_gpu_hour"].update(month=0.45), "not a float"),
    ],
)
def test_bad_catalog_is_refused_naming_the_entry(mutate, expected):
    raw = _raw()
    mutate(raw)
    with pytest.raises(CatalogError) as error:
        parse_catalog(raw)
    assert expected in str(error.value)


def test_catalog_file_that_is_not_json(tmp_path):
    path = tmp_path / "catalog.json"
    path.write_text("{not json")
    with pytest.raises(CatalogError, match="not valid JSON"):
        load_catalog_file(path)
