"""The fourth five-questions bank (issue 26): held out for one round, tuned on since the sixth pass.

    python bench/make_five_questions.py bank4 --write

How it was written: by a helper that did not read the memory rules (nothing under
``src/threadkeep/memory/``). It read only ``banks/bank2.py`` for the JSON format
and the kinds of questions, and ``evals/five_questions.py`` for how answers and superseded
values are matched (``contains_token``, on token boundaries). Every sentence, name, project,
client, vendor and city here is new: none of bank 2's or bank 3's templates or names is reused.
It was only measured for one round; since the sixth pass of issue 26 it is a tuning bank.

Twelve dialogs, four each in English, Russian and Japanese, 160-260 messages each, an ISO
``time`` on every message (several days, increasing). Each dialog plants twelve kinds of
project facts — the lead, the QA owner, the executive sponsor, the budget, the launch date,
the chosen technology, why a vendor was refused, the client, the latency target, the hosting
region, the office city and the price per seat — each in one of five phrasings per kind and
language (some over two messages: the topic, then the value; or the assistant asks and the
person answers; or the assistant says it and the person confirms). Six of the eight kinds that
can change are corrected later, in one of four styles per kind and language ("update:",
"turns out", "forget X", "X stepped down"; "передумали", "вернее", "перенесли", "не X, а Y";
"やっぱり", "〜に変更になりました", "〜ではなく"; and a correction the assistant raises and the
person confirms). Between them: small talk (``"tag": "small_talk"``) with other names,
numbers, dates and places; open questions and agreed next steps (``"open_question"``,
``"next_step"``) that carry no planted value. Every planted value and correction lies before
the last 40 messages.

Number ranges are disjoint on purpose, so a value cannot be "found" in an unrelated number:
launch days 3-22, small-talk days 23-28, small-talk numbers 61-99 and 5003-9997, and each
numeric kind its own range. Seeded, so the file is reproducible.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from banks import common
from banks.common import dialog, phrasings, question

PHRASINGS = phrasings("bank4")

SEED = 4404
KINDS = (
    "lead",
    "qa",
    "sponsor",
    "budget",
    "launch",
    "tech",
    "vendor",
    "client",
    "slo",
    "region",
    "office",
    "price",
)
CHANGEABLE = ("lead", "qa", "budget", "launch", "region", "office", "price", "tech")
N_CHANGED = 6
KIND_OF = {
    "lead": "name",
    "qa": "name",
    "sponsor": "name",
    "client": "name",
    "budget": "number",
    "slo": "number",
    "price": "number",
    "launch": "date",
    "tech": "decision",
    "vendor": "reason",
    "region": "place",
    "office": "place",
}


# --- values -------------------------------------------------------------------------------
# Russian people: (nom, gen, dat, acc, ins, feminine)
# Cities. Russian: (nom, prep, acc, gen)
# Russian clients: (nom, gen, ins)
# (reason clause, accepted key strings)
# (category en, ru nom, ru gen, ja, chosen, rejected, later replacement)
# Numeric kinds, each its own range (see the docstring).
BUDGET = {"en": range(310, 600, 10), "ru": range(31, 60), "ja": range(1200, 3000, 100)}
PRICE = {"en": range(31, 60), "ru": range(450, 1950, 50), "ja": range(350, 1000, 50)}
SLO = range(120, 300, 5)

# --- fact phrasings: "u:" the person, "a:" the assistant -----------------------------------

# --- corrections: {old}/{new} and their forms ------------------------------------------------


# --- everything else: small talk, open questions, next steps, acknowledgements ----------------
# What the assistant says between a topic and its value, both said by the person.


def _ordinal(d: int) -> str:
    return f"{d}{'th' if 10 <= d % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th')}"


def _mln(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "миллион"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return "миллиона"
    return "миллионов"


def _date_keys(lang: str, year: int, month: int, day: int, prefix: str) -> dict[str, str]:
    if lang == "en":
        m = PHRASINGS["EN_MONTHS"][month]
        return {
            f"{prefix}md": f"{m} {day}",
            f"{prefix}dm": f"{day} {m}",
            f"{prefix}th": f"{_ordinal(day)} of {m}",
        }
    if lang == "ru":
        return {
            prefix.rstrip("_") or "d": f"{day} {PHRASINGS['RU_MONTHS'][month]}",
            f"{prefix}go": f"{day}-го {PHRASINGS['RU_MONTHS'][month]}",
        }
    return {prefix.rstrip("_") or "d": f"{month + 1}月{day}日"}


def _date_answers(lang: str, year: int, month: int, day: int) -> list[str]:
    iso = f"{year}-{month + 1:02d}-{day:02d}"
    if lang == "en":
        m = PHRASINGS["EN_MONTHS"][month]
        return [
            f"{m} {day}",
            f"{day} {m}",
            f"{m} {_ordinal(day)}",
            f"{_ordinal(day)} {m}",
            f"{_ordinal(day)} of {m}",
            iso,
        ]
    if lang == "ru":
        return [
            f"{day} {PHRASINGS['RU_MONTHS'][month]}",
            f"{day}-го {PHRASINGS['RU_MONTHS'][month]}",
            f"{day:02d}.{month + 1:02d}",
            iso,
        ]
    return [f"{month + 1}月{day}日", iso]


def _person_keys(lang: str, person: Any, key: str) -> dict[str, str]:
    if lang != "ru":
        return {key: person}
    nom, gen, dat, acc, ins, fem = person
    return {
        key: nom,
        f"{key}_g": gen,
        f"{key}_d": dat,
        f"{key}_a": acc,
        f"{key}_i": ins,
        f"{key}_sya": "ась" if fem else "ся",
        f"{key}_left": "ушла" if fem else "ушёл",
    }


def _city_keys(lang: str, city: Any, key: str) -> dict[str, str]:
    if lang != "ru":
        return {key: city}
    nom, prep, acc, gen = city
    return {key: nom, f"{key}_p": prep, f"{key}_a": acc, f"{key}_g": gen}


def _forms(lang: str, value: Any) -> list[str]:
    """Every form a person's name or a city is said in (Russian cases; first names alone)."""
    if lang != "ru":
        return [value]
    words = [v for v in value if isinstance(v, str)]
    firsts = [w.split()[0] for w in words if " " in w]
    return list(dict.fromkeys(words + firsts))


def _numbers(lang: str, kind: str, n: int) -> list[str]:
    if kind == "budget":
        return {
            "en": [str(n), f"{n}k", f"{n}K"],
            "ru": [str(n), f"{n} млн"],
            "ja": [f"{n}万円", f"{n}万", str(n)],
        }[lang]
    if kind == "slo":
        return [str(n), f"{n}ms", f"{n} ms"] + ([f"{n} мс"] if lang == "ru" else [f"{n}ミリ秒"] if lang == "ja" else [])
    return [str(n)] + {"en": [f"${n}"], "ru": [f"{n} ₽"], "ja": [f"{n}円"]}[lang]


def _values(lang: str, rng: random.Random) -> dict[str, Any]:
    ppl, cities = PHRASINGS["PEOPLE"][lang], PHRASINGS["CITIES"][lang]
    lead = rng.sample(ppl["lead"], 2)
    qa = rng.sample(ppl["qa"], 2)
    region = rng.sample(cities["region"], 2)
    office = rng.sample(cities["office"], 2)
    budget = rng.sample(list(BUDGET[lang]), 2)
    price = rng.sample(list(PRICE[lang]), 2)
    month = rng.randrange(5, 9)
    day = rng.randint(3, 13)
    tech = rng.choice(PHRASINGS["TECH"])
    reason = rng.choice(PHRASINGS["REASONS"][lang])
    return {
        "lead": lead,
        "qa": qa,
        "sponsor": rng.choice(ppl["sponsor"]),
        "region": region,
        "office": office,
        "budget": budget,
        "price": price,
        "launch": [(month, day), (month, day + rng.randint(4, 9))],
        "tech": tech,
        "vendor": rng.choice(PHRASINGS["VENDORS"]),
        "reason": reason,
        "client": rng.choice(PHRASINGS["CLIENTS"][lang]),
        "slo": rng.choice(list(SLO)),
    }


def _keys(lang: str, p: str, v: dict[str, Any], year: int) -> dict[str, str]:
    cat_en, cat_ru, cat_ru_g, cat_ja, x, y, _ = v["tech"]
    k: dict[str, str] = {
        "p": p,
        "x": x,
        "y": y,
        "vendor": v["vendor"],
        "reason": v["reason"][0],
        "ms": str(v["slo"]),
        "budget": str(v["budget"][0]),
        "price": str(v["price"][0]),
        "budget_w": _mln(v["budget"][0]),
        "cat": {"en": cat_en, "ru": cat_ru, "ja": cat_ja}[lang],
        "cat_g": cat_ru_g,
    }
    k |= _person_keys(lang, v["lead"][0], "lead") | _person_keys(lang, v["qa"][0], "qa")
    k |= _person_keys(lang, v["sponsor"], "sponsor")
    k |= _city_keys(lang, v["region"][0], "region") | _city_keys(lang, v["office"][0], "office")
    cli = v["client"]
    k |= {"cli": cli[0], "cli_g": cli[1], "cli_i": cli[2]} if lang == "ru" else {"cli": cli}
    k |= _date_keys(lang, year, *v["launch"][0], "d_")
    return k


def _change_keys(lang: str, kind: str, p: str, v: dict[str, Any], year: int) -> dict[str, str]:
    k = {"p": p, "cat": _keys(lang, p, v, year)["cat"]}
    if kind in ("lead", "qa"):
        return k | _person_keys(lang, v[kind][0], "old") | _person_keys(lang, v[kind][1], "new")
    if kind in ("region", "office"):
        return k | _city_keys(lang, v[kind][0], "old") | _city_keys(lang, v[kind][1], "new")
    if kind in ("budget", "price"):
        return k | {"old": str(v[kind][0]), "new": str(v[kind][1])}
    if kind == "tech":
        return k | {"old": v["tech"][4], "new": v["tech"][6]}
    return k | _date_keys(lang, year, *v["launch"][0], "old_") | _date_keys(lang, year, *v["launch"][1], "new_")


def _answers(lang: str, kind: str, v: dict[str, Any], year: int, which: int) -> list[str]:
    if kind in ("lead", "qa", "region", "office"):
        return _forms(lang, v[kind][which])
    if kind in ("budget", "price"):
        return _numbers(lang, kind, v[kind][which])
    if kind == "launch":
        return _date_answers(lang, year, *v["launch"][which])
    if kind == "tech":
        return [v["tech"][4 if which == 0 else 6]]
    if kind == "sponsor":
        return _forms(lang, v["sponsor"])
    if kind == "client":
        return _forms(lang, v["client"])
    if kind == "slo":
        return _numbers(lang, "slo", v["slo"])
    return list(v["reason"][1])


def _chat_pair(lang: str, rng: random.Random) -> tuple[str, str]:
    user, bot = rng.choice(PHRASINGS["CHAT"][lang])
    who, place = (
        rng.choice(PHRASINGS["CHAT_PEOPLE"][lang]),
        rng.choice(PHRASINGS["CHAT_PLACES"][lang]),
    )
    month = rng.randrange(12)
    k = {
        "n": rng.randint(61, 99),
        "big": rng.randint(5003, 9997),
        "day": rng.randint(23, 28),
        "mon": PHRASINGS["EN_MONTHS"][month] if lang == "en" else month + 1,
        "mon_g": PHRASINGS["RU_MONTHS"][month],
    }
    if lang == "ru":
        k |= {
            "who": who[0],
            "who_g": who[1],
            "place": place[0],
            "place_p": place[1],
            "place_g": place[2],
        }
    else:
        k |= {"who": who, "place": place}
    return user.format(**k), bot


def _dialog(n: int, lang: str, index: int, rng: random.Random) -> dict[str, Any]:
    p = PHRASINGS["PROJECTS"][lang][index]
    year = 2026
    v = _values(lang, rng)
    keys = _keys(lang, p, v, year)
    changed = sorted(rng.sample(CHANGEABLE, N_CHANGED), key=CHANGEABLE.index)
    facts = [("fact", [m.format(**keys) for m in rng.choice(PHRASINGS["FACTS"][lang][kind])]) for kind in KINDS]
    rng.shuffle(facts)
    fixes = [
        (
            "fix",
            [m.format(**_change_keys(lang, kind, p, v, year)) for m in rng.choice(PHRASINGS["CHANGES"][lang][kind])],
        )
        for kind in changed
    ]
    rng.shuffle(fixes)
    opens = [
        (tag, [f"u:{u.format(p=p)}", f"a:{a}"])
        for tag, pool in (("open_question", PHRASINGS["OPEN"]), ("next_step", PHRASINGS["NEXT"]))
        for u, a in rng.sample(pool[lang], 2)
    ]
    planted = facts + fixes
    middle = fixes + opens[:1] + opens[2:3]
    rng.shuffle(middle)
    blocks = facts + middle
    target = rng.choice([170, 190, 210, 230, 250])

    messages: list[dict[str, str]] = []
    clock = datetime(2026, rng.randint(2, 4), rng.randint(2, 20), 8, 30, tzinfo=UTC)

    def say(role: str, text: str, tag: str | None = None) -> None:
        nonlocal clock
        if role == "user":
            clock += timedelta(minutes=rng.randint(2, 14))
            if rng.random() < 0.06:
                clock = (clock + timedelta(days=rng.randint(1, 2))).replace(
                    hour=rng.randint(8, 10), minute=rng.randint(0, 59)
                )
        else:
            clock += timedelta(seconds=rng.randint(6, 50))
        m = {"role": role, "text": text, "time": clock.isoformat().replace("+00:00", "Z")}
        if tag:
            m["tag"] = tag
        messages.append(m)

    def chat(count: int) -> None:
        for _ in range(count):
            u, a = _chat_pair(lang, rng)
            say("user", u, "small_talk")
            say("assistant", a, "small_talk")

    def block(tag: str, lines: list[str]) -> None:
        label = tag if tag in ("open_question", "next_step") else None
        for line in lines:
            role, text = ("user" if line[0] == "u" else "assistant"), line[2:]
            if role == "assistant" and messages and messages[-1]["role"] == "assistant":
                say("user", rng.choice(PHRASINGS["LEAD_IN"][lang]).format(p=p))
            if role == "user" and messages and messages[-1]["role"] == "user":
                say("assistant", rng.choice(PHRASINGS["GO_ON"][lang]))
            say(role, text, label)
        if messages[-1]["role"] == "user":
            say("assistant", rng.choice(PHRASINGS["ACKS"][lang]), label)

    chat(rng.randint(1, 3))
    last_planted = 0
    for i, (tag, lines) in enumerate(blocks):
        block(tag, lines)
        if any(lines is b for _, b in planted):
            last_planted = len(messages)
        chat(rng.randint(1, 3) if i < len(facts) else rng.randint(2, 4))
    tail_needed = max(target - len(messages), common.KEEP_CLEAR + 4 - (len(messages) - last_planted))
    tail_blocks = [opens[1], opens[3]]
    chat_pairs = max(tail_needed // 2 - 4, 0)
    at = sorted(rng.sample(range(chat_pairs), 2)) if chat_pairs >= 2 else [0, 0]
    for j in range(chat_pairs):
        chat(1)
        for t, spot in zip(tail_blocks, at, strict=True):
            if spot == j:
                block(*t)
    while len(messages) < target:
        chat(1)
    assert len(messages) - last_planted >= common.KEEP_CLEAR, (n, len(messages), last_planted)
    assert 160 <= len(messages) <= 260, (n, len(messages))

    questions = []
    for kind in KINDS:
        template = PHRASINGS["QUESTIONS"][lang][kind]
        text = template.format(p=p, vendor=v["vendor"], cat=keys["cat"], cat_g=keys["cat_g"])
        # a corrected fact's answer is its second value, the first one is wrong
        answers = _answers(lang, kind, v, year, 1 if kind in changed else 0)
        wrong = _answers(lang, kind, v, year, 0) if kind in changed else None
        questions.append(question(KIND_OF[kind], kind, text, answers, wrong))
    return dialog("bank4", lang, index + 1, messages, questions)


def make_bank(seed: int = SEED) -> list[dict[str, Any]]:
    """The whole bank, reproducible from ``seed``."""
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    out = []
    for n, lang in enumerate(common.TWELVE_LANGS):
        out.append(_dialog(n, lang, seen.get(lang, 0), rng))
        seen[lang] = seen.get(lang, 0) + 1
    return out
