"""Turning requests into puzzles: jobs, their production on an executor, and pages."""
