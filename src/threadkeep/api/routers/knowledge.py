"""The knowledge base over HTTP: administrators add, list, re-permission and remove documents;
everyone searches and lists under their own permissions.

Permissions: a document is public or belongs to groups. Admin keys see everything. Surface
keys pass the groups of the person they act for in ``X-Threadkeep-Groups`` (comma-separated),
because the surface (Slack workspace, intranet) is what knows the memberships. Person keys,
web sessions and visitors see public documents only: threadkeep stores no group membership
per person yet.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Response
from pydantic import BaseModel, ConfigDict, Field

from threadkeep.api.deps import AdminDep, PrincipalDep, StateDep
from threadkeep.api.schemas import ERRORS
from threadkeep.engine.access import caller_groups
from threadkeep.engine.tools import is_relevant
from threadkeep.knowledge.results import DocumentInfo

router = APIRouter(tags=["knowledge"], responses=ERRORS)


class DocumentIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str = Field(min_length=1, max_length=500)
    text: str = Field(min_length=1)
    source: str | None = Field(default=None, max_length=2000)
    media_type: Literal["text/plain", "text/markdown"] = "text/plain"
    groups: list[str] = Field(default_factory=list, max_length=100)
    public: bool = False


class AccessIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    groups: list[str] = Field(default_factory=list, max_length=100)
    public: bool = False


class SearchIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1, max_length=2000)
    k: int = Field(default=8, ge=1, le=50)


def _doc(d: DocumentInfo) -> dict[str, Any]:
    return {
        "id": d.id,
        "title": d.title,
        "source": d.source,
        "media_type": d.media_type,
        "groups": list(d.groups),
        "public": d.public,
        "chunk_count": d.chunk_count,
        "token_count": d.token_count,
        "created_at": d.created_at.isoformat(),
        "duplicate": d.duplicate,
    }


GroupsHeader = Annotated[
    str | None, Header(description="Surface keys: the groups of the person acted for, comma-separated.")
]


@router.get("/v1/knowledge/documents")
async def list_documents(
    principal: PrincipalDep, state: StateDep, x_threadkeep_groups: GroupsHeader = None
) -> dict[str, Any]:
    """Documents the caller may see."""
    docs = await asyncio.to_thread(state.knowledge().list_documents, caller_groups(principal, x_threadkeep_groups))
    return {"documents": [_doc(d) for d in docs]}


@router.post("/v1/knowledge/search")
async def search(
    body: SearchIn, principal: PrincipalDep, state: StateDep, x_threadkeep_groups: GroupsHeader = None
) -> dict[str, Any]:
    """The best passages for a query among the documents the caller may see, above the same
    relevance floor as the chat model's search and MCP (an unrelated query finds nothing)."""
    kb = state.knowledge()
    groups = caller_groups(principal, x_threadkeep_groups)
    if groups is None:  # admin: every group that any document has
        groups = sorted({g for d in await asyncio.to_thread(kb.list_documents) for g in d.groups})
    hits = await asyncio.to_thread(kb.search, body.query, groups=groups, k=body.k)
    return {
        "hits": [
            {
                "chunk_id": h.chunk_id,
                "document_id": h.document_id,
                "title": h.title,
                "citation": h.citation(),
                "text": h.text,
                "score": h.score,
            }
            for h in hits
            if is_relevant(h)
        ]
    }


@router.post("/v1/admin/knowledge", status_code=201)
async def add_document(body: DocumentIn, _: AdminDep, state: StateDep) -> dict[str, Any]:
    """Add a text or Markdown document (the same content twice is stored once)."""
    info = await asyncio.to_thread(
        lambda: state.knowledge().add_document(
            body.text,
            title=body.title,
            source=body.source,
            groups=body.groups,
            public=body.public,
            media_type=body.media_type,
        )
    )
    return _doc(info)


@router.put("/v1/admin/knowledge/{document_id}/access")
async def set_access(document_id: str, body: AccessIn, _: AdminDep, state: StateDep) -> dict[str, Any]:
    """Change who may see a document."""
    info = await asyncio.to_thread(
        lambda: state.knowledge().set_access(document_id, groups=body.groups, public=body.public)
    )
    return _doc(info)


@router.delete("/v1/admin/knowledge/{document_id}", status_code=204)
async def remove_document(document_id: str, _: AdminDep, state: StateDep) -> Response:
    """Remove a document and its passages everywhere."""
    await asyncio.to_thread(state.knowledge().remove_document, document_id)
    return Response(status_code=204)
