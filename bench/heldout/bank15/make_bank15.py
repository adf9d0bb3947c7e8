#!/usr/bin/env python3
"""Build the held-out "bank 15" five-question dialogs (teacher / tutor term planning).

Usage:
    python3 make_bank15.py           # writes five_questions_bank15.json next to this script
    python3 make_bank15.py --check   # rebuilds in memory, compares byte for byte, checks the rules

Standard library only, deterministic (fixed seeds, no dates of today, no set/hash ordering).
"""
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_PATH = os.path.join(HERE, "five_questions_bank15.json")
KINDS = ["name", "number", "date", "decision", "reason"]
TAIL = 40            # evidence must be before the last TAIL messages
MIN_MSGS, MAX_MSGS = 150, 240
N_SUPERSEDED = 30

# ---------------------------------------------------------------------------
# tiny template engine for the filler talk
#   [a|b|c]            random choice (no nesting)
#   {S} {S2} {C} {F}   people (students, colleagues, friends/family); {S.gen} etc. case forms
#   {S:he/she}         form chosen by the person's gender; {ME:m/f} by the speaker's gender
#   {N} {NB} {W} {K}   numbers; {N:one/few/many} number + Russian plural noun
#   {M} {D} {T} {DAY} {PL} {CITY} {YR} {P}  money, date, time, weekday, place, city, year group, period
# ---------------------------------------------------------------------------
CHOICE_RE = re.compile(r"\[([^\[\]]*)\]")
SLOT_RE = re.compile(r"\{([A-Z]+[0-9]?)(?:\.([a-z]+))?(?::([^{}]*))?\}")

MONTHS_EN = ["", "January", "February", "March", "April", "May", "June", "July",
             "August", "September", "October", "November", "December"]
MONTHS_RU = ["", "января", "февраля", "марта", "апреля", "мая", "июня", "июля",
             "августа", "сентября", "октября", "ноября", "декабря"]
DAYS_EN = [{"nom": d} for d in ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]]
DAYS_RU = [
    {"nom": "понедельник", "gen": "понедельника", "acc": "понедельник"},
    {"nom": "вторник", "gen": "вторника", "acc": "вторник"},
    {"nom": "среда", "gen": "среды", "acc": "среду"},
    {"nom": "четверг", "gen": "четверга", "acc": "четверг"},
    {"nom": "пятница", "gen": "пятницы", "acc": "пятницу"},
]
DAYS_JA = [{"nom": d} for d in ["月曜", "火曜", "水曜", "木曜", "金曜"]]


def ru_plural(n, one, few, many):
    n = abs(int(n))
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def P(forms, g):
    """A person. English/Japanese: P('Ellie', 'f'); Russian: P('nom|gen|dat|acc|ins', 'f')."""
    parts = forms.split("|")
    d = {"nom": parts[0], "g": g}
    if len(parts) > 1:
        d.update({"gen": parts[1], "dat": parts[2], "acc": parts[3], "ins": parts[4]})
    return d


def PL(forms):
    """A place. Russian: 'nom|loc phrase|dir phrase|gen'."""
    parts = forms.split("|")
    d = {"nom": parts[0]}
    if len(parts) > 1:
        d.update({"loc": parts[1], "dir": parts[2], "gen": parts[3]})
    return d


class Filler:
    def __init__(self, spec, rng):
        self.spec = spec
        self.rng = rng
        self.lang = spec["lang"]
        self.ctx = spec["ctx"]

    def make(self, base):
        r, c, lang = self.rng, self.ctx, self.lang
        if base == "S":
            return r.choice(c["students"])
        if base == "C":
            return r.choice(c["colleagues"])
        if base == "F":
            return r.choice(c["friends"])
        if base == "PL":
            return r.choice(c["places"])
        if base == "CITY":
            return c["city"]
        if base == "ME":
            return {"nom": "", "g": c["me"]}
        if base == "DAY":
            return r.choice({"en": DAYS_EN, "ru": DAYS_RU, "ja": DAYS_JA}[lang])
        if base == "N":
            return r.randint(3, 29)
        if base == "NB":
            return r.randint(30, 160)
        if base == "W":
            return r.randint(2, 9)
        if base == "K":
            return r.randint(5, 25)
        if base == "P":
            return r.randint(1, 6)
        if base == "YR":
            return r.choice(c["years"])
        if base == "M":
            if lang == "en":
                return "£%d" % r.randint(4, 95)
            if lang == "ru":
                return "%d рублей" % (50 * r.randint(3, 80))
            return "{:,}円".format(100 * r.randint(3, 98))
        if base == "D":
            m = r.choice(c["months"])
            d = r.randint(1, 28)
            if lang == "en":
                return "%d %s" % (d, MONTHS_EN[m])
            if lang == "ru":
                return "%d %s" % (d, MONTHS_RU[m])
            return "%d月%d日" % (m, d)
        if base == "T":
            h = r.choice([6, 7, 8, 9, 10] if lang == "ja" else [7, 8, 16, 17, 18, 19, 20, 21])
            mm = r.choice([0, 15, 30, 45])
            if lang == "ja":
                return "%d時半" % h if mm == 30 else "%d時" % h
            return "%d:%02d" % (h, mm)
        raise KeyError(base)

    def value(self, bind, name):
        if name in bind:
            return bind[name]
        base = re.sub(r"\d+$", "", name)
        used = [v for k, v in bind.items() if re.sub(r"\d+$", "", k) == base]
        v = self.make(base)
        tries = 0
        while v in used and tries < 30:
            v = self.make(base)
            tries += 1
        bind[name] = v
        return v

    def render(self, text, bind):
        text = CHOICE_RE.sub(lambda m: self.rng.choice(m.group(1).split("|")), text)

        def rep(m):
            name, case, arg = m.group(1), m.group(2), m.group(3)
            v = self.value(bind, name)
            if isinstance(v, dict):
                if arg is not None:
                    a, b = arg.split("/")
                    return a if v.get("g") == "m" else b
                return v[case or "nom"]
            if arg is not None:
                forms = arg.split("/")
                return "%s %s" % (v, ru_plural(v, *forms))
            return str(v)

        return SLOT_RE.sub(rep, text)

    def pair(self, tpl):
        bind = {}
        return self.render(tpl[1], bind), self.render(tpl[2], bind)


OPENERS = {
    "en": ["Morning! ", "Evening. ", "Back again. ", "Me again. ", "Long day. ", "Hi again. ",
           "Okay, next thing. ", "Sorry, one more. "],
    "ru": ["Привет! ", "Снова я. ", "Добрый вечер. ", "Ну и денёк. ", "Слушай, ", "Так, ещё одно. ",
           "Доброе утро! "],
    "ja": ["お疲れさまです。", "こんばんは。", "また来ました。", "今日も一日終わった…。", "ちょっといいですか。",
           "おはようございます。"],
}


def contains_any(text, needles):
    return any(n in text for n in needles)


def tb_contains(hay, needle):
    """needle occurs in hay on token boundaries (no letter/digit glued on either side)."""
    if not needle:
        return False
    start = 0
    while True:
        i = hay.find(needle, start)
        if i < 0:
            return False
        j = i + len(needle)
        left_ok = i == 0 or not (hay[i - 1].isalnum() and needle[0].isalnum())
        right_ok = j == len(hay) or not (hay[j].isalnum() and needle[-1].isalnum())
        if left_ok and right_ok:
            return True
        start = i + 1


def build_dialog(spec, number):
    rng = random.Random(1515 * 1000 + number * 7919)
    n = spec["n"]
    pairs = n // 2
    cut = pairs - 21                 # last pair index allowed for evidence: message n-41
    tail_start = pairs - 20
    items = spec["script"]
    slots = {}
    where = {}
    last = -1
    for it in sorted([x for x in items if x[1] <= 1], key=lambda x: x[1]):
        p = max(int(round(it[1] * cut)), last + 1)
        if p > cut:
            raise SystemExit("%s: scripted item %r does not fit before the tail" % (spec["id"], it[0]))
        slots[p] = it
        where[it[0]] = p
        last = p
    last = tail_start - 1
    for it in sorted([x for x in items if x[1] > 1], key=lambda x: x[1]):
        p = max(tail_start + int(round((it[1] - 1) * 19)), last + 1)
        if p > pairs - 1:
            raise SystemExit("%s: tail item %r does not fit" % (spec["id"], it[0]))
        slots[p] = it
        where[it[0]] = p
        last = p

    forbidden = list(spec.get("avoid", []))
    for q in spec["questions"]:
        forbidden += q[3] + q[4]
    pool = [t for t in POOLS[spec["lang"]]
            if t[0] in ("a", spec["kind"]) or (spec["kind"] == "s" and t[0] == spec.get("level"))]
    filler = Filler(spec, rng)
    deck = []
    used_texts = set()
    messages = []
    for p in range(pairs):
        if p in slots:
            u, a = slots[p][2], slots[p][3]
        else:
            for attempt in range(200):
                if not deck:
                    deck = list(range(len(pool)))
                    rng.shuffle(deck)
                t = pool[deck.pop()]
                u, a = filler.pair(t)
                if rng.random() < 0.15:
                    u = rng.choice(OPENERS[spec["lang"]]) + u
                if contains_any(u + "\n" + a, forbidden) or u in used_texts:
                    continue
                break
            else:
                raise SystemExit("%s: could not place filler at pair %d" % (spec["id"], p))
            used_texts.add(u)
        messages.append({"role": "user", "text": u})
        messages.append({"role": "assistant", "text": a})

    questions = []
    for kind, q, ev, answers, wrong in spec["questions"]:
        idx = []
        for ref in ev:
            key, side = ref.split(":")
            idx.append(2 * where[key] + (0 if side == "u" else 1))
        questions.append({"kind": kind, "q": q, "answers": list(answers), "wrong": list(wrong),
                          "evidence": sorted(idx)})
    return {"id": spec["id"], "lang": spec["lang"], "messages": messages, "questions": questions}


def build():
    return [build_dialog(spec, i) for i, spec in enumerate(SPECS)]


def serialise(data):
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def validate(data):
    errs = []
    if not isinstance(data, list) or len(data) != 12:
        return ["expected a list of 12 dialogs, got %s" % (len(data) if isinstance(data, list) else type(data))]
    per_lang = {"en": 0, "ru": 0, "ja": 0}
    n_wrong = 0
    ids = []
    for d in data:
        did = d.get("id")
        ids.append(did)
        if list(d.keys()) != ["id", "lang", "messages", "questions"]:
            errs.append("%s: dialog key order %s" % (did, list(d.keys())))
        lang = d.get("lang")
        if lang not in per_lang:
            errs.append("%s: bad lang %r" % (did, lang))
            continue
        per_lang[lang] += 1
        if not re.fullmatch(r"b15-%s-\d\d" % lang, did or ""):
            errs.append("%s: id does not match b15-<lang>-NN" % did)
        msgs = d["messages"]
        n = len(msgs)
        if not MIN_MSGS <= n <= MAX_MSGS:
            errs.append("%s: %d messages, outside %d-%d" % (did, n, MIN_MSGS, MAX_MSGS))
        for i, m in enumerate(msgs):
            if list(m.keys()) != ["role", "text"]:
                errs.append("%s: message %d keys %s" % (did, i, list(m.keys())))
            want = "user" if i % 2 == 0 else "assistant"
            if m.get("role") != want:
                errs.append("%s: message %d role %r, expected %r" % (did, i, m.get("role"), want))
            if not isinstance(m.get("text"), str) or not m["text"].strip():
                errs.append("%s: message %d empty" % (did, i))
        texts = [m["text"] for m in msgs]
        qs = d["questions"]
        if len(qs) != 5:
            errs.append("%s: %d questions" % (did, len(qs)))
        if sorted(q.get("kind") for q in qs) != sorted(KINDS):
            errs.append("%s: kinds %s" % (did, [q.get("kind") for q in qs]))
        for q in qs:
            tag = "%s/%s" % (did, q.get("kind"))
            if list(q.keys()) != ["kind", "q", "answers", "wrong", "evidence"]:
                errs.append("%s: question key order %s" % (tag, list(q.keys())))
                continue
            ev, ans, wrong = q["evidence"], q["answers"], q["wrong"]
            if not q["q"].strip():
                errs.append("%s: empty question" % tag)
            if not ev or not ans:
                errs.append("%s: empty evidence or answers" % tag)
                continue
            for e in ev:
                if not (isinstance(e, int) and 0 <= e < n - TAIL):
                    errs.append("%s: evidence %r not before the last %d messages (n=%d)" % (tag, e, TAIL, n))
            if any(not (isinstance(e, int) and 0 <= e < n) for e in ev):
                continue
            for a in ans:
                if not any(a in texts[e] for e in ev):
                    errs.append("%s: answer %r not in any evidence message" % (tag, a))
                for i, t in enumerate(texts):
                    if i not in ev and a in t:
                        errs.append("%s: answer %r also said outside the evidence, message %d" % (tag, a, i))
            if wrong:
                n_wrong += 1
            first_ev, last_ev = min(ev), max(ev)
            for w in wrong:
                if not any(w in texts[i] for i in range(first_ev)):
                    errs.append("%s: wrong %r not in a message before the evidence" % (tag, w))
                for i in range(last_ev + 1, n):
                    if w in texts[i]:
                        errs.append("%s: stale %r repeated after the evidence, message %d" % (tag, w, i))
                for a in ans:
                    if tb_contains(a, w) or tb_contains(w, a):
                        errs.append("%s: wrong %r and answer %r overlap on a token boundary" % (tag, w, a))
    if per_lang != {"en": 4, "ru": 4, "ja": 4}:
        errs.append("dialogs per language %s, expected 4 each" % per_lang)
    if len(set(ids)) != len(ids):
        errs.append("duplicate dialog ids")
    if n_wrong != N_SUPERSEDED:
        errs.append("%d questions with a non-empty wrong list, expected %d" % (n_wrong, N_SUPERSEDED))
    return errs


def main(argv):
    data = build()
    text = serialise(data)
    if "--check" in argv:
        errs = []
        if not os.path.exists(OUT_PATH):
            errs.append("stored file %s missing" % OUT_PATH)
        else:
            with open(OUT_PATH, "rb") as f:
                stored = f.read()
            if stored != text.encode("utf-8"):
                errs.append("stored file differs from the rebuild")
            errs += ["stored: " + e for e in validate(json.loads(stored.decode("utf-8")))]
        errs += ["rebuild: " + e for e in validate(data)]
        if errs:
            for e in errs:
                print("FAIL:", e)
            return 1
        n_msgs = [len(d["messages"]) for d in data]
        print("OK: %d dialogs, %d-%d messages, %d questions, %d superseded" % (
            len(data), min(n_msgs), max(n_msgs), sum(len(d["questions"]) for d in data),
            sum(1 for d in data for q in d["questions"] if q["wrong"])))
        return 0
    errs = validate(data)
    if errs:
        for e in errs:
            print("FAIL:", e)
        return 1
    with open(OUT_PATH, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("wrote %s (%d dialogs)" % (OUT_PATH, len(data)))
    return 0


# ===========================================================================
# DATA
# ===========================================================================
# --- English filler talk: (tag, user, assistant); tag a = anyone, s = school teacher, t = private tutor,
#     e = primary/elementary school only, h = secondary school only
POOL_EN = [
    ("a", "[Random one|Totally off topic|Not work, I promise], but what can I make for dinner in {N} minutes with eggs, a sad pepper and some feta?",
     "A quick frittata: soften the pepper, pour in beaten eggs, crumble the feta over and finish under the grill. Fifteen minutes, tops."),
    ("a", "My friend {F} is getting married on {D} and I've been asked to do a reading. Anything that isn't the usual Corinthians one?",
     "A short poem works well — warm but not soppy. Want a few options with rough reading times?"),
    ("a", "Car's in the garage again. They want [£180|£240|£310] for a new exhaust. [Brilliant.|Lovely.|Just what I needed.]",
     "Ouch. Worth asking if they'll split the payment, or getting a second quote."),
    ("a", "Walked out to {PL} on Saturday with {F}. About [eight|ten|twelve] miles. My calves have filed a complaint.",
     "Sounds like a proper reset though. Hot bath and an early night."),
    ("a", "Can you recommend a podcast for the drive in? It's about [20|25|35|40] minutes each way.",
     "Something with short standalone episodes suits that — history or science stories. Want a few names?"),
    ("a", "The neighbour's dog was barking from [midnight|about one|two in the morning] onwards. I'm running on about four hours' sleep.",
     "Rough. Keep today low-prep if you can and protect your evening."),
    ("a", "Book club tonight and I'm on page {NB} of about three hundred. [Help.|Oops.|Classic me.]",
     "Read the last two chapters properly and skim the middle — you'll have plenty to say."),
    ("a", "{F}'s birthday is on {D}. What do you get someone who insists they want nothing?",
     "An experience rather than a thing — cinema tickets, a cooking class, or a day out together."),
    ("a", "Had my flu jab on the way home, arm's like lead.",
     "Normal for a day or so. Take it easy tonight."),
    ("a", "I've started couch-to-5k. Week {W} and I haven't quit yet!",
     "That's the hardest part done — the runs start feeling easier around now."),
    ("a", "It's rained in {CITY} for {W} days straight. I've forgotten what the sun looks like.",
     "At least it makes a night of marking feel less tragic."),
    ("a", "{F} has invited me to {PL} for the weekend. Go, or stay in and catch up on work?",
     "Go. The work will still be there on Sunday evening, and you'll get through it faster rested."),
    ("a", "Found {M} in an old coat pocket. Best thing that's happened all week.",
     "Spend it on something nice and completely pointless."),
    ("a", "Cracked my phone screen this morning. [£89|£120|£145] to fix, apparently.",
     "Check whether your insurance or bank account covers it before paying."),
    ("a", "Tried the new café round the corner. The flat white was [£4.20|£4.60|£4.90]. [For one coffee!|I nearly cried.|Robbery.]",
     "At that price it should come with a biscuit and a compliment."),
    ("a", "Watched a documentary about octopuses last night instead of planning. No regrets.",
     "Octopuses are a perfectly valid use of an evening."),
    ("a", "My cat knocked a whole stack of papers off the table. One of them now has a paw print on it.",
     "That's just extra feedback."),
    ("a", "Bought a proper rucksack instead of carrying two tote bags. My shoulders are thanking me.",
     "Best teaching purchase there is."),
    ("a", "My mum wants me home for Sunday lunch but I've got {W} things due on Monday. [Guilt.|Help.]",
     "Go for lunch, leave straight after, and do the two most urgent jobs in the evening."),
    ("a", "Is it weird that I enjoy the sound of a laminator?",
     "Not at all. It's a very satisfying noise."),
    ("a", "Can you give me a quick starter for a [Monday morning|Friday afternoon|rainy afternoon] session?",
     "Try 'odd one out': show four words or images, they pick one and justify it. Five minutes, no prep."),
    ("s", "Marking update: {NB} to do, {N} done. Send help.",
     "Set a 25-minute timer and do the short ones first — momentum helps."),
    ("a", "How do I word feedback for {S}? {S:He/She} works really hard but the results aren't shifting.",
     "Name one specific thing that has improved, then give one next step. Short enough that it actually lands."),
    ("a", "{S} handed in homework {W} days late with a note from home.",
     "Accept it this time, make a note, and check in quietly in case something's going on."),
    ("s", "The printer jammed and I need {NB} copies by {T}. [Why is it always today.|Of course.|Typical.]",
     "Try another printer if you can; otherwise put it on screen and have them answer on paper."),
    ("a", "{S} asked me why we even have to learn this. I fumbled the answer a bit.",
     "An honest answer works: it trains a way of thinking. Then give one example they'd actually care about."),
    ("a", "Lovely moment today — {S} finally cracked it and then explained it to {S2}.",
     "Those are the best moments. Maybe let {S} lead the recap next time."),
    ("a", "I need a way to end a session that isn't 'any questions?'.",
     "Exit tickets: one thing they learned, one question they still have. Use them to plan the next session."),
    ("a", "Need a homework task that takes about [15|20|30] minutes, nothing that needs printing.",
     "A short retrieval quiz — ten questions mixing this week's topic with older ones."),
    ("a", "Spent {NB} minutes on a worksheet they finished in ten.",
     "Keep it — it's ready for next year."),
    ("a", "Honestly I think I've had {W} cups of tea today.",
     "That's standard teacher hydration."),
    ("a", "Can you explain the difference between a fixed and a growth mindset in two sentences? I want to use it on a poster.",
     "A fixed mindset says ability is set; a growth mindset says it grows with effort and good strategies. Keep the poster to those two lines and an example."),
    ("a", "My handwriting on the board is getting worse. {S} said it looks like a spider fell in ink.",
     "Harsh but memorable. Typing key points and writing less by hand can help."),
    ("a", "Give me a quick riddle for the end of a lesson.",
     "'What has keys but can't open locks?' A piano. Cheap, cheerful, works every time."),
    ("a", "Anyone who says teaching is a nine-to-three job should see my kitchen table right now.",
     "Piles of paper as far as the eye can see?"),
    ("a", "Can you give me three sentence starters for peer feedback?",
     "'One thing that works well is…', 'It would be even better if…', 'I wasn't sure about…'."),
    ("a", "{S} says {S:he/she} wants to be a vet, a footballer and a YouTuber. In that order.",
     "Covering all the bases. Respect."),
    ("a", "Laptop battery died halfway through the slides. Back to the board and a pen.",
     "Sometimes the low-tech version goes better anyway."),
    ("a", "I keep a jar of spare pencils and it's empty again. Where do they go?",
     "The same place as odd socks."),
    ("a", "I need to stop answering emails [at 11pm|after ten at night|at midnight].",
     "Put an end time in your calendar and mute notifications after it."),

    ("e", "Wet play again. {N} kids, one box of Connect Four with half the counters missing.",
     "Brave. A drawing challenge or a quiz on the board might save you next time."),
    ("s", "Fire drill went off during period {P}. Took about {W} minutes to get everyone out and lined up.",
     "Not bad at all. Worth a quick chat with the class about staying calm."),
    ("s", "{S} and {S2} wound each other up all lesson. I'm separating them tomorrow.",
     "Good call. A quiet word with each one on their own usually works better than a public telling-off."),
    ("s", "{S}'s been absent {W} days this half term.",
     "Worth flagging to attendance and making sure {S:he/she} gets the missed work."),
    ("s", "Staff briefing ran {N} minutes over. I hadn't even done my photocopying.",
     "Hopefully the lesson survived anyway."),
    ("s", "{C} says the Year {YR} assembly has moved to {D}.",
     "Noted, I'll keep that separate from your own dates."),
    ("e", "Lunch duty today: one lost shoe, two grazed knees and a dispute about whose football it was.",
     "A quiet day, by playground standards."),
    ("s", "{C} dropped in to observe today. {C:He/She} said my questioning was strong but I talked too much.",
     "Useful feedback. Try timing your explanations for a week."),
    ("e", "{S} drew me as a dinosaur. It's going on the wall.",
     "It's definitely a compliment."),
    ("s", "New seating plan is in. {W} tables, mixed groups.",
     "Give it a fortnight before you judge it."),
    ("s", "The head sent an email at {T} on a Sunday. [Why.|Who does that.|I despair.]",
     "Schedule-send exists. Read it on Monday."),
    ("e", "{S}'s mum emailed to say they read together every night now.",
     "Lovely. Reply with a thank-you and a book suggestion."),
    ("s", "Wifi went down for the whole of period {P}.",
     "Having an offline backup task saves days like that."),
    ("s", "{C} lent me {C:his/her} laminator. I've laminated everything. Even my timetable.",
     "Dangerous power. Label it so it goes back."),
    ("s", "Somebody took {C}'s yoghurt from the staffroom fridge and now there's been an all-staff email.",
     "The eternal staffroom mystery."),
    ("s", "Thinking of starting a lunchtime chess club. {N} kids have asked already.",
     "Start with one lunchtime a week and see who keeps coming."),
    ("s", "Year {YR} [activities day|enrichment day|sports afternoon] is pencilled in for {D}. [Fingers crossed for good weather.|Should be fun.]",
     "Worth checking whether you're needed for any of it."),
    ("e", "{S} lost a tooth in the middle of my lesson. Total chaos.",
     "Memorable lesson, for the wrong reasons!"),
    ("s", "Behaviour log says {S} had {W} warnings this week. Not like {S:him/her} at all.",
     "Maybe a quiet check-in — sudden changes usually have a reason."),
    ("s", "Corridor display needs redoing. {N} pieces of work to mount before {DAY}.",
     "Double-sided tape and a couple of helpers at lunchtime will get it done."),
    ("s", "Had an accidental debate with Year {YR} about whether homework should exist. They were annoyingly persuasive.",
     "Sounds like a great lesson in argument, even if it wasn't the plan."),
    ("s", "Photocopying allowance is apparently {N} sheets per kid per half term. [Is that normal?|Seems tight.]",
     "It varies a lot. Mini whiteboards and projected questions stretch it."),
    ("s", "{C} is off sick so I've lost my free period to cover.",
     "Hope there's work already set for it."),
    ("s", "Cake sale raised {M} for the library!",
     "Brilliant result."),
    ("s", "{S} told me {S:his/her} hamster is called Professor. I love this job sometimes.",
     "Outstanding hamster name."),
    ("s", "A kid asked if I have a favourite student. I said you're all equally exhausting.",
     "Perfect answer."),
    ("s", "Dinner queue took [twenty|twenty-five|thirty] minutes today; half my class were late back.",
     "Mention it to whoever runs lunch — it's probably happening to others too."),
    ("s", "Can you draft a short email to {C} asking to swap break duty on {DAY}?",
     "'Hi {C}, any chance we could swap break duty on {DAY}? Happy to take one of yours next week. Thanks!'"),
    ("e", "Reminder for me: order more glue sticks. We get through about {N} a week somehow.",
     "Noted. A big box works out cheaper."),
    ("s", "Wrote {N} report comments tonight. Only {NB} to go.",
     "Batches of ten with a break between. Reuse your sentence starters."),
    ("s", "Thinking of trying cold calling instead of hands up.",
     "Give everyone thinking time first, then call names. It keeps it low-stakes."),
    ("s", "Is it overkill to use mini whiteboards every lesson?",
     "Use them when you want a quick whole-class check; skip them for longer tasks."),
    ("s", "The register system logged me out {W} times this morning.",
     "Keep a paper list as backup and report it to IT."),
    ("s", "{C} brought in homemade brownies for the staffroom. Best morning of the term.",
     "That's how you build a team."),
    ("e", "Playground football ban is back after someone kicked a ball onto the roof. The kids are devastated.",
     "It usually gets lifted once the ball comes down."),
    ("s", "Got a thank-you card from {S}'s family today. Nearly cried in the car park.",
     "Keep it in a drawer for the hard days."),
    ("s", "{C} and I are swapping classrooms for period {P} on {DAY} because of a projector problem.",
     "Put a note on the door so nobody wanders to the wrong room."),

    ("t", "{S} cancelled again, that's the third time this month.",
     "Maybe time to put a 24-hour cancellation policy in writing."),
    ("t", "New enquiry from a family in {PL}: they want {W} sessions before the exams.",
     "Ask for a recent test paper first so you know where to start."),
    ("t", "{S} went from a 4 to a 6 on the last past paper!",
     "Great progress. Tell the parents what changed — it reassures them."),
    ("t", "{S} wants to move from {DAY} to {DAY2}.",
     "Check for clashes before you confirm."),
    ("t", "Invoices done for the month: {W} families.",
     "Nice. Keep copies in one folder for the tax return."),
    ("t", "Bus was {N} minutes late and I turned up late at {S}'s.",
     "A quick text whenever you're behind goes a long way."),
    ("t", "Doing my self-assessment this weekend. Dreading it.",
     "Gather invoices and mileage first; the form goes quickly after that."),
    ("t", "{S} forgot {S:his/her} calculator again. I've bought a spare for my bag.",
     "That spare will pay for itself."),
    ("t", "{S}'s dad asked if I could do an extra session on {D}.",
     "If you can fit it in, confirm in writing with the price."),
    ("t", "Spent {M} on highlighters and index cards. That's a business expense, right?",
     "Materials for your work usually are — keep the receipt."),
    ("t", "{S} said my explanation of simultaneous equations was 'actually fine'. High praise.",
     "From a teenager, that's a standing ovation."),
    ("t", "Worked out I'm doing [12|14|16|18] hours of teaching a week plus prep on top.",
     "Track it for a month — it helps when you look at pricing."),
    ("t", "{S} has a mock at school on {D}.",
     "A timed past paper the week before would be good practice."),
    ("t", "Had a trial session with a new kid. Quiet, but sharp.",
     "Quiet and sharp is a lovely combination to teach."),
    ("t", "Parking outside {S}'s house is a nightmare, took [fifteen|twenty|twenty-five] minutes to find a spot.",
     "Maybe ask if you can use their drive."),
    ("t", "{S}'s mum keeps paying in cash and I keep forgetting to log it.",
     "Note it on your phone straight away, before you leave the house."),
    ("t", "Had coffee with {C}, another tutor — {C:he/she}'s got a waiting list of {N} kids. [Jealous.|Goals.]",
     "Word of mouth is everything in tutoring. Yours will build too."),
    ("t", "{S}'s dog greets me at the door every single time with a slipper.",
     "Five-star service."),
    ("t", "{S} asked if we could do the session at the library instead of at home.",
     "Fine if it's quiet enough — check they have a room you can book."),
    ("t", "Printed {NB} pages of past papers at the library. The librarian gave me a look.",
     "A cheap home laser printer might pay for itself."),
    ("t", "{S} is finally showing working instead of just writing answers.",
     "That's the habit that earns marks. Praise it."),
    ("t", "Thinking of making a little parents' newsletter each half term. Too much?",
     "A short one could be nice — three bullet points and any dates."),
    ("t", "{S} fell asleep on the desk during the session. Exam season is brutal.",
     "Maybe a shorter session with a break in the middle."),
]

# --- English dialogs -------------------------------------------------------
# script item: (key, position 0..1 = before the cut, >1 = inside the last 40 messages, user, assistant)
# question: (kind, q, evidence refs "key:u"/"key:a", answers, wrong)
SPEC_EN = [
    {
        "id": "b15-en-01", "lang": "en", "kind": "s", "level": "e", "n": 206,
        "ctx": {
            "students": [P("Ellie", "f"), P("Jayden", "m"), P("Amira", "f"), P("Oscar", "m"), P("Noah", "m"),
                         P("Freya", "f"), P("Zainab", "f"), P("Harvey", "m"), P("Lily-Mae", "f"), P("Callum", "m")],
            "colleagues": [P("Mrs Pickering", "f"), P("Tom Barraclough", "m"), P("Sue", "f"), P("Mr Osei", "m"), P("Gemma", "f")],
            "friends": [P("Katie", "f"), P("Rob", "m"), P("Dan", "m"), P("Jean", "f")],
            "places": [PL("Ilkley Moor"), PL("York"), PL("Harrogate"), PL("Otley"), PL("Scarborough")],
            "city": "Leeds", "years": [1, 2, 3, 4, 6], "months": [4, 5, 6, 7], "me": "f",
        },
        "avoid": ["Eureka", "Okafor", "Priya"],
        "script": [
            ("intro", 0.0, "Hiya! Summer term starts Monday and I want to be organised for once. Year 5 again, 29 of them, same classroom as last year. Can you be my planning buddy for the next few months?",
             "Absolutely. Shall we start with the big dates and work down to the weekly stuff?"),
            ("d_old", 0.04, "Big one first: the Eureka trip is booked for 12 June. Coach leaves school at 8:45 and we're back for home time.",
             "Great. Want a countdown of what needs sorting before then — consent forms, risk assessment, payments?"),
            ("x1", 0.07, "Yes please. Year 6 have their SATs the week of 12 May, so the whole building will be tiptoeing around.",
             "That's a good week to do something calm and practical with your lot."),
            ("u_old", 0.10, "Costing for the trip came back: £14 a head including the coach. I'll send a letter home next week.",
             "That's reasonable. Want me to draft the letter when you're ready?"),
            ("n_old", 0.13, "Other thing — I'm on that two-day maths mastery course in May. Mr Hadley will cover my class while I'm out, which the kids will love because he does magic tricks.",
             "Handy that it's someone they know. Want a cover checklist for him?"),
            ("x2", 0.17, "Year 4 are off to the Royal Armouries on 5 June, so the coach company is slammed that week.",
             "Worth getting your own booking confirmed in writing, then."),
            ("r", 0.21, "Awkward chat at the gate with Mrs Okafor. She asked if Daniel could be excused from swimming this term. I told her no — swimming is statutory, it's part of the national curriculum, so I can't just drop it for one child. I did offer to ask the pool about a private changing cubicle.",
             "That's a fair way to handle it: firm on the requirement, flexible on whatever is making him uncomfortable."),
            ("c", 0.27, "Decision made about the Thursday library slot: we're dropping it and doing paired reading with Year 2 instead. Mrs Pickering's class will come across to us after lunch.",
             "Lovely — good for both year groups. Want a simple pairing sheet?"),
            ("x3", 0.31, "Sports day is fixed for 2 July, with 9 July as the rain date.",
             "Got both. I'll keep them separate from the trip stuff."),
            ("x4", 0.36, "Budget check: I've got £120 left for classroom resources this term. Most of it is going on new reading books.",
             "Good use of it. Maybe keep a little back for trip bits like lanyards?"),
            ("u_new", 0.43, "Ugh. The letter needs redoing — the coach company has put its prices up, so the trip comes to £17.50 per child now. Three parents have already paid the old amount.",
             "Annoying, but better now than later. Ask those three for the difference in the same letter — simpler than chasing separately."),
            ("x5", 0.48, "Tom Barraclough is leaving at Christmas, apparently. He's been here eleven years.",
             "End of an era. Will there be a collection?"),
            ("n_new", 0.54, "Bit of a reshuffle for my course days. Hadley's been nabbed for Year 3 all week because their teacher's on jury service, so Priya Raman will take my lot instead. She's the new ECT — really keen.",
             "That's a nice opportunity for her. Leave very clear plans and the seating chart."),
            ("x6", 0.60, "Our class assembly is 20 June. Parents invited, 9:10 start, and Harvey is doing the introduction.",
             "Plenty of time to rehearse, and Harvey will love the spotlight."),
            ("d_new", 0.70, "Eureka phoned — they'd double-booked the gallery we wanted. We've been bumped back a fortnight, so it's 26 June now. Honestly it works better, it's after the assembly.",
             "That spaces things out nicely. I'll shift the countdown."),
            ("x7", 0.80, "Mrs Pickering wants to take her class to Eureka next year as well and asked what we ended up paying. I said I'd forward the final letter.",
             "Good plan — the letter has everything in it."),
            ("x8", 0.90, "Transition morning for Year 6 going up to secondary is 8 July. I'm lending them my TA for it.",
             "Kind of you — they'll need the extra hands."),
            ("t1", 1.2, "Trip consent forms are nearly all in. Three stragglers, as always.",
             "Nearly there. A text reminder usually does it."),
            ("t2", 1.5, "The reading buddies thing is going brilliantly — the little ones adore their partners.",
             "That's lovely to hear. Worth a photo for the newsletter."),
            ("t3", 1.85, "Last week of term. I can't believe how fast it went.",
             "You've done loads this term. Enjoy the summer!"),
        ],
        "questions": [
            ("name", "Who is covering the teacher's class during the two-day maths mastery course?", ["n_new:u"],
             ["Priya Raman", "Raman"], ["Mr Hadley", "Hadley"]),
            ("number", "How much does the Eureka trip cost per child?", ["u_new:u"], ["£17.50", "17.50"], ["£14"]),
            ("date", "On what date is the class trip to Eureka?", ["d_new:u"], ["26 June"], ["12 June"]),
            ("decision", "What did the teacher decide to do instead of the Thursday library slot?", ["c:u"],
             ["paired reading with Year 2", "paired reading"], []),
            ("reason", "Why did the teacher refuse Mrs Okafor's request to excuse her son from swimming?", ["r:u"],
             ["statutory", "part of the national curriculum"], []),
        ],
    },
    {
        "id": "b15-en-02", "lang": "en", "kind": "t", "n": 160,
        "ctx": {
            "students": [P("Tolu", "m"), P("Kemi", "f"), P("Josh", "m"), P("Isla", "f"), P("Marcus", "m"),
                         P("Aanya", "f"), P("Finn", "m"), P("Grace", "f"), P("Ethan", "m"), P("Poppy", "f")],
            "colleagues": [P("Nadia", "f"), P("Greg", "m"), P("Lou", "f"), P("Sameer", "m")],
            "friends": [P("Jess", "f"), P("Alex", "m"), P("Priti", "f"), P("Ollie", "m")],
            "places": [PL("Clifton"), PL("Bedminster"), PL("Bath"), PL("Weston-super-Mare"), PL("Keynsham")],
            "city": "Bristol", "years": [7, 8, 9, 10, 12], "months": [1, 2, 3], "me": "m",
        },
        "avoid": ["Harriet", "Lewis"],
        "script": [
            ("intro", 0.0, "Right, new term, new timetable. Nine regular students this term — mostly GCSE maths, two doing A-level physics. Help me keep my head straight?",
             "Of course. Want to start with the weekly schedule and the key exam dates?"),
            ("u_old", 0.04, "First thing: pricing. I'm thinking £38 an hour for new students from this term; existing families stay on what they pay now.",
             "Sensible to protect the existing families. Want a short message template to announce it?"),
            ("d_old", 0.08, "I want to run a full practice mock for my Year 11s — properly timed, in the library study room. Pencilling in 8 March.",
             "Good timing before the real thing. I'll put together a checklist: papers, timings, mark schemes."),
            ("c_old", 0.12, "For Year 11 revision I'm going to build everything around the CGP workbooks. They already know the format from school.",
             "Familiar format helps. Do you want the workbook sections mapped to your weeks?"),
            ("name", 0.17, "New A-level student started this week: Harriet Cole, Year 12, physics. Very bright, hates circuits with a passion.",
             "A common complaint. Circuits usually click with the right analogy — water in pipes works for a lot of students."),
            ("x1", 0.21, "Nadia, the chemistry tutor I share the library room with, is running her own mocks on 1 March.",
             "Worth checking you two don't clash on room bookings."),
            ("r", 0.26, "The Lewis family asked for a Sunday slot. I said no — I volunteer at the food bank on Sunday mornings and I'm not giving that up. Offered them Saturday afternoon instead.",
             "Good boundary. Saturday afternoon is a fair alternative."),
            ("x2", 0.30, "Kemi's school has a parents' evening on 26 February and her mum wants a two-line update from me before then.",
             "Easy enough: one strength, one focus area."),
            ("u_new", 0.36, "Okay, I've done some research on local rates and I was underpricing myself. Forget the number I gave earlier — for new families this term I'm charging £45 an hour.",
             "That sounds in line with the area. Want to update your website wording too?"),
            ("x3", 0.41, "Josh's little sister might start in April. That would make eleven students, which is about my limit.",
             "Good to know your ceiling before you hit it."),
            ("d_mid", 0.47, "The Year 11 mock has to shift — half of them are on a DofE expedition that weekend. Pushing it to 15 March.",
             "Fine, still time to go over the results before Easter."),
            ("c_new", 0.55, "Binned the workbook plan. Corbettmaths practice sets are free, there are loads of them, and this lot need volume more than anything. So that's what we're using.",
             "Makes sense, and it saves the parents money."),
            ("x4", 0.60, "Marcus's school mock is 11 March, so ours will be a nice follow-up.",
             "Two mocks close together — good practice for exam stamina."),
            ("d_new", 0.68, "Right, one more move and then it's set in stone: the library can't give me the room on the 15th, so the mock is now 22 March, 9:30 start.",
             "Got it. Treating that as final."),
            ("x5", 0.76, "Spent £23 on a box of blank answer booklets. Cheaper than printing them.",
             "Good find."),
            ("x6", 0.86, "Greg, one of the other tutors, wants to split the cost of a proper whiteboard for the library room. £60 each.",
             "Reasonable if you both use it every week."),
            ("t1", 1.3, "Mock marked. The average went up almost a whole grade since the autumn.",
             "That's a brilliant result — worth sharing with the parents."),
            ("t2", 1.75, "Easter break soon. I'm planning three full days of doing absolutely nothing.",
             "Well earned."),
        ],
        "questions": [
            ("name", "What is the name of the new Year 12 physics student who started early in the term?", ["name:u"],
             ["Harriet Cole"], []),
            ("number", "What hourly rate is the tutor charging new families this term?", ["u_new:u"],
             ["£45 an hour", "£45"], ["£38"]),
            ("date", "When is the Year 11 practice mock?", ["d_new:u"], ["22 March"], ["8 March", "15 March"]),
            ("decision", "Which resource did the tutor decide to build the Year 11 revision around?", ["c_new:u"],
             ["Corbettmaths practice sets", "Corbettmaths"], ["CGP workbooks", "CGP"]),
            ("reason", "Why did the tutor turn down the Lewis family's request for a Sunday slot?", ["r:u"],
             ["food bank"], []),
        ],
    },
    {
        "id": "b15-en-03", "lang": "en", "kind": "s", "level": "h", "n": 216,
        "ctx": {
            "students": [P("Kacper", "m"), P("Leah", "f"), P("Mohammed", "m"), P("Sophie", "f"), P("Tyler", "m"),
                         P("Hana", "f"), P("Reece", "m"), P("Chloe", "f"), P("Bilal", "m"), P("Megan", "f")],
            "colleagues": [P("Mr Whitworth", "m"), P("Sanjay", "m"), P("Lorraine", "f"), P("Ms Adeyemi", "f"), P("Dave from IT", "m")],
            "friends": [P("Nat", "f"), P("Sam", "m"), P("Becky", "f"), P("Joe", "m")],
            "places": [PL("the Peak District"), PL("Blackpool"), PL("Liverpool"), PL("Chorlton"), PL("Hebden Bridge")],
            "city": "Manchester", "years": [7, 9, 11, 12], "months": [9, 10, 11, 12], "me": "m",
        },
        "avoid": ["Ellis", "Outsiders", "Craig"],
        "script": [
            ("intro", 0.0, "Morning! First week back. I've got two Year 10 groups, a Year 8 class, and I'm co-running the school play this year. It's going to be a lot.",
             "Let's keep it manageable. Want a running list of dates and decisions?"),
            ("n_old", 0.04, "The play's an adaptation of The Wind in the Willows. I'm co-directing with Craig from drama — he does staging, I do the script and line-learning.",
             "Nice split. Want a rehearsal schedule template?"),
            ("d_old", 0.08, "Year 10 parents' evening is 14 November, 4 till 7. Predicted grades have to be in before that.",
             "I'll remind you to have the predictions done a week ahead."),
            ("c", 0.12, "Year 8 novel: I've gone back and forth for ages, but we're doing The Outsiders rather than Holes. It fits the identity unit much better.",
             "Good choice — there's loads to discuss in it."),
            ("u", 0.16, "Ordered 32 copies of the Year 8 class novel today — thirty kids plus two spares for the ones who will inevitably lose theirs.",
             "Wise to have spares."),
            ("x1", 0.20, "Year 7 parents' evening is 7 November. Not mine, but I'm helping on the sign-in desk.",
             "Noted as a helping job, not your own evening."),
            ("r", 0.25, "Ellis's dad emailed asking me to re-mark his essay and bump the grade. I've said no: it was already moderated by the department, and I can't overrule that on my own. Offered to go through the feedback with Ellis instead.",
             "That's clear and fair, and the offer keeps the door open."),
            ("x2", 0.30, "Mr Whitworth wants the Year 10 mock results entered by 28 November.",
             "Tight, but doable if you mark as you go."),
            ("x3", 0.35, "Auditions for the play were today. 41 kids turned up! We need about 25.",
             "Great problem to have. Maybe a chorus for everyone else?"),
            ("n_new", 0.42, "Craig's baby came three weeks early! He's on paternity leave from today, so Ms Fenwick from the English department is stepping in as co-director. She's done panto before, so we're in good hands.",
             "Congratulations to him! And good that the play has a safe pair of hands."),
            ("x4", 0.48, "Lorraine asked whether I'd swap my Year 8 lesson on Friday period 5 for her period 2. Said yes.",
             "Noted for Friday."),
            ("d_new", 0.56, "SLT email just landed: Year 10 parents' evening won't be on the 14th after all — it clashed with the mock exam timetable — so it's been pushed to 21 November. Same times.",
             "That gives you an extra week for predictions."),
            ("x5", 0.64, "Dress rehearsal is 10 December, performances 11 and 12 December.",
             "Busy week. I'll keep that whole week clear in your notes."),
            ("x6", 0.72, "Ms Adeyemi asked if I'd take her Year 9 group for a couple of lessons while she's on a course. I said yes to one, not both.",
             "Good compromise."),
            ("x7", 0.80, "Costume budget for the play is £150. The Toad costume alone could eat half of it.",
             "Charity shops and the drama cupboard first."),
            ("x8", 0.88, "Kacper finished the Year 8 novel in one weekend and wants to know if the author wrote anything else.",
             "She did — Rumble Fish is a good next step for him."),
            ("t1", 1.25, "Rehearsal was chaos today, but the Toad scene is genuinely hilarious.",
             "That's usually a good sign at this stage."),
            ("t2", 1.6, "Predicted grades are finally in. I need a nap.",
             "Take it!"),
            ("t3", 1.9, "Show's done! Two full houses.",
             "Congratulations — that's a huge achievement."),
        ],
        "questions": [
            ("name", "Who is co-directing the school play with the teacher now?", ["n_new:u"],
             ["Ms Fenwick", "Fenwick"], ["Craig"]),
            ("number", "How many copies of the Year 8 class novel did the teacher order?", ["u:u"], ["32 copies", "32"], []),
            ("date", "When is the Year 10 parents' evening?", ["d_new:u"], ["21 November"], ["14 November"]),
            ("decision", "Which novel did the teacher choose for Year 8?", ["c:u"], ["The Outsiders"], []),
            ("reason", "Why did the teacher refuse to re-mark Ellis's essay?", ["r:u"],
             ["moderated by the department", "moderated"], []),
        ],
    },
    {
        "id": "b15-en-04", "lang": "en", "kind": "s", "level": "h", "n": 176,
        "ctx": {
            "students": [P("Rhys", "m"), P("Ffion", "f"), P("Tomos", "m"), P("Seren", "f"), P("Kieran", "m"),
                         P("Anwen", "f"), P("Dylan", "m"), P("Lowri", "f"), P("Jake", "m"), P("Cerys", "f")],
            "colleagues": [P("Mr Pritchard", "m"), P("Sian", "f"), P("Owain", "m"), P("Mrs Jenkins", "f"), P("Ravi", "m")],
            "friends": [P("Elin", "f"), P("Huw", "m"), P("Gethin", "m"), P("Nia", "f")],
            "places": [PL("Penarth"), PL("Brecon"), PL("the Gower"), PL("Barry Island"), PL("Swansea")],
            "city": "Cardiff", "years": [7, 8, 10, 12], "months": [1, 2, 3], "me": "f",
        },
        "avoid": ["Gareth", "Bethan", "Techniquest", "S2", "S4"],
        "script": [
            ("intro", 0.0, "Hi! Spring term in the science department. I've got a new Year 9 set plus my usual Year 11s and a Year 7 group. Let's get organised before it all runs away from me.",
             "Ready when you are. Dates first, or rooms and resources?"),
            ("n_old", 0.04, "Practical prep all goes through Gareth, our technician — requisition forms to him by Thursday for the following week.",
             "Good. I'll remind you on Wednesdays."),
            ("c_old", 0.08, "Rooms: the plan is to move Year 9 into Lab S4 after half term so they get the fume cupboards for the chemistry unit.",
             "Makes sense for that unit."),
            ("u", 0.12, "The department's given me £260 for consumables this term. That has to cover Year 9 and Year 11 practicals.",
             "Tight but doable if the big practicals are planned first."),
            ("d", 0.16, "Year 11 required practical write-ups are due 7 February. No extensions — the exam board deadline comes straight after.",
             "Noted. I'll nudge you to nudge them."),
            ("r", 0.21, "Year 9 trip: it was between Techniquest and the zoo. Going with Techniquest, because they run a free workshop on electricity that matches our unit exactly.",
             "Easy choice then — relevant and free."),
            ("x1", 0.26, "Owain's running the Year 10 trip to Big Pit on 12 March.",
             "Noted as his trip, not yours."),
            ("x2", 0.30, "Mr Pritchard wants Year 11 predicted grades by 14 February.",
             "Another one for the calendar."),
            ("x3", 0.35, "Bought a class set of safety goggles out of my own pocket — £38. Don't tell Huw.",
             "Your secret is safe. Keep the receipt, though; the department might pay you back."),
            ("n_new", 0.42, "Sad news: Gareth's leaving on Friday — he's got a job at the university. His replacement starts Monday: Bethan Lloyd. She's come from a school in Newport.",
             "At least there's no gap. Worth introducing yourself early."),
            ("x4", 0.48, "Bethan says requisitions now need to be in by Wednesday lunchtime, not Thursday.",
             "Noted — I'll move your reminder to Tuesdays."),
            ("c_new", 0.55, "U-turn on rooms: after the fume cupboard inspection, we agreed Year 9 stay put in S2 and the other lab goes to the Year 7s instead.",
             "Fair enough — less disruption for Year 9 as well."),
            ("x5", 0.62, "The Techniquest trip is confirmed for 60 students on two coaches.",
             "Great. Risk assessment next?"),
            ("x6", 0.70, "Year 7 parents' evening is 5 March. I'm seeing about forty families.",
             "That's a long evening — bring snacks."),
            ("x7", 0.80, "Ravi's going on paternity leave in March, so I might pick up one of his Year 12 classes.",
             "Worth asking for his scheme of work early."),
            ("t1", 1.3, "The Year 9s did the electrolysis practical today without setting anything on fire. Growth.",
             "A win is a win."),
            ("t2", 1.75, "Half the consumables money is gone already. Where does it all go?",
             "Mostly on practicals that run twice. Worth checking what can be shared between classes."),
        ],
        "questions": [
            ("name", "Who is the technician handling practical prep now?", ["n_new:u"], ["Bethan Lloyd", "Lloyd"], ["Gareth"]),
            ("number", "How much money did the department give the teacher for consumables this term?", ["u:u"],
             ["£260", "260"], []),
            ("date", "When are the Year 11 required practical write-ups due?", ["d:u"], ["7 February"], []),
            ("decision", "Which lab did they finally agree the Year 9 set will be taught in?", ["c_new:u"],
             ["S2"], ["Lab S4", "S4"]),
            ("reason", "Why did the teacher choose Techniquest over the zoo for the Year 9 trip?", ["r:u"],
             ["free workshop on electricity", "free workshop"], []),
        ],
    },
]

# --- Russian filler talk ---------------------------------------------------
POOL_RU = [
    ("a", "[Не по работе, но|Совсем не про школу:|Вопрос из жизни:] что приготовить на ужин за {N:минуту/минуты/минут}? В холодильнике яйца, кабачок и кусок сыра.",
     "Кабачковые оладьи или омлет с кабачком и сыром — минут пятнадцать, не больше."),
    ("a", "{F} {F:женится/выходит замуж} {D}, а меня попросили сказать тост. Я совершенно не умею говорить красиво.",
     "Одна короткая история и одно пожелание — больше и не нужно. Хотите, набросаем вместе?"),
    ("a", "Машину опять в сервис. Насчитали [4500|6200|7800] рублей за колодки. [Прекрасно.|Как вовремя.|Ну конечно.]",
     "Неприятно. Может, спросить цену ещё в одном сервисе для сравнения?"),
    ("a", "В выходные выбрались с {F.ins} {PL.dir}. Прошли километров {K}, ноги гудят.",
     "Отличная перезагрузка перед неделей. Вечером — горячая ванна."),
    ("a", "Посоветуй подкаст в дорогу, ехать [минут двадцать|минут сорок|почти час] в одну сторону.",
     "Лучше что-то с короткими выпусками — истории, научпоп. Могу предложить пару вариантов."),
    ("a", "Соседи начали сверлить [в семь утра|в восемь утра|в половине восьмого]. В воскресенье! Я не {ME:выспался/выспалась}.",
     "Сочувствую. Постарайтесь сегодня лечь пораньше."),
    ("a", "У {F.gen} день рождения {D}. Что подарить человеку, который говорит «мне ничего не надо»?",
     "Впечатление: билеты на концерт, мастер-класс или поездку вместе."),
    ("a", "{ME:Сделал/Сделала} прививку от гриппа, рука как чужая.",
     "Это нормально, пару дней поболит. Берегите себя."),
    ("a", "{ME:Начал/Начала} бегать по утрам. Неделя {W}, пока не {ME:бросил/бросила}!",
     "Самое трудное позади — дальше втянетесь."),
    ("a", "{W:день/дня/дней} подряд без солнца. Я уже забыл{ME:/а}, как оно выглядит.",
     "Зато проверять тетради в такую погоду как-то уютнее."),
    ("a", "{ME:Нашёл/Нашла} в кармане старой куртки {M}. Лучшая новость недели.",
     "Потратьте на что-нибудь приятное и совершенно бесполезное."),
    ("a", "Разбил{ME:/а} экран телефона. Ремонт — [6500|8900|9900] рублей.",
     "Проверьте, не покрывает ли это страховка карты."),
    ("a", "Вчера вместо проверки тетрадей {ME:смотрел/смотрела} документалку про осьминогов. Не жалею.",
     "Осьминоги — уважительная причина."),
    ("a", "{F} зовёт на дачу на выходные. Ехать или сидеть с работой?",
     "Ехать. Работа никуда не денется, а на свежую голову всё делается быстрее."),
    ("a", "Читаю детектив, который {F:посоветовал/посоветовала} {F}. Уже {NB}-я страница, не могу оторваться.",
     "Главное — не читать до трёх ночи перед рабочим днём."),
    ("a", "Кот сбросил со стола стопку тетрадей. На одной теперь отпечаток лапы.",
     "Ну, это тоже своего рода отзыв."),
    ("a", "Купил{ME:/а} наконец нормальный рюкзак вместо двух пакетов. Спина говорит спасибо.",
     "Отличное вложение."),
    ("a", "Мама зовёт на обед в воскресенье, а у меня {W:дело/дела/дел} к понедельнику. Совесть мучает.",
     "Съездите на обед и уезжайте сразу после — а вечером сделайте два самых срочных."),
    ("a", "Дай идею для разминки в начале занятия, минут на пять.",
     "«Найди лишнее»: четыре слова или картинки, надо выбрать лишнее и объяснить почему. Без подготовки."),
    ("s", "Стопка на проверку: {NB:работа/работы/работ}, проверено {N}. Спасите.",
     "Таймер на 25 минут, потом перерыв. И начните с коротких — для разгона."),
    ("a", "Как написать комментарий {S.dat}? {S:Он/Она} очень старается, а результата нет.",
     "Отметьте одну конкретную вещь, которая стала лучше, и дайте один следующий шаг. Коротко."),
    ("a", "{S} сдал{S:/а} домашку на {W:день/дня/дней} позже, с запиской от мамы.",
     "В этот раз примите, отметьте себе и аккуратно спросите, всё ли в порядке."),
    ("s", "Принтер зажевал бумагу, а мне к {T} нужно сделать {NB:копию/копии/копий}.",
     "Попробуйте другой принтер, а если никак — выведите задание на экран, пусть решают в тетрадях."),
    ("a", "{S} спросил{S:/а}, зачем вообще это учить. Я что-то {ME:промямлил/промямлила}.",
     "Честный ответ работает: это тренирует мышление. И добавьте один пример, который им правда интересен."),
    ("a", "Сегодня был момент: {S} наконец понял{S:/а} и сам{S:/а} объяснил{S:/а} {S2.dat}.",
     "Ради таких моментов и работаем. Пусть {S} в следующий раз проведёт повторение."),
    ("a", "Нужна идея для рефлексии в конце, кроме смайликов.",
     "«Билет на выход»: одно, что понял, и один вопрос. Потом разложить по стопкам и учесть в следующий раз."),
    ("a", "Нужно домашнее задание минут на [пятнадцать|двадцать|тридцать], без распечаток.",
     "Короткая самопроверка: десять вопросов на доске, смешать старую и новую тему."),
    ("a", "Сегодня выпил{ME:/а}, кажется, {W:кружку/кружки/кружек} кофе.",
     "Учительская система жизнеобеспечения."),
    ("a", "{ME:Потратил/Потратила} {W:час/часа/часов} на карточки, а сделали их за десять минут.",
     "Зато на следующий год всё готово."),
    ("a", "Почерк на доске у меня всё хуже. {S} сказал{S:/а}, что похоже на кардиограмму.",
     "Жёстко, но метко. Можно печатать ключевые пункты и меньше писать от руки."),
    ("a", "Дай загадку на конец урока, что-нибудь простое.",
     "«Что можно увидеть с закрытыми глазами?» — Сон. Дёшево и сердито."),
    ("a", "Три начала фраз для взаимооценки, пожалуйста.",
     "«Мне понравилось, что…», «Было бы ещё лучше, если…», «Я не совсем понял…»."),
    ("a", "{S} хочет стать ветеринаром, блогером и космонавтом. Именно в таком порядке.",
     "Разумно — все варианты закрыты."),
    ("a", "Ноутбук сел посреди презентации. Пришлось маркером по доске, по-старинке.",
     "Иногда так даже лучше заходит."),
    ("a", "Банка с запасными ручками опять пустая. Куда они деваются?",
     "Туда же, куда и вторые носки."),
    ("a", "Надо перестать отвечать на сообщения [в одиннадцать вечера|после десяти вечера|в полночь].",
     "Поставьте себе время отбоя для телефона — после него только срочное."),
    ("a", "Не знаешь, как по-быстрому отмыть маркер с куртки?",
     "Спирт или антисептик на ватный диск, промокать, не тереть. Потом обычная стирка."),

    ("s", "Дежурил{ME:/а} сегодня в столовой. Потерянная сменка, пролитый компот и спор из-за булочки.",
     "По меркам столовой — спокойный день."),
    ("s", "Учебная тревога посреди {P}-го урока. Построились за {W:минуту/минуты/минут}.",
     "Неплохо. Можно потом коротко обсудить с классом, что получилось."),
    ("s", "{S} и {S2} весь урок друг друга заводили. Завтра рассажу.",
     "Правильно. И поговорите с каждым отдельно, без публики."),
    ("s", "{S} пропустил{S:/а} уже {W:день/дня/дней} в этой четверти.",
     "Стоит сообщить социальному педагогу и проследить, чтобы {S:он/она} получил{S:/а} задания."),
    ("s", "Планёрка затянулась на {N:минуту/минуты/минут}, я даже распечатать ничего не {ME:успел/успела}.",
     "Надеюсь, урок всё равно получился."),
    ("s", "{C} сказал{C:/а}, что линейку для {YR}-х классов переносят на {D}.",
     "Записано отдельно от ваших собственных дат."),
    ("s", "{C} сегодня сидел{C:/а} у меня на уроке. Сказал{C:/а}, что вопросы хорошие, но я много говорю.",
     "Полезное замечание. Попробуйте засекать время на объяснение."),
    ("s", "{S} нарисовал{S:/а} меня в виде динозавра. Повешу над столом.",
     "Это однозначно комплимент."),
    ("s", "Директор прислала письмо в {T} в воскресенье. [Зачем.|Ну вот кто так делает.|Без комментариев.]",
     "Прочитаете в понедельник — ничего не случится."),
    ("e", "Мама {S.gen} написала, что теперь они читают вместе каждый вечер.",
     "Как приятно. Ответьте спасибо и посоветуйте книгу."),
    ("s", "Интернет в школе лёг на весь {P}-й урок.",
     "Всегда полезно иметь запасной вариант без техники."),
    ("s", "Кто-то съел йогурт {C.gen} из холодильника в учительской. Разбирательство на весь этаж.",
     "Вечная загадка учительских холодильников."),
    ("s", "Хочу открыть шахматный кружок после уроков, уже {N:человек/человека/человек} записались.",
     "Начните с одного раза в неделю и посмотрите, кто останется."),
    ("s", "Спортивный праздник у {YR}-х классов назначили на {D}. [Только бы погода не подвела.|Надеюсь, никто не заболеет.]",
     "Хорошо бы заранее узнать запасной план."),
    ("e", "У {S.gen} прямо на уроке выпал зуб. Урок сорван, все в восторге.",
     "Запоминающийся урок!"),
    ("s", "Стенд в коридоре надо обновить — {N:работа/работы/работ} развесить до {DAY.gen}.",
     "Двусторонний скотч и пара помощников на перемене — и готово."),
    ("s", "Ярмарка выпечки собрала {M} на новые книги для библиотеки!",
     "Отличный результат."),
    ("s", "{C} заболел{C:/а}, мне поставили замену в {YR}-м классе.",
     "Надеюсь, хоть с готовым заданием."),
    ("s", "В столовой простояли [минут двадцать|почти полчаса|минут двадцать пять], половина класса опоздала на урок.",
     "Стоит сказать тому, кто отвечает за питание, — наверняка не только у вас так."),
    ("s", "{S} рассказал{S:/а}, что хомяка у {S:него/неё} зовут Профессор. Люблю эту работу.",
     "Блестящее имя для хомяка."),
    ("s", "Электронный журнал опять висит. Оценки за неделю ставил{ME:/а} {N:минуту/минуты/минут}.",
     "Может, заполнять понемногу каждый день?"),
    ("s", "Родительский чат опять обсуждает сменку. {NB:сообщение/сообщения/сообщений} за вечер.",
     "Может, закрепить правило в шапке чата и не отвечать на повторы?"),
    ("s", "На классном часе про профессии {S} заявил{S:/а}, что будет дрессировщиком дельфинов.",
     "Отличная мечта, и редкая."),
    ("s", "{C} {C:принёс/принесла} в учительскую пирог с капустой. Лучшее утро четверти.",
     "Вот так и строится коллектив."),
    ("s", "Мы с {C.ins} меняемся кабинетами на {P}-м уроке в {DAY.acc}: у меня проектор барахлит.",
     "Повесьте записку на дверь, чтобы никто не потерялся."),
    ("s", "Семья {S.gen} передала открытку со спасибо. Чуть не {ME:расплакался/расплакалась} на парковке.",
     "Сохраните её в ящике для трудных дней."),
    ("s", "Напомни купить маркеры для доски, они заканчиваются с бешеной скоростью.",
     "Записано: маркеры. Большая упаковка выйдет дешевле."),
    ("s", "Сколько можно давать на самостоятельную в {YR}-м классе, чтобы не перегрузить?",
     "Обычно 15–20 минут хватает, если задания разной сложности."),
    ("s", "Сегодня в {YR}-м классе случайно вышел спор, нужна ли вообще домашка. Они были очень убедительны.",
     "Отличный урок аргументации, хоть и незапланированный."),
    ("s", "Проектор в кабинете опять показывает всё в зелёном цвете.",
     "Проверьте кабель — чаще всего дело в нём."),
    ("s", "{ME:Отпросил/Отпросила} {S.acc} с последнего урока на соревнования, а {S:он/она} забыл{S:/а} форму.",
     "Классика. Может, в школе найдётся запасная?"),

    ("t", "{S} опять отменил{S:/а} занятие, уже третий раз за месяц.",
     "Пора ввести правило: отмена меньше чем за сутки — оплачивается."),
    ("t", "Новая заявка из {PL.gen}: хотят {W:занятие/занятия/занятий} до экзамена.",
     "Попросите сначала недавнюю пробную работу — поймёте, с чего начинать."),
    ("t", "{S} на школьном пробнике {S:набрал/набрала} на {N:балл/балла/баллов} больше, чем в прошлый раз!",
     "Отличный рост. Расскажите родителям, что сработало."),
    ("t", "{S} просит перенести занятия с {DAY.gen} на {DAY2.acc}.",
     "Сначала проверьте, нет ли пересечений, потом подтверждайте."),
    ("t", "Закрыл{ME:/а} месяц: оплата пришла от {W:семьи/семей/семей}, две ещё должны.",
     "Хорошо. Напомнить должникам можно одним вежливым сообщением."),
    ("t", "Автобус опоздал на {N:минуту/минуты/минут}, я приехал{ME:/а} к {S.dat} позже.",
     "Короткое сообщение заранее всегда выручает — родители это ценят."),
    ("t", "Сформировал{ME:/а} чеки в приложении для самозанятых за весь месяц. Скучнее занятия не придумаешь.",
     "Зато порядок. Можно делать это сразу после каждой оплаты."),
    ("t", "{S} опять забыл{S:/а} тетрадь со словами. {ME:Купил/Купила} запасную.",
     "Запасная быстро окупится."),
    ("t", "Папа {S.gen} спросил, можно ли добавить занятие {D}.",
     "Если есть окно — подтвердите письменно и сразу с ценой."),
    ("t", "{ME:Потратил/Потратила} {M} на карточки и маркеры. Это же расходы на работу?",
     "Да, и чеки лучше сохранить."),
    ("t", "{S} сказал{S:/а}, что моё объяснение Present Perfect было «вообще норм». Высшая похвала.",
     "От подростка — это овация."),
    ("t", "Посчитал{ME:/а}: [12|14|16|18] часов занятий в неделю, плюс подготовка сверху.",
     "Полезно отслеживать — пригодится, когда будете пересматривать цены."),
    ("t", "Пробное занятие с новеньким: молчаливый, но схватывает быстро.",
     "Отличное сочетание — с таким приятно работать."),
    ("t", "У {S.gen} дома собака, которая каждый раз приносит мне тапок.",
     "Вот это сервис."),
    ("t", "{S} пишет эссе всё лучше, но связки у {S:него/неё} до сих пор только firstly и secondly.",
     "Дайте список из десяти связок и пусть вычёркивает использованные."),
    ("t", "{ME:Встретился/Встретилась} с {C.ins}, {C:он/она} тоже репетирует. У {C:него/неё} очередь из {N:ученика/учеников/учеников}.",
     "Сарафанное радио решает всё. У вас тоже так будет."),
    ("t", "{S} уснул{S:/а} прямо на занятии. Сезон пробников — жестокая вещь.",
     "Может, сделать занятие короче и с перерывом посередине."),
    ("t", "Думаю раз в месяц рассылать родителям короткий отчёт. Не слишком?",
     "Если коротко — три пункта и даты, — родители будут только рады."),
    ("t", "{S} наконец начал{S:/а} расписывать решение, а не писать только ответ.",
     "Это как раз то, за что дают баллы. Обязательно похвалите."),
    ("t", "Распечатал{ME:/а} {NB:страницу/страницы/страниц} вариантов в копицентре. Дешевле купить свой принтер, кажется.",
     "Если печатаете каждую неделю — скорее всего, да."),
]

# --- Russian dialogs -------------------------------------------------------
SPEC_RU = [
    {
        "id": "b15-ru-01", "lang": "ru", "kind": "s", "level": "h", "n": 190,
        "ctx": {
            "students": [P("Амир|Амира|Амиру|Амира|Амиром", "m"), P("Дина|Дины|Дине|Дину|Диной", "f"),
                         P("Рустам|Рустама|Рустаму|Рустама|Рустамом", "m"), P("Камила|Камилы|Камиле|Камилу|Камилой", "f"),
                         P("Егор|Егора|Егору|Егора|Егором", "m"), P("Алсу|Алсу|Алсу|Алсу|Алсу", "f"),
                         P("Тимофей|Тимофея|Тимофею|Тимофея|Тимофеем", "m"), P("Лейла|Лейлы|Лейле|Лейлу|Лейлой", "f"),
                         P("Марат|Марата|Марату|Марата|Маратом", "m"), P("Вика|Вики|Вике|Вику|Викой", "f")],
            "colleagues": [P("Гульнара Ильдаровна|Гульнары Ильдаровны|Гульнаре Ильдаровне|Гульнару Ильдаровну|Гульнарой Ильдаровной", "f"),
                           P("Светлана Петровна|Светланы Петровны|Светлане Петровне|Светлану Петровну|Светланой Петровной", "f"),
                           P("Ильнур Маратович|Ильнура Маратовича|Ильнуру Маратовичу|Ильнура Маратовича|Ильнуром Маратовичем", "m"),
                           P("Наталья Андреевна|Натальи Андреевны|Наталье Андреевне|Наталью Андреевну|Натальей Андреевной", "f"),
                           P("Роберт Фаридович|Роберта Фаридовича|Роберту Фаридовичу|Роберта Фаридовича|Робертом Фаридовичем", "m")],
            "friends": [P("Айгуль|Айгуль|Айгуль|Айгуль|Айгуль", "f"), P("Лена|Лены|Лене|Лену|Леной", "f"),
                        P("Рамиль|Рамиля|Рамилю|Рамиля|Рамилем", "m"), P("Оля|Оли|Оле|Олю|Олей", "f")],
            "places": [PL("Иннополис|в Иннополисе|в Иннополис|Иннополиса"), PL("Елабуга|в Елабуге|в Елабугу|Елабуги"),
                       PL("Зеленодольск|в Зеленодольске|в Зеленодольск|Зеленодольска"),
                       PL("Набережные Челны|в Набережных Челнах|в Набережные Челны|Набережных Челнов"),
                       PL("Лаишево|в Лаишеве|в Лаишево|Лаишева")],
            "city": "Казань", "years": [5, 6, 8, 9, 10], "months": [4, 5], "me": "f",
        },
        "avoid": ["Свияжск", "Арсени", "Тимур", "Марин"],
        "script": [
            ("intro", 0.0, "Привет! Начинается последняя четверть. У меня классное руководство в 7 «Б» и история в трёх седьмых классах. Помоги не утонуть, ладно?",
             "Конечно. Давайте начнём с главных событий четверти, а потом разберём текучку."),
            ("d_old", 0.04, "Главное событие — экскурсия в Свияжск с классом. Договорилась на 18 мая, выезд в восемь утра от школы.",
             "Отлично. Составлю список, что нужно успеть до поездки: согласия, списки, инструктаж."),
            ("u_old", 0.08, "По деньгам выходит по 1500 рублей с человека — автобус плюс экскурсовод. Завтра скину родителям в чат.",
             "Хорошо, могу помочь с текстом объявления."),
            ("n_old", 0.12, "С 22 по 24 апреля я на курсах повышения квалификации. Уроки в 7 «Б» за меня проведёт Марина Игоревна, она тоже историк.",
             "Удобно. Оставить ей поурочные планы и рассадку?"),
            ("x1", 0.16, "ВПР по истории у седьмых поставили на 25 апреля, вторым уроком.",
             "Тогда в середине апреля стоит устроить пробную работу."),
            ("c", 0.20, "Решили с классом: итоговый проект по Смутному времени — стенгазета. Никаких презентаций, стенгазеты рисуют группами по четыре человека и защищают на последнем уроке.",
             "Хороший формат, особенно для групповой работы."),
            ("x2", 0.24, "У 7 «А» экскурсия в Болгар 11 мая, их везёт Наталья Андреевна.",
             "Записано как их поездка, не ваша."),
            ("r", 0.29, "Мама Арсения просила, чтобы он написал контрольную отдельно, через неделю после всех. Отказала: задания одинаковые у обеих групп, и после пятницы их уже все знают. Предложила писать вместе со всеми, но с дополнительным временем.",
             "Справедливо, и хорошо, что предложили альтернативу."),
            ("x3", 0.33, "Гульнара Ильдаровна попросила сдать планы воспитательной работы до 30 апреля.",
             "Поставлю напоминание за пару дней."),
            ("u_new", 0.39, "Перевозчик прислал новый счёт — говорят, бензин подорожал, так что выходит уже по 1800 рублей с ребёнка. Придётся переписывать объявление и извиняться в чате.",
             "Неприятно, но лучше сейчас, чем после сбора. Могу набросать вежливый текст."),
            ("x4", 0.44, "В чате уже трое родителей скинули деньги по старой цене, буду собирать с них разницу.",
             "Можно отдельной строкой в том же объявлении — так проще."),
            ("n_new", 0.50, "Планы поменялись: Марину Игоревну отправляют сопровождать олимпиадников в Москву как раз на те дни, когда у меня курсы. Так что мои уроки возьмёт Тимур Ринатович. Он молодой, но дети его любят.",
             "Тогда особенно важно оставить подробные планы."),
            ("x5", 0.56, "Итоговая контрольная по истории у моих — 20 мая.",
             "Записано."),
            ("d_new", 0.64, "Со Свияжском накладка: на 18-е у них всё занято, там какой-то фестиваль. Нам предложили 25 мая, я согласилась, родителям уже написала.",
             "Хорошо, что быстро договорились. Остальное по плану?"),
            ("x6", 0.72, "Последний звонок у одиннадцатых 23 мая, мои поют на линейке. Репетиции по вторникам.",
             "Чудесно. Песню уже выбрали?"),
            ("x7", 0.80, "Ильнур Маратович предлагает в следующем году свозить класс в Елабугу. Пока только разговоры.",
             "Можно вернуться к этому осенью."),
            ("x8", 0.88, "Родители скинулись на подарки к концу года по 300 рублей, ответственная — мама Дины.",
             "Отлично, что кто-то взял это на себя."),
            ("t1", 1.25, "Согласия на поездку почти все собрала, осталось двое.",
             "Почти всё! Можно напомнить лично."),
            ("t2", 1.6, "Защитили проекты! Одна группа даже костюмы сделала.",
             "Вот это вовлечённость!"),
            ("t3", 1.9, "Всё, последняя неделя. Журнал почти закрыт.",
             "Поздравляю с финишем четверти!"),
        ],
        "questions": [
            ("name", "Кто проведёт уроки в 7 «Б», пока учительница на курсах повышения квалификации?", ["n_new:u"],
             ["Тимур Ринатович"], ["Марина Игоревна"]),
            ("number", "Сколько нужно сдать с каждого ребёнка на экскурсию в Свияжск?", ["u_new:u"],
             ["1800 рублей", "1800"], ["1500 рублей", "1500"]),
            ("date", "Когда класс едет на экскурсию в Свияжск?", ["d_new:u"], ["25 мая"], ["18 мая"]),
            ("decision", "Какой формат выбрали для итогового проекта по Смутному времени?", ["c:u"],
             ["стенгазета", "стенгазеты"], []),
            ("reason", "Почему учительница отказалась разрешить Арсению написать контрольную позже остальных?", ["r:u"],
             ["задания одинаковые", "их уже все знают"], []),
        ],
    },
    {
        "id": "b15-ru-02", "lang": "ru", "kind": "t", "n": 154,
        "ctx": {
            "students": [P("Глеб|Глеба|Глебу|Глеба|Глебом", "m"), P("Ярослава|Ярославы|Ярославе|Ярославу|Ярославой", "f"),
                         P("Матвей|Матвея|Матвею|Матвея|Матвеем", "m"), P("Ксюша|Ксюши|Ксюше|Ксюшу|Ксюшей", "f"),
                         P("Денис|Дениса|Денису|Дениса|Денисом", "m"), P("Арина|Арины|Арине|Арину|Ариной", "f"),
                         P("Савелий|Савелия|Савелию|Савелия|Савелием", "m"), P("Ульяна|Ульяны|Ульяне|Ульяну|Ульяной", "f"),
                         P("Никита|Никиты|Никите|Никиту|Никитой", "m"), P("Злата|Златы|Злате|Злату|Златой", "f")],
            "colleagues": [P("Вера|Веры|Вере|Веру|Верой", "f"), P("Стас|Стаса|Стасу|Стаса|Стасом", "m"),
                           P("Юля|Юли|Юле|Юлю|Юлей", "f")],
            "friends": [P("Таня|Тани|Тане|Таню|Таней", "f"), P("Костя|Кости|Косте|Костю|Костей", "m"),
                        P("Лёша|Лёши|Лёше|Лёшу|Лёшей", "m"), P("Ира|Иры|Ире|Иру|Ирой", "f")],
            "places": [PL("Академгородок|в Академгородке|в Академгородок|Академгородка"), PL("Бердск|в Бердске|в Бердск|Бердска"),
                       PL("Обь|в Оби|в Обь|Оби"), PL("Шерегеш|в Шерегеше|в Шерегеш|Шерегеша"), PL("Томск|в Томске|в Томск|Томска")],
            "city": "Новосибирск", "years": [5, 7, 8, 10], "months": [2, 3, 4], "me": "f",
        },
        "avoid": ["Гришин", "Вербицк", "камер"],
        "script": [
            ("intro", 0.0, "Привет) У меня новый сезон: три группы по субботам и шесть индивидуальных учеников, в основном ОГЭ и ЕГЭ по английскому. Будешь моим ежедневником?",
             "С удовольствием. С чего начнём — расписание или цены?"),
            ("u_old", 0.04, "Давай с цен. Группа с февраля — 800 рублей за занятие, индивидуальные как были.",
             "Понятно. Подготовить сообщение для родителей?"),
            ("d_old", 0.08, "Хочу устроить пробный ЕГЭ для одиннадцатиклассников — с бланками, аудированием и таймером, всё как на настоящем. Ставлю на 15 марта.",
             "Отличная идея. Нужен план: бланки, аудио, время по разделам."),
            ("name", 0.13, "В субботнюю группу на 12:00 пришла новенькая — Полина Гришина, девятый класс, готовится к ОГЭ. Стеснительная, но грамматика очень крепкая.",
             "Раз грамматика крепкая, можно сразу браться за устную часть."),
            ("c", 0.18, "Определилась с пособием для ОГЭ-групп: берём сборник Вербицкой. Вербицкая у них в школах тоже, детям привычно.",
             "Удобно — меньше путаницы с форматом."),
            ("x1", 0.22, "Вера, которая ведёт математику в соседнем кабинете, делает свой пробник 22 марта.",
             "Можно скооперироваться по бланкам."),
            ("r", 0.27, "Мама Глеба просила перевести его на онлайн. Отказала: в прошлом году пробовали, он выключал камеру и сидел в игре. Только очно.",
             "Разумно — раз уже был неудачный опыт."),
            ("x2", 0.32, "У Матвея в школе пробник 5 марта, так что к нашему он подойдёт уже разогретым.",
             "Хорошая последовательность."),
            ("x3", 0.36, "Аренда кабинета выросла до 6000 рублей в месяц. Ох.",
             "Стоит пересчитать, сколько это выходит на одно занятие."),
            ("u_new", 0.42, "Посчитала аренду и распечатки — в ноль работать не хочу. С марта группа стоит 950 рублей за занятие, старую цену больше нигде не называю.",
             "Честно и понятно. Предупредить родителей заранее, недели за две?"),
            ("x4", 0.48, "Полина на первом пробном устном ответе набрала 17 баллов из 20! А говорила, что боится говорить.",
             "Отличный старт. Похвалите её отдельно."),
            ("d_new", 0.55, "Пробник сдвигаем. Центр, где я снимаю аудиторию, закрыт на санобработку две ближайшие субботы, так что переносим на 29 марта.",
             "Зато будет больше времени на подготовку."),
            ("x5", 0.63, "Ксюша уезжает на соревнования по плаванию 12–14 апреля, пропустит два занятия.",
             "Можно дать ей задания для самостоятельной отработки."),
            ("x6", 0.72, "Стас, который ведёт немецкий, зовёт вместе снимать помещение с сентября. Надо подумать.",
             "Стоит сразу обсудить, как делить расписание."),
            ("x7", 0.80, "Купила новые колонки для аудирования, 3400 рублей. Старые хрипели.",
             "Для аудирования это важно, хорошая покупка."),
            ("t1", 1.3, "Пробник написали. Средний балл лучше, чем я боялась.",
             "Отличная новость! Разбор ошибок устроите?"),
            ("t2", 1.7, "Глеб впервые пришёл с полностью выполненной домашкой. Запишу в историю.",
             "Исторический день!"),
        ],
        "questions": [
            ("name", "Как зовут новую ученицу субботней группы, которая готовится к ОГЭ?", ["name:u"], ["Полина Гришина"], []),
            ("number", "Сколько стоит одно групповое занятие с марта?", ["u_new:u"], ["950 рублей", "950"], ["800 рублей", "800"]),
            ("date", "На какое число назначен пробный ЕГЭ для одиннадцатиклассников?", ["d_new:u"], ["29 марта"], ["15 марта"]),
            ("decision", "Какое пособие репетитор выбрала для групп ОГЭ?", ["c:u"],
             ["сборник Вербицкой", "Вербицкой", "Вербицкая"], []),
            ("reason", "Почему репетитор отказалась перевести Глеба на онлайн-занятия?", ["r:u"],
             ["выключал камеру", "сидел в игре"], []),
        ],
    },
    {
        "id": "b15-ru-03", "lang": "ru", "kind": "s", "level": "h", "n": 204,
        "ctx": {
            "students": [P("Даня|Дани|Дане|Даню|Даней", "m"), P("Лиза|Лизы|Лизе|Лизу|Лизой", "f"),
                         P("Кирилл|Кирилла|Кириллу|Кирилла|Кириллом", "m"), P("Соня|Сони|Соне|Соню|Соней", "f"),
                         P("Артём|Артёма|Артёму|Артёма|Артёмом", "m"), P("Варя|Вари|Варе|Варю|Варей", "f"),
                         P("Максим|Максима|Максиму|Максима|Максимом", "m"), P("Ева|Евы|Еве|Еву|Евой", "f"),
                         P("Илья|Ильи|Илье|Илью|Ильёй", "m"), P("Алина|Алины|Алине|Алину|Алиной", "f")],
            "colleagues": [P("Елена Викторовна|Елены Викторовны|Елене Викторовне|Елену Викторовну|Еленой Викторовной", "f"),
                           P("Олег Николаевич|Олега Николаевича|Олегу Николаевичу|Олега Николаевича|Олегом Николаевичем", "m"),
                           P("Татьяна Юрьевна|Татьяны Юрьевны|Татьяне Юрьевне|Татьяну Юрьевну|Татьяной Юрьевной", "f"),
                           P("Галина Степановна|Галины Степановны|Галине Степановне|Галину Степановну|Галиной Степановной", "f"),
                           P("Павел Игоревич|Павла Игоревича|Павлу Игоревичу|Павла Игоревича|Павлом Игоревичем", "m")],
            "friends": [P("Маша|Маши|Маше|Машу|Машей", "f"), P("Серёга|Серёги|Серёге|Серёгу|Серёгой", "m"),
                        P("Катя|Кати|Кате|Катю|Катей", "f"), P("Вадим|Вадима|Вадиму|Вадима|Вадимом", "m")],
            "places": [PL("Верхняя Пышма|в Верхней Пышме|в Верхнюю Пышму|Верхней Пышмы"), PL("Арамиль|в Арамиле|в Арамиль|Арамиля"),
                       PL("Челябинск|в Челябинске|в Челябинск|Челябинска"), PL("Невьянск|в Невьянске|в Невьянск|Невьянска"),
                       PL("Оленьи Ручьи|в Оленьих Ручьях|в Оленьи Ручьи|Оленьих Ручьёв")],
            "city": "Екатеринбург", "years": [5, 6, 7, 8, 10], "months": [9, 10, 11, 12], "me": "m",
        },
        "avoid": ["Кузьмин", "Белов", "Вишн", "музыкальн"],
        "script": [
            ("intro", 0.0, "Добрый вечер! Первое сентября пережил. В этом году у меня классное руководство в 9 «А», двадцать семь человек, плюс алгебра и геометрия ещё в двух классах. Давай вести всё по порядку.",
             "Давайте. Начнём с событий четверти?"),
            ("n_old", 0.04, "На первом собрании выбрали председателя родительского комитета — Светлана Аркадьевна Кузьмина, мама Вари. Очень деятельная.",
             "Активный председатель — большое подспорье."),
            ("d_old", 0.08, "Следующее родительское собрание назначили на 3 октября, тема — ОГЭ и выбор предметов.",
             "Могу помочь с планом собрания."),
            ("c_old", 0.12, "Новогодний огонёк решили проводить в кафе «Вишня» на Малышева, родители уже договариваются.",
             "Хорошо, только стоит заранее узнать про меню и цены."),
            ("u", 0.17, "Посчитал, кто что выбрал на ОГЭ: информатику выбрали 11 человек, обществознание — почти все, физику — четверо.",
             "Полезно для планирования консультаций."),
            ("x1", 0.21, "Собрание у пятых классов 17 октября, меня тоже зовут рассказать про математику.",
             "Записано как чужое собрание, где вы выступаете."),
            ("r", 0.26, "Родители просили перенести классный час на после седьмого урока. Отказал: у половины класса после уроков музыкальная школа и секции, они физически не успеют. Оставляем в четверг шестым уроком.",
             "Логично. Если понадобится больше времени, можно иногда собираться онлайн."),
            ("x2", 0.30, "Пробный ОГЭ по математике для девятых — 22 ноября, так решила Елена Викторовна.",
             "Записано."),
            ("x3", 0.35, "Олег Николаевич везёт команду на соревнования 14 ноября, отпрашивает троих моих.",
             "Проследите, чтобы им дали задания."),
            ("n_new", 0.41, "Новость: Кузьмина сложила полномочия — у неё третий ребёнок родился, не до комитета. Проголосовали в чате, новый председатель — Оксана Белова, мама Ильи.",
             "Поздравляю семью! С новым председателем стоит созвониться в ближайшие дни."),
            ("d_new", 0.48, "Елена Викторовна попросила сдвинуть собрание на неделю позже: в тот день в актовом зале проверка. Значит, 10 октября, в 18:30, кабинет 305.",
             "Хорошо, учту новое время."),
            ("x4", 0.54, "Оксана уже завела отдельный чат для сбора на подарки учителям. Быстрая.",
             "С таким председателем не пропадёшь."),
            ("c_new", 0.61, "С кафе не сложилось: «Вишня» насчитала по 900 рублей с человека, родители взвыли. Так что огонёк проводим в школьной столовой — девочки обещали украсить, мальчики отвечают за музыку.",
             "Так даже уютнее, и бюджет целее."),
            ("x5", 0.69, "Геометрию в 8 «В» у меня забрали и отдали Татьяне Юрьевне, зато добавили кружок по олимпиадной математике.",
             "Кружок — приятный обмен."),
            ("x6", 0.77, "Зимние каникулы у нас с 29 декабря.",
             "Записано."),
            ("x7", 0.85, "Мама Кирилла просила пересадить его к окну. Сказал, что после каникул сделаю общую пересадку.",
             "Хороший способ не делать исключений."),
            ("t1", 1.25, "Собрание прошло спокойно, пришли почти все.",
             "Отлично! Это редкость."),
            ("t2", 1.6, "Пробник по математике написали средне, будем работать над второй частью.",
             "Вторая часть — самое перспективное место для роста."),
            ("t3", 1.9, "Огонёк удался! Даже директор заглянула.",
             "Здорово! Хорошее завершение полугодия."),
        ],
        "questions": [
            ("name", "Кто сейчас председатель родительского комитета 9 «А»?", ["n_new:u"],
             ["Оксана Белова", "Белова"], ["Светлана Аркадьевна Кузьмина", "Кузьмина"]),
            ("number", "Сколько учеников 9 «А» выбрали информатику на ОГЭ?", ["u:u"], ["11 человек", "11"], []),
            ("date", "Когда проходит родительское собрание 9 «А» про ОГЭ и выбор предметов?", ["d_new:u"],
             ["10 октября"], ["3 октября"]),
            ("decision", "Где решили проводить новогодний огонёк 9 «А»?", ["c_new:u"],
             ["в школьной столовой", "столовой"], ["кафе «Вишня»", "«Вишня»"]),
            ("reason", "Почему классный руководитель отказался переносить классный час на после седьмого урока?", ["r:u"],
             ["музыкальная школа"], []),
        ],
    },
    {
        "id": "b15-ru-04", "lang": "ru", "kind": "s", "level": "h", "n": 172,
        "ctx": {
            "students": [P("Стёпа|Стёпы|Стёпе|Стёпу|Стёпой", "m"), P("Настя|Насти|Насте|Настю|Настей", "f"),
                         P("Ваня|Вани|Ване|Ваню|Ваней", "m"), P("Даша|Даши|Даше|Дашу|Дашей", "f"),
                         P("Миша|Миши|Мише|Мишу|Мишей", "m"), P("Люба|Любы|Любе|Любу|Любой", "f"),
                         P("Гриша|Гриши|Грише|Гришу|Гришей", "m"), P("Оля|Оли|Оле|Олю|Олей", "f"),
                         P("Федя|Феди|Феде|Федю|Федей", "m"), P("Аня|Ани|Ане|Аню|Аней", "f")],
            "colleagues": [P("Людмила Ивановна|Людмилы Ивановны|Людмиле Ивановне|Людмилу Ивановну|Людмилой Ивановной", "f"),
                           P("Валентина Петровна|Валентины Петровны|Валентине Петровне|Валентину Петровну|Валентиной Петровной", "f"),
                           P("Павел Андреевич|Павла Андреевича|Павлу Андреевичу|Павла Андреевича|Павлом Андреевичем", "m"),
                           P("Зоя Николаевна|Зои Николаевны|Зое Николаевне|Зою Николаевну|Зоей Николаевной", "f")],
            "friends": [P("Коля|Коли|Коле|Колю|Колей", "m"), P("Алёна|Алёны|Алёне|Алёну|Алёной", "f"),
                        P("Галя|Гали|Гале|Галю|Галей", "f"), P("Рита|Риты|Рите|Риту|Ритой", "f")],
            "places": [PL("Вологда|в Вологде|в Вологду|Вологды"), PL("Череповец|в Череповце|в Череповец|Череповца"),
                       PL("Тотьма|в Тотьме|в Тотьму|Тотьмы"), PL("Белозерск|в Белозерске|в Белозерск|Белозерска"),
                       PL("Великий Устюг|в Великом Устюге|в Великий Устюг|Великого Устюга")],
            "city": "Кадников", "years": [5, 6, 7, 9], "months": [9, 10, 11], "me": "f",
        },
        "avoid": ["Нин", "Кириллов", "Капитанск", "Дубровск"],
        "script": [
            ("intro", 0.0, "Здравствуй! Начинаем учебный год. У меня русский и литература с пятого по девятый, школа маленькая, в классах по восемь-двенадцать человек. Хочу, чтобы всё было в одном месте.",
             "Хорошая идея. Давайте заведём список дат и решений."),
            ("n_old", 0.04, "В октябре везу шестой и седьмой класс на экскурсию в Кириллов, в монастырь. Сопровождающим со мной поедет Андрей Викторович, наш физрук. С ним дети шёлковые.",
             "Отлично, с дисциплиной будет проще."),
            ("u_old", 0.08, "Хорошая новость: на пополнение школьной библиотеки по литературе выделили 12 000 рублей. Хочу взять современную подростковую прозу.",
             "Можно составить список с ценами, чтобы уложиться."),
            ("d", 0.13, "Школьный этап олимпиады по литературе — 7 октября. От меня пойдут человек шесть.",
             "Могу подобрать задания прошлых лет для тренировки."),
            ("c", 0.18, "С восьмым классом определились: сочинение пишем по «Капитанской дочке», а не по «Дубровскому». «Капитанская дочка» и в ОГЭ чаще всплывает.",
             "Логичный выбор."),
            ("r", 0.23, "Людмила Ивановна предлагала взять ещё часы технологии в пятом классе. Отказалась: у меня и так 27 часов нагрузки, плюс классное руководство. Больше не вытяну.",
             "Правильно — силы не бесконечные."),
            ("x1", 0.28, "Экскурсия в Кириллов — 25 октября, выезжаем в 7:30 от школы на школьном автобусе.",
             "Записано. Списки детей и согласия лучше подготовить заранее."),
            ("x2", 0.33, "Районный этап олимпиады по русскому будет 20 ноября в Вологде.",
             "Записано."),
            ("x3", 0.37, "Валентина Петровна уходит на пенсию в декабре, её кружок краеведения, возможно, отдадут мне.",
             "Интересно — краеведение хорошо сочетается с литературой."),
            ("u_new", 0.43, "Бухгалтерия урезала: на книги дают не 12 000, а 9 500 рублей. Придётся вычеркнуть половину списка.",
             "Часть книг можно найти через буккроссинг или попросить у родителей."),
            ("x4", 0.49, "Аня из седьмого заняла второе место на районном конкурсе чтецов! Участников было четырнадцать.",
             "Поздравляю вас обеих!"),
            ("n_new", 0.56, "Андрей Викторович вчера подвернул ногу на тренировке, теперь на костылях. Так что в Кириллов со мной едет Нина Сергеевна из библиотеки — она там каждый уголок знает.",
             "Удачная замена, ещё и экскурсовод в придачу."),
            ("x5", 0.64, "Муж говорит, что я проверяю тетради даже во сне. Может, и правда.",
             "Значит, пора устроить себе хотя бы выходные без тетрадей."),
            ("x6", 0.72, "Осенние каникулы с 28 октября по 5 ноября.",
             "Записано."),
            ("x7", 0.80, "Павел Андреевич, наш завуч, просит выставить четвертные оценки до 24 октября.",
             "Поставлю напоминание за неделю."),
            ("t1", 1.3, "Съездили на экскурсию! Дети в восторге, никто не потерялся.",
             "Отличный результат!"),
            ("t2", 1.7, "Сочинения у восьмиклассников проверила, есть прямо хорошие.",
             "Приятно такое читать."),
        ],
        "questions": [
            ("name", "Кто поедет сопровождающим на экскурсию в Кириллов вместе с учительницей?", ["n_new:u"],
             ["Нина Сергеевна"], ["Андрей Викторович"]),
            ("number", "Сколько денег выделили на книги для школьной библиотеки по литературе?", ["u_new:u"],
             ["9 500 рублей", "9 500"], ["12 000 рублей", "12 000"]),
            ("date", "Когда школьный этап олимпиады по литературе?", ["d:u"], ["7 октября"], []),
            ("decision", "По какому произведению восьмой класс пишет сочинение?", ["c:u"],
             ["Капитанская дочка", "Капитанской дочке"], []),
            ("reason", "Почему учительница отказалась от дополнительных часов технологии в пятом классе?", ["r:u"],
             ["27 часов нагрузки", "27 часов"], []),
        ],
    },
]

# --- Japanese filler talk --------------------------------------------------
POOL_JA = [
    ("a", "[仕事と関係ないんですけど|全然関係ない話ですが|ちょっと雑談です]、卵とキャベツとベーコンで{N}分で作れる晩ごはん、何かありますか?",
     "キャベツとベーコンの卵とじはどうでしょう。炒めて卵でとじるだけなので、10分かかりません。"),
    ("a", "友達の{F}が{D}に結婚式なんです。スピーチを頼まれちゃって…。",
     "エピソードを一つに絞って、3分以内にまとめるのがコツです。下書き、一緒に考えましょうか?"),
    ("a", "車の点検で、ブレーキパッド交換に[18,000円|24,000円|31,000円]って言われました。痛い…。",
     "急な出費はつらいですね。ほかのお店の見積もりと比べてみるのも手です。"),
    ("a", "週末、{F}と{PL}に行ってきました。{K}キロくらい歩いて足がパンパンです。",
     "いいリフレッシュになりましたね。今夜はゆっくり湯船につかってください。"),
    ("a", "通勤中に聴けるポッドキャスト、おすすめありますか?片道[20|30|40|50]分なんです。",
     "1話15分くらいの短い番組が合いそうです。歴史や科学の雑学系はいかがですか。"),
    ("a", "隣の家の工事が朝{T}から始まって、寝不足です。",
     "それはきついですね。今日は準備の軽い授業にして、早めに休みましょう。"),
    ("a", "{F}の誕生日が{D}なんですけど、何がいいと思います?「何もいらない」って言う人なんです。",
     "モノより体験がおすすめです。一緒にごはんに行くとか、ちょっといいお菓子とか。"),
    ("a", "インフルエンザの予防接種してきました。腕が重い…。",
     "一日二日で落ち着くと思います。お大事に。"),
    ("a", "最近、朝ランを始めました。まだ{W}週目だけど続いてます!",
     "最初の数週間が一番大変なので、すごいです。"),
    ("a", "{CITY}、もう{W}日も雨です。洗濯物が乾かない…。",
     "部屋干しの季節ですね。除湿機があるとだいぶ違いますよ。"),
    ("a", "古いコートのポケットから{M}出てきました。今週一番うれしいかも。",
     "ちょっといいコーヒーでも飲んでください。"),
    ("a", "スマホの画面を割っちゃいました。修理に[12,800円|16,500円|21,000円]だって。",
     "保険が使えないか、先に確認してみてください。"),
    ("a", "昨日は授業準備をサボってタコのドキュメンタリーを見てました。後悔はしてません。",
     "タコなら仕方ないです。"),
    ("a", "{F}が週末に温泉に行こうって。行くべきか、丸付けするべきか…。",
     "行きましょう。丸付けは休んでからのほうが早く終わります。"),
    ("a", "猫が机の上のプリントを全部床に落としました。{N}枚くらい。",
     "猫あるあるですね…。"),
    ("a", "新しいリュックを買いました。肩こりが少しましになった気がします。",
     "いい買い物ですね。"),
    ("a", "実家の母から、今度の日曜はお昼を食べにおいでって。でも仕事が{W}つ残ってて…。",
     "お昼だけ行って、帰ってから急ぎのものを二つだけやる、でどうでしょう。"),
    ("a", "授業の最初の5分でできるウォームアップ、何かありますか?",
     "「仲間外れ探し」はどうでしょう。4つの言葉から1つ選んで理由を言うだけで、準備いらずです。"),
    ("s", "丸付けが{NB}枚残ってます。まだ{N}枚しか終わってない…。",
     "25分やって5分休憩、で区切ると進みやすいですよ。短いものから片付けるのもおすすめです。"),
    ("a", "{S}、すごく頑張ってるのに点数が伸びなくて。コメント、どう書けばいいですかね。",
     "良くなった点を一つ具体的に書いて、次にやることを一つだけ示すと伝わりやすいです。"),
    ("a", "{S}が宿題を{W}日遅れで出してきました。おうちの人の手紙付きで。",
     "今回は受け取って記録しておき、何か事情がないかそっと聞いてみるといいかもしれません。"),
    ("s", "コピー機が詰まった!{T}までに{NB}部いるのに。",
     "別のコピー機が使えないか確認を。だめなら画面に映して、答えはノートに書かせましょう。"),
    ("a", "{S}に「これ勉強して何の意味があるの?」って聞かれて、うまく答えられませんでした。",
     "正直に「考え方の練習になる」と言って、身近な例を一つ添えるといいですよ。"),
    ("a", "今日、{S}がやっとわかって、{S2}に説明してあげてました。うれしかった。",
     "そういう瞬間がいいですよね。次の復習は{S}に任せてみては。"),
    ("a", "最後の振り返り、毎回「質問ある人?」で終わっちゃう。",
     "出口カードはどうでしょう。わかったこと一つ、疑問一つを書いて出してもらう形です。"),
    ("a", "[15|20|30]分くらいでできる宿題を出したいです。プリントなしで。",
     "黒板に10問出して、ノートに解いてくる形はどうでしょう。前の単元と混ぜると復習になります。"),
    ("a", "今日はコーヒー{W}杯目です。",
     "飲みすぎ注意です…!"),
    ("a", "{NB}分かけて作ったプリント、10分で終わりました。",
     "来年も使えます!"),
    ("s", "板書の字がどんどん雑になってきて。{S}に「暗号みたい」って言われました。",
     "手厳しい…。要点だけスライドにしておくと楽になりますよ。"),
    ("a", "授業の最後に使える、簡単ななぞなぞありますか?",
     "「使うと減るのに、使わないと増えるものは?」…答えは「ひま」です。"),
    ("a", "お互いにコメントし合う時の書き出し、三つくらい考えてもらえますか?",
     "「いいと思ったのは…」「もっと良くするなら…」「よくわからなかったのは…」はいかがでしょう。"),
    ("a", "{S}の将来の夢、獣医とユーチューバーとサッカー選手だそうです。全部やるらしい。",
     "夢は大きいほうがいいですね。"),
    ("s", "パソコンの充電が授業中に切れて、結局チョークで乗り切りました。",
     "アナログのほうが盛り上がることもありますよね。"),
    ("a", "替えのボールペンを入れてる缶、またからっぽ。どこに消えるんだろう。",
     "片方の靴下と同じ場所かもしれません。"),
    ("a", "夜{T}を過ぎたらメールを見ない、って決めたいんです。",
     "スマホの通知を時間で切る設定にしておくと守りやすいですよ。"),
    ("a", "服についたホワイトボードマーカー、どうやったら落ちますか?",
     "消毒用アルコールをつけた布で、こすらず叩くように。そのあと普通に洗濯です。"),

    ("e", "雨で外遊びなしの日が続いて、教室が大騒ぎです。",
     "室内でできるゲームをいくつか用意しておくと助かりますよ。"),
    ("s", "避難訓練、{P}時間目にありました。整列まで{W}分。",
     "落ち着いてできたなら十分ですね。"),
    ("s", "{S}と{S2}が授業中ずっとちょっかいを出し合ってて。明日、席を離します。",
     "いい判断だと思います。それぞれと個別に話すのも効果的です。"),
    ("s", "{S}、今学期もう{W}日休んでます。",
     "学年の先生とも共有して、プリントがちゃんと届くようにしておきましょう。"),
    ("s", "朝の打ち合わせが{N}分延びて、印刷が間に合わなかった…。",
     "お疲れさまです。授業はなんとかなりましたか。"),
    ("s", "{C}から、{YR}年生の集会が{D}に変わったって聞きました。",
     "ご自身の予定とは別にメモしておきますね。"),
    ("s", "今日{C}が授業を見に来てくれて、発問はいいけど説明が長いって言われました。",
     "参考になりますね。説明にタイマーをかけてみるのもいいかもしれません。"),
    ("e", "{S}が私の似顔絵を恐竜で描いてくれました。",
     "それは最高の褒め言葉です。"),
    ("s", "席替えしました。{W}人班で。",
     "2週間くらい様子を見てみましょう。"),
    ("s", "日曜の夜{T}に管理職からメールが来てた…。",
     "月曜に読めば大丈夫です。"),
    ("e", "{S}のおうちの方から、毎晩一緒に音読してますって連絡帳に書いてありました。",
     "うれしいですね。お礼と、おすすめの本を一冊返してみては。"),
    ("s", "{P}時間目、ずっとWi-Fiがつながりませんでした。",
     "ネットなしで進められる予備の活動があると安心です。"),
    ("s", "{C}のプリンが職員室の冷蔵庫から消えた事件、まだ解決してません。",
     "職員室の永遠の謎ですね。"),
    ("s", "昼休みに将棋クラブみたいなのを始めたいんです。もう{N}人やりたいって。",
     "週1回から始めて様子を見るのがいいと思います。"),
    ("s", "{YR}年生の球技大会は{D}の予定。晴れますように。",
     "雨天時の予定も確認しておきましょう。"),
    ("s", "掲示物を貼り替えないと。{N}枚を{DAY}までに。",
     "昼休みに手伝ってくれる子を募ると早いですよ。"),
    ("s", "{C}がお休みで、急に補欠授業が入りました。",
     "課題が用意されているといいですね。"),
    ("s", "{S}のうちのハムスター、名前が「はかせ」なんだそうです。",
     "素敵な名前です。"),
    ("s", "学級通信、今週号やっと書けました。",
     "お疲れさまです!"),
    ("s", "成績処理のシステムが重くて、入力に{N}分かかりました。",
     "毎日少しずつ入れておくと、学期末が楽になるかもしれません。"),
    ("e", "給食の配膳、今日は[25|30|35]分かかりました。新記録(悪いほうの)。",
     "当番の動きを一度確認してみるといいかもしれません。"),
    ("s", "{C}が手作りのパウンドケーキを職員室に持ってきてくれました。今学期一番いい朝。",
     "そういうのが職場の雰囲気をよくしますよね。"),
    ("s", "{S}の家族からお礼の手紙をもらって、駐車場でちょっと泣きました。",
     "大事に取っておいてください。しんどい日に効きます。"),
    ("s", "{YR}年生の授業で、宿題は必要か論争が始まっちゃって。みんな妙に説得力がありました。",
     "予定外でも、いい話し合いの練習になりましたね。"),
    ("s", "{C}と{DAY}の{P}時間目だけ教室を交換します。プロジェクターの調子が悪くて。",
     "ドアに貼り紙をしておくと迷う子が出ませんよ。"),
    ("s", "ホワイトボードのマーカー、また全部かすれてます。買い足さないと。",
     "まとめ買いのほうが安くつきますよ。"),
    ("s", "プロジェクターの映像が全部緑っぽい…。",
     "ケーブルの差し込みを確認してみてください。たいていそれです。"),
    ("s", "{S}、部活の大会で早退するのに体操服を忘れてきたらしい。",
     "あるあるですね。予備が保健室にあるかもしれません。"),

    ("t", "{S}、また当日キャンセル。今月3回目です。",
     "前日までに連絡がない場合は振替なし、などルールを決めておくといいかもしれません。"),
    ("t", "{PL}の方から問い合わせがありました。受験までに{W}回くらいお願いしたいって。",
     "最初に最近のテストを見せてもらうと、計画が立てやすいです。"),
    ("t", "{S}、学校の定期テストで{N}点上がりました!",
     "すごいですね。何が効いたか、保護者の方にも伝えると安心されます。"),
    ("t", "{S}が{DAY}から{DAY2}に曜日を変えたいそうです。",
     "ほかの生徒と重ならないか確認してから返事をしましょう。"),
    ("t", "今月の請求書、{W}家庭分終わりました。",
     "お疲れさまです。控えは一つのフォルダにまとめておくと確定申告が楽です。"),
    ("t", "確定申告の準備、そろそろ始めないと…。",
     "領収書と交通費の記録を先にまとめておくと早く終わりますよ。"),
    ("t", "{S}、また単語帳を忘れてきました。予備を買いました。",
     "すぐ元が取れそうですね。"),
    ("t", "{S}のお父さんから、{D}に追加で1コマお願いできないかって。",
     "空いていれば、料金も書いて返信しておきましょう。"),
    ("t", "ノートと付箋で{M}使いました。経費でいいですよね?",
     "仕事用なら経費にできます。レシートは保管しておきましょう。"),
    ("t", "{S}に「先生の説明、まあまあわかる」って言われました。最高の褒め言葉です。",
     "中学生からの「まあまあ」は満点です。"),
    ("t", "体験授業に来た子、静かだけど飲み込みが早い。",
     "教えがいがありそうですね。"),
    ("t", "{S}のおうちの犬が、毎回スリッパを持ってきてくれるんです。",
     "おもてなし上手ですね。"),
    ("t", "週に{N}コマ、プラス準備時間。数えたら思ったより多かった。",
     "記録しておくと、料金を見直す時の材料になります。"),
    ("t", "バスが{N}分遅れて、{S}の家に遅刻しちゃいました。",
     "遅れそうな時に一言連絡を入れておくと、保護者の方も安心します。"),
    ("t", "{S}、やっと途中式を書くようになりました。",
     "そこが点数につながるところなので、しっかり褒めてあげてください。"),
    ("t", "{S}が授業中に寝落ちしました。テスト前は大変ですね。",
     "少し短めにして、途中で休憩を入れるのもいいかもしれません。"),
    ("t", "月に一回、保護者向けに簡単なお便りを出そうかな。やりすぎですかね?",
     "短ければ喜ばれると思います。三行と日程だけでも十分です。"),
    ("t", "同業の{C}さんとお茶しました。{C}さん、キャンセル待ちが{N}人いるんだって。",
     "口コミが一番強いですね。そのうちこちらもそうなりますよ。"),
    ("t", "コンビニで過去問を{NB}枚印刷したら、けっこうな金額に。",
     "毎週印刷するなら、家庭用のプリンターを買ったほうが安いかもしれません。"),
]

# --- Japanese dialogs ------------------------------------------------------
SPEC_JA = [
    {
        "id": "b15-ja-01", "lang": "ja", "kind": "s", "level": "e", "n": 186,
        "ctx": {
            "students": [P("大翔くん", "m"), P("結衣さん", "f"), P("蓮くん", "m"), P("陽菜さん", "f"), P("悠真くん", "m"),
                         P("さくらさん", "f"), P("湊くん", "m"), P("美羽さん", "f"), P("颯太くん", "m"), P("芽依さん", "f")],
            "colleagues": [P("吉川先生", "f"), P("早瀬先生", "m"), P("今井先生", "f"), P("渡部先生", "m"), P("事務の山岸さん", "f")],
            "friends": [P("千夏", "f"), P("真理子", "f"), P("由紀", "f"), P("健太", "m")],
            "places": [PL("鎌倉"), PL("江ノ島"), PL("箱根"), PL("みなとみらい"), PL("中華街")],
            "city": "横浜", "years": [1, 2, 3, 4, 6], "months": [4, 5, 6, 7], "me": "f",
        },
        "avoid": ["岩崎", "森田", "自動車工場", "立候補"],
        "script": [
            ("intro", 0.0, "こんにちは!今年は5年2組の担任になりました。元気なクラスです。1学期の予定、一緒に整理してもらえますか?",
             "もちろんです。まずは大きな行事から書き出しましょうか。"),
            ("d_old", 0.04, "一番大きいのは社会科見学です。川崎の自動車工場で、6月5日に決まりました。",
             "いいですね。それまでに必要な準備をリストにしておきます。"),
            ("u_old", 0.08, "バス代は一人1,200円の予定です。集金袋は来週配ります。",
             "了解です。お便りの文面も手伝えますよ。"),
            ("n_old", 0.12, "引率は学年の担任二人と、教頭の森田先生が付いてきてくださることになりました。心強い!",
             "管理職の先生がいると安心ですね。"),
            ("c", 0.17, "係活動の決め方、悩んだけど今年はくじ引きじゃなくて立候補制にしました。やりたい子がやるほうが続くので。",
             "自主性が育ちますね。希望が偏った時のルールだけ決めておくと安心です。"),
            ("x1", 0.21, "家庭訪問は4月の最終週、一日5軒ずつ回ります。",
             "移動時間も考えて、地図で順番を組んでおくといいですよ。"),
            ("r", 0.25, "保護者の方から、漢字の宿題を減らしてほしいと連絡がありました。お断りしました。5年生は漢字の定着がいちばん大事な時期なので、量はそのままで、やり方を工夫すると伝えました。",
             "理由と代案がセットなので、納得してもらいやすいと思います。"),
            ("x2", 0.30, "6年生の修学旅行は日光で、6月12日から一泊二日だそうです。",
             "6年生の予定としてメモしておきます。"),
            ("x3", 0.34, "学年の教材費は、一人あたり2,800円で決まりました。",
             "了解です。集金の時期も確認しておきましょう。"),
            ("u_new", 0.40, "バス会社から見積もりの訂正が来ました…。燃料費が上がったとかで、一人1,450円になります。お便り作り直しです。",
             "残念ですが、集金前でよかったですね。"),
            ("x4", 0.45, "運動会の練習が始まりました。5年生はソーラン節。腕がもう筋肉痛です。",
             "先生が一番踊っていそうですね。"),
            ("n_new", 0.50, "森田先生、見学の日に教育委員会の会議が入ってしまったそうで。代わりに養護教諭の岩崎先生が来てくださることになりました。保健の先生がいてくれるのは、むしろありがたいかも。",
             "確かに、体調を崩す子が出ても安心ですね。"),
            ("x5", 0.56, "運動会は5月25日、雨なら翌日です。",
             "了解です。前日の準備の分担も決めておきましょう。"),
            ("d_new", 0.62, "工場のほうで設備点検が入ったらしく、見学日がずれました。6月19日です。雨天でも実施なのは変わらず。",
             "日程の変更は、お便りにもはっきり書いておきましょう。"),
            ("x6", 0.70, "プール開きは6月24日。水着の準備のお知らせも出さなきゃ。",
             "持ち物リストと一緒に出すと一度で済みますね。"),
            ("x7", 0.78, "個人面談は7月17日から三日間です。",
             "時間割と合わせて枠を作っておきましょう。"),
            ("x8", 0.86, "早瀬先生のクラスも来年この工場に行きたいそうで、バス会社の連絡先を聞かれました。",
             "共有しておくと学年で使いやすいですね。"),
            ("t1", 1.3, "見学のしおり、子どもたちが表紙の絵を描いてくれました。",
             "素敵な思い出になりますね。"),
            ("t2", 1.7, "1学期もあと少し。通知表の所見、がんばります。",
             "あと一息です!"),
        ],
        "questions": [
            ("name", "社会科見学に、担任以外で引率に入ってくれるのは誰ですか?", ["n_new:u"], ["岩崎先生", "岩崎"], ["森田先生", "森田"]),
            ("number", "社会科見学のバス代は一人いくらですか?", ["u_new:u"], ["1,450円", "1,450"], ["1,200円", "1,200"]),
            ("date", "社会科見学はいつですか?", ["d_new:u"], ["6月19日"], ["6月5日"]),
            ("decision", "今年の係活動はどうやって決めることにしましたか?", ["c:u"], ["立候補制", "立候補"], []),
            ("reason", "漢字の宿題を減らしてほしいという要望を断った理由は何ですか?", ["r:u"], ["漢字の定着"], []),
        ],
    },
    {
        "id": "b15-ja-02", "lang": "ja", "kind": "t", "n": 150,
        "ctx": {
            "students": [P("美月さん", "f"), P("翔太くん", "m"), P("結菜さん", "f"), P("大和くん", "m"),
                         P("心春さん", "f"), P("拓海くん", "m"), P("莉子さん", "f"), P("悠人くん", "m")],
            "colleagues": [P("亜希子", "f"), P("石原", "m"), P("典子", "f")],
            "friends": [P("由美", "f"), P("奈々", "f"), P("智子", "f"), P("大輔", "m")],
            "places": [PL("円山"), PL("江別"), PL("北広島"), PL("琴似"), PL("手稲")],
            "city": "札幌", "years": [1, 2, 3], "months": [9, 10, 11, 12], "me": "f",
        },
        "avoid": ["高橋", "陸斗", "剣道", "チャート", "問題集"],
        "script": [
            ("intro", 0.0, "こんばんは。個人で中学生に数学と英語を教えています。2学期は生徒が8人で、そのうち受験生が5人。スケジュール管理を手伝ってほしいです。",
             "承知しました。まず受験生まわりの予定から整理しましょうか。"),
            ("d_old", 0.05, "受験生の保護者向けに、入試の仕組みを説明する会を開きます。会場は近くの地区センターで、9月14日の午後に。",
             "いい取り組みですね。案内文と当日の資料の準備をリストにしておきます。"),
            ("c_old", 0.10, "受験生の数学は『チャート式』で統一します。問題量が多いので。",
             "網羅性は抜群ですね。進める順番を決めておきましょうか。"),
            ("u", 0.15, "月謝は中3だけ、週2回で22,000円にしました。ほかの学年は据え置きです。",
             "受験学年なので妥当だと思います。"),
            ("name", 0.20, "今週から中1の男の子が新しく入りました。高橋陸斗くん。英語がすごく好きみたいです。",
             "好きな科目があると、いいスタートが切れますね。"),
            ("x1", 0.24, "拓海くんの学校は、定期テストが10月2日から。",
             "その前の週は演習中心にしましょう。"),
            ("r", 0.28, "土曜の夜にもコマを増やしてほしいと頼まれたんですが、お断りしました。土曜の夜は娘の剣道の送り迎えがあって、そこだけは譲れないので。",
             "大事な時間ですね。ほかの曜日で提案できそうですか?"),
            ("x2", 0.33, "同じく個人でやってる友達の亜希子さんが、合同で模試の会場を借りないかって。一人3,000円くらいになるらしいです。",
             "費用を分けられるのはいいですね。"),
            ("x3", 0.38, "心春さんの英検の二次試験は11月9日。面接練習をしないと。",
             "週1回、5分だけでも面接練習を入れましょう。"),
            ("d_new", 0.45, "説明会の件、地区センターが選挙の準備で使えないと連絡が来ました。一週間後ろにして、9月21日で確定です。",
             "確定してよかったです。案内を出し直しましょう。"),
            ("x4", 0.50, "陸斗くん、初回の単語テストで満点でした。本人よりお母さんのほうが喜んでた。",
             "いいスタートですね!"),
            ("c_new", 0.57, "チャート式、やっぱりやめます。分厚すぎて誰も家で開かない…。薄めの『新中学問題集』に切り替えて、回数で勝負します。",
             "続けられる教材のほうが結果は出やすいですね。"),
            ("x5", 0.64, "北海道の公立入試は3月の頭なので、そこから逆算して冬期講習を組まないと。",
             "12月中に入試形式の演習に入れるといいですね。"),
            ("x6", 0.72, "冬期講習は12月26日から1月7日まで。年末年始は3日だけ休みます。",
             "無理のない日程ですね。"),
            ("x7", 0.80, "大和くんの志望校、やっと決まりました。オープンキャンパスで一目ぼれしたそうです。",
             "目標が決まると伸びますよ。"),
            ("t1", 1.3, "説明会、保護者の方が12人も来てくれました。",
             "大成功ですね!"),
            ("t2", 1.7, "受験生たち、新しい教材の一冊目が終わりそうです。",
             "すばらしいペースです。"),
        ],
        "questions": [
            ("name", "2学期に新しく入った中1の生徒の名前は何ですか?", ["name:u"], ["高橋陸斗"], []),
            ("number", "中3の月謝はいくらにしましたか?", ["u:u"], ["22,000円", "22,000"], []),
            ("date", "受験生の保護者向け説明会はいつですか?", ["d_new:u"], ["9月21日"], ["9月14日"]),
            ("decision", "受験生の数学で使うことにした教材は何ですか?", ["c_new:u"], ["新中学問題集"], ["チャート式"]),
            ("reason", "土曜の夜のコマを増やしてほしいという依頼を断った理由は何ですか?", ["r:u"], ["剣道の送り迎え", "剣道"], []),
        ],
    },
    {
        "id": "b15-ja-03", "lang": "ja", "kind": "s", "level": "h", "n": 206,
        "ctx": {
            "students": [P("松尾さん", "f"), P("古賀くん", "m"), P("中島さん", "f"), P("樋口くん", "m"), P("田中さん", "f"),
                         P("大塚くん", "m"), P("宮崎さん", "f"), P("江口くん", "m"), P("原田さん", "f"), P("野田くん", "m")],
            "colleagues": [P("平山先生", "m"), P("坂本先生", "f"), P("久保先生", "m"), P("吉村先生", "f"), P("西先生", "m")],
            "friends": [P("香織", "f"), P("絵美", "f"), P("沙織", "f"), P("翔", "m")],
            "places": [PL("太宰府"), PL("糸島"), PL("天神"), PL("門司港"), PL("柳川")],
            "city": "福岡", "years": [1, 3], "months": [9, 10, 11, 12], "me": "m",
        },
        "avoid": ["マイケル", "エミリー", "お化け", "共通テスト", "電子辞書"],
        "script": [
            ("intro", 0.0, "お疲れさまです。2学期スタートです。2年3組の担任と、英語コミュニケーションを3クラス。文化祭とスピーチコンテストがあって、たぶん一年で一番忙しい学期です。",
             "行事の多い学期ですね。まず日程から整理しましょう。"),
            ("n_old", 0.04, "校内のスピーチコンテスト、審査はALTのマイケル先生にお願いしてあります。発音の講評もしてくれるって。",
             "ネイティブの講評があると、生徒も励みになりますね。"),
            ("u_old", 0.08, "文化祭のクラス企画の予算は3万円。生徒会から正式に通知が来ました。",
             "了解です。買い出しリストを作るときの上限にしましょう。"),
            ("c", 0.12, "うちのクラスの文化祭企画、投票でお化け屋敷に決まりました!カフェと接戦でした。",
             "盛り上がりそうですね。安全面のチェックだけ早めに。"),
            ("d_old", 0.16, "スピーチコンテストの校内予選は11月6日、放課後に視聴覚室で。",
             "それに向けて原稿の締め切りを逆算しておきます。"),
            ("r", 0.21, "テストで電子辞書を使わせてほしいって生徒から要望が出たけど、断りました。共通テストでは使えないので、今から辞書なしに慣れてほしいんです。",
             "理由がはっきりしているので、生徒も納得しやすいと思います。"),
            ("x1", 0.26, "文化祭は9月27日と28日の二日間です。",
             "準備期間が短いので、役割分担を早めに決めましょう。"),
            ("x2", 0.30, "中間テストは10月15日から。範囲は教科書のLesson 4まで。",
             "範囲表を早めに配っておきましょう。"),
            ("u_new", 0.36, "生徒会の予算会議で削られて、クラス企画費は2万5千円になっちゃいました…。段ボールは家から持ってきてもらうしかない。",
             "近くのスーパーで段ボールをもらえないか聞いてみるのも手です。"),
            ("x3", 0.41, "うちの企画、段ボールで迷路を作って、暗幕は演劇部から借りられることになりました。",
             "演劇部の協力はありがたいですね。"),
            ("n_new", 0.47, "マイケル先生、家族の事情で急にアメリカに戻ることになったそうです。審査は後任のALTのエミリー先生が引き受けてくれました。",
             "急な話でしたね。引き継いでくださる方がいてよかったです。"),
            ("x4", 0.53, "坂本先生から、2年生の進路講演会が11月20日に入ったと連絡がありました。",
             "講演会の日は授業が一コマ減りますね。"),
            ("d_new", 0.60, "予選の件で連絡。視聴覚室が機材の入れ替えで使えない週だったらしく、1週間延びて11月13日になりました。",
             "準備期間が少し延びたと思えばいいですね。"),
            ("x5", 0.67, "修学旅行は12月9日から4日間、行き先は台湾です。パスポートの確認を急がないと。",
             "申請に時間がかかる子もいるので、早めの確認がいいですね。"),
            ("x6", 0.74, "期末テストは12月1日から。修学旅行とかぶらなくてよかった。",
             "スケジュール的にはぎりぎりですね。"),
            ("x7", 0.82, "スピーチの原稿、松尾さんのがすごくいい。おじいさんの話で、読んでてちょっと泣きそうになりました。",
             "本人の体験が入ると強いですね。"),
            ("t1", 1.3, "文化祭、大盛況でした!行列ができました。",
             "おめでとうございます!"),
            ("t2", 1.7, "予選、終わりました。3人が本選に進みます。",
             "すばらしい結果ですね。"),
        ],
        "questions": [
            ("name", "スピーチコンテスト校内予選の審査をするのは誰ですか?", ["n_new:u"], ["エミリー先生", "エミリー"], ["マイケル先生", "マイケル"]),
            ("number", "文化祭のクラス企画の予算はいくらですか?", ["u_new:u"], ["2万5千円"], ["3万円"]),
            ("date", "スピーチコンテストの校内予選はいつですか?", ["d_new:u"], ["11月13日"], ["11月6日"]),
            ("decision", "2年3組の文化祭の企画は何に決まりましたか?", ["c:u"], ["お化け屋敷"], []),
            ("reason", "テストで電子辞書を使いたいという要望を断った理由は何ですか?", ["r:u"], ["共通テストでは使えない", "共通テスト"], []),
        ],
    },
    {
        "id": "b15-ja-04", "lang": "ja", "kind": "s", "level": "h", "n": 166,
        "ctx": {
            "students": [P("佐藤さん", "f"), P("鈴木くん", "m"), P("阿部さん", "f"), P("千葉くん", "m"), P("菅原さん", "f"),
                         P("遠藤くん", "m"), P("及川さん", "f"), P("熊谷くん", "m"), P("今野さん", "f"), P("三浦くん", "m")],
            "colleagues": [P("斎藤先生", "m"), P("大友先生", "f"), P("伊藤先生", "m"), P("菊地先生", "f"), P("事務の庄司さん", "f")],
            "friends": [P("里美", "f"), P("真由", "f"), P("浩二", "m"), P("恵", "f")],
            "places": [PL("松島"), PL("秋保温泉"), PL("山形"), PL("蔵王"), PL("石巻")],
            "city": "仙台", "years": [3], "months": [1, 2, 3], "me": "f",
        },
        "avoid": ["小野寺", "フォーム", "勤務時間", "参観"],
        "script": [
            ("intro", 0.0, "あけましておめでとうございます。3学期も理科の授業と科学部、よろしくお願いします。1年生4クラスと2年生2クラスを持っています。",
             "今年もよろしくお願いします。3学期は短いので、予定を早めに押さえましょう。"),
            ("u_old", 0.05, "3学期の実験の消耗品予算、18,000円でもらえることになりました。",
             "何に使うか、大きい実験から順に割り振っておきましょう。"),
            ("d_old", 0.10, "2年生の授業参観は1月24日、5校時です。電流と磁界の実験を見せたいな。",
             "見栄えのする実験ですね。準備物のリストを作っておきます。"),
            ("name", 0.15, "2月から3週間、教育実習生が来ます。小野寺さん、東北大の理学部だそうです。",
             "理科の実習生は心強いですね。"),
            ("c", 0.20, "実験レポート、今学期からはノート提出じゃなくてGoogleフォームで出させることにしました。集計が楽なので。",
             "一人一台端末があるとやりやすいですね。"),
            ("r", 0.25, "保護者の方から科学部の朝の活動を再開してほしいと言われたけど、お断りしました。朝の活動は教員の勤務時間外になるので、学校としてもやめた経緯があるんです。",
             "学校の方針として説明できるのは大事ですね。"),
            ("x1", 0.30, "1年生の校外学習は2月13日、八木山動物公園です。",
             "防寒対策のお知らせも一緒に出しましょう。"),
            ("x2", 0.35, "科学部、市の科学作品展で入賞しました!3月2日に表彰式があります。",
             "おめでとうございます!"),
            ("u_new", 0.42, "事務の庄司さんから連絡がありました。年度末で予算が締まって、消耗品は15,000円が上限だそうです。実験を一つ削らないと。",
             "演示実験に切り替えられるものを探してみましょう。"),
            ("x3", 0.48, "大友先生が、1年生の学年末テストの問題を一緒に作ろうって。締め切りは2月20日。",
             "分担を決めておくとスムーズですね。"),
            ("d_new", 0.55, "授業を見てもらう日、1月じゃなくなりました。インフルエンザの流行を見て延期で、新しい日は2月7日だそうです。",
             "延期なら準備の時間が取れますね。"),
            ("x4", 0.62, "高校入試の関係で、3年生の授業は3月からほとんどなくなります。",
             "その分、学年末の行事に集中できそうですね。"),
            ("x5", 0.70, "修了式は3月24日です。",
             "了解です。"),
            ("x6", 0.78, "斎藤先生が来年度の理科室の配置を変えたいそうで、意見を出すことになりました。",
             "使いやすい動線を考えておきましょう。"),
            ("t1", 1.3, "実習生の研究授業、すごくよかった。生徒も楽しそうでした。",
             "いい経験になったでしょうね。"),
            ("t2", 1.7, "2年生に見せた実験、無事に成功しました。電線が動いた瞬間、保護者の方からも声が上がって。",
             "大成功ですね!"),
        ],
        "questions": [
            ("name", "2月から来る教育実習生の名前は何ですか?", ["name:u"], ["小野寺"], []),
            ("number", "3学期の実験の消耗品予算は、いくらまで使えますか?", ["u_new:u"], ["15,000円", "15,000"], ["18,000円", "18,000"]),
            ("date", "2年生の授業参観はいつですか?", ["d_new:u"], ["2月7日"], ["1月24日"]),
            ("decision", "実験レポートはどうやって提出させることにしましたか?", ["c:u"], ["Googleフォーム"], []),
            ("reason", "科学部の朝の活動の再開を断った理由は何ですか?", ["r:u"], ["勤務時間外"], []),
        ],
    },
]

# --- more filler talk (secondary-only, primary-only and general) -----------
POOL_EN += [
    ("h", "Year {YR} have a mock next week and {S} has only just realised.",
     "Better now than the night before. A one-page checklist might calm {S:him/her} down."),
    ("h", "Caught {S} doing {S:his/her} maths homework under the desk in my lesson.",
     "At least it's homework. A quiet word and it goes in the bag till the end."),
    ("h", "Phones went off in my lesson {W} times today. The new policy isn't working.",
     "Consistency is everything with phone rules. Maybe a box by the door?"),
    ("h", "{S} asked me for a reference for a Saturday job at a café. Sweet.",
     "Keep it short and specific: reliable, polite, one example."),
    ("h", "Had to confiscate a vape today. The paperwork took longer than the lesson.",
     "Frustrating, but at least it's logged."),
    ("h", "{S} finally spoke up in a class discussion. Quiet kid, brilliant point.",
     "Tell {S:him/her} so, privately — it makes the next time easier."),
    ("h", "Running an after-school revision session on {DAY}. {N} signed up; probably half will come.",
     "Make it drop-in and bring snacks. Attendance goes up."),
    ("h", "Timetable quirk: on {DAY} I've got period 1 and period 6 at opposite ends of the building and nothing in between.",
     "Block the gap for marking — it's the most reliable free time you'll get."),
    ("h", "A sixth former asked for help with a personal statement. I said ten minutes. It was an hour.",
     "Generous of you. Maybe offer a fixed slot next time."),
    ("h", "Department meeting on {D} — apparently it's about 'data'. Brace.",
     "Bring something to mark, just in case."),
    ("h", "Year {YR} asked if we can do a quiz in the last lesson before the holidays.",
     "Great idea — and they can write the questions themselves."),
    ("e", "{S} brought in a snail for show and tell. It escaped. We found it on the whiteboard.",
     "Best show and tell ever."),
    ("e", "Golden time on Friday was chaos. {N} kids, one parachute.",
     "Parachute games always win."),
    ("e", "{S} cried because {S:his/her} sunflower seedling died. We're planting another one.",
     "A good lesson in trying again."),
    ("a", "My sister wants me to babysit on {D}. Her two are more exhausting than my whole week.",
     "Different kind of tiring! Maybe make it a film night."),
    ("a", "Can you suggest a quick stretch for after standing all day?",
     "Calf stretches against a wall and a slow forward fold. Two minutes and your back will thank you."),
    ("a", "Got a parking ticket outside the dentist. {M}. In my birthday week.",
     "Appeal if the signs were unclear — it sometimes works."),
    ("a", "{F} has asked me to be godparent to the baby. I'm really touched.",
     "That's lovely. A good picture book is a classic first present."),
    ("a", "Pub quiz last night with {F}. We came second to last, but we won the picture round.",
     "The picture round is the one that matters."),
]
POOL_RU += [
    ("h", "Сегодня на уроке у кого-то {W:раз/раза/раз} звонил телефон. Новое правило не работает.",
     "С телефонами главное — последовательность. Может, коробку у двери?"),
    ("h", "{S} попросил{S:/а} характеристику для спортшколы. Приятно.",
     "Коротко и конкретно: ответственный, вежливый, один пример."),
    ("h", "Отобрал{ME:/а} сегодня вейп у восьмиклассника. Бумаги оформлял{ME:/а} дольше, чем шёл урок.",
     "Неприятно, но хотя бы всё зафиксировано."),
    ("h", "{S} наконец-то высказал{S:ся/ась} на обсуждении. Тихоня, а мысль — блестящая.",
     "Скажите {S:ему/ей} об этом лично — в следующий раз будет легче."),
    ("h", "Консультация после уроков в {DAY.acc}: записались {N:человек/человека/человек}, придёт, наверное, половина.",
     "Сделайте её свободной по формату — приходить можно в любой момент."),
    ("s", "В расписании окно между вторым и шестым уроками. Четыре часа!",
     "Можно забронировать это время под проверку — дома будет свободнее."),
    ("s", "Методобъединение на {D}, опять до вечера.",
     "Возьмите с собой что-нибудь на проверку."),
    ("s", "Дети из {YR}-го класса спросили, можно ли устроить квиз на последнем уроке четверти.",
     "Отличная идея — и вопросы можно доверить им самим."),
    ("s", "{S} {S:принёс/принесла} мне яблоко. Как в кино.",
     "Классика жанра!"),
    ("s", "В учительской сломалась кофемашина. {C} переживает это как личную трагедию.",
     "Учительская без кофе — это серьёзно. Может, скинуться на новую?"),
    ("s", "{ME:Искал/Искала} ключ от кабинета {N:минуту/минуты/минут}. Он был в кармане.",
     "Классика. Может, яркий брелок?"),
    ("a", "Сестра просит посидеть с племянниками {D}. Они утомительнее, чем вся моя неделя.",
     "Другой вид усталости! Можно устроить киновечер."),
    ("a", "Подскажи растяжку после целого дня на ногах.",
     "Икры у стены и медленный наклон вперёд. Две минуты — и спина скажет спасибо."),
    ("a", "{ME:Получил/Получила} штраф за парковку у поликлиники, {M}.",
     "Если знака толком не видно, можно попробовать обжаловать."),
    ("a", "{F} {F:позвал/позвала} меня в крёстные. Очень трогательно.",
     "Как здорово! Хорошая детская книжка — классический первый подарок."),
    ("a", "Ходили с {F.ins} на квиз в бар. Заняли предпоследнее место, зато выиграли музыкальный раунд.",
     "Музыкальный раунд — главный."),
    ("s", "{C} {C:посмотрел/посмотрела} мой конспект открытого урока. Всё в красной ручке.",
     "Зато видно, что посмотрели внимательно."),
    ("s", "{P}-й урок сегодня отменили, успел{ME:/а} проверить полстопки.",
     "Удачное окно!"),
    ("s", "{S} каждое утро поливает цветы в кабинете, никто не просил.",
     "Вот так сами собой и появляются ответственные."),
    ("h", "{S} на пробнике написал{S:/а} на {N:балл/балла/баллов} лучше, чем в прошлый раз.",
     "Приятно, когда труд виден в цифрах."),
    ("a", "{ME:Подсел/Подсела} на сериал, сижу до ночи.",
     "Правило одной серии — если получится его соблюдать."),
    ("s", "{F} {F:привёз/привезла} конфеты из отпуска, в учительской их смели за пять минут.",
     "Популярные конфеты!"),
    ("a", "{ME:Собирался/Собиралась} на выходных разобрать шкаф, а в итоге проспал{ME:/а} до обеда.",
     "Значит, организму это было нужнее."),
    ("s", "Поменял{ME:/а} очки — теперь вижу доску с последней парты. А раньше как жил{ME:/а}?",
     "Отлично, что наконец поменяли."),
]
POOL_JA += [
    ("h", "{S}、明日が小テストだってこと、さっき知ったらしいです。",
     "前日でも気づいてよかったです。要点を1枚にまとめてあげるといいかも。"),
    ("h", "授業中、スマホの通知音が{W}回鳴りました。ルールが形だけになってる…。",
     "ルールは続けることが大事ですね。回収ボックスを置く学校もありますよ。"),
    ("h", "{S}がディスカッションで初めて発言しました。普段静かな子なのに、すごくいい意見。",
     "あとでこっそり褒めてあげると、次も言いやすくなりますよ。"),
    ("h", "{DAY}の放課後に補習をやります。{N}人申し込みがあったけど、来るのは半分かな。",
     "出入り自由にすると来やすくなりますよ。"),
    ("h", "時間割、1時間目と6時間目だけって日があって、間が長すぎる。",
     "空き時間を丸付けの時間と決めておくと、家が楽になりますよ。"),
    ("h", "部活の顧問会議が{D}に入りました。また夜までかな。",
     "丸付けを持っていきましょう。"),
    ("h", "{S}が進路のことで相談に来ました。まだ迷ってるみたい。",
     "まずは話を聞くだけでも十分だと思います。"),
    ("h", "定期テストの問題、作り終わりました。ちょっと多すぎたかも。",
     "一度ご自身で解いてみて、時間内に終わるか確かめましょう。"),
    ("s", "職員室のコーヒーメーカーが壊れました。{C}がかなり落ち込んでます。",
     "一大事ですね。みんなで出し合って新しいのを買うとか?"),
    ("s", "教室の鍵を{N}分探してたら、ポケットに入ってました。",
     "あるあるです。目立つキーホルダーを付けてみては。"),
    ("s", "{C}から、学年のクイズ大会の司会を頼まれました。",
     "楽しそうですね!"),
    ("e", "{S}が、生活科で育てたミニトマトを1個持ってきてくれました。",
     "うれしいおすそわけですね。"),
    ("a", "姉から{D}に甥っ子たちを預かってほしいって。一週間の仕事より疲れるんですよね。",
     "また別の疲れ方ですね。映画の日にしちゃいましょう。"),
    ("a", "一日立ちっぱなしのあとにいいストレッチありますか?",
     "壁に手をついてふくらはぎを伸ばして、ゆっくり前屈。2分で腰が楽になります。"),
    ("a", "病院の前で駐車違反の切符を切られました。{M}…。",
     "標識がわかりにくかったなら、問い合わせてみる価値はあります。"),
    ("a", "友達の{F}に赤ちゃんが生まれて、今度会いに行きます。お祝い、何がいいかな。",
     "絵本やスタイは定番で喜ばれますよ。"),
    ("a", "{F}とカラオケに行って、3時間歌いっぱなしでした。声がガラガラ。",
     "明日の授業、マイクがあると助かりそうですね。"),
    ("s", "{C}に、今度の研究授業の指導案を見てもらいました。赤ペンだらけ。",
     "赤が多いのは、それだけ丁寧に見てもらえた証拠ですね。"),
    ("s", "今日は{P}時間目が急に空いて、思いがけず丸付けが進みました。",
     "ラッキーな時間でしたね。"),
    ("s", "{S}が落とし物のペンケースを届けてくれました。中身まで確認してくれてた。",
     "気が利きますね。ぜひ褒めてあげてください。"),
    ("s", "教室の観葉植物、{S}が毎朝水をやってくれてます。頼んでないのに。",
     "いい係が自然に生まれましたね。"),
    ("h", "{S}、模試の英語が前回より{N}点上がってました。",
     "努力が数字に出ると励みになりますね。"),
    ("h", "保護者会の資料を{NB}部印刷したら、紙がなくなりました。",
     "事務室に在庫を聞いてみましょう。"),
    ("a", "最近ハマってるドラマがあって、つい夜更かししちゃいます。",
     "一話だけ、と決めて見るのがおすすめです…守れれば。"),
    ("s", "{F}からもらったお土産のお菓子、職員室に持っていったら一瞬でなくなりました。",
     "人気のお菓子だったんですね。"),
    ("a", "週末は大掃除をするつもりが、結局ずっと寝てました。",
     "体が休みを欲しがっていたんですね。"),
    ("s", "眼鏡を新しくしたら、教室の後ろの掲示までよく見えるようになりました。今まで何だったんだろう。",
     "快適になってよかったです。"),
]

POOLS = {"en": POOL_EN, "ru": POOL_RU, "ja": POOL_JA}
SPECS = SPEC_EN + SPEC_RU + SPEC_JA

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
