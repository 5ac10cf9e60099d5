"""Counted nouns, currencies and digit grouping where the walk-through found them wrong.

"4,096 tokens × 1 sequences", "28.1 h on 8 GPU", cost columns without a currency, a dataset of
"1000000000" tokens, and ``fit`` listing gpt-oss after every other model.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from PySide6.QtCore import QLocale

from core.texts.messages import Message
from gui.core_text import message_text
from gui.wizard.int_field import IntField, parse_int_text
from tests.cli_helpers import run_cli


def run_message(gpus: int) -> Message:
    from core.pricing.outcome import OutcomeCost

    cost = OutcomeCost(
        currency="USD",
        utilization=Decimal(1),
        hourly=Decimal("19.93"),
        run_gpu_hours=28.1 * gpus,
        run_hours=28.1,
        run_cost=Decimal("560.06"),
        flops_factor=6,
        mfu=0.4,
    )
    [message] = [m for m in cost.messages(168) if m.key.startswith("outcome.run")]
    return message


def test_a_training_run_counts_its_gpus_in_both_languages(app_state) -> None:
    assert "28.1 h on 8 GPUs, 560.06 USD" in run_message(8)
    assert "28.1 h on 1 GPU, 560.06 USD" in run_message(1)
    assert message_text(run_message(8)) == str(run_message(8))  # English: core's own text
    app_state.update_settings(language="ru")
    russian = message_text(run_message(8)).replace("\xa0", " ")
    assert "224,8 GPU-часа, 28,1 ч на 8 GPU, 560,06 USD" in russian


def test_the_estimate_names_the_gpus_of_the_run(capsys, tmp_path) -> None:
    from tests.cli_helpers import write_request

    request = write_request(
        tmp_path,
        {
            "workload": "training",
            "model": {"preset": "llama-3.2-1b"},
            "gpu": "h100-80gb-sxm",
            "parallelism": {"strategy": "ddp", "gpus": 8},
        },
    )
    text = run_cli(capsys, "estimate", "--request", request).out
    assert re.search(r"training run: [\d.,]+ GPU-hours, [\d.,]+ h on 8 GPUs, ", text), text


def test_fit_words_counts_shows_currencies_groups_digits_and_sorts_names(capsys) -> None:
    out = run_cli(capsys, "fit", "--gpu", "h100-80gb-sxm", "--term", "week").out
    lines = out.splitlines()
    assert lines[0] == (
        "Models on NVIDIA H100 SXM · 80 GiB (inference, 4,096 tokens × 1 sequence), term 1 × week"
    )
    rows = [line.split() for line in lines[2:] if line.startswith("  ") and "single" in line]
    assert rows and all(row[-1] == "USD" for row in rows)  # the 1M-out cost has its currency
    # a limit's digits grouped (command-r7b's longest context runs past a million tokens)
    assert re.search(r" \d{1,3},\d{3},\d{3} ", out) and not re.search(r" \d{7,} ", out)
    names = [row[0] for row in rows]
    assert names == sorted(names, key=str.casefold)
    assert names.index("gpt-oss-20b") < names.index("llama-3.1-8b")
    training = run_cli(capsys, "fit", "--gpu", "h100-80gb-sxm", "--workload", "training").out
    header = training.splitlines()[1]
    assert header.rstrip().endswith("run cost")
    fitting = [
        line
        for line in training.splitlines()[2:]
        if line.startswith("  ") and line.split()[2:3] in (["single"], ["ddp"], ["fsdp"])
    ]
    assert fitting and all(line.rstrip().endswith("USD") for line in fitting)


@pytest.mark.parametrize(
    ("language", "shown"),
    [("en", "1,000,000,000"), ("ru", "1\xa0000\xa0000\xa0000")],
)
def test_a_large_count_in_a_field_is_grouped_and_reads_back(
    qtbot, app_state, language: str, shown: str
) -> None:
    app_state.update_settings(language=language)
    field = IntField()
    qtbot.addWidget(field)
    field.setValue(1_000_000_000)
    separator = QLocale().groupSeparator()
    assert field.text() == shown.replace("\xa0", separator)
    assert field.request_value() == 1_000_000_000
    assert parse_int_text(field.text()) == 1_000_000_000
    field.setValue(4096)
    assert field.text() == "4096"  # four digits stay whole
