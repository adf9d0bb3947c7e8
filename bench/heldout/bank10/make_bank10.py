#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Builds and checks five_questions_bank10.json (held-out bank 10).

Usage:
    python3 make_bank10.py          # build the bank, check it, write it
    python3 make_bank10.py --check  # check the written bank only

Standard library only.  Deterministic: every dialog uses its own
random.Random seeded from a CRC32 of its id; nothing depends on the
clock or on the string-hash seed.
"""
import json
import os
import random
import re
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "five_questions_bank10.json")
TAIL = 34
KINDS = ["name", "number", "date", "decision", "reason"]
MIN_WRONG = {"name": 7, "date": 6, "number": 4}

# ---------------------------------------------------------------------------
# matching (shared by builder and checker)
# ---------------------------------------------------------------------------


def occurs(s, text, lang):
    if lang == "ja":
        return s in text
    return re.search(r"(?<!\w)" + re.escape(s) + r"(?!\w)", text, re.I) is not None


def norm(s, lang):
    return s if lang == "ja" else s.casefold()


# ---------------------------------------------------------------------------
# value generation for filler templates
# ---------------------------------------------------------------------------

EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July",
             "August", "September", "October", "November", "December"]
RU_MONTHS = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля",
             "августа", "сентября", "октября", "ноября", "декабря"]
EN_WD = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
JA_WD = ["月曜", "火曜", "水曜", "木曜", "金曜", "土曜"]
RU_WD = {
    "n": ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота"],
    "v": ["в понедельник", "во вторник", "в среду", "в четверг", "в пятницу", "в субботу"],
    "na": ["на понедельник", "на вторник", "на среду", "на четверг", "на пятницу", "на субботу"],
    "do": ["до понедельника", "до вторника", "до среды", "до четверга", "до пятницы", "до субботы"],
}
RU_FORMS = {
    "hours": ("час", "часа", "часов"),
    "items": ("пункт", "пункта", "пунктов"),
    "people": ("человек", "человека", "человек"),
    "days": ("день", "дня", "дней"),
    "sheets": ("лист", "листа", "листов"),
    "fixes": ("правка", "правки", "правок"),
    "pcs": ("штука", "штуки", "штук"),
    "min": ("минуту", "минуты", "минут"),
    "unread": ("непрочитанное", "непрочитанных", "непрочитанных"),
    "remarks": ("замечание", "замечания", "замечаний"),
}
DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

EN_PEOPLE = ["Lena", "Marcus", "Priya", "Owen", "Hattie", "Sam", "Joanna", "Felix",
             "Nadia", "Rory", "Beth", "Kofi", "Imogen", "Stefan", "Leah", "Gareth",
             "Yusuf", "Clara", "Ama", "Declan", "Mireille", "Hugo"]
RU_M = ["Андрей", "Олег", "Виктор", "Дмитрий", "Игорь", "Руслан", "Павел",
        "Константин", "Евгений", "Михаил", "Артур", "Николай", "Сергей", "Вадим"]
RU_F = ["Ольга", "Марина", "Светлана", "Наталья", "Ирина", "Катя", "Лена", "Юля",
        "Вера", "Дарья", "Ксения", "Татьяна", "Надежда", "Аня"]
JA_PEOPLE = ["佐藤", "鈴木", "高橋", "渡辺", "伊藤", "山本", "中島", "小林", "加藤",
             "吉田", "松本", "井上", "木下", "清水", "長谷川", "藤田", "岡田", "西村"]
CAFE = {
    "en": ["the café on Mill Street", "the Thai place round the corner",
           "the deli by the station", "that new ramen bar"],
    "ru": ["в кафе у рынка", "в столовой напротив", "в грузинском кафе на углу",
           "в пекарне у метро"],
    "ja": ["駅前のカフェ", "近くの定食屋", "角のパン屋", "新しくできたラーメン屋"],
}
OUTING = {
    "en": ["the coast", "my sister's", "the hills", "the farmers' market", "the lake"],
    "ru": ["на дачу"],
    "ja": ["海のほう", "実家", "近所の温泉", "大きい公園", "アウトレット"],
}


def ru_plural(n, forms):
    if n % 10 == 1 and n % 100 != 11:
        return forms[0]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return forms[1]
    return forms[2]


def fmt_money(lang, rng, lo, hi):
    if lang == "en":
        x = rng.randrange(lo, hi)
        if rng.random() < 0.25:
            return "£%d.%02d" % (x, rng.choice([50, 20, 75, 99, 40]))
        return "£%d" % x
    if lang == "ru":
        x = rng.randrange(lo, hi) * 10
        return "{:,}".format(x).replace(",", " ") + " ₽"
    x = rng.randrange(lo, hi) * 10
    return "{:,}円".format(x)


def money_ranges(lang):
    # (lo, hi) for price, multiplier range for price2
    if lang == "en":
        return (12, 480)
    if lang == "ru":
        return (100, 3000)
    return (100, 6000)


def fmt_date(lang, rng, m, d):
    if lang == "en":
        return rng.choice(["%s %d" % (EN_MONTHS[m], d), "%d %s" % (d, EN_MONTHS[m])])
    if lang == "ru":
        return "%d %s" % (d, RU_MONTHS[m])
    return "%d月%d日" % (m + 1, d)


def make_vals(rng, lang, vocab):
    v = {}
    if lang == "ru":
        ms = rng.sample(RU_M, 2)
        fs = rng.sample(RU_F, 2)
        v["m"], v["m2"] = ms
        v["f"], v["f2"] = fs
    people = rng.sample(vocab["people"], 3)
    v["p1"], v["p2"], v["p3"] = people
    tasks = rng.sample(vocab["tasks"], 3)
    v["task"], v["task2"], v["task3"] = tasks
    sup = rng.sample(vocab["supplies"], 2)
    v["supply"], v["supply2"] = sup
    v["place"] = rng.choice(vocab["places"])
    v["client"] = rng.choice(vocab["clients"])
    v["where"] = rng.choice(vocab.get("where", ["-"]))
    v["cafe"] = rng.choice(CAFE[lang])
    v["outing"] = rng.choice(OUTING[lang])
    v["n"] = rng.randrange(2, 10)
    v["n2"] = rng.randrange(11, 60)
    v["big"] = rng.randrange(12, 96) * 10
    v["wc"] = "{:,}".format(rng.randrange(8, 95) * 100)
    v["covers"] = rng.randrange(70, 140)
    v["pct"] = rng.choice([5, 10, 15, 20, 25])
    v["num4"] = "%04d" % rng.randrange(0, 10000)
    v["rate"] = rng.choice(["£0.08", "£0.09", "£0.10", "£0.11", "£0.12", "€0.10", "€0.12", "€0.13"])
    lo, hi = money_ranges(lang)
    v["price"] = fmt_money(lang, rng, lo, hi)
    v["price2"] = fmt_money(lang, rng, hi, hi * 3)
    slo, shi = {"en": (4, 30), "ru": (15, 150), "ja": (30, 300)}[lang]
    v["small"] = fmt_money(lang, rng, slo, shi)
    h = rng.randrange(8, 19)
    mi = rng.choice([0, 15, 30, 45, 0, 30])
    if lang == "en" and rng.random() < 0.4 and mi == 0:
        v["time"] = "%d%s" % (h if h <= 12 else h - 12, "am" if h < 12 else "pm")
    elif lang == "ja" and mi == 0:
        v["time"] = "%d時" % h
    else:
        v["time"] = "%d:%02d" % (h, mi)
    v["hour"] = rng.randrange(14, 17) if lang == "ru" else rng.randrange(2, 5)
    dates = []
    while len(dates) < 2:
        m = rng.randrange(12)
        d = rng.randrange(1, DAYS_IN_MONTH[m] + 1)
        if (m, d) not in dates and (m, d) not in ((11, 25), (0, 1), (11, 31)):
            dates.append((m, d))
    v["date"] = fmt_date(lang, rng, *dates[0])
    v["date2"] = fmt_date(lang, rng, *dates[1])
    wds = rng.sample(range(6), 3)
    v["wd"], v["wd2"], v["wd3"] = wds
    v["a"] = vocab.get("a", "")
    return v


SLOT_RE = re.compile(r"\{([A-Za-z][A-Za-z0-9_]*)(?::([a-z]+))?\}")


def render(template, vals, lang):
    def repl(mo):
        name, form = mo.group(1), mo.group(2)
        cap = name[0].isupper()
        key = name[0].lower() + name[1:]
        raw = vals[key]
        if key in ("wd", "wd2", "wd3"):
            if lang == "en":
                out = EN_WD[raw]
            elif lang == "ja":
                out = JA_WD[raw]
            else:
                out = RU_WD[form or "n"][raw]
        elif form:
            out = "%d %s" % (raw, ru_plural(raw, RU_FORMS[form]))
        else:
            out = str(raw)
        if cap and out:
            out = out[0].upper() + out[1:]
        return out
    return SLOT_RE.sub(repl, template)


# ---------------------------------------------------------------------------
# checker
# ---------------------------------------------------------------------------

DATE_RES = {
    "en": [re.compile(r"^(%s) \d{1,2}$" % "|".join(EN_MONTHS)),
           re.compile(r"^\d{1,2} (%s)$" % "|".join(EN_MONTHS))],
    "ru": [re.compile(r"^\d{1,2} (%s)$" % "|".join(RU_MONTHS))],
    "ja": [re.compile(r"^\d{1,2}月\d{1,2}日$")],
}


def check_bank(bank):
    errs = []
    if not isinstance(bank, list):
        return ["bank is not a list"]
    if len(bank) != 12:
        errs.append("expected 12 dialogs, got %d" % len(bank))
    langs = [d.get("lang") for d in bank]
    for lg in ("en", "ru", "ja"):
        if langs.count(lg) != 4:
            errs.append("expected 4 %s dialogs, got %d" % (lg, langs.count(lg)))
    ids = [d.get("id") for d in bank]
    if len(set(ids)) != len(ids):
        errs.append("dialog ids not unique")
    wrong_counts = {k: 0 for k in KINDS}
    for d in bank:
        did = d.get("id")
        lang = d.get("lang")
        if lang not in ("en", "ru", "ja"):
            errs.append("%s: bad lang %r" % (did, lang))
            continue
        if d.get("bank") != "bank10":
            errs.append("%s: bank field must be 'bank10'" % did)
        if set(d.keys()) != {"id", "lang", "bank", "messages", "questions"}:
            errs.append("%s: unexpected keys %s" % (did, sorted(d.keys())))
        msgs = d.get("messages", [])
        n = len(msgs)
        if not 150 <= n <= 400:
            errs.append("%s: %d messages (need 150-400)" % (did, n))
        texts = []
        for i, m in enumerate(msgs):
            want = "user" if i % 2 == 0 else "assistant"
            if m.get("role") != want:
                errs.append("%s[%d]: role %r, expected %r" % (did, i, m.get("role"), want))
            t = m.get("text")
            if not isinstance(t, str) or not t.strip():
                errs.append("%s[%d]: empty text" % (did, i))
                t = ""
            if "{" in t or "}" in t:
                errs.append("%s[%d]: unfilled template brace" % (did, i))
            if set(m.keys()) != {"role", "text"}:
                errs.append("%s[%d]: unexpected keys" % (did, i))
            texts.append(t)
        qs = d.get("questions", [])
        if len(qs) != 5:
            errs.append("%s: %d questions (need 5)" % (did, len(qs)))
        kinds = sorted(q.get("kind", "") for q in qs)
        if kinds != sorted(KINDS):
            errs.append("%s: kinds %s" % (did, kinds))
        cutoff = n - TAIL
        all_vals = []
        for q in qs:
            all_vals.extend(q.get("answers", []))
            all_vals.extend(q.get("wrong", []))
        # last 34 messages carry no value at all
        for i in range(max(cutoff, 0), n):
            for s in all_vals:
                if isinstance(s, str) and s and occurs(s, texts[i], lang):
                    errs.append("%s[%d]: value %r inside the last %d messages" % (did, i, s, TAIL))
        for qi, q in enumerate(qs):
            tag = "%s/%s" % (did, q.get("kind"))
            qt = q.get("q")
            ans = q.get("answers")
            wrong = q.get("wrong", [])
            ev = q.get("evidence")
            if not isinstance(qt, str) or not qt.strip():
                errs.append("%s: empty question text" % tag)
                qt = ""
            if not isinstance(ans, list) or not 1 <= len(ans) <= 3 or not all(isinstance(a, str) and a.strip() for a in ans):
                errs.append("%s: answers must be 1-3 non-empty strings" % tag)
                continue
            if "wrong" in q and (not isinstance(wrong, list) or not wrong or not all(isinstance(w, str) and w.strip() for w in wrong)):
                errs.append("%s: wrong must be omitted or a non-empty list of strings" % tag)
                continue
            if wrong and q.get("kind") in wrong_counts:
                wrong_counts[q["kind"]] += 1
            if len(set(ans)) != len(ans) or len(set(wrong)) != len(wrong):
                errs.append("%s: duplicate answer or wrong forms" % tag)
            if set(q.keys()) - {"kind", "q", "answers", "wrong", "evidence"}:
                errs.append("%s: unexpected keys" % tag)
            if not isinstance(ev, list) or not all(isinstance(x, int) for x in ev):
                errs.append("%s: evidence must be a list of ints" % tag)
                continue
            if ev != sorted(set(ev)):
                errs.append("%s: evidence not sorted/unique" % tag)
            if not ev:
                errs.append("%s: empty evidence" % tag)
            for x in ev:
                if not 0 <= x < cutoff:
                    errs.append("%s: evidence index %d not before the last %d messages" % (tag, x, TAIL))
            stated = [i for i, t in enumerate(texts) if any(occurs(s, t, lang) for s in ans + wrong)]
            if stated != ev:
                errs.append("%s: evidence %s != messages stating a value %s" % (tag, ev, stated))
            ans_idx = []
            for a in ans:
                where = [i for i, t in enumerate(texts) if occurs(a, t, lang)]
                if not where:
                    errs.append("%s: answer %r never appears" % (tag, a))
                if not set(where) & set(ev):
                    errs.append("%s: answer %r not in any evidence message" % (tag, a))
                if set(where) - set(ev):
                    errs.append("%s: answer %r outside evidence" % (tag, a))
                ans_idx.extend(where)
            last_ans = max(ans_idx) if ans_idx else -1
            for w in wrong:
                where = [i for i, t in enumerate(texts) if occurs(w, t, lang)]
                if not where:
                    errs.append("%s: wrong %r never appears" % (tag, w))
                if set(where) - set(ev):
                    errs.append("%s: wrong %r outside evidence" % (tag, w))
                if where and max(where) >= last_ans:
                    errs.append("%s: wrong %r appears at/after the last answer message" % (tag, w))
                for a in ans:
                    if norm(a, lang) in norm(w, lang) or norm(w, lang) in norm(a, lang):
                        errs.append("%s: wrong %r and answer %r contain one another" % (tag, w, a))
            if q.get("kind") == "date":
                for s in ans + wrong:
                    if not any(r.match(s) for r in DATE_RES[lang]):
                        errs.append("%s: date %r not in the %s date style" % (tag, s, lang))
            for s in all_vals:
                if occurs(s, qt, lang):
                    errs.append("%s: question text contains value %r" % (tag, s))
            for qj, q2 in enumerate(qs):
                if qj == qi:
                    continue
                for s in ans + wrong:
                    for a2 in q2.get("answers", []):
                        if norm(a2, lang) in norm(s, lang):
                            errs.append("%s: value %r equals/contains answer %r of %s" % (tag, s, a2, q2.get("kind")))
    for k, need in MIN_WRONG.items():
        if wrong_counts[k] < need:
            errs.append("only %d dialogs have a changed %s (need %d)" % (wrong_counts[k], k, need))
    return errs


def summary(bank):
    lines = []
    for d in bank:
        lines.append("%s %s messages=%d" % (d["id"], d["lang"], len(d["messages"])))
    wc = {k: sum(1 for d in bank for q in d["questions"] if q["kind"] == k and q.get("wrong")) for k in KINDS}
    lines.append("questions with a wrong value per kind: " + ", ".join("%s=%d" % (k, wc[k]) for k in KINDS))
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# generic filler exchanges (user, assistant) per language
# ---------------------------------------------------------------------------

GENERIC = {}

GENERIC["en"] = [
    ("remind me: {task} by {date}",
     "Noted — {task}, due {date}. Want a nudge a couple of days before?"),
    ("{p1} called about {task}. call back after {time}",
     "Got it: call {p1} back after {time} about {task}."),
    ("paid {small} for {supply} at {place}. receipt's in the blue folder",
     "Logged: {supply}, {small}, from {place}. Receipt in the blue folder."),
    ("{task} done",
     "Nice one — ticked off. That leaves {n} things on this week's list."),
    ("down to {n} packs of {supply}. reorder?",
     "I'd reorder this week. At your usual pace {n} packs won't last much past {wd}, and it's one less thing to think about."),
    ("{p1} is off {wd}, {p2} covering",
     "Noted: {p1} off on {wd}, {p2} covering."),
    ("can you draft a short email to {p1} asking if we can push {task} to {date}?",
     "Sure, here's a draft:\n\nSubject: {Task} — could we move it?\n\nHi {p1},\n\nHope your week's going well. Would it be possible to move {task} to {date}? A couple of things have landed at once on my side and I'd rather do it properly than rush it.\n\nIf that date doesn't work for you, tell me what would and I'll fit around it.\n\nThanks a lot,\n[your name]"),
    ("what's a polite way to chase {client}? no reply in {n} days",
     "A few options, from softest to firmest:\n\n1. \"Just bringing this back to the top of your inbox — any update when you get a moment?\"\n2. \"Following up on my last message. Could you let me know by {wd} so I can plan around it?\"\n3. \"I haven't heard back, so I'll go ahead as discussed unless you tell me otherwise by {wd}.\"\n\nAfter {n} days, the second one is about right."),
    ("quick table please: {task} on {wd}, {task2} on {wd2}, {task3} on {wd3}",
     "Day | Task | Status\n{wd} | {task} | to do\n{wd2} | {task2} | to do\n{wd3} | {task3} | to do\n\nWant me to add rough time estimates?"),
    ("note: {client} prefer a phone call to email. ask for {p1}",
     "Noted for {client}: phone first, ask for {p1}."),
    ("how do I say no to extra bits without sounding rude? {client} keep adding stuff",
     "Frame it as a choice rather than a refusal:\n\n- \"Happy to add that — it would move the finish date to {date}, or we could swap it for something already on the list.\"\n- \"That's outside what we agreed, so I'd price it separately. Want me to send a figure?\"\n- \"I can't fit it in this round, but let's put it first for the next one.\"\n\nName the trade-off calmly and let them pick."),
    ("meeting with {p1} is now at {time}",
     "Updated: {p1} at {time}."),
    ("spent about {n} hours on {task} today. way slower than I wanted",
     "That happens. If it's the fiddly part that eats the time, split off the bits you can do on autopilot and save those for when you're tired."),
    ("the coffee machine's broken again. today is cancelled",
     "Tragic. There's always the kettle and a strong instant, though I accept it's not the same."),
    ("raining sideways and I forgot my umbrella",
     "Classic. Hope you at least get a hot drink once you're inside."),
    ("any tips for the afternoon slump? I crash around {hour}pm",
     "A few that work for a lot of people:\n\n- Take a short walk or change rooms just before {hour}pm.\n- Save mechanical tasks for that slot, not the ones that need judgement.\n- Drink a glass of water before reaching for more coffee.\n- Go lighter on lunch.\n- Set a 10-minute timer for one small task to get moving again."),
    ("{p1}'s got a new number, ends {num4}",
     "Updated {p1}'s number — the one ending {num4}."),
    ("budget check: {small} of {price} gone this month on {supply}",
     "So most of the {price} is still there for the month. Fine unless a big order is coming."),
    ("add to the shopping list: {supply}, {supply2}",
     "Added: {supply}, {supply2}."),
    ("thinking of taking {date} off. anything clashing?",
     "Nothing major in my notes for {date} — only {task}, and that could move a day either side."),
    ("{p1} sent over {task}. looks fine, {n} small fixes",
     "Good. If they're that small, it may be quicker to make the {n} fixes yourself and send it back with a note."),
    ("tell me something nice, it's been a long {wd}",
     "You kept a lot of plates spinning today and none of them hit the floor. That counts. Go and put your feet up."),
    ("to-do for tomorrow: {task}, {task2}, ring {p1}, order {supply}",
     "Here's tomorrow in order:\n\n1. {Task} — first thing, while you're fresh\n2. Ring {p1} — before lunch\n3. {Task2} — early afternoon\n4. Order {supply} — five minutes, do it before you forget\n\nThat leaves late afternoon free for whatever goes sideways."),
    ("how long should {task} take, realistically?",
     "Hard to say without seeing it, but I'd block out {n} hours and treat anything faster as a bonus. Jobs like that tend to grow once you start."),
    ("{client} paid. {price}",
     "Marked as paid: {client}, {price}."),
    ("note to self: back up the laptop every {wd}",
     "Noted — laptop backup every {wd}. Want a weekly reminder?"),
    ("lunch at {cafe} with {p1}. nice to talk to an actual human",
     "Sounds like a good break. Those chats often help more than you'd expect."),
    ("{date} is {p1}'s birthday, need a card",
     "Noted: {p1}'s birthday on {date}. I'd grab the card a few days early."),
    ("what've I got on {wd}?",
     "From what you've told me: {task} in the morning, a call with {p1} around {time}, and {task2} if there's time after."),
    ("{n2} unread emails. help",
     "Triage in three passes:\n\n1. Archive newsletters and notifications without opening them.\n2. Anything that takes under two minutes, answer now.\n3. Flag the rest and pick the top three for today.\n\n{n2} sounds like a lot, but half of them will vanish in pass one."),
    ("parking near {place} is {small} a day now. daylight robbery",
     "That adds up fast. Might be worth finding a cheaper spot a short walk away."),
    ("new contact: {p2} at {client}, deals with {task}",
     "Saved: {p2} at {client} — {task}."),
    ("{p1} wants {pct}% off {task}. reasonable?",
     "Depends on the relationship. For a regular, {pct}% once can buy goodwill — just make it clear it's a one-off, not the new price."),
    ("brain dump: {task}, {task2}, low on {supply}, ring {p1}",
     "Sorted:\n\nUrgent: ring {p1}\nThis week: {task}, {task2}\nShopping: {supply}"),
    ("I keep forgetting {task}. how do I make it stick?",
     "Tie it to something you already do without thinking — straight after your first coffee on {wd}, say. A fixed slot plus a reminder beats willpower."),
    ("printer jammed again. {n} pages wasted",
     "Annoying. If it keeps happening it's often damp paper or a worn roller — worth a look before it eats something important."),
    ("might go to {outing} at the weekend if the weather holds",
     "Sounds lovely. Fingers crossed for the weather."),
    ("dentist {date} at {time}. personal, not work",
     "Noted as personal: dentist, {date} at {time}."),
    ("ok where was I",
     "Last thing you mentioned was {task}. Before that, you were sorting out {task2}."),
    ("thanks, that helps",
     "Any time."),
    ("send {p1} the file for {task} by {wd}",
     "Noted: file for {task} to {p1} by {wd}."),
    ("quote from {client}: {price} for {task}. too much?",
     "Depends on scope. If it covers everything, {price} isn't outrageous; if there are extras on top, ask for a breakdown before saying yes."),
    ("{p1} and {p2} both want {wd} off. only one of them can",
     "Fair ways to decide: whoever asked first, whoever was turned down last time, or ask them to sort it out between them by a set time. Whatever you pick, write it down so next time is consistent."),
    ("how are you today?",
     "Doing fine, thanks — ready for whatever you throw at me. How's your day going?"),
    ("quiet day for once",
     "Enjoy it. Good moment to clear a couple of the small jobs that keep getting pushed back."),
    ("morning. slept badly, need a plan that doesn't require thinking",
     "Here's a no-thinking plan:\n\n1. Coffee, then the easiest thing on your list — {task}.\n2. Reply to anything from {p1} or {client}.\n3. Short walk.\n4. One focused hour on {task2}.\n5. Stop and reassess after lunch."),
]

GENERIC["ru"] = [
    ("Напомни: {task} — до {date}.",
     "Записано: {task}, срок — {date}. Напомнить за пару дней?"),
    ("Звонил {m}, просил перезвонить после {time}.",
     "Добавлено в список звонков: {m}, после {time}."),
    ("Оплатил{a} {supply} — {small}, чек в синей папке.",
     "Записано: {supply}, {small}, чек в синей папке."),
    ("{Task} — готово.",
     "Отлично, вычёркиваем. На эту неделю осталось ещё {n:items}."),
    ("{Supply} заканчиваются, хватит дня на {n}.",
     "Тогда заказ лучше оформить {wd:do}, чтобы не остаться совсем без запаса."),
    ("{Wd:v} {f} не выходит, вместо неё {f2}.",
     "Записано: {wd:v} на смене {f2}."),
    ("Набросай письмо клиенту ({client}): хочу перенести {task} на {date}.",
     "Вот вариант:\n\nТема: {task} — перенос\n\nДобрый день!\n\nПодскажите, пожалуйста, можно ли перенести {task} на {date}? У нас совпало несколько срочных задач, и хочется сделать всё как следует, а не впопыхах.\n\nЕсли эта дата неудобна, предложите свою — постараемся подстроиться.\n\nСпасибо!\nС уважением,\n[имя]"),
    ("{Client}: тишина уже {n:days}. Как вежливо напомнить о себе?",
     "Несколько вариантов, от мягкого к более настойчивому:\n\n1. «Добрый день! Возвращаюсь к нашему вопросу — есть ли новости?»\n2. «Подскажите, пожалуйста, сможете ли ответить {wd:do}? Нам нужно спланировать работу».\n3. «Если не будет возражений, {wd:v} продолжим так, как договаривались».\n\nПосле такой паузы второй вариант — в самый раз."),
    ("Сделай табличку на неделю: {wd:n} — {task}, {wd2:n} — {task2}, {wd3:n} — {task3}.",
     "День | Задача | Статус\n{Wd:n} | {task} | не начато\n{Wd2:n} | {task2} | не начато\n{Wd3:n} | {task3} | не начато\n\nДобавить примерное время на каждую?"),
    ("Про {client}: им лучше звонить, а не писать. Контакт — {f}.",
     "Записано: {client} — только звонки, контакт {f}."),
    ("Как отказаться от лишней работы и не поругаться? Клиент ({client}) всё время что-то досыпает.",
     "Лучше предлагать выбор, а не отказывать напрямую:\n\n— «Сделаем, но тогда срок сдвинется на {date}. Или заменим этим что-то из текущего списка?»\n— «Это за рамками договорённости, могу посчитать отдельно».\n— «В этот раз не успеем, но поставим первым пунктом в следующий».\n\nГлавное — спокойно назвать цену вопроса и дать им решить."),
    ("Созвон перенесли на {time}.",
     "Обновлено: созвон в {time}."),
    ("Сегодня на {task} ушло {n:hours}. Медленно.",
     "Бывает. Если время съедают мелочи, их можно отделить и делать в конце дня, когда голова уже не варит."),
    ("Кофемашина опять сломалась. День не задался.",
     "Сочувствую. Остаются чайник и растворимый — не то, но спасает."),
    ("Ливень, а я без зонта.",
     "Классика. Надеюсь, добрались без потерь — и с горячим чаем."),
    ("Как не засыпать после обеда? Меня вырубает часам к {hour}.",
     "Что обычно помогает:\n\n— короткая прогулка или смена обстановки незадолго до {hour}:00;\n— на это время ставить механические задачи, а не те, где нужно думать;\n— стакан воды перед очередным кофе;\n— обед полегче;\n— таймер на 10 минут на одну маленькую задачу, чтобы раскачаться."),
    ("{F} сменила номер, новый заканчивается на {num4}.",
     "Номер обновлён: {f}, окончание {num4}."),
    ("Бюджет: на {supply} в этом месяце ушло {small} из {price}.",
     "Значит, запас по бюджету ещё большой. Если крупных закупок не планируется — всё в порядке."),
    ("В список покупок: {supply}, {supply2}.",
     "Добавлено: {supply}, {supply2}."),
    ("Думаю взять выходной {date}. Ничего не горит?",
     "По записям на {date} ничего срочного, разве что «{task}» — но это можно сдвинуть на день."),
    ("{F} прислала черновик, там {n:fixes}.",
     "Если правки мелкие, быстрее внести их самостоятельно и отправить обратно с короткой пометкой."),
    ("Скажи что-нибудь хорошее, день был тяжёлый.",
     "Вы сегодня удержали кучу дел одновременно, и ничего не развалилось. Это много. Отдохните как следует."),
    ("План на завтра: {task}, {task2}, {m} — перезвонить, заказать {supply}.",
     "Предлагаю такой порядок:\n\n1. {Task} — с утра, пока голова свежая\n2. {M} — перезвонить до обеда\n3. {Task2} — после обеда\n4. Заказать {supply} — пять минут, лучше сразу\n\nВечер остаётся на непредвиденное."),
    ("Сколько реально может занять {task}?",
     "Сложно сказать заочно, но стоит заложить {n:hours} и считать бонусом, если выйдет быстрее."),
    ("Пришла оплата от клиента ({client}): {price}.",
     "Отмечено: {client} — оплачено, {price}."),
    ("Заметка себе: бэкап ноутбука каждую пятницу.",
     "Записано. Поставить еженедельное напоминание на пятницу?"),
    ("Пообедал{a} {cafe}, там теперь бизнес-ланч за {small}.",
     "Неплохо. Если кормят нормально — хорошее место на заметку."),
    ("{Date} у сестры день рождения, не забыть подарок.",
     "Записано: {date} — день рождения сестры, подарок. Напомнить за пару дней?"),
    ("Что у меня {wd:na}?",
     "По заметкам: с утра {task}, в {time} созвон, после обеда — {task2}, если останется время."),
    ("В почте {n2:unread}. Спасай.",
     "Разбираем в три прохода:\n\n1. Рассылки и уведомления — в архив, не открывая.\n2. Всё, на что ответ занимает пару минут, — отвечаем сразу.\n3. Остальное помечаем и выбираем три главных на сегодня.\n\nПосле первого прохода половина обычно исчезает."),
    ("Парковка у работы подорожала до {small} в день. Грабёж.",
     "Неприятно, за месяц набегает прилично. Может, рядом есть вариант подешевле, если пройти пару минут пешком."),
    ("Новый контакт: {m}, {client}, отвечает за {task}.",
     "Сохранено: {m} ({client}) — {task}."),
    ("{M} просит скидку {pct}% на {task}. Нормально?",
     "Зависит от отношений. Постоянному клиенту разово можно дать {pct}%, но стоит прямо сказать, что это исключение, а не новая цена."),
    ("Сброс мыслей: {task}, {task2}, {supply} заканчиваются, {m} ждёт звонка.",
     "Разложено:\n\nСрочно: {m} — звонок\nНа неделе: {task}, {task2}\nЗакупка: {supply}"),
    ("Постоянно забываю про {task}. Как приучить себя?",
     "Лучше всего привязать к тому, что вы и так делаете каждый день, — например, сразу после первого кофе {wd:v}. Фиксированное время плюс напоминание работают надёжнее силы воли."),
    ("Принтер зажевал бумагу, минус {n:sheets}.",
     "Обидно. Если это повторяется, часто виновата влажная бумага или стёртый ролик."),
    ("На выходных, может, выберусь {outing}, если не будет дождя.",
     "Хорошая идея. Пусть погода не подведёт."),
    ("Стоматолог {date} в {time} — это личное.",
     "Записано как личное: стоматолог, {date}, {time}."),
    ("Так, на чём мы остановились?",
     "Последним было про {task}, а до этого — про {task2}."),
    ("Спасибо, выручил.",
     "Обращайтесь!"),
    ("Файл «{task}» — отправить до конца недели.",
     "Записано: «{task}», отправить до конца недели."),
    ("Пришла смета ({client}): {price} за {task}. Не дорого?",
     "Зависит от объёма. Если туда входит всё — цена нормальная; если сверху будут доплаты, лучше попросить разбивку по пунктам."),
    ("{M} и {f} оба просят выходной {wd:v}. Отпустить могу только одного.",
     "Честные варианты: кто раньше попросил, кому в прошлый раз отказали, или пусть договорятся между собой до определённого времени. Что бы ни выбрали — зафиксируйте правило, чтобы в следующий раз не спорить."),
    ("Как дела?",
     "Всё хорошо, спасибо! Чем займёмся?"),
    ("Сегодня на удивление спокойно.",
     "Отличный момент разобрать мелочи, которые вечно откладываются."),
    ("Утро. Спал{a} плохо, нужен план, где не надо думать.",
     "План без раздумий:\n\n1. Кофе и самое простое из списка — {task}.\n2. Ответить на всё от {client}.\n3. Короткая прогулка.\n4. Час без отвлечений на {task2}.\n5. После обеда — пересмотреть план."),
]

GENERIC["ja"] = [
    ("メモ：{task}、{date}まで",
     "{task}、{date}締めで控えておきました。前日にリマインドしましょうか？"),
    ("{p1}さんから電話あり。{time}以降に折り返し",
     "{p1}さんに{time}以降折り返し、ですね。"),
    ("{place}で{supply}買った。{small}。レシートは青いファイルに入れた",
     "記録しました：{supply}、{small}（{place}）。レシートは青いファイル。"),
    ("{task}、終わった〜",
     "お疲れさまです！今週のリストは残り{n}件です。"),
    ("{supply}、残り{n}箱しかない",
     "いつものペースだと{wd}あたりで切れそうなので、今週中に発注しておくと安心です。"),
    ("{wd}は{p1}さんお休み、代わりに{p2}さん",
     "了解です。{wd}：{p1}さん休み、代わりに{p2}さん、ですね。"),
    ("{p1}さんに、{task}を{date}にずらせないか聞くメール、下書きして",
     "こんな感じでいかがでしょう。\n\n件名：{task}の日程について\n\n{p1}様\n\nいつもお世話になっております。\n{task}の件ですが、こちらの都合で大変恐縮ながら、{date}に変更していただくことは可能でしょうか。\nご都合が合わない場合は、候補日をいくつかお知らせいただければ調整いたします。\n\nどうぞよろしくお願いいたします。"),
    ("{client}から{n}日も返事がない。角が立たない催促のしかたある？",
     "段階的にこんな言い方があります。\n\n1.「先日の件、お手すきの際にご確認いただけますと幸いです。」\n2.「準備の都合上、{wd}までにお返事いただけると助かります。」\n3.「特にご連絡がなければ、先日の内容で進めさせていただきます。」\n\n{n}日経っているなら、2くらいがちょうどいいと思います。"),
    ("今週の予定を表にして。{wd}は{task}、{wd2}は{task2}、{wd3}は{task3}",
     "曜日 | 内容 | 状況\n{wd} | {task} | 未着手\n{wd2} | {task2} | 未着手\n{wd3} | {task3} | 未着手\n\nそれぞれの所要時間の目安も入れましょうか？"),
    ("{client}はメールより電話のほうがいいみたい。窓口は{p1}さん",
     "{client}：連絡は電話優先、窓口は{p1}さん、と控えました。"),
    ("追加の頼まれごと、角を立てずに断る言い方ない？{client}がどんどん増やしてくるんだよね",
     "「断る」より「選んでもらう」形にすると角が立ちにくいです。\n\n・「対応できますが、その場合は{date}まで延びます。どちらを優先しましょうか？」\n・「当初の範囲外なので、別途お見積もりをお出ししますね。」\n・「今回は難しいので、次回の最初に入れさせてください。」\n\n落ち着いてトレードオフを示すのがポイントです。"),
    ("{p1}さんとの打ち合わせ、{time}からになった",
     "更新しました：{p1}さんとの打ち合わせ、{time}〜。"),
    ("今日は{task}に{n}時間もかかった。遅すぎる…",
     "そういう日もありますよ。手間のかかる部分と機械的な部分を分けて、疲れている時間帯には機械的な方を回すと少し楽になります。"),
    ("コーヒーメーカー、また壊れた",
     "それはつらいですね…。とりあえずインスタントでしのぎましょう。"),
    ("雨。しかも傘忘れた",
     "災難でしたね。着いたら温かいものでも飲んでください。"),
    ("午後{hour}時くらいになると集中が切れる。なんかコツある？",
     "よく効くのはこのあたりです。\n\n・その少し前に5分歩く、場所を変える\n・判断が要らない作業をその時間帯に回す\n・コーヒーの前に水を一杯\n・昼ごはんを軽めにする\n・タイマーを10分だけセットして小さいタスクから手をつける"),
    ("{p1}さん、携帯の番号変わった。下4桁{num4}",
     "{p1}さんの番号、下4桁{num4}で更新しました。"),
    ("今月の{supply}代、予算{price}のうち{small}使った",
     "まだ余裕がありますね。大きな発注の予定がなければ大丈夫そうです。"),
    ("買い物リストに追加：{supply}、{supply2}",
     "追加しました：{supply}、{supply2}。"),
    ("{date}、休もうかな。何かかぶってる？",
     "{date}は、控えている中では{task}くらいです。前後に1日ずらせば問題なさそうです。"),
    ("{p1}さんから{task}の下書き届いた。直すところは{n}か所くらい",
     "それくらいなら、こちらで直して一言添えて返したほうが早いかもしれませんね。"),
    ("今日しんどかった。なんか元気の出ること言って",
     "今日もたくさんのことを回して、ちゃんと一日を終えましたね。それだけで十分えらいです。今夜はゆっくり休んでください。"),
    ("明日のToDo：{task}、{task2}、{p1}さんに電話、{supply}の発注",
     "明日の流れ、こんな順番はどうでしょう。\n\n1. {task}（朝いちばん、頭がすっきりしているうちに）\n2. {p1}さんに電話（お昼前）\n3. {task2}（午後）\n4. {supply}の発注（5分で終わるので忘れないうちに）\n\n夕方は予定外のこと用に空けておきましょう。"),
    ("{task}って、普通どれくらいかかるもの？",
     "内容次第ですが、{n}時間くらい確保しておいて、早く終わったらラッキーくらいに考えるのがおすすめです。"),
    ("{client}から入金あり。{price}",
     "入金済みにしました：{client}、{price}。"),
    ("毎週{wd}にパソコンのバックアップ。忘れないように",
     "毎週{wd}にバックアップ、ですね。リマインドを設定しておきましょうか？"),
    ("お昼、{cafe}で{p1}さんと。いい気分転換になった",
     "いいですね。ちょっとした雑談が意外と助けになりますよね。"),
    ("{date}は母の誕生日。プレゼント考えなきゃ",
     "{date}、お母さまの誕生日ですね。数日前にリマインドしましょうか？"),
    ("{wd}の予定、まとめて",
     "控えている範囲だと、午前に{task}、{time}ごろ{p1}さんと電話、時間があれば{task2}です。"),
    ("未読メールが{n2}件…助けて",
     "3段階でさばきましょう。\n\n1. お知らせ・メルマガは開かずにアーカイブ\n2. 2分で返せるものはその場で返信\n3. 残りはフラグを付けて、今日やる3件だけ選ぶ\n\n{n2}件でも、1の段階で半分くらい消えるはずです。"),
    ("{place}の近くの駐車場、1日{small}になってた。高っ",
     "地味に効いてきますよね。少し歩く場所に安いところがないか探してみる価値はありそうです。"),
    ("新しい連絡先：{client}の{p2}さん。{task}の担当",
     "登録しました：{client} {p2}さん（{task}担当）。"),
    ("{p1}さんが{task}を{pct}%引きにしてほしいって。どう思う？",
     "関係性次第ですね。長いお付き合いなら一度だけ{pct}%引きもありだと思いますが、今回限りだとはっきり伝えておくのがおすすめです。"),
    ("頭の中を整理：{task}、{task2}、{supply}が切れそう、{p1}さんに連絡",
     "整理しました。\n\n急ぎ：{p1}さんに連絡\n今週中：{task}、{task2}\n買い出し：{supply}"),
    ("{task}、いつも忘れちゃう。どうしたら習慣になる？",
     "すでに毎日やっていることにくっつけるのが効きます。たとえば{wd}の朝、コーヒーを淹れたらすぐ、のように。リマインダーと決まった時間枠の組み合わせが一番確実です。"),
    ("プリンターが詰まった。{n}枚ムダにした",
     "それは地味にストレスですね。頻繁に起きるなら、紙の湿気かローラーの摩耗を疑ってみてください。"),
    ("週末、天気がよければ{outing}に行こうかな",
     "いいですね。晴れるといいですね。"),
    ("{date}の{time}から歯医者。これは私用",
     "私用として控えました：{date} {time}〜 歯医者。"),
    ("えっと、どこまで話したっけ",
     "最後は{task}の話でした。その前は{task2}について書いてくれていました。"),
    ("ありがとう、助かった",
     "どういたしまして。いつでもどうぞ。"),
    ("{task}のファイル、{wd}までに{p1}さんに送る",
     "控えました：{task}のファイルを{wd}までに{p1}さんへ送付。"),
    ("{client}から見積もり来た。{task}で{price}。高くない？",
     "範囲によりますね。全部込みなら妥当な線かもしれませんが、追加費用がありそうなら内訳を出してもらってから判断するのが安心です。"),
    ("{p1}さんと{p2}さん、二人とも{wd}に休みたいって。一人しか無理なんだけど",
     "公平な決め方としては、先に申請した人を優先する、前回我慢してもらった人を優先する、二人で話し合ってもらう、などがあります。どれにしても、次回も同じルールでいけるように記録しておくといいですね。"),
    ("今日はめずらしく静か",
     "いいですね。後回しになっている小さい用事を片付けるチャンスです。"),
    ("おはよう。寝不足で頭が回らない",
     "おはようございます。考えなくていい段取りにしましょう。\n\n1. まずは一番簡単な{task}から\n2. {client}からの連絡に返信\n3. 5分だけ外の空気を吸う\n4. 集中して1時間、{task2}\n5. 昼食後に残りを見直す"),
]

# ---------------------------------------------------------------------------
# dialog specs — English
# ---------------------------------------------------------------------------

SPECS = []

SPECS.append({
    "id": "b10-en-1", "lang": "en",
    "intro": ("right, new system. I'm going to use this chat as my work notebook because my desk is basically post-its at this point. freelance translator, German and French into English, far too many clients on the go",
              "Happy to be your notebook. Drop things in as they come — deadlines, client quirks, rates, who's doing what — and ask whenever you need something back. I'll keep replies short for quick notes and go longer when you want drafts or plans."),
    "vocab": {
        "tasks": ["the Halvorsen brochure", "the Dupont contract summary", "the museum audio guide script",
                  "the Vetra app strings", "the Lyon tourism leaflet", "the Becker annual report extract",
                  "the subtitle file for Atelier Nord", "the Sauter glossary update", "the Ramboz patent abstract",
                  "the quarterly tax return", "the CPD webinar notes", "my website blog post"],
        "supplies": ["printer ink", "notebooks", "coffee pods", "sticky notes", "AA batteries", "envelopes"],
        "places": ["the library", "the co-working space", "the post office", "the station", "the big Tesco"],
        "clients": ["Halvorsen AG", "Atelier Nord", "Sauter GmbH", "Maison Ramboz", "Vetra Labs", "Lumen Agency"],
    },
    "avoid": ["koller", "review", "oriel", "brandt", "manual", "invoic", "ledgerly", "billbird", "fenwick",
              "unpaid", "leaflet go", "termbase", "website copy"],
    "persona": [
        ("is 'Lieferschein' better as 'delivery note' or 'packing slip' for a UK client?",
         "For a UK client, 'delivery note' is the standard term. 'Packing slip' is more US e-commerce. I'd go with 'delivery note' unless their own paperwork already says something else."),
        ("'en amont' in a project context — 'upstream' sounds clunky to me",
         "Agreed, it often does. Depending on the sentence: 'beforehand', 'at an earlier stage', 'early on', or 'at the planning stage' if it's about a process."),
        ("CAT tool froze mid-segment, lost about {n2} minutes of work. autosave was off, apparently",
         "Painful. Switch autosave to every five minutes and keep projects in a synced folder, so a crash costs you minutes at most."),
        ("{client} asked if I do Italian as well. I don't. refer them on?",
         "Yes — referring builds goodwill. Pass on someone you trust and add a line saying you're glad to keep handling German and French."),
        ("word count for {task}: {wc} words, rate agreed at {rate} a word",
         "Logged: {task}, {wc} words at {rate} per word."),
        ("{client} want the files as .docx plus a PDF for sign-off. fine by me",
         "Noted for {client}: deliver .docx and a PDF for sign-off."),
    ],
    "questions": [
        {"kind": "name", "q": "Who's doing the medical check on the Koller leaflets these days?",
         "answers": ["Tomasz Reiter", "Reiter"], "wrong": ["Ingrid Vass", "Vass"],
         "events": [
             [("Koller Pharma: every patient leaflet goes to Ingrid Vass for the medical check before I deliver. she insists on the termbase being attached, every single time",
               "Noted — Koller Pharma leaflets go to Ingrid Vass for the medical check before delivery, termbase attached each time. I'll treat that as a fixed step on your Koller checklist.")],
             [("heads up on Koller. their agency is reshuffling the checkers and Vass is moving over to the oncology accounts, so the leaflets get someone new from the next batch. they'll send me the name",
               "Okay — so the next Koller batch will have a different checker, name to follow. The termbase step stays unless they say otherwise. Tell me the name when it arrives and I'll update the checklist.")],
             [("got the Koller name. Tomasz Reiter, based in Basel. same termbase rule",
               "Updated: Koller Pharma leaflets now go to Tomasz Reiter in Basel for the medical check, termbase attached as before.")],
         ]},
        {"kind": "number", "q": "How many words did the Brandt operating manual come to once the repetitions were stripped out?",
         "answers": ["38,500"],
         "events": [
             [("Brandt Maschinenbau finally sent the source for the operating manual. 38,500 words after the repetitions are stripped out, which is honestly less scary than I feared",
               "38,500 words is very doable. Rough plan if you want it:\n\n- at about 3,000 new words a day: roughly 13 working days\n- plus 2 days for QA and terminology checks\n- plus a buffer day for their queries\n\nSo around three weeks of focused time. Has Brandt given you a deadline yet?")],
         ]},
        {"kind": "date", "q": "When do I have to hand in the hotel website text for Oriel?",
         "answers": ["October 14", "14 October"], "wrong": ["October 9", "9 October"],
         "events": [
             [("Oriel Hotels website copy, FR into EN — room descriptions, spa pages, restaurant blurbs. deadline October 9",
               "Got it: Oriel Hotels, FR→EN website copy (rooms, spa, restaurant), due 9 October. Want me to split it into daily chunks once you have the page count?")],
             [("what a day. the accountant wants every receipt sorted by category before she'll touch my return, and I still can't find the one for the headset. laptop fan is doing the jet engine thing again too. on the plus side Oriel have pushed their launch, so the website copy isn't due until October 14 now — small mercies. anyway: is there a sane way to sort a year of receipts in one evening?",
               "One evening is doable if you aim for good enough rather than perfect:\n\n1. Put everything in one place, paper and digital (search your inbox for \"receipt\" and \"order confirmation\").\n2. Use five categories only: equipment, software and subscriptions, training, travel, office/other.\n3. Paper: one envelope per category, running total written on the front.\n4. Digital: one folder per category, files renamed date_vendor_amount.\n5. Anything you can't place in ten seconds goes in an \"ask\" pile — don't agonise.\n6. Missing headset receipt: check the retailer's account page, most let you re-download.\n\nAnd noted — the Oriel copy has moved to 14 October.")],
         ]},
        {"kind": "decision", "q": "Which app did I settle on for billing my clients?",
         "answers": ["Ledgerly"],
         "events": [
             [("comparing invoicing apps. Ledgerly is £9 a month and does multi-currency, Billbird is free but euros only. most clients pay in euros but Koller pays in Swiss francs",
               "With Koller paying in francs, a euro-only tool would mean invoicing them outside the app, which rather defeats the point. For a regular client that alone is worth £9 a month. One thing to check with Ledgerly: whether it prints the reverse-charge VAT note for EU clients.")],
             [("went with Ledgerly. templates set up, reverse-charge line is in there",
               "Great — Ledgerly it is. Next step could be importing your client list so the first batch goes out quickly.")],
         ]},
        {"kind": "reason", "q": "What made me turn down the Fenwick Legal job?",
         "answers": ["unpaid test translation", "unpaid test"],
         "events": [
             [("said no to Fenwick Legal. they wanted an unpaid test translation of 2,000 words before they'd even talk rates. not happening",
               "Reasonable. A short sample of a few hundred words is normal; an unpaid test of 2,000 words is just free work. If they come back, you could offer a paid test at your standard rate.")],
         ]},
    ],
})

SPECS.append({
    "id": "b10-en-2", "lang": "en",
    "intro": ("hi. I run the floor and the back office at a sixty-cover bistro and my brain is full. going to keep notes in here — rota, suppliers, bookings, the lot",
              "Sounds like a plan. Send things as they come, as short as you like — I'll keep them straight and pull them back out when you ask. If you want a rota laid out or an email drafted, just say."),
    "vocab": {
        "tasks": ["the staff rota", "the allergen matrix", "the fridge temperature log", "the weekly stock count",
                  "the glassware order", "the brunch menu reprint", "the till cash-up", "the pest control visit",
                  "the new starter's paperwork", "the wine list update", "the bar deep tidy", "the loyalty card design"],
        "supplies": ["napkins", "blue roll", "takeaway boxes", "lemons", "coffee beans", "dish soap", "tealights"],
        "places": ["the cash-and-carry", "the bank", "the market", "the high street", "the retail park"],
        "clients": ["Brook & Vale Dairy", "Greenleaf Produce", "the Corn Exchange", "Hillside Bakery", "Northgate Linen"],
    },
    "avoid": ["fish", "pellow", "marsh", "okafor", "upstairs", "deep clean", "extraction", "summer special",
              "crab", "lamb", "flatbread", "linguine", "vinterra", "minimum order", "cases", "menu b"],
    "persona": [
        ("{p1} nicked her finger on the mandoline, plaster on, logged in the accident book",
         "Good that it's logged. Worth a quick word at the next briefing about always using the guard on the mandoline."),
        ("walk-in was reading {n} degrees this morning. fine",
         "Logged: walk-in at {n}°C — within range."),
        ("brunch did {covers} covers today, new record",
         "Brilliant. Worth noting what was different — weather, a post online, the new pastries — so you can repeat it."),
        ("can you lay out next week's rota? {p1} and {p2} on opening, {p3} closing Friday and Saturday",
         "Here's a skeleton:\n\nShift | Mon-Thu | Fri | Sat\nOpening | {p1}, {p2} | {p1}, {p2} | {p1}, {p2}\nClosing | tbc | {p3} | {p3}\n\nYou'll need a closer for Monday to Thursday — want me to suggest who based on hours so far?"),
        ("tips this week came to {price}, split between {n} people",
         "Logged. If you split by hours worked rather than headcount, it tends to feel fairer to the part-timers."),
        ("{p1} wants to move from bar to floor. good idea?",
         "Could be — bar staff usually know the menu and drinks well. Try a couple of trial shifts on the floor before making it permanent."),
    ],
    "questions": [
        {"kind": "name", "q": "Who's our fish supplier at the moment?",
         "answers": ["Marsh Bay Seafood", "Marsh Bay"], "wrong": ["Pellow Fisheries", "Pellow"],
         "events": [
             [("fish comes from Pellow Fisheries. order by 2pm the day before, delivery before 9. driver's called Gaz if anything's missing",
               "Got it: fish — Pellow Fisheries, order cutoff 2pm the day before, delivered before 9am. Driver: Gaz.")],
             [("right, that's it with Pellow. second warm delivery this month, probe said 9 degrees. fish is switching to Marsh Bay Seafood from Monday",
               "Understood — fish moves to Marsh Bay Seafood from Monday. I'd keep logging delivery temperatures for the first couple of weeks so you have a clean record with the new supplier.")],
         ]},
        {"kind": "number", "q": "What's the final headcount for the Okafor booking?",
         "answers": ["46"], "wrong": ["38"],
         "events": [
             [("private booking: the Okafor family, upstairs room, 38 people, set menu B, Saturday lunch",
               "Noted: Okafor party — upstairs, 38 covers, set menu B, Saturday lunch. Want me to draft the deposit request?")],
             [("Mrs Okafor rang. the cousins from Leeds are coming after all, so add eight",
               "So that brings the Okafor party to 46. The upstairs room seats fifty, so it fits, but I'd move the cake table out to the landing and double-check you've ordered enough for menu B.")],
         ]},
        {"kind": "date", "q": "What day is the kitchen extraction getting cleaned?",
         "answers": ["March 18", "18 March"],
         "events": [
             [("extraction deep clean booked for March 18. they start at 6am so no breakfast prep that morning, tell the kitchen",
               "Noted: kitchen extraction deep clean on 18 March, 6am start — no breakfast prep that morning. I can draft a line for the kitchen group chat if you like.")],
         ]},
        {"kind": "decision", "q": "What did we end up putting on as the summer special?",
         "answers": ["crab linguine"], "wrong": ["lamb flatbread"],
         "events": [
             [("summer special shortlist. leaning towards the lamb flatbread — cheap to make and chef loves it",
               "The lamb flatbread makes sense on margin. If you want a tie-breaker, run both at the staff tasting and see which one the floor team can actually sell.")],
             [("tasting done. chef changed his mind, summer special is the crab linguine. costs more per plate but it went first at the tasting",
               "Crab linguine it is. With the higher food cost I'd price it so it still lands near your usual margin, and keep an eye on waste for the first fortnight.")],
         ]},
        {"kind": "reason", "q": "Why did we pass on Vinterra's wines?",
         "answers": ["minimum order", "30 cases"],
         "events": [
             [("told the Vinterra rep no. lovely wines but they want a minimum order of 30 cases and we physically don't have the cellar space",
               "Fair. 30 cases is a lot of stock to sit on for a place your size. If they ever lower the minimum order, it might be worth another look for the house red.")],
         ]},
    ],
})

SPECS.append({
    "id": "b10-en-3", "lang": "en",
    "intro": ("hello! secondary history teacher and Year 8 form tutor here. term starts properly next week and I've already got a hundred things in my head, so I'm offloading them into this chat",
              "Welcome to your external brain. Drop things in whenever — deadlines, meetings, marking, events — and I'll keep them sorted and hand them back when you ask."),
    "vocab": {
        "tasks": ["the Year 9 essay marking", "the Y7 seating plan", "the homework club rota", "the mock exam paper",
                  "the reading log check", "the assembly slides", "the data drop", "the corridor display board",
                  "the cover work for Thursday", "the Y10 revision pack", "the department minutes", "the reports for 9C"],
        "supplies": ["glue sticks", "whiteboard pens", "exercise books", "highlighters", "lined paper", "merit stickers"],
        "places": ["the staff room", "the library", "the reprographics office", "the sports hall", "the main office"],
        "clients": ["the PTA", "the English department", "the exams office", "the SEN team", "the Year 9 team"],
    },
    "avoid": ["museum", "trip", "first aid", "adebayo", "parents", "great fire", "source project", "redline",
              "coach", "seatbelt", "consent", "peasants"],
    "persona": [
        ("{n2} essays to mark by {wd}. send help",
         "Batch them: ten at a time, timer on, one comment bank you paste from. Marking the best and worst first gives you the range, and the middle goes faster."),
        ("a Y7 kid was crying in the corridor today, turned out he was just lost. bless him",
         "Poor thing — week one is huge for them. A quick map on the form-room door helps a few of them every year."),
        ("seating plan for Y9: boy-girl or by ability?",
         "Neither is magic. Mixed ability with a few deliberate separations usually works best — and plan to change it after half term once you know them."),
        ("lesson hook for Y7 castles tomorrow? need a starter",
         "Try: show a photo of a castle and ask \"You're attacking this. Where's the weak spot?\" Two minutes in pairs, then take answers. It gets them talking about defensive features without you explaining a thing."),
        ("{p1} (the TA) is off {wd}, so no support in period 3",
         "Noted: no TA in period 3 on {wd}. Maybe plan a more independent task for that lesson."),
        ("on duty this week at {place}, break times",
         "Noted: break duty, {place}, all week. Set a reminder for first break so you're not late from the classroom."),
    ],
    "questions": [
        {"kind": "name", "q": "Who's the first aider going with us to the museum?",
         "answers": ["Mr Adebayo", "Adebayo"],
         "events": [
             [("museum trip: first aider is Adebayo from PE. he wants the medical forms by the Friday before",
               "Noted: Mr Adebayo (PE) is first aider for the museum trip; medical forms to him by the Friday before.")],
         ]},
        {"kind": "number", "q": "How many kids ended up signed up for the museum visit?",
         "answers": ["61"], "wrong": ["54"],
         "events": [
             [("trip consent slips back so far: 54",
               "54 so far. At a 1:10 staff ratio that's 6 adults including you — worth lining up a spare in case someone's off.")],
             [("coach firm wants final numbers by tonight. with the late slips in we're at 61",
               "61 pupils, so 7 adults at 1:10. I'd ask them to confirm a 70-seater so staff and pupils all fit.")],
         ]},
        {"kind": "date", "q": "When's the Year 8 parents' evening?",
         "answers": ["November 20", "20 November"], "wrong": ["November 13", "13 November"],
         "events": [
             [("Y8 parents' evening is November 13, 4 till 7",
               "Noted: Year 8 parents' evening, 13 November, 4–7pm.")],
             [("parents' evening has moved, it clashed with the winter concert. we're on the 20th now",
               "Got it — Year 8 parents' evening is now 20 November. Do you want a reminder to redo your appointment list?")],
             [("letter home done: parents' evening November 20, online booking opens Monday",
               "Great. Booking opening on Monday gives families a decent window.")],
         ]},
        {"kind": "decision", "q": "What topic did the department choose for the Year 8 sources project?",
         "answers": ["Great Fire of London", "Great Fire"],
         "events": [
             [("dept meeting outcome: the Y8 source project is going to be the Great Fire of London. we looked at the Peasants' Revolt too but there's way more usable material online for the fire",
               "Great Fire is a good pick for sources — Pepys' diary, maps, the Monument inscription, rebuilding plans. Want me to draft a list of source types for the project booklet?")],
         ]},
        {"kind": "reason", "q": "Why aren't we using Redline coaches?",
         "answers": ["no seatbelts"],
         "events": [
             [("not booking Redline for the coach. finance noticed their older coaches have no seatbelts on the back rows",
               "That settles it — no seatbelts on some rows rules them out for a school journey.")],
         ]},
    ],
})

SPECS.append({
    "id": "b10-en-4", "lang": "en",
    "intro": ("hi, I own three flats in a converted house plus a little terrace round the corner, and the repairs side is eating me alive. going to log everything here from now on",
              "Good idea — a single log makes repairs far easier to track, especially when deposits or insurance come up. Send notes as they happen and I'll keep them in order."),
    "vocab": {
        "tasks": ["the flat 2 smoke alarm test", "the deposit paperwork", "the gutter clearing", "the inventory for flat 1",
                  "the council tax form", "the EPC renewal", "the garden tidy-up", "the insurance renewal",
                  "the bin store lock", "the damp check in the hallway", "the terrace fence panel", "the window restrictors"],
        "supplies": ["light bulbs", "mastic", "bin bags", "door wedges", "batteries", "paint samples"],
        "places": ["the builders' merchant", "the hardware shop", "the bank", "the council office", "the tip"],
        "clients": ["Harlow Glazing", "the council", "Brightside Insurance", "Kemp Electrical", "Oakfield Roofing"],
    },
    "avoid": ["plumb", "hoskins", "mistry", "flat 3", "gas", "safeflame", "floor", "vinyl", "carpet",
              "keystone", "letting", "tie-in", "sink", "leak", "tenant in", " rent"],
    "persona": [
        ("flat 1 says the hallway light is flickering. probably just the bulb",
         "Most likely. If a new bulb doesn't fix it, get an electrician to check the fitting — flickering can be a loose connection."),
        ("should I let a tenant paint a feature wall?",
         "Plenty of landlords allow it with conditions: colour agreed in writing, professional finish, and repainted in the original colour at the end unless you decide to keep it."),
        ("garden at the terrace is a jungle. {p1} can do it for {price}",
         "If that includes taking the waste away, it's fair. Worth asking whether a quarterly visit would come cheaper.", 1),
        ("smoke alarm test in flat 2: all {n} alarms fine",
         "Logged: flat 2 smoke alarms tested, all {n} working.", 1),
        ("old flat 2 deposit: taking off {price} for the broken blind. fair?",
         "If the blind was fine at check-in and you have the receipt for the replacement, that's reasonable. Keep photos and the invoice in case it's disputed.", 1),
        ("{client} sent a renewal letter, {price} for the year. more than last time",
         "Worth getting two comparison quotes before you accept — renewals often creep up unless you push back.", 1),
    ],
    "questions": [
        {"kind": "name", "q": "Who do I call now if there's a problem with the pipes or taps?",
         "answers": ["Dev Mistry", "Mistry"], "wrong": ["Carl Hoskins", "Hoskins"],
         "events": [
             [("plumber is Carl Hoskins, number's in my phone. he's done the last three jobs and never overcharged",
               "Noted: plumber — Carl Hoskins. Good to have someone reliable on speed dial.")],
             [("flat 2 sink leak: Dev Mistry's coming Thursday. he does all my plumbing these days, £65 callout",
               "Logged: flat 2 sink leak — Dev Mistry, Thursday, £65 callout.")],
         ]},
        {"kind": "number", "q": "What's the new person in flat 3 paying per month?",
         "answers": ["£875", "875"],
         "events": [
             [("flat 3 is let! new tenant signed today, £875 a month, moving in on the 1st",
               "Congratulations — flat 3 let at £875 a month. Make sure the deposit is protected within 30 days and the prescribed information goes out.")],
         ]},
        {"kind": "date", "q": "When are the gas safety checks booked for now?",
         "answers": ["April 29", "29 April"], "wrong": ["April 22", "22 April"],
         "events": [
             [("gas safety checks for all three flats booked for April 22, SafeFlame, morning",
               "Noted: gas safety checks on 22 April, morning, with SafeFlame. Tenants need at least 24 hours' notice of access — want a notice drafted?")],
             [("SafeFlame rang, their engineer's off sick that whole week so they're rebooking",
               "Annoying, but fine as long as the certificates don't lapse. Send me the new date when it's confirmed and I'll redo the tenant notice.")],
             [("gas: new date is April 29, same time",
               "Updated: gas safety checks now on 29 April, morning. Here's a short notice for the tenants:\n\n\"Hi, just a heads-up that the annual gas safety check is booked for 29 April in the morning. Please make sure someone can let the engineer in, or reply if you'd like me to use my key. Thanks!\"")],
         ]},
        {"kind": "decision", "q": "What did I go for underfoot in flat 1?",
         "answers": ["vinyl plank"],
         "events": [
             [("flat 1 floor: going with vinyl plank. carpet would be wrecked within a year with the dog they've got",
               "Vinyl plank is a sensible choice for a pet-friendly let — easy to clean, and you can replace a single board if one gets damaged.")],
         ]},
        {"kind": "reason", "q": "Why didn't I sign up with Keystone Lettings?",
         "answers": ["12-month tie-in", "tie-in"],
         "events": [
             [("met Keystone Lettings about managing the flats. they want a 12-month tie-in before I'm allowed to leave, so no",
               "Sensible to walk away — a tie-in that long is a lot if the service turns out poor. Plenty of agents work on a rolling contract with a month or two's notice.")],
         ]},
    ],
})

# ---------------------------------------------------------------------------
# dialog specs — Russian
# ---------------------------------------------------------------------------

SPECS.append({
    "id": "b10-ru-1", "lang": "ru",
    "intro": ("Привет! У меня маленький магазин пряжи, я там и продавец, и бухгалтер, и грузчик. Буду скидывать сюда рабочие заметки, а то всё теряю.",
              "Привет! Отличная идея. Пишите как удобно — хоть одним словом, хоть длинным сообщением. Буду держать всё в порядке и подсказывать, когда спросите."),
    "vocab": {
        "a": "а",
        "tasks": ["отчёт по кассе", "прайс для оптовиков", "пост в телеграм-канал", "график выкладки",
                  "договор аренды", "мастер-класс по носкам", "счёт от типографии", "заказ для Ермаковой",
                  "фотосет новых цветов", "возврат по браку", "список должников", "ремонт полки"],
        "supplies": ["пакеты", "бирки", "крафт-конверты", "чековые ленты", "спицы", "крючки", "маркеры"],
        "places": ["почта", "банк", "типография", "рынок"],
        "clients": ["«Вязаный клуб»", "«Петелька»", "«Рукодельница»", "школа «Узор»", "ИП Гаврилов"],
    },
    "avoid": ["меринос", "нордвул", "клубок", "коломн", "ярмарк", "мотк", "инвентаризац", "вывеск", "короб",
              "неон", "склад", "отоплен", "заводск", "поставщик"],
    "persona": [
        ("Покупательница спрашивала, чем заменить хлопок в летнем топе. Что посоветовать?",
         "Хорошие варианты на лето: лён с хлопком, вискоза, бамбук, хлопок с шёлком. Чтобы плотность была похожей, сравнивайте метраж на 100 г — он должен быть близким к исходной пряже."),
        ("На мастер-класс по варежкам записалось {n:people}.",
         "Отлично! Если места ещё есть, можно напомнить в канале за пару дней до занятия."),
        ("{F} принесла на комиссию кардиган, хочет за него {price}.",
         "Записано: кардиган на комиссию, автор — {f}, цена {price}. Процент магазина как обычно?"),
        ("Помоги с постом в канал про новые цвета, коротко и без пафоса.",
         "Вариант:\n\n«Приехали новые цвета! Горчица, пыльная роза, глубокий изумруд и пара оттенков, которые сложно описать словами, — лучше приходите посмотреть вживую. Отложим по звонку или в личных сообщениях.»"),
        ("Возврат: клубочек с браком, покупательница принесла чек. Вернула {small}.",
         "Записано: возврат {small}, брак. Брак и чек лучше сохранить — пригодятся для претензии."),
        ("Выручка за неделю — {price2}, на {pct}% больше прошлой.",
         "Хороший рост! Интересно, что сработало — новые цвета или пост в канале?"),
    ],
    "questions": [
        {"kind": "name", "q": "Напомни, кто нам сейчас возит мериносовую пряжу?",
         "answers": ["Нордвул"], "wrong": ["Клубок-Сервис"],
         "events": [
             [("Для памяти: меринос берём у «Клубок-Сервис». Менеджер Алла, заказы принимают по вторникам.",
               "Записано: меринос — «Клубок-Сервис», менеджер Алла, заказы по вторникам.")],
             [("Поправка по мериносу. С «Клубок-Сервис» больше не работаем — второй раз сорвали поставку перед выходными. Теперь меринос нам возит «Нордвул», договор подписала сегодня.",
               "Исправлено: меринос теперь от компании «Нордвул», старый контакт помечен как неактуальный.")],
         ]},
        {"kind": "number", "q": "Сколько мотков мы в итоге везём в Коломну?",
         "answers": ["120"], "wrong": ["80"],
         "events": [
             [("На ярмарку в Коломну берём 80 мотков, больше в машину всё равно не влезет.",
               "Записано: ярмарка в Коломне — 80 мотков. Составить список, каких цветов сколько брать?")],
             [("Ох, сегодня весь день воевала с кассой: то чек не печатает, то связь с ОФД пропадает. Мастер придёт только в четверг. Ещё соседский кот опять пробрался в подсобку и уснул на коробке с альпакой. А, по Коломне: Света даёт свой универсал, так что везём 120 мотков, а не сколько влезет. Подскажи, что делать с кассой до четверга, чтобы ничего не нарушить?",
               "Пока касса капризничает:\n\n1. Если чек не пробился, а оплата прошла, — запишите продажу в тетрадь: время, сумма, способ оплаты.\n2. Когда касса заработает, пробейте на эти продажи чек коррекции.\n3. Если пропадает только связь с ОФД, касса обычно копит чеки и отправляет позже — главное, чтобы она их печатала.\n4. Сохраните переписку с мастером: дата обращения пригодится, если будут вопросы.\n\nА 120 мотков в универсал влезут спокойно, если разложить их по цветам в вакуумные пакеты.")],
         ]},
        {"kind": "date", "q": "Когда у нас в итоге инвентаризация?",
         "answers": ["14 ноября"], "wrong": ["7 ноября"],
         "events": [
             [("Инвентаризацию ставлю на 7 ноября. Магазин в этот день закрыт.",
               "Хорошо: 7 ноября — инвентаризация, магазин закрыт. Объявление для покупателей лучше повесить за неделю.")],
             [("С инвентаризацией не успеваем. Бухгалтер просит сдвинуть ровно на неделю позже.",
               "Значит, инвентаризация переезжает на 14 ноября. Объявление о закрытии тогда нужно переписать — подготовить текст?")],
             [("Да, на 14-е. Текст давай.",
               "Вот вариант:\n\n«Уважаемые покупатели! 14 ноября магазин закрыт на инвентаризацию. Ждём вас на следующий день в обычном режиме. Спасибо за понимание!»")],
         ]},
        {"kind": "decision", "q": "Что в итоге решили делать с вывеской?",
         "answers": ["световой короб"],
         "events": [
             [("По вывеске: неон красивый, но дорогой и хрупкий. Делаем световой короб, макет нарисует Лёша.",
               "Разумно: такой короб проще согласовать и дешевле обслуживать. Когда Лёша пришлёт макет, могу помочь проверить, читается ли надпись с другой стороны улицы.")],
         ]},
        {"kind": "reason", "q": "Почему я не стала брать помещение на Заводской?",
         "answers": ["нет отопления", "без отопления"],
         "events": [
             [("Смотрела склад на Заводской. Нет. Там нет отопления — пряжа зимой отсыреет и будет пахнуть.",
               "Да, склад без отопления для шерсти не подходит: влажность и перепады температуры её портят.")],
         ]},
    ],
})

SPECS.append({
    "id": "b10-ru-2", "lang": "ru",
    "intro": ("Добрый день. Я администратор в частной стоматологии: на мне запись, закупки, графики и вообще всё, что падает мимо. Хочу вести здесь рабочие заметки.",
              "Добрый день! Давайте. Пишите заметки в любом виде, а я помогу держать под рукой сроки, контакты и договорённости."),
    "vocab": {
        "a": "а",
        "tasks": ["график врачей", "отчёт для страховой", "договор с прачечной", "журнал стерилизации",
                  "прайс на сайт", "обзвон на завтра", "акт сверки", "заказ бланков", "график уборки",
                  "стенд с лицензиями", "инструктаж по пожарной безопасности", "отчёт по неявкам"],
        "supplies": ["бланки", "картриджи", "бахилы", "стаканчики", "ручки", "папки"],
        "places": ["банк", "почта", "бухгалтерия"],
        "clients": ["страховая «Меридиан»", "прачечная «Снежинка»", "ООО «Дезсервис»", "«Городская аптека»", "ИП Шубин"],
    },
    "avoid": ["расходник", "перчат", "полин", "зарин", "отбеливан", "рентген", "техник", "дентал", "клиникон",
              "программ", "профиль", "коронк", "лаборатор", "маски", "слепочн", "18 500"],
    "persona": [
        ("Пациент опоздал на {n2:min}, врач не принял. У стойки был скандал.",
         "Неприятно. Помогает, когда правило об опозданиях есть прямо в напоминании о визите — тогда администратору есть на что сослаться."),
        ("{F} (ассистент) просит отпустить её {wd:v} пораньше.",
         "Записано: {f} — {wd:v} уходит раньше. Проверить, кто подстрахует на последних приёмах?"),
        ("Как вежливо ответить на плохой отзыв на картах? Пишут, что долго ждали в холле.",
         "Вариант ответа:\n\n«Здравствуйте! Спасибо, что написали. Нам очень жаль, что вам пришлось ждать. Мы разобрались в ситуации и пересматриваем интервалы между приёмами, чтобы такого не повторялось. Будем рады видеть вас снова.»"),
        ("Стерилизатор опять пищит, {m} говорит, что это датчик температуры.",
         "Лучше не тянуть с проверкой. Пока датчик не посмотрели, журнал стерилизации стоит вести особенно внимательно."),
        ("Выручка за день — {price2}.",
         "Записано. Неплохой день!"),
        ("С утра две неявки подряд. Обзвонила всех, кто записан на завтра.",
         "Правильно. Если неявки повторяются у одних и тех же пациентов, можно просить у них подтверждение накануне."),
    ],
    "questions": [
        {"kind": "name", "q": "Кто у нас теперь заказывает перчатки, маски и прочие расходники?",
         "answers": ["Зарина"], "wrong": ["Полина"],
         "events": [
             [("Расходники (перчатки, маски, слепочная масса) заказывает Полина, по пятницам, через личный кабинет поставщика.",
               "Записано: расходники заказывает Полина, по пятницам, через кабинет поставщика.")],
             [("Полина с понедельника уходит в декрет. Расходники забирает Зарина с ресепшена, я ей всё показала, пароль от кабинета тоже передала.",
               "Понятно. Значит, с понедельника заказами расходников занимается Зарина. Подготовить ей короткую памятку: что заказываем, где и в какой день?")],
         ]},
        {"kind": "number", "q": "Сколько по новому прайсу стоит отбеливание?",
         "answers": ["18 500"],
         "events": [
             [("С первого числа новый прайс: отбеливание теперь 18 500, профгигиена без изменений.",
               "Обновлено: отбеливание — 18 500 ₽, профгигиена по-старому. Распечатать новый прайс на стойку?")],
         ]},
        {"kind": "date", "q": "Какого числа придут обслуживать рентген?",
         "answers": ["3 декабря"],
         "events": [
             [("Техник по рентгену приедет 3 декабря с утра. Второй кабинет до обеда не записывать.",
               "Записано: 3 декабря — обслуживание рентгена, второй кабинет до обеда без записи.")],
         ]},
        {"kind": "decision", "q": "На какой системе для записи пациентов мы остановились?",
         "answers": ["Дентал Про"], "wrong": ["КлиникОн"],
         "events": [
             [("Выбираем программу для записи. Пока склоняюсь к КлиникОн — там СМС-напоминания встроены.",
               "СМС-напоминания действительно снижают число неявок. Ещё стоит сравнить: как выглядит зубная формула, есть ли онлайн-запись с сайта и сколько стоит перенос базы.")],
             [("Посмотрели демо ещё раз вместе с главврачом. Берём Дентал Про.",
               "Хорошо, значит, Дентал Про. Дальше по плану: выгрузка базы пациентов, обучение ресепшена и тестовая неделя параллельно со старой системой.")],
         ]},
        {"kind": "reason", "q": "Почему мы не стали работать с «Профиль-Дент»?",
         "answers": ["три недели"],
         "events": [
             [("С «Профиль-Дент» работать не будем. Коронки делают три недели, а нам нужно максимум дней десять.",
               "Понятно: три недели на коронку — слишком долго для пациентов, особенно с временными. Поищем лабораторию со сроком до десяти дней.")],
         ]},
    ],
})

SPECS.append({
    "id": "b10-ru-3", "lang": "ru",
    "intro": ("Привет. Я организую мероприятия — свадьбы, корпоративы, выпускные. Сейчас одновременно пять проектов, и голова уже не вывозит. Буду писать сюда заметки.",
              "Привет! Пять проектов сразу — это серьёзно. Пишите всё сюда как удобно, а я помогу держать детали по каждому проекту и напомню, когда спросите."),
    "vocab": {
        "a": "",
        "tasks": ["тайминг корпоратива", "райдер для диджея", "бюджет выпускного", "договор с флористом",
                  "сценарий квиза", "заказ шаров", "трансфер из аэропорта", "макет приглашений",
                  "список подрядчиков", "декор фотозоны", "план монтажа", "счёт за аренду шатра"],
        "supplies": ["шары", "гирлянды", "свечи", "таблички", "бейджи", "скатерти"],
        "places": ["типография", "площадка", "банк"],
        "clients": ["«Техносфера»", "«Ладога-Трейд»", "агентство «Праздник»", "«Школа-Плюс»", "«Северсталь-Сервис»"],
    },
    "avoid": ["ковалёв", "ковалев", "гринько", "ведущ", "гост", "веранд", "дегустац", "торт", "фисташ",
              "кавер", "аппаратур", "свадьб", "банкет", "северный ветер"],
    "persona": [
        ("Корпоратив {client}: заказчик хочет квиз вместо конкурсов.",
         "Квиз для корпоратива — хорошая идея: участвуют все, и никто не чувствует себя неловко. Вопросы соберёте сами или заказать у знакомой команды?"),
        ("Флорист просит предоплату {pct}%.",
         "Для флористов это нормальная практика. Главное, чтобы в договоре была прописана замена цветов, если нужных не окажется.", 1),
        ("Выпускной: родительский комитет опять меняет меню. Третий раз.",
         "Предложите им крайний срок для изменений — например, за две недели до события. После него меню фиксируется."),
        ("Набросай сообщение подрядчикам: заезд на площадку с {time}, не раньше.",
         "Вариант:\n\n«Коллеги, добрый день! Напоминаем: заезд и монтаж на площадке — с {time}, раньше охрана не пустит. Пожалуйста, планируйте дорогу с учётом этого. Спасибо!»"),
        ("Шары — {n2:pcs}, белые и золото.",
         "Записано: шары, {n2:pcs}, белый и золотой.", 1),
        ("Смета на корпоратив вышла на {big} тысяч, а клиент хотел уложиться в меньшее.",
         "Можно предложить две версии — базовую и расширенную. Клиенту проще выбрать, чем торговаться по каждой строке.", 1),
    ],
    "questions": [
        {"kind": "name", "q": "Кто у Ковалёвых будет вести праздник?",
         "answers": ["Артём Гринько", "Гринько"],
         "events": [
             [("Ведущий на свадьбу Ковалёвых — Артём Гринько. Договорились, аванс 30% перевёл.",
               "Записано: Ковалёвы, ведущий — Артём Гринько, аванс 30% оплачен. Отправить ему анкету молодых?")],
             [("Гринько прислал сценарий. В целом норм, пару конкурсов с переодеванием надо выкинуть.",
               "Хорошо. Можно сразу предложить замену — например, короткое видеопоздравление от друзей вместо конкурсов.")],
         ]},
        {"kind": "number", "q": "Сколько человек в итоге будет на банкете у Ковалёвых?",
         "answers": ["96"], "wrong": ["110"],
         "events": [
             [("Ковалёвы: банкет в «Веранде», гостей 110.",
               "Записано: Ковалёвы — «Веранда», 110 гостей.")],
             [("Поправка по Ковалёвым — гостей будет не 110, а 96. Часть родни из Омска не едет.",
               "Исправлено: 96 гостей. Для «Веранды» это с запасом — можно убрать пару столов и расширить танцпол.")],
         ]},
        {"kind": "date", "q": "Когда у нас пробуем меню с Ковалёвыми?",
         "answers": ["22 августа"], "wrong": ["15 августа"],
         "events": [
             [("Дегустация меню для Ковалёвых — 15 августа в 18:00, в ресторане.",
               "Записано: 15 августа, 18:00 — дегустация меню для Ковалёвых.")],
             [("Не забыть: 22 августа после шести — дегустация у Ковалёвых, взять с собой схему зала.",
               "Поставлю напоминание на 22 августа, схему зала добавлю в список «взять с собой».")],
         ]},
        {"kind": "decision", "q": "Какой торт в итоге выбрали молодые?",
         "answers": ["фисташково-малиновый"],
         "events": [
             [("Торт решили: фисташково-малиновый, три яруса. Шоколадный невеста забраковала — говорит, тяжёлый для лета.",
               "Отлично, и по-летнему, и выглядит красиво. Уточнить у кондитера, нужна ли подставка на три яруса?")],
         ]},
        {"kind": "reason", "q": "Напомни, почему мы отказались от живой группы на свадьбу?",
         "answers": ["нет своей аппаратуры"],
         "events": [
             [("Кавер-группу «Северный ветер» не берём. У них нет своей аппаратуры, а аренда звука съедает весь музыкальный бюджет.",
               "Логично: без собственного звука итоговая цена выходит почти вдвое выше. Может, посмотреть диджея с живым саксофоном?")],
         ]},
    ],
})

SPECS.append({
    "id": "b10-ru-4", "lang": "ru",
    "intro": ("Здравствуйте. Я аспирант-гидробиолог, летом у нас полевой сезон на озёрах, и сейчас идёт подготовка: снаряжение, бумаги, люди, анализы. Буду вести здесь рабочие заметки.",
              "Здравствуйте! Хорошо, пишите сюда всё, что нужно не забыть. Помогу со списками, сроками и текстами для отчётов."),
    "vocab": {
        "a": "",
        "tasks": ["отчёт по гранту", "полевой дневник", "тезисы на конференцию", "журнал погоды",
                  "список снаряжения", "черновик статьи", "акт списания", "план на сезон",
                  "семинар у научрука", "заказ реактивов", "раздел про результаты", "договор на аренду машины"],
        "supplies": ["батарейки", "маркеры", "фляги", "полевые журналы", "репелленты", "карабины"],
        "places": ["институт", "кафедра", "библиотека"],
        "clients": ["фонд «Наука-Регион»", "журнал «Экология водоёмов»", "заповедник «Белые Мхи»", "отдел кадров", "бухгалтерия института"],
    },
    "avoid": ["проб", "гидрохим", "левченко", "захарченко", "точек отбора", "точки отбора", "выезд", "лагер",
              "пристан", "катер", "осадк", "июл", "завлаб"],
    "persona": [
        ("Не забыть репелленты. В прошлом году нас съели заживо.",
         "Записано: репелленты, и побольше. Можно ещё накомарники на всех."),
        ("{M} с кафедры даёт навигатор на сезон.",
         "Отлично. Проверьте заранее, загружены ли карты на нужный район.", 1),
        ("Сколько брать запасных батареек на {n2:days}?",
         "Зависит от приборов. Прикиньте расход за день по каждому устройству, умножьте на число дней и добавьте процентов тридцать запаса."),
        ("Статья вернулась с рецензии, {n:remarks}.",
         "Это нормально. Начните с мелких — так быстрее появится ощущение прогресса."),
        ("Синоптики обещают дожди на всю следующую неделю.",
         "Тогда полевые журналы — в гермопакеты, а этикетки лучше подписывать карандашом."),
        ("Научрук снова спрашивал про тезисы. Срок — {date}.",
         "Записано: тезисы до {date}. Начать можно с короткого плана на полстраницы.", 1),
    ],
    "questions": [
        {"kind": "name", "q": "Кто сейчас делает нам анализы воды на гидрохимию?",
         "answers": ["Захарченко"], "wrong": ["Левченко"],
         "events": [
             [("Пробы на гидрохимию отвозим Левченко в институт, он обещал результаты за неделю.",
               "Записано: гидрохимия — Левченко, срок около недели.")],
             [("Левченко уезжает на конференцию на весь август. Кто будет делать пробы вместо него — пока неизвестно, спрошу у завлаба.",
               "Понятно. Пока вопрос решается, пробы можно хранить в холодильнике при +4 не дольше пары суток, а часть для биогенов лучше заморозить.")],
             [("Завлаб решил: пробы теперь делает Захарченко, у неё свой анализатор и очередь меньше.",
               "Записано: гидрохимия теперь на Захарченко. Уточнить у неё, в каком виде удобнее получать этикетки и журнал проб?")],
         ]},
        {"kind": "number", "q": "Сколько точек отбора заложено в план?",
         "answers": ["27"],
         "events": [
             [("По плану 27 точек отбора на трёх озёрах, на каждой — вода и бентос.",
               "27 точек — это по девять на озеро, если распределять поровну. При двух пробах на точку получается 54 банки за цикл, плюс запас.")],
         ]},
        {"kind": "date", "q": "Какого числа мы едем в поле?",
         "answers": ["9 июля"], "wrong": ["2 июля"],
         "events": [
             [("Выезжаем в поле 2 июля, машина институтская.",
               "Записано: выезд 2 июля, транспорт от института.")],
             [("Весь день сидел над отчётом по гранту, глаза уже квадратные. Научрук хочет, чтобы раздел про методику был «понятен рецензенту-неспециалисту», что бы это ни значило. Кстати, выезд перенесли на 9 июля — машину на первую неделю забрали геологи. Можешь помочь переписать абзац про отбор проб попроще? Сейчас там: «Отбор проб осуществлялся батометром Руттнера с горизонтов 0,5 м и придонного».",
               "Вариант попроще:\n\n«Воду отбирали специальным пробоотборником (батометром Руттнера) на двух глубинах: у поверхности, примерно в полуметре от неё, и у самого дна».\n\nЕсли рецензенту важно, можно добавить одно предложение о том, зачем нужны именно эти глубины. А выезд 9 июля — записано.")],
         ]},
        {"kind": "decision", "q": "Где решили разбить лагерь?",
         "answers": ["у старой пристани"],
         "events": [
             [("Лагерь ставим у старой пристани: к воде близко, и машина доезжает.",
               "Хорошее место. Только проверьте, не стоят ли там по ночам рыбаки с генераторами — шум и свет будут мешать.")],
         ]},
        {"kind": "reason", "q": "Почему отказались от катера, который предлагали местные?",
         "answers": ["большая осадка"],
         "events": [
             [("Катер у местных брать не будем — большая осадка, на мелководье у тростников не пройдёт.",
               "Тогда лучше лёгкая лодка с мотором или вообще надувная — на мелководье это надёжнее.")],
         ]},
    ],
})

# ---------------------------------------------------------------------------
# dialog specs — Japanese
# ---------------------------------------------------------------------------

SPECS.append({
    "id": "b10-ja-1", "lang": "ja",
    "intro": ("居酒屋の店長やってます。仕入れ、シフト、予約、全部自分で回してて頭がパンクしそうなので、ここをメモ帳代わりに使わせてください。",
              "もちろんです。思いついたことをそのまま書いてください。仕入れ先や予約、締め切りなどを整理して、聞かれたらすぐ答えられるようにしておきます。"),
    "vocab": {
        "tasks": ["シフト表", "レジ締め", "アレルゲン表", "ドリンクメニューの差し替え", "求人票", "食材ロスの記録",
                  "衛生チェック表", "トイレ清掃チェック", "ランチの仕込みリスト", "ポイントカードの印刷", "月末の請求書整理"],
        "supplies": ["おしぼり", "割り箸", "レモン", "洗剤", "紙ナプキン", "ラップ"],
        "places": ["業務スーパー", "銀行", "市場", "税理士事務所", "商店街"],
        "clients": ["山田酒店", "青木青果", "ミヤコ製麺", "東洋おしぼり", "商店街組合"],
    },
    "avoid": ["鮮魚", "浜吉", "丸勝", "水産", "佐伯", "忘年会", "冷蔵庫", "点検", "だし巻き", "新メニュー",
              "物件", "ダクト", "2号店", "佐野"],
    "persona": [
        ("今日の売上{price2}。雨のわりに健闘した",
         "雨の日でその数字なら十分ですね。常連さんが支えてくれていそうです。"),
        ("{p1}くん、来月からランチも入れるって",
         "助かりますね。ランチのシフト表にも反映しておきましょうか。", 1),
        ("生ビールのサーバー洗浄、{wd}にやる",
         "{wd}にサーバー洗浄、控えました。営業前に終わらせる段取りでいいですか？"),
        ("お通し、今週はきんぴらで",
         "今週のお通しはきんぴら、了解です。"),
        ("アルバイト募集の文面、短めに考えて",
         "こんな感じはどうでしょう。\n\n【ホール・キッチン スタッフ募集】\n週2日・1日3時間からOK。まかないあり。未経験の方も歓迎です。\n気になる方はお気軽にスタッフまで声をかけてください。"),
        ("{p1}さんが常連さんのキープボトル割っちゃった。弁償どうしよう",
         "まずは同じ銘柄を店で用意して、残っていた量くらいをサービスでお出しするのが丸いと思います。お詫びの一言も添えて。"),
    ],
    "questions": [
        {"kind": "name", "q": "今って魚はどこから仕入れてるんだっけ？",
         "answers": ["丸勝水産"], "wrong": ["浜吉"],
         "events": [
             [("鮮魚は浜吉さんから。発注は前日の15時まで、LINEで。",
               "了解です。鮮魚：浜吉さん、発注は前日15時までにLINEで、ですね。")],
             [("訂正！鮮魚の仕入れ、来週から丸勝水産に切り替える。浜吉さん、最近配達が遅れてばっかりで仕込みに響いてたから。",
               "承知しました。来週から鮮魚は丸勝水産さんですね。発注の締め時間や方法が変わるかどうか、最初に確認しておくと安心です。")],
         ]},
        {"kind": "number", "q": "佐伯工業さんの宴会、人数は何人で確定したっけ？",
         "answers": ["32名", "32"],
         "events": [
             [("12/20の忘年会、佐伯工業さん32名で確定。飲み放題付きのコース",
               "佐伯工業様、12/20に32名様で確定ですね。飲み放題付きコースで承りました。座敷だけだと少し窮屈なので、テーブル席もつなげる配置がよさそうです。")],
         ]},
        {"kind": "date", "q": "業務用の冷蔵庫、業者が見に来るのは結局いつになった？",
         "answers": ["11月28日"], "wrong": ["11月21日"],
         "events": [
             [("業務用冷蔵庫の点検、11月21日の午前中に来てもらうことになった",
               "11月21日午前に冷蔵庫の点検ですね。仕込みとかぶらないよう、前日のうちに中身を整理しておきましょう。")],
             [("冷蔵庫の業者から電話あって、部品の入荷が遅れてるから点検日ずらしたいって。",
               "わかりました。新しい日程が決まったら教えてください。それまで温度のチェックはこまめにしておきましょう。")],
             [("点検の日、11月28日に決まった。時間は同じく午前。",
               "了解です。冷蔵庫の点検は11月28日の午前に変更しておきます。")],
         ]},
        {"kind": "decision", "q": "冬に出す新しい一品、何に決めたんだっけ？",
         "answers": ["だし巻き卵"],
         "events": [
             [("冬の新メニュー、だし巻き卵でいくことにした。原価も安いし、佐野くんが焼くとほんとにうまい",
               "だし巻き卵、いいですね。明太子やチーズをのせたバリエーションで単価を上げる手もあります。")],
         ]},
        {"kind": "reason", "q": "駅前の物件を見送ったのはなんでだっけ？",
         "answers": ["排気ダクトが付けられない", "排気ダクト"],
         "events": [
             [("駅前の2号店候補の物件、見送りにした。構造的に排気ダクトが付けられないって言われた。",
               "排気ダクトが使えないと焼き物や揚げ物が出せないので、居酒屋としては厳しいですね。次の候補では最初に排気の条件を確認しましょう。")],
         ]},
    ],
})

SPECS.append({
    "id": "b10-ja-2", "lang": "ja",
    "intro": ("中学校で国語を教えてて、2年生の担任もしてます。行事と授業準備が重なってて、とにかくメモしておきたい。ここに書いていきますね。",
              "承知しました。行事・授業・提出物など、思いついたものから気軽に書いてください。必要なときにまとめたり、文面を一緒に考えたりします。"),
    "vocab": {
        "tasks": ["小テストの採点", "学級通信", "座席表", "保健調査票の回収", "実習生の指導案チェック",
                  "期末テストの問題作り", "通知表の所見", "掲示物の張り替え", "部活の練習計画", "進路面談の資料"],
        "supplies": ["ホワイトボードマーカー", "画用紙", "マグネット", "付箋", "スティックのり", "クリアファイル"],
        "places": ["職員室", "図書室", "体育館", "会議室", "文房具屋"],
        "clients": ["PTA役員会", "教育委員会", "公民館", "学年主任", "事務室"],
    },
    "avoid": ["伴奏", "合唱", "宮本", "文集", "印刷", "感想文", "校外学習", "科学館", "水族館", "アプリ", "広告", "漢字"],
    "persona": [
        ("{p1}くん、今日も遅刻。これで今月3回目",
         "続いていますね。一度本人と軽く話して、朝に何が起きているのか聞いてみるのがよさそうです。"),
        ("授業で使う和歌の導入、何かいいネタない？",
         "「この歌を今のLINEに書き直すとしたら？」と問いかけるのはどうでしょう。気持ちの中身に目が向きやすくなります。"),
        ("保護者から電話。{p1}さんの家庭学習のことで相談したいって",
         "控えました。面談の候補日をいくつか出しておくとスムーズです。"),
        ("小テストの平均、{n2}点。思ったより低い",
         "問題ごとの正答率を見てみると、どこでつまずいたかがわかりやすいです。次の授業の最初に5分だけ復習を入れるのも手です。"),
        ("{wd}の6時間目、自習監督頼まれた",
         "{wd}6限、自習監督ですね。控えました。"),
        ("学級通信のタイトル、何かいい案ある？",
         "いくつか考えてみました。\n\n・「2の○だより」（クラス名を入れて）\n・「きょうのひとこと」\n・「ひだまり」\n・「一歩ずつ」\n\nクラスの目標の言葉を入れるのもおすすめです。"),
    ],
    "questions": [
        {"kind": "name", "q": "合唱コンクールでうちのクラスのピアノを弾くのは誰だっけ？",
         "answers": ["宮本さん", "宮本"],
         "events": [
             [("合唱コンクールの伴奏、うちのクラスは宮本さんに決まった！本人もけっこうやる気",
               "伴奏は宮本さんですね。練習用の音源を早めに渡せると、本人も安心だと思います。")],
         ]},
        {"kind": "number", "q": "学年の文集、結局何部刷ってもらうことになった？",
         "answers": ["150部", "150"], "wrong": ["120部"],
         "events": [
             [("学年文集、印刷所に120部で見積もりをお願いした",
               "120部で見積もり依頼ですね。ページ数と表紙の紙で金額がかなり変わるので、そこも確認しておくとよいです。")],
             [("文集は保護者用にも配ることになって、印刷所には150部でお願いしました",
               "150部で発注ですね。配布用の名簿と部数が合っているか、最後にもう一度確認しておきましょう。")],
         ]},
        {"kind": "date", "q": "読書感想文の提出期限、今はいつになってる？",
         "answers": ["12月6日"], "wrong": ["11月29日"],
         "events": [
             [("2学期の読書感想文、締切は11月29日にする",
               "読書感想文の締切、11月29日ですね。学級通信にも載せておきますか？")],
             [("感想文の締切、やっぱり一週間延ばすことにした。行事が詰まりすぎてて書く時間がなさそう",
               "では新しい締切は12月6日ですね。延長のお知らせを学級通信に入れる文案を作りましょうか？")],
         ]},
        {"kind": "decision", "q": "校外学習の行き先ってどこになった？",
         "answers": ["科学館"], "wrong": ["水族館"],
         "events": [
             [("校外学習の行き先、学年会では水族館が優勢",
               "水族館なら事前学習も組み立てやすいですね。最終決定はいつごろになりそうですか？")],
             [("校外学習、最終的に科学館に決まりました。雨でも関係ないのが大きかった",
               "科学館に決定ですね。見学用のワークシートが必要になったら言ってください。")],
         ]},
        {"kind": "reason", "q": "漢字練習のアプリを入れなかった理由って何だっけ？",
         "answers": ["広告が出る"],
         "events": [
             [("漢字練習のアプリ、導入は見送り。無料版だと広告が出るから、授業では使いにくい",
               "授業中に広告が出るのは困りますね。学校向けの有料ライセンスがあるかどうかだけ、念のため調べておきましょうか。")],
         ]},
    ],
})

SPECS.append({
    "id": "b10-ja-3", "lang": "ja",
    "intro": ("地元の公園で月1回マルシェを運営してます。出店者さんとのやりとりとか役所の手続きとか、細かいことが多すぎるのでここにメモさせてください。",
              "ぜひどうぞ。出店者さん・手続き・当日の段取りなど、書いてもらえれば整理して、必要なときにすぐ確認できるようにします。"),
    "vocab": {
        "tasks": ["出店者リスト", "チラシのデザイン", "SNSの告知", "ゴミ分別の案内", "駐車場の誘導計画",
                  "出店料の集金", "アンケート集計", "テントの貸し出し表", "ボランティアの配置表", "会計報告"],
        "supplies": ["養生テープ", "ゴミ袋", "結束バンド", "軍手", "のぼり旗", "釣り銭用の小銭"],
        "places": ["ホームセンター", "公民館", "コンビニ", "印刷所", "駅前"],
        "clients": ["パン工房こむぎ", "花屋リーフ", "雑貨ミモザ", "コーヒースタンド灯", "町内会"],
    },
    "avoid": ["音響", "大野", "石川", "店舗", "使用許可", "区役所", "雨天", "小雨", "雨の", "キッチンカー",
              "タコス", "発電機", "区画", "説明会"],
    "persona": [
        ("チラシ{big}枚刷った",
         "{big}枚ですね。配布先のリストも作っておきましょうか？"),
        ("ボランティアさん、今のところ{n}人",
         "{n}人ですね。受付・ゴミステーション・誘導に最低1人ずつは欲しいので、あと少し集められると安心です。"),
        ("出店料、次回から{small}に上げる予定",
         "値上げの理由（備品の買い替えなど）を一言添えて早めに告知すると、出店者さんも納得しやすいです。", 1),
        ("{client}さんから、電源使えるかって問い合わせ",
         "電源の有無と、使える場合の容量・延長コードの持参ルールをまとめて返信すると、ほかの出店者さんにも使い回せます。"),
        ("インスタの告知文、短く考えて",
         "こんな感じはどうでしょう。\n\n「今月のマルシェ、今週末に開催します！パンにお花にコーヒー、手作り雑貨も。ふらっとお散歩がてら遊びに来てください。」"),
        ("当日のタイムスケジュール作って。8時搬入、10時開始、15時終了、16時撤収完了",
         "時間 | 内容\n8:00 | 出店者搬入・設営\n9:30 | 最終確認・ミーティング\n10:00 | 開始\n15:00 | 終了\n16:00 | 撤収完了・ゴミ確認\n\n受付やゴミ係の交代時間も入れましょうか？"),
    ],
    "questions": [
        {"kind": "name", "q": "マルシェの音響って今は誰にお願いしてるんだっけ？",
         "answers": ["石川さん", "石川"], "wrong": ["大野さん", "大野"],
         "events": [
             [("マルシェの音響は大野さんにお願いしてる。機材も大野さんの持ち込み",
               "音響：大野さん（機材持ち込み）ですね。当日の電源の位置だけ事前に共有しておきましょう。")],
             [("今日は出店者説明会でした。質問が多くて2時間近くかかった…。駐車場は何台使えるのか、ゴミは持ち帰りか、テントの重りは何キロ必要か、とか。あと音響なんだけど、大野さんがその日どうしても都合がつかなくなって、石川さんが代わりに入ってくれることになりました。で、説明会で出た質問をFAQにまとめたいんだけど、手伝ってもらえる？",
               "お疲れさまでした。音響は石川さんに変更、了解です。FAQはこんな形でいかがでしょう。\n\nQ. 出店者用の駐車場はありますか？\nA. 台数に限りがあるため、事前申請制です。\n\nQ. ゴミはどうすればいいですか？\nA. 原則お持ち帰りをお願いしています。\n\nQ. テントの重りは必要ですか？\nA. 必須です。脚1本につき10kg以上を目安にしてください。\n\n足りない項目があれば追加します。")],
         ]},
        {"kind": "number", "q": "今回のマルシェ、出店者さんは最終的に何組になった？",
         "answers": ["42店舗", "42"], "wrong": ["36店舗"],
         "events": [
             [("第3回マルシェ、出店は36店舗で締め切りました",
               "36店舗ですね。区画図を作るときは、飲食と物販をなるべく分けて配置すると動線がスムーズです。")],
             [("キャンセル待ちしてた6店舗、全部入れられることになった！公園側が区画を増やしてOKって",
               "よかったですね。ということは合計42店舗ですね。区画図を更新しておきましょう。")],
         ]},
        {"kind": "date", "q": "公園を使う許可の申請、いつまでに出せばいいんだっけ？",
         "answers": ["9月12日"],
         "events": [
             [("公園の使用許可の申請、締切は9月12日。区役所の窓口に直接持っていく",
               "9月12日締切、区役所窓口へ持参ですね。書類の控えを取っておくと後で楽です。")],
         ]},
        {"kind": "decision", "q": "天気が悪いときの開催について、どうするって決めた？",
         "answers": ["小雨決行"],
         "events": [
             [("雨のときどうするか話し合って、小雨決行にした。警報が出たら中止",
               "小雨決行、警報が出たら中止ですね。判断の時刻（前日の何時か）とお知らせ方法も決めておくと、出店者さんも動きやすいです。")],
         ]},
        {"kind": "reason", "q": "タコス屋さんの出店を断った理由は？",
         "answers": ["発電機の音"],
         "events": [
             [("タコスのキッチンカー、今回はお断りしました。前回、発電機の音がうるさいって近所から苦情があったので",
               "発電機の音で苦情が出ていたなら仕方ないですね。静音タイプの発電機や電源の貸し出しができれば、次回また検討できそうです。")],
         ]},
    ],
})

SPECS.append({
    "id": "b10-ja-4", "lang": "ja",
    "intro": ("アパートを2棟持っている個人の大家です。修繕とか入退去の対応が増えてきて、記録がぐちゃぐちゃなので、ここで管理したいです。",
              "承知しました。修繕の依頼先や日程、入居者さんとのやりとりなど、メモしてもらえれば整理しておきます。あとから経緯を確認したいときにも便利です。"),
    "vocab": {
        "tasks": ["入居者アンケート", "確定申告の準備", "火災保険の更新", "消防設備の立ち会い", "退去立ち会い",
                  "ポストの名札交換", "草むしり", "敷金精算書", "ゴミ置き場の掲示", "鍵の交換"],
        "supplies": ["電球", "コーキング剤", "ゴミ袋", "乾電池", "網戸ネット", "防虫剤"],
        "places": ["ホームセンター", "銀行", "法務局", "郵便局"],
        "clients": ["大和電気", "ひまわり保険", "丸山工務店", "市役所", "自治会"],
    },
    "avoid": ["清掃", "ハヤセ", "さくら", "共用部", "201", "家賃", "給湯器", "102", "駐輪場", "屋根", "ポリカ",
              "トタン", "管理委託", "ミナト", "夜間", "掃除", "コーポ青葉"],
    "persona": [
        ("{p1}さん（203号室）から、換気扇の音がうるさいって連絡",
         "控えました。フィルターの汚れが原因のことも多いので、まずはフィルターをきれいにして様子を見てもらい、だめなら業者を手配しましょう。"),
        ("退去予定が1件。{date}に立ち会い",
         "{date}に退去立ち会いですね。入居時の写真を見返しておくと、原状回復の話がスムーズです。"),
        ("固定資産税の納付書きた。{price2}",
         "{price2}ですね。納付期限をリマインドしておきましょうか。", 1),
        ("入居者さんから、ゴミの分別ルールが守られてないって苦情",
         "掲示文の案です。\n\n「入居者の皆さまへ\nゴミの分別と収集日の厳守にご協力をお願いいたします。分別されていないゴミは回収されず、置き場に残ってしまいます。ご不明な点は管理人までお問い合わせください。」"),
        ("雨どいに落ち葉が詰まってるっぽい",
         "放っておくと雨水があふれて外壁を傷めるので、早めに見てもらったほうがいいです。丸山工務店さんあたりに頼めそうですか？"),
        ("ホームセンターで{supply}まとめ買い、{small}",
         "記録しました：{supply}、{small}。"),
    ],
    "questions": [
        {"kind": "name", "q": "階段や廊下の掃除、今はどこの業者に頼んでる？",
         "answers": ["さくら清掃"], "wrong": ["ハヤセ美装"],
         "events": [
             [("コーポ青葉の共用部清掃はハヤセ美装さん。月2回、第1・第3水曜日",
               "共用部清掃：ハヤセ美装さん、月2回（第1・第3水曜）ですね。")],
             [("来月からの共用部の掃除、さくら清掃さんに月2回でお願いした。見積もりも前より少し安かった",
               "さくら清掃さんに月2回ですね。初回の日程が決まったら、入居者さん向けの掲示を出しておきましょうか。")],
         ]},
        {"kind": "number", "q": "201号室、次の人にはいくらで貸すことにしたっけ？",
         "answers": ["5万8千円", "58,000円"],
         "events": [
             [("201号室、次の入居者から家賃5万8千円で募集する。周りの相場を見たらそのくらい",
               "201号室は家賃58,000円で募集ですね。共益費を別にするかどうかも決めておくと、募集図面が作りやすいです。")],
         ]},
        {"kind": "date", "q": "102号室の給湯器、交換はいつになったっけ？",
         "answers": ["10月16日"], "wrong": ["10月9日"],
         "events": [
             [("102号室の給湯器交換、10月9日の午後で業者と調整済み",
               "10月9日午後に102号室の給湯器交換ですね。入居者さんへ、当日はお湯が使えない時間がある旨を伝えておきましょう。")],
             [("ごめん、給湯器の日付まちがえてた。10月9日じゃなくて10月16日だった",
               "10月16日に修正しました。入居者さんへの連絡もその日付でお願いします。")],
         ]},
        {"kind": "decision", "q": "駐輪場の屋根、結局何の素材にした？",
         "answers": ["ポリカーボネート"],
         "events": [
             [("駐輪場の屋根、ポリカーボネートにする。トタンより明るいし、錆びないし",
               "ポリカーボネートなら光も通るので駐輪場が暗くならず、防犯面でもいいですね。")],
         ]},
        {"kind": "reason", "q": "ミナト不動産に管理を任せなかったのはどうしてだっけ？",
         "answers": ["夜間対応がない", "夜間対応"],
         "events": [
             [("管理委託の件、ミナト不動産は断った。夜間対応がないんじゃ頼む意味がない",
               "夜間対応がないと、夜中の水漏れや鍵のトラブルは結局ご自身で受けることになりますものね。")],
         ]},
    ],
})

# ---------------------------------------------------------------------------
# builder
# ---------------------------------------------------------------------------

DEFAULT_PEOPLE = {"en": EN_PEOPLE, "ru": RU_M, "ja": JA_PEOPLE}


def forbid_list(spec):
    """Substrings that must never occur in filler text of this dialog."""
    lang = spec["lang"]
    out = []
    for q in spec["questions"]:
        for s in q["answers"] + q.get("wrong", []):
            out.append(norm(s, lang))
            if lang == "ru" and not any(ch.isdigit() for ch in s) and len(s) >= 7:
                out.append(norm(s[:-2], lang))  # catch inflected forms
    out += [norm(a, lang) for a in spec["avoid"]]
    return out


def kinds_present(text, spec):
    lang = spec["lang"]
    return [q["kind"] for q in spec["questions"]
            if any(occurs(s, text, lang) for s in q["answers"] + q.get("wrong", []))]


def interleave(rng, seqs):
    pos = [0] * len(seqs)
    out = []
    remaining = sum(len(s) for s in seqs)
    while remaining:
        r = rng.randrange(remaining)
        for i, s in enumerate(seqs):
            left = len(s) - pos[i]
            if r < left:
                out.append(s[pos[i]])
                pos[i] += 1
                break
            r -= left
        remaining -= 1
    return out


RECENT = 20


class Filler:
    def __init__(self, spec, rng):
        self.lang = spec["lang"]
        self.rng = rng
        gen = list(GENERIC[self.lang])
        per = list(spec["persona"])
        self.templates = [t[:2] for t in gen + per]
        # persona notes are used at most twice (once when marked 1)
        self.maxu = [None] * len(gen) + [(t[2] if len(t) > 2 else 2) for t in per]
        self.done = [0] * len(self.templates)
        self.usage = [0] * len(self.templates)
        self.vocab = dict(spec["vocab"])
        self.forbid = forbid_list(spec)
        self.vocab["people"] = [p for p in self.vocab.get("people", DEFAULT_PEOPLE[self.lang])
                                if not any(f in norm(p, self.lang) for f in self.forbid)]
        self.used = set()
        self.recent = []

    def next(self):
        rng = self.rng
        for _ in range(800):
            open_ = [i for i in range(len(self.templates))
                     if (self.maxu[i] is None or self.done[i] < self.maxu[i]) and i not in self.recent]
            low = min(self.usage[i] for i in open_)
            cands = [i for i in open_ if self.usage[i] <= low + 1]
            i = rng.choice(cands)
            vals = make_vals(rng, self.lang, self.vocab)
            u = render(self.templates[i][0], vals, self.lang)
            a = render(self.templates[i][1], vals, self.lang)
            self.usage[i] += 1
            if u in self.used:
                continue
            blob = norm(u + "\n" + a, self.lang)
            if any(f in blob for f in self.forbid):
                continue
            self.used.add(u)
            self.done[i] += 1
            self.recent = (self.recent + [i])[-RECENT:]
            return (u, a)
        raise RuntimeError("filler generation failed")


def build_dialog(spec):
    lang = spec["lang"]
    rng = random.Random(zlib.crc32(("bank10/" + spec["id"]).encode("utf-8")))
    n_msgs = rng.randrange(75, 201) * 2
    n_pairs = n_msgs // 2
    region = n_pairs - 1 - TAIL // 2          # pairs available for key events
    seqs = [[(q["kind"], block) for block in q["events"]] for q in spec["questions"]]
    order = interleave(rng, seqs)
    k_pairs = sum(len(b) for _, b in order)
    gaps = region - k_pairs
    assert gaps > len(order), spec["id"]
    slots = set(rng.sample(range(gaps + len(order)), len(order)))
    filler = Filler(spec, rng)
    pairs = [(spec["intro"], "intro")]
    bi = 0
    for i in range(gaps + len(order)):
        if i in slots:
            kind, block = order[bi]
            bi += 1
            for pr in block:
                pairs.append((pr, kind))
        else:
            pairs.append((filler.next(), "filler"))
    for _ in range(TAIL // 2):
        pairs.append((filler.next(), "filler"))
    assert len(pairs) == n_pairs and bi == len(order)

    messages = []
    for (u, a), tag in pairs:
        for role, text in (("user", u), ("assistant", a)):
            found = kinds_present(text, spec)
            allowed = [tag] if tag in KINDS else []
            if any(k not in allowed for k in found):
                raise AssertionError("%s: %s message states %s: %r" % (spec["id"], tag, found, text[:80]))
            messages.append({"role": role, "text": text})

    questions = []
    for q in spec["questions"]:
        vals = q["answers"] + q.get("wrong", [])
        ev = [i for i, m in enumerate(messages) if any(occurs(s, m["text"], lang) for s in vals)]
        out = {"kind": q["kind"], "q": q["q"], "answers": list(q["answers"])}
        if q.get("wrong"):
            out["wrong"] = list(q["wrong"])
        out["evidence"] = ev
        questions.append(out)
    order_k = {k: i for i, k in enumerate(KINDS)}
    questions.sort(key=lambda x: order_k[x["kind"]])
    return {"id": spec["id"], "lang": lang, "bank": "bank10", "messages": messages, "questions": questions}


def main(argv):
    if "--check" in argv:
        if not os.path.exists(OUT):
            print("REFUSED: %s does not exist" % OUT)
            return 1
        with open(OUT, encoding="utf-8") as f:
            bank = json.load(f)
        errs = check_bank(bank)
        if errs:
            print("REFUSED: %d problem(s)" % len(errs))
            for e in errs[:200]:
                print("  " + e)
            return 1
        print(summary(bank))
        print("CHECK PASSED: %s" % OUT)
        return 0
    bank = [build_dialog(s) for s in SPECS]
    errs = check_bank(bank)
    if errs:
        print("REFUSED (not written): %d problem(s)" % len(errs))
        for e in errs[:200]:
            print("  " + e)
        return 1
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(bank, f, ensure_ascii=False, indent=1)
        f.write("\n")
    with open(OUT, encoding="utf-8") as f:
        again = json.load(f)
    errs = check_bank(again)
    if errs:
        print("REFUSED after writing: %d problem(s)" % len(errs))
        for e in errs[:200]:
            print("  " + e)
        return 1
    print(summary(again))
    print("written and checked: %s" % OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
