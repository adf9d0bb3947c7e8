"""What was said, as the extractive summariser reads it: messages joined where one fact spans two.

People do not say one fact per message. Two shapes are read together here (issue 26):

* **A fact the assistant says and the person confirms.** "So Tariq leads Vega from Monday?" —
  "Yes, exactly." The assistant's words become the person's statement (its tag question
  dropped: "…, right?", "…, верно?", "…ですね？"), cited by both messages.
* **A fact over two messages.** A message that breaks off — it ends in ":", "…", a dash or a
  comma ("The new Vega deadline is…" — "18 June.") — is read with the person's next message.

Everything else passes through unchanged, one utterance per message. Pure and ordered.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from threadkeep.memory.summary.grammar import rx
from threadkeep.memory.summary.pasted import is_document
from threadkeep.messages import SourceMessage

__all__ = ["Utterance", "utterances"]

# A reply that agrees with what was just said, at its start.
_CONFIRM = rx(
    r"^(?:yes|yep|yeah|yup|right|exactly|correct|confirmed|indeed|that's right|that is right|"
    r"that's correct|spot on|precisely)(?![\w'])|"
    r"|^(?:да|ага|угу|именно|верно|точно|так и есть|всё так|все так|подтверждаю|правильно)(?!\w)|"
    r"|^(?:はい|ええ|そうです|その通り|そのとおり|合っています|正解です)"
)
# The assistant's check before the fact ("So", "Just to confirm,", "Итак,", "つまり").
_CHECK_LEAD = rx(
    r"^(?:so|ok(?:ay)?|just to confirm|to confirm|let me confirm|to be clear|if i understand(?: correctly)?)"
    r"(?![\w'])[,:]?\s*|"
    r"|^(?:итак|значит|то есть|правильно понимаю|правильно ли я понимаю|уточню)(?!\w)[,:]?\s*(?:что\s+)?|"
    r"|^(?:つまり|確認ですが|確認させてください)[、,：:]?\s*"
)
# A tag question that turns a statement into a check: "…, right?", "…, верно?", "…ですね？".
_TAG = re.compile(
    r"(?:,\s*(?:right|correct|is that right|is that correct|yes|no)|,?\s*(?:верно|да|так|правильно|"
    r"не так ли)|(?:ですね|ですか|でしょうか|ね))?\s*[?？]$", re.IGNORECASE)
# A message that breaks off mid-fact.
_BREAKS_OFF = (":", "：", "…", "...", "—", "–", " -", ",", "、")
# A confirmation reads the assistant's words at most this long (one statement, not an essay).
CONFIRMED_CHARS = 600


@dataclass(frozen=True, slots=True)
class Utterance:
    """One thing said: its text, who said it, the messages it comes from."""

    source_ids: tuple[str, ...]
    role: str
    text: str


def _as_statement(text: str) -> str:
    body = _CHECK_LEAD.sub("", text.strip(), count=1)
    if body.endswith(("?", "？")):
        body = _TAG.sub("", body).rstrip(" ,")
        body += "。" if body[-1:] and "\u3040" <= body[-1] <= "\u9fff" else "."
    return body[:1].upper() + body[1:] if body[:1].islower() else body


def utterances(messages: Sequence[SourceMessage]) -> list[Utterance]:
    """The messages as utterances (see the module docstring), in order."""
    out: list[Utterance] = []
    pending: Utterance | None = None  # a person's message that broke off
    last_assistant: SourceMessage | None = None
    for msg in messages:
        msg_id, role, text = str(msg[0]), msg[1], msg[2]
        if is_document(text):
            out.append(Utterance((msg_id,), role, text))
            continue
        if role != "user":
            last_assistant = msg
            out.append(Utterance((msg_id,), role, text))
            continue
        confirmed = last_assistant is not None and _CONFIRM.search(text.strip()) is not None
        if confirmed and last_assistant is not None and len(last_assistant[2]) <= CONFIRMED_CHARS:
            out.append(Utterance((str(last_assistant[0]), msg_id), "user", _as_statement(last_assistant[2])))
        last_assistant = None
        if pending is not None:
            head = pending.text.rstrip()
            head = head[:-3] if head.endswith("...") else head.rstrip("…")
            joiner = "" if head[-1:] in ("、", "：") else " "
            text = f"{head}{joiner}{text.strip()}"
            ids = (*pending.source_ids, msg_id)
            pending = None
        else:
            ids = (msg_id,)
        if text.rstrip().endswith(_BREAKS_OFF):
            pending = Utterance(ids, role, text)
            continue
        out.append(Utterance(ids, role, text))
    if pending is not None:
        out.append(pending)
    return out
