"""The offline default: no language model, honest about it.

It answers by quoting what threadkeep remembers that relates to the new message — summary
items, facts, recalled and earlier messages — and says where each came from. It never
pretends to understand or to be an LLM.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

from threadkeep.llm.base import Capabilities, Stop, StreamEvent, TextDelta, Usage, UsageReport
from threadkeep.memory.retrieval import tokenize
from threadkeep.messages import ModelRequest, Segment, ToolResultPart

__all__ = ["OfflineModel", "OFFLINE_NOTICE"]

OFFLINE_NOTICE = (
    "[offline mode: no language model is configured, so I can only quote what I remember. "
    "Set THREADKEEP_MODEL to use a real model.]"
)
_CJK_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+|\n+")
_SOURCES = {
    "startup": "conversation start",
    "summary": "conversation summary",
    "history": "earlier in this conversation",
    "turn_context": "memory about you",
}
_MAX_QUOTES = 5


def _terms(text: str) -> set[str]:
    """Content words (stop words dropped, stemmed) and CJK bigrams, as retrieval sees them."""
    return {t for t in tokenize(text) if len(t) >= 3 or _CJK_CHAR.match(t)}


_PASSAGE = re.compile(r"^\[(\d+)\] (.+?)\n", re.MULTILINE)


def _passages(seg: Segment) -> list[tuple[str, str]]:
    """(source label, sentence) from knowledge search results: '[n] Title (part k)' blocks."""
    out: list[tuple[str, str]] = []
    for msg in seg.messages:
        for part in msg.parts:
            if not isinstance(part, ToolResultPart) or part.is_error:
                continue
            for block in part.content.split("\n\n"):
                head = _PASSAGE.match(block)
                if head is None:
                    continue
                label = f"knowledge base [{head.group(1)}] {head.group(2)}"
                for sentence in _SENTENCE.split(block[head.end():]):
                    if sentence.strip():
                        out.append((label, sentence.strip()))
    return out


class OfflineModel:
    """A ChatModel that quotes memory instead of generating."""

    name = "offline"
    capabilities = Capabilities(cache_style="none", context_window=32_000, supports_tools=False)

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
        wanted = _terms(question)
        scored: list[tuple[float, int, str, str]] = []
        order = 0
        for seg in segments:
            if seg.name == "tool_round":
                for source, sentence in _passages(seg):
                    overlap = len(wanted & _terms(sentence))
                    if overlap:
                        order += 1
                        # Knowledge passages rank ahead of conversation memory on ties.
                        scored.append((1.0 + overlap / (1 + len(_terms(sentence)) ** 0.5), order, source, sentence))
                continue
            if seg.name not in _SOURCES:
                continue
            for msg in seg.messages:
                if seg.name == "history" and msg.role != "user":
                    continue  # quote what was said to us, not our own earlier quotes
                for sentence in _SENTENCE.split(msg.text):
                    sentence = sentence.strip()
                    if not sentence or sentence.startswith("[offline mode"):
                        continue
                    overlap = len(wanted & _terms(sentence))
                    if overlap:
                        order += 1
                        scored.append((overlap / (1 + len(_terms(sentence)) ** 0.5), order, _SOURCES[seg.name], sentence))
        searched = any(seg.name == "tool_round" for seg in segments)
        if not scored:
            nothing = ("The knowledge base has nothing on this, and I don't recall anything related."
                       if searched else "I don't recall anything related to that yet.")
            return f"{OFFLINE_NOTICE}\n\n{nothing}"
        best = sorted(scored, key=lambda t: (-t[0], -t[1]))[:_MAX_QUOTES]
        lines = [f"- ({source}) {sentence}" for _, _, source, sentence in sorted(best, key=lambda t: t[1])]
        return f"{OFFLINE_NOTICE}\n\nWhat I remember that relates to your message:\n" + "\n".join(lines)
