"""What a client says about how it wants to be answered: its instructions and sampling settings.

An agent is its instructions — a persona, rules, an output format — so a drop-in request's
system prompt (and the native API's ``system`` field) is kept with the conversation and goes
into the request's system segment after threadkeep's own text, under a fixed heading. It is
stored sealed per conversation and reused byte for byte, so the cached prefix holds; a changed
one replaces it, and the turn that sends it is a counted rebuild in the call log
(``instructions_changed``), never a silent change of the prefix.

Sampling settings (``temperature``, ``top_p``, ``stop``, ``max_tokens``) ride with one request
only: they are not part of the prompt, so they never touch the cache. ``max_tokens`` is capped
by the answer the server reserves room for.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from threadkeep.errors import ContextOverflow, InvalidText, MessageTooLarge
from threadkeep.messages import ModelRequest

__all__ = [
    "Sampling",
    "INSTRUCTIONS_HEADING",
    "clean_instructions",
    "system_with_instructions",
    "check_instructions_room",
]

# Above the client's text in the system segment: the model should read it as what the
# application it serves asks of it, beside threadkeep's own guidance on memory.
INSTRUCTIONS_HEADING = "Instructions from the application you are part of (follow them):"


@dataclass(frozen=True, slots=True)
class Sampling:
    """A client's sampling settings for one request (None / empty: the provider's default)."""

    temperature: float | None = None
    top_p: float | None = None
    stop: tuple[str, ...] = ()
    max_tokens: int | None = None

    def apply(self, request: ModelRequest, *, cap: int) -> ModelRequest:
        """``request`` with these settings; ``max_tokens`` at most ``cap`` (the answer's room)."""
        most = min(request.max_tokens, cap)
        return replace(
            request,
            temperature=self.temperature if self.temperature is not None else request.temperature,
            top_p=self.top_p,
            stop=self.stop,
            max_tokens=most if self.max_tokens is None else max(1, min(self.max_tokens, most)),
        )


def clean_instructions(text: str, *, max_bytes: int) -> str:
    """The client's instructions as stored ("" for none), or a clear error."""
    if "\x00" in text:
        raise InvalidText(f"the system prompt contains a NUL byte (at position {text.index(chr(0))})")
    if not text.strip():
        return ""
    size = len(text.encode("utf-8"))
    if size > max_bytes:
        raise MessageTooLarge(f"the system prompt (instructions) is {size} bytes; the limit is {max_bytes} bytes")
    return text


def system_with_instructions(system: str, instructions: str) -> str:
    """The system segment: threadkeep's frozen text, then the client's instructions."""
    if not instructions:
        return system
    return f"{system}\n\n{INSTRUCTIONS_HEADING}\n{instructions}" if system else instructions


def check_instructions_room(client_tokens: int, ceiling: int) -> None:
    """The client's instructions and tools may take at most half the token ceiling: the rest
    is for the conversation's memory, its history and the new message."""
    if client_tokens > ceiling // 2:
        raise ContextOverflow(
            f"the system prompt and tools take {client_tokens} tokens; at most {ceiling // 2} "
            f"(half of the model's limit of {ceiling}) may go to them: shorten the "
            "instructions or send fewer tools"
        )
