"""Bank 5 of the five-questions evaluation: twelve long two-project dialogs (held out).

``python bench/make_five_questions_bank5.py > bench/data/five_questions_bank5.json``
rebuilds the file byte for byte (seeded ``random.Random``; nothing depends on the clock).

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

import json
import random
import sys
from datetime import datetime, timedelta

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(
    __import__("os").path.abspath(__file__))))
from evals.five_questions import contains_token  # noqa: E402

SEED = 20261203
KINDS = ("lead", "qa", "client", "budget", "launch", "tech", "reason", "seats", "contract",
         "hosting", "office", "meeting")
QKIND = {"lead": "name", "qa": "name", "client": "name", "budget": "number", "launch": "date",
         "tech": "decision", "reason": "reason", "seats": "number", "contract": "number",
         "hosting": "place", "office": "place", "meeting": "date"}
POOL_OF = {"lead": "names", "qa": "names", "client": "clients", "budget": "budgets",
           "launch": "dates", "tech": "techs", "reason": "reasons", "seats": "seats",
           "contract": "months", "hosting": "cities", "office": "cities", "meeting": "days"}
# Which kinds each project of dialogs 1-4 gets: every kind four times per language.
SCHEDULE = (
    (("lead", "client", "budget", "launch", "tech", "reason"),
     ("lead", "qa", "seats", "hosting", "office", "meeting")),
    (("qa", "contract", "hosting", "office", "meeting", "budget"),
     ("client", "launch", "tech", "reason", "seats", "contract")),
    (("lead", "qa", "launch", "seats", "contract", "office"),
     ("client", "budget", "tech", "reason", "hosting", "meeting")),
    (("lead", "qa", "client", "budget", "launch", "seats"),
     ("tech", "reason", "contract", "hosting", "office", "meeting")),
)
N_CORRECTIONS = (5, 4, 6, 5)
TAIL_PAIRS = (21, 27)  # the closing small talk: at least 42 messages


# The sentence shapes each kind was planted and corrected in, per language (filled by make_bank).
SHAPES: dict[str, dict[str, list[str]]] = {}


class Fail(Exception):
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


def build_dialog(L: Lang, index: int, projects: tuple[str, str], pools: dict, rng: random.Random,
                 start: datetime) -> dict:
    d = L.d
    facts = []  # dicts: id, project, kind, value, opt, old
    for pi, kinds in enumerate(SCHEDULE[index]):
        for kind in kinds:
            pool = pools[POOL_OF[kind]]
            f = {"id": len(facts), "p": projects[pi], "pi": pi, "kind": kind, "value": pool.pop(),
                 "opt": None, "old": None}
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
        base = {"p": f["p"], "v": f["value"] if f["old"] is None else f["old"], "opt": f["opt"],
                "noun": fmt(d["kinds"][f["kind"]]["noun"], opt=f["opt"], p=f["p"])}
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
            msgs = [("user", fmt(pick("reply_leads"), **k)),
                    ("assistant", fmt(rng.choice(d["kinds"][f["kind"]]["ask"]), **k)),
                    ("user", fmt(t, **k)), ("assistant", ack(f, None))]
        elif mode == "split":
            sid, t = L.tpl(f["kind"], "frag", rng, "split")
            msgs = [("user", fmt(rng.choice(d["kinds"][f["kind"]]["topic"]), **k)),
                    ("assistant", fmt(pick("split_prompts"), **k)),
                    ("user", fmt(t, **k)), ("assistant", ack(f, None))]
        else:
            sid = "confirm"
            msgs = [("user", fmt(pick("confirm_leads"), **k)),
                    ("assistant", fmt(d["kinds"][f["kind"]]["confirm"], **k)),
                    ("user", pick("yes")),
                    ("assistant", pick("acks_plain"))]
        L.shapes[f["kind"]].add(f"{mode}:{sid}")
        events.append(("plant", msgs, {f["id"]}, f["id"]))
    # the pair
    parts = []
    for f in pair:
        sid, t = L.next_plain(f["kind"])
        L.shapes[f["kind"]].add(f"pair:{sid}")
        parts.append(fmt(t, **kw(f, v=f["value"] if f["old"] is None else f["old"])))
    text = fmt(rng.choice(d["pair_joins"]), a=parts[0], b=d["lower"](parts[1]))
    events.append(("plant", [("user", text), ("assistant", pick("acks_plain"))],
                   {pair[0]["id"], pair[1]["id"]}, None))
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
            now = (now + timedelta(days=1)).replace(hour=rng.randint(7, 10),
                                                    minute=rng.randint(0, 59), second=0)
        else:
            now = now + timedelta(seconds=rng.randint(20, 60) if r == "assistant"
                                  else rng.randint(60, 900))
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
        q = {"kind": QKIND[f["kind"]], "fact": f["kind"],
             "q": fmt(qt, p=f["p"], opt=f["opt"]), "answers": list(f["value"]["ans"])}
        if f["old"] is not None:
            q["wrong"] = list(f["old"]["ans"])
        questions.append(q)
        meta.append({"fact": f, "msgs": fact_msgs[f["id"]], "corr_at": corr_at.get(f["id"])})
    order = list(range(len(questions)))
    rng.shuffle(order)
    return {"dialog": {"id": f"bank5-{L.code}-{index + 1:02d}", "lang": L.code, "bank": "bank5",
                       "messages": messages, "questions": [questions[i] for i in order]},
            "meta": [meta[i] for i in order]}


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
                    fail(f"{dlg['id']}: {f['kind']} value of {f['p']} ({bad}) leaks into "
                         f"message {i}: {m['text']!r}")
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
    for code, data, start in (("en", EN, datetime(2026, 5, 4, 8, 40)),
                              ("ru", RU, datetime(2026, 5, 11, 7, 55)),
                              ("ja", JA, datetime(2026, 5, 18, 0, 30))):
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
            built.append(build_dialog(L, i, (projects[2 * i], projects[2 * i + 1]), pools, rng,
                                      start + timedelta(days=23 * i, minutes=37 * i)))
        check(L, built)
        SHAPES[code] = {k: sorted(v) for k, v in L.shapes.items()}
        bank.extend(b["dialog"] for b in built)
    return bank


def main() -> None:
    bank = make_bank()
    sys.stdout.write(json.dumps(bank, ensure_ascii=False, indent=1) + "\n")


# ----------------------------------------------------------------------------------- English

def _v(n, ans=None, **forms):
    return {"n": n, "disp": forms.pop("disp", n), "ans": ans or [n], **forms}


_MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December"]


def _en_date(m, day):
    n, d, iso = f"{_MONTHS_EN[m - 1]} {day}", f"{day} {_MONTHS_EN[m - 1]}", f"2026-{m:02d}-{day:02d}"
    return _v(n, [n, d, iso], d=d, iso=iso)


def _en_budget(k):
    return _v(f"{k}k", [f"{k}k", f"{k}K", f"${k}k", f"{k},000", f"${k},000", str(k)],
              full=f"${k},000")


def _en_seats(x):
    s = f"{x:,}"
    return _v(s, [str(x), s], plain=str(x))


EN = {
    "projects": ["Thistledown", "Marrowgate", "Wickerbay", "Sundial Row", "Fennimore",
                 "Ploverton", "Quarrystone", "Harrowlight"],
    "pools": {
        "names": [_v(n) for n in ["Rosalind", "Imogen", "Caspian", "Leofric", "Marisol",
                                  "Thaddeus", "Ysolde", "Bartholomew", "Henrike", "Oswin",
                                  "Philippa", "Lorcan", "Seraphina", "Eamon", "Clementine"]],
        "clients": [_v(a + " " + b, [a + " " + b, a]) for a, b in [
            ("Brackenridge", "Dairy"), ("Pellucid", "Freight"), ("Hollowmere", "Insurance"),
            ("Quillfeather", "Press"), ("Tamsworth", "Rail"), ("Orrery", "Labs"),
            ("Greyfen", "Outdoor"), ("Mossbank", "Credit")]],
        "budgets": [_en_budget(k) for k in (420, 515, 575, 690, 735, 860, 795, 445)],
        "dates": [_en_date(m, d) for m, d in ((9, 17), (10, 22), (11, 4), (8, 26), (12, 8),
                                               (9, 29), (10, 6), (11, 19))],
        "techs": [_v(n) for n in ["CockroachDB", "SvelteKit", "Phoenix", "DuckDB", "Flutter",
                                  "FastAPI", "Couchbase", "Remix"]],
        "opts": ["MongoDB", "Firebase", "Django", "React Native", "Oracle", "Elasticsearch"],
        "reasons": [_v("licensing costs", ["licensing"]), _v("latency spikes", ["latency"]),
                    _v("vendor lock-in", ["lock-in"]), _v("data residency rules", ["residency"]),
                    _v("weak audit logging", ["audit"]), _v("poor offline sync", ["offline"]),
                    _v("the hiring pool", ["hiring"])],
        "seats": [_en_seats(x) for x in (2150, 3400, 4750, 5600, 6250, 7300, 8450, 9100)],
        "months": [_v(str(x), [str(x), f"{x} months"], disp=f"{x} months")
                   for x in (14, 18, 23, 27, 31, 36, 40, 44)],
        "cities": [_v(n) for n in ["Tampere", "Ghent", "Aarhus", "Ljubljana", "Cork", "Brno",
                                   "Bergen", "Graz", "Leipzig", "Porto", "Halifax",
                                   "Bratislava", "Dundee", "Utrecht"]],
        "days": [_v(n, [n, n + "s"], pl=n + "s") for n in ["Monday", "Tuesday", "Wednesday",
                                                            "Thursday", "Friday"]],
    },
    "lower": lambda s: s,
    "pair_joins": ["{a} — oh and {b}", "{a}. also {b}", "two things: {a}, and {b}",
                   "{a}; {b}"],
    "reply_leads": ["ok, {p} stuff now", "switching to {p} for a sec", "right, {p}.",
                    "got a few minutes for {p}?"],
    "split_prompts": ["Go on?", "And?", "Okay — what did you land on?", "Sure, tell me."],
    "confirm_leads": ["I dumped the {p} kickoff notes into the doc, what do they say about the {noun}?",
                      "can you check the {p} notes for the {noun}, I can't find it",
                      "remind me what we have written down for the {p} {noun}?"],
    "yes": ["yep", "yes, that's it", "yep, correct", "yup, right", "yes"],
    "acks_plain": ["Noted.", "Got it.", "Okay, logged.", "Thanks — noted.", "Understood."],
    "acks": ["Noted.", "Got it — added to the {p} notes.", "Okay, logged for {p}.", "Understood.",
             "Thanks, noted."],
    "echo_acks": ["Noted — {p}, {noun}: {v[disp]}.", "Got it, {v[disp]} for {p}."],
    "corr_acks": ["Updated — {p} {noun} is now {v[disp]}.", "Okay, I've replaced the old value.",
                  "Got it, changed in the {p} notes.", "Thanks for the heads-up, updated."],
    "kinds": {
        "lead": {
            "noun": "lead",
            "plain": ["ok so {v[n]} owns {p} from now on, final call on scope is with them",
                      "talked to the directors this morning and after a lot of back and forth they put {v[n]} in charge of {p}, which honestly makes sense given how the last release went",
                      "{p} lead = {v[n]}",
                      "if anyone asks who's running {p}, point them at {v[n]}",
                      "we agreed {p} gets {v[n]} as project lead starting this sprint"],
            "frag": ["{v[n]}, the directors signed off", "that'd be {v[n]}"],
            "ask": ["Who's leading {p}?", "Who ended up as lead on {p}?"],
            "topic": ["oh, and {p} finally has a lead", "news on who runs {p}"],
            "confirm": "From the kickoff notes, {v[n]} is leading {p} — is that right?",
            "corr": ["{old[n]} moved to another team, {v[n]} took over {p} as of today",
                     "scratch that on {p} — the lead is {v[n]}, not {old[n]}"],
            "q": ["Who is the lead on {p}?", "Which person is in charge of {p}?"]},
        "qa": {
            "noun": "QA owner",
            "plain": ["{v[n]} will handle QA for {p}",
                      "testing on {p} goes through {v[n]}, so loop them in before any release",
                      "bumped into {v[n]} at the coffee machine and it's settled, {v[n]} does the testing for {p} — they seemed weirdly happy about it",
                      "{p} qa: {v[n]}",
                      "for {p} the test plan and sign-off sit with {v[n]}"],
            "frag": ["{v[n]} — they did the test plans for the last two launches", "going with {v[n]}"],
            "ask": ["Who's doing QA on {p}?"],
            "topic": ["need to tell you who tests {p}", "so, testing on {p}"],
            "confirm": "The ticket says {v[n]} is the QA owner on {p}. Correct?",
            "corr": ["change on {p}: QA is {v[n]} now, {old[n]} is on parental leave",
                     "not {old[n]} but {v[n]} for {p} testing, sorry for the mixup"],
            "q": ["Who does the QA for {p}?", "Who signs off testing on {p}?"]},
        "client": {
            "noun": "client",
            "plain": ["the client on {p} is {v[n]}",
                      "so {v[n]} — the folks who went quiet on us last year — came back and {p} is their project",
                      "{p} customer: {v[n]}",
                      "we're building {p} for {v[n]}, mostly their ops team will use it",
                      "{v[n]} signed the letter of intent, so {p} is officially theirs"],
            "frag": ["{v[n]}, their ops people", "it's {v[n]}"],
            "ask": ["Which company is {p} for?"],
            "topic": ["the {p} client is finally official", "we know who {p} is for now"],
            "confirm": "The contract draft names {v[n]} as the customer for {p} — right?",
            "corr": ["{old[n]} pulled out of {p}; {v[n]} is the client now",
                     "actually it's {v[n]} now for {p}, the {old[n]} deal fell through"],
            "q": ["Which company is the client for {p}?", "Who is {p} being built for?"]},
        "budget": {
            "noun": "budget",
            "plain": ["budget for {p} is {v[n]}",
                      "finance approved {v[full]} for {p}, less than we asked but fine",
                      "we've got {v[n]} to spend on {p} and not a cent more",
                      "my manager, bless her, fought for {p} for weeks and we ended up at {v[n]} total, she deserves a medal",
                      "{p} budget {v[n]}, incl. contractors"],
            "frag": ["{v[n]}, including contractors", "{v[full]} all in"],
            "ask": ["What budget do we have for {p}?"],
            "topic": ["got the number for {p} from finance", "re {p} money"],
            "confirm": "The finance sheet shows {v[n]} allocated to {p}. Is that the figure?",
            "corr": ["budget update for {p}: {v[n]}, finance revised it from {old[n]}",
                     "{p} budget isn't {old[n]} anymore, it's {v[n]}"],
            "q": ["How much money is there for {p}?", "What's the {p} budget?"]},
        "launch": {
            "noun": "launch date",
            "plain": ["{p} goes live on {v[n]}",
                      "we're targeting {v[d]} for the {p} launch",
                      "hard deadline for {p}: {v[iso]}",
                      "the client wants {p} in production by {v[n]}, which is tight but doable if nobody gets sick",
                      "marketing already booked the launch of {p} for {v[d]}, so that's that"],
            "frag": ["{v[n]}, marketing already booked it", "{v[iso]}"],
            "ask": ["When does {p} launch?"],
            "topic": ["we have a launch date for {p}", "about the {p} go-live"],
            "confirm": "The roadmap puts the {p} launch on {v[n]}. Right?",
            "corr": ["{p} launch moved to {v[n]} (was {old[n]})",
                     "scratch that, {p} ships {v[d]}, not {old[d]}"],
            "q": ["When is {p} supposed to launch?", "What's the go-live date for {p}?"]},
        "tech": {
            "noun": "stack",
            "plain": ["we're going with {v[n]} for {p}",
                      "decision made: {p} runs on {v[n]}",
                      "after a week of arguing the {p} crew landed on {v[n]}, and I'm too tired to reopen it",
                      "{p} stack -> {v[n]}",
                      "the architects locked in {v[n]} as the core of {p}"],
            "frag": ["{v[n]}, everyone agreed", "{v[n]}, final"],
            "ask": ["What did you pick as the main tech for {p}?"],
            "topic": ["the {p} stack question is settled", "we picked the tech for {p}"],
            "confirm": "So the design doc says {p} will be built on {v[n]}. Correct?",
            "corr": ["we dropped {old[n]} on {p}, going with {v[n]} instead",
                     "not {old[n]} but {v[n]} for {p} — the benchmarks changed our minds"],
            "q": ["What technology did the {p} team choose?", "Which stack is {p} built on?"]},
        "reason": {
            "noun": "reason {opt} was dropped",
            "plain": ["we said no to {opt} on {p} because of {v[n]}",
                      "{opt} is out for {p}, {v[n]} was the deal breaker",
                      "the reason {opt} lost on {p}? {v[n]}, plain and simple",
                      "ops vetoed {opt} for {p} yesterday in that endless meeting — {v[n]}, again — and then we talked about parking for an hour",
                      "{p}: no {opt}, {v[n]} made it a non-starter"],
            "frag": ["{v[n]}, mostly", "honestly, {v[n]}"],
            "ask": ["Why did you rule out {opt} for {p}?"],
            "topic": ["about why we binned {opt} on {p}", "re {opt} on {p}"],
            "confirm": "I read in the notes that {opt} was rejected for {p} because of {v[n]}. Is that it?",
            "corr": ["turns out the real blocker with {opt} on {p} wasn't {old[n]}, it was {v[n]}",
                     "correction on {p}: we dropped {opt} over {v[n]}; the {old[n]} thing was a red herring"],
            "q": ["Why was {opt} rejected for {p}?", "What ruled out {opt} on {p}?"]},
        "seats": {
            "noun": "seat count",
            "plain": ["{p} is sized for {v[n]} users",
                      "they want {v[n]} seats on {p} at launch",
                      "we licensed {p} for {v[plain]} people, which includes the warehouse staff",
                      "{p}: {v[n]} seats",
                      "their IT guy reckons roughly {v[n]} people will be on {p} day to day, if the rollout goes as planned"],
            "frag": ["{v[n]} seats", "around {v[n]} users"],
            "ask": ["How many users is {p} for?"],
            "topic": ["seat count for {p} came in", "how many people {p} is for — we know now"],
            "confirm": "Their RFP mentions {v[n]} users for {p}. Right?",
            "corr": ["seat count for {p} is now {v[n]} (was {old[n]})",
                     "{p} is {v[n]} users now, forget {old[n]}"],
            "q": ["How many seats does {p} need?", "How many people will use {p}?"]},
        "contract": {
            "noun": "contract length",
            "plain": ["the {p} contract runs {v[n]} months",
                      "we signed {p} for {v[n]} months with an option to extend",
                      "{p} is a {v[n]}-month engagement",
                      "legal says the {p} deal is {v[n]} months and they won't budge",
                      "the term for {p}, if I remember right, is {v[n]} months — yeah, {v[n]}"],
            "frag": ["{v[n]} months", "{v[n]} months, extension optional"],
            "ask": ["How long is the {p} contract?"],
            "topic": ["the {p} contract length is agreed", "contract term for {p}"],
            "confirm": "The signed copy says {v[n]} months for {p}. Correct?",
            "corr": ["{p} contract got changed to {v[n]} months, not {old[n]}",
                     "actually it's {v[n]} months now for {p}, they renegotiated the {old[n]}-month term"],
            "q": ["How many months does the {p} contract last?", "What's the contract term on {p}?"]},
        "hosting": {
            "noun": "hosting city",
            "plain": ["{p} will be hosted in {v[n]}",
                      "servers for {p} sit in the {v[n]} data centre",
                      "we picked the {v[n]} DC for {p} because it's closest to their users",
                      "{p} hosting: {v[n]}",
                      "infra wants {p} in {v[n]} — the power's cheaper there apparently, who knew"],
            "frag": ["{v[n]}, the DC there", "{v[n]}"],
            "ask": ["Where will {p} be hosted?"],
            "topic": ["we picked a data centre for {p}", "hosting for {p}"],
            "confirm": "The infra ticket lists {v[n]} as the hosting location for {p}. Right?",
            "corr": ["{p} hosting moves from {old[n]} to {v[n]}",
                     "{old[n]} is off for {p}, the servers go to {v[n]}"],
            "q": ["In which city is {p} hosted?", "Where are the {p} servers?"]},
        "office": {
            "noun": "team office",
            "plain": ["the {p} team works out of {v[n]}",
                      "{p} folks are based in our {v[n]} office",
                      "most of the {p} people sit in {v[n]}, so mind the time zone when you book stuff",
                      "{p} team office: {v[n]}",
                      "we're staffing {p} from {v[n]}, the new office there has space"],
            "frag": ["{v[n]}, the new office", "out of {v[n]}"],
            "ask": ["Which office is the {p} team in?"],
            "topic": ["the {p} team's office is sorted", "where the {p} people sit"],
            "confirm": "HR's list puts the {p} team in {v[n]}. Correct?",
            "corr": ["the {p} team relocated to {v[n]}, they left {old[n]}",
                     "not {old[n]} but {v[n]} for the {p} team, I mixed up the offices"],
            "q": ["Which city is the {p} team based in?", "Where does the {p} team work from?"]},
        "meeting": {
            "noun": "weekly meeting day",
            "plain": ["weekly {p} sync is on {v[pl]}",
                      "let's do the {p} check-in every {v[n]}",
                      "{p} weekly: {v[n]}",
                      "we moved nothing else, but the {p} weekly meeting lands on {v[n]} mornings",
                      "the {p} team meets {v[pl]}, half an hour, cameras optional"],
            "frag": ["{v[pl]}", "{v[n]} mornings"],
            "ask": ["Which day is the weekly {p} meeting?"],
            "topic": ["we fixed a day for the {p} weekly", "re the {p} weekly meeting"],
            "confirm": "The calendar invite has the {p} weekly on {v[n]}. Right?",
            "corr": ["{p} weekly moves from {old[n]} to {v[n]}",
                     "change: {p} sync is {v[pl]} now, {old[n]} clashed with the board"],
            "q": ["On what day does the {p} team meet each week?", "What day is the {p} weekly?"]},
    },
    "open_qs": [
        ("still no idea whether {p} needs an Android app at all, nobody's decided", "That one's still open, then."),
        ("open question: do we migrate the old {p} data or start clean?", "Noted as open — worth deciding soon."),
        ("we haven't figured out who pays for the {p} pen test", "Okay, I'll keep that as an open question."),
        ("is {p} going to need a separate staging environment? unresolved", "Noted, still undecided."),
        ("nobody knows yet if {p} support has to be round the clock", "Open for now, then."),
        ("undecided: single sign-on for {p} or plain logins", "Logged as an open question."),
        ("we still need to decide if {p} gets its own design system", "Okay, that stays open."),
    ],
    "next_steps": [
        ("next step: I'll send the {p} wireframes to the client by end of week", "Sounds like a plan."),
        ("action item — set up the {p} repo permissions tomorrow", "Noted as a next step."),
        ("agreed: we do a risk review for {p} before the next sync", "Good, added to next steps."),
        ("I'll draft the {p} onboarding doc this week", "Great, noted."),
        ("todo for me: book a demo slot for {p} with their ops team", "Okay, on the list."),
        ("we'll write up the {p} API contract first, then estimate", "Makes sense — noted."),
    ],
    "st_slots": {
        "fn": ["Gus", "Nell", "Wendeline", "Ruairi", "Marguerite", "Alfie", "Perpetua", "Cosmo", "Hattie"],
        "ff": ["Nell", "Wendeline", "Marguerite", "Perpetua", "Hattie"],
        "fm": ["Gus", "Ruairi", "Alfie", "Cosmo"],
        "pl": ["Valencia", "Galway", "Salzburg", "Kraków", "Bruges", "Innsbruck", "Seville", "Dubrovnik"],
        "food": ["shakshuka", "beef rendang", "a leek tart", "gnocchi from scratch", "pho"],
        "film": ["The Salt Orchard", "Nine Winters", "Paper Lanterns", "A Quiet Harbour"],
        "team": ["the Gullhaven Rovers", "Eastcombe United", "the Pennant Hill Foxes"],
        "num": ["3", "5", "7", "9", "11", "12", "52", "65", "78", "83", "95"],
        "km": ["3", "5", "7", "9", "12"],
        "age": ["78", "83", "95", "91"],
        "sd": ["June 21", "July 11", "May 30", "July 2", "June 13"],
        "book": ["The Quiet Cartographer", "Moth Season", "Letters from Pelham"],
        "band": ["The Marigold Hours", "Velvet Allotment", "Saltmarsh"],
    },
    "small_talk": [
        ("raining nonstop here, third day in a row, my umbrella gave up this morning", "Ugh, sounds grim. Hope you found dry socks."),
        ("made {food} last night, first time, came out surprisingly ok", "Nice! First attempts that work are the best."),
        ("my sister {ff} is visiting from {pl} next week, need to clean the flat lol", "Ha, good motivation. Enjoy the visit."),
        ("did you see the match? {team} lost again", "Ouch. Rough season for them."),
        ("watched {film} on the plane, it was... long", "Long in a good way or a bad way?"),
        ("kid's got a school trip to {pl}, {num} euros for the bus alone, seriously", "School trips add up fast."),
        ("thinking of going to {pl} for a long weekend around {sd}", "Sounds lovely, good time of year for it."),
        ("my neighbour {fn} started learning the trumpet. at 7am.", "Oh no. Earplugs might be a good investment."),
        ("ran {km}k this morning, legs are jelly", "Well done! Stretch tonight."),
        ("coffee machine on our floor is broken again", "The eternal office tragedy."),
        ("{fn} got engaged!! wedding's on {sd}", "Congrats to them!"),
        ("finally finished that jigsaw puzzle, took {num} evenings", "That must feel satisfying."),
        ("my mum says it's boiling in {pl} right now", "Hope she's staying in the shade."),
        ("anyone know a good pizza place near the station? the usual one closed", "I don't, sorry — maybe ask around the office?"),
        ("the cat knocked my plant off the windowsill. again.", "Cats are relentless."),
        ("started reading {book}, halfway through, it's weirdly good", "Oh nice, what's it about?"),
        ("my flight to {pl} is delayed, sitting at the gate with a sad croissant", "Hope it's not too long a wait."),
        ("going to see {band} tonight, haven't seen them since uni", "Have fun! Bring earplugs, maybe."),
        ("I need a holiday. like, properly.", "You've earned one, it sounds like."),
        ("{fn}'s birthday today, baking a lemon cake", "Happy birthday to {fn}! Lemon cake is a great call."),
        ("tried that new ramen place, the queue was {num} people long", "Was it worth the wait?"),
        ("the bike needs new brakes and the quote was {num} quid, hmm", "Brakes are worth it though."),
        ("gym was packed this morning, no idea why", "Maybe everyone had the same idea."),
        ("my grandad turned {age}, still does the crossword in pen", "That's brilliant."),
        ("the heating in our building is broken, wearing a hoodie at my desk", "Stay warm!"),
        ("binge-watched a whole series about lighthouse keepers, no regrets", "Sounds oddly soothing."),
        ("weekend plan: nothing. absolutely nothing.", "Honestly the best kind of plan."),
        ("{team} signed some new striker, the fans are losing their minds", "Big news for them."),
        ("found an old photo of me with a truly terrible haircut", "We've all been there."),
        ("is it me or does every meeting room smell like old pizza", "It's not just you."),
        ("my daughter wants a dog. I'm losing this battle", "Sounds like the dog is winning."),
        ("just back from {pl}, the old town is gorgeous", "Welcome back! Good trip?"),
        ("it snowed in {pl} apparently, this late in the year??", "Weird weather everywhere lately."),
        ("lunch was a sad sandwich at my desk", "Hope dinner makes up for it."),
        ("{fn} talked me into a pottery class on {sd}", "Fun! Pottery is very relaxing, they say."),
        ("dentist later, wish me luck", "Good luck!"),
        ("the train was {num} minutes late, standing room only", "That's a rough commute."),
        ("my brother {fm} ran a half marathon in {pl}", "Impressive! How did he do?"),
        ("we finally booked the summer trip, {pl} for a week", "Lovely! Have you been before?"),
        ("nope, first time. {fn} went last year and wouldn't shut up about the food", "Then you're in good hands."),
        ("my son scored his first goal at football practice and did a lap of honour lol", "That's adorable."),
        ("the neighbours are having a barbecue and the smoke is coming straight into my window", "Classic. Maybe close the window for a bit?"),
        ("tried to make sourdough. it's a brick. a very dense brick.", "Bricks are a rite of passage with sourdough."),
        ("anyone else think {film} was overrated? everyone keeps recommending it", "Opinions seem split on it."),
        ("our flat viewing went well, fingers crossed", "Fingers crossed for you!"),
        ("my partner signed us up for salsa lessons. send help", "Could be fun once the first awkward lesson is over."),
        ("the power went out for an hour last night, we played cards by candlelight", "That sounds kind of nice, actually."),
        ("just had the best espresso of my life at a tiny place near {pl} station", "Worth remembering the name."),
        ("my dad keeps sending me voice notes about his tomatoes", "Sounds like a proud gardener."),
        ("watched {team} in the pub, lost {num}-nil, I'm in mourning", "Condolences."),
        ("got caught in a hailstorm on the bike, my hands are still red", "Ouch, warm them up."),
        ("{fn} lent me {book}, I'm not sure I like it yet", "Give it a few more chapters."),
        ("hay fever is destroying me this week", "Hope the pollen count drops soon."),
        ("the kids built a blanket fort in the living room and I'm not allowed in", "Strict border control."),
        ("tried a bouldering gym for the first time, forearms are on fire", "Sounds like a good workout."),
        ("the ferry to {pl} got cancelled because of the wind", "Annoying — hope the next one runs."),
    ],
}


# ----------------------------------------------------------------------------------- Russian

_RU_END = {  # gen, dat, acc, ins, pre; "=" is the nominative, "-" the stem before the ending
    "m": ("+а", "+у", "+а", "+ом", "+е"), "mi": ("+а", "+у", "=", "+ом", "+е"),
    "ij": ("-я", "-ю", "-я", "-ем", "-и"), "ej": ("-я", "-ю", "-я", "-ем", "-е"),
    "eji": ("-я", "-ю", "=", "-ем", "-е"), "a": ("-ы", "-е", "-у", "-ой", "-е"),
    "ka": ("-и", "-е", "-у", "-ой", "-е"), "ya": ("-и", "-е", "-ю", "-ей", "-е"),
    "iya": ("-и", "-и", "-ю", "-ей", "-и"), "sf": ("-и", "-и", "=", "-ью", "-и"),
    "smi": ("-я", "-ю", "=", "-ем", "-е"), "ica": ("-ы", "-е", "-у", "-ей", "-е"),
    "ie": ("-я", "-ю", "=", "+м", "-и"),
}


def _ru(n, typ, ans=None, **extra):
    out = {"n": n, "disp": n, "ans": ans or [n]}
    for case, end in zip(("gen", "dat", "acc", "ins", "pre"), _RU_END[typ], strict=True):
        out[case] = n if end == "=" else (n + end[1:] if end[0] == "+" else n[:-1] + end[1:])
    out.update(extra)
    return out


_MONTHS_RU = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
              "сентября", "октября", "ноября", "декабря"]


def _ru_date(m, day):
    n, iso = f"{day} {_MONTHS_RU[m - 1]}", f"2026-{m:02d}-{day:02d}"
    return {"n": n, "disp": n, "iso": iso, "ans": [n, iso]}


def _ru_budget(k):
    return {"n": f"{k} тысяч", "disp": f"{k} тысяч", "short": f"{k} тыс.", "k": f"{k}к",
            "ans": [str(k), f"{k} тысяч", f"{k} тыс", f"{k}к", f"{k} 000"]}


def _ru_seats(x):
    sp = f"{x // 1000} {x % 1000:03d}"
    return {"n": str(x), "disp": str(x), "sp": sp, "ans": [str(x), sp]}


RU = {
    "projects": ["«Ольха»", "«Сполох»", "«Береста»", "«Клюква»", "«Омут»", "«Пасека»",
                 "«Лучина»", "«Запруда»"],
    "pools": {
        "names": [_ru(n, t) for n, t in [
            ("Арсений", "ij"), ("Фёдор", "m"), ("Злата", "a"), ("Таисия", "iya"),
            ("Вероника", "ka"), ("Платон", "m"), ("Ульяна", "a"), ("Евсей", "ej"),
            ("Мирон", "m"), ("Ярослава", "a"), ("Глеб", "m"), ("Олеся", "ya"),
            ("Савелий", "ij"), ("Любава", "a"), ("Прохор", "m")]],
        "clients": [_ru(n, t) for n, t in [
            ("Вертушка", "ka"), ("Каравай", "eji"), ("Листопад", "mi"), ("Брусника", "ka"),
            ("Кипрей", "eji"), ("Жёлудь", "smi"), ("Пряжка", "ka"), ("Тропинка", "ka")]],
        "budgets": [_ru_budget(k) for k in (430, 580, 645, 720, 815, 505, 760, 890)],
        "dates": [_ru_date(m, d) for m, d in ((9, 16), (10, 21), (11, 3), (8, 25), (12, 9),
                                               (9, 29), (10, 7), (11, 18))],
        "techs": [{"n": n, "disp": n, "ans": [n]} for n in
                  ["Tarantool", "Vue", "Elixir", "ScyllaDB", "Kotlin", "Nuxt", "Quarkus", "Svelte"]],
        "opts": ["MySQL", "Angular", "Firebase", "Oracle", "Kafka", "Redis"],
        "reasons": [_ru(n, t) for n, t in [
            ("лицензия", "iya"), ("цена", "a"), ("безопасность", "sf"), ("поддержка", "ka"),
            ("масштабирование", "ie"), ("документация", "iya"), ("задержка", "ka")]],
        "seats": [_ru_seats(x) for x in (2350, 3150, 4650, 5850, 6450, 7150, 8350, 9250)],
        "months": [{"n": str(x), "disp": f"{x} месяцев", "ans": [str(x), f"{x} месяцев"]}
                   for x in (15, 17, 19, 26, 28, 30, 35, 39)],
        "cities": [_ru(n, t) for n, t in [
            ("Вологда", "a"), ("Тверь", "sf"), ("Пермь", "sf"), ("Кострома", "a"),
            ("Тюмень", "sf"), ("Рязань", "sf"), ("Калуга", "ka"), ("Ярославль", "smi"),
            ("Псков", "mi"), ("Томск", "mi"), ("Иркутск", "mi"), ("Сыктывкар", "mi"),
            ("Петрозаводск", "mi"), ("Ижевск", "mi")]],
        "days": [_ru(n, t, pl=pl) for n, t, pl in [
            ("понедельник", "mi", "понедельникам"), ("среда", "a", "средам"),
            ("четверг", "mi", "четвергам"), ("пятница", "ica", "пятницам")]],
    },
    "lower": lambda s: s[:1].lower() + s[1:] if s[1:2].islower() else s,
    "pair_joins": ["{a}, и ещё: {b}", "{a}. и да, {b}", "два момента: {a}; {b}", "{a} — а, и {b}"],
    "reply_leads": ["так, теперь по проекту {p}", "переключимся на проект {p}",
                    "есть минутка на проект {p}?", "по проекту {p} пара новостей"],
    "split_prompts": ["Так, и?", "Слушаю.", "И что решили?", "Да, продолжай."],
    "confirm_leads": ["скинул заметки с кикоффа по проекту {p}, глянь, что там про {noun}?",
                      "напомни, что у нас записано по проекту {p} — {noun}?",
                      "посмотри в заметках по проекту {p}, что там с темой «{noun}», я не нахожу"],
    "yes": ["да, верно", "ага, так", "да, всё так", "угу, правильно", "да"],
    "acks_plain": ["Записал.", "Понял.", "Принято.", "Ок, зафиксировал.", "Спасибо, отметил."],
    "acks": ["Записал.", "Понял, отметил в заметках по проекту {p}.", "Принято.",
             "Ок, зафиксировал.", "Спасибо, отметил."],
    "echo_acks": ["Записал: проект {p}, {noun} — {v[disp]}.", "Понял: {v[disp]}, проект {p}."],
    "corr_acks": ["Обновил: проект {p}, {noun} — теперь {v[disp]}.", "Понял, исправил в заметках.",
                  "Ок, старое значение заменил.", "Спасибо, что сказал, поправил."],
    "kinds": {
        "lead": {
            "noun": "руководитель",
            "plain": ["руководство проектом {p} отдали {v[dat]}",
                      "поговорил утром с директорами, долго спорили, но в итоге проект {p} теперь под {v[ins]}, и это, честно, логично после прошлого релиза",
                      "лид проекта {p} = {v[n]}",
                      "если кто спросит, кто рулит проектом {p}, — отправляй к {v[dat]}",
                      "на проект {p} лидом поставили {v[acc]}, с этого спринта"],
            "frag": ["{v[n]}, директора уже согласовали", "отдали {v[dat]}"],
            "ask": ["А кто руководит проектом {p}?", "Кого в итоге назначили лидом на проект {p}?"],
            "topic": ["по проекту {p} наконец есть руководитель", "новости, кто ведёт проект {p}"],
            "confirm": "В протоколе написано, что проектом {p} руководит {v[n]}. Верно?",
            "corr": ["{old[n]} уходит из проекта {p}, дела передали {v[dat]}",
                     "поправка: проект {p} ведёт не {old[n]}, а {v[n]}"],
            "q": ["Кто руководит проектом {p}?", "Кто сейчас лид на проекте {p}?"]},
        "qa": {
            "noun": "тестирование",
            "plain": ["QA для проекта {p} берёт {v[n]}",
                      "все релизы проекта {p} сначала идут к {v[dat]} на тест, без этого никуда",
                      "столкнулся с {v[ins]} у кофемашины, и всё, решено — тест-план проекта {p} теперь на {v[pre]}, кажется, даже с радостью",
                      "проект {p}, тестирование: {v[n]}",
                      "с тестированием проекта {p} договорились с {v[ins]}"],
            "frag": ["{v[n]}, уже согласовано", "договорились с {v[ins]}"],
            "ask": ["Кто будет тестировать проект {p}?"],
            "topic": ["по тестированию проекта {p} решили", "насчёт QA на проекте {p}"],
            "confirm": "Судя по задаче в трекере, тестирует проект {p} {v[n]}. Так?",
            "corr": ["мы передумали: тестирование проекта {p} забирает {v[n]}, а {old[n]} в отпуске",
                     "уже не {old[n]}, а {v[n]} тестирует проект {p}"],
            "q": ["Кто отвечает за QA в проекте {p}?", "Кто тестирует проект {p}?"]},
        "client": {
            "noun": "заказчик",
            "plain": ["проект {p} делаем для «{v[gen]}»",
                      "помнишь ребят из «{v[gen]}», которые пропали в прошлом году? так вот, вернулись, и проект {p} — для них",
                      "проект {p}, заказчик: «{v[n]}»",
                      "с «{v[ins]}» подписали NDA, проект {p} их",
                      "«{v[dat]}» нужен проект {p} к зиме, пользоваться будет в основном их склад"],
            "frag": ["«{v[n]}», их отдел логистики", "для «{v[gen]}»"],
            "ask": ["А для какой компании проект {p}?"],
            "topic": ["по проекту {p} заказчик определился", "кстати, чей проект {p} — уже известно"],
            "confirm": "В черновике договора заказчиком проекта {p} указана «{v[n]}». Верно?",
            "corr": ["«{old[n]}» отпадает, проект {p} берёт «{v[n]}»",
                     "поправка: заказчик проекта {p} теперь «{v[n]}», с «{old[ins]}» не срослось"],
            "q": ["Какая компания заказчик проекта {p}?", "Для кого делается проект {p}?"]},
        "budget": {
            "noun": "бюджет",
            "plain": ["бюджет проекта {p} — {v[n]}",
                      "финансы одобрили на проект {p} {v[short]}, меньше, чем просили, но жить можно",
                      "уложиться надо в {v[n]}, это на весь проект {p}",
                      "начальница, дай бог ей здоровья, неделями билась за проект {p}, и в итоге выбили {v[k]}, с подрядчиками",
                      "проект {p}: {v[short]} на всё"],
            "frag": ["{v[n]}, с подрядчиками", "{v[short]}, окончательно"],
            "ask": ["Какой бюджет у проекта {p}?"],
            "topic": ["по проекту {p} пришли цифры от финансов", "по деньгам на проект {p}"],
            "confirm": "В финансовой таблице на проект {p} заложено {v[n]}. Это окончательно?",
            "corr": ["бюджет проекта {p} пересмотрели: было {old[n]}, стало {v[n]}",
                     "поправка: на проект {p} не {old[short]}, а {v[short]}"],
            "q": ["Сколько денег выделено на проект {p}?", "Каков бюджет проекта {p}?"]},
        "launch": {
            "noun": "дата запуска",
            "plain": ["запуск проекта {p} — {v[n]}",
                      "проект {p} выкатываем {v[n]}",
                      "дедлайн по проекту {p}: {v[iso]}",
                      "заказчик хочет проект {p} в проде к {v[n]}, впритык, но если никто не заболеет — успеем",
                      "маркетинг уже забронировал {v[n]} под запуск проекта {p}, так что без вариантов"],
            "frag": ["{v[n]}, маркетинг в курсе", "{v[iso]}"],
            "ask": ["Когда запуск проекта {p}?"],
            "topic": ["по проекту {p} есть дата запуска", "насчёт запуска проекта {p}"],
            "confirm": "В роадмапе запуск проекта {p} стоит на {v[n]}. Так?",
            "corr": ["запуск проекта {p} переносим на {v[n]}, {old[n]} отменяется",
                     "уже не {old[n]}, а {v[n]} — новая дата запуска проекта {p}"],
            "q": ["Когда должен запуститься проект {p}?", "На какое число назначен запуск проекта {p}?"]},
        "tech": {
            "noun": "стек",
            "plain": ["для проекта {p} берём {v[n]}",
                      "решили: проект {p} пишем на {v[n]}",
                      "после недели споров по проекту {p} остановились на {v[n]}, и я больше не хочу это обсуждать",
                      "стек проекта {p} -> {v[n]}",
                      "архитекторы утвердили {v[n]} как основу проекта {p}"],
            "frag": ["{v[n]}, все согласны", "на {v[n]}"],
            "ask": ["На чём будем делать проект {p}?"],
            "topic": ["по стеку проекта {p} решение есть", "про технологию для проекта {p}"],
            "confirm": "В дизайн-доке для проекта {p} указан {v[n]}. Верно?",
            "corr": ["{old[n]} отпадает, для проекта {p} берём {v[n]}",
                     "мы передумали: проект {p} будет на {v[n]}, а не на {old[n]}"],
            "q": ["Какую технологию выбрали для проекта {p}?", "На каком стеке строится проект {p}?"]},
        "reason": {
            "noun": "почему не {opt}",
            "plain": ["от {opt} в проекте {p} отказались из-за {v[gen]}",
                      "{opt} для проекта {p} не подошёл, главная проблема — {v[n]}",
                      "почему в проекте {p} не {opt}? {v[n]}, в этом всё дело",
                      "безопасники вчера на том бесконечном созвоне зарубили {opt} для проекта {p} — претензии к {v[dat]}, опять, — а потом ещё час обсуждали парковку",
                      "проект {p}: {opt} не берём, с {v[ins]} там беда"],
            "frag": ["{v[n]}, в основном", "из-за {v[gen]}"],
            "ask": ["Почему отказались от {opt} в проекте {p}?"],
            "topic": ["насчёт того, почему {opt} не взяли в проект {p}", "про {opt} в проекте {p}"],
            "confirm": "В заметках сказано, что {opt} отклонили для проекта {p} из-за {v[gen]}. Так?",
            "corr": ["поправка: {opt} в проекте {p} зарубили не из-за {old[gen]}, а из-за {v[gen]}",
                     "по {opt} для проекта {p} — главная причина всё-таки {v[n]}, а {old[n]} вторично"],
            "q": ["Почему для проекта {p} не выбрали {opt}?", "Что стало причиной отказа от {opt} в проекте {p}?"]},
        "seats": {
            "noun": "число мест",
            "plain": ["проект {p} рассчитан на {v[n]} пользователей",
                      "им нужно {v[sp]} мест в проекте {p}",
                      "{v[n]} мест — столько заказали на проект {p}, включая склад",
                      "проект {p}: {v[sp]} юзеров на старте",
                      "их айтишник говорит, что каждый день в проекте {p} будет сидеть около {v[n]} человек, если раскатка пойдёт по плану"],
            "frag": ["{v[n]} мест", "около {v[sp]} пользователей"],
            "ask": ["На сколько пользователей проект {p}?"],
            "topic": ["пришло число мест для проекта {p}", "сколько людей будет в проекте {p} — теперь знаем"],
            "confirm": "В их ТЗ для проекта {p} фигурирует {v[n]} пользователей. Так?",
            "corr": ["число пользователей проекта {p} теперь {v[n]} (было {old[n]})",
                     "поправка: в проекте {p} уже не {old[n]}, а {v[n]} мест"],
            "q": ["На сколько пользователей рассчитан проект {p}?", "Сколько мест нужно в проекте {p}?"]},
        "contract": {
            "noun": "срок контракта",
            "plain": ["контракт по проекту {p} на {v[n]} месяцев",
                      "подписали проект {p} на {v[n]} месяцев с опцией продления",
                      "договор по проекту {p} — {v[n]} месяцев, юристы не уступают",
                      "срок проекта {p} по договору: {v[n]} мес.",
                      "если не путаю, проект {p} у нас на {v[n]} месяцев — да, точно, {v[n]}"],
            "frag": ["{v[n]} месяцев", "{v[n]} месяцев, с продлением по желанию"],
            "ask": ["На какой срок контракт по проекту {p}?"],
            "topic": ["по сроку контракта проекта {p} договорились", "насчёт договора по проекту {p}"],
            "confirm": "В подписанном экземпляре по проекту {p} указано {v[n]} месяцев. Верно?",
            "corr": ["контракт по проекту {p} переподписали на {v[n]} месяцев вместо {old[n]}",
                     "уже не {old[n]}, а {v[n]} месяцев — переподписали договор по проекту {p}"],
            "q": ["На сколько месяцев заключён контракт по проекту {p}?", "Какой срок у договора по проекту {p}?"]},
        "hosting": {
            "noun": "хостинг",
            "plain": ["хостим проект {p} в {v[pre]}",
                      "серверы проекта {p} будут стоять в дата-центре в {v[pre]}",
                      "для проекта {p} выбрали ЦОД в {v[pre]}, он ближе всего к их пользователям",
                      "проект {p}, хостинг: {v[n]}",
                      "инфраструктура хочет держать проект {p} в {v[pre]} — там электричество дешевле, кто бы мог подумать"],
            "frag": ["в {v[pre]}, тамошний ЦОД", "{v[n]}"],
            "ask": ["Где будет хоститься проект {p}?"],
            "topic": ["для проекта {p} выбрали дата-центр", "по хостингу проекта {p}"],
            "confirm": "В тикете инфраструктуры площадка проекта {p} — {v[n]}. Верно?",
            "corr": ["хостинг проекта {p} переезжает из {old[gen]} в {v[acc]}",
                     "{old[n]} отпадает, проект {p} будет хоститься в {v[pre]}"],
            "q": ["В каком городе хостится проект {p}?", "Где стоят серверы проекта {p}?"]},
        "office": {
            "noun": "офис команды",
            "plain": ["команда проекта {p} сидит в {v[pre]}",
                      "проект {p} делают ребята из офиса в {v[pre]}",
                      "основная часть команды проекта {p} — из {v[gen]}, так что учитывай часовой пояс, когда ставишь встречи",
                      "проект {p}, офис команды: {v[n]}",
                      "набираем людей на проект {p} в {v[pre]}, там в новом офисе есть место"],
            "frag": ["в {v[pre]}, в новом офисе", "из {v[gen]}"],
            "ask": ["В каком офисе сидит команда проекта {p}?"],
            "topic": ["с офисом команды проекта {p} определились", "где сидит команда проекта {p}"],
            "confirm": "По списку HR команда проекта {p} в городе {v[n]}. Верно?",
            "corr": ["команда проекта {p} переехала из {old[gen]} в {v[acc]}",
                     "не {old[n]}, а {v[n]} — я перепутал офисы команды проекта {p}"],
            "q": ["В каком городе работает команда проекта {p}?", "Откуда работает команда проекта {p}?"]},
        "meeting": {
            "noun": "день созвона",
            "plain": ["еженедельный созвон по проекту {p} — по {v[pl]}",
                      "планёрка по проекту {p} в {v[acc]}, с утра",
                      "проект {p}: встречаемся по {v[pl]}",
                      "больше ничего не меняем, но команда проекта {p} собирается раз в неделю, в {v[acc]}, полчаса, камеры по желанию",
                      "раз в неделю: {v[n]} — день созвона по проекту {p}"],
            "frag": ["по {v[pl]}", "в {v[acc]} утром"],
            "ask": ["В какой день еженедельная встреча по проекту {p}?"],
            "topic": ["выбрали день для еженедельной встречи по проекту {p}", "насчёт еженедельного созвона по проекту {p}"],
            "confirm": "В приглашении в календаре встреча по проекту {p} стоит на {v[acc]}. Так?",
            "corr": ["созвон по проекту {p} переносим с {old[gen]} на {v[acc]}",
                     "мы передумали: по проекту {p} встречаемся по {v[pl]}, в {old[acc]} всем неудобно"],
            "q": ["В какой день недели собирается команда проекта {p}?", "Какой день у еженедельной встречи по проекту {p}?"]},
    },
    "open_qs": [
        ("до сих пор непонятно, нужно ли проекту {p} мобильное приложение вообще, никто не решил", "Значит, вопрос пока открыт."),
        ("открытый вопрос: переносим старые данные проекта {p} или начинаем с нуля?", "Записал как открытый вопрос."),
        ("так и не выяснили, кто платит за пентест проекта {p}", "Ок, оставляю открытым."),
        ("нужен ли проекту {p} отдельный стенд? не решили", "Понял, пока не решено."),
        ("никто пока не знает, нужны ли по проекту {p} ночные дежурства", "Пока открыто, значит."),
        ("не определились: единый вход для проекта {p} или обычные логины", "Отметил как нерешённое."),
        ("ещё надо решить, будет ли у проекта {p} своя дизайн-система", "Хорошо, пусть пока висит открытым."),
    ],
    "next_steps": [
        ("дальше так: я отправляю заказчику макеты проекта {p} до конца недели", "Звучит как план."),
        ("задача на завтра — настроить права в репозитории проекта {p}", "Записал в следующие шаги."),
        ("договорились: перед следующим созвоном делаем разбор рисков по проекту {p}", "Хорошо, добавил."),
        ("я на этой неделе набросаю онбординг-документ по проекту {p}", "Отлично, отметил."),
        ("с меня: забронировать слот для демо проекта {p} с их операционщиками", "Ок, в списке."),
        ("сначала описываем API проекта {p}, потом оцениваем", "Логично, записал."),
    ],
    "st_slots": {
        "fn": ["Тимофей", "Агния", "Кира", "Матвей", "Нина Петровна", "Стёпа", "Лёва"],
        "fm": ["Тимофей", "Матвей", "Стёпа", "Лёва"],
        "plp": ["в Суздале", "в Выборге", "в Калининграде", "на Алтае", "в Сочи", "в Коломне"],
        "food": ["шарлотку", "плов", "окрошку", "сырники", "борщ"],
        "film": ["«Соляной сад»", "«Девять зим»", "«Бумажные фонари»"],
        "team": ["«Волжские ястребы»", "«Северный вал»"],
        "num": ["3", "5", "7", "9", "11", "12", "52", "65", "78", "83"],
        "nm": ["7", "9", "11", "12", "55", "65", "78"],
        "km": ["3", "5", "7", "9", "12"],
        "age": ["78", "83", "95", "91"],
        "sd": ["21 июня", "11 июля", "29 мая", "2 июля"],
        "book": ["«Тихий картограф»", "«Сезон мотыльков»"],
    },
    "small_talk": [
        ("у нас третий день льёт, зонт сегодня утром сдался", "Сочувствую. Хоть носки сухие остались?"),
        ("вчера первый раз делал {food}, вышло на удивление съедобно", "Здорово! Первый блин не комом."),
        ("сестра приезжает на следующей неделе, надо срочно убраться, лол", "Отличная мотивация. Хорошей встречи!"),
        ("видел матч? {team} опять продули", "Ох. Тяжёлый у них сезон."),
        ("посмотрел в самолёте {film}, ну такое... длинно", "Длинно в хорошем смысле или в плохом?"),
        ("у сына экскурсия, за один автобус просят кучу денег", "Экскурсии быстро набегают."),
        ("думаю на длинные выходные махнуть куда-нибудь, может, побыть {plp}", "Звучит отлично."),
        ("сосед {fm} начал учиться играть на трубе. в семь утра.", "Ох. Беруши в помощь."),
        ("пробежал утром {km} км, ноги ватные", "Молодец! Вечером растянись."),
        ("кофемашина на этаже опять сломалась", "Вечная офисная трагедия."),
        ("друзья обручились!! свадьба {sd}, {fn} будет свидетелем", "Поздравляю их!"),
        ("наконец собрал пазл, ушло {nm} вечеров", "Приятное чувство, наверное."),
        ("мама говорит, {plp} сейчас жарища", "Пусть держится в тени."),
        ("кот опять скинул цветок с подоконника", "Коты неумолимы."),
        ("начал читать {book}, на середине, неожиданно затягивает", "О, а про что там?"),
        ("рейс задерживают, сижу у гейта с грустным круассаном", "Надеюсь, недолго ждать."),
        ("мне нужен отпуск. нормальный.", "Похоже, ты его заслужил."),
        ("у племянника сегодня день рождения, пеку лимонный пирог", "Поздравляю! Лимонный пирог — отличный выбор."),
        ("сходил в новую раменную, очередь была человек {num}", "И как, стоило того?"),
        ("велику нужны новые тормоза, насчитали прилично, хм", "Тормоза того стоят."),
        ("в зале утром толпа, не понимаю, откуда", "Может, у всех одна и та же идея."),
        ("деду исполнилось {age}, до сих пор разгадывает кроссворды ручкой", "Вот это класс."),
        ("у нас в здании отопление сломалось, сижу в худи", "Держись в тепле!"),
        ("залпом посмотрел сериал про смотрителей маяка, не жалею", "Звучит умиротворяюще."),
        ("план на выходные: ничего. вообще ничего.", "Лучший план."),
        ("{team} подписали нового нападающего, фанаты в восторге", "Громкая новость для них."),
        ("нашёл старое фото со своей ужасной стрижкой", "У всех такое было."),
        ("мне кажется, или во всех переговорках пахнет старой пиццей", "Не только тебе кажется."),
        ("дочка хочет собаку. я проигрываю эту битву", "Похоже, собака побеждает."),
        ("только вернулся, отдыхали {plp}, красота невероятная", "С возвращением! Хорошо съездили?"),
        ("говорят, {plp} снег пошёл, в такое время??", "Странная погода везде."),
        ("обед — грустный бутерброд за столом", "Пусть ужин компенсирует."),
        ("подруга уговорила меня на гончарный мастер-класс {sd}", "Весело! Говорят, гончарка очень успокаивает."),
        ("иду к стоматологу, держи за меня кулаки", "Держу!"),
        ("электричка опоздала на {nm} минут, стоял всю дорогу", "Тяжёлая дорога."),
        ("брат пробежал полумарафон, весь светится", "Круто! Как пробежал?"),
        ("в субботу на дачу, картошку сажать, классика", "Удачи с картошкой!"),
        ("наконец забронировали отпуск, неделю будем {plp}", "Здорово! Уже бывали там?"),
        ("нет, впервые. {fn} ездил(а) в прошлом году и до сих пор рассказывает про еду", "Значит, есть кого спросить."),
        ("сын забил первый гол на тренировке и сделал круг почёта, лол", "Какая прелесть."),
        ("соседи жарят шашлык, и весь дым прямо ко мне в окно", "Классика. Может, закрыть окно ненадолго?"),
        ("пытался испечь хлеб на закваске. получился кирпич. очень плотный кирпич.", "Кирпич — обязательный этап."),
        ("кому ещё кажется, что {film} переоценён? все советуют", "Мнения о нём явно расходятся."),
        ("просмотр квартиры прошёл хорошо, держим кулаки", "Держу кулаки!"),
        ("жена записала нас на сальсу. спасите", "После первого неловкого занятия может понравиться."),
        ("вчера на час вырубили свет, играли в карты при свечах", "Звучит даже уютно."),
        ("папа шлёт мне голосовые про свои помидоры", "Гордый огородник."),
        ("смотрели {team} в баре, продули всухую, я в трауре", "Соболезную."),
        ("попал на велике под град, руки до сих пор красные", "Ох, отогревайся."),
        ("{fn} дал(а) почитать {book}, пока не понял, нравится ли", "Дай ей ещё пару глав."),
        ("аллергия на пыльцу эту неделю просто убивает", "Надеюсь, скоро отпустит."),
        ("дети построили из одеял крепость в гостиной, меня туда не пускают", "Строгий пограничный контроль."),
        ("первый раз сходил на скалодром, предплечья горят", "Хорошая нагрузка!"),
        ("паром отменили из-за ветра", "Обидно. Надеюсь, следующий пойдёт."),
        ("на даче наконец расцвела сирень", "Красота, и запах, наверное, чудесный."),
    ],
}


# ---------------------------------------------------------------------------------- Japanese

def _ja(n, ans=None, **extra):
    return {"n": n, "disp": extra.pop("disp", n), "ans": ans or [n], **extra}


def _ja_date(m, day):
    n, iso = f"{m}月{day}日", f"2026-{m:02d}-{day:02d}"
    return _ja(n, [n, iso], iso=iso)


def _ja_budget(x):
    return _ja(f"{x}万円", [f"{x}万円", f"{x}万", f"{x:,}万円", f"{x:,}万"], m=f"{x:,}万円")


JA = {
    "projects": ["ミズナラ", "カワセミ", "ハマナス", "ツユクサ", "ヤマブキ", "シラカバ",
                 "ホオズキ", "コマドリ"],
    "pools": {
        "names": [_ja(n, disp=n + "さん") for n in
                  ["久保田", "早瀬", "柚木", "宮坂", "若林", "小野寺", "桐生", "真鍋", "榊原",
                   "結城", "葛西", "白石", "日比野", "二階堂", "湊"]],
        "clients": [_ja(a + b, [a + b, a]) for a, b in [
            ("ミナセ", "精機"), ("アサギ", "物流"), ("ヒグラシ", "製菓"), ("トキワ", "電装"),
            ("カンナ", "書房"), ("サザナミ", "損保"), ("ユウナギ", "観光"), ("オリベ", "化成")]],
        "budgets": [_ja_budget(x) for x in (3200, 4800, 5600, 6900, 2700, 7400, 3850, 6150)],
        "dates": [_ja_date(m, d) for m, d in ((9, 15), (10, 20), (11, 2), (8, 24), (12, 10),
                                               (9, 28), (10, 8), (11, 17))],
        "techs": [_ja(n) for n in ["TiDB", "Laravel", "Qwik", "Elixir", "MariaDB", "Nuxt",
                                   "Flutter", "Deno"]],
        "opts": ["MongoDB", "Firebase", "Oracle", "Spring", "DynamoDB", "Angular"],
        "reasons": [_ja("ライセンス費用", ["ライセンス"]), _ja("レイテンシの高さ", ["レイテンシ"]),
                    _ja("日本語サポートの弱さ", ["日本語サポート"]), _ja("セキュリティ監査の厳しさ", ["監査"]),
                    _ja("データの国内保管の問題", ["国内保管"]), _ja("学習コスト", ["学習コスト"]),
                    _ja("ベンダーロックイン", ["ロックイン"])],
        "seats": [_ja(str(x), [str(x), f"{x:,}"], c=f"{x:,}") for x in
                  (2400, 3350, 4150, 5250, 6700, 7450, 8150, 9350)],
        "months": [_ja(str(x), [f"{x}ヶ月", f"{x}か月", f"{x}カ月"], disp=f"{x}ヶ月")
                   for x in (16, 21, 23, 26, 29, 33, 37, 41)],
        "cities": [_ja(n) for n in ["松江", "高松", "盛岡", "長野", "富山", "函館", "金沢",
                                    "宇都宮", "姫路", "弘前", "徳島", "佐賀", "帯広", "鳥取"]],
        "days": [_ja(n, [n, n + "日"], full=n + "日") for n in ["月曜", "火曜", "水曜", "木曜", "金曜"]],
    },
    "lower": lambda s: s,
    "pair_joins": ["{a}。あと、{b}", "{a}、それと{b}", "二点です：{a}／{b}", "{a}。ついでに{b}"],
    "reply_leads": ["では{p}の話を", "{p}についてです", "ちょっと{p}の件いいですか", "{p}の方、進展ありました"],
    "split_prompts": ["はい、どうなりました？", "どうぞ。", "で、結論は？", "聞いてます。"],
    "confirm_leads": ["{p}のキックオフメモを共有したので、{noun}について何て書いてあるか見てもらえますか",
                      "{p}の{noun}、メモに何て書いてありましたっけ？",
                      "{p}の資料で{noun}のところ、確認してもらえる？見つからなくて"],
    "yes": ["はい、そうです", "そうそう", "はい、合ってます", "うん、それで", "はい"],
    "acks_plain": ["了解です、メモしました。", "承知しました。", "わかりました。", "記録しておきます。"],
    "acks": ["了解です、メモしました。", "承知しました。", "{p}のメモに追加しました。", "わかりました。",
             "記録しておきます。"],
    "echo_acks": ["メモしました：{p}の{noun}は{v[disp]}。", "了解、{p}は{v[disp]}ですね。"],
    "corr_acks": ["更新しました：{p}の{noun}は{v[disp]}。", "了解、修正しておきます。",
                  "古い情報は差し替えました。", "ありがとうございます、直しました。"],
    "kinds": {
        "lead": {
            "noun": "リーダー",
            "plain": ["{p}のリーダーは{v[n]}さんに決まりました",
                      "さっき部長たちと話して、散々揉めたけど結局{p}の責任者を{v[n]}さんにお願いすることになりました、前回のリリースを見れば納得かな",
                      "{p}リード：{v[n]}さん",
                      "{p}のことで誰に聞けばいいか迷ったら{v[n]}さんへどうぞ",
                      "今スプリントから{p}は{v[n]}さんが仕切ることになったよ"],
            "frag": ["{v[n]}さんです、部長も了承済み", "{v[n]}さんで"],
            "ask": ["{p}のリーダーは誰になりましたか？", "{p}の責任者は決まりました？"],
            "topic": ["{p}のリーダー、やっと決まりました", "{p}を誰が仕切るかの件"],
            "confirm": "議事録によると{p}のリーダーは{v[n]}さんですね？",
            "corr": ["{old[n]}さんが異動になったので、{p}は{v[n]}さんが引き継ぎます",
                     "{p}のリーダー、{old[n]}さんじゃなくて{v[n]}さんになりました"],
            "q": ["{p}を率いているのは誰ですか？", "{p}の責任者は誰？"]},
        "qa": {
            "noun": "QA担当",
            "plain": ["{p}のテストは{v[n]}さんが担当します",
                      "{p}のQAは{v[n]}さんにお願いしました",
                      "コーヒーマシンの前で{v[n]}さんに会って、その場で決まりました、{p}の品質保証は{v[n]}さん、なんか嬉しそうだった",
                      "{p} QA担当：{v[n]}さん",
                      "{p}のテスト計画と最終チェックは{v[n]}さんの担当になった"],
            "frag": ["{v[n]}さん、前の二つのリリースでもテスト計画を書いてくれた人です", "{v[n]}さんで行きます"],
            "ask": ["{p}のQAは誰がやりますか？"],
            "topic": ["{p}のテスト担当の件です", "{p}の品質保証、誰がやるか決まりました"],
            "confirm": "チケットを見ると{p}のQA担当は{v[n]}さんになっていますが、合っていますか？",
            "corr": ["{p}のQAは{old[n]}さんはなしで、{v[n]}さんで行きます",
                     "{p}のテスト担当、{old[n]}さんが産休に入るので{v[n]}さんに交代です"],
            "q": ["{p}の品質保証を担当しているのは誰？", "{p}のテストは誰がやっていますか？"]},
        "client": {
            "noun": "クライアント",
            "plain": ["{p}の発注元は{v[n]}です",
                      "去年連絡が途絶えた{v[n]}さんが戻ってきて、{p}はそこの案件になった",
                      "{p}クライアント：{v[n]}",
                      "{v[n]}と契約して{p}を作ることになりました、主に物流部門が使うそうです",
                      "{p}は{v[n]}さん向けの案件で、先週ようやく覚書が届きました"],
            "frag": ["{v[n]}さんです、物流部門", "{v[n]}"],
            "ask": ["{p}はどちらの会社の案件ですか？"],
            "topic": ["{p}のクライアント、正式に決まりました", "{p}の発注元がわかりました"],
            "confirm": "契約書の案では{p}の顧客は{v[n]}となっていますね？",
            "corr": ["{p}のクライアントは{old[n]}じゃなくて{v[n]}になりました",
                     "{old[n]}が降りたので、{p}は{v[n]}の案件になります"],
            "q": ["{p}のクライアント企業はどこですか？", "{p}はどの会社のための案件？"]},
        "budget": {
            "noun": "予算",
            "plain": ["{p}の予算は{v[n]}です",
                      "経理から{p}に{v[m]}の承認が出ました、希望よりは少ないけど",
                      "{p}は{v[n]}以内で収める必要があります",
                      "部長が何週間も粘ってくれて、{p}は総額{v[n]}に落ち着きました、本当に頭が上がらない",
                      "{p}予算 {v[n]}（外注込み）"],
            "frag": ["{v[n]}、外注込みです", "{v[m]}で確定"],
            "ask": ["{p}の予算はいくらですか？"],
            "topic": ["{p}の金額、経理から来ました", "{p}のお金の話です"],
            "confirm": "経理の表では{p}に{v[n]}が割り当てられていますが、この数字で確定ですか？",
            "corr": ["{p}の予算、{old[n]}から{v[n]}に変わりました",
                     "変更です：{p}の予算は{v[n]}です（{old[n]}ではなく）"],
            "q": ["{p}にはいくらの予算がついていますか？", "{p}の予算総額は？"]},
        "launch": {
            "noun": "リリース日",
            "plain": ["{p}のリリースは{v[n]}です",
                      "{p}は{v[n]}に本番公開の予定",
                      "{p}の締切：{v[iso]}",
                      "クライアントは{v[n]}までに{p}を本番に出したいそうで、誰も体調を崩さなければ何とかなりそう",
                      "マーケがもう{v[n]}で{p}のローンチを押さえちゃったので、動かせません"],
            "frag": ["{v[n]}です、マーケも把握済み", "{v[iso]}"],
            "ask": ["{p}はいつリリースですか？"],
            "topic": ["{p}のリリース日が決まりました", "{p}の公開日の件"],
            "confirm": "ロードマップでは{p}のローンチは{v[n]}になっていますね？",
            "corr": ["{p}のリリースは{old[n]}じゃなくて{v[n]}になりました",
                     "{p}のローンチ、{v[n]}に変更です（元は{old[n]}）"],
            "q": ["{p}はいつ公開予定ですか？", "{p}のローンチ日はいつ？"]},
        "tech": {
            "noun": "技術スタック",
            "plain": ["{p}は{v[n]}で行くことにしました",
                      "決定：{p}の基盤は{v[n]}",
                      "一週間揉めたけど、{p}チームは{v[n]}に落ち着いた、もう蒸し返したくない",
                      "{p}の技術スタック → {v[n]}",
                      "アーキテクト会議で{p}は{v[n]}採用が決まりました"],
            "frag": ["{v[n]}、全員一致です", "{v[n]}で"],
            "ask": ["{p}のメイン技術は何にしましたか？"],
            "topic": ["{p}の技術選定、決着しました", "{p}で使う技術の件"],
            "confirm": "設計書によると{p}は{v[n]}で作るとなっていますが、合っていますか？",
            "corr": ["{p}は{old[n]}はなしで、{v[n]}で行きます",
                     "ベンチマークの結果、{p}は{old[n]}じゃなくて{v[n]}になりました"],
            "q": ["{p}ではどの技術を採用しましたか？", "{p}の基盤技術は何に決まった？"]},
        "reason": {
            "noun": "{opt}不採用の理由",
            "plain": ["{p}で{opt}を見送ったのは{v[n]}が理由です",
                      "{opt}は{p}には不採用、{v[n]}がネックでした",
                      "{p}で{opt}を使わない理由？{v[n]}、それに尽きます",
                      "昨日のやたら長い会議でインフラチームが{p}での{opt}に反対して、またしても{v[n]}の話、そのあと駐車場の話で一時間",
                      "{p}：{opt}はなし。{v[n]}が致命的"],
            "frag": ["主に{v[n]}です", "正直、{v[n]}"],
            "ask": ["{p}で{opt}を外したのはなぜですか？"],
            "topic": ["{p}で{opt}をやめた理由の件", "{p}の{opt}の話"],
            "confirm": "メモには{p}では{v[n]}のために{opt}を見送ったとありますが、そうですか？",
            "corr": ["{p}で{opt}を外した本当の理由は{old[n]}じゃなくて{v[n]}でした",
                     "訂正：{p}の{opt}不採用は{v[n]}のせいです、{old[n]}は二次的な話でした"],
            "q": ["{p}で{opt}が採用されなかったのはなぜ？", "{p}が{opt}を見送った理由は何ですか？"]},
        "seats": {
            "noun": "席数",
            "plain": ["{p}は{v[n]}ユーザーを想定しています",
                      "{p}の利用者は倉庫スタッフ込みで{v[c]}人",
                      "{p}：{v[n]}席",
                      "先方の情シス曰く、{p}は展開が予定通りなら毎日だいたい{v[n]}人くらいが使うそうです",
                      "{p}は{v[n]}アカウント分用意してほしいとのこと"],
            "frag": ["{v[n]}席です", "{v[c]}人くらい"],
            "ask": ["{p}は何ユーザー向けですか？"],
            "topic": ["{p}の席数が出ました", "{p}を何人で使うか、わかりました"],
            "confirm": "先方のRFPには{p}は{v[n]}ユーザーとありますね？",
            "corr": ["{p}の席数、{old[n]}から{v[n]}に変更になりました",
                     "{p}は{v[n]}ユーザーになりました、{old[n]}は忘れてください"],
            "q": ["{p}は何人で使う想定ですか？", "{p}の席数はいくつ？"]},
        "contract": {
            "noun": "契約期間",
            "plain": ["{p}の契約期間は{v[n]}ヶ月です",
                      "{p}は{v[n]}か月契約、延長オプション付き",
                      "法務によると{p}の契約は{v[n]}ヶ月、向こうは譲らないそうです",
                      "{p}の期間って確か{v[n]}か月だったよね、うん、{v[n]}か月",
                      "{p}：契約{v[n]}カ月"],
            "frag": ["{v[n]}ヶ月です", "{v[n]}か月、延長は任意"],
            "ask": ["{p}の契約期間はどれくらいですか？"],
            "topic": ["{p}の契約期間、合意しました", "{p}の契約の長さの件"],
            "confirm": "署名済みの契約書では{p}は{v[n]}ヶ月となっていますが、合っていますか？",
            "corr": ["{p}の契約、{old[n]}ヶ月から{v[n]}ヶ月に変更になりました",
                     "再交渉で{p}の契約期間は{v[n]}か月になりました、{old[n]}か月ではなく"],
            "q": ["{p}の契約は何か月ですか？", "{p}の契約期間はどのくらい？"]},
        "hosting": {
            "noun": "ホスティング先",
            "plain": ["{p}は{v[n]}のデータセンターでホストします",
                      "{p}のサーバーは{v[n]}に置く",
                      "ユーザーに一番近いので、{p}は{v[n]}のDCを選びました",
                      "{p}ホスティング：{v[n]}",
                      "インフラ側は{p}を{v[n]}に置きたいみたい、電気代が安いらしい、知らなかった"],
            "frag": ["{v[n]}のDCです", "{v[n]}"],
            "ask": ["{p}はどこでホストしますか？"],
            "topic": ["{p}のデータセンター決まりました", "{p}のホスティングの件"],
            "confirm": "インフラのチケットでは{p}のホスティング先は{v[n]}ですね？",
            "corr": ["{p}のホスティングは{old[n]}から{v[n]}に移ります",
                     "{old[n]}はなしで、{p}のサーバーは{v[n]}で行きます"],
            "q": ["{p}はどの都市でホストされていますか？", "{p}のサーバーはどこにある？"]},
        "office": {
            "noun": "チームの拠点",
            "plain": ["{p}チームは{v[n]}オフィスで作業しています",
                      "{p}のメンバーは主に{v[n]}拠点です、出張の手配が大変なので会議は早めに",
                      "{p}は{v[n]}の新オフィスで人を集めています",
                      "{p}チーム拠点：{v[n]}",
                      "{p}の人たちは{v[n]}にいるから、対面でやるなら{v[n]}まで行かないと"],
            "frag": ["{v[n]}の新オフィスです", "{v[n]}拠点"],
            "ask": ["{p}チームはどのオフィスですか？"],
            "topic": ["{p}チームの拠点、決まりました", "{p}のメンバーがどこにいるかの件"],
            "confirm": "人事のリストでは{p}チームは{v[n]}になっていますが、合っていますか？",
            "corr": ["{p}チームは{old[n]}から{v[n]}に移転しました",
                     "{p}チーム、{old[n]}じゃなくて{v[n]}でした、オフィスを取り違えてた"],
            "q": ["{p}チームはどの都市を拠点にしていますか？", "{p}のメンバーはどこのオフィスで働いていますか？"]},
        "meeting": {
            "noun": "定例の曜日",
            "plain": ["{p}の定例は毎週{v[n]}です",
                      "{p}の週次ミーティング、{v[full]}の朝にしましょう",
                      "{p}：定例は{v[n]}",
                      "{p}チームは週一で{v[full]}に集まります、30分だけ、カメラは任意",
                      "他は何も変えないけど、{p}の定例だけ{v[n]}午前に固定で"],
            "frag": ["毎週{v[n]}です", "{v[full]}の朝"],
            "ask": ["{p}の定例は何曜日にしますか？"],
            "topic": ["{p}の週次の曜日、決めました", "{p}の定例の件"],
            "confirm": "カレンダーの招待では{p}の定例は{v[full]}になっていますね？",
            "corr": ["{p}の定例、{old[n]}から{v[n]}に変更です",
                     "変更です：{p}の週次は{v[full]}になりました、{old[n]}は役員会とかぶるので"],
            "q": ["{p}の週次ミーティングは何曜日？", "{p}チームは毎週何曜日に集まりますか？"]},
    },
    "open_qs": [
        ("{p}にそもそもスマホアプリが要るのか、まだ誰も決めてない", "では、そこは未決ということで。"),
        ("未決事項：{p}の旧データは移行する？それともゼロから？", "未決として記録しました。"),
        ("{p}のペネトレーションテストの費用、どこが持つのかまだ不明", "了解、未解決のままにしておきます。"),
        ("{p}に専用のステージング環境が要るかどうか、結論出てない", "わかりました、まだ決まっていないと。"),
        ("{p}のサポートを24時間体制にするか、まだ誰もわからない", "では保留ですね。"),
        ("{p}はシングルサインオンにするか普通のログインにするか、未定", "未定事項としてメモしました。"),
        ("{p}専用のデザインシステムを作るかどうかも決めないと", "了解、そこはまだオープンで。"),
    ],
    "next_steps": [
        ("次のステップ：今週中に{p}のワイヤーフレームをクライアントに送ります", "いいですね。"),
        ("明日やること、{p}のリポジトリの権限設定", "次のアクションとして記録しました。"),
        ("合意：次の定例の前に{p}のリスクレビューをやる", "了解、追加しました。"),
        ("今週{p}のオンボーディング資料を下書きします", "ありがとうございます、メモしました。"),
        ("自分の宿題：{p}のデモ枠を先方の業務チームと押さえる", "リストに入れました。"),
        ("まず{p}のAPI仕様を書いて、それから見積もり", "妥当ですね、記録しました。"),
    ],
    "st_slots": {
        "fn": ["ゆうた", "美咲", "けんじ", "さくら", "真央"],
        "pl": ["熱海", "小樽", "尾道", "倉敷", "別府", "伊勢"],
        "food": ["肉じゃが", "親子丼", "餃子", "お好み焼き", "豚汁"],
        "film": ["『塩の果樹園』", "『九つの冬』", "『紙灯籠』"],
        "team": ["港北ファルコンズ", "西浜ユナイテッド"],
        "num": ["3", "5", "7", "9", "11", "12", "52", "65", "78", "83"],
        "km": ["3", "5", "7", "9", "12"],
        "age": ["78", "83", "95", "91"],
        "sd": ["6月21日", "7月11日", "5月30日", "7月2日"],
        "book": ["『静かな地図職人』", "『蛾の季節』"],
    },
    "small_talk": [
        ("こっちは三日連続で雨、今朝ついに傘が壊れた", "それは大変でしたね。靴は無事でしたか？"),
        ("昨日初めて{food}作ったら、意外とうまくいった", "いいですね！初挑戦で成功は嬉しい。"),
        ("来週{fn}が泊まりに来るから部屋を片付けないと笑", "いい機会ですね。楽しんでください。"),
        ("昨日の試合見た？{team}、また負けた", "あらら、今シーズンは苦しいですね。"),
        ("飛行機で{film}見たけど、長かった…", "いい意味で長い？それとも退屈？"),
        ("子どもの遠足が{pl}で、バス代だけで結構かかる", "遠足って意外と出費がかさみますよね。"),
        ("連休に{pl}あたりに行こうかなと思ってる", "いいですね、ちょうどいい季節です。"),
        ("隣の人がトランペットを始めた。朝7時に。", "それはつらい…耳栓が要りますね。"),
        ("今朝{km}キロ走って脚がガクガク", "お疲れさまです！ストレッチしてくださいね。"),
        ("うちのフロアのコーヒーマシン、また壊れた", "オフィスの永遠の悲劇ですね。"),
        ("{fn}が婚約した！式は{sd}", "おめでとうございます！"),
        ("やっとジグソーパズル完成、{num}晩かかった", "達成感ありそうですね。"),
        ("母によると{pl}は今めちゃくちゃ暑いらしい", "熱中症に気をつけてほしいですね。"),
        ("駅の近くでおいしいラーメン屋知らない？いつもの店が閉店しちゃって", "残念ながら詳しくないです、同僚に聞いてみては？"),
        ("猫がまた窓辺の鉢植えを落とした", "猫は容赦ないですね。"),
        ("{book}を読み始めた、半分くらいだけど妙に面白い", "へえ、どんな話なんですか？"),
        ("{pl}行きの便が遅れてて、ゲートでしょんぼりクロワッサン食べてる", "早く出発できるといいですね。"),
        ("休みがほしい。ちゃんとしたやつ。", "それだけ頑張ってるってことですよ。"),
        ("今日は{fn}の誕生日なので、レモンケーキを焼いてます", "おめでとうございます！レモンケーキいいですね。"),
        ("新しくできたうどん屋、{num}人並んでた", "並んだ甲斐はありました？"),
        ("自転車のブレーキ交換、見積もりが思ったより高い", "でもブレーキは大事ですからね。"),
        ("今朝のジム、なぜか激混み", "みんな同じことを考えたのかも。"),
        ("祖父が{age}歳になった、いまだにクロスワードをボールペンで解いてる", "素敵ですね。"),
        ("ビルの暖房が壊れてて、パーカー着て仕事してる", "暖かくしてくださいね。"),
        ("灯台守のドラマを一気見した、後悔なし", "なんだか癒やされそうですね。"),
        ("週末の予定：何もしない。本当に何も。", "最高の予定ですね。"),
        ("{team}が新しいストライカーを獲得して、ファンが大騒ぎ", "それは大ニュースですね。"),
        ("昔のひどい髪型の写真が出てきた", "誰にでもありますよ。"),
        ("会議室ってなんでどこも冷めたピザの匂いがするんだろう", "わかります。"),
        ("娘が犬を飼いたいって。負けそう", "犬が勝ちそうですね。"),
        ("{pl}から戻りました、古い町並みがすごくよかった", "おかえりなさい！いい旅でしたか？"),
        ("{pl}で雪が降ったらしい、この時期に？", "最近どこも天気が変ですね。"),
        ("昼ごはんはデスクで寂しいおにぎり", "夜はおいしいものを食べてください。"),
        ("{fn}に誘われて{sd}に陶芸教室に行くことになった", "楽しそう！陶芸は癒やされるらしいですよ。"),
        ("このあと歯医者、がんばってきます", "がんばってください！"),
        ("電車が{num}分遅れて、ずっと立ちっぱなし", "それは疲れましたね。"),
        ("兄がハーフマラソン完走したって", "すごい！おめでとうございます。"),
        ("やっと夏休みの旅行を予約した、{pl}に一週間", "いいですね！行ったことはありますか？"),
        ("初めて。{fn}が去年行って、ずっと食べ物の話ばっかりしてる", "じゃあ案内役には困りませんね。"),
        ("息子がサッカーの練習で初ゴール決めて、グラウンド一周してた笑", "かわいいですね。"),
        ("隣がバーベキューしてて、煙がうちの窓に直撃", "あるあるですね。しばらく窓を閉めては？"),
        ("サワードウに挑戦したら、レンガができた。すごく重いレンガ。", "最初はみんなレンガを作るそうですよ。"),
        ("{film}って過大評価じゃない？みんな勧めてくるけど", "評価が分かれているみたいですね。"),
        ("内見はうまくいった、祈ってて", "うまくいきますように！"),
        ("妻にサルサ教室を申し込まれた。助けて", "最初の気まずい回を越えれば楽しいかもしれません。"),
        ("昨日一時間停電して、ろうそくの明かりでトランプしてた", "ちょっと素敵ですね。"),
        ("父が自分のトマトの話を音声メッセージで送ってくる", "自慢の家庭菜園なんですね。"),
        ("居酒屋で{team}の試合見てたけど完封負け、落ち込んでる", "お気の毒に。"),
        ("自転車で雹に降られて、手がまだ赤い", "痛そう、温めてください。"),
        ("{fn}に{book}を借りたけど、まだ好きかどうかわからない", "もう少し読んでみては。"),
        ("今週は花粉がひどすぎる", "早く落ち着くといいですね。"),
        ("子どもたちがリビングに毛布の秘密基地を作って、立ち入り禁止にされた", "厳しい国境管理ですね。"),
        ("初めてボルダリングに行ったら前腕がパンパン", "いい運動になりましたね。"),
        ("強風で{pl}行きのフェリーが欠航", "残念…次の便が出るといいですね。"),
        ("近所の紫陽花がやっと咲いた", "いい季節になりましたね。"),
    ],
}


if __name__ == "__main__":
    main()
