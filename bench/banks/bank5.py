"""Bank 5 of the five-questions evaluation: twelve long two-project dialogs (a tuning bank).

``python bench/make_five_questions.py bank5 --write`` rebuilds
``bench/data/five_questions_bank5.json`` byte for byte (seeded ``random.Random``; nothing
depends on the clock). Its phrasings are ``bench/data/phrasings/bank5.json``. It was held out
in the sixth pass of issue 26 and has been tuned on since the seventh.

How it was written. A helper wrote every sentence here from scratch on 2026-12-03 without
opening the summariser or fact rules (``src/threadkeep/memory/``, ``src/threadkeep/facts/``),
the earlier bank generators, their JSON files or the shared dev dialogs; it read only
``evals/five_questions.py`` (token-bounded matching, ``wrong``) and
``evals/five_questions_summary.py`` (tags). Each of the 12 dialogs (4 English, 4 Russian,
4 Japanese, 150-260 alternating messages with strictly increasing ISO UTC times over 4-20
days) is one person talking to an assistant about TWO projects with different names,
interleaved, and the questions name the project they ask about (6 per project). Twelve kinds
of project facts (lead, QA owner, client, budget, launch date, chosen technology, the reason
an option was rejected, seats, contract months, hosting city, team office city, weekly
meeting day) are each planted four times per language, every time with a different sentence
shape: a plain statement, a fact buried mid-sentence among chatter, a terse "X: value" note,
two facts in one message, a value given in reply to the assistant's question, a topic
announced in one message and its value in the next, and a value the assistant reads out
of "the notes" which the person confirms ("yep", "да, верно", "はい、そうです"). Four to six
facts per dialog are corrected later in styles of each language ("scratch that", "X moved
to another team, Y took over", "not A but B", "мы передумали", "поправка:", "уже не A, а B",
"A отпадает, берём B", "変更です：", "AじゃなくてBになりました", "Aはなしで、Bで行きます");
those questions accept the new value and list the old one as ``wrong``. Russian values
stand in oblique cases ("отдали Арсению", "хостим в Вологде", "по четвергам") and the
answers are nominative base forms; Japanese names carry さん and the answers drop it.
Small talk (weather, food, family, sport, travel, films, with its own names, places,
numbers and dates) is tagged ``small_talk``; four open questions and four agreed next steps
per dialog are tagged ``open_question`` / ``next_step`` (the person's message and the
assistant's reply, no ``key``) and carry no planted value; work messages are untagged. Every
plant and correction lies before the last 40 messages, which are small talk. Number, city,
name and date pools are disjoint between facts and small talk. The generator checks all of
this (see ``check``) and refuses to print a bank that fails: roles alternate, times
increase, 150-260 messages over 4-20 days, the last 40 all small talk, 3-5 open questions and
next steps, 12 questions with 4-6 changed; each accepted answer is said token-bounded
(``contains_token``) in one of the fact's own messages before the last 40 (for Russian, the
nominative or one of the case forms the generator declined it into: 11 of the 48 Russian
answers are never said in the nominative), each ``wrong`` value in a message before its
correction and the new value not before it; no answer or ``wrong`` value of a question occurs
in any other message (small talk, open questions, next steps, the other project's facts) or
in another question; every kind has at least five sentence shapes per language (``SHAPES``).
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from banks.common import BankCheckError, phrasings, repo_on_path

repo_on_path()
from evals.five_questions import contains_token  # noqa: E402

PHRASINGS = phrasings("bank5")

SEED = 20261203
KINDS = (
    "lead",
    "qa",
    "client",
    "budget",
    "launch",
    "tech",
    "reason",
    "seats",
    "contract",
    "hosting",
    "office",
    "meeting",
)
QKIND = {
    "lead": "name",
    "qa": "name",
    "client": "name",
    "budget": "number",
    "launch": "date",
    "tech": "decision",
    "reason": "reason",
    "seats": "number",
    "contract": "number",
    "hosting": "place",
    "office": "place",
    "meeting": "date",
}
POOL_OF = {
    "lead": "names",
    "qa": "names",
    "client": "clients",
    "budget": "budgets",
    "launch": "dates",
    "tech": "techs",
    "reason": "reasons",
    "seats": "seats",
    "contract": "months",
    "hosting": "cities",
    "office": "cities",
    "meeting": "days",
}
# Which kinds each project of dialogs 1-4 gets: every kind four times per language.
SCHEDULE = (
    (
        ("lead", "client", "budget", "launch", "tech", "reason"),
        ("lead", "qa", "seats", "hosting", "office", "meeting"),
    ),
    (
        ("qa", "contract", "hosting", "office", "meeting", "budget"),
        ("client", "launch", "tech", "reason", "seats", "contract"),
    ),
    (
        ("lead", "qa", "launch", "seats", "contract", "office"),
        ("client", "budget", "tech", "reason", "hosting", "meeting"),
    ),
    (
        ("lead", "qa", "client", "budget", "launch", "seats"),
        ("tech", "reason", "contract", "hosting", "office", "meeting"),
    ),
)
N_CORRECTIONS = (5, 4, 6, 5)
TAIL_PAIRS = (21, 27)  # the closing small talk: at least 42 messages


# The sentence shapes each kind was planted and corrected in, per language (filled by make_bank).
SHAPES: dict[str, dict[str, list[str]]] = {}


class Fail(BankCheckError):
    pass


def fmt(template: str, **kw) -> str:
    return template.format(**kw)


def cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


class Lang:
    def __init__(self, code: str, data: dict) -> None:
        self.code = code
        self.d = data
        self.counter = {k: 0 for k in KINDS}
        self.corr_counter = {k: 0 for k in KINDS}
        self.shapes: dict[str, set[str]] = {k: set() for k in KINDS}

    def tpl(self, kind: str, field: str, rng: random.Random, mode: str) -> tuple[str, str]:
        """A template of ``field``, preferring one whose shape this kind has not used yet."""
        items = self.d["kinds"][kind][field]
        start = rng.randrange(len(items))
        for step in range(len(items)):
            i = (start + step) % len(items)
            if f"{mode}:{field}{i}" not in self.shapes[kind]:
                return f"{field}{i}", items[i]
        return f"{field}{start}", items[start]

    def next_plain(self, kind: str) -> tuple[str, str]:
        items = self.d["kinds"][kind]["plain"]
        i = self.counter[kind] % len(items)
        self.counter[kind] += 1
        return f"plain{i}", items[i]

    def next_corr(self, kind: str) -> tuple[str, str]:
        items = self.d["kinds"][kind]["corr"]
        i = self.corr_counter[kind] % len(items)
        self.corr_counter[kind] += 1
        return f"corr{i}", items[i]


def forms_of(lang: str, value: dict) -> list[str]:
    """Surface forms that show a value is in a text: the answers, and for Russian its cases."""
    out = list(value["ans"])
    if lang == "ru":
        out += [v for k, v in value.items() if k not in ("ans", "disp") and isinstance(v, str)]
    return out


def build_dialog(
    L: Lang, index: int, projects: tuple[str, str], pools: dict, rng: random.Random, start: datetime
) -> dict:
    d = L.d
    facts = []  # dicts: id, project, kind, value, opt, old
    for pi, kinds in enumerate(SCHEDULE[index]):
        for kind in kinds:
            pool = pools[POOL_OF[kind]]
            f = {
                "id": len(facts),
                "p": projects[pi],
                "pi": pi,
                "kind": kind,
                "value": pool.pop(),
                "opt": None,
                "old": None,
            }
            if kind == "reason":
                f["opt"] = pools["opts"].pop()
            facts.append(f)
    # Corrections: least-corrected kinds first, so every kind gets one per language.
    order = sorted(facts, key=lambda f: (pools["_corrected"].get(f["kind"], 0), rng.random()))
    corrected, seen_kinds = [], set()
    for f in order:
        if len(corrected) == N_CORRECTIONS[index]:
            break
        if f["kind"] in seen_kinds:
            continue
        seen_kinds.add(f["kind"])
        corrected.append(f)
    for f in corrected:
        pools["_corrected"][f["kind"]] = pools["_corrected"].get(f["kind"], 0) + 1
        f["old"] = f["value"]
        f["value"] = pools[POOL_OF[f["kind"]]].pop()

    def v(f, which="value"):
        return f[which]

    def kw(f, **extra):
        base = {
            "p": f["p"],
            "v": f["value"] if f["old"] is None else f["old"],
            "opt": f["opt"],
            "noun": fmt(d["kinds"][f["kind"]]["noun"], opt=f["opt"], p=f["p"]),
        }
        base.update(extra)
        return base

    # The value planted first is the old one for corrected facts.
    # Delivery modes for the twelve facts.
    modes = ["plain"] * 5 + ["reply"] * 2 + ["split"] * 2 + ["confirm"]
    rng.shuffle(modes)
    # one pair per dialog: two facts of the same project in one message
    pa = rng.randrange(2)
    same = [f for f in facts if f["pi"] == pa]
    pair = rng.sample(same, 2)
    rest = [f for f in facts if f not in pair]
    # The confirm shape goes to a kind that has not had it yet in this language.
    c = modes.index("confirm")
    if any(x.startswith("confirm") for x in L.shapes[rest[c]["kind"]]):
        for j, f in enumerate(rest):
            if modes[j] == "plain" and not any(x.startswith("confirm") for x in L.shapes[f["kind"]]):
                modes[c], modes[j] = modes[j], modes[c]
                break
    events = []  # list of (kind_of_event, messages, fact_ids)

    decks: dict[str, list[str]] = {}

    def pick(name: str, items: list | None = None):
        """Cycle through a shuffled deck, so a phrase does not come back right away."""
        deck = decks.setdefault(name, [])
        if not deck:
            pool = list(items if items is not None else d[name])
            rng.shuffle(pool)
            deck.extend(pool)
        return deck.pop()

    def ack(f, msgs_fact):
        t = pick("ack_all", d["acks"] + d["echo_acks"])
        return fmt(t, **kw(f, v=f["value"] if f["old"] is None else f["old"]))

    for f, mode in zip(rest, modes, strict=True):
        first = f["value"] if f["old"] is None else f["old"]
        k = kw(f, v=first)
        if mode == "plain":
            sid, t = L.next_plain(f["kind"])
            msgs = [("user", fmt(t, **k)), ("assistant", ack(f, None))]
        elif mode == "reply":
            sid, t = L.tpl(f["kind"], "frag", rng, "reply")
            msgs = [
                ("user", fmt(pick("reply_leads"), **k)),
                ("assistant", fmt(rng.choice(d["kinds"][f["kind"]]["ask"]), **k)),
                ("user", fmt(t, **k)),
                ("assistant", ack(f, None)),
            ]
        elif mode == "split":
            sid, t = L.tpl(f["kind"], "frag", rng, "split")
            msgs = [
                ("user", fmt(rng.choice(d["kinds"][f["kind"]]["topic"]), **k)),
                ("assistant", fmt(pick("split_prompts"), **k)),
                ("user", fmt(t, **k)),
                ("assistant", ack(f, None)),
            ]
        else:
            sid = "confirm"
            msgs = [
                ("user", fmt(pick("confirm_leads"), **k)),
                ("assistant", fmt(d["kinds"][f["kind"]]["confirm"], **k)),
                ("user", pick("yes")),
                ("assistant", pick("acks_plain")),
            ]
        L.shapes[f["kind"]].add(f"{mode}:{sid}")
        events.append(("plant", msgs, {f["id"]}, f["id"]))
    # the pair
    parts = []
    for f in pair:
        sid, t = L.next_plain(f["kind"])
        L.shapes[f["kind"]].add(f"pair:{sid}")
        parts.append(fmt(t, **kw(f, v=f["value"] if f["old"] is None else f["old"])))
    text = fmt(rng.choice(d["pair_joins"]), a=parts[0], b=d["lower"](parts[1]))
    events.append(
        (
            "plant",
            [("user", text), ("assistant", pick("acks_plain"))],
            {pair[0]["id"], pair[1]["id"]},
            None,
        )
    )
    rng.shuffle(events)
    # corrections, each some events after its plant
    for f in corrected:
        at = next(i for i, e in enumerate(events) if f["id"] in e[2])
        sid, t = L.next_corr(f["kind"])
        L.shapes[f["kind"]].add(f"corr:{sid}")
        k = kw(f, v=f["value"], old=f["old"])
        msgs = [("user", fmt(t, **k)), ("assistant", fmt(pick("corr_acks"), **k))]
        pos = rng.randint(min(at + 2, len(events)), len(events))
        events.insert(pos, ("corr", msgs, {f["id"]}, f["id"]))
    # open questions and next steps (tagged, no values)
    for tag, key in (("open_question", "open_qs"), ("next_step", "next_steps")):
        n = 4
        for t in rng.sample(d[key], n):
            p = rng.choice(projects)
            msgs = [("user", fmt(t[0], p=p)), ("assistant", fmt(t[1], p=p))]
            events.insert(rng.randint(1, len(events)), (tag, msgs, set(), None))
    work_msgs = sum(len(e[1]) for e in events)
    total = rng.randint(160, 256)
    st_pairs = (total - work_msgs) // 2
    tail = rng.randint(*TAIL_PAIRS)
    mid = st_pairs - tail
    if mid < len(events):
        raise Fail("not enough small talk between events")
    # distribute mid small-talk pairs into len(events)+0 gaps (before each event)
    gaps = [1] * len(events)
    for _ in range(mid - len(events)):
        gaps[rng.randrange(len(events))] += 1
    st_deck = []

    def small_talk():
        if not st_deck:
            st_deck.extend(range(len(d["small_talk"])))
            rng.shuffle(st_deck)
        u, a = d["small_talk"][st_deck.pop()]
        slots = {name: rng.choice(vals) for name, vals in d["st_slots"].items()}
        return [("user", fmt(u, **slots)), ("assistant", fmt(a, **slots))]

    seq = []  # (role, text, tag, fact_ids)
    for g, e in zip(gaps, events, strict=True):
        for _ in range(g):
            for r, t in small_talk():
                seq.append((r, t, "small_talk", set()))
        tag = e[0] if e[0] in ("open_question", "next_step") else None
        for r, t in e[1]:
            seq.append((r, t, tag, set(e[2])))
    for _ in range(tail):
        for r, t in small_talk():
            seq.append((r, t, "small_talk", set()))
    # times: 4-20 days
    days = rng.randint(5, 14)
    n = len(seq)
    breaks = sorted(rng.sample(range(8, n - 8), days - 1))
    now = start
    messages, fact_msgs = [], {f["id"]: [] for f in facts}
    for i, (r, t, tag, fids) in enumerate(seq):
        if i in breaks:
            now = (now + timedelta(days=1)).replace(hour=rng.randint(7, 10), minute=rng.randint(0, 59), second=0)
        else:
            now = now + timedelta(seconds=rng.randint(20, 60) if r == "assistant" else rng.randint(60, 900))
        m = {"role": r, "text": t, "time": now.strftime("%Y-%m-%dT%H:%M:%SZ")}
        if tag:
            m["tag"] = tag
        messages.append(m)
        for fid in fids:
            fact_msgs[fid].append(i)
    corr_at = {}
    for f in corrected:
        # the correction message is the user message of the "corr" event: the last user msg
        corr_at[f["id"]] = max(i for i in fact_msgs[f["id"]] if messages[i]["role"] == "user")
    questions, meta = [], []
    for f in facts:
        qt = rng.choice(d["kinds"][f["kind"]]["q"])
        q = {
            "kind": QKIND[f["kind"]],
            "fact": f["kind"],
            "q": fmt(qt, p=f["p"], opt=f["opt"]),
            "answers": list(f["value"]["ans"]),
        }
        if f["old"] is not None:
            q["wrong"] = list(f["old"]["ans"])
        questions.append(q)
        meta.append({"fact": f, "msgs": fact_msgs[f["id"]], "corr_at": corr_at.get(f["id"])})
    order = list(range(len(questions)))
    rng.shuffle(order)
    return {
        "dialog": {
            "id": f"bank5-{L.code}-{index + 1:02d}",
            "lang": L.code,
            "bank": "bank5",
            "messages": messages,
            "questions": [questions[i] for i in order],
        },
        "meta": [meta[i] for i in order],
    }


def check(L: Lang, built: list[dict]) -> None:
    def fail(msg):
        raise Fail(f"[{L.code}] {msg}")

    for b in built:
        dlg, meta = b["dialog"], b["meta"]
        ms = dlg["messages"]
        n = len(ms)
        if not 150 <= n <= 260:
            fail(f"{dlg['id']}: {n} messages")
        for i, m in enumerate(ms):
            if m["role"] != ("user" if i % 2 == 0 else "assistant"):
                fail(f"{dlg['id']}: roles do not alternate at {i}")
            if i and not m["time"] > ms[i - 1]["time"]:
                fail(f"{dlg['id']}: time not increasing at {i}")
        t0 = datetime.fromisoformat(ms[0]["time"].replace("Z", "+00:00"))
        t1 = datetime.fromisoformat(ms[-1]["time"].replace("Z", "+00:00"))
        if not 4 <= (t1 - t0).days + 1 <= 20:
            fail(f"{dlg['id']}: spread {(t1 - t0).days + 1} days")
        if any(m.get("tag") != "small_talk" for m in ms[-40:]):
            fail(f"{dlg['id']}: last 40 messages are not all small talk")
        for tag in ("open_question", "next_step"):
            k = sum(m.get("tag") == tag and m["role"] == "user" for m in ms)
            if not 3 <= k <= 5:
                fail(f"{dlg['id']}: {k} {tag}")
        if len(dlg["questions"]) != 12:
            fail(f"{dlg['id']}: {len(dlg['questions'])} questions")
        nwrong = sum("wrong" in q for q in dlg["questions"])
        if not 4 <= nwrong <= 6:
            fail(f"{dlg['id']}: {nwrong} corrections")
        for q, mt in zip(dlg["questions"], meta, strict=True):
            f = mt["fact"]
            own = set(mt["msgs"])
            if max(own) >= n - 40:
                fail(f"{dlg['id']}: fact {f['kind']} of {f['p']} inside the last 40")
            new_forms = forms_of(L.code, f["value"])
            hits = [i for i in own if contains_token(ms[i]["text"], new_forms)]
            if not hits:
                fail(f"{dlg['id']}: answer {q['answers']} not found in its messages")
            if L.code != "ru" and not any(contains_token(ms[i]["text"], q["answers"]) for i in own):
                fail(f"{dlg['id']}: no accepted answer {q['answers']} token-bounded")
            bad = forms_of(L.code, f["value"]) + (forms_of(L.code, f["old"]) if f["old"] else [])
            if contains_token(q["q"], bad):
                fail(f"{dlg['id']}: question {q['q']!r} holds its answer")
            if f["old"] is not None:
                c = mt["corr_at"]
                old_forms = forms_of(L.code, f["old"])
                if not any(contains_token(ms[i]["text"], old_forms) for i in own if i < c):
                    fail(f"{dlg['id']}: wrong {q['wrong']} not said before the correction")
                if any(contains_token(ms[i]["text"], new_forms) for i in own if i < c):
                    fail(f"{dlg['id']}: new value {q['answers']} said before its correction")
            for i, m in enumerate(ms):
                if i in own:
                    continue
                if contains_token(m["text"], bad):
                    fail(f"{dlg['id']}: {f['kind']} value of {f['p']} ({bad}) leaks into message {i}: {m['text']!r}")
            for other in dlg["questions"]:
                if other is not q and contains_token(other["q"], bad):
                    fail(f"{dlg['id']}: value {bad} leaks into question {other['q']!r}")
    kinds = {k for k, s in L.shapes.items() if s}
    if len(kinds) < 10:
        fail(f"only {len(kinds)} kinds")
    for k in kinds:
        if len(L.shapes[k]) < 5:
            fail(f"kind {k} has {len(L.shapes[k])} shapes: {sorted(L.shapes[k])}")


def make_bank() -> list[dict]:
    rng = random.Random(SEED)
    bank = []
    for code, data, start in (
        ("en", EN, datetime(2026, 5, 4, 8, 40)),
        ("ru", RU, datetime(2026, 5, 11, 7, 55)),
        ("ja", JA, datetime(2026, 5, 18, 0, 30)),
    ):
        L = Lang(code, data)
        pools = {name: list(vals) for name, vals in data["pools"].items()}
        for vals in pools.values():
            rng.shuffle(vals)
        pools["_corrected"] = {}
        projects = list(data["projects"])
        rng.shuffle(projects)
        built = []
        for i in range(4):
            # meeting days: fresh per dialog, so the two values of a dialog differ
            pools["days"] = list(data["pools"]["days"])
            rng.shuffle(pools["days"])
            built.append(
                build_dialog(
                    L,
                    i,
                    (projects[2 * i], projects[2 * i + 1]),
                    pools,
                    rng,
                    start + timedelta(days=23 * i, minutes=37 * i),
                )
            )
        check(L, built)
        SHAPES[code] = {k: sorted(v) for k, v in L.shapes.items()}
        bank.extend(b["dialog"] for b in built)
    return bank


def _same(s: str) -> str:
    return s


def _ru_lower(s: str) -> str:
    # lower the first letter unless the word is an abbreviation (its second letter a capital)
    return s[:1].lower() + s[1:] if s[1:2].islower() else s


# The phrasings of each language; "lower" is how a sentence starts when it becomes the second
# half of a two-fact message.
EN = {**PHRASINGS["EN"], "lower": _same}
RU = {**PHRASINGS["RU"], "lower": _ru_lower}
JA = {**PHRASINGS["JA"], "lower": _same}
