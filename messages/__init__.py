"""Message catalogues (one YAML per language), installed as the package bookmaker.messages."""
