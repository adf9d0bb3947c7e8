"""The MCP surface: the knowledge search served to an outside model (ARCHITECTURE §8).

Unlike the other surfaces this one holds no conversation. An outside model (Claude Desktop,
an IDE agent) calls ``search_knowledge`` and gets *findings* — passages with their sources and
scores — and writes its own answer. It is read-only: one tool and one resource listing the
documents the caller may see.

Two transports, one server definition:

- stdio (``threadkeep mcp --stdio``): the key is checked once at start-up; the process then
  serves that one caller.
- streamable HTTP at ``/mcp`` in the service's own FastAPI app: every request carries
  ``Authorization: Bearer <key>`` and is checked, rate-limited and refused exactly as an API
  request is (the same dependency does it). It runs stateless, so any replica answers any
  request and no MCP session can outlive the key that opened it.

Permissions are those of ``/v1/knowledge``: admin keys see every document, surface keys the
groups they pass in ``X-Threadkeep-Groups`` (or ``--groups`` on stdio), person keys public
documents only. The tool's own ``groups`` filter can only narrow that, never widen it.
"""

from __future__ import annotations

import asyncio
import contextvars
import importlib.util
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, Field

from threadkeep.engine.access import Principal, caller_groups
from threadkeep.engine.tools import is_relevant
from threadkeep.errors import ConfigError

log = logging.getLogger("threadkeep.mcp")

if TYPE_CHECKING:
    from fastapi import FastAPI
    from mcp.server.mcpserver import MCPServer
    from starlette.requests import Request
    from starlette.types import Receive, Scope, Send

    from threadkeep.knowledge.results import DocumentInfo, Hit
    from threadkeep.knowledge.service import KnowledgeBase

__all__ = [
    "Caller",
    "Finding",
    "SearchResult",
    "KnowledgeSource",
    "caller_of",
    "search_findings",
    "visible_sources",
    "build_server",
    "mount_mcp",
    "SOURCES_URI",
    "MAX_K",
]

SOURCES_URI = "threadkeep://knowledge/sources"
MAX_K = 20
# With a document filter the best passages of the wanted documents may rank anywhere among
# everything visible, so the search scans this many before filtering (see search_findings).
_FILTER_SCAN = 2000
_CALLER_SCOPE_KEY = "threadkeep.mcp_caller"
_INSTALL_HINT = "The MCP surface needs the mcp package: pip install 'threadkeep[mcp]'"


# -- who is asking ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Caller:
    """An authenticated MCP caller and the groups whose documents it may see.

    ``groups`` is None for admin keys: every document, as on ``/v1/knowledge``.
    """

    principal: Principal
    groups: frozenset[str] | None


def caller_of(principal: Principal, groups_header: str | None) -> Caller:
    """The caller's visibility, decided by the same rule as the knowledge routes."""
    # The engine's rule, not restated: MCP must never drift from the knowledge routes.
    groups = caller_groups(principal, groups_header)
    return Caller(principal, None if groups is None else frozenset(groups))


# Who is asking, for the handlers of the MCP request being served (set by build_server).
_current: contextvars.ContextVar[Caller | None] = contextvars.ContextVar("threadkeep_mcp_caller", default=None)


# -- what comes back --------------------------------------------------------------------
class Finding(BaseModel):
    """One passage and where it comes from. The caller's model writes the answer."""

    chunk_id: str
    document_id: str
    title: str
    source: str | None = Field(
        description="Where the document came from (a URL, a label, or a file's name; never a path on the server), if known."
    )
    part: int = Field(description="1-based position of the passage in its document.")
    citation: str = Field(description="A short human reference, e.g. 'Handbook §3'.")
    score: float = Field(description="Fused rank score used for ordering (higher is better).")
    dense_score: float | None = Field(description="Cosine similarity to the query, if found by meaning.")
    lexical_score: float | None = Field(description="BM25 score, if found by words.")
    text: str


class SearchResult(BaseModel):
    """Findings for one query, best first; ``note`` says so when nothing relevant was found."""

    query: str
    findings: list[Finding]
    note: str | None = None


class KnowledgeSource(BaseModel):
    """A document the caller may search."""

    document_id: str
    title: str
    source: str | None
    media_type: str
    groups: list[str]
    public: bool
    parts: int
    created_at: str


NOTHING_FOUND = "No passage in the knowledge base matched this query closely enough."


def _relevant(hit: Hit) -> bool:
    # The same floor as the chat model's own search tool: an outside model gets no more
    # noise than threadkeep's own turns do.
    return is_relevant(hit)


def _visible(kb: KnowledgeBase, caller: Caller) -> list[DocumentInfo]:
    return kb.list_documents(None if caller.groups is None else caller.groups)


def _search_groups(docs: Sequence[DocumentInfo], caller: Caller) -> frozenset[str]:
    if caller.groups is not None:
        return caller.groups
    # Admin: every group any document has, exactly as the /v1/knowledge/search route does.
    return frozenset(g for d in docs for g in d.groups)


def search_findings(
    kb: KnowledgeBase,
    caller: Caller,
    query: str,
    *,
    k: int = 8,
    document_ids: Iterable[str] | None = None,
    sources: Iterable[str] | None = None,
    groups: Iterable[str] | None = None,
) -> SearchResult:
    """Search under the caller's permissions, narrowed by the optional filters.

    ``document_ids``: only these documents. ``sources``: only documents whose title or source
    contains one of these strings (case-insensitive). ``groups``: only documents in one of
    these groups. Filters combine with AND; none of them can reveal an invisible document.
    """
    query = query.strip()
    k = max(1, min(MAX_K, k))
    docs = _visible(kb, caller)
    wanted_ids = None if document_ids is None else set(document_ids)
    needles = None if sources is None else [s.casefold() for s in sources if s.strip()]
    shown = {d.id: shown_source(d.source) for d in docs}
    wanted_groups = None if groups is None else set(groups)
    allowed = {
        d.id
        for d in docs
        if (wanted_ids is None or d.id in wanted_ids)
        and (not needles or any(n in d.title.casefold() or n in (shown[d.id] or "").casefold() for n in needles))
        and (wanted_groups is None or wanted_groups & set(d.groups))
    }
    filtered = len(allowed) < len(docs)
    if not query or not allowed:
        return SearchResult(query=query, findings=[], note=NOTHING_FOUND)
    scan = min(_FILTER_SCAN, sum(d.chunk_count for d in docs)) if filtered else k
    hits = kb.search(query, groups=_search_groups(docs, caller), k=max(k, scan))
    # ``allowed`` is a subset of what list_documents says the caller may see, so this check
    # also holds if the index lags a permission change made a moment ago.
    kept = [h for h in hits if h.document_id in allowed and _relevant(h)][:k]
    findings = [
        Finding(
            chunk_id=h.chunk_id,
            document_id=h.document_id,
            title=h.title,
            source=shown.get(h.document_id),
            part=h.ordinal + 1,
            citation=h.citation(),
            score=round(h.score, 6),
            dense_score=None if h.dense_score is None else round(h.dense_score, 6),
            lexical_score=None if h.lexical_score is None else round(h.lexical_score, 6),
            text=h.text,
        )
        for h in kept
    ]
    return SearchResult(query=query, findings=findings, note=None if findings else NOTHING_FOUND)


_FILE_PATH = re.compile(r"^(?:/|~|\\|\.{1,2}[/\\]|[A-Za-z]:[/\\]|file:)")


def shown_source(source: str | None) -> str | None:
    """A document's source as callers see it: a URL or a label as given, but never a path on
    the server's disk (an absolute or relative file path becomes the file's name)."""
    if not source or not _FILE_PATH.match(source):
        return source
    return re.split(r"[/\\]", source.rstrip("/\\"))[-1] or None


def visible_sources(kb: KnowledgeBase, caller: Caller) -> list[KnowledgeSource]:
    """The documents the caller may search, oldest first."""
    return [
        KnowledgeSource(
            document_id=d.id,
            title=d.title,
            source=shown_source(d.source),
            media_type=d.media_type,
            groups=list(d.groups),
            public=d.public,
            parts=d.chunk_count,
            created_at=d.created_at.isoformat(),
        )
        for d in _visible(kb, caller)
    ]


# -- the MCP server -----------------------------------------------------------------------
_TOOL_DESCRIPTION = (
    "Search the organisation's knowledge base (documents, policies, manuals) and return the "
    "most relevant passages with their sources: chunk id, document id, title, part, scores and "
    "text. It returns findings, not an answer: cite the passages you use by title and part. "
    "Write a standalone query (name the subject, resolve pronouns). An empty list with a note "
    f"means nothing relevant was found. The searchable documents are listed at {SOURCES_URI}."
)


def build_server(
    knowledge: Callable[[], KnowledgeBase],
    *,
    caller: Callable[[Any], Awaitable[Caller | None]],
) -> MCPServer:
    """The MCP server: one read-only tool and one resource.

    ``await caller(request)`` tells who is asking; ``request`` is the HTTP request on streamable
    HTTP and None on stdio. Without a caller every call is refused.
    """
    try:
        from mcp.server.mcpserver import MCPServer  # lazy: optional extra mcp
        from mcp.server.mcpserver.exceptions import (  # lazy: optional extra mcp
            ResourceError,
            ToolError,
        )
        from mcp.types import ToolAnnotations  # lazy: optional extra mcp
    except ImportError as e:  # pragma: no cover - depends on the installed extras
        raise ConfigError(_INSTALL_HINT) from e

    async def bind_caller(ctx: Any, call_next: Any) -> Any:
        # Resources get no request context in the SDK, so the caller travels in a context
        # variable set here, around every handler of this request.
        token = _current.set(await caller(getattr(ctx, "request", None)))
        try:
            return await call_next(ctx)
        finally:
            _current.reset(token)

    # The SDK's constructor calls logging.basicConfig: keep the host's root logger as it was,
    # or mounting /mcp would turn on INFO logging for the whole service.
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    try:
        server: MCPServer = MCPServer(
            "threadkeep",
            title="threadkeep knowledge",
            instructions="Read-only search over the threadkeep knowledge base. Use search_knowledge; "
            f"read {SOURCES_URI} to see which documents you can search.",
            version=_version(),
            middleware=[bind_caller],
            log_level="WARNING",
        )
    finally:
        root.setLevel(level)
        root.handlers[:] = handlers

    def who(refuse: type[Exception]) -> Caller:
        found = _current.get()
        if found is None:
            raise refuse("unknown or revoked API key")
        return found

    @server.tool(
        name="search_knowledge",
        description=_TOOL_DESCRIPTION,
        annotations=ToolAnnotations(
            title="Search knowledge",
            read_only_hint=True,
            destructive_hint=False,
            idempotent_hint=True,
            open_world_hint=False,
        ),
    )
    async def search_knowledge(
        query: Annotated[str, Field(min_length=1, max_length=2000, description="Standalone search query.")],
        k: Annotated[int, Field(ge=1, le=MAX_K, description="How many passages at most.")] = 8,
        document_ids: Annotated[
            list[str] | None, Field(max_length=100, description="Only these documents (ids from the sources resource).")
        ] = None,
        sources: Annotated[
            list[str] | None,
            Field(
                max_length=20,
                description="Only documents whose title or source contains one of these strings (case-insensitive).",
            ),
        ] = None,
        groups: Annotated[
            list[str] | None,
            Field(
                max_length=50,
                description="Only documents in one of these groups; narrows what you may see, never widens it.",
            ),
        ] = None,
    ) -> SearchResult:
        found = who(ToolError)
        return await asyncio.to_thread(
            search_findings, knowledge(), found, query, k=k, document_ids=document_ids, sources=sources, groups=groups
        )

    @server.resource(
        SOURCES_URI,
        name="knowledge-sources",
        title="Knowledge sources",
        description="The documents you may search, as JSON.",
        mime_type="application/json",
    )
    async def knowledge_sources() -> str:
        found = who(ResourceError)
        listed = await asyncio.to_thread(visible_sources, knowledge(), found)
        return _SourceList(documents=listed).model_dump_json()

    return server


def _version() -> str:
    try:
        return version("threadkeep")
    except PackageNotFoundError:  # pragma: no cover - running from a bare source tree
        return ""


class _SourceList(BaseModel):
    documents: list[KnowledgeSource]


# -- streamable HTTP inside the service ------------------------------------------------------
class _LazyMcp:
    """The SDK's streamable-HTTP transport, built on the first ``/mcp`` request.

    Importing the MCP SDK and building its server costs more CPU than the rest of start-up
    together (its pydantic types), so ``threadkeep serve`` opens its port without it. The
    transport's task group must live in one task for the app's whole life: a task started by
    the lifespan waits until a request needs it, runs the session manager, and ends at shutdown.
    """

    def __init__(self, knowledge: Callable[[], KnowledgeBase]) -> None:
        self.knowledge = knowledge
        self.manager: Any = None
        self._needed = asyncio.Event()
        self._ready = asyncio.Event()
        self._stop = asyncio.Event()
        self._failed: BaseException | None = None

    async def run(self) -> None:
        await self._needed.wait()
        try:
            server = build_server(self.knowledge, caller=_caller_from_request)
            # Stateless: any replica answers any request, each request authenticated on its own.
            # No DNS-rebinding guard (host "0.0.0.0"): a bearer key, never a cookie, opens it.
            server.streamable_http_app(stateless_http=True, json_response=True, host="0.0.0.0")
            self.manager = server.session_manager
            async with self.manager.run():
                self._ready.set()
                await self._stop.wait()
        except BaseException as e:  # a request waiting for the transport must not hang
            self._failed = e
            self._ready.set()
            raise

    async def get(self) -> Any:
        self._needed.set()
        await self._ready.wait()
        if self._failed is not None:
            raise ConfigError(f"the MCP transport failed to start: {self._failed}")
        return self.manager

    def stop(self) -> None:
        self._stop.set()
        self._needed.set()  # a transport never needed ends at once


class _HttpEndpoint:
    """``/mcp``: authenticate as the app says, then hand the request to the SDK's transport."""

    def __init__(self, transport: _LazyMcp, authenticate: Callable[[Request], Awaitable[Principal]]) -> None:
        self.transport = transport
        self.authenticate = authenticate

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        from starlette.requests import Request  # lazy: optional extra mcp

        request = Request(scope, receive)
        # Raises the app's own errors (401/429), rendered by the app's error handlers.
        principal = await self.authenticate(request)
        caller = caller_of(principal, request.headers.get("x-threadkeep-groups"))
        manager = await self.transport.get()
        await manager.handle_request({**scope, _CALLER_SCOPE_KEY: caller}, receive, send)


async def _caller_from_request(request: Any) -> Caller | None:
    scope = getattr(request, "scope", None)
    return scope.get(_CALLER_SCOPE_KEY) if isinstance(scope, dict) else None


def mount_mcp(
    app: FastAPI, *, knowledge: Callable[[], KnowledgeBase], authenticate: Callable[[Request], Awaitable[Principal]]
) -> bool:
    """Serve MCP over streamable HTTP at ``/mcp``; False (and nothing mounted) without the SDK.

    ``knowledge()`` gives the knowledge base to search; ``authenticate(request)`` gives the
    caller of each request or raises the error the app renders (the API passes its bearer-key
    check, rate limits included, so ``/mcp`` authenticates exactly as the API does). The SDK
    is imported on the first request (:class:`_LazyMcp`), not here.
    """
    if importlib.util.find_spec("mcp") is None:
        return False
    from starlette.routing import Route  # lazy: optional extra mcp

    inner = app.router.lifespan_context
    holder: dict[str, _LazyMcp] = {}

    class _Endpoint:  # an object, not a function: Starlette then serves it as an ASGI app
        async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
            await _HttpEndpoint(holder["transport"], authenticate)(scope, receive, send)

    app.router.routes.append(Route("/mcp", endpoint=_Endpoint(), methods=["GET", "POST", "DELETE"]))

    @asynccontextmanager
    async def lifespan(a: Any) -> AsyncIterator[Any]:
        transport = holder["transport"] = _LazyMcp(knowledge)  # events belong to this loop
        task = asyncio.create_task(transport.run(), name="mcp-transport")
        try:
            async with inner(a) as state:
                yield state
        finally:
            transport.stop()
            try:
                await task
            except Exception:  # noqa: BLE001 - already reported to the request that needed it
                log.debug("the MCP transport ended with an error", exc_info=True)

    app.router.lifespan_context = lifespan
    return True


# -- stdio -----------------------------------------------------------------------------------
async def serve_stdio(knowledge: Callable[[], KnowledgeBase], authenticate: Callable[[], Caller | None]) -> None:
    """Serve one caller over stdin/stdout until the client closes.

    ``authenticate()`` is asked again on every request (in a worker thread), so a key revoked
    while a desktop client keeps this process running stops working, as it would on HTTP.
    """

    async def caller(_request: Any) -> Caller | None:
        return await asyncio.to_thread(authenticate)

    await build_server(knowledge, caller=caller).run_stdio_async()
