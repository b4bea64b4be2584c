"""Drawing pages: PDF with embedded fonts (reportlab lives only here)."""
