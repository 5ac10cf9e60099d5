"""A saved quote or an order as a document: the detail pane's HTML, also printed and saved as PDF.

Every figure comes from the snapshot stored with the quote (``core.quotes.Quote``): line items and
total as core rounded them, the GPU offer and all its unit prices as of the catalog's date, the
term's start and end, the memory breakdown and warnings of the estimate. An order adds what the
store recorded: status, idempotency key, paid period, stop time and time left. Nothing is looked
up in today's catalog.
"""

from __future__ import annotations

from datetime import datetime
from html import escape
from typing import Any

from PySide6.QtCore import QLocale, QObject

from core.catalog import TERM_UNITS
from core.errors import InputError
from core.glossary import load_glossary
from core.memory import COMPONENTS
from core.quotes import Quote
from core.store import Order
from gui.core_text import line_label, warning_text
from gui.history.history_names import HistoryNames
from gui.money import decimal_param

TERM_SCHEME = "term"
NAME_STYLE = "padding-right:14px; color:#444"
SEVERITY_COLORS = {"info": "#1f5f99", "warning": "#8a5a00", "blocker": "#b3261e"}
Row = tuple[str, str]


class SnapshotDocument(QObject):
    """Renders one quote or order in ``lang`` ("ru" or "en") with :class:`HistoryNames`."""

    def __init__(self, names: HistoryNames, lang: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._names = names
        self._lang = lang
        self._links = True

    def html(
        self,
        item: Quote | Order,
        now: datetime,
        *,
        purchase_key: str | None = None,
        links: bool = True,
        columns: int = 1,
    ) -> str:
        """The whole document; glossary terms are ``term:`` links when ``links``.

        With ``columns=2`` the facts and the memory sit beside the price, the offer and the
        warnings (for a wide pane); printing uses one column.
        """
        self._links = links
        quote = item.quote if isinstance(item, Order) else item
        label = item.label or quote.label
        if isinstance(item, Order):
            title = self.tr("Order {id}").format(id=item.id)
            head = self._order_rows(item, now)
        else:
            title = self.tr("Saved quote {id}").format(id=quote.id)
            head = self._quote_rows(quote, purchase_key)
        if label:
            title += " — " + label
        facts = self._table(head + self._configuration_rows(quote, item))
        price, offer, memory = self._price(quote), self._offer(quote), self._memory(quote.estimate)
        rest = [self._warnings(quote.estimate)]
        notes = item.notes or quote.notes
        if notes:
            rest.append(_heading(self.tr("Notes")) + f"<p>{escape(notes)}</p>")
        if columns == 2:
            body = (
                "<table width='100%' cellspacing='0' cellpadding='0'><tr>"
                f"<td width='50%' valign='top' style='padding-right:24px'>{facts}{memory}</td>"
                f"<td width='50%' valign='top'>{price}{offer}{''.join(rest)}</td></tr></table>"
            )
        else:
            body = "\n".join([facts, price, offer, memory, *rest])
        disclaimer = load_glossary().disclaimer(self._lang)
        return (
            f"<h2>{escape(title)}</h2>\n{body}\n"
            + _heading(self.tr("Disclaimer"))
            + f"<p style='color:#555'><i>{escape(disclaimer)}</i></p>"
        )

    # -- pieces -------------------------------------------------------------------------------

    def _term_link(self, key: str) -> str:
        try:
            name = load_glossary().get(key).term(self._lang)
        except InputError:  # a term renamed since the quote was saved: show its key
            name = key
        if not self._links:
            return escape(name)
        return f'<a href="{TERM_SCHEME}:{escape(key)}">{escape(name)}</a>'

    def _key_text(self, key: str) -> str:
        return f"<code>{escape(key)}</code> ({self._term_link('idempotency_key')})"

    def _table(self, rows: list[Row]) -> str:
        cells = "".join(
            f"<tr><td style='{NAME_STYLE}'>{escape(name)}</td><td>{value}</td></tr>"
            for name, value in rows
        )
        return f"<table cellspacing='0' cellpadding='2'>{cells}</table>"

    def _order_rows(self, order: Order, now: datetime) -> list[Row]:
        names = self._names
        status = names.status(order.status(now))
        rows = [
            (self.tr("Status"), f"<b>{escape(status)}</b>"),
            (self.tr("Placed at"), escape(names.moment_utc(order.created_at))),
            (
                self.tr("Idempotency key"),
                self._key_text(order.idempotency_key),
            ),
            (self.tr("Paid from"), escape(names.moment_utc(order.paid_from))),
            (self.tr("Paid until"), f"<b>{escape(names.moment_utc(order.paid_until))}</b>"),
        ]
        if order.stopped_at is not None:
            stopped = self.tr("{moment}; the paid period continues, nothing is refunded").format(
                moment=names.moment_utc(order.stopped_at)
            )
            rows.append((self.tr("Stopped at"), escape(stopped)))
        rows.append((self.tr("Time left"), escape(names.duration(order.time_left(now)))))
        if order.quote_id:
            rows.append((self.tr("From saved quote"), escape(order.quote_id)))
        return rows

    def _quote_rows(self, quote: Quote, purchase_key: str | None) -> list[Row]:
        rows = [
            (self.tr("Status"), f"<b>{escape(self._names.status('saved'))}</b>"),
            (self.tr("Quoted at"), escape(self._names.moment_utc(quote.created_at))),
        ]
        if purchase_key:
            rows.append(
                (
                    self.tr("Key of the next placement"),
                    self._key_text(purchase_key),
                )
            )
        return rows

    def _configuration_rows(self, quote: Quote, item: Quote | Order) -> list[Row]:
        names = self._names
        params = (quote.estimate.get("model") or {}).get("params_total")
        model = escape(quote.model)
        if isinstance(params, int):
            count = QLocale().toString(params)
            model += escape(self.tr(" ({count} parameters)").format(count=count))
        term = self.tr("{term} ({hours} h)").format(
            term=names.term(quote.term_unit, quote.term_count), hours=quote.price.hours
        )
        rows = [
            (self.tr("Workload"), escape(names.workload(quote.workload))),
            (self.tr("Model"), model),
            (self.tr("GPU × count"), escape(names.gpus(quote.gpu_name, quote.gpus))),
            (self.tr("Strategy"), escape(names.strategy(quote.strategy))),
            (self.tr("Term"), f"{escape(term)} ({self._term_link('fixed_term')})"),
        ]
        if not isinstance(item, Order):
            start = names.moment_utc(quote.term_start)
            if not quote.start_given:
                start = self.tr("{moment} as quoted; an order starts when it is placed").format(
                    moment=start
                )
            rows.append((self.tr("Term start"), escape(start)))
            rows.append((self.tr("Paid until"), escape(names.moment_utc(quote.term_end))))
        catalog = self.tr("{id} as of {date}").format(
            id=quote.catalog_id, date=quote.catalog_as_of.isoformat()
        )
        rows.append((self.tr("Catalog"), escape(catalog)))
        return rows

    def _price(self, quote: Quote) -> str:
        price = quote.price
        money = self._names.money
        rows = "".join(
            f"<tr><td style='padding-right:14px'>{escape(self._names.line_kind(item.kind))}</td>"
            f"<td style='padding-right:14px; color:#444'>{escape(line_label(item))}</td>"
            f"<td align='right'>{escape(money(item.amount, price.currency))}</td></tr>"
            for item in price.line_items
        )
        total = escape(self.tr("Total"))
        rows += (
            f"<tr><td><b>{total}</b></td><td></td>"
            f"<td align='right'><b>{escape(money(price.total, price.currency))}</b></td></tr>"
        )
        return (
            _heading(self.tr("Price as quoted"))
            + f"<table cellspacing='0' cellpadding='2'>{rows}</table>"
        )

    def _offer(self, quote: Quote) -> str:
        gpu: dict[str, Any] = quote.gpu
        title = self.tr("GPU and unit prices as of {date}").format(
            date=quote.catalog_as_of.isoformat()
        )
        vram = gpu.get("vram_gib")
        specs = self.tr(
            "{name}: {vram} GiB VRAM, {interconnect}, up to {per_node} per node"
        ).format(
            name=quote.gpu_name,
            vram=QLocale().toString(float(vram), "g", 6) if isinstance(vram, int | float) else "?",
            interconnect=gpu.get("interconnect", "?"),
            per_node=gpu.get("gpus_per_node", "?"),
        )
        prices = quote.unit_prices
        quoted = self.tr("quoted")
        cells = ""
        for unit in TERM_UNITS:
            if unit not in prices:
                continue
            text = self.tr("{price} {currency} per GPU-hour").format(
                price=decimal_param(str(prices[unit])), currency=quote.currency
            )
            mark = unit == quote.term_unit
            value = f"<b>{escape(text)}</b> ← {escape(quoted)}" if mark else escape(text)
            per_unit = self.tr("per {unit}").format(unit=self._names.term_unit(unit))
            cells += f"<tr><td style='{NAME_STYLE}'>{escape(per_unit)}</td><td>{value}</td></tr>"
        return (
            f"<h3>{escape(title)}</h3><p>{escape(specs)}</p>"
            f"<table cellspacing='0' cellpadding='2'>{cells}</table>"
        )

    def _memory(self, estimate: dict[str, Any]) -> str:
        names = self._names
        memory: dict[str, int] = estimate.get("memory_per_gpu") or {}
        gpu: dict[str, Any] = estimate.get("gpu") or {}
        if not memory:
            return ""
        rows: list[Row] = [
            (names.component(key), escape(names.gib(memory[key])))
            for key in COMPONENTS
            if memory.get(key)
        ]
        rows.append(
            (self.tr("Total per GPU"), f"<b>{escape(names.gib(memory.get('total', 0)))}</b>")
        )
        if gpu.get("usable_bytes"):
            rows.append((self.tr("Usable per GPU"), escape(names.gib(gpu["usable_bytes"]))))
        if gpu.get("vram_bytes"):
            rows.append((self.tr("VRAM per GPU"), escape(names.gib(gpu["vram_bytes"]))))
        headroom = estimate.get("headroom_bytes")
        if estimate.get("fits") is True and isinstance(headroom, int):
            verdict = self.tr("fits, {headroom} to spare").format(headroom=names.gib(headroom))
        elif isinstance(headroom, int) and headroom < 0:
            verdict = self.tr("does not fit, {short} short").format(short=names.gib(-headroom))
        else:
            verdict = self.tr("not placeable (see the warnings)")
        rows.append((self.tr("Verdict"), escape(verdict)))
        checkpoint = estimate.get("checkpoint_bytes")
        if isinstance(checkpoint, int) and checkpoint > 0:
            rows.append(
                (
                    self.tr("Checkpoint size"),
                    f"{escape(names.gib(checkpoint))} ({self._term_link('training_checkpoint')})",
                )
            )
        return _heading(self.tr("Memory per GPU as estimated")) + self._table(rows)

    def _warnings(self, estimate: dict[str, Any]) -> str:
        items = []
        for warning in estimate.get("warnings") or []:
            if not isinstance(warning, dict) or warning.get("code") == "disclaimer":
                continue
            severity = str(warning.get("severity", ""))
            color = SEVERITY_COLORS.get(severity, "#000")
            key = str(warning.get("glossary_term", ""))
            term = f" ({self._term_link(key)})" if key else ""
            items.append(
                f"<li><b style='color:{color}'>{escape(self._names.severity(severity))}</b> "
                f"{escape(warning_text(warning))}{term}</li>"
            )
        none = escape(self.tr("None."))
        body = f"<ul>{''.join(items)}</ul>" if items else f"<p>{none}</p>"
        return _heading(self.tr("Warnings")) + body


def _heading(text: str) -> str:
    return f"<h3>{escape(text)}</h3>"
