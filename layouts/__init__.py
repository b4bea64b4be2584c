"""Page layout presets (YAML data), installed as the package bookmaker.layouts."""
