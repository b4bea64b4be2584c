"""Pages as plain data, in points: geometry, grid placements and text, and grids laid out
onto pages; what render/ draws, for books and dailies alike."""
