"""Font files (TTF) for rendering, installed as the package bookmaker.fonts."""
