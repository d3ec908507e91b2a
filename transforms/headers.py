"""Header lines: recognise a collection name in any language and parse it.

A header is a short line made only of a venue (or its full name), a year, decorations, an optional part or page
marker, an optional track, site names, where and when the event is held, the listing's size and words from the header vocabulary below (English,
Chinese, Japanese, Korean, German, French, Spanish, Russian, Italian, Portuguese, Dutch, Polish, Ukrainian, Greek, Turkish,
Vietnamese, Indonesian, Arabic, Persian, Hebrew, Hindi, Swedish, Czech, Finnish, Hungarian, Thai). Anything else makes the line an
ordinary block, so a sentence that mentions a venue and a year is never a header.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import ftfy
import polars as pl

from transforms.mojibake import MOJIBAKE

# How venues are usually written; unknown venues keep the spelling of the header.
VENUE_DISPLAY = {
    "NEURIPS": "NeurIPS", "NIPS": "NeurIPS", "ICML": "ICML", "ICLR": "ICLR", "ACL": "ACL", "EMNLP": "EMNLP",
    "NAACL": "NAACL", "COLING": "COLING", "EACL": "EACL", "CVPR": "CVPR", "ICCV": "ICCV", "ECCV": "ECCV",
    "AAAI": "AAAI", "IJCAI": "IJCAI", "KDD": "KDD", "WWW": "WWW", "SIGIR": "SIGIR", "WSDM": "WSDM",
    "COLT": "COLT", "AISTATS": "AISTATS", "UAI": "UAI", "ICASSP": "ICASSP", "INTERSPEECH": "Interspeech",
    "MLSYS": "MLSys", "CORL": "CoRL", "ICRA": "ICRA", "IROS": "IROS", "TMLR": "TMLR", "COLM": "COLM",
    "MICCAI": "MICCAI", "BMVC": "BMVC", "WACV": "WACV", "LOG": "LoG", "CHIL": "CHIL", "RSS": "RSS",
    "JMLR": "JMLR", "TACL": "TACL", "TPAMI": "TPAMI", "MM": "ACM MM", "CHI": "CHI", "AAMAS": "AAMAS", "CIKM": "CIKM",
    "RECSYS": "RecSys", "ICDM": "ICDM", "SIGGRAPH-ASIA": "SIGGRAPH Asia", "SIGGRAPH": "SIGGRAPH", "OSDI": "OSDI", "NSDI": "NSDI", "SOSP": "SOSP",
    "EUROSYS": "EuroSys", "ATC": "ATC", "ASPLOS": "ASPLOS", "ISCA": "ISCA", "SIGMOD": "SIGMOD", "VLDB": "VLDB", "ICDE": "ICDE",
    "SIGCOMM": "SIGCOMM", "PLDI": "PLDI", "POPL": "POPL", "ICSE": "ICSE", "USENIXSEC": "USENIX Security", "ARXIV": "arXiv",
    "3DV": "3DV",  # a venue that starts with a digit: known, or it would not be read as one
    "IJCV": "IJCV", "TIP": "TIP", "TNNLS": "TNNLS", "TKDE": "TKDE", "TOG": "TOG", "JAIR": "JAIR", "NMI": "Nature Machine Intelligence",
    "CSUR": "ACM Computing Surveys",
}
VENUE_ALIASES = {"NIPS": "NEURIPS"}
# Venues written out in full ("The 41st International Conference on Machine Learning (ICML 2024)",
# "第四十一届国际机器学习大会"): the name stands for the venue's acronym. Longer names first (NAACL before ACL).
_FULL_NAMES = (
    ("TACL", r"transactions of the association for computational linguistics"),  # before ACL, whose name it holds
    ("NAACL", r"north american chapter of the association for computational linguistics"),
    ("EACL", r"european chapter of the association for computational linguistics"),
    ("ACL", r"(?:annual meeting of the )?association for computational linguistics|计算语言学协会(?:年会)?"),
    ("NEURIPS", r"(?:(?:annual )?conference on )?(?:advances in )?neural information processing systems(?: \d{1,3}(?!\d))?|神经信息处理系统(?:大会|会议)?|神經信息處理系統(?:大會|會議)?"),
    ("MLSYS", r"conference on machine learning and systems"),
    ("ICML", r"international conference on machine learning|国际机器学习(?:大会|会议)|國際機器學習(?:大會|會議)"),
    ("ICLR", r"international conference on learning representations|国际学习表征(?:大会|会议)|國際學習表徵(?:大會|會議)"),
    ("EMNLP", r"(?:conference on )?empirical methods in natural language processing"),
    ("CVPR", r"(?:ieee/cvf |ieee )?(?:conference on )?computer vision and pattern recognition(?: conference)?|计算机视觉与模式识别(?:大会|会议)"),
    ("ICCV", r"(?:ieee/cvf )?international conference on computer vision|国际计算机视觉(?:大会|会议)"),
    ("ECCV", r"european conference on computer vision|欧洲计算机视觉(?:大会|会议)"),
    ("AAAI", r"aaai conference on artificial intelligence"),
    ("IJCAI", r"international joint conference on artificial intelligence"),
    ("KDD", r"(?:acm sigkdd )?(?:international )?conference on knowledge discovery and data mining"),
    ("AISTATS", r"(?:international )?conference on artificial intelligence and statistics"),
    ("UAI", r"(?:conference on )?uncertainty in artificial intelligence"),
    ("COLT", r"(?:annual )?conference on learning theory"),
    ("CORL", r"conference on robot learning"),
    ("COLM", r"conference on language modeling"),
    ("TMLR", r"transactions on machine learning research"),
    ("JMLR", r"journal of machine learning research"),
    ("TPAMI", r"(?:ieee )?transactions on pattern analysis and machine intelligence"),
    ("IJCV", r"international journal of computer vision"),
    ("TIP", r"(?:ieee )?transactions on image processing"),
    ("TNNLS", r"(?:ieee )?transactions on neural networks and learning systems"),
    ("TKDE", r"(?:ieee )?transactions on knowledge and data engineering"),
    ("TOG", r"(?:acm )?transactions on graphics"),
    ("JAIR", r"journal of artificial intelligence research"),
    ("NMI", r"nature machine intelligence"),
    ("CSUR", r"acm computing surveys"),
    ("MICCAI", r"(?:international conference on )?medical image computing and computer[- ]assisted intervention"),
    ("WACV", r"(?:ieee/cvf )?winter conference on applications of computer vision"),
    ("BMVC", r"british machine vision conference"),
    ("COLING", r"international conference on computational linguistics"),
    ("WWW", r"(?:acm )?web conference|(?:international )?world wide web conference"),
    ("SIGIR", r"(?:international )?conference on research and development in information retrieval"),
    ("WSDM", r"(?:acm )?(?:international )?conference on web search and data mining"),
    ("CIKM", r"(?:acm )?international conference on information and knowledge management"),
    ("RECSYS", r"(?:acm )?conference on recommender systems"),
    ("ICASSP", r"(?:ieee )?international conference on acoustics,? speech,? and signal processing"),
    ("INTERSPEECH", r"(?:annual )?conference of the international speech communication association"),
    ("ICRA", r"(?:ieee )?international conference on robotics and automation"),
    ("IROS", r"(?:ieee/rsj )?international conference on intelligent robots and systems"),
    ("AAMAS", r"international conference on autonomous agents and multi-?agent systems"),
    ("MM", r"acm (?:international )?conference on multimedia|acm multimedia"),
    ("CHI", r"conference on human factors in computing systems"),
    ("LOG", r"learning on graphs conference"),
    ("USENIXSEC", r"usenix security(?: symposium)?"),
    ("SIGGRAPH-ASIA", r"siggraph[ \-]asia"),  # a venue of its own, not SIGGRAPH held in Asia
)
_FULL_NAME = [(key, re.compile(rf"(?<![A-Za-z])(?:{pattern})(?![A-Za-z])", re.IGNORECASE)) for key, pattern in _FULL_NAMES]
# An edition's ordinal ("The 41st", "Thirty-Seventh", "第四十一届") and a listing's date stamp ("[updated 2025-07-01]").
_ORDINAL = re.compile(
    r"\b\d{1,3}(?:st|nd|rd|th)\b|第\s*[\d一二三四五六七八九十百零〇]+\s*[届屆回]"
    r"|\b(?:(?:twenty|thirty|forty|fifty)[- ]?)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b"
    r"|\b(?:tenth|eleventh|twelfth|(?:thir|four|fif|six|seven|eigh|nine)teenth|(?:twentie|thirtie|fortie|fiftie)th)\b",
    re.IGNORECASE,
)
# The year of an edition written with no year, for venues held once a year under one numbering: the ordinal plus this
# offset ("Proceedings of the 41st International Conference on Machine Learning" is ICML 2024, "第四十一届国际机器学习大会"
# too), and NeurIPS's proceedings volume plus one more ("Advances in Neural Information Processing Systems 36" is 2023).
EDITION_YEAR_OFFSET = {
    "ICML": 1983, "NEURIPS": 1986, "ICLR": 2012, "AAAI": 1986, "ACL": 1962, "KDD": 1994, "IJCAI": 1991, "SIGIR": 1977,
    "UAI": 1984, "AISTATS": 1997, "COLT": 1987, "CORL": 2016,
}
_NEURIPS_VOLUME = re.compile(r"(?<![A-Za-z])(?:advances in )?neural information processing systems (\d{1,2})(?!\d)", re.IGNORECASE)
_ORDINAL_WORDS = {
    **{w: i for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth".split(), 1)},
    **{w: i for i, w in enumerate("tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split(), 10)},
    "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}
_HAN_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"〇": 0}
_DATE_STAMP = re.compile(
    r"[(\[（]?\s*(?:(?:last\s+)?updated|as of|retrieved|crawled|scraped)?(?:\s+on)?\s*:?\s*(?:19|20)\d{2}-\d{1,2}-\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?\s*[)\]）]?",
    re.IGNORECASE,
)

# Where and when the event is held, and how many papers the listing has: "ICML 2025 (Vancouver, Canada)",
# "ICML 2025 | July 13-19, 2025", "ICML 2025 论文列表（温哥华）", "Accepted Papers (3,260)", "- 3260 papers", "共3260篇".
# Host cities and countries of the venues above (a name that is also an English word, such as Nice, is left out).
_PLACE_NAMES = (
    "vancouver", "vienna", "singapore", "new orleans", "honolulu", "hawaii", "baltimore", "seattle", "long beach", "los angeles",
    "san diego", "san francisco", "new york", "philadelphia", "washington", "boston", "chicago", "denver", "nashville", "miami",
    "montreal", "montréal", "toronto", "paris", "milan", "milano", "rome", "florence", "berlin", "munich", "dublin",
    "edinburgh", "london", "barcelona", "madrid", "lisbon", "amsterdam", "copenhagen", "stockholm", "helsinki", "prague",
    "zurich", "geneva", "tel aviv", "abu dhabi", "dubai", "kigali", "addis ababa", "cape town", "bangkok", "kuala lumpur", "seoul",
    "busan", "tokyo", "kyoto", "yokohama", "beijing", "shanghai", "shenzhen", "suzhou", "hangzhou", "hong kong", "macau", "macao",
    "taipei", "sydney", "melbourne", "brisbane", "mexico city", "buenos aires", "rio de janeiro", "são paulo", "sao paulo", "delhi",
    "new delhi", "mumbai", "bangalore", "hyderabad", "jeju", "daejeon", "salt lake city", "albuquerque", "pittsburgh", "atlanta",
    "austin", "houston", "phoenix", "portland", "canada", "usa", "u.s.a.", "united states", "uk", "united kingdom", "austria",
    "france", "italy", "germany", "spain", "portugal", "ireland", "netherlands", "denmark", "sweden", "finland", "switzerland",
    "israel", "uae", "rwanda", "ethiopia", "south africa", "thailand", "malaysia", "south korea", "korea", "japan", "china",
    "taiwan", "australia", "mexico", "argentina", "brazil", "india", "bc", "louisiana", "california", "virtual", "hybrid",
    "in-person", "convention center", "convention centre", "exhibition centre", "exhibition center",
)
_PLACE_NAMES_CJK = (
    "温哥华", "溫哥華", "维也纳", "維也納", "新加坡", "新奥尔良", "新奧爾良", "西雅图", "西雅圖", "檀香山", "夏威夷", "巴尔的摩", "迈阿密",
    "纳什维尔", "蒙特利尔", "多伦多", "巴黎", "米兰", "柏林", "慕尼黑", "都柏林", "爱丁堡", "伦敦", "巴塞罗那", "曼谷", "首尔", "東京",
    "东京", "京都", "北京", "上海", "深圳", "苏州", "杭州", "香港", "澳门", "台北", "悉尼", "墨尔本", "墨西哥城", "阿布扎比", "基加利",
    "加拿大", "美国", "美國", "奥地利", "奧地利", "法国", "意大利", "德国", "西班牙", "泰国", "韩国", "日本", "中国", "澳大利亚",
    "バンクーバー", "ウィーン", "シンガポール", "ニューオーリンズ", "ホノルル", "シアトル", "パリ", "バンコク", "カナダ", "アメリカ",
    "オーストリア", "밴쿠버", "비엔나", "싱가포르", "뉴올리언스", "시애틀", "방콕", "캐나다", "미국", "오스트리아",
)
_PLACE = re.compile(
    r"(?<![A-Za-z])(?:" + "|".join(re.escape(n) for n in sorted(_PLACE_NAMES, key=len, reverse=True)) + r")(?![A-Za-z])"
    + "|" + "|".join(sorted(_PLACE_NAMES_CJK, key=len, reverse=True)),
    re.IGNORECASE,
)
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
# A date stamp with the month's name ("last updated Jul 12, 2025", "(as of 12 July 2025)"); its words are required.
_WORDED_DATE_STAMP = re.compile(
    rf"[(\[（]?\s*(?:(?:last\s+)?updated|as of|retrieved|crawled|scraped)(?:\s+on)?\s*:?\s*"
    rf"(?:{_MONTH}\s*{_DAY},?|{_DAY}\s*{_MONTH})\s*(?:19|20)\d{{2}}\s*[)\]）]?",
    re.IGNORECASE,
)
# The days of the event ("July 13-19", "13–19 July", "Jul 13 - Jul 19"; a month's name alone is a header word).
_EVENT_DAYS = re.compile(
    rf"\b{_MONTH}\s*{_DAY}(?:\s*[-–—~]\s*(?:{_MONTH}\s*)?{_DAY})?(?![\d:])|\b{_DAY}(?:\s*[-–—~]\s*{_DAY})?\s*{_MONTH}(?![A-Za-z])",
    re.IGNORECASE,
)
_THOUSANDS = r"\d{1,3}(?:[,.\u2009\u202f ]\d{3})+(?!\d)"  # "3,260", "3.260", "3 260"
_TOTAL = r"(?:\btotal\s*:?\s*|共\s*)?"
# A listing's size: a number of papers, or a number of two or more digits alone in brackets ("(3,260)"; "(2)" is not).
_PAPER_COUNT = re.compile(
    rf"{_TOTAL}(?:{_THOUSANDS}|\d+)\s*(?:papers|articles|篇(?:论文|論文)?|件|편)(?![A-Za-z])"
    rf"|[(\[（【]\s*{_TOTAL}(?:{_THOUSANDS}|\d{{2,}})\s*[)\]）】]",
    re.IGNORECASE,
)

# Header vocabulary per language (lower case). Han/Kana/Hangul entries match as substrings.
_WORDS = {
    "en": "papers paper accepted list of the proceedings main track conference abstracts abstract all "
    "orals oral posters poster spotlights spotlight highlights highlight full accepted-papers long short "
    "selected notable program tracks track online official complete technical research tiny accept submissions "
    "repository from position annual meeting international updated latest acm ieee usenix round camera ready session sessions "
    "cycle outstanding award awards candidates honorable mention mentions blogposts blogpost blog posts creative ai tutorials "
    "tutorial survey surveys sorted alphabetically new daily listing listings replacements cross-lists continued cont export exported search alert alerts companion "
    "under review active january february march april may june july august september october november december",
    "de": "akzeptierte angenommene beiträge beitrage papiere artikel liste der die veröffentlichungen arbeiten "
    "hauptkonferenz vorträge vortrage lange kurze tagungsband aufsätze aufsatze publikationen konferenz tagung",
    "fr": "articles article acceptés acceptes liste des de du la communications conférence conference principale longs courts actes",
    "es": "artículos articulos aceptados lista de los trabajos ponencias conferencia principal largos cortos actas",
    "ru": "статьи статей принятые принятых список доклады докладов материалы конференции конференция основная "
    "длинные короткие труды сборник трудов",
    "it": "articoli articolo accettati lista degli dei della conferenza principale lunghi brevi atti",
    "pt": "artigos aceitos aceites lista dos das conferência trabalhos longos curtos anais",
    "nl": "geaccepteerde artikelen lijst van publicaties conferentie",
    "pl": "artykuły artykułów przyjęte przyjętych zaakceptowane lista wykaz spis konferencji referaty referatów materiały prace akceptowane",
    "uk": "статті прийняті список конференції доповіді матеріали праці",
    "el": "εργασίες άρθρα δημοσιεύσεις συνέδριο συνεδρίου λίστα αποδεκτές εργασιών πρακτικά",
    "tr": "kabul edilen bildiriler bildirileri makaleler makaleleri listesi konferansı",
    "vi": "danh sách các bài báo được chấp nhận hội nghị",
    "id": "daftar makalah artikel yang diterima konferensi",
    "ar": "أوراق الأوراق ورقة بحوث البحوث أبحاث الأبحاث مقالات المقالات المقبولة مقبولة قائمة مؤتمر المؤتمر في من",
    "fa": "مقالات مقاله های پذیرفته شده فهرست کنفرانس همایش",
    "he": "מאמרים מאמרי רשימת רשימה כנס הכנס שהתקבלו התקבלו",
    "hi": "शोध पत्र शोधपत्र शोध-पत्र प्रपत्र लेख पेपर स्वीकृत सूची सम्मेलन के की",
    "sv": "accepterade artiklar lista över konferensen uppsatser",
    "cs": "přijaté články seznam konference příspěvky",
    "fi": "hyväksytyt artikkelit luettelo konferenssi",
    "hu": "elfogadott cikkek lista konferencia",
}
_CJK_WORDS = {
    "ja": (
        "論文一覧", "論文リスト", "採択論文", "一覧", "リスト", "採択", "採録", "本会議", "口頭発表", "ポスター", "の", "まとめ", "紹介", "解説", "続き",
        "発表論文", "発表", "予稿集", "年次大会",  # Japanese kanji forms (Chinese writes 发表, 年会)
    ),
    "zh": (
        "论文列表", "論文列表", "论文集", "論文集", "会议论文", "會議論文", "论文", "論文", "列表", "收录", "录用", "接收", "已接收",
        "主会", "主會", "长文", "長文", "短文", "口头报告", "口頭報告", "海报", "海報", "大会", "大會", "会议", "會議", "年会",
        "汇总", "彙總", "合集", "合輯", "已录用", "已錄用", "录取", "錄取", "中稿", "入选", "入選", "采用", "採用", "接受", "全部",
        "完整版", "完整", "最新", "精选", "精選", "速览", "速覽", "持续更新中", "持續更新中", "持续更新", "持續更新", "更新中", "更新于",
        "更新於", "更新", "整理", "一览", "一覽",
        "目录", "目錄", "清单", "清單",
        # what blogs add: the code, open-source projects, high scores, best papers, express digests, categories, readings
        "附代码", "附代碼", "代码", "代碼", "开源项目", "開源項目", "开源", "開源", "项目", "項目", "高分", "最佳", "速递", "速遞",
        "分类", "分類", "解读", "解讀", "和", "与", "與", "及", "附",
        # accepted, submissions, award-winning, highlights, orals, spotlights, top venues
        "采纳", "採納", "投稿", "获奖", "獲獎", "亮点", "亮點", "口头", "口頭", "焦点", "焦點", "顶会", "頂會",
        "续", "續",  # continued: "（续）"
    ),
    "ko": ("논문 목록", "논문목록", "논문", "목록", "채택된", "채택", "구두 발표", "포스터", "리스트", "정리", "모음", "전체", "리뷰", "계속"),
    "th": ("รายชื่อ", "บทความ", "ที่ได้รับการตอบรับ", "การประชุม"),
}
# Each word is taken out of the line longest first ("已接收" before "接收", which would leave "已").
_CJK_BY_LENGTH = tuple(sorted({w for words in _CJK_WORDS.values() for w in words}, key=len, reverse=True))
_LANG_ONLY = {  # words that decide the language when present
    "de": {
        "akzeptierte", "angenommene", "beiträge", "beitrage", "papiere", "veröffentlichungen", "arbeiten", "hauptkonferenz", "vorträge", "vortrage",
        "tagungsband", "aufsätze", "aufsatze", "publikationen", "konferenz", "tagung",
    },
    "fr": {"acceptés", "acceptes", "communications", "des", "du", "conférence", "principale", "actes", "longs", "courts"},
    "es": {"artículos", "articulos", "aceptados", "trabajos", "ponencias", "los", "conferencia", "actas"},
    "ru": set(_WORDS["ru"].split()),
    "it": {"articoli", "articolo", "accettati", "degli", "dei", "della", "conferenza", "lunghi", "brevi", "atti"},
    "pt": {"artigos", "aceitos", "aceites", "conferência", "longos", "curtos", "anais"},
    "nl": {"geaccepteerde", "artikelen", "lijst", "publicaties", "conferentie"},
    "pl": {"artykuły", "artykułów", "przyjęte", "przyjętych", "zaakceptowane", "wykaz", "spis", "konferencji", "referaty", "referatów", "materiały", "akceptowane"},
    "tr": set(_WORDS["tr"].split()),
    "vi": set(_WORDS["vi"].split()),
    "id": {"daftar", "makalah", "yang", "diterima", "konferensi"},
    "sv": {"accepterade", "artiklar", "över", "konferensen", "uppsatser"},  # not "lista": Spanish, Italian, Polish, Hungarian too
    "cs": set(_WORDS["cs"].split()),
    "fi": set(_WORDS["fi"].split()),
    "hu": {"elfogadott", "cikkek"},
}
_VOCAB = {w for words in _WORDS.values() for w in words.split()}
_ENGLISH_ONLY = frozenset(_WORDS["en"].split()) - {w for lang, words in _WORDS.items() if lang != "en" for w in words.split()}
_ARTICLES_FIRST = re.compile(r"\W*articles?\b", re.IGNORECASE)
# "Papers accepted at NeurIPS 2024", "Papers in ICML 2025", "Artículos aceptados en ICML 2025": with a word for papers
# only ("Accepted at ICML 2025" is a block's note).
_LINKING = frozenset({"at", "to", "in", "for", "and", "with", "en", "del", "al", "à", "au", "aux", "l", "no", "na", "em", "alla", "nel"})
_PAPER_WORDS = frozenset(
    {"papers", "paper", "accepted-papers", "artículos", "articulos", "articles", "artigos", "articoli", "trabajos", "ponencias", "trabalhos"}
)
_KANA = re.compile(r"[\u3040-\u30ff]")
# Scripts that name the header's language (Persian before Arabic: its own letters; Ukrainian before Russian).
_SCRIPTS = (
    ("fa", re.compile(r"[پچژگکی]")),
    ("ar", re.compile(r"[\u0600-\u06ff]")),
    ("he", re.compile(r"[\u0590-\u05ff]")),
    ("hi", re.compile(r"[\u0900-\u097f]")),
    ("el", re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")),
    ("uk", re.compile(r"[іїєґІЇЄҐ]")),
    ("th", re.compile(r"[\u0e00-\u0e7f]")),
)
_JA_KANJI_WORDS = tuple(w for w in _CJK_WORDS["ja"] if not _KANA.search(w))  # 一覧, 採択: Japanese, not Chinese
# Zero-width characters and bidi marks, invisible in a header line (a page's leading U+200B or LRM).
INVISIBLE_MARKS = "\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff"
_INVISIBLE = re.compile(f"[{INVISIBLE_MARKS}]")
_MOJIBAKE = re.compile(MOJIBAKE)  # a header saved as mojibake ("ICML 2025 è®ºæ–‡åˆ—è¡¨")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_NON_ASCII_RUN = re.compile(r"[^\x00-\x7f]+")

_DECORATION = re.compile(r"[#=*~_|\-–—:：·•【】《》「」『』\[\]<>()（）\"'“”‘’«».,，、/\s]+")
# A part or page of a split listing: "(Part 3/10)", "Page 3", "Seite 3 von 5", "（第3部分）", "（第三部分）", "第3页", "（二）",
# "（その2）", "3ページ", "3페이지", "(2부)", "(3/10)", "(2)" (one digit: "(12)" is a paper count).
_HAN_NUMBER = "〇零一二三四五六七八九十"
_PART = re.compile(
    r"[\(（\[]?\s*(?:part|teil|partie|parte|часть|page|seite|página|pagina|страница|페이지|batch|day|session)\s*(\d{1,3})(?!\d)[a-z]?\s*(?:(?:/|of|von|de|sur|из)\s*\d+)?\s*[\)）\]]?"
    rf"|[\(（]?\s*第\s*(\d+|[{_HAN_NUMBER}]{{1,3}})\s*(?:部分|部|卷|页|頁|冊|册)\s*[\)）]?"
    rf"|[\(（]\s*([{_HAN_NUMBER}]{{1,3}})\s*[\)）]"
    r"|[\(（]?\s*(?:その|其)\s*(\d+)\s*[\)）]?"
    r"|[\(（]?\s*(\d+)\s*(?:ページ目?|페이지)\s*[\)）]?"
    r"|[\(（]\s*제?\s*(\d+)\s*부\s*[\)）]"
    r"|[\(（\[]\s*(\d+)\s*/\s*\d+\s*[\)）\]]"
    r"|[\(（\[]\s*(\d)\s*[\)）\]]"
    r"|\s[\-–—|·]\s*(\d{1,3})\s*/\s*\d{1,3}\s*$"
    r"|[\(（\[]?\s*(?:part|teil|partie|parte)\s+((?=[ivx])x{0,3}(?:ix|iv|v?i{0,3}))(?![a-z0-9])\s*[\)）\]]?",
    re.IGNORECASE,
)
# Tracks published as collections of their own, named in the collection; other tracks and
# presentation kinds (main, long, oral, poster, ...) are header words and give "<venue> <year> Papers".
_TRACKS = (
    ("Datasets and Benchmarks Track", r"\bdatasets?\s*(?:and|&)\s*benchmarks?\b|数据集(?:与|和)基准|數據集與基準|データセットとベンチマーク|데이터셋\s*(?:및|과)\s*벤치마크"),
    ("Findings", r"\bfindings\b"),
    ("Student Research Workshop", r"\bstudent research workshop\b"),
    ("Workshop", r"\b(?:workshops?|ateliers?|talleres|taller)\b|研讨会|研討會|ワークショップ|워크숍|워크샵"),
    ("Position Paper Track", r"\bposition[ \-]papers?\b|立场论文|立場論文"),  # ICML's, since 2024
    ("Demo Track", r"\b(?:system )?demo(?:nstration)?s?\b|演示"),
    ("Industry Track", r"\bindustry\b"),
    ("Applied Data Science Track", r"\bapplied data science\b|\bads track\b"),  # KDD's second track
    ("Rejected", r"\brejected\b|被拒|未录用|未錄用"),  # OpenReview lists these too: not the venue's papers
    ("Withdrawn", r"\bwithdrawn\b|撤稿|撤回"),
)
_TRACK = re.compile("|".join(f"(?P<t{i}>{pattern})" for i, (_, pattern) in enumerate(_TRACKS)), re.IGNORECASE)
# Where the listing was scraped from: "| OpenReview", "- CVF Open Access", "— icml.cc".
_SITE = re.compile(
    r"(?:https?://)?(?:[a-z0-9-]+\.)+(?:cc|net|org|com|press|io|ai|edu|cool|dev|app|info|cn|jp|kr|de|fr|ru|uk|eu)(?:/\S*)?"
    r"|\b(?:acl anthology|cvf open access|open access|openreview|pmlr|proceedings of machine learning research|dblp"
    r"|arxiv|papers with code|semantic scholar|ieee xplore|acm digital library|virtual site|paper copilot|paper digest"
    r"|hugging face|google scholar|researchgate|alphaxiv|cool papers|immersive paper discovery|ecva|search results)\b",
    re.IGNORECASE,
)
_VENUE_YEAR = re.compile(r"(?<![A-Za-z0-9])([A-Za-z][A-Za-z0-9&\-]*?[A-Za-z])[\s\-_'’(]*((?:19[5-9]|20\d)\d)(?!\d)")
# A known venue with a two-digit year of this century: "AAAI-24", "ECCV'24", or glued to it up to 2039: "ICML25", "NeurIPS24".
_VENUE_SHORT_YEAR = re.compile(rf"(?<![A-Za-z0-9])({'|'.join(VENUE_DISPLAY)})(?:\s*[\-'’]\s*|(?=[0-3]\d(?!\d)))(\d{{2}})(?!\d)", re.IGNORECASE)
# A known venue and a year apart ("TMLR Papers 2024", "The 2024 ACM SIGIR Conference ...").
_KNOWN_VENUE = re.compile(rf"(?<![A-Za-z0-9])({'|'.join(VENUE_DISPLAY)})(?![A-Za-z0-9])", re.IGNORECASE)
_YEAR = re.compile(r"(?<!\d)((?:19[5-9]|20\d)\d)(?!\d)")
# A workshop's proceedings: "Proceedings of the Workshop on Graph Learning 2025" (its name follows).
_PROCEEDINGS_OF = r"(?:proceedings\s+of\s+(?:the\s+)?)?"
# A workshop of no venue, named at the line's start and followed by its year: "Workshop on Efficient ML (2024)".
_STANDALONE_WORKSHOP = re.compile(
    r"^[\W_]*" + _PROCEEDINGS_OF + r"workshop\s*(?:on\b|:)\s*([^|()\[\]（）【】–—\d]{2,80}?)[\s\-_'’(\[]*((?:19[5-9]|20\d)\d)(?!\d)[)\]]?", re.IGNORECASE
)
# ... or named before the word: "Efficient ML Workshop 2024", "ICBINB Workshop (2024)".
_WORKSHOP_NAMED_FIRST = re.compile(
    r"^[\W_]*" + _PROCEEDINGS_OF + r"([^|()\[\]（）【】–—\d]{2,80}?)\s+workshop[\s\-_'’(\[]*((?:19[5-9]|20\d)\d)(?!\d)[)\]]?", re.IGNORECASE
)
# A journal of no known name, named at the line's start and followed by its year (its volume went before): "IEEE
# Transactions on Medical Imaging 2024", "Journal of Field Robotics, Volume 41, 2024", "International Journal of Robotics Research (2024)".
_JOURNAL = re.compile(
    r"^[\W_]*((?:(?:IEEE|ACM|IEEE/ACM|ACM/IEEE|SIAM|IET|IEICE|IMA)\s+)?(?:International\s+Journal|Journal|Transactions|Annals)\s+(?:on|of|in|for)\s+"
    r"[^|()\[\]（）【】–—\d,:;]{2,80}?)[\s,\-_'’(\[]*((?:19[5-9]|20\d)\d)(?!\d)[)\]]?",
    re.IGNORECASE,
)
# A named workshop: "Workshop on Foundation Models", "Workshop: ATTRIB" (the name is free text), with its acronym in brackets
# after it ("Workshop on AI for Science (AI4Science)").
_WORKSHOP_NAME = re.compile(
    r"\bworkshop\s*(?:on\b|:)\s*([^|()\[\]（）【】–—]{2,80}?)\s*(?:[(\[（]\s*[A-Za-z0-9][A-Za-z0-9\-&@]{1,24}\s*[)\]）]\s*)?(?=[|()\[\]（）【】–—]|$)",
    re.IGNORECASE,
)
# A workshop named before "@" and its venue: "AI4Science@ICML 2024", "TrustNLP @ NAACL 2024", "Workshop on X @ ICML 2024".
_AT_VENUE = re.compile(
    rf"^\s*(?:workshop\s*(?:on\b|:)\s*)?([^@|()\[\]（）【】–—]{{2,80}}?)\s*@\s*(?=(?:{'|'.join(VENUE_DISPLAY)})(?![A-Za-z]))", re.IGNORECASE
)
# An arXiv listing's category ("cs.CL", "stat.ML", "q-bio.NC"): its track. A daily listing's date gives its year
# ("arXiv cs.CL new submissions (2025-01-15)").
_ARXIV_CATEGORY = re.compile(
    r"(?<![A-Za-z])((?:cs|stat|math|eess|econ|q-bio|q-fin|physics|astro-ph|cond-mat|quant-ph|hep-[a-z]{2}|gr-qc|nlin|nucl-[a-z]{2})\.[A-Za-z]{2})(?![A-Za-z])"
)
_ISO_DATE_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})-\d{1,2}-\d{1,2}(?!\d)")
_ARXIV = re.compile(r"(?<![A-Za-z])arxiv(?![A-Za-z])", re.IGNORECASE)
_ARXIV_DOMAIN = re.compile(r"(?<![\w.])arxiv\.org(?![\w.])", re.IGNORECASE)  # the site's domain: "org" is no venue
# Numbered tracks ("AAAI-25 Technical Tracks 1-14", "Track 3") and the listing's order ("(sorted by title)", "in alphabetical order").
_TRACK_NUMBERS = re.compile(r"\b(tracks?)\s*\d{1,2}(?:\s*[-–]\s*\d{1,2})?(?!\d)", re.IGNORECASE)
_ORDER = re.compile(
    r"\b(?:sorted|ordered|listed|arranged)\s+by\s+(?:title|name|author|date|id|number|topic|session|track|area|score)s?\b|\bin\s+alphabetical\s+order\b",
    re.IGNORECASE,
)
# A slice of a long listing by its entries' numbers: "(1-500)", "[501–1000]", "#1-500", "papers 1 to 500", "(1-500 of 3,260)";
# counting up and not from a year ("2024-2025", "ICML 1990 - 1200 papers" are no slice).
_ENTRY_RANGE = re.compile(
    r"[(\[（#]?\s*(?:(?:papers?|entries|items|nos?\.?)\s*)?(?<![\d.])(\d{1,5})\s*(?:[-–—~]|to)\s*(\d{1,5})(?![\d.])(?:\s*of\s*[\d,.]+)?\s*[)\]）]?",
    re.IGNORECASE,
)
_VOLUME = re.compile(r"\b(?:volume|vol\.?|pmlr)\s*\d+\b", re.IGNORECASE)
_YEAR_VENUE = re.compile(r"(?<!\d)((?:19[5-9]|20\d)\d)[\s\-_]*([A-Za-z][A-Za-z0-9&\-]*[A-Za-z])(?![A-Za-z0-9])")
_MAX_HEADER_CHARS = 160
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class Header:
    """What a header line says about its collection."""

    venue: str | None  # None only for a listing's title (``parse_listing_title``)
    year: int | None
    header_lang: str
    collection: str
    part: int | None


def _language(text: str, words: list[str]) -> str:
    if re.search(r"[\uac00-\ud7af]", text):
        return "ko"
    if _KANA.search(text) or any(word in text for word in _JA_KANJI_WORDS):
        return "ja"
    if re.search(r"[\u4e00-\u9fff]", text):
        return "zh"
    for lang, script in _SCRIPTS:
        if script.search(text):
            return lang
    for lang, marks in _LANG_ONLY.items():
        if marks.intersection(words):
            return lang
    if "articles" in words or "article" in words:
        # French and English alike: French names the articles first ("Articles ICML 2024"), English after the venue
        # ("Nature 2024 Articles") or with an English word ("Articles from ICML 2024", "Accepted Articles")
        english = _ENGLISH_ONLY.intersection(words) or not _ARTICLES_FIRST.match(text)
        return "en" if english else "fr"
    return "en"


def _without_symbols(text: str) -> str:
    """Symbols (emoji, stars, arrows, ...) and punctuation of any script as spaces: decoration, like ``_DECORATION``'s.

    U+FFFD stays: it stands for characters the decoder could not read, which may have been words.
    """
    return "".join(" " if (unicodedata.category(c)[0] in "SP" and c != "\ufffd") or c in "\ufe0e\ufe0f" else c for c in text)


def _title_case_name(name: str) -> bool:
    """A workshop's name as listings write it: at most 12 words, no sentence punctuation, every word of four letters or more capitalized."""
    words = name.split()
    return len(words) <= 12 and not re.search(r"[.,;!?]", name) and all(not w[0].islower() for w in words if len(w) >= 4)


_NAME_TAIL = _PAPER_WORDS | {"accepted"}  # words after a workshop's name that are not part of it ("... Accepted Papers")


_NOT_A_NAME = frozenset({"a", "an", "the", "our", "this", "my", "your", "their", "new"})


def _venue_name(name: str) -> str | None:
    """A workshop's (or a journal's) name without the words for papers it ends with ("Efficient ML Papers"); None when it
    is no name (only header words, articles or marks: "The Workshop 2024", ":- Workshop 1990")."""
    words = name.split()
    while words and words[-1].lower() in _NAME_TAIL:
        words.pop()
    kept = " ".join(words)
    naming = [w for w in words if any(c.isalnum() for c in w) and w.lower() not in _VOCAB and w.lower() not in _NOT_A_NAME]
    return kept if naming and _title_case_name(kept) else None


def _full_names_as_venues(text: str) -> str:
    """Replace a venue's full name by its acronym, or drop it where a venue's acronym is written too
    ("... (NeurIPS) 2024", "Findings of the Association for Computational Linguistics: EMNLP 2024")."""
    for key, name in _FULL_NAME:
        if name.search(text):
            without = name.sub(" ", text)  # a known acronym inside the name ("AAAI Conference on ...") is not written too
            text = without if _KNOWN_VENUE.search(without) else name.sub(f" {key} ", text)
    return text


def venue_key(written: str) -> str:
    """The venue key of a venue as written: upper case ASCII letters, digits, ``&`` and ``-``, words one space apart
    ("Workshop on Künstliche Intelligenz" -> ``WORKSHOP ON KUNSTLICHE INTELLIGENZ``)."""
    ascii_text = unicodedata.normalize("NFKD", written).encode("ascii", "ignore").decode()
    return " ".join(re.sub(r"[^A-Z0-9&\-]+", " ", ascii_text.upper()).split()).lstrip("&- ")  # it starts with a letter or digit


# A Markdown image, linked or not: a README heading's badges ("# Awesome ML Papers [![Awesome](https://awesome.re/badge.svg)](...)").
_IMAGE = re.compile(r"\[!\[[^\[\]\n]*\]\([^()\s]*\)\]\([^()\s]*\)|!\[[^\[\]\n]*\]\([^()\s]*\)")


# A venue's name abbreviated as bibliographies write it (ISO 4, which also drops "on", "and", "of": "Proc. Int. Conf. Mach.
# Learn.", "Adv. Neural Inf. Process. Syst.", "Int. Conf. on Machine Learning"): the words, so the full names above read it.
_ABBREVIATED = (
    (r"comput\.\s*vis\.\s*(?:and\s+)?pattern\s+recognit\.", "computer vision and pattern recognition"),
    (r"comput\.\s*vis\.", "computer vision"), (r"comput\.\s*linguist\.", "computational linguistics"),
    (r"int(?:'l|l)?\.\s*j\.", "international journal of"), (r"int(?:'l|l)?\.", "international"),
    (r"conf\.(?:\s*on(?![A-Za-z])|(?=\s*[A-Za-z]))", "conference on"), (r"conf\.", "conference"),
    (r"proc\.(?:\s*of(?:\s+the)?(?![A-Za-z]))?", "proceedings of the"),
    (r"adv\.(?:\s*in(?![A-Za-z]))?", "advances in"), (r"mach\.", "machine"), (r"learn\.", "learning"), (r"represent\.", "representations"),
    (r"inf\.", "information"), (r"process\.", "processing"), (r"syst\.", "systems"), (r"artif\.", "artificial"),
    (r"intell\.", "intelligence"), (r"assoc\.", "association for"), (r"annu\.", "annual"), (r"jt\.", "joint"),
)
_ABBREVIATION = re.compile(
    r"(?<![A-Za-z])(?:" + "|".join(f"(?P<a{i}>{pattern})" for i, (pattern, _) in enumerate(_ABBREVIATED)) + ")", re.IGNORECASE
)


def _without_abbreviations(text: str) -> str:
    """``text`` with the abbreviated words of venue names (``_ABBREVIATED``) written out."""
    written = _ABBREVIATION.sub(lambda m: f" {_ABBREVIATED[int(m.lastgroup[1:])][1]} ", text)
    return " ".join(written.split()) if written != text else text


@lru_cache(maxsize=1)
def _digits_to_ascii() -> dict[int, str]:
    """Every decimal digit that is not ASCII (NFKC leaves them) as its ASCII digit, for ``str.translate`` (~50 ms, once)."""
    return {c: str(unicodedata.decimal(chr(c))) for c in range(0x80, 0x110000) if unicodedata.decimal(chr(c), None) is not None}


_CONTINUED = re.compile(r"(?i)(?<![a-z])cont['’]d(?![a-z])")  # "(cont'd)": the apostrophe would cut the word in two


def _read_back(line: str) -> str:
    """A header saved as UTF-8 read as GBK ("ICML 2025 璁烘枃鍒楄〃" for "论文列表") or as Shift-JIS ("ICML 2025 隲匁枚荳\x80隕ｧ"
    for "論文一覧"), which ftfy does not know: its non-ASCII runs' GB18030 (else cp932) bytes read as UTF-8, when every run
    reads so (a Chinese or Japanese line's own bytes seldom do)."""
    for codec in ("gb18030", "cp932"):
        try:
            return _NON_ASCII_RUN.sub(lambda run: run.group().encode(codec).decode("utf-8"), line)
        except UnicodeError:
            continue
    return line


def _clean_line(line: str) -> tuple[str, str]:
    """The line without invisible marks, mojibake and Markdown images (badges), and that line NFKC-folded and stripped,
    abbreviated venue names written out (``_ABBREVIATED``)."""
    line = _INVISIBLE.sub("", line)
    if "![" in line:
        line = _IMAGE.sub(" ", line)
    if _HAN.search(line):  # before ftfy: Shift-JIS mojibake holds a C1 control ("荳\x80"), which ftfy would read as cp1252's "€"
        line = _read_back(line)
    if _MOJIBAKE.search(line):  # repaired before NFKC, which would fold some of its letters ("º" to "o")
        line = ftfy.fix_encoding(line)
    text = unicodedata.normalize("NFKC", line).strip()
    if not text.isascii() and any(c.isdecimal() and not c.isascii() for c in text):
        text = text.translate(_digits_to_ascii())  # a year in Arabic-Indic, Persian, Devanagari, ... digits: "ICML ٢٠٢٥ أوراق"
    if "'" in text or "’" in text:
        text = _CONTINUED.sub("continued", text)
    return line, _without_abbreviations(text) if "." in text else text


def ordinal_value(written: str) -> int | None:
    """The number an ordinal stands for ("41st", "Thirty-Seventh", "第四十一届"), or None."""
    word = written.lower().strip()
    if digits := re.match(r"\d+", word):
        return int(digits.group())
    if word.startswith("第"):
        han = re.sub(r"[第届屆回\s]", "", word)
        if han.isdigit():
            return int(han)
        tens, _, units = han.rpartition("十")
        if "十" not in han:
            return _HAN_DIGITS.get(han) if len(han) == 1 else None
        if any(c not in _HAN_DIGITS for c in tens + units) or len(tens) > 1 or len(units) > 1:
            return None
        return (_HAN_DIGITS[tens] if tens else 1) * 10 + (_HAN_DIGITS[units] if units else 0)
    tens, _, rest = re.sub(r"[- ]+", " ", word).rpartition(" ")
    if not tens:
        return _ORDINAL_WORDS.get(rest)
    return _TENS[tens] + _ORDINAL_WORDS[rest] if tens in _TENS and _ORDINAL_WORDS.get(rest, 10) < 10 else None


_EDITION_OF = re.compile(
    rf"({_ORDINAL.pattern})\s*(?:(?:annual|international|acm|ieee|aaai|sigkdd|joint)\s+)*({'|'.join(EDITION_YEAR_OFFSET)})(?![A-Za-z0-9])",
    re.IGNORECASE,
)


def _edition_year(text: str) -> int | None:
    """The year of an edition the line names by its ordinal (after ``_full_names_as_venues``) or NeurIPS volume; None when it
    names none or one outside 1990-2039 (``EDITION_YEAR_OFFSET``)."""
    if volume := _NEURIPS_VOLUME.search(text):
        year = int(volume.group(1)) + EDITION_YEAR_OFFSET["NEURIPS"] + 1
    elif (edition := _EDITION_OF.search(_full_names_as_venues(text))) and (number := ordinal_value(edition.group(1))):
        year = number + EDITION_YEAR_OFFSET[edition.group(2).upper()]
    else:
        return None
    return year if 1990 <= year <= 2039 else None


_ROMAN = {"i": 1, "v": 5, "x": 10}


def _part_number(written: str) -> int | None:
    """A part's number, written in digits, in Han numerals ("三" -> 3) or in Roman numerals up to 39 ("IV" -> 4)."""
    if written.isdigit() and written.isascii():
        return int(written)
    if written[0] in _HAN_NUMBER:
        return ordinal_value("第" + written)
    values = [_ROMAN[c] for c in written.lower()]
    return sum(-v if v < after else v for v, after in zip(values, values[1:] + [0], strict=True))


@lru_cache(maxsize=4096)
def parse_header(line: str | None) -> Header | None:
    """Parse a header line, or return None when the line is not a header."""
    if not line:
        return None
    line, text = _clean_line(line)
    if len(text) > _MAX_HEADER_CHARS or not (_DIGIT.search(text) or _ORDINAL.search(text)):  # a year, or an edition: most lines end here
        return None
    text = _ARXIV_DOMAIN.sub("arXiv", text)
    part_match = _PART.search(text)
    part = _part_number(next(g for g in part_match.groups() if g)) if part_match else None
    if part_match:
        text = text[: part_match.start()] + " " + text[part_match.end() :]
    category, arxiv = _ARXIV_CATEGORY.search(text), _ARXIV.search(text)
    if category or arxiv:
        text = _ARXIV_CATEGORY.sub(" " if arxiv else " arXiv ", text)  # a category alone names arXiv
        if not _YEAR.search(_ISO_DATE_YEAR.sub(" ", text)) and (date := _ISO_DATE_YEAR.search(text)):
            text = f"{text} {date.group(1)}"  # the date stamp goes below; its year stays
    if (at := _AT_VENUE.match(text)) and (name := _venue_name(at.group(1))):
        text = f"{text[at.end():]} Workshop on {name}"  # the venue first, as "ICML 2024 Workshop on AI4Science" writes it
    text = _ORDER.sub(" ", _TRACK_NUMBERS.sub(r" \1 ", text))
    if not _YEAR.search(text) and (edition := _edition_year(text)):
        text = f"{text} {edition}"  # the edition's year, after its venue's name (which the ordinal goes with, below)
    text = _ORDINAL.sub(" ", _DATE_STAMP.sub(" ", _WORDED_DATE_STAMP.sub(" ", _VOLUME.sub(" ", _full_names_as_venues(text)))))
    text = _EVENT_DAYS.sub(" ", _PLACE.sub(" ", text))  # before the venue: "Vancouver 2025" is not a venue and a year
    text = _ENTRY_RANGE.sub(lambda m: " " if int(m.group(1)) < int(m.group(2)) and not _YEAR.fullmatch(m.group(1)) else m.group(), text)
    match = _VENUE_YEAR.search(text)
    known = _KNOWN_VENUE.search(text) is not None
    standalone = _STANDALONE_WORKSHOP.match(text) if not known else None
    named_first = _WORKSHOP_NAMED_FIRST.match(text) if not (standalone or known) else None
    journal = _JOURNAL.match(text) if not (standalone or named_first or known) else None
    if journal and (name := _venue_name(journal.group(1))):
        match, written, year = journal, name, int(journal.group(2))  # the journal is the venue
    elif standalone and (name := _venue_name(standalone.group(1))):
        match, written, year = standalone, f"Workshop on {name}", int(standalone.group(2))  # the workshop is the venue
    elif named_first and (name := _venue_name(named_first.group(1))):
        match, written, year = named_first, f"{name} Workshop", int(named_first.group(2))
    elif match and match.group(1).lower() not in _VOCAB and not _TRACK.fullmatch(match.group(1)):  # "NeurIPS Workshop 2024"
        written, year = match.group(1), int(match.group(2))
    elif (match := _YEAR_VENUE.search(text)) and match.group(2).lower() not in _VOCAB:
        written, year = match.group(2), int(match.group(1))
    elif match := _VENUE_SHORT_YEAR.search(text):
        written, year = match.group(1), 2000 + int(match.group(2))
    elif (match := _KNOWN_VENUE.search(text)) and (year_match := _YEAR.search(text, match.end()) or _YEAR.search(text, 0, match.start())):
        written, year = match.group(1), int(year_match.group(1))  # the year leaves the rest below
    else:
        return None
    rest = _SITE.sub(" ", text[: match.start()] + " " + text[match.end() :])
    rest = re.sub(rf"(?<!\d){year}(?!\d)", " ", rest)  # the year again ("NAACL 2024: 2024 Annual Conference ...")
    rest = _PAPER_COUNT.sub(" ", rest)
    if (named := _WORKSHOP_NAME.search(rest)) and (name := _venue_name(named.group(1))):
        track, rest = f"Workshop on {name}", rest[: named.start()] + " " + rest[named.end() :]
    else:
        track_match = _TRACK.search(rest)
        track = _TRACKS[int(track_match.lastgroup[1:])][0] if track_match else None
    rest = _TRACK.sub(" ", rest)
    for word in _CJK_BY_LENGTH:
        rest = rest.replace(word, " ")
    residue = [w for w in _DECORATION.split(_without_symbols(rest.lower())) if w]
    linking = _LINKING if _PAPER_WORDS.intersection(residue) else frozenset()
    if any(w not in _VOCAB and w not in linking for w in residue):
        return None
    key = venue_key(written)
    key = VENUE_ALIASES.get(key, key)
    if key == "ARXIV" and category:
        track = category.group(1)
    display = VENUE_DISPLAY.get(key, written)
    return Header(
        venue=key,
        year=year,
        header_lang=_language(line, residue),
        collection=f"{display} {year} {track} Papers" if track else f"{display} {year} Papers",
        part=part,
    )


# A file's first line that names its listing in words ``parse_header`` does not know: a topic ("ICML 2025 Reinforcement
# Learning Papers", "CVPR 2024 目标检测论文汇总") or no venue at all ("Awesome Diffusion Papers", "Papers I read in 2024",
# "bioRxiv Bioinformatics 2024": a preprint server's name says so too).
# It must stand alone (a blank line under it), be short, end no sentence and say that it lists papers (a journal's volume
# or issue does: "Pattern Recognition Volume 148, April 2024").
_LISTING_WORD = re.compile(
    r"(?<![A-Za-z])(?:papers?|preprints?|publications?|abstracts|articles|awesome|reading[- ]list|proceedings|anthology|digests?"
    r"|search results(?=\s*(?:for\b|[:(\-–—]|$))|alerts?|bibliography|open access|exports?|lncs|lecture notes"  # a database's, a publisher's or a series' listing
    r"|(?:bio|med|chem|psy|eco|edu|engr|soc|tech)rxiv|arxiv(?![:\d])|ssrn|research square)(?![A-Za-z])"  # a preprint server lists papers
    r"|(?<![A-Za-z])tracks?(?![A-Za-z])"  # a conference's track ("AAAI-25 Technical Track on Machine Learning")
    r"|(?<![A-Za-z])(?:volume|vol\.|issue)\s*\d"  # a journal's issue ("Machine Learning, Volume 113, Issue 4, April 2024")
    r"|论文|論文|논문|文献|予稿集|artículos|artigos|articoli|beiträge|artikel|статьи|статей|makalah|makaleler|bài báo"
    r"|(?<!\w)(?:труды|сборник|доклады|тезисы|actes|tagungsband|atti|anais|actas)(?!\w)",  # proceedings in other languages
    re.IGNORECASE,
)
_ARXIV_ID = re.compile(r"(?<![\d.])\d{4}\.\d{4,5}(?![\d.])")
_TITLE_MAX_CHARS, _TITLE_MAX_WORDS = 100, 12
# A first line that is a known venue and a year with a word or two of a language the vocabulary lacks ("ICML 2025
# Makala", "NeurIPS 2024 Makalah Diterima") is the listing's title too; its language is undetermined (BCP-47 ``und``).
_VENUE_TITLE_MAX_WORDS, UNDETERMINED = 4, "und"
_KNOWN_VENUE_YEAR = re.compile(rf"(?<![A-Za-z0-9])({'|'.join(VENUE_DISPLAY)})[\s\-_'’(]*((?:19[5-9]|20\d)\d)(?!\d)", re.IGNORECASE)  # "ICML2025"
# ... or in more words when the venue and year open the line, set off by a dash, a colon or a bar ("ICML 2025 — from around
# the web", "NeurIPS 2024: what we are reading").
_OPENING_VENUE_YEAR = re.compile(rf"\W*(?:{'|'.join(VENUE_DISPLAY)})[\s\-_'’(]*(?:19[5-9]|20\d)\d\)?\s*[—–\-:：|]", re.IGNORECASE)
# A venue no list knows, named by its acronym and year in parentheses after its full name ("(JSAI 2024)", "(NLP2024)").
_ACRONYM_YEAR = re.compile(r"\(\s*([A-Z][A-Z0-9]*[A-Z])[\s\-'’]*((?:19[5-9]|20\d)\d)\s*\)")
_TITLE_ENDS = "#*=~_-–—|:：·•【】《》「」『』[]<>\"'“”‘’«» \t"  # decoration around a title ("# Awesome Papers", "**Papers**")


@lru_cache(maxsize=1024)
def parse_listing_title(line: str | None) -> Header | None:
    """A file's first line read as its listing's title when ``parse_header`` reads no header from it.

    A known venue and a year on it give ``<Venue> <year> Papers``; else the collection is the line itself (its decoration
    stripped), with the year on it if any and no venue. None when the line is long, ends a sentence, holds a URL or a menu,
    or has no word for papers or lists (``_LISTING_WORD``, or an arXiv category) unless it is a known venue and a year in at most
    ``_VENUE_TITLE_MAX_WORDS`` words, or opening the line before a dash, a colon or a bar (``_OPENING_VENUE_YEAR``).
    """
    if not line:
        return None
    line, text = _clean_line(line)
    name = text.strip(_TITLE_ENDS)
    if (
        not name or len(name) > _TITLE_MAX_CHARS or len(name.split()) > _TITLE_MAX_WORDS or name[-1] in ".!?。！？…"
        or "://" in name or "www." in name.lower() or name.count("|") + name.count("·") + name.count("•") > 1
    ):
        return None
    words = [w for w in _DECORATION.split(_without_symbols(name.lower())) if w]
    named = _full_names_as_venues(name)
    if glued := _KNOWN_VENUE_YEAR.search(named):
        written, year = glued.group(1), glued.group(2)
    elif short := _VENUE_SHORT_YEAR.search(named):  # "AAAI-25", "IJCAI'24"
        written, year = short.group(1), str(2000 + int(short.group(2)))
    elif (acronym := _ACRONYM_YEAR.search(named)) and not _KNOWN_VENUE.search(named):  # "第38回人工知能学会全国大会 (JSAI 2024)"
        written, year = acronym.group(1), acronym.group(2)
    else:
        venue, found = _KNOWN_VENUE.search(named), _YEAR.search(named)
        written, year = (venue.group(1) if venue else None), (found.group(1) if found else None)
    lang = _language(line, words)
    if _ARXIV_ID.search(name):
        return None  # an arXiv listing's entry ("arXiv:2501.01234 [cs.LG]")
    if not (_LISTING_WORD.search(name) or _ARXIV_CATEGORY.search(name)):  # "Computation and Language (cs.CL)" too
        if not (written and year) or (len(words) > _VENUE_TITLE_MAX_WORDS and not _OPENING_VENUE_YEAR.match(named)) or len(_KNOWN_VENUE.findall(named)) > 1:
            return None  # "ICML and NeurIPS 2024" names no one listing
        if lang == "en" and not _VOCAB.intersection(words) and not _common_english(words, written, year):
            lang = UNDETERMINED
    if written and year:
        key = VENUE_ALIASES.get(venue_key(written), venue_key(written))
        return Header(venue=key, year=int(year), header_lang=lang, collection=f"{VENUE_DISPLAY.get(key, written)} {year} Papers", part=None)
    return Header(venue=None, year=int(year) if year else None, header_lang=lang, collection=name, part=None)


# A word at least this common in English (wordfreq's Zipf scale: ~1 in a million words) is an English word of a title.
_COMMON_ENGLISH_ZIPF = 3.0


def _common_english(words: list[str], venue: str, year: str) -> bool:
    """Whether half or more of a title's words besides its venue and year are common English words (``NeurIPS 2024: what
    caught our eye``), which the header vocabulary lacks; ``ICML 2025 Makala`` has none."""
    from wordfreq import zipf_frequency

    others = [w for w in words if w not in (venue.lower(), year)]
    return bool(others) and 2 * sum(zipf_frequency(w, "en") >= _COMMON_ENGLISH_ZIPF for w in others) >= len(others)


def looks_like_header(line: str | None) -> bool:
    """True when the line parses as a collection header."""
    return parse_header(line) is not None


HEADER_FIELDS = pl.Struct(
    {"venue": pl.String, "year": pl.Int32, "header_lang": pl.String, "collection": pl.String, "part": pl.Int32}
)


def _parse_batch(lines: pl.Series, parse: Callable[[str | None], Header | None] = parse_header) -> pl.Series:
    parsed = [parse(line) for line in lines.to_list()]
    return pl.Series(
        [None if h is None else {"venue": h.venue, "year": h.year, "header_lang": h.header_lang, "collection": h.collection, "part": h.part} for h in parsed],
        dtype=HEADER_FIELDS,
    )


def listing_title_fields(line: pl.Expr) -> pl.Expr:
    """``header_fields`` of ``parse_listing_title``: for the first lines of files ``header_fields`` finds no header in."""
    return line.map_batches(lambda lines: _parse_batch(lines, parse_listing_title), return_dtype=HEADER_FIELDS)


def header_fields(line: pl.Expr) -> pl.Expr:
    """Struct of parsed header fields for a column of candidate lines (null when not a header).

    Only short lines are parsed; each distinct line once.
    """
    return (
        pl.when(line.str.len_chars() <= _MAX_HEADER_CHARS)
        .then(line)
        .otherwise(None)
        .map_batches(_parse_batch, return_dtype=HEADER_FIELDS)
    )
