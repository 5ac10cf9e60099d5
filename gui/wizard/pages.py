"""The pages of the plan wizard, in order: the one place a page is added.

A page is a :class:`~gui.wizard.wizard_step.WizardStep` in a module of its own, built as
``Page(context, parent)`` from a :class:`~gui.wizard.plan_draft.PageContext`; it owns the request
fields in its ``PREFIXES``. Adding a page is its module and one line in :data:`PAGES`. The first
page stays the workload page: the wizard reads the chosen workload from it.

The first page is in the window's first paint; the others are built after it, one per turn of the
event loop (see :class:`~gui.wizard.staged_wizard.StagedWizard`). :func:`page_class` imports a
later page's module when its page is built: the one seam through which the wizard's pages are
imported, so the first paint waits for none of them (nor for pydantic and the engine they use).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QWidget

    from gui.wizard.plan_draft import PageContext
    from gui.wizard.wizard_step import WizardStep

    # A page's class, called as ``Page(context, parent)``.
    PageClass = Callable[[PageContext | None, QWidget | None], WizardStep]


class PageEntry(NamedTuple):
    """A page of the wizard: its key (the wizard's attribute) and where its class is.

    ``parts``: how many steps the page hands the wizard in ``later_steps()``, built after the
    next page (the start-up counts its steps before the pages are imported).
    """

    key: str
    module: str
    cls: str
    parts: int = 0


PAGES: tuple[PageEntry, ...] = (
    PageEntry("workload_page", "gui.wizard.workload_page", "WorkloadPage"),
    PageEntry("model_page", "gui.wizard.model_page", "ModelPage"),
    PageEntry("sizes_page", "gui.wizard.sizes_page", "SizesPage", parts=2),
    PageEntry("traffic_page", "gui.wizard.traffic_page", "TrafficPage"),
    PageEntry("parallelism_page", "gui.wizard.parallelism_page", "ParallelismPage"),
    PageEntry("offer_page", "gui.wizard.offer_page", "OfferPage"),
    PageEntry("review_page", "gui.wizard.review_page", "ReviewPage"),
)


def page_class(entry: PageEntry) -> PageClass:
    """The class of ``entry``'s page, its module imported now if it was not before."""
    # seam: a page's module loads when its page is built
    cls: PageClass = getattr(importlib.import_module(entry.module), entry.cls)
    return cls
