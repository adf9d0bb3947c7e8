"""Facts without a model: what the person states about themselves, kept as they said it.

It runs when no fact model is configured or the model's answer is unusable, so it prefers
missing a fact to inventing one. It knows no phrase of any language; it reads grammar's closed
classes — the first person, interrogatives, negation, the conditional — in English, Russian
and Japanese (where a sentence without a topic is the speaker's own), and nothing else:

- what the engine injected (tagged memory blocks), fenced and quoted text is removed
  (:func:`strip_injected`); "remember that …" clauses become notes (:func:`split_remember_notes`);
- a sentence is a statement about the speaker when the speaker is its subject ("I", «я», 私)
  or it opens with their own thing ("My dog …", «Мой …»); a question, a condition or wish, or
  a negation says nothing true of them;
- it is kept when it holds a value (a name, number or date:
  :mod:`threadkeep.memory.summary.text`) or at least :data:`MIN_WORDS` content words of three
  letters or more, and is at most :data:`MAX_WORDS` words long;
- an introduction ("Hi, I'm Pavel", «Меня зовут Павел»: the patterns the offline default
  acknowledges, :mod:`threadkeep.memory.offline_smalltalk`) is stored as the ``name`` slot,
  and as a statement too when it says more ("My name is Ana and I live in Lisbon");
- any other statement's slot is ``said:<frame>`` — the statement's content words without its values — so the
  same statement with another value updates the fact ("I work at Globex" after "I work at
  Acme"), and the store keeps the old value as a version;
- given the message's time, every relative date in it is resolved where it stands ("I moved to
  Bergen last year (2025)", "next Tuesday (8 December 2026)": :mod:`threadkeep.memory.dates`),
  so the fact still says what the person meant a year on.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from threadkeep.memory import dates
from threadkeep.memory.facts.candidate import FactCandidate
from threadkeep.memory.offline_smalltalk import introduced_name
from threadkeep.memory.summary.text import is_question, read, split_sentences

__all__ = [
    "extract_facts",
    "split_remember_notes",
    "strip_injected",
    "INJECTED_BLOCK_TAGS",
    "is_statement",
    "self_reference",
    "dated",
    "MIN_WORDS",
    "MAX_WORDS",
]

# Tags the context assembler may wrap injected memory in; anything inside is not the person's.
INJECTED_BLOCK_TAGS = ("context", "turn_context", "memory", "facts", "recall", "profile", "summary")
MIN_WORDS = 2
MAX_WORDS = 40
_MAX_CHARS = 400  # a statement about oneself sits in one sentence; longer text is cut there

_FENCE = re.compile(r"```.*?(?:```|$)", re.DOTALL)
_QUOTED_LINE = re.compile(r"^\s*>.*$", re.MULTILINE)
# Quoted speech (three words or more inside quotes) is someone's words, not the person's.
_QUOTED = re.compile(r"«[^»\n]{0,400}»|“[^”\n]{0,400}”|\"[^\"\n]{0,400}\"|「[^」\n]{0,400}」")
# The speaker as the subject ("I", «я», 私), or their own thing opening the sentence ("My dog
# is called Rex", «Моя команда …»); "what my boss wrote" is about the boss.
_FIRST_PERSON = re.compile(
    r"(?i)(?<![\w'])(?:i|i'm|i've|i'd|i'll|я|меня|мне)(?![\w'])|私|僕|俺|わたし|"
    r"^\W*(?:my|мой|моя|моё|мое|мои|моего|моей|моему|моим|моих|мою|моём|моем)(?![\w'])"
)
# The speaker named anywhere, by the first person's closed class in every case: subject and
# possessive (the person's own thing: "my dog", «мою собаку», 私の犬) — a question about a
# particular thing of theirs — or object only ("about me", «обо мне», 私について).
_OWN = re.compile(
    r"(?i)(?<![\w'])(?:i|i'm|i've|i'd|i'll|my|mine|я|мой|моя|моё|мое|мои|моего|моей|моему|моим|"
    r"моих|мою|моём|моем)(?![\w'])|私[はがのも]|僕[はがのも]|俺[はがのも]|わたし[はがのも]"
)
_OBJECT = re.compile(r"(?i)(?<![\w'])(?:me|myself|меня|мне|мной|себе|себя)(?![\w'])|私|僕|俺|わたし|自分")


# The speaker as what a preposition (a closed class) is about: "about me", «обо мне», «про
# меня», 私について — the person as a whole. The first person as a verb's object ("call me",
# «меня зовут», «мне лет») asks one thing about them, as the subject does.
_ABOUT = re.compile(
    r"(?i)(?<![\w'])(?:about|of|on|regarding|concerning|о|об|обо|про|насчёт|насчет)\s+"
    r"(?:me|myself|мне|меня|себе|себя)(?![\w'])|(?<![\w'])(?:myself|себе|себя)(?![\w'])|"
    r"(?:私|僕|俺|わたし|自分)(?:について|のこと)"
)
# The topic a preposition names when it is not the speaker: "tell me about the boat" asks about
# the boat, though "me" is there.
_TOPIC = re.compile(
    r"(?i)(?<![\w'])(?:about|regarding|concerning|о|об|обо|про|насчёт|насчет)\s+"
    r"(?!(?:me|myself|мне|меня|себе|себя)(?![\w']))\w"
)


def self_reference(text: str) -> str | None:
    """How ``text`` names its speaker: ``"whole"`` when only as what it is about ("what do you
    know about me", «что ты обо мне знаешь»), ``"own"`` when as subject, owner or a verb's
    object ("where do I work", "my dog's name", «как меня зовут»), or None (also when a
    preposition names another topic: "tell me about the boat")."""
    if _ABOUT.search(text):
        return "whole"
    if _OWN.search(text):
        return "own"
    return "own" if _OBJECT.search(text) and not _TOPIC.search(text) else None


# Grammar's closed classes that make a sentence a question without a question mark: an
# interrogative or an auxiliary opening it, Russian «ли», Japanese sentence-final か/っけ.
_ASKS = re.compile(
    r"(?i)^\W*(?:do|does|did|am|is|are|was|were|can|could|should|have|has|who|what|where|when|"
    r"why|how|which|кто|что|где|куда|откуда|когда|почему|зачем|как|какой|сколько|разве|"
    r"неужели)(?![\w'])|(?<![\w])ли(?![\w])|(?:か|かな|っけ)[。]?$"
)
# Japanese drops the subject: a sentence with no topic (は) is the speaker's own unless it names
# someone else; one whose topic is not the speaker is about that topic.
_JA_TOPIC = re.compile(r"[^\s、。]{1,12}は")
_NEGATION = re.compile(
    r"(?i)(?<![\w'])(?:not|never|no|nobody|nothing|не|нет|никогда|ни)(?![\w'])|n't\b|"
    r"ない|ません|なかった"
)
_CONDITIONAL = re.compile(
    r"(?i)(?<![\w'])(?:if|unless|would|could|might|maybe|perhaps|wish|если|бы|"
    r"может|возможно|наверное)(?![\w'])|もし|たら|れば|なら|かもしれ|だろう|でしょう"
)
_REMEMBER = (
    re.compile(
        r"(?i)\b(?:please\s+)?(?:remember|don't forget|do not forget|note)(?:\s+that|\s*:)\s*(?P<v>[^\n]+?)(?=[.!?\n]|$)"
    ),
    re.compile(r"(?i)\bзапомни(?:те)?\s*(?:,\s*)?(?:что|:)\s*(?P<v>[^\n]+?)(?=[.!?\n]|$)"),
    re.compile(r"覚えておいて(?:ください|下さい|ね)?[:：、]\s*(?P<v>[^。！？\n]+)"),
)


def strip_injected(text: str, *, extra_tags: tuple[str, ...] = ()) -> str:
    """Remove what the person did not say themselves: tagged memory blocks the engine
    injects, fenced pasted content and quoted lines."""
    for tag in INJECTED_BLOCK_TAGS + extra_tags:
        t = re.escape(tag)
        text = re.sub(rf"<{t}\b[^>]*>.*?(?:</{t}>|$)", " ", text, flags=re.DOTALL | re.IGNORECASE)
    text = _FENCE.sub(" ", text)
    return _QUOTED_LINE.sub(" ", text)


def split_remember_notes(text: str) -> tuple[list[FactCandidate], str]:
    """The "remember that …" clauses as notes, and the text with those clauses cut out (so an
    instruction hidden in one feeds no other slot)."""
    notes: list[FactCandidate] = []
    for pattern in _REMEMBER:
        for m in pattern.finditer(text):
            value = m.group("v").strip(" \"'«»“”「」.,;:")
            if len(value) >= 2:
                notes.append(FactCandidate("note", value[:200], m.group(0).strip()))
        text = pattern.sub(" . ", text)
    return notes, text


def _unquote(m: re.Match[str]) -> str:
    inner = m.group()[1:-1]
    return " . " if len(inner.split()) >= 3 else m.group()  # a quoted name stays


def _first_person(sentence: str) -> bool:
    if _FIRST_PERSON.search(sentence):
        return True
    kana = any("\u3040" <= ch <= "\u30ff" for ch in sentence)
    return kana and not _JA_TOPIC.search(sentence) and not re.search(r"さん|氏|様|彼|彼女", sentence)


def is_statement(sentence: str) -> bool:
    """Whether ``sentence`` states something true of its speaker (see the module docstring)."""
    return (
        _first_person(sentence)
        and not is_question(sentence)
        and not _ASKS.search(sentence.strip())
        and not _NEGATION.search(sentence)
        and not _CONDITIONAL.search(sentence)
    )


def dated(text: str, at: datetime | date | None) -> str:
    """``text`` with its relative dates resolved against ``at`` (unchanged without a time)."""
    return text if at is None else dates.annotate(text, dates.resolve(text, at))


def extract_facts(text: str, at: datetime | date | None = None) -> list[FactCandidate]:
    """The person's statements about themselves in ``text``, in order, one per slot; with
    ``at`` (when it was said), their relative dates resolved."""
    notes, rest = split_remember_notes(strip_injected(text))
    out: dict[str, FactCandidate] = {
        f"note:{n.value.casefold()}": FactCandidate(n.key, dated(n.value, at), n.evidence) for n in notes
    }
    for line in _QUOTED.sub(_unquote, rest).split("\n"):
        for sentence in split_sentences(line[:20_000]):
            sentence = sentence[:_MAX_CHARS].strip(" -–—•*")
            if not is_statement(sentence):
                continue
            reading = read(sentence)
            words = len(sentence.split()) if " " in sentence else len(sentence) // 2
            content = [w for w in reading.frame if len(w) >= 3 or not w.isascii()]
            if words > MAX_WORDS or not (reading.values or len(content) >= MIN_WORDS):
                continue
            name = introduced_name(sentence)
            if name is not None:  # an introduction is the name, as the fact model would store it
                out["name"] = FactCandidate("name", name, sentence)
                if len(content) < MIN_WORDS:  # nothing but the introduction ("Hi, I'm Pavel")
                    continue
            frame = " ".join(sorted(reading.frame))[:60] or "value"
            out[f"said:{frame}"] = FactCandidate(f"said:{frame}", dated(sentence, at), sentence)
    return list(out.values())
