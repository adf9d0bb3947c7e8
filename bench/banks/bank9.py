"""Bank 9 of the five-questions evaluation: twelve long running chats of two or three threads each (held out).

``python bench/make_five_questions.py bank9 --write`` rebuilds
``bench/data/five_questions_bank9.json`` byte for byte (one seeded ``random.Random`` a dialog;
nothing depends on the clock or on ``PYTHONHASHSEED``); ``--stats`` prints the check's counts.
Its phrasings are ``bench/data/phrasings/bank9.json``: month words, the Russian weekdays and
counted nouns, each language's slot pools (``*_POOLS``: names, places or cities, foods,
weekdays, shows, books), the openers put before some questions (``*_OPENERS``), the prefixes put
before some long replies (``*_REPLY_PREFIX``), the shared chatter (``*_GENERIC``), the small
talk (``*_SMALL`` lines with a mood, ``*_TAILS``, the replies of each mood ``*_ACKS``), the twelve
dialogs (``DIALOGS``) and the extra thread chatter of the four longest (``EXTRA_FILL``).

How it was written. A helper wrote it blind, on 2026-12-06, as a standalone standard-library
script with its texts by hand, without reading any project code. It is held out and was scored
once; the recipe here replays that script's draws in the same order, and its file is the one
that was scored, kept to the byte (it ends with a newline).

What it holds. Twelve dialogs (4 English, 4 Russian, 4 Japanese; ids ``b9-en-1`` … ``b9-ja-4``,
``"bank": "bank9"``), 176-412 messages each in pairs, the person first, with no message times. A
dialog is a person's running assistant chat with two or three interleaved threads (work and
home, some with a hobby): its key pairs (hand-written, planting a fact or changing it), each at
its share (``at``) of the pairs before the last 34 messages (at least two pairs after the one
before, or right after it when it ``follow``s), and filler in every other pair. The filler is
dealt by seeded labels: about 45% from the dialog's own thread chatter (``fill`` and its
``EXTRA_FILL``; each card at most about 2.2 times), then the language's shared chatter (at most
1.6 times a card), the rest small talk (a line, now and then a tail, and a reply of its mood).
Each source is a deck dealt in shuffled rounds that do not open on a card drawn late in the
round before. Slots (``{name}``, ``{date}``, ``{price}``, ``{n_days}`` …) are filled from seeded
draws, no date on a day an answer or superseded value names; a filling that says an answer or a
superseded value (whole words, or a number question's digit runs) is drawn again, up to 25
times, then the card. A filler question of the person gets an opener 18% of the time, a long
reply with a long first sentence a prefix a quarter of the time. Each of the five questions
(``name``, ``number``, ``date``, ``decision``, ``reason``) lists its answers and its superseded
``wrong`` values (empty when none), and its ``evidence`` is every message that says one of them.

The check (from the script that scored it). ``check`` refuses a bank that fails: 12 dialogs, 4
a language, ids unique and ``b9-<lang>-<n>``, ``"bank": "bank9"``; 160-420 messages a dialog;
roles alternate from the person; no empty text and no unfilled brace; five questions, the five
kinds once each, no empty question text, 1-3 answers; evidence not empty, sorted, unique and
before the last 34 messages, and exactly the messages that say an answer or a ``wrong`` value
(whole words, any case; a plain substring in Japanese); every answer said, in its evidence and
nowhere else, never in the last 34 messages; every ``wrong`` value said, only in the evidence,
before the last message saying an answer, and unlike every answer (neither inside the other);
no answer containing another question's answer or ``wrong`` value; no question saying any
answer or ``wrong`` value of its dialog; at least 7 dialogs with a changed ``name``, 6 with a
changed ``date`` and 3 with a changed ``number``.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable
from typing import Any

from banks.common import TWELVE_LANGS, BankCheckError, counts, message_errors, phrasings, record, refuse

PHRASINGS = phrasings("bank9")
BANK = "bank9"
TAIL = 34  # the last messages hold no evidence and say no answer
KINDS = ("name", "number", "date", "decision", "reason")
MDAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)  # the days of each month a date may take
# The Russian counted nouns (``{n_days}`` …) and the range each count is drawn from.
RU_COUNT_RANGES = {
    "n_days": (2, 12),
    "n_hours": (2, 9),
    "n_people": (3, 14),
    "n_times": (2, 15),
    "n_pages": (5, 60),
    "n_weeks": (2, 7),
    "n_minutes": (5, 50),
}
OPENER_P = 0.18  # how often a person's question gets an opener
THREAD_SHARE = 0.45  # the share of filler pairs from the dialog's own threads
Pair = tuple[str, str]


def _occurs(s: str, text: str, lang: str) -> bool:
    """Whether ``text`` says ``s`` as whole words, any case (a plain substring in Japanese)."""
    if lang == "ja":
        return s in text
    return re.search(r"(?<!\w)" + re.escape(s) + r"(?!\w)", text, re.IGNORECASE) is not None


def _parse_dates(s: str, lang: str) -> list[tuple[int, int]]:
    """The (month, day) pairs written in ``s``, kept away from the filler's dates."""
    out = []
    if lang == "en":
        months = PHRASINGS["EN_MONTHS"]
        mre = "|".join(months)
        for m, d in re.findall(rf"({mre})\s+(\d{{1,2}})", s):
            out.append((months.index(m) + 1, int(d)))
        for d, m in re.findall(rf"(\d{{1,2}})(?:st|nd|rd|th)?\s+of\s+({mre})", s):
            out.append((months.index(m) + 1, int(d)))
    elif lang == "ru":
        months = PHRASINGS["RU_MONTHS_GEN"]
        for d, m in re.findall(r"(\d{1,2})\s+(" + "|".join(months) + ")", s):
            out.append((months.index(m) + 1, int(d)))
    else:
        for m, d in re.findall(r"(\d{1,2})月(\d{1,2})日", s):
            out.append((int(m), int(d)))
    return out


def _ordinal(d: int) -> str:
    """An English day of the month as an ordinal (``21st``)."""
    suffix = "th" if 10 <= d % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")
    return f"{d}{suffix}"


def _ru_plural(n: int, forms: list[str]) -> str:
    """``n`` and the Russian noun form that follows it."""
    n10, n100 = n % 10, n % 100
    if n10 == 1 and n100 != 11:
        return f"{n} {forms[0]}"
    if 2 <= n10 <= 4 and not 12 <= n100 <= 14:
        return f"{n} {forms[1]}"
    return f"{n} {forms[2]}"


def _grouped(n: int, sep: str) -> str:
    """``n`` with its thousands set apart by ``sep``."""
    return f"{n:,}".replace(",", sep)


def _template_fields(*texts: str) -> list[str]:
    """The slot names of ``texts``, each once, in the order they first appear."""
    out: list[str] = []
    for text in texts:
        for _, name, _, _ in string.Formatter().parse(text):
            if name and name not in out:
                out.append(name)
    return out


class Slots:
    """A dialog's slot values, drawn from its ``rng``; no date falls on a day an answer names."""

    def __init__(self, lang: str, rng: random.Random, forbid_dates: list[tuple[int, int]]) -> None:
        self.lang, self.rng, self.forbid_dates = lang, rng, list(forbid_dates)

    def _date(self, taken: list[tuple[int, int]]) -> str:
        """A day not forbidden nor taken, in English three ways (``April 5``, ``the 5th of April``,
        ``April 5th``)."""
        r = self.rng
        while True:
            m = r.randint(1, 12)
            d = r.randint(1, MDAYS[m - 1])
            if (m, d) in self.forbid_dates or (m, d) in taken:
                continue
            taken.append((m, d))
            if self.lang == "en":
                name, x = PHRASINGS["EN_MONTHS"][m - 1], r.random()
                if x < 0.6:
                    return f"{name} {d}"
                if x < 0.8:
                    return f"the {_ordinal(d)} of {name}"
                return f"{name} {_ordinal(d)}"
            if self.lang == "ru":
                return f"{d} {PHRASINGS['RU_MONTHS_GEN'][m - 1]}"
            return f"{m}月{d}日"

    def _time(self) -> str:
        """A time of day (the minutes are drawn in Japanese too, and not said)."""
        r = self.rng
        mm = r.choice(["00", "15", "30", "45"])
        if self.lang == "en":
            h = r.choice([8, 9, 10, 11, 1, 2, 3, 4, 5])
            return f"{h}:{mm} {'am' if h >= 8 else 'pm'}"
        if self.lang == "ru":
            return f"{r.randint(8, 20)}:{mm}"
        h = r.randint(8, 20)
        return f"{h}時{r.choice(['', '半'])}"

    def _price(self) -> str:
        """A price in dollars, roubles (whole hundreds) or yen (whole hundreds)."""
        r = self.rng
        if self.lang == "en":
            return "$" + _grouped(r.randint(8, 2400), ",")
        if self.lang == "ru":
            return _grouped(r.randint(3, 400) * 100, " ") + " ₽"
        return _grouped(r.randint(8, 980) * 100, ",") + "円"

    def values(self, keys: list[str]) -> dict[str, str]:
        """A value for each slot, in order; a slot's trailing digits tell apart two of a kind,
        which never share a name, a pool word or a date."""
        r = self.rng
        vals: dict[str, str] = {}
        names: list[str] = []
        dates: list[tuple[int, int]] = []
        used: dict[str, list[str]] = {}
        pools = PHRASINGS[f"{self.lang.upper()}_POOLS"]
        for k in keys:
            base = k.rstrip("0123456789")
            if base == "name":
                v = r.choice([n for n in pools["name"] if n not in names])
                names.append(v)
            elif base == "num":
                v = str(r.randint(2, 9))
            elif base == "big":
                v = str(r.randint(11, 950))
            elif base == "price":
                v = self._price()
            elif base == "pct":
                v = f"{r.randint(5, 95)}%"
            elif base == "date":
                v = self._date(dates)
            elif base == "time":
                v = self._time()
            elif base in RU_COUNT_RANGES:
                v = _ru_plural(r.randint(*RU_COUNT_RANGES[base]), PHRASINGS["RU_NOUN_FORMS"][base])
            elif base == "v_weekday":
                v = r.choice(PHRASINGS["RU_WEEKDAYS_ACC"])
            elif base in pools:
                prev = used.setdefault(base, [])
                v = r.choice([x for x in pools[base] if x not in prev])
                prev.append(v)
            else:
                raise KeyError(f"unknown slot {k!r}")
            vals[k] = v
        return vals

    def fill_pair(self, user: str, reply: str) -> Pair:
        """A pair's templates filled with one draw of their slots."""
        vals = self.values(_template_fields(user, reply))
        return user.format(**vals), reply.format(**vals)


class Deck:
    """A shuffled cycle over ``n`` card indices; a new round never opens with one of the cards
    drawn at the end of the round before (the last third of ``n``)."""

    def __init__(self, n: int, rng: random.Random) -> None:
        self.n, self.rng = n, rng
        self.cards: list[int] = []
        self.recent: list[int] = []

    def draw(self) -> int:
        if not self.cards:
            cards = list(range(self.n))
            self.rng.shuffle(cards)
            w = min(len(self.recent), self.n // 3)
            recent = self.recent[-w:] if w else []
            # cards are popped from the end: the recently drawn ones go to the front
            self.cards = [c for c in cards if c in recent] + [c for c in cards if c not in recent]
        c = self.cards.pop()
        self.recent = (self.recent + [c])[-max(1, self.n // 3) :]
        return c


def _protected(spec: dict[str, Any]) -> tuple[list[str], list[tuple[int, int]], list[str]]:
    """What filler must never say: the answers and ``wrong`` values, their dates, and the digit
    runs of a number question's."""
    lang = spec["lang"]
    strings: list[str] = []
    dates: list[tuple[int, int]] = []
    digits: list[str] = []
    for q in spec["questions"]:
        for s in q["answers"] + q["wrong"]:
            strings.append(s)
            dates.extend(_parse_dates(s, lang))
            if q["kind"] == "number":
                digits.extend(re.findall(r"\d+", s))
    return strings, dates, digits


def _key_pairs(spec: dict[str, Any], pairs: int) -> dict[int, dict[str, Any]]:
    """The pair each key takes: at its share of the pairs before the tail, two or more after the
    key before, or right after it when it ``follow``s."""
    last_key_pair = pairs - TAIL // 2 - 1  # keeps every key message out of the tail
    where, prev = [], -1
    for k in spec["keys"]:
        if k["follow"]:
            p = prev + 1
        else:
            p = int(round(k["at"] * last_key_pair))
            if prev >= 0:
                p = max(p, prev + 2)
        where.append(p)
        prev = p
    if prev > last_key_pair:
        raise BankCheckError(f"{spec['id']}: a key at pair {prev}, in the tail")
    return dict(zip(where, spec["keys"], strict=True))


def build_dialog(spec: dict[str, Any]) -> dict[str, Any]:
    """One dialog: its keys at their pairs, seeded filler in every other pair; its questions with
    the messages that say their values."""
    lang, n, did = spec["lang"], spec["n"], spec["id"]
    if n % 2:
        raise BankCheckError(f"{did}: an odd length {n}")
    rng = random.Random(spec["seed"])
    strings, fdates, fdigits = _protected(spec)
    slots = Slots(lang, rng, fdates)

    def leaks(text: str) -> bool:
        if any(_occurs(s, text, lang) for s in strings):
            return True
        return any(re.search(rf"(?<!\d){d}(?!\d)", text) for d in fdigits)

    pairs = n // 2
    key_at = _key_pairs(spec, pairs)
    up = lang.upper()
    thread_pool = spec["fill"] + PHRASINGS["EXTRA_FILL"].get(did, [])
    generic_pool = PHRASINGS[f"{up}_GENERIC"]
    small_lines, small_tails, small_acks = PHRASINGS[f"{up}_SMALL"], PHRASINGS[f"{up}_TAILS"], PHRASINGS[f"{up}_ACKS"]
    pool_of = {"thread": thread_pool, "generic": generic_pool}
    decks = {
        "thread": Deck(len(thread_pool), rng),
        "generic": Deck(len(generic_pool), rng),
        "small": Deck(len(small_lines), rng),
    }
    ack_decks = {mood: Deck(len(acks), rng) for mood, acks in small_acks.items()}

    # how many filler pairs come from each source: the dialog's own threads (each card at most
    # ~2x), the shared chatter (at most ~1.6x), the rest small talk
    n_fill = pairs - len(spec["keys"])
    n_thread = min(int(round(n_fill * THREAD_SHARE)), int(2.2 * len(thread_pool)))
    n_generic = min(n_fill - n_thread, int(1.6 * len(generic_pool)))
    labels = ["thread"] * n_thread + ["generic"] * n_generic + ["small"] * (n_fill - n_thread - n_generic)
    rng.shuffle(labels)
    sep = "" if lang == "ja" else " "

    def small_pair() -> Pair:
        for _ in range(200):
            mood, line = small_lines[decks["small"].draw()]
            user = slots.fill_pair(line, "")[0]
            if rng.random() < 0.3:
                user += small_tails[rng.randrange(len(small_tails))]
            reply = small_acks[mood][ack_decks[mood].draw()]
            if not leaks(user) and not leaks(reply):
                return user, reply
        raise BankCheckError(f"{did}: no clean small talk in 200 draws")

    def filler_pair(label: str) -> Pair:
        if label == "small":
            return small_pair()
        for _ in range(200):
            user0, reply0 = pool_of[label][decks[label].draw()]
            for _try in range(25):
                user, reply = slots.fill_pair(user0, reply0)
                if not leaks(user) and not leaks(reply):
                    break
            else:
                continue
            if user.rstrip().endswith(("?", "？")):
                if rng.random() < OPENER_P:
                    user = rng.choice(PHRASINGS[f"{up}_OPENERS"]) + sep + user
                first = re.split(r"(?<=[.!?。！？:：])", reply, maxsplit=1)[0]
                if len(reply) > 250 and len(first) > 30 and rng.random() < 0.25:
                    reply = rng.choice(PHRASINGS[f"{up}_REPLY_PREFIX"]) + sep + reply
            return user, reply
        raise BankCheckError(f"{did}: no clean filler in 200 draws")

    messages: list[dict[str, str]] = []
    from_key: list[bool] = []
    for p in range(pairs):
        if p in key_at:
            user, reply = key_at[p]["u"], key_at[p]["a"]
        else:
            user, reply = filler_pair(labels.pop())
        from_key += [p in key_at] * 2
        messages += [{"role": "user", "text": user}, {"role": "assistant", "text": reply}]

    questions = []
    for q in spec["questions"]:
        said = q["answers"] + q["wrong"]
        ev = [i for i, m in enumerate(messages) if any(_occurs(s, m["text"], lang) for s in said)]
        if not all(from_key[i] for i in ev):
            raise BankCheckError(f"{did}/{q['kind']}: filler says an answer or a wrong value")
        questions.append(
            {"kind": q["kind"], "q": q["q"], "answers": list(q["answers"]), "wrong": list(q["wrong"]), "evidence": ev}
        )
    return record(did, lang, BANK, messages, questions)


def _question_errors(d: dict[str, Any], q: dict[str, Any], cut: int, occ: Callable[[str], list[int]]) -> list[str]:
    """What one question breaks of the check (``cut``: the first message of the tail)."""
    at, errors = f"{d['id']}/{q['kind']}", []
    answers, wrong, ev = q["answers"], q["wrong"], q["evidence"]
    if not q["q"].strip():
        errors.append(f"{at}: empty question text")
    if not 1 <= len(answers) <= 3 or not all(a.strip() for a in answers):
        return errors + [f"{at}: answers must be 1..3 non-empty strings"]
    if not all(w.strip() for w in wrong):
        return errors + [f"{at}: an empty wrong value"]
    if not ev:
        return errors + [f"{at}: no evidence"]
    if ev != sorted(set(ev)):
        errors.append(f"{at}: evidence not sorted and unique")
    errors += [f"{at}: evidence {e} not before the last {TAIL} messages" for e in ev if not 0 <= e < cut]
    union: list[int] = []
    last_answer = -1
    for a in answers:
        o = occ(a)
        if not o:
            errors.append(f"{at}: answer {a!r} never said")
            continue
        if not set(ev) & set(o):
            errors.append(f"{at}: answer {a!r} not in the evidence")
        outside = [i for i in o if i not in ev]
        if outside:
            errors.append(f"{at}: answer {a!r} said away from the evidence at {outside}")
        if any(i >= cut for i in o):
            errors.append(f"{at}: answer {a!r} said in the last {TAIL} messages")
        last_answer = max(last_answer, max(o))
        union += o
    for w in wrong:
        o = occ(w)
        if not o:
            errors.append(f"{at}: wrong {w!r} never said")
            continue
        outside = [i for i in o if i not in ev]
        if outside:
            errors.append(f"{at}: wrong {w!r} said away from the evidence at {outside}")
        if max(o) >= last_answer:
            errors.append(f"{at}: wrong {w!r} said at or after the last answer message {last_answer}")
        errors += [
            f"{at}: wrong {w!r} matches answer {a!r}"
            for a in answers
            if w.lower() in a.lower() or a.lower() in w.lower()
        ]
        union += o
    if sorted(set(union)) != ev:
        errors.append(f"{at}: evidence {ev} is not the messages saying an answer or wrong value {sorted(set(union))}")
    return errors


def check(dialogs: list[dict[str, Any]]) -> dict[str, Any]:
    """Refuse a bank that breaks a rule of the module docstring; return its counts and, by kind,
    how many dialogs change the value of a question."""
    errors: list[str] = []
    ids = [d["id"] for d in dialogs]
    if sorted(d["lang"] for d in dialogs) != sorted(TWELVE_LANGS) or len(set(ids)) != len(ids):
        errors.append("not 12 dialogs, 4 a language, with unique ids")
    changed = dict.fromkeys(KINDS, 0)
    for d in dialogs:
        did, lang, msgs, qs = d["id"], d["lang"], d["messages"], d["questions"]
        if not re.fullmatch(rf"b9-{lang}-\d+", did) or d["bank"] != BANK:
            errors.append(f"{did}: id or bank field")
        if not 160 <= len(msgs) <= 420:
            errors.append(f"{did}: {len(msgs)} messages, outside 160..420")
        errors += message_errors(did, msgs)
        if len(qs) != 5 or sorted(q["kind"] for q in qs) != sorted(KINDS):
            errors.append(f"{did}: not the five kinds once each")
            continue
        texts = [m["text"] for m in msgs]

        def occ(s: str, texts: list[str] = texts, lang: str = lang) -> list[int]:
            return [i for i, t in enumerate(texts) if _occurs(s, t, lang)]

        for q in qs:
            errors += _question_errors(d, q, len(msgs) - TAIL, occ)
            changed[q["kind"]] += bool(q["wrong"])
        errors += [
            f"{did}: {q['kind']} answer {a!r} contains {r['kind']} string {b!r}"
            for q in qs
            for r in qs
            if q is not r
            for a in q["answers"]
            for b in r["answers"] + r["wrong"]
            if b.lower() in a.lower()
        ]
        said = [s for q in qs for s in q["answers"] + q["wrong"]]
        errors += [f"{did}: question {q['q']!r} says {s!r}" for q in qs for s in said if _occurs(s, q["q"], lang)]
    for kind, need in (("name", 7), ("date", 6), ("number", 3)):
        if changed[kind] < need:
            errors.append(f"only {changed[kind]} dialogs with a changed {kind} (need {need})")
    refuse(errors)
    # every question keeps a ``wrong`` list, so ``counts`` would call all 60 corrected
    with_wrong = sum(bool(q["wrong"]) for d in dialogs for q in d["questions"])
    return {**counts(dialogs), "with_wrong": with_wrong, "changed_by_kind": changed}


def make_bank() -> list[dict[str, Any]]:
    """The twelve dialogs in the phrasings' order, checked (``BankCheckError`` when the check fails)."""
    dialogs = [build_dialog(spec) for spec in PHRASINGS["DIALOGS"]]
    check(dialogs)
    return dialogs


def stats() -> dict[str, Any]:
    """The check's counts (``BankCheckError`` when it fails)."""
    return check([build_dialog(spec) for spec in PHRASINGS["DIALOGS"]])
