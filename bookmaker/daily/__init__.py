"""The newspaper pipeline: dates, puzzles, sheets, files and the registry."""
