"""The history store: saved quotes, idempotent orders, the order lifecycle, listing and search."""

from __future__ import annotations

import itertools
import json
import sqlite3
import threading
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.base.errors import IdempotencyConflictError, InputError, NotFoundError
from core.domain.catalog import default_catalog, parse_catalog
from core.pricing.prices import LineItem, Price
from core.quotes.quote import build_quote
from core.store import HistoryStore
from core.store.connection import _journal_mode_wal
from tests.catalog_prices import compute, rate, with_tax
from tests.store_helpers import NOW, make_quote, make_request


class Clock:
    def __init__(self, now: datetime = NOW) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> HistoryStore:
    with HistoryStore(tmp_path / "history.sqlite", clock=clock) as opened:
        yield opened


def _order_rows(store: HistoryStore) -> int:
    return int(store.conn.execute("SELECT count(*) FROM orders").fetchone()[0])


def test_a_saved_quote_comes_back_exactly(store: HistoryStore) -> None:
    quote = make_quote(label="Llama serving", tax_rate="0.2", storage_gb=100)
    store.save_quote(quote)
    again = store.get_quote(quote.id)
    assert again == quote
    assert again.price.line_items == quote.price.line_items
    units = ("hour", "day", "week", "month")
    assert again.unit_prices == {unit: str(rate("h100-80gb-sxm", unit)) for unit in units}
    assert again.catalog_id == "anchorgpu-2026-11"


def test_a_quote_is_never_recomputed_from_todays_catalog(store: HistoryStore) -> None:
    quote = make_quote()
    store.save_quote(quote)
    raw = default_catalog().model_dump(mode="json")
    raw["gpus"][1]["price_per_gpu_hour"]["week"] = "9.99"
    cheaper = parse_catalog(raw)
    assert cheaper.gpu("h100-80gb-sxm").price_per_gpu_hour.week == Decimal("9.99")
    again = store.get_quote(quote.id)
    assert again.price.unit_price_per_gpu_hour == rate("h100-80gb-sxm", "week")
    assert again.total == compute("h100-80gb-sxm", "week")


def test_saving_the_same_quote_twice_is_refused(store: HistoryStore) -> None:
    quote = make_quote()
    store.save_quote(quote)
    with pytest.raises(InputError, match="already saved"):
        store.save_quote(quote)


def test_unknown_ids_are_not_found(store: HistoryStore) -> None:
    with pytest.raises(NotFoundError):
        store.get_quote("q-000000000000")
    with pytest.raises(NotFoundError):
        store.get_order("o-000000000000")
    with pytest.raises(NotFoundError):
        store.find("nothing")


def test_placing_an_order_sets_the_paid_period_from_placement(
    store: HistoryStore, clock: Clock
) -> None:
    quote = make_quote()
    store.save_quote(quote)
    clock.now = NOW + timedelta(days=3, microseconds=250)
    result = store.place_order(quote, "key-1")
    order = result.order
    assert not result.replayed
    assert order.quote_id == quote.id
    assert order.paid_from == NOW + timedelta(days=3)
    assert order.paid_until == order.paid_from + timedelta(hours=168)
    assert order.total == quote.total
    assert order.status(clock.now) == "placed"


def test_a_requested_start_is_kept(store: HistoryStore) -> None:
    quote = make_quote(term={"unit": "month", "count": 1, "start": "2027-01-31T09:00:00Z"})
    order = store.place_order(quote, "k").order
    assert order.as_json(NOW)["paid_from"] == "2027-01-31T09:00:00Z"
    assert order.as_json(NOW)["paid_until"] == "2027-03-02T09:00:00Z"
    assert order.quote_id is None  # placed from a request, not from a saved quote


def test_same_key_same_request_replays_the_original_and_writes_nothing(
    store: HistoryStore, clock: Clock
) -> None:
    first = store.place_order(make_quote(), "retry-me").order
    changes_before = store.conn.total_changes
    clock.now = NOW + timedelta(hours=1)
    # A new quote of the same request (as a retried `order place --request` makes).
    replay = store.place_order(make_quote(now=clock.now), "retry-me")
    assert replay.replayed
    assert replay.order == first
    assert store.conn.total_changes == changes_before
    assert _order_rows(store) == 1


def test_same_key_other_request_is_a_conflict_and_writes_nothing(store: HistoryStore) -> None:
    first = store.place_order(make_quote(), "k1").order
    changes_before = store.conn.total_changes
    other = make_quote(gpus=2)
    with pytest.raises(IdempotencyConflictError) as caught:
        store.place_order(other, "k1")
    assert caught.value.exit_code == 3
    assert "idempotency key 'k1' belongs to another order" in str(caught.value)
    assert first.id in str(caught.value)
    assert store.conn.total_changes == changes_before
    assert _order_rows(store) == 1


def test_a_new_key_is_a_new_purchase(store: HistoryStore) -> None:
    quote = make_quote()
    one = store.place_order(quote, "a").order
    two = store.place_order(quote, "b").order
    assert one.id != two.id
    assert _order_rows(store) == 2


@pytest.mark.parametrize("key", ["", " padded ", "x" * 256, "tab\tkey"])
def test_unusable_keys_are_refused(store: HistoryStore, key: str) -> None:
    with pytest.raises(InputError, match="idempotency key"):
        store.place_order(make_quote(), key)


def test_a_configuration_that_does_not_fit_is_not_placed(store: HistoryStore) -> None:
    with pytest.raises(InputError, match="does not fit"):
        store.place_order(make_quote(fits=False), "k")
    assert _order_rows(store) == 0


def test_stop_keeps_paid_until_and_every_amount(store: HistoryStore, clock: Clock) -> None:
    order = store.place_order(make_quote(tax_rate="0.2", storage_gb=200), "k").order
    clock.now = NOW + timedelta(days=2, hours=3)
    stopped = store.stop_order(order.id)
    assert stopped.stopped_at == clock.now
    assert stopped.paid_until == order.paid_until
    assert stopped.paid_from == order.paid_from
    assert stopped.total == order.total
    assert stopped.quote == order.quote
    assert stopped.status(clock.now) == "stopped"
    assert stopped.time_left(clock.now) == order.paid_until - clock.now
    # Stopping again changes nothing.
    assert store.stop_order(order.id) == stopped
    actions = [entry.action for entry in store.audit_entries(order.id)]
    assert actions == ["placed", "stopped"]


def test_an_order_expires_when_its_paid_period_ends(store: HistoryStore, clock: Clock) -> None:
    order = store.place_order(make_quote(term={"unit": "day", "count": 1}), "k").order
    clock.now = order.paid_until - timedelta(seconds=1)
    assert store.list_history()[0].status == "placed"
    assert store.list_history()[0].time_left == timedelta(seconds=1)
    clock.now = order.paid_until
    row = store.list_history()[0]
    assert (row.status, row.time_left) == ("expired", timedelta(0))
    with pytest.raises(InputError, match="already expired"):
        store.stop_order(order.id)


def test_a_stopped_order_still_expires(store: HistoryStore, clock: Clock) -> None:
    order = store.place_order(make_quote(term={"unit": "hour", "count": 2}), "k").order
    store.stop_order(order.id)
    clock.now = NOW + timedelta(hours=3)
    assert store.get_order(order.id).status(clock.now) == "expired"
    assert store.count_history(status="expired") == 1
    assert store.count_history(status="stopped") == 0


def _fill(store: HistoryStore, clock: Clock) -> dict[str, str]:
    ids = {}
    specs = [
        ("alpha llama serving", "Llama 3.1 70B", "h100-80gb-sxm", "inference"),
        ("beta fine-tune", "Mistral 7B", "a100-80gb", "training"),
        ("gamma images", "SDXL", "l40s", "diffusion"),
        ("delta Квантование", "Qwen 2.5 32B", "h200-141gb", "inference"),
    ]
    for number, (label, model, gpu, workload) in enumerate(specs):
        clock.now = NOW + timedelta(minutes=number)
        quote = make_quote(label=label, model_name=model, gpu=gpu, workload=workload, now=clock.now)
        store.save_quote(quote)
        ids[label] = quote.id
        if number % 2 == 0:
            ids[label + " order"] = store.place_order(quote, f"key-{number}").order.id
    return ids


def test_listing_is_newest_first_with_both_kinds(store: HistoryStore, clock: Clock) -> None:
    _fill(store, clock)
    rows = store.list_history()
    assert len(rows) == 6 == store.count_history()
    assert [row.created_at for row in rows] == sorted((r.created_at for r in rows), reverse=True)
    assert {row.kind for row in rows} == {"quote", "order"}
    assert rows[0].label == "delta Квантование"


def test_paging(store: HistoryStore, clock: Clock) -> None:
    _fill(store, clock)
    everything = [row.id for row in store.list_history()]
    pages = [row.id for offset in (0, 2, 4) for row in store.list_history(limit=2, offset=offset)]
    assert pages == everything
    assert store.list_history(limit=2, offset=6) == []
    keyset: list[str] = []
    after = None
    while page := store.list_history(limit=4, after=after):
        keyset += [row.id for row in page]
        after = page[-1]
    assert keyset == everything
    quotes = [row.id for row in store.list_history(kind="quote")]
    first = store.list_history(kind="quote", limit=1)
    assert [row.id for row in store.list_history(kind="quote", after=first[0])] == quotes[1:]


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        ("llama", {"alpha llama serving"}),
        ("LLAM", {"alpha llama serving"}),  # prefix, any case
        ("a100", {"beta fine-tune"}),  # the GPU
        ("mistral", {"beta fine-tune"}),  # the model
        ("квант", {"delta Квантование"}),
        ("alpha serving", {"alpha llama serving"}),  # every word must match
        ("alpha images", set()),
    ],
)
def test_search(store: HistoryStore, clock: Clock, text: str, labels: set[str]) -> None:
    _fill(store, clock)
    assert {row.label for row in store.list_history(search=text)} == labels
    assert store.count_history(search=text) == len(store.list_history(search=text))


@pytest.mark.parametrize(
    "text",
    ['"', "'", 'llama"', "NEAR(", "label:alpha", "*", "-", "a OR", "(", "^x", "\x00", '""\''],
)
def test_search_syntax_typed_by_a_user_never_crashes(
    store: HistoryStore, clock: Clock, text: str
) -> None:
    _fill(store, clock)
    store.list_history(search=text)
    store.count_history(search=text)


def test_search_covers_notes(store: HistoryStore) -> None:
    quote = make_quote(label="plain", notes="customer wants NVLink")
    store.save_quote(quote)
    assert [row.id for row in store.list_history(search="nvlink")] == [quote.id]


def test_filters(store: HistoryStore, clock: Clock) -> None:
    ids = _fill(store, clock)
    assert {r.id for r in store.list_history(status="saved")} == {
        ids[k] for k in ids if not k.endswith("order")
    }
    assert {r.kind for r in store.list_history(status="placed")} == {"order"}
    assert {r.workload for r in store.list_history(workload="training")} == {"training"}
    assert store.count_history(kind="order") == 2
    assert store.count_history(kind="quote", status="placed") == 0
    with pytest.raises(InputError, match="unknown status"):
        store.list_history(status="cancelled")
    with pytest.raises(InputError, match="page size"):
        store.list_history(limit=0)


def test_rows_carry_what_the_history_table_shows(store: HistoryStore) -> None:
    store.place_order(make_quote(label="x", gpus=4, tax_rate="0.1"), "k")
    data = store.list_history()[0].as_json()
    assert data["kind"] == "order"
    assert data["gpus"] == 4
    assert data["strategy"] == "fsdp"
    assert data["term"] == "1 week"
    assert data["total"] == str(with_tax(compute("h100-80gb-sxm", "week", gpus=4), 10))
    assert data["currency"] == "USD"
    assert data["status"] == "placed"
    assert data["time_left_seconds"] == 168 * 3600


def test_money_is_stored_as_integer_minor_units(store: HistoryStore) -> None:
    quote = make_quote(tax_rate="0.2")
    store.save_quote(quote)
    stored = store.conn.execute("SELECT total_minor, currency FROM quotes").fetchone()
    assert stored == (int(quote.total * 100), "USD")
    assert isinstance(stored[0], int)


def test_tables_are_strict(store: HistoryStore) -> None:
    store.save_quote(make_quote())
    with pytest.raises(sqlite3.IntegrityError):
        store.conn.execute("UPDATE quotes SET total_minor = '12.30'")
    with pytest.raises(sqlite3.IntegrityError):
        store.conn.execute("UPDATE quotes SET total_minor = 12.3")


def test_the_connection_stays_on_its_thread(store: HistoryStore) -> None:
    errors: list[BaseException] = []

    def elsewhere() -> None:
        try:
            store.list_history()
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert errors and isinstance(errors[0], sqlite3.ProgrammingError)


def _priced(minor_amounts: list[int], currency: str) -> Price:
    places = 0 if currency == "JPY" else 2
    amounts = [Decimal(m).scaleb(-places) for m in minor_amounts]
    items = tuple(
        LineItem(kind="compute" if n == 0 else "storage", label=f"line {n}", amount=a)
        for n, a in enumerate(amounts)
    )
    return Price(
        currency=currency,
        hours=168,
        gpus=1,
        unit_price_per_gpu_hour=Decimal("1.00"),
        line_items=items,
        total=sum(amounts, Decimal(0)),
    )


def test_money_round_trips_through_the_store_exactly(tmp_path: Path) -> None:
    catalogs = {
        currency: parse_catalog(default_catalog().model_dump(mode="json") | {"currency": currency})
        for currency in ("USD", "EUR", "JPY")
    }
    moments = (NOW + timedelta(seconds=n) for n in itertools.count())
    with HistoryStore(tmp_path / "money.sqlite", clock=lambda: NOW) as store:

        @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
        @given(
            minor=st.lists(st.integers(0, 10**13), min_size=1, max_size=3),
            currency=st.sampled_from(sorted(catalogs)),
        )
        def check(minor: list[int], currency: str) -> None:
            catalog = catalogs[currency]
            gpu = catalog.gpu("h100-80gb-sxm")
            price = _priced(minor, currency)
            quote = build_quote(make_request(), {}, gpu, 1, catalog, price, now=next(moments))
            store.save_quote(quote)
            again = store.get_quote(quote.id)
            assert again.price == price
            assert again.total == price.total
            assert str(again.total) == str(price.total)
            stored = store.conn.execute(
                "SELECT total_minor FROM quotes WHERE id = ?", (quote.id,)
            ).fetchone()[0]
            assert stored == sum(minor)
            row = next(r for r in store.list_history(limit=1))
            assert (row.id, row.total, row.currency) == (quote.id, price.total, currency)
            order = store.place_order(quote, quote.id).order
            assert order.total == price.total

        check()


def test_the_snapshot_json_is_stored_once_per_quote(store: HistoryStore) -> None:
    quote = make_quote()
    store.save_quote(quote)
    store.place_order(quote, "k1")
    store.place_order(quote, "k2")
    assert store.conn.execute("SELECT count(*) FROM quote_snapshots").fetchone()[0] == 1
    text = store.conn.execute("SELECT snapshot FROM quote_snapshots").fetchone()[0]
    assert json.loads(text)["price"]["total"] == str(quote.total)


def test_a_quote_whose_paid_period_has_ended_cannot_be_ordered(store: HistoryStore):
    # the store's clock reads NOW (2026-11-02 10:00 UTC); a week from 2026-10-01 ended on 10-08
    ended = make_quote(term={"unit": "week", "count": 1, "start": "2026-10-01T09:00:00Z"})
    with pytest.raises(InputError, match="has already ended"):
        store.place_order(ended, "key-ended")
    assert store.counts()["orders"] == 0
    # a period that started yesterday and runs for a week is still on sale
    running = make_quote(term={"unit": "week", "count": 1, "start": "2026-11-01T09:00:00Z"})
    assert store.place_order(running, "key-running").order.paid_until == datetime(
        2026, 11, 8, 9, 0, tzinfo=NOW.tzinfo
    )


class _LockedThenWal:
    """A connection whose journal-mode switch is refused ``refusals`` times, then succeeds."""

    def __init__(self, refusals: int, error: str = "database is locked") -> None:
        self.refusals, self.error, self.calls = refusals, error, 0

    def execute(self, sql: str) -> sqlite3.Cursor:
        assert sql == "PRAGMA journal_mode = WAL"
        self.calls += 1
        if self.calls <= self.refusals:
            raise sqlite3.OperationalError(self.error)
        return sqlite3.connect(":memory:").execute("SELECT 'wal'")


def test_switching_to_wal_waits_out_another_process_switching_it() -> None:
    # SQLite refuses a journal-mode change at once, without its busy handler, while another
    # process opening the same new file holds a lock (seen as a StoreError in the race test).
    conn = _LockedThenWal(refusals=3)
    assert _journal_mode_wal(conn) == "wal"  # type: ignore[arg-type]
    assert conn.calls == 4


def test_switching_to_wal_gives_up_on_other_errors_at_once() -> None:
    conn = _LockedThenWal(refusals=1, error="disk I/O error")
    with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
        _journal_mode_wal(conn)  # type: ignore[arg-type]
    assert conn.calls == 1
