from __future__ import annotations

import json
import re
from collections.abc import Callable

import polars as pl
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from transforms import normalize
from transforms.normalize import LATEX, MOJIBAKE, is_chrome_line, latex_to_text, normalize_text, simple_latex
from transforms.split import ENTRY_NUMBER, TRANSLATION_LABEL


def norm(*texts: str) -> list[str]:
    return pl.DataFrame({"t": list(texts)}).select(normalize_text(pl.col("t")))["t"].to_list()


ABSTRACT = "Graph neural networks struggle with long-range dependencies because message passing oversquashes information. We present a rewiring method."
# an abstract and its translations, for the unlabeled translation rule
EN_PAIR = "We study sparse representations for graph neural networks under distribution shift. Our method prunes edges and matches dense baselines on eight benchmarks."
ZH_PAIR = "我们研究了分布偏移下图神经网络稀疏表示的学习问题。我们的方法通过学习门控剪枝消息传递边，在八个基准上与稠密基线持平。"
JA_PAIR = "分布シフト下でのグラフニューラルネットワークの疎な表現を研究する。提案手法は八つのベンチマークで密なベースラインに匹敵する。"
KO_PAIR = "우리는 분포 변화 하에서 그래프 신경망의 희소 표현을 연구한다. 제안 방법은 여덟 개 벤치마크에서 밀집 기준선과 동등하다."
RU_PAIR = "Мы изучаем разреженные представления для графовых нейронных сетей при сдвиге распределения. Наш метод прореживает рёбра и не уступает плотным базовым моделям на восьми наборах данных."
EL_PAIR = "Μελετάμε αραιές αναπαραστάσεις για νευρωνικά δίκτυα γράφων υπό μετατόπιση κατανομής. Η μέθοδός μας κλαδεύει ακμές και ισοφαρίζει πυκνές βάσεις σε οκτώ σημεία αναφοράς."
TWICE = ABSTRACT + " " + ABSTRACT
# ABSTRACT twice, hard-wrapped at 76 characters as a PDF or a mailing list writes it
WRAPPED = "\n".join(
    [
        "Graph neural networks struggle with long-range dependencies because message",
        "passing oversquashes information. We present a rewiring method. Graph neural",
        "networks struggle with long-range dependencies because message passing",
        "oversquashes information. We present a rewiring method.",
    ]
)


# Raw block, normalized text.
EXAMPLES = [
    (r"we present \textbf{MoE-X}, a \emph{intrinsically} interpretable model", "we present MoE-X, a intrinsically interpretable model"),
    (r"order of $\sqrt{d}$, where $d$ is", "order of √(d), where d is"),
    (r"of $S^2$FGL and $\epsilon$-DP", "of S^2FGL and ε-DP"),
    (r"The combination of $\textbf{S}$patial and $\textbf{S}$pectral", "The combination of Spatial and Spectral"),
    (r"like P$\neq$NP, interpreting", "like P≠NP, interpreting"),
    ("***C**ollaborate with **E**ach **O**ther*", "Collaborate with Each Other"),
    ("The **code** is *really* at `repo`", "The code is really at repo"),
    ("see [our page](https://x.org/p) now", "see our page (https://x.org/p) now"),
    (r"at : \url{https://github.com/emlaufer/ExpProof}.", "at: https://github.com/emlaufer/ExpProof."),
    (r"\href{https://x.org}{the site} and 5\% of a\_b", "the site (https://x.org) and 5% of a_b"),
    ("100% of runs, ~5 ms", "100% of runs, ~5 ms"),
    # LaTeX typography outside markup (extra.txt, ml.txt)
    (r"As shown in Fig.~3 and Table~2, prior work~\cite{smith2020} does, e.g.~subject", "As shown in Fig. 3 and Table 2, prior work does, e.g. subject"),
    ("at http://www.cs.x.edu/~user/a~b and ~5 ms", "at http://www.cs.x.edu/~user/a~b and ~5 ms"),
    ("x<i>--y", "x–y"),
    # a word hyphenated before markup, at a line end or where an aggregator made it a space: read once the markup is gone
    ("the opti-\n\\emph{mizer} and the data- <i>driven</i> $k$-\n$means$ step", "the optimizer and the data-driven k-means step"),
    ("A-\n$x^2$ term", "A-x^2 term"),  # (hypothesis: "A- x^2", then "A-x^2" on a second pass)
    # line-end hyphens across the empty line that split keeps between the lines it joins (split.join_spaced_lines)
    ("the Kullback-\n\nLeibler term of GPT-\n\n4 with an opti-\n\nmizer and pre-\n\ntrained nets.", "the Kullback-Leibler term of GPT-4 with an optimizer and pre-trained nets."),
    ("a model--based approach---called PlanNet---that, pages 1--10; a----b, --flag", "a model–based approach—called PlanNet—that, pages 1–10; a----b, --flag"),
    (r"noise $\mathbb{E}[\xi^2] \le \sigma^2$ and $\lambda \propto \sigma\sqrt{\log d}$", "noise E[ξ^2] ≤ σ^2 and λ ∝ σ√(log d)"),
    ("a ``modular circuit (MC) vocabulary''", 'a "modular circuit (MC) vocabulary"'),
    # LaTeX's single quotes: ASCII quotes (two of them were read as one Markdown code span); a code span keeps its apostrophe
    ("the concept of `gradual disempowerment', in contrast", "the concept of 'gradual disempowerment', in contrast"),
    ("The model's `memory' isn't `fixed'.", "The model's 'memory' isn't 'fixed'."),
    ("we call it ``safe'' and `fast' (`a' and `b') and use `code` here", "we call it \"safe\" and 'fast' ('a' and 'b') and use code here"),
    ("run `echo 'hi'` and `don't` stop", "run echo 'hi' and don't stop"),
    ("don\u00e2\u20ac\u2122t and \u00c3\u00a9tude", "don't and étude"),
    ("a non\u2010linear read\u2011out \u2013 24\u2010hour", "a non-linear read-out \u2013 24-hour"),  # hyphens fold; the en dash stays
    # UTF-8 Chinese and Japanese read as cp1252 (moji_web.txt; 0x8F, 0x90 kept as C1 controls)
    ("\u00e5\u203a\u00be\u00e7\u00a5\u017e\u00e7\u00bb\u008f\u00e7\u00bd\u2018\u00e7\u00bb\u0153", "图神经网络"),
    ("\u00e5\u00bc\u00b7\u00e5\u008c\u2013\u00e5\u00ad\u00a6\u00e7\u00bf\u2019", "強化学習"),
    # a cp1252 decoder replaced the 0x9D of a closing quote (moji.txt)
    ("the \u00e2\u20ac\u0153na\u00c3\u00afve\u00e2\u20ac\ufffd Bayes", 'the "naïve" Bayes'),
    ("CIFAR\u00e2\u20ac\ufffd10", "CIFAR-10"),  # ftfy reads the damaged dash as U+2010, an ASCII hyphen in text
    # ... and where the decoder dropped the byte it could not read (errors="ignore"): "â€" alone
    ("the \u00e2\u20ac\u0153attention\u00e2\u20ac layer is fast.", 'the "attention" layer is fast.'),
    ("see the \u00e2\u20ac\u0153best model\u00e2\u20ac.", 'see the "best model".'),
    ("CIFAR\u00e2\u20ac10", "CIFAR-10"),
    ("it\u00e2\u20ac\u2122s fast \u00e2\u20ac\u201d and cheap", "it's fast — and cheap"),  # whole sequences stay as they were read
    ("café, für, naïve, Ærø, São Paulo, 10 °C ± 2", "café, für, naïve, Ærø, São Paulo, 10 °C ± 2"),
    ("A &amp; B &#39;q&#39; &amp;amp;", "A & B 'q' &"),
    ("<b>bold</b> and <br/> tags", "bold and tags"),
    # links keep their URL, line breaks and blocks separate words (extra.txt, ml.txt, html.txt)
    ('at <a href="https://zenodo.org/records/1234567">Zenodo</a> and', "at Zenodo (https://zenodo.org/records/1234567) and"),
    ('Code: <a href="https://github.com/fed-lab/rnd-alloc">https://github.com/fed-lab/rnd-alloc</a>.', "Code: https://github.com/fed-lab/rnd-alloc."),
    ("[data](https://huggingface.co/datasets/selfcheck/negatives), [github](https://github.com/fastattn/fastattn)", "data (https://huggingface.co/datasets/selfcheck/negatives), github (https://github.com/fastattn/fastattn)"),
    ("<https://x.org/p> and [https://x.org/p/](https://x.org/p/)", "https://x.org/p and https://x.org/p/"),
    (r"at \href{https://github.com/bo-lab/batch-eps}{github}.", "at github (https://github.com/bo-lab/batch-eps)."),
    ("long documents.<br>It reduces<br/>memory.<BR />Code<p>Models</p><div>x</div>", "long documents. It reduces memory. Code Models x"),
    ("<i>Keywords:</i> safety", "Keywords: safety"),
    ("zero\u200bwidth\u00a0nbsp \ufb01ne \uff21\uff22 \u201cq\u201d", 'zerowidth nbsp fine AB "q"'),
    ("multi-\ntask and hard\nwrapped   lines\t here", "multi-task and hard wrapped lines here"),
    ("code at https://github.com/foo/\nbar-baz now", "code at https://github.com/foo/bar-baz now"),
    ("code at https://github.com/\ndeep-lab/\nTabNet/\nblob now", "code at https://github.com/deep-lab/TabNet/blob now"),
    ("See https://arxiv.org/abs/2405.\n01234 and https://openreview.net/forum?id=\nAbC1 now", "See https://arxiv.org/abs/2405.01234 and https://openreview.net/forum?id=AbC1 now"),
    ("page https://lab.github.io/\nposi\r\ntional-curriculum/.", "page https://lab.github.io/positional-curriculum/."),
    ("code: https://github.com/a/b.\nThe model and https://x.io/a\nWe thank", "code: https://github.com/a/b. The model and https://x.io/a We thank"),
    ("ctrl\x00chars\x07 here\x7f", "ctrlchars here"),
    # labels and list numbers in front of an abstract (prefixes_numbered/numbered.txt, html.txt)
    ("Abstract: While the capabilities", "While the capabilities"),
    ("ABSTRACT\nGraph-based social recommendation", "Graph-based social recommendation"),
    ("Abstract—We study", "We study"),
    ("摘要：图神经网络在处理", "图神经网络在处理"),
    ("1. Consumer protection laws", "Consumer protection laws"),
    ("[12] LLM watermarks stand out", "LLM watermarks stand out"),
    ("2) There is strong agreement", "There is strong agreement"),
    ("Title: Learning to Rank with Diffusion\nAbstract: Recent studies", "Recent studies"),
    ("Learning to Rank with Diffusion\nAbstract: Recent studies", "Recent studies"),
    ('<div class="abstract"><span class="descriptor">Abstract:</span> Removing unwanted', "Removing unwanted"),
    ("3D point clouds are sparse", "3D point clouds are sparse"),
    ("2D/3D fusion. 3. It works", "2D/3D fusion. 3. It works"),
    ("3.5% of the weights suffice", "3.5% of the weights suffice"),
    ("Abstract interpretation of programs", "Abstract interpretation of programs"),
    # list markers and a quote mark in front, quotes around the whole block, a JSON line with an abstract field
    ("- We study", "We study"),
    ("\u2022 We study", "We study"),
    ("* We study", "We study"),
    ("> We study", "We study"),
    ("-1 is the answer", "-1 is the answer"),
    ('"We study graphs."', "We study graphs."),
    ("\u201cWe study graphs.\u201d", "We study graphs."),
    ('"We" said "so"', '"We" said "so"'),
    ('" "', '" "'),  # nothing inside: left as it is (unquoting it would leave a space the next pass removes)
    ('{"title": "Rewiring", "Abstract": "We study graphs.", "year": 2024}', "We study graphs."),
    ('{"title": "Rewiring", "summary": "", "abstract": "We study graphs."}', "We study graphs."),
    ('{"title": "Rewiring", "abstract": "We study graphs."', '{"title": "Rewiring", "abstract": "We study graphs."'),  # cut off: left as it is
    ('{"id": "x1", "content": {"title": {"value": "Rewiring"}, "abstract": {"value": "We study graphs."}}}', "We study graphs."),  # OpenReview
    ('{"paper": {"abstract": "We study graphs."}, "abstract": {"value": ""}}', "We study graphs."),
    # a RIS record (its AB or N2 field, lines without a tag continuing it) and a MEDLINE one (continuation lines indented)
    ("TY  - CONF\nTI  - Rewiring\nAU  - Doe, Jane\nAB  - We study graphs\nand trees.\nPY  - 2024\nUR  - https://x.org/a\nER  - ", "We study graphs and trees."),
    ("TY  - JOUR\nTI  - Rewiring\nN2  - We study graphs.\nER  - ", "We study graphs."),
    ("PMID- 38123456\nOWN - NLM\nTI  - Rewiring.\nAB  - We study graphs\n      and trees.\nFAU - Doe, Jane", "We study graphs and trees."),
    ("TY  - CONF\nTI  - Rewiring graphs\nER  - ", "TY - CONF TI - Rewiring graphs ER -"),  # no abstract: as it is
    # a YAML record (a conference site's data file), also as a list item, folded, or with an unquoted ": " YAML cannot parse
    ("title: Rewiring\nauthors: Jane Doe, John Roe\nabstract: We study graphs.", "We study graphs."),
    ("- title: \"Rewiring\"\n  abstract: >\n    We study graphs\n    and trees.\n  venue: ICLR 2025", "We study graphs and trees."),
    ("- title: Rewiring\n  abstract: We study graphs: trees too.\n  venue: ICLR 2025", "We study graphs: trees too."),
    ("abstract: |\n  We study graphs.", "We study graphs."),
    ("date: 2025-02-30\nabstract: We study graphs.", "We study graphs."),  # a date YAML cannot make: read from the lines
    ("title: Rewiring\nvenue: ICLR 2025", "title: Rewiring venue: ICLR 2025"),  # no abstract: as it is
    ("a b s t r a c t\nWe study graphs.", "We study graphs."),  # Elsevier's label, letters spaced out
    ("1. Differential Transformer Networks for Long Context. " + ABSTRACT + " It scales.", ABSTRACT + " It scales."),  # a numbered entry's inline title
    ("[12] Differential Transformer Networks for Long Context: " + ABSTRACT + " It scales.", ABSTRACT + " It scales."),
    # Web of Science's plain-text export, EndNote's and refer's records, XML records (PubMed's sections one after the other)
    ("FN Clarivate Analytics Web of Science\nVR 1.0\nPT J\nAU Doe, J\n   Roe, J\nTI Rewiring\nAB We study graphs\n   and trees.\nPY 2024\nER", "We study graphs and trees."),
    ("PT J\nTI Rewiring\nAB We study graphs.\nER", "We study graphs."),
    ("%0 Journal Article\n%T Rewiring\n%A Doe, Jane\n%X We study graphs\nand trees.", "We study graphs and trees."),
    ("<article><title>Rewiring</title><abstract><p>We study graphs.</p></abstract></article>", "We study graphs."),
    ("<PubmedArticle><ArticleTitle>Rewiring.</ArticleTitle><Abstract><AbstractText Label=\"BACKGROUND\">Graphs are big.</AbstractText>"
     "<AbstractText Label=\"METHODS\">We study them.</AbstractText></Abstract></PubmedArticle>", "Graphs are big. We study them."),
    ("<oai_dc:dc><dc:title>Rewiring</dc:title><dc:description>We study graphs.</dc:description></oai_dc:dc>", "We study graphs."),
    # arXiv's OAI-PMH record: its comment in a second description; JATS's heading inside the abstract element
    ("<oai_dc:dc><dc:title>Rewiring</dc:title><dc:description>We study graphs and trees.</dc:description>"
     "<dc:description>Comment: 12 pages</dc:description></oai_dc:dc>", "We study graphs and trees."),
    ("<article><article-title>Rewiring</article-title><abstract><title>Abstract</title><p>We study graphs.</p></abstract></article>", "We study graphs."),
    # an RSS item's description (HTML escaped in it), an Atom entry's summary (arXiv's API), DataCite's description; HTML's
    # <details><summary> is no feed entry
    ("<item><title>Rewiring</title><link>https://arxiv.org/abs/2401.01234</link><description>We study graphs.</description></item>", "We study graphs."),
    ("<item><title>Rewiring</title><description>&lt;p&gt;We study graphs.&lt;/p&gt;</description></item>", "We study graphs."),
    ("<entry><id>http://arxiv.org/abs/2401.01234v2</id><title>Rewiring</title><summary>We study graphs.</summary></entry>", "We study graphs."),
    ('<resource><titles><title>Rewiring</title></titles><descriptions><description descriptionType="Abstract">We study graphs.</description>'
     "</descriptions></resource>", "We study graphs."),
    ("<details><summary>Abstract</summary>We study graphs.</details>", "We study graphs."),
    # OpenAlex's inverted index (each word with its positions), PubMed's AbstractText
    ('{"id": "W42", "title": "Rewiring", "abstract_inverted_index": {"We": [0], "study": [1, 4], "graphs": [2], "and": [3], "trees.": [5]}}',
     "We study graphs and study trees."),
    ('{"abstract_inverted_index": {"We": [0, "x"]}, "AbstractText": "We study graphs."}', "We study graphs."),
    # an abstract label set as a heading or in bold, with the title lines above it
    ("**Abstract** We study", "We study"),
    ("__Abstract__ We study", "We study"),
    ("<b>Abstract</b> We study", "We study"),
    (r"\textbf{Abstract} We study", "We study"),
    (r"\section*{Abstract}" + "\nWe study", "We study"),
    ("## Abstract\nWe study", "We study"),
    ("<h3>Abstract</h3>\r\nWe study", "We study"),
    ("**Abstract**\n\nWe study", "We study"),
    ("Learning to Rank with Diffusion\nJane Doe, John Roe\nAbstract\nWe study", "We study"),
    ("摘要\n图神经网络在处理", "图神经网络在处理"),
    ("摘 要：图神经网络在处理", "图神经网络在处理"),
    ("摘\u3000要\n图神经网络在处理", "图神经网络在处理"),
    ("Resumo: We study", "We study"),
    ("요약: We study", "We study"),
    ("Аннотация. We study", "We study"),
    ("部分グラフ\n山田 太郎, 佐藤 花子\n2025 年 39 巻 2 号 p. 1-10\n発行日: 2025/03/01\n公開日: 2025/03/01\nジャーナル フリー\n抄録\n価格を研究する。",
     "価格を研究する。"),  # J-STAGE's page: six lines above its label
    ("Abstrak: Kami mempelajari harga.", "Kami mempelajari harga."),
    ("Resumo dos resultados: we study", "Resumo dos resultados: we study"),
    # hard-wrapped Chinese and Japanese join without a space; Korean, and a break between scripts, with one
    ("我们提出了一种基于有效电阻的\n图重连方法。", "我们提出了一种基于有效电阻的图重连方法。"),
    ("長距離依存性の\n処理に課題がある。", "長距離依存性の処理に課題がある。"),
    ("장거리 의존성을\n처리한다.", "장거리 의존성을 처리한다."),
    ("我们在中文\nbenchmarks 上评测", "我们在中文 benchmarks 上评测"),
    ("Abstract interpretation\nis a theory of programs", "Abstract interpretation is a theory of programs"),
    # site chrome lines above or below an abstract (review round 2, repro 20)
    ("Submitted by akhaliq\nUpvote 42\nIn this position paper, we argue", "In this position paper, we argue"),
    ("Abstract\nWe present a recipe.\nView arXiv page View PDF Add to collection", "We present a recipe."),
    ("We view PDF files as images.\nWe add to collection sizes.", "We view PDF files as images. We add to collection sizes."),
    ("[2] arXiv:2402.05678 [pdf, other] cs.CL\nWe propose FEAT-KD.\nComments: 12 pages\nSubjects: Computation and Language (cs.CL)", "We propose FEAT-KD."),
    ("Keywords: recommender systems\nTL;DR: Collectives steer them.\nAs platforms rely on learning.\nPrimary Area: alignment\nSubmission Number: 4821", "As platforms rely on learning."),
    ("We align LLMs.\nIndex Terms—alignment\nPublished in: ICASSP 2024\nDOI: 10.1109/ICASSP48485.2024.10447123", "We align LLMs."),
    ("We detect attacks.\n★ 1,234 · Code: github.com/a/b · Tasks: Image Classification", "We detect attacks."),
    ("We study KE.\nShow more", "We study KE."),
    ("Code is at https://github.com/x/y. [PDF] [Code]", "Code is at https://github.com/x/y."),
    ("a consistency objectiv... Read more", "a consistency objectiv..."),
    ("a consistency objectiv\u2026 Cited by 123 Related articles All 5 versions", "a consistency objectiv..."),  # Google Scholar's result
    ("We study X. Cited by 12", "We study X."),
    ("It is cited by 12", "It is cited by 12"),
    ("a consistency objectiv\u2026 Read more \u00bb", "a consistency objectiv..."),
    ("We study KE. [Show more]", "We study KE."),
    ("the density field \u2026 (more)", "the density field..."),
    ("We study KE. [more]", "We study KE."),
    ("we ask for (more)", "we ask for (more)"),
    ("a consistency objectiv... more \u00bb", "a consistency objectiv..."),  # a listing's bare "more" after its cut
    ("a consistency objectiv\u2026 more", "a consistency objectiv..."),
    ("We study KE. Continue reading", "We study KE."),
    ("本文提出了一种推理框架\u2026更多", "本文提出了一种推理框架..."),
    ("We need more. More", "We need more. More"),
    ("Title\nAuthors: A. Kumar\nAbstract\nWe study KE.\nUpvote 42 \u00b7 3 comments", "We study KE."),
    # a blog post's dated byline above the abstract and its share bar under it; an undated first line is the abstract's
    ("Posted on March 3, 2025 by admin\nWe study KE.\nShare this: Twitter Facebook LinkedIn Reddit", "We study KE."),
    ("Posted by Jane Doe | Mar 3, 2025 | Research | 0 comments\nWe study KE.", "We study KE."),
    ("Posted by admin | 12 comments | Share on Twitter | Share on Facebook\nWe study KE.", "We study KE."),
    ("1. Generative Image Dynamics\nPosted by admin | 3 comments\n" + ABSTRACT, ABSTRACT),
    # a Medium post's head: the title, the author and the reading time with its date and actions, one a line or on one line
    ("Generative Image Dynamics\nJane Doe\nFollow\n5 min read\n\u00b7\nOct 9, 2024\n--\nListen\nShare\n" + ABSTRACT + "\nFollow", ABSTRACT),
    ("Generative Image Dynamics\nMedium \u00b7 5 min read \u00b7 Oct 9, 2024\nListen\nShare\n" + ABSTRACT, ABSTRACT),
    ("We study KE.\nLet us follow", "We study KE. Let us follow"),
    # a publisher's list of other papers under the abstract; a sentence starting with the same word stays
    ("We study routing.\nSimilar content being viewed by others\nAttention Is All You Need\nArticle Open access\n12 June 2017", "We study routing."),
    ("We study routing.\nRelated Articles\nAttention Is All You Need", "We study routing."),
    ("We study routing.\nRelated work shows that attention is costly.", "We study routing. Related work shows that attention is costly."),
    # Semantic Scholar's reader link under the abstract; WeChat's "read the original"
    ("We study routing.\nExpand\n[PDF] Semantic Reader\nSave to Library\nCreate Alert\nCite", "We study routing."),
    ("我们提出了一种图重连方法。\n点击阅读原文", "我们提出了一种图重连方法。"),
    # the authors under the abstract, on a line of their own or after a dash; a wrapped last line or one name stays
    ("We study KE.\nTianzhu Ye, Li Dong, Furu Wei", "We study KE."),
    ("We study KE.\nBy Tianzhu Ye and Li Dong", "We study KE."),
    ("We study KE.\n*Tianzhu Ye, Li Dong*", "We study KE."),
    ("We study KE.\n\u2014 Tianzhu Ye", "We study KE."),
    ("We study KE. \u2014 Tianzhu Ye, Li Dong", "We study KE."),
    ("We study KE.\nTianzhu Ye (Microsoft Research), Li Dong (Tsinghua University)", "We study KE."),
    ("We study KE.\nJane Doe", "We study KE. Jane Doe"),
    ("We compare against\nJane Doe, John Roe", "We compare against Jane Doe, John Roe"),
    ("We study KE.\nLong Range Arena and Path Finder Tasks.", "We study KE. Long Range Arena and Path Finder Tasks."),
    # a post's place in its thread, in front or at the end; a fraction in the text stays
    ("\U0001f9f5 1/5 We study KE.", "We study KE."),
    ("(2/5) We study KE.", "We study KE."),
    ("1/ We study KE.", "We study KE."),
    ("We study KE. (1/3)", "We study KE."),
    ("We study KE. 2/ \U0001f9f5", "We study KE."),
    ("1/3 of us study KE.", "1/3 of us study KE."),
    ("We study KE in 2/3", "We study KE in 2/3"),
    # the arXiv stamp down a PDF's margin, which its text puts between two lines of the abstract; in a sentence it stays
    ("We in-\ntroduce Diff Transformer while cancel-\narXiv:2410.05258v2 [cs.CL] 7 Apr 2025\ning noise.", "We introduce Diff Transformer while canceling noise."),
    ("We cite\narXiv:2410.05258v2 [cs.CL] 7 Apr 2025 as the source.", "We cite arXiv:2410.05258v2 [cs.CL] 7 Apr 2025 as the source."),
    ("Generative Image Dynamics\nPosted by Jane Doe | Mar 3, 2025 | 0 comments\n" + ABSTRACT, ABSTRACT),  # before, "Mar 3, ..." stayed
    ("Posted by the lab, this survey | reviews\nwork on KE.", "Posted by the lab, this survey | reviews work on KE."),
    ("Published on Mar 3 \u00b7 Submitted by akhaliq on Mar 4\nAuthors: Jane Doe, John Roe\nAbstract\nWe study KE.", "We study KE."),
    ("Published by the society, the survey\nreaches every member.", "Published by the society, the survey reaches every member."),
    ("\u672c\u6587\u7814\u7a76\u56fe\u5b66\u4e60\u3002\n\u53d1\u5e03\u4e8e 2025-03-01 12:00\u30fbIP \u5c5e\u5730\u5317\u4eac\n\u8d5e\u540c 128 \u00b7 \u8bc4\u8bba 12",
     "\u672c\u6587\u7814\u7a76\u56fe\u5b66\u4e60\u3002"),
    # Google Scholar's alerts and search results: the title, its byline (initials, venue, year or site), the actions row
    ("[PDF] Scaling Test-Time Compute for Diffusion Language Models\nJ Doe, J Smith, W Zhang - arXiv preprint arXiv:2506.01234, 2025\n"
     "We study how test-time compute scales for diffusion language models. We propose an adaptive schedule that allocates more steps\u2026\n"
     "Save Twitter LinkedIn Facebook",
     "We study how test-time compute scales for diffusion language models. We propose an adaptive schedule that allocates more steps..."),
    ("Attention Is All You Need\nA Vaswani, N Shazeer, N Parmar\u2026 - Advances in neural \u2026, 2017 - proceedings.neurips.cc\n"
     "The dominant sequence transduction models are based on complex recurrent or convolutional neural networks in an encoder-decoder\u2026\n"
     "Save Cite Cited by 150000 Related articles All 60 versions",
     "The dominant sequence transduction models are based on complex recurrent or convolutional neural networks in an encoder-decoder..."),
    # a journal page's abstract in two languages: the English one stays, whichever comes first (the other's keywords go too)
    ("Resumo\nPropomos um roteador.\nPalavras-chave: roteamento\nAbstract\nWe propose a router that balances expert load without auxiliary losses by solving a small transport problem per batch.\nKeywords: routing", "We propose a router that balances expert load without auxiliary losses by solving a small transport problem per batch."),
    ("摘要：本文提出了一种路由方法。\n关键词：路由\nAbstract: We propose a router that balances expert load without auxiliary losses by solving a small transport problem per batch.", "We propose a router that balances expert load without auxiliary losses by solving a small transport problem per batch."),
    ("Abstract\nWe propose a router that balances expert load without auxiliary losses by solving a small transport problem per batch.\nKeywords: routing\nResumen: Proponemos un enrutador.\nPalabras clave: enrutamiento", "We propose a router that balances expert load without auxiliary losses by solving a small transport problem per batch."),
    ("Zusammenfassung\nWir schlagen einen Router vor.", "Wir schlagen einen Router vor."),  # one language: it stays
    ("We propose a router.\nResumo of the work: it goes on.", "We propose a router. Resumo of the work: it goes on."),  # no label
    # a Chinese blog's head and foot (WeChat's, CSDN's): before, CSDN's notice got the block rejected for its 转载请
    ("原创 机器之心 2025-03-03 12:00 北京\n本文研究图学习。\n版权声明：本文为博主原创文章，转载请附上原文出处链接和本声明。\n原文链接：https://blog.csdn.net/a/article/details/1\n"
     "文章浏览阅读1.2k次，点赞23次，收藏45次。", "本文研究图学习。"),
    # Hugging Face's paper page, an element a line: the label under sixteen short lines at most takes them with it
    ("Robust Tool Use\nPublished on Mar 3\n\u00b7\nSubmitted by\nakhaliq\non Mar 4\n#2 Paper of the day\nAuthors:\nJane Doe\n,\nJohn Roe\n"
     "Abstract\nWe study how agents use tools.\nView arXiv page\nView PDF\nAdd to collection", "We study how agents use tools."),
    ("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\no\np\nq\nAbstract\nWe study tools.", "a b c d e f g h i j k l m n o p q Abstract We study tools."),  # 17 lines
    # Semantic Scholar's cards: the title, the authors, a field of study or venue and the date; its TLDR above the abstract label
    ("Robust Tool Use\nJane Doe, John Roe\nComputer Science\nArXiv\n3 March 2025\nTLDR\nThis work introduces FaultBench.\nExpand\nAbstract\n"
     "We study how agents use tools.", "We study how agents use tools."),
    ("Sparse Routing\nJ. Doe, J. Roe\nPublished in International Conference on\u2026 15 February 2025\nComputer Science\nWe study routing.\nExpand\n"
     "12 Citations\nPDF", "We study routing."),
    ("Calibrated Probes\nJane Doe\narXiv.org\n2025\nWe study probes.\nSave\nAlert\nCite", "We study probes."),
    ("Sparse Routing\nJ. Doe\nPublished in International Conference on\u2026 15 February 2025\nComputer Science\nAbstract\nWe study routing.\nExpand\n"
     "12 Citations\nView PDF on arXiv\nSave to Library\nCreate Alert\nCite", "We study routing."),  # its page's actions, "Cite" last
    ("Sparse Routing\nJane Doe, John Roe\nWe study routing as introduced by Smith et al. in 2020\nand extend it.",
     "Sparse Routing Jane Doe, John Roe We study routing as introduced by Smith et al. in 2020 and extend it."),  # no date line: no card
    # a venue note as the last sentence: with a year or a venue; a sentence that only uses the words stays
    ("We study tools. Accepted to ICML 2025.", "We study tools."),
    ("We study tools.\nThis paper has been accepted for publication in IEEE TPAMI.", "We study tools."),
    ("We study tools. (Accepted at NeurIPS 2024, Spotlight)", "We study tools."),
    ("We study tools. Presented at CVPR 2023.", "We study tools."),
    ("The rules are accepted by users.", "The rules are accepted by users."),
    ("We study tools.\nSubmitted to ICLR 2025. Under review.", "We study tools."),
    ("We study tools. Under review at NeurIPS 2024.", "We study tools."),
    ("We study tools. Submitted to a panel, they are rated.", "We study tools. Submitted to a panel, they are rated."),
    ("We study tools. Published in Nature.", "We study tools. Published in Nature."),
    ("We study X. Presented in Section 3 is our ACL method.", "We study X. Presented in Section 3 is our ACL method."),
    # a PDF's author footnotes after the last sentence, on its line or on lines of their own; the words in a sentence stay
    ("We study tools. \u2217Equal contribution. \u2020Corresponding author: jane.doe@uni.edu", "We study tools."),
    ("We study tools.\n*Equal contribution\n\u2020Work done during an internship at Google DeepMind.", "We study tools."),
    ("We study tools. \u2217 Equal contribution \u2020 Corresponding author", "We study tools."),
    # a PDF's first-page footer as a line of its own above the abstract (PMLR's, with its copyright)
    ("Proceedings of the 41st International Conference on Machine Learning, Vienna, Austria. PMLR 235, 2024. Copyright 2024 by the author(s).\nWe study tools.", "We study tools."),
    ("Proceedings of the 38th Conference on Neural Information Processing Systems (NeurIPS 2024).\nWe study tools.", "We study tools."),
    ("We study tools. (*Equal contribution)", "We study tools."),
    ("We study tools. (Extended version of our AAAI 2024 paper.)", "We study tools."),
    ("We study tools. This is the full version of the paper accepted at KDD 2024.", "We study tools."),
    ("We study tools. An extended version of this work appears in JMLR.", "We study tools."),
    ("We study tools. An extended version of the transformer handles long inputs.", "We study tools. An extended version of the transformer handles long inputs."),
    ("We study tools. (\u2020 Equal contribution.)", "We study tools."),
    ("We study tools.\n\nThis paper is under review.", "We study tools."),
    ("We study tools. This manuscript is currently under review", "We study tools."),
    ("We study why tools (equal contribution) fail.", "We study why tools (equal contribution) fail."),
    ("We study tools. This idea is under review by the board.", "We study tools. This idea is under review by the board."),
    ("We study tools. *Equal contribution is what we study.", "We study tools. Equal contribution is what we study."),
    ("The corresponding author is Jane. We study tools.", "The corresponding author is Jane. We study tools."),
    # ... a note giving an e-mail address, with no mark; without an address it is text
    ("We study tools.\nCorrespondence to: Jane Doe <jane.doe@uni.edu>.", "We study tools."),
    ("We study tools. *Correspondence: jane.doe@uni.edu", "We study tools."),
    ("We study tools.\nE-mail: jane.doe@uni.edu, john.roe@uni.edu", "We study tools."),
    ("We study tools. Contact: our team answers questions.", "We study tools. Contact: our team answers questions."),
    # a PDF page's proceedings footer after the last sentence (PMLR's); a sentence about proceedings stays
    ("We study tools.\nProceedings of the 42nd International Conference on Machine Learning, Vancouver, Canada. PMLR 267, 2025. "
     "Copyright 2025 by the author(s).", "We study tools."),
    ("We study tools. Proceedings of the 42nd ICML were held in 2025.", "We study tools. Proceedings of the 42nd ICML were held in 2025."),
    # SSRN's fields under the abstract; bioRxiv's back matter
    ("We study collusion.\nKeywords: pricing, collusion\nJEL Classification: G12, L13\nSuggested Citation: Doe, Jane, Collusion (2024).", "We study collusion."),
    ("We study proteins.\nCompeting Interest Statement\nThe authors have declared no competing interest.\nCopyright\n"
     "The copyright holder for this preprint is the author/funder. It is made available under a CC-BY 4.0 International license.", "We study proteins."),
    ("We study proteins.\nFunding Statement\nThis study was funded by X.\nAuthor Declarations\nI confirm all relevant ethical guidelines.", "We study proteins."),
    ("We study pricing.\nSuggested Citation:\nDoe, Jane, Pricing (March 1, 2025). Available at SSRN: https://ssrn.com/abstract=5012345", "We study pricing."),
    ("We study pricing.\nKeywords: pricing\nJEL Classification: G12\nSuggested Citation:\nDoe, Jane, Pricing (March 1, 2025). Available at SSRN: "
     "https://ssrn.com/abstract=5012345", "We study pricing."),  # the section under field lines
    ("We study pricing.\nJEL: G12\nSuggested readings are below.", "We study pricing. JEL: G12 Suggested readings are below."),
    # CNKI's, eLibrary's and J-STAGE's record fields; keywords in other languages; a Reddit post's actions, one a line
    ("我们研究定价。\n关键词：定价；合谋\n基金资助：国家自然科学基金(62276000)\n分类号：TP18\nDOI：10.13328/j.cnki.jos.001234\n下载：123 页码：1-12",
     "我们研究定价。"),
    ("Мы изучаем цены.\nКлючевые слова: цены, сговор\nУДК: 004.8", "Мы изучаем цены."),
    ("価格を研究する。\nキーワード: 価格\n引用文献 (12)\n被引用文献 (3)", "価格を研究する。"),
    ("Estudiamos precios.\nPalabras clave: precios", "Estudiamos precios."),
    ("Estudamos preços.\nPalavras-chave: preços", "Estudamos preços."),
    ("Wir untersuchen Preise.\nSchlüsselwörter: Preise", "Wir untersuchen Preise."),
    ("Kami mempelajari harga.\nKata kunci: harga", "Kami mempelajari harga."),
    ("We study pricing.\n123 comments\nshare\nsave\nhide\nreport", "We study pricing."),
    # publishers' and repositories' lines above or below an abstract: Europe PMC's, Frontiers', MDPI's, Zenodo's, Hacker News'
    ("Abstract\nWe study x.\nFree full text\nCitations & impact\nSimilar Articles", "We study x."),
    ("ORIGINAL RESEARCH article\nFront. Artif. Intell., 12 March 2025\nSec. Machine Learning and Artificial Intelligence\n"
     "Volume 8 - 2025 | https://doi.org/10.3389/frai.2025.1234567\nWe study x.", "We study x."),
    ("Open AccessArticle\nSubgraph Networks beyond WL\nby Jane Doe 1,* and John Roe 2\n"
     "1 Department of Computer Science and Engineering, Massachusetts Institute of Technology, Cambridge, MA 02139, USA\n"
     "2 Stanford University, Stanford, CA 94305, USA\n* Author to whom correspondence should be addressed.\n"
     "Algorithms 2025, 18(3), 123; https://doi.org/10.3390/a18030123\n"
     "Submission received: 1 January 2025 / Revised: 1 February 2025 / Accepted: 10 February 2025 / Published: 12 March 2025\n"
     "Abstract\nWe study x.\nKeywords: graphs", "We study x."),  # MDPI's page: seven lines, some long, above the label
    ("Published March 12, 2025 | Version v1\nWe study x.\nFiles\npaper.pdf\nFiles (1.2 MB)", "We study x."),
    ("123 points by janedoe 5 hours ago | hide | past | favorite | 45 comments\nWe study x.", "We study x."),
    ("We study x.\nUpvote\n12", "We study x."),  # Hugging Face's upvote count on its own line
    ("We study x with\n12\nlayers and a score of\n7.", "We study x with 12 layers and a score of 7."),
    # a PDF's running head and its text past the abstract; an abstract's wrapped line and a structured abstract's heading stay
    ("We study x.\nPreprint. Under review.\narXiv:2501.01234v2  [cs.LG]  3 Mar 2025", "We study x."),
    ("Under review as a conference paper at ICLR 2025\nWe study x.", "We study x."),
    ("We study x.\n1 Introduction\nGraph learning is everywhere.\n2 Related Work\nMany.", "We study x."),
    ("We study x.\nI. INTRODUCTION\nGraphs are everywhere.", "We study x."),
    ("We study x in\n1 Introduction\nGraphs.", "We study x in 1 Introduction Graphs."),
    # ... also on the abstract's last line, a page flattened to one line
    ("We study x. 1. Introduction Graph learning is everywhere [1]. It costs.", "We study x."),
    ("We study x. I. INTRODUCTION Graphs are everywhere.", "We study x."),
    ("We study x. 1 INTRODUCTION\nGraphs are everywhere.", "We study x."),
    ("We study x. 1 Introduction to graphs is a book we read.", "We study x. 1 Introduction to graphs is a book we read."),
    ("We read 1 Introduction To Graphs. We study x.", "We read 1 Introduction To Graphs. We study x."),
    ("Background\nWe study x.\nIntroduction\nWe do.", "Background We study x. Introduction We do."),
    ("We study proteins.\nThis article is a preprint and has not been certified by peer review [what does this mean?].", "We study proteins."),
    ("We study proteins.\nCompeting Interest Statement: The authors have declared no competing interest.", "We study proteins."),
    # Hugging Face's, ResearchGate's and Papers with Code's pages around an abstract
    ("Sparse Attention via Routing\nPublished on Mar 3\nAbstract\nWe study graphs.\nView arXiv page\nView PDF\nGitHub 124\nAdd to collection\nCommunity",
     "We study graphs."),
    ("Conference Paper\nPDF Available\nSparse Attention via Routing\nJuly 2025\nDOI: 10.48550/arXiv.2503.01234\nAbstract and Figures\nWe study graphs.\n"
     "Content uploaded by Jane Doe\nAuthor content\nAll content in this area was uploaded by Jane Doe on Mar 05, 2025", "We study graphs."),
    ("Sparse Attention via Routing\n3 Mar 2025 \u00b7 Jane Doe, John Roe \u00b7\nEdit social preview\nWe study graphs and trees in depth with new methods that scale to millions of nodes on a single commodity machine.\nPDF Abstract\nCode\nEdit", "We study graphs and trees in depth with new methods that scale to millions of nodes on a single commodity machine."),
    ("Sparse Attention via Routing\nICML 2025 \u00b7 Jane Doe \u00b7\nWe study graphs and trees in depth with new methods that scale to millions of nodes on a single commodity machine.\nPDF Abstract ICML 2025 PDF ICML 2025 Abstract\nTasks\nGraph Learning",
     "We study graphs and trees in depth with new methods that scale to millions of nodes on a single commodity machine."),
    # a blog's entry: a numbered title above a link field; "Read more" and an arrow on their own line
    ("1. Sparse Attention via Routing\nPaper: https://arxiv.org/abs/2502.01234\nWe study graphs and trees in depth with new methods that scale to millions of nodes on a single commodity machine.",
     "We study graphs and trees in depth with new methods that scale to millions of nodes on a single commodity machine."),
    ("2. Sparse Attention via Routing\nPaper: https://arxiv.org/abs/2502.01234\nWhy it matters: it changes how we think about scaling.\n"
     "We study graphs and trees in depth with new methods that scale to millions of nodes on a single commodity machine.\nKey takeaway: graphs scale.",
     "We study graphs and trees in depth with new methods that scale to millions of nodes on a single commodity machine."),
    # a hard-wrapped abstract whose first line starts with a link sentence keeps it (a link field is the link alone)
    ("Project page: https://x.org/p. Our work has not been\ndone before at this scale, and we show it works on six benchmarks.",
     "Project page: https://x.org/p. Our work has not been done before at this scale, and we show it works on six benchmarks."),
    ("We study graphs.\nRead more \u2192", "We study graphs."),
    # Chinese text a PDF's text layer spaced apart, the spaces around a Latin word too; a keyword list's spaces stay
    ("本 文 提 出 了 一 种 新 的 稀 疏 注 意 力 机 制 ， 使 用 BERT 模 型 。", "本文提出了一种新的稀疏注意力机制，使用BERT模型。"),
    ("本文提出了一种新的稀疏注意力机制。关键词：深度学习 神经网络 注意力", "本文提出了一种新的稀疏注意力机制。关键词：深度学习 神经网络 注意力"),
    # ... a Latin word or number it spaced apart too is joined; in text that is not spaced apart, single letters stay
    ("本 文 提 出 了 一 种 新 的 稀 疏 注 意 力 机 制 ， 在 Q M 9 数 据 集 上 提 升 了 3 0 % 。", "本文提出了一种新的稀疏注意力机制，在QM9数据集上提升了30%。"),
    ("本文提出了一种新的稀疏注意力机制，在 A B 测试中使用 GPT 4 模型。", "本文提出了一种新的稀疏注意力机制，在 A B 测试中使用 GPT 4 模型。"),
    # an abstract in capitals keeps its first sentence (each word capitalized, it read as a title)
    ("WE PROPOSE A LINEAR-TIME ATTENTION MECHANISM FOR LONG DOCUMENTS. " + "OUR ANALYSIS BOUNDS THE ERROR BY THE SPECTRAL GAP. " * 4,
     "WE PROPOSE A LINEAR-TIME ATTENTION MECHANISM FOR LONG DOCUMENTS. " + ("OUR ANALYSIS BOUNDS THE ERROR BY THE SPECTRAL GAP. " * 4).strip()),
    # ACL Anthology's metadata, a references list, a README's other sections, a post's actions, after the abstract
    ("We study parsing.\nAnthology ID:\n2024.acl-long.1\nVolume:\nProceedings of ACL 2024\nMonth:\nAugust\nYear:\n2024\nAddress:\nBangkok, Thailand",
     "We study parsing."),
    ("We study graphs.\nReferences\n[1] A. Author. 2020. A paper. In Proc. X.\nCited By\nView all", "We study graphs."),
    ("We study graphs.\n## Installation\n```bash\npip install foo\n```\n## Citation\n@article{x}", "We study graphs."),
    ("We study graphs.\n## Results table\nOurs wins.", "We study graphs. ## Results table Ours wins."),
    ("We study graphs.\n#Graphs #AI\nLike\nComment\nRepost\nSend", "We study graphs."),
    ("We study graphs and\nlike them.", "We study graphs and like them."),
    # Crossref's JATS abstracts, an HTML comment
    ("<jats:sec><jats:title>Abstract</jats:title><jats:p>We reduce cost to O(n<jats:sup>2</jats:sup>) for H<jats:sub>2</jats:sub>O.</jats:p></jats:sec>",
     "We reduce cost to O(n^2) for H_2O."),
    ("<jats:p>We study <jats:italic>sparse</jats:italic> graphs.</jats:p>", "We study sparse graphs."),
    ("<!-- entry 12 -->\nWe study graphs.", "We study graphs."),
    # what a page flattened to one line leaves after the last sentence, a listing's badge before the first
    ("We study graphs. Keywords: graphs, trees.", "We study graphs."),
    ("We study graphs. DOI: 10.1145/3292500.3330701", "We study graphs."),
    ("We study graphs. arXiv:2401.01234v2 [cs.LG]", "We study graphs."),
    ("We study graphs. (Oral) #NLP #GraphML", "We study graphs."),
    ("We study graphs. (via @arxiv)", "We study graphs."),
    # ... arXiv's abstract page fields and its submission line; a cut mark after a whole sentence
    ("We study graphs. Comments: 9 pages, 4 figures, accepted at ICML 2024. Subjects: Machine Learning (cs.LG); Artificial "
     "Intelligence (cs.AI) Cite as: arXiv:2401.01234 [cs.LG]", "We study graphs."),
    ("We study graphs. Journal reference: ICML 2024 MSC classes: 68T05 ACM classes: I.2.6", "We study graphs."),
    ("We study graphs. (Submitted on 12 Jan 2024 (v1), last revised 3 Mar 2024 (this version, v2))", "We study graphs."),
    ("We study graphs. [Submitted on 12 Jan 2024]", "We study graphs."),
    # ... a page's fields, pages, a link bar and share links
    ("We study graphs. Published: 12 March 2024", "We study graphs."),
    ("We study graphs. Received: 3 May 2023 / Revised: 1 Oct 2023 / Accepted: 12 Dec 2023", "We study graphs."),
    ("We study graphs. Pages 1234-1245", "We study graphs."),
    ("We study graphs. PDF | HTML | Code", "We study graphs."),
    ("We study graphs. Share on Twitter Share on Facebook Share on LinkedIn", "We study graphs."),
    ("We study graphs. Downloads: 123 Views: 4,567", "We study graphs."),
    ("We study graphs. Primary Area: generative models Submission Number: 4821", "We study graphs."),
    ("We study graphs. Venue: ICML 2024 Poster Authors: Jane Doe, John Roe", "We study graphs."),
    ("We study graphs. Citation: Doe J, Roe J (2024) A study. PLoS ONE 19(3): e0301234.", "We study graphs."),
    ("We study graphs. Authors can share code. Views differ.", "We study graphs. Authors can share code. Views differ."),
    # ... in front of the abstract: access and article-type badges, a date stamp, an author field
    ("Open Access " + ABSTRACT, ABSTRACT),
    ("Research Article | Published: 12 March 2024 " + ABSTRACT, ABSTRACT),
    ("12 Jan 2024 \u00b7 " + ABSTRACT, ABSTRACT),
    ("Authors: Jane Doe, John Roe. " + ABSTRACT, ABSTRACT),
    ("Open Access to data is rare. " + ABSTRACT, "Open Access to data is rare. " + ABSTRACT),
    ("12 May 2024 was a day. " + ABSTRACT, "12 May 2024 was a day. " + ABSTRACT),
    ("Research Article We study graphs.", "Research Article We study graphs."),  # before a short text
    # ... and a TL;DR sentence in front of a long abstract (in front of a short text it stays)
    ("TL;DR: We make it faster. " + " ".join([ABSTRACT] * 3), " ".join([ABSTRACT] * 3)),
    ("TL;DR: We make it faster. We study graphs.", "TL;DR: We make it faster. We study graphs."),
    ("We study graphs. \u2026", "We study graphs."),
    ("We study graphs....", "We study graphs."),
    ("We study user comments. Comments: they are short. Subjects: we chose ten.", "We study user comments. Comments: they are short. Subjects: we chose ten."),
    ("We study graphs\u2026", "We study graphs..."),
    ("We study graphs. \u2014 via arXiv cs.CL", "We study graphs."),  # a digest's source
    ("We study graphs. (via arXiv)", "We study graphs."),
    ("We study routing \u2014 via learned gates we cut cost.", "We study routing \u2014 via learned gates we cut cost."),
    ("We study graphs via @arxiv.", "We study graphs via @arxiv."),
    ("We study graphs in C#. It works.", "We study graphs in C#. It works."),
    ("We study graphs. Index Terms are used.", "We study graphs. Index Terms are used."),
    ("[NEW] We study graphs.", "We study graphs."),
    # a conference site's, a Reddit post's and a social media thread's lines around an abstract
    ("Poster\nSparse Attention via Routing\nJane Doe \u00b7 John Roe\nAbstract:\nWe study graphs.\nChat is not available.", "We study graphs."),
    ("[R] Sparse Attention via Routing\nPosted by u/someone 3 days ago\nAbstract:\nWe study graphs.\n42 comments share save", "We study graphs."),
    ("\U0001f6a8 New paper! Sparse Attention via Routing \U0001f9f51/5\n\U0001f4c4 https://arxiv.org/abs/2503.04321\nWe study graphs.\n"
     "12:03 PM \u00b7 Mar 5, 2025 \u00b7 45.2K Views\n23 Reposts 5 Quotes 310 Likes 120 Bookmarks", "We study graphs."),
    ("We study graphs.\n310 Likes", "We study graphs. 310 Likes"),  # one count is no counts line
    # LinkedIn's, Bluesky's, Mastodon's and new Reddit's posts: the author's line and the post's age above, actions and counts under
    ("Jane Doe\nResearch Scientist at Microsoft\n2d \u2022 Edited\nWe study graphs.\n#AI #LLM\nLike Comment Repost Send", "We study graphs."),
    ("Jane Doe\n2d\nWe study graphs.\n1,234 reactions \u00b7 56 comments", "We study graphs."),
    ("Jane Doe @jane.bsky.social\nWe study graphs.\nOctober 9, 2024 at 12:00 PM", "We study graphs."),
    ("We study graphs.\n12 reposts 340 likes", "We study graphs."),
    ("Jane Doe (@jane@sigmoid.social)\nWe study graphs.\nOct 09, 2024, 12:00 \u00b7 12 boosts \u00b7 34 favourites", "We study graphs."),
    ("r/MachineLearning \u2022 3 days ago\nWe study graphs.", "We study graphs."),
    ("r/MachineLearning\n\u2022\n3 yr. ago\nu/someone\nWe study graphs.\nUpvote\n42\nDownvote\n12\nGo to comments\nShare", "We study graphs."),
    # Springer's, Semantic Scholar's and PMLR's lines above an abstract
    ("Conference paper\nFirst Online: 12 March 2025\npp 123\u2013135\nWe study graphs.", "We study graphs."),
    ("Open access\nPublished: 12 March 2025\nResearch article\nWe study graphs.", "We study graphs."),
    ("Corpus ID: 267751234\nWe study graphs.", "We study graphs."),
    ("Proceedings of the 42nd International Conference on Machine Learning, PMLR 267:1234-1250, 2025.\nWe study graphs.", "We study graphs."),
    # UTF-8 read as GBK: repaired where no byte was lost, a lost one is a U+FFFD; Chinese text stays
    ("We show the model\u9225\u6a9a \u9225\u6e1eobustness\u9225\ufffd and R\u8305sum\u8305.", "We show the model's \"robustness\ufffd and R\u00e9sum\u00e9."),
    ("\u6211\u4eec\u79f0\u4e3a\u9225\u6a21\u578b\u3002", "\u6211\u4eec\u79f0\u4e3a\u9225\u6a21\u578b\u3002"),
    # ... also Chinese text (its full-width comma and full stop read as "锛" and "銆"), a character that lost a byte one U+FFFD
    ("鎴戜滑鎻愬嚭浜嗕竴绉嶆柊鐨勫浘绁炵粡缃戠粶锛屽畠鍩轰簬瀛愬浘銆�", "我们提出了一种新的图神经网络，它基于子图\ufffd"),
    ("鎴戜滑鐨勬柟娉曪紙GNN-X锛夋瘮鐜版湁鏂规硶鎻愰珮浜�3涓�鐧惧垎鐐广��", "我们的方法（GNN-X）比现有方法提高\ufffd3\ufffd百分点\ufffd"),
    # UTF-8 read as KOI8-R: read back; Russian text stays
    ("\u043f\u00b0\u044f\u2580 \u043f\u00a9\u044f\u2500\u043f\u2563\u043f\u2562\u043f\u2569\u043f\u255f\u043f\u0401\u043f\u255f\u043f\u2563\u043f\u256a graphs.", "\u041c\u044b \u043f\u0440\u0435\u0434\u043b\u0430\u0433\u0430\u0435\u043c graphs."),
    ("\u041c\u044b \u043f\u0440\u0435\u0434\u043b\u0430\u0433\u0430\u0435\u043c graphs.", "\u041c\u044b \u043f\u0440\u0435\u0434\u043b\u0430\u0433\u0430\u0435\u043c graphs."),
    # a LaTeX source's abstract environment: its content without comments, not the title, keywords or sections around it
    ("\\title{Rewiring}\n\\maketitle\n\\begin{abstract}\n% TODO: shorten\nWe study graphs, 5\\% of them.\n%\n\\end{abstract}\n"
     "\\begin{IEEEkeywords}\ngraphs\n\\end{IEEEkeywords}\n\\section{Introduction}\nGraphs are everywhere.", "We study graphs, 5% of them."),
    # UTF-8 read as Shift-JIS (cp932) in a text of Latin letters: repaired, a lost byte a U+FFFD; Japanese text read so stays
    ("We propose \u7ab6\u5f03lanFormer\u7ab6\ufffd, it\u7ab6\u51b1 fast. Caf\uff83\uff69 na\uff83\uff6fve.", "We propose \"PlanFormer\ufffd, it's fast. Caf\u00e9 na\u00efve."),
    ("\uff83\uff7d\uff84 \uff83\uff9e\uff70\uff80 tests half-width katakana \u7ab6", "\u30c6\u30b9\u30c8 \u30c7\u30fc\u30bf tests half-width katakana \u7ab6"),
    # a Markdown heading above the abstract is its title, however short; above a shorter text it is text, without its marks
    ("### MoE-X: Experts for Interpretability\nNeurons in large language models often exhibit polysemanticity and obscure interpretability.",
     "MoE-X: Experts for Interpretability Neurons in large language models often exhibit polysemanticity and obscure interpretability."),
    ("### GIST\nCounterfactual explainability seeks to uncover model decisions by identifying minimal changes to the input.",
     "Counterfactual explainability seeks to uncover model decisions by identifying minimal changes to the input."),
    # a title above field lines, with no abstract label (a Chinese paper blog's entry too)
    ("Graphs Are Great\nAuthors: Jane Doe, John Roe\nComments: 12 pages\nWe study graphs and trees in depth with new methods.",
     "We study graphs and trees in depth with new methods."),
    ("1. Graphs Are Great\n作者：Jane Doe\n单位：MIT\n链接：https://arxiv.org/abs/2501.01234\nWe study graphs and trees in depth with new methods.",
     "We study graphs and trees in depth with new methods."),
    ("Graphs Are Great\n作者：Jane Doe\n简介：We study graphs and trees.\n推荐理由：值得一读。", "We study graphs and trees."),
    # arXiv's abstract page: its date line between the authors and the abstract; lines that are no title and authors stay
    ("Graphs Are Great\nJane Doe, John Roe\n[Submitted on 6 Jan 2025 (v1), last revised 2 Mar 2025 (this version, v3)]\nWe study graphs.",
     "We study graphs."),
    ("We study graphs in depth\nand trees as well\n[Submitted on 6 Jan 2025]\nWe study more.",
     "We study graphs in depth and trees as well [Submitted on 6 Jan 2025] We study more."),
    ("We study graphs\nKeywords: a, b\nand more.", "We study graphs Keywords: a, b and more."),  # what stays would be shorter
    ("An abstract without a final period\nKeywords: a\nComments: b", "An abstract without a final period"),
    ("我们研究图。\n点评：不错。", "我们研究图。"),
    # an abstract shown with its translation: the original stays
    ("标题：Graphs\n作者：Jane Doe\n摘要：我们研究图，并提出一种新方法。\n原文摘要：We study graphs.", "We study graphs."),
    ("We study graphs.\n中文翻译：我们研究图。", "We study graphs."),
    ("We study graphs.\nTranslation: Мы изучаем графы.", "We study graphs."),
    ("We study machine translation.\nTranslation: a task we study here.", "We study machine translation. Translation: a task we study here."),
    ("Original abstract: We study graphs.", "We study graphs."),
    # qualified labels, and a label set off with a full stop and a dash (a journal's "Abstract.—")
    ("Paper abstract: We study graphs.", "We study graphs."),
    ("Short abstract: We study graphs.", "We study graphs."),
    ("Full abstract: We study graphs.", "We study graphs."),
    ("Author abstract: We study graphs.", "We study graphs."),
    ("Abstract of the paper: We study graphs.", "We study graphs."),
    ("Abstract.\u2014We study graphs.", "We study graphs."),
    ("Abstract - We study graphs.", "We study graphs."),  # a spaced hyphen as the dash
    ("Abstract-level reasoning is hard - we study it.", "Abstract-level reasoning is hard - we study it."),
    ("\u6458\u8981\uff08\u82f1\u6587\uff09\uff1aWe study graphs.", "We study graphs."),
    ("Short abstracts are hard: we study them.", "Short abstracts are hard: we study them."),
    ("标题：Graphs\n摘要：We study graphs.\n中文摘要：我们研究图。", "We study graphs."),
    ("We translate abstracts.\nTranslation quality improves: a lot.", "We translate abstracts. Translation quality improves: a lot."),
    # ... or with an unlabeled translation into Chinese, Japanese or Korean, either first, also on one line; a Chinese abstract with
    # an English line under it, a short English term in a Chinese abstract and a Chinese term in an English one stay
    (f"{EN_PAIR}\n{ZH_PAIR}", EN_PAIR),
    (f"{ZH_PAIR}\n{EN_PAIR}", EN_PAIR),
    (f"{EN_PAIR} {ZH_PAIR}", EN_PAIR),
    (f"{ZH_PAIR}{EN_PAIR}", EN_PAIR),
    (f"{EN_PAIR}\n{JA_PAIR}", EN_PAIR),
    (f"{KO_PAIR}\n{EN_PAIR}", EN_PAIR),
    # ... into Russian or Greek too, either first, also on one line; a Russian abstract with an English line under it stays
    (f"{EN_PAIR}\n{RU_PAIR}", EN_PAIR),
    (f"{RU_PAIR}\n{EN_PAIR}", EN_PAIR),
    (f"{EN_PAIR} {RU_PAIR}", EN_PAIR),
    (f"{RU_PAIR} {EN_PAIR}", EN_PAIR),
    (f"{EL_PAIR}\n{EN_PAIR}", EN_PAIR),
    (f"{RU_PAIR}\nCode is available at https://github.com/foo/bar and we release all models for future work.",
     f"{RU_PAIR} Code is available at https://github.com/foo/bar and we release all models for future work."),
    (f"{ZH_PAIR}\nCode is available at https://github.com/foo/bar and we release all models for future work.",
     f"{ZH_PAIR} Code is available at https://github.com/foo/bar and we release all models for future work."),
    (f"{ZH_PAIR}\nSparseGNN: Learning Sparse Message Passing", f"{ZH_PAIR} SparseGNN: Learning Sparse Message Passing"),
    (f"{EN_PAIR}\n我们提出RetroCheck验证器并根据检索到的段落为GPT-4生成的声明打分。",  # another paper's: names of its own
     f"{EN_PAIR} 我们提出RetroCheck验证器并根据检索到的段落为GPT-4生成的声明打分。"),
    (f"{EN_PAIR} {EN_PAIR} {EN_PAIR}\n本文使用门控剪枝图神经网络的消息传递边并在八个基准上评估。",  # a summary, no translation: too short
     f"{EN_PAIR} {EN_PAIR} {EN_PAIR} 本文使用门控剪枝图神经网络的消息传递边并在八个基准上评估。"),
    (f"{EN_PAIR} We call it 稀疏图神经网络的消息传递剪枝方法 (sparse message passing).", f"{EN_PAIR} We call it 稀疏图神经网络的消息传递剪枝方法 (sparse message passing)."),
    # the ACM Digital Library's back matter; a sentence that starts with the words is text
    ("We study graphs.\nCCS Concepts: \u2022 Computing methodologies \u2192 Machine learning; Neural networks.\nAdditional Key Words and Phrases: graphs\n"
     "ACM Reference Format:\nJane Doe. 2025. Graphs. In Proceedings of KDD 2025. ACM, New York, NY, USA, 12 pages.", "We study graphs."),
    ("We study graphs.\nCCS Concepts\n\u2022 Computing methodologies \u2192 Machine learning", "We study graphs."),
    ("We study graphs.\nCCS Concepts are what we study next.", "We study graphs. CCS Concepts are what we study next."),
    ("We study the\nCopyright\nlaw of 1976.", "We study the Copyright law of 1976."),
    # an awesome-list's entry: its title and badges, then the abstract folded under "Abstract"
    ("- **Scaling Diffusion** [[Paper]](https://arxiv.org/abs/2506.01234)\n  <details><summary>Abstract</summary>\n  We study KE.\n  </details>", "We study KE."),
    ("<details>\n<summary><b>Abstract</b></summary>\nWe study KE.\n</details>", "We study KE."),
    ("We study <summary> tags.", "We study tags."),
    # pictographs marking an awesome-list's entry, or ending it
    ("\U0001f525 We study KE on DTU. \U0001f680", "We study KE on DTU."),
    ("\u2b50\ufe0f Abstract: We study KE.", "We study KE."),
    ("We study \U0001f525 models.", "We study \U0001f525 models."),
    ("我们提出了一种图重连方法。展开全部", "我们提出了一种图重连方法。"),
    ("我们提出了一种图重连…阅读全文", "我们提出了一种图重连..."),
    ("長距離依存性の処理に課題がある。続きを読む", "長距離依存性の処理に課題がある。"),
    ("장거리 의존성을 처리한다. 더보기", "장거리 의존성을 처리한다."),
    ("本文的研究展开", "本文的研究展开"),
    ("people should read more.", "people should read more."),
    ("We propose [Code] tokens.", "We propose [Code] tokens."),
    ("Title\nJane Doe, John Roe\nKeywords: graphs\nTL;DR: We rewire graphs.\nAbstract: We study\nPrimary Area: graphs", "We study"),
    ("We study X.\nCited by 1,204", "We study X."),
    # arXiv search results, Semantic Scholar, ACL Anthology metadata and OpenReview footers and badges
    ("arXiv:2401.12345 [pdf, other] cs.LG\nAbstract: We study X and fin\u2026 \u25bd More", "We study X and fin..."),
    # full-width punctuation in English text gets the spaces of its ASCII marks; Chinese text keeps its own
    ("models\uff08\uff2c\uff2c\uff2d\uff53\uff09have shown\uff0cyet; training\u3002 Vision", "models (LLMs) have shown, yet; training. Vision"),
    ("\u6211\u4eec\u63d0\u51fa\u4e86\u65b9\u6cd5\u3002 \u5b9e\u9a8c", "\u6211\u4eec\u63d0\u51fa\u4e86\u65b9\u6cd5\u3002 \u5b9e\u9a8c"),
    ("\uff13\uff0e\uff15 and e\uff0eg\uff0e", "3.5 and e.g."),
    # a search algorithm's star is its name's; a star after another word is emphasis left over
    ("We improve A* search, D* Lite, Theta* and IDA* (A*), and our Q*-based planner.", "We improve A* search, D* Lite, Theta* and IDA* (A*), and our Q*-based planner."),
    ("the *important* part, a lone star* here, p* and Important* notes", "the important part, a lone star here, p and Important notes"),
    # a dollar sign before an amount stays (LaTeX read "$5 and $" as a formula: "5 and6"); math that starts with a digit is math
    ("It costs $5 and $6, or $1.5M; we save $300k.", "It costs $5 and $6, or $1.5M; we save $300k."),
    ("It costs US\\$5 and \\$1.2M per run of $x$ steps.", "It costs US$5 and $1.2M per run of x steps."),  # escaped: the sign stayed only without math
    ("A $3 \\times 3$ kernel, a $3$-layer net, $10^{-3}$ error, a $2\\times$ speedup, $x$ at $5.", "A 3 \u00d7 3 kernel, a 3-layer net, 10^-3 error, a 2\u00d7 speedup, x at $5."),
    # a social post's head: the author's name and headline above the post's age, or the name above the handle
    ("Jane Doe\nResearch Scientist at Acme\n2d \u2022 Edited\nWe study graphs.", "We study graphs."),
    ("Jane Doe\n@janedoe \u00b7 3h\nWe study graphs.", "We study graphs."),
    ("We study graphs.\n2d \u2022 Edited\nShow more", "We study graphs."),  # above an age line and chrome alone: no head
    ("We study graphs \u2022 and trees.\nThey are big.", "We study graphs \u2022 and trees. They are big."),
    # a Markdown image's alt text once, an e-mail autolink without its mailto: address
    ("See ![figure](https://x.org/f.png) and write to <a@b.org>.", "See figure and write to a@b.org."),
    # a bare "&" in a text with LaTeX is the sign (pylatexenc dropped it as an alignment tab: "the model  this"); in a table it is a tab
    ("We study Q&amp;A and R&D, of order $\\sqrt{d}$, where $d$ is large.", "We study Q&A and R&D, of order \u221a(d), where d is large."),
    ("Rows \\begin{tabular}{cc} a & b \\end{tabular} and Q&A with $x$.", "Rows a b and Q&A with x."),
    # a JSON export's escaped quotes are quotes, LaTeX's umlauts stay umlauts
    ('Work by G\\"odel on \\"optimal\\" policies, a \\"$\\alpha$-net\\" and \\"\\emph{foo}\\".', 'Work by Gödel on "optimal" policies, a "α-net" and "foo".'),
    ('\\"Ozt\\"urk and M\\"uller on \\"{o} and \\"hard\\" cases.', 'Öztürk and Müller on ö and "hard" cases.'),
    ('Work by G\\"odel, \\"a\\" \\"b\\" \\"c\\" and \\"2\\".', 'Work by Gödel, "a" "b" "c" and "2".'),
    # a database dump's escaped apostrophes next to LaTeX (pylatexenc read "model\\'s" as "modelś"); "Caf\\'e" is an accent
    (r"The model\'s \'best\' results don\'t hold, we\'ll see; they\'re $x$-robust, Caf\'e and Ko\'sciuszko.",
     "The model's 'best' results don't hold, we'll see; they're x-robust, Café and Kościuszko."),
    # siunitx's percent and the TeX logos, which pylatexenc drops
    ("Accuracy rises by \\SI{5}{\\percent} with \\LaTeX{} and \\BibTeX.", "Accuracy rises by 5% with LaTeX and BibTeX."),
    # the abbreviation macros of CVPR's style file and boxes, which pylatexenc dropped ("models (, GPT)")
    ("As shown by Doe \\etal~\\cite{doe}, models (\\eg, GPT) fail \\wrt robustness, \\etc. We fix this \\mbox{in one step}.",
     "As shown by Doe et al., models (e.g., GPT) fail w.r.t. robustness, etc. We fix this in one step."),
    # siunitx's units, which pylatexenc dropped ("5 latency"), with the space siunitx sets before them
    ("With \\SI{5}{\\milli\\second} latency, \\qty{3.2}{\\giga\\byte} of memory, \\SI{2}{\\kilo\\meter\\per\\second} and \\num{1000} steps.",
     "With 5 ms latency, 3.2 GB of memory, 2 km/s and 1000 steps."),
    # LaTeX's spacing before a word in a row without other LaTeX (Markdown read "\\," as an escaped comma: "5,ms"); an escaped
    # comma before a space stays a comma
    (r"It takes 5\,ms and 2\,GB per step.", "It takes 5 ms and 2 GB per step."),
    # the next sentence glued on after a sentence's end (a page's paragraph tags stripped): a space between them; a name stays
    ("It plans over many steps.We introduce X (ours).The end.Unlike Y, e.g.The nn.Module and torch.Tensor.Thesis",
     "It plans over many steps. We introduce X (ours). The end. Unlike Y, e.g.The nn.Module and torch.Tensor.Thesis"),
    (r"An escaped comma\, in a scrape.", "An escaped comma, in a scrape."),
    # a sign that closes a formula before digits is no amount's ("$\\sim$10 runs" kept a "$": "\u223c$10 runs")
    ("About $\\sim$10 runs, a $\\times$4 gain, $\\approx$3 points, for $5 each.", "About \u223c10 runs, a \u00d74 gain, \u22483 points, for $5 each."),
    ("本文提出了一种新方法，该方法利用（Transformer）结构：实验表明，效果最好！", "本文提出了一种新方法，该方法利用（Transformer）结构：实验表明，效果最好！"),
    ("本研究では，能力を分析する．具体的には，重みを追跡した．", "本研究では，能力を分析する．具体的には，重みを追跡した．"),  # Japanese papers' "，．" style
    ("我们提出方法（ReasonX），代码见：https://github.com/abc/x，欢迎使用；ＧＰＴ－４也可用？", "我们提出方法（ReasonX），代码见：https://github.com/abc/x，欢迎使用；GPT-4也可用？"),
    ("大規模言語モデル（LLM）の推論を改善する。コードは（MITライセンス）で公開。", "大規模言語モデル（LLM）の推論を改善する。コードは（MITライセンス）で公開。"),
    ("We train models\uff08\u5927\u6a21\u578b\uff09on text\uff0cyet fail.", "We train models (\u5927\u6a21\u578b) on text, yet fail."),  # a Chinese term in English text
    # an arXiv id in front of the abstract on its first line goes, the abstract after it stays
    ("arXiv:2401.01234v2 [cs.LG] Graph networks are widely\nused for molecules.", "Graph networks are widely used for molecules."),
    ("[2402.00001] Large language models code.", "Large language models code."),
    ("arXiv:2401.01234 We study Z.", "We study Z."),
    ("arXiv:2401.01234v2 (cross-list from cs.CV) [pdf]\nWe study X.", "We study X."),
    ("arXiv:2401.01234v1 Announce Type: replace-cross \nWe study X.", "We study X."),  # arXiv's RSS item
    ("arXiv:2401.01234v1 Announce Type: new \nAbstract: We study X.", "We study X."),
    ("arXiv:2401.01234v2 [cs.LG] 3 Jan 2024\nWe study Y.", "We study Y."),
    ("We study arXiv:2401.01234 [cs.LG] things.", "We study arXiv:2401.01234 [cs.LG] things."),
    # a link whose label is in brackets (an awesome-list's badge): the label without them
    ("We study X.\n[[Paper]](https://arxiv.org/abs/2401.11111) [[Code]](https://github.com/foo/onestep)",
     "We study X. Paper (https://arxiv.org/abs/2401.11111) Code (https://github.com/foo/onestep)"),
    # an entry of arXiv's e-mail listing: its fields (long ones folded onto indented lines) up to the "\\" line, and its last line
    ("Title: Graph Rewiring by Effective Resistance for Long-Range\n  Dependencies\nAuthors: Jane Doe, John Roe, Wei Li,\n  Maria Kowalska\n"
     "Categories: cs.LG cs.AI\nComments: 12 pages, 4 figures\n\\\\\n  We rewire graphs by effective resistance to reach\nfar nodes.\n"
     "\\\\ ( https://arxiv.org/abs/2403.00001 ,  120kb)", "We rewire graphs by effective resistance to reach far nodes."),
    ("\\\\\narXiv:2403.00002\nDate: Fri, 1 Mar 2024 12:00:00 GMT   (120kb)\nTitle: X\nAuthors: A. Doe\n\\\\\n  We study Y.\n"
     "\\\\ ( https://arxiv.org/abs/2403.00002 ,  120kb)", "We study Y."),
    ("We study Z, see\n\\\\\nthe appendix.", "We study Z, see the appendix."),
    ("Categories: cs.LG\nWe study W.", "We study W."),
    ("We study X. \u25b3 Less\nSubmitted 3 January, 2024; v1 submitted 2 December, 2023; originally announced December 2023.", "We study X."),
    ("TLDR This paper proposes X.\nAbstract\nWe study X.\nExpand", "We study X."),
    ("We study X... Expand", "We study X..."),
    ("We study the models that we expand", "We study the models that we expand"),
    ("We study X.\nAnthology ID: 2024.acl-long.12\nVolume: Proceedings of ACL 2024\nMonth: August\nYear: 2024\nPages: 100\u2013112\nURL: https://aclanthology.org/2024.acl-long.12\nBibkey: z24", "We study X."),
    ("Oral\nWe study X.\nPublished: 01 Jan 2024, Last Modified: 05 Feb 2024\nICLR 2024 poster\nReaders: Everyone", "We study X."),
    # ACL Anthology's link bar under the abstract, as a page copy gives it
    ("We study X.\nPDF Cite Search", "We study X."),
    ("We study X.\nPDF Cite Search Video Fix data", "We study X."),
    ("We study X.\nPDF | Cite | Search | Fix data", "We study X."),
    ("We study how users search.\nPeople search", "We study how users search. People search"),
    ("Spotlight (notable top 5%)\nWe study X.", "We study X."),
    # publishers' trailers: copyright notices, PubMed ids, bioRxiv and Nature page text, page links after a sentence
    ("Open Access\nWe study X.\nCopyright \u00a9 2024 Elsevier B.V. All rights reserved.\nPMID: 38123456", "We study X."),
    ("We study X. \u00a9 2024 The Author(s). Published by Elsevier Ltd.", "We study X."),
    ("We study X. Copyright 2024 IEEE.", "We study X."),
    ("We study X.\nCompeting Interest Statement\nThe authors have declared no competing interest.", "We study X."),
    ("We study X.\nAccess through your institution\nBuy or subscribe", "We study X."),
    ("We study X.\nFigures\nReferences\nRelated\nDetails", "We study X."),
    ("Our results are in the\nFigures", "Our results are in the Figures"),
    ("We study X.\nCite this Paper\nBibTeX\nCopy to Clipboard Download\nEndnote\nRelated Material\nDownload PDF\nOpenReview", "We study X."),
    ("We study X.\nMore from this conference", "We study X."),
    # IEEE Xplore, Springer, ACM, ResearchGate and arXiv page text; a citation line; a page's navigation
    ("We study X.\nDate Added to IEEE Xplore: 16 September 2024\nISBN Information:\nINSPEC Accession Number: 24512345\nConference Location: Seattle, WA, USA", "We study X."),
    ("Access this chapter\nLog in via an institution\nWe study X.\nSimilar content being viewed by others", "We study X."),
    ("We study X.\nAuthors Info & Claims\nGet Access\nTotal Citations 12\nTotal Downloads 345\nLast 12 Months 100\nShare on\nRecommendations", "We study X."),
    ("Conference Paper\nFull-text available\nWe study X.\nRequest full-text PDF\nDiscover the world's research\n25+ million members\n160+ million publication pages\n2.3+ billion citations\nJoin for free", "We study X."),
    ("[Submitted on 3 Jan 2024 (v1), last revised 5 Feb 2024 (this version, v2)]\nWe study X.\nReport issue for preceding element", "We study X."),
    ("Journal of Machine Learning Research 25 (2024) 1-45\nWe study X.\nProceedings of the AAAI Conference on Artificial Intelligence, 38(5), 1234-1242.", "We study X."),
    ("Skip to main content\nToggle navigation\nWe study X.\nBack to top", "We study X."),
    ("We study X.\nVolume 38, Issue 5\nPDF (1.2 MB)\nViews 1,234\nPreprint", "We study X."),
    ("Errors fall from 12 (3) to 4-5.\nWe sign in\nusers who subscribe", "Errors fall from 12 (3) to 4-5. We sign in users who subscribe"),
    ("We study X.\n\u00a0\nArticle\u00a0Metrics", "We study X."),
    ("We study X.\nSubmission received: 1 January 2024 / Revised: 2 February 2024 / Accepted: 3 March 2024", "We study X."),
    ("We study X.\nCitation: Doe J (2024) X. PLoS ONE 19(3): e0301234. https://doi.org/10.1371/journal.pone.0301234", "We study X."),
    ("We study X.\nShare\nCite\nSave", "We study X."),
    # arXiv's access links, ResearchGate's "Show full abstract", a digest's source field and "More"; a digest's credit line under the
    # abstract and a reference line (title, authors, venue) above it; a wrapped line after a dash and a first line ending in a year stay
    ("We study X.\nView PDF HTML (experimental)\nTeX Source", "We study X."),
    ("We study X.\nShow full abstract", "We study X."),
    # fields with their labels in Markdown bold or italics, as Markdown scrapes write them
    ("**Authors:** Jane Doe, John Smith\n**TL;DR:** It is sparse.\nWe study X.", "We study X."),
    ("**Authors**: Jane Doe\n__Keywords:__ a, b\nWe study X.\n*Keywords:* attention, sparsity", "We study X."),
    ("We study X.\nSource: arXiv\nMore", "We study X."),
    ("We study X.\n\u2014 Tianzhu Ye, Li Dong, Yuqing Xia et al.", "We study X."),
    ("We study X.\n\u2013 J. R. Smith and Wei Li", "We study X."),
    ("We study X.\n\u2014 unlike prior work, it scales.", "We study X. \u2014 unlike prior work, it scales."),
    ("Differential Transformer. Tianzhu Ye, Li Dong. ICLR 2025.\nWe study X.", "We study X."),
    ("Differential Transformer. Tianzhu Ye, Li Dong, and Furu Wei. In Proceedings of ICLR, 2025.\nWe study X.", "We study X."),
    ("We study attention. Results show gains in 2024.\nWe study X.", "We study attention. Results show gains in 2024. We study X."),
    # PMLR's entry (title, "authors; venue, PMLR volume:pages" and its links), IEEE Xplore's fields run into the abstract's line,
    # bioRxiv's PDF stamp, Papers with Code's widget line, arXiv's submission date in brackets, a talk's speakers
    ("Sparse Routing\nJane Doe, John Roe; Proceedings of the 42nd International Conference on Machine Learning, PMLR 267:1234-1250\n"
     "[abs][Download PDF][OpenReview]\n" + ABSTRACT, ABSTRACT),
    ("Jane Doe, John Roe; PMLR 267:1-12, 2025.\nWe study X.", "We study X."),
    ("We study X. Published in: 2024 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR) Date of Conference: 16-22 June 2024", "We study X."),
    ("Results were published in: Nature.", "Results were published in: Nature."),
    ("bioRxiv preprint doi: https://doi.org/10.1101/2024.01.01.123456; this version posted January 3, 2024.\nWe study X.", "We study X."),
    ("We study X.\nPDF Abstract Code Edit", "We study X."),
    ("We study X. (Submitted 7 Oct 2024)", "We study X."),
    ("We study X.\n[Full text available at arXiv]\nSpeakers: Jane Doe \u00b7 John Roe", "We study X."),
    # open-access licence notices, back matter headings, Elsevier's "Please cite this article as", a venue note in brackets
    ("We study X. This is an open access article under the CC BY-NC-ND license (http://creativecommons.org/licenses/by-nc-nd/4.0/).", "We study X."),
    ("Open Access\nThis article is licensed under a Creative Commons Attribution 4.0 International License\nWe study X.\nLicensed under CC BY 4.0", "We study X."),
    ("We study X.\nYou have full access to this open access article", "We study X."),
    ("We study how code is licensed under the GPL.", "We study how code is licensed under the GPL."),
    ("We study X.\nConflict of Interest\nThe authors declare no conflict of interest.", "We study X."),
    ("We study X.\nAcknowledgements and Disclosures\nDownload Citation", "We study X."),
    ("We study X.\nFunding: This work was supported by NSF grant 123.", "We study X."),
    ("Please cite this article as: T. Ye, L. Dong, Differential Transformer, Neural Networks (2025)\nWe study X.", "We study X."),
    ("We study X.\n(This paper was accepted by ICLR 2025.)", "We study X."),
    # PubMed, Springer, ScienceDirect, Google Scholar and a reader's buttons
    ("Abstract\nWe study X.\nFull text links\nCite\nSimilar articles\nPublication types\nMeSH terms\nPMID: 38123456", "We study X."),
    ("We study X.\nAccess this chapter\nLog in via an institution\nBuy chapter\nEUR 29.95\nPrice includes VAT (Germany)\nTax calculation will be finalised at checkout", "We study X."),
    ("We paid\nEUR 30\nper hour.", "We paid EUR 30 per hour."),
    ("We study X.\nBuy eBook USD 89.00\nTax calculation will be finalised during checkout\nInstitutional subscriptions", "We study X."),
    ("We study X.\nRecommended articles\nCited by (12)", "We study X."),
    ("We study X.\nCited by 12 \u00b7 Related articles \u00b7 All 5 versions", "We study X."),
    ("We study X.\nDownload PDF\nAdd to Library\nShare", "We study X."),
    ("Readers who buy chapter books\nlike X.", "Readers who buy chapter books like X."),
    ("We release the code.\nView on GitHub", "We release the code."),
    # papers.cool's title line with badges; a proceedings' name and IJCAI's track line; sections to the end of a block
    ("#1 Sparse Attention for Long Documents [PDF 12] [Copy] [Kimi 5] [REL]\nAuthors: Jane Doe, John Smith\nWe study X.\nSubject: ICML.2025 - Poster", "We study X."),
    ("We study X. [PDF] [Code]\nSubject: ICML.2025 - Poster", "We study X."),
    ("Proceedings of the Thirty-Third International Joint Conference on Artificial Intelligence\nMain Track. Pages 1-9. https://doi.org/10.24963/ijcai.2024/1\nWe study X.", "We study X."),
    ("We study X.\nKeywords\nattention; efficiency; transformers", "We study X."),
    ("We study X.\nLay Summary:\nWe make attention faster.", "We study X."),
    ("We study X.\nDownloads\nPDF\nPublished\n2024-03-24\nHow to Cite\nDoe, J. 2024. X. Proceedings of the AAAI Conference. 38, 5 (Mar. 2024), 1-9.\nIssue\nVol. 38 No. 5\nSection\nAAAI Technical Track on Machine Learning", "We study X."),
    ("We study X for\nKeywords\nand phrases", "We study X for Keywords and phrases"),
    ("We study X.\nKeywords", "We study X."),  # a heading left without its list
    # a CJK label followed by a space only, a label in brackets
    ("\u6458\u8981 \u672c\u6587\u63d0\u51fa\u4e86X\u3002", "\u672c\u6587\u63d0\u51fa\u4e86X\u3002"),
    ("\u6458\u3000\u8981\u3000\u672c\u6587\u63d0\u51fa\u4e86X\u3002", "\u672c\u6587\u63d0\u51fa\u4e86X\u3002"),
    ("\u3010\u6458\u8981\u3011\u672c\u6587\u63d0\u51fa\u4e86X\u3002", "\u672c\u6587\u63d0\u51fa\u4e86X\u3002"),
    ("[Abstract] We study X.", "We study X."),
    ("\u6458\u8981\u672c\u6587\u63d0\u51fa\u4e86X\u3002", "\u6458\u8981\u672c\u6587\u63d0\u51fa\u4e86X\u3002"),
    ("We study X.\nIndex Terms", "We study X."),
    ("We study X.\nKeywords\nSparsity\nConvex relaxation\nGreedy methods", "We study X."),  # a line per keyword
    ("We study X for\nKeywords", "We study X for Keywords"),
    # Semantic Scholar's and Papers with Code's sections and fields after the abstract, link badges in front of it
    ("We study X.\nFigures and Tables from this paper\nTopics\nKey-value Cache (opens in a new tab)\n43 Citations", "We study X."),
    # Semantic Scholar's TLDR after the abstract (on the heading's line or the next), CVF Open Access's "Related Material"
    ("We study X.\nTLDR\nA greedy step recovers supports.", "We study X."),
    ("We study X.\nTL;DR: A greedy step recovers supports.", "We study X."),
    ("We study X.\nRelated Material\n[pdf] [supp] [bibtex]", "We study X."),
    ("We study X.\nRelated Material", "We study X."),
    # the paper's reference in author-year style on a line above or under the abstract; alone, it stays (quality rejects it)
    ("Ye, T., Dong, L., & Wei, F. (2025). Differential Transformer. ICLR.\nWe study X.", "We study X."),
    ("We study X.\nYe, T. et al. (2025). Differential Transformer. In ICLR 2025.", "We study X."),
    ("Ye, T., & Wei, F. (2025). Differential Transformer. ICLR.", "Ye, T., & Wei, F. (2025). Differential Transformer. ICLR."),
    # the paper's BibTeX entry or citation under the abstract, under a page's heading or alone
    ("We study X.\nCite this Paper\nBibTeX\n@inproceedings{doe2025x,\n title={X},\n year={2025}\n}", "We study X."),
    ("We study X.\n@article{doe2025x, title={X}, journal={arXiv preprint arXiv:2501.01234}, year={2025}}", "We study X."),
    ("We study X.\nCitation\nDoe, J., Roe, J. (2025). X. In ICML 2025.", "We study X."),
    ("We study X.\nCitation\ncounts grow in 2025.", "We study X. Citation counts grow in 2025."),
    ("We study X.\nPDF Abstract\nCode\nlab/balance-route official 120\nTasks\nLanguage Modelling", "We study X."),  # Papers with Code's page
    ("We study the TLDR of a paper:\nTLDR summaries are short.", "We study the TLDR of a paper: TLDR summaries are short."),  # no sentence end before it
    ("We study X.\nPapers with Code: https://paperswithcode.com/paper/x\nTasks: Language Modelling\nDatasets: LongBench\nResults from the Paper", "We study X."),
    ("We study X.\n1,204 Citations\n12 Highly Influential Citations", "We study X."),
    ("[PDF] [Code] [Bibtex] We study X.", "We study X."),
    ("[pdf] | [supp] | [arXiv] We study X.", "We study X."),
    ("We study X in three\nTopics\nof interest.", "We study X in three Topics of interest."),
    ("BibTeX\nWe study X and release the\ncode", "We study X and release the code"),
    ("We make three contributions: (a) a model, (b) a loss and\n(c) a new benchmark.", "We make three contributions: (a) a model, (b) a loss and (c) a new benchmark."),
    ("We present our\nposter session.", "We present our poster session."),
    # a superscript or subscript of several terms keeps its grouping in brackets, in LaTeX and in HTML; one term stays bare
    (r"We need $2^{k-1}$ samples, $x_{i,j}$, $h_{t+1}$, $e^{-x^2}$ and $\mathbb{R}^{d \times d}$.", "We need 2^(k-1) samples, x_(i,j), h_(t+1), e^(-x^2) and R^(d × d)."),
    (r"We use $10^{-3}$, $x^{2k}$, $x^{(t)}$, $W^{\top}$ and $\theta_{\text{max}}$.", "We use 10^-3, x^2k, x^(t), W^⊤ and θ_max."),
    ("We need 2<sup>k-1</sup> samples, 10<sup>-3</sup> rates, x<sub>i+1</sub> and H<sub>2</sub>O, by Jane Doe<sup>1,2</sup>.",
     "We need 2^(k-1) samples, 10^-3 rates, x_(i+1) and H_2O, by Jane Doe."),
    # a formula a MathJax scrape repeats side by side (rendering, assistive text, TeX source) is kept once
    (r"regret $\tilde{O}(\sqrt{T})$ Õ(√T) Õ(√T), where $d_e$ d_e de is the dimension", "regret Õ(√(T)), where d_e is the dimension"),
    (r"our framework $S^2$ S^2 S2FGL. Sizes $10^3$ 103 rows", "our framework S^2FGL. Sizes 10^3 rows"),
    ("the d d matrix and x^2 + x^2", "the d d matrix and x^2 + x^2"),
    # ... whose rendering writes MathJax's minus sign (U+2212) where its TeX source has a hyphen-minus
    (r"scaling as $\mathcal{O}(2^{k-1}L)$ O(2k−1L) O(2^{k−1}L) in the graph", "scaling as O(2^(k-1)L) in the graph"),
    (r"at rate $n^{-1/2}$ n−1/2 n^{−1/2}.", "at rate n^(-1/2)."),
    # ... or spaces a relation its rendering does not; a formula of signs between spaced words is one formula, not a run thrice
    (r"for all $x \in \mathcal{X}$ x∈𝒳 x \in X, we show", "for all x ∈ X, we show"),
    (r"error $\epsilon \leq 10^{-3}$ ϵ≤10−3 \epsilon \leq 10^{-3} after", "error ε ≤ 10^-3 after"),
    (r"heads $k=1,\dots,K$ k=1,…,K k=1,\dots,K and $n = 5$ n=5 n = 5 seeds", "heads k=1,...,K and n = 5 seeds"),
    ("a 3 × 3 × 3 × 3 kernel and x^2", "a 3 × 3 × 3 × 3 kernel and x^2"),
    # ... also a formula of several words, three times, and then any run three times in that row
    (r"On CIFAR-10 at $(\epsilon, \delta) = (3, 10^{-5})$ (ε, δ) = (3, 10^-5) (ε, δ) = (3, 10-5), our method gains $0.3$ 0.3 0.3 points.",
     "On CIFAR-10 at (ε, δ) = (3, 10^-5), our method gains 0.3 points."),
    ("Home | About | Contact | Login and x^2 | y", "Home | About | Contact | Login and x^2 | y"),
    # ... a bracketed formula's copies glued together, no space between them: the most TeX-like one stays; two copies written
    # the same, copies inside a word and different brackets side by side stay
    (r"runs in O(nlogn)O(n log n)O(n\log n) communication and O(logn)O(log n) rounds.", "runs in O(n log n) communication and O(log n) rounds."),
    ("costs O(n2)O(n^2)O(n2), over [0,1][0, 1][0,1].", "costs O(n^2), over [0, 1]."),
    ("with f(x)f(x), abcO(n)O(n)O(n), (a)(b)(c) and [1][2][2].", "with f(x)f(x), abcO(n)O(n)O(n), (a)(b)(c) and [1][2][2]."),
    # ... a formula of Greek letters alone, three times or twice; an inline formula's copies between the words it was glued to
    (r"into an $(\epsilon, \delta)$ (ε, δ) (ε, δ) unlearning certificate with $\alpha$ α α steps", "into an (ε, δ) unlearning certificate with α steps"),
    (r"assumptions like P$\neq$ ≠ ≠NP, interpreting", "assumptions like P≠NP, interpreting"),
    ("Greek prose: ο η Ελληνικά κείμενα κείμενα and α β", "Greek prose: ο η Ελληνικά κείμενα κείμενα and α β"),
    # ... and a number three times in any text (no mark says it is math); a matrix's row and twice stay
    (r"we gain $0.5$ 0.5 0.5 points, 10% 10% 10% less", "we gain 0.5 points, 10% less"),
    ("a matrix [1 1 1] and 3 3 apples", "a matrix [1 1 1] and 3 3 apples"),
    # a paper title (Title Case) and an author line above the abstract
    ("Rewiring Graphs with Effective Resistance\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nMaria Kowalska, Wei Li and J. R. Smith\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nMaria Kowalska \u00b7 Wei Li \u00b7 J. R. Smith\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nMaria Kowalska1,2*, Wei Li2 and J. R. Smith\u2020\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nMaria Kowalska1, Wei Li2\n1 University of Warsaw, 2 Example Research Lab\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nMaria Kowalska\u00b9, Wei Li\u00b2\n\u00b9MIT CSAIL \u00b2Stanford University\n" + ABSTRACT, ABSTRACT),
    # affiliations without marks, on lines of their own, and the authors' e-mail addresses; affiliations under an author line
    # with marks that heads the block
    ("Is Attention All You Need?\nMaria Kowalska, Wei Li\nMIT CSAIL\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nMaria Kowalska, Wei Li\nUniversity of Warsaw\nGoogle DeepMind\n{maria, wei}@example.org\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nMaria Kowalska, Wei Li\nmaria@uw.edu.pl, wei.li@example.org\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nBACKGROUND\n" + ABSTRACT, "BACKGROUND " + ABSTRACT),  # a structured abstract's label is no acronym
    ("Maria Kowalska1, Wei Li2, and J. R. Smith1\n1 University of Warsaw, 2 Example Research Lab\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nMaria Kowalska, Wei Li\nLarge Language Models Are Hard\n" + ABSTRACT,
     "Maria Kowalska, Wei Li Large Language Models Are Hard " + ABSTRACT),  # a title-case line with no institution's word stays
    ("Rewiring Graphs\nMaria Kowalska, Wei Li\n3D point clouds are hard for the research community.\n" + ABSTRACT,
     "3D point clouds are hard for the research community. " + ABSTRACT),
    ("Title: Rewiring Graphs\n" + ABSTRACT, ABSTRACT),
    # a conference site's presentation line, affiliations in brackets, a Markdown list's emphasis and blockquote
    ("Is Attention All You Need?\nMaria Kowalska \u00b7 Wei Li\nPoster\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\n[Oral Presentation]\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nMaria Kowalska, Wei Li\nSpotlight Session 3\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nMaria Kowalska (MIT), Wei Li (Google DeepMind)\n" + ABSTRACT, ABSTRACT),
    ("**Is Attention All You Need?**\n*Maria Kowalska, Wei Li*\n> " + ABSTRACT, ABSTRACT),
    ("## [Rewiring Graphs](https://openreview.net/forum?id=x)\n**Authors:** Maria Kowalska, Wei Li\n**TL;DR:** It rewires.\n" + TWICE, TWICE),
    # an awesome-list's entry: a numbered heading, fields as list items (labels in bold), the abstract's label as one too; or
    # the abstract in a blockquote under its bold label, with a quoted keywords field under an empty quoted line
    ("### 1. Rewiring Graphs\n- **Authors**: Maria Kowalska, Wei Li\n- **Venue**: ICML 2025\n- **Links**: [[Paper]](https://arxiv.org/abs/2501.01234) "
     "[[Code]](https://github.com/a/b)\n- **Abstract**: " + TWICE, TWICE),
    ("### 2. Rewiring Graphs\n> **Abstract.** " + TWICE + "\n>\n> *Keywords*: graphs, rewiring", TWICE),
    # a bold title with link badges, the abstract a nested item under it; a folded entry whose summary is the title
    ("- **Rewiring Graphs** [[paper]](https://arxiv.org/abs/2501.01234) [[code]](https://github.com/a/b)\n  - " + TWICE, TWICE),
    ("<details><summary>Rewiring Graphs with Effective Resistance</summary>" + TWICE + "</details>", TWICE),
    ("> " + ABSTRACT + "\n> " + ABSTRACT, ABSTRACT + " " + ABSTRACT),
    ("We reach\n> 90% accuracy on X.", "We reach > 90% accuracy on X."),  # an inequality on a wrapped line
    ("Posters are cheap, we show.\n" + ABSTRACT, "Posters are cheap, we show. " + ABSTRACT),
    # an arXiv listing's entry and an OpenReview note: the venue and metadata fields between the authors and the abstract
    ("[1] arXiv:2501.01234 [pdf, html, other]\nIs Attention All You Need?\nMaria Kowalska, Wei Li\nComments: 12 pages\n"
     "Subjects: Machine Learning (cs.LG)\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nMaria Kowalska, Wei Li\nICML 2025\n" + ABSTRACT, ABSTRACT),
    ("Is Attention All You Need?\nMaria Kowalska, Wei Li\nPublished: 01 May 2025, Last Modified: 15 Jul 2025\nNeurIPS 2024 Spotlight\n"
     "Readers: Everyone\n" + ABSTRACT, ABSTRACT),
    ("Title: rewiring graphs by resistance\nAuthors: Maria Kowalska\n" + ABSTRACT, ABSTRACT),
    # ... or as the first sentence of the abstract's own line, with an author list after it
    ("Rewiring Graphs with Effective Resistance. " + TWICE, TWICE),
    ("Is Attention All You Need? Maria Kowalska, Wei Li. " + TWICE, TWICE),
    ("Is Attention All You Need? Maria Kowalska, Wei Li. ICML 2025. " + TWICE, TWICE),  # and the venue after the authors
    ("[R] Rewiring Graphs with Effective Resistance - " + TWICE, TWICE),  # a Reddit post's flair in front
    ("Rewiring Graphs with Effective Resistance. Maria Kowalska and Wei Li. In Proceedings of ICML, 2025. " + TWICE, TWICE),
    ("Rewiring Graphs with Effective Resistance. Maria Kowalska, Wei Li. arXiv preprint 2024. " + TWICE, TWICE),
    ("GIST: Graph Inverse Style Transfer. Graph Neural Networks (GNNs) for Molecules. " + TWICE, TWICE),
    ("Finally, in LLMs. " + TWICE, "Finally, in LLMs. " + TWICE),  # a comma: a sentence
    ("LLMs Hallucinate. " + TWICE, "LLMs Hallucinate. " + TWICE),  # two words
    ("Graphs in the Wild. We rewire them.", "Graphs in the Wild. We rewire them."),  # nothing of length after it
    ("We Study Graphs. " + TWICE, "We Study Graphs. " + TWICE),  # "We" opens an abstract's sentence, not a title
    ("for Sparse Graph Networks. " + TWICE, "for Sparse Graph Networks. " + TWICE),  # a title starts with a capital
    ("Deep Graph Networks Trained on. " + TWICE, "Deep Graph Networks Trained on. " + TWICE),
    ("Attention is all you need\n" + ABSTRACT, "Attention is all you need " + ABSTRACT),  # sentence case: not told from text
    ("Attention is all you need\n" + ABSTRACT * 2, ABSTRACT * 2),  # ... unless the abstract under it is one paragraph-length line
    ("Pretrained Language Models such as BERT\n" + ABSTRACT, "Pretrained Language Models such as BERT " + ABSTRACT),
    # ... or in any case above a hard-wrapped abstract (wrapping fills its first line), unless it reads as a cut sentence
    ("Rewiring graphs by effective resistance\n" + WRAPPED, ABSTRACT + " " + ABSTRACT),
    ("Title: rewiring graphs\n" + WRAPPED, ABSTRACT + " " + ABSTRACT),
    ("Message passing networks like\n" + WRAPPED, "Message passing networks like " + ABSTRACT + " " + ABSTRACT),
    ("Rewiring graphs\n" + WRAPPED, "Rewiring graphs " + ABSTRACT + " " + ABSTRACT),
    ("Deep Graph Networks Trained on\n" + ABSTRACT, "Deep Graph Networks Trained on " + ABSTRACT),
    ("Graph Neural Networks (GNNs) Rewire Graphs by Effective\nResistance and curvature, and we show it helps.\nMore text follows here.",
     "Graph Neural Networks (GNNs) Rewire Graphs by Effective Resistance and curvature, and we show it helps. More text follows here."),
    ("We study X.\n(Accepted at ICML 2025)", "We study X."),
    ("Our paper, which was\naccepted at ICML 2025.", "Our paper, which was accepted at ICML 2025."),
    ("pdf bib abs\nC-TRPO reduces violations.\nDownload PDF | BibTeX | Supplementary\n", "C-TRPO reduces violations."),
    ("We use track-level features\ntrack-level and comments-based\nread more carefully", "We use track-level features track-level and comments-based read more carefully"),
    ("Comments on the lottery ticket hypothesis: we show", "Comments on the lottery ticket hypothesis: we show"),
    # an ACL Anthology entry's title and author lines next to its link bar
    ("pdf bib abs\nIs Attention All You Need?\nMiryam de Lhoneux, J. R. Smith and Jean-Pierre O'Neil\nWe parse.", "We parse."),
    ("Silver Treebanks for Discourse\nMaria Kowalska | Wei Li\npdf bib abs\nWe parse.", "We parse."),
    ("pdf bib abs\nWe present a method for parsing.\nMaria Kowalska, Wei Li\nrest", "We present a method for parsing. Maria Kowalska, Wei Li rest"),
    ("pdf bib abs\nWe study how models use the context and find that\nTransformers, Mamba and RWKV\nforget", "We study how models use the context and find that Transformers, Mamba and RWKV forget"),
    ("Silver Treebanks for Discourse\nMaria Kowalska, Wei Li\nWe parse.", "Silver Treebanks for Discourse Maria Kowalska, Wei Li We parse."),
    # a BibTeX entry with an abstract field is read as that abstract (review round 2, repro 22)
    ("@inproceedings{z23,\n  title = {Detecting {TTS} Deepfakes},\n  abstract  = {We \\emph{detect} {ZS-TTS} fakes.},\n  year = {2023}\n}", "We detect ZS-TTS fakes."),
    ('@article{k, title="T", abstract = "We show x \\" works.", year=2020}', 'We show x " works.'),
    ("@article{k, title={T}, year={2020}}", "@article{k, title={T}, year={2020}}"),
    # superscripts and subscripts keep their meaning through NFKC (extra.txt, moji.txt)
    ("scales as E ∝ N² and the error decays as 10⁻³ per step", "scales as E ∝ N^2 and the error decays as 10^-3 per step"),
    ("a rate of 10^⁻³ and 10^³", "a rate of 10^-3 and 10^3"),  # one mark before a run, none after a caret already there
    ("⁻³ of the mass", "^-3 of the mass"),  # a run at the text's start is one run too
    ("x² + y² ≤ r² and x₁, CO₂, 10¹²", "x^2 + y^2 ≤ r^2 and x_1, CO_2, 10^12"),
    # a bold Chinese or Japanese title above or before its abstract goes; bold emphasis at its start stays as text
    ("**基于扩散模型的三维场景生成**\n本文提出了一种基于扩散模型的三维场景生成方法，能够从单张图像出发生成几何一致、纹理逼真的完整场景。我们设计了一个多视角一致性约束模块。",
     "本文提出了一种基于扩散模型的三维场景生成方法，能够从单张图像出发生成几何一致、纹理逼真的完整场景。我们设计了一个多视角一致性约束模块。"),
    ("**拡散モデルによる三次元シーン生成**：本論文では、拡散モデルに基づく三次元シーン生成手法を提案する。単一の画像から幾何的に一貫した完全なシーンを生成できる。",
     "本論文では、拡散モデルに基づく三次元シーン生成手法を提案する。単一の画像から幾何的に一貫した完全なシーンを生成できる。"),
    ("**本文提出了一种新方法**，能够从单张图像出发生成几何一致、纹理逼真的完整场景。我们设计了一个多视角一致性约束模块，并进行了实验。",
     "本文提出了一种新方法，能够从单张图像出发生成几何一致、纹理逼真的完整场景。我们设计了一个多视角一致性约束模块，并进行了实验。"),
    # a review copy's margin line numbers go (three or more lines numbered one up); other numbered lines stay
    ("054 Graph transformers struggle on large graphs because\n055 attention scales quadratically with the number of nodes. We\n"
     "056 introduce a sparse attention scheme.", "Graph transformers struggle on large graphs because attention scales quadratically "
     "with the number of nodes. We introduce a sparse attention scheme."),
    ("We count\n100 cats\n102 dogs\n103 birds.", "We count 100 cats 102 dogs 103 birds."),
    # ... also at the lines' ends (a two-column page's right margin)
    ("Graph transformers struggle on large graphs because 054\nattention scales quadratically with the number of nodes. We 055\r\n"
     "introduce a sparse attention scheme that is fast. 056", "Graph transformers struggle on large graphs because attention scales "
     "quadratically with the number of nodes. We introduce a sparse attention scheme that is fast."),
    ("We count 100\ncats 101\ndogs 103.", "We count 100 cats 101 dogs 103."),
    ("We count\n100 cats\n101 dogs.", "We count 100 cats 101 dogs."),
    # HTML's and LaTeX's superscripts and subscripts are written alike (they read "10^3" as "103")
    ("with 10<sup>3</sup> items, 1<sup>st</sup> place, H<sub>2</sub>O and 5 cm<sup>-1</sup>.", "with 10^3 items, 1st place, H_2O and 5 cm^-1."),
    (r"with 10\textsuperscript{3} items, the 1\textsuperscript{st} place and CO\textsubscript{2}.", "with 10^3 items, the 1st place and CO_2."),
    # a footnote mark set as a superscript number after a word or punctuation goes, however the page wrote it (a PDF copy's)
    ("We revisit naïve Bayes² classifiers on twelve benchmarks¹,². Masked tokens.³ We win.", "We revisit naïve Bayes classifiers on twelve benchmarks. Masked tokens. We win."),
    ("We revisit naïve Bayes<sup>2</sup> classifiers on twelve benchmarks<sup>1</sup>.", "We revisit naïve Bayes classifiers on twelve benchmarks."),
    (r"We revisit na\"ive Bayes$^{2}$ classifiers on twelve benchmarks\textsuperscript{1}.", "We revisit naïve Bayes classifiers on twelve benchmarks."),
    # ... and a footnote's number after a sentence's end that lost its superscript in a PDF's text; not after an abbreviation
    # a number follows, a number's decimals or before a lower-case word
    ("We merge tokens across frames.1 We cut FLOPs. It works well.1,2 Code is available.", "We merge tokens across frames. We cut FLOPs. It works well. Code is available."),
    ("As shown in Fig.1 The model, Eq.2 We derive, it reaches 85.1 We stop and done.12 the rest.", "As shown in Fig.1 The model, Eq.2 We derive, it reaches 85.1 We stop and done.12 the rest."),
    # powers stay: of a letter, a number, a bracket, a unit of two letters, a function or Greek letter spelled out
    ("x² in O(n²), 10³ cm² and m/s², 10⁻³, Ca²⁺, log² n, sigma^2 noise and chi².", "x^2 in O(n^2), 10^3 cm^2 and m/s^2, 10^-3, Ca^2+, log^2 n, sigma^2 noise and chi^2."),
    ("sizes from 10\u00c2\u00b3 to 10^6 rows", "sizes from 10^3 to 10^6 rows"),
    ("the \\emph{\u00c3}\u00a9cole and \u00c3$\u00a9t\u00c3\u00a9", "the \u00e9cole and \u00e9t\u00e9"),  # markup inside mojibake: repaired once it is gone (hypothesis)
    ('ew\\"$x^2$', 'ew"x^2'),  # an escaped quote, not an accent on a formula (which composed as "e\u1e85x^2"; hypothesis)
    # LaTeX accents on their own, in a row without other markup (review repro 03)
    (r"the Fr\'echet Inception Distance and the Fr\'{e}chet distance of L\'evy processes", "the Fréchet Inception Distance and the Fréchet distance of Lévy processes"),
    (r"We study Poincar{\'e} embeddings; Espa\~na, {\"O}sterreich", "We study Poincaré embeddings; España, Österreich"),
    (r"Erd\H{o}s--R\'enyi, Gr\"obner, Mili\'cevi\'c, \'{E}cole, $x$", "Erdős–Rényi, Gröbner, Milićević, École, x"),
    # escaped quotes are not accents
    (r"a model\'s output, don\'t and \"best\" l\'analyse", "a model's output, don't and \"best\" l'analyse"),
    # a starred superscript is no emphasis (review repro 04)
    (r"Let $x^*$ denote and $\theta^{*}$ the optimum, $p^*=0.5$", "Let x^* denote and θ^* the optimum, p^*=0.5"),
    (r"a $Q^*$-learning and $A^*$ search, *really*", "a Q^*-learning and A^* search, really"),
    # citations, references and footnotes leave no empty parentheses (review repro 05)
    (
        r"We define it (see Section~\ref{sec:method} and Eq.~\eqref{eq:loss}).\footnote{Equal contribution.} On a",
        "We define it. On a",
    ),
    (r"as in Eq.~(\ref{eq:1}), prior work (e.g., \cite{a}; \citep{b}) and f() stays", "as in the equation, prior work and f() stays"),
    # a reference noun whose label was dropped is named or goes with its preposition (task: reference leftovers)
    (r"As shown in Section~\ref{s}, it is fast. Table~\ref{t} shows that; as Figs.~\ref{a}--\ref{b} show", "As shown, it is fast. The table shows that; as the figures show"),
    (r"For details, see Appendix~\ref{a}. We prove Theorem~\ref{t} (Theorem~\ref{t}) from Lemma~\ref{l}, in Tables~\ref{a} and~\ref{b}.", "For details, see the appendix. We prove the theorem from the lemma, in the tables."),
    ("As shown in Section , it is fast (see Section  and Eq. ). Table  shows x; (see Section and Eq.)", "As shown, it is fast. The table shows x;"),
    ("Table  2 shows x and Table 3 (Figure 3) too. In this Section, we use a table (see Fig. 2).", "Table 2 shows x and Table 3 (Figure 3) too. In this Section, we use a table (see Fig. 2)."),
    # norms and math words (review repro 17)
    (r"with $\|w\|_2^2$ in $\mathcal{O}(n\log n)$ time and $(\log n)$", "with ‖w‖_2^2 in O(n log n) time and (log n)"),
    # a lossy closing quote in text encoded twice (review repro 18)
    (
        "transformers \u00c3\u00a2\u00e2\u201a\u00ac\u00e2\u20ac\ufffd the model\u00c3\u00a2\u00e2\u201a\u00ac\u00e2\u201e\u00a2s "
        "\u00c3\u00a2\u00e2\u201a\u00ac\u00c5\u201cclean\u00c3\u00a2\u00e2\u201a\u00ac\u00ef\u00bf\u00bd accuracy, CIFAR\u00c3\u00a2\u00e2\u201a\u00ac\u00ef\u00bf\u00bd10",
        'transformers — the model\'s "clean" accuracy, CIFAR-10',
    ),
    # a zero-width space where a page had the space after a sentence or a comma is a space; elsewhere it goes
    ("Tokens collapse.\u200b\u200bWe propose a router,\u200bwhich helps (see example.\u200bcom, Trans\u200bformer)", "Tokens collapse. We propose a router, which helps (see example.com, Transformer)"),
    ("می\u200cخواهیم", "می\u200cخواهیم"),  # a Persian word keeps its non-joiner (and it is no space)
    ("क्\u200dष and \u0936\u094d\u200c\u0930", "क्\u200dष and \u0936\u094d\u200c\u0930"),  # Devanagari keeps its joiners
    ("Trans\u200cformer \u200dmodel\u200c and \u0645\u200c x", "Transformer model and \u0645 x"),  # elsewhere they go
    # escapes a JSON or CSV export left: "\n" before a capital is a line break, "\uXXXX" a character; LaTeX commands stay
    (r"the design matrix.\nExperiments on real data", "the design matrix. Experiments on real data"),
    (r"data.\\nWe release it (models\u2019 code, \ud83d\ude00)", "data. We release it (models' code, \U0001f600)"),
    (r"a Python repr's escapes: data.\nWe release it \U0001f600 and \U0001F600, \U00010348", "a Python repr's escapes: data. We release it \U0001f600 and \U0001f600, \U00010348"),
    (r"show that\n\nWe prove it.\r\nthen\nexperiments agree, with $\nabla f \neq 0$ and $\nu$", "show that We prove it. then experiments agree, with ∇ f ≠ 0 and ν"),
    (r"Code: https:\/\/github.com\/a\/b", "Code: https://github.com/a/b"),
    (r"with $a \ne b$ and $\neg p$", "with a ≠ b and ¬ p"),  # symbols pylatexenc has no text for
    # a linked title in front of its abstract, as paper lists write an entry; a one-word link or no separator stays
    ("- [Sparse Recovery from Noisy Data](https://arxiv.org/abs/2401.11111) - " + ABSTRACT + " " + ABSTRACT, TWICE),
    ("[Sparse Recovery](https://x.org/a): " + TWICE, TWICE),
    ("[Code](https://x.org/a) - " + TWICE, "Code (https://x.org/a) - " + TWICE),
    ("[Sparse Recovery](https://x.org/a) " + TWICE, "Sparse Recovery (https://x.org/a) " + TWICE),
    # an awesome-list's entry: emoji shortcodes, a bold linked title and its repository's badges in front of the abstract
    ("- :fire: **[Sparse Recovery from Noisy Data](https://arxiv.org/abs/2401.11111)** ![GitHub stars](https://img.shields.io/github/stars/a/b) " + TWICE, TWICE),
    ("**[Sparse Recovery](https://x.org/a)**: " + TWICE + " :white_check_mark:", TWICE),
    ("We use :+1: votes (:tada:), a 1:2:3 ratio, :unknown_name: and https://x.org/a:fire:b.", "We use \U0001f44d votes (\U0001f389), a 1:2:3 ratio,:unknown_name: and https://x.org/a:fire:b."),
    ("See ![build](https://github.com/a/b/actions/workflows/ci.yml/badge.svg) and ![figure](https://x.org/f.png).", "See and figure."),
    # a digest post's lines labelled by emoji (two or more); one emoji in front of the text is the text's
    ("\U0001f4c4 Title: Sparse Recovery\n\U0001f465 Authors: Jane Doe, John Roe\n\U0001f517 Paper: https://arxiv.org/abs/2401.01234\n\U0001f4dd Abstract: " + TWICE, TWICE),
    ("\U0001f525 Sparse Recovery from Noisy Data\n\U0001f468\u200d\U0001f4bb Jane Doe, John Roe\n" + TWICE, TWICE),
    # an arXiv id in parentheses and IEEE Xplore's publisher field after the last sentence, on its line
    (TWICE + " (arXiv:2401.01234v2 [cs.LG])", TWICE),
    (TWICE + " Publisher: IEEE", TWICE),
    # a Chinese post's fields labelled in lenticular brackets; a venue's tag in them is no label
    ("\u3010\u8bba\u6587\u6807\u9898\u3011Sparse Recovery\n\u3010\u4f5c\u8005\u3011Jane Doe\n\u3010\u6458\u8981\u3011" + TWICE, TWICE),
    ("\u3010ICML 2025\u3011" + TWICE, TWICE),
    # underlined headings: a title, an abstract label; a rule line at the end stays text
    ("Sparse Recovery from Noisy Data\n===============================\n" + TWICE, TWICE),
    ("Sparse Recovery\n===============\nAbstract\n--------\n" + TWICE, TWICE),
    (TWICE + "\n---", TWICE + " ---"),
    # the paper's link alone on the block's first line, or under its title
    ("https://arxiv.org/abs/2401.01234\n" + TWICE, TWICE),
    ("Sparse Recovery from Noisy Data\nhttps://arxiv.org/abs/2401.01234\n" + TWICE, TWICE),
    ("We study this:\nhttps://arxiv.org/abs/2401.01234\n" + TWICE, "We study this: https://arxiv.org/abs/2401.01234 " + TWICE),
    # labelled links on one line above or below the abstract; arXiv's abstract page's access links under it
    ("Paper: https://arxiv.org/abs/2401.01234 | Code: https://github.com/a/b\n" + TWICE, TWICE),
    (TWICE + "\nPaper: https://arxiv.org/abs/2401.01234 \u00b7 Project page: https://a.github.io/x", TWICE),
    (TWICE + "\nAccess Paper:\nView PDF\nHTML (experimental)\nTeX Source\nOther Formats\nview license", TWICE),
    # a Markdown link alone on the title line (a list entry's, a heading's): the title line goes, address and all
    ("- [Sparse Recovery from Noisy Data](https://arxiv.org/abs/2401.01234)\n" + TWICE, TWICE),
    ("[Sparse Recovery](https://x.org/a)\n" + TWICE, TWICE),
    ("### [Sparse Recovery](https://x.org/a)\n" + TWICE, TWICE),
    # an awesome-list's entry with nested items: the linked title, the authors, the abstract
    ("- [Sparse Recovery from Noisy Data](https://x.org/a) :star:\n  - *Jane Doe, John Roe*\n  - " + TWICE, TWICE),
    ("- **Sparse Recovery from Noisy Data**\n  * Jane Doe, John Roe\n  * " + TWICE, TWICE),
    ("We study three cases:\n  - " + ABSTRACT + "\n  - " + ABSTRACT, "We study three cases: " + TWICE),
    # Markdown's strikethrough and footnotes: the struck text stays, a footnote's mark and note go; a character class stays
    ("We ~~do not~~ use Fig.~3 and~~(2020)~~ data.", "We do not use Fig. 3 and(2020) data."),
    ("A method[^1] for graphs[^note-2] and [^0-9] digits.\n[^1]: Code at https://x.org.\n[^note-2]: Later.", "A method for graphs and [^0-9] digits."),
]


@pytest.fixture(scope="module")
def normalized_examples() -> dict[str, str]:
    """Every example normalized in one frame, as the pipeline normalizes a batch (one call per example took ~0.1 s each)."""
    raws = [raw for raw, _ in EXAMPLES]
    return dict(zip(raws, norm(*raws), strict=True))


@pytest.mark.parametrize(("raw", "clean"), EXAMPLES)
def test_normalize_examples(raw: str, clean: str, normalized_examples: dict[str, str]) -> None:
    assert normalized_examples[raw] == clean


OPERANDS = st.sampled_from(["x", "n", "k", "T", "10^-3", "2^k", "d_e", "5", "0.1", "N-1"])
RELATIONS = st.sampled_from(["=", "≤", "≥", "∈", "<", "≈", "≠"])


@given(st.lists(st.tuples(RELATIONS, OPERANDS), min_size=1, max_size=2), OPERANDS, st.lists(st.booleans(), min_size=3, max_size=3))
def test_a_formula_its_rendering_writes_unspaced_and_with_its_minus_sign_is_kept_once(
    relations: list[tuple[str, str]], first: str, spaced: list[bool]
) -> None:
    """A MathJax scrape's three copies of one formula, each spaced around its signs as TeX text (``x ≤ 10^-3``) or
    unspaced with the minus sign (U+2212) as its rendering (``x≤10^−3``), become the first copy, before the comma."""
    parts = [first, *(part for pair in relations for part in pair)]
    copies = [" ".join(parts) if spaced_copy else "".join(parts).replace("-", "\u2212") for spaced_copy in spaced]
    text = f"We bound the error {' '.join(copies)}, as shown."
    assert normalize.collapse_repeated_math(text) == f"We bound the error {copies[0]}, as shown."


BRACKETED = st.sampled_from(["O(n log n)", "O(n^2)", "Õ(√T)", "[0, 1]", "f(x_t)", "O(2^k−1)", "(ε, δ)", "R^(d × d)"])


@given(BRACKETED, st.lists(st.sampled_from(["", " "]), min_size=1, max_size=2).filter(lambda gaps: "" in gaps))
def test_a_bracketed_formula_glued_to_its_copies_is_kept_once(formula: str, gaps: list[str]) -> None:
    """A MathJax scrape's two or three copies of a bracketed formula, its rendering unspaced (``O(nlogn)``, ``O(n2)``) and
    the others spaced, with at least one gap between copies empty, become the spaced copy (two copies alike stay)."""
    rendered = formula.replace(" ", "").replace("^", "").replace("_", "")
    copies = [rendered, formula, rendered][: len(gaps) + 1]
    glued = "".join(copy + gap for copy, gap in zip(copies, [*gaps, ""]))
    expected = glued.strip() if rendered == formula and len(copies) == 2 else formula  # two copies written the same stay
    assert normalize.collapse_glued_copies(f"We bound it by {glued}, as shown.") == f"We bound it by {expected}, as shown."


@pytest.mark.parametrize(
    "clean", ["café", "für", "naïve", "Ærø", "Ça va — très bien", "déjà vu", "São Paulo", "l’été", "Émile Zola", "α ≤ β", "x ∈ ℝ", "Привет, мир", "Ελληνικά"]
)
def test_accented_text_does_not_look_like_mojibake(clean: str) -> None:
    assert not pl.Series([clean]).str.contains(MOJIBAKE)[0]


@pytest.mark.parametrize("code_page", ["cp1252", "latin-1", "mac_roman", "cp1251", "cp437", "cp1250"])
def test_utf8_read_in_another_code_page_looks_like_mojibake(code_page: str) -> None:
    clean = "the model’s “robustness” — café, naïve"
    assert pl.Series([clean.encode("utf-8").decode(code_page, errors="replace")]).str.contains(MOJIBAKE)[0]


COMMON_CHINESE = "我们提出了一种新的图神经网络架构它基于子图并保持二次计算成本在五个基准上方法比现有平均提高三百分点模型数据训练学习语言大型任务推理能力"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*COMMON_CHINESE, "，", "。", "、", "（", "）", "GNN", "3", " "]), min_size=8, max_size=80))
@example(pieces=["我", "我", "，", "GNN", "我", "GNN", "我", "3"])  # a short text whose last character lost a byte
def test_chinese_text_read_as_gbk_is_read_back_and_chinese_text_is_left_alone(pieces: list[str]) -> None:
    """Chinese text's GBK bytes are seldom valid UTF-8, so it stays as it is; read as GBK (a lost byte a U+FFFD, as
    decoders do), it is read back: characters of the text in order, at most two lost per lost byte (unless it lost so many
    bytes that it does not read as UTF-8). The bytes of a character a lost byte cut count as read (they cannot make
    UTF-8): a short text that lost one byte fell under the share. (Mostly Latin text is read run by run, below.)"""
    text = "".join(pieces)
    assert normalize.repair_gbk_mojibake(text) == text
    misread = text.encode("utf-8").decode("gbk", errors="replace")
    if not re.search(normalize.GBK_MOJIBAKE, misread) or not normalize._is_cjk_text(misread):
        return
    repaired = normalize.repair_gbk_mojibake(misread)
    assert repaired != misread or misread.count("\ufffd") > 0.1 * len(text)  # a text that lost many bytes may stay as it is
    if repaired != misread:
        kept = repaired.replace("\ufffd", "")
        assert _is_subsequence(kept, text)
        assert len(text) - len(kept) <= 2 * misread.count("\ufffd") + 1


def _is_subsequence(part: str, whole: str) -> bool:
    chars = iter(whole)
    return all(c in chars for c in part)


def _classes_read_alike() -> st.SearchStrategy[str]:
    """Characters that Rust's regex and Python's ``re`` both put in ``\\w`` and ``\\s``, or both leave out (they differ on
    combining marks, fractions, circled letters, connector punctuation, joiners and a few control characters)."""
    chars = pl.Series([chr(c) for c in range(0x20000) if not 0xD800 <= c <= 0xDFFF])
    rust = (chars.str.contains(r"^\w$").to_list(), chars.str.contains(r"^\s$").to_list())
    differ = [c for c, w, sp in zip(chars, *rust, strict=True) if w != bool(re.match(r"\w", c)) or sp != bool(re.match(r"\s", c))]
    return st.one_of(
        st.characters(codec="utf-8", max_codepoint=0x1FFFF, exclude_characters=differ),
        st.characters(min_codepoint=0x80, max_codepoint=0x24F, exclude_characters=differ),  # Latin-1 and Latin Extended, more often
    )


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.deferred(_classes_read_alike), max_size=12))
def test_the_mojibake_pattern_matches_where_ftfy_sees_mojibake(text: str) -> None:
    """The pattern is ftfy's (``ftfy.badness.BADNESS_RE``) without its verbose syntax, read by polars' regex engine."""
    from ftfy.badness import BADNESS_RE

    assert pl.Series([text]).str.contains(MOJIBAKE)[0] == bool(BADNESS_RE.search(text))


RESIDUE = re.compile(r"\\[A-Za-z]+|\$(?!\d)|\*\*|&(?:amp|lt|gt|quot|#\d+);|[\u200b\u2060\ufeff]|(?<![\u0600-\u08ff\u0900-\u0dff])[\u200c\u200d]|[\u200c\u200d](?![\u0600-\u08ff\u0900-\u0dff])")

MARKUP = st.sampled_from(
    [r"\emph{", "}", "$", "$x^2$", "**", "*", "`", "[a](http://b.c)", "&amp;", "&#39;", "\u200b", "\n", "-\n", "- ", "<i>", "</i>", r"\%", r"\_", "  ", "\t", "é", "â€™", "Ã©", "ﬁ", "“", "（", "%", "~", "\\", "{", "_", "#", "²", "⁻³", "₁", "^", "<br>", "<p>", '<a href="u">', "</a>", "--", "---", ".~", r"\le ", "x~", "\\'", '\\"', r"\~", r"{\'e}", r"\|", r"\log ", r"\ref{a}", r"\footnote{", "(", ")", "^*", "Ã¢â‚¬ï¿½", "Table", "Section~", "Eq.", " in ", "(see ", " and ", " ,", r"\n", r"\nabla", r"\u00e9", r"\ud83d\ude00", r"\t", "N", "E", ":fire:", " :tada: ", "~~", "[^1]", "![b](https://img.shields.io/b)"]
)
TEXT = st.lists(st.one_of(MARKUP, st.text(alphabet=st.characters(categories=("L", "N", "P", "S", "Zs")), max_size=12)), max_size=25).map("".join)


# The properties below draw a batch of cases per example and normalize it in one call, as the pipeline does: many more
# cases for the time than one normalization per example (hypothesis still shrinks a failing batch to its failing case).
BATCH = {"min_size": 1, "max_size": 40}


@settings(max_examples=20, deadline=None)
@given(st.lists(TEXT, **BATCH))
@example(["Table\u951f\u65a4\u62f7AAAA\u0132\u3041\u3041AAAAAAAA\u3041"])  # GBK mojibake at the CJK share, which "\u0132" -> "IJ" moved
@example(["\\emph{:fire:", "\t\u207b\u00b3"])  # a shortcode a dropped command leaves; a superscript run at the start
@example([".~#A"])  # a hashtag after a LaTeX tie: the tie became a space after the tags were looked for
def test_normalize_is_idempotent_and_leaves_no_residue(raws: list[str]) -> None:
    once = norm(*raws)
    assert norm(*once) == once
    assert [text for text in once if RESIDUE.search(text)] == []


# Lines of text as a JSON export writes them: starting with a capital or a digit, without a backslash (LaTeX's) or a quote
ESCAPED_LINES = st.lists(
    st.tuples(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ÉΩ"), st.text(alphabet=st.characters(categories=("L", "N", "P", "S", "Zs"), exclude_characters='\\"'), max_size=40)).map("".join),
    min_size=1,
    max_size=5,
).map("\n".join)


@settings(max_examples=20, deadline=None)
@given(st.lists(ESCAPED_LINES, **BATCH))
def test_a_json_escaped_block_normalizes_as_the_block_itself(texts: list[str]) -> None:
    assert norm(*(json.dumps(text)[1:-1] for text in texts)) == norm(*texts)


# Lines of words, some in quotes, some contractions, escaped as a JSON export or a database dump (PHP's addslashes) writes
# them ("\\"optimal\\" policies", "model\\'s"), after a LaTeX umlaut
_WORD = st.text(alphabet=st.characters(categories=("L", "N"), max_codepoint=0x7F), min_size=1, max_size=8)
_PUNCTUATION = st.sampled_from(["", ",", ".", ";", ":", "!", "?", ")"])
QUOTED_WORDS = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(['"', "'"]), _WORD, _PUNCTUATION).map(lambda t: t[0] + t[1] + t[0] + t[2]),
        st.tuples(_WORD, st.sampled_from(["", "'s", "'t", "'ll", "'re"]), _PUNCTUATION).map("".join),
    ),
    min_size=1,
    max_size=12,
).map(" ".join)


def _addslashes(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("'", "\\'")


@settings(max_examples=20, deadline=None)
@given(st.lists(QUOTED_WORDS, **BATCH), st.sampled_from([_addslashes, lambda line: json.dumps(line)[1:-1]]))
@example(['"optimal" policies'], _addslashes)  # pylatexenc read the quotes as umlauts: "öptimalp̈olicies"
@example(["model's 'best' results"], _addslashes)  # and the apostrophes as acute accents: "modelś b́estŕesults"
def test_escaped_quotes_after_a_latex_accent_are_quotes(lines: list[str], escape: Callable[[str], str]) -> None:
    assert norm(*("G\\\"odel wrote " + escape(line) for line in lines)) == norm(*("Gödel wrote " + line for line in lines))


SIMPLE_LATEX = st.lists(
    st.one_of(
        st.sampled_from([r"\emph{", r"\textbf{", r"\texttt{", "}", "$", r"\%", r"\_", r"\#", "-", "--", "---", "''", "'", "``", "`", "~", "&", "^", "_", " ", "{", r"\alpha", "?", "!"]),
        st.text(alphabet=st.characters(categories=("L", "N", "P", "Zs")), max_size=10),
    ),
    max_size=20,
).map("".join)


@settings(max_examples=1000, deadline=None)
@given(SIMPLE_LATEX)
def test_vectorized_latex_fast_path_writes_what_pylatexenc_writes(raw: str) -> None:
    fast = pl.DataFrame({"t": [raw]}).select(simple_latex(pl.col("t")))["t"][0]
    before = latex_to_text(raw) if re.search(LATEX, raw) else raw
    after = latex_to_text(fast) if re.search(LATEX, fast) else fast
    assert after == before


def test_latex_that_names_the_day_reads_the_same_on_any_day() -> None:
    """A scraped LaTeX preamble's ``\\maketitle`` read as "[NO GIVEN] [NO GIVEN] December 6, 2026": pylatexenc writes the
    day it runs for ``\\today``, so the same block gave another text on another day."""
    preamble = "\\documentclass{article}\n\\date{\\today}\n\\begin{document}\n\\maketitle\nCompiled on \\today{}."
    assert norm(preamble) == ["Compiled on."]


def test_an_oversized_block_only_has_its_whitespace_runs_made_one_space_and_the_others_keep_their_place() -> None:
    from transforms.normalize import OVERSIZED_CHARS, normalize_column

    huge = r"We propose \textbf{FastNet}  with $O(n)$ cost." + "\n" + "x " * OVERSIZED_CHARS
    frame = pl.DataFrame({"text_raw": [r"\emph{x} and $S^2$", huge, None, "plain  text"], "n": [1, 2, 3, 4]})
    out = normalize_column(frame)
    assert out.columns == ["text_raw", "n", "text"] and out["n"].to_list() == [1, 2, 3, 4]
    assert out["text"].to_list() == [*norm(r"\emph{x} and $S^2$"), " ".join(huge.split()), None, "plain text"]


CHROME_LINES = st.sampled_from(
    ["Show more", "Upvote 42", "Upvote 42 \u00b7 3 comments", "Save Twitter LinkedIn Facebook", "Submitted by akhaliq", "Comments: 12 pages, 5 figures", "Subjects: Machine Learning (cs.LG)", "Keywords: a, b",
     "TL;DR: We do it.", "pdf bib abs", "Download PDF | BibTeX", "★ 1,234 · Tasks: QA", "arXiv:2401.01234 [pdf, other] cs.CL", "[3] arXiv:2401.01234v2 (cross-list from cs.CV) [pdf]", "Index Terms—x, y",
     "Cited by 1,204", "(Accepted at ICML 2025)", "To appear in NeurIPS 2024.", "Citations: 12  References: 40",
     "Cited by 123 Related articles All 5 versions", "Paper | Code | Data", "abs pdf software openreview", "\u25b3 Less", "Expand",
     "Submitted 3 January, 2024; originally announced January 2024.", "TLDR This paper proposes X.", "Anthology ID: 2024.acl-long.12",
     "Pages: 100\u2013112", "Published: 01 Jan 2024, Last Modified: 05 Feb 2024", "ICLR 2024 poster", "Oral", "Readers: Everyone",
     "\u00a9 2024 Elsevier B.V. All rights reserved.", "PMID: 38123456", "Competing Interest Statement", "Access through your institution",
     "Date Added to IEEE Xplore: 16 September 2024", "Access this chapter", "[Submitted on 3 Jan 2024 (v1)]", "Total Downloads 345", "Back to top",
     "Proceedings of the AAAI Conference on Artificial Intelligence, 38(5), 1234-1242.", "43 Citations", "Tasks: Image Classification",
     "Results from the Paper", "Figures and Tables from this paper", "Full text links", "Similar articles", "Buy chapter",
     "Tax calculation will be finalised at checkout", "Recommended articles", "Cited by (12)", "Add to Library",
     "Cite as: arXiv:2501.00001 [cs.CV]", "(or arXiv:2501.00001v2 [cs.CV] for this version)", "https://doi.org/10.48550/arXiv.2501.00001",
     "Submission history", "From: Jane Doe [view email]", "[v1] Mon, 13 Jan 2025 18:00:01 UTC (1,234 KB)", "Citations (12)",
     "Show full abstract", "View PDF HTML (experimental)", "TeX Source Other Formats", "Source: arXiv", "**Keywords:** a, b", "**TL;DR**: We do it.",
     "References (45)", "Figures and Tables", "[abs][Download PDF][OpenReview]", "(Submitted 7 Oct 2024)", "Speakers: Jane Doe",
     "bioRxiv preprint doi: https://doi.org/10.1101/2024.01.01.123456", "[Full text available at arXiv]", "You have full access to this open access article",
     "This is an open access article under the CC BY license (http://creativecommons.org/licenses/by/4.0/).", "\U0001f44d 12 \U0001f4ac 3", "\u2b50\ufe0f 1.2k", "Categories: cs.LG cs.AI",
     "Submitted on 3 Jan 2025", "Submitted on Jan 3, 2025", "MSC: 68T05", "MSC2020: 68T07", "PACS: 89.20.Ff", "Article ID: 123456",
     "Corpus ID: 267751234", "First Online: 12 March 2025", "pp 123\u2013135", "pp. 12-19", "作者：Jane Doe", "论文地址：https://arxiv.org/abs/2501.01234",
     "View arXiv page", "GitHub 124", "Community", "Edit social preview", "3 Mar 2025 \u00b7 Jane Doe, John Roe \u00b7", "PDF Available",
     "Content uploaded by Jane Doe", "This article is a preprint and has not been certified by peer review.", "Paper: https://arxiv.org/abs/2501.01234",
     "Code: https://github.com/a/b", "Read more \u2192", "Chat is not available.", "42 comments share save", "Posted by u/someone 3 days ago",
     "\U0001f4c4 Paper: https://arxiv.org/abs/2503.04321", "12:03 PM \u00b7 Mar 5, 2025 \u00b7 45.2K Views", "23 Reposts 5 Quotes 310 Likes",
     "Our thread on sparse attention \U0001f9f5", "View on arXiv", "Create Alert", "Save to Library", "Previous article in issue",
     "This is a preview of subscription content, log in via an institution to check access.", "[Skip to main content](#main)",
     "[Back to top](#top)", "\u53d1\u5e03\u4e8e 2025-03-05 10:12\u30fbIP \u5c5e\u5730\u5317\u4eac", "\u8d5e\u540c 123", "\u6dfb\u52a0\u8bc4\u8bba",
     "2d \u2022 Edited", "0:00 Intro", "#MachineLearning #AI", "URL Source: https://arxiv.org/abs/2501.01234", "Markdown Content:",
     "Posted on March 3, 2025 by admin", "Posted by Jane Doe | Mar 3, 2025 | Research | 0 comments", "Published on Mar 3 \u00b7 Submitted by akhaliq on Mar 4",
     "Written by Jane Doe on 2025-03-03", "Posted by admin \u00b7 No comments", "Share this: Twitter Facebook LinkedIn", "Share on: X | Reddit | Email",
     "\u8d5e\u540c 128 \u00b7 \u8bc4\u8bba 12", "12 \u6761\u8bc4\u8bba \u5206\u4eab \u6536\u85cf",
     "Part of Advances in Neural Information Processing Systems 37 (NeurIPS 2024) Main Conference Track",
     "Bibtex Paper Reviews And Public Comment \u00bb Supplemental", "Authors",
     "\u539f\u521b \u673a\u5668\u4e4b\u5fc3 2025-03-03 12:00 \u5317\u4eac", "\u7248\u6743\u58f0\u660e\uff1a\u672c\u6587\u4e3a\u535a\u4e3b\u539f\u521b\u6587\u7ae0\uff0c\u8f6c\u8f7d\u8bf7\u9644\u4e0a\u539f\u6587\u51fa\u5904\u94fe\u63a5\u3002",
     "\u6587\u7ae0\u6d4f\u89c8\u9605\u8bfb1.2k\u6b21\uff0c\u70b9\u8d5e23\u6b21\uff0c\u6536\u85cf45\u6b21\u3002",
     "いいね 12", "ストック 3", "공감 12 댓글 3", "구독하기", "この記事が気に入ったらサポートをしてみませんか？",
     "Document type : Conference papers", "Domain : Computer Science [cs]/Machine Learning [cs.LG]", "HAL Id : hal-04123456",
     "\u57fa\u91d1\u8d44\u52a9\uff1a\u56fd\u5bb6\u81ea\u7136\u79d1\u5b66\u57fa\u91d1", "\u0423\u0414\u041a: 004.8", "Palabras clave: a, b", "report",
     "\u88ab\u5f15\u7528\u6587\u732e (3)", "Preprint. Under review.", "Under review as a conference paper at ICLR 2025",
     "Sec. Machine Learning and Artificial Intelligence", "* Author to whom correspondence should be addressed.",
     "Algorithms 2025, 18(3), 123; https://doi.org/10.3390/a18030123", "Show affiliations", "View blog", "Bookmark",
     "Listen", "Follow", "5 min read", "Medium \u00b7 5 min read \u00b7 Oct 9, 2024", "Oct 9, 2024", "9 October 2024", "[PDF] Semantic Reader", "\u70b9\u51fb\u9605\u8bfb\u539f\u6587"]
)
# (label, what follows it): a heading ends its line, a bold or field label may start the text's line
LABELS = st.one_of(
    st.tuples(st.sampled_from(["Abstract", "## Abstract", "<h3>Abstract</h3>", r"\section*{Abstract}", "摘要"]), st.just("\n")),
    st.tuples(st.sampled_from(["**Abstract**", "<b>Abstract</b>", "ABSTRACT:", "Abstract:"]), st.sampled_from(["\n", " "])),
)
HEAD_LINES = st.lists(st.sampled_from(["Is Attention All You Need?", "Maria Kowalska, Wei Li and J. R. Smith", "Keywords: a, b", "TL;DR: We do it."]), max_size=5)



# Markup a drawn line may hold, taken out to see whether a letter of its own is left ("_<br>\\emph{<i>", "}<br>²" have none).
_MARKUP_TOKENS = re.compile(r"\\[A-Za-z]+|<[^<>]*>|&#?\w+;|\(?https?://[^\s)]*\)?|" + normalize._SHORTCODE_RE.pattern)  # a shortcode is an emoji


def _is_abstract_line(line: str) -> bool:
    """True for one line of text the rules keep, also once its JSON escapes are read: "\\ud83d\\ude00" is a pictograph (chrome),
    "\\t" a tab (nothing), "\\n" a line break. A line with no letter or digit outside its markup, or only a list entry's
    number ("0", "[2]"), is no abstract either: the rules may read it as what stands next to it."""
    unescaped = normalize.literal_escapes(line).strip()
    if unescaped == "" or "\n" in unescaped or re.match(normalize._FOOTNOTE_MARK + ":", unescaped):  # a footnote's note goes whole
        return False
    unescaped = re.sub(normalize._FOOTNOTE_MARK, "", unescaped).strip()  # footnote marks go: what is left is the line
    if not re.search(r"[^\W\d_]", _MARKUP_TOKENS.sub("", unescaped)) or re.fullmatch(ENTRY_NUMBER + r"\W*", unescaped):
        return False
    return not pl.select(is_chrome_line(pl.lit(unescaped)) | pl.lit(unescaped).str.contains(normalize._LEADING_CHROME_LINE)).item()


# One line of abstract text. A line that is itself a chrome line ("©", "Oral", a page link: "arXiv") is no abstract: the rules drop it.
BODY = TEXT.map(str.strip).filter(lambda body: body != "" and "\n" not in body and _is_abstract_line(body))


@settings(max_examples=15, deadline=None)
# After a label, a mark or a closing markup is the label's ("Abstract. We", "\\textbf{Abstract} We", "**Abstract:** We")
@given(st.lists(st.tuples(HEAD_LINES, LABELS, BODY.filter(lambda body: body[0] not in ":：.—–" and not re.match(normalize.LABEL_CLOSE, body))), **BATCH))
def test_an_abstract_label_heading_and_the_lines_above_it_do_not_change_the_text(cases: list[tuple[list[str], tuple[str, str], str]]) -> None:
    assert norm(*("\n".join([*head, "".join(label) + body]) for head, label, body in cases)) == norm(*(body for _, _, body in cases))


NAMES = st.lists(st.sampled_from(["Maria Kowalska", "Wei Li", "J. R. Smith", "Miryam de Lhoneux", "Tomás Ruiz", "Jean-Pierre O'Neil"]), min_size=1, max_size=6)
SEPARATOR = st.sampled_from([", ", " and ", ", and ", " | ", "; "])


TITLES = st.sampled_from(["Is Attention All You Need?", "Silver Treebanks for Discourse Parsing", "GIST: Graph Inverse Style Transfer"])


def _acl_entry(title: str, names: list[str], separator: str, bar_first: bool, body: str) -> str:
    head = [title, separator.join(names)]
    return "\n".join(["pdf bib abs", *head, body] if bar_first else [*head, "pdf bib abs", body])


@settings(max_examples=15, deadline=None)
@given(st.lists(st.tuples(TITLES, NAMES, SEPARATOR, st.booleans(), BODY), **BATCH))
def test_acl_title_and_author_lines_next_to_the_link_bar_do_not_change_the_text(cases: list[tuple[str, list[str], str, bool, str]]) -> None:
    assert norm(*(_acl_entry(*case) for case in cases)) == norm(*(case[-1] for case in cases))


@settings(max_examples=15, deadline=None)
@given(st.lists(st.tuples(st.lists(CHROME_LINES, max_size=3), BODY, st.lists(CHROME_LINES, max_size=3)), **BATCH))
def test_chrome_lines_around_a_block_do_not_change_its_text(cases: list[tuple[list[str], str, list[str]]]) -> None:
    assert norm(*("\n".join([*before, body, *after]) for before, body, after in cases)) == norm(*(body for _, body, _ in cases))


TITLE_LINE_PIECES = st.sampled_from(
    ["Rewiring Graphs with Effective Resistance", "Title: Sparse Attention", "  Is Attention All You Need?", "we study the", "A", "x" * 260,
     "Maria Kowalska, Wei Li and J. R. Smith", "1 University of X, 2 Y Lab", "“Quoted” start", "3D point clouds", "", "  ", "\u00e9tude",
     "Poster", "[Oral]", "*Maria Kowalska (MIT), Wei Li*", "ICML 2025", "Comments: 12 pages", "Table 12"]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.lists(TITLE_LINE_PIECES, min_size=1, max_size=4), st.sampled_from(["", "We study X. " * 12, "we study x. " * 12])), min_size=1, max_size=20))
def test_the_title_line_prefilter_only_skips_blocks_the_title_rule_leaves_alone(cases: list[tuple[list[str], str]]) -> None:
    from transforms.normalize import _strip_title_line, strip_title_line

    texts = pl.Series("t", ["\n".join([*lines, rest]) for lines, rest in cases])
    assert texts.to_frame().select(strip_title_line(pl.col("t")))["t"].to_list() == _strip_title_line(texts).to_list()



EDGE_LINES = st.sampled_from(  # none holds what _CHROME_HINT looks for
    ["pdf bib abs", "Show more", "Keywords: a, b", "Figures", "Jane Doe, John Smith", "Sparse Attention for Long Documents", "", "  ", "We study X.",
     "Cited by 12", "Open Access", "\u00a9 2024 Elsevier B.V.", "Download PDF | BibTeX", "we release the", "code"]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.lists(EDGE_LINES, max_size=4), st.lists(EDGE_LINES, max_size=4)), min_size=1, max_size=20))
@example([(["Figures", "Jane Doe, John Smith", "Show more"], [])])  # a title, authors and a chrome line: no link bar or card date
def test_the_chrome_edge_prefilters_only_skip_blocks_the_chrome_rules_leave_alone(cases: list[tuple[list[str], list[str]]]) -> None:
    from transforms.normalize import _strip_chrome_edges, _strip_chrome_lines, _strip_title_authors

    body = "We study sparse attention for long documents and show that it is fast."
    frame = pl.DataFrame({"t": ["\n".join([*above, body, *below]) for above, below in cases]})
    unfiltered = _strip_title_authors(frame["t"]).to_frame().select(_strip_chrome_lines(pl.col("t")))["t"]
    assert frame.select(_strip_chrome_edges(pl.col("t")))["t"].to_list() == unfiltered.to_list()


ABSTRACT = (
    "Sparse mixture-of-experts layers route each token to a few experts, but routing collapses during training. "
    "We propose BalanceRoute, an auxiliary-loss-free router that equalizes expert load with a running bias term."
)
WRAPPED_WITH_ADDRESS = (
    "We release https://github.com/lab/balance-route-experiments with This paper Inverse\n"
    "Transfer (GIST), the policy in future decoding accelerates routing and can\n"
    "be read by the spectral value of the technically spectral space. Experiments on\n"
    "seven benchmarks show that the method performs best, whereas ensembles do not."
)


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        # a Markdown table row: the cells before the abstract (title, authors) go, the cells after it stay
        (f"| [BalanceRoute](https://arxiv.org/abs/2401.00001) | Jane Doe | {ABSTRACT} | [Code](https://github.com/a/b) |", f"{ABSTRACT} Code (https://github.com/a/b)"),
        (f"| Sparse Routing Without Auxiliary Losses | {ABSTRACT} |", ABSTRACT),
        (f"| {ABSTRACT} | a \\| b |", f"{ABSTRACT} a | b"),  # an escaped pipe is the cell's
        ("| Title | Abstract |\n|:---|---:|", "Title Abstract"),  # a header row (rejected later as too short)
        # a tab-separated row: the cells before the abstract go, a link after it stays; prose with tabs stays as it is
        (f"Sparse Routing Without Auxiliary Losses\tJane Doe, J. Roe\t2024\t{ABSTRACT}\tICML\thttps://github.com/a/b", f"{ABSTRACT} https://github.com/a/b"),
        (f"We study routing.\tIt matters.\t{ABSTRACT}", f"We study routing. It matters. {ABSTRACT}"),
        (f"Sparse Routing\t{ABSTRACT}", f"Sparse Routing {ABSTRACT}"),  # two cells: not a table row ...
        (f"12\t{ABSTRACT}", ABSTRACT),  # ... but an export's id and its abstract (before, the id stayed and won the copy its record)
        (f"{ABSTRACT}\tSnapKV. State-of-the-art\tthe code is at https://x.org/a for all", f"{ABSTRACT} SnapKV. State-of-the-art the code is at https://x.org/a for all"),  # prose holding a link is no link cell
        (f"In this paper\twe study routing\t{ABSTRACT.lower()}", f"In this paper we study routing {ABSTRACT.lower()}"),  # a sentence cut by tabs
        ("title\tauthors\tabstract", "title authors abstract"),  # a header row (rejected later as too short)
        # an HTML list entry or table row: the title above its <br> or in its own cell is a title line
        (f"<li><b>Sparse Routing Without Auxiliary Losses</b><br>{ABSTRACT}</li>", ABSTRACT),
        (f"<tr><td>Sparse Routing Without Auxiliary Losses</td><td>{ABSTRACT}</td></tr>", ABSTRACT),
        (f"<p>{ABSTRACT.replace('layers', 'lay-<br>ers')}</p>", ABSTRACT),  # a word hyphenated at a <br> is joined as at a line end
        ("Is Attention All You Need?\nAbstract\n<br>", ""),  # a line of tags alone stays a line: the heading label still has text under it (hypothesis)
        # an awesome-list entry: its bold title and link badges on a line above the quoted abstract (the addresses are no
        # part of the title's length: with two badges the line was longer than half the abstract and stayed)
        (f"- **Sparse Routing Without Auxiliary Losses** [[Paper](https://arxiv.org/abs/2401.00001)] [[Code](https://github.com/lab/balance-route)]\n  > {ABSTRACT}", ABSTRACT),
        (f"Sparse Routing Without Auxiliary Losses https://arxiv.org/abs/2401.00001 https://github.com/lab/balance-route\n{ABSTRACT}", ABSTRACT),
        (f"Code and data are released at https://github.com/lab/balance-route/tree/main/data\n{ABSTRACT}", f"Code and data are released at https://github.com/lab/balance-route/tree/main/data {ABSTRACT}"),
        # a hard-wrapped abstract whose first line holds an address: the line is full as written, and a sentence ending in
        # an address ends in its full stop
        (WRAPPED_WITH_ADDRESS, " ".join(WRAPPED_WITH_ADDRESS.split())),
        (f"Our method is available at https://lab.github.io/balance/.\n{WRAPPED_WITH_ADDRESS}", " ".join(f"Our method is available at https://lab.github.io/balance/. {WRAPPED_WITH_ADDRESS}".split())),
        # Paper Digest's entry: its numbered title and author fields above the highlight, a sentence of the abstract
        (f"1, TITLE: Sparse Routing Without Auxiliary Losses\nAUTHORS: Jane Doe, John Roe\nHIGHLIGHT: {ABSTRACT}", ABSTRACT),
        # a list entry's bold title in front of the abstract: with a colon or a dash after it, or in Title Case ending in "."
        (f"- **Sparse Routing Without Auxiliary Losses**: {ABSTRACT}", ABSTRACT),
        (f"* **Sparse routing without auxiliary losses** - {ABSTRACT}", ABSTRACT),
        (f"12. **Sparse Routing Without Auxiliary Losses.** {ABSTRACT}", ABSTRACT),
        (f"<b>Sparse Routing Without Auxiliary Losses</b>: {ABSTRACT}", ABSTRACT),
        (f"**Sparse Routing Without Auxiliary Losses** {ABSTRACT}", ABSTRACT),
        # ... with its author-year citation or venue tag between it and the abstract, in bold, linked or plain
        (f"**Sparse Routing** (Ye et al., 2025) \u2014 {ABSTRACT}", ABSTRACT),
        (f"- **Sparse Routing** [ICLR 2025 Oral]: {ABSTRACT}", ABSTRACT),
        (f"1. [Sparse Routing](https://arxiv.org/abs/2401.00001) (Ye and Dong, 2025): {ABSTRACT}", ABSTRACT),
        (f"[Sparse Routing](https://arxiv.org/abs/2401.00001) (NeurIPS'24) - {ABSTRACT}", ABSTRACT),
        (f"Sparse Routing (Ye et al., 2025). {ABSTRACT}", ABSTRACT),
        (f"Sparse Routing (Ye & Dong 2025) | {ABSTRACT}", ABSTRACT),
        (f"**Sparse Routing** (COVID-19) {ABSTRACT}", f"Sparse Routing (COVID-19) {ABSTRACT}"),  # no year: a term, not a venue
        (f"Sparse routing (Ye et al., 2025). {ABSTRACT}", f"Sparse routing (Ye et al., 2025). {ABSTRACT}"),  # a sentence citing a paper
        (f"**Deep Learning** {ABSTRACT}", f"Deep Learning {ABSTRACT}"),  # two words without a mark may start a sentence
        (f"**We propose a simple router.** {ABSTRACT}", f"We propose a simple router. {ABSTRACT}"),  # a sentence in bold stays
        (f"**Motivation:** {ABSTRACT}", f"Motivation: {ABSTRACT}"),  # one word: a structured abstract's label stays
        (f"**BalanceRoute**: {ABSTRACT[:60]}", f"BalanceRoute: {ABSTRACT[:60]}"),
        # a title that opens with a question: whole, in bold or linked, or in plain text with its subtitle (only after a title)
        (f"**Are Sparse Routers Safe? A Human-Annotated Benchmark** \u2014 {ABSTRACT}", ABSTRACT),
        (f"- **Is Routing All You Need? Revisiting Mixtures of Experts**: {ABSTRACT}", ABSTRACT),
        (f"[Are Sparse Routers Safe? A Benchmark](https://arxiv.org/abs/2401.00001) - {ABSTRACT}", ABSTRACT),
        (f"**Why? we ask** \u2014 {ABSTRACT}", f"Why? we ask \u2014 {ABSTRACT}"),  # a question then lower case: a sentence
        (f"Are Sparse Routers Safe? A Human-Annotated Benchmark \u2014 {ABSTRACT}", ABSTRACT),
        (f"Sparse Routing Without Auxiliary Losses: A Study \u2014 {ABSTRACT}", ABSTRACT),
        (f"What Drives Expert Routing? \u2014 {ABSTRACT}", ABSTRACT),
        (f"What Drives Expert Routing?: {ABSTRACT}", ABSTRACT),
        (f"Mixture of Experts: {ABSTRACT}", f"Mixture of Experts: {ABSTRACT}"),  # no title before it: a short label stays
        # a first line that only numbers the entry
        (f"[12]\n{ABSTRACT}", ABSTRACT),
        (f"#3\nSparse Routing Without Auxiliary Losses\n{ABSTRACT}", ABSTRACT),
        (f"3D point clouds are sparse. {ABSTRACT}", f"3D point clouds are sparse. {ABSTRACT}"),
        (f"(12) {ABSTRACT}", ABSTRACT),
        # a journal page's highlights above the abstract, with no label between them; alone they stay (quality rejects them)
        (f"Highlights\n• A router without auxiliary losses\n• Even expert load\n{ABSTRACT}", ABSTRACT),
        ("Highlights:\n- A router without auxiliary losses\n- Even expert load", "Highlights: - A router without auxiliary losses - Even expert load"),
        (f"Highlights \u2022 A router without auxiliary losses \u2022 Even expert load\n{ABSTRACT}", ABSTRACT),  # the list on the heading's line
        (f"Highlights: \u2022 A router without auxiliary losses\n{ABSTRACT}", f"Highlights: \u2022 A router without auxiliary losses {ABSTRACT}"),
        (f"#12 {ABSTRACT}", ABSTRACT),
        (f"【12】{ABSTRACT}", ABSTRACT),  # a Chinese digest's entry number
        (f"【12】\n{ABSTRACT}", ABSTRACT),
        # a venue tag in front: in brackets with a year, or bare before a colon; a bracketed term or citation is text
        # a Title Case title ending in a colon in front of the abstract; a one-word label stays
        (f"Sparse Routing Without Auxiliary Losses: {ABSTRACT}", ABSTRACT),
        (f"BERT: Pre-training of Deep Bidirectional Transformers. {ABSTRACT}", ABSTRACT),
        (f"Sparse Routing Without Auxiliary Losses - {ABSTRACT}", ABSTRACT),  # a listing's "Title - Abstract", "Title | Abstract"
        (f"Sparse Routing Without Auxiliary Losses | {ABSTRACT}", ABSTRACT),
        (f"Mixture of Experts \u2014 {ABSTRACT}", f"Mixture of Experts \u2014 {ABSTRACT}"),  # three words: a topic
        (f"Background: {ABSTRACT}", f"Background: {ABSTRACT}"),
        (f"Materials and Methods: {ABSTRACT}", f"Materials and Methods: {ABSTRACT}"),  # three words: a label
        (f"[ICML 2024 Oral] {ABSTRACT}", ABSTRACT),
        (f"(Accepted to NeurIPS 2023) {ABSTRACT}", ABSTRACT),
        (f"【CVPR 2024】{ABSTRACT}", ABSTRACT),
        (f"[NeurIPS'23] [AAAI-24] {ABSTRACT}", ABSTRACT),
        (f"ICML 2024 (Spotlight): {ABSTRACT}", ABSTRACT),
        (f"(COVID-19) {ABSTRACT}", f"(COVID-19) {ABSTRACT}"),
        (f"[Smith 2020] {ABSTRACT}", f"[Smith 2020] {ABSTRACT}"),
        (f"GPT-4 2023: {ABSTRACT}", f"GPT-4 2023: {ABSTRACT}"),
    ],
)
def test_table_rows_and_list_entries_keep_only_their_abstract(raw: str, clean: str) -> None:
    assert norm(raw) == [clean]


# Every CJK label of a translation section, as ``split.TRANSLATION_LABEL`` spells them.
CJK_TRANSLATION_LABELS = re.match(r"\(\?:\(\?:([^()]+)\)", TRANSLATION_LABEL).group(1).split("|")


@pytest.mark.parametrize("label", CJK_TRANSLATION_LABELS)
def test_every_translation_label_drops_its_section(label: str) -> None:
    """``中文摘要：`` under an English abstract stayed in its text: the rows the rule looks at were picked by words of
    the other labels."""
    assert len(CJK_TRANSLATION_LABELS) > 10
    assert pl.select(normalize_text(pl.lit(f"We study graphs.\n{label}：我们研究图。"))).item() == "We study graphs."
