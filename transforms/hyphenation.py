"""Words hyphenated at a line end: joined when the joined form is a word, the hyphen kept otherwise; and words a PDF's text
split around an f-ligature (``join_split_ligatures``).

``opti-\\nmizer`` is ``optimizer``, ``pre-\\ntrained`` and ``state-of-the-\\nart`` keep their hyphen. Before a capital the hyphen
stays (``Kullback-\\nLeibler``) unless the block writes the two pieces as one word elsewhere (``Step-\\nPlanner`` where the
block names ``StepPlanner``): a name a PDF's line broke.
A line end an aggregator made a space (``repre- sentations``, ``circuit- broken``) is read the same way, before
a lower-case word other than a conjunction or a function word: ``pre- and post-training`` is a suspended hyphen and stays.
The word list is wordfreq's English list (bundled with the package, loaded on first use, so
only a process that meets such a break pays for it).
"""

from __future__ import annotations

import re
from collections.abc import Set
from functools import lru_cache

# A line break with the spaces around it, or an empty line: the lines split joined at an empty line (Python and polars regex).
LINE_BREAK = r"[^\S\n]*\n(?:[^\S\n]*\n)?[^\S\n]*"
# A line-end hyphen, soft hyphen or U+2010 after a letter, before a letter on the next line, or before spaces and a
# lower-case letter on its line (polars regex).
LINE_END_HYPHEN = r"\p{L}[-\u2010\u00ad](?:" + LINE_BREAK + r"\p{L}|[^\S\n]+\p{Ll})"
# Words after a suspended hyphen ("first- and second-order", "Ein- und Ausgabe"): not the rest of a word.
# Nor a word this frequent (wordfreq's Zipf scale: "the" 7.7, "which" 6.4, "find" 5.7, "based" 5.1): "intra- the" is no broken word.
FUNCTION_WORD_ZIPF = 6.0
SUSPENDED_BEFORE = frozenset({"and", "or", "nor", "to", "versus", "vs", "as", "but", "than", "und", "oder", "bzw", "sowie", "bis", "et", "ou", "y", "o", "e"})
SOFT_HYPHEN = "\u00ad"
# The joined word wins unless the two pieces, as words, are over 30 times as frequent (10^1.5, in
# wordfreq's estimate for a hyphenated pair): "optimizer", "without", "furthermore" and
# "autoregressive" are joined; "pre-trained", "multi-task", "fine-tuning" and "trade-off" stay.
JOIN_MARGIN = 1.5
# Anchored on the hyphen (scanning for words first is slow); ``spaced``: no line end, only spaces.
_BREAK = re.compile(r"([-\u2010\u00ad])(?:" + LINE_BREAK + r"|(?P<spaced>[^\S\n]+))(?=[^\W\d_])")
_HEAD = re.compile(r"[^\W\d_]+\Z")
_TAIL = re.compile(r"[^\W\d_]+")
_WORD = re.compile(r"\w+")
_COMPOUND = re.compile(r"\b\w+(?:[-\u2010]\w+)+")
_HYPHENS = re.compile(r"[-\u2010]")
_ENDINGS = ("s", "es", "d", "ed", "ing")


def join_hyphenated(text: str) -> str:
    """Join every word hyphenated at a line end of ``text`` (see the module docstring); those line breaks (or spaces) go."""
    pieces: list[str] = []
    done = 0
    unhyphenated = ""
    spelled: dict[str, bool] = {}  # stem -> written elsewhere in the block; each stem looked up once (a search reads the block)
    spellings: tuple[set[str], set[str]] | None = None  # computed once, for the first break that needs them
    for match in _BREAK.finditer(text):
        head = _HEAD.search(text, max(done, match.start() - 64), match.start())
        if head is None:  # no letter before the hyphen: join_lines treats it as any line break
            continue
        hyphen, tail = match.group(1), _TAIL.match(text, match.end()).group()
        if match.group("spaced") and (not tail[0].islower() or tail in SUSPENDED_BEFORE or _zipf(tail) >= FUNCTION_WORD_ZIPF):
            continue
        if hyphen == SOFT_HYPHEN:
            joined = True
        elif tail[0].islower():
            unhyphenated = unhyphenated or text.lower().replace("-", "").replace("\u2010", "")
            stem = _stem((head.group() + tail).lower())
            if stem not in spelled:
                spelled[stem] = stem in unhyphenated
            if spelled[stem]:  # the block may spell it elsewhere
                spellings = spellings or _block_spellings(text)
                joined = joins(head.group(), tail, *spellings)
            else:
                joined = joins(head.group(), tail)
        else:  # a capital after the hyphen: a compound ("Kullback-Leibler"), unless the block writes the name closed ("StepPlanner")
            spellings = spellings or _block_spellings(text)
            joined = _block_decides(head.group() + tail, *spellings, cased=True) is True
        pieces += [text[done : match.start()], "" if joined else hyphen]
        done = match.end()
    return "".join(pieces) + text[done:]


def joins(head: str, tail: str, closed: Set[str] = frozenset(), hyphenated: Set[str] = frozenset()) -> bool:
    """Whether ``head-`` at a line end and ``tail`` are one word.

    The block's own spelling decides first: the joined word (or an inflection of it) written
    elsewhere in it as one word (``closed``) or with a hyphen (``hyphenated``, pairs written
    ``a-b`` as ``ab``); then the frequencies.
    """
    spelled = _block_decides(head + tail, closed, hyphenated)
    if spelled is not None:
        return spelled
    joined = max(map(_zipf, _forms((head + tail).lower())))
    return joined > 0 and joined + JOIN_MARGIN >= _zipf(f"{head}-{tail}".lower())


def _block_decides(word: str, closed: Set[str], hyphenated: Set[str], *, cased: bool = False) -> bool | None:
    """Whether the block writes ``word`` (or an inflection of it) as one word (True) or with a hyphen (False) and not both;
    None when it tells nothing. ``cased``: the closed spelling must match the case as written (a name, ``StepPlanner``,
    not a URL's ``stepplanner``)."""
    spellings = _inflections(_forms(word.lower()))
    written_closed = bool((_inflections(_forms(word)) if cased else spellings) & closed)
    written_hyphenated = bool(spellings & hyphenated)
    return written_closed if written_closed != written_hyphenated else None


def _forms(word: str) -> set[str]:
    """The word and its stems without an inflection ending (``optimizers`` -> ``optimizer``; ``-ed``/``-ing`` also with ``e``)."""
    forms = {word}
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            stem = word[: -len(ending)]
            forms.add(stem)
            if ending in ("ed", "ing"):
                forms.add(stem + "e")
    return forms


def _stem(word: str) -> str:
    """What every word in ``_inflections(_forms(word))`` starts with."""
    stem = min(_forms(word), key=len)
    return stem[:-1] if stem.endswith("e") else stem


def _inflections(forms: set[str]) -> set[str]:
    """Every word whose ``_forms`` share one with ``forms``."""
    return forms | {form + ending for form in forms for ending in _ENDINGS} | {form[:-1] + ending for form in forms if form.endswith("e") for ending in ("ed", "ing")}


def _block_spellings(text: str) -> tuple[set[str], set[str]]:
    """The block's words (lower-cased and as written), and its pairs written with a hyphen inside a line (``a-b`` as ``ab``),
    lower-cased."""
    lower = text.lower()
    hyphenated = set()
    for compound in _COMPOUND.findall(lower):
        parts = _HYPHENS.split(compound)
        hyphenated.update(a + b for a, b in zip(parts, parts[1:]))
    return set(_WORD.findall(lower)) | set(_WORD.findall(text)), hyphenated


# A word a PDF's text extraction split around its f-ligature glyph: the ligature's letters a word of their own ("e ffi cient",
# "signi fi cant", "fl exible", "fi rst"), or glued to the piece before it ("signifi cant"). The pieces are joined when the
# joined word is one (Zipf LIGATURE_JOIN_FLOOR or more) at least LIGATURE_JOIN_MARGIN more frequent than the rarest piece
# that is not the ligature's letters: "the fi rst" is "the first", "staff member", "off the" and "heterogeneous fl systems"
# (federated learning) stay.
SPLIT_LIGATURE_HINTS = ("fi ", "fl ", "ff ")  # what a block that may hold one holds (a literal search: ~0.07 s over 100k blocks)
LIGATURE_JOIN_FLOOR = 2.0
LIGATURE_JOIN_MARGIN = 1.0
_SPLIT_END = re.compile(r"f[fil] ")  # where a piece ending in the ligature's letters ends (Python finds its "f" fast)
_OPENING = "([\"'"  # what may open a piece before its letters
_CLOSING = ".,;:!?)]\"'"  # what may close the piece after the ligature after its letters
_LIGATURES = ("ffi", "ffl", "ff", "fi", "fl")


def join_split_ligatures(text: str) -> str:
    """``text`` with the words split around an f-ligature joined (see ``SPLIT_LIGATURE_HINTS``): the spaces inside them go."""
    spaces: list[int] = []  # the spaces to drop
    for match in _SPLIT_END.finditer(text):
        space = match.end() - 1
        start = text.rfind(" ", 0, space) + 1
        head = text[start:space].lstrip(_OPENING)
        stop = text.find(" ", space + 1)
        letters = text[space + 1 : stop if stop >= 0 else len(text)].rstrip(_CLOSING)
        if not (head.isalpha() and letters.isalpha() and letters.islower()):
            continue
        if head in _LIGATURES:  # "e ffi cient", "fl exible", "the fi rst"
            left = text[text.rfind(" ", 0, start - 1) + 1 : start - 1].lstrip(_OPENING) if start >= 2 and text[start - 1] == " " else ""
            if left.isalpha() and _ligature_joins(left + head + letters, [left, letters]):
                spaces += [start - 1, space]
            elif _ligature_joins(head + letters, [letters]):
                spaces.append(space)
        elif head.endswith(_LIGATURES) and _ligature_joins(head + letters, [head, letters]):  # "signifi cant"
            spaces.append(space)
    if not spaces:
        return text
    bounds = [-1, *spaces, len(text)]
    return "".join(text[a + 1 : b] for a, b in zip(bounds, bounds[1:]))


def _ligature_joins(joined: str, pieces: list[str]) -> bool:
    frequency = _zipf(joined.lower())
    return frequency >= LIGATURE_JOIN_FLOOR and frequency >= min(_zipf(piece.lower()) for piece in pieces) + LIGATURE_JOIN_MARGIN


def load_word_list() -> None:
    """Load the word list now (~0.4 s, once per process) rather than at the first hyphenated line end."""
    _zipf("the")


@lru_cache(maxsize=65536)
def _zipf(word: str) -> float:
    from wordfreq import zipf_frequency  # loads the list on first use: only processes that need it pay

    return zipf_frequency(word, "en")
