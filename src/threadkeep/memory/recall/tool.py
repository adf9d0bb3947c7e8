"""The ``search_memory`` tool as the model sees it: its definition and its result text.

Automatic recall runs once, before the model call, from the new message's words; a question
whose answer lies in turns that share no word with it ("what activities does she do with her
family?" → "pottery class", "camping trip") needs another search with the words the answer
would use. The tool lets the model ask for that in the same round as ``search_knowledge``.
The definition is a constant so the tools segment stays byte-stable between turns; a result
lives for one turn and is never stored (ARCHITECTURE §1, §6).
"""

from __future__ import annotations

from collections.abc import Sequence

from threadkeep.messages import ToolSpec

__all__ = ["SEARCH_MEMORY_TOOL", "NOTHING_RECALLED", "render_memory"]

SEARCH_MEMORY_TOOL = ToolSpec(
    name="search_memory",
    description=(
        "Search the person's own earlier conversations with you (what they said and what they "
        "were answered) and return the matching lines, each with its date and who said it. Use "
        "it when the person asks about something from the past whose answer is not already in "
        "front of you. Write a standalone query with the words the answer itself would use "
        '("pottery class", "camping trip with the kids"), not the question\'s; call it several '
        "times at once for a question about several things."
    ),
    parameters={
        "type": "object",
        "properties": {
            "query": {
                "type": "string",
                "description": "Standalone search query, in the language the person wrote in.",
            },
        },
        "required": ["query"],
        "additionalProperties": False,
    },
)

NOTHING_RECALLED = "No earlier message of this person matched this query."


def render_memory(blocks: Sequence[str]) -> str:
    """The tool result: the recalled blocks (one per earlier conversation, dated and
    speaker-named lines), best first, or :data:`NOTHING_RECALLED`."""
    return "\n\n".join(blocks) if blocks else NOTHING_RECALLED
