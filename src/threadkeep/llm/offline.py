"""The offline default: no language model, honest about it.

It answers by quoting what threadkeep remembers that relates to the new message — summary
items, facts, recalled and earlier messages — and says where each came from. It never
pretends to understand or to be an LLM.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

from threadkeep.llm.base import Capabilities, Stop, StreamEvent, TextDelta, Usage, UsageReport
from threadkeep.llm.offline_smalltalk import small_talk
from threadkeep.messages import ModelRequest, Segment, ToolResultPart
from threadkeep.retrieval.tokenizer import tokenize

__all__ = ["OfflineModel", "OFFLINE_NOTICE"]

OFFLINE_NOTICE = (
    "[offline mode: no language model is configured, so I can only quote what I remember. "
    "Set THREADKEEP_MODEL to use a real model.]"
)
_CJK_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+|\n+")
# A line that is only one of the engine's tags (<turn_context>, </summary>, <context ...>).
_TAG_LINE = re.compile(r"^\s*</?[A-Za-z_][\w-]*(?:\s[^<>]*)?>\s*$")
_QUESTION_END = ("?", "？", "؟")
_MAX_QUOTES = 5

THIS_CONVERSATION = "earlier in this conversation"
SUMMARY = "summary of this conversation"
STARTUP = "what I knew when this conversation began"
FACTS = "what I know about you"


def _terms(text: str) -> set[str]:
    """Content words (stop words dropped, stemmed) and CJK bigrams, as retrieval sees them."""
    return {t for t in tokenize(text) if len(t) >= 3 or _CJK_CHAR.match(t)}


def _sentences(text: str, *, statements_only: bool = False) -> list[str]:
    """The quotable sentences of ``text``: never a tag line, nor a quote of an offline answer;
    with ``statements_only`` never a question either (a question is not a memory)."""
    out = []
    for line in text.split("\n"):
        if _TAG_LINE.match(line):
            continue
        for sentence in _SENTENCE.split(line):
            sentence = sentence.strip()
            if not sentence or sentence.startswith(("[offline mode", "What I remember that relates")):
                continue
            if statements_only and sentence.endswith(_QUESTION_END):
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
        if prev and line.strip() and not prev.endswith(_ENDS_SENTENCE) and not _BLOCK_START.match(line) \
                and not _TAG_LINE.match(line) and not _TAG_LINE.match(prev):
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
                at_start = m.start() == 0 or part.content[m.start() - 2:m.start()] == "\n\n"
                if at_start and (expected is None or int(m.group(1)) == expected):
                    heads.append(m)
            for i, head in enumerate(heads):
                end = heads[i + 1].start() if i + 1 < len(heads) else len(part.content)
                label = f"knowledge base [{head.group(1)}] {head.group(2)}"
                body = _HEADING.sub("", part.content[head.end():end])  # a heading is not a statement
                out.extend((label, s) for s in _sentences(_unwrap(body)))
    return out


_RECALLED_LINE = re.compile(r"^(?:- )?\[(\d{4}-\d{2}-\d{2})\] (.*)$")
# A line's speaker: "you", "Name (you)", "person" (older notes) or anyone else's name, up to
# the first ": " (names are at most 200 characters; one bounded class, linear time).
_SAID = re.compile(r"^([^:\n]{1,200}?): (.*)$")


def _turn_context(text: str) -> list[tuple[str, str]]:
    """(label, sentence) from the per-turn context: facts, what the person said in other
    conversations (never the assistant's answers), and this conversation's compacted part."""
    out: list[tuple[str, str]] = []
    section = ""
    speaker = ""
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
            out.extend((FACTS, s) for s in _sentences(stripped[2:]))
        elif section == "Recalled:":
            # "- [date] who: text" opens a block; later lines carry their own "[date] " (and
            # in recall notes stored before issue 25, none). The person's lines say "you",
            # "Name (you)", or (older notes) "person".
            recalled = _RECALLED_LINE.match(stripped)
            if recalled:
                date, stripped = recalled.group(1), recalled.group(2)
            said = _SAID.match(stripped)
            if said:
                who, stripped = said.group(1), said.group(2)
                speaker = "person" if who in ("you", "person") or who.endswith(" (you)") else "other"
            if speaker == "person" and stripped != "…":
                label = f"you said in another conversation, on {date}" if date else "you said in another conversation"
                out.extend((label, s) for s in _sentences(stripped, statements_only=True))
        elif section == "compacted" and not stripped.endswith(":"):
            out.extend((THIS_CONVERSATION, s) for s in _sentences(stripped.removeprefix("- ")))
    return out


def _memories(seg: Segment) -> list[tuple[str, str]]:
    """(label, sentence) a segment offers as memory; what the assistant said is never one."""
    if seg.name == "history":
        # A recall note (docs/CACHE.md §9) reads like the per-turn context's "Recalled:".
        return [item for m in seg.messages if m.role == "user"
                for item in (_turn_context(m.text) if m.text.startswith("<recalled_note>")
                             else [(THIS_CONVERSATION, s) for s in _sentences(m.text, statements_only=True)])]
    if seg.name == "turn_context":
        return [item for m in seg.messages for item in _turn_context(m.text)]
    if seg.name in ("summary", "startup"):
        label = SUMMARY if seg.name == "summary" else STARTUP
        return [(label, s.removeprefix("- ")) for m in seg.messages for s in _sentences(m.text)
                if not s.endswith(":")]
    return []


class OfflineModel:
    """A ChatModel that quotes memory instead of generating."""

    name = "offline"
    capabilities = Capabilities(cache_style="none", context_window=32_000, supports_tools=False,
                                quotes_memory=True)

    def count_tokens(self, text: str) -> int:
        from threadkeep.tokens import default_counter

        return default_counter().count(text)

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        question = ""
        for seg in request.segments:
            if seg.name == "new_message":
                question = " ".join(m.text for m in seg.messages)
        answer = self.answer(question, request.segments)
        for i in range(0, len(answer), 24):
            yield TextDelta(answer[i : i + 24])
        yield UsageReport(Usage(input_tokens=0, output_tokens=0))
        yield Stop("end_turn")

    def answer(self, question: str, segments: tuple[Segment, ...]) -> str:
        brief = small_talk(question, OFFLINE_NOTICE)
        if brief is not None:
            return brief
        wanted = _terms(question)
        scored: list[tuple[float, int, str, str]] = []
        seen: set[str] = set()
        for seg in segments:
            knowledge = seg.name == "tool_round"
            for source, sentence in _passages(seg) if knowledge else _memories(seg):
                overlap = len(wanted & _terms(sentence))
                if not overlap or sentence in seen:
                    continue
                seen.add(sentence)
                score = overlap / (1 + len(_terms(sentence)) ** 0.5)
                # Knowledge passages rank ahead of conversation memory on ties.
                scored.append((score + (1.0 if knowledge else 0.0), len(scored), source, sentence))
        searched = any(seg.name == "tool_round" for seg in segments)
        if not scored:
            nothing = ("The knowledge base has nothing on this, and I don't recall anything related."
                       if searched else "I don't recall anything related to that yet.")
            return f"{OFFLINE_NOTICE}\n\n{nothing}"
        best = sorted(scored, key=lambda t: (-t[0], -t[1]))[:_MAX_QUOTES]
        lines = [f"- ({source}) {sentence}" for _, _, source, sentence in sorted(best, key=lambda t: t[1])]
        return f"{OFFLINE_NOTICE}\n\nWhat I remember that relates to your message:\n" + "\n".join(lines)
