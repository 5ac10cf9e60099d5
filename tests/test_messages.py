"""Core's messages keep their template key and parameters, in Python and through JSON.

The English text is exactly the template filled with the parameters, so a front end that has only
the saved JSON (a snapshot) can word the same message in another language.
"""

from __future__ import annotations

import copy
import json
import pickle
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from core.base.errors import InputError
from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.estimate.results import estimate_to_json
from core.planning.planner import plan
from core.quotes.quote import parse_quote, quote_estimate
from core.texts.messages import TEMPLATES, Message, decimal_names, render
from core.texts.words import WORD_TEXTS, Word

NOW = datetime(2026, 11, 2, 10, 0, tzinfo=UTC)
REQUESTS = [
    {
        "model": {"preset": "llama-3.1-70b"},
        "gpu": "l4",
        "parallelism": {"strategy": "ddp", "gpus": 8},
    },
    {
        "model": {"preset": "mixtral-8x7b"},
        "gpu": "mi250",
        "precision": {"weights": "fp8", "kv_cache": "fp8"},
        "parallelism": {"strategy": "tensor", "gpus": 4},
    },
    {"model": {"preset": "deepseek-v3"}, "workload": "training", "storage_gb": 0},
    {
        "model": {"preset": "sdxl"},
        "workload": "diffusion",
        "diffusion": {"vae_tiling": True, "batch_size": 4, "cpu_offload": "sequential"},
    },
    {"model": {"custom": {"params": 7_000_000_000}}, "gpu": "h100-80gb-pcie"},
]


def _key(warning: dict[str, object]) -> str:
    variant = warning.get("variant")
    return f"{warning['code']}.{variant}" if variant else str(warning["code"])


@pytest.mark.parametrize("raw", REQUESTS)
def test_every_warning_is_its_template_filled_with_its_saved_params(raw):
    data = json.loads(json.dumps(estimate_to_json(estimate(parse_request(raw)))))
    assert len(data["warnings"]) >= 2
    for warning in data["warnings"]:
        assert warning["message"] == render(_key(warning), warning["params"])
    assumptions = data["throughput"]["assumptions"]
    saved = data["throughput"]["assumption_params"]
    assert len(saved) == len(assumptions)
    for text, entry in zip(assumptions, saved, strict=True):
        assert text == render(entry["key"], entry["params"])


def test_a_number_parameter_stays_a_number_in_json():
    raw = {"model": {"preset": "llama-3.2-1b"}, "workload": "training", "gpu": "l4"}
    data = json.loads(json.dumps(estimate_to_json(estimate(parse_request(raw)))))
    restore = next(w for w in data["warnings"] if w["code"] == "checkpoint_restore")
    assert isinstance(restore["params"]["size"], float)
    assert f"about {restore['params']['size']:.1f} GB" in restore["message"]
    assert "variant" not in restore  # only findings worded in variants carry one


def test_price_line_params_survive_the_quote_snapshot():
    raw = dict(REQUESTS[0], term={"unit": "week"}, storage_gb=250)
    result = estimate(parse_request(raw))
    quote = quote_estimate(result, default_catalog(), tax_rate=Decimal("0.2"), now=NOW)
    again = parse_quote(json.loads(json.dumps(quote.as_json())))
    assert [item.kind for item in again.price.line_items] == ["compute", "storage", "tax"]
    assert again.price.line_items == quote.price.line_items
    for item in again.price.line_items:
        assert item.label == render(f"price.{item.kind}", item.params)
    compute = again.price.line("compute")
    assert compute is not None
    assert compute.params == {
        "gpus": 8,
        "gpu": "l4",
        "hours": 168,
        "unit_price": str(result.gpu.price_per_gpu_hour.for_unit("week")),
        "currency": "USD",
    }
    assert again.price.as_json()["line_items"][2]["params"]["percent"] == "20"


def test_a_snapshot_saved_without_params_still_reads():
    result = estimate(parse_request(REQUESTS[0]))
    quote = quote_estimate(result, default_catalog(), tax_rate=Decimal(0), now=NOW)
    old = quote.as_json()
    for item in old["price"]["line_items"]:
        del item["params"]
    for warning in old["estimate"]["warnings"]:
        warning.pop("params")
        warning.pop("variant", None)
    again = parse_quote(old)
    assert again.price.line_items[0].params == {}
    assert again.price.line_items[0].label == quote.price.line_items[0].label


def test_a_message_is_a_string_that_remembers_its_template():
    message = Message("request.tp_exceeds_gpus", tp=4, gpus=2)
    assert message == "tensor_parallel (4) cannot exceed gpus (2)"
    assert isinstance(message, str)
    assert (message.key, dict(message.params)) == ("request.tp_exceeds_gpus", {"tp": 4, "gpus": 2})
    for twin in (pickle.loads(pickle.dumps(message)), copy.deepcopy(message)):
        assert twin == message
        assert (twin.key, twin.params) == (message.key, message.params)
    with pytest.raises(KeyError):
        Message("no.such.template")


def test_a_refused_field_keeps_pydantic_type_and_limit():
    with pytest.raises(InputError) as caught:
        parse_request({"model": {"preset": "x"}, "inference": {"context_tokens": 0}})
    error = caught.value
    assert str(error) == "inference.context_tokens: Input should be greater than or equal to 1"
    assert error.field == "inference.context_tokens"
    assert isinstance(error.message, Message)
    assert (error.message.key, dict(error.message.params)) == (
        "pydantic.greater_than_equal",
        {"ge": 1},
    )


def test_a_validator_of_the_request_gives_its_own_template():
    layout = {"strategy": "tensor", "gpus": 6, "tensor_parallel": 4}
    with pytest.raises(InputError) as caught:
        parse_request({"model": {"preset": "x"}, "parallelism": layout})
    assert str(caught.value) == "parallelism: gpus (6) must be a multiple of tensor_parallel (4)"
    assert caught.value.message.key == "request.gpus_not_multiple"


def test_planner_reasons_and_suggestions_are_messages():
    sizes = {"context_tokens": 131072, "concurrent_sequences": 64}
    result = plan(parse_request({"model": {"preset": "llama-3.1-405b"}, "inference": sizes}))
    assert not result.options
    for option in result.infeasible:
        assert option.reason == "; ".join(option.reason_parts)
        assert all(isinstance(part, Message) for part in option.reason_parts)
    assert result.suggestions
    assert {s.key for s in result.suggestions} <= {k for k in TEMPLATES if k.startswith("planner.")}


def test_a_word_parameter_carries_its_own_id():
    sizes = {"context_tokens": 131072, "concurrent_sequences": 64}
    planned = plan(parse_request({"model": {"preset": "llama-3.1-405b"}, "inference": sizes}))
    words = [v for s in planned.suggestions for v in s.params.values() if isinstance(v, Word)]
    strategies = [s.params["strategy"] for s in planned.suggestions]
    assert strategies and all(isinstance(v, Word) for v in strategies)
    assert {w.key for w in words} >= {"word.strategy.tensor"}
    for word in words:  # the English a command line prints is the word's own text
        assert WORD_TEXTS[word.key] == word
    assert pickle.loads(pickle.dumps(words[0])).key == words[0].key


def test_every_word_is_used_by_a_template_through_a_parameter():
    groups = {key.split(".")[1] for key in WORD_TEXTS}
    used = {"larger", "method", "stored_as", "strategy", "change", "binding", "unit"}
    used |= {"constraint", "doing", "what"}
    assert groups == used
    for name in used:
        assert any(f"{{{name}" in text for text in TEMPLATES.values()), name


def test_a_template_says_which_parameters_are_decimals():
    assert decimal_names(TEMPLATES["price.tax"]) == {"percent", "subtotal"}
    assert decimal_names(TEMPLATES["planner.over_budget"]) == {"total", "budget"}
    assert render("price.tax", {"percent": "7.5", "subtotal": "10.00", "currency": "USD"}) == (
        "Tax 7.5 % of 10.00 USD"
    )


def test_render_gives_the_formatters_text_for_every_template() -> None:
    # render() reads each template's parsed fields from a cache; the text must be str.format's.
    from core.texts.messages import FORMATTER, TEMPLATES, render

    checked = 0
    for key, template in TEMPLATES.items():
        names = {name.split(".")[0] for _, name, _, _ in FORMATTER.parse(template) if name}
        for value in (1234.5678, "word"):
            params = dict.fromkeys(names, value)
            try:
                expected = FORMATTER.format(template, **params)
            except (ValueError, TypeError):  # a number spec given a word: not this value
                continue
            assert render(key, params) == expected, key
            checked += 1
    assert checked >= len(TEMPLATES)
