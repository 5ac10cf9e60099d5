"""Draw the icons: ``python -m tools.make_icons`` writes them to resources/icons.

The app icon is a GPU chip with an anchor on it, drawn with QPainter on a 256-unit canvas, so every
PNG size and the SVG come from the same drawing; small sizes leave out the chip's pins, which would
only blur at 16 px. The toolbar's action icons are SVG (sharp at any scale factor) on a 24-unit
canvas; a desktop icon theme, where there is one, takes precedence over them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QGuiApplication,
    QImage,
    QLinearGradient,
    QPainter,
    QPen,
    QPolygonF,
)
from PySide6.QtSvg import QSvgGenerator

from core.base.resources import resource_path

SIZES = (16, 32, 64, 128, 256)
CANVAS = 256.0
NAVY = QColor("#0f2a52")
BLUE = QColor("#2a6fc9")
CHIP = QColor("#eef4fc")
PIN = QColor("#9fc0ea")
ACTION = QColor("#3b6ea8")  # mid blue: readable on light and dark toolbars
ACTION_CANVAS = 24.0


def paint_icon(painter: QPainter, size: float) -> None:
    """Paint the icon into a ``size`` × ``size`` square at the painter's origin."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / CANVAS, size / CANVAS)
    detailed = size >= 48

    gradient = QLinearGradient(QPointF(0, 0), QPointF(0, CANVAS))
    gradient.setColorAt(0.0, BLUE)
    gradient.setColorAt(1.0, NAVY)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(gradient))
    painter.drawRoundedRect(QRectF(8, 8, 240, 240), 52, 52)

    if detailed:
        painter.setBrush(PIN)
        for i in range(4):
            offset = 84 + i * 26
            painter.drawRoundedRect(QRectF(offset, 36, 10, 28), 4, 4)
            painter.drawRoundedRect(QRectF(offset, 192, 10, 28), 4, 4)
            painter.drawRoundedRect(QRectF(36, offset, 28, 10), 4, 4)
            painter.drawRoundedRect(QRectF(192, offset, 28, 10), 4, 4)
    chip = QRectF(60, 60, 136, 136) if detailed else QRectF(36, 36, 184, 184)
    painter.setBrush(CHIP)
    painter.drawRoundedRect(chip, 18, 18)

    # The anchor, centred on the chip: ring, shaft, stock and the curved arms with flukes.
    scale = chip.width() / 136
    painter.translate(chip.center())
    painter.scale(scale, scale)
    pen = QPen(NAVY, 11 if detailed else 16)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(QPointF(0, -40), 11, 11)
    painter.drawLine(QPointF(0, -29), QPointF(0, 46))
    painter.drawLine(QPointF(-24, -14), QPointF(24, -14))
    painter.drawArc(QRectF(-44, -4, 88, 52), 180 * 16, 180 * 16)
    painter.drawLine(QPointF(-44, 22), QPointF(-52, 10))
    painter.drawLine(QPointF(44, 22), QPointF(52, 10))
    painter.restore()


def _action_pen(painter: QPainter, width: float = 2.0) -> None:
    pen = QPen(ACTION, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)


def paint_new_plan(painter: QPainter) -> None:
    """A sheet with a folded corner and a plus."""
    _action_pen(painter)
    painter.drawPolygon(
        QPolygonF([QPointF(5, 3), QPointF(14, 3), QPointF(19, 8), QPointF(19, 21), QPointF(5, 21)])
    )
    painter.drawPolyline(QPolygonF([QPointF(14, 3), QPointF(14, 8), QPointF(19, 8)]))
    painter.drawLine(QPointF(9, 14.5), QPointF(15, 14.5))
    painter.drawLine(QPointF(12, 11.5), QPointF(12, 17.5))


def paint_find(painter: QPainter) -> None:
    """A magnifying glass."""
    _action_pen(painter)
    painter.drawEllipse(QPointF(10, 10), 6, 6)
    _action_pen(painter, 3)
    painter.drawLine(QPointF(14.8, 14.8), QPointF(20, 20))


def paint_glossary(painter: QPainter) -> None:
    """An open book."""
    _action_pen(painter)
    left = [QPointF(12, 7), QPointF(7.5, 5), QPointF(3, 5), QPointF(3, 18), QPointF(7.5, 18)]
    painter.drawPolyline(QPolygonF([*left, QPointF(12, 20), QPointF(12, 7)]))
    right = [QPointF(12, 7), QPointF(16.5, 5), QPointF(21, 5), QPointF(21, 18), QPointF(16.5, 18)]
    painter.drawPolyline(QPolygonF([*right, QPointF(12, 20)]))


def paint_settings(painter: QPainter) -> None:
    """Three sliders."""
    _action_pen(painter)
    for y, knob in ((6, 15), (12, 8), (18, 13)):
        painter.drawLine(QPointF(3, y), QPointF(21, y))
        painter.setBrush(ACTION)
        painter.drawEllipse(QPointF(knob, y), 2.5, 2.5)
        painter.setBrush(Qt.BrushStyle.NoBrush)


def paint_quit(painter: QPainter) -> None:
    """A door frame with an arrow leaving it."""
    _action_pen(painter)
    painter.drawPolyline(
        QPolygonF([QPointF(13, 7), QPointF(13, 3), QPointF(4, 3), QPointF(4, 21), QPointF(13, 21)])
    )
    painter.drawLine(QPointF(13, 17), QPointF(13, 21))
    painter.drawLine(QPointF(9, 12), QPointF(21, 12))
    painter.drawPolyline(QPolygonF([QPointF(17, 8), QPointF(21, 12), QPointF(17, 16)]))


ACTION_ICONS: dict[str, Callable[[QPainter], None]] = {
    "new-plan": paint_new_plan,
    "find": paint_find,
    "glossary": paint_glossary,
    "settings": paint_settings,
    "quit": paint_quit,
}


def render_png(size: int, path: Path) -> None:
    """Write the app icon as a ``size`` px PNG."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint_icon(painter, size)
    painter.end()
    if not image.save(str(path)):
        raise OSError(f"cannot write {path}")


def render_svg(path: Path, paint: Callable[[QPainter], None], size: float) -> None:
    """Write one drawing as SVG on a ``size`` × ``size`` canvas."""
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(int(size), int(size)))
    generator.setViewBox(QRectF(0, 0, size, size))
    generator.setTitle("AnchorGPU Planner")
    painter = QPainter(generator)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint(painter)
    painter.end()


def main() -> int:
    """Write every size and the SVG; print what was written."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    folder = resource_path("icons")
    folder.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        render_png(size, folder / f"anchorgpu-{size}.png")
    render_svg(folder / "anchorgpu.svg", lambda p: paint_icon(p, CANVAS), CANVAS)
    for name, paint in ACTION_ICONS.items():
        render_svg(folder / f"action-{name}.svg", paint, ACTION_CANVAS)
    print(f"wrote the app icon ({len(SIZES)} PNG sizes, SVG) and {len(ACTION_ICONS)} action icons")
    return 0


if __name__ == "__main__":
    sys.exit(main())
