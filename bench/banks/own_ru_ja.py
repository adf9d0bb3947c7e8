"""Generate our own Russian and Japanese five-questions bank for names and places (issue 26, j26r).

    python bench/make_five_questions.py own_ru_ja --write

Written apart from the held-out banks, for tuning the extractive summariser on the kinds it
kept worst: who leads, owns or sponsors a project (Russian first name + patronymic, in
several grammatical cases; Japanese family names in kanji or katakana with さん), the client
company, the hosting region or office city (Japanese in kanji and katakana), why a vendor was
turned down and the chosen technology. Twelve phrasings per kind and language (the second
six further from any cue word); dialog ``i`` uses
phrasing ``i`` of every kind, so a miss points at one wording. Small talk around the facts
names other people, towns and firms. Seeded, reproducible.
"""

from __future__ import annotations

import random
from typing import Any

from banks.common import phrasings

PHRASINGS = phrasings("own_ru_ja")

SEED = 2626

# Russian people are (nominative, genitive, dative, instrumental) of first name + patronymic;
# each phrasing list holds twelve, the second six further from any cue word (dialogs 6-11).


# Other work said around the facts (other projects' dates, budgets, steps, roles): the summary
# runs near its cap, so a fact has to outrank work that is not asked about.


def _dialog(lang: str, i: int, rng: random.Random) -> dict[str, Any]:
    facts: list[tuple[str, str, list[str], str]] = []  # (text, kind, answers, question)
    q = PHRASINGS["QUESTIONS"][lang]
    if lang == "ru":
        p = PHRASINGS["RU_PROJECTS"][i % 6]
        n = PHRASINGS["RU_PEOPLE"][i % 6]
        c = PHRASINGS["RU_CLIENTS"][(i + 2) % 6]
        loc = PHRASINGS["RU_PLACES"][(i + 3) % 6]
        v, r, t = (
            PHRASINGS["RU_VENDORS"][i % 6],
            PHRASINGS["RU_REASONS"][(i + 1) % 6],
            PHRASINGS["TECH"][(i + 4) % 6],
        )
        facts = [
            (
                PHRASINGS["RU_LEAD"][i].format(p=p, n0=n[0], n1=n[1], n2=n[2], n3=n[3]),
                "name",
                [n[0]],
                q["lead"].format(p=p),
            ),
            (
                PHRASINGS["RU_CLIENT"][i].format(p=p, c0=c[0], c1=c[1]),
                "name",
                [c[0]],
                q["client"].format(p=p),
            ),
            (
                PHRASINGS["RU_PLACE"][i].format(p=p, l0=loc[0], l1=loc[1]),
                "place",
                [loc[0]],
                q["place"].format(p=p),
            ),
            (PHRASINGS["RU_REASON"][i].format(v=v, r=r), "reason", [r], q["reason"].format(v=v)),
            (PHRASINGS["RU_TECH"][i].format(p=p, t=t), "decision", [t], q["tech"].format(p=p)),
        ]
        small = PHRASINGS["RU_SMALL"]
    else:
        p = PHRASINGS["JA_PROJECTS"][i % 6]
        n = PHRASINGS["JA_PEOPLE"][i % 6]
        c = PHRASINGS["JA_CLIENTS"][(i + 2) % 6]
        loc = PHRASINGS["JA_PLACES"][(i + 3) % 6]
        v, r, t = (
            PHRASINGS["JA_VENDORS"][i % 6],
            PHRASINGS["JA_REASONS"][(i + 1) % 6],
            PHRASINGS["TECH"][(i + 4) % 6],
        )
        facts = [
            (PHRASINGS["JA_LEAD"][i].format(p=p, n=n[1]), "name", [n[0]], q["lead"].format(p=p)),
            (PHRASINGS["JA_CLIENT"][i].format(p=p, c=c), "name", [c], q["client"].format(p=p)),
            (PHRASINGS["JA_PLACE"][i].format(p=p, l=loc), "place", [loc], q["place"].format(p=p)),
            (PHRASINGS["JA_REASON"][i].format(v=v, r=r), "reason", [r], q["reason"].format(v=v)),
            (PHRASINGS["JA_TECH"][i].format(p=p, t=t), "decision", [t], q["tech"].format(p=p)),
        ]
        small = PHRASINGS["JA_SMALL"]
    ack = PHRASINGS["ACK"][lang]
    messages: list[dict[str, str]] = []
    questions = []
    work = PHRASINGS["RU_WORK"] if lang == "ru" else PHRASINGS["JA_WORK"]
    for text, kind, answers, q in facts:
        for _ in range(rng.randint(6, 12)):
            u, a = rng.choice(small)
            if rng.random() < 0.3:
                u = rng.choice(work).format(k=rng.randint(20, 900), d=rng.randint(1, 28))
            messages += [{"role": "user", "text": u}, {"role": "assistant", "text": a}]
        messages.append({"role": "user", "text": text})
        questions.append({"kind": kind, "q": q, "answers": answers, "evidence": [len(messages)]})
        messages.append({"role": "assistant", "text": ack})
    for _ in range(30):
        u, a = rng.choice(small)
        messages += [{"role": "user", "text": u}, {"role": "assistant", "text": a}]
    return {
        "id": f"ownrj-{lang}-{i}",
        "lang": lang,
        "bank": "own_ru_ja",
        "messages": messages,
        "questions": questions,
    }


def make_bank() -> list[dict[str, Any]]:
    """The 24 dialogs, twelve Russian then twelve Japanese."""
    rng = random.Random(SEED)
    return [_dialog(lang, i, rng) for lang in ("ru", "ja") for i in range(12)]
