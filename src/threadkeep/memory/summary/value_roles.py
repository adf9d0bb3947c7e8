"""What kind of value a span of a sentence is, read from the words around it (issue 26, item 3).

Two statements about one project replace each other only when they give a value *of the
same kind*: "the Driftwood budget is now 740k" replaces "Driftwood got 240k", not "the Driftwood
team is 7 people" or "Driftwood must answer within 200 ms". The kind is told by the unit or
the words next to the value, never by the value itself:

- a number is ``money`` (k, thousand, тысяч, 万円, $, euros …) — a ``price`` when it is said
  per seat, user or month ("$45 per seat", "за место", "1席850円") — a ``duration`` (ms, seconds,
  мс, ミリ秒 …), a ``percent``, a count of ``people`` (people, engineers, человек, 人 …), or a
  bare ``number``; a month or weekday (and the day number said with it) is a ``date``;
- a name is a ``place`` when it follows "in", "at", "to", "в", "во", "из", or the words after it
  say a hosting region ("Warsaw is the hosting region", "ストックホルムリージョン"); a
  ``person`` when it carries an honorific (さん) or the Russian dictionary knows it as a first
  name; else a plain ``name``.

Every pattern is an alternation of literals anchored at one end of a short window: linear.
"""

from __future__ import annotations

import re

from threadkeep.memory.summary.grammar import may_be_first_name, rx

__all__ = ["number_role", "name_role", "role_words", "site_kinds", "MOVES", "HOSTING", "EVENTS", "CYRILLIC"]

# Read from the few characters right after a number.
_AFTER_NUMBER: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("percent", rx(r"^\s?(?:%|％|percent\b|per cent\b||процент|"
                   r"|パーセント)")),
    ("money", rx(r"^\s?(?:k\b|K\b|thousand\b|million\b|bn\b|usd\b|eur\b|euros?\b|dollars?\b|gbp\b|"
                 r"|к\b|тыс|млн|млрд|миллион|долл|руб|евро|₽|"
                 r"|万|億|円|ドル|ユーロ)")),
    ("duration", rx(r"^\s?(?:ms\b|milliseconds?\b|seconds?\b|secs?\b|minutes?\b|mins?\b|hours?\b|"
                    r"days?\b|weeks?\b|months?\b|years?\b|"
                    r"|мс\b|миллисекунд|секунд|сек\b|минут|мин\b|час|дн[яей]|день|недел|месяц|год|лет\b|"
                    r"|ミリ秒|秒|分|時間|日間|週間|ヶ月|か月|カ月|ヵ月|年間)")),
    ("people", rx(r"^\s?(?:people\b|persons\b|engineers?\b|developers?\b|devs\b|of us\b|staff\b|"
                  r"members\b|attendees\b|heads\b|"
                  r"|человек|разработчик|инженер|сотрудник|участник|"
                  r"|人|名)")),
)
_CURRENCY_BEFORE = re.compile(r"[$€£¥₽]\s?$")
# Before a name: it says where something is.
_PLACE_BEFORE = rx(r"(?:^|\W)(?:in|at|to|into|in the|to the|"
                   r"|в|во|из)\s+$")
# Hosting, regions and data centres: what a place is for in project talk.
HOSTING = rx(
    r"\bregion\b|\bregions\b|\bservers?\b|data ?cent(?:er|re)|\boffice\b|\bhome base\b|\bHQ\b|\bheadquarter|\bhost(?:ed|ing|s)?\b|\bdeploy(?:ed|ing|s)?\b|"
    r"|регион|\bсервер|дата-?центр|\bофис|\bбаза\b|\bбазе\b|\bштаб|\bхост|\bразвор|\bразмещ|"
    r"|リージョン|データセンター|サーバー|ホスト|ホスティング|拠点|オフィス|本社|事務所|に置|(?:から|で)(?:運営|開発|勤務)"
)
# Two sorts of place a project has: where it runs and where its team sits. A new office does
# not replace the hosting region.
_SITE_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("hosting", rx(r"\bregions?\b|\bservers?\b|data ?cent(?:er|re)|\bhost(?:ed|ing|s)?\b|\bdeploy|"
                   r"|регион|\bсервер|дата-?центр|\bхост|\bразвор|\bразмещ|"
                   r"|リージョン|データセンター|サーバー|ホスト|ホスティング|に置")),
    ("office", rx(r"\boffices?\b|\bhome base\b|\bHQ\b|\bheadquarter|\bteam\b|\bsits?\b|\bbased\b|"
                  r"|\bофис|\bштаб|\bкоманд|\bсидит|\bсидят|\bребята|"
                  r"|拠点|オフィス|本社|事務所|支社|チーム|メンバー|(?:から|で)(?:運営|開発|勤務)")),
)


def site_kinds(text: str) -> frozenset[str]:
    """Which sorts of place a sentence speaks of (``hosting``, ``office``)."""
    return frozenset(kind for kind, pattern in _SITE_KINDS if pattern.search(text))


# A sentence that says something moves to another place.
MOVES = rx(
    r"\bmov(?:e|es|ed|ing)\b|\brelocat|\bmigrat|"
    r"|\bпереезж|\bпереехал|\bперевоз|\bперевез|\bпереносим|\bмигрир|"
    r"|移転|移行|移っ|移り|移し|移る|引っ越"
)
# Events a date may be of: two dates of one project are of one thing only when they name the
# same events (or none: the project's own date).
EVENTS = rx(
    r"\bdemo|\breview|\bmeeting|\bkick-?off|\bworkshop|\boffsite|\bretro|\bstand-?up|\btraining|"
    r"\binterview|\baudit|\bdrill|\bparty|\bwedding|\btrip\b|\bholiday|\bvacation|\bconference|"
    r"\bfreeze|\bbeta\b|\balpha\b|\bpilot|\bpresentation|\bcall\b|"
    r"|демо|ревью|\bвстреч|созвон|воркшоп|\bвыезд|ретро|планёрк|планерк|\bаудит|тревог|свадьб|"
    r"отпуск|конференц|собеседован|заморозк|\bбет[аыеу]\b|\bпилот|презентац|"
    r"|デモ|レビュー|会議|打ち合わせ|キックオフ|ワークショップ|監査|訓練|結婚式|休暇|旅行|ベータ|"
    r"パイロット|フリーズ|発表"
)
# The roles a person holds on a project, by the nouns people name them with: the sponsor is
# not the product owner, the designer not the lead.
_ROLE_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("sponsor", rx(r"\bsponsor|\bexecutive backer|"
                   r"|\bспонсор|\bкуратор|"
                   r"|スポンサー|後押し")),
    ("owner", rx(r"product owner|\bPO\b|\bbacklog|\bowns\b|\bowner|"
                 r"|\bвладел|\bбэклог|продакт|"
                 r"|オーナー|バックログ|優先順位")),
    ("lead", rx(r"\blead(?:s|er)?\b|\bhead of\b|in charge|\bruns\b|"
                r"|\bруковод|\bтехлид|\bлид\b|\bвозглав|\bотвечает|"
                r"|リーダー|リード|責任者|統括|率い")),
    ("qa", rx(r"(?<![A-Za-z])QA(?![A-Za-z])|\btest(?:ing|er)\b|"
              r"|\bтестир|\bприёмк|\bприемк|"
              r"|テスト担当|品質")),
    ("design", rx(r"\bdesign|"
                  r"|\bдизайн|"
                  r"|デザイン")),
)
_HONORIFICS = ("さん", "氏", "君", "くん", "ちゃん")
_JA_PLACE_PARTICLES = ("に", "へ", "で", "から")
CYRILLIC = re.compile(r"[а-яёА-ЯЁ]")
# Right after a name, the words that make it what a hosting sentence is about.
_IS = re.compile(r"\s+(?:is|was|will be|—|-)\s")


# Money said per unit is a price, not an amount: "$45 per seat", "1600 рублей за место",
# "1席850円", "月額650円". A budget cut does not replace the price per seat.
_PER_UNIT_AFTER = rx(r"(?:^|\W)(?:per|a|an|each|/)\s?(?:seat|user|head|month|licen[cs]e|night|person)\b|"
                     r"|(?:^|\W)за\s(?:место|мест[оа]|пользовател|лицензи|месяц|ночь|человек)|\bв месяц\b|"
                     r"|^(?:/|／)(?:席|ユーザー|月)")
_PER_UNIT_BEFORE = rx(r"(?:1|一)(?:席|ユーザー|ライセンス|人)(?:あたり|当たり)?(?:月額)?\s?$|月額\s?$")


def number_role(text: str, start: int, end: int) -> str:
    """The kind of the number ``text[start:end]`` (not a date: the caller knows those)."""
    after = text[end:end + 14]
    for role, pattern in _AFTER_NUMBER:
        if pattern.match(after):
            return _money_or_price(text, start, end) if role == "money" else role
    if _CURRENCY_BEFORE.search(text[max(0, start - 3):start]):
        return _money_or_price(text, start, end)
    return "number"


# Or the line says it is a price: "Yes, $52 is the new price.", "Новая цена — 1500 рублей."
_PRICE_WORD = rx(r"\bprice\b|\bpricing\b|\bpriced\b|\bseats?\b|\blicen[cs]es?\b|\bsubscriptions?\b|\bmonthly\b|"
                 r"|\bцен(?:а|ы|у|е|о|ой|ою)\b|\bценник|\bпочём\b|\bпочем\b|\bлиценз|\bподписк|"
                 r"|価格|料金|単価|ライセンス|月額")


def _money_or_price(text: str, start: int, end: int) -> str:
    if _PER_UNIT_AFTER.search(text[end:end + 24]) or _PER_UNIT_BEFORE.search(text[max(0, start - 10):start]):
        return "price"
    return "price" if _PRICE_WORD.search(text) else "money"


def name_role(text: str, start: int, end: int) -> str:
    """The kind of the name ``text[start:end]``: place, person or name."""
    name = text[start:end]
    if text.startswith(_HONORIFICS, end):
        return "person"
    if any(ch.isdigit() for ch in name) or (CYRILLIC.search(text) and not CYRILLIC.match(name)):
        return "name"  # Neo4j, S3; a Latin word in Russian is a product, not a place
    if "リージョン" in name or HOSTING.match(text[end:end + 10].lstrip().removeprefix("の")):
        return "place"
    if _PLACE_BEFORE.search(text[max(0, start - 8):start]):
        return "place"
    if text.startswith(_JA_PLACE_PARTICLES, end) and (HOSTING.search(text) or MOVES.search(text)):
        return "place"  # "Minatoのサーバーはシカゴに置きます", "香港へ移しました"
    if HOSTING.search(text[end:end + 28]) and _IS.match(text[end:end + 12]):
        return "place"  # "Warsaw is the hosting region for Driftwood"
    if CYRILLIC.match(name) and may_be_first_name(name.split()[0]):
        return "person"
    return "name"


def role_words(text: str) -> frozenset[str]:
    """The project roles a sentence names (sponsor, owner, lead, qa, design)."""
    return frozenset(role for role, pattern in _ROLE_WORDS if pattern.search(text))
