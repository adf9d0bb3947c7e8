"""What every bank recipe shares: its phrasings file, the JSON form, the message clock."""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "bench" / "data"
PHRASINGS_DIR = DATA / "phrasings"
# The languages of a twelve-dialog bank's dialogs, in order.
TWELVE_LANGS = ["en"] * 4 + ["ru"] * 4 + ["ja"] * 4
# Every planted answer lies before a dialog's last KEEP_CLEAR messages (a fold with threshold
# 30 and tail 16 has taken it out of the verbatim window by then).
KEEP_CLEAR = 40


@cache
def phrasings(bank: str) -> dict[str, Any]:
    """The sentences, names and value pools of ``bank`` (``bench/data/phrasings/<bank>.json``)."""
    return dict(json.loads((PHRASINGS_DIR / f"{bank}.json").read_text(encoding="utf-8")))


def render(dialogs: list[dict[str, Any]], final_newline: bool = True) -> str:
    """The text of a bank file: one-space-indented JSON, non-ASCII kept, a final newline unless
    the recipe keeps a file that was scored without one (its ``FINAL_NEWLINE``)."""
    return json.dumps(dialogs, ensure_ascii=False, indent=1) + ("\n" if final_newline else "")


class BankCheckError(Exception):
    """A built bank broke one of its recipe's own rules; the bank is not written."""


def repo_on_path() -> None:
    """Put the repository root (for ``evals``) and ``src/`` on ``sys.path``, once."""
    for path in (ROOT / "src", ROOT):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))


def fill(template: Any, ctx: dict[str, Any]) -> Any:
    """``template`` with every string in it formatted from ``ctx`` (lists and dicts kept)."""
    if isinstance(template, str):
        return template.format(**ctx)
    if isinstance(template, list):
        return [fill(item, ctx) for item in template]
    return {key: fill(item, ctx) for key, item in template.items()}


@dataclass(frozen=True)
class Pace:
    """How a dialog's clock moves: minutes before the person speaks, seconds before a reply, and
    now and then (``gap_chance``) a break of days and hours before the person's message."""

    user_minutes: tuple[int, int]
    reply_seconds: tuple[int, int]
    gap_chance: float
    gap_days: tuple[int, int]
    gap_hours: tuple[int, int]


@dataclass
class Transcript:
    """A dialog's messages as they are said, each with an ISO UTC time from its clock."""

    rng: random.Random
    clock: datetime
    pace: Pace
    messages: list[dict[str, str]] = field(default_factory=list)

    def say(self, role: str, text: str, **tags: str) -> None:
        """Add one message, moving the clock first."""
        pace, rng = self.pace, self.rng
        if role == "user":
            self.clock += timedelta(minutes=rng.randint(*pace.user_minutes))
        else:
            self.clock += timedelta(seconds=rng.randint(*pace.reply_seconds))
        if role == "user" and rng.random() < pace.gap_chance:
            self.clock += timedelta(days=rng.randint(*pace.gap_days), hours=rng.randint(*pace.gap_hours))
        time = self.clock.isoformat().replace("+00:00", "Z")
        self.messages.append({"role": role, "text": text, "time": time, **tags})

    def play(self, said: list[list[str]], acks: list[str], prompt: str) -> None:
        """A planted fact's messages, keeping the roles alternate: the person's ``prompt`` before
        an assistant line that would follow another, an acknowledgement between two of the
        person's lines and after the last."""
        for role, text in said:
            if role == "assistant":
                if self.messages and self.messages[-1]["role"] == "assistant":
                    self.say("user", prompt)
                self.say("assistant", text)
            else:
                if self.messages and self.messages[-1]["role"] == "user":
                    self.say("assistant", self.rng.choice(acks))
                self.say("user", text)
        if self.messages[-1]["role"] == "user":
            self.say("assistant", self.rng.choice(acks))


def question(kind: str, fact: str, text: str, answers: list[str], wrong: list[str] | None) -> dict[str, Any]:
    """One question of a dialog; ``wrong`` is the superseded value of a corrected fact."""
    q: dict[str, Any] = {"kind": kind, "fact": fact, "q": text, "answers": answers}
    if wrong is not None:
        q["wrong"] = wrong
    return q


Messages = list[dict[str, str]]
Questions = list[dict[str, Any]]


def record(dialog_id: str, lang: str, bank: str, messages: Messages, questions: Questions) -> dict[str, Any]:
    """A dialog as the bank files hold it."""
    return dict(id=dialog_id, lang=lang, bank=bank, messages=messages, questions=questions)


def dialog(bank: str, lang: str, number: int, messages: Messages, questions: Questions) -> dict[str, Any]:
    """A dialog whose id numbers it from 1 within its language (``bank2-en-01``)."""
    return record(f"{bank}-{lang}-{number:02d}", lang, bank, messages, questions)


def message_errors(dialog_id: str, messages: Messages) -> list[str]:
    """What a dialog's messages break of a check: roles alternate from the person, and no text is
    empty or keeps an unfilled brace."""
    errors: list[str] = []
    for i, m in enumerate(messages):
        if m["role"] != ("user" if i % 2 == 0 else "assistant"):
            errors.append(f"{dialog_id}: role order at {i}")
        if not m["text"].strip() or "{" in m["text"] or "}" in m["text"]:
            errors.append(f"{dialog_id}: empty or unfilled text at {i}")
    return errors


def refuse(errors: list[str]) -> None:
    """Raise ``BankCheckError`` naming the first five of a check's ``errors``, if it found any."""
    if errors:
        shown = "; ".join(errors[:5])
        raise BankCheckError(f"{len(errors)} problems: {shown}{' …' if len(errors) > 5 else ''}")


def counts(dialogs: list[dict[str, Any]]) -> dict[str, Any]:
    """A checked bank's counts: dialogs, messages, questions, those with a ``wrong`` value, and
    each dialog's length."""
    return {
        "dialogs": len(dialogs),
        "messages": sum(len(d["messages"]) for d in dialogs),
        "questions": sum(len(d["questions"]) for d in dialogs),
        "with_wrong": sum("wrong" in q for d in dialogs for q in d["questions"]),
        "lengths": {d["id"]: len(d["messages"]) for d in dialogs},
    }


def exchange(user: str, bot: str) -> list[dict[str, str]]:
    """The person's message and the assistant's reply, without times."""
    return [{"role": "user", "text": user}, {"role": "assistant", "text": bot}]


def spoken_dates(lang: str, month: int, day: int, words: dict[str, Any]) -> list[str]:
    """How a day of a month (0-11) is written in ``lang``, from a bank's ``EN_MONTHS`` and
    ``RU_MONTHS`` (English both ways round)."""
    if lang == "en":
        name = words["EN_MONTHS"][month]
        return [f"{day} {name}", f"{name} {day}"]
    if lang == "ru":
        return [f"{day} {words['RU_MONTHS'][month]}"]
    return [f"{month + 1}月{day}日"]


def facts_said(
    words: dict[str, Any],
    lang: str,
    p: str,
    values: dict[str, Any],
    *,
    choice: str,
    date: str,
    cased: tuple[str, str, str],
) -> dict[str, Any]:
    """Every phrasing (``FACTS_<LANG>``) of every kind of fact, filled with a dialog's values:
    ``choice`` names the (chosen, rejected) pair, ``date`` the date's spellings (English says the
    second), ``cased`` the Russian (nominative, locative) value and the two slots it fills."""
    x, y = values[choice]
    ctx = {**values, "p": p, "x": x, "y": y, "d": values[date][1 if lang == "en" else 0]}
    if lang == "ru":
        key, nominative, locative = cased
        ctx[nominative], ctx[locative] = values[key]
    return dict(fill(words[f"FACTS_{lang.upper()}"], ctx))


def changes_said(words: dict[str, Any], lang: str, p: str, kind: str, old: Any, new: Any) -> list[Any]:
    """The phrasings (``CHANGES_<LANG>``) of a correction of ``kind`` from ``old`` to ``new``."""
    return list(fill(words[f"CHANGES_{lang.upper()}"][kind], {"p": p, "old": old, "new": new}))


def plant_turns(rng: random.Random, length: int, plan: list[Any], changes: list[Any]) -> dict[int, Any]:
    """The turn of each planted fact (in the first quarter of ``length`` messages) and each
    correction (after it, all clear of the last ``KEEP_CLEAR`` messages)."""
    slots_first = sorted(rng.sample(range(2, length // 4), len(plan)))
    late = range(length // 4 + 4, length // 2 - KEEP_CLEAR // 2)
    slots_change = sorted(rng.sample(late, len(changes)))
    at_turn = dict(zip(slots_first, plan, strict=True))
    at_turn.update(zip(slots_change, changes, strict=True))
    return at_turn
