"""Which parts of a message are the person's own statements about themselves (issue 26).

Fact rules read a self-statement: "I live in Oslo". The same words inside a question ("do I
live in Oslo?"), a hypothetical ("if I lived in Oslo", "maybe I'll move to Oslo"), a quote or
a forward ('she wrote: "I live in Oslo"') say nothing true of the speaker, and a negation
("I don't live in Oslo any more") says the opposite. This module finds those shapes in
English, Russian and Japanese, by what marks them in each language — the question mark and
the interrogative words, the conditional and modal markers, quotation marks and reporting
verbs, the negating particles and verb endings — so a rule never has to.

Every pattern is an alternation of literals or a bounded negated class: linear on any input.
"""

from __future__ import annotations

import re

__all__ = ["bounded_pieces", "sentences", "statement_sentences", "is_question", "is_hypothetical", "negated_before",
           "ja_other_topic", "ja_someone_elses", "ja_own", "JA_SELF_TOPICS",
           "negated_after_ja", "strip_quoted"]

# A sentence: a run up to and including its closing marks (no nested quantifiers).
_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*|[.!?。！？]+")

# Quoted text is someone else's words (or the person's words about something else).
_QUOTED = re.compile(r"«[^»\n]{0,600}»|“[^”\n]{0,600}”|„[^“”\n]{0,600}[“”]|\"[^\"\n]{0,600}\"|"
                     r"「[^」\n]{0,600}」|『[^』\n]{0,600}』")
# After a reporting verb or a forward marker, the rest of the sentence is reported, not said.
_REPORTED = re.compile(
    r"(?i:\b(?:said|says|wrote|writes|told me|tells me|reads|replied|asked|quote|quoted|"
    r"forwarded message|forwarding|fwd|fw|original message|his bio|her bio|their bio)\b)\s*[:,—-]|"
    r"(?i:\b(?:сказал|сказала|сказали|написал|написала|написали|пишет|пишут|говорит|говорят|"
    r"ответил|ответила|цитирую|цитата|пересылаю|пересылаемое|пересланное сообщение|переслано)\b)\s*[:,—-]|"
    r"(?:転送|引用|の声|と言いました|と書いて|からのメッセージ)\s*[:：、]"
)

_SENTENCE_END = re.compile(r"[.!?。！？]+")
_QUESTION_MARK = re.compile(r"[?？]\s*$")
_EN_QUESTION_START = re.compile(
    r"(?i)^\s*(?:do|does|did|am|is|are|was|were|have|has|had|can|could|would|should|shall|"
    r"where|what|who|whom|whose|which|when|why|how)\b")
_RU_QUESTION = re.compile(
    r"(?i)^\s*(?:где|куда|откуда|кто|кого|кому|кем|что|чем|какой|какая|какое|какие|каком|какую|"
    r"каким|когда|почему|зачем|сколько|разве|неужели|ли)\b|\sли\b")
_JA_QUESTION = re.compile(
    r"(?:か|かな|かね|っけ|だろうか|でしょうか)\s*[。．]?\s*$|"
    r"どこ|何|なに|誰|だれ|どの|どれ|いつ(?!も|か)|どう(?!ぞ)|なぜ|どちら|どっち")

_HYPOTHETICAL = re.compile(
    r"(?i:\b(?:if|unless|wish|maybe|perhaps|might|would|could|suppose|supposing|imagine|"
    r"hypothetically|someday|one day|thinking about|thinking of|considering|planning to|"
    r"plan to|hope to|hoping to|want to|wants to|wanna|gonna start|dream of|should i|going to move|"
    r"going to join|going to become)\b)|"
    r"(?i:(?:^|[\s,;:—(])(?:если|бы|б|может быть|может|возможно|наверное|наверно|допустим|"
    r"предположим|представь|представьте|мечтаю|мечтал|мечтала|хочу|хотел|хотела|хотелось|"
    r"хотим|планирую|планируем|собираюсь|собираемся|думаю стать|думаю перейти|думаю переехать|"
    r"стоит ли|вдруг|когда-нибудь)(?=[\s,.!?;:—)]|$))|"
    r"(?:もし|仮に|たら|れば|なら|かもしれ|だろう|でしょう|たいです|たいと|たい。|たいな|たいね|"
    r"べき|のに|ようか|想像|としたら|とすれば|予定|つもり|検討)"
)
# A negation between the start of the clause and the value.
_NEGATION = re.compile(
    r"(?i:\b(?:not|never|no longer|no more|don't|doesn't|didn't|isn't|aren't|wasn't|weren't|"
    r"haven't|hasn't|hadn't|won't|wouldn't|cannot|can't|nor)\b|n't\b)|"
    r"(?i:(?:^|[\s,;:—(])(?:не|нет|никогда|ни)(?=[\s,.!?;:—)]|$))"
)
_CLAUSE_START = re.compile(r"[,;:—–()\[\]]|\b(?:and|but|while|whereas)\b|(?:^|\s)(?:и|но|а|хотя)\s", re.IGNORECASE)
_JA_NEGATED = re.compile(r"ません|ない|なかった|じゃ|ではな|わけでは|ず[、。]|ずに")


_SPEECH = re.compile(r"\s\S|[。！？]|です|ます|(?i:\b(?:i|я|my|мой|моя)\b)|私|僕")


def _unquote(m: re.Match[str]) -> str:
    # A quoted phrase of someone's speech goes; a quoted name ("«Солярис»") is the person's own
    # words about a thing and stays.
    inner = m.group()[1:-1].strip()
    if not _SPEECH.search(inner):
        return m.group()
    # The quote's own full stop still ends the sentence it closed.
    return " ." if inner.endswith((".", "!", "?", "。", "！", "？")) else " "


def strip_quoted(text: str) -> str:
    """``text`` without quoted speech and without what follows a reporting verb or a
    forward marker on its line."""
    text = _QUOTED.sub(_unquote, text)
    out: list[str] = []
    for line in text.split("\n"):
        m = _REPORTED.search(line)
        if m is None:
            out.append(line)
            continue
        # What follows the reporting verb, to the end of its sentence, is someone else's.
        end = _SENTENCE_END.search(line, m.end())
        out.append(line[: m.start()] + (line[end.end():] if end else ""))
    return "\n".join(out)


def is_question(sentence: str) -> bool:
    """A question in any of the three languages (with or without its question mark)."""
    s = sentence.strip()
    if not s:
        return False
    if _QUESTION_MARK.search(s):
        return True
    if any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in s):
        return _JA_QUESTION.search(s) is not None
    return _EN_QUESTION_START.search(s) is not None or _RU_QUESTION.search(s) is not None


def is_hypothetical(sentence: str) -> bool:
    """A condition, a wish, a plan or a possibility: nothing yet true of the speaker."""
    return _HYPOTHETICAL.search(sentence) is not None


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, each with its closing marks."""
    return [m.group().strip() for m in _SENTENCE.finditer(text) if m.group().strip()]


def statement_sentences(text: str) -> list[str]:
    """The sentences of ``text`` that can state a fact about the speaker: quoted and reported
    text removed, questions and hypotheticals left out."""
    out: list[str] = []
    for m in _SENTENCE.finditer(strip_quoted(text)):
        s = m.group().strip()
        if s and not is_question(s) and not is_hypothetical(s):
            out.append(s)
    return out


def negated_before(sentence: str, value_start: int) -> bool:
    """Whether the clause holding the value at ``value_start`` negates it before the value
    ("I don't work at Acme", "я не живу в Москве")."""
    begin = 0
    for m in _CLAUSE_START.finditer(sentence, 0, value_start):
        begin = m.end()
    return _NEGATION.search(sentence, begin, value_start) is not None


def negated_after_ja(sentence: str, value_end: int) -> bool:
    """Japanese negates in the verb after the value, up to the end of its clause."""
    stop = len(sentence)
    for ch in "、。！？\n":
        at = sentence.find(ch, value_end)
        if at != -1:
            stop = min(stop, at)
    return _JA_NEGATED.search(sentence, value_end, stop) is not None


_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s*")


def bounded_pieces(text: str, limit: int = 400) -> list[str]:
    """``text`` as lines of at most ``limit`` characters: a longer line is packed sentence by
    sentence, and a longer sentence is cut at a space (or hard, for text without spaces)."""
    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= limit:
            out.append(line)
            continue
        piece = ""
        for sentence in _SENTENCE_END.split(line):
            while len(sentence) > limit:
                cut = sentence.rfind(" ", limit // 2, limit)
                cut = cut if cut > 0 else limit
                if piece:
                    out.append(piece)
                    piece = ""
                out.append(sentence[:cut])
                sentence = sentence[cut:].lstrip()
            if len(piece) + len(sentence) + 1 > limit:
                out.append(piece)
                piece = sentence
            else:
                piece = f"{piece} {sentence}" if piece else sentence
        if piece:
            out.append(piece)
    return out




# Japanese drops the subject; a topic "Xは" earlier in the clause says whom it is about.
# These topics are the speaker (or a time, "今は"): anything else is another person.
JA_SELF_TOPICS = frozenset("私 わたし 僕 俺 自分 今 現在 最近 今年 去年 今月 先月 来月 春から 四月から "
                           "私の仕事 僕の仕事 仕事 私の職業 職業 趣味 私の趣味 僕の趣味 家 うち 私の家 "
                           "母語 私の母語 専攻 私の専攻".split())
_JA_TOPIC = re.compile(r"([^\s、。！？!?,]{1,12}?)は")


def ja_other_topic(text: str, start: int) -> bool:
    """Whether the Japanese clause before ``start`` has a topic "Xは" that is not the speaker
    ("兄はエンジニアです", "田中さんは…")."""
    clause_start = max(text.rfind(c, 0, start) for c in "。！？\n") + 1
    for m in _JA_TOPIC.finditer(text, clause_start, start):
        if m.group(1) not in JA_SELF_TOPICS:
            return True
    return False


def ja_own(value: str) -> str:
    """A Japanese value with a subject "Xが" inside: the speaker's ("私が") is cut off, anyone
    else's makes no fact of the speaker ("同僚が福岡に引っ越しました")."""
    if "が" not in value:
        return value
    subject, _, rest = value.rpartition("が")
    return rest if subject in JA_SELF_TOPICS else ""


_JA_SUBJECT = re.compile(r"([^\s、。！？!?,]{1,12}?)が")


def ja_someone_elses(sentence: str, start: int) -> bool:
    """A Japanese match owned by someone else: "兄の趣味は…" (a noun with の right before it)
    or a subject "同僚が" earlier in its clause."""
    before = sentence[:start]
    if before.endswith("の") and not before.endswith(("私の", "僕の", "俺の", "わたしの", "うちの")):
        return True
    clause_start = max(before.rfind(c) for c in "。！？、\n") + 1
    return any(m.group(1) not in JA_SELF_TOPICS for m in _JA_SUBJECT.finditer(before, clause_start))
