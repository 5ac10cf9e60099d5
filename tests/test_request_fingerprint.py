"""A request saved by an earlier version keeps its fingerprint after the request gains fields.

The fingerprint (SHA-256 of the canonical JSON) is what an idempotent placement compares: if it
changed for an old request, retrying an old placement with its key would be refused as another
configuration. ``history-v1.sqlite`` holds orders placed by the first version.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from core.domain.canonical_request import canonical_request_json
from core.domain.request import PlanRequest
from core.quotes.quote import request_fingerprint

FIXTURE = Path(__file__).parent / "fixtures" / "history-v1.sqlite"


def _orders() -> list[tuple[str, dict[str, object]]]:
    with sqlite3.connect(f"file:{FIXTURE}?mode=ro", uri=True) as db:
        rows = db.execute(
            "SELECT o.request_sha256, s.snapshot FROM orders o"
            " JOIN quote_snapshots s ON s.id = o.snapshot_id"
        ).fetchall()
    return [(sha, json.loads(snapshot)["request"]) for sha, snapshot in rows]


def test_orders_placed_by_the_first_version_keep_their_fingerprints():
    orders = _orders()
    assert orders
    for sha, request in orders:
        assert request_fingerprint(PlanRequest.model_validate(request)) == sha


def test_a_new_field_at_its_default_is_left_out_and_set_is_kept():
    plain = PlanRequest.model_validate(
        {"workload": "training", "model": {"preset": "llama-3.1-8b"}}
    )
    assert '"loss"' not in plain.canonical_json()
    chunked = PlanRequest.model_validate(
        {
            "workload": "training",
            "model": {"preset": "llama-3.1-8b"},
            "training": {"loss": "chunked"},
        }
    )
    assert '"loss":"chunked"' in chunked.canonical_json()
    assert request_fingerprint(chunked) != request_fingerprint(plain)
    # A snapshot's dumped request gives the same canonical JSON as the request itself.
    assert canonical_request_json(chunked.model_dump(mode="json")) == chunked.canonical_json()
