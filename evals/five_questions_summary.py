"""What a dialog's summary is made of (issue 26 item 4): its length, how much of it is small
talk, and whether the open questions and next steps said in the dialog reached their fields.

Read from the summary a dialog leaves: the summary block of the request built for the dialog's
first question (later questions are turns too, and may be folded in). Dialogs may tag their
messages (bank 3's generator does):

* ``"tag": "small_talk"`` — a message about nothing the work needs;
* ``"tag": "open_question"`` or ``"next_step"`` with a ``"key"`` — a question or commitment
  planted in the dialog and the phrase of it the summary's "Open questions" or "Agreed next
  steps" field must hold (case-insensitive) for it to count as kept. Without a ``"key"`` (a
  bank that tags the plant and the assistant's reply, as bank 4 does) the person's tagged
  message counts as kept when an item of that field has it as its closest message.

Keys, per dialog and summed by :func:`summary_shares`: ``summary_words`` (mean words of the
summary, :func:`~threadkeep.memory.summary.items.word_count`), ``small_talk_items`` (the share
of summary items whose closest message — most shared character trigrams — is tagged small
talk), ``open_questions_kept`` and ``next_steps_kept``. A share with nothing tagged to count is
None (an untagged file such as the dev dialogs).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from threadkeep.memory.summary.items import FIELD_TITLES, word_count

__all__ = ["SUMMARY_KEYS", "summary_counts", "summary_shares", "field_lines", "closest_message"]

SUMMARY_KEYS = ("summary_words", "small_talk_items", "open_questions_kept", "next_steps_kept")
_PLANTS = {"open_question": "questions", "next_step": "next_steps"}


def field_lines(summary: str) -> dict[str, list[str]]:
    """The summary's item lines under each field title ("## Open questions" …)."""
    titles = {f"## {title}": name for name, title in FIELD_TITLES.items()}
    out: dict[str, list[str]] = {}
    current: str | None = None
    for line in summary.splitlines():
        if line.startswith("## "):
            current = titles.get(line.strip())
            continue
        if current is not None and line.strip():
            out.setdefault(current, []).append(line)
    return out


def _grams(text: str) -> set[str]:
    low = " ".join(text.lower().split())
    return {low[i : i + 3] for i in range(max(0, len(low) - 2))}


def closest_message(item: str, messages: Sequence[dict[str, Any]]) -> int | None:
    """Index of the message sharing the most character trigrams with ``item`` (None if none)."""
    want = _grams(item.removeprefix("- ").removesuffix(" (resolved)"))
    best, best_at = 0, None
    for at, m in enumerate(messages):
        shared = len(want & _grams(m["text"]))
        if shared > best:
            best, best_at = shared, at
    return best_at


def summary_counts(summary: str, messages: Sequence[dict[str, Any]]) -> dict[str, int]:
    """Raw counts for one dialog: words, items, small-talk items and planted items kept."""
    fields = field_lines(summary)
    items = [line for lines in fields.values() for line in lines]
    counts = {"dialogs": 1, "words": word_count(summary), "items": 0, "small_talk": 0}
    if any(m.get("tag") == "small_talk" for m in messages):
        counts["items"] = len(items)
        for line in items:
            at = closest_message(line, messages)
            counts["small_talk"] += at is not None and messages[at].get("tag") == "small_talk"
    for tag, fld in _PLANTS.items():
        planted = [m for m in messages if m.get("tag") == tag and m.get("key")]
        held = "\n".join(fields.get(fld, [])).lower()
        counts[f"{tag}s"] = len(planted)
        counts[f"{tag}s_kept"] = sum(str(m["key"]).lower() in held for m in planted)
        unkeyed = [
            at for at, m in enumerate(messages) if m.get("tag") == tag and not m.get("key") and m.get("role") == "user"
        ]
        if unkeyed:
            closest = {closest_message(line, messages) for line in fields.get(fld, [])}
            counts[f"{tag}s"] += len(unkeyed)
            counts[f"{tag}s_kept"] += sum(at in closest for at in unkeyed)
    return counts


def _sum(rows: Iterable[dict[str, int]]) -> dict[str, int]:
    total: dict[str, int] = {}
    for row in rows:
        for k, v in row.items():
            total[k] = total.get(k, 0) + v
    return total


def summary_shares(rows: Iterable[dict[str, int]]) -> dict[str, float | None]:
    """The four keys of :data:`SUMMARY_KEYS` over some dialogs' :func:`summary_counts`."""
    t = _sum(rows)

    def share(hits: str, total: str) -> float | None:
        return round(t[hits] / t[total], 4) if t.get(total) else None

    return {
        "summary_words": round(t["words"] / t["dialogs"], 1) if t.get("dialogs") else None,
        "small_talk_items": share("small_talk", "items"),
        "open_questions_kept": share("open_questions_kept", "open_questions"),
        "next_steps_kept": share("next_steps_kept", "next_steps"),
    }
