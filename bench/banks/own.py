"""Generate our own five-questions dialog bank (issue 17): 20 dialogs, English, Russian, Japanese.

    python bench/make_five_questions.py own --write

Same JSON format as the shared dev bank (``shared/data/dialogs/README.md``), written from
templates of our own: every key fact (who leads the project, and who replaced whom; the
approved amount, often with an abbreviated unit; the release date and where it moved; the
chosen option; why a vendor was turned down) has several phrasings per language, none taken
from the dev bank, and the small talk around them is full of other names, amounts and dates
that belong to no project. The generator is seeded, so the file is reproducible.
"""

from __future__ import annotations

import random
from typing import Any

from banks.common import exchange, fill, phrasings, record, spoken_dates

PHRASINGS = phrasings("own")

SEED = 1717
LANGS = ["en"] * 7 + ["ru"] * 7 + ["ja"] * 6


# name in the nominative; Russian names also in the forms the templates use.


def _date(lang: str, rng: random.Random) -> tuple[int, int]:
    # Key dates fall on days 3-22 (a move adds 3-8 days); small talk uses days 23-28, so a
    # stale or accepted date is never said by chance in small talk.
    return rng.randint(1, 11), rng.randint(3, 14)


def _date_forms(lang: str, month: int, day: int) -> list[str]:
    return spoken_dates(lang, month, day, PHRASINGS)


def _key_facts(lang: str, rng: random.Random, p: str) -> tuple[list[str], list[dict[str, Any]]]:
    """The seven key messages of a dialog (five facts, a moved date, a new lead) and its questions."""
    old, new = rng.sample(PHRASINGS["PEOPLE"][lang], 2)
    ctx: dict[str, Any] = {"p": p, "old": old, "new": new}
    ctx["amount"] = rng.choice([85, 130, 215, 340, 560])
    x, y = rng.choice(PHRASINGS["OPTIONS"])
    ctx.update(x=x, y=y)
    layer = rng.choice(PHRASINGS["LAYERS"][lang])
    if lang == "ru":  # a Russian layer is (genitive, nominative)
        ctx["layer_gen"], ctx["layer_nom"] = layer
    else:
        ctx["layer"], ctx["layer_cap"] = layer, layer[0].upper() + layer[1:]
    vendor, reason = rng.choice(PHRASINGS["VENDORS"]), rng.choice(PHRASINGS["REASONS"][lang])
    ctx.update(vendor=vendor, reason=reason)
    m, d1 = _date(lang, rng)
    d2 = d1 + rng.randint(3, 8)
    first, moved = _date_forms(lang, m, d1), _date_forms(lang, m, d2)
    ctx.update(first=first, moved=moved)
    said = {
        name: rng.choice(fill(PHRASINGS[f"{lang.upper()}_{name}_TEXT"], ctx))
        for name in ("AMOUNT", "LEAD", "CHANGE", "DATE", "MOVED", "DECISION", "REASON")
    }
    amount_text, amount_answer = said["AMOUNT"]
    keys = [
        said["LEAD"],
        amount_text,
        said["DATE"],
        said["DECISION"],
        said["REASON"],
        said["MOVED"],
        said["CHANGE"],
    ]
    q = {
        kind: fill(PHRASINGS[f"{lang.upper()}_QUESTION_{kind.upper()}"], ctx)
        for kind in ("name", "number", "date", "decision", "reason")
    }
    # a Russian person is (nominative, other cases...): the answer is the nominative
    lead, stale = ([new[0]], list(old)) if lang == "ru" else ([new], [old])
    questions = [
        {"kind": "name", "q": q["name"], "answers": lead, "wrong": stale},
        {"kind": "number", "q": q["number"], "answers": [amount_answer]},
        {"kind": "date", "q": q["date"], "answers": moved, "wrong": first},
        {"kind": "decision", "q": q["decision"], "answers": [x]},
        {"kind": "reason", "q": q["reason"], "answers": [reason]},
    ]
    return keys, questions


def _filler(lang: str, rng: random.Random) -> tuple[str, str]:
    user, bot = rng.choice(PHRASINGS["FILLER"][lang])
    m, d = rng.randint(0, 11), rng.randint(23, 28)
    date = _date_forms(lang, m, d)[0]
    # Small-talk amounts never repeat a key amount (85, 130, 215, 340, 560).
    n = rng.choice([v for v in range(20, 990) if v % 5])
    return user.format(
        n=n,
        s=rng.randint(3, 60),
        h=rng.randint(6, 21),
        d=date,
        who=rng.choice(PHRASINGS["SMALL_TALK_PEOPLE"][lang]),
    ), bot


def make_dialog(i: int, lang: str, rng: random.Random) -> dict[str, Any]:
    project = PHRASINGS["PROJECTS"][lang][i % len(PHRASINGS["PROJECTS"][lang])]
    keys, questions = _key_facts(lang, rng, project)
    turns = rng.choice([80, 100, 120, 180])
    # Every key fact lies before the last 17 turns (34 messages); the correction comes after
    # the value it corrects (keys are in order: first values, then the moves and the change).
    first_slots = sorted(rng.sample(range(2, turns // 2), 5))
    late_slots = sorted(rng.sample(range(turns // 2, turns - 18), 2))
    at = dict(zip(first_slots + late_slots, keys, strict=True))
    messages: list[dict[str, str]] = []
    for t in range(turns):
        if t in at:
            user, bot = at[t], rng.choice(PHRASINGS["ACKS"][lang])
        else:
            user, bot = _filler(lang, rng)
        messages += exchange(user, bot)
    for q in questions:
        q["evidence"] = [2 * t for t, text in at.items() if any(a in text for a in q["answers"])]
    return record(f"own-{i}", lang, "own", messages, questions)


def make_bank() -> list[dict[str, Any]]:
    """The 20 dialogs: seven English, seven Russian, six Japanese."""
    rng = random.Random(SEED)
    return [make_dialog(i, lang, rng) for i, lang in enumerate(LANGS)]
