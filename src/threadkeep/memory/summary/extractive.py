"""A deterministic extractive summariser: no model, English, Russian and Japanese.

It reads the newly folded messages sentence by sentence and proposes the same operations a
fold model would (:mod:`threadkeep.memory.summary.items`). What it keeps is decided by behaviour,
not by surface features: a sentence that assigns a role, records a decision or a refusal and
its reason, fixes a deadline or an amount, or commits someone to a next step is worth more
than one that merely contains a number or a name. A sentence that corrects an earlier one
("the deadline moved", "X takes over as tech lead") *updates* that item instead of adding a
second, so the summary holds the latest value and never the stale one as current.

What a sentence says (the cue patterns, names, topic and slots) is read by
:mod:`threadkeep.memory.summary.sentences`. Everything here is pure and ordered: the same state
and messages give the same operations.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field

from threadkeep.memory.summary.changes import Change, changes_in, reading
from threadkeep.memory.summary.corrections import names_both, replaced_by
from threadkeep.memory.summary.items import (
    AddItem,
    FieldName,
    Op,
    RemoveItem,
    ResolveQuestion,
    SourceMessage,
    SummaryState,
    UpdateItem,
)
from threadkeep.memory.summary.pasted import (
    DOCUMENT_CHARS,
    POINTER_PRIORITY,
    is_document,
    is_pointer,
    pointer_op,
)
from threadkeep.memory.summary.restated import restates
from threadkeep.memory.summary.sentences import (
    CORRECTION,
    FILLER,
    MONTH,
    REFUSAL,
    Sentence,
    analyse,
    attributes,
    classify,
    is_cjk,
    split_sentences,
    subject_stems,
)
from threadkeep.memory.summary.superseded import states_older
from threadkeep.memory.summary.utterances import REASON_FOLLOWUP, utterances
from threadkeep.memory.summary.work import project_entities

__all__ = ["ExtractiveSummariser", "extract_ops", "LONG_MESSAGE_CHARS"]

# A message longer than this is pasted content: it belongs to the recall index, and the
# summary keeps one pointer item (ARCHITECTURE §5, :mod:`threadkeep.memory.summary.pasted`). It also
# bounds the work per message.
LONG_MESSAGE_CHARS = DOCUMENT_CHARS
# Longer sentences are cut at a word boundary so one item cannot eat the cap.
MAX_ITEM_CHARS = 280

@dataclass(slots=True)
class _Work:
    """An item as the extractor tracks it: an existing one (``item_id``) or a pending add."""

    field: FieldName
    text: str
    sources: list[str]
    priority: int
    analysis: Sentence
    item_id: str | None = None
    changed: bool = False
    order: int = 0
    resolve: list[str] = dc_field(default_factory=list)  # `field` names a field here
    old_sources: int = 0  # how many of ``sources`` the item already had before this fold
    dropped: bool = False  # superseded by a newer item of this fold


def _overlap(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))




def _find_target(s: Sentence, fld: FieldName, work: list[_Work], correcting: bool,
                 entities: frozenset[str]) -> _Work | None:
    """The item a new statement restates or corrects, if any (the best-scoring, then newest).
    A statement naming one project never replaces an item about another."""
    best: tuple[float, int, _Work] | None = None
    stems = subject_stems(s)
    own = frozenset(w for w in attributes(s) if w.lower()[:5] not in entities)
    own_projects = stems & entities
    refusing = bool(REFUSAL.search(s.text))
    for w in work:
        if w.field != fld or is_pointer(w.text):
            continue  # a document's pointer is never restated or corrected by chat
        if not refusing and REFUSAL.search(w.text):
            continue  # a refusal stays true whatever was chosen instead
        a = w.analysis
        their_projects = subject_stems(a) & entities
        if own_projects and their_projects and not own_projects & their_projects:
            continue
        shared = len(stems & subject_stems(a))
        theirs = frozenset(w for w in attributes(a) if w.lower()[:5] not in entities)
        if a.key == s.key and set(a.names) == set(s.names):
            score = 3.0  # the same statement with a new value: latest wins
        elif s.slots & a.slots and (shared or not stems):
            # The same slot (tech lead, deadline, budget) of the same subject: latest wins.
            score = 2.0 + _overlap(own, theirs) + 0.1 * shared
        elif s.slots & a.slots and correcting:
            score = 1.5 + _overlap(own, theirs)
        elif correcting and _overlap(own, theirs) >= 0.5:
            score = 1.0 + _overlap(own, theirs) + 0.1 * shared
        else:
            continue
        if best is None or (score, w.order) > (best[0], best[1]):
            best = (score, w.order, w)
    return best[2] if best else None


# A list bullet the sentence came with (a line of a stored note, "- [date] you: …"): the
# rendering adds its own, so an item never reads "- - ".
_BULLET = re.compile(r"^(?:[-*•]\s+)+")


def _clip(text: str) -> str:
    text = FILLER.sub("", _BULLET.sub("", text.strip())).strip()
    if text and text[0].islower() and not any(is_cjk(c) for c in text[:1]):
        text = text[0].upper() + text[1:]
    if len(text) <= MAX_ITEM_CHARS:
        return text
    cut = text[:MAX_ITEM_CHARS].rsplit(" ", 1)[0]
    return cut + "…"


_HONORIFICS = ("さん", "氏", "君", "くん")


def _carried_names(old: Sentence, new: Sentence, fld: FieldName, entities: frozenset[str]) -> list[str]:
    """Names of the old item that a name-less correction ("the deadline moved") refers to:
    the project it is about. Only a project is carried: a person the old item named is who
    the correction replaces, not its subject; with no project known yet, a role's names are
    all people and nothing is carried."""
    old_names = [n for n in old.names if not MONTH.fullmatch(n.lower())]
    if len(new.names) >= len(old_names):
        return []  # a full restatement ("Y said the review moved …"), nothing to carry
    lower = new.text.lower()
    # A capitalised first word may be plain prose ("Finance approved …"): only names past it
    # and projects are carried.
    left = [n for n in old_names if (n in old.inner_names or n.lower()[:5] in entities)
            and n.lower()[:5] not in lower
            and not any(f"{n}{h}" in old.text for h in _HONORIFICS)]
    projects = [n for n in left if n.lower()[:5] in entities]
    if projects or fld == "participants":
        return projects
    return left


def _with_subject(subjects: list[str], text: str) -> str:
    """The correction with its subject in prose in front ("Borealis — the deadline moved …")."""
    if not subjects:
        return text
    if text[:1].isupper() and not text[1:2].isupper():
        text = text[0].lower() + text[1:]
    return f"{', '.join(subjects)} — {text}"


def extract_ops(state: SummaryState, messages: Sequence[SourceMessage]) -> list[Op]:
    """Operations that fold ``messages`` into ``state``, in a deterministic order."""
    work: list[_Work] = []
    for order, item in enumerate(state.items):
        analysis = analyse(item.text)
        work.append(_Work(item.field, item.text, list(item.source_ids), item.priority, analysis,
                          item_id=item.id, order=order, old_sources=len(item.source_ids)))
    next_order = len(work)
    for said in utterances(messages):
        ids, role, text = list(said.source_ids), said.role, said.text
        if is_document(text):
            # Indexed for recall, not summarised: one pointer item (memory/summary/pasted.py).
            op = pointer_op(SourceMessage(ids[0], role, text))
            work.append(_Work(op.field, op.text, ids, POINTER_PRIORITY, analyse(op.text),
                              order=next_order))
            next_order += 1
            continue
        entities = project_entities((w.field, w.analysis) for w in work)
        for sentence in _with_reasons(_corrections_whole(_facts_apart(split_sentences(text)))):
            s = analyse(sentence)
            verdict = classify(s, role)
            if verdict is None:
                continue
            fld, prio = verdict
            clipped = _clip(sentence)
            if fld != "questions" and role == "user":
                _resolve_questions(s, work, ids, entities)  # a later statement on its topic settles it
            correcting = bool(CORRECTION.search(sentence))
            if role != "user":
                echoed = next((w for w in reversed(work) if _echoes(clipped, w.text)), None)
                if echoed is not None:
                    # The assistant reading back what an item already says ("Записал: проект
                    # «Пасека», офис команды — Иркутск.") cites it; it is no item of its own.
                    echoed.sources.extend(ids)
                    echoed.changed = True
                    continue
            target = _find_target(s, fld, work, correcting, entities)
            if target is not None:
                if target.text == clipped or (role != "user" and _echoes(clipped, target.text)):
                    # The assistant reading back what the item says ("Noted: Vega's lead is
                    # Tariq.") cites it; the person's words, and the old value a correction
                    # names beside the new one, stay.
                    target.sources.extend(ids)
                    target.priority = max(target.priority, prio)  # e.g. confirmed by the person
                    target.changed = True
                    continue
                new_text = _with_subject(_carried_names(target.analysis, s, fld, entities), clipped)
                target.text = new_text
                target.sources.extend(ids)
                target.priority = max(target.priority, prio)
                target.analysis = analyse(new_text)
                target.changed = True
                target.order = next_order
                next_order += 1
                continue
            work.append(_Work(fld, clipped, list(ids), prio, s, order=next_order))
            next_order += 1
    _drop_superseded(work, project_entities((w.field, w.analysis) for w in work))
    return _to_ops(work)


def _echoes(said: str, item: str) -> bool:
    """Whether ``said`` gives no value that ``item`` does not."""
    mine, theirs = reading(said), reading(item)
    return mine is not None and theirs is not None and mine.values - mine.initial <= theirs.values


def _names_its_value(text: str, change: Change) -> bool:
    """Whether ``change`` turns away from a value ``text`` gives, by name ("from Zurich to
    Madrid", "не в Варшаве, а в Осло", "北條さんではなく西田さん")."""
    if REFUSAL.search(text):
        return False  # "We turned down Hooli" agrees with "Initech instead of Hooli"
    read = reading(text)
    return read is not None and bool(change.old & read.values)


def _drop_superseded(work: list[_Work], entities: frozenset[str]) -> None:
    """An item that states an earlier value of a newer one leaves (issue 26): the summary
    never shows an old lead, date, amount or choice beside the current one. The judgement is
    :func:`~threadkeep.memory.summary.superseded.states_older`, the one that marks old values
    in recall notes, or a correction of a fact no slot names
    (:func:`~threadkeep.memory.summary.restated.restates`); only what this fold added or
    changed supersedes."""
    live = [w for w in work if w.field != "questions" and not is_pointer(w.text)]
    # The changes that name the value they turn away from, read once per item this fold added
    # or changed (not once per pair).
    # A change that names the old value beside the new one without saying which it turns from
    # ("встречаемся по четвергам, в понедельник всем неудобно") turns from it all the same.
    turning: dict[int, list[Change]] = {
        id(w): [c for c in changes_in(w.text) if c.old or c.cued] for w in live if w.changed or w.item_id is None}
    for old in live:
        old_stems = subject_stems(old.analysis)
        for new in live:
            if new is old or new.order <= old.order or not (new.changed or new.item_id is None):
                continue
            new_stems = subject_stems(new.analysis)
            if (not old_stems and new_stems & entities) or (
                    old_stems & entities and new_stems & entities and not old_stems & new_stems & entities):
                continue  # about another project (or maybe: a name-less old item)
            if _older(old.text, old.analysis, new, turning[id(new)], entities):
                # Two facts in one item ("Vega is sized for 9,100 users. also the contract runs
                # 31 months"): only the one the change replaced leaves.
                parts = _PARTS.split(old.text)
                kept = [p for p in parts if p.strip() and not _older(p, analyse(p), new, turning[id(new)], entities)]
                if len(parts) > 1 and kept and len(kept) < len(parts):
                    old.text = _clip(" ".join(kept))
                    old.analysis = analyse(old.text)
                    old.sources.extend(new.sources[-1:])  # the change is why it was cut
                    old.changed = True
                else:
                    old.dropped = True
                break


# Where an item holds two statements: after a full stop, whatever case follows.
_PARTS = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])")


def _older(text: str, analysis: Sentence, new: _Work, turning: list[Change], entities: frozenset[str]) -> bool:
    """Whether ``text`` states an earlier value of what ``new`` says."""
    return (states_older(text, new.text) or restates(analysis, new.analysis, entities)
            or any((_names_its_value(text, change) or not change.old and names_both(text, change))
                   and replaced_by(text, change) for change in turning))


# A short message that corrects something is one statement: "Forget 6 April. The beta is on
# 11 April." and "…が引き継ぎます。レンさんは別チームに移りました。" keep the old value beside
# the new one, never alone on a line of its own.
CORRECTION_WHOLE_CHARS = 220
CORRECTION_WHOLE_SENTENCES = 3


def _corrections_whole(sentences: list[str]) -> list[str]:
    if not 1 < len(sentences) <= CORRECTION_WHOLE_SENTENCES:
        return sentences
    joined_len = sum(len(x) for x in sentences)
    if joined_len > CORRECTION_WHOLE_CHARS or not CORRECTION.search(sentences[0]):
        return sentences
    if any(x.rstrip().endswith(("?", "？")) for x in sentences):
        return sentences
    out = sentences[0]
    for x in sentences[1:]:
        out += ("" if any(is_cjk(c) for c in out[-1:]) else " ") + x
    return [out]


# Two facts a message lists with "; " or "／": "the client on Vega is Fabrikam; Tariq owns Vega
# from now on", "二点です：ヤマブキのサーバーは函館に置く／ヤマブキの契約期間は23ヶ月です".
_LISTED = re.compile(r";\s+|\s*／\s*")


def _facts_apart(sentences: list[str]) -> list[str]:
    """Each listed fact a sentence of its own, so a later change of one leaves the other — when
    both halves are work a field takes past the background ("We use SQLite; Firebird was too
    heavy" stays one: its second half only gives the reason)."""
    out: list[str] = []
    for sentence in sentences:
        parts = [p for p in _LISTED.split(sentence) if p.strip()]
        if len(parts) > 1 and all(_a_fact(p) for p in parts):
            out.extend(parts)
        else:
            out.append(sentence)
    return out


def _a_fact(part: str) -> bool:
    verdict = classify(analyse(part), "user")
    return verdict is not None and (verdict[0] != "context" or verdict[1] > 1)


def _with_reasons(sentences: list[str]) -> list[str]:
    """A sentence that only gives the reason for the one before it ("…とは契約しません。
    ライセンスが理由からです。", "We said no. That's because …") is read with it."""
    out: list[str] = []
    for sentence in sentences:
        if out and REASON_FOLLOWUP.search(sentence):
            joiner = "" if any(is_cjk(c) for c in out[-1][-1:]) else " "
            out[-1] = f"{out[-1]}{joiner}{sentence}"
        else:
            out.append(sentence)
    return out


def _past_projects(topic: frozenset[str], entities: frozenset[str]) -> frozenset[str]:
    return frozenset(w for w in topic if w.lower()[:5] not in entities)


def _resolve_questions(s: Sentence, work: list[_Work], ids: list[str], entities: frozenset[str]) -> None:
    """A statement settles a question on its topic — past the project both name: every later
    word about "ヒカリ" (its price, its office) does not answer "ヒカリに…動画を残すべきでしょうか"."""
    said = _past_projects(s.topic, entities)
    for w in work:
        if w.field == "questions" and _overlap(said, _past_projects(w.analysis.topic, entities)) >= 0.5:
            w.resolve.extend(ids)


def _to_ops(work: list[_Work]) -> list[Op]:
    ops: list[Op] = []
    for w in work:
        if w.dropped:
            if w.item_id is not None:
                ops.append(RemoveItem(w.item_id))
            continue
        if w.item_id is None:
            if w.resolve:
                continue  # asked and answered within one fold: the answer is the item
            ops.append(AddItem(w.field, w.text, tuple(dict.fromkeys(w.sources)), w.priority,
                               key=w.analysis.key))
            continue
        if w.changed:
            # Only this fold's messages are citable; the old sources stay on the item.
            ops.append(UpdateItem(w.item_id, w.text, tuple(dict.fromkeys(w.sources[w.old_sources:])),
                                  w.priority, key=w.analysis.key))
        if w.resolve:
            ops.append(ResolveQuestion(w.item_id, tuple(dict.fromkeys(w.resolve))))
    return ops


class ExtractiveSummariser:
    """The model-free summariser behind the :class:`~threadkeep.memory.summary.folding.Summariser` API."""

    name = "extractive"

    def propose(self, state: SummaryState, messages: Sequence[SourceMessage]) -> list[Op]:
        """Operations for one fold; pure and deterministic."""
        return extract_ops(state, messages)
