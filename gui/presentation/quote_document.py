"""The one quote document: a quote or an order as HTML, for the screen, printing and PDF.

Review (a draft or just-saved quote) and History (a saved quote or an order) render through this
class, so they name, format and order everything alike. Every figure comes from the snapshot
stored with the quote (``core.quotes.quote.Quote``): line items and total as core rounded them, the
GPU offer and its unit prices as of the catalog's date, the term's start and end, the memory
breakdown, speed bounds and warnings of the estimate. An order adds what the store recorded:
status, idempotency key, paid period, stop time and time left. Nothing is looked up in today's
catalog except the GPU's display name for a GPU the quote does not name.
"""

from __future__ import annotations

from datetime import datetime
from html import escape

from PySide6.QtCore import QObject

from core.base.errors import InputError
from core.base.units import vendor_label
from core.domain.breakdown import COMPONENTS
from core.domain.catalog import TERM_UNITS
from core.domain.glossary import load_glossary
from core.quotes.quote import Quote
from core.quotes.snapshot import (
    SavedEstimate,
    SavedSpeed,
    SavedWarning,
    read_sharding,
    read_snapshot,
)
from core.store import Order
from gui.core_text import assumption_texts, line_label, warning_text
from gui.presentation import formats, palette
from gui.presentation.names import Names, offer_name
from gui.translation import tr_id

TERM_SCHEME = "term"
NAME_STYLE = f"padding-right:14px; color:{palette.LABEL}"
Row = tuple[str, str]


def quote_gpu(quote: Quote) -> str:
    """The quoted GPU's display name, with the memory the quote's snapshot gives."""
    return offer_name(quote.gpu_name, read_snapshot(quote).offer.vram_gib)


def quote_sharding(quote: Quote) -> str | None:
    """The FSDP sharding the quote's request ran with (None for other strategies)."""
    return read_sharding(quote)


class QuoteDocument(QObject):
    """Renders one quote or order in ``lang`` ("ru" or "en")."""

    def __init__(self, lang: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._names = Names(self)
        self._lang = lang
        self._links = True

    def title(self, item: Quote | Order, *, saved: bool = True) -> str:
        """The document's title: order, saved quote or quote (draft) with its id and label."""
        quote = item.quote if isinstance(item, Order) else item
        if isinstance(item, Order):
            title = tr_id("QuoteDocument.order_id", "Order {id}").format(id=item.id)
        elif saved:
            title = tr_id("QuoteDocument.saved_quote_id", "Saved quote {id}").format(id=quote.id)
        else:
            title = tr_id("QuoteDocument.quote_id", "Quote {id}").format(id=quote.id)
        label = item.label  # an order's own label: edited since, it may differ from its quote's
        return f"{title} — {label}" if label else title

    def html(
        self,
        item: Quote | Order,
        now: datetime,
        *,
        saved: bool = True,
        purchase_key: str | None = None,
        links: bool = True,
        columns: int = 1,
    ) -> str:
        """The whole document; glossary terms are ``term:`` links when ``links``.

        ``saved`` is False for a quote not in the history yet (the Review page's draft). With
        ``columns=2`` the facts and the memory sit beside the price, the offer and the warnings
        (for a wide pane); printing uses one column.
        """
        self._links = links
        quote = item.quote if isinstance(item, Order) else item
        if isinstance(item, Order):
            head = self._order_rows(item, now)
        else:
            head = self._quote_rows(quote, saved, purchase_key)
        snapshot = read_snapshot(quote)
        estimate = snapshot.estimate
        facts = self._table(head + self._configuration_rows(quote, item, estimate))
        price, offer, memory = self._price(quote), self._offer(quote), self._memory(estimate)
        rest = [self._speed(estimate.speed), self._warnings(estimate.warnings)]
        notes = item.notes or quote.notes  # orders of version 1 histories kept none of their own
        if notes:
            rest.append(_heading(tr_id("QuoteDocument.notes", "Notes")) + f"<p>{escape(notes)}</p>")
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
            f"<h2>{escape(self.title(item, saved=saved))}</h2>\n{body}\n"
            + _heading(tr_id("QuoteDocument.disclaimer", "Disclaimer"))
            + f"<p style='color:{palette.MUTED}'><i>{escape(disclaimer)}</i></p>"
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
        status = self._names.status(order.status(now))
        rows = [
            (tr_id("QuoteDocument.status", "Status"), f"<b>{escape(status)}</b>"),
            (tr_id("QuoteDocument.placed_at", "Placed at"), escape(formats.utc(order.created_at))),
            (
                tr_id("QuoteDocument.idempotency_key", "Idempotency key"),
                self._key_text(order.idempotency_key),
            ),
            (tr_id("QuoteDocument.paid_from", "Paid from"), escape(formats.utc(order.paid_from))),
            (
                tr_id("QuoteDocument.paid_until", "Paid until"),
                f"<b>{escape(formats.utc(order.paid_until))}</b>",
            ),
        ]
        if order.stopped_at is not None:
            stopped = tr_id(
                "QuoteDocument.moment_the_paid_period_continues_nothing",
                "{moment}; the paid period continues, nothing is refunded",
            ).format(moment=formats.utc(order.stopped_at))
            rows.append((tr_id("QuoteDocument.stopped_at", "Stopped at"), escape(stopped)))
        rows.append(
            (
                tr_id("QuoteDocument.time_left", "Time left"),
                escape(formats.duration(order.time_left(now))),
            )
        )
        if order.quote_id:
            rows.append(
                (
                    tr_id("QuoteDocument.from_saved_quote", "From saved quote"),
                    escape(order.quote_id),
                )
            )
        return rows

    def _quote_rows(self, quote: Quote, saved: bool, purchase_key: str | None) -> list[Row]:
        status = (
            self._names.status("saved")
            if saved
            else tr_id("QuoteDocument.draft_not_saved_yet", "Draft, not saved yet")
        )
        rows = [
            (tr_id("QuoteDocument.status", "Status"), f"<b>{escape(status)}</b>"),
            (tr_id("QuoteDocument.quoted_at", "Quoted at"), escape(formats.utc(quote.created_at))),
        ]
        if purchase_key:
            rows.append(
                (
                    tr_id("QuoteDocument.key_of_the_next_placement", "Key of the next placement"),
                    self._key_text(purchase_key),
                )
            )
        return rows

    def _configuration_rows(
        self, quote: Quote, item: Quote | Order, estimate: SavedEstimate
    ) -> list[Row]:
        names = self._names
        params = estimate.params_total
        model = escape(names.model(quote.model))
        if params is not None:
            model += escape(
                tr_id("QuoteDocument.count_parameters", " ({count} parameters)").format(
                    count=formats.count(params)
                )
            )
        term = tr_id("QuoteDocument.term_hours_h", "{term} ({hours} h)").format(
            term=formats.term(quote.term_unit, quote.term_count), hours=quote.price.hours
        )
        strategy = names.strategy(quote.strategy, quote_sharding(quote))
        tp = estimate.tensor_parallel
        if tp is not None and tp > 1:
            strategy += tr_id(
                "QuoteDocument.tensor_parallel_degree_tp", ", tensor-parallel degree {tp}"
            ).format(tp=tp)
        rows = [
            (tr_id("QuoteDocument.workload", "Workload"), escape(names.workload(quote.workload))),
            (tr_id("QuoteDocument.model", "Model"), model),
            (
                tr_id("QuoteDocument.gpu_count", "GPU × count"),
                escape(formats.gpus(quote_gpu(quote), quote.gpus)),
            ),
            (tr_id("QuoteDocument.strategy", "Strategy"), escape(strategy)),
            (
                tr_id("QuoteDocument.term", "Term"),
                f"{escape(term)} ({self._term_link('fixed_term')})",
            ),
        ]
        if not isinstance(item, Order):
            start = formats.utc(quote.term_start)
            if not quote.start_given:
                start = tr_id(
                    "QuoteDocument.moment_as_quoted_an_order_starts",
                    "{moment} as quoted; an order starts when it is placed",
                ).format(moment=start)
            rows.append((tr_id("QuoteDocument.term_start", "Term start"), escape(start)))
            rows.append(
                (
                    tr_id("QuoteDocument.paid_until", "Paid until"),
                    escape(formats.utc(quote.term_end)),
                )
            )
        catalog = tr_id("QuoteDocument.id_as_of_date", "{id} as of {date}").format(
            id=quote.catalog_id, date=quote.catalog_as_of.isoformat()
        )
        rows.append((tr_id("QuoteDocument.catalog", "Catalog"), escape(catalog)))
        return rows

    def _price(self, quote: Quote) -> str:
        price = quote.price
        # The label names its kind ("GPU compute: …", "Tax 20 % of …"): one column says it.
        rows = "".join(
            f"<tr><td style='padding-right:14px'>{escape(line_label(item))}</td>"
            f"<td align='right'>{escape(formats.money(item.amount, price.currency))}</td></tr>"
            for item in price.line_items
        )
        total = escape(tr_id("QuoteDocument.total", "Total"))
        rows += (
            f"<tr><td><b>{total}</b></td>"
            f"<td align='right'><b>{escape(formats.money(price.total, price.currency))}</b>"
            "</td></tr>"
        )
        return (
            _heading(tr_id("QuoteDocument.price_as_quoted", "Price as quoted"))
            + f"<table cellspacing='0' cellpadding='2'>{rows}</table>"
        )

    def _offer(self, quote: Quote) -> str:
        gpu = read_snapshot(quote).offer
        title = tr_id(
            "QuoteDocument.gpu_and_unit_prices_as_of", "GPU and unit prices as of {date}"
        ).format(date=quote.catalog_as_of.isoformat())
        specs = tr_id(
            "QuoteDocument.name_vram_vram_interconnect_up_to",
            "{name}: {vram} VRAM, {interconnect}, up to {per_node} per node",
        ).format(
            name=vendor_label(quote.gpu_name),
            vram=formats.vram(gpu.vram_gib) if gpu.vram_gib is not None else "?",
            interconnect=gpu.interconnect if gpu.interconnect is not None else "?",
            per_node=gpu.gpus_per_node if gpu.gpus_per_node is not None else "?",
        )
        prices = quote.unit_prices
        quoted = tr_id("QuoteDocument.quoted", "quoted")
        cells = ""
        for unit in TERM_UNITS:
            if unit not in prices:
                continue
            text = tr_id(
                "QuoteDocument.price_currency_per_gpu_hour", "{price} {currency} per GPU-hour"
            ).format(price=formats.decimal_param(str(prices[unit])), currency=quote.currency)
            mark = unit == quote.term_unit
            value = f"<b>{escape(text)}</b> ← {escape(quoted)}" if mark else escape(text)
            per_unit = tr_id("QuoteDocument.per_unit", "per {unit}").format(
                unit=formats.term_unit(unit)
            )
            cells += f"<tr><td style='{NAME_STYLE}'>{escape(per_unit)}</td><td>{value}</td></tr>"
        return (
            f"<h3>{escape(title)}</h3><p>{escape(specs)}</p>"
            f"<table cellspacing='0' cellpadding='2'>{cells}</table>"
        )

    def _memory(self, estimate: SavedEstimate) -> str:
        memory = estimate.memory
        if not memory.known:
            return ""
        gib = formats.gib
        rows: list[Row] = [
            (self._names.component(key), escape(gib(size, 2)))
            for key in COMPONENTS
            if (size := memory.part(key))
        ]
        rows.append(
            (
                tr_id("QuoteDocument.total_per_gpu", "Total per GPU"),
                f"<b>{escape(gib(memory.total or 0, 2))}</b>",
            )
        )
        if estimate.usable_bytes:
            rows.append(
                (
                    tr_id("QuoteDocument.usable_per_gpu", "Usable per GPU"),
                    escape(gib(estimate.usable_bytes, 2)),
                )
            )
        if estimate.vram_bytes:
            rows.append(
                (
                    tr_id("QuoteDocument.vram_per_gpu", "VRAM per GPU"),
                    escape(gib(estimate.vram_bytes, 2)),
                )
            )
        headroom = estimate.headroom_bytes
        if estimate.fit_certainty == "uncertain":
            verdict = tr_id(
                "QuoteDocument.fit_uncertain_the_model_is_not",
                "fit uncertain: the model is not counted exactly",
            )
        elif estimate.fits is True and headroom is not None:
            verdict = tr_id(
                "QuoteDocument.fits_headroom_to_spare", "fits, {headroom} to spare"
            ).format(headroom=gib(headroom, 2))
        elif headroom is not None and headroom < 0:
            verdict = tr_id(
                "QuoteDocument.does_not_fit_short_short", "does not fit, {short} short"
            ).format(short=gib(-headroom, 2))
        else:
            verdict = tr_id(
                "QuoteDocument.not_placeable_see_the_warnings", "not placeable (see the warnings)"
            )
        rows.append((tr_id("QuoteDocument.verdict", "Verdict"), escape(verdict)))
        if estimate.approximate is not None:
            span = tr_id("QuoteDocument.low_to_high", "{low} to {high}").format(
                low=gib(estimate.approximate.low, 2), high=gib(estimate.approximate.high, 2)
            )
            rows.append(
                (
                    tr_id("QuoteDocument.approximate_total_per_gpu", "Approximate total per GPU"),
                    escape(span),
                )
            )
        binding = estimate.binding_component
        if binding:
            rows.append(
                (
                    tr_id("QuoteDocument.largest_component", "Largest component"),
                    escape(self._names.component(binding)),
                )
            )
        checkpoint = estimate.checkpoint_bytes
        if checkpoint is not None and checkpoint > 0:
            rows.append(
                (
                    tr_id("QuoteDocument.checkpoint_size", "Checkpoint size"),
                    f"{escape(gib(checkpoint))} ({self._term_link('training_checkpoint')})",
                )
            )
        return _heading(
            tr_id("QuoteDocument.memory_per_gpu_as_estimated", "Memory per GPU as estimated")
        ) + self._table(rows)

    def _speed(self, speed: SavedSpeed) -> str:
        rows: list[Row] = []
        if speed.decode_tokens_per_s:
            text = tr_id(
                "QuoteDocument.n_tokens_s_for_all_sequences",
                "{n} tokens/s for all sequences together",
            ).format(n=formats.number(speed.decode_tokens_per_s))
            rows.append((tr_id("QuoteDocument.generation", "Generation"), escape(text)))
        if speed.training_tokens_per_s:
            text = tr_id(
                "QuoteDocument.n_tokens_s_hours_h_for", "{n} tokens/s; {hours} h for the dataset"
            ).format(
                n=formats.number(speed.training_tokens_per_s),
                hours=formats.number(speed.job_hours or 0.0, 1),
            )
            rows.append((tr_id("QuoteDocument.training", "Training"), escape(text)))
        if speed.images_per_hour:
            text = tr_id("QuoteDocument.n_images_per_hour", "{n} images per hour").format(
                n=formats.number(speed.images_per_hour)
            )
            rows.append((tr_id("QuoteDocument.images", "Images"), escape(text)))
        if not rows:
            return ""
        notes = "".join(f"<li>{escape(a)}</li>" for a in assumption_texts(speed))
        # How each speed was found (a bound in older quotes, the step model and its band since)
        # is in the notes under the table.
        return (
            _heading(tr_id("QuoteDocument.speed", "Speed"))
            + self._table(rows)
            + f"<ul>{notes}</ul>"
        )

    def _warnings(self, warnings: tuple[SavedWarning, ...]) -> str:
        items = []
        for warning in warnings:
            if warning.code == "disclaimer":
                continue
            severity, key = warning.severity, warning.glossary_term
            term = f" ({self._term_link(key)})" if key else ""
            items.append(
                f"<li><b style='color:{palette.severity(severity)}'>"
                f"{escape(self._names.severity(severity))}</b> "
                f"{escape(warning_text(warning))}{term}</li>"
            )
        none = escape(tr_id("QuoteDocument.none", "None."))
        body = f"<ul>{''.join(items)}</ul>" if items else f"<p>{none}</p>"
        return _heading(tr_id("QuoteDocument.warnings", "Warnings")) + body


def _heading(text: str) -> str:
    return f"<h3>{escape(text)}</h3>"
