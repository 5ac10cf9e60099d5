"""Reading a plan request: decoded JSON, a request file or a saved quote's request, validated.

The models in :mod:`core.domain.request` say what a request may hold; this module is the way in
from outside. It refuses what pydantic would quietly accept (``true`` as a number), turns
pydantic's first error into one :class:`InputError` naming the field the user should change,
bounds the size of a request file and resolves its relative model paths.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from core.base.errors import InputError
from core.base.safe_json import read_json_file
from core.domain.canonical_request import SAVED_BNB_VERSION
from core.domain.request import PlanRequest
from core.domain.traffic_profile import rule_field
from core.texts.messages import Message, validation_message

MAX_REQUEST_BYTES = 1_000_000  # a request is well under a kilobyte; its model files are read apart


def read_saved_request(raw: Any) -> PlanRequest:
    """A saved quote's request, read with the behaviour it was quoted under.

    A request saved before ``training.bnb_version`` existed was estimated with bitsandbytes'
    kept inputs, the count of its versions before 0.43.2, so it reads as that version (its
    fingerprint stays: the canonical JSON leaves that value out).

    Raises:
        InputError: The saved request is not valid for this version (named by its field).
    """
    training = raw.get("training") if isinstance(raw, dict) else None
    if isinstance(training, dict) and "bnb_version" not in training:
        raw = {**raw, "training": {**training, "bnb_version": SAVED_BNB_VERSION}}
    return parse_request(raw)


# Rules over two fields are checked by a validator of the model holding both, which pydantic
# places at that model; the error names the field the message tells the user to change.
_RULE_FIELDS = {
    "request.kv_heads_divide": "model.custom.kv_heads",
    "request.active_exceeds": "model.custom.active_params",
    "request.llamacpp_v_needs_fa": "inference.llamacpp.flash_attn",
    "request.layerwise_casting_fp8": "precision.weights",
    "request.mtp_needs_vllm": "inference.mtp_speculative_tokens",
}


def _describe(error: ValidationError) -> InputError:
    """The first problem pydantic found, naming its field; the message keeps its template."""
    first = error.errors()[0]
    message = validation_message(first)
    field = ".".join(str(p) for p in first["loc"]) or "request"
    if isinstance(message, Message):
        field = rule_field(message.key, _RULE_FIELDS.get(message.key, field))
    return InputError(message, field=field)


def _refuse_booleans_as_numbers(raw: dict[str, Any], model: type[BaseModel], where: str) -> None:
    """Raise naming the first number field of ``raw`` that holds ``true`` or ``false``.

    pydantic reads JSON ``true`` as 1 in an integer or a float field, so ``"gpus": true`` planned
    one GPU without a word; a number field takes a number.

    Raises:
        InputError: A number field holds a boolean.
    """
    for key, value in raw.items():
        field = model.model_fields.get(key) if isinstance(key, str) else None
        if field is None:
            continue  # an unknown field: pydantic names it
        types = get_args(field.annotation) or (field.annotation,)
        name = f"{where}{key}"
        if isinstance(value, bool) and bool not in types and {int, float} & set(types):
            raise InputError(Message("request.boolean_number", value=json.dumps(value)), field=name)
        if isinstance(value, dict):
            for section in types:
                if isinstance(section, type) and issubclass(section, BaseModel):
                    _refuse_booleans_as_numbers(value, section, f"{name}.")


def parse_request(raw: Any) -> PlanRequest:
    """Validate decoded JSON as a request; raise :class:`InputError` naming the field."""
    if not isinstance(raw, dict):
        raise InputError(Message("request.not_an_object"), field="request")
    _refuse_booleans_as_numbers(raw, PlanRequest, "")
    try:
        return PlanRequest.model_validate(raw)
    except ValidationError as error:
        raise _describe(error) from None


def load_request_file(path: str | Path) -> PlanRequest:
    """Read a request file; relative model paths are resolved against the file's folder."""
    path = Path(path)
    try:
        raw = read_json_file(path, max_bytes=MAX_REQUEST_BYTES)
    except FileNotFoundError:
        raise InputError(Message("request.missing_file", path=str(path))) from None
    return with_model_paths_from(parse_request(raw), path.parent)


def with_model_paths_from(request: PlanRequest, folder: Path) -> PlanRequest:
    """``request`` with a relative model file path resolved against ``folder``."""
    model = request.model
    for key in ("hf_config", "safetensors", "gguf"):
        value = getattr(model, key)
        if value and not Path(value).is_absolute():
            resolved = str((folder / value).resolve())
            request = request.model_copy(update={"model": model.model_copy(update={key: resolved})})
    return request
