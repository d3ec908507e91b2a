"""What mojibake looks like, for the stages that repair it (``normalize``, ``headers``).

UTF-8 read as cp1252 or latin-1: a lead byte's character (U+00C2-U+00F4) followed by a
continuation byte's (U+0080-U+00BF, or what cp1252 shows for 0x80-0x9F). Accented text
rarely has that pair ("café", "für", "Ærø" do not); ftfy decides on the rows that do.
"""

from __future__ import annotations

_CP1252_CONTINUATION = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"
MOJIBAKE = "[\u00c2-\u00f4][\u0080-\u00bf" + _CP1252_CONTINUATION + "]"
