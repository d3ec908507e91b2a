from __future__ import annotations

import polars as pl

from paperlake.card import text_languages

ENGLISH = "We study graph neural networks and show that rewiring with effective resistance improves accuracy."
GERMAN = "Wir untersuchen Graphen und zeigen, dass die Methode mit wenig Daten funktioniert und nicht teuer ist."
FRENCH = "Nous étudions les graphes et proposons une méthode pour réduire la compression des messages dans les réseaux."
CHINESE = "我们研究图神经网络的过度挤压问题，并提出一种基于有效电阻的重连方法。"
JAPANESE = "本研究では、グラフニューラルネットワークの過剰圧縮を調べ、新しい手法を提案する。"
RUSSIAN = "Мы изучаем графовые нейронные сети и предлагаем новый метод."


def test_the_card_lists_the_languages_of_the_records_most_first() -> None:
    texts = [ENGLISH] * 60 + [CHINESE] * 20 + [JAPANESE] * 10 + [GERMAN] * 5 + [FRENCH] * 3 + [RUSSIAN] * 2
    assert text_languages(pl.Series(texts)) == ["en", "zh", "ja", "de", "fr", "ru"]


def test_greek_math_symbols_and_rare_languages_do_not_count() -> None:
    texts = [ENGLISH.replace("rewiring", "rewiring with step size η and momentum β")] * 200 + [GERMAN]  # German: 0.5% of the records
    assert text_languages(pl.Series(texts)) == ["en"]


def test_no_text_is_english() -> None:
    assert text_languages(pl.Series([], dtype=pl.String)) == ["en"]
    assert text_languages(pl.Series([None, "x y z"], dtype=pl.String)) == ["en"]
