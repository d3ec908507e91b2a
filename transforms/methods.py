"""Method names: the names an abstract introduces for its own method, model, benchmark or dataset.

A name is a capitalized token with a second capital or digit (``MoE-X``, ``FedCEO``, ``C-TRPO``,
``SoftShape``), with its ``+`` or ``++`` (``CodeRanker++``). Per sentence of the normalized text
that says what "we" (or "this paper/work") do, the first of these wins:

1. a naming verb: ``named X``, ``called X``, ``dubbed X``, ``termed X``, ``we term X``; or the contribution named beside
   it: ``our method, X,``, ``the proposed framework X``;
2. after an introducing verb (present, introduce, propose, develop, ...): the name right after
   it (``we propose BDetCLIP``; the acronym in parentheses after the words that continue it, when there is one:
   ``we propose Mixture-Aware Policy Optimization (MAPO)``), else the first acronym definition ``... (X)``
   (``Graph Inverse Style Transfer (GIST)``) or ``the X benchmark|dataset|...``.

Bold names in the raw block (``**X**``, ``\\textbf{X}``) count too. Generic acronyms the paper
merely uses (``GENERIC``: LLM, MoE, RL, CLIP, ...) are never names.
"""

from __future__ import annotations

import polars as pl

NAME = r"[A-Z][a-z]*(?:-?[A-Z0-9][A-Za-z0-9]*)+\b(?:\+\+|\+)?"  # a word boundary inside: ``CodeRanker++`` keeps its pluses
GENERIC = (
    "AI", "ML", "NLP", "LLM", "LM", "MLLM", "VLM", "LVLM", "MoE", "RL", "RLHF", "DPO", "PPO", "CLIP", "GPT", "BERT",
    "ViT", "CNN", "RNN", "GNN", "GAN", "VAE", "KD", "SAE", "SGD", "MDP", "QA", "VQA", "LoRA", "API", "SOTA", "DNN", "MLP",
)
# What an abstract calls its own contribution: ``our method``, ``the proposed framework``.
_OWN = (
    r"\b(?:[Oo]ur|[Tt]he proposed)\s+(?:(?:proposed|new|novel)\s+)?(?:method|model|approach|framework|algorithm|system|architecture"
    r"|benchmark|dataset|agent|tool|toolkit|library|pipeline|technique|estimator|optimizer|network|solver|metric|protocol)s?"
)
_SUBJECT = rf"(?:\b[Ww]e|\b(?:[Tt]his|[Oo]ur) (?:paper|work|study)|\b[Hh]ere|{_OWN})\b"
# A naming verb, or the contribution and its name beside it (``Our method, S4Cast, combines ...``).
_NAMING = rf"\b(?:(?:named|called|dubbed|coined|termed|we term|we call)\s+(?:it\s+|as\s+)?|{_OWN}\s*,?\s+)(?:the\s+)?({NAME})"
_MAX_GAP = 160  # characters between the introducing verb and ``(ACRONYM)`` or ``the X benchmark``
# The words that may continue a name before its acronym (``Mixture-Aware Policy Optimization (MAPO)``): capitalized
# words and the small words of a title.
_NAME_TAIL = r"(?:\s+(?:[A-Z][A-Za-z0-9\-]*|of|for|with|and|via|in|on|to|from|by|under)){0,8}"
_INTRO = (
    r"\b(?:[Ww]e|paper|work)\s+(?:\w+\s+)?(?:present|introduce|propose|develop|design|build|construct|release|curate|contribute|create|devise)s?\s+"
    rf"(?:(?:a|an|the|our)\s+)?(?:(?P<direct>{NAME})(?:{_NAME_TAIL}\s+\((?P<alias>{NAME})\))?|[^.;]{{0,{_MAX_GAP}}}?(?:\((?P<acronym>{NAME})\)|\bthe\s+(?P<named>{NAME})\s+"
    r"(?:benchmark|dataset|suite|corpus|framework|model|method|algorithm|evaluator)))"
)
# _INTRO's counted gap makes Rust's DFA slow. With the gap unbounded it matches wherever _INTRO does
# and finds the same match unless the gap it takes is longer than _MAX_GAP characters; only then does
# _INTRO run, on ``rest`` (the sentence from that match on: _INTRO cannot match earlier).
_LOOSE_INTRO = "(?P<rest>" + _INTRO.replace(f"[^.;]{{0,{_MAX_GAP}}}?", "(?P<gap>[^.;]*?)") + "(?s:.*))"
_BOLD = rf"(?:\*\*|\\textbf\{{)({NAME})(?:\*\*|\}})"


def _generic(name: pl.Expr) -> pl.Expr:
    """True for a generic acronym, also in the plural or with a version suffix (``LLMs``, ``GPT-4``)."""
    return name.str.replace(r"(?:s|-[0-9.]+[A-Za-z]?)$", "").is_in(GENERIC) | name.is_in(GENERIC)


def _intro_name(groups: pl.Expr) -> pl.Expr:
    """The name in _INTRO's (or _LOOSE_INTRO's) groups: the alias, else the direct name, the acronym, the ``the X benchmark`` name."""
    # One struct.with_fields, not four struct.field calls: list.eval would evaluate ``groups`` four times.
    name = pl.coalesce(pl.field("alias"), pl.field("direct"), pl.field("acronym"), pl.field("named"))
    return groups.struct.with_fields(_name=name).struct.field("_name")


def _sentence_matches() -> pl.Expr:
    """A sentence's _NAMING name and _LOOSE_INTRO groups."""
    sentence = pl.element()
    return pl.struct(naming=sentence.str.extract(_NAMING, 1), intro=sentence.str.extract_groups(_LOOSE_INTRO))


def _sentence_name() -> pl.Expr:
    """The name a sentence with a subject introduces, from its matches (null when it introduces none)."""
    matches = pl.element().struct
    loose = matches.field("intro")
    long_gap = loose.struct.field("gap").str.len_chars() > _MAX_GAP
    exact = pl.when(long_gap).then(loose.struct.field("rest")).str.extract_groups(_INTRO)
    return pl.coalesce(matches.field("naming"), pl.when(long_gap).then(_intro_name(exact)).otherwise(_intro_name(loose)))


def method_names(text: pl.Expr, text_raw: pl.Expr) -> pl.Expr:
    """``list[str]``: the names introduced in ``text`` plus bold names in ``text_raw``, in order, once each."""
    sentences = text.str.replace_all(r"([.!?;])\s+", "${1}\n").str.split("\n")
    named = sentences.list.filter(pl.element().str.contains(_SUBJECT)).list.eval(_sentence_matches()).list.eval(_sentence_name())
    bold = text_raw.str.extract_all(_BOLD).list.eval(pl.element().str.extract(_BOLD, 1))
    return named.list.concat(bold).list.eval(pl.element().filter(pl.element().is_not_null() & ~_generic(pl.element()))).list.unique(maintain_order=True)

