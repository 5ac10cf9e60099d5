"""A quote as a document: the HTML the review page shows and the PDF it exports.

Everything comes from the :class:`core.quotes.Quote` snapshot: line items and total as core
rounded them, the term's start and paid-until from ``core.terms``, the memory breakdown and
warnings of the estimate, and the glossary's disclaimer.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLocale, QMarginsF, QObject, QSizeF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

from core.glossary import load_glossary
from core.memory import COMPONENTS
from core.quotes import Quote
from gui.core_text import assumption_texts, line_label, warning_text
from gui.money import money
from gui.wizard.display import (
    SEVERITY_COLORS,
    component_name,
    count,
    gib,
    severity_name,
    strategy_name,
    term_unit_name,
    utc,
    workload_name,
)

TERM_SCHEME = "term"
PDF_RESOLUTION = 300


class QuoteDocument(QObject):
    """Renders one quote in the language ``lang`` ("ru" or "en")."""

    def __init__(self, quote: Quote, lang: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.quote = quote
        self.lang = lang

    def html(self, *, links: bool = True) -> str:
        """The whole quote as HTML; glossary terms are ``term:`` links when ``links``."""
        q = self.quote
        est: dict[str, Any] = q.estimate
        # Translated texts are taken outside f-strings: lupdate does not look inside them.
        title = self.tr("Quote {id}").format(id=q.id)
        parts = [f"<h2>{escape(title)}</h2>"]
        if q.label:
            parts.append(f"<p><b>{escape(q.label)}</b></p>")
        parts.append(self._summary(est))
        parts.append(self._price())
        parts.append(self._memory(est))
        parts.append(self._speed(est))
        parts.append(self._warnings(est, links))
        disclaimer = load_glossary().disclaimer(self.lang)
        parts.append(_heading(self.tr("Disclaimer")) + f"<p><i>{escape(disclaimer)}</i></p>")
        return "\n".join(parts)

    def _rows(self, rows: list[tuple[str, str]]) -> str:
        cells = "".join(
            f"<tr><td style='padding-right:16px'>{escape(k)}</td><td>{v}</td></tr>" for k, v in rows
        )
        return f"<table cellspacing='0' cellpadding='2'>{cells}</table>"

    def _summary(self, est: dict[str, Any]) -> str:
        q = self.quote
        model = est.get("model", {})
        params = model.get("params_total")
        counted = self.tr(" ({count} parameters)").format(count=count(params or 0))
        model_text = escape(q.model) + (escape(counted) if params else "")
        tp = (est.get("details") or {}).get("tensor_parallel")
        layout = self.tr("{gpus} × {gpu}, {strategy}").format(
            gpus=q.gpus, gpu=q.gpu_name, strategy=strategy_name(q.strategy)
        )
        if isinstance(tp, int) and tp > 1:
            layout += self.tr(", tensor-parallel degree {tp}").format(tp=tp)
        start = utc(q.term_start)
        if not q.start_given:
            start = self.tr("{time} if placed now (an order starts when it is placed)").format(
                time=start
            )
        rows = [
            (self.tr("Workload"), escape(workload_name(q.workload))),
            (self.tr("Model"), model_text),
            (self.tr("GPU offer"), escape(layout)),
            (self.tr("Term"), escape(term_unit_name(q.term_unit, q.term_count))),
            (self.tr("Start"), escape(start)),
            (self.tr("Paid until"), escape(utc(q.term_end))),
            (
                self.tr("Catalog"),
                escape(self.tr("{id} as of {date}").format(id=q.catalog_id, date=q.catalog_as_of)),
            ),
            (self.tr("Quoted at"), escape(utc(q.created_at))),
        ]
        return self._rows(rows)

    def _price(self) -> str:
        price = self.quote.price
        rows = "".join(
            f"<tr><td style='padding-right:16px'>{escape(line_label(item))}</td>"
            f"<td align='right'>{escape(money(item.amount, price.currency))}</td></tr>"
            for item in price.line_items
        )
        total = self.tr("Total")
        rows += (
            f"<tr><td><b>{escape(total)}</b></td>"
            f"<td align='right'><b>{escape(money(price.total, price.currency))}</b></td></tr>"
        )
        title = escape(self.tr("Price"))
        return f"<h3>{title}</h3><table cellspacing='0' cellpadding='2'>{rows}</table>"

    def _memory(self, est: dict[str, Any]) -> str:
        memory: dict[str, int] = est.get("memory_per_gpu", {})
        gpu: dict[str, Any] = est.get("gpu", {})
        rows = [(component_name(k), escape(gib(memory[k], 2))) for k in COMPONENTS if memory.get(k)]
        rows.append((self.tr("Total per GPU"), f"<b>{escape(gib(memory.get('total', 0), 2))}</b>"))
        rows.append((self.tr("Usable per GPU"), escape(gib(gpu.get("usable_bytes", 0), 2))))
        rows.append((self.tr("VRAM per GPU"), escape(gib(gpu.get("vram_bytes", 0), 2))))
        headroom = int(est.get("headroom_bytes", 0))
        if est.get("fits"):
            verdict = self.tr("fits, {headroom} headroom").format(headroom=gib(headroom, 2))
        elif headroom < 0:
            verdict = self.tr("does not fit, {short} short").format(short=gib(-headroom, 2))
        else:
            verdict = self.tr("blocked (see the warnings)")
        rows.append((self.tr("Verdict"), escape(verdict)))
        binding = est.get("binding_component")
        if binding:
            rows.append((self.tr("Largest component"), escape(component_name(binding))))
        return _heading(self.tr("Memory per GPU")) + self._rows(rows)

    def _speed(self, est: dict[str, Any]) -> str:
        speed: dict[str, Any] = est.get("throughput") or {}
        locale = QLocale()
        rows = []
        if speed.get("decode_tokens_per_s"):
            rows.append(
                (
                    self.tr("Generation"),
                    self.tr("up to {n} tokens/s for all sequences together").format(
                        n=locale.toString(float(speed["decode_tokens_per_s"]), "f", 0)
                    ),
                )
            )
        if speed.get("training_tokens_per_s"):
            rows.append(
                (
                    self.tr("Training"),
                    self.tr("{n} tokens/s; {hours} h for the dataset").format(
                        n=locale.toString(float(speed["training_tokens_per_s"]), "f", 0),
                        hours=locale.toString(float(speed.get("job_hours") or 0), "f", 1),
                    ),
                )
            )
        if speed.get("images_per_hour"):
            rows.append(
                (
                    self.tr("Images"),
                    self.tr("{n} images per hour").format(
                        n=locale.toString(float(speed["images_per_hour"]), "f", 0)
                    ),
                )
            )
        if not rows:
            return ""
        notes = "".join(f"<li>{escape(a)}</li>" for a in assumption_texts(speed))
        table = self._rows([(k, escape(v)) for k, v in rows])
        return _heading(self.tr("Speed (upper bounds)")) + f"{table}<ul>{notes}</ul>"

    def _warnings(self, est: dict[str, Any], links: bool) -> str:
        glossary = load_glossary()
        items = []
        for warning in est.get("warnings", []):
            if warning.get("code") == "disclaimer":
                continue
            key = warning.get("glossary_term", "")
            try:
                name = glossary.get(key).term(self.lang)
            except Exception:  # a term renamed since the quote was saved: show the key
                name = key
            term = (
                f'<a href="{TERM_SCHEME}:{escape(key)}">{escape(name)}</a>'
                if links
                else escape(name)
            )
            color = SEVERITY_COLORS.get(warning.get("severity", ""), "#000")
            severity = escape(severity_name(warning.get("severity", "")))
            message = escape(warning_text(warning))
            items.append(f"<li><b style='color:{color}'>{severity}</b> {message} ({term})</li>")
        none = self.tr("None.")
        body = f"<ul>{''.join(items)}</ul>" if items else f"<p>{escape(none)}</p>"
        return _heading(self.tr("Warnings")) + body

    def write_pdf(self, path: Path) -> None:
        """Write the quote as an A4 PDF to ``path``.

        Raises:
            OSError: The file cannot be written.
        """
        writer = QPdfWriter(str(path))
        writer.setResolution(PDF_RESOLUTION)
        writer.setTitle(self.tr("Quote {id}").format(id=self.quote.id))
        writer.setCreator("AnchorGPU Planner")
        writer.setPageLayout(
            QPageLayout(
                QPageSize(QPageSize.PageSizeId.A4),
                QPageLayout.Orientation.Portrait,
                QMarginsF(15, 15, 15, 15),
                QPageLayout.Unit.Millimeter,
            )
        )
        document = QTextDocument()
        document.setHtml(self.html(links=False))
        layout = writer.pageLayout()
        rect = layout.paintRectPixels(PDF_RESOLUTION)
        document.setPageSize(QSizeF(rect.width(), rect.height()))
        document.print_(writer)
        del writer  # finishes the file
        if not path.exists() or path.stat().st_size == 0:
            raise OSError(self.tr("could not write {path}").format(path=path))


def _heading(text: str) -> str:
    return f"<h3>{escape(text)}</h3>"
