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

from banks.common import exchange, phrasings, record

PHRASINGS = phrasings("own_ru_ja")

SEED = 2626

# Russian people are (nominative, genitive, dative, instrumental) of first name + patronymic;
# each phrasing list holds twelve, the second six further from any cue word (dialogs 6-11).


# Other work said around the facts (other projects' dates, budgets, steps, roles): the summary
# runs near its cap, so a fact has to outrank work that is not asked about.


def _dialog(lang: str, i: int, rng: random.Random) -> dict[str, Any]:
    w = {key[3:]: value for key, value in PHRASINGS.items() if key.startswith(lang.upper() + "_")}
    p, n = w["PROJECTS"][i % 6], w["PEOPLE"][i % 6]
    c, loc = w["CLIENTS"][(i + 2) % 6], w["PLACES"][(i + 3) % 6]
    v, r, t = w["VENDORS"][i % 6], w["REASONS"][(i + 1) % 6], PHRASINGS["TECH"][(i + 4) % 6]
    if lang == "ru":  # people, clients and places in the cases the phrasings need
        ctx = {
            "n0": n[0],
            "n1": n[1],
            "n2": n[2],
            "n3": n[3],
            "c0": c[0],
            "c1": c[1],
            "l0": loc[0],
            "l1": loc[1],
        }
        client, place = c[0], loc[0]
    else:  # a Japanese person is (family name, with さん)
        ctx = {"n": n[1], "c": c, "l": loc}
        client, place = c, loc
    ctx.update(p=p, v=v, r=r, t=t)
    # (phrasings, question, question kind, answer), in the order the facts are said
    plan = (
        ("LEAD", "lead", "name", n[0]),
        ("CLIENT", "client", "name", client),
        ("PLACE", "place", "place", place),
        ("REASON", "reason", "reason", r),
        ("TECH", "tech", "decision", t),
    )
    messages: list[dict[str, str]] = []
    questions = []
    for said, asked, kind, answer in plan:
        for _ in range(rng.randint(6, 12)):
            u, a = rng.choice(w["SMALL"])
            if rng.random() < 0.3:
                u = rng.choice(w["WORK"]).format(k=rng.randint(20, 900), d=rng.randint(1, 28))
            messages += exchange(u, a)
        messages.append({"role": "user", "text": w[said][i].format(**ctx)})
        q = PHRASINGS["QUESTIONS"][lang][asked].format(**ctx)
        questions.append({"kind": kind, "q": q, "answers": [answer], "evidence": [len(messages)]})
        messages.append({"role": "assistant", "text": PHRASINGS["ACK"][lang]})
    for _ in range(30):
        messages += exchange(*rng.choice(w["SMALL"]))
    return record(f"ownrj-{lang}-{i}", lang, "own_ru_ja", messages, questions)


def make_bank() -> list[dict[str, Any]]:
    """The 24 dialogs, twelve Russian then twelve Japanese."""
    rng = random.Random(SEED)
    return [_dialog(lang, i, rng) for lang in ("ru", "ja") for i in range(12)]
