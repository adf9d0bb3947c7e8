"""The relevance floor: recall runs into a request only when it is likely to help (issue 16).

Recall ranks by reciprocal-rank fusion, and a fused score says only where an item ranked, not
whether anything matched: the best of an irrelevant lot scores the same as the best of a
relevant one. The floor therefore reads the evidence behind the best *direct* hit (neighbours
brought in by a hit do not count): its BM25 score and, with embeddings, its e5 cosine
similarity to the message. The lexical side also reads the best of the first fused candidates
(``candidates_lexical``, :data:`~threadkeep.memory.recall.ranking.FLOOR_CANDIDATES`): the
dense side ranks with the participants' names left out (issue 25), so the turns that hold the
message's words may rank just below the ones chosen. Recall is kept when either side clears
its floor:

- ``lexical`` ≥ :data:`MIN_LEXICAL` — the IDF of the message's words the hit holds, in units
  of the IDF of a word said once in the person's history (1.0: one such rare word, or a few
  less rare ones; a shared "ok" or "thanks" said everywhere adds almost nothing);
- ``dense_margin`` ≥ :data:`MIN_DENSE_MARGIN` — how far the hit's e5 cosine stands above the
  median candidate's. The cosine itself is no floor: e5-small puts chit-chat ("ok thanks",
  "Спасибо, понятно.") at 0.84–0.89 against a person's earlier short messages, above most
  LoCoMo questions' evidence (0.83–0.88); what marks a match is standing out from the rest.

Both numbers were measured on the LoCoMo dev conversations and on ordinary turns
(docs/BENCHMARKS.md, "Recall that caches"); ``THREADKEEP_RECALL_MIN_LEXICAL`` and
``THREADKEEP_RECALL_MIN_DENSE_MARGIN`` override them (0 on either side: recall always runs,
as before the floor).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from threadkeep.memory.recall.ranking import RecallHit

__all__ = ["MIN_LEXICAL", "MIN_DENSE_MARGIN", "Relevance", "relevance", "clears"]

MIN_LEXICAL = 0.8
MIN_DENSE_MARGIN = 0.10


@dataclass(frozen=True, slots=True)
class Relevance:
    """The best direct hit's evidence (0 / None when there is no direct hit)."""

    lexical: float
    dense: float | None
    dense_margin: float | None = None

    def to_dict(self) -> dict[str, float | None]:
        return {
            "lexical": round(self.lexical, 3),
            "dense": None if self.dense is None else round(self.dense, 4),
            "dense_margin": None if self.dense_margin is None else round(self.dense_margin, 4),
        }


def relevance(hits: Sequence[RecallHit]) -> Relevance:
    """The strongest lexical and dense evidence among ``hits``' direct hits."""
    lexical = max((max(h.lexical, h.candidates_lexical or 0.0) for h in hits if h.lexical is not None), default=0.0)
    dense = max((h.dense for h in hits if h.dense is not None), default=None)
    margin = max((h.dense_margin for h in hits if h.dense_margin is not None), default=None)
    return Relevance(lexical, dense, margin)


def clears(found: Relevance, *, min_lexical: float = MIN_LEXICAL, min_dense_margin: float = MIN_DENSE_MARGIN) -> bool:
    """Whether recall is likely to help: either side at or over its floor (a floor of 0 or
    less is off and always clears)."""
    if min_lexical <= 0 or min_dense_margin <= 0:
        return True
    if found.lexical >= min_lexical:
        return True
    return found.dense_margin is not None and found.dense_margin >= min_dense_margin
