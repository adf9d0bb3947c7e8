#!/usr/bin/env python3
"""make_bank14.py -- deterministic generator and checker for held-out bank 14.

Usage:
    python3 make_bank14.py          # writes five_questions_bank14.json next to this script
    python3 make_bank14.py --check  # re-reads the file and checks every rule

Standard library only. All randomness comes from fixed seeds.
"""
import sys
import os
import json
import random
import datetime

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_NAME = "five_questions_bank14.json"
OUT = os.path.join(HERE, OUT_NAME)
TAIL = 34
KINDS = ("name", "number", "date", "decision", "reason")
N_SUP = [3, 2, 3, 2, 2, 3, 3, 2, 2, 3, 3, 2]
PATTERNS = {
    "A": ["name", "number", "date", "decision", "reason"],
    "B": ["name", "number", "number", "date", "decision"],
    "C": ["name", "number", "date", "date", "reason"],
    "D": ["name", "name", "number", "date", "reason"],
}
PLAN = ["A", "B", "A", "C", "A", "D", "A", "B", "A", "C", "D", "A"]
LANG_ORDER = ["en", "ru", "ja"] * 4


# ---------------------------------------------------------------- helpers
def cap(s):
    return s[:1].upper() + s[1:] if s else s


def fill(tpl, slots):
    d = {}
    for k, v in slots.items():
        d[k] = v
    for k, v in slots.items():
        if isinstance(v, str) and k and k[0].islower():
            kk = k[0].upper() + k[1:]
            if kk not in slots:
                d[kk] = cap(v)
    out = tpl.format_map(d)
    while ".." in out:
        out = out.replace("..", ".")
    return out


def dedupe(seq):
    out = []
    for x in seq:
        if x and x not in out:
            out.append(x)
    return out


def D(s):
    return datetime.date.fromisoformat(s)


def related(a, b):
    a, b = a.lower(), b.lower()
    return a in b or b in a


def any_related(xs, ys):
    for x in xs:
        for y in ys:
            if related(x, y):
                return True
    return False


# ---------------------------------------------------------------- numbers
EN_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
           "fourteen fifteen sixteen seventeen eighteen nineteen").split()
EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def en_words(n):
    if n < 20:
        return EN_ONES[n]
    if n < 100:
        return EN_TENS[n // 10] + ("-" + EN_ONES[n % 10] if n % 10 else "")
    if n < 1000:
        return EN_ONES[n // 100] + " hundred" + (" and " + en_words(n % 100) if n % 100 else "")
    return str(n)


RU_ONES_M = ["", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"]
RU_ONES_F = ["", "одна", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"]
RU_TEENS = ["десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать",
            "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать"]
RU_TENS = ["", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят",
           "восемьдесят", "девяносто"]
RU_HUND = ["", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот",
           "восемьсот", "девятьсот"]


def ru_lt1000(n, fem=False):
    out = []
    h, r = divmod(n, 100)
    if h:
        out.append(RU_HUND[h])
    if 10 <= r < 20:
        out.append(RU_TEENS[r - 10])
    else:
        t, o = divmod(r, 10)
        if t:
            out.append(RU_TENS[t])
        if o:
            out.append((RU_ONES_F if fem else RU_ONES_M)[o])
    return " ".join(out)


def ru_words(n):
    th, r = divmod(n, 1000)
    out = []
    if th:
        if th == 1:
            out.append("тысяча")
        else:
            if 11 <= th % 100 <= 14:
                f = "тысяч"
            elif th % 10 == 1:
                f = "тысяча"
            elif th % 10 in (2, 3, 4):
                f = "тысячи"
            else:
                f = "тысяч"
            out.append(ru_lt1000(th, fem=True) + " " + f)
    if r:
        out.append(ru_lt1000(r))
    return " ".join(out)


def ru_sp(n):
    return "{:,}".format(n).replace(",", " ")


def ru_genpl_ok(n):
    return n % 10 in (0, 5, 6, 7, 8, 9) or 11 <= n % 100 <= 14


JD = "〇一二三四五六七八九"


def ja_lt10000(n):
    s = ""
    for val, ch in ((1000, "千"), (100, "百"), (10, "十")):
        q, n = divmod(n, val)
        if q:
            s += ("" if q == 1 else JD[q]) + ch
    if n:
        s += JD[n]
    return s


def ja_kanji(n):
    man, r = divmod(n, 10000)
    s = ""
    if man:
        s += ja_lt10000(man) + "万"
    if r:
        s += ja_lt10000(r)
    return s or "〇"


# ---------------------------------------------------------------- dates
EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]
EN_WD = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def en_sfx(d):
    if 11 <= d % 100 <= 13:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")


def en_date(d, st):
    Dd, M, W, S = d.day, EN_MONTHS[d.month - 1], EN_WD[d.weekday()], en_sfx(d.day)
    return {
        "dM": "%d %s" % (Dd, M),
        "Md": "%s %d" % (M, Dd),
        "WdM": "%s %d %s" % (W, Dd, M),
        "WMd": "%s, %s %d" % (W, M, Dd),
        "thof": "the %d%s of %s" % (Dd, S, M),
        "dthM": "%d%s %s" % (Dd, S, M),
        "slash": "%02d/%02d" % (Dd, d.month),
        "Wthe": "%s the %d%s" % (W, Dd, S),
    }[st]


def en_date_cands(d):
    Dd, M, S = d.day, EN_MONTHS[d.month - 1], en_sfx(d.day)
    return dedupe(["%d %s" % (Dd, M), "%s %d" % (M, Dd), "%d%s %s" % (Dd, S, M),
                   "%d%s of %s" % (Dd, S, M), "%s %d%s" % (M, Dd, S),
                   "%02d/%02d" % (Dd, d.month), "the %d%s" % (Dd, S)])


RU_MON = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
          "сентября", "октября", "ноября", "декабря"]
RU_WD_NOM = ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"]
RU_WD_ACC = ["понедельник", "вторник", "среду", "четверг", "пятницу", "субботу", "воскресенье"]
RU_WD_DAT = ["понедельнику", "вторнику", "среде", "четвергу", "пятнице", "субботе", "воскресенью"]
RU_ORD = {1: "первого", 2: "второго", 3: "третьего", 4: "четвёртого", 5: "пятого", 6: "шестого",
          7: "седьмого", 8: "восьмого", 9: "девятого", 10: "десятого", 11: "одиннадцатого",
          12: "двенадцатого", 13: "тринадцатого", 14: "четырнадцатого", 15: "пятнадцатого",
          16: "шестнадцатого", 17: "семнадцатого", 18: "восемнадцатого", 19: "девятнадцатого",
          20: "двадцатого", 30: "тридцатого"}


def ru_ord(d):
    if d in RU_ORD:
        return RU_ORD[d]
    if 21 <= d <= 29:
        return "двадцать " + RU_ORD[d - 20]
    return "тридцать " + RU_ORD[d - 30]


def ru_v(w):
    return "во" if w == 1 else "в"


def ru_date(d, st):
    Dd, mon, w = d.day, RU_MON[d.month - 1], d.weekday()
    return {
        "dM": "%d %s" % (Dd, mon),
        "dot": "%02d.%02d" % (Dd, d.month),
        "ord": "%s %s" % (ru_ord(Dd), mon),
        "wd": "%s %s, %d %s" % (ru_v(w), RU_WD_ACC[w], Dd, mon),
        "wdna": "%s, %d %s" % (RU_WD_ACC[w], Dd, mon),
        "rel": "%s, %d-е" % (RU_WD_NOM[w], Dd),
        "rel_na": "%s, %d-е" % (RU_WD_ACC[w], Dd),
        "rel_when": "%s %s, %d-го" % (ru_v(w), RU_WD_ACC[w], Dd),
    }[st]


def ru_date_cands(d):
    Dd, mon = d.day, RU_MON[d.month - 1]
    return dedupe(["%d %s" % (Dd, mon), "%02d.%02d" % (Dd, d.month), "%s %s" % (ru_ord(Dd), mon),
                   "%d-го" % Dd, "%d-е" % Dd])


JA_WD = "月火水木金土日"


def ja_date(d, st):
    m, Dd, w = d.month, d.day, JA_WD[d.weekday()]
    return {
        "md": "%d月%d日" % (m, Dd),
        "mdw": "%d月%d日（%s）" % (m, Dd, w),
        "sl": "%d/%d" % (m, Dd),
        "slw": "%d/%d（%s）" % (m, Dd, w),
        "rel": "%d日（%s）" % (Dd, w),
    }[st]


def ja_date_cands(d):
    return dedupe(["%d月%d日" % (d.month, d.day), "%d/%d" % (d.month, d.day), "%d日" % d.day])


# ---------------------------------------------------------------- template picking
def pick(ctx, key, items):
    """Pick the least used item (locally, then across the bank), ties broken by the rng."""
    best = None
    cands = []
    for it in items:
        r = repr(it)
        sc = (ctx.local_use.get(r, 0), ctx.global_use.get((ctx.lang, r), 0))
        if best is None or sc < best:
            best = sc
            cands = [it]
        elif sc == best:
            cands.append(it)
    it = ctx.rng.choice(cands)
    r = repr(it)
    ctx.local_use[r] = ctx.local_use.get(r, 0) + 1
    ctx.global_use[(ctx.lang, r)] = ctx.global_use.get((ctx.lang, r), 0) + 1
    return it


class Ctx(object):
    def __init__(self, lang, club, rng, idx, global_use):
        self.lang = lang
        self.club = club
        self.rng = rng
        self.idx = idx
        self.global_use = global_use
        self.local_use = {}
        self.block = []
        self.persona = {}
        self.fpeople = []
        self.used_texts = set()
        self.cur_month = 1
        self.cur_date = None

    def pchoice(self, key, pool, keyf=None):
        keyf = keyf or (lambda x: x)
        used = self.global_use.get(("persona", self.lang, key), [])
        avail = [x for x in pool if keyf(x) not in used] or list(pool)
        return self.rng.choice(avail)

    def blocked(self, text):
        t = text.lower()
        for b in self.block:
            if b in t:
                return True
        return False


# ---------------------------------------------------------------- people
def person_slots(lang, p, pre):
    if lang == "en":
        return {pre: p["first"], pre + "_full": p["first"] + " " + p["last"]}
    if lang == "ru":
        f = p["g"] == "f"
        return {pre: p["nom"], pre + "_gen": p["gen"], pre + "_dat": p["dat"], pre + "_acc": p["acc"],
                pre + "_ins": p["ins"], pre + "_pre": p["pre"], pre + "_a": "а" if f else "",
                pre + "_sya": "ась" if f else "ся", pre + "_sam": "сама" if f else "сам"}
    return {pre: p["sur"]}


def person_cands(lang, p):
    if lang == "en":
        return [p["first"] + " " + p["last"], p["first"]]
    if lang == "ru":
        return dedupe([p["nom"], p["gen"], p["dat"], p["acc"], p["ins"], p["pre"]])
    return [p["sur"] + "さん", p["sur"]]


def person_block(lang, p):
    if lang == "en":
        return [p["first"], p["last"]]
    if lang == "ru":
        return dedupe([p["nom"], p["gen"], p["dat"], p["acc"], p["ins"], p["pre"]])
    return [p["sur"]]


def mk_ru(t):
    nom, gen, dat, acc, ins, pre, g = t
    return dict(nom=nom, gen=gen, dat=dat, acc=acc, ins=ins, pre=pre, g=g)


# ---------------------------------------------------------------- value rendering
def money_styles(lang, n):
    if lang == "en":
        st = ["p", "p", "quid", "pounds"]
        if n >= 1000:
            st += ["pc", "pc"]
            if n % 100 == 0:
                st.append("k")
        return st
    if lang == "ru":
        return ["rub", "rub", "rubsp", "sign", "r"]
    st = ["yen", "yen", "comma", "kanji"]
    if n >= 10000:
        st.append("man")
    return st


def money_render(lang, n, st):
    if lang == "en":
        return {"p": "£%d" % n, "pc": "£{:,}".format(n), "quid": "%d quid" % n,
                "pounds": "{:,} pounds".format(n), "k": "£%sk" % ("%g" % (n / 1000.0))}[st]
    if lang == "ru":
        return {"rub": "%d рублей" % n, "rubsp": "%s руб." % ru_sp(n), "sign": "%s ₽" % ru_sp(n),
                "r": "%dр" % n, "words": "%s рублей" % ru_words(n)}[st]
    if st == "man":
        man, r = divmod(n, 10000)
        return ("%d万%d円" % (man, r)) if r else ("%d万円" % man)
    return {"yen": "%d円" % n, "comma": "{:,}円".format(n), "kanji": "%s円" % ja_kanji(n)}[st]


def money_cands(lang, n):
    if lang == "en":
        c = ["£%d" % n, "£{:,}".format(n), "{:,}".format(n), "%d" % n, "%d quid" % n, "{:,} pounds".format(n)]
        if n >= 1000 and n % 100 == 0:
            c.append("%sk" % ("%g" % (n / 1000.0)))
        return dedupe(c)
    if lang == "ru":
        return dedupe(["%d рублей" % n, str(n), ru_sp(n), ru_words(n)])
    c = ["%d円" % n, "{:,}円".format(n), "%s円" % ja_kanji(n), str(n), "{:,}".format(n)]
    if n >= 10000:
        c.append(money_render("ja", n, "man"))
    return dedupe(c)


def count_cands(lang, n, cfg):
    if lang == "en":
        return [str(n), en_words(n)]
    if lang == "ru":
        return dedupe(["%d %s" % (n, cfg["unit"]), str(n), ru_words(n)])
    return dedupe(["%d%s" % (n, cfg["ctr"]), str(n), "%s%s" % (ja_kanji(n), cfg["ctr"])])


def date_styles(lang):
    if lang == "en":
        return ["dM", "Md", "WdM", "WMd", "thof", "dthM", "slash", "dM", "Md"]
    if lang == "ru":
        return ["dM", "dM", "dot", "ord", "wd"]
    return ["md", "md", "mdw", "sl", "slw"]


def date_render(lang, d, st):
    return {"en": en_date, "ru": ru_date, "ja": ja_date}[lang](d, st)


def date_cands(lang, d):
    return {"en": en_date_cands, "ru": ru_date_cands, "ja": ja_date_cands}[lang](d)


def opt_cands(lang, o):
    if lang == "ru":
        return dedupe([o[2], o[0], o[1]])
    return dedupe([o[1], o[0]])


def value_cands(lang, f, val):
    sub = f["sub"]
    if sub == "role":
        return person_cands(lang, val)
    if sub == "money":
        return money_cands(lang, val)
    if sub == "count":
        return count_cands(lang, val, f["cfg"])
    if sub == "code":
        return [val]
    if sub == "event":
        return date_cands(lang, val)
    if sub == "choice":
        return opt_cands(lang, val)
    if sub == "drop":
        return list(f["cfg"]["keys"])
    raise ValueError(sub)


def two_styles(rng, styles):
    a = rng.choice(styles)
    rest = [s for s in styles if s != a] or [a]
    return a, rng.choice(rest)


def value_slots(ctx, f, val, which):
    """Slots for one value. which == 'v' for the current value, 'old' for the previous one."""
    lang, rng, sub, cfg = ctx.lang, ctx.rng, f["sub"], f["cfg"]
    w = which
    if sub == "role":
        return person_slots(lang, val, "new" if which == "v" else "old")
    if sub == "money":
        a, b = two_styles(rng, money_styles(lang, val))
        s = {w: money_render(lang, val, a), w + "2": money_render(lang, val, b)}
        if lang == "ru":
            s[w + "w"] = money_render(lang, val, rng.choice(["words", "words", "rub"]))
        else:
            s[w + "w"] = s[w]
        return s
    if sub == "count":
        if lang == "en":
            dig, wd = str(val), en_words(val)
        elif lang == "ru":
            dig, wd = "%d %s" % (val, cfg["unit"]), "%s %s" % (ru_words(val), cfg["unit"])
        else:
            dig, wd = "%d%s" % (val, cfg["ctr"]), "%s%s" % (ja_kanji(val), cfg["ctr"])
        return {w: dig, w + "2": rng.choice([dig, dig, wd]), w + "w": wd}
    if sub == "code":
        return {w: val, w + "2": val}
    if sub == "event":
        a, b = two_styles(rng, date_styles(lang))
        s = {w: date_render(lang, val, a), w + "2": date_render(lang, val, b)}
        if lang == "en":
            s[w + "_rel"] = en_date(val, "Wthe")
        elif lang == "ru":
            s[w + "_na"] = ru_date(val, rng.choice(["dM", "dM", "dot", "wdna"]))
            s[w + "_rel"] = ru_date(val, "rel")
            s[w + "_rel_na"] = ru_date(val, "rel_na")
            s[w + "_rel_when"] = ru_date(val, "rel_when")
        else:
            s[w + "_rel"] = ja_date(val, "rel")
            s[w + "_wd"] = JA_WD[val.weekday()] + "曜"
        return s
    if sub == "choice":
        if lang == "ru":
            return {w: val[2], w + "_nom": val[0], w + "_acc": val[1]}
        return {w: val[1], w + "_full": val[0]}
    raise ValueError(sub)


# ---------------------------------------------------------------- drawing values
def weekend_in(rng, lo, hi):
    days = []
    d = lo
    while d <= hi:
        if d.weekday() in (5, 6):
            days.append(d)
        d += datetime.timedelta(days=1)
    sats = [x for x in days if x.weekday() == 5]
    if sats and rng.random() < 0.75:
        return rng.choice(sats)
    return rng.choice(days)


def draw_count(lang, rng, cfg):
    while True:
        n = rng.randint(cfg["lo"], cfg["hi"])
        if lang != "ru" or ru_genpl_ok(n):
            return n


def draw_code(rng, cfg):
    if cfg.get("style") == "alnum":
        return cfg["prefix"] + str(rng.randint(10000, 99999))
    while True:
        c = str(rng.randint(1000, 9999))
        if len(set(c)) >= 3:
            return c


def draw_stage_values(ctx, f, nst, people):
    """Return (values, ctypes) for a fact with nst stages. people: list of available persons."""
    lang, rng, sub, cfg = ctx.lang, ctx.rng, f["sub"], f["cfg"]
    ctypes = [None]
    if sub == "role":
        vals = [people.pop() for _ in range(nst)]
        return vals, [None] * nst
    if sub == "drop":
        return [cfg], [None]
    if sub == "choice":
        return rng.sample(list(cfg["opts"]), nst), [None] * nst
    if sub == "money":
        v = rng.randrange(cfg["lo"], cfg["hi"] + 1, cfg["step"])
        vals = [v]
        for _ in range(nst - 1):
            while True:
                fac = rng.choice([-0.3, -0.2, -0.15, -0.1, 0.1, 0.15, 0.2, 0.25, 0.4])
                nv = int(round(vals[-1] * (1 + fac) / cfg["step"])) * cfg["step"]
                if nv > 0 and nv not in vals:
                    break
            vals.append(nv)
            ctypes.append(None)
        return vals, ctypes
    if sub == "count":
        v = draw_count(lang, rng, cfg)
        vals = [v]
        for _ in range(nst - 1):
            while True:
                nv = vals[-1] + rng.choice([-1, 1, 1]) * rng.randint(2, 8)
                if nv > 5 and nv not in vals and (lang != "ru" or ru_genpl_ok(nv)):
                    break
            vals.append(nv)
            ctypes.append(None)
        return vals, ctypes
    if sub == "code":
        vals = [draw_code(rng, cfg)]
        for _ in range(nst - 1):
            vals.append(draw_code(rng, cfg))
            ctypes.append(None)
        return vals, ctypes
    if sub == "event":
        lo, hi = D(cfg["lo"]), D(cfg["hi"])
        v = weekend_in(rng, lo, hi)
        vals = [v]
        for s in range(1, nst):
            old = vals[-1]
            opts = ["week_later", "week_later", "week_earlier", "abs", "abs", "abs"]
            if old.weekday() == 5:
                opts.append("next_day")
            ct = rng.choice(opts)
            if ct == "week_later":
                nv = old + datetime.timedelta(days=7)
            elif ct == "week_earlier":
                nv = old - datetime.timedelta(days=7)
            elif ct == "next_day":
                nv = old + datetime.timedelta(days=1)
            else:
                while True:
                    nv = weekend_in(rng, lo - datetime.timedelta(days=14), hi + datetime.timedelta(days=21))
                    if abs((nv - old).days) >= 8 and nv not in vals:
                        break
            vals.append(nv)
            ctypes.append(ct)
        return vals, ctypes
    raise ValueError(sub)


def values_ok(ctx, f, vals, taken):
    lang = ctx.lang
    cands = [value_cands(lang, f, v) for v in vals]
    fin = cands[-1]
    for c in cands[:-1]:
        if any_related(c, fin):
            return False
    sub = f["sub"]
    if sub in ("money", "count", "code"):
        for v in vals:
            for t in taken["num"]:
                if related(str(v), t):
                    return False
    if sub == "event":
        for v in vals:
            for t in taken["date"]:
                if v == t or v.day == t.day:
                    return False
    return True


def register_taken(f, vals, taken):
    if f["sub"] in ("money", "count", "code"):
        taken["num"].extend(str(v) for v in vals)
    if f["sub"] == "event":
        taken["date"].extend(vals)


# ---------------------------------------------------------------- engine
TKEY = {"role": "name", "money": "money", "count": "count", "code": "code", "event": "date",
        "choice": "decision", "drop": "reason"}


def join_opts(lang, opts):
    if lang == "en":
        xs = [o[0] for o in opts]
        return ", ".join(xs[:-1]) + " or " + xs[-1]
    if lang == "ru":
        xs = [o[0] for o in opts]
        return ", ".join(xs[:-1]) + " или " + xs[-1]
    return "、".join(o[0] for o in opts)


def base_slots(ctx, f):
    s = {}
    for k, v in f["cfg"].items():
        if isinstance(v, str):
            s[k] = v
    s.update(ctx.persona)
    tp = ctx.rng.choice(ctx.fpeople)
    s.update(LANGS[ctx.lang]["third"](tp))
    if ctx.lang == "en" and f["sub"] == "money":
        pl = f["cfg"].get("pl", False)
        s.update({"is": "are" if pl else "is", "it_is": "they're" if pl else "it's",
                  "it_has": "they've" if pl else "it's"})
    if f["sub"] == "choice":
        s["opts"] = join_opts(ctx.lang, f["cfg"]["opts"])
    if f["sub"] == "money" and ctx.lang == "ru":
        s["i_a"] = {"m": "", "f": "а", "n": "о"}[f["cfg"]["g"]]
    if f["sub"] == "count" and ctx.lang == "ru":
        s["i_sya"] = {"m": "ся", "f": "ась", "n": "ось"}[f["cfg"]["g"]]
    return s


def stage_slots(ctx, f, s):
    sl = base_slots(ctx, f)
    if f["sub"] == "drop":
        return sl
    sl.update(value_slots(ctx, f, f["values"][s], "v"))
    if s >= 1:
        sl.update(value_slots(ctx, f, f["values"][s - 1], "old"))
        if f["sub"] == "count":
            dlt = abs(f["values"][s] - f["values"][s - 1])
            sl["delta"] = str(dlt)
            sl["deltaw"] = en_words(dlt) if ctx.lang == "en" else str(dlt)
    return sl


def norm_chg(items):
    out = []
    for it in items:
        if isinstance(it, str):
            out.append((it, "any"))
        else:
            out.append(it)
    return out


def user_text(ctx, text):
    ops = LANGS[ctx.lang]["openers"]
    if ctx.rng.random() < 0.12:
        return ctx.rng.choice(ops) + text
    return text


def fact_beats(ctx, f):
    """List of beats; a beat is a list of (role, text, fid, stage)."""
    rng, lang = ctx.rng, ctx.lang
    T = LANGS[lang]["T"][TKEY[f["sub"]]]
    fid = f["fid"]
    nst = len(f["values"])
    beats = []

    def ut(tpl, sl):
        return user_text(ctx, fill(tpl, sl))

    if f["sub"] == "choice":
        u, a = pick(ctx, "opt", T["opt"])
        sl = stage_slots(ctx, f, 0)
        beats.append([("user", ut(u, sl), fid, None), ("assistant", fill(a, sl), fid, None)])
    # stage 0
    sl = stage_slots(ctx, f, 0)
    if "pre0" in T and rng.random() < 0.3:
        u, a = pick(ctx, "pre0", T["pre0"])
        beats.append([("user", ut(u, sl), fid, None), ("assistant", fill(a, sl), fid, None)])
        u2 = pick(ctx, "post0", T["post0"])
        a2 = pick(ctx, "set_a", T["set_a"])
        beats.append([("user", ut(u2, sl), fid, 0), ("assistant", fill(a2, sl), fid, 0)])
    else:
        u = pick(ctx, "set", T["set"])
        a = pick(ctx, "set_a", T["set_a"])
        beats.append([("user", ut(u, sl), fid, 0), ("assistant", fill(a, sl), fid, 0)])
    for s in range(1, nst):
        sl = stage_slots(ctx, f, s)
        ct = f["ctypes"][s]
        if f["sub"] in ("money", "count"):
            d = "up" if f["values"][s] > f["values"][s - 1] else "down"
            ok = ("any", d)
        elif f["sub"] == "event":
            ok = (ct,) if ct != "abs" else (("abs", "abs2") if s >= 2 else ("abs",))
        else:
            ok = ("any",)
        use_pre = ("pre" in T and rng.random() < 0.25 and (f["sub"] != "event" or ct == "abs"))
        if use_pre:
            u, a = pick(ctx, "pre", T["pre"])
            beats.append([("user", ut(u, sl), fid, None), ("assistant", fill(a, sl), fid, None)])
            u2 = pick(ctx, "post", T["post"])
            a2 = pick(ctx, "chg_a", T["chg_a"])
            beats.append([("user", ut(u2, sl), fid, s), ("assistant", fill(a2, sl), fid, s)])
        else:
            cands = [c for c in norm_chg(T["chg"]) if c[1] in ok]
            u = pick(ctx, "chg", cands)[0]
            a = pick(ctx, "chg_a", T["chg_a"])
            beats.append([("user", ut(u, sl), fid, s), ("assistant", fill(a, sl), fid, s)])
    if "rem" in T and rng.random() < (0.45 if f["q"] else 0.2):
        sl = stage_slots(ctx, f, nst - 1)
        u, a = pick(ctx, "rem", T["rem"])
        beats.append([("user", ut(u, sl), fid, nst - 1), ("assistant", fill(a, sl), fid, nst - 1)])
    return beats


def gen_filler(ctx):
    rng, lang = ctx.rng, ctx.lang
    pack = LANGS[lang]
    month = ctx.cur_month
    pool = [it for it in pack["filler"] + ctx.club["filler"] if len(it) < 3 or month in it[2]]
    for _ in range(400):
        item = pick(ctx, "F", pool)
        sl = pack["fslots"](ctx)
        u = fill(item[0], sl)
        a = fill(pick(ctx, "FR", item[1]), sl)
        dec = pack["decor"]
        x = rng.random()
        if x < 0.22 and ": " not in u[:30]:
            u = pick(ctx, "UP", dec["upre"]) + u
        elif x < 0.36:
            u = u + pick(ctx, "US", dec["usuf"])
        if rng.random() < 0.6:
            add = pick(ctx, "AA", dec["aadd"])
            if add.strip().lower()[:7] not in a.lower():
                a = a + add
        if ctx.blocked(u) or ctx.blocked(a) or u in ctx.used_texts:
            continue
        ctx.used_texts.add(u)
        msgs = [("user", u, None, None)]
        if rng.random() < 0.05:
            fu = fill(rng.choice(pack["follow"]), sl)
            if not ctx.blocked(fu) and fu not in ctx.used_texts:
                ctx.used_texts.add(fu)
                msgs.append(("user", fu, None, None))
        msgs.append(("assistant", a, None, None))
        return msgs
    raise RuntimeError("no filler possible")


def choose_people(ctx, need):
    lang = ctx.lang
    pool = list(LANGS[lang]["people"])
    ctx.rng.shuffle(pool)
    chosen = []
    for p in pool:
        forms = person_block(lang, p) + person_cands(lang, p)
        okp = True
        for q in chosen:
            if any_related(forms, person_block(lang, q) + person_cands(lang, q)):
                okp = False
                break
        if okp:
            chosen.append(p)
        if len(chosen) >= need:
            break
    if len(chosen) < need:
        raise RuntimeError("not enough people")
    return chosen


def make_dialog(ctx, i):
    lang, rng, club = ctx.lang, ctx.rng, ctx.club
    pack = LANGS[lang]
    facts = []
    for r in club["roles"]:
        facts.append(dict(kind="name", sub="role", cfg=r))
    for m in club["money"]:
        facts.append(dict(kind="number", sub="money", cfg=m))
    facts.append(dict(kind="number", sub="count", cfg=club["count"]))
    facts.append(dict(kind="number", sub="code", cfg=club["code"]))
    for e in club["events"]:
        facts.append(dict(kind="date", sub="event", cfg=e))
    facts.append(dict(kind="decision", sub="choice", cfg=club["choice"]))
    facts.append(dict(kind="reason", sub="drop", cfg=club["drop"]))
    for k, f in enumerate(facts):
        f["fid"] = k
        f["q"] = False
        f["sup"] = False
    # questions
    qids = []
    for kind in PATTERNS[PLAN[i]]:
        avail = [f["fid"] for f in facts if f["kind"] == kind and f["fid"] not in qids]
        qids.append(rng.choice(avail))
    for fid in qids:
        facts[fid]["q"] = True
    sup_pool = [fid for fid in qids if facts[fid]["kind"] != "reason"]
    for fid in rng.sample(sup_pool, N_SUP[i]):
        facts[fid]["sup"] = True
    for f in facts:
        if f["sup"]:
            p3 = {"event": 0.5, "money": 0.3, "count": 0.25}.get(f["sub"], 0.0)
            f["nst"] = 2 + (1 if rng.random() < p3 else 0)
        elif f["q"] or f["kind"] == "reason":
            f["nst"] = 1
        else:
            f["nst"] = 2 if rng.random() < 0.35 else 1
    need = sum(f["nst"] for f in facts if f["sub"] == "role")
    people = choose_people(ctx, need)
    taken = {"num": [], "date": []}
    for f in facts:
        for _ in range(2000):
            vals, cts = draw_stage_values(ctx, f, f["nst"], people)
            if f["sub"] == "role" or values_ok(ctx, f, vals, taken):
                break
        else:
            raise RuntimeError("cannot draw values for %r" % (f["cfg"],))
        f["values"], f["ctypes"] = vals, cts
        register_taken(f, vals, taken)
    block = []
    for f in facts:
        for v in f["values"]:
            block += value_cands(lang, f, v)
            if f["sub"] == "role":
                block += person_block(lang, v)
        if f["sub"] == "choice":
            for o in f["cfg"]["opts"]:
                block += opt_cands(lang, o)
    ctx.block = dedupe([b.lower() for b in block])
    # distractor people and persona
    ctx.fpeople = [p for p in pack["fpeople"]
                   if not any(ctx.blocked(x) for x in person_block(lang, p))]
    for _ in range(500):
        per = pack["persona"](ctx)
        if not any(ctx.blocked(v) for v in per.values() if isinstance(v, str)):
            ctx.persona = per
            for k, v in per.items():
                ctx.global_use.setdefault(("persona", lang, k), []).append(v)
            break
    else:
        raise RuntimeError("no persona")
    # beats
    seqs = [fact_beats(ctx, f) for f in facts]
    order = []
    rem = [list(s) for s in seqs]
    while any(rem):
        weights = [len(r) for r in rem]
        k = rng.choices(range(len(rem)), weights=weights)[0]
        order.append(rem[k].pop(0))
    # intro
    iu, ia = pick(ctx, "intro", pack["intro"])
    isl = dict(ctx.persona)
    isl["club"] = club["name"]
    isl["desc"] = club["desc"]
    msgs = [("user", fill(iu, isl), None, None), ("assistant", fill(ia, isl), None, None)]
    L = rng.randrange(152, 238, 2)
    beat_msgs = sum(len(b) for b in order) + 2
    tail_units = rng.randint(21, 26)
    mid_units = max(len(order) + 4, (L - beat_msgs) // 2 - tail_units)
    gaps = [1] * len(order)
    gaps[0] = 2
    for _ in range(mid_units - sum(gaps)):
        gaps[rng.randrange(len(gaps))] += 1
    s_lo, s_hi = D(club["season"][0]), D(club["season"][1])
    span = (s_hi - s_lo).days

    def set_month():
        frac = min(1.0, len(msgs) / float(L))
        ctx.cur_date = s_lo + datetime.timedelta(days=int(frac * span))
        ctx.cur_month = ctx.cur_date.month

    for g, b in zip(gaps, order):
        for _ in range(g):
            set_month()
            msgs.extend(gen_filler(ctx))
        msgs.extend(b)
    for _ in range(tail_units):
        set_month()
        msgs.extend(gen_filler(ctx))
    # questions
    n = len(msgs)
    questions = []
    rng.shuffle(qids)
    T_all = pack["T"]
    for fid in qids:
        f = facts[fid]
        fin = len(f["values"]) - 1
        fin_idx = [j for j, m in enumerate(msgs) if m[2] == fid and m[3] == fin]
        fc = value_cands(lang, f, f["values"][fin])
        acc = [c for c in fc if any(c.lower() in msgs[j][1].lower() for j in fin_idx)]
        ev = [j for j in fin_idx if any(a.lower() in msgs[j][1].lower() for a in acc)]
        wrong = []
        for s in range(fin):
            sidx = [j for j, m in enumerate(msgs) if m[2] == fid and m[3] == s]
            for c in value_cands(lang, f, f["values"][s]):
                if any(c.lower() in msgs[j][1].lower() for j in sidx) and c not in wrong:
                    wrong.append(c)
        if not acc or not ev:
            raise RuntimeError("no accepted answer for fact %d in dialog %d" % (fid, i))
        if fin > 0 and not wrong:
            raise RuntimeError("no wrong value for fact %d in dialog %d" % (fid, i))
        T = T_all[TKEY[f["sub"]]]
        ql = list(f["cfg"].get("qs") or T.get("q"))
        qs = list(f["cfg"].get("qs_sup") or T.get("q_sup") or [])
        if f["sup"] and qs and rng.random() < 0.6:
            ql = qs
        elif f["sup"]:
            ql = ql + qs
        qsl = base_slots(ctx, f)
        qtext = None
        for _ in range(50):
            cand = fill(pick(ctx, "q", ql), qsl)
            low = cand.lower()
            if not any(a.lower() in low for a in acc + wrong):
                qtext = cand
                break
        if qtext is None:
            raise RuntimeError("no question text")
        q = {"kind": f["kind"], "q": qtext, "answers": acc}
        if wrong:
            q["wrong"] = wrong
        q["evidence"] = ev
        questions.append(q)
    return {
        "id": "b14-%d" % (i + 1),
        "lang": lang,
        "messages": [{"role": m[0], "text": m[1]} for m in msgs],
        "questions": questions,
    }


def generate():
    global_use = {}
    dialogs = []
    counters = {"en": 0, "ru": 0, "ja": 0}
    for i in range(12):
        lang = LANG_ORDER[i]
        club = LANGS[lang]["clubs"][counters[lang]]
        counters[lang] += 1
        rng = random.Random(1400000 + 7919 * i)
        ctx = Ctx(lang, club, rng, i, global_use)
        dialogs.append(make_dialog(ctx, i))
    return dialogs


def dumps(data):
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


# ================================================================ ENGLISH
WINTER = (11, 12, 1, 2, 3)
SUMMER = (5, 6, 7, 8, 9)
POLLEN = (3, 4, 5, 6, 7)
AUTUMN_WINTER = (10, 11, 12, 1, 2, 3, 4)
EN_PEOPLE = [dict(first=a, last=b) for a, b in [
    ("Priya", "Shah"), ("Gareth", "Lloyd"), ("Siobhan", "Mulligan"), ("Declan", "Doyle"),
    ("Fiona", "Baxter"), ("Marcus", "Okafor"), ("Yusuf", "Khan"), ("Bethany", "Whitlock"),
    ("Callum", "Brennan"), ("Niamh", "Kowalczyk"), ("Imogen", "Thackeray"), ("Tariq", "Aziz"),
    ("Harriet", "Ashworth"), ("Kwame", "Mensah"), ("Rhiannon", "Pryce"), ("Duncan", "Carmichael"),
    ("Leonie", "Ferreira"), ("Magnus", "Lindqvist"), ("Agnieszka", "Nowak"), ("Thandiwe", "Dube"),
    ("Ewan", "Menon"), ("Shireen", "Hussain"),
]]
EN_FPEOPLE = [dict(first=a, last=b) for a, b in [
    ("Colin", "Hargreaves"), ("Maureen", "Pilling"), ("Dave", "Danby"), ("Sandra", "Fenwick"),
    ("Trevor", "Latimer"), ("Lucy", "Okoro"), ("Hamish", "Grieve"), ("Ayesha", "Malik"),
    ("Bronwen", "Pugh"), ("Kieran", "Walsh"), ("Otis", "Quinn"), ("Freya", "Lund"),
    ("Nadia", "Haddad"), ("Eileen", "Moss"), ("Barry", "Clegg"), ("Josie", "Marsh"),
    ("Wendy", "Hirst"), ("Clive", "Parr"), ("Tamsin", "Yeo"), ("Gemma", "Rigby"),
    ("Vince", "Teal"), ("Pauline", "Crook"), ("Stan", "Ogden"), ("Keisha", "Bright"),
]]
EN_KIDS = ["Alfie", "Maisie", "Theo", "Isla", "Finley", "Poppy", "Noah", "Ruby", "Oscar", "Evie"]
EN_PARTNERS = ["Dan", "Helen", "Sam", "Chris", "Kate", "Mike", "Jo", "Lou"]
EN_PETS = ["Biscuit", "Pickle", "Rolo", "Bramble", "Pudding", "Nutmeg"]
EN_TEAMS = ["Arsenal", "Leeds", "Spurs", "Villa", "Everton", "Newcastle", "Brighton", "Forest",
            "Wolves", "Sunderland", "Fulham", "Palace"]
EN_PLACES = ["Whitby", "Llandudno", "Cornwall", "Edinburgh", "Lisbon", "the Lakes", "Norfolk",
             "Tenby", "Majorca", "York"]
EN_DISHES = ["shakshuka", "katsu curry", "fish pie", "dal", "toad in the hole", "risotto",
             "chilli", "banana bread"]
EN_TOWNS = ["Ilkley", "Otley", "Chesterfield", "Buxton", "Stockport", "Halifax", "Macclesfield", "Bakewell",
            "Hebden Bridge", "Wakefield"]
EN_ROADS = ["the bypass", "Station Road", "the high street", "the ring road", "Mill Lane", "Church Street"]
EN_SURNAMES = ["Hargreaves", "Pilling", "Okoro", "Danby", "Fenwick", "Latimer", "Rourke", "Sims"]


def en_persona(ctx):
    r = ctx.rng
    return {"kid": ctx.pchoice("kid", EN_KIDS), "partner": ctx.pchoice("partner", EN_PARTNERS),
            "pet": ctx.pchoice("pet", EN_PETS), "team": ctx.pchoice("team", EN_TEAMS),
            "town": ctx.pchoice("town", EN_TOWNS), "road": ctx.pchoice("road", EN_ROADS)}


def rand_season_date(ctx):
    return ctx.cur_date + datetime.timedelta(days=ctx.rng.randint(2, 45))


def en_fslots(ctx):
    r = ctx.rng
    sl = dict(ctx.persona)
    p, p2 = r.sample(ctx.fpeople, 2)
    sl["p"], sl["p2"] = p["first"], p2["first"]
    sl["team2"] = r.choice([t for t in EN_TEAMS if t != sl["team"]])
    a, b = r.randint(0, 2), r.randint(1, 4)
    sl["score_l"] = "%d-%d" % (a, a + b)
    sl["score_w"] = "%d-%d" % (a + b, a)
    sl["n"] = str(r.randint(2, 9))
    sl["nn"] = str(r.randint(11, 95))
    sl["price"] = "£%d" % r.randint(15, 480)
    sl["price_small"] = "£%d" % r.randint(3, 40)
    sl["pence"] = "%dp" % r.randint(5, 30)
    h, m = r.randint(6, 21), r.choice([0, 15, 30, 45])
    h12 = h % 12 or 12
    sl["time"] = r.choice(["%d:%02d" % (h, m), "%d.%02d%s" % (h12, m, "am" if h < 12 else "pm")])
    e1, e2 = r.randint(5, 6), r.choice([0, 10, 20, 30, 40, 50])
    sl["early"] = r.choice(["%d:%02d" % (e1, e2), "%d.%02dam" % (e1, e2)])
    l1 = r.choice([0, 1, 2, 3, 4])
    sl["late"] = r.choice(["%02d:%02d" % (l1, e2), "%d.%02dam" % (l1 or 12, e2)])
    p1 = r.randint(3, 8)
    sl["pm"] = r.choice(["%d:%02d" % (p1 + 12, e2), "%d.%02dpm" % (p1, e2)])
    sl["kids"] = str(r.randint(14, 24))
    sl["n5"] = str(r.randint(5, 9))
    sl["date"] = en_date(rand_season_date(ctx), r.choice(["dM", "Md", "dthM", "WdM", "thof"]))
    sl["day"] = r.choice(EN_WD)
    sl["month"] = EN_MONTHS[ctx.cur_month - 1]
    sl["place"] = r.choice(EN_PLACES)
    sl["dish"] = r.choice(EN_DISHES)
    sl["cold"] = str(r.randint(-4, 5))
    sl["warm"] = str(r.randint(22, 31))
    x, y = r.randint(12, 29), r.randint(3, 9)
    sl["a"], sl["b"], sl["ab"] = str(x), str(y), str(x * y)
    sl["rating"] = str(r.randint(1450, 2150))
    sl["miles"] = str(r.randint(8, 24))
    sl["mph"] = str(r.randint(35, 70))
    sl["surname"] = r.choice(EN_SURNAMES)
    sl["hours"] = str(r.randint(2, 6))
    return sl


EN_T = {
    "name": {
        "set": [
            "Sorted {role} — {new_full} has said yes to doing it this season.",
            "{new} volunteered to take on {role}, which is a relief.",
            "At the committee meeting we agreed {new_full} will handle {role}.",
            "Quick update: from now on {role} will be {new}'s job.",
            "Good news, {new} has put a hand up for {role}. One less thing for me to juggle.",
            "Can you remember for me that {new_full} is our person for {role}?",
            "Finally found someone for {role}: {new_full}. Bribed with biscuits, but still.",
        ],
        "set_a": [
            "Great — {new} is on {role}. That's a big job off your plate.",
            "Noted: {new_full} looks after {role}.",
            "Lovely. I'll remember {new} for {role}.",
            "Good to have that covered. So {new} is your go-to for {role}.",
            "Brilliant, {new_full} for {role}. Worth thanking them publicly at some point.",
        ],
        "chg": [
            "Change of plan on {role}: {old} has stepped back, {new_full} is taking it over.",
            "Ugh, {old} has dropped out of {role} — work's gone mad apparently. {new} has kindly stepped in.",
            "Just had a text from {new}: \"Happy to take {role} off {old}'s hands, leave it with me.\" So that's that.",
            "By the way, {new} has {role} now, not {old}.",
            "{new_full} is doing {role} from this week. Long story.",
            "Remember I said {old} would do {role}? Not any more. It's {new} now.",
            "Honestly, it's been a shambles with {role}. {old} kept forgetting, so I've handed it to {new_full} instead.",
            "Rained off again tonight, the grass was a swamp. Oh and {new} is in charge of {role} now — {old} asked to swap out.",
            "{old} and {new} have swapped a few jobs round, so {new} looks after {role} from now on.",
        ],
        "chg_a": [
            "Got it — {new} handles {role} now instead of {old}.",
            "Thanks for the update. {new_full} looks after {role} from here on.",
            "Okay, I'll treat {new} as the contact for {role}.",
            "Noted. Good of {new} to step up.",
            "Right, so {new} takes over {role}.",
        ],
        "pre": [
            ("{old} says there's no way to carry on with {role}. I need someone new.",
             "That's a pain. Anyone in mind who might say yes?"),
            ("Bit of a crisis: {old} can't keep doing {role} after this month.",
             "Oh no. Might be worth asking at the next session whether anyone fancies it."),
        ],
        "post": [
            "Found someone for {role}: {new_full} said yes!",
            "Update on {role} — {new} is taking it on. Phew.",
        ],
        "rem": [
            ("People keep messaging me about {role}. I just forward everything to {new}.",
             "Sensible — {new} is the one who'll know."),
            ("Need to remember to thank {new} for all the work on {role}.",
             "Definitely. A card or a small gift would go down well."),
        ],
        "q": [
            "Who's actually doing {role}? I've lost track.",
            "Remind me — who's got {role}?",
            "Who should I ping about {role}?",
            "Who's in charge of {role} these days?",
            "Sorry, brain like a sieve: who's the person for {role}?",
        ],
        "q_sup": [
            "Who did {role} end up with after all the shuffling?",
            "Who took over {role} in the end?",
            "Who's doing {role} now, after the change?",
        ],
    },
    "money": {
        "set": [
            "We've set {item} at {v}.",
            "The treasurer reckons {item} should be {v}. Seems fair to me.",
            "{Item} came in at {v}, which is less than I feared.",
            "So the quote for {item} is {v}.",
            "Decided at the meeting: {item} will be {v}.",
            "{third} has done the sums and it comes to {v} for {item}.",
        ],
        "set_a": [
            "Okay, {v2} for {item}. Noted.",
            "{V2} sounds reasonable for {item}.",
            "Good, so that's {item} at {v2}.",
            "Noted — {v2}. I'll keep that handy.",
        ],
        "chg": [
            ("Bad news on {item}: {it_has} gone up to {v}.", "up"),
            ("We've had to revise {item} — {it_is} {v} now, not {old}.", "any"),
            ("Turns out {old} was last year's figure. {Item} {is} actually {v}.", "any"),
            ("Final figure for {item}: {v}. Bit of a jump.", "up"),
            ("Managed to haggle {item} down to {v}!", "down"),
            ("Committee voted to change {item} to {v}.", "any"),
            ("Just checked my email — {item} {is} {v} after all.", "any"),
            ("{third} found a cheaper option, so {item} {is} down to {v}.", "down"),
            ("Grumble of the day: {item} {is} now {v}. Everything costs more.", "up"),
        ],
        "chg_a": [
            "Thanks — updating {item} to {v2}.",
            "Okay, so it's {v2} for {item} now.",
            "Right, {v2} it is.",
            "Noted: {v2} for {item} from now on.",
        ],
        "pre": [
            ("Still waiting to hear back about {item}. They said {old} was only provisional.",
             "Fingers crossed it doesn't move much. Let me know what they say."),
            ("I've got a feeling {item} is going to change, {old} looked too good to be true.",
             "Worth double-checking before you tell everyone."),
        ],
        "post": [
            "Heard back about {item}: {v}.",
            "Right, the confirmed figure for {item} is {v}.",
        ],
        "pre0": [
            ("Waiting on a quote for {item}.", "Hopefully it's reasonable. Let me know when it comes in."),
            ("No idea yet what {item} will be. Treasurer's on it.", "Okay — shout when you have a number."),
        ],
        "post0": [
            "Quote's in for {item}: {v}.",
            "Treasurer came back — {item} {is} {v}.",
        ],
        "rem": [
            ("Put {item} — {v} — in the newsletter so nobody can say they didn't know.",
             "Good idea, it's all in writing then."),
            ("Told {third} about {item}, {v}. No complaints, surprisingly.", "That's a relief!"),
        ],
        "q": [
            "How much did {item} come to?",
            "What did we settle on for {item}?",
            "Sorry, what's the figure for {item} again?",
            "What are we paying for {item}?",
        ],
        "q_sup": [
            "After all that back and forth, what's the final figure for {item}?",
            "How much did {item} come to in the end?",
        ],
    },
    "count": {
        "set": [
            "We've got {v} {what} so far.",
            "Latest on {item}: {v}.",
            "{Item} are at {v} so far, which is decent.",
            "Looks like {vw} {what}. Not bad at all.",
            "{third} sent me the list — {v} {what}.",
        ],
        "set_a": [
            "That's {v2} — a healthy number.",
            "Great, {v2} {what}.",
            "{V2} is a good turnout at this stage.",
        ],
        "chg": [
            ("A few more came in — {v} {what} now.", "up"),
            ("{Deltaw} more signed up, so we're at {v}.", "up"),
            ("{Deltaw} dropped out, so {item} are down to {v}.", "down"),
            ("Final number for {item} is {v}.", "any"),
            ("Updated list from {third}: {v} {what}.", "any"),
            ("Correction on {item}: it's {v}, I miscounted earlier.", "any"),
            ("Annoyingly {item} have gone down to {v}. Exams, holidays, you name it.", "down"),
        ],
        "chg_a": [
            "Okay, {v2} then.",
            "Updated: {v2} {what}.",
            "Got it, {item} are at {v2} now.",
        ],
        "rem": [
            ("Told {third} the latest on {item}: {v}.", "Good, one less person asking."),
            ("Told the venue we're {v} for {item}.", "Good, they'll want numbers in advance."),
        ],
        "q": [
            "How many {what} have we got?",
            "What's the number for {item}?",
            "How many are we for {item}?",
        ],
        "q_sup": [
            "How many {what} in the end?",
            "What's the final count for {item}?",
        ],
    },
    "code": {
        "set": [
            "{Item} is {v}.",
            "For the record, {item} is {v} — please don't let me post it on the group chat.",
            "{third} gave me {item}: {v}.",
            "Writing this down somewhere safe: {item} = {v}.",
        ],
        "set_a": [
            "Noted: {v2}.",
            "Got it — {item} is {v2}.",
            "Saved. {V2}, and I'll keep it off anything public.",
        ],
        "chg": [
            "They've changed {item} to {v}.",
            "{Item} got reset after the break-in — it's {v} now.",
            "Heads up, {item} is now {v}, the old one stopped working.",
            "{third} says {item} was changed last week. New one is {v}.",
        ],
        "chg_a": [
            "Thanks — {item} updated to {v2}.",
            "Noted, {v2} from now on.",
        ],
        "rem": [
            ("Let {third} in this morning using {item}, {v}. Worked first time.", "Good to know it's working."),
        ],
        "q": [
            "What's {item} again?",
            "Can you remind me of {item}?",
            "I'm standing outside — what's {item}?",
        ],
        "q_sup": [
            "What's {item} now that it's been changed?",
        ],
    },
    "date": {
        "set": [
            "{Event} is booked for {v}.",
            "Pencil in {v} for {event}.",
            "We've got a date for {event}: {v}.",
            "{Event} — {v}. Finally confirmed.",
            "Email just came in: {event} will be on {v}.",
            "{third} confirmed {event} for {v}.",
        ],
        "set_a": [
            "Lovely, {event} on {v2}. I'll keep it in mind.",
            "{V2} it is for {event}.",
            "Noted — {v2}.",
            "Great, {v2} for {event}. Plenty of time to prepare.",
        ],
        "chg": [
            ("{Event} has been pushed back a week, so it's {v_rel} now.", "week_later"),
            ("They've bumped {event} by a week — {v_rel}.", "week_later"),
            ("{Event} has been brought forward a week, to {v_rel}. Eek.", "week_earlier"),
            ("Earlier than planned: {event} moves up a week to {v_rel}.", "week_earlier"),
            ("{Event} has moved to the day after — {v_rel}.", "next_day"),
            ("Small change: {event} is on the Sunday now, {v_rel}, not the Saturday.", "next_day"),
            ("{Event} is now {v}, not {old}.", "abs"),
            ("New date for {event}: {v}.", "abs"),
            ("Would you believe it, {event} has moved again, to {v}.", "abs2"),
            ("Venue's double-booked, so {event} shifts to {v}.", "abs"),
            ("{third} just rang: {event} can't go ahead on {old}, it's {v} instead.", "abs"),
        ],
        "chg_a": [
            "So that's {v2} for {event} now.",
            "Updated: {event} is on {v2}.",
            "Got it — {v2}. I'll forget the old date.",
            "Right, {v2}. Annoying, but manageable.",
        ],
        "pre": [
            ("Looks like {event} on {old} might not happen, there's a clash with something.",
             "Ugh. Let me know once they give you a new date."),
            ("Rumours that {event} is moving. Nobody will confirm.", "Classic. I'd wait until it's in writing."),
        ],
        "post": [
            "Confirmed: {event} is now {v}.",
            "Okay, finally: {event} has moved to {v}.",
        ],
        "pre0": [
            ("Still no date for {event}. Waiting on {third}.", "Hopefully soon — people will want to plan."),
        ],
        "post0": [
            "{third} came back with a date for {event}: {v}.",
        ],
        "rem": [
            ("Sent the reminder about {event} — {v}.", "Good, people forget."),
            ("Put {event} on the club calendar for {v}.", "Perfect, one place to look."),
        ],
        "q": [
            "When is {event}?",
            "Remind me when {event} is?",
            "Which day is {event} again?",
        ],
        "q_sup": [
            "When is {event} now?",
            "What date did {event} end up on?",
        ],
    },
    "decision": {
        "opt": [
            ("Trying to decide on {topic}. Options are {opts}.",
             "All could work. What matters most to the group?"),
            ("Help me think about {topic}: it's between {opts}.",
             "Might be worth asking the group for a quick vote — people like being consulted."),
            ("Shortlist for {topic}: {opts}. Thoughts?",
             "Hard to call from here — what do the others think?"),
        ],
        "set": [
            "Right, {topic}: we're going with {v_full}.",
            "The vote on {topic} went to {v_full}.",
            "Decision made on {topic} — {v_full}.",
            "{V_full} for {topic}. Done, no more debate.",
        ],
        "set_a": [
            "Good choice — {v} it is.",
            "{V} for {topic}. Sorted.",
            "Nice, that's one decision ticked off.",
        ],
        "chg": [
            "Change on {topic} — we're switching to {v_full} after all.",
            "Forget {old}, {topic} is going to be {v_full}.",
            "{Old_full} fell through, so {topic} is now {v_full}.",
            "The committee overruled me on {topic}: {v_full} instead of {old}.",
            "After the mess with {old}, we've settled on {v_full} for {topic}.",
        ],
        "chg_a": [
            "Okay — {v} instead of {old}. Noted.",
            "Got it, {topic} is {v} now.",
            "Fair enough, {v} it is.",
        ],
        "rem": [
            ("Told everyone about {topic}: {v_full}.", "Great, nice to have it settled."),
        ],
    },
    "reason": {
        "set": [
            "{Plan} is off, sadly. {Why}.",
            "We've had to scrap {plan} — {why}.",
            "No go on {plan}. {Why}, apparently.",
            "{Plan}? Dropped it. {Why}.",
        ],
        "set_a": [
            "That's a shame about {plan}, but {why2} is a fair dealbreaker.",
            "Understood — dropping {plan} because of {why2}.",
            "Makes sense. Better to find out now than on the day.",
        ],
        "pre0": [
            ("{Plan} has fallen through.", "Oh no — did they say why?"),
            ("Bad news about {plan}, it's not happening.", "What happened?"),
        ],
        "post0": [
            "Found out what went wrong with {plan}: {why}.",
            "So the reason {plan} fell through: {why}.",
        ],
        "rem": [
            ("Someone asked about {plan} again. Told them {why}.", "Good — honest and simple."),
        ],
        "q": [
            "Why did we drop {plan} again?",
            "What was the problem with {plan}?",
            "Remind me why {plan} didn't happen?",
            "Why did we give up on {plan}?",
        ],
    },
}

EN_INTRO = [
    ("Hi! I've ended up running {club} this season — {desc}. Can you help me keep track of everything?",
     "Of course! Tell me whatever you need to remember and I'll keep it straight."),
    ("Hello. New season, new chaos: I'm organising {club} — {desc}. I'll use you as my memory, if that's okay.",
     "Absolutely — fire away whenever something's decided or changes."),
    ("Hiya. So I said yes to looking after {club} ({desc}) and now I need a brain to store it all in.",
     "Happy to be that brain. Send things over as they happen."),
    ("Evening! Somehow I'm the organiser for {club} now — {desc}. Mind if I offload stuff on you as it comes up?",
     "Not at all. I'll keep track and you can ask me anything later."),
]
EN_OPENERS = ["Morning! ", "Hi again. ", "Evening! ", "Quick one. ", "Me again. ", "Right. ", "Okay. "]
EN_FOLLOW = [
    "Sorry, typo-fest, I'm on my phone.",
    "Actually, ignore that last bit.",
    "Also, hello, I forgot to say hello.",
    "Autocorrect is ruining my life, sorry.",
    "Wait, scratch that, not important.",
]

EN_FILLER = [
    ("Absolutely chucking it down here. {kid} wants to go to the park regardless.",
     ["Wellies and a change of clothes, then!", "Kids never mind rain. Hope the park isn't a swamp."]),
    ("{cold} degrees this morning and the boiler's packed in. Brilliant.",
     ["Oof, that's grim. Hope someone can look at it soon.", "Layers and a hot drink until it's fixed!"], WINTER),
    ("Forecast says sunny all weekend in {town}, which means it'll rain.",
     ["Classic. Pack a brolly just in case.", "Ha — the forecast giveth and taketh away."]),
    ("Fog so thick on {road} this morning I couldn't see the car in front.",
     ["Drive carefully! Fog like that is no joke.", "Very atmospheric, if not very practical."]),
    ("First frost last night. Scraped the car for {n} minutes.",
     ["Winter's arrived, then. De-icer spray is worth every penny.", "The joys of the season!"], WINTER),
    ("It's {warm} degrees and I'm in a meeting room with no window.",
     ["That's cruel. Get outside the second you can.", "Sounds like a good day for an ice lolly afterwards."], SUMMER),
    ("Did you see {team} last night? Lost {score_l}. I'm still cross.",
     ["Ouch. That'll sting for a bit.", "Rough result. There's always next week."]),
    ("{team} won {score_w}! Best I've felt all week.",
     ["Brilliant! Enjoy the good mood.", "Great result — bragging rights secured."]),
    ("{partner} made me watch the whole snooker final. {hours} hours of my life.",
     ["Some people find it very relaxing!", "Impressive stamina, if nothing else."]),
    ("{team} v {team2} on Sunday at {time}, so don't expect any sense out of me then.",
     ["Enjoy it! Fingers crossed for a good game.", "Noted — I'll expect the kick-off excuse."]),
    ("Work fantasy football league: I'm bottom. {p} is being very smug about it.",
     ["There's still time for a comeback. Probably.", "Bottom of the table builds character."]),
    ("{kid} lost a tooth today and is demanding {price_small} from the tooth fairy. Inflation.",
     ["Ha! The tooth fairy's rates have clearly gone up.", "Negotiate — maybe a pound and a sticker?"]),
    ("{partner}'s birthday is on {date} and I've got no idea what to get.",
     ["Experiences are usually a hit — a meal out or tickets to something?", "Something to do with a hobby, maybe?"]),
    ("{kid} has a spelling test tomorrow. 'Necessary' is on the list. Pray for us.",
     ["One collar, two sleeves — that's the trick for necessary.", "Good luck to you both!"]),
    ("My mum's visiting from {place} next week. The house is a tip.",
     ["A quick blitz of the main rooms usually does it.", "She'll be happy to see you whatever state the house is in."]),
    ("{pet} ate a whole sock. Vet says it'll pass. Lovely.",
     ["Oh dear. Fingers crossed it does, and soon.", "Dogs really will eat anything."]),
    ("{kid} wants a sleepover with {n5} friends. Absolutely not.",
     ["Maybe negotiate down to two?", "Sounds like a very loud night. Wise call."]),
    ("Parents' evening went fine. Mrs {surname} says {kid} is chatty but bright.",
     ["That's a lovely report really.", "Chatty but bright is a great combination."]),
    ("Long day at work. {n} meetings back to back.",
     ["Sounds exhausting. Hope tonight's quieter.", "You deserve a proper sit-down."]),
    ("Boss wants the report by {day}. Of course he does.",
     ["Of course. Break it into chunks and it'll feel less awful.", "Deadlines always land at the worst time."]),
    ("Train cancelled again. That's {n} times this month.",
     ["That's really frustrating. Might be worth claiming delay repay.", "Ugh, sorry. Hope the journey home is better."]),
    ("Made a {dish} big enough for a small army. There are four of us.",
     ["Freeze half — future you will be grateful.", "Lunches sorted for the week!"]),
    ("Tried that {dish} recipe. Mixed reviews from the kids.",
     ["Mixed is a win with kids, honestly.", "Maybe less spice next time and they'll come round."]),
    ("Tea break. {partner} says custard creams, I say bourbons — settle this.",
     ["Bourbons, no contest. But I respect custard cream loyalists.", "Custard creams, for dunking stability."]),
    ("Tell me a joke, I need cheering up. {kid} has been a nightmare today.",
     ["Why did the scarecrow get promoted? He was outstanding in his field.",
      "I told my friend ten jokes to make him laugh. Sadly, no pun in ten did."]),
    ("Why is it always the week I'm busiest that {kid} gets ill, the car breaks and {partner} is away?",
     ["It's a law of nature, sadly. One thing at a time.", "Murphy's law. You're doing fine though."]),
    ("{p} asked if we could lend the gazebo to the cricket club on {date}. Told them fine.",
     ["Nice gesture. Maybe note who has it so it comes back.", "Good neighbours. Just make sure it comes back dry!"]),
    ("Photocopying at the library is {pence} a page now. Daylight robbery.",
     ["Might be cheaper to email things out.", "Prices creep up everywhere, don't they."]),
    ("{p} reckons the raffle could make {price} this year if we get better prizes.",
     ["Local businesses often donate prizes if you ask nicely.", "Worth a try — a hamper always helps."]),
    ("{p} wants to start another WhatsApp group. We already have {n}.",
     ["Maybe suggest they use an existing one?", "The great group chat explosion continues."]),
    ("Council email about parking permits. Renewal is {price}.",
     ["Worth checking if there's a discount for paying early.", "Not cheap. At least it's sorted for a year."]),
    ("{p}'s lad broke his wrist at school. Out for {n} weeks.",
     ["Poor thing. Hope it heals quickly.", "Ouch. Send them best wishes from everyone."]),
    ("The hall's boiler is being serviced on {date}, so no hot water that day.",
     ["Good to know — maybe warn people to bring flasks.", "Noted, that's worth flagging to everyone."]),
    ("Newsletter goes out on {day}. Any tips on making it less boring?",
     ["Lead with a photo and one big date, keep the rest short.", "A little 'person of the month' bit always gets read."]),
    ("Car insurance renewal came in at {price}. Up from last year, obviously.",
     ["Worth ringing round — they often match quotes.", "Comparison sites can knock a fair bit off."]),
    ("{p} sent me a meme about referees at {late}. Why is everyone awake.",
     ["Some people just run on different clocks!", "At least it was a good meme, I hope."]),
    ("Lost my glasses again. Found them on my head. In front of {partner}.",
     ["The classic. Happens to the best of us.", "At least they were close by!"]),
    ("Long weekend coming up and I'm planning to do absolutely nothing. {partner} has other ideas.",
     ["That sounds like an excellent plan.", "Fully deserved. Enjoy the nothing."]),
    ("Neighbour's having an extension built. Drilling from {early}.",
     ["Earplugs and patience, sadly.", "That's rough. Maybe worth a friendly word about hours."]),
    ("Had to pay {price} for a new tyre today. Pothole.",
     ["Report the pothole to the council — sometimes you can claim.", "Ugh, potholes are a menace."]),
    ("Got a parking ticket outside the leisure centre. {price_small}. Grr.",
     ["Worth appealing if the signs weren't clear.", "Annoying! Check the signage for grounds to appeal."]),
    ("Is it normal to feel this tired in {month}?",
     ["Very normal. Early nights and daylight help.", "You're juggling a lot — tired is reasonable."]),
    ("Just booked a long weekend in {place} for {date}. Something to look forward to.",
     ["Lovely! Having a trip on the horizon makes a big difference.", "Great choice. Hope the weather plays nice."]),
    ("Quick maths check: {a} times {b}?",
     ["That's {ab}.", "{ab}, if my maths holds up."]),
    ("{p} says thanks for the help with the bake sale — it made {price} in the end.",
     ["That's a great total! Well done everyone.", "Brilliant, bake sales never fail."]),
    ("Random question: how do you get grass stains out of {kid}'s school trousers?",
     ["Pre-treat with washing-up liquid or stain remover, then a cool wash. Don't tumble dry until it's gone.",
      "Biological detergent rubbed in before washing works wonders."]),
    ("How long do I boil an egg for a runny yolk? {kid} is very particular.",
     ["About six minutes from boiling for a jammy yolk, five for properly runny.",
      "Five to six minutes in boiling water, then straight into cold."]),
    ("Any tips for sleeping better? I was up at {late} again.",
     ["Same wake-up time every day and no screens for the last hour helps.",
      "Try keeping the room cool and dark — it makes a surprising difference."]),
    ("{kid} has decided to be vegetarian. Starting tomorrow. Apparently.",
     ["Good for them! Beans and lentils will be your friends.", "Worth supporting — it might even stick."]),
    ("Who invented Mondays and can we complain to them? Asking from a very wet {town}.",
     ["Complaints department is closed until Tuesday.", "I'll add it to the list."]),
    ("My phone screen cracked. Repair quote is {price}.",
     ["Check your insurance — some bank accounts include phone cover.", "Ouch. Sometimes local repair shops are cheaper."]),
    ("{p} and {p2} aren't speaking after the pub quiz. Over a tie-break question.",
     ["Quiz rivalries run deep!", "They'll make up by the next round, probably."]),
    ("Pub quiz on {day}. Our team name is 'Quizteama Aguilera'. Again.",
     ["A classic for a reason. Good luck!", "Can't argue with tradition."]),
    ("Car's in for its MOT on {date}. Fingers crossed.",
     ["Fingers crossed it sails through.", "Hope it's nothing more than a wiper blade!"]),
    ("Hay fever has started. My eyes are like a frog's. {pet} thinks it's hilarious.",
     ["Antihistamines and wraparound sunglasses help a bit.", "Ugh, the worst. Hope it eases soon."], POLLEN),
    ("The ice cream van plays Greensleeves at {pm}. Every. Single. Day.",
     ["At least it's a classic tune.", "You'll be humming it in your sleep."], SUMMER),
    ("Thanks for the help earlier with the email to {p}, by the way.",
     ["Any time!", "Happy to help — that's what I'm here for."]),
    ("I'll be offline for a bit, {kid}'s school run.",
     ["No problem, speak later.", "Good luck with the traffic!"]),
    ("Back. {Road} took forever, roadworks again.",
     ["Welcome back! Anything I can help with?", "Glad you survived it."]),
    ("{p} recommended a podcast about medieval history. {nn} episodes. No.",
     ["Maybe just try the first one?", "That's a commitment."]),
    ("Dentist on {date} at {time}. Dreading it.",
     ["It's usually over quicker than you expect.", "Treat yourself afterwards."]),
    ("Power cut on our street for {hours} hours last night. Candles and board games.",
     ["Sounds oddly lovely, as long as the freezer survived.", "Who won the board games?"]),
    ("{partner} has taken up sourdough. The kitchen is covered in flour.",
     ["At least there'll be good bread.", "The starter will become a family member soon."]),
    ("Do you ever get tired? Asking for me. {kid} was up at {early}.",
     ["I don't, but you sound like you need a quiet evening.", "No — but you're allowed to. Have a break."]),
    ("Signed up for a 10k on {date}. What was I thinking.",
     ["You'll be glad you did it. Probably.", "Walk-run is completely fine!"]),
    ("{p} keeps sending voice notes that are {n} minutes long.",
     ["Playback at double speed is your friend.", "Time to reply with a voice note of equal length."]),
    ("The kids' school wants {price_small} for a 'non-uniform day'. Paying to not wear uniform.",
     ["It's usually for charity, at least.", "The economics of non-uniform day are mysterious."]),
]

EN_CLUBS = [
    dict(
        name="Millbrook Rovers", season=("2024-09-01", "2025-06-30"),
        desc="a junior football team, under-elevens, lovely kids and some very loud parents",
        roles=[dict(role="the kit orders"), dict(role="the refreshments rota")],
        money=[dict(item="the season subs", pl=True, lo=60, hi=160, step=5),
               dict(item="the new goal nets", pl=True, lo=150, hi=420, step=10)],
        count=dict(item="the spring league registrations", what="players registered for the spring league",
                   lo=14, hi=26),
        code=dict(item="the key safe code at the clubhouse"),
        events=[dict(event="the away tournament in Harrogate", lo="2025-03-01", hi="2025-05-10"),
                dict(event="the presentation evening", lo="2025-05-17", hi="2025-06-28")],
        choice=dict(topic="the new kit supplier",
                    opts=[("Kitlocker", "Kitlocker"), ("Pendle Teamwear", "Pendle Teamwear"),
                          ("Sportsworld Direct", "Sportsworld")],
                    qs=["Which kit supplier did we go with in the end?", "Who are we getting the new kit from?"]),
        drop=dict(plan="the friendly against Oakfield",
                  why="their pitch has no floodlights and kick-off would be after dark",
                  why2="the lack of floodlights", keys=["no floodlights", "floodlights"]),
        filler=[
            ("Training was chaos tonight — {kids} kids, one working ball pump.",
             ["Sounds like a typical weeknight! Maybe buy a spare pump.", "Chaos is a form of learning, right?"]),
            ("{p}'s son wants to play up an age group. Not sure he's ready.",
             ["Worth a chat with the parents and maybe a trial session first.", "Could try him for a few training sessions and see."]),
            ("Lost {score_l} on Saturday but the kids played really well.",
             ["At that age the performance matters more than the score.", "Sounds like a lot to build on."]),
            ("Ref on Sunday is {p}. Very strict on throw-ins.",
             ["Good to know — maybe a quick throw-in drill this week?", "Feet on the ground, both hands — worth a reminder!"]),
            ("Someone left a single football boot in the changing room. Just the one.",
             ["The mystery of the lone boot. Maybe post a photo in the parents' chat?", "Someone went home hopping."]),
            ("The pitch at the rec had molehills all over it this morning. The moles are winning.",
             ["Maybe ask the council groundsman?", "Nature always wins eventually."]),
            ("Thinking of ending training with a penalty shootout as a treat.",
             ["They'll love it — let the keeper take one too.", "Great idea, good for pressure practice."]),
            ("{p} offered to film the matches for the kids. Nice idea?",
             ["Lovely idea, but check the photo consent forms first.", "Sweet, but make sure every family is okay with filming."]),
        ],
    ),
    dict(
        name="Harbourside Community Choir", season=("2025-01-06", "2025-12-20"),
        desc="about fifty singers, all ages, rehearsals on Wednesday nights",
        roles=[dict(role="the sheet music library"), dict(role="front-of-house at concerts")],
        money=[dict(item="the annual membership fee", lo=40, hi=120, step=5),
               dict(item="the accompanist's fee for the spring concert", lo=150, hi=450, step=10)],
        count=dict(item="the Edinburgh trip sign-ups", what="singers signed up for the Edinburgh trip",
                   lo=18, hi=44),
        code=dict(item="the door code for the rehearsal room"),
        events=[dict(event="the spring concert", lo="2025-04-05", hi="2025-05-31"),
                dict(event="the carol singing at the station", lo="2025-12-06", hi="2025-12-20")],
        choice=dict(topic="the closing piece for the spring concert",
                    opts=[("Shenandoah", "Shenandoah"), ("The Parting Glass", "Parting Glass"),
                          ("Bring Him Home", "Bring Him Home")],
                    qs=["What did we pick to close the spring concert?", "Which piece is closing the spring concert?"]),
        drop=dict(plan="the St Aidan's church venue",
                  why="the heating's broken and they can't fix it before winter",
                  why2="the broken heating", keys=["broken heating", "heating"]),
        filler=[
            ("Tenors were flat all evening. Again.",
             ["A few minutes of tuning exercises at the start might help.", "Maybe a quick pitch check before each piece?"]),
            ("{p} brought homemade flapjacks to rehearsal. Productivity halved.",
             ["Worth it though, surely.", "Flapjack breaks are a valid rehearsal technique."]),
            ("Our altos are down to {n} regulars. Need recruits.",
             ["A 'bring a friend' night can work wonders.", "Maybe a poster at the library and the school gates?"]),
            ("The piano in the hall needs tuning, about {price} apparently.",
             ["Worth it if it's used every week.", "Maybe split it with the other groups who use the hall?"]),
            ("Warm-up today was a tongue twister. {p} nearly choked.",
             ["Red lorry, yellow lorry claims another victim.", "Tongue twisters are dangerous business!"]),
            ("Someone suggested a pop arrangement for next term. Opinions are divided.",
             ["A bit of variety keeps people interested.", "Maybe one pop piece alongside the usual repertoire?"]),
            ("Rehearsal room was freezing, everyone sang in their coats.",
             ["Dedication! Maybe ask about a heater.", "Warm voices, cold hands."]),
            ("{p} has a solo in the next piece and is terrified.",
             ["A couple of run-throughs with just the accompanist might help.", "Nerves mean they care. They'll be great."]),
        ],
    ),
    dict(
        name="Peak Ramblers", season=("2025-03-01", "2025-11-30"),
        desc="a hiking club, mostly Sunday walks in the Peaks, about sixty members",
        roles=[dict(role="the minibus bookings"), dict(role="the first-aid kit")],
        money=[dict(item="the coach hire for the Snowdon weekend", lo=600, hi=1400, step=50),
               dict(item="the hostel deposit", lo=150, hi=400, step=10)],
        count=dict(item="the Snowdon weekend sign-ups", what="people coming on the Snowdon weekend",
                   lo=16, hi=34),
        code=dict(item="the hostel booking reference", style="alnum", prefix="YH"),
        events=[dict(event="the Snowdon weekend", lo="2025-05-03", hi="2025-07-12"),
                dict(event="the night navigation walk", lo="2025-09-20", hi="2025-11-15")],
        choice=dict(topic="the route for the charity walk",
                    opts=[("the Kinder Scout loop", "Kinder Scout loop"), ("the Edale horseshoe", "Edale horseshoe"),
                          ("the Mam Tor ridge", "Mam Tor ridge")],
                    qs=["Which route did we go for on the charity walk?", "What's the charity walk route in the end?"]),
        drop=dict(plan="the Lakeside campsite", why="there's no drinking water on site",
                  why2="no drinking water", keys=["no drinking water", "drinking water"]),
        filler=[
            ("Walked {miles} miles on Sunday. Legs are done.",
             ["Well earned! Stretch and plenty of water.", "That's a proper day out."]),
            ("{p} turned up in trainers for a bog walk. Again.",
             ["Some lessons have to be learned wet.", "Maybe a gentle kit list reminder in the next email?"]),
            ("Map reading session tonight. Half the group got lost in the car park. Joking. Mostly.",
             ["Everyone starts somewhere!", "Car park orienteering is underrated."]),
            ("Saw a red kite over the ridge yesterday!",
             ["Lovely — they're such a great sight.", "Brilliant. Did you get a photo?"]),
            ("My boots need resoling, {price_small} apparently.",
             ["Worth it for good boots.", "Much cheaper than breaking in a new pair."]),
            ("Weather on the tops was wild, {mph} mph gusts.",
             ["Glad everyone got down safely.", "That's properly windy — good call if you turned back."]),
            ("{p} wants us to try a walk under the full moon.",
             ["Sounds magical, if you pick a safe route.", "Head torches as backup, though!"]),
            ("Someone left a flask at the trig point on Sunday. Tartan. Not mine.",
             ["Maybe mention it in the next club email?", "The flask will find its way home."]),
        ],
    ),
    dict(
        name="Castle Street Chess Club", season=("2025-09-01", "2026-03-31"),
        desc="a chess club in the back room of the library, adults on Tuesdays and a junior section",
        roles=[dict(role="the league team captaincy"), dict(role="the junior coaching sessions")],
        money=[dict(item="the club subs", pl=True, lo=30, hi=90, step=5),
               dict(item="the hall hire for the congress", lo=250, hi=700, step=10)],
        count=dict(item="the simul board bookings", what="boards booked for the simul", lo=18, hi=40),
        code=dict(item="the door code for the back room"),
        events=[dict(event="the simul with the visiting grandmaster", lo="2025-10-04", hi="2025-12-06"),
                dict(event="the county rapidplay", lo="2026-01-10", hi="2026-03-14")],
        choice=dict(topic="the venue for the club championship finals",
                    opts=[("the Wheatsheaf", "Wheatsheaf"), ("the library annexe", "library annexe"),
                          ("St Mary's hall", "St Mary's hall")],
                    qs=["Where are the championship finals being played in the end?",
                        "Which venue did we land on for the championship finals?"]),
        drop=dict(plan="the juniors' trip to Hastings", why="not enough parents could drive",
                  why2="the shortage of drivers", keys=["not enough parents", "shortage of drivers"]),
        filler=[
            ("Lost a game in {nn} moves tonight. Blundered my queen.",
             ["It happens to grandmasters too. Well, sometimes.", "Painful. At least it was quick!"]),
            ("{p} has been playing the London System for years and refuses to stop.",
             ["Reliable, if predictable.", "Time for someone to prepare a special antidote."]),
            ("Our board two drew with a {rating}-rated player!",
             ["Great result! Worth celebrating.", "That's a proper scalp."]),
            ("Someone spilled tea on the demonstration board.",
             ["A rite of passage for every club.", "Hopefully the magnetic pieces survived."]),
            ("Thinking of running a blitz night before the holidays.",
             ["People love blitz — maybe with mince pies.", "Great idea, quick and social."]),
            ("{p} thinks we should switch everything to increment time controls.",
             ["Fewer flag-falls in won positions, at least.", "Worth a vote at the next meeting."]),
            ("One of the club sets is missing a black bishop. Again.",
             ["A coin stands in nicely in the meantime.", "Spare pieces are cheap online."]),
            ("{p}'s daughter solved {n} puzzles in the junior race. Faster than me.",
             ["Juniors are terrifyingly quick.", "The future of the club is bright!"]),
        ],
    ),
]


def en_third(p):
    return {"third": p["first"]}

EN_DECOR = dict(
    upre=["Not club stuff, but: ", "Random one: ", "Off topic — ", "Sorry, tangent: ", "Life update: ", "In other news: "],
    usuf=[" Anyway.", " Sigh.", " Ha.", " lol", " Just saying.", " Such is life."],
    aadd=[" Anyway — anything club-related on your mind today?", " Hope the rest of your day is calmer.",
          " How's everything else going?", " Shout if there's anything I can help with.",
          " And don't forget to take a breather yourself.", " Any news from the club side?",
          " Sounds like quite a week.", " Fingers crossed things settle down soon.",
          " You're juggling a lot at the moment.", " Let me know how it goes.",
          " Hope you get a quiet evening out of it.", " Small victories count.", " That made me smile.",
          " Onwards!"],
)


# ================================================================ RUSSIAN
RU_PEOPLE = [mk_ru(t) for t in [
    ("Ольга", "Ольги", "Ольге", "Ольгу", "Ольгой", "Ольге", "f"),
    ("Марина", "Марины", "Марине", "Марину", "Мариной", "Марине", "f"),
    ("Светлана", "Светланы", "Светлане", "Светлану", "Светланой", "Светлане", "f"),
    ("Татьяна", "Татьяны", "Татьяне", "Татьяну", "Татьяной", "Татьяне", "f"),
    ("Наталья", "Натальи", "Наталье", "Наталью", "Натальей", "Наталье", "f"),
    ("Екатерина", "Екатерины", "Екатерине", "Екатерину", "Екатериной", "Екатерине", "f"),
    ("Людмила", "Людмилы", "Людмиле", "Людмилу", "Людмилой", "Людмиле", "f"),
    ("Галина", "Галины", "Галине", "Галину", "Галиной", "Галине", "f"),
    ("Полина", "Полины", "Полине", "Полину", "Полиной", "Полине", "f"),
    ("Ксения", "Ксении", "Ксении", "Ксению", "Ксенией", "Ксении", "f"),
    ("Вероника", "Вероники", "Веронике", "Веронику", "Вероникой", "Веронике", "f"),
    ("Эльвира", "Эльвиры", "Эльвире", "Эльвиру", "Эльвирой", "Эльвире", "f"),
    ("Сергей", "Сергея", "Сергею", "Сергея", "Сергеем", "Сергее", "m"),
    ("Андрей", "Андрея", "Андрею", "Андрея", "Андреем", "Андрее", "m"),
    ("Дмитрий", "Дмитрия", "Дмитрию", "Дмитрия", "Дмитрием", "Дмитрии", "m"),
    ("Алексей", "Алексея", "Алексею", "Алексея", "Алексеем", "Алексее", "m"),
    ("Михаил", "Михаила", "Михаилу", "Михаила", "Михаилом", "Михаиле", "m"),
    ("Николай", "Николая", "Николаю", "Николая", "Николаем", "Николае", "m"),
    ("Павел", "Павла", "Павлу", "Павла", "Павлом", "Павле", "m"),
    ("Геннадий", "Геннадия", "Геннадию", "Геннадия", "Геннадием", "Геннадии", "m"),
    ("Олег", "Олега", "Олегу", "Олега", "Олегом", "Олеге", "m"),
    ("Игорь", "Игоря", "Игорю", "Игоря", "Игорем", "Игоре", "m"),
    ("Тимур", "Тимура", "Тимуру", "Тимура", "Тимуром", "Тимуре", "m"),
    ("Руслан", "Руслана", "Руслану", "Руслана", "Русланом", "Руслане", "m"),
    ("Артём", "Артёма", "Артёму", "Артёма", "Артёмом", "Артёме", "m"),
]]
RU_FPEOPLE = [mk_ru(t) for t in [
    ("Костя", "Кости", "Косте", "Костю", "Костей", "Косте", "m"),
    ("Валера", "Валеры", "Валере", "Валеру", "Валерой", "Валере", "m"),
    ("Стас", "Стаса", "Стасу", "Стаса", "Стасом", "Стасе", "m"),
    ("Гоша", "Гоши", "Гоше", "Гошу", "Гошей", "Гоше", "m"),
    ("Эдик", "Эдика", "Эдику", "Эдика", "Эдиком", "Эдике", "m"),
    ("Вадим", "Вадима", "Вадиму", "Вадима", "Вадимом", "Вадиме", "m"),
    ("Семён", "Семёна", "Семёну", "Семёна", "Семёном", "Семёне", "m"),
    ("Пётр Ильич", "Петра Ильича", "Петру Ильичу", "Петра Ильича", "Петром Ильичом", "Петре Ильиче", "m"),
    ("Люба", "Любы", "Любе", "Любу", "Любой", "Любе", "f"),
    ("Зоя", "Зои", "Зое", "Зою", "Зоей", "Зое", "f"),
    ("Жанна", "Жанны", "Жанне", "Жанну", "Жанной", "Жанне", "f"),
    ("Нина", "Нины", "Нине", "Нину", "Ниной", "Нине", "f"),
    ("Рита", "Риты", "Рите", "Риту", "Ритой", "Рите", "f"),
    ("Лариса", "Ларисы", "Ларисе", "Ларису", "Ларисой", "Ларисе", "f"),
    ("Фаина", "Фаины", "Фаине", "Фаину", "Фаиной", "Фаине", "f"),
    ("Тамара Ивановна", "Тамары Ивановны", "Тамаре Ивановне", "Тамару Ивановну", "Тамарой Ивановной",
     "Тамаре Ивановне", "f"),
    ("Алла", "Аллы", "Алле", "Аллу", "Аллой", "Алле", "f"),
    ("Вика", "Вики", "Вике", "Вику", "Викой", "Вике", "f"),
]]
RU_KIDS = [("Миша", "Миши", "Мише", "Мишу", "m"), ("Соня", "Сони", "Соне", "Соню", "f"),
           ("Варя", "Вари", "Варе", "Варю", "f"), ("Тёма", "Тёмы", "Тёме", "Тёму", "m"),
           ("Лёва", "Лёвы", "Лёве", "Лёву", "m"), ("Даша", "Даши", "Даше", "Дашу", "f"),
           ("Егор", "Егора", "Егору", "Егора", "m"), ("Алиса", "Алисы", "Алисе", "Алису", "f")]
RU_TEAMS = ["«Спартак»", "«Зенит»", "ЦСКА", "«Локомотив»", "«Динамо»", "«Краснодар»", "«Ростов»", "«Рубин»"]
RU_PLACES = [("Казани", "Казани"), ("Калуги", "Калуге"), ("Костромы", "Костроме"), ("Самары", "Самаре"),
             ("Вологды", "Вологде"), ("Пскова", "Пскове"), ("Рязани", "Рязани"), ("Сочи", "Сочи")]
RU_DISHES_X = None
RU_DISTRICTS = ["у нас в Купчино", "у нас на Соколе", "у нас в Марьино", "у нас в Ясенево", "у нас на Юго-Западе",
                "у нас в Автово", "у нас в Новогирееве"]
RU_DISHES = ["шарлотку", "сырники", "пирог с капустой", "лазанью", "плов", "блины на кефире"]
RU_PETS = ["Барсик", "Марсик", "Тоша", "Пуля", "Мурзик"]


def ru_persona(ctx):
    r = ctx.rng
    fem = r.random() < 0.55
    k = ctx.pchoice("kid", RU_KIDS, lambda x: x[0])
    s = {"u_a": "а" if fem else "", "u_sya": "ась" if fem else "ся", "u_sam": "сама" if fem else "сам",
         "u_nashel": "нашла" if fem else "нашёл", "u_oshibsya": "ошиблась" if fem else "ошибся",
         "kid": k[0], "kid_gen": k[1], "kid_dat": k[2], "kid_acc": k[3], "kid_a": "а" if k[4] == "f" else "",
         "pet": ctx.pchoice("pet", RU_PETS), "team": ctx.pchoice("team", RU_TEAMS),
         "district": ctx.pchoice("district", RU_DISTRICTS)}
    if fem:
        s.update(partner_word="муж", partner=ctx.pchoice("partner", ["Саша", "Дима", "Вова", "Женя"]), partner_a="",
                 partner_with="с мужем", partner_sya="ся")
    else:
        s.update(partner_word="жена", partner=ctx.pchoice("partner", ["Лена", "Аня", "Юля", "Настя"]), partner_a="а",
                 partner_with="с женой", partner_sya="ась")
    return s


def ru_fslots(ctx):
    r = ctx.rng
    sl = dict(ctx.persona)
    p, p2 = r.sample(ctx.fpeople, 2)
    sl.update(person_slots("ru", p, "p"))
    sl.update(person_slots("ru", p2, "p2"))
    sl["team2"] = r.choice([t for t in RU_TEAMS if t != sl["team"]])
    a, b = r.randint(0, 2), r.randint(1, 3)
    sl["score_l"] = "%d:%d" % (a, a + b)
    sl["score_w"] = "%d:%d" % (a + b, a)
    sl["vscore"] = r.choice(["3:0", "3:1", "3:2"])
    sl["n2"] = str(r.randint(2, 4))
    sl["n5"] = str(r.randint(5, 9))
    sl["mins"] = r.choice(["15 минут", "20 минут", "25 минут", "40 минут", "сорок минут", "полчаса", "минут двадцать"])
    sl["nn_ep"] = r.choice(["десять серий", "12 серий", "16 серий", "20 серий", "восемь серий"])
    sl["price"] = "%d рублей" % (r.randint(15, 480) * 10)
    sl["price_small"] = "%d рублей" % (r.randint(6, 60) * 10)
    h, m = r.randint(6, 21), r.choice([0, 15, 30, 45])
    sl["time"] = "%d:%02d" % (h, m)
    sl["early"] = "%d:%02d" % (r.randint(5, 6), r.choice([0, 10, 20, 30, 40, 50]))
    sl["late"] = "%d:%02d" % (r.randint(1, 4), r.choice([0, 10, 20, 30, 40, 50]))
    d = rand_season_date(ctx)
    sl["date_when"] = ru_date(d, r.choice(["dM", "dM", "ord", "wd"]))
    sl["date_na"] = ru_date(d, r.choice(["dM", "wdna"]))
    w = r.randint(0, 6)
    sl["day_acc"] = RU_WD_ACC[w]
    sl["day_v"] = ru_v(w) + " " + RU_WD_ACC[w]
    sl["day_k"] = ("ко " if w == 1 else "к ") + RU_WD_DAT[w]
    pl = r.choice(RU_PLACES)
    sl["place_gen"], sl["place_pre"] = pl
    sl["dish"] = r.choice(RU_DISHES)
    sl["hours"] = r.choice(["два часа", "три часа", "четыре часа", "пять часов", "полдня"])
    x, y = r.randint(12, 29), r.randint(3, 9)
    sl["a"], sl["b"], sl["ab"] = str(x), str(y), str(x * y)
    sl["cold"] = "минус %d" % r.randint(5, 25)
    sl["warm"] = "+%d" % r.randint(25, 34)
    sl["km"] = str(r.randint(8, 30))
    return sl


RU_T = {
    "name": {
        "set": [
            "За {role_acc} в этом сезоне отвечает {new}, {new_sam} предложил{new_a}.",
            "Договорились, что {role_acc} берёт на себя {new}.",
            "На собрании решили: {role_acc} поручаем {new_dat}.",
            "Запиши себе: {role_acc} ведёт {new}.",
            "{new} сказал{new_a}, что возьмёт {role_acc} на себя. Ура.",
            "С {role_ins} вопрос закрыт — этим будет заниматься {new}.",
        ],
        "set_a": [
            "Отлично, значит, {role_acc} — на {new_pre}.",
            "Принято: {role_acc} ведёт {new}.",
            "Хорошо, одной заботой меньше. {new} будет отвечать за {role_acc}.",
            "Запомню, что по этому вопросу нужно обращаться к {new_dat}.",
        ],
        "chg": [
            "Новости про {role_acc}: {old} больше не может, теперь этим занимается {new}.",
            "{old} отказал{old_sya} от {role_gen} — на работе завал. Подхватил{new_a} {new}, спасибо {new_dat}.",
            "Пишет {new}: «Заберу у {old_gen} {role_acc}, не переживай». Так что теперь это на {new_pre}.",
            "Кстати, {role_acc} теперь ведёт {new}, а не {old}.",
            "С {role_ins} поменялось: с этой недели там {new}.",
            "Помнишь, я говорил{u_a}, что {role_acc} берёт {old}? Уже нет. Теперь {new}.",
            "Честно, с {role_ins} был бардак: {old} всё время забывал{old_a}. Передал{u_a} {new_dat}.",
            "Опять дождь, всё развезло. А, и {role_acc} теперь ведёт {new} — {old} попросил{old_a} замену.",
            "{old} с {new_ins} поменялись обязанностями, так что {role_acc} теперь у {new_gen}.",
        ],
        "chg_a": [
            "Понятно, теперь {role_acc} ведёт {new}, а не {old}.",
            "Спасибо, что предупредили. Значит, по этому вопросу теперь к {new_dat}.",
            "Хорошо, что {new} подхватил{new_a}. Надеюсь, у {old_gen} всё в порядке.",
            "Принято: {role_acc} передали {new_dat}.",
        ],
        "pre": [
            ("{old} сказал{old_a}, что больше не потянет {role_acc}. Надо кого-то искать.",
             "Жаль. Может, кто-то из активных участников согласится?"),
            ("Беда: {old} скоро не сможет заниматься {role_ins}.",
             "Неприятно. Можно спросить на ближайшей встрече, кто готов взяться."),
        ],
        "post": [
            "Ура, {u_nashel} замену на {role_acc}: {new}! Выдохнул{u_a}.",
            "Вопрос с {role_ins} решён: берётся {new}.",
        ],
        "rem": [
            ("Все постоянно пишут мне про {role_acc}. Я всё пересылаю {new_dat}.", "Разумно — {new} точно в курсе."),
            ("Надо не забыть поблагодарить {new_acc} за {role_acc}.",
             "Обязательно. Открытка или небольшой подарок будут кстати."),
        ],
        "q": [
            "Кто у нас сейчас отвечает за {role_acc}? Я уже запутал{u_sya}.",
            "Напомни, кто занимается {role_ins}?",
            "К кому мне идти насчёт {role_gen}?",
            "Кто сейчас ведёт {role_acc}?",
        ],
        "q_sup": [
            "Кто в итоге взял {role_acc} после всех перестановок?",
            "Кому в итоге передали {role_acc}?",
        ],
    },
    "money": {
        "set": [
            "{Nom} в этом сезоне — {vw}.",
            "Решили, что {nom} будет {v}.",
            "По расчётам {third_gen} выходит, что {nom} — {v}.",
            "Пришёл счёт: {nom} обойдётся в {v}.",
            "Итак, {nom}: {v}. Дешевле, чем я боял{u_sya}.",
            "На собрании утвердили {acc} — {v}.",
        ],
        "set_a": [
            "Записано: {nom} — {v2}.",
            "{V2} за {acc}? Вполне разумно.",
            "Хорошо, значит, {nom} — {v2}.",
            "Понятно, {v2}. Запомню.",
        ],
        "chg": [
            ("Плохие новости: {nom} подорожал{i_a} до {v}.", "up"),
            ("Пришлось пересчитать {acc}: теперь {v}, а не {old}.", "any"),
            ("Оказывается, {old} — это прошлогодняя цифра. {Nom} на самом деле {v}.", "any"),
            ("Пришёл окончательный счёт за {acc}: {v}. Неприятно.", "up"),
            ("Удалось сторговаться: {nom} — {v}!", "down"),
            ("На собрании проголосовали, {nom} теперь {vw}.", "any"),
            ("Проверил{u_a} почту — {nom} всё-таки {v}.", "any"),
            ("{third} договорил{third_sya}, и {nom} теперь {v}.", "down"),
            ("Всё дорожает: {nom} теперь {v}. Куда катимся.", "up"),
        ],
        "chg_a": [
            "Понятно, обновляю: {nom} — {v2}.",
            "Хорошо, значит, теперь {v2}.",
            "Принято, {nom} теперь {v2}.",
            "Ясно. Значит, {v2} вместо {old}.",
        ],
        "pre": [
            ("Жду ответа насчёт {gen}, говорят, {old} — это предварительно.", "Сообщите, когда ответят."),
            ("Есть ощущение, что {old} за {acc} — это ненадолго.",
             "Лучше уточнить заранее, пока никто не заплатил."),
        ],
        "post": [
            "Ответили насчёт {gen}: {v}.",
            "Всё, окончательно: {nom} — {v}.",
        ],
        "pre0": [
            ("Жду смету на {acc}.", "Надеюсь, цифра будет разумной."),
            ("Пока не знаю, сколько выйдет {nom}, казначей считает.", "Хорошо, как будет цифра — пишите."),
        ],
        "post0": [
            "Пришла смета: {nom} — {v}.",
            "Казначей досчитал: {nom} — {v}.",
        ],
        "rem": [
            ("Разослал{u_a} всем напоминание: {nom} — {v}.", "Отлично, так никто не забудет."),
            ("Записал{u_a} в общий документ: {nom} — {v}.", "Хорошо, всё в одном месте."),
        ],
        "q": [
            "Сколько у нас стоит {nom}?",
            "А {nom} сколько, напомни?",
            "Сколько мы платим за {acc}?",
        ],
        "q_sup": [
            "Сколько в итоге стоит {nom}?",
            "На какой сумме в итоге остановились насчёт {gen}?",
        ],
    },
    "count": {
        "set": [
            "{Nom} — пока {v}.",
            "Посчитал{u_a} {acc}: {v}.",
            "На сегодня {nom}: {vw}, неплохо.",
            "{third} прислал{third_a} список: {nom} — {v}.",
        ],
        "set_a": [
            "Записано: {v2}.",
            "{V2} — хорошая цифра.",
            "Понятно, {nom} — {v2}.",
        ],
        "chg": [
            ("Добавились новые люди, {nom} увеличил{i_sya} до {v}.", "up"),
            ("Кто-то отказался, так что {nom} сократил{i_sya} до {v}.", "down"),
            ("Окончательно: {nom} — {v}.", "any"),
            ("{third} прислал{third_a} обновлённый список: {v}.", "any"),
            ("Поправка: {nom} — {v}, я {u_oshibsya} при подсчёте.", "any"),
        ],
        "chg_a": [
            "Понятно, теперь {v2}.",
            "Обновлено: {nom} — {v2}.",
            "Хорошо, {v2}.",
        ],
        "rem": [
            ("Сообщил{u_a} организаторам: {nom} — {v}.", "Правильно, им нужны цифры заранее."),
        ],
    },
    "code": {
        "set": [
            "{Nom} — {v}. В общий чат не выкладываю.",
            "Запиши {acc}: {v}.",
            "{third} дал{third_a} {acc}: {v}.",
            "На всякий случай: {nom} — {v}.",
        ],
        "set_a": [
            "Записано: {v2}.",
            "Хорошо, {nom} — {v2}. Никому не скажу.",
        ],
        "chg": [
            "Поменяли {acc}, теперь {v}.",
            "После истории со взломом {nom} теперь {v}.",
            "Старый {nom} не работает, новый — {v}.",
            "{third} говорит, {acc} сменили на прошлой неделе. Новый — {v}.",
        ],
        "chg_a": [
            "Спасибо, обновлено: {v2}.",
            "Понятно, теперь {v2}.",
        ],
        "rem": [
            ("Сегодня открывал{u_a} кодом {v}, всё работает.", "Отлично, значит, всё в порядке."),
        ],
        "q": [
            "Какой там {nom}, напомни?",
            "Подскажи {acc}, забыл{u_a}.",
            "Стою у двери — какой {nom}?",
        ],
        "q_sup": [
            "Какой сейчас {nom}, после смены?",
        ],
    },
    "date": {
        "set": [
            "{Nom} будет {v}.",
            "Есть дата {gen}: {v}.",
            "Ставлю в календарь: {v} — {nom}.",
            "Пришло письмо: {nom} пройдёт {v}.",
            "{Nom} — {v}, наконец-то подтвердили.",
            "{third} подтвердил{third_a} {acc} на {v_na}.",
        ],
        "set_a": [
            "Отлично, {nom} — {v2}. Запомню.",
            "Записано: {v2}.",
            "Хорошо, {v2}. Время на подготовку есть.",
        ],
        "chg": [
            ("{Acc} сдвинули на неделю позже — теперь это {v_rel}.", "week_later"),
            ("{Nom} переносится на неделю, на {v_rel_na}.", "week_later"),
            ("{Acc} передвинули на неделю раньше, на {v_rel_na}. Караул.", "week_earlier"),
            ("{Nom} сдвинули на день — теперь {v_rel_when}.", "next_day"),
            ("{Nom} теперь {v}, а не {old}.", "abs"),
            ("Новая дата {gen}: {v}.", "abs"),
            ("Представляешь, {acc} опять перенесли, теперь на {v_na}.", "abs2"),
            ("Площадку заняли, так что {nom} переносится на {v_na}.", "abs"),
            ("Звонил{third_a} {third}: {old} не получается, {nom} будет {v}.", "abs"),
        ],
        "chg_a": [
            "Значит, {nom} теперь {v2}.",
            "Обновлено: {v2}.",
            "Понятно — {v2}. Старую дату забываем.",
            "Ясно, {v2}. Неудобно, но переживём.",
        ],
        "pre": [
            ("Похоже, {nom} {old} под вопросом — накладка с площадкой.",
             "Неприятно. Напишите, когда назовут новую дату."),
            ("Ходят слухи, что {acc} перенесут. Пока никто не подтверждает.",
             "Лучше дождаться официального письма."),
        ],
        "post": [
            "Всё, {acc} перенесли на {v_na}.",
            "Подтвердили: {nom} теперь {v}.",
        ],
        "pre0": [
            ("Всё ещё нет даты {gen}, жду ответа от {third_gen}.", "Надеюсь, скоро — людям нужно планировать."),
        ],
        "post0": [
            "{third} наконец ответил{third_a}: {nom} — {v}.",
        ],
        "rem": [
            ("Разослал{u_a} напоминание: {nom} — {v}.", "Хорошо, люди забывают."),
            ("Добавил{u_a} {acc} в общий календарь на {v_na}.", "Отлично, всё в одном месте."),
        ],
        "q": [
            "Когда у нас {nom}?",
            "Напомни дату {gen}?",
            "{Nom} — это какого числа?",
        ],
        "q_sup": [
            "Когда у нас теперь {nom}?",
            "На какое число в итоге перенесли {acc}?",
        ],
    },
    "decision": {
        "opt": [
            ("Думаем насчёт {gen}. Варианты: {opts}.", "Все варианты рабочие. Что для вас важнее всего?"),
            ("Помоги выбрать, что касается {gen}: {opts}.",
             "Можно устроить быстрое голосование в чате — людям нравится, когда с ними советуются."),
            ("Короткий список по поводу {gen}: {opts}. Мысли?",
             "Сложно выбрать заочно — а что думают остальные?"),
        ],
        "set": [
            "Насчёт {gen} — выбрали {v_acc}.",
            "По поводу {gen} проголосовали: {v_nom}.",
            "В общем, насчёт {gen} — {v_nom}. Решено.",
            "Что касается {gen}: остановились на варианте «{v}».",
        ],
        "set_a": [
            "Хороший выбор — «{v}».",
            "Отлично, «{v}». Одним вопросом меньше.",
            "Принято.",
        ],
        "chg": [
            "Насчёт {gen} передумали: теперь {v_nom}.",
            "С вариантом «{old}» не срослось, так что насчёт {gen} — {v_nom}.",
            "Правление переиграло: вместо «{old}» — {v_nom}.",
            "Забудь про «{old}», насчёт {gen} теперь {v_nom}.",
            "После истории с вариантом «{old}» решили: {v_nom}.",
        ],
        "chg_a": [
            "Понятно, «{v}» вместо «{old}».",
            "Хорошо, значит, «{v}».",
            "Ясно, теперь вариант «{v}».",
        ],
        "rem": [
            ("Сообщил{u_a} всем насчёт {gen}: {v_nom}.", "Отлично, вопрос закрыт."),
        ],
    },
    "reason": {
        "set": [
            "{Nom} отменяется: {why}.",
            "Пришлось отказаться от {gen} — {why}.",
            "С {ins} не получится. {Why}.",
            "От {gen} отказались. {Why}, увы.",
        ],
        "set_a": [
            "Жаль, но {why2} — веская причина.",
            "Понятно. В такой ситуации вариант отпадает.",
            "Да, {why2} — тут ничего не поделаешь.",
        ],
        "pre0": [
            ("{Nom} под вопросом, там какие-то проблемы.", "Надеюсь, прояснится. Держите в курсе."),
            ("С {ins} что-то не так, пока не понимаю что.", "Может, стоит позвонить и уточнить?"),
        ],
        "post0": [
            "Узнал{u_a}, почему не выходит с {ins}: {why}.",
            "Выяснилось, в чём дело с {ins}: {why}.",
        ],
        "rem": [
            ("Опять спрашивали про {acc}. Объяснил{u_a}: {why}.", "Честно и понятно."),
        ],
        "q": [
            "Почему мы отказались от {gen}?",
            "Напомни, что там было с {ins}? Почему не вышло?",
            "Из-за чего отменили {acc}?",
        ],
    },
}

RU_INTRO = [
    ("Привет! На мне в этом сезоне {club} — {desc}. Поможешь ничего не забыть?",
     "Конечно! Пишите всё, что нужно запомнить, — буду держать в порядке."),
    ("Добрый вечер. Меня выбрали координатором: {club}, {desc}. Буду сюда скидывать всё важное, ладно?",
     "Договорились. Присылайте — всё соберу и напомню, если нужно."),
    ("Привет. Короче, я теперь главный организатор — {club}, {desc}. Голова уже пухнет, будешь моей памятью?",
     "С удовольствием. Сообщайте о решениях и изменениях, а потом спрашивайте что угодно."),
]
RU_OPENERS = ["Привет! ", "Снова я. ", "Доброе утро! ", "Ещё одно. ", "Добрый вечер. ", "Короче. "]
RU_FOLLOW = [
    "Извини за опечатки, пишу с телефона.",
    "Хотя ладно, неважно.",
    "Ой, и привет, забыл{u_a} поздороваться.",
    "Автозамена меня ненавидит.",
    "В смысле, это не срочно.",
]

RU_FILLER = [
    ("За окном опять слякоть, {kid} отказывается надевать шапку.",
     ["Классика. Может, договориться хотя бы на капюшон?", "Тёплый шарф — уже победа."], AUTUMN_WINTER),
    ("С утра {cold}, а батареи еле тёплые.",
     ["Бр-р. Надеюсь, отопление скоро наладят.", "Тёплые носки и горячий чай — единственное спасение."], WINTER),
    ("На улице {warm}, а я сижу в офисе без кондиционера.",
     ["Сочувствую. Вечером — срочно в тень и к воде.", "Пейте побольше воды!"], SUMMER),
    ("Прогноз обещает солнце {district} все выходные. Значит, будет дождь.",
     ["Зонт лишним не будет.", "Синоптики — люди оптимистичные."]),
    ("Вчера смотрел{u_a} {team} — {team2}. Проиграли {score_l}, нервы ни к чёрту.",
     ["Понимаю, такие матчи выматывают.", "Обидно. Следующий тур будет лучше."]),
    ("Не зря болею за {team}: выиграли {score_w}! Лучший вечер за неделю.",
     ["Отлично! Пусть хорошее настроение продержится подольше.", "Поздравляю!"]),
    ("{Partner_word} затеял{partner_a} ремонт в ванной. Уже неделю моемся у соседей.",
     ["Мужества вам! Ремонт всегда дольше, чем планировалось.", "Зато потом будет красиво."]),
    ("{kid} получил{kid_a} тройку по русскому. Говорит, учительница придирается.",
     ["Может, стоит разобрать ошибки вместе?", "Бывает. Главное — не опускать руки."]),
    ("В субботу день рождения у {kid_gen}, ждём {n5} детей. Помогите.",
     ["Главное — заранее продумать пару активных игр и много еды.", "Смелости вам! Аквагрим спасает."]),
    ("Кот {pet} спал на клавиатуре и отправил письмо начальнику.",
     ["Ха! Надеюсь, письмо было хотя бы вежливым.", "Кот явно метит на повышение."]),
    ("На работе аврал, {n5} совещаний за день.",
     ["Звучит изматывающе. Вечером — отдых без обсуждений.", "Держитесь, это пройдёт."]),
    ("Начальник хочет отчёт {day_k}. Ну конечно.",
     ["Разбейте на куски — так легче.", "Дедлайны всегда приходят не вовремя."]),
    ("Электричка опять опоздала на {mins}.",
     ["Неприятно. Может, есть вариант на более ранней?", "Сочувствую, это очень выматывает."]),
    ("Сварил{u_a} борщ на целую армию, а нас трое.",
     ["Зато завтра не надо готовить!", "Борщ на второй день только вкуснее."]),
    ("Попробовал{u_a} испечь {dish}, получилось так себе.",
     ["Первый блин комом — это нормально.", "В следующий раз получится лучше!"]),
    ("Расскажи анекдот, а то настроение никакое. {kid} весь вечер капризничал{kid_a}.",
     ["Встречаются два тренера. Один: «Мои на поле — как часы!» Второй: «Мои тоже: стоят».",
      "Программист ставит на тумбочку два стакана: с водой — если захочет пить, пустой — если не захочет."]),
    ("Мама приезжает из {place_gen} {day_v}, а у меня дома бардак.",
     ["Быстрая уборка главной комнаты обычно спасает.", "Мама будет рада вас видеть в любом случае."]),
    ("Соседская собака съела носок {kid_gen}. Ветеринар говорит — выйдет сам.",
     ["Будем надеяться. Главное — следить за самочувствием.", "Собаки едят всё подряд, увы."]),
    ("Штраф за парковку у бассейна — {price}. Обидно.",
     ["Можно попробовать обжаловать, если знаки были непонятные.", "Неприятно, сочувствую."]),
    ("Гречка подорожала до {price_small} за пачку, это вообще нормально?",
     ["Цены растут на всё, к сожалению.", "Иногда на оптовых рынках дешевле."]),
    ("Сосед с {early} сверлит. В выходной!",
     ["Можно вежливо напомнить про тихие часы.", "Беруши и терпение."]),
    ("Записал{u_sya} к стоматологу на {date_na}, уже страшно.",
     ["Обычно всё проходит быстрее, чем кажется.", "Порадуйте себя чем-нибудь после."]),
    ("Машина на ТО {date_when}, держим кулаки.",
     ["Пусть всё пройдёт гладко.", "Надеюсь, обойдётся заменой дворников."]),
    ("Посмотрел{u_a} сериал за выходные, все {nn_ep} подряд.",
     ["Хороший марафон! Понравилось?", "Вот это выходные."]),
    ("Кстати, спасибо за помощь вчера с письмом для {p_gen}.",
     ["Всегда пожалуйста!", "Обращайтесь!"]),
    ("Отойду ненадолго, надо забрать {kid_acc} из школы.",
     ["Конечно, до связи.", "Хорошо, пишите, когда вернётесь."]),
    ("Вернул{u_sya}. Пробки жуткие.",
     ["С возвращением! Чем помочь?", "Главное, что добрались."]),
    ("{p} позвал{p_a} в субботу на шашлыки, а прогноз — дождь.",
     ["Можно взять тент и всё равно поехать.", "Шашлыки под дождём — тоже традиция."]),
    ("{p} и {p2} поругались из-за квиза в баре. Из-за одного вопроса!",
     ["Квизы — дело серьёзное.", "Помирятся к следующей игре, наверное."]),
    ("Телефон упал экраном вниз. Ремонт — {price}.",
     ["Проверьте страховку — иногда она покрывает.", "Иногда в небольших мастерских дешевле."]),
    ("Как отстирать траву с белых шорт? {kid} опять играл{kid_a} в футбол в новых.",
     ["Замочите в холодной воде с хозяйственным мылом, потом обычная стирка. Горячая вода закрепит пятно.",
      "Пятновыводитель с кислородом и стирка в прохладной воде."]),
    ("Сколько варить яйцо всмятку? {kid} ест только такие.",
     ["Минуты три-четыре после закипания.", "Около четырёх минут в кипящей воде."]),
    ("Не могу уснуть, опять проснул{u_sya} в {late}.",
     ["Попробуйте вставать в одно и то же время и убрать телефон за час до сна.",
      "Проветренная прохладная комната очень помогает."]),
    ("{kid} объявил{kid_a}, что больше не ест мясо. С завтрашнего дня. Наверное.",
     ["Можно поддержать — чечевица и нут в помощь.", "Посмотрим, надолго ли!"]),
    ("Хочу записаться на йогу {district}. Или нет.",
     ["Можно сходить на одно пробное занятие.", "Начните с одного раза в неделю."]),
    ("Кто придумал понедельники и куда жаловаться? {Partner_word} говорит, что в спортлото.",
     ["Жалобы принимаются по вторникам.", "Добавлено в список претензий к мирозданию."]),
    ("В пятницу квиз в баре {district}, команда опять называется «Умники и умницы».",
     ["Удачи! Пусть название оправдает себя.", "Классика не стареет."]),
    ("Вчера свет отключали на {hours}. Сидели со свечами.",
     ["Почти романтика, если холодильник выжил.", "Зато, наверное, сыграли в настолки?"]),
    ("Сегодня первый снег. {kid} счастлив{kid_a}, я — не очень.",
     ["Главное — тёплые ботинки.", "Зато красиво!"], (10, 11, 12)),
    ("Аллергия началась, глаза как у кролика. Кот {pet} смотрит с сочувствием.",
     ["Антигистаминные и тёмные очки немного помогают.", "Сочувствую, это ужасно."], POLLEN),
    ("Отпуск в {place_pre} забронировал{u_a} на {date_na}. Есть чего ждать.",
     ["Отлично! Поездка впереди сильно поднимает настроение.", "Хороший выбор, пусть погода порадует."]),
    ("Быстрый вопрос: {a} умножить на {b}?",
     ["Будет {ab}.", "{ab}, если я не ошибаюсь."]),
    ("{p} говорит, ярмарка в школе собрала {price}.",
     ["Отличный результат!", "Неплохо для школьной ярмарки."]),
    ("Ремонт стиральной машины — {price}. Дешевле новую купить.",
     ["Иногда правда выгоднее заменить.", "Сравните с ценой новой — вдруг ремонт всё же разумнее."]),
    ("Поставил{u_a} напоминание на {time}, а про что — уже забыл{u_a}.",
     ["Классика. Пишите в напоминании хотя бы одно слово.", "Узнаете в {time}!"]),
    ("{p} прислал{p_a} мем про судей в {late}. Зачем все не спят?",
     ["У всех свой режим!", "Надеюсь, мем хотя бы был смешной."]),
    ("Слушай, а какой сегодня день недели? {kid} спрашивает, а я сам{u_a} не знаю, совсем потерял{u_sya}.",
     ["Посмотрите в углу экрана — я могу ошибиться. Но вы явно заработались.",
      "Когда дел много, дни сливаются. Может, пора отдохнуть?"]),
    ("{kid} выучил{kid_a} стихотворение наизусть с первого раза. Горжусь.",
     ["Здорово! Отличная память.", "Есть чем гордиться!"]),
    ("Был{u_a} на родительском собрании, {mins} обсуждали шторы в классе.",
     ["Родительские собрания — особый жанр.", "Надеюсь, шторы того стоили."]),
    ("Купил{u_a} {kid_dat} новые кроссовки, через неделю уже малы.",
     ["Дети растут быстрее, чем меняются цены.", "Берите на размер больше в следующий раз."]),
    ("Ты вообще устаёшь? Я вот да. {kid} сегодня встал{kid_a} в {early}.",
     ["Я не устаю, но вас понимаю. Может, выделите вечер только для себя?", "Нет, но вам отдых явно нужен."]),
    ("У {p_gen} юбилей {date_when}, скидываемся по {price_small}.",
     ["Хорошая традиция. Открытку не забудьте.", "Можно добавить коллективную открытку."]),
    ("Всё, я спать. Завтра с утра везу {kid_acc} на кружок, продолжим потом.",
     ["Спокойной ночи!", "Отдыхайте, до завтра."]),
    ("Доброе утро! Кофе уже второй, а {partner} ещё спит.",
     ["Доброе! Третий до обеда не рекомендую :)", "Бодрого дня!"]),
    ("{Partner_word} научил{partner_sya} печь хлеб. Вся кухня в муке.",
     ["Зато будет свежий хлеб.", "Закваска скоро станет членом семьи."]),
    ("{p} записывает голосовые по {n5} минут. Я не выдержу.",
     ["Ускорение воспроизведения — ваш друг.", "Ответьте таким же голосовым!"]),
    ("Соседи снизу опять жалуются на шум. Мы просто ходим! Ну, и {kid} немного прыгает.",
     ["Может, ковёр в коридор?", "Иногда хватает мягких тапочек."]),
]


def ru_third(p):
    return person_slots("ru", p, "third")


RU_CLUBS = [
    dict(
        name="беговой клуб «Набережная»", season=("2025-04-01", "2025-10-31"),
        desc="любительский беговой клуб, бегаем по субботам вдоль реки, в чате человек сорок",
        roles=[dict(role_acc="заказ клубных футболок", role_gen="заказа клубных футболок",
                    role_ins="заказом клубных футболок"),
               dict(role_acc="субботние разминки", role_gen="субботних разминок",
                    role_ins="субботними разминками")],
        money=[dict(nom="клубный взнос на сезон", acc="клубный взнос на сезон", gen="клубного взноса на сезон",
                    g="m", lo=1500, hi=4000, step=100),
               dict(nom="аренда манежа на зиму", acc="аренду манежа на зиму", gen="аренды манежа на зиму",
                    g="f", lo=18000, hi=40000, step=500)],
        count=dict(nom="заявка на эстафету", acc="заявку на эстафету", gen="заявки на эстафету", g="f",
                   unit="человек", lo=15, hi=40,
                   qs=["Сколько человек у нас в заявке на эстафету?", "Какая там цифра по заявке на эстафету?"],
                   qs_sup=["Сколько в итоге человек в заявке на эстафету?"]),
        code=dict(nom="код от раздевалки на стадионе", acc="код от раздевалки на стадионе",
                  gen="кода от раздевалки на стадионе"),
        events=[dict(nom="выезд на полумарафон в Суздаль", acc="выезд на полумарафон в Суздаль",
                     gen="выезда на полумарафон в Суздаль", lo="2025-05-10", hi="2025-06-28"),
                dict(nom="клубная эстафета", acc="клубную эстафету", gen="клубной эстафеты",
                     lo="2025-08-30", hi="2025-09-27")],
        choice=dict(gen="места для праздника закрытия сезона",
                    opts=[("кафе «Пенка»", "кафе «Пенка»", "Пенка"),
                          ("антикафе «Циферблат»", "антикафе «Циферблат»", "Циферблат"),
                          ("бар «Финиш»", "бар «Финиш»", "Финиш")],
                    qs=["Где мы в итоге отмечаем закрытие сезона?", "Куда идём праздновать закрытие сезона, напомни?"]),
        drop=dict(nom="тренировка на стадионе «Труд»", gen="тренировки на стадионе «Труд»",
                  acc="тренировку на стадионе «Труд»", ins="тренировкой на стадионе «Труд»",
                  why="там до конца месяца перекладывают покрытие дорожки", why2="ремонт покрытия",
                  keys=["покрытие дорожки", "ремонт покрытия"]),
        filler=[
            ("Сегодня пробежал{u_a} {km} км, ноги гудят.",
             ["Отличный объём! Не забудьте растяжку.", "Заслуженная усталость."]),
            ("{p} опять явил{p_sya} на тренировку без часов и спрашивает у всех темп.",
             ["Бегать по ощущениям тоже полезно.", "Может, подарить на день рождения часы?"]),
            ("На набережной сегодня такой ветер, что бежали боком.",
             ["Зато обратно ветер в спину!", "Силовая тренировка бесплатно."]),
            ("Кто-то потерял ключи на старте. Брелок с уточкой.",
             ["Можно написать в общий чат с фото.", "Уточка найдёт хозяина."]),
            ("{p} хочет бежать марафон, ни разу не пробежав больше десятки.",
             ["Смело. Может, предложить сначала полумарафон?", "Главное — постепенно наращивать объём."]),
            ("Купил{u_a} новые кроссовки за {price}. Теперь точно побегу быстрее.",
             ["Новые кроссовки — лучшая мотивация.", "Главное — разносить без спешки."]),
            ("Интервалы сегодня были жёсткие, половина группы меня проклинала.",
             ["Значит, тренировка удалась.", "Проклинают сегодня — благодарят на старте."]),
            ("Думаю устроить забег в костюмах на Хэллоуин.",
             ["Отличная идея, будет весело и фотогенично.", "Только костюмы попроще, чтобы бежать можно было."]),
        ],
    ),
    dict(
        name="общественный огород «Зелёный двор»", season=("2025-03-15", "2025-10-15"),
        desc="огород прямо во дворе, грядки для всех желающих, по выходным чай и рассада",
        roles=[dict(role_acc="полив по выходным", role_gen="полива по выходным", role_ins="поливом по выходным"),
               dict(role_acc="закупку семян", role_gen="закупки семян", role_ins="закупкой семян")],
        money=[dict(nom="членский взнос", acc="членский взнос", gen="членского взноса", g="m",
                    lo=500, hi=1500, step=50),
               dict(nom="доставка компоста", acc="доставку компоста", gen="доставки компоста", g="f",
                    lo=3000, hi=9000, step=100)],
        count=dict(nom="очередь на грядки", acc="очередь на грядки", gen="очереди на грядки", g="f",
                   unit="человек", lo=12, hi=45,
                   qs=["Сколько человек стоит в очереди на грядки?", "Какая у нас очередь на грядки, сколько там народу?"],
                   qs_sup=["Сколько в итоге человек в очереди на грядки?"]),
        code=dict(nom="код от сарая с инвентарём", acc="код от сарая с инвентарём", gen="кода от сарая с инвентарём"),
        events=[dict(nom="весенний субботник", acc="весенний субботник", gen="весеннего субботника",
                     lo="2025-04-05", hi="2025-05-03"),
                dict(nom="ярмарка урожая", acc="ярмарку урожая", gen="ярмарки урожая",
                     lo="2025-08-23", hi="2025-09-27")],
        choice=dict(gen="поставщика рассады",
                    opts=[("питомник «Флора»", "питомник «Флора»", "Флора"),
                          ("хозяйство «Берёзка»", "хозяйство «Берёзка»", "Берёзка"),
                          ("магазин «Дачник»", "магазин «Дачник»", "Дачник")],
                    qs=["У кого мы в итоге берём рассаду?", "Какого поставщика рассады выбрали, напомни?"]),
        drop=dict(nom="теплица из поликарбоната", gen="теплицы из поликарбоната", acc="теплицу из поликарбоната",
                  ins="теплицей из поликарбоната",
                  why="управляющая компания запретила ставить во дворе капитальные постройки",
                  why2="запрет управляющей компании",
                  keys=["управляющая компания", "запрет управляющей компании"]),
        filler=[
            ("Слизни съели всю рассаду салата. Война объявлена.",
             ["Пивные ловушки и яичная скорлупа вокруг грядок помогают.", "Слизни — достойный противник."]),
            ("{p} притащил{p_a} кабачок размером с младенца.",
             ["Рекорд сезона! Хватит на оладьи всему двору.", "Пора устраивать конкурс на самый большой овощ."]),
            ("Полил{u_a} всё утром, а днём пошёл дождь. Классика.",
             ["Зато растениям точно хватило.", "Природа любит пошутить."]),
            ("Соседская кошка облюбовала грядку с укропом.",
             ["Можно положить сверху сетку или ветки.", "Кошка явно ценит свежую зелень."]),
            ("Купил{u_a} лейку за {price_small}, ручка отвалилась через неделю.",
             ["Обидно. Может, получится вернуть по гарантии?", "Старые металлические лейки живут вечно."]),
            ("Дети из соседнего подъезда помогали сажать тыквы. Смешные.",
             ["Отлично, так и растут будущие огородники.", "Осенью будут гордиться своими тыквами."]),
            ("Кто-то опять оставил шланг включённым на всю ночь.",
             ["Может, повесить табличку у крана?", "Таймер на кран решил бы проблему."]),
            ("{p} спорит с {p2_ins}, что лучше — навоз или компост.",
             ["Вечный спор. Оба варианта хороши в меру.", "Можно устроить эксперимент на двух грядках."]),
        ],
    ),
    dict(
        name="волонтёрский фудбанк «Добрая полка»", season=("2025-09-15", "2026-01-20"),
        desc="собираем продукты и развозим наборы семьям, волонтёров около тридцати",
        roles=[dict(role_acc="развоз продуктовых наборов", role_gen="развоза продуктовых наборов",
                    role_ins="развозом продуктовых наборов"),
               dict(role_acc="график смен на складе", role_gen="графика смен на складе",
                    role_ins="графиком смен на складе")],
        money=[dict(nom="аренда склада", acc="аренду склада", gen="аренды склада", g="f",
                    lo=12000, hi=30000, step=500),
               dict(nom="закупка круп на месяц", acc="закупку круп на месяц", gen="закупки круп на месяц", g="f",
                    lo=6000, hi=16000, step=100)],
        count=dict(nom="список получателей", acc="список получателей", gen="списка получателей", g="m",
                   unit="семей", lo=25, hi=90,
                   qs=["Сколько семей у нас сейчас в списке получателей?", "Какой у нас список получателей, сколько семей?"],
                   qs_sup=["Сколько в итоге семей в списке получателей?"]),
        code=dict(nom="код от склада", acc="код от склада", gen="кода от склада"),
        events=[dict(nom="большая новогодняя раздача", acc="большую новогоднюю раздачу",
                     gen="большой новогодней раздачи", lo="2025-12-13", hi="2025-12-28"),
                dict(nom="сбор продуктов у супермаркета", acc="сбор продуктов у супермаркета",
                     gen="сбора продуктов у супермаркета", lo="2025-10-11", hi="2025-11-29")],
        choice=dict(gen="перевозчика для развоза",
                    opts=[("служба «Попутчик»", "службу «Попутчик»", "Попутчик"),
                          ("компания «Городские перевозки»", "компанию «Городские перевозки»", "Городские перевозки"),
                          ("сервис «Так-Так»", "сервис «Так-Так»", "Так-Так")],
                    qs=["Какого перевозчика мы в итоге взяли для развоза?", "С кем мы теперь развозим наборы, напомни?"]),
        drop=dict(nom="раздача во дворе школы", gen="раздачи во дворе школы", acc="раздачу во дворе школы",
                  ins="раздачей во дворе школы", why="директор не разрешил, потому что у школы проверка",
                  why2="запрет директора", keys=["директор не разрешил", "запрет директора"]),
        filler=[
            ("Сегодня за час разгрузили целую газель коробок. Спина в шоке.",
             ["Героически! Вечером — тёплый душ и отдых.", "Не забывайте поднимать с прямой спиной."]),
            ("{p} передал{p_a} для семей целый пакет детских вещей.",
             ["Здорово, это очень пригодится.", "Какой хороший жест."]),
            ("В магазине у дома согласились поставить нашу коробку для сбора.",
             ["Отличная новость! Чем больше точек, тем лучше.", "Стоит поблагодарить их в соцсетях."]),
            ("Один дедушка сегодня пришёл просто сказать спасибо. Чуть не расплакал{u_sya}.",
             ["Ради таких моментов всё и делается.", "Очень трогательно."]),
            ("Холодильник на складе гудит, как самолёт.",
             ["Может, пора вызвать мастера, пока не сломался.", "Главное, чтобы морозил."]),
            ("Новые волонтёры — студенты, очень бодрые. Завидую.",
             ["Молодая энергия очень кстати.", "Их бодрость заразительна, надеюсь."]),
            ("Пожертвовали ящик тушёнки и почему-то три ананаса.",
             ["Ананасы — праздник для кого-то из детей.", "Неожиданно, но приятно."]),
            ("{p} предлагает заказать наклейки с логотипом. Денег на это нет.",
             ["Можно поискать спонсора на печать.", "Пока можно обойтись распечатками."]),
        ],
    ),
    dict(
        name="любительская волейбольная команда «Искра»", season=("2025-09-01", "2026-04-30"),
        desc="играем в волейбол по вторникам и четвергам, иногда ездим на турниры",
        roles=[dict(role_acc="заявку на турниры", role_gen="заявки на турниры", role_ins="заявкой на турниры"),
               dict(role_acc="бронь зала", role_gen="брони зала", role_ins="бронью зала")],
        money=[dict(nom="аренда зала на месяц", acc="аренду зала на месяц", gen="аренды зала на месяц", g="f",
                    lo=8000, hi=20000, step=500),
               dict(nom="комплект новых мячей", acc="комплект новых мячей", gen="комплекта новых мячей", g="m",
                    lo=9000, hi=25000, step=100)],
        count=dict(nom="заявка на кубок города", acc="заявку на кубок города", gen="заявки на кубок города", g="f",
                   unit="игроков", lo=10, hi=20,
                   qs=["Сколько игроков в заявке на кубок города?", "Сколько человек мы заявили на кубок города?"],
                   qs_sup=["Сколько в итоге игроков в заявке на кубок города?"]),
        code=dict(nom="код от кладовки с сетками", acc="код от кладовки с сетками", gen="кода от кладовки с сетками"),
        events=[dict(nom="выезд на турнир в Ярославль", acc="выезд на турнир в Ярославль",
                     gen="выезда на турнир в Ярославль", lo="2026-02-07", hi="2026-03-28"),
                dict(nom="товарищеский матч с «Вымпелом»", acc="товарищеский матч с «Вымпелом»",
                     gen="товарищеского матча с «Вымпелом»", lo="2025-11-08", hi="2025-12-20")],
        choice=dict(gen="формы на новый сезон",
                    opts=[("фирма «Спорт-Профи»", "фирму «Спорт-Профи»", "Спорт-Профи"),
                          ("фабрика «Атлет»", "фабрику «Атлет»", "Атлет"),
                          ("магазин «Прыжок»", "магазин «Прыжок»", "Прыжок")],
                    qs=["У кого мы в итоге заказываем форму на новый сезон?", "Где берём форму на новый сезон, напомни?"]),
        drop=dict(nom="пляжный турнир в Анапе", gen="пляжного турнира в Анапе", acc="пляжный турнир в Анапе",
                  ins="пляжным турниром в Анапе", why="билеты на поезд подорожали почти вдвое",
                  why2="дорогие билеты", keys=["билеты на поезд подорожали", "дорогие билеты"]),
        filler=[
            ("Сегодня на тренировке {p} подавал{p_a} в сетку раз десять.",
             ["Бывает, день такой. Может, отработать подачу отдельно?", "Главное — не терять уверенность."]),
            ("Мячи в зале все накачаны по-разному, кошмар.",
             ["Манометр и насос — лучшая покупка для команды.", "Можно перед игрой проверить все мячи."]),
            ("Выиграли у соседей {vscore}! Настроение отличное.",
             ["Поздравляю! Заслуженная победа.", "Отлично сыграли!"]),
            ("Кто-то забыл в зале наколенники. Синие.",
             ["Напишите в чат, хозяин найдётся.", "Положите в кладовку, кто-нибудь спросит."]),
            ("{p} выбил{p_a} палец на блоке, теперь месяц без игры.",
             ["Скорейшего восстановления!", "Тейпирование пальцев в будущем поможет."]),
            ("Думаю добавить в разминку упражнения на реакцию.",
             ["Хорошая идея — особенно для защиты.", "Можно с теннисными мячами, это весело."]),
            ("Судья на последней игре явно не любит нашу команду.",
             ["Так кажется почти всем командам.", "Главное — играть так, чтобы от судьи ничего не зависело."]),
            ("Новенькая в команде отлично принимает, но стесняется.",
             ["Дайте ей время, освоится.", "Похвала после игры творит чудеса."]),
        ],
    ),
]

RU_DECOR = dict(
    upre=["Не по делу, но: ", "Оффтоп: ", "Просто поделиться: ", "Кстати, о жизни: ", "Из новостей: ",
          "Так, лирическое отступление. "],
    usuf=[" Эх.", " Такие дела.", " Ну вот.", " Ха.", " Жизнь.", " Вот так."],
    aadd=[" А как в целом дела?", " Если что-то нужно по клубу — пишите.", " Берегите себя.",
          " Надеюсь, остаток дня будет спокойнее.", " Неделя, похоже, насыщенная.", " Держитесь!",
          " Что-нибудь новое по клубу?", " Главное — не забывайте отдыхать.", " Дайте знать, как всё пройдёт.",
          " На вас сейчас много всего.", " Маленькие победы тоже считаются.", " Хорошего вечера!",
          " Вперёд!", " Улыбнуло."],
)


# ================================================================ JAPANESE
JA_PEOPLE = [dict(sur=s) for s in [
    "佐藤", "鈴木", "高橋", "田中", "渡辺", "伊藤", "中村", "小林", "加藤", "吉田", "山田", "佐々木",
    "井上", "木村", "清水", "山崎", "森田", "池田", "橋本", "石川", "前田", "藤田", "岡田", "後藤",
    "長谷川", "村上", "近藤", "坂本", "遠藤", "青木", "グエン", "マリア",
]]
JA_FPEOPLE = [dict(sur=s) for s in [
    "大野", "西村", "原田", "中島", "小池", "野口", "菊地", "上田", "杉山", "千葉", "今井", "河野",
    "久保", "松田", "宮本", "岩崎", "桜井", "横山", "丸山", "安藤", "市川", "北村", "荒木",
]]
JA_KIDS = ["翔太", "陽菜", "蓮", "結衣", "湊", "芽依", "大翔", "悠真"]
JA_PETS = ["犬のコタロウ", "猫のミケ", "猫のきなこ", "犬のマロン", "うちのハムスター"]
JA_TEAMS = ["阪神", "巨人", "カープ", "ヤクルト", "中日", "ベイスターズ", "浦和", "鹿島", "ガンバ", "フロンターレ"]
JA_PLACES = ["箱根", "軽井沢", "仙台", "金沢", "長野", "熱海", "伊勢", "別府", "函館", "松江"]
JA_DISHES = ["麻婆豆腐", "ハンバーグ", "餃子", "肉じゃが", "グラタン", "親子丼"]
JA_TOWNS = ["港北", "浦和", "川口", "船橋", "所沢", "町田", "藤沢", "柏"]
JA_ROADS = ["国道", "駅前通り", "環状線", "バイパス", "商店街の道"]
JA_KATA = ["ジェシカ", "マイク", "サラ", "トム", "ケリー"]
JA_WDN = ["月曜", "火曜", "水曜", "木曜", "金曜", "土曜", "日曜"]


def ja_persona(ctx):
    r = ctx.rng
    return {"kid": ctx.pchoice("kid", JA_KIDS), "partner_word": r.choice(["旦那", "夫", "妻"]),
            "pet": ctx.pchoice("pet", JA_PETS), "team": ctx.pchoice("team", JA_TEAMS),
            "town": ctx.pchoice("town", JA_TOWNS), "road": ctx.pchoice("road", JA_ROADS)}


def ja_fslots(ctx):
    r = ctx.rng
    sl = dict(ctx.persona)
    p, p2 = r.sample(ctx.fpeople, 2)
    sl["p"], sl["p2"] = p["sur"], p2["sur"]
    sl["team2"] = r.choice([t for t in JA_TEAMS if t != sl["team"]])
    a, b = r.randint(0, 3), r.randint(1, 4)
    sl["score_l"] = "%d対%d" % (a, a + b)
    sl["score_w"] = "%d対%d" % (a + b, a)
    sl["n"] = str(r.randint(2, 6))
    sl["tscore"] = str(r.choice(range(60, 101, 5)))
    pr = r.randint(8, 480) * 100
    sl["price"] = r.choice(["{:,}円".format(pr), "%d円" % pr])
    sl["price_small"] = "%d円" % (r.randint(2, 40) * 10)
    h = r.randint(6, 21)
    sl["time"] = r.choice(["%d時" % h, "%d時半" % h, "%d:%02d" % (h, r.choice([10, 15, 40, 45]))])
    sl["early"] = r.choice(["5時", "5時半", "6時", "4時半"])
    sl["late"] = r.choice(["2時", "3時", "3時半", "1時半", "4時"])
    d = rand_season_date(ctx)
    sl["date"] = ja_date(d, r.choice(["md", "md", "mdw"]))
    sl["day"] = r.choice(JA_WDN)
    sl["place"] = r.choice(JA_PLACES)
    sl["dish"] = r.choice(JA_DISHES)
    sl["cold"] = str(r.randint(0, 7))
    sl["hot"] = str(r.randint(31, 38))
    sl["mins"] = "%d分" % r.choice(range(10, 45, 5))
    sl["hours"] = str(r.randint(2, 6))
    x, y = r.randint(12, 29), r.randint(3, 9)
    sl["a"], sl["b"], sl["ab"] = str(x), str(y), str(x * y)
    sl["kata"] = r.choice(JA_KATA)
    sl["nn_ep"] = str(r.randint(8, 24))
    return sl


def ja_third(p):
    return {"third": p["sur"]}


JA_T = {
    "name": {
        "set": [
            "{role}は{new}さんにお願いすることになったよ",
            "{role}、{new}さんが引き受けてくれた！ほんと助かる",
            "役員会で決まったんだけど、{role}は{new}さんが担当",
            "今季の{role}は{new}さんで。覚えといて",
            "{new}さんが{role}やってくれるって。ありがたい",
            "やっと{role}の担当が決まった。{new}さんです",
        ],
        "set_a": [
            "承知しました。{role}は{new}さんですね。",
            "よかったですね。{role}は{new}さん担当、覚えておきます。",
            "担当が決まって一安心ですね。{new}さんによろしくお伝えください。",
            "{new}さんなら安心ですね。{role}の件、メモしておきます。",
        ],
        "chg": [
            "{role}の担当、{old}さんから{new}さんに代わったから",
            "{old}さん、仕事が忙しくなって{role}は無理だって。代わりに{new}さんが入ってくれることに",
            "さっき{new}さんからLINE来て「{role}、{old}さんの代わりに私がやります」だって",
            "ちなみに{role}は今は{new}さんがやってるよ",
            "{role}ね、結局{new}さんに交代した。{old}さんはしばらくお休み",
            "また雨で練習中止…。あ、そうそう、{role}は{new}さんになったよ",
            "前に{role}は{old}さんって言ったけど、あれ変更。{new}さんです",
            "{role}、{old}さんがうっかりが多くて…{new}さんに代わってもらった",
        ],
        "chg_a": [
            "了解です。{role}は{new}さんに交代ですね。",
            "承知しました。これからは{role}の窓口は{new}さんということで。",
            "{new}さんが引き継いでくれて助かりましたね。",
            "わかりました。{old}さんから{new}さんへ、ですね。",
        ],
        "pre": [
            ("{old}さんが{role}を降りたいって…誰か探さないと", "それは困りましたね。心当たりはありますか？"),
            ("{role}、{old}さんが来月から無理らしい。どうしよう", "次の集まりで声をかけてみるのはどうでしょう。"),
        ],
        "post": [
            "{role}の後任、{new}さんに決まった！",
            "{role}、{new}さんが引き受けてくれることになった。ほっとした",
        ],
        "rem": [
            ("{role}のことは全部{new}さんに回してる", "それが一番確実ですね。"),
            ("今度{new}さんに{role}のお礼しなきゃ", "ちょっとしたお菓子でも喜ばれそうですね。"),
        ],
        "q": [
            "{role}って今誰がやってるんだっけ？",
            "{role}のことで連絡したいんだけど、誰に言えばいいんだっけ？",
            "{role}、今は誰の担当だっけ？",
            "ごめん、{role}の担当って誰だった？",
        ],
        "q_sup": [
            "そういえば{role}の担当って結局誰になったっけ？",
            "{role}、最終的に誰が引き継いだんだっけ？",
        ],
    },
    "money": {
        "set": [
            "{item}は{v}に決まった",
            "{item}、{v}でいくことになった",
            "見積もりが来た。{item}は{v}",
            "会計の{third}さんと相談して、{item}は{v}にしたよ",
            "{item}は{v}。思ったより安かった",
        ],
        "set_a": [
            "{item}は{v2}ですね。承知しました。",
            "{v2}なら妥当だと思います。",
            "メモしました。{item}、{v2}。",
        ],
        "chg": [
            ("{item}、{v}に値上がりしちゃった", "up"),
            ("{item}の件、{old}じゃなくて{v}だった。ごめん", "any"),
            ("交渉して{item}を{v}まで下げてもらえた！", "down"),
            ("請求書が届いた。{item}は結局{v}", "any"),
            ("総会で{item}を{v}に変更することになった", "any"),
            ("{item}、{old}は去年の金額だったみたい。今年は{v}", "any"),
            ("{third}さんが安いところを見つけてくれて、{item}は{v}に", "down"),
            ("何でも値上がりするね…{item}も{v}だって", "up"),
        ],
        "chg_a": [
            "{item}は{v2}に更新しておきます。",
            "了解です、{v2}ですね。",
            "わかりました。{item}、今は{v2}ということですね。",
        ],
        "pre": [
            ("{item}、まだ確定じゃないって。{old}は仮の金額らしい", "確定したら教えてください。"),
            ("{item}、{old}って聞いてたけど変わりそう", "正式な金額が出るまで保留にしておきましょう。"),
        ],
        "post": [
            "{item}の正式な金額が出た。{v}",
            "{item}、確定しました。{v}です",
        ],
        "pre0": [
            ("{item}の見積もり待ち", "妥当な金額だといいですね。"),
            ("{item}っていくらになるんだろう。会計さん待ち", "わかったら教えてください。"),
        ],
        "post0": [
            "{item}の見積もり来た。{v}",
            "会計さんから連絡、{item}は{v}だって",
        ],
        "rem": [
            ("グループLINEに{item}は{v}って流しておいた", "文字で残ると安心ですね。"),
            ("{third}さんに{item}は{v}って伝えたら、特に何も言われなかった", "それはよかったです。"),
        ],
        "q": [
            "{item}っていくらだっけ？",
            "{item}、いくらで決まったんだっけ？",
            "ごめん、{item}の金額もう一回教えて",
        ],
        "q_sup": [
            "{item}って結局いくらになったんだっけ？",
            "{item}、最終的にいくらだっけ？",
        ],
    },
    "count": {
        "set": [
            "{item}は今のところ{v}",
            "{item}、数えたら{v}だった",
            "{item}は{vw}。思ったより多い",
            "{third}さんがまとめてくれた。{item}は{v}",
        ],
        "set_a": [
            "{v2}ですね。いい数字です。",
            "{item}は{v2}、了解しました。",
        ],
        "chg": [
            ("{item}、追加があって{v}になった", "up"),
            ("キャンセルが出て、{item}は{v}に減った", "down"),
            ("{item}の最終確定は{v}です", "any"),
            ("{third}さんから連絡、{item}は{v}だって", "any"),
            ("ごめん数え間違えてた。{item}は{v}", "any"),
        ],
        "chg_a": [
            "了解です。{v2}ですね。",
            "{item}を{v2}に更新しました。",
        ],
        "rem": [
            ("{item}は{v}って会場に伝えておいた", "早めの連絡は助かりますね。"),
        ],
        "q": [
            "{item}って何{ctr}だっけ？",
            "{item}、今いくつだっけ？",
        ],
        "q_sup": [
            "{item}って最終的に何{ctr}になったっけ？",
            "{item}、結局何{ctr}だったっけ？",
        ],
    },
    "code": {
        "set": [
            "{item}は{v}ね。グループLINEには流さないで",
            "メモ：{item}は{v}",
            "{third}さんから{item}を聞いた。{v}",
            "{item}、{v}だから覚えておいて",
        ],
        "set_a": [
            "{v2}ですね。控えておきます。",
            "承知しました。{item}は{v2}。",
        ],
        "chg": [
            "{item}が{v}に変わったって",
            "{item}、防犯のため{v}に変更されました",
            "前の{item}、使えなくなってた。新しいのは{v}",
        ],
        "chg_a": [
            "了解です。{item}は{v2}に更新しますね。",
            "新しい番号は{v2}ですね。",
        ],
        "rem": [
            ("今朝{item}で開けたら一発で開いた。{v}ね", "問題なさそうでよかったです。"),
        ],
        "q": [
            "{item}って何番だっけ？",
            "{item}、もう一回教えて",
            "今ドアの前にいるんだけど、{item}何だっけ？",
        ],
        "q_sup": [
            "{item}、変わったあとの番号なんだっけ？",
        ],
    },
    "date": {
        "set": [
            "{event}は{v}に決定！",
            "{event}の日程、{v}で確定",
            "{v}に{event}。カレンダーに入れといて",
            "{third}さんから連絡で、{event}は{v}だって",
            "{event}、{v}でほぼ決まり",
        ],
        "set_a": [
            "{event}は{v2}ですね。承知しました。",
            "{v2}、覚えておきます。",
            "了解です。{v2}に向けて準備しましょう。",
        ],
        "chg": [
            ("{event}、一週間延期で{v_rel}になった", "week_later"),
            ("{event}、一週間後ろにずれて{v_rel}だって", "week_later"),
            ("{event}が一週間前倒しで{v_rel}に。準備間に合うかな", "week_earlier"),
            ("{event}は{old_wd}から翌日の{v_rel}にずれた", "next_day"),
            ("{event}は{v}に変更", "abs"),
            ("{event}、会場の都合で{v}になったって", "abs"),
            ("{event}また変わった…{v}だって", "abs2"),
            ("{third}さんから電話。{event}は{old}じゃなくて{v}になった", "abs"),
        ],
        "chg_a": [
            "{event}は{v2}に変更ですね。了解です。",
            "わかりました。{v2}で覚えておきます。",
            "日程変更、承知しました。{v2}ですね。",
        ],
        "pre": [
            ("{event}、{old}は無理かもって話が出てる", "正式に決まったら教えてください。"),
            ("{event}の日程、また動くかも", "確定するまで様子を見ましょう。"),
        ],
        "post": [
            "{event}、正式に{v}になりました",
            "決まった。{event}は{v}",
        ],
        "pre0": [
            ("{event}の日程、まだ{third}さんの返事待ち", "早く決まるといいですね。"),
        ],
        "post0": [
            "{third}さんから返事来た。{event}は{v}",
        ],
        "rem": [
            ("{event}のお知らせ配った。{v}って大きく書いといた", "それなら見落とされませんね。"),
            ("{event}は{v}、カレンダーに登録済み", "完璧です。"),
        ],
        "q": [
            "{event}っていつだっけ？",
            "{event}の日程、いつだったっけ？",
            "{event}って何日だった？",
        ],
        "q_sup": [
            "{event}って何日になったんだっけ？",
            "{event}、結局いつになったっけ？",
        ],
    },
    "decision": {
        "opt": [
            ("{topic}、候補は{opts}。どれがいいと思う？", "それぞれ良さがありますね。みんなの意見も聞いてみては？"),
            ("{topic}で迷ってる。{opts}のどれか", "みんなに投票してもらうのも手ですね。"),
        ],
        "set": [
            "{topic}は{v_full}に決めた",
            "多数決で、{topic}は{v_full}になったよ",
            "{topic}、{v_full}で決定",
            "{v_full}にした。{topic}はこれで確定",
        ],
        "set_a": [
            "いいですね。{topic}は{v}ですね。",
            "{v}、承知しました。",
            "決まってよかったです。",
        ],
        "chg": [
            "{topic}、やっぱり{v_full}に変更",
            "{old}がダメになって、{topic}は{v_full}にした",
            "役員会でひっくり返されて、{topic}は{old}じゃなくて{v_full}に",
            "{topic}、{v_full}に変えました。いろいろあって",
        ],
        "chg_a": [
            "了解です。{old}から{v}に変更ですね。",
            "{topic}は{v}ですね。",
            "わかりました、{v}で進めましょう。",
        ],
        "rem": [
            ("{topic}は{v_full}ってみんなに伝えた", "これで一安心ですね。"),
        ],
    },
    "reason": {
        "set": [
            "{plan}はなしになった。{why}から",
            "残念だけど{plan}は見送り。{why}んだって",
            "{plan}、やめることにした。{why}ので",
            "{plan}はボツ。理由は{why}こと",
        ],
        "set_a": [
            "{why2}では仕方ないですね。",
            "残念ですが、{why2}なら判断は正しいと思います。",
            "了解です。{plan}は見送りですね。",
        ],
        "pre0": [
            ("{plan}、ダメになった", "あら、理由は何でしたか？"),
            ("{plan}の件、なくなりそう", "何か問題がありましたか？"),
        ],
        "post0": [
            "{plan}がダメになった理由わかった。{why}んだって",
            "{plan}の件、{why}のが原因だった",
        ],
        "rem": [
            ("{plan}のことまた聞かれた。{why}からって説明した", "それで伝わりますね。"),
        ],
        "q": [
            "{plan}って何でなくなったんだっけ？",
            "{plan}、なんでやめたんだっけ？",
            "{plan}がダメになった理由って何だっけ？",
        ],
    },
}

JA_INTRO = [
    ("こんにちは。今シーズン、{club}の世話役をやることになりました。{desc}。いろいろ覚えておくの手伝ってくれる？",
     "もちろんです。決まったことや変更があれば、何でも送ってください。"),
    ("はじめまして。{club}のまとめ役です。{desc}。忘れっぽいので記録係をお願いしたい",
     "承知しました。お任せください。あとで何でも聞いてくださいね。"),
    ("お疲れさまです。{club}の代表になっちゃいました。{desc}。頭がパンクしそうなので、メモ代わりに使わせて",
     "どうぞどうぞ。決まったことを送っていただければ整理しておきます。"),
]
JA_OPENERS = ["おはよう！", "お疲れさま。", "ちょっと報告。", "あ、そうだ。", "こんばんは。", "また失礼。"]
JA_FOLLOW = [
    "ごめん、誤字多いね。スマホからだから",
    "あ、今のは気にしないで",
    "あと、こんばんは。挨拶忘れてた",
    "予測変換ひどい…",
    "急ぎじゃないからね",
]

JA_FILLER = [
    ("今日めっちゃ雨。{kid}が長靴で水たまりに突撃してた",
     ["元気いっぱいですね。風邪をひかないように気をつけてください。", "雨の日の水たまりは子どもの特権ですね。"]),
    ("朝{cold}度しかなくて布団から出られなかった",
     ["寒い朝はつらいですよね。温かい飲み物でどうぞ。", "その気持ち、よくわかります。"], WINTER),
    ("今日{hot}度だって。溶ける",
     ["こまめに水分をとってくださいね。", "無理せず涼しいところで過ごしてください。"], (6, 7, 8, 9)),
    ("{town}は週末晴れ予報。ということは雨だな",
     ["念のため折りたたみ傘を。", "天気予報との戦いですね。"]),
    ("昨日の{team}見た？{score_l}で負けた…",
     ["惜しかったですね。次に期待しましょう。", "悔しい試合でしたね。"]),
    ("{team}が{score_w}で勝った！今週一番うれしい",
     ["よかったですね！いい気分で過ごせそうですね。", "おめでとうございます！"]),
    ("{partner_word}が急にキャンプ道具を買ってきた。{price}もした",
     ["思い切りましたね！せっかくなら使わないと。", "次の休みはキャンプで決まりですね。"]),
    ("{kid}が算数のテストで{tscore}点取ってきた",
     ["頑張りましたね！褒めてあげてください。", "努力の成果ですね。"]),
    ("{pet}がまた靴下を隠した",
     ["かわいい犯人ですね。", "隠し場所を見つけるのも一苦労ですね。"]),
    ("仕事で会議が{n}本連続。もう無理",
     ["お疲れさまです。今夜はゆっくり休んでくださいね。", "それは消耗しますね。"]),
    ("上司が{day}までに資料作れって。なんで今言うの",
     ["締め切りはいつも急ですよね。分割して進めると少し楽です。", "大変ですね。応援しています。"]),
    ("電車が{mins}遅れて遅刻しそうになった",
     ["間に合ってよかったです。遅延証明はもらえましたか？", "朝からお疲れさまです。"]),
    ("{dish}作りすぎた。フライパンいっぱい",
     ["カレーは二日目がおいしいですから。", "冷凍しておけば後で助かりますね。"]),
    ("{dish}に挑戦したけど、子どもたちの評価はいまいち",
     ["いまいちでも食べてくれたなら成功です。", "次は味付けを少し甘めにしてみては？"]),
    ("何か面白い話して。{kid}の寝かしつけで疲れた",
     ["布団が吹っ飛んだ……失礼しました。少しは力が抜けましたか？",
      "アルミ缶の上にあるミカン。……お疲れのところ、すみません。"]),
    ("実家の母が{place}から来る。部屋が散らかってる",
     ["リビングだけ片付ければ大丈夫ですよ。", "お母さまは部屋より顔を見に来るんだと思います。"]),
    ("駐車違反で罰金取られた…{price}",
     ["痛い出費ですね。", "標識が分かりにくかったなら相談してみても。"]),
    ("スーパーで卵が{price_small}になってた。高すぎ",
     ["最近は本当に値上がりしていますね。", "特売日を狙うしかないですね。"]),
    ("隣の家が朝{early}から工事してる",
     ["それはつらいですね。耳栓が役に立つかもしれません。", "早く終わるといいですね。"]),
    ("歯医者の予約、{date}の{time}。憂うつ",
     ["終わったら自分にご褒美を。", "思ったよりすぐ終わりますよ。"]),
    ("車検が{date}。お金が飛ぶ…",
     ["何事もなく終わるといいですね。", "大きな修理がないことを祈ります。"]),
    ("週末にドラマ一気見した。全{nn_ep}話",
     ["すごい集中力ですね。面白かったですか？", "いい週末ですね。"]),
    ("昨日は{p}さんの件、ありがとう。助かった",
     ["どういたしまして。いつでもどうぞ。", "お役に立ててよかったです。"]),
    ("ちょっと{kid}のお迎え行ってくる",
     ["いってらっしゃい。", "お気をつけて。"]),
    ("戻った。{road}が混んでた",
     ["おかえりなさい。続きをどうぞ。", "お疲れさまです。"]),
    ("{p}さんにバーベキュー誘われたけど、予報は雨",
     ["タープがあれば決行できるかもしれませんね。", "雨バーベキューも思い出になりますよ。"]),
    ("{p}さんと{p2}さん、クイズ大会の一問でまだ揉めてる",
     ["クイズの因縁は根深いですね。", "次の大会で決着をつけるしかないですね。"]),
    ("スマホの画面割れた。修理{price}だって",
     ["保険に入っていないか確認してみてください。", "街の修理屋さんの方が安いこともありますよ。"]),
    ("{kid}の白い体操服の泥汚れってどうやって落とすの？",
     ["固形石けんで予洗いしてから洗濯機へ。漂白剤は酸素系がおすすめです。", "ぬるま湯に浸けてから石けんでもみ洗いすると落ちやすいです。"]),
    ("半熟卵って何分ゆでればいい？{kid}のお弁当用",
     ["沸騰したお湯で6分半くらいが目安です。", "6分から7分で、すぐ冷水にとってください。"]),
    ("夜中の{late}に目が覚めてそこから寝られない",
     ["寝る前のスマホを控えると少し違うかもしれません。", "毎朝同じ時間に起きるのがいいそうですよ。"]),
    ("{kid}が急に「明日から肉食べない」って宣言した",
     ["応援してあげると続くかもしれませんね。", "豆腐や豆料理が活躍しそうですね。"]),
    ("月曜日って誰が考えたの。{partner_word}も朝から機嫌悪い",
     ["苦情は火曜日に受け付けます。", "今週も乗り切りましょう。"]),
    ("{day}に職場の飲み会。幹事じゃないだけマシ",
     ["それは大きいですね。楽しんできてください。", "幹事じゃない飲み会は気楽ですね。"]),
    ("昨日停電が{hours}時間あった。ろうそく生活",
     ["冷蔵庫は無事でしたか？", "ちょっとしたキャンプ気分ですね。"]),
    ("初雪！{kid}は大喜び、私は雪かきで腰が…",
     ["腰、お大事にしてください。", "子どもにとっては最高の日ですね。"], (12, 1, 2)),
    ("花粉症始まった。目がかゆい。{town}は杉が多すぎる",
     ["つらいですね。早めの薬がおすすめです。", "メガネで少しは防げるかもしれません。"], (2, 3, 4, 5)),
    ("{place}旅行、{date}から予約した！楽しみ",
     ["いいですね！楽しみがあると頑張れますね。", "お天気に恵まれますように。"]),
    ("ちょっと計算して。{a}×{b}は？",
     ["{ab}です。", "答えは{ab}になります。"]),
    ("{p}さんが言うには、学校のバザーで{price}集まったって",
     ["すごいですね！", "大成功ですね。"]),
    ("洗濯機壊れた。修理に{price}って言われた",
     ["買い替えと比べてみてもいいかもしれません。", "痛い出費ですね。"]),
    ("{time}にアラームかけたのに、何のためか忘れた",
     ["その時間になれば思い出すかもしれませんね。", "次はアラームに一言メモを。"]),
    ("{team}また負けた。今年はもうダメかも",
     ["まだシーズンは続きますよ。", "応援し続けるのがファンの務めですね。"]),
    ("{p}さんから朝{early}にスタンプ連打された。みんな早起きすぎ",
     ["朝型の方は元気ですね。", "スタンプで返しておきましょう。"]),
    ("風邪薬、{price_small}もしたのに全然効かない",
     ["無理せず早めに休んでくださいね。", "長引くようなら病院へ。"]),
    ("今日何曜日だっけ。{kid}の行事続きで完全に曜日感覚なくなってる",
     ["忙しいと曜日が分からなくなりますよね。画面の端で確認してみてください。", "それだけ頑張っている証拠です。"]),
    ("{kid}が詩を一回で暗記してきた。親バカだけど天才かも",
     ["素晴らしい記憶力ですね！", "褒めてあげてください。"]),
    ("保護者会で{mins}、カーテンの色の話してた",
     ["保護者会あるあるですね。", "大事な議題…だったのかもしれません。"]),
    ("{kid}の靴買ったばかりなのに、もうきつくなってる",
     ["子どもの成長は早いですね。", "次はワンサイズ上にしましょう。"]),
    ("あなたも疲れることある？{kid}が朝{early}に起きてきてさ",
     ["私は疲れませんが、お気持ちはよくわかります。今日は早めに休みましょう。", "疲れはしませんが、あなたには休息が必要そうです。"]),
    ("{p}さんの送別会、{date}。一人{price_small}じゃ足りないか",
     ["もう少し集めた方が安心かもしれませんね。", "寄せ書きも用意すると喜ばれそうです。"]),
    ("もう寝る。明日は{kid}の参観日だからまた夜に",
     ["おやすみなさい。また明日どうぞ。", "ゆっくり休んでください。"]),
    ("おはよう。コーヒー二杯目。{partner_word}はまだ寝てる",
     ["おはようございます。三杯目はお昼以降に。", "今日も一日がんばりましょう。"]),
    ("近所の{kata}さんから野菜をたくさんもらった",
     ["うれしいおすそ分けですね。", "何を作るか迷いますね。"]),
    ("ALTの{kata}先生が運動会に来てくれるらしい",
     ["子どもたちが喜びそうですね。", "にぎやかになりそうですね。"]),
    ("宝くじ当たらないかな。当たったら{town}に体育館建てる",
     ["夢がありますね。", "まずは練習場所の確保からですね。"]),
    ("{partner_word}がパン作りにハマって、台所が粉だらけ",
     ["焼きたてパンが食べられるならいいですね。", "片付けは作った人の担当ということで。"]),
]

JA_CLUBS = [
    dict(
        name="ママさんバレーチーム「ひまわり」", season=("2025-04-01", "2025-09-30"),
        desc="週2回、小学校の体育館で練習してるママさんバレーのチームです",
        roles=[dict(role="大会の申し込み"), dict(role="体育館の予約")],
        money=[dict(item="月会費", lo=1000, hi=3000, step=100),
               dict(item="新しいユニフォーム代", lo=3500, hi=8000, step=100)],
        count=dict(item="練習試合の参加人数", ctr="人", lo=10, hi=24),
        code=dict(item="体育館倉庫の暗証番号"),
        events=[dict(event="区民大会", lo="2025-06-07", hi="2025-07-12"),
                dict(event="他チームとの合同練習会", lo="2025-04-19", hi="2025-05-31")],
        choice=dict(topic="打ち上げのお店",
                    opts=[("居酒屋「とりよし」", "とりよし"), ("焼肉「牛若」", "牛若"), ("カフェ「花みずき」", "花みずき")],
                    qs=["打ち上げのお店って結局どこになったんだっけ？", "打ち上げ、どこのお店でやるんだっけ？"]),
        drop=dict(plan="隣町の体育館を借りる案", why="駐車場が少なすぎる", why2="駐車場不足", keys=["駐車場"]),
        filler=[
            ("今日のレシーブ練習、{p}さんが顔面で受けてた",
             ["大丈夫でしたか？冷やしてあげてください。", "体を張ったレシーブですね。"]),
            ("サーブが全然入らない。腕が筋肉痛",
             ["フォームを少し見直すと楽になるかもしれません。", "続けていれば必ず入るようになりますよ。"]),
            ("体育館の床がワックスでつるつる。こわい",
             ["けがに気をつけてくださいね。", "シューズの裏を拭いてから入ると少しましです。"]),
            ("練習後のおしゃべりが練習より長い",
             ["それもチームの大事な時間ですね。", "親睦が深まっていいですね。"]),
            ("{p}さんが新しいシューズ買ってた。{price}だって",
             ["いいシューズはけが予防にもなりますね。", "気合が入っていますね。"]),
            ("子どもたちが体育館の隅で鬼ごっこしてて、ボールが当たりそうでヒヤヒヤ",
             ["見守り係を交代で決めるといいかもしれません。", "安全第一ですね。"]),
            ("ブロックで突き指した。テーピングしてる",
             ["お大事に。無理は禁物です。", "早く治りますように。"]),
            ("新しく入った{p}さん、元実業団だって！",
             ["心強いですね！", "いろいろ教えてもらえそうですね。"]),
        ],
    ),
    dict(
        name="少年野球チーム「若葉ファイターズ」", season=("2025-04-01", "2026-03-31"),
        desc="小学生が二十人ちょっとの少年野球チームで、保護者のお世話係をしてます",
        roles=[dict(role="お茶当番の割り振り"), dict(role="遠征の配車")],
        money=[dict(item="年会費", lo=6000, hi=15000, step=500),
               dict(item="遠征のバス代", lo=40000, hi=90000, step=1000)],
        count=dict(item="夏合宿の参加人数", ctr="人", lo=14, hi=30),
        code=dict(item="グラウンド倉庫の南京錠の番号"),
        events=[dict(event="夏合宿", lo="2025-07-19", hi="2025-08-23"),
                dict(event="卒団式", lo="2026-03-07", hi="2026-03-22")],
        choice=dict(topic="夏合宿の宿",
                    opts=[("民宿「しおさい」", "しおさい"), ("旅館「青葉荘」", "青葉荘"), ("ペンション「コットン」", "コットン")],
                    qs=["夏合宿の宿って結局どこに決まったっけ？", "合宿、どこに泊まるんだっけ？"]),
        drop=dict(plan="河川敷グラウンドでの練習試合", why="大雨でグラウンドが水没した",
                  why2="グラウンドの水没", keys=["水没"]),
        filler=[
            ("{kid}が初ヒット打った！泣いた",
             ["おめでとうございます！忘れられない一打ですね。", "親としては最高の瞬間ですね。"]),
            ("今日の練習試合、{score_l}で負けた。でもみんな声出てた",
             ["声が出ているのは良いチームの証拠です。", "次につながる負けですね。"]),
            ("監督の声がでかすぎて近所から苦情来た",
             ["それは困りましたね。少し配慮をお願いするしかないですね。", "熱意の表れですが…難しいところですね。"]),
            ("ユニフォームの泥、何回洗っても落ちない",
             ["固形石けんでのもみ洗いが一番効きますよ。", "野球の泥は手強いですね。"]),
            ("{p}さんがスイカ差し入れてくれた。子どもたち大喜び",
             ["夏の練習には最高の差し入れですね。", "いい思い出になりますね。"]),
            ("グラウンド整備でトンボかけてたら腰が…",
             ["無理しないでください。", "湿布を貼って休んでくださいね。"]),
            ("ファウルボールが駐車場の車に当たりそうでヒヤッとした",
             ["駐車位置を少し離すといいかもしれません。", "ネットの位置を確認してもよさそうですね。"]),
            ("新入団の子が{n}人体験に来た",
             ["楽しんでもらえるといいですね。", "チームがにぎやかになりますね。"]),
        ],
    ),
    dict(
        name="市民吹奏楽団「みなと」", season=("2025-04-01", "2025-12-31"),
        desc="団員四十人くらいの市民吹奏楽団で、団長をやってます",
        roles=[dict(role="楽譜の管理"), dict(role="定期演奏会の受付")],
        money=[dict(item="団費", lo=1500, hi=4000, step=100),
               dict(item="ホールの使用料", lo=80000, hi=200000, step=5000)],
        count=dict(item="定期演奏会のチケットの販売数", ctr="枚", lo=150, hi=480),
        code=dict(item="練習場の鍵のダイヤル番号"),
        events=[dict(event="定期演奏会", lo="2025-10-04", hi="2025-11-30"),
                dict(event="夏祭りでの演奏", lo="2025-07-19", hi="2025-08-16")],
        choice=dict(topic="アンコール曲",
                    opts=[("「宝島」", "宝島"), ("「アフリカン・シンフォニー」", "アフリカン・シンフォニー"),
                          ("「星条旗よ永遠なれ」", "星条旗よ永遠なれ")],
                    qs=["アンコール曲って結局何になったんだっけ？", "アンコールで何やるんだったっけ？"]),
        drop=dict(plan="野外ステージでの演奏", why="雨の日の代わりの会場が確保できない",
                  why2="代替会場の問題", keys=["代わりの会場", "代替会場"]),
        filler=[
            ("今日の合奏、トランペットがずっと走ってた",
             ["メトロノームで合わせる練習が効きそうですね。", "元気があるのはいいことですが…。"]),
            ("{p}さんが差し入れにどら焼き持ってきてくれた",
             ["練習の合間の甘いものは最高ですね。", "ありがたいですね。"]),
            ("チューバのケースが重すぎて腕がもげそう",
             ["キャスター付きのケースが欲しくなりますね。", "お疲れさまです。"]),
            ("譜めくりで一枚飛ばして大混乱",
             ["本番じゃなくてよかったですね。", "付箋で目印をつけておくと安心です。"]),
            ("練習場の空調が壊れてて、みんな汗だく",
             ["楽器にもよくないので、早く直るといいですね。", "水分補給を忘れずに。"]),
            ("クラリネットのリード、一箱{price_small}…じゃなかった、もっと高い",
             ["消耗品は地味に痛いですね。", "まとめ買いで少し安くなるかもしれません。"]),
            ("指揮者の{p}さん、今日はやけに機嫌がよかった",
             ["いい演奏ができていた証拠かもしれませんね。", "いい雰囲気で練習できたなら何よりです。"]),
            ("新入団員が{n}人来てくれた。高校生もいる",
             ["若い力はうれしいですね。", "楽団がますます元気になりますね。"]),
        ],
    ),
    dict(
        name="子ども食堂「みんなの台所」", season=("2025-09-01", "2026-01-31"),
        desc="月2回、公民館で開いてる子ども食堂で、ボランティアの代表をしてます",
        roles=[dict(role="食材の仕入れ"), dict(role="ボランティアのシフト作り")],
        money=[dict(item="大人の参加費", lo=200, hi=600, step=50),
               dict(item="公民館の調理室の使用料", lo=1500, hi=6000, step=100)],
        count=dict(item="次回の予約", ctr="食", lo=30, hi=90),
        code=dict(item="公民館の裏口の暗証番号"),
        events=[dict(event="クリスマス会", lo="2025-12-06", hi="2025-12-21"),
                dict(event="フードドライブ", lo="2025-10-18", hi="2025-11-22")],
        choice=dict(topic="お米の仕入れ先",
                    opts=[("直売所「みのり」", "みのり"), ("「ふるさと農園」", "ふるさと農園"), ("「さくら精米所」", "さくら精米所")],
                    qs=["お米の仕入れ先って結局どこにしたんだっけ？", "お米、どこから仕入れることになったっけ？"]),
        drop=dict(plan="キッチンカーを借りる話", why="保険料が高すぎる", why2="保険料の高さ", keys=["保険料"]),
        filler=[
            ("今日は唐揚げが一瞬でなくなった",
             ["唐揚げは最強ですね。", "次回は多めに用意しておきましょう。"]),
            ("{p}さんの畑から大根が{n}本届いた",
             ["ありがたいですね。煮物にぴったりです。", "旬の野菜はうれしいですね。"]),
            ("小学生の子が皿洗いを手伝ってくれた。えらい",
             ["素敵ですね。しっかり褒めてあげてください。", "いい経験になりますね。"]),
            ("公民館の冷蔵庫がいっぱいで、野菜が入らない",
             ["クーラーボックスを一時的に使うのはどうでしょう。", "仕入れの量を少し調整する必要がありそうですね。"]),
            ("アレルギー表示、毎回作るの大変",
             ["テンプレートを作っておくと楽になりますよ。", "大事な作業ですね。お疲れさまです。"]),
            ("高校生のボランティアが来てくれて、すごく助かった",
             ["若い力は頼もしいですね。", "また来てくれるといいですね。"]),
            ("寄付でお菓子が段ボール{n}箱届いた",
             ["子どもたちが喜びますね。", "お礼状を書かないとですね。"]),
            ("{p}さんが作ったカレー、子どもたちに大人気だった",
             ["レシピを教えてもらいたいですね。", "定番メニューになりそうですね。"]),
        ],
    ),
]

JA_DECOR = dict(
    upre=["関係ない話だけど、", "余談だけど、", "私事だけど、", "雑談です。", "どうでもいい話。", "聞いて。"],
    usuf=["笑", "…", "（笑）", "。はぁ", "。まあいいけど"],
    aadd=["ほかに何かお手伝いできることはありますか？", "今日も一日お疲れさまです。", "無理しすぎないでくださいね。",
          "チームの方は順調ですか？", "何かあればいつでもどうぞ。", "忙しい一週間ですね。", "少しでも休めますように。",
          "また様子を教えてください。", "いろいろ抱えていて大変ですね。", "小さな一歩も大事です。",
          "ゆっくりできる夜になりますように。", "思わず笑ってしまいました。"],
)


# ================================================================ registry
LANGS = {
    "en": dict(people=EN_PEOPLE, fpeople=EN_FPEOPLE, clubs=EN_CLUBS, T=EN_T, filler=EN_FILLER, intro=EN_INTRO,
               openers=EN_OPENERS, follow=EN_FOLLOW, persona=en_persona, fslots=en_fslots, third=en_third,
               decor=EN_DECOR),
    "ru": dict(people=RU_PEOPLE, fpeople=RU_FPEOPLE, clubs=RU_CLUBS, T=RU_T, filler=RU_FILLER, intro=RU_INTRO,
               openers=RU_OPENERS, follow=RU_FOLLOW, persona=ru_persona, fslots=ru_fslots, third=ru_third,
               decor=RU_DECOR),
    "ja": dict(people=JA_PEOPLE, fpeople=JA_FPEOPLE, clubs=JA_CLUBS, T=JA_T, filler=JA_FILLER, intro=JA_INTRO,
               openers=JA_OPENERS, follow=JA_FOLLOW, persona=ja_persona, fslots=ja_fslots, third=ja_third,
               decor=JA_DECOR),
}


# ================================================================ checker
def _has(pat, s):
    return any(lo <= ch <= hi for ch in s for lo, hi in pat)


CYR = [("\u0400", "\u04ff")]
KANJI = [("\u4e00", "\u9fff")]
KATA = [("\u30a0", "\u30ff")]
HIRA = [("\u3040", "\u309f")]
LATIN = [("A", "Z"), ("a", "z")]
CJK_ANY = KANJI + KATA + HIRA


def check(path):
    errs = []

    def err(msg):
        errs.append(msg)

    try:
        with open(path, encoding="utf-8") as fh:
            raw = fh.read()
        data = json.loads(raw)
    except Exception as e:  # noqa
        print("FAIL: cannot read %s: %r" % (path, e))
        return 1
    if dumps(data) != raw:
        err("file: not in the canonical serialisation (indent=1, ensure_ascii=False, trailing newline)")
    try:
        if dumps(generate()) != raw:
            err("file: differs from what the generator produces now (stale or non-deterministic)")
    except Exception as e:  # noqa
        err("generator: raised %r" % (e,))
    if not isinstance(data, list):
        print("FAIL: top level is not a list")
        return 1
    if len(data) != 12:
        err("bank: %d dialogs, expected 12" % len(data))
    langs = {}
    ids = []
    n_q = 0
    n_sup = 0
    kinds_all = []
    qtexts = []
    texts_by_dialog = []
    for d in data:
        did = d.get("id") if isinstance(d, dict) else None
        tag = str(did)
        if not isinstance(d, dict) or sorted(d.keys()) != ["id", "lang", "messages", "questions"]:
            err("%s: dialog must have exactly id, lang, messages, questions" % tag)
            continue
        if not (isinstance(did, str) and did.startswith("b14-") and did[4:].isdigit()):
            err("%s: bad id" % tag)
        ids.append(did)
        lang = d["lang"]
        if lang not in ("en", "ru", "ja"):
            err("%s: bad lang %r" % (tag, lang))
        langs[lang] = langs.get(lang, 0) + 1
        msgs = d["messages"]
        n = len(msgs)
        # rule 1
        if not 150 <= n <= 400:
            err("%s: %d messages, outside 150..400" % (tag, n))
        bad = False
        for m in msgs:
            if not (isinstance(m, dict) and sorted(m.keys()) == ["role", "text"] and m["role"] in ("user", "assistant")
                    and isinstance(m["text"], str) and m["text"].strip()):
                bad = True
        if bad:
            err("%s: malformed message(s)" % tag)
            continue
        texts = [m["text"] for m in msgs]
        low = [t.lower() for t in texts]
        texts_by_dialog.append((tag, texts))
        if msgs[0]["role"] != "user":
            err("%s: first message is not from the user" % tag)
        same = sum(1 for a, b in zip(msgs, msgs[1:]) if a["role"] == b["role"])
        if same > 0.1 * (n - 1):
            err("%s: roles do not alternate (%d repeats)" % (tag, same))
        nu = sum(1 for m in msgs if m["role"] == "user")
        if not 0.4 <= nu / float(n) <= 0.6:
            err("%s: user share %.2f" % (tag, nu / float(n)))
        # rule 2
        qs = d["questions"]
        if not isinstance(qs, list) or len(qs) != 5:
            err("%s: needs exactly 5 questions" % tag)
            continue
        kinds = []
        all_strings = []
        ev_all = []
        tail = low[-TAIL:] if n >= TAIL else low
        for qi, q in enumerate(qs):
            qt = "%s/q%d" % (tag, qi)
            ks = sorted(q.keys()) if isinstance(q, dict) else []
            if ks not in (["answers", "evidence", "kind", "q"], ["answers", "evidence", "kind", "q", "wrong"]):
                err("%s: bad keys %r" % (qt, ks))
                continue
            n_q += 1
            kind = q["kind"]
            if kind not in KINDS:
                err("%s: bad kind %r" % (qt, kind))
            kinds.append(kind)
            kinds_all.append(kind)
            ans = q["answers"]
            ev = q["evidence"]
            qtext = q["q"]
            if not (isinstance(qtext, str) and qtext.strip()):
                err("%s: empty question" % qt)
                continue
            qtexts.append(qtext)
            if not (isinstance(ans, list) and ans and all(isinstance(a, str) and a.strip() for a in ans)):
                err("%s: answers must be a non-empty list of strings" % qt)
                continue
            if len(set(a.lower() for a in ans)) != len(ans):
                err("%s: duplicate answers" % qt)
            for a in ans:
                if len(a) > 40:
                    err("%s: answer too long: %d chars" % (qt, len(a)))
            if not (isinstance(ev, list) and ev and all(isinstance(e, int) and not isinstance(e, bool) for e in ev)):
                err("%s: evidence must be a non-empty list of ints" % qt)
                continue
            if ev != sorted(set(ev)):
                err("%s: evidence not sorted/unique" % qt)
            # rule 3
            for e in ev:
                if not 0 <= e < n - TAIL:
                    err("%s: evidence index %d not < len-%d (%d)" % (qt, e, TAIL, n - TAIL))
            ev_ok = [e for e in ev if 0 <= e < n]
            ev_all.extend(ev_ok)
            for a in ans:
                al = a.lower()
                if any(al in t for t in tail):
                    err("%s: an accepted answer occurs in the last %d messages" % (qt, TAIL))
                # rule 6
                if not any(al in low[e] for e in ev_ok):
                    err("%s: an accepted answer is not verbatim in any evidence message" % qt)
            for e in ev_ok:
                if not any(a.lower() in low[e] for a in ans):
                    err("%s: evidence message %d contains no accepted answer" % (qt, e))
            wrong = q.get("wrong")
            strings = list(ans)
            if wrong is not None:
                if not (isinstance(wrong, list) and wrong and all(isinstance(w, str) and w.strip() for w in wrong)):
                    err("%s: wrong must be a non-empty list of strings" % qt)
                    wrong = []
                n_sup += 1
                first_ev = min(ev_ok) if ev_ok else -1
                for w in wrong:
                    wl = w.lower()
                    if len(w) > 40:
                        err("%s: wrong value too long" % qt)
                    # rule 4: stated before the change, change before the tail
                    occ = [i for i, t in enumerate(low) if wl in t]
                    if not occ:
                        err("%s: a wrong value never occurs in the dialog" % qt)
                    elif occ[0] >= first_ev:
                        err("%s: a wrong value is first stated at %d, not before the change at %d" % (qt, occ[0], first_ev))
                    # rule 7
                    for a in ans:
                        if wl in a.lower() or a.lower() in wl:
                            err("%s: wrong and accepted strings overlap" % qt)
                strings += wrong
            # rule 5
            ql = qtext.lower()
            for s in strings:
                if s.lower() in ql:
                    err("%s: question text contains an answer or wrong value" % qt)
            all_strings.extend(strings)
            if kind == "reason" and wrong:
                err("%s: reason questions should not carry superseded values" % qt)
        if len(set(kinds)) < 4:
            err("%s: only %d different kinds" % (tag, len(set(kinds))))
        # rule 8: distractors and small talk
        evs = set(ev_all)
        dig = sum(1 for i, t in enumerate(texts) if i not in evs and any(c.isdigit() for c in t))
        if dig < 20:
            err("%s: only %d non-evidence messages with numbers" % (tag, dig))
        allst = [s.lower() for s in all_strings]
        free = sum(1 for t in low if not any(s in t for s in allst))
        if free < 0.6 * n:
            err("%s: only %d of %d messages are free of answer values (small talk share too low)" % (tag, free, n))
        if len(set(texts)) < 0.85 * n:
            err("%s: too many repeated messages (%d distinct of %d)" % (tag, len(set(texts)), n))
        # rule 9: language
        if lang == "ja":
            if any(" " in t for t in texts) or any(" " in q["q"] for q in qs):
                err("%s: Japanese text contains ASCII spaces" % tag)
            if sum(1 for t in texts if _has(KANJI, t)) < 0.6 * n:
                err("%s: too little kanji" % tag)
            if not any(_has(KATA, t) for t in texts):
                err("%s: no katakana at all" % tag)
            if sum(1 for t in texts if _has(CJK_ANY, t)) < n:
                err("%s: a message without Japanese script" % tag)
        elif lang == "ru":
            if sum(1 for t in texts if _has(CYR, t)) < n:
                err("%s: a message without Cyrillic" % tag)
            for q in qs:
                if not _has(CYR, q["q"]):
                    err("%s: a question without Cyrillic" % tag)
        elif lang == "en":
            if any(_has(CYR + CJK_ANY, t) for t in texts) or sum(1 for t in texts if _has(LATIN, t)) < n:
                err("%s: English text with foreign script or no letters" % tag)
    # bank-wide
    if len(set(ids)) != len(ids):
        err("bank: duplicate ids")
    for lg in ("en", "ru", "ja"):
        if langs.get(lg, 0) != 4:
            err("bank: %d dialogs in %s, expected 4" % (langs.get(lg, 0), lg))
    if n_q != 60:
        err("bank: %d questions, expected 60" % n_q)
    if not 25 <= n_sup <= 35:
        err("bank: %d questions with superseded values, expected 25..35" % n_sup)
    for k in KINDS:
        if k not in kinds_all:
            err("bank: kind %s never used" % k)
    if len(set(qtexts)) != len(qtexts):
        err("bank: repeated question texts")
    # rule 10: dialogs must not read alike
    for tag, texts in texts_by_dialog:
        others = set()
        for tag2, texts2 in texts_by_dialog:
            if tag2 != tag:
                others.update(texts2)
        shared = sum(1 for t in texts if t in others)
        if shared > 0.2 * len(texts):
            err("%s: %d of %d messages also appear verbatim in other dialogs" % (tag, shared, len(texts)))
        for tag2, texts2 in texts_by_dialog:
            if tag2 != tag:
                s2 = set(texts2)
                pair = sum(1 for t in texts if t in s2)
                if pair > 0.12 * len(texts):
                    err("%s: %d of %d messages also appear verbatim in %s" % (tag, pair, len(texts), tag2))
    if errs:
        for e in errs:
            print("FAIL: " + e)
        print("%d problem(s)" % len(errs))
        return 1
    print("OK: %d dialogs, %d questions, %d superseded, all rules pass" % (len(data), n_q, n_sup))
    return 0


def main(argv):
    if "--check" in argv[1:]:
        return check(OUT)
    data = generate()
    with open(OUT, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(dumps(data))
    print("wrote %s: %d dialogs" % (OUT_NAME, len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
