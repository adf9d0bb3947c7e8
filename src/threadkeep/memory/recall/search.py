"""Recall: the person's own earlier messages, brought back by relevance to the new message.

Candidates are every message of the person's conversations (what they said and what they
were answered) except those still verbatim in the current request. The per-person index
(:mod:`threadkeep.memory.recall.index`) is brought up to date, then ranked
(:func:`threadkeep.memory.recall.ranking.rank_items`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from threadkeep.memory.recall.index import person_index, sync_person
from threadkeep.memory.recall.ranking import NEIGHBOUR_WEIGHT, TRIM_TOKENS, RecallHit, rank_items
from threadkeep.memory.recall.vectors import resolve_embedder
from threadkeep.retrieval.embedding import Embedder
from threadkeep.store.db import Database
from threadkeep.store.vault import Vault
from threadkeep.tokens import TokenCounter

__all__ = ["recall", "without_names", "named_speakers"]


def without_names(query: str, names: Iterable[str]) -> str:
    """``query`` without the words that are part of ``names`` (a possessive "'s" goes too),
    whitespace collapsed; ``query`` itself when nothing is left.

    What the dense side searches with: in a chat between two people, one addresses the other
    by name all the time ("Thanks, Melanie!"), so a question naming Melanie is drawn by the
    embedding to the turns that *address* her rather than those that say what she did.
    Words are compared whole and case-blind; names inflected or written without spaces
    (Russian cases, Japanese) are not matched, and the query then stays as it was."""
    parts = {w.casefold() for name in names for w in name.split()}
    if not parts:
        return query
    kept = [word for word in query.split() if _core(word) not in parts]
    return " ".join(kept) or query


def _core(word: str) -> str:
    """A query word as names are compared: edge punctuation and a possessive "'s" off, case-blind."""
    core = word.strip(_EDGE_PUNCT)
    for tail in ("'s", "’s"):
        if core.casefold().endswith(tail):
            core = core[: -len(tail)]
    return core.casefold()


def named_speakers(query: str, names: Iterable[str]) -> frozenset[str]:
    """The names of ``names`` a word of ``query`` is part of (compared as in
    :func:`without_names`)."""
    words = {_core(w) for w in query.split()}
    return frozenset(n for n in names if any(p.casefold() in words for p in n.split()))


_EDGE_PUNCT = "\"'“”‘’.,!?;:()[]{}«»"


def recall(
    db: Database,
    vault: Vault,
    *,
    user_id: str,
    query: str,
    exclude_conversation_seq_gt: tuple[str, int] | None = None,
    k: int = 8,
    token_budget: int = 800,
    max_item_tokens: int = 300,
    roles: tuple[str, ...] = ("user", "assistant"),
    embedder: Embedder | None | bool = True,
    counter: TokenCounter | None = None,
    query_vector: np.ndarray | None = None,
    item_overhead: int = 0,
    labels: Mapping[str, str] | None = None,
    neighbours: float = NEIGHBOUR_WEIGHT,
    prefer_roles: tuple[str, ...] = (),
    trim_tokens: int | None = TRIM_TOKENS,
    seeds: Sequence[str] = (),
    skip: Iterable[str] = (),
) -> list[RecallHit]:
    """Earlier messages of the person most relevant to ``query``, best first, whose rendering
    by :func:`render_recalled` (with ``labels``) fits ``token_budget``.
    ``exclude_conversation_seq_gt=(conversation_id, cursor)`` leaves out that conversation's
    messages with ``seq > cursor`` — the ones still verbatim in the request. ``query_vector``
    reuses the turn's one embedding of the new message. ``neighbours``, ``prefer_roles`` and
    ``item_overhead`` are as in :func:`rank_items`; when the query names stored speakers
    (an imported chat's participants), their turns are lifted instead of ``prefer_roles``.
    ``seeds``: ids of messages found by other means (the source turns of the turn's facts),
    candidates whatever their words; ``skip``: ids of messages that are not candidates (the
    request shows them already)."""
    emb = resolve_embedder(embedder)
    if k <= 0 or token_budget <= 0:
        return []
    person = person_index(user_id, None if emb is None else emb.name)
    with person.lock:
        with db.reading() as s:
            sync_person(s, vault, person, user_id, emb)
        if not person.items or person.index is None:
            return []
        speakers = tuple(person.speakers)
    # A question naming participants lifts their turns instead of the person's own ("what do
    # Ana and Ben both like?" needs both sides; dev LoCoMo multi-hop evidence_all 0.476 → 0.500).
    named = named_speakers(query, speakers)
    qvec = None
    if emb is not None:
        # The turn's one embedding serves unless the query names a participant.
        dense_query = without_names(query, speakers)
        qvec = query_vector if query_vector is not None and dense_query == query else emb.query(dense_query)
    with person.lock:
        conv, cursor = exclude_conversation_seq_gt or ("", 0)
        allowed = person.allowed(roles, conv, cursor)
        for m in skip:
            for pos in person.pos_of.get(m, ()):
                allowed[pos] = False
        seed_pos = [person.pos_of[m][0] for m in dict.fromkeys(seeds) if person.pos_of.get(m)]
        return rank_items(
            person.item_at,
            person.index,
            query,
            qvec,
            k=k,
            token_budget=token_budget,
            max_item_tokens=max_item_tokens,
            allowed=allowed,
            counter=counter,
            item_overhead=item_overhead,
            labels=labels,
            neighbours=neighbours,
            prefer_roles=() if named else prefer_roles,
            prefer_speakers=named,
            by_seq=person.by_seq,
            trim_tokens=trim_tokens,
            seeds=seed_pos,
        )
