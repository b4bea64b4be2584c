"""The least cell a reader solves in, by what they put in it (a cell's room): the stated
sizes in layouts/solving/cells.yaml, which a layout's grids.rooms may change."""

from __future__ import annotations

from functools import cache

from pydantic import Field

from .presets import parse_layout_as, preset_folder
from .problems import SpecError
from .values import Length, Schema, Text

CELLS_FILE = "solving/cells.yaml"


class Room(Schema):
    """What a cell holds: the least side a reader solves it in, and what they do there."""

    least: Length = Field(description="The least cell side a section gets by default.")
    to: Text = Field(description="What a reader does in such a cell, for messages: 'write "
                                 "its symbols in'.")


class CellRooms(Schema):
    """Every room a kind's cells may ask for (Presentation.cell_room), by name."""

    rooms: dict[str, Room] = Field(description="Each room by its name: 'written', 'shaded'.")


@cache
def cell_rooms() -> dict[str, Room]:
    """The rooms in layouts/solving/cells.yaml, by name."""
    text = (preset_folder() / CELLS_FILE).read_text(encoding="utf-8")
    model, problems = parse_layout_as(CellRooms, lambda model: [], text,
                                      f"layouts/{CELLS_FILE}", "cells")
    if model is None:
        raise SpecError(problems)
    return dict(model.rooms)
