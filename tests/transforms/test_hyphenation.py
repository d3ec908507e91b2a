from __future__ import annotations

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import FIXTURES
from transforms.hyphenation import FUNCTION_WORD_ZIPF, SUSPENDED_BEFORE, _zipf, join_hyphenated, join_split_ligatures, joins
from transforms.normalize import normalize_text


def norm(*texts: str) -> list[str]:
    return pl.DataFrame({"t": list(texts)}).select(normalize_text(pl.col("t")))["t"].to_list()


@pytest.mark.parametrize(
    ("head", "tail"),
    [("opti", "mizer"), ("opti", "mizers"), ("lan", "guage"), ("train", "ing"), ("repre", "sentations"), ("spe", "cialised"), ("per", "formance"),
     ("with", "out"), ("be", "tween"), ("trans", "former"), ("knowl", "edge"), ("embed", "dings"), ("un", "supervised"), ("pro", "pose"), ("Infor", "mation"),
     ("further", "more"), ("over", "head"), ("auto", "regressive"), ("counter", "factual")],
)
def test_a_word_broken_at_a_line_end_is_joined(head: str, tail: str) -> None:
    assert joins(head, tail)


@pytest.mark.parametrize(
    ("head", "tail"),
    [("pre", "trained"), ("the", "art"), ("multi", "task"), ("fine", "tuning"), ("self", "supervised"), ("real", "world"), ("conflict", "resolution"),
     ("hyper", "parameter"), ("zero", "shot"), ("cross", "entropy"), ("long", "term"), ("trade", "off"), ("per", "coordinate")],
)
def test_a_hyphenated_compound_broken_at_its_hyphen_keeps_it(head: str, tail: str) -> None:
    assert not joins(head, tail)


def test_the_blocks_own_spelling_decides_first() -> None:
    assert norm("we use pre-\ntrained weights; pretraining is costly") == ["we use pretrained weights; pretraining is costly"]
    assert norm("a token-\nizer and two tokenizers") == ["a tokenizer and two tokenizers"]  # unknown to the word list
    assert norm("with-\nout, as with-out elsewhere") == ["with-out, as with-out elsewhere"]


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("opti-\nmizer", "optimizer"),
        ("opti- \t\nmizer", "optimizer"),
        ("opti-\r\nmizer", "optimizer"),
        ("opti-\u00a0\nmizer", "optimizer"),
        ("opti\u2010\nmizer", "optimizer"),
        ("opti\u00ad\nmizer and con\u00ad\nvergence", "optimizer and convergence"),  # a soft hyphen is always a break
        ("state-of-the-\nart and pre-\ntrained", "state-of-the-art and pre-trained"),
        ("Kullback-\nLeibler and GPT-\n4 and GPT4-\nbased", "Kullback-Leibler and GPT-4 and GPT4-based"),
        # before a capital, a name the block writes closed elsewhere is joined; a URL's lower-case slug is no such name
        ("We introduce Step-\nPlanner. StepPlanner learns", "We introduce StepPlanner. StepPlanner learns"),
        ("Step-\nPlanners and one StepPlanner", "StepPlanners and one StepPlanner"),
        ("We introduce Step-\nPlanner (github.com/x/stepplanner)", "We introduce Step-Planner (github.com/x/stepplanner)"),
        ("Kullback-\nLeibler, as Kullback-Leibler and KullbackLeibler", "Kullback-Leibler, as Kullback-Leibler and KullbackLeibler"),
        ("end of a line -\nnext line", "end of a line - next line"),
        # a line end an aggregator made a space
        ("their repre- sentations are", "their representations are"),
        ("password-locked and circuit- broken models", "password-locked and circuit-broken models"),
        ("pre- and post-training, first- or second-order, Ein- und Ausgabe", "pre- and post-training, first- or second-order, Ein- und Ausgabe"),
        ("intra- the model, Self- Attention, results - we show", "intra- the model, Self- Attention, results - we show"),
    ],
)
def test_line_end_hyphens_in_normalization(raw: str, clean: str) -> None:
    assert norm(raw) == [clean]


@pytest.mark.parametrize(
    "raw",
    ["Daten-\nbank", "deutsch-\nfranzösische Beziehungen", "teórico-\npráctico", "peut-\nêtre", "c'est-\nà-dire", "česko-\nslovenský", "Вот-\nвот", "北京-\n上海"],
)
def test_non_english_compounds_keep_their_hyphen(raw: str) -> None:
    assert norm(raw) == [raw.replace("\n", "")]


def test_the_wrapped_fixture_normalizes_to_the_clean_copy() -> None:
    def block(name: str) -> str:
        return (FIXTURES / "repair" / name).read_text(encoding="utf-8").split("\n\n", 1)[1].strip()

    wrapped, clean = norm(block("hyphenation_wrapped.txt"), block("hyphenation_clean.txt"))
    assert wrapped == clean
    assert "optimizers is" in clean and "pre-trained transformers" in clean and "convergence" in clean


WORD = st.text(alphabet=st.characters(categories=("Ll", "Lu")), min_size=1, max_size=10)


# A batch of cases per example, normalized in one call (see test_normalize.py's BATCH).
@settings(max_examples=20, deadline=None)
@given(st.lists(st.tuples(WORD, WORD, st.sampled_from(["-", "\u2010"]), st.sampled_from(["", " ", "\t", "\u00a0"])), min_size=1, max_size=40))
def test_a_line_end_hyphen_is_kept_or_joined_never_spaced(cases: list[tuple[str, str, str, str]]) -> None:
    for head, tail, hyphen, space in cases:
        assert join_hyphenated(f"{head}{hyphen}{space}\n{space}{tail}") in (head + tail, f"{head}{hyphen}{tail}")
    wrapped = norm(*(f"x {head}{hyphen}{space}\n{space}{tail} y" for head, tail, hyphen, space in cases))
    joined = norm(*(f"x {head}{tail} y" for head, tail, _, _ in cases))
    kept = norm(*(f"x {head}{hyphen}{tail} y" for head, tail, hyphen, _ in cases))
    assert [(text, one, other) for text, one, other in zip(wrapped, joined, kept) if text not in (one, other)] == []


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(WORD, WORD, st.sampled_from(["-", "\u2010"]), st.sampled_from([" ", "  ", "\t"])), min_size=1, max_size=20))
def test_a_hyphen_before_a_space_is_joined_kept_or_left(cases: list[tuple[str, str, str, str]]) -> None:
    """Before a lower-case word that is no conjunction or function word, a spaced hyphen is a line end; else it stays."""
    for head, tail, hyphen, space in cases:
        spaced = f"{head}{hyphen}{space}{tail}"
        broken = tail[0].islower() and tail not in SUSPENDED_BEFORE and _zipf(tail) < FUNCTION_WORD_ZIPF
        assert join_hyphenated(spaced) in ((head + tail, f"{head}{hyphen}{tail}") if broken else (spaced,))


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        # a PDF's text split around its f-ligature glyph: the ligature's letters alone, or glued to the piece before
        ("We propose an e ffi cient method with signi fi cant gains.", "We propose an efficient method with significant gains."),
        ("a fl exible design for classi fi cation (e ff ect)", "a flexible design for classification (effect)"),
        ("the fi rst step and the fi nal one", "the first step and the final one"),
        ("in fl ation is di ff erent", "inflation is different"),
        ("E ffi cient models are signifi cant.", "Efficient models are significant."),
        ("We propose an e\ufb03cient method with signi\ufb01 cant gains.", "We propose an efficient method with significant gains."),  # glyphs
        # words that end in the letters, and an abbreviation, stay
        ("a staff member went off the road", "a staff member went off the road"),
        ("heterogeneous fl systems and fl our data", "heterogeneous fl systems and fl our data"),
        ("the fl Exible one and e ffi cientNet", "the fl Exible one and e ffi cientNet"),
    ],
)
def test_a_word_split_around_its_ligature_is_joined(raw: str, clean: str) -> None:
    assert norm(raw) == [clean]


LIGATURE_SPLIT = st.tuples(st.sampled_from(["e", "signi", "classi", "in", "di", "the", "a", "off", ""]), st.sampled_from(["ffi", "fi", "fl", "ff"]), WORD)


@settings(max_examples=40, deadline=None)
@given(st.lists(LIGATURE_SPLIT, min_size=1, max_size=12))
def test_joining_split_ligatures_only_drops_spaces_and_is_idempotent(splits: list[tuple[str, str, str]]) -> None:
    text = " ".join(" ".join(piece for piece in (left, ligature, right) if piece) for left, ligature, right in splits)
    joined = join_split_ligatures(text)
    assert joined.replace(" ", "") == text.replace(" ", "")
    assert join_split_ligatures(joined) == joined
