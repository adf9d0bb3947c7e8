"""Bank 7 of the five-questions evaluation: twelve single-topic dialogs of varied length (held out).

``python bench/make_five_questions.py bank7 --write`` rebuilds
``bench/data/five_questions_bank7.json`` byte for byte (one seeded ``random.Random`` a dialog;
nothing depends on the clock or on ``PYTHONHASHSEED``); ``--stats`` prints the check's counts.
Its phrasings are ``bench/data/phrasings/bank7.json``: the names, month and weekday words, the
small-talk cards of each language (``*_GENERIC``) and the twelve scenarios (``SCENARIOS``).

How it was written. A helper wrote it blind: without reading ``src/`` or the sentences of any
earlier bank, as a standalone standard-library script. It was held out and scored once, on
2026-12-06 (docs/BENCHMARKS.md); the recipe here replays that script's draws in the same order,
and its file is the one that was scored, kept to the byte (so it ends without a newline).

What it holds. Twelve dialogs (4 English, 4 Russian, 4 Japanese; ids ``b7-en-1`` …
``b7-ja-4``, ``"bank": "bank7"``), 182-390 alternating messages each, the person first, with no
message times. A scenario is one topic: its opening, its own small-talk cards (dealt twice as
often as the language's common cards), its events (the planted facts and their corrections, in
a seeded order that keeps each scenario's ``constraints``: an event after the ones it names)
and five questions, one of each kind: ``name``, ``number``, ``date``, ``decision``, ``reason``.
Small talk fills the gaps between events (seeded widths) and the last 36-46 messages; a card or
a slot value that would say an answer, a superseded value or a protected word is drawn again.
Each question carries ``evidence``: the indices of the messages tagged with its event. A
superseded value said before the first of them is listed as ``wrong``.

The check (from the script that scored it). ``check`` refuses a bank that fails: 180-400
messages a dialog; roles alternate from the person; no empty text and no unfilled brace; the
five kinds once each; every evidence index in range, before the last 34 messages and saying an
accepted answer (lower-cased substring); no accepted answer in the last 34 messages, nor away
from its evidence (but next to it) — except one place, or two adjacent, for a ``decision``;
each ``wrong`` value said before the evidence and unlike the answers; every ``name`` and
``date`` question has a ``wrong``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from banks.common import BankCheckError, counts, message_errors, phrasings, refuse

PHRASINGS = phrasings("bank7")
TAIL_MIN = 34  # the last messages say no accepted answer (and hold no evidence)
# The scored file was written by ``json.dump`` alone: it is kept as scored, without a final newline.
FINAL_NEWLINE = False
KINDS = ("date", "decision", "name", "number", "reason")
Slots = dict[str, str]
Rng = random.Random


def _ordinal(d: int) -> str:
    """An English day of the month as an ordinal (``21st``)."""
    return f"{d}{'st' if d in (1, 21) else 'nd' if d in (2, 22) else 'rd' if d in (3, 23) else 'th'}"


def _slots_en(rng: Rng, names: list[Any]) -> Slots:
    """An English card's slot values: people (two women, two men, three others), two dates, a
    price, a count, a time and a weekday."""
    women, months = PHRASINGS["EN_FEMALE"], PHRASINGS["EN_MONTHS"]
    f1, f2 = rng.sample(women, 2)
    m1, m2 = rng.sample([x for x in names if x not in women], 2)
    n1, n2, n3 = rng.sample([x for x in names if x not in (f1, f2, m1, m2)], 3)

    def date() -> str:
        d, m = rng.randint(1, 28), rng.choice(months)
        return str(rng.choice([f"{d} {m}", f"{m} {d}", f"the {_ordinal(d)} of {m}"]))

    amt = rng.choice(
        [rng.randint(12, 95), rng.randint(110, 990), rng.randint(110, 990), 1000 + rng.randint(1, 40) * 50]
    )
    price = "£" + (f"{amt:,}" if amt >= 1000 else str(amt))
    hour = rng.randint(8, 19)
    clock = f"{hour}:{rng.choice(['00', '15', '30', '45'])}"
    t = rng.choice([clock, f"{hour if hour <= 12 else hour - 12}{'am' if hour < 12 else 'pm'}"])
    out = {"N": n1, "N2": n2, "N3": n3, "D": date(), "D2": date(), "P": price}
    out.update(X=str(rng.randint(3, 64)), T=t, W=rng.choice(PHRASINGS["EN_WEEKDAYS"]))
    out.update(F=f1, F2=f2, M=m1, M2=m2)
    return out


def _slots_ru(rng: Rng, names: list[Any]) -> Slots:
    """A Russian card's slot values; a name is five case forms (``_g``, ``_d``, ``_a``, ``_i``
    after the nominative) and its gender."""
    f1, f2 = rng.sample([x for x in names if x[5] == "f"], 2)
    m1, m2 = rng.sample([x for x in names if x[5] == "m"], 2)
    n1, n2, n3 = rng.sample([x for x in names if x not in (f1, f2, m1, m2)], 3)
    s: Slots = {}
    for key, n in (("N", n1), ("N2", n2), ("N3", n3), ("F", f1), ("F2", f2), ("M", m1), ("M2", m2)):
        s[key], s[key + "_g"], s[key + "_d"], s[key + "_a"], s[key + "_i"] = n[:5]

    def date() -> str:
        return f"{rng.randint(1, 28)} {rng.choice(PHRASINGS['RU_MONTHS_GEN'])}"

    amt = rng.choice(
        [rng.randint(150, 990), rng.randint(1, 9) * 1000 + rng.randint(1, 9) * 100, rng.randint(11, 60) * 1000]
    )
    s.update(D=date(), D2=date(), P=f"{amt:,}".replace(",", " ") + " ₽", X=str(rng.randint(3, 64)))
    s.update(T=f"{rng.randint(8, 20)}:{rng.choice(['00', '15', '30', '45'])}")
    s.update(W=rng.choice(PHRASINGS["RU_WEEKDAYS_ACC"]))
    return s


def _slots_ja(rng: Rng, names: list[Any]) -> Slots:
    """A Japanese card's slot values: three people, two dates, a price, a count, a time, a day."""
    n1, n2, n3 = rng.sample(names, 3)

    def date() -> str:
        return f"{rng.randint(1, 12)}月{rng.randint(1, 28)}日"

    amt = rng.choice([rng.randint(5, 98) * 100, rng.randint(11, 95) * 1000, rng.randint(11, 95) * 1000])
    hour = rng.randint(8, 20)
    out = {"N": n1, "N2": n2, "N3": n3, "D": date(), "D2": date(), "P": f"{amt:,}円"}
    out["X"] = str(rng.randint(3, 64))
    out["T"] = rng.choice([f"{hour}時", f"{hour}時半", f"{hour}:{rng.choice(['00', '15', '45'])}"])
    out["W"] = rng.choice(PHRASINGS["JA_WEEKDAYS"])
    return out


SLOTS: dict[str, Callable[[Rng, list[Any]], Slots]] = {"en": _slots_en, "ru": _slots_ru, "ja": _slots_ja}


def _names(lang: str) -> list[Any]:
    return list(PHRASINGS[f"{lang.upper()}_NAMES"])


def _pick(rng: Rng, x: Any) -> str:
    """One of a list of variants, or the one text."""
    return str(rng.choice(x)) if isinstance(x, list) else str(x)


def _protected_hit(text: str, protected: list[str]) -> bool:
    """Whether ``text`` says a protected value: a Latin word at a word's start, else anywhere."""
    low = text.lower()
    for p in protected:
        pl = p.lower()
        if not pl:
            continue
        if re.fullmatch(r"[a-z][a-z \-]*", pl):
            if re.search(r"(?<![a-z])" + re.escape(pl), low):
                return True
        elif pl in low:
            return True
    return False


def _filler_block(
    rng: Rng, lang: str, deck: dict[str, Any], protected: list[str], short: bool = False
) -> list[tuple[str, str]]:
    """The next small-talk card from the deck, filled, as (role, text) pairs; a card dealt in the
    last 25 goes back under the deck, a filling that says a protected value is drawn again."""
    names = _names(lang)
    for _ in range(400):
        if not deck["cards"]:
            deck["cards"] = list(deck["all"])
            rng.shuffle(deck["cards"])
        card = deck["cards"].pop()
        if card in deck.setdefault("recent", [])[-25:] and len(deck["cards"]) > 3:
            deck["cards"].insert(0, card)
            continue
        if short and len(card) > 2:
            continue
        for _try in range(12):
            slots = SLOTS[lang](rng, names)
            texts = [_pick(rng, part).format(**slots) for part in card]
            if not any(_protected_hit(t, protected) for t in texts):
                deck["recent"].append(card)
                return [("user" if i % 2 == 0 else "assistant", t) for i, t in enumerate(texts)]
    raise BankCheckError(f"{lang}: no small-talk card fits in 400 draws")


def _topo(rng: Rng, keys: list[str], constraints: list[list[str]]) -> list[str]:
    """A seeded order of ``keys`` with each ``(a, b)`` constraint's ``a`` before its ``b``."""
    keys = list(keys)
    rng.shuffle(keys)
    placed: list[str] = []
    remaining = list(keys)
    while remaining:
        ready = [k for k in remaining if all(a in placed for (a, b) in constraints if b == k)]
        k = rng.choice(ready)
        placed.append(k)
        remaining.remove(k)
    return placed


def _gaps(rng: Rng, free_pairs: int, events: int) -> list[int]:
    """How many small-talk pairs go before each event: seeded weights, each at least one."""
    weights = [rng.uniform(0.5, 1.6) for _ in range(events)]
    tot = sum(weights)
    gaps = [max(1, int(free_pairs * w / tot)) for w in weights]
    while sum(gaps) < free_pairs:
        gaps[rng.randrange(len(gaps))] += 1
    while sum(gaps) > free_pairs:
        i = rng.randrange(len(gaps))
        if gaps[i] > 1:
            gaps[i] -= 1
    return gaps


def build_dialog(sc: dict[str, Any]) -> dict[str, Any]:
    """One scenario's dialog: opening, events in a seeded order with small talk between, a tail
    of small talk up to the scenario's length, and its questions with their evidence."""
    rng = random.Random(sc["seed"])
    lang = sc["lang"]
    protected = list(sc.get("protect", []))
    for q in sc["questions"]:
        protected += q["answers"] + q.get("wrong_candidates", [])
    deck: dict[str, Any] = {"all": PHRASINGS[f"{lang.upper()}_GENERIC"] + sc["domain"] * 2, "cards": []}

    events = sc["events"]
    order = _topo(rng, list(events), sc["constraints"])
    ev_msgs = sum(len(events[k]) for k in order) + len(sc["opening"])
    target = sc["length"]
    tail_pairs = rng.randint(18, 23)
    free_pairs = (target - ev_msgs) // 2 - tail_pairs
    if free_pairs <= len(order):
        raise BankCheckError(f"{sc['id']}: {free_pairs} small-talk pairs for {len(order)} events")
    gaps = _gaps(rng, free_pairs, len(order))

    msgs: list[dict[str, str]] = []
    tags: dict[str, list[int]] = {}
    names = _names(lang)

    def safe_slots() -> Slots:
        for _ in range(200):
            sl = SLOTS[lang](rng, names)
            if not any(_protected_hit(v, protected) for v in sl.values()):
                return sl
        raise BankCheckError(f"{sc['id']}: no slot values clear of the answers in 200 draws")

    def add_block(block: list[Any], fmt: bool = False) -> None:
        slots = safe_slots() if fmt else None
        for item in block:
            role = {"u": "user", "a": "assistant"}.get(item[0], item[0])
            if len(item) > 2 and item[2]:
                tags.setdefault(item[2], []).append(len(msgs))
            text = _pick(rng, item[1])
            if slots is not None:
                text = text.format(**slots)
            msgs.append({"role": role, "text": text})

    def add_filler(pairs: int, short: bool = False) -> None:
        n = 0
        while n < pairs:
            blk = _filler_block(rng, lang, deck, protected, short or pairs - n == 1)
            add_block(list(blk))
            n += len(blk) // 2

    add_block(sc["opening"])
    for key, gap in zip(order, gaps, strict=True):
        add_filler(gap)
        add_block(events[key], fmt=True)
    add_filler(tail_pairs)
    while len(msgs) < target:
        add_filler(1, short=True)

    questions = []
    for q in sc["questions"]:
        ev = tags[q["tag"]]
        entry: dict[str, Any] = {"kind": q["kind"], "q": q["q"], "answers": q["answers"]}
        if q.get("wrong_candidates"):
            said_before = " \n".join(m["text"] for m in msgs[: min(ev)])
            wrong = [w for w in q["wrong_candidates"] if w in said_before]
            if wrong:
                entry["wrong"] = wrong
        entry["evidence"] = ev
        questions.append(entry)
    return {"id": sc["id"], "lang": lang, "bank": "bank7", "messages": msgs, "questions": questions}


def _question_errors(did: str, q: dict[str, Any], low: list[str]) -> list[str]:
    """What one question breaks of the check (``low``: the dialog's texts, lower-cased)."""
    errors: list[str] = []
    n, cut, kind = len(low), len(low) - TAIL_MIN, q["kind"]
    ans = [a.lower() for a in q["answers"]]
    for e in q["evidence"]:
        if not 0 <= e < n:
            errors.append(f"{did}/{kind}: evidence {e} out of range")
            continue
        if e >= cut:
            errors.append(f"{did}/{kind}: evidence {e} in the last {TAIL_MIN}")
        if not any(a in low[e] for a in ans):
            errors.append(f"{did}/{kind}: evidence {e} lacks the answer")
    hits = [i for i in range(n) if any(a in low[i] for a in ans)]
    if any(i >= cut for i in hits):
        errors.append(f"{did}/{kind}: answer in the last {TAIL_MIN}")
    ev = set(q["evidence"])
    stray = [i for i in hits if i not in ev and not any(abs(i - e) <= 1 for e in ev)]
    if stray and (kind != "decision" or len(stray) > 2 or (len(stray) == 2 and stray[1] - stray[0] != 1)):
        errors.append(f"{did}/{kind}: answer also at {stray}")
    if q.get("wrong"):
        before = "\n".join(low[: min(q["evidence"])])
        for w in q["wrong"]:
            if w.lower() not in before:
                errors.append(f"{did}/{kind}: a wrong value not said before the evidence")
            if w.lower() in ans:
                errors.append(f"{did}/{kind}: a wrong value equals an answer")
    elif kind in ("name", "date"):
        errors.append(f"{did}/{kind}: no wrong value")
    return errors


def check(dialogs: list[dict[str, Any]]) -> dict[str, Any]:
    """Refuse a bank that breaks a rule of the module docstring; return its counts."""
    errors: list[str] = []
    per_lang_kind: Counter[str] = Counter()
    for d in dialogs:
        did, msgs, qs = d["id"], d["messages"], d["questions"]
        if not 180 <= len(msgs) <= 400:
            errors.append(f"{did}: {len(msgs)} messages")
        errors += message_errors(did, msgs)
        if sorted(q["kind"] for q in qs) != list(KINDS):
            errors.append(f"{did}: not one question of each kind")
        low = [m["text"].lower() for m in msgs]
        for q in qs:
            per_lang_kind[f"{d['lang']}/{q['kind']}"] += 1
            errors += _question_errors(did, q, low)
    refuse(errors)
    return {**counts(dialogs), "questions_per_lang_kind": dict(sorted(per_lang_kind.items()))}


def build_bank() -> list[dict[str, Any]]:
    """The twelve dialogs, one a scenario, in the phrasings' order."""
    return [build_dialog(sc) for sc in PHRASINGS["SCENARIOS"]]


def make_bank() -> list[dict[str, Any]]:
    """The twelve dialogs, checked (``BankCheckError`` when the check fails)."""
    dialogs = build_bank()
    check(dialogs)
    return dialogs


def stats() -> dict[str, Any]:
    """The check's counts."""
    return check(build_bank())
