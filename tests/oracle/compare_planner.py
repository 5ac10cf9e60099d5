"""Print what the planner computes for every fixture config next to the oracle's values.

Dev-only report, run with the project's own environment (it imports core, not transformers):

    .venv/bin/python -m tests.oracle.compare_planner [--markdown]

Columns: parameters (total and active) and cache bytes at 8,192 and 131,072 tokens, batch 1,
bfloat16, tensor parallel 1. The planner's cache figure is ``kv_cache_per_gpu`` (block-rounded,
which changes nothing at these multiples of 16 except inside a sliding window). A ratio of 1.000
means the planner matches transformers exactly; "refused" means the planner raised an error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from core.capacity.kv_cache import kv_cache_per_gpu
from core.model.model_config import architecture_from_config

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "tests" / "fixtures" / "hf_configs"


def _ratio(planner: int | None, oracle: int | None) -> str:
    if planner is None or oracle is None:
        return "-"
    if oracle == 0:
        return "inf" if planner else "1.000"
    return f"{planner / oracle:.3f}"


def _gb(value: int | None) -> str:
    return "-" if value is None else f"{value / 1e9:.3f}"


def rows() -> list[dict[str, Any]]:
    expected = json.loads((CONFIGS / "expected.json").read_text())
    out = []
    for name, oracle in sorted(expected.items()):
        config = json.loads((CONFIGS / name / "config.json").read_text())
        row: dict[str, Any] = {"name": name, "model_type": oracle["model_type"], "oracle": oracle}
        try:
            arch = architecture_from_config(config, model_id=name, name=name, source="hf_config")
        except Exception as exc:  # noqa: BLE001
            row["error"] = f"{type(exc).__name__}: {exc}"
            out.append(row)
            continue
        row["total"] = arch.params_total
        row["active"] = arch.params_active if arch.is_moe else None
        row["cache"] = {
            length: kv_cache_per_gpu(arch, "bf16", int(length), 1, 1)
            for length in ("8192", "131072")
        }
        row["unknown"] = any("model_type" in str(n) for n in arch.notes)
        out.append(row)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    header = [
        "name",
        "model_type",
        "total oracle",
        "total planner/oracle",
        "active oracle",
        "active planner/oracle",
        "cache@8192 oracle GB",
        "planner/oracle",
        "cache@131072 oracle GB",
        "planner/oracle",
    ]
    lines = []
    exact_params = exact_cache = compared = 0
    for row in rows():
        o = row["oracle"]
        if "error" in row:
            lines.append(
                [row["name"], row["model_type"], str(o["params_total"]), "refused"] + ["-"] * 6
            )
            continue
        compared += 1
        c8 = o["cache"]["8192"]["transformers_bytes"]
        c128 = o["cache"]["131072"]["transformers_bytes"]
        exact_params += row["total"] == o["params_total"]
        exact_cache += row["cache"]["131072"] == c128
        lines.append(
            [
                row["name"],
                row["model_type"],
                str(o["params_total"]),
                _ratio(row["total"], o["params_total"]),
                str(o["params_active"]) if o["params_active"] is not None else "-",
                _ratio(row["active"], o["params_active"]),
                _gb(c8),
                _ratio(row["cache"]["8192"], c8),
                _gb(c128),
                _ratio(row["cache"]["131072"], c128),
            ]
        )
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for line in lines:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(h), *(len(line[i]) for line in lines)) for i, h in enumerate(header)]
        print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
        for line in lines:
            print("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)))
    print(
        f"\n{len(lines)} configs; planner ran on {compared}; parameters exact on {exact_params}; "
        f"cache at 131072 tokens exact on {exact_cache}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
