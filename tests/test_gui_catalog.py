"""The Catalog page: every offer of the catalog in use, its figures as the catalog states them."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from core.domain.catalog import TERM_UNITS, bundled_catalog_path, default_catalog
from gui.catalog.catalog_table_model import GPU, NATIVE, PLATFORM, PRICES, VRAM


def test_every_offer_is_listed_with_its_memory_platform_and_prices(main_window, qtbot):
    main_window.commands.show_catalog.trigger()
    view = main_window.page("catalog")
    assert main_window.pages.currentWidget() is view
    table = view.findChild(QTableView, "catalogTable")
    model = table.model()
    catalog = default_catalog()
    assert model.rowCount() == len(catalog.gpus)
    rows = {model.index(r, GPU).data(): r for r in range(model.rowCount())}
    h100 = next(gpu for gpu in catalog.gpus if gpu.id == "h100-80gb-sxm")
    row = rows["NVIDIA H100 SXM · 80 GiB"]
    assert model.index(row, VRAM).data() == "80 GiB"
    assert model.index(row, PLATFORM).data() == "CUDA 9.0"
    assert "fp8-ocp" in model.index(row, NATIVE).data()
    for unit in TERM_UNITS:
        shown = model.index(row, PRICES[unit]).data()
        assert Decimal(shown) == getattr(h100.price_per_gpu_hour, unit)
    assert model.headerData(PRICES["week"], Qt.Orientation.Horizontal) == "week, USD/GPU-h"


def test_sorting_by_the_week_price_orders_the_offers(main_window, qtbot):
    main_window.commands.show_catalog.trigger()
    table = main_window.page("catalog").findChild(QTableView, "catalogTable")
    table.sortByColumn(PRICES["week"], Qt.SortOrder.AscendingOrder)
    model = table.model()
    prices = [Decimal(model.index(r, PRICES["week"]).data()) for r in range(model.rowCount())]
    assert prices == sorted(prices)


def test_the_catalog_page_follows_an_imported_catalog_and_the_language(
    main_window, app_state, qtbot, tmp_path
):
    import json

    data = json.loads(bundled_catalog_path().read_text("utf-8"))
    data["catalog_id"] = "imported-test"
    data["gpus"] = data["gpus"][:2]
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps(data), "utf-8")
    app_state.import_catalog(path)
    view = main_window.page("catalog")
    assert view.findChild(QTableView, "catalogTable").model().rowCount() == 2
    app_state.update_settings(language="ru")
    try:
        header = view.findChild(QTableView, "catalogTable").model()
        assert header.headerData(PRICES["week"], Qt.Orientation.Horizontal).startswith("неделя")
        tabs = main_window.pages
        qtbot.waitUntil(
            lambda: [tabs.tabText(i) for i in range(tabs.count())] == ["План", "История", "Каталог"]
        )
    finally:
        app_state.update_settings(language="en")
