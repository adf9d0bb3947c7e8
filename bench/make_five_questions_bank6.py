"""Bank 6 of the five-questions evaluation: twelve long two-project dialogs (held out).

``python bench/make_five_questions_bank6.py > bench/data/five_questions_bank6.json`` rebuilds
the file byte for byte (seeded ``random.Random``, string seeds per dialog; nothing depends on
the clock or on ``PYTHONHASHSEED``). ``--stats`` also prints the check's counts and the shapes
used per kind to stderr.

How it was written. A helper wrote every sentence here from scratch on 2026-12-03 without
opening the summariser or fact rules (``src/``), any earlier bank generator beyond the module
docstring of ``bench/make_five_questions_bank5.py`` (read as the spec), the earlier banks' JSON
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

import json
import random
import re
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent
# The repository root (this file lives in bench/); /work/main when run from elsewhere.
for _p in (_ROOT, Path("/work/main")):
    if (_p / "evals" / "five_questions.py").is_file():
        sys.path.insert(0, str(_p))
        if (_p / "src").is_dir():
            sys.path.insert(1, str(_p / "src"))
        break

from evals.five_questions import contains_token  # noqa: E402

SEED = 20261203

# The twelve kinds of project facts: question kind, and whether a dialog may correct it.
FACTS = ["lead", "client", "budget", "launch_date", "hosting_city", "rejected_reason", "vendor",
         "design_owner", "demo_date", "seat_price", "language", "sprint_weeks"]
QKIND = {"lead": "name", "client": "name", "budget": "number", "launch_date": "date",
         "hosting_city": "place", "rejected_reason": "reason", "vendor": "decision",
         "design_owner": "name", "demo_date": "date", "seat_price": "number",
         "language": "decision", "sprint_weeks": "number"}
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

EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]

EN: dict[str, Any] = {
    "projects": [("Quillon", "Marrowgate"), ("Tessaly", "Brindle"), ("Oakhollow", "Pellucid"),
                 ("Wrenfield", "Sablewick")],
    "people": ["Priya", "Tobias", "Marta", "Oskar", "Ines", "Callum", "Rhea", "Fergus", "Yusuf",
               "Beatrix", "Linnea", "Anselm", "Odile", "Ravi", "Signe", "Declan", "Mireille",
               "Tamsin", "Hamid", "Petra"],
    "clients": [("Dunmore Logistics", "Dunmore"), ("Pellham Dental", "Pellham"),
                ("Brightwater Insurance", "Brightwater"), ("Cardew Foods", "Cardew"),
                ("Ashgrove Housing", "Ashgrove"), ("Morrow & Finch", "Morrow"),
                ("Tillbury Rail", "Tillbury"), ("Osgood Pharma", "Osgood"),
                ("Wexcombe Council", "Wexcombe"), ("Larchmont Bank", "Larchmont"),
                ("Vantera Retail", "Vantera"), ("Glenholt Water", "Glenholt")],
    "vendors": [("Nimbly", None), ("Ferrotype", None), ("Arkwell Systems", "Arkwell"),
                ("Quartzline", None), ("Softbarrow", None), ("Veltrix", None),
                ("Holloway Cloud", "Holloway"), ("Corvina Labs", "Corvina"), ("Lumenpath", None),
                ("Paxford IT", "Paxford"), ("Stratavia", None)],
    "cities": ["Tallinn", "Porto", "Dublin", "Frankfurt", "Lyon", "Gdansk", "Turin", "Ghent",
               "Bergen", "Aarhus", "Leipzig", "Valencia", "Riga", "Bratislava"],
    "options": ["Firebase", "Airtable", "Heroku", "Salesforce", "Webflow", "Supabase", "Auth0",
                "Retool", "Zapier", "Monday.com", "HubSpot"],
    # (as said in a clause, as said on its own, accepted answers)
    "reasons": [("the vendor lock-in", "lock-in", ["lock-in"]),
                ("the lack of EU data residency", "data residency", ["data residency"]),
                ("the per-user pricing", "per-user pricing", ["per-user pricing"]),
                ("the missing offline mode", "no offline mode", ["offline mode"]),
                ("the missing audit logs", "no audit logs", ["audit logs"]),
                ("the API rate limits", "rate limits", ["rate limits"]),
                ("the accessibility gaps", "accessibility", ["accessibility"]),
                ("the export limits", "export limits", ["export limits"])],
    "colleagues": ["Lena", "Sam", "Jo", "Ahmed", "Kit", "Femi", "Ursula"],
    "small": {
        "sn": ["Gus", "Noor", "Ellis", "Marguerite", "Bram", "Juno", "Hattie", "Teodor", "Wynn",
               "Clem"],
        "cat": ["Biscuit", "Pepper", "Mochi"],
        "dog": ["Moose", "Waffles", "Rufus"],
        "sp": ["Brighton", "Edinburgh", "Seville", "Kraków", "Oslo", "Vienna", "Bath", "Galway",
               "Marseille", "Inverness"],
        "hrs": ["5", "6", "7"], "boxes": ["33", "41", "57"], "km": ["7", "13", "16"],
        "cm": ["41", "57", "64"], "vids": ["13", "16", "33"],
        "band": ["The Lantern Arms", "Velvet Dunes", "Static Orchard"],
    },
    "ack": ["Noted.", "Got it.", "Okay, logged.", "Thanks, I've got that down.", "Understood.",
            "Noted — thanks.", "Okay 👍", "Got it, saved."],
    "ack_fix": ["Updated.", "Okay, changed it.", "Got it — updated.", "Noted, I've replaced it.",
                "Thanks, corrected."],
    "confirm": ["right", "correct", "yep, that's it", "yes 👍", "that's right", "yup"],
    "plain": ["{clause}", "{clause}, fyi", "fyi {clause}", "just confirmed: {clause}",
              "{clause}."],
    "buried": [("ugh, the printer is jammed again and I have a call in five, so quickly: ",
                ", anyway back after lunch"),
               ("sorry, half asleep today — ", " — and the coffee machine on our floor is broken, great start"),
               ("catching up on email, boring stuff mostly, oh and ", ", then a pile of expense reports"),
               ("between two calls: ", ", then I have to run lol"),
               ("ok so the wifi died twice this morning but whatever, ", ", and I still haven't eaten")],
    "terse": ["{P} {lab} — {v}.", "{lab} ({P}): {v}", "{P}/{lab}: {v}",
              "note to self: {P} {lab} = {v}"],
    "pair": ["{a}, and {b}", "{a}. also {b}", "two things: {a}; {b}", "{a} — oh and {b}"],
    "forward": ["{c} says {clause}", "{c} just pinged me: {clause}", "message from {c}: {clause}",
                "according to {c}, {clause}"],
    "leadin": ["ok, {P} stuff", "quick one on {P}", "got a minute for {P}?", "{P} admin time",
               "back to {P}"],
    "bare": ["{v}", "{v}.", "{v}!", "{v} 🎉"],
    "src": ["the notes", "the ticket", "the minutes", "yesterday's minutes", "the kickoff doc",
            "the tracker"],
    "readback": ["According to {src}, {clause} — is that right?",
                 "I have it from {src} that {clause}. Correct?",
                 "Reading from {src}: {clause}. Still right?"],
    "rb_prompt": ["what did we write down for the {P} {lab}?", "remind me — {P} {lab}?",
                  "can you check the {lab} for {P} in the notes?"],
    "the_lab": ["the {P} {lab}", "the {lab} for {P}"],
    "fix_old": ["forget {old}, {the_lab} is {new}",
                "update: {old} is out, {new} is in — {the_lab}",
                "{the_lab} moved from {old} to {new}, sorry for the back and forth",
                "scratch {old} for {the_lab}. it's {new} now"],
    "fix_new": ["actually make that {new} for {the_lab}",
                "we went with {new} after all for {the_lab}",
                "change of plan: {the_lab} is now {new}",
                "heads up, {the_lab} changed — {new} 🙃"],
    "fix_leadin": ["quick {P} check", "{P} again, sorry", "one {P} thing"],
    "fix_ask_old": ["Is {the_lab} still {old}?", "Just checking: {the_lab} is still {old}, yes?"],
    "fix_reply_old": ["nope, {new} now", "not anymore, it's {new}", "no! {new}, I thought I said"],
    "fix_ask_any": ["Anything new on {P}?", "Has anything changed on {P}?"],
    "fix_reply_any": ["yeah, {the_lab} is {new} now", "one thing: we went with {new} for {the_lab} after all"],
    "oq": ["still open: do we localise {P} into Spanish at launch or later?",
           "haven't decided whether {P} gets a mobile app in phase one",
           "open question — who signs off the {P} privacy review?",
           "not sure yet if {P} needs a separate staging environment",
           "we still don't know if the {P} data migration runs over a weekend or in batches",
           "tbd: dark mode for {P}, yes or no",
           "open: do we keep the legacy API for {P} or cut it"],
    "oq_ack": ["I'll keep that as an open question.", "Noted as open.",
               "Okay, parked as undecided.", "Logged — still to be decided."],
    "ns": ["next step: I'll send the {P} wireframes to legal by Friday",
           "ok so action for me — set up the {P} kickoff invite",
           "I'll draft the {P} risk register tomorrow",
           "agreed, next we book a security review for {P}",
           "todo: ask procurement for the {P} contract template",
           "next: I write up the {P} test plan and share it monday"],
    "ns_ack": ["Agreed — I'll note that as the next step.", "Sounds good, added to next steps.",
               "Okay, that's the plan."],
    "filler": [
        ["going through the {P} backlog this afternoon", "Good luck — shout if you want a second pair of eyes."],
        ["the {P} standup ran long again", "Happens. Anything worth noting?", "nah, just status stuff", "Fair enough."],
        ["reading the {P} spec again, it's long", "Skim for the parts that changed?"],
        ["had a call about {P}, nothing decided", "Okay, nothing to record then."],
        ["slides for {P} are half done", "Half is progress."],
        ["need coffee before I open the {P} tickets", "Understandable."],
        ["{P} test environment is down again", "Annoying. Is someone on it?", "ops say an hour", "Hopefully sooner."],
        ["writing the {P} status update", "Keep it short and they'll actually read it."],
        ["{P} retro tomorrow, bringing cookies", "Retros go better with cookies."],
        ["lots of meetings about {P} today", "Hope some of them are short."],
        ["cleaned up the {P} wiki a bit", "Nice, future you will be grateful."],
        ["the {P} dashboard finally loads fast", "Good to hear."],
        ["someone renamed all the {P} channels on slack lol", "Chaos. Did anything break?", "only my muscle memory", "Ha, that'll adapt."],
    ],
    "smalltalk": [
        ["{cat} the cat learned to open the wardrobe. nothing is safe anymore", "Clever cat. A little latch might save your jumpers."],
        ["helping {sn} move house on saturday, apparently there are {boxes} boxes", "That's a lot of boxes. Make sure there's pizza in the deal.", "pizza is already negotiated 😄", "Then you're set."],
        ["started pottery classes, my first bowl looks like a hat", "Every potter's first bowl is a hat. It gets better."],
        ["the car made a weird clicking noise all the way to {sp}", "Clicking when turning, or all the time?", "all the time. garage on monday", "Hopefully something small."],
        ["went to a gig last night, a band called {band}, ears still ringing", "Sounds like a good night. Were they any good?"],
        ["my knee is acting up again after the run", "Ice and a rest day might help. Take care of it."],
        ["my friend {sn} is getting married in {sp} on {sd}!", "Lovely! Are you going?", "yes, and I have to give a speech 😬", "You'll be great — keep it short and kind."],
        ["the tomatoes on my balcony finally turned red", "Homegrown tomatoes are the best. Enjoy them."],
        ["we played a board game for {hrs} hours straight last night", "That's commitment. Who won?", "{sn}, as usual", "Some people are just built for it."],
        ["put up shelves this weekend. only one is crooked", "One out of how many?", "two", "Still a 50% success rate. Respectable."],
        ["the new neighbours have a parrot that says hello all day", "That's either charming or maddening."],
        ["dog walker cancelled, so {dog} and I did a long loop around the park", "Bet {dog} was thrilled."],
        ["still unpacking from the move, found my toaster in the box labelled 'books'", "Classic moving mystery."],
        ["learning the ukulele. my fingers hurt", "That passes once the calluses form. Keep at it."],
        ["thinking about selling the car and just cycling", "Depends on the commute. How far is it?", "about {km} km", "Doable on a good bike, especially an e-bike."],
        ["got a playlist recommendation from {sn}, it's all 80s synth", "That's a mood. Good for focus?"],
        ["dentist on {sd}, already dreading it", "Fingers crossed for a quick check-up."],
        ["the wedding band {sn} booked only plays ABBA covers", "Honestly, that sounds like a fun wedding."],
        ["the basil died. I don't know what I did", "Basil is dramatic — too much water usually."],
        ["{cat} has decided the keyboard is her bed", "That's a classic. Maybe a box next to the laptop?"],
        ["tried the bouldering gym, arms are jelly", "Forearms take a while. Did you enjoy it?", "loved it actually", "Then you're hooked."],
        ["spent all evening at a record shop in {sp}", "Find anything good?"],
        ["allergy season is brutal this year", "Ugh. Are antihistamines helping at all?"],
        ["my sister's car got a parking ticket outside my flat 🙄", "Oof. Were the signs unclear?"],
        ["the removal van is booked for {sd}", "Nice, one thing off the list."],
        ["knitting a scarf, it's now {cm} cm long and slightly wonky", "Wonky scarves are still warm."],
        ["drove past {sp} on the way home, the view was unreal", "Worth a stop next time."],
        ["choir rehearsal tonight, we're doing something in Latin", "Fancy. Is it hard to learn?"],
        ["slept badly, the upstairs neighbour was moving furniture at midnight", "Midnight furniture moving should be illegal."],
        ["{sn} asked me to be a witness at the wedding", "That's an honour! Congrats."],
        ["finally fixed the leaky tap, only took {vids} youtube videos", "Persistence pays. Well done."],
        ["{dog} stole a sock and ran a victory lap", "Sock theft is a dog's favourite sport."],
        ["trying to do 10k steps a day, failing", "Even half that is better than nothing."],
        ["bought a second-hand piano, no idea where to put it", "The eternal piano problem. Hallway?"],
        ["the new flat has a bath, I'm never leaving", "A bath is a real upgrade."],
        ["went to a jazz night in {sp}", "Sounds lovely. Good crowd?", "small but loud", "The best kind."],
        ["my bike chain snapped on the way back", "Ouch. Did you have to walk it home?"],
        ["{sn}'s engagement party is on {sd}, need to find a gift", "Something for their new place maybe?"],
        ["my sourdough starter smells like feet", "That's apparently normal early on."],
        ["reading a thriller set in {sp}, can't put it down", "Those are the best. No spoilers!"],
    ],
    "kinds": {
        "lead": {
            "label": ["lead", "project lead"],
            "clause": ["{v} is leading {P}", "the lead on {P} is {v}", "{v} runs {P} from now on",
                       "{P} goes to {v} as lead"],
            "passive": ["{P} has been handed to {v} to lead",
                        "it was agreed that {P} will be led by {v}",
                        "{v} has been confirmed as the {P} lead"],
            "asks": [("Who's going to lead {P}?", ["{v}", "{v}, we agreed yesterday", "that's {v}"]),
                     ("Who's the lead on {P} now?", ["{v}", "{v} — finally official"])],
            "announce": [("we finally have a lead for {P}", "Great — who is it?"),
                         ("ok the {P} lead question is settled", "Who did it go to?")],
            "selfq": ["who's leading {P}? {v}. that's decided",
                      "so who owns {P} day to day... {v}, as of this morning"],
            "q": ["Who is leading {P}?", "Who is the lead on {P}?"],
        },
        "client": {
            "label": ["client"],
            "clause": ["the client on {P} is {v}", "{P} is for {v}", "{v} signed for {P}",
                       "{P}'s client is {v}"],
            "passive": ["{P} has been commissioned by {v}", "the {P} contract was signed by {v}",
                        "{P} is being built for {v}"],
            "asks": [("Who's the client for {P}, remind me?", ["{v}", "it's {v}", "{v}, the whole thing is for them"]),
                     ("Who is {P} actually for?", ["{v}", "for {v}"])],
            "announce": [("the {P} client is confirmed!", "Nice — who signed?"),
                         ("big news on {P}, we know who the client is", "Who is it?")],
            "selfq": ["who's paying for {P}? {v}. signed yesterday",
                      "client for {P}? {v}, finally official"],
            "q": ["Who is the client for {P}?"],
        },
        "budget": {
            "label": ["budget"],
            "clause": ["the {P} budget is {v}", "{P} gets {v} in total", "we have {v} for {P}",
                       "{P}'s budget came in at {v}"],
            "passive": ["the {P} budget has been set at {v}", "{v} was approved for {P}",
                        "{P} has been allocated {v}"],
            "asks": [("What budget are we working with on {P}?", ["{v}", "{v} all in", "{v}, not a cent more"]),
                     ("How much money does {P} have?", ["{v}", "{v} total"])],
            "announce": [("finance finally answered about the {P} budget", "And? How much?"),
                         ("got the number for the {P} budget", "Go on?")],
            "selfq": ["how much do we have for {P}? {v}. that's it", "{P} budget? {v}, signed off"],
            "q": ["What is the budget for {P}?"],
        },
        "launch_date": {
            "label": ["launch date", "go-live date"],
            "clause": ["{P} launches on {v}", "{P} goes live {v}", "launch for {P} is {v}",
                       "we're launching {P} on {v}"],
            "passive": ["the {P} launch has been scheduled for {v}", "{P} is set to go live on {v}",
                        "it's been decided that {P} launches {v}"],
            "asks": [("When does {P} go live?", ["{v}", "{v} if nothing explodes", "on {v}"]),
                     ("Do we have a launch date for {P} yet?", ["yes, {v}", "{v}"])],
            "announce": [("we have a launch date for {P}", "Finally. When?"),
                         ("{P} go-live is locked in", "When is it?")],
            "selfq": ["when does {P} launch? {v}. circled in red", "{P} go-live... {v}, no later"],
            "q": ["When does {P} launch?", "What is the launch date of {P}?"],
        },
        "hosting_city": {
            "label": ["hosting city", "hosting location"],
            "clause": ["{P} will be hosted in {v}", "{P} servers sit in {v}", "we host {P} out of {v}",
                       "{P}'s hosting is in {v}"],
            "passive": ["{P} is to be hosted in {v}", "hosting for {P} has been placed in {v}",
                        "it's been agreed to run {P} from a data centre in {v}"],
            "asks": [("Where are we hosting {P}?", ["{v}", "in {v}", "{v}, for latency"]),
                     ("Which city do the {P} servers live in?", ["{v}", "{v} 🙂"])],
            "announce": [("hosting for {P} is decided", "Where did it land?"),
                         ("picked the city for {P} hosting", "Which one?")],
            "selfq": ["where do we host {P}? {v}. legal is fine with it", "{P} servers... {v}, final"],
            "q": ["In which city is {P} hosted?"],
        },
        "rejected_reason": {
            "label": ["reason for dropping {opt}"],
            "clause": ["we dropped {opt} for {P} because of {v}", "{opt} is out for {P} — {v}",
                       "{opt} got rejected for {P} due to {v}", "no {opt} on {P}, {v}"],
            "passive": ["{opt} was ruled out for {P} because of {v}",
                        "{opt} has been rejected for {P} on account of {v}"],
            "asks": [("Why did {opt} get dropped for {P} again?", ["{v_short}", "{v_short}, mostly", "because of {v}"]),
                     ("What killed {opt} for {P}?", ["{v_short}", "honestly? {v}"])],
            "announce": [("we're not using {opt} for {P}. I know why now", "Why's that?"),
                         ("{opt} is officially dead for {P}", "What was the dealbreaker?")],
            "selfq": ["why not {opt} for {P}? {v_short}. end of story",
                      "what's wrong with {opt} for {P}... {v}, basically"],
            "terse": ["{opt} ✗ for {P} — {v_short}", "{P}: {opt} rejected ({v_short})"],
            "bare": ["{v_short}", "{v_short}."],
            "rb_prompt": ["why did we drop {opt} for {P} again? check the notes",
                          "remind me why {opt} is out for {P}"],
            "q": ["Why was {opt} rejected for {P}?"],
        },
        "vendor": {
            "label": ["vendor", "supplier"],
            "clause": ["we went with {v} as the {P} vendor", "{v} is the vendor for {P}",
                       "{P} vendor is {v}", "{v} won the {P} tender"],
            "passive": ["{v} has been selected as the {P} supplier",
                        "the {P} contract was awarded to {v}",
                        "it's been decided to buy from {v} for {P}"],
            "asks": [("Which vendor did you pick for {P} in the end?", ["{v}", "{v}, cheapest by far", "we went {v}"]),
                     ("Who's supplying {P}?", ["{v}", "{v} 👍"])],
            "announce": [("we finally picked the vendor for {P}.", "Oh? Which one?"),
                         ("the {P} tender is done", "Who won it?")],
            "selfq": ["who's the {P} supplier? {v}. contract next week", "vendor for {P}... {v}, by a mile"],
            "q": ["Which vendor was chosen for {P}?"],
        },
        "design_owner": {
            "label": ["design owner", "UX owner"],
            "clause": ["{v} owns the {P} design", "{P} design is with {v}", "{v} is doing the UX for {P}",
                       "the {P} screens are {v}'s job"],
            "passive": ["{P} design has been assigned to {v}", "the {P} UX is being handled by {v}",
                        "{v} was put in charge of the {P} designs"],
            "asks": [("Who's designing {P}?", ["{v}", "{v}, starting monday", "that'll be {v}"]),
                     ("Who owns UX on {P}?", ["{v}", "{v} does"])],
            "announce": [("found someone for the {P} design", "Great, who?"),
                         ("{P} finally has a UX person", "Who is it?")],
            "selfq": ["who does the {P} mockups? {v}. yes really",
                      "{P} design owner... {v}, agreed with their manager"],
            "q": ["Who owns the design for {P}?"],
        },
        "demo_date": {
            "label": ["demo date", "demo"],
            "clause": ["the {P} demo is on {v}", "we demo {P} on {v}", "{P} demo day is {v}",
                       "{P} gets shown to the client {v}"],
            "passive": ["the {P} demo has been booked for {v}", "{P} is to be demoed on {v}",
                        "a demo of {P} has been scheduled for {v}"],
            "asks": [("When's the {P} demo?", ["{v}", "{v}, morning slot", "on {v}"]),
                     ("Did the {P} demo get a date?", ["yes — {v}", "{v}"])],
            "announce": [("the {P} demo has a date now", "When?"),
                         ("booked the {P} demo", "For which day?")],
            "selfq": ["when do we demo {P}? {v}. in the big room", "{P} demo... {v}, don't be late"],
            "q": ["When is the {P} demo?"],
        },
        "seat_price": {
            "label": ["per-seat price", "price per seat"],
            "clause": ["{P} costs {v} per seat", "seats on {P} are {v} each",
                       "the {P} licence is {v} a seat", "we pay {v} per user for {P}"],
            "passive": ["{P} seats have been priced at {v}", "the per-seat price for {P} was fixed at {v}",
                        "it's been agreed that {P} seats cost {v}"],
            "asks": [("What does a {P} seat cost?", ["{v}", "{v} a month", "{v}, with the discount"]),
                     ("Per-seat price for {P}?", ["{v}", "{v} per seat"])],
            "announce": [("we negotiated the {P} seat price", "Nice, what did you get?"),
                         ("pricing for {P} seats is in", "What's the number?")],
            "selfq": ["how much per seat for {P}? {v}. not bad", "{P} seat price... {v}, after haggling"],
            "q": ["What is the price per seat for {P}?"],
        },
        "language": {
            "label": ["language", "programming language"],
            "clause": ["{P} is written in {v}", "we're building {P} in {v}", "{P} backend is {v}",
                       "{v} for {P}, that's the stack"],
            "passive": ["{v} has been chosen as the {P} language",
                        "it's been decided that {P} will be written in {v}",
                        "{P} is being developed in {v}"],
            "asks": [("What's {P} going to be written in?", ["{v}", "{v}, the team knows it", "we're going with {v}"]),
                     ("Which language for {P}?", ["{v}", "{v} 🙂"])],
            "announce": [("the {P} language debate is over", "Who won?"),
                         ("we picked a language for {P}", "Which one?")],
            "selfq": ["what do we write {P} in? {v}. final answer", "language for {P}... {v}, because hiring"],
            "q": ["Which programming language is {P} written in?"],
        },
        "sprint_weeks": {
            "label": ["sprint length"],
            "clause": ["{P} runs {v_adj} sprints", "sprints on {P} are {v}", "we do {v_adj} sprints on {P}",
                       "{P} sprint length is {v}"],
            "passive": ["{P} sprints have been set to {v}",
                        "it was agreed that {P} works in {v_adj} sprints"],
            "asks": [("How long are {P} sprints going to be?", ["{v}", "{v}, like everyone else", "{v_adj} ones"]),
                     ("Sprint length on {P}?", ["{v}", "{v} 👍"])],
            "announce": [("we settled the sprint length for {P}", "How long?"),
                         ("{P} sprint cadence is decided", "What did you go with?")],
            "selfq": ["how long are {P} sprints? {v}. easy", "{P} sprints... {v_adj}, the team voted"],
            "q": ["How long are the sprints on {P}?"],
        },
    },
}
# ---------------------------------------------------------------------------------------------
# Russian: (nominative, genitive, dative, accusative, instrumental, prepositional)
# ---------------------------------------------------------------------------------------------

RU_MONTHS_GEN = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
                 "сентября", "октября", "ноября", "декабря"]

RU: dict[str, Any] = {
    "projects": [
        (("Вереск", "Вереска", "Вереску", "Вереск", "Вереском", "Вереске"), ("Strizh",) * 6),
        (("Пересвет", "Пересвета", "Пересвету", "Пересвет", "Пересветом", "Пересвете"),
         ("Кедровка", "Кедровки", "Кедровке", "Кедровку", "Кедровкой", "Кедровке")),
        (("Yantar",) * 6, ("Сполох", "Сполоха", "Сполоху", "Сполох", "Сполохом", "Сполохе")),
        (("Mezen",) * 6, ("Полынья", "Полыньи", "Полынье", "Полынью", "Полыньей", "Полынье")),
    ],
    "people": [
        ("Тимофей", "Тимофея", "Тимофею", "Тимофея", "Тимофеем", "Тимофее"),
        ("Ярослава", "Ярославы", "Ярославе", "Ярославу", "Ярославой", "Ярославе"),
        ("Глеб", "Глеба", "Глебу", "Глеба", "Глебом", "Глебе"),
        ("Злата", "Златы", "Злате", "Злату", "Златой", "Злате"),
        ("Всеволод", "Всеволода", "Всеволоду", "Всеволода", "Всеволодом", "Всеволоде"),
        ("Милена", "Милены", "Милене", "Милену", "Миленой", "Милене"),
        ("Остап", "Остапа", "Остапу", "Остапа", "Остапом", "Остапе"),
        ("Василиса", "Василисы", "Василисе", "Василису", "Василисой", "Василисе"),
        ("Родион", "Родиона", "Родиону", "Родиона", "Родионом", "Родионе"),
        ("Ульяна", "Ульяны", "Ульяне", "Ульяну", "Ульяной", "Ульяне"),
        ("Савелий", "Савелия", "Савелию", "Савелия", "Савелием", "Савелии"),
        ("Таисия", "Таисии", "Таисии", "Таисию", "Таисией", "Таисии"),
        ("Демьян", "Демьяна", "Демьяну", "Демьяна", "Демьяном", "Демьяне"),
        ("Агата", "Агаты", "Агате", "Агату", "Агатой", "Агате"),
        ("Прохор", "Прохора", "Прохору", "Прохора", "Прохором", "Прохоре"),
        ("Есения", "Есении", "Есении", "Есению", "Есенией", "Есении"),
    ],
    # companies: Cyrillic ones decline and may stand in «quotes»; Latin ones do not decline
    "clients": [
        ("Вектра", "Вектры", "Вектре", "Вектру", "Вектрой", "Вектре"),
        ("Пролог", "Пролога", "Прологу", "Пролог", "Прологом", "Прологе"),
        ("Зарница", "Зарницы", "Зарнице", "Зарницу", "Зарницей", "Зарнице"),
        ("Сибгранит", "Сибгранита", "Сибграниту", "Сибгранит", "Сибгранитом", "Сибграните"),
        ("Ростпак", "Ростпака", "Ростпаку", "Ростпак", "Ростпаком", "Ростпаке"),
        ("Каравелла", "Каравеллы", "Каравелле", "Каравеллу", "Каравеллой", "Каравелле"),
        ("Бирюза", "Бирюзы", "Бирюзе", "Бирюзу", "Бирюзой", "Бирюзе"),
        ("Norvik Trade",) * 6, ("Altamed",) * 6, ("Kronwerk",) * 6,
    ],
    "vendors": [
        ("Инфосфера", "Инфосферы", "Инфосфере", "Инфосферу", "Инфосферой", "Инфосфере"),
        ("Техноблок", "Техноблока", "Техноблоку", "Техноблок", "Техноблоком", "Техноблоке"),
        ("Оптикон", "Оптикона", "Оптикону", "Оптикон", "Оптиконом", "Оптиконе"),
        ("Кварта", "Кварты", "Кварте", "Кварту", "Квартой", "Кварте"),
        ("Veldora",) * 6, ("Trimix",) * 6, ("Stackwise",) * 6, ("Nordlane",) * 6,
    ],
    "cities": [
        ("Тверь", "Твери", "Твери", "Тверь", "Тверью", "Твери"),
        ("Самара", "Самары", "Самаре", "Самару", "Самарой", "Самаре"),
        ("Казань", "Казани", "Казани", "Казань", "Казанью", "Казани"),
        ("Пермь", "Перми", "Перми", "Пермь", "Пермью", "Перми"),
        ("Калуга", "Калуги", "Калуге", "Калугу", "Калугой", "Калуге"),
        ("Томск", "Томска", "Томску", "Томск", "Томском", "Томске"),
        ("Рязань", "Рязани", "Рязани", "Рязань", "Рязанью", "Рязани"),
        ("Тула", "Тулы", "Туле", "Тулу", "Тулой", "Туле"),
        ("Тюмень", "Тюмени", "Тюмени", "Тюмень", "Тюменью", "Тюмени"),
        ("Новосибирск", "Новосибирска", "Новосибирску", "Новосибирск", "Новосибирском", "Новосибирске"),
        ("Екатеринбург", "Екатеринбурга", "Екатеринбургу", "Екатеринбург", "Екатеринбургом", "Екатеринбурге"),
        ("Смоленск", "Смоленска", "Смоленску", "Смоленск", "Смоленском", "Смоленске"),
    ],
    "options": ["Firebase", "Airtable", "Heroku", "Битрикс24", "Salesforce", "Supabase", "Retool",
                "Tilda", "Monday.com", "HubSpot"],
    # (clause, on its own, accepted answers, other forms said in the text)
    "reasons": [("нет офлайн-режима", "офлайн-режима нет", ["офлайн"], []),
                ("не проходит по 152-ФЗ", "152-ФЗ", ["152-ФЗ"], []),
                ("лицензии слишком дорогие", "дорогие лицензии", ["лицензии"], []),
                ("нет русской локализации", "локализации нет", ["локализация"], ["локализации"]),
                ("техподдержка отвечает неделями", "медленная техподдержка", ["техподдержка"], []),
                ("жёсткие лимиты на API", "лимиты на API", ["лимиты"], []),
                ("нет журнала аудита", "журнала аудита нет", ["журнал аудита"], ["журнала аудита"]),
                ("привязка к вендору", "привязка к вендору", ["привязка к вендору"], [])],
    "colleagues": [("Лена", "Лены"), ("Вадим", "Вадима"), ("Ира", "Иры"), ("Костя", "Кости"),
                   ("Оля", "Оли"), ("Рустам", "Рустама")],
    "small": {
        "sn": [("Кузьма", "Кузьмы", "Кузьме", "Кузьму", "Кузьмой", "Кузьме"),
               ("Нюра", "Нюры", "Нюре", "Нюру", "Нюрой", "Нюре"),
               ("Федя", "Феди", "Феде", "Федю", "Федей", "Феде"),
               ("Геля", "Гели", "Геле", "Гелю", "Гелей", "Геле"),
               ("Стёпа", "Стёпы", "Стёпе", "Стёпу", "Стёпой", "Стёпе"),
               ("Люба", "Любы", "Любе", "Любу", "Любой", "Любе"),
               ("Тоня", "Тони", "Тоне", "Тоню", "Тоней", "Тоне")],
        "cat": ["Пушок", "Марсик", "Уголёк"],
        "dog": [("Бублик", "Бубликом"), ("Граф", "Графом"), ("Пончик", "Пончиком")],
        "sp": [("Сочи", "Сочи", "Сочи"), ("Петрозаводск", "Петрозаводска", "Петрозаводске"),
               ("Калининград", "Калининграда", "Калининграде"), ("Суздаль", "Суздаля", "Суздале"),
               ("Выборг", "Выборга", "Выборге"), ("Мурманск", "Мурманска", "Мурманске"),
               ("Кострома", "Костромы", "Костроме"), ("Псков", "Пскова", "Пскове")],
        "hrs": ["5", "6", "7"], "boxes": ["35", "47", "58"], "km": ["7", "13", "16"],
               "cm": ["45", "57", "65"], "vids": ["13", "16", "27"],
        "band": ["«Ночной трамвай»", "«Синий шарф»", "«Сорок сосен»"],
    },
    "ack": ["Записал.", "Принято.", "Понял, отметил.", "Хорошо, зафиксировал.", "Ок, записано.",
            "Спасибо, внёс.", "Понял 👍"],
    "ack_fix": ["Исправил.", "Обновил.", "Понял, поправил.", "Хорошо, заменил.", "Принято, исправлено."],
    "confirm": ["угу", "именно так", "да, верно", "всё так", "ага, оно", "точно"],
    "plain": ["{clause}", "{clause}, к сведению", "кстати, {clause}", "итак, {clause}", "{clause}."],
    "buried": [("с утра всё горит, ещё и ноутбук обновлялся полчаса, ", ", ну и дальше по списку"),
               ("пишу из такси, связь так себе — короче, ", ". потом ещё созвон с бухгалтерией"),
               ("разгребаю почту, там в основном ерунда, но вот: ", ", остальное терпит"),
               ("между двумя созвонами, быстро: ", ", всё, бегу"),
               ("кофемашина опять сломалась, жизнь боль… ладно, ", ", и пойду искать кофе")],
    "terse": ["{P}, {lab}: {v}", "{lab} по {P_dat} — {v}.", "#{P} {lab} → {v}"],
    "pair": ["{a}, а {b}", "{a}. и ещё: {b}", "два момента: {a}; {b}", "{a}, плюс {b}"],
    "forward": ["{c} говорит, что {clause}", "{c} пишет: {clause}", "со слов {c_gen}: {clause}",
                "{c} передаёт — {clause}"],
    "leadin": ["давай по {P_dat}", "есть минутка на {P_acc}?", "так, {P}", "вернёмся к {P_dat}"],
    "bare": ["{v}", "{v}.", "{v}!"],
    "src": [("В заметках", "заметки"), ("В тикете", "тикет"), ("В протоколе", "протокол"),
            ("В протоколе вчерашней встречи", "протокол вчерашней встречи"), ("В трекере", "трекер")],
    "readback": ["{src_in} записано, что {clause}. Верно?", "Смотрю {src_acc}: {clause}. Всё так?",
                 "{src_in} значится: {clause} — правильно?"],
    "rb_prompt": ["напомни, что у нас по {P_dat}: {lab}?", "глянь, что записано по {P_dat} — {lab}",
                  "{lab} {P_gen} — что у нас в записях?"],
    "fix_old": ["{P}, {lab}: вместо {old_gen} будет {new}",
                "{lab} у {P_gen} больше не {old}, теперь {new}",
                "про {old_acc} забудь — {new_clause}"],
    "fix_new": ["оказалось, {new_clause}", "короче, переиграли: {new_clause}",
                "уточнение по {P_dat}: {lab} теперь {new}"],
    "fix_leadin": ["давай сверим {P_acc}", "по {P_dat} ещё раз", "так, {P}, одна вещь"],
    "fix_ask_old": ["{lab} у {P_gen} всё ещё {old}?", "Проверю: {lab} у {P_gen} по-прежнему {old}?"],
    "fix_reply_old": ["не, теперь {new}", "нет, {new_clause}", "неа, поменяли — {new}"],
    "fix_ask_any": ["По {P_dat} что-нибудь поменялось?", "Есть новости по {P_dat}?"],
    "fix_reply_any": ["да: {new_clause}", "ага, {lab} теперь {new}"],
    "oq": ["пока открыто: переводим {P_acc} на казахский сразу или потом?",
           "не решили, будет ли у {P_gen} мобильное приложение в первой фазе",
           "открытый вопрос — кто подписывает проверку персональных данных по {P_dat}?",
           "непонятно, нужен ли {P_dat} отдельный стенд",
           "ещё не знаем, мигрируем данные {P_gen} за выходные или частями",
           "под вопросом: тёмная тема в {P_pre}, да или нет",
           "открыто: оставляем старый API в {P_pre} или режем"],
    "oq_ack": ["Записал как открытый вопрос.", "Отметил, пока не решено.",
               "Хорошо, это в открытых вопросах."],
    "ns": ["следующий шаг: до пятницы отправляю макеты {P_gen} юристам",
           "ок, за мной — разослать приглашение на кикофф {P_gen}",
           "завтра набросаю реестр рисков по {P_dat}",
           "договорились: дальше бронируем аудит безопасности для {P_gen}",
           "туду: запросить у закупок шаблон договора по {P_dat}",
           "дальше я пишу тест-план {P_gen} и в понедельник делюсь"],
    "ns_ack": ["Договорились, записал как следующий шаг.", "Принято, добавил в план.",
               "Хорошо, так и сделаем."],
    "filler": [
        ["разбираю бэклог {P_gen} после обеда", "Удачи. Если нужен второй взгляд — пиши."],
        ["стендап по {P_dat} опять затянулся", "Бывает. Что-то важное было?", "не, просто статусы", "Понятно."],
        ["перечитываю спеку {P_gen}, она огромная", "Может, пробежать только изменённые разделы?"],
        ["был созвон по {P_dat}, ничего не решили", "Ок, тогда записывать нечего."],
        ["слайды по {P_dat} готовы наполовину", "Половина — уже прогресс."],
        ["без кофе тикеты {P_gen} не открою", "Понимаю."],
        ["тестовый стенд {P_gen} опять лёг", "Неприятно. Кто-то уже занимается?", "админы говорят, час", "Надеюсь, быстрее."],
        ["пишу статус-апдейт по {P_dat}", "Коротко — и его прочитают."],
        ["завтра ретро по {P_dat}, принесу печенье", "С печеньем ретро проходит лучше."],
        ["сегодня сплошные встречи про {P_acc}", "Пусть хоть какие-то будут короткими."],
        ["вики {P_gen} стала чуть аккуратнее", "Отлично, потом сам себе скажешь спасибо."],
        ["дашборд {P_gen} наконец грузится быстро", "Приятно слышать."],
        ["кто-то переименовал все каналы {P_gen} в слаке", "Хаос. Что-нибудь сломалось?", "только моя мышечная память", "Привыкнет."],
    ],
    "smalltalk": [
        ["кот {cat} научился открывать шкаф. ничего святого", "Коты и двери — вечная битва. Может, поставить защёлку?"],
        ["в субботу помогаю {sn_dat} с переездом, говорят, {boxes} коробок", "Ого. Надеюсь, хотя бы пицца за счёт хозяина?", "пицца уже выторгована 😄", "Тогда всё не зря."],
        ["хожу на гончарку, первая миска вышла похожей на шапку", "Первая миска у всех похожа на шапку. Дальше пойдёт лучше."],
        ["машина всю дорогу до {sp_gen} щёлкала", "Щёлкает при повороте или постоянно?", "постоянно. в понедельник в сервис", "Надеюсь, ерунда какая-нибудь."],
        ["вчера был концерт группы {band}, в ушах до сих пор звенит", "Звучит как хороший вечер. Понравилось?"],
        ["колено опять ноет после пробежки", "Лёд и день отдыха должны помочь. Береги себя."],
        ["у {sn_gen} свадьба в {sp_pre} {sd}!", "Ура! Поедешь?", "да, и мне тост говорить 😬", "Справишься — главное покороче и потеплее."],
        ["помидоры на балконе наконец покраснели", "Свои помидоры — лучшие. Приятного!"],
        ["вчера {hrs} часов играли в настолку", "Вот это выдержка. Кто победил?", "{sn}, как обычно", "Есть люди, созданные для настолок."],
        ["в выходные вешали полки, одна получилась кривая", "А всего сколько?", "две", "Пятьдесят процентов успеха — уже неплохо."],
        ["у новых соседей попугай, который весь день говорит «привет»", "Это либо мило, либо сводит с ума."],
        ["выгул сорвался, так что мы с {dog_ins} нарезали круг по парку", "{dog} наверняка был счастлив."],
        ["всё ещё разбираю коробки после переезда, тостер нашёлся в коробке «книги»", "Классическая загадка переезда."],
        ["учусь играть на укулеле, пальцы болят", "Это пройдёт, когда появятся мозоли. Не бросай."],
        ["думаю продать машину и ездить на велике", "Зависит от дороги. Далеко до работы?", "где-то {km} км", "Вполне реально, особенно на электровелосипеде."],
        ["от {sn_gen} пришёл плейлист, сплошной синти-поп восьмидесятых", "Атмосферно. Под него работается?"],
        ["к стоматологу {sd}, уже боюсь", "Держу кулачки за быстрый осмотр."],
        ["на свадьбе у {sn_gen} будет кавер-группа, которая играет только ABBA", "Честно, звучит как весёлая свадьба."],
        ["базилик засох. не понимаю, что не так", "Базилик капризный — обычно дело в переливе."],
        ["{cat} решил, что клавиатура — его кровать", "Классика. Может, поставить рядом коробку?"],
        ["первый раз на скалодроме, руки как желе", "Предплечья быстро привыкают. Понравилось?", "очень", "Значит, затянет."],
        ["полвечера провели в виниловом магазине в {sp_pre}", "Нашли что-нибудь интересное?"],
        ["аллергия в этом году зверская", "Сочувствую. Антигистаминные хоть помогают?"],
        ["сестре выписали штраф за парковку прямо у моего дома 🙄", "Обидно. Знаки там вообще видно?"],
        ["грузовик для переезда заказан на {sd}", "Отлично, одним делом меньше."],
        ["вяжу шарф, уже {cm} см и слегка кривой", "Кривые шарфы греют не хуже."],
        ["проезжали мимо {sp_gen}, вид невероятный", "В следующий раз стоит остановиться."],
        ["вечером репетиция хора, поём что-то на латыни", "Солидно. Сложно учить?"],
        ["почти не спали: соседи сверху в полночь двигали мебель", "Двигать мебель в полночь надо запретить."],
        ["меня позвали свидетелем на свадьбу к {sn_dat}", "Это честь! Поздравляю."],
        ["наконец починили кран, понадобилось всего {vids} роликов на ютубе", "Упорство окупилось. Молодцы."],
        ["{dog} стащил носок и сделал круг почёта", "Кража носков — любимый спорт собак."],
        ["пытаюсь проходить 10 тысяч шагов в день, не выходит", "Даже половина — уже лучше, чем ничего."],
        ["купили б/у пианино, не знаем, куда ставить", "Вечная проблема пианино. В прихожую?"],
        ["в новой квартире есть ванна, я отсюда не уеду", "Ванна — серьёзный апгрейд."],
        ["были на джазе в {sp_pre}", "Звучит здорово. Народу много?", "мало, но шумно", "Лучший вариант."],
        ["цепь на велике порвалась по дороге домой", "Ой. Пришлось катить пешком?"],
        ["у {sn_gen} помолвка {sd}, надо придумать подарок", "Может, что-то для нового дома?"],
        ["завели закваску, пахнет странно", "Говорят, поначалу это нормально."],
        ["читаю детектив, действие в {sp_pre}, не оторваться", "Это лучшие. Без спойлеров!"],
    ],
    "kinds": {
        "lead": {
            "label": ["руководитель", "лид"],
            "clause": ["{P_acc} ведёт {v}", "{P_acc} отдаём {v_dat}", "за {P_acc} отвечает {v}",
                       "лидом на {P_pre} будет {v}"],
            "passive": ["{P_acc} поручили {v_dat}", "руководство {P_ins} передано {v_dat}",
                        "решено, что {P_acc} ведёт {v}"],
            "asks": [("Кто в итоге ведёт {P_acc}?", ["{v}", "{v}, с понедельника", "{v}, кто же ещё"]),
                     ("Кому отдали {P_acc}?", ["{v_dat}", "{v_dat} 🙂", "{v_dat}, вчера решили"])],
            "announce": [("с руководителем {P_gen} наконец определились", "О, и кто?"),
                         ("по {P_dat} есть лид!", "Кто?")],
            "selfq": ["кто ведёт {P_acc}? {v}. всё, решено", "кому отдать {P_acc}... {v_dat}, как и думали"],
            "q": ["Кто руководит проектом {PQ}?"],
        },
        "client": {
            "label": ["заказчик", "клиент"],
            "clause": ["заказчик по {P_dat} — {v}", "{P_acc} делаем для {v_gen}",
                       "с {v_ins} подписали договор по {P_dat}", "клиент у {P_gen} — {v}"],
            "passive": ["договор по {P_dat} подписан с {v_ins}", "{P} делается по заказу {v_gen}"],
            "asks": [("Для кого вообще {P}?", ["для {v_gen}", "{v}", "для {v_gen}, они и платят"]),
                     ("Кто заказчик {P_gen}?", ["{v}", "{v}, подписали на днях"])],
            "announce": [("по {P_dat} наконец есть заказчик", "Отлично. Кто?"),
                         ("клиент для {P_gen} подтвердился!", "Кто именно?")],
            "selfq": ["кто платит за {P_acc}? {v}. подписано", "для кого {P}? для {v_gen}, официально"],
            "q": ["Кто заказчик проекта {PQ}?"],
        },
        "budget": {
            "label": ["бюджет"],
            "clause": ["бюджет {P_gen} — {v}", "на {P_acc} выделили {v}", "по {P_dat} у нас {v}",
                       "{P_acc} укладываем в {v}"],
            "passive": ["бюджет {P_gen} утверждён: {v}", "на {P_acc} заложено {v}",
                        "бюджет по {P_dat} согласован в размере {v}"],
            "asks": [("Сколько денег на {P_acc}?", ["{v}", "{v}, и ни рублём больше", "{v} на всё"]),
                     ("Какой бюджет у {P_gen}?", ["{v}", "{v} 😅"])],
            "announce": [("финансы наконец ответили по бюджету {P_gen}", "И сколько?"),
                         ("есть цифра по {P_dat}", "Какая?")],
            "selfq": ["сколько у нас на {P_acc}? {v}. негусто", "бюджет {P_gen}... {v}, утвердили"],
            "q": ["Какой бюджет у проекта {PQ}?"],
        },
        "launch_date": {
            "label": ["дата запуска"],
            "clause": ["{P_acc} запускаем {v}", "запуск {P_gen} — {v}", "{P} выходит в прод {v}",
                       "старт {P_gen} назначили на {v}"],
            "passive": ["запуск {P_gen} назначен на {v}", "решено запускать {P_acc} {v}",
                        "дата запуска {P_gen} утверждена: {v}"],
            "asks": [("Когда запускаем {P_acc}?", ["{v}", "{v}, если ничего не сломается", "{v} 🤞"]),
                     ("Дата запуска {P_gen} есть?", ["есть, {v}", "{v}"])],
            "announce": [("у {P_gen} появилась дата запуска", "Наконец-то. Когда?"),
                         ("с запуском {P_gen} определились", "И на когда?")],
            "selfq": ["когда запуск {P_gen}? {v}. обвёл в календаре", "{P} в прод... {v}, не позже"],
            "q": ["Когда запуск проекта {PQ}?"],
        },
        "hosting_city": {
            "label": ["город хостинга"],
            "clause": ["{P_acc} хостим в {v_pre}", "серверы {P_gen} стоят в {v_pre}",
                       "хостинг {P_gen} будет в {v_pre}", "{P} поедет в дата-центр в {v_pre}"],
            "passive": ["{P_acc} решено разместить в {v_pre}", "площадка для {P_gen} выбрана в {v_pre}",
                        "хостинг {P_gen} согласован: {v}"],
            "asks": [("Где будем хостить {P_acc}?", ["в {v_pre}", "{v}", "в {v_pre}, ближе к пользователям"]),
                     ("В каком городе серверы {P_gen}?", ["{v}", "в {v_pre}"])],
            "announce": [("с хостингом {P_gen} решили", "И где?"),
                         ("выбрали город для серверов {P_gen}", "Какой?")],
            "selfq": ["где хостим {P_acc}? в {v_pre}. юристы не против", "серверы {P_gen}... {v}, окончательно"],
            "q": ["В каком городе хостится проект {PQ}?"],
        },
        "rejected_reason": {
            "label": ["причина отказа от {opt}"],
            "clause": ["{opt} для {P_gen} отклонили: {v}", "от {opt} в {P_pre} отказались, потому что {v}",
                       "{opt} в {P_acc} не берём — {v}"],
            "passive": ["{opt} для {P_gen} отклонён: {v}", "от {opt} по {P_dat} решено отказаться — {v}"],
            "asks": [("А почему {opt} не подошёл для {P_gen}?", ["{v_short}", "{v}, если коротко"]),
                     ("Чем не угодил {opt} по {P_dat}?", ["{v_short}", "да {v}"])],
            "announce": [("{opt} для {P_gen} всё, не берём", "А что не так?"),
                         ("по {P_dat} вычеркнули {opt}", "Почему?")],
            "selfq": ["почему не {opt} для {P_gen}? {v}. вот и всё",
                      "чем плох {opt}... {v_short}, для {P_gen} это критично"],
            "terse": ["{opt} ✗ ({P}) — {v_short}", "{P}: {opt} отклонён, {v_short}"],
            "bare": ["{v_short}", "{v}"],
            "rb_prompt": ["напомни, почему по {P_dat} отказались от {opt}?",
                          "глянь в записях, что там с {opt} для {P_gen}"],
            "q": ["Почему для проекта {PQ} отказались от {opt}?"],
        },
        "vendor": {
            "label": ["поставщик", "подрядчик"],
            "clause": ["поставщик по {P_dat} — {v}", "для {P_gen} берём {v_acc}", "{P_acc} делаем с {v_ins}",
                       "на {P_acc} выбрали {v_acc}"],
            "passive": ["контракт по {P_dat} отдан {v_dat}", "решено закупаться для {P_gen} у {v_gen}"],
            "asks": [("С каким подрядчиком в итоге идём по {P_dat}?", ["с {v_ins}", "{v}", "с {v_ins}, они дешевле всех"]),
                     ("Кого выбрали поставщиком для {P_gen}?", ["{v_acc}", "{v}"])],
            "announce": [("мы наконец выбрали поставщика для {P_gen}", "И кого?"),
                         ("тендер по {P_dat} закрыли", "Кто выиграл?")],
            "selfq": ["кто поставщик по {P_dat}? {v}. договор на следующей неделе",
                      "у кого берём для {P_gen}... у {v_gen}, без вариантов"],
            "q": ["Какого поставщика выбрали для проекта {PQ}?"],
        },
        "design_owner": {
            "label": ["дизайнер", "ответственный за дизайн"],
            "clause": ["дизайн {P_gen} на {v_pre}", "за UX в {P_pre} отвечает {v}", "макеты по {P_dat} рисует {v}",
                       "дизайн {P_gen} отдаём {v_dat}"],
            "passive": ["дизайн {P_gen} поручили {v_dat}", "UX по {P_dat} закреплён за {v_ins}"],
            "asks": [("Кто рисует {P_acc}?", ["{v}", "{v}, с понедельника"]),
                     ("На ком дизайн {P_gen}?", ["на {v_pre}", "на {v_pre}, договорились"])],
            "announce": [("нашли дизайнера на {P_acc}", "Кого?"),
                         ("с UX по {P_dat} решилось", "Кто будет?")],
            "selfq": ["кто делает макеты {P_gen}? {v}. да, серьёзно",
                      "дизайн {P_gen}... на {v_pre}, с руководителем согласовано"],
            "q": ["Кто отвечает за дизайн проекта {PQ}?"],
        },
        "demo_date": {
            "label": ["дата демо"],
            "clause": ["демо {P_gen} — {v}", "показываем {P_acc} {v}", "демо по {P_dat} назначили на {v}",
                       "{P_acc} покажем заказчику {v}"],
            "passive": ["демо {P_gen} назначено на {v}", "показ {P_gen} запланирован на {v}"],
            "asks": [("Когда демо {P_gen}?", ["{v}", "{v}, с утра", "{v} 🙏"]),
                     ("Дату демо по {P_dat} уже знаем?", ["да, {v}", "{v}"])],
            "announce": [("у демо {P_gen} есть дата", "Какая?"),
                         ("забронировал демо по {P_dat}", "На какой день?")],
            "selfq": ["когда показываем {P_acc}? {v}. в большой переговорке", "демо {P_gen}... {v}, не опаздывать"],
            "q": ["Когда демо проекта {PQ}?"],
        },
        "seat_price": {
            "label": ["цена за место"],
            "clause": ["место в {P_pre} стоит {v}", "лицензия {P_gen} — {v} за место",
                       "за одно место по {P_dat} платим {v}", "{P} обходится в {v} за пользователя"],
            "passive": ["цена места в {P_pre} зафиксирована: {v}",
                        "стоимость лицензии {P_gen} согласована — {v} за место"],
            "asks": [("Почём место в {P_pre}?", ["{v}", "{v} в месяц", "{v}, со скидкой"]),
                     ("Сколько стоит лицензия {P_gen} на человека?", ["{v}", "{v} 👌"])],
            "announce": [("договорились о цене за место в {P_pre}", "И сколько вышло?"),
                         ("пришли цены на места в {P_pre}", "Какие?")],
            "selfq": ["сколько за место в {P_pre}? {v}. терпимо", "место в {P_pre}... {v}, после торга"],
            "q": ["Сколько стоит одно место в проекте {PQ}?"],
        },
        "language": {
            "label": ["язык"],
            "clause": ["{P_acc} пишем на {v}", "бэкенд {P_gen} — {v}", "для {P_gen} выбрали {v}",
                       "стек у {P_gen}: {v}"],
            "passive": ["{P_acc} решено писать на {v}", "язык {P_gen} утверждён — {v}"],
            "asks": [("На чём будем писать {P_acc}?", ["на {v}", "{v}", "на {v}, команда его знает"]),
                     ("Какой язык у {P_gen}?", ["{v}", "{v} 🙂"])],
            "announce": [("спор про язык для {P_gen} закончился", "И кто победил?"),
                         ("выбрали язык для {P_gen}", "Какой?")],
            "selfq": ["на чём пишем {P_acc}? на {v}. окончательно", "язык для {P_gen}... {v}, из-за найма"],
            "q": ["На каком языке программирования пишут проект {PQ}?"],
        },
        "sprint_weeks": {
            "label": ["длина спринта"],
            "clause": ["спринты в {P_pre} по {v_acc}", "в {P_pre} {v_adj} спринты", "длина спринта у {P_gen} — {v}",
                       "спринт по {P_dat} длится {v_acc}"],
            "passive": ["длина спринта в {P_pre} установлена: {v}",
                        "договорились, что спринты в {P_pre} длятся {v_acc}"],
            "asks": [("Какой длины будут спринты в {P_pre}?", ["{v}", "по {v_acc}", "{v}, как у всех"]),
                     ("Спринты по {P_dat} сколько длятся?", ["{v_acc}", "{v_acc} 👍"])],
            "announce": [("определились с длиной спринта в {P_pre}", "И какая?"),
                         ("ритм спринтов для {P_gen} выбрали", "Какой?")],
            "selfq": ["сколько длится спринт в {P_pre}? {v}. проще некуда",
                      "спринты по {P_dat}... {v_adj}, команда проголосовала"],
            "q": ["Какой длины спринты в проекте {PQ}?"],
        },
    },
}

RU_SPRINT = {
    1: {"nom": ["1 неделя", "одна неделя"], "acc": ["1 неделю", "одну неделю"], "gen": ["одной недели"],
        "adj": ["недельные"]},
    2: {"nom": ["2 недели", "две недели"], "acc": ["2 недели", "две недели"], "gen": ["двух недель"],
        "adj": ["двухнедельные"]},
    3: {"nom": ["3 недели", "три недели"], "acc": ["3 недели", "три недели"], "gen": ["трёх недель"],
        "adj": ["трёхнедельные"]},
    4: {"nom": ["4 недели", "четыре недели"], "acc": ["4 недели", "четыре недели"], "gen": ["четырёх недель"],
        "adj": ["четырёхнедельные"]},
}
# ---------------------------------------------------------------------------------------------
# Japanese
# ---------------------------------------------------------------------------------------------

JA: dict[str, Any] = {
    "projects": [("ツバキ", "カモメ"), ("白樺", "ホタル"), ("スズラン", "朱雀"), ("ミズナラ", "青嵐")],
    "people": ["佐々木", "高橋", "村上", "石田", "小野寺", "長谷川", "西村", "藤原", "中島", "松本",
               "岡田", "菊地", "原田", "今井", "大塚", "青木", "桜井", "野口"],
    "clients": ["北斗物産", "あおば銀行", "潮見電機", "カナメ保険", "白鷺交通", "東雲製薬", "千歳フーズ",
                "浜風ホーム", "若葉学園", "岩峰建設"],
    "vendors": ["テクノリンク", "ソラノ技研", "アマギシステム", "ミツバ工房", "クロスウェーブ", "ヒカリネット",
                "ナギサソフト", "ツクモデータ"],
    "cities": ["札幌", "仙台", "金沢", "福岡", "広島", "熊本", "松山", "新潟", "高松", "那覇", "盛岡", "長野"],
    "options": ["Firebase", "kintone", "Salesforce", "Airtable", "Heroku", "Supabase", "Retool", "Notion"],
    "reasons": [("オフラインで使えないこと", "オフライン非対応", ["オフライン"]),
                ("ライセンス費用が高すぎること", "ライセンス費用", ["ライセンス費用"]),
                ("日本語サポートがないこと", "日本語サポートなし", ["日本語サポート"]),
                ("データ所在地の要件を満たせないこと", "データ所在地", ["データ所在地"]),
                ("監査ログが取れないこと", "監査ログなし", ["監査ログ"]),
                ("API制限が厳しすぎること", "API制限", ["API制限"]),
                ("ベンダーロックインが怖いこと", "ロックイン", ["ロックイン"]),
                ("アクセシビリティが弱いこと", "アクセシビリティ", ["アクセシビリティ"])],
    "colleagues": ["山内", "工藤", "川島", "杉本", "平野", "坂口"],
    "small": {
        "sn": ["健太", "みさき", "悠斗", "ゆり", "大輔", "美穂", "翔"],
        "cat": ["ミケ", "モモ", "タマ"],
        "dog": ["コタロウ", "ポチ", "ハチ"],
        "sp": ["京都", "鎌倉", "箱根", "奈良", "函館", "日光", "軽井沢", "伊豆"],
        "hrs": ["5", "6", "7"], "boxes": ["33", "41", "57"], "km": ["7", "13", "16"],
        "cm": ["41", "57", "64"], "vids": ["13", "16", "33"],
        "band": ["スターリット", "夜明けのカラス", "ミッドナイト温泉"],
    },
    "ack": ["承知しました。", "メモしました。", "了解です、記録しておきます。", "わかりました。", "控えておきます。",
            "ありがとうございます、記録しました。"],
    "ack_fix": ["修正しました。", "更新しておきます。", "了解、書き換えました。", "承知しました、差し替えます。"],
    "confirm": ["そのとおり", "うん", "はい、合ってます", "そうそう", "合ってる！", "間違いないです"],
    "plain": ["{clause}", "{clause}。よろしくです", "ちなみに{clause}", "共有です、{clause}", "{clause}！"],
    "buried": [("朝から電車が止まってて今やっと席についた、", "。で、午後は経費精算地獄"),
               ("会議の合間にさっと…", "、あとはまたあとで"),
               ("メール整理中、ほぼどうでもいいやつだけど、", "、他は急ぎじゃない"),
               ("コーヒーこぼしてキーボードべたべた笑 それはさておき", "。ではまた"),
               ("今日はWi-Fiが不安定で何度も落ちる…とりあえず、", "、お昼行ってきます")],
    "terse": ["{P}の{lab}：{v}", "【{P}】{lab}→{v}", "{P}／{lab}＝{v}"],
    "pair": ["{a}。あと{b}", "{a}、それと{b}", "二点：{a}／{b}", "{a}。ついでに{b}"],
    "forward": ["{c}さんから連絡：{clause}", "{c}さん曰く、{clause}", "{c}さんが言うには{clause}って",
                "{c}さん経由で：{clause}"],
    "leadin": ["{P}の件ちょっといい？", "じゃあ{P}の話", "{P}について少し", "{P}に戻ります"],
    "bare": ["{v}", "{v}です", "{v}！"],
    "src": ["議事録", "メモ", "チケット", "昨日の議事録", "キックオフ資料"],
    "readback": ["{src}には「{clause}」と書いてあります。これで合っていますか？",
                 "{src}によると「{clause}」。間違いないですか？",
                 "{src}を確認しました：「{clause}」。このままで大丈夫ですか？"],
    "rb_prompt": ["{P}の{lab}、メモに何て書いてあったっけ？", "{P}の{lab}、確認してもらえる？",
                  "{lab}（{P}）って記録どうなってる？"],
    "fix_old": ["{P}の{lab}、{old}から{new}に切り替えます", "{old}は取りやめ、{P}の{lab}は{new}にします",
                "訂正：{P}の{lab}は{old}→{new}です"],
    "fix_new": ["やっぱり{P}の{lab}は{new}に", "{P}の{lab}、{new}に変わりました",
                "最新情報：{P}の{lab}は{new}で確定（前のは忘れてください）"],
    "fix_leadin": ["{P}の件、ちょっと確認", "{P}でひとつ", "また{P}の話です"],
    "fix_ask_old": ["{P}の{lab}は{old}のままで大丈夫ですか？", "念のため、{P}の{lab}は{old}で変わりないですか？"],
    "fix_reply_old": ["いえ、{new}になりました", "ううん、{new}に変わった", "それが{new}になったんです"],
    "fix_ask_any": ["{P}で何か変更はありますか？", "{P}、最近変わったことはありますか？"],
    "fix_reply_any": ["はい、{lab}が{new}になりました", "あります、{lab}は{new}に切り替え"],
    "oq": ["未決：{P}の英語版はリリース時に出す？後回し？",
           "{P}のモバイルアプリをフェーズ1に入れるかはまだ決めてない",
           "オープンな問題：{P}の個人情報レビューは誰が承認する？",
           "{P}に専用のステージング環境が要るかまだ不明",
           "{P}のデータ移行を週末一括でやるか分割でやるか未定",
           "保留中：{P}のダークモード、やる？やらない？",
           "{P}の旧APIを残すか切るか、まだ決まってない"],
    "oq_ack": ["未決事項として記録します。", "了解、保留にしておきます。", "オープンな課題として残しておきます。"],
    "ns": ["次のアクション：金曜までに{P}のワイヤーを法務に送る",
           "私の宿題：{P}のキックオフの招待を出す",
           "明日{P}のリスク一覧を下書きします",
           "決まり、次は{P}のセキュリティレビューを予約",
           "TODO：購買に{P}の契約書テンプレをもらう",
           "次：{P}のテスト計画を書いて月曜に共有"],
    "ns_ack": ["了解です、次のステップとして記録しました。", "いいですね、ネクストアクションに追加しました。",
               "承知しました、その流れで。"],
    "filler": [
        ["午後は{P}のバックログ整理", "頑張ってください。手伝えることがあれば言ってください。"],
        ["{P}の朝会、また長引いた", "よくありますね。何か重要なことは？", "いや、進捗報告だけ", "了解です。"],
        ["{P}の仕様書読み直してる、長い", "変更点だけ拾い読みするのはどうでしょう？"],
        ["{P}の件で打ち合わせしたけど何も決まらず", "では記録することはなさそうですね。"],
        ["{P}のスライド半分できた", "半分なら順調です。"],
        ["コーヒー飲まないと{P}のチケット開けない", "わかります。"],
        ["{P}のテスト環境がまた落ちてる", "困りますね。誰か対応してますか？", "インフラチームが1時間くらいって", "早く戻るといいですね。"],
        ["{P}の週次レポート書いてる", "短くまとめると読んでもらえますよ。"],
        ["明日は{P}の振り返り、お菓子持っていく", "お菓子があると振り返りが和みますね。"],
        ["今日は{P}関連の会議だらけ", "短い会議が多いといいですね。"],
        ["{P}のWikiを少し整理した", "未来の自分が感謝しますね。"],
        ["{P}のダッシュボード、やっと速くなった", "よかったです。"],
        ["誰かが{P}のSlackチャンネル名を全部変えてた笑", "混乱しますね。何か壊れました？", "私の指の記憶だけ", "すぐ慣れますよ。"],
    ],
    "smalltalk": [
        ["うちの猫の{cat}がクローゼットを開けられるようになった…もう何も安全じゃない", "賢い猫ちゃんですね。ストッパーを付けるといいかもしれません。"],
        ["土曜日に{sn}さんの引っ越しを手伝うことに。段ボール{boxes}箱らしい", "大変そうですね。ピザくらいは出してもらいましょう。", "ピザは交渉済み笑", "それなら安心ですね。"],
        ["陶芸教室に通い始めたけど、最初のお皿が帽子みたいになった", "最初はみんな帽子になります。だんだん上手くなりますよ。"],
        ["{sp}に行く途中、ずっと車からカチカチ音がしてた", "曲がるときだけですか？ずっとですか？", "ずっと。月曜に整備工場に持っていく", "大したことないといいですね。"],
        ["昨日{band}ってバンドのライブに行って、まだ耳がキーンとしてる", "楽しそうな夜ですね。良かったですか？"],
        ["ランニングのあと、また膝が痛む", "冷やして一日休むといいかもしれません。お大事に。"],
        ["友達の{sn}さんが{sd}に{sp}で結婚式！", "おめでとうございます！行かれるんですか？", "うん、しかもスピーチ担当😬", "きっと大丈夫、短く温かくがコツです。"],
        ["ベランダのトマトがやっと赤くなった", "自家製トマトは格別ですよね。"],
        ["昨日ボードゲームを{hrs}時間ぶっ通しでやった", "すごい集中力ですね。誰が勝ちました？", "いつも通り{sn}さん", "強い人っていますよね。"],
        ["週末に棚を取り付けたら、一つだけ傾いてる", "全部でいくつですか？", "二つ", "成功率五割、上出来です。"],
        ["新しいお隣さんのオウムが一日中「こんにちは」って言ってる", "かわいいか、気が狂うか、どちらかですね。"],
        ["散歩代行がキャンセルになったので、{dog}と公園を大回りしてきた", "{dog}くん、大喜びだったでしょうね。"],
        ["引っ越しの荷解きがまだ終わらない。トースターが「本」の箱から出てきた", "引っ越しあるあるですね。"],
        ["ウクレレ練習中、指が痛い", "指が慣れれば楽になりますよ。続けてください。"],
        ["車を売って自転車通勤にしようか迷ってる", "距離次第ですね。どのくらいですか？", "{km}キロくらい", "電動アシストなら十分いけますね。"],
        ["{sn}さんおすすめのプレイリスト、全部80年代シンセ", "雰囲気ありますね。作業がはかどりそう。"],
        ["{sd}に歯医者…もう憂鬱", "早く終わるといいですね。"],
        ["{sn}さんの結婚式のバンド、ABBAのカバーしかやらないらしい", "正直、楽しそうな結婚式です。"],
        ["バジルが枯れた。何がいけなかったんだろう", "バジルは繊細なので、水のやりすぎが多いです。"],
        ["{cat}がキーボードを自分のベッドだと思ってる", "あるあるですね。横に箱を置いてみては？"],
        ["ボルダリングジム初挑戦、腕がもうガクガク", "前腕はすぐ慣れますよ。楽しかったですか？", "めちゃくちゃ楽しかった", "それはハマりますね。"],
        ["{sp}のレコード屋で夜まで過ごした", "いいもの見つかりました？"],
        ["今年の花粉、ほんとにひどい", "つらいですね。薬は効いていますか？"],
        ["妹の車がうちの前で駐禁切られた🙄", "それは災難。標識わかりにくかったんですか？"],
        ["引っ越しのトラック、{sd}で予約できた", "一つ片付きましたね。"],
        ["マフラー編んでて、いま{cm}センチ。ちょっと歪んでる", "歪んでいても暖かさは同じです。"],
        ["帰りに{sp}の近くを通ったら景色が最高だった", "次は寄ってみてもいいですね。"],
        ["今夜は合唱の練習、ラテン語の曲", "本格的ですね。覚えるの大変ですか？"],
        ["上の階の人が夜中に家具を動かしてて寝不足", "夜中の模様替えは勘弁してほしいですね。"],
        ["{sn}さんの結婚式で受付を頼まれた", "信頼されてますね！"],
        ["水漏れしてた蛇口、やっと直った。YouTube{vids}本見た", "粘り勝ちですね。お見事。"],
        ["{dog}が靴下を盗んで勝利の一周してた", "靴下泥棒は犬の大好きな競技ですね。"],
        ["一日一万歩を目指してるけど全然届かない", "半分でも十分意味ありますよ。"],
        ["中古のピアノを買ったけど置き場所がない", "ピアノあるあるですね。廊下とか？"],
        ["新居にお風呂がついてて、もう出たくない", "お風呂は大きいですよね。"],
        ["{sp}でジャズのライブに行ってきた", "いいですね。お客さん多かったですか？", "少なめだけど盛り上がってた", "一番いい雰囲気ですね。"],
        ["帰り道で自転車のチェーンが切れた", "うわ、押して帰ったんですか？"],
        ["{sn}さんの婚約パーティーが{sd}、プレゼント考えなきゃ", "新居で使えるものはどうでしょう？"],
        ["サワードウのスターター作ってみたけど匂いがすごい", "最初はそういうものらしいですよ。"],
        ["{sp}が舞台のミステリー読んでて止まらない", "それは最高ですね。ネタバレなしで！"],
    ],
    "kinds": {
        "lead": {
            "label": ["リーダー", "責任者"],
            "clause": ["{P}のリーダーは{v}です", "{P}は{v}が仕切ることになった", "{P}をまとめるのは{v}",
                       "{P}の責任者は{v}で決まり"],
            "passive": ["{P}のリーダーには{v}が任命されました", "{P}は{v}に任されることになりました"],
            "asks": [("{P}のリーダーは結局どなたになりましたか？", ["{v}", "{v}です", "{v}になった！"]),
                     ("{P}は誰が仕切るんでしたっけ？", ["{v}", "{v}だよ"])],
            "announce": [("{P}のリーダー、やっと決まった", "おお、どなたですか？"),
                         ("{P}の責任者問題、決着しました", "誰になりました？")],
            "selfq": ["{P}のリーダーは？→{v}。これで確定", "{P}誰が見るの問題…{v}で決まりました"],
            "q": ["{P}のリーダーは誰ですか？"],
        },
        "client": {
            "label": ["クライアント"],
            "clause": ["{P}のクライアントは{v}", "{P}は{v}向けの案件です", "{v}と{P}の契約を結びました",
                       "{P}の発注元は{v}"],
            "passive": ["{P}は{v}から正式に発注されました", "{P}の契約は{v}との間で締結されました"],
            "asks": [("{P}のクライアントってどこでしたっけ？", ["{v}", "{v}です", "{v}。大口です"]),
                     ("{P}はどこ向けですか？", ["{v}向け", "{v}"])],
            "announce": [("{P}のクライアント、正式に決まりました", "どちらですか？"),
                         ("{P}、発注元が確定した", "どこになりました？")],
            "selfq": ["{P}のお客さんは？{v}。昨日サイン済み", "{P}の発注元…{v}で正式決定"],
            "q": ["{P}のクライアントはどこですか？"],
        },
        "budget": {
            "label": ["予算"],
            "clause": ["{P}の予算は{v}", "{P}には{v}つきました", "{P}は{v}でやります", "{P}の予算枠は{v}"],
            "passive": ["{P}の予算は{v}で承認されました", "{P}には{v}が割り当てられました"],
            "asks": [("{P}の予算はいくらになりましたか？", ["{v}", "{v}です", "{v}。これ以上は無理"]),
                     ("{P}、予算どれくらい？", ["{v}", "{v}くらい"])],
            "announce": [("経理から{P}の予算の回答来た", "いくらでした？"),
                         ("{P}の予算、数字出ました", "どうでした？")],
            "selfq": ["{P}の予算は？{v}。以上", "{P}いくら使えるか…{v}、承認済み"],
            "q": ["{P}の予算はいくらですか？"],
        },
        "launch_date": {
            "label": ["リリース日"],
            "clause": ["{P}のリリースは{v}", "{P}は{v}に公開します", "{v}に{P}をローンチ",
                       "{P}の本番リリース日は{v}"],
            "passive": ["{P}のリリースは{v}に設定されました", "{P}は{v}公開予定とされています"],
            "asks": [("{P}はいつリリースですか？", ["{v}", "{v}です", "{v}、何もなければ"]),
                     ("{P}のリリース日、決まりました？", ["はい、{v}", "{v}"])],
            "announce": [("{P}のリリース日が決まったよ", "いつですか？"),
                         ("{P}の本番日、確定しました", "何日になりました？")],
            "selfq": ["{P}のリリースはいつ？{v}。カレンダーに入れた", "{P}の公開…{v}、これ以上は延ばさない"],
            "q": ["{P}のリリース日はいつですか？"],
        },
        "hosting_city": {
            "label": ["ホスティング先"],
            "clause": ["{P}は{v}でホスティングします", "{P}のサーバーは{v}に置く", "{P}のホスティング先は{v}",
                       "{P}は{v}のデータセンターで動かす"],
            "passive": ["{P}のサーバーは{v}に設置されることになりました", "{P}のホスティングは{v}と決定されました"],
            "asks": [("{P}はどこでホスティングしますか？", ["{v}", "{v}です", "{v}、遅延の関係で"]),
                     ("{P}のサーバーってどの都市？", ["{v}", "{v}だよ"])],
            "announce": [("{P}のホスティング先、決まりました", "どちらに？"),
                         ("{P}のサーバーの場所、決着", "どこになりました？")],
            "selfq": ["{P}のサーバーはどこ？{v}。法務もOK", "{P}のホスティング…{v}で確定"],
            "q": ["{P}はどの都市でホスティングされていますか？"],
        },
        "rejected_reason": {
            "label": ["{opt}不採用の理由"],
            "clause": ["{P}で{opt}を見送った理由は{v}", "{opt}は{P}では不採用、理由は{v}",
                       "{P}に{opt}を使わないのは{v}が原因"],
            "passive": ["{P}では{opt}は{v}を理由に却下されました", "{opt}は{P}の候補から外されました。{v}が理由です"],
            "asks": [("{P}で{opt}を見送った理由って何でしたっけ？", ["{v_short}", "{v_short}です", "{v}ですね"]),
                     ("{opt}は{P}でなぜダメだったんですか？", ["{v_short}", "{v_short}だから"])],
            "announce": [("{P}で{opt}はナシになりました", "何が問題でした？"),
                         ("{opt}、{P}では正式に不採用", "理由は？")],
            "selfq": ["なんで{P}で{opt}じゃないの？{v_short}。それだけ", "{opt}の何がダメか…{v}、{P}には致命的"],
            "terse": ["{opt}×（{P}）：{v_short}", "【{P}】{opt}不採用→{v_short}"],
            "bare": ["{v_short}", "{v_short}です"],
            "rb_prompt": ["{P}で{opt}を見送った理由、メモに何て書いてあった？", "{opt}が{P}でダメだった理由、確認できる？"],
            "q": ["{P}で{opt}が採用されなかった理由は何ですか？"],
        },
        "vendor": {
            "label": ["ベンダー", "委託先"],
            "clause": ["{P}のベンダーは{v}", "{P}は{v}にお願いすることにした", "{P}の発注先は{v}で決まり",
                       "{v}が{P}のコンペに勝った"],
            "passive": ["{P}の委託先として{v}が選定されました", "{P}の開発は{v}に発注されました"],
            "asks": [("{P}のベンダー、最終的にどこにしました？", ["{v}", "{v}です", "{v}、一番安かった"]),
                     ("{P}はどこに外注するんでしたっけ？", ["{v}", "{v}に"])],
            "announce": [("{P}のベンダー、ようやく決めました。", "どこにしたんですか？"),
                         ("{P}のコンペ、終わった", "どこが勝ちました？")],
            "selfq": ["{P}の委託先は？{v}。契約は来週", "{P}どこに頼むか…{v}で決まり"],
            "q": ["{P}で選ばれたベンダーはどこですか？"],
        },
        "design_owner": {
            "label": ["デザイン担当"],
            "clause": ["{P}のデザインは{v}が担当", "{P}のUXは{v}にお願いした", "{P}の画面設計は{v}",
                       "{v}が{P}のデザイン担当"],
            "passive": ["{P}のデザインは{v}に割り当てられました", "{P}のUX担当には{v}が指名されました"],
            "asks": [("{P}のデザインはどなたが担当しますか？", ["{v}", "{v}です", "{v}、来週から"]),
                     ("{P}のUX誰だっけ？", ["{v}", "{v}だよ"])],
            "announce": [("{P}のデザイナー見つかった", "どなたですか？"),
                         ("{P}のUX担当、決まりました", "誰になりました？")],
            "selfq": ["{P}のデザインは誰？{v}。本当に", "{P}の画面…{v}が担当、上長も了承済み"],
            "q": ["{P}のデザイン担当は誰ですか？"],
        },
        "demo_date": {
            "label": ["デモ日"],
            "clause": ["{P}のデモは{v}", "{v}に{P}をデモします", "{P}のデモ日は{v}", "{P}は{v}にお客さんに見せる"],
            "passive": ["{P}のデモは{v}に設定されました", "{P}のデモ会は{v}開催とされています"],
            "asks": [("{P}のデモはいつですか？", ["{v}", "{v}です", "{v}の午前"]),
                     ("{P}のデモ日程、出ました？", ["はい、{v}", "{v}"])],
            "announce": [("{P}のデモ、日程決まった", "いつですか？"),
                         ("{P}のデモ枠押さえました", "何日ですか？")],
            "selfq": ["{P}のデモはいつ？{v}。大会議室で", "{P}のデモ…{v}、遅刻厳禁"],
            "q": ["{P}のデモはいつですか？"],
        },
        "seat_price": {
            "label": ["席単価", "1席あたりの価格"],
            "clause": ["{P}は1席あたり{v}", "{P}のライセンスは1ユーザー{v}", "{P}の席単価は{v}", "{P}は月{v}/席"],
            "passive": ["{P}の1席あたりの価格は{v}に設定されました", "{P}のライセンス単価は{v}で合意されました"],
            "asks": [("{P}の1席あたりの価格はいくらですか？", ["{v}", "{v}です", "{v}、割引後で"]),
                     ("{P}、席単価いくら？", ["{v}", "{v}だった"])],
            "announce": [("{P}の席単価、交渉まとまった", "いくらになりました？"),
                         ("{P}のライセンス価格が出た", "おいくらですか？")],
            "selfq": ["{P}の1席いくら？{v}。悪くない", "{P}の単価…{v}、値切った結果"],
            "q": ["{P}の1席あたりの価格はいくらですか？"],
        },
        "language": {
            "label": ["開発言語"],
            "clause": ["{P}は{v}で書きます", "{P}の開発言語は{v}", "{P}のバックエンドは{v}", "{P}は{v}で実装する"],
            "passive": ["{P}の開発言語は{v}に決定されました", "{P}は{v}で開発されることになりました"],
            "asks": [("{P}は何の言語で書く予定ですか？", ["{v}", "{v}です", "{v}、チームが慣れてるので"]),
                     ("{P}の言語って何にしたっけ？", ["{v}", "{v}にした"])],
            "announce": [("{P}の言語論争、決着しました", "どれが勝ちました？"),
                         ("{P}の開発言語、決めました", "何にしたんですか？")],
            "selfq": ["{P}は何で書く？{v}。これで決定", "{P}の言語…{v}、採用のしやすさで"],
            "q": ["{P}の開発言語は何ですか？"],
        },
        "sprint_weeks": {
            "label": ["スプリントの長さ"],
            "clause": ["{P}のスプリントは{v}", "{P}は{v}スプリントで回す", "{P}のスプリント期間は{v}",
                       "{P}は{v}ごとにスプリントを切る"],
            "passive": ["{P}のスプリントは{v}に設定されました", "{P}は{v}スプリントで運用することになりました"],
            "asks": [("{P}のスプリントの長さはどうしますか？", ["{v}", "{v}です", "{v}、みんなと同じで"]),
                     ("{P}、スプリント何週？", ["{v}", "{v}で"])],
            "announce": [("{P}のスプリントの長さ決めた", "どのくらいにしました？"),
                         ("{P}のスプリント周期、決着", "何週間ですか？")],
            "selfq": ["{P}のスプリントは？{v}。シンプルに", "{P}のスプリント…{v}、チームの投票で"],
            "q": ["{P}のスプリントの長さは何週間ですか？"],
        },
    },
}

JA_SPRINT = {1: ["1週間", "一週間"], 2: ["2週間", "二週間"], 3: ["3週間", "三週間"], 4: ["4週間", "四週間"]}
# ---------------------------------------------------------------------------------------------
# Building the bank
# ---------------------------------------------------------------------------------------------

LANG_DATA: dict[str, dict[str, Any]] = {"en": EN, "ru": RU, "ja": JA}
CASES = ("gen", "dat", "acc", "ins", "pre")
FACT_DAYS = (4, 9, 12, 17, 19, 23, 26, 28)      # days of the month a fact's date may fall on
SMALL_DAYS = (2, 6, 11, 15, 21, 25, 27)         # days of the month small talk may mention
WENT_WITH = {"vendor", "language", "hosting_city"}   # kinds "we went with X" fits
TAIL_MIN = 40                                    # the last messages are all small talk


@dataclass
class Val:
    """One value: the accepted answers and the surface forms the text says it in."""

    answers: list[str]
    forms: dict[str, list[str]]
    extra: list[str] = field(default_factory=list)   # further forms said in the text (Russian)

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
    key: str                 # "p0:lead"
    project: int
    kind: str
    shape: str
    value: Val
    opt: str | None = None   # the rejected option, for rejected_reason
    new: Val | None = None   # the corrected value, if corrected
    fix_style: str | None = None
    own: set[int] = field(default_factory=set)       # message indices of the fact's messages
    fix_at: int | None = None                         # first message of the correction


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
        self.pools["languages"] = rng.sample(LANGUAGES, len(LANGUAGES))
        self.pools["sprint"] = rng.sample([1, 2, 3, 4], 4)
        self.pools["budget"] = rng.sample(BUDGETS[lang], len(BUDGETS[lang]))
        self.pools["price"] = rng.sample(PRICES[lang], len(PRICES[lang]))
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
                mon = EN_MONTHS[m - 1]
                a = [f"{d} {mon}", f"{mon} {d}"]
                return Val(a, {"nom": a})
            if lang == "ru":
                a = [f"{d} {RU_MONTHS_GEN[m - 1]}", f"{d:02d}.{m:02d}"]
                return Val(a, {"nom": [a[0], a[0], a[1]]})
            a = [f"{m}月{d}日", f"{m}/{d}"]
            return Val(a, {"nom": [a[0], a[0], a[1]]})
        if kind == "budget":
            b = self._take("budget")
            if lang == "en":
                word = CUR_WORD[self.cur]
                return Val([f"{b}k", f"{b},000"],
                           {"nom": [f"{self.cur}{b}k", f"{self.cur}{b}k", f"{b}k {word}",
                                    f"{self.cur}{b},000"]})
            if lang == "ru":
                if "млн" in b:
                    return Val([b, b.replace(",", ".")], {"nom": [f"{b} ₽", f"{b} рублей", b]})
                n = b.split()[0]
                return Val([f"{n} тыс", f"{n} тысяч"], {"nom": [f"{n} тыс. ₽", f"{n} тысяч", f"{n} тыс."]})
            return Val(_dedupe([f"{b:,}万", f"{b}万"]), {"nom": [f"{b:,}万円", f"{b:,}万円", f"{b:,}万"]})
        if kind == "seat_price":
            p = self._take("price")
            if lang == "en":
                word = CUR_WORD[self.cur]
                return Val([f"{self.cur}{p}", f"{p} {word}"],
                           {"nom": [f"{self.cur}{p}", f"{self.cur}{p}", f"{p} {word}"]})
            if lang == "ru":
                return Val([f"{p} ₽", f"{p} рублей", f"{p} руб"],
                           {"nom": [f"{p} ₽", f"{p} рублей", f"{p} руб."]})
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
                forms = {k: list(v) for k, v in RU_SPRINT[n].items()}
                return Val(list(forms["nom"]), forms)
            return Val(list(JA_SPRINT[n]), {"nom": list(JA_SPRINT[n])})
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


LANGUAGES = ["Kotlin", "Rust", "Elixir", "Scala", "TypeScript", "Dart", "Clojure", "OCaml", "Haskell",
             "Erlang", "Zig", "C#"]
CUR_WORD = {"€": "euros", "$": "dollars", "£": "pounds"}
BUDGETS: dict[str, list[Any]] = {
    "en": [48, 65, 72, 90, 110, 135, 160, 185, 220, 240, 275, 310, 380, 450],
    "ru": ["1,2 млн", "1,8 млн", "2,4 млн", "3,5 млн", "4,7 млн", "6,3 млн", "650 тыс", "780 тыс", "940 тыс"],
    "ja": [350, 480, 620, 750, 900, 1200, 1600, 2300],
}
PRICES: dict[str, list[Any]] = {
    "en": [9, 12, 14, 19, 23, 27, 31, 38, 45],
    "ru": [900, 1100, 1250, 1450, 1700, 2100, 2600, 3200],
    "ja": [980, 1200, 1500, 1800, 2400, 3000, 3600],
}


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
        groups = [omit[i * 3:(i + 1) * 3] for i in range(8)]
        if all(len(set(g)) == 3 for g in groups):
            break
    slots = [[k for k in FACTS if k not in groups[s]] for s in range(8)]
    while True:
        shape: dict[tuple[int, str], str] = {}
        for k in FACTS:
            holders = [s for s in range(8) if k in slots[s]]
            for s, sh in zip(holders, rng.sample(list(SHAPES), len(holders)), strict=True):
                shape[(s, k)] = sh
        pairs = [sum(shape[(s, k)] == "pair" for s in (2 * d, 2 * d + 1) for k in slots[s])
                 for d in range(4)]
        if all(p % 2 == 0 for p in pairs):
            break
    return [[(s % 2, k, shape[(s, k)]) for s in (2 * d, 2 * d + 1) for k in slots[s]]
            for d in range(4)]


# ---------------------------------------------------------------------------------------------
# One dialog
# ---------------------------------------------------------------------------------------------

@dataclass
class Unit:
    lines: list[tuple[str, str]]          # (role, text)
    tag: str | None = None
    facts: list[str] = field(default_factory=list)
    fix_of: str | None = None             # the fact this unit corrects


class DialogBuilder:
    def __init__(self, lang: str, number: int, plants: list[tuple[int, str, str]], rng: random.Random,
                 shared: dict[str, list[Any]]):
        self.lang, self.number, self.rng = lang, number, rng
        self.L = LANG_DATA[lang]
        self.K = self.L["kinds"]
        self.projects = self.L["projects"][number]
        self.start = datetime(2026, rng.randint(2, 7), rng.randint(1, 20), tzinfo=UTC)
        self.values = Values(lang, rng, self.start.month)
        self.facts: dict[str, Fact] = {}
        self._left: dict[str, list[Any]] = {}
        self._shared = shared   # correction wordings cycle over the language's four dialogs
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
        return fill(self.pick(f.kind + ":clause", self.K[f.kind]["clause"]), self.fact_ctx(f, value), self.rng)

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
            lines = [("user", fill(self.pick("plain", L["plain"]), {**ctx, "clause": self.clause(f)}, rng)),
                     ("assistant", self.ack())]
        elif shape == "passive":
            passive = fill(self.pick(f.kind + ":passive", K["passive"]), ctx, rng)
            lines = [("user", fill(self.pick("plain", L["plain"]), {"clause": passive}, rng)),
                     ("assistant", self.ack())]
        elif shape == "buried":
            pre, post = self.pick("buried", L["buried"])
            lines = [("user", pre + self.clause(f) + post), ("assistant", self.ack())]
        elif shape == "terse":
            lines = [("user", fill(self.pick(f.kind + ":terse", K.get("terse") or L["terse"]), ctx, rng)),
                     ("assistant", self.ack())]
        elif shape == "forward":
            col = self.pick("colleagues", L["colleagues"])
            cc = {"c": col[0], "c_gen": col[1]} if self.lang == "ru" else {"c": col}
            lines = [("user", fill(self.pick("forward", L["forward"]), {**ctx, **cc, "clause": self.clause(f)}, rng)),
                     ("assistant", self.ack())]
        elif shape == "selfqa":
            lines = [("user", fill(self.pick(f.kind + ":selfq", K["selfq"]), ctx, rng)), ("assistant", self.ack())]
        elif shape == "reply":
            ask, bares = self.pick(f.kind + ":asks", K["asks"])
            lines = [("user", fill(self.pick("leadin", L["leadin"]), ctx, rng)),
                     ("assistant", cap(fill(ask, ctx, rng))),
                     ("user", fill(rng.choice(bares), ctx, rng)),
                     ("assistant", self.ack())]
        elif shape == "announce":
            said, asked = self.pick(f.kind + ":announce", K["announce"])
            lines = [("user", fill(said, ctx, rng)), ("assistant", cap(fill(asked, ctx, rng))),
                     ("user", fill(rng.choice(K.get("bare") or L["bare"]), ctx, rng)),
                     ("assistant", self.ack())]
        elif shape == "readback":
            src = self.pick("src", L["src"])
            sc = {"src_in": src[0], "src_acc": src[1]} if self.lang == "ru" else {"src": src}
            lines = [("user", fill(self.pick(f.kind + ":rb", K.get("rb_prompt") or L["rb_prompt"]), ctx, rng)),
                     ("assistant", cap(fill(self.pick("readback", L["readback"]), {**ctx, **sc, "clause": self.clause(f)}, rng))),
                     ("user", self.pick("confirm", L["confirm"])),
                     ("assistant", self.ack())]
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
            lines = [("user", fill(self.pick(f"{style}:{f.kind in WENT_WITH}", fits(L[style])), ctx, rng)),
                     ("assistant", fix)]
        else:
            ask, reply = ("fix_ask_old", "fix_reply_old") if style == "reply_old" else ("fix_ask_any", "fix_reply_any")
            lines = [("user", fill(self.pick("fix_leadin", L["fix_leadin"]), ctx, rng)),
                     ("assistant", cap(fill(self.pick(ask, L[ask]), ctx, rng))),
                     ("user", fill(self.pick(f"{reply}:{f.kind in WENT_WITH}", fits(L[reply])), ctx, rng)),
                     ("assistant", fix)]
        return Unit(lines, None, [f.key], fix_of=f.key)

    # -- everything else ------------------------------------------------------------------------

    def tagged(self, pool: str, ack_pool: str, tag: str, n: int) -> list[Unit]:
        out = []
        for tpl in self.rng.sample(self.L[pool], n):
            ctx = project_ctx(self.lang, self.rng.choice(self.projects))
            out.append(Unit([("user", fill(tpl, ctx, self.rng)),
                             ("assistant", self.pick(ack_pool, self.L[ack_pool]))], tag))
        return out

    def small_ctx(self) -> dict[str, str]:
        rng, S = self.rng, self.L["small"]
        m = rng.randint(self.start.month, self.start.month + 2)
        d = rng.choice(SMALL_DAYS)
        ctx: dict[str, str] = {k: rng.choice(S[k]) for k in ("hrs", "boxes", "km", "cm", "vids", "band", "cat")}
        if self.lang == "en":
            ctx.update(sn=rng.choice(S["sn"]), dog=rng.choice(S["dog"]), sp=rng.choice(S["sp"]),
                       sd=f"{d} {EN_MONTHS[m - 1]}")
        elif self.lang == "ru":
            sn = rng.choice(S["sn"])
            ctx.update(dict(zip(("sn", "sn_gen", "sn_dat", "sn_acc", "sn_ins", "sn_pre"), sn, strict=True)))
            dog = rng.choice(S["dog"])
            ctx.update(dog=dog[0], dog_ins=dog[1])
            sp = rng.choice(S["sp"])
            ctx.update(sp=sp[0], sp_gen=sp[1], sp_pre=sp[2])
            ctx["sd"] = f"{d} {RU_MONTHS_GEN[m - 1]}"
        else:
            ctx.update(sn=rng.choice(S["sn"]), dog=rng.choice(S["dog"]), sp=rng.choice(S["sp"]),
                       sd=f"{m}月{d}日")
        return ctx

    def small_units(self) -> list[Unit]:
        out = []
        for tpl in self.rng.sample(self.L["smalltalk"], len(self.L["smalltalk"])):
            ctx = self.small_ctx()
            out.append(Unit([("user" if i % 2 == 0 else "assistant", fill(t, ctx, self.rng))
                             for i, t in enumerate(tpl)], "small_talk"))
        return out

    def filler_units(self) -> list[Unit]:
        out = []
        for tpl in self.rng.sample(self.L["filler"], len(self.L["filler"])):
            ctx = project_ctx(self.lang, self.rng.choice(self.projects))
            out.append(Unit([("user" if i % 2 == 0 else "assistant", fill(t, ctx, self.rng))
                             for i, t in enumerate(tpl)]))
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
        work += [self.plant(pairs[i:i + 2]) for i in range(0, len(pairs), 2)]
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
            q: dict[str, Any] = {"kind": QKIND[f.kind], "fact": f.kind,
                                 "project": project_name(self.lang, self.projects[f.project]),
                                 "q": fill(rng.choice(self.K[f.kind]["q"]), ctx, rng),
                                 "answers": list((f.new or f.value).answers)}
            if f.new:
                q["wrong"] = list(f.value.answers)
            questions.append(q)
        return {"id": f"bank6-{self.lang}-{self.number + 1:02d}", "lang": self.lang, "bank": "bank6",
                "messages": messages, "questions": questions}

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
            t = self.start + timedelta(days=day, hours=rng.randint(7, 9), minutes=rng.randint(0, 59),
                                       seconds=rng.randint(0, 59))
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


class BankError(Exception):
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
        need(all(m["role"] == ("user" if i % 2 == 0 else "assistant") for i, m in enumerate(msgs)),
             f"{did}: roles alternate from the person")
        need(all(m["text"].strip() for m in msgs), f"{did}: empty message")
        need(all(m.get("tag") in (None, "small_talk", "open_question", "next_step") for m in msgs),
             f"{did}: unknown tag")
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
                need(not any(contains_token(m["text"], f.new.needles()) for m in msgs[:fix_at]),
                     f"{did}/{f.key}: new value said before its correction")
                need(all(i >= fix_at for i in hits), f"{did}/{f.key}: new value before correction")
            else:
                need("wrong" not in q, f"{did}/{f.key}: unexpected wrong")
            vals = [f.value] + ([f.new] if f.new else [])
            for v in vals:
                nd = v.needles()
                for i, m in enumerate(msgs):
                    need(i in f.own or not contains_token(m["text"], nd),
                         f"{did}/{f.key}: value {nd[0]!r} said in message {i}: {m['text']!r}")
                for other in qs:
                    need(not contains_token(other["q"], nd), f"{did}/{f.key}: value {nd[0]!r} in a question")
            used.setdefault((lang, f.kind), []).append(f.shape)
        for q in qs:
            need(q["kind"] in ("name", "number", "date", "decision", "reason", "place"), f"{did}: kind")
            need(contains_token(q["q"], [q["project"]]), f"{did}: question names its project")
    for lang in ("en", "ru", "ja"):
        for kind in FACTS:
            shapes = used.get((lang, kind), [])
            need(len(set(shapes)) >= 5, f"{lang}/{kind}: {len(set(shapes))} shapes")
    return {"dialogs": len(dialogs), "messages": sum(len(d["messages"]) for d in dialogs),
            "questions": sum(len(d["questions"]) for d in dialogs),
            "corrected": sum("wrong" in q for d in dialogs for q in d["questions"]),
            "ru_never_nominative": nominative_never,
            "shapes": {f"{lang}/{k}": sorted(set(v)) for (lang, k), v in sorted(used.items())}}


def main() -> None:
    dialogs, facts = build_bank()
    stats = check(dialogs, facts)
    if "--stats" in sys.argv:
        print(json.dumps(stats, ensure_ascii=False, indent=1), file=sys.stderr)
    sys.stdout.write(json.dumps(dialogs, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    try:
        main()
    except BankError as e:
        sys.exit(f"bank 6 fails its check: {e}")
