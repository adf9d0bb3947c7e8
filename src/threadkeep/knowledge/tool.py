"""The ``search_knowledge`` tool as the model sees it: its definition and its result text.

The definition is a constant so the tools segment of a request stays byte-stable between
turns. The result names every passage with a short citation key (``[1]``, ``[2]``…) the
answer can cite; it lives for one turn and is never stored (ARCHITECTURE §1, §6).
"""

from __future__ import annotations

from collections.abc import Sequence

from threadkeep.knowledge.results import Hit
from threadkeep.messages import ToolSpec

__all__ = ["SEARCH_KNOWLEDGE_TOOL", "render_hits", "NOT_FOUND_TEXT"]

SEARCH_KNOWLEDGE_TOOL = ToolSpec(
    name="search_knowledge",
    description=(
        "Search the organisation's knowledge base (documents, policies, manuals) and return "
        "the most relevant passages with citation keys. Write a standalone query that makes "
        "sense without the conversation (resolve pronouns, name the subject). Cite passages "
        "you use by their key, e.g. [2]. If nothing relevant comes back, say so."
    ),
    parameters={
        "type": "object",
        "properties": {
            "query": {
                "type": "string",
                "description": "Standalone search query, in the language of the documents if known.",
            },
        },
        "required": ["query"],
        "additionalProperties": False,
    },
)

NOT_FOUND_TEXT = "No passage in the knowledge base matched this query."


def render_hits(hits: Sequence[Hit], *, start: int = 1) -> str:
    """The tool result: numbered passages with title and position, best first.

    ``start`` numbers on from earlier calls of the same round, so every key is unique.
    """
    if not hits:
        return NOT_FOUND_TEXT
    blocks = [
        f"[{i}] {hit.title} (part {hit.ordinal + 1})\n{hit.text.strip()}" for i, hit in enumerate(hits, start=start)
    ]
    return "\n\n".join(blocks)
