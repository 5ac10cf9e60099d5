"""A quote or an order as a short summary for an email or a ticket: plain text or Markdown.

The summary holds what a reader needs to act on it: what runs where, for how long, the memory per
GPU against the GPU's, each price line and the total, the paid period of an order, and the
catalog's disclaimer. It uses the same names and formats as the quote document on screen, so the
two never disagree; it is copied to the clipboard by the Review and History pages.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication

from core.domain.glossary import load_glossary
from core.quotes.quote import Quote
from core.quotes.snapshot import read_snapshot
from core.store import Order
from gui.core_text import line_label
from gui.presentation import formats
from gui.presentation.names import Names
from gui.presentation.quote_document import QuoteDocument, quote_gpu, quote_sharding
from gui.presentation.traffic_text import TrafficText, quote_expert_layout, quote_traffic
from gui.translation import tr_id

Pair = tuple[str, str]


class QuoteSummary(QObject):
    """Summaries in ``lang`` ("en" or "ru"; texts follow the installed translation)."""

    def __init__(self, lang: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lang = lang
        self._names = Names(self)

    def _facts(self, item: Quote | Order, now: datetime) -> list[Pair]:
        quote = item.quote if isinstance(item, Order) else item
        names = self._names
        term = tr_id("QuoteSummary.term_hours_h", "{term} ({hours} h)").format(
            term=formats.term(quote.term_unit, quote.term_count), hours=quote.price.hours
        )
        facts = [
            (tr_id("QuoteSummary.workload", "Workload"), names.workload(quote.workload)),
            (tr_id("QuoteSummary.model", "Model"), names.model(quote.model)),
            (
                tr_id("QuoteSummary.gpu_count", "GPU × count"),
                formats.gpus(quote_gpu(quote), quote.gpus),
            ),
            (
                tr_id("QuoteSummary.strategy", "Strategy"),
                names.strategy(quote.strategy, quote_sharding(quote)),
            ),
            (tr_id("QuoteSummary.term", "Term"), term),
        ]
        saved = read_snapshot(quote).estimate
        experts = quote_expert_layout(quote, saved)
        if experts is not None:  # the strategy alone would say tensor parallel
            words = TrafficText(self)
            facts.insert(
                4,
                (
                    tr_id("QuoteSummary.layout", "Layout"),
                    words.layout(*experts, expert_parallel=True),
                ),
            )
            words.deleteLater()
        memory, vram = saved.memory.total, saved.vram_bytes
        if memory is not None and vram is not None:
            facts.append(
                (
                    tr_id("QuoteSummary.memory_per_gpu", "Memory per GPU"),
                    tr_id("QuoteSummary.need_of_vram", "{need} of {vram}").format(
                        need=formats.gib(memory, 2), vram=formats.gib(vram, 2)
                    ),
                )
            )
        traffic = quote_traffic(quote)
        if traffic is not None:
            words = TrafficText(self)
            facts.append((tr_id("QuoteSummary.traffic", "Traffic"), words.profile(traffic)))
            if traffic.operating_point is not None:
                facts.append(
                    (
                        tr_id("QuoteSummary.operating_point", "Operating point"),
                        words.point(traffic.operating_point),
                    )
                )
            words.deleteLater()
        if isinstance(item, Order):
            facts.append((tr_id("QuoteSummary.status", "Status"), names.status(item.status(now))))
            facts.append(
                (tr_id("QuoteSummary.paid_until", "Paid until"), formats.utc(item.paid_until))
            )
        facts.append(
            (
                tr_id("QuoteSummary.catalog", "Catalog"),
                tr_id("QuoteSummary.id_as_of_date", "{id} as of {date}").format(
                    id=quote.catalog_id, date=quote.catalog_as_of.isoformat()
                ),
            )
        )
        return facts

    def _prices(self, quote: Quote) -> list[Pair]:
        price = quote.price
        lines = [
            (line_label(item), formats.money(item.amount, price.currency))
            for item in price.line_items
        ]
        return [
            *lines,
            (tr_id("QuoteSummary.total", "Total"), formats.money(price.total, price.currency)),
        ]

    def _title(self, item: Quote | Order, saved: bool) -> str:
        document = QuoteDocument(self._lang, self)
        try:
            return document.title(item, saved=saved)
        finally:
            document.deleteLater()

    def text(self, item: Quote | Order, now: datetime, *, saved: bool = True) -> str:
        """Plain text: a title, aligned facts, the price lines, the disclaimer."""
        quote = item.quote if isinstance(item, Order) else item
        facts, prices = self._facts(item, now), self._prices(quote)
        width = max(len(name) for name, _ in facts)
        lines = [self._title(item, saved), ""]
        lines += [f"{name + ':':<{width + 2}}{value}" for name, value in facts]
        lines += ["", tr_id("QuoteSummary.price_as_quoted", "Price as quoted") + ":"]
        amount_width = max(len(amount) for _, amount in prices)
        lines += [f"  {amount:>{amount_width}}  {name}" for name, amount in prices]
        lines += ["", load_glossary().disclaimer(self._lang)]
        return "\n".join(lines) + "\n"

    def markdown(self, item: Quote | Order, now: datetime, *, saved: bool = True) -> str:
        """Markdown: a heading, a list of facts, a table of the price lines, the disclaimer."""
        quote = item.quote if isinstance(item, Order) else item
        lines = [f"### {_md(self._title(item, saved))}", ""]
        lines += [f"- **{_md(name)}:** {_md(value)}" for name, value in self._facts(item, now)]
        lines += [
            "",
            f"| {_md(tr_id('QuoteSummary.price_as_quoted', 'Price as quoted'))} | |",
            "| --- | ---: |",
        ]
        prices = self._prices(quote)
        lines += [f"| {_md(name)} | {_md(amount)} |" for name, amount in prices[:-1]]
        name, amount = prices[-1]
        lines += [f"| **{_md(name)}** | **{_md(amount)}** |", ""]
        lines.append(f"_{_md(load_glossary().disclaimer(self._lang))}_")
        return "\n".join(lines) + "\n"

    def copy(
        self, item: Quote | Order, now: datetime, *, markdown: bool, saved: bool = True
    ) -> str:
        """Put the summary on the clipboard; return it."""
        make = self.markdown if markdown else self.text
        summary = make(item, now, saved=saved)
        QGuiApplication.clipboard().setText(summary)
        return summary


def _md(text: str) -> str:
    """``text`` with the characters Markdown would read as markup escaped."""
    for char in "\\`*_[]|#<>":
        text = text.replace(char, "\\" + char)
    return text
