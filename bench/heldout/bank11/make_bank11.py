#!/usr/bin/env python3
"""Held-out bank 11: twelve long operations chats (4 en, 4 ru, 4 ja), five questions each.

    python3 make_bank11.py           build the bank, check it, write five_questions_bank11.json
    python3 make_bank11.py --check   check the written file only

Standard library only.  Deterministic: every dialog draws from its own
random.Random seeded with zlib.crc32 of its id; nothing reads the clock.
"""
import json
import os
import random
import re
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "five_questions_bank11.json")
TAIL = 34
KINDS = ("name", "number", "date", "decision", "reason")
BANK = "bank11"


def occurs(s, text, lang):
    """The scorer's rule: ja = plain substring; en/ru = case-insensitive, word-bounded."""
    if lang == "ja":
        return s in text
    return re.search(r"(?<!\w)" + re.escape(s) + r"(?!\w)", text, re.IGNORECASE) is not None


def U(text, *tags):
    return ("user", text, tags)


def A(text, *tags):
    return ("assistant", text, tags)


class Rep(list):
    """Small-talk pairs that may recur in a dialog (each pair at most REP_CAP times)."""


# ---------------------------------------------------------------- number formatting

def fnum(x, nd=1):
    s = f"{x:.{nd}f}"
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return s


def en_int(n):
    return f"{n:,}"


def en_money(x):
    s = f"{x:,.2f}"
    return s[:-3] if s.endswith(".00") else s


def ru_int(n):
    return f"{n:,}".replace(",", " ")


def ru_dec(x, nd=1):
    return fnum(x, nd).replace(".", ",")


def ru_money(x):
    s = f"{x:,.2f}".replace(",", " ").replace(".", ",")
    return s[:-3] if s.endswith(",00") else s


def ja_int(n):
    return f"{n:,}"


EN_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
RU_DAYS_ACC = ["понедельник", "вторник", "среду", "четверг", "пятницу", "субботу", "воскресенье"]
JA_DAYS = ["月曜", "火曜", "水曜", "木曜", "金曜", "土曜", "日曜"]


# ================================================================= English filler

def en_oz(r, sl):
    g = r.choice([125, 200, 250, 300, 450, 500, 750, 900, 1200, 1500])
    oz = g / 28.3495
    u = r.choice([f"How many ounces is {g} grams?",
                  f"American recipe wants ounces and I've got grams. {g} g is how many oz?",
                  f"Quick one — {g} g in ounces?"])
    a = r.choice([f"{g} g is about {fnum(oz)} oz.",
                  f"Roughly {fnum(oz)} oz (divide grams by 28.35)."])
    return u, a


def en_lb(r, sl):
    kg = r.choice([2, 3, 5, 8, 12, 16, 20, 25, 32])
    lb = kg * 2.20462
    u = r.choice([f"What's {kg} kg in pounds?", f"Customer's asking in pounds — {kg} kilos is what, roughly?",
                  f"{kg} kg in lb, go."])
    a = r.choice([f"{kg} kg is about {fnum(lb)} lb.", f"Roughly {fnum(lb)} pounds."])
    return u, a


def en_temp(r, sl):
    if r.random() < 0.5:
        c = r.choice([4, 8, 18, 21, 24, 63, 75, 160, 180, 200, 220, 230])
        f = c * 9 / 5 + 32
        u = r.choice([f"{c}°C in Fahrenheit?", f"What's {c} degrees C in F? American friend asking.",
                      f"Convert {c}°C to Fahrenheit for me."])
        a = f"{c}°C is {fnum(f)}°F."
    else:
        f = r.choice([40, 41, 68, 75, 140, 165, 350, 375, 400, 425, 450])
        c = (f - 32) * 5 / 9
        u = r.choice([f"What's {f}°F in Celsius?", f"Recipe says {f} F. In C?", f"{f} Fahrenheit to Celsius please."])
        a = f"{f}°F is about {fnum(c, 0)}°C."
    return u, a


def en_miles(r, sl):
    if r.random() < 0.5:
        mi = r.choice([3, 5, 7, 12, 18, 26, 40, 65])
        u = r.choice([f"How far is {mi} miles in km?", f"{mi} miles in kilometres?"])
        a = f"{mi} miles is about {fnum(mi * 1.60934)} km."
    else:
        km = r.choice([5, 8, 10, 15, 21, 30, 50, 120])
        u = r.choice([f"{km} km in miles?", f"How many miles is {km} km?"])
        a = f"{km} km is about {fnum(km / 1.60934)} miles."
    return u, a


def en_litres(r, sl):
    l = r.choice([2, 3, 5, 10, 12, 20, 25])
    if sl.get("us"):
        u = r.choice([f"{l} liters in gallons?", f"How many US gallons is {l} liters?"])
        a = f"{l} liters is about {fnum(l / 3.78541, 2)} US gallons."
    else:
        u = r.choice([f"{l} litres in pints?", f"How many pints is {l} litres?"])
        a = f"{l} litres is about {fnum(l * 1.75975)} UK pints."
    return u, a


def en_pct(r, sl):
    cur = sl["cur"]
    p = r.choice([5, 8, 12, 15, 20, 25, 30, 35])
    x = r.choice([36, 48, 72, 95, 120, 180, 240, 360, 480, 750, 1280, 2400])
    v = x * p / 100
    u = r.choice([f"What's {p}% of {cur}{en_int(x)}?", f"{p} percent of {cur}{en_int(x)}, quickly?",
                  f"If I knock {p}% off {cur}{en_int(x)}, what's left?"])
    if "knock" in u:
        a = f"{cur}{en_money(x - v)} — that's {cur}{en_money(v)} off."
    else:
        a = f"{cur}{en_money(v)}."
    return u, a


def en_margin(r, sl):
    cur = sl["cur"]
    c = r.choice([0.6, 0.85, 1.2, 1.75, 3.4, 4.5, 6, 12, 18, 22])
    m = r.choice([30, 40, 50, 60, 65])
    price = c / (1 - m / 100)
    u = r.choice([f"If something costs me {cur}{en_money(c)} and I want a {m}% margin, what do I charge?",
                  f"Cost is {cur}{en_money(c)}. Selling price for a {m}% margin?"])
    a = (f"You'd need to sell at about {cur}{en_money(round(price, 2))}. "
         f"Margin is worked out on the selling price, so it's cost ÷ (1 − {m/100:g}), not cost plus {m}%.")
    return u, a


def en_split(r, sl):
    cur = sl["cur"]
    n = r.choice([3, 4, 5, 6, 7, 8])
    x = r.choice([54, 72, 96, 130, 148, 210, 275])
    u = r.choice([f"{n} of us are splitting a {cur}{x} bill. How much each?",
                  f"Leaving present for someone, {cur}{x} between {n} people — what's each share?"])
    a = f"{cur}{en_money(round(x / n, 2))} each."
    return u, a


def en_hours(r, sl):
    s = r.choice([5, 6, 7, 8, 9])
    e = s + r.choice([6, 7, 8, 9])
    brk = r.choice([30, 45, 60])
    tot = (e - s) * 60 - brk
    u = r.choice([f"Someone working {s}:00 to {e}:00 with a {brk}-minute unpaid break — how many paid hours?",
                  f"Paid hours for a {s} till {e} shift, {brk} min break?"])
    a = f"{tot // 60} hours." if tot % 60 == 0 else f"{fnum(tot / 60, 2)} hours ({tot // 60} h {tot % 60} min)."
    return u, a


EN_GENERIC = [
    Rep([("Morning!", "Morning! What's first on the list today?"),
     ("Hiya, back again.", "Hello again — what can I do for you?"),
     ("Right, I'm in. Coffee's on, brain isn't yet.", "Ha — take your time. Shout when you're ready."),
     ("Evening. Long one today.", "Evening! Sounds like it. Anything you want off your plate before you switch off?"),
     ("Hello hello. Five quiet minutes for once.", "Enjoy them while they last! Anything you want to knock out while it's calm?")]),
    Rep([("It's absolutely chucking it down here.", "Grim. Hope you don't have to be out in it much today."),
     ("Grey and drizzly again. Standard.", "Very on brand. At least it's not sideways rain today."),
     ("Actual sunshine today, the whole street's out.", "Lovely. Fingers crossed it holds for the weekend.", "spring summer"),
     ("So muggy today, everything's sticky.", "Horrible weather to work in. Keep water nearby and take proper breaks if you can.", "summer"),
     ("Bitter out there this morning.", "Wrap up — and give the car a few minutes to warm up before you set off.", "winter autumn")]),
    [("Freezing this morning. Scraped the windscreen with a loyalty card.", "The classic emergency scraper. Might be worth keeping a proper one in the glovebox.", "winter autumn"),
     ("Wind's so strong the A-board went for a walk down the road.", "Ha! A weighted base or bringing it in on gusty days might save it."),
     ("Clocks changed and my body has no idea what time it is.", "It takes a few days. Early nights and a bit of daylight first thing help.", "spring autumn"),
     ("First properly warm day. Everyone's lost their minds.", "Ha — cold drinks weather. Enjoy it while it lasts.", "spring summer"),
     ("Leaves everywhere outside the front. It's like a carpet.", "Worth a sweep — wet leaves on the step are a slip hazard.", "autumn"),
     ("Hailstones the size of peas just now. Middle of the day.", "Dramatic! Hope nobody got caught out in it.", "winter spring")],
    Rep([("My back is killing me today.", "Sorry to hear that. Bend at the knees, keep loads close, and maybe let someone else take the heavy stuff today."),
     ("Didn't sleep a wink last night.", "That's rough. Maybe save the fiddly admin for tomorrow and stick to routine jobs today?"),
     ("Everyone wants everything yesterday this week.", "One of those weeks. Want to list what's genuinely urgent and I'll help you order it?")]),
    [("I've answered the same question from customers about nine times today.", "Might be worth a little FAQ on the website or a sign by the till. Want me to draft one?"),
     ("Had a customer shout at me over something that wasn't even our fault.", "That's horrible, sorry. You're allowed to take five minutes before the next thing.")],
    [("Tell me a joke, I need it.", "Why did the scarecrow win an award? Because he was outstanding in his field."),
     ("Go on, cheer me up. Joke please.", "I told my accountant a joke about paper. It was tearable."),
     ("Give me a terrible pun for the staff group chat.", "Why don't eggs tell jokes? They'd crack each other up."),
     ("Joke. Quick. Before I lose it.", "What do you call a fake noodle? An impasta."),
     ("Got any jokes that aren't about bread or dads?", "Why did the bicycle fall over? It was two-tired. Okay, that one's a bit dad.")],
    [("Is it 'stationery' or 'stationary' for envelopes and paper?", "Stationery — with an e, like envelopes. 'Stationary' with an a means standing still."),
     ("'Affect' or 'effect' — 'this will ___ your delivery'?", "Affect. 'Affect' is usually the verb, 'effect' the noun: 'this will affect your delivery', 'the effect on your delivery'."),
     ("Complimentary or complementary for free coffee?", "Complimentary — that's the free-of-charge one. Complementary means things that go well together."),
     ("Is it 'per se' or 'per say'?", "Per se — Latin for 'by itself'."),
     ("Do I write 'practice' or 'practise' as a verb?", "In British English the verb is 'practise' and the noun is 'practice'. American English uses 'practice' for both.")],
    Rep([("Thanks, that's all for now.", "Anytime — speak later."),
     ("Cheers, you're a star.", "Happy to help!"),
     ("Brilliant, ta.", "No problem at all."),
     ("OK, off to put out fires. Later.", "Good luck — I'm here when you need me."),
     ("Perfect, that's exactly what I needed.", "Great! Shout if anything else comes up.")]),
    [("Can you draft a polite text to a customer saying their order is running a day late?", "Here's one: “Hi, just a quick note to say your order is running a day behind — really sorry about that. It'll be with you tomorrow and we'll let you know as soon as it's on its way. Thanks for your patience!”"),
     ("Need a short, polite message chasing an unpaid invoice. Nothing aggressive.", "Try this: “Hi, hope all's well. Just a gentle reminder that last month's invoice is still showing as unpaid. Could you let me know when we can expect payment? Happy to resend it if that helps. Thanks!”"),
     ("Write me an out-of-office for when I'm off for a few days.", "“Thanks for your message. I'm away for a few days with limited access to email. For anything urgent, please call and the team will help. I'll reply as soon as I'm back.”"),
     ("How do I politely say no to someone asking for a discount?", "Something like: “Thanks for asking — we keep our prices the same for everyone so it stays fair, but I'm happy to make sure you get exactly what you need.” Friendly, firm, no apology spiral."),
     ("Help me reply to a customer who says we were rude on the phone.", "“Thank you for letting us know, and I'm sorry the call left you feeling that way — it's not how we want anyone to be treated. I'll talk to the team. If there's anything still outstanding from that call, I'll sort it personally.”")],
    [("How do I add up a column in Google Sheets only where the next column says 'paid'?", "Use SUMIF: =SUMIF(B:B, \"paid\", A:A) adds the values in column A wherever column B says paid."),
     ("How do I count how many rows say 'late' in column C?", "=COUNTIF(C:C, \"late\") will do it."),
     ("Sheets keeps showing my dates as numbers. Help.", "Select the column, then Format → Number → Date. The numbers are just how Sheets stores dates."),
     ("Quick way to stop the header row scrolling away in Sheets?", "View → Freeze → 1 row. The header stays put while you scroll."),
     ("How do I make a cell go red when it's below zero?", "Format → Conditional formatting, pick 'Less than', enter 0, and choose a red fill.")],
    [("Remind me what 'net 30' means on an invoice.", "Payment is due within 30 days of the invoice date."),
     ("What's the difference between a quote and an estimate?", "A quote is a fixed price you're committing to; an estimate is a best guess that can change. If you want wiggle room, call it an estimate."),
     ("What's a pro forma invoice again?", "A preliminary invoice sent before the goods or service are delivered — basically a formal quote that looks like an invoice, often used to ask for payment up front."),
     ("What does 'FOB' mean on a supplier price list?", "Free On Board: the price covers getting the goods loaded at the origin; after that, shipping costs and risk are yours."),
     ("What's a credit note, in plain English?", "A document from the seller that reduces what you owe — for returns, short deliveries or overcharges. It's like a negative invoice.")],
    [("What should I have for lunch, I have no imagination left.", "Something you can eat with one hand between jobs? A wrap, soup in a flask, or leftovers on toast."),
     ("Skipped lunch again.", "Not ideal. Even a banana and a handful of nuts will keep you going until you can sit down."),
     ("Third coffee and it's not even ten.", "Maybe make the fourth one a glass of water!"),
     ("Someone brought cake in. Productivity over.", "Cake is a valid break. Back to it after a slice.")],
    [("My daughter's got a school project on volcanoes and I'm apparently the expert now.", "The baking-soda-and-vinegar volcano never fails. Want a few facts she could use too?"),
     ("Dog ate a tea towel. Vet says he'll be fine.", "Glad he's OK! Tea towels clearly aren't on the approved menu."),
     ("Football last night... don't ask.", "Consider it not asked. Better luck next week."),
     ("My neighbour's started learning the trumpet. At 7am.", "Ouch. Maybe a friendly word about practice times?"),
     ("Car's making a new noise. Great.", "The worst kind of surprise. If it's a squeal when braking, get it looked at soon.")],
    [("Give me three ideas for an Instagram post this week, I'm stuck.", "1) A behind-the-scenes shot of the early start. 2) A 'meet the team' photo with one fun fact. 3) A quick before-and-after of something you made or fixed."),
     ("What time is best to post on Instagram for a local business?", "Usually early morning or around lunchtime on weekdays, when people scroll on breaks — but check your own insights after a couple of weeks."),
     ("Write a two-line bio for our Google business profile.", "“Small independent business, big on doing things properly. Friendly faces, fair prices, and we actually pick up the phone.”")],
    [("What's a polite way to end a phone call with someone who won't stop talking?", "Try: “I'm going to have to let you go — I've got someone waiting — but thanks so much for calling.” Warm, final, no excuses needed."),
     ("How do I word a sign saying 'card only today'?", "“Sorry — card payments only today. Thanks for understanding!” Short and friendly works best."),
     ("Help me write a two-line 'we're hiring' post.", "“We're hiring! Looking for a reliable, friendly person to join our small team. Message us or pop in for a chat.”"),
     ("Is 'Dear Sir/Madam' too old-fashioned for emails now?", "A bit. 'Hello' or 'Hi there' is fine for most business emails — and use the person's name whenever you can."),
     ("How do I say 'please pay on time' on an invoice without sounding rude?", "Add a line like “Payment due within 14 days — thank you for paying promptly!” Polite, clear, and it sets the expectation.")],
    [("My laptop's running like treacle.", "Restart it properly, not just sleep. Then check for updates and close the browser tabs you don't need — browsers eat memory."),
     ("How do I take a screenshot on Windows?", "Windows key + Shift + S lets you drag a box; it's copied to the clipboard and you can paste it anywhere."),
     ("Printer says it's offline. It's literally next to me.", "Turn it off and on, then check it's on the same Wi-Fi as the laptop. If it still says offline, remove it and add it again in the printer settings."),
     ("Should I use the same password for everything? Asking for me.", "Please don't! A password manager makes unique passwords painless, and turn on two-step verification for email and banking at least."),
     ("Got an email saying our domain's about to expire, pay via this link. Legit?", "Be careful — that's a very common scam. Log in to your domain provider directly, not via the link, and check the renewal date there.")],
    [("Going to try and take a whole day off this weekend.", "Do it! Notifications off, and tell the team you're unreachable unless something's actually on fire."),
     ("My mum wants to know why I'm always tired. I run a business, Mum.", "Ha. Maybe send her this chat as evidence."),
     ("Just found a twenty in my coat pocket. Best thing that's happened all week.", "The small victories count! Spend it on something nice.", "autumn winter spring"),
     ("Recommend something to listen to on the drive in?", "Something short and light — a daily news summary or a 20-minute comedy podcast suits a commute."),
     ("Gym or sofa tonight?", "A short walk is the compromise nobody regrets.")],
    [("Is it worth paying someone to do my bookkeeping?", "Usually yes, if it frees up a few hours a month for the business — and a good bookkeeper often spots savings that cover their fee."),
     ("How long should I keep receipts?", "Most tax authorities want business records kept for around five or six years — check the rule where you are. Scanned copies are usually fine."),
     ("What's the difference between gross and net profit, simply?", "Gross profit is sales minus the direct cost of what you sold. Net profit is what's left after everything else too — rent, wages, bills."),
     ("Why do I have profit on paper but no cash in the bank?", "Profit and cash aren't the same. Unpaid invoices, stock on the shelves and loan repayments all eat cash while the books still show a profit."),
     ("Should I raise prices or cut costs first?", "Small price rises often hurt less than people fear — customers notice quality cuts more than a few pence. Look at both, but don't be scared of a modest rise.")],
    [("What's another word for 'delicious' that isn't 'delicious'?", "Moreish, scrumptious, mouth-watering, delectable — or just 'really good', which people tend to trust more."),
     ("'Fewer' or 'less' — 'fewer than ten items'?", "Fewer — for things you can count. 'Less' is for amounts: less time, less milk."),
     ("Is it 'could of' or 'could have'?", "Could have (or could've). 'Could of' is a mishearing of could've."),
     ("How do I spell 'accommodation'? I always get it wrong.", "Accommodation — two c's and two m's."),
     ("Does 'ASAP' sound rude in an email?", "It can come across as pushy. 'When you get a chance', or a specific date, is friendlier and clearer.")],
    en_oz, en_lb, en_temp, en_miles, en_litres, en_pct, en_margin, en_split, en_hours,
]


# ================================================================= Russian filler

def ru_vat(r, sl):
    x = r.choice([12000, 18000, 24600, 36000, 48000, 60000, 90000, 150600, 210000])
    vat = x / 6
    u = r.choice([f"Выдели НДС 20% из {ru_int(x)} ₽, пожалуйста.",
                  f"Сколько НДС в сумме {ru_int(x)} рублей, если ставка 20%?",
                  f"Бухгалтер просит посчитать: {ru_int(x)} с НДС — сколько без НДС?"])
    a = f"НДС — {ru_money(round(vat, 2))} ₽, сумма без НДС — {ru_money(round(x - vat, 2))} ₽ (делим на 6, потому что 20/120 = 1/6)."
    return u, a


def ru_pct(r, sl):
    p = r.choice([5, 7, 10, 12, 15, 20, 25, 30])
    x = r.choice([3800, 6400, 12500, 18000, 27000, 38000, 54000, 120000])
    v = x * p / 100
    if r.random() < 0.5:
        u = r.choice([f"Сколько будет {p}% от {ru_int(x)}?", f"{p} процентов от {ru_int(x)} — это сколько?"])
        a = f"{ru_money(v)} ₽." if r.random() < 0.5 else f"{ru_money(v)}."
    else:
        u = f"Если дать скидку {p}% на {ru_int(x)} ₽, сколько останется?"
        a = f"{ru_money(x - v)} ₽, скидка составит {ru_money(v)} ₽."
    return u, a


def ru_split(r, sl):
    n = r.choice([3, 4, 5, 6, 7, 8])
    x = r.choice([4500, 6000, 7200, 9800, 12600, 15000])
    u = r.choice([f"Скидываемся на подарок коллеге: {ru_int(x)} ₽ на {n} человек, по сколько выходит?",
                  f"{ru_int(x)} ₽ поделить на {n} — по сколько с носа?"])
    a = f"По {ru_money(round(x / n, 2))} ₽ с человека."
    return u, a


def ru_units(r, sl):
    k = r.random()
    if k < 0.35:
        oz = r.choice([2, 4, 6, 8, 12, 16])
        u = r.choice([f"Рецепт американский, там {oz} унций. Это сколько граммов?", f"{oz} унций в граммах?"])
        a = f"Примерно {ru_dec(oz * 28.35, 0)} г (1 унция ≈ 28,35 г)."
    elif k < 0.7:
        f = r.choice([40, 68, 75, 350, 375, 400, 425])
        u = r.choice([f"{f} по Фаренгейту — это сколько по Цельсию?", f"Переведи {f} °F в градусы Цельсия."])
        a = f"Примерно {ru_dec((f - 32) * 5 / 9, 0)} °C."
    else:
        mi = r.choice([3, 5, 10, 26, 60])
        u = f"Сколько километров в {mi} милях?"
        a = f"Около {ru_dec(mi * 1.60934)} км."
    return u, a


def ru_hours(r, sl):
    s = r.choice([7, 8, 9, 10])
    e = s + r.choice([8, 9, 10, 11])
    brk = r.choice([30, 60])
    tot = (e - s) * 60 - brk
    u = r.choice([f"Смена с {s}:00 до {e}:00, обед {brk} минут. Сколько рабочих часов?",
                  f"Посчитай часы: с {s} до {e}, перерыв {brk} минут."])
    a = f"{tot // 60} ч ровно." if tot % 60 == 0 else f"{ru_dec(tot / 60, 2)} ч, то есть {tot // 60} ч {tot % 60} мин."
    return u, a


RU_GENERIC = [
    Rep([("Доброе утро!", "Доброе утро! С чего начнём сегодня?"),
     ("Привет, я снова тут.", "Привет! Что сегодня?"),
     ("Так, я на месте. Кофе есть, сил нет.", "Классическое утро 🙂 Давайте начнём с чего-нибудь простого."),
     ("Вечер добрый. День был огонь, и не в хорошем смысле.", "Добрый вечер! Сочувствую. Давайте разгрузим голову — что осталось нерешённым?"),
     ("Привет-привет. Есть пять минут тишины, пока никого нет.", "Отлично, давайте используем их с толком. Что сделаем первым?")]),
    Rep([("На улице льёт как из ведра.", "Ну и погодка. Главное, чтобы ничего не промокло по дороге — и вы тоже.", "spring summer autumn"),
     ("Сегодня наконец солнце, настроение сразу другое.", "Отлично! В такие дни и работается легче."),
     ("Жара невыносимая, кондиционер не справляется.", "Держитесь. Пейте побольше воды, а самое тяжёлое лучше оставить на утро или вечер.", "summer"),
     ("Мороз такой, что нос отваливается.", "Одевайтесь потеплее! И машину лучше прогревать подольше.", "winter"),
     ("Опять серо и сыро.", "Типичная погода для этого времени года. Горячий чай спасёт.", "spring autumn winter")]),
    [("Минус двадцать, машина еле завелась.", "Бр-р. В такой мороз аккумулятор правда страдает — может, на ночь ставить его на подзарядку.", "winter"),
     ("Гололёд такой, что до работы доехал{a} чудом.", "Осторожнее там! В такие дни лучше выезжать с запасом и никуда не торопиться.", "winter"),
     ("Снегу навалило, дворники не успевают.", "Осторожнее на дорогах! И проверьте, чтобы вход был расчищен — клиентам скользко.", "winter"),
     ("Тополиный пух летит, все чихают.", "Сезон пуха — держитесь. Окна днём лучше держать закрытыми.", "summer"),
     ("Сегодня первый по-настоящему тёплый день!", "Ура! Весна наконец-то пришла.", "spring"),
     ("Листья жёлтые, красота, но дождь уже третий день.", "Золотая осень с поправкой на реальность. Зонт не забывайте.", "autumn")],
    Rep([("Не выспал{sya} совсем.", "Сочувствую. Может, сегодня сделать только самое срочное, а сложное оставить на завтра?"),
     ("Спина отваливается.", "Берегите её: поднимайте тяжёлое с присядом, а не наклоняясь, и если можно — попросите кого-нибудь помочь."),
     ("Все хотят всё и вчера.", "Знакомо. Давайте выпишем, что реально горит, а что может подождать до завтра."),
     ("Устал{a} как собака, а ещё полдня впереди.", "Хотя бы десять минут перерыва с чаем — правда помогает дотянуть до вечера.")]),
    [("Голова квадратная от звонков.", "Может, выделить час, когда телефон на беззвучном, а потом перезвонить всем разом?")],
    [("Расскажи анекдот, а то я сейчас кого-нибудь покусаю.", "Жена говорит программисту: «Купи батон хлеба, а если будут яйца — возьми десяток». Он вернулся с десятью батонами: яйца же были."),
     ("Давай что-нибудь смешное, срочно.", "Бухгалтер — это человек, который точно знает, сколько денег у вас было бы, если бы вы его не наняли."),
     ("Пошути как-нибудь, только не про работу.", "Кот в квартире — это когда в три часа ночи кто-то топает по коридору, как слон, а утром делает вид, что всю ночь спал."),
     ("Анекдот про клиентов есть?", "Клиент: «Сделайте быстро, качественно и дёшево». Исполнитель: «Выберите любые два пункта»."),
     ("Подними мне настроение.", "— Доктор, я всё время забываю, что мне говорят.\n— И давно это у вас?\n— Что у меня?")],
    [("Как правильно: «в течение недели» или «в течении»?", "«В течение недели» — с «е» на конце, когда речь о времени. «В течении» — про реку или процесс: «в течении реки»."),
     ("«Надеть» или «одеть» перчатки?", "Надеть перчатки. Надевают что-то на себя, одевают кого-то: «одеть ребёнка», «надеть куртку»."),
     ("Как пишется: «по приезде» или «по приезду»?", "Правильно «по приезде». Так же: «по окончании», «по возвращении»."),
     ("«Оплатить за доставку» — так можно?", "Лучше «оплатить доставку» или «заплатить за доставку». «Оплатить за» — ошибка."),
     ("Где ударение в слове «звонит»?", "На последний слог: звонИт, звонИшь, звонЯт.")],
    Rep([("Спасибо, пока всё.", "Обращайтесь!"),
     ("Ты золото.", "Всегда пожалуйста!"),
     ("Ок, побежал{a} дальше.", "Удачи! Я тут, если что."),
     ("Супер, то что надо.", "Отлично! Пишите, если ещё что-то понадобится."),
     ("Спасибо, выручил.", "Пожалуйста! Пишите в любое время.")]),
    [("Напиши вежливое сообщение клиенту, что заказ задерживается на день.", "Вот вариант: «Здравствуйте! К сожалению, ваш заказ задерживается на один день — приносим извинения за неудобство. Завтра всё будет у вас, напишем, как только передадим в доставку. Спасибо за терпение!»"),
     ("Нужно напомнить клиенту про неоплаченный счёт, но мягко.", "«Добрый день! Напоминаем, что счёт за прошлый месяц пока не оплачен. Подскажите, пожалуйста, когда ориентироваться на оплату? Если нужно — пришлём счёт повторно. Спасибо!»"),
     ("Как вежливо отказать в скидке?", "Например: «Спасибо, что спросили! Цены у нас одинаковые для всех, но мы с радостью подберём вариант под ваш бюджет». Вежливо и без оправданий."),
     ("Набросай текст для сторис, что в праздники работаем по сокращённому графику.", "«Друзья! В праздничные дни работаем по сокращённому графику — подробности в закреплённом посте. Хороших выходных и до встречи!»"),
     ("Как помягче написать сотрудникам, чтобы не опаздывали?", "«Ребята, просьба ко всем: давайте приходить вовремя. Когда смена начинается с опозданием, страдают все, особенно утренние заказы. Спасибо!»")],
    [("Как в Экселе посчитать сумму, только если в соседнем столбце «оплачено»?", "Через СУММЕСЛИ: =СУММЕСЛИ(B:B;\"оплачено\";A:A) — сложит значения из A там, где в B стоит «оплачено»."),
     ("Как закрепить шапку таблицы в Экселе?", "Вид → Закрепить области → Закрепить верхнюю строку."),
     ("Как посчитать, сколько строк со словом «долг» в столбце C?", "=СЧЁТЕСЛИ(C:C;\"долг\")"),
     ("Эксель показывает даты как числа, что делать?", "Выделите столбец → правой кнопкой «Формат ячеек» → «Дата». Числа — это просто внутренний формат дат."),
     ("Как в Гугл-таблицах сделать выпадающий список?", "Выделите ячейки → Данные → Настроить проверку данных → «Раскрывающийся список» и впишите варианты.")],
    [("Напомни, отсрочка 30 дней — с какого дня считается?", "Обычно с даты отгрузки или подписания УПД — смотрите, как прописано в договоре. Если не прописано, лучше уточнить и зафиксировать письменно."),
     ("Что такое УПД простыми словами?", "Универсальный передаточный документ — заменяет накладную и счёт-фактуру сразу. Подписали УПД — значит, товар или услугу приняли."),
     ("Чем счёт-оферта отличается от договора?", "Счёт-оферта — это счёт, в котором прописаны условия сделки; оплата означает согласие с ними. Для разовых покупок удобно, для долгих отношений надёжнее полноценный договор."),
     ("Самозанятому можно платить наличными?", "Можно, но самозанятый должен выдать вам чек из «Мой налог» на каждую выплату. Без чека расход сложно подтвердить."),
     ("Что значит «акт сверки»?", "Документ, где вы и контрагент сверяете взаиморасчёты за период: кто кому сколько должен. Полезно делать раз в квартал.")],
    [("Опять забыл{a} пообедать.", "Непорядок. Хоть йогурт или банан между делами — иначе к вечеру совсем без сил."),
     ("Третий кофе, а ещё даже не обед.", "Может, четвёртым пусть будет стакан воды? 🙂"),
     ("Кто-то принёс торт, работа встала.", "Торт — уважительная причина. По кусочку — и обратно."),
     ("Что бы такое быстрое приготовить на ужин, сил нет совсем.", "Гречка с яйцом и овощами, паста с тунцом или омлет с сыром — десять минут, и готово.")],
    [("Сын просит помочь с презентацией про космос, а я в этом ноль.", "Могу накидать план на пять слайдов: Солнечная система, Луна, первый полёт человека, МКС и интересные факты. Хотите?"),
     ("Кот уронил горшок с фикусом. Новости дня.", "Коты — они такие. Фикус, надеюсь, выжил?"),
     ("У соседа с утра перфоратор. В субботу.", "Сочувствую. Во многих регионах в выходные шуметь с утра пораньше нельзя — можно вежливо напомнить."),
     ("Вчера наши опять проиграли.", "Сочувствую болельщицкому сердцу. В следующий раз повезёт!"),
     ("Машина опять стучит где-то спереди.", "Не затягивайте с сервисом: стук спереди часто бывает от стоек или шаровых, это про безопасность.")],
    [("Придумай три идеи для постов в соцсетях на эту неделю.", "1) Закулисье: как начинается ваш рабочий день. 2) Знакомство с командой — фото и один забавный факт. 3) «До и после» — что-то, что вы сделали своими руками."),
     ("Во сколько лучше публиковать посты?", "Обычно утром до работы и в обед, когда люди листают ленту. Но через пару недель посмотрите статистику — у вашей аудитории может быть своё время."),
     ("Напиши короткое описание для карточки в Яндекс Картах.", "«Небольшой местный бизнес, где всё делают на совесть. Приветливые люди, честные цены, и мы правда берём трубку»."),
     ("Как отвечать на плохой отзыв, чтобы не выглядеть оправдывающимся?", "Поблагодарить, коротко признать проблему, сказать, что сделали, чтобы не повторилось, и предложить связаться лично. Без «но» и без спора.")],
    [("Как вежливо закончить разговор с клиентом, который никак не уходит?", "Например: «Было очень приятно поговорить! Не буду вас задерживать — если что-то понадобится, пишите в любое время». Тепло и понятно."),
     ("Как написать объявление «сегодня только безнал»?", "«Уважаемые покупатели! Сегодня принимаем только безналичную оплату. Спасибо за понимание!»"),
     ("Набросай объявление, что мы ищем сотрудника.", "«Мы ищем в команду ответственного и доброжелательного человека. Пишите в личные сообщения или заходите познакомиться!»"),
     ("«Уважаемый» в письме — не слишком официально?", "Для делового письма — нормально. Если общение уже неформальное, вполне хватит «Добрый день, Иван!»."),
     ("Как поздравить клиентов с Новым годом, чтобы не банально?", "«Спасибо, что были с нами весь год! Пусть в новом будет больше поводов для радости — и для наших встреч». Коротко и по-человечески.", "autumn")],
    [("Ноутбук тормозит безбожно.", "Перезагрузите его по-настоящему, не через сон. Потом проверьте обновления и закройте лишние вкладки браузера — они съедают память."),
     ("Как сделать скриншот на винде?", "Win + Shift + S — выделяете область, она копируется в буфер, дальше вставляете куда нужно."),
     ("Принтер пишет «не в сети», хотя стоит рядом.", "Выключите и включите его, проверьте, что он в той же Wi-Fi-сети, что и ноутбук. Не помогло — удалите принтер и добавьте заново в настройках."),
     ("Пришло письмо: «домен истекает, оплатите по ссылке». Это правда?", "Осторожно, это частая схема мошенников. Зайдите в личный кабинет регистратора напрямую, не по ссылке, и проверьте дату продления там."),
     ("Одинаковый пароль везде — это очень плохо?", "Очень. Менеджер паролей решает проблему за вечер, а для почты и банка обязательно включите двухфакторную защиту.")],
    [("Хочу в выходные реально отдохнуть, без телефона.", "Отличный план! Предупредите всех, что вы на связи, только если что-то горит, и выключите уведомления."),
     ("Мама опять спрашивает, когда я нормально высплюсь.", "Передайте маме, что вопрос в работе 🙂 А если серьёзно — хотя бы один ранний отбой в неделю творит чудеса."),
     ("В кармане куртки тысяча рублей завалялась. Лучшая новость недели.", "Маленькие радости — самые приятные! Потратьте на что-нибудь для себя.", "autumn winter spring"),
     ("Посоветуй, что послушать в дороге минут на двадцать.", "Что-нибудь лёгкое: короткий новостной выпуск или разговорный подкаст с историями — в пробке самое то."),
     ("Спортзал или диван сегодня?", "Компромисс — получасовая прогулка. О ней ещё никто не пожалел.")],
    [("Есть смысл отдать бухгалтерию на аутсорс?", "Чаще всего да, если это освобождает вам несколько часов в месяц. Хороший бухгалтер ещё и подскажет, где сэкономить."),
     ("Сколько хранить первичку?", "Обычно не меньше пяти лет — уточните у бухгалтера для ваших документов. Сканы удобны, но оригиналы лучше не выбрасывать."),
     ("Чем выручка отличается от прибыли, простыми словами?", "Выручка — все деньги, которые заплатили клиенты. Прибыль — то, что осталось после всех расходов: закупки, аренда, зарплаты, налоги."),
     ("Почему прибыль вроде есть, а денег на счёте нет?", "Прибыль — на бумаге, деньги — на счёте. Их съедают неоплаченные счета клиентов, запасы и платежи по кредитам."),
     ("Поднять цены или урезать расходы?", "Небольшое повышение цен часто проходит незаметнее, чем экономия на качестве. Но посмотрите на обе стороны.")],
    [("Как правильно: «извиняюсь» или «извините»?", "«Извините» или «прошу прощения» — вежливее. «Извиняюсь» в разговоре встречается, но в письмах лучше без него."),
     ("«Ихний» — так можно написать?", "Нет, только «их». «Ихний» — просторечие."),
     ("Как пишется: «вообщем» или «в общем»?", "Раздельно: «в общем»."),
     ("Где ударение в слове «договор»?", "На последний слог: договОр, во множественном — договОры."),
     ("Как попросить «срочно», чтобы не звучало нервно?", "Лучше назвать конкретный срок: «Будет здорово, если получится до четверга». И вежливее, и понятнее.")],
    ru_vat, ru_pct, ru_split, ru_units, ru_hours,
]


# ================================================================= Japanese filler

def ja_tax(r, sl):
    if r.random() < 0.6:
        x = r.choice([1100, 1650, 3300, 4180, 5500, 8800, 13200, 26400])
        u = r.choice([f"税込{ja_int(x)}円って、税抜きだといくら？（10%）", f"{ja_int(x)}円（税込・10%）の本体価格は？"])
        a = f"税抜き{ja_int(round(x / 1.1))}円、消費税は{ja_int(x - round(x / 1.1))}円です。"
    else:
        x = r.choice([540, 1080, 2160, 3240, 4320, 6480])
        u = r.choice([f"持ち帰りで税込{ja_int(x)}円、税抜きはいくら？軽減税率の8%で", f"8%で税込{ja_int(x)}円なら本体いくら？"])
        a = f"税抜き{ja_int(round(x / 1.08))}円、消費税は{ja_int(x - round(x / 1.08))}円です。"
    return u, a


def ja_spoon(r, sl):
    if r.random() < 0.5:
        n = r.choice([2, 3, 4, 5, 6])
        u = r.choice([f"大さじ{n}って何ml？", f"ごめん、大さじ{n}杯は何ミリリットル？"])
        a = f"大さじ1杯が15mlなので、{n * 15}mlです。"
    else:
        n = r.choice([2, 3, 4])
        u = f"小さじ{n}は何ml？"
        a = f"小さじ1杯が5mlなので、{n * 5}mlです。"
    return u, a


def ja_area(r, sl):
    t = r.choice([6, 8, 12, 15, 20, 25, 32])
    u = r.choice([f"{t}坪って何平米？", f"{t}坪を㎡に直すと？"])
    a = f"1坪は約3.306㎡なので、約{fnum(t * 3.306)}㎡です。"
    return u, a


def ja_temp(r, sl):
    f = r.choice([50, 68, 77, 86, 95, 100, 104])
    u = r.choice([f"海外のお客さんに{f}°Fって言われたんだけど、摂氏で何度？", f"{f}°Fは摂氏で何度くらい？"])
    a = f"約{fnum((f - 32) * 5 / 9)}℃です。"
    return u, a


def ja_split(r, sl):
    n = r.choice([3, 4, 5, 6, 7])
    x = r.choice([8400, 12600, 15000, 21000, 28000, 33600])
    u = r.choice([f"{ja_int(x)}円を{n}人で割り勘したら一人いくら？", f"送別会の{ja_int(x)}円、{n}人で割ると？"])
    v = x / n
    a = f"一人{ja_int(int(v))}円{'ちょっと' if v != int(v) else ''}です。"
    return u, a


def ja_pct(r, sl):
    p = r.choice([5, 10, 15, 20, 30])
    x = r.choice([1200, 2800, 3600, 4500, 7800, 12000, 18000])
    u = r.choice([f"{ja_int(x)}円の{p}%引きっていくら？", f"{ja_int(x)}円から{p}パーセント引くと？"])
    a = f"{ja_int(int(x * (100 - p) / 100))}円です（{ja_int(int(x * p / 100))}円引き）。"
    return u, a


def ja_hours(r, sl):
    s = r.choice([6, 7, 9, 10, 11])
    e = s + r.choice([5, 6, 8, 9])
    brk = r.choice([30, 45, 60])
    tot = (e - s) * 60 - brk
    u = r.choice([f"{s}時から{e}時まで、休憩{brk}分。実働何時間？", f"シフト{s}時〜{e}時で休憩{brk}分なら、働いた時間は？"])
    m = tot % 60
    a = f"実働{tot // 60}時間{str(m) + '分' if m else ''}です。"
    return u, a


JA_GENERIC = [
    Rep([("おはようございます！", "おはようございます！今日は何から片付けましょう？"),
     ("どうも、また来ました", "お疲れさまです！今日はどうしました？"),
     ("おつかれ。今日ほんとバタバタだった", "お疲れさまでした！残ってる用事があれば、一緒に整理しましょうか？"),
     ("ちょっとだけ時間空いたから、今のうちに", "いいですね、今のうちにサクッと片付けましょう。何からいきます？"),
     ("ただいま〜。やっと座れた", "おかえりなさい！まずは一息ついてくださいね。")]),
    Rep([("今日めっちゃ暑い。溶けそう", "本当に暑いですね…こまめに水分と塩分をとってくださいね。", "summer"),
     ("朝から土砂降り", "それは大変…移動のときは足元に気をつけてくださいね。", "spring summer autumn"),
     ("今朝めちゃくちゃ寒かった。手がかじかむ", "寒い朝は水仕事がつらいですよね。無理せず、お湯をうまく使ってください。", "winter autumn"),
     ("いい天気〜", "気持ちいいですね！洗濯物もよく乾きそうです。"),
     ("どんより曇ってる", "こういう日はなんとなく気分も重くなりますよね。温かいものでも飲んでください。")]),
    [("台風来てるらしい", "進路が気になりますね。看板や植木鉢など、飛びそうなものは早めに中へ入れておくと安心です。", "summer autumn"),
     ("梅雨入りしたって", "じめじめの季節ですね…食材の管理、いつもより気をつけていきましょう。", "summer"),
     ("花粉がひどい。目がかゆい", "つらい季節ですね…目薬とマスク、あと帰ったら上着をはたいてから入ると少しマシですよ。", "spring winter"),
     ("雪、けっこう積もった", "足元に気をつけてくださいね。お店の前の雪かき、お疲れさまです。", "winter"),
     ("紅葉、きれいになってきた", "いい季節ですね！観光のお客さんも増えそうです。", "autumn"),
     ("夕立すごかった", "急に来ますよね…洗濯物とか大丈夫でしたか？", "summer")],
    Rep([("腰が痛い…", "無理しないでくださいね。重いものは膝を曲げて持って、できれば誰かに手伝ってもらいましょう。"),
     ("昨日あんまり寝れてない", "それはしんどいですね。今日は急ぎのことだけにして、細かい作業は明日に回すのもアリです。"),
     ("肩こりがひどすぎる", "首と肩を回すだけでも少し楽になりますよ。お風呂でしっかり温まってください。")]),
    [("電話鳴りっぱなしで全然進まない", "そういう日ありますよね。折り返しリストを作って、落ち着いたらまとめてかけるのはどうでしょう。"),
     ("なんか今日、何やってもうまくいかない", "そんな日もありますよ。今日はもう、最低限だけできたら合格にしましょう。")],
    [("なんか面白いこと言って", "布団が吹っ飛んだ……失礼しました、定番すぎましたね。"),
     ("ダジャレちょうだい", "アルミ缶の上にあるミカン。"),
     ("疲れたから笑わせて", "イクラはいくら？……お寿司屋さんで一度は言ってみたいやつです。"),
     ("なんか気が抜ける話して", "カピバラは温泉に入ると、気持ちよすぎて寝てしまうことがあるそうです。見習いたいですね。"),
     ("くだらない話でいいから", "コーディネートはこうでねーと。……すみません。")],
    [("「ご確認してください」って変？", "少し不自然です。「ご確認ください」か「ご確認いただけますでしょうか」が自然ですね。"),
     ("「させていただきます」多すぎるかな、このメール", "多用するとくどく見えるので、「いたします」「します」に置き換えられる所は置き換えると読みやすくなりますよ。"),
     ("「了解しました」って目上の人に使っていい？", "気にする方もいるので、目上の方には「承知しました」「かしこまりました」が無難です。"),
     ("「お世話様です」ってどうなの？", "業界や地域によっては普通に使われますが、目上の方には「お世話になっております」が無難です。"),
     ("「とんでもございません」って正しい？", "今は広く使われていて許容されていますが、より丁寧に言うなら「とんでもないことでございます」ですね。")],
    Rep([("ありがとう、助かった", "どういたしまして！またいつでもどうぞ。"),
     ("OK、また後で", "はい、また後で！"),
     ("さすが", "お役に立ててよかったです！"),
     ("完璧。それでいく", "よかったです！何かあればまた声をかけてください。")]),
    [("お客さんに、注文が一日遅れるってお詫びのメッセージ書いて", "こちらでいかがでしょう：「いつもありがとうございます。大変申し訳ございませんが、ご注文の品のお届けが一日遅れる見込みです。明日には必ずお届けいたします。ご迷惑をおかけし、申し訳ございません。」"),
     ("支払いまだの取引先に、やんわり催促したい", "「いつもお世話になっております。先月分のご請求書について、お支払いの確認がまだ取れておりませんでしたので、念のためご連絡いたしました。行き違いでしたらご容赦ください。」でいかがでしょう。"),
     ("値引きのお願い、角が立たないように断りたい", "「ご相談ありがとうございます。恐れ入りますが、価格はどのお客様にも同じとさせていただいております。その分、品質でお応えできるよう努めてまいります。」"),
     ("口コミで★2つけられた。返信の文、考えて", "「ご来店ありがとうございました。ご期待に沿えず申し訳ございません。いただいたご意見はスタッフ全員で共有し、改善に努めます。またの機会がございましたら、ぜひお声がけください。」"),
     ("スタッフのLINEグループに、遅刻しないでって柔らかく送りたい", "「みんなお疲れさま！最近ちょっと朝がバタバタしがちなので、シフトの5分前には入ってもらえると助かります。よろしくね！」")],
    [("エクセルで、隣の列が「済」の行だけ合計したい", "SUMIFを使います。=SUMIF(B:B,\"済\",A:A) で、B列が「済」の行のA列を合計できます。"),
     ("スプレッドシートで見出しの行を固定したい", "「表示」→「固定」→「1行」で、スクロールしても見出しが残ります。"),
     ("エクセルで「未」って書いてある行、数えたい", "=COUNTIF(C:C,\"未\") で数えられます。"),
     ("日付が数字で表示されちゃう", "セルを選んで「セルの書式設定」→「日付」にすると直ります。中身は日付のままなので大丈夫です。")],
    [("子どもの自由研究、何がいいと思う？", "手軽なら「氷が溶ける速さ比べ」や「十円玉をピカピカにする実験」が面白いですよ。"),
     ("猫が朝4時に起こしてくる", "猫あるあるですね…寝る前にしっかり遊んであげると、少しマシになるそうです。"),
     ("昼ごはん食べ損ねた", "それはいけない。何かつまめるものだけでも口に入れてくださいね。"),
     ("昨日の試合、ひどかった", "それは残念でしたね…次に期待しましょう！"),
     ("車検のお知らせ来てた。お金かかるなあ", "車検は痛い出費ですよね…早めに見積もりを取って比べると、少しは抑えられるかもしれません。")],
    [("インスタの投稿ネタ、3つ考えて", "①朝の仕込みの様子、②スタッフ紹介（ひとこと付き）、③お客さんからよく聞かれる質問に答える投稿、はどうでしょう。"),
     ("Googleマップの説明文、短く書いて", "「地元で愛される小さなお店です。丁寧な仕事と、気軽に話せる雰囲気を大切にしています。」"),
     ("ハッシュタグって何個くらいつけるのがいい？", "5〜10個くらいで、地名と業種を組み合わせたものを入れると地元の人に届きやすいですよ。")],
    [("長話のお客さん、やんわり切り上げたい", "「お話しできてよかったです！また何かあれば、いつでも声をかけてくださいね」と笑顔で締めると、角が立ちませんよ。"),
     ("「本日は現金のみ」の貼り紙、文面考えて", "「本日は都合により、現金でのお支払いのみとさせていただきます。ご不便をおかけしますが、よろしくお願いいたします。」"),
     ("求人の貼り紙、短く", "「スタッフ募集中！明るく元気な方、大歓迎。詳しくはスタッフまでお気軽にお声がけください。」"),
     ("年賀状のひとこと、取引先向けで", "「旧年中は格別のお引き立てを賜り、誠にありがとうございました。本年も変わらぬご愛顧のほど、よろしくお願い申し上げます。」", "autumn"),
     ("臨時休業のお知らせ、SNS用に", "「いつもありがとうございます。誠に勝手ながら、下記の日程を臨時休業とさせていただきます。ご不便をおかけしますが、よろしくお願いいたします。」")],
    [("パソコンがめっちゃ重い", "まずはスリープではなく、きちんと再起動してみてください。ブラウザのタブを開きすぎていると、それだけで重くなりますよ。"),
     ("Windowsでスクショってどうやるんだっけ", "Windowsキー＋Shift＋Sで範囲を選べます。クリップボードにコピーされるので、そのまま貼り付けられますよ。"),
     ("プリンターがオフラインって出る。すぐ横にあるのに", "電源を入れ直して、パソコンと同じWi-Fiにつながっているか確認してみてください。だめなら、プリンターを一度削除して追加し直すと直ることが多いです。"),
     ("「ドメインの期限が切れます、こちらから支払いを」ってメール来た", "よくある詐欺の手口なので注意してください。リンクは開かず、契約しているサービスの管理画面に直接ログインして確認しましょう。"),
     ("パスワード、全部同じなんだけど…", "それは危ないです！パスワード管理アプリを使うと楽ですし、メールと銀行は二段階認証を必ず設定しておきましょう。")],
    [("今週末こそ、ちゃんと休みたい", "ぜひ！通知を切って、「急ぎのときだけ電話して」と伝えておくと安心して休めますよ。"),
     ("母に「いつも疲れた顔してる」って言われた", "お母さん、よく見てますね…。今夜は早めに寝ちゃいましょう。"),
     ("上着のポケットから千円出てきた。今週いちばん嬉しい", "小さな幸せ、大事です！何かおいしいものでもどうぞ。", "autumn winter spring"),
     ("移動中に聞けるラジオとか、おすすめある？", "10〜20分くらいのニュース番組や、気軽に聞けるトーク番組がちょうどいいですよ。"),
     ("ジム行くか、ソファで寝るか", "間を取って、軽く散歩はどうでしょう。後悔しない選択です。"),
     ("甥っ子の誕生日プレゼント、何がいいかな。小3", "小3なら、ちょっとした工作キットや図鑑、カードゲームなんかが喜ばれますよ。")],
    [("記帳、人に頼んだほうがいいかな", "月に何時間も取られているなら、税理士さんや記帳代行に頼む価値はありますよ。その時間を本業に回せますし。"),
     ("領収書って何年とっておけばいい？", "基本は7年保存と考えておくと安心です。条件を満たせばスキャン保存もできます。"),
     ("売上と利益の違い、簡単に言うと？", "売上はお客さんからもらったお金の合計、利益はそこから材料費や家賃、人件費などを引いて残ったお金です。"),
     ("黒字なのにお金がないのはなんで？", "利益は帳簿の上の話で、現金は口座の話なんです。売掛金の未回収や在庫、借入の返済で、黒字でも手元の現金が減ることはよくあります。"),
     ("値上げと経費削減、どっちが先？", "品質を落とす削減より、少しの値上げのほうがお客さんに受け入れられやすいことも多いです。両方を見比べてみましょう。"),
     ("インボイスの登録番号って、請求書のどこに書けばいい？", "決まった位置はないので、発行者名の近くに「登録番号 T＋13桁」と書いておけば大丈夫です。")],
    [("「おっしゃられる」って二重敬語？", "はい、二重敬語です。「おっしゃる」だけで十分丁寧ですよ。"),
     ("「よろしかったでしょうか」って変？", "気になる方もいるので、「よろしいでしょうか」のほうが無難です。"),
     ("「ご苦労さま」と「お疲れさま」、どっちを使えばいい？", "目上の方には「お疲れさまです」が無難です。「ご苦労さま」は目上から目下に使う言葉とされることが多いです。"),
     ("「至急」ってメールに書くのきついかな", "「お手数ですが、今週中にご確認いただけますと幸いです」のように、期限を具体的に書くほうが柔らかく伝わりますよ。"),
     ("「取り急ぎお礼まで」って失礼？", "目上の方には少しそっけなく見えることもあるので、「まずはお礼を申し上げます」などにするとより丁寧です。")],
    [("エアコンの効きが悪い", "フィルターの掃除でかなり変わることがありますよ。2週間に一度くらいが目安です。"),
     ("近所で工事が始まってうるさい", "しばらく続きそうなら、工事のお知らせに書いてある連絡先に、作業時間を確認してみるのもいいですね。"),
     ("今日、財布忘れて家を出た", "あるあるですね…！スマホ決済が使えるお店なら助かりますが、気をつけてくださいね。")],
    ja_tax, ja_spoon, ja_area, ja_temp, ja_split, ja_pct, ja_hours,
]


# ================================================================= dialogs: English

# ---- en-1: wholesale bakery, Bristol ------------------------------------------------

def en1_scale(r, sl):
    kg = r.choice([3, 4, 5, 6, 8, 12])
    u = r.choice([f"Scale my focaccia for {kg} kg of flour? Base is 1 kg flour, 800 g water, 20 g salt, 10 g yeast, 60 g olive oil.",
                  f"Need focaccia for {kg} kg flour today. Usual ratios: 1 kg flour, 800 g water, 20 g salt, 10 g yeast, 60 g oil."])
    a = (f"For {kg} kg flour: {en_int(800 * kg)} g water, {20 * kg} g salt, {10 * kg} g yeast, {60 * kg} g olive oil.")
    return u, a


def en1_hydration(r, sl):
    f = r.choice([1000, 2000, 2500, 5000, 8000])
    pct = r.choice([65, 68, 72, 75, 78, 80])
    w = f * pct // 100
    u = r.choice([f"{en_int(w)} g water to {en_int(f)} g flour — what hydration is that?",
                  f"Hydration check: {en_int(f)} g flour, {en_int(w)} g water?"])
    a = f"That's {pct}% hydration."
    return u, a


def en1_loaves(r, sl):
    kg = r.choice([18, 24, 30, 36, 45])
    g = r.choice([450, 800, 900, 950])
    n = kg * 1000 // g
    u = f"How many {g} g loaves do I get out of {kg} kg of dough?"
    a = f"{n} loaves, with {kg * 1000 - n * g} g left over — enough for a few rolls."
    return u, a


EN1 = dict(
    id="b11-en-1", lang="en", length=232, seasons=('winter', 'spring'),
    slots=dict(cur="£", staff=["Jordan", "Priya", "Kasia", "Tom"]),
    filler=[
        en1_scale, en1_hydration, en1_loaves,
        [("Sold out of cinnamon buns by ten again.", "Sounds like the demand's there — maybe add another tray on Saturdays and see if it sells through."),
         ("Cinnamon buns gone by half nine. People are feral.", "A good problem to have! Another half-batch might pay for itself."),
         ("Nobody wanted the rye today. Nobody.", "Rye can be a slow burner. Maybe a tasting board on the counter for a few days?")],
        [("The big mixer's making a grinding noise on speed two.", "I'd stop using speed two until someone's looked at it — grinding often means a worn gear or bearing. Better to call the engineer before it dies mid-batch."),
         ("Deck oven's running about 15 degrees hot on the left.", "Worth confirming with an oven thermometer, then either rotate trays halfway or get it calibrated."),
         ("Proving cabinet's stuck at 24 degrees.", "For most doughs that just means slower proving. Give things longer and get it looked at if it won't budge.")],
        [("Someone left a one-star review because we close at 3.", "Annoying! A short, polite reply works best: thank them, explain you start baking in the small hours so you close mid-afternoon, and invite them in for the morning bake."),
         ("Got a lovely review about the custard tarts.", "That's great — reply to say thanks. People notice when owners respond.")],
        [("Remind me which allergens have to be declared in the UK?", "The 14: celery, cereals containing gluten, crustaceans, eggs, fish, lupin, milk, molluscs, mustard, tree nuts, peanuts, sesame, soya and sulphites."),
         ("Does a 'may contain nuts' sticker actually cover us?", "Precautionary labels are voluntary and only meant for a real cross-contact risk you can't control. They don't replace declaring allergens that are actual ingredients.")],
        [("{staff} wants to swap a Saturday next month. Fine by me as long as the ovens are covered.", "Sounds fair — as long as someone's on the early bake, swaps are easy. I'll keep it in mind when you sort the rota."),
         ("{staff} burnt a whole tray of croissants this morning. Poor thing was mortified.", "It happens to everyone once! A loud timer by the deck oven helps."),
         ("{staff} has been brilliant this week, honestly.", "Worth telling them — a bit of recognition goes a long way in a small team.")],
        [("Customer asking if we do wedding cakes.", "If you don't, something like 'we don't do celebration cakes, but we'd love to do bread or pastries for the day' keeps the door open."),
         ("Someone wants 200 mini croissants for an office do. Doable?", "Doable if the oven space is there that morning — take a deposit and confirm numbers two days before."),
         ("A school wants us to do a bread-making demo for Year 3.", "Lovely for the local profile. Keep it simple: pre-mixed dough, shaping rolls, and something they can take home.")],
        [("Starter's looking sluggish this week.", "Probably a cooler kitchen. A couple of feeds somewhere a bit warmer usually perks it up."),
         ("Why are my baguettes coming out pale?", "Usually not enough steam or oven not hot enough at loading. A longer final proof can also leave less sugar for browning.")],
        [("Do I need to write fridge temperatures down every single day?", "Yes — at least once a day, ideally twice, with initials. It's the first thing anyone checks."),
         ("How cold does the walk-in need to be?", "Aim for 5°C or below; legally chilled food must be kept at 8°C or below in England, but 5°C gives you a safety margin.")],
        [("Butter's gone up again. Eight quid a block for the good stuff.", "Ouch. Might be worth pricing a bigger catering pack or a second supplier for the laminated stuff."),
         ("Egg supplier's out of large, sending medium. Does it matter?", "For most recipes, weigh the eggs rather than count them — a large egg is about 58 g without shell, a medium about 50 g.")],
    ],
    scenes=[
        [U("Hi! Bit of context first so you can keep up with me: I'm Megan and I run Fernbank Bakery in Bristol. Retail counter out the front, and wholesale bread and pastries to about a dozen cafés and delis. Four of us plus a Saturday kid. Most of my headaches are suppliers, orders and delivery slots."),
         A("Nice to meet you, Megan — Fernbank Bakery, retail plus wholesale to roughly a dozen cafés and delis, small team. I can help you keep track of suppliers, standing orders, prices, the rota and deadlines. What's on your plate today?")],
        [U("Flour's the big one. All our bread flour comes from Carraway Mills — strong white and wholemeal in 16 kg sacks, they drop Mondays and Thursdays. Could you write me a standing order email I can just tweak each week?", "name"),
         A("Here's a template you can reuse:\n\nSubject: Fernbank Bakery — flour order, week of [date]\n\nHi Carraway Mills team,\nPlease could we have the following for our next drop:\n– Strong white, 16 kg: [ ] sacks\n– Wholemeal, 16 kg: [ ] sacks\nDelivery to the usual back door, before 7am if possible.\nMany thanks,\nMegan\nFernbank Bakery", "name")],
        [U("Good news — landed a new wholesale account. Grindhouse Coffee, three sites in Clifton and Redland. They want 40 sourdough a day to start, and I've quoted them £2.40 a loaf.", "number"),
         A("Congratulations! So: Grindhouse Coffee, three sites, 40 sourdough loaves a day at £2.40 each — £96 a day before extras. Want a simple order sheet for them?", "number"),
         U("Yes please, one tab per site."),
         A("In outline: one tab per site with columns for date, loaves ordered, loaves delivered, returns and notes, plus a summary tab totalling the three sites by week. Tell me the site names and I'll label the tabs.")],
        [U("Rota for now: Jordan does the 4am bake Monday to Wednesday, Priya Thursday to Saturday, and I cover Sundays because apparently I don't need sleep."),
         A("Got it — Jordan on early bakes Monday to Wednesday, Priya Thursday to Saturday, you on Sundays. If you ever want a back-up for the early shift, it could be worth training whoever's on the counter on the basic bake.")],
        [U("Letter from the council this morning — environmental health are doing a food hygiene inspection on Tuesday 11 March. We got a 5 last time and I'd quite like to keep it, thank you very much.", "date"),
         A("Noted: food hygiene inspection on Tuesday 11th March. To keep the 5, the usual suspects are fridge and freezer temperature logs, a cleaning schedule that's actually signed off, allergen information for everything you sell, pest control records and evidence of staff training. Want a checklist to work through with the team?", "date"),
         U("Go on then."),
         A("Checklist:\n1. Temperature logs up to date, twice daily, initialled.\n2. Cleaning schedule signed for the last month.\n3. Allergen matrix for every product, wholesale included.\n4. Pest control contract and last visit report to hand.\n5. Food hygiene certificates for everyone on shift.\n6. Date labels on everything in the walk-in.\n7. Handwash sink clear, stocked, with hot water.\n8. Your Safer Food Better Business pack filled in.")],
        [U("Carraway have shorted us AGAIN. Ordered 30 sacks, 22 came off the lorry, and the invoice says 30. That's three times since Christmas."),
         A("That's really frustrating, especially with the invoice not matching. Want me to draft a firm but polite email asking for a credit note for the 8 missing sacks?"),
         U("Firm but polite. I still need them for now."),
         A("Here's a draft:\n\nHi there,\nOur order this week was for 30 sacks of strong white, but 22 were delivered while the invoice shows 30. Could you please issue a credit note for the 8 missing sacks? This is the third short delivery since Christmas, so I'd appreciate it if you could look into what's going wrong at your end.\nThanks,\nMegan, Fernbank Bakery")],
        [U("Just realised our old diesel Transit isn't compliant for the Clean Air Zone. Nine quid every single day it goes into the centre, and that's most of the wholesale round.", "reason"),
         A("That adds up fast — around £45 a week, or well over £2,000 a year, if it goes in five days a week. Options: replace the van with a compliant one, hand the central drops to a courier, or reshuffle the round so the van stays outside the zone and someone else covers the middle. Want me to rough out the costs of each?")],
        [U("The Larder on Gloucester Road wants baguettes now too. 20 a day at £1.10. Said yes."),
         A("Nice — The Larder, 20 baguettes a day at £1.10. I'll keep it alongside the other wholesale accounts.")],
        [U("Hot cross bun pre-orders are open. Six for £4.50, twelve for £8. Orders close the Wednesday before Good Friday."),
         A("Noted: hot cross buns, six for £4.50 or twelve for £8, pre-orders closing the Wednesday before Good Friday. Want a little sign for the counter?"),
         U("Go on, short and cheerful."),
         A("“Hot cross buns are back! Pre-order six for £4.50 or twelve for £8 — orders close the Wednesday before Good Friday. Ask at the counter.”")],
        [U("Monday. Flour order time, can you fill in the usual?"),
         A("Sure — same as last week to Carraway Mills? 30 strong white and 6 wholemeal?", "name"),
         U("No — nothing to Carraway. I've moved the flour account to Tollbridge Flour. Better price per sack, and their driver actually counts what he unloads. Same quantities, and it goes to their orders inbox.", "name"),
         A("Here you go:\n\nSubject: Fernbank Bakery — flour order\n\nHi Tollbridge team,\nPlease could we have 30 × 16 kg strong white and 6 × 16 kg wholemeal for Thursday's drop.\nThanks,\nMegan\n\nI'll treat Tollbridge as your flour supplier from here on.", "name")],
        [U("Sorted the city-centre drops. We're using a cargo bike courier — Pedal Post. They cover the old city, Stokes Croft and Harbourside, and they're cheaper than I expected. The van only does the outer ring now, outside the zone.", "decision"),
         A("Great solution — no daily Clean Air Zone charge, and cargo bikes are quick on short city hops. So: central drops by cargo bike with Pedal Post, outer ring stays on the van.", "decision", "reason"),
         U("Their rider says loaves travel fine in crates as long as we stack them on their sides."),
         A("Good tip. Labelling each crate with the café's name will make the handovers quicker too.")],
        [U("Had the price chat with Nadia, the Grindhouse buyer. Flour's up again so I told her I couldn't hold it. She wanted £2.50, I opened at £2.80, and we've landed on £2.65 a loaf from the 1st.", "number"),
         A("Good outcome. Updated: Grindhouse sourdough at £2.65 a loaf from the 1st — on 40 a day that's an extra £10 a day. Want a short email confirming it with Nadia so it's in writing?", "number"),
         U("Yes, keep it short."),
         A("“Hi Nadia, thanks for the chat today. Just confirming the new sourdough price of £2.65 per loaf from the 1st of next month, all other terms unchanged. Really appreciate you working with us on it. Best, Megan”", "number")],
        [U("Council just rang. Inspector's off sick, so our hygiene visit's been pushed back a week. Same day of the week, same time.", "date"),
         A("So the food hygiene inspection is now Tuesday 18 March — an extra week to get the temperature logs tidy. Want to use it for a mock walk-through with Jordan and Priya?", "date"),
         U("Yes — 18 March it is. I'll do the walk-through on Thursday.", "date"),
         A("Sounds good. Do it at a normal busy time rather than after close, so you see what an inspector would actually see.")],
        [U("Tollbridge's lorry was there at twenty to six this morning. Every sack counted in front of me. I nearly cried.", "name"),
         A("That's what a supplier should feel like! A quick thank-you note builds goodwill for the day you need a favour.")],
    ],
    questions=[
        dict(kind="name", q="Who's our flour supplier at the moment?",
             answers=["Tollbridge", "Tollbridge Flour"], wrong=["Carraway", "Carraway Mills"]),
        dict(kind="number", q="What are Grindhouse paying per sourdough loaf now?",
             answers=["£2.65", "2.65", "two sixty-five"], wrong=["£2.40", "2.40"]),
        dict(kind="date", q="When's the food hygiene inspection?",
             answers=["18 March", "18th March", "March 18", "March 18th", "18/03", "18/3"], wrong=["11 March", "11th March"]),
        dict(kind="decision", q="How are the city-centre wholesale drops being delivered these days?",
             answers=["cargo bike", "cargo bikes", "cargo-bike", "Pedal Post"], wrong=[]),
        dict(kind="reason", q="Why did the old van stop doing the city-centre drops?",
             answers=["Clean Air Zone", "clean air zone charge", "CAZ"], wrong=[]),
    ],
)


# ---- en-2: bike repair shop, Portland OR ---------------------------------------------

def en2_psi(r, sl):
    p = r.choice([30, 40, 45, 60, 80, 90, 100])
    u = r.choice([f"customer's pump only shows bar. she wants {p} psi, what's that?",
                  f"{p} psi in bar?"])
    a = f"{p} psi is about {fnum(p / 14.5038)} bar."
    return u, a


def en2_gear(r, sl):
    cr = r.choice([32, 34, 36, 38, 42, 46, 50])
    cog = r.choice([11, 13, 15, 17, 19, 21, 25, 28])
    u = r.choice([f"gear ratio for a {cr}t ring and a {cog}t cog?", f"{cr}x{cog}, what ratio is that?"])
    a = f"{cr} ÷ {cog} ≈ {fnum(cr / cog, 2)}. On a 700c wheel that's roughly {fnum(cr / cog * 27, 0)} gear inches."
    return u, a


EN2 = dict(
    id="b11-en-2", lang="en", length=318, seasons=('spring',),
    slots=dict(cur="$", us=True, staff=["Jess", "Marco", "Kai"]),
    filler=[
        en2_psi, en2_gear,
        [("customer asked why we charge for a quote", "You could say the inspection takes real bench time — and knock the fee off the repair if they go ahead. Most people are fine with that."),
         ("someone wants a bike fit. do we do those?", "If not, keep a local fitter you trust to refer people to — or offer a basic saddle-height-and-reach check as a quick service."),
         ("should we stock cheap lights or only good ones", "A good-better-best spread works: one budget set, one mid, one proper commuter light. People like choosing."),
         ("rainy season is here. fenders flying off the shelf", "Perfect time to bundle fenders with a tune-up — a 'get ready for winter' package.")],
        [("customer brought back a wheel we trued, says it's wobbly again", "Check spoke tension — if the wheel's tired, truing won't hold. Be honest that a rebuild or new wheel may be the real fix, and don't charge for the recheck."),
         ("how do I get google reviews without begging", "A small card at the counter with a QR code and 'Happy with your repair? A review helps a tiny shop a lot' works well."),
         ("some guy wants to pay in bitcoin lol", "Easy answer: 'Sorry, cash or card only!'")],
        [("do we need special insurance for e-bikes in the shop", "Worth asking your insurer — some policies treat lithium batteries as a higher fire risk and want them stored or charged a certain way."),
         ("thinking of a free flat-fix clinic on saturday mornings", "Great community move — and people who learn from you tend to buy their tubes and pumps from you."),
         ("my hands are permanently black at this point", "Mechanic's badge of honor. A citrus hand cleaner helps, and nitrile gloves for the messy jobs.")],
        [("customer asking if we'll install a saddle she bought online", "Sure — most shops charge a small fitting fee for customer-supplied parts. Worth saying you can't warranty the part itself, just the install."),
         ("guy brought in a craigslist bike and wants to know if it's 'worth fixing'", "Classic. A quick safety check and a written estimate lets him decide — frame, wheels and drivetrain are the big-ticket items."),
         ("lady wants her 1978 Schwinn made 'like new' for $50", "Might be worth a friendly, honest estimate with a 'make it safe' option and a 'make it shine' option. Lets her pick without you eating the cost.")],
        [("is a 29er wheel the same rim size as 700c?", "Yes — both use the 622 mm bead seat diameter. The difference is tire width and the frame clearance."),
         ("what's the difference between presta and schrader again, for a customer", "Presta is the skinny valve with a little lock nut on top, common on road bikes; Schrader is the car-tire style, wider and sturdier. Most pumps do both with a flip head."),
         ("tubeless — worth pushing to commuters?", "For commuters on wider tires, yes: fewer flats from small punctures. Just make sure they know sealant needs topping up every few months.")],
        [("{staff} trued like nine wheels today, legend", "Impressive — a good truing day clears the queue fast."),
         ("{staff} wants next Saturday off for a race", "Fair enough — maybe run lean that morning or shift a couple of repairs to Friday."),
         ("{staff} left the compressor on all night again", "Maybe a sign on the door: 'Compressor off?' — cheap and it works.")],
        [("abandoned bike in the back for 3 months. what do I do", "Check your work order terms — many shops state bikes left over 60–90 days may be sold to cover costs. Send a final written notice with a date, keep a copy, then follow through."),
         ("how long should we hold a bike after we text that it's ready", "Plenty of shops allow a week free, then charge a small daily storage fee. Put it on the work order so it's agreed up front.")],
        [("rain = everyone's brakes squealing", "Wet rim brakes love to squeal. Clean the rims and pads and toe the pads in slightly."),
         ("why do hydraulic brakes feel spongy after someone flies with the bike", "Often air in the system, or the lever got squeezed with no rotor in. A bleed sorts most of it."),
         ("customer swears her chain 'just fell off' for no reason", "Usually a worn chain or cassette, or the limit screws need a tweak. A chain checker will tell you in ten seconds.")],
        [("someone asked if we sell used bikes. should we?", "Could be decent margin if you've got space and time to refurb — just budget the labor properly."),
         ("thinking about a kids' bike trade-in program", "Nice community thing: trade in the outgrown bike for credit on the next size up. Refurb and resell the trade-ins.")],
        [("shop cat knocked over a whole tub of ball bearings", "Chaos agent. A magnet on a stick makes the pickup easier."),
         ("kid came in with a bike he built himself from parts, cutest thing", "Love that. A free safety check would probably make his week."),
         ("someone locked their bike to our bike stand and left. for 4 hours", "Maybe a little sign: 'Customer bikes only while we work on them' — friendly, clear.")],
        [("how do I explain to customers why a tune-up takes 3 days", "Something like: 'We work through the queue in order so every bike gets proper attention — most are ready in 2–3 days, and we'll text you the moment yours is.'"),
         ("write a text telling a customer the part's backordered", "“Hi! Quick update: the part for your bike is backordered with our supplier. We expect it next week and will text you as soon as it lands. Sorry for the wait!”")],
        [("bike-to-work week is coming up, any promo ideas", "Free quick safety checks in the morning, a discount on lights and locks, and a coffee for anyone who rides in."),
         ("should we do a group ride from the shop", "It's great for community. Keep the first one short and no-drop so nobody feels left behind.")],
    ],
    scenes=[
        [U("hey. so I own a small bike shop in Portland, SE Division. it's me, one part-timer, and a repair queue that's basically a lifestyle at this point. want to use you as a second brain for shop stuff"),
         A("Happy to be the second brain. Tell me what's piling up — repairs, parts orders, hiring, pricing — and I'll help you keep it straight.")],
        [U("hiring's the big one. need a second full-time mechanic before May. interviewed a guy today, Tyler Brooks — great on hydraulic brakes and wheel builds, calm with customers. gonna offer him the job", "name"),
         A("Tyler sounds like a strong fit — brakes and wheels are exactly the jobs that clog a queue. Want help with the offer? I'd include hourly rate, hours, start date, tool allowance and any trial period.", "name"),
         U("$26 an hour, 40 hours, $300 tool allowance, start asap, 60-day trial"),
         A("Here's a draft:\n\n“Hi Tyler, thanks again for coming in. I'd like to offer you the full-time mechanic position: $26/hour, 40 hours a week, a $300 tool allowance and a 60-day trial period. I'd love for you to start as soon as you're able — let me know what works. Looking forward to it! — Dan”", "name")],
        [U("ok season pricing. basic tune-up stays $89. full overhaul goes up to $225. flat fix $15 plus the tube.", "number"),
         A("Got it: basic tune-up $89, full overhaul $225, flat repair $15 plus tube. Want a one-page price sheet for the counter?", "number")],
        [U("booking system. right now it's a paper calendar plus my texts, which is chaos. pretty sure we're going with Square Appointments — cheap, and we already run Square on the card reader", "decision"),
         A("That's a sensible pick if payments are already on Square — one dashboard, and customers get automatic reminders. First steps: list your services with durations, set your hours, then turn on text confirmations.", "decision")],
        [U("placed the Hawley order: 50 tubes in 700x28, 20 chains, 10 sets of brake pads. should land thursday"),
         A("Noted — Hawley order: 50 × 700x28 tubes, 20 chains, 10 pad sets, due Thursday.")],
        [U("also planning a community swap meet in our lot. Saturday April 12. used parts, kids' bikes, a coffee cart if I can find one", "date"),
         A("Fun idea. Want a flyer draft?"),
         U("yes pls"),
         A("SPRING SWAP MEET\nSaturday, April 12 · 9am–1pm\nIn the lot behind the shop on SE Division\nBring used parts, outgrown kids' bikes, gear you don't ride.\nFree to sell — just grab a spot.\nCoffee on site (probably!)", "date")],
        [U("Jess can do tuesdays and saturdays through the summer. not thursdays anymore because of her class"),
         A("Got it — Jess on Tuesdays and Saturdays for the summer, no Thursdays. That leaves Thursdays as you solo until the new hire starts.")],
        [U("ugh. Tyler called. he took a job at a shop in Beaverton, more money than I can match. back to the drawing board", "name"),
         A("Sorry, that's a blow after a good interview. Want me to tidy up the job ad so you can repost it today? Putting the pay range and tool allowance up front tends to pull in more experienced people.")],
        [U("so. I know we said Square for bookings. sat through the Lightspeed demo last night and I'm switching. the QBP catalog sync is the thing — scan a part, it's priced and dropped on the work order. that's like an hour a day back", "decision", "reason"),
         A("That's a solid reason — if the QBP catalog sync saves you an hour a day, it pays for itself quickly. So bookings and work orders go on Lightspeed rather than Square. Want a migration checklist?", "decision", "reason"),
         U("later. customers first"),
         A("Fair. I'll have it ready whenever you want it.")],
        [U("adding e-bike service as its own line. $120 base because of the weight and the wiring"),
         A("Makes sense — e-bikes take longer on the stand. So: e-bike service $120 base, parts extra. Worth a note that motor and battery diagnostics might be referred to the manufacturer.")],
        [U("GOOD NEWS. Rosa Delgado said yes!!! she wrenched for a race team out of Bend for like six years. starts the 1st", "name"),
         A("That's fantastic — Rosa Delgado starting on the 1st as your second full-time mechanic. Want an onboarding checklist for her first week?", "name")],
        [U("ok flyer's going to the print shop, final text: 'Spring Swap Meet, Saturday April 12' — no wait. crap. landlord's repaving the lot that weekend. it's April 27 now, a Sunday. make it Sunday April 27, 10 to 2", "date"),
         A("Updated:\n\nSPRING SWAP MEET\nSunday, April 27 · 10am–2pm\nIn the lot behind the shop on SE Division\nBring used parts, outgrown kids' bikes, gear you don't ride.\nFree to sell — just grab a spot.", "date")],
        [U("Rosa rebuilt a Rohloff hub in 40 minutes today. I just stood there", "name"),
         A("Ha, that's a great sign. Sounds like the queue's about to get a lot shorter.")],
    ],
    questions=[
        dict(kind="name", q="Who did I end up hiring as the second mechanic?",
             answers=["Rosa Delgado", "Rosa", "Delgado"], wrong=["Tyler Brooks", "Tyler"]),
        dict(kind="number", q="What's our basic tune-up price this season?",
             answers=["$89", "89 dollars", "89 bucks", "eighty-nine dollars"], wrong=[]),
        dict(kind="date", q="What date is the swap meet?",
             answers=["April 27", "April 27th", "27 April", "4/27"], wrong=["April 12"]),
        dict(kind="decision", q="Which system did we go with for bookings and work orders?",
             answers=["Lightspeed"], wrong=["Square Appointments", "Square"]),
        dict(kind="reason", q="What was the main reason I picked that system?",
             answers=["QBP catalog sync", "QBP catalog", "QBP", "catalog sync", "an hour a day"], wrong=[]),
    ],
)


# ---- en-3: event catering, Manchester ------------------------------------------------

def en3_canapes(r, sl):
    n = r.choice([40, 60, 75, 90, 120])
    k = r.choice([5, 6, 8, 10])
    u = r.choice([f"{n} guests, {k} canapés a head — how many do I need?", f"Canapé maths: {n} people at {k} each?"])
    a = f"{n * k} canapés. I'd add 10% for breakage and greedy uncles, so about {round(n * k * 1.1)}."
    return u, a


def en3_portions(r, sl):
    kg = r.choice([4, 6, 8, 9, 12])
    g = r.choice([120, 150, 180, 200])
    u = f"How many {g} g portions out of {kg} kg of salmon, before trimming?"
    a = f"{kg * 1000 // g} portions. Allow roughly 10% for trim, so realistically about {int(kg * 1000 * 0.9 // g)}."
    return u, a


EN3 = dict(
    id="b11-en-3", lang="en", length=176, seasons=('spring', 'summer'),
    slots=dict(cur="£", staff=["Marcus", "Jade", "Tomasz"]),
    filler=[
        en3_canapes, en3_portions,
        [("{staff} burnt the roux. The whole unit smells like toast.", "Ah well — start again, better than serving it. Open the back door for ten minutes."),
         ("{staff} has started labelling everything in the walk-in with a label gun. I love them.", "A hero of the cold chain. Date labels make any check painless."),
         ("{staff} is off with a cold, so I'm on the pass tonight.", "Hope they feel better soon. Keep the menu tight tonight if you can.")],
        [("How long can cooked rice sit out on a buffet?", "Keep it out of temperature control for no more than about 2 hours, then bin it — rice is a classic Bacillus cereus risk."),
         ("What's the rule for hot holding again?", "Hold hot food at 63°C or above. If it drops below, you can use it within 2 hours once, then it has to go."),
         ("Reheating — what temperature do we need to hit?", "Reheat to at least 75°C in the centre (Scotland requires 82°C). Only reheat once.")],
        [("Client wants a 'deconstructed' cheesecake. What even.", "Usually crumb, cream and fruit served separately in a glass or on a board. Looks fancy and it's easier to plate!"),
         ("Someone asked if we can do a 'grazing table'. Is that just a big cheeseboard?", "Pretty much — cheeses, charcuterie, breads, fruit, dips, laid out generously on a long table. Price per head, not per item."),
         ("Vegan couple want a proper main, not a sad risotto. Ideas?", "Whole roasted cauliflower with romesco, a mushroom and chestnut Wellington, or aubergine with miso glaze — all look special on a plate.")],
        [("Van's MOT is due next month.", "Book it now so it doesn't collide with a wedding weekend — and ask for a courtesy van if they have one."),
         ("Someone scraped our van in the Tesco car park.", "Photos, time and location, and check if the store has CCTV. Then call your insurer.")],
        [("Need a quick allergen matrix layout idea.", "Dishes as rows, the 14 allergens as columns, tick where present. Print one per event and keep it at the pass."),
         ("Guest with a sesame allergy at a wedding, anything I should watch?", "Sesame hides in dressings, breads, hummus and some oils. Separate prep area and utensils, and brief front-of-house so they know which plate it is.")],
        [("Write a thank-you message to a client after an event.", "“Thank you so much for having us — it was a joy to be part of your day. We hope everyone enjoyed the food, and we'd love to hear any feedback. Wishing you all the best!”"),
         ("How do I ask a happy client for a Google review without being cringe?", "Keep it short: “If you enjoyed the food, a quick Google review would really help a small business like ours — here's the link. Thank you!”")],
        [("Agency sent two waiting staff who'd never carried three plates.", "A quick ten-minute plate-carrying drill before service saves a lot of smashed crockery."),
         ("How many waiting staff for a seated meal, roughly?", "For plated service, about one server per 10–12 guests; more for silver service, fewer for a buffet.")],
        [("Deposit policy — what's normal for weddings?", "Commonly 25–30% to secure the date, the balance 2–4 weeks before, with final numbers due about 10 days out."),
         ("Client wants to pay the balance after the wedding. Hmm.", "Politely no — most caterers take the balance before the day. You've already bought the food and paid the staff.")],
    ],
    scenes=[
        [U("Morning. I'm Leah, I run Copper Pot Catering in Manchester — weddings, wakes, corporate lunches, whatever pays. Wedding season's about to flatten me so I need help keeping it all straight."),
         A("Morning, Leah! Happy to help. Tell me the jobs you've got lined up and the details that keep slipping, and I'll keep them organised for you.")],
        [U("Biggest job this summer: the Ashworth wedding at Holloway Barn, up in Saddleworth. The couple are lovely, but everything goes through their planner, Harriet Okafor. Do NOT let me email the bride directly, Harriet gets prickly.", "name"),
         A("Noted: Ashworth wedding at Holloway Barn in Saddleworth, and all communication goes through the planner, Harriet Okafor — not the bride.", "name")],
        [U("Numbers from Harriet: 140 for the wedding breakfast, three courses, evening guests to be confirmed.", "number"),
         A("Got it — 140 for the wedding breakfast, three courses, evening numbers TBC. On rounds of ten that's 14 tables.", "number")],
        [U("Tasting with the couple is Thursday 6 June, 2pm, at our unit. Harriet's coming too, obviously.", "date"),
         A("Tasting booked in: Thursday 6 June, 2pm at the unit, with Harriet. Want me to draft a tasting menu with two options per course?", "date")],
        [U("Unrelated: corporate lunch for Kinsley & Moore solicitors, Tuesday 21 May, 45 people, sandwich platters and a salad bar."),
         A("Noted — Kinsley & Moore, Tuesday 21 May, 45 people, sandwich platters and a salad bar. Any dietary requirements yet?"),
         U("Three veggie, one coeliac."),
         A("I'd do the coeliac one as a separately packed, labelled box so it never touches the platters.")],
        [U("Evening food's sorted on their side — they've booked a wood-fired pizza van, Dough Rebels, for 9pm. So we just clear down after dessert.", "decision"),
         A("Nice and simple for you. Worth a quick call with Dough Rebels about where they'll park and whether they need power from the barn.", "decision")],
        [U("Marcus is head chef for the Ashworth one, and I'm getting six waiting staff from ServeWell. Their rate's gone up to £14.50 an hour, grr."),
         A("Got it — Marcus heading the kitchen, six ServeWell staff at £14.50 an hour. Worth asking ServeWell for the same faces for the whole season; consistency helps.")],
        [U("Got a wake booked for Friday, 60 people. Sausage rolls, sandwiches, scones. The family want it simple."),
         A("Simple is kind. I'd add a tea and coffee station and a few veggie options, and keep it all ready to go out at once so the family aren't waiting.")],
        [U("Pizza van's off. Harriet rang — venue says the lane up to the barn is too narrow for anything bigger than a Transit, and the Dough Rebels van is a monster. So we're doing bacon barms at 10 instead. Groom's thrilled, honestly.", "decision", "reason"),
         A("Ha — bacon barms at 10 is a proper Manchester move. So: no pizza van because the lane's too narrow, and Copper Pot does bacon barms at 10pm instead. I'll add barms, bacon, a veggie sausage option and sauces to the order list.", "decision", "reason")],
        [U("Tasting's not the 6th any more — Harriet's double-booked herself. Friday 14 June, same time.", "date"),
         A("Moved: tasting now Friday 14 June at 2pm at the unit.", "date")],
        [U("Final list in from Harriet. 165 for the breakfast — apparently the bride's entire Irish side said yes.", "number"),
         A("165 is a big jump — about 17 tables of ten. I'd double-check Holloway Barn's seated capacity and whether Marcus needs an extra pair of hands.", "number")],
        [U("Ordered the barm cakes from Bakers Row for the Ashworth do. 200, better too many than too few."),
         A("Sensible — leftovers are never a problem at a wedding at that time of night!")],
    ],
    questions=[
        dict(kind="name", q="Who do I need to go through for anything on the Ashworth wedding?",
             answers=["Harriet Okafor", "Harriet", "Okafor"], wrong=[]),
        dict(kind="number", q="How many are we feeding at the Ashworth wedding breakfast?",
             answers=["165", "165 guests", "a hundred and sixty-five"], wrong=["140"]),
        dict(kind="date", q="When's the Ashworths' menu tasting?",
             answers=["14 June", "14th June", "June 14", "June 14th", "14/06"], wrong=["6 June"]),
        dict(kind="decision", q="What's the evening food at the Ashworth wedding?",
             answers=["bacon barms", "bacon barm", "bacon butties", "bacon rolls"], wrong=["pizza van", "Dough Rebels"]),
        dict(kind="reason", q="Why couldn't we keep the original plan for the evening food?",
             answers=["too narrow", "lane's too narrow", "narrow lane", "lane is too narrow"], wrong=[]),
    ],
)


# ---- en-4: dental practice admin, Dublin ---------------------------------------------

def en4_gloves(r, sl):
    per_week = r.choice([600, 800, 1200, 1500, 1800])
    u = r.choice([f"We go through about {en_int(per_week)} gloves a week. How many boxes of 100 for a month?",
                  f"Glove maths: {en_int(per_week)} a week, boxes of 100, order for four weeks?"])
    a = f"{per_week * 4 // 100} boxes for four weeks. I'd round up a few in case of a busy week."
    return u, a


def en4_vat(r, sl):
    x = r.choice([123, 246, 369, 615, 1230, 2460])
    net = x / 1.23
    u = r.choice([f"Supplier invoice is €{en_int(x)} including 23% VAT. What's the net?",
                  f"Net amount on €{en_int(x)} at 23% VAT?"])
    a = f"Net €{en_money(round(net, 2))}, VAT €{en_money(round(x - net, 2))}."
    return u, a


def en4_slots(r, sl):
    m = r.choice([20, 30, 40, 45])
    h = r.choice([4, 6, 7, 8])
    b = r.choice([30, 45, 60])
    u = r.choice([f"If each slot is {m} minutes and Aoife works {h} hours with a {b}-minute break, how many slots is that?",
                  f"{h}-hour session, {b} min break, {m}-minute appointments — how many fit?"])
    a = f"{(h * 60 - b) // m} appointments" + ("" if (h * 60 - b) % m == 0 else f", with {(h * 60 - b) % m} minutes spare") + "."
    return u, a


def en4_booked(r, sl):
    tot = r.choice([24, 32, 40, 48])
    k = r.choice([14, 18, 21, 22, 29, 31])
    k = min(k, tot - 1)
    u = f"{k} of {tot} appointment slots booked this week — what's that as a percentage?"
    a = f"{fnum(k / tot * 100)}% booked, {tot - k} slots still free."
    return u, a


EN4 = dict(
    id="b11-en-4", lang="en", length=372, seasons=('autumn', 'winter'),
    slots=dict(cur="€", staff=["Declan", "Aoife", "Niamh", "Ronan"]),
    filler=[
        en4_gloves, en4_vat, en4_slots, en4_booked,
        [("New dentist wants to know how we do the rota — any quick template?", "A simple grid: dentists down the side, days across, AM/PM blocks, hygiene sessions colour-coded. Keep emergencies as a separate row."),
         ("Patient asked if we take card over the phone.", "If you do, use the card machine's keyed option and never write card numbers down. Otherwise, send a secure payment link."),
         ("We keep running out of bibs halfway through the week.", "Set a minimum stock level and reorder when you hit it — a sticky note on the last box works surprisingly well."),
         ("How do I word a cancellation policy without sounding stingy?", "“We kindly ask for 24 hours' notice if you need to cancel, so we can offer the time to someone else. Missed appointments may be charged.” Firm but fair.")],
        [("Someone rang asking if we do Invisalign.", "If you don't, a friendly referral to a practice that does keeps the goodwill — they'll remember you for everything else."),
         ("The waiting room magazines are from 2019.", "Time for a clear-out! A few donated paperbacks or local leaflets are cheaper and nicer."),
         ("Patient's husband keeps ringing to book on her behalf. Data protection?", "You can take bookings, but don't share clinical details with him unless she's consented. Note her preference on the record."),
         ("What should go in a new-starter induction for reception?", "Phone scripts, the booking system, fees, emergency triage questions, data protection basics, fire exits, and who to ask for what.")],
        [("How long should a hygiene appointment be, roughly?", "Many practices book 30–45 minutes; longer for patients with gum disease or a lot of build-up."),
         ("The card machine's being temperamental.", "Restart it, check the signal or Wi-Fi, and keep a payment link ready for when it won't play."),
         ("Patient asked for a receipt for her health insurance.", "An itemised receipt: date, treatment, fee and the practice details. Insurers want the breakdown."),
         ("Someone asked if we're wheelchair accessible.", "Be specific: step-free entrance or not, which surgeries are on the ground floor, accessible toilet or not. Specific answers build trust.")],
        [("Dr Walsh wants a second monitor at reception.", "Cheap and effective — booking system on one screen, email on the other saves a lot of clicking."),
         ("Post came: three flyers, a bill, and a catalogue nobody asked for.", "Bill to the tray, catalogue to the staff room, flyers to the recycling!"),
         ("How do I chase a patient who owes €40 from months ago?", "A polite text with a payment link: “Hi, just a reminder there's a small balance of €40 on your account. You can pay here or at your next visit. Thanks!”"),
         ("Patient's anxious about needles — anything reception can do?", "Flag it on the record so the dentist knows, offer the first appointment of the day so there's less waiting, and mention they can bring headphones.")],
        [("We had a leak in the staff toilet.", "Water off at the isolation valve, photos for the landlord or insurer, and a plumber today if you can."),
         ("How do I tell a dentist he's running late all the time, politely?", "Bring data, not feelings: 'Your sessions have run over by about 20 minutes on average this month — can we look at booking lengths together?'"),
         ("Can you write a short welcome email for new patients?", "“Welcome to Harbourview Dental! We're looking forward to meeting you. Please arrive 10 minutes early to fill in a short medical history form, and let us know if you have any questions.”"),
         ("What do I say when someone asks 'how much is a filling?' on the phone?", "Give the range, explain it depends on size and material, and offer an exam so the dentist can give an exact quote.")],
        [("Aoife's asking for new loupes. They're not cheap.", "Worth it for posture and precision — maybe split the cost or treat it as part of her training budget."),
         ("Light in the sterilisation room keeps flickering.", "Probably the tube or the starter. Get it sorted soon — good lighting matters in there."),
         ("Can we text patients on a Sunday?", "You can, but reminders land better the day before at a reasonable hour — late morning or early evening."),
         ("How many appointment reminders is too many?", "One a couple of days before and one the day before is plenty. More starts to feel like nagging.")],
        [("Patient left her umbrella. Third one this month.", "Lost property box by the door, cleared to a charity shop monthly!"),
         ("We need a new kettle for the staff room. Exciting times.", "Highlight of the quarter. Go for one with a limescale filter."),
         ("Dr Nolan wants last quarter's treatments broken down by dentist.", "Most practice software has a treatments-by-clinician report — filter the date range and export it to a spreadsheet."),
         ("Polite way to ask patients to put phones on silent?", "A small sign: “To help everyone relax, please switch your phone to silent. Thank you!”")],
        [("Someone wants to bring their toddler into the surgery with them.", "Usually fine if the child's supervised, but worth asking if another adult can wait with them in reception."),
         ("Is it worth doing a practice newsletter?", "A short one every few months — tips, new faces, opening hours — keeps you in people's minds. Keep it to one screen."),
         ("The air con in surgery 3 drips.", "Could be a blocked condensate drain. Towel down and call the maintenance company."),
         ("Give me a one-liner for the website about emergency appointments.", "“In pain? Call us first thing — we keep same-day emergency slots every weekday.”")],
        [("Patient asked if she can pay for a crown in instalments.", "If you don't offer in-house plans, point her to any finance option you're set up with, or split it between the prep and fit visits."),
         ("We're short on reception cover next Friday afternoon.", "Could you move admin-only tasks to the morning and let calls go to voicemail for an hour with a clear message?"),
         ("How do I handle a patient who's rude to reception?", "Stay calm and set a boundary: “I want to help you, but I need you to speak to me respectfully.” If it continues, the practice manager steps in — which is you!"),
         ("Another practice is asking for one of our patients' X-rays.", "Only with the patient's written consent — then send them securely, not by plain email.")],
        [("200 toothbrush samples arrived. Where do I put 200 toothbrushes.", "Top shelf of the store room, and a little basket at reception — they'll go faster than you think with kids."),
         ("Should we have a WhatsApp group for staff?", "Handy for rota swaps and quick updates — just agree that nothing patient-identifiable ever goes on it."),
         ("Our Google listing still shows the old phone number.", "Log in to your Google Business Profile and edit the contact details — it can take a few days to update."),
         ("Delivery driver left a box of cylinders in the hall while I was on the phone.", "Move them to proper storage straight away, and tell the supplier they need to be signed for.")],
        [("Phone's been ringing nonstop with people wanting emergency slots.", "Maybe hold back two emergency slots a day and release them at 10am if nobody's used them."),
         ("Three people rang for 'just a quick look' at a sore tooth this morning.", "An emergency-slot script for reception might help: triage questions, then offer the next emergency appointment."),
         ("Patient asked if we can 'squeeze her in' at lunchtime. Again.", "A polite standard answer helps: 'Our lunch slots are kept for emergencies, but I can offer you the first appointment after.'")],
        [("Patient wants to know if we do payment plans.", "If you offer them, spell out the deposit, the number of instalments and what happens if a payment's missed — in writing."),
         ("Someone's disputing a bill from last year.", "Pull the treatment notes and the signed estimate first. Most disputes settle once the patient sees what they agreed to.")],
        [("Autoclave threw an error code again.", "Log it, run a test cycle, and call the service engineer if it repeats. Don't use it for instruments until it passes."),
         ("Compressor's louder than usual.", "Could be a filter or a moisture issue. Drain the tank if that's on your schedule, and book a service if it keeps up."),
         ("Suction on chair 1 is weak.", "Usually a blocked filter or trap. Check and clean those first; if it's still weak, call the engineer.")],
        [("{staff} is off sick, so I'm on reception and admin today.", "Rough. Maybe batch the phone call-backs into two slots so you can actually get admin done in between."),
         ("{staff} wants to change to a four-day week.", "Worth looking at how it'd affect cover on your busiest days before agreeing — and trialling it for a month."),
         ("{staff} did a great job calming a really anxious patient today.", "Worth telling them directly. That kind of thing is half of what keeps patients coming back.")],
        [("Patient complained about waiting 25 minutes past her appointment.", "A short apology helps: “Sorry you were kept waiting today — the morning ran over. We'll do our best to keep to time for your next visit.” And maybe a heads-up text when you're running late."),
         ("Someone left a review saying the receptionist was 'cold'.", "Reply briefly and kindly, thank them for the feedback, and mention you'll take it on board — then chat to the team privately.")],
        [("Draft a text reminding patients to bring their medical card.", "“Hi, a reminder from Harbourview Dental: please bring your medical card to your appointment so we can process your treatment. Thanks!”"),
         ("Write a short message for patients about parking at the back.", "“Parking: there are a few spaces behind the practice, accessed from the lane. Please don't park in front of the neighbours' gates. Thank you!”")],
        [("How many teaspoons in 10 ml? For the mouthwash instructions.", "Two teaspoons — a teaspoon is 5 ml."),
         ("What's 30 ml in tablespoons?", "Two tablespoons — a tablespoon is 15 ml.")],
        [("Christmas party: the team wants karaoke. I want to hide.", "You could always be on 'managing the playlist' duty."),
         ("Someone's dog waited outside for a whole appointment and I'm in love.", "The best kind of patient support.")],
        [("Do we need to keep the old appointment books?", "Keep anything that forms part of patient records for your retention period, and store it securely. Check your indemnity provider's guidance for specifics."),
         ("What's a good way to file consent forms?", "Scan them into the patient record on the day and keep the originals in a locked cabinet by month.")],
    ],
    scenes=[
        [U("Hi, I'm Siobhan, practice manager at Harbourview Dental in Dún Laoghaire. Three dentists, two hygienists, too much paperwork. I'll be using you for the admin side — suppliers, fees, rotas, that sort of thing."),
         A("Hi Siobhan! Happy to help with the admin side. Tell me about your suppliers, fees and the rota as they come up, and I'll help you keep track of what's current.")],
        [U("For reference: all our lab work — crowns, bridges, night guards — goes to Corrib Dental Lab in Galway. Courier collects Tuesdays and Fridays, and the usual turnaround is about ten working days.", "name"),
         A("Noted: lab work goes to Corrib Dental Lab in Galway, courier Tuesdays and Fridays, roughly ten working days' turnaround.", "name")],
        [U("Dr Nolan's done the fees review. New-patient exam stays at €60 for now, hygiene visit €85, whitening €350.", "number"),
         A("Got it: new-patient exam €60, hygiene visit €85, whitening €350. Want an updated fee sheet for reception?", "number")],
        [U("Ciara on reception goes on maternity leave at the end of the month. Declan from the agency is covering, he starts Monday."),
         A("Noted — Ciara on maternity leave from the end of the month, Declan covering from Monday. A one-page 'how we do things' sheet for him would make the first week easier.")],
        [U("The radiation protection survey on the X-ray units is booked — the physicist is coming on 22 October, first thing. Need to block chair 2 that morning.", "date"),
         A("Noted: radiation survey on 22 October, morning, chair 2 blocked. I'd have the last survey report and the equipment log to hand.", "date")],
        [U("Something I want to raise with Dr Nolan: we keep losing new patients because they can only do after-work appointments, and we shut at half five.", "reason"),
         A("That's a common gap — lots of people in full-time jobs can't get away before six. An evening session one or two days a week often pays for itself in new-patient bookings. Want me to sketch the numbers for Dr Nolan?")],
        [U("Corrib took three weeks on the Byrne bridge. Three. The patient's been in a temporary for a month and she's livid."),
         A("That's well outside what they quoted. Might be time to get quotes from one or two other labs, with turnaround guarantees in writing.")],
        [U("Glove prices from Henry Schein have gone mad — €9.80 a box for nitrile now."),
         A("That's steep. Worth comparing with one other supplier and asking Henry Schein about a bulk price if you commit to a quarterly order.")],
        [U("Dr Nolan's signed off on it: Thursday late clinic, open until 8pm, starting the first Thursday of next month. Dr Walsh and Aoife will do it.", "decision"),
         A("Great — Thursday late clinic until 8pm from the first Thursday of next month, with Dr Walsh and Aoife. That should catch the people who need after-work appointments.", "decision", "reason")],
        [U("Fee changes from January, finally agreed: new-patient exam goes to €70. Everything else stays where it is.", "number"),
         A("Noted: new-patient exam €70 from January; hygiene and whitening unchanged. I'll update the fee sheet wording for you.", "number")],
        [U("First batch went off with the Liffey Ceramics courier this afternoon — two crowns and the Kelly night guard. They've promised eight working days.", "name"),
         A("Fingers crossed — eight working days would be a big improvement. I'll keep the due date in mind so you can chase if needed.")],
        [U("Staff CPR refresher is booked for 3 December, in-house, all afternoon."),
         A("Noted — CPR refresher on 3 December, afternoon. You'll want to block the appointment book from lunchtime.")],
        [U("Liffey Ceramics sent the crowns back in seven days. Perfect fit, Dr Walsh is delighted.", "name"),
         A("Brilliant start with Liffey Ceramics. If the quality holds, worth moving the bridges and night guards over as well.", "name")],
    ],
    questions=[
        dict(kind="name", q="Which lab are we using for crowns and bridges now?",
             answers=["Liffey Ceramics", "Liffey"], wrong=["Corrib Dental Lab", "Corrib"]),
        dict(kind="number", q="How much is the new-patient exam now?",
             answers=["€70", "70 euro", "70 euros", "seventy euro"], wrong=["€60"]),
        dict(kind="date", q="When is the physicist coming to do the X-ray survey?",
             answers=["22 October", "22nd October", "October 22", "October 22nd", "22/10"], wrong=[]),
        dict(kind="decision", q="What did Dr Nolan sign off on for opening hours?",
             answers=["Thursday late clinic", "late clinic on Thursdays", "open until 8pm on Thursdays", "Thursday evenings"], wrong=[]),
        dict(kind="reason", q="Why did we decide to change the opening hours?",
             answers=["after-work appointments", "after-work", "after work"], wrong=[]),
    ],
)


# ================================================================= dialogs: Russian

# ---- ru-1: flower shop, Moscow -------------------------------------------------------

def ru1_markup(r, sl):
    c = r.choice([45, 60, 85, 110, 140, 190, 250])
    p = r.choice([100, 150, 200, 250])
    u = r.choice([f"Закупаю по {c} ₽ за штуку, хочу наценку {p}%. Почём продавать?",
                  f"Цветок обходится в {c} ₽, наценка {p}% — какая выходит цена?"])
    a = f"{ru_int(round(c * (1 + p / 100)))} ₽ за штуку."
    return u, a


def ru1_ribbon(r, sl):
    n = r.choice([12, 20, 25, 30, 40, 50])
    cm = r.choice([60, 80, 90, 120])
    u = f"Сколько метров ленты уйдёт на {n} букетов, если на каждый по {cm} см?"
    a = f"{ru_dec(n * cm / 100)} м. Лучше взять с запасом — пару метров сверху."
    return u, a


RU1 = dict(
    id="b11-ru-1", lang="ru", length=286, seasons=('winter',),
    slots=dict(gender="f", staff=["Катя", "Соня"]),
    filler=[
        ru1_markup, ru1_ribbon,
        [("Сегодня три свадебных букета подряд, руки отваливаются.", "Сильно! Три свадебных за день — это марафон. Отдохните вечером как следует."),
         ("Клиентка хочет букет «как на картинке из Пинтереста», а там цветы, которых в природе не бывает.", "Классика. Можно показать ей два-три реальных варианта в той же гамме и честно сказать, что на фото, скорее всего, обработка."),
         ("Мужчина пришёл за букетом «на извинение» и попросил «чтобы наверняка».", "Ха, ответственный заказ! Крупные пионовидные розы и никаких жёлтых цветов — на всякий случай.")],
        [("{staff} опять опоздала на полчаса.", "Может, спокойно поговорить один на один? Бывает, у человека что-то случилось. Если нет — договориться о правилах."),
         ("{staff} собрала сегодня такой букет, что клиентка расплакалась от счастья.", "Вот это да! Обязательно скажите ей об этом — такое важно слышать."),
         ("{staff} просит поменяться сменами на выходных.", "Если вторая девушка не против — почему бы нет. Главное, чтобы в субботу утром кто-то был на приёмке.")],
        [("Как продлить жизнь гортензиям?", "Подрезать стебель острым ножом наискосок, расщепить, ставить в холодную воду. Если поникли — опустить шапку целиком в воду на полчаса."),
         ("Почему тюльпаны в вазе так вытягиваются?", "Они растут и после срезки. Холодная вода, неглубокая ваза и пара капель нашатыря или монетка — старые, но рабочие хитрости."),
         ("Как объяснить клиенту, что эвкалипт не пахнет, если его не растереть?", "Так и сказать: аромат раскрывается, когда лист растираешь пальцами. Можно дать потрогать — обычно это убеждает.")],
        [("Холодильная камера что-то шумит сильнее обычного.", "Может быть вентилятор или обмерзание испарителя. Проверьте, не забита ли решётка, и если шум не пропадёт — вызывайте мастера до выходных."),
         ("Свет моргнул, камера пискнула. Страшно.", "Посмотрите, держит ли она температуру через полчаса. Если да — скорее всего, всё в порядке.")],
        [("Клиентка спрашивает, почему пионы такие дорогие.", "Можно честно: сезон короткий, цветок привозной и нежный, часть теряется в дороге. Зато такой букет — событие."),
         ("Покупатель торгуется за каждую ромашку.", "Можно предложить вариант подешевле вместо скидки: меньше стеблей, но та же гамма.")],
        [("Придумай подпись на открытку к юбилею, нейтральную.", "«С юбилеем! Пусть в жизни будет больше поводов для радости, а рядом — любимые люди»."),
         ("Нужна подпись на открытку «с днём рождения» для коллеги, без пафоса.", "«С днём рождения! Пусть работа радует, а выходные длятся подольше»."),
         ("Открытка на выписку из роддома, коротко.", "«С появлением малыша! Счастья, здоровья и спокойных ночей всей семье»."),
         ("Подпись на открытку «прости», чтобы не слишком.", "«Прости меня. Ты для меня важнее любого спора»."), ],
        [("Опять пришли упаковочную плёнку не того цвета.", "Сфотографируйте и сразу напишите поставщику — пусть заменят со следующей поставкой."),
         ("Заканчивается крафт, надо не забыть заказать.", "Давайте добавлю в список: крафт-бумага. Ещё что-то из расходников на исходе?")],
        [("В соседнем доме открылся ещё один цветочный.", "Конкуренция бодрит. Ваш козырь — постоянные клиенты и качество. Может, стоит напомнить о себе в соцсетях."),
         ("Что сейчас модно в свадебной флористике?", "Натуральные «полевые» композиции, нежные пастельные тона, сухоцветы в сочетании со свежими цветами, немного зелени в свободной форме.")],
    ],
    scenes=[
        [U("Привет! Я Алина, у меня небольшой цветочный магазин у метро Профсоюзная, называется «Пион и полынь». Буду скидывать тебе рабочие вопросы — поставщики, заказы, кто когда на смене. Помогай не сойти с ума 🙂"),
         A("Привет, Алина! С удовольствием. Пишите всё подряд — поставщики, заказы, график, цены, — буду помогать держать это в голове. С чего начнём?")],
        [U("Розы беру у Кирилла Зотова, он возит эквадорские напрямую. Поставки по вторникам и пятницам, цены нормальные, но иногда опаздывает часа на два.", "name"),
         A("Фиксирую: розы — Кирилл Зотов, эквадорские, поставки по вторникам и пятницам, бывают опоздания. Если задержки станут регулярными, можно попросить у него точное окно доставки.", "name")],
        [U("Есть постоянный корпоративный клиент — айтишники из «Кварты» на Нагатинской. Каждый понедельник два букета на ресепшен, договорились по 4 500 ₽ за букет.", "number"),
         A("Стабильный клиент — это ценно. Записываю: «Кварта», каждый понедельник два букета по 4 500 ₽, итого 9 000 ₽ в неделю.", "number")],
        [U("По сменам: Катя и Соня работают два через два, я выхожу, когда кто-то из них не может. Соня сейчас на больничном до конца недели."),
         A("Ясно: Катя и Соня — два через два, вы подстраховываете. Соня на больничном до конца недели — значит, эти дни закрываете вы с Катей?"),
         U("Ага, Катя выходит, я ей доплачу."),
         A("Хорошо. Отметьте, сколько смен она отработала сверх графика, чтобы не забыть при расчёте.")],
        [U("К 8 Марта заказала голландские тюльпаны через «Флорэкспресс», 3000 штук. Обещают привезти 4 марта.", "date"),
         A("Записываю: 3000 тюльпанов от «Флорэкспресса», привоз 4 марта. До праздника остаётся четыре дня — хватит, если упаковку и ленты подготовить заранее.", "date")],
        [U("Доставку сейчас отдаём агрегатору, и я всё меньше довольна. Курьеры каждый раз новые, никто ничего не знает."),
         A("Частая беда агрегаторов: контроля качества почти нет. Варианты — другая служба, свой человек или смешанная схема. Если прикинете, сколько доставок в день в среднем, посчитаю, что выгоднее.")],
        [U("Зотов опять. Из 200 роз 30 подмороженные, бутоны почерневшие. Поговорила с Зотовым по телефону — «на таможне простояли». Написала Зотову ещё и в вотсап, чтобы было письменно."),
         A("Правильно, что письменно. Попросите замену или скидку на эти 30 штук и зафиксируйте, что это уже не первый случай.")],
        [U("Свадебный заказ на 14 сентября: букет невесты из пионовидных роз и бутоньерка. Предоплату 50% внесли."),
         A("Записываю: свадьба 14 сентября — букет невесты из пионовидных роз и бутоньерка, предоплата 50% получена. Ближе к дате уточните у невесты оттенок платья.")],
        [U("Всё, решила. Берём своего курьера на полставки, хватит с нас агрегаторов. За одну неделю два букета приехали помятые, одна клиентка мне чуть не плача звонила.", "decision", "reason"),
         A("Понимаю — помятые букеты бьют по репутации сильнее, чем курьер по бюджету. Значит, свой курьер на полставки. Помочь с текстом вакансии?", "decision", "reason"),
         U("Да, давай."),
         A("Вариант: «В цветочный магазин у м. Профсоюзная нужен курьер на полставки. Доставка букетов по Москве, аккуратность важнее скорости. График обсуждается, оплата — оклад плюс за каждый заказ. Пишите в директ».", "decision")],
        [U("Понедельник, надо выставить счёт «Кварте»."),
         A("Конечно. Как обычно — два букета по 4 500 ₽, итого 9 000 ₽?", "number"),
         U("Не, уже по 5 200. Я им в пятницу написала, что розы подорожали, они согласились без вопросов. Итого 10 400.", "number"),
         A("Готово: два букета по 5 200 ₽, итого 10 400 ₽. Дальше считаю по новой цене.", "number")],
        [U("С Зотовым больше не работаем. Третий раз подмороженные — хватит. Розы теперь беру у Лейлы Гасановой, она на Рижской базе, у неё и эквадорские, и колумбийские.", "name"),
         A("Ясно, Зотов — всё. Розы теперь у Лейлы Гасановой с Рижской базы. Уточнить у неё дни поставок и до скольких она принимает заявки?", "name"),
         U("Возит хоть каждый день, заявка до 18:00 накануне."),
         A("Удобно. Получается, заказ на завтра — до шести вечера сегодня.")],
        [U("«Флорэкспресс» пишет: фура из Голландии выходит раньше, тюльпаны будут уже 2 марта. Надо срочно освобождать холодильник.", "date"),
         A("Отлично, значит, 2 марта — почти неделя запаса до праздника. Холодильник лучше освободить накануне, а упаковку подготовить заранее.", "date")],
        [U("Лейла сегодня привезла 300 роз — ни одной битой, все свежие. Люблю её.", "name"),
         A("Вот это поставщик! Может, сразу договориться с ней о графике поставок на предпраздничную неделю.")],
    ],
    questions=[
        dict(kind="name", q="У кого мы сейчас берём розы?",
             answers=["Лейла Гасанова", "Гасанова", "Гасановой", "Гасанову", "Лейла", "Лейлы", "Лейле", "Лейлу", "Лейлой"],
             wrong=["Кирилл Зотов", "Кирилла Зотова", "Зотов", "Зотова", "Зотову", "Зотовым", "Кирилла"]),
        dict(kind="number", q="Почём теперь букеты для «Кварты»?",
             answers=["5 200 ₽", "5 200", "5200", "5 200 рублей", "5200 ₽"], wrong=["4 500 ₽", "4 500"]),
        dict(kind="date", q="Когда приезжают тюльпаны к празднику?",
             answers=["2 марта", "второго марта", "2.03"], wrong=["4 марта"]),
        dict(kind="decision", q="Как мы в итоге решили с доставкой?",
             answers=["своего курьера", "свой курьер", "своим курьером", "курьер на полставки", "курьера на полставки"], wrong=[]),
        dict(kind="reason", q="Напомни, почему отказались от агрегатора?",
             answers=["помятые", "помятыми", "помятых", "помяли"], wrong=[]),
    ],
)


# ---- ru-2: guest house, Suzdal -------------------------------------------------------

def ru2_occupancy(r, sl):
    k = r.choice([3, 4, 5, 6, 7])
    u = r.choice([f"Сегодня занято {k} номеров из 8. Это сколько процентов загрузки?",
                  f"Загрузка: {k} из 8 номеров — в процентах?"])
    a = f"{ru_dec(k / 8 * 100)}%."
    return u, a


def ru2_linen(r, sl):
    n = r.choice([4, 5, 6, 8])
    kg = r.choice([1.5, 2, 2.5])
    u = f"Если на один номер уходит {ru_dec(kg)} кг белья, сколько килограммов на {n} номеров?"
    a = f"{ru_dec(n * kg)} кг."
    return u, a


RU2 = dict(
    id="b11-ru-2", lang="ru", length=154, seasons=('summer',),
    slots=dict(gender="f", staff=["Таня"]),
    filler=[
        ru2_occupancy, ru2_linen,
        [("Гости из третьего номера просят поздний выезд до 15:00.", "Если на сегодня в этот номер нет заезда — можно. Многие берут за поздний выезд половину стоимости или фиксированную сумму."),
         ("Оставили отзыв: «Всё отлично, но петухи в пять утра». Ну а что я сделаю, это Суздаль.", "Можно ответить с юмором: «Спасибо! Петухи у нас — часть местного колорита и лучший будильник. Ждём вас снова»."),
         ("Гости спрашивают, можно ли с собакой.", "Если решите пускать — лучше сразу прописать правила: небольшая доплата за уборку, не оставлять одну в номере, не на кровать.")],
        [("{staff} спрашивает, где запасные ключи от пятого номера.", "Хорошо бы завести одну коробку со всеми запасными ключами и подписать бирки — и чтобы ключ от неё был только у вас и у неё."),
         ("{staff} предложила ставить в номера мятные конфетки. Мило же.", "Мило и недорого, гости такое замечают и пишут в отзывах.")],
        [("Сантехник обещал прийти в десять, сейчас двенадцать.", "Классика. Позвоните ему и спросите конкретное время — и попросите предупредить за полчаса."),
         ("Опять потёк бачок в шестом.", "Скорее всего, износилась груша или прокладка клапана — копеечный ремонт, но лучше не тянуть, вода льётся круглые сутки.")],
        [("Напиши приветствие для гостей на табличку в номер.", "«Добро пожаловать в «Тихий двор»! Чувствуйте себя как дома. Завтрак с 8:00 до 10:00, Wi-Fi — на обороте. Если что-то понадобится — звоните, мы рядом»."),
         ("Нужна табличка «не курить» повежливее.", "«Дорогие гости! В номерах и на веранде не курим — дом деревянный, а мы его очень любим. Место для курения — у калитки. Спасибо!»")],
        [("Гости спрашивают, что посмотреть в Суздале за полдня.", "Кремль, Спасо-Евфимиев монастырь, Музей деревянного зодчества и прогулка вдоль Каменки. Если останется время — торговые ряды и медовуха."),
         ("Где у нас поблизости можно покататься на лошадях?", "Лучше дать гостям пару проверенных контактов конюшен — могу помочь составить текст для памятки."),
         ("Гости хотят в баню после экскурсии, но у нас она занята.", "Можно предложить перенести на вечер или подсказать общественную баню в городе — главное, предупредить заранее.")],
        [("Соседский кот опять спит на ресепшене.", "Похоже, он уже часть команды. Гостям, кстати, обычно нравится."),
         ("Муж обещал починить калитку ещё в мае.", "Может, подарить ему на это выходной день? 🙂")],
        [("Сколько ставить цену за дополнительное место — раскладушку?", "Обычно 10–20% от стоимости номера или фиксированно, в районе тысячи рублей за ночь."),
         ("Гость хочет счёт на организацию, для командировки.", "Нужны реквизиты организации и ФИО гостя. Выставите счёт и после оплаты — закрывающие документы.")],
    ],
    scenes=[
        [U("Добрый день! Меня зовут Наталья, у нас с мужем гостевой дом в Суздале, «Тихий двор», восемь номеров. Хочу, чтобы ты помогал мне с хозяйством: брони, поставщики, персонал. Я уже путаюсь."),
         A("Здравствуйте, Наталья! Восемь номеров — это уже серьёзное хозяйство. Давайте разложим всё по полочкам: рассказывайте, что сейчас в работе.")],
        [U("Бельё у нас стирает прачечная «Снежинка» во Владимире. Забирают по понедельникам, привозят в среду, 60 рублей за килограмм.", "name"),
         A("Записываю: бельё — прачечная «Снежинка» во Владимире, забирают в понедельник, возвращают в среду, 60 ₽ за кг.", "name")],
        [U("Цены на лето утвердила: стандартный двухместный — 4 900, семейный номер — 6 800 ₽ за ночь. В будни скидка 10%.", "number"),
         A("Летние цены: стандартный двухместный 4 900 ₽, семейный 6 800 ₽ за ночь, в будни минус 10%. Обновить описание на Островке и Суточно?", "number")],
        [U("Большая бронь! Группа из Иваново — хор ветеранов, 18 человек, заезд 14 июня, на три ночи. Заняли почти весь дом.", "date"),
         A("Отличная бронь. Фиксирую: хор из Иваново, 18 человек, заезд 14 июня, три ночи. Предоплату уже внесли?", "date"),
         U("Внесли 30%."),
         A("Хорошо, остальное — при заезде.")],
        [U("С завтраками думаю так: на лето делаем шведский стол. Быстрее, чем готовить каждому отдельно, и гостям нравится.", "decision"),
         A("Для летней загрузки это удобно. Для шведского стола понадобятся мармиты или хотя бы термосы, и объёмы стоит прикинуть заранее, чтобы не готовить лишнего.", "decision")],
        [U("Таня, моя помощница, теперь с нами на всё лето. Убирает номера и помогает на кухне, с 8 до 16."),
         A("Отлично, с помощницей станет легче. Записываю: Таня — уборка и кухня, с 8 до 16, на всё лето.")],
        [U("«Снежинка» опять вернула простыни с жёлтыми пятнами. Второй раз за месяц. Позвонила в «Снежинку» — говорят, у них новая химия. Ага, конечно."),
         A("Неприятно, особенно летом, когда каждый комплект на счету. Попросите перестирать за их счёт, а параллельно можно узнать цены в других прачечных."),
         U("Да, набросай, что спросить, когда буду обзванивать."),
         A("Спросите: 1) цена за кг и минимальный объём; 2) дни забора и возврата; 3) отвечают ли они за испорченное бельё; 4) чем отбеливают; 5) можно ли начать с пробной партии.")],
        [U("Баню для гостей решили давать за 2 000 ₽ за два часа, с вениками."),
         A("Хорошее дополнение. Записываю: баня — 2 000 ₽ за два часа, веники включены. Можно предлагать при бронировании.")],
        [U("Так, пишу памятку для Тани по заездам на июнь: группа из Иваново заезжает 14-го... ой, стоп, нет. Они же вчера звонили — им автобус не дали, перенесли на 21 июня. Тоже на три ночи.", "date"),
         A("Исправляю в памятке: хор из Иваново — заезд 21 июня, три ночи, 18 человек. Освободившиеся дни в середине месяца можно снова открыть для бронирования.", "date")],
        [U("Шведский стол отменяем. С понедельника завтрак по меню: три варианта на выбор, гости отмечают с вечера. Слишком много выкидываем — сегодня опять полкастрюли каши и целый поднос сырников в ведро.", "decision", "reason"),
         A("Логично: при восьми номерах шведский стол почти всегда в минус. Завтрак по меню с заказом с вечера сильно сократит списания. Сделать карточку-меню для номеров?", "decision")],
        [U("Аквамарин сегодня забрал первую партию, 40 кило. Водитель при мне взвесил мешки и выдал квитанцию. Уже приятнее.", "name"),
         A("Хорошее начало с новой прачечной. Посмотрим, как вернут: если без пятен — «Аквамарин» себя оправдал.", "name")],
        [U("Бельё от Аквамарина вернулось — белоснежное, пахнет нормально, ни одного пятна. Наконец-то.", "name"),
         A("Отлично! Значит, бельё теперь стабильно в «Аквамарине» — можно ставить их в постоянный график.", "name")],
    ],
    questions=[
        dict(kind="name", q="Какая прачечная сейчас стирает нам бельё?",
             answers=["Аквамарин", "Аквамарина", "Аквамарину", "Аквамарином", "Аквамарине"], wrong=["Снежинка", "Снежинку"]),
        dict(kind="number", q="Сколько стоит ночь в семейном номере летом?",
             answers=["6 800 ₽", "6 800", "6800", "6 800 рублей"], wrong=[]),
        dict(kind="date", q="Когда заезжает группа из Иваново?",
             answers=["21 июня", "двадцать первого июня", "21.06"], wrong=["14 июня"]),
        dict(kind="decision", q="Что мы в итоге решили с завтраками?",
             answers=["завтрак по меню", "завтраки по меню", "по меню"], wrong=["шведский стол", "шведского стола"]),
        dict(kind="reason", q="А почему так решили с завтраками?",
             answers=["выкидываем", "много выкидываем", "выбрасываем"], wrong=[]),
    ],
)


# ---- ru-3: translation agency, St Petersburg -----------------------------------------

def ru3_pages(r, sl):
    chars = r.choice([27000, 36000, 45000, 54000, 72000, 90000, 126000])
    u = r.choice([f"В тексте {ru_int(chars)} знаков с пробелами. Сколько это учётных страниц по 1800?",
                  f"Посчитай учётные страницы: {ru_int(chars)} знаков с пробелами."])
    a = f"{ru_int(chars // 1800)} страниц{'' if chars % 1800 == 0 else ' с хвостиком'}."
    return u, a


def ru3_days(r, sl):
    n = r.choice([30, 45, 60, 80, 120])
    k = r.choice([8, 10, 12, 15])
    u = f"{n} страниц, переводчик делает {k} в день. Сколько дней?"
    d = -(-n // k)
    a = f"{d} рабочих дней{'' if n % k == 0 else ' (последний — неполный)'}. Плюс день-два на редактуру."
    return u, a


def ru3_invoice(r, sl):
    pages = r.choice([12, 18, 24, 35, 48, 60])
    rate = r.choice([450, 500, 550, 600, 650])
    u = r.choice([f"Частный клиент, {pages} страниц по {rate} ₽. Какая сумма в счёт?",
                  f"Посчитай заказ: {pages} учётных страниц, ставка {rate} ₽."])
    a = f"{ru_int(pages * rate)} ₽."
    return u, a


RU3 = dict(
    id="b11-ru-3", lang="ru", length=340, seasons=('spring',),
    slots=dict(gender="m", staff=["Олег", "Света"]),
    filler=[
        ru3_pages, ru3_days, ru3_invoice,
        [("Клиент прислал скан, половина текста нечитаема.", "Попросите оригинал или фото получше. Если нет — переводим читаемое, а в нечитаемых местах ставим пометку «неразборчиво», это стандартная практика."),
         ("Как считать стоимость перевода с таблицами и схемами?", "Знаки в таблицах и схемах считаем как обычно, а вёрстку сложной графики можно брать отдельно — по часам или фиксированно."),
         ("Фрилансер просит предоплату 50%. Мы так не делаем.", "Можно предложить компромисс: оплата частями по мере сдачи — и ему спокойнее, и вам."),
         ("Клиент спрашивает, почему перевод дороже, чем «в интернете».", "Можно объяснить, что за ценой стоят профильный переводчик, редактура и ответственность за результат. И предложить пробный фрагмент.")],
        [("Нужен перевод с казахского, у нас никого нет.", "Поспрашивайте коллег по цеху или в профильных чатах переводчиков. Обязательно возьмите у кандидата небольшой тест."),
         ("Клиент требует «гарантию качества». Что ответить?", "Пропишите в договоре бесплатное исправление ошибок в течение, скажем, месяца после сдачи. Это и есть честная гарантия."),
         ("Олег спрашивает, можно ли работать из дома по пятницам.", "Если по пятницам нет встреч с клиентами — почему бы нет. Попробуйте месяц и посмотрите, как пойдёт."),
         ("Как правильно оформить заверение перевода печатью бюро?", "Обычно: перевод, подпись переводчика, отметка «перевод верен», печать бюро и дата. Для официальных органов чаще нужна нотариальная форма.")],
        [("Опять спорили со Светой про ё. Ставим или нет?", "Решите один раз и впишите в стайлгайд. Часто в документах ставят ё в фамилиях и там, где без неё возможна неоднозначность."),
         ("Клиент хочет перевод пятидесяти страниц за выходные.", "Возможно, если разбить на трёх-четырёх переводчиков и оставить время свести терминологию. И наценка за срочность — обязательно."),
         ("Какую наценку брать за срочность?", "Обычно от 30 до 100% в зависимости от сроков и объёма. Главное — озвучить её до начала работы."),
         ("Как быстро понять, не машинный ли перевод прислал фрилансер?", "Признаки — скачущая терминология, кальки, одинаковые странные ошибки, идеально гладкий, но неточный текст. Можно сравнить фрагмент с машинным выводом.")],
        [("Клиент просит перевести договор и «заодно посмотреть юридически».", "Лучше сразу разграничить: перевод — да, юридическая экспертиза — отдельная услуга юриста. Так спокойнее обеим сторонам."),
         ("Как объяснить клиенту, что нотариус не заверит перевод без оригинала?", "Так и сказать: нотариус свидетельствует подпись переводчика, подшивая перевод к документу, поэтому нужен оригинал или нотариальная копия."),
         ("Нужен ли апостиль на документы для Германии?", "Для многих официальных документов — да, Германия участвует в Гаагской конвенции. Но лучше уточнить у принимающей стороны, что именно они требуют."),
         ("Фрилансер сдал перевод с пометками «не понял, что тут имелось в виду».", "Хорошо, что честно. Соберите вопросы и отправьте клиенту одним письмом — это лучше, чем угадывать.")],
        [("Как называть файлы переводов, чтобы клиент не путался?", "Например: «Название_RU-DE_дата_версия». Единый формат для всех проектов спасёт от путаницы."),
         ("Стоит ли браться за перевод художественной книги?", "Если есть подходящий переводчик и срок разумный — почему бы нет. Но художка требует другой ставки и больше времени на редактуру."),
         ("Клиент прислал PDF, из которого текст не копируется.", "Придётся распознавать. Заложите время на проверку распознавания — или включите его в цену."),
         ("Света просит второй монитор.", "Для редактора — очень оправданно: оригинал и перевод рядом экономят кучу времени.")],
        [("Напиши вакансию для переводчика-фрилансера с английского.", "«Бюро переводов ищет переводчиков с английского на фриланс: техническая тематика, стабильный поток заказов, оплата дважды в месяц. Обязательно тестовое задание. Пишите с резюме и примерами работ»."),
         ("Какой шрифт ставить, если в оригинале какой-то экзотический?", "Ближайший стандартный — например, Arial или Times New Roman, и согласовать с клиентом. Вёрстка один в один — это отдельная услуга."),
         ("Клиент благодарит за перевод и спрашивает, где оставить отзыв.", "Дайте ссылку на карточку в Яндекс Картах или 2ГИС — отзывы там реально приводят новых клиентов."),
         ("Клиент хочет скидку, потому что «текст простой».", "Можно ответить, что ставка одинакова для всех текстов одной тематики, а простота текста уже учтена в сроке.")],
        [("Устал{a} от клиентов, которые пишут в одиннадцать вечера.", "Поставьте автоответ после 20:00: «Спасибо за сообщение! Ответим завтра с 9 утра». Это совершенно нормально."),
         ("Как проверить качество перевода, если сам не знаешь языка?", "Обратный перевод фрагмента, проверка вторым переводчиком или отзыв носителя. И обязательно — цифры, имена и термины по глоссарию."),
         ("Клиентка хочет перевод свидетельства о браке «с красивым оформлением».", "Вёрстку можно приблизить к оригиналу, но для официальных целей главное — точность и заверение. Красоту обсудите отдельно."),
         ("Сломалась кофемашина в офисе. Работа встала.", "Кризис! Пока чинят — френч-пресс и молотый кофе спасут бюро.")],
        [("Олег просится на курс по вёрстке в InDesign.", "Полезное вложение — вёрстку можно продавать отдельной услугой. Договоритесь, что после курса он берёт такие заказы."),
         ("Как вежливо напомнить фрилансеру о сроке?", "«Привет! Напоминаю, что срок сдачи — завтра в 12:00. Если что-то мешает успеть — напиши заранее, вместе решим»."),
         ("Сколько страниц в день реально переводит хороший переводчик?", "Обычно 8–10 учётных страниц качественного перевода в день; на простых текстах больше, на сложной технике меньше."),
         ("Клиент просит переводить сразу в его шаблон Word с макросами.", "Можно, но макросы легко ломаются в CAT-программе. Лучше переводить в копии и переносить в шаблон в самом конце.")],
        [("Питерская погода: утром солнце, сейчас град.", "Классика жанра. Зонт в офисе — обязательный инвентарь."),
         ("Нужно ли брать у клиентов согласие на обработку персональных данных?", "Если вы работаете с их паспортами и документами — да, лучше брать согласие и прописать это в договоре или на сайте."),
         ("Клиент спрашивает, можно ли прислать документы в мессенджер.", "Можно, но для паспортов и личных документов лучше предложить почту или защищённый файлообменник — и удалять копии после сдачи.")],
        [("Клиент просит нотариальный перевод паспорта к завтрашнему утру.", "Реально, если нотариус сегодня на месте. Сразу уточните, нужен ли перевод всех страниц или только с данными."),
         ("Пришёл человек с дипломом на апостиль и перевод, хочет всё за день.", "Апостиль за день не ставят — это в Минюсте или Минобре и занимает время. Перевод сделать можно, а по апостилю честно назвать сроки.")],
        [("Олег сдал перевод на два дня раньше срока. Чудеса.", "Отличная новость! Есть время на спокойную вычитку."),
         ("{staff} просит отгул в пятницу.", "Если ничего срочного на пятницу нет — почему бы и нет. Проверьте только сроки по текущим проектам."),
         ("{staff} опять спорит с фрилансером о запятых.", "Может, пора завести общий стайлгайд — тогда спорить будет не о чем, всё по документу.")],
        [("Как правильно: «апостилирование» или «проставление апостиля»?", "В документах лучше «проставление апостиля». «Апостилирование» — профессиональный жаргон, в разговоре нормально."),
         ("Транслитерация или транскрипция для фамилий в паспорте?", "Для загранпаспортов — транслитерация по правилам МВД. Главное, чтобы в переводе было так же, как в загранпаспорте клиента."),
         ("Что такое «учётная страница», если клиент спрашивает?", "Условная единица объёма — 1800 знаков с пробелами. Считаем по ней, а не по физическим страницам, чтобы было честно.")],
        [("Клиент торгуется: хочет скидку за объём.", "Можно дать скидку от определённого объёма, но взамен попросить предоплату или удобные сроки. Скидка в обмен на что-то — это нормально."),
         ("Клиент хочет «машинный перевод, но чтобы как человеческий» и дёшево.", "Можно предложить постредактирование машинного перевода — дешевле полного перевода, но с честной оговоркой о стиле.")],
        [("Фрилансер пропал, не отвечает сутки, а сдача послезавтра.", "Пишите во все каналы и параллельно ищите замену хотя бы на часть текста. Пусть это будет уроком: промежуточная сдача на середине срока."),
         ("Новый фрилансер прислал тест — хорошо, но со стилем беда.", "Если терминология и смысл в порядке, стиль можно подтянуть редактурой. Дайте обратную связь и второй тест.")],
        [("Налоговая прислала требование пояснений, опять.", "Не паникуйте — обычно это автоматические запросы. Покажите бухгалтеру, ответ нужно дать в срок, обычно пять рабочих дней."),
         ("Когда там платить УСН за квартал?", "Авансовые платежи по УСН — до 28-го числа месяца после окончания квартала. Лучше сверить с бухгалтером.")],
        [("Сделай шаблон письма клиенту о сдаче перевода.", "«Добрый день! Направляем перевод по вашему заказу. Будем рады обратной связи — если будут вопросы или правки, пишите. Счёт во вложении. Спасибо, что выбрали нас!»"),
         ("Напиши вежливый отказ клиенту, который просит перевод за ночь.", "«Спасибо за обращение! К сожалению, за такой срок мы не сможем гарантировать качество, которое считаем для себя обязательным. Можем предложить срок до послезавтра»."),],
    ],
    scenes=[
        [U("Добрый вечер. Я Игорь, руковожу маленьким бюро переводов в Питере — «Лингва Нева». Нас трое в офисе плюс человек пятнадцать фрилансеров. Хочу вести через тебя текучку по клиентам и проектам."),
         A("Добрый вечер, Игорь! Хорошая идея. Рассказывайте, кто сейчас ключевые клиенты и какие проекты горят.")],
        [U("Главный клиент — завод «Балтремстрой», техдокументация с немецкого и английского. Ставка у них 380 ₽ за учётную страницу, оплата в течение 30 дней.", "number"),
         A("Фиксирую: «Балтремстрой» — техдокументация DE/EN, 380 ₽ за учётную страницу (1800 знаков с пробелами), отсрочка 30 дней.", "number")],
        [U("В офисе: я, Света — редактор, и Олег — английский плюс вёрстка. Света в отпуске с 3 по 17 мая."),
         A("Записываю: Света — редактор, в отпуске с 3 по 17 мая; Олег — английский и вёрстка. На время отпуска Светы стоит заранее договориться с внешним редактором.")],
        [U("По инструменту: давай всех фрилансеров переводить на Smartcat. Удобно, для исполнителей бесплатно, память и глоссарии общие.", "decision"),
         A("Smartcat — хороший вариант для распределённой команды: общие базы, онлайн-доступ, удобные выплаты фрилансерам. Начнём с пилотного проекта на двух-трёх переводчиках?", "decision")],
        [U("Тендер «Балтремстроя»: 240 страниц, сдача до 17 апреля. Жёстко, но берём.", "date"),
         A("240 страниц до 17 апреля — это примерно 12–15 страниц в день на всю команду, если стартовать сейчас. Раздать частями трём-четырём переводчикам и оставить Свете несколько дней на сквозную вычитку?", "date")],
        [U("Клиника «Медика-Север» прислала пачку немецких выписок и протоколов. Отдаём Маргарите Львовне Штерн — она сама бывший врач, терминологию знает лучше любого словаря.", "name"),
         A("Отличный выбор: медицинские тексты «Медика-Севера» — Маргарите Львовне Штерн. Сроки у клиники есть?", "name"),
         U("Неделя."),
         A("Тогда стоит сразу спросить у Маргариты Львовны, сколько страниц в день ей комфортно, и при необходимости подключить второго человека на простые выписки.", "name")],
        [U("Срочный заказ: нотариальный перевод паспорта и диплома на английский, клиент хочет послезавтра."),
         A("Реально, если нотариус свободен. Сделайте перевод завтра, а заверение — послезавтра утром, и сразу предупредите клиента о времени выдачи.")],
        [U("Smartcat отменяется. «Балтремстрой» прислал новое NDA: их документы нельзя загружать ни в какие облачные сервисы. Ставим memoQ на наш сервер, фрилансеры будут подключаться к нему.", "decision", "reason"),
         A("Понятно: раз по NDA облако под запретом, memoQ на своём сервере — правильное решение. Стоит уточнить у дистрибьютора, как лицензируется доступ для фрилансеров.", "decision", "reason")],
        [U("Олег сдал перевод сайта для «Норд-Пласта» с ошибкой в названии компании в каждом заголовке. Клиент заметил первым. Стыдно."),
         A("Неприятно, но поправимо. Извинитесь, пришлите исправленную версию сегодня же, а на будущее — чек-лист перед сдачей: названия, цифры, даты, имена.")],
        [U("Подписали с «Балтремстроем» допсоглашение: с 1 апреля — 420 ₽ за страницу. Торговались, они хотели 400, сошлись на 420.", "number"),
         A("Отлично: ставка выросла до 420 ₽ за учётную страницу с 1 апреля. На тендере в 240 страниц это лишние 9 600 ₽.", "number")],
        [U("memoQ сервер подняли, Света завела проект под тендер, первые трое фрилансеров уже подключились.", "decision"),
         A("Отлично, значит, тендер уже идёт через memoQ, и с требованиями NDA всё чисто.", "decision")],
    ],
    questions=[
        dict(kind="name", q="Кто у нас переводит немецкие медицинские тексты для клиники?",
             answers=["Штерн", "Маргарита Львовна", "Маргарите Львовне", "Маргариты Львовны", "Маргариту Львовну", "Маргаритой Львовной"], wrong=[]),
        dict(kind="number", q="Какая сейчас ставка за страницу у «Балтремстроя»?",
             answers=["420 ₽", "420", "420 рублей"], wrong=["380 ₽", "380"]),
        dict(kind="date", q="До какого числа сдаём тендерную документацию?",
             answers=["17 апреля", "семнадцатого апреля", "17.04"], wrong=[]),
        dict(kind="decision", q="В какой программе теперь работают фрилансеры?",
             answers=["memoQ", "memoQ Server"], wrong=["Smartcat"]),
        dict(kind="reason", q="Почему пришлось сменить программу?",
             answers=["NDA", "облачные сервисы", "облако", "нельзя загружать"], wrong=[]),
    ],
)


# ---- ru-4: joinery workshop, Yekaterinburg -------------------------------------------

def ru4_cubes(r, sl):
    n = r.choice([10, 15, 20, 25, 40])
    t = r.choice([25, 40, 50])
    w = r.choice([100, 150, 200])
    vol = n * t * w * 6000 / 1e9
    u = r.choice([f"Сколько кубов в {n} досках {t}×{w}×6000?", f"Посчитай кубатуру: доска {t} на {w}, длина 6 метров, {n} штук."])
    a = f"{ru_dec(vol, 3)} м³."
    return u, a


def ru4_oil(r, sl):
    m2 = r.choice([1.2, 1.8, 2.4, 3.5, 4.2])
    ml = r.choice([30, 40, 50])
    u = f"Сколько масла уйдёт на {ru_dec(m2)} м² столешницы, если расход {ml} мл на м² за слой, а слоёв два?"
    a = f"{ru_int(round(m2 * ml * 2))} мл. С учётом кромок и торцов возьмите с запасом процентов двадцать."
    return u, a


RU4 = dict(
    id="b11-ru-4", lang="ru", length=244, seasons=('autumn', 'winter'),
    slots=dict(gender="m", staff=["Саня", "Вова"]),
    filler=[
        ru4_cubes, ru4_oil,
        [("{staff} опять забыл рулетку на объекте.", "Может, выдать каждому по подписанной рулетке и вычитать за потерю? Шучу. Но подписать — точно стоит."),
         ("{staff} сегодня собрал шкаф без единой подгонки. Растёт.", "Отлично! Похвалите — это мотивирует лучше премии."),
         ("{staff} просит аванс.", "Если это не вошло в привычку — можно. Зафиксируйте сумму и дату, чтобы при расчёте не было вопросов.")],
        [("Клиент хочет столешницу из слэба, но чтобы без трещин. Совсем.", "Честно объясните: трещины в слэбе — норма, их заливают смолой или ставят «бабочки». Без трещин — это уже клеёный щит."),
         ("Клиентка просит «как в Икее, но из массива и подешевле».", "Можно показать, за что платят в массиве: толщина, срок службы, ремонтопригодность. И предложить упрощённый вариант, чтобы уложиться в бюджет."),
         ("Заказчик хочет белый дуб, но чтобы не желтел.", "Масло с белым пигментом или лак с УФ-фильтром. Полностью остановить изменение цвета нельзя, но замедлить можно.")],
        [("Пыли в цеху как на стройке, аспирация не справляется.", "Проверьте мешки и фильтры — забитые режут тягу в разы. Если не поможет — возможно, пора ставить отдельный циклон на форматник."),
         ("Компрессор опять сам отключается.", "Может срабатывать термозащита от перегрева. Проверьте, не забит ли фильтр и хватает ли ему воздуха вокруг.")],
        [("Напиши клиенту, как ухаживать за дубовой столешницей.", "«Протирайте влажной тряпкой и сразу вытирайте насухо. Горячее — только на подставку. Раз в полгода-год обновляйте масло тонким слоем. Не режьте прямо на столешнице»."),
         ("Нужна памятка к кухне про фасады в эмали.", "«Мойте мягкой губкой с мыльным раствором, без абразивов и растворителей. Не ставьте рядом с духовкой без термозащиты. Сколы лучше сразу подкрашивать»."),
         ("Клиент спрашивает, почему так долго — шесть недель на стол.", "Можно объяснить: сушка и стабилизация материала, склейка, шлифовка в несколько этапов, покрытие с межслойной сушкой. Спешка тут выходит боком.")],
        [("Поставщик ясеня прислал доски с синевой.", "Синева — грибок, на прочность почти не влияет, но для видимых деталей не годится. Сфотографируйте и требуйте замену или скидку."),
         ("Фанера опять подорожала.", "Можно зафиксировать цену, взяв объём на квартал вперёд, если есть где хранить.")],
        [("В Екатеринбурге сегодня солнце, а завтра снег. Классика.", "Уральская погода не даёт расслабиться. Главное — чтобы в цеху влажность держалась."),
         ("Какая влажность нужна в цеху для массива?", "Оптимально 40–60% при 18–22 °C. При сухом воздухе зимой массив будет трескаться — увлажнитель окупится.")],
        [("Сколько брать предоплату за кухню?", "Обычно 50–70%: она покрывает материалы и фурнитуру. Остальное — после монтажа."),
         ("Клиент просит скидку за то, что «посоветует знакомым».", "Лучше предложить бонус за реально приведённого клиента — так честнее для обеих сторон.")],
    ],
    scenes=[
        [U("Здорово. Я Денис, у нас столярная мастерская в Екатеринбурге, на Уктусе. Кухни, столы, стулья, всё на заказ. Шесть человек в цеху. Буду через тебя вести заказы и поставщиков, а то в блокноте уже чёрт ногу сломит."),
         A("Здравствуйте, Денис! Давайте переносить из блокнота. Рассказывайте, какие заказы сейчас в работе и кто за что отвечает.")],
        [U("Покраска и лак — это Руслан. Он в покрасочной камере хозяин, без него ни один фасад не уходит.", "name"),
         A("Ясно: покраска и лакировка — Руслан, он отвечает за камеру и выпуск фасадов.", "name")],
        [U("Заказ от ресторана «Хмель и солод» на Малышева: 36 стульев из ясеня и 9 столов. Предоплату 50% получили.", "number"),
         A("Записываю: «Хмель и солод», 36 стульев из ясеня и 9 столов, предоплата 50% есть. Сроки обговаривали?", "number"),
         U("Шесть недель."),
         A("Шесть недель — плотно, если параллельно идут кухни. Может, стоит раскроить все заготовки на стулья одной партией.")],
        [U("Кухня для Морозовой: обещали сдать к 28 ноября. Фасады МДФ в эмали, заказываем у «Профасада».", "date"),
         A("Фиксирую: кухня Морозовой — срок 28 ноября, фасады МДФ в эмали от «Профасада». Они приходят уже крашеные или красим у себя?", "date"),
         U("Сырые берём, красим сами."),
         A("Тогда закладываем время на покраску в камере перед сборкой.")],
        [U("Ясень берём у «УралЛесТорга», сороковка, сушка 8–10%. Последняя партия вроде норм."),
         A("Записываю: ясень — «УралЛесТорг», 40 мм, влажность 8–10%. Если будут сомнения — влагомер на приёмке решает все споры.")],
        [U("Руслан в конце месяца уходит — переезжает к семье в Тюмень. Блин. Где я маляра найду посреди сезона.", "name"),
         A("Жаль терять Руслана, особенно перед сдачей кухни. Попросите его до ухода показать кому-то из цеха настройки камеры и записать режимы — и параллельно дайте объявление.", "name")],
        [U("Форматник наш сыпется, каретку ведёт. Новый Altendorf стоит как крыло от самолёта."),
         A("Вариантов обычно три: купить новый за свои, растянуть платежи через финансовую компанию или найти б/у в хорошем состоянии. Если хотите, прикину, как каждый вариант ляжет на денежный поток по месяцам.")],
        [U("Монтажники Саня и Вова в пятницу ставят шкаф у Ильиных в Академическом."),
         A("Записываю: пятница — монтаж шкафа у Ильиных, Академический, Саня и Вова. Фурнитуру лучше проверить по списку в четверг.")],
        [U("Посидел с бухгалтером. Станок берём в лизинг. Если выложить всю сумму разом — будет кассовый разрыв, а в декабре зарплаты плюс налоги.", "decision", "reason"),
         A("Разумно. Лизинг растягивает платёж, и кассового разрыва в декабре удастся избежать. К тому же платежи по лизингу обычно можно учесть в расходах — уточните у бухгалтера.", "decision", "reason")],
        [U("Позвонил Морозовой, сказал как есть — «Профасад» задерживает фасады. Договорились на 5 декабря. Она нормально отнеслась, даже посочувствовала.", "date"),
         A("Хорошо, что без скандала. Новый срок по кухне Морозовой — 5 декабря. Зафиксируйте его сообщением в мессенджере, чтобы не было разночтений.", "date")],
        [U("Артём Коваленко сегодня первый день. Посмотрел камеру, сказал, что фильтры забиты и пистолет пора перебрать. Мне уже нравится.", "name"),
         A("Отличный старт: раз сразу полез в фильтры — человек в теме. Дайте Артёму пару дней освоиться на простых деталях, прежде чем браться за фасады Морозовой.", "name")],
        [U("Артём первые фасады покрасил — ровно, без подтёков. Морозова будет довольна.", "name"),
         A("Отличная новость! Значит, с кухней успеваете спокойно.")],
    ],
    questions=[
        dict(kind="name", q="Кто у нас сейчас на покраске?",
             answers=["Артём Коваленко", "Артем Коваленко", "Коваленко", "Артём", "Артем", "Артёма", "Артема", "Артёму", "Артему", "Артёмом", "Артемом"],
             wrong=["Руслан", "Руслана"]),
        dict(kind="number", q="Сколько стульев заказал ресторан?",
             answers=["36 стульев", "36", "тридцать шесть"], wrong=[]),
        dict(kind="date", q="К какому числу сдаём кухню Морозовой?",
             answers=["5 декабря", "пятого декабря", "5.12"], wrong=["28 ноября"]),
        dict(kind="decision", q="Как решили брать новый форматник?",
             answers=["в лизинг", "лизинг", "лизингу"], wrong=[]),
        dict(kind="reason", q="Почему решили именно так со станком?",
             answers=["кассовый разрыв", "кассового разрыва", "кассовым разрывом"], wrong=[]),
    ],
)


# ================================================================= dialogs: Japanese

# ---- ja-1: ramen shop, Osaka ---------------------------------------------------------

def ja1_costrate(r, sl):
    c = r.choice([180, 220, 240, 260, 310])
    p = r.choice([500, 650, 780, 1000, 1100])
    u = r.choice([f"原価{c}円で売値{ja_int(p)}円やったら、原価率何%？", f"サイドメニュー、原価{c}円・売値{ja_int(p)}円。原価率は？"])
    a = f"約{fnum(c / p * 100)}%です。"
    return u, a


def ja1_chashu(r, sl):
    g = r.choice([40, 60, 80])
    n = r.choice([80, 100, 120, 150])
    u = f"一杯にチャーシュー{g}g、一日{n}杯出るとして、何キロ仕込めばええ？"
    a = f"{fnum(g * n / 1000)}kgです。煮ると2〜3割縮むので、生の肉なら{fnum(g * n / 1000 / 0.7)}kgくらい用意すると安心です。"
    return u, a


JA1 = dict(
    id="b11-ja-1", lang="ja", length=320, seasons=('summer',),
    slots=dict(staff=["リョウくん", "美咲ちゃん"]),
    filler=[
        ja1_costrate, ja1_chashu,
        [("麺の茹で湯、何杯くらいで替えるのがええんやろ", "打ち粉で濁ってくると茹で上がりが重くなりますよね。ピーク時は差し湯をこまめにして、濁りがひどくなったら入れ替えが目安です。"),
         ("チャーシュー、低温調理にしてみよかな", "しっとり仕上がって人気ですよね。温度と時間はしっかり記録しておくと、衛生面でも安心です。"),
         ("味玉の漬け時間、何時間がベスト？", "半日〜一晩が多いですね。漬けすぎると塩っぱくなるので、容器に日付と時間を書いておくとブレません。"),
         ("昼のピーク、回転もっと上げたい", "水をセルフにするなど、小さい動きを減らすと効きますよ。お客さんの待ち時間を一度測ってみるのもおすすめです。")],
        [("カウンターの椅子、ガタガタしてきた", "脚のネジの緩みかもしれません。締め直してもダメなら、脚にフェルトを貼るだけでも違いますよ。"),
         ("お客さんに「ニンニク入れ放題にして」って言われた", "卓上に置くなら、刻みニンニクのほうが管理しやすいですよ。匂い対策に換気も強めで。"),
         ("常連のおっちゃん、毎日同じ席に座りはる", "もうお店の一部ですね。そういうお客さんがいるお店は強いですよ。"),
         ("店のBGM、何流そうかな", "昭和歌謡やジャズなど、会話の邪魔にならないものが無難ですね。音量は控えめに。")],
        [("メンマ、自家製にしたい", "乾燥メンマを戻して味付けする方法なら、手間もそこまでかからず、お店の味も出せますよ。"),
         ("ネギ、値段上がってきた", "季節で変わりますからね。青ネギと白ネギの使い分けや、量の見直しで調整するお店も多いです。"),
         ("暖簾、色あせてきたわ", "暖簾はお店の顔なので、新調すると気分も変わりますよ。同じデザインで作り直すのもアリです。"),
         ("グルメサイトの点数、ちょっと下がっとる", "点数は気にしすぎず、書かれている内容から改善できる点だけ拾うのがおすすめです。")],
        [("閉店後の掃除、もっと早く終わらせたい", "担当エリアを決めて、毎日やること・週1でやることを分けると、だいぶ早くなりますよ。"),
         ("寸胴、もう一個買うか迷ってる", "仕込みの回転が上がるなら投資の価値はありますね。置き場所と、コンロの口が足りるかは確認しておきましょう。"),
         ("お客さんが傘忘れていった。三本目や", "傘立ての横に忘れ物の箱を置いておくと、取りに来た人もすぐわかりますよ。"),
         ("辛いもん好きのお客さん向けに、辛味噌やりたい", "豆板醤に味噌と一味、ニンニクを合わせた辛味噌を別皿で出す形だと、辛さを調整しやすいですよ。")],
        [("天神祭の日、店の前の道通行止めになるらしい", "仕入れの配達時間に影響が出るかもしれませんね。前もって業者さんに時間を確認しておくと安心です。"),
         ("子ども連れのお客さん用に、小さい器あったほうがええかな", "取り分け用の小鉢とフォークがあると、親御さんにすごく喜ばれますよ。"),
         ("ラーメンの写真、うまいこと撮りたい", "真上か斜め45度から、自然光の入る席で撮るときれいですよ。湯気が出ているうちにサッと。"),
         ("お冷やのピッチャー、セルフにしよかな", "回転が上がって、スタッフの手も空きますね。各席に置くか、カウンターの端にまとめるか決めましょう。")],
        [("バイトの面接、何聞いたらええ？", "「どのくらいの期間働けそうか」「土日の出勤」「立ち仕事は大丈夫か」あたりは最低限聞いておくと安心です。"),
         ("昼から雨やって。客足落ちるなあ", "雨の日はテイクアウトの案内をSNSで出しておくと、少しはカバーできるかもしれません。"),
         ("スープ切れで早じまいしてもうた", "それだけ売れたということですね！閉店の告知はSNSで早めに出しておくと親切です。"),
         ("替え玉の硬さの指定、多すぎて混乱する", "「やわ・普通・かた・バリかた」くらいに絞って、伝票に丸をつける形にするとミスが減りますよ。"),
         ("いつか自家製麺やりたいんよなあ", "夢がありますね！小型の製麺機で、まず限定メニューから試すお店も多いですよ。")],
        [("今日のスープ、めっちゃええ出来やわ", "それは嬉しいですね！どこが違ったか、メモしておくと再現しやすいですよ。"),
         ("スープ、ちょっと塩っぱかった気がする", "気温や湿度で感じ方も変わりますからね。タレの量を数gずつ調整して様子を見てはどうでしょう。"),
         ("豚骨炊いてたら、ご近所から匂いの苦情来た", "排気の向きや時間帯を工夫する手がありますね。まずは一言お詫びに行くと、関係もこじれにくいですよ。")],
        [("{staff}、また寝坊や", "困りましたね…。一度落ち着いて話して、目覚ましを二つにするとか、出勤前に一報もらうルールにするとか。"),
         ("{staff}、今日めっちゃ頑張ってくれた", "いいですね！ひとこと声をかけてあげると、きっと喜びますよ。"),
         ("{staff}がシフト代わってほしいって", "ほかの子と交代できそうなら問題なさそうですね。決まったらシフト表を更新しておきましょう。")],
        [("グリストラップの掃除、何回やってもくさい", "毎日の浮いた油の除去と、週1回くらいのしっかり清掃がポイントです。バイオ系の分解剤を使う店も多いですよ。"),
         ("換気扇のフィルター、油でベタベタ", "つけ置き用のアルカリ洗剤にお湯で浸けると、かなり落ちますよ。")],
        [("お客さんに「麺かため」って言われたら、茹で時間どれくらい縮める？", "中太麺なら、普通から20〜30秒短くするのが目安です。実際に食べ比べて決めておくとブレません。"),
         ("替え玉の注文、タイミングがむずい", "スープが冷めないうちに出せるよう、最初の一杯を出した時点で「替え玉どうします？」と声をかけるのも手ですね。")],
        [("近所に新しいラーメン屋できるらしい", "気になりますね。でも常連さんがついているのは強みです。限定メニューなどで話題を作るのもアリですよ。"),
         ("グルメサイトの営業電話、しつこい", "「今は検討していません」とはっきり伝えて大丈夫ですよ。")],
        [("ガス代、えらい上がっとる", "寸胴の蓋や、火加減の見直しでけっこう変わりますよ。保温調理を組み合わせるお店もあります。"),
         ("水道代もバカにならん", "麺の茹で湯の入れ替え頻度や、洗い物の予洗いの仕方を見直すと節約できるかもしれません。")],
        [("阪神、また負けとる", "それは…お察しします。明日に期待しましょう！"),
         ("昨日、天神橋筋の商店街で飲みすぎた", "お疲れさまです。今日は水分多めでいきましょう。")],
        [("限定メニュー、夏に冷やしで何かやりたい", "冷やし中華の豚骨ダレ版や、冷たい煮干しつけ麺などどうでしょう。"),
         ("まかない、たまには違うもん食べたい", "チャーシューの端っこで炒飯や、余った煮卵でおにぎり、なんていかがでしょう。")],
    ],
    scenes=[
        [U("どうも。天満でラーメン屋やってます、麺屋たつみいいます。仕入れやらバイトのシフトやら、頭パンパンなんで、ちょいちょい相談さしてもらいますわ"),
         A("よろしくお願いします！仕入れ、シフト、メニューや値段のことなど、なんでも整理のお手伝いをしますね。まずは今いちばん気になっていることから教えてください。")],
        [U("麺は丸山製麺から取ってる。中太のちぢれで、毎朝7時に配達。親父の代からの付き合いやねん", "name"),
         A("丸山製麺さん、中太ちぢれ麺で毎朝7時配達ですね。先代からのお付き合いとなると、信頼も厚いですね。", "name")],
        [U("今のメニューの値段な。醤油880円、味噌930円、つけ麺980円、替え玉150円、味玉トッピング120円", "number"),
         A("整理します：醤油880円、味噌930円、つけ麺980円、替え玉150円、味玉120円。原価計算もしておきましょうか？", "number")],
        [U("バイトはリョウくんと美咲ちゃん。リョウくんは平日の昼、美咲ちゃんは金曜の夜と土日"),
         A("リョウくんが平日昼、美咲ちゃんが金曜夜と土日ですね。シフト表の形にまとめておきましょうか？")],
        [U("券売機がもうボロボロでな、千円札しょっちゅう詰まるねん。新しい券売機入れよ思て、業者に見積もり頼んだとこ", "decision"),
         A("最近の券売機は交通系ICやQRコード決済に対応した機種も多いので、見積もりのときに確認しておくといいですよ。", "decision")],
        [U("リョウくんに食品衛生責任者の講習受けさせることにした。6月12日、森ノ宮の会場で一日がかりや", "date"),
         A("6月12日の食品衛生責任者養成講習ですね。その日はリョウくんをシフトから外して、代わりを考えておきましょう。", "date")],
        [U("醤油一杯の原価、ざっくりでええから出して。麺55円、スープ110円、チャーシュー95円、その他トッピング40円くらい"),
         A("合計300円ですね。今の売値なら原価率は約34%です。ラーメン店の目安は30%前後と言われるので、少し高めです。")],
        [U("丸山さんとこ、今週もう二回も配達遅れとる。7時半過ぎて、スープ炊いてる横で麺待ちや"),
         A("それは困りますね…仕込みの段取りが崩れますよね。遅れが続くようなら一度しっかり話すか、ほかの製麺所の見積もりを取っておくのも手です。")],
        [U("チャーシュー用の豚肩ロース、肉屋の大西さんとこからやけど、キロ1,480円に上がった"),
         A("豚肩ロースがキロ1,480円ですね。原価に響くので、次に価格を見直すときの材料にしておきましょう。")],
        [U("券売機の件、やっぱやめや。卓上のタブレット注文にする。外国人のお客さん増えてて、券売機の前で固まってはるねん。タブレットやったら英語も中国語も韓国語も出せるし、写真も載せられる", "decision", "reason"),
         A("なるほど、外国人のお客さんが多いなら卓上タブレットは相性抜群ですね。多言語表示と写真付きメニューで注文ミスも減りますし、会計もまとめられます。", "decision", "reason")],
        [U("丸山製麺、もうええわ。三週連続で遅れて、仕込みが回らへん。来週から浪花製麺に切り替える。試しに茹でてみたら、かん水の香りもちょうどええねん", "name"),
         A("来週から浪花製麺さんに切り替えですね。最初の数日は、茹で時間やスープとの絡みを微調整する必要があるかもしれません。", "name")],
        [U("この前の原価の話、ずっと考えててん。醤油は来月から950円にする。880円ではもう回らん。味噌とつけ麺はそのまま", "number"),
         A("醤油ラーメンを950円に改定ですね。原価300円なら原価率は約32%になります。値上げのお知らせの貼り紙、作りましょうか？", "number"),
         U("頼むわ。短めで"),
         A("「いつもご来店ありがとうございます。原材料高騰のため、来月より醤油ラーメンを950円に改定させていただきます。これからも一杯一杯心を込めてお作りします。店主」", "number")],
        [U("浪花製麺の兄ちゃん、今朝6時45分に来たで。しかも麺箱ピカピカ", "name"),
         A("いいスタートですね！時間どおりに来てくれるだけで、仕込みがずいぶん楽になりますよね。")],
    ],
    questions=[
        dict(kind="name", q="今、麺ってどこから仕入れてたっけ？",
             answers=["浪花製麺", "なにわ製麺"], wrong=["丸山製麺"]),
        dict(kind="number", q="醤油ラーメン、いくらにしたんやったっけ？",
             answers=["950円", "９５０円", "九百五十円"], wrong=["880円"]),
        dict(kind="date", q="リョウくんの食品衛生責任者の講習って何日やった？",
             answers=["6月12日", "６月１２日", "6/12"], wrong=[]),
        dict(kind="decision", q="注文の仕方、結局どうすることにしたっけ？",
             answers=["タブレット注文", "卓上タブレット", "タブレット"], wrong=["券売機"]),
        dict(kind="reason", q="なんでそうしたんやっけ？注文のやつ",
             answers=["外国人のお客さん", "外国人", "海外のお客さん", "インバウンド"], wrong=[]),
    ],
)


# ---- ja-2: guest house, Kyoto --------------------------------------------------------

def ja2_perNight(r, sl):
    n = r.choice([2, 3, 4, 5])
    x = r.choice([18000, 24000, 30000, 36000, 42000])
    u = r.choice([f"{n}泊で合計{ja_int(x)}円なら、1泊あたりいくら？", f"連泊の見積もり、{n}泊{ja_int(x)}円って1泊いくら？"])
    v = x / n
    a = f"1泊あたり{ja_int(round(v))}円{'くらい' if v != int(v) else ''}です。"
    return u, a


JA2 = dict(
    id="b11-ja-2", lang="ja", length=198, seasons=('autumn',),
    slots=dict(staff=["オーナー"]),
    filler=[
        ja2_perNight,
        [("ゲストに時代祭のことを聞かれました", "時代祭は平安神宮のお祭りで、お昼ごろに京都御所を出発した時代行列が平安神宮まで進みます。沿道で見るなら、早めの場所取りがおすすめです。"),
         ("紅葉の見頃って、だいたいいつ頃って案内すればいい？", "京都市内は例年11月中旬から下旬が見頃と案内されることが多いです。年によってずれるので「目安」と添えておくと安心です。"),
         ("近くのおすすめの朝ごはん、聞かれたら何て答えよう", "歩いて行ける喫茶店やパン屋さんを2〜3軒、地図付きでまとめておくと喜ばれますよ。")],
        [("海外のお客さんに、ゴミの分別を英語で説明したい", "“Please sort your trash: Burnable / Plastic / Cans & Bottles. Bins are in the kitchen. Thank you for helping us keep Kyoto clean!” でいかがでしょう。"),
         ("英語で「玄関で靴を脱いでください」ってどう書く？", "“Please take off your shoes at the entrance. Slippers are provided.” がシンプルで伝わりやすいです。"),
         ("「お風呂は23時まで」を英語で", "“The bath is available until 11 p.m.” でOKです。")],
        [("Wi-Fiが遅いってレビューに書かれた", "ルーターの位置や台数を見直すと改善することが多いです。中継機を1台足すだけでも変わりますよ。"),
         ("レビューで「畳の匂いが最高」って書かれてた！", "嬉しいですね！返信で「畳は近所の畳屋さんで張り替えています」など一言添えると、素敵なやりとりになりますよ。")],
        [("お客さんが鍵をなくしたって…", "まずは部屋と共用スペースを一緒に探して、見つからなければスペアで対応ですね。紛失時の費用は、ハウスルールに書いておくと後々楽です。"),
         ("チェックアウトの時間、守ってくれないお客さんが多い", "前日の夜に「明日のチェックアウトは10時です」と一言メッセージを送ると、かなり減りますよ。")],
        [("連泊のお客さん、清掃いらないって言ってる", "タオル交換とゴミ回収だけにして、3泊ごとに簡単な清掃を入れる、というルールにしている宿も多いですよ。"),
         ("ドミトリーのいびき問題、どうしよう", "耳栓を常備して、チェックイン時にさりげなく渡しておくのが定番です。")],
        [("町内会の集まり、出なきゃだめかな", "宿をやっているとご近所の理解が大事なので、年に何回かは顔を出しておくと安心ですよ。"),
         ("お隣さんから野菜いただいた", "ありがたいですね。今度お礼に、ちょっとしたお菓子でも持っていくといいかもしれません。")],
    ],
    scenes=[
        [U("はじめまして。京都の西陣で小さなゲストハウスをやっています。ドミトリーと個室が3つ。予約や業者さんとのやりとりが増えてきたので、整理を手伝ってもらえると嬉しいです"),
         A("はじめまして！西陣のゲストハウスなんですね、素敵です。予約管理や業者さんとのやりとり、スタッフのことなど、一緒に整理していきましょう。")],
        [U("チェックアウト後の清掃は、パートの佐々木さんにお願いしてます。毎日10時から14時。すごく丁寧な方です", "name"),
         A("清掃はパートの佐々木さん、毎日10時〜14時ですね。", "name")],
        [U("秋の繁忙期の料金を決めました。ドミトリーは1泊4,800円、個室は2名で13,000円", "number"),
         A("秋の料金：ドミトリー1泊4,800円、個室2名で13,000円ですね。予約サイトの料金カレンダーも更新しておきましょうか？", "number")],
        [U("屋根の瓦、雨漏りしてるところの修理。工務店さんが10月7日に来てくれることになりました", "date"),
         A("10月7日に屋根の修理ですね。作業中は2階の個室が使いにくいかもしれないので、その日の予約は止めておきますか？", "date")],
        [U("布団はリース会社の洛北寝具さん。冬用への入れ替えは11月の第2週です"),
         A("布団は洛北寝具さん、冬用の入れ替えが11月第2週ですね。入れ替え前に枚数を数えておくとスムーズです。")],
        [U("佐々木さん、来月いっぱいで辞めるそうです…お孫さんのお世話をすることになったって。寂しいなあ", "name"),
         A("それは寂しいですね…。引き継ぎのために、清掃の手順をチェックリストにまとめておきましょうか。後任の方が入ったときにも役立ちます。")],
        [U("決めました。セルフチェックインにします。玄関にキーボックスを付けて、暗証番号は前日にメールで送る形。最近、夜遅く着く海外のお客さんが多くて、毎晩23時まで起きて待ってるのがもう限界で…", "decision", "reason"),
         A("セルフチェックイン、いいと思います。夜遅く着くお客さんにも気兼ねなく来てもらえますし、負担もぐっと減りますね。案内文を英語でも作りましょうか？", "decision", "reason"),
         U("お願いします"),
         A("こんな感じでどうでしょう。\nWelcome to Guesthouse Aoi! Your key is in the key box at the front door. We will email you the code the day before you arrive. Please make yourself at home, and message us anytime if you need help.")],
        [U("工務店さんから電話がありました。台風の後で職人さんが手一杯らしく、屋根の修理は10月21日に延期です。それまではバケツで乗り切ります…", "date"),
         A("10月21日に延期ですね。雨の予報の日は、念のため2階の個室の予約を控えめにしておくと安心かもしれません。", "date")],
        [U("村上さん、今日から清掃に入ってくれてます！ご近所の方で、手際がすごくいい。佐々木さんが作ってくれたチェックリスト、さっそく役に立ってます", "name"),
         A("よかったです！村上さんが慣れてきたら、連泊のお客さんのお部屋の清掃ルールも共有しておきましょう。", "name")],
        [U("村上さん、ベッドメイクの速さが尋常じゃないです。ドミトリー6台を20分で", "name"),
         A("すごい！その調子なら、チェックインまでの時間にかなり余裕ができますね。")],
    ],
    questions=[
        dict(kind="name", q="今、チェックアウト後の清掃って誰にお願いしてたっけ？",
             answers=["村上", "村上さん"], wrong=["佐々木", "佐々木さん"]),
        dict(kind="number", q="秋のドミトリー、1泊いくらにしたっけ？",
             answers=["4,800円", "4800円", "４，８００円", "４８００円"], wrong=[]),
        dict(kind="date", q="屋根の修理っていつになったんだっけ？",
             answers=["10月21日", "１０月２１日", "10/21"], wrong=["10月7日"]),
        dict(kind="decision", q="チェックインのやり方、どうすることにしたんだっけ？",
             answers=["セルフチェックイン", "キーボックス"], wrong=[]),
        dict(kind="reason", q="チェックインのやり方を変えた理由って何だったっけ？",
             answers=["夜遅く着く", "夜遅く", "遅い時間に着く", "深夜の到着"], wrong=[]),
    ],
)


# ---- ja-3: wagashi confectioner, Kanazawa --------------------------------------------

def ja3_an(r, sl):
    kg = r.choice([2, 3, 4, 5, 6])
    g = r.choice([25, 30, 35, 40])
    u = r.choice([f"あん{kg}キロで、一個{g}gずつ包むと何個できますか？", f"こしあん{kg}kg、一個{g}gで何個分でしょう"])
    a = f"{kg * 1000 // g}個です。包むときのロスを考えると、実際は少し少なめに見ておくと安心です。"
    return u, a


JA3 = dict(
    id="b11-ja-3", lang="ja", length=270, seasons=('winter', 'spring'),
    slots=dict(staff=["松井さん", "中川さん"]),
    filler=[
        ja3_an,
        [("桜餅、道明寺と長命寺どっちにするか毎年迷います", "関西風の道明寺と関東風の長命寺、食べ比べセットにすると話題にもなりますよ。"),
         ("お彼岸のおはぎ、今年は何個作ろうかしら", "昨年の販売数に、天気予報と曜日の並びを加味して決めるといいですね。予約を受けておくと読みやすくなります。"),
         ("ひな祭り用に、今年も引千切を作ります", "金沢らしいですね！引千切を楽しみにされているお客様も多そうです。"),
         ("店の暖簾、冬用に替えました", "季節ごとに暖簾が変わるのは素敵ですね。お客様も気づいてくれると嬉しいですね。")],
        [("上生菓子の写真、うまく撮れません", "自然光の入る窓際で、少し斜め上から撮ると立体感が出ますよ。背景は無地の和紙などがおすすめです。"),
         ("和菓子教室をやってみたいと思っています", "少人数で、練り切りを二つ作って持ち帰る、くらいの内容なら始めやすいですよ。"),
         ("松井さんと意匠の方向性で意見が割れました", "どちらの案も試作して、店頭で少量ずつ出して反応を見るのも一つの手ですね。"),
         ("包装紙の在庫、そろそろ発注しないと", "残り何束になったら発注、と棚に貼っておくと慌てずに済みますよ。")],
        [("お客様から、甘さ控えめにしてほしいと言われました", "砂糖を減らすと保存性や食感にも影響するので、まずは少量で試作してみるのがよさそうです。"),
         ("茶会の菓子、主菓子と干菓子の違いを説明してほしいと言われて", "主菓子は濃茶に合わせる生菓子、干菓子は薄茶に合わせる乾いたお菓子、と説明するとわかりやすいですよ。"),
         ("今日は雨で、店の前の石畳が滑りやすくて", "足元注意の小さな札を出しておくと安心ですね。"),
         ("中川さんが包装の新しい結び方を覚えてきました", "いいですね！贈答用の特別な包み方としてご案内できそうです。")],
        [("今朝の練り切り、色がうまく出なかったです", "色粉の量だけでなく、生地の水分や室温でも発色が変わりますよね。少量ずつ足して、見本を一つ残しておくと次が楽です。"),
         ("きんとん、そぼろがうまく揃わない", "裏ごし器の目と、生地のかたさの相性が大きいですね。少しかために仕上げると揃いやすいと言われます。"),
         ("羽二重餅の生地、今日はべたついて", "湿度の高い日は、打ち粉を少し多めにするとまとまりやすいですよ。")],
        [("{staff}が作った桜の意匠、お客さんの評判がいいです", "素晴らしいですね！ぜひ本人に伝えてあげてください。写真に撮ってSNSに載せるのもいいかもしれません。"),
         ("{staff}、お休みの連絡が朝に来ました", "お大事にですね。今日は品数を少し絞って、手の回る範囲でいきましょう。"),
         ("{staff}が包装のやり方を工夫してくれて、早くなりました", "いいですね。手順を写真付きでまとめておくと、ほかの方にも共有できますよ。")],
        [("雪で客足がさっぱりです", "雪の日は仕方ないですね。電話注文や取り置きの案内をSNSで出しておくと、少しは動くかもしれません。"),
         ("観光のお客さん、今日はすごく多かった", "お疲れさまでした！売れ筋をメモしておくと、仕込み量の目安になりますね。")],
        [("金箔、また値上がりしてます", "原料の金価格が上がっていますからね。金箔を使う品だけ価格を見直すか、使う量を工夫するか、ですね。"),
         ("寒天の仕入れ先、ほかも当たってみようかな", "品質が安定しているかどうかが大事なので、少量でサンプルを取り寄せて比べるといいですよ。")],
        [("お店のインスタ、何を投稿しよう", "季節の上生菓子ができるまでの手元の動画は人気が出やすいですよ。あとは職人さんの一言紹介なども。"),
         ("英語の商品説明、短く書いてほしい", "“Traditional Japanese sweets handmade in Kanazawa. Made with red bean paste and seasonal designs.” でいかがでしょう。")],
        [("茶道の先生に、干菓子の相談をされました", "季節の意匠と、お茶席の趣向を伺ってから決めるといいですね。落雁や有平糖など、候補をいくつか見本で出せると喜ばれそうです。"),
         ("お稽古用のお菓子、毎週10個ずつほしいそうです", "定期のご注文はありがたいですね。曜日と受け取り方法を決めておきましょう。")],
        [("兼六園のライトアップ、今年も人がすごいみたい", "その時期は観光のお客さんが増えますね。手土産向けの日持ちする焼き菓子を前に出しておくと良さそうです。"),
         ("今日は近江町市場でお昼食べてきました", "いいですね！海鮮丼ですか？午後も頑張りましょう。")],
    ],
    scenes=[
        [U("こんにちは。金沢で和菓子屋をやっております、三代目です。店売りのほかに旅館さんや茶道教室への卸もしていて、最近やりとりが増えて手が回らなくなってきました"),
         A("こんにちは！金沢の和菓子屋さん、素敵ですね。店売りと卸の両方となると管理も大変ですよね。取引先、数量、日程など、一緒に整理していきましょう。")],
        [U("湯涌温泉の「湯の宿かがり」さんに卸しています。窓口は女将の北村恵子さん。とても細かい方なので、連絡は必ずメールで残すようにしています", "name"),
         A("湯の宿かがりさん、窓口は女将の北村恵子さん、連絡はメールで記録を残す、ですね。", "name")],
        [U("かがりさんには、お茶請け用の上生菓子を月に300個。季節ごとに意匠を変えています", "number"),
         A("上生菓子を月300個、季節ごとに意匠替えですね。納品日は決まっていますか？", "number"),
         U("毎月1日と15日の2回に分けて、半分ずつです"),
         A("1日と15日に半分ずつですね。前日に数を確認するメールを入れておくと、行き違いが防げます。")],
        [U("職人は私と松井さん。パートの中川さんが包装と店番をしてくれています"),
         A("職人さんがお二人、中川さんが包装と店番ですね。")],
        [U("かがりさんから、客室用に羊羹も置きたいとご注文をいただきました。包装は竹皮包みにして、昔ながらの雰囲気を出したいなと思っています", "decision"),
         A("竹皮包みの羊羹、風情があって旅館の客室にぴったりですね。", "decision")],
        [U("春の新作の試食会を、3月9日に店の二階でやります。北村さんと、もう一軒の旅館の方をお招きする予定です", "date"),
         A("3月9日、春の新作試食会ですね。お出しする品数とお茶の準備も決めておきましょうか。", "date")],
        [U("小豆は十勝産で、問屋の丸進さんから仕入れています。今年は不作で値上がりするらしいです"),
         A("十勝産の小豆を丸進さんから、ですね。値上がりが見込まれるなら、早めに量を確保しておくのも一案です。")],
        [U("茶道の先生から、初釜用の主菓子を40個ご注文いただきました"),
         A("初釜用の主菓子40個ですね。意匠のご希望と受け取り日を伺っておきましょう。")],
        [U("羊羹の包装、やっぱり個包装にします。竹皮だと日持ちが3日ほどしかなくて、旅館さんで使い切れずに捨てることになってしまうと北村さんに言われまして", "decision", "reason"),
         A("個包装なら日持ちがぐっと延びますし、衛生面でも安心ですね。竹皮の風合いは、掛け紙のデザインで残すこともできますよ。", "decision", "reason")],
        [U("試食会は3月16日の午後2時からに決まりました。旅館の皆さんが揃うのがその日しかなくて", "date"),
         A("3月16日の14時からですね。案内状を北村さんたちにメールでお送りしましょうか。", "date")],
        [U("個包装のパッケージの見本が届きました。掛け紙に竹の絵を入れてもらったら、なかなかいい感じです", "decision"),
         A("素敵ですね！昔ながらの雰囲気も残せて、旅館さんにも喜ばれそうです。")],
    ],
    questions=[
        dict(kind="name", q="かがりさんの窓口の方、どなたでしたっけ？",
             answers=["北村恵子", "北村", "北村さん"], wrong=[]),
        dict(kind="number", q="かがりさんに毎月納めている上生菓子、何個でしたっけ？",
             answers=["300個", "３００個", "三百個"], wrong=[]),
        dict(kind="date", q="春の新作の試食会、何日でしたっけ？",
             answers=["3月16日", "３月１６日", "3/16"], wrong=["3月9日"]),
        dict(kind="decision", q="旅館向けの羊羹、包装はどうすることにしましたっけ？",
             answers=["個包装"], wrong=["竹皮"]),
        dict(kind="reason", q="羊羹の包装を決めた理由、何でしたっけ？",
             answers=["日持ち", "使い切れず", "使い切れない"], wrong=[]),
    ],
)


# ---- ja-4: bento shop, Fukuoka -------------------------------------------------------

def ja4_rice(r, sl):
    go = r.choice([10, 15, 20, 25, 30])
    g = r.choice([180, 200, 220, 250])
    u = r.choice([f"米{go}合炊いたら、ご飯{g}gの弁当何個分になる？", f"{go}合で、ご飯{g}gずつなら何個いける？"])
    a = f"1合が炊き上がりで約330gなので、約{ja_int(go * 330)}g。{go * 330 // g}個分くらいです。"
    return u, a


def ja4_profit(r, sl):
    c = r.choice([180, 210, 230, 260])
    k = r.choice([18, 25, 30])
    p = r.choice([480, 500, 580, 650])
    u = f"おかず原価{c}円、容器{k}円、売値{p}円なら、1個あたりの粗利は？"
    a = f"{p - c - k}円です（粗利率は約{fnum((p - c - k) / p * 100)}%）。"
    return u, a


def ja4_route(r, sl):
    n = r.choice([4, 5, 6, 8])
    m = r.choice([12, 15, 18, 20])
    u = r.choice([f"配達{n}件、1件あたり移動込みで{m}分なら、全部で何分？", f"今日の配達{n}件、1件{m}分見とけばよか？合計は？"])
    t = n * m
    a = f"{t}分、つまり{t // 60}時間{str(t % 60) + '分' if t % 60 else ''}くらいです。信号待ちや駐車も考えて、少し余裕を見ておきましょう。"
    return u, a


def ja4_order(r, sl):
    n = r.choice([12, 15, 18, 25, 30])
    p = r.choice([480, 550, 600, 650, 700])
    u = r.choice([f"会議用に{n}個、1個{p}円の注文。合計いくら？", f"{p}円の弁当を{n}個なら、合計は？"])
    a = f"{ja_int(n * p)}円です（税込価格かどうかも念のため確認しておきましょう）。"
    return u, a


JA4 = dict(
    id="b11-ja-4", lang="ja", length=368, seasons=('summer',),
    slots=dict(staff=["松尾さん", "健太くん"]),
    filler=[
        ja4_rice, ja4_profit, ja4_route, ja4_order,
        [("今日の日替わり、チキン南蛮にしようかな…いや、がめ煮か", "どちらも人気ですね！週の前半にチキン南蛮、後半にがめ煮、と分けるのもアリです。"),
         ("お茶、弁当につけたほうがいいかな", "オフィス向けなら、ペットボトルのお茶を有料オプションにするのが一般的ですね。"),
         ("のり弁、もっと映えさせたい", "白身フライとちくわ天に、卵焼きと紅しょうがで色を足すと、ぐっと華やかになりますよ。"),
         ("唐揚げのにんにく、強めが好評やけど、オフィスには…", "オフィス向けは控えめ、店頭は強め、と分けるのも手ですね。"),
         ("配達先のビル、入館手続きがめんどい", "事前に入館証を発行してもらえないか、先方に相談してみるといいですよ。")],
        [("軽バンのタイヤ、だいぶ減っとる", "毎日走るなら安全第一です。早めに交換しておきましょう。"),
         ("お客さんから「ご飯少なめで安くならん？」って", "ご飯少なめで少し値引き、というお店もありますね。ルールを決めて貼っておくと迷いません。"),
         ("新人さんに盛り付けを教えるコツある？", "完成見本の写真を作業台に貼っておくと、誰が盛っても同じになりますよ。"),
         ("炊飯器、そろそろ寿命かも", "ご飯の炊き上がりは味を左右するので、壊れる前に更新を考えておくと安心です。"),
         ("梅雨時期、ご飯が傷みやすいっちゃんね", "おにぎりに梅干しを入れる、詰める前にしっかり冷ます、が基本ですね。保冷剤も活躍します。")],
        [("明太子、どこの使いよるとって聞かれた", "仕入れ先をすぐ答えられるようにしておくと、信頼につながりますね。"),
         ("山笠の時期、配達ルート大丈夫かいな", "博多祇園山笠の期間は交通規制がかかるエリアがあるので、事前にルートを確認しておきましょう。"),
         ("お弁当の名前、もっと面白くしたい", "「博多っ子唐揚げ弁当」「ばり満腹のり弁」など、方言を入れると親しみが出ますよ。"),
         ("野菜の値段、毎日変わって大変", "週ごとの特売品でおかずを組み替えると、原価を安定させやすいですよ。"),
         ("使い捨て容器やけど、回収してほしいって言われた", "回収の手間がかかるので、有料オプションにするか、まとめて捨てられる袋をお渡しする形もありますよ。")],
        [("「アレルギー表示ある？」って聞かれた", "主なアレルゲンだけでも、品名の横に表示しておくと安心して選んでもらえますよ。"),
         ("朝5時起き、さすがに眠い", "仕込みの毎日、お疲れさまです。お昼の配達が終わったら、15分だけでも仮眠をとると午後が楽になりますよ。"),
         ("健太くんの試験期間、シフトどうしよ", "その期間だけ配達を松尾さん中心にして、ピークだけ助っ人をお願いするのはどうでしょう。"),
         ("近くのコンビニ、弁当値下げしとった", "価格勝負より、手作り感や温かさで勝負するほうが、お店らしさが出ますよ。"),
         ("高菜めし、新メニューでどうやろ", "福岡らしくていいですね！ごま油で炒めた高菜に、錦糸卵をのせると彩りもきれいです。")],
        [("店の前の植木、枯れかけとる", "水やり当番を決めるか、乾燥に強い植物に替えるのもいいですね。"),
         ("キャッシュレスの手数料、地味に痛い", "手数料込みで価格を決め直すか、現金の方に小さな特典をつけるお店もありますね。"),
         ("弁当の温め、レンジ何分って書いとけばいい？", "500Wで1分半〜2分くらいが目安ですね。容器がレンジ対応か、必ず確認して表示しましょう。"),
         ("大雨で配達遅れそう。お客さんに連絡したい", "「大雨の影響で、お届けが15分ほど遅れる見込みです。ご迷惑をおかけします」と早めに連絡しておくと安心です。"),
         ("ドームで試合がある日、近くで売れるかな", "人は集まりますが、出店には許可が必要な場所が多いので、事前に確認が必要ですね。")],
        [("揚げ物の温度計、壊れた", "揚げ油の温度は味と安全に直結するので、早めに替えを用意しましょう。"),
         ("冷蔵庫の温度記録、つけ忘れとった", "気づいた時点から再開して、冷蔵庫の扉に記録表を貼っておくと忘れにくいですよ。"),
         ("お客さんから手書きのお礼の手紙もらった", "嬉しいですね！スタッフのみんなにも見せてあげてください。"),
         ("ご飯の硬さ、今日ちょっと柔らかかった", "水加減は新米と古米で変わるので、お米が変わったタイミングで調整するといいですよ。"),
         ("卵の値段、また上がった", "卵焼きのサイズを少し変えるか、卵を使う品を日替わりで調整するお店も多いですね。")],
        [("パートさんの有給、どう管理したらいい？", "年10日以上付与される人には年5日の取得義務があるので、表で管理して、早めに取ってもらえるよう声をかけるといいですよ。"),
         ("お弁当にたくあん入れる派？", "彩りと箸休めに、少し入っていると嬉しいですよね。"),
         ("配達エリア、早良区まで広げるか迷う", "配達時間とガソリン代を考えて、最低注文数を決めておくと無理なく広げられますよ。"),
         ("おかずの仕切り、何使うのがいい？", "紙のおかずカップで、汁気のあるものとないものを分けるのが基本ですね。"),
         ("ポイントカード作ろうかな", "10個で1個無料、みたいなシンプルなものが続けやすいですよ。")],
        [("昨日、配達先で『いつもおいしい』って言われた", "何よりの励みですね！"),
         ("今日、博多駅前すごい渋滞", "配達は時間に余裕を持って出発しましょう。"),
         ("カレー弁当、福神漬けとらっきょう、どっち？", "両方から選べるようにすると喜ばれますよ。"),
         ("鶏肉の仕入れ先、もう一軒確保しときたい", "メインの仕入れ先に何かあったときの保険になりますね。少量から取引を始めておくと安心です。"),
         ("うちみたいな小さい店も、従業員の健康診断いると？", "常時雇用している人には年1回の健康診断が必要で、パートさんも勤務時間などの条件によって対象になりますよ。")],
        [("弁当のシール、期限の書き方どうしたらいい？", "お弁当は日持ちしないので、「消費期限 ○月○日 ○時」と時間まで入れるのが一般的です。"),
         ("チラシのポスティング、効果あるかな", "オフィス街なら、ビルの管理会社に許可をもらって置かせてもらうほうが効果が出やすいですよ。"),
         ("注文のFAX、まだ使いよる会社ある", "まだまだありますね。FAXとWebフォーム、両方受けられるようにしておくと取りこぼしが減ります。"),
         ("今日の売れ残り、3個だけやった", "優秀ですね！売れ残りの傾向をメモしておくと、仕込み量の精度がもっと上がりますよ。"),
         ("暑すぎて厨房が40度近い", "熱中症が心配です。スポットクーラーや、こまめな水分補給の声かけを徹底しましょう。")],
        [("冷凍の唐揚げ、使ってみようか迷う", "仕込みは楽になりますが、看板メニューなら手作りのほうがファンは喜びますね。"),
         ("のぼり旗、色あせとる", "新しくすると、通りからの目立ち方が全然違いますよ。"),
         ("ご飯大盛り無料、やめようかな", "お米の値上がりを考えると見直しは自然です。大盛りは少しだけ追加料金、など段階的に変える手もありますよ。"),
         ("今朝、八百屋さんが遅刻しよった", "珍しいですね。代わりの段取りを頭の中で決めておくと、焦らずに済みますよ。"),
         ("スタッフのまかない、何がいいと思う？", "売れ残りのおかずを丼にしたり、唐揚げの端でチャーハンにしたり、が定番ですね。"),
         ("お客さんに『ばりうまかった』って言われた", "最高の褒め言葉ですね！"),
         ("配達用の保温バッグ、もうひとつ欲しか", "量が増えるなら必須ですね。大容量のものを一つ足すと、配達が一度で済むかもしれません。")],
        [("唐揚げの油、そろそろ替え時かな", "色が濃くなって泡が消えにくくなったら替え時のサインです。こし器でこまめにカスを取ると長持ちしますよ。"),
         ("今日の唐揚げ、衣がべちゃっとした", "油の温度が下がっていたかもしれませんね。一度に入れる量を減らすか、二度揚げにするとカリッとしますよ。"),
         ("卵焼き、もっと早く焼けんかな", "卵焼き器を2つ並べて同時に焼く、というお店も多いですよ。")],
        [("{staff}、配達からなかなか帰ってこん", "渋滞かもしれませんね。配達ルートを地図アプリで共有しておくと、どこにいるか分かって安心です。"),
         ("{staff}がお客さんに褒められとった", "いいですね！本人にも伝えてあげてください、励みになりますよ。"),
         ("{staff}が来週休みたいって", "その日の配達をどう回すか、先に決めておきましょう。")],
        [("雨の日は注文減るっちゃんね", "雨の日限定の割引やおまけで、あえて呼び込むお店もありますよ。"),
         ("今日めっちゃ売れた！", "おめでとうございます！何が売れたかメモしておくと、次の仕込みの参考になりますね。")],
        [("食中毒が怖い季節やね", "夏場は、おかずをしっかり冷ましてから詰める、温度管理を記録する、の2つが基本ですね。"),
         ("ポテトサラダ、夏は出さんほうがいいかな", "傷みやすいので、夏は提供をやめるか、当日の早い時間に食べてもらう前提で出すお店が多いですね。")],
        [("新メニューで明太子使いたい", "明太子の卵焼きや、明太マヨのささみフライなどどうでしょう。福岡らしさも出せますね。"),
         ("がめ煮、若い人にも受けるかな", "具を小さめに切って、彩りにいんげんを足すと、見た目から食べやすくなりますよ。")],
        [("中洲のスナックのママ、注文の電話が毎回夜中", "営業時間外の受付は、LINEで注文してもらう形にすると楽になりますよ。"),
         ("近所の保育園から遠足の弁当の相談", "子ども向けなら、小さめのおにぎりと一口サイズのおかずが喜ばれますね。アレルギーの確認もお忘れなく。")],
        [("ホークス勝った！", "おめでとうございます！明日の店内も盛り上がりそうですね。"),
         ("今日の天神、人多すぎ", "イベントでもあったんでしょうか。配達のときは時間に余裕を持ってくださいね。")],
        [("チラシの文面、考えて", "「毎日手づくり、あったか弁当。ご注文はお電話一本で、オフィスまでお届けします！」でいかがでしょう。"),
         ("配達エリアの案内、短く", "「博多区・中央区内、10個以上で配達無料。それ以外のエリアはご相談ください」などどうでしょう。")],
    ],
    scenes=[
        [U("はじめまして〜。福岡の博多区で弁当屋やっとります。店売りと、会社への配達弁当。最近配達が増えて頭がこんがらがってきたけん、手伝ってほしか"),
         A("はじめまして！博多の弁当屋さんなんですね。配達先、数量、仕入れ、スタッフのことなど、一緒に整理していきましょう。")],
        [U("天神の「九州ネクスト」って会社の社員弁当、うちで取れたっちゃん！総務の古賀美穂さんが窓口", "name"),
         A("おめでとうございます！九州ネクストさん、窓口は総務の古賀美穂さんですね。", "name")],
        [U("九州ネクストさんは毎日40個、日替わり弁当で1個550円。11時半に受付に届ける", "number"),
         A("毎日40個、日替わり1個550円、11時半に受付へ納品ですね。1日22,000円の売上になります。", "number")],
        [U("保健所の営業許可、更新期限が9月30日やけん、そろそろ書類そろえとかんと", "date"),
         A("9月30日が更新期限ですね。申請は期限より前に余裕を持って出すよう案内されることが多いので、早めに保健所に確認しておくと安心です。", "date")],
        [U("配達は松尾さんと、学生バイトの健太くん。軽バン1台で回しとる"),
         A("配達は松尾さんと健太くん、軽バン1台ですね。配達先が増えたらルートを一緒に組み直しましょう。")],
        [U("古賀さんから相談があって。会社で脱プラ進めよるけん、弁当の容器どうにかならんかって。取引続けるなら考えないかんね", "reason"),
         A("プラスチック削減の流れ、企業さんでは増えていますね。紙容器、植物由来の容器、木の折箱などがあります。コストと汁漏れのしにくさで比べるといいですよ。", "reason")],
        [U("米は糸島の農家さんから直接。30キロで9,800円"),
         A("糸島の農家さんから直接、30kgで9,800円ですね。顔の見える仕入れは、チラシでもアピールになりますよ。")],
        [U("容器、バガス容器に変えることにした。サトウキビの搾りかすで作ったやつ。1個12円上がるけど、脱プラが取引の条件に入ってきたけん、仕方なかね", "decision", "reason"),
         A("バガス容器で決まりですね。1個あたり12円のコスト増ですが、九州ネクストさんとの取引継続を考えれば必要経費ですね。仕入れ先の比較もしておきましょうか？", "decision")],
        [U("中洲のスナックのママから、夜食用の弁当を週3で頼めんかって"),
         A("夜の配達となると、時間帯と個数次第ですね。まずは試しに週1回から、というのもアリだと思います。")],
        [U("九州ネクストさん、来月から55個に増やしてって！新しい部署が同じフロアに来るげな", "number"),
         A("55個に増量ですね！1日30,250円の売上になります。仕込み量と、受付で渡す段取りも見直しておきましょう。", "number")],
        [U("今日から55個体制。健太くんが台車で2往復しよった", "number"),
         A("初日お疲れさまでした！台車が大変なら、もう一台用意するか、大きめの保温バッグを使うと1往復で済むかもしれません。")],
    ],
    questions=[
        dict(kind="name", q="九州ネクストさんの窓口の人、誰やったっけ？",
             answers=["古賀美穂", "古賀", "古賀さん"], wrong=[]),
        dict(kind="number", q="九州ネクストさんに毎日何個届けよるっけ？",
             answers=["55個", "５５個", "五十五個"], wrong=["40個"]),
        dict(kind="date", q="営業許可の更新期限っていつやったっけ？",
             answers=["9月30日", "９月３０日", "9/30"], wrong=[]),
        dict(kind="decision", q="弁当の容器、何に変えることにしたっけ？",
             answers=["バガス容器", "バガス", "サトウキビの容器"], wrong=[]),
        dict(kind="reason", q="容器を変えた理由、なんやったっけ？",
             answers=["脱プラ", "プラ削減", "プラスチック削減"], wrong=[]),
    ],
)

DIALOGS = [EN1, EN2, EN3, EN4, RU1, RU2, RU3, RU4, JA1, JA2, JA3, JA4]


# ================================================================= builder

REP_CAP = 3     # greetings, weather, thanks ... may come back
CALC_CAP = 3    # each computed (unit conversion etc.) template at most this often per dialog
REP_GAP = 30    # ... but not within this many filler pairs of its last use
REP_W = 0.5     # draw weights per remaining use (plain pairs weigh 1)
CALC_W = 0.6


class FillerPool:
    """Draws filler pairs: static pairs once, small-talk pairs up to REP_CAP, computed ones up to CALC_CAP.
    Templates are picked with probability proportional to what they have left (small talk and computed
    ones weighted down), so the mix stays even across the dialog.  Pairs containing any answer/wrong string of the dialog are never used."""

    def __init__(self, templates, r, spec, forbidden):
        self.r, self.spec, self.forbidden, self.lang = r, spec, forbidden, spec["lang"]
        self.items = []
        seasons = set(spec.get("seasons", ()))
        for t in templates:
            if not callable(t):
                # an optional third element lists the seasons a pair fits; keep it only if one matches
                kept = [p[:2] for p in t if len(p) == 2 or seasons & set(p[2].split())]
                if not kept:
                    continue
                t = Rep(kept) if isinstance(t, Rep) else kept
            if callable(t):
                self.items.append({"calc": t, "left": CALC_CAP, "weight": CALC_W})
            elif isinstance(t, Rep):
                self.items.append({"pairs": list(t), "left": [REP_CAP] * len(t), "weight": REP_W,
                                   "lastpos": [None] * len(t)})
            else:
                self.items.append({"pairs": list(t), "left": [1] * len(t), "weight": 1.0})
        self.last = -1
        self.used = set()
        self.n = 0
        self.used_calc = set()

    def capacity(self):
        return sum(it["left"] if "calc" in it else sum(it["left"]) for it in self.items)

    def _clean(self, u, a):
        if any(c in u + a for c in "{}"):
            return False
        return not any(occurs(s, u, self.lang) or occurs(s, a, self.lang) for s in self.forbidden)

    def _open(self, it):
        """Indices of an item's pairs that may be drawn now (small talk waits REP_GAP draws before recurring)."""
        last = it.get("lastpos")
        return [j for j, n in enumerate(it["left"])
                if n > 0 and (last is None or last[j] is None or self.n - last[j] >= REP_GAP)]

    def draw(self):
        r = self.r
        for _ in range(500):
            avail, weights = [], []
            for i, it in enumerate(self.items):
                if "calc" in it:
                    w = it["weight"] * it["left"]
                else:
                    w = it["weight"] * sum(it["left"][j] for j in self._open(it))
                if w > 0 and i != self.last:
                    avail.append(i)
                    weights.append(w)
            if not avail:
                break
            i = r.choices(avail, weights)[0]
            it = self.items[i]
            if "calc" in it:
                it["left"] -= 1
                u, a = render(it["calc"], r, make_slots(r, self.spec))
                if (u, a) in self.used or a in self.used_calc or not self._clean(u, a):
                    continue
            else:
                js = self._open(it)
                j = js[r.randrange(len(js))]
                it["left"][j] -= 1
                u, a = render([it["pairs"][j]], r, make_slots(r, self.spec))
                if not self._clean(u, a):
                    it["left"][j] = 0
                    continue
                if "lastpos" in it:
                    it["lastpos"][j] = self.n
            self.used.add((u, a))
            if "calc" in it:
                self.used_calc.add(a)
            self.last = i
            self.n += 1
            return u, a
        raise RuntimeError(f"{self.spec['id']}: ran out of filler")


GENERIC = {"en": EN_GENERIC, "ru": RU_GENERIC, "ja": JA_GENERIC}


def make_slots(r, spec):
    sl = dict(spec.get("slots", {}))
    sl.setdefault("cur", "")
    staff = sl.get("staff") or [""]
    sl["staff"] = r.choice(staff)
    if spec["lang"] == "en":
        sl["day"] = r.choice(EN_DAYS)
    elif spec["lang"] == "ru":
        fem = sl.get("gender") == "f"
        sl["a"] = "а" if fem else ""
        sl["sya"] = "ась" if fem else "ся"
        sl["day"] = r.choice(RU_DAYS_ACC)
    else:
        sl["day"] = r.choice(JA_DAYS)
    return sl


def render(t, r, sl):
    if callable(t):
        u, a = t(r, sl)
    else:
        u, a = t[r.randrange(len(t))]
    if "{" in u or "{" in a:
        u = u.format(**sl)
        a = a.format(**sl)
    return u, a


def build_dialog(spec):
    did, lang = spec["id"], spec["lang"]
    r = random.Random(zlib.crc32(did.encode("utf-8")))
    qs = spec["questions"]
    forbidden = sorted({s for q in qs for s in q["answers"] + q["wrong"]})
    templates = GENERIC[lang] + spec["filler"]
    scenes = spec["scenes"]
    for sc in scenes:
        if len(sc) % 2 or any(m[0] != ("user" if i % 2 == 0 else "assistant") for i, m in enumerate(sc)):
            raise ValueError(f"{did}: scene does not alternate user/assistant: {sc[0][1][:40]}")
    n_pairs = spec["length"] // 2
    scene_pairs = sum(len(sc) // 2 for sc in scenes)
    tail = TAIL // 2 + r.randint(0, 3)
    free = n_pairs - scene_pairs - tail
    if free < len(scenes) - 1:
        raise ValueError(f"{did}: length too short for its scenes")
    gaps = [0] + [1] * (len(scenes) - 1)
    weights = [0.0] + [r.uniform(0.4, 1.6) for _ in range(len(scenes) - 1)]
    idx = list(range(len(scenes)))
    for _ in range(free - sum(gaps)):
        gaps[r.choices(idx, weights)[0]] += 1

    pool = FillerPool(templates, r, spec, forbidden)
    filler_pair = pool.draw

    messages, evidence = [], {k: [] for k in KINDS}

    def add_filler(n):
        for _ in range(n):
            u, a = filler_pair()
            messages.append({"role": "user", "text": u})
            messages.append({"role": "assistant", "text": a})

    for i, sc in enumerate(scenes):
        add_filler(gaps[i])
        for role, text, tags in sc:
            for t in tags:
                if t not in evidence:
                    raise ValueError(f"{did}: unknown tag {t}")
                evidence[t].append(len(messages))
            messages.append({"role": role, "text": text})
    add_filler(tail)
    if len(messages) != spec["length"]:
        raise ValueError(f"{did}: built {len(messages)} messages, wanted {spec['length']}")
    questions = []
    for q in qs:
        questions.append({"kind": q["kind"], "q": q["q"], "answers": list(q["answers"]),
                          "wrong": list(q["wrong"]), "evidence": sorted(set(evidence[q["kind"]]))})
    return {"id": did, "lang": lang, "bank": BANK, "messages": messages, "questions": questions}


def build_bank():
    return [build_dialog(spec) for spec in DIALOGS]


# ================================================================= checker

def check_bank(bank):
    probs = []
    P = probs.append
    if not isinstance(bank, list):
        return ["bank is not a JSON list"]
    if len(bank) != 12:
        P(f"bank has {len(bank)} dialogs, expected 12")
    langs = {"en": 0, "ru": 0, "ja": 0}
    ids = set()
    wrong_by_kind = {k: 0 for k in KINDS}
    n_questions = 0
    for d in bank:
        if not isinstance(d, dict) or set(d) != {"id", "lang", "bank", "messages", "questions"}:
            P(f"dialog with bad keys: {sorted(d) if isinstance(d, dict) else type(d).__name__}")
            continue
        did, lang = d["id"], d["lang"]
        if not isinstance(did, str) or not did:
            P("dialog with empty or non-string id")
            did = str(did)
        if did in ids:
            P(f"{did}: duplicate id")
        ids.add(did)
        if lang not in langs:
            P(f"{did}: bad lang {lang!r}")
            continue
        langs[lang] += 1
        if d["bank"] != BANK:
            P(f"{did}: bank field is {d['bank']!r}")
        msgs = d["messages"]
        if not isinstance(msgs, list) or not (150 <= len(msgs) <= 400):
            P(f"{did}: messages must be a list of 150-400 items")
            continue
        texts = []
        for i, m in enumerate(msgs):
            if not isinstance(m, dict) or set(m) != {"role", "text"}:
                P(f"{did}: message {i} has bad keys")
                texts.append("")
                continue
            want = "user" if i % 2 == 0 else "assistant"
            if m["role"] != want:
                P(f"{did}: message {i} role {m['role']!r}, expected {want}")
            t = m["text"]
            if not isinstance(t, str) or not t.strip():
                P(f"{did}: message {i} empty text")
                t = ""
            if "{" in t or "}" in t:
                P(f"{did}: message {i} contains a brace")
            texts.append(t)
        n = len(texts)
        cut = n - TAIL
        qs = d["questions"]
        if not isinstance(qs, list) or len(qs) != 5:
            P(f"{did}: needs exactly 5 questions")
            continue
        kinds = [q.get("kind") if isinstance(q, dict) else None for q in qs]
        if sorted(kinds, key=str) != sorted(KINDS):
            P(f"{did}: question kinds are {kinds}")
        for q in qs:
            if not isinstance(q, dict) or set(q) != {"kind", "q", "answers", "wrong", "evidence"}:
                P(f"{did}: question with bad keys")
                continue
            n_questions += 1
            k = q["kind"]
            tag = f"{did}/{k}"
            ans, wrong, ev, qt = q["answers"], q["wrong"], q["evidence"], q["q"]
            if not isinstance(qt, str) or not qt.strip() or "{" in qt or "}" in qt:
                P(f"{tag}: bad question text")
                qt = ""
            if not isinstance(ans, list) or not ans or not all(isinstance(s, str) and s.strip() for s in ans):
                P(f"{tag}: answers must be a non-empty list of non-empty strings")
                continue
            if not isinstance(wrong, list) or not all(isinstance(s, str) and s.strip() for s in wrong):
                P(f"{tag}: wrong must be a list of non-empty strings")
                continue
            if not isinstance(ev, list) or not ev or not all(isinstance(e, int) and not isinstance(e, bool) for e in ev):
                P(f"{tag}: evidence must be a non-empty list of ints")
                continue
            if ev != sorted(set(ev)):
                P(f"{tag}: evidence not sorted/unique")
            if wrong:
                wrong_by_kind[k] = wrong_by_kind.get(k, 0) + 1
            # answers and wrong values must not contain each other
            for a in ans:
                for w in wrong:
                    if occurs(a, w, lang) or occurs(w, a, lang):
                        P(f"{tag}: answer {a!r} and wrong {w!r} overlap")
            # rule 2a: evidence before the tail
            bad_ev = [e for e in ev if not (0 <= e < cut)]
            if bad_ev:
                P(f"{tag}: evidence indices outside the pre-tail range: {bad_ev}")
                continue
            evset = set(ev)
            hits = lambda s: [i for i in range(n) if occurs(s, texts[i], lang)]
            # rule 1: nothing in the last TAIL messages
            for s in ans + wrong:
                late = [i for i in hits(s) if i >= cut]
                if late:
                    P(f"{tag}: {s!r} occurs in the last {TAIL} messages at {late}")
            # rule 5: question text clean
            for s in ans + wrong:
                if occurs(s, qt, lang):
                    P(f"{tag}: question text contains {s!r}")
            # rule 2b: an answer is stated in the evidence
            if not any(occurs(s, texts[e], lang) for s in ans for e in ev):
                P(f"{tag}: no answer string occurs in any evidence message")
                continue
            first_ans = min(i for s in ans for i in hits(s))
            # rule 4a: the first mention of an answer is an evidence message, not before the first one
            if first_ans < ev[0]:
                P(f"{tag}: answer occurs at {first_ans}, before the first evidence message {ev[0]}")
            if first_ans not in evset:
                P(f"{tag}: first mention of the answer ({first_ans}) is not an evidence message")
            if wrong:
                if not any(occurs(w, texts[e], lang) for w in wrong for e in ev):
                    P(f"{tag}: no wrong value occurs in any evidence message")
                for w in wrong:
                    hw = hits(w)
                    # rule 2c: superseded value said before the current answer
                    if not any(i < first_ans for i in hw):
                        P(f"{tag}: wrong {w!r} never occurs before the answer is stated (msg {first_ans})")
                    # rule 4b: after the change, only in messages stating the change
                    after = [i for i in hw if i >= first_ans and i not in evset]
                    if after:
                        P(f"{tag}: wrong {w!r} reappears after the change outside evidence at {after}")
    if langs != {"en": 4, "ru": 4, "ja": 4}:
        P(f"language counts are {langs}, expected 4/4/4")
    if n_questions != 60:
        P(f"{n_questions} questions, expected 60")
    for k, need in (("name", 7), ("date", 6), ("number", 4)):
        if wrong_by_kind.get(k, 0) < need:
            P(f"only {wrong_by_kind.get(k, 0)} {k} questions have a superseded value (need {need})")
    tw = sum(wrong_by_kind.values())
    if tw < 25:
        P(f"only {tw} questions have a superseded value (need 25)")
    return probs


def summary(bank):
    wk = {k: 0 for k in KINDS}
    for d in bank:
        for q in d["questions"]:
            if q["wrong"]:
                wk[q["kind"]] += 1
    lines = [f"  {d['id']}: {len(d['messages'])} messages" for d in bank]
    lines.append("  questions with a superseded value: " + ", ".join(f"{k} {wk[k]}" for k in KINDS)
                 + f" (total {sum(wk.values())})")
    return "\n".join(lines)


def main(argv):
    if "--check" in argv:
        try:
            with open(OUT, encoding="utf-8") as f:
                bank = json.load(f)
        except (OSError, ValueError) as e:
            print(f"cannot read {OUT}: {e}")
            return 1
        probs = check_bank(bank)
        if probs:
            print(f"{len(probs)} problem(s):")
            for p in probs:
                print("  " + p)
            return 1
        print(f"OK: {OUT}")
        print(summary(bank))
        return 0
    bank = build_bank()
    # round-trip through JSON so the check sees exactly what gets written
    text = json.dumps(bank, ensure_ascii=False, indent=1) + "\n"
    probs = check_bank(json.loads(text))
    if probs:
        print(f"{len(probs)} problem(s); nothing written:")
        for p in probs:
            print("  " + p)
        return 1
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        json.dump(bank, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"wrote {OUT}")
    print(summary(bank))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
