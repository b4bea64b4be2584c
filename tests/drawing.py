"""A canvas that records what it is asked to draw (render/canvas.py), for tests that check a
rule over every drawn element whatever the backend."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Call:
    """One primitive: its kind ('rects', 'lines', 'polygons', 'text'), role and arguments."""

    kind: str
    role: str
    items: list
    pen: object = None
    fill: float | None = None
    faces: tuple = ()
    grey: float = 0.0
    pad: float = 0.0


@dataclass
class Recorder:
    """The drawing interface, recording each call instead of drawing it."""

    calls: list[Call] = field(default_factory=list)

    def rects(self, boxes, role, fill=None, pen=None):
        self.calls.append(Call("rects", role, list(boxes), pen, fill))

    def lines(self, segments, pen, role):
        self.calls.append(Call("lines", role, list(segments), pen))

    def polygons(self, loops, pen, role):
        self.calls.append(Call("polygons", role, [tuple(loop) for loop in loops], pen))

    def shapes(self, loops, role, fill):
        self.calls.append(Call("shapes", role, [tuple(loop) for loop in loops], None, fill))

    def text(self, labels, faces, grey=0.0, pad=0.0):
        for face in faces:
            self.calls.append(Call("text", face.role, [label for label in labels
                                                       if faces[label.face] is face],
                                   faces=(face,), grey=grey, pad=pad))

    def of(self, role: str) -> list[Call]:
        return [call for call in self.calls if call.role == role]


def pdf_contents(data: bytes) -> list[bytes]:
    """The content streams of every page of a PDF and of the forms they draw."""
    import io

    from pypdf import PdfReader

    streams = []
    for page in PdfReader(io.BytesIO(data)).pages:
        contents = page.get_contents()
        assert contents is not None
        streams.append(contents.get_data())
        resources: Any = page["/Resources"]
        for form in (resources.get("/XObject") or {}).values():
            form = form.get_object()
            if form.get("/Subtype") == "/Form":
                streams.append(form.get_data())
    return streams


def stroke_widths(data: bytes) -> list[float]:
    """Every line width a PDF sets (its `w` operators)."""
    import re

    return [float(width) for stream in pdf_contents(data)
            for width in re.findall(rb"(?<![\w.])(\d*\.?\d+) w(?=\s)", stream)]


def fill_greys(data: bytes) -> list[float]:
    """Every grey a PDF fills with (its `g` operators)."""
    import re

    return [float(grey) for stream in pdf_contents(data)
            for grey in re.findall(rb"(?<![\w.])(\d*\.?\d+) g(?=\s)", stream)]
