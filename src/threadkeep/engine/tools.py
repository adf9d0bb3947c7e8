"""The tools a turn may offer, and running them.

``search_knowledge`` is offered only when the caller may see some knowledge;
``search_memory`` only when the person has history outside the conversation
(:mod:`threadkeep.engine.memory_tool`); ``web_search`` only when an administrator enabled it
(off by default) — a tool that is not offered is not in the request at all. Tool calls and
their payloads live for one turn; only a retrieval trace of references (query, chunk or
message ids, scores) is kept beside the answer.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from threadkeep.context.budget import (
    MESSAGE_OVERHEAD,
    PART_OVERHEAD,
    MemoCounter,
    cut_to_tokens,
    message_tokens,
    request_tokens,
)
from threadkeep.engine.memory_tool import MemoryScope, MemorySearch, has_history
from threadkeep.errors import ThreadkeepError
from threadkeep.knowledge.tool import SEARCH_KNOWLEDGE_TOOL, render_hits
from threadkeep.memory.recall.tool import SEARCH_MEMORY_TOOL
from threadkeep.messages import (
    ChatMessage,
    ModelRequest,
    Segment,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    ToolSpec,
)
from threadkeep.store.db import Database
from threadkeep.store.models import Setting

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from threadkeep.knowledge.results import Hit
    from threadkeep.knowledge.service import KnowledgeBase
    from threadkeep.websearch import WebSearch

__all__ = [
    "ENGINE_SEARCH",
    "ToolRun",
    "TurnTools",
    "WEB_SEARCH_TOOL",
    "TOOLS_SETTING",
    "default_tool_settings",
    "tool_settings",
    "citations",
    "trace_json",
    "is_relevant",
    "with_tool_round",
    "round_room",
]

TOOLS_SETTING = "tools"
KNOWLEDGE_K = 6
# The id of the search the engine runs itself for a model without tool use (the offline default).
ENGINE_SEARCH = "engine-search"
# A passage counts as found when it is this close in meaning (cosine of multilingual-e5-small:
# unrelated text measured 0.69–0.80 here, relevant 0.79–0.89, cross-language ones lowest), or a
# little less close when a query word also matched it. The model still judges relevance; this
# only keeps plain noise out of the answer and the trace.
MIN_DENSE_SIMILARITY = 0.78
MIN_DENSE_WITH_WORD = 0.75


def is_relevant(hit: Hit) -> bool:
    """The one relevance floor of knowledge search: the chat model's tool, MCP and
    ``POST /v1/knowledge/search`` keep only the passages that pass it."""
    dense = hit.dense_score or 0.0
    return dense >= MIN_DENSE_SIMILARITY or (hit.lexical_score is not None and dense >= MIN_DENSE_WITH_WORD)


WEB_SEARCH_TOOL = ToolSpec(
    name="web_search",
    description=(
        "Search the public web and return result titles, links and snippets. Use it for "
        "current events or facts outside the organisation's knowledge. Write a standalone query."
    ),
    parameters={
        "type": "object",
        "properties": {"query": {"type": "string", "description": "Standalone web search query."}},
        "required": ["query"],
        "additionalProperties": False,
    },
)


def default_tool_settings() -> dict[str, Any]:
    return {"web_search": {"enabled": False, "provider": "searxng", "url": None}}


def tool_settings(session: Session) -> dict[str, Any]:
    """The tool catalogue in force: the saved settings over the defaults (web search off)."""
    row = session.get(Setting, TOOLS_SETTING)
    value = row.value if row is not None and isinstance(row.value, dict) else {}
    merged = default_tool_settings()
    for name, conf in value.items():
        if isinstance(conf, dict) and name in merged:
            merged[name] = merged[name] | conf
    return merged


@dataclass
class ToolRun:
    """One executed call: what the model gets back, and the references kept for the trace."""

    call: ToolCallPart
    content: str
    is_error: bool = False
    hits: list[Hit] = field(default_factory=list)
    trace: dict[str, Any] = field(default_factory=dict)
    first_key: int = 1


class TurnTools:
    """Decides which tools a turn offers and runs the calls (in parallel)."""

    def __init__(
        self, db: Database, knowledge: Callable[[], KnowledgeBase], memory: MemorySearch | None = None
    ) -> None:
        self.db = db
        self._knowledge = knowledge  # loaded on first use
        self.memory = memory  # None: search_memory is never offered

    def _clears_recall_floor(self, hit: Hit) -> bool:
        """Whether a passage's evidence clears the floor recall uses (memory/recall/floor.py)."""
        from threadkeep.memory.recall.floor import (  # lazy: start-up (tests/test_serve_startup.py)
            MIN_DENSE_MARGIN,
            MIN_LEXICAL,
            Relevance,
            clears,
        )

        s = self.memory.settings if self.memory is not None else None
        lexical = MIN_LEXICAL if s is None or s.recall_min_lexical is None else s.recall_min_lexical
        margin = MIN_DENSE_MARGIN if s is None or s.recall_min_dense_margin is None else s.recall_min_dense_margin
        return clears(
            Relevance(hit.rare_words, hit.dense_score, hit.dense_margin), min_lexical=lexical, min_dense_margin=margin
        )

    @property
    def knowledge(self) -> KnowledgeBase:
        return self._knowledge()

    def settings(self, session: Session | None = None) -> dict[str, Any]:
        """The tools' settings (defaults under what an admin stored); ``session``: a read the
        caller has open."""
        with nullcontext(session) if session is not None else self.db.reading() as s:
            return tool_settings(s)

    def web_search(self, session: Session | None = None) -> WebSearch | None:
        conf = self.settings(session)["web_search"]
        if not conf.get("enabled") or not conf.get("url"):
            return None
        from threadkeep.websearch import (
            SearxngSearch,  # lazy: start-up (tests/test_serve_startup.py)
        )

        return SearxngSearch(str(conf["url"]))

    def offered(
        self, groups: Sequence[str], session: Session | None = None, *, person: MemoryScope | None = None
    ) -> tuple[ToolSpec, ...]:
        """Tools for this caller, in a fixed order (the tools segment must stay byte-stable);
        ``session``: a read the caller has open; ``person``: whose memory ``search_memory``
        would search (None: not offered — e.g. a model without tool use)."""
        tools: list[ToolSpec] = []
        with nullcontext(session) if session is not None else self.db.reading() as s:  # one read for all
            if not self.knowledge.is_empty(groups, s):
                tools.append(SEARCH_KNOWLEDGE_TOOL)
            if (
                self.memory is not None
                and person is not None
                and has_history(s, person.user_id, person.conversation_id)
            ):
                tools.append(SEARCH_MEMORY_TOOL)
            if self.web_search(s) is not None:
                tools.append(WEB_SEARCH_TOOL)
        return tuple(tools)

    async def run_all(
        self, calls: Sequence[ToolCallPart], groups: Sequence[str], *, person: MemoryScope | None = None, room: int = 0
    ) -> list[ToolRun]:
        """Run one round of calls in parallel; a failing call becomes an error result.

        Knowledge passages are numbered across the whole round ([1], [2]… then on), so a
        citation key names exactly one passage. ``person`` scopes ``search_memory`` (None: it
        is not offered); each of its calls recalls whole lines within an equal share of
        ``room``, the tokens the round has under the ceiling.
        """
        share = room // max(1, len(calls))
        runs = list(await asyncio.gather(*(self._run(c, groups, person, share) for c in calls)))
        key = 1
        for run in runs:
            if run.hits:
                run.first_key = key
                run.content = render_hits(run.hits, start=key)
                key += len(run.hits)
        return runs

    async def _run(
        self, call: ToolCallPart, groups: Sequence[str], person: MemoryScope | None = None, share: int = 0
    ) -> ToolRun:
        query = str(call.arguments.get("query") or "").strip()
        if not query:
            return ToolRun(
                call,
                "The tool needs a non-empty 'query' argument.",
                is_error=True,
                trace={"tool": call.name, "error": "empty query"},
            )
        try:
            if call.name == SEARCH_MEMORY_TOOL.name and self.memory is not None and person is not None:
                found = await asyncio.to_thread(self.memory.search, query, person, share)
                return ToolRun(call, found.text, trace={"tool": call.name, "query": query, "results": found.results})
            if call.name == SEARCH_KNOWLEDGE_TOOL.name and not self.knowledge.is_empty(groups):
                hits = await asyncio.to_thread(self.knowledge.search, query, groups=list(groups), k=KNOWLEDGE_K)
                hits = [h for h in hits if is_relevant(h)]
                if call.call_id == ENGINE_SEARCH:  # quoted as they are (the offline default): recall's floor too
                    hits = [h for h in hits if self._clears_recall_floor(h)]
                trace = {
                    "tool": call.name,
                    "query": query,
                    "results": [
                        {"chunk_id": h.chunk_id, "document_id": h.document_id, "score": round(h.score, 6)} for h in hits
                    ],
                }
                return ToolRun(call, render_hits(hits), hits=hits, trace=trace)
            web = self.web_search() if call.name == WEB_SEARCH_TOOL.name else None
            if web is not None:
                results = await web.search(query)
                if not results:
                    return ToolRun(
                        call,
                        "No web result matched this query.",
                        trace={"tool": call.name, "query": query, "results": []},
                    )
                text = "\n\n".join(f"[W{i}] {r.title}\n{r.url}\n{r.snippet}" for i, r in enumerate(results, 1))
                return ToolRun(
                    call, text, trace={"tool": call.name, "query": query, "results": [{"url": r.url} for r in results]}
                )
        except ThreadkeepError as e:
            return ToolRun(
                call,
                f"The tool failed: {e}",
                is_error=True,
                trace={"tool": call.name, "query": query, "error": type(e).__name__},
            )
        return ToolRun(
            call,
            f"Unknown or disabled tool: {call.name}",
            is_error=True,
            trace={"tool": call.name, "error": "not offered"},
        )


_CITE = re.compile(r"\[(\d{1,2})\]")


def citations(text: str, runs: Sequence[ToolRun]) -> list[dict[str, Any]]:
    """The knowledge passages the answer cites by their key ([1], [2]…), in order of citation."""
    by_key = {run.first_key + i: h for run in runs for i, h in enumerate(run.hits)}
    out: list[dict[str, Any]] = []
    for m in _CITE.finditer(text):
        n = int(m.group(1))
        h = by_key.pop(n, None)
        if h is not None:
            out.append(
                {
                    "key": n,
                    "chunk_id": h.chunk_id,
                    "document_id": h.document_id,
                    "title": h.title,
                    "part": h.ordinal + 1,
                    "score": round(h.score, 6),
                }
            )
    return out


def trace_json(runs: Sequence[ToolRun], cited: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """References only (no passage text): what was searched, what came back, what was cited."""
    return {"searches": [r.trace for r in runs], "cited": [c["chunk_id"] for c in cited]}


def with_tool_round(
    request: ModelRequest, said: str, runs: list[ToolRun], *, ceiling: int, counter: MemoCounter
) -> ModelRequest:
    """The request again, with the round of tool calls and their results appended (last).

    The round counts inside the one ceiling: what the request leaves is shared by the results
    in order (a result cut at the token where room runs out says so); the model's own text
    before the calls takes at most half of it.
    """
    asked, left = _asked(request, said, [r.call for r in runs], ceiling=ceiling, counter=counter)
    results: list[ToolResultPart] = []
    for i, r in enumerate(runs):
        share = max(0, left // (len(runs) - i))
        content = cut_to_tokens(r.content, share, counter)
        if not content and counter.count(_NO_ROOM) <= share:
            content = _NO_ROOM
        left -= counter.count(content)
        results.append(ToolResultPart(r.call.call_id, content, r.is_error))
    round_ = Segment("tool_round", (asked, ChatMessage("user", tuple(results))))
    return replace(request, segments=request.segments + (round_,))


def round_room(
    request: ModelRequest, said: str, calls: Sequence[ToolCallPart], *, ceiling: int, counter: MemoCounter
) -> int:
    """Tokens the results of a round of ``calls`` may take together under ``ceiling``, as
    :func:`with_tool_round` will count them (what a tool sizes its result to)."""
    return max(0, _asked(request, said, calls, ceiling=ceiling, counter=counter)[1])


def _asked(
    request: ModelRequest, said: str, calls: Sequence[ToolCallPart], *, ceiling: int, counter: MemoCounter
) -> tuple[ChatMessage, int]:
    """The assistant message asking for ``calls`` (its text first, cut to half the room), and
    the tokens left for their results."""
    parts = tuple(calls)
    room = ceiling - request_tokens(request, counter) - _ROUND_MARGIN
    if said:
        said = cut_to_tokens(said, max(0, room // 2), counter)
    lead = (TextPart(said),) if said else ()
    asked = ChatMessage("assistant", lead + parts)
    return asked, room - message_tokens(asked, counter) - MESSAGE_OVERHEAD - PART_OVERHEAD * len(calls)


# Per-piece counts can differ from the joined text by a token or two.
_ROUND_MARGIN = 8
_NO_ROOM = "[result left out: no room under the token ceiling]"
