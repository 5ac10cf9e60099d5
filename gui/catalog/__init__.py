"""The Catalog page: every GPU offer with its specifications, prices per term and formats."""

from gui.catalog.catalog_view import CatalogView

__all__ = ["CatalogView"]
