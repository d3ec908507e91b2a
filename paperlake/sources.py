"""Edge: find input files, read their bytes, detect the encoding and decode them.

Nothing here raises on bad input: an unreadable file becomes a row with an ``error``.
"""

from __future__ import annotations

import codecs
import gzip
import hashlib
import io
import os
import re
import unicodedata
import zlib
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from typing import BinaryIO

import charset_normalizer
import polars as pl

from transforms import split
from transforms.headers import INVISIBLE_MARKS, looks_like_header

# Decoders used for a detected family: each is a superset of the family's name (for Greek, the ISO sibling).
_DECODE_AS = {
    "gb2312": "gb18030", "gbk": "gb18030", "big5": "big5hkscs", "shift_jis": "cp932", "euc_kr": "cp949", "euc_jp": "euc_jis_2004",
    "latin-1": "cp1252", "iso8859-1": "cp1252", "cp1253": "iso8859-7", "ascii": "utf-8",
}
_FAMILY = {"big5hkscs": "big5", "cp932": "shift_jis", "cp949": "euc-kr", "euc_jis_2004": "euc-jp"}
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_UTF8_MULTIBYTE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")
# In order of preference when two of them give the same text.
_LEGACY_CANDIDATES = (
    "cp1252", "cp1250", "iso8859-2", "iso8859-7", "cp1251", "koi8-r", "iso8859-5", "gb18030", "big5hkscs", "cp932", "euc_jis_2004", "cp949", "mac_roman",
    "cp1254", "cp1256", "cp1255", "cp874", "cp1257", "cp866", "koi8-u", "iso8859-15",
)
# Single-byte Latin encodings that read the same bytes as different accented letters (``ř`` in
# cp1250 is ``ø`` in cp1252), and the languages written in them, whose words tell them apart.
_LATIN_CODECS = ("cp1252", "cp1250", "iso8859-2", "mac-roman", "cp1254", "cp1257", "iso8859-15")
# Mac OS Roman (old Mac exports) reads cp1252's curly quotes as Latin-1 letters (“ ” as ì î), which
# would win on staying within Latin-1: it is chosen only when it knows this many more words than the others.
_MAC_ROMAN_MARGIN = 2
_LATIN_LANGUAGES = ("cs", "sk", "pl", "hu", "sl", "sh", "ro", "de", "fr", "es", "it", "pt", "nl", "da", "nb", "sv", "fi", "is", "ca", "tr", "lt", "lv", "en")


# A mostly UTF-8 file with a lone byte UTF-8 cannot read (between ASCII characters or at an end) holds
# a character pasted in from a cp1252 page: a curly quote, a dash or an accented letter
# (``model\x92s``, ``Fr\xe9chet``). It is read as cp1252; longer runs of bad bytes, the five bytes
# cp1252 leaves undefined, and ``\xfe`` and ``\xff`` (``þ``, ``ÿ``: a damaged or filler byte far more often than a pasted
# letter; as ``ÿ`` glued to a word it made that copy outrank a clean one by a letter), become U+FFFD.
UTF8_FALLBACK = "paperlake-cp1252-bytes"


def _lone_cp1252_byte(error: UnicodeError) -> tuple[str, int]:
    """The ``UTF8_FALLBACK`` error handler: a lone undecodable byte as cp1252, anything else as U+FFFD."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    data, start = error.object, error.start
    if data[start] < 0xFE and (start + 1 == len(data) or data[start + 1] < 0x80) and _valid_before(data, start):
        try:
            return bytes(data[start : start + 1]).decode("cp1252"), start + 1
        except UnicodeDecodeError:
            pass
    return "\ufffd" * (error.end - start), error.end


def _valid_before(data: bytes, start: int) -> bool:
    """Whether the non-ASCII bytes right before ``start`` (if any, up to 8) are whole UTF-8 characters."""
    begin = start
    while begin > 0 and data[begin - 1] >= 0x80 and start - begin < 8:
        begin -= 1
    try:
        bytes(data[begin:start]).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return begin == 0 or data[begin - 1] < 0x80


codecs.register_error(UTF8_FALLBACK, _lone_cp1252_byte)


@dataclass(frozen=True)
class ReadLimits:
    """Caps that keep one hostile file from taking the run down."""

    max_decompressed_bytes: int = 1024 * 1024 * 1024
    max_compression_ratio: float = 200.0
    ratio_check_after_bytes: int = 16 * 1024 * 1024
    binary_nul_ratio: float = 0.05
    binary_control_ratio: float = 0.02  # control bytes other than whitespace and ESC: compressed or random data has ~11%


def discover(root: Path) -> list[Path]:
    """All ``*.txt`` and ``*.txt.gz`` files under ``root`` (in any case: ``*.TXT``), sorted by relative path."""
    return list_inputs(root)[0]


def list_inputs(root: Path) -> tuple[list[Path], list[str]]:
    """``discover``'s files, and the relative paths of the other files under ``root``, sorted (one walk); hidden files and
    folders (``.DS_Store``, ``.git/``) are not among the others. A broken link (or a loop of links) is a file here, so a
    listing's name on it is read and reported unreadable rather than passed over."""
    if not root.is_dir():
        raise FileNotFoundError(f"input folder not found: {root}")
    listings, others = [], []
    entries = (p for p in root.rglob("*") if p.is_file() or (p.is_symlink() and not p.exists()))
    for path in sorted(entries, key=lambda p: p.relative_to(root).as_posix()):
        if path.name.lower().endswith((".txt", ".txt.gz")):  # "PAPERS.TXT" from Windows too
            listings.append(path)
        elif not any(part.startswith(".") for part in path.relative_to(root).parts):
            others.append(path_text(path.relative_to(root).as_posix()))
    return listings, others


def path_text(path: Path | str) -> str:
    """A path as text a table can hold: the bytes of a file name that are not UTF-8 (a Windows archive's ``caf\\xe9.txt``)
    written as ``\\xNN``. ``fs_path`` gives the file back."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


_ESCAPED_BYTE = re.compile(r"\\x([89a-f][0-9a-f])")  # only bytes of 0x80 and up are not UTF-8 alone


def fs_path(text: str) -> Path:
    """The file a ``path_text`` names (a UTF-8 name that spells ``\\xe9`` itself is read as that byte)."""
    return Path(_ESCAPED_BYTE.sub(lambda m: chr(0xDC00 + int(m[1], 16)), text)) if "\\x" in text else Path(text)


def replaced_sources(previous: pl.DataFrame, identified: pl.DataFrame, published: pl.Series, failed: pl.Series) -> pl.Series:
    """The ``published`` sources that an input file held at the last successful run (``previous``: ``file``, ``source_id``)
    and holds no more, which no ``identified`` file (``file``, ``source_id``) holds now: a listing that a scraper rewrote
    (grown, corrected). Their blocks leave the dataset as the new content's come in.

    New content that is of no use (``failed`` source ids: empty, binary, no abstract in it; or unreadable) replaces nothing:
    a failed scrape does not take a listing's blocks away. A file gone from the input is no replacement either: its blocks stay.
    """
    before = previous.select("file", before="source_id")
    readable = ~pl.col("source_id").is_in(failed.implode()) & ~pl.col("source_id").str.starts_with("unreadable:")
    changed = identified.join(before, on="file").filter((pl.col("before") != pl.col("source_id")) & readable)["before"].unique()
    return changed.filter(~changed.is_in(identified["source_id"].implode()) & changed.is_in(published.implode())).sort().rename("source_id")


def source_id(data: bytes) -> str:
    """Content address of a file: sha256 of its bytes as stored."""
    return hashlib.sha256(data).hexdigest()


STATS_SCHEMA = pl.Schema({"file": pl.String, "size_bytes": pl.Int64, "mtime_ns": pl.Int64})


def file_stats(paths: list[Path]) -> pl.DataFrame:
    """``file`` (absolute path, ``path_text``), ``size_bytes`` and ``mtime_ns`` of each path (nulls when it cannot be stat'ed)."""
    rows = []
    for path in paths:
        try:
            stat = path.stat()
            rows.append((path_text(path.absolute()), stat.st_size, stat.st_mtime_ns))
        except OSError:
            rows.append((path_text(path.absolute()), None, None))
    return pl.DataFrame(rows, schema=STATS_SCHEMA, orient="row")


def _hash_file(path: str) -> str:
    digest = hashlib.sha256()
    try:
        with open(fs_path(path), "rb") as handle:
            while chunk := handle.read(1 << 22):
                digest.update(chunk)
    except OSError:
        return ""
    return digest.hexdigest()


def hash_files(files: pl.Series, root: Path) -> pl.Series:
    """The ``source_id`` of each file, read in 4 MB chunks on two threads (sha256 releases the GIL).

    A file that cannot be read gets ``unreadable:<relative path>``, as ``read_sources`` names it.
    """
    with ThreadPoolExecutor(max_workers=2) as pool:
        digests = list(pool.map(_hash_file, files.to_list()))
    ids = [d or f"unreadable:{Path(f).relative_to(path_text(root.absolute())).as_posix()}" for f, d in zip(files.to_list(), digests, strict=True)]
    return pl.Series("source_id", ids, dtype=pl.String)


def batches(files: pl.DataFrame, max_bytes: int) -> list[list[str]]:
    """Consecutive groups of ``files`` (``file``, ``size_bytes``) of at most ``max_bytes`` each (a bigger file is a group alone)."""
    groups: list[list[str]] = []
    size = 0
    for file, nbytes in files.select("file", "size_bytes").iter_rows():
        if not groups or (groups[-1] and size + (nbytes or 0) > max_bytes):
            groups.append([])
            size = 0
        groups[-1].append(file)
        size += nbytes or 0
    return groups


_GZIP_MAGIC = b"\x1f\x8b\x08"


def _gunzip(data: bytes, limits: ReadLimits) -> tuple[bytes | None, str | None]:
    """Decompress with a cap on the size and on the ratio (a gzip bomb stops early)."""
    out = bytearray()
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            while chunk := stream.read(1 << 20):
                out += chunk
                if _too_large(len(out), len(data), limits):
                    return None, "gzip_too_large"
    except (OSError, EOFError, zlib.error):
        return None, "gzip_corrupt"
    return bytes(out), None


def _too_large(decompressed: int, stored: int, limits: ReadLimits) -> bool:
    """Whether gunzipping has gone past the size cap, or past the ratio cap (a gzip bomb)."""
    bomb = decompressed > limits.ratio_check_after_bytes and decompressed > limits.max_compression_ratio * stored
    return decompressed > limits.max_decompressed_bytes or bomb


def _first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line
    return ""


def _strip_nul_padding(data: bytes) -> bytes:
    """Drop the NUL runs at either end, an even number of bytes each (so a UTF-16 character keeps its NUL half)."""
    if data[:1] != b"\0" and data[-1:] != b"\0":
        return data
    lead = len(data) - len(data.lstrip(b"\0"))
    trail = len(data) - len(data.rstrip(b"\0"))
    return data[lead - lead % 2 : len(data) - (trail - trail % 2)]


# Characters no listing holds: controls other than tab and line breaks, format characters,
# private use, surrogates and unassigned code points.
_IMPLAUSIBLE = frozenset(("Cc", "Cf", "Cn", "Co", "Cs"))


def _utf16_without_bom(data: bytes, nuls: int) -> tuple[str, str] | None:
    """``(text, codec)`` when the bytes read as UTF-16 without a BOM: many NULs (high bytes of ASCII
    characters) all on one parity; or, in text with few ASCII characters (CJK, whose U+xx00
    characters put NULs on the other parity), some NULs, bytes that are not UTF-8 (or whose high
    bytes are few values: Cyrillic, Greek or Devanagari, whose UTF-16 bytes are all below 0x80)
    and a strict decode into lines of plausible characters (the byte order most NULs suggest tried first)."""
    if not nuls or len(data) % 2:
        return None
    even = data[0::2].count(0)
    odd = nuls - even
    codec = "utf-16-be" if even > odd else "utf-16-le"
    half = len(data) // 2
    if nuls > 0.3 * len(data) and max(even, odd) > 0.8 * half and min(even, odd) < 0.1 * half:
        return data.decode(codec, errors="replace"), codec
    if _is_utf8(data) and not _one_script_utf16(data, codec):
        return None
    for order in (codec, "utf-16-le" if codec == "utf-16-be" else "utf-16-be"):
        try:
            text = data.decode(order)
        except UnicodeDecodeError:
            continue
        sample = text[:100_000]
        odd_chars = sum(unicodedata.category(c) in _IMPLAUSIBLE for c in sample if c not in "\t\n\r")
        if ("\n" in sample or "\r" in sample) and odd_chars <= 0.01 * len(sample):
            return text, order
    return None


def _one_script_utf16(data: bytes, codec: str) -> bool:
    """Whether, read as ``codec``, nine in ten of the sample's high bytes are one of three values (a script's block, and
    NUL for ASCII): in UTF-8 or ASCII text, the bytes at either parity are all kinds of letters."""
    sample = data[: LEGACY_SAMPLE_BYTES - LEGACY_SAMPLE_BYTES % 2]
    high = sample[1::2] if codec == "utf-16-le" else sample[0::2]
    counts = sorted((high.count(value) for value in set(high)), reverse=True)
    return sum(counts[:3]) >= 0.9 * len(high)


# The first bytes of files no listing is, saved under a listing's name: a PDF, images, a ZIP (DOCX, XLSX), an SQLite
# database, an executable. Their compressed streams would otherwise decode as a legacy codec's text.
_BINARY_MAGIC = (b"%PDF-", b"\x89PNG", b"\xff\xd8\xff", b"GIF87a", b"GIF89a", b"PK\x03\x04", b"SQLite format 3\x00", b"\x7fELF")
# Control bytes text does not hold (not tab, line breaks, form feed or ISO-2022's ESC), as ``bytes.translate`` deletes them.
_CONTROL_BYTES = bytes(b for b in range(0x20) if b not in b"\t\n\v\f\r\x1b")


def _control_share(data: bytes) -> float:
    """The share of control bytes (``_CONTROL_BYTES``) in a file's sample (``_sample``)."""
    sample = _sample(data)
    return (len(sample) - len(sample.translate(None, _CONTROL_BYTES))) / len(sample)


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def detect_and_decode(data: bytes, limits: ReadLimits = ReadLimits()) -> tuple[str | None, str | None, str | None]:
    """Return ``(text, encoding, error)`` for a file's (decompressed) bytes."""
    if not data.strip(b" \t\n\r\f\v\0"):
        return None, None, "empty"
    for bom, name in _BOMS:
        if data.startswith(bom):
            text = data[len(bom) :].decode(name.replace("-sig", ""), errors="replace")
            return (None, None, "empty") if not text.strip() else (text, name, None)  # a BOM alone, or with blank lines
    data = _strip_nul_padding(data)
    nuls = data.count(0)
    if utf16 := _utf16_without_bom(data, nuls):
        return *utf16, None
    if data[:1] == b"\0" or data[-1:] == b"\0":
        data = data.strip(b"\0")
        nuls = data.count(0)
    if nuls / len(data) > limits.binary_nul_ratio or data.startswith(_BINARY_MAGIC) or _control_share(data) > limits.binary_control_ratio:
        return None, None, "binary"
    if b"\x1b$" in data:  # ISO-2022-JP's shift into a Japanese set (old mail and web pages): ASCII bytes that UTF-8 would also read
        try:
            return data.decode("iso2022_jp_2"), "iso2022-jp", None
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("utf-8"), "utf-8", None
    except UnicodeDecodeError:
        pass
    multibyte = sum(len(seq) for seq in _UTF8_MULTIBYTE.findall(data))
    if multibyte and (multibyte >= data.decode("utf-8", errors="replace").count("\ufffd") or _utf8_with_cp1252_bytes(_sample(data))):
        text = data.decode("utf-8", errors=UTF8_FALLBACK)
        # A short file in a legacy CJK codec can hold as many byte pairs that read as UTF-8 as bytes that do not; when
        # its first line does not read, the codecs are compared on it (``_choose_legacy``, UTF-8 among them).
        if "\ufffd" not in _first_line(text):
            return text, "utf-8", None
    text, encoding = _decode_legacy(data)
    return text, encoding, None


def _utf8_with_cp1252_bytes(data: bytes) -> bool:
    """Whether every byte UTF-8 cannot read in ``data`` (which has UTF-8 characters) is a lone cp1252 one (``UTF8_FALLBACK``).

    Text in a legacy codec has its non-ASCII letters in runs (Cyrillic, CJK) or reads as
    UTF-8 nowhere; a UTF-8 file with a paragraph pasted in from a cp1252 page has both.
    """
    return data.decode("utf-8", errors=UTF8_FALLBACK).count("\ufffd") == data.count("\ufffd".encode())


# Characters a correct decode of a paper listing plausibly contains; anything else counts as mess.
_USUAL = re.compile(
    r"[\x00-\x7f\u00c0-\u00ff\u00a0\u00a1\u00a3\u00a9\u00ae\u00b0\u00b1\u00b5\u00b7\u00ab\u00bb\u00bf\u0100-\u017f\u0192"
    r"\u0391-\u03a9\u03ac-\u03ce\u0401\u0404\u0406\u0407\u040e\u0410-\u044f\u0451\u0454\u0456\u0457\u045e\u0490\u0491"
    r"\u0591-\u05f4\u0600-\u06ff\u0e01-\u0e5b\u200c-\u200f"  # Hebrew, Arabic, Thai, the joiners and direction marks of their codecs
    r"\u2010-\u2027\u2030-\u205e\u20ac\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\uff00-\uff60\uffe0-\uffef]"
)
# A Cyrillic capital right after a lower-case letter (`дЮКСН ИднЙ`): Arabic, Hebrew or Thai read as a Cyrillic codec.
_CYRILLIC_CASE_MIX = re.compile(r"[а-яёіїєўґ][А-ЯЁІЇЄЎҐ]")
# A Cyrillic letter inside a Latin word (`Юydrыnas Рimkыnas`): a Latin text's accented letters read as a Cyrillic codec
# (Lithuanian `Žydrūnas Šimkūnas` in cp1257 read as cp1251).
_CYRILLIC_IN_LATIN_WORD = re.compile(r"[A-Za-z][\u0400-\u04ff]|[\u0400-\u04ff][A-Za-z]")
# A fullwidth quote or sign right after a Latin letter (`A￢`): a cp1252 accented letter and the ASCII one after it
# read as one Shift_JIS character (`úT`); in Japanese text these follow Japanese characters or digits.
_FULLWIDTH_AFTER_LATIN = re.compile(r"[A-Za-z][\uff02\uff07\uffe0-\uffee]")
# A Hebrew, Arabic or Thai character (letter, vowel point, tone mark) with none of its script beside it: a Latin
# text's accented letter read as their codecs (`้A` for `éA` in cp874); their words are runs.
_SCRIPT_BLOCKS = (r"\u0590-\u05ff", r"\u0600-\u06ff", r"\u0e00-\u0e7f")
_OF_SCRIPT = re.compile("[" + "".join(_SCRIPT_BLOCKS) + "]")  # looked for first: the lone pattern is slow over text without them
_LONE_OF_SCRIPT = re.compile("|".join(rf"(?<![{block}])[{block}](?![{block}])" for block in _SCRIPT_BLOCKS))
# An accented Latin letter standing alone between non-letters (`step size ç and`) is a symbol of
# another script, a Greek letter read as cp1252; `à` and `Å` (ångström) do stand alone.
_STRAY_LATIN = re.compile(r"(?<![^\W\d_])[\u00c0-\u00c4\u00c6-\u00d6\u00d8-\u00df\u00e1-\u00f6\u00f8-\u017f](?![^\W\d_])")
# An accented capital right after a lower-case letter (`modelÕs`, `robustÓ`, `cafŽ`, cp1250's `MźllerŐs`): Mac OS Roman's
# curly quotes, dashes and accented letters read as a Windows code page; words do not change case so.
_CAPITAL_AFTER_LOWER = re.compile("[a-z][" + "".join(c for c in map(chr, range(0xC0, 0x250)) if c.isupper()) + "]")


def _mess(text: str) -> int:
    """Unusual characters plus stray accented letters, accented capitals after lower-case letters, Cyrillic case changes
    within a word, Cyrillic letters beside Latin ones,
    lone Hebrew, Arabic or Thai characters and fullwidth signs after Latin letters."""
    sample = text[:200_000]
    mixes = (_STRAY_LATIN, _CYRILLIC_CASE_MIX, _CYRILLIC_IN_LATIN_WORD, _FULLWIDTH_AFTER_LATIN, _CAPITAL_AFTER_LOWER)
    stray = sum(len(pattern.findall(sample)) for pattern in mixes)
    if _OF_SCRIPT.search(sample):
        stray += len(_LONE_OF_SCRIPT.findall(sample))
    return len(sample) - len(_USUAL.findall(sample)) + stray


# Letters outside the Latin script (CJK, kana, Hangul, Cyrillic, Greek, ...), and such a letter
# alone among ASCII characters: `model痴 trans` is a cp1252 `model’s trans` read as Shift_JIS.
# A Greek letter between non-letters is a math symbol (`step size η and`), not alone in that sense.
_FOREIGN_LETTER = r"[^\W\d_\x00-\u02ff\u1e00-\u1eff\ufb00-\ufb06]"
_FOREIGN = re.compile(_FOREIGN_LETTER)
_LONE_FOREIGN = re.compile(rf"(?<![^\x00-\x7f]){_FOREIGN_LETTER}(?![^\x00-\x7f])")
_GREEK_SYMBOL = re.compile(r"(?<![^\W\d_])(?<![^\x00-\x7f])[\u0391-\u03a9\u03b1-\u03c9](?![^\x00-\x7f])(?![^\W\d_])")
# Accented Latin letters in runs without ASCII letters (`Ìû ïðåäëàãàåì`): Cyrillic read as cp1252.
_ACCENTED = r"[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]"
_ACCENTED_LETTER = re.compile(_ACCENTED)
_ACCENTED_RUN = re.compile(rf"{_ACCENTED}{{3,}}")
_BEYOND_LATIN1 = re.compile(r"[^\W\d_\x00-\xff]")


def _misread(text: str) -> bool:
    """Whether most non-Latin letters stand alone among ASCII characters, as the isolated high
    bytes of a mostly-ASCII Latin text do when read as a CJK or Cyrillic encoding (real CJK,
    Hangul or Cyrillic text has most of its letters in runs); or most accented Latin letters
    come in runs of three or more, as a non-Latin script read as cp1252 does."""
    sample = text[:200_000]
    lone = len(_LONE_FOREIGN.findall(sample)) - len(_GREEK_SYMBOL.findall(sample))
    in_runs = sum(len(run) for run in _ACCENTED_RUN.findall(sample))
    return 2 * lone > len(_FOREIGN.findall(sample)) or 2 * in_runs > len(_ACCENTED_LETTER.findall(sample))


@lru_cache(maxsize=1)
def _accented_words() -> frozenset[str]:
    """The words with a non-ASCII letter in wordfreq's small lists of ``_LATIN_LANGUAGES`` (~0.2 s, first use only)."""
    from wordfreq import available_languages, read_cBpack

    paths = available_languages("small")
    return frozenset(word for lang in _LATIN_LANGUAGES for band in read_cBpack(paths[lang]) for word in band if not word.isascii())


# A word of three or more letters with a non-ASCII one: shorter ones ("á", "å") are known in some
# language whatever script was misread into them.
_WORD_WITH_ACCENT = re.compile(r"\w*[^\W\d_\x00-\x7f]\w*")


def _known_accented_words(text: str) -> int:
    """How many distinct such words are words of a language written in a Latin codec."""
    words = {word.casefold() for word in _WORD_WITH_ACCENT.findall(text, 0, 200_000) if len(word) >= 3}
    return len(words & _accented_words())


# A legacy file larger than this has its codec chosen on its first lines of about this size, then
# is decoded once: choosing decodes the bytes with every candidate codec (ten texts of the file's size).
LEGACY_SAMPLE_BYTES = 1 << 21


def _sample(data: bytes) -> bytes:
    """The whole lines of ``data`` within its first ``LEGACY_SAMPLE_BYTES`` (all of it when it is not longer, or has no line break there)."""
    cut = data.rfind(b"\n", 0, LEGACY_SAMPLE_BYTES) if len(data) > LEGACY_SAMPLE_BYTES else -1
    return data[: cut + 1] if cut > 0 else data


def _decode_legacy(data: bytes) -> tuple[str, str]:
    """``(text, encoding)`` of bytes in a legacy encoding (``_choose_legacy``); a large file's codec is chosen on
    its ``_sample``, unless the rest does not decode in it."""
    sample = _sample(data)
    if len(sample) < len(data):
        _, codec = _choose_legacy(sample)
        try:
            return data.decode(codec, errors=UTF8_FALLBACK if codec == "utf-8" else "strict"), _FAMILY.get(codec, codec)
        except UnicodeDecodeError:
            pass
    text, codec = _choose_legacy(data)
    return text, _FAMILY.get(codec, codec)


def _choose_legacy(data: bytes) -> tuple[str, str]:
    """``(text, Python codec)``: among strict decodes (and UTF-8 with replacement, read with ``UTF8_FALLBACK`` when chosen; of candidates giving the
    same text the first), prefer one whose first line is a header, then one that is not misread,
    then, among Latin codecs that read the bytes differently, one with the most known words (within
    one of the most: a word may be known by chance; Mac OS Roman needs ``_MAC_ROMAN_MARGIN`` more than the others), then the least mess, then one that stays
    within Latin-1, then the detector's ranking."""
    guesses = [m.encoding for m in charset_normalizer.from_bytes(data[: 256 * 1024])]
    ranked = [codecs.lookup(_DECODE_AS.get(g, g)).name for g in guesses]
    decoded: dict[str, str] = {data.decode("utf-8", errors="replace"): "utf-8"}
    for codec in _LEGACY_CANDIDATES:
        try:
            decoded.setdefault(data.decode(codec), codecs.lookup(codec).name)
        except UnicodeDecodeError:
            continue
    latin = [text for text, codec in decoded.items() if codec in _LATIN_CODECS]
    known = {text: _known_accented_words(text) for text in latin} if len(latin) > 1 else {}
    most_known = max(known.values(), default=0)
    most_known_not_mac = max((n for text, n in known.items() if decoded[text] != "mac-roman"), default=0)
    mess = {text: _mess(text) for text in decoded}
    least_mess_not_mac = min((mess[text] for text in known if decoded[text] != "mac-roman"), default=0)

    def mac_roman_margin(text: str) -> int:
        # none when Mac OS Roman knows as many words and reads the bytes with less mess than every other Latin codec (a short
        # text's "naïve" and curly quotes, which cp1252 reads as "na•ve" and "ÒxÓ")
        return 0 if known[text] >= most_known_not_mac and mess[text] < least_mess_not_mac else _MAC_ROMAN_MARGIN

    def preference(item: tuple[str, str]) -> tuple[bool, bool, bool, int, bool, int]:
        text, codec = item
        beyond_latin1 = _BEYOND_LATIN1.search(text, 0, 200_000) is not None
        rank = ranked.index(codec) if codec in ranked else len(ranked)
        less_known = text in known and known[text] < (most_known_not_mac + mac_roman_margin(text) if codec == "mac-roman" else most_known - 1)
        return not looks_like_header(_first_line(text)), _misread(text), less_known, mess[text], beyond_latin1, rank

    text, codec = min(decoded.items(), key=preference)
    return (data.decode("utf-8", errors=UTF8_FALLBACK) if codec == "utf-8" else text), codec


def read_source(path: Path, root: Path, limits: ReadLimits = ReadLimits(), skip: frozenset[str] = frozenset()) -> dict[str, object] | None:
    """Read one file into a row: id, relative path, size, encoding, error, decoded text (None when its id is in ``skip``)."""
    rel = path_text(path.relative_to(root).as_posix())
    try:
        data = path.read_bytes()
    except OSError:
        return {"source_id": None, "path": rel, "size_bytes": None, "encoding": None, "error": "unreadable", "text": None}
    row: dict[str, object] = {"source_id": source_id(data), "path": rel, "size_bytes": len(data)}
    if row["source_id"] in skip:
        return None
    payload: bytes | None = data
    error = None
    if path.name.lower().endswith(".gz") or data.startswith(_GZIP_MAGIC):  # a gzip file saved as .txt is read as one
        payload, error = _gunzip(data, limits)
    text = encoding = None
    if payload is not None:
        text, encoding, error = detect_and_decode(payload, limits)
    row.update(encoding=encoding, error=error, text=text)
    return row


# Encodings in which a byte that reads as a line break is always one (ASCII-compatible; in
# these multi-byte codecs only lead bytes go below 0x40): a file in one of them can be cut at
# its empty lines before decoding. The names are ``detect_and_decode``'s, with their codecs.
_CUTTABLE = {
    "utf-8": "utf-8", "utf-8-sig": "utf-8", "cp1252": "cp1252", "cp1250": "cp1250", "iso8859-2": "iso8859-2",
    "iso8859-7": "iso8859-7", "cp1251": "cp1251", "koi8-r": "koi8-r", "iso8859-5": "iso8859-5", "gb18030": "gb18030", "big5": "big5hkscs",
    "shift_jis": "cp932", "euc-jp": "euc_jis_2004", "euc-kr": "cp949", "cp1254": "cp1254", "cp1256": "cp1256", "cp1255": "cp1255", "cp874": "cp874",
    "cp1257": "cp1257", "cp866": "cp866", "koi8-u": "koi8-u", "iso8859-15": "iso8859-15",
}
# What comes before a file's first line (``transforms.split`` skips it too).
_BLANK = " \t\r\n\0" + INVISIBLE_MARKS
# The end of an empty line, in any of LF, CRLF and CR.
_EMPTY_LINE = (b"\n\n", b"\r\n\r\n", b"\r\r")


def stream_source(path: Path, root: Path, chunk_bytes: int, limits: ReadLimits = ReadLimits()) -> tuple[dict[str, object], Iterator[str]] | None:
    """A file larger than ``chunk_bytes`` (as stored) read in pieces: its row (``read_source``'s, without ``text``)
    and its decoded text, in pieces of about ``chunk_bytes`` cut at empty lines (so never inside a block).

    The encoding is detected on the file's first ``LEGACY_SAMPLE_BYTES`` (whole lines); a gzip file
    is first decompressed once without keeping it, to check ``limits``. None when the file is not
    read so (UTF-16 or UTF-32, an error, unreadable): read it whole.
    """
    gz = path.name.lower().endswith(".gz")
    opener = gzip.open if gz else open
    try:
        size = path.stat().st_size
        if size <= chunk_bytes or (gz and _gunzip_error(path, size, limits)):
            return None
        with opener(path, "rb") as handle:
            head = handle.read(LEGACY_SAMPLE_BYTES + 1)  # one byte more: the file goes on
    except (OSError, EOFError, zlib.error):
        return None
    _, encoding, error = detect_and_decode(_sample(head), limits)
    if error is not None or encoding not in _CUTTABLE:
        return None
    row = {"source_id": _hash_file(path_text(path)), "path": path_text(path.relative_to(root).as_posix()), "size_bytes": size, "encoding": encoding, "error": None}
    if not row["source_id"]:
        return None
    return row, _text_pieces(partial(opener, path, "rb"), _CUTTABLE[encoding], len(codecs.BOM_UTF8) if encoding == "utf-8-sig" else 0, chunk_bytes)


def _gunzip_error(path: Path, stored: int, limits: ReadLimits) -> str | None:
    """``_gunzip``'s error for a file (None when it reads within ``limits``), decompressed in a stream that is not kept."""
    total = 0
    try:
        with gzip.open(path, "rb") as stream:
            while chunk := stream.read(1 << 20):
                total += len(chunk)
                if _too_large(total, stored, limits):
                    return "gzip_too_large"
    except (OSError, EOFError, zlib.error):
        return "gzip_corrupt"
    return None


def _text_pieces(open_file: Callable[[], BinaryIO], codec: str, skip: int, chunk_bytes: int) -> Iterator[str]:
    """The bytes ``open_file()`` reads after ``skip``, decoded in pieces of at least ``chunk_bytes`` that end with an empty
    line (the last one: the rest).

    The first piece holds the file's first line (its header), whatever blank lines come before it.
    """
    with open_file() as handle:
        handle.seek(skip)
        pending = b""
        first = True
        while data := handle.read(chunk_bytes):
            pending += data
            end = _piece_end(pending, codec)
            if not end:
                continue
            piece = _decode_piece(pending[:end], codec, strip_start=first)
            if first and not piece.strip(_BLANK):
                continue
            pending = pending[end:]
            first = False
            yield piece
        if pending or first:
            yield _decode_piece(pending, codec, strip_start=first, strip_end=True)


def _piece_end(pending: bytes, codec: str) -> int:
    """Where a piece of ``pending`` ends: after an empty line that a block follows within the lines read whole (before the
    last empty line: what comes after that may go on), a block that is not a paper's links (those stay with the block
    above them: ``split.attach_link_blocks``) or a translation (``split.attach_translations``, ``split.translates_above``,
    ``split.bilingual_above``), does not start in lower case (it may be the rest of a paragraph the
    empty line cut: ``split.join_broken_paragraphs``), is not a line under a line (``split.may_be_spaced_lines``), is
    not a quoted abstract under its linked title (``split.quoted_under_title``), is not a structured abstract's later
    section (``split.continues_sections``) or the list an abstract introduces (``split.continues_list``) or a labelled abstract
    under a short block (``split.under_short_block``) and is not under an
    arXiv entry's head (``split.entry_heads``) or a Markdown heading, nor right under an abstract under one (``split.title_blocks``,
    ``split.ends_under_title``);
    0 when there is no such empty line."""
    last = _empty_line_before(pending, len(pending))
    cut = None if last is None else _empty_line_before(pending, last[0])
    while cut is not None:
        block = split.first_block(_decode_piece(pending[cut[1] : min(last[0], cut[1] + _LOOK_AHEAD_BYTES)], codec, strip_start=False))
        below = pl.Series([block])
        if block and not split.may_continue_above(block) and not (split.links_blocks(below) | split.translation_blocks(below))[0]:
            before = _decode_piece(pending[max(0, cut[0] - _LOOK_AHEAD_BYTES) : cut[0]], codec, strip_start=False)
            above = split.last_block(before)
            if not (
                split.may_be_spaced_lines(above, block) or split.quoted_under_title(above, block) or split.continues_sections(above, block)
                or split.continues_list(above, block) or split.translates_above(above, block) or split.bilingual_above(above, block)
                or split.under_short_block(above, block)
                or (split.entry_heads(above_series := pl.Series([above])) | split.title_blocks(above_series))[0]
                or split.ends_under_title(before)
            ):
                return cut[1]
        cut = _empty_line_before(pending, cut[0])
    return 0


_LOOK_AHEAD_BYTES = 64 * 1024  # of the blocks around a cut, this much is read to tell what they are


def _empty_line_before(data: bytes, limit: int) -> tuple[int, int] | None:
    """Start and end of the last empty line (``_EMPTY_LINE``) of ``data`` that ends by ``limit``."""
    found = [(at, at + len(mark)) for mark in _EMPTY_LINE if (at := data.rfind(mark, 0, limit)) >= 0]
    return max(found, key=lambda span: span[1]) if found else None


def _decode_piece(data: bytes, codec: str, strip_start: bool, strip_end: bool = False) -> str:
    """A piece of a cut file decoded (undecodable bytes replaced, see ``UTF8_FALLBACK``), the NUL padding at the file's ends dropped."""
    if strip_start:
        data = data.lstrip(b"\0")
    if strip_end:
        data = data.rstrip(b"\0")
    return data.decode(codec, errors=UTF8_FALLBACK if codec == "utf-8" else "replace")


READ_SCHEMA = pl.Schema(
    {"source_id": pl.String, "path": pl.String, "size_bytes": pl.Int64, "encoding": pl.String, "error": pl.String, "text": pl.String}
)


def read_sources(paths: list[Path], root: Path, limits: ReadLimits = ReadLimits(), skip: frozenset[str] = frozenset()) -> pl.DataFrame:
    """Read files into a frame, in the order of ``paths`` (one row per distinct content: the first path wins; an unreadable
    file's ``source_id`` is ``unreadable:<path>``); contents in ``skip`` are only hashed."""
    rows = [row for p in paths if (row := read_source(p, root, limits, skip)) is not None]
    frame = pl.DataFrame(rows, schema=READ_SCHEMA) if rows else pl.DataFrame(schema=READ_SCHEMA)
    del rows
    # one filter, only when needed: each copy of the texts column costs a file's size several times over
    keep = frame["source_id"].is_null() | frame["source_id"].is_first_distinct()
    if not keep.all():
        frame = frame.filter(keep)
    return frame.with_columns(source_id=pl.coalesce("source_id", pl.concat_str(pl.lit("unreadable:"), pl.col("path"))))
