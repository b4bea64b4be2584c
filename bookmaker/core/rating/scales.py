"""The rater's version and scales, and a rating as JSON: what specs, manifests and the
command line name without loading the rater's techniques."""

from __future__ import annotations

RATER_VERSION = "se-3"
SCALES = ("sukaku", "1.2.1")
DEFAULT_SCALE = "sukaku"


def rater_version(scale: str = DEFAULT_SCALE) -> str:
    """The rater version recorded with a rating: 'se-3', or 'se-3-1.2.1' on SE 1.2.1's
    scale."""
    return RATER_VERSION if scale == DEFAULT_SCALE else f"{RATER_VERSION}-{scale}"


def rating_json(texts: tuple[str, str, str], rater: str) -> dict:
    """ER, EP, ED, the rater version and its scale as JSON values: numbers, or text
    (">=9.0") for a lower bound."""
    def value(text: str):
        return text if text.startswith(">=") else float(text)
    er, ep, ed = texts
    return {"er": value(er), "ep": value(ep), "ed": value(ed), "rater": rater,
            "scale": scale_of(rater)}


def scale_of(rater: str) -> str:
    """The scale a rater version rates on ('se-2-1.2.1' -> '1.2.1'; older ones 'sukaku')."""
    return next((s for s in SCALES if s != DEFAULT_SCALE and rater.endswith("-" + s)),
                DEFAULT_SCALE)
