"""Seeded generator of realistic listing corpora with dedup ground truth.

Abstracts are random walks of a word-bigram chain trained on the labeled fixture's base
abstracts (with a jump to a random word now and then, so no two papers share long runs),
cut at a sentence end near a length drawn from the seed abstracts' range; 8% of them carry
LaTeX/Markdown markup as some seed abstracts do. About 10% of the
blocks are exact copies (verbatim or case/punctuation changes), 10% near duplicates made with
the fixture's own variant transforms (LaTeX/Markdown, re-wrapping, mojibake, typos, glued
words, MathJax repeats, mangled hyphens/commas, a dropped first or URL sentence, an added
sentence) plus synthetic camera-ready versions (a quarter of the sentences reworded, one added,
numbers changed), and 1% are non-abstract junk. Files hold 2,000 blocks under headers in eight
languages. ``truth.parquet`` holds (path, ordinal, cluster, kind) for every block.
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
from pathlib import Path

import numpy as np
import polars as pl

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "dedup"
FORMAT = 2  # 2: no block that ends no sentence before a lowercase one (a corpus written before is written again)
SIZES = {"1k": 1_000, "10k": 10_000, "100k": 100_000, "1m": 1_000_000}
HEADERS = [
    "ICML 2025 Papers", "ICML 2025 论文列表", "NeurIPS 2024 論文一覧", "ICLR 2025 논문 목록",
    "NeurIPS 2024 Akzeptierte Beiträge", "ICML 2024 Articles acceptés", "ICLR 2024 Artículos aceptados", "NeurIPS 2025 Статьи",
]
NEAR_KINDS = ["case_punct", "latex", "rewrap", "mojibake", "typos", "glued", "mathjax", "mangled", "drop_first", "drop_url", "extra_sentence", "version"]
JUNK = ["Loading...", "Accept all cookies", "Home | About | Contact | Login", "Attention Is Not All You Need", "Copyright 2025 All rights reserved"]
BLOCKS_PER_FILE = 2_000
MARKED_PERCENT = 8  # originals written with LaTeX/Markdown markup, as in the seeds
MAX_TOKENS = 340


def _variants_module():  # noqa: ANN202
    spec = importlib.util.spec_from_file_location("make_corpus", FIXTURE / "make_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


class Chain:
    """A word-bigram chain sampled for many walks at once (vectorized over walks)."""

    def __init__(self, texts: list[str], jump: float = 0.25) -> None:
        tokens = [t for text in texts for t in text.split()]
        self.vocab, ids = np.unique(np.array(tokens, dtype=object), return_inverse=True)
        pairs = np.unique(np.stack([ids[:-1], ids[1:]], axis=1), axis=0, return_counts=True)
        (src, dst), counts = pairs[0].T, pairs[1]
        self.indptr = np.searchsorted(src, np.arange(len(self.vocab) + 1))
        self.successor = dst
        within = np.concatenate([np.cumsum(counts[a:b]) / counts[a:b].sum() for a, b in zip(self.indptr[:-1], self.indptr[1:])])
        self.cum = src + np.minimum(within, 1.0)
        self.unigram = np.cumsum(np.bincount(ids, minlength=len(self.vocab))) / len(ids)
        self.ends = np.array([t.endswith(".") for t in self.vocab])
        starts = ids[1:][self.ends[ids[:-1]]]
        self.starts = starts[np.char.isupper(np.array([self.vocab[s][0] for s in starts]))]
        self.jump = jump

    def walk(self, n: int, steps: int, rng: np.random.Generator) -> np.ndarray:
        """``(n, steps)`` token ids; each row starts at a sentence start."""
        out = np.empty((n, steps), dtype=np.int32)
        state = rng.choice(self.starts, n)
        for step in range(steps):
            out[:, step] = state
            has_next = self.indptr[state + 1] > self.indptr[state]
            nxt = self.successor[np.minimum(np.searchsorted(self.cum, state + rng.random(n)), len(self.successor) - 1)]
            jump = rng.random(n) < self.jump
            random_word = np.minimum(np.searchsorted(self.unigram, rng.random(n)), len(self.vocab) - 1)
            restart = rng.choice(self.starts, n)
            state = np.where(self.ends[state], restart, np.where(jump | ~has_next, random_word, nxt)).astype(np.int32)
        return out

    def texts(self, n: int, rng: np.random.Generator, low: int = 70, high: int = 300) -> list[str]:
        """``n`` abstracts cut at the first sentence end after a length drawn from [low, high] words."""
        walks = self.walk(n, MAX_TOKENS, rng)
        target = rng.integers(low, high, n)
        ends = self.ends[walks] & (np.arange(MAX_TOKENS) >= target[:, None])
        cut = np.where(ends.any(axis=1), ends.argmax(axis=1) + 1, MAX_TOKENS)
        words = self.vocab[walks]
        return [" ".join(row[:c]) for row, c in zip(words, cut)]


def _training_texts() -> list[str]:
    """Plain text of the fixture's English base abstracts (markup is added later, to some papers only)."""
    from transforms.normalize import normalize_text

    bases = _variants_module().load_bases(str(FIXTURE / "base_abstracts.txt"))
    texts = pl.Series([b[k] for b in bases if b["lang"] == "en" for k in ("text", "version") if b.get(k)])
    return texts.to_frame("t").select(normalize_text(pl.col("t")))["t"].to_list()


def _version(text: str, spare: list[str], rng: random.Random) -> str:
    """A synthetic camera-ready version, as the fixture's hand-written ones: about a quarter of the
    sentences (at least one) reworded (a quarter of their words replaced), one sentence added, numbers changed."""
    sentences = re.split(r"(?<=\.) ", text)
    words = " ".join(spare).split()
    for i in rng.sample(range(len(sentences)), max(1, round(len(sentences) / 4))):
        tokens = sentences[i].split()
        sentences[i] = " ".join(rng.choice(words) if rng.random() < 0.25 else t for t in tokens)
    sentences.insert(rng.randrange(len(sentences) + 1), rng.choice(spare))
    return re.sub(r"\d+(?:\.\d+)?", lambda m: str(rng.randint(2, 99)), " ".join(sentences))


def ended_before_lowercase(texts: list[str]) -> list[str]:
    """The blocks of a file, each one that a block starting in lower case follows (a lowercased copy) ending with a full stop
    if it ends no sentence (a walk cut at its longest, a junk line): the pipeline would read the two as one paragraph that an
    empty line cut (``transforms.split.join_broken_paragraphs``), and the truth has them as two blocks."""
    from transforms.split import may_continue_above

    return [
        text + "." if i + 1 < len(texts) and may_continue_above(texts[i + 1]) and not re.search(r"[.!?]\s*$", text) else text
        for i, text in enumerate(texts)
    ]


def generate(size: str, root: Path, seed: int = 20250) -> Path:
    """Write the corpus for ``size`` under ``root/size`` (kept when already generated with this seed)."""
    target = root / size
    manifest = target / "manifest.json"
    if manifest.exists() and json.loads(manifest.read_text()) | {"blocks": 0} == {"seed": seed, "size": size, "blocks": 0, "format": FORMAT}:
        return target
    n = SIZES[size]
    rng, prng = np.random.default_rng(seed), random.Random(seed)
    variants = _variants_module()
    chain = Chain(_training_texts())
    n_exact, n_near, n_junk = n // 10, n // 10, n // 100
    n_unique = n - n_exact - n_near - n_junk
    originals = chain.texts(n_unique, rng)
    for i in rng.choice(n_unique, n_unique * MARKED_PERCENT // 100, replace=False).tolist():
        originals[i] = variants.t_latex(originals[i], prng, {"lang": "en"}) or originals[i]
    spare = [s for t in chain.texts(2_000, rng, 20, 40) for s in re.split(r"(?<=\.) ", t) if 8 <= len(s.split()) <= 30]
    blocks: list[tuple[int, str, str]] = [(i, t, "original") for i, t in enumerate(originals)]
    for cluster in rng.integers(0, n_unique, n_exact).tolist():
        kind = prng.choice(["exact", "case_punct"])
        text = originals[cluster] if kind == "exact" else variants.t_case_punct(originals[cluster], prng, {"lang": "en"})
        blocks.append((cluster, text, kind))
    for cluster in rng.integers(0, n_unique, n_near).tolist():
        kind = prng.choice(NEAR_KINDS)
        base = {"lang": "en", "text": originals[cluster]}
        text = _version(originals[cluster], spare, prng) if kind == "version" else variants.TRANSFORMS[kind](originals[cluster], prng, base)
        blocks.append((cluster, text or variants.t_extra_sentence(originals[cluster], prng, base), kind if text else "extra_sentence"))
    blocks += [(-1, prng.choice(JUNK), "junk") for _ in range(n_junk)]
    order = rng.permutation(len(blocks))

    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("*.txt"):
        old.unlink()
    truth = {"path": [], "ordinal": [], "cluster": [], "kind": []}
    for number, start in enumerate(range(0, len(order), BLOCKS_PER_FILE)):
        chunk = [blocks[i] for i in order[start : start + BLOCKS_PER_FILE]]
        name = f"{number:05d}.txt"
        body = "\n\n".join(ended_before_lowercase([text for _, text, _ in chunk]))
        (target / name).write_text(f"{HEADERS[number % len(HEADERS)]}\n\n{body}\n", encoding="utf-8")
        truth["path"] += [name] * len(chunk)
        truth["ordinal"] += list(range(1, len(chunk) + 1))
        truth["cluster"] += [c for c, _, _ in chunk]
        truth["kind"] += [k for _, _, k in chunk]
    pl.DataFrame(truth, schema={"path": pl.String, "ordinal": pl.Int32, "cluster": pl.Int64, "kind": pl.String}).write_parquet(target / "truth.parquet")
    manifest.write_text(json.dumps({"seed": seed, "size": size, "blocks": len(blocks), "format": FORMAT}) + "\n")
    return target


def extra_records(n: int, corpus: Path, target: Path, seed: int = 7) -> Path:
    """A listing of ``n`` blocks for an incremental run: 80% new papers, 20% copies of the corpus's."""
    rng, prng = np.random.default_rng(seed), random.Random(seed)
    fresh = Chain(_training_texts()).texts(n - n // 5, rng)
    existing = (corpus / "00000.txt").read_text(encoding="utf-8").split("\n\n")[1:]
    copies = [variants_text.lower() for variants_text in prng.sample(existing, n // 5)]
    target.mkdir(parents=True, exist_ok=True)
    (target / "incremental.txt").write_text("ICML 2026 Papers\n\n" + "\n\n".join(ended_before_lowercase(fresh + copies)) + "\n", encoding="utf-8")
    return target
