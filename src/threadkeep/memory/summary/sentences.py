"""What one sentence says, for the extractive summariser (English, Russian, Japanese).

Sentence splitting, the cue patterns per behaviour (a refusal, a role, a decision, an amount,
a deadline, a commitment, a correction, an open question), slot labels, and the analysis of
one sentence (names, topic words, template key, slots) with the field it belongs to.
:mod:`threadkeep.memory.summary.extractive` turns these into summary operations. Pure; every
pattern is an alternation of literals, linear on any input.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from threadkeep.memory.summary.grammar import (
    KANA,
    is_commitment,
    is_deliberation,
    is_question,
    is_undecided,
    rx,
)
from threadkeep.memory.summary.items import FieldName

__all__ = ["split_sentences", "Sentence", "analyse", "classify", "CHAT_TASK", "name_stems", "subject_stems", "rx", "is_cjk", "CORRECTION",
           "FILLER", "MONTH", "REFUSAL", "is_amount", "attributes", "is_function_word", "names_a_kind_of_work"]

# A sentence ends at . ! ? … followed by space — unless the next word starts in lower case,
# a digit or a dash: then the period closed an abbreviation ("130 тыс. евро", "2 млн руб. —
# окончательно", "approx. 40"), not a sentence. Japanese ends at 。！？ with no space.
# A bracket after the end stays with the sentence: "Lisbon it is. (later changed: …)" is one
# statement and the mark on it, and "…ずれました。)" closes the bracket it is in.
_SPLIT = re.compile(r"(?<=[.!?…])\s+(?![a-zа-яё0-9—–(-])|(?<=[.!?…][)）])\s+(?![a-zа-яё0-9—–(-])|"
                    r"(?<=[。！？])(?![ \t]*[(（)）])|(?<=[。！？][)）])|\n+")


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text``: split after . ! ? … followed by space (not after an
    abbreviation that the sentence goes on from), after 。！？, at newlines."""
    return [s.strip() for s in _SPLIT.split(text) if s and s.strip()]




# Cue patterns per behaviour, one alternation per language (EN | RU | JA). They name the
# *behaviour* through word stems, not phrasings: English stems with their inflections,
# Russian stems matched at the start of a word whatever the ending (отказ- → отказали,
# отказываемся, отказ), Japanese verb stems before any conjugation (決ま → 決まりました,
# 決まった). Every pattern is an alternation of literals: linear on any input.
REFUSAL = rx(
    r"turned down|\breject(?:s|ed|ing)?\b|\bdeclined?\b|\brefus(?:e|ed|ing)\b|ruled out|said no to|"
    r"decided against|decided not to|\bpass(?:ed)? on\b|\bwon't (?:use|go|work|sign|be using)|"
    r"not going (?:with|to use)|\bdropped\b|\bis out\b|\bare out\b|out of the running|"
    r"make the cut|\bno deal\b|walked away|not (?:moving|going) forward|\bgot cut\b|\bvetoe?d?\b|"
    r"\bscrapp(?:ed|ing)\b|\bditch(?:ed|ing)\b|\bshelved\b|\bnot using\b|\bno longer us(?:e|ing)\b|"
    r"\bstopped using\b|"
    r"|\bотказ|\bотклон|\bотвер[гж]|не будем|не стали|не берём|не берем|не подош|не подход|"
    r"\bвычеркн|не работаем|не прош[её]л|не прошли|не прошла|не годится|не устраива|\bотпал|"
    r"\bотсеял|\bвыбыл|\bзапрет|\bзабраков|не используем|больше не использ|\bвыкинул|не взял|не возьм|"
    r"|断っ|断り|断る|見送|却下|不採用|採用しない|契約しない|契約しません|やめ|使いません|使わない|外し|中止|廃止"
)
_ROLE = rx(
    r"tech(?:nical)?[ -]?lead|team[ -]?lead|\blead(?:s|ing|er|ership)?\b|\bhead(?:s|ed|ing)?\b(?!-)|"
    r"\bhelm\b|\breins\b|\bowns\b|\bowner\b|in charge|responsible for|\bmanag(?:er|es|ing)\b|"
    r"takes? over|taking over|took over|handled by|\bhandles\b|\bappointed\b|\bsteps? down\b|"
    r"stepped down|\breplac(?:es|ed|ing)\b|\bsuccee?d(?:s|ed)?\b|\bsuccessor\b|(?<!it )\bruns\b|"
    r"\brunning (?:engineering|the)\b|assigned to|(?<![A-Za-z])QA(?![A-Za-z])|(?<![A-Za-z])CTO(?![A-Za-z])|(?<![A-Za-z])CEO(?![A-Za-z])|(?<![A-Za-z])PM(?![A-Za-z])|"
    r"|техлид|тимлид|\bруковод|\bвозглав|во главе|\bвед[её]т\b|\bведут\b|\bведущ|\bотвечает\b|"
    r"\bответствен|\bглавн(?:ый|ая|ой|ым)\b|занимается|владелец|менеджер|становится|\bлид\b|\bназначен(?:а|ы)?\b|\bназначи|\bсмени|"
    r"вместо него|вместо неё|вместо нее|\bпреемни|"
    r"|担当|責任者|リーダー|リード|マネージャー|オーナー|引き継|後任|率い|まとめ|統括|任さ|務め"
)
# Who the work is for or paid by: a client, a customer, a sponsor. Said of a project, a
# participant of it as much as its lead ("Заказчик — «Магнит»", "Hoshiの顧客はミドリ電機です").
_STAKE = rx(
    r"\bclients?\b|\bcustomers?\b|\bsponsor(?:s|ed|ing)?\b|\bstakeholders?\b|\bon behalf of\b|"
    r"|\bзаказчик|\bклиент|\bзаказ(?:а|у|ом)?\b|\bспонсор|\bкуратор|"
    r"|顧客|クライアント|スポンサー|発注元|取引先|依頼|お客様|客先|向けの?(?:案件|プロジェクト|開発)"
)
# Where the work runs or sits: a hosting region, a data centre, an office, production. A
# sentence saying it of something named is a fact of the project, not background chatter.
_SITE = rx(
    r"\bhost(?:ed|ing|s)?\b|\bregion\b|data ?cent(?:er|re)s?\b|\boffices?\b|\bbased in\b|"
    r"\bservers?\b|\bdeploy(?:ed|ing|s)?\b|\bin production\b|"
    r"|\bхостинг|\bрегион|дата-центр|датацентр|\bофис|\bсервер|\bплощадк|\bразвор[аи]ч|"
    r"\bпрод\b|\bпродакшн|\bнаходится в|\bсидит в|\bсидят в|\bбазируется|"
    r"|リージョン|拠点|データセンター|オフィス|ホスティング|本番環境|サーバー|本社|支社|事業所|設置"
)
# A reason given inside the sentence: what is said of something named, with why ("Атлас
# мимо, так как их цена выросла вдвое", "Xは高いのでなしです") — a judgement of the work.
_BECAUSE = rx(
    r"\bbecause\b|\bsince (?:they|it|their|its)\b|\bdue to\b|"
    r"|потому что|\bтак как\b|\bпоскольку\b|\bпоэтому\b|\bиз-за\b|"
    r"|ので|ため|という理由|からです"
)
_DECISION = rx(
    r"\bdecided\b|\bdecision\b|\bchose\b|\bchosen\b|\bchoose\b|\bgo(?:ing)? (?:with|for)\b|"
    r"\bwent (?:with|for)\b|\bagreed\b|settled on|\bpicked\b|\bselected\b|\bopted for\b|"
    r"\bwe(?:'ll| will) use\b|\bswitch(?:ed|ing)? to\b|final (?:call|decision|answer)|"
    r"\brather than\b|\binstead of\b|,\s*not\s+\w|\blet's use\b|\bwon\b(?!['’]t)|\bwins\b|\blost\b|"
    r"\bit is for\b|\bwill run on\b|\bover\b \w+ for\b|\b(?:go|going|went) ahead with\b|"
    r"|\bа не\b|выбор пал|\bреши(?:ли|л|ла)\b|\bрешено\b|\bрешени|\bвыбра|\bвыбор|"
    r"\bдоговорил|остановились на|будем использовать|перешли на|\bбер[её]м\b|\bвыиграл|"
    r"\bпобеди|\bпроиграл|\bитог|\bставим\b|будет на\b|"
    r"|決定|決ま|決め|採用|にしました|選ん|選び|選定|合意|方針|勝ち|勝っ|使うこと|ではなく|にする|"
    r"で行きます|で行く|でいきます|でいく"
)
_MONEY = rx(
    r"\bbudget\b|\bcosts?\b|\bprice\b|\bsalary\b|\binvoice\b|\beuros?\b|\bdollars?\b|\busd\b|"
    r"\beur\b|[$€£¥₽]|\bthousand\b|\bmillion\b|\d\s?k\b|\bfunded\b|\bfunding\b|"
    r"|бюджет|стоит|стоимост|цена|евро|\bруб|доллар|тысяч|\bтыс\b|\bмлн\b|\bмлрд\b|миллион|"
    r"|予算|費用|円|ドル|ユーロ|万|億"
)
_APPROVED = rx(
    r"\bapprov(?:e|ed|al)\b|signed off|sign-off|\bfunded\b|came through|\bgranted\b|"
    r"\ballocated\b|\bconfirmed\b|"
    r"|\bутвер[дж]|\bодобр|\bсогласов|\bвыдел|\bдали\b|"
    r"|承認|決裁|認め|割り当|下り"
)
# Deadline, due date, release or ship date: one slot — people say all of them for it. Release
# notes are a document to write, not a date.
_DEADLINE_WORDS = (
    r"deadline|\bdue\b|\brelease\b(?! notes?\b)|\blaunch|\bgo-live\b|\bcut-?off\b|\bship(?:s|ped|ping)?\b|"
    r"target date|\bdeliver(?:y|ed|s)?\b|\bETA\b|"
    r"|дедлайн|\bсрок|релиз|запуск|\bсда[тчв]|\bсдади|\bвыпуск(?!ной|ного|ном|ник)|\bвыйти\b|\bвыходит\b|"
    r"|締め切り|締切|期限|納期|リリース(?!ノート)|公開|出荷|発売|納品"
)
# A date that moves: with a date in the sentence, these say the deadline changed.
_DATE_MOVE = rx(
    r"\bmoved?\b|\bpostponed\b|\bpushed\b|\bslipp?(?:ed|s)?\b|\bdelayed\b|\brescheduled\b|"
    r"brought forward|"
    r"|\bперенес|\bперенос|\bперенош|\bсдвин|\bотлож|сроки поехали|"
    r"|ずれ|延び|延期|前倒し|変更"
)
_DEADLINE = rx(_DEADLINE_WORDS)
_SCHEDULE = rx(
    r"scheduled|\bplanned\b|\bmeeting\b|\breview\b|\bdemo\b|"
    r"|назначен|запланир|встреча|ревью|демо|"
    r"|予定|会議|レビュー|打ち合わせ"
)
_COMMIT = rx(
    r"\bI(?:'ll| will)\b|\bwe(?:'ll| will)\b|\bwill (?:send|prepare|write|check|review|call|share|"
    r"set up|update|deliver)\b|next step|action item|follow[- ]up|\bto-?do\b|"
    r"\bby (?:monday|tuesday|wednesday|thursday|friday|tomorrow|end of)|"
    r"|сделаю|отправлю|подготовлю|напишу|проверю|беру на себя|следующий шаг|нужно будет|"
    r"проводим|будем проводить|"
    r"|します。?$|やります|送ります|準備します|次のステップ|までに"
)
CORRECTION = rx(
    r"\bupdate[ds]?\b|\bcorrection\b|\bactually\b|\binstead\b|\bno longer\b|\bmoved?\b|"
    r"\bpostponed\b|\bpushed (?:back|to|out)\b|\bchanged?\b|\breplac\w*|takes? over|taking over|"
    r"\bslipp?(?:ed|s)?\b|\bdelayed\b|\bbrought forward\b|\brescheduled\b|\bfrom now on\b|"
    r"\bnow\b|\bnew\b|stepped down|\bsteps down\b|\bforget\b|change of plan|scratch that|\brelocat|"
    r"\bhanded\b|\bhands over\b|\brepric|\blowered\b|\braised\b|"
    r"|обновлени|теперь|вместо|сдвинул|перенесл|перенес|поменял|изменил|больше не|уже не|"
    r"становится|нов(?:ый|ая|ое)|\bсмени|переключил|сроки поехали|\bзабудь|вообще-то|\bпереоцен|"
    r"\bснизил|\bповысил|\bпередал|\bпереехал|\bперешёл|\bперешел|\bсъехал|\bотодвинул|\bзабирает|"
    r"|変更|変わ|延期|代わり|ではなく|訂正|更新|新しい|交代|今は|後任|ずれ|延び|忘れて|実は|引き継|移り|"
    r"下げ|上げ|改定"
)
_OPEN_Q = rx(
    r"\bshould we\b|\bdo we\b|\bwho will\b|\bwhen will\b|\bwhich one\b|\bneed to decide\b|"
    r"open question|\bnot sure\b|\btbd\b|\bunclear\b|\bundecided\b|"
    r"|стоит ли|нужно ли|кто будет|когда будет|пока не решили|открытый вопрос|не ясно|непонятно|"
    r"|どうする|未定|検討中|決まっていない"
)
# The speaker takes a task on ("Action item for me: …", "私の担当：…"): a next step, not a
# role — "担当" and "owner" name roles, but the one taking this one on is the speaker.
_SELF_TASK = rx(
    r"\baction item for me\b|\bmy (?:task|action item|to-?do)\b|"
    r"|задача на мне|беру на себя|"
    r"|私の担当|私の宿題|私がやります"
)
# Requests to the assistant itself are work for this turn, not memory.
CHAT_TASK = rx(
    r"^(?:can you|could you|would you|please|remind me|what does|what is|what's|explain|"
    r"rephrase|translate|write|summari[sz]e|thanks|thank you|"
    r"напомни|перефразируй|что (?:вообще )?такое|объясни|можешь|переведи|напиши|спасибо|сократи|"
    r"сделай|покажи|придумай|"
    r"教えて|説明して|翻訳して|書いて|ありがとう)"
)
FILLER = rx(r"^(?:by the way|btw|anyway|so|ok(?:ay)?|heads-up|кстати|короче|итак|ところで|ちなみに)(?!\w)[,、:]?\s*")

# Slot labels: two statements about the same slot (the lead, the deadline, the budget) of the
# same subject are the same item, whatever else their wording shares: the newer replaces it.
_SLOTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("tech-lead", rx(r"tech(?:nical)?[ -]?lead|техлид|тимлид|テックリード|技術リード")),
    ("team-lead", rx(r"team[ -]?lead|тимлид|チームリーダー")),
    ("qa", rx(r"(?<![A-Za-z])QA(?![A-Za-z])|тестирован|\bприёмк|\bприемк|テスト担当|品質保証|品質チェック")),
    ("pm", rx(r"(?<![A-Za-z])PM(?![A-Za-z])|product (?:manager|owner)|продакт|プロダクトマネージャー")),
    # Whoever leads the project, however the sentence puts it.
    ("lead", rx(r"tech(?:nical)?[ -]?lead|\blead(?:s|ing|er|ership)?\b|\bhelm\b|\breins\b|"
                 r"\bhead(?:s|ed|ing)?\b(?!-)|\bsteps? down\b|stepped down|"
                 r"(?<!it )\bruns\b|\brunning (?:engineering|the)\b|\bowns the\b|responsible for|in charge|"
                 r"техлид|\bотвечает\b|\bруководи|\bвозглав|во главе|\bвед[её]т\b|\bведущ|\bсмени|"
                 r"リーダー|リード|責任者|率い|まとめ|後任|統括")),
    ("deadline", _DEADLINE),
    ("budget", rx(r"\bbudget\b|\bfunded\b|\bfunding\b|бюджет|\bвыдел|денег|予算")),
)

_STOP = frozenset(
    """a an the and or but of to in on at for from by with as is are was were be been it its
    this that these those we our us you your i me my he she they them their his her there here
    what which who whom when where how not no yes do does did so if then than also just very
    has have had will would can could should about into over after before again today
    week this starting since now new update correction actually ok okay by way please let's lets it's that's
    i'll i'm i've i'd we'll we're we've you'll they'll they're got noted sure great thanks
    и в во на с со к ко по о об от до за из у а но же ли бы не ни что это этот эта эти то так
    мы нас нам вы вас он она они их его ее её я мне меня ты был была были будет есть как
    для при про под над уже ещё еще вот там тут кстати этой этого недели неделе сегодня
    проект проекта проекте обновление теперь поправка
    """.split()
)

# Letters of cased scripts only: Japanese runs are handled apart (no spaces, no capitals).
_WORD = re.compile(r"(?:(?![\u3040-\u30ff\u3400-\u9fff])[^\W\d_])(?:(?![\u3040-\u30ff\u3400-\u9fff])[\w'’-])*")
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
MONTH = re.compile(
    r"\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|"
    r"январ[яь]|феврал[яь]|марта?|апрел[яь]|ма[яй]|июн[яь]|июл[яь]|августа?|сентябр[яь]|"
    r"октябр[яь]|ноябр[яь]|декабр[яь])\b|\d+月(?:\d+日)?",
    re.IGNORECASE,
)
# Weekdays as said: "Wednesdays", "в четверг", "по четвергам", "с четверга на пятницу".
_WEEKDAY = rx(
    r"\b(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|"
    r"понедельник(?:а|у|ам|и)?|вторник(?:а|у|ам|и)?|сред(?:а|у|ы|ам)|четверг(?:а|у|ам|и)?|"
    r"пятниц(?:а|у|ы|ам)|суббот(?:а|у|ы|ам)|воскресень(?:е|я|ям))\b|[月火水木金土日]曜"
)


def is_function_word(word: str) -> bool:
    """Whether a word is one of the function words topics and names are read past (the, it,
    this, это, что …)."""
    return word.lower() in _STOP


def is_cjk(ch: str) -> bool:
    name = unicodedata.name(ch, "")
    return name.startswith(("CJK UNIFIED", "HIRAGANA", "KATAKANA"))


# Katakana writes a compound as one run: "シラカバチーム" is the team of シラカバ. A group word
# at its end is a word of its own, so the project's name is compared as itself.
_GROUP_JA = re.compile(r"(?<=[\u30a0-\u30ffー]{2})(チーム|メンバー|プロジェクト|サイド)$")


def _katakana_runs(text: str) -> list[str]:
    runs: list[str] = []
    for run in re.findall(r"[\u30a0-\u30ffー]{2,}", text):
        m = _GROUP_JA.search(run)
        runs.extend((run[:m.start()], m.group()) if m else (run,))
    return runs


@dataclass(frozen=True, slots=True)
class Sentence:
    text: str
    names: tuple[str, ...]
    topic: frozenset[str]
    has_value: bool
    key: str
    slots: frozenset[str]
    # Names not at the start of the sentence: a capitalised first word may be plain prose.
    inner_names: tuple[str, ...] = ()


@lru_cache(maxsize=8192)
def analyse(text: str) -> Sentence:
    """Names, topic words, template key and slots of one sentence (memoised: items of the old
    summary are re-read on every fold, and their analysis never changes)."""
    names: list[str] = []
    inner: list[str] = []
    topic: set[str] = set()
    key_parts: list[str] = []
    has_value = bool(_NUMBER.search(text) or MONTH.search(text) or _WEEKDAY.search(text))
    no_cues = CORRECTION.sub(" ", text)
    # A set, not a regex per word: dynamic patterns would churn the ``re`` cache.
    no_cue_words = set(_WORD.findall(no_cues))
    for idx, m in enumerate(_WORD.finditer(text)):
        word = m.group()
        lower = word.lower()
        if MONTH.fullmatch(lower) or _WEEKDAY.fullmatch(lower):
            key_parts.append("#")
            continue
        if any(is_cjk(ch) for ch in word):
            continue  # handled below: Japanese has no spaces and no capitals
        # A capital anywhere makes a name: Marina, NATS, gRPC, iOS.
        if not word.islower() and lower not in _STOP and (idx > 0 or len(word) > 2):
            names.append(word)
            key_parts.append("N")
            if idx > 0:
                inner.append(word)
                continue
        if lower in _STOP:
            continue
        stem = lower[:5]
        key_parts.append(stem)
        if word in no_cue_words:
            topic.add(stem)
    # Japanese: katakana runs and Latin words are names; kanji runs are topic words.
    for run in _katakana_runs(text):
        # Katakana is both loanwords (リリース) and foreign names: a name and a topic word.
        names.append(run)
        inner.append(run)
        if run in no_cues:
            topic.add(run)
        # In the template key a person (ユウタさん) is a slot for any name; a loanword (ベータ,
        # オーナー) is what the statement is about: "Kumoのベータは…" and "Kumoのオーナーは…"
        # are two statements, not one with two values.
        key_parts.append("N" if any(f"{run}{h}" in text for h in ("さん", "氏", "君", "くん")) else run)
    for m in re.finditer(r"([\u4e00-\u9fff]{1,4})(?:さん|氏|君|くん)", text):
        names.append(m.group(1))
        inner.append(m.group(1))
    for run in re.findall(r"[\u4e00-\u9fff]{2,}", no_cues):
        topic.add(run)
        key_parts.append(run)
    key = " ".join(_NUMBER.sub("#", p) for p in key_parts)
    slots = {label for label, rx in _SLOTS if rx.search(text)}
    dated = bool(MONTH.search(text) or _WEEKDAY.search(text))
    if not dated and _NUMBER.search(text):
        # "79% coverage before release" names the release, not its date: no deadline slot.
        slots.discard("deadline")
    if dated and _DATE_MOVE.search(text):
        slots.add("deadline")  # "X slipped to 14 May": the date that moved is the deadline
    if has_value and _APPROVED.search(text) and _MONEY.search(text):
        slots.add("budget")  # an approved amount is the budget, named or not
    return Sentence(text, tuple(dict.fromkeys(names)), frozenset(topic),
                     has_value, key, frozenset(slots), tuple(dict.fromkeys(inner)))


# Kinds of project value the cue patterns above do not name: a date, a target, a price, a tool.
_VALUE_KIND = rx(
    r"\bdate\b|\blatency\b|response[- ]time|\bSLO\b|\bprice\b|\bpricing\b|per[- ]seat|\btool\b|"
    r"\bstack\b|\bframework\b|\bengine\b|\bdatabase\b|\bvendor\b|\bbroker\b|"
    r"|\bдат[аеуы]\b|задержк|\bцен[аеуы]\b|стоимост|инструмент|\bстек|фреймворк|движ[оке]|"
    r"баз[аеуы] данных|поставщик|подрядчик|\bсрок|"
    r"|日付|日程|レイテンシ|応答時間|価格|料金|単価|ツール|フレームワーク|エンジン|データベース|ベンダー|業者"
)


def names_a_kind_of_work(s: Sentence) -> bool:
    """Whether a sentence names a kind of project value — a role, a client, a site, a date, an
    amount, a tool — so a bare value said next may be its value ("We finally have a paying
    customer for Kestrel." — "Tidewater Bank."), not news of its own ("Мой брат ездил в Тверь")."""
    text = s.text
    return bool(s.slots) or any(p.search(text) for p in (_ROLE, _STAKE, _SITE, _DEADLINE, _MONEY, _VALUE_KIND))


def is_amount(text: str) -> bool:
    """Whether a sentence speaks of money (a price, a fee, a budget)."""
    return bool(_MONEY.search(text))


def name_stems(s: Sentence) -> set[str]:
    """The names of a sentence compared on their first five letters (Russian inflects names:
    Бореалис, Бореалиса)."""
    return {n.lower()[:5] for n in s.names}


def attributes(s: Sentence) -> frozenset[str]:
    """The topic words of a sentence past its names: what it says of its subject ("beta",
    "price", "цена", "ベータ"), not whom or what it names. A capitalised first word stays (it
    may be plain prose: "Бета Тис стартует…"), and so do katakana loanwords (the topic words
    of Japanese); a person named with an honorific does not."""
    drop = {n.lower()[:5] for n in s.inner_names if not any("\u30a0" <= c <= "\u30ff" for c in n)}
    drop |= {n for n in s.names if any(f"{n}{h}" in s.text for h in ("さん", "氏", "君", "くん"))}
    return frozenset(w for w in s.topic if w not in drop)


def subject_stems(s: Sentence) -> set[str]:
    """What a sentence is about, for telling two statements of one thing from statements of two
    things: its names past the first word when it has any ("Finance approved … for Vega" is
    about Vega, not about Finance), else all its names."""
    return {n.lower()[:5] for n in s.inner_names} or name_stems(s)


def _cue_text(s: Sentence) -> str:
    """The sentence with its names past the first word blanked: cues are read from what is
    said, not from what is named ("Выборг" is a town, not "выбор", a choice)."""
    if not s.inner_names or any(is_cjk(c) for c in s.text):
        return s.text
    names = set(s.inner_names)
    return " ".join(w.replace(core, "N") if (core := w.strip(".,;:!?—–-()«»\"'")) in names else w
                    for w in s.text.split(" "))


def _japanese_value(s: Sentence) -> bool:
    """Whether a Japanese sentence names something: a name (a Latin word opens a Japanese
    sentence as a name, not as prose) or a kanji word past its cue words (a city, a company:
    仙台, 東邦商事)."""
    if not KANA.search(s.text):
        return False
    return bool(s.names) or _kanji_value(s.text)


def _kanji_value(text: str) -> bool:
    """Whether a Japanese sentence has a kanji word past its client and site cue words."""
    return bool(re.search(r"[\u4e00-\u9fff]{2,}", _SITE.sub(" ", _STAKE.sub(" ", text))))


def _names_two(s: Sentence) -> bool:
    """Whether a sentence names a thing and what it is said to be (a project and its client:
    "Клиент у Волна — Аэрофлот"), not only its topic ("About the Vega client.")."""
    if KANA.search(s.text):
        return len(s.names) >= 2 or _kanji_value(s.text)
    return len(s.inner_names) >= 2


def classify(s: Sentence, role: str) -> tuple[FieldName, int] | None:
    """Which field a sentence belongs to and how much it matters, or None to leave it out."""
    text = _cue_text(s)
    concrete = bool(s.names if role == "user" else s.inner_names) or s.has_value or \
        bool((_STAKE.search(text) or _SITE.search(text)) and _japanese_value(s))
    if is_question(text):
        # A question the team puts to itself, or one about someone or something named, is
        # open until a later statement settles it; a question to the assistant is this turn's.
        if role != "user" or CHAT_TASK.search(text):
            return None
        if is_deliberation(text) or _OPEN_Q.search(text):
            return ("questions", 3)
        return ("questions", 2) if s.inner_names else None
    if CHAT_TASK.search(text):
        return None
    if role == "user" and is_undecided(text):
        return ("questions", 3)
    committed = is_commitment(s.text, s.names) or bool(_COMMIT.search(text))
    # A person's own commitment is work even when it names nothing ("I'll send the draft").
    if not concrete and not (committed and role == "user"):
        return None
    if committed and role != "user" and not s.has_value and not _ROLE.search(text) \
            and not REFUSAL.search(text) and not _DECISION.search(text):
        # The assistant promising to note or check something ("メモしておきます", "I'll keep
        # that in mind") is its own errand, not the team's next step; a fact it states is
        # kept once the person confirms it (memory/summary/utterances.py).
        return None
    bonus = 0 if role == "user" else -2  # the assistant's own words are weaker evidence
    if role == "user" and _SELF_TASK.search(text) and not REFUSAL.search(text):
        return ("next_steps", 4 if concrete else 2)
    if REFUSAL.search(text):
        return ("decisions", 5 + bonus)
    if _ROLE.search(text) and s.names:
        return ("participants", 5 + bonus)
    if _STAKE.search(text) and _names_two(s):
        return ("participants", 5 + bonus)
    if _MONEY.search(text) and s.has_value:
        return ("numbers", (5 if _APPROVED.search(text) else 4) + bonus)
    if _DEADLINE.search(text) and s.has_value:
        return ("numbers", 5 + bonus)
    if _DECISION.search(text):
        return ("decisions", 5 + bonus)
    if _BECAUSE.search(text) and s.names and role == "user" and not committed:
        return ("decisions", 4)
    if committed:
        # A commitment that names nothing ("I'll be late tomorrow") may be the day's errand:
        # kept, but it leaves before what names a person, a project or a value.
        return ("next_steps", (4 if concrete else 2) + bonus)
    if _SCHEDULE.search(text) and s.has_value:
        return ("numbers", 3 + bonus)
    if role != "user":
        return None
    if _SITE.search(text) and _names_two(s):
        return ("context", 4)  # where it is hosted or sits: a fact of the work
    if s.has_value:
        return ("numbers", 2 if s.names else 1)
    # Background needs a real name in it; a capitalised first word is just a sentence (not in
    # Japanese, where a Latin word is a name wherever it stands).
    return ("context", 1) if s.inner_names or (s.names and _japanese_value(s)) else None
