"""What was said, as the extractive summariser reads it: messages joined where one fact spans two.

People do not say one fact per message. Two shapes are read together here (issue 26):

* **A fact the assistant says and the person confirms.** "So Tariq leads Vega from Monday?" —
  "Yes, exactly." The assistant's words become the person's statement (its tag question
  dropped: "…, right?", "…, верно?", "…ですね？"), cited by both messages.
* **A fact over two messages.** A message that breaks off — it ends in ":", "…", a dash or a
  comma ("The new Vega deadline is…" — "18 June.") — is read with the person's next message.
  So is a short message that only announces a topic ("About the Vega budget.", "Насчёт
  бюджета Вега.", "Vegaの予算について。") when the next one gives a value and names nothing
  ("85 thousand euros, approved."), and a
  short answer to the assistant's question ("What's the latency target for Vega?" — "200 ms"):
  "… — 200 ms".
* **A value given in a reply of its own.** A short line that names one thing and a kind of
  project value but gives no value ("We finally have a paying customer for Kestrel.",
  "Появился заказчик на Angara.", "Minatoの顧客が決まりました。") is read with the person's
  next short reply when that reply is only a value or a name ("Tidewater Bank.", "Kvant
  Logistics, договор уже у юристов.", "富士見製薬です。") — whatever the assistant said between
  ("Go on.", "Слушаю.", "ええ。"). A reply that names the line's thing again, or has its
  own subject ("避難訓練は…"), is news of its own.

Everything else passes through unchanged, one utterance per message. Pure and ordered.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from threadkeep.memory.summary.grammar import KANA, is_common_russian, is_question, is_undecided, rx
from threadkeep.memory.summary.pasted import is_document
from threadkeep.memory.summary.sentences import (
    _NUMBER,
    _WORD,
    CHAT_TASK,
    analyse,
    classify,
    is_function_word,
    names_a_kind_of_work,
    split_sentences,
)
from threadkeep.messages import SourceMessage

__all__ = ["Utterance", "utterances", "pending_tail", "REASON_FOLLOWUP"]

# A sentence or message that only gives the reason for what was said before it ("Main reason:
# …", "That's because …", "Главная причина: …", "一番の理由は…").
REASON_FOLLOWUP = rx(
    r"^(?:because|that's because|this is because|the reason\b|since\b|due to\b|"
    r"(?:the |our |one )?(?:main |real |only )?reasons?(?: is| was|:))|"
    r"|^(?:потому что|это потому|причина|так как|из-за|(?:главная|основная|одна) причина)|"
    r"|^(?:理由は|なぜなら|一番の理由|主な理由)|(?:からです|ためです|からだ|ためだ)[。！]?$"
)
# A line that leaves a gap for the next one to fill: it names what was settled and not its
# value ("We nailed down when the beta starts." — "7 March."; "Somebody agreed to own the
# backlog." — "Rosalind did."; "Новости по бете." — "Перенесли на 8 октября.").
_GAP = rx(
    r"\b(?:when|where|who|which|what|how (?:many|much|long))\b|\bsome(?:one|body)\b|\bone name\b|"
    r"^(?:heads-up|news|an update|update|small fix|a correction|one correction)\b|"
    r"|\b(?:когда|где|кто|какой|какая|какое|какие|сколько|кого|кто-то|кого-то|одного|одну)\b|\bнаш[её]л|\bнашл|"
    r"^(?:новости|новость|поправлю|поправка|уточнение)(?!\w)|"
    r"|いつ|どこ|誰|一人|ひとり|について|の件|お知らせ|決まりました|決まった|決めました|訂正です|更新です"
)
# A message that puts a fact over two lines is short on both.
GAP_HEAD_WORDS = 16
GAP_TAIL_WORDS = 10
# A line that names this many things past its first word is a statement of its own.
COMPLETE_NAMES = 2
_KATAKANA_WORD = re.compile(r"[\u30a0-\u30ffー]+")

# A reply that agrees with what was just said, at its start.
_CONFIRM = rx(
    r"^(?:yes|yep|yeah|yup|right|exactly|correct|confirmed|indeed|that's right|that is right|"
    r"that's correct|spot on|precisely|it did|it does|it has|yes it)(?![\w'])|"
    r"|^(?:да|ага|угу|именно|верно|точно|так и есть|всё так|все так|подтверждаю|правильно)(?!\w)|"
    r"|^(?:はい|ええ|そうです|そうそう|その通り|そのとおり|合っています|正解です)"
)
# The assistant's check before the fact ("So", "Just to confirm,", "Итак,", "つまり").
_CHECK_LEAD = rx(
    r"^(?:so|ok(?:ay)?|just to confirm|to confirm|let me confirm|to be clear|if i understand(?: correctly)?)"
    r"(?![\w'])[,:]?\s*|"
    r"|^(?:итак|значит|то есть|правильно понимаю|правильно ли я понимаю|уточню)(?!\w)[,:]?\s*(?:что\s+)?|"
    r"|^(?:つまり|確認ですが|確認させてください)[、,：:]?\s*"
)
# A tag question that turns a statement into a check: "…, right?", "…, верно?", "…ですね？".
_TAG = re.compile(
    r"(?:(?:,|\s[—–-])\s*(?:right|correct|is that right|is that correct|yes|no)|(?:,|\s[—–-])?\s*(?:верно|да|так|правильно|"
    r"не так ли)|(?:ですね|ですか|でしょうか|ね))?\s*[?？]$", re.IGNORECASE)
# A message that breaks off mid-fact.
_BREAKS_OFF = (":", "：", "…", "...", "—", "–", " -", ",", "、")
# A confirmation reads the assistant's words at most this long (one statement, not an essay).
CONFIRMED_CHARS = 600
# A topic line or an answer is short: at most this many words (Japanese: two characters each).
SHORT_WORDS = 8


@dataclass(frozen=True, slots=True)
class Utterance:
    """One thing said: its text, who said it, the messages it comes from."""

    source_ids: tuple[str, ...]
    role: str
    text: str


def _as_statement(text: str) -> str:
    body = _CHECK_LEAD.sub("", text.strip(), count=1)
    if body.endswith(("?", "？")):
        body = _TAG.sub("", body).rstrip(" ,")
        body += "。" if body[-1:] and "\u3040" <= body[-1] <= "\u9fff" else "."
    return body[:1].upper() + body[1:] if body[:1].islower() else body


def _words(text: str) -> int:
    spaced = len(text.split())
    return spaced if spaced > 1 else (len(text) + 1) // 2


# A line that only announces its topic, by the words languages mark a topic with.
_TOPIC_MARK = rx(
    r"^(?:about|regarding|re:|as for|as to|on the subject of|quick update on|one more thing about)(?![\w'])|"
    r"|^(?:насчёт|насчет|по поводу|касательно|что касается|про|о|об)(?!\w)|"
    r"|(?:について|の件|に関して)[。.]?$"
)


def _names_a_topic(text: str) -> bool:
    """A short line that names something and says nothing of it ("About the Vega budget.")."""
    if _words(text) > SHORT_WORDS or is_question(text) or not _TOPIC_MARK.search(text.strip()):
        return False
    s = analyse(text.strip())
    # Names past the first word: "Сократи, пожалуйста, абзац." names nothing, it asks.
    named = s.names if KANA.search(s.text) else s.inner_names
    return (bool(named) and not s.has_value and not CHAT_TASK.search(s.text)
            and classify(s, "user") in (None, ("context", 1)))


def _gives_a_bare_value(text: str) -> bool:
    """A short statement with a value and no name of its own ("85 thousand euros, approved.")."""
    if _words(text) > SHORT_WORDS or is_question(text):
        return False
    s = analyse(text.strip())
    if s.has_value and not s.inner_names:
        return True
    # Or the thing itself: "Франкфурт, два региона.", "Это «Магнит».", "東邦商事です。"
    return not CHAT_TASK.search(s.text) and not _CONFIRM.search(s.text) and not _DENY.search(s.text) \
        and (bool(s.names) or _NAMED_JA.fullmatch(s.text.strip()) is not None)


# A Japanese reply that is a kanji or katakana word and the copula: "東邦商事です。", "仙台。"
_NAMED_JA = re.compile(r"[\u4e00-\u9fff\u30a0-\u30ff]{2,12}(?:です|でした|だ)?[。.]?")


# A reply that says the assistant got it wrong.
_DENY = rx(r"^(?:no|nope|not really|actually)(?![\w'])|^(?:нет|не совсем|неа)(?!\w)|^(?:いいえ|違います|いや)")


def _answers(text: str) -> bool:
    """A short reply with something in it, to a question the assistant just asked."""
    if (_words(text) > SHORT_WORDS or is_question(text) or _CONFIRM.search(text.strip())
            or _DENY.search(text.strip())):
        return False
    s = analyse(text.strip())
    if s.names or s.has_value or REASON_FOLLOWUP.search(text.strip()):
        return True  # a name, a value, or the reason a "why" asks for ("из-за задержки")
    # Japanese names places and things in kanji ("徳島のDCです", "宇都宮拠点"): a short reply with
    # a word of its own and no subject of its own answers what was asked.
    said = text.strip()
    return bool(_CJK.search(said)) and bool(_JA_THING.search(said)) and not _JA_SUBJECT.search(said)


# The asking words of a question, so its answer reads as a statement ("What's the latency
# target?" — "200 ms" → "The latency target — 200 ms").
_ASKING = rx(
    r"^(?:what(?:'s| is| are| was)?|who(?:'s| is)?|when(?:'s| is| will| does)?|where(?:'s| is)?|"
    r"which|how (?:much|many|long|big)(?: is| are)?|and)(?![\w'])\s*|"
    r"|^(?:какой|какая|какое|какие|кто|когда|где|сколько|а)(?!\w)\s*(?:сейчас\s+|теперь\s+)?|"
)


def _leaves_a_gap(text: str) -> bool:
    """A short statement by the person that names what was settled and not its value."""
    if _words(text) > GAP_HEAD_WORDS or is_question(text) or CHAT_TASK.search(text.strip()):
        return False
    s = analyse(text.strip())
    # "Update: Tobias takes over Cobalt from Desmond." says all it has to: two names past the
    # opening are a whole statement, not a heading for the next message; "Nobody knows yet if
    # …", "まだ誰も分かりません" is an open question, complete as said.
    # (Katakana words are loanwords as often as names: "ヒカリのバックログの担当が決まりました"
    # names one thing and leaves its value to the next message.)
    named = [n for n in s.inner_names if not _KATAKANA_WORD.fullmatch(n)]
    return (not s.has_value and len(named) < COMPLETE_NAMES and bool(_GAP.search(text.strip()))
            and not is_undecided(text))


def _fills_a_gap(head: str, text: str) -> bool:
    """A short reply with a value or a name in it that completes ``head`` ("Rosalind did.",
    "The Edinburgh office.", "X it is."), or gives the reason for it."""
    said = text.strip()
    if REASON_FOLLOWUP.search(said) and not is_question(said):
        return True
    if (_words(said) > GAP_TAIL_WORDS or is_question(said) or CHAT_TASK.search(said)
            or _CONFIRM.search(said) or _DENY.search(said)):
        return False
    s = analyse(said)
    return (s.has_value or bool(s.names)) and _leaves_a_gap(head)


_ACRONYM = re.compile(r"[A-Z]{2,5}")


def _announces(head: str) -> bool:
    """A short statement by the person that names one thing and gives no value of it ("We
    finally have a paying customer for Kestrel.", "Появился заказчик на Angara.",
    "Minatoのお金の話ですが"): the next short reply that is only a value or a name is its value,
    whatever the assistant said between ("Go on.", "Слушаю.", "どうぞ。")."""
    said = head.strip()
    if _words(said) > GAP_HEAD_WORDS or is_question(said) or CHAT_TASK.search(said) or is_undecided(said):
        return False
    s = analyse(said)
    named = s.names if KANA.search(said) else s.inner_names
    # An acronym is a kind of work ("QA", "CI"), not a second name that would make the line whole.
    things = [n for n in named if not _KATAKANA_WORD.fullmatch(n) and not _ACRONYM.fullmatch(n)]
    return not s.has_value and bool(named) and len(things) < COMPLETE_NAMES and names_a_kind_of_work(s)


def _bare(text: str) -> bool:
    """A short reply that is only a value or a name ("Tidewater Bank.", "195 мс, p95.", "Париж.",
    "富士見製薬です。", "We told them June 12.")."""
    said = text.strip()
    if (_words(said) > GAP_TAIL_WORDS or is_question(said) or CHAT_TASK.search(said)
            or _CONFIRM.search(said) or _DENY.search(said) or _leaves_a_gap(said) or _names_a_topic(said)):
        return False
    s = analyse(said)
    if not (s.has_value or s.names or _NAMED_JA.fullmatch(said)):
        return False
    if _CJK.search(said):
        # At most two things besides its numbers: "1300万円で承認されました。", "OpenSearchに決まったよ。",
        # not "近所の山本さんが犬を飼い始めました。" nor "Soraの本拠地は名古屋です。".
        # A subject of its own ("避難訓練は…", "ランチが…") makes it a statement, not a value.
        return len(_JA_THING.findall(_JA_AMOUNT.sub(" ", said))) <= BARE_THINGS and not _JA_SUBJECT.search(said)
    # At most two words that are neither names, numbers nor function words: "Rowena
    # volunteered.", "Kvant Logistics, договор уже у юристов.", not "Lorna's dog ate a cake."
    names = set(s.names)
    rest = [w for w in _WORD.findall(said) if w not in names and not is_function_word(w) and not _NUMBER.search(w)]
    return len(rest) <= BARE_THINGS


BARE_THINGS = 2
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_JA_AMOUNT = re.compile(r"\d+(?:[.,]\d+)*\s*(?:万|億|千|百)?(?:円|ドル|ユーロ|人|名|日|月|年|時間|分|秒|ms|%|％)?")
_JA_THING = re.compile(r"[\u30a0-\u30ffー]+|[A-Za-z][\w.-]*|[\u3400-\u9fff]+")
_JA_SUBJECT = re.compile(r"[\u30a0-\u30ff\u3400-\u9fffA-Za-z0-9ー][はが]")


def _names_again(head: str, tail: str) -> bool:
    """Whether ``tail`` names what ``head`` names: then it is a statement of its own ("Rosalind
    owns the backlog for Lark." — "We picked Postgres for Lark.")."""
    theirs = {n.lower()[:5] for n in analyse(head.strip()).names}
    return any(n.lower()[:5] in theirs for n in analyse(tail.strip()).names)


def _after_dash(tail: str, head: str) -> str:
    """The second message as it reads after a dash: its first word in lower case when it is a
    common word ("… — the Toulouse office", "… — перенесли на 12 апреля"), never a name
    ("… — Rosalind did", "… — Самара, а не Пермь", nor a word the first message names with
    its capital: "Кедр" is a cedar and a project)."""
    tail = tail.strip()
    first = tail.split(" ", 1)[0].rstrip(".,;:!?")
    if first[:1].isupper() and not first[1:2].isupper() and (
            is_function_word(first) or (is_common_russian(first) and first not in head)):
        return first[0].lower() + tail[1:]
    return tail


def _joined(head: str, tail: str) -> str:
    if is_question(head):
        asked = _ASKING.sub("", head.strip(), count=1)
        head = asked[:1].upper() + asked[1:] if asked else head
    head = head.rstrip().rstrip("?？").rstrip()
    head = head[:-1] if head.endswith((".", "。")) else head
    return f"{head} — {_after_dash(tail, head)}"


def _names_something(question: str) -> bool:
    """Whether the assistant's question is about something named ("Who designs Harbor?"),
    not small talk ("Was it good?", "Сочувствую. Хоть носки сухие остались?": the capital
    after the first sentence's full stop is not a name)."""
    s = analyse(_last_sentence(question))
    return bool(s.names if KANA.search(question) else s.inner_names)


def _says_something(assistant: str) -> bool:
    s = analyse(assistant.strip())
    return s.has_value or bool(s.names if KANA.search(assistant) else s.inner_names)


def _last_sentence(text: str) -> str:
    said = split_sentences(text.strip())
    return said[-1] if said else text.strip()


# What the assistant says to hear the rest: a short question or an invitation ("Go on?",
# "Sure, tell me.", "Okay — what did you land on?", "Так, и?", "Слушаю.", "どうぞ。", "で、結論は？").
_INVITES = rx(
    r"\bgo on\b|\btell me\b|\bgo ahead\b|\bshoot\b|\blistening\b|\bi'm all ears\b|\band\?|"
    r"|\bслушаю\b|\bдавай\b|\bрассказывай|\bвыкладывай|\bи\?|\bговори\b|"
    r"|どうぞ|聞かせて|教えて|結論は|で？|それで"
)
PROMPT_WORDS = 8


def _prompts(assistant: str) -> bool:
    """Whether the assistant's message only asks for the rest of what the person began."""
    said = assistant.strip()
    if _words(said) > PROMPT_WORDS:
        return False
    return is_question(said) or _INVITES.search(said) is not None


def _only_a_value(text: str) -> bool:
    """A bare reply, or a short one whose value is a number or date and that names nothing past
    its first word ("690k, including contractors", "29か月、延長は任意") — not news of its own
    ("Ploverton folks are based in our Graz office")."""
    if _bare(text):
        return True
    s = analyse(text.strip())
    return _gives_a_bare_value(text) and s.has_value and not s.inner_names


def _opens(head: str) -> bool:
    """A short line by the person that names one thing and gives no value of it ("contract
    term for Ploverton", "カワセミの契約期間、合意しました"): with the assistant prompting for
    the rest, the next bare reply is its value, whatever kind of value it is."""
    said = head.strip()
    if _words(said) > GAP_HEAD_WORDS or is_question(said) or CHAT_TASK.search(said) or is_undecided(said):
        return False
    s = analyse(said)
    named = s.names if KANA.search(said) else s.inner_names or s.names
    things = [n for n in named if not _KATAKANA_WORD.fullmatch(n) and not _ACRONYM.fullmatch(n)]
    # A name of two words is one thing ("Sundial Row").
    parts = sum(1 for a, b in zip(things, things[1:], strict=False) if f"{a} {b}" in said)
    return not s.has_value and bool(named) and len(things) - parts < COMPLETE_NAMES


def _stated(text: str) -> bool:
    """A statement the next message may give the reason for ("We had to drop Jenkins.")."""
    return not is_question(text) and _words(text) <= GAP_HEAD_WORDS


def _continued(head: str, tail: str) -> str:
    head = head.rstrip()
    head = head[:-1] if head.endswith((".", "。")) else head
    joiner = "" if head[-1:] and "\u3040" <= head[-1] <= "\u9fff" else " "
    if REASON_FOLLOWUP.search(tail.strip()):
        return f"{head}{'。' if not joiner else '.'}{joiner}{tail.strip()}"
    return f"{head} — {_after_dash(tail, head)}"


def utterances(messages: Sequence[SourceMessage]) -> list[Utterance]:
    """The messages as utterances (see the module docstring), in order."""
    out: list[Utterance] = []
    pending: Utterance | None = None  # a person's message that broke off
    topic: _Topic | None = None  # a person's message that named a topic and said nothing of it
    gap: _Topic | None = None  # a person's message the next one may complete
    last_assistant: SourceMessage | None = None
    for msg in messages:
        msg_id, role, text = str(msg[0]), msg[1], msg[2]
        if is_document(text):
            out.append(Utterance((msg_id,), role, text))
            continue
        if role != "user":
            last_assistant = msg
            out.append(Utterance((msg_id,), role, text))
            continue
        # A confirmation takes the assistant's words as the person's when they say something
        # ("So Tariq leads Vega?"), not when they only acknowledge ("記録しておきます。").
        confirmed = (last_assistant is not None and _CONFIRM.search(text.strip()) is not None
                     and _says_something(last_assistant[2]))
        if confirmed and last_assistant is not None and len(last_assistant[2]) <= CONFIRMED_CHARS:
            out.append(Utterance((str(last_assistant[0]), msg_id), "user", _as_statement(last_assistant[2])))
        elif pending is None and topic is not None and _gives_a_bare_value(text):
            out[topic.index] = Utterance(topic.said.source_ids, topic.said.role, "")
            out.append(Utterance((*topic.said.source_ids, msg_id), "user", _joined(topic.said.text, text)))
            topic = last_assistant = None
            continue
        # A reply to the assistant's question about something named answers that question, not
        # the person's line before it ("по проекту «Ольха» пара новостей" — "Почему отказались от
        # Firebase?" — "из-за задержки").
        elif (pending is None and last_assistant is not None and len(last_assistant[2]) <= CONFIRMED_CHARS
              and is_question(last_assistant[2]) and _names_something(last_assistant[2]) and _answers(text)):
            out.append(Utterance((str(last_assistant[0]), msg_id), "user",
                                 _joined(_last_sentence(last_assistant[2]), text)))
            topic = last_assistant = gap = None
            continue
        elif pending is None and gap is not None and _fills_a_gap(gap.said.text, text):
            out[gap.index] = Utterance(gap.said.source_ids, gap.said.role, "")
            out.append(Utterance((*gap.said.source_ids, msg_id), "user",
                                 _continued(gap.said.text, text)))
            gap = topic = last_assistant = None
            continue
        elif (pending is None and gap is not None and last_assistant is not None
              and _prompts(last_assistant[2]) and _opens(gap.said.text)
              and _only_a_value(text) and not _names_again(gap.said.text, text)):
            out[gap.index] = Utterance(gap.said.source_ids, gap.said.role, "")
            out.append(Utterance((*gap.said.source_ids, msg_id), "user", _continued(gap.said.text, text)))
            gap = topic = last_assistant = None
            continue
        elif (pending is None and gap is not None and _announces(gap.said.text) and _bare(text)
              and not _names_again(gap.said.text, text)):
            out[gap.index] = Utterance(gap.said.source_ids, gap.said.role, "")
            out.append(Utterance((*gap.said.source_ids, msg_id), "user", _continued(gap.said.text, text)))
            gap = topic = last_assistant = None
            continue
        if pending is not None and pending.text.rstrip().endswith(("…", "...")) and not _bare(text):
            # "今朝の電車、88分も遅れた…" trails off; a next message that is not a bare value
            # ("Hotaruのリーダー、決まったよ。") starts a thing of its own.
            out.append(pending)
            pending = None
        topic = last_assistant = gap = None
        if pending is not None:
            head = pending.text.rstrip()
            head = head[:-3] if head.endswith("...") else head.rstrip("…")
            joiner = "" if head[-1:] in ("、", "：") else " "
            text = f"{head}{joiner}{text.strip()}"
            ids = (*pending.source_ids, msg_id)
            pending = None
        else:
            ids = (msg_id,)
        if text.rstrip().endswith(_BREAKS_OFF):
            pending = Utterance(ids, role, text)
            continue
        said = Utterance(ids, role, text)
        if len(ids) == 1 and _names_a_topic(text):
            topic = _Topic(len(out), said)
        elif len(ids) == 1 and not confirmed and (_leaves_a_gap(text) or _stated(text)):
            gap = _Topic(len(out), said)
        out.append(said)
    if pending is not None:
        out.append(pending)
    return [u for u in out if u.text]


@dataclass(frozen=True, slots=True)
class _Topic:
    """A person's message that named a topic, and where it is in the output."""

    index: int
    said: Utterance


# A fold holds back at most this many messages at its end.
HELD_BACK = 2


def pending_tail(messages: Sequence[SourceMessage]) -> int:
    """How many messages at the end of a fold's range wait for the next message to be read
    (0, 1 or 2): a person's line that leaves its value to the next one ("contract term for
    Vega" — "Go on?"), or the assistant's question about something named ("Where will Vega
    be hosted?"). Folding them now would read the line apart from its value, which lands in
    the next fold; the fold ends before them instead and the next one reads them together.
    Never the whole range."""
    if len(messages) <= HELD_BACK:
        return 0
    last, before = messages[-1], messages[-2]
    if last[1] == "user":
        # Whether the assistant will prompt for the rest is not known yet: a line that could
        # open a value waits (held back, it is only folded one fold later).
        return 1 if _waits(str(last[2]), None) or _opens(str(last[2])) else 0
    if before[1] == "user" and _waits(str(before[2]), str(last[2])):
        return 2
    asked = str(last[2])
    return 1 if len(asked) <= CONFIRMED_CHARS and is_question(asked) and _names_something(asked) else 0


def _waits(text: str, assistant: str | None) -> bool:
    if is_document(text):
        return False
    said = text.strip()
    return (said.endswith(_BREAKS_OFF) or _names_a_topic(said) or _leaves_a_gap(said) or _announces(said)
            or (assistant is not None and _prompts(assistant) and _opens(said)))
