"""The wheel scrolls a form instead of changing the field under the pointer, until it has focus."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QScrollArea, QSpinBox, QWidget

from core.domain.request_parsing import parse_request
from gui.wizard.inference_form import InferenceForm


def _wheel(widget: QWidget, down: bool = True) -> bool:
    """One notch of the wheel over the middle of ``widget``; whether the widget accepted it.

    An event sent from code is not passed on to parents (Qt passes on only a real wheel's
    events that a widget leaves ignored), so what the tests can see is the acceptance.
    """
    centre = QPointF(widget.rect().center())
    delta = QPoint(0, -120 if down else 120)
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(),
        delta,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


def _shown_form(qtbot: Any) -> tuple[QScrollArea, InferenceForm]:
    form = InferenceForm()
    form.load(parse_request({"model": {"preset": "llama-2-7b"}}))
    area = QScrollArea()
    area.setWidget(form)
    area.setWidgetResizable(True)
    area.resize(500, 150)  # shorter than the form, as on a small screen
    qtbot.addWidget(area)
    area.show()
    qtbot.waitExposed(area)
    return area, form


def test_an_unfocused_field_leaves_the_wheel_to_the_page(qtbot):
    area, form = _shown_form(qtbot)
    combo = form.findChild(QComboBox, "servingEngine")
    spin = form.findChild(QSpinBox, "llamaCppGpuLayers")
    area.setFocus()
    before = (combo.currentIndex(), spin.value())
    assert not _wheel(combo)
    assert not _wheel(spin, down=False)
    assert (combo.currentIndex(), spin.value()) == before


def test_a_field_with_focus_takes_the_wheel(qtbot):
    _area, form = _shown_form(qtbot)
    combo = form.findChild(QComboBox, "servingEngine")
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    before = combo.currentIndex()
    assert _wheel(combo)
    assert combo.currentIndex() != before
    assert combo.focusPolicy() == Qt.FocusPolicy.StrongFocus  # the wheel alone gives no focus
