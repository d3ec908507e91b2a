"""Cross-references whose label LaTeX conversion dropped (``Section~\\ref{s}``): what is left of them.

The converter writes a marker where it dropped a ``\\ref``; a reference noun right before a marker
(``Section``, ``Eq.``, ``Tables ... and ...``) belongs to the dropped reference. Only such nouns are
touched, so text that never held a ``\\ref`` keeps every word.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Reference nouns and what they name in running text.
_NOUNS = {
    "Section": "section", "Sections": "sections", "Sec.": "section", "Secs.": "sections",
    "Table": "table", "Tables": "tables", "Tab.": "table", "Tabs.": "tables",
    "Figure": "figure", "Figures": "figures", "Fig.": "figure", "Figs.": "figures",
    "Equation": "equation", "Equations": "equations", "Eq.": "equation", "Eqs.": "equations",
    "Appendix": "appendix", "Appendices": "appendices", "App.": "appendix",
    "Algorithm": "algorithm", "Algorithms": "algorithms", "Alg.": "algorithm",
    "Theorem": "theorem", "Theorems": "theorems", "Thm.": "theorem",
    "Lemma": "lemma", "Lemmas": "lemmas", "Definition": "definition", "Definitions": "definitions", "Def.": "definition",
    "Corollary": "corollary", "Proposition": "proposition", "Prop.": "proposition", "Chapter": "chapter", "Chapters": "chapters",
    "Assumption": "assumption", "Assumptions": "assumptions",
}
_NOUN = "|".join(re.escape(noun) for noun in sorted(_NOUNS, key=len, reverse=True))
# A reference noun followed by a gap where its number was (polars regex): two spaces before a
# letter, or a space before punctuation ("Table  shows", "in Section ,"), as a scraper that dropped
# the label leaves it; or parentheses holding nothing but such nouns ("(see Section and Eq.)").
_NOUN_LIST = rf"(?:{_NOUN})(?:[ \t]*(?:,|and|or|&)[ \t]*(?:{_NOUN}))*"
_NOUNS_IN_PARENTHESES = rf"\((?:see|cf\.|e\.g\.,?)?[ \t]*{_NOUN_LIST}[ \t]*\)"
REFERENCE_GAPS = (rf"\b(?:{_NOUN})(?:[ \t]{{2,}}\p{{L}}|[ \t]+[,.;:)])", _NOUNS_IN_PARENTHESES)  # one regex each: 20x faster than one alternation
_GAP = re.compile(rf"\b({_NOUN})[ \t]+(?=[ \t][^\W\d_]|[,.;:)])")
_PARENTHESES = re.compile(_NOUNS_IN_PARENTHESES)
_NOUN_RE = re.compile(rf"(?<![\w.])(?:{_NOUN})")


def mark_gaps(text: str, marker: str) -> str:
    """Put ``marker`` where a reference's label is missing (``REFERENCE_GAPS``): after the noun, after a
    list word that follows it with a gap of its own (``Tables  and  show``), after each noun in parentheses."""
    text = _PARENTHESES.sub(lambda m: _NOUN_RE.sub(lambda noun: noun.group() + marker, m.group()), text)
    text = _GAP.sub(lambda m: m.group(1) + marker, text)
    escaped = re.escape(marker)
    return re.sub(rf"({escaped}[ \t]*(?:,|and|or|to|&|[-–—]+))[ \t]+(?=[ \t][^\W\d_]|[,.;:)])", rf"\1{escaped}", text)


@lru_cache(maxsize=4)
def _reference(marker: str) -> re.Pattern[str]:
    """An optional ``in`` (group 1), then reference nouns each followed by a marker (or a marker in
    parentheses, ``Eq.~(\\ref{e})``), joined by ``,``, ``and``, ``or``, ``to``, ``&`` or a dash (group 2)."""
    label = rf"(?:{marker}|\({marker}\))"
    return re.compile(
        rf"(?:\b(in)[ \t]+)?(?:the[ \t]+)?(?<![\w.])((?:{_NOUN})[ \t]*{label}(?:[ \t]*(?:,|and|or|to|&|[-–—]+)[ \t]*(?:(?:{_NOUN})[ \t]*)?{label})*)"
    )


def name_dropped_references(text: str, marker: str) -> str:
    """Rewrite each reference noun whose label was dropped (``marker`` after it).

    Alone in parentheses (``(see Section~\\ref{s} and Eq.~\\ref{e})``, ``(Theorem~\\ref{t})``) or
    after a participle and ``in`` before punctuation (``shown in Section~\\ref{s},``) the reference
    becomes ``marker`` (the caller drops markers and the parentheses they leave empty); elsewhere it
    is named with an article: ``Table~\\ref{t} shows`` -> ``The table shows``, ``as in Eq.~(\\ref{e})``
    -> ``as in the equation``.
    """
    if marker not in text:
        return text

    def rewrite(match: re.Match[str]) -> str:
        preposition, reference = match.group(1), match.group(2)
        before, after = text[: match.start()].rstrip(), text[match.end() :].lstrip(" \t")
        ends_clause = not after or after[0] in ",.;:!?)"
        alone_in_parentheses = ends_clause and after[:1] == ")" and re.search(r"\((?:e\.g\.,?|see|cf\.)?$", before)
        if alone_in_parentheses or (ends_clause and preposition and re.search(r"(?:ed|en|wn)$", before)):
            return marker
        nouns = dict.fromkeys(_NOUNS[noun] for noun in re.findall(_NOUN, reference))
        article = "the" if preposition or (before and before[-1] not in ".!?") else "The"
        return (f"{preposition} " if preposition else "") + f"{article} " + " and ".join(nouns)

    return _reference(re.escape(marker)).sub(rewrite, text)
