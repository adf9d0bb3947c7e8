"""What every importer yields: conversations and messages in threadkeep's own terms.

A reader (``chatgpt.py``, ``claude.py``, ``telegram.py``, and a threadkeep archive reader)
turns an export into a lazy stream of :class:`ImportedConversation`; the one writer,
:func:`threadkeep.imports.store.store_conversations`, seals and stores them. Readers never
touch the database; the writer never parses a file.

Source ids make an import repeatable. Both a conversation's and a message's ``source_id``
are unique for the person on their own, prefixed by the format
(``chatgpt:<conversation id>``, ``chatgpt:<conversation id>:<node id>``,
``telegram:<chat id>:<message id>``). Importing the same file again adds nothing; importing a
later export of the same history adds only what is new.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from threadkeep.errors import InputError

__all__ = [
    "ImportedConversation",
    "ImportedMessage",
    "ImportFormatError",
    "ImportLimitError",
    "ROLES",
    "from_epoch",
    "MAX_SOURCE_ID",
]

ROLES = ("user", "assistant")
# Source ids are stored in a String(255) column; longer ones are refused by the writer.
MAX_SOURCE_ID = 255


@dataclass(frozen=True, slots=True)
class ImportedMessage:
    """One message as threadkeep stores it.

    ``role`` is ``user`` (the person) or ``assistant`` (the other side). ``created_at`` is
    the original, timezone-aware time the message was written. ``source_id`` is stable across
    exports of the same history and unique for the person (prefixed by the format).
    ``speaker`` is the participant's name when the export gives one (a Telegram chat's
    ``from``): recall names it on every line it brings back; None for an assistant's answer.
    """

    role: str
    text: str
    created_at: datetime
    source_id: str
    # Not the person's own words though they sent it (a forwarded message, stored as a quote
    # with its origin): kept for recall, never mined for the person's facts.
    quoted: bool = False
    speaker: str | None = None

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"role must be 'user' or 'assistant', not {self.role!r}")
        if self.created_at.tzinfo is None:
            raise ValueError("created_at must be timezone-aware")


@dataclass(frozen=True, slots=True)
class ImportedConversation:
    """One conversation: its stable ``source_id`` (prefixed by the format, e.g.
    ``chatgpt:…``), title, original start time and messages in order.

    ``where`` says where in the file it came from (``conversation #12 (id …)``), for errors.
    ``skipped`` counts the parts the reader left out (system/tool nodes, images, …) by reason.
    """

    source_id: str
    title: str | None
    created_at: datetime | None
    messages: tuple[ImportedMessage, ...]
    where: str = ""
    skipped: dict[str, int] = field(default_factory=dict)


class ImportFormatError(InputError):
    """The file is not a valid export of the format: the message names the place."""


class ImportLimitError(ImportFormatError):
    """The file passes one of the readers' limits (depth, size, zip expansion): the message
    names the limit, the file and the place (docs/IMPORT.md, "Limits")."""


def from_epoch(value: object) -> datetime | None:
    """Seconds since the epoch (int, float or Decimal) as an aware UTC datetime; None if absent
    or not a number."""
    if value is None or isinstance(value, bool):
        return None
    try:
        return datetime.fromtimestamp(float(value), UTC)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError, OSError):
        return None
