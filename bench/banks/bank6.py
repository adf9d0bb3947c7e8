"""Bank 6 of the five-questions evaluation: twelve long two-project dialogs (held out).

``python bench/make_five_questions.py bank6 --write`` rebuilds
``bench/data/five_questions_bank6.json`` byte for byte (seeded ``random.Random``, string seeds
per dialog; nothing depends on the clock or on ``PYTHONHASHSEED``); ``--stats`` prints the
check's counts and the shapes used per kind. Its phrasings are ``bench/data/phrasings/bank6.json``.

How it was written. A helper wrote every sentence here from scratch on 2026-12-03 without
opening the summariser or fact rules (``src/``), any earlier bank generator beyond the module
docstring of bank 5's generator (now ``banks/bank5.py``; read as the spec), the earlier banks' JSON
files (only the field names at the head of bank 5's were looked at) or the shared dev dialogs;
it read ``evals/five_questions.py`` (token-bounded ``contains_token``, ``wrong``) and
``evals/five_questions_summary.py`` (tags). It is built to test generalisation from bank 5: new
project names, new kinds of facts, new wordings, new correction styles, new small talk.

What it holds. Twelve dialogs (4 English, 4 Russian, 4 Japanese; ids ``bank6-en-01`` …
``bank6-ja-04``, ``"bank": "bank6"``), 178-204 alternating messages each (2314 in all), the
person first, with strictly increasing ISO UTC times over 4-14 days in morning sessions. Each is
one person talking to an assistant about TWO projects with fresh names (Quillon, Marrowgate,
Tessaly, Brindle, Oakhollow, Pellucid, Wrenfield, Sablewick; Вереск, Strizh, Пересвет, Кедровка,
Yantar, Сполох, Mezen, Полынья; ツバキ, カモメ, 白樺, ホタル, スズラン, 朱雀, ミズナラ, 青嵐), interleaved. Twelve
kinds of project facts: six kept from bank 5 — the lead (``name``), the client (``name``), the
budget (``number``), the launch date (``date``), the hosting city (``place``), the reason an
option was rejected (``reason``) — and six new ones: the vendor chosen (``decision``), the
design / UX owner (``name``), the demo date (``date``), the price per seat (``number``), the
programming language (``decision``) and the sprint length in weeks (``number``). Each project
gets 9 of the 12 kinds, so a dialog has 18 questions (9 per project, each naming its project;
bank 5 had 12) and every kind is planted six times per language, each time in a different
sentence shape (``SHAPES``): a plain statement; the fact buried mid-sentence in chatter about
the printer, the taxi, the coffee machine; a terse note ("Marrowgate/language: Zig", "#Сполох
цена за место → 2600 руб.", "【ツバキ】予算→900万円"); two facts in one message; the value in reply to
the assistant's question; the topic announced ("the Quillon language debate is over" / "Who
won?" / "Erlang.") and the bare value in the person's next message after an assistant turn; the
assistant reading the value from the notes / ticket / minutes and the person confirming ("yup",
"угу", "всё так", "そのとおり", "うん"); a value forwarded from a colleague ("according to Ursula, …",
"со слов Вадима: …", "杉本さんが言うには…って"); a passive or impersonal phrasing; the person asking the
question and answering it. Numbers are written as people write them ("£450k", "185k pounds",
"$48k", "£110,000", "3,5 млн ₽", "940 тыс.", "2600 руб.", "2,300万円", "1,800円", "по 2 недели",
"3週間"). Russian values stand in oblique cases ("отдаём Агате", "выбрана в Смоленске", "у
«Кварты»", "делаем для Каравеллы", "закреплён за Глебом", "вместо двух недель") and the answers
are nominative base forms (9 of the 72 Russian answers are never said in the nominative);
Japanese names carry さん or 氏 in the text and the answers drop them. Four to six facts per dialog
(59 of the 216 questions) are corrected later — some in the next exchange, some dozens of
messages on, some naming the old value, some not, some in reply to the assistant's question ("Is
the go-live date for Brindle still 4 June?" / "не, теперь Таисия" / "それが1,200円になったんです") — in
styles of each language ("actually make that …", "update: A is out, B is in", "we went with …
after all", "forget A, …", "… moved from A to B", "heads up, … changed"; "оказалось, …", "вместо
A будет B", "… больше не A, теперь B", "про A забудь — …", "короче, переиграли: …", "уточнение
по …"; "やっぱり…は…に", "AからBに切り替えます", "Aは取りやめ、…はBにします", "訂正：…はA→Bです", "最新情報：…で確定"); those questions
accept the new value and list the old one as ``wrong``. Questions carry ``kind``, ``fact``,
``project``, ``q``, ``answers`` and, when corrected, ``wrong``.

Everything else. Small talk about pets, moving house, hobbies (pottery, ukulele, bouldering,
knitting, choir), cars and bikes, music, health, a friend's wedding, neighbours and DIY, with
its own names, places, numbers and dates, is tagged ``small_talk`` (the person's message and the
assistant's reply); 3-5 open questions and 3-5 agreed next steps per dialog are tagged
``open_question`` / ``next_step`` (both messages, no ``key``, as in bank 5) and carry no planted
value; work chatter that decides nothing ("the Marrowgate standup ran long again") and the fact
messages are untagged. Every plant and correction lies before the last 40 messages, which are
all small talk. Value pools are disjoint between facts and small talk, and no value repeats
within a dialog.

The check. ``check`` refuses to print a bank that fails: 12 dialogs, 4 per language; roles
alternate from the person; times strictly increase; 150-260 messages over 3-15 days; the last 40
all small talk; 3-5 open questions and next steps; 18 questions, 9 per project, 4-6 corrected;
each accepted answer said token-bounded (``contains_token``) in one of the fact's own messages
before the last 40 (for Russian, the nominative or one of the case forms the generator declined
it into); each ``wrong`` value said in a message before its correction and the new value in no
message before it; no answer or ``wrong`` value (in any form) in any other message — small talk,
chatter, open questions, next steps, the other facts — or in any question; every kind in at
least five sentence shapes per language.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from banks.common import BankCheckError, phrasings, repo_on_path

repo_on_path()
from evals.five_questions import contains_token  # noqa: E402

PHRASINGS = phrasings("bank6")

SEED = 20261203

# The twelve kinds of project facts: question kind, and whether a dialog may correct it.
FACTS = [
    "lead",
    "client",
    "budget",
    "launch_date",
    "hosting_city",
    "rejected_reason",
    "vendor",
    "design_owner",
    "demo_date",
    "seat_price",
    "language",
    "sprint_weeks",
]
QKIND = {
    "lead": "name",
    "client": "name",
    "budget": "number",
    "launch_date": "date",
    "hosting_city": "place",
    "rejected_reason": "reason",
    "vendor": "decision",
    "design_owner": "name",
    "demo_date": "date",
    "seat_price": "number",
    "language": "decision",
    "sprint_weeks": "number",
}
CORRECTABLE = set(FACTS) - {"rejected_reason"}

# The sentence shapes a fact is planted in (every kind uses at least five per language).
SHAPES = {
    "plain": "a plain statement",
    "buried": "the fact mid-sentence among chatter about something else",
    "terse": "a terse note: 'X lead — value', 'X／ラベル＝value', '#X ярлык → value'",
    "pair": "two facts in one message",
    "reply": "the value given in reply to the assistant's question",
    "announce": "the topic announced in one message, the bare value in the next after an assistant turn",
    "readback": "the assistant reads the value from the notes / ticket / minutes, the person confirms",
    "forward": "a value forwarded from a colleague ('Lena says …', 'со слов Вадима', '山内さん曰く')",
    "passive": "a passive or impersonal phrasing",
    "selfqa": "the person asks the question and answers it",
}

# ---------------------------------------------------------------------------------------------
# English
# ---------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------
# Russian: (nominative, genitive, dative, accusative, instrumental, prepositional)
# ---------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------
# Japanese
# ---------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------
# Building the bank
# ---------------------------------------------------------------------------------------------

LANG_DATA: dict[str, dict[str, Any]] = {
    "en": PHRASINGS["EN"],
    "ru": PHRASINGS["RU"],
    "ja": PHRASINGS["JA"],
}
CASES = ("gen", "dat", "acc", "ins", "pre")
FACT_DAYS = (4, 9, 12, 17, 19, 23, 26, 28)  # days of the month a fact's date may fall on
SMALL_DAYS = (2, 6, 11, 15, 21, 25, 27)  # days of the month small talk may mention
WENT_WITH = {"vendor", "language", "hosting_city"}  # kinds "we went with X" fits
TAIL_MIN = 40  # the last messages are all small talk


@dataclass
class Val:
    """One value: the accepted answers and the surface forms the text says it in."""

    answers: list[str]
    forms: dict[str, list[str]]
    extra: list[str] = field(default_factory=list)  # further forms said in the text (Russian)

    def ctx(self, prefix: str) -> dict[str, list[str]]:
        out = {prefix: self.forms["nom"]}
        for case in (*CASES, "short", "adj"):
            out[f"{prefix}_{case}"] = self.forms.get(case, self.forms["nom"])
        return out

    def needles(self) -> list[str]:
        """Every string that counts as saying this value."""
        seen: list[str] = []
        for s in [*self.answers, *(x for v in self.forms.values() for x in v), *self.extra]:
            if s not in seen:
                seen.append(s)
        return seen

    def said(self, lang: str) -> list[str]:
        """What the check accepts as the value being said: the answers, and for Russian also the
        declined forms the generator used."""
        return self.needles() if lang == "ru" else list(self.answers)


@dataclass
class Fact:
    key: str  # "p0:lead"
    project: int
    kind: str
    shape: str
    value: Val
    opt: str | None = None  # the rejected option, for rejected_reason
    new: Val | None = None  # the corrected value, if corrected
    fix_style: str | None = None
    own: set[int] = field(default_factory=set)  # message indices of the fact's messages
    fix_at: int | None = None  # first message of the correction


def _dedupe(xs: list[str]) -> list[str]:
    out: list[str] = []
    for x in xs:
        if x not in out:
            out.append(x)
    return out


def _all_cases(forms6: tuple[str, ...], quote: bool) -> dict[str, list[str]]:
    names = ("nom", *CASES)
    return {n: ([f, f"«{f}»"] if quote else [f]) for n, f in zip(names, forms6, strict=True)}


def _is_cyrillic(s: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in s)


class Values:
    """Draws a dialog's values without repeating one within the dialog."""

    def __init__(self, lang: str, rng: random.Random, start_month: int):
        self.lang, self.rng, self.data = lang, rng, LANG_DATA[lang]
        months = list(range(start_month + 1, min(start_month + 5, 12) + 1))
        self.dates = [(m, d) for m in months for d in FACT_DAYS]
        rng.shuffle(self.dates)
        self.pools: dict[str, list[Any]] = {}
        for name in ("people", "clients", "vendors", "cities", "options", "reasons"):
            pool = list(self.data[name])
            rng.shuffle(pool)
            self.pools[name] = pool
        self.pools["languages"] = rng.sample(PHRASINGS["LANGUAGES"], len(PHRASINGS["LANGUAGES"]))
        self.pools["sprint"] = rng.sample([1, 2, 3, 4], 4)
        self.pools["budget"] = rng.sample(PHRASINGS["BUDGETS"][lang], len(PHRASINGS["BUDGETS"][lang]))
        self.pools["price"] = rng.sample(PHRASINGS["PRICES"][lang], len(PHRASINGS["PRICES"][lang]))
        self.cur = rng.choice(["€", "$", "£"])

    def _take(self, pool: str) -> Any:
        return self.pools[pool].pop()

    def option(self) -> str:
        return str(self._take("options"))

    def draw(self, kind: str) -> Val:
        lang = self.lang
        if kind in ("lead", "design_owner"):
            p = self._take("people")
            if lang == "en":
                return Val([p], {"nom": [p]})
            if lang == "ru":
                return Val([p[0]], _all_cases(p, False))
            return Val([p], {"nom": [p + "さん", p + "さん", p + "氏"]})
        if kind in ("client", "vendor"):
            c = self._take("clients" if kind == "client" else "vendors")
            if lang == "en":
                full, short = c
                if short:
                    return Val([full, short], {"nom": [full, full, short]})
                return Val([full], {"nom": [full]})
            if lang == "ru":
                return Val([c[0]], _all_cases(c, _is_cyrillic(c[0])))
            return Val([c], {"nom": [c, c, c + "さん"]})
        if kind == "hosting_city":
            c = self._take("cities")
            if lang == "ru":
                return Val([c[0]], _all_cases(c, False))
            return Val([c], {"nom": [c]})
        if kind in ("launch_date", "demo_date"):
            m, d = self.dates.pop()
            if lang == "en":
                mon = PHRASINGS["EN_MONTHS"][m - 1]
                a = [f"{d} {mon}", f"{mon} {d}"]
                return Val(a, {"nom": a})
            if lang == "ru":
                a = [f"{d} {PHRASINGS['RU_MONTHS_GEN'][m - 1]}", f"{d:02d}.{m:02d}"]
                return Val(a, {"nom": [a[0], a[0], a[1]]})
            a = [f"{m}月{d}日", f"{m}/{d}"]
            return Val(a, {"nom": [a[0], a[0], a[1]]})
        if kind == "budget":
            b = self._take("budget")
            if lang == "en":
                word = PHRASINGS["CUR_WORD"][self.cur]
                said = [f"{self.cur}{b}k", f"{self.cur}{b}k", f"{b}k {word}", f"{self.cur}{b},000"]
                return Val([f"{b}k", f"{b},000"], {"nom": said})
            if lang == "ru":
                if "млн" in b:
                    return Val([b, b.replace(",", ".")], {"nom": [f"{b} ₽", f"{b} рублей", b]})
                n = b.split()[0]
                return Val([f"{n} тыс", f"{n} тысяч"], {"nom": [f"{n} тыс. ₽", f"{n} тысяч", f"{n} тыс."]})
            return Val(_dedupe([f"{b:,}万", f"{b}万"]), {"nom": [f"{b:,}万円", f"{b:,}万円", f"{b:,}万"]})
        if kind == "seat_price":
            p = self._take("price")
            if lang == "en":
                word = PHRASINGS["CUR_WORD"][self.cur]
                said = [f"{self.cur}{p}", f"{self.cur}{p}", f"{p} {word}"]
                return Val([f"{self.cur}{p}", f"{p} {word}"], {"nom": said})
            if lang == "ru":
                return Val(
                    [f"{p} ₽", f"{p} рублей", f"{p} руб"],
                    {"nom": [f"{p} ₽", f"{p} рублей", f"{p} руб."]},
                )
            return Val(_dedupe([f"{p:,}円", f"{p}円"]), {"nom": [f"{p:,}円"]})
        if kind == "sprint_weeks":
            n = self._take("sprint")
            if lang == "en":
                w = ["one", "two", "three", "four"][n - 1]
                s = "s" if n > 1 else ""
                nom = [f"{n} week{s}", f"{w} week{s}"]
                adj = [f"{n}-week", f"{w}-week"]
                return Val(nom + adj, {"nom": nom, "adj": adj})
            if lang == "ru":
                forms = {k: list(v) for k, v in PHRASINGS["RU_SPRINT"][str(n)].items()}
                return Val(list(forms["nom"]), forms)
            return Val(list(PHRASINGS["JA_SPRINT"][str(n)]), {"nom": list(PHRASINGS["JA_SPRINT"][str(n)])})
        if kind == "language":
            x = self._take("languages")
            return Val([x], {"nom": [x]})
        if kind == "rejected_reason":
            r = self._take("reasons")
            if lang == "ru":
                long, short, answers, extra = r
                return Val(list(answers), {"nom": [long], "short": [short]}, list(extra))
            long, short, answers = r
            return Val(list(answers), {"nom": [long], "short": [short]})
        raise KeyError(kind)


def fill(tpl: str, ctx: dict[str, Any], rng: random.Random) -> str:
    """Fill {name} slots; a list slot picks one of its surfaces each time it is used."""

    def rep(m: re.Match[str]) -> str:
        val = ctx[m.group(1)]
        return str(rng.choice(val) if isinstance(val, (list, tuple)) else val)

    # "2600 руб." at the end of "{clause}." would end in two dots
    return re.sub(r"(руб|тыс)\.\.", r"\1.", re.sub(r"\{(\w+)\}", rep, tpl))


def cap(text: str) -> str:
    return text[0].upper() + text[1:] if text and text[0].islower() else text


def project_ctx(lang: str, proj: Any) -> dict[str, str]:
    if lang == "ru":
        names = ("P", "P_gen", "P_dat", "P_acc", "P_ins", "P_pre")
        ctx = dict(zip(names, proj, strict=True))
        ctx["PQ"] = f"«{proj[0]}»"
        return ctx
    return {"P": proj, "PQ": proj, **{f"P_{c}": proj for c in CASES}}


def project_name(lang: str, proj: Any) -> str:
    return str(proj[0] if lang == "ru" else proj)


# ---------------------------------------------------------------------------------------------
# The plan: which kinds each project gets and in which sentence shape
# ---------------------------------------------------------------------------------------------


def plan_language(rng: random.Random) -> list[list[tuple[int, str, str]]]:
    """Per dialog, the (project, kind, shape) plants. Each of the 8 project slots of a language
    gets 9 of the 12 kinds, so every kind is planted 6 times per language, each time in a
    different shape; the pair shapes of a dialog come in twos."""
    while True:
        omit = FACTS * 2
        rng.shuffle(omit)
        groups = [omit[i * 3 : (i + 1) * 3] for i in range(8)]
        if all(len(set(g)) == 3 for g in groups):
            break
    slots = [[k for k in FACTS if k not in groups[s]] for s in range(8)]
    while True:
        shape: dict[tuple[int, str], str] = {}
        for k in FACTS:
            holders = [s for s in range(8) if k in slots[s]]
            for s, sh in zip(holders, rng.sample(list(SHAPES), len(holders)), strict=True):
                shape[(s, k)] = sh
        pairs = [sum(shape[(s, k)] == "pair" for s in (2 * d, 2 * d + 1) for k in slots[s]) for d in range(4)]
        if all(p % 2 == 0 for p in pairs):
            break
    return [[(s % 2, k, shape[(s, k)]) for s in (2 * d, 2 * d + 1) for k in slots[s]] for d in range(4)]


# ---------------------------------------------------------------------------------------------
# One dialog
# ---------------------------------------------------------------------------------------------


@dataclass
class Unit:
    lines: list[tuple[str, str]]  # (role, text)
    tag: str | None = None
    facts: list[str] = field(default_factory=list)
    fix_of: str | None = None  # the fact this unit corrects


class DialogBuilder:
    def __init__(
        self,
        lang: str,
        number: int,
        plants: list[tuple[int, str, str]],
        rng: random.Random,
        shared: dict[str, list[Any]],
    ):
        self.lang, self.number, self.rng = lang, number, rng
        self.L = LANG_DATA[lang]
        self.K = self.L["kinds"]
        self.projects = self.L["projects"][number]
        self.start = datetime(2026, rng.randint(2, 7), rng.randint(1, 20), tzinfo=UTC)
        self.values = Values(lang, rng, self.start.month)
        self.facts: dict[str, Fact] = {}
        self._left: dict[str, list[Any]] = {}
        self._shared = shared  # correction wordings cycle over the language's four dialogs
        for proj, kind, shape in plants:
            key = f"p{proj}:{kind}"
            opt = self.values.option() if kind == "rejected_reason" else None
            self.facts[key] = Fact(key, proj, kind, shape, self.values.draw(kind), opt)

    # -- contexts -------------------------------------------------------------------------------

    def fact_ctx(self, f: Fact, value: Val | None = None) -> dict[str, Any]:
        ctx: dict[str, Any] = project_ctx(self.lang, self.projects[f.project])
        ctx["opt"] = f.opt or ""
        ctx.update((value or f.value).ctx("v"))
        ctx["lab"] = fill(self.rng.choice(self.K[f.kind]["label"]), ctx, self.rng)
        return ctx

    def clause(self, f: Fact, value: Val | None = None) -> str:
        return fill(
            self.pick(f.kind + ":clause", self.K[f.kind]["clause"]),
            self.fact_ctx(f, value),
            self.rng,
        )

    def pick(self, key: str, options: list[Any]) -> Any:
        """Cycle through a shuffled copy of the options, so a dialog repeats a wording only once
        it has used all the others."""
        store = self._shared if key.startswith("fix") else self._left
        left = store.get(key)
        if not left:
            left = list(options)
            self.rng.shuffle(left)
            store[key] = left
        return left.pop()

    def ack(self) -> str:
        return str(self.pick("ack", self.L["ack"]))

    # -- plants ---------------------------------------------------------------------------------

    def plant(self, facts: list[Fact]) -> Unit:
        rng, L = self.rng, self.L
        f = facts[0]
        K = self.K[f.kind]
        ctx = self.fact_ctx(f)
        shape = f.shape
        lines: list[tuple[str, str]]
        if shape == "pair":
            a, b = self.clause(facts[0]), self.clause(facts[1])
            text = self.pick("pair", L["pair"]).replace("{a}", a).replace("{b}", b)
            lines = [("user", text), ("assistant", self.ack())]
        elif shape == "plain":
            tpl = self.pick("plain", L["plain"])
            said = fill(tpl, {**ctx, "clause": self.clause(f)}, rng)
            lines = [("user", said), ("assistant", self.ack())]
        elif shape == "passive":
            passive = fill(self.pick(f.kind + ":passive", K["passive"]), ctx, rng)
            lines = [
                ("user", fill(self.pick("plain", L["plain"]), {"clause": passive}, rng)),
                ("assistant", self.ack()),
            ]
        elif shape == "buried":
            pre, post = self.pick("buried", L["buried"])
            lines = [("user", pre + self.clause(f) + post), ("assistant", self.ack())]
        elif shape == "terse":
            said = fill(self.pick(f.kind + ":terse", K.get("terse") or L["terse"]), ctx, rng)
            lines = [("user", said), ("assistant", self.ack())]
        elif shape == "forward":
            col = self.pick("colleagues", L["colleagues"])
            cc = {"c": col[0], "c_gen": col[1]} if self.lang == "ru" else {"c": col}
            tpl = self.pick("forward", L["forward"])
            said = fill(tpl, {**ctx, **cc, "clause": self.clause(f)}, rng)
            lines = [("user", said), ("assistant", self.ack())]
        elif shape == "selfqa":
            lines = [
                ("user", fill(self.pick(f.kind + ":selfq", K["selfq"]), ctx, rng)),
                ("assistant", self.ack()),
            ]
        elif shape == "reply":
            ask, bares = self.pick(f.kind + ":asks", K["asks"])
            lines = [
                ("user", fill(self.pick("leadin", L["leadin"]), ctx, rng)),
                ("assistant", cap(fill(ask, ctx, rng))),
                ("user", fill(rng.choice(bares), ctx, rng)),
                ("assistant", self.ack()),
            ]
        elif shape == "announce":
            said, asked = self.pick(f.kind + ":announce", K["announce"])
            lines = [
                ("user", fill(said, ctx, rng)),
                ("assistant", cap(fill(asked, ctx, rng))),
                ("user", fill(rng.choice(K.get("bare") or L["bare"]), ctx, rng)),
                ("assistant", self.ack()),
            ]
        elif shape == "readback":
            src = self.pick("src", L["src"])
            sc = {"src_in": src[0], "src_acc": src[1]} if self.lang == "ru" else {"src": src}
            prompt = fill(self.pick(f.kind + ":rb", K.get("rb_prompt") or L["rb_prompt"]), ctx, rng)
            tpl = self.pick("readback", L["readback"])
            read = cap(fill(tpl, {**ctx, **sc, "clause": self.clause(f)}, rng))
            confirm = self.pick("confirm", L["confirm"])
            lines = [
                ("user", prompt),
                ("assistant", read),
                ("user", confirm),
                ("assistant", self.ack()),
            ]
        else:
            raise KeyError(shape)
        return Unit(lines, None, [x.key for x in facts])

    # -- corrections ----------------------------------------------------------------------------

    def correction(self, f: Fact) -> Unit:
        rng, L = self.rng, self.L
        assert f.new is not None and f.fix_style is not None
        ctx = self.fact_ctx(f, f.new)
        ctx.update(f.value.ctx("old"))
        ctx.update(f.new.ctx("new"))
        ctx["new_clause"] = self.clause(f, f.new)
        if "the_lab" in L:
            ctx["the_lab"] = fill(self.pick("the_lab", L["the_lab"]), ctx, rng)
        fix = self.pick("ack_fix", L["ack_fix"])
        style = f.fix_style

        def fits(tpls: list[str]) -> list[str]:
            return [t for t in tpls if "went with" not in t or f.kind in WENT_WITH]

        if style in ("fix_old", "fix_new"):
            lines = [
                (
                    "user",
                    fill(self.pick(f"{style}:{f.kind in WENT_WITH}", fits(L[style])), ctx, rng),
                ),
                ("assistant", fix),
            ]
        else:
            ask, reply = ("fix_ask_old", "fix_reply_old") if style == "reply_old" else ("fix_ask_any", "fix_reply_any")
            lines = [
                ("user", fill(self.pick("fix_leadin", L["fix_leadin"]), ctx, rng)),
                ("assistant", cap(fill(self.pick(ask, L[ask]), ctx, rng))),
                (
                    "user",
                    fill(self.pick(f"{reply}:{f.kind in WENT_WITH}", fits(L[reply])), ctx, rng),
                ),
                ("assistant", fix),
            ]
        return Unit(lines, None, [f.key], fix_of=f.key)

    # -- everything else ------------------------------------------------------------------------

    def tagged(self, pool: str, ack_pool: str, tag: str, n: int) -> list[Unit]:
        out = []
        for tpl in self.rng.sample(self.L[pool], n):
            ctx = project_ctx(self.lang, self.rng.choice(self.projects))
            out.append(
                Unit(
                    [
                        ("user", fill(tpl, ctx, self.rng)),
                        ("assistant", self.pick(ack_pool, self.L[ack_pool])),
                    ],
                    tag,
                )
            )
        return out

    def small_ctx(self) -> dict[str, str]:
        rng, S = self.rng, self.L["small"]
        m = rng.randint(self.start.month, self.start.month + 2)
        d = rng.choice(SMALL_DAYS)
        ctx: dict[str, str] = {k: rng.choice(S[k]) for k in ("hrs", "boxes", "km", "cm", "vids", "band", "cat")}
        if self.lang == "en":
            ctx.update(
                sn=rng.choice(S["sn"]),
                dog=rng.choice(S["dog"]),
                sp=rng.choice(S["sp"]),
                sd=f"{d} {PHRASINGS['EN_MONTHS'][m - 1]}",
            )
        elif self.lang == "ru":
            sn = rng.choice(S["sn"])
            ctx.update(dict(zip(("sn", "sn_gen", "sn_dat", "sn_acc", "sn_ins", "sn_pre"), sn, strict=True)))
            dog = rng.choice(S["dog"])
            ctx.update(dog=dog[0], dog_ins=dog[1])
            sp = rng.choice(S["sp"])
            ctx.update(sp=sp[0], sp_gen=sp[1], sp_pre=sp[2])
            ctx["sd"] = f"{d} {PHRASINGS['RU_MONTHS_GEN'][m - 1]}"
        else:
            ctx.update(
                sn=rng.choice(S["sn"]),
                dog=rng.choice(S["dog"]),
                sp=rng.choice(S["sp"]),
                sd=f"{m}月{d}日",
            )
        return ctx

    def small_units(self) -> list[Unit]:
        out = []
        for tpl in self.rng.sample(self.L["smalltalk"], len(self.L["smalltalk"])):
            ctx = self.small_ctx()
            out.append(
                Unit(
                    [("user" if i % 2 == 0 else "assistant", fill(t, ctx, self.rng)) for i, t in enumerate(tpl)],
                    "small_talk",
                )
            )
        return out

    def filler_units(self) -> list[Unit]:
        out = []
        for tpl in self.rng.sample(self.L["filler"], len(self.L["filler"])):
            ctx = project_ctx(self.lang, self.rng.choice(self.projects))
            out.append(
                Unit([("user" if i % 2 == 0 else "assistant", fill(t, ctx, self.rng)) for i, t in enumerate(tpl)])
            )
        return out

    # -- assembly -------------------------------------------------------------------------------

    def build(self) -> dict[str, Any]:
        rng = self.rng
        facts = list(self.facts.values())
        # corrections: 4-6 facts of kinds that can change, spread over both projects
        n_fix = rng.randint(4, 6)
        while True:
            fixed = rng.sample([f for f in facts if f.kind in CORRECTABLE], n_fix)
            if {f.project for f in fixed} == {0, 1}:
                break
        styles = ["fix_old", "fix_new", "reply_old", "reply_any"]
        rng.shuffle(styles)
        for i, f in enumerate(fixed):
            f.new = self.values.draw(f.kind)
            f.fix_style = styles[i % len(styles)] if i < len(styles) else rng.choice(styles)
        # plant units (pair shapes grouped two by two)
        singles = [f for f in facts if f.shape != "pair"]
        pairs = [f for f in facts if f.shape == "pair"]
        rng.shuffle(pairs)
        work = [self.plant([f]) for f in singles]
        work += [self.plant(pairs[i : i + 2]) for i in range(0, len(pairs), 2)]
        work += self.tagged("oq", "oq_ack", "open_question", rng.randint(3, 5))
        work += self.tagged("ns", "ns_ack", "next_step", rng.randint(3, 5))
        rng.shuffle(work)
        for f in fixed:
            at = next(i for i, u in enumerate(work) if f.key in u.facts and u.fix_of is None)
            gap = 1 if rng.random() < 0.3 else rng.randint(2, 7)
            work.insert(min(len(work), at + gap), self.correction(f))
        # small talk: the tail first, then the rest and the work chatter between the work units
        small = self.small_units()
        tail: list[Unit] = []
        want_tail = rng.randint(TAIL_MIN, TAIL_MIN + 8)
        while sum(len(u.lines) for u in tail) < want_tail:
            tail.append(small.pop())
        extra = small + self.filler_units()
        rng.shuffle(extra)
        n_work = sum(len(u.lines) for u in work)
        n_tail = sum(len(u.lines) for u in tail)
        target = rng.randint(175, 215)
        body = list(work)
        room = target - n_work - n_tail
        for u in extra:
            if len(u.lines) > room:
                continue
            body.insert(rng.randint(0, len(body)), u)
            room -= len(u.lines)
        units = body + tail
        # messages and times
        messages: list[dict[str, Any]] = []
        for u in units:
            first = len(messages)
            for role, text in u.lines:
                m: dict[str, Any] = {"role": role, "text": text}
                if u.tag:
                    m["tag"] = u.tag
                messages.append(m)
            for key in u.facts:
                self.facts[key].own.update(range(first, len(messages)))
            if u.fix_of:
                self.facts[u.fix_of].fix_at = first
        self.times(messages)
        questions = []
        order = list(self.facts.values())
        rng.shuffle(order)
        for f in order:
            ctx = self.fact_ctx(f)
            q: dict[str, Any] = {
                "kind": QKIND[f.kind],
                "fact": f.kind,
                "project": project_name(self.lang, self.projects[f.project]),
                "q": fill(rng.choice(self.K[f.kind]["q"]), ctx, rng),
                "answers": list((f.new or f.value).answers),
            }
            if f.new:
                q["wrong"] = list(f.value.answers)
            questions.append(q)
        return {
            "id": f"bank6-{self.lang}-{self.number + 1:02d}",
            "lang": self.lang,
            "bank": "bank6",
            "messages": messages,
            "questions": questions,
        }

    def times(self, messages: list[dict[str, Any]]) -> None:
        rng = self.rng
        span = rng.randint(4, 14)
        n_days = rng.randint(4, min(span + 1, 9))
        days = sorted({0, span, *rng.sample(range(1, span), n_days - 2)})
        n, k = len(messages), len(days)
        # sessions of roughly even length, one per day the person writes
        cuts = [round(n * i / k + rng.uniform(-0.25, 0.25) * n / k) for i in range(1, k)]
        bounds = [0, *cuts, n]
        for day, lo, hi in zip(days, bounds, bounds[1:], strict=False):
            t = self.start + timedelta(
                days=day,
                hours=rng.randint(7, 9),
                minutes=rng.randint(0, 59),
                seconds=rng.randint(0, 59),
            )
            for i in range(lo, hi):
                if i > lo:
                    if messages[i]["role"] == "assistant":
                        t += timedelta(seconds=rng.randint(8, 70))
                    elif rng.random() < 0.06:
                        t += timedelta(minutes=rng.randint(25, 70), seconds=rng.randint(0, 59))
                    else:
                        t += timedelta(seconds=rng.randint(30, 600))
                messages[i]["time"] = t.strftime("%Y-%m-%dT%H:%M:%SZ")


# ---------------------------------------------------------------------------------------------
# The bank and its check
# ---------------------------------------------------------------------------------------------


def build_bank() -> tuple[list[dict[str, Any]], list[dict[str, Fact]]]:
    rng = random.Random(SEED)
    dialogs, facts = [], []
    for lang in ("en", "ru", "ja"):
        plan = plan_language(rng)
        shared: dict[str, list[Any]] = {}
        for j in range(4):
            b = DialogBuilder(lang, j, plan[j], random.Random(f"{SEED}-{lang}-{j}"), shared)
            dialogs.append(b.build())
            facts.append(b.facts)
    return dialogs, facts


class BankError(BankCheckError):
    pass


def _t(m: dict[str, Any]) -> datetime:
    return datetime.strptime(m["time"], "%Y-%m-%dT%H:%M:%SZ")


def check(dialogs: list[dict[str, Any]], facts: list[dict[str, Fact]]) -> dict[str, Any]:
    """Refuse a bank that breaks any rule of the module docstring; return a few counts."""

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise BankError(what)

    need(len(dialogs) == 12, "12 dialogs")
    need([d["lang"] for d in dialogs] == ["en"] * 4 + ["ru"] * 4 + ["ja"] * 4, "4 en, 4 ru, 4 ja")
    need(len({d["id"] for d in dialogs}) == 12, "ids unique")
    used: dict[tuple[str, str], list[str]] = {}
    nominative_never = 0
    for d, fs in zip(dialogs, facts, strict=True):
        did, lang, msgs, qs = d["id"], d["lang"], d["messages"], d["questions"]
        n = len(msgs)
        need(150 <= n <= 260, f"{did}: {n} messages")
        need(
            all(m["role"] == ("user" if i % 2 == 0 else "assistant") for i, m in enumerate(msgs)),
            f"{did}: roles alternate from the person",
        )
        need(all(m["text"].strip() for m in msgs), f"{did}: empty message")
        need(
            all(m.get("tag") in (None, "small_talk", "open_question", "next_step") for m in msgs),
            f"{did}: unknown tag",
        )
        times = [_t(m) for m in msgs]
        need(all(a < b for a, b in zip(times, times[1:], strict=False)), f"{did}: times increase")
        days = (times[-1] - times[0]).total_seconds() / 86400
        need(3 <= days <= 15, f"{did}: spans {days:.1f} days")
        need(all(m.get("tag") == "small_talk" for m in msgs[-TAIL_MIN:]), f"{did}: tail small talk")
        for tag in ("open_question", "next_step"):
            k = sum(m.get("tag") == tag and m["role"] == "user" for m in msgs)
            need(3 <= k <= 5, f"{did}: {k} {tag}")
        need(len(qs) == 18 and len(fs) == 18, f"{did}: 18 questions")
        need(sorted(q["project"] for q in qs).count(qs[0]["project"]) == 9, f"{did}: 9 per project")
        fixed = [f for f in fs.values() if f.new]
        need(4 <= len(fixed) <= 6, f"{did}: {len(fixed)} corrections")
        by_q = {(q["project"], q["fact"]): q for q in qs}
        need(len(by_q) == 18, f"{did}: one question per project fact")
        tail_start = n - TAIL_MIN
        for f in fs.values():
            proj = project_name(lang, LANG_DATA[lang]["projects"][int(d["id"][-2:]) - 1][f.project])
            q = by_q[(proj, f.kind)]
            cur = f.new or f.value
            need(q["answers"] == cur.answers, f"{did}/{f.key}: answers")
            need(max(f.own) < tail_start, f"{did}/{f.key}: a fact message in the tail")
            said = cur.said(lang)
            hits = [i for i in f.own if contains_token(msgs[i]["text"], said)]
            need(bool(hits), f"{did}/{f.key}: answer never said in its own messages")
            if lang == "ru" and not any(contains_token(msgs[i]["text"], cur.answers) for i in f.own):
                nominative_never += 1
            if f.new:
                need(q.get("wrong") == f.value.answers, f"{did}/{f.key}: wrong")
                fix_at = f.fix_at if f.fix_at is not None else n
                need(fix_at < tail_start, f"{did}/{f.key}: fix position")
                old_hits = [i for i in f.own if i < fix_at and contains_token(msgs[i]["text"], f.value.said(lang))]
                need(bool(old_hits), f"{did}/{f.key}: wrong value not said before its correction")
                need(
                    not any(contains_token(m["text"], f.new.needles()) for m in msgs[:fix_at]),
                    f"{did}/{f.key}: new value said before its correction",
                )
                need(all(i >= fix_at for i in hits), f"{did}/{f.key}: new value before correction")
            else:
                need("wrong" not in q, f"{did}/{f.key}: unexpected wrong")
            vals = [f.value] + ([f.new] if f.new else [])
            for v in vals:
                nd = v.needles()
                for i, m in enumerate(msgs):
                    need(
                        i in f.own or not contains_token(m["text"], nd),
                        f"{did}/{f.key}: value {nd[0]!r} said in message {i}: {m['text']!r}",
                    )
                for other in qs:
                    need(
                        not contains_token(other["q"], nd),
                        f"{did}/{f.key}: value {nd[0]!r} in a question",
                    )
            used.setdefault((lang, f.kind), []).append(f.shape)
        for q in qs:
            need(
                q["kind"] in ("name", "number", "date", "decision", "reason", "place"),
                f"{did}: kind",
            )
            need(contains_token(q["q"], [q["project"]]), f"{did}: question names its project")
    for lang in ("en", "ru", "ja"):
        for kind in FACTS:
            shapes = used.get((lang, kind), [])
            need(len(set(shapes)) >= 5, f"{lang}/{kind}: {len(set(shapes))} shapes")
    return {
        "dialogs": len(dialogs),
        "messages": sum(len(d["messages"]) for d in dialogs),
        "questions": sum(len(d["questions"]) for d in dialogs),
        "corrected": sum("wrong" in q for d in dialogs for q in d["questions"]),
        "ru_never_nominative": nominative_never,
        "shapes": {f"{lang}/{k}": sorted(set(v)) for (lang, k), v in sorted(used.items())},
    }


def make_bank() -> list[dict[str, Any]]:
    """The twelve dialogs, checked (``BankError`` when the check fails)."""
    dialogs, facts = build_bank()
    check(dialogs, facts)
    return dialogs


def stats() -> dict[str, Any]:
    """The check's counts and the shapes used per kind."""
    dialogs, facts = build_bank()
    return check(dialogs, facts)
