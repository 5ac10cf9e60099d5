"""History speed with 100,000 orders: the first page of ``history list`` and a search.

The database is built in a temporary folder through the app's own schema (FTS triggers included),
with the rows inserted by ``executemany`` in one transaction. Baseline, measured in the same
process on the same file: a plain ``SELECT * FROM orders LIMIT 50`` (no search index, no
merge with quotes, no status), so the ratios show what listing adds over reading 50 rows.
Targets (wall time on the development machine): each listing under 100 ms median.
"""

from __future__ import annotations

import random
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from core.domain.catalog import default_catalog
from core.quotes.quote import Quote
from core.store import HistoryStore
from core.store.records import stamp, stamp_seconds
from core.store.rows import ORDER_COLUMNS, insert_snapshot, listed_columns
from tests.benchmarks.timing import median_ms, report
from tests.store_helpers import NOW, make_quote

ORDERS = 100_000
QUOTES = 2_000
RUNS = 30
TARGET_MS = 100.0
PROJECTS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india")
MODELS = ("Llama 3.1 70B", "Llama 3.1 8B", "Mistral 7B", "Qwen 2.5 32B", "SDXL", "Gemma 2 27B")


def _snapshots() -> list[Quote]:
    catalog = default_catalog()
    quotes = []
    for gpu in catalog.gpus:
        for gpus in (1, 2, 4, 8):
            if gpus <= gpu.max_gpus:
                quotes.append(make_quote(gpu=gpu.id, gpus=gpus, tax_rate="0.2"))
    return quotes


def build(path: Path, orders: int = ORDERS, quotes: int = QUOTES) -> None:
    """Create a history with ``orders`` orders and ``quotes`` saved quotes."""
    rng = random.Random(100_000)
    snapshots = _snapshots()
    with HistoryStore(path, clock=lambda: NOW) as store, store.transaction() as conn:
        for snapshot in snapshots:
            insert_snapshot(conn, snapshot)
        order_rows = []
        for number in range(orders):
            quote = rng.choice(snapshots)
            created = NOW - timedelta(days=365) + timedelta(seconds=number * 315)
            paid_from = created.replace(microsecond=0)
            paid_until = paid_from + timedelta(hours=quote.price.hours * rng.choice((1, 4, 30)))
            stopped = paid_from + timedelta(hours=1) if number % 7 == 0 else None
            values = listed_columns(quote) | {
                "id": f"o-{number:012x}",
                "quote_id": None,
                "snapshot_id": quote.id,
                "idempotency_key": f"bench-{number}",
                "request_sha256": quote.request_sha256,
                "created_at": stamp(created),
                "label": f"{rng.choice(PROJECTS)} run {number}",
                "model": rng.choice(MODELS),
                "paid_from": stamp_seconds(paid_from),
                "paid_until": stamp_seconds(paid_until),
                "stopped_at": stamp_seconds(stopped) if stopped else None,
                "notes": "priority customer" if number % 50 == 0 else "",
            }
            order_rows.append(tuple(values[name] for name in ORDER_COLUMNS))
        names = ", ".join(ORDER_COLUMNS)
        marks = ", ".join("?" for _ in ORDER_COLUMNS)
        conn.executemany(f"INSERT INTO orders ({names}) VALUES ({marks})", order_rows)
        quote_rows = []
        for number in range(quotes):
            quote = rng.choice(snapshots)
            created = NOW - timedelta(days=300) + timedelta(seconds=number * 13_000)
            values = listed_columns(quote) | {
                "id": f"q-{number:012x}",
                "created_at": stamp(created),
                "label": f"{rng.choice(PROJECTS)} estimate {number}",
                "notes": "",
            }
            quote_rows.append(values)
        # Saved quotes reuse the snapshots' rows: each needs its own snapshot id.
        conn.executemany(
            "INSERT INTO quote_snapshots (id, created_at, snapshot) "
            "SELECT ?, created_at, snapshot FROM quote_snapshots WHERE id = ?",
            [(row["id"], snapshots[n % len(snapshots)].id) for n, row in enumerate(quote_rows)],
        )
        columns = list(quote_rows[0])
        conn.executemany(
            f"INSERT INTO quotes ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})",
            [tuple(row[c] for c in columns) for row in quote_rows],
        )


def main() -> int:
    ok = True
    with tempfile.TemporaryDirectory(prefix="anchorgpu-bench-") as folder:
        path = Path(folder) / "history.sqlite"
        started = time.perf_counter()
        build(path)
        built = time.perf_counter() - started
        size_mb = path.stat().st_size / 1e6
        print(
            f"  built {ORDERS:,} orders and {QUOTES:,} quotes in {built:.1f} s ({size_mb:.0f} MB)"
        )
        opened = time.perf_counter()
        store = HistoryStore(path, clock=lambda: NOW)
        print(f"  open with quick_check: {(time.perf_counter() - opened) * 1000:.0f} ms")
        with store:
            conn = store.conn
            baseline = median_ms(
                lambda: conn.execute("SELECT * FROM orders LIMIT 50").fetchall(), runs=RUNS
            )
            round_trip = median_ms(lambda: conn.execute("SELECT 1").fetchall(), runs=RUNS)
            report("baseline: SELECT * FROM orders LIMIT 50", baseline, baseline)
            report("SELECT 1 round trip", round_trip, baseline)
            cases = [
                ("history list, first page", lambda: store.list_history(limit=50), True),
                (
                    "search 'charlie', first page",
                    lambda: store.list_history(search="charlie"),
                    True,
                ),
                (
                    "search 'prior cust', first page",
                    lambda: store.list_history(search="prior cust"),
                    True,
                ),
                ("search 'h100', first page", lambda: store.list_history(search="h100"), True),
                ("search with no hits", lambda: store.list_history(search="zzzz"), True),
                ("status placed, first page", lambda: store.list_history(status="placed"), True),
                ("count, no filter", lambda: store.count_history(), False),
                ("count, search 'charlie'", lambda: store.count_history(search="charlie"), False),
                ("page at offset 50,000", lambda: store.list_history(offset=50_000), False),
            ]
            middle = store.list_history(offset=49_999, limit=1)[0]
            cases.append(
                ("page after row 50,000 (keyset)", lambda: store.list_history(after=middle), True)
            )
            for name, func, targeted in cases:
                value = median_ms(func, runs=RUNS)
                ok &= report(name, value, baseline, TARGET_MS if targeted else None)
    print(f"  {'PASS' if ok else 'FAIL'}: listing and search under {TARGET_MS:g} ms median")
    return 0 if ok else 1
