"""Open questions and next steps by their grammar, not by a phrase per slot (issue 26).

A *next step* is a sentence that commits someone to an act still to come: a first-person
future or intention ("I'll send…", "we're going to…", "let's…"), a named person's future
("Priya will draft…"), an obligation the team takes on ("we need to…", "нужно…", "надо…"), an
exhortation ("давайте…", "〜しましょう"). Russian is read by its morphology (pymorphy3, the
dictionary bundled with it): a perfective future or a "буду/будем + infinitive" in the first
person, or in the third person with a named subject ("Фёдор проверит логи"). Japanese by its
sentence-final forms: the volitional ましょう, or a polite non-past act ("送ります", "確認します")
that is not a state ("あります", "います", "思います").

An *open question* is a question the team puts to itself ("should we…", "who will…", "стоит
ли…", "кто возьмёт…", "どうしますか", "誰が…") or a statement that something is still to be
decided ("we still need to decide…", "пока не решили…", "未定"). A question to the assistant
("what does OKR stand for") is this turn's work, not memory (:mod:`.sentences`). Every pattern is
an alternation of literals, linear on any input.
"""

from __future__ import annotations

import re
from functools import lru_cache

from threadkeep.memory.facts.base_form import russian_analyser
from threadkeep.tokens import encoding

__all__ = ["KANA", "rx", "is_question", "is_deliberation", "is_undecided", "is_commitment", "may_be_first_name",
           "is_common_russian"]


def rx(pattern: str) -> re.Pattern[str]:
    """A case-insensitive alternation written one language per line (``EN | RU | JA``);
    joining the lines must not leave an empty branch."""
    return re.compile(re.sub(r"\|{2,}", "|", pattern).strip("|"), re.IGNORECASE)

# Closing quotes and brackets a question may end inside.
_CLOSERS = " \t\n\"'»」』)）"

_DELIBERATE = rx(
    r"\b(?:should|shall|do|can|will|could|must|would) we\b|\b(?:are|were) we (?:going|still|ok)\b|"
    r"\bwho(?:'s| is| will| would| should| can| owns| takes)\b|\bwhen (?:will|do|should|are|can) we\b|"
    r"\bwhich (?:one|option|vendor|of)\b|\bwhat (?:should|do|will) we\b|\bhow (?:should|do|will) we\b|"
    r"\bwhether\b|\bor not\b|"
    r"|стоит ли|нужно ли|надо ли|будем ли|можем ли|успеем ли|\bли мы\b|\bли нам\b|кто будет|"
    r"кто возьм|кто займ|кто отвеча|кто поведёт|кто поведет|когда будем|когда мы|что выбрать|"
    r"что будем|что делать|какой выбрать|какой вариант|может, нам|нам стоит|"
    r"|しましょうか|べきでしょうか|べきですか|べきか|どうしますか|どうする|どちらに|どちらを|"
    r"どれに|誰が|いつまでに|いつにします"
)
_UNDECIDED = rx(
    r"need to decide|needs to be decided|still (?:need|have) to (?:decide|figure out|choose|pick|agree)|"
    r"yet to (?:decide|be decided|agree)|\bundecided\b|\btbd\b|open question|haven't decided|"
    r"\bnot decided\b|\bunresolved\b|\bstill open\b|"
    r"nobody knows (?:yet )?(?:if|whether)|no one knows (?:yet )?(?:if|whether)|"
    r"(?:don't|do not) (?:yet )?know (?:yet )?(?:if|whether)|not (?:yet )?clear (?:yet )?(?:if|whether)|"
    r"unclear (?:if|whether)|remains to be seen|still unclear|still not clear|"
    r"|пока не решили|ещё не решили|еще не решили|и не решили|не решено|открытый вопрос|нужно решить|"
    r"надо решить|предстоит решить|пока открыт|не определились|никто не знает|пока неясно|пока не ясно|до сих пор неясно|до сих пор не ясно|"
    r"до сих пор не решили|"
    r"|未定|検討中|決まっていない|決めていない|決まっていません|決めていません|決める必要|"
    r"誰も分かりません|誰もわかりません|分かっていません|わかっていません"
)
_COMMIT_EN = rx(
    r"\b(?:i|we)(?:'ll| will| shall| am going to|'m going to| are going to|'re going to| plan to|"
    r" need to| have to| must| should| intend to)\b|\blet's\b|\blet us\b|\bnext step|action item|"
    r"\bto-?do\b|\bfollow[- ]up\b|\bthe plan is\b|\bgoing forward\b"
)
# "<Name> will <act>": a named person's future; "will be" is a state, not an act.
_NAMED_WILL = re.compile(r"(?:^|\s)([A-Z][\w'’-]*) (?:will|is going to|'ll)(?! be\b)\s")
_COMMIT_RU_JA = rx(
    r"\bдавай(?:те)?\b|\bнужно\b|\bнадо\b|\bнеобходимо\b|\bдолжн(?:ы|а|о)?\b|\bдолжен\b|"
    r"\bследует\b|\bпланиру|\bсобира(?:юсь|емся|ется)\b|следующий шаг|"
    r"|次は|次に|次のステップ|までに|予定です|つもり"
)
_JA_VOLITIONAL = re.compile(r"(?:ましょう|ておきます|とおきます)[。！!]?$")
_JA_POLITE_ACT = re.compile(r"ます[。！!]?$")
# Polite non-past forms that state a fact or a feeling, not an act to come.
_JA_STATES = ("あります", "います", "なります", "思います", "できます", "ございます", "わかります",
              "分かります", "かかります", "すみます", "ありがとうございます", "お願いします")

_CYRILLIC_WORD = re.compile(r"[а-яёА-ЯЁ]+")
# Hiragana or katakana: the text is Japanese (kanji alone may be Chinese).
KANA = re.compile(r"[\u3040-\u30ff]")


@lru_cache(maxsize=65536)
def _ru_verb(word: str) -> tuple[str, str]:
    """(person, tense) of the most likely reading of a Russian verb, or ("", "")."""
    parses = russian_analyser().parse(word.lower())
    tag = parses[0].tag if parses else None
    if tag is None or tag.POS not in ("VERB", "INFN"):
        return ("", "")
    if tag.POS == "INFN":
        return ("", "infn")
    return (str(tag.person or ""), str(tag.tense or ""))


def _ru_commitment(text: str, named: bool) -> bool:
    words = _CYRILLIC_WORD.findall(text)
    if not words:
        return False
    for i, word in enumerate(words):
        person, tense = _ru_verb(word)
        if tense != "futr":
            continue
        if word.lower().startswith("буд") and not (i + 1 < len(words) and _ru_verb(words[i + 1])[1] == "infn"):
            continue  # "будет 18 мая" is a state; "будем проводить" is an act
        if person == "1per" or (person == "3per" and named):
            return True
    return False


def is_question(text: str) -> bool:
    """Whether a sentence asks: ends with a question mark, or with Japanese か."""
    end = text.rstrip(_CLOSERS)
    return end.endswith(("?", "？")) or end.rstrip("。").endswith(("か", "かな"))


def is_deliberation(text: str) -> bool:
    """Whether a question is one the team puts to itself (what to do, who, when, which)."""
    return bool(_DELIBERATE.search(text))


def is_undecided(text: str) -> bool:
    """Whether a statement says something is still to be decided."""
    return bool(_UNDECIDED.search(text))


def is_commitment(text: str, names: tuple[str, ...] = ()) -> bool:
    """Whether a statement commits someone to an act to come (see the module docstring)."""
    if is_question(text):
        return False
    if _COMMIT_EN.search(text) or _COMMIT_RU_JA.search(text):
        return True
    m = _NAMED_WILL.search(text)
    if m is not None and m.group(1) in names:
        return True
    stripped = text.rstrip()
    if _JA_VOLITIONAL.search(stripped):
        return True
    if _JA_POLITE_ACT.search(stripped) and not stripped.rstrip("。！!").endswith(_JA_STATES):
        return True
    return _ru_commitment(text, bool(names))


@lru_cache(maxsize=16384)
def may_be_first_name(word: str) -> bool:
    """Whether a capitalised word may be a person's first name. Russian capitalises the first
    word of every sentence, so there the dictionary decides (a reading tagged as a first name:
    Ульяна, Олег, Вера). English has no dictionary here, so the tokenizer stands in for one:
    a word whose lower-case form is one o200k token is a common word ("Why", "Told",
    "Replaced", "Heads", "Finance"), while names mostly split (Bettina, Niamh, Rowena); the
    commonest names (Anna, John) read as common words, so the opening of news about them is
    read as prose. Other scripts: any capitalised word may be one."""
    if _CYRILLIC_WORD.fullmatch(word):
        return any("Name" in p.tag for p in russian_analyser().parse(word.lower()))
    if _LATIN_WORD.fullmatch(word) and len(word) > 1:
        return len(encoding("o200k_base").encode(" " + word.lower(), disallowed_special=())) > 1
    return True


_LATIN_WORD = re.compile(r"[A-Za-z][a-z'’]*")


_PROPER = ("Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr")


@lru_cache(maxsize=16384)
def is_common_russian(word: str) -> bool:
    """Whether a Russian word is a common word the dictionary knows (это, перенесли, в), not
    a name of a person, place or firm (Тимур, Самара): the one a sentence may start with in
    lower case when it goes on after a dash."""
    if not _CYRILLIC_WORD.fullmatch(word):
        return False
    analyser = russian_analyser()
    parses = analyser.parse(word.lower())
    return (bool(parses) and analyser.word_is_known(word.lower())
            and not any(tag in str(p.tag) for p in parses[:2] for tag in _PROPER))
