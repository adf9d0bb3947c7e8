"""Re-asks: the assistant asking again for something the person already said or is known.

A re-ask is the indirect health signal of summaries and facts: when the context lost what the
person said, the model asks for it again. The method, deterministic and per assistant message:

1. **Questions.** The answer is cut into sentences; a sentence is a question when it ends with
   ``?`` or starts with a request ("could you remind me", "please tell me", "напомните",
   "подскажите", "уточните").
2. **Slots.** Each question is matched against slot patterns (EN and RU): the person's name,
   employer, city, role, e-mail, phone, birthday, time zone, and the conversation's deadline
   and budget.
2b. **Anything else** (issue 26): a question that matches no slot — which vendor, what the
   project is called, which language, in any language — is a re-ask when something the memory
   held at that turn answers it: an earlier statement of the person in the conversation, or a
   fact or summary item known before (``known``). A statement answers a question when it shares
   the question's topic (its words without the question words: at least two stems, or every
   stem of a one- or two-word topic; for Japanese, character bigrams with kanji or katakana,
   at least two and two fifths of the topic) and carries a value the question does not name
   (a name, a number, a word in another script). A question naming the value checks it.
3. **Known?** The slot is known when an earlier message *of the person* in this conversation
   states it (first-person statement patterns, not a question: "my name is", "I work at",
   "меня зовут", "я живу в", "deadline is 20 March", an e-mail address…) or when the person
   has a current fact for it (facts store slots ``name``, ``employer``, ``city``, ``role``)
   from before the answer.
4. **Not a confirmation.** A question that carries the known value (a capitalised word or a
   number from the statement or the fact) or a confirmation marker ("still", "you said",
   "вы говорили", "верно") checks what is known rather than asking for it: not a re-ask.

Detection only, pure: the marks stored per assistant message and the figures read from them
are :mod:`threadkeep.engine.reask_marks`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from threadkeep.retrieval.tokenizer import tokenize

__all__ = ["Said", "Finding", "find_reasks", "question_slots", "stated_slots", "SLOTS"]

_F = re.IGNORECASE | re.UNICODE


def _rx(*patterns: str) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p, _F) for p in patterns)


# What an assistant question asks for. Anchored on possessives ("your name", "ваше имя") so
# "your manager's name" or "the name of the project" are not the person's name.
_ASK: dict[str, tuple[re.Pattern[str], ...]] = {
    "name": _rx(
        r"\byour (?:full |first |last )?name\b",
        r"\bwhat should i call you\b",
        r"\bhow (?:should|do|can|may) i (?:call|address) you\b",
        r"\bwho am i (?:talking|speaking)\b",
        r"как (?:вас|тебя) зовут",
        r"ваше имя|тво[её] имя",
        r"как (?:к вам|к тебе) обращаться",
    ),
    "employer": _rx(
        r"\bwhere do you work\b",
        r"\byour (?:company|employer|organi[sz]ation)\b",
        r"\b(?:which|what) company\b",
        r"\bwho do you work for\b",
        r"где (?:вы|ты) работа(?:ете|ешь)",
        r"в какой (?:компании|организации)",
        r"ваш(?:а|ей)? (?:компани[яи]|работодатель)",
        r"на кого (?:вы|ты) работа",
    ),
    "city": _rx(
        r"\bwhere (?:do|are) you (?:live|living|based|located)\b",
        r"\b(?:your|which|what) (?:city|town)\b",
        r"\bwhere are you from\b",
        r"где (?:вы|ты) (?:живёте|живете|живёшь|живешь)",
        r"в каком городе",
        r"ваш город|твой город",
        r"откуда (?:вы|ты)\b",
    ),
    "role": _rx(
        r"\b(?:your|what is your|what's your) (?:role|job|position|job title|profession|occupation)\b",
        r"\bwhat do you do for (?:a )?(?:living|work)\b",
        r"кем (?:вы|ты) работа(?:ете|ешь)",
        r"ваша (?:должность|роль|профессия)",
        r"чем (?:вы|ты) занима(?:етесь|ешься) по работе",
    ),
    "email": _rx(
        r"\b(?:your|an?) e-?mail\b",
        r"\be-?mail address\b",
        r"(?:ваш[ау]?|твой|твою) (?:почт|e-?mail|имейл)",
        r"адрес (?:электронной )?почты",
    ),
    "phone": _rx(r"\b(?:your )?(?:phone|mobile|cell)(?: number)?\b", r"номер телефона|ваш телефон|твой телефон"),
    "deadline": _rx(
        r"\bdeadline\b",
        r"\bdue date\b",
        r"\bwhen is (?:it|this|the \w+) due\b",
        r"дедлайн",
        r"\bсрок\w*",
        r"к какому числу",
    ),
    "budget": _rx(
        r"\bbudget\b",
        r"\bhow much (?:can|do|are) you (?:want to |willing to |able to )?spend\b",
        r"бюджет",
        r"сколько (?:вы|ты) готов\w* потратить",
    ),
    "birthday": _rx(
        r"\bbirthday\b",
        r"\bdate of birth\b",
        r"\bwhen were you born\b",
        r"день рождения|дат[аы] рождения",
        r"когда (?:вы|ты) родил",
    ),
    "timezone": _rx(r"\btime ?zone\b", r"часов(?:ой|ом) пояс"),
}
SLOTS: tuple[str, ...] = tuple(_ASK)

_DATEISH = (
    r"(?:\d|january|february|march|april|may|june|july|august|september|october|november|december|"
    r"monday|tuesday|wednesday|thursday|friday|tomorrow|next week|янв|фев|мар|апр|ма[яй]|июн|июл|авг|"
    r"сен|окт|ноя|дек|понедельник|вторник|сред[ау]|четверг|пятниц|завтра)"
)

# How the person states a slot: first person only ("my friend works at X" says nothing about
# the speaker), and never inside a question.
_SAY: dict[str, tuple[re.Pattern[str], ...]] = {
    "name": _rx(
        r"\bmy name is\b",
        r"\bcall me\b",
        r"\bi(?:'m| am) [A-Z][a-z]+\b(?! (?:at|in|from|a|an|the)\b)",
        r"меня зовут",
        r"мо[её] имя\b",
        r"зовите меня",
    ),
    "employer": _rx(
        r"\bi (?:work|am working|'m working) (?:at|for)\b",
        r"\bmy (?:company|employer) is\b",
        r"\bi(?:'m| am) employed (?:by|at)\b",
        r"\bi (?:just )?joined\b",
        r"\bя работаю (?:в|на)\b",
        r"мой работодатель",
        r"моя компания",
        r"я устроил(?:ся|ась) в",
    ),
    "city": _rx(
        r"\bi live in\b",
        r"\bi(?:'m| am) based in\b",
        r"\bi(?:'m| am) from\b",
        r"\bmy city is\b",
        r"\bi (?:just )?moved to\b",
        r"\bя живу в\b",
        r"\bя из\b",
        r"я переехал(?:а)? в",
        r"мой город",
    ),
    "role": _rx(
        r"\bi(?:'m| am) an? (?:\w+ )?(?:engineer|developer|manager|designer|analyst|teacher|doctor|lawyer|"
        r"scientist|consultant|writer|student|architect|researcher|accountant|nurse|lead|director|"
        r"programmer|product owner)\b",
        r"\bi work as\b",
        r"\bmy (?:role|job|position|title) is\b",
        r"\bя работаю [а-яё]+(?:ом|ем|ой)\b",
        r"моя (?:должность|профессия|роль)",
        r"\bя\s*(?:[—-]\s*)?(?:разработчик|программист|менеджер|дизайнер|аналитик|учитель|врач|"
        r"инженер|юрист|архитектор|тимлид)",
    ),
    "email": _rx(r"[\w.+-]+@[\w-]+\.[\w.-]+"),
    "phone": _rx(r"(?<!\w)\+?\d[\d\s().-]{7,}\d"),
    "deadline": _rx(rf"\b(?:deadline|due)\b.*{_DATEISH}", rf"(?:дедлайн|срок)\w*.*{_DATEISH}"),
    "budget": _rx(r"\bbudget\b.*\d", r"бюджет\w*.*\d", r"\bwe can spend\b.*\d"),
    "birthday": _rx(rf"\b(?:my birthday|i was born)\b.*{_DATEISH}", rf"(?:мой день рождения|я родил\w*).*{_DATEISH}"),
    "timezone": _rx(r"\bmy time ?zone\b", r"\b(?:UTC|GMT)\s?[+-]\s?\d", r"мой часовой пояс"),
}

_REQUEST_START = _rx(
    r"^(?:could|can|would) you (?:please )?(?:remind|tell|share|give|send|confirm|provide)\b",
    r"^(?:please )?(?:remind|tell|share|send|give)(?: me)?\b",
    r"^(?:please )?(?:напомните|напомни|подскажите|подскажи|уточните|уточни|скажите|скажи|"
    r"сообщите|пришлите|назовите)",
)
_CONFIRM = _rx(
    r"\bstill\b",
    r"\byou (?:said|mentioned|told)\b",
    r"\bas you said\b",
    r"\bconfirm\b",
    r"\bcorrect\b",
    r"\bright\?",
    r"всё ещё|все еще|по-прежнему",
    r"вы (?:говорили|упоминали|сказали)",
    r"\bверно\b",
    r"правильно",
    r"подтверд",
)
_CLAUSE_END = re.compile(r"[,;:.!?]|\s(?:and|but|и|а|но)\s", re.UNICODE)
_SENTENCE = re.compile(r"(?<=[.!?…])\s+|(?<=[。！？])|\n+")
_VALUE = re.compile(r"\b(?:[A-ZА-ЯЁ][\w-]{2,}|\w*\d[\w./-]*)", re.UNICODE)
_NOT_VALUES = {"I", "My", "The", "We", "Our", "And", "But", "Я", "Мой", "Моя", "Мы", "Наш"}


@dataclass(frozen=True, slots=True)
class Said:
    """A message as detection sees it."""

    id: str
    role: str
    text: str


@dataclass(frozen=True, slots=True)
class Finding:
    """One slot question in an answer and whether it re-asked something known."""

    slot: str
    question: str
    reask: bool
    known_from: str | None = None  # conversation | fact
    evidence: str | None = None  # the message id or fact id that had it


_PIECE = 400


def _pieces(sentence: str) -> list[str]:
    """A sentence in pieces of at most 400 characters, cut at spaces where there are some."""
    out = []
    while len(sentence) > _PIECE:
        cut = sentence.rfind(" ", _PIECE // 2, _PIECE)
        cut = cut if cut > 0 else _PIECE
        out.append(sentence[:cut])
        sentence = sentence[cut:]
    return [*out, sentence]


def _sentences(text: str) -> list[str]:
    # Bounded pieces: a sentence of 100 KB without punctuation costs every pattern linear time.
    return [p.strip() for s in _SENTENCE.split(text) for p in _pieces(s) if p.strip()]


def _is_question(sentence: str) -> bool:
    return sentence.rstrip().endswith(("?", "？")) or any(p.search(sentence) for p in _REQUEST_START)


def _questions(text: str) -> list[str]:
    return [s for s in _sentences(text) if _is_question(s)]


def question_slots(text: str) -> list[tuple[str, str]]:
    """(slot, question sentence) for every slot question in an assistant's answer."""
    out: list[tuple[str, str]] = []
    for sentence in _sentences(text):
        if not _is_question(sentence):
            continue
        for slot, patterns in _ASK.items():
            if any(p.search(sentence) for p in patterns):
                out.append((slot, sentence))
    return out


def stated_slots(text: str) -> dict[str, str]:
    """Slots the person states about themselves (or the conversation) -> the clause that says it."""
    found: dict[str, str] = {}
    for sentence in _sentences(text):
        if sentence.rstrip().endswith("?"):
            continue
        for slot, patterns in _SAY.items():
            if slot in found:
                continue
            for p in patterns:
                m = p.search(sentence)
                if m is not None:
                    # The clause that carries the value: "I'm Anna and I work at Acme" gives
                    # "I'm Anna" for the name, so a later "Which city, Anna?" is still a re-ask.
                    stop = _CLAUSE_END.search(sentence, m.end())
                    found[slot] = sentence[m.start() : stop.start() if stop else len(sentence)]
                    break
    return found


def _values(text: str, *, clause: bool = True) -> set[str]:
    # The clause's first word is the statement's own keyword ("Дедлайн — 20 февраля",
    # "Budget: 40k"), capitalised only because it starts the clause: it is not a value.
    parts = text.split(None, 1)
    rest = (parts[1] if len(parts) > 1 else "") if clause else text
    return {v.casefold() for v in _VALUE.findall(rest) if v not in _NOT_VALUES}


def _confirms(question: str, known_text: str, *, clause: bool) -> bool:
    if any(p.search(question) for p in _CONFIRM):
        return True
    asked = {w.casefold() for w in re.findall(r"[\w./-]+", question, re.UNICODE)}
    values = _values(known_text, clause=clause) | (
        set() if clause else {w.casefold() for w in re.findall(r"\w{3,}", known_text, re.UNICODE)}
    )
    return bool(values & asked)


# Words that make a sentence a question or address the assistant's listener: not its topic.
_ASK_WORDS = frozenset(
    tokenize(
        "what which who whom whose where when why how do does did is are was were can could would "
        "will should shall please tell remind again know share you your yours yourself we our us "
        "it this that there here once more still currently now be been being have has had the "
        "than rather then so and or but for with to of in on at by from as about "
        "какой какая какое какие каком какую каким каких кто кого кому что чем где куда откуда когда "
        "почему зачем сколько как ли вы ты вас вам ваш ваша ваше ваши твой твоя твоё подскажите "
        "подскажи напомните напомни скажите скажи уточните уточни назовите сообщите пожалуйста "
        "снова ещё еще раз мы нас нам наш наша наше наши у есть был была было были будет это этот "
        "эта эти сейчас теперь"
    )
)
_JA_ASK = re.compile(r"[何誰]")
_KANJI_KANA = re.compile(r"[\u30a0-\u30ff\u3400-\u9fff]")
_JA_VALUE = re.compile(r"[\u30a0-\u30ffー]{2,}|[A-Za-z][\w.+-]+|\d[\d,.]*")


def _topic(text: str) -> set[str]:
    """The stems (or, for Japanese, bigrams with kanji or katakana) a question or a statement
    is about, without the question words."""
    out: set[str] = set()
    for tok in tokenize(text):
        if tok in _ASK_WORDS:
            continue
        if any("\u3040" <= ch <= "\u9fff" for ch in tok):
            if not _KANJI_KANA.search(tok) or _JA_ASK.search(tok):
                continue
        out.add(tok)
    return out


def _cjk(text: str) -> bool:
    return any("\u3040" <= ch <= "\u9fff" for ch in text)


_SHORT_NAME = re.compile(r"\b[A-ZА-ЯЁ][\w+#-]+", re.UNICODE)  # Go, C#, R2 — names too short for _VALUE


def _statement_values(text: str) -> set[str]:
    values = _values(text, clause=True)
    rest = text.split(None, 1)
    values |= {v.casefold() for v in _SHORT_NAME.findall(rest[1] if len(rest) > 1 else "") if v not in _NOT_VALUES}
    if _cjk(text):
        values |= {v.casefold() for v in _JA_VALUE.findall(text)}
    return values


def _answers(question: str, q_topic: set[str], statement: str) -> bool:
    """Whether ``statement`` answers ``question``: same topic, and a value the question lacks."""
    if not q_topic or any(p.search(question) for p in _CONFIRM):
        return False
    shared = q_topic & _topic(statement)
    if _cjk(question):
        on_topic = len(shared) >= 2 and len(shared) * 5 >= 2 * len(q_topic)
    else:
        on_topic = len(shared) >= 2 or (len(q_topic) <= 2 and shared == q_topic)
    if not on_topic:
        return False
    asked = {w.casefold() for w in re.findall(r"[\w./-]+", question, re.UNICODE)}
    asked_text = question.casefold()
    values = {v.rstrip(".,;:") for v in _statement_values(statement)}
    return any(v and v not in asked and v not in asked_text for v in values)


def _statements(text: str) -> list[str]:
    """The sentences of a person's message that state something (not questions, not requests)."""
    return [s for s in _sentences(text) if not _is_question(s)]


def find_reasks(
    messages: Sequence[Said],
    *,
    facts: dict[str, tuple[str, str]] | None = None,
    only: Iterable[str] | None = None,
    known: Sequence[tuple[str, str]] = (),
) -> dict[str, list[Finding]]:
    """Findings per assistant message (all, or the ids in ``only``), in conversation order.

    ``facts`` maps a question slot to (fact id, value) known before these answers; ``known``
    holds (id, text) of facts and summary items the memory held before them, for questions
    about anything else.
    """
    wanted = set(only) if only is not None else None
    known_slots: dict[str, tuple[str, str]] = {}  # slot -> (message id, sentence)
    said: list[tuple[str, str]] = [(i, t) for i, t in known]  # (evidence id, statement)
    out: dict[str, list[Finding]] = {}
    for msg in messages:
        if msg.role == "user":
            for slot, sentence in stated_slots(msg.text).items():
                known_slots.setdefault(slot, (msg.id, sentence))
            said.extend((msg.id, s) for s in _statements(msg.text))
            continue
        if msg.role != "assistant" or (wanted is not None and msg.id not in wanted):
            continue
        findings: list[Finding] = []
        slotted = question_slots(msg.text)
        asked_slots = {q for _, q in slotted}
        for question in _questions(msg.text):
            if question in asked_slots:
                continue
            q_topic = _topic(question)
            hit = next((i for i, st in said if _answers(question, q_topic, st)), None)
            findings.append(
                Finding("topic", question, hit is not None, "conversation" if hit is not None else None, hit)
            )
        for slot, question in slotted:
            source = known_slots.get(slot)
            origin = "conversation"
            if source is None and facts and slot in facts:
                source, origin = facts[slot], "fact"
            if source is None or _confirms(question, source[1], clause=origin == "conversation"):
                findings.append(Finding(slot, question, False))
            else:
                findings.append(Finding(slot, question, True, origin, source[0]))
        out[msg.id] = findings
    return out
