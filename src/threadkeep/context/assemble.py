"""Assemble the request of one turn under one token ceiling (ARCHITECTURE §3).

Segments, most stable first: tools, system, start-up bundle (frozen into the first user
message), the rolling summary (a block above the history), verbatim history, per-turn context
(clock, relevant facts, recalled messages, compaction block) next to the new message, and the
new message. :func:`assemble` is pure: no clock, no randomness, no storage. Its cost depends on
the window it is given (messages after the summary cursor), never on the conversation length.

Priorities: system and tools are never cut (too large is a :class:`ConfigError`). A new
message larger than the room it may take (the ceiling less the fixed part and a compaction
block's worth for the history) is shown in part, with a reference line
(:mod:`threadkeep.context.excerpt`); the stored message stays whole. The last 12 history
messages stay verbatim as long as they fit; when even they do not, their oldest are compacted
too — a conversation can always take its next message. Older history and retrieved context
compete for the rest; history that does not fit is compacted into one block, never dropped
silently.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from threadkeep.context.budget import MESSAGE_OVERHEAD, MemoCounter, tools_json
from threadkeep.context.compaction import Compactor
from threadkeep.context.excerpt import MIN_EXCERPT_TOKENS, excerpt
from threadkeep.errors import ConfigError, ContextOverflow
from threadkeep.messages import (
    ChatMessage,
    ModelRequest,
    Segment,
    SegmentName,
    SourceMessage,
    TextPart,
    ToolSpec,
)
from threadkeep.tokens import TokenCounter

__all__ = [
    "MIN_VERBATIM",
    "TurnInputs",
    "CompactionReport",
    "AssemblyReport",
    "Assembly",
    "assemble",
    "startup_block",
    "summary_block",
]

# The last messages a request always shows verbatim (and folding never passes: memory.folding).
MIN_VERBATIM = 12
# Tags and headings of the per-turn context message, reserved up front.
_CONTEXT_FRAME = 12
# A compaction block's own framing beyond its cap (its line in the context message).
_BLOCK_FRAME = 16


def startup_block(startup: str) -> str:
    """The start-up bundle's message as a request shows it ("" when there is none).

    The one framing of the block: the assembler renders it and the engine's budget estimate
    counts it (engine/request.py), so the two cannot drift apart.
    """
    return f"<conversation_start>\n{startup}\n</conversation_start>" if startup else ""


def summary_block(summary: str) -> str:
    """The rolling summary's message as a request shows it ("" when there is none)."""
    return f"<summary>\n{summary}\n</summary>" if summary else ""


@dataclass(frozen=True, slots=True)
class TurnInputs:
    """Everything one turn's request is made of, already decrypted and rendered.

    ``history`` is the verbatim window — ``(message_id, role, text)`` of the messages after the
    summary cursor, oldest first. ``facts`` and ``recalled`` come in relevance order.
    """

    system: str
    new_message: str
    tools: tuple[ToolSpec, ...] = ()
    startup: str = ""
    summary: str = ""
    history: tuple[SourceMessage, ...] = ()
    now: str = ""
    facts: tuple[str, ...] = ()
    recalled: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CompactionReport:
    first_id: str
    last_id: str
    messages: int
    tokens: int
    reason: str


@dataclass(frozen=True, slots=True)
class AssemblyReport:
    """What went in, token counts per segment, what was compacted or left out and why."""

    ceiling: int
    total_tokens: int
    segments: dict[str, int]
    verbatim_ids: tuple[str, ...]
    compaction: CompactionReport | None
    facts_used: int
    facts_offered: int
    recalled_used: int
    recalled_offered: int
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (for logs, the API and the CLI)."""
        data = asdict(self)
        data["verbatim_ids"] = list(self.verbatim_ids)
        data["notes"] = list(self.notes)
        return data


@dataclass(frozen=True, slots=True)
class Assembly:
    request: ModelRequest
    report: AssemblyReport


@dataclass(slots=True)
class _Plan:
    facts: list[str] = field(default_factory=list)
    recalled: list[str] = field(default_factory=list)
    compacted: int = 0  # how many of the oldest history messages go into the block
    block: str = ""
    notice: bool = False  # the block is the one-line notice, not a compaction
    notes: list[str] = field(default_factory=list)


def _context_text(now: str, facts: Sequence[str], recalled: Sequence[str], block: str) -> str:
    parts: list[str] = []
    if now:
        parts.append(f"Current time: {now}")
    if facts:
        parts.append("Relevant facts:\n" + "\n".join(f"- {f}" for f in facts))
    if recalled:
        parts.append("Recalled:\n" + "\n".join(f"- {r}" for r in recalled))
    if block:
        parts.append(block)
    if not parts:
        return ""
    return "<turn_context>\n" + "\n\n".join(parts) + "\n</turn_context>"


def _take(items: Sequence[str], budget: int, counter: MemoCounter) -> tuple[list[str], int]:
    """Items in relevance order while they fit (top-k by relevance, not by size)."""
    taken: list[str] = []
    used = 0
    for item in items:
        cost = counter.count(item) + 3  # "- " and the newline
        if used + cost > budget:
            break
        taken.append(item)
        used += cost
    return taken, used


def assemble(
    inputs: TurnInputs,
    *,
    ceiling: int,
    compactor: Compactor,
    counter: TokenCounter | None = None,
    retrieval_share: float = 0.25,
    compaction_step: int = 8,
    max_tokens: int = 1024,
    cache_key: str | None = None,
) -> Assembly:
    """Build the :class:`ModelRequest` of one turn and the report of how it was built.

    ``ceiling`` is the context window minus the answer reserve. When older history does not
    fit, the oldest messages leave in steps of ``compaction_step`` (so the compacted range —
    and its block — stays the same over several turns) and become one block of ``compactor``
    (the engine's says what memory's extractive summariser makes of them).
    """
    if isinstance(counter, MemoCounter):
        tc = counter
    else:
        tc = MemoCounter(counter) if counter is not None else MemoCounter()
    tools_text = tools_json(inputs.tools)
    fixed = tc.count(inputs.system) + tc.count(tools_text)
    if fixed > ceiling:
        raise ConfigError(
            f"system prompt and tools take {fixed} tokens, more than the ceiling "
            f"of {ceiling}; shorten them or raise the context window"
        )
    startup_msg = startup_block(inputs.startup)
    summary_msg = summary_block(inputs.summary)
    base = fixed + sum(tc.message(t) for t in (startup_msg, summary_msg) if t)
    base += tc.message(_context_text(inputs.now, (), (), "")) if inputs.now else 0
    if base > ceiling:
        raise ConfigError(
            f"system prompt, tools, start-up bundle and summary take {base} tokens, more than the ceiling of {ceiling}"
        )
    # Without a clock line the context message is not in ``base`` yet: reserve its framing.
    framing = 0 if inputs.now else MESSAGE_OVERHEAD
    history = list(inputs.history)
    # What the history keeps at least: one compaction block (or a third of what is left).
    floor = min(compactor.cap + _BLOCK_FRAME, (ceiling - base) // 3) if history else 0
    notes: list[str] = []
    new_message = inputs.new_message
    new_room = ceiling - base - framing - floor - MESSAGE_OVERHEAD
    if tc.count(new_message) > new_room:
        if new_room < MIN_EXCERPT_TOKENS:
            raise ContextOverflow(
                f"the new message is {tc.message(new_message)} tokens and only "
                f"{max(0, new_room)} fit under the ceiling of {ceiling}; raise "
                "the context window"
            )
        part = excerpt(new_message, new_room, tc)
        new_message = part.text
        notes.append(
            f"new message of {part.total_tokens} tokens shown in part: "
            f"{part.shown_passages} of {part.passages} passages"
        )
    new_cost = tc.message(new_message)
    room = ceiling - base - new_cost - framing

    costs = [tc.message(m[2]) for m in history]
    keep_n = min(MIN_VERBATIM, len(history))
    must = sum(costs[len(history) - keep_n :])
    while keep_n and must + (floor if keep_n < len(history) else 0) > room:
        # Even the newest messages do not fit: their oldest are compacted too.
        keep_n -= 1
        must -= costs[len(history) - keep_n - 1]
    if keep_n < min(MIN_VERBATIM, len(history)):
        notes.append(f"only the last {keep_n} messages fit verbatim; older ones compacted")
    older = costs[: len(history) - keep_n]
    plan = _plan(inputs, history, older, room - must, tc, compactor, retrieval_share, compaction_step)
    plan.notes[:0] = notes
    while True:
        built = _build(
            inputs, new_message, plan, history, ceiling, tc, tools_text, startup_msg, summary_msg, max_tokens, cache_key
        )
        over = built.report.total_tokens - ceiling
        if over <= 0:
            return built
        # Per-part estimates can drift from the joined text by a few tokens: shed the least
        # relevant retrieved item, then compact one more message, then replace the block by
        # its one-line notice; only a ceiling too small for the new message alone refuses.
        if plan.recalled or plan.facts:
            (plan.recalled or plan.facts).pop()
            plan.notes.append("dropped one retrieved item to absorb token-count drift")
        elif plan.compacted < len(history):
            plan.compacted += 1
            plan.block = _notice(history, plan.compacted) if plan.notice else compactor.block(history[: plan.compacted])
            plan.notes.append("compacted one more message to absorb token-count drift")
        elif not plan.notice and plan.compacted:
            plan.block, plan.notice = _notice(history, plan.compacted), True
            plan.notes.append("compaction block did not fit; replaced by a notice")
        else:
            raise ContextOverflow(
                f"the request needs {built.report.total_tokens} tokens, over the "
                f"ceiling of {ceiling}; raise the context window"
            )


def _notice(history: Sequence[SourceMessage], n: int) -> str:
    return (
        f"Earlier messages {history[0][0]}–{history[n - 1][0]} ({n} of them) were left out: "
        "no room under the token ceiling."
    )


def _plan(
    inputs: TurnInputs,
    history: list[SourceMessage],
    older: list[int],
    room: int,
    tc: MemoCounter,
    compactor: Compactor,
    share: float,
    step: int,
) -> _Plan:
    plan = _Plan()
    older_cost = sum(older)
    retrieval = [*inputs.facts, *inputs.recalled]
    _, ret_cost = _take(retrieval, 10**12, tc)
    if older_cost + ret_cost + _CONTEXT_FRAME <= room:
        plan.facts, plan.recalled = list(inputs.facts), list(inputs.recalled)
        return plan
    # History may claim up to (1 − share) of the room; retrieval gets the rest (and more when
    # history needs less).
    ret_budget = max(int(room * share), room - older_cost - _CONTEXT_FRAME)
    plan.facts, used_f = _take(inputs.facts, ret_budget, tc)
    plan.recalled, used_r = _take(inputs.recalled, ret_budget - used_f, tc)
    hist_room = room - used_f - used_r - _CONTEXT_FRAME
    if older_cost <= hist_room:
        return plan
    n_old = len(older)
    suffix = [0] * (n_old + 1)
    for i in range(n_old - 1, -1, -1):
        suffix[i] = suffix[i + 1] + older[i]
    s = step
    while True:
        s = min(s, n_old)
        block = compactor.block(history[:s])
        cost = tc.count(block) + 4 if block else 0  # nothing older to compact: no block, no line
        if suffix[s] + cost <= hist_room or s == n_old:
            break
        s += step

    def shed() -> int:
        # The block (what the compacted messages said) outranks the least relevant recall.
        (plan.recalled or plan.facts).pop()
        return room - _CONTEXT_FRAME - sum(tc.count(x) + 3 for x in [*plan.facts, *plan.recalled])

    while suffix[s] + cost > hist_room and (plan.recalled or plan.facts):
        hist_room = shed()
    if s and suffix[s] + cost > hist_room:
        # Even everything compacted does not fit: say so in one line, never drop silently.
        block, plan.notice = _notice(history, s), True
        plan.notes.append("compaction block did not fit; replaced by a notice")
    plan.compacted, plan.block = s, block
    dropped_f = len(inputs.facts) - len(plan.facts)
    dropped_r = len(inputs.recalled) - len(plan.recalled)
    if dropped_f or dropped_r:
        plan.notes.append(f"left out {dropped_f} fact(s) and {dropped_r} recalled item(s): lower relevance, no room")
    return plan


def _msg(role: str, text: str) -> ChatMessage:
    return ChatMessage("assistant" if role == "assistant" else "user", (TextPart(text),))


def _build(
    inputs: TurnInputs,
    new_message: str,
    plan: _Plan,
    history: list[SourceMessage],
    ceiling: int,
    tc: MemoCounter,
    tools_text: str,
    startup_msg: str,
    summary_msg: str,
    max_tokens: int,
    cache_key: str | None,
) -> Assembly:
    verbatim = history[plan.compacted :]
    context = _context_text(inputs.now, plan.facts, plan.recalled, plan.block)
    parts: list[tuple[SegmentName, tuple[ChatMessage, ...]]] = []
    if startup_msg:
        parts.append(("startup", (ChatMessage.user(startup_msg),)))
    if summary_msg:
        parts.append(("summary", (ChatMessage.user(summary_msg),)))
    if verbatim:
        parts.append(("history", tuple(_msg(m[1], m[2]) for m in verbatim)))
    if context:
        parts.append(("turn_context", (ChatMessage.user(context),)))
    parts.append(("new_message", (ChatMessage.user(new_message),)))
    segments = tuple(Segment(name, msgs) for name, msgs in parts)
    counts: dict[str, int] = {"tools": tc.count(tools_text), "system": tc.count(inputs.system)}
    for name, msgs in parts:
        counts[name] = sum(tc.message(m.text) for m in msgs)
    total = sum(counts.values())
    compaction = None
    notes = list(plan.notes)
    if plan.compacted:
        compaction = CompactionReport(
            str(history[0][0]),
            str(history[plan.compacted - 1][0]),
            plan.compacted,
            tc.count(plan.block),
            "history over the ceiling: oldest verbatim messages compacted",
        )
    report = AssemblyReport(
        ceiling=ceiling,
        total_tokens=total,
        segments=counts,
        verbatim_ids=tuple(str(m[0]) for m in verbatim),
        compaction=compaction,
        facts_used=len(plan.facts),
        facts_offered=len(inputs.facts),
        recalled_used=len(plan.recalled),
        recalled_offered=len(inputs.recalled),
        notes=tuple(notes),
    )
    request = ModelRequest(
        system=inputs.system, tools=tuple(inputs.tools), segments=segments, max_tokens=max_tokens, cache_key=cache_key
    )
    return Assembly(request, report)
