"""Normalize a raw block to clean plain Unicode text.

Order: read GitHub's emoji shortcodes as emoji, a JSON or CSV export's escapes ("\\n", "\\u2019") as what they stand for,
a Markdown table row's cells and HTML's line breaks as lines, and drop Markdown footnotes, an entry number, site chrome,
highlights, a heading label and a title -> join hard-wrapped lines (``transforms.hyphenation`` for words
hyphenated at a line end) -> reference nouns left without their number (``transforms.references``)
-> repair mojibake (ftfy) -> unescape HTML entities -> HTML
links and block tags -> fold Unicode (super/subscripts spelled out, NFKC, quotes, odd spaces,
zero-width and control characters) -> LaTeX typography ("~", dash pairs) -> LaTeX to text
(simple markup vectorized, the rest with pylatexenc) -> Markdown to text (markdown-it-py) ->
fold Unicode again (the converters emit math letters) -> repair mojibake that folding exposed,
and fold -> scrub residue (stray tags, commands) -> collapse whitespace -> keep one of a formula
a MathJax scrape repeated -> drop a leading abstract label or list number. Folding before the
converters means nothing a later step removes can turn into markup on a second pass; rows that
still hold markup characters after all this get that second pass.

Each pass runs only on the rows it can change: the Python converters on rows whose text shows
the markup they handle, most regex passes on rows a cheap literal test picks, and the folds
after the first on rows changed since the last fold or that NFKC would still change.
"""

from __future__ import annotations

import html
import json
import operator
import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache, reduce

import ftfy
import polars as pl
import yaml
from markdown_it import MarkdownIt
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db
from pylatexenc.latexwalker import get_default_latex_context_db as get_default_latexwalker_db

from transforms.hyphenation import LINE_BREAK, LINE_END_HYPHEN, SPLIT_LIGATURE_HINTS, join_hyphenated, join_split_ligatures
from transforms.mojibake import CP1252_CONTINUATION, CP1252_LEAD, MOJIBAKE, non_ascii
from transforms.references import REFERENCE_GAPS, mark_gaps, name_dropped_references
from transforms.split import (
    ENTRY_NUMBER,
    JSON_ABSTRACT_KEYS,
    LINK_WORD as _LINK_WORD,
    LIST_MARK,
    PARAGRAPH_WIDTH,
    TABLE_DELIMITER,
    OTHER_SCRIPT_LETTER,
    TRANSLATION_LABEL,
    TRANSLATION_SIZE,
    TSV_TABS,
    may_hold_translation,
    paragraph_width,
    script_size,
    shares_names,
    translation_sized,
)

HTML_ENTITY = r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
# An accent command on a letter: braced ("\'{e}", "{\"O}") or inside a word on a letter that takes
# it ("Fr\'echet", "L\'evy", "Espa\~na"); an escaped quote ("don\'t", "model\'s", "\"best\"",
# "l\'analyse") is not one.
_LATEX_ACCENT = r"\\['`^\"~=.]\{\\?[A-Za-z]\}|\{\\['`^\"~=.]\\?[A-Za-z]\}|(?:[A-Za-z]{2}|(?:^|[^A-Za-z])[A-Z])\\['`^\"=][aeiouy]|[A-Za-z]\\'[cz]|[A-Za-z]\\~[ano]"
LATEX = r"\\[A-Za-z@]|\\[%_&#{}$]|\\[,;:!]\S|\$[^$]+\$|" + _LATEX_ACCENT  # "5\,ms": spacing before a word, which Markdown read as an escaped comma
MARKDOWN = r"[*_`]|\[(?:[^\[\]]|\[[^\[\]]*\])*\]\([^)]*\)|<[^>\s]+>"  # a link's label may hold brackets: "[[Code]](url)"
HTML_TAG = r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>"
_SIMPLE_COMMAND = r"\\(?:emph|textbf|textit|texttt|textsc|textrm|textsf|mathrm|mathbf|mathit)\{([^{}\\$&]*)\}"
_SIMPLE_ESCAPE = r"\\([%_#])"
_MATH_CHAR = r"[A-Za-z0-9.,+*/=<>()\[\]^_|:;!?-]"
_SIMPLE_MATH = rf"\$({_MATH_CHAR}(?:[A-Za-z0-9 .,+*/=<>()\[\]^_|:;!?-]*{_MATH_CHAR})?)\$"  # no space at its edges: LaTeX drops those
_LATEX_RESIDUE = r"[\\${}&]"
_LATEX_TEXT_MARKS = r"----|[?!]`|[^`]`[^`]|^`[^`]|[^`]`$|^`$|```"  # what the fast path does not rewrite like LaTeX does
_LATEX_LIGATURES = (("---", "\u2014"), ("--", "\u2013"), ("``", "\u201c"), ("''", "\u201d"))


# An arXiv listing's entry line: the entry number, the id and what follows it on that line (``[1] arXiv:2401.01234
# [pdf, other]``, ``arXiv:2401.01234v2 (cross-list from cs.CV) [pdf]``, the PDF margin's ``arXiv:2401.01234v2 [cs.LG] 3 Jan
# 2024``, an RSS item's ``arXiv:2401.01234v1 Announce Type: new``): brackets, a cross-list note, category codes, a date and
# the announcement's type, so an abstract that goes on on that line is not part of it.
_ARXIV_ID = r"\d{4}\.\d{4,5}(?:v\d+)?"
_ARXIV_TAIL = (
    r"(?:[ \t]*(?:\[[^\]\n]{0,80}\]|\((?i:cross-list|replaced|updated)[^)\n]{0,60}\)|[a-z]+(?:-[a-z]+)?\.[A-Z]{2}\b"
    r"|\d{1,2}[ \t]+\p{Lu}\p{Ll}{2,8}\.?[ \t]+\d{4}|Announce Type:[ \t]*[a-z]+(?:-[a-z]+)?))*"  # arXiv's RSS: "Announce Type: replace-cross"
)
_ARXIV_LINE = r"(?:\[\d+\][ \t]*)?arXiv:" + _ARXIV_ID + r"\b" + _ARXIV_TAIL
# The stamp arXiv prints down a PDF's margin, which text extraction puts on a line of its own between two of the abstract's
# lines (often cutting a hyphenated word: "cancel-" / "arXiv:2410.05258v2 [cs.CL] 7 Apr 2025" / "ing noise").
_PDF_STAMP_LINE = r"\n[ \t]*arXiv:" + _ARXIV_ID + r"[ \t]+\[[^\]\n]{1,40}\][ \t]+\d{1,2}[ \t]+\p{Lu}\p{Ll}{2}[ \t]+\d{4}[ \t]*(\n|\z)"
# A pictograph (with its emoji presentation selector): awesome-lists mark entries and stars with them ("🔥", "⭐ 1.2k", "✅").
EMOJI = r"[\x{2600}-\x{27bf}\x{2b50}\x{1f300}-\x{1faff}]\x{fe0f}?"
# Whole lines that listing sites put above or below an abstract: arXiv listing and metadata
# lines (and its search results' "Submitted ...; originally announced ..."), OpenReview fields and
# presentation badges ("ICLR 2024 poster"), IEEE "Index Terms", Semantic Scholar's "TLDR", publishers' copyright
# notices, PubMed ids and links ("Full text links", "Similar articles"), article histories and page links ("Access
# through your institution", "Figures", Springer's "Buy chapter", "Add to Library"), Google Scholar's "Cited by 12 · Related articles",
# Hugging Face and Papers with Code widgets ("View arXiv page", "Community", "GitHub 124", "Edit social preview", the date and
# authors between middots), ResearchGate's ("PDF Available", "Content uploaded by ..."), bioRxiv's preprint notice, ACL Anthology
# and CVF link bars and ACL's metadata fields ("Anthology ID:", "Volume:", "Pages:"), a blog's link and comment fields ("Paper: https://...",
# "Code:", "Project page:", "Why it matters:", "Key takeaway:"), a Reddit post's and a conference site's ("Posted by u/...", "42 comments share save", "Chat is not
# available."), a social media post's (``_POST_LINES``), "Show more", "Read more →". Only whole lines at the start or the end of a
# block are dropped (a block is one line after ``join_lines``, so a second pass finds none).
# OpenReview's submission-form statements, copied with a submission's fields ("Submission Guidelines: I certify ...").
OPENREVIEW_FORM_FIELDS = "Code Of Ethics|Submission Guidelines|Anonymous Url|No Acknowledgement Section|Reciprocal Reviewing|Flagged For Ethics Review"
# A line of bracketed link words (PMLR's "[abs][Download PDF][OpenReview]", CVF's "[pdf] [supp] [arXiv] [bibtex]").
LINK_BADGES = r"(?:\[[ \t]*(?i:" + _LINK_WORD + r")[ \t]*\][ \t]*)+"
_CHROME_FIELDS = (
    r"(?:Keywords?|KEYWORDS?|Key [Ww]ords|TL;?DR|Primary Area|Secondary Area|Submission Number|Published in|Date of Conference|"
    r"DOI|Comments|Subjects?|Source|Categories|Journal[ -]ref(?:erence)?|Cite as|MSC(?: ?20[012]0)?(?: [Cc]lass(?:es)?)?|PACS|ACM [Cc]lass(?:es)?|Report [Nn]umber|Paper ID|"
    r"Article (?:ID|[Nn]umber)|Corpus ID|First Online|"
    r"Citations|References|Views|Downloads|Title|Authors?|Speakers?|"
    r"Anthology ID|Volume|Month|Year|Address|Editors?|Venues?|SIG|Publisher|Note|Pages|Language|URL|PDF|Video|Bibkey|"
    r"Cite \((?:ACL|Informal)\)|Copy Citation|Published|Last Modified|Readers|Writers|Signatures|License|Supplementary Material|"
    rf"{OPENREVIEW_FORM_FIELDS}|"
    r"PMID|PMCID|(?:Electronic |Print |Online )?e?ISSN(?: Information)?|(?:Electronic |Print |Print on Demand\(PoD\) )?ISBN(?: Information)?|"
    r"Date Added to IEEE Xplore|Date of Publication|Conference Location|INSPEC Accession Number|Persistent Link|Issue Date|"
    r"Abstract [Vv]iews|Full[ -][Tt]ext [Vv]iews|Submission received|Citation|Lay Summary|Link To Code|Code Link|Community Implementations|"
    r"Received|Revised|Accepted|Published online|Available online|Article history|Papers [Ww]ith Code|Tasks|Datasets|"
    r"JEL(?: [Cc]lassifications?| [Cc]odes?)?|Suggested Citation|Date Written|(?:\d+[ \t]+Pages[ \t]+)?Posted|"
    r"Why [Ii]t [Mm]atters|Key [Tt]akeaways?|Takeaways?|My [Tt]ake|Our [Tt]ake|Bottom [Ll]ine|URL Source|Markdown Content|Published Time|"
    # HAL's record fields (also in French)
    r"Document type|Type de document|Domain|Domaine|Mots-cl[ée]s|HAL Id|Cite this document|Citer ce document|Collections?|"
    # keywords in other languages; eLibrary's and CyberLeninka's fields (a Russian paper's subject code, its citation)
    r"Palabras [Cc]lave|Palavras-[Cc]have|Parole [Cc]hiave|Schlüsselwörter|Schlagwörter|Stichwörter|Trefwoorden|Nyckelord|Kata [Kk]unci"
    r"|Słowa kluczowe|Anahtar [Kk]elimeler|Từ khóa|Ключевые слова|Ключові слова|УДК|ГРНТИ|Для цитирования)(?:[*_]{1,2})?[ \t]*:"
    r"|(?:Index Terms|INDEX TERMS)[ \t]*[:—–-]"
    # Chinese, Japanese and Korean paper blogs' fields, with a full-width or ASCII colon
    r"|(?:作者|单位|單位|机构|機構|链接|鏈接|论文链接|論文鏈接|论文地址|論文地址|原文链接|原文鏈接|代码|代碼|代码地址|代碼地址|代码链接|代碼鏈接|项目主页|項目主頁"
    r"|发表|發表|收录|收錄|会议|會議|期刊|关键词|關鍵詞|关键字|關鍵字|来源|來源|发布时间|發佈時間|著者|所属|キーワード|저자|소속|키워드|주제어"
    # CNKI's and Chinese journals' record fields, J-STAGE's dates
    r"|基金资助|基金項目|基金项目|分类号|中图分类号|文献标识码|文章编号|收稿日期|修回日期|引用本文|下载|DOI|発行日|公開日|受付日|受理日|早期公開日)[ \t]*[:：]"
)
# A blog's link field: the link alone after its label ("Paper: https://...", "Code: github.com/a/b"). A hard-wrapped abstract
# whose first line starts "Project page: https://x.org. We propose" keeps that line.
_ONE_LINK_FIELD = r"(?:Paper|Code|Project [Pp]age|Homepage|Website|Demo|GitHub|Github|Repo(?:sitory)?)[ \t]*:[ \t]*(?:https?://|www\.|[\w-]+\.[a-z]{2,}/)\S*"
_LINK_FIELD = _ONE_LINK_FIELD + r"(?:[ \t]*[|·•,;][ \t]*" + _ONE_LINK_FIELD + r")*"  # "Paper: https://... | Code: https://..."
# A metadata field line's start, also as a list item (titles reads it too).
FIELD_START = r"[ \t]*(?:[-*+•][ \t]+)?(?:[*_]{1,2})?(?:" + _CHROME_FIELDS + r"|" + _LINK_FIELD + r")"
# "Read more", "Show all", "Collapse" on Chinese, Japanese and Korean sites (and WeChat's "Read the original": 点击阅读原文).
_MORE_CJK = r"(?:展开(?:全部|全文)?|展開(?:全部|全文)?|收起|阅读更多|閱讀更多|阅读全文|閱讀全文|(?:点击)?阅读原文|(?:點擊)?閱讀原文|查看更多|查看全文|更多|もっと見る|続きを読む|더보기|더 보기|접기)"
# A publisher's copyright notice: "© 2024 Elsevier B.V.", "(c) 2024 ACM", "Copyright 2024 IEEE".
_COPYRIGHT_MARK = r"(?:(?:Copyright[ \t]*)?(?:©|\([cC]\))|Copyright)[ \t]*"
_COPYRIGHT = r"(?:(?:Copyright[ \t]*)?©|" + _COPYRIGHT_MARK + r"(?:19|20)\d{2}(?-u:\b))"  # "(c)" alone starts an enumeration's item
# An open-access licence notice (Elsevier's and Wiley's "This is an open access article under the CC BY license (http://…)",
# Springer's "This article is licensed under a Creative Commons Attribution 4.0 International License", "Licensed under CC BY 4.0").
LICENCE_NOTICE = (  # unbounded runs: bounded ones of any character take the patterns holding CHROME_LINE past the size limit
    r"(?:This is an open access article (?:under|distributed under)[^\n]*|This (?:article|work|paper) is licensed under[^\n]*"
    r"|(?:Licensed|Distributed|Published) under (?:a |the )?(?:CC[ -]BY|Creative Commons)[^\n]*|You have full access to this open access article)"
)
# A social media post's lines: a thread's opening line ("New paper! Title 🧵1/5"), a link after an emoji ("📄 https://..."), the
# time and views line ("12:03 PM · Mar 5, 2025 · 45.2K Views") and the counts ("23 Reposts 5 Quotes 310 Likes").
# ASCII classes and unbounded runs: bounded runs of Unicode classes ([^\n]{0,200}, \p{L}{0,20}) make the patterns that hold
# CHROME_LINE (titles' ``_ABOVE_AUTHORS``) compile past the regex engine's size limit (10 MB).
_POST_LINES = (
    r"[^\n]*\x{1f9f5}[ \t]*(?:[0-9]{1,2}/[0-9]{0,2})?[ \t]*|(?:" + EMOJI + r"[ \t]*)+(?:[A-Za-z][A-Za-z ]*:[ \t]*)?https?://[^\n]*"
    r"|[0-9]{1,2}:[0-9]{2}[ \t]*[AP]M[ \t]*·[ \t]*[A-Z][a-z]{2}[ \t]+[0-9]{1,2},[ \t]+[0-9]{4}[^\n]*"
    r"|[0-9][0-9.,]*[KM]?[ \t]+(?:Reposts?|Retweets?|Quotes?|Likes?|Bookmarks?|Replies|Views)(?:[ \t]+[0-9][0-9.,]*[KM]?[ \t]+(?:Reposts?|Retweets?|Quotes?|Likes?|Bookmarks?|Replies|Views))+"
)
# A blog post's byline with its date ("Posted on March 3, 2025 by admin", "Posted by Jane Doe | Mar 3, 2025 | Research | 0 comments",
# Hugging Face's "Published on Mar 3 · Submitted by akhaliq on Mar 4", "Written by Jane Doe on 2025-03-03"), or without a date
# where a bar, dot or bullet sets off its comment count or share links ("Posted by admin | 12 comments | Share on Twitter"): a
# line without either ("Published by the society, the survey ...") may be an abstract's first wrapped line; or its reading time.
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]{0,6}\.?"
_DATE = r"(?:" + _MONTH + r"[ \t]+[0-9]{1,2}(?-u:\b)|[0-9]{1,2}[ \t]+" + _MONTH + r"|(?:19|20)[0-9]{2}-[0-9]{2}-[0-9]{2}|[0-9]+[ \t]+(?:hours?|days?|weeks?|months?)[ \t]+ago)"
_BYLINE_TAIL = r"[^\n]*?[|·•][ \t]*(?i:[0-9]+[ \t]+comments?|no comments|leave a comment|share\b)"
# Medium's and Substack's line with the reading time ("Medium · 5 min read · Oct 9, 2024", "5 min read").
_READ_TIME = r"(?:[^\n]*?·[ \t]*)?[0-9]{1,3}[ \t]+min(?:ute)?s?[ \t]+read(?-u:\b)[^\n]*"
# Medium's lines around it, each alone: its actions, a middot or "--", the date.
_POST_ACTIONS = r"(?i:listen|follow|share)|[·•]|--"
_FULL_DATE = r"(?:[0-9]{1,2}[ \t]+" + _MONTH + r"|" + _MONTH + r"[ \t]+[0-9]{1,2},?)[ \t]+(?:19|20)[0-9]{2}"
# A post's age ("3 days ago", "3 yr. ago", "2h ago"), its time after its date (Bluesky's "October 9, 2024 at 12:00 PM", Mastodon's
# "Oct 09, 2024, 12:00 · 12 boosts · 34 favourites"), and the actions and counts under it.
_AGO = r"[0-9]{1,3}[ \t]*(?:[smhdwy]|mo|yrs?|mins?|hrs?|(?:second|minute|hour|day|week|month|year)s?)\.?[ \t]+ago"
_POST_TIME = r"(?:(?:,|[ \t]+at)[ \t]+[0-9]{1,2}:[0-9]{2}(?:[ \t]*[AaPp][Mm])?(?:[ \t]*[·•][^\n]*)?)?"
_SOCIAL_ACTION = r"(?:like|comment|repost|send|share|reply|quote|boost|favou?rite|bookmark|upvote|downvote)"
_SOCIAL_COUNT = r"[0-9][0-9.,]*[km]?[ \t]+(?:reactions?|comments?|reposts?|likes?|quotes?|boosts?|favou?rites?|replies|shares?|upvotes?)"
BLOG_BYLINE = (
    r"(?:(?:Posted|Published|Written|Submitted|Updated|Last updated)[ \t]+(?:on|by)[ \t]+(?:[^\n]*?" + _DATE + r"|" + _BYLINE_TAIL + r")[^\n]*|"
    + _READ_TIME + r")"
)
# A page's share bar ("Share this: Twitter Facebook LinkedIn", "Share on: X | Reddit | Email").
_SHARE_BAR = (
    r"(?i:share(?:[ \t]+(?:this|on))?(?:[ \t]+(?:post|article|page|paper))?[ \t]*:?(?:[ \t,|·•/]*(?:twitter|x|facebook|linkedin|reddit|e-?mail|whatsapp"
    r"|telegram|pinterest|tumblr|pocket|print|weibo|wechat|mastodon|bluesky|hacker news|copy link))+)"
)
# The actions and counts under a post on Chinese, Japanese and Korean sites (Zhihu's "赞同 128 · 评论 12", "12 条评论 分享 收藏",
# Qiita's "いいね 12", "ストック 3", Tistory's "공감 12 댓글 3", "구독하기").
_CJK_ACTION = (
    r"(?:(?:赞同|已赞同|贊同|评论|評論|添加评论|添加評論|分享|收藏|喜欢|举报|いいね！?|ストック|공감|댓글|좋아요|구독하기|구독)[ \t]*[0-9.,]*[万萬kK]?"
    r"|[0-9][0-9.,]*[万萬kK]?[ \t]*条评论)"
)
# A proceedings page's lines under a title: NeurIPS's "Part of Advances in Neural Information Processing Systems 37 (NeurIPS 2024)
# Main Conference Track" and its links ("Bibtex Paper Reviews And Public Comment » Supplemental"), Springer's "Part of the book series: …"
PROCEEDINGS_LINE = r"Part of (?:Advances in Neural Information Processing Systems|the book series)[^\n]*"
_PROCEEDINGS_LINKS = r"Bibtex[ \t]+Paper[ \t]+Reviews And Public Comment[ \t]*»?(?:[ \t]+Supplemental)?"
# Papers with Code's line under a title: the date or the venue, the authors, between middots ("3 Mar 2025 · Jane Doe, John Roe ·").
DATED_BYLINE = r"(?:[0-9]{1,2}[ \t]+[A-Z][a-z]{2,8}\.?[ \t]+(?:19|20)[0-9]{2}|[A-Z][A-Za-z&.'-]{1,15}[ \t]+(?:19|20)[0-9]{2})[ \t]*·[^\n]*"
# How a listing marks a paper's presentation ("Oral", "ICLR 2024 poster", "Spotlight (notable top 5%)").
_PRESENTED = r"(?i:oral|poster|spotlight|highlight)"
# A digest's credit line under an abstract: a dash, then authors' names of two or more capitalized words ("— Tianzhu Ye, Li Dong,
# Yuqing Xia et al.", "– J. R. Smith and Wei Li"); "— unlike prior work, it scales" is a wrapped line.
_CREDITED_NAME = r"\p{Lu}[\p{L}.'’-]*(?:[ \t]+\p{Lu}[\p{L}.'’-]*)+"
_ATTRIBUTION = r"[—–][ \t]*" + _CREDITED_NAME + r"(?:,[ \t]*" + _CREDITED_NAME + r")*(?:,?[ \t]+(?:et al\.?|and[ \t]+" + _CREDITED_NAME + r"))?"
CHROME_LINE = (
    r"(?:[-*+•][ \t]+)?(?:[*_]{1,2})?(?:" + _CHROME_FIELDS + r")[^\n]*"  # a field, also as a list item or with its label in bold
    r"|" + _ARXIV_LINE +
    r"|(?i:submitted by[ \t]+\S+[^\n]{0,40}|(?:upvote[ \t]*\d*|\d+[ \t]+upvotes?)(?:[ \t]*[·•|][ \t]*\d+[ \t]+comments?)?"
    r"|\d+[ \t]+comments?(?:[ \t]+(?:share|save|hide|report|crosspost|give award))*|posted by u/\S+[^\n]{0,60}|chat is not available\.?"
    r"|share|save|hide|report|crosspost|give award|reply|cite|downvote|go to comments"  # a Reddit post's actions, one a line (and Semantic Scholar's "Cite")
    r"|r/[a-z0-9_]{2,21}(?:[ \t]*[·•][ \t]*" + _AGO + r")?|u/[a-z0-9_-]{3,20}|" + _AGO +  # new Reddit's head: "r/MachineLearning • 3 days ago", "u/someone"
    # a social post's actions and counts, two or more (LinkedIn's "Like Comment Repost Send", "1,234 reactions · 56 comments",
    # Bluesky's "12 reposts 340 likes"; one count alone may be a wrapped line's: "310 Likes")
    r"|" + _SOCIAL_ACTION + r"(?:[ \t]*[·•|]?[ \t]*" + _SOCIAL_ACTION + r")+|" + _SOCIAL_COUNT + r"(?:[ \t]*[·•|,]?[ \t]*" + _SOCIAL_COUNT + r")+" +
    r"|" + _POST_ACTIONS + r"|" + _FULL_DATE + _POST_TIME +  # Bluesky's and Mastodon's date under a post; Medium's, around its reading time ("Follow" / "5 min read" / "·" / "Oct 9, 2024" / "--" / "Listen" / "Share")
    r"|(?:\[pdf\][ \t]*)?semantic reader"  # Semantic Scholar's
    r"|[0-9]{1,3}(?:,[0-9]{3})*(?:\.[0-9])?k?"  # a count alone (Hugging Face's upvotes under "Upvote", "1.2k"; not "7." ending a sentence)
    r"|(?:show (?:more|less|full (?:abstract|text))|read more|(?:see|view) (?:all|more))[ \t]*[»›→>]*"
    r"|(?:save|cite|twitter|linkedin|facebook)(?:[ \t]+(?:save|cite|twitter|linkedin|facebook)){1,4}"  # Google Scholar's actions ...
    r"(?:[ \t]+cited by[ \t]*[\d,]+)?(?:[ \t]+related articles)?(?:[ \t]+all[ \t]+[\d,]+[ \t]+versions)?(?:[ \t]+view as html)?"  # ... and links
    # Hugging Face's paper page; arXiv's access links, on one line or several ("View PDF HTML (experimental)")
    r"|(?:(?:view (?:arxiv page|pdf|paper)|add to collection|upvote[ \t]*\d*|html \(experimental\)|tex source|other formats)[ \t]*){1,4}"
    r"|github[ \t]+[\d,.]+k?|access paper:?|view license|current browse context:?|change to browse by:?"  # arXiv's
    r"|references & citations|export bibtex citation"
    r"|download (?:pdf|paper)\b[^\n]{0,80}"
    r"|" + _LINK_WORD + r"(?:[ \t]*[|·•/]?[ \t]*" + _LINK_WORD + r")+)"
    r"|★[ \t]*[\d,.]+k?\b[^\n]{0,200}|" + LINK_BADGES +
    # a venue note ends in the venue's capitalized word or a year ("Published by the society, the survey" is a wrapped line)
    r"|\(?(?:Accepted|To appear|Published|Presented|Under review)[ \t]+(?:at|to|in|by|as)\b(?:[^\n]{0,120}?[ \t(])?(?:\p{Lu}[\p{L}\p{N}'’&.-]*|[0-9]+)\)?\.?"
    r"|(?:Preprint\.?[ \t]+)?Under review\.?"  # a PDF's running head ("Preprint. Under review.", "Under review as a conference paper at ICLR 2025")
    r"|\(?(?:v\d+[ \t]+)?[Ss]ubmitted(?:[ \t]+on)?[ \t]+(?:\d{1,2}[ \t]+\p{L}+\.?,?|\p{L}+\.?[ \t]+\d{1,2},?)[ \t]+\d{4}[^\n]*|originally announced[^\n]*"
    r"|TL;?DR[ \t]+\p{Lu}[^\n]*"
    r"|[▽△▼▲][ \t]*(?i:more|less)|Expand|Collapse"
    r"|" + _MORE_CJK + r"|(?:[\p{L}\p{N}&.'’-]+[ \t]+){0,3}(?:19|20)\d{2}[ \t]+" + _PRESENTED + r"[^\n]{0,30}"
    r"|" + _PRESENTED + r"(?:[ \t]+(?:" + _PRESENTED + r"|(?i:presentation|paper)))?(?:[ \t]*\([^)\n]{0,40}\))?"
    r"|" + _COPYRIGHT + r"[^\n]{0,200}|(?i:this article is protected by copyright)[^\n]{0,80}|(?i:all rights reserved)\.?"
    r"|" + LICENCE_NOTICE + r"|(?i:please cite this article (?:in press )?as)[ \t]*:[^\n]*"
    r"|Competing Interest Statement|The authors have declared no competing interests?\.?|The online version contains supplementary material[^\n]{0,200}"
    r"|Access through your institution|Buy or subscribe|Cite this article|Download citation|Share this article|\[?Full text available at[^\n]{0,200}"
    r"|(?i:cited by[ \t]*(?:[\d,]+|\(\d+\))(?:[ \t]*[·•|]?[ \t]*related articles)?(?:[ \t]*[·•|]?[ \t]*all[ \t]+[\d,]+[ \t]+versions)?"
    r"|related articles(?:[ \t]*[·•|]?[ \t]*all[ \t]+[\d,]+[ \t]+versions)?)"
    r"|\[Submitted on [^\n]*\]|Report issue for preceding element"
    r"|pp\.?[ \t]*\d{1,5}[ \t]*[-–][ \t]*\d{1,5}|\(or arXiv:\d{4}\.\d{4,5}(?:v\d+)?[^\n]{0,40}\)|https?://doi\.org/10\.48550/arXiv\.\d{4}\.\d{4,5}(?:v\d+)?|Submission history"
    r"|From:[^\n]{1,100}\[view email\][^\n]{0,40}|\[v\d{1,2}\][ \t]+[A-Z][a-z]{2},[ \t]+\d{1,2}[ \t]+[A-Z][a-z]{2}[ \t]+\d{4}[^\n]{0,80}"
    r"|(?i:citations|references)[ \t]*\([\d,]+\)|被?引用文献[ \t]*[(（][\d,]+[)）]|Figures and Tables|(?:" + EMOJI + r"[ \t]*[\d,.]*[kK]?[ \t]*)+"
    r"|(?i:access this (?:chapter|article|book)|log in via an institution|similar content being viewed by others|full-text available"
    r"|buy (?:this )?(?:chapter|article|book|e-?book|pdf)\b[^\n]{0,60}|tax calculation will be finali[sz]ed (?:at|during) checkout\.?"
    r"|(?:(?:e-?book|chapter|article|softcover|hardcover)[ \t]+)?(?:eur|usd|gbp|chf|€|\$|£)[ \t]*\d[\d.,]*|price (?:in|ex)cludes vat[^\n]{0,40}"
    r"|institutional subscriptions|rent this article via deepdyve|full text links|similar articles|publication types|mesh terms"
    r"|linkout - more resources|recommended articles|add to (?:my )?(?:library|list|favou?rites|collection|reading list)"
    r"|(?:request|download) full-text(?: pdf)?|discover the world's (?:research|scientific knowledge)[^\n]{0,120}|join for free"
    r"|pdf available|content uploaded by[^\n]{1,100}|author content|all content (?:in this area|following this page) was uploaded by[^\n]{0,200}"
    r"|this article is a preprint and has not been certified by peer review[^\n]{0,200}|edit social preview|(?:bio|med)rxiv preprint doi:[^\n]*"
    r"|[\d.]+\+?[ \t]+(?:million|billion)[ \t]+(?:members|publication pages|citations)|skip to (?:main )?content"
    r"|view (?:pdf )?on (?:arxiv|pubmed|publisher|acm|ieee|springer|wiley|elsevier|sciencedirect|semantic scholar)|create alert|(?:previous|next) article in issue"
    r"|this is a preview of subscription content[^\n]*|\[(?:skip to (?:main )?content|back to top|jump to (?:content|navigation|search))\]\([^)\n]*\)"
    r"|back to top|sign in|log in|subscribe|loading\.{0,3}|toggle navigation|open in new tab|save to library|add to [^\n]{1,20} project"
    r"|export citations?|share on|view on github|authors info & claims|get access|bibliometrics|citation count|article metrics|recommendations"
    r"|graphical abstract|(?:total citations|total downloads|last 12 months|last 6 weeks|views|downloads|citations)[ \t]*[\d,]+|pdf[ \t]*\([\d.,]+[ \t]*[kmg]b\)"
    r"|[\d,.]+k?[ \t]+(?:highly influential )?(?:citations?|references|views|downloads|readers)|results from the paper|figures and tables from this paper)"
    r"|Vol(?:ume|\.)[ \t]*\d+,?[ \t]*(?:Issue|No\.|Number)[ \t]*\d+[^\n]{0,80}|Community|" + DATED_BYLINE + r"|" + BLOG_BYLINE + r"|" + _SHARE_BAR
    + r"|" + PROCEEDINGS_LINE + r"|" + _PROCEEDINGS_LINKS + r"|Authors?|AUTHORS?|Author\(s\)"
    # Zhihu's answer footer ("发布于 2025-03-05 10:12・IP 属地北京", "赞同 123", "添加评论"), LinkedIn's post age ("2d • Edited"), a video's chapters
    + r"|(?:发布于|编辑于|發佈於|編輯於)[ \t]*[0-9][^\n]*|IP[ \t]*属地[^\n]*|" + _CJK_ACTION + r"(?:[ \t]*[·・|•]?[ \t]*" + _CJK_ACTION + r")*"
    # a WeChat article's head ("原创 机器之心 2025-03-03 12:00 北京"), CSDN's copyright notice and its views line ("文章浏览阅读1.2k次，点赞23次")
    + r"|原创[ \t]+[^\n]*?(?:19|20)[0-9]{2}-[0-9]{1,2}-[0-9]{1,2}[^\n]*|版权声明[ \t]*[:：][^\n]*|本文为博主原创文章[^\n]*|文章浏览阅读[^\n]*"
    + r"|この記事が気に入ったら[^\n]*"  # note.com's support prompt
    # publishers' and repositories' heads: Frontiers' (article type, journal and date, section, volume), MDPI's, Zenodo's,
    # Europe PMC's, alphaXiv's and Hacker News' lines
    + r"|(?:ORIGINAL RESEARCH|REVIEW|MINI REVIEW|BRIEF RESEARCH REPORT|METHODS|PERSPECTIVE|HYPOTHESIS AND THEORY|SYSTEMATIC REVIEW)[ \t]+article"
    + r"|Front\.[ \t]+[A-Z][^\n]{0,60},[ \t]+[0-9]{1,2}[ \t]+[A-Z][a-z]+[ \t]+[0-9]{4}|Sec\.[ \t]+[A-Z][^\n]{0,100}|Volume[ \t]+[0-9]+[ \t]+-[ \t]+[0-9]{4}[^\n]*"
    + r"|Open Access[ \t]*(?:Article|Review|Communication|Editorial|Brief Report)|\*?[ \t]*Authors? to whom correspondence should be addressed\.?"
    + r"|[A-Z][A-Za-z .&-]{1,60}[ \t]+[0-9]{4},[ \t]+[0-9]+\([0-9]+\),[ \t]+[0-9]+;[ \t]+https?://doi\.org/\S+"
    + r"|Published[ \t]+[A-Z][a-z]+[ \t]+[0-9]{1,2},[ \t]+[0-9]{4}[ \t]+\|[ \t]+Version[ \t]+v?[0-9][^\n]*|Show affiliations|Files(?:[ \t]+\([0-9.,]+[ \t]*[kMG]?B\))?"
    + r"|Free full text(?: in Europe PMC)?|Citations & impact|Similar Articles|Author information|View blog|Bookmark"
    + r"|[A-Za-z0-9_.-]+\.(?:pdf|zip|tar\.gz|tgz|docx?|pptx?|xlsx?|csv|json|txt|bib)"  # a repository's file name alone (Zenodo's "paper.pdf")
    + r"|[0-9]+[ \t]+points?[ \t]+by[ \t]+\S+[ \t]+[0-9]+[ \t]+(?:minutes?|hours?|days?)[ \t]+ago[^\n]*"
    + r"|[0-9]{1,2}(?:h|d|w|mo|yr)[ \t]*•[^\n]*|[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?[ \t]+[A-Z][^\n]*|(?:#\p{L}[\p{L}\p{N}_]*[ \t]*)+" + r"|" + _POST_LINES + r"|" + _LINK_FIELD
)
# A citation line ("Journal of Machine Learning Research 25 (2024) 1-45", "Proc. AAAI, 38(5), 1234-1242.", IJCAI's "Main Track.
# Pages 1-9. https://doi.org/..."): its own pattern, because a run of any characters at the start of one alternative
# multiplies the states of the others' automaton (in one pattern, matching the chrome lines took five times as long).
# Also the paper's reference in author-year style above or under its abstract ("Ye, T., Dong, L., & Wei, F. (2025). Title. ICLR.").
# PMLR's citation line under a title: "Jane Doe, John Roe; Proceedings of the 42nd ..., PMLR 267:1234-1250, 2025."
PMLR_CITATION = r"[^\n]{0,300}?(?-u:\b)PMLR[ \t]+\d{1,4}:\d+[-–]\d+(?:,[ \t]*(?:19|20)\d{2})?\.?"
_CITED_AUTHOR = r"\p{Lu}[\p{Ll}'’\-]+(?:[ \-]\p{Lu}[\p{Ll}'’\-]+)?,[ \t]*(?:\p{Lu}\.[ \t\-]?){1,3}"
_CITATION_LINE = (
    r"^[ \t]*(?:[^\n]{0,200}?(?-u:\b)\d{1,4}[ \t]*\(\d{1,4}\)[ \t]*[:,]?[ \t]*(?:pp?\.[ \t]*)?\d+[ \t]*[-–][ \t]*\d+\.?"
    r"|[^\n]{0,60}?Pages[ \t]+\d+[-–]\d+\.[^\n]{0,200}"
    r"|" + PMLR_CITATION
    + r"|(?:" + _CITED_AUTHOR + r",?[ \t]*(?:(?:and|&)[ \t]+)?){1,12}(?:et al\.[ \t]*)?\((?:19|20)\d{2}[a-z]?\)\.[ \t]+[^\n]{5,300}"
    # the title, the authors and the venue, each ending in a full stop ("Differential Transformer. Tianzhu Ye, Li Dong. ICLR 2025.")
    r"|[^\n]{5,300}?\.[ \t]+" + _CREDITED_NAME + r"(?:,[ \t]*(?:and[ \t]+)?" + _CREDITED_NAME + r")*(?:,?[ \t]+(?:et al|and[ \t]+" + _CREDITED_NAME
    + r"))?\.[ \t]+[^\n]{0,100}?(?:19|20)\d{2}[a-z]?\.?)[ \t]*\r?$"
)
# A publisher page's links and labels on lines of their own ("Open Access", "Figures", "Cite this Paper", a single link
# word such as "BibTeX"): at a block's start, or at its end after a sentence ("... we release the\ncode" is text).
PAGE_LINKS = (  # not "References": a references list's heading, which quality reads
    r"(?:Figures|Related|Details|Metrics|Open [Aa]ccess|Research [Aa]rticle|Article|Supplementary (?:Information|Material)"
    r"|Conference [Pp]aper|Journal [Aa]rticle|Review [Aa]rticle|Original [Aa]rticle|Short [Pp]aper|Full [Pp]aper|Preprint|Share|Save|Print|Email"
    r"|Cite this (?:[Pp]aper|[Aa]rticle)|Citation|How to cite|Copy to Clipboard(?:[ \t]+Download)?|Endnote|Related Material|More from this (?:conference|venue|journal)"
    r"|Related [Pp]apers|Similar [Pp]apers|Like|Comment|Repost|Send|Alert|More|(?i:" + _LINK_WORD + r")"
    # Semantic Scholar's fields of study on a card
    r"|Computer Science|Medicine|Chemistry|Biology|Materials Science|Physics|Geology|Psychology|Sociology|Business|Political Science"
    r"|Economics|Philosophy|Mathematics|Engineering|Environmental Science|Agricultural and Food Sciences|Education|Linguistics)"
)
# A whole line of chrome: anchored at both ends, tried once per line (a search for a run of them before the end of
# the text would try every position of the block).
CHROME_LINES = 16  # chrome lines dropped at most at each end of a block (an OpenReview entry has about a dozen fields)
_CHROME_WHOLE_LINE = r"^[ \t]*(?:" + CHROME_LINE + r")[ \t]*\r?$"
# Lines that are chrome only above an abstract: papers.cool's title line with its badges ("#1 Title [PDF 12] [Copy] [Kimi 5]
# [REL]"; at the end such a line would be the abstract's own last line with link badges), a proceedings' name (IJCAI).
_BADGE = r"\[[ \t]*(?i:pdf|copy|kimi|rel|html|new|hot|updated|oral|spotlight|poster|highlight|" + _LINK_WORD + r")(?:[ \t]*[\d.,]+k?)?[ \t]*\]"
_LEADING_ONLY = (
    r"#\d+[ \t]+[^\n]{1,300}?(?:[ \t]*" + _BADGE + r"){2,}|[^\n.!?]{1,300}?(?:[ \t]*" + _BADGE + r"){2,}|Proceedings of the [^\n.]{5,200}\.?"
    r"|Proceedings of the \d{1,3}(?:st|nd|rd|th)[ \t][^\n]{5,250}?(?:19|20)\d{2}[^\n]{0,200}"  # a PDF's first-page footer: "…, Vienna, Austria. PMLR 235, 2024. Copyright …"
)
# What a block's first lines may be (titles skips them too): chrome, page links, and the paper's link alone on its line.
LEADING_CHROME = CHROME_LINE + r"|" + PAGE_LINKS + r"|(?:https?://|www\.)\S+"
_LEADING_CHROME_LINE = r"^[ \t]*(?:" + LEADING_CHROME + r")[ \t]*\r?$"
_LEADING_ONLY_LINE = r"^[ \t]*(?:" + _LEADING_ONLY + r")[ \t]*\r?$"
# What a block that ``_strip_chrome_lines`` changes starts with, if not ends with (``_has_chrome_edge``).
_STARTS_WITH_CHROME = r"\A[ \t]*(?:" + LEADING_CHROME + r")[ \t]*\r?(?:\n|\z)"
# What a block holding one of those lines, or a no-break space, holds.
_CHROME_HINT = r"\(\d|\[|Pages[ \t]+\d|Proceedings of the|\u00a0|(?:19|20)[0-9]{2}[a-z]?\.?[ \t]*\r?\n"  # the last: a citation line's end
# Page links (and chrome lines among them) after a block's last sentence, looked for in blocks whose last line is one.
# A heading left without its list; a digest's credit line (``_ATTRIBUTION``: only here, its Unicode classes would take the
# patterns that hold CHROME_LINE past the regex engine's size limit).
_TRAILING_PAGE_LINK = r"(?:" + PAGE_LINKS + r"|References|Keywords?|Key [Ww]ords|KEYWORDS?|Index Terms|" + _ATTRIBUTION + r")"
_ENDS_WITH_PAGE_LINK = r"\n[ \t]*" + _TRAILING_PAGE_LINK + r"[ \t]*\r?\z"
_TRAILING_PAGE_LINKS = r"([.!?][\"”'\)]?)(?:[ \t]*\r?\n[ \t]*(?:" + _TRAILING_PAGE_LINK + r"|" + CHROME_LINE + r")[ \t]*)+\s*\z"
# An ACL Anthology entry: the paper's title line and its author line right after the link bar
# ("pdf bib abs") or right before it. An author line is names (two to five capitalized words or
# initials, lower-case particles between them: "Miryam de Lhoneux"; affiliation marks after them: "Jane Doe1,2*")
# separated by commas, "and", "|", ";", "&", "·" or "•"; the title is one line that does not end like a sentence piece
# (".", ",", ";", ":").
_NAME_WORD = r"(?:\p{Lu}\p{Ll}+(?:[-'’]?\p{Lu}\p{Ll}+)*|\p{Lu}['’]\p{Lu}\p{Ll}+|\p{Lu}\.(?:-?\p{Lu}\.)*)"
_AFFILIATION_MARK = r"(?:[\d¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}(?:,[\d¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2})*)?[*†‡§¶]*"  # "Jane Doe1,2*", "John Smith²†"
_NAME = (
    _NAME_WORD + r"(?:[ \t]+(?:(?:de|del|della|der|den|di|da|dos|du|la|le|van|von|im|zu|bin|al|ten|ter)[ \t]+)*" + _NAME_WORD + r"){1,4}"
    + _AFFILIATION_MARK
    + r"(?:[ \t]*\(\p{Lu}[^()\n]{1,80}\))?"  # an affiliation in brackets: "Jane Doe (MIT)", "John Smith (Google DeepMind)"
)
_NAME_SEPARATOR = r"(?:[ \t]*(?:,[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+|[|;&·•][ \t]*))"
AUTHORS = _NAME + r"(?:" + _NAME_SEPARATOR + _NAME + r")*"
_TITLE = r"([^\s][^\n]{0,298}[^\s.,;:])"
_LINK_BAR = r"(?i:" + _LINK_WORD + r"(?:[ \t]*[|·•/]?[ \t]*" + _LINK_WORD + r")+)"
_LINE_END = r"[ \t]*\r?\n[ \t]*"
_ANY_CHROME = r"\A(?:[ \t]*(?:" + CHROME_LINE + r")[ \t]*\r?\n)*?[ \t]*"
_MAY_HAVE_LINK_BAR = r"(?:\A|\n)[ \t]*" + _LINK_BAR + r"[ \t]*\r?\n"  # what both need
# A search result card's date line under the title and authors (Semantic Scholar's "3 March 2025", "Published in International
# Conference on… 15 February 2025", "2025"), with up to three short lines between them (a field of study, a venue: "Computer
# Science", "ArXiv"); they go with the title and the author line.
_CARD_DATE = r"(?:[0-9]{1,2}[ \t]+" + _MONTH + r"[ \t]+|" + _MONTH + r"[ \t]+)?(?:19|20)[0-9]{2}"
_CARD_DATE_LINE = r"(?:Published in [^\n]+?[ \t])?" + _CARD_DATE
_CARD = r"(?:[^\n]*?[^\n.!?\s]" + _LINE_END + r"){0,3}?" + _CARD_DATE_LINE + r"[ \t]*\r?\n"  # a short line ends no sentence
_MAY_HAVE_CARD_DATE = r"\n[ \t]*" + _CARD_DATE_LINE + r"[ \t]*\r?\n"
_MAY_HAVE_CHROME_UNDER_AUTHORS = r"\A[^\n]*\n[^\n]*\n[ \t]*(?:" + CHROME_LINE + r")[ \t]*\r?\n"  # what the last head needs: a chrome third line
_TITLE_AUTHORS = (  # the title is group 1 and the author line group 2: a chrome line is neither ("Competing Interest Statement")
    _ANY_CHROME + _LINK_BAR + _LINE_END + _TITLE + _LINE_END + "(" + AUTHORS + ")" + _LINE_END,
    _ANY_CHROME + _TITLE + _LINE_END + "(" + AUTHORS + ")" + _LINE_END + _LINK_BAR + _LINE_END,
    r"\A[ \t]*" + _TITLE + _LINE_END + "(" + AUTHORS + ")" + _LINE_END + _CARD,  # a card has no chrome above it: a smaller pattern
    # an abstract page's chrome lines under the title and authors (arXiv's "[Submitted on 6 Jan 2025 (v1), last revised ...]")
    r"\A[ \t]*" + _TITLE + _LINE_END + "(" + AUTHORS + ")" + _LINE_END + r"(?:(?:" + CHROME_LINE + r")[ \t]*\r?\n[ \t]*)+",
)
# The same chrome on the abstract's last line: link badges ("... available online. [PDF] [Code]")
# and a "Read more" after a cut ("consistency objectiv... Read more", the ellipsis stays) or
# after a sentence ("... (more)", "Continue reading" too), a bare "more" after a cut ("objectiv... more »"), arXiv's
# "▽ More" / "△ Less", Semantic Scholar's "Expand", and a listing's cut mark after a whole sentence ("... points. …").
# "people should read more." and "... that we expand" are text.
_TRAILING_LINKS = (
    r"(?:[ \t]*\[(?i:" + _LINK_WORD + r")\])+[ \t]*\z"
    r"|(…|\.\.\.|[.!?][\"”']?)[ \t]*(?:[(\[]?(?:(?i:read|show|see|view)[ \t]+(?i:more|less|all|full (?:abstract|text))|(?i:continue reading))[)\]]?|[(\[](?i:more|less)[)\]])[ \t]*[»›→>.]*[ \t]*\z"
    r"|(…|\.\.\.|[.!?][\"”']?)?[ \t]*[▽△▼▲][ \t]*(?i:more|less)[ \t]*\z|(…|\.\.\.|[.!?][\"”']?)[ \t]*Expand[ \t]*\z"
    r"|(…|\.\.\.|[.!?。！？][\"”'」]?)[ \t]*[(\[（【]?" + _MORE_CJK + r"[)\]）】]?[ \t]*[»›→>]*[ \t]*\z"
    r"|(…|\.\.\.)[ \t]*(?i:more)[ \t]*[»›→>]*[ \t]*\z"
    r"|([.!?][\"”']?)[ \t]*(?:…|\.\.\.)[ \t]*\z"  # a listing's cut mark after a whole sentence
    # Google Scholar's links after a result's snippet: "… Cited by 123 Related articles All 5 versions"
    r"|(…|\.\.\.|[.!?][\"”']?)[ \t]*(?i:cited by)[ \t]*[\d,]+(?:[ \t]*[·•|]?[ \t]*(?i:related articles))?(?:[ \t]*[·•|]?[ \t]*(?i:all)[ \t]+[\d,]+[ \t]+(?i:versions))?[ \t]*\z"
)
# Link badges in front of the abstract on its first line ("[PDF] [Code] [Bibtex] Serving large ...", a listing's "[NEW]", "[Oral]"), or its arXiv id
# ("arXiv:2401.01234v2 [cs.LG] Graph ...", "[2402.00001] Large ..."; the URLs are read from the raw block); a block of badges alone stays.
_LEADING_LINKS = r"\A[ \t]*(?:(?:" + _BADGE + r"[ \t]*[|·•/]?[ \t]*)+|(?:" + _ARXIV_LINE + r"|\[" + _ARXIV_ID + r"\])[ \t]+)(\p{L})"
# An entry of arXiv's e-mail listing (the daily digest, and the mailing-list archives that keep it): "\\", "arXiv:ID" and
# "Date: ..." (often cut off by a blank line), the fields "Title:", "Authors:", "Categories:", "Comments:" ... with their long
# values folded onto lines indented by spaces, a "\\" line, the abstract, and "\\ ( https://arxiv.org/abs/ID ,  123kb)".
# The fields before the "\\" line and that last line go (the URL stays in ``text_raw``, where URLs are read from).
_DIGEST_FIELD = (
    r"(?:arXiv|Date(?:[ \t]*\([^)\n]{0,40}\))?|Title|Authors?|Categories|Comments|Journal-ref|Report-no|MSC-class|ACM-class|DOI|Proxy|License|From)"
    r"[ \t]*:[^\n]*\r?\n(?:[ \t]+\S[^\n]*\r?\n)*"
)
_ARXIV_DIGEST_HEAD = r"\A[ \t]*(?:\\\\[ \t]*\r?\n[ \t]*)?(?:" + _DIGEST_FIELD + r"[ \t]*)+\\\\[ \t]*\r?\n"
_ARXIV_DIGEST_TAIL = r"\r?\n[ \t]*\\\\[ \t]*\([ \t]*https?://arxiv\.org/abs/[^\s,)]+[ \t]*,[^)\n]{0,40}\)[ \t]*\z"
# A copyright notice after the last sentence ("... baselines. © 2024 Elsevier Ltd."), looked for only in blocks
# that hold a copyright mark (a bounded run before the end would slow the search for the others).
_TRAILING_COPYRIGHT = r"([.!?][\"”']?)[ \t]+(?:" + _COPYRIGHT_MARK + r"(?:19|20)\d{2}(?:[^\d\n][^\n]{0,200})?|" + LICENCE_NOTICE + r")\z"
# A venue note as the abstract's last sentence ("... tool families. Accepted to ICML 2025.", "This paper has been accepted
# for publication in IEEE TPAMI.", "Submitted to ICLR 2025. Under review.", "Under review at NeurIPS 2024."): it names a year or a venue (a word of three or more capitals, or a conference, journal,
# proceedings, workshop or transactions). "... are accepted by users." is text.
_TRAILING_VENUE_NOTE = (
    r"([.!?][\"”'\)]?)\s+(?:Proceedings of the \d{1,3}(?:st|nd|rd|th) (?:\p{L}+ ){0,4}(?:Conference|Workshop|Symposium|Meeting)(?-u:\b)"
    r"[^\n]{0,250}?(?:19|20)\d{2}[^\n]{0,80}\z"  # a PDF page's footer (PMLR's)
    r"|\(?(?:(?:This|The|Our) (?:paper|work|article|manuscript|version) (?:has been|was|is|will be) )?"
    r"(?:(?i:accepted|to appear|published|submitted|under review)[ \t]+(?i:at|to|in|by|as|for)|(?i:presented)[ \t]+(?i:at|as))[ \t]+(?:publication (?:in|at|by)[ \t]+)?"
    r"[^.!?\n]{0,100}?(?:(?:19|20)\d{2}|'\d{2}|(?-u:\b)[A-Z]{3,}(?-u:\b)|(?i:conference|journal|proceedings|workshop|transactions|symposium))"
    r"[^.!?\n]{0,60}?\.?\)?\.?(?:[ \t]+(?i:under review)\.?)?[ \t]*\z"
    r"|(?:This|The|Our) (?:paper|work|article|manuscript) (?:is|has been) (?:currently )?(?:under review|submitted for (?:review|publication))\.?[ \t]*\z"
    r"|\(?(?:This is )?(?:[Aa]n? |[Tt]he )?(?:[Ee]xtended|[Ff]ull|[Ll]onger|[Jj]ournal|[Cc]omplete) version of (?:our|the|this|a)(?-u:\b)[^.!?\n]{0,120}?"
    r"(?:paper|work|article|submission|manuscript)(?-u:\b)[^.!?\n]{0,100}?\.?\)?\.?[ \t]*\z"  # "(Extended version of our AAAI 2024 paper.)"
    r"|Published in:[ \t]+[^\n]{0,250}?(?:19|20)\d{2}[^\n]{0,120}\z"  # IEEE Xplore's fields, run into the abstract's line
    r"|[(\[](?:v\d+[ \t]+)?[Ss]ubmitted(?:[ \t]+on)?[ \t]+(?:\d{1,2}[ \t]+\p{L}+\.?,?|\p{L}+\.?[ \t]+\d{1,2},?)[ \t]+\d{4}"
    r"(?:[^\n()\[\]]|\([^\n()]{0,30}\)){0,100}[)\]]\.?[ \t]*\z)"  # arXiv's "[Submitted on 12 Jan 2024 (v1), last revised … (this version, v2)]"
)
_VENUE_NOTE = _TRAILING_VENUE_NOTE.removesuffix(r"\z)") + ")"
VENUE_NOTE_CHARS = 300  # longer than a venue note and the sentence end before it can be
# A PDF first page's author footnotes after the abstract's last sentence, each behind its mark ("... benchmarks.
# ∗Equal contribution. †Corresponding author: jane@uni.edu", "‡Work done during an internship at X."), one or several, to
# the text's end; a note that gives an e-mail address needs no mark ("... benchmarks. Correspondence to: Jane Doe
# jane@uni.edu."). Looked for in the last ``AUTHOR_NOTES_CHARS`` characters of the texts that hold one of ``_AUTHOR_NOTE_WORDS``.
_AUTHOR_NOTE_MARKS = "*\u2217\u2020\u2021\u00a7\u00b6\u22c6\u2709"  # * ∗ † ‡ § ¶ ⋆ ✉
_AUTHOR_NOTE_WORDS = "qual contribution|qually contributed|ontributed equally|orresponding author|ork done|ork performed|roject lead|orrespondence|mail:|ontact:"
_AUTHOR_NOTE_TAIL = rf"[^\n{_AUTHOR_NOTE_MARKS}]{{0,200}}"  # the rest of a note, up to the next note's mark
_TRAILING_AUTHOR_NOTES = (
    rf"([.!?][\"”'\)]?)(?:\s*[{_AUTHOR_NOTE_MARKS}]+[ \t]*(?:(?:Equal contribution|Equally contributed|These authors contributed equally"
    rf"|Corresponding authors?|Project lead)[ \t]*(?:[.:;,(]{_AUTHOR_NOTE_TAIL})?|Work (?:done|performed) (?:during|while|at|as) {_AUTHOR_NOTE_TAIL})"
    rf"|\s*\([ \t]*[{_AUTHOR_NOTE_MARKS}]*[ \t]*(?:Equal contribution|Equally contributed|These authors contributed equally)\.?[ \t]*\)"  # "(*Equal contribution)"
    rf"|\s*[{_AUTHOR_NOTE_MARKS}]*[ \t]*(?:Correspondence(?:[ \t]+to)?|Corresponding authors?|E-?mail|Contact)[ \t]*:[^\n@]{{0,120}}@[^\n{_AUTHOR_NOTE_MARKS}]{{1,120}})+\s*\z"
)
AUTHOR_NOTES_CHARS = 500
# The paper's authors under its abstract, on the last line after a sentence or after a dash on its line (a listing that puts
# them below: "... canceling noise.\nTianzhu Ye, Li Dong, Furu Wei", "... noise. — Tianzhu Ye, Li Dong", "By Jane Doe and John
# Roe", "*Jane Doe, John Roe*"): two names or more, or one after "By" or a dash; their affiliations may follow a dash. A
# wrapped last line ends its sentence with a full stop, which a list of names does not.
_TRAILING_AUTHORS = (
    r"([.!?][\"”'\)]?)(?:[ \t]*\r?\n[ \t]*(?:(?:[—–-][ \t]*|(?i:by)[ \t]+)[*_]{0,2}" + AUTHORS + r"|[*_]{0,2}" + _NAME + r"(?:" + _NAME_SEPARATOR + _NAME + r")+)"
    + r"|[ \t]+[—–][ \t]*[*_]{0,2}" + AUTHORS + r")[*_]{0,2}(?:[ \t]+[—–-][ \t]+[^\n]{1,200})?[ \t]*\z"
)
_MAY_HAVE_TRAILING_AUTHORS = r"[.!?][\"”'\)]?(?:[ \t]*\n|[ \t]+[—–])[ \t]*(?:[—–-][ \t]*|(?i:by)[ \t]+)?[*_]{0,2}\p{Lu}[\p{Ll}.]+[ \t]+\p{Lu}"
TRAILING_AUTHORS_CHARS = 400
# The fields of a paper's page, each a label, a colon and its value ("Published: 12 March 2024", "Received: … / Accepted: …",
# OpenReview's "Primary Area: …", "Downloads: 123 Views: 4,567", "Citation: Doe J (2024) …").
_PAGE_FIELD = (
    r"Published(?:[ \t]+online)?|First[ \t]+published|Available[ \t]+online|Publication[ \t]+[Dd]ate|Date[ \t]+of[ \t]+[Pp]ublication|Issue[ \t]+[Dd]ate"
    r"|Received|Revised|Accepted|Volume|Issue|Article[ \t]+[Nn]umber|Downloads|Views|Citations|Altmetric|Primary[ \t]+[Aa]rea|Submission[ \t]+[Nn]umber"
    r"|Venue|Authors?|Citation|Cite[ \t]+this(?:[ \t]+(?:article|paper))?|Recommended[ \t]+[Cc]itation|Track|Session"
)
# What a page flattened to one line leaves after the abstract's last sentence: its keywords ("... benchmarks. Keywords:
# attention, efficiency."), arXiv's fields ("Comments: 9 pages", "Subjects: Machine Learning (cs.LG)", "Cite as: …"), a page's
# fields (``_PAGE_FIELD``), pages ("Pages 1234-1245"), a link bar ("PDF | HTML | Code"), share links ("Share on X"), its DOI or arXiv id, a presentation badge ("(Oral)", "[Spotlight, top 3%]") and a post's hashtags
# ("#NLP #AI") and a post's or digest's credit ("(via @arxiv)", "[h/t @jdoe]", "— via arXiv cs.CL") or place in its thread ("(1/3)", "2/"), one or several, to the text's end. Looked for in the last ``TRAILING_TAGS_CHARS`` characters.
# A LaTeX tie ("~", a space once typeset) separates them too: "x.~#A" was "x. #A", and "x." once normalized again.
_TRAILING_TAGS = (
    r"([.!?。！？][\"”'\)]?)(?:[ \t~]+(?:(?:Keywords?|Key [Ww]ords|KEYWORDS?|Index Terms)[ \t]*[:—–-][^\n.!?]{1,300}\.?"
    r"|(?:Comments[ \t]*:[^\n]{0,200}?(?i:pages?|figures?|tables?|accepted|to appear|published|workshop|conference|version|code)"  # arXiv's fields
    r"|Subjects[ \t]*:[^\n]{0,200}?\((?:cs|stat|math|eess|q-bio|q-fin|physics|econ|astro-ph|cond-mat|quant-ph|nlin)[.)]|Cite[ \t]+as[ \t]*:[ \t]*arXiv:"
    r"|(?:Journal[ \t]+ref(?:erence)?|MSC[ \t]+[Cc]lasses|ACM[ \t]+[Cc]lasses|Report[ \t]+[Nn]umber)[ \t]*:)[^\n]{0,300}?"
    r"|(?:" + _PAGE_FIELD + r")[ \t]*:[^\n]{0,300}?|(?:Pages?|pp\.)[ \t]*\d+[ \t]*[-–][ \t]*\d+|" + _LINK_BAR
    + r"|(?:Share(?:[ \t]+on)?[ \t]+(?i:twitter|x|facebook|linkedin|reddit|wechat|weibo|e-?mail|bluesky|mastodon)[ \t]*)+"
    r"|DOI[ \t]*:?[ \t]*10\.[0-9]{4,9}/\S+|[\[(]?arXiv:[0-9]{4}\.[0-9]{4,5}(?:v[0-9]+)?(?:[ \t]*\[[\w.-]+\])?[\])]?|Publisher[ \t]*:[ \t]*[^\n.!?]{1,60}"
    r"|[(\[](?i:oral|spotlight|poster|highlight)[^)\]\n]{0,30}[)\]]|(?:#\p{L}[\p{L}\p{N}_]*[ \t]*)+|[(\[](?i:via|h/t|hat tip:?|cc:?)[ \t]+@[\w.]+[)\]]"
    r"|[(\[](?i:via)[ \t]+[^()\[\]\n]{1,40}[)\]]|[—–][ \t]*(?i:via)[ \t]+\S+(?:[ \t]+\S+){0,3}"  # a digest's source: "(via arXiv)", "— via arXiv cs.CL"
    r"|(?:\x{1f9f5}[ \t]*)?(?:\([0-9]{1,2}/[0-9]{1,2}\)|[0-9]{1,2}/[0-9]{0,2})(?:[ \t]*\x{1f9f5})?))+[ \t]*\z"
)
TRAILING_TAGS_CHARS = 400
_MAY_HAVE_TRAILING_TAGS = r"[.!?。！？][\"”'\)]?[ \t~]+(?:Key|KEY|Index|DOI|[\[(]?arXiv:|Publisher|Comments|Subjects|Journal|Cite|MSC|ACM|Report|" + _PAGE_FIELD + r"|Pages?|pp\.|Share|(?i:" + _LINK_WORD + r")|[(\[](?i:oral|spotlight|poster|highlight|via|h/t|hat|cc)|[—–][ \t]*(?i:via)|#\p{L}|\(?[0-9]{1,2}/|\x{1f9f5})"
# The headings of a repository README's sections that are not about a paper's content (``quality`` rejects a block that starts with one).
README_SECTIONS = (
    r"(?:Installation|Install|Usage|Getting [Ss]tarted|Quick ?[Ss]tart|Requirements|Setup|Environment|Citation|Cite|BibTeX|License"
    r"|Acknowledge?ments?|Contact|News|Updates|TODO|Model Zoo|Pre-?trained Models|Checkpoints|Table of Contents|Contents"
    r"|Contributing|Contributors|Contribution|Star History|Changelog|Roadmap|FAQ)"
)
# A page's heading above the paper's citation ("Cite this Paper" / "BibTeX" / "@inproceedings{...", "Citation" / "Doe, J. (2025). ...").
_CITE_HEADING = r"(?:Cite (?:this (?:[Pp]aper|[Aa]rticle|[Ww]ork)|as)|Citation|BibTeX|Bibtex|BIBTEX|Please cite(?: as)?|How to cite(?: this (?:paper|article))?)"
# Sections a page puts after the abstract, to the block's end: a "Keywords" heading and its line (or a short line per
# keyword, as Springer's and ScienceDirect's pages write them), an Open Journal
# Systems page's (AAAI's) "Downloads / Published / How to Cite / Issue / Section" list, which holds a "How to Cite" line,
# Semantic Scholar's "TLDR" (its one-sentence summary, on the heading's line or the next), Semantic Scholar's and Papers with
# Code's "Figures and Tables from this paper", "Topics", "Results from the Paper", a publisher's list of other papers ("Similar
# content being viewed by others", "Recommended articles", "People also read", "Related articles") (and Papers with Code's "PDF Abstract" line,
# with its "Code", "Tasks" and "Datasets" sections below, also as "PDF Abstract ICML 2025 PDF ICML 2025 Abstract"), CVF Open
# Access's "Related Material", SSRN's "Suggested Citation:" and the citation under it, and
# bioRxiv's and medRxiv's back matter ("Competing Interest Statement", "Funding Statement", "Copyright" headings or fields), and the
# ACM Digital Library's ("CCS Concepts: • Computing methodologies → ...", "Additional Key Words and Phrases:", "ACM Reference
# Format:" and the citation under it), the paper's BibTeX entry or citation (under ``_CITE_HEADING`` lines, or the entry alone), a Chinese paper blog's comment on the paper ("推荐理由：", "点评：", "编者按："), and a PDF's
# text past its abstract ("1 Introduction", "I. INTRODUCTION" on a line of its own, and all below it).
# All after a sentence, perhaps under field lines ("Keywords: …" / "JEL Classification: …" / "Suggested Citation:"): "... we
# study X for\nKeywords\nand phrases" is text.
_TRAILING_SECTIONS = (
    r"([.!?。！？][\"”'\)]?)[ \t]*\r?\n(?:" + FIELD_START + r"[^\n]*\r?\n)*[ \t]*(?:"
    r"(?:Keywords?|Key [Ww]ords|KEYWORDS?|Index Terms|Lay Summary)[ \t]*:?[ \t]*\r?\n[^\n]{1,1000}(?:\r?\n[^\n]{1,100}){0,15}\s*"
    r"|How to Cite[ \t]*\r?\n[\s\S]*|(?:Downloads|Published)[ \t]*\r?\n[\s\S]*?\n[ \t]*How to Cite[ \t]*\r?\n[\s\S]*"
    r"|(?:Figures and Tables from this paper|Topics|Results from the Paper|Related Material|PDF Abstract(?:[ \t]+[^\n]{1,120}?[ \t]Abstract)?(?:[ \t]+(?:Code|Edit))*)[ \t]*(?:\r?\n[\s\S]*)?"
    r"|(?:Similar content being viewed by others|Recommended articles|People also read|You (?:may|might) also like|Related (?:[Aa]rticles|[Pp]apers|[Rr]esearch))[ \t]*\r?\n[\s\S]*"
    r"|TL;?DR;?[ \t]*[:：]?[ \t]*(?:\r?\n[ \t]*)?[^\n]{1,500}\s*"
    r"|(?:Competing Interest Statement|Funding Statement|Author Declarations|Data Availability(?: Statement)?|Footnotes|Copyright"
    r"|Conflicts? of [Ii]nterests?|Declaration of [Cc]ompeting [Ii]nterest|Acknowledge?ments?(?: and Disclosures)?|Funding)[ \t]*(?:[:：]|\r?\n)[\s\S]*"
    r"|(?:" + _CITE_HEADING + r"[ \t]*:?[ \t]*\r?\n[ \t]*)*@(?i:article|inproceedings|misc|conference|incollection|inbook|book|phdthesis|techreport|unpublished|online)[ \t]*\{[\s\S]*"
    r"|" + _CITE_HEADING + r"[ \t]*:?[ \t]*\r?\n[ \t]*[\p{Lu}\d\[][^\n]{0,400}\(?(?:19|20)\d{2}[a-z]?\)?[^\n]{0,300}\s*"
    r"|Suggested Citation[ \t]*:[\s\S]*|Anthology ID[ \t]*:[\s\S]*|(?:References|REFERENCES)[ \t]*\r?\n[ \t]*(?:\[1\]|1\.)[ \t][\s\S]*|Cited [Bb]y[ \t]*(?:\r?\n[\s\S]*)?"
    r"|#{1,6}[ \t]+" + README_SECTIONS + r"\b[^\n]*(?:\r?\n[\s\S]*)?"
    r"|(?:1|I)\.?[ \t]+(?:Introduction|INTRODUCTION)[ \t]*\r?\n[\s\S]*"  # a PDF's text past its abstract
    r"|(?:CCS Concepts|Additional Key Words and Phrases|ACM Reference Format)[ \t]*(?:[:：]|\r?\n)[\s\S]*"
    r"|(?:推荐理由|推薦理由|点评|點評|短评|短評|编者按|編者按|小编点评|小編點評|个人(?:评价|点评|看法)|個人(?:評價|點評|看法))[ \t]*[:：][\s\S]*)\z"
)

# A PDF's text past its abstract when the page was flattened to one line: "... key blocks. 1 Introduction Transformers are ..."
# (or "1. Introduction", "I. INTRODUCTION"), the heading after a sentence and before a capital or a line break.
_FLATTENED_BODY = r"([.!?][\"”'\)]?)[ \t]+(?:1|I)\.?[ \t]+(?:Introduction|INTRODUCTION)(?:[ \t]*\r?\n|[ \t]+[\p{Lu}\[])[\s\S]*\z"


_ABSTRACT_LABELS = (
    "Abstract", "Abstract and Figures", "ABSTRACT", "摘要", "摘 要", "摘\u3000要", "要旨", "要約", "概要", "초록", "요약", "Аннотация", "АННОТАЦИЯ", "Zusammenfassung",
    "Résumé", "Resumen", "Resumo", "Riassunto", "Sommario", "Samenvatting", "Streszczenie", "Özet", "抄録", "Abstrak", "Tóm tắt",
    "Анотація", "a b s t r a c t",  # the last: Elsevier's PDFs, letters spaced out
)
# An abstract label at the start of one of a block's first lines, before the markup is
# converted: alone on its line as a heading ("## Abstract", "<h3>Abstract</h3>",
# "\\section*{Abstract}", "Abstract"), in bold in front of the text ("**Abstract** We ...",
# "<b>Abstract</b>", "\\textbf{Abstract}"; an awesome-list's folded "<details><summary>Abstract</summary>") or as a
# field ("Abstract: We ..."). Up to six lines above it (title, authors, an OpenReview entry's keywords and TL;DR) go with it. A plain
# "Abstract reasoning ..." is text.
LABEL_WORD = r"(?:" + "|".join((*_ABSTRACT_LABELS, "Summary", "SUMMARY")) + r")"
# As a field only: Paper Digest's "HIGHLIGHT: ..." under its "1, TITLE: ..." and "AUTHORS: ..." lines (a sentence of the abstract),
# and Chinese paper blogs' "简介：" ("论文简介：", "内容简介：") under their "作者：" and "论文地址：" lines.
_FIELD_LABEL_WORD = (
    r"(?:" + LABEL_WORD + r"|HIGHLIGHT|Highlight|(?:论文|論文|内容|內容)?(?:简介|簡介)"
    # qualified labels ("Paper abstract:", "Abstract of the paper:", "摘要（英文）：")
    r"|(?:Paper|Short|Full|Author|Long|Extended)[ \t]+[Aa]bstract|Abstract of the (?:paper|article)|摘要[(（](?:英文|English)[)）])"
)
LABEL_OPEN = r"(?:#{1,6}[ \t]*|\*\*?|__?|<(?:b|strong|em|i|h[1-6]|summary)(?:[ \t][^>\n]*)?>|\\(?:textbf|textit|emph|textsc|(?:sub)?section\*?|paragraph\*?)\{)"
LABEL_CLOSE = r"(?:\*\*?|__?|</(?:b|strong|em|i|h[1-6]|summary)>|\})"
_LABEL_MARK = r"[ \t]*[:：.—–]?[ \t]*"
_LABEL_LINE = r"(?:" + LABEL_OPEN + r"[ \t]*){0,2}" + LABEL_WORD + _LABEL_MARK + r"(?:" + LABEL_CLOSE + r"){0,2}" + _LABEL_MARK + r"\r?\n"
_HEADING_LABEL = (
    r"\A(?:(?:[^\n]{0,600}\n){0,6}?[ \t]*(?:[-*+•][ \t]+)?(?:<details(?:[ \t][^>\n]*)?>[ \t]*)?(?:"
    + _LABEL_LINE
    + (r"|(?:" + LABEL_OPEN + r"[ \t]*){1,2}" + LABEL_WORD + _LABEL_MARK + r"(?:" + LABEL_CLOSE + r"){1,2}" + _LABEL_MARK)
    + (r"|" + _FIELD_LABEL_WORD + r"[ \t]*(?:[:：]|\.[ \t]*[—–]|[ \t]-[ \t])[ \t]*")  # "Abstract:", a journal's "Abstract.—", "Abstract - "
    # a label alone on its line under up to sixteen short lines: a page that writes each element on a line of its own (Hugging
    # Face's paper page: title, date, submitter, each author and each comma between them; MDPI's: title, authors, each
    # affiliation, the correspondence note, the citation and the article's history)
    + r")|(?:[^\n]{0,160}\n){7,16}?[ \t]*" + _LABEL_LINE
    + r")\s*"
)


# A paper's title on the first line of a block, above its abstract (and an author line under it):
# not ending like a sentence piece or on a function word, followed by a line that starts a sentence
# and at least twice as long, and either in Title Case (two or more capitalized words; no lower-case
# word of four letters or more but the prepositions and conjunctions titles keep small; a hard-wrapped
# abstract's first line is about as long as its second, so a title must be under three quarters of
# it), above an abstract on one paragraph-length line (a listing's "title, then abstract"), or in any
# case (three words or more) above a hard-wrapped abstract: lines of at least ``WRAPPED_WIDTH``
# characters, the second at least four fifths of the first, and the title at most three fifths of it.
# Wrapping fills every line but the last, so an abstract's own first line is never that short.
# Under the author line, a line of their affiliations may follow ("1 University of X, 2 Y Lab", "¹MIT ²Stanford"): it starts
# with an affiliation mark (a number and a space, or a superscript or a symbol) and a capital, and names an institution.
_AFFILIATIONS = r"(?:\d{1,2}[ \t]+|[¹²³⁴⁵⁶⁷⁸⁹*†‡]{1,2}[ \t]*)\p{Lu}[^\n]{0,300}?(?i:universit|institut|college|school|laborator|\blabs?\b|research|academy|cent(?:er|re)|department|hospital|inc\.|ltd)[^\n]{0,300}"
# ... or without marks: a line of capitalized words (and the small words of names: "of", "and", "für") with an institution's
# word, an acronym (six capitals at most: a structured abstract's "BACKGROUND" is none) or a company's name in it ("MIT CSAIL",
# "University of Warsaw", "Google DeepMind"; "Large Language Models Are Hard" has none); and the authors' e-mail addresses ("{maria, wei}@example.org", "maria@uw.edu.pl, wei.li@example.org").
_ORG_WORD = r"(?:[A-Z][^ \t\r\n,;]*|of|and|for|the|at|de|du|des|di|der|für|&)"  # small classes: the title pattern's size limit
_ORG_KEY = (
    r"(?:[A-Z]{2,6}[0-9]*|Universit[^ \t\r\n,;]*|Institut[^ \t\r\n,;]*|College|School|Laborator[^ \t\r\n,;]*|Labs?|Research|Academy|Cent(?:er|re)"
    r"|Department|Hospital|Inc\.?|Ltd\.?|Google|DeepMind|Microsoft|Meta|OpenAI|NVIDIA|Nvidia|Amazon|Apple|Alibaba|Tencent|Baidu|Huawei|ByteDance"
    r"|Anthropic|Salesforce|Adobe|Samsung|Intel)"
)
_ORG_SEPARATOR = r"[ \t]*[,;]?[ \t]+"
_INSTITUTIONS = r"(?:" + _ORG_WORD + _ORG_SEPARATOR + r"){0,8}" + _ORG_KEY + r"(?:" + _ORG_SEPARATOR + _ORG_WORD + r"){0,8}"
_EMAIL = r"(?:\{[^{}\n]{1,200}\}|[A-Za-z0-9._+-]+)@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"
_EMAILS = _EMAIL + r"(?:[ \t]*[,;]?[ \t]*" + _EMAIL + r")*"
# Lines a listing puts between the title (or the authors) and the abstract: a presentation line ("Poster", "Oral Presentation",
# "[Spotlight]", "Poster Session 3"), the venue ("ICML 2025", "NeurIPS 2024 Spotlight") and metadata fields (an arXiv
# listing's "Comments:" and "Subjects:", OpenReview's "Published:" and "Readers:"), a blog post's byline (and Medium's lines around
# it: "Listen", "Share", the date), the paper's link alone.
_UNDER_TITLE = (
    r"(?:[ \t]*(?:[\[(]?" + _PRESENTED + r"(?i:[ \t]+(?:presentation|paper|session(?:[ \t]*#?[ \t]*\d{1,3}[a-z]?)?))?[\])]?"
    r"|\p{Lu}[\p{L}&.'’-]{1,15}(?:[ \t]+\p{Lu}[\p{L}&.'’-]{1,15}){0,2}[ \t]*['’-]?[ \t]*(?:19|20)?\d{2}(?:[ \t]+" + _PRESENTED + r")?"
    r"|(?:" + _CHROME_FIELDS + r")[^\n]*|" + DATED_BYLINE + r"|" + BLOG_BYLINE + r"|" + _POST_ACTIONS + r"|" + _FULL_DATE + r"|Edit social preview|(?:https?://|www\.)\S+"
    r"|" + PMLR_CITATION + r"|" + LINK_BADGES + r")[ \t]*\r?\n)*"  # PMLR's citation and links
)
# Google Scholar's line under a title (its search results and alerts): authors as initials and surname, then the venue and
# year or the site ("J Doe, W Zhang - arXiv preprint arXiv:2506.01234, 2025", "A Vaswani, N Shazeer… - Advances in neural …,
# 2017 - proceedings.neurips.cc").
_SCHOLAR_NAME = r"\p{Lu}{1,3}(?:-\p{Lu})?[ \t]+(?:(?:de|del|der|van|von|da|di|la|le)[ \t]+)*\p{Lu}[\p{L}'’-]+"
SCHOLAR_BYLINE = (
    r"(?:…[ \t]*)?" + _SCHOLAR_NAME + r"(?:,[ \t]*" + _SCHOLAR_NAME + r")*(?:[ \t]*…)?[ \t]+[-–][ \t]+"
    r"[^\n]{0,200}?(?:(?:19|20)\d{2}|arXiv|\.(?:com|org|net|edu|cc|io|gov))[^\n]{0,120}"
)
_HEADING_MARKS = r"#{1,6}[ \t]+"  # a Markdown heading's: the title is the heading ("### Title")
TITLE_LINE_CHARS = 250  # the longest title line (with its marks) that ``strip_title_line`` reads
_TITLE_LINE = (
    r"\A[ \t]*(?:Title[ \t]*:[ \t]*|" + _HEADING_MARKS + r")?([^\n]{2," + str(TITLE_LINE_CHARS) + r"}?)[ \t]*\r?\n(?:[ \t]*(?:[*_]{0,2}" + AUTHORS + r"[*_]{0,2}|" + SCHOLAR_BYLINE + r")[ \t]*\r?\n)?"
    r"(?:[ \t]*(?:" + _AFFILIATIONS + r"|" + _INSTITUTIONS + r"|" + _EMAILS + r")[ \t]*\r?\n){0,4}"
    + _UNDER_TITLE + r"[ \t]*"
)
# What a block with a title line starts with: the line, then one that starts with a capital, a digit or a quote (the abstract or
# the author line; ``_strip_title_line`` wants the abstract to start so) or a link. Without captures: most hard-wrapped abstracts fail it fast.
MAY_BE_TITLE_LINE = r"\A[ \t]*(?:Title[ \t]*:[ \t]*|" + _HEADING_MARKS + r")?[^\n]{2," + str(TITLE_LINE_CHARS) + r"}?[ \t]*\r?\n[ \t]*(?:[*_\[(]{0,2}[\p{Lu}\d\"“']|https?://|www\.)"
# A hard-wrapped abstract's lines: all but the last are about as long as the first, at least this wide.
WRAPPED_WIDTH = 50
_TITLE_SMALL_WORDS = r"(?:with|from|into|onto|over|upon|than|without|within|through|towards?|beyond|across|under|versus|when|where|while)"
_FUNCTION_WORD_END = (
    r"(?i:\b(?:and|or|of|the|a|an|to|in|for|with|on|by|as|at|from|via|is|are|we|our|like|such|including|than|into|onto|over"
    r"|between|under|using|that|which|these|this|their|its|has|have|had|was|were|be|been|can|could|will|would|not|also|both|each|more|most))\z"
)


# A BibTeX entry (DBLP, Semantic Scholar and ACL Anthology exports) whose ``abstract`` field is read as the block.
BIBTEX_ENTRY = r"^\s*@[A-Za-z]+\s*\{[^\s,{}]*,"


# A JSON object per block (a scraper's JSON lines written as text, or an object of an array ``split`` cut) with an abstract
# field: the field is read as the block. OpenReview's API writes it as {"content": {"abstract": {"value": "..."}}}.
JSON_RECORD = r'^\s*\{[\s\S]*"(?i:' + "|".join(JSON_ABSTRACT_KEYS) + r')"\s*:\s*\{?\s*"[\s\S]*\}\s*$'


# A GitHub emoji shortcode (``:fire:``, ``:white_check_mark:``, ``:+1:``) as a word of its own, as awesome-lists and READMEs
# decorate entries: the page shows the emoji, and so does the text (``emojize_shortcodes``); unknown names stay as written.
SHORTCODE_NAME = r":[a-z0-9_+\-]{2,40}:"
SHORTCODE = r"(?:^|[\s(\[*_])(" + SHORTCODE_NAME + r")(?:$|[\s.,;!?)\]*_])"  # polars has no lookaround: the rows to convert
_SHORTCODE_RE = re.compile(r"(?<![^\s(\[*_])" + SHORTCODE_NAME + r"(?![^\s.,;!?)\]*_])")


def _replace_where(
    text: pl.Expr, pattern: str, replacement: str, prefilter: Callable[[pl.Series], pl.Series], select: Callable[[pl.Series], pl.Series] | None = None
) -> pl.Expr:
    """``pattern`` replaced by ``replacement`` in the rows ``select`` picks (by default the rows ``pattern`` matches) among
    those the cheaper ``prefilter`` picks; the other rows as they are."""
    chosen = select or (lambda batch: batch.str.contains(pattern))
    return _on_rows(text, chosen, _vectorized(lambda t: t.str.replace_all(pattern, replacement)), prefilter)


# A Chinese post's field label in lenticular brackets at a line's start ("【论文标题】…", "【作者】…", "【摘要】…"): the label with a
# colon, as the field rules read it ("作者：…"); a venue's tag ("【ICML 2025】") is no label.
_BRACKET_LABEL = r"(?m)^[ \t]*【([\p{Han}\p{Katakana}\x{30FC}\p{Hangul}]{1,8})】[ \t]*"  # "【タイトル】", "【제목】" too
# A post's category in such brackets ("【論文紹介】Title", "【论文解读】Title") is no field label: it goes.
_BRACKET_CATEGORY = r"(?m)^[ \t]*【(?:论文|論文|每日)?(?:解读|解讀|紹介|推荐|推薦|速递|速遞|分享|精选|精選|导读|導讀|笔记|筆記)】[ \t]*"


def bracket_labels(text: pl.Expr) -> pl.Expr:
    """Field labels in lenticular brackets (``_BRACKET_LABEL``) written with a colon; a post's category (``_BRACKET_CATEGORY``) goes."""
    return _on_rows(
        text,
        lambda batch: batch.str.contains(_BRACKET_LABEL),
        _vectorized(lambda t: t.str.replace_all(_BRACKET_CATEGORY, "").str.replace_all(_BRACKET_LABEL, "${1}：")),
        lambda batch: batch.str.contains("【", literal=True),
    )


# Emoji that label a post's lines ("📄 Title" / "👥 Jane Doe, John Roe" / "🔗 https://..." / "📝 We propose ..."), as paper digests
# on social media and chat channels write an entry: dropped where two or more lines start with one, so the line rules read
# the title, authors and link.
_EMOJI_LABEL = r"(?m)^[ \t]*(?:" + EMOJI + r"(?:\x{200d}" + EMOJI + r")*[ \t]*)+"


def unlabel_lines(text: pl.Expr) -> pl.Expr:
    """Drop the emoji that label a block's lines (``_EMOJI_LABEL``) where two or more lines start with one."""
    return _replace_where(
        text,
        _EMOJI_LABEL,
        "",
        lambda batch: batch.str.contains(r"\n[ \t]*" + EMOJI),  # a line after the first starts with one: a literal first (10x faster)
        lambda batch: batch.str.count_matches(_EMOJI_LABEL) >= 2,
    )


# A Markdown footnote ("a method[^1] for", and its note "[^1]: Code at ...", a line of its own): a side remark, like LaTeX's
# ``\footnote``, which is dropped too.
# A label is a number or a word ("[^note-1]"); a character class in a formula ("[^0-9]", "[^a-z]") is none.
_FOOTNOTE_MARK = r"\[\^(?:[0-9]{1,3}|[A-Za-z][A-Za-z0-9_]{1,19}(?:-[A-Za-z0-9_]{1,19})*)\]"
_FOOTNOTE_NOTE = r"(?m)^[ \t]*" + _FOOTNOTE_MARK + r":[^\n]*(?:\n|\z)"


def strip_footnotes(text: pl.Expr) -> pl.Expr:
    """Drop Markdown footnotes: their marks and their notes' lines (``_FOOTNOTE_NOTE``)."""
    return text.str.replace_all(_FOOTNOTE_NOTE, "").str.replace_all(_FOOTNOTE_MARK, "")


def emojize_shortcodes(text: str) -> str:
    """Each emoji shortcode of ``SHORTCODE`` that names an emoji (GitHub's aliases, the ``emoji`` package) as the emoji."""
    import emoji  # loaded on the first row with a shortcode

    return _SHORTCODE_RE.sub(lambda code: emoji.emojize(code.group(), language="alias"), text)


def _field_text(value: object) -> object:
    """A JSON field as text where it is one: OpenReview's ``{"value": text}``, OpenAlex's inverted index (each word with
    its positions) as its words in order, Crossref's list of strings (``"title": ["…"]``) joined; other values as they are."""
    if isinstance(value, list) and value and all(isinstance(item, str) for item in value):
        return " ".join(item.strip() for item in value if item.strip())
    if not isinstance(value, dict):
        return value
    if "value" in value:
        return value["value"]
    if not value or not all(isinstance(ats, list) and all(isinstance(at, int) for at in ats) for ats in value.values()):
        return None
    return " ".join(word for _, word in sorted((at, word) for word, ats in value.items() for at in ats)) or None


def json_abstract(entry: str) -> str:
    """The abstract field of a JSON object (``json_field`` of ``JSON_ABSTRACT_KEYS``), else the entry as it is."""
    found = json_field(entry, JSON_ABSTRACT_KEYS)
    return entry if found is None else found


def json_field(entry: str, keys: tuple[str, ...]) -> str | None:
    """The first of ``keys`` (lower case; matched in any case) a JSON object holds as text (a non-empty string, an object
    whose ``value`` is one, or an inverted index: ``_field_text``), at its top or one object down; None if none."""
    try:
        value = json.loads(entry)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    for fields in (value, *(inner for inner in value.values() if isinstance(inner, dict))):
        texts = {str(key).lower(): _field_text(text) for key, text in fields.items()}
        found = next((texts[name] for name in keys if isinstance(texts.get(name), str) and texts[name].strip()), None)
        if found is not None:
            return found
    return None


# A tagged bibliographic record, whose abstract field is read as the block: RIS (Zotero, EndNote, Mendeley and publishers'
# exports: "TY  - JOUR", "TI  - …", "AB  - …" or "N2  - …", "ER  - "; a tag is two to four capitals or digits padded to four
# characters, then "- "), MEDLINE (PubMed's: "PMID- 123", "AB  - …" with its continuation lines indented), Web of Science's
# plain-text export ("PT J" or "FN Clarivate Analytics Web of Science" first; two-letter tags, continuation lines indented)
# and EndNote's or refer's ("%0 Journal Article", "%T" title, "%A" author, "%X" abstract).
TAGGED_RECORD = r"\A\s*(?:TY  - |PMID- |FN (?:Clarivate|Thomson)|PT [A-Z][ \t]*\r?\n|%[0-9A-Z] [^\n]*\r?\n%[0-9A-Z@+] )"
_TAG_LINE = re.compile(r"^(?=[A-Z][A-Z0-9 ]{3}-)([A-Z][A-Z0-9]{1,3}) *- ?(.*)$")
_WOS_TAG_LINE = re.compile(r"^([A-Z][A-Z0-9])(?: (.*))?$")  # "TI Title", "ER"; continuation lines start with spaces
_REFER_TAG_LINE = re.compile(r"^%([0-9A-Z@+]) ?(.*)$")
_REFER_TAGS = {"T": "TI", "X": "AB", "A": "AU", "J": "JO", "D": "PY", "K": "KW", "U": "UR"}  # as RIS names them


def tagged_abstract(entry: str) -> str:
    """The ``AB`` (or ``N2``) field of a tagged record (``TAGGED_RECORD``), else the entry as it is."""
    found = tagged_field(entry, ("AB", "N2"))
    return entry if found is None else found


def tagged_field(entry: str, tags: tuple[str, ...]) -> str | None:
    """The first of ``tags`` (RIS's names) a tagged record holds, its continuation lines (untagged) included; None if none."""
    start = entry.lstrip()
    tag_line = _REFER_TAG_LINE if start.startswith("%") else _WOS_TAG_LINE if start.startswith(("FN ", "PT ")) else _TAG_LINE
    fields: list[tuple[str, list[str]]] = []
    for line in entry.strip().splitlines():
        tagged = tag_line.match(line)
        if tagged:
            tag = _REFER_TAGS.get(tagged.group(1), tagged.group(1)) if tag_line is _REFER_TAG_LINE else tagged.group(1)
            fields.append((tag, [(tagged.group(2) or "").strip()]))
        elif fields:
            fields[-1][1].append(line.strip())
    for wanted in tags:
        text = "\n".join(line for tag, lines in fields if tag == wanted for line in lines if line)
        if text:
            return text
    return None


# A LaTeX source's abstract environment, with its preamble, title, keywords or sections around it ("\maketitle" /
# "\begin{abstract}" / … / "\end{abstract}" / "\begin{IEEEkeywords}" / … / "\section{Introduction}"): the environment's
# content is the block, without LaTeX's comments ("% TODO: shorten"; before, a comment line ran into the abstract, and what
# followed the environment stayed: "§ INTRODUCTION …").
LATEX_ABSTRACT_ENV = r"\\begin\{abstract\}[\s\S]*?\\end\{abstract\}"
_LATEX_ABSTRACT_RE = re.compile(r"\\begin\{abstract\}([\s\S]*?)\\end\{abstract\}")
_LATEX_COMMENT = re.compile(r"(?<!\\)%[^\n]*")


def latex_abstract(entry: str) -> str:
    """The content of a LaTeX source's first abstract environment (``LATEX_ABSTRACT_ENV``) without comments, else the entry."""
    found = _LATEX_ABSTRACT_RE.search(entry)
    content = _LATEX_COMMENT.sub("", found.group(1)).strip() if found else ""
    return content or entry


# A YAML record (a conference site's data file, a scraper's YAML dump: "title: …" / "authors: …" / "abstract: …", also as a
# list item, "- title: …", with the abstract folded over indented lines, "abstract: >"): its abstract field is read as the
# block. Keys are in lower case, as YAML's are ("Abstract: …" is a label). An abstract that YAML cannot parse (an unquoted
# ": " in it) is read from its key's line and the lines indented under it.
_YAML_KEY = r"[ \t]*(?:-[ \t]+)?[a-z][a-z0-9_]*[ \t]*:(?:[ \t]|\r?\n)"
YAML_RECORD = r"\A(?:" + _YAML_KEY + r"(?:[^\n]*\n)*?)?[ \t]*(?:-[ \t]+)?(?:" + "|".join(JSON_ABSTRACT_KEYS[:-1]) + r")[ \t]*:(?:[ \t]|\r?\n)"
_YAML_FIELD_LINE = re.compile(r"^([ \t]*(?:-[ \t]+)?)([A-Za-z][A-Za-z0-9_]*)[ \t]*:(?:[ \t]+(.*))?$")
_YAML_BLOCK_INDICATOR = re.compile(r"[>|][+-]?\d?")
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's safe loader where PyYAML was built with it (~10x faster)


def yaml_abstract(entry: str) -> str:
    """The abstract field of a YAML record (``YAML_RECORD``), else the entry as it is."""
    found = yaml_field(entry, JSON_ABSTRACT_KEYS)
    return entry if found is None else found


def yaml_field(entry: str, keys: tuple[str, ...]) -> str | None:
    """The first of ``keys`` (lower case) a YAML mapping (or a list of one) holds as text; None if none."""
    try:
        value = yaml.load(entry, Loader=_YAML_LOADER)  # a safe loader: plain data only
    except (yaml.YAMLError, ValueError, RecursionError):  # ValueError: a date that is none ("date: 2025-02-30")
        return _yaml_field_lines(entry, keys)
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if not isinstance(value, dict):
        return None
    texts = {str(key).lower(): text for key, text in value.items()}
    return next((texts[key].strip() for key in keys if isinstance(texts.get(key), str) and texts[key].strip()), None)


def _yaml_field_lines(entry: str, keys: tuple[str, ...]) -> str | None:
    """A field read from its key's line and the lines indented deeper than its key under it (quotes and a block indicator dropped)."""
    lines = entry.splitlines()
    fields = [(i, match) for i, line in enumerate(lines) if (match := _YAML_FIELD_LINE.match(line))]
    for wanted in keys:
        for i, match in fields:
            if match.group(2).lower() != wanted:
                continue
            indent = len(match.group(1))
            value = [] if _YAML_BLOCK_INDICATOR.fullmatch(match.group(3) or "") else [match.group(3) or ""]
            for line in lines[i + 1 :]:
                if line.strip() and len(line) - len(line.lstrip(" \t")) <= indent:
                    break
                value.append(line.strip())
            text = "\n".join(value).strip()
            if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
                text = text[1:-1]
            if text:
                return text
    return None


# An XML record with an abstract element (an OAI-PMH or publisher's export, PubMed's XML: ``<abstract>``, ``<AbstractText>``,
# Dublin Core's ``<dc:description>``): the elements' texts are the block's (before, its title and abstract elements ran
# together, "Sparse Attention via RoutingWe propose ...").
XML_RECORD = (
    r"\A\s*(?:<\?xml[^>]*>\s*)?(?:<[A-Za-z][\w:.-]*(?:\s[^>]*)?>[\s\S]*<(?i:abstract|abstracttext|dc:description|description)"
    r"|<(?:item|entry)(?:\s[^>]*)?>[\s\S]*<summary)(?:\s[^>]*)?>"  # an RSS item's description, an Atom entry's summary (arXiv's API)
)
_XML_SECTIONS = re.compile(r"<((?i:abstracttext))(?:\s[^>]*)?>([\s\S]*?)</\1\s*>")  # PubMed's (``<AbstractText Label="METHODS">``)
_XML_ABSTRACT = re.compile(r"<((?i:abstract|dc:description|description|summary))(?:\s[^>]*)?>([\s\S]*?)</\1\s*>")
XML_TITLE = re.compile(r"<((?i:title|articletitle|dc:title))(?:\s[^>]*)?>([\s\S]*?)</\1\s*>")
# JATS's heading inside an abstract element ("<abstract><title>Abstract</title><p>…"): not the abstract's words.
_XML_LABEL_TITLE = re.compile(r"<(title|label)(?:\s[^>]*)?>\s*(?:" + "|".join(map(re.escape, _ABSTRACT_LABELS)) + r")\s*[:.]?\s*</\1\s*>", re.IGNORECASE)


def xml_abstract(entry: str) -> str:
    """An XML record's abstract (``XML_RECORD``): its sections' texts one after the other (PubMed's ``<AbstractText>``
    inside its ``<Abstract>``), else the longest abstract element without a label heading (arXiv's OAI-PMH record has a
    second ``<dc:description>``, "Comment: 12 pages"; JATS's a graphical abstract); else the entry as it is."""
    found = xml_field(entry, _XML_SECTIONS)
    if found:
        return found
    longest = max(_xml_texts(entry, _XML_ABSTRACT), key=len, default="")
    return _XML_LABEL_TITLE.sub(" ", longest).strip() if longest else entry


def xml_field(entry: str, element: re.Pattern[str]) -> str | None:
    """The texts of the elements ``element`` finds in an XML record, joined by spaces; None if it holds none with text."""
    return " ".join(texts) if (texts := _xml_texts(entry, element)) else None


def _xml_texts(entry: str, element: re.Pattern[str]) -> list[str]:
    """The non-empty texts of the elements ``element`` finds in an XML record (group 2), stripped."""
    return [text for found in element.finditer(entry) if (text := found.group(2).strip())]


def bibtex_abstract(entry: str) -> str:
    """The ``abstract`` field of a BibTeX entry (``bibtex_field``), else the entry as it is."""
    found = bibtex_field(entry, "abstract")
    return entry if found is None else found


def bibtex_field(entry: str, name: str) -> str | None:
    """A field of a BibTeX entry (braces or quotes, nested braces kept); None if it has none (or it does not close)."""
    field = re.search(r"[,\s]" + name + r"\s*=\s*([{\"])", entry, re.IGNORECASE)
    if field is None:
        return None
    depth, start = 0, field.end()
    for end in range(start, len(entry)):
        char = entry[end]
        if entry[end - 1] == "\\":  # \{ \} \" are text
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                return entry[start:end].strip() if field.group(1) == "{" else None
            depth -= 1
        elif char == '"' and field.group(1) == '"' and depth == 0:
            return entry[start:end].strip()
    return None


# A structured record's own venue fields (a JSON object's, at its top or one object down, OpenReview's ``{"value": …}`` too; a
# BibTeX entry's) and year fields; DBLP's ``CoRR`` is arXiv (``headers.parse_header`` reads Semantic Scholar's ``arXiv.org``).
_VENUE_KEYS = ("venue", "booktitle", "journal", "conference", "journal_name", "container-title")
_YEAR_KEYS = ("year", "publication_year", "pub_year")
_BIBTEX_YEAR = re.compile(r"[,\s]year\s*=\s*[{\"]?\s*((?:19|20)\d{2})", re.IGNORECASE)
_CORR = re.compile(r"(?i)(?<![\w.])corr(?![\w.])")


def record_venue(raw: str) -> str | None:
    """The venue and year a BibTeX entry or a JSON record names in its own fields, as one line (``Proceedings of the 41st
    International Conference on Machine Learning 2024``, ``ICLR 2024 poster``), for ``headers.parse_header``; None without a
    venue field."""
    venue, year = None, None
    if re.match(BIBTEX_ENTRY, raw):
        venue = next((found for name in ("booktitle", "journal") if (found := bibtex_field(raw, name))), None)
        year = match.group(1) if (match := _BIBTEX_YEAR.search(raw)) else None
    elif raw.lstrip().startswith("{"):
        try:
            value = json.loads(raw)
        except (ValueError, RecursionError):
            return None
        for fields in (value, *(inner for inner in value.values() if isinstance(inner, dict))) if isinstance(value, dict) else ():
            named = {str(key).lower(): _field_text(text) for key, text in fields.items()}
            venue = venue or next((named[key] for key in _VENUE_KEYS if isinstance(named.get(key), str) and named[key].strip()), None)
            year = year or next((str(fields[key]) for key in fields if str(key).lower() in _YEAR_KEYS and re.fullmatch(r"(?:19|20)\d{2}", str(fields[key]))), None)
    if not venue:
        return None
    venue = _CORR.sub("arXiv", venue)
    return venue if year is None or year in venue else f"{venue} {year}"


# A title line above metadata field lines and the abstract, without an abstract label ("Title" / "Authors: ..." / "Comments: ..."
# / "We ...", a Chinese paper blog's "1. Title" / "作者：..." / "链接：..." / "We ..."): the title goes with the fields. The first
# line does not end like a sentence piece, and what stays is an abstract: no chrome line (a field, "Show more") starts it,
# and it is at least twice as long as the title line (an abstract's own wrapped first line above a stray field stays).
_TITLE_ABOVE_FIELDS = r"\A[ \t]*(?:" + ENTRY_NUMBER + r"[ \t]+)?[^\n]{1,300}?[^.,;:：。，；\s][ \t]*\r?\n(?:" + FIELD_START + r"[^\n]*\r?\n)+"


def _strip_title_above_fields(text: pl.Expr) -> pl.Expr:
    rest = text.str.replace(_TITLE_ABOVE_FIELDS, "")
    title = text.str.extract(r"\A([^\n]*)", 1)
    is_abstract = ~rest.str.contains(_STARTS_WITH_CHROME) & (rest.str.len_chars() >= 2 * title.str.len_chars())
    return pl.when(is_abstract).then(rest).otherwise(text)


# A Bluesky handle ("@jane.bsky.social") or a Mastodon address ("(@jane@sigmoid.social)"), as a post's author line ends.
SOCIAL_HANDLE = r"\(?@[A-Za-z0-9_-]{1,30}(?:(?:\.[A-Za-z0-9-]{1,30})+|@[A-Za-z0-9-]{1,30}(?:\.[A-Za-z0-9-]{1,30})+)\)?"
# A social post's head above its text: the author's name and headline (up to three short lines) above the post's age
# (LinkedIn's "2d • Edited", "1w •", "2d") or above the author's handle and the post's age (X's "@janedoe · 3h"); or the
# author's line with a Bluesky handle or a Mastodon address.
_POST_HEAD = (
    r"\A(?:(?:[ \t]*[^\n]{1,120}\r?\n){0,3}?[ \t]*(?:[0-9]{1,2}(?:h|d|w|mo|yr)(?:[ \t]*•[^\n]*)?"
    r"|@[A-Za-z0-9_]{1,15}[ \t]*·[ \t]*(?:[0-9]{1,2}[smhd]|[A-Z][a-z]{2}[ \t]+[0-9]{1,2}(?:,[ \t]*[0-9]{4})?))"
    # or the author's line that ends with a Bluesky handle ("Jane Doe @jane.bsky.social") or a Mastodon address ("(@jane@sigmoid.social)")
    r"|[ \t]*[^\n@]{0,80}?" + SOCIAL_HANDLE + r")[ \t]*\r?\n"
)


def _strip_post_head(text: pl.Expr) -> pl.Expr:
    """The text after its post head (``_POST_HEAD``) when more than chrome lines follow it: above an age line and chrome
    alone ("We study X." / "2d • Edited" / "Show more"), the text is no head."""
    rest = text.str.replace(_POST_HEAD, "")
    line = pl.element()
    only_chrome = rest.str.split("\n").list.eval(is_chrome_line(line) | (line.str.strip_chars() == "")).list.all()
    return pl.when(only_chrome).then(text).otherwise(rest)


def strip_chrome(text: pl.Expr) -> pl.Expr:
    """Drop the arXiv stamp a PDF's text holds between two lines (``_PDF_STAMP_LINE``), an arXiv e-mail listing's fields and
    its last line (``_ARXIV_DIGEST_HEAD``, ``_ARXIV_DIGEST_TAIL``), a social post's
    head (``_POST_HEAD``), whole lines of
    site chrome (``CHROME_LINE``, ``_TITLE_AUTHORS``) at the start and the end of a raw block, a title above field lines
    (``_TITLE_ABOVE_FIELDS``), page links
    after its last sentence (``_TRAILING_PAGE_LINKS``), link badges, "Read more" (``_TRAILING_LINKS``), a keywords or
    "How to Cite" section (``_TRAILING_SECTIONS``), a PDF's text past its abstract on the same line (``_FLATTENED_BODY``), keywords, ids, badges and hashtags on its last line (``_TRAILING_TAGS``), a venue note (``_TRAILING_VENUE_NOTE``), author footnotes (``_TRAILING_AUTHOR_NOTES``), the authors (``_TRAILING_AUTHORS``) or a copyright notice (``_TRAILING_COPYRIGHT``) ending it, and link badges
    starting it (``_LEADING_LINKS``)."""
    text = _on_rows(
        text,
        lambda batch: batch.str.contains(_PDF_STAMP_LINE),
        _vectorized(lambda t: t.str.replace_all(_PDF_STAMP_LINE, "${1}")),
        lambda batch: batch.str.contains("\narXiv:", literal=True),
    )
    digest = _on_rows(
        text,
        lambda batch: batch.str.contains(_ARXIV_DIGEST_HEAD) | batch.str.contains(_ARXIV_DIGEST_TAIL),
        _vectorized(lambda t: t.str.replace(_ARXIV_DIGEST_HEAD, "").str.replace(_ARXIV_DIGEST_TAIL, "")),
        lambda batch: batch.str.contains("\\\\", literal=True),
    )
    posts = _on_rows(
        digest,
        lambda batch: batch.str.contains(_POST_HEAD),
        _vectorized(_strip_post_head),
        lambda batch: batch.str.contains_any(["•", "·", "@"]) | batch.str.contains(r"\n[ \t]*[0-9]{1,2}(?:h|d|w|mo|yr)[ \t]*\r?\n"),
    )
    fields = _on_rows(
        _strip_chrome_edges(posts),
        lambda batch: batch.str.contains(_TITLE_ABOVE_FIELDS),
        _vectorized(_strip_title_above_fields),
        lambda batch: batch.str.contains("\n", literal=True),
    )
    pages = _on_rows(
        fields,
        lambda batch: batch.str.contains(_TRAILING_PAGE_LINKS),
        _vectorized(lambda t: t.str.replace(_TRAILING_PAGE_LINKS, "${1}")),
        lambda batch: batch.str.contains(_ENDS_WITH_PAGE_LINK),
    )
    links = _on_rows(pages, lambda batch: batch.str.contains(_TRAILING_LINKS), _vectorized(lambda t: t.str.replace(_TRAILING_LINKS, "${1}${2}${3}${4}${5}${6}${7}")))
    sections = _on_rows(
        links,
        lambda batch: batch.str.contains(_TRAILING_SECTIONS),
        _vectorized(lambda t: t.str.replace(_TRAILING_SECTIONS, "${1}")),
        lambda batch: batch.str.contains(
            r"\n[ \t]*(?:@|Cit|Bib|BIB|Please cite|How to cite|Key|KEY|Index Terms|Lay Summary|How to Cite|Figures and Tables|Topics|Results from|Related|Similar content|Recommended|People also|You m|PDF Abstract|TL;?DR|Competing|Funding|Author Decl|Conflict|Declaration of|Acknowledg|Data Avail|Footnotes|Copyright|CCS|Additional Key|ACM Ref|Suggested|Anthology ID|References|REFERENCES|Cited|#|推|点|點|短|编|編|小|个|個|(?:1|I)\.?[ \t]+(?:Intro|INTRO))"
        ),
    )
    body = _on_rows(
        sections,
        lambda batch: batch.str.contains(_FLATTENED_BODY),
        _vectorized(lambda t: t.str.replace(_FLATTENED_BODY, "${1}")),
        lambda batch: batch.str.contains_any(["Introduction", "INTRODUCTION"]),
    )
    badges = _on_rows(
        body,
        lambda batch: batch.str.contains(_LEADING_LINKS),
        _vectorized(lambda t: t.str.replace(_LEADING_LINKS, "${1}")),
        lambda batch: batch.str.contains(r"\A[ \t]*(?:\[|arXiv:)"),
    )
    tags = _on_rows(
        badges,
        lambda batch: batch.str.slice(-TRAILING_TAGS_CHARS).str.contains(_TRAILING_TAGS),
        _vectorized(_strip_from_tail(_TRAILING_TAGS, TRAILING_TAGS_CHARS)),
        lambda batch: batch.str.slice(-TRAILING_TAGS_CHARS).str.contains(_MAY_HAVE_TRAILING_TAGS),  # 15x faster than its words anywhere
    )
    notes = _on_rows(  # selected by the pattern without its end anchor, in the text's last characters (~100x faster)
        tags,
        lambda batch: batch.str.slice(-VENUE_NOTE_CHARS).str.contains(_VENUE_NOTE),
        _vectorized(_strip_from_tail(_TRAILING_VENUE_NOTE, VENUE_NOTE_CHARS)),
        lambda batch: batch.str.contains("ccepted|CCEPTED|o appear|ublished|resented|roceedings of the|ubmitted|nder review|version of"),  # 6x faster than contains_any here
    )
    author_notes = _on_rows(
        notes,
        lambda batch: batch.str.slice(-AUTHOR_NOTES_CHARS).str.contains(_TRAILING_AUTHOR_NOTES),
        _vectorized(_strip_from_tail(_TRAILING_AUTHOR_NOTES, AUTHOR_NOTES_CHARS)),
        lambda batch: batch.str.contains(_AUTHOR_NOTE_WORDS),
    )
    authors = _on_rows(
        author_notes,
        lambda batch: batch.str.slice(-TRAILING_AUTHORS_CHARS).str.contains(_TRAILING_AUTHORS),
        _vectorized(_strip_from_tail(_TRAILING_AUTHORS, TRAILING_AUTHORS_CHARS)),
        lambda batch: batch.str.slice(-TRAILING_AUTHORS_CHARS).str.contains(_MAY_HAVE_TRAILING_AUTHORS),
    )
    return _on_rows(
        authors,
        lambda batch: batch.str.contains(_TRAILING_COPYRIGHT),
        _vectorized(lambda t: t.str.replace(_TRAILING_COPYRIGHT, "${1}")),
        lambda batch: batch.str.contains(r"©|Copyright|\([cC]\)|icensed under|nder (?:a |the )?(?:CC|Creative)|open access article"),
    )


def _strip_from_tail(pattern: str, chars: int) -> Callable[[pl.Expr], pl.Expr]:
    """A stage that drops ``pattern`` (its first group stays) from a text's last ``chars`` characters."""

    def strip(text: pl.Expr) -> pl.Expr:
        tail = text.str.slice(-chars).str.replace(pattern, "${1}")
        return pl.when(text.str.len_chars() > chars).then(text.str.head(-chars) + tail).otherwise(tail)

    return strip


def _strip_chrome_edges(text: pl.Expr) -> pl.Expr:
    """``_strip_title_authors``, then ``_strip_chrome_lines``, on the blocks of several lines."""
    # One after the other, as each reads its input several times. Only blocks that may hold a citation line, a line only chrome
    # above an abstract, or a no-break space ("Article&nbsp;Metrics") are matched against those patterns too, with no-break
    # spaces read as spaces. The others first check, without splitting them into lines, that they have a link bar line, a card's
    # date line or a chrome third line (which a title and authors need) or a chrome line (or a blank one) at an edge.
    multiline = lambda batch: batch.str.contains("\n", literal=True)  # noqa: E731
    plain = lambda batch: ~batch.str.contains(_CHROME_HINT)  # noqa: E731
    titled = _on_rows(
        text,
        lambda batch: plain(batch)
        & (batch.str.contains(_MAY_HAVE_LINK_BAR) | batch.str.contains(_MAY_HAVE_CARD_DATE) | batch.str.contains(_MAY_HAVE_CHROME_UNDER_AUTHORS)),
        _strip_title_authors,
        multiline,
    )
    lines = _on_rows(titled, lambda batch: plain(batch) & _has_chrome_edge(batch), _vectorized(_strip_chrome_lines), multiline)
    return _on_rows(
        lines,
        lambda batch: batch.str.contains(_CHROME_HINT),
        lambda rows: _vectorized(lambda t: _strip_chrome_lines(t, full=True))(_strip_title_authors(rows)),
        multiline,
    )


def _has_chrome_edge(batch: pl.Series) -> pl.Series:
    """Whether a block starts with a chrome line or ends with a chrome or blank line: what ``_strip_chrome_lines`` (not ``full``) drops.

    The last line is cut out first: a search for a pattern anchored at the text's end tries every line (70 times slower).
    """
    last = batch.str.split("\n").list.last()
    return batch.str.contains(_STARTS_WITH_CHROME) | last.str.contains(_CHROME_WHOLE_LINE) | (last.str.strip_chars() == "")


def is_chrome_line(line: pl.Expr) -> pl.Expr:
    """True for a line that is site chrome wherever it stands at a block's edge (``CHROME_LINE``, ``_CITATION_LINE``)."""
    return line.str.contains(_CHROME_WHOLE_LINE) | line.str.contains(_CITATION_LINE)


def _strip_chrome_lines(text: pl.Expr, full: bool = False) -> pl.Expr:
    """Drop the chrome lines (``_LEADING_CHROME_LINE``) a text starts with, then those (``_CHROME_WHOLE_LINE``, or blank) it ends
    with, up to ``CHROME_LINES`` at each end; one line always stays. ``full``: ``_LEADING_ONLY_LINE`` and ``_CITATION_LINE`` too,
    on lines with no-break spaces read as spaces (for the blocks ``_CHROME_HINT`` finds)."""
    lines = text.str.split("\n")
    line = pl.element()
    leads, ending = line.str.contains(_LEADING_CHROME_LINE), line.str.contains(_CHROME_WHOLE_LINE)
    if full:
        leads = leads | line.str.contains(_LEADING_ONLY_LINE) | line.str.contains(_CITATION_LINE)
        ending = ending | line.str.contains(_CITATION_LINE)
    read = (lambda part: part.list.eval(line.str.replace_all("\u00a0", " ", literal=True))) if full else (lambda part: part)
    leading = read(lines.list.head(CHROME_LINES)).list.eval(leads.cast(pl.UInt32).cum_prod()).list.sum()
    rest = lines.list.slice(pl.min_horizontal(leading, lines.list.len() - 1))
    ending = ending | (line.str.strip_chars() == "")
    trailing = read(rest.list.tail(CHROME_LINES)).list.eval(ending.reverse().cast(pl.UInt32).cum_prod()).list.sum()
    return rest.list.head(rest.list.len() - pl.min_horizontal(trailing, rest.list.len() - 1)).list.join("\n")


def _strip_title_authors(rows: pl.Series) -> pl.Series:
    """The texts without a title and author line that ``_TITLE_AUTHORS`` finds, one head after the other, each materialized
    (as one expression, every head read the one before it three times over: its cost tripled with each head)."""
    for head in _TITLE_AUTHORS:
        rows = rows.to_frame("t").select(_strip_head(pl.col("t"), head)).to_series().alias(rows.name)
    return rows


def _strip_head(text: pl.Expr, head: str) -> pl.Expr:
    parts = text.str.extract_groups(f"({head})")  # anchored at the text's start: one search for the match, the title and the author line
    whole, title, authors = (parts.struct.field(group) for group in ("1", "2", "3"))
    is_chrome = title.str.contains(_CHROME_WHOLE_LINE) | authors.str.contains(_CHROME_WHOLE_LINE)
    return pl.when(whole.is_not_null() & is_chrome.not_()).then(text.str.slice(whole.str.len_chars())).otherwise(text)


# A translation of the abstract that an aggregator shows with it (papers.cool, Chinese and Japanese paper digests): the text
# from the label of the original on ("摘要：<translation>" / "原文摘要：<original>"), or the original without the section
# under a translation label after its last sentence ("<original>" / "中文翻译：<translation>"). The original is the copy
# other sources have.
_ORIGINAL_LABEL = r"(?:原文摘要|原始摘要|英文摘要|原文|Original [Aa]bstract|English [Aa]bstract|Abstract \((?:[Oo]riginal|English)\))"
_BEFORE_ORIGINAL = r"\A(?:[^\n]*\n){0,8}?[ \t]*" + _ORIGINAL_LABEL + r"[ \t]*[:：][ \t]*"
_TRANSLATION_TAIL = r"([.!?。！？][\"”'\)]?)[ \t]*\r?\n[ \t]*" + TRANSLATION_LABEL + r"[\s\S]*\z"
# A journal page's abstract in two languages (SciELO's, HAL's, J-STAGE's, CNKI's: "Resumo" / <Portuguese> / "Palavras-chave: …" /
# "Abstract" / <English>, or the English first): the English one stays, the copy indexes and other listings have. The other
# language's label starts the block, the English label a later line; or the other language's label (a heading, or a field with
# a colon) starts a line after the English abstract's last sentence (and its field lines), when the English part has a line of
# ``ENGLISH_ABSTRACT_CHARS`` or more.
ENGLISH_ABSTRACT_CHARS = 100  # what stays of a text in two languages is an abstract (a title "Is X All You Need?" above "摘要" is none)
_OTHER_LANGUAGE_LABEL = r"(?:" + "|".join(label for label in _ABSTRACT_LABELS if not label.startswith(("Abstract", "ABSTRACT"))) + r")"
_ENGLISH_LABEL = r"(?:Abstract|ABSTRACT|Summary|SUMMARY)"
_BEFORE_ENGLISH = (
    r"\A[ \t]*(?:" + LABEL_OPEN + r"[ \t]*){0,2}" + _OTHER_LANGUAGE_LABEL + r"[\s\S]*?\n[ \t]*(?:" + LABEL_OPEN + r"[ \t]*){0,2}" + _ENGLISH_LABEL
    + r"(?:" + LABEL_CLOSE + r"){0,2}(?:[ \t]*[:：.—–][ \t]*|[ \t]*\r?\n)"
)
_ENGLISH_ABSTRACT_LINE = rf"[^\n]{{{ENGLISH_ABSTRACT_CHARS},}}"  # what an abstract above another language's label holds
_OTHER_LANGUAGE_TAIL = (  # field lines between them go too ("Keywords: …")
    r"([.!?][\"”'\)]?)(?:[ \t]*\r?\n" + FIELD_START + r"[^\n]*){0,3}[ \t]*\r?\n[ \t]*(?:" + LABEL_OPEN + r"[ \t]*){0,2}" + _OTHER_LANGUAGE_LABEL + r"(?:" + LABEL_CLOSE + r"){0,2}"
    + r"(?:[ \t]*[:：][ \t]*|[ \t]*\r?\n)[\s\S]*\z"
)


# An abstract shown with its translation into another script without a label (a digest's "<original>" / "<translation>",
# either first, or both on one line; Chinese, Japanese, Korean, Russian, ...): the lines with more letters of other
# scripts than Latin letters go when their ``split.script_size`` is ``split.TRANSLATION_SIZE`` or more, and what stays
# holds ``ENGLISH_ABSTRACT_CHARS`` characters or more in two sentences or more, ends one, has the Latin letters of an
# original of theirs (``split.translation_sized``: a Chinese abstract with an English line under it, or an English one with
# a one-sentence summary in Chinese, keeps both) and holds their Latin names and numbers, all but a fifth
# (``split.shares_names``: another paper's abstract in Chinese, glued to an English one, has names of its own, and stays).
# On one line, a sentence end where the script changes counts as a line break.
_INTO_OTHER_SCRIPT = r"([.!?][\"”'\)]?)[ \t]+(" + OTHER_SCRIPT_LETTER + r")"
_OUT_OF_CJK = r"([。！？][」』”）]?)[ \t]*(\p{Latin})"
_OUT_OF_ALPHABET = r"(" + OTHER_SCRIPT_LETTER + r"[.!?][\"”'»\)]?)[ \t]+(\p{Latin})"
_SENTENCE_END_LINE = r"[.!?][\"”'\)]?[ \t]*(?:\n|\z)"


def strip_translation(text: pl.Expr) -> pl.Expr:
    """Keep the original of an abstract shown with its translation (see ``_ORIGINAL_LABEL``, ``_TRANSLATION_TAIL``), the
    English one of an abstract in two languages (``_BEFORE_ENGLISH``, ``_OTHER_LANGUAGE_TAIL``), and the English one of an
    abstract shown with an unlabeled translation into another script (``_without_other_script_lines``)."""
    translated = _on_rows(
        text,
        lambda batch: batch.str.contains(_BEFORE_ORIGINAL) | batch.str.contains(_TRANSLATION_TAIL),
        _vectorized(lambda t: t.str.replace(_BEFORE_ORIGINAL, "").str.replace(_TRANSLATION_TAIL, "${1}")),
        lambda batch: batch.str.contains(r"原|英文|中文摘要|翻|译|譯|訳|번역|Original|English|[Tt]ranslat"),  # a word of every label
    )
    english = _on_rows(
        translated,
        lambda batch: batch.str.contains(_BEFORE_ENGLISH) | batch.str.contains(_OTHER_LANGUAGE_TAIL),
        _vectorized(_english_of_two),
        lambda batch: batch.str.contains("\n", literal=True) & batch.str.contains(_OTHER_LANGUAGE_LABEL),
    )
    return _on_rows(
        english,
        _vectorized(lambda t: script_size(t) >= TRANSLATION_SIZE),
        _without_other_script_lines,
        _vectorized(may_hold_translation),
    )


def _english_of_two(text: pl.Expr) -> pl.Expr:
    english = text.str.replace(_BEFORE_ENGLISH, "")
    cut = english.str.replace(_OTHER_LANGUAGE_TAIL, "${1}")
    english = pl.when(cut.str.contains(_ENGLISH_ABSTRACT_LINE)).then(cut).otherwise(english)  # title lines ending in "?" are no abstract
    return pl.when(english.str.len_chars() >= ENGLISH_ABSTRACT_CHARS).then(english).otherwise(text)


def _without_other_script_lines(rows: pl.Series) -> pl.Series:
    """The rows without their lines in another script where an English abstract stays (see the comment above
    ``_INTO_OTHER_SCRIPT``)."""
    broken = pl.col("t").str.replace_all(_INTO_OTHER_SCRIPT, "${1}\n${2}").str.replace_all(_OUT_OF_CJK, "${1}\n${2}").str.replace_all(_OUT_OF_ALPHABET, "${1}\n${2}")
    lines = rows.to_frame("t").with_row_index("row").select("row", line=broken.str.split("\n")).explode("line")
    other, latin = pl.col("line").str.count_matches(OTHER_SCRIPT_LETTER), pl.col("line").str.count_matches(r"\p{Latin}")
    in_other_script = (other > 0) & (other >= latin)
    parts = lines.group_by("row", maintain_order=True).agg(
        english=pl.col("line").filter(~in_other_script).str.join("\n").str.strip_chars(),
        translation=pl.col("line").filter(in_other_script).str.join("\n"),
        size=script_size(pl.col("line")).filter(in_other_script).sum(),
        latin=latin.filter(~in_other_script).sum(),
    )
    english = pl.col("english")
    is_translated = (
        (pl.col("size") >= TRANSLATION_SIZE)
        & translation_sized(pl.col("latin"), pl.col("size"))
        & shares_names(pl.col("translation"), english, 0)
        & (english.str.len_chars() >= ENGLISH_ABSTRACT_CHARS)
        & english.str.contains(_SENTENCE_END_LINE)
        & (english.str.count_matches(r"[.!?][\"”'\)]?(?:\s|\z)") >= 2)
    )
    return pl.concat([rows.to_frame("t"), parts], how="horizontal").select(pl.when(is_translated).then(english).otherwise(pl.col("t"))).to_series().alias(rows.name)


# A Markdown heading underlined ("Title" / "=====", "Abstract" / "-----", as READMEs and reStructuredText write them), with a
# line after it: written with "#" marks, which the heading rules read (a rule line at a block's end stays).
_SETEXT_HEADING = r"(?m)^[ \t]*([^\s#>\-=][^\n]{0,249}?)[ \t]*\r?\n[ \t]*(?:={3,}|-{3,})[ \t]*\r?\n"


def setext_headings(text: pl.Expr) -> pl.Expr:
    """Underlined Markdown headings (``_SETEXT_HEADING``) as ``## Heading`` lines."""
    return _replace_where(text, _SETEXT_HEADING, "## ${1}\n", lambda batch: batch.str.contains_any(["===", "---"]))


def strip_heading_label(text: pl.Expr) -> pl.Expr:
    """Drop an abstract label set as a heading or in bold, and the title lines above it (see ``_HEADING_LABEL``)."""
    return _on_rows(
        text,
        lambda batch: batch.str.contains(_HEADING_LABEL),
        _vectorized(lambda t: t.str.replace(_HEADING_LABEL, "")),
        lambda batch: batch.str.contains(_FIELD_LABEL_WORD),
    )


# A Markdown blockquote that holds the abstract to the block's end, under a title and an author line or alone ("> We propose ...",
# every line of it quoted, its first word maybe in bold: "> **Abstract.** We ..."): its quote marks go. A line that starts "> 90%" is an
# inequality, not a quote.
_QUOTED_TAIL = r"(?m)^[ \t]*>[ \t]+(?:[*_]{1,2})?[\p{Lu}\"“'][^\n]*(?:\r?\n[ \t]*>[^\n]*)*\z"


def unquote_lines(text: pl.Expr) -> pl.Expr:
    """Drop the quote marks of a Markdown blockquote at a block's end (see ``_QUOTED_TAIL``)."""
    return _on_rows(text, lambda batch: batch.str.contains(_QUOTED_TAIL), _vectorized(_unquote_tail), lambda batch: batch.str.contains(">", literal=True))


def _unquote_tail(text: pl.Expr) -> pl.Expr:
    tail = text.str.extract(_QUOTED_TAIL, 0)
    return text.str.slice(0, text.str.len_chars() - tail.str.len_chars()) + tail.str.replace_all(r"(?m)^[ \t]*>[ \t]?", "")


# A nested list's item marks (indented), as awesome-lists write a paper's authors and abstract under its entry ("- [Title](url)" /
# "  - *Jane Doe, John Roe*" / "  - We propose ..."): Markdown's, so the items are lines of text that the title and author line
# rules read.
_SUB_ITEM_MARK = r"(?m)^[ \t]+(?:[-*+•]|[0-9]{1,3}[.)])[ \t]+"


def unmark_sub_items(text: pl.Expr) -> pl.Expr:
    """Drop the marks of indented list items (``_SUB_ITEM_MARK``)."""
    return _replace_where(text, _SUB_ITEM_MARK, "", lambda batch: batch.str.contains("\n", literal=True))


def strip_title_line(text: pl.Expr) -> pl.Expr:
    """Drop a paper title (and an author line) above the abstract on a block's first lines (see ``_TITLE_LINE``)."""
    return _on_rows(text, lambda batch: batch.str.contains(MAY_BE_TITLE_LINE), _strip_title_line, lambda batch: batch.str.contains("\n", literal=True))


def in_title_case(title: pl.Expr) -> pl.Expr:
    """Two or more capitalized words (or numbers) and no lower-case word of four letters or more but ``_TITLE_SMALL_WORDS``."""
    capitalized = title.str.count_matches(r"(?:^|[\s(:/-])[\p{Lu}\d][\p{L}\p{N}'’]*")
    lower = title.str.count_matches(r"(?:^|\s)\p{Ll}{4,}\b") - title.str.count_matches(r"(?:^|\s)" + _TITLE_SMALL_WORDS + r"\b")
    return (capitalized >= 2) & (lower == 0)


# A paper's citation or venue tag that a list entry writes between its title and its abstract: an author-year citation or a
# venue in brackets ("**Title** (Ye et al., 2025) — We ...", "[Title](url) (ICLR 2025 Oral): We ...", "Title (Ye and Dong,
# 2025). We ..."). An acronym with a year (two capitals or more: "ICLR 2025", "NeurIPS'23", "AAAI-24"), maybe what the paper
# was accepted as, names a venue ("COVID-19" does not).
_ACRONYM_YEAR = r"[A-Z][A-Za-z]*[A-Z][A-Za-z\-]*?(?:[ \t\-]*(?:19|20)\d{2}|[ \t]*['’]\d{2}|-(?:2\d|30))"
_VENUE_KIND = r"(?i:oral|spotlight|poster|highlight|main|findings|workshop|long|short|paper|track|conference)s?"
AUTHOR_YEAR = r"\p{Lu}[\p{L}'’-]+(?:[ \t]+et[ \t]+al\.?|[ \t]+(?:and|&)[ \t]+\p{Lu}[\p{L}'’-]+)?,?[ \t]+(?:19|20)\d{2}[a-z]?"
TITLE_TAG = r"(?:[ \t]*(?:\(" + AUTHOR_YEAR + r"\)|[\[(]" + _ACRONYM_YEAR + r"(?:[ \t,]+" + _VENUE_KIND + r")*[\])]))"


# A title in bold in front of its abstract, in a Markdown or HTML list entry ("- **Title**: We ...", "1. **Title.** We ...",
# "<b>Title</b> - We ..."): two to thirty words; followed by a colon or a dash, or, in Title Case, ending in "." or "?"
# (or, three words or more, in nothing: "**Sparse Routing Without Losses** We ...").
BOLD_OPEN, BOLD_CLOSE = r"(?:\*\*|__|<(?i:b|strong)>)", r"(?:\*\*|__|</(?i:b|strong)>)"
DECORATION = r"(?:(?:" + EMOJI + r"|" + SHORTCODE_NAME + r")[ \t]*)"  # an emoji or its shortcode, as lists decorate entries
ENTRY_MARK = r"[ \t]*" + LIST_MARK + DECORATION + r"{0,3}"  # a list mark and emoji in front of an entry ("- 🔥 **Title**")
STARTS_BOLD = r"\A" + ENTRY_MARK + BOLD_OPEN
# A Chinese or Japanese title may stand on its line above its abstract ("**基于扩散模型的三维场景生成**\n本文提出…").
CJK_TITLE_CHAR = r"[\p{Han}\p{Hiragana}\p{Katakana}]"
# Link badges after the title ("- **Title** [[paper]](https://…) [[code]](https://…)") mark it as a colon does; the abstract may
# then start on the next line (a nested list item's, its mark gone: ``unmark_sub_items``).
_LINK_BADGE = r"[ \t]*\[{1,2}[^\[\]\n]{1,30}\]{1,2}\([^()\s]+\)\]?"
_BOLD_TITLE = (
    STARTS_BOLD + r"[ \t]*([^*_<>\n]{3,300}?)[ \t]*" + BOLD_CLOSE + TITLE_TAG
    + r"?[ \t]*((?:" + _LINK_BADGE + r")+[ \t]*(?:[:：]|[-–—][ \t])?[ \t]*\r?\n?|[:：]|[-–—][ \t])?[ \t]*(?:\p{Lu}|\n?[ \t]*" + CJK_TITLE_CHAR + ")"
)
# A title in Chinese or Japanese: four or more such characters and no sentence or clause mark (it has no words to count).
CJK_TITLE_CHARS = 4
BOLD_TITLE_REST = 100


def strip_bold_title(text: pl.Expr) -> pl.Expr:
    """Drop a bold title (and its list mark) in front of an abstract (see ``_BOLD_TITLE``)."""
    return _on_rows(text, lambda batch: batch.str.contains(_BOLD_TITLE), lambda rows: _strip_leading_title(rows, _BOLD_TITLE), lambda batch: batch.str.contains(STARTS_BOLD))


# A linked title in front of its abstract, as paper lists write an entry ("- [Title](https://arxiv.org/abs/...) - We ...",
# "[Title](url): We ...", "**[Title](url)** We ..."): two to thirty words, then a colon or a dash, or the bold around it. The
# URL stays in the raw block, where URLs are read.
_BADGES = r"(?:[ \t]*!\[[^\[\]\n]*\]\([^()\s]+\))*"  # images between a title and its abstract: a repository's badges
STARTS_LINK = r"\A" + ENTRY_MARK + BOLD_OPEN + r"?\["
_LINKED_TITLE = (
    STARTS_LINK + r"([^\[\]\n]{3,300})\]\([^()\s]+\)" + TITLE_TAG + r"?[ \t]*([:：]|[-–—|][ \t]|" + BOLD_CLOSE + r"(?:[ \t]*(?:[:：]|[-–—|][ \t]))?)" + _BADGES + r"[ \t]*\p{Lu}"
)


def strip_linked_title(text: pl.Expr) -> pl.Expr:
    """Drop a linked title (and its list mark) in front of an abstract (see ``_LINKED_TITLE``)."""
    return _on_rows(
        text, lambda batch: batch.str.contains(_LINKED_TITLE), lambda rows: _strip_leading_title(rows, _LINKED_TITLE), lambda batch: batch.str.contains(STARTS_LINK)
    )


def _strip_leading_title(rows: pl.Series, pattern: str) -> pl.Series:
    """The rows without the title ``pattern`` finds in front (group 1; group 2 a colon or dash after it, if any) when it has
    two to thirty words, no sentence end inside (but a question before a capital), a colon or dash after it or Title Case and a fitting end, and
    ``BOLD_TITLE_REST`` characters or more follow it; or is a Chinese or Japanese title (``CJK_TITLE_CHARS``) with half as many after it."""
    parts = pl.col("t").str.extract_groups(f"({pattern})")  # one search for the match, the title and the mark
    head, title, mark = (parts.struct.field(group) for group in ("1", "2", "3"))
    rest = pl.col("t").str.slice(head.str.len_chars() - 1)
    words = title.str.count_matches(r"\S+")
    marked = mark.is_not_null() | title.str.contains(r"[:：]\z")
    cjk = (title.str.count_matches(CJK_TITLE_CHAR) >= CJK_TITLE_CHARS) & ~title.str.contains(r"[。！？；，、.!?;,]")
    is_title = (
        ((words >= 2) | cjk)
        & (words <= 30)
        & ~title.str.contains(r"[.!][ \t]|\?[ \t]+[^\p{Lu}\d]")  # a question may open a title ("Are LLMs Safe? A Benchmark")
        & (marked | cjk | (in_title_case(title) & (title.str.contains(r"[.?]\z") | ((words >= 3) & title.str.contains(r"[\p{L}\p{N})]\z")))))
        & (rest.str.len_chars() >= pl.when(cjk).then(BOLD_TITLE_REST // 2).otherwise(BOLD_TITLE_REST))  # a CJK character says more
    ).fill_null(False)
    return rows.to_frame("t").select(pl.when(is_title).then(rest).otherwise(pl.col("t"))).to_series().alias(rows.name)


# A link's address in a title line, as markup conversion writes it ("Title [Paper (https://...)] [Code (https://...)]") or
# bare (not the punctuation after it): not part of the title a reader sees, so not of its length (the URLs are read from the
# raw block). A hard-wrapped line's fill is its written length, address and all.
_ADDRESS_IN_TITLE = (
    r"[ \t]*\([ \t]*(?:https?://|www\.)[^\s()]*(?:\([^\s()]*\)[^\s()]*)*[ \t]*\)|[ \t]*(?:https?://|www\.)\S*[^\s.,;:!?]"
)


# A title line that is one Markdown link (``- [Title](url)``): its label and the start of its address are read as ``Title (``,
# so that the address goes too. A link with more on its line (``[Title](url) by Jane Doe``) stays as written.
_MARKDOWN_LINK_OPEN = r"\[([^\[\]\n]{1,300})\]\("
_LINK_ONLY = r"\A[ \t]*" + LIST_MARK + r"\[[^\[\]\n]{1,300}\]\([^()\s]+\)[ \t]*\z"


def title_line(text: pl.Expr) -> pl.Expr:
    """The paper title that ``strip_title_line`` drops from a block's first line (without heading marks and link addresses), or null."""
    is_title, title, _ = _title_line(text)
    return pl.when(is_title).then(title)


def _strip_title_line(rows: pl.Series) -> pl.Series:
    is_title, _, rest = _title_line(pl.col("t"))
    heading = pl.col("t").str.contains(r"\A[ \t]*" + _HEADING_MARKS)
    unmarked = pl.col("t").str.replace(r"\A[ \t]*" + _HEADING_MARKS, "")  # a heading kept as text keeps no marks
    return rows.to_frame("t").select(pl.when(is_title).then(rest).when(heading).then(unmarked).otherwise(pl.col("t"))).to_series().alias(rows.name)


def _title_line(text: pl.Expr) -> tuple[pl.Expr, pl.Expr, pl.Expr]:
    """Whether a block's first line is a paper title above its abstract (``_TITLE_LINE``, then the widths and cases described
    there), the title, and the text under it (and under the lines that go with it)."""
    parts = text.str.extract_groups(f"({_TITLE_LINE})")  # one search for the match and its title
    head, written = parts.struct.field("1"), parts.struct.field("2")
    linked = pl.when(written.str.contains(_LINK_ONLY)).then(written.str.replace(_MARKDOWN_LINK_OPEN, "${1} (")).otherwise(written)
    title = linked.str.replace_all(_ADDRESS_IN_TITLE, "").str.strip_chars()
    rest = text.str.slice(head.str.len_chars())
    first_line = rest.str.extract(r"\A([^\n]*)", 1)
    next_line = first_line.str.len_chars()
    title_case = in_title_case(title) & (~rest.str.contains("\n", literal=True) | (4 * title.str.len_chars() <= 3 * next_line))
    above_paragraph = (title.str.count_matches(r"\S+") >= 2) & ~rest.str.contains("\n", literal=True) & (paragraph_width(first_line) >= PARAGRAPH_WIDTH)
    second_line = rest.str.extract(r"\A[^\n]*\n([^\n]*)\n", 1).str.len_chars()  # a line that is not the last: wrapped full
    above_wrapped = (
        (title.str.count_matches(r"\S+") >= 3)
        & (next_line >= WRAPPED_WIDTH)
        & (5 * second_line >= 4 * next_line)
        & (5 * written.str.len_chars() <= 3 * next_line)
    )
    heading = text.str.contains(r"\A[ \t]*" + _HEADING_MARKS)
    long_enough = title.str.len_chars() >= 8  # a heading may be one short word ("### GIST")
    is_title = (
        ((long_enough & (title_case | above_paragraph | above_wrapped.fill_null(False))) | heading)
        & ~title.str.contains(r"[.,;:!\-–—/(&]\z")
        & ~title.str.contains(_FUNCTION_WORD_END)
        & rest.str.contains(r"\A[\p{Lu}\d\"“']")
        & (rest.str.len_chars() >= pl.max_horizontal(2 * title.str.len_chars(), pl.lit(100)))
    )
    return is_title, title, rest


# A paper's title written in front of its abstract on the same line, as its first sentence ("Efficient Sparse Attention
# for Long Documents. We propose ..."), with an author list after it ("... Documents. Jane Doe, John Smith. We ..."):
# three or more words, each capitalized (or a number) but the small words titles keep lower-case, no comma, ending in
# "." or "?" (a question may be set off by a dash or a colon too: "What Drives ICL? — We ..."), then a sentence of at least
# 150 more characters. "Finally, in LLMs." and "We show this." are sentences.
_TITLE_LOWER_WORDS = r"(?:a|an|the|and|or|nor|but|of|for|in|on|at|to|by|via|vs|as|is|are|be|do|not|its|" + _TITLE_SMALL_WORDS + r")"
_TITLE_WORD = r"(?:\(?[\p{Lu}\d][^\s.!?,]*|" + _TITLE_LOWER_WORDS + r")"
# ... or, four words or more, ending in ":" ("Efficient Sparse Attention for Long Documents: We propose ..."; a colon inside
# the title, as in "BERT: Pre-training of ... Transformers. We ...", is the first form's). Shorter, it may be a label that
# says what the block is ("Call for Papers: We invite ...", "Materials and Methods: ...").
_COLON_TITLE = _TITLE_WORD + r"(?:[ \t]+" + _TITLE_WORD + r"){2,29}[ \t]+\(?[\p{Lu}\d][^\s.!?,]*:"
# ... or the same set off by a dash or a bar between spaces, as listings write "Title - Abstract" and "Title | Abstract".
_DASH_TITLE = _TITLE_WORD + r"(?:[ \t]+" + _TITLE_WORD + r"){2,29}[ \t]+\(?[\p{Lu}\d][^\s.!?,]*[ \t]+[-–—|]"
# ... or, two words or more, with its author-year citation after it ("Differential Transformer (Ye et al., 2025). We ...").
_CITED_TITLE = _TITLE_WORD + r"(?:[ \t]+" + _TITLE_WORD + r"){1,30}[ \t]+\(" + AUTHOR_YEAR + r"\)(?:[.:]|[ \t]+[-–—|])"
_SENTENCE_OR_COLON_TITLE = _TITLE_WORD + r"(?:[ \t]+" + _TITLE_WORD + r"){2,30}(?:\.|\?(?:[ \t]*[-–—|:])?)|" + _COLON_TITLE
# The venue and year that may follow the author list ("... Documents. Jane Doe, John Smith. ICLR 2025. We ...").
VENUE_YEAR = r"(?:In[ \t]+)?(?:arXiv|[A-Z])[A-Za-z0-9&'’-]*(?:[ \t,]+[A-Za-z0-9&'’-]+){0,8}?,?[ \t]+(?:19|20)[0-9]{2}[a-z]?"
# r/MachineLearning's flair in front of a post's title ("[R] Title - We ..."): research, discussion, project, news.
FLAIR = r"(?:\[[RDPN]\][ \t]+)?"
# A listing's number in front of the title ("1. Title. We ...", "[12] Title: We ..."); strip_label drops it when no title follows.
_TITLE_NUMBER = r"(?:(?:\[[0-9]{1,4}\]|\([0-9]{1,4}\)|【[0-9]{1,4}】|#[0-9]{1,4}|[0-9]{1,4}[.)])[ \t]+)?"
_INLINE_TITLE = (
    r"\A" + _TITLE_NUMBER + FLAIR + r"(" + _SENTENCE_OR_COLON_TITLE + r"|" + _DASH_TITLE + r"|" + _CITED_TITLE + r")[ \t]+(?:" + AUTHORS + r"\.[ \t]+(?:" + VENUE_YEAR + r"\.[ \t]+)?)?\p{Lu}"
)
# The same without the authors: cheaper, and the dash form apart: in one pattern it cost ~4x on every row.
_MAY_START_WITH_TITLE = r"\A" + _TITLE_NUMBER + FLAIR + r"(?:" + _SENTENCE_OR_COLON_TITLE + r")[ \t]+\p{Lu}"
_MAY_START_WITH_DASH_TITLE = r"\A" + _TITLE_NUMBER + FLAIR + r"(?:" + _DASH_TITLE + r")[ \t]+\p{Lu}"
# The cited form apart too, in rows with an author-year citation anywhere (a search ~15x cheaper than the form itself on every row).
_MAY_START_WITH_CITED_TITLE = r"\A" + _TITLE_NUMBER + r"(?:" + _CITED_TITLE + r")[ \t]+\p{Lu}"
_HAS_AUTHOR_YEAR = r"\(\p{Lu}[^()\n]{0,60}(?:19|20)[0-9]{2}[a-z]?\)"
_TITLE_MARK = ".:-–—| \t"  # what sets a title sentence off, not the title (a "?" is the title's)
# A short subtitle after a title sentence, set off by a dash or a colon ("Are LLMs Safe? A Benchmark — We ..."): two or three
# words. Only looked for where a title sentence was dropped: alone, it may be a label ("Background: We ...").
_SUBTITLE = r"\A(" + _TITLE_WORD + r"(?:[ \t]+" + _TITLE_WORD + r"){1,2}(?:[ \t]+[-–—|]|:))[ \t]+\p{Lu}"
INLINE_TITLE_REST = 150


def may_start_with_title(batch: pl.Series) -> pl.Series:
    """Rows that may start with a title sentence (``_INLINE_TITLE`` without its author list); the dash form is looked for
    only in rows with a dash or a bar between spaces (~3% of the bench's), the cited form in rows with an author-year citation."""
    found = batch.str.contains(_MAY_START_WITH_TITLE).fill_null(False)
    for hint, pattern in ((r"[ \t][-–—|][ \t]", _MAY_START_WITH_DASH_TITLE), (_HAS_AUTHOR_YEAR, _MAY_START_WITH_CITED_TITLE)):
        rows = (batch.str.contains(hint).fill_null(False) & ~found).arg_true()
        if rows.len():
            found = found.scatter(rows, batch.gather(rows).str.contains(pattern).fill_null(False))
    return found


def strip_inline_title(text: pl.Expr) -> pl.Expr:
    """Drop a Title Case first sentence (and an author list after it) in front of an abstract (see ``_INLINE_TITLE``)."""
    return _on_rows(text, lambda batch: batch.str.contains(_INLINE_TITLE), _strip_inline_title, may_start_with_title)


def inline_title(text: pl.Expr) -> pl.Expr:
    """The title that ``strip_inline_title`` drops first from the start of a text, with a subtitle right after it (without the
    final ``.``, ``:`` or dash), or null."""
    is_title, title, rest = _inline_title(text)
    is_subtitle, _, after = _inline_title(rest, _SUBTITLE)
    right_after = title.str.len_chars() + rest.str.len_chars() + 3 >= text.str.len_chars()  # no author list between them
    whole = text.str.slice(0, text.str.len_chars() - after.str.len_chars())
    return pl.when(is_title).then(pl.when(is_subtitle & right_after).then(whole).otherwise(title).str.strip_chars_end(_TITLE_MARK))


def _inline_title(text: pl.Expr, pattern: str = _INLINE_TITLE) -> tuple[pl.Expr, pl.Expr, pl.Expr]:
    """Whether a text starts with a title sentence (``pattern``: ``_INLINE_TITLE`` or ``_SUBTITLE``), the title, and the text after
    it (and an author list)."""
    parts = text.str.extract_groups(f"({pattern})")  # one search for the match and its title
    head, title = parts.struct.field("1"), parts.struct.field("2")
    rest = text.str.slice(head.str.len_chars() - 1)
    is_title = (
        (title.str.count_matches(r"(?:^|\s)\(?[\p{Lu}\d]") >= 2)
        & ~title.str.strip_chars_end(_TITLE_MARK + "?").str.contains(_FUNCTION_WORD_END)
        & title.str.contains(r"\A\(?[\p{Lu}\d]")  # a capital first ("for LLMs Agents." is a piece)
        & ~title.str.starts_with("We ")  # an abstract's first sentence ("We Study Graphs."; "We LLMs LLMs." found by hypothesis)
        & (rest.str.len_chars() >= INLINE_TITLE_REST)
        & rest.str.contains(r"\p{Ll}")  # an abstract in capitals starts with no title
    ).fill_null(False)
    return is_title, title, rest


def _strip_inline_title(rows: pl.Series) -> pl.Series:
    dropped = pl.repeat(False, rows.len(), eager=True)  # rows whose title sentence was dropped: a short subtitle may follow
    for _ in range(3):  # a title, then a subtitle: what is left never starts with one (normalizing stays idempotent)
        is_title, _, rest = _inline_title(pl.col("t"))
        chosen = pl.when(is_title).then(rest)
        if dropped.any():  # the subtitle pattern only where a title sentence went
            is_subtitle, _, subtitle_rest = _inline_title(pl.col("t"), _SUBTITLE)
            chosen = chosen.when(pl.col("dropped") & is_subtitle).then(subtitle_rest)
        stripped = rows.to_frame("t").with_columns(dropped=dropped).select(chosen.otherwise(pl.col("t"))).to_series().alias(rows.name)
        if stripped.equals(rows):
            return rows
        dropped, rows = stripped.ne(rows), stripped
    return rows


def join_lines(text: pl.Expr) -> pl.Expr:
    """Join a block's lines into one paragraph; keep URLs and words hyphenated at a line end whole (also where a line end
    became a space: ``hyphenation``)."""
    return _on_rows(
        text,
        lambda batch: batch.str.contains("\n", literal=True) | batch.str.contains(LINE_END_HYPHEN),
        _join_lines,
        lambda batch: batch.str.contains("\n|- |\u2010 |\u00ad "),  # literals first: the pattern is ~10x slower (contains_any of four, 8x)
    )


# A URL hard-wrapped over up to this many lines is rejoined (each pass joins one break per URL).
URL_WRAP_LINES = 4
# Characters that end a URL (shared with transforms.urls): ASCII and Unicode quotes and brackets
# (‹› „ ⟨⟩ 〈〉 ❨❩ ⦃⦄ ...), the middle dot and bullet of menus, ``…``, CJK and full-width punctuation.
URL_STOP = (
    r"\s<>\"{}|\\^`\[\]\u00ab\u00b7\u00bb\u2018-\u201f\u2022\u2026\u2039\u203a\u2045\u2046\u2329\u232a"
    r"\u2768-\u2775\u27e6-\u27ef\u2983-\u2998\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
)
_URL_BREAK = r"[ \t]*\r?\n[ \t]*"
# A continuation holding a ``/`` that is not a URL (or host) of its own: no ``.`` or ``:`` before its first ``/``.
_URL_PATH_PIECE = f"[^{URL_STOP}/.:]*/"
# Where a URL's line (``(<start>[^URL_STOP]*)`` before this) may break: right after / - = ? & _ # % ~
# (any continuation); between digits after a ``.`` (``2405.`` / ``01234``); after a ``.`` before a
# lower-case path piece (``arxiv.`` / ``org/abs``); mid-word before a path piece (``posi`` /
# ``tional-curriculum/``). Not after a URL that ends a sentence before the next line's first word.
# ``rejoin_wrapped_urls`` applies it (transforms.urls uses the same rule).
URL_WRAP = (
    f"(?:([/\\-=?&_#%~]){_URL_BREAK}([^{URL_STOP}])|([0-9]\\.){_URL_BREAK}([0-9])"
    f"|(\\.){_URL_BREAK}((?-i:[a-z]){_URL_PATH_PIECE})|([\\p{{L}}\\p{{N}}]){_URL_BREAK}({_URL_PATH_PIECE}))"
)
# A URL line's end before a word that starts a sentence or is a function word (``…/proj/`` / ``We show``, ``…/proj/`` /
# ``and code at``) is where the URL ends, though it ends in a separator that URL_WRAP breaks after; a repository's or path's
# continuation (``github.com/abc/`` / ``transformers``) is no such word, and after a hyphen the line always goes on
# (``segment-`` / ``anything``). Tried before URL_WRAP in one pattern (``rejoin_wrapped_urls``), it keeps such a line break.
URL_LINE_END = (
    f"([/=?&_#%~])({_URL_BREAK})((?-i:We|Our|The|This|These|It|Its|In|On|To|For|As|Here|Code|Data|Please|See|and|or|to|for|with"
    r"|which|that|is|are|was|were|in|on|at|as|by|from|where|while|the|a|an|of|we|our|it|its|this|has|have|can|will|also)(?:[ \t,.;:!?)]|\r?\n|$))"
)
_URL_REJOIN = "${1}${2}${3}${4}" + "".join(f"${{{i}}}" for i in range(5, 13))  # the start, URL_LINE_END's three and URL_WRAP's eight


def _join_lines(rows: pl.Series) -> pl.Series:
    rejoined = _vectorized(rejoin_wrapped_urls)(rows)
    dehyphenated = _convert_rows(rejoined, lambda batch: batch.str.contains(LINE_END_HYPHEN), _each(join_hyphenated))
    return _vectorized(_join_rest)(dehyphenated)


def rejoin_wrapped_urls(text: pl.Expr, start: str = "https?://") -> pl.Expr:
    """Rejoin the URLs (from a match of ``start``) that hard-wrapping broke where ``URL_WRAP`` allows, over up to
    ``URL_WRAP_LINES`` lines; a line that ends a URL before prose (``URL_LINE_END``) keeps its line break."""
    wrapped = f"({start}[^{URL_STOP}]*)(?:{URL_LINE_END}|{URL_WRAP})"
    return reduce(lambda t, _: t.str.replace_all(wrapped, _URL_REJOIN), range(URL_WRAP_LINES - 1), text)


# Chinese and Japanese text, written without spaces (with its punctuation): a line break inside it joins without one.
_UNSPACED = r"[\p{Han}\p{Hiragana}\p{Katakana}\u3000-\u303f\uff00-\uffef]"


def _join_rest(text: pl.Expr) -> pl.Expr:
    # A hyphen at a line end after a digit or before one ("GPT-" / "4") stays, glued, as join_hyphenated keeps it before a capital
    # (also across the empty line of lines split joined at one).
    return (
        text.str.replace_all(r"([\p{L}\p{N}][-\u2010])" + LINE_BREAK + r"([\p{L}\p{N}])", "${1}${2}")
        .str.replace_all(f"({_UNSPACED})[^\\S\\n]*\\n[^\\S\\n]*({_UNSPACED})", "${1}${2}")
        .str.replace_all(r"[ \t]*\n[ \t]*", " ")
    )


def name_reference_gaps(text: pl.Expr) -> pl.Expr:
    """A reference noun whose number a scraper dropped (``in Section ,``, ``Table  shows``) as LaTeX conversion treats a dropped ``\\ref``."""
    return _on_rows(text, lambda batch: reduce(operator.or_, (batch.str.contains(gap) for gap in REFERENCE_GAPS)), _each(_name_reference_gaps))


def _name_reference_gaps(text: str) -> str:
    return _EMPTY_PARENTHESES.sub("", name_dropped_references(mark_gaps(text, _DROPPED), _DROPPED))


def _on_matching(expr: pl.Expr, pattern: str, fn: Callable[[str], str], prefilter: Callable[[pl.Series], pl.Series] | None = None) -> pl.Expr:
    """Apply a Python string function only to the rows whose text matches ``pattern``."""
    return _on_rows(expr, lambda batch: batch.str.contains(pattern), _each(fn), prefilter)


def _each(fn: Callable[[str], str]) -> Callable[[pl.Series], pl.Series]:
    """A Python string function as a Series function, to use as ``_on_rows``' ``convert``."""
    return lambda rows: pl.Series([fn(s) for s in rows.to_list()], dtype=pl.String)


def _on_rows(
    expr: pl.Expr,
    select: Callable[[pl.Series], pl.Series],
    convert: Callable[[pl.Series], pl.Series],
    prefilter: Callable[[pl.Series], pl.Series] | None = None,
) -> pl.Expr:
    """Apply ``convert`` (Series to Series) only to the rows where ``select`` is true; the others pass through.

    ``prefilter`` is a cheaper necessary condition: ``select`` only looks at the rows it lets through.
    """
    return expr.map_batches(lambda batch: _convert_rows(batch, select, convert, prefilter), return_dtype=pl.String)


def _convert_rows(
    batch: pl.Series,
    select: Callable[[pl.Series], pl.Series],
    convert: Callable[[pl.Series], pl.Series],
    prefilter: Callable[[pl.Series], pl.Series] | None = None,
) -> pl.Series:
    """``_on_rows`` on a Series."""
    if prefilter is None:
        rows = select(batch).fill_null(False).arg_true()
    else:
        rows = prefilter(batch).fill_null(False).arg_true()
        if not rows.is_empty():  # else ``select``'s patterns are not compiled: polars keeps only the last 32 per thread
            rows = rows.filter(select(batch.gather(rows)).fill_null(False))
    if rows.is_empty():
        return batch
    return batch.scatter(rows, convert(batch.gather(rows)))


def _vectorized(fn: Callable[[pl.Expr], pl.Expr]) -> Callable[[pl.Series], pl.Series]:
    """An expression function as a Series function, to use as ``_on_rows``' ``convert``."""
    return lambda rows: rows.to_frame().select(fn(pl.col(rows.name))).to_series()


def _contains_any_char(batch: pl.Series, chars: str) -> pl.Series:
    """Rows holding any of the ASCII ``chars``.

    Asked three characters at a time: polars finds up to three single bytes with memchr,
    several times faster than one ``contains_any`` (or a regex class) over more.
    """
    return reduce(operator.or_, (batch.str.contains_any(list(chars[start : start + 3])) for start in range(0, len(chars), 3)))


def _has_latex_marks(batch: pl.Series) -> pl.Series:
    return batch.str.contains_any(["\\", "$"])


def _latex(rows: pl.Series) -> pl.Series:
    rows = _convert_rows(rows, lambda batch: batch.str.contains(r"\$\d"), _each(protect_currency))
    return _vectorized(lambda text: _on_matching(simple_latex(text), LATEX, latex_to_text))(rows)


# A dollar sign before an amount ("costs $5 and $6", "$1.5M", "$300k per year") is no math: LaTeX would read "$5 and $" as
# a formula and lose the space after it ("5 and6"). Such a sign becomes the small dollar sign, which the converters leave
# and NFKC makes "$" again; validation's markup rule allows "$" before a digit. Not an amount: a "$" the digits run into
# ("$3$-layer", "$10^{-3}$"), one whose next "$" closes a formula ("$3 \times 3$"), or one that closes a formula ("$\sim$10").
_CURRENCY = re.compile(r"\$(?=\d[\d,.]*(?:\s?(?:[kKMBT]|bn|million|billion|trillion)\b)?(?:[\s,;:!?)\]]|\.(?!\d)|$))")
_MATH_BETWEEN = re.compile(r"[\\^_{}=<>]")
_SMALL_DOLLAR = "\ufe69"


def protect_currency(text: str) -> str:
    """The dollar signs of amounts in ``text`` as U+FE69 (see ``_CURRENCY``); a sign that closes a formula is none
    (``$\\sim$10 runs``)."""
    signs = {m.start() for m in _CURRENCY.finditer(text)}
    amounts, in_math = [], False
    for i in (m.start() for m in re.finditer(r"\$", text)):
        escaped = i > 0 and text[i - 1] == "\\"
        if i in signs and (escaped or (not in_math and ((end := text.find("$", i + 1)) == -1 or not _MATH_BETWEEN.search(text, i + 1, end)))):
            amounts.append((i - 1, i) if escaped else (i, i))  # an escaped sign's backslash goes with it ("\﹩" was a macro: "5")
        elif not escaped:
            in_math = not in_math
    for start, sign in reversed(amounts):
        text = text[:start] + _SMALL_DOLLAR + text[sign + 1 :]
    return text


def simple_latex(text: pl.Expr) -> pl.Expr:
    """Vectorized LaTeX to text for rows whose only markup is simple (the common case).

    ``\\emph{x}``-style commands with plain arguments, ``\\%``, ``\\_``, ``\\#``, ``$...$``
    around plain math, dashes and quote ligatures become their text, exactly as
    ``latex_to_text`` would write them; a row with anything else LaTeX would change (other
    commands, braces, ``&``, a lone backquote) is left whole for ``latex_to_text``.
    """
    ligated = text
    for ligature, char in _LATEX_LIGATURES:  # before the commands go: "\emph{-}-" is no ligature
        ligated = ligated.str.replace_all(ligature, char, literal=True)
    residue = ligated.str.replace_all(_SIMPLE_COMMAND, "").str.replace_all(_SIMPLE_ESCAPE, "").str.replace_all(_SIMPLE_MATH, "")
    converted = ligated.str.replace_all(_SIMPLE_COMMAND, "${1}").str.replace_all(_SIMPLE_ESCAPE, "${1}").str.replace_all(_SIMPLE_MATH, "${1}")
    simple = text.str.contains(LATEX) & ~residue.str.contains(_LATEX_RESIDUE) & ~text.str.contains(_LATEX_TEXT_MARKS)
    return pl.when(simple).then(converted).otherwise(text)


# cp1252 has no character for 0x81, 0x8D, 0x8F, 0x90 or 0x9D: a decoder that replaced them left
# "â€\ufffd" where U+2010-ish punctuation was. Read before a letter or digit it was a hyphen
# (U+2010, e2 80 90), otherwise a closing quote (U+201D, e2 80 9d), the common case. Text encoded
# twice shows all three encoded once more ("Ã¢â‚¬ï¿½"), read the same way.
_LOSSY = (  # (lossy, hyphen, quote)
    ("\u00e2\u20ac\ufffd", "\u00e2\u20ac\x90", "\u00e2\u20ac\x9d"),
    ("\u00c3\u00a2\u00e2\u201a\u00ac\u00ef\u00bf\u00bd", "\u00c3\u00a2\u00e2\u201a\u00ac\u00c2\x90", "\u00c3\u00a2\u00e2\u201a\u00ac\u00c2\x9d"),
)
_LOSSY_HYPHEN = tuple(re.compile(re.escape(lossy) + r"(?=[^\W_])") for lossy, _, _ in _LOSSY)
# A decoder that dropped the byte instead left "â€" alone (``mojibake.DROPPED_LAST_BYTE``), read the same way; before a space
# it is a closing quote too, not ftfy's "†" (0xA0, a no-break space, read as a space).
_DROPPED_BYTE = re.compile(CP1252_LEAD + "(?![\u0080-\u00bf" + CP1252_CONTINUATION + "])")
_DROPPED_HYPHEN = re.compile(_DROPPED_BYTE.pattern + r"(?=[^\W_])")


def repair_mojibake(text: str) -> str:
    """Undo UTF-8 text that was decoded as cp1252 or latin-1 (once or twice)."""
    for (lossy, hyphen, quote), before_word in zip(_LOSSY, _LOSSY_HYPHEN):
        text = before_word.sub(hyphen, text).replace(lossy, quote)
    if CP1252_LEAD in text:
        text = _DROPPED_BYTE.sub(_LOSSY[0][2], _DROPPED_HYPHEN.sub(_LOSSY[0][1], text))
    return ftfy.fix_text(text, normalization=None, fix_character_width=False, uncurl_quotes=False)


# UTF-8 read as GBK (Chinese sites): "’s" shows as "鈥檚", "“r" as "鈥渞" — the bytes E2 80 of U+2000-U+203F (quotes,
# dashes, ellipsis) read as "鈥", the next two as one more character — and a pair of U+FFFD as "锟斤拷". ftfy does not
# know GBK. A run of CJK characters in a text of Latin letters goes back to its bytes and is read as UTF-8 when that gives
# no CJK character; where the GBK decoder lost a byte ("鈥\ufffd", a closing quote or a dash before a space), only the
# U+FFFD stays (damage, as for any byte lost). A text of Chinese or Japanese (``_is_cjk_text``) read as GBK is all
# Han characters, rare ones ("我们提出" shows as "鎴戜滑鎻愬嚭"; its full-width comma and full stop, EF BC 8C and E3 80 82,
# as "锛" and "銆" and a lost byte): it is read back as UTF-8 when at least ``GBK_VALID_SHARE`` of its non-ASCII runs'
# GB18030 bytes read as three-byte UTF-8 characters, as CJK text's do (0.89-0.97 for such mojibake; real Chinese text's GBK
# bytes seldom do, though some read as two-byte ones: "的" is C4 B5, "ĵ"); the characters that lost a byte are one U+FFFD each.
GBK_MOJIBAKE = "鈥|锟斤拷|锛|銆"
GBK_VALID_SHARE = 0.8
_GBK_RUN = re.compile(r"[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]+")  # what GBK reads UTF-8's bytes as: Han, CJK and full-width marks
_NON_ASCII_RUN = re.compile(r"[^\x00-\x7f\ufffd]+")  # ... and, in a Chinese text's bytes, GBK's symbols, kana, Greek, Cyrillic
_LOST = re.compile("\ufffd+")
_THREE_BYTE = re.compile("[\u0800-\ufffc\ufffe\uffff]")  # a character of three UTF-8 bytes (CJK, kana, Hangul, curly quotes), not U+FFFD


def _cut_by_lost_byte(run: bytes, before_lost: bool, after_lost: bool) -> int:
    """Bytes at a run's ends that are a character cut by a byte the GBK decoder lost (a U+FFFD next to the run): the
    start of a UTF-8 sequence before it, continuation bytes after it. They cannot read as UTF-8 and show no damage."""
    cut = 0
    if before_lost:
        lead = max((i for i in range(max(0, len(run) - 2), len(run)) if run[i] >= 0xC0), default=None)
        cut += len(run) - lead if lead is not None else 0
    if after_lost:
        cut += next((i for i, byte in enumerate(run[:2]) if not 0x80 <= byte < 0xC0), min(2, len(run)))
    return cut


def _cjk_read_as_utf8(text: str) -> str:
    """A Chinese or Japanese text's non-ASCII runs read back from GB18030 bytes as UTF-8, when that reads cleanly."""
    matches = list(_NON_ASCII_RUN.finditer(text))
    runs = [match.group().encode("gb18030") for match in matches]
    pieces = [run.decode("utf-8", errors="replace") for run in runs]
    valid = 3 * sum(len(_THREE_BYTE.findall(piece)) for piece in pieces)
    valid += sum(
        _cut_by_lost_byte(run, text[match.end() : match.end() + 1] == "\ufffd", text[match.start() - 1 : match.start()] == "\ufffd")
        for match, run in zip(matches, runs)
    )
    if valid < GBK_VALID_SHARE * sum(map(len, runs)):
        return text
    read = iter(pieces)
    return _LOST.sub("\ufffd", _NON_ASCII_RUN.sub(lambda _: next(read), text))


def repair_gbk_mojibake(text: str) -> str:
    """Undo UTF-8 read as GBK (``GBK_MOJIBAKE``): in a text of Latin letters its CJK runs, in a Chinese or Japanese text all of it."""
    if _is_cjk_text(text):
        return _cjk_read_as_utf8(text)

    def read_as_utf8(run: re.Match[str]) -> str:
        try:
            repaired = run.group().encode("gbk").decode("utf-8")
        except UnicodeError:
            return run.group()
        return run.group() if _CJK_CHARACTERS.search(repaired) else repaired

    return _GBK_RUN.sub(read_as_utf8, text.replace("锟斤拷", "\ufffd\ufffd")).replace("鈥\ufffd", "\ufffd")


# UTF-8 read as Shift-JIS (cp932, Japanese sites): the bytes E2 80 of U+2000-U+203F (quotes, dashes, ellipsis) show as "窶",
# and the byte after them takes the next letter into one more character ("“P" is "窶弃", "’s" is "窶冱"); a Latin-1 letter's
# lead byte shows as half-width katakana ("é" is "ﾃｩ", "×" is "ﾃ" and a lost byte). In a text of Latin letters a run of such characters
# goes back to its cp932 bytes and is read as UTF-8 when that gives no CJK character; a byte the decoder lost stays a
# U+FFFD. A Japanese text read so loses a tenth of its characters: it stays as it is (quality rejects it as ``garbled``).
SJIS_MOJIBAKE = "窶|[ﾂﾃ][\uff61-\uff9f\ufffd]"
_SJIS_RUN = re.compile(r"(?:[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]+\ufffd?)+")
_HALF_WIDTH = re.compile("[\uff61-\uff9f]")


def repair_sjis_mojibake(text: str) -> str:
    """Undo UTF-8 read as cp932 (``SJIS_MOJIBAKE``) in a text of Latin letters."""
    if _is_cjk_text(text):
        return text

    def read_as_utf8(run: re.Match[str]) -> str:
        try:
            raw = b"".join(b"\xff" if char == "\ufffd" else char.encode("cp932") for char in run.group())
        except UnicodeError:
            return run.group()
        repaired = _LOST.sub("\ufffd", raw.decode("utf-8", errors="replace"))
        lost_more = repaired.count("\ufffd") > run.group().count("\ufffd")  # half-width katakana of its own ("ﾃｽﾄ") reads as no UTF-8
        return run.group() if lost_more or _CJK_CHARACTERS.search(repaired) or _HALF_WIDTH.search(repaired) else repaired

    return _SJIS_RUN.sub(read_as_utf8, text)


# UTF-8 read as KOI8-R (Russian sites, old mail): a Cyrillic letter's lead byte D0 or D1 shows as "п" or "я" and its second
# byte as a box-drawing character or a sign ("Мы" is "п°я▀"), which no Russian text holds. KOI8-R maps every byte, so a run
# of what it shows for bytes 0x80-0xFF goes back to its bytes and is read as UTF-8 when that reads cleanly.
_KOI8_HIGH = bytes(range(0x80, 0x100)).decode("koi8_r")
_KOI8_SECOND = "".join(f"\\x{{{ord(char):x}}}" for char in _KOI8_HIGH[:0x40])  # bytes 0x80-0xBF, as polars' regex writes them
KOI8_MOJIBAKE = f"[пя][{_KOI8_SECOND}][пя][{_KOI8_SECOND}]"
_KOI8_RUN = re.compile("[" + re.escape(_KOI8_HIGH) + "]+")


def repair_koi8_mojibake(text: str) -> str:
    """Undo UTF-8 read as KOI8-R (``KOI8_MOJIBAKE``): each run of KOI8-R's upper half read back as UTF-8 where it reads so."""

    def read_as_utf8(run: re.Match[str]) -> str:
        try:
            return run.group().encode("koi8_r").decode("utf-8")
        except UnicodeError:
            return run.group()

    return _KOI8_RUN.sub(read_as_utf8, text)


def unescape_html(text: str) -> str:
    """Unescape HTML entities until none are left (handles ``&amp;amp;``)."""
    for _ in range(4):
        unescaped = html.unescape(text)
        if unescaped == text:
            break
        text = unescaped
    return text


def unescape_entities(text: pl.Expr) -> pl.Expr:
    """``unescape_html`` on the rows that hold an HTML entity."""
    return _on_matching(text, HTML_ENTITY, unescape_html, lambda batch: batch.str.contains("&", literal=True))


def link_text(label: str, url: str) -> str:
    """A link as text: ``label (url)``, or the label alone when it shows the URL (or the e-mail address) already."""
    label, url = label.strip(), url.strip()
    if not url or url.rstrip("/") in label or url.removeprefix("mailto:") == label:
        return label
    return f"{label} ({url})" if label else url


# Line breaks and block-level tags separate words; other tags ("<i>", "<span>") are dropped later.
_BREAK_TAG = r"(?i)</?(?:br|p|div|li|ul|ol|dl|dt|dd|tr|td|th|table|h[1-6]|blockquote|pre|hr|section|article|header|footer|details|summary)\b[^<>]*>"
# Namespaced XML tags (Crossref's JATS abstracts: ``<jats:sec><jats:title>Abstract</jats:title><jats:p>…</jats:p>``, MathML's
# ``<mml:mi>``), which Markdown would read as autolinks (``jats:p``), and HTML comments (``<!-- entry 12 -->``): a space.
_XML_TAG = r"</?[A-Za-z][\w.-]*:[A-Za-z][\w.-]*(?:\s[^<>]*)?/?>|<!--[\s\S]*?-->"
# JATS's inline tags read as the HTML ones (``<jats:italic>x</jats:italic>`` is ``x``, not `` x ``).
_JATS_INLINE = r"</?jats:(?:italic|bold|sup|sub|sc|underline|monospace|inline-formula|styled-content)\b[^<>]*>"
_JATS_LABEL = r"<(?:jats:)?title>[ \t]*" + LABEL_WORD + r"[ \t]*[:.]?[ \t]*</(?:jats:)?title>"  # the section's "Abstract" title goes with its tags
_HTML_LINK = r'(?is)<a\s[^<>]*\bhref\s*=\s*["\']([^"\'<>]*)["\'][^<>]*>(.*?)</a\s*>'
_HTML_LINK_RE = re.compile(_HTML_LINK[5:], re.IGNORECASE | re.DOTALL)


# A superscript or subscript tag (HTML's or JATS's) around a short exponent, index or mark: written as Unicode's superscripts
# and subscripts are (``_spell_scripts``): ``10<sup>3</sup>`` is ``10^3``, not ``103``; ``H<sub>2</sub>O`` is ``H_2O``.
# An ordinal's suffix is plain text (``1<sup>st</sup>``: ``1st``).
_ORDINAL_SUFFIX = r"(st|nd|rd|th|er|e|ème)"  # English and French
_ORDINAL_SUP = r"(?i)([0-9])<(?:jats:)?sup>[ \t]*" + _ORDINAL_SUFFIX + r"[ \t]*</(?:jats:)?sup\s*>"
_SCRIPT_CONTENT = r"[ \t]*([0-9A-Za-z+\-−=(),]{1,8})[ \t]*"
_SUP_TAG = r"(?i)<(?:jats:)?sup\b[^<>]*>" + _SCRIPT_CONTENT + r"</(?:jats:)?sup\s*>"
_SUB_TAG = r"(?i)<(?:jats:)?sub\b[^<>]*>" + _SCRIPT_CONTENT + r"</(?:jats:)?sub\s*>"
# ... of several terms: in brackets, as LaTeX's are (``_GROUPED_SCRIPT``: ``2<sup>k-1</sup>`` is ``2^(k-1)``; ``<sup>-1</sup>`` and
# an affiliation's ``<sup>1,2</sup>`` stay bare).
_GROUPED_CONTENT = r"[ \t]*([0-9A-Za-z()]{1,7}[+\-−=][0-9A-Za-z+\-−=(),]{1,7})[ \t]*"
_GROUPED_SUP_TAG = r"(?i)<(?:jats:)?sup\b[^<>]*>" + _GROUPED_CONTENT + r"</(?:jats:)?sup\s*>"
_GROUPED_SUB_TAG = r"(?i)<(?:jats:)?sub\b[^<>]*>" + _GROUPED_CONTENT + r"</(?:jats:)?sub\s*>"


def _script_tags(text: pl.Expr) -> pl.Expr:
    grouped = text.str.replace_all(_GROUPED_SUP_TAG, "^(${1})").str.replace_all(_GROUPED_SUB_TAG, "_(${1})")
    return grouped.str.replace_all(_ORDINAL_SUP, "${1}${2}").str.replace_all(_SUP_TAG, "^${1}").str.replace_all(_SUB_TAG, "_${1}")


def html_to_text(text: pl.Expr) -> pl.Expr:
    """Superscript and subscript tags around a short text to ``^``/``_`` (``_SUP_TAG``); break and block tags, namespaced
    XML tags and comments (``_XML_TAG``; JATS's inline ones to nothing) to a space; ``<a href="u">t</a>`` to
    ``link_text(t, u)``."""
    text = _on_rows(text, lambda batch: batch.str.contains(r"(?i)<(?:jats:)?su[pb]\b"), _vectorized(_script_tags), lambda batch: batch.str.contains("<", literal=True))
    spaced = _on_rows(
        text,
        lambda batch: batch.str.contains(_BREAK_TAG) | batch.str.contains(_XML_TAG),
        _vectorized(
            lambda t: t.str.replace_all(_BREAK_TAG, " ").str.replace(_JATS_LABEL, " ").str.replace_all(_JATS_INLINE, "").str.replace_all(_XML_TAG, " ")
        ),
        lambda batch: batch.str.contains("<", literal=True),
    )
    return _on_matching(spaced, _HTML_LINK, lambda s: _HTML_LINK_RE.sub(lambda m: link_text(m.group(2), m.group(1)), s), lambda batch: batch.str.contains("<", literal=True))


# LaTeX typography outside markup: "~" after a word or period is a non-breaking space ("Fig.~3",
# "e.g.~subject", "work~\cite{x}"; "~5 ms" and "/~user/" keep it), "--" and "---" between
# letters or digits are the en and em dash LaTeX makes of them. URLs are left as they are. Markdown's strikethrough
# ("~~old~~", GitHub's) is read first, as its text.
_TILDE = r"[\p{L}.]~|~~"
_URL_DASHES = r"(?:https?://|www\.)\S*[\p{L}\p{N}]--"
_DASHES = (("---", "\u2014"), ("--", "\u2013"))
_TYPOGRAPHY_RE = re.compile(r"~~([^\s~](?:[^~\n]*[^\s~])?)~~|(?:https?://|www\.)\S+|(?<=[^\W\d_]|\.)~|(?<=[^\W_])---?(?=[^\W_])")
_TYPOGRAPHY_CHARS = {"~": " ", **dict(_DASHES)}


def latex_typography(text: pl.Expr) -> pl.Expr:
    """``~`` and dash pairs as LaTeX typesets them, Markdown's strikethrough as its text (rows with a URL holding a dash
    pair in Python)."""
    has_dashes = lambda batch: batch.str.contains("--", literal=True)  # noqa: E731
    dashed = _on_rows(text, lambda batch: ~batch.str.contains(_URL_DASHES), _vectorized(_dashes), has_dashes)
    return _on_matching(
        dashed, f"{_TILDE}|{_URL_DASHES}", _typography, lambda batch: _contains_any_char(batch, "~") | has_dashes(batch)
    )


def _dashes(text: pl.Expr) -> pl.Expr:
    for _ in range(2):  # a match takes the letter after it: "a--b--c" needs a second sweep
        for pair, dash in _DASHES:
            text = text.str.replace_all(rf"([\p{{L}}\p{{N}}]){pair}([\p{{L}}\p{{N}}])", f"${{1}}{dash}${{2}}")
    return text


def _typography(text: str) -> str:
    return _TYPOGRAPHY_RE.sub(lambda m: m.group(1) if m.group(1) is not None else _TYPOGRAPHY_CHARS.get(m.group(), m.group()), text)


# Citations, cross-references and footnotes are dropped: they hold a key or a side remark, not text.
# A marker stands in for them until parentheses left empty ("Eq.~(\ref{x})") are dropped with it.
_DROPPED_MACROS = ("cite", "citep", "citet", "citealp", "citeauthor", "citeyear", "ref", "eqref", "autoref", "cref", "Cref", "pageref", "nameref", "vref", "footnote", "footnotemark", "thanks")
_DROPPED = "\x00"
_EMPTY_PARENTHESES = re.compile(r"[ \t]*\((?:e\.g\.|see|cf\.)?[\s\x00,;]*\x00[\s\x00,;]*\)|\x00")
_MATH_WORDS = ("log", "exp", "max", "min", "sin", "cos", "tan", "arg", "lim", "sup", "inf", "det", "Pr", "argmax", "argmin", "mod")


# siunitx's prefixes and units (``\SI{5}{\milli\second}``: "5 ms"; pylatexenc dropped them: "5 latency"); ``\SI{x}{u}``,
# ``\qty{x}{u}`` get the space siunitx sets between number and unit (``_SI_QUANTITY``), but before ``%``.
_SI_UNITS = {
    "yocto": "y", "zepto": "z", "atto": "a", "femto": "f", "pico": "p", "nano": "n", "micro": "µ", "milli": "m", "centi": "c",
    "deci": "d", "kilo": "k", "mega": "M", "giga": "G", "tera": "T", "peta": "P", "exa": "E",
    "second": "s", "meter": "m", "metre": "m", "gram": "g", "hertz": "Hz", "byte": "B", "bit": "bit", "watt": "W", "joule": "J",
    "volt": "V", "ampere": "A", "kelvin": "K", "newton": "N", "pascal": "Pa", "hour": "h", "minute": "min", "day": "d",
    "liter": "L", "litre": "L", "mole": "mol", "ohm": "Ω", "decibel": "dB", "degreeCelsius": "°C", "celsius": "°C",
    "per": "/", "squared": "²", "cubed": "³", "flops": "FLOPS", "pixel": "px", "px": "px",
}
_SI_QUANTITY = re.compile(r"\\(?:SI|qty)\s*\{([^{}]*)\}\s*\{(?!\s*\\percent\s*\})")


# Symbols pylatexenc has no text for (it drops them: "$a \\ne b$" was "a  b")
_NEGATED_RELATIONS = {"ne": "\u2260", "neg": "\u00ac", "nsim": "\u2241", "ncong": "\u2247", "napprox": "\u2249", "nequiv": "\u2262"}


@lru_cache(maxsize=1)
def _latex_converter() -> LatexNodes2Text:
    db = get_default_latex_context_db().filter_context(exclude_categories=[])
    db.add_context_category(
        "paperlake",
        prepend=True,
        macros=[
            MacroTextSpec("texttt", "%(1)s"),
            MacroTextSpec("textsc", "%(1)s"),
            MacroTextSpec("textrm", "%(1)s"),
            MacroTextSpec("textsf", "%(1)s"),
            MacroTextSpec("mathrm", "%(1)s"),
            MacroTextSpec("mathbf", "%(1)s"),
            MacroTextSpec("mathit", "%(1)s"),
            MacroTextSpec("mathsf", "%(1)s"),
            MacroTextSpec("mathtt", "%(1)s"),
            MacroTextSpec("operatorname", "%(1)s"),
            MacroTextSpec("url", "%(1)s"),
            MacroTextSpec("|", "\u2016"),
            MacroTextSpec("label", ""),
            # siunitx's percent ("\SI{5}{\percent}": its braces read as groups, "5%") and the TeX logos, which pylatexenc drops
            MacroTextSpec("percent", "%"),
            *[MacroTextSpec(macro, symbol) for macro, symbol in _SI_UNITS.items()],
            MacroTextSpec("LaTeX", "LaTeX"),
            MacroTextSpec("TeX", "TeX"),
            MacroTextSpec("BibTeX", "BibTeX"),
            # pylatexenc writes the day it runs for these (``\maketitle`` also "[NO GIVEN]" for a missing title): a text must
            # not depend on when it is read
            MacroTextSpec("today", ""),
            MacroTextSpec("maketitle", ""),
            *[MacroTextSpec(macro, char) for macro, char in _NEGATED_RELATIONS.items()],
            *[MacroTextSpec(macro, _DROPPED) for macro in _DROPPED_MACROS],
            *[MacroTextSpec(word, f"{word} ") for word in _MATH_WORDS],
        ],
    )
    return LatexNodes2Text(latex_context=db, math_mode="text", strict_latex_spaces=False)


_HREF = re.compile(r"\\href\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
# ``\textsuperscript{3}`` and ``\textsubscript{2}`` as math's ``^``/``_`` (pylatexenc wrote ``10\textsuperscript{3}`` as
# "103"); an ordinal's suffix as plain text ("1\textsuperscript{st}": "1st").
_TEXT_SCRIPT = re.compile(
    r"(?:([0-9])\\textsuperscript\s*\{\s*" + _ORDINAL_SUFFIX + r"\s*\}|\\text(super|sub)script\s*\{([^{}$\\*†‡]{1,12})\})"
)


# The Latin abbreviations CVPR's and ICCV's style files define as macros (``\eg``, ``\ie``, ``\etal``, ...), which
# pylatexenc dropped ("models (\eg, GPT)" read "models (, GPT)"), with the full stop after one absorbed (``\etc.``);
# ``\mbox{..}`` and ``\makebox[..]{..}`` as their text (pylatexenc dropped one, kept the other's options).
_STYLE_ABBREVIATIONS = {
    "eg": "e.g.", "Eg": "E.g.", "ie": "i.e.", "Ie": "I.e.", "cf": "cf.", "Cf": "Cf.", "etc": "etc.", "vs": "vs.", "wrt": "w.r.t.",
    "Wrt": "W.r.t.", "dof": "d.o.f.", "Dof": "D.o.f.", "iid": "i.i.d.", "etal": "et al.", "wolog": "w.l.o.g.", "aka": "a.k.a.",
}
_STYLE_ABBREVIATION = re.compile(r"\\(" + "|".join(_STYLE_ABBREVIATIONS) + r")(?![A-Za-z])(?:\{\})?\.?")
_BOX = re.compile(r"\\(?:mbox|makebox(?:\[[^\]\n]*\]){0,2})\s*(?=\{)")


# A superscript or subscript of several terms keeps its grouping as brackets (``2^{k-1}`` is ``2^(k-1)``, ``n^{-1/2}`` is
# ``n^(-1/2)``, ``x_{i,j}`` is ``x_(i,j)``; pylatexenc wrote ``2^k-1``, which reads as 2^k − 1); one term stays bare (``10^{-3}``,
# ``x^{2k}``, ``W^{\top}``: ``10^-3``, ``x^2k``, ``W^⊤``). HTML's ``<sup>k-1</sup>`` reads the same (``_GROUPED_SUP_TAG``).
_GROUPED_SCRIPT = re.compile(r"([\^_])\{([^{}]*?\S(?:[ \t]*(?:[-+=,/<>−^_]|\\(?:times|cdot|pm|mp|log)(?![A-Za-z]))[ \t]*|[ \t]+)\S[^{}]*)\}")


def _grouped_script(match: re.Match[str]) -> str:
    inner = match.group(2).strip()
    return match.group() if inner.startswith("(") and inner.endswith(")") else f"{match.group(1)}{{({inner})}}"


def _text_script(match: re.Match[str]) -> str:
    if match.group(1):
        return match.group(1) + match.group(2)
    return f"${'^' if match.group(3) == 'super' else '_'}{{{match.group(4).strip()}}}$"


_UNESCAPED_PERCENT = re.compile(r"(?<!\\)%")
# A bare "&" outside an environment is the word's sign ("Q&A", an HTML "&amp;" decoded), not an alignment tab, which
# pylatexenc drops ("R&D" read "RD"); inside \begin{..}..\end{..} it is a tab.
_BARE_AMPERSAND = re.compile(r"(\\begin\{([A-Za-z*]+)\}.*?\\end\{\2\})|(?<!\\)&", re.DOTALL)
_TILDE_CHAR = re.compile(r"(?<!\\)~")  # not the accent "\~n"
# A math word written right after a letter or digit ("n\log n") is a word of its own.
_GLUED_MATH_WORD = re.compile(r"([A-Za-z0-9])\\(?=(?:" + "|".join(_MATH_WORDS) + r")(?![A-Za-z]))")


# A macro without arguments followed by a space and then text: pylatexenc would eat the space
# ("\le \sigma" -> "≤σ", in math too): a control space ("\ ") in its place is kept.
_SPACED_MACRO = re.compile(r"\\([A-Za-z]+)\s+(?=[^\s{\[^_])")


@lru_cache(maxsize=4096)
def _takes_no_arguments(macro: str) -> bool:
    spec = get_default_latexwalker_db().get_macro_spec(macro)
    return spec is None or not spec.args_parser.argspec


def latex_to_text(text: str) -> str:
    """LaTeX markup to readable text; math stays readable (``$S^2$`` -> ``S^2``)."""
    prepared = _TEXT_SCRIPT.sub(_text_script, _HREF.sub(lambda m: link_text(m.group(2), m.group(1)), text))
    prepared = _SI_QUANTITY.sub(lambda m: m.group(1) + "\\ {", prepared)
    prepared = _BOX.sub("", _STYLE_ABBREVIATION.sub(lambda m: _STYLE_ABBREVIATIONS[m.group(1)], prepared))
    prepared = _SPACED_MACRO.sub(lambda m: f"\\{m.group(1)}\\ " if _takes_no_arguments(m.group(1)) else m.group(), prepared)
    prepared = _UNESCAPED_PERCENT.sub(r"\\%", prepared)
    prepared = _BARE_AMPERSAND.sub(lambda m: m.group(1) or r"\&", prepared)
    prepared = _GLUED_MATH_WORD.sub(r"\1 \\", _TILDE_CHAR.sub(r"\\textasciitilde{}", prepared))
    prepared = _GROUPED_SCRIPT.sub(_grouped_script, prepared)
    try:
        return _EMPTY_PARENTHESES.sub("", name_dropped_references(_latex_converter().latex_to_text(prepared), _DROPPED))
    except Exception:  # pylatexenc can fail on malformed input; fall back to dropping commands
        return re.sub(r"\\[A-Za-z]+\*?|[{}$]", "", text)


@lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark")


# An image that is a badge (shields.io's, a CI's, a package index's: "![GitHub stars](https://img.shields.io/...)"): no text.
_BADGE_SOURCE = re.compile(r"(?i)shields\.io|badgen\.net|badge\.fury\.io|badges?[./_-]|/badges?(?:/|\.svg|$)")


def _inline_text(tokens: list, out: list[str]) -> None:
    link_href: list[str | None] = []
    link_start: list[int] = []
    for token in tokens:
        if token.type in ("text", "code_inline"):
            out.append(token.content)
        elif token.type in ("softbreak", "hardbreak"):
            out.append(" ")
        elif token.type == "link_open":
            link_href.append(str(token.attrs.get("href", "")))
            link_start.append(len(out))
        elif token.type == "link_close" and link_href:
            href, start = link_href.pop(), link_start.pop()
            label = "".join(out[start:]).strip()
            if len(label) > 2 and label[0] == "[" and label[-1] == "]" and "]" not in label[1:-1]:  # "[[Code]](url)": a badge
                out[start:] = [label[1:-1]]
                label = label[1:-1]
            if label:
                out.append(link_text(label, href)[len(label) :])
        elif token.type == "image":
            if not _BADGE_SOURCE.search(str(token.attrs.get("src", ""))):
                out.append(token.content)  # its alt text, which its children hold again ("![figure](url)" was "figurefigure")
            continue
        if token.children:
            _inline_text(token.children, out)


# What markdown-it's commonmark preset reacts to besides underscores, backquotes and brackets:
# emphasis stars, escapes, autolinks and HTML, entities, line breaks, and what it normalizes.
_MARKDOWN_SYNTAX = "\\<&\n\r\x00*"
_FLANKING_UNDERSCORE = r"(?:^|[^\p{L}\p{N}_])_|_(?:$|[^\p{L}\p{N}_])"


def _markdown_may_change(batch: pl.Series) -> pl.Series:
    """Rows ``markdown_to_text`` may change; it leaves the others as they are.

    Underscore runs between letters or digits ("snake_case") neither open nor close emphasis
    (every character polars calls a letter or digit is neither whitespace nor punctuation to
    markdown-it, checked over all of Unicode); a lone backquote opens no code span; brackets
    make no link without "](" (there are no reference definitions in inline parsing).
    """
    return (
        _contains_any_char(batch, _MARKDOWN_SYNTAX)
        | batch.str.contains(_FLANKING_UNDERSCORE)
        | (batch.str.count_matches("`", literal=True) > 1)
        | batch.str.contains("](", literal=True)
    )


_STARRED = "^\ue000"  # private use: folded away before the converters run


def markdown_to_text(text: str) -> str:
    """Markdown inline markup to text: emphasis dropped, link text kept with its URL.

    Repeated until stable, so markup inside code spans does not survive as markup. A starred
    superscript (``x^*``, from LaTeX math) is no emphasis.
    """
    text = text.replace("^*", _STARRED)
    for _ in range(3):
        out: list[str] = []
        _inline_text(_markdown().parseInline(text), out)
        converted = "".join(out)
        if converted == text:
            break
        text = converted
    return text.replace(_STARRED, "^*")


_QUOTES = {"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"'}
# Unicode hyphens inside a word, as PDF and word-processor copies write them ("non\u2010linear"; NFKC makes a non-breaking
# hyphen one of these): the ASCII hyphen. Dashes between words (en and em dashes) stay.
_HYPHENS = {"\u2010": "-"}
_TO_ASCII = _QUOTES | _HYPHENS


def fold_unicode(text: pl.Expr) -> pl.Expr:
    """NFKC, ASCII quotes and hyphens, odd spaces to one space, zero-width and control characters removed; CJK text a PDF
    spaced apart without those spaces (``_SPACED_CJK``).

    ASCII whitespace and controls are folded only on rows that hold one; the Unicode passes
    (NFKC and the Unicode classes, ~25x slower) run only on non-ASCII rows, and the class
    replacements only on the rows that still hold a character they fold after NFKC.
    """
    ascii_folded = _on_rows(text, lambda batch: _contains_any_char(batch, _ASCII_CONTROLS), _vectorized(_fold_ascii))
    return _on_rows(ascii_folded, non_ascii, lambda rows: _convert_rows(_fold_non_ascii(rows), _spaced_cjk, _despace_cjk, _mostly_wide))


# Chinese or Japanese text whose characters a PDF's text layer set apart by spaces ("本 文 提 出 了 一 种"): when at least
# ``SPACED_CJK_SHARE`` of a text's CJK characters (ten or more) stand in such pairs, the spaces between two of them go
# (a keyword list's few spaces, "深度学习 神经网络", stay: such a text is not spaced apart). Before, such a copy shared
# no character shingle with its unspaced twin. A Latin word or number the PDF spaced apart too ("在 Q M 9 上", "3 0 %") is
# joined (``_SPACED_LATIN``): its letters stood alone. And the spaces between a CJK character and a Latin word go
# (``_CJK_EDGE``; whether the original had them cannot be told): with them, the copy was longer than an unspaced original
# and kept over it.
_SPACED_CJK = f"({_UNSPACED}) ({_UNSPACED})"
_CJK_EDGE = (f"({_UNSPACED}) ([^ ])", f"([^ ]) ({_UNSPACED})")
_SPACED_LATIN = re.compile(r"(?<!\S)(?:[A-Za-z0-9%.+\-/] )+[A-Za-z0-9%.+\-/](?!\S)")
SPACED_CJK_SHARE = 0.5


def _mostly_wide(batch: pl.Series) -> pl.Series:
    """Texts with ten or more characters of three bytes or more, making up a third of them or more (CJK text, spaced or not):
    counting bytes is ~20x faster than matching CJK characters."""
    extra = batch.str.len_bytes() - batch.str.len_chars()  # two per CJK character
    return (extra >= 20) & (3 * extra >= 2 * batch.str.len_chars())


def _spaced_cjk(batch: pl.Series) -> pl.Series:
    cjk = batch.str.count_matches(_UNSPACED)
    return (cjk >= 10) & (2 * batch.str.count_matches(_SPACED_CJK) >= SPACED_CJK_SHARE * cjk)


def _despace_cjk(rows: pl.Series) -> pl.Series:
    despaced = rows.to_frame().select(pl.first().str.replace_all(_SPACED_CJK, "${1}${2}").str.replace_all(_SPACED_CJK, "${1}${2}")).to_series()  # matches do not overlap: twice
    joined = _convert_rows(despaced, lambda batch: batch.str.contains(r"(?:^| )[A-Za-z0-9%.+\-/] [A-Za-z0-9%.+\-/](?: |$)"), _each(_join_spaced_latin))
    return joined.to_frame().select(pl.first().str.replace_all(_CJK_EDGE[0], "${1}${2}").str.replace_all(_CJK_EDGE[1], "${1}${2}")).to_series()


def _join_spaced_latin(text: str) -> str:
    return _SPACED_LATIN.sub(lambda m: m.group().replace(" ", ""), text)


_ASCII_CONTROLS = "".join(map(chr, range(0x20))) + "\x7f"


def _fold_ascii(text: pl.Expr) -> pl.Expr:
    return text.str.replace_all(r"[\t\n\r\f\v]", " ").str.replace_all(r"[\x00-\x08\x0e-\x1f\x7f]", "")


# Every character _fold_classes replaces or removes (its passes write only ASCII quotes, hyphens and spaces).
_FOLDED = "[" + "".join(_TO_ASCII) + r"\u200b-\u200d\u2060\ufeff\u00ad[\p{Zs}&&[^ ]]\u0085\u2028\u2029\p{Cc}\p{Cf}\p{Co}\p{Cn}]"


# Superscripts and subscripts, which NFKC would fold to plain digits ("10³" to "103"): a run of
# them is written "^..." or "_..." first ("10⁻³" -> "10^-3", "x₁" -> "x_1").
_SUPERSCRIPTS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁱⁿ", "0123456789+-=()in"))
_SUBSCRIPTS = dict(zip("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₔₕₖₗₘₙₚₛₜ", "0123456789+-=()aeoxəhklmnpst"))
_SCRIPT_CHARS = {"^": "".join(_SUPERSCRIPTS), "_": "".join(_SUBSCRIPTS)}


def _spell_scripts(text: pl.Expr) -> pl.Expr:
    for mark, chars in _SCRIPT_CHARS.items():  # the whole run after one mark: no second one ("10^³", "10^⁻³", "⁻³" at the start)
        text = text.str.replace_all(f"(^|[^{mark}{chars}])([{chars}]+)", f"${{1}}{mark}${{2}}")
    scripts = _SUPERSCRIPTS | _SUBSCRIPTS
    return text.str.replace_many(list(scripts), list(scripts.values()))


# Full-width punctuation in English text (a Chinese or Japanese site's: "generation，yet", "tasks。We"):
# the space an ASCII mark is followed by goes in, and NFKC makes the mark ASCII (the ideographic full stop is made a period here).
# Not the full-width full stop, which NFKC makes a period: "e．g．" is no sentence end.
# Full-width brackets get the spaces ASCII ones have: "models（ＬＬＭｓ）have" -> "models (LLMs) have".
# In Chinese or Japanese text (``_is_cjk_text``) this punctuation is the text's own and stays ("方法，该方法利用（Transformer）结构").
_WIDE_PUNCTUATION = "，；：！？。（）"
_WIDE_BETWEEN_LATIN = r"([\p{Latin}\d)\]）])([，；：！？])[ \t]*(\p{Latin}|（)"
_FULL_STOP_BETWEEN_LATIN = r"([\p{Latin}\d)\]）])。[ \t]*(\p{Latin})"
CJK_TEXT_SHARE = 0.25  # a text is Chinese or Japanese when this share of its letters are Han or kana
_CJK_CHARACTERS = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")


def _is_cjk_text(text: str) -> bool:
    """Whether ``CJK_TEXT_SHARE`` of the letters are Han or kana, counted after NFKC (which the fold applies later: a
    ligature such as ``Ĳ`` is two letters then, and the share must not change between two passes)."""
    text = unicodedata.normalize("NFKC", text)
    return len(_CJK_CHARACTERS.findall(text)) >= CJK_TEXT_SHARE * sum(map(str.isalpha, text))


def _space_wide_punctuation(text: pl.Expr) -> pl.Expr:
    return (
        text.str.replace_all(_WIDE_BETWEEN_LATIN, "${1}${2} ${3}")
        .str.replace_all(_FULL_STOP_BETWEEN_LATIN, "${1}. ${2}")
        .str.replace_all(r"(\p{Latin})（", "${1} （")
        .str.replace_all(r"）(\p{Latin})", "） ${1}")
    )


def _fold_non_ascii(rows: pl.Series) -> pl.Series:
    rows = _convert_rows(
        rows,
        lambda batch: pl.Series([not _is_cjk_text(text) for text in batch.to_list()], dtype=pl.Boolean),
        _vectorized(_space_wide_punctuation),
        prefilter=lambda batch: batch.str.contains(f"[{_WIDE_PUNCTUATION}]"),  # a class: 5x faster than contains_any
    )
    nfkc = _nfkc(rows)
    # Superscripts and subscripts are spelled out first on the rows NFKC changes that hold them.
    changed = (nfkc != rows).fill_null(False).arg_true()
    scripted = changed.filter(rows.gather(changed).str.contains("[" + "".join(_SCRIPT_CHARS.values()) + "]"))
    if not scripted.is_empty():
        nfkc = nfkc.scatter(scripted, _nfkc(_vectorized(_spell_scripts)(rows.gather(scripted))))
    return _convert_rows(nfkc, lambda batch: batch.str.contains(_FOLDED), _vectorized(_fold_classes))


_KEPT_WIDE = "，；：！？（）．"  # what NFKC would fold of _WIDE_PUNCTUATION, and the full stop of Japanese papers' "，．" style
_KEPT_WIDE_SEARCH = re.compile(f"[{_KEPT_WIDE}]")
_PLACEHOLDERS = "".join(chr(0xE010 + i) for i in range(len(_KEPT_WIDE)))  # private use, which NFKC leaves
_HIDE_WIDE = str.maketrans(_KEPT_WIDE, _PLACEHOLDERS)
_SHOW_WIDE = str.maketrans(_PLACEHOLDERS, _KEPT_WIDE)


def nfkc(text: str) -> str:
    """NFKC, except that full-width punctuation in Chinese or Japanese text stays (see ``_is_cjk_text``)."""
    # Python's NFKC has a quick check for text that is already normalized (7x faster here than polars').
    if unicodedata.is_normalized("NFKC", text):
        return text
    if _KEPT_WIDE_SEARCH.search(text) and _is_cjk_text(text):
        return unicodedata.normalize("NFKC", text.translate(_HIDE_WIDE)).translate(_SHOW_WIDE)
    return unicodedata.normalize("NFKC", text)


def _nfkc(rows: pl.Series) -> pl.Series:
    return pl.Series(rows.name, [None if s is None else nfkc(s) for s in rows.to_list()], dtype=pl.String)


# Zero-width characters where a page had the space between two sentences or after a comma ("models.\u200bThe", "data,\u200bwhich"):
# a space, not nothing. Elsewhere they go ("example.\u200bcom", "Trans\u200bformer").
INVISIBLE = r"[\u200b\u2060\ufeff\u00ad]"  # zero-width space, word joiner, BOM, soft hyphen: removed by the fold (URLs too)
_ZERO_WIDTH = r"[\u200b\u2060\ufeff]+"  # not the joiners (U+200C, U+200D): Persian and Indic scripts write them inside words
# The scripts whose words hold a zero-width non-joiner or joiner ("می\u200cخواهیم", "क्\u200dष"): there the joiners stay;
# anywhere else they go. Validation's markup pattern (expectations/records.json) allows the same.
_JOINING = r"\p{Arabic}\p{Syriac}\p{Thaana}\p{Devanagari}\p{Bengali}\p{Gurmukhi}\p{Gujarati}\p{Oriya}\p{Tamil}\p{Telugu}\p{Kannada}\p{Malayalam}\p{Sinhala}"
_LOOSE_JOINERS = (rf"(^|[^{_JOINING}])[\u200c\u200d]+", rf"[\u200c\u200d]+([^{_JOINING}]|$)")
_ZERO_WIDTH_GAPS = (r"([.!?][\"'”’)\]]?)" + _ZERO_WIDTH + r"(\p{Lu})", r"([!?,;:])" + _ZERO_WIDTH + r"(\p{L})")


def _fold_classes(text: pl.Expr) -> pl.Expr:
    return (
        text.str.replace_many(list(_TO_ASCII), list(_TO_ASCII.values()))
        .str.replace_all(_ZERO_WIDTH_GAPS[0], "${1} ${2}")
        .str.replace_all(_ZERO_WIDTH_GAPS[1], "${1} ${2}")
        .str.replace_all(INVISIBLE, "")
        .str.replace_all(_LOOSE_JOINERS[0], "${1}")
        .str.replace_all(_LOOSE_JOINERS[1], "${1}")
        .str.replace_all(r"[[\p{Zs}\u0085\u2028\u2029]&&[^ ]]", " ")  # not " " itself: replacing every space is slow
        .str.replace_all(r"[[\p{Cc}\p{Cf}\p{Co}\p{Cn}]--[\u200c\u200d]]", "")
    )


def scrub_residue(text: pl.Expr) -> pl.Expr:
    """Remove markup that survived the converters: commands, dollars, emphasis stars, tags."""
    return _on_rows(text, lambda batch: _contains_any_char(batch, "<\\$*&"), _vectorized(_scrub_residue))


def _scrub_residue(text: pl.Expr) -> pl.Expr:
    # A row without any of the prefilter's characters is left alone by every pass.
    return (
        text.str.replace_all(HTML_TAG, " ")
        .str.replace_all(r"\\[A-Za-z]+\*?", "")
        .str.replace_all(r"\\|\$+(\D|$)", "${1}")  # not an amount's "$5" (``protect_currency``)
        .str.replace_all(r"\*{2,}", "")
        .str.replace_all(_STARRED_NAME, "${1}${2}" + _NAME_STAR + "${3}")
        .str.replace_all(r"(^|[\s(\[\"'])\*+(\S)", "${1}${2}")
        .str.replace_all(r"(^|[\s(\[\"'])\*+(\S)", "${1}${2}")  # again: matches cannot overlap ("*'*x")
        .str.replace_all(r"([^\s^])\*+($|[\s.,;:!?)\]\"'])", "${1}${2}")  # "x^*" is a superscript
        .str.replace_all(_NAME_STAR, "*", literal=True)
        .str.replace_all(r"&(amp|lt|gt|quot|apos|nbsp);", " ")
    )


# A search algorithm's star is its name's ("A* search", "D* Lite", "Theta*", "IDA*", "Q*"): a capital and at most four more
# letters, a word of its own, before a space or punctuation. It stays; a star after any other word is emphasis left over.
# Validation's markup rule (expectations/records.json) exempts the same words.
_STARRED_NAME = r"(^|[^\w])([A-Z][A-Za-z]{0,4})\*($|[\s.,;:!?)\]\"'-])"
_NAME_STAR = "\ue0a1"  # private use: the star while the emphasis passes run


# A footnote mark a page set as a superscript number, spelled ``^1`` by now (``_spell_scripts``, ``_SUP_TAG``, LaTeX's
# ``\textsuperscript``): after a word of three letters or more, or after punctuation, and before a space, punctuation or
# the end (``naïve Bayes²``, ``twelve benchmarks¹,²``, ``masked tokens.³``). A copy with the marks then reads like one
# without them. A power of a letter, a number or a bracket stays (``x^2``, ``10^3``, ``O(n^2)``, ``cm^2``, ``10^-3``), and
# so does one of a function or Greek letter spelled out (``log^2``, ``sigma^2``: ``_MATH_NAMES``).
_FOOTNOTE_SUPERSCRIPT = r"\p{L}{3}\^[0-9]|[.,;:]\^[0-9]"
_FOOTNOTE_SUPERSCRIPT_RE = re.compile(r"(\b[^\W\d_]{3,}|[.,;:])\^[0-9]{1,2}(?:,\^?[0-9]{1,2})*(?=[\s.,;:!?)\]'\"]|$)")
_MATH_NAMES = frozenset(word.lower() for word in _MATH_WORDS) | frozenset(
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda rho sigma tau upsilon phi varphi "
    "chi psi omega ell sec csc cot sinh cosh tanh arcsin arccos arctan dim deg var cov norm mol rad".split()
)


def _without_footnote_superscripts(text: str) -> str:
    return _FOOTNOTE_SUPERSCRIPT_RE.sub(lambda m: m.group() if m.group(1).lower() in _MATH_NAMES else m.group(1), text)


# A footnote's number a PDF's text writes after a sentence's end, its superscript lost ("... across frames.1 We merge ...",
# "... results.1,2 Code is ..."): after a word of two lower-case letters or more that is no abbreviation a number follows
# ("Fig.1", "Eq.2", "Sec.3").
_FOOTNOTE_AFTER_STOP = r"\p{Ll}{2}[.!?][0-9]{1,2}(?:,[0-9]{1,2})*[ \t]+\p{Lu}"
_FOOTNOTE_AFTER_STOP_RE = re.compile(r"(\b\w*[^\W\d_]{2}[.!?])[0-9]{1,2}(?:,[0-9]{1,2})*([ \t]+[^\W\d_])")
_NUMBERED_ABBREVIATIONS = frozenset("fig figs eq eqs sec secs tab tabs ref refs no nos vol pp ch chap thm lem def alg app prop cor".split())


def _without_footnotes_after_stops(text: str) -> str:
    def drop(number: re.Match[str]) -> str:
        sentence_end, next_word = number.group(1), number.group(2)
        if sentence_end[:-1].lower() in _NUMBERED_ABBREVIATIONS or not next_word.lstrip()[0].isupper():
            return number.group()
        return sentence_end + next_word

    return _FOOTNOTE_AFTER_STOP_RE.sub(drop, text)


def drop_footnote_superscripts(text: pl.Expr) -> pl.Expr:
    """Drop footnote marks set as superscripts (``_FOOTNOTE_SUPERSCRIPT``) and footnote numbers after a sentence's end
    (``_FOOTNOTE_AFTER_STOP``)."""
    marked = _on_matching(text, _FOOTNOTE_SUPERSCRIPT, _without_footnote_superscripts, lambda batch: batch.str.contains("^", literal=True))
    return _on_matching(marked, _FOOTNOTE_AFTER_STOP, _without_footnotes_after_stops)


def collapse_whitespace(text: pl.Expr) -> pl.Expr:
    """One space between words, none at the ends, none before closing punctuation."""
    return _on_rows(text, lambda batch: batch.str.contains(_SPACING), _vectorized(_collapse_spaces)).str.strip_chars()


_SPACING = r"  | [.,;:!?)\]]|[(\[] "  # what _collapse_spaces rewrites; literal pairs, which polars finds fast


def _collapse_spaces(text: pl.Expr) -> pl.Expr:
    return text.str.replace_all(r" {2,}", " ").str.replace_all(r" ([.,;:!?)\]])", "${1}").str.replace_all(r"([(\[]) ", "${1}")


# A formula a MathJax scrape repeats: its rendering, its assistive text and its TeX source side by side
# ("regret Õ(d̃√(T)) Õ(d̃√T) Õ(d̃√T), where", "where d_e d_e de is"). Words that read the same without
# ``_MATH_NOISE`` are one formula when one of them holds a math mark; the first is kept, with the
# punctuation of the last, or with the word the last copy is glued to ("S^2 S^2 S2FGL" -> "S^2FGL").
# "the d d matrix" (no mark) and "x^2 + x^2" (not side by side) stay. An inline formula between two words a scrape glued
# it to shows its copies between them ("P$\\neq$NP" as "P≠ ≠ ≠NP"): they go ("P≠NP"). A run of up to ``MATH_REPEAT_WORDS`` words, one
# with a mark, that reads the same three times in a row is one formula's three copies too ("(ε, δ) = (3, 10^-5)" three
# times); in a row that repeats a formula, so is any run three times ("0.319 0.319 0.319"): no prose says a thing three
# times over. A sign standing alone between two words joins them into one formula word (``_LONE_SIGN``): a rendering
# writes "x∈X" what its TeX source spaces ("x ∈ X x∈X x ∈ X" is one formula thrice), and "3 × 3 × 3 × 3" is one formula.
_MATH_MARK = re.compile(r"[\^_√∑∏∫≤≥≈≠∈∉∞±×·∇∂‖|=<>]")
# A Greek letter standing alone (``(ε, δ)``, ``α_i``) is a symbol too (Greek words are runs of letters), where one comes
# twice within ``GREEK_REPEAT_CHARS`` characters: the rows such a formula can repeat in (``_greek_repeats``).
_GREEK_LETTERS = r"\u0391-\u03a9\u03b1-\u03c9"
_GREEK_LETTER = f"[{_GREEK_LETTERS}]"
_LONE_GREEK = re.compile(rf"(?<![\u0370-\u03ff]){_GREEK_LETTER}(?![\u0370-\u03ff])")
_GREEK = re.compile(_GREEK_LETTER)
GREEK_REPEAT_CHARS = 60
# The rows ``_marks`` may find marks in: a mark, or two Greek letters close by (polars has no lookaround or backreference).
_MAY_HAVE_MATH_MARK = rf"{_MATH_MARK.pattern}|{_GREEK_LETTER}[^{_GREEK_LETTERS}]{{0,{GREEK_REPEAT_CHARS}}}{_GREEK_LETTER}"
_WORD_MARK = re.compile(f"{_MATH_MARK.pattern}|{_LONE_GREEK.pattern}")  # a mark in a word of a row that repeats a formula
_MATH_NOISE = re.compile(r"[\^_{}()\[\]\\$]")
# Signs a rendering writes for what its TeX source (or pylatexenc's text of it) writes in ASCII: MathJax's minus, asterisk,
# prime and divides sign ("2^{k-1}" renders as "2k−1"); copies read the same with them as their ASCII twins.
_MATH_SIGNS = (("\u2212", "-"), ("\u2217", "*"), ("\u2032", "'"), ("\u2223", "|"), ("\u22c5", "\u00b7"))


def _ascii_signs(text: str) -> str:
    """``text`` with ``_MATH_SIGNS`` as their ASCII twins (``str.replace`` per sign present: 10x faster than ``translate``)."""
    if text.isascii():
        return text
    for sign, twin in _MATH_SIGNS:
        if sign in text:
            text = text.replace(sign, twin)
    return text


_TRAILING_PUNCTUATION = ".,;:!?"
MATH_REPEAT_WORDS = 6
MATH_WINDOW_CHARS = 200  # the text either side of a mark that ``_repeats_run`` reads (three runs of six words fit)
# Three copies of one run of words, read as ``_math_keys`` each followed by a space.
_THRICE = re.compile(r"(?:^| )((?:[^ ]+ ){1,%d}?)\1\1" % MATH_REPEAT_WORDS)


# A number a MathJax scrape repeats three times ("$0.5$" as "0.5 0.5 0.5", "$10^3$" as "10^3 103" aside): no mark says it is
# math, but no prose says a number three times over.
_NUMBER_THRICE = re.compile(r"(?<!\S)(\d+(?:[.,]\d+)*%?)(?: \1){2}(?=[.,;:)\]]*(?:\s|$))")


# A relation or operator sign a TeX source and its text space from the words either side (``a ≤ b``); a rendering does
# not. Standing alone between two words that do not end or start with a sign, it joins them into one formula word
# (``P≠ ≠ ≠NP`` is copies glued to words): marked with NULs, which the fold before has removed from the text.
_JOINING_SIGNS = "=≤≥≈≠∈∉±×·+−<>→∼≃≡⊂⊆∝≪≫"
_LONE_SIGN = re.compile(f"(?<=[^ {_JOINING_SIGNS}]) ([{_JOINING_SIGNS}]) (?=[^ {_JOINING_SIGNS}])")
_SPACED_SIGN = re.compile(f" [{_JOINING_SIGNS}] ")  # the rows ``_LONE_SIGN`` may match: found 8x faster


def _math_key(word: str) -> str:
    return _ascii_signs(_MATH_NOISE.sub("", word)).rstrip(_TRAILING_PUNCTUATION)


def _math_keys(text: str) -> list[str]:
    """``_math_key`` of each word of ``text`` (split at spaces), with one pass of the noise pattern over the whole text."""
    return [key.rstrip(_TRAILING_PUNCTUATION) for key in _ascii_signs(_MATH_NOISE.sub("", text)).split(" ")]


def _repeats_math(text: str) -> bool:
    """Whether a word with a math mark (``_marks``) reads the same as a word beside it (``_math_key``), stands between copies
    of it glued to the words around it (``_between_glued_copies``), or (``_repeats_run``) reads as the words one and two
    runs of its length away."""
    end, marks = -1, []
    for mark in _marks(text):
        marks.append(mark.start())
        if mark.start() < end:
            continue  # a word already looked at
        start, end = text.rfind(" ", 0, mark.start()) + 1, text.find(" ", mark.start())
        end = len(text) if end < 0 else end
        key = _math_key(text[start:end])
        if not key:
            continue
        after = text.find(" ", end + 1)
        next_key = _math_key(text[end + 1 : after if after >= 0 else len(text)]) if end < len(text) else ""
        previous_key = _math_key(text[text.rfind(" ", 0, start - 1) + 1 : start - 1]) if start else ""
        if key in (next_key, previous_key) or _between_glued_copies(key, previous_key, next_key):
            return True
    return len(marks) >= 2 and _repeats_run(text, marks)


def _marks(text: str) -> list[re.Match[str]]:
    """The math marks of ``text`` (``_MATH_MARK``), and its lone Greek letters when one of them comes again close by
    (``_greek_repeats``): only then can a formula of Greek letters alone (``(ε, δ)``) repeat."""
    marks = list(_MATH_MARK.finditer(text))
    if _greek_repeats(text):
        marks = sorted(marks + list(_LONE_GREEK.finditer(text)), key=lambda mark: mark.start())
    return marks


def _greek_repeats(text: str) -> bool:
    """Whether a lone Greek letter comes again, alone, within ``GREEK_REPEAT_CHARS`` characters (its neighbours looked at
    here: ``_LONE_GREEK``'s lookarounds take five times as long over whole texts)."""
    seen: dict[str, int] = {}
    for letter in _GREEK.finditer(text):
        at = letter.start()
        if (at and "\u0370" <= text[at - 1] <= "\u03ff") or (at + 1 < len(text) and "\u0370" <= text[at + 1] <= "\u03ff"):
            continue  # a letter of a Greek word
        if at - seen.get(letter.group(), -GREEK_REPEAT_CHARS - 1) <= GREEK_REPEAT_CHARS:
            return True
        seen[letter.group()] = at
    return False


def _between_glued_copies(key: str, previous_key: str, next_key: str) -> bool:
    """Whether a formula's copy stands between a word that ends with it and one that starts with it (``P≠ ≠ ≠NP``)."""
    return len(previous_key) > len(key) and len(next_key) > len(key) and previous_key.endswith(key) and next_key.startswith(key)


def _repeats_run(text: str, marks: list[int]) -> bool:
    """Whether a word with a math mark and a word beside it read the same as the words 2 to ``MATH_REPEAT_WORDS`` words
    away on both sides, or that far and twice as far on one side: a run of words three times (``Home | About | Contact``
    repeats only its bars), ``marks`` the positions of the text's math marks. Only rows with two marks (a formula repeated
    three times shows its mark in two copies at least), and only the words around each mark."""
    for mark in marks:
        first = max(0, mark - MATH_WINDOW_CHARS)
        window = text[first : mark + MATH_WINDOW_CHARS]
        keys, at = _math_keys(window), window.count(" ", 0, mark - first)
        for step in range(2, MATH_REPEAT_WORDS + 1) if keys[at] else ():
            before, after = _copied(keys, at, -step), _copied(keys, at, step)
            if (before and after) or (after and _copied(keys, at, 2 * step)) or (before and _copied(keys, at, -2 * step)):
                return True
    return False


def _copied(keys: list[str], at: int, shift: int) -> bool:
    """Whether the word ``at`` and a word beside it read the same ``shift`` words on (``keys``: ``_math_keys``)."""
    def same(i: int) -> bool:
        return 0 <= i < len(keys) and 0 <= i + shift < len(keys) and keys[i] == keys[i + shift]

    return same(at) and (same(at - 1) or same(at + 1))


def collapse_repeated_math(text: str) -> str:
    """Keep one of a formula repeated side by side (see ``_MATH_MARK``)."""
    grouped = _LONE_SIGN.sub("\0\\1\0", text) if _SPACED_SIGN.search(text) else text  # "x ∈ X" as "x\0∈\0X": one formula word
    compact = grouped.replace("\0", "")
    if not _repeats_math(compact):
        return text
    words = [word.replace("\0", " ") for word in grouped.split(" ")]
    keys, out, i = _math_keys(compact), [], 0
    joined = "".join((key or "\0") + " " for key in keys)  # an empty key as a NUL character: it repeats nothing
    thrice = {joined.count(" ", 0, m.start(1)): m.group(1).count(" ") for m in _THRICE.finditer(joined)}  # word index -> run length
    while i < len(words):
        if i in thrice:  # keep the first copy, with the last one's punctuation
            run, last = thrice[i], words[i + 3 * thrice[i] - 1]
            out += words[i : i + run - 1] + [words[i + run - 1].rstrip(_TRAILING_PUNCTUATION) + last[len(last.rstrip(_TRAILING_PUNCTUATION)) :]]
            i += 3 * run
            continue
        first, key, j = words[i], keys[i], i + 1
        marked = _WORD_MARK.search(first) is not None
        while key and j < len(words) and keys[j] == key and (marked or _WORD_MARK.search(words[j])):
            marked, j = True, j + 1
        last = words[j - 1]
        if marked and out and j < len(words) and first == key and _between_glued_copies(key, _math_key(out[-1].replace(" ", "")), keys[j]):
            out[-1] += words[j][len(key) :]  # the copies between the words they were glued to: "P≠ ≠ ≠NP" -> "P≠NP"
            i = j + 1
            continue
        if j > i + 1 and j < len(words) and words[j].startswith(key) and len(words[j]) > len(key):  # the last copy glued to the next word: "S^2 S^2 S2FGL"
            last, j = words[j][len(key) :], j + 1
            out.append(first.rstrip(_TRAILING_PUNCTUATION) + last)
        else:
            out.append(first if j == i + 1 else first.rstrip(_TRAILING_PUNCTUATION) + last[len(last.rstrip(_TRAILING_PUNCTUATION)) :])
        i = j
    return " ".join(out)


# Copies of a bracketed formula a MathJax scrape glued together, no space between two of them: its rendering, its
# assistive text and its TeX source ("O(nlogn)O(n log n)O(n log n)", "[0,1][0, 1]"). ``_GLUED_COPY_HINT`` finds the
# rows (a bracket closing right before one opening, or before a word that opens one); in them, copies read the same
# without ``_COPY_NOISE`` and with a rendering's signs as their ASCII twins (``_MATH_SIGNS``), each ending in a bracket.
_GLUED_COPY_HINT = r"[)\]](?:[\p{L}\p{N}][^\s()\[\]]{0,19})?[(\[]"
_COPY_NOISE = frozenset(" \t^_{}\\$")
_GLUED_COPIES = re.compile(r"(.{3,80}?[)\]])\1(\1)?")


def collapse_glued_copies(text: str) -> str:
    """Keep one of two or three copies of a bracketed formula glued together (see ``_GLUED_COPY_HINT``): the one with
    the most spaces, carets and underscores (the TeX-like one), the first of equals. Copies stand between non-word
    characters, one gap between them holds no space, and two copies only go when they are written differently (``f(x)f(x)``
    stays)."""
    at = [i for i, char in enumerate(text) if char not in _COPY_NOISE]
    compact = _ascii_signs("".join(text[i] for i in at))
    out, done, search_from = [], 0, 0
    while (match := _GLUED_COPIES.search(compact, search_from)) is not None:
        search_from = match.start() + 1
        key, count = match.group(1), 3 if match.group(2) else 2
        starts = [at[match.start() + n * len(key)] for n in range(count)]
        end = at[match.end() - 1] + 1
        while end < len(text) and text[end] in "}$":
            end += 1
        copies = [text[start:following].rstrip() for start, following in zip(starts, [*starts[1:], end])]
        glued = any(not text[start - 1].isspace() for start in starts[1:])
        bounded = (starts[0] == 0 or not text[starts[0] - 1].isalnum()) and (end == len(text) or not text[end].isalnum())
        balanced = key.count("(") == key.count(")") and key.count("[") == key.count("]") and any(char.isalnum() for char in key)
        if starts[0] < done or not (glued and bounded and balanced) or (count == 2 and copies[0] == copies[1]):
            continue
        best = max(copies, key=lambda copy: sum(copy.count(char) for char in " ^_"))  # the first of equals
        out += [text[done : starts[0]], best]
        done, search_from = end, match.end()
    return "".join(out) + text[done:] if out else text


# A label or list number scraped in front of an abstract: "Abstract:" (and whatever precedes it,
# such as a title line or "Title: ..."), "ABSTRACT" on its own line, "摘要：", "1. ", "[12] ", "(12) ", "#12 ", "2) ", "【12】", "🔥 ", a
# thread's "🧵 1/5" (``_THREAD_MARK``), a venue tag (``_VENUE_TAG``);
# and pictographs ending it ("... on DTU. 🚀"; ``_TRAILING_EMOJI``).
# A number without "." or ")" and a space after it ("3D point clouds", "2D/3D") is text.
# A post's place in its thread: "🧵 1/5", "🧵", "(1/5)", "1/" ("1/3 of ..." is text).
_THREAD_MARK = r"(?:\x{1f9f5}[ \t]*(?:[0-9]{1,2}/[0-9]{0,2})?|\([0-9]{1,2}/[0-9]{1,2}\)|[0-9]{1,2}/(?:[ \t]|\z))"
_CJK_LABELS = tuple(label for label in _ABSTRACT_LABELS if re.search(r"[\u3000-\u9fff\uac00-\ud7af]", label))  # a space may end them
# A venue tag in front of an abstract, as awesome lists and blogs write it: in brackets, an acronym (two capitals or more) and
# a year, maybe what the paper was accepted as ("[ICML 2024 Oral] ", "(Accepted to NeurIPS 2023) ", "【CVPR 2024】",
# "[NeurIPS'23]", "[AAAI-24]"), or bare before a colon ("ICML 2024 (Spotlight): "). "(COVID-19) ..." is text.
_VENUE_TAG = (
    r"[\[(【]\s*(?:(?i:accepted|to appear|published|presented)\s+(?i:at|to|in|by|as|for)\s+)?" + _ACRONYM_YEAR
    + r"(?:[ \t,]+" + _VENUE_KIND + r")*\s*[\])】]\s*[:：\-–—]?\s*"
    + r"|" + _ACRONYM_YEAR + r"(?:\s*[\[(]?" + _VENUE_KIND + r"[\])]?)*\s*[:：|]\s+"
)
_LEADING_LABEL = (
    r"^(?:(?:[^\n]{0,300}?\s)?(?:" + "|".join(_ABSTRACT_LABELS) + r")\s*[:：]\s*"
    + r"|(?:Abstract|ABSTRACT|Аннотация|АННОТАЦИЯ)\s*[.—–]\s*|ABSTRACT\s+|(?:Summary|SUMMARY)\s*[:：]\s*"
    + r"|[【\[]\s*(?:" + "|".join(_ABSTRACT_LABELS) + r")\s*[】\]]\s*|(?:" + "|".join(_CJK_LABELS) + r")\s+"
    + r"|(?:\[\d{1,3}\]|\(\d{1,3}\)|#\d{1,4}|\d{1,3}[.)]|[-–•*·▪►>])\s+|【\d{1,4}】\s*|" + _THREAD_MARK + r"\s*|" + EMOJI + r"\s*|" + _VENUE_TAG + r")+"
)
_TRAILING_EMOJI = r"(?:\s*" + EMOJI + r")+\z"


# A TL;DR sentence in front of the abstract on its line, as a flattened OpenReview or Semantic Scholar entry writes it
# ("TL;DR: We make it faster. Federated learning …"): only before 400 characters of text or more (a TL;DR is short).
_LEADING_TLDR = r"\A(?:TL;?DR|TLDR|tl;dr)[ \t]*[:：]?[ \t]+[^\n.!?]{1,300}[.!?][ \t]+(\p{Lu}[^\n]{400})"


# What a page flattened to one line puts in front of the abstract, one or several: an access or article-type badge
# ("Open Access", "Research Article |"), a date stamp behind a separator or a label ("12 Jan 2024 · ", "Published: 12
# March 2024 "), an author field ("Authors: Jane Doe, John Roe. "); only before a capital and 100 characters of text.
_STAMP_LABEL = r"(?:(?:Published|Received|Accepted|Posted|Online)[ \t]*:?[ \t]*)"
_STAMP_DATE = r"(?:\d{1,2}[ \t]+" + _MONTH + r",?[ \t]+\d{4}|" + _MONTH + r"[ \t]+\d{1,2},?[ \t]+\d{4})"
_LEADING_PAGE_CHROME = (
    r"\A(?:(?:(?:(?:Open|Free)[ \t]+[Aa]ccess|(?:Research|Review)[ \t]+[Aa]rticle|Original[ \t]+(?:[Pp]aper|[Aa]rticle|[Rr]esearch|[Cc]ontribution)"
    r"|(?:Regular|Full|Short)[ \t]+[Pp]aper)[ \t]*[|·•]?|" + _STAMP_LABEL + _STAMP_DATE + r"[ \t]*[|·•—–]?|" + _STAMP_DATE + r"[ \t]*[|·•—–]"
    r"|(?:Authors?|By)[ \t]*:[ \t]*" + AUTHORS + r"[ \t]*[.;|])[ \t]+)+(\p{Lu}[^\n]{100})"
)


def strip_label(text: pl.Expr) -> pl.Expr:
    """Drop a flattened page's chrome in front of the text (``_LEADING_PAGE_CHROME``), a leading TL;DR sentence
    (``_LEADING_TLDR``), then a leading abstract label or list number (see ``_LEADING_LABEL``), and pictographs ending the text."""
    unstamped = _on_rows(
        text, lambda batch: batch.str.contains(_LEADING_PAGE_CHROME), _vectorized(lambda t: t.str.replace(_LEADING_PAGE_CHROME, "${1}")),
        lambda batch: batch.str.contains(r"\A(?:Open|Free|Research|Review|Original|Regular|Full|Short|Published|Received|Accepted|Posted|Online|Author|By|\d{1,2}[ \t]|" + _MONTH + ")"),
    )
    summarized = _on_rows(
        unstamped, lambda batch: batch.str.contains(_LEADING_TLDR), _vectorized(lambda t: t.str.replace(_LEADING_TLDR, "${1}")),
        lambda batch: batch.str.contains(r"\A(?:TL|tl)"),
    )
    labelled = _on_rows(summarized, lambda batch: batch.str.contains(_LEADING_LABEL), _vectorized(lambda t: t.str.replace(_LEADING_LABEL, "")), _may_have_label)
    return _on_rows(labelled, lambda batch: batch.str.contains(_TRAILING_EMOJI), _vectorized(lambda t: t.str.replace(_TRAILING_EMOJI, "")), non_ascii)


# A whole abstract in one pair of quotes (folding has made them ASCII), with none inside.
_QUOTED_BLOCK = r'^"([^"\s](?:[^"]*[^"\s])?)"$'


def unquote_block(text: pl.Expr) -> pl.Expr:
    """Drop the quotes around a block that is one quotation (``_QUOTED_BLOCK``)."""
    return _on_rows(text, lambda batch: batch.str.contains(_QUOTED_BLOCK), _vectorized(lambda t: t.str.replace(_QUOTED_BLOCK, "${1}")))


def _may_have_label(batch: pl.Series) -> pl.Series:
    """Rows ``_LEADING_LABEL`` may match: the label words, or a digit or bracket first (its bounded prefix makes it slow)."""
    return batch.str.contains("|".join((*_ABSTRACT_LABELS, "Summary", "SUMMARY"))) | batch.str.contains(r"^(?:[\d\[(【#\-–•*·▪►>]|" + EMOJI + "|" + _ACRONYM_YEAR + ")")


def _staged(stages: tuple[Callable[[pl.Expr], pl.Expr], ...]) -> Callable[[pl.Series], pl.Series]:
    """``stages`` one after another as a Series function, materializing each (see ``normalize_column``)."""

    def run(rows: pl.Series) -> pl.Series:
        frame = rows.to_frame()
        for stage in stages:
            frame = frame.select(stage(pl.col(rows.name)))
        return frame.to_series()

    return run


def _refold_changes(batch: pl.Series) -> pl.Series:
    """Rows of ``fold_unicode``'s output that folding them again would change.

    Only NFKC (``nfkc``) can: removing a character may leave a sequence it composes ("=\\u200b\\u0338");
    everything else ``fold_unicode`` rewrites is gone from its output.
    """
    wide = non_ascii(batch)
    rows = wide.arg_true()
    if rows.is_empty():
        return wide
    changes = [nfkc(s) != s for s in batch.gather(rows).to_list()]
    return wide.scatter(rows, pl.Series(changes, dtype=pl.Boolean))


def _repair_and_fold(text: pl.Expr) -> pl.Expr:
    # Folding can expose mojibake ftfy missed.
    return fold_unicode(_on_matching(text, MOJIBAKE, repair_mojibake))


# The converters, a fold (they emit math letters and curly quotes), then mojibake that folding
# exposed. The last stage folds only rows it repairs or that folding would still change: the
# others are fold_unicode's output already, which folding then leaves as it is.
# LaTeX's single quotes around a word or phrase (```gradual disempowerment'``): ASCII quotes, as its double ones become ``"``;
# Markdown read the backquotes of two of them as a code span (```memory' isn't `fixed'`` lost both). Twice: one match takes
# the character after its quote, which may be the space before the next.
_LATEX_SINGLE_QUOTE = r"(^|[\s(\[{\"])`([^`'\n]{1,80})'([^\p{L}\p{N}]|$)"
_CONVERTERS: tuple[Callable[[pl.Expr], pl.Expr], ...] = (
    lambda t: t.str.replace_all(r"``([^`']*)''", "\"${1}\""),
    lambda t: t.str.replace_all(_LATEX_SINGLE_QUOTE, "${1}'${2}'${3}").str.replace_all(_LATEX_SINGLE_QUOTE, "${1}'${2}'${3}"),
    lambda t: _on_rows(t, _has_latex_marks, _latex),
    lambda t: _on_rows(t, _markdown_may_change, _each(markdown_to_text), lambda batch: batch.str.contains(MARKDOWN)),
    fold_unicode,
    lambda t: _on_rows(t, lambda batch: batch.str.contains(MOJIBAKE) | _refold_changes(batch), _vectorized(_repair_and_fold), non_ascii),
)
_CONVERTER_MARKS = "`\\$*_[<"  # the converters leave a row without any of these as it is


def _convert_markup(batch: pl.Series) -> pl.Series:
    """``_CONVERTERS`` on a batch of ``fold_unicode``'s output.

    Rows without converter marks that folding leaves as they are only need the mojibake repair:
    for them the converters and the folds change nothing.
    """
    converting = _contains_any_char(batch, _CONVERTER_MARKS) | _refold_changes(batch)
    batch = _convert_rows(batch, lambda _: converting, _staged(_CONVERTERS))
    return _convert_rows(batch, lambda rows: rows.str.contains(MOJIBAKE), _vectorized(_repair_and_fold), lambda rows: ~converting & non_ascii(rows))


# A block of Markdown table rows (``transforms.split`` cuts a table into its rows): each cell is read as a line of its own.
_TABLE = r"\A[ \t]*\|[^\n]*\|[^\n]*\|[ \t]*(?:\n[ \t]*\|[^\n]*\|[ \t]*)*\z"
_TABLE_DELIMITER_RE = re.compile(TABLE_DELIMITER)
_CELL_BORDER = re.compile(r"(?<!\\)\|")  # a pipe a cell does not escape ("\|")
TABLE_ABSTRACT_WIDTH = 100


def _cell_width(cell: str) -> int:
    """A table cell's width, as ``paragraph_width`` counts it."""
    return (len(cell) + len(cell.encode())) // 2


def table_cells(block: str) -> str:
    """A block of Markdown table rows as lines: one per non-empty cell, row after row; the delimiter row goes, and so do the
    cells before a row's abstract (its longest cell, if of ``TABLE_ABSTRACT_WIDTH`` or more: the title, the authors)."""
    lines = []
    for row in block.split("\n"):
        if _TABLE_DELIMITER_RE.match(row):
            continue
        cells = [cell.strip().replace("\\|", "|") for cell in _CELL_BORDER.split(row.strip()[1:-1])]
        widths = [_cell_width(cell) for cell in cells]
        widest = max(widths)
        abstract = widths.index(widest) if widest >= TABLE_ABSTRACT_WIDTH else 0
        lines += [cell for cell in cells[abstract:] if cell]
    return "\n".join(lines)


_SENTENCE_END_CELL = re.compile(r"[.!?。！？]\s*$")
_NUMBER_CELL = re.compile(r"^\W*\d[\d\W]*$")  # a year, an id, a page range
_NAME_CELL = re.compile(r"^[A-Z][\w.&-]*$")  # one capitalized word: a venue, an author's surname


def tab_cells(rows: pl.Series) -> pl.Series:
    """Rows of tab-separated cells (a spreadsheet's export: title, authors, abstract, venue, link; ``transforms.split`` cuts a
    table into its rows) as lines: the abstract (the longest cell, of ``TABLE_ABSTRACT_WIDTH`` or more) and the cells that
    are a link. Only a one-line block of three or more cells (or two: an id and the abstract) is read so, when its abstract starts as a sentence does (not in
    lower case) and every other cell is empty, a link, a number, one capitalized word or in Title Case (a title, authors, a
    venue: ``in_title_case``) ending no sentence; other text with tabs stays as it is."""
    texts = rows.to_list()
    candidates: dict[int, tuple[str, list[str], list[str]]] = {}  # row: abstract, links, cells to be in Title Case
    for i, block in enumerate(texts):
        cells = [cell.strip() for cell in block.strip().split("\t")]
        if "\n" in block.strip() or len(cells) < 2:
            continue
        widths = [_cell_width(cell) for cell in cells]
        abstract = cells.pop(widths.index(max(widths)))
        if len(cells) < TSV_TABS and not _NUMBER_CELL.match(cells[0]):
            continue  # two cells: an id's and the abstract's only
        if max(widths) < TABLE_ABSTRACT_WIDTH or abstract[0].islower() or any(_SENTENCE_END_CELL.search(cell) for cell in cells):
            continue
        links = [cell for cell in cells if ("://" in cell or cell.startswith("www.")) and len(cell.split()) == 1]
        named = [cell for cell in cells if cell and cell not in links and not _NUMBER_CELL.match(cell) and not _NAME_CELL.match(cell)]
        candidates[i] = (abstract, links, named)
    named = sorted({cell for _, _, cells in candidates.values() for cell in cells})
    titled = dict(zip(named, pl.select(in_title_case(pl.lit(pl.Series(named, dtype=pl.String)))).to_series().to_list(), strict=True))
    for i, (abstract, links, cells) in candidates.items():
        if all(titled[cell] for cell in cells):
            texts[i] = "\n".join([abstract, *links])
    return pl.Series(texts, dtype=pl.String)


# Runs of break and block tags: a line of them only, at a line's edges, and inside a line.
_BREAK_RUN = r"(?:[ \t]*(?i:" + _BREAK_TAG.removeprefix("(?i)") + r"))+[ \t]*"
_ONLY_BREAKS, _EDGE_BREAKS = f"^{_BREAK_RUN}$", f"^{_BREAK_RUN}|{_BREAK_RUN}$"


def html_lines(text: pl.Expr) -> pl.Expr:
    """HTML line breaks and block tags (``<br>``, ``<p>``, ``<li>``, ...) inside a line as line breaks, so that the line rules
    below see a title (``<li><b>Title</b><br>Abstract``) as the line it is; those at a line's edges go. A line of tags alone
    stays as it is (the rules keep seeing a line there)."""
    line = pl.element()
    split = line.str.replace_all(_EDGE_BREAKS, "").str.replace_all(_BREAK_RUN, "\n")
    return _on_rows(
        text,
        lambda batch: batch.str.contains(_BREAK_TAG),
        _vectorized(lambda t: t.str.split("\n").list.eval(pl.when(line.str.contains(_ONLY_BREAKS)).then(line).otherwise(split)).list.join("\n")),
        lambda batch: batch.str.contains("<", literal=True),
    )


# Escapes a JSON or CSV export left in the text as backslash sequences ("matrix.\nExperiments show", "models\u2019",
# "\\n" once more escaped): a line break, tab or character, as the export meant. A "\n", "\r" or "\t" is an escape before
# anything but a lowercase ASCII letter, a brace or "@" (a capital, a digit, a space, another backslash, the end), where no
# LaTeX command is; in a block with such an escape (or a "\uXXXX"), so is "\n" before a word no LaTeX command spells
# ("\nexperiments"; "\nabla" stays).
_LITERAL_ESCAPE = r"\\+(?:r\\+n|[nrt])(?:[^a-z{@]|$)|\\+u[0-9A-Fa-f]{4}|\\+U(?:000[0-9A-Fa-f]|0010)[0-9A-Fa-f]{4}"
_LITERAL_BREAK_RE = re.compile(r"\\+(?:r\\+n|([nrt]))(?=([A-Za-z]*))(?=[^a-z{@]|$)")  # the letters after: "\nLeftarrow" stays
_LITERAL_NEWLINE_WORD_RE = re.compile(r"\\+(n)(?=([a-z]+))")
_LITERAL_UNICODE_RE = re.compile(
    r"\\+u((?i:d[89ab][0-9a-f]{2}))\\+u((?i:d[c-f][0-9a-f]{2}))|\\+u((?i:[0-9a-f]{4}))|\\+U((?i:(?:000[0-9a-f]|0010)[0-9a-f]{4}))"  # Python's "\U0001f600" too
)
# LaTeX commands starting with "n" that pylatexenc's text conversion has no entry for
_N_COMMANDS = frozenset("newline newpage noindent nolimits nonumber nobreak nocite norm normalsize".split())


def _escaped_char(match: re.Match) -> str:
    high, low, single, wide = match.groups()
    if wide is not None:
        return chr(int(wide, 16))
    if single is None:
        return chr(0x10000 + ((int(high, 16) - 0xD800) << 10) + int(low, 16) - 0xDC00)
    code = int(single, 16)
    if 0xD800 <= code <= 0xDFFF:
        return ""  # half of a pair whose other half is missing: no character
    return match.group() if code == 0x5C else chr(code)  # an escaped backslash would start a LaTeX command


@lru_cache(maxsize=4096)
def _is_n_command(name: str) -> bool:
    return name in _N_COMMANDS or _latex_converter().latex_context.get_macro_spec(name) is not None


def _escaped_break(match: re.Match) -> str:
    letter, word = match.groups()
    if letter == "n" and word and _is_n_command("n" + word):
        return match.group()
    return "\t" if letter == "t" else "\n"


def literal_escapes(text: str) -> str:
    """A block's backslash escapes from a JSON or CSV export as the characters they stand for (see ``_LITERAL_ESCAPE``)."""
    text = _LITERAL_UNICODE_RE.sub(_escaped_char, text)
    text = _LITERAL_BREAK_RE.sub(_escaped_break, text)
    return _LITERAL_NEWLINE_WORD_RE.sub(_escaped_break, text)


# Escaped quotes and apostrophes a JSON export or a database dump left in the text ("called \"GraphX\"", "\"$\alpha$-net\"",
# "model\'s", "don\'t"): LaTeX's umlaut \" and acute accent \' stand before a letter, a brace or a command ("\"\i"),
# so one before anything else is a quote, and so is the one that opens a quote such a one closes (not inside a word, no
# escaped quote between them); an escaped apostrophe before the end of a word that an English contraction ends with
# ("model\'s", "don\'t", "we\'ll", "they\'re", "1990\'s") is one too. "G\"odel", "\"{o}", "\"Ozt\"urk", "Caf\'e" and
# "Ko\'sciuszko" stay accents. Pylatexenc read "\"optimal\" policies" as "öptimalp̈olicies" and "model\'s" as "modelś".
# A pair's match takes the character after it, which may be the next pair's first: two passes.
_NO_ACCENT_AFTER = r"([^A-Za-z{\\]|$)"
_ESCAPED_QUOTE = r'\\(["\'])' + _NO_ACCENT_AFTER
_ESCAPED_CONTRACTION = r"([A-Za-z0-9])\\'(s|t|d|m|ll|re|ve)" + _NO_ACCENT_AFTER


def _escaped_pair(mark: str) -> str:
    return rf"(^|[^A-Za-z\\])\\{mark}((?:[^\\\n]|\\[^{mark}\n])*?)\\{mark}" + _NO_ACCENT_AFTER


def _quote_pairs(text: pl.Expr) -> pl.Expr:
    return text.str.replace_all(_escaped_pair('"'), '$1"$2"$3').str.replace_all(_escaped_pair("'"), "$1'$2'$3")


def escaped_quotes(text: pl.Expr) -> pl.Expr:
    """Escaped quotes and apostrophes (``\\"``, ``\\'``) that are no LaTeX accent as quotes (see the comment above
    ``_NO_ACCENT_AFTER``)."""
    return _on_rows(
        text,
        lambda batch: batch.str.contains_any(['\\"', "\\'"]),
        _vectorized(
            lambda t: _quote_pairs(_quote_pairs(t)).str.replace_all(_ESCAPED_CONTRACTION, "$1'$2$3").str.replace_all(_ESCAPED_QUOTE, "$1$2")
        ),
    )


# A review copy's margin line numbers (ICML's, NeurIPS's, ICLR's, ACL's submission PDFs number every line ``054``, ``055``,
# …): three or more lines in a row that start, or end (the right margin of a two-column page, as ICML's), with consecutive
# three-digit numbers lose them. A copied PDF page kept them; its key (which folds digits) was the clean copy's, and it was
# kept by its longer text.
_MARGIN_NUMBERS = (
    r"(?m)^[ \t]*[0-9]{3}[ \t]+\S[^\n]*\n[ \t]*[0-9]{3}[ \t]+\S[^\n]*\n[ \t]*[0-9]{3}[ \t]+\S"
    r"|(?m)\S[ \t]+[0-9]{3}[ \t]*\r?\n[^\n]*\S[ \t]+[0-9]{3}[ \t]*\r?\n[^\n]*\S[ \t]+[0-9]{3}[ \t]*\r?$"
)
_MARGIN_NUMBER_RES = ((re.compile(r"^[ \t]*([0-9]{3})[ \t]+(?=\S)"), ""), (re.compile(r"(?<=\S)[ \t]+([0-9]{3})[ \t]*(\r?)$"), r"\2"))
MIN_NUMBERED_LINES = 3


def strip_margin_numbers(block: str) -> str:
    """Drop margin line numbers (``_MARGIN_NUMBERS``) from each run of ``MIN_NUMBERED_LINES`` or more lines numbered one up,
    at the lines' starts, then at their ends."""
    lines = block.split("\n")
    for margin, kept in _MARGIN_NUMBER_RES:
        numbers = [int(m.group(1)) if (m := margin.search(line)) else None for line in lines]
        start = 0
        while start < len(lines):
            end = start + 1
            while end < len(lines) and numbers[start] is not None and numbers[end] == numbers[end - 1] + 1:
                end += 1
            if end - start >= MIN_NUMBERED_LINES:
                lines[start:end] = [margin.sub(kept, line, count=1) for line in lines[start:end]]
            start = end
    return "\n".join(lines)


_ENTRY_NUMBER_LINE = rf"\A[ \t]*{ENTRY_NUMBER}[ \t]*\r?\n"


def strip_entry_number(text: pl.Expr) -> pl.Expr:
    """Drop a first line that only numbers the entry ("2", "[2]", "#2", "(2)"; ``transforms.split`` cuts a listing before it)."""
    return _on_rows(
        text,
        lambda batch: batch.str.contains(_ENTRY_NUMBER_LINE),
        _vectorized(lambda t: t.str.replace(_ENTRY_NUMBER_LINE, "")),
        lambda batch: batch.str.contains("\n", literal=True),
    )


# A journal page's highlights above the abstract, one bullet a line, with no "Abstract" label between them
# ("Highlights\n• A new benchmark ...\n• A strong baseline\nWe introduce ..."): they go when an abstract follows.
_HIGHLIGHTS_HEADING = r"\A[ \t]*(?:Research [Hh]ighlights|Highlights|HIGHLIGHTS)"
# the list under its heading, or on the heading's line with two bullets or more ("Highlights • A benchmark • An analysis")
_HIGHLIGHTS = _HIGHLIGHTS_HEADING + r"[ \t]*:?[ \t]*(?:\r?\n(?:[ \t]*[•►▪◦·*\-–][ \t]*[^\n]*\r?\n){1,10}|[•►▪◦·][^\n]*[•►▪◦·][^\n]*\r?\n)"
HIGHLIGHTS_REST = 100


def strip_highlights(text: pl.Expr) -> pl.Expr:
    """Drop a highlights list above the abstract (see ``_HIGHLIGHTS``)."""
    def strip(t: pl.Expr) -> pl.Expr:
        rest = t.str.replace(_HIGHLIGHTS, "")
        return pl.when(rest.str.len_chars() >= HIGHLIGHTS_REST).then(rest).otherwise(t)

    return _on_rows(text, lambda batch: batch.str.contains(_HIGHLIGHTS), _vectorized(strip), lambda batch: batch.str.contains(_HIGHLIGHTS_HEADING))


def _abstract_lines(text: pl.Expr) -> pl.Expr:
    """The lines of a raw block that hold its abstract: a BibTeX, JSON, RIS or MEDLINE record's abstract field, an export's
    escapes read, a table row's cells, HTML's lines, emoji shortcodes as emoji, lines without the emoji that label them
    (after site chrome: a star count's "⭐ 1.2k" is chrome), nested list items without their marks; no
    margin line numbers, entry number, footnote, site chrome, highlights, heading label or title."""
    text = _on_matching(text, SHORTCODE, emojize_shortcodes, lambda batch: batch.str.contains(":", literal=True))
    text = bracket_labels(_on_matching(text, _MARGIN_NUMBERS, strip_margin_numbers))
    text = _on_rows(text, lambda batch: batch.str.contains("[^", literal=True), _vectorized(strip_footnotes))
    fields = _on_matching(_on_matching(_on_matching(text, BIBTEX_ENTRY, bibtex_abstract), JSON_RECORD, json_abstract), TAGGED_RECORD, tagged_abstract)
    fields = _on_matching(fields, LATEX_ABSTRACT_ENV, latex_abstract, lambda batch: batch.str.contains("\\begin{abstract}", literal=True))
    fields = _on_matching(fields, YAML_RECORD, yaml_abstract, lambda batch: batch.str.contains(r"\A" + _YAML_KEY))
    fields = _on_matching(fields, XML_RECORD, xml_abstract, lambda batch: batch.str.contains(r"\A\s*<"))
    fields = escaped_quotes(_on_matching(fields, _LITERAL_ESCAPE, literal_escapes, lambda batch: batch.str.contains("\\", literal=True)))
    cells = _on_matching(strip_entry_number(fields), _TABLE, table_cells, lambda batch: batch.str.contains("|", literal=True))
    cells = _on_rows(cells, lambda batch: batch.str.contains("\t", literal=True), tab_cells)
    return strip_linked_title(strip_bold_title(strip_title_line(unmark_sub_items(strip_heading_label(strip_translation(strip_highlights(html_lines(setext_headings(unlabel_lines(strip_chrome(unquote_lines(cells))))))))))))


# The next sentence glued on after a sentence's end, as a page whose paragraph tags a scraper stripped writes it
# ("planning over many steps.We introduce …"): a space goes between them. Only before a word that opens sentences of
# abstracts and after a lower-case word of two letters or more or a bracket, so "e.g.The", "nn.Module" and "torch.Tensor" stay.
# ``SENTENCE_OPENERS`` are words that start sentences of abstracts (``transforms.urls`` cuts such a word glued on after a
# URL's full stop too).
SENTENCE_OPENERS = (
    "We", "Our", "The", "This", "These", "Those", "It", "Its", "In", "On", "To", "For", "As", "All", "Both", "Code", "Data", "Results",
    "Experiments", "Extensive", "Furthermore", "Moreover", "Additionally", "Finally", "Further", "Also", "Here", "However", "Unlike",
)
_GLUED_OPENERS = SENTENCE_OPENERS + (
    "By", "With", "Such", "Each", "Comprehensive", "Empirical", "Despite", "Although", "While", "Specifically", "Notably", "Importantly",
    "Overall", "Thus", "Therefore", "Existing", "Recent", "Building", "Motivated", "Inspired", "Given", "Based", "Compared",
)
_GLUED_SENTENCE = r"(\p{Ll}{2}[.!?]|\)[.!?])(" + "|".join(_GLUED_OPENERS) + r")\b"
_GLUED_SENTENCE_HINTS = [stop + word for stop in ".!?" for word in _GLUED_OPENERS]  # a literal search: ~0.03 s over 100k texts


def space_glued_sentences(text: pl.Expr) -> pl.Expr:
    """A space between a sentence's end and the next sentence glued on to it (``_GLUED_SENTENCE``)."""
    return _on_rows(
        text, lambda batch: batch.str.contains_any(_GLUED_SENTENCE_HINTS), _vectorized(lambda t: t.str.replace_all(_GLUED_SENTENCE, "${1} ${2}"))
    )


# Mojibake and what repairs it, in order: ftfy's kinds, then UTF-8 read as GBK, as Shift-JIS and as KOI8-R (non-ASCII rows only).
_MOJIBAKE_REPAIRS = (
    (MOJIBAKE, repair_mojibake), (GBK_MOJIBAKE, repair_gbk_mojibake), (SJIS_MOJIBAKE, repair_sjis_mojibake), (KOI8_MOJIBAKE, repair_koi8_mojibake),
)
_STAGES: tuple[Callable[[pl.Expr], pl.Expr], ...] = (
    lambda t: name_reference_gaps(join_lines(_abstract_lines(t))).str.replace_all(r"[ \t]{2,}", " "),  # ftfy judges mojibake by context: same spacing every pass
    lambda t: reduce(lambda text, repair: _on_matching(text, *repair, non_ascii), _MOJIBAKE_REPAIRS, t),
    unescape_entities,
    html_to_text,
    fold_unicode,
    latex_typography,  # after the fold: removing a control character can put a letter before a "~"
    lambda t: t.map_batches(_convert_markup, return_dtype=pl.String),
    lambda t: scrub_residue(collapse_whitespace(t)),  # collapsing first: "*  ]" must not become "*]" on the next pass
    lambda t: drop_footnote_superscripts(collapse_whitespace(t)),
    space_glued_sentences,
    lambda t: _on_rows(t, lambda batch: batch.str.contains_any(list(SPLIT_LIGATURE_HINTS)), _each(join_split_ligatures)),  # after the fold: "signiﬁ cant" is "signifi cant"
    lambda t: _on_matching(t, _MAY_HAVE_MATH_MARK, collapse_repeated_math),  # only rows with a math mark may repeat one
    lambda t: _on_matching(t, _GLUED_COPY_HINT, collapse_glued_copies),
    lambda t: _on_matching(t, r"\d \d", lambda text: _NUMBER_THRICE.sub(r"\1", text)),
    strip_inline_title,
    strip_label,
    unquote_block,
)


# Characters the markup stages react to. Removing one piece of markup can expose another
# ("$x$*'*", "$_}__"), join the two halves of a mojibake pair ("Ä$§") or put a combining mark
# after a letter NFKC composes with it ("w\"$x$"), so rows that still hold one of these
# characters, mojibake or text NFKC changes after a pass get a second pass, if the first changed them.
_MARKUP_CHARS = "*_`$\\&<[{}~"


def _second_pass(rows: pl.Series) -> pl.Series:
    return normalize_column(rows.to_frame("text_raw"), second_pass=False)["text"]


def _needs_second_pass(batch: pl.Series) -> pl.Series:
    # "--" too: a dropped tag can join a word and a dash pair ("x<i>--y"); a shortcode too: a dropped command can leave one ("\emph{:fire:").
    needs = _contains_any_char(batch, _MARKUP_CHARS) | batch.str.contains("--", literal=True) | batch.str.contains(SHORTCODE)
    rows = (non_ascii(batch) & ~needs).fill_null(False).arg_true()  # mojibake and what NFKC composes are never ASCII
    rows = rows.filter(batch.gather(rows).str.contains(MOJIBAKE + r"|[\p{M}\u1100-\u11ff]"))  # a pair, a combining mark, a jamo
    rows = rows.filter(batch.gather(rows).str.contains(MOJIBAKE) | _refold_changes(batch.gather(rows)))
    # A hyphen and a space before a lower-case word: markup the first pass removed may have stood between them, so the
    # hyphenation rule saw none ("data- \emph{driven}", "data-" / "$k$-means" are "data- driven", "data- k-means" after it).
    hyphens = (batch.str.contains_any(["- ", "\u2010 ", "\u00ad "]) & ~needs).fill_null(False).arg_true()
    rows = pl.concat([rows, hyphens.filter(batch.gather(hyphens).str.contains(LINE_END_HYPHEN))])
    return needs.scatter(rows, True) if not rows.is_empty() else needs


OVERSIZED_CHARS = 200_000
"""A block longer than this (ten times quality's default ``max_chars``; a file without blank lines, a page dump) is no
abstract and is not normalized: its text is its raw text with each run of whitespace one space (``quality`` rejects it as
``too_long``). The per-row converters would take minutes on one such block (a 28 MB one took more than ten)."""


def normalize_text(raw: pl.Expr) -> pl.Expr:
    """The full normalization of a raw block as one expression (``normalize_column``'s; idempotent on its own output)."""
    return raw.map_batches(lambda rows: normalize_column(rows.to_frame("text_raw"))["text"], return_dtype=pl.String)


def normalize_column(frame: pl.DataFrame, raw: str = "text_raw", out: str = "text", second_pass: bool = True) -> pl.DataFrame:
    """Normalize a frame's column, one stage at a time (materializing each stage is about three times faster than
    one composed expression with Python callbacks inside, measured on the bench corpus); ``OVERSIZED_CHARS`` blocks
    only have each run of whitespace made one space."""
    oversized = frame[raw].str.len_chars().gt(OVERSIZED_CHARS).fill_null(False)
    if oversized.any():
        rows = frame.with_row_index("_row")
        normalized = normalize_column(rows.filter(~oversized), raw, out, second_pass)
        collapsed = rows.filter(oversized).with_columns(pl.col(raw).str.replace_all(r"\s+", " ").str.strip_chars().alias(out))
        return pl.concat([normalized, collapsed]).sort("_row").drop("_row")
    frame = frame.with_columns(pl.col(raw).alias(out))
    for stage in _STAGES:
        frame = frame.with_columns(stage(pl.col(out)))
    if second_pass:  # a row the first pass left as it was is a fixed point already
        changed = frame[out].ne_missing(frame[raw])
        frame = frame.with_columns(_convert_rows(frame[out], lambda batch: _needs_second_pass(batch) & changed, _second_pass).alias(out))
    return frame
