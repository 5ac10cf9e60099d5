"""The engine half of the self-test: bundled data, a sample plan and a throw-away history.

``anchorgpu-planner --self-test`` (``gui/self_test.py``) runs these checks and adds the window's;
``anchorgpu-planner self-test`` runs them alone, for a machine without a display. A frozen bundle
runs the same checks after every build, so a module or a data file the bundle lacks fails the build.

Each check returns one line saying what it saw, or raises; :mod:`core.app.check_runner` runs them,
one line each, never stopping at the first failure. The checks read only the bundled resources,
write only into the folder they are given and refuse any network access while they run.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any, TextIO

from core.app.check_runner import (
    Check,
    NetworkGuard,
    SelfTestError,
    emit,
    isolated_user_data,
    network_check,
    run_checks,
    scratch_folder,
    summary,
)
from core.app.cli import build_parser
from core.base import paths
from core.base.errors import PlannerError
from core.base.resources import resource_path, resources_dir
from core.domain.catalog import bundled_catalog_path, default_catalog, load_catalog_file
from core.domain.glossary import LANGUAGES, load_glossary
from core.domain.request import ModelRef
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.estimate.results import estimate_to_json
from core.model.models import list_presets, resolve_model
from core.planning.planner import plan
from core.pricing.prices import price_for
from core.quotes.quote import Quote, build_quote, utc_now
from core.store import HistoryStore
from core.store.backup import backup_database

GLOSSARY_TERMS = 12
COMMANDS = (
    "estimate",
    "schema",
    "catalog",
    "glossary",
    "plan",
    "quote",
    "order",
    "history",
    "db",
    "self-test",
)
SAMPLE_REQUEST: dict[str, Any] = {
    "workload": "inference",
    "model": {"preset": "llama-3.1-8b"},
    "inference": {"context_tokens": 8192, "concurrent_sequences": 8},
    "term": {"unit": "week", "count": 1},
}
SAMPLE_TRAINING: dict[str, Any] = {"workload": "training", "model": {"preset": "llama-3.2-1b"}}
SAMPLE_DIFFUSION: dict[str, Any] = {"workload": "diffusion", "model": {"preset": "sdxl"}}
IDEMPOTENCY_KEY = "self-test-order-1"
# Every compiled Qt translation starts with these 16 bytes (QTranslator's file magic).
QM_MAGIC = bytes.fromhex("3cb86418caef9c95cd211cbf60a1bddd")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
# -- the checks ------------------------------------------------------------------------------------


def _app_folders() -> list[Path]:
    """Folders that belong to the installed app and must never hold user data."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False):
        found = [Path(sys.executable).resolve().parent]
        if bundle:
            found.append(Path(bundle).resolve())
        return found
    return [resources_dir().resolve().parent]  # the clone, or site-packages for a wheel


@contextlib.contextmanager
def _without_overrides() -> Iterator[None]:
    saved = {name: os.environ.pop(name, None) for name in (paths.DATA_ENV, paths.DB_ENV)}
    try:
        yield
    finally:
        os.environ.update({k: v for k, v in saved.items() if v is not None})


class EngineChecks:
    """The engine's checks, sharing the sample plan between them; writes only into ``workdir``."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self._quote: Quote | None = None

    def checks(self) -> list[Check]:
        """Every engine check, in the order they run."""
        return [
            Check("command line", self.command_line),
            Check("resources", self.resources),
            Check("catalog", self.catalog),
            Check("glossary", self.glossary),
            Check("model presets", self.model_presets),
            Check("translations", self.translation_files),
            Check("icons", self.icon_files),
            Check("sample plan", self.sample_plan),
            Check("other workloads", self.other_workloads),
            Check("history database", self.history),
            Check("data folder", self.data_folder),
        ]

    def command_line(self) -> str:
        """Every subcommand is listed, and its module (loaded by name when it runs) registers it."""
        text = build_parser().format_help()
        missing = [name for name in COMMANDS if name not in text]
        for name in COMMANDS:
            build_parser(name)
        if missing:
            raise SelfTestError(f"subcommands missing: {', '.join(missing)}")
        return f"{len(COMMANDS)} subcommands"

    def resources(self) -> str:
        """The resources folder is where the app looks for it."""
        folder = resources_dir()
        if not folder.is_dir():
            raise SelfTestError(f"no resources folder at {folder}")
        where = "bundle" if getattr(sys, "frozen", False) else "installation"
        return f"{folder} ({where})"

    def catalog(self) -> str:
        """The bundled catalog reads and validates."""
        catalog = load_catalog_file(bundled_catalog_path())
        return f"{catalog.catalog_id}: {len(catalog.gpus)} GPU offers in {catalog.currency}"

    def glossary(self) -> str:
        """Both glossary files load and agree, with every term."""
        glossary = load_glossary()
        count = len(glossary.entries)
        if count != GLOSSARY_TERMS:
            raise SelfTestError(f"{count} glossary terms, expected {GLOSSARY_TERMS}")
        empty = [e.key for e in glossary.entries if not (e.definition_ru and e.definition_en)]
        if empty:
            raise SelfTestError(f"terms without a definition: {', '.join(empty)}")
        return f"{count} terms in {' and '.join(LANGUAGES)}"

    def model_presets(self) -> str:
        """Every bundled preset resolves, and the presets of the sample requests are there."""
        presets = list_presets()
        found = {p.id for p in presets}
        wanted = [r["model"]["preset"] for r in (SAMPLE_REQUEST, SAMPLE_TRAINING, SAMPLE_DIFFUSION)]
        missing = [preset for preset in wanted if preset not in found]
        if missing:
            raise SelfTestError(f"presets missing: {', '.join(missing)}")
        for preset in presets:
            try:
                resolve_model(ModelRef(preset=preset.id))
            except PlannerError as error:
                raise SelfTestError(f"preset {preset.id}: {error}") from None
        llm = sum(1 for p in presets if p.kind == "llm")
        return f"{llm} language models and {len(presets) - llm} diffusion pipelines resolve"

    def translation_files(self) -> str:
        """The app's compiled translations are present (the window check loads them)."""
        for lang in LANGUAGES:
            path = resource_path("i18n", f"anchorgpu_{lang}.qm")
            _require_header(path, QM_MAGIC, "a compiled Qt translation")
        return f"anchorgpu_{{{','.join(LANGUAGES)}}}.qm"

    def icon_files(self) -> str:
        """The app icon's PNG sizes and the toolbar's SVG icons are present."""
        folder = resource_path("icons")
        pngs = sorted(folder.glob("anchorgpu-*.png"))
        if not pngs:
            raise SelfTestError(f"no app icon (anchorgpu-<size>.png) in {folder}")
        for path in pngs:
            _require_header(path, PNG_MAGIC, "a PNG image")
        svgs = sorted(folder.glob("*.svg"))
        for path in svgs:
            if b"<svg" not in path.read_bytes()[:4096]:
                raise SelfTestError(f"{path.name} is not an SVG image")
        return f"{len(pngs)} PNG sizes, {len(svgs)} SVG icons"

    def sample_plan(self) -> str:
        """A sample request through the estimate, the planner and the pricing."""
        catalog = default_catalog()
        request = parse_request(SAMPLE_REQUEST)
        single = estimate(request, catalog)
        if not single.fits:
            raise SelfTestError(f"{single.model.name} does not fit on any single GPU offer")
        ranked = plan(request, catalog)
        if not ranked.options:
            raise SelfTestError("the planner found no option that fits")
        best = ranked.options[0]
        price = price_for(catalog, best.gpu, best.estimate.gpus, request.term)
        if price.total != best.price.total or price.total <= 0:
            raise SelfTestError(f"price {price.total} differs from the plan's {best.price.total}")
        lines = sum((item.amount for item in price.line_items), Decimal(0))
        if lines != price.total:
            raise SelfTestError(f"line items add up to {lines}, the total is {price.total}")
        self._quote = build_quote(
            best.estimate.request,
            estimate_to_json(best.estimate),
            best.gpu,
            best.estimate.gpus,
            catalog,
            price,
            label="self-test",
            now=utc_now(),
        )
        return (
            f"{single.model.name}: {len(ranked.options)} options fit, best "
            f"{best.estimate.gpus} × {best.gpu.id} at {price.total} {price.currency} "
            f"per {request.term.count} {request.term.unit}"
        )

    def other_workloads(self) -> str:
        """Training and diffusion estimates run too (their capacity models are separate code)."""
        seen = []
        for raw in (SAMPLE_TRAINING, SAMPLE_DIFFUSION):
            result = estimate(parse_request(raw))
            if result.memory.total <= 0:
                raise SelfTestError(f"{raw['workload']} estimate has no memory")
            fit = "fits" if result.fits else "does not fit"
            seen.append(f"{raw['workload']} {result.model.name} {fit} on {result.gpu.id}")
        return "; ".join(seen)

    def history(self) -> str:
        """Save, place, replay, stop and back up in a temporary history database."""
        if self._quote is None:
            raise SelfTestError("needs the sample plan's quote, which failed")
        quote = self._quote
        with HistoryStore(self.workdir / "history.sqlite") as store:
            store.save_quote(quote)
            if store.get_quote(quote.id).total != quote.total:
                raise SelfTestError("the saved quote reads back with another total")
            placed = store.place_order(quote, IDEMPOTENCY_KEY)
            if placed.replayed:
                raise SelfTestError("a new idempotency key was treated as a replay")
            again = store.place_order(quote, IDEMPOTENCY_KEY)
            if not again.replayed or again.order.id != placed.order.id:
                raise SelfTestError("placing again with the same key made a second order")
            stopped = store.stop_order(placed.order.id)
            if stopped.stopped_at is None:
                raise SelfTestError("the stopped order has no stop time")
            if stopped.paid_until != placed.order.paid_until or stopped.total != quote.total:
                raise SelfTestError("stopping the order changed its paid period or its amount")
            verified = backup_database(store, self.workdir / "backup.sqlite")
            if verified.counts != store.counts():
                raise SelfTestError("the backup's row counts differ from the database's")
        paid = placed.order.paid_until - placed.order.paid_from
        return (
            f"quote saved; order placed, replayed by its key, stopped with "
            f"{_days(paid)} paid unchanged; backup verified ({sum(verified.counts.values())} "
            f"rows, schema {verified.schema_version})"
        )

    def data_folder(self) -> str:
        """The user's data folder lies outside the app's own folder."""
        with _without_overrides():
            default = paths.data_dir().resolve()
            database = paths.default_db_path().resolve()
        current = paths.data_dir().resolve()
        for folder in _app_folders():
            for path in (default, database, current):
                if path.is_relative_to(folder):
                    raise SelfTestError(f"{path} is inside the application folder {folder}")
        return f"{default} (this run: {current})"


def _require_header(path: Path, magic: bytes, what: str) -> None:
    try:
        head = path.read_bytes()[: len(magic)]
    except OSError as error:
        raise SelfTestError(f"cannot read {path}: {error.strerror or error}") from None
    if head != magic:
        raise SelfTestError(f"{path.name} is not {what}")


def _days(span: timedelta) -> str:
    return f"{span.days} days" if span.days else str(span)


def run_engine_self_test(out: TextIO | None = None) -> int:
    """Run the engine checks in a temporary folder; return 0 when every check passed, else 1."""
    with scratch_folder() as folder, isolated_user_data(folder), NetworkGuard.active() as tried:
        checks = [*EngineChecks(folder).checks(), network_check(tried)]
        outcomes = run_checks(checks, out)
    emit(summary(outcomes), out)
    return 0 if all(o.ok for o in outcomes) else 1
