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

from banks.common import fill, phrasings

PHRASINGS = phrasings("own")

SEED = 1717
LANGS = ["en"] * 7 + ["ru"] * 7 + ["ja"] * 6

EN_MONTHS = PHRASINGS["EN_MONTHS"]
RU_MONTHS = PHRASINGS["RU_MONTHS"]

# name in the nominative; Russian names also in the forms the templates use.
PEOPLE = PHRASINGS["PEOPLE"]
PROJECTS = PHRASINGS["PROJECTS"]
OPTIONS = PHRASINGS["OPTIONS"]
LAYERS = PHRASINGS["LAYERS"]
VENDORS = PHRASINGS["VENDORS"]
REASONS = PHRASINGS["REASONS"]


def _date(lang: str, rng: random.Random) -> tuple[int, int]:
    # Key dates fall on days 3-22 (a move adds 3-8 days); small talk uses days 23-28, so a
    # stale or accepted date is never said by chance in small talk.
    return rng.randint(1, 11), rng.randint(3, 14)


def _date_forms(lang: str, month: int, day: int) -> list[str]:
    if lang == "en":
        return [f"{day} {EN_MONTHS[month]}", f"{EN_MONTHS[month]} {day}"]
    if lang == "ru":
        return [f"{day} {RU_MONTHS[month]}"]
    return [f"{month + 1}月{day}日"]


def _key_en(rng: random.Random, p: str) -> tuple[list[str], list[dict[str, Any]]]:
    old, new = rng.sample(PEOPLE["en"], 2)
    amount = rng.choice([85, 130, 215, 340, 560])
    x, y = rng.choice(OPTIONS)
    layer = rng.choice(LAYERS["en"])
    layer_cap = layer[0].upper() + layer[1:]
    vendor = rng.choice(VENDORS)
    reason = rng.choice(REASONS["en"])
    m, d1 = _date("en", rng)
    d2 = d1 + rng.randint(3, 8)
    first, moved = (_date_forms("en", m, d1), _date_forms("en", m, d2))
    amount_text, amount_answer = rng.choice(
        fill(PHRASINGS["EN_AMOUNT_TEXT"], {"amount": amount, "p": p})
    )
    lead_text = rng.choice(fill(PHRASINGS["EN_LEAD_TEXT"], {"old": old, "p": p}))
    change_text = rng.choice(fill(PHRASINGS["EN_CHANGE_TEXT"], {"new": new, "old": old, "p": p}))
    date_text = rng.choice(fill(PHRASINGS["EN_DATE_TEXT"], {"first": first, "p": p}))
    moved_text = rng.choice(fill(PHRASINGS["EN_MOVED_TEXT"], {"moved": moved, "p": p}))
    decision_text = rng.choice(
        fill(
            PHRASINGS["EN_DECISION_TEXT"], {"layer": layer, "layer_cap": layer_cap, "x": x, "y": y}
        )
    )
    reason_text = rng.choice(
        fill(PHRASINGS["EN_REASON_TEXT"], {"reason": reason, "vendor": vendor})
    )
    keys = [lead_text, amount_text, date_text, decision_text, reason_text, moved_text, change_text]
    questions = [
        {
            "kind": "name",
            "q": fill(PHRASINGS["EN_QUESTION_NAME"], {"p": p}),
            "answers": [new],
            "wrong": [old],
        },
        {
            "kind": "number",
            "q": fill(PHRASINGS["EN_QUESTION_NUMBER"], {"p": p}),
            "answers": [amount_answer],
        },
        {
            "kind": "date",
            "q": fill(PHRASINGS["EN_QUESTION_DATE"], {"p": p}),
            "answers": moved,
            "wrong": first,
        },
        {
            "kind": "decision",
            "q": fill(PHRASINGS["EN_QUESTION_DECISION"], {"layer": layer}),
            "answers": [x],
        },
        {
            "kind": "reason",
            "q": fill(PHRASINGS["EN_QUESTION_REASON"], {"vendor": vendor}),
            "answers": [reason],
        },
    ]
    return (keys, questions)


def _key_ru(rng: random.Random, p: str) -> tuple[list[str], list[dict[str, Any]]]:
    old, new = rng.sample(PEOPLE["ru"], 2)
    amount = rng.choice([85, 130, 215, 340, 560])
    x, y = rng.choice(OPTIONS)
    layer_gen, layer_nom = rng.choice(LAYERS["ru"])
    vendor = rng.choice(VENDORS)
    reason = rng.choice(REASONS["ru"])
    m, d1 = _date("ru", rng)
    d2 = d1 + rng.randint(3, 8)
    first, moved = (_date_forms("ru", m, d1), _date_forms("ru", m, d2))
    amount_text, amount_answer = rng.choice(
        fill(PHRASINGS["RU_AMOUNT_TEXT"], {"amount": amount, "p": p})
    )
    lead_text = rng.choice(fill(PHRASINGS["RU_LEAD_TEXT"], {"old": old, "p": p}))
    change_text = rng.choice(fill(PHRASINGS["RU_CHANGE_TEXT"], {"new": new, "old": old, "p": p}))
    date_text = rng.choice(fill(PHRASINGS["RU_DATE_TEXT"], {"first": first, "p": p}))
    moved_text = rng.choice(fill(PHRASINGS["RU_MOVED_TEXT"], {"moved": moved, "p": p}))
    decision_text = rng.choice(
        fill(
            PHRASINGS["RU_DECISION_TEXT"],
            {"layer_gen": layer_gen, "layer_nom": layer_nom, "x": x, "y": y},
        )
    )
    reason_text = rng.choice(
        fill(PHRASINGS["RU_REASON_TEXT"], {"reason": reason, "vendor": vendor})
    )
    keys = [lead_text, amount_text, date_text, decision_text, reason_text, moved_text, change_text]
    questions = [
        {
            "kind": "name",
            "q": fill(PHRASINGS["RU_QUESTION_NAME"], {"p": p}),
            "answers": [new[0]],
            "wrong": list(old),
        },
        {
            "kind": "number",
            "q": fill(PHRASINGS["RU_QUESTION_NUMBER"], {"p": p}),
            "answers": [amount_answer],
        },
        {
            "kind": "date",
            "q": fill(PHRASINGS["RU_QUESTION_DATE"], {"p": p}),
            "answers": moved,
            "wrong": first,
        },
        {
            "kind": "decision",
            "q": fill(PHRASINGS["RU_QUESTION_DECISION"], {"layer_gen": layer_gen}),
            "answers": [x],
        },
        {
            "kind": "reason",
            "q": fill(PHRASINGS["RU_QUESTION_REASON"], {"vendor": vendor}),
            "answers": [reason],
        },
    ]
    return (keys, questions)


def _key_ja(rng: random.Random, p: str) -> tuple[list[str], list[dict[str, Any]]]:
    old, new = rng.sample(PEOPLE["ja"], 2)
    amount = rng.choice([85, 130, 215, 340, 560])
    x, y = rng.choice(OPTIONS)
    layer = rng.choice(LAYERS["ja"])
    vendor = rng.choice(VENDORS)
    reason = rng.choice(REASONS["ja"])
    m, d1 = _date("ja", rng)
    d2 = d1 + rng.randint(3, 8)
    first, moved = (_date_forms("ja", m, d1), _date_forms("ja", m, d2))
    amount_text, amount_answer = rng.choice(
        fill(PHRASINGS["JA_AMOUNT_TEXT"], {"amount": amount, "p": p})
    )
    lead_text = rng.choice(fill(PHRASINGS["JA_LEAD_TEXT"], {"old": old, "p": p}))
    change_text = rng.choice(fill(PHRASINGS["JA_CHANGE_TEXT"], {"new": new, "old": old, "p": p}))
    date_text = rng.choice(fill(PHRASINGS["JA_DATE_TEXT"], {"first": first, "p": p}))
    moved_text = rng.choice(fill(PHRASINGS["JA_MOVED_TEXT"], {"moved": moved, "p": p}))
    decision_text = rng.choice(
        fill(PHRASINGS["JA_DECISION_TEXT"], {"layer": layer, "x": x, "y": y})
    )
    reason_text = rng.choice(
        fill(PHRASINGS["JA_REASON_TEXT"], {"reason": reason, "vendor": vendor})
    )
    keys = [lead_text, amount_text, date_text, decision_text, reason_text, moved_text, change_text]
    questions = [
        {
            "kind": "name",
            "q": fill(PHRASINGS["JA_QUESTION_NAME"], {"p": p}),
            "answers": [new],
            "wrong": [old],
        },
        {
            "kind": "number",
            "q": fill(PHRASINGS["JA_QUESTION_NUMBER"], {"p": p}),
            "answers": [amount_answer],
        },
        {
            "kind": "date",
            "q": fill(PHRASINGS["JA_QUESTION_DATE"], {"p": p}),
            "answers": moved,
            "wrong": first,
        },
        {
            "kind": "decision",
            "q": fill(PHRASINGS["JA_QUESTION_DECISION"], {"layer": layer}),
            "answers": [x],
        },
        {
            "kind": "reason",
            "q": fill(PHRASINGS["JA_QUESTION_REASON"], {"vendor": vendor}),
            "answers": [reason],
        },
    ]
    return (keys, questions)


FILLER = PHRASINGS["FILLER"]
SMALL_TALK_PEOPLE = PHRASINGS["SMALL_TALK_PEOPLE"]


def _filler(lang: str, rng: random.Random) -> tuple[str, str]:
    user, bot = rng.choice(FILLER[lang])
    m, d = rng.randint(0, 11), rng.randint(23, 28)
    date = _date_forms(lang, m, d)[0]
    # Small-talk amounts never repeat a key amount (85, 130, 215, 340, 560).
    n = rng.choice([v for v in range(20, 990) if v % 5])
    return user.format(
        n=n,
        s=rng.randint(3, 60),
        h=rng.randint(6, 21),
        d=date,
        who=rng.choice(SMALL_TALK_PEOPLE[lang]),
    ), bot


ACKS = PHRASINGS["ACKS"]
MAKERS = {"en": _key_en, "ru": _key_ru, "ja": _key_ja}


def make_dialog(i: int, lang: str, rng: random.Random) -> dict[str, Any]:
    project = PROJECTS[lang][i % len(PROJECTS[lang])]
    keys, questions = MAKERS[lang](rng, project)
    turns = rng.choice([80, 100, 120, 180])
    # Every key fact lies before the last 17 turns (34 messages); the correction comes after
    # the value it corrects (keys are in order: first values, then the moves and the change).
    first_slots = sorted(rng.sample(range(2, turns // 2), 5))
    late_slots = sorted(rng.sample(range(turns // 2, turns - 18), 2))
    at = dict(zip(first_slots + late_slots, keys, strict=True))
    messages: list[dict[str, str]] = []
    for t in range(turns):
        if t in at:
            user, bot = at[t], rng.choice(ACKS[lang])
        else:
            user, bot = _filler(lang, rng)
        messages += [{"role": "user", "text": user}, {"role": "assistant", "text": bot}]
    for q in questions:
        q["evidence"] = [2 * t for t, text in at.items() if any(a in text for a in q["answers"])]
    return {
        "id": f"own-{i}",
        "lang": lang,
        "bank": "own",
        "messages": messages,
        "questions": questions,
    }


def make_bank() -> list[dict[str, Any]]:
    """The 20 dialogs: seven English, seven Russian, six Japanese."""
    rng = random.Random(SEED)
    return [make_dialog(i, lang, rng) for i, lang in enumerate(LANGS)]
