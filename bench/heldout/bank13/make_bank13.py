#!/usr/bin/env python3
"""Build and check the held-out bank13 of five-question dialogs.

Genre: a person running a household or personal project over several weeks with an
assistant (renovation, relocation, family event, small study).  12 dialogs: 4 en, 4 ru, 4 ja.

    python3 make_bank13.py           build, check, write five_questions_bank13.json
    python3 make_bank13.py --check   check the written JSON file only

Standard library only.  Every dialog draws all of its randomness from its own
random.Random seeded with zlib.crc32 of its id, so the output is byte-identical across runs.
"""
import datetime as _dt
import hashlib
import json
import os
import random
import re
import sys
import zlib

BANK = "bank13"
TAIL = 34
KINDS = ("name", "number", "date", "decision", "reason")
LANGS = ("en", "ru", "ja")
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "five_questions_bank13.json")
MIN_MSGS, MAX_MSGS = 150, 400
MIN_SUPERSEDED, MAX_SUPERSEDED = 26, 34


# --------------------------------------------------------------------------------------
# matching rule (same as the scorer)
# --------------------------------------------------------------------------------------
_RX_CACHE = {}


def occurs(lang, s, text):
    if lang == "ja":
        return s in text
    rx = _RX_CACHE.get(s)
    if rx is None:
        rx = re.compile(r"(?<!\w)" + re.escape(s) + r"(?!\w)", re.IGNORECASE)
        _RX_CACHE[s] = rx
    return rx.search(text) is not None


# --------------------------------------------------------------------------------------
# small language helpers for distractor values
# --------------------------------------------------------------------------------------
EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]
EN_MON3 = [m[:3] for m in EN_MONTHS]
EN_WD = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
RU_MONTHS = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
             "сентября", "октября", "ноября", "декабря"]
RU_WD = ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"]
RU_WD_ACC = ["в понедельник", "во вторник", "в среду", "в четверг", "в пятницу", "в субботу",
             "в воскресенье"]
RU_WD_SHORT = ["пн", "вт", "ср", "чт", "пт", "сб", "вс"]
JA_WD = "月火水木金土日"


def en_ord(d):
    if 10 <= d % 100 <= 20:
        suf = "th"
    else:
        suf = {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")
    return "%d%s" % (d, suf)


def fmt_date(lang, style, d, rng, weekday=False):
    """A distractor date in a natural written form."""
    if lang == "en":
        if style == "us":
            forms = ["%s %d" % (EN_MONTHS[d.month - 1], d.day),
                     "%s %d" % (EN_MON3[d.month - 1], d.day),
                     "%s %s" % (EN_MONTHS[d.month - 1], en_ord(d.day))]
            wforms = ["%s, %s %d" % (EN_WD[d.weekday()], EN_MONTHS[d.month - 1], d.day),
                      "%s %s %d" % (EN_WD[d.weekday()][:3], EN_MON3[d.month - 1], d.day)]
        else:
            forms = ["%d %s" % (d.day, EN_MONTHS[d.month - 1]),
                     "%s %s" % (en_ord(d.day), EN_MONTHS[d.month - 1]),
                     "%d %s" % (d.day, EN_MON3[d.month - 1])]
            wforms = ["%s %d %s" % (EN_WD[d.weekday()], d.day, EN_MONTHS[d.month - 1]),
                      "%s the %s" % (EN_WD[d.weekday()], en_ord(d.day))]
        return rng.choice(wforms if weekday else forms)
    if lang == "ru":
        forms = ["%d %s" % (d.day, RU_MONTHS[d.month - 1]),
                 "%d %s" % (d.day, RU_MONTHS[d.month - 1]),
                 "%02d.%02d" % (d.day, d.month)]
        wforms = ["%s, %d %s" % (RU_WD_ACC[d.weekday()].split(" ", 1)[1], d.day, RU_MONTHS[d.month - 1]),
                  "%d %s (%s)" % (d.day, RU_MONTHS[d.month - 1], RU_WD_SHORT[d.weekday()])]
        return rng.choice(wforms if weekday else forms)
    forms = ["%d月%d日" % (d.month, d.day), "%d/%d" % (d.month, d.day),
             "%d月%d日" % (d.month, d.day)]
    wforms = ["%d月%d日（%s）" % (d.month, d.day, JA_WD[d.weekday()]),
              "%d/%d（%s）" % (d.month, d.day, JA_WD[d.weekday()])]
    return rng.choice(wforms if weekday else forms)


def fmt_time(lang, rng):
    h = rng.choice([8, 9, 9, 10, 10, 11, 12, 13, 14, 14, 15, 16, 17, 18, 19])
    m = rng.choice([0, 0, 0, 15, 30, 30, 45])
    if lang == "en":
        if m == 0 and rng.random() < 0.6:
            return "%d%s" % (h if h <= 12 else h - 12, "am" if h < 12 else "pm")
        return "%d:%02d" % (h, m)
    if lang == "ru":
        return "%d:%02d" % (h, m)
    if m == 0:
        return "%d時" % h
    if m == 30 and rng.random() < 0.5:
        return "%d時半" % h
    return "%d:%02d" % (h, m)


def rand_amount(rng, lo, hi):
    step = 1 if hi < 60 else 5 if hi < 300 else 10 if hi < 3000 else 100 if hi < 30000 \
        else 500 if hi < 200000 else 5000
    base = -(-lo // step) * step
    return base + step * rng.randint(0, max(0, (hi - base) // step))


def group3(n, sep):
    s = str(n)
    out = []
    while len(s) > 3:
        out.insert(0, s[-3:])
        s = s[:-3]
    out.insert(0, s)
    return sep.join(out)


MONEY_STYLES = {
    "RUB": [" ₽", " руб", " рублей", " ₽"],
    "EUR_ru": [" евро", " €"],
    "SGD": ["%sドル", "S$%s", "%sシンガポールドル"],
}


def fmt_money(cur, amount, rng, style=None):
    """style: the writer's habit for this dialog (an index into MONEY_STYLES[cur])."""
    if cur in ("GBP", "EUR_en", "CAD", "USD"):
        sym = {"GBP": "£", "EUR_en": "€", "CAD": "$", "USD": "$"}[cur]
        return sym + group3(amount, ",")
    opts = MONEY_STYLES.get(cur)
    if opts is not None:
        if style is None or rng.random() < 0.15:
            suf = rng.choice(opts)
        else:
            suf = opts[style % len(opts)]
    if cur == "RUB":
        body = group3(amount, " ") if amount >= 10000 or (style or 0) % 2 == 0 else str(amount)
        return body + suf
    if cur == "EUR_ru":
        return str(amount) + suf
    if cur == "JPY":
        if amount >= 10000 and amount % 10000 == 0 and rng.random() < 0.7:
            return "%d万円" % (amount // 10000)
        return group3(amount, ",") + "円"
    if cur == "SGD":
        return suf % group3(amount, ",")
    raise ValueError(cur)


# --------------------------------------------------------------------------------------
# names for distractors
# --------------------------------------------------------------------------------------
EN_NAMES = [("Laura", "f"), ("Mike", "m"), ("Janet", "f"), ("Steve", "m"), ("Fiona", "f"),
            ("Kevin", "m"), ("Nadia", "f"), ("Oliver", "m"), ("Rachel", "f"), ("Declan", "m"),
            ("Sofia", "f"), ("Martin", "m"), ("Helen", "f"), ("Ravi", "m"), ("Gemma", "f"),
            ("Pete", "m"), ("Yasmin", "f"), ("Callum", "m"), ("Bridget", "f"), ("Luis", "m"),
            ("Tanya", "f"), ("Hugo", "m"), ("Megan", "f"), ("Andre", "m"), ("Lucy", "f"),
            ("Frank", "m"), ("Erin", "f"), ("Sanjay", "m"), ("Maria", "f"), ("Dan", "m")]
EN_SURNAMES = ["Fletcher", "Hughes", "Patel", "Doyle", "Moreno", "Kaur", "Lindqvist", "Brennan",
               "Osei", "Turner", "Walsh", "Nguyen", "Price", "Costa", "Ferreira", "Murray",
               "Hale", "Dawson", "Sutton", "Adeyemi"]

# nominative, genitive, dative, accusative, instrumental, prepositional
RU_NAMES = [
    (("Марина", "Марины", "Марине", "Марину", "Мариной", "Марине"), "f"),
    (("Света", "Светы", "Свете", "Свету", "Светой", "Свете"), "f"),
    (("Наташа", "Наташи", "Наташе", "Наташу", "Наташей", "Наташе"), "f"),
    (("Юля", "Юли", "Юле", "Юлю", "Юлей", "Юле"), "f"),
    (("Ирина", "Ирины", "Ирине", "Ирину", "Ириной", "Ирине"), "f"),
    (("Лариса", "Ларисы", "Ларисе", "Ларису", "Ларисой", "Ларисе"), "f"),
    (("Вера", "Веры", "Вере", "Веру", "Верой", "Вере"), "f"),
    (("Даша", "Даши", "Даше", "Дашу", "Дашей", "Даше"), "f"),
    (("Алла", "Аллы", "Алле", "Аллу", "Аллой", "Алле"), "f"),
    (("Полина", "Полины", "Полине", "Полину", "Полиной", "Полине"), "f"),
    (("Павел", "Павла", "Павлу", "Павла", "Павлом", "Павле"), "m"),
    (("Игорь", "Игоря", "Игорю", "Игоря", "Игорем", "Игоре"), "m"),
    (("Костя", "Кости", "Косте", "Костю", "Костей", "Косте"), "m"),
    (("Миша", "Миши", "Мише", "Мишу", "Мишей", "Мише"), "m"),
    (("Антон", "Антона", "Антону", "Антона", "Антоном", "Антоне"), "m"),
    (("Денис", "Дениса", "Денису", "Дениса", "Денисом", "Денисе"), "m"),
    (("Роман", "Романа", "Роману", "Романа", "Романом", "Романе"), "m"),
    (("Женя", "Жени", "Жене", "Женю", "Женей", "Жене"), "m"),
    (("Максим", "Максима", "Максиму", "Максима", "Максимом", "Максиме"), "m"),
    (("Слава", "Славы", "Славе", "Славу", "Славой", "Славе"), "m"),
]
RU_CASES = {"n": 0, "g": 1, "d": 2, "a": 3, "i": 4, "p": 5}

JA_NAMES = [("田村", "m"), ("小林", "f"), ("松本", "m"), ("井上", "f"), ("山口", "m"),
            ("森", "f"), ("岡田", "m"), ("藤井", "f"), ("西村", "m"), ("福田", "f"),
            ("太田", "m"), ("原", "f"), ("中島", "m"), ("前田", "f"), ("小川", "m"),
            ("村上", "f"), ("近藤", "m"), ("遠藤", "f"), ("青木", "m"), ("斎藤", "f")]


class Name:
    def __init__(self, lang, forms, gender, surname=None):
        self.lang, self.forms, self.gender, self.surname = lang, forms, gender, surname

    def render(self, arg):
        if self.lang == "ru":
            return self.forms[RU_CASES.get(arg or "n", 0)]
        if self.lang == "en" and arg == "full":
            return "%s %s" % (self.forms, self.surname)
        return self.forms


# --------------------------------------------------------------------------------------
# kits: distractor exchanges
# --------------------------------------------------------------------------------------
class K:
    """A template kit: K(user_variants, assistant_variants, [user2, assistant2, ...]).

    Each use picks a so-far unused variant of the first user message, so a kit can be used
    at most len(user_variants) times in one dialog.  when=(lo, hi) restricts the kit to that
    part of the dialog (fraction of its length)."""

    def __init__(self, *steps, when=(0.0, 1.0), cap=None, tag=None):
        self.tag = tag
        assert steps and len(steps) % 2 == 0, steps
        self.steps = [(steps[i], steps[i + 1]) for i in range(0, len(steps), 2)]
        for u, a in self.steps:
            assert isinstance(u, list) and isinstance(a, list) and u and a, steps
        self.when = when
        self.cap = cap if cap is not None else len(self.steps[0][0])
        self.nsteps = len(self.steps)

    def make(self, ctx, used_variants):
        free = [i for i in range(len(self.steps[0][0])) if i not in used_variants]
        if not free:
            free = list(range(len(self.steps[0][0])))
        vi = ctx.rng.choice(free)
        out = []
        cache = {}
        for si, (us, as_) in enumerate(self.steps):
            ui = vi if si == 0 else ctx.rng.randrange(len(us))
            u = us[ui]
            # variants are written pairwise: the i-th answer belongs to the i-th message
            a = as_[ui] if len(as_) == len(us) else ctx.rng.choice(as_)
            out.append((ctx.fill(u, cache), ctx.fill(a, cache)))
        return out, vi


class F:
    """A function kit: fn(ctx) -> list of (user, assistant)."""

    def __init__(self, fn, cap=3, steps=1, when=(0.0, 1.0), tag=None):
        self.fn, self.cap, self.nsteps, self.when, self.tag = fn, cap, steps, when, tag

    def make(self, ctx, used_variants):
        return self.fn(ctx), None


TOKEN_RE = re.compile(r"\{([A-Za-z])(\d*)(?::([^{}]*))?\}")


class Ctx:
    def __init__(self, spec, rng):
        self.spec = spec
        self.lang = spec["lang"]
        self.rng = rng
        self.now = None
        self.frac = 0.0
        self.cur = spec["cur"]
        self.date_style = spec.get("date_style", "uk")
        self.lists = spec.get("lists", {})
        banned = set(spec.get("ban_names", []))
        if self.lang == "en":
            self.names = [Name("en", n, g, None) for n, g in EN_NAMES if n not in banned]
        elif self.lang == "ru":
            self.names = [Name("ru", f, g) for f, g in RU_NAMES if f[0] not in banned]
        else:
            self.names = [Name("ja", n, g) for n, g in JA_NAMES if n not in banned]
        self.surnames = [s for s in EN_SURNAMES if s not in banned]
        self.money_style = rng.randrange(12)

    def take(self, key, items=None):
        """An item of spec[key] (or of items) not used before in this dialog (then any)."""
        used = self.__dict__.setdefault("_taken", {}).setdefault(key, set())
        items = self.spec[key] if items is None else items
        free = [i for i in range(len(items)) if i not in used] or list(range(len(items)))
        i = self.rng.choice(free)
        used.add(i)
        return items[i]

    def today(self):
        return self.now.date()

    def future(self, lo=3, hi=35):
        return self.today() + _dt.timedelta(days=self.rng.randint(lo, hi))

    def date(self, lo=3, hi=35, weekday=False):
        return fmt_date(self.lang, self.date_style, self.future(lo, hi), self.rng, weekday)

    def money(self, lo, hi, step=None):
        if step is None:
            span = hi - lo
            step = 1 if span < 60 else 5 if span < 300 else 10 if span < 3000 else 50 \
                if span < 20000 else 500 if span < 200000 else 5000
        amount = lo + step * self.rng.randint(0, max(0, (hi - lo) // step))
        return fmt_money(self.cur, amount, self.rng, self.money_style)

    def fmt(self, amount):
        return fmt_money(self.cur, amount, self.rng, self.money_style)

    def pick(self, seq):
        return self.rng.choice(seq)

    def fill(self, text, cache):
        rng = self.rng

        def rep(m):
            kind, num, arg = m.group(1), m.group(2), m.group(3)
            key = kind + num
            if kind == "N":
                if key not in cache:
                    taken = {id(v) for k, v in cache.items() if k.startswith("N")}
                    pool = [n for n in self.names if id(n) not in taken]
                    nm = rng.choice(pool)
                    if self.lang == "en":
                        nm = Name("en", nm.forms, nm.gender, rng.choice(self.surnames))
                    cache[key] = nm
                return cache[key].render(arg)
            if kind == "U":
                a, b = arg.split("|")
                return a if self.spec.get("user_gender", "f") == "m" else b
            if kind == "g":
                nm = cache.get("N" + num)
                a, b = arg.split("|")
                return a if (nm is None or nm.gender == "m") else b
            if kind in ("D", "W"):
                if key not in cache:
                    lo, hi = (3, 35)
                    if arg:
                        lo, hi = (int(x) for x in arg.split("-"))
                    taken = {v for k, v in cache.items() if k[0] in "DW"}
                    for _ in range(20):
                        val = self.date(lo, hi, weekday=(kind == "W"))
                        if val not in taken:
                            break
                    cache[key] = val
                return cache[key]
            if kind == "T":
                if key not in cache:
                    cache[key] = fmt_time(self.lang, rng)
                return cache[key]
            if kind == "M":
                if key not in cache:
                    parts = [int(x) for x in arg.split("-")]
                    cache[key] = self.money(*parts)
                return cache[key]
            if kind == "C":
                if key not in cache:
                    parts = [int(x) for x in arg.split("-")]
                    saved = self.cur
                    self.cur = self.spec["cur2"]
                    try:
                        cache[key] = self.money(*parts)
                    finally:
                        self.cur = saved
                return cache[key]
            if kind == "K":
                if key not in cache:
                    lo, hi = (int(x) for x in arg.split("-"))
                    cache[key] = str(rng.randint(lo, hi))
                return cache[key]
            if kind == "L":
                key = key + ":" + arg
                if key not in cache:
                    cache[key] = rng.choice(self.lists[arg] if arg in self.lists
                                            else COMMON_LISTS[self.lang][arg])
                return cache[key]
            raise ValueError(m.group(0))

        return TOKEN_RE.sub(rep, text)


COMMON_LISTS = {"en": {}, "ru": {}, "ja": {}}


# ======================================================================================
# English: wrappers, fallback, generic and computed distractors
# ======================================================================================
WRAP = {}
FALLBACK = {}
GENERIC_KITS = {}
COMPUTE_KITS = {}

WRAP["en"] = {
    "open": ["ok so ", "right, ", "so — ", "hey, ", "hi again. ", "quick one: ", "Another thing: ",
             "random one: ", "ok, ", "sorry, ", "back again — ", "hm, ", "oh and ", "Question: "],
    "morning": ["morning! ", "Morning. ", "good morning — ", "morning, coffee in hand. "],
    "evening": ["evening! ", "late one, sorry: ", "kids finally asleep. ", "ok, evening brain: "],
    "tail": ["thanks!", "no rush", "x", "cheers", "ta", "🙏", "lol", "thank you"],
    "no_ack": ["Yes", "No", "Not", "Ha", "Sure", "Good", "Great", "Nice", "Oof", "Phew", "Absolutely",
               "Completely", "Very", "Probably", "Possibly", "Usually", "Right", "Noted", "Okay", "OK",
               "Lovely", "Brilliant", "Congratulations", "Annoying", "Irritating", "Poor", "Depends",
               "Happy", "That", "Most", "Often", "Really", "Yes,", "Ha,", "Short"],
    "ack_q": ["Sure. ", "Good question. ", "Happy to help. ", "Sure — "],
    "ack_s": ["Got it. ", "Noted. ", "Makes sense. ", "OK. "],
    "qwords": ["how", "what", "is", "do", "can", "could", "should", "any", "which", "where", "when", "why",
               "who", "does", "are", "would", "will", "help"],
    "follow": [" Want me to add that to the running list?", " Shall I keep a note of it here?",
               " Anything else on that one?", " Happy to dig into it more if useful."],
}


def _fallback_en(ctx):
    r = ctx.rng
    u = r.choice(["thanks", "thank you", "ok perfect", "brilliant, ta", "that helps, thanks",
                  "great", "ok that makes sense", "lovely", "perfect, cheers", "ok noted",
                  "amazing thank you", "super helpful", "right, got it", "fab"])
    u2 = r.choice(["", "", " — will do that tonight", ", off to make dinner", ", back later",
                   " x", " 🙏", ", that's one less thing", ", will report back", " lol",
                   ", my brain is fried today", ", need a cup of tea now"])
    a = r.choice(["You're welcome", "Anytime", "Glad it helps", "Good luck with it",
                  "No problem at all", "Happy to help", "Enjoy the break"])
    a2 = r.choice(["!", ".", " — shout if anything changes.", " — I'm here when you need the next bit.",
                   ". Ping me when you're back.", " — one step at a time.",
                   ". It's a lot to juggle, you're doing fine."])
    return u + u2, a + a2


FALLBACK["en"] = _fallback_en

GENERIC_KITS["en"] = [
    K(["ugh, slept terribly again. any tips that aren't 'no screens before bed'?",
       "is it normal to wake up at 4am every night when there's loads going on",
       "Not project related but — how do people switch their brain off at night? mine just runs lists"],
      ["A few that genuinely help: keep the wake-up time fixed even after a bad night, get daylight in the first hour of the day, and if you're awake for more than 20 minutes, get up and do something dull in dim light until you feel sleepy. Writing tomorrow's to-do list before bed also offloads the 'running lists' feeling.",
       "Very common when you're carrying a lot. Two things worth trying: a 'worry slot' in the early evening where you write down everything open and the next step for each, and a notepad by the bed so 4am thoughts go on paper instead of looping. If it lasts for weeks, mention it to your doctor.",
       "Short version: same wake time every day, caffeine cut-off around 2pm, a wind-down routine you repeat, and paper for the lists. The list part matters more than people expect — your brain keeps rehearsing what it's afraid of forgetting."]),
    K(["need a quick dinner idea, I have chickpeas, a sad courgette, feta and half a lemon",
       "what can I cook tonight with eggs, spinach, a tin of tomatoes and some stale bread? zero energy",
       "dinner inspo please, something in one pan, 20 mins, kid-friendly-ish"],
      ["Try a one-pan chickpea and courgette bake: soften the courgette in olive oil with garlic, add the drained chickpeas, a squeeze of lemon and some chilli flakes, then crumble feta on top and put it under the grill for 5 minutes. Good with bread or rice.",
       "Shakshuka-ish: fry garlic, add the tin of tomatoes and simmer 8 minutes, wilt the spinach in, make little wells and crack the eggs in, lid on for 5–6 minutes. Toast the stale bread with oil for dipping. Done in 20.",
       "One-pan sausage (or halloumi) traybake: chunks of potato, peppers and red onion, oil and paprika, 200°C for about 30 minutes — or for a true 20 minutes, a pan of pasta with tomatoes, frozen peas and grated cheese stirred through. Kids rarely argue with either."]),
    K(["my sister's birthday is {D1} and I've got nothing. she's into gardening and true crime podcasts. budget around {M1:30-60}",
       "gift idea for a friend turning 40? {N1} likes hiking, coffee and complaining about hiking",
       "need a thank-you present for our neighbour who's been putting up with everything. nothing huge"],
      ["A few ideas: a good pair of gardening gloves plus a kneeler, a subscription box of seeds, or a true-crime book by one of the podcast hosts she likes. A nice combo would be a tin of heritage seeds with a handwritten card.",
       "For the hiking-and-coffee combination: a proper insulated flask, a bag of beans from a local roaster, or a light camping coffee set. If you want something more experiential, a guided walk or a night at a hut somewhere scenic.",
       "Something consumable usually lands best: a bottle of something nice, a box of good biscuits, or flowers with a card acknowledging the noise and the dust. A voucher for a local café is another easy one."]),
    K(["can you help me word a polite no? {N1} wants us to host a barbecue on {D1} and there is absolutely no way",
       "how do I say no to a friend asking to borrow money without it being weird",
       "I need to turn down helping at the school fair this year. nicely. I always cave"],
      ["Try: \"We'd love to, but with everything going on at home right now we really can't host this time. Could we do something in a few weeks when things calm down? We'll bring the drinks.\" It's warm, gives a reason without over-explaining, and offers an alternative.",
       "Keep it short and about your situation rather than about them: \"I'm really sorry, I'm not in a position to lend money right now — we've got a lot of big costs at the moment. I hope you understand.\" No need to justify further; longer explanations invite negotiation.",
       "Something like: \"I'd love to help but I can't commit this year — we're in the middle of a big project at home. Happy to donate something for the raffle instead.\" Offering a small alternative makes the no feel generous rather than cold."]),
    K(["what's a reasonable amount to tip people who do a big job at your house? like, do you tip builders?",
       "is it weird to give tradespeople biscuits and tea all day or is that expected"],
      ["Tipping isn't expected for builders or trades in most places — they price their time into the quote. What people do appreciate is tea and coffee, paying promptly, and a good review or referral. For a small crew on a long job, a box of pastries on the last day goes a long way.",
       "Not weird at all — tea, coffee and a packet of biscuits is a very normal courtesy and usually very welcome. You don't have to feed them lunch. Ask on day one how they take their tea and you're sorted for the whole job."], tag="reno"),
    K(["watched the first episode of that new detective thing everyone's talking about. is it worth carrying on?",
       "need something light to watch tonight, nothing with murders, we've had a day",
       "any podcast recs for long drives? {N1} and I have run out"],
      ["Most people say the second and third episodes are where it gets going, so if the first one hooked you even a little, give it two more. If you're only watching out of obligation, life's too short.",
       "For something light: a baking or pottery competition show, a gentle sitcom rewatch, or a travel series. Comfort TV is a perfectly good choice after a long day.",
       "For long drives, serialised stuff works best: a narrative history podcast, a long-form investigative series, or a comedy panel show where you can drift in and out. An audiobook you both like is another good option."]),
    K(["what's the best way to keep track of receipts for all this? I have a drawer of paper and a very messy inbox",
       "how do you organise a ton of PDFs — quotes, invoices, contracts? everything is called 'scan0012'"],
      ["Simplest system that works: one folder (cloud or email label) with subfolders by supplier, and rename each file as date_supplier_amount, e.g. 2026-03-04_tiles_420. Photograph paper receipts the day you get them. Then a one-tab spreadsheet: date, supplier, what, amount, paid?, file name.",
       "Rename on the way in: YYYY-MM-DD_who_what.pdf. Put them in folders like Quotes / Invoices / Contracts / Certificates. Once a week, spend ten minutes filing the week's downloads — it's the backlog that makes it painful, not the system."]),
    K(["I have a cold, everyone in the house has a cold. is there anything that actually works",
       "feeling rough today — sore throat, headache. should I cancel my meeting at {T1}?"],
      ["Honestly, rest, fluids, paracetamol or ibuprofen for the aches, and honey and lemon for the throat are what actually help; most colds run 7–10 days. See a doctor if you have a high fever that won't settle, trouble breathing, or it drags on past a couple of weeks.",
       "If you can, move it or do it by phone — you'll be sharper in a day or two, and nobody minds a cancellation for a sore throat. Rest, fluids, and something for the headache. If the throat gets much worse or you get a high temperature, get it checked."]),
    K(["can you sanity-check this email before I send it? 'Hi {N1}, just following up on my last message, wondering if you had any update?'",
       "does this sound passive-aggressive: 'As per my previous email, could you confirm the date?'"],
      ["It's fine, just a bit vague. Try making the ask specific: \"Hi {N1}, just checking in on this — could you let me know by Friday whether that still works? Thanks!\" A concrete deadline gets a faster reply than 'any update?'.",
       "'As per my previous email' does read a little sharp. Softer but still clear: \"Just circling back on this — could you confirm the date when you get a chance? It'll help us plan the rest.\""]),
    K(["the car's making a grinding noise when I brake. garage can fit me in on {W1}. is that safe to drive till then",
       "MOT is due on {D1}, any easy things to check before so it doesn't fail on something silly?"],
      ["A grinding noise when braking usually means the pads are worn down to the metal, which also damages the discs. I'd drive as little as possible until then and ask whether they can fit you in sooner — brakes aren't worth gambling on.",
       "Easy pre-checks: all the bulbs (including number plate and brake lights — ask someone to help), wiper blades and washer fluid, tyre tread and pressures, horn, seatbelts, and any warning lights on the dash. Those cover a surprising share of fails."], tag="uk"),
    K(["Is it worth getting a cleaner once all this is over? we're both exhausted",
       "how often should you actually clean the fridge, asking for a friend (me)"],
      ["If the budget allows, a fortnightly cleaner is one of those things people rarely regret, especially when both of you are stretched. Start with a one-off deep clean after the works are done and see how it feels.",
       "A quick wipe of spills as they happen and a proper clear-out about once a month is plenty. Doing it the evening before the weekly shop makes it painless because the fridge is emptiest then."]),
    K(["our dog has started barking at every single noise. is that stress?",
       "the cat has decided to sleep in the airing cupboard and won't come out. should I worry"],
      ["Likely, yes — new people, new noises and a changed routine all ramp dogs up. Keep walks and feeding times regular, give them a quiet space away from the action, and reward calm behaviour. A long sniff-walk before the noisiest part of the day helps a lot.",
       "Probably not — cats hide when the house is noisy or changed, and an airing cupboard is warm and quiet. Keep food, water and a litter tray accessible, don't drag them out, and they'll re-emerge when things settle. If they stop eating for more than a day, call the vet."]),
    K(["what's a good way to run a family meeting about chores without everyone groaning",
       "how do I get a kid to actually tidy their room. bribery is on the table"],
      ["Keep it short, do it over food, and let everyone pick from a list rather than assigning. Agree one small thing each for a week and review it next time. A visible chart on the fridge helps more than reminders.",
       "Make it concrete and small: 'books on the shelf, clothes in the basket' rather than 'tidy your room'. A 10-minute timer and a song works well, and yes, a small reward for a streak is perfectly fine."]),
    K(["trying to run a bit more. is 3 times a week for 25 mins enough to actually improve",
       "I keep meaning to do yoga in the mornings. realistic routine for a total beginner?"],
      ["Yes — three 25-minute runs a week is a solid base, and you'll notice improvement within a month if you keep most of them easy and conversational. Add a little every couple of weeks rather than jumping up.",
       "Ten to fifteen minutes is plenty to start: a few rounds of sun salutations, a couple of standing poses and a short stretch. Doing it at the same time every day matters more than the length. There are good free beginner series online."]),
    K(["weather's supposed to be awful on {W1}. is there a site that's actually accurate more than 3 days out?",
       "raining sideways here again. is it me or has it rained every day this month"],
      ["Beyond about three to five days, no forecast is very reliable for specifics like rain at a given hour. The national weather service's own site tends to be the most balanced; check again the day before for anything weather-dependent.",
       "It does feel like that! Stretches like this happen when a slow-moving low sits over the area. If anything on the project is weather-sensitive, it's worth building in a few buffer days."]),
    K(["my mum keeps sending me articles about how everything we're doing is a mistake 🙃",
       "had a slightly tense call with my dad about our plans. he means well but"],
      ["That sounds wearing. It often comes from worry rather than disapproval. A short, warm update — 'here's what we've decided and why, and here's where you can help' — sometimes turns the worry into something useful.",
       "Big changes make parents anxious, and it often comes out as advice. It might help to share one specific thing they could help with; people tend to criticise less when they feel involved."]),
    K(["what's the difference between a quote and an estimate, legally? one of our suppliers keeps using the words interchangeably",
       "should I always get three quotes or is that just something people say"],
      ["Broadly: a quote is a fixed price for a defined job, while an estimate is a best guess that can change. If it matters, ask them to confirm in writing that it's a fixed quote and what would count as an extra.",
       "Three is a good rule of thumb for anything sizeable — it shows you the market rate and flags outliers. For small jobs or trusted trades, one good recommendation is often enough."]),
    K(["phone storage is full AGAIN. apparently 3,000 photos of receipts and screenshots",
       "how do I back up my phone photos properly, I'm paranoid about losing everything"],
      ["Ha. Turn on cloud photo backup, let it finish on wifi, then use 'optimise storage' so full-resolution copies live in the cloud. Deleting screenshots and old videos usually frees a lot too.",
       "Two copies in two places: automatic cloud backup from the phone, plus an occasional export to an external drive or computer. Check once that you can actually open a photo from the backup — that's the step people skip."]),
    K(["remind me what we said about contingency — what % do people usually keep aside?",
       "how much buffer should you have for stuff going over budget on a big household project"],
      ["A common rule of thumb is 10–15% of the total for a straightforward job, and closer to 20% for older buildings or anything with unknowns. Keep it as a separate line so it doesn't quietly get spent on upgrades.",
       "Most people aim for 10–20% depending on how many unknowns there are. If things have already gone over once, it's worth rebuilding the buffer rather than assuming the rest will go to plan."]),
    K(["{N1} from work is leaving and I've been asked to write something for the card. we weren't close. help",
       "need a two-line message for a colleague's retirement card, {g1:he|she}'s been there 30 years"],
      ["Something warm but not over-familiar: \"Thank you for always being so helpful and kind — it won't be the same without you. Wishing you all the best for what comes next!\"",
       "Try: \"Thirty years of making this place better — thank you for everything. Enjoy every minute of the retirement, you've more than earned it.\""]),
    K(["is it rude to ask someone to take their shoes off in your house",
       "random etiquette q: if someone gives you a bottle of wine at dinner, are you meant to open it that night?"],
      ["Not at all, it's common in lots of households. A light touch helps: keep a shoe rack and maybe a basket of slippers by the door, and say it casually when people arrive.",
       "No — a bottle brought as a gift is yours to keep. If the guest clearly brought it to share, it's nice to offer, but there's no obligation."]),
    K(["any tips for staying focused working from home when there's drilling next door all day",
       "I have a big deadline at work this week on top of everything. how do I not drop balls"],
      ["Noise-cancelling headphones with brown noise, and scheduling calls for times you know are quieter. If possible, decamp to a library or café for the focus-heavy hours.",
       "Write every open item down in one list, then pick the three that genuinely matter this week and block time for them first thing. Tell people in advance which things will slip — dropped balls hurt less when they're announced."]),
    K(["we're trying to eat less takeaway. we spent {M1:90-220} on it last month, which is embarrassing",
       "what's a realistic weekly food budget for a family of three, roughly"],
      ["Not embarrassing, just a sign of a busy month. Batch-cooking two big dishes on Sunday and keeping a couple of 'emergency' freezer meals usually cuts takeaways in half without much effort.",
       "It varies a lot by area and diet, but planning five dinners a week, shopping with a list, and cooking once for two nights typically brings it down noticeably. Track one month to get a real baseline first."]),
    K(["can you explain what a retention is? someone mentioned holding one back at the end",
       "what does 'practical completion' mean in a contract?"],
      ["A retention is a small percentage of the contract price — often 2.5–5% — that you hold back for an agreed period after the job is done, so any defects get fixed before the final payment. Agree it in writing up front.",
       "Practical completion is the point where the work is finished enough to be used as intended, apart from minor snags. It's often when the main payment falls due and when the defects period starts."], tag="reno"),
    K(["I think I need a weekend off from all of this. is that irresponsible lol",
       "we're going away for a night on {D1}, first break in ages. anything I should sort before"],
      ["Not remotely — a weekend off is how you avoid making bad decisions out of tiredness. Let the key people know you're unreachable and leave one emergency contact.",
       "Nice! Before you go: let anyone working on the house know, make sure someone has a key if needed, and put anything urgent in one message so you're not checking your phone all weekend."]),
    K(["how do I get the smell of paint out of a room quickly",
       "what actually removes plaster dust from everything? it's in the cupboards. it's in the CAT"],
      ["Ventilation is the main thing: windows open, a fan pointing outward. Bowls of bicarbonate of soda or coffee grounds help a little. Low-VOC paints make a big difference next time.",
       "Fine dust needs a vacuum with a HEPA filter, then damp microfibre cloths — dry dusting just moves it around. Do top to bottom. For the cat, a damp cloth and a brush; it won't hurt them."], tag="reno"),
    K(["the broadband's been dropping all week, very helpful timing",
       "what's a decent cheap mesh wifi setup? upstairs is a dead zone"],
      ["Restart the router, check the provider's status page, and try a wired connection to see whether it's the line or the wifi. If it drops on a cable too, call them — keep a log of the times, it helps get it escalated.",
       "A two- or three-node mesh kit from one of the mainstream brands is usually enough for a house. Put the second node halfway between the router and the dead zone, not in the dead zone itself."]),
    K(["{N1} recommended a book about decluttering. is that a rabbit hole",
       "I want to read something non-work before bed. fiction, not too heavy, any ideas"],
      ["It can be, but they're useful when you're about to move or reorganise rooms anyway — that's the best moment to let go of things. Take the one tip that fits and skip the philosophy.",
       "A cosy mystery, a funny memoir or a short novel you can finish in a week are good bedtime picks. Pick something with short chapters so you can stop whenever your eyes close."]),
    K(["hmm, we've got {N1}'s wedding on {D1} in the middle of all this. how do I plan around it",
       "friends are visiting on {W1} and staying two nights. the spare room is currently storage. help"],
      ["Block that weekend out completely and tell anyone working for you in advance. It's also a natural checkpoint: aim to have decisions made before it so nothing waits on you while you're away.",
       "Two options: clear a path and an airbed in the least chaotic room, or book them somewhere nearby and offer to cover a night. Friends usually prefer the honest chaos version, as long as there's a working loo and coffee."]),
    K(["is there a way to stop overthinking every single decision? i spent an hour choosing a laundry basket",
       "decision fatigue is real. we have like 40 more things to choose"],
      ["Set a rule: for anything under a certain cost, pick from the first three options you like and move on. Save deliberation for the expensive, hard-to-change things.",
       "Batch them: one evening, a list, a time limit per item, and a default ('the same as the last room', 'the mid-priced one'). Most of these choices nobody will notice in a year."]),
    K(["got a parking ticket outside our own house because of the skip permit thing. can I appeal",
       "council sent a letter about our bins being out on the wrong day, so that's fun"],
      ["Usually yes — write to the council with photos, any permit reference and a short explanation. Appeals with evidence succeed more often than people think. Note the deadline on the ticket; the discount period usually still applies while you appeal.",
       "Annoying but easy to fix. Check the collection calendar on the council site and set a recurring reminder the evening before. If contractors are using your bins, ask them to stop — that's a common cause."], tag="uk"),
    K(["what's the etiquette on reviews — should I leave one for everyone who does work for us?",
       "someone did a really good job for us last month. what's the most useful thing I can do for them"],
      ["It's not obligatory, but for small businesses a specific review is gold. Mention what they did, that they turned up when they said and kept things tidy. One honest paragraph is plenty.",
       "A detailed online review and a personal recommendation to friends are worth more to a small trader than almost anything else. Photos of the finished work help too, if you're happy to share them."]),
]


# ---------------- computed distractors (numbers are worked out, so they are right) ---------
def _en_money(ctx, amount):
    return ctx.fmt(amount)


def en_paint(ctx):
    r = ctx.rng
    L = r.choice([3.2, 3.5, 3.8, 4.1, 4.4, 4.6, 5.2])
    W = r.choice([2.6, 2.9, 3.1, 3.3, 3.6, 3.9])
    H = r.choice([2.4, 2.5, 2.6, 2.7, 2.9])
    coats = r.choice([2, 2, 3])
    cov = r.choice([10, 12, 13])
    walls = 2 * (L + W) * H
    net = walls - 2.0 - 1.5
    litres = net * coats / cov
    room = r.choice(["the back bedroom", "the box room", "the hallway bit we're repainting",
                     "the spare room", "the study", "the landing and the small room"])
    u = r.choice([
        "how much paint do I need for %s? it's %.1f x %.1f m, ceiling about %.1f m, one door one window. %d coats" % (room, L, W, H, coats),
        "paint maths please: %s, %.1fm by %.1fm, %.1fm high, %d coats, tin says %d m² per litre" % (room, L, W, H, coats, cov),
        "roughly how many litres for %s — %.1f by %.1f, walls %.1f high? doing %d coats" % (room, L, W, H, coats),
    ])
    tins = -(-litres // 2.5)
    a = ("Walls: 2 × (%.1f + %.1f) × %.1f = %.1f m². Take off roughly 3.5 m² for the door and window, so about %.1f m². "
         "At %d coats and around %d m² per litre that's %.1f litres — so %d × 2.5 L tins, or a 5 L plus a 2.5 L, with a little spare for touch-ups."
         % (L, W, H, walls, net, coats, cov, litres, tins))
    return [(u, a)]


def en_tiles(ctx):
    r = ctx.rng
    area = r.choice([3.4, 4.2, 5.6, 6.8, 7.5, 8.9, 11.3])
    tw, th = r.choice([(60, 30), (30, 30), (20, 10), (60, 60), (15, 7.5)])
    per_box = r.choice([6, 8, 10, 25, 44])
    waste = r.choice([10, 10, 15])
    per_m2 = 10000.0 / (tw * th)
    need = area * (1 + waste / 100.0)
    tiles = int(-(-need * per_m2 // 1))
    boxes = -(-tiles // per_box)
    u = r.choice([
        "tile count check: %.1f m² of wall, tiles are %sx%s cm, %d per box. how many boxes with waste?" % (area, tw, th, per_box),
        "if the area is %.1f square metres and the tiles are %s by %s, how many do I order? they come %d to a box" % (area, tw, th, per_box),
    ])
    a = ("Each tile is %.3f m², so about %.1f tiles per m². With %d%% extra for cuts and breakages you need %.2f m², "
         "which is %d tiles — %d boxes of %d. If it's a pattern with lots of cuts (herringbone, diagonal), go up to 15%%."
         % (tw * th / 10000.0, per_m2, waste, need, tiles, boxes, per_box))
    return [(u, a)]


def en_fx(ctx):
    r = ctx.rng
    a_code, b_code, lo, hi = ctx.spec["fx"]
    rate = r.randint(int(lo * 1000), int(hi * 1000)) / 1000.0
    amt = r.choice([250, 480, 750, 1200, 2350, 3900, 6400, 12500])
    conv = amt * rate
    u = r.choice([
        "if 1 %s is %.3f %s today, what's %s %s in %s?" % (a_code, rate, b_code, group3(amt, ","), a_code, b_code),
        "quick conversion: %s %s to %s at %.3f" % (group3(amt, ","), a_code, b_code, rate),
        "what would %s %s come to in %s, rate's about %.3f" % (group3(amt, ","), a_code, b_code, rate),
    ])
    a = r.choice([
        "%s %s × %.3f = %s %s. Banks and card providers usually add 1–3%% on top, so budget a little more if you're paying by card." % (group3(amt, ","), a_code, rate, "{:,.2f}".format(conv), b_code),
        "That comes to about %s %s (%s × %.3f). For a transfer that size a specialist transfer service is usually cheaper than the bank's rate." % ("{:,.0f}".format(conv), b_code, group3(amt, ","), rate),
    ])
    return [(u, a)]


def en_budget(ctx):
    r = ctx.rng
    picked = r.sample(ctx.spec["budget_items"], 4)
    items = [n for n, _, _ in picked]
    amts = [rand_amount(r, lo, hi) for _, lo, hi in picked]
    total = sum(amts)
    step = 500 if total > 1500 else 100 if total > 300 else 50
    budget = (total // step + r.choice([1, 2])) * step
    lines = ", ".join("%s %s" % (it, _en_money(ctx, am)) for it, am in zip(items, amts))
    u = r.choice(["can you add these up for me: %s. we set aside %s for this bit" % (lines, _en_money(ctx, budget)),
                  "running total check — %s. how much of the %s is left?" % (lines, _en_money(ctx, budget))])
    a = r.choice(["Those come to %s, which leaves %s of the %s." % (_en_money(ctx, total), _en_money(ctx, budget - total), _en_money(ctx, budget)),
                  "Total: %s. Remaining from %s: %s. The biggest single item is %s at %s." % (
                      _en_money(ctx, total), _en_money(ctx, budget), _en_money(ctx, budget - total),
                      items[amts.index(max(amts))], _en_money(ctx, max(amts)))])
    return [(u, a)]


def en_split(ctx):
    r = ctx.rng
    what, lo, hi = r.choice(ctx.spec["split_items"])
    total = rand_amount(r, lo, hi)
    k = r.choice([2, 3, 4, 5, 6])
    u = r.choice(["if %s comes to %s split %d ways, what's each share?" % (what, _en_money(ctx, total), k),
                  "we're splitting %s between %d of us, it was %s. per person?" % (what, k, _en_money(ctx, total))])
    share = total / k
    a = "%s ÷ %d = %s each%s." % (_en_money(ctx, total), k,
                                   ("%s" % _en_money(ctx, int(share))) if share == int(share) else "about %s" % _en_money(ctx, int(round(share))),
                                   "" if share == int(share) else " (round it and let one person absorb the pennies)")
    return [(u, a)]


def _en_weeks(days):
    w, d = divmod(days, 7)
    ws = "%d week%s" % (w, "" if w == 1 else "s")
    if d == 0:
        return "exactly " + ws
    return "%s and %d day%s" % (ws, d, "" if d == 1 else "s")


def en_countdown(ctx):
    r = ctx.rng
    d = ctx.future(9, 70)
    days = (d - ctx.today()).days
    ds = fmt_date("en", ctx.date_style, d, r)
    what = ctx.take("countdown_items")
    u = r.choice(["how many days until %s? that's %s" % (what, ds),
                  "how long have we got till %s — %s" % (ds, what)])
    a = "From today that's %d days — %s. " % (days, _en_weeks(days)) + r.choice(
        ["Plenty of time if the big decisions are made in the next fortnight.",
         "Worth putting a checkpoint halfway.",
         "Tight-ish, but fine if nothing slips."])
    return [(u, a)]


def en_discount(ctx):
    r = ctx.rng
    thing, lo, hi = r.choice(ctx.spec["shop_items"])
    price = rand_amount(r, lo, hi)
    pct = r.choice([10, 12, 15, 20, 25, 30])
    new = price * (100 - pct) / 100.0
    u = r.choice(["%s is %s but there's %d%% off this weekend. what does that make it?" % (thing, _en_money(ctx, price), pct),
                  "%d%% off %s — was %s. new price?" % (pct, thing, _en_money(ctx, price))])
    a = "%d%% of %s is %s, so it comes to %s. %s" % (
        pct, _en_money(ctx, price), _en_money(ctx, int(round(price * pct / 100.0))), _en_money(ctx, int(round(new))),
        r.choice(["Check whether delivery is included in the sale price.", "Worth it if you were buying it anyway.",
                  "Sales like this tend to come round again, so don't rush if you're unsure."]))
    return [(u, a)]


def en_drive(ctx):
    r = ctx.rng
    dest, klo, khi = r.choice(ctx.spec["drive_places"])
    km = r.randint(klo, khi)
    speed = r.choice([70, 80, 90, 100])
    if km < 60:
        speed = r.choice([40, 50, 60])
    h0 = r.choice([7, 8, 9, 10, 13])
    m0 = r.choice([0, 10, 15, 30, 45])
    mins = int(round(km * 60.0 / speed))
    stop = r.choice([10, 15, 20, 30])
    tot = mins + stop
    arr_h, arr_m = divmod(h0 * 60 + m0 + tot, 60)
    u = r.choice(["if we leave at %d:%02d for %s, it's about %d km and we average %d km/h with a %d-minute stop, when do we get there?" % (h0, m0, dest, km, speed, stop),
                  "drive to %s: %d km, say %d km/h average. leaving %d:%02d, plus a %d min break. ETA?" % (dest, km, speed, h0, m0, stop)])
    a = "Driving time is %d km ÷ %d km/h ≈ %dh %02dm, plus the %d-minute stop = %dh %02dm, so you'd arrive around %d:%02d. Add a bit for traffic near the end." % (
        km, speed, mins // 60, mins % 60, stop, tot // 60, tot % 60, arr_h, arr_m)
    return [(u, a)]


EN_DISHES = {
    "lasagne": [("minced beef", "g", 500), ("passata", "ml", 700), ("lasagne sheets", "", 12)],
    "chilli": [("minced beef", "g", 500), ("kidney beans", "tins", 2), ("chopped tomatoes", "tins", 2)],
    "dal": [("red lentils", "g", 300), ("coconut milk", "tins", 1), ("onions", "", 2)],
    "apple crumble": [("apples", "", 6), ("flour", "g", 150), ("butter", "g", 100)],
    "brownies": [("dark chocolate", "g", 200), ("butter", "g", 175), ("eggs", "", 3)],
    "potato salad": [("new potatoes", "kg", 1), ("mayonnaise", "g", 150), ("spring onions", "", 4)],
}


def _en_qty(q, un):
    if un in ("g", "ml"):
        return "%d%s" % (q, un)
    if un == "kg":
        return "%g kg" % q
    if un == "tins":
        return "%d tin%s" % (q, "" if q == 1 else "s")
    return "%d" % q


def en_recipe(ctx):
    r = ctx.rng
    base = r.choice([4, 6])
    want = r.choice([10, 12, 15, 18, 20])
    dish = ctx.take("en_dish", sorted(EN_DISHES))
    ing = EN_DISHES[dish]
    f = want / float(base)
    listed = ", ".join("%s %s" % (_en_qty(q, un), n) if un in ("", "tins") else "%s %s" % (n, _en_qty(q, un))
                       for n, un, q in ing)
    u = r.choice(["scaling a recipe: my %s serves %d, I need it for %d. it's %s" % (dish, base, want, listed),
                  "help me multiply this %s from %d portions to %d: %s" % (dish, base, want, listed)])
    parts = []
    for n, un, q in ing:
        v = q * f
        if un in ("g", "ml"):
            parts.append("%s %d %s" % (n, int(round(v / 10.0) * 10), un))
        elif un == "kg":
            parts.append("%s %.1f kg" % (n, v))
        elif un == "tins":
            parts.append("%s %d tins (%.1f, rounded up)" % (n, int(-(-v // 1)), v))
        else:
            parts.append("%s %d" % (n, int(round(v))))
    a = "The factor is %d/%d = %.2f, so: %s. %s" % (want, base, f, "; ".join(parts), r.choice(
        ["Cooking times go up a little for a deeper dish.", "For baking it's often easier to make two batches than one giant one.",
         "Season at the end — scaled-up salt can overshoot."]))
    return [(u, a)]


def en_convert(ctx):
    r = ctx.rng
    if r.random() < 0.5:
        ft2 = r.choice([85, 120, 140, 165, 210, 260, 320])
        m2 = ft2 * 0.092903
        u = r.choice(["what's %d square feet in square metres? the listing only gives sq ft" % ft2,
                      "%d sq ft → m²?" % ft2])
        a = "%d sq ft ≈ %.1f m² (1 sq ft = 0.0929 m²)." % (ft2, m2)
    else:
        inch = r.choice([24, 30, 32, 36, 48, 54, 60, 72])
        u = r.choice(["%d inches in cm? measuring for a %s" % (inch, r.choice(["sofa", "bookcase", "mirror", "rug", "desk"])),
                      "how many cm is %d\"" % inch])
        a = "%d in × 2.54 = %.1f cm." % (inch, inch * 2.54)
    return [(u, a)]


def en_dayrate(ctx):
    r = ctx.rng
    pick = r.choice(ctx.spec["dayrate"])
    who, rlo, rhi, extra = pick[:4]
    maxd = pick[4] if len(pick) > 4 else 5
    rate = rand_amount(r, rlo // 10, rhi // 10) * 10
    days = r.choice([d for d in [1, 1.5, 2, 2.5, 3, 3.5, 4, 5] if d <= maxd])
    mat = rand_amount(r, max(20, rate // 5), rate)
    tot = rate * days + mat
    u = r.choice(["%s: %s a day, about %g days, plus roughly %s for %s. total?" % (who, _en_money(ctx, rate), days, _en_money(ctx, mat), extra),
                  "%g days at %s a day + %s %s for %s, what's that come to" % (days, _en_money(ctx, rate), _en_money(ctx, mat), extra, who)])
    a = "%g × %s = %s, plus %s for %s = %s. %s" % (
        days, _en_money(ctx, rate), _en_money(ctx, int(rate * days)), _en_money(ctx, mat), extra, _en_money(ctx, int(tot)),
        r.choice(["Worth asking whether that's a fixed price or could run over.", "Get it confirmed in an email so there are no surprises.",
                  "Ask whether the extras are at cost or with a markup."]))
    return [(u, a)]


COMPUTE_KITS["en"] = [F(en_paint, cap=2, tag="reno"), F(en_tiles, cap=2, tag="reno"), F(en_fx, cap=3), F(en_budget, cap=3),
                      F(en_split, cap=3), F(en_countdown, cap=3), F(en_discount, cap=3), F(en_drive, cap=2),
                      F(en_recipe, cap=2), F(en_convert, cap=3), F(en_dayrate, cap=3)]


# ======================================================================================
# b13-en-01: renovation of a Victorian terrace (Leeds)
# ======================================================================================
EN01_KITS = [
    K(["Lee says the steel for the knock-through is arriving {W1}. do we need to be home for that?",
       "steel beam delivery {W1} apparently, 6 metres of it, down our tiny street. what could go wrong"],
      ["Usually someone from Lee's team receives it, but it's worth being reachable — the lorry may need the road clear, and the neighbours will appreciate a heads-up about the street being blocked for half an hour.",
       "Ha — narrow terraced streets and long steels are a classic combination. Ask Lee whether the supplier uses a crane lorry and how long it'll block the road, and warn the neighbours the day before."]),
    K(["Mrs Abernethy at number 14 is asking whether the knock-through affects her side. do we need a party wall thing?",
       "do we need a party wall agreement for putting a beam into the shared wall? neighbour is lovely but anxious"],
      ["If the steel bears into the party wall, yes — in England and Wales that needs a party structure notice, served at least two months before the work. If she consents in writing you don't need surveyors. A friendly chat plus the formal notice usually keeps it easy.",
       "Most likely yes, if the beam sits on padstones cut into the shared wall. Serve the notice (there are free templates on gov.uk), explain the dates, and offer to take schedule-of-condition photos of her side first — that protects both of you."]),
    K(["Priya (electrician) has asked how many double sockets we want in the kitchen. I said 'lots'. she wants a number",
       "priya wants the socket plan by {W1}. how many sockets is normal for a kitchen with an island?"],
      ["A working kitchen usually wants 6–10 doubles: a couple per worktop run, one or two on the island (pop-up or on the end panel), plus fused spurs for fridge, dishwasher, washing machine and oven. Walk through your morning routine and count what's plugged in at once.",
       "Roughly two doubles per run of worktop, one or two on the island, and spurs for each built-in appliance. Think about where the kettle, toaster, coffee machine and phone chargers actually live — that's where people come up short."]),
    K(["Priya says our consumer unit is ancient and needs replacing — quoted {M1:550-900}. is that a rip off?",
       "fuse box needs upgrading apparently (\"you've got a wooden-backed board, that's a museum piece\"). is it necessary"],
      ["That's within the normal range for a new consumer unit with RCD protection, including testing and certification. If the existing board has no RCDs, replacing it is genuinely worth it, and new kitchen circuits may not be certifiable without it.",
       "If it's a wooden-backed board with rewireable fuses, yes — it has no RCD protection, and new kitchen circuits need to connect to something that meets current regs. Unglamorous, but worth it."]),
    K(["Shaun the plasterer can start {W1}. how long before we can paint fresh plaster?",
       "new plaster in the dining room is still dark pink in patches. when can I paint it"],
      ["Fresh skim usually needs around four weeks to dry fully in normal conditions — it goes from dark pink or brown to an even light pink. Then a mist coat (watered-down emulsion) before the proper coats.",
       "Wait until it's evenly light pink with no dark patches — the patches are still wet. Then a mist coat of cheap matt emulsion thinned roughly 3:1 with water, and your colour on top."]),
    K(["Rob and I are arguing about paint. him: 'warm white'. me: a dark green in the dining end. mediate pls",
       "is dark paint in a north-facing room a terrible idea? want something moody for the dining end"],
      ["Compromise: keep the kitchen end a warm white so it stays bright for cooking, and do the dining end in the dark green — it defines the zones in an open-plan room. Paint big sample patches on two walls and look at them at night too.",
       "Not terrible at all — north light is cool and flat, so pale colours often go grey anyway. Dark colours lean into it and make the room cosy. Pick one with a warm undertone and paint large samples first."]),
    K(["kitchen units: the supplier says {K1:4-8} weeks lead time from order. do we order now or wait for the final measure",
       "should we order the kitchen before the walls are plastered? supplier wants a decision by {D1}"],
      ["Order on final measurements, but the final measure can happen once the knock-through is done and the walls are roughly in place — plaster only adds a few millimetres. Given the lead time, book the survey as soon as the steel's in.",
       "Book the survey now and order right after it. Units come in set widths with fillers for small differences, so plastering won't throw it off — moving a wall or a window would."]),
    K(["induction vs gas hob. we currently have gas. Rob is scared of induction",
       "is induction worth it? do we need all new pans"],
      ["Induction is faster, easier to clean and safer with a kid around — the surface cools quickly. It needs magnetic pans and a dedicated high-current circuit, which Priya should plan now rather than later.",
       "Most people who switch don't go back. You need pans with a magnetic base (test with a fridge magnet) and a dedicated radial circuit — tell Priya early, because it affects the first fix."]),
    K(["we're living out of the front room with a microwave and a kettle. how do people survive this for weeks",
       "temporary kitchen ideas? we lose the kitchen for about six weeks from {D1}"],
      ["Set up one station: microwave, kettle, toaster, a slow cooker or single induction plate, and a washing-up bowl with a drying rack in the bathroom. Batch-cook and freeze a few meals before the kitchen goes, and paper plates are allowed in the worst weeks.",
       "A slow cooker and an air fryer do most of the heavy lifting. Plan simple meals, wash up in a bowl in the bath, and budget for a couple of takeaways a week so it doesn't feel like failure when you need them."]),
    K(["the dining room ceiling has that swirly artex. Lee wants it tested for asbestos before they touch it. should we?",
       "asbestos test on the artex came back negative!! how relieved should I be"],
      ["Yes — artex applied before about 2000 can contain small amounts of asbestos. A test is cheap and tells you whether it needs a licensed contractor or can simply be skimmed over.",
       "Very! It means the ceiling can be skimmed or removed normally — no specialist contractor, no extra cost or delay."]),
    K(["building control want to inspect the steel before it's boxed in. Lee says {W1}. anything we need to do",
       "what does the building control inspector actually check on a beam"],
      ["Mostly just make it accessible — the inspector wants to see the steel, padstones and bearings before they're covered, checked against Colin's calcs. Keep a copy of the calculations to hand.",
       "That the beam matches the size and grade in the engineer's calculations, that it sits on proper padstones with enough bearing, and that fire protection is planned. Then they sign off that stage."]),
    K(["Colin's invoice for the structural calcs came in at {M1:350-700}. is that normal",
       "do we need the structural engineer back out for the bathroom? Colin charges {M1:150-300} a visit"],
      ["That's a normal fee for beam calculations and drawings for a single knock-through.",
       "Only if something structural changes — cutting joists, a heavy cast-iron bath on old boards, or opening a load-bearing wall. An email to Colin with photos might settle it without a visit."]),
    K(["bathroom debate: keep a bath or do a big walk-in shower? Maisie loves baths",
       "freestanding bath — yay or nay in a small Victorian bathroom (2.1 x 2.4)?"],
      ["With a kid who loves baths, I'd keep one — a shower over the bath with a good screen gives you both. Bath-free bathrooms can also put off family buyers later.",
       "In 2.1 × 2.4 m a freestanding bath is possible but it swallows the room and you lose storage. A good built-in bath with a panel and a shower over it usually works better at that size."]),
    K(["tile shortlist for the bathroom: white metro with grey grout, or green zellige. zellige is 3x the price",
       "choosing grout colour is apparently a personality test. white, grey or charcoal with white tiles?"],
      ["Metro with grey grout is timeless and forgiving. Zellige is beautiful but irregular and costs more to fit. A compromise is zellige only in the shower niche or on one feature wall.",
       "Mid-grey is the safe bet — hides dirt and still looks crisp. White looks freshest on day one but discolours fastest in a shower; charcoal is graphic but shows every wonky line."]),
    K(["Kasia wants to know if we're tiling floor to ceiling in the shower or just to 1.2m elsewhere",
       "Kasia asked who's ordering the adhesive and trims — her or us?"],
      ["Floor to ceiling in the shower is worth it for waterproofing and looks cleaner; half height elsewhere saves money and you can paint the rest with bathroom paint.",
       "Usually the tiler orders adhesive, grout and trims because they have their preferred products, and adds it to the bill. Ask for it itemised so you can compare."]),
    K(["got a quote to restore the sash windows at the front: {M1:1800-3400} for three. replacing would be roughly double. thoughts",
       "the sash windows rattle like mad. is draught-proofing worth it or do we just replace"],
      ["Restoration is often the better choice for an 1890s house — keeps the character, and with draught-proofing they perform surprisingly well. Double-glazed replacement sashes cost far more, as you've found.",
       "Draught-proofing plus new beads and sash cords can transform old windows for a fraction of the cost of replacement. Secondary glazing on the worst ones is a good halfway house."]),
    K(["there's a damp patch in the cellar after all the rain. Lee mentioned 'tanking'. what is that",
       "should we do anything about the cellar while the builders are here? it smells a bit musty"],
      ["Tanking is a waterproof membrane or coating on the cellar walls so water can't come through. Effective but not cheap — check simpler causes first, like blocked gutters, a leaking downpipe or high ground outside.",
       "Good moment to look. Check gutters and drains first — a surprising number of damp cellars are fixed from outside. A dehumidifier down there helps in the meantime."]),
    K(["lighting plan: spotlights everywhere, or pendants over the island + wall lights? Priya needs to know for first fix",
       "how many downlights for a 6m kitchen-diner? I don't want it to look like an operating theatre"],
      ["Layers work best: a few dimmable downlights for general light, pendants over the island, under-cabinet LEDs for the worktops, and wall lights or lamps at the dining end — each on its own circuit.",
       "Space them about 1–1.2 m apart and keep them off the centre line if you have pendants. Warm white (around 2700K) and dimmable avoids the operating-theatre look."]),
    K(["we're putting the dining furniture in a storage unit for {K1:4-8} weeks — {M1:80-160} a month. worth it or just stack it in the front room",
       "is storage insurance a scam? the unit place wants {M1:8-20} a month extra"],
      ["If the front room is your living space during the works, probably worth it — dust gets everywhere and furniture in a building zone gets dinged.",
       "Check your contents insurance first — many policies cover belongings temporarily stored elsewhere. If yours does, you can skip theirs."]),
    K(["Biscuit (cat) has disappeared under the bed since the drilling started",
       "the cat got out the back door when the builders were in. found him two gardens away"],
      ["Poor Biscuit. Give him one quiet room with food, water and litter, shut the door during the noisy hours, and a pheromone diffuser can take the edge off.",
       "Phew. Maybe keep him in one closed room on work days and put a sign on the back door for the builders — it's a very common way cats escape during works."]),
    K(["Lee's asking for the second stage payment: {M1:4000-7000}. the steel's in, walls are going up. feels right?",
       "how should stage payments work with a builder? we paid a deposit and now he wants more"],
      ["If the contract ties payments to stages and the structural stage is done, yes. Pay against completed work rather than time, and keep a note of what was signed off.",
       "Typically a small deposit, then payments as defined stages finish (structure, first fix, plastering), and a final payment after snagging. Never pay far ahead of the work done."]),
    K(["need another skip, the first one filled up in two days. {M1:220-330} for an 8-yarder",
       "can old plaster go in the skip or does it need special disposal"],
      ["Skips fill fast on a knock-through. If it goes on the road you'll need a council permit; ask about a 'wait and load' service if it's just one more load.",
       "Old lime plaster and rubble are fine in a general skip. Plasterboard (gypsum) often has to be kept separate — check with the skip company."]),
    K(["ceiling extractor over the island vs a downdraft one? the downdraft is {M1:900-1500}",
       "how powerful does a cooker hood need to be"],
      ["Ceiling extractors work well over islands if they're ducted outside; downdrafts look sleek but struggle with tall pans. The ducting route matters more than the model.",
       "Rule of thumb: about 10 air changes an hour, so kitchen volume × 10 gives the m³/h you want. Ducted to outside beats recirculating by a long way."]),
    K(["Maisie wants her room painted 'galaxy purple'. do I allow this",
       "kid wants glow-in-the-dark stars on her ceiling once the plastering's done, any issues"],
      ["Let her pick a feature wall and keep the rest neutral — she gets the drama, you get a room that's easy to repaint.",
       "Stick-on stars are fine once the plaster is fully dry and painted. On fresh paint they can pull it off when removed, so give it a few weeks."]),
    K(["how much space do you need around an island? ours would leave {K1:85-99}cm on one side",
       "island seating: how much overhang for stools?"],
      ["Aim for at least 100 cm on working sides, ideally 110–120 cm where people pass behind someone at the hob. Under a metre feels tight with drawers open.",
       "About 25–30 cm of overhang for knees, and around 60 cm of width per stool. Counter-height stools have a seat at roughly 65 cm."]),
    K(["starting a snag list already. what usually gets missed at the end of a renovation",
       "how do you do a proper snag list without being the annoying client"],
      ["Common misses: sealant gaps, paint on switches and sockets, doors that catch, missing skirting returns, unsealed joints, extractor ducting. Go room by room with a bright torch.",
       "Walk round once with the builder, list items with photos in a shared doc, and agree dates for fixes. Being clear and organised isn't annoying — it's what good builders prefer."]),
    K(["boiling water tap: gimmick or life-changing?",
       "tap finishes: brushed brass or black? worried brass is a trend"],
      ["People who have them mostly love them, but they're pricey and need a tank under the sink plus filter changes. With a 7-year-old, get one with a childproof handle.",
       "Brushed brass is warm and suits a Victorian house; black shows limescale marks in hard water. If you're wary of trends, chrome or brushed steel are timeless."]),
    K(["should I give the neighbours a note about the noise? we've got another {K1:3-5} weeks of heavy stuff",
       "neighbour on the other side (not Mrs A) complained about the builders' van blocking his drive"],
      ["Yes — a short note with working hours, the noisiest days and your number goes a long way. Chocolates with it don't hurt.",
       "Apologise, ask Lee to get the van parked elsewhere, and give him your number for next time. Small gestures now prevent a proper falling-out."]),
    K(["we're {M1:1200-2600} over on the knock-through because of the extra lintel. Rob is stressed",
       "what do people cut first when the budget's blown"],
      ["That happens on most old-house jobs. Move it against the contingency and find something to postpone, like the garden or the decorating.",
       "Usually finishes that can be upgraded later: decorating, light fittings, furniture, the garden. Keep spending on anything hidden in walls or floors — that's what's expensive to change later."]),
    K(["original doors: strip them or paint them?",
       "worth getting the Victorian doors dipped and stripped? {M1:60-95} a door"],
      ["Painted pine doors look right in a Victorian house and it's cheaper. Stripped looks lovely but dipping can loosen the joints.",
       "Dipping can loosen joints and raise the grain; hand-stripping is gentler but slow. If you'll paint them anyway, sand and repaint."]),
    K(["found an original fireplace behind the boarded-up chimney breast in the dining room!!",
       "can we open up the old fireplace in the dining room or is that a big job"],
      ["Lovely find! Get the chimney swept and smoke-tested before you ever light it, and check there's a cap or cowl on top. Even purely decorative, it's a great feature.",
       "Opening it up can be straightforward, but you need a sweep, a smoke test, and to check the flue isn't shared with next door."]),
    K(["bathroom suite delivery is {W1} between 7 and 1. where on earth do I put a bath",
       "the loo arrived but the basin is on back order until {D1}"],
      ["Keep it in its packaging in the least-used room, leaning against a wall, with the delivery note taped on — and check for damage before signing.",
       "Annoying. Get the confirmed date in writing and tell Lee — the rest can carry on, and the basin only goes in at second fix anyway."]),
    K(["everything tastes of dust. is it bad for us to breathe this",
       "should Maisie stay at my mum's during the demolition week?"],
      ["Builders' dust isn't great to breathe. Ask the team for zip doors and dust sheets and to use extraction on their tools; keep bedroom doors shut and run an air purifier if you have one.",
       "If your mum's happy to, it's a good idea for the loudest, dustiest week — kids are more sensitive to dust and it's less stress for everyone."]),
    K(["Rob wants underfloor heating in the bathroom. electric mat, {M1:300-550} fitted. worth it?",
       "is electric underfloor heating expensive to run in a small bathroom?"],
      ["In a small bathroom, an electric mat is cheap to install and lovely on cold mornings. Put it on a timer and thermostat so it only runs when you're actually using the room.",
       "In a room that size it's modest — a small mat on a timer for an hour or two a day costs little. The key is the thermostat and timer; left on all day it adds up."]),
    K(["Lee says we need to choose skirting profile by {W1}. torus, ogee or 'Victorian' — they all look the same to me",
       "do we match the old skirting in the hallway or go simpler in the new kitchen"],
      ["For an 1890s house, a taller ogee or a Victorian profile suits the rooms; torus is a bit more 1930s. Match whatever's in the hall so it flows through.",
       "Matching the hallway keeps it coherent, especially with the knock-through making one big space. A reclamation yard or a joiner can usually copy an old profile."]),
]

EN01 = {
    "id": "b13-en-01", "lang": "en", "n": 232, "start": "2026-02-02", "span": 49,
    "cur": "GBP", "date_style": "uk", "fx": ("GBP", "EUR", 1.13, 1.19),
    "budget_items": [("tiles", 300, 900), ("paint", 80, 250), ("light fittings", 150, 600), ("skirting", 80, 250),
                     ("door handles", 60, 200), ("grout and adhesive", 40, 120), ("bathroom taps", 120, 400),
                     ("plasterboard", 80, 250), ("sealant", 15, 40), ("the mirror cabinet", 120, 350)],
    "split_items": [("the skip", 220, 330), ("the storage unit", 80, 160), ("Mum's birthday meal", 120, 260), ("the takeaway from Friday", 40, 75), ("the hired dehumidifier", 60, 120)],
    "countdown_items": ["our half-term week in Whitby", "Maisie's birthday", "Rob's parents visiting", "the kitchen survey"],
    "shop_items": [("the extractor", 400, 1200), ("a dishwasher", 350, 800), ("the bathroom mirror cabinet", 150, 400), ("a pendant light", 60, 250), ("the rug", 150, 500), ("a bar stool", 60, 180)],
    "drive_places": [("Rob's parents in Durham", 110, 130), ("the reclamation yard near York", 35, 45), ("the tile showroom in Manchester", 65, 75), ("Whitby", 95, 110)],
    "dayrate": [("the decorator", 150, 230, "materials"), ("Shaun", 160, 240, "materials"), ("the carpenter", 180, 260, "timber"), ("the handyman", 140, 200, "materials")],
    "lists": {},
    "skip_tags": [],
    "intro": [(
        "Hi! So we've finally started the big renovation on our house in Headingley — 1890s terrace, kitchen knock-through plus the bathroom upstairs. I'm going to use this chat to keep my head straight over the next couple of months if that's ok. It's me (Hannah), my partner Rob, and our daughter Maisie who is 7 and thinks the builders are the best thing ever.",
        "That sounds like a great project — and yes, one running chat as a project notebook works well. I can help you keep track of who's doing what, quotes, dates and decisions, and draft messages to the trades. Where are you up to: still collecting quotes, or are people already booked?")],
    "slots": [
        {"kind": "name", "fact": "plumber", "q": "sorry, remind me who's actually doing our plumbing now?",
         "answers": ["Tomasz Wilk", "Tomasz", "Wilk"], "wrong": ["Gary Pruitt", "Gary", "Pruitt"]},
        {"kind": "number", "fact": "worktop quote", "q": "how much was the quote for the quartz worktops again?",
         "answers": ["3,850"]},
        {"kind": "date", "fact": "tiler start date", "q": "when is the tiler starting with us?",
         "answers": ["20th of April", "20 April"], "wrong": ["13 April"]},
        {"kind": "decision", "fact": "kitchen flooring", "q": "what did we end up choosing for the kitchen-diner floor?",
         "answers": ["engineered oak"]},
        {"kind": "reason", "fact": "skylight dropped", "q": "why did we drop the skylight over the kitchen?",
         "answers": ["rafters"]},
    ],
    "events": [
        {"at": 0.07, "ex": [(
            "ok plumbing sorted I think. we're going with Gary Pruitt (Pruitt & Sons, the one Lee the builder recommended). he'll do the bathroom first fix and move the kitchen sink over to the island side.",
            "Great — so Gary Pruitt is on plumbing: bathroom first fix plus relocating the sink. Worth asking him early whether the waste run to the island has enough fall, because that sometimes dictates where the island can go.")]},
        {"at": 0.19, "ex": [(
            "Kasia (tiler) has us in her diary — she starts Monday 13 April, bathroom walls first then the kitchen splashback",
            "Lovely, noted: Kasia starts Monday 13 April. That leaves time for the plastering to finish and dry before tiling, which is the main thing to protect.")]},
        {"at": 0.26, "ex": [(
            "we've shelved the skylight over the kitchen. Colin (the structural engineer) came out and the rafters are undersized for cutting an opening — they'd need doubling up and a new trimmer, which means roofer + scaffold + another building control visit, and it just snowballs past our budget",
            "That's a sensible call. Strengthening rafters for a roof window is doable, but it drags in scaffolding, a roofer and an extra inspection, so the cost climbs fast. You could revisit it later as a separate job, or get more light in with a glazed back door instead.")]},
        {"at": 0.33, "ex": [(
            "worktop quote came back from the stone place in Kirkstall: £3,850 for the quartz, that's templating, fitting and the undermount sink cut-out. more than I hoped tbh",
            "£3,850 fitted for quartz with an undermount cut-out is within the normal range for a kitchen that size — most of the cost is fabrication and fitting rather than the slab itself. To bring it down, ask what it would be with a 20mm slab instead of 30mm, or without the upstands.")]},
        {"at": 0.40, "ex": [(
            "decision made on the floor!! engineered oak, the wide plank one in matt lacquer, right through the kitchen and dining. LVT would've been cheaper but it felt a bit plasticky underfoot and Rob hated the samples",
            "Nice — engineered oak is a good call for a knock-through because it reads as one continuous space, and it copes better than solid wood if you ever add underfloor heating. Ask the fitter about the expansion gap at the back door threshold.")]},
        {"at": 0.47, "ex": [(
            "bit of a setback. Gary's pulled out — says he's double-booked on a new-build in Harrogate until summer. Rob's mate put us onto a guy called Tomasz Wilk, he came round this morning, really thorough, and he's taking over all the plumbing from next week",
            "Annoying, but Tomasz sounds like he might even be an upgrade if he was that thorough on the visit. Since he's stepping in mid-plan, send him the drawings and the note about the island waste run, and confirm in writing what's included — bathroom first fix, the sink move, and whether he's doing final connections too.")]},
        {"at": 0.66, "ex": [(
            "Kasia messaged — her current job overran so she's shunting us back a week, she'll now be with us from the 20th of April. honestly fine, the bathroom wouldn't have been ready anyway",
            "That probably works in your favour. So tiling now starts on 20 April — worth letting Lee know so the second-fix plan lines up with it.")]},
    ],
    "kits": EN01_KITS,
}


# ======================================================================================
# b13-en-02: relocation Toronto -> Lisbon
# ======================================================================================
EN02_KITS = [
    K(["what exactly is a NIF and why does everyone keep telling me I need one before anything else",
       "do all three of us need a NIF or just me and Marcus?"],
      ["The NIF is the Portuguese tax identification number. You need it for almost everything — renting, opening a bank account, utilities, even a phone contract — which is why it comes first. Non-residents usually get it through a fiscal representative or a lawyer.",
       "Each person who signs contracts or holds accounts needs one; in practice families often get one for the child too, because schools, health registration and some insurers ask for it. It's quick once you have a representative."]),
    K(["can we open a Portuguese bank account from Toronto or do we have to be there",
       "which bank is easiest for foreigners in Portugal? people keep saying ActivoBank or Millennium"],
      ["Some banks let non-residents open accounts remotely with a NIF, passport and proof of address and income, but many still want you in a branch. Having the account before the visa appointment helps, since the D7 asks for funds in a Portuguese account.",
       "Both are commonly used by newcomers. ActivoBank is app-first and cheap; Millennium bcp is its parent with more branches. Ask each which documents they accept from a Canadian address — that's usually the sticking point."]),
    K(["apostille question: do our birth certificates and marriage certificate need one for Portugal?",
       "how long does an apostille take in Ontario right now?"],
      ["Yes — civil documents for the residence process generally need an apostille, and some also need a certified translation into Portuguese. Canada has issued apostilles since it joined the Hague convention in January 2024.",
       "It varies with demand; Ontario's official documents service publishes current processing times, and mail-in takes longer than in person. Build in a few weeks' margin and ask your lawyer which documents actually need one."]),
    K(["RCMP background check — do we really need fingerprints for that?",
       "the criminal record check came back for Marcus but not for me yet. it's been {K1:12-25} days"],
      ["For a certified criminal record check from the RCMP, yes — fingerprints are taken by an accredited agency and sent electronically. It's usually faster than people expect.",
       "Processing times vary, and one spouse often gets it before the other. If it's past the published processing time, the fingerprinting agency can usually check the status for you."]),
    K(["D7 income question: how much passive income do they want to see for a family of three?",
       "Marcus's salary is remote-employment income, not passive. does the D7 still work or should we look at the digital nomad visa"],
      ["The D7 threshold is pegged to the Portuguese minimum wage: 100% for the main applicant, plus 50% for a spouse and 30% for each child. Check this year's figure with your lawyer, because it rises with the minimum wage.",
       "Good question to put to the lawyer. The D7 is aimed at passive income, while the digital nomad visa (D8) is designed for remote workers with a foreign employer. Which one fits depends on how the income is documented."]),
    K(["health insurance for the visa: does our Canadian travel insurance count?",
       "which private health insurers do expats use in Portugal? someone mentioned Médis"],
      ["Usually not on its own — the consulate wants coverage valid in Portugal for the first months, including repatriation. Many people buy a short policy specifically for the visa and switch once registered.",
       "Médis, Multicare and Allianz are the names you hear most. Compare waiting periods, outpatient limits and whether dental is included — premiums for a child are quite low."]),
    K(["Juno's paperwork — what does a dog need to fly from Canada to Portugal?",
       "the vet says Juno needs a certificate issued within 10 days of travel. is that right?"],
      ["For the EU: a microchip, a rabies vaccination given after the chip and at least 21 days before travel, and an EU health certificate completed by your vet and endorsed by the CFIA. Canada doesn't need a rabies titer test for entry into the EU.",
       "Yes — the EU animal health certificate has to be issued by your vet and endorsed by the CFIA within 10 days of arrival. Book both appointments now, because the CFIA endorsement slots get busy in summer."]),
    K(["Juno is 22 kg so she can't go in the cabin. how bad is cargo for dogs really?",
       "which airlines are ok for dogs in the hold between Toronto and Lisbon?"],
      ["Most flights go fine. Practical steps: a direct flight, avoiding the hottest months, an IATA-approved crate she's used to sleeping in, and no sedation unless the vet says otherwise.",
       "Both main carriers on the route have a pet policy, but rules change by season and aircraft. Ask about summer embargoes for hold travel, and whether booking through a pet relocation service is required."]),
    K(["selling the car: dealer offered {M1:14000-19000}, Marketplace listings are around {M2:19000-23000}. worth the hassle?",
       "should we keep the car until the last week or sell it early?"],
      ["The gap is probably worth a couple of weekends of hassle, unless you're short on time. A middle option is an online instant-offer service, which usually lands between the two.",
       "Selling a few weeks early loses you the car in the busiest period; selling at the last minute risks a bad price. Many people sell with a handover date and borrow or rent for the final week."]),
    K(["Toronto lease: how much notice do we need to give the landlord?",
       "landlord wants us to sign something if we leave before the lease ends. is that normal"],
      ["In Ontario, a tenant gives at least 60 days' written notice, ending on the last day of a rental period, usually with the N9 form. Check your lease end date first.",
       "An agreement to end the tenancy early (often the N11 form) is normal and protects both sides. Read the move-out date carefully and make sure the deposit handling is written down."]),
    K(["Portuguese lessons — European Portuguese is so different from the Brazilian stuff on apps",
       "Eli's asking to learn Portuguese with me. any kid-friendly resources for European Portuguese?"],
      ["It really is — the vowels get swallowed. Look specifically for European Portuguese courses; a weekly online tutor from Portugal plus a podcast for listening works well.",
       "Picture books and cartoons dubbed in European Portuguese work well, and a weekly video session with a tutor from Portugal turns it into a game. Even 15 minutes a day together helps."]),
    K(["we'll need somewhere to land for the first {K1:2-4} weeks. Airbnb or a serviced apartment?",
       "is it risky to sign a lease from abroad without seeing the place?"],
      ["For a family with a dog, a serviced apartment or a pet-friendly holiday rental near the flat you've chosen is easiest. Check that the host can issue a proper invoice.",
       "It can be done safely: get a video walkthrough, have your lawyer check the contract and the landlord's ownership, never pay a deposit before the contract is signed, and pay by traceable transfer."]),
    K(["Alvalade vs Estrela for a family — thoughts?",
       "someone said Parque das Nações is 'like Canada with better weather'. is that a compliment"],
      ["Alvalade is residential, flat, with parks, schools and good metro links; Estrela is prettier and more central but hillier and pricier. For daily life with a kid and a dog, Alvalade wins on practicality.",
       "Ha — partly. Parque das Nações is modern, flat, by the river, with wide pavements and newer flats, so it feels familiar to North Americans. Less old-Lisbon character, but easy living."]),
    K(["phone plans in Portugal — MEO, NOS or Vodafone?",
       "can we keep our Canadian numbers after we move? 2FA codes for banks etc."],
      ["All three cover Lisbon well; differences are mostly in bundles with home internet and TV. Pick whichever offers the best package for the flat's address.",
       "Yes, for a while — port them to a cheap plan or a VoIP service so 2FA texts still arrive, then move your bank and government logins to app-based authentication over time."]),
    K(["shipping quotes: air freight for {K1:10-20} boxes vs a shared container. the container is cheaper but takes {K2:8-12} weeks",
       "what should we not bother shipping?"],
      ["If you can live out of suitcases for a couple of months, a shared container is cheaper for furniture; air freight suits a few boxes you need quickly. Many families do both: a small air shipment plus sea freight.",
       "Skip most electrical appliances (different voltage and plugs), cheap flat-pack furniture, and anything you'd replace for less than it costs to ship. Keep sentimental items, good tools and quality furniture."]),
    K(["Eli had a meltdown about leaving his best friend tonight",
       "how do you help a 9-year-old say goodbye to friends properly"],
      ["Really normal. Letting him be sad without rushing to fix it helps; then concrete things — a goodbye party, a photo book, and a planned first video call after the move.",
       "Give him some control: let him plan a goodbye event, exchange addresses, pick a few friends to video-call regularly. Kids adjust faster when they know the friendships don't just vanish."]),
    K(["Marcus's employer is fine with him working from Portugal but HR wants to know about tax. who do we ask?",
       "do we stop being Canadian tax residents when we move?"],
      ["A cross-border accountant who handles both Canada and Portugal. Payroll, social security and residency rules interact, so get advice before the move date rather than after.",
       "Not automatically — Canada looks at residential ties like a home, spouse and dependants. Leaving can trigger a 'departure tax' on some assets. Definitely one for a cross-border accountant."]),
    K(["mail forwarding from Toronto — worth it?",
       "what do I do about Canadian accounts that need a Canadian address?"],
      ["A Canada Post mail forwarding for a few months is worth it to catch the stragglers. Go paperless everywhere you can before you leave.",
       "Some accounts let you keep a foreign address; others need a Canadian one. Options are a trusted relative's address or a mail-scanning service. Check your bank and brokerage terms first."]),
    K(["can we use our Canadian appliances there? the coffee machine is my baby",
       "what plugs do they use in Portugal"],
      ["Portugal is 230V, 50Hz. Anything labelled 100–240V (most chargers and laptops) works with a plug adapter; a 120V-only coffee machine would need a heavy transformer — usually easier to buy a local one.",
       "Type F (Schuko) sockets, the round two-pin European kind, at 230V. Bring a few adapters for the first days."]),
    K(["where do people buy furniture in Lisbon when they arrive with nothing?",
       "second-hand furniture in Lisbon — is there a good marketplace?"],
      ["IKEA at Alfragide or Loures for basics, plus local furniture shops and Leroy Merlin for home bits. Delivery usually takes a few days.",
       "OLX is the big classifieds site, and Facebook Marketplace and expat groups are active too, especially when people leave in summer."]),
    K(["Eli wants to do a summer camp when we arrive so he meets kids. any idea how that works there?",
       "are there holiday clubs in Lisbon in July/August for kids who don't speak Portuguese yet?"],
      ["Lisbon has plenty of 'campos de férias' run by schools, sports clubs and the municipality — surf, football, science camps. Some international schools run English-language ones.",
       "Yes — sports-based ones like surfing or football work well because language matters less. Book early; popular ones fill up in spring."]),
    K(["should we do a farewell party here or is that too much with everything else",
       "Keisha (Marcus's sister) wants to throw us a goodbye dinner on {D1}. sweet but that's packing week"],
      ["A low-effort version works: an open house afternoon with pizza. People want to say goodbye, and it saves you a dozen separate coffees.",
       "Maybe suggest a slightly earlier date, or ask her to host it at her place so you don't have to clean or cook. People usually understand."]),
    K(["how hot is Lisbon in August? flats don't have AC, right?",
       "do we need to buy air conditioning for the flat?"],
      ["August is usually in the high 20s to low 30s, with occasional heatwaves near 40. Many older flats have no AC; shutters closed by day, windows open at night and a couple of good fans help a lot.",
       "Not always — if the flat has good cross-ventilation and shutters, fans are often enough. If it's top floor and south-facing, a portable or split unit might be worth it for heatwaves."]),
    K(["best way to move money from Canada to Portugal without losing a fortune?",
       "Wise vs the bank for the deposit transfer?"],
      ["A specialist transfer service usually beats the banks on both the exchange rate and fees. For large transfers, compare the final euro amount, not just the advertised fee.",
       "Wise is usually cheaper for a one-off transfer — you see the mid-market rate and a fee upfront. For very large amounts, ask your bank for a quote too."]),
    K(["how do schools work there — when does the school year start?",
       "is Year 5 the same as Grade 4 in Portugal? I'm confused about which year Eli goes into"],
      ["The Portuguese school year normally starts in mid-September and ends in June, with breaks at Christmas, Carnival and Easter.",
       "It depends on the school's system. British-curriculum schools use Years (Year 5 = age 9–10), Portuguese schools use 'anos' (4º/5º ano), and American ones Grades. Go by his date of birth and ask the admissions office."]),
    K(["public transport in Lisbon: is there a monthly pass?",
       "is Lisbon actually walkable with a kid or is it all hills and trams"],
      ["The Navegante pass covers metro, buses and trams in the region for a fixed monthly price, and kids travel cheaply or free. You load it on a card.",
       "It's hilly, but many neighbourhoods are quite flat within themselves. Comfortable shoes, and using the metro for longer hops. Cobbles are slippery when it rains!"]),
    K(["Eli's vaccination records — do they need translating?",
       "we'll need a family doctor there. how does that work?"],
      ["Schools and the health centre may ask for a vaccination record; a certified translation or the WHO yellow card helps. Bring the original plus a copy.",
       "Once you're resident you register with the local health centre (centro de saúde) for an SNS number. Many expats also keep private insurance for faster appointments and English-speaking doctors."]),
    K(["decluttering is brutal. we have {K1:9-14} boxes of Marcus's books",
       "how do you decide what to keep when moving abroad?"],
      ["Ask him to pick the ones he'd be sad to re-buy, donate the rest, and maybe keep the sentimental ones in storage with family. Shipping books is heavy and pricey.",
       "A simple test: would I pay to ship this, and would I buy it again if I didn't have it? If not, sell or donate. Keep sentimental items and anything hard to replace."]),
    K(["Rui (the rental agent in Lisbon) wants a guarantor or six months upfront. we don't have a guarantor there",
       "is it normal for Lisbon landlords to ask for months of rent upfront from foreigners?"],
      ["Very common when you have no Portuguese income history. Options: offer extra months upfront, rent-guarantee insurance, or a bank guarantee. Make sure it's in the contract as advance rent, not an extra deposit.",
       "Unfortunately yes, it's common. Negotiate: offer a smaller number of months, proof of savings and an employer letter, and get everything in the registered contract."]),
    K(["driving in Portugal — can I use my Ontario licence?",
       "do we even need a car in Lisbon?"],
      ["For a short period as a visitor, generally yes; once resident you'll need to exchange or retake. Rules depend on agreements between Portugal and your province, so check with IMT or your lawyer.",
       "Many families in central Lisbon don't. Between the metro, buses, Uber and car-sharing you can manage; rent a car for weekend trips."]),
    K(["documents checklist please — what should go in the 'carry on the plane' folder?",
       "what's the most annoying thing people forget when moving abroad?"],
      ["Passports and visas, birth and marriage certificates (apostilled), the lease, bank letters, insurance policies, Juno's health certificate, school records and vaccination cards, plus digital copies in the cloud.",
       "Common ones: prescriptions and medical records, driving records (for insurance discounts), tax documents for the year you leave, and cancelling recurring subscriptions in the old country."]),
]

EN02 = {
    "id": "b13-en-02", "lang": "en", "n": 298, "start": "2026-04-06", "span": 56,
    "cur": "CAD", "cur2": "EUR_en", "date_style": "us", "fx": ("CAD", "EUR", 0.64, 0.69),
    "budget_items": [("the apostilles", 60, 200), ("translations", 200, 600), ("Juno's vet visits", 150, 450), ("the crate", 200, 450),
                     ("fingerprinting", 50, 100), ("the storage unit", 150, 300), ("the travel insurance", 200, 600),
                     ("the courier", 40, 120), ("extra luggage", 150, 400), ("the cleaners for the old place", 250, 450)],
    "split_items": [("the farewell pizza", 90, 180), ("the cabin weekend", 600, 1200), ("the moving truck rental", 250, 480), ("Keisha's birthday gift", 80, 200)],
    "countdown_items": ["the garage sale", "Marcus's work offsite", "Keisha's birthday", "the dentist check-up before we go", "Eli's school concert"],
    "shop_items": [("a suitcase set", 200, 500), ("the dog crate", 150, 350), ("noise-cancelling headphones", 250, 450), ("a new laptop bag", 80, 200), ("a duvet", 90, 250)],
    "drive_places": [("the cottage near Huntsville", 210, 230), ("Keisha's place in Ottawa", 440, 460), ("Niagara", 120, 135), ("the vet in Guelph", 90, 100)],
    "dayrate": [("the packers", 300, 520, "boxes and tape"), ("the cleaners", 200, 340, "supplies"), ("the handyman patching the walls", 220, 360, "filler and paint"), ("the removal van crew", 400, 650, "fuel")],
    "lists": {},
    "skip_tags": ["reno", "uk"],
    "intro": [(
        "hi. we're moving from Toronto to Lisbon this summer — me (Dana), my husband Marcus and our son Eli who's 9, plus Juno the dog. Marcus's job is remote so it's doable but the admin is... a lot. can I use this as my moving brain for the next couple of months?",
        "Absolutely. A move abroad has a lot of parallel threads — visa, housing, school, shipping, the dog, banking — so it helps to have one place where decisions and dates live. Want to start by listing what's already done and what's still open?")],
    "slots": [
        {"kind": "name", "fact": "immigration lawyer", "q": "what's the name of the immigration lawyer we hired in Lisbon?",
         "answers": ["Inês Carvalho", "Carvalho"], "forbid": ["Inês"]},
        {"kind": "number", "fact": "monthly rent", "q": "so how much is the monthly rent on the Lisbon flat in the end?",
         "answers": ["1,800"], "wrong": ["1,950"]},
        {"kind": "date", "fact": "visa appointment", "q": "when's our visa appointment now?",
         "answers": ["June 4"], "wrong": ["May 21"]},
        {"kind": "decision", "fact": "school for Eli", "q": "which school did we pick for Eli?",
         "answers": ["Escola Azul"], "wrong": ["Riverside"]},
        {"kind": "reason", "fact": "movers dropped", "q": "why did we drop Maple Leaf Movers again?",
         "answers": ["piano"]},
    ],
    "events": [
        {"at": 0.09, "ex": [(
            "we signed with an immigration lawyer today, finally. Inês Carvalho, based in Lisbon, she's handling the D7 file and the NIFs for all three of us. fixed fee, which I like",
            "Good — having Inês Carvalho on the D7 and the NIFs takes a lot off your plate. Ask her for a checklist showing which documents need an apostille and which need a certified translation, so you can start on the slow ones now.")]},
        {"at": 0.14, "ex": [(
            "visa appointment booked at the VFS centre here in Toronto: Thursday May 21, 10:40am. all three of us have to be there in person apparently",
            "May 21 at 10:40 — noted. Work backwards from that: criminal record checks, bank statements, proof of accommodation and the insurance certificate all need to be ready and printed a few days before.")]},
        {"at": 0.21, "ex": [(
            "found a flat we love in Campo de Ourique, 3 bed, 2nd floor with a lift, €1,950 a month. the agent wants two months' deposit + one month upfront",
            "€1,950 for a 3-bed with a lift in Campo de Ourique is at the upper end but not out of line for that neighbourhood. Two months' deposit plus the first month is standard in Lisbon; make sure the contract is registered with Finanças and check who pays the condominium fees.")]},
        {"at": 0.30, "ex": [(
            "school decision: we're going with Riverside International in Cascais. English curriculum so Eli can keep up with what he'd be doing at home, and they have space in Year 5",
            "That makes the transition gentler for Eli — with an English-language curriculum he can focus on settling in rather than on the language. Do check the commute from Campo de Ourique at school-run times though; the coast road can be slow.")]},
        {"at": 0.40, "ex": [(
            "we're NOT going with Maple Leaf Movers after all. they refused to insure the piano — said anything over 200kg is 'owner's risk' — and that piano was my grandmother's, so no",
            "Completely understandable — if the piano is the most precious thing you're shipping, the mover has to cover it. When you ask other companies, ask specifically for full-value protection on the piano and whether they use a specialist crate.")]},
        {"at": 0.49, "ex": [(
            "VFS emailed, they moved our slot from May 21 to June 4, something about a system outage. same time. Marcus is annoyed because he'd booked the day off",
            "Irritating but not a disaster — June 4 still works, and it buys two extra weeks for the criminal record checks. Print the new appointment letter and bring it on the day.")]},
        {"at": 0.57, "ex": [(
            "good news on the flat: the landlord agreed to knock a bit off if we sign for 2 years instead of 1. so 1,800 a month it is, contract arrives next week",
            "Nice negotiating. At 1,800 a month over a two-year term you'd save €3,600 compared with the original ask. Check the break clause and the notice period before you sign, in case plans change.")]},
        {"at": 0.68, "ex": [(
            "back from our scouting week in Lisbon! Eli's trial day at Escola Azul was a hit, he came out speaking Portuguese (ok, three words). we paid the enrolment fee this morning — it's an 8-minute walk from the flat!",
            "That's lovely to hear. An 8-minute walk to Escola Azul will make daily life so much simpler than a cross-town commute, and he'll pick up Portuguese fast from classmates. Ask if they run a Portuguese-as-a-second-language support class for new arrivals.")]},
    ],
    "kits": EN02_KITS,
}


# ======================================================================================
# b13-en-03: parents' 40th (ruby) wedding anniversary party
# ======================================================================================
EN03_KITS = [
    K(["Fern from Saffron & Sage sent menus: buffet at {M1:24-32} a head or sit-down three courses at {M2:38-52}. which is better for a party like this?",
       "caterer question — buffet or sit-down for an anniversary do? Mum says buffet, Jo says sit-down"],
      ["For a relaxed party with lots of mingling, a buffet or sharing platters usually works better and costs less; sit-down suits a formal dinner with speeches in the middle. A middle option is a seated main course with a dessert buffet.",
       "It depends on the feel you want. Buffet: more mingling, cheaper, flexible numbers. Sit-down: more formal, speeches feel natural, but fixed seating plans. With lots of cousins and kids, buffet or family-style sharing platters is usually the happier choice."]),
    K(["dietary stuff so far: a handful of veggies, Auntie Sunita's nut allergy, two vegans, and Dad's cousins eat halal. is that a nightmare for a caterer?",
       "how do I collect dietary requirements without 40 separate WhatsApp threads"],
      ["Not a nightmare — caterers deal with this every weekend. Give Fern a clear list with names and severity (the nut allergy is the one that needs real care), and ask for labelled dishes on the buffet.",
       "A simple online form linked in the RSVP message: name, attending yes/no, dietary needs, allergies. It feeds a spreadsheet automatically and saves you chasing people."]),
    K(["help me word the invitation — we want it warm but not cheesy",
       "should invites be paper or is a WhatsApp message fine for a family party?"],
      ["Try: \"Forty years, one very long-suffering marriage 😉 — join us to celebrate Linda & Dev's ruby anniversary. Food, music, old photos and far too many speeches. RSVP to Sam or Jo by (date).\" Drop the wink if the older relatives might not get it.",
       "For the older generation, a paper invite still feels special and goes on the fridge; for cousins, a digital one is fine. Many people do a simple printed card for grandparents and aunties, and a message with the same design for everyone else."]),
    K(["is it a surprise or not? Dad thinks we're just going for a meal. Mum knows everything",
       "Jo wants to keep it a surprise for Dad. realistic with this many people who all know him?"],
      ["Half-surprise is the sweet spot: Mum knows (so she can plan her outfit and keep Dad on track), Dad thinks it's a small family meal. Tell guests to keep it off social media.",
       "Possible but risky — someone always lets it slip. Consider a 'surprise element' instead: he knows there's a party, but not that the relatives from abroad are coming or about the slideshow."]),
    K(["cousin Priti is scanning old photos for a slideshow. how many photos for a 6-minute slideshow?",
       "slideshow music — do we use their actual wedding song or will that make Mum cry in front of everyone"],
      ["At about 5 seconds per photo, 6 minutes is around 70 photos. Go chronologically and end with a recent one of the two of them.",
       "She'll cry either way, and that's kind of the point. Maybe open with their wedding song and finish with something upbeat so the room lifts again afterwards."]),
    K(["DJ Kez wants a must-play and a do-not-play list. Dad's taste: Bollywood classics, ABBA and Phil Collins. Mum: Motown",
       "how long should the DJ play for? the venue's licence ends at 11"],
      ["Give Kez five or six must-plays from each of them, plus a couple of first-dance candidates. Do-not-play: anything with lyrics that'd embarrass Nana. Motown, ABBA and Bollywood all get people dancing.",
       "If guests arrive mid-afternoon, background music through the meal and the DJ properly from around 7:30 to 10:45 works well, with a slow song near the end for the two of them."]),
    K(["Jo is doing a speech and wants help. she wants funny but not roast-y",
       "how long should each speech be? there might be 4 of us"],
      ["A good shape: a funny opener about how they met, one story that shows who they are as a couple, a thank-you to them from the family, and a toast. Three minutes is plenty.",
       "With four speeches, keep each to 2–3 minutes and agree an order. Having the speeches all together before the cake, rather than spread out, keeps the energy up."]),
    K(["Auntie Meena is making the cake, three tiers. how do we get it to the venue in one piece",
       "cake question: how big for around 70 people? Auntie wants to do three tiers"],
      ["Transport tiers separately in boxes on a flat, non-slip surface (a yoga mat in the boot works), stack them at the venue, with dowels in the lower tiers. Someone rides with it, driving like it's a newborn.",
       "A three-tier cake with 6\", 8\" and 10\" tiers serves around 70–80 party-sized portions. If you're also doing desserts, that's plenty."]),
    K(["flowers: Nell at Petal & Stem quoted {M1:280-450} for table centrepieces and something for the entrance. feels steep?",
       "ruby theme flowers that aren't just red roses?"],
      ["For several tables plus an entrance piece, that's within the normal range. To trim, use fewer, lower arrangements, or have seasonal flowers in jam jars.",
       "Deep red ranunculus, dahlias, burgundy peonies, red anemones, with dark foliage like eucalyptus or copper beech. It reads 'ruby' without looking like Valentine's Day."]),
    K(["ruby decorations that aren't tacky?",
       "Jo wants balloons. I think balloons are for 6-year-olds. adjudicate"],
      ["Keep to a palette: deep red, gold and cream. Candles, a few framed photos from 1986, red napkins and a simple 'Linda & Dev — 40 years' sign do the work.",
       "Balloons can be fine if they're a single cluster in deep red and gold rather than a rainbow arch. Compromise: one statement cluster near the photo area, none on the tables."]),
    K(["what do we get them from us kids? budget about {M1:300-600} between me and Jo",
       "gift idea: a ruby pendant for Mum, and what for Dad?"],
      ["A few ideas: a weekend away somewhere meaningful to them, a framed print of their wedding photo restored, or a piece of ruby jewellery for Mum plus engraved cufflinks for Dad.",
       "For Dad: engraved cufflinks or a watch with the date inside, or an experience — a cooking class together, a day at the cricket. Matching gifts to each other can be sweet too."]),
    K(["Mum's sister is coming from Aberdeen for the weekend — any decent B&Bs near the centre?",
       "where do we put relatives who are staying over? we've got one spare room and a sofa bed"],
      ["I can't check live availability, but a guesthouse within walking distance of the venue saves taxis. Ask the venue for local recommendations too — they often have partner hotels with a discount.",
       "Spare room for the oldest guests, sofa bed for whoever's youngest, and maybe book a family room in a hotel nearby for the rest. It's also fine to ask people to book their own and send a short list."]),
    K(["is there parking near the venue? half the family will drive",
       "Nana is 92 and uses a walker. what do I check with the venue"],
      ["Ask the venue about on-site parking and nearby car parks, and include that in the invite. Suggest car-sharing or taxis for those drinking.",
       "Step-free access from drop-off to the room, a lift if it's upstairs, an accessible toilet, and a seat near the door but away from the speakers. A cousin assigned to look after her helps."]),
    K(["budget check: we said {M1:2500-4000} total between me and Jo. can you help me set up the split?",
       "Jo earns more than me, is it weird to split the party costs 60/40?"],
      ["Simple sheet: item, supplier, quoted, paid, who paid. At the bottom, total and each person's share, and a 'balance owed' cell so you settle once at the end.",
       "Not weird at all if you've both agreed openly. Proportional splits are common between siblings. Agree it now, in writing, so it doesn't become a thing later."]),
    K(["kids at the party: there'll be about a dozen under 10. how do I stop them going feral",
       "kids' table ideas?"],
      ["A kids' corner with colouring, bubbles and a simple activity, plus a designated older cousin as 'captain'. Feed them first.",
       "Paper tablecloth they can draw on, crayons, little activity packs, and a quiz about Grandma and Grandpa. Seat them near the door and away from speeches."]),
    K(["dress code on the invite: 'wear something red'? or is that too much",
       "what do I wear? I don't own anything red"],
      ["'A touch of red or ruby' is friendlier — people can wear a tie, a scarf or lipstick. Older guests appreciate not having to buy something new.",
       "A red accessory counts: scarf, earrings, tie or pocket square. No need to buy a whole outfit."]),
    K(["if it rains, is the outdoor bit ruined?",
       "weather backup plan — the terrace drinks might not happen"],
      ["Ask the venue what their wet-weather plan is — most have an indoor alternative or a covering. A few umbrellas by the door are a nice touch.",
       "Plan the indoor version as the default and treat the terrace as a bonus. Drinks inside, and if the sun comes out, doors open."]),
    K(["rough running order for the day? arrivals mid-afternoon, food, speeches, cake, dancing",
       "what time should speeches happen so people don't get restless"],
      ["Something like: 3:00 arrivals and drinks, 4:00 food, 5:15 slideshow and speeches, 5:45 cake, 6:00 music and dancing, with the DJ going until the end. Adjust around the caterer's timings.",
       "Right after the main course, when everyone's seated and fed but before the alcohol has taken over. That's usually 60–90 minutes after food starts."]),
    K(["bar: do we put money behind it or cash bar?",
       "the venue wants to know if we're doing a bar tab. {M1:400-900}?"],
      ["A common approach is a tab up to a set amount for the first round or toast drink, then a cash bar. Ask the venue to tell you when you're at 80% of the tab.",
       "That size of tab covers a good first round and toast for most parties. Agree what's included (no spirits doubles or cocktails) so it stretches further."]),
    K(["Jo and I are arguing about everything. she wants formal, I want relaxed",
       "minor sibling crisis: Jo rebooked the florist without telling me"],
      ["Split areas of responsibility: each of you owns certain decisions outright and only flags the big ones. Agree the overall vibe in one sentence first.",
       "Deep breath. Propose a quick rule: any change over a certain amount gets a heads-up in the chat first. Frame it as avoiding double-booking rather than blaming."]),
    K(["cousin Rishi and Uncle Mahesh haven't spoken since a wedding in 2019. seating plan help",
       "how do I handle relatives who don't get along at a family party?"],
      ["Put them at opposite sides of the room, each with people they like, and make sure they're not in the same group photo line. No need to address it directly.",
       "Separate them in the seating plan, give each a 'job' or a buddy, and quietly brief a trusted relative to steer things if they cross paths."]),
    K(["memory book idea: guests write a message or a favourite memory of Mum and Dad. cards or a book?",
       "we want people to bring a photo or memory for a memory jar. how do I explain that on the invite"],
      ["Cards on the tables that guests fill in and pop in a box, then bind them afterwards. Easier than passing one book around.",
       "Something like: \"Please bring a favourite photo or a memory of Linda & Dev on a card — we're making a memory jar for them.\" Have spare cards at the venue for those who forget."]),
    K(["we found their wedding on VHS! can that be digitised in time?",
       "what's the easiest way to digitise an old video tape"],
      ["Yes, usually in a week or two through a local digitising service. Ask for an MP4 and check a short clip as soon as it comes back.",
       "A local or mail-order service is easiest and cheapest for a few tapes. Ask for an MP4 and for the original tape back."]),
    K(["thank-you cards after the party: which people actually need one?",
       "how soon after the party should thank-yous go out?"],
      ["Anyone who gave a gift, helped (cake, speeches, flowers, photos), or travelled a long way. A group message for everyone else is fine.",
       "Within a couple of weeks is ideal. Adding a photo from the day makes them feel personal without much extra effort."]),
    K(["Mum wants a new outfit. shopping trip on {W1}. any ideas for a 64-year-old who hates 'mother of the bride' stuff",
       "Mum keeps saying she doesn't need anything new. do I push"],
      ["A good-quality midi dress or a jumpsuit in a deep jewel tone, with a nice jacket, avoids the 'mother of the bride' look. Let her lead.",
       "Gently — frame it as a day out together rather than 'you need a new outfit'. If she enjoys it, great; if not, her favourite outfit with a new scarf is lovely."]),
]

EN03 = {
    "id": "b13-en-03", "lang": "en", "n": 164, "start": "2026-05-11", "span": 35,
    "cur": "GBP", "date_style": "uk", "fx": ("GBP", "EUR", 1.13, 1.19),
    "budget_items": [("balloons", 30, 90), ("napkins", 15, 40), ("the cake stand", 20, 60), ("candles", 20, 70),
                     ("printing the invites", 40, 120), ("frames", 30, 100), ("the memory jar", 10, 30), ("name cards", 10, 30),
                     ("the bubbles for the kids", 10, 25), ("fairy lights", 20, 60)],
    "split_items": [("the bar tab", 400, 900), ("Mum and Dad's present", 300, 600), ("the flowers", 280, 450), ("the DJ deposit", 150, 300), ("the caterer's deposit", 500, 900)],
    "countdown_items": ["Jo's birthday", "my work trip to Bristol", "our summer holiday", "the cousins' visit"],
    "shop_items": [("a red dress", 60, 180), ("the photo frames", 30, 90), ("a cake topper", 15, 40), ("fairy lights", 20, 60), ("a guestbook", 20, 50)],
    "drive_places": [("Nana's in Leicester", 40, 50), ("Aunt Priya's in Birmingham", 80, 90), ("the seaside at Skegness", 110, 125), ("Jo's place in Sheffield", 60, 70)],
    "dayrate": [("the sound technician", 200, 350, "equipment hire", 2), ("the venue decorator", 180, 300, "materials", 2), ("the bar staff agency", 150, 260, "glass hire", 1.5), ("the lighting guy", 200, 320, "equipment hire", 2)],
    "lists": {},
    "skip_tags": ["reno"],
    "forbid": ["Boat house"],
    "intro": [(
        "hiya. my parents' 40th wedding anniversary is end of June and my sister Jo and I are throwing them a party — ruby theme, the works. I have a spreadsheet, a WhatsApp group with 14 cousins in it, and no idea what I'm doing. help",
        "Congratulations to them — forty years is a big one! The usual big pieces are: date and venue, guest numbers, food, music, photos, and who's paying for what between you and Jo. What's already fixed, and what's still a blank?")],
    "slots": [
        {"kind": "name", "fact": "photographer", "q": "who's our photographer for the party now?",
         "answers": ["Ade Okafor", "Okafor", "Ade"], "wrong": ["Chloe Barnes", "Chloe", "Barnes"]},
        {"kind": "number", "fact": "guest count", "q": "how many guests are we expecting now, roughly?",
         "answers": ["74"], "wrong": ["62"]},
        {"kind": "date", "fact": "party date", "q": "remind me what date Mum and Dad's party is on?",
         "answers": ["27 June"]},
        {"kind": "decision", "fact": "venue", "q": "where did we book the party in the end?",
         "answers": ["Boathouse"]},
        {"kind": "reason", "fact": "band refused", "q": "why couldn't Uncle Raj's band play again?",
         "answers": ["noise limiter"]},
    ],
    "events": [
        {"at": 0.04, "ex": [(
            "date is fixed: Saturday 27 June. it's the closest Saturday to their actual anniversary and Mum's already told half the church so there's no going back",
            "Saturday 27 June it is. That gives you about six and a half weeks — enough for venue and catering, a bit tight for a photographer in wedding season, so I'd book that early.")]},
        {"at": 0.12, "ex": [(
            "Venue booked!!! The Boathouse on the river by Trent Bridge — private hire of the whole upstairs room on Saturdays, bar included. we looked at the golf club too but it felt like a funeral reception honestly",
            "Ha — fair. The Boathouse sounds much more like a celebration, and a riverside spot is great for photos. Ask them for the floor plan and their seated and standing capacity so you know your ceiling on numbers.")]},
        {"at": 0.19, "ex": [(
            "photographer booked (I think): Chloe Barnes, she did my friend Aimee's christening and the photos were lovely. £450 for 3 hours",
            "Chloe Barnes for three hours at £450 — noted. Three hours usually covers arrivals, speeches, cake and the family groups; agree the start time with her so she's there for the moment your parents walk in.")]},
        {"at": 0.27, "ex": [(
            "guest list count: 62 so far, that's with partners and kids. Jo thinks we've forgotten people, I think we've invited people Mum hasn't spoken to since 1994",
            "62 is a good working number. Send a 'save the date' now and chase RSVPs two weeks out — and keep a short 'maybe' list in case the venue has room.")]},
        {"at": 0.40, "ex": [(
            "had to tell Uncle Raj his band can't play 😬 the venue has a noise limiter in that room — anything over about 90 decibels and it cuts the power to the sockets. a four-piece with a drummer would trip it in the first song",
            "Oof, awkward conversation but a completely fair reason — noise limiters are strict, and a cut-out mid-party would be worse. Maybe offer him an acoustic slot or a toast so he still feels part of it.")]},
        {"at": 0.58, "ex": [(
            "right, photos are properly sorted this time — Ade Okafor is doing it, contract signed, and he'll come an hour early to scope the light. the venue people recommended him",
            "Brilliant. With Ade Okafor arriving an hour early you'll get the set-up and detail shots as well. Send him a shot list with the must-have family groups and point out who's who among the relatives.")]},
        {"at": 0.66, "ex": [(
            "final-ish numbers: Dad's side from Leicester are ALL coming after all, so we're up to 74. venue says that's fine standing but we'll need extra tables",
            "74 — noted. For a mix of seated and standing at that size, plan seats for about two-thirds of guests and make sure the older relatives get theirs first. Let the caterer know the new number this week.")]},
    ],
    "kits": EN03_KITS,
}


# ======================================================================================
# b13-en-04: researcher coordinating a small sleep study in shift workers
# ======================================================================================
EN04_KITS = [
    K(["PSQI at baseline is a given. do we also need the Epworth or is that overkill for a pilot?",
       "which questionnaires would you do at baseline for a shift-work sleep pilot?",
       "Margaret wants the questionnaire battery 'lean'. what can go?"],
      ["For a pilot, PSQI plus the Epworth is a reasonable minimal pair — one for sleep quality over the past month, one for daytime sleepiness. Both are short and people rarely complain about them.",
       "A compact battery: PSQI (sleep quality), Epworth (sleepiness), a shift-work version of a chronotype questionnaire, and a short demographics/shift-history form. Skip anything you won't analyse.",
       "Drop anything that doesn't map to a pilot aim. If the aims are feasibility and acceptability, you could cut secondary mood scales and keep PSQI, Epworth and demographics."]),
    K(["scoring question: Epworth cut-off for excessive sleepiness is >10, right?",
       "how is the PSQI global score calculated again?"],
      ["Yes — scores above 10 are usually taken as excessive daytime sleepiness, with higher bands sometimes labelled moderate or severe.",
       "Seven component scores, each 0–3 (quality, latency, duration, efficiency, disturbances, medication, daytime dysfunction), summed to a global score of 0–21. A global score above 5 is the usual 'poor sleeper' threshold."]),
    K(["help me design the sleep diary page. what fields are essential?",
       "should the diary ask about naps separately? night-shift people nap weirdly"],
      ["Essentials: date, shift worked (day/night/off), time into bed, time trying to sleep, estimated time to fall asleep, number of awakenings, final wake time, out-of-bed time, naps (start/end), caffeine and alcohol, and a 1–5 sleep quality rating.",
       "Yes — separate nap rows with start and end times, because for night workers the 'main sleep' may be in the morning and the nap before the shift. It also helps when matching against the accelerometer data."]),
    K(["the consent form is at a grade 12 reading level according to the checker. REB wants grade 8. tips?",
       "can you simplify this sentence for the consent form: 'Participation is voluntary and you may withdraw at any time without penalty or loss of benefits to which you are otherwise entitled.'"],
      ["Shorter sentences, everyday words ('use' not 'utilise'), active voice, and bullets for procedures. Replace jargon like 'actigraphy' with 'a watch-like device that records movement'.",
       "Try: \"You do not have to take part. You can stop at any time. If you stop, nothing bad will happen to you and you will not lose anything you would normally get.\""]),
    K(["about a third of the night crew speak Punjabi or Tagalog at home. do we need translated consent forms?",
       "translation quote for the consent form came in at {M1:400-900} for two languages. is that reasonable"],
      ["If a meaningful share of eligible workers would be more comfortable in another language, yes — REBs look favourably on it, and it improves recruitment. Also plan for an interpreter at the info sessions.",
       "For a few pages of certified translation in two languages, that's within the normal range. Ask whether back-translation is included, since some boards like to see it."]),
    K(["their schedule is 4 on / 4 off, 12-hour shifts, rotating days and nights. how do we define 'night shift sleep' in the analysis?",
       "should the two weeks of recording start on a day block or a night block?"],
      ["Anchor each sleep period to the shift: main sleep after a night shift, main sleep before a day shift, and sleep on days off. Get the rosters from HR so you're not relying on memory.",
       "With 4-on/4-off, 14 days covers most of a full cycle whichever way you start. It's simpler to start everyone at the beginning of a block, so the diary and roster line up neatly."]),
    K(["R question: how do I compute sleep midpoint when sleep crosses midnight?",
       "how do I get GGIR to give me per-night summaries?"],
      ["Convert onset and wake to minutes since a reference (e.g., noon of the first day), add 1440 to the wake time if it's earlier than the onset, then midpoint = onset + (wake − onset)/2, taken modulo 1440 for clock time.",
       "GGIR produces night-level sleep summaries in its part 4 output, and with a sleep diary supplied as the log file it uses the diary to guide the sleep window. Check the parameters for the sleep-window detection."]),
    K(["sampling frequency: 30 Hz or 100 Hz? battery vs resolution",
       "how often do participants need to charge the device?"],
      ["For sleep and activity, lower sampling frequencies are usually enough and extend battery life, so the device can run the full two weeks without a charge. 100 Hz is useful mainly for detailed movement analysis.",
       "At a modest sampling frequency the battery should last the two weeks, so ideally participants never charge or remove it. Confirm with a bench test on a couple of units first."]),
    K(["dominant or non-dominant wrist?",
       "one of the lab members pilot-testing it has a tattoo sleeve and is worried the strap will rub. any issue?"],
      ["Non-dominant wrist is the usual convention for sleep studies; just be consistent and record it.",
       "Not a data problem. Suggest the strap on the non-dominant wrist slightly looser, and give them your contact in case of irritation."]),
    K(["where should the raw data live? IT says no USB sticks ever",
       "privacy question: is a participant ID + shift schedule identifiable?"],
      ["On the university's approved secure storage, with the linking key (names to IDs) stored separately and access limited to named team members. Document it in the data management plan.",
       "Potentially, in a small plant — a unique shift pattern plus job role could identify someone. Keep the roster data coarse (e.g., 'rotating 12h') in anything shared, and keep the detailed version under access control."]),
    K(["data management plan template asks for file naming conventions. what's sensible?",
       "how should we version the cleaned datasets?"],
      ["Something like STUDY_PID_DATATYPE_YYYYMMDD, e.g. SHIFT_P014_ACC_20260212.bin. Never put names or initials in file names.",
       "Keep raw files read-only, and give each cleaned dataset a version number and date, with a short changelog. Analysis scripts should start from the raw files so everything is reproducible."]),
    K(["Margaret asked me to justify 'n = 30' for the pilot. feasibility studies don't need a power calc, right?",
       "how do you justify sample size for a feasibility pilot?"],
      ["Right — pilots aren't powered for effects. Justify n by the feasibility questions: estimating recruitment and adherence rates with acceptable precision. Citing a rule-of-thumb paper on pilot sample sizes helps.",
       "Tie it to what you want to estimate: recruitment rate, retention, device wear-time and diary completion, each with a confidence interval. Say explicitly that effect sizes will be reported descriptively."]),
    K(["what feasibility criteria should we pre-register? like 'success = X% wear time'?",
       "if diary completion is low, does the pilot 'fail'?"],
      ["Common ones: recruitment (e.g., target reached within a set number of weeks), retention to day 14, valid wear time on most nights, diary completion. Set thresholds with a 'proceed / proceed with changes / stop' traffic light.",
       "Not necessarily — with a traffic-light approach, low completion might mean 'proceed with changes' (e.g., shorter diary, reminders). That's exactly what a pilot is for."]),
    K(["recruitment poster draft please — short, friendly, for a break room",
       "what's the best place to put posters in a plant?"],
      ["\"Work shifts? Help us understand sleep. Wear a watch-like device for 2 weeks and fill in a short daily sleep diary. Paid for your time. Interested? Scan the QR code or talk to the research team at shift change.\"",
       "Break rooms, near the time clocks, by the microwaves and coffee machines, and the union notice board. Tear-off tabs or a QR code make follow-up easier."]),
    K(["info sessions at shift change — 6:45am and 6:45pm. how long should they be?",
       "what should I bring to the info session in the break room?"],
      ["Ten minutes max — people are either exhausted or about to start. Bring the device for people to try on, a one-page summary, and sign-up sheets.",
       "A sample device, one-page handouts, sign-up sheets or a tablet, coffee and doughnuts if the budget allows. Have someone there who can answer in Punjabi or Tagalog if you can."]),
    K(["Dale from the union wants to know how we'll keep the data away from management. good question honestly",
       "the union rep asked whether participation could affect anyone's job"],
      ["Explain that managers will never see individual data, that results will be reported only in aggregate, and that participation is independent of employment. Put that in writing on union-friendly letterhead.",
       "Make it explicit in the consent form and information letter: management will not know who took part, and neither participation nor withdrawal affects employment. Offer to present the study at a union meeting."]),
    K(["Gord (HR at the plant) says food-safety rules might not allow wrist devices on the line. panic?",
       "is there a way round 'no wrist jewellery' on a food production line?"],
      ["Not yet — ask Gord to connect you with their food-safety lead. Options include a sealed, food-safe cover, wearing it above the elbow or on the ankle during shifts, or a documented exemption.",
       "Worth asking about a sleeve or cover approved by their food-safety team, or moving the device to the ankle during shifts. Document whatever you agree as a protocol deviation note."]),
    K(["pilot-testing the protocol on lab members this week. what should I look for?",
       "I wore the device myself for 3 nights. strap is annoying but fine. what else should I test?"],
      ["Time every step: setup, briefing, first diary entry, device return. Note anything confusing in the instructions and whether the device was ever taken off.",
       "Download and process your own data end to end — it's the best way to find surprises before real participants. Check the diary and accelerometer sleep times line up."]),
    K(["Yuki (stats consultant) suggested mixed models for sleep duration across shift types. can you explain why that beats averaging?",
       "random intercept per participant — is that enough or do we need random slopes for shift type?"],
      ["Each person gives multiple nights, so nights are clustered within people. Mixed models use all nights, handle unequal numbers and missing nights, and separate within-person from between-person variation.",
       "With about 30 people and a pilot, a random intercept per participant is usually as far as the data can support. Random slopes for shift type may not converge; try them, but don't be surprised if you drop them."]),
    K(["Margaret wants a weekly update email. can you give me a template?",
       "draft a short update to Margaret: posters drafted, devices bench-tested, REB still pending"],
      ["Subject: Shift-sleep pilot — week N. Done this week; Next week; Blockers/decisions needed from you; Numbers (screened / enrolled / completed). Keep it to what she needs to act on.",
       "\"Hi Margaret — quick update. The recruitment posters are drafted, the devices have passed bench testing, and we're still waiting on REB approval. Nothing needed from you this week. Next: finalising the diary and planning the info sessions.\""]),
    K(["Femi asked to be on the paper. he's helped a bit. how do I handle authorship fairly?",
       "authorship order question for the pilot paper"],
      ["Use the ICMJE criteria as a neutral reference: substantial contribution, drafting or revising, final approval, and accountability. Agree roles in writing early.",
       "Common practice: the person who led the work first, the senior PI last, others ordered by contribution. Having the conversation early prevents awkward surprises."]),
    K(["abstract deadline for the sleep conference is {D1:15-45}. can I submit pilot feasibility data?",
       "can you help me shorten an abstract from 380 to 250 words"],
      ["Yes — feasibility and protocol abstracts are often accepted, especially with preliminary numbers. Present recruitment, adherence and a descriptive look at sleep by shift type.",
       "Cut background to two sentences, merge methods into one tight paragraph, report only key numbers, and end with one line on implications. Paste it in and I'll do a pass."]),
    K(["can you summarise what's known about sleep duration after night shifts vs day shifts?",
       "what are the main sleep problems in rotating shift workers?"],
      ["Broadly: sleep after night shifts tends to be shorter and more fragmented, because people sleep against their circadian rhythm during the day. Days off often show recovery sleep.",
       "Short and fragmented sleep, especially after night shifts; excessive sleepiness on shift; circadian misalignment; and in some, shift work disorder. Fast rotations and early morning starts are particularly hard."]),
    K(["we need {K1:8-18} more devices. quote is {M1:180-320} each plus shipping. Margaret says use the equipment line",
       "customs on equipment shipped from the UK — do we pay duty?"],
      ["Get a formal quote including shipping and duties, and check whether the university has a preferred supplier agreement. Order soon so you can bench-test before enrolment.",
       "Possibly — research equipment can have duties and taxes on import. The university's procurement or shipping office usually handles this and knows about any exemptions."]),
    K(["device return logistics: prepaid envelopes or do we collect at the plant?",
       "what do we do if a participant loses a device?"],
      ["Collecting at the plant at shift change is more reliable and lets you check the device on the spot; prepaid padded envelopes as a backup for people who miss you.",
       "Record it as a protocol deviation, check whether any data can be recovered, and don't penalise the participant. Budget for a spare or two for exactly this."]),
    K(["what's the procedure if someone withdraws halfway?",
       "if someone wants their data deleted after finishing, can we do that?"],
      ["Follow what the consent form says: typically you stop data collection, ask if they're happy for already-collected data to be used, and pay the prorated amount.",
       "If the consent form allows withdrawal of data up to a certain point, yes — delete it and document that. After analysis or publication it may not be possible, which should be stated up front."]),
    K(["if someone gets a rash under the strap, is that an adverse event?",
       "do we have to report minor skin irritation to the REB?"],
      ["Yes, record it as an adverse event even if minor. Advise removing the device, and resume only if it settles.",
       "Check the REB's reporting rules — minor, expected events often go in the annual report, unexpected or serious ones must be reported promptly. Document it either way."]),
    K(["non-wear detection: how do we tell if someone took it off?",
       "how many valid nights do we need per person to include them?"],
      ["Standard approaches look for long periods of near-zero movement variance, sometimes combined with temperature. GGIR has non-wear detection built in.",
       "Many studies require at least 5 valid nights for sleep estimates, but set your threshold in advance and report how many people met it."]),
    K(["the devices log light too. is that worth analysing?",
       "could light exposure explain anything in shift workers' sleep?"],
      ["Probably as an exploratory measure — light at the wrist is noisy (sleeves cover it), but it can show whether night workers get bright light on the commute home.",
       "Yes — bright morning light after a night shift pushes against daytime sleep. Even descriptive data about morning light exposure would be interesting for a pilot."]),
    K(["should diaries ask about caffeine timing or just cups per day?",
       "alcohol question in the diary — people will under-report, right?"],
      ["Timing is more useful than total cups: last caffeine before the main sleep matters most. A simple 'last caffeine: time' field is enough.",
       "Probably somewhat. Keep it neutral and simple ('drinks yesterday: 0 / 1–2 / 3+'), and reassure people about confidentiality."]),
    K(["lab meeting on {W1}, I'm presenting the protocol. 10 minutes. outline?",
       "what should I ask the lab for feedback on?"],
      ["Aims (1 slide), design and timeline (1), measures (1), recruitment plan (1), data processing (1), feasibility criteria (1), open questions (1). Leave half the time for discussion.",
       "Ask for feedback on the things still undecided: diary format, feasibility thresholds, and the plan for participants who can't wear the device on the line."]),
    K(["I have a fellowship application due {D1:10-40} on top of all this. how do I not lose my mind",
       "career wobble: is a pilot study enough to show 'independence' on a fellowship app?"],
      ["Block two half-days a week for the application, and agree with Margaret which study tasks can slip by a week.",
       "It can be, especially if you designed it, got the ethics, and lead the analysis. Frame it as your own line of research with a clear next study."]),
    K(["REB amendment process — if we change the diary after approval, do we need to resubmit?",
       "small wording change in the poster — does that need an amendment?"],
      ["Usually yes for anything participants see or that changes procedures; the amendment form is short. Keep a change log so versions are clear.",
       "Most boards want recruitment materials approved, so even small changes need an amendment — a quick one. Check the REB's guidance on minor changes."]),
    K(["if night-shift participants ask for tips on sleeping during the day, can I give any?",
       "is it ethical to give sleep advice to participants in an observational study?"],
      ["General sleep hygiene tips are fine: blackout curtains, cool dark room, phone on silent, earplugs, consistent sleep window. Maybe hand out a standard leaflet at the end.",
       "Giving advice during an observational study could change what you're measuring. A common solution is to offer a sleep-tips leaflet after their recording period ends."]),
    K(["Margaret's on sabbatical in Edinburgh. when it's 9am here what time is it there?",
       "scheduling a call with Margaret in Edinburgh — what's a sensible time for both of us"],
      ["Edinburgh is usually 5 hours ahead of Ontario, so 9am here is 2pm there. The offset is briefly 4 hours for a couple of weeks in March, when North America changes clocks before the UK.",
       "Late morning here, early afternoon there, usually works — e.g., 10am your time is 3pm in Edinburgh. Watch the March weeks when the clocks change at different dates."]),
    K(["how will we handle participants who pick up overtime shifts that aren't on the roster?",
       "Gord says people swap shifts all the time. how do we track that?"],
      ["Add a daily diary field 'hours worked today (start–end)', so the roster is the plan and the diary is the reality.",
       "A daily 'shift worked' field in the diary, checked against the roster at collection. Swaps are common, so it's worth building in from the start."]),
    K(["what's a reasonable timeline from REB approval to the first participant?",
       "how long does data processing take per participant, roughly?"],
      ["Two to four weeks: finalise materials, run info sessions, screen and schedule. Device setup adds a day or two if you're configuring many units.",
       "Once the pipeline is set, download and processing take minutes per file; the time goes into checking diary entries and dealing with odd nights."]),
    K(["gift card logistics: buy them in bulk or one at a time?",
       "do participant payments count as taxable income? someone asked"],
      ["Buy in batches through the university's approved process and log each card's number against the participant ID in a separate, secure sheet.",
       "Rules vary; small honoraria are often treated differently, but the university's finance office is the authority. Put whatever they say in the FAQ for participants."]),
    K(["Sandra at the REB office says our document version numbers don't match across the appendices. ugh",
       "how do people keep protocol versions straight across consent, poster and diary?"],
      ["Annoying but quick to fix: give every document a footer with version number and date, keep a one-page version table, and bump all of them together when you resubmit.",
       "A version table (document, version, date, what changed) plus the version in each footer. Renaming files with the version helps too — never 'final_final2'."]),
    K(["does our summer student need the TCPS 2 CORE certificate before touching data?",
       "which training certificates does the REB want for the team?"],
      ["Almost certainly — most Canadian REBs require the TCPS 2 CORE tutorial for anyone who interacts with participants or identifiable data. It's free and takes a few hours.",
       "Usually TCPS 2 CORE for everyone on the team, and sometimes privacy training from the university. Keep copies of the certificates with the application."]),
    K(["Gord asked for a lay summary for the plant newsletter. 100 words. help",
       "how do I explain actigraphy to workers without sounding like a robot"],
      ["\"Researchers from the university are studying how shift work affects sleep. Volunteers wear a small watch-like device for two weeks and fill in a short daily sleep diary. No personal results are shared with the company. Taking part is voluntary and paid. Look out for the team in the break room at shift change, or scan the QR code on the posters to find out more.\"",
       "Try: \"It's like a fitness watch without a screen. It notices when you move and when you're still, so we can estimate when you were asleep. It doesn't record sound, location or anything you say.\""]),
    K(["how do we remind people to fill in the paper diary without being annoying?",
       "text reminders for the diary — good idea or creepy?"],
      ["One short reminder a day at a time they choose, sent outside their shift, is usually welcome. Let them opt out, and keep the wording friendly.",
       "Not creepy if it's opt-in, short and at a time they pick. Keep the message generic so it doesn't reveal study details on a lock screen."]),
    K(["Femi keeps suggesting we add saliva melatonin. for a pilot. with 30 people",
       "how do I push back on scope creep from a co-investigator politely"],
      ["It would triple the participant burden and add lab costs and cold storage. A good answer: note it as an aim for the full study, and use the pilot to check whether people tolerate the basic protocol first.",
       "Acknowledge the idea, tie the decision to the pilot's aims, and offer a concrete 'parking lot' for the full study: \"Great idea for phase 2 — for the pilot we want to keep burden minimal so we get clean feasibility data.\""]),
    K(["R: how do I join the diary data to the accelerometer nights by participant and date?",
       "my date columns won't join because one is a date and the other is a datetime. fix?"],
      ["Make a common key: participant ID plus 'sleep date' (the date the night started, e.g. the evening date even if wake-up is the next day), then a left join from the accelerometer nights to the diary.",
       "Convert both to the same type first — e.g. as.Date() on the datetime, using the right time zone — then join on ID and date. Time zone mismatches are the usual culprit for off-by-one-day joins."]),
    K(["Yuki suggested pre-registering the pilot on OSF. is that a thing for feasibility studies?",
       "what goes into a pre-registration for a pilot?"],
      ["Yes — increasingly common. Pre-registering your feasibility criteria and planned descriptive analyses protects you from 'moving the goalposts' and reviewers like it.",
       "Aims, design, sample and recruitment, measures, feasibility thresholds, planned analyses (mostly descriptive), and what would count as 'proceed with changes'."]),
    K(["the plant has a shutdown week starting {D1:20-50}. nobody on site. does that mess up our schedule?",
       "Gord says there's a maintenance shutdown coming up. should we avoid recording then?"],
      ["It does — recording during a shutdown won't reflect normal shifts. Treat it as a blackout period and schedule recruitment and device hand-out around it.",
       "Yes, avoid it. A week off would look like a long holiday in the data. Plan participant start dates so their 14 days sit entirely in normal working weeks."]),
    K(["my laptop died this morning. thank god everything's on the university drive",
       "is it worth keeping analysis scripts on GitHub if the data can't go there?"],
      ["That's exactly why the boring storage rules exist. Check that the latest scripts were saved too, not just the data.",
       "Yes — a private repository for the code, with the data kept separately on approved storage. Add a .gitignore so no data files are ever committed by accident."]),
]

EN04 = {
    "id": "b13-en-04", "lang": "en", "n": 352, "start": "2026-01-12", "span": 56,
    "cur": "CAD", "date_style": "us", "fx": ("CAD", "USD", 0.70, 0.74),
    "budget_items": [("the translations", 400, 900), ("poster printing", 60, 200), ("coffee and doughnuts for the info sessions", 60, 150),
                     ("padded envelopes", 30, 90), ("spare straps", 80, 250), ("the courier", 40, 150), ("the transcription", 200, 600),
                     ("a label printer", 60, 180), ("the USB chargers", 40, 120), ("parking at the plant", 30, 90)],
    "split_items": [("the lab lunch", 120, 260), ("the conference Airbnb", 600, 1100), ("Yuki's farewell gift", 60, 150), ("the cab from the airport", 60, 110)],
    "countdown_items": ["the grant progress report", "my fellowship interview", "the lab retreat", "the end of term"],
    "shop_items": [("a standing desk", 350, 800), ("a label printer", 60, 180), ("noise-cancelling headphones", 250, 450), ("a second monitor", 180, 400), ("a document scanner", 150, 450)],
    "drive_places": [("the conference in Ottawa", 450, 480), ("my parents in Kingston", 250, 270), ("the supplier in Mississauga", 60, 70), ("the cottage in Muskoka", 200, 230)],
    "dayrate": [("the translator", 250, 450, "certification fees"), ("the freelance transcriber", 180, 300, "software licence"), ("the IT contractor setting up the laptops", 300, 500, "cables and adapters"), ("the poster designer", 200, 350, "printing")],
    "lists": {},
    "skip_tags": ["reno", "uk"],
    "ban_names": ["Ben"],
    "intro": [(
        "Hi — I'm a postdoc running a small pilot study on sleep in rotating-shift workers at a food processing plant near Hamilton. About 30 participants, two weeks of wrist actigraphy + sleep diaries each. My PI (Margaret) is mostly hands-off so I'm coordinating everything. Would love a running assistant for the next couple of months.",
        "Happy to be that. A pilot like this has a lot of moving parts — ethics, recruitment, devices, data handling, payments — so keeping decisions and deadlines in one place will help. What stage are you at: has the ethics application gone in yet?")],
    "slots": [
        {"kind": "name", "fact": "recruitment lead", "q": "who's running recruitment and screening for the pilot at the moment?",
         "answers": ["Aisha Rahman", "Aisha", "Rahman"], "wrong": ["Ben Whitlock", "Whitlock", "Ben"]},
        {"kind": "number", "fact": "participant payment", "q": "how much are we paying each participant for the two weeks?",
         "answers": ["70"], "wrong": ["45"]},
        {"kind": "date", "fact": "ethics deadline", "q": "what's the current REB submission deadline?",
         "answers": ["April 10"], "wrong": ["March 20", "April 3"]},
        {"kind": "decision", "fact": "actigraphy device", "q": "which actigraphy device did we go with?",
         "answers": ["GENEActiv"]},
        {"kind": "reason", "fact": "diary app dropped", "q": "why did we drop the SleepTrack app for the diaries?",
         "answers": ["offline"]},
    ],
    "events": [
        {"at": 0.05, "ex": [(
            "our RA Ben Whitlock is going to handle recruitment — posters in the break rooms, the info sessions at shift change, and the screening calls. he's good with people, which is more than I can say for myself at 6am",
            "Great, so Ben Whitlock owns recruitment. Worth writing him a short screening script and a log template now, so every call captures the same information (shift pattern, eligibility, contact preference).")]},
        {"at": 0.10, "ex": [(
            "REB deadline for the March meeting is March 20 — the full application with all appendices",
            "March 20 for the full package — noted. Count back about two weeks for Margaret's sign-off and the department signature, so aim to have a complete draft by early March.")]},
        {"at": 0.16, "ex": [(
            "payment: we budgeted $45 per participant as a gift card for completing the two weeks",
            "$45 on completion — noted. Some boards prefer prorated payments so people who withdraw partway still get something; worth deciding that before you submit.")]},
        {"at": 0.23, "ex": [(
            "device decision: we're going with the GENEActiv. raw data, waterproof so people won't take it off in the shower, and the lab already has 12 of them from an old study. ActiGraph was the other option but the software licence is steep",
            "Good choice for a pilot — the GENEActiv gives you raw accelerometry you can process with open-source tools, and being waterproof helps wear-time a lot. With 12 in hand, you'll either need to stagger participants or buy more units.")]},
        {"at": 0.31, "ex": [(
            "scrapping the SleepTrack app for the diaries. it doesn't work offline, and half our night-shift people have zero signal inside the plant, so entries would just vanish. back to paper diaries + a photo upload at the end",
            "Makes sense — an app that can't save entries offline is a dealbreaker in a plant with no signal. Paper diaries are old-fashioned but reliable; add a quick weekly check-in so you spot missing days early.")]},
        {"at": 0.40, "ex": [(
            "the REB moved their March meeting, so submissions are now due April 3. an extra two weeks, I'll take it",
            "Nice — April 3 gives some breathing room. Use the extra time for the translated consent forms and the pilot test of the diary.")]},
        {"at": 0.50, "ex": [(
            "staffing change: Ben's been moved onto Femi's grant full-time from February, so Aisha Rahman takes over recruitment and screening. she's already met Gord at the plant, which helps",
            "OK — Aisha Rahman on recruitment from now on. A quick handover would help: Ben's screening log, the list of people who expressed interest, and any promises made at the info sessions. Aisha already knowing Gord is a real plus.")]},
        {"at": 0.57, "ex": [(
            "REB pre-review feedback: they think 45 is too low for 14 nights of wearing a device plus diaries. so we're raising it to $70, prorated at $5 a day if someone drops out",
            "That's a reasonable response. $70 total with $5 a day prorated works out neatly — 14 days × $5 = $70. Update the consent form, the information letter and the budget line so they all match.")]},
        {"at": 0.72, "ex": [(
            "ugh. email from the REB office: the chair is away, so the spring review is pushed again and the new cut-off is Friday, April 10. at this point I've stopped planning around them",
            "Annoying, but only one more week. So the package is now due Friday April 10 — I'd still finish it early and use the gap for a final read-through with Margaret.")]},
    ],
    "kits": EN04_KITS,
}


# ======================================================================================
# Russian: wrappers, fallback, generic and computed distractors
# ======================================================================================
WRAP["ru"] = {
    "open": ["Так, ", "Слушай, ", "Кстати, ", "Ещё вопрос: ", "Короче, ", "Снова я. ", "Вопрос: ", "И ещё: ",
             "Так вот, ", "Слушай, а ", "Ой, ", "Привет! ", "Слушай, тут такое: "],
    "morning": ["Доброе утро! ", "Утро доброе. ", "Доброе утро, пока все спят: "],
    "evening": ["Добрый вечер. ", "Вечер, наконец тишина. ", "Пока помню: "],
    "tail": ["спасибо!", "заранее спасибо", ")", "не срочно", "спс", "))", "🙏"],
    "ack_q": ["Конечно. ", "Хороший вопрос. ", "Давайте разберёмся. "],
    "ack_s": ["Принято. ", "Ясно. ", "Хорошо. ", "Понятно. "],
    "follow": [" Добавить это в общий список?", " Если нужно, распишу подробнее.",
               " Напомните, если что-то поменяется.", " Могу разобрать подробнее, если нужно."],
    "qwords": ["как", "что", "где", "когда", "почему", "зачем", "сколько", "можно", "нужно", "стоит", "какой",
               "какая", "какие", "кто", "есть", "а", "подскажи", "посоветуй", "помоги", "нормально", "реально"],
    "no_ack": ["Да", "Нет", "Конечно", "Хорошо", "Понятно", "Отлично", "Ого", "Ох", "Обычно", "Скорее", "Зависит",
               "Это", "Можно", "Не", "Лучше", "Ясно", "Принято", "Звучит", "Поздравляю", "Сочувствую", "Жаль",
               "Классика", "Ха", "Коротко", "Увы", "Вполне", "Нормально", "Честно", "Главное", "Сначала"],
}


def _fallback_ru(ctx):
    r = ctx.rng
    u = r.choice(["спасибо", "ок, понятно", "супер, спасибо", "ага, ясно", "отлично", "спасибо большое",
                  "класс", "благодарю", "огонь, спасибо", "помогло, спасибо", "ясно", "ну ок", "логично",
                  "да, так и сделаем"])
    u2 = r.choice(["", "", " — пойду ужин готовить", ", вечером сделаю", " )", ", голова уже не варит",
                   ", завтра отпишусь", ", уф", ", одной проблемой меньше", " 🙏"])
    a = r.choice(["Пожалуйста", "Обращайтесь", "Не за что", "Удачи", "Всегда пожалуйста", "Хорошего вечера",
                  "Отлично"])
    a2 = r.choice(["!", ".", " — пишите, если что-то изменится.", ". Отдыхайте.", " — шаг за шагом всё сделаем.",
                   ". Я тут, когда понадобится следующий шаг.", ". Вы отлично справляетесь."])
    return u + u2, a + a2


FALLBACK["ru"] = _fallback_ru


def ru_pl(n, one, few, many):
    n = abs(int(n))
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def ru_num(x, nd=1):
    return ("%.*f" % (nd, x)).replace(".", ",")


GENERIC_KITS["ru"] = [
    K(["Опять {U:спал|спала} отвратительно. Есть советы, кроме «не сидеть в телефоне перед сном»?",
       "нормально ли просыпаться в 4 утра каждую ночь, когда куча всего навалилось",
       "как выключить голову перед сном? у меня там бесконечные списки дел крутятся"],
      ["Что реально помогает: вставать в одно и то же время даже после плохой ночи, утром выходить на дневной свет, а если не спится больше 20 минут — встать и заняться чем-то скучным при тусклом свете. И записывать дела на завтра до того, как ложиться.",
       "Очень частая история в стрессовый период. Попробуйте «время для тревог» ранним вечером: выписать все открытые вопросы и следующий шаг по каждому. И блокнот у кровати — мысль в 4 утра лучше записать, чем гонять по кругу. Если это тянется неделями, стоит сказать врачу.",
       "Коротко: одинаковое время подъёма, кофе не позже двух часов дня, повторяемый ритуал перед сном и бумага для списков. Мозг крутит то, что боится забыть, — запишите, и станет легче."]),
    K(["что приготовить на ужин: есть курица, кабачок, полпачки сметаны и рис. сил ноль",
       "идея ужина на 20 минут, одна сковородка, чтобы ребёнок тоже ел?",
       "в холодильнике яйца, помидоры, кусок сыра и вчерашний хлеб. спасите"],
      ["Курица с кабачком в сметане: обжарить курицу кусочками, добавить кабачок, через 5 минут — сметану, соль, чеснок, потушить ещё минут 10. Рис параллельно. Дети обычно едят без вопросов.",
       "Паста с фаршем и томатами или ленивые голубцы на сковороде. Ещё вариант — омлет с овощами и сыром в духовке: всё смешать, 20 минут при 180°.",
       "Шакшука: помидоры с чесноком потушить минут 7–8, сделать ямки, разбить яйца, под крышкой ещё 5 минут, сверху сыр. Хлеб подсушить на сковороде — будет чем макать."]),
    K(["у сестры день рождения {D1}, а у меня ноль идей. она любит дачу и детективы. бюджет около {M1:2000-5000}",
       "что подарить подруге на 40? {N1:n} любит походы и кофе",
       "надо как-то отблагодарить соседку, которая поливала наши цветы, пока нас не было. что-то небольшое"],
      ["Варианты: хорошие садовые перчатки с наколенником, набор редких семян, новый детектив любимого автора. Можно собрать коробку: семена, перчатки и книга.",
       "Для походов и кофе: хороший термос, пачка зерна от местной обжарки или походный набор для заваривания. Если хочется впечатлений — сертификат на однодневный поход с гидом.",
       "Лучше всего заходит что-то съедобное: коробка хороших конфет, торт из любимой кондитерской или цветы с тёплой открыткой. Это всегда приятно."]),
    K(["помоги вежливо отказать: {N1:n} зовёт нас на шашлыки {D1}, а мне вообще не до этого",
       "как отказать знакомым, которые просят в долг, и не испортить отношения?",
       "надо отказаться от роли родителя-организатора в классе в этом году. вежливо. я всегда соглашаюсь"],
      ["Например: «Очень хотели бы, но сейчас у нас такой завал, что никак. Давайте соберёмся через пару недель, когда разгребёмся? С нас мясо». Тепло, без лишних объяснений и с альтернативой.",
       "Коротко и про себя, а не про них: «Извини, сейчас я не могу дать в долг — у нас самих большие расходы. Надеюсь, ты поймёшь». Чем длиннее оправдания, тем больше поводов торговаться.",
       "Что-то вроде: «В этом году не смогу взять на себя организацию — у нас дома большой проект. Могу помочь разово, например с закупкой к празднику». Маленькая альтернатива делает отказ мягче."]),
    K(["посмотрели первую серию нового сериала, все хвалят. смотреть дальше?",
       "хочется вечером что-то лёгкое посмотреть, без убийств, день был тяжёлый",
       "что послушать в дороге? подкасты на русском, мы с {N1:i} всё переслушали"],
      ["Обычно говорят, что раскачивается он ко второй-третьей серии. Если первая хоть чуть зацепила — дайте ещё две. Если смотрите из чувства долга — жизнь слишком коротка.",
       "Что-то лёгкое: кулинарное шоу, старый добрый ситком на пересмотр или тревел-сериал. После тяжёлого дня это вполне законный выбор.",
       "В дорогу лучше всего идут сериальные подкасты: исторические, научно-популярные или документальные расследования. Ещё вариант — аудиокнига, которая нравится обоим."]),
    K(["как хранить все чеки и договоры? у меня ящик бумажек и хаос в почте",
       "как организовать кучу PDF — сметы, счета, договоры? всё называется scan0012"],
      ["Самая простая рабочая система: одна папка в облаке с подпапками по подрядчикам, файлы называть «дата_кто_сумма», например 2026-03-04_плитка_42000. Бумажные чеки фотографировать в тот же день. И табличка: дата, кто, что, сумма, оплачено?",
       "Переименовывать сразу при сохранении: ГГГГ-ММ-ДД_кто_что.pdf. Папки «Сметы», «Счета», «Договоры», «Гарантии». Раз в неделю десять минут на разбор загрузок — мучает именно завал, а не система."]),
    K(["у всех в доме насморк. что реально помогает?",
       "плохо себя чувствую — горло, голова. отменить встречу в {T1}?"],
      ["Честно — отдых, много питья, жаропонижающее от ломоты и тёплое питьё с мёдом для горла. Обычно простуда проходит за 7–10 дней. К врачу — если высокая температура не сбивается, тяжело дышать или всё затянулось больше чем на две недели.",
       "Если можно — перенесите или проведите по телефону: через день-два вы будете соображать лучше, а отмена из-за болезни никого не удивит. Отдых, питьё, что-нибудь от головы. Если горло сильно разболится или поднимется температура — к врачу."]),
    K(["проверь письмо перед отправкой: «{N1:n}, добрый день! {U:Хотел|Хотела} уточнить, есть ли новости по моему вопросу?»",
       "не звучит ли пассивно-агрессивно: «Как я уже {U:писал|писала} ранее, прошу подтвердить дату»?"],
      ["В целом нормально, но расплывчато. Лучше с конкретикой: «{N1:n}, добрый день! Подскажите, пожалуйста, получится ли дать ответ до пятницы? Нам нужно спланировать следующие работы». С конкретным сроком отвечают быстрее.",
       "«Как я уже {U:писал|писала} ранее» звучит резковато. Мягче, но так же ясно: «Возвращаюсь к вопросу о дате — подтвердите, пожалуйста, когда будет возможность, от этого зависит остальной график»."]),
    K(["машина скрипит при торможении. в сервис записали на {W1}. доездить до этого нормально?",
       "ТО подходит {D1}. что проверить {U:самому|самой}, чтобы не платить за ерунду?"],
      ["Скрежет при торможении часто значит, что колодки стёрлись до металла, и страдают диски. Лучше пока ездить поменьше и спросить, нельзя ли пораньше — на тормозах экономить не стоит.",
       "Самостоятельно можно глянуть: все лампочки (включая стоп-сигналы — попросите кого-нибудь посмотреть), дворники и омывайку, протектор и давление в шинах, уровень масла и жидкостей, ошибки на приборке. Это уже половина типичных замечаний."]),
    K(["стоит ли нанять клинеров после всего этого? мы оба без сил",
       "как часто на самом деле надо мыть холодильник, спрашиваю для подруги (для себя)"],
      ["Если бюджет позволяет — генеральная уборка после ремонта или переезда того стоит. А потом можно попробовать раз в две недели и посмотреть, как пойдёт.",
       "Протирать пролитое сразу и разбирать полностью примерно раз в месяц — вполне достаточно. Удобнее всего вечером перед закупкой продуктов, когда холодильник почти пустой."]),
    K(["собака начала лаять на каждый звук. это стресс?",
       "кот залез в шкаф и не выходит второй день. волноваться?"],
      ["Скорее всего да: новые люди, шум, сбитый режим. Держите прогулки и кормёжку по расписанию, дайте ей тихий угол подальше от суеты и хвалите за спокойствие. Длинная прогулка с обнюхиванием перед самым шумным временем дня очень помогает.",
       "Скорее нет — кошки прячутся, когда дома шумно или всё поменялось. Поставьте рядом воду, еду и лоток, не вытаскивайте силой — выйдет, когда успокоится. Если не ест больше суток — к ветеринару."]),
    K(["как заставить ребёнка убирать в комнате. {U:готов|готова} на подкуп",
       "как провести семейный совет по домашним делам, чтобы все не стонали"],
      ["Сделайте задачу конкретной и маленькой: «книги на полку, одежда в корзину» вместо «убери комнату». Таймер на 10 минут и музыка работают отлично, и да, маленькая награда за серию дней — нормально.",
       "Коротко, за едой, и пусть каждый сам выберет из списка, а не получает назначение. Договоритесь о чём-то одном на неделю и обсудите в следующий раз. Таблица на холодильнике работает лучше напоминаний."]),
    K(["хочу начать бегать. три раза в неделю по 25 минут — это вообще что-то даст?",
       "давно собираюсь делать йогу по утрам. реальный план для новичка?"],
      ["Да, это отличная база. Если большинство пробежек держать в спокойном темпе, разговорном, прогресс будет заметен уже через месяц. Увеличивайте нагрузку понемногу раз в пару недель.",
       "Для начала хватит 10–15 минут: несколько приветствий солнцу, пара стоячих асан и растяжка. Регулярность важнее длительности. В интернете много бесплатных курсов для новичков."]),
    K(["на {W1} обещают ливень. есть прогноз, который точен больше чем на 3 дня?",
       "опять дождь стеной. мне кажется или он идёт каждый день этот месяц"],
      ["Дальше трёх–пяти дней ни один прогноз не надёжен в деталях вроде «дождь в 15:00». Смотрите ближе к дате и закладывайте запасной вариант для всего, что зависит от погоды.",
       "Такое бывает, когда над регионом надолго застревает циклон. Если что-то в планах зависит от погоды — заложите пару запасных дней."]),
    K(["мама присылает мне статьи о том, что всё, что мы делаем, — ошибка 🙃",
       "поговорили с папой про наши планы, вышло напряжённо. он хочет как лучше, но"],
      ["Утомительно, понимаю. Часто это от тревоги, а не от неодобрения. Иногда помогает короткий тёплый апдейт: «вот что мы решили и почему, а вот где ты можешь помочь».",
       "Большие перемены пугают родителей, и это выходит советами. Может помочь дать ему конкретное дело — люди меньше критикуют, когда чувствуют себя причастными."]),
    K(["чем смета отличается от договорной цены? подрядчики путают эти слова",
       "правда ли надо всегда собирать три предложения или это миф"],
      ["Грубо: твёрдая цена в договоре — фиксированная сумма за описанный объём работ, а смета может быть ориентировочной и меняться. Если важно, попросите письменно подтвердить, что цена твёрдая, и что считается допработами.",
       "Для чего-то крупного три — хорошее правило: видно рыночную цену и выбросы. Для мелочей или проверенного мастера по рекомендации хватит и одного."]),
    K(["память в телефоне опять забита. там 3000 фоток чеков и скриншотов",
       "как нормально сделать бэкап фото с телефона? боюсь всё потерять"],
      ["Включите автозагрузку в облако, дайте ей догрузиться по вайфаю, потом — «оптимизацию хранилища», чтобы оригиналы жили в облаке. Удаление старых видео и скриншотов обычно освобождает много места.",
       "Две копии в двух местах: автоматический бэкап в облако и время от времени выгрузка на внешний диск или компьютер. И один раз проверьте, что фото из бэкапа реально открываются — этот шаг все пропускают."]),
    K(["напомни, какой процент обычно закладывают на непредвиденные расходы?",
       "сколько держать в запасе на случай, если проект вылезет за бюджет"],
      ["Обычно 10–15% от общей суммы для понятной работы и ближе к 20% для старого жилья или когда много неизвестного. Держите это отдельной строкой, чтобы резерв тихо не ушёл на «улучшения».",
       "Ориентир — 10–20% в зависимости от числа неизвестных. Если уже один раз вылезли за бюджет, лучше восстановить резерв, чем надеяться, что дальше всё пойдёт по плану."]),
    K(["коллега {N1:n} уходит, попросили написать пару строк в открытку. мы не особо близки",
       "нужны две строчки в открытку коллеге на пенсию, {g1:он|она} проработал{g1:|а} у нас 30 лет"],
      ["Тепло, но без фамильярности: «Спасибо за помощь и доброжелательность — без вас будет не то. Удачи во всём новом!»",
       "Например: «Тридцать лет вы делали это место лучше — спасибо за всё! Пусть на пенсии будет много времени на то, что приносит радость»."]),
    K(["как сосредоточиться на работе из дома, когда у соседей перфоратор с утра",
       "на работе горит дедлайн на этой неделе, и это поверх всего остального. как ничего не уронить"],
      ["Наушники с шумоподавлением и коричневый шум, созвоны — на время, когда обычно тише. Если можно, на самые сложные часы уйти в библиотеку или коворкинг.",
       "Выписать все открытые дела в один список, выбрать три действительно важных на неделю и делать их первыми с утра. Заранее предупредить, что какие-то вещи сдвинутся, — так это гораздо менее болезненно."]),
    K(["хотим меньше заказывать еду. в прошлом месяце на доставку ушло {M1:6000-15000}, стыдно",
       "какой реальный бюджет на продукты в неделю для семьи из трёх человек?"],
      ["Не стыдно, просто был тяжёлый месяц. Если в воскресенье приготовить два больших блюда и держать пару «аварийных» порций в морозилке, доставку обычно удаётся урезать вдвое.",
       "Очень зависит от города и привычек. Меню на пять ужинов в неделю, покупки по списку и готовка сразу на два дня заметно снижают траты. Месяц записывайте всё — будет реальная точка отсчёта."]),
    K(["мне кажется, мне нужны выходные без всего этого. это безответственно?",
       "уезжаем на ночь {D1}, первый отдых за долгое время. что сделать перед отъездом?"],
      ["Совсем нет — выходные как раз помогают не принимать решения на усталости. Предупредите ключевых людей, что вы вне связи, и оставьте один контакт на экстренный случай.",
       "Здорово! Предупредите всех, кто сейчас у вас работает, оставьте кому-то ключи, если нужно, и соберите всё срочное в одно сообщение — чтобы не сидеть все выходные в телефоне."]),
    K(["интернет весь день отваливается, очень вовремя",
       "какой недорогой mesh-вайфай взять? в дальней комнате не ловит"],
      ["Перезагрузите роутер, проверьте страницу провайдера со статусом и попробуйте по кабелю — так станет понятно, линия это или вайфай. Если и по кабелю пропадает — звоните провайдеру и записывайте время обрывов.",
       "Обычно хватает комплекта из двух–трёх модулей от любого известного бренда. Второй модуль ставьте посередине между роутером и «мёртвой зоной», а не в ней самой."]),
    K(["как перестать думать над каждым решением? я час {U:выбирал|выбирала} корзину для белья",
       "усталость от решений реальна. нам ещё штук 40 вещей выбирать"],
      ["Введите правило: всё, что дешевле определённой суммы, выбираете из первых трёх понравившихся вариантов и идёте дальше. Думать долго — только о дорогом и трудно заменяемом.",
       "Пачками: один вечер, список, лимит времени на пункт и вариант по умолчанию («как в прошлой комнате», «средний по цене»). Через год большинство этих выборов никто не заметит."]),
    K(["нас затопили соседи сверху. немного, пятно на потолке в коридоре. что делать по порядку?",
       "соседка снизу жалуется на шум. мы в рамках разрешённого времени, но всё равно неловко"],
      ["Сфотографируйте пятно, поднимитесь к соседям и перекройте воду, если течёт. Вызовите управляющую компанию составить акт о заливе — без него потом сложно что-то требовать. Дальше либо договариваетесь о компенсации, либо через оценку ущерба.",
       "Предупредите её заранее о самых шумных днях, оставьте номер телефона и принесите что-нибудь к чаю. Когда люди знают, сколько это продлится, терпеть легче."]),
    K(["записаться к врачу через госуслуги — ближайшее только на {D1}. это нормально?",
       "как быстрее попасть к терапевту, если в поликлинике записи нет на две недели?"],
      ["К сожалению, к узким специалистам так бывает. Проверяйте запись по утрам — часто освобождаются слоты, и можно спросить в регистратуре про лист ожидания. Если что-то острое — дежурный врач или платная клиника.",
       "Варианты: дежурный врач в поликлинике в день обращения, вызов врача на дом, если температура, или платный приём. И проверять запись утром — слоты часто освобождаются."]),
    K(["{N1:n} советует книгу про расхламление. это кроличья нора?",
       "хочу читать перед сном что-то не рабочее. художественное, не тяжёлое"],
      ["Бывает, но такие книги полезны именно перед переездом или ремонтом — лучший момент расстаться с лишним. Возьмите одну идею, которая подходит, а философию пропустите.",
       "Уютный детектив, смешные мемуары или короткий роман, который можно дочитать за неделю. Выбирайте с короткими главами, чтобы легко было остановиться, когда глаза закрываются."]),
    K(["друзья приезжают на {W1} на две ночи. гостевая комната сейчас склад. помогите",
       "у {N1:g} свадьба {D1}, прямо посреди всего этого. как спланировать?"],
      ["Два варианта: расчистить проход и поставить надувной матрас в самой спокойной комнате, или снять им что-то рядом и оплатить ночь. Друзья обычно выбирают честный хаос — лишь бы был кофе и работал туалет.",
       "Вычеркните эти выходные полностью и заранее предупредите всех, кто на вас работает. Заодно это удобная контрольная точка: постарайтесь принять все решения до неё, чтобы в ваше отсутствие ничего не стояло."]),
    K(["стоит ли оставлять отзывы всем, кто у нас что-то делал?",
       "мастер отлично сделал работу в прошлом месяце. как ему лучше всего помочь?"],
      ["Не обязательно, но для частников конкретный отзыв — на вес золота. Напишите, что сделал, что пришёл вовремя и убрал за собой. Одного честного абзаца достаточно.",
       "Подробный отзыв на сайте или в сервисе, где вы его нашли, и рекомендация знакомым ценнее почти всего. Фото готовой работы тоже помогают, если вы не против."]),
]


# ---------------- computed distractors ----------------
def _ru_money(ctx, amount):
    return ctx.fmt(amount)


def ru_paint(ctx):
    r = ctx.rng
    L = r.choice([3.2, 3.5, 3.8, 4.1, 4.4, 4.6, 5.2])
    W = r.choice([2.6, 2.9, 3.1, 3.3, 3.6, 3.9])
    H = r.choice([2.5, 2.6, 2.7, 2.75, 3.0])
    coats = r.choice([2, 2, 3])
    cov = r.choice([8, 10, 12])
    walls = 2 * (L + W) * H
    net = walls - 3.5
    litres = net * coats / cov
    room = r.choice(["детская", "спальня", "коридор", "кабинет", "маленькая комната"])
    u = r.choice([
        "сколько краски нужно? %s %s на %s м, потолки %s, одна дверь и окно, красим в %d слоя" % (room, ru_num(L), ru_num(W), ru_num(H, 2 if H * 100 % 10 else 1), coats),
        "посчитай краску: %s, %s×%s, высота %s, %d слоя, на банке расход 1 л на %d м²" % (room, ru_num(L), ru_num(W), ru_num(H, 2 if H * 100 % 10 else 1), coats, cov),
    ])
    a = ("Стены: 2 × (%s + %s) × %s = %s м². Минус примерно 3,5 м² на дверь и окно — около %s м². "
         "В %d слоя при расходе около 1 л на %d м² выходит %s л. Берите с небольшим запасом на подкраску."
         % (ru_num(L), ru_num(W), ru_num(H, 2 if H * 100 % 10 else 1), ru_num(walls), ru_num(net), coats, cov, ru_num(litres)))
    return [(u, a)]


def ru_tiles(ctx):
    r = ctx.rng
    area = r.choice([3.4, 4.2, 5.6, 6.8, 7.5, 8.9, 11.3])
    tw, th = r.choice([(60, 30), (30, 30), (20, 10), (60, 60), (25, 40)])
    per_box = r.choice([6, 8, 10, 12, 16])
    waste = r.choice([10, 10, 15])
    per_m2 = 10000.0 / (tw * th)
    need = area * (1 + waste / 100.0)
    tiles = int(-(-need * per_m2 // 1))
    boxes = -(-tiles // per_box)
    u = r.choice([
        "сколько коробок плитки брать: площадь %s м², плитка %d×%d, в коробке %d шт" % (ru_num(area), tw, th, per_box),
        "посчитай плитку: %s квадратов, формат %d на %d, упаковка %d штук, с запасом" % (ru_num(area), tw, th, per_box),
    ])
    a = ("Одна плитка — %s м², то есть около %s шт. на м². С запасом %d%% на подрезку и бой нужно %s м², "
         "это %d %s — %d %s по %d. Если раскладка диагональная или ёлочкой, запас лучше 15%%."
         % (ru_num(tw * th / 10000.0, 3), ru_num(per_m2), waste, ru_num(need, 2), tiles, ru_pl(tiles, "плитка", "плитки", "плиток"),
            boxes, ru_pl(boxes, "коробка", "коробки", "коробок"), per_box))
    return [(u, a)]


def ru_fx(ctx):
    r = ctx.rng
    a_code, b_code, lo, hi = ctx.spec["fx"]
    rate = r.randint(int(lo * 100), int(hi * 100)) / 100.0
    amt = r.choice([150, 300, 480, 750, 1200, 2500, 3900])
    conv = amt * rate
    u = r.choice([
        "если %s стоит %s %s, сколько будет %d %s?" % (a_code, ru_num(rate, 2), b_code, amt, a_code),
        "переведи %d %s в %s по курсу %s" % (amt, a_code, b_code, ru_num(rate, 2)),
    ])
    a = r.choice([
        "%d × %s = %s %s. Банки и карты обычно добавляют 1–3%% сверху, так что закладывайте чуть больше." % (amt, ru_num(rate, 2), group3(int(round(conv)), " "), b_code),
        "Примерно %s %s (%d × %s). При переводе через банк курс будет хуже биржевого." % (group3(int(round(conv)), " "), b_code, amt, ru_num(rate, 2)),
    ])
    return [(u, a)]


def ru_budget(ctx):
    r = ctx.rng
    items = r.sample(ctx.spec["budget_items"], 4)
    amts = [rand_amount(r, lo, hi) for _, lo, hi in items]
    names = [n for n, _, _ in items]
    total = sum(amts)
    step = 5000 if total > 20000 else 1000 if total > 3000 else 100 if total > 300 else 50
    budget = (total // step + r.choice([1, 2, 3])) * step
    lines = ", ".join("%s — %s" % (n, _ru_money(ctx, am)) for n, am in zip(names, amts))
    u = r.choice(["сложи, пожалуйста: %s. отложено на это %s" % (lines, _ru_money(ctx, budget)),
                  "проверь итог: %s. сколько остаётся из %s?" % (lines, _ru_money(ctx, budget))])
    big = amts.index(max(amts))
    a = r.choice(["Итого %s, из %s остаётся %s." % (_ru_money(ctx, total), _ru_money(ctx, budget), _ru_money(ctx, budget - total)),
                  "Всего %s. Остаток от %s — %s. Самая крупная позиция — %s (%s)." % (
                      _ru_money(ctx, total), _ru_money(ctx, budget), _ru_money(ctx, budget - total), names[big], _ru_money(ctx, amts[big]))])
    return [(u, a)]


def ru_split(ctx):
    r = ctx.rng
    what, lo, hi = r.choice(ctx.spec["split_items"])
    k = r.choice([2, 3, 4, 5, 6])
    total = rand_amount(r, lo, hi)
    u = r.choice(["скидываемся на %s: %s на %d человек. сколько с каждого?" % (what, _ru_money(ctx, total), k),
                  "%s вышло в %s, делим на %d. по сколько?" % (what, _ru_money(ctx, total), k)])
    share = total / float(k)
    if share == int(share):
        a = "%s ÷ %d = %s с человека." % (_ru_money(ctx, total), k, _ru_money(ctx, int(share)))
    else:
        a = "%s ÷ %d ≈ %s с человека — округлите, а копейки пусть возьмёт на себя кто-то один." % (
            _ru_money(ctx, total), k, _ru_money(ctx, int(round(share))))
    return [(u, a)]


def ru_countdown(ctx):
    r = ctx.rng
    d = ctx.future(9, 70)
    days = (d - ctx.today()).days
    ds = fmt_date("ru", "ru", d, r)
    what = ctx.take("countdown_items")
    u = r.choice(["сколько дней осталось до %s? это %s" % (what, ds),
                  "сколько у нас времени до %s — %s" % (ds, what)])
    w, dd = divmod(days, 7)
    a = "От сегодняшнего дня — %d %s, то есть %d %s%s. " % (
        days, ru_pl(days, "день", "дня", "дней"), w, ru_pl(w, "неделя", "недели", "недель"),
        (" и %d %s" % (dd, ru_pl(dd, "день", "дня", "дней"))) if dd else " ровно") + r.choice(
        ["Времени достаточно, если главные решения принять в ближайшие две недели.",
         "Стоит поставить контрольную точку посередине.", "Впритык, но реально, если ничего не сдвинется."])
    return [(u, a)]


def ru_discount(ctx):
    r = ctx.rng
    thing, lo, hi = r.choice(ctx.spec["shop_items"])
    price = rand_amount(r, lo, hi)
    pct = r.choice([10, 15, 20, 25, 30])
    new = int(round(price * (100 - pct) / 100.0))
    u = r.choice(["%s стоит %s, но на выходных скидка %d%%. сколько выйдет?" % (thing, _ru_money(ctx, price), pct),
                  "скидка %d%% на %s, было %s. новая цена?" % (pct, thing, _ru_money(ctx, price))])
    a = "%d%% от %s — это %s, значит, выйдет %s. %s" % (
        pct, _ru_money(ctx, price), _ru_money(ctx, price - new), _ru_money(ctx, new),
        r.choice(["Проверьте, входит ли доставка.", "Если всё равно собирались брать — выгодно.",
                  "Такие акции повторяются, так что спешить необязательно."]))
    return [(u, a)]


def ru_drive(ctx):
    r = ctx.rng
    dest, klo, khi = r.choice(ctx.spec["drive_places"])
    km = r.randint(klo, khi)
    speed = r.choice([70, 80, 90, 100])
    if km < 60:
        speed = r.choice([40, 50, 60])
    h0 = r.choice([7, 8, 9, 10, 13])
    m0 = r.choice([0, 10, 15, 30, 45])
    mins = int(round(km * 60.0 / speed))
    stop = r.choice([10, 15, 20, 30])
    tot = mins + stop
    arr_h, arr_m = divmod(h0 * 60 + m0 + tot, 60)
    u = r.choice(["выезжаем в %d:%02d %s, это примерно %d км, средняя %d км/ч и остановка минут на %d. когда будем?" % (h0, m0, dest, km, speed, stop),
                  "дорога %s: %d км, скорость в среднем %d, выезд в %d:%02d, плюс %d минут на перекус. во сколько приедем?" % (dest, km, speed, h0, m0, stop)])
    a = "В пути %d км ÷ %d км/ч ≈ %d ч %02d мин, плюс остановка %d мин — всего %d ч %02d мин. Приедете примерно в %d:%02d, если без пробок." % (
        km, speed, mins // 60, mins % 60, stop, tot // 60, tot % 60, arr_h, arr_m)
    return [(u, a)]


RU_DISHES = {
    "плов": [("риса", "г", 500), ("мяса", "г", 600), ("моркови", "г", 400)],
    "блины": [("муки", "г", 250), ("молока", "мл", 500), ("яиц", "шт", 3)],
    "оливье": [("картошки", "г", 500), ("колбасы", "г", 300), ("яиц", "шт", 4)],
    "сырники": [("творога", "г", 500), ("муки", "г", 80), ("яиц", "шт", 2)],
    "борщ": [("свёклы", "г", 400), ("капусты", "г", 300), ("говядины", "г", 500)],
}


def ru_recipe(ctx):
    r = ctx.rng
    base = r.choice([4, 6])
    want = r.choice([10, 12, 15, 18])
    dish = ctx.take("ru_dish", sorted(RU_DISHES))
    ing = RU_DISHES[dish]
    f = want / float(base)
    listed = ", ".join("%d %s %s" % (q, un, n) for n, un, q in ing)
    u = r.choice(["пересчитай рецепт: %s на %d порций, а надо на %d. там %s" % (dish, base, want, listed),
                  "у меня %s на %d человек: %s. как увеличить на %d?" % (dish, base, listed, want)])
    parts = []
    for n, un, q in ing:
        v = q * f
        if un in ("г", "мл"):
            parts.append("%d %s %s" % (int(round(v / 10.0) * 10), un, n))
        else:
            parts.append("%d %s %s" % (int(round(v)), un, n))
    a = "Коэффициент %d/%d = %s, значит: %s. %s" % (want, base, ru_num(f, 2), "; ".join(parts), r.choice(
        ["Соль и специи лучше добавлять по вкусу в конце, а не умножать.", "Время готовки в большой посуде чуть увеличится.",
         "Если посуда не вместит — проще сделать две партии."]))
    return [(u, a)]


def ru_convert(ctx):
    r = ctx.rng
    L = r.choice([2.8, 3.1, 3.4, 3.7, 4.2, 4.5, 5.1])
    W = r.choice([2.4, 2.7, 3.0, 3.3, 3.6])
    u = r.choice(["сколько квадратов в комнате %s на %s?" % (ru_num(L), ru_num(W)),
                  "площадь %s×%s м — это сколько м²?" % (ru_num(L), ru_num(W))])
    a = "%s × %s = %s м²%s" % (ru_num(L), ru_num(W), ru_num(L * W, 2), r.choice(
        [".", " — для покрытия пола берите запас 5–10%.", ", периметр — %s м." % ru_num(2 * (L + W))]))
    return [(u, a)]


def ru_dayrate(ctx):
    r = ctx.rng
    pick = r.choice(ctx.spec["dayrate"])
    who, rlo, rhi, extra = pick[:4]
    maxd = pick[4] if len(pick) > 4 else 5
    rate = rand_amount(r, rlo, rhi)
    days = r.choice([d for d in [1, 1.5, 2, 2.5, 3, 4, 5] if d <= maxd])
    mat = rand_amount(r, rate // 5, rate)
    tot = int(rate * days + mat)
    dstr = ru_num(days) if days != int(days) else str(int(days))
    dword = "дня" if days != int(days) else ru_pl(int(days), "день", "дня", "дней")
    u = r.choice(["%s берёт %s в день, говорит, работы примерно на %s %s, плюс %s где-то %s. сколько всего?" % (who, _ru_money(ctx, rate), dstr, dword, extra, _ru_money(ctx, mat)),
                  "%s: %s в день × %s %s + %s %s. итого?" % (who, _ru_money(ctx, rate), dstr, dword, _ru_money(ctx, mat), extra)])
    a = "%s × %s = %s, плюс %s — итого %s. %s" % (
        dstr, _ru_money(ctx, rate), _ru_money(ctx, int(rate * days)), _ru_money(ctx, mat), _ru_money(ctx, tot),
        r.choice(["Уточните, фиксированная ли это сумма или может вырасти.", "Попросите подтвердить сумму сообщением, чтобы не было сюрпризов.",
                  "Спросите, по какой цене считаются материалы — по чеку или с наценкой."]))
    return [(u, a)]


COMPUTE_KITS["ru"] = [F(ru_paint, cap=2, tag="reno"), F(ru_tiles, cap=2, tag="reno"), F(ru_fx, cap=3), F(ru_budget, cap=3),
                      F(ru_split, cap=3), F(ru_countdown, cap=3), F(ru_discount, cap=3), F(ru_drive, cap=2),
                      F(ru_recipe, cap=2), F(ru_convert, cap=2, tag="reno"), F(ru_dayrate, cap=3)]


# ======================================================================================
# b13-ru-01: ремонт двушки в Казани
# ======================================================================================
RU01_KITS = [
    K(["мусор после демонтажа: заказывать контейнер или газель с грузчиками? предлагают за {M1:6000-12000}",
       "куда девать строительный мусор, во дворе уже ругаются"],
      ["Если мусора много (стены, старая плитка, стяжка не трогаем — уже хорошо), контейнер выгоднее: его ставят на день-два. Газель с грузчиками удобна, когда мешков немного и их надо снести с этажа. Уточните, входит ли погрузка.",
       "Выбрасывать строительный мусор в обычные баки нельзя — могут оштрафовать. Закажите вывоз: газель с грузчиками или контейнер. Мешки лучше не копить в подъезде, соседи это не любят."]),
    K(["в какие часы вообще можно шуметь? соседка уже стучала по батарее",
       "бригада хочет долбить в субботу. это законно?"],
      ["Часы тишины задаёт региональный закон, а в многоквартирных домах часто ещё и правила управляющей компании. Обычно шумные работы разрешены в будни днём с перерывом на обед. Посмотрите закон по вашему региону и повесьте объявление в подъезде.",
       "Во многих регионах выходные — под запретом для шумных работ или они разрешены с ограничениями. Проверьте региональный закон о тишине; даже если можно, лучше предупредить соседей заранее."]),
    K(["Ильдар спрашивает, сколько розеток на кухне. я сказала «побольше», он хочет цифру",
       "Ильдару к {D1} надо отдать схему розеток. сколько обычно на кухне?"],
      ["Рабочей кухне обычно нужно 6–10 точек: пара двойных на каждый участок столешницы, отдельные под холодильник, посудомойку, духовку, варочную, вытяжку и стиралку, если она на кухне. Представьте утро: что у вас включено одновременно?",
       "Ориентир: по двойной розетке на каждые 60–80 см рабочей поверхности, плюс отдельные линии под встроенную технику. Подумайте, где живут чайник, кофеварка и зарядки — именно там обычно не хватает."]),
    K(["Ильдар говорит, проводка в доме алюминиевая и её надо менять целиком. это правда необходимо?",
       "менять ли алюминиевую проводку в панельке 78 года или можно оставить"],
      ["В доме того времени алюминий — обычное дело, и при капитальном ремонте его почти всегда меняют на медь: алюминий окисляется, контакты греются, а современная техника даёт большую нагрузку. Раз стены всё равно вскрываете — самое время.",
       "Оставлять можно, но это тот случай, когда экономия выходит боком. Полная замена на медь с новым щитком и УЗО при ремонте стоит разумно, а потом — уже штробить по готовому."]),
    K(["Фарид спрашивает, какую затирку брать — обычную цементную или эпоксидную",
       "какого цвета затирку брать к белой плитке? серую, белую, графит?"],
      ["Эпоксидная дороже и капризнее в работе, зато не впитывает грязь и не темнеет — для душевой зоны и фартука отличный вариант. Для остальных стен хватит хорошей цементной.",
       "Серая — самый беспроигрышный вариант: грязь не видна, выглядит аккуратно. Белая свежая первые месяцы, потом темнеет в душе. Графит выглядит графично, но подчёркивает каждый неровный шов."]),
    K(["ванна или большая душевая? Артур любит купаться",
       "в ванной 1,7 на 1,5. ставить ванну или душевой уголок?"],
      ["С ребёнком, который любит купаться, лучше оставить ванну со шторкой или стеклом — получите и ванну, и душ. Без ванны квартира с детьми ещё и хуже сдаётся и продаётся.",
       "В 1,7 × 1,5 ванна 170 встанет впритык и займёт всю стену, зато даёт оба варианта. Душевая освободит место под стиралку и шкаф. Решает, кто и как моется чаще всего."]),
    K(["инсталляция для унитаза — стоит переплачивать?",
       "подвесной унитаз в панельке — не будет ли проблем с коробом?"],
      ["Плюсы: легче мыть пол, бачок спрятан, визуально просторнее. Минусы: дороже, и нужен доступ к механизму через кнопку. Если делаете короб под трубы всё равно — разница небольшая.",
       "Проблем обычно нет, короб всё равно закрывает стояк. Главное — оставить ревизионный люк к счётчикам и кранам и проверить, что рама крепится к несущей стене."]),
    K(["краска для стен: моющаяся матовая или полуматовая? у нас кот и ребёнок",
       "в какой цвет красить коридор, чтобы не видно было следов от рук"],
      ["Для дома с ребёнком и котом — моющаяся глубокоматовая или матовая краска с высоким классом стойкости к мытью. Полуматовая прочнее, но подчёркивает неровности стен.",
       "Средне-светлые тёплые оттенки: серо-бежевый, тёплый серый, оливковый. Совсем белый показывает каждый след, совсем тёмный — пыль. И моющаяся краска обязательно."]),
    K(["натяжной потолок или красить? Тимур за натяжной, я за покраску",
       "потолки в панельке кривые, как лучше: шпаклевать или натяжной?"],
      ["Натяжной быстрее и дешевле на кривых плитах, спасает от протечек сверху. Покраска выглядит «чище», но требует идеальной подготовки. Компромисс — матовый натяжной без видимого шва.",
       "Если перепад между плитами большой, шпаклевать долго и дорого — натяжной тут практичнее. Свет в нём продумайте заранее: закладные под светильники ставят до монтажа."]),
    K(["межкомнатные двери: эмаль или экошпон? в «Петровиче» разница почти в два раза",
       "стоит ли делать скрытые двери под покраску?"],
      ["Эмаль красивее и ремонтопригодна, но боится ударов (у вас ребёнок и кот). Экошпон практичнее и дешевле. Для детской и ванной разумнее взять экошпон, для гостиной — эмаль, если хочется.",
       "Выглядят эффектно, но дороже в монтаже, и требуют идеально ровных стен. Если бюджет напряжённый — это первое, от чего можно отказаться без потери в удобстве."]),
    K(["фартук на кухне: плитка или стекло?",
       "кухня из «Марии»: они предлагают столешницу HPL. это лучше обычной ЛДСП?"],
      ["Плитка дешевле и проще заменить кусок; стекло проще мыть и без швов, но дороже и заказывается после монтажа кухни. С кабанчиком и серой затиркой будет классика.",
       "HPL (пластик высокого давления) прочнее и устойчивее к влаге и нагреву, чем обычная ЛДСП с кромкой. Стоит немного дороже, но для рабочей зоны того стоит."]),
    K(["вытяжка: встроенная или купольная? и нужен ли отвод в вентиляцию",
       "вытяжка с отводом в вентканал — законно в панельке?"],
      ["Встроенная выглядит аккуратнее, купольная тянет лучше. Отвод в вентканал эффективнее рециркуляции, но только через обратный клапан.",
       "Подключать вытяжку в общий вентканал часто запрещают правила — это может нарушить вентиляцию у соседей. Безопаснее — рециркуляция с угольным фильтром или отдельный канал, если он есть."]),
    K(["Геннадий Петрович снизу говорит, что у него трещина на потолке после нашего демонтажа",
       "сосед снизу хочет «компенсацию» за шум. это вообще что?"],
      ["Сходите посмотреть вместе, сфотографируйте. Если трещина по шву плит — она могла быть и раньше. Предложите вызвать управляющую компанию для акта — это защищает обе стороны.",
       "Компенсации за шум в разрешённые часы закон не предусматривает. Но по-человечески можно принести торт и предупредить о самых шумных днях — это снимает большую часть претензий."]),
    K(["кот Чак второй день сидит под диваном после перфоратора",
       "кота куда девать на время демонтажа?"],
      ["Бедный Чак. Дайте ему закрытую тихую комнату с едой, водой и лотком, закрывайте дверь в шумные часы. Феромоновый диффузор может немного помочь.",
       "Лучше всего на время самых шумных недель отвезти к родным. Если некуда — одна закрытая комната, табличка на двери для рабочих и никаких открытых окон."]),
    K(["живём у свекрови, пока идёт ремонт. уже третья неделя. помогите",
       "как не поругаться со свекровью, живя у неё два месяца"],
      ["Держитесь — это самый трудный отрезок. Помогает своя зона (хотя бы угол), свой график готовки и небольшие знаки благодарности: купить продукты, сводить её куда-нибудь.",
       "Договоритесь о бытовых правилах в первый же вечер: кто что готовит, когда стирка, где хранятся ваши вещи. И регулярно говорите спасибо — это правда работает."]),
    K(["Артур хочет детскую «как космос». можно?",
       "в детскую какой пол и какие обои, чтобы надолго"],
      ["Пусть выберет одну акцентную стену — фотообои или краска с звёздами, а остальные сделайте нейтральными. Через пару лет переклеить одну стену легче, чем всю комнату.",
       "Моющиеся обои или краска и прочный пол без швов — ребёнок подрастёт, а ремонт останется. Яркое — в текстиле и мебели, их проще поменять."]),
    K(["стоит ли менять окна? сейчас пластик лет 15, немного дует",
       "откосы после замены окон: пластиковые или штукатурка?"],
      ["Часто хватает регулировки фурнитуры и замены уплотнителя — это в разы дешевле. Менять имеет смысл, если стеклопакеты запотевают внутри или профиль повело.",
       "Пластиковые быстрее и не трескаются, штукатурные выглядят естественнее и красятся вместе со стенами. Главное — утеплить шов под ними."]),
    K(["смету уже превысили на {M1:40000-90000}. Тимур нервничает",
       "что обычно урезают, когда бюджет вылетел?"],
      ["Это бывает почти на любом ремонте вторички. Спишите перерасход на резерв и подумайте, что можно отложить — например, декор, часть мебели или балкон.",
       "То, что легко улучшить потом: декор, светильники, мебель, текстиль. Не экономьте на том, что спрятано в стенах и полу, — переделывать это дороже всего."]),
    K(["как правильно платить бригаде: всё сразу или по этапам?",
       "просят аванс {M1:50000-120000} на материалы. нормально?"],
      ["По этапам: небольшой аванс, потом оплата по факту выполненных и принятых этапов (демонтаж, электрика и сантехника, черновая отделка, чистовая), последняя часть — после приёмки. Никогда не платите сильно вперёд.",
       "Аванс на материалы — нормальная практика, но пусть будет по чекам и с перечнем, что именно покупается. Ещё лучше — покупать основные материалы самим или оплачивать счета напрямую магазину."]),
    K(["что обязательно прописать в договоре с бригадой?",
       "бригада работает без договора, «на доверии». насколько это плохая идея?"],
      ["Объём работ со сметой, сроки по этапам, порядок оплаты, кто закупает материалы, гарантийный срок и порядок приёмки. Плюс фото состояния квартиры до начала — на всякий случай.",
       "Рискованно: при споре о сроках или качестве опереться не на что. Хотя бы простой договор или письменная переписка со сметой, сроками и суммами — уже намного лучше."]),
    K(["шумоизоляция стены со спальней соседей — стоит делать?",
       "какая шумоизоляция реально работает в панельке?"],
      ["Если слышно разговоры и телевизор — да, особенно в спальне. Каркасная система с минватой и двумя слоями гипсокартона съедает 7–10 см, но заметно помогает.",
       "Работают только каркасные системы с звукоизоляционной минватой и развязкой от стен, потолка и пола. Тонкие «волшебные» панели почти ничего не дают."]),
    K(["свет в гостиной: точки, трек или люстра?",
       "сколько светильников нужно на кухню 9 метров?"],
      ["Лучше несколько сценариев: общий свет (трек или несколько точек), локальный над диваном и торшер или бра. Люстра может остаться как акцент.",
       "Для 9 м² хватит общего света на 4–6 точек или одного трека плюс подсветка рабочей зоны под шкафами. Тёплый свет 2700–3000 K уютнее."]),
    K(["гидроизоляция в ванной — только пол или стены тоже?",
       "плиточник говорит, гидроизоляцию делать не надо, плитка же. так можно?"],
      ["Пол целиком с заходом на стены сантиметров на 20, а в душевой зоне — стены полностью на высоту лейки и выше. Особенно важно в панельке, где снизу соседи.",
       "Нельзя. Плитка и затирка пропускают воду, и рано или поздно это кончится заливом соседей. Обмазочная гидроизоляция с лентами в углах — стандарт, она недорогая."]),
    K(["кондиционер ставить сейчас или потом? лето в Казани бывает жаркое",
       "если кондиционер планируем позже, что надо сделать сейчас?"],
      ["Трассу лучше заложить сейчас, пока стены открыты: потом штробить по чистовой отделке — больно. Сам блок можно поставить и позже.",
       "Проложить трассу (медь, дренаж, кабель) и вывести её в место будущего блока, плюс отдельная линия питания. Тогда потом монтаж займёт полдня без пыли."]),
    K(["балкон утеплять или оставить холодным?",
       "объединять ли балкон с кухней"],
      ["Если планируете там кабинет или кладовку с овощами — утеплять. Если только сушить бельё и хранить велосипеды — достаточно остекления.",
       "Снос подоконного блока — перепланировка, её нужно согласовывать, а выносить батарею на балкон в многоквартирных домах обычно запрещено. Часто проще убрать дверь и окно, оставив порог."]),
    K(["как принимать работу у бригады, чтобы потом не было сюрпризов?",
       "составь чек-лист приёмки ванной"],
      ["Проверяйте по этапам: ровность стен правилом, углы, работу всех розеток и выключателей, отсутствие протечек под нагрузкой, открывание дверей. Всё замечания — списком с фото.",
       "Плитка без пустот (простучать), ровные швы, уклон пола к трапу, герметик по периметру ванны, доступ к кранам и счётчикам, работа вентилятора, отсутствие подтёков после часа работы воды."]),
    K(["шкаф в коридор: купе или распашной?",
       "встроенный шкаф на заказ — сколько ждать?"],
      ["Купе экономит место перед шкафом, распашной даёт полный доступ ко всему. В узком коридоре обычно выигрывает купе.",
       "Обычно от трёх до шести недель с момента замера. Замер лучше делать после чистовой отделки стен и пола."]),
    K(["стиралку ставить на кухне или в ванной?",
       "куда деть сушилку для белья в двушке"],
      ["В маленькой ванной стиралка на кухне освобождает место; в ванной она удобнее для белья. Решает место под неё и слив.",
       "Варианты: потолочная сушилка на балконе, настенная складная в ванной или сушильная машина в колонну со стиралкой, если позволяет место."]),
    K(["Алсу (дизайнер) предлагает сделать проект освещения за {M1:8000-20000}. нужно?",
       "стоит ли брать дизайнера только на консультацию, а не на весь проект?"],
      ["Если вы не уверены с расстановкой света — да, это недорогая страховка от лишних штроб и тёмных углов. Главное — получить схему с привязками до начала электрики.",
       "Часто это самый выгодный формат: пара консультаций по планировке, свету и цветам, а дальше — сами. Подготовьте вопросы заранее, чтобы использовать время по максимуму."]),
    K(["доставка плитки {D1}, а лифт в подъезде пассажирский. как поднимать?",
       "грузчики просят за подъём на 7 этаж {M1:2000-5000}. справедливо?"],
      ["Коробки плитки тяжёлые, но в пассажирский лифт по несколько штук помещаются. Главное — не перегружать лифт и не ставить поддон целиком.",
       "За этаж без грузового лифта и несколько сотен килограммов — в пределах обычного. Уточните, считают ли они по весу или за всю доставку."]),
]

RU01 = {
    "id": "b13-ru-01", "lang": "ru", "n": 218, "start": "2026-03-02", "span": 42,
    "cur": "RUB", "date_style": "ru", "fx": ("EUR", "₽", 90, 104), "user_gender": "f",
    "budget_items": [("плитка", 20000, 60000), ("краска", 5000, 15000), ("светильники", 8000, 30000),
                     ("затирка и клей", 3000, 9000), ("смесители", 8000, 25000), ("двери", 30000, 80000),
                     ("плинтус", 3000, 9000), ("гипсокартон", 5000, 15000), ("розетки и выключатели", 6000, 18000)],
    "split_items": [("подарок свекрови", 3000, 8000), ("вывоз мусора", 6000, 12000), ("ужин в кафе", 2500, 6000)],
    "countdown_items": ["дня рождения Артура", "поездки на Волгу", "приезда моих родителей", "конца четверти"],
    "shop_items": [("посудомойка", 30000, 60000), ("вытяжка", 12000, 35000), ("зеркало в ванную", 5000, 15000),
                   ("диван", 40000, 90000), ("торшер", 4000, 12000)],
    "drive_places": [("к родителям в Чистополь", 130, 145), ("на дачу в Лаишево", 55, 65), ("в Йошкар-Олу к сестре", 140, 160), ("в Свияжск", 60, 70)],
    "dayrate": [("Плиточник", 4000, 7000, "на материалы"), ("Маляр", 3000, 5000, "на материалы"),
                ("Электрик", 4000, 6000, "на кабель и щиток"), ("Сборщик мебели", 3000, 5000, "на фурнитуру")],
    "skip_tags": [],
    "forbid": ["рустам", "гарипов", "витали", "осипов", "кварцвинил", "квт"],
    "intro": [(
        "Привет! Мы наконец начали ремонт в нашей двушке в Казани — панелька 78 года, полностью кухня и ванная, плюс электрика по всей квартире. Хочу вести здесь что-то вроде дневника, чтобы не сойти с ума ближайшие пару месяцев. Нас трое: я (Лиля), муж Тимур и сын Артур, ему 5, и ещё кот Чак.",
        "Отличная идея — один общий чат как журнал ремонта очень помогает. Могу следить за тем, кто что делает, за сметами, сроками и решениями, и помогать с сообщениями подрядчикам. На каком вы этапе: ещё собираете предложения или бригада уже вышла?")],
    "slots": [
        {"kind": "name", "fact": "foreman", "q": "Напомни, кто у нас сейчас прораб на ремонте?",
         "answers": ["Виталий Осипов", "Виталий", "Осипов", "Виталия", "Осипова", "Виталием"], "wrong": ["Рустам Гарипов", "Рустам", "Гарипов"]},
        {"kind": "number", "fact": "electrical estimate", "q": "Сколько там была смета Ильдара на электрику?",
         "answers": ["84500", "84 500"]},
        {"kind": "date", "fact": "kitchen delivery", "q": "Когда нам привезут кухню?",
         "answers": ["25-го апреля", "25 апреля"], "wrong": ["18 апреля"]},
        {"kind": "decision", "fact": "flooring", "q": "Что мы в итоге решили класть на пол?",
         "answers": ["кварцвинил"]},
        {"kind": "reason", "fact": "underfloor heating dropped", "q": "Почему мы отказались от тёплого пола?",
         "answers": ["5 кВт"]},
    ],
    "events": [
        {"at": 0.06, "ex": [(
            "Итак, с бригадой определились. Прорабом будет Рустам Гарипов — его ребята делали ремонт у сестры Тимура, всё аккуратно и в срок. Выходят в понедельник на демонтаж.",
            "Отлично, значит, Рустам Гарипов ведёт ремонт. Попросите у него до старта график по этапам и договоритесь, как вы будете принимать каждый этап — так проще контролировать и сроки, и оплату.")]},
        {"at": 0.18, "ex": [(
            "Ильдар прислал смету на электрику — 84500 с материалами, но без люстр и светильников. щиток новый, вся проводка на медь, 32 точки",
            "84 500 ₽ за полную замену проводки на медь с новым щитком и 32 точками в двушке — это адекватная цена. Уточните, входит ли штробление и заделка штроб, и кто вывозит мусор после электрики.")]},
        {"at": 0.27, "ex": [(
            "Кухню заказали в «Марии», доставка 18 апреля, сборка на следующий день. Фасады матовые серо-зелёные, я счастлива",
            "Ура! Записываю: доставка кухни 18 апреля, сборка на следующий день. К этому времени должны быть готовы стены, пол и все выводы воды и электрики под технику — стоит сверить это с графиком бригады.")]},
        {"at": 0.36, "ex": [(
            "Тёплый пол в ванной и на кухне отменяем. Ильдар посчитал: на квартиру выделено всего 5 кВт, а с духовкой, стиралкой и бойлером мы и так на пределе. Увеличивать мощность — это через сетевую компанию, долго и дорого",
            "Разумное решение. При выделенных 5 кВт электрический тёплый пол действительно рискованно добавлять: в пиковые моменты будет выбивать автомат. Можно вернуться к этому, если когда-нибудь будете увеличивать мощность, а в ванной тёплый пол заменит хороший полотенцесушитель.")]},
        {"at": 0.45, "ex": [(
            "Всё, по полу решили! Кладём кварцвинил, замковый, 43 класс, во все комнаты и на кухню. Ламинат Тимур забраковал — боится воды из-за кота и ребёнка",
            "Кварцвинил — хороший выбор для семьи с ребёнком и животными: не боится воды, тише ламината и тёплый на ощупь. Важно, чтобы основание было ровным — замковый кварцвинил не любит перепадов, уточните у бригады про выравнивание.")]},
        {"at": 0.55, "ex": [(
            "Новости так себе. С Рустамом расстались — пропал на неделю, трубку не берёт, ребята без него сидели. Тимур нашёл через знакомых Виталия Осипова, он вчера всё посмотрел и с понедельника ведёт ремонт со своей бригадой. Виталий Осипов, записываю, чтобы не забыть",
            "Неприятно, но лучше сейчас, чем в середине чистовой. С Виталием стоит сразу зафиксировать, что уже сделано и принято, а что нет, — с фото. И обсудить новый график: у него своя бригада, сроки могут сдвинуться.")]},
        {"at": 0.70, "ex": [(
            "Звонили из салона: фасады задерживаются с фабрики, так что кухню привезут только 25-го апреля. Ну хоть успеем спокойно доделать стены",
            "Возможно, это даже к лучшему. Значит, доставка кухни теперь 25 апреля — предупредите Виталия, чтобы он спланировал работы под новую дату.")]},
    ],
    "kits": RU01_KITS,
}


# ======================================================================================
# b13-ru-02: переезд из Екатеринбурга в Белград
# ======================================================================================
RU02_KITS = [
    K(["как в Сербии с банковским счётом для россиян? слышал, что бывают сложности",
       "какой банк в Белграде проще всего открыть иностранцу?"],
      ["Счёт открыть можно, но банки по-разному относятся к гражданам РФ: где-то хватает паспорта и договора аренды, где-то просят ВНЖ или подтверждение дохода. Лучше заранее спросить в двух-трёх банках, какие документы нужны.",
       "Единого ответа нет — политика меняется. Обычно проще с ВНЖ на руках. Соберите паспорт, договор аренды с регистрацией и, если есть, справку о доходах, и сходите в пару отделений."]),
    K(["что такое «белый картон» и кто его делает?",
       "нужно ли регистрироваться, если живём в съёмной квартире?"],
      ["«Белый картон» — это регистрация иностранца по месту пребывания. В гостинице её делают сами, при аренде квартиры — хозяин или вы вместе с ним в полиции. Сделать нужно в течение суток после заселения.",
       "Да. Иностранец должен зарегистрироваться по месту пребывания в течение 24 часов. С арендой обычно идёте с хозяином в отделение полиции или он делает это сам — договоритесь об этом при заключении договора."]),
    K(["Бублика везём с собой. что нужно коту для въезда в Сербию?",
       "ветеринар говорит про тест на титры антител. это правда нужно для Сербии?"],
      ["Обычно: чип, прививка от бешенства после чипирования и ветеринарный сертификат. Для животных из ряда стран ещё требуют тест на антитела к бешенству — уточните у ветеринара и на сайте ветеринарной службы Сербии, а делать его лучше заранее.",
       "Для некоторых стран, включая Россию, этот тест часто требуют, и делать его нужно не позже чем за определённый срок до въезда. Проверьте актуальные требования и сдайте кровь пораньше — результат ждать не один день."]),
    K(["Бублик весит 5 кг. его возьмут в салон?",
       "как перевозить кота с пересадкой в Стамбуле?"],
      ["Обычно в салон берут животное до 8 кг вместе с переноской, но лимиты у авиакомпаний разные. Заранее забронируйте место для животного — их на рейсе ограниченное количество.",
       "Берите рейс с короткой, но не слишком стыковкой, переноску мягкую и знакомую коту. Воду дать перед вылетом, кормить за несколько часов до. Уточните у авиакомпании правила по транзиту с животными."]),
    K(["квартиру в Екатеринбурге сдавать или продавать?",
       "как сдавать квартиру, если мы в другой стране?"],
      ["Если нет срочной нужды в деньгах — многие сначала сдают: остаётся запасной аэродром. Продажа из-за границы сложнее, обычно нужна доверенность.",
       "Через управляющую компанию по аренде или через родственника с доверенностью. Договор, опись имущества, фото, оплата на российский счёт. Налог с аренды — не забыть."]),
    K(["сербский учить с кириллицы или с латиницы?",
       "какие есть нормальные курсы сербского для взрослых онлайн?"],
      ["В быту вы увидите оба алфавита. Для русскоязычных кириллица привычнее, так что начинать с неё проще, а латиница осваивается за пару вечеров.",
       "Есть онлайн-школы для русскоязычных и преподаватели на платформах с уроками по видео. Попробуйте пробный урок у двух-трёх — важнее подход, чем программа."]),
    K(["медицинская страховка в Сербии — нужна для ВНЖ?",
       "как там с врачами, если у нас нет государственной страховки?"],
      ["Для подачи на временный вид на жительство обычно просят подтверждение медицинской страховки. Проверьте у вашего основания (работа, бизнес) — там могут быть свои требования.",
       "Частные клиники в Белграде доступные и работают быстро. Можно купить частную страховку или платить за приём. Для ребёнка особенно удобно найти частного педиатра."]),
    K(["Врачар, Нови-Београд или Дорчол — где лучше с ребёнком?",
       "в Нови-Београде правда одни бетонные блоки?"],
      ["Врачар — зелёный и уютный, но дорогой; Нови-Београд — современный, просторный, с парками у реки; Дорчол — атмосферный, но шумнее. Для семьи с ребёнком часто выбирают Нови-Београд или Врачар.",
       "Есть и блоки, и много зелени, широкие улицы, набережная, торговые центры и школы. Многие семьи как раз выбирают его за простоту жизни."]),
    K(["сим-карты: mts, A1 или Yettel?",
       "можно ли оставить российский номер для смс от банков?"],
      ["Все три нормально покрывают Белград; выбирайте по тарифу. Для начала можно купить предоплаченную карту в киоске по паспорту.",
       "Да, оставьте на минимальном тарифе с роумингом или переведите номер в режим, где смс приходят. Для важных сервисов постепенно переходите на вход через приложение."]),
    K(["что такое инфостан и как платить коммуналку в Белграде?",
       "квартира с ТА-печью — это что вообще?"],
      ["Инфостан — общий счёт за воду, вывоз мусора, отопление и прочие городские услуги. Электричество обычно отдельным счётом. Платить можно в банке, на почте или через приложение.",
       "ТА-печь — электрический аккумуляционный обогреватель: греет ночью по дешёвому тарифу, отдаёт тепло днём. Зимой счета за электричество будут заметно выше — уточните у хозяина, какие они были."]),
    K(["мебель в Белграде где брать? квартира частично меблирована",
       "стоит ли везти свой матрас и подушки?"],
      ["В Белграде есть IKEA и несколько больших мебельных сетей, плюс сайты объявлений с б/у вещами. Доставка обычно быстрая.",
       "Матрас везти невыгодно — объёмный. А подушки и одеяло, к которым вы привыкли, можно упаковать в вакуумные пакеты — первые ночи спать на своём приятно."]),
    K(["можно ли ввезти наличные евро и сколько?",
       "как перевести деньги на сербский счёт с российского?"],
      ["Наличные свыше 10 000 евро на человека обычно нужно декларировать на границе. Декларируйте честно и держите документы о происхождении денег.",
       "Прямые переводы сейчас сложны. Люди используют разные способы, но лучше уточнить у банка актуальные правила и не связываться с сомнительными посредниками."]),
    K(["Соня плачет, что не увидит подружек. как ей помочь?",
       "как подготовить ребёнка 7 лет к переезду в другую страну?"],
      ["Дайте ей погрустить, не торопитесь утешать. А потом — конкретика: прощальный праздник, фотоальбом с подружками, запланированный видеозвонок в первую неделю после переезда.",
       "Рассказывайте заранее и конкретно: где будет её комната, что там интересного, какая школа. Пусть сама соберёт «чемоданчик важных вещей». И сохраните пару ритуалов из дома."]),
    K(["работаю удалённо на российскую компанию. что будет с налогами после переезда?",
       "когда я перестану быть налоговым резидентом РФ?"],
      ["Это вопрос к налоговому консультанту, который знает обе страны: важно, где вы проводите больше 183 дней, и как оформлена работа. Сделайте это до переезда, а не после.",
       "Обычно после 183 дней за пределами России в течение 12 месяцев — но последствия зависят от вида дохода. Лучше разобрать ситуацию с консультантом."]),
    K(["нужна ли доверенность на маму, чтобы она решала дела здесь?",
       "какую доверенность лучше оформить перед отъездом?"],
      ["Очень пригодится: получить почту, разобраться с квартирой, с банком. Лучше нотариальную, на конкретные полномочия.",
       "Генеральная — удобно, но рискованно. Обычно делают несколько узких: на квартиру, на получение документов, на представление в органах. Нотариус подскажет формулировки."]),
    K(["свидетельство о рождении Сони — нужен апостиль и перевод?",
       "где в Белграде делать перевод документов?"],
      ["Для большинства процедур — да: апостиль ставят в России, а перевод на сербский делает судебный переводчик (судски тумач) уже в Сербии.",
       "Ищите «судски тумач за руски језик» — их много, цены разумные. Перевод заверяется их печатью, это то, что принимают в госорганах."]),
    K(["права российские там действуют?",
       "нужна ли машина в Белграде?"],
      ["Первое время как турист обычно можно ездить по российским правам с международным удостоверением. После получения ВНЖ права нужно менять — уточните срок в МУП.",
       "В центре и Нови-Београде многие обходятся без машины. Общественный транспорт в Белграде сейчас бесплатный, плюс такси недорогие."]),
    K(["какая погода в Белграде летом и зимой?",
       "нужны ли кондиционеры в квартире в Белграде?"],
      ["Лето жаркое, бывает за 35, зима мягче уральской — около нуля, иногда снег и ветер кошава. Демисезонной одежды нужно больше, чем зимней.",
       "Летом очень желательно: жара бывает сильная. Многие квартиры уже с кондиционерами — уточните у риелтора при просмотре."]),
    K(["Настя хочет искать работу дизайнером. с чего начать?",
       "можно ли Насте работать, если ВНЖ по моей работе?"],
      ["Портфолио на английском, профиль на международных площадках и местные IT-чаты — в Белграде большое сообщество. Удалённая работа на зарубежных заказчиков — самый быстрый старт.",
       "Это зависит от основания её ВНЖ — при воссоединении семьи правила работы могут отличаться. Уточните у юриста до подачи документов."]),
    K(["что брать с собой, а что продать? вещей вроде немного, но",
       "стоит ли везти посуду и технику?"],
      ["Простой тест: заплатил бы я за перевозку этой вещи и купил бы её снова? Если нет — продать или отдать. Берите памятное и то, что трудно заменить.",
       "Технику — почти никогда: в Сербии те же вилки и напряжение, но везти дороже, чем купить. Посуду — только любимую или памятную."]),
    K(["первые две недели где жить, пока ищем квартиру?",
       "не рискованно ли снимать квартиру, не видя её?"],
      ["Апартаменты посуточно с возможностью заселения с котом. Ищите рядом с районами, где планируете снимать, чтобы ездить на просмотры.",
       "Можно, если видеопросмотр, договор с проверкой собственника и оплата только после подписания. Риелтор, которому вы доверяете, сильно снижает риск."]),
    K(["устраиваем отвальную {D1}. как сделать без лишней суеты?",
       "друзья хотят проводить нас в ресторане, а у нас самая сборка вещей"],
      ["Формат «открытые двери» дома или в кафе на несколько часов, без рассадки. Люди хотят попрощаться, а вам не надо организовывать десять отдельных встреч.",
       "Предложите встретиться пораньше или у кого-то из друзей дома — так не придётся ни готовить, ни убирать."]),
    K(["как в Сербии с детскими садами для младших? у друзей ребёнок 4 года",
       "кружки для ребёнка в Белграде — спорт, музыка?"],
      ["Есть государственные и частные садики, в государственные очереди. Частные дороже, но часто с англоязычными группами.",
       "Много всего: плавание, теннис, футбол, музыкальные школы. Спорт хорош тем, что язык там нужен меньше всего — ребёнок быстро вливается."]),
    K(["какие продукты в Сербии будут непривычны?",
       "что попробовать из сербской кухни в первую очередь?"],
      ["Гречка и творог есть, но не везде — ищите в русских магазинах. Зато отличные овощи, сыры и мясо на рынках.",
       "Плескавица, чевапи, каймак, бурек на завтрак, айвар, сарма. И обязательно сходить на зелёный рынок."]),
    K(["как быстро найти врача для кота в Белграде?",
       "нужен ли Бублику новый паспорт в Сербии?"],
      ["Спросите в русскоязычных чатах Белграда — там всегда советуют проверенных ветеринаров. Клиник много, цены ниже российских столичных.",
       "Ветпаспорт остаётся, но для учёта в Сербии могут внести данные чипа в местный реестр. Уточните у местного ветеринара при первом визите."]),
    K(["сколько реально стоит жизнь в Белграде для семьи из трёх?",
       "помоги прикинуть месячный бюджет в Белграде"],
      ["Самая большая статья — аренда, дальше еда, коммуналка (особенно зимой с электроотоплением), школа или кружки, транспорт. Лучше посчитать по конкретной квартире.",
       "Основные строки: аренда, коммуналка, продукты, связь, ребёнок (школа, кружки), медицина, кот, развлечения, резерв. Заполните свои цифры — посчитаю итог."]),
]

RU02 = {
    "id": "b13-ru-02", "lang": "ru", "n": 286, "start": "2026-04-27", "span": 42,
    "cur": "RUB", "cur2": "EUR_ru", "date_style": "ru", "fx": ("EUR", "динаров", 116, 118), "user_gender": "m",
    "budget_items": [("переноска", 3000, 9000), ("ветеринар", 3000, 12000), ("переводы документов", 5000, 15000), ("апостиль", 2500, 7500),
                     ("лишний багаж", 6000, 20000), ("страховка", 5000, 15000), ("упаковка вещей", 2000, 6000), ("посылки", 8000, 25000)],
    "split_items": [("отвальная", 15000, 40000), ("подарок Настиной маме", 8000, 20000), ("такси до Кольцово", 1200, 2500)],
    "countdown_items": ["отвальной", "Сониного дня рождения", "конца учебного года", "продажи машины"],
    "shop_items": [("чемодан", 8000, 20000), ("переноска для кота", 4000, 9000), ("наушники", 8000, 20000), ("рюкзак для Сони", 3000, 7000)],
    "drive_places": [("в Челябинск", 200, 215), ("к Настиным родителям в Тюмень", 320, 340), ("на дачу в Арамиль", 25, 35), ("в Пермь", 360, 380)],
    "dayrate": [("Грузчики", 6000, 12000, "за упаковку"), ("Клинеры", 4000, 8000, "за химию"), ("Мастер", 3000, 6000, "на материалы")],
    "skip_tags": ["reno"],
    "forbid": ["милиц", "йованович", "свети сав", "русскую школу", "кубов"],
    "intro": [(
        "Привет. Мы переезжаем из Екатеринбурга в Белград — я (Андрей), жена Настя, дочка Соня, ей 7, и кот Бублик. Работаю удалённо, так что по работе всё ок, а вот бумажки, жильё, школа... Хочу вести всё здесь, чтобы не потеряться.",
        "Хорошая идея. У переезда много параллельных веток — документы, жильё, школа, перевозка, кот, банки, — и удобно, когда решения и даты собраны в одном месте. С чего начнём: что уже сделано, а что ещё открыто?")],
    "slots": [
        {"kind": "name", "fact": "realtor", "q": "Как зовут нашего риелтора в Белграде?",
         "answers": ["Милица Йованович", "Милица", "Йованович"]},
        {"kind": "number", "fact": "monthly rent", "q": "Сколько мы в итоге платим за квартиру в месяц?",
         "answers": ["780"], "wrong": ["850"]},
        {"kind": "date", "fact": "residence permit appointment", "q": "Когда нам идти подавать документы на ВНЖ?",
         "answers": ["16 июня"], "wrong": ["9 июня"]},
        {"kind": "decision", "fact": "school for Sonya", "q": "В какую школу в итоге идёт Соня?",
         "answers": ["Свети Сава"], "wrong": ["русскую школу"]},
        {"kind": "reason", "fact": "container shipping dropped", "q": "Почему мы отказались от перевозки вещей контейнером?",
         "answers": ["20 кубов"]},
    ],
    "events": [
        {"at": 0.07, "ex": [(
            "Нашли риелтора в Белграде — Милица Йованович, говорит по-русски, работает в основном с семьями. Комиссия — половина месячной аренды.",
            "Отлично, что Милица Йованович говорит по-русски — это сильно упрощает просмотры и переговоры. Попросите её сразу уточнять у хозяев, можно ли с котом, и кто делает регистрацию по месту пребывания.")]},
        {"at": 0.16, "ex": [(
            "По школе решили: Соню отдаём в русскую школу при посольстве. Программа та же, что здесь, без языкового стресса, а сербский пусть учит параллельно",
            "Понятное решение для первого года: привычная программа снимает часть стресса. Узнайте у школы, какие документы нужны для зачисления и есть ли места во втором классе, — и спросите про продлёнку.")]},
        {"at": 0.24, "ex": [(
            "Квартиру нашли! Нови-Београд, блок 45, трёшка 74 метра, 850 евро в месяц плюс коммуналка. Хозяин нормальный, кота разрешил",
            "Поздравляю! 850 € за трёшку в Нови-Београде — в пределах рынка. Проверьте в договоре, кто платит инфостан, как возвращается депозит и за сколько предупреждать о выезде.")]},
        {"at": 0.32, "ex": [(
            "Записались на подачу документов на временный ВНЖ — 9 июня, МУП на Савском венце, в 11:30",
            "Записываю: подача на ВНЖ 9 июня в 11:30. К этому дню нужны загранпаспорта, договор аренды с регистрацией, переводы и апостили — составлю чек-лист, если хотите.")]},
        {"at": 0.40, "ex": [(
            "От контейнерной перевозки отказались окончательно: «ТрансЕвроКарго» берёт минимум за 20 кубов, а у нас вещей от силы на шесть. Платить за воздух не хочется. Повезём самое нужное в багаже, остальное посылками",
            "Логично: при минимальном объёме 20 кубов вы бы платили в три раза больше, чем нужно. Для шести кубов обычно выгоднее сборный груз или посылки — сравните пару служб доставки.")]},
        {"at": 0.52, "ex": [(
            "Хозяин квартиры согласился скинуть — 780 вместо 850, если платим сразу за полгода. Настя говорит, берём",
            "Хорошая скидка: 70 € в месяц — это 420 € за полгода. Только пропишите в договоре, что оплата за шесть месяцев вперёд — это именно аренда, и как она возвращается при досрочном выезде.")]},
        {"at": 0.60, "ex": [(
            "В МУП идём 16 июня к 10 утра, не забыть копии всех переводов и фото 3,5 на 4,5. Милица обещала пойти с нами",
            "Хорошо, что Милица пойдёт с вами. Подготовьте папку заранее: оригиналы, копии, переводы и фото — и приходите минут за двадцать.")]},
        {"at": 0.72, "ex": [(
            "Сходили в школу «Свети Сава» у нас в районе — Соне очень понравилось, учительница говорит по-английски, классы небольшие. Заявление уже отнесли, с 1 сентября идёт туда",
            "Как здорово, что Соне понравилось! В местной школе «Свети Сава» она быстро заговорит по-сербски, а школа рядом с домом — это огромный плюс для повседневной жизни. Спросите, есть ли дополнительные занятия по сербскому для детей-иностранцев.")]},
    ],
    "kits": RU02_KITS,
}


# ======================================================================================
# b13-ru-03: юбилей бабушки (80 лет)
# ======================================================================================
RU03_KITS = [
    K(["как приглашать пожилых родственников? бабушкины подруги в соцсетях не сидят",
       "приглашения: открытки или просто в семейный чат?"],
      ["Старшим лучше позвонить лично, а потом отправить открытку почтой или передать через родню — для них это важно. Молодёжи хватит сообщения в чате с той же картинкой.",
       "Сделайте одну красивую открытку: распечатать для старших и отправить картинкой в чат для остальных. И обязательно дату ответа — «скажите до такого-то числа, придёте ли»."]),
    K(["что в меню, чтобы бабушке и её подругам было можно? у половины диабет и давление",
       "как собрать с гостей, кто что не ест, без сорока переписок"],
      ["Больше запечённого и тушёного, меньше жареного и майонезного, отдельно — несладкий десерт или фрукты. Попросите кафе подписать блюда, где много соли или сахара.",
       "Простая анкета по ссылке: придёт / не придёт, с кем, ограничения по еде. Ответы сразу падают в табличку, не нужно никого догонять."]),
    K(["фотограф Ксюша просит список «обязательных» кадров. что туда писать?",
       "сколько часов фотографа брать на семейный праздник?"],
      ["Бабушка с каждым поколением отдельно, большое общее фото всех гостей, бабушка с сёстрами и подругами, момент с тортом, поздравления и несколько неформальных кадров за столом.",
       "Обычно хватает трёх часов: встреча гостей, поздравления, торт и общее фото. Главное — чтобы общее фото было в начале, пока все свежие и трезвые."]),
    K(["бабушка обожает петь. караоке или живой баянист?",
       "какие песни включать, чтобы пели все — от 8 до 80?"],
      ["Живой баянист — это магия для поколения бабушки: все поют, никто не стесняется. Караоке лучше для молодёжи ближе к концу вечера.",
       "Советская эстрада, которую знают все: песни из старых фильмов, Пугачёва, «Песняры», пара народных. Детям — что-нибудь из мультфильмов, и все подпевают."]),
    K(["брат Дима делает слайд-шоу из старых фото. сколько фото на 7 минут?",
       "какую музыку под слайд-шоу, чтобы все не разрыдались"],
      ["Примерно по 5 секунд на фото — около 80 снимков. По хронологии: от детства бабушки до сегодняшнего дня, и закончить общим свежим фото.",
       "Начать можно с любимой песни её молодости — пусть поплачут, это нормально, — а закончить чем-то бодрым, чтобы зал снова ожил."]),
    K(["что подарить от внуков? бюджет {M1:10000-25000} на всех",
       "бабушка говорит «мне ничего не надо». что дарить?"],
      ["Книгу-альбом с семейными фото и подписями от каждого, хороший плед или кресло-качалку, или поездку в санаторий, если она любит.",
       "Когда «ничего не надо», лучше всего заходят впечатления и память: фотоальбом, видео с поздравлениями от всей родни, поездка туда, где она давно хотела побывать."]),
    K(["помоги со стихами для бабушки, но не пошло",
       "я буду говорить тост. как не растеряться?"],
      ["Можно не стихи, а короткую тёплую речь: как она учила вас печь пироги, за что вы ей благодарны, и пожелание. Искренние слова трогают сильнее рифм.",
       "Держите три пункта: одна история из детства, за что вы её любите, пожелание. Минуты две. Можно записать ключевые слова на карточку."]),
    K(["родня из Самары приезжает на поезде. встречать всех?",
       "где разместить человек восемь родственников на две ночи?"],
      ["Договоритесь, кто на машине встречает пожилых, а остальным скиньте адрес и маршрут. Групповой чат «кто каким поездом» очень спасёт.",
       "Кого-то к себе и к маме, остальным — недорогая гостиница или квартира посуточно рядом с кафе. Можно скинуть список вариантов, пусть бронируют сами."]),
    K(["рассадка: как посадить тётю Галю и дядю Колю, чтобы не поругались?",
       "кого сажать рядом с бабушкой?"],
      ["Посадите их в разные концы стола, каждого рядом с теми, кого они любят. Выяснять ничего не нужно — просто развести.",
       "Самых близких: сестёр, старых подруг и кого-то из внуков, кто поможет ей с тарелкой и не даст устать. И чтобы рядом был проход — ей так легче вставать."]),
    K(["цветы на столы: живые или искусственные?",
       "бабушка любит пионы. в июле они ещё будут?"],
      ["Живые, но невысокие — чтобы гости видели друг друга. Садовые цветы в простых банках выглядят душевно и стоят недорого.",
       "Сезон пионов к июлю обычно заканчивается, но в цветочных бывают импортные. Альтернатива — садовые розы, гортензии или ромашки."]),
    K(["конкурсы нужны? бабушка терпеть не может «тамаду с конкурсами»",
       "чем развлечь гостей, если конкурсов не будет?"],
      ["Раз бабушка против — обойдитесь без них. Лучше пара тёплых моментов: слайд-шоу, поздравления по кругу, общая песня.",
       "Слайд-шоу, викторина «Знаете ли вы бабушку?» (без выхода к микрофону — ответы на карточках), песни и танцы. И много времени просто поговорить."]),
    K(["мама сильно нервничает из-за праздника. как её успокоить?",
       "Дима вообще ничего не делает, а я зашиваюсь"],
      ["Дайте ей одну понятную зону ответственности и список того, что уже сделано. Тревога падает, когда видно, что всё под контролем.",
       "Дайте ему конкретные задачи с датами, а не «помоги мне»: «забери родню с вокзала», «закажи такси», «сделай слайд-шоу к такому-то». Конкретику делать проще."]),
    K(["сколько брать алкоголя на 30 человек, если половина пожилые?",
       "кафе разрешает своё вино со сбором за пробку. выгодно?"],
      ["Ориентир — бутылка вина на двоих и немного крепкого для желающих, плюс морсы и вода. С пожилыми гостями обычно уходит меньше, чем кажется.",
       "Посчитайте: цена бутылки в магазине плюс сбор против цены в кафе. Чаще всего своё выгоднее, если сбор небольшой."]),
    K(["хочу сделать книгу пожеланий. гостям будет не лень писать?",
       "родственники из Израиля не приедут. как их подключить?"],
      ["Не лень, если положить на каждый стол карточки с ручками, а не гонять одну книгу по залу. Потом соберёте в альбом.",
       "Попросите их заранее записать видеопоздравления — вставите в слайд-шоу. Или созвонитесь по видео во время праздника на пару минут."]),
    K(["дресс-код на бабушкином юбилее — это слишком?",
       "что надеть бабушке? она хочет «как в молодости»"],
      ["Можно мягко: «приходите в чём-то светлом» — будет красиво на общем фото, и никто не напрягается.",
       "Сходите с ней в магазин — пусть выберет сама. Платье приятного цвета и удобная обувь важнее всего, ей весь вечер быть в центре внимания."]),
    K(["если погода будет плохая, а часть на веранде?",
       "на веранде кафе будут комары вечером?"],
      ["Спросите у кафе запасной вариант — обычно есть зал внутри. Основную часть лучше сразу планировать в помещении.",
       "Скорее всего да, если рядом зелень или вода. Попросите кафе поставить фумигаторы, а для бабушки лучше место внутри."]),
    K(["кто за что скидывается? мама, Дима, я и тётя Галя",
       "как сделать табличку расходов, чтобы все видели"],
      ["Сначала договоритесь о принципе — поровну или кто сколько может. Потом таблица: статья, сумма, кто заплатил, и внизу — кто кому сколько должен.",
       "Общая онлайн-таблица: статья расходов, сумма, кто оплатил, чек. Внизу итог и доли. Все видят одно и то же, и вопросов меньше."]),
    K(["после праздника надо всех поблагодарить. кого обязательно?",
       "бабушке потом сделать фотокнигу с праздника — сколько ждать печать?"],
      ["Всех, кто помогал руками: фотографа, кондитера, тех, кто встречал родню, готовил слайд-шоу. Остальным — общее сообщение с фотографиями.",
       "Обычно от недели до двух, в зависимости от сервиса. Соберите фото сразу, пока все помнят, кто что снимал."]),
]

RU03 = {
    "id": "b13-ru-03", "lang": "ru", "n": 152, "start": "2026-06-01", "span": 28,
    "cur": "RUB", "date_style": "ru", "fx": ("EUR", "₽", 90, 104), "user_gender": "f",
    "budget_items": [("цветы", 3000, 9000), ("шары", 1500, 4000), ("печать фото", 1000, 3500), ("открытки", 500, 1500),
                     ("такси для родни", 2000, 6000), ("свечи и декор", 1000, 3000), ("подарки детям", 2000, 5000)],
    "split_items": [("подарок от внуков", 10000, 25000), ("фотограф", 8000, 15000), ("баянист", 5000, 10000), ("такси", 2000, 5000)],
    "countdown_items": ["Диминой свадьбы", "моего отпуска", "приезда самарской родни", "маминого дня рождения"],
    "shop_items": [("платье", 4000, 12000), ("плед", 3000, 8000), ("рамка для фото", 800, 2500), ("фотоальбом", 1500, 4000)],
    "drive_places": [("на бабушкину дачу", 40, 60), ("в Ростов Великий", 55, 65), ("в Кострому", 75, 85), ("в Москву за родственниками", 260, 280)],
    "dayrate": [("Баянист", 5000, 9000, "за дорогу", 1), ("Фотограф", 6000, 12000, "за печать", 1.5), ("Помощница на кухне", 3000, 5000, "на продукты", 2)],
    "skip_tags": ["reno"],
    "forbid": ["олег", "лисицын", "артём", "артем", "медовик", "наполеон", "лифт"],
    "intro": [(
        "Привет! У бабушки в июле 80-летие, и мы с мамой и братом Димой устраиваем ей праздник. Бабушку зовут Зинаида Павловна, она у нас огонь, но с коленями беда. Родни человек тридцать, половина из Самары. Помоги ничего не забыть",
        "Какой повод! Давайте соберём всё в одном месте: дата и место, бюджет, меню, кто ведёт вечер, фото, подарок и как разместить родню из Самары. Что уже решено?")],
    "slots": [
        {"kind": "name", "fact": "host of the party", "q": "Кто у нас будет вести бабушкин юбилей?",
         "answers": ["дядя Олег", "Олег", "Олегом"], "wrong": ["Артём Лисицын", "Артём", "Лисицын"]},
        {"kind": "number", "fact": "banquet budget", "q": "Какой у нас бюджет на банкет?",
         "answers": ["120 тысяч", "120 000"]},
        {"kind": "date", "fact": "party date", "q": "Какого числа празднуем бабушкин юбилей?",
         "answers": ["11 июля"]},
        {"kind": "decision", "fact": "cake", "q": "Какой торт мы в итоге заказали?",
         "answers": ["Наполеон"], "wrong": ["медовик"]},
        {"kind": "reason", "fact": "restaurant refused", "q": "Почему мы в итоге отказались от «Волги»?",
         "answers": ["лифта нет", "третьем этаже"], "wrong": ["дорого"]},
    ],
    "events": [
        {"at": 0.04, "ex": [(
            "Дату выбрали: 11 июля, суббота. Сам день рождения у бабушки 9-го, но это четверг, половина родни работает",
            "11 июля — отличный вариант: суббота, и родне из Самары проще приехать. Значит, приглашения стоит разослать уже в ближайшие дни, а кафе бронировать прямо сейчас — июльские субботы разбирают быстро.")]},
        {"at": 0.11, "ex": [(
            "Ведущего нашли: Артём Лисицын из агентства «Праздник-Холл», 15 тысяч за вечер, без конкурсов с переодеваниями — я специально уточнила",
            "Хорошо, что сразу договорились без переодеваний. Попросите Артёма Лисицына прислать примерный сценарий и расскажите ему про бабушку — любимые песни, смешные семейные истории, кого нельзя забыть поздравить.")]},
        {"at": 0.18, "ex": [(
            "Бюджет на банкет — 120 тысяч, больше не тянем, мама сказала жёстко. Это на еду и зал, без торта и подарков",
            "120 000 ₽ на 30 гостей — это около 4 000 на человека, для кафе вполне реально. Сразу спросите про сервисный сбор и пробковый сбор, чтобы они не съели запас.")]},
        {"at": 0.26, "ex": [(
            "От «Волги» отказались — дорого, у них банкет от 5 тысяч на человека. будем смотреть кафе попроще",
            "Понятно, при вашем бюджете это не укладывается. Когда будете смотреть другие кафе, сразу проверяйте, на каком этаже зал и удобно ли бабушке туда дойти.")]},
        {"at": 0.33, "ex": [(
            "Торт заказали у Лейлы — медовик, двухъярусный, на 4 кило, с надписью «80 — только начало»",
            "Медовик — беспроигрышная классика, и надпись отличная! Уточните у Лейлы, как его везти и нужен ли холодильник в кафе до подачи.")]},
        {"at": 0.48, "ex": [(
            "Ведущего из агентства отменили, предоплату вернули. Вести праздник будет дядя Олег, мамин двоюродный брат — он на всех семейных застольях тамада, бабушка его обожает, и денег не возьмёт",
            "Отличная замена: с дядей Олегом бабушке будет уютнее, чем с чужим человеком. Обсудите с Олегом, кто и в каком порядке поздравляет и когда показывать слайд-шоу.")]},
        {"at": 0.58, "ex": [(
            "Кстати, маме я сказала, что «Волгу» не взяли из-за цены, но настоящая причина другая: банкетный зал у них на третьем этаже, а лифта нет. Бабушка с её коленями туда просто не поднимется, а говорить ей это при всех не хочу",
            "Понимаю, и это куда более веская причина. Хорошо, что учли её колени заранее — в новом месте проверьте ещё и туалет, и ступеньки у входа.")]},
        {"at": 0.67, "ex": [(
            "Бабушка узнала про медовик и сказала, что мёд ей теперь нельзя — аллергия вылезла весной. Переиграли с Лейлой: будет Наполеон, тоже двухъярусный, надпись та же",
            "Хорошо, что узнали заранее! Наполеон — тоже любимая классика, и бабушка сможет его есть. Уточните у Лейлы, не меняется ли цена и срок готовности.")]},
    ],
    "kits": RU03_KITS,
}


# ======================================================================================
# b13-ru-04: аспирантка проводит исследование (опрос и интервью сельских учителей)
# ======================================================================================
RU04_KITS = [
    K(["шкала Лайкерта: 5 или 7 пунктов для учителей?",
       "делать ли в анкете вариант «затрудняюсь ответить»?"],
      ["Для учителей и бумажных анкет 5 пунктов обычно удобнее: меньше путаницы, быстрее заполнять. 7 пунктов дают чуть больше разброса, но выигрыш небольшой.",
       "Если вопрос может быть действительно неприменим — да. Но помните, что его часто выбирают, чтобы не думать. Можно отделить «не применимо» от середины шкалы."]),
    K(["пилотаж анкеты на 10 учителях — что там смотреть?",
       "пилотный опрос показал, что анкету заполняют 35 минут. это много?"],
      ["Засекайте время заполнения, отмечайте вопросы, где спрашивают «а что имеется в виду?», и смотрите, нет ли вопросов, на которые все отвечают одинаково. После пилота — короткая беседа с парой респондентов.",
       "Много: для учителей после уроков комфортно 15–20 минут. Ищите повторяющиеся блоки и вопросы, которые не войдут в анализ, — их и режьте."]),
    K(["как считать альфу Кронбаха и какое значение нормальное?",
       "у одной шкалы альфа 0,58. это провал?"],
      ["Альфа — это показатель внутренней согласованности шкалы. Обычно ориентируются на 0,7 и выше, для коротких шкал в пилоте допускают и 0,6. Считается в любом статпакете в разделе надёжности.",
       "Не провал, но сигнал. Посмотрите «альфу при удалении пункта» — возможно, один вопрос тянет вниз. Для шкалы из трёх-четырёх пунктов это частая история."]),
    K(["как сделать выборку по районам, чтобы было честно?",
       "нужна ли стратификация по размеру школы?"],
      ["Стратифицированная выборка: в каждом районе школы разного размера и удалённости, и внутри — все учителя, кто согласен. Главное — описать принцип в методике.",
       "Если размер школы может влиять на ответы (а в сельских школах это так), то да — хотя бы малокомплектные и обычные отдельно."]),
    K(["нужно ли информированное согласие для анонимной анкеты?",
       "учителя боятся, что директор увидит их ответы. как успокоить?"],
      ["Для анонимной анкеты обычно хватает вводного текста: цель, добровольность, анонимность, контакты. Для интервью — отдельное согласие, особенно на аудиозапись.",
       "Конверты, которые учитель сам запечатывает, ящик для сбора, никаких имён и номеров школ на бланке. И скажите прямо: результаты будут только в обобщённом виде."]),
    K(["бумажные анкеты или онлайн-форма?",
       "как потом быстро вбивать бумажные анкеты?"],
      ["В сельских школах бумага надёжнее и даёт выше отклик. Онлайн-форму можно предложить как вариант для тех, кому удобнее.",
       "Заранее сделать шаблон в таблице с кодами ответов, вбивать вдвоём, а 10% анкет проверить повторным вводом — так ловятся ошибки."]),
    K(["сколько вопросов в гайде интервью на 40 минут?",
       "как задавать вопросы учителям, чтобы не отвечали «для галочки»?"],
      ["Около 8–10 основных вопросов с уточнениями. Начинайте с простых и конкретных («расскажите про вчерашний урок»), сложные — в середину.",
       "Спрашивайте про конкретные случаи, а не мнения: «расскажите, когда вы последний раз использовали платформу на уроке». Истории честнее деклараций."]),
    K(["расшифровка интервью — сколько это времени?",
       "есть ли нормальные сервисы автоматической расшифровки на русском?"],
      ["Вручную — примерно 4–6 часов на час записи. С автоматической расшифровкой и вычиткой — в 2–3 раза быстрее.",
       "Да, есть несколько сервисов и открытые модели распознавания речи — качество на русском уже приличное. Но вычитывать всё равно нужно, особенно имена и термины."]),
    K(["как кодировать интервью? тематический анализ — это как?",
       "сколько кодов — это нормально?"],
      ["Тематический анализ: читаете, размечаете фрагменты кодами, группируете коды в темы, проверяете темы на всех интервью и описываете. Хорошо описан у Браун и Кларк.",
       "Количество не главное: на первом проходе может быть 60–100, потом они сливаются в 10–20 кодов и 4–6 тем. Ведите кодовую книгу с определениями."]),
    K(["какой софт для качественного анализа, если на MAXQDA денег нет?",
       "можно ли кодировать интервью просто в Excel?"],
      ["Есть бесплатные варианты: QDA Miner Lite, Taguette, или даже таблицы. Для диссертации важнее прозрачность процедуры, чем программа.",
       "Можно: строка — фрагмент, столбцы — интервью, код, тема, комментарий. Для десятка интервью это вполне рабочий вариант."]),
    K(["сравнить два района — t-тест или Манна–Уитни?",
       "распределение сильно скошено. что делать?"],
      ["Если данные порядковые (шкала Лайкерта) или распределение далеко от нормального — Манна–Уитни. Для суммарных шкал с нормальным распределением можно t-тест.",
       "Либо непараметрические методы, либо трансформация, либо просто описывать медианы и квартили. Для шкал Лайкерта непараметрика — стандартный выбор."]),
    K(["ВП хочет регрессию. что может быть зависимой переменной?",
       "как учесть стаж и возраст учителя в анализе?"],
      ["Например, частота использования платформ (шкала) или факт использования (да/нет — тогда логистическая регрессия). Предикторы: стаж, возраст, оснащённость школы, поддержка администрации.",
       "Включить их как ковариаты в регрессию. Но они сильно коррелируют между собой — проверьте мультиколлинеарность и, возможно, оставьте один."]),
    K(["где искать литературу? eLibrary уже надоел",
       "как найти англоязычные статьи про цифровизацию сельских школ?"],
      ["КиберЛенинка для открытых русскоязычных статей, Google Scholar, Scopus через библиотеку вуза. Смотрите списки литературы у самых цитируемых статей.",
       "Ключевые слова: rural schools, digital technology adoption, teachers, ICT integration. Начните с обзорных статей последних пяти лет."]),
    K(["список литературы по ГОСТу — есть способ не мучиться?",
       "как оформлять ссылки на сайты по ГОСТу?"],
      ["Менеджер ссылок (Zotero) со стилем ГОСТ экономит часы. Один раз настроить — и список собирается сам.",
       "Название, [Электронный ресурс], URL и дата обращения. Менеджер ссылок сделает это автоматически."]),
    K(["ВП вернула главу с правками красным по всему тексту. как не расстраиваться",
       "как написать ВП, что я не согласна с одной правкой?"],
      ["Много правок — обычно признак того, что научрук внимательно читает. Разбейте на мелкие задачи, начните с простого, и отмечайте, что сделано.",
       "Вежливо и с аргументами: «Валентина Петровна, по разделу 2.3 я оставила формулировку, потому что… Если вы считаете, что так не пойдёт, переделаю». Научруки это обычно уважают."]),
    K(["командировка в район на два дня. что взять?",
       "как оформить командировку аспиранту, чтобы вернули деньги?"],
      ["Диктофон и запасной, зарядки, повербанк, распечатанные анкеты и согласия, конверты, ручки, шоколадки для школ. И список контактов директоров в бумажном виде.",
       "Приказ о командировке заранее, все билеты и чеки сохранять, гостиница — с документом об оплате. Уточните в бухгалтерии, какие суточные положены."]),
    K(["как отблагодарить школы за участие?",
       "директор просит сертификат для учителей за участие. можно?"],
      ["Благодарственные письма от кафедры, сертификаты участникам, а потом — короткий отчёт с результатами для школы. Учителям важно видеть, что их ответы куда-то пошли.",
       "Можно и нужно: от кафедры или от вуза. Учителям это пригодится для аттестации."]),
    K(["какой журнал выбрать для первой статьи из ВАКовского списка?",
       "статья в журнале — сколько обычно ждать публикации?"],
      ["Смотрите профиль журнала по теме, категорию в перечне и требования к оформлению. Спросите ВП — у научруков обычно есть проверенные варианты.",
       "От нескольких месяцев до года. Быстрее — журналы вуза, дольше — высокорейтинговые. Заложите это в план."]),
    K(["у меня четыре пары в неделю вести, а ещё поле. как успеть?",
       "как совмещать преподавание и диссертацию?"],
      ["Блоки: дни для преподавания и дни для исследования, без перемешивания. Готовьте пары на неделю вперёд, чтобы поездки в поле ничего не ломали.",
       "Защищайте утренние часы для диссертации и не отвечайте на письма до обеда. Маленькими шагами каждый день лучше, чем рывками раз в месяц."]),
    K(["проверка на антиплагиат — какой процент нужен?",
       "антиплагиат ругается на цитаты и список литературы"],
      ["Требования задаёт вуз и диссовет — спросите у ВП. Обычно важна не цифра, а чтобы заимствования были корректно оформлены.",
       "Это нормально: корректно оформленные цитаты и список литературы не считаются некорректными заимствованиями. При проверке их можно исключить."]),
    K(["как писать тезисы на две страницы?",
       "что писать в тезисах, если результатов пока мало?"],
      ["Актуальность (пара предложений), цель, методика, основные результаты, вывод. Без длинного обзора литературы.",
       "Описывайте дизайн и предварительные результаты пилота честно: «на данном этапе». Конференции это нормально принимают."]),
    K(["доклад на кафедре через неделю, 10 минут. какая структура слайдов?",
       "как не читать с листа на докладе?"],
      ["Проблема, цель, методика, выборка, предварительные результаты, что дальше, вопросы к кафедре. 8–10 слайдов.",
       "На слайдах — ключевые слова и схемы, а не текст. Прогоните доклад вслух два раза с таймером."]),
    K(["стоит ли подаваться на грант для молодых учёных?",
       "ВП советует заявку на стипендию. что туда писать?"],
      ["Стоит: даже отказ даёт опыт и готовый текст для следующей подачи. Начните с описания задач и уже сделанного.",
       "Тема, актуальность, что уже сделано (пилот, выступления, статьи), план на год и ожидаемые результаты. Конкретика в цифрах убедительнее общих слов."]),
    K(["кажется, я выгораю. третья неделя без выходных",
       "мне стыдно, что я ничего не сделала за выходные"],
      ["Это сигнал, а не слабость. Выделите хотя бы один полный день без работы в неделю. И посмотрите, что можно отложить без последствий.",
       "Отдых — это тоже часть работы. Лучше честно отдохнуть, чем полусидеть над текстом. В понедельник начните с маленькой задачи."]),
    K(["опрашивать только учителей или директоров тоже?",
       "Гоша (аспирант с кафедры) советует добавить опрос родителей. надо?"],
      ["Несколько интервью с директорами дадут контекст: оснащённость, политика школы. Но основной фокус — учителя, не расширяйте сильно.",
       "Это уже другое исследование. Запишите как перспективу, а сейчас держите фокус — иначе не успеете к защите."]),
    K(["как перевести аннотацию на английский, чтобы не позориться?",
       "переведи: «цифровые образовательные платформы в практике сельского учителя»"],
      ["Напишите сначала простыми короткими фразами по-русски, потом переводите. И проверьте термины по англоязычным статьям.",
       "«Digital educational platforms in the practice of rural teachers» — или чуть естественнее: «Rural teachers' use of digital learning platforms»."]),
    K(["какой диктофон взять для интервью? телефон не вариант?",
       "как записывать интервью, чтобы потом хорошо расшифровывалось?"],
      ["Телефон в режиме полёта вполне подходит, но лучше иметь второй источник записи. Простой диктофон с петличкой — хорошая страховка.",
       "Тихое помещение, устройство ближе к собеседнику, проверка звука в начале. И сразу после интервью переименовать файл и сделать копию."]),
    K(["как хранить данные и обезличивать интервью?",
       "можно ли в диссертации цитировать учителей?"],
      ["Коды вместо имён (У-01, У-02), названия школ и сёл заменить на обобщённые, таблицу соответствий хранить отдельно и под паролем.",
       "Да, анонимно: «учитель начальных классов, стаж 20 лет». Уберите детали, по которым легко узнать человека в маленьком селе."]),
    K(["что делать с пропущенными ответами в анкетах?",
       "некоторые учителя пропустили целый блок. выбрасывать анкеты?"],
      ["Сначала посмотрите, сколько их и есть ли закономерность. Если немного и случайно — анализ по доступным данным; если много — думать об импутации.",
       "Не обязательно: используйте их в тех анализах, где блок не нужен. И опишите, сколько таких анкет и почему так могло быть."]),
    K(["как построить график, чтобы ВП понравилось?",
       "какие графики для шкал Лайкерта?"],
      ["Простые столбчатые диаграммы без 3D и лишних цветов, подписанные оси, один вывод на график.",
       "Горизонтальные сложенные столбцы (diverging bar chart) — классика для Лайкерта: видно, куда сдвинуты ответы."]),
    K(["сколько ехать до школ? автобус раз в день",
       "директор предложил забрать меня из райцентра. удобно соглашаться?"],
      ["Проверьте расписание заранее и заложите запасной день — сельские автобусы любят отменяться.",
       "Вполне — это распространённая практика, и директору так спокойнее. Поблагодарите и привезите что-нибудь к чаю."]),
    K(["помоги написать письмо директору школы с просьбой об участии",
       "директор не отвечает неделю. написать ещё раз?"],
      ["«Уважаемый(ая) …! Я аспирант кафедры педагогики, изучаю использование цифровых платформ в сельских школах. Прошу разрешения провести анонимный опрос учителей (около 20 минут) …» Дальше — сроки и контакты.",
       "Да, коротко и вежливо, с конкретным вопросом: «подскажите, удобно ли будет провести опрос на следующей неделе?». Лучше позвонить — в сельских школах так быстрее."]),
    K(["ВП просит таблицу с описательной статистикой. что туда входит?",
       "как описать выборку в главе?"],
      ["Среднее и стандартное отклонение (или медиана и квартили), минимум и максимум, число наблюдений по каждой переменной.",
       "Пол, возраст, стаж, предмет, тип школы, район. Таблица плюс пара предложений о том, насколько выборка похожа на генеральную совокупность."]),
    K(["одна школа отказалась в последний момент. что делать?",
       "в одном районе откликнулось меньше учителей. это исказит результаты?"],
      ["Ничего страшного — замените похожей по размеру и району и отметьте это в методике.",
       "Может немного, если районы различаются. Опишите это как ограничение и, если нужно, взвесьте данные."]),
]

RU04 = {
    "id": "b13-ru-04", "lang": "ru", "n": 330, "start": "2026-09-14", "span": 56,
    "cur": "RUB", "date_style": "ru", "fx": ("USD", "₽", 78, 96), "user_gender": "f",
    "budget_items": [("печать анкет", 1500, 4000), ("конверты", 500, 1500), ("билеты на автобус", 1000, 3000),
                     ("гостиница", 2000, 5000), ("диктофон", 3000, 7000), ("шоколадки для школ", 800, 2500), ("канцелярия", 500, 1500)],
    "split_items": [("подарок ВП на день рождения", 3000, 8000), ("такси из райцентра", 1500, 3500), ("пицца на кафедру", 2000, 4000)],
    "countdown_items": ["предзащиты Гоши", "отчёта по аспирантуре", "поездки в Шегарский район", "сессии у студентов"],
    "shop_items": [("диктофон", 3000, 8000), ("наушники", 2500, 8000), ("внешний диск", 4000, 9000), ("кресло", 6000, 15000)],
    "drive_places": [("в Шегарский район", 60, 75), ("в Кожевниково", 100, 115), ("в Асино", 100, 110), ("в Новосибирск на конференцию", 260, 275)],
    "dayrate": [("Расшифровщица", 1500, 3000, "за сервис распознавания"), ("Студент-помощник", 1000, 2000, "на дорогу"),
                ("Переводчик", 2000, 4000, "за срочность")],
    "skip_tags": ["reno"],
    "forbid": ["нина аркадьевн", "зуев", "тамар", "белов", "jamovi", "джамови", "слабый интернет"],
    "intro": [(
        "Привет! Я аспирантка второго года, кафедра педагогики. Моё исследование — как сельские учителя Томской области используют цифровые платформы: анкеты в трёх районах плюс интервью. Научрук — Валентина Петровна, она строгая, но добрая. Помоги держать всё в порядке этой осенью",
        "С удовольствием. В таком исследовании много параллельных задач: доступ в школы, анкеты, интервью, анализ, тексты и дедлайны. Давайте фиксировать здесь решения и сроки. С чего начнём — что уже согласовано?")],
    "slots": [
        {"kind": "name", "fact": "district coordinator", "q": "Кто сейчас наш координатор в районо?",
         "answers": ["Тамара Сергеевна Белова", "Тамара Сергеевна", "Белова"], "wrong": ["Нина Аркадьевна", "Зуева"]},
        {"kind": "number", "fact": "sample size", "q": "Сколько анкет мы в итоге планируем собрать?",
         "answers": ["150"], "wrong": ["180"]},
        {"kind": "date", "fact": "abstract deadline", "q": "До какого числа надо отправить тезисы на конференцию?",
         "answers": ["30 ноября"]},
        {"kind": "decision", "fact": "statistics software", "q": "В какой программе будем считать статистику?",
         "answers": ["Jamovi"]},
        {"kind": "reason", "fact": "online interviews dropped", "q": "Почему мы отказались от интервью по Zoom?",
         "answers": ["слабый интернет"]},
    ],
    "events": [
        {"at": 0.06, "ex": [(
            "Координатор в районо, через которого мы идём в школы, — Нина Аркадьевна Зуева. Она уже обзвонила директоров в Шегарском районе, девять школ согласились",
            "Отлично, Нина Аркадьевна Зуева — ключевой человек для доступа в школы. Стоит сразу договориться с ней о графике визитов и о том, кому из директоров она уже отправила письмо от кафедры.")]},
        {"at": 0.13, "ex": [(
            "По выборке: планируем 180 анкет, по 60 на каждый из трёх районов",
            "180 анкет — хороший объём для сравнения трёх районов. Заложите запас на неполностью заполненные анкеты, обычно это 5–10%.")]},
        {"at": 0.21, "ex": [(
            "Для количественной части решила — Jamovi. Бесплатный, интерфейс есть на русском, ВП не против. SPSS на кафедре стоит только на одном компьютере, и там вечно очередь",
            "Jamovi — хороший выбор: бесплатный, понятный, считает всё нужное для диссертации (описательная статистика, надёжность шкал, сравнения групп, регрессии), а результаты легко воспроизвести.")]},
        {"at": 0.29, "ex": [(
            "Интервью по Zoom отменяем: в сёлах слабый интернет, у половины учителей связь рвётся даже по телефону. Буду ездить и записывать очно на диктофон, заодно с анкетами",
            "Разумно: когда слабый интернет, онлайн-интервью превращаются в мучение и для вас, и для учителей. Очные интервью к тому же обычно глубже. Совместите их с поездками за анкетами.")]},
        {"at": 0.37, "ex": [(
            "Дедлайн по тезисам на «Цифровую школу — 2026» в Новосибирске — 30 ноября. Две страницы, можно с результатами пилота",
            "30 ноября — записываю. Хорошо бы к середине ноября иметь черновик и показать его Валентине Петровне, чтобы было время на правки.")]},
        {"at": 0.50, "ex": [(
            "ВП посмотрела план и сказала, что полторы сотни анкет хватит с головой, нечего учителей мучить. Так что целимся в 150, по 50 на район",
            "150 — вполне достаточно для сравнения трёх районов, и меньше нагрузка на школы. Не забудьте обновить цифру в методике и в письмах директорам.")]},
        {"at": 0.62, "ex": [(
            "Нина Аркадьевна ушла на больничный надолго, в районо нас теперь курирует Тамара Сергеевна Белова. Созвонились, очень деловая, обещала помочь с двумя оставшимися школами",
            "Хорошо, что Тамара Сергеевна сразу включилась. Передайте ей список школ, где вы уже были и куда ещё нужно, и копию письма от кафедры — чтобы ей не пришлось начинать с нуля.")]},
    ],
    "kits": RU04_KITS,
}


# ======================================================================================
# Japanese: wrappers, fallback, generic and computed distractors
# ======================================================================================
WRAP["ja"] = {
    "open": ["あ、", "ちなみに、", "すみません、", "もう一つ質問です。", "ところで、", "また来ました。", "ちょっと相談です。",
             "あと、", "えっと、", "度々すみません。", "話変わりますが、"],
    "morning": ["おはようございます。", "おはようございます、朝から失礼します。"],
    "evening": ["こんばんは。", "夜分にすみません。", "やっと子どもが寝ました。"],
    "tail": ["よろしくお願いします。", "急ぎではないです。", "🙏", "（汗）", "助かります！", "笑"],
    "ack_q": ["いい質問ですね。", "お答えしますね。", "そうですね、"],
    "ack_s": ["承知しました。", "了解です。", "なるほど。"],
    "follow": ["必要ならリストに追加しておきます。", "もっと詳しく整理することもできますよ。",
               "変更があれば教えてください。", "ほかに気になる点があればどうぞ。"],
    "no_ack": ["はい", "いいえ", "そうですね", "おめでとう", "承知", "了解", "なるほど", "大丈夫", "いい", "よく",
               "それは", "ご", "お", "たしかに", "もちろん", "残念", "ありがとう", "素敵", "よかった", "本当に"],
}


def _fallback_ja(ctx):
    r = ctx.rng
    u = r.choice(["ありがとうございます", "助かりました", "なるほど、了解です", "わかりました！", "ありがとう",
                  "すっきりしました", "参考になります", "よし、そうします", "了解です", "ですよね"])
    u2 = r.choice(["", "", "。夕飯の支度してきます", "。また夜に来ます", "！", "🙏", "。今日はもう頭が回らない…",
                   "。一つ片付いた", "。明日やります"])
    a = r.choice(["どういたしまして", "お役に立ててよかったです", "いつでもどうぞ", "お疲れさまです",
                  "こちらこそ", "がんばってください"])
    a2 = r.choice(["。", "！", "。何か変わったら教えてください。", "。少しずつ進めていきましょう。",
                   "。次のステップのときにまた声をかけてください。", "。無理しすぎないでくださいね。"])
    if u.endswith("！") and u2.startswith(("。", "！")):
        u2 = u2[1:]
    return u + u2, a + a2


FALLBACK["ja"] = _fallback_ja

GENERIC_KITS["ja"] = [
    K(["最近ぜんぜん眠れません。「寝る前にスマホを見ない」以外で何かコツありますか",
       "考えることが多すぎて夜中の4時に目が覚めるんですが、これって普通ですか",
       "寝る前に頭の中でずっとTODOリストが回ってしまいます。どうしたら"],
      ["実際に効果があるのは、寝不足の翌日でも起きる時間を一定にすること、朝のうちに日光を浴びること、20分以上眠れなければ一度起きて薄暗い所で退屈なことをすることです。翌日のやることを寝る前に紙に書き出すのもおすすめです。",
       "忙しい時期にはよくあることです。夕方に「心配ごとタイム」を作って、気になることと次の一手を全部書き出しておくと楽になります。枕元にメモを置いて、夜中に浮かんだことは書いてしまいましょう。何週間も続くようなら、かかりつけ医に相談を。",
       "頭が「忘れちゃいけない」と繰り返しているサインなので、紙に出してしまうのが一番です。あとは起きる時間を固定して、カフェインは午後2時まで、寝る前のルーティンを毎日同じにすると落ち着きやすいです。"]),
    K(["今日の夕飯どうしよう。鶏もも肉、キャベツ半分、卵があります。気力ゼロ",
       "20分でできてフライパン一つで済む、子どもも食べるメニューありますか",
       "冷蔵庫に豆腐と豚こまと長ねぎしかない。何か作れますか"],
      ["鶏ももとキャベツの蒸し焼きはどうでしょう。鶏を皮目から焼いて、ざく切りキャベツを入れて蓋をして10分、ポン酢かバター醤油で。卵はスープにすれば一品増えます。",
       "焼きうどんや、豚肉と野菜のオイスター炒め、オムライス風の卵焼きご飯などが早いです。フライパン一つで済むので洗い物も少なくて済みます。",
       "肉豆腐がおすすめです。豚こまと長ねぎを炒めて、豆腐を入れて醤油・みりん・砂糖で10分煮るだけ。ご飯がすすむので子どもにも人気です。"]),
    K(["姉の誕生日が{D1}なのに何も思いつかない。ガーデニングとミステリー小説が好きです。予算は{M1:3000-8000}くらい",
       "40歳になる友だちへのプレゼント、{N1}さんは登山とコーヒーが好きです",
       "いろいろ我慢してくれているお隣さんにお礼をしたい。大げさじゃないもので"],
      ["いい園芸用手袋と膝当てのセット、珍しい種のセット、好きな作家の新刊ミステリーなどはどうでしょう。種と手袋と本を小さな箱にまとめても素敵です。",
       "保温性の高いボトル、地元の焙煎所の豆、アウトドア用のコーヒーセットなどが喜ばれそうです。体験型なら、ガイド付きのハイキングツアーもありです。",
       "消えもの（お菓子や季節の果物）が一番気を遣わせません。「いつもありがとうございます」と一言カードを添えると気持ちが伝わります。"]),
    K(["断り方を相談させてください。{N1}さんから{D1}にバーベキューをやろうと誘われたけど、今はとても無理",
       "PTAの役員を今年は断りたいんです。角を立てずに。毎回引き受けちゃうので",
       "知人にお金を貸してほしいと言われました。関係を壊さずに断るには"],
      ["「お誘いありがとう！ぜひ行きたいんだけど、今ちょうど家のことでバタバタしていて今回は難しそう。落ち着いたらこちらから声をかけるね」のように、理由は短く、代わりの提案を添えると柔らかくなります。",
       "「今年は家庭の事情で役員は難しいのですが、単発のお手伝いならできます」と、できる範囲を示すと断りやすくなります。長い言い訳は交渉の余地を作るので、短めが正解です。",
       "相手のことではなく自分の事情として、短く伝えるのがポイントです。「ごめんね、今うちも大きな出費が続いていて貸せないんだ」。説明を重ねすぎないほうが角が立ちません。"]),
    K(["話題の新しいドラマ、1話見たけど続き見るべき？",
       "今夜は何も考えずに見られるものが見たい。事件ものはなしで",
       "ドライブ中に聞けるポッドキャストのおすすめありますか。{N1}さんと聞き尽くしちゃって"],
      ["2〜3話目から面白くなるという声が多いので、少しでも引っかかったならあと2話見てみては。義務感で見ているなら、やめてしまっていいと思います。",
       "料理番組や旅番組、昔好きだったコメディの見返しなどがおすすめです。疲れた日に癒し系を選ぶのは立派な選択です。",
       "連続もののドキュメンタリー系や歴史系、雑談系の番組はドライブ向きです。二人とも好きな小説のオーディオブックもいいですよ。"]),
    K(["領収書と書類の管理どうしたらいいですか。紙は引き出しにぐちゃぐちゃ、メールもカオス",
       "見積書・請求書・契約書のPDFが大量にあって、全部「scan0012」みたいな名前です"],
      ["続けやすいのは、クラウドに一つフォルダを作って業者ごとにサブフォルダ、ファイル名は「日付_相手_金額」にする方法です。紙の領収書はもらった日に写真を撮る。あとは日付・相手・内容・金額・支払済みの表が一枚あれば十分です。",
       "保存するときに「YYYY-MM-DD_相手_内容.pdf」にリネームする習慣をつけるのが一番です。フォルダは見積・請求・契約・保証書くらいに分けて、週に一度10分だけ整理の時間を取ると溜まりません。"]),
    K(["家族全員風邪ひきました。本当に効くものってありますか",
       "喉が痛くて頭も重い。{T1}からの打ち合わせ、キャンセルしたほうがいいかな"],
      ["結局は、休養・水分・解熱鎮痛剤・はちみつ入りの温かい飲み物が一番です。普通の風邪なら1週間から10日で治まります。高熱が続く、息苦しい、2週間以上長引くときは受診してください。",
       "可能ならリスケか電話にしましょう。1〜2日休んだほうが頭も回りますし、体調不良でのキャンセルはお互いさまです。喉がひどくなったり熱が出たら受診を。"]),
    K(["このメール、送る前に見てもらえますか。「{N1}様 先日の件、その後いかがでしょうか。」",
       "「先日もお伝えしましたが、日程のご確認をお願いします」って、きつく聞こえますか"],
      ["失礼ではありませんが、少し曖昧です。「{N1}様 先日の件ですが、金曜日までにご回答いただけますと助かります。次の段取りを組みたく、よろしくお願いいたします。」のように期限と理由を入れると返事が早くなります。",
       "「先日もお伝えしましたが」は少し圧を感じさせます。「先日の日程の件、お手すきの際にご確認いただけますと幸いです。こちらの予定を組みたく」くらいが柔らかくて伝わります。"]),
    K(["車のブレーキからキーキー音がします。整備の予約が{W1}なんですが、それまで乗って大丈夫？",
       "車検が{D1}に来ます。事前に自分で見ておけることありますか"],
      ["ブレーキの異音はパッドの摩耗サインのことが多く、放っておくとディスクまで傷みます。できるだけ乗る回数を減らして、早めに見てもらえないか聞いてみてください。",
       "ライト類（ブレーキランプやナンバー灯も）、ワイパーとウォッシャー液、タイヤの溝と空気圧、警告灯の有無などは自分で確認できます。これだけでも指摘の多くを防げます。"]),
    K(["家事代行って頼む価値ありますか。夫婦ともにヘトヘトです",
       "冷蔵庫の掃除って本当はどれくらいの頻度でやるもの？"],
      ["予算が許すなら、まずは一回だけ大掃除をお願いしてみるのがおすすめです。その後、月2回くらいで様子を見る方が多いですよ。",
       "こぼれたらすぐ拭く、全体の整理は月に一回くらいで十分です。買い出しの前日の夜にやると、中が空いているので楽です。"]),
    K(["犬が最近、物音がするたびに吠えます。ストレスでしょうか",
       "猫が押し入れにこもって出てきません。心配したほうがいい？"],
      ["知らない人や音、生活リズムの変化でストレスがかかっている可能性が高いです。散歩とごはんの時間を一定に保ち、静かに休める場所を用意して、落ち着いているときに褒めてあげてください。",
       "たぶん大丈夫です。家が騒がしかったり環境が変わると、猫は静かで暖かい場所に隠れます。水・ごはん・トイレを近くに置いて、無理に出さないでください。丸一日以上食べないようなら獣医さんへ。"]),
    K(["子どもに部屋を片付けさせるコツありますか。ごほうび作戦もアリです",
       "家族会議で家事分担を決めたいけど、みんな嫌がりそう"],
      ["「片付けて」より「本は棚に、服はかごに」と具体的に小さく伝えるのがコツです。10分タイマーと音楽でゲームにするのも効果的。続いたら小さなごほうび、全然アリです。",
       "ご飯のときに短く、リストから各自が選ぶ形にすると反発が少ないです。まず1週間一つずつ試して、次の会議で見直す。冷蔵庫に表を貼ると声かけより効きます。"]),
    K(["運動不足なので走り始めたい。週3回25分でも意味ありますか",
       "朝ヨガをやりたいと思いつつ続きません。初心者向けの現実的なメニューは？"],
      ["十分意味があります。会話できるくらいのゆっくりペースを中心にすれば、1か月で変化を感じられるはずです。負荷は2週間ごとに少しずつ上げていきましょう。",
       "最初は10〜15分で十分です。太陽礼拝を数回、立ちポーズをいくつか、最後にストレッチ。長さより毎日同じ時間にやることのほうが大事です。"]),
    K(["{W1}は大雨の予報。3日以上先の天気予報って当たるんですか",
       "今月、毎日雨じゃないですか？気のせい？"],
      ["3〜5日より先になると、何時に雨が降るかといった細かい予報はあまり当てになりません。天気に左右される予定は、前日にもう一度確認して予備日を用意しておくと安心です。",
       "停滞前線が居座ると、こういう時期がありますね。天気に左右される予定があれば、予備日を何日か見ておくと安心です。"]),
    K(["母から「それはやめたほうがいい」という記事ばかり送られてきます🙃",
       "父と今後のことを話したら、ちょっと険悪になりました。心配してくれてるのはわかるんだけど"],
      ["疲れますよね。反対というより心配の表れであることが多いです。「こう決めた、理由はこう、ここを手伝ってほしい」と短く共有すると、心配が協力に変わることもあります。",
       "大きな変化は親を不安にさせて、それがアドバイスとして出てきがちです。何か具体的に頼みごとをしてみると、当事者として関われる分、批判が減ることがあります。"]),
    K(["「見積もり」と「概算」ってどう違うんですか。業者さんが混ぜて使ってて",
       "相見積もりって本当に3社取るべき？"],
      ["概算はあくまで目安で変わりうる金額、見積もりは内容を決めたうえでの提示額です。大事な工事なら「この金額で確定か」「追加になるのはどんな場合か」を書面で確認しておくと安心です。",
       "大きな金額なら3社くらい取ると相場感がつかめて、極端な金額にも気づけます。小さな工事や信頼できる紹介なら1社でも十分です。"]),
    K(["スマホの容量がまたいっぱい。ほとんどレシートとスクショの写真です",
       "スマホの写真のバックアップ、ちゃんとやるにはどうすれば。全部消えたら泣きます"],
      ["クラウドへの自動バックアップをオンにして、Wi-Fiで同期が終わったら「ストレージを最適化」にすると本体の容量が空きます。古い動画とスクショを消すだけでもかなり変わります。",
       "基本は「2か所に2つ」。クラウドの自動バックアップと、ときどき外付けHDDやPCに書き出す。一度、バックアップから実際に写真が開けるか確認しておくのがポイントです。"]),
    K(["予備費ってふつう何パーセントくらい見ておくものでしたっけ",
       "予算オーバーに備えて、どれくらい余裕を持っておけばいいですか"],
      ["内容がはっきりしている工事なら10〜15%、古い家や不確定要素が多い場合は20%くらいが目安です。別枠で管理して、いつの間にかグレードアップに使われないようにしましょう。",
       "不確定要素の多さによりますが、10〜20%が目安です。一度オーバーしているなら、残りも予定どおりと考えずに予備費を積み直しておくのが安全です。"]),
    K(["同僚の{N1}さんが退職するので寄せ書きを頼まれました。そこまで親しくないんです",
       "定年退職される方へのメッセージ、2行くらいでお願いします。30年勤められた方です"],
      ["「いつも丁寧に助けていただきありがとうございました。新しい場所でのご活躍をお祈りしています。」くらいが、丁寧で距離感もちょうどいいと思います。",
       "「30年間本当にお疲れさまでした。たくさんのことを教えていただき感謝しています。これからの毎日が楽しいものになりますように。」"]),
    K(["隣の家が朝から工事中で、在宅勤務に集中できません",
       "仕事の締め切りが今週で、家のこともあって、何かを落としそうで怖い"],
      ["ノイズキャンセリングのヘッドホンとホワイトノイズ、会議は比較的静かな時間帯に。集中が必要な作業だけ図書館やカフェに移るのも手です。",
       "まず全部を一つのリストに書き出して、今週本当に大事な3つだけ選び、朝一番に時間を確保しましょう。遅れそうなことは先に伝えておくと、ダメージがずっと小さくなります。"]),
    K(["先月、出前に{M1:15000-40000}も使ってしまった…",
       "3人家族の食費、週にどれくらいが普通ですか"],
      ["忙しい月だっただけです。日曜に2品まとめて作って、冷凍の「非常用ごはん」を2つ常備するだけで、出前は半分くらいに減らせることが多いですよ。",
       "地域や食生活でかなり違いますが、夕飯5日分の献立を決めてリストで買い物、2日分まとめて作る、で目に見えて下がります。まず1か月記録して基準を知るのがおすすめです。"]),
    K(["全部忘れて週末休みたい。無責任ですかね",
       "{D1}に一泊で出かけます。久しぶりの休み。出発前にやっておくことは？"],
      ["全然無責任じゃないです。疲れた状態で判断しないためにも休みは必要です。主な関係者に連絡がつきにくいことだけ伝えて、緊急連絡先を一つ残しておきましょう。",
       "いいですね！関係者に不在を伝える、必要なら鍵を預ける、急ぎの件は一つのメッセージにまとめて送っておく。これで週末ずっとスマホを見なくて済みます。"]),
    K(["Wi-Fiが一日中切れます。このタイミングで…",
       "手頃なメッシュWi-Fiってどれがいいですか。奥の部屋が圏外です"],
      ["ルーターの再起動、プロバイダの障害情報の確認、有線でつないで回線かWi-Fiかの切り分けをしてみてください。有線でも切れるなら、切れた時刻を記録してプロバイダに連絡を。",
       "有名メーカーの2〜3台セットで一般的な家なら十分です。2台目は、圏外の部屋そのものではなく、ルーターとその部屋の中間あたりに置くのがコツです。"]),
    K(["決めることが多すぎて疲れました。洗濯かご一つ選ぶのに1時間かかった",
       "決断疲れってありますよね。まだ40個くらい選ぶものがある"],
      ["ルールを作るのがおすすめです。一定の金額以下のものは、最初に気に入った3つから選んで終わり。時間をかけるのは高くて替えにくいものだけに。",
       "まとめてやりましょう。一晩、リスト、1項目あたりの制限時間、迷ったときのデフォルト（「前の部屋と同じ」「中くらいの値段」）。1年後には誰も気にしていないものがほとんどです。"]),
    K(["{N1}さんに片付け本を勧められました。ハマると大変そう",
       "寝る前に仕事以外の本を読みたい。小説で、重くないもの"],
      ["引っ越しや家の工事の前は、手放すのにちょうどいいタイミングなので役立ちますよ。自分に合うアイデアを一つだけ取り入れるくらいでいいと思います。",
       "ほっこり系のミステリーや、エッセイ、1週間で読み切れる短めの小説がおすすめです。章が短いものだと、眠くなったところでやめやすいです。"]),
    K(["{W1}から友だちが2泊しに来ます。客間は今物置状態。どうしよう",
       "{N1}さんの結婚式が{D1}にあって、ちょうど一番忙しい時期と重なってます"],
      ["一番落ち着いた部屋に通り道を作ってエアマットを敷くか、近くの宿を取ってあげるかの二択ですね。友だちなら、コーヒーとトイレさえあれば散らかっていても気にしないことが多いですよ。",
       "その週末は完全に予定を空けて、関係者には前もって伝えておきましょう。逆に区切りとして使って、それまでに決めるべきことを決めておくと、不在中に止まらずに済みます。"]),
    K(["お世話になった業者さんには口コミを書いたほうがいいですか",
       "先月すごく丁寧に仕事をしてくれた職人さんがいます。一番喜ばれるお礼は？"],
      ["義務ではありませんが、個人や小さな会社にとっては具体的な口コミはとてもありがたいものです。時間どおりに来た、片付けが丁寧だった、など一段落で十分です。",
       "具体的な口コミと、知り合いへの紹介が何よりうれしいと思います。差し支えなければ仕上がりの写真も添えると喜ばれます。"]),
    K(["歯医者の予約が{D1}しか取れませんでした。詰め物が取れたままなんですが",
       "かかりつけの病院、予約が2週間先まで埋まってます。早く診てもらうには"],
      ["痛みがなければ、それまで反対側で噛むようにして様子を見ても大丈夫なことが多いです。痛みやしみる症状が出たら、キャンセル待ちを頼むか急患で相談してみてください。",
       "朝一番にキャンセルが出ていないか確認する、電話でキャンセル待ちを頼む、症状によっては当日受付の外来を使う、などの方法があります。"]),
]


# ---------------- computed distractors ----------------
def _ja_money(ctx, amount):
    return ctx.fmt(amount)


def ja_paint(ctx):
    r = ctx.rng
    L = r.choice([3.2, 3.5, 3.8, 4.1, 4.5])
    W = r.choice([2.6, 2.9, 3.1, 3.6])
    H = r.choice([2.4, 2.5, 2.6])
    coats = r.choice([2, 2, 3])
    cov = r.choice([8, 10, 12])
    walls = 2 * (L + W) * H
    net = walls - 3.5
    litres = net * coats / cov
    room = r.choice(["寝室", "子ども部屋", "廊下", "書斎", "和室"])
    u = r.choice(["%sの壁を塗りたいです。%.1f×%.1fm、天井高%.1fm、ドアと窓が一つずつ、%d回塗り。塗料は何リットル？" % (room, L, W, H, coats),
                  "塗料の量を計算してください。%s、%.1fm×%.1fm、高さ%.1fm、%d回塗り、缶には1Lで%d㎡とあります" % (room, L, W, H, coats, cov)])
    a = ("壁の面積は 2×(%.1f+%.1f)×%.1f = %.1f㎡。ドアと窓で約3.5㎡引いて、約%.1f㎡です。"
         "%d回塗りで1Lあたり約%d㎡なら、%.1fリットル必要です。タッチアップ用に少し多めに用意すると安心です。"
         % (L, W, H, walls, net, coats, cov, litres))
    return [(u, a)]


def ja_wallpaper(ctx):
    r = ctx.rng
    L = r.choice([2.7, 3.6, 4.5, 5.4])
    W = r.choice([2.7, 3.6])
    H = r.choice([2.4, 2.5])
    perim = 2 * (L + W)
    widths = int(-(-perim / 0.92 // 1))
    metres = widths * (H + 0.1)
    u = r.choice(["壁紙を自分で貼ってみたい。%.1f×%.1fmの部屋、天井%.1fm。92cm幅のクロスで何m要りますか" % (L, W, H),
                  "クロスの必要量を教えてください。部屋は%.1fm×%.1fm、高さ%.1fm、幅92cmのものです" % (L, W, H)])
    a = ("周囲は 2×(%.1f+%.1f) = %.1fm。92cm幅だと %.1f÷0.92 ≈ %d枚分で、1枚あたり天井高+10cmの%.1fmとすると、"
         "合計約%.1fmです。ドアや窓の分は柄合わせのロスと相殺されるので、そのまま注文するのがおすすめです。"
         % (L, W, perim, perim, widths, H + 0.1, metres))
    return [(u, a)]


def ja_fx(ctx):
    r = ctx.rng
    a_code, b_code, lo, hi = ctx.spec["fx"]
    rate = r.randint(int(lo * 10), int(hi * 10)) / 10.0
    amt = r.choice([150, 300, 480, 750, 1200, 2500, 3900])
    conv = amt * rate
    u = r.choice(["1%sが%.1f円なら、%d%sは何円？" % (a_code, rate, amt, a_code),
                  "%d%sを円にすると？レートは%.1f円で" % (amt, a_code, rate)])
    a = r.choice(["%d × %.1f = %s円です。カード払いだと手数料が1〜3%%上乗せされることが多いので、少し多めに見ておきましょう。" % (amt, rate, group3(int(round(conv)), ",")),
                  "約%s円です（%d × %.1f）。銀行の両替レートは仲値より不利なので、実際はもう少しかかります。" % (group3(int(round(conv)), ","), amt, rate)])
    return [(u, a)]


def ja_budget(ctx):
    r = ctx.rng
    items = r.sample(ctx.spec["budget_items"], 4)
    amts = [rand_amount(r, lo, hi) for _, lo, hi in items]
    names = [n for n, _, _ in items]
    total = sum(amts)
    step = 10000 if total > 50000 else 1000
    budget = (total // step + r.choice([1, 2, 3])) * step
    lines = "、".join("%s%s" % (n, _ja_money(ctx, am)) for n, am in zip(names, amts))
    u = r.choice(["合計してもらえますか：%s。この分の予算は%sです" % (lines, _ja_money(ctx, budget)),
                  "計算お願いします。%s。%sのうち残りはいくら？" % (lines, _ja_money(ctx, budget))])
    big = amts.index(max(amts))
    a = r.choice(["合計%s、予算%sの残りは%sです。" % (_ja_money(ctx, total), _ja_money(ctx, budget), _ja_money(ctx, budget - total)),
                  "合計は%sです。%sから引くと残り%s。一番大きいのは%s（%s）ですね。" % (
                      _ja_money(ctx, total), _ja_money(ctx, budget), _ja_money(ctx, budget - total), names[big], _ja_money(ctx, amts[big]))])
    return [(u, a)]


def ja_split(ctx):
    r = ctx.rng
    what, lo, hi = r.choice(ctx.spec["split_items"])
    total = rand_amount(r, lo, hi)
    k = r.choice([2, 3, 4, 5, 6])
    u = r.choice(["%sが%sで、%d人で割り勘。一人いくら？" % (what, _ja_money(ctx, total), k),
                  "%d人で%sを割ると？合計%sです" % (k, what, _ja_money(ctx, total))])
    share = total / float(k)
    if share == int(share):
        a = "%s ÷ %d = 一人%sです。" % (_ja_money(ctx, total), k, _ja_money(ctx, int(share)))
    else:
        a = "%s ÷ %d ≈ 一人%sです。端数は誰か一人が持つか、切り上げで集めると楽です。" % (
            _ja_money(ctx, total), k, _ja_money(ctx, int(round(share))))
    return [(u, a)]


def ja_countdown(ctx):
    r = ctx.rng
    d = ctx.future(9, 70)
    days = (d - ctx.today()).days
    ds = fmt_date("ja", "ja", d, r)
    what = ctx.take("countdown_items")
    u = r.choice(["%sまであと何日？%sです" % (what, ds),
                  "%s（%s）まで、あとどれくらいありますか" % (ds, what)])
    w, dd = divmod(days, 7)
    a = "今日から数えて%d日、%d週間%sです。" % (days, w, ("と%d日" % dd) if dd else "ちょうど") + r.choice(
        ["大きな決めごとを2週間以内に済ませれば余裕があります。", "途中でチェックポイントを一つ置くといいですね。",
         "少しタイトですが、予定どおりなら間に合います。"])
    return [(u, a)]


def ja_discount(ctx):
    r = ctx.rng
    thing, lo, hi = r.choice(ctx.spec["shop_items"])
    price = rand_amount(r, lo, hi)
    pct = r.choice([10, 15, 20, 25, 30])
    new = int(round(price * (100 - pct) / 100.0))
    u = r.choice(["%sが%s、週末%d%%オフだそうです。いくらになる？" % (thing, _ja_money(ctx, price), pct),
                  "%sの%d%%引き、元は%s。いくら？" % (thing, pct, _ja_money(ctx, price))])
    a = "%sの%d%%は%sなので、%sになります。%s" % (
        _ja_money(ctx, price), pct, _ja_money(ctx, price - new), _ja_money(ctx, new),
        r.choice(["送料込みかどうかも確認してみてください。", "もともと買う予定なら、お得ですね。",
                  "こういうセールはまた来るので、迷うなら急がなくても大丈夫です。"]))
    return [(u, a)]


def ja_drive(ctx):
    r = ctx.rng
    dest, klo, khi = r.choice(ctx.spec["drive_places"])
    km = r.randint(klo, khi)
    speed = r.choice([60, 70, 80, 90])
    if km < 60:
        speed = r.choice([40, 50, 60])
    h0 = r.choice([7, 8, 9, 10, 13])
    m0 = r.choice([0, 10, 15, 30, 45])
    mins = int(round(km * 60.0 / speed))
    stop = r.choice([10, 15, 20, 30])
    tot = mins + stop
    arr_h, arr_m = divmod(h0 * 60 + m0 + tot, 60)
    u = r.choice(["%d時%02d分に出て%sまで約%dkm、平均時速%dkm、休憩%d分だと何時に着きますか" % (h0, m0, dest, km, speed, stop),
                  "%sまで車で%dkm。時速%dkmくらいで、%d:%02d出発、休憩%d分。到着は？" % (dest, km, speed, h0, m0, stop)])
    a = "走行時間は %dkm ÷ %dkm/h ≈ %d時間%02d分、休憩%d分を足して%d時間%02d分なので、%d:%02dごろ到着の見込みです。渋滞を考えて少し余裕を持ってください。" % (
        km, speed, mins // 60, mins % 60, stop, tot // 60, tot % 60, arr_h, arr_m)
    return [(u, a)]


JA_DISHES = {
    "カレー": [("豚肉", "g", 400), ("じゃがいも", "個", 3), ("カレールー", "箱", 1)],
    "肉じゃが": [("牛こま", "g", 300), ("じゃがいも", "個", 4), ("玉ねぎ", "個", 1)],
    "ハンバーグ": [("合いびき肉", "g", 500), ("卵", "個", 1), ("パン粉", "g", 40)],
    "ちらし寿司": [("米", "合", 3), ("えび", "尾", 8), ("卵", "個", 3)],
}


def ja_recipe(ctx):
    r = ctx.rng
    base = r.choice([4, 6])
    want = r.choice([10, 12, 15, 18])
    dish = ctx.take("ja_dish", sorted(JA_DISHES))
    ing = JA_DISHES[dish]
    f = want / float(base)
    listed = "、".join("%s%d%s" % (n, q, un) for n, un, q in ing)
    u = r.choice(["%s人分の%sのレシピを%s人分にしたい。%sです" % (base, dish, want, listed),
                  "%s（%d人分：%s）を%d人分に増やすと、それぞれどれくらい？" % (dish, base, listed, want)])
    parts = []
    for n, un, q in ing:
        v = q * f
        if un == "g":
            parts.append("%s%dg" % (n, int(round(v / 10.0) * 10)))
        else:
            parts.append("%s%s%s" % (n, ("%g" % (round(v * 2) / 2.0)), un))
    a = "倍率は%d÷%d=%.2fなので、%sです。%s" % (want, base, f, "、".join(parts), r.choice(
        ["塩や調味料は最後に味を見て調整してください。", "大鍋だと煮込み時間が少し延びます。",
         "鍋に入りきらなければ2回に分けたほうが楽です。"]))
    return [(u, a)]


def ja_tsubo(ctx):
    r = ctx.rng
    if r.random() < 0.5:
        jo = r.choice([4.5, 6, 8, 10, 12, 16, 18])
        u = r.choice(["%g畳って何㎡ですか" % jo, "%g畳の部屋、平米にすると？" % jo])
        a = "不動産の表示基準では1畳＝1.62㎡以上なので、%g畳は約%.1f㎡です。地域の畳のサイズによって少し変わります。" % (jo, jo * 1.62)
    else:
        m2 = r.choice([45, 58, 66, 72, 85, 96])
        u = r.choice(["%d㎡って何坪？" % m2, "広さ%d平米を坪に直すと？" % m2])
        a = "1坪は約3.306㎡なので、%d㎡ ÷ 3.306 ≈ %.1f坪です。" % (m2, m2 / 3.306)
    return [(u, a)]


def ja_dayrate(ctx):
    r = ctx.rng
    pick = r.choice(ctx.spec["dayrate"])
    who, rlo, rhi, extra = pick[:4]
    maxd = pick[4] if len(pick) > 4 else 5
    rate = rand_amount(r, rlo, rhi)
    days = r.choice([d for d in [1, 1.5, 2, 2.5, 3, 4, 5] if d <= maxd])
    mat = rand_amount(r, max(1000, rate // 5), rate)
    tot = int(rate * days + mat)
    u = r.choice(["%sが日当%sで、%g日くらいかかるそうです。あと%sが%s。合計は？" % (who, _ja_money(ctx, rate), days, extra, _ja_money(ctx, mat)),
                  "%s：1日%s×%g日＋%s%s。いくらになりますか" % (who, _ja_money(ctx, rate), days, extra, _ja_money(ctx, mat))])
    a = "%g日 × %s = %s、それに%sを足して合計%sです。%s" % (
        days, _ja_money(ctx, rate), _ja_money(ctx, int(rate * days)), _ja_money(ctx, mat), _ja_money(ctx, tot),
        r.choice(["確定金額か、増える可能性があるかも確認しておきましょう。", "念のためメッセージで金額を確認しておくと安心です。",
                  "材料費は実費か上乗せありかも聞いておくといいですね。"]))
    return [(u, a)]


COMPUTE_KITS["ja"] = [F(ja_paint, cap=2, tag="reno"), F(ja_wallpaper, cap=2, tag="reno"), F(ja_fx, cap=3),
                      F(ja_budget, cap=3), F(ja_split, cap=3), F(ja_countdown, cap=3), F(ja_discount, cap=3),
                      F(ja_drive, cap=2), F(ja_recipe, cap=2), F(ja_tsubo, cap=2), F(ja_dayrate, cap=3)]


# ======================================================================================
# b13-ja-01: 実家のリフォーム（浴室・キッチン）
# ======================================================================================
JA01_KITS = [
    K(["ケアマネの山下さんが、手すりは介護保険の住宅改修が使えるかもって。どういう制度ですか",
       "介護保険で手すりを付ける場合、工事の前に何か手続きが必要ですか"],
      ["要介護・要支援の認定を受けている方なら、手すりの取り付けなどの住宅改修に対して、上限20万円までの工事費の一部（自己負担1〜3割を除いた分）が支給される制度があります。山下さんに対象になるか確認してもらいましょう。",
       "原則として工事の前に市区町村への事前申請が必要です。ケアマネさんが理由書を作ってくれることが多いので、工務店の見積もりと図面を早めに山下さんに渡しておくとスムーズです。"]),
    K(["手すりの高さって、どれくらいが使いやすいんですか。母は身長150cmくらいです",
       "トイレの手すり、縦と横どっちがいいの？"],
      ["一般的には床から75〜85cmくらいですが、実際に本人に立ってもらって、手首の位置あたりに合わせるのが一番です。工事の前にお母さんに試してもらいましょう。",
       "立ち座りには縦、座ったときの姿勢保持には横が向いています。両方を組み合わせたL字型がよく使われます。"]),
    K(["キッチンはIHにするか迷ってます。母がたまに火を消し忘れるので",
       "IHにすると、今の鍋は使えなくなりますか"],
      ["火の消し忘れが心配なら、IHは安全面でかなりメリットがあります。切り忘れ防止の自動オフ機能もあります。ただ、慣れるまで戸惑うこともあるので、ショールームで実際に触ってもらうといいですよ。",
       "底が平らで磁石がつく鍋なら使えます。アルミや土鍋は基本的に使えないので、よく使う鍋を確認して、必要なものだけ買い替えましょう。"]),
    K(["食洗機、両親はいらないって言うけど付けたほうがいい？",
       "ビルトイン食洗機の浅型と深型、どっちがいいですか"],
      ["手荒れ防止や立ち仕事の負担軽減を考えると、あって損はないと思います。ただ使わない人は本当に使わないので、本人たちが納得しているかが大事です。",
       "二人暮らしなら浅型でも十分なことが多いです。鍋やフライパンもまとめて洗いたいなら深型が便利です。"]),
    K(["浴室暖房乾燥機は付けたほうがいいですか。冬の浴室が寒くて",
       "ヒートショックが心配です。浴室の寒さ対策で何ができますか"],
      ["高齢のご両親なら強くおすすめします。入浴前に浴室を暖めておけるので、ヒートショックの予防になります。洗濯物も干せて便利です。",
       "浴室暖房のほか、脱衣所に小型の暖房を置く、入浴前にシャワーで浴室を温める、お湯の温度は41度以下にする、といった対策が効果的です。"]),
    K(["工事中、3週間くらいお風呂が使えないらしい。両親どうしよう",
       "近くの銭湯に通うのって、高齢の親には大変かな"],
      ["近所の銭湯や日帰り温泉、デイサービスでの入浴、ご兄弟の家に泊まるなどの方法があります。工務店に、浴室が使えない期間を正確に聞いておきましょう。",
       "距離と送迎次第ですね。足腰が心配なら、その期間だけデイサービスの入浴を増やせないか山下さんに相談してみてもいいと思います。"]),
    K(["工事前にご近所に挨拶したほうがいいですよね。何を持っていけば",
       "挨拶は工務店さんがやってくれるものですか"],
      ["工務店が回ってくれることも多いですが、施主側からも一言あると印象がいいです。500〜1,000円程度のタオルやお菓子に、工事期間を書いたメモを添えるのが一般的です。",
       "多くの工務店は着工前に近隣挨拶をしてくれます。念のため担当の方に確認して、両隣とお向かいくらいは家族からも挨拶しておくと安心です。"]),
    K(["父が工事の細かいところにいちいち口を出すので困ってます",
       "父と母で意見が割れて決まらない。キッチンの色で30分揉めた"],
      ["お父さんが決める役を持てる項目を作ると、ほかに口を出しにくくなります。たとえば外回りや照明はお父さん担当、など。",
       "候補を2つに絞ってから見せると決めやすくなります。キッチンは毎日使うお母さんの意見を優先、と最初にルールを決めてしまうのも手です。"]),
    K(["兄の健太が費用を少し出すと言ってくれた。どう分けるのがいいかな",
       "兄は大阪在住で口だけ出してくる…"],
      ["金額の割合を先に決めて、支払い記録を共有の表にまとめておくと後で揉めません。",
       "遠方の兄弟には、決まったことを写真つきで短く報告する役割をお願いして、決定権はあなたとご両親に、と最初に伝えておくと楽になります。"]),
    K(["静岡市のリフォーム補助金って何か使えますか",
       "内窓を付けると補助金が出るって聞きました"],
      ["自治体によって、省エネ改修やバリアフリー改修、耐震などの補助があります。静岡市のホームページや工務店に、今年度の制度を確認してみてください。申請は着工前が条件のことが多いです。",
       "国の省エネ関連の補助で、内窓の設置が対象になる制度があります。予算がなくなり次第終了のことが多いので、早めに工務店に相談を。"]),
    K(["廊下とトイレの照明を人感センサーにしたい",
       "夜中にトイレに行くとき、母が暗くて怖いと言います"],
      ["人感センサー付きの照明は、スイッチを探さなくていいので高齢の方には特に便利です。工事のついでに交換してもらうと費用も抑えられます。",
       "足元灯や人感センサーライトを廊下とトイレに付けるのがおすすめです。寝室からトイレまでの動線を明るくするだけで、夜間の転倒リスクがかなり下がります。"]),
    K(["トイレも替えたほうがいいかな。今のは20年くらい前のもの",
       "温水洗浄便座だけ交換するのはアリ？"],
      ["20年前のものなら、節水性能がかなり上がっているので、一緒に替える価値はあります。今回の工事とまとめれば工事費も割安です。",
       "便器に問題がなければ、便座だけの交換も十分ありです。手すりを付けるなら位置関係も一緒に確認しておきましょう。"]),
    K(["壁紙の色、明るいほうがいいですか。両親は汚れが目立つのを気にしてます",
       "キッチンの床、クッションフロアでいい？"],
      ["少しだけグレーやベージュが入った明るめの色なら、汚れも目立ちにくく、部屋も明るく見えます。",
       "水や油に強く、掃除がしやすいので、キッチンならクッションフロアは実用的です。滑りにくいタイプを選ぶと安心です。"]),
    K(["吊戸棚が高すぎて母が使えていません",
       "キッチンの収納、高齢の親向けに工夫できることありますか"],
      ["昇降式の吊戸棚にするか、思い切って吊戸棚をなくして、腰から目線の高さに収納を集めるのがおすすめです。",
       "引き出し式の収納、よく使うものは腰の高さに、重いものは下、ということを意識するとかなり使いやすくなります。"]),
    K(["ショールームの予約、{W1}に取れました。見ておくべきポイントは？",
       "ショールームに両親を連れて行くとき、気をつけることは"],
      ["実際に浴槽をまたいでみる、キッチンの高さで作業のポーズをしてみる、扉の開け閉めの重さを確認する、などが大事です。メジャーと今の家の寸法メモを持っていきましょう。",
       "長時間だと疲れてしまうので、見るものを事前に絞っておくこと、休憩を挟むことですね。車椅子の貸し出しがあるか聞いておくのもいいと思います。"]),
    K(["古いタンスや食器棚の処分、どうすればいいですか",
       "粗大ごみに出すのと業者に頼むの、どっちが安い？"],
      ["自治体の粗大ごみ回収が一番安いことが多いですが、運び出しは自分でする必要があります。重いものが多いなら、片付け業者に見積もりを取って比べてみてください。",
       "自分で運び出せるなら粗大ごみが安いです。量が多い、運び出しが大変、という場合は業者のほうが結果的に楽で早いです。"]),
    K(["工事代金の支払いって、どういう流れが普通ですか",
       "着手金を3割って言われました。普通ですか"],
      ["契約時の着手金、工事途中の中間金、完成・引き渡し後の残金、の3回に分けるのが一般的です。",
       "金額規模によりますが、着手金3割程度はよくある範囲です。残金は完成検査のあとに払うよう契約書で確認しておきましょう。"]),
    K(["契約書で確認しておくべきことは？",
       "工事の保証ってどれくらいあるものですか"],
      ["工事内容と金額、工期、支払い条件、追加工事の扱い、保証内容、遅延したときの対応、を確認しましょう。",
       "工務店の保証は1〜10年と部位によって違います。メーカー保証とは別なので、それぞれ書面でもらっておくと安心です。"]),
    K(["東京から静岡まで週末ごとに通うの、新幹線代がバカにならない",
       "工事期間中、毎週立ち会ったほうがいい？"],
      ["回数券や早割、在来線との組み合わせで少し節約できます。全部立ち会わなくても、節目だけ行って、あとは写真で報告してもらう形でも十分です。",
       "着工時、解体後、設備の取り付け前、完成時の4回くらいで十分なことが多いです。ほかは担当の方に写真を送ってもらいましょう。"]),
    K(["工事中、職人さんにお茶出しって必要ですか。母が気にしてます",
       "職人さんへの差し入れ、何がいい？"],
      ["最近は不要という工務店も多いです。お母さんの負担にならない範囲で、ペットボトルのお茶を置いておくくらいで十分ですよ。",
       "個包装のお菓子やペットボトル飲料が喜ばれます。夏なら冷たい飲み物、冬なら温かい缶コーヒーなど。"]),
    K(["両親が工事中に体調を崩さないか心配です",
       "工事が始まったら、音やほこりで母が疲れてしまわないか心配"],
      ["工事の騒音や人の出入りは、高齢の方には意外と負担になります。こまめに電話をして、つらそうなら日中だけでも近所の親戚宅や施設で過ごせないか考えてみましょう。",
       "ほこりの出る工程の日は別の部屋で過ごしてもらう、空気清浄機を置く、などで少し楽になると思います。工務店にも養生を丁寧にしてもらうよう、事前に頼んでおきましょう。"]),
]

JA01 = {
    "id": "b13-ja-01", "lang": "ja", "n": 246, "start": "2026-01-19", "span": 42,
    "cur": "JPY", "date_style": "ja", "fx": ("ドル", "円", 145.0, 158.0),
    "budget_items": [("手すり", 20000, 60000), ("照明", 10000, 40000), ("カーテン", 15000, 50000), ("壁紙", 30000, 90000),
                     ("粗大ごみ", 3000, 12000), ("ご近所への挨拶の品", 3000, 8000), ("新幹線代", 10000, 30000)],
    "split_items": [("父の誕生日のお祝い", 20000, 40000), ("近所への挨拶の品", 3000, 8000), ("ショールームの帰りの食事", 8000, 15000)],
    "countdown_items": ["母の誕生日", "兄の帰省", "ショールーム見学", "父の通院"],
    "shop_items": [("空気清浄機", 20000, 50000), ("電気ケトル", 4000, 12000), ("シャワーチェア", 8000, 20000), ("カーテン", 10000, 30000)],
    "drive_places": [("東京から実家", 170, 185), ("実家から浜松のおじさんの家", 75, 90), ("実家から富士宮", 40, 55), ("実家から伊豆の温泉", 80, 100)],
    "dayrate": [("大工さん", 20000, 30000, "材料費"), ("片付け業者さん", 30000, 50000, "処分費"), ("クロス屋さん", 20000, 28000, "材料費")],
    "skip_tags": [],
    "forbid": ["大野", "北村", "段差", "TOTO"],
    "intro": [(
        "はじめまして。静岡の実家をリフォームすることになって、私が東京から窓口をやっています。父78歳、母74歳（膝が悪いです）。浴室とキッチン、あと手すりをいくつか。これから2か月くらい、いろいろ相談させてください。",
        "はじめまして、ぜひお手伝いさせてください。離れた場所からのリフォームは、担当者との連絡、見積もり、日程、ご両親の意見の取りまとめと、管理することが多いですよね。まず、今決まっていることと、まだ決まっていないことを整理しましょうか。")],
    "slots": [
        {"kind": "name", "fact": "contractor contact", "q": "工務店の担当って、今どなたでしたっけ？",
         "answers": ["北村"], "wrong": ["大野"]},
        {"kind": "number", "fact": "renovation quote", "q": "リフォームの見積もり、最終的にいくらでしたっけ？",
         "answers": ["312万"], "wrong": ["285万"]},
        {"kind": "date", "fact": "construction start", "q": "工事はいつから始まるんでしたっけ？",
         "answers": ["3月16日"]},
        {"kind": "decision", "fact": "bathroom maker", "q": "ユニットバスはどこのメーカーにしたんでしたっけ？",
         "answers": ["TOTO"]},
        {"kind": "reason", "fact": "floor heating dropped", "q": "床暖房をやめた理由って何でしたっけ？",
         "answers": ["段差"]},
    ],
    "events": [
        {"at": 0.07, "ex": [(
            "工務店は地元のやまぶき工務店に決めました。担当は大野さんという方で、50代くらい、話しやすくて母も安心していました。",
            "大野さんが窓口なんですね。お母さんが安心できる方なのは大きいです。今後の連絡方法（電話かメールか、どなた宛てか）を最初に決めておくと、東京からでも話が早くなります。")]},
        {"at": 0.20, "ex": [(
            "見積もりが来ました。浴室とキッチンと手すりで、全部で285万円（税込）。思ったより高い…",
            "285万円、内訳を見てみたいですね。浴室・キッチン・手すりそれぞれの金額と、解体費や諸経費の割合を確認すると、削れるところと削れないところが見えてきます。")]},
        {"at": 0.30, "ex": [(
            "着工日が決まりました！3月16日からです。工期はだいたい3週間の予定。",
            "3月16日着工ですね。浴室が使えない期間と、キッチンが使えない期間がそれぞれいつになるか、工程表をもらっておくとご両親の生活の段取りが立てやすいです。")]},
        {"at": 0.39, "ex": [(
            "ユニットバスはTOTOにしました。LIXILとかなり迷ったけど、床がやわらかくて冬でも冷たくないのが母の決め手でした。",
            "お母さんが実際に触って決めたのなら一番ですね。TOTOなら手すりの取り付け位置も、ショールームで高さを合わせて決めておくと安心です。")]},
        {"at": 0.47, "ex": [(
            "床暖房は見送ることにしました。床を上げると廊下との間に段差ができて、膝の悪い母がつまずきそうなので。",
            "それは大事な判断だと思います。段差はわずかでも転倒の原因になりやすいので、安全を優先するのが正解です。寒さ対策は浴室暖房や脱衣所の暖房でカバーしましょう。")]},
        {"at": 0.56, "ex": [(
            "やまぶき工務店から電話があって、大野さんが浜松の支店に異動になったそうです。これからは北村さんという若い方が担当とのこと。来週、北村さんが実家に挨拶に来てくれます。",
            "担当が北村さんに変わるんですね。引き継ぎで話が抜けないよう、これまでに決めたこと（ユニットバス、手すりの位置、工程）を一度メールで北村さんに送っておくと安心です。")]},
        {"at": 0.66, "ex": [(
            "床下を見てもらったら給水管がかなり傷んでいて、全部交換することになりました。見積もりを出し直してもらったら312万円に。痛いけど仕方ない…",
            "配管は後から直すと床をはがすことになるので、今まとめて替えるのは正しい判断だと思います。増額分の内訳（配管工事と材料）だけは書面でもらっておきましょう。")]},
    ],
    "kits": JA01_KITS,
}


# ======================================================================================
# b13-ja-02: シンガポール赴任に伴う家族の引っ越し
# ======================================================================================
JA02_KITS = [
    K(["夫はEP、私と蓮はDPになるそうです。DPって何ができて何ができないんですか",
       "DPで現地で働くことはできますか"],
      ["DP（Dependant's Pass）はEP保持者の家族向けの滞在許可です。滞在や子どもの就学はできますが、就労には条件があり、別途の許可が必要になる場合があります。最新のルールは会社の人事やMOMのサイトで確認してください。",
       "DPのまま自動的に働けるわけではなく、雇用主側がビザを申請する必要があるなど条件があります。ルールは変わることがあるので、具体的に考えるときに確認しましょう。"]),
    K(["コンドとHDB、何が違うんですか",
       "コンドのプールやジムって、家賃に含まれてる？"],
      ["HDBは公営住宅、コンドは民間のマンションで、プールやジム、警備などの共用施設があります。駐在家庭はコンドを選ぶことが多いです。",
       "多くの場合、共用施設の利用は家賃に含まれています。BBQピットやテニスコートは予約制のこともあります。"]),
    K(["柴犬はHDBだと飼えないって本当ですか",
       "コンドでペット可の物件って多いですか"],
      ["HDBでは飼える犬種が小型犬に限られていて、柴犬はその一覧に入っていないはずです。なので犬と暮らすなら、ペット可のコンドが現実的な選択肢になります。",
       "コンドは管理規約で決まっていて、物件ごとにまちまちです。物件探しの最初の条件として「犬可（中型犬）」を伝えておくと効率的です。"]),
    K(["こむぎをシンガポールに連れて行く手続き、どれくらい前から準備が必要？",
       "日本から犬を連れて行くと検疫は長いですか"],
      ["輸入許可の申請、マイクロチップ、狂犬病ワクチン、健康証明書など、数か月単位の準備が必要です。日本の動物検疫所とシンガポールのAVSの両方の条件を早めに確認しましょう。",
       "日本は狂犬病清浄国なので、条件を満たせば係留期間が短い、または不要な場合が多いです。ただ条件は変わることがあるので、最新情報を必ず確認してください。"]),
    K(["犬の飛行機って貨物室ですよね。こむぎが心配で",
       "ペット輸送の業者さんに頼んだほうがいい？"],
      ["中型犬は貨物室になることがほとんどです。直行便を選ぶ、慣れたクレートで練習しておく、暑い時間帯を避ける、といった工夫で負担を減らせます。",
       "書類や航空会社とのやりとりが複雑なので、初めてなら業者に頼むと安心です。費用はかかりますが、手続き漏れのリスクを考えると価値があります。"]),
    K(["日本の家電は持って行けますか",
       "炊飯器だけは日本のを持っていきたい"],
      ["シンガポールは230V・BF型プラグなので、日本の100V家電は変圧器が必要です。ドライヤーなど消費電力が大きいものは現地で買ったほうが無難です。",
       "炊飯器は変圧器を使って日本のものを使っている方も多いです。消費電力に合った容量の変圧器を選んでください。現地でも日本メーカーの海外仕様が買えます。"]),
    K(["荷物、船便と航空便どう分ける？",
       "船便ってどれくらいで届きますか"],
      ["すぐ必要な衣類や学用品は航空便かスーツケース、家具や季節外のものは船便、が基本です。",
       "シンガポールまでならおおむね1か月前後が目安ですが、通関や時期によって変わります。届くまでの生活用品は手荷物と航空便で確保しておきましょう。"]),
    K(["蓮の英語が心配です。今からできることは？",
       "英語の家庭教師、オンラインでいいですか"],
      ["毎日少しでも英語に触れる習慣をつけるのが一番です。好きなアニメを英語で見る、簡単な英語の本を一緒に読む、など。",
       "オンラインで十分効果があります。発音や会話に慣れるのが目的なら、週2回くらいでも違いますよ。"]),
    K(["海外転出届って、いつ出せばいいんですか",
       "住民票を抜くと何が変わりますか"],
      ["出国予定日の14日前くらいから届け出できることが多いです。市区町村の窓口で確認してください。",
       "住民税の扱い、国民年金、国民健康保険、マイナンバーカードの扱いなどが変わります。手続きの一覧を作っておくと漏れがありません。"]),
    K(["向こうで病院にかかるとき、日本語が通じるところありますか",
       "海外旅行保険と会社の保険、どっちを使うの？"],
      ["シンガポールには日本人医師や日本語スタッフのいるクリニックがいくつもあります。赴任前に会社の担当者に、提携しているクリニックを聞いておくと安心です。",
       "駐在の場合、会社が加入している海外医療保険でカバーされることが多いです。家族も対象か、キャッシュレス対応の病院はどこか、確認しておきましょう。"]),
    K(["現地の銀行口座、どこで作るのがいい？",
       "日本の口座はそのままでいい？"],
      ["DBSやOCBCなどの大手が一般的です。夫の会社から指定があるかもしれないので確認してみてください。",
       "残しておく方がほとんどです。ただ、非居住者になると使えなくなるサービスもあるので、各銀行に確認してください。"]),
    K(["携帯はSingtel、StarHub、M1どれがいい？",
       "日本の携帯番号はどうしよう"],
      ["どれも都市部のエリアは問題ありません。家のインターネットとセットの料金で選ぶ方が多いです。",
       "SMS認証が必要なサービスのために、格安プランで番号を残しておく方が多いです。"]),
    K(["シンガポールの気候、服は何を持って行けばいい？",
       "雨季っていつですか"],
      ["一年中夏なので、夏服がメインです。ただ室内は冷房が強いので、カーディガンなど羽織るものは必須です。",
       "11月〜1月ごろが比較的雨の多い時期と言われますが、一年を通してスコールはよくあります。折りたたみ傘は常に持ち歩くのがおすすめです。"]),
    K(["ホーカーセンターって、子どもと行っても大丈夫ですか",
       "外食の値段ってどれくらい？"],
      ["大丈夫です。屋台が集まったフードコートのような場所で、家族連れも多いです。辛くないチキンライスなどから試してみてください。",
       "ホーカーなら一食数ドル、ショッピングモールのレストランだと日本と同じかそれ以上、と幅があります。"]),
    K(["シンガポールの治安はどうですか",
       "子どもが一人で通学しても大丈夫かな"],
      ["世界的に見ても治安はとても良いほうです。ただ、スリや置き引きなど基本的な注意は日本と同じように必要です。",
       "スクールバスを使う家庭が多いです。慣れてきたら近場は一人で、という家庭もありますが、最初は一緒に移動しましょう。"]),
    K(["車は買ったほうがいい？",
       "COEってなんですか。車がすごく高いって聞きました"],
      ["MRTやバス、タクシーが便利なので、車なしで生活する駐在家庭も多いです。",
       "COEは車を所有する権利のようなもので、これがとても高いため、車の総額が日本の何倍にもなります。"]),
    K(["MRTの乗り方、交通系カードは？",
       "タクシーアプリは何を使えばいい？"],
      ["交通系カードのほか、手持ちのクレジットカードのタッチ決済で乗れる仕組みもあります。",
       "Grabが一般的です。日本で登録しておいて、現地でカードを紐づければすぐ使えます。"]),
    K(["住み込みのヘルパーさんを雇う家庭が多いって本当？",
       "ヘルパーさんを雇うときの注意点は"],
      ["共働き家庭を中心に多いです。必須ではないので、家族の生活スタイルに合わせて考えれば大丈夫です。",
       "雇用主としての手続きや保険、住環境の確保など責任が伴います。最初はパートタイムのお掃除サービスから始める家庭もあります。"]),
    K(["日本の家は貸しますか、空き家にしますか。迷ってる",
       "留守宅管理サービスってどうですか"],
      ["数年で戻る予定なら、空き家管理サービスで維持する方も多いです。貸すなら、帰国時期に合わせて定期借家契約にするのが一般的です。",
       "月に一度の換気や通水、郵便物の確認などをしてくれます。空き家は傷みやすいので、誰かが定期的に入るだけでもだいぶ違います。"]),
    K(["日本宛ての郵便物はどうなるの？",
       "日本の住所がなくなると困ることは？"],
      ["郵便局の転送サービスで、実家などに転送する方法が一般的です。転送期間は1年なので更新を忘れずに。",
       "ネットショッピングの配送先、銀行や証券の住所登録などで困ることがあります。実家の住所を連絡先にしておく方が多いです。"]),
    K(["住民税って出国後も払うの？",
       "夫の給料は日本払いと現地払いどっち？"],
      ["住民税は1月1日時点で住んでいた自治体に、前年の所得分を払う仕組みです。年の途中で出国しても、その年の分は払う必要があります。",
       "会社の規定によります。日本払いと現地払いの組み合わせの会社も多いので、人事の吉川さんに確認しておきましょう。"]),
    K(["送別会が続いて疲れました",
       "ママ友にお礼の品を渡したい。何がいい？"],
      ["お疲れさまです。全部に出なくても大丈夫です。まとめて一度お茶会にするなど、負担を減らす工夫もありですよ。",
       "気を遣わせない小さなお菓子やハンカチなどがおすすめです。「落ち着いたら写真送るね」と一言添えると喜ばれます。"]),
    K(["蓮が「行きたくない」と泣きました",
       "子どもの不安って、どうやって和らげてあげればいい？"],
      ["泣けるのは気持ちを出せている証拠です。まずは「寂しいよね」と受け止めてあげてください。そのうえで、向こうで楽しみなことを一緒に探してみましょう。",
       "行く前に写真や動画で新しい家や街を見せる、友だちとオンラインでつながる約束をする、など具体的なイメージがあると安心しやすいです。"]),
    K(["日本の勉強を続けるには、通信教育がいい？",
       "補習校ってどういうところですか"],
      ["国語や漢字を維持するなら、通信教育はよく使われています。帰国予定がある場合は特に。",
       "現地校やインターに通う子が、週末に日本語で国語などを学ぶ学校です。日本の学習を続けたい家庭が利用しています。"]),
    K(["日本食材、現地で手に入りますか",
       "持っていくべき日本のものリストを作りたい"],
      ["日系スーパーや大型店で、ほとんどのものが手に入ります。値段は日本より高めです。",
       "常備薬、子どもの好きなお菓子、日本の文房具、こだわりの調味料、くらいで十分です。ほとんどのものは現地で買えます。"]),
    K(["常備薬はどれくらい持っていけばいい？",
       "処方薬は持ち込めますか"],
      ["最初の数か月分あれば、その間に現地の薬局やクリニックに慣れることができます。",
       "量や種類によっては許可が必要な場合があります。英文の処方箋や診断書を用意しておくと安心です。"]),
    K(["日本の運転免許は向こうで使えますか",
       "国際免許は取っていったほうがいい？"],
      ["一定期間は国際運転免許証で運転できますが、長く住む場合は現地の免許への切り替えが必要になります。条件は事前に確認しておきましょう。",
       "車を運転する予定が少しでもあれば、取っておくと安心です。取得は免許センターや警察署ですぐできます。"]),
    K(["会社の赴任手当って何が含まれるんでしょう",
       "人事の吉川さんに聞いておくべきことリストがほしい"],
      ["会社によりますが、家賃補助、引っ越し費用、学費補助、一時帰国費用などが一般的です。",
       "住宅手当の上限、学費補助の範囲、引っ越しの費用負担、一時帰国の回数、医療保険、家族の帯同ビザの手続き、あたりを確認しておきましょう。"]),
    K(["不用品がたくさん。処分と売却どっちがいい？",
       "フリマアプリで売るの、もう疲れました"],
      ["時間があれば売却、なければ買取業者にまとめて出すのが現実的です。",
       "残り期間が短いなら、まとめて買取業者に出すか、寄付する方法もありますよ。"]),
    K(["夫は7月に先に行きます。私一人で準備できるか不安です",
       "夫が先に行ってしまうと、どんな手続きが困る？"],
      ["やることリストを週ごとに分けて、夫に頼むべきこと（書類のサインなど）は出発前に済ませておきましょう。",
       "夫名義の契約の解約や、委任状が必要な手続きです。出発前に委任状を何枚か書いておいてもらうと安心です。"]),
    K(["私の英語がひどいんです。生活できるかな",
       "英会話、今から間に合う？"],
      ["シンガポールは英語が公用語ですが、日本人向けのサービスも多いので、最初から完璧でなくても生活はできます。",
       "簡単な表現を覚えるだけでもずいぶん違います。よく使う場面（スーパー、タクシー、学校）に絞って練習しましょう。"]),
    K(["日本との時差はどれくらい？",
       "日本の両親とビデオ通話するなら何時がいい？"],
      ["シンガポールは日本より1時間遅れています。日本が夜8時なら、シンガポールは夜7時です。",
       "時差が1時間なので、夕食後の時間帯がお互いに都合がいいことが多いです。"]),
    K(["物件をオンラインで内見するコツは？",
       "内見でチェックすべきことは何ですか"],
      ["窓からの眺めや日当たり、水回りの状態、エアコンの数や年式、騒音などを動画で細かく見せてもらいましょう。",
       "水回りのカビ、エアコンの効き、周辺の工事、共用施設の状態、ペット規約、駅やスクールバス乗り場までの距離などです。"]),
    K(["蓮に水泳を続けさせたい。現地でスクールありますか",
       "子どもの習い事、何が人気ですか"],
      ["コンドのプールでのレッスンや、スイミングクラブがたくさんあります。",
       "水泳、サッカー、ピアノ、プログラミングなどが人気です。英語の環境に慣れる意味でもスポーツはおすすめです。"]),
    K(["日本の友だちへのお土産、シンガポールで何が喜ばれる？",
       "一時帰国のとき何を持って帰るのが定番？"],
      ["カヤジャム、ラクサのペースト、紅茶のTWGなどが定番です。",
       "カヤジャムやお菓子、紅茶などが喜ばれるようです。"]),
    K(["エアコンの電気代が高いって聞きました",
       "家のエアコン、何台あれば足りますか"],
      ["一年中冷房を使うので、日本より電気代がかさみます。寝るときの設定温度を少し上げるだけでも違います。",
       "多くのコンドでは各部屋に付いています。内見のときに台数と年式を確認しておくといいですよ。"]),
    K(["さくら引越センターの上田さんから、荷造りの資材が{W1}に届くと連絡がありました",
       "荷造りのコツを教えてください。どこから始めればいい？"],
      ["資材が届いたら、使わない季節のものや本から詰め始めるのがおすすめです。箱には中身と「船便・航空便・日本に残す」を必ず書いておきましょう。",
       "普段使わない部屋やものから始めて、毎日少しずつ。「船便」「航空便」「手荷物」「処分」の4色のシールで分けると、当日かなり楽になります。"]),
    K(["日本で解約する契約、何がありましたっけ",
       "電気・ガス・水道の解約はいつ連絡すればいい？"],
      ["電気・ガス・水道、インターネット、携帯、新聞、各種サブスク、習い事、保険、クレジットカードの住所変更などです。一覧にしてチェックしていきましょう。",
       "引っ越しの1〜2週間前に連絡するのが一般的です。ガスは閉栓の立ち会いが必要な場合があるので、日時を調整しましょう。"]),
    K(["夫から現地のスーパーの写真が届きました。物価、高くないですか…",
       "シンガポールの生活費、東京と比べてどうですか"],
      ["輸入品や日本の食材は高めですが、ローカルの野菜や果物、ホーカーでの外食は比較的手頃です。最初の1〜2か月は家計簿をつけて、自分たちの相場をつかむのがおすすめです。",
       "家賃と車、お酒は東京よりかなり高く、外食はホーカーなら安い、というのがよく言われる傾向です。家族の生活スタイル次第で大きく変わります。"]),
    K(["学校の制服や教材って、いつ頃そろえればいいんでしょう",
       "新しい学校の準備物、日本で買っておいたほうがいいものは"],
      ["入学が決まった学校から案内が来るのを待ってからで大丈夫です。現地でしか買えないものも多いので、慌てなくていいですよ。",
       "上履きや文房具の一部、日本語の辞書や本は日本で買っておくと便利です。制服や指定品は現地で揃えることがほとんどです。"]),
    K(["義母がすごく寂しがっていて、毎日電話が来ます",
       "両家の親への報告、どれくらいの頻度がいい？"],
      ["お孫さんと離れるのはつらいですよね。出発前に「毎週日曜にビデオ通話」など決まった約束をしておくと、お義母さんも安心できると思います。",
       "決まった曜日にビデオ通話、写真は共有アルバムで、という形にすると負担が少なく続けやすいです。"]),
    K(["こむぎの狂犬病ワクチン、2回目が{D1}です。間に合うかな",
       "犬の書類、チェックリストにしてほしい"],
      ["輸出入の条件では、ワクチンの接種日と出国日の間隔にルールがあることが多いです。動物検疫所に、今のスケジュールで条件を満たせるか確認しておきましょう。",
       "マイクロチップの装着証明、狂犬病ワクチンの接種証明、輸入許可、動物検疫所での輸出検査の予約、航空会社への予約、健康証明書、です。日付順に並べて管理しましょう。"]),
    K(["夫が新居の鍵を受け取りました。入居時に確認することは？",
       "入居時の傷の確認、どうやって記録すればいい？"],
      ["壁や床の傷、エアコンや給湯器の動作、水漏れ、網戸、家具の状態などを写真に撮って、エージェント経由で大家さんに共有しておくと、退去時のトラブルを防げます。",
       "日付がわかる形で写真と動画を撮り、一覧にしてメールで送っておくのが確実です。小さな傷も遠慮せず記録しておきましょう。"]),
    K(["家具付きの物件じゃないので、家具をそろえないといけません",
       "家具はIKEAとローカルの家具屋、どっちがいい？"],
      ["最初はベッド、ダイニングテーブル、ソファなど最低限だけにして、住みながら少しずつ揃えるのがおすすめです。",
       "すぐ必要なものはIKEAが便利です。数年住むなら、ローカルの家具屋やオンラインのセールも見てみる価値があります。"]),
    K(["日本の車、売るタイミングはいつがいい？",
       "車の買取、一括査定って使ったほうがいい？"],
      ["出国の直前まで使いたいなら、引き渡し日を指定できる買取業者に頼むのが便利です。",
       "相場がわかるので使う価値はありますが、電話がたくさんかかってくるので、連絡方法を指定できるサービスを選ぶと楽です。"]),
    K(["8月9日がシンガポールのナショナルデーって聞きました",
       "シンガポールの祝日って多い？"],
      ["はい、独立記念日で、花火やパレードがあってとても盛り上がります。",
       "年に10日ほどで、中国正月やハリラヤ、ディパバリなど、民族ごとの祝日があるのが特徴です。"]),
    K(["蓮の歯医者と眼科、日本で済ませておいたほうがいい？",
       "出国前に受けておくべき健診は？"],
      ["はい、治療中の歯があれば出発前に終わらせておくと安心です。視力検査も受けて、メガネの予備を作っておくといいですよ。",
       "歯科と眼科のほか、予防接種の記録を英語で用意しておくと、学校の提出書類に使えます。"]),
    K(["マイナンバーカードは海外に行くとどうなるの？",
       "住民票を抜いても使える日本の行政サービスは"],
      ["最近は国外に転出してもカードを継続して使える仕組みができています。手続きの方法は、転出届を出すときに市区町村で確認してください。",
       "在外公館での証明書の発行や、オンラインでの一部の手続きなどです。具体的には転出前に市区町村や外務省の案内を確認しておきましょう。"]),
    K(["夫が忙しくて、ほとんど話せていません",
       "離れている間の夫婦の連絡、どうしてる人が多い？"],
      ["赴任直後は本当に忙しい時期ですよね。毎日短いメッセージだけでも、決まった時間にやりとりする習慣があると安心できます。",
       "寝る前に5分だけ通話、写真を1枚送る、など小さな習慣を決めている方が多いです。"]),
    K(["向こうは湿気がすごいって聞きました。洗濯物は？",
       "カビ対策はどうすればいい？"],
      ["室内干しと除湿機、または乾燥機を使う家庭が多いです。",
       "除湿機、クローゼットの除湿剤、こまめな換気が基本です。革製品や布団は特にカビやすいので気をつけてください。"]),

]

JA02 = {
    "id": "b13-ja-02", "lang": "ja", "n": 384, "start": "2026-06-15", "span": 56,
    "cur": "JPY", "cur2": "SGD", "date_style": "ja", "fx": ("シンガポールドル", "円", 108.0, 118.0),
    "budget_items": [("スーツケース", 15000, 40000), ("犬のクレート", 10000, 25000), ("予防接種", 5000, 15000), ("国際免許", 2000, 3000),
                     ("変圧器", 5000, 15000), ("制服", 10000, 30000), ("送別会の会費", 5000, 10000), ("荷造り資材", 3000, 8000)],
    "split_items": [("ママ友との送別ランチ", 12000, 25000), ("義母へのお礼", 10000, 30000), ("夫の送別会のプレゼント", 15000, 40000)],
    "countdown_items": ["蓮の誕生日", "結婚記念日", "義母の誕生日", "夫の一時帰国"],
    "shop_items": [("スーツケース", 20000, 50000), ("変圧器", 6000, 15000), ("犬用クレート", 12000, 25000), ("ノートパソコン", 80000, 150000)],
    "drive_places": [("成田空港", 60, 80), ("義母の家", 90, 120), ("羽田の動物検疫所", 20, 35), ("軽井沢", 150, 170)],
    "dayrate": [("ハウスクリーニング", 20000, 40000, "オプション料金"), ("不用品回収業者", 30000, 60000, "処分費"), ("ペットシッター", 4000, 8000, "交通費")],
    "skip_tags": ["reno"],
    "forbid": ["レイチェル", "リム", "日本人学校", "オーチャード", "ペット不可", "駅から遠い"],
    "intro": [(
        "はじめまして。夫のシンガポール赴任が決まって、夏に家族で引っ越します。夫、私、小5の息子の蓮、それに柴犬のこむぎ。夫は7月に先に行くので、準備はほぼ私…。この2か月、ここで相談させてください。",
        "はじめまして。赴任に伴う引っ越しは、ビザ、住まい、学校、犬の輸送、荷物、日本側の手続きと、やることが本当にたくさんありますね。決まったことや日程をここで一緒に整理していきましょう。まず何から手をつけますか？")],
    "slots": [
        {"kind": "name", "fact": "real estate agent", "q": "シンガポールの不動産エージェントの名前、何でしたっけ？",
         "answers": ["レイチェル", "リム"]},
        {"kind": "number", "fact": "monthly rent", "q": "新しい家の家賃って月いくらでしたっけ？",
         "answers": ["4,800"]},
        {"kind": "date", "fact": "moving-out day", "q": "引っ越しの搬出日、いつになったんでしたっけ？",
         "answers": ["8月31日"], "wrong": ["8月24日"]},
        {"kind": "decision", "fact": "school for Ren", "q": "蓮の学校は結局どこにしたんでしたっけ？",
         "answers": ["オーチャード"], "wrong": ["日本人学校"]},
        {"kind": "reason", "fact": "company housing declined", "q": "会社の社宅を断った本当の理由って何でしたっけ？",
         "answers": ["ペット不可"], "wrong": ["駅から遠い"]},
    ],
    "events": [
        {"at": 0.08, "ex": [(
            "現地の不動産エージェントが決まりました。レイチェル・リムさんという方で、日本人家族の担当が多いそうです。来週オンラインで物件を見せてもらいます。",
            "日本人家族に慣れたエージェントだと、学校やスクールバスの事情にも詳しいので心強いですね。レイチェルさんには、予算、希望エリア、犬と暮らせることを最初にまとめて伝えておきましょう。")]},
        {"at": 0.14, "ex": [(
            "そういえば、会社が用意してくれる社宅は断りました。駅から遠いので。",
            "駅から遠いと、毎日の通勤や買い物が大変ですもんね。自分たちで探す場合は、会社の住宅手当の上限と、契約の名義（会社か個人か）を人事に確認しておきましょう。")]},
        {"at": 0.22, "ex": [(
            "家決まりました！ノベナのコンドで3LDK、家賃は月4,800シンガポールドル。会社の上限ぴったりです。犬もOKの物件。",
            "おめでとうございます！4,800ドルで犬可の3LDKなら良い条件だと思います。契約前に、修繕費の負担区分、エアコンのメンテナンス、退去時の条件を確認しておきましょう。")]},
        {"at": 0.30, "ex": [(
            "蓮の学校は日本人学校（クレメンティ校）にしようと思っています。授業が日本語なので勉強が遅れないし、帰国後も安心なので。",
            "日本人学校なら、日本のカリキュラムのまま学べるので帰国後の心配が少ないですね。スクールバスのルートが新居から出ているかも確認しておきましょう。")]},
        {"at": 0.37, "ex": [(
            "引っ越し業者さん（さくら引越センター）の見積もりが終わって、搬出日は8月24日に決まりました。",
            "8月24日搬出ですね。そこから逆算して、船便に入れるものの仕分け、犬の書類、日本側の解約手続きのスケジュールを組んでいきましょう。")]},
        {"at": 0.50, "ex": [(
            "夫に改めて聞いたら、社宅を断ったのは駅から遠いからじゃなくて、ペット不可だったからだそうです。こむぎを連れて行けないなら意味がないって。私の勘違いでした。",
            "なるほど、それなら断って正解でしたね。ペット不可だと、こむぎを日本に残すしかなくなってしまいますから。新居が犬OKで本当によかったです。")]},
        {"at": 0.62, "ex": [(
            "オーチャード・インターナショナルのオンライン体験授業を蓮が受けてみたら、すっかり気に入ってしまって…。願書を出して、入学金も振り込みました。英語は大変だけど、本人がやる気なので。",
            "本人がやる気になっているのが何よりですね！オーチャード・インターナショナルなら、最初はESL（英語サポート）のクラスがあるか確認しておくと安心です。日本語の維持は通信教育や補習校でカバーできます。")]},
        {"at": 0.72, "ex": [(
            "業者さんと最終の打ち合わせをしました。搬出は8月31日の朝9時から、トラック2台で来てくれるそうです。その日の夜はホテル泊。",
            "いよいよですね。8月31日の朝9時に間に合うよう、前日までに手荷物と船便・航空便の仕分けを終わらせておきましょう。ホテルにこむぎを連れて泊まれるかも確認が必要です。")]},
    ],
    "kits": JA02_KITS,
}


# ======================================================================================
# b13-ja-03: 父の古希祝い（食事会と記念写真）
# ======================================================================================
JA03_KITS = [
    K(["古希のお祝いの色って紫でしたっけ",
       "古希って数えで70？満で70？"],
      ["はい、古希は紫がテーマカラーとされています。紫のちゃんちゃんこは少し照れくさいという方も多いので、紫の小物や花束で取り入れるのも素敵です。",
       "もともとは数え年で祝うものですが、最近は満年齢の70歳で祝う家庭が多いです。ご家族が集まりやすいタイミングで大丈夫ですよ。"]),
    K(["父へのプレゼント、兄弟3人でお金を出し合う予定。何がいいかな",
       "名入れの記念品ってどうですか"],
      ["お酒好きなら名入れの酒器、旅行好きなら夫婦で行ける温泉旅行、写真好きならフォトブックなどが人気です。",
       "名前と「古希」「日付」を入れたグラスやお箸、時計などは記念に残って喜ばれます。作るのに2〜3週間かかることもあるので早めに注文しましょう。"]),
    K(["親戚への連絡、電話とLINEどっちがいい？",
       "招待の連絡に書いておくべきことは？"],
      ["年配の方には電話で直接伝えて、詳細はあとで紙かLINEで送るのが丁寧です。若い世代はLINEで十分です。",
       "日時、場所（地図）、会費の有無、服装、出欠の返事の期限、子どもの参加の有無、連絡先。これだけ書いておけば大丈夫です。"]),
    K(["席次はどう決めればいい？",
       "父と叔父が少し仲が悪いんです…"],
      ["主役のご両親を中心に、年長の親戚を近く、子どもたちは出入りしやすい端の席にするのが一般的です。",
       "少し離れた席にして、それぞれ話しやすい人の隣にしておけば大丈夫です。わざわざ触れる必要はありません。"]),
    K(["料理は父の好物を入れてもらいたい。お店に頼んでもいいのかな",
       "母は生ものが苦手。コース料理で対応してもらえる？"],
      ["多くのお店は相談に乗ってくれます。予約の時点で「父の古希のお祝いで、〇〇が好物なので」と伝えてみてください。",
       "事前に伝えれば、ほとんどのお店で代わりの料理にしてもらえます。人数と一緒に、苦手なものやアレルギーをまとめて伝えましょう。"]),
    K(["子ども用のメニューはどうしよう。甥っ子たちは5歳と8歳",
       "小さい子が飽きないようにするには"],
      ["お子様向けのメニューがあるか、なければ量を減らして取り分けにしてもらえるか聞いてみましょう。",
       "塗り絵やシール帳を用意しておくと静かに過ごせます。写真撮影のときだけ呼ぶ、くらいの気持ちで大丈夫です。"]),
    K(["乾杯の挨拶、弟に頼みたいけど嫌がりそう",
       "乾杯の挨拶の例文ありますか。短めで"],
      ["「一言だけでいいから」とハードルを下げて頼むと引き受けてもらいやすいです。文面をこちらで用意してあげるのも手です。",
       "「父さん、古希おめでとう。これからも元気で、母さんと仲良く過ごしてください。それでは、乾杯！」くらいの短さで十分です。"]),
    K(["花束は何色がいい？",
       "花束はいつ渡すのがいいかな"],
      ["古希なので紫を入れると意味が伝わります。紫と白、紫と黄色の組み合わせは華やかで上品です。",
       "食事の最後、デザートのタイミングで、孫から渡してもらうと場が和みます。写真映えもしますよ。"]),
    K(["サプライズで父への手紙を読みたい",
       "昔の写真でスライドショーを作りたい。何枚くらい？"],
      ["手紙は2〜3分で読める長さがちょうどいいです。子どもの頃の思い出を一つと、感謝の言葉、これからの願いを入れると伝わります。",
       "1枚5秒くらいで、5分なら60枚ほどです。父の子ども時代から今までを時系列で並べると、みんな楽しめます。"]),
    K(["会場までの移動、タクシーでいいかな",
       "叔母夫婦が遠方から来ます。宿はどうしよう"],
      ["ご両親にはタクシーを手配しておくと安心です。帰りの分も予約しておくと、お酒を飲んでも大丈夫です。",
       "会場の近くのホテルを何件か調べて候補を送ってあげると喜ばれます。実家に泊まってもらうのもありですね。"]),
    K(["費用の分担、兄弟でどうする？",
       "会費制にするか、子ども側で全部持つか迷ってます"],
      ["人数割りか、収入や家族の人数に応じた割合か、最初に決めておくと後が楽です。共有の表で管理するのもおすすめです。",
       "親の古希なら子ども側で持つ家庭が多いですが、親戚が多い場合は一部会費制にすることもあります。"]),
    K(["服装はどうすればいい？",
       "父に紫のちゃんちゃんこ着せたら怒るかな"],
      ["料亭ならきれいめの普段着で十分です。案内に「平服で」と書いておくと、みんな迷いません。",
       "嫌がる方も多いので、紫のストールやネクタイなど、さりげないものにするのも手です。写真のときだけ羽織ってもらう、という方法もあります。"]),
    K(["記念写真のあと、アルバムにしたい",
       "写真データの共有、何を使えばいい？"],
      ["撮影から数週間でフォトブックにできるサービスがたくさんあります。写真を選ぶ担当を決めておくとスムーズです。",
       "共有アルバムのアプリやクラウドのフォルダが便利です。年配の親戚には、後でプリントして郵送してあげると喜ばれます。"]),
    K(["二次会ってやるもの？",
       "食事会のあと、実家でお茶でもする？"],
      ["必須ではありません。ご両親の体力を考えると、食事会だけで十分なことも多いです。",
       "近くに住んでいる家族だけで、実家で軽くお茶をするのは良いと思います。ご両親が疲れていないかだけ気にしてあげてください。"]),
    K(["母がお祝いのことで妙に張り切ってて、段取りに口を出してきます",
       "弟がぜんぜん手伝ってくれない"],
      ["お母さんに担当を一つお願いしてみては。たとえば親戚への連絡だけ任せると、ほかに口を出す余裕がなくなるかもしれません。",
       "「手伝って」ではなく「〇日までにタクシーの予約をお願い」と具体的に頼むと動いてもらいやすいです。"]),
    K(["当日のタイムスケジュールを作りたい",
       "食事会って何時間くらいが普通？"],
      ["受付と乾杯、食事、スライドショーや手紙、記念品贈呈、記念写真、お開き、の順番が一般的です。",
       "2〜3時間が目安です。高齢の方も多いので、長くなりすぎないほうが喜ばれます。"]),
]

JA03 = {
    "id": "b13-ja-03", "lang": "ja", "n": 170, "start": "2026-08-03", "span": 28,
    "cur": "JPY", "date_style": "ja", "fx": ("ドル", "円", 145.0, 158.0),
    "budget_items": [("花束", 5000, 15000), ("記念品", 20000, 50000), ("フォトブック", 5000, 12000), ("タクシー代", 4000, 10000),
                     ("子どもの塗り絵セット", 1000, 3000), ("招待状の印刷", 2000, 5000), ("手土産", 3000, 8000)],
    "split_items": [("父へのプレゼント", 30000, 60000), ("花束", 5000, 15000), ("叔母夫婦のホテル代", 15000, 30000)],
    "countdown_items": ["母の誕生日", "弟の引っ越し", "甥の運動会", "お盆休み"],
    "shop_items": [("名入れグラス", 5000, 12000), ("ワンピース", 8000, 20000), ("紫のストール", 3000, 9000), ("フォトフレーム", 2000, 6000)],
    "drive_places": [("実家", 40, 60), ("叔母の家", 90, 120), ("温泉旅館", 100, 150), ("父の故郷", 180, 220)],
    "dayrate": [("ヘアメイクさん", 10000, 20000, "出張費", 1), ("運転代行", 8000, 15000, "深夜料金", 1), ("ベビーシッター", 8000, 15000, "交通費", 2)],
    "skip_tags": ["reno"],
    "forbid": ["坂本", "三浦", "翠光亭", "船"],
    "intro": [(
        "こんにちは。父が9月で70歳、古希なので、家族で食事会と記念写真をやろうと計画中です。母と、弟の拓也、妹の彩と分担していますが、まとめ役は私。いろいろ相談させてください。",
        "古希のお祝い、素敵ですね。日程、会場、人数、料理、記念写真、プレゼント、当日の流れ、と決めることを一緒に整理しましょう。まず、もう決まっていることはありますか？")],
    "slots": [
        {"kind": "name", "fact": "photographer", "q": "記念写真のカメラマンって、結局どなたにお願いしたんでしたっけ？",
         "answers": ["三浦"], "wrong": ["坂本"]},
        {"kind": "number", "fact": "number of guests", "q": "食事会の人数、今何人になってる？",
         "answers": ["17人"], "wrong": ["14人"]},
        {"kind": "date", "fact": "dinner date", "q": "父の古希の食事会、何日になったんだっけ？",
         "answers": ["9月22日"], "wrong": ["9月20日"]},
        {"kind": "decision", "fact": "venue", "q": "会場はどこにしたんでしたっけ？",
         "answers": ["翠光亭"]},
        {"kind": "reason", "fact": "boat party dropped", "q": "クルーズでのパーティーをやめたのはなぜだっけ？",
         "answers": ["船酔い"]},
    ],
    "events": [
        {"at": 0.04, "ex": [(
            "食事会の日は9月20日（日）にしました。父の誕生日当日は平日なので。",
            "9月20日の日曜日ですね。敬老の日の連休にかかるので、会場の予約は早めに押さえたほうが安心です。")]},
        {"at": 0.11, "ex": [(
            "会場は料亭の翠光亭に決めました。個室があって、父が昔から好きなお店です。",
            "お父さんの好きなお店なら間違いないですね。翠光亭には、古希のお祝いであること、人数、苦手な食材を早めに伝えておきましょう。")]},
        {"at": 0.19, "ex": [(
            "記念写真は出張カメラマンの坂本さんにお願いしました。友だちの紹介で、2時間で2万5千円です。",
            "坂本さんに2時間ですね。撮りたいカット（家族全員、夫婦、孫たちとなど）のリストを事前に渡しておくと、当日スムーズです。")]},
        {"at": 0.27, "ex": [(
            "参加は14人の予定です。両親、私たち兄弟3家族、それに叔母夫婦。",
            "14人ですね。個室の広さと、子ども用の椅子が必要かどうかもお店に確認しておきましょう。")]},
        {"at": 0.37, "ex": [(
            "最初に出ていたクルーズでのパーティー案はやめました。母がひどい船酔いをするので、さすがに無理だと。",
            "それは仕方ないですね。主役のお二人が楽しめないと意味がないので、船酔いの心配がない料亭にして正解だと思います。")]},
        {"at": 0.47, "ex": [(
            "予定変更です。9月20日だと叔母が来られないことがわかって、9月22日（火・祝日）にずらしました。翠光亭にも連絡済み。",
            "9月22日なら連休中なので、みなさん集まりやすそうですね。招待の連絡をした方には、日付の変更をはっきり伝えておきましょう。")]},
        {"at": 0.58, "ex": [(
            "記念写真は三浦さんに撮ってもらうことになりました。翠光亭の女将さんの紹介で、お店の庭での撮影にも慣れているそうです。",
            "お店をよく知っているカメラマンなら、光の具合や撮影場所もわかっていて安心ですね。三浦さんにも当日の流れを共有しておきましょう。")]},
        {"at": 0.66, "ex": [(
            "人数が17人に増えました！父の弟夫婦と、いとこの恵子ちゃんも来てくれることに。",
            "にぎやかになりますね。17人になったことをお店に伝えて、個室に入りきるかと、席の配置をもう一度確認しておきましょう。")]},
    ],
    "kits": JA03_KITS,
}


# ======================================================================================
# b13-ja-04: 高齢者の歩行と転倒リスクの小規模研究
# ======================================================================================
JA04_KITS = [
    K(["研究計画書の「背景」、どれくらいの長さで書けばいいですか",
       "先行研究の整理、どこから手をつけよう"],
      ["倫理審査用なら、A4で半ページから1ページ程度で十分です。なぜこの研究が必要か、何がわかっていて何がわかっていないか、を簡潔に。",
       "最近5年くらいのレビュー論文から読み始めて、その引用文献をたどるのが効率的です。読んだものは表にまとめておくと、後で計画書にも論文にも使えます。"]),
    K(["高齢の参加者向けの同意書、どう工夫すればいい？",
       "説明文書、文字の大きさはどれくらい？"],
      ["専門用語を避けて短い文にし、大事なことは箇条書きに。ゆっくり読み上げながら説明して、質問の時間をしっかり取るのが大切です。",
       "14ポイント以上、行間を広めにすると読みやすくなります。1ページに詰め込みすぎないことも大事です。"]),
    K(["認知機能が少し落ちている方の同意はどうすれば",
       "代諾者って誰にお願いすればいいんですか"],
      ["本人の理解度を確認したうえで、必要に応じて家族などの代諾者の同意も得る、という手順を計画書に書いておく必要があります。倫理審査委員会のガイドラインを確認しましょう。",
       "一般的には、同居のご家族など、本人の意思を最もよく理解している方です。本人にもわかる範囲で説明し、意思を尊重することが求められます。"]),
    K(["転倒歴の聞き取り、過去1年でいいですか",
       "転倒の定義ってどう書けばいい？"],
      ["過去1年間の転倒回数を聞くのが一般的です。記憶があいまいな方も多いので、ご家族やスタッフへの確認も併用できると精度が上がります。",
       "「自分の意思によらず、足の裏以外の体の一部が床についたもの」といった定義がよく使われます。計画書に明記しておきましょう。"]),
    K(["TUGの測り方、注意点はありますか",
       "椅子からの立ち上がりテスト、5回と30秒どっちがいい？"],
      ["椅子の高さをそろえる、歩く距離（3m）を正確に測る、普段の速さか最大の速さかを統一する、ことが大事です。安全のため、必ず横に付き添いましょう。",
       "どちらもよく使われますが、虚弱な方が多いなら5回立ち上がりのほうが負担が少ないです。どちらかに統一して、手順を書面にしておきましょう。"]),
    K(["握力も測りたい。何回測ればいい？",
       "測定項目が多すぎて、参加者が疲れないか心配"],
      ["左右2回ずつ測って、よいほうの値を使うのが一般的です。測定方法はマニュアルに合わせましょう。",
       "一人あたりの所要時間を計算して、30〜40分を超えるようなら項目を絞るか、途中に休憩を入れましょう。予備測定で実際に時間を測っておくと安心です。"]),
    K(["サンプルサイズ、30人で大丈夫ですか",
       "パイロット研究のサンプルサイズの根拠、どう書けばいい？"],
      ["仮説検定を主目的にするなら検出力の計算が必要ですが、予備的な研究として実施可能性や効果量の推定を目的にするなら、30人前後は一般的な規模です。",
       "「実施可能性の検討と、次の本研究のための効果量の推定を目的とする」と位置づけて、類似研究の規模を引用すると説得力が出ます。"]),
    K(["転倒ありなしを目的変数にするなら、ロジスティック回帰ですか",
       "説明変数は何個くらいまで入れられる？"],
      ["二値ならロジスティック回帰が基本です。ただ30人規模だと推定が不安定になりやすいので、説明変数はかなり絞る必要があります。",
       "よく言われる目安は、少ないほうのカテゴリーの人数10人あたり説明変数1つ程度です。30人なら1〜2個が限界と考えておきましょう。"]),
    K(["倫理審査の申請書類、何が必要でしたっけ",
       "利益相反の申告って、うちみたいな小さな研究でも必要？"],
      ["研究計画書、説明文書・同意書、調査票、研究者の履歴や研修受講証明、利益相反の申告書などが一般的です。委員会のチェックリストを確認しましょう。",
       "規模に関係なく必要です。企業からの資金や機器の提供がなければ「なし」と申告するだけなので、手間はかかりません。"]),
    K(["科研費で機器を買うとき、見積もりは何社から？",
       "研究費で謝礼を払うときの手続きは"],
      ["金額によって必要な見積もりの数が大学の規程で決まっています。事務に確認してから業者に連絡しましょう。",
       "謝礼の支払い基準と受領書の様式が大学で決まっていることが多いです。事務に事前に相談しておくとスムーズです。"]),
    K(["データの匿名化、どうすればいい？",
       "研究データはどこに保存するのが安全？"],
      ["参加者にIDを振って、氏名とIDの対応表は鍵のかかる場所や暗号化したファイルで別に保管します。分析にはIDのデータだけを使います。",
       "大学が指定するセキュアなストレージや、研究室のパスワード付きサーバーに保存しましょう。USBメモリでの持ち運びは避けたほうが安全です。"]),
    K(["施設での説明会、どんな資料を用意すればいい？",
       "説明会の時間、どれくらいが適当？"],
      ["A4一枚で、研究の目的、やること、時間、謝礼、個人情報の扱い、問い合わせ先をまとめた資料がわかりやすいです。大きめの字で。",
       "高齢の方が集中できるのは20〜30分くらいです。説明は短く、質問の時間を多めに取りましょう。"]),
    K(["施設のスタッフさんへのお礼、どうしたらいい？",
       "施設に結果をフィードバックしたい"],
      ["研究費の規程で物品が難しければ、お礼状と、研究結果の報告会を開くのが喜ばれます。",
       "専門用語を使わない短い報告書と、利用者さん向けのわかりやすいまとめを作ると、施設の方にも役立ててもらえます。"]),
    K(["M2の佐野くんが、この研究を修論に使いたいと言っています",
       "学生が研究に関わるとき、倫理審査上は何が必要？"],
      ["データの使い方と著者の順番を、最初にはっきり決めておくのが大事です。修論で使う範囲を計画書にも反映させておきましょう。",
       "研究分担者として計画書に名前を入れ、倫理研修の受講を済ませておく必要があることが多いです。"]),
    K(["学会の抄録締切が{D1:15-45}です。データがまだないんですが",
       "抄録を英語で書くコツは"],
      ["研究デザインや予備データ中心の発表にする、あるいは次の学会に回す、という判断もありです。締切に合わせて無理に結果を出す必要はありません。",
       "短い文で、目的・方法・結果・結論の順に。時制は方法と結果は過去形、結論は現在形が基本です。"]),
    K(["論文の英文校正、どこに頼んでいますか",
       "投稿先のジャーナル、どうやって選ぶ？"],
      ["大学で契約している校正サービスがあれば、まずそれを確認してみてください。研究費で支払えることも多いです。",
       "自分の研究に近い論文がよく載っている雑誌、査読期間、オープンアクセスの費用、などを比較して決めましょう。"]),
    K(["授業準備と研究の両立がきついです",
       "今週は講義が3コマ、会議が2つ、それに研究"],
      ["研究の時間を予定表に「会議」として先に入れてしまうのがおすすめです。週に半日でも確保できると進み方が変わります。",
       "今週は研究を「進める」ではなく「止めない」くらいの目標にして、15分でもいいので毎日触れるようにすると、来週が楽になります。"]),
    K(["施設への出張申請、毎回出すの面倒…",
       "公用車って借りられるのかな"],
      ["同じ施設に何度も行くなら、期間をまとめて申請できないか事務に相談してみてください。",
       "大学によっては研究目的で借りられます。予約の方法と保険の扱いを事務で確認しましょう。"]),
    K(["研究補助者を雇いたい。測定を手伝ってくれる人",
       "測定の練習、何回くらいやれば安定する？"],
      ["大学院生や学部生を謝金で雇う方法が一般的です。測定の手順書を作って、事前に練習をしておきましょう。",
       "同じ手順で10回くらい練習すると安定してきます。測定者間で値がずれないか、2人で同じ人を測って確認しておくといいですよ。"]),
    K(["インフルエンザの流行期に測定して大丈夫かな",
       "施設での感染対策、何に気をつければ"],
      ["施設の方針に合わせるのが第一です。流行状況によっては延期もありうることを、計画書にも書いておくと安心です。",
       "手指消毒、マスク、測定機器の消毒、体調が悪い日の測定中止などです。施設のルールを事前に確認しておきましょう。"]),
    K(["参加者の送迎はどうしよう",
       "測定はデイサービスの利用日にやるのがいい？"],
      ["利用日に合わせて施設内で測定できれば、送迎の負担がなくなります。",
       "そのほうが参加者の負担が少なく、参加率も上がります。プログラムの合間の時間をもらえないか相談しましょう。"]),
    K(["予備測定を研究室のメンバーでやりたい",
       "予備測定でチェックすべきことは？"],
      ["本番と同じ手順と書式でやると、所要時間や記録のしにくさなど問題点がよく見えます。",
       "一人あたりの所要時間、説明のわかりにくいところ、記録用紙の使いにくさ、データの取り込みの手順、などです。"]),
    K(["共同研究者の先生との打ち合わせ、議事録って必要？",
       "藤本先生への進捗報告、どれくらいの頻度がいい？"],
      ["簡単なメモでも残しておくと、後で「言った言わない」にならずに済みます。決まったことと次にやることだけで十分です。",
       "週に一度、短いメールで「済んだこと・次にやること・相談したいこと」を送るのがおすすめです。"]),
    K(["ゼミでこの研究の進捗を話すことになりました。10分",
       "スライドは何枚くらい？"],
      ["背景、目的、方法、現在の進捗、課題、相談したいこと、の順がわかりやすいです。",
       "10分なら8〜10枚が目安です。文字は少なめに、図や表を中心にしましょう。"]),
    K(["研究ノートってどうつけていますか",
       "測定日の記録、何を残しておくべき？"],
      ["日付、やったこと、気づいたこと、次にやること、を毎日少しずつ書くのがおすすめです。電子でも紙でも続くほうで。",
       "測定者、場所、時間、使った機器、参加者の体調、いつもと違ったこと、です。後で外れ値を見つけたときに役立ちます。"]),
    K(["統計ソフト、Rで大丈夫ですか",
       "Rの勉強、どこから始めればいい？"],
      ["はい、無料で再現性も高く、研究には十分です。スクリプトを残しておけば、後で同じ分析を繰り返せます。",
       "自分のデータを読み込んで、要約統計を出し、グラフを描くところまでを目標にすると実用的に身につきます。"]),
    K(["欠測があったらどうしよう",
       "途中で参加をやめる方がいたら、その人のデータは？"],
      ["欠測の理由と数を記録しておくことがまず大事です。少なければ完全ケースで分析し、多ければ補完の方法を検討しましょう。",
       "同意の撤回の範囲によります。「それまでのデータを使ってよいか」を同意書で選べるようにしておくのが一般的です。"]),
    K(["参加者の家族から問い合わせがあったときの対応は",
       "問い合わせ先は研究室の電話でいい？"],
      ["誰が対応するかを決めておき、対応記録を残しましょう。個人情報に関わることは本人の同意の範囲で答えます。",
       "研究室の代表番号と担当者名、対応できる時間帯を書いておくのが一般的です。"]),
    K(["転倒予防教室の結果も参考にしたい",
       "施設で既に取っている体力測定のデータ、使わせてもらえる？"],
      ["既存のデータを使う場合は、その利用についても計画書に書き、必要なら同意を取る必要があります。",
       "使えればとても助かりますが、データの提供について施設と取り決めを結び、倫理審査で承認を得る必要があります。"]),
    K(["歩行速度の正常値ってどれくらいですか",
       "歩行速度が遅いって、何m/秒くらいから？"],
      ["高齢者では毎秒1.0m前後が一つの目安として使われることが多いですが、年齢や性別、測定方法によって違います。",
       "サルコペニアの診断基準などでは、毎秒1.0m未満が低下の目安として使われています。"]),
    K(["研究室の予算で買えるものと買えないもの、線引きが難しい",
       "参加者に渡す記念品って研究費で買えますか"],
      ["研究に直接必要かどうかが基準です。迷ったら、購入前に事務に相談しておくと後で困りません。",
       "大学の規程によります。謝礼とは別に記念品を渡す場合は、事前に事務に確認しましょう。"]),
]

JA04 = {
    "id": "b13-ja-04", "lang": "ja", "n": 318, "start": "2026-10-05", "span": 49,
    "cur": "JPY", "date_style": "ja", "fx": ("ドル", "円", 145.0, 158.0),
    "budget_items": [("記録用紙の印刷", 3000, 8000), ("メジャーとテープ", 2000, 5000), ("消毒用品", 3000, 9000), ("ストップウォッチ", 2000, 6000),
                     ("交通費", 5000, 15000), ("説明会のお茶菓子", 3000, 8000), ("文房具", 2000, 6000)],
    "split_items": [("研究室の忘年会", 20000, 50000), ("佐野くんの誕生日プレゼント", 5000, 12000), ("学会の懇親会のタクシー", 3000, 8000)],
    "countdown_items": ["学会発表", "科研費の申請", "佐野くんの修論提出", "後期の成績提出"],
    "shop_items": [("ノートパソコン", 100000, 180000), ("外付けSSD", 10000, 25000), ("プリンター", 20000, 50000), ("椅子", 20000, 60000)],
    "drive_places": [("学会会場", 300, 380), ("共同研究先の大学", 60, 90), ("空港", 40, 60), ("郊外の協力施設", 25, 40)],
    "dayrate": [("研究補助の学生", 8000, 12000, "交通費"), ("英文校正", 15000, 30000, "特急料金"), ("データ入力のアルバイト", 7000, 10000, "交通費")],
    "skip_tags": ["reno"],
    "forbid": ["石原", "加速度センサー", "シート式", "スマホを持っていない"],
    "intro": [(
        "大学で助教をしています。今年度、デイサービスに通う高齢者の歩行と転倒リスクを調べる小さな研究を立ち上げます。参加者は30人くらいの予定。倫理審査、機器選び、データ収集と続くので、ここで整理させてください。",
        "承知しました。小規模でも、倫理審査、協力施設との調整、測定方法、謝礼、データ管理と、決めることがたくさんありますね。決まったことと締切をここにまとめていきましょう。まず、今の進み具合を教えてください。")],
    "slots": [
        {"kind": "name", "fact": "facility contact", "q": "協力施設の窓口の方、お名前なんでしたっけ？",
         "answers": ["石原"]},
        {"kind": "number", "fact": "participant reward", "q": "参加者への謝礼、いくらにしたんでしたっけ？",
         "answers": ["3,000円"]},
        {"kind": "date", "fact": "ethics deadline", "q": "倫理審査の締切、今はいつになってる？",
         "answers": ["12月5日"], "wrong": ["11月28日"]},
        {"kind": "decision", "fact": "gait measurement", "q": "歩行の計測には結局何を使うことにしたんでしたっけ？",
         "answers": ["加速度センサー"], "wrong": ["シート式"]},
        {"kind": "reason", "fact": "online survey dropped", "q": "オンラインアンケートをやめた理由は何でしたっけ？",
         "answers": ["スマホを持っていない"]},
    ],
    "events": [
        {"at": 0.06, "ex": [(
            "協力してくれる施設の窓口は、デイサービス「ひだまり」の施設長の石原さんです。とても協力的で、利用者さん向けの説明会も開いてくれるそうです。",
            "心強いですね。石原さんには、説明会の日程、測定に使える部屋と時間帯、スタッフの方にお願いしたいことを早めに相談しておきましょう。")]},
        {"at": 0.14, "ex": [(
            "計測はシート式の歩行解析システムでいくことにしました。上を歩くだけで歩幅や速度が取れるので。",
            "シート式なら参加者は普段どおり歩くだけなので、負担が少ないですね。敷くスペース（長さ）が施設で確保できるかは確認しておきましょう。")]},
        {"at": 0.21, "ex": [(
            "倫理審査委員会の締切は11月28日です。今月中に計画書の草案を仕上げたい。",
            "11月28日締切ですね。藤本先生の確認に1〜2週間見ておくと、草案は11月の上旬には仕上げておきたいところです。")]},
        {"at": 0.28, "ex": [(
            "謝礼は参加者一人あたり3,000円分のQUOカードに決めました。",
            "3,000円分のQUOカードですね。受領書の様式と、途中で参加をやめた方への扱いを計画書に書いておきましょう。")]},
        {"at": 0.36, "ex": [(
            "オンラインでの事前アンケートはやめます。参加予定の方の多くがスマホを持っていないので。紙で配って、施設で回収してもらいます。",
            "それが現実的だと思います。紙なら、字を大きくして設問数を絞ると回答しやすくなります。回収の箱を施設に置かせてもらえるか、石原さんに聞いてみましょう。")]},
        {"at": 0.53, "ex": [(
            "藤本先生と相談して、計測は腰に付ける加速度センサーに変えることにしました。シート式だと施設の廊下に敷く場所がないうえ、日常の歩行も測れないので。",
            "日常生活の歩行まで測れるのは大きな利点ですね。加速度センサーの場合、装着位置と装着時間のルール、データの取り込み方法を手順書にしておきましょう。")]},
        {"at": 0.65, "ex": [(
            "委員会の日程が変わって、締切が12月5日に延びました。少し余裕ができた…",
            "1週間延びたのは助かりますね。12月5日を目標に、その前の週には藤本先生の最終確認をもらえるよう逆算しておきましょう。")]},
    ],
    "kits": JA04_KITS,
}


# ======================================================================================
# the bank
# ======================================================================================
DIALOGS = [EN01, EN02, EN03, EN04, RU01, RU02, RU03, RU04, JA01, JA02, JA03, JA04]


# ======================================================================================
# building
# ======================================================================================
def make_timeline(rng, n, start, span):
    """n message times (ISO 8601 UTC), non-decreasing, first on day 0, last on day `span`."""
    nex = n // 2
    per_day = rng.uniform(3.4, 6.2)
    k = int(round(nex / per_day))
    k = max(8, min(k, span + 1))
    days = sorted([0, span] + rng.sample(range(1, span), k - 2))
    w = [rng.expovariate(1.0) + 0.3 for _ in days]
    alloc = [1] * k
    rest = nex - k
    tot = sum(w)
    for i in range(k):
        alloc[i] += int(rest * w[i] / tot)
    while sum(alloc) < nex:
        alloc[rng.randrange(k)] += 1
    base = _dt.datetime.strptime(start, "%Y-%m-%d")
    out = []
    for day, m in zip(days, alloc):
        offs = []
        t = 0
        for j in range(m):
            if j:
                r = rng.random()
                t += rng.randint(2, 24) if r < 0.68 else rng.randint(25, 95) if r < 0.9 \
                    else rng.randint(96, 320)
            offs.append(t)
            offs.append(t + rng.choice([0, 1, 1, 1, 2, 2, 3]))
            t = offs[-1]
        start_min = rng.randint(6 * 60 + 40, 21 * 60 + 30)
        span_min = offs[-1]
        avail = 23 * 60 + 55 - start_min
        if span_min > avail:
            start_min = max(6 * 60, 23 * 60 + 55 - span_min)
            avail = 23 * 60 + 55 - start_min
        if span_min > avail:
            offs = [o * avail // span_min for o in offs]
        for o in offs:
            tm = base + _dt.timedelta(days=day, minutes=start_min + o)
            out.append(tm)
    assert len(out) == 2 * nex
    return out


def iso(tm):
    return tm.strftime("%Y-%m-%dT%H:%M:%SZ")


def typo(rng, text):
    words = list(re.finditer(r"[^\W\d_]{5,}", text))
    if not words:
        return text
    m = rng.choice(words)
    w = m.group(0)
    i = rng.randrange(1, len(w) - 2)
    if rng.random() < 0.5:
        w2 = w[:i] + w[i + 1] + w[i] + w[i + 2:]
    else:
        w2 = w[:i] + w[i + 1:]
    return text[:m.start()] + w2 + text[m.end():]


def wrap_user(ctx, text, hour):
    rng, lang = ctx.rng, ctx.lang
    W = WRAP[lang]
    r = rng.random()
    opener = ""
    if r < 0.07 and hour < 11:
        opener = rng.choice(W["morning"])
    elif r < 0.12 and hour >= 19:
        opener = rng.choice(W["evening"])
    elif r < 0.30:
        opener = rng.choice(W["open"])
    if opener:
        if lang != "ja" and opener.rstrip()[-1] in ",:—-" and text[:1].isupper() and not text[:2].isupper() \
                and not text.startswith("I "):
            text = text[0].lower() + text[1:]
        text = opener + text
    if rng.random() < 0.12:
        tail = rng.choice(W["tail"])
        if lang == "ja":
            if text[-1] not in "。！？!?）)" and tail not in ("🙏", "笑", "（汗）"):
                text = text + "。"
            text = text + tail
        elif not text[-1].isalnum() or tail in ("🙏", "x", "lol", ")", "))"):
            text = text + " " + tail
        else:
            text = text + rng.choice([". ", " — "]) + tail
    if lang != "ja":
        if rng.random() < 0.3 and text[:1].isupper() and not text[:2].isupper() \
                and not text.startswith(("I ", "I'")):
            text = text[0].lower() + text[1:]
        if rng.random() < 0.25 and text.endswith(".") and not text.endswith(".."):
            text = text[:-1]
        if rng.random() < 0.06:
            text = typo(rng, text)
    else:
        if rng.random() < 0.15 and text.endswith("。"):
            text = text[:-1]
    return text


def wrap_assistant(ctx, user_text, text):
    rng, lang = ctx.rng, ctx.lang
    W = WRAP[lang]
    q = user_text.rstrip().endswith(("?", "？")) or "?" in user_text[-40:] or \
        (lang != "ja" and user_text.split(" ", 1)[0].lower().strip(",:") in W.get("qwords", ()))
    if lang == "ja":
        q = q or re.search(r"(か|かな|かね|でしょう|ますか|ですか|どう)[。]?$", user_text.rstrip()) is not None
        blocked = text.startswith(tuple(W["no_ack"]))
    else:
        blocked = re.split(r"[\s,.!—:;]", text, 1)[0] in W["no_ack"]
    if rng.random() < 0.18 and not blocked and not text.startswith(tuple(W["ack_q"] + W["ack_s"])):
        ack = rng.choice(W["ack_q"] if q else W["ack_s"])
        if ack.endswith("— ") and text[:1].isupper() and not text.startswith(("I ", "I'")) \
                and not text[:2].isupper():
            text = text[0].lower() + text[1:]
        text = ack + text
    if rng.random() < 0.07:
        text = text + rng.choice(W["follow"])
    return text


def build_dialog(spec):
    did = spec["id"]
    rng = random.Random(zlib.crc32(did.encode("utf-8")))
    lang, n = spec["lang"], spec["n"]
    assert n % 2 == 0
    nex = n // 2
    times = make_timeline(rng, n, spec["start"], spec["span"])
    ctx = Ctx(spec, rng)
    slots = spec["slots"]
    bad_lang = []
    bad_sub = []
    for s in slots:
        bad_lang += s["answers"] + s.get("wrong", [])
        bad_sub += s.get("forbid", [])
    bad_sub += spec.get("forbid", [])
    bad_sub_l = [b.lower() for b in bad_sub]

    def clean(text):
        if any(occurs(lang, b, text) for b in bad_lang):
            return False
        tl = text.lower()
        return not any(b in tl for b in bad_sub_l)

    zmax = (n - 36) // 2           # last exchange whose assistant message is < n - 34
    occ = {}
    for j, ex in enumerate(spec["intro"]):
        occ[j] = ex
    for ev in sorted(spec["events"], key=lambda e: e["at"]):
        L = len(ev["ex"])
        e = len(spec["intro"]) + int(round(ev["at"] * (zmax - L - len(spec["intro"]))))
        while any((e + j) in occ for j in range(L)):
            e += 1
        if e + L - 1 > zmax:
            raise SystemExit("%s: key event does not fit before the tail: %r" % (did, ev["ex"][0][0][:40]))
        for j, ex in enumerate(ev["ex"]):
            occ[e + j] = ex

    skip = set(spec.get("skip_tags", []))
    pools = [("scen", spec["kits"], 0.52),
             ("gen", [kt for kt in GENERIC_KITS[lang] if kt.tag not in skip], 0.30),
             ("comp", [kt for kt in COMPUTE_KITS[lang] if kt.tag not in skip], 0.18)]
    usage = {}
    variants = {}
    dead = set()
    seen = set()
    msgs = []
    last_kit = None
    stats = {"fallback": 0, "filler": 0}
    e = 0
    while e < nex:
        if e in occ:
            u, a = occ[e]
            for txt in (u, a):
                if "{" in txt or "}" in txt:
                    raise SystemExit("%s: unfilled brace in key text %r" % (did, txt[:50]))
            msgs.append(("user", u))
            msgs.append(("assistant", a))
            seen.add(u)
            seen.add(a)
            e += 1
            continue
        run = 0
        while e + run < nex and (e + run) not in occ:
            run += 1
        ctx.now = times[2 * e]
        ctx.frac = e / nex
        made = None
        if stats["filler"] and last_kit is not None and rng.random() < 0.035:
            for _ in range(50):
                u, a = FALLBACK[lang](ctx)
                if clean(u) and clean(a) and u not in seen and a not in seen:
                    made = [(u, a)]
                    last_kit = None
                    break
        for attempt in range(60 if made is None else 0):
            cands = []
            for pname, kits, wgt in pools:
                live = [kt for kt in kits if id(kt) not in dead and kt is not last_kit
                        and usage.get(id(kt), 0) < kt.cap and kt.nsteps <= run
                        and kt.when[0] <= ctx.frac <= kt.when[1]]
                if live:
                    cands.append((pname, live, wgt))
            if not cands:
                break
            tot = sum(c[2] for c in cands)
            x = rng.random() * tot
            for pname, live, wgt in cands:
                x -= wgt
                if x <= 0:
                    break
            # prefer kits that were used less
            minuse = min(usage.get(id(kt), 0) for kt in live)
            live2 = [kt for kt in live if usage.get(id(kt), 0) == minuse]
            kit = rng.choice(live2 if rng.random() < 0.85 else live)
            ok = None
            for _ in range(8):
                exs, vi = kit.make(ctx, variants.get(id(kit), set()))
                wrapped = []
                for j, (u, a) in enumerate(exs):
                    hour = times[2 * (e + j)].hour
                    ctx.now = times[2 * (e + j)]
                    u2 = wrap_user(ctx, u, hour)
                    a2 = wrap_assistant(ctx, u, a) if isinstance(kit, K) else a
                    wrapped.append((u2, a2))
                ctx.now = times[2 * e]
                texts = [t for pair in wrapped for t in pair]
                if all(clean(t) for t in texts) and not any(t in seen for t in texts):
                    ok = (wrapped, vi)
                    break
            if ok is None:
                dead.add(id(kit))
                continue
            made, vi = ok
            usage[id(kit)] = usage.get(id(kit), 0) + 1
            if vi is not None:
                variants.setdefault(id(kit), set()).add(vi)
            last_kit = kit
            break
        if made is None:
            for _ in range(200):
                u, a = FALLBACK[lang](ctx)
                if clean(u) and clean(a) and u not in seen and a not in seen:
                    made = [(u, a)]
                    break
            else:
                raise SystemExit("%s: ran out of distractor material at exchange %d" % (did, e))
            stats["fallback"] += 1
        for u, a in made:
            msgs.append(("user", u))
            msgs.append(("assistant", a))
            seen.add(u)
            seen.add(a)
            stats["filler"] += 1
        e += len(made)
    assert len(msgs) == n, (did, len(msgs))
    messages = [{"role": r, "text": t, "time": iso(times[i])} for i, (r, t) in enumerate(msgs)]
    questions = []
    for s in slots:
        ev = [i for i, m in enumerate(messages) if any(occurs(lang, a, m["text"]) for a in s["answers"])]
        questions.append({"kind": s["kind"], "fact": s["fact"], "q": s["q"],
                          "answers": list(s["answers"]), "wrong": list(s.get("wrong", [])),
                          "evidence": ev})
    return {"id": did, "lang": lang, "bank": BANK, "messages": messages,
            "questions": questions}, stats


# ======================================================================================
# checking
# ======================================================================================
TIME_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")


def check(data):
    errs = []

    def err(did, msg):
        errs.append("%s: %s" % (did, msg))

    if not isinstance(data, list):
        return ["top level is not a list"]
    if len(data) != 12:
        errs.append("expected 12 dialogs, got %d" % len(data))
    want_ids = ["b13-%s-%02d" % (l, i) for l in LANGS for i in range(1, 5)]
    ids = [d.get("id") for d in data]
    if sorted(ids) != sorted(want_ids):
        errs.append("dialog ids are %r, expected %r" % (ids, want_ids))
    per_lang = {l: 0 for l in LANGS}
    sup_total = 0
    for d in data:
        did = d.get("id", "?")
        lang = d.get("lang")
        if lang not in LANGS:
            err(did, "bad lang %r" % lang)
            continue
        per_lang[lang] += 1
        if not did.startswith("b13-%s-" % lang):
            err(did, "id does not match lang %s" % lang)
        if d.get("bank") != BANK:
            err(did, "bank is %r" % d.get("bank"))
        if set(d) != {"id", "lang", "bank", "messages", "questions"}:
            err(did, "unexpected keys %r" % sorted(d))
        msgs = d.get("messages", [])
        n = len(msgs)
        if not (MIN_MSGS <= n <= MAX_MSGS):
            err(did, "%d messages, outside %d-%d" % (n, MIN_MSGS, MAX_MSGS))
        prev = None
        texts = []
        for i, m in enumerate(msgs):
            want = "user" if i % 2 == 0 else "assistant"
            if m.get("role") != want:
                err(did, "message %d role %r, expected %r" % (i, m.get("role"), want))
            t = m.get("text")
            if not isinstance(t, str) or not t.strip():
                err(did, "message %d has empty text" % i)
                t = ""
            texts.append(t)
            tm = m.get("time", "")
            if not TIME_RE.match(tm):
                err(did, "message %d bad time %r" % (i, tm))
                continue
            if prev is not None and tm < prev:
                err(did, "message %d time %s earlier than previous %s" % (i, tm, prev))
            prev = tm
        if len(set(texts)) != len(texts):
            err(did, "duplicate message texts")
        if msgs and TIME_RE.match(msgs[0].get("time", "")) and TIME_RE.match(msgs[-1].get("time", "")):
            t0 = _dt.datetime.strptime(msgs[0]["time"], "%Y-%m-%dT%H:%M:%SZ").date()
            t1 = _dt.datetime.strptime(msgs[-1]["time"], "%Y-%m-%dT%H:%M:%SZ").date()
            if not (21 <= (t1 - t0).days <= 56):
                err(did, "chat spans %d days, not 3-8 weeks" % (t1 - t0).days)
        qs = d.get("questions", [])
        if len(qs) != 5:
            err(did, "%d questions, expected 5" % len(qs))
        kinds = sorted(q.get("kind", "") for q in qs)
        if kinds != sorted(KINDS):
            err(did, "question kinds %r" % kinds)
        all_answers = {}
        for q in qs:
            k = q.get("kind", "?")
            if set(q) != {"kind", "fact", "q", "answers", "wrong", "evidence"}:
                err(did, "%s: unexpected keys %r" % (k, sorted(q)))
            if not isinstance(q.get("fact"), str) or not q.get("fact"):
                err(did, "%s: empty fact" % k)
            qt = q.get("q", "")
            if not isinstance(qt, str) or not qt.strip():
                err(did, "%s: empty question text" % k)
            answers = q.get("answers", [])
            wrong = q.get("wrong", [])
            ev = q.get("evidence", [])
            if not answers or not all(isinstance(a, str) and a.strip() for a in answers):
                err(did, "%s: bad answers %r" % (k, answers))
                continue
            if not isinstance(wrong, list) or not all(isinstance(w, str) and w.strip() for w in wrong):
                err(did, "%s: bad wrong %r" % (k, wrong))
                continue
            if not ev or not all(isinstance(i, int) and 0 <= i < n for i in ev):
                err(did, "%s: bad evidence %r" % (k, ev))
                continue
            if ev != sorted(set(ev)):
                err(did, "%s: evidence not sorted/unique" % k)
            for i in ev:
                if i >= n - TAIL:
                    err(did, "%s: evidence %d not before the last %d messages (n=%d)" % (k, i, TAIL, n))
                if not any(occurs(lang, a, texts[i]) for a in answers):
                    err(did, "%s: evidence message %d states no accepted answer" % (k, i))
            for a in answers:
                if not any(occurs(lang, a, texts[i]) for i in ev):
                    err(did, "%s: answer %r not in any evidence message" % (k, a))
                if occurs(lang, a, qt):
                    err(did, "%s: answer %r occurs in the question text" % (k, a))
                for i, t in enumerate(texts):
                    if i not in ev and occurs(lang, a, t):
                        err(did, "%s: answer %r also occurs in non-evidence message %d" % (k, a, i))
                al = a.lower()
                if al in all_answers and all_answers[al] != k:
                    err(did, "answer %r shared by %s and %s" % (a, all_answers[al], k))
                all_answers[al] = k
            first = min(ev)
            lows = {a.lower() for a in answers}
            for w in wrong:
                if w.lower() in lows:
                    err(did, "%s: wrong %r is also an accepted answer" % (k, w))
                if not any(occurs(lang, w, texts[i]) for i in range(first)):
                    err(did, "%s: wrong %r not stated before the superseding message %d" % (k, w, first))
                if occurs(lang, w, qt):
                    err(did, "%s: wrong %r occurs in the question text" % (k, w))
                for i, t in enumerate(texts):
                    if i >= first and i not in ev and occurs(lang, w, t):
                        err(did, "%s: stale %r repeated in message %d after the change" % (k, w, i))
            if wrong:
                sup_total += 1
    for l in LANGS:
        if per_lang[l] != 4:
            errs.append("%d dialogs in %s, expected 4" % (per_lang[l], l))
    if not (MIN_SUPERSEDED <= sup_total <= MAX_SUPERSEDED):
        errs.append("%d questions with a superseded value, expected %d-%d"
                    % (sup_total, MIN_SUPERSEDED, MAX_SUPERSEDED))
    return errs


def summary(data):
    lines = []
    sup = {l: 0 for l in LANGS}
    sup_kind = {k: 0 for k in KINDS}
    lens = {"user": [], "assistant": []}
    margins = []
    for d in data:
        n = len(d["messages"])
        for m in d["messages"]:
            lens[m["role"]].append(len(m["text"]))
        for q in d["questions"]:
            if q["wrong"]:
                sup[d["lang"]] += 1
                sup_kind[q["kind"]] += 1
            margins.append(n - max(q["evidence"]))
        t0 = d["messages"][0]["time"][:10]
        t1 = d["messages"][-1]["time"][:10]
        days = (_dt.date.fromisoformat(t1) - _dt.date.fromisoformat(t0)).days
        nev = sum(len(q["evidence"]) for q in d["questions"])
        lines.append("  %-10s %-2s %3d messages, %2d days, %d superseded, %d evidence messages"
                     % (d["id"], d["lang"], n, days, sum(1 for q in d["questions"] if q["wrong"]), nev))
    lines.append("superseded: total %d (%s); by kind %s" % (
        sum(sup.values()), ", ".join("%s %d" % (l, sup[l]) for l in LANGS),
        ", ".join("%s %d" % (k, sup_kind[k]) for k in KINDS)))
    for r in ("user", "assistant"):
        v = sorted(lens[r])
        lines.append("%s message length (chars): min %d, median %d, max %d" % (r, v[0], v[len(v) // 2], v[-1]))
    lines.append("messages after the last evidence: min %d, max %d" % (min(margins), max(margins)))
    return "\n".join(lines)


def dump(data):
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main(argv):
    if "--check" in argv:
        if not os.path.exists(OUT):
            print("check failed: %s does not exist" % OUT)
            return 2
        with open(OUT, encoding="utf-8") as f:
            data = json.load(f)
        errs = check(data)
        if errs:
            print("check failed, %d problem(s):" % len(errs))
            for e in errs[:200]:
                print("  " + e)
            return 1
        print("check ok: %s" % OUT)
        print(summary(data))
        return 0
    verbose = "--verbose" in argv
    data = []
    for spec in DIALOGS:
        d, stats = build_dialog(spec)
        if verbose:
            print("%s: filler exchanges %d, fallback %d" % (spec["id"], stats["filler"], stats["fallback"]),
                  file=sys.stderr)
        data.append(d)
    errs = check(data)
    if errs:
        print("build failed, %d problem(s):" % len(errs))
        for e in errs[:200]:
            print("  " + e)
        return 1
    text = dump(data)
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("wrote %s (sha256 %s)" % (OUT, hashlib.sha256(text.encode("utf-8")).hexdigest()))
    print(summary(data))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
