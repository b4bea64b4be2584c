"""Syndication: a run of puzzles as the files other desks take, beside the print PDFs: an
ipuz document per puzzle (or a JSON record for a kind ipuz has no kind for), the series'
JSON feed and CSV, and a self-contained web page to play them on (formats.py lists them).
"""
