"""The naive assembler the benchmark compares against — what many chat servers do.

It is written the obvious way, not built to fail: it even marks cache breakpoints (on the
system prompt and at the end of the history). What breaks its cache are two ordinary habits:

- the current time at the top of the system prompt ("you are …, it is now 09:04"), so the
  first block of every request differs from the previous one;
- a window of the last ``window`` messages that slides on every turn, so the oldest message
  of the history changes each time the window is full.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from threadkeep.memory.summary.items import SourceMessage
from threadkeep.messages import Breakpoint, ChatMessage, ModelRequest, Segment, ToolSpec

__all__ = ["NaiveAssembler"]


@dataclass(frozen=True, slots=True)
class NaiveAssembler:
    """Timestamped system prompt, sliding window, breakpoints on system and history end."""

    system: str
    tools: tuple[ToolSpec, ...] = ()
    window: int = 20
    max_tokens: int = 1024

    def request(
        self, history: Sequence[SourceMessage], new_message: str, *, now: str, conversation_id: str
    ) -> ModelRequest:
        """The request of one turn."""
        recent = list(history)[-self.window :]
        messages = tuple(
            ChatMessage("assistant" if role == "assistant" else "user", ChatMessage.user(text).parts)
            for _id, role, text, *_ in recent
        )
        segments = [Segment("tools"), Segment("system")]
        if messages:
            segments.append(Segment("history", messages))
        segments.append(Segment("new_message", (ChatMessage.user(new_message),)))
        breakpoints = [Breakpoint(1, 300)]
        if messages:
            breakpoints.append(Breakpoint(2, 300))
        return ModelRequest(
            system=f"Current time: {now}.\n{self.system}",
            tools=self.tools,
            segments=tuple(segments),
            max_tokens=self.max_tokens,
            cache_key=conversation_id,
            breakpoints=tuple(breakpoints),
        )
