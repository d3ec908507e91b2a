"""Shingles, one-permutation MinHash signatures, LSH band keys and exact set similarity.

Signature scheme ``m1`` (see README, Dedup): the dedup key (scheme ``k1``) with every
character of a script written without spaces (Han, kana, Hangul, Thai) made a word of its
own; then one shingle per word: the 16 bytes of UTF-8 that start at the word, read from the
key with its spaces removed. A shingle therefore spans two or three words, but words glued
together by a scraper ("modelsthat") or split at a hyphen ("multi task") only change the
shingles anchored inside the change. A key shorter than 16 bytes is one shingle.

All hashing is vectorized numpy over the Arrow buffers of a string column and uses only
fixed constants, so signatures stored in a warehouse stay valid across processes and library
versions. Nothing here knows about records or runs.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl
import pyarrow as pa

SIGNATURE_SCHEME = "m1"
_SPACELESS_SCRIPTS = r"([\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}])"
_U64 = np.uint64
_M1, _M2 = _U64(0xFF51AFD7ED558CCD), _U64(0xC4CEB9FE1A85EC53)
_GOLDEN = _U64(0x9E3779B97F4A7C15)
_EMPTY = np.uint32(0xFFFFFFFF)
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


def shingles(keys: pl.Series, width: int = 16, seed: int = 20250) -> tuple[np.ndarray, np.ndarray]:
    """Word-anchored shingle hashes of folded keys: ``(row index int64, hash uint64)``, grouped by row.

    ``keys`` are words separated by single spaces (``word_split_scripts`` applied).
    """
    if not 1 <= width <= 16:
        raise ValueError("shingle width must be 1..16 bytes")
    data, offsets = _buffers(keys)
    n = len(offsets) - 1
    lengths = np.diff(offsets)
    space = data == 32
    previous_space = np.ones_like(space)
    previous_space[1:] = space[:-1]
    previous_space[offsets[:-1][lengths > 0]] = True
    anchors = np.flatnonzero(~space & previous_space)
    word_ends = np.flatnonzero(space[1:] & ~space[:-1]) + 1  # a space right after a word
    row_of_anchor = np.searchsorted(offsets, anchors, side="right") - 1
    ends = np.sort(np.concatenate([word_ends, offsets[1:][lengths > 0]]))
    ends = ends[np.searchsorted(ends, anchors, side="right")]  # the end of each anchor's word
    # words are contiguous in the spaceless buffer: a word starts where the previous ones end
    word_length = ends - anchors
    starts = np.concatenate([[0], np.cumsum(word_length)[:-1]]) if len(anchors) else np.zeros(0, np.int64)
    first_word = np.concatenate([[True], row_of_anchor[1:] != row_of_anchor[:-1]]) if len(anchors) else np.zeros(0, bool)
    row_start = np.maximum.accumulate(np.where(first_word, starts, 0)) if len(anchors) else starts
    row_length = np.bincount(row_of_anchor, weights=word_length, minlength=n).astype(np.int64)
    row_end = row_start + row_length[row_of_anchor]
    packed = data[~space]
    length = row_end - starts
    keep = (length >= width) | first_word
    rows, starts, length = row_of_anchor[keep], starts[keep], np.minimum(length[keep], width)
    padded = np.concatenate([packed, np.zeros(16, np.uint8)])
    words = np.ndarray(shape=(len(padded) - 8,), dtype="<u8", buffer=padded, strides=(1,))
    lo, hi = words[starts], words[starts + 8]
    lo = lo & _BYTE_MASKS[np.minimum(length, 8)]
    hi = hi & _BYTE_MASKS[np.clip(length - 8, 0, 8)]
    hashes = _fmix(_fmix(lo ^ _U64(seed)) ^ (hi * _GOLDEN) ^ length.astype(_U64))
    return rows, hashes


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


def band_table(keys: pl.Series, params: MinHashParams) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Shingles ``(row, shingle)`` and band keys ``(row, bands: list[i64])`` of folded keys.

    Band keys are stored as signed 64-bit integers (Delta has no unsigned types); same bits.
    """
    rows, hashes = shingles(keys, params.shingle_bytes, params.seed)
    sig = signatures(rows, hashes, keys.len(), params.bands * params.rows)
    bands = band_keys(sig, params.rows)
    shingle_frame = pl.DataFrame({"row": rows.astype(np.uint32), "shingle": hashes})
    has_shingles = np.bincount(rows, minlength=keys.len()) > 0
    band_frame = pl.DataFrame({"row": np.arange(keys.len(), dtype=np.uint32), "bands": bands.view(np.int64)}).with_columns(
        bands=pl.when(pl.Series(has_shingles)).then(pl.col("bands"))  # an empty key matches nothing
    )
    return shingle_frame, band_frame


def candidate_pairs(bands: pl.DataFrame) -> pl.DataFrame:
    """Pairs ``(a, b)`` with ``a < b`` of rows that share at least one band key."""
    flat = bands.explode("bands").rename({"bands": "band"}).drop_nulls("band")
    shared = flat.filter(pl.col("band").is_duplicated())
    pairs = shared.join(shared, on="band", suffix="_b").filter(pl.col("row") < pl.col("row_b"))
    return pairs.select(a=pl.col("row"), b=pl.col("row_b")).unique()


def pair_similarity(pairs: pl.DataFrame, shingle_sets: pl.DataFrame) -> pl.DataFrame:
    """Exact Jaccard and containment of the shingle sets of each pair ``(a, b)``.

    ``shingle_sets`` has ``row`` and ``shingle``; containment is the intersection over the
    smaller set.
    """
    involved = pl.concat([pairs["a"], pairs["b"]]).unique().implode()
    sets = shingle_sets.filter(pl.col("row").is_in(involved)).unique()
    sizes = sets.group_by("row").agg(n=pl.len())
    inter = (
        pairs.join(sets, left_on="a", right_on="row")
        .join(sets, left_on=["b", "shingle"], right_on=["row", "shingle"], how="semi")
        .group_by("a", "b")
        .agg(shared=pl.len())
    )
    return (
        pairs.join(inter, on=["a", "b"], how="left")
        .join(sizes.rename({"row": "a", "n": "n_a"}), on="a", how="left")
        .join(sizes.rename({"row": "b", "n": "n_b"}), on="b", how="left")
        .with_columns(pl.col("shared").fill_null(0), pl.col("n_a").fill_null(0), pl.col("n_b").fill_null(0))
        .with_columns(
            jaccard=pl.col("shared") / (pl.col("n_a") + pl.col("n_b") - pl.col("shared")).clip(1),
            containment=pl.col("shared") / pl.min_horizontal("n_a", "n_b").clip(1),
        )
        .drop("shared", "n_a", "n_b")
    )
