"""Per-segment fingerprints of a request, and where two consecutive requests diverge.

Every model call is logged with a keyed hash per segment over its canonical bytes
(:func:`threadkeep.context.canonical.segment_bytes`), the cumulative prefix hash through each
segment and an estimate of the tokens up to there. Only hashes and counts are kept — never
text — so the call log can say *where* a prefix broke without holding what the person said.

Every hash is an HMAC-SHA256 under a key derived from the person's data key
(:meth:`threadkeep.store.vault.Vault.fingerprint_key`): a plain hash of a message could be
checked against guesses (a four-digit PIN takes 10,000 of them), a keyed one cannot be
without the key — and shredding the person's data key makes their fingerprints meaningless
too. Comparisons only ever happen between fingerprints made under the same key (one
conversation, one person), so divergence detection is unchanged. ``key=b""`` (the default)
is for fingerprints that are never stored (planning, the offline benchmark).

The history is append-only from one turn to the next (the previous new message and its answer
join it), so a changed history hash alone is not a divergence: the history also carries a short
hash per message, and the previous history counts as unchanged when its hashes are a prefix of
the current ones. When the request has a summary and the history lost messages at its start
(a fold advanced the summary cursor), the change is reported at the ``summary`` layer — a
counted rebuild, even when the summary's own bytes came out the same. Without a summary (a
naive sliding window) it stays a change of the ``history``.
"""

from __future__ import annotations

import hashlib
import hmac
import threading
from dataclasses import dataclass, field
from typing import Any

from threadkeep.context.budget import MESSAGE_OVERHEAD, MemoCounter
from threadkeep.context.canonical import segment_bytes
from threadkeep.messages import SEGMENT_ORDER, ModelRequest
from threadkeep.tokens import TokenCounter

__all__ = ["Fingerprints", "fingerprint", "divergence", "segment_rank"]

# 2: keyed (HMAC) hashes. Version 1 held plain SHA-256 and is no longer read (migration 0010
# drops those values).
FORMAT_VERSION = 2
# 64 bits per history message are plenty to tell one message from another in one conversation,
# and keep a 30-message list under 600 bytes in the log.
_CHAIN_HEX = 16
# One memoising counter per thread: history messages repeat from call to call, and the engine
# logs calls from a worker pool, where one shared LRU dict would be mutated concurrently.
_LOCAL = threading.local()


def _counter(counter: TokenCounter | None) -> MemoCounter:
    if isinstance(counter, MemoCounter):
        return counter
    if counter is not None:
        return MemoCounter(counter)
    shared: MemoCounter | None = getattr(_LOCAL, "counter", None)
    if shared is None:
        shared = _LOCAL.counter = MemoCounter()
    return shared


def segment_rank(name: str | None) -> int:
    """Position of a segment name in the canonical order (unknown names sort last)."""
    if name is None:
        return -1
    try:
        return SEGMENT_ORDER.index(name)  # type: ignore[arg-type]
    except ValueError:
        return len(SEGMENT_ORDER)


@dataclass(frozen=True, slots=True)
class Fingerprints:
    """Hashes of one request: per segment, cumulative, and the history's message chain."""

    order: tuple[str, ...]  # segment names present, in request order
    segments: dict[str, str]  # name -> sha256 of the segment's bytes
    prefix: dict[str, str]  # name -> sha256 of everything through it
    tokens: dict[str, int]  # name -> estimated tokens through it
    history_chain: tuple[str, ...] = ()  # short hash of each history message, in order
    cached_through: str | None = None  # segment of the last breakpoint, if any
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def total_tokens(self) -> int:
        """Estimated tokens of the whole request."""
        return self.tokens[self.order[-1]] if self.order else 0

    def tokens_through(self, name: str | None) -> int:
        """Estimated tokens up to the end of segment ``name`` (or the last one before it)."""
        if name is None:
            return 0
        rank = segment_rank(name)
        best = 0
        for seg in self.order:
            if segment_rank(seg) <= rank:
                best = self.tokens[seg]
        return best

    def to_json(self) -> dict[str, Any]:
        """The JSON stored in the call log (hashes and counts only)."""
        return {
            "v": FORMAT_VERSION,
            "order": list(self.order),
            "segments": dict(self.segments),
            "prefix": dict(self.prefix),
            "tokens": dict(self.tokens),
            "history_chain": list(self.history_chain),
            "cached_through": self.cached_through,
            **({"extra": self.extra} if self.extra else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Fingerprints | None:
        """Read back what :meth:`to_json` wrote; ``None`` for a missing or foreign value."""
        if not data or data.get("v") != FORMAT_VERSION:
            return None
        return cls(
            tuple(data.get("order", ())),
            dict(data.get("segments", {})),
            dict(data.get("prefix", {})),
            {k: int(v) for k, v in data.get("tokens", {}).items()},
            tuple(data.get("history_chain", ())),
            data.get("cached_through"),
            dict(data.get("extra", {})),
        )


def fingerprint(request: ModelRequest, counter: TokenCounter | None = None, *, key: bytes = b"") -> Fingerprints:
    """Fingerprints of ``request`` under ``key``; token estimates use ``counter`` (o200k by default).

    Stored fingerprints must be made with the person's fingerprint key; two fingerprints are
    comparable only when made under the same key.
    """
    tc = _counter(counter)

    def mac(data: bytes) -> str:
        return hmac.new(key, data, hashlib.sha256).hexdigest()

    order: list[str] = []
    segments: dict[str, str] = {}
    prefix: dict[str, str] = {}
    tokens: dict[str, int] = {}
    chain: list[str] = []
    running_hash = mac(b"threadkeep-prefix")
    running_tokens = 0
    for name, items in segment_bytes(request):
        digest = hashlib.sha256()
        for item in items:
            item_mac = mac(item)
            digest.update(item_mac.encode())
            text = item.decode("utf-8")
            running_tokens += tc.count(text) + (MESSAGE_OVERHEAD if name not in ("tools", "system") else 0)
            if name == "history":
                chain.append(item_mac[:_CHAIN_HEX])
        seg_hash = digest.hexdigest()
        running_hash = mac(f"{running_hash}|{name}|{seg_hash}".encode())
        order.append(name)
        segments[name] = seg_hash
        prefix[name] = running_hash
        tokens[name] = running_tokens
    cached_through: str | None = None
    if request.breakpoints:
        last = max(bp.segment for bp in request.breakpoints)
        if 0 <= last < len(request.segments):
            cached_through = request.segments[last].name
    return Fingerprints(tuple(order), segments, prefix, tokens, tuple(chain), cached_through)


def divergence(prev: Fingerprints | None, cur: Fingerprints) -> str | None:
    """The first segment, in canonical order, where ``cur`` stops continuing ``prev``.

    ``None`` when nothing differs. A history that only grew at its end continues the previous
    one. Segments after the previous request's cached extent (turn context, new message)
    normally differ on every turn; callers compare the result with ``prev.cached_through``
    (see :func:`threadkeep.cache.log.prefix_changed_at`).
    """
    if prev is None:
        return None
    names = sorted(set(prev.order) | set(cur.order), key=segment_rank)
    for name in names:
        before, after = prev.segments.get(name), cur.segments.get(name)
        if before == after:
            continue
        if name == "history" and after is not None:
            old, new = prev.history_chain, cur.history_chain
            if new[: len(old)] == old:
                continue  # it only grew
            if ("summary" in prev.segments or "summary" in cur.segments) and any(
                old[k:] == new[: len(old) - k] for k in range(1, len(old))
            ):
                return "summary"  # messages left at the start: the summary cursor moved
        return name
    return None
