"""Shingles, one-permutation MinHash signatures, LSH band keys, passage hashes and exact set similarity.

Signature scheme ``m5`` (see README, Dedup): the dedup key (scheme ``k1``) without accents (``dedup.without_accents``;
``m1`` kept them), with traditional Chinese characters simplified (``dedup.simplified_han``; ``m2`` kept them), without the
letters of f-ligatures (``LIGATURE_LETTERS``, left out as the key is shingled; ``m3`` kept them), British spellings read as
American ones (``BRITISH_SPELLINGS``, as the key is shingled; ``m4`` read them as written) and with every character of a script written without spaces (Han, kana, Hangul, Thai) made a word of
its own; then one shingle per word: the 16 bytes of UTF-8 that start at the word, read from the
key with its spaces removed. A shingle therefore spans two or three words, but words glued
together by a scraper ("modelsthat") or split at a hyphen ("multi task") only change the
shingles anchored inside the change. A key shorter than 16 bytes is one shingle.

Passage scheme ``p5`` (``p1`` on keys with accents, ``p2`` with traditional Chinese as written, ``p3`` with f-ligature letters, ``p4`` with British spellings): winnowing over the same shingle hashes in text order: the smallest hash
of every window of ``width`` consecutive shingles, once each. Two keys that share a verbatim
stretch of ``width`` shingles (about a sentence) share at least one passage hash, whatever
else differs, so a second candidate source finds versions whose Jaccard is too low for the LSH.

All hashing is vectorized numpy over the Arrow buffers of a string column and uses only
fixed constants, so signatures stored in a warehouse stay valid across processes and library
versions. A column is hashed once (``shingle_hashes``), ``CHUNK_ROWS`` keys at a time on
``THREADS`` threads; band keys and shingle sets are read from those hashes. Nothing here
knows about records or runs.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import polars as pl
import pyarrow as pa

T = TypeVar("T")
SIGNATURE_SCHEME = "m5"  # m1: keys with accents; m2: traditional Chinese as written; m3: with the letters of f-ligatures; m4: British spellings as written
PASSAGE_SCHEME = "p5"
# The letters of TeX's f-ligatures (ﬀ ﬁ ﬂ ﬃ ﬄ), longest first. A PDF's text extractor may drop a ligature glyph or write a
# space for it (``ecient``, ``e cient`` for ``efficient``): a ligature-dense abstract copied so shared 4/5 of its shingles
# and was a record of its own. Shingles are read from the key without these letters (since schemes ``m4``, ``p4``); the key
# itself keeps them, for the kept rule's letter and word counts.
LIGATURE_LETTERS = "ff[il]?|f[il]"
# British spellings as American ones: a journal's copy of an arXiv abstract in house style ("optimise", "behaviour",
# "modelling", "analyse") differs in every such word, and each changes the two or three shingles that span it (ten in a
# 52-word abstract took its Jaccard to 0.38: a record of its own). Read so in every key alike ("noise" as "noize",
# "resources" as "resorces"), so nothing else moves; the key itself keeps them, for the kept rule's words.
BRITISH_SPELLINGS = (
    (r"([a-z]{2})is(e|ed|es|ing|ation|ations|er|ers|able)( |$)", "${1}iz${2}${3}"),  # optimise(d), generalisation, organiser
    (r"([a-z]{2})ys(e|ed|es|ing|er|ers)( |$)", "${1}yz${2}${3}"),  # analyse(d), catalyser
    (r"([a-z]{2}[a-z&&[^aeou]])our", "${1}or"),  # behaviour(al), colour(ed), favourite, labour, neighbour
    (r"([a-z]{2}[aeo])ll(ing|ed|er|ers)( |$)", "${1}l${2}${3}"),  # modelling, labelled, signalling, travelled
)


def american_spellings(keys: pl.Series) -> pl.Series:
    """Keys with ``BRITISH_SPELLINGS`` as American ones."""
    for pattern, american in BRITISH_SPELLINGS:
        keys = keys.str.replace_all(pattern, american)
    return keys


def read_as_shingled(keys: pl.Series) -> pl.Series:
    """Keys as ``shingles`` reads them: without ``LIGATURE_LETTERS``, British spellings as American ones."""
    return american_spellings(keys.str.replace_all(LIGATURE_LETTERS, ""))


_SPACELESS_SCRIPTS = r"([\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}])"
_U64 = np.uint64
_M1, _M2 = _U64(0xFF51AFD7ED558CCD), _U64(0xC4CEB9FE1A85EC53)
_GOLDEN = _U64(0x9E3779B97F4A7C15)
_EMPTY = np.uint32(0xFFFFFFFF)
_NO_HASH = np.iinfo(np.uint64).max
_BYTE_MASKS = np.array([(1 << (8 * k)) - 1 for k in range(9)], dtype=np.uint64)  # the first k bytes of a word


@dataclass(frozen=True)
class MinHashParams:
    """LSH shape and seed. Changing any field changes the stored band keys (a new scheme)."""

    shingle_bytes: int = 16  # bytes of the spaceless key per word-anchored shingle (<= 16)
    bands: int = 24  # LSH bands; a pair is a candidate when any band matches
    rows: int = 3  # signature bins per band
    seed: int = 20250

    @property
    def scheme(self) -> str:
        return f"{SIGNATURE_SCHEME}/w{self.shingle_bytes}/b{self.bands}r{self.rows}/s{self.seed}"


def _fmix(x: np.ndarray) -> np.ndarray:
    """MurmurHash3's 64-bit finalizer (wrapping uint64 arithmetic)."""
    x = x ^ (x >> _U64(33))
    x = x * _M1
    x = x ^ (x >> _U64(33))
    x = x * _M2
    return x ^ (x >> _U64(33))


def word_split_scripts(key: pl.Expr) -> pl.Expr:
    """Make every character of a script written without spaces a word of its own."""
    return key.str.replace_all(_SPACELESS_SCRIPTS, " ${1} ").str.replace_all(" {2,}", " ").str.strip_chars()


def _buffers(keys: pl.Series) -> tuple[np.ndarray, np.ndarray]:
    """UTF-8 bytes and int64 offsets of a string column (nulls read as empty)."""
    arr = keys.fill_null("").to_arrow()
    arr = arr.cast(pa.large_string()) if not isinstance(arr, pa.ChunkedArray) else arr.cast(pa.large_string()).combine_chunks()
    buffers = arr.buffers()
    offsets = np.frombuffer(buffers[1], dtype=np.int64)[arr.offset : arr.offset + len(arr) + 1]
    data = np.frombuffer(buffers[2], dtype=np.uint8) if buffers[2] is not None else np.zeros(0, np.uint8)
    return data[offsets[0] : offsets[-1]], offsets - offsets[0]


def shingles(keys: pl.Series, width: int = 16, seed: int = 20250, as_written: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Word-anchored shingle hashes of folded keys: ``(row index int64, hash uint64)``, grouped by row.

    ``keys`` are words separated by spaces (``word_split_scripts`` applied), read as ``read_as_shingled`` unless
    ``as_written`` (``explain``'s comparison of the keys as written).
    """
    if not 1 <= width <= 16:
        raise ValueError("shingle width must be 1..16 bytes")
    if not as_written:
        keys = read_as_shingled(keys)
    data, offsets = _buffers(keys)
    n = len(offsets) - 1
    spaces = np.flatnonzero(data == 32)
    anchors, ends = _word_bounds(data, offsets, spaces)  # one end per word, in the same order
    words_per_row = np.diff(np.searchsorted(anchors, offsets))
    row_of_anchor = np.repeat(np.arange(n, dtype=np.int64), words_per_row)
    # words are contiguous in the spaceless buffer: a word starts where the previous ones end
    word_length = ends - anchors
    packed_end = np.cumsum(word_length)
    starts = packed_end - word_length
    first = np.zeros(len(anchors), dtype=bool)
    row_first = (np.cumsum(words_per_row) - words_per_row)[words_per_row > 0]
    first[row_first] = True
    row_end_of = np.zeros(n, dtype=np.int64)
    row_end_of[words_per_row > 0] = packed_end[np.cumsum(words_per_row)[words_per_row > 0] - 1]
    length = np.repeat(row_end_of, words_per_row) - starts
    keep = (length >= width) | first
    rows, starts, length = row_of_anchor[keep], starts[keep], np.minimum(length[keep], width)
    n_letters = len(data) - len(spaces)
    padded = np.zeros(n_letters + 16, np.uint8)
    np.compress(data != 32, data, out=padded[:n_letters])
    # the 16 bytes at every start in one gather, as (lo, hi) little-endian words
    lo, hi = np.ndarray(shape=(n_letters,), dtype="V16", buffer=padded, strides=(1,))[starts].view("<u8").reshape(-1, 2).T
    short = np.flatnonzero(length < 16)  # a row's only shingle, or a narrower width: mask the bytes past it
    lo[short] &= _BYTE_MASKS[np.minimum(length[short], 8)]
    hi[short] &= _BYTE_MASKS[np.clip(length[short] - 8, 0, 8)]
    hashes = _fmix(_fmix(lo ^ _U64(seed)) ^ (hi * _GOLDEN) ^ length.astype(_U64))
    return rows, hashes


def _word_bounds(data: np.ndarray, offsets: np.ndarray, spaces: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each word (bytes other than a space) of the rows at ``offsets`` starts and ends (exclusive), in order; ``spaces``
    are the positions of the spaces. Worked out from the spaces and the row bounds alone (a few per word), not byte by byte."""
    boundary = np.zeros(len(data) + 1, dtype=bool)
    boundary[offsets] = True
    lone = np.ones(len(spaces) + 1, dtype=bool)  # lone[i]: space i is not right after space i - 1 (ends: lone)
    lone[1:-1] = spaces[1:] != spaces[:-1] + 1
    after = spaces + 1
    inner_starts = after[lone[1:] & ~boundary[after]]  # a word after a space, not after the row's last byte
    inner_ends = spaces[lone[:-1] & ~boundary[spaces]]  # a word before a space, not at the row's first byte
    nonempty = offsets[1:] > offsets[:-1]
    row_starts, row_ends = offsets[:-1][nonempty], offsets[1:][nonempty]
    row_starts, row_ends = row_starts[data[row_starts] != 32], row_ends[data[row_ends - 1] != 32]
    starts = np.insert(inner_starts, np.searchsorted(inner_starts, row_starts), row_starts)
    return starts, np.insert(inner_ends, np.searchsorted(inner_ends, row_ends), row_ends)


def signatures(rows: np.ndarray, hashes: np.ndarray, n_rows: int, bins: int) -> np.ndarray:
    """One-permutation MinHash with rotation densification: ``(n_rows, bins)`` uint32."""
    bin_of = (((hashes >> _U64(32)) * _U64(bins)) >> _U64(32)).astype(np.int64)
    sig = np.full(n_rows * bins, _EMPTY, dtype=np.uint32)
    np.minimum.at(sig, rows * bins + bin_of, (hashes & _U64(0xFFFFFFFF)).astype(np.uint32))
    sig = sig.reshape(n_rows, bins)
    empty = sig == _EMPTY
    if not empty.any():
        return sig
    # an empty bin takes the next filled bin to its right (circularly), offset by the distance
    doubled = np.concatenate([sig, sig], axis=1)
    position = np.where(np.concatenate([~empty, ~empty], axis=1), np.arange(2 * bins), 2 * bins)
    next_filled = np.minimum.accumulate(position[:, ::-1], axis=1)[:, ::-1][:, :bins]
    has_any = next_filled[:, 0] < 2 * bins
    distance = (next_filled - np.arange(bins)).astype(np.uint32)
    taken = np.take_along_axis(doubled, np.minimum(next_filled, 2 * bins - 1), axis=1)
    filled = np.where(empty & has_any[:, None], taken + distance * np.uint32(0x9E3779B1), sig)
    return filled.astype(np.uint32)


def band_keys(sig: np.ndarray, rows_per_band: int) -> np.ndarray:
    """LSH band keys ``(n_rows, bands)`` uint64; the band number is mixed in, so keys of different bands never match."""
    n, bins = sig.shape
    bands = bins // rows_per_band
    grouped = sig[:, : bands * rows_per_band].reshape(n, bands, rows_per_band).astype(_U64)
    acc = np.broadcast_to((np.arange(bands, dtype=_U64) + _U64(1)) * _GOLDEN, (n, bands)).copy()
    for r in range(rows_per_band):
        acc = _fmix(acc ^ grouped[:, :, r])
    return acc


CHUNK_ROWS = 1_024  # keys hashed at a time (at most 2**13: shingle_table packs the row into 13 bits): numpy temporaries stay in the CPU caches
THREADS = 2  # chunks worked on at once: numpy releases the GIL in its elementwise passes and sorts
# A band key many keys hold (thousands of variants of one text, or shingles many texts share by chance) would make all
# their pairs candidates, quadratic in time, memory and confirmed edges: in a bucket each key pairs with the next this
# many keys (by row: key order) only, which links a cluster of near duplicates all the same. 4,000 variants of one
# abstract: 7.9 million edges, 38 s and 2.9 GB before; 0.54 million, 8 s and 0.9 GB with it (16,000: 2.4 million, 16 s,
# 1.4 GB). A bucket of up to BAND_WINDOW + 1 keys has all its pairs (at 100k bench records the largest holds 105 keys).
BAND_WINDOW = 32
PAIR_CHUNK = 2_048  # candidate pairs compared at a time (at most 2**22: pair_similarity tags a shingle with its pair in 22 bits)


def _map_chunks(work: Callable[[int], T], total: int, size: int) -> list[T]:
    """``work(start)`` for every chunk start in ``range(0, total, size)``, on ``THREADS`` threads, in order."""
    with ThreadPoolExecutor(THREADS) as pool:
        return list(pool.map(work, range(0, total, size)))


def _ranges(starts: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """The indices ``starts[i] .. starts[i] + sizes[i]`` of every ``i``, concatenated."""
    return np.repeat(starts - (np.cumsum(sizes) - sizes), sizes) + np.arange(sizes.sum())


@dataclass(frozen=True)
class ShingleHashes:
    """Shingle hashes of a column of keys (as ``shingles`` makes them): row ``i``'s are ``hashes[bounds[i]:bounds[i + 1]]``."""

    bounds: np.ndarray  # int64, one more than the rows
    hashes: np.ndarray  # uint64

    def span(self, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
        """``(row - start, hash)`` of rows ``start`` to ``stop`` (exclusive), grouped by row."""
        sizes = np.diff(self.bounds[start : stop + 1])
        return np.repeat(np.arange(stop - start, dtype=np.int64), sizes), self.hashes[self.bounds[start] : self.bounds[stop]]

    def gather(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(position in rows, hash)`` of the given rows, grouped by position."""
        sizes = self.bounds[rows + 1] - self.bounds[rows]
        return np.repeat(np.arange(len(rows), dtype=np.int64), sizes), self.hashes[_ranges(self.bounds[rows], sizes)]


def shingle_hashes(keys: pl.Series, params: MinHashParams) -> ShingleHashes:
    """Shingle hashes of folded keys, computed once for band keys and shingle sets alike."""

    def chunk(start: int) -> tuple[np.ndarray, np.ndarray]:
        part = keys.slice(start, CHUNK_ROWS)
        rows, hashes = shingles(part, params.shingle_bytes, params.seed)
        return np.bincount(rows, minlength=part.len()), hashes

    hashed = _map_chunks(chunk, keys.len(), CHUNK_ROWS)
    bounds = np.concatenate([np.zeros(1, np.int64), *(sizes for sizes, _ in hashed)]).cumsum()
    return ShingleHashes(bounds=bounds, hashes=np.concatenate([np.zeros(0, _U64), *(hashes for _, hashes in hashed)]))


def window_minima(values: np.ndarray, width: int) -> np.ndarray:
    """The smallest of every ``width`` consecutive values (``len(values) - width + 1`` of them; van Herk / Gil-Werman: two passes)."""
    blocks = -(-len(values) // width)
    grid = np.full(blocks * width, _NO_HASH, dtype=_U64)
    grid[: len(values)] = values
    grid = grid.reshape(blocks, width)
    prefix = np.minimum.accumulate(grid, axis=1).ravel()
    suffix = np.minimum.accumulate(grid[:, ::-1], axis=1)[:, ::-1].ravel()
    count = len(values) - width + 1
    return np.minimum(suffix[:count], prefix[width - 1 : width - 1 + count])


def passages(rows: np.ndarray, hashes: np.ndarray, n_rows: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Passage hashes ``(row, hash)`` of shingle hashes grouped by row in text order (``shingles`` makes them): the smallest
    hash of every window of ``width`` shingles of a row, consecutive repeats once; a row with fewer shingles has its smallest."""
    sizes = np.bincount(rows, minlength=n_rows)
    bounds = np.concatenate([[0], np.cumsum(sizes)])
    minima = window_minima(hashes, width) if len(hashes) >= width else np.zeros(0, _U64)
    row = rows[: len(minima)]
    inside = np.arange(len(minima)) + width <= bounds[row + 1]  # windows that do not run into the next row
    row, minima = row[inside], minima[inside]
    new = np.ones(len(minima), dtype=bool)
    new[1:] = (minima[1:] != minima[:-1]) | (row[1:] != row[:-1])
    short = np.flatnonzero((sizes > 0) & (sizes < width))
    smallest = np.zeros(0, _U64)
    if len(short):  # one reduceat segment per short row, another for what follows it
        smallest = np.minimum.reduceat(np.append(hashes, _U64(0)), np.stack([bounds[short], bounds[short + 1]], axis=1).ravel())[::2]
    return np.concatenate([row[new], short]), np.concatenate([minima[new], smallest])


def signature_table(keys: pl.Series, params: MinHashParams, passage_width: int) -> pl.DataFrame:
    """LSH band keys (``bands: array[i64]``) and passage hashes (``passages: list[i64]``, distinct and sorted; see
    ``passages``) of folded keys, both null for a key without shingles.

    One pass per chunk of keys, from shingles to both, while they are in the CPU caches. Band keys
    are stored as signed 64-bit integers (Delta has no unsigned types); same bits.
    """

    def chunk(start: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        part = keys.slice(start, CHUNK_ROWS)
        n = part.len()
        rows, hashes = shingles(part, params.shingle_bytes, params.seed)
        bands = band_keys(signatures(rows, hashes, n, params.bands * params.rows), params.rows)
        rows, hashes = passages(rows, hashes, n, passage_width)
        distinct = _distinct((rows.astype(_U64) << _U64(51)) | (hashes >> _U64(13)))  # 13 bits of row, the hash's top 51 bits
        sizes = np.bincount((distinct >> _U64(51)).astype(np.int64), minlength=n)
        return bands, sizes, (distinct & _U64((1 << 51) - 1)).view(np.int64)

    parts = _map_chunks(chunk, keys.len(), CHUNK_ROWS)
    bands = np.concatenate([np.zeros((0, params.bands), _U64), *(bands for bands, _, _ in parts)])
    sizes = np.concatenate([np.zeros(0, np.int64), *(sizes for _, sizes, _ in parts)])
    values = pa.array(np.concatenate([np.zeros(0, np.int64), *(values for _, _, values in parts)]))
    offsets = pa.array(np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64))
    empty = sizes == 0  # no shingles, no passages
    lists = pl.Series("passages", pa.LargeListArray.from_arrays(offsets, values, mask=pa.array(empty))).cast(pl.List(pl.Int64))
    frame = pl.DataFrame({"bands": bands.view(np.int64)}).with_columns(lists)
    return frame.with_columns(bands=pl.when(pl.Series(~empty)).then(pl.col("bands"))) if empty.any() else frame


def passage_pairs(passage_lists: pl.DataFrame, shared: int, cap: int, common: pl.Series | None = None, below: int | None = None) -> pl.DataFrame:
    """Pairs ``(a, b)`` with ``a < b`` of rows (``row``, ``passages``) that share at least ``shared`` passage hashes, or one
    when either row holds only one (a short text: all its windows have one smallest hash), counting only hashes that at
    most ``cap`` rows hold and that are not in ``common`` (templates are not evidence). With ``below``, only the pairs with ``a < below``."""
    singles = passage_lists.filter(pl.col("passages").list.len() == 1)["row"].cast(pl.Int64).to_numpy()
    single = np.zeros(int(passage_lists["row"].max() or 0) + 1, dtype=bool)
    single[singles] = True
    return _pairs_sharing(_held(passage_lists.select("row", value="passages"), common), shared, cap, below, single)


def _held_below(flat: pl.DataFrame, below: int | None) -> pl.DataFrame:
    """The (``row``, ``value``) rows of the values a row under ``below`` holds (every holder of each, so that
    ``_pairs_sharing`` counts them as before): no other value makes a pair with ``a < below``."""
    if below is None:
        return flat
    return flat.filter(pl.col("value").is_in(flat.filter(pl.col("row") < below)["value"].implode()))


def _held(lists: pl.DataFrame, common: pl.Series | None) -> pl.DataFrame:
    """One row per (``row``, ``value``) of the lists, without nulls and ``common`` values (passed on, not kept, so ``_pairs_sharing`` can free it)."""
    flat = lists.explode("value").drop_nulls("value")
    return flat.filter(~pl.col("value").is_in(common.implode())) if common is not None and common.len() else flat


def _pairs_sharing(
    flat: pl.DataFrame, shared: int, cap: int | None, below: int | None = None, single: np.ndarray | None = None, window: int | None = None
) -> pl.DataFrame:
    """Pairs ``(a, b)``, ``a < b``, sorted, of rows (``row``, ``value``: one row per value a row holds) with ``shared``
    values in common (one, where ``single`` flags either row), counting only values at most ``cap`` rows hold (and, with
    ``below``, only those with ``a < below``); with ``window``, a row pairs with the next ``window`` rows holding a value only.
    Numpy over the rows sorted by value, then row: every pair within a run of rows holding one value, then one sort to count each pair's runs."""
    flat = _held_below(flat, below)
    if not flat["row"].is_sorted():
        flat = flat.sort("row")
    flat = flat.sort("value", maintain_order=True)  # by value, then row: a stable sort of rows in order (~2x faster than both keys)
    rows, (_, first, counts) = flat["row"].to_numpy().astype(_U64), _runs(flat["value"].to_numpy())
    del flat
    kept = (counts >= 2) & (counts <= cap) if cap is not None else counts >= 2
    first, counts = first[kept], counts[kept]
    # every pair within a run of rows holding one value: each member with each later member
    members = _ranges(first, counts)
    later = np.repeat(first + counts, counts) - members - 1
    if window is not None:
        later = np.minimum(later, window)
    left = np.repeat(members, later)
    right = left + 1 + _ranges(np.zeros(len(later), np.int64), later)
    a, b = rows[left], rows[right]
    del left, right
    if below is not None:
        keep = np.minimum(a, b) < _U64(below)
        a, b = a[keep], b[keep]
    pairs, _, times = _runs(np.sort((np.minimum(a, b) << _U64(32)) | np.maximum(a, b)))
    enough = times >= shared
    if single is not None:
        enough |= single[(pairs >> _U64(32)).astype(np.int64)] | single[(pairs & _U64(0xFFFFFFFF)).astype(np.int64)]
    pairs = pairs[enough & ((pairs >> _U64(32)) != (pairs & _U64(0xFFFFFFFF)))]
    return pl.DataFrame({"a": (pairs >> _U64(32)).astype(np.uint32), "b": (pairs & _U64(0xFFFFFFFF)).astype(np.uint32)})


def shingle_table(shingled: ShingleHashes, rows: pl.Series) -> pl.DataFrame:
    """Distinct shingles ``(row, shingle)`` of the hashed keys at ``rows``, sorted by row, then shingle (row numbers kept; shingles as 51-bit hashes)."""
    wanted = rows.unique().sort().to_numpy().astype(np.int64)

    def chunk(start: int) -> tuple[np.ndarray, np.ndarray]:
        rows = wanted[start : start + CHUNK_ROWS]
        local, hashes = shingled.gather(rows)
        # distinct (row, shingle) by one sort: 13 bits of row, the shingle's top 51 bits
        combined = _distinct((local.astype(np.uint64) << _U64(51)) | (hashes >> _U64(13)))
        return rows[(combined >> _U64(51)).astype(np.int64)].astype(np.uint32), combined & _U64((1 << 51) - 1)

    parts = _map_chunks(chunk, len(wanted), CHUNK_ROWS)
    if not parts:
        return pl.DataFrame(schema={"row": pl.UInt32, "shingle": pl.UInt64})
    return pl.DataFrame({"row": np.concatenate([row for row, _ in parts]), "shingle": np.concatenate([shingle for _, shingle in parts])})


def _distinct(values: np.ndarray) -> np.ndarray:
    """Sorted distinct values (``np.unique`` is far slower on uint64 in numpy 2.4)."""
    ordered = np.sort(values)
    keep = np.ones(len(ordered), dtype=bool)
    keep[1:] = ordered[1:] != ordered[:-1]
    return ordered[keep]


# Bits of a key's shingle sketch (``shared_bound``): ~300 shingles fill a tenth of them, and two unrelated keys then share a few.
SKETCH_BITS = 2_048
# The sketch's bit of a shingle hash: bits 22-32, which ``pair_similarity`` compares too (it compares bits 22-63).
_SKETCH_SHIFT = 22
BOUND_PAIR_CHUNK = 65_536  # pairs bounded at a time (two 16 MB gathers of sketches)


def _sketches(shingled: ShingleHashes) -> tuple[np.ndarray, np.ndarray]:
    """Each key's sketch (``SKETCH_BITS`` bits as uint64 words: the bits its shingle hashes set) and how many of its bits are set."""
    n, words = len(shingled.bounds) - 1, SKETCH_BITS // 64

    def chunk(start: int) -> np.ndarray:
        stop = min(start + CHUNK_ROWS, n)
        rows, hashes = shingled.span(start, stop)
        bits = np.zeros((stop - start) * SKETCH_BITS, dtype=bool)
        bits[rows * SKETCH_BITS + ((hashes >> _U64(_SKETCH_SHIFT)) & _U64(SKETCH_BITS - 1)).astype(np.int64)] = True
        return np.packbits(bits.reshape(stop - start, SKETCH_BITS), axis=1, bitorder="little").view(_U64)

    sketches = np.concatenate([np.zeros((0, words), _U64), *_map_chunks(chunk, n, CHUNK_ROWS)])
    return sketches, np.bitwise_count(sketches).sum(axis=1, dtype=np.int64)


def shared_bound(pairs: pl.DataFrame, shingled: ShingleHashes) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each pair ``(a, b)`` of rows of ``shingled``: at least as many shingles as the two share (as ``pair_similarity``
    counts them), and at most as many distinct shingles as each has — without comparing their sets.

    A shingle sets one bit of its key's sketch; two keys share at most one shingle per bit both set, plus as many as one of
    them has beyond its set bits. Unrelated keys set few bits in common, so the bound rules most of their pairs out.
    """
    sketches, set_bits = _sketches(shingled)
    extra = np.diff(shingled.bounds) - set_bits  # shingles beyond one per set bit (copies and shared bits alike)
    a, b = pairs["a"].to_numpy().astype(np.int64), pairs["b"].to_numpy().astype(np.int64)

    def chunk(start: int) -> np.ndarray:
        part = slice(start, start + BOUND_PAIR_CHUNK)
        return np.bitwise_count(sketches[a[part]] & sketches[b[part]]).sum(axis=1, dtype=np.int64)

    common = np.concatenate([np.zeros(0, np.int64), *_map_chunks(chunk, len(a), BOUND_PAIR_CHUNK)])
    return common + np.minimum(extra[a], extra[b]), set_bits[a], set_bits[b]


def candidate_pairs(bands: pl.DataFrame, below: int | None = None, window: int | None = BAND_WINDOW) -> pl.DataFrame:
    """Pairs ``(a, b)`` with ``a < b``, sorted, of rows (``row``, ``bands``) that share at least one band key: in a bucket
    (the rows holding one band key, by row) each row with the next ``window`` rows. With ``below``, only the pairs with ``a < below``."""
    return _pairs_sharing(bands.select("row", value="bands").explode("value").drop_nulls("value"), 1, None, below, window=window)


def pair_similarity(pairs: pl.DataFrame, shingle_sets: pl.DataFrame) -> pl.DataFrame:
    """Exact Jaccard and containment of the shingle sets of each pair ``(a, b)``, and the ``smaller`` set's size.

    ``shingle_sets`` has distinct ``(row, shingle)`` (as ``shingle_table`` makes them, already sorted);
    containment is the intersection over the smaller set. One sort counts every pair's
    shared shingles: each pair's two sets side by side, a shared shingle shows up twice.
    """
    rows, values = shingle_sets["row"].to_numpy(), shingle_sets["shingle"].to_numpy()
    if not _sorted_by_row_and_value(rows, values):  # shingle_table's are: no copy of (at 1M) ~66M rows then
        table = shingle_sets.sort("row", "shingle")
        rows, values = table["row"].to_numpy(), table["shingle"].to_numpy()
    values = values.astype(np.uint64, copy=False)
    present, first, counts = _runs(rows)
    present = present.astype(np.int64)
    a, b = pairs["a"].to_numpy().astype(np.int64), pairs["b"].to_numpy().astype(np.int64)
    n_a, n_b = _sizes(a, present, counts), _sizes(b, present, counts)

    def shared_in(start: int) -> np.ndarray:
        part = slice(start, start + PAIR_CHUNK)
        side_a = _gather_sets(a[part], present, first, counts, values)
        side_b = _gather_sets(b[part], present, first, counts, values)
        # each side is sorted by (pair, shingle): a stable sort (timsort) just merges the two runs
        both = np.sort(np.concatenate([side_a, side_b]), kind="stable")
        twice = both[1:][both[1:] == both[:-1]]
        return np.bincount((twice >> _U64(42)).astype(np.int64), minlength=len(a[part]))

    shared = np.concatenate([np.zeros(0, np.int64), *_map_chunks(shared_in, len(a), PAIR_CHUNK)])
    union = np.maximum(n_a + n_b - shared, 1)
    return pairs.with_columns(
        jaccard=pl.Series(shared / union), containment=pl.Series(shared / np.maximum(np.minimum(n_a, n_b), 1)), smaller=pl.Series(np.minimum(n_a, n_b))
    )


def shared_runs(pairs: pl.DataFrame, shingled: ShingleHashes) -> tuple[np.ndarray, np.ndarray]:
    """For each pair ``(a, b)`` of rows of ``shingled``: its spread, how much of the shorter text is shared outside its two
    longest shared runs, and the length of its longest shared run (in shingles).

    Walking the shorter text's shingles in order, each is shared or not; the shares in the two
    longest runs of consecutive shared shingles are dropped and the rest is divided by the
    text's shingle count. Two versions of one paper share a little of nearly every sentence;
    two papers built on one template share one or two stretches (the template) and little else.
    Two copies of one abstract under different page text share it as one long run.
    """
    bounds, hashes = shingled.bounds, shingled.hashes
    spread, longest = np.zeros(pairs.height), np.zeros(pairs.height, dtype=np.int64)
    for k, (a, b) in enumerate(zip(pairs["a"].to_numpy(), pairs["b"].to_numpy())):
        first, second = hashes[bounds[a] : bounds[a + 1]], hashes[bounds[b] : bounds[b + 1]]
        shorter, longer = (first, second) if len(first) <= len(second) else (second, first)
        if not len(shorter):
            continue
        steps = np.diff(np.concatenate([[0], np.isin(shorter, longer).view(np.int8), [0]]))
        runs = np.sort(np.flatnonzero(steps == -1) - np.flatnonzero(steps == 1))
        spread[k] = runs[:-2].sum() / len(shorter)
        longest[k] = runs[-1] if len(runs) else 0
    return spread, longest


def opening_share(pairs: pl.DataFrame, shingled: ShingleHashes, slack: float) -> np.ndarray:
    """For each pair ``(a, b)`` of rows of ``shingled``: the share of the shorter text's shingles found in the longer text's
    opening (its first ``slack`` times as many shingles). A listing's copy cut short holds the opening of its abstract."""
    bounds, hashes = shingled.bounds, shingled.hashes
    out = np.zeros(pairs.height)
    for k, (a, b) in enumerate(zip(pairs["a"].to_numpy(), pairs["b"].to_numpy())):
        first, second = hashes[bounds[a] : bounds[a + 1]], hashes[bounds[b] : bounds[b + 1]]
        shorter, longer = (first, second) if len(first) <= len(second) else (second, first)
        if len(shorter):
            out[k] = np.isin(shorter, longer[: int(np.ceil(slack * len(shorter)))]).mean()
    return out


def covered_ends(pairs: pl.DataFrame, shingled: ShingleHashes, ratio: float, share: float, least: int, noise: float) -> pl.DataFrame:
    """Which end of the longer text of each pair ``(a, b)`` the shorter one covers, where the rest of it is another text.

    ``longer`` is the row of the longer text (more shingles, then the larger row) and ``shorter`` the other's; ``side`` is 1
    when the shorter text covers its start and an overhang of ``share`` of its shingles (and at
    least ``least``) at its end shares at most ``noise`` of them with the shorter one, -1 for the
    mirror case; ``covered`` are the longer text's distinct shingles the shorter one holds and
    ``size`` how many distinct shingles it has. Pairs with no such overhang, or whose longer
    text has fewer than ``ratio`` times the shorter's shingles, are left out. A block that is
    two abstracts glued together has such a pair with each of them, on opposite sides.
    """
    bounds, hashes = shingled.bounds, shingled.hashes
    sizes = np.diff(bounds)
    a, b = pairs["a"].to_numpy().astype(np.int64), pairs["b"].to_numpy().astype(np.int64)
    a_longer = (sizes[a] > sizes[b]) | ((sizes[a] == sizes[b]) & (a > b))
    longer, shorter = np.where(a_longer, a, b), np.where(a_longer, b, a)
    found_rows, found_shorter, found_sides, found_covered, found_sizes = [], [], [], [], []
    for k in np.flatnonzero(sizes[longer] >= ratio * np.maximum(sizes[shorter], 1)):
        text = hashes[bounds[longer[k]] : bounds[longer[k] + 1]]
        shared = np.isin(text, hashes[bounds[shorter[k]] : bounds[shorter[k] + 1]])
        at_least = max(least, share * len(text))
        tail, head = _quiet_end(shared[::-1], noise), _quiet_end(shared, noise)
        if (tail >= at_least) != (head >= at_least):
            found_rows.append(longer[k])
            found_shorter.append(shorter[k])
            found_sides.append(1 if tail >= at_least else -1)
            found_covered.append(np.unique(text[shared]).tolist())
            found_sizes.append(len(np.unique(text)))
    return pl.DataFrame(
        {
            "longer": np.array(found_rows, np.int64),
            "shorter": np.array(found_shorter, np.int64),
            "side": np.array(found_sides, np.int8),
            "covered": pl.Series(found_covered, dtype=pl.List(pl.UInt64)),
            "size": np.array(found_sizes, np.uint32),
        }
    ).cast({"longer": pairs.schema["a"], "shorter": pairs.schema["a"]})


def two_texts(sides: pl.DataFrame, noise: float) -> pl.Series:
    """The ``dedup_key``s of ``sides`` (from ``covered_ends``) covered at both ends by two texts that share at most ``noise`` of their shingles there.

    Two abstracts glued together are covered by two different papers, which hold different
    parts of the text; two partial copies of one abstract (its first sentences, and all but its
    opening) overlap in the middle, so the full text is not taken for two.
    """
    start = sides.filter(pl.col("side") == 1).select("dedup_key", "size", start="covered")
    end = sides.filter(pl.col("side") == -1).select("dedup_key", end="covered")
    both = start.join(end, on="dedup_key").filter(pl.col("start").list.set_intersection("end").list.len() <= noise * pl.col("size"))
    return both["dedup_key"].unique().sort()


def _quiet_end(shared: np.ndarray, noise: float) -> int:
    """The length of the longest prefix of ``shared`` (flags) of which at most ``noise`` are set."""
    counts = np.cumsum(shared)
    quiet = np.flatnonzero(counts <= noise * np.arange(1, len(shared) + 1))
    return int(quiet[-1]) + 1 if len(quiet) else 0


def _sorted_by_row_and_value(rows: np.ndarray, values: np.ndarray) -> bool:
    """Whether ``(rows, values)`` are sorted by row, then value."""
    if len(rows) < 2:
        return True
    later_row, same_row = rows[1:] > rows[:-1], rows[1:] == rows[:-1]
    return bool(np.all(later_row | (same_row & (values[1:] >= values[:-1]))))


def _runs(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct values of a sorted array, where each run starts, how long it is."""
    start = np.flatnonzero(np.concatenate([[True], rows[1:] != rows[:-1]])) if len(rows) else np.zeros(0, np.int64)
    return rows[start], start, np.diff(np.concatenate([start, [len(rows)]]))


def _sizes(rows: np.ndarray, present: np.ndarray, counts: np.ndarray) -> np.ndarray:
    at = np.clip(np.searchsorted(present, rows), 0, max(len(present) - 1, 0))
    found = (present[at] == rows) if len(present) else np.zeros(len(rows), bool)
    return np.where(found, counts[at] if len(present) else 0, 0)


def _gather_sets(rows: np.ndarray, present: np.ndarray, first: np.ndarray, counts: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The shingles of each row, tagged with the row's position in ``rows`` (top 22 bits) over 42 shingle bits."""
    at = np.clip(np.searchsorted(present, rows), 0, max(len(present) - 1, 0))
    size = _sizes(rows, present, counts)
    start = first[at] if len(present) else np.zeros(len(rows), np.int64)
    tag = np.repeat(np.arange(len(rows), dtype=np.uint64), size)
    return (tag << _U64(42)) | ((values[_ranges(start, size)] >> _U64(9)) & _U64((1 << 42) - 1))
