"""A proposed fact and its slot: the keys facts are stored under, and how a fact reads.

The fact model fills the named slots of :data:`LABELS` (``employer``, ``city``,
``preference:tea`` …); the model-free extractor stores a statement under ``said:<frame>`` (its
content words without its values), so the same statement with another value updates it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from threadkeep.retrieval.embedding import Embedder, vector_to_bytes
from threadkeep.retrieval.tokenizer import tokenize
from threadkeep.store.facts import Slots, category_of

__all__ = [
    "FactCandidate",
    "LABELS",
    "SINGLE_VALUED",
    "MULTI_VALUED",
    "category_of",
    "is_single_valued",
    "comparison_key",
    "render_fact",
    "valid_key",
    "SLOTS",
    "slots",
]

# The named slots, as people read them.
LABELS = {
    "name": "Name",
    "role": "Role (job)",
    "employer": "Employer",
    "city": "Lives in",
    "hometown": "From",
    "manager": "Manager",
    "team": "Team",
    "studies": "Studies",
    "moved_from": "Moved from",
    "note": "Note",
    "commitment": "Commitment",
    "family": "Family",
    "pet": "Pet",
    "hobby": "Hobby",
    "language": "Speaks",
    "business": "Runs",
    "former": "Formerly",
}
SINGLE_VALUED = frozenset(
    {"name", "role", "employer", "city", "hometown", "manager", "team", "studies", "moved_from", "said"}
)
MULTI_VALUED = frozenset({"note", "commitment", "family", "pet", "hobby", "language", "business", "former"})


@dataclass(frozen=True, slots=True)
class FactCandidate:
    """A proposed fact: slot ``key`` (``employer``, ``preference:tea``, ``said:work``, ``note``),
    a display value, the clause it was read from, and the value's words as said ("Москве";
    empty when they are the value)."""

    key: str
    value: str
    evidence: str = ""
    said: str = ""


def is_single_valued(key: str) -> bool:
    """Slots that hold one value at a time: a new value supersedes the old one."""
    return category_of(key) in SINGLE_VALUED or key.startswith("preference:")


def valid_key(key: object) -> bool:
    """Whether ``key`` names a slot facts are stored under."""
    if not isinstance(key, str):
        return False
    cat, _, rest = key.partition(":")
    return (not rest and (cat in SINGLE_VALUED or cat in MULTI_VALUED) and cat != "said") or (
        cat in ("preference", "said") and 0 < len(rest) <= 60
    )


def comparison_key(value: str) -> str:
    """A form for deciding "same value": case, punctuation and inflection do not count
    ("Acme Inc." = "acme inc", "Яндексе" = "Яндекс"): the retrieval tokenizer's stems."""
    return " ".join(tokenize(value)) or value.casefold().strip()


def render_fact(key: str, value: str) -> str:
    """One line as the model sees it: ``Employer: Acme``, ``Preference (tea): likes tea``, and
    what the person said as said."""
    cat = category_of(key)
    if cat == "preference":
        return f"Preference ({key.split(':', 1)[1]}): {value}"
    if cat == "said":
        return f"Statement: {value}"
    return f"{LABELS.get(cat, cat.capitalize())}: {value}"


# What the store is told about these slots (it keeps facts; this package says what a slot is).
SLOTS = Slots(is_single_valued, comparison_key)


def slots(embedder: Embedder | None) -> Slots:
    """:data:`SLOTS`, with each fact written embedded as the line a model reads, when there is
    an ``embedder``."""
    if embedder is None:
        return SLOTS
    return replace(SLOTS, vector=lambda key, value: vector_to_bytes(embedder.passages([render_fact(key, value)])[0]))
