"""A canvas that records what it is asked to draw (render/canvas.py), for tests that check a
rule over every drawn element whatever the backend."""

from __future__ import annotations

from dataclasses import dataclass, field


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

    def text(self, labels, faces, grey=0.0, pad=0.0):
        for face in faces:
            self.calls.append(Call("text", face.role, [label for label in labels
                                                       if faces[label.face] is face],
                                   faces=(face,), grey=grey, pad=pad))

    def of(self, role: str) -> list[Call]:
        return [call for call in self.calls if call.role == role]
