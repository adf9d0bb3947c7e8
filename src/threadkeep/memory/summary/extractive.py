"""A deterministic extractive summariser: no model, English, Russian and Japanese.

It reads the newly folded messages sentence by sentence and proposes the same operations a
fold model would (:mod:`threadkeep.memory.summary.items`). What it keeps is decided by behaviour,
not by surface features: a sentence that assigns a role, records a decision or a refusal and
its reason, fixes a deadline or an amount, or commits someone to a next step is worth more
than one that merely contains a number or a name. A sentence that corrects an earlier one
("the deadline moved", "X takes over as tech lead") *updates* that item instead of adding a
second, so the summary holds the latest value and never the stale one as current.

Everything here is pure and ordered: the same state and messages give the same operations.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from threadkeep.memory.summary.items import (
    AddItem,
    FieldName,
    Op,
    ResolveQuestion,
    SourceMessage,
    SummaryState,
    UpdateItem,
)
from threadkeep.memory.summary.pasted import (
    DOCUMENT_CHARS,
    POINTER_PRIORITY,
    is_document,
    is_pointer,
    pointer_op,
)

__all__ = ["ExtractiveSummariser", "extract_ops", "split_sentences", "LONG_MESSAGE_CHARS"]

# A message longer than this is pasted content: it belongs to the recall index, and the
# summary keeps one pointer item (ARCHITECTURE §5, :mod:`threadkeep.memory.summary.pasted`). It also
# bounds the work per message.
LONG_MESSAGE_CHARS = DOCUMENT_CHARS
# Longer sentences are cut at a word boundary so one item cannot eat the cap.
MAX_ITEM_CHARS = 280

# A sentence ends at . ! ? … followed by space — unless the next word starts in lower case,
# a digit or a dash: then the period closed an abbreviation ("130 тыс. евро", "2 млн руб. —
# окончательно", "approx. 40"), not a sentence. Japanese ends at 。！？ with no space.
_SPLIT = re.compile(r"(?<=[.!?…])\s+(?![a-zа-яё0-9—–-])|(?<=[。！？])|\n+")


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text``: split after . ! ? … followed by space (not after an
    abbreviation that the sentence goes on from), after 。！？, at newlines."""
    return [s.strip() for s in _SPLIT.split(text) if s and s.strip()]


def _rx(pattern: str) -> re.Pattern[str]:
    # Patterns are written one language per line; joining lines must not leave an empty branch.
    return re.compile(re.sub(r"\|{2,}", "|", pattern).strip("|"), re.IGNORECASE)


# Cue patterns per behaviour, one alternation per language (EN | RU | JA). They name the
# *behaviour* through word stems, not phrasings: English stems with their inflections,
# Russian stems matched at the start of a word whatever the ending (отказ- → отказали,
# отказываемся, отказ), Japanese verb stems before any conjugation (決ま → 決まりました,
# 決まった). Every pattern is an alternation of literals: linear on any input.
_REFUSAL = _rx(
    r"turned down|\breject(?:s|ed|ing)?\b|\bdeclined?\b|\brefus(?:e|ed|ing)\b|ruled out|said no to|"
    r"decided against|decided not to|\bpass(?:ed)? on\b|\bwon't (?:use|go|work|sign|be using)|"
    r"not going (?:with|to use)|\bdropped\b|\bis out\b|\bare out\b|out of the running|"
    r"make the cut|\bno deal\b|walked away|not (?:moving|going) forward|"
    r"|\bотказ|\bотклон|\bотвер[гж]|не будем|не стали|не берём|не берем|не подош|не подход|"
    r"\bвычеркн|не работаем|не прош[её]л|не прошли|не прошла|не годится|не устраива|\bотпал|"
    r"\bотсеял|\bвыбыл|"
    r"|断っ|断り|断る|見送|却下|不採用|採用しない|契約しない|契約しません|やめ"
)
_ROLE = _rx(
    r"tech(?:nical)?[ -]?lead|team[ -]?lead|\blead(?:s|ing|er|ership)?\b|\bhead(?:s|ed|ing)?\b(?!-)|"
    r"\bhelm\b|\breins\b|\bowns\b|\bowner\b|in charge|responsible for|\bmanag(?:er|es|ing)\b|"
    r"takes? over|taking over|took over|handled by|\bhandles\b|\bappointed\b|\bsteps? down\b|"
    r"stepped down|\breplac(?:es|ed|ing)\b|\bsuccee?d(?:s|ed)?\b|\bsuccessor\b|\bruns\b|"
    r"\brunning (?:engineering|the)\b|assigned to|\bQA\b|\bCTO\b|\bCEO\b|\bPM\b|"
    r"|техлид|тимлид|\bруковод|\bвозглав|во главе|\bвед[её]т\b|\bведут\b|\bведущ|\bотвечает\b|"
    r"\bответствен|занимается|владелец|менеджер|становится|\bлид\b|\bназнач|\bсмени|"
    r"вместо него|вместо неё|вместо нее|\bпреемни|"
    r"|担当|責任者|リーダー|リード|マネージャー|オーナー|引き継|後任|率い|まとめ|統括|任さ|務め"
)
_DECISION = _rx(
    r"\bdecided\b|\bdecision\b|\bchose\b|\bchosen\b|\bchoose\b|\bgo(?:ing)? (?:with|for)\b|"
    r"\bwent (?:with|for)\b|\bagreed\b|settled on|\bpicked\b|\bselected\b|\bopted for\b|"
    r"\bwe(?:'ll| will) use\b|\bswitch(?:ed|ing)? to\b|final (?:call|decision|answer)|"
    r"\brather than\b|\binstead of\b|,\s*not\s+\w|\blet's use\b|\bwon\b|\bwins\b|\blost\b|"
    r"\bit is for\b|\bwill run on\b|\bover\b \w+ for\b|\b(?:go|going|went) ahead with\b|"
    r"|\bа не\b|выбор пал|\bреши(?:ли|л|ла)\b|\bрешено\b|\bрешени|\bвыбра|\bвыбор|"
    r"\bдоговорил|остановились на|будем использовать|перешли на|\bбер[её]м\b|\bвыиграл|"
    r"\bпобеди|\bпроиграл|\bитог|\bставим\b|будет на\b|"
    r"|決定|決ま|決め|採用|にしました|選ん|選び|選定|合意|方針|勝ち|勝っ|使うこと|ではなく|にする|"
    r"で行きます|で行く|でいきます|でいく"
)
_MONEY = _rx(
    r"\bbudget\b|\bcosts?\b|\bprice\b|\bsalary\b|\binvoice\b|\beuros?\b|\bdollars?\b|\busd\b|"
    r"\beur\b|[$€£¥₽]|\bthousand\b|\bmillion\b|\d\s?k\b|\bfunded\b|\bfunding\b|"
    r"|бюджет|стоит|стоимост|цена|евро|\bруб|доллар|тысяч|\bтыс\b|\bмлн\b|\bмлрд\b|миллион|"
    r"|予算|費用|円|ドル|ユーロ|万|億"
)
_APPROVED = _rx(
    r"\bapprov(?:e|ed|al)\b|signed off|sign-off|\bfunded\b|came through|\bgranted\b|"
    r"\ballocated\b|\bconfirmed\b|"
    r"|\bутвер[дж]|\bодобр|\bсогласов|\bвыдел|\bдали\b|"
    r"|承認|決裁|認め|割り当|下り"
)
# Deadline, due date, release or ship date: one slot — people say all of them for it.
_DEADLINE_WORDS = (
    r"deadline|\bdue\b|\brelease\b|\blaunch|\bgo-live\b|\bcut-?off\b|\bship(?:s|ped|ping)?\b|"
    r"target date|\bdeliver(?:y|ed|s)?\b|\bETA\b|"
    r"|дедлайн|\bсрок|релиз|запуск|\bсда[тчв]|\bсдади|\bвыпуск|\bвыйти\b|\bвыходит\b|"
    r"|締め切り|締切|期限|納期|リリース|公開|出荷|発売|納品"
)
# A date that moves: with a date in the sentence, these say the deadline changed.
_DATE_MOVE = _rx(
    r"\bmoved?\b|\bpostponed\b|\bpushed\b|\bslipp?(?:ed|s)?\b|\bdelayed\b|\brescheduled\b|"
    r"brought forward|"
    r"|\bперенес|\bперенос|\bперенош|\bсдвин|\bотлож|сроки поехали|"
    r"|ずれ|延び|延期|前倒し|変更"
)
_DEADLINE = _rx(_DEADLINE_WORDS)
_SCHEDULE = _rx(
    r"scheduled|\bplanned\b|\bmeeting\b|\breview\b|\bdemo\b|"
    r"|назначен|запланир|встреча|ревью|демо|"
    r"|予定|会議|レビュー|打ち合わせ"
)
_COMMIT = _rx(
    r"\bI(?:'ll| will)\b|\bwe(?:'ll| will)\b|\bwill (?:send|prepare|write|check|review|call|share|"
    r"set up|update|deliver)\b|next step|action item|follow[- ]up|\bto-?do\b|"
    r"\bby (?:monday|tuesday|wednesday|thursday|friday|tomorrow|end of)|"
    r"|сделаю|отправлю|подготовлю|напишу|проверю|беру на себя|следующий шаг|нужно будет|"
    r"проводим|будем проводить|"
    r"|します。?$|やります|送ります|準備します|次のステップ|までに"
)
_CORRECTION = _rx(
    r"\bupdate[ds]?\b|\bcorrection\b|\bactually\b|\binstead\b|\bno longer\b|\bmoved?\b|"
    r"\bpostponed\b|\bpushed (?:back|to|out)\b|\bchanged?\b|\breplac\w*|takes? over|taking over|"
    r"\bslipp?(?:ed|s)?\b|\bdelayed\b|\bbrought forward\b|\brescheduled\b|\bfrom now on\b|"
    r"\bnow\b|\bnew\b|stepped down|\bsteps down\b|"
    r"|обновлени|теперь|вместо|сдвинул|перенесл|перенес|поменял|изменил|больше не|уже не|"
    r"становится|нов(?:ый|ая|ое)|\bсмени|переключил|сроки поехали|"
    r"|変更|変わ|延期|代わり|ではなく|訂正|更新|新しい|交代|今は|後任|ずれ|延び"
)
_OPEN_Q = _rx(
    r"\bshould we\b|\bdo we\b|\bwho will\b|\bwhen will\b|\bwhich one\b|\bneed to decide\b|"
    r"open question|\bnot sure\b|\btbd\b|\bunclear\b|\bundecided\b|"
    r"|стоит ли|нужно ли|кто будет|когда будет|пока не решили|открытый вопрос|не ясно|непонятно|"
    r"|どうする|未定|検討中|決まっていない"
)
# Requests to the assistant itself are work for this turn, not memory.
_CHAT_TASK = _rx(
    r"^(?:can you|could you|would you|please|remind me|what does|what is|what's|explain|"
    r"rephrase|translate|write|summari[sz]e|thanks|thank you|"
    r"напомни|перефразируй|что (?:вообще )?такое|объясни|можешь|переведи|напиши|спасибо|сократи|"
    r"сделай|покажи|придумай|"
    r"教えて|説明して|翻訳して|書いて|ありがとう)"
)
_FILLER = _rx(r"^(?:by the way|btw|anyway|so|ok(?:ay)?|heads-up|кстати|короче|итак|ところで|ちなみに)(?!\w)[,、:]?\s*")

# Slot labels: two statements about the same slot (the lead, the deadline, the budget) of the
# same subject are the same item, whatever else their wording shares: the newer replaces it.
_SLOTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("tech-lead", _rx(r"tech(?:nical)?[ -]?lead|техлид|тимлид|テックリード|技術リード")),
    ("team-lead", _rx(r"team[ -]?lead|тимлид|チームリーダー")),
    ("qa", _rx(r"\bQA\b|тестирован|テスト担当|品質保証")),
    ("pm", _rx(r"\bPM\b|product (?:manager|owner)|продакт|プロダクトマネージャー")),
    # Whoever leads the project, however the sentence puts it.
    ("lead", _rx(r"tech(?:nical)?[ -]?lead|\blead(?:s|ing|er|ership)?\b|\bhelm\b|\breins\b|"
                 r"\bhead(?:s|ed|ing)?\b(?!-)|\bsteps? down\b|stepped down|\breplac(?:es|ed|ing)\b|"
                 r"\bruns\b|\brunning (?:engineering|the)\b|\bowns the\b|responsible for|in charge|"
                 r"техлид|\bотвечает\b|\bруковод|\bвозглав|во главе|\bвед[её]т\b|\bведущ|\bсмени|"
                 r"リーダー|リード|責任者|率い|まとめ|後任|統括")),
    ("deadline", _DEADLINE),
    ("budget", _rx(r"\bbudget\b|\bfunded\b|\bfunding\b|бюджет|\bвыдел|денег|予算")),
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
_MONTH = re.compile(
    r"\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|"
    r"январ[яь]|феврал[яь]|марта?|апрел[яь]|ма[яй]|июн[яь]|июл[яь]|августа?|сентябр[яь]|"
    r"октябр[яь]|ноябр[яь]|декабр[яь])\b|\d+月(?:\d+日)?",
    re.IGNORECASE,
)
_WEEKDAY = _rx(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|понедельник|вторник|сред[ау]|"
    r"четверг|пятниц[ау]|суббот[ау]|воскресенье)\b|[月火水木金土日]曜"
)


def _is_cjk(ch: str) -> bool:
    name = unicodedata.name(ch, "")
    return name.startswith(("CJK UNIFIED", "HIRAGANA", "KATAKANA"))


def _katakana_runs(text: str) -> list[str]:
    return re.findall(r"[\u30a0-\u30ffー]{2,}", text)


@dataclass(frozen=True, slots=True)
class _Sentence:
    text: str
    names: tuple[str, ...]
    topic: frozenset[str]
    has_value: bool
    key: str
    slots: frozenset[str]
    # Names not at the start of the sentence: a capitalised first word may be plain prose.
    inner_names: tuple[str, ...] = ()


@lru_cache(maxsize=8192)
def _analyse(text: str) -> _Sentence:
    """Names, topic words, template key and slots of one sentence (memoised: items of the old
    summary are re-read on every fold, and their analysis never changes)."""
    names: list[str] = []
    inner: list[str] = []
    topic: set[str] = set()
    key_parts: list[str] = []
    has_value = bool(_NUMBER.search(text) or _MONTH.search(text) or _WEEKDAY.search(text))
    no_cues = _CORRECTION.sub(" ", text)
    # A set, not a regex per word: dynamic patterns would churn the ``re`` cache.
    no_cue_words = set(_WORD.findall(no_cues))
    for idx, m in enumerate(_WORD.finditer(text)):
        word = m.group()
        lower = word.lower()
        if _MONTH.fullmatch(lower) or _WEEKDAY.fullmatch(lower):
            key_parts.append("#")
            continue
        if any(_is_cjk(ch) for ch in word):
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
    for m in re.finditer(r"([\u4e00-\u9fff]{1,4})(?:さん|氏|君|くん)", text):
        names.append(m.group(1))
        inner.append(m.group(1))
    for run in re.findall(r"[\u4e00-\u9fff]{2,}", no_cues):
        topic.add(run)
        key_parts.append(run)
    key = " ".join(_NUMBER.sub("#", p) for p in key_parts)
    slots = {label for label, rx in _SLOTS if rx.search(text)}
    dated = bool(_MONTH.search(text) or _WEEKDAY.search(text))
    if dated and _DATE_MOVE.search(text):
        slots.add("deadline")  # "X slipped to 14 May": the date that moved is the deadline
    if has_value and _APPROVED.search(text) and _MONEY.search(text):
        slots.add("budget")  # an approved amount is the budget, named or not
    return _Sentence(text, tuple(dict.fromkeys(names)), frozenset(topic),
                     has_value, key, frozenset(slots), tuple(dict.fromkeys(inner)))


def _classify(s: _Sentence, role: str) -> tuple[FieldName, int] | None:
    """Which field a sentence belongs to and how much it matters, or None to leave it out."""
    text = s.text
    concrete = bool(s.names if role == "user" else s.inner_names) or s.has_value
    if text.endswith(("?", "？")):
        if _OPEN_Q.search(text) and role == "user":
            return ("questions", 3)
        return None
    if _CHAT_TASK.search(text) or not concrete:
        return None
    bonus = 0 if role == "user" else -2  # the assistant's own words are weaker evidence
    if _REFUSAL.search(text):
        return ("decisions", 5 + bonus)
    if _ROLE.search(text) and s.names:
        return ("participants", 5 + bonus)
    if _MONEY.search(text) and s.has_value:
        return ("numbers", (5 if _APPROVED.search(text) else 4) + bonus)
    if _DEADLINE.search(text) and s.has_value:
        return ("numbers", 5 + bonus)
    if _DECISION.search(text):
        return ("decisions", 5 + bonus)
    if _COMMIT.search(text):
        return ("next_steps", 4 + bonus)
    if _SCHEDULE.search(text) and s.has_value:
        return ("numbers", 3 + bonus)
    if role != "user":
        return None
    if s.has_value:
        return ("numbers", 2 if s.names else 1)
    # Background needs a real name in it; a capitalised first word is just a sentence.
    return ("context", 1) if s.inner_names else None


@dataclass(slots=True)
class _Work:
    """An item as the extractor tracks it: an existing one (``item_id``) or a pending add."""

    field: FieldName
    text: str
    sources: list[str]
    priority: int
    analysis: _Sentence
    item_id: str | None = None
    changed: bool = False
    order: int = 0
    resolve: list[str] = field(default_factory=list)
    old_sources: int = 0  # how many of ``sources`` the item already had before this fold


def _overlap(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))


def _name_stems(s: _Sentence) -> set[str]:
    # Russian inflects names (Бореалис, Бореалиса): compare their first five letters.
    return {n.lower()[:5] for n in s.names}


def _find_target(s: _Sentence, fld: FieldName, work: list[_Work], correcting: bool) -> _Work | None:
    """The item a new statement restates or corrects, if any (the best-scoring, then newest)."""
    best: tuple[float, int, _Work] | None = None
    stems = _name_stems(s)
    for w in work:
        if w.field != fld or is_pointer(w.text):
            continue  # a document's pointer is never restated or corrected by chat
        a = w.analysis
        shared = len(stems & _name_stems(a))
        if a.key == s.key and set(a.names) == set(s.names):
            score = 3.0  # the same statement with a new value: latest wins
        elif s.slots & a.slots and (shared or not stems):
            # The same slot (tech lead, deadline, budget) of the same subject: latest wins.
            score = 2.0 + _overlap(s.topic, a.topic) + 0.1 * shared
        elif s.slots & a.slots and correcting:
            score = 1.5 + _overlap(s.topic, a.topic)
        elif correcting and _overlap(s.topic, a.topic) >= 0.5:
            score = 1.0 + _overlap(s.topic, a.topic) + 0.1 * shared
        else:
            continue
        if best is None or (score, w.order) > (best[0], best[1]):
            best = (score, w.order, w)
    return best[2] if best else None


def _clip(text: str) -> str:
    text = _FILLER.sub("", text).strip()
    if text and text[0].islower() and not any(_is_cjk(c) for c in text[:1]):
        text = text[0].upper() + text[1:]
    if len(text) <= MAX_ITEM_CHARS:
        return text
    cut = text[:MAX_ITEM_CHARS].rsplit(" ", 1)[0]
    return cut + "…"


_HONORIFICS = ("さん", "氏", "君", "くん")


def _carried_names(old: _Sentence, new: _Sentence) -> list[str]:
    """Names of the old item that a name-less correction ("the deadline moved") refers to."""
    own = old.text.split(" [", 1)[0]
    old_names = [n for n in old.names if n in own and not _MONTH.fullmatch(n.lower())]
    if len(new.names) >= len(old_names):
        return []  # a full restatement ("Y said the review moved …"), nothing to carry
    lower = new.text.lower()
    # A person named with an honorific is who the correction replaces, not its context.
    return [n for n in old_names if n.lower() not in lower
            and not any(f"{n}{h}" in own for h in _HONORIFICS)]


def extract_ops(state: SummaryState, messages: Sequence[SourceMessage]) -> list[Op]:
    """Operations that fold ``messages`` into ``state``, in a deterministic order."""
    work: list[_Work] = []
    for order, item in enumerate(state.items):
        analysis = _analyse(item.text)
        work.append(_Work(item.field, item.text, list(item.source_ids), item.priority, analysis,
                          item_id=item.id, order=order, old_sources=len(item.source_ids)))
    next_order = len(work)
    for msg in messages:
        msg_id, role, text = msg[0], msg[1], msg[2]
        if is_document(text):
            # Indexed for recall, not summarised: one pointer item (memory/summary/pasted.py).
            op = pointer_op(msg)
            work.append(_Work(op.field, op.text, [msg_id], POINTER_PRIORITY, _analyse(op.text),
                              order=next_order))
            next_order += 1
            continue
        for sentence in _with_reasons(split_sentences(text)):
            s = _analyse(sentence)
            verdict = _classify(s, role)
            if verdict is None:
                continue
            fld, prio = verdict
            clipped = _clip(sentence)
            if fld in ("decisions", "participants") and _REFUSAL.search(sentence):
                _resolve_questions(s, work, msg_id)
            elif fld == "decisions":
                _resolve_questions(s, work, msg_id)
            correcting = bool(_CORRECTION.search(sentence))
            target = _find_target(s, fld, work, correcting)
            if target is not None:
                if target.text == clipped:
                    target.sources.append(msg_id)
                    target.changed = True
                    continue
                carried = _carried_names(target.analysis, s)
                new_text = f"{clipped} [{', '.join(carried)}]" if carried else clipped
                target.text = new_text
                target.sources.append(msg_id)
                target.priority = max(target.priority, prio)
                target.analysis = _analyse(new_text)
                target.changed = True
                target.order = next_order
                next_order += 1
                continue
            work.append(_Work(fld, clipped, [msg_id], prio, s, order=next_order))
            next_order += 1
    _rank_by_subject(work)
    return _to_ops(work)


# A sentence that only gives the reason for the one before it ("…とは契約しません。
# ライセンスが理由からです。", "We said no. That's because …") is read with it.
_REASON_FOLLOWUP = _rx(
    r"^(?:because|that's because|this is because|the reason\b|since\b|due to\b|"
    r"потому что|это потому|причина|так как|из-за|"
    r"理由は|なぜなら)|(?:からです|ためです|からだ|ためだ)[。！]?$"
)


def _with_reasons(sentences: list[str]) -> list[str]:
    out: list[str] = []
    for sentence in sentences:
        if out and _REASON_FOLLOWUP.search(sentence):
            joiner = "" if any(_is_cjk(c) for c in out[-1][-1:]) else " "
            out[-1] = f"{out[-1]}{joiner}{sentence}"
        else:
            out.append(sentence)
    return out


def _rank_by_subject(work: list[_Work]) -> None:
    """Numbers that belong to nobody's project rank below everything about one.

    The subjects are the names in decisions, roles and slotted numbers (deadline, budget);
    a new number item naming none of them — the price of lunch, a cousin's marathon — is
    small talk, whatever money or date it holds, and leaves the summary first.
    """
    subjects: set[str] = set()
    for w in work:
        if w.field in ("decisions", "participants") or w.analysis.slots:
            subjects |= _name_stems(w.analysis)
    for w in work:
        if (w.item_id is None and w.field == "numbers" and not w.analysis.slots
                and w.priority > 2 and not (_name_stems(w.analysis) & subjects)):
            w.priority = 2


def _resolve_questions(s: _Sentence, work: list[_Work], msg_id: str) -> None:
    for w in work:
        if w.field == "questions" and _overlap(s.topic, w.analysis.topic) >= 0.5:
            w.resolve.append(msg_id)


def _to_ops(work: list[_Work]) -> list[Op]:
    ops: list[Op] = []
    for w in work:
        if w.item_id is None:
            if w.resolve:
                continue  # asked and answered within one fold: the answer is the item
            ops.append(AddItem(w.field, w.text, tuple(dict.fromkeys(w.sources)), w.priority,
                               key=w.analysis.key))
            continue
        if w.changed:
            # Only this fold's messages are citable; the old sources stay on the item.
            ops.append(UpdateItem(w.item_id, w.text, tuple(dict.fromkeys(w.sources[w.old_sources:])),
                                  w.priority, key=w.analysis.key))
        if w.resolve:
            ops.append(ResolveQuestion(w.item_id, tuple(dict.fromkeys(w.resolve))))
    return ops


class ExtractiveSummariser:
    """The model-free summariser behind the :class:`~threadkeep.memory.summary.folding.Summariser` API."""

    name = "extractive"

    def propose(self, state: SummaryState, messages: Sequence[SourceMessage]) -> list[Op]:
        """Operations for one fold; pure and deterministic."""
        return extract_ops(state, messages)
