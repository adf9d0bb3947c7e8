"""Documents pasted into a conversation, as the summary sees them: one pointer item; and how
any folded message reads.

A message longer than :data:`DOCUMENT_CHARS` is a document: recall indexes it in chunks, and
the summary keeps one pointer made by code, never by a model's wording — "Document pasted 7
May 2023: Atlas supply agreement, ~850 words — indexed, ask to recall it" (seed 003: indexed,
not summarised). :func:`fold_message` puts a header line in front of a folded document (its
date and size, so the pointer passes the grounding check) and writes relative dates resolved
against the message's time into any folded text ("yesterday (7 May 2023)"). A fold model sees
a document's header and opening only (:data:`PREVIEW_CHARS`), and its items that cite nothing
but documents are replaced by the pointers (:func:`with_document_pointers`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime

from threadkeep.memory import dates as dates_mod
from threadkeep.memory.summary.items import AddItem, Op, SourceMessage, UpdateItem

__all__ = [
    "DOCUMENT_CHARS",
    "PREVIEW_CHARS",
    "POINTER_PRIORITY",
    "is_document",
    "is_pointer",
    "document_header",
    "fold_message",
    "pointer_text",
    "pointer_op",
    "with_document_pointers",
]

# Longer than this is a pasted document (recall chunks anything over 1,500 characters; a
# 1,500–2,000 character message is still read sentence by sentence as a long chat turn).
DOCUMENT_CHARS = 2_000
# What a fold model reads of a document: the header and its opening, enough for a title.
PREVIEW_CHARS = 400
# A pointer outranks background (1) and small numbers (2): it leaves after them under the cap.
POINTER_PRIORITY = 3
TITLE_CHARS = 80

_HEADER = re.compile(
    r"\A\[Document pasted(?: (?P<date>\d{1,2} [A-Z][a-z]{2,8} \d{4}))?, "
    r"~(?P<size>\d{1,9}) (?P<unit>words|characters)\]\n"
)
_POINTER_END = " — indexed, ask to recall it"
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_MARKUP = re.compile(r"^[#>*\-•\s]+")
_FIRST_SENTENCE = re.compile(r"(?<=[.!?])\s|(?<=[。！？])")


def is_document(text: str) -> bool:
    """Whether a folded message is a pasted document (marked by :func:`fold_message`, or long)."""
    return len(text) > DOCUMENT_CHARS or _HEADER.match(text) is not None


def is_pointer(text: str) -> bool:
    """Whether a summary item is a document's pointer (made by :func:`pointer_text`)."""
    return text.startswith("Document pasted") and text.endswith(_POINTER_END)


def _size(text: str) -> str:
    """ "~850 words" — or characters for text mostly in a script written without spaces."""
    chars = len(re.sub(r"\s", "", text))
    if len(_CJK.findall(text)) * 3 > chars:
        n, unit = chars, "characters"
    else:
        n, unit = len(text.split()), "words"
    digits = len(str(n))
    rounded = round(n, -(digits - 2)) if digits > 2 else n
    return f"~{rounded} {unit}"


def document_header(text: str, at: datetime | date | None = None) -> str:
    """The header line a folded document starts with: when it was pasted and how long it is."""
    when = ""
    if at is not None:
        d = at.date() if isinstance(at, datetime) else at
        when = f" {d.day} {dates_mod.MONTHS[d.month - 1]} {d.year}"
    return f"[Document pasted{when}, {_size(text)}]\n"


def fold_message(message_id: str, role: str, text: str, at: datetime | date | None = None) -> SourceMessage:
    """A stored message as a summariser reads it: relative dates resolved against ``at`` and
    written in ("yesterday (7 May 2023)"); a document also gets its header line. Idempotent
    for documents (a marked text is not marked again)."""
    day = dates_mod.day_text(at) if at is not None else ""
    if _HEADER.match(text):
        return SourceMessage(message_id, role, text, day)
    header = document_header(text, at) if len(text) > DOCUMENT_CHARS else ""
    if at is not None:
        text = dates_mod.annotate(text, dates_mod.resolve(text, at))
    return SourceMessage(message_id, role, header + text, day)


def _title(body: str) -> str:
    """The document's first line (its first sentence, markup stripped), clipped at a word."""
    for line in body[:DOCUMENT_CHARS].splitlines():
        line = _MARKUP.sub("", line).strip()
        if line:
            break
    else:
        return ""
    line = _FIRST_SENTENCE.split(line, maxsplit=1)[0].strip()
    if len(line) <= TITLE_CHARS:
        return line
    cut = line[:TITLE_CHARS]
    space = cut.rfind(" ")
    return (cut[:space] if space > TITLE_CHARS // 2 else cut).rstrip(",;:— ") + "…"


def pointer_text(text: str) -> str:
    """The pointer item for a folded document: "Document pasted 7 May 2023: <title>, ~850
    words — indexed, ask to recall it" (date and size from the header, when there is one)."""
    m = _HEADER.match(text)
    if m is None:
        text = document_header(text) + text
        m = _HEADER.match(text)
        assert m is not None
    when = f" {m['date']}" if m["date"] else ""
    title = _title(text[m.end() :])
    size = f"~{m['size']} {m['unit']}"
    what = f"{title}, {size}" if title else size
    return f"Document pasted{when}: {what}{_POINTER_END}"


def pointer_op(message: SourceMessage) -> AddItem:
    """The add operation of a document's pointer item (field ``context``)."""
    return AddItem("context", pointer_text(message[2]), (str(message[0]),), POINTER_PRIORITY)


def with_document_pointers(ops: Sequence[Op], messages: Sequence[SourceMessage]) -> list[Op]:
    """A summariser's operations with every document of ``messages`` reduced to its pointer:
    adds and updates that cite nothing but documents (a summary of a body) are dropped, and
    one pointer per document is appended."""
    docs = [m for m in messages if is_document(m[2])]
    if not docs:
        return list(ops)
    doc_ids = {str(m[0]) for m in docs}
    kept = [
        op
        for op in ops
        if not (isinstance(op, AddItem | UpdateItem) and op.source_ids and set(op.source_ids) <= doc_ids)
    ]
    return kept + [pointer_op(m) for m in docs]
