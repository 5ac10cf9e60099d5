"""JSON ``true`` in a number field of a request is refused naming the field, never read as 1."""

from __future__ import annotations

import pytest

from core.base.errors import InputError
from core.domain.request_parsing import parse_request
from tests.cli_helpers import run_cli, write_request

BASE = {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"}
CASES = [
    ({"parallelism": {"gpus": True}}, "parallelism.gpus"),
    ({"term": {"count": True}}, "term.count"),
    ({"term": {"unit": "day", "count": False}}, "term.count"),
    ({"runtime": {"context_gib": True}}, "runtime.context_gib"),
    ({"inference": {"max_num_seqs": True}}, "inference.max_num_seqs"),
    ({"inference": {"llamacpp": {"n_batch": True}}}, "inference.llamacpp.n_batch"),
    ({"training": {"micro_batch_size": True}}, "training.micro_batch_size"),
    ({"storage_gb": True}, "storage_gb"),
    ({"model": {"custom": {"params": True, "layers": 2}}}, "model.custom.params"),
]


@pytest.mark.parametrize(("extra", "field"), CASES)
def test_a_boolean_number_is_refused_naming_its_field(extra, field):
    with pytest.raises(InputError) as refused:
        parse_request(BASE | extra)
    assert refused.value.field == field
    assert refused.value.message.key == "request.boolean_number"


def test_boolean_fields_still_take_booleans():
    request = parse_request(BASE | {"training": {"activation_checkpointing": True}})
    assert request.training.activation_checkpointing is True


@pytest.mark.parametrize("command", ["estimate", "plan"])
def test_the_commands_refuse_gpus_true_in_one_line(capsys, user_data_dir, tmp_path, command):
    path = write_request(tmp_path, BASE | {"parallelism": {"gpus": True}})
    result = run_cli(capsys, command, "--request", path)
    assert result.code == 2
    assert result.err.strip().splitlines() == [
        "anchorgpu-planner: error: parallelism.gpus: must be a number, not true"
    ]
