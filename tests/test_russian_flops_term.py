"""Russian names a compute rate in «Тфлопс», the unit written in Russian as memory is in «ГиБ» and
bandwidth in «ГБ/с», and a count of operations in «FLOP»; never the English plural «TFLOPs»."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from core.domain.request_parsing import parse_request

TS = Path(__file__).resolve().parents[1] / "resources" / "i18n" / "anchorgpu_ru.ts"


def translations() -> list[tuple[str, str]]:
    pairs = []
    for message in ET.parse(TS).getroot().iter("message"):
        source = message.findtext("source") or ""
        node = message.find("translation")
        forms = [f.text or "" for f in node.iter("numerusform")] if node is not None else []
        text = " ".join(forms) if forms else (node.text or "" if node is not None else "")
        pairs.append((source, text))
    return pairs


def test_every_russian_rate_is_in_tflops_and_every_count_in_flop():
    pairs = translations()
    rates = [(s, t) for s, t in pairs if "TFLOP" in s]
    counts = [(s, t) for s, t in pairs if re.search(r"\bFLOPs? per token", s)]
    assert rates and counts
    for source, text in rates:
        assert "Тфлопс" in text and "TFLOP" not in text, (source, text)
    for source, text in counts:
        assert "FLOP на токен" in text and "FLOPs" not in text, (source, text)
    assert not [t for _, t in pairs if re.search(r"TFLOPs|FLOPs", t)]


def test_the_emulated_format_warning_reads_tflops_in_russian(app_state):
    from core.domain.catalog import default_catalog
    from core.estimate.dispatch import estimate
    from gui.core_text import finding_text

    raw = {"model": {"preset": "gpt-oss-20b"}, "gpu": "h100-80gb-sxm"}
    result = estimate(parse_request(raw), default_catalog())
    emulated = next(f for f in result.findings if f.code == "format_emulated")
    app_state.update_settings(language="ru")
    russian = finding_text(emulated)
    assert re.search(r"на пике bf16 \(\d[\d\s\u00a0]* Тфлопс\)", russian), russian
    assert "TFLOP" not in russian
