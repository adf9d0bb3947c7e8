"""Generate the second five-questions bank (issue 26): long project dialogs in English, Russian
and Japanese, written apart from the memory rules and never used to tune them.

    python bench/make_five_questions.py bank2 --write

Same JSON format as the shared dev bank (``shared/data/dialogs/README.md``) plus an ISO
``time`` on every message. Each dialog plants ten kinds of project facts — who leads it, the
approved budget, the release date, the chosen technology, why a vendor was turned down, the
client, the latency target, the hosting region, the team size and the programming language —
each said in one of at least five phrasings per kind and language, and asks one question per
kind. Some facts are corrected later, in one of several styles ("update:", "scratch that",
"correction —", "X is out, Y is in", a plain restatement); some are spread over two messages
(the person names the topic, then the value, or the assistant asks and the person answers);
some are said by the assistant and confirmed by the person. Around them: small talk full of
other names, numbers, dates and places that belong to no project.

The templates were written from how people talk about projects, before reading or changing
the extractive summariser or the fact rules for issue 26, and the bank is only measured. The
generator is seeded, so the file is reproducible.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from banks import common

PHRASINGS = common.phrasings("bank2")

SEED = 2626
PACE = common.Pace(user_minutes=(1, 9), reply_seconds=(5, 40), gap_chance=0.04, gap_days=(1, 3), gap_hours=(0, 5))


# Project people. Russian: (nominative, genitive, dative, instrumental).

# Small talk: other people, numbers, dates and places that belong to no project.


def _chat(lang: str, rng: random.Random) -> tuple[str, str]:
    """One small-talk exchange with its own people, places, numbers and dates."""
    who = rng.choice(PHRASINGS["CHAT_PEOPLE"][lang])
    place = rng.choice(PHRASINGS["CHAT_PLACES"][lang])
    n = rng.randint(11, 59)
    big = rng.randint(1001, 4999)
    m = rng.randrange(12)
    day = rng.randint(23, 28)  # key dates use days 3-22
    month = {"en": PHRASINGS["EN_MONTHS"][m], "ru": PHRASINGS["RU_MONTHS"][m]}.get(lang, m + 1)
    ctx = {"who": who, "place": place, "n": n, "big": big, "month": month, "day": day}
    user, bot = rng.choice(common.fill(PHRASINGS[f"CHAT_{lang.upper()}"], ctx))
    return user, bot


def _date(lang: str, month: int, day: int) -> list[str]:
    return common.spoken_dates(lang, month, day, PHRASINGS)


# One planted fact: the messages that say it as (role, text) pairs, in order.
Said = list[tuple[str, str]]


def _facts(lang: str, p: str, v: dict[str, Any]) -> dict[str, list[Said]]:
    return common.facts_said(PHRASINGS, lang, p, v, choice="tech", date="date", cased=("region", "reg_nom", "reg_loc"))


def _changes(lang: str, p: str, kind: str, old: Any, new: Any) -> list[Said]:
    return common.changes_said(PHRASINGS, lang, p, kind, old, new)


KIND_OF = {
    "lead": "name",
    "budget": "number",
    "date": "date",
    "tech": "decision",
    "vendor": "reason",
    "client": "name",
    "ms": "number",
    "region": "place",
    "size": "number",
    "language": "decision",
}
CHANGEABLE = ("lead", "date", "budget", "region")


def _answers(lang: str, kind: str, value: Any) -> list[str]:
    """Accepted strings for a planted value, in the forms the templates say it."""
    if kind == "lead" and lang == "ru":
        return list(value)
    if kind == "region" and lang == "ru":
        return list(dict.fromkeys(value))
    if kind == "budget":
        return [str(value), f"{value}k", f"{value}K", f"{value}万円", f"{value}万"]
    if kind == "ms":
        return [str(value), f"{value}ms", f"{value} ms"]
    if kind == "size":
        return [f"{value}人"] if lang == "ja" else [str(value)]
    if kind == "date":
        return list(value)
    if kind == "tech":
        return [value[0]]
    if kind == "language":
        return [value[0]]
    return [value]


def _dialog(n: int, lang: str, rng: random.Random) -> dict[str, Any]:
    p = PHRASINGS["PROJECTS"][lang][n % len(PHRASINGS["PROJECTS"][lang])]
    old_lead, new_lead = rng.sample(PHRASINGS["LEADS"][lang], 2)
    amounts = rng.sample(range(60, 995, 5), 2)
    month = rng.randrange(12)
    d1 = rng.randint(3, 12)
    d2 = d1 + rng.randint(3, 10)
    regions = rng.sample(PHRASINGS["REGIONS"][lang], 2)
    values = {
        "lead": old_lead,
        "amount": amounts[0],
        "date": _date(lang, month, d1),
        "tech": rng.choice(PHRASINGS["TECH"]),
        "vendor": rng.choice(PHRASINGS["VENDORS"]),
        "reason": rng.choice(PHRASINGS["REASONS"][lang]),
        "client": rng.choice(PHRASINGS["CLIENTS"]),
        "ms": rng.choice(range(120, 480, 10)),
        "region": regions[0],
        "size": rng.randint(6, 9) if lang != "ja" else rng.randint(6, 9),
        "language": rng.choice(PHRASINGS["LANGUAGES"]),
    }
    while values["ms"] in amounts:
        values["ms"] += 10
    facts = _facts(lang, p, values)
    changed = set(rng.sample(CHANGEABLE, rng.randint(2, 3)))
    new_values = {
        "lead": new_lead,
        "date": _date(lang, month, d2),
        "budget": amounts[1],
        "region": regions[1],
    }
    plan: list[Said] = [rng.choice(facts[k]) for k in facts]
    rng.shuffle(plan)
    changes: list[Said] = []
    for kind in sorted(changed):
        old = {
            "lead": old_lead,
            "date": values["date"][0],
            "budget": amounts[0],
            "region": regions[0],
        }[kind]
        new: Any = new_values[kind]
        if kind == "date":
            new = new[0] if lang != "en" else rng.choice(new)
        change = _changes(lang, p, kind, old if not (kind == "date" and lang == "en") else values["date"][1], new)
        changes.append(rng.choice(change))
    length = rng.choice([180, 220, 260])
    # Planted facts in the first half, corrections in the third quarter, chat everywhere.
    at_turn: dict[int, Said] = common.plant_turns(rng, length, plan, changes)
    start = datetime(2025, 1, 6, 9, 0, tzinfo=UTC) + timedelta(days=rng.randint(0, 300))
    talk = common.Transcript(rng, start, PACE)
    acks = PHRASINGS["ACKS"][lang]
    turn = 0
    while len(talk.messages) < length:
        said = at_turn.get(turn)
        if said is None:
            user, bot = _chat(lang, rng)
            talk.say("user", user)
            talk.say("assistant", bot)
        else:
            talk.play(said, acks, PHRASINGS["PROMPT"][lang])
        turn += 1
    stated: dict[str, Any] = {
        "lead": old_lead,
        "budget": amounts[0],
        "date": values["date"],
        "tech": values["tech"],
        "vendor": values["reason"],
        "client": values["client"],
        "ms": values["ms"],
        "region": regions[0],
        "size": values["size"],
        "language": values["language"],
    }
    questions = []
    for kind, template in PHRASINGS["QUESTIONS"][lang].items():
        text = template.format(p=p, v=values["vendor"])
        if kind in changed:
            answers, wrong = (
                _answers(lang, kind, new_values[kind]),
                _answers(lang, kind, stated[kind]),
            )
        else:
            answers, wrong = _answers(lang, kind, stated[kind]), None
        questions.append(common.question(KIND_OF[kind], kind, text, answers, wrong))
    return common.dialog("bank2", lang, n + 1, talk.messages, questions)


def make_bank(seed: int = SEED) -> list[dict[str, Any]]:
    """The whole bank, reproducible from ``seed``."""
    rng = random.Random(seed)
    return [_dialog(i, lang, rng) for i, lang in enumerate(common.TWELVE_LANGS)]
