"""Counts are worded through Qt's plural forms: two in English, three in Russian.

"1 quote, 2 quotes" in English; "1 смета, 2 сметы, 5 смет, 21 смета" in Russian: the form follows
the number by each language's own rule, not an "(s)" or a "quotes: N" construction.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from gui.i18n_build import ts_path
from gui.presentation import counts


@pytest.mark.parametrize(("lang", "forms"), [("en", 2), ("ru", 3)])
def test_every_plural_message_has_every_form_of_its_language(lang, forms):
    found = 0
    for message in ET.parse(ts_path(lang)).getroot().iter("message"):
        if message.get("numerus") != "yes":
            continue
        found += 1
        texts = [form.text or "" for form in message.iter("numerusform")]
        assert len(texts) == forms, message.findtext("source")
        assert all(text.strip() for text in texts), message.findtext("source")
        if "%" in message.findtext("source", ""):  # a counted noun of core's messages has none
            assert all("%n" in t or "%Ln" in t for t in texts), message.findtext("source")
    assert found >= 10


def test_counts_in_english(app_state):
    assert (counts.quotes(1), counts.quotes(2)) == ("1 quote", "2 quotes")
    assert (counts.orders(1), counts.orders(0)) == ("1 order", "0 orders")
    assert f"{counts.options_fit(1)}, {counts.options_do_not_fit(2)}." == (
        "1 option fits, 2 do not."
    )
    assert counts.options_fit(3) == "3 options fit"
    assert counts.of_options_that_fit(1) == "of 1 option that fits"


def test_counts_in_russian_take_the_three_forms(app_state):
    app_state.update_settings(language="ru")
    assert [counts.quotes(n) for n in (1, 2, 5, 11, 21, 22)] == [
        "1 смета",
        "2 сметы",
        "5 смет",
        "11 смет",
        "21 смета",
        "22 сметы",
    ]
    assert [counts.orders(n) for n in (1, 3, 7)] == ["1 заказ", "3 заказа", "7 заказов"]
    assert counts.options_fit(2) == "подходят 2 варианта"
    assert counts.of_options_that_fit(5) == "из 5 подходящих вариантов"
    assert counts.quotes(1000).replace("\xa0", " ") == "1 000 смет"  # the locale's digits
