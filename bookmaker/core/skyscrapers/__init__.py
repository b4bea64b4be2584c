"""Skyscrapers: a Latin square of building heights with visibility clues around it."""
