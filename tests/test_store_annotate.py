"""Editing the label and notes of a saved quote or an order: only those texts change."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.base.errors import InputError, NotFoundError
from core.quotes.quote import MAX_LABEL_LENGTH
from core.store import HistoryStore
from tests.store_helpers import NOW, make_quote


@pytest.fixture
def store(tmp_path: Path) -> HistoryStore:
    with HistoryStore(tmp_path / "history.sqlite", clock=lambda: NOW) as opened:
        yield opened


def test_a_quotes_label_and_notes_change_and_are_searched(store):
    quote = store.save_quote(make_quote(label="draft", notes="old words"))
    edited = store.annotate(quote.id, label="  chatbot staging ", notes="for the support team")
    assert (edited.label, edited.notes) == ("chatbot staging", "for the support team")
    again = store.get_quote(quote.id)
    assert (again.label, again.notes) == ("chatbot staging", "for the support team")
    assert again.total == quote.total and again.request == quote.request  # the snapshot stays
    assert [row.id for row in store.list_history(search="support")] == [quote.id]
    assert store.list_history(search="draft") == []  # the index follows the edit
    assert store.audit_entries(quote.id)[-1].action == "annotated"


def test_an_orders_notes_change_and_its_paid_period_does_not(store):
    order = store.place_order(make_quote(label="serving"), "key-1").order
    edited = store.annotate(order.id, notes="stop after the demo")
    assert edited.notes == "stop after the demo" and edited.label == "serving"
    assert (edited.paid_from, edited.paid_until, edited.total) == (
        order.paid_from,
        order.paid_until,
        order.total,
    )


def test_bad_edits_are_refused_and_change_nothing(store):
    quote = store.save_quote(make_quote(label="kept"))
    with pytest.raises(InputError):
        store.annotate(quote.id, label="x" * (MAX_LABEL_LENGTH + 1))
    with pytest.raises(NotFoundError):
        store.annotate("q-000000000000", label="nothing")
    assert store.get_quote(quote.id).label == "kept"
    assert [entry.action for entry in store.audit_entries(quote.id)] == ["saved"]
