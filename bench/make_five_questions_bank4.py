"""Generate the fourth five-questions bank (issue 26): a held-out bank, only ever measured.

    python bench/make_five_questions_bank4.py > bench/data/five_questions_bank4.json

How it was written: by a helper that did not read the memory rules (nothing under
``src/threadkeep/memory/``). It read only ``make_five_questions_bank2.py`` for the JSON format
and the kinds of questions, and ``evals/five_questions.py`` for how answers and superseded
values are matched (``contains_token``, on token boundaries). Every sentence, name, project,
client, vendor and city here is new: none of bank 2's or bank 3's templates or names is reused.
The bank must never be used to tune the summariser or the fact rules; it is only measured.

Twelve dialogs, four each in English, Russian and Japanese, 160-260 messages each, an ISO
``time`` on every message (several days, increasing). Each dialog plants twelve kinds of
project facts — the lead, the QA owner, the executive sponsor, the budget, the launch date,
the chosen technology, why a vendor was refused, the client, the latency target, the hosting
region, the office city and the price per seat — each in one of five phrasings per kind and
language (some over two messages: the topic, then the value; or the assistant asks and the
person answers; or the assistant says it and the person confirms). Six of the eight kinds that
can change are corrected later, in one of four styles per kind and language ("update:",
"turns out", "forget X", "X stepped down"; "передумали", "вернее", "перенесли", "не X, а Y";
"やっぱり", "〜に変更になりました", "〜ではなく"; and a correction the assistant raises and the
person confirms). Between them: small talk (``"tag": "small_talk"``) with other names,
numbers, dates and places; open questions and agreed next steps (``"open_question"``,
``"next_step"``) that carry no planted value. Every planted value and correction lies before
the last 40 messages.

Number ranges are disjoint on purpose, so a value cannot be "found" in an unrelated number:
launch days 3-22, small-talk days 23-28, small-talk numbers 61-99 and 5003-9997, and each
numeric kind its own range. Seeded, so the file is reproducible.
"""

from __future__ import annotations

import json
import random
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

SEED = 4404
LANGS = ["en"] * 4 + ["ru"] * 4 + ["ja"] * 4
KEEP_CLEAR = 40
KINDS = ("lead", "qa", "sponsor", "budget", "launch", "tech", "vendor", "client", "slo", "region",
         "office", "price")
CHANGEABLE = ("lead", "qa", "budget", "launch", "region", "office", "price", "tech")
N_CHANGED = 6
KIND_OF = {"lead": "name", "qa": "name", "sponsor": "name", "client": "name", "budget": "number",
           "slo": "number", "price": "number", "launch": "date", "tech": "decision", "vendor": "reason",
           "region": "place", "office": "place"}

EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
             "October", "November", "December"]
RU_MONTHS = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября",
             "октября", "ноября", "декабря"]

# --- values -------------------------------------------------------------------------------
# Russian people: (nom, gen, dat, acc, ins, feminine)
RU_PEOPLE = {
    "lead": [("Аркадий", "Аркадия", "Аркадию", "Аркадия", "Аркадием", False),
             ("Елизавета", "Елизаветы", "Елизавете", "Елизавету", "Елизаветой", True),
             ("Никита", "Никиты", "Никите", "Никиту", "Никитой", False),
             ("Полина", "Полины", "Полине", "Полину", "Полиной", True),
             ("Константин", "Константина", "Константину", "Константина", "Константином", False),
             ("Вероника", "Вероники", "Веронике", "Веронику", "Вероникой", True)],
    "qa": [("Кирилл", "Кирилла", "Кириллу", "Кирилла", "Кириллом", False),
           ("Таисия", "Таисии", "Таисии", "Таисию", "Таисией", True),
           ("Семён", "Семёна", "Семёну", "Семёна", "Семёном", False),
           ("Алина", "Алины", "Алине", "Алину", "Алиной", True),
           ("Денис", "Дениса", "Денису", "Дениса", "Денисом", False),
           ("Жанна", "Жанны", "Жанне", "Жанну", "Жанной", True)],
    "sponsor": [("Геннадий Павлович", "Геннадия Павловича", "Геннадию Павловичу", "Геннадия Павловича",
                 "Геннадием Павловичем", False),
                ("Маргарита Львовна", "Маргариты Львовны", "Маргарите Львовне", "Маргариту Львовну",
                 "Маргаритой Львовной", True),
                ("Олег Борисович", "Олега Борисовича", "Олегу Борисовичу", "Олега Борисовича",
                 "Олегом Борисовичем", False),
                ("Ирина Сергеевна", "Ирины Сергеевны", "Ирине Сергеевне", "Ирину Сергеевну",
                 "Ириной Сергеевной", True)],
}
PEOPLE = {
    "en": {"lead": ["Anneliese", "Florian", "Bettina", "Casimir", "Delphine", "Ewan"],
           "qa": ["Marisol", "Oswin", "Niamh", "Soren", "Rowena", "Verity"],
           "sponsor": ["Hollis", "Odette", "Peregrine", "Maude"]},
    "ru": RU_PEOPLE,
    "ja": {"lead": ["田村", "小野寺", "石川", "望月", "今井", "杉山"],
           "qa": ["大塚", "藤原", "平野", "松井", "西田", "北條"],
           "sponsor": ["黒木", "高峰", "白石", "菅原"]},
}
# Cities. Russian: (nom, prep, acc, gen)
CITIES = {
    "en": {"region": ["Zurich", "Milan", "Oslo", "Madrid", "Vienna", "Brussels"],
           "office": ["Leeds", "Bristol", "Glasgow", "Cardiff", "Belfast", "Norwich"]},
    "ru": {"region": [("Варшава", "Варшаве", "Варшаву", "Варшавы"), ("Мадрид", "Мадриде", "Мадрид", "Мадрида"),
                      ("Осло", "Осло", "Осло", "Осло"), ("Вена", "Вене", "Вену", "Вены"),
                      ("Цюрих", "Цюрихе", "Цюрих", "Цюриха"), ("Париж", "Париже", "Париж", "Парижа")],
           "office": [("Ярославль", "Ярославле", "Ярославль", "Ярославля"),
                      ("Воронеж", "Воронеже", "Воронеж", "Воронежа"), ("Рязань", "Рязани", "Рязань", "Рязани"),
                      ("Калуга", "Калуге", "Калугу", "Калуги"), ("Тула", "Туле", "Тулу", "Тулы"),
                      ("Уфа", "Уфе", "Уфу", "Уфы")]},
    "ja": {"region": ["東京", "台北", "ムンバイ", "香港", "ジャカルタ", "シカゴ"],
           "office": ["川崎", "浜松", "岡山", "新潟", "静岡", "横須賀"]},
}
PROJECTS = {"en": ["Kestrel", "Tamarind", "Pebble", "Wayfarer"],
            "ru": ["Angara", "Taiga", "Onega", "Selenga"],
            "ja": ["Hotaru", "Kawasemi", "イチョウ", "Minato"]}
# Russian clients: (nom, gen, ins)
CLIENTS = {"en": ["Harrowgate Insurance", "Bellwether Freight", "Tidewater Bank", "Copperleaf Retail",
                  "Marlow Pharma", "Quayside Energy"],
           "ru": [("Стройинвест", "Стройинвеста", "Стройинвестом"), ("Медтехника", "Медтехники", "Медтехникой"),
                  ("Kvant Logistics", "Kvant Logistics", "Kvant Logistics"),
                  ("Агроресурс", "Агроресурса", "Агроресурсом"), ("Volga Retail", "Volga Retail", "Volga Retail")],
           "ja": ["北斗運輸", "みなと信金", "富士見製薬", "東雲電機", "白樺フーズ", "明星ホテルズ"]}
VENDORS = ["Nimbus Grid", "Castlerock Hosting", "Orbitra", "Silverline IT", "Tessellate", "Kraken Ops"]
# (reason clause, accepted key strings)
REASONS = {
    "en": [("they could not show us a SOC 2 report", ["SOC 2"]),
           ("their support only works Pacific hours", ["Pacific hours", "Pacific"]),
           ("they wanted a five-year lock-in", ["lock-in", "five-year", "five years"]),
           ("they had a data breach they never disclosed", ["breach"]),
           ("their quote was three times the others", ["three times"])],
    "ru": [("у них нет сертификата ISO 27001", ["ISO 27001"]),
           ("они требуют предоплату за три года", ["предоплату", "предоплата", "предоплаты", "предоплатой"]),
           ("у них была утечка данных, о которой они промолчали",
            ["утечка", "утечки", "утечку", "утечкой", "утечке"]),
           ("их техподдержка отвечает по три дня", ["три дня", "трое суток"])],
    "ja": [("SOC 2のレポートを出せなかった", ["SOC 2", "SOC2"]), ("サポートが英語のみだった", ["英語のみ", "英語だけ"]),
           ("五年契約の縛りがあった", ["五年", "5年"]), ("過去の情報漏えいを公表していなかった", ["漏えい", "漏洩"]),
           ("見積もりが他社の三倍だった", ["三倍", "3倍"])],
}
# (category en, ru nom, ru gen, ja, chosen, rejected, later replacement)
TECH = [("message broker", "брокер сообщений", "брокера сообщений", "メッセージブローカー", "Pulsar", "NATS", "Redpanda"),
        ("frontend framework", "фронтенд-фреймворк", "фронтенд-фреймворка", "フロントエンドのフレームワーク",
         "Svelte", "Angular", "SolidJS"),
        ("search engine", "поисковый движок", "поискового движка", "検索エンジン", "OpenSearch", "Meilisearch",
         "Typesense"),
        ("workflow engine", "движок оркестрации", "движка оркестрации", "ワークフローエンジン", "Temporal",
         "Camunda", "Prefect"),
        ("time-series store", "хранилище временных рядов", "хранилища временных рядов", "時系列データベース",
         "TimescaleDB", "InfluxDB", "QuestDB"),
        ("CI system", "CI-система", "CI-системы", "CIツール", "Buildkite", "TeamCity", "Drone")]
# Numeric kinds, each its own range (see the docstring).
BUDGET = {"en": range(310, 600, 10), "ru": range(31, 60), "ja": range(1200, 3000, 100)}
PRICE = {"en": range(31, 60), "ru": range(450, 1950, 50), "ja": range(350, 1000, 50)}
SLO = range(120, 300, 5)

# --- fact phrasings: "u:" the person, "a:" the assistant -----------------------------------
FACTS: dict[str, dict[str, list[list[str]]]] = {
    "en": {
        "lead": [["u:{lead} is going to run {p} day to day."],
                 ["u:Heads up, {lead} said yes to leading {p}."],
                 ["u:If anyone asks who owns {p}, point them at {lead}."],
                 ["u:We still needed a lead for {p}.", "u:Okay, it's settled — {lead} takes it."],
                 ["a:So {lead} is the one leading {p}, correct?", "u:Yep, that's the plan."]],
        "qa": [["u:{qa} is our QA owner on {p}; nothing ships without that sign-off."],
               ["u:Testing for {p} sits with {qa}."],
               ["u:{qa} will sign off every {p} release from a quality point of view."],
               ["u:I asked around about who'd do QA on {p}.", "u:{qa} volunteered."],
               ["a:Do we have someone owning QA for {p} yet?", "u:Yes — {qa}."]],
        "sponsor": [["u:{sponsor} from the exec team is sponsoring {p}."],
                    ["u:Our sponsor upstairs for {p} is {sponsor}."],
                    ["u:{sponsor} agreed to be exec sponsor, so {p} has air cover now."],
                    ["u:Got the sponsor question sorted for {p}.", "u:{sponsor} is backing it."],
                    ["a:And the executive sponsor for {p} — that's {sponsor}, right?", "u:Right."]],
        "budget": [["u:Finance signed off ${budget}k for {p}."],
                   ["u:{p} has {budget} thousand dollars to play with this year."],
                   ["u:We got the number for {p}: ${budget},000, all in."],
                   ["u:The budget conversation for {p} finally happened.", "u:${budget}k, take it or leave it."],
                   ["a:What's the approved spend for {p}?", "u:{budget}k dollars."]],
        "launch": [["u:{p} goes live on {d_md}."],
                   ["u:We're targeting {d_dm} for the {p} launch."],
                   ["u:Launch for {p} is pencilled in for the {d_th}."],
                   ["u:Marketing asked for a firm date on {p}.", "u:We told them {d_md}."],
                   ["a:So {p} ships on {d_md}, yes?", "u:That's the one."]],
        "tech": [["u:For the {cat} on {p} we went with {x}; {y} lost out."],
                 ["u:{p} is getting {x} as its {cat}."],
                 ["u:We benchmarked {y} and {x} for {p}. {x} it is."],
                 ["u:Big decision on {p} today: the {cat}.", "u:{x}. {y} was too heavy for us."],
                 ["a:Which {cat} did the {p} team settle on?", "u:{x}."]],
        "vendor": [["u:We passed on {vendor} because {reason}."],
                   ["u:{vendor} is out of the running — {reason}."],
                   ["u:Told {vendor} no thanks today. Reason: {reason}."],
                   ["u:Quick one on {vendor}: we're not going with them.", "u:Mainly because {reason}."],
                   ["a:Why did procurement drop {vendor} in the end?", "u:Because {reason}."]],
        "client": [["u:{p} is for {cli}."],
                   ["u:The customer on {p} is {cli}, they're footing the bill."],
                   ["u:{cli} signed the order form for {p} yesterday."],
                   ["u:We finally have a paying customer for {p}.", "u:{cli}."],
                   ["a:Who's the end client for {p}?", "u:{cli}."]],
        "slo": [["u:{p} has to answer in under {ms} ms at p95."],
                ["u:Our latency SLO on {p} is {ms} milliseconds."],
                ["u:Anything above {ms} ms on {p} pages the on-call."],
                ["u:We agreed the latency target for {p} with the client.", "u:{ms} ms at the 95th percentile."],
                ["a:What latency are we committing to on {p}?", "u:{ms}ms p95."]],
        "region": [["u:{p} runs in the {region} region."],
                   ["u:We're putting the {p} servers in {region}."],
                   ["u:Data residency means {p} gets hosted in {region}."],
                   ["u:Ops picked a hosting region for {p}.", "u:{region}."],
                   ["a:Where will {p} be hosted?", "u:In {region}."]],
        "office": [["u:The {p} team sits in our {office} office."],
                   ["u:{p} is run out of {office}."],
                   ["u:Most of the {p} folks are based in {office}."],
                   ["u:We sorted out where the {p} team will work from.", "u:{office}, second floor."],
                   ["a:Which office is the {p} team in?", "u:{office}."]],
        "price": [["u:We're charging ${price} per seat per month for {p}."],
                  ["u:{p} pricing: {price} dollars a seat."],
                  ["u:Sales will quote ${price}/seat for {p}."],
                  ["u:Pricing for {p} got agreed.", "u:${price} a seat, monthly."],
                  ["a:What's the per-seat price on {p}?", "u:${price} a month."]],
    },
    "ru": {
        "lead": [["u:{p} будет вести {lead}."],
                 ["u:Руководителем {p} назначили {lead_a}."],
                 ["u:По {p} все вопросы теперь к {lead_d} — проект ведёт {lead}."],
                 ["u:Нашли, кто возглавит {p}.", "u:{lead}, уже согласовали с начальством."],
                 ["a:То есть {p} руководит {lead}?", "u:Да, всё так."]],
        "qa": [["u:За тестирование {p} отвечает {qa}."],
               ["u:Приёмку по качеству на {p} берёт на себя {qa}."],
               ["u:Без подписи {qa_g} релизы {p} не выходят — {qa} у нас QA."],
               ["u:Спросил насчёт QA на {p}.", "u:Будет {qa}, уже в курсе."],
               ["a:Кто у нас по тестированию на {p}?", "u:{qa}."]],
        "sponsor": [["u:Спонсор {p} со стороны правления — {sponsor}."],
                    ["u:{sponsor} согласил{sponsor_sya} курировать {p} сверху."],
                    ["u:Наверху за {p} топит {sponsor}."],
                    ["u:Со спонсором по {p} разобрались.", "u:Это {sponsor}."],
                    ["a:Правильно понимаю, что спонсор {p} — {sponsor}?", "u:Да, верно."]],
        "budget": [["u:На {p} выделили {budget} млн рублей."],
                   ["u:Бюджет {p} утвердили: {budget} {budget_w}."],
                   ["u:Финансисты дали добро на {budget} млн на {p}."],
                   ["u:По деньгам на {p} наконец ответили.", "u:{budget} млн рублей, больше не будет."],
                   ["a:Сколько в итоге утвердили на {p}?", "u:{budget} {budget_w} рублей."]],
        "launch": [["u:{p} запускаем {d}."],
                   ["u:Релиз {p} назначен на {d}."],
                   ["u:Выходим в прод с {p} {d_go}."],
                   ["u:Маркетинг просил дату запуска {p}.", "u:Сказали им: {d}."],
                   ["a:Значит, {p} выходит {d}?", "u:Да, {d}."]],
        "tech": [["u:В качестве {cat_g} для {p} берём {x}, {y} не подошёл."],
                 ["u:Для {p} выбрали {x}."],
                 ["u:Сравнили {y} и {x} на {p} — остановились на {x}."],
                 ["u:По {p} решали, что брать в качестве {cat_g}.", "u:Взяли {x}."],
                 ["a:На чём в итоге строим {p}: {x} или {y}?", "u:{x}."]],
        "vendor": [["u:От {vendor} отказались, потому что {reason}."],
                   ["u:{vendor} не берём: {reason}."],
                   ["u:С {vendor} работать не будем — {reason}."],
                   ["u:По {vendor} решение отрицательное.", "u:Причина простая: {reason}."],
                   ["a:Почему {vendor} в итоге отпали?", "u:Потому что {reason}."]],
        "client": [["u:{p} делаем для {cli_g}."],
                   ["u:Заказчик {p} — {cli}."],
                   ["u:С {cli_i} подписали договор по {p}."],
                   ["u:Появился заказчик на {p}.", "u:{cli}, договор уже у юристов."],
                   ["a:А кто заказчик {p}?", "u:{cli}."]],
        "slo": [["u:{p} должен отвечать быстрее {ms} мс на 95-м перцентиле."],
                ["u:SLO по задержке для {p} — {ms} миллисекунд."],
                ["u:Если {p} отвечает дольше {ms} мс, дежурному прилетает алерт."],
                ["u:С заказчиком договорились о задержке для {p}.", "u:{ms} мс, p95."],
                ["a:Какую задержку обещаем по {p}?", "u:{ms} мс."]],
        "region": [["u:{p} хостим в {region_p}."],
                   ["u:Серверы {p} будут стоять в {region_p}."],
                   ["u:Из-за требований к хранению данных {p} разворачиваем в {region_p}."],
                   ["u:Админы выбрали регион для {p}.", "u:{region}."],
                   ["a:Где будет размещаться {p}?", "u:В {region_p}."]],
        "office": [["u:Команда {p} сидит в офисе в {office_p}."],
                   ["u:{p} делают ребята из {office_g}."],
                   ["u:Основная часть команды {p} — в {office_p}."],
                   ["u:Решили, откуда будет работать команда {p}.", "u:Из {office_g}, там свободный этаж."],
                   ["a:Из какого офиса работает команда {p}?", "u:Из {office_g}."]],
        "price": [["u:Одно место в {p} стоит {price} рублей в месяц."],
                  ["u:Цена {p} — {price} ₽ за пользователя."],
                  ["u:Продажи будут предлагать {p} по {price} рублей за место."],
                  ["u:Согласовали цену на {p}.", "u:{price} рублей за место в месяц."],
                  ["a:Почём продаём место в {p}?", "u:По {price} рублей."]],
    },
    "ja": {
        "lead": [["u:{p}は{lead}さんがリードすることになりました。"],
                 ["u:{p}の取りまとめは{lead}さんにお願いしました。"],
                 ["u:{p}のことなら{lead}さんに聞いてね、責任者だから。"],
                 ["u:{p}のリーダー、決まったよ。", "u:{lead}さん。"],
                 ["a:{p}の責任者は{lead}さんで合っていますか？", "u:うん、合ってる。"]],
        "qa": [["u:{p}のQAは{qa}さんが担当します。"],
               ["u:{p}の品質チェックは{qa}さんにお任せしています。"],
               ["u:{qa}さんのOKが出ないと{p}はリリースできません。QA担当なので。"],
               ["u:{p}のテスト担当を探してたんだけど、", "u:{qa}さんが引き受けてくれた。"],
               ["a:{p}のQA担当はどなたですか？", "u:{qa}さんです。"]],
        "sponsor": [["u:{p}のスポンサーは役員の{sponsor}さんです。"],
                    ["u:{sponsor}さんが{p}の後ろ盾になってくれました。"],
                    ["u:経営側で{p}を推しているのは{sponsor}さんです。"],
                    ["u:{p}のスポンサーの件、", "u:{sponsor}さんに決まりました。"],
                    ["a:{p}のスポンサーは{sponsor}さんという理解でよろしいですか？", "u:はい、それで大丈夫です。"]],
        "budget": [["u:{p}の予算、{budget}万円で通りました。"],
                   ["u:経理から{p}に{budget}万円出ることになった。"],
                   ["u:{p}は総額{budget}万円でやります。"],
                   ["u:{p}のお金の話ですが、", "u:{budget}万円で承認されました。"],
                   ["a:{p}の承認額はいくらになりましたか？", "u:{budget}万円です。"]],
        "launch": [["u:{p}は{d}に本番公開です。"],
                   ["u:{p}のローンチは{d}を目指しています。"],
                   ["u:{d}に{p}をリリースする予定だよ。"],
                   ["u:{p}の公開日、営業に聞かれたので", "u:{d}と伝えました。"],
                   ["a:{p}のリリースは{d}で確定でしょうか？", "u:はい、確定です。"]],
        "tech": [["u:{p}の{cat}は{x}に決めました。{y}は見送りです。"],
                 ["u:{p}では{x}を使うことにした。"],
                 ["u:{y}と{x}を比べて、{p}は{x}でいきます。"],
                 ["u:{p}の{cat}の件、", "u:{x}に決まったよ。"],
                 ["a:{p}の{cat}は何になりましたか？", "u:{x}です。"]],
        "vendor": [["u:{vendor}は{reason}ので、お断りしました。"],
                   ["u:{vendor}はナシになりました。{reason}からです。"],
                   ["u:{reason}ため、{vendor}とは契約しません。"],
                   ["u:{vendor}の件ですが、見送りです。", "u:{reason}のが決め手でした。"],
                   ["a:{vendor}を選ばなかった理由は何ですか？", "u:{reason}からです。"]],
        "client": [["u:{p}は{cli}さん向けの案件です。"],
                   ["u:{p}のお客さんは{cli}です。"],
                   ["u:{cli}から{p}の正式な発注が来ました。"],
                   ["u:{p}の顧客が決まりました。", "u:{cli}です。"],
                   ["a:{p}の発注元はどちらですか？", "u:{cli}さんです。"]],
        "slo": [["u:{p}はp95で{ms}ミリ秒以内に返す必要があります。"],
                ["u:{p}のレイテンシSLOは{ms}msです。"],
                ["u:{p}で{ms}msを超えたらアラートが飛びます。"],
                ["u:{p}のレイテンシ目標、お客さんと合意したよ。", "u:p95で{ms}ms。"],
                ["a:{p}の応答時間の目標はどれくらいですか？", "u:{ms}msです。"]],
        "region": [["u:{p}は{region}リージョンで動かします。"],
                   ["u:{p}のサーバーは{region}に置きます。"],
                   ["u:データの保管場所の関係で、{p}は{region}でホストします。"],
                   ["u:{p}のリージョン、インフラチームが決めました。", "u:{region}です。"],
                   ["a:{p}はどこでホストしますか？", "u:{region}です。"]],
        "office": [["u:{p}のチームは{office}オフィスにいます。"],
                   ["u:{p}は{office}拠点のメンバーで回しています。"],
                   ["u:{p}の人たちはほとんど{office}にいるよ。"],
                   ["u:{p}チームの席の件、", "u:{office}の事務所に決まりました。"],
                   ["a:{p}のチームはどちらの拠点ですか？", "u:{office}です。"]],
        "price": [["u:{p}は1ユーザー月額{price}円で売ります。"],
                  ["u:{p}の価格は1席{price}円です。"],
                  ["u:営業は{p}を1ライセンス{price}円で提案します。"],
                  ["u:{p}の値段、決まりました。", "u:1席あたり{price}円です。"],
                  ["a:{p}の1席あたりの料金はいくらですか？", "u:月{price}円です。"]],
    },
}

# --- corrections: {old}/{new} and their forms ------------------------------------------------
CHANGES: dict[str, dict[str, list[list[str]]]] = {
    "en": {
        "lead": [["u:Update: {old} stepped down, {new} runs {p} now."],
                 ["u:Turns out {old} can't take {p} after all — {new} is leading it."],
                 ["u:Forget {old} for {p}, it's {new}."],
                 ["a:Earlier you said {old} leads {p}, but the org chart shows {new}. Which is right?",
                  "u:{new} — that changed last week."]],
        "qa": [["u:Small change: QA on {p} moved from {old} to {new}."],
               ["u:{old} is on leave for months, so {new} owns QA for {p} now."],
               ["u:Forget {old}, {new} signs off QA on {p}."],
               ["a:Is {new} the QA owner on {p} now instead of {old}?", "u:Yes, {new} took it over."]],
        "budget": [["u:Update: the {p} budget got cut to ${new}k."],
                   ["u:Turns out finance can only do {new}k for {p}, not {old}k."],
                   ["u:Forget the {old}k, {p} is now at ${new}k."],
                   ["a:Just checking — is the {p} budget still {old}k or did it change?",
                    "u:It changed, it's {new}k now."]],
        "launch": [["u:Update: {p} slipped to {new_md}."],
                   ["u:We've moved the {p} launch to {new_dm}."],
                   ["u:Forget {old_md}, {p} goes live on {new_md}."],
                   ["a:The release calendar now shows {new_md} for {p} — is that the new date?",
                    "u:Yes, {new_md} is the date now."]],
        "region": [["u:Update: legal wants {p} in {new}, so we're moving it there."],
                   ["u:We've switched {p} hosting to {new}."],
                   ["u:Turns out {old} is full, {p} will be hosted in {new}."],
                   ["a:Did {p} move from {old} to {new}?", "u:It did, {new} is where it runs now."]],
        "office": [["u:Change of plan: the {p} team moves to the {new} office."],
                   ["u:Turns out the {old} lease fell through, so {p} works out of {new} now."],
                   ["u:Forget {old}, the {p} crew is based in {new}."],
                   ["a:So the {p} team is in {new} now rather than {old}?", "u:Correct."]],
        "price": [["u:Update: {p} is ${new} a seat now."],
                  ["u:Sales pushed back, we've switched {p} to ${new} per seat."],
                  ["u:Forget ${old}, {p} costs ${new} a seat per month."],
                  ["a:Should I use ${new} per seat for {p} from now on?", "u:Yes, ${new} is the new price."]],
        "tech": [["u:Update: we've switched {p} from {old} to {new}."],
                 ["u:Turns out {old} can't handle our load, so {p} uses {new} now."],
                 ["u:Forget {old}, the {cat} on {p} is {new}."],
                 ["a:Are we still on {old} for {p}, or was that replaced?", "u:Replaced — {new}."]],
    },
    "ru": {
        "lead": [["u:{old} {old_left} с проекта, теперь {p} ведёт {new}."],
                 ["u:Передумали: {p} будет вести не {old}, а {new}."],
                 ["u:По {p} руководитель — {old}, вернее, уже {new}: вчера передали дела."],
                 ["a:Вы говорили, что {p} ведёт {old}, а в оргструктуре уже {new}. Как правильно?",
                  "u:{new}, это свежее решение."]],
        "qa": [["u:Тестирование {p} передали от {old_g} к {new_d}."],
               ["u:{old} уходит в долгий отпуск, так что QA на {p} теперь {new}."],
               ["u:Передумали: приёмку по {p} будет делать {new}."],
               ["a:Получается, за тестирование {p} теперь отвечает {new}, а не {old}?", "u:Да, так."]],
        "budget": [["u:Бюджет {p} порезали до {new} млн."],
                   ["u:Передумали наверху: на {p} дают {new} млн, а не {old}."],
                   ["u:На {p} выделено {old}... вернее, уже {new} млн, пересчитали."],
                   ["a:Бюджет {p} по-прежнему {old} млн?", "u:Нет, теперь {new} млн."]],
        "launch": [["u:Запуск {p} перенесли на {new}."],
                   ["u:Передумали, {p} выходит не {old}, а {new}."],
                   ["u:Сдвинулись по {p}: теперь релиз {new_go}."],
                   ["a:В календаре релиз {p} стоит на {new}. Это новая дата?", "u:Да, перенесли на {new}."]],
        "region": [["u:{p} переезжает из {old_g} в {new_a}."],
                   ["u:Передумали с регионом: {p} будет в {new_p}."],
                   ["u:Хостим {p} не в {old_p}, а в {new_p} — юристы настояли."],
                   ["a:Правильно, что {p} теперь размещаем в {new_p}?", "u:Да, в {new_p}."]],
        "office": [["u:Команду {p} перевели в офис в {new_p}."],
                   ["u:Передумали: {p} будет работать из {new_g}, не из {old_g}."],
                   ["u:В {old_p} аренду не продлили, так что {p} теперь в {new_p}."],
                   ["a:Команда {p} теперь сидит в {new_p}, верно?", "u:Верно, переехали."]],
        "price": [["u:Поменяли цену {p}: теперь {new} рублей за место."],
                  ["u:Передумали с ценой: {p} будет стоить {new} ₽, а не {old}."],
                  ["u:Место в {p} стоит {old}, вернее, уже {new} рублей — продажи пересчитали."],
                  ["a:Для {p} теперь считаем по {new} рублей за место?", "u:Да, по {new}."]],
        "tech": [["u:Перешли с {old} на {new} в {p}."],
                 ["u:Передумали: в {p} будет {new}, {old} не тянет нагрузку."],
                 ["u:Для {p} берём {new} вместо {old}."],
                 ["a:{p} всё ещё на {old}?", "u:Нет, уже на {new}."]],
    },
    "ja": {
        "lead": [["u:{p}のリーダーは{new}さんに変更になりました。"],
                 ["u:{old}さんが異動になったので、{p}は{new}さんが引き継ぎます。"],
                 ["u:やっぱり{p}は{old}さんではなく{new}さんが率いることになりました。"],
                 ["a:{p}の責任者が{new}さんに代わったと聞きましたが、本当ですか？", "u:はい、本当です。"]],
        "qa": [["u:{p}のQA担当は{new}さんに変更になりました。"],
               ["u:{old}さんが産休に入るので、{p}のQAは{new}さんにお願いしました。"],
               ["u:すみません、間違えました。{p}のQAは{old}さんではなく{new}さんです。"],
               ["a:{p}のQAは今{new}さんが見ているのですか？", "u:そうそう、{new}さんに代わったよ。"]],
        "budget": [["u:{p}の予算が{new}万円に変更になりました。"],
                   ["u:やっぱり{p}は{new}万円でいくことになった。"],
                   ["u:{p}の予算は{old}万円ではなく{new}万円でした。訂正します。"],
                   ["a:{p}の予算は{old}万円のままですか？", "u:いえ、{new}万円に変わりました。"]],
        "launch": [["u:{p}のリリースは{new}に延期になりました。"],
                   ["u:やっぱり{p}は{new}公開になりそう。"],
                   ["u:{p}の公開日は{old}ではなく{new}です。"],
                   ["a:{p}のリリース日が{new}になったと伺いましたが？", "u:はい、{new}に変わりました。"]],
        "region": [["u:{p}のリージョンは{new}に変更になりました。"],
                   ["u:やっぱり{p}は{new}でホストすることにしました。"],
                   ["u:{p}は{old}ではなく{new}に置きます。法務の指示です。"],
                   ["a:{p}は{new}へ移したのですね？", "u:はい、{new}に移しました。"]],
        "office": [["u:{p}チームは{new}オフィスに移ることになりました。"],
                   ["u:やっぱり{p}は{new}拠点でやることに。"],
                   ["u:{p}のチームは{old}ではなく{new}にいます。"],
                   ["a:{p}チームは今{new}にいるのですか？", "u:うん、先月{new}に引っ越したよ。"]],
        "price": [["u:{p}の価格が1席{new}円に変更になりました。"],
                  ["u:やっぱり{p}は{new}円にします。"],
                  ["u:{p}は{old}円ではなく{new}円で売ります。"],
                  ["a:{p}は1席{new}円で見積もってよいですか？", "u:はい、{new}円でお願いします。"]],
        "tech": [["u:{p}の{cat}は{new}に変更になりました。"],
                 ["u:やっぱり{old}はやめて、{p}は{new}にしました。"],
                 ["u:{p}は{old}ではなく{new}でいきます。"],
                 ["a:{p}は{old}から{new}に乗り換えたのですか？", "u:はい、乗り換えました。"]],
    },
}

QUESTIONS = {
    "en": {"lead": "Who is in charge of {p} at the moment?", "qa": "Who signs off on QA for {p}?",
           "sponsor": "Who is the executive sponsor behind {p}?", "budget": "How much money does {p} have to spend?",
           "launch": "What's the go-live date for {p}?", "tech": "What did {p} go with for its {cat}?",
           "vendor": "What was the reason {vendor} got turned away?", "client": "Which customer is {p} for?",
           "slo": "What response-time target does {p} have to hit?",
           "region": "Which region do the {p} servers run in?",
           "office": "Which city does the {p} team work out of?",
           "price": "What's the per-seat price we're charging for {p}?"},
    "ru": {"lead": "Кто сейчас отвечает за {p}?", "qa": "Кто у {p} отвечает за тестирование?",
           "sponsor": "Кто спонсор {p} со стороны руководства?", "budget": "Сколько денег выделено на {p}?",
           "launch": "Когда запускаем {p}?", "tech": "Что взяли для {p} в качестве {cat_g}?",
           "vendor": "Почему отказали {vendor}?", "client": "Для какого заказчика делаем {p}?",
           "slo": "Какое целевое время ответа у {p}?", "region": "В каком регионе крутятся серверы {p}?",
           "office": "В каком городе сидит команда {p}?", "price": "Сколько стоит одно место в {p}?"},
    "ja": {"lead": "{p}の責任者は今どなたですか？", "qa": "{p}のQAの担当は誰ですか？",
           "sponsor": "{p}のスポンサー役員は誰ですか？", "budget": "{p}に使える予算はいくらですか？",
           "launch": "{p}の本番公開日はいつですか？", "tech": "{p}の{cat}は何に決まりましたか？",
           "vendor": "{vendor}を断った理由は何でしたか？", "client": "{p}の顧客はどこですか？",
           "slo": "{p}の応答時間の目標は何ミリ秒ですか？", "region": "{p}のサーバーはどのリージョンにありますか？",
           "office": "{p}のチームはどこの拠点で働いていますか？", "price": "{p}の1ユーザーあたりの月額はいくらですか？"},
}

# --- everything else: small talk, open questions, next steps, acknowledgements ----------------
CHAT_PEOPLE = {"en": ["Gideon", "Lorna", "Bram", "Ines", "Quentin", "Winnie"],
               "ru": [("Гриша", "Гриши"), ("Соня", "Сони"), ("Артём", "Артёма"), ("Нина", "Нины"),
                      ("Платон", "Платона"), ("Вера", "Веры")],
               "ja": ["中島", "吉岡", "橋本", "岡田", "野口", "三浦"]}
CHAT_PLACES = {"en": ["Ghent", "Ljubljana", "Cork", "Bergen", "Nantes"],
               "ru": [("Петрозаводск", "Петрозаводске", "Петрозаводска"), ("Тобольск", "Тобольске", "Тобольска"),
                      ("Геленджик", "Геленджике", "Геленджика"), ("Углич", "Угличе", "Углича"),
                      ("Астрахань", "Астрахани", "Астрахани")],
               "ja": ["鎌倉", "高松", "富山", "宇都宮", "松江"]}
CHAT = {
    "en": [("{who} just got back from {place} and brought chocolate for the whole floor.", "Nice of them."),
           ("My train was {n} minutes late this morning, again.", "That's rough."),
           ("Did you see {who} finished the half marathon? Bib number {big}.", "Great effort!"),
           ("We're doing a pub quiz on {mon} {day}, want to join?", "Sounds fun — good luck!"),
           ("Can you rephrase 'per my last email' so it sounds friendlier?",
            "Try: 'just following up on my earlier note.'"),
           ("{who} is moving to {place} next month.", "Exciting for them."),
           ("How do you spell 'accommodate'? I always get it wrong.", "Double c, double m: accommodate."),
           ("A hotel room in {place} was {big} for three nights, wild.", "That is a lot."),
           ("{who}'s dog ate a whole birthday cake yesterday.", "Oh no, hope the dog is fine."),
           ("The all-hands is on {mon} {day}, in room {big}.", "I'll remember that."),
           ("Any tips for a {n}-page report that nobody will read?", "Lead with a one-page summary."),
           ("I did a {n} km bike ride on Sunday, legs are dead.", "Rest up!")],
    "ru": [("У {who_g} сегодня день рождения, скинемся на подарок?", "Конечно, хорошая идея."),
           ("Электричка опять опоздала, просидел в ней лишних {n} мин.", "Сочувствую."),
           ("У {who_g} отпуск в {place_p}, завидую.", "Пусть хорошо отдохнёт."),
           ("Подскажи, как правильно: «в течение» или «в течении»?", "«В течение», когда речь о времени."),
           ("Корпоратив {day} {mon_g}, приходи!", "Спасибо, постараюсь."),
           ("Номер в гостинице в {place_p} — {big} руб. за ночь, ну и цены.", "Да, дороговато."),
           ("Перепиши помягче: «Вы опять не прислали отчёт».", "«Напомню про отчёт — очень его ждём»."),
           ("У {who_g} кот научился открывать холодильник.", "Ха, умный кот."),
           ("В субботу накатал на велике {n} км.", "Отличная прогулка!"),
           ("Книжный клуб переносится на {day} {mon_g}.", "Хорошо, учту."),
           ("У {who_g} куча фоток из {place_g}, вечером покажет.", "Надо будет посмотреть."),
           ("Посоветуй фильм на вечер.", "Попробуйте «Москва слезам не верит» — классика.")],
    "ja": [("{who}さんが{place}のお土産を配ってました。", "美味しそうですね。"),
           ("今朝の電車、{n}分も遅れた…", "それは大変でしたね。"),
           ("{mon}月{day}日に部署の飲み会があるよ。", "楽しんでください。"),
           ("「よろしくお願いします」をもう少し丁寧にしたいです。", "「何卒よろしくお願い申し上げます」はいかがでしょう。"),
           ("週末に{place}まで{n}キロ自転車で走った。", "すごい体力ですね！"),
           ("{who}さんちの猫が{n}日ぶりに帰ってきたって。", "よかったですね。"),
           ("この英文を自然にしてもらえますか：'I am very looking forward to it.'",
            "'I'm really looking forward to it.' が自然です。"),
           ("{place}のホテル、一泊{big}円だった。安い！", "お得ですね。"),
           ("健康診断は{mon}月{day}日だって。", "忘れないようにしましょう。"),
           ("おすすめのラーメン屋ある？", "駅前の味噌ラーメンが評判みたいです。"),
           ("{who}さんが来月{place}に転勤だそうです。", "寂しくなりますね。"),
           ("今日まだ{big}歩しか歩いてない。", "少し散歩しましょう。")],
}
OPEN = {
    "en": [("We still haven't decided whether {p} needs an offline mode.", "I'll keep that as an open question."),
           ("Nobody has answered yet whether {p} should support single sign-on on day one.", "Still open, then."),
           ("Open question: do we localise {p} before launch or after?", "Noted as undecided."),
           ("Still unclear who pays for the load-testing licences on {p}.", "That one is open.")],
    "ru": [("Так и не решили, нужен ли {p} офлайн-режим.", "Оставлю как открытый вопрос."),
           ("Открытый вопрос: делать ли вход через SSO в {p} с первого дня.", "Пока не решено."),
           ("Непонятно, локализуем {p} до запуска или после.", "Отмечу, что это не решено."),
           ("Кто платит за лицензии на нагрузочное тестирование {p} — до сих пор неясно.", "Да, вопрос открыт.")],
    "ja": [("{p}にオフライン機能が要るかどうか、まだ決まっていません。", "未決事項として残しておきます。"),
           ("{p}で初日からSSOに対応するか、まだ誰も答えていない。", "まだ未定ですね。"),
           ("未決：{p}の多言語対応はリリース前にやるか後にやるか。", "検討中として記録します。"),
           ("{p}の負荷試験ツールの費用をどこが持つか、まだ不明です。", "それは未決ですね。")],
}
NEXT = {
    "en": [("Next step: I'll draft the rollout checklist for {p} tomorrow.", "Great, I'll track it."),
           ("Action item — schedule a threat-modelling session for {p}.", "Added to the action items."),
           ("Let's agree: we send the API spec for {p} to the client by Friday.", "Agreed, noted as a next step."),
           ("Next: set up the staging environment for {p}.", "Got it, that's next.")],
    "ru": [("Следующий шаг: завтра набросаю чек-лист выкатки {p}.", "Отлично, отслежу."),
           ("Договорились: до пятницы отправляем заказчику спецификацию API {p}.", "Записал как следующий шаг."),
           ("Дальше — поднять стенд для {p}.", "Понял, это следующее."),
           ("Задача на неделю: провести моделирование угроз для {p}.", "Добавил в список дел.")],
    "ja": [("次のステップ：明日{p}の展開チェックリストを作ります。", "了解です、追っておきます。"),
           ("金曜までに{p}のAPI仕様をお客さんに送る、で合意しましょう。", "合意事項として記録しました。"),
           ("次は{p}のステージング環境を用意します。", "承知しました、次の作業ですね。"),
           ("今週中に{p}の脅威モデリングの会を設定します。", "タスクに追加しました。")],
}
ACKS = {"en": ["Noted.", "Got it.", "Okay, thanks.", "Understood.", "Makes sense."],
        "ru": ["Понял.", "Записал.", "Хорошо.", "Принято.", "Ясно, спасибо."],
        "ja": ["承知しました。", "了解です。", "なるほど。", "わかりました。", "メモしました。"]}
# What the assistant says between a topic and its value, both said by the person.
GO_ON = {"en": ["Go on.", "Okay — and?", "Yes?"], "ru": ["Так.", "Слушаю.", "И?"], "ja": ["はい。", "どうぞ。", "ええ。"]}
LEAD_IN = {"en": ["Let's go over {p} for a second.", "Can we check the {p} notes?"],
           "ru": ["Давай сверимся по {p}.", "Пройдёмся по заметкам {p}?"],
           "ja": ["{p}の件を少し確認させてください。", "{p}のメモを見直しましょう。"]}


def _ordinal(d: int) -> str:
    return f"{d}{'th' if 10 <= d % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th')}"


def _mln(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "миллион"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return "миллиона"
    return "миллионов"


def _date_keys(lang: str, year: int, month: int, day: int, prefix: str) -> dict[str, str]:
    if lang == "en":
        m = EN_MONTHS[month]
        return {f"{prefix}md": f"{m} {day}", f"{prefix}dm": f"{day} {m}", f"{prefix}th": f"{_ordinal(day)} of {m}"}
    if lang == "ru":
        return {prefix.rstrip("_") or "d": f"{day} {RU_MONTHS[month]}", f"{prefix}go": f"{day}-го {RU_MONTHS[month]}"}
    return {prefix.rstrip("_") or "d": f"{month + 1}月{day}日"}


def _date_answers(lang: str, year: int, month: int, day: int) -> list[str]:
    iso = f"{year}-{month + 1:02d}-{day:02d}"
    if lang == "en":
        m = EN_MONTHS[month]
        return [f"{m} {day}", f"{day} {m}", f"{m} {_ordinal(day)}", f"{_ordinal(day)} {m}",
                f"{_ordinal(day)} of {m}", iso]
    if lang == "ru":
        return [f"{day} {RU_MONTHS[month]}", f"{day}-го {RU_MONTHS[month]}", f"{day:02d}.{month + 1:02d}", iso]
    return [f"{month + 1}月{day}日", iso]


def _person_keys(lang: str, person: Any, key: str) -> dict[str, str]:
    if lang != "ru":
        return {key: person}
    nom, gen, dat, acc, ins, fem = person
    return {key: nom, f"{key}_g": gen, f"{key}_d": dat, f"{key}_a": acc, f"{key}_i": ins,
            f"{key}_sya": "ась" if fem else "ся", f"{key}_left": "ушла" if fem else "ушёл"}


def _city_keys(lang: str, city: Any, key: str) -> dict[str, str]:
    if lang != "ru":
        return {key: city}
    nom, prep, acc, gen = city
    return {key: nom, f"{key}_p": prep, f"{key}_a": acc, f"{key}_g": gen}


def _forms(lang: str, value: Any) -> list[str]:
    """Every form a person's name or a city is said in (Russian cases; first names alone)."""
    if lang != "ru":
        return [value]
    words = [v for v in value if isinstance(v, str)]
    firsts = [w.split()[0] for w in words if " " in w]
    return list(dict.fromkeys(words + firsts))


def _numbers(lang: str, kind: str, n: int) -> list[str]:
    if kind == "budget":
        return {"en": [str(n), f"{n}k", f"{n}K"], "ru": [str(n), f"{n} млн"], "ja": [f"{n}万円", f"{n}万", str(n)]}[lang]
    if kind == "slo":
        return [str(n), f"{n}ms", f"{n} ms"] + ([f"{n} мс"] if lang == "ru" else [f"{n}ミリ秒"] if lang == "ja" else [])
    return [str(n)] + {"en": [f"${n}"], "ru": [f"{n} ₽"], "ja": [f"{n}円"]}[lang]


def _values(lang: str, rng: random.Random) -> dict[str, Any]:
    ppl, cities = PEOPLE[lang], CITIES[lang]
    lead = rng.sample(ppl["lead"], 2)
    qa = rng.sample(ppl["qa"], 2)
    region = rng.sample(cities["region"], 2)
    office = rng.sample(cities["office"], 2)
    budget = rng.sample(list(BUDGET[lang]), 2)
    price = rng.sample(list(PRICE[lang]), 2)
    month = rng.randrange(5, 9)
    day = rng.randint(3, 13)
    tech = rng.choice(TECH)
    reason = rng.choice(REASONS[lang])
    return {"lead": lead, "qa": qa, "sponsor": rng.choice(ppl["sponsor"]), "region": region,
            "office": office, "budget": budget, "price": price, "launch": [(month, day),
                                                                          (month, day + rng.randint(4, 9))],
            "tech": tech, "vendor": rng.choice(VENDORS), "reason": reason,
            "client": rng.choice(CLIENTS[lang]), "slo": rng.choice(list(SLO))}


def _keys(lang: str, p: str, v: dict[str, Any], year: int) -> dict[str, str]:
    cat_en, cat_ru, cat_ru_g, cat_ja, x, y, _ = v["tech"]
    k: dict[str, str] = {"p": p, "x": x, "y": y, "vendor": v["vendor"], "reason": v["reason"][0],
                         "ms": str(v["slo"]), "budget": str(v["budget"][0]), "price": str(v["price"][0]),
                         "budget_w": _mln(v["budget"][0]),
                         "cat": {"en": cat_en, "ru": cat_ru, "ja": cat_ja}[lang], "cat_g": cat_ru_g}
    k |= _person_keys(lang, v["lead"][0], "lead") | _person_keys(lang, v["qa"][0], "qa")
    k |= _person_keys(lang, v["sponsor"], "sponsor")
    k |= _city_keys(lang, v["region"][0], "region") | _city_keys(lang, v["office"][0], "office")
    cli = v["client"]
    k |= {"cli": cli[0], "cli_g": cli[1], "cli_i": cli[2]} if lang == "ru" else {"cli": cli}
    k |= _date_keys(lang, year, *v["launch"][0], "d_")
    return k


def _change_keys(lang: str, kind: str, p: str, v: dict[str, Any], year: int) -> dict[str, str]:
    k = {"p": p, "cat": _keys(lang, p, v, year)["cat"]}
    if kind in ("lead", "qa"):
        return k | _person_keys(lang, v[kind][0], "old") | _person_keys(lang, v[kind][1], "new")
    if kind in ("region", "office"):
        return k | _city_keys(lang, v[kind][0], "old") | _city_keys(lang, v[kind][1], "new")
    if kind in ("budget", "price"):
        return k | {"old": str(v[kind][0]), "new": str(v[kind][1])}
    if kind == "tech":
        return k | {"old": v["tech"][4], "new": v["tech"][6]}
    return k | _date_keys(lang, year, *v["launch"][0], "old_") | _date_keys(lang, year, *v["launch"][1], "new_")


def _answers(lang: str, kind: str, v: dict[str, Any], year: int, which: int) -> list[str]:
    if kind in ("lead", "qa", "region", "office"):
        return _forms(lang, v[kind][which])
    if kind in ("budget", "price"):
        return _numbers(lang, kind, v[kind][which])
    if kind == "launch":
        return _date_answers(lang, year, *v["launch"][which])
    if kind == "tech":
        return [v["tech"][4 if which == 0 else 6]]
    if kind == "sponsor":
        return _forms(lang, v["sponsor"])
    if kind == "client":
        return _forms(lang, v["client"])
    if kind == "slo":
        return _numbers(lang, "slo", v["slo"])
    return list(v["reason"][1])


def _chat_pair(lang: str, rng: random.Random) -> tuple[str, str]:
    user, bot = rng.choice(CHAT[lang])
    who, place = rng.choice(CHAT_PEOPLE[lang]), rng.choice(CHAT_PLACES[lang])
    month = rng.randrange(12)
    k = {"n": rng.randint(61, 99), "big": rng.randint(5003, 9997), "day": rng.randint(23, 28),
         "mon": EN_MONTHS[month] if lang == "en" else month + 1, "mon_g": RU_MONTHS[month]}
    if lang == "ru":
        k |= {"who": who[0], "who_g": who[1], "place": place[0], "place_p": place[1], "place_g": place[2]}
    else:
        k |= {"who": who, "place": place}
    return user.format(**k), bot


def _dialog(n: int, lang: str, index: int, rng: random.Random) -> dict[str, Any]:
    p = PROJECTS[lang][index]
    year = 2026
    v = _values(lang, rng)
    keys = _keys(lang, p, v, year)
    changed = sorted(rng.sample(CHANGEABLE, N_CHANGED), key=CHANGEABLE.index)
    facts = [("fact", [m.format(**keys) for m in rng.choice(FACTS[lang][kind])]) for kind in KINDS]
    rng.shuffle(facts)
    fixes = [("fix", [m.format(**_change_keys(lang, kind, p, v, year))
                      for m in rng.choice(CHANGES[lang][kind])]) for kind in changed]
    rng.shuffle(fixes)
    opens = [(tag, [f"u:{u.format(p=p)}", f"a:{a}"]) for tag, pool in (("open_question", OPEN), ("next_step", NEXT))
             for u, a in rng.sample(pool[lang], 2)]
    planted = facts + fixes
    middle = fixes + opens[:1] + opens[2:3]
    rng.shuffle(middle)
    blocks = facts + middle
    target = rng.choice([170, 190, 210, 230, 250])

    messages: list[dict[str, str]] = []
    clock = datetime(2026, rng.randint(2, 4), rng.randint(2, 20), 8, 30, tzinfo=UTC)

    def say(role: str, text: str, tag: str | None = None) -> None:
        nonlocal clock
        if role == "user":
            clock += timedelta(minutes=rng.randint(2, 14))
            if rng.random() < 0.06:
                clock = (clock + timedelta(days=rng.randint(1, 2))).replace(hour=rng.randint(8, 10),
                                                                             minute=rng.randint(0, 59))
        else:
            clock += timedelta(seconds=rng.randint(6, 50))
        m = {"role": role, "text": text, "time": clock.isoformat().replace("+00:00", "Z")}
        if tag:
            m["tag"] = tag
        messages.append(m)

    def chat(count: int) -> None:
        for _ in range(count):
            u, a = _chat_pair(lang, rng)
            say("user", u, "small_talk")
            say("assistant", a, "small_talk")

    def block(tag: str, lines: list[str]) -> None:
        label = tag if tag in ("open_question", "next_step") else None
        for line in lines:
            role, text = ("user" if line[0] == "u" else "assistant"), line[2:]
            if role == "assistant" and messages and messages[-1]["role"] == "assistant":
                say("user", rng.choice(LEAD_IN[lang]).format(p=p))
            if role == "user" and messages and messages[-1]["role"] == "user":
                say("assistant", rng.choice(GO_ON[lang]))
            say(role, text, label)
        if messages[-1]["role"] == "user":
            say("assistant", rng.choice(ACKS[lang]), label)

    chat(rng.randint(1, 3))
    last_planted = 0
    for i, (tag, lines) in enumerate(blocks):
        block(tag, lines)
        if any(lines is b for _, b in planted):
            last_planted = len(messages)
        chat(rng.randint(1, 3) if i < len(facts) else rng.randint(2, 4))
    tail_needed = max(target - len(messages), KEEP_CLEAR + 4 - (len(messages) - last_planted))
    tail_blocks = [opens[1], opens[3]]
    chat_pairs = max(tail_needed // 2 - 4, 0)
    at = sorted(rng.sample(range(chat_pairs), 2)) if chat_pairs >= 2 else [0, 0]
    for j in range(chat_pairs):
        chat(1)
        for t, spot in zip(tail_blocks, at, strict=True):
            if spot == j:
                block(*t)
    while len(messages) < target:
        chat(1)
    assert len(messages) - last_planted >= KEEP_CLEAR, (n, len(messages), last_planted)
    assert 160 <= len(messages) <= 260, (n, len(messages))

    questions = []
    for kind in KINDS:
        q: dict[str, Any] = {"kind": KIND_OF[kind], "fact": kind,
                             "q": QUESTIONS[lang][kind].format(p=p, vendor=v["vendor"], cat=keys["cat"],
                                                               cat_g=keys["cat_g"])}
        if kind in changed:
            q["answers"] = _answers(lang, kind, v, year, 1)
            q["wrong"] = _answers(lang, kind, v, year, 0)
        else:
            q["answers"] = _answers(lang, kind, v, year, 0)
        questions.append(q)
    return {"id": f"bank4-{lang}-{index + 1:02d}", "lang": lang, "bank": "bank4", "messages": messages,
            "questions": questions}


def make_bank(seed: int = SEED) -> list[dict[str, Any]]:
    """The whole bank, reproducible from ``seed``."""
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    out = []
    for n, lang in enumerate(LANGS):
        out.append(_dialog(n, lang, seen.get(lang, 0), rng))
        seen[lang] = seen.get(lang, 0) + 1
    return out


if __name__ == "__main__":
    json.dump(make_bank(), sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
