"""Generate the second five-questions bank (issue 26): long project dialogs in English, Russian
and Japanese, written apart from the memory rules and never used to tune them.

    python bench/make_five_questions_bank2.py > bench/data/five_questions_bank2.json

Same JSON format as the shared dev bank (``shared/data/dialogs/README.md``) plus an ISO
``time`` on every message. Each dialog plants ten kinds of project facts — who leads it, the
approved budget, the release date, the chosen technology, why a vendor was turned down, the
client, the latency target, the hosting region, the team size and the programming language —
each said in one of at least five phrasings per kind and language, and asks one question per
kind. Some facts are corrected later, in one of several styles ("update:", "scratch that",
"correction —", "X is out, Y is in", a plain restatement); some are spread over two messages
(the person names the topic, then the value, or the assistant asks and the person answers);
some are said by the assistant and confirmed by the person. Around them: small talk full of
other names, numbers, dates and places that belong to no project.

The templates were written from how people talk about projects, before reading or changing
the extractive summariser or the fact rules for issue 26, and the bank is only measured. The
generator is seeded, so the file is reproducible.
"""

from __future__ import annotations

import json
import random
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

SEED = 2626
LANGS = ["en"] * 4 + ["ru"] * 4 + ["ja"] * 4
# Every planted answer lies before the last KEEP_CLEAR messages (a fold with threshold 30 and
# tail 16 has taken it out of the verbatim window by then).
KEEP_CLEAR = 40

EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]
RU_MONTHS = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
             "сентября", "октября", "ноября", "декабря"]

# Project people. Russian: (nominative, genitive, dative, instrumental).
LEADS = {
    "en": ["Philippa", "Tobias", "Marguerite", "Desmond", "Ottilie", "Leopold", "Isadora", "Cormac"],
    "ru": [("Игорь", "Игоря", "Игорю", "Игорем"), ("Степан", "Степана", "Степану", "Степаном"),
           ("Захар", "Захара", "Захару", "Захаром"), ("Милан", "Милана", "Милану", "Миланом"),
           ("Фёдор", "Фёдора", "Фёдору", "Фёдором"), ("Роман", "Романа", "Роману", "Романом")],
    "ja": ["サトシ", "カオリ", "ダイキ", "アヤネ", "コウジ", "マユミ"],
}
PROJECTS = {"en": ["Lighthouse", "Bramble", "Cobalt", "Driftwood", "Ember", "Fjord"],
            "ru": ["Orion", "Vostok", "Pamir", "Baikal", "Ladoga", "Altai"],
            "ja": ["Hoshi", "Nami", "Kaze", "Yuki", "Mori", "Sora"]}
CLIENTS = ["Northwind", "Globex", "Initech", "Umbrella Health", "Stark Logistics", "Wayne Foods",
           "Acme Rail", "Oscorp Energy"]
VENDORS = ["Pinnacle Cloud", "Blueshift", "Zentrix", "Quantra", "Helios Data", "Vertexa"]
TECH = [("Kafka", "RabbitMQ"), ("PostgreSQL", "MongoDB"), ("Kubernetes", "Nomad"),
        ("React", "Vue"), ("Elasticsearch", "Solr"), ("Airflow", "Dagster")]
LANGUAGES = [("Go", "Rust"), ("Kotlin", "Scala"), ("TypeScript", "Python"), ("Rust", "C++"),
             ("Java", "Go"), ("Python", "Elixir")]
REGIONS = {
    "en": ["Frankfurt", "Dublin", "Stockholm", "Singapore", "Montreal", "Warsaw"],
    # (nominative, prepositional): "во Франкфурте"
    "ru": [("Франкфурт", "Франкфурте"), ("Дублин", "Дублине"), ("Стокгольм", "Стокгольме"),
           ("Сингапур", "Сингапуре"), ("Амстердам", "Амстердаме"), ("Хельсинки", "Хельсинки")],
    "ja": ["フランクフルト", "ダブリン", "ストックホルム", "シンガポール", "ソウル", "シドニー"],
}
REASONS = {
    "en": ["their API has no audit log", "they would not sign our data processing agreement",
           "their uptime was below 99 percent last year", "their pricing doubles after the first year"],
    "ru": ["у них нет журнала аудита", "они отказались подписать наше соглашение об обработке данных",
           "их доступность в прошлом году была ниже 99 процентов", "их цена удваивается после первого года"],
    "ja": ["監査ログの機能がない", "データ処理契約に署名してくれない", "昨年の稼働率が99%を下回った",
           "二年目から料金が倍になる"],
}

# Small talk: other people, numbers, dates and places that belong to no project.
CHAT_PEOPLE = {"en": ["Gwendolyn", "Bartholomew", "Yusuf", "Fenella", "Ignatius", "Priscilla"],
               "ru": ["Ульяна", "Эльвира", "Прохор", "Ярослава", "Тихон", "Злата"],
               "ja": ["ケンタ", "ハナコ", "リョウ", "ミサキ", "タクミ", "ナナミ"]}
CHAT_PLACES = {"en": ["Porto", "Lisbon", "Krakow", "Valencia", "Bruges"],
               "ru": ["Казань", "Сочи", "Калининград", "Псков", "Суздаль"],
               "ja": ["京都", "札幌", "福岡", "沖縄", "金沢"]}


def _chat(lang: str, rng: random.Random) -> tuple[str, str]:
    who = rng.choice(CHAT_PEOPLE[lang])
    place = rng.choice(CHAT_PLACES[lang])
    n = rng.randint(11, 59)
    big = rng.randint(1001, 4999)
    month = rng.randrange(12)
    day = rng.randint(23, 28)  # key dates use days 3-22
    if lang == "en":
        return rng.choice([
            (f"{who} ran {n} km at the weekend, can you believe it?", "That's impressive."),
            (f"I'm flying to {place} on {EN_MONTHS[month]} {day} for a wedding.", "Have a great trip!"),
            (f"The canteen now charges {n} euros for the set lunch.", "That's steep."),
            (f"Meeting room {big} smells of paint again.", "Maybe book another room."),
            (f"{who} brought {n} cupcakes for her birthday.", "Lovely."),
            ("Can you turn this bullet list into a paragraph?", "Here it is as a paragraph."),
            ("What's a good synonym for 'robust'?", "Resilient, or sturdy."),
            (f"My neighbour in {place} adopted a cat called Biscuit.", "Cute!"),
            ("Thanks, that helps.", "Glad to help."),
            (f"The fire drill is on the {day}th of {EN_MONTHS[month]}, apparently.", "Good to know."),
            ("Can you fix the grammar in this sentence: 'we was ready'?", "'We were ready.'"),
            (f"{who} says the parking garage has {big} spaces now.", "That should help in the mornings."),
        ])
    if lang == "ru":
        return rng.choice([
            (f"{who} пробежала {n} км в выходные, представляешь?", "Впечатляет."),
            (f"Я лечу в {place} {day} {RU_MONTHS[month]} на свадьбу.", "Хорошей поездки!"),
            (f"В столовой бизнес-ланч теперь стоит {n} рублей... то есть {big} рублей.", "Дороговато."),
            (f"В переговорке {big} опять пахнет краской.", "Может, забронировать другую?"),
            (f"{who} принесла {n} пирожных на день рождения.", "Как мило."),
            ("Можешь переписать этот список абзацем?", "Вот абзац."),
            ("Подскажи синоним к слову «надёжный».", "Устойчивый, прочный."),
            (f"Соседи в городе {place} завели кота Пирожка.", "Здорово!"),
            ("Спасибо, помогло.", "Рад помочь."),
            (f"Учебная пожарная тревога будет {day} {RU_MONTHS[month]}.", "Понял."),
            ("Исправь, пожалуйста, ошибку: «мы был готовы».", "«Мы были готовы»."),
            (f"{who} говорит, что на парковке теперь {big} мест.", "Утром станет легче."),
        ])
    return rng.choice([
        (f"{who}さんが週末に{n}キロ走ったそうです。", "すごいですね。"),
        (f"{month + 1}月{day}日に{place}へ結婚式で行きます。", "楽しんできてください。"),
        (f"社食のランチが{n}00円になりました。", "高いですね。"),
        (f"会議室{big}がまたペンキ臭いです。", "別の部屋を予約しましょう。"),
        (f"{who}さんが誕生日にケーキを{n}個持ってきました。", "素敵ですね。"),
        ("この箇条書きを文章にしてもらえますか？", "文章にしました。"),
        ("「堅牢」の言い換えを教えてください。", "「頑丈」などがあります。"),
        (f"{place}の実家で猫を飼い始めました。", "いいですね！"),
        ("ありがとう、助かりました。", "どういたしまして。"),
        (f"避難訓練は{month + 1}月{day}日だそうです。", "了解です。"),
        ("この文の文法を直してください：「私は行くました」。", "「私は行きました」です。"),
        (f"{who}さんによると駐車場が{big}台分になったそうです。", "朝が楽になりますね。"),
    ])


def _date(lang: str, month: int, day: int) -> list[str]:
    if lang == "en":
        return [f"{day} {EN_MONTHS[month]}", f"{EN_MONTHS[month]} {day}"]
    if lang == "ru":
        return [f"{day} {RU_MONTHS[month]}"]
    return [f"{month + 1}月{day}日"]


# One planted fact: the messages that say it as (role, text) pairs, in order.
Said = list[tuple[str, str]]


def _en_facts(rng: random.Random, p: str, v: dict[str, Any]) -> dict[str, list[Said]]:
    lead, amount, d, tech, rej, cli, ms, reg, size, lang_ = (
        v["lead"], v["amount"], v["date"][1], v["tech"], v["vendor"], v["client"], v["ms"],
        v["region"], v["size"], v["language"])
    x, y = tech
    reason = v["reason"]
    return {
        "lead": [[("user", f"{lead} is going to lead {p}.")],
                 [("user", f"We've put {lead} in charge of {p}.")],
                 [("user", f"For {p}, the person calling the shots on engineering is {lead}.")],
                 [("user", f"{lead} agreed to take on {p} as lead.")],
                 [("user", f"Quick org note: {p} reports to {lead} now.")],
                 [("user", f"Who's running {p}? We finally picked someone."), ("user", f"It's {lead}.")],
                 [("assistant", f"So {lead} will lead {p}?"), ("user", "Yes, that's right.")]],
        "budget": [[("user", f"Finance approved {amount}k dollars for {p}.")],
                   [("user", f"The money for {p} is sorted: {amount} thousand USD.")],
                   [("user", f"We have a budget of ${amount},000 for {p} this year.")],
                   [("user", f"{p} got {amount}k in funding, signed off yesterday.")],
                   [("user", f"Good news, {p} is funded — {amount} thousand dollars in total.")],
                   [("user", f"I heard back from finance about {p}."), ("user", f"They gave us {amount}k.")],
                   [("assistant", f"To confirm, the {p} budget is {amount}k USD?"), ("user", "Correct.")]],
        "date": [[("user", f"{p} goes live on {d}.")],
                 [("user", f"We're aiming to release {p} on {d}.")],
                 [("user", f"The launch of {p} is planned for {d}.")],
                 [("user", f"{p} has to be out the door by {d}.")],
                 [("user", f"Release day for {p}: {d}.")],
                 [("user", f"We fixed the {p} release date today."), ("user", f"It's {d}.")],
                 [("assistant", f"So {p} ships on {d}?"), ("user", "Yep.")]],
        "tech": [[("user", f"We're going with {x} for {p}, not {y}.")],
                 [("user", f"After the spike, {x} beat {y} for {p}.")],
                 [("user", f"{p} will be built on {x}.")],
                 [("user", f"The team settled on {x} for {p}.")],
                 [("user", f"We dropped {y}; {p} uses {x}.")],
                 [("user", f"We had the {y} versus {x} debate for {p} again."), ("user", f"{x} won.")],
                 [("assistant", f"Then {p} goes with {x} rather than {y}?"), ("user", "Exactly.")]],
        "vendor": [[("user", f"We turned down {rej} because {reason}.")],
                   [("user", f"{rej} is off the list: {reason}.")],
                   [("user", f"No to {rej} — {reason}.")],
                   [("user", f"We won't sign with {rej}, {reason}.")],
                   [("user", f"Legal rejected {rej} since {reason}.")],
                   [("user", f"We're not going ahead with {rej}."), ("user", f"The reason: {reason}.")]],
        "client": [[("user", f"{p} is being built for {cli}.")],
                   [("user", f"Our client on {p} is {cli}.")],
                   [("user", f"{cli} is the customer paying for {p}.")],
                   [("user", f"We signed {cli} as the {p} client.")],
                   [("user", f"{p} is a {cli} project, by the way.")],
                   [("assistant", f"Who is {p} for, in the end?"), ("user", f"{cli}.")]],
        "ms": [[("user", f"The latency target for {p} is {ms} ms at p95.")],
               [("user", f"{p} must answer within {ms} milliseconds.")],
               [("user", f"We agreed on a p95 of {ms} ms for {p}.")],
               [("user", f"Anything slower than {ms} ms is a fail for {p}.")],
               [("user", f"SLO for {p}: {ms} ms response time.")],
               [("assistant", f"So the {p} latency budget is {ms} ms?"), ("user", "Yes.")]],
        "region": [[("user", f"{p} will be hosted in {reg}.")],
                   [("user", f"We're deploying {p} to the {reg} region.")],
                   [("user", f"The {p} servers go in {reg}.")],
                   [("user", f"Data for {p} has to stay in {reg}, so that's where we host it.")],
                   [("user", f"{reg} is the hosting region for {p}.")],
                   [("user", f"We picked the hosting region for {p}."), ("user", f"{reg}.")]],
        "size": [[("user", f"{p} has {size} engineers on it.")],
                 [("user", f"The {p} team is {size} people.")],
                 [("user", f"We staffed {p} with {size} developers.")],
                 [("user", f"There are {size} of us working on {p}.")],
                 [("user", f"Headcount on {p}: {size}.")],
                 [("assistant", f"How many people are on {p}?"), ("user", f"{size} engineers.")]],
        "language": [[("user", f"{p} is written in {lang_[0]}.")],
                     [("user", f"We're coding {p} in {lang_[0]}.")],
                     [("user", f"{lang_[0]} is the language for {p}, not {lang_[1]}.")],
                     [("user", f"The {p} backend will be {lang_[0]}.")],
                     [("user", f"We'll write {p} in {lang_[0]}.")],
                     [("assistant", f"Which language for {p}, {lang_[0]} or {lang_[1]}?"),
                      ("user", f"{lang_[0]}.")]],
    }


def _en_changes(p: str, kind: str, old: str, new: str) -> list[Said]:
    return {
        "lead": [[("user", f"Update: {new} takes over {p} from {old}.")],
                 [("user", f"Scratch that, {old} is leaving; {new} leads {p} now.")],
                 [("user", f"{old} is out, {new} is in as the {p} lead.")],
                 [("user", f"Correction — {p} is led by {new}, not {old}.")],
                 [("user", f"{new} is the new lead of {p}.")]],
        "date": [[("user", f"Update: {p} moved to {new}.")],
                 [("user", f"Scratch that, the {p} release is {new}, not {old}.")],
                 [("user", f"{p} slipped — now {new}.")],
                 [("user", f"Correction on {p}: we launch {new}.")],
                 [("user", f"The new release date for {p} is {new}.")]],
        "budget": [[("user", f"Update: the {p} budget was cut to {new}k.")],
                   [("user", f"Scratch that, finance says {new}k for {p}, not {old}k.")],
                   [("user", f"Correction — {p} gets {new} thousand dollars.")],
                   [("user", f"The {p} budget is now {new}k.")],
                   [("user", f"{p} funding changed: {new}k instead of {old}k.")]],
        "region": [[("user", f"Update: {p} moves to {new}.")],
                   [("user", f"Scratch that, we host {p} in {new}, not {old}.")],
                   [("user", f"Correction — {p} will be hosted in {new}.")],
                   [("user", f"{old} is off; the {p} region is {new} now.")],
                   [("user", f"The hosting region for {p} changed to {new}.")]],
    }[kind]


def _ru_facts(rng: random.Random, p: str, v: dict[str, Any]) -> dict[str, list[Said]]:
    lead = v["lead"]
    amount, d, (x, y), rej, cli, ms = v["amount"], v["date"][0], v["tech"], v["vendor"], v["client"], v["ms"]
    reg_nom, reg_loc = v["region"]
    size, lang_, reason = v["size"], v["language"], v["reason"]
    return {
        "lead": [[("user", f"{p} будет руководить {lead[0]}.")],
                 [("user", f"Руководителем {p} назначили {lead[1]}.")],
                 [("user", f"За {p} теперь отвечает {lead[0]}.")],
                 [("user", f"{lead[0]} согласился вести {p}.")],
                 [("user", f"Главный по {p} — {lead[0]}.")],
                 [("user", f"Мы наконец решили, кто возглавит {p}."), ("user", f"Это {lead[0]}.")],
                 [("assistant", f"Значит, {p} ведёт {lead[0]}?"), ("user", "Да, верно.")]],
        "budget": [[("user", f"Финансы одобрили {amount} тысяч долларов на {p}.")],
                   [("user", f"На {p} выделили {amount} тыс. долларов.")],
                   [("user", f"Бюджет {p} — {amount} тысяч долларов.")],
                   [("user", f"{p} получил финансирование: {amount} тысяч.")],
                   [("user", f"Деньги на {p} есть, {amount} тыс. долларов на год.")],
                   [("user", f"Пришёл ответ от финансов по {p}."), ("user", f"Дают {amount} тысяч долларов.")],
                   [("assistant", f"То есть бюджет {p} — {amount} тысяч долларов?"), ("user", "Именно.")]],
        "date": [[("user", f"{p} запускаем {d}.")],
                 [("user", f"Релиз {p} планируем на {d}.")],
                 [("user", f"{p} должен выйти {d}.")],
                 [("user", f"Дата запуска {p} — {d}.")],
                 [("user", f"Выкатываем {p} {d}.")],
                 [("user", f"Сегодня определились с датой релиза {p}."), ("user", f"Это {d}.")],
                 [("assistant", f"Значит, {p} выходит {d}?"), ("user", "Да.")]],
        "tech": [[("user", f"Для {p} берём {x}, а не {y}.")],
                 [("user", f"После прототипа {x} обошёл {y}, так что в {p} будет {x}.")],
                 [("user", f"{p} строим на {x}.")],
                 [("user", f"Команда остановилась на {x} для {p}.")],
                 [("user", f"От {y} отказались, в {p} идёт {x}.")],
                 [("user", f"Опять спорили про {y} и {x} для {p}."), ("user", f"Победил {x}.")],
                 [("assistant", f"Значит, в {p} используем {x}, а не {y}?"), ("user", "Точно.")]],
        "vendor": [[("user", f"Мы отказали {rej}, потому что {reason}.")],
                   [("user", f"{rej} вычеркнули: {reason}.")],
                   [("user", f"С {rej} работать не будем — {reason}.")],
                   [("user", f"Юристы отклонили {rej}, так как {reason}.")],
                   [("user", f"{rej} не подходит: {reason}.")],
                   [("user", f"С {rej} не договорились."), ("user", f"Причина: {reason}.")]],
        "client": [[("user", f"{p} делаем для {cli}.")],
                   [("user", f"Заказчик {p} — {cli}.")],
                   [("user", f"{cli} платит за {p}.")],
                   [("user", f"Клиент по {p} — компания {cli}.")],
                   [("user", f"Подписали {cli} как заказчика {p}.")],
                   [("assistant", f"Для кого в итоге {p}?"), ("user", f"Для {cli}.")]],
        "ms": [[("user", f"Целевая задержка {p} — {ms} мс по p95.")],
               [("user", f"{p} должен отвечать быстрее {ms} миллисекунд.")],
               [("user", f"Договорились о p95 в {ms} мс для {p}.")],
               [("user", f"Всё, что медленнее {ms} мс, для {p} провал.")],
               [("user", f"SLO для {p}: {ms} мс.")],
               [("assistant", f"То есть бюджет задержки {p} — {ms} мс?"), ("user", "Да.")]],
        "region": [[("user", f"{p} будет размещён в регионе {reg_nom}.")],
                   [("user", f"Разворачиваем {p} в {reg_loc}.")],
                   [("user", f"Серверы {p} будут в {reg_loc}.")],
                   [("user", f"Данные {p} должны храниться в {reg_loc}, там и хостимся.")],
                   [("user", f"Регион для {p} — {reg_nom}.")],
                   [("user", f"Выбрали регион хостинга для {p}."), ("user", f"{reg_nom}.")]],
        "size": [[("user", f"В {p} работают {size} инженеров.")],
                 [("user", f"Команда {p} — {size} человек.")],
                 [("user", f"На {p} выделили {size} разработчиков.")],
                 [("user", f"Нас на {p} {size} человек.")],
                 [("user", f"Численность команды {p}: {size}.")],
                 [("assistant", f"Сколько человек на {p}?"), ("user", f"{size} инженеров.")]],
        "language": [[("user", f"{p} пишем на {lang_[0]}.")],
                     [("user", f"Язык для {p} — {lang_[0]}.")],
                     [("user", f"{p} будет на {lang_[0]}, не на {lang_[1]}.")],
                     [("user", f"Бэкенд {p} делаем на {lang_[0]}.")],
                     [("user", f"Выбрали {lang_[0]} как язык {p}.")],
                     [("assistant", f"На каком языке {p}, {lang_[0]} или {lang_[1]}?"),
                      ("user", f"{lang_[0]}.")]],
    }


def _ru_changes(p: str, kind: str, old: Any, new: Any) -> list[Said]:
    if kind == "lead":
        return [[("user", f"Обновление: {new[0]} сменил {old[1]} на {p}.")],
                [("user", f"Отбой, {old[0]} уходит, {p} теперь ведёт {new[0]}.")],
                [("user", f"Поправка: {p} руководит {new[0]}, а не {old[0]}.")],
                [("user", f"Новый руководитель {p} — {new[0]}.")],
                [("user", f"{old[0]} больше не ведёт {p}, вместо него {new[0]}.")]]
    if kind == "date":
        return [[("user", f"Обновление: релиз {p} перенесли на {new}.")],
                [("user", f"Отбой, {p} выходит {new}, а не {old}.")],
                [("user", f"Поправка по {p}: запуск {new}.")],
                [("user", f"Новая дата релиза {p} — {new}.")],
                [("user", f"Сроки сдвинулись, {p} теперь {new}.")]]
    if kind == "budget":
        return [[("user", f"Обновление: бюджет {p} урезали до {new} тысяч долларов.")],
                [("user", f"Отбой, финансы дают {new} тысяч на {p}, а не {old}.")],
                [("user", f"Поправка: на {p} выделено {new} тыс. долларов.")],
                [("user", f"Бюджет {p} теперь {new} тысяч долларов.")],
                [("user", f"Финансирование {p} изменилось: {new} тысяч вместо {old}.")]]
    return [[("user", f"Обновление: {p} переезжает в {new[1]}.")],
            [("user", f"Отбой, хостим {p} в {new[1]}, а не в {old[1]}.")],
            [("user", f"Поправка: {p} будет размещён в {new[1]}.")],
            [("user", f"Регион {p} теперь {new[0]}.")],
            [("user", f"Регион хостинга {p} поменяли на {new[0]}.")]]


def _ja_facts(rng: random.Random, p: str, v: dict[str, Any]) -> dict[str, list[Said]]:
    lead, amount, d, (x, y), rej, cli, ms, reg, size, lang_, reason = (
        v["lead"], v["amount"], v["date"][0], v["tech"], v["vendor"], v["client"], v["ms"],
        v["region"], v["size"], v["language"], v["reason"])
    return {
        "lead": [[("user", f"{p}は{lead}さんがリーダーを務めます。")],
                 [("user", f"{lead}さんに{p}を任せることにしました。")],
                 [("user", f"{p}の責任者は{lead}さんです。")],
                 [("user", f"{lead}さんが{p}を引き受けてくれました。")],
                 [("user", f"{p}をまとめるのは{lead}さんです。")],
                 [("user", f"{p}のリーダーがやっと決まりました。"), ("user", f"{lead}さんです。")],
                 [("assistant", f"では{p}は{lead}さんが率いるのですね？"), ("user", "はい、その通りです。")]],
        "budget": [[("user", f"{p}の予算は{amount}万円で承認されました。")],
                   [("user", f"経理が{p}に{amount}万円を出してくれます。")],
                   [("user", f"{p}には{amount}万円の予算があります。")],
                   [("user", f"{p}の資金は{amount}万円に決まりました。")],
                   [("user", f"{amount}万円が{p}に割り当てられました。")],
                   [("user", f"{p}の予算について経理から返事が来ました。"), ("user", f"{amount}万円です。")],
                   [("assistant", f"{p}の予算は{amount}万円で確定ですか？"), ("user", "はい、確定です。")]],
        "date": [[("user", f"{p}は{d}にリリースします。")],
                 [("user", f"{p}の公開は{d}の予定です。")],
                 [("user", f"{p}のローンチ日は{d}です。")],
                 [("user", f"{d}までに{p}を出さないといけません。")],
                 [("user", f"{p}のリリース日を{d}に決めました。")],
                 [("user", f"今日{p}のリリース日が決まりました。"), ("user", f"{d}です。")],
                 [("assistant", f"{p}は{d}にリリースですね？"), ("user", "はい。")]],
        "tech": [[("user", f"{p}には{y}ではなく{x}を使います。")],
                 [("user", f"検証の結果、{p}は{x}に決めました。")],
                 [("user", f"{p}は{x}で作ります。")],
                 [("user", f"チームは{p}に{x}を採用しました。")],
                 [("user", f"{y}はやめて、{p}は{x}にします。")],
                 [("user", f"{p}で{y}と{x}のどちらにするか、また議論しました。"), ("user", f"{x}に決まりました。")],
                 [("assistant", f"つまり{p}は{y}ではなく{x}ですね？"), ("user", "そうです。")]],
        "vendor": [[("user", f"{rej}は{reason}ので断りました。")],
                   [("user", f"{rej}は候補から外しました。{reason}からです。")],
                   [("user", f"{rej}とは契約しないことにしました。理由は{reason}ことです。")],
                   [("user", f"法務が{rej}を却下しました。{reason}ためです。")],
                   [("user", f"{reason}ので、{rej}は見送りです。")],
                   [("user", f"{rej}との話はなくなりました。"), ("user", f"{reason}からです。")]],
        "client": [[("user", f"{p}は{cli}向けに作っています。")],
                   [("user", f"{p}のクライアントは{cli}です。")],
                   [("user", f"{cli}が{p}の発注元です。")],
                   [("user", f"{cli}と{p}の契約を結びました。")],
                   [("user", f"{p}は{cli}の案件です。")],
                   [("assistant", f"結局{p}はどこ向けですか？"), ("user", f"{cli}です。")]],
        "ms": [[("user", f"{p}のレイテンシ目標はp95で{ms}ミリ秒です。")],
               [("user", f"{p}は{ms}ms以内に応答しなければなりません。")],
               [("user", f"{p}のp95は{ms}msで合意しました。")],
               [("user", f"{ms}msより遅ければ{p}は不合格です。")],
               [("user", f"{p}のSLOは{ms}msです。")],
               [("assistant", f"{p}のレイテンシ予算は{ms}msですね？"), ("user", "はい。")]],
        "region": [[("user", f"{p}は{reg}リージョンでホストします。")],
                   [("user", f"{p}を{reg}にデプロイします。")],
                   [("user", f"{p}のサーバーは{reg}に置きます。")],
                   [("user", f"{p}のデータは{reg}に置く必要があるので、そこでホストします。")],
                   [("user", f"{p}のホスティング先は{reg}です。")],
                   [("user", f"{p}のホスティング先を決めました。"), ("user", f"{reg}です。")]],
        "size": [[("user", f"{p}には{size}人のエンジニアがいます。")],
                 [("user", f"{p}のチームは{size}人です。")],
                 [("user", f"{p}に開発者を{size}人つけました。")],
                 [("user", f"{p}は{size}人で進めています。")],
                 [("user", f"{p}の人数は{size}人です。")],
                 [("assistant", f"{p}には何人いますか？"), ("user", f"{size}人です。")]],
        "language": [[("user", f"{p}は{lang_[0]}で書いています。")],
                     [("user", f"{p}の言語は{lang_[0]}です。")],
                     [("user", f"{p}は{lang_[1]}ではなく{lang_[0]}で実装します。")],
                     [("user", f"{p}のバックエンドは{lang_[0]}にします。")],
                     [("user", f"{p}の開発言語に{lang_[0]}を選びました。")],
                     [("assistant", f"{p}の言語は{lang_[0]}と{lang_[1]}のどちらですか？"),
                      ("user", f"{lang_[0]}です。")]],
    }


def _ja_changes(p: str, kind: str, old: str, new: str) -> list[Said]:
    return {
        "lead": [[("user", f"変更です：{p}は{old}さんから{new}さんに引き継がれました。")],
                 [("user", f"訂正します。{p}のリーダーは{old}さんではなく{new}さんです。")],
                 [("user", f"{old}さんが抜けて、{p}は{new}さんが率いることになりました。")],
                 [("user", f"やっぱり{p}の責任者は{new}さんになりました。")],
                 [("user", f"{p}の新しいリーダーは{new}さんです。")]],
        "date": [[("user", f"変更です：{p}のリリースは{new}に延期されました。")],
                 [("user", f"訂正します。{p}は{old}ではなく{new}に公開します。")],
                 [("user", f"{p}のリリースが{new}にずれました。")],
                 [("user", f"やっぱり{p}は{new}リリースになりました。")],
                 [("user", f"{p}の新しいリリース日は{new}です。")]],
        "budget": [[("user", f"変更です：{p}の予算は{new}万円に減らされました。")],
                   [("user", f"訂正します。{p}の予算は{old}万円ではなく{new}万円です。")],
                   [("user", f"{p}の予算が{new}万円に変わりました。")],
                   [("user", f"やっぱり{p}は{new}万円になりました。")],
                   [("user", f"{p}の新しい予算は{new}万円です。")]],
        "region": [[("user", f"変更です：{p}は{new}に移ります。")],
                   [("user", f"訂正します。{p}は{old}ではなく{new}でホストします。")],
                   [("user", f"{p}のホスティング先が{new}に変わりました。")],
                   [("user", f"やっぱり{p}は{new}リージョンになりました。")],
                   [("user", f"{p}の新しいリージョンは{new}です。")]],
    }[kind]


QUESTIONS = {
    "en": {"lead": "Who leads {p} now?", "budget": "What budget does {p} have?",
           "date": "When is {p} released?", "tech": "Which technology did we pick for {p}?",
           "vendor": "Why did we turn down {v}?", "client": "Who is the client of {p}?",
           "ms": "What is the latency target of {p}?", "region": "Where is {p} hosted?",
           "size": "How many engineers work on {p}?", "language": "What language is {p} written in?"},
    "ru": {"lead": "Кто сейчас руководит {p}?", "budget": "Какой бюджет у {p}?",
           "date": "Когда релиз {p}?", "tech": "Какую технологию выбрали для {p}?",
           "vendor": "Почему мы отказались от {v}?", "client": "Кто заказчик {p}?",
           "ms": "Какая целевая задержка у {p}?", "region": "Где размещён {p}?",
           "size": "Сколько инженеров работает над {p}?", "language": "На каком языке пишем {p}?"},
    "ja": {"lead": "{p}のリーダーは今誰ですか？", "budget": "{p}の予算はいくらですか？",
           "date": "{p}のリリースはいつですか？", "tech": "{p}にはどの技術を選びましたか？",
           "vendor": "なぜ{v}を断ったのですか？", "client": "{p}のクライアントはどこですか？",
           "ms": "{p}のレイテンシ目標は？", "region": "{p}はどこでホストしますか？",
           "size": "{p}には何人のエンジニアがいますか？", "language": "{p}は何の言語で書いていますか？"},
}
KIND_OF = {"lead": "name", "budget": "number", "date": "date", "tech": "decision", "vendor": "reason",
           "client": "name", "ms": "number", "region": "place", "size": "number", "language": "decision"}
CHANGEABLE = ("lead", "date", "budget", "region")


def _answers(lang: str, kind: str, value: Any) -> list[str]:
    """Accepted strings for a planted value, in the forms the templates say it."""
    if kind == "lead" and lang == "ru":
        return list(value)
    if kind == "region" and lang == "ru":
        return list(dict.fromkeys(value))
    if kind == "budget":
        return [str(value), f"{value}k", f"{value}K", f"{value}万円", f"{value}万"]
    if kind == "ms":
        return [str(value), f"{value}ms", f"{value} ms"]
    if kind == "size":
        return [f"{value}人"] if lang == "ja" else [str(value)]
    if kind == "date":
        return list(value)
    if kind == "tech":
        return [value[0]]
    if kind == "language":
        return [value[0]]
    return [value]


def _dialog(n: int, lang: str, rng: random.Random) -> dict[str, Any]:
    p = PROJECTS[lang][n % len(PROJECTS[lang])]
    old_lead, new_lead = rng.sample(LEADS[lang], 2)
    amounts = rng.sample(range(60, 995, 5), 2)
    month = rng.randrange(12)
    d1 = rng.randint(3, 12)
    d2 = d1 + rng.randint(3, 10)
    regions = rng.sample(REGIONS[lang], 2)
    values = {"lead": old_lead, "amount": amounts[0], "date": _date(lang, month, d1),
              "tech": rng.choice(TECH), "vendor": rng.choice(VENDORS),
              "reason": rng.choice(REASONS[lang]), "client": rng.choice(CLIENTS),
              "ms": rng.choice(range(120, 480, 10)), "region": regions[0],
              "size": rng.randint(6, 9) if lang != "ja" else rng.randint(6, 9),
              "language": rng.choice(LANGUAGES)}
    while values["ms"] in amounts:
        values["ms"] += 10
    facts = {"en": _en_facts, "ru": _ru_facts, "ja": _ja_facts}[lang](rng, p, values)
    changed = set(rng.sample(CHANGEABLE, rng.randint(2, 3)))
    new_values = {"lead": new_lead, "date": _date(lang, month, d2), "budget": amounts[1], "region": regions[1]}
    plan: list[Said] = [rng.choice(facts[k]) for k in facts]
    rng.shuffle(plan)
    changes: list[Said] = []
    for kind in sorted(changed):
        old = {"lead": old_lead, "date": values["date"][0], "budget": amounts[0], "region": regions[0]}[kind]
        new: Any = new_values[kind]
        if kind == "date":
            new = new[0] if lang != "en" else rng.choice(new)
        change = {"en": _en_changes, "ru": _ru_changes, "ja": _ja_changes}[lang](
            p, kind, old if not (kind == "date" and lang == "en") else values["date"][1], new)
        changes.append(rng.choice(change))
    length = rng.choice([180, 220, 260])
    # Planted facts in the first half, corrections in the third quarter, chat everywhere.
    slots_first = sorted(rng.sample(range(2, length // 4), len(plan)))
    slots_change = sorted(rng.sample(range(length // 4 + 4, length // 2 - KEEP_CLEAR // 2), len(changes)))
    at_turn: dict[int, Said] = dict(zip(slots_first, plan, strict=True))
    at_turn.update(zip(slots_change, changes, strict=True))
    messages: list[dict[str, str]] = []
    clock = datetime(2025, 1, 6, 9, 0, tzinfo=UTC) + timedelta(days=rng.randint(0, 300))
    turn = 0

    def say(role: str, text: str) -> None:
        nonlocal clock
        clock += timedelta(minutes=rng.randint(1, 9)) if role == "user" else timedelta(seconds=rng.randint(5, 40))
        if role == "user" and rng.random() < 0.04:
            clock += timedelta(days=rng.randint(1, 3), hours=rng.randint(0, 5))
        messages.append({"role": role, "text": text, "time": clock.isoformat().replace("+00:00", "Z")})

    ack = {"en": ["Noted.", "Got it.", "Thanks, noted.", "OK."], "ru": ["Записал.", "Понял.", "Принято.", "Ок."],
           "ja": ["承知しました。", "了解です。", "メモしました。", "わかりました。"]}[lang]
    while len(messages) < length:
        said = at_turn.get(turn)
        if said is None:
            user, bot = _chat(lang, rng)
            say("user", user)
            say("assistant", bot)
        else:
            for role, text in said:
                if role == "assistant":
                    # The assistant's line answers a person's message before it.
                    if messages and messages[-1]["role"] == "assistant":
                        say("user", {"en": "Let's go over the project notes.", "ru": "Давай пройдёмся по проекту.",
                                     "ja": "プロジェクトの確認をしましょう。"}[lang])
                    say("assistant", text)
                else:
                    if messages and messages[-1]["role"] == "user":
                        say("assistant", rng.choice(ack))
                    say("user", text)
            if messages[-1]["role"] == "user":
                say("assistant", rng.choice(ack))
        turn += 1
    questions = []
    for kind, template in QUESTIONS[lang].items():
        value: Any = {"lead": old_lead, "budget": amounts[0], "date": values["date"], "tech": values["tech"],
                      "vendor": values["reason"], "client": values["client"], "ms": values["ms"],
                      "region": regions[0], "size": values["size"], "language": values["language"]}[kind]
        q: dict[str, Any] = {"kind": KIND_OF[kind], "fact": kind,
                             "q": template.format(p=p, v=values["vendor"])}
        if kind in changed:
            q["answers"] = _answers(lang, kind, new_values[kind])
            q["wrong"] = _answers(lang, kind, value)
        else:
            q["answers"] = _answers(lang, kind, value)
        questions.append(q)
    return {"id": f"bank2-{lang}-{n + 1:02d}", "lang": lang, "bank": "bank2", "messages": messages,
            "questions": questions}


def make_bank(seed: int = SEED) -> list[dict[str, Any]]:
    """The whole bank, reproducible from ``seed``."""
    rng = random.Random(seed)
    return [_dialog(i, lang, rng) for i, lang in enumerate(LANGS)]


if __name__ == "__main__":
    json.dump(make_bank(), sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
