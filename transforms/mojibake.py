"""What mojibake looks like, for the stages that repair it (``normalize``, ``headers``) and the kept rule (``dedup``).

``MOJIBAKE`` selects the rows ftfy is asked to repair: ftfy's own test for text that looks like mojibake
(``ftfy.badness.BADNESS_RE``: UTF-8 read as cp1252 or latin-1 — "â€™", "Ã©" —, MacRoman — "‚Äô", "√©" —, cp1251 —
"вЂ™" —, cp437 — "ΓÇÖ" —, cp1250, cp1253, cp1257), written without its verbose whitespace and comments so that
polars' regex engine reads it as Python's does (but for ``\\w`` and ``\\s`` on a few combining marks, fractions and
control characters). Accented text, Greek, Cyrillic and mathematical symbols in their place do not match ("café", "für",
"Ærø", "α ≤ β"); ftfy decides on the rows that do.

``CP1252_PAIR`` is the narrower pattern of UTF-8 read as cp1252 or latin-1: a lead byte's character (U+00C2-U+00F4)
followed by a continuation byte's (U+0080-U+00BF, or what cp1252 shows for 0x80-0x9F); what ftfy leaves of it in a
normalized text is damage (``dedup.DAMAGE``).
"""

from __future__ import annotations

import polars as pl
from ftfy.badness import BADNESS_RE


def _without_verbose_syntax(pattern: str) -> str:
    """A verbose-mode (``re.X``) pattern without its insignificant whitespace and ``#`` comments; character classes and
    escapes are kept as they are (Rust's verbose mode, unlike Python's, would also drop a class's spaces)."""
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            if pattern[i + 1 : i + 2] == "]":  # a "]" first in a class is a member
                out.append("[]")
                i += 2
                continue
        elif char == "#":
            i = pattern.find("\n", i) if "\n" in pattern[i:] else len(pattern)
            continue
        elif char.isspace():
            i += 1
            continue
        out.append(char)
        i += 1
    return "".join(out)


CP1252_CONTINUATION = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"
# The first two bytes of a U+2000-U+203F character (a quote, a dash, the ellipsis) read as cp1252.
CP1252_LEAD = "\u00e2\u20ac"
# ... whose last byte the decoder dropped (0x9D, a closing quote, and 0x90, a hyphen, are no cp1252 characters;
# ``errors="ignore"``): ftfy's test does not see it alone.
DROPPED_LAST_BYTE = CP1252_LEAD + "(?:[^\u0080-\u00bf" + CP1252_CONTINUATION + "]|$)"
MOJIBAKE = _without_verbose_syntax(BADNESS_RE.pattern) + "|" + DROPPED_LAST_BYTE
CP1252_PAIR = "[\u00c2-\u00f4][\u0080-\u00bf" + CP1252_CONTINUATION + "]"


def non_ascii(texts: pl.Series) -> pl.Series:
    """Whether each text holds a character beyond ASCII (a byte count above the character count; null: false): the rows
    mojibake, accents and other scripts can be in."""
    return (texts.str.len_bytes() != texts.str.len_chars()).fill_null(False)
