"""Bank 8 of the five-questions evaluation: twelve single-topic dialogs, hand-written key messages (held out).

``python bench/make_five_questions.py bank8 --write`` rebuilds
``bench/data/five_questions_bank8.json`` byte for byte (one seeded ``random.Random`` a dialog;
nothing depends on the clock or on ``PYTHONHASHSEED``); ``--stats`` prints the check's counts.
Its phrasings are ``bench/data/phrasings/bank8.json``: month, weekday and time words, the leads
put before some small talk (``*_LEADS``), the small-talk cards of each language (``*_GENERIC``),
the markers of cards said at most once a dialog (``ONCE``) and the twelve dialogs (``DIALOGS``).

How it was written. A helper wrote it blind, on 2026-12-06, as a standalone standard-library
script with its texts by hand, without reading any project code. It is held out and was scored
once; the recipe here replays that script's draws in the same order, and its file is the one
that was scored, kept to the byte (so it ends without a newline).

What it holds. Twelve dialogs (4 English, 4 Russian, 4 Japanese; ids ``b8-en-1`` …
``b8-ja-4``, ``"bank": "bank8"``), 182-356 messages each in pairs, the person first, with no
message times. A dialog is one topic: its opening pair, its events (hand-written pairs that
plant a fact or change it), each at its fixed share (``at``) of the pairs before the last 34
messages, and small talk in every other pair. Small talk is dealt from a deck of the dialog's
own cards and its language's common ones, each card one or more pairs, filled from the dialog's
names, things, places and drawn numbers, dates and sums; a card is drawn again when it does not
fit the gap, when its first line was among the last twelve cards, or when no filling in 25
keeps clear of every answer, superseded value and protected stem. A card marked ``ONCE`` leaves
the deck after its first use; a dialog's own card may get a lead (``oh and …``). Each of the
five questions (``name``, ``number``, ``date``, ``decision``, ``reason``) names its events, and
its ``evidence`` is their messages (the person's, the assistant's, or both: an event's
``evidence``); a corrected value is listed as ``wrong``.

The check (from the script that scored it). ``check`` refuses a bank that fails: 12 dialogs, 4
a language, ids unique; 180-360 messages a dialog; roles alternate from the person; no empty
text and no unfilled brace; five questions, the five kinds; evidence before the last 34
messages; every answer and every ``wrong`` value said as whole words (on word boundaries; a
plain substring in Japanese), an answer in its evidence and nowhere else, a ``wrong`` value
said only in the evidence, before the latest answer and unlike every answer; no answer inside
another kind's; at least six ``name`` questions with a ``wrong``.
"""

from __future__ import annotations

import random
import re
from typing import Any

from banks.common import TWELVE_LANGS, BankCheckError, counts, message_errors, phrasings, record, refuse

PHRASINGS = phrasings("bank8")
LOWER_FIRST = set(PHRASINGS["LOWER_FIRST"])  # first words a lead puts in lower case
TAIL_MIN = 34  # the last messages hold no evidence
# The scored file was written by ``json.dump`` alone: it is kept as scored, without a final newline.
FINAL_NEWLINE = False
KINDS = {"date", "decision", "name", "number", "reason"}
Pair = tuple[str, str]
Card = list[list[str]]


def _counts(lang: str, low: int, high: int) -> list[int]:
    """The numbers a card may say; in Russian only those a plural genitive noun follows."""
    if lang != "ru":
        return list(range(low, high))
    return [v for v in range(low, high) if v % 10 in (0, 5, 6, 7, 8, 9) or 11 <= v % 100 <= 14]


def _sum(spec: dict[str, Any], value: int) -> str:
    """A sum of money in the dialog's currency, rounded to tens above 1,000 and to hundreds above 10,000."""
    if value > 1000:
        value = round(value, -1 if value < 10000 else -2)
    cur = spec["currency"]
    if cur in ("$", "£"):
        return f"{cur}{value:,}" if value >= 1000 else f"{cur}{value}"
    if cur == "₽":
        return f"{value:,}".replace(",", " ") + " ₽"
    return f"{value:,}円"


def _date(lang: str, month: int, day: int) -> str:
    if lang == "en":
        return f"{PHRASINGS['EN_MONTHS'][month]} {day}"
    if lang == "ru":
        return f"{day} {PHRASINGS['RU_MONTHS_GEN'][month]}"
    return f"{month + 1}月{day}日"


def _slots(rng: random.Random, spec: dict[str, Any]) -> dict[str, Any]:
    """A card's slot values: two people, two things and a costly one, two small numbers, two
    larger ones, two sums, two dates a few days apart, a weekday, a time and a place."""
    lang = spec["lang"]
    n1, n2 = rng.sample(spec["names"], 2)
    th, th2 = rng.sample(spec["things"], 2)
    thc = rng.choice(spec["costly"])
    xs, ys = _counts(lang, 2, 31), _counts(lang, 30, 901)
    x = rng.choice(xs)
    x2 = rng.choice([v for v in xs if v != x])
    y = rng.choice(ys)
    y2 = rng.choice([v for v in ys if v != y])
    lo, hi = spec["money"]
    m = _sum(spec, rng.randint(lo, hi))
    month, d1 = rng.randrange(12), rng.randint(1, 20)
    d2 = d1 + rng.randint(3, 8)
    ms = _sum(spec, rng.randint(lo, max(lo + 10, min(hi, lo * 8))))
    out = dict(n1=n1, n2=n2, th=th, th2=th2, thc=thc, x=x, x2=x2, y=y, y2=y2, m=m, ms=ms)
    out.update(d=_date(lang, month, d1), d2=_date(lang, month, d2))
    up = lang.upper()
    out.update(wd=rng.choice(PHRASINGS[f"{up}_WEEKDAYS" + ("_ACC" if lang == "ru" else "")]))
    out.update(t=rng.choice(PHRASINGS[f"{up}_TIMES"]), pl=rng.choice(spec["places"]), sfx=spec.get("sfx", ""))
    return out


def _said(card: Card, slots: dict[str, Any]) -> list[Pair]:
    """A card's pairs filled; a person's line that opens on a thing starts with a capital."""
    pairs = []
    for user, reply in card:
        text = user.format(**slots)
        if user.startswith("{th") and text[:1].isalpha():
            text = text[0].upper() + text[1:]
        pairs.append((text, reply.format(**slots)))
    return pairs


class Deck:
    """The small-talk cards, dealt in seeded rounds; a card marked ``ONCE`` leaves after its first use."""

    def __init__(self, rng: random.Random, cards: list[Card]) -> None:
        self.rng, self.cards = rng, list(cards)
        self.queue: list[Card] = []

    def draw(self) -> Card:
        if not self.queue:
            self.queue = list(self.cards)
            self.rng.shuffle(self.queue)
        return self.queue.pop()

    def used(self, card: Card) -> None:
        if any(marker in card[0][0] for marker in PHRASINGS["ONCE"]):
            self.cards.remove(card)


def _small_talk(rng: random.Random, spec: dict[str, Any], deck: Deck, free: int, recent: list[str]) -> list[Pair]:
    """The next card that fits ``free`` pairs, filled clear of the protected words; a dialog's own
    card of a long first line gets a lead three times in ten."""
    protected = [p.lower() for q in spec["questions"] for p in q.get("protect", q["answers"] + q.get("wrong", []))]
    lang, own = spec["lang"], {card[0][0] for card in spec["domain"]}
    for _ in range(200):
        card = deck.draw()
        if len(card) > free or card[0][0] in recent:
            continue
        for _try in range(25):
            pairs = _said(card, _slots(rng, spec))
            if not any(p in text.lower() for pair in pairs for text in pair for p in protected):
                break
        else:
            continue
        deck.used(card)
        if card[0][0] in own and len(pairs[0][0]) > 14 and rng.random() < 0.3:
            lead, first = rng.choice(PHRASINGS[f"{lang.upper()}_LEADS"]), pairs[0][0]
            if first[:1].isupper() and not first[1:2].isupper() and first.split(" ")[0].lower() in LOWER_FIRST:
                first = first[0].lower() + first[1:]
            pairs[0] = (lead + first, pairs[0][1])
        recent[:] = (recent + [card[0][0]])[-12:]
        return pairs
    raise BankCheckError(f"{spec['id']}: no small-talk card fits in 200 draws")


def build_dialog(spec: dict[str, Any]) -> dict[str, Any]:
    """One dialog: the opening pair, each event at its share of the pairs before the tail, small
    talk in every other pair; and its questions with their evidence."""
    rng = random.Random(spec["seed"])
    pairs: list[Pair | None] = [None] * (spec["length"] // 2)
    pairs[0] = tuple(spec["opening"])
    last = (spec["length"] - TAIL_MIN - 2) // 2  # the last pair clear of the tail
    at: dict[str, int] = {}
    for key, event in sorted(spec["events"].items(), key=lambda kv: kv[1]["at"]):
        p = 1 + round(event["at"] * (last - 1))
        while p <= last and pairs[p] is not None:
            p += 1
        if p > last:
            raise BankCheckError(f"{spec['id']}/{key}: event at pair {p}, in the tail")
        at[key], pairs[p] = p, (event["user"], event["assistant"])
    deck = Deck(rng, spec["domain"] + PHRASINGS[f"{spec['lang'].upper()}_GENERIC"])
    recent: list[str] = []
    p = 0
    while p < len(pairs):
        if pairs[p] is not None:
            p += 1
            continue
        free = next((i for i in range(p, len(pairs)) if pairs[i] is not None), len(pairs)) - p
        said = _small_talk(rng, spec, deck, free, recent)
        pairs[p : p + len(said)] = said
        p += len(said)
    messages = [
        {"role": role, "text": text} for pair in pairs for role, text in zip(("user", "assistant"), pair, strict=True)
    ]
    questions = []
    for q in spec["questions"]:
        entry: dict[str, Any] = {"kind": q["kind"], "q": q["q"], "answers": q["answers"]}
        if q.get("wrong"):
            entry["wrong"] = q["wrong"]
        events = [(at[key], spec["events"][key]["evidence"]) for key in q["events"]]
        entry["evidence"] = sorted(
            [2 * p for p, ev in events if "u" in ev] + [2 * p + 1 for p, ev in events if "a" in ev]
        )
        questions.append(entry)
    return record(spec["id"], spec["lang"], "bank8", messages, questions)


def _said_whole(lang: str, value: str, text: str) -> bool:
    """Whether ``text`` says ``value`` as whole words, any case (a plain substring in Japanese)."""
    if lang == "ja":
        return value in text
    return re.search(r"(?<![^\W_])" + re.escape(value) + r"(?![^\W_])", text, re.I) is not None


def _question_errors(d: dict[str, Any], q: dict[str, Any]) -> list[str]:
    """What one question breaks of the check."""
    lang, texts, at = d["lang"], [m["text"] for m in d["messages"]], f"{d['id']}/{q['kind']}"
    ev, n, errors = q["evidence"], len(texts), []
    if not ev:
        errors.append(f"{at}: no evidence")
    errors += [f"{at}: evidence {i} out of range or in the last {TAIL_MIN}" for i in ev if not 0 <= i < n - TAIL_MIN]
    ev_texts = [texts[i] for i in ev if 0 <= i < n]
    others = [t.lower() for i, t in enumerate(texts) if i not in ev]
    answers = [a for other in d["questions"] for a in other["answers"]]
    for a in q["answers"]:
        if not any(_said_whole(lang, a, t) for t in ev_texts) or not any(a in t for t in ev_texts):
            errors.append(f"{at}: answer {a!r} not said whole in the evidence")
        if any(a.lower() in t for t in others):
            errors.append(f"{at}: answer {a!r} said away from the evidence")
    for w in q.get("wrong", []):
        if not any(_said_whole(lang, w, t) for t in texts) or not any(w in t for t in texts):
            errors.append(f"{at}: wrong {w!r} not said whole")
            continue
        if any(w.lower() in t for t in others):
            errors.append(f"{at}: wrong {w!r} said away from the evidence")
        if any(w.lower() in a.lower() or a.lower() in w.lower() for a in answers):
            errors.append(f"{at}: wrong {w!r} overlaps an answer")
        latest = max((i for i in ev if any(a in texts[i] for a in q["answers"])), default=-1)
        if min(i for i, t in enumerate(texts) if w in t) > latest:
            errors.append(f"{at}: wrong {w!r} said after the latest answer")
    return errors


def check(dialogs: list[dict[str, Any]]) -> dict[str, Any]:
    """Refuse a bank that breaks a rule of the module docstring; return its counts."""
    errors: list[str] = []
    if [d["lang"] for d in dialogs] != TWELVE_LANGS or len({d["id"] for d in dialogs}) != len(dialogs):
        errors.append("not 4 dialogs a language with unique ids")
    for d in dialogs:
        did, msgs, qs = d["id"], d["messages"], d["questions"]
        if not did.startswith(f"b8-{d['lang']}-") or not 180 <= len(msgs) <= 360:
            errors.append(f"{did}: id or {len(msgs)} messages")
        errors += message_errors(did, msgs)
        if len(qs) != 5 or {q["kind"] for q in qs} != KINDS:
            errors.append(f"{did}: not the five kinds")
        for q in qs:
            errors += _question_errors(d, q)
        errors += [
            f"{did}: answer {a!r} ({q['kind']}) inside {b!r} ({r['kind']})"
            for q in qs
            for r in qs
            if q["kind"] != r["kind"]
            for a in q["answers"]
            for b in r["answers"]
            if a.lower() in b.lower()
        ]
    renamed = sum(q["kind"] == "name" and bool(q.get("wrong")) for d in dialogs for q in d["questions"])
    if renamed < 6:
        errors.append(f"only {renamed} name questions with a wrong value")
    refuse(errors)
    return counts(dialogs)


def make_bank() -> list[dict[str, Any]]:
    """The twelve dialogs in the phrasings' order, checked (``BankCheckError`` when the check fails)."""
    dialogs = [build_dialog(spec) for spec in PHRASINGS["DIALOGS"]]
    check(dialogs)
    return dialogs


def stats() -> dict[str, Any]:
    """The check's counts (``BankCheckError`` when it fails)."""
    return check([build_dialog(spec) for spec in PHRASINGS["DIALOGS"]])
