"""Grading by the techniques a person needs: candidates, the techniques, the grades and ladders."""
