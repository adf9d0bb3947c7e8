"""Generate the third five-questions bank (issue 26): a tuning bank for the summary side.

    python bench/make_five_questions.py bank3 --write

Bank 2 (``banks/bank2.py``) is held out: the summary work is measured on it and
never tuned on it. This bank is the one the summary side tunes on, so it plants different
kinds of project facts from bank 2 and says them in other words: who owns the product
backlog, who sponsors the project, when the beta opens, which database was picked, how long
the contract runs, the price per seat, which office the team works from, why a tool was
dropped, which agency does the design and the test-coverage target. Each kind has at least
five phrasings per language; four kinds are corrected later in one of several styles
("actually", "change of plan", "forget X", a handover told as news, a correction over two
messages); some facts are spread over two messages and some are said by the assistant and
confirmed. Around them: small talk with other people, numbers, dates and places.

Same JSON format as bank 2 (``shared/data/dialogs/README.md`` plus an ISO ``time`` on every
message). Seeded, so the file is reproducible.

Tags for the summary's own figures (issue 26 item 4): every small-talk message (both sides)
carries ``"tag": "small_talk"``; two open questions and two next steps about the project
(``OPEN_QUESTIONS`` and ``STEPS`` in its phrasings) are planted as messages of their own with ``"tag":
"open_question"`` / ``"next_step"`` and a ``"key"``, the phrase the summary's field must hold.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from banks import common

PHRASINGS = common.phrasings("bank3")


SEED = 3737
PACE = common.Pace(user_minutes=(1, 12), reply_seconds=(4, 50), gap_chance=0.05, gap_days=(1, 4), gap_hours=(0, 6))
KIND_OF = {
    "owner": "name",
    "sponsor": "name",
    "beta": "date",
    "database": "decision",
    "contract": "number",
    "price": "number",
    "office": "place",
    "dropped": "reason",
    "agency": "name",
    "coverage": "number",
}
CHANGEABLE = ("owner", "beta", "price", "office")
# Open questions and next steps planted per dialog (issue 26 item 4), never answered later.
PLANTS = 2
Said = list[tuple[str, str]]


# A date's spellings in each language (month 0-11).
DATE: dict[str, Callable[[int, int], tuple[str, ...]]] = {
    "en": lambda m, d: (f"{d} {PHRASINGS['EN_MONTHS'][m]}", f"{PHRASINGS['EN_MONTHS'][m]} {d}"),
    "ru": lambda m, d: (f"{d} {PHRASINGS['RU_MONTHS'][m]}",),
    "ja": lambda m, d: (f"{m + 1}月{d}日",),
}


def _facts(lang: str, p: str, v: dict[str, Any]) -> dict[str, list[Said]]:
    return common.facts_said(
        PHRASINGS, lang, p, v, choice="database", date="beta", cased=("office", "office", "off_loc")
    )


def _changes(lang: str, p: str, kind: str, old: Any, new: Any) -> list[Said]:
    return common.changes_said(PHRASINGS, lang, p, kind, old, new)


def _chat(lang: str, rng: random.Random) -> tuple[str, str]:
    """One small-talk exchange with its own people, places, numbers and dates."""
    who, place = (
        rng.choice(PHRASINGS["CHAT_PEOPLE"][lang]),
        rng.choice(PHRASINGS["CHAT_PLACES"][lang]),
    )
    n, big, m, day = (
        rng.randint(2, 9),
        rng.randint(5000, 9999),
        rng.randrange(12),
        rng.randint(23, 28),
    )
    month = {"en": PHRASINGS["EN_MONTHS"][m], "ru": PHRASINGS["RU_MONTHS"][m]}.get(lang, m + 1)
    ctx = {"who": who, "place": place, "n": n, "big": big, "month": month, "day": day}
    user, bot = rng.choice(common.fill(PHRASINGS[f"CHAT_{lang.upper()}"], ctx))
    return user, bot


def _answers(lang: str, kind: str, value: Any) -> list[str]:
    """Accepted strings for a value, in every form the templates say it."""
    if isinstance(value, (list, tuple)):  # Russian case forms, a date's spellings, a choice's pair
        return list(dict.fromkeys(value[:1] if kind == "database" else value))
    if kind == "price":
        return [str(value), f"{value}円", f"€{value}"]
    if kind == "coverage":
        return [str(value), f"{value}%", f"{value}％"]
    if kind == "contract":
        return [str(value), f"{value}か月", f"{value}ヶ月"]
    return [str(value)]


def _dialog(n: int, lang: str, rng: random.Random) -> dict[str, Any]:
    pool = PHRASINGS["VALUES"][lang]
    p = pool["projects"][n % len(pool["projects"])]
    owner, new_owner = rng.sample(pool["people"], 2)
    sponsor = rng.choice([x for x in pool["sponsors"] if x not in (owner, new_owner)])
    month = rng.randrange(12)
    d1 = rng.randint(2, 11)
    d2 = d1 + rng.randint(4, 12)
    offices = rng.sample(pool["offices"], 2)
    prices = rng.sample(pool["prices"], 2)
    values: dict[str, Any] = {
        "owner": owner,
        "sponsor": sponsor,
        "beta": DATE[lang](month, d1),
        "database": rng.choice(pool["databases"]),
        "contract": rng.randint(41, 60),
        "price": prices[0],
        "office": offices[0],
        "tool": rng.choice(pool["tools"]),
        "reason": rng.choice(pool["reasons"]),
        "agency": rng.choice(pool["agencies"]),
        "coverage": rng.randint(61, 97),
    }
    new_values: dict[str, Any] = {
        "owner": new_owner,
        "beta": DATE[lang](month, d2),
        "price": prices[1],
        "office": offices[1],
    }
    facts: dict[str, list[Said]] = _facts(lang, p, values)
    plan: list[Said] = [rng.choice(facts[k]) for k in facts]
    rng.shuffle(plan)
    changed = sorted(rng.sample(CHANGEABLE, rng.randint(2, 3)))
    changes = [rng.choice(_changes(lang, p, kind, values[kind], new_values[kind])) for kind in changed]
    length = rng.choice([170, 200, 240])
    at_turn: dict[int, Said] = common.plant_turns(rng, length, plan, changes)
    # The plants draw from their own stream, so the facts and changes above stay as they were.
    prng = random.Random(f"{SEED}-plants-{n}")
    plants = [
        (t.format(p=p), key, "open_question") for t, key in prng.sample(PHRASINGS["OPEN_QUESTIONS"][lang], PLANTS)
    ]
    plants += [(t.format(p=p), key, "next_step") for t, key in prng.sample(PHRASINGS["STEPS"][lang], PLANTS)]
    free = [t for t in range(2, length // 2 - common.KEEP_CLEAR // 2) if t not in at_turn]
    at_plant = dict(zip(sorted(prng.sample(free, len(plants))), prng.sample(plants, len(plants)), strict=True))
    start = datetime(2026, 2, 2, 8, 30, tzinfo=UTC) + timedelta(days=rng.randint(0, 200))
    talk = common.Transcript(rng, start, PACE)
    turn = 0
    while len(talk.messages) < length:
        said = at_turn.get(turn)
        if turn in at_plant:
            text, key, tag = at_plant[turn]
            talk.say("user", text, tag=tag, key=key)
            talk.say("assistant", rng.choice(pool["acks"]))
        elif said is None:
            user, bot = _chat(lang, rng)
            talk.say("user", user, tag="small_talk")
            talk.say("assistant", bot, tag="small_talk")
        else:
            talk.play(said, pool["acks"], pool["prompt"])
        turn += 1
    questions = []
    for kind, template in PHRASINGS["QUESTIONS"][lang].items():
        text = template.format(p=p, t=values["tool"])
        value = values["reason"] if kind == "dropped" else values[kind]
        if kind in changed:
            answers, wrong = _answers(lang, kind, new_values[kind]), _answers(lang, kind, value)
        else:
            answers, wrong = _answers(lang, kind, value), None
        questions.append(common.question(KIND_OF[kind], kind, text, answers, wrong))
    return common.dialog("bank3", lang, n + 1, talk.messages, questions)


def make_bank(seed: int = SEED) -> list[dict[str, Any]]:
    """The whole bank, reproducible from ``seed``."""
    rng = random.Random(seed)
    return [_dialog(i, lang, rng) for i, lang in enumerate(common.TWELVE_LANGS)]
