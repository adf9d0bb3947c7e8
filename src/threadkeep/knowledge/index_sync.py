"""Bringing a process's knowledge index in step with the database.

:class:`threadkeep.knowledge.service.KnowledgeBase` keeps its searchable index in process
memory and compares ``knowledge_state.generation`` with the generation the index reflects
before each search. When they differ, :func:`sync_index` diffs document ids against the
database and applies just the difference: documents gone are dropped, access changes are
applied, new documents' chunks are opened and loaded in batches. Kept apart from the service
so ingest, listing and search stay one file and the index loading reads on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep.errors import ConfigError
from threadkeep.knowledge.index import IndexedDocument, KnowledgeIndex
from threadkeep.retrieval.embedding import Embedder, same_embedder, vector_from_bytes
from threadkeep.store.knowledge_tables import (
    STATE_ROW_ID,
    KnowledgeChunk,
    KnowledgeDocument,
    KnowledgeState,
)
from threadkeep.store.vault import Vault

__all__ = ["sync_index", "indexed_text", "embedder_mismatch"]

_DOCS = KnowledgeDocument.__tablename__
_CHUNKS = KnowledgeChunk.__tablename__
_LOAD_BATCH = 200  # documents per query when loading chunks into the index


def sync_index(
    s: Session,
    vault: Vault,
    embedder: Embedder,
    index: KnowledgeIndex | None,
    generation: int,
    *,
    exact_threshold: int,
) -> tuple[KnowledgeIndex, int]:
    """``index`` (at ``generation``) with what changed in the database since applied; a new
    index when there is none yet. Returns the index and the generation it now reflects."""
    state = s.get(KnowledgeState, STATE_ROW_ID)
    if state is None:
        raise ConfigError("knowledge_state is missing its row: run `threadkeep db upgrade`")
    if state.embedder is not None and not same_embedder(state.embedder, embedder.name):
        raise ConfigError(embedder_mismatch(state.embedder, embedder.name))
    if index is not None and state.generation == generation:
        return index, generation
    generation = state.generation
    index = index or KnowledgeIndex(embedder.dim, exact_threshold=exact_threshold)
    docs = s.execute(select(KnowledgeDocument.id, KnowledgeDocument.groups, KnowledgeDocument.public)).all()
    present = {d.id for d in docs}
    for gone in [i for i in index.documents if i not in present]:
        index.remove_document(gone)
    new = []
    for d in docs:
        if d.id in index.documents:
            index.set_access(d.id, frozenset(d.groups), d.public)
        else:
            new.append(d)
    uid = vault.system_user_id(s) if new else ""
    for start in range(0, len(new), _LOAD_BATCH):
        _load(s, vault, embedder, uid, index, new[start : start + _LOAD_BATCH])
    return index, generation


def _load(s: Session, vault: Vault, embedder: Embedder, uid: str, index: KnowledgeIndex, docs: Sequence[Any]) -> None:
    ids = [d.id for d in docs]
    titles = {
        r.id: vault.open_text(s, uid, r.title_ct, table=_DOCS, column="title_ct", row_id=r.id)
        for r in s.execute(
            select(KnowledgeDocument.id, KnowledgeDocument.title_ct).where(KnowledgeDocument.id.in_(ids))
        ).all()
    }
    rows = s.execute(
        select(
            KnowledgeChunk.id,
            KnowledgeChunk.document_id,
            KnowledgeChunk.ordinal,
            KnowledgeChunk.text_ct,
            KnowledgeChunk.embedding_ct,
        )
        .where(KnowledgeChunk.document_id.in_(ids))
        .order_by(KnowledgeChunk.document_id, KnowledgeChunk.ordinal)
    ).all()
    by_doc: dict[str, list] = {}  # type: ignore[type-arg]
    for r in rows:
        by_doc.setdefault(r.document_id, []).append(r)
    dim = index.dense.dim
    for d in docs:
        if d.id not in titles:
            continue  # removed since the listing; the next generation check settles it
        title = titles[d.id]
        chunks = by_doc.get(d.id, [])
        vectors = np.empty((len(chunks), dim), dtype=np.float32)
        texts = []
        for i, r in enumerate(chunks):
            raw = vault.open_bytes(s, uid, r.embedding_ct, table=_CHUNKS, column="embedding_ct", row_id=r.id)
            vector = vector_from_bytes(raw)
            if vector.shape != (dim,):
                raise ConfigError(embedder_mismatch(f"a {vector.shape[0]}-dimension model", embedder.name))
            vectors[i] = vector
            text = vault.open_text(s, uid, r.text_ct, table=_CHUNKS, column="text_ct", row_id=r.id)
            texts.append(indexed_text(title, text))
        index.add_document(
            IndexedDocument(d.id, title, frozenset(d.groups), d.public),
            [r.id for r in chunks],
            [r.ordinal for r in chunks],
            vectors,
            texts,
        )


def indexed_text(title: str, text: str) -> str:
    """What the index holds for one chunk (what ingest embeds, too)."""
    # The title gives a passage its subject ("Refund policy"), which its body may never name.
    return text if title and text.startswith(title) else f"{title}\n\n{text}"


def embedder_mismatch(stored: str, current: str) -> str:
    return (
        f"The knowledge base was embedded with {stored}, but the configured embedder is "
        f"{current}. Configure the same embedder, or remove and re-add the documents."
    )
