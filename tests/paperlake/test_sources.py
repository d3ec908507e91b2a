from __future__ import annotations

import codecs
import gzip
import os
from pathlib import Path

import polars as pl
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from paperlake.sources import (
    LEGACY_SAMPLE_BYTES,
    ReadLimits,
    detect_and_decode,
    discover,
    file_stats,
    fs_path,
    hash_files,
    list_inputs,
    path_text,
    read_source,
    read_sources,
    replaced_sources,
)
from transforms.split import split_blocks, split_header

from ..conftest import FIXTURES

HEADER_AND_TEXT = "ICML 2025 论文列表\n\nWe study “robust” naïve estimators — with 95% coverage.\n"


@pytest.mark.parametrize(
    ("encoding", "family"),
    [("utf-8", "utf-8"), ("utf-8-sig", "utf-8-sig"), ("utf-16", "utf-16"), ("utf-16-be", None), ("gb18030", "gb18030")],
)
def test_decodes_common_encodings(encoding: str, family: str | None) -> None:
    data = HEADER_AND_TEXT.encode(encoding)
    if encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data
        family = "utf-16-be"
    text, detected, error = detect_and_decode(data)
    assert error is None and text is not None
    assert detected is not None and detected.startswith(family)
    assert "naïve" in text and "论文列表" in text


@pytest.mark.parametrize(
    ("name", "codec"),
    [
        ("08_cp1252.txt", "cp1252"),
        ("19a_cp1252_one_byte.txt", "cp1252"),
        ("19b_cp1252_four_bytes.txt", "cp1252"),
        ("19c_cp1252_e_acute.txt", "cp1252"),
        ("05_gb18030.txt", "gb18030"),
        ("19d_gb18030_few.txt", "gb18030"),
        ("07_shift_jis.txt", "shift_jis"),
        ("19e_shift_jis_few.txt", "shift_jis"),
        ("20b_cp1251_en_header.txt", "cp1251"),
        ("20c_euckr_en_header.txt", "cp949"),
        ("20d_cp1250.txt", "cp1250"),
        ("20e_iso8859_7.txt", "iso8859-7"),
        ("20f_koi8r.txt", "koi8-r"),
        ("20k_euc_jp.txt", "euc_jis_2004"),
        ("20l_iso2022_jp.txt", "iso2022_jp_2"),
    ],
)
def test_legacy_files_with_few_non_ascii_bytes(name: str, codec: str) -> None:
    data = (FIXTURES / "ingest" / "cases" / name).read_bytes()
    text, detected, error = detect_and_decode(data)
    assert (detected, error) == ({"cp949": "euc-kr", "euc_jis_2004": "euc-jp", "iso2022_jp_2": "iso2022-jp"}.get(codec, codec), None)
    assert text == data.decode(codec)


RUSSIAN = "Мы предлагаем новый метод обучения языковых моделей, который сокращает объём вычислений без потери качества."


@pytest.mark.parametrize("codec", ["cp1251", "koi8-r", "iso8859-5", "cp866"])
@pytest.mark.parametrize("header", ["ICML 2025 Papers", "Статьи ICML 2025"])
def test_cyrillic_in_each_of_its_single_byte_encodings(codec: str, header: str) -> None:
    """The single-byte Cyrillic encodings read every byte as a Cyrillic letter; ISO-8859-5 was read as cp1251, and DOS's
    cp866 as cp1251 symbols (`‘ЇЁб®Є`)."""
    data = f"{header}\n\n{RUSSIAN} We use GPT-4.\n".encode(codec)
    text, detected, error = detect_and_decode(data)
    assert (text, detected, error) == (data.decode(codec), codec, None)


SCRIPTS = {
    "cp1256": ("قائمة أوراق ICML 2025", "نقترح بنية جديدة للشبكات العصبية البيانية تعتمد على الرسوم الفرعية وتتجاوز اختبار فايسفايلر-ليمان."),
    "cp1255": ("רשימת מאמרים ICML 2025", "אנו מציעים ארכיטקטורה חדשה לרשתות נוירונים על גרפים המבוססת על תת-גרפים ועוברת את מבחן ויספיילר-לימן."),
    "cp874": ("รายชื่อบทความ ICML 2025", "เราเสนอสถาปัตยกรรมใหม่สำหรับโครงข่ายประสาทเทียมแบบกราฟที่อิงกับกราฟย่อย โดยยังคงต้นทุนการคำนวณแบบกำลังสอง"),
    "cp1254": ("ICML 2025 Bildiri Listesi", "Çizge sinir ağları için alt çizgelere dayalı yeni bir mimari öneriyoruz; doğruluğu ortalama üç puan artırmaktadır."),
    "cp1257": ("ICML 2025 straipsnių sąrašas", "Siūlome naują grafų neuroninių tinklų architektūrą, pagrįstą pografiais, kuri išlaiko kvadratinę skaičiavimo kainą."),
    "koi8-u": ("Перелік статей ICML 2025", "Ми пропонуємо нову архітектуру графових нейронних мереж, яка зберігає квадратичну вартість обчислень. Ґрунтовні експерименти."),
}


@pytest.mark.parametrize("codec", list(SCRIPTS))
@pytest.mark.parametrize("english_header", [False, True])
def test_arabic_hebrew_thai_turkish_baltic_and_ukrainian_in_their_codecs(codec: str, english_header: bool) -> None:
    """Arabic in cp1256 read as cp1251 Cyrillic (`дЮКСН ИднЙ`), Hebrew as cp1251, Thai as ISO-8859-5, Turkish as cp1252
    (`aðlarý`), Lithuanian as cp1252 (`sàraðas`) and Ukrainian KOI8-U as KOI8-R (`Перел╕к`) before these codecs were candidates."""
    header, sentence = SCRIPTS[codec]
    data = f"{'ICML 2025 Papers' if english_header else header}\n\n{sentence} We use GPT-4.\n".encode(codec)
    text, detected, error = detect_and_decode(data)
    assert (text, detected, error) == (data.decode(codec), codec, None)


@pytest.mark.parametrize("codec", ["cp1257", "cp1250", "iso8859-2", "cp1254"])
def test_an_english_text_with_accented_names_in_a_latin_codec(codec: str) -> None:
    """Only the authors' names have accented letters; Lithuanian names in cp1257 were read as cp1251 (`Юydrыnas Рimkыnas`)."""
    names = {"cp1257": "Žydrūnas Šimkūnas and Ąžuolas Čėsna", "cp1254": "Gülşah Öztürk and İsmail Çağlar"}.get(codec, "Jiří Dvořák and Paweł Śliwiński")
    abstract = f"We study robust optimization for graph neural networks under distribution shift, as proposed by {names}."
    text = f"ICML 2025 Papers\n\n{abstract}\n\n{abstract.replace('graph neural networks', 'vision transformers')}\n"
    assert detect_and_decode(text.encode(codec)) == (text, codec, None)


@pytest.mark.parametrize("codec", ["cp1251", "koi8-r"])
def test_cyrillic_with_latin_letters_typed_inside_words(codec: str) -> None:
    """A Russian text whose words hold a Latin letter typed on the wrong keyboard (`сеть` with a Latin `c`, `GPTмодели`) is
    still Cyrillic: a Cyrillic letter beside a Latin one counts as mess in every reading."""
    text = f"Статьи ICML 2025\n\n{RUSSIAN} Наша cеть и GPTмодели обучаются быстрее.\n"
    assert detect_and_decode(text.encode(codec)) == (text, codec, None)


def test_latin9_reads_its_euro_sign_and_cp1252_keeps_its_own() -> None:
    """ISO-8859-15 has `€` at 0xA4, where cp1252 (and Latin-1) have `¤`: it was read as cp1252's `5 ¤`."""
    text = "ICML 2025 Artikelliste\n\nWir schlagen eine Architektur vor, die den Test übertrifft; ein Lauf kostet 5 € und 2 Š.\n"
    assert detect_and_decode(text.encode("iso8859-15")) == (text, "iso8859-15", None)
    assert detect_and_decode(text.encode("cp1252")) == (text, "cp1252", None)


@pytest.mark.parametrize(
    "sentence",
    [
        "It costs £5 per hour.",
        "A resolution of 5 Å is reached.",
        "Images of 64×64 pixels.",
        "Cells of 5 µm width.",
        "A vis-à-vis comparison à la carte.",
        "Ça marche. ¿Qué? ½ of the data.",
        "¾ of the data is used.",
        "Æsir Øresund Ålborg ñandú São Paulo Müller Šimon.",
    ],
)
def test_cp1252_symbols_and_lone_letters_stay_cp1252(sentence: str) -> None:
    # Each of these has a single-byte reading in cp1250 or ISO-8859-7 that is not mess.
    text = "ICML 2025 Papers\n\nWe train a model on 64 images and report results for several settings. " + sentence + "\n"
    assert detect_and_decode(text.encode("cp1252")) == (text, "cp1252", None)


@pytest.mark.parametrize(
    ("name", "codec", "words"),
    [
        ("cs_cp1250.txt", "cp1250", ("přístup", "učení", "řádově")),  # was cp1252: pøístup, uèení
        ("hu_cp1250.txt", "cp1250", ("nyelvű", "különböző")),  # was cp1252: nyelvû, különbözõ
        ("pl_iso8859_2.txt", "iso8859-2", ("nową", "środowisku", "łączymy")),  # was cp1252: now±, ¶rodowisku
        ("sk_iso8859_2.txt", "iso8859-2", ("využíva", "niekoľkých", "štandardných")),  # was cp1250: vyuľíva, niekoµkých
    ],
)
def test_central_european_text_in_cp1250_and_iso8859_2(name: str, codec: str, words: tuple[str, ...]) -> None:
    data = (FIXTURES / "repair" / name).read_bytes()
    text, detected, error = detect_and_decode(data)
    assert (text, detected, error) == (data.decode(codec), codec, None)
    assert all(word in text for word in words)


@pytest.mark.parametrize(("name", "codec"), [("cs_cp1250.txt", "cp1250"), ("sk_iso8859_2.txt", "iso8859-2"), ("19d_gb18030_few.txt", "gb18030")])
def test_a_large_legacy_file_is_decoded_in_the_codec_its_first_lines_show(name: str, codec: str) -> None:
    folder = FIXTURES / ("repair" if name.endswith("2.txt") or "cp1250" in name else "ingest/cases")
    small = (folder / name).read_bytes()
    header, _, body = small.partition(b"\n")
    data = header + b"\n" + (body.strip(b"\n") + b"\n\n") * (2 * LEGACY_SAMPLE_BYTES // len(body) + 1)
    assert len(data) > 2 * LEGACY_SAMPLE_BYTES
    assert detect_and_decode(data) == (data.decode(codec), codec, None)


def test_a_large_legacy_file_whose_later_bytes_do_not_fit_its_first_lines_codec_is_read_whole() -> None:
    small = (FIXTURES / "repair" / "cs_cp1250.txt").read_bytes()
    data = small * (LEGACY_SAMPLE_BYTES // len(small) + 1) + "Le modèle ƒ est évalué.\n".encode("cp1252")  # 0x83 is no cp1250 byte
    text, detected, error = detect_and_decode(data)
    assert error is None and detected != "cp1250" and text == data.decode(detected)


@pytest.mark.parametrize(
    "sentence",
    [
        "Wir stellen ein neues Verfahren zur Größenschätzung vor, das außerdem für Fußgänger gleichermaßen zuverlässig ist.",
        "Nous présentons une méthode qui généralise mieux ; les expériences montrent une amélioration, même très différente.",
        "Presentamos un método para la traducción automática; además, la señal de los diccionarios mejora la precisión.",
        "Vi præsenterer en ny metode til søgning, som forbedrer præcisionen på danske og norske datasæt.",
        "Presentiamo un metodo più efficiente. Perché funziona? La qualità dipende però dalla quantità di dati.",
        "Apresentamos um método para a classificação de imagens médicas com precisão comparável à dos métodos supervisionados.",
    ],
)
@pytest.mark.parametrize("codec", ["cp1252", "latin-1"])
def test_western_european_text_stays_cp1252(sentence: str, codec: str) -> None:
    text = "ICML 2025 Papers\n\n" + sentence + "\n"
    assert detect_and_decode(text.encode(codec)) == (text, "cp1252", None)


@pytest.mark.parametrize(
    "sentence",
    [
        "We revisit naïve Bayes classifiers on twelve “benchmarks” — the method needs no retraining.",
        "The model’s “robust” results hold twice.",
        "We cite Müller’s approach and Gödel’s theorem.",
    ],
)
def test_a_short_mac_roman_text_is_read_as_mac_roman_and_cp1252_stays_cp1252(sentence: str) -> None:
    """A Mac OS Roman text with one accented word or none (its curly quotes and dashes only) read as cp1252: `na•ve`,
    `ÒbenchmarksÓ Ñ`, `modelÕs` (an accented capital after a lower-case letter is mess). The same text in cp1252 stays cp1252."""
    text = "ICML 2025 Papers\n\n" + sentence + "\n"
    assert detect_and_decode(text.encode("mac_roman")) == (text, "mac-roman", None)
    assert detect_and_decode(text.encode("cp1252")) == (text, "cp1252", None)


CJK_BODY = "本文提出了一种基于扩散模型的三维场景生成方法，能够从单张图像出发生成几何一致、纹理逼真的完整场景。我们设计了一个多视角一致性约束模块。"


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("repeat", [1, 30])
def test_utf16_without_bom_with_few_nuls(codec: str, repeat: int) -> None:
    # The ASCII header and line breaks put NULs on one parity, 一 (U+4E00) on the other; 30
    # abstracts hold more of 一 than of line breaks.
    text = "CVPR 2024 论文列表\n\n" + (CJK_BODY + "\n\n") * repeat
    data = text.encode(codec)
    assert data.count(0) / len(data) < 0.3  # below the rule for text with many ASCII characters
    assert detect_and_decode(data) == (text, codec, None)
    assert detect_and_decode(data + b"\0" * 4096) == (text, codec, None)


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize(
    "text",
    [
        "Статьи ICML 2025\n\nМы предлагаем новый метод обучения графовых нейронных сетей, который снижает затраты на сорок процентов.\n",
        "Αποδεκτές εργασίες ICML 2025\n\nΠροτείνουμε μια νέα μέθοδο εκπαίδευσης νευρωνικών δικτύων γράφων με χαμηλό κόστος.\n",
        "ICML 2025 स्वीकृत शोध पत्र\n\nहम बड़े भाषा मॉडलों की तर्क क्षमता का अध्ययन करते हैं और एक नई योजना विधि प्रस्तुत करते हैं।\n",
    ],
)
def test_utf16_without_bom_in_a_script_whose_bytes_are_all_below_0x80(text: str, codec: str) -> None:
    """Cyrillic, Greek and Devanagari in UTF-16 are bytes below 0x80 (U+0410 is 10 04), which also read as UTF-8 (with
    control bytes: the file was taken for binary); their high bytes are few values, as no UTF-8 text's are."""
    data = text.encode(codec)
    assert detect_and_decode(data) == (text, codec, None)


def test_nul_padding_is_ignored() -> None:
    text = "ICML 2024 Papers\n\nWe study “robust” naïve estimators — with 95% coverage.\n"
    assert detect_and_decode(text.encode("utf-8") + b"\0" * 4096) == (text, "utf-8", None)
    assert detect_and_decode(b"\0" * 511 + text.encode("utf-8") + b"\0" * 4095) == (text, "utf-8", None)
    assert detect_and_decode(b"\0" * 4096) == (None, None, "empty")


@pytest.mark.parametrize("data", [b"\xef\xbb\xbf", b"\xef\xbb\xbf\r\n\r\n", "\ufeff \n".encode("utf-16-le"), b"\xff\xfe"])
def test_a_byte_order_mark_alone_is_an_empty_file(data: bytes) -> None:
    assert detect_and_decode(data) == (None, None, "empty")


@pytest.mark.parametrize("codec", ["utf-8", "cp1252"])
def test_a_stray_nul_does_not_make_a_file_utf16(codec: str) -> None:
    data = "ICML 2025 Papers\n\nWe study the café effect on models and the naïve estimator.\n".encode(codec)
    text, detected, error = detect_and_decode(data[:30] + b"\0" + data[30:])
    assert (detected, error) == (codec, None) and "naïve" in text


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=12), min_size=80, max_size=80),
    st.lists(
        st.tuples(st.integers(0, 79), st.integers(0, 12), st.sampled_from("\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u00e9\u00e8\u00fc\u00ef\u00e1\u00ed\u00f3\u00fa\u00f1\u00e7\u00e0\u00e2\u00ea\u00f4\u00f6\u00e4")),
        min_size=1,
        max_size=3,
        unique_by=lambda insert: insert[0],
    ),
)
def test_ascii_text_with_a_few_cp1252_characters_reads_as_cp1252(words: list[str], inserts: list[tuple[int, int, str]]) -> None:
    # At most one cp1252 character per word, as in prose: a quote, a dash or an accented letter.
    for index, offset, char in inserts:
        at = offset % (len(words[index]) + 1)
        words[index] = words[index][:at] + char + words[index][at:]
    text = "ICML 2025 Papers\n\n" + " ".join(words) + "\n"
    assert detect_and_decode(text.encode("cp1252")) == (text, "cp1252", None)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=10), min_size=20, max_size=40),
    st.lists(st.sampled_from(["Fr\u00e9chet", "\u2014", "\u2248", "\u00d7", "Poincar\u00e9", "\u00fcber"]), min_size=1, max_size=4),
    st.lists(st.sampled_from("\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u00e9\u00e8\u00fc\u00ef"), min_size=1, max_size=8),
)
def test_a_utf8_file_with_a_block_pasted_from_a_cp1252_page_keeps_both(words: list[str], utf8: list[str], cp1252: list[str]) -> None:
    """Every character of both blocks survives: the UTF-8 ones as UTF-8, the lone cp1252 bytes as cp1252, however many there are."""
    first = " ".join(words[:10] + utf8)
    second = " ".join(word + char for word, char in zip(words[10:], cp1252))
    data = f"ICML 2025 Papers\n\n{first}\n\n".encode() + second.encode("cp1252") + b"\n"
    assert detect_and_decode(data) == (f"ICML 2025 Papers\n\n{first}\n\n{second}\n", "utf-8", None)


def test_a_lone_filler_byte_is_replaced_not_read_as_a_letter() -> None:
    """``\xff`` and ``\xfe`` alone are damage (``ÿ`` glued to a word made that copy outrank the clean one by a letter)."""
    data = "ICML 2025 Papers\n\nWe \u2014 study \u2248 the model".encode() + b"\x92s data, \xffrecovers x \xfe y Fr\xe9chet\n"
    text, encoding, _ = detect_and_decode(data)
    assert encoding == "utf-8" and text.endswith("model\u2019s data, \ufffdrecovers x \ufffd y Fr\u00e9chet\n")


def test_bytes_utf8_cannot_read_in_runs_are_replaced_not_read_as_cp1252() -> None:
    data = "ICML 2025 Papers\n\nWe \u2014 study \u2248 x and the model".encode() + b"\x92s automatic \xff\xfecurriculum \x81 x \xed\xa0\x80y\n"
    text, encoding, _ = detect_and_decode(data)
    assert encoding == "utf-8" and text.endswith("model\u2019s automatic \ufffd\ufffdcurriculum \ufffd x \ufffd\ufffd\ufffdy\n")


def test_gzip_bomb_is_rejected_with_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "bomb.txt.gz"
    with gzip.open(path, "wb", compresslevel=9) as handle:
        handle.write(b"ICML 2025 Papers\n\n")
        for _ in range(40):
            handle.write(b" " * (1 << 20))
    row = read_source(path, tmp_path, ReadLimits(ratio_check_after_bytes=1 << 20))
    assert row["error"] == "gzip_too_large" and row["text"] is None


def test_corrupt_gzip_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt.gz"
    path.write_bytes(b"\x1f\x8b\x08\x00garbage")
    assert read_source(path, tmp_path)["error"] == "gzip_corrupt"


def test_binary_files_saved_as_listings_are_reported_and_gzip_data_is_read(tmp_path: Path) -> None:
    """A PDF, an image, a ZIP or compressed bytes named *.txt: NULs are rare in compressed data (~0.4%), so the NUL share
    alone read them as iso8859-5 text and their blocks as garbled records' rejects. Gzip data named *.txt is gunzipped."""
    listing = b"ICML 2025 Papers\n\nWe propose a method that learns robust features from noisy labels across six benchmarks.\n"
    compressed = gzip.compress(os.urandom(4000))[10:]  # a deflate stream: random-looking bytes
    files = {
        "paper.txt": b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 4000 >>\nstream\n" + compressed,
        "figure.txt": b"\x89PNG\r\n\x1a\n" + compressed,
        "export.txt": b"PK\x03\x04" + compressed,
        "noise.txt": compressed,
        "zipped.txt": gzip.compress(listing),
        "nuls.txt": listing.replace(b"robust", b"rob\x00ust"),  # a stray control byte in text stays text
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    rows = {row["path"]: row for row in read_sources(sorted(tmp_path.iterdir()), tmp_path).iter_rows(named=True)}
    assert {name: rows[name]["error"] for name in files} == {
        "paper.txt": "binary", "figure.txt": "binary", "export.txt": "binary", "noise.txt": "binary", "zipped.txt": None, "nuls.txt": None
    }
    assert rows["zipped.txt"]["text"] == listing.decode() and rows["zipped.txt"]["encoding"] == "utf-8"


def test_ten_megabyte_single_line(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text("ICML 2025 Papers\n\n" + "word " * 2_000_000, encoding="utf-8")
    frame = read_sources([path], tmp_path)
    blocks = split_blocks(split_header(frame))
    assert blocks.height == 1 and blocks["text_raw"].str.len_bytes()[0] == 10_000_000


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=2000))
def test_reader_never_crashes_on_arbitrary_bytes(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.txt"
    path.write_bytes(data)
    frame = read_sources([path], tmp_path)
    assert frame.height == 1
    row = frame.row(0, named=True)
    assert (row["text"] is None) == (row["error"] is not None)
    blocks = split_blocks(split_header(frame))
    assert blocks["ordinal"].to_list() == list(range(1, blocks.height + 1))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    # Each starts with a capital and ends a sentence: an open end above a lowercase start is one paragraph an empty line cut
    # (split.join_broken_paragraphs), and one-line blocks one empty line apart that mostly start in lower case are the spaced
    # lines of one paragraph (split.join_spaced_lines; seed 51 drew "0000000…." / "µ000000…." under "0.").
    st.lists(st.text(alphabet=st.characters(categories=("L", "N", "P", "Zs")), min_size=1, max_size=60).filter(str.strip).map(lambda p: "A" + p + "."), min_size=1, max_size=6),
    st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "gb18030"]),
    st.sampled_from(["\n", "\r\n", "\r"]),
)
@example(paragraphs=["蛵.", "蛵."], encoding="gb18030", newline="\n")  # its GB18030 bytes read as UTF-8 too, as many as the header's bad ones
def test_round_trip_any_encoding_and_line_ending(tmp_path: Path, paragraphs: list[str], encoding: str, newline: str) -> None:
    # A Chinese header, as on the sites that publish GB18030: it is what tells legacy encodings apart.
    text = newline.join(["NeurIPS 2024 论文列表", "", *(p + newline for p in paragraphs)])
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        return
    path = tmp_path / "case.txt"
    path.write_bytes(data)
    parsed = split_header(read_sources([path], tmp_path))
    assert parsed["collection"][0] == "NeurIPS 2024 Papers"
    blocks = split_blocks(parsed)
    assert [b.strip() for b in blocks["text_raw"]] == [p.strip() for p in paragraphs]


def test_unreadable_and_duplicate_files(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(HEADER_AND_TEXT, encoding="utf-8")
    (tmp_path / "b.txt").write_text(HEADER_AND_TEXT, encoding="utf-8")
    frame = read_sources([tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "missing.txt"], tmp_path)
    assert frame["path"].to_list() == ["a.txt", "missing.txt"]
    assert frame.filter(pl.col("path") == "missing.txt")["error"].to_list() == ["unreadable"]


def test_files_that_are_not_listings_are_named_and_hidden_ones_are_not(tmp_path: Path) -> None:
    for name in ("a.txt", "sub/b.txt.gz", "README.md", "sub/page.html", "notes", ".DS_Store", ".git/config", "sub/.hidden.txt"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"x")
    listings, others = list_inputs(tmp_path)
    assert [p.relative_to(tmp_path).as_posix() for p in listings] == ["a.txt", "sub/.hidden.txt", "sub/b.txt.gz"]
    assert others == ["README.md", "notes", "sub/page.html"]


def test_a_broken_link_named_as_a_listing_is_reported_unreadable(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(HEADER_AND_TEXT, encoding="utf-8")
    (tmp_path / "gone.txt").symlink_to(tmp_path / "moved-away.txt")
    (tmp_path / "loop.txt").symlink_to(tmp_path / "loop.txt")
    (tmp_path / "gone.md").symlink_to(tmp_path / "moved-away.md")
    listings, others = list_inputs(tmp_path)
    assert [p.name for p in listings] == ["a.txt", "gone.txt", "loop.txt"] and others == ["gone.md"]
    frame = read_sources(listings, tmp_path)
    assert frame.sort("path").select("path", "error").rows() == [("a.txt", None), ("gone.txt", "unreadable"), ("loop.txt", "unreadable")]


@given(st.binary(min_size=1, max_size=30).filter(lambda name: b"/" not in name and b"\0" not in name and b"\\x" not in name))
def test_a_file_name_in_any_bytes_round_trips_through_its_text(name: bytes) -> None:
    path = Path(os.fsdecode(name))
    text = path_text(path)
    text.encode("utf-8")  # a table can hold it
    assert fs_path(text) == path


def test_non_utf8_and_upper_case_file_names_are_read(tmp_path: Path) -> None:
    abstract = "We propose a method for pruning large language models without retraining."
    (tmp_path / os.fsdecode(b"caf\xe9.txt")).write_text(f"ICML 2025 Papers\n\n{abstract}\n", encoding="utf-8")
    (tmp_path / "PAPERS.TXT").write_text(f"ICML 2025 Papers\n\n{abstract} Another.\n", encoding="utf-8")
    files = discover(tmp_path)
    assert [path_text(p.name) for p in files] == ["PAPERS.TXT", "caf\\xe9.txt"]
    read = read_sources(files, tmp_path)
    assert read["path"].to_list() == ["PAPERS.TXT", "caf\\xe9.txt"] and read["error"].to_list() == [None, None]
    stats = file_stats(files)
    assert hash_files(stats["file"], tmp_path).to_list() == read["source_id"].to_list()


@pytest.mark.parametrize(
    ("now", "failed", "gone"),
    [
        ({"/in/a.txt": "a2", "/in/b.txt": "b1"}, [], ["a1"]),  # a.txt rewritten
        ({"/in/a.txt": "a1", "/in/b.txt": "b1"}, [], []),  # unchanged
        ({"/in/a.txt": "a2", "/in/b.txt": "b1"}, ["a2"], []),  # rewritten empty or binary: a failed scrape
        ({"/in/a.txt": "unreadable:a.txt", "/in/b.txt": "b1"}, [], []),
        ({"/in/b.txt": "b1"}, [], []),  # a.txt gone from the input: it stays
        ({"/in/a.txt": "a2", "/in/c.txt": "a1", "/in/b.txt": "b1"}, [], []),  # its earlier content is in c.txt now
        ({"/in/a.txt": "b1", "/in/b.txt": "b2"}, [], ["a1"]),  # b.txt's earlier content moved to a.txt: only a.txt's goes
        ({"/in/a.txt": "a1", "/in/b.txt": "b1", "/in/d.txt": "d2"}, [], []),  # d1, which d.txt held, is no published source
    ],
)
def test_replaced_sources_are_the_published_contents_a_file_held_and_no_file_holds_now(now: dict[str, str], failed: list[str], gone: list[str]) -> None:
    previous = pl.DataFrame({"file": ["/in/a.txt", "/in/b.txt", "/in/d.txt"], "source_id": ["a1", "b1", "d1"]})
    published = pl.Series(["a1", "b1", "b0"])
    identified = pl.DataFrame({"file": list(now), "source_id": list(now.values())})
    assert replaced_sources(previous, identified, published, pl.Series(failed, dtype=pl.String)).to_list() == gone
