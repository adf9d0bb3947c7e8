"""The FastAPI application: one router per resource over one :class:`Memory`.

The app holds no conversation state of its own — sessions are signed cookies checked against
the database, settings live in the database — so several replicas can serve one PostgreSQL.
Rate limits are shared through the database or Redis (``engine.ratelimit``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from fastapi import FastAPI

from threadkeep.api.config import ServiceSettings
from threadkeep.api.deps import bearer_principal
from threadkeep.api.errors import install_error_handlers
from threadkeep.api.headers import SecurityHeaders
from threadkeep.api.limits import BodyLimit
from threadkeep.api.routers import (
    admin,
    admin_cache,
    admin_console,
    anthropic_compat,
    conversations,
    feedback,
    imports,
    me,
    me_export,
    merges,
    messages,
    openai_compat,
    session,
    web,
)
from threadkeep.api.routers import (
    knowledge as knowledge_routes,
)
from threadkeep.api.routers import surfaces as surface_routes
from threadkeep.api.state import ServiceState
from threadkeep.config import Settings
from threadkeep.engine import Memory, insight_jobs
from threadkeep.imports import jobs as import_jobs
from threadkeep.surfaces.mcp import mount_mcp

if TYPE_CHECKING:
    from threadkeep.knowledge.service import KnowledgeBase

__all__ = ["create_app", "install_jobs"]


def install_jobs(memory: Memory) -> None:
    """Register the job kinds of the faces (insights, surface replies) on ``memory``: the API
    replicas and a separate ``threadkeep worker`` run the same background work."""
    insight_jobs.install(memory)
    surface_routes.install_job(memory)
    import_jobs.install(memory)


def create_app(
    memory: Memory,
    settings: Settings | None = None,
    *,
    service: ServiceSettings | None = None,
    knowledge: KnowledgeBase | None = None,
    run_background: bool = True,
) -> FastAPI:
    """Build the service. The job runner starts with the app and stops with it.

    ``knowledge`` overrides the knowledge base (default: the engine's, or one over the same
    database with the default embedder, made on first use).
    """
    settings = settings or memory.settings
    service = service or ServiceSettings()

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        # Every storage call of the engine runs in a worker thread (asyncio.to_thread) and
        # mostly waits on the database: size the pool for concurrent turns, not for cores.
        executor = ThreadPoolExecutor(max_workers=service.worker_threads, thread_name_prefix="threadkeep")
        asyncio.get_running_loop().set_default_executor(executor)
        if run_background:
            memory.start_background()
        try:
            yield
        finally:
            await memory.stop_background()

    app = FastAPI(
        title="threadkeep",
        version="1",
        description="Conversation memory as a service. Authenticate with `Authorization: Bearer <key>`; "
        "surface and admin keys act for the person named in `X-Threadkeep-User`. See docs/API.md.",
        lifespan=lifespan,
        docs_url=None,  # served by the web router from local files: FastAPI's default uses a CDN
        redoc_url=None,
    )
    app.state.threadkeep = ServiceState.build(memory, settings, service, knowledge)
    insight_jobs.install(memory)  # re-asks, digests, retention: durable job kinds of the admin console
    import_jobs.install(memory)  # facts, folds, recall and profile after an import
    install_error_handlers(app)
    for module in (
        messages,
        feedback,
        conversations,
        imports,
        me,
        me_export,
        session,
        admin,
        merges,
        admin_cache,
        admin_console,
        knowledge_routes,
        openai_compat,
        anthropic_compat,
        web,
    ):
        app.include_router(module.router)
    surface_routes.install(app, memory)  # Slack, Telegram, Mattermost webhooks and their job
    # MCP over streamable HTTP at /mcp, when the `mcp` extra is installed
    mount_mcp(app, knowledge=lambda: app.state.threadkeep.knowledge(), authenticate=bearer_principal)
    app.add_middleware(
        BodyLimit, max_bytes=service.max_body_bytes, streamed={imports.IMPORT_PATH: service.max_import_bytes}
    )
    app.add_middleware(SecurityHeaders, hsts=service.cookie_secure)
    return app
