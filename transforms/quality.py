"""Decide which blocks are not abstracts, with a reason from ``schema.REJECT_REASONS``.

Reasons are checked in a fixed order, the first that applies wins:
header, garbled, no_letters, url_only, no_abstract, boilerplate, review, too_long, repeated_text, too_short.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from transforms.headers import VENUE_DISPLAY, header_fields, parse_header
from transforms.normalize import DECORATION, OVERSIZED_CHARS, README_SECTIONS, record_venue
from transforms.split import CJK_CHAR

# arXiv's notice in place of a withdrawn paper's abstract (``NOT_ABSTRACT`` at a block's start; ``BOILERPLATE`` behind other page text).
_WITHDRAWN = r"this (?:paper|article|submission|manuscript|version|preprint) (?:has been|was|is being|is) withdrawn"
BOILERPLATE = (
    r"(?i)^(?:loading(?: ?[.…]|,? please(?-u:\b)|$)|404(?: ?[-–:|]| not found(?-u:\b)| error(?-u:\b)| page(?-u:\b)|$)"
    r"|(?:please wait|page not found|access denied|javascript is (?:disabled|required)|skip to (?:main )?content|(?:http )?error:? ?[45]\d\d)(?-u:\b))"
    r"|(?i)(?-u:\b)(?:home|about|contact|login|log in|sign in|sign up|search|menu|privacy policy|terms of (?:use|service)|faq|help)(?:\s*(?:\||·|•|/|»|>)\s*| \" )(?:home|about|contact|login|log in|sign in|sign up|search|menu|privacy|terms|faq|help|blog|news)(?-u:\b)"
    r"|(?i)^(?:copyright(?: ?©| ?\(c\)| \d{4}| ?:| notice| statement| by| of (?:this|the))|©|all rights reserved)"
    # a navigation bar without separators ("Home About Us Contact Privacy Policy ..."), a newsletter prompt, a workshop page's dates
    r"|(?i)^(?:home|about us|about|contact us|contact|login|log in|sign in|sign up|search|menu)(?: (?:home|about us|about|contact us|contact"
    r"|login|log in|sign in|sign up|search|menu|privacy policy|privacy|terms of (?:use|service)|faq|help|blog|news|careers)){2,}(?-u:\b)"
    r"|(?i)(?-u:\b)(?:sign up for our newsletter|subscribe to our newsletter|unsubscribe at any time|important dates ?:)"
    # a wiki's footer; arXiv's withdrawal notice behind other page text (at a block's start it is ``NOT_ABSTRACT``'s at any length)
    r"|(?i)(?-u:\b)(?:this page was last (?:edited|modified|updated) on|text is available under the creative commons"
    r"|" + _WITHDRAWN + r")"
    # an e-mail alert's footer (Google Scholar's, a mailing list's)
    r"|(?i)^this (?:message|e-?mail) was sent (?:by|to|because)|(?i)(?-u:\b)(?:cancel alert|manage (?:your )?alerts|unsubscribe from (?:this|these) (?:alert|list|e-?mail)s?)(?-u:\b)"
    # a block that is only an article's metadata field ("Keywords: a; b", "Received: 1 January 2024 / Accepted: ...")
    r"|(?i)^(?:keywords?|key words|index terms|received|accepted|revised|published online|available online|article history|pmid|pmcid|doi|e?issn|isbn) ?[:—–]"
    # a blog's or listing's links to other posts, its tags and categories
    r"|(?i)^(?:related(?: posts| papers| articles| reading)?|see also|read next|you (?:may|might) also like|recent posts|popular posts|tags|categories|filed under) ?[:—–]"
    r"|(?i)^(?:«\s*)?(?:previous|prev)\s+(?:\d+\s+){2,}|(?i)(?-u:\b)showing (?:results )?\d+\s*[-–]\s*\d+ of [\d,]+"
    # a server's error page, a bot check or an archive notice scraped instead of the abstract
    r"|(?i)(?-u:\b)(?:was not found on this server|404 not found|403 forbidden|500 internal server error|502 bad gateway|503 service unavailable"
    r"|429 too many requests|checking your browser before accessing|ddos protection by cloudflare|cloudflare ray id|verify (?:that )?you are (?:a )?human"
    r"|enable javascript and cookies to continue|you are viewing an archived version of this page"
    r"|the page you (?:are|were|re) looking for (?:might|may|could) (?:not exist|have been)|the (?:requested )?page (?:you requested )?(?:could not|cannot) be found"
    r"|an (?:unexpected )?error (?:has )?occurred while (?:processing|loading)|something went wrong|please try again later"
    # a browser notice (the page's, or a comment widget's), an advertisement's pitch, a listing's rating and reading-list buttons
    r"|your browser is (?:out of date|outdated|not supported|no longer supported)|update your browser|please (?:enable|turn on) javascript"
    r"|(?:enable|turn on) javascript (?:to|and) (?:view|see|use|run|read|continue)|(?:this|the) (?:site|page|website|app) requires javascript"
    r"|advertise with us|sponsored content|rate this (?:paper|article|post)|add to (?:my |your )?(?:reading list|library|favou?rites))(?-u:\b)"
    # an advertisement, or a publisher's note on how to get the full text
    r"|(?i)^(?:sponsored|advertisement|promoted|ad)\s*[:|\-–—]|(?i)^download (?:the )?(?:full(?:[ -]text)? )?(?:paper|article|pdf|text|chapter)(?-u:\b)"
    r"|(?i)(?-u:\b)(?:institutional login|shibboleth|openathens)(?-u:\b)"
    # a paywall's or a bot check's notice, a conference's sponsor list, a letter to authors, a post announcing a paper
    r"|(?i)(?-u:\b)(?:you do not have access to this (?:content|article|page|chapter)|purchase (?:this|the) (?:article|chapter|pdf|book) for"
    r"|get full access to this (?:article|chapter)|complete the security check|why do i have to complete a captcha"
    r"|(?:sign|log) in (?:to|or (?:register|subscribe|create an account) to) (?:continue reading|read (?:the|this) (?:full|rest)|view (?:the )?full|access (?:the )?full)"
    r"|create a free account to (?:continue reading|read|access|view)|subscribe to (?:continue|keep) reading)(?-u:\b)"
    r"|(?i)^(?:(?:platinum|gold|silver|bronze|diamond|corporate|our) )?sponsors? ?[:—–]|(?i)^dear (?:authors?|colleagues?|all|participants?|reviewers?|sirs?)(?-u:\b)"
    # ... or a decision letter or a camera-ready notice without its greeting
    r"|(?i)(?-u:\b)(?:thank you for (?:your submission to|submitting (?:your (?:paper|work) )?to)|we regret to inform you|we are (?:pleased|happy|delighted|glad) to inform you"
    r"|your (?:paper|submission|manuscript) (?:has been|was|is) (?:(?:conditionally )?accepted|rejected|not accepted)|camera-ready (?:deadline|instructions)"
    r"|please (?:upload|submit) (?:your|the) (?:final|camera-ready))(?-u:\b)"
    r"|(?i)^(?:(?:we'?re|i'?m|we are|i am|so|really|super) )?(?:excited|thrilled|happy|proud|delighted|pleased) to (?:share|announce|present|introduce)(?-u:\b)"
    r"|(?i)^(?:\x{1f6a8}[ \x{fe0f}]*)?new (?:paper|preprint|work) ?(?:alert)? ?[!:]"
    # a newsletter's prompt, a repository's install note, a talk's video note, a reader's comment, an AI summary's disclaimer
    r"|(?i)^(?:stay up to date|enter your e-?mail|sign up to receive|to install (?:the|this|our) (?:package|library|code|tool)|(?:pip|conda) install )"
    r"|(?i)^(?:watch|view) (?:the )?(?:recorded )?(?:talk|video|presentation|recording|slides)(?-u:\b)"
    r"|(?i)^(?:great|nice|awesome|interesting|cool|amazing|excellent) (?:paper|work|read)[!.]"
    r"|(?i)^this (?:paper|summary|article|post) (?:was|is|has been) (?:summari[sz]ed|generated|written) (?:by|with|using) (?:an? )?(?:ai|llm|language model|chatgpt|gpt)(?-u:\b)"
    # a blog platform's sign-up and paywall prompts (Medium's, Substack's)
    r"|(?i)(?-u:\b)(?:sign up to discover human stories|member-only story|distraction-free reading|become a medium member|get unlimited access to"
    r"|you(?:'ve| have) read all your free|subscribe for free to receive new posts|thanks for reading [^\n]{1,80}! subscribe)(?-u:\b)"
    # a Chinese blog's or WeChat account's notes: reposting, following the account, the editor, "read the original"
    r"|转载请|未经授权|禁止转载|公众号|扫码关注|扫描二维码|点击阅读原文|阅读原文|责任编辑|版权所有|版權所有|本文由\S{1,20}(?:整理|编译|翻译)|欢迎关注|关注我们"
    r"|请(?:先)?登录|您需要登录|登录后(?:才能|即可|可以)?(?:查看|阅读|下载)|請(?:先)?登入|ログインしてください|로그인 후"
)
# A navigation bar: three or more items of one to three words between separators ("Home | Papers | Schedule");
# normalization folds ``»`` to ``"``, so a spaced ``"`` separates items too (``Home " Conferences " Papers``),
# and so does a spaced ``>``; a quote that touches its word (``the "All" model``) does not.
_MENU_ITEM = r"[\p{L}\p{N}&'.\-]+(?: [\p{L}\p{N}&'.\-]+){0,2}"
MENU = rf"^{_MENU_ITEM}(?:(?:\s*[|·•»›]\s*| [\">] ){_MENU_ITEM}){{2,}}$"
# Cookie consent banners, only looked for in blocks that mention cookies (COOKIE). CONSENT is a banner's
# wording in English, Chinese, Japanese, Korean, German, French and Spanish (buttons included);
# CONSENT_ADDRESS is the banner speaking to the visitor about their device, experience and consent,
# which abstracts about cookies and web tracking do not do.
COOKIE = r"(?i)cookie|クッキー|쿠키"
CONSENT = (
    r"(?i)(?-u:\b)(?:we use cookies|(?:this|our) (?:site|website|web site) (?:uses|stores|sets|places) cookies"
    r"|(?:accept|allow|reject|decline|deny) all|(?:accept|allow|reject|decline) cookies|cookie (?:policy|settings|preferences)"
    r"|wir (?:verwenden|nutzen) cookies|(?:diese|unsere) (?:website|webseite|seite) (?:verwendet|nutzt) cookies|alle (?:akzeptieren|ablehnen)|cookie-einstellungen"
    r"|nous utilisons des cookies|ce site (?:web )?utilise des cookies|(?:tout|tous) (?:accepter|refuser)|accepter les cookies|paramètres des cookies"
    r"|utilizamos cookies|usamos cookies|(?:este sitio|esta web|este sitio web) (?:utiliza|usa) cookies|aceptar (?:todas|todo|cookies)|rechazar todas|configuración de cookies)(?-u:\b)"
    r"|(?i)(?:使用|使用了)\s?cookie|cookie\s?(?:偏好|设置|設定|政策)|(?:接受|拒绝|拒絕)(?:全部|所有)|全部(?:接受|拒绝)|管理偏好"
    r"|(?i)(?:cookie|クッキー)\s?を使用|すべて(?:受け入れる|拒否)|쿠키를 사용|모두 (?:수락|허용|거부)"
)
CONSENT_ADDRESS = (
    r"(?i)(?-u:\b)(?:cookies on your (?:computer|device|browser)|(?:improve|enhance|personali[sz]e|customi[sz]e)(?: and customi[sz]e)? your (?:browsing |user )?experience"
    r"|you (?:agree|consent) to|by continuing to (?:browse|use)|remember you(?:r preferences?)?(?-u:\b)|your (?:cookie )?(?:preferences|settings|consent)"
    r"|(?:won't|will not|not to) be tracked|the cookies we use"
    r"|ihre (?:zustimmung|einwilligung|cookie)|stimmen sie|sie stimmen|vous acceptez|votre consentement|usted acepta|su consentimiento)(?-u:\b)"
    r"|您"
)
# A listing site's note about itself (a disclaimer, how the list is made or sorted, a call for pull requests, a welcome, the
# conference's acceptance figures, where the abstracts were taken from): two different ones in a short block
# (``boilerplate_max_words``). One alone is not enough: an abstract may say "welcome to" or "feel free to".
SITE_NOTE = (
    r"(?i)^(?:disclaimer|note|nb|about|updates?|news|announcement|notice)\s*[:：!]"
    r"|(?i)(?-u:\b)(?:(?:this|the following|the above|the below|our) (?:list|repo|repository|page|site|website|web site|collection|table|explorer|digest|post|blog)"
    r"|pull requests?|open an issue|submit an issue|(?:star|fork) (?:the|this|our) repo|papers (?:are|were) (?:listed|sorted|ordered|grouped|updated|shown)"
    r"|search box|click (?:on|here)|use the (?:search|filter)|scroll (?:down|up)|acceptance rate|received [\d,]+ (?:valid )?submissions|welcome to"
    r"|reproduced from|official (?:website|site|list|page|proceedings)|all rights belong|respective authors|automatically generated"
    r"|may contain errors|let us know|feel free to"
    # a repository README's introduction ("A curated list of papers on X ... please consider giving it a star")
    r"|curated list|awesome list|(?:give|giving|leave|leaving) (?:it|us|this repo|the repo) a star|star (?:this|our|the) repo(?:sitory)?|consider starring)(?-u:\b)"
)
# A block that starts with a repository README's section heading (``## News``, ``## 📰 News``, ``## Citation``, ``## License``,
# ``## Star History``): that section's content, not an abstract.
README_SECTION = r"\A[ \t]*#{1,6}[ \t]+" + DECORATION + r"{0,2}(?i:" + README_SECTIONS + r")(?-u:\b)[^\n]*(?:\r?\n|\z)"
SITE_NOTE_MAX_BYTES = 2000  # longer blocks are not looked at (their words are more than ``boilerplate_max_words`` anyway, but for URLs)
# Blocks that are not abstracts at any length: placeholder text, a table of contents, a references list
# (with its heading, or numbered entries that end with a year: "[1] A. Author. Title. In ICML, 2020. [2] ...").
# Also a figure or table caption, an unheaded table of contents, acknowledgments and a licence notice.
NOT_ABSTRACT = (
    r"(?i)^(?:lorem ipsum dolor sit amet|table of contents(?: ?:|$| (?:\d|[ivx]{1,4}\.? |chapter|part |section|preface|introduction|abstract))|contents:? 1\.? introduction(?-u:\b)|(?:references|bibliography):? \[1\] "
    r"|(?:figure|fig\.|table|algorithm|listing) ?\d+[a-z]? ?[:.|] |(?:1\.? )?introduction (?:\d+ )?(?:1\.1|2\.?) "
    r"|acknowledge?ments? ?[:.]|acknowledge?ments? (?:this work|we thank|the authors)|funding ?:|this (?:work|article|paper|material) is licensed under|licensed under a creative commons"
    # a paper's acknowledgments without their heading, and a request to cite it
    r"|the authors (?:would like to |wish to )?(?:thank|acknowledge|are (?:grateful|thankful))|we (?:would like to |wish to )?thank (?:the )?(?:anonymous )?(?:reviewers|referees)"
    r"|this (?:work|research|project|study|material) (?:was|is|has been) (?:\w+ )?(?:supported|funded|sponsored) (?:in part )?by[^.]{0,120}?"
    r"(?:grants?|foundation|council|agency|program(?:me)?|fund|award|fellowship|nsf|nih|darpa|erc|nsfc|jsps|dfg|epsrc|ministry|office)(?-u:\b)"
    r"|(?:please )?cite (?:this|our|the) (?:paper|work|article|preprint)(?: as)? ?:|to cite this (?:paper|article|work) ?:"
    r"|if you (?:find|use) (?:this|our) (?:work|code|paper|repo(?:sitory)?|dataset|project|model|list|survey|collection)[^.]{0,60}?(?:please )?(?:consider )?cit(?:e|ing)"
    r"|withdrawal (?:reason|notice) ?:|author information ?:|(?:author )?affiliations? ?:|we (?:invite|welcome|solicit) (?:original )?(?:submissions|papers|contributions)(?-u:\b)"
    r"|permission to make digital or hard copies|personal use of this material is permitted"
    # a software licence's text (MIT, BSD, Apache)
    r"|permission is hereby granted, free of charge|redistribution and use in source and binary forms|licensed under the apache license"
    r"|the software is provided \"?as is\"?"
    # arXiv's notice in place of a withdrawn paper's abstract
    r"|" + _WITHDRAWN + r"(?-u:\b)|^withdrawn (?:by (?:the )?authors?|due to|at the (?:authors?'? )?request)(?-u:\b)"
    # a publisher's correction or retraction notice in place of an abstract (Springer Nature's "Correction to: …", "Retraction
    # Note: …", "Publisher Correction", Elsevier's "Erratum to …")
    r"|^(?:erratum|errata|corrigendum|correction|publisher correction|author correction|retraction note|retraction notice|notice of retraction"
    r"|retraction|editorial expression of concern|expression of concern)(?: to ?:| to [“\"‘'][^\n]{0,300}?[”\"’']| ?:| [—–-] )"
    r"|this (?:article|paper|chapter) has been retracted(?-u:\b)|in the original (?:version|publication) of this (?:article|chapter|paper)(?-u:\b)"
    r"|the original (?:article|chapter|paper) has been (?:corrected|updated)(?-u:\b)"
    # a call for papers, a programme's session or break with its time, a journal article's highlights and back matter
    r"|call for (?:papers|participation|submissions|contributions)(?-u:\b)|highlights ?(?:[:•·*]|- )"
    r"|data availability(?: statement)? ?:|(?:conflicts? of interests?|competing interests?|declaration of competing interest) ?:"
    r"|ethics (?:approval|statement) ?:|corresponding author ?:|author contributions? ?:|supplementary (?:material|information|data) (?:for|to|of) this (?:article|paper)"
    r"|(?:(?:oral |poster |spotlight )?session [\w.]{1,6}|keynote|invited talk|coffee break|lunch break|opening remarks)(?-u:\b)[^\n]{0,200}?\d{1,2}:\d{2}"
    # a job advertisement on a lab's page
    r"|we(?:'re| are) hiring(?: ?!|\.| ?:)|(?:open|vacant) (?:phd |postdoc(?:toral)? |research )?positions? ?:|job (?:opening|posting|advertisement) ?:)"
)
# A speaker's or author's biography: a name that "is an assistant professor" (or lecturer, PhD student, research scientist ...)
# at the start, or "her research interests include" anywhere (looked for in blocks saying "research interests"); abstracts
# say neither.
BIO = (
    r"^(?:(?:Dr|Prof)\.? )?\p{Lu}[\p{L}'.\-]+(?: \p{Lu}[\p{L}'.\-]+){0,3} is (?:an?|the) (?:[a-z\-]+ ){0,4}"
    r"(?:professor|lecturer|postdoc|postdoctoral (?:researcher|fellow)|ph\.?d\.? (?:student|candidate)|doctoral (?:student|candidate)"
    r"|research (?:scientist|engineer|fellow))(?-u:\b)"
)
BIO_INTERESTS = r"(?i)(?-u:\b)(?:his|her|their) (?:main )?research interests (?:include|are|lie|span|focus)(?-u:\b)"
# A single citation ("Doe, J., & Smith, J. (2024). Title. Journal ...", "Doe J, Smith J. Title. Mach Learn. 2024;113:1-9."): authors
# written surname and initials, then a year in parentheses or before a volume.
_CITED_AUTHOR = r"\p{Lu}[\p{Ll}'\-]+(?:[ \-]\p{Lu}[\p{Ll}'\-]+)?,? (?:(?:\p{Lu}\.[ \-]?){1,3}|\p{Lu}{1,2}[,.])"
CITATION = rf"^(?:{_CITED_AUTHOR}[,;]? ?(?:(?:and|&) )?){{1,12}}(?:et al\.? ?)?[^\n]{{0,300}}?(?:\((?:19|20)\d{{2}}[a-z]?\)|(?:19|20)\d{{2}} ?;)"
# Source code: a block that starts with a definition or an import; a page's script (``var x =``, ``window.dataLayer =``,
# ``(function() {``), a style sheet's rule (``.navbar a { color: #fff;``) or a JSON object that is no paper (an API's error
# answer: ``{"error": {"code": 429, ...``; a paper's object is read as its abstract before this).
CODE = (
    r"^(?:def \w+ ?\(|class \w+ ?[(:]|import [\w.]+|from [\w.]+ import |#include ?<|function \w+ ?\(|public (?:static )?(?:void|class|int)(?-u:\b)"
    r"|Traceback \(most recent call last\):|Exception in thread \""
    r"|(?:var|let|const) [\w$]+ ?=|(?:window|document|module|exports)\.[\w$]+|\(?function ?[\w$]* ?\(|[\[{] ?\"[^\"\n]{1,60}\" ?:"
    r"|(?:[.#@][A-Za-z][\w-]*|(?:html|body|div|span|a|p|ul|ol|li|h[1-6]|nav|header|footer|section|main|article|table|td|tr|img|button|input)(?-u:\b))"
    r"(?:[ .#:>,+~]+[\w-]+){0,3} ?\{ ?[\w-]+ ?: ?[^;{}\n]{1,100};)"
)
# A table of contents with dot leaders before its page numbers ("Sparse Attention ........ 12", "Graphs . . . . 25"), twice or
# more, on lines or on one (its heading may be read as a label and go in normalization: it is looked for in the raw text).
_DOT_LEADER = r"(?:\.[ \t]?){4,}[ \t]*\d{1,4}(?-u:\b)"
TABLE_OF_CONTENTS = _DOT_LEADER + r"[\s\S]*?" + _DOT_LEADER
# A list of paper titles, one per line (a listing's "related papers"): three or more lines that each start with a
# capital or a digit and hold no sentence break, none ending in punctuation. An abstract has sentences.
_TITLE_ITEM = r"[ \t]*[\p{Lu}\d\"“](?:[^\n.]|\.[^\s])*[^\n.,;:\s][ \t]*"
TITLE_LIST = rf"^(?:{_TITLE_ITEM}\r?\n){{2,}}{_TITLE_ITEM}$"
# A paper's section under its numbered heading ("1 Introduction", "I. INTRODUCTION", "4 Experiments" on a line of its own, which
# normalization drops as a title; an introduction's or related work's heading also run into its first line): the paper's text, not its abstract. A structured abstract's sections are not numbered.
PAPER_SECTION = (
    r"^[ \t]*(?:[1-9]|[IVX]{1,4})\.?[ \t]+(?i:introduction|related work|background|preliminaries|method(?:s|ology)?|approach"
    r"|experiments?|experimental (?:setup|results)|results|discussion|conclusions?|limitations|evaluation)[ \t]*\r?\n"
    r"|^[ \t]*(?:[1-9]|[IVX]{1,4})\.?[ \t]+(?:Introduction|INTRODUCTION|Related [Ww]ork|RELATED WORK)[ \t]+\p{Lu}"  # flattened onto its first line
)
REFERENCES = r"^\s*\[1\]\s[^\[\]]{5,400}?(?:19|20)[0-9]{2}[a-z]?\.\s*\[2\]\s[^\[\]]{5,400}?(?:19|20)[0-9]{2}[a-z]?\."
# A paper's entry in a structured format that carries no abstract: normalization made an entry's abstract field the block's
# text, so an entry still here has none. A BibTeX entry ("@inproceedings{key, title={...}, ...}": DBLP's exports; a citation
# inside an abstract does not start it), a JSON object with a paper's field (Semantic Scholar answers "abstract": null for
# many papers; an API's error answer has none of these fields and is boilerplate) and a tagged record (RIS, MEDLINE, Web of
# Science's, EndNote's) without its abstract field.
NO_ABSTRACT = (
    r"(?i)^(?:bibtex\s*:?\s*)?@[a-z]+\s*\{[^\s,{}]*,"
    r"|(?i)^\[? ?\{ ?(?:\"[^\"\n]{1,60}\" ?:.*?)?\"(?:title|abstract|summary|paper_?id|doi|arxiv_?id|authors?|venue|pdf|pdf_?url|year)\" ?:"
    r"|^(?:TY - |PMID- |FN (?:Clarivate|Thomson)|PT [A-Z] (?:AU|AF|TI|GP|BA|BE|CA|SO) |%[0-9A-Z] [^%\n]{0,300}%[0-9A-Z@+] )"
    # a listing's placeholder where the abstract would be
    r"|(?i)^(?:no abstract (?:is )?available|abstract (?:is )?(?:not available|unavailable|missing|forthcoming))(?-u:\b)"
    # ... or a page author's note that it is still to come ("TODO: add abstract", "Abstract: TBD", "Abstract coming soon")
    r"|(?i)^(?:(?:abstract\s*:?\s*)?(?:todo|tbd|tba)(?-u:\b)|abstract (?:coming soon|to be (?:added|announced))(?-u:\b))"
)
# A block that is only a list of four or more names, each with optional affiliation marks ("Zhang1,2*")
# or a parenthesized affiliation ("Authors: A Zhang (MIT), B Kumar, ..."); any lower-case word
# other than a name particle ends the match, so sentences about authors are not lists.
_NAME = r"(?:\d{1,2} ?)?\p{Lu}[\p{L}'.\-]*(?: (?:\p{Lu}[\p{L}'.\-]*|van|von|de|der|den|da|di|del|della|la|le|du|dos|of|the|for)){0,5}(?:\d+(?:,\d+)*)?[*†‡§]*(?: ?\([^()]*\))?"
NAME_LIST = rf"^(?:(?i:authors?|author\(s\)|by)\s*:?\s*)?{_NAME}(?:\s*(?:[,;]\s*(?:and |& )?|and |& ){_NAME}){{3,}}[.;]?$"
URL_TOKEN = r"(?i)(?-u:\b)(?:https?://|www\.)\S+|(?-u:\b)[a-z0-9-]+(?:\.[a-z0-9-]+)+/\S*"
# The field labels of an OpenReview review or meta-review form (NeurIPS, ICLR, ICML, ... 2021-2025),
# each followed by a colon; a block with two different ones is a scraped review, not an abstract.
# Labels an abstract may use for its own parts (Summary, Background, Results, Contributions) are not here.
REVIEW_LABEL = (
    r"(?i)(?-u:\b)(rating|confidence|soundness|presentation|strengths?|weakness(?:es)?|strengths? and weakness(?:es)?"
    r"|summary of the paper|summary of the review|summary of review|main review|flag for ethics review|details of ethics concerns"
    r"|code of conduct|correctness|technical novelty and significance|empirical novelty and significance"
    r"|clarity,? quality,? novelty and reproducibility|metareview|meta review|justification for why not (?:higher|lower) score"
    r"|additional comments on reviewer discussion|recommendation|limitations|questions for (?:the )?authors?|(?:paper )?decision|comment) ?:"
)


# A Markdown table's header and delimiter rows, a block of their own above the table's rows (``split``): no paper.
TABLE_HEADER = r"\A[ \t]*\|[^\n]*\|[ \t]*\r?\n[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*\z"
# A numbered citation, as a paper's body text writes it ("[1, 2]", "[3–5]"). An abstract seldom cites by number; this many of
# them make a block body text (a PDF's introduction after its abstract, without its heading). Author-year citations do not
# count: abstracts write them ("following Zou et al. (2023)" three times in one of the seeds).
BODY_CITATION = r"\[\d{1,3}(?:[ \t]*[,–-][ \t]*\d{1,3})*\]"
BODY_CITATIONS = 3
# A reviewer's verdict or score, first person ("I recommend rejection", "I will raise my score"): a review scraped without its
# form's labels. An abstract speaks as "we".
REVIEW_VERDICT = (
    r"(?i)(?-u:\b)(?:I (?:would )?(?:(?:strongly|weakly|therefore) )?(?:recommend|vote for|lean towards?|argue for) (?:an? )?(?:(?:weak|strong|borderline) )?"
    r"(?:acceptance|rejection|accept|reject)|I (?:will|would|have|decided to) (?:like to )?(?:raise|increase|keep|maintain|lower|decrease) my (?:score|rating)"
    r"|my (?:overall )?(?:score|rating|recommendation) (?:is|remains)(?: a)? (?:\d|accept|reject|weak|strong|borderline)"
    # an OpenReview discussion's comments: a reviewer's changed score, concerns addressed, thanks for the rebuttal
    r"|I(?: have|'ve)? (?:raised|increased|kept|maintained|lowered|decreased|updated|adjusted) my (?:score|rating)"
    r"|my concerns (?:have|had) (?:been|mostly been|largely been) (?:mostly |largely |fully |partially )?(?:addressed|resolved)"
    r"|(?:I |We )?thank(?:s| you)?(?: the authors?)? for (?:the|their|your) (?:detailed |thorough |thoughtful |careful )?(?:response|rebuttal|reply|clarifications?))(?-u:\b)"
)


# Word boundaries in these patterns are ASCII ``(?-u:\b)``: the patterns are ASCII words, and
# Rust's regex only uses its fast DFA without Unicode boundaries (25x faster here).

# Text with three words (as ``_word_count`` finds them: letters or digits, split by a character
# that cannot be inside a word); searching stops at the third instead of counting them all.
THREE_WORDS = r"(?s)[\p{L}\p{N}].*?[^\p{L}\p{N}'’\-].*?[\p{L}\p{N}].*?[^\p{L}\p{N}'’\-].*?[\p{L}\p{N}]"


SLICE_ROWS = 10_000  # blocks scored at a time: the per-block intermediates (lists of words, sentences) stay small


@dataclass(frozen=True)
class QualityThresholds:
    """When a block is rejected. Defaults suit English-language abstracts."""

    min_words: int = 20
    max_words: int = 1500
    max_chars: int = 20000
    min_letter_ratio: float = 0.5
    max_garbage_ratio: float = 0.05
    boilerplate_max_words: int = 60
    consent_max_words: int = 200
    min_sentences_for_repetition: int = 4
    min_unique_sentence_ratio: float = 0.5  # repeated_text at or below this share of distinct sentences (a doubled block has half)
    cjk_chars_per_word: float = 2.0

    @property
    def text_length_bounds(self) -> tuple[int, int]:
        """The fewest and most characters a kept text can have (validation checks records against these): a character
        per word asked for (a word is a letter or more, or ``cjk_chars_per_word`` CJK characters when that is less), and
        ``max_chars``."""
        return max(1, int(self.min_words * min(1.0, self.cjk_chars_per_word))), self.max_chars


def _word_count(text: pl.Expr, cjk_chars_per_word: float) -> pl.Expr:
    """Words: runs of letters and digits of other scripts, and a word per ``cjk_chars_per_word`` CJK characters (a run of
    them is not a word besides: "本文研究，实验表明" is 4 words, not 6)."""
    spaced = text.str.count_matches(r"[[\p{L}\p{N}]--" + CJK_CHAR + r"][[\p{L}\p{N}'’\-]--" + CJK_CHAR + r"]*")
    cjk = text.str.count_matches(CJK_CHAR)
    return spaced + (cjk / cjk_chars_per_word).floor().cast(pl.UInt32)


def _top_word_count(text: pl.Expr) -> pl.Expr:
    """How often the most frequent word of 4+ letters occurs, case-insensitively.

    ASCII rows are lower-cased as a whole before extracting (the same words, one call instead
    of one per word); other rows lower-case each word, as lower-casing can change what is a letter. Words are counted
    by their 64-bit hashes (counting the strings takes twice as long).
    """
    ascii_rows = text.str.len_bytes() == text.str.len_chars()
    ascii_top = pl.when(ascii_rows).then(text).str.to_lowercase().str.extract_all("[a-z]{4,}").list.eval(pl.element().hash().unique_counts().max())
    other_top = pl.when(~ascii_rows).then(text).str.extract_all(r"\p{L}{4,}").list.eval(pl.element().str.to_lowercase().hash().unique_counts().max())
    return pl.when(ascii_rows).then(ascii_top).otherwise(other_top).list.first()


def reject_reason(text: pl.Expr, text_raw: pl.Expr, t: QualityThresholds) -> pl.Expr:
    """The reject reason of each block from its normalized and raw text (null when it is kept)."""
    # Counting a literal through the regex engine (its literal search) is faster than ``literal=True`` here: 1.6x for " ",
    # 7x for ". " on the 100k bench corpus.
    visible = text.str.len_chars() - text.str.count_matches(" ")  # normalized text has no other whitespace
    letters = visible - text.str.count_matches(r"[^\p{L} ]")  # counting the non-letters: far fewer matches than letters
    garbage = text_raw.str.count_matches(r"[\ufffd\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
    words = _word_count(text, t.cjk_chars_per_word)
    has_url = text.str.contains(URL_TOKEN)
    without_urls = pl.when(has_url).then(text).str.replace_all(URL_TOKEN, " ")
    few_words = pl.when(~without_urls.str.contains(THREE_WORDS)).then(without_urls)  # the count only matters below 3
    words_without_urls = _word_count(few_words, t.cjk_chars_per_word)
    # The sentence list appears once: common-subexpression elimination does not reach expressions
    # around list.eval, and reusing it for the count computed the split three times.
    n_sentences = text.str.count_matches(r"\. ") + 1  # the number of parts of the split below
    unique_ratio = text.str.split(". ").list.eval(pl.element().str.to_lowercase().str.strip_chars(" .")).list.n_unique() / n_sentences
    top_word_share = _top_word_count(text) / words.clip(1)
    # MENU, CITATION, NAME_LIST, NOT_ABSTRACT, REFERENCES, PAPER_SECTION, CODE and TITLE_LIST are anchored: on an abstract they fail within its first words or lines.
    # ``words`` stands alone in each comparison: CSE shares only whole repeated subexpressions, and
    # a repeated ``words <= n`` would count the words again.
    cookies = pl.when(text.str.contains(COOKIE)).then(text)  # the consent patterns run on these only
    interests = pl.when(text.str.contains("research interests", literal=True)).then(text).str.contains(BIO_INTERESTS).fill_null(False)
    addresses = cookies.str.count_matches(CONSENT_ADDRESS).fill_null(0)
    consent = cookies.str.contains(CONSENT).fill_null(False) | (addresses > 0)
    short = pl.when(text.str.len_bytes() <= SITE_NOTE_MAX_BYTES).then(text)  # the site-note pattern runs on these only
    noted = pl.when(short.str.contains(SITE_NOTE)).then(short)
    site_note = noted.str.extract_all(SITE_NOTE).list.eval(pl.element().str.to_lowercase()).list.n_unique().fill_null(0) >= 2
    page_text = (words <= t.boilerplate_max_words) & (text.str.contains(BOILERPLATE) | text.str.contains(MENU) | text.str.contains(CITATION) | consent | site_note)
    banner = (words <= t.consent_max_words) & (addresses >= 2)
    body_text = pl.when(text.str.contains(r"\[\d")).then(text).str.count_matches(BODY_CITATION).fill_null(0) >= BODY_CITATIONS
    boilerplate = (
        page_text | banner | body_text | text.str.contains(NAME_LIST)
        | text.str.contains(NOT_ABSTRACT) | text.str.contains(BIO) | interests | text_raw.str.contains(REFERENCES) | text_raw.str.contains(PAPER_SECTION) | text_raw.str.contains(README_SECTION) | text.str.contains(CODE) | text_raw.str.contains(TITLE_LIST)
        | text_raw.str.contains(TABLE_OF_CONTENTS) | text_raw.str.contains(TABLE_HEADER)
    )
    labelled = pl.when(text.str.contains(REVIEW_LABEL)).then(text)  # the labels are counted in these only
    review = labelled.str.extract_all(REVIEW_LABEL).list.eval(pl.element().str.to_lowercase().str.replace_all(r"[ ,:]", "")).list.n_unique() >= 2
    return (
        pl.when(garbage > text_raw.str.len_chars() * t.max_garbage_ratio)
        .then(pl.lit("garbled"))
        .when(letters < visible * t.min_letter_ratio)
        .then(pl.lit("no_letters"))
        .when(has_url & (words_without_urls < 3))
        .then(pl.lit("url_only"))
        .when(text.str.contains(NO_ABSTRACT))
        .then(pl.lit("no_abstract"))
        .when(boilerplate)
        .then(pl.lit("boilerplate"))
        .when(review.fill_null(False) | text.str.contains(REVIEW_VERDICT))
        .then(pl.lit("review"))
        .when((words > t.max_words) | (text.str.len_chars() > t.max_chars) | (text_raw.str.len_chars() > OVERSIZED_CHARS))  # not normalized: never kept
        .then(pl.lit("too_long"))
        .when(
            ((n_sentences >= t.min_sentences_for_repetition) & (unique_ratio <= t.min_unique_sentence_ratio))
            | ((words >= 40) & (top_word_share > 0.25))
        )
        .then(pl.lit("repeated_text"))
        .when(words < t.min_words)
        .then(pl.lit("too_short"))
        .otherwise(pl.lit(None, dtype=pl.String))
    )


def classify_blocks(blocks: pl.DataFrame, sources: pl.DataFrame, thresholds: QualityThresholds) -> pl.DataFrame:
    """Add ``reject_reason`` and each block's collection fields (``scope_blocks``, then ``reject_blocks``)."""
    return reject_blocks(scope_blocks(blocks, sources), thresholds)


def scope_blocks(blocks: pl.DataFrame, sources: pl.DataFrame) -> pl.DataFrame:
    """Add each block's collection fields and ``is_header``, sorted by file and ordinal (reads only ``text_raw``).

    A one-line block that parses as a header is a header block; the blocks after it belong to
    the collection it names. Other blocks inherit their file's header.
    """
    single_line = ~pl.col("text_raw").str.strip_chars().str.contains("\n")
    blocks = blocks.with_columns(_own=_record_scope(blocks["text_raw"]))
    with_header = blocks.lazy().with_columns(
        _header=pl.when(single_line).then(header_fields(pl.col("text_raw").str.strip_chars()))
    )
    return (
        with_header.sort("source_id", "ordinal")
        .with_columns(_scope=pl.col("_header").forward_fill().over("source_id"))
        .join(sources.lazy().select("source_id", "venue", "year", "collection"), on="source_id", how="left", maintain_order="left")
        .with_columns(
            venue=pl.coalesce(pl.col("_scope").struct.field("venue"), pl.col("venue")),
            year=pl.coalesce(pl.col("_scope").struct.field("year"), pl.col("year")),
            collection=pl.coalesce(pl.col("_scope").struct.field("collection"), pl.col("collection")),
            is_header=pl.col("_header").is_not_null(),
        )
        .with_columns(  # a record's own venue where its listing names none
            **{field: pl.when(pl.col("venue").is_null() & pl.col("_own").is_not_null()).then(pl.col("_own").struct.field(field)).otherwise(field)
               for field in ("venue", "year", "collection")}
        )
        .drop("_header", "_scope", "_own")
        .collect()
    )


def _record_scope(raw: pl.Series) -> pl.Series:
    """The collection fields of each structured record (a BibTeX entry, a JSON object) whose own fields name a known venue and
    a year (``normalize.record_venue``); null for the other blocks."""
    rows = raw.str.contains(r"\A\s*[@{]").fill_null(False)
    found: list[dict | None] = [None] * raw.len()
    parsed: dict[str, dict | None] = {}  # an export names a few venues over and over
    for row in rows.arg_true().to_list():  # exports' records only
        if (named := record_venue(raw[row])) is not None and named not in parsed:
            header = parse_header(named)
            parsed[named] = {"venue": header.venue, "year": header.year, "collection": header.collection} if header and header.venue in VENUE_DISPLAY else None
        found[row] = parsed.get(named)
    return pl.Series(found, dtype=pl.Struct({"venue": pl.String, "year": pl.Int32, "collection": pl.String}))


def reject_blocks(scoped: pl.DataFrame, thresholds: QualityThresholds) -> pl.DataFrame:
    """Replace ``is_header`` (``scope_blocks``) of blocks with their normalized ``text`` by ``reject_reason``: ``header``, or ``reject_reason``'s."""
    reasons = pl.concat(
        [
            part.lazy().select(reject_reason(pl.col("text"), pl.col("text_raw"), thresholds)).collect()  # lazy: shared subexpressions once
            for part in scoped.select("text", "text_raw").iter_slices(SLICE_ROWS)
        ]
    ).to_series() if scoped.height else pl.Series([], dtype=pl.String)
    return scoped.with_columns(reject_reason=pl.when(pl.col("is_header")).then(pl.lit("header")).otherwise(reasons)).drop("is_header")
