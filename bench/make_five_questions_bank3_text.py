"""The words of the third five-questions bank (see ``make_five_questions_bank3.py``): values,
fact phrasings, corrections, questions and small talk in English, Russian and Japanese."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

Said = list[tuple[str, str]]
EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]
RU_MONTHS = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
             "сентября", "октября", "ноября", "декабря"]
DATABASES = [("ClickHouse", "Cassandra"), ("CockroachDB", "MySQL"), ("Redis", "Memcached"),
             ("DynamoDB", "Couchbase"), ("SQLite", "Firebird"), ("Neo4j", "ArangoDB")]
TOOLS = ["Jenkins", "Terraform Cloud", "Sentry", "Confluence", "Zapier", "Tableau"]
AGENCIES = ["Studio Kettle", "Foxglove Design", "Paperplane Labs", "Inkwell & Co", "Brightside Studio",
            "Lantern Works"]

VALUES: dict[str, dict[str, Any]] = {
    "en": {
        "projects": ["Harbor", "Juniper", "Quartz", "Meridian"],
        "people": ["Rosalind", "Evander", "Clementine", "Barnaby", "Wilhelmina", "Thaddeus", "Seraphina"],
        "sponsors": ["Augustin", "Henrietta", "Lysander", "Perpetua"],
        "offices": ["Edinburgh", "Rotterdam", "Leipzig", "Gothenburg", "Toulouse", "Bologna"],
        "prices": list(range(110, 390, 10)),
        "databases": DATABASES, "tools": TOOLS, "agencies": AGENCIES,
        "reasons": ["it kept timing out on large builds", "nobody on the team could maintain it",
                    "the licence renewal tripled", "it stored our tokens in plain text"],
        "date": lambda m, d: (f"{d} {EN_MONTHS[m]}", f"{EN_MONTHS[m]} {d}"),
        "acks": ["Noted.", "Okay, got it.", "Understood.", "Thanks for the update."],
        "prompt": "Can we check where the project stands?",
    },
    "ru": {
        "projects": ["Кедр", "Sapsan", "Ладья", "Polaris"],
        "people": [("Борис", "Бориса", "Борису", "Борисом"), ("Глеб", "Глеба", "Глебу", "Глебом"),
                   ("Арсений", "Арсения", "Арсению", "Арсением"), ("Тимур", "Тимура", "Тимуру", "Тимуром"),
                   ("Савелий", "Савелия", "Савелию", "Савелием"), ("Вадим", "Вадима", "Вадиму", "Вадимом")],
        "sponsors": [("Лев", "Льва", "Льву", "Львом"), ("Эдуард", "Эдуарда", "Эдуарду", "Эдуардом"),
                     ("Всеволод", "Всеволода", "Всеволоду", "Всеволодом")],
        "offices": [("Новосибирск", "Новосибирске"), ("Екатеринбург", "Екатеринбурге"), ("Самара", "Самаре"),
                    ("Тверь", "Твери"), ("Пермь", "Перми"), ("Томск", "Томске")],
        "prices": list(range(110, 390, 10)),
        "databases": DATABASES, "tools": TOOLS, "agencies": AGENCIES,
        "reasons": ["он падал на больших сборках", "его некому было поддерживать",
                    "продление лицензии подорожало втрое", "он хранил токены открытым текстом"],
        "date": lambda m, d: (f"{d} {RU_MONTHS[m]}",),
        "acks": ["Записал.", "Хорошо, понял.", "Принято.", "Спасибо, учту."],
        "prompt": "Давай сверим, что по проекту.",
    },
    "ja": {
        "projects": ["アオバ", "Tsubame", "ヒカリ", "Kumo"],
        "people": ["ユウタ", "アカリ", "ショウタ", "チヒロ", "レン", "サクラ"],
        "sponsors": ["ヒロシ", "ミチコ", "タケシ"],
        "offices": ["大阪", "名古屋", "仙台", "広島", "神戸", "横浜"],
        "prices": list(range(1100, 3900, 100)),
        "databases": DATABASES, "tools": TOOLS, "agencies": AGENCIES,
        "reasons": ["大きなビルドでタイムアウトが続いた", "保守できる人がいなかった",
                    "ライセンス更新が三倍になった", "トークンを平文で保存していた"],
        "date": lambda m, d: (f"{m + 1}月{d}日",),
        "acks": ["承知しました。", "了解です。", "メモしておきます。", "ありがとうございます。"],
        "prompt": "プロジェクトの状況を整理しましょう。",
    },
}


def _en(p: str, v: dict[str, Any]) -> dict[str, list[Said]]:
    o, s, d, (x, y), c, pr = v["owner"], v["sponsor"], v["beta"][1], v["database"], v["contract"], v["price"]
    off, t, r, a, cov = v["office"], v["tool"], v["reason"], v["agency"], v["coverage"]
    return {
        "owner": [[("user", f"{o} owns the product backlog for {p}.")],
                  [("user", f"Product owner on {p} is {o}.")],
                  [("user", f"Scope questions on {p} go to {o} from now on.")],
                  [("user", f"We asked {o} to be the PO for {p} and the answer was yes.")],
                  [("user", f"{o} will prioritise the {p} backlog.")],
                  [("user", f"Somebody finally agreed to own the {p} backlog."), ("user", f"{o} did.")],
                  [("assistant", f"So {o} is the product owner for {p}?"), ("user", "That's it.")]],
        "sponsor": [[("user", f"{s} is the executive sponsor of {p}.")],
                    [("user", f"On the leadership team, {p} is backed by {s}.")],
                    [("user", f"{s} agreed to sponsor {p} at board level.")],
                    [("user", f"If {p} needs air cover, {s} is our sponsor.")],
                    [("user", f"The sponsor for {p} will be {s}.")],
                    [("user", f"Leadership wanted one name as sponsor for {p}."), ("user", f"{s} stepped up.")]],
        "beta": [[("user", f"The {p} beta opens on {d}.")],
                 [("user", f"Beta testers get access to {p} on {d}.")],
                 [("user", f"We're targeting {d} for the {p} beta.")],
                 [("user", f"{d} is beta day for {p}.")],
                 [("user", f"First outside users see {p} on {d}, in the beta.")],
                 [("user", f"We nailed down when the {p} beta starts."), ("user", f"{d}.")],
                 [("assistant", f"So the {p} beta starts on {d}?"), ("user", "Right.")]],
        "database": [[("user", f"{p} keeps its data in {x}.")],
                     [("user", f"We picked {x} over {y} as the {p} database.")],
                     [("user", f"{x} will be the datastore behind {p}.")],
                     [("user", f"For {p} storage we're using {x}; {y} was too heavy.")],
                     [("user", f"The {p} database is {x}.")],
                     [("user", f"We compared {y} and {x} for {p} all week."), ("user", f"{x} it is.")],
                     [("assistant", f"Which database did {p} end up with, {x} or {y}?"), ("user", f"{x}.")]],
        "contract": [[("user", f"The {p} contract runs for {c} months.")],
                     [("user", f"We signed a {c}-month deal for {p}.")],
                     [("user", f"{p}'s agreement is fixed at {c} months.")],
                     [("user", f"{c} months — that's how long the {p} engagement lasts.")],
                     [("user", f"The customer committed to {p} for {c} months.")],
                     [("assistant", f"How long is the {p} contract?"), ("user", f"{c} months.")]],
        "price": [[("user", f"{p} will cost {pr} euros per seat a month.")],
                  [("user", f"We're pricing {p} at €{pr} per user.")],
                  [("user", f"Per-seat price for {p}: {pr} euros.")],
                  [("user", f"Each {p} licence goes for {pr} EUR monthly.")],
                  [("user", f"Sales agreed on {pr} euros a seat for {p}.")],
                  [("assistant", f"To be clear, {p} is {pr} euros per seat?"), ("user", "Yes, exactly.")]],
        "office": [[("user", f"The {p} team sits in our {off} office.")],
                   [("user", f"{p} is run out of {off}.")],
                   [("user", f"Most of the people on {p} are based in {off}.")],
                   [("user", f"We're building {p} from the {off} office.")],
                   [("user", f"{off} is home base for {p}.")],
                   [("user", f"We decided where the {p} team will work."), ("user", f"The {off} office.")]],
        "dropped": [[("user", f"We dropped {t} because {r}.")],
                    [("user", f"{t} got cut: {r}.")],
                    [("user", f"We're not using {t} any more — {r}.")],
                    [("user", f"{t} was ruled out since {r}.")],
                    [("user", f"Security vetoed {t}; {r}.")],
                    [("user", f"We had to drop {t}."), ("user", f"Main reason: {r}.")]],
        "agency": [[("user", f"{a} will do the design work on {p}.")],
                   [("user", f"We hired {a} as the design agency for {p}.")],
                   [("user", f"The {p} design partner is {a}.")],
                   [("user", f"{a} won the {p} design pitch.")],
                   [("user", f"Design for {p} is outsourced to {a}.")],
                   [("assistant", f"Who's doing the design for {p}?"), ("user", f"{a}.")]],
        "coverage": [[("user", f"{p} needs {cov}% test coverage before release.")],
                     [("user", f"Our coverage bar for {p} is {cov} percent.")],
                     [("user", f"No {p} merge below {cov}% coverage.")],
                     [("user", f"We set the {p} test coverage target at {cov}%.")],
                     [("user", f"QA wants {cov} percent coverage on {p}.")],
                     [("assistant", f"So the {p} coverage target is {cov}%?"), ("user", "Correct.")]],
    }


def _en_changes(p: str, kind: str, old: Any, new: Any) -> list[Said]:
    if kind == "owner":
        return [[("user", f"Actually, {new} is taking over the {p} backlog; {old} moved teams.")],
                [("user", f"Change of plan: {new} owns {p} now.")],
                [("user", f"Forget {old} for {p} — the product owner is {new}.")],
                [("user", f"{old} handed {p} over to {new} this morning.")],
                [("user", "Small fix to what I said about the product owner."),
                 ("user", f"On {p} it's {new}, not {old}.")]]
    if kind == "beta":
        o, n = old[1], new[1]
        return [[("user", f"Actually the {p} beta slipped to {n}.")],
                [("user", f"Change of plan: the {p} beta opens {n} instead.")],
                [("user", f"Forget {o}, the {p} beta is on {n}.")],
                [("user", f"We pushed the {p} beta back to {n}.")],
                [("user", f"Heads-up on the {p} beta."), ("user", f"It moved to {n}.")]]
    if kind == "price":
        return [[("user", f"Actually sales lowered the {p} price to {new} euros a seat.")],
                [("user", f"Change of plan: {p} is {new} euros per seat, not {old}.")],
                [("user", f"Forget the {old} euros for {p}; it's {new} now.")],
                [("user", f"We repriced {p} at {new} euros per user.")],
                [("user", f"News on {p} pricing."), ("user", f"{new} euros per seat from now on.")]]
    return [[("user", f"Actually the {p} team is moving to {new}.")],
            [("user", f"Change of plan: {p} will be run from {new}.")],
            [("user", f"Forget {old} for {p}, it's the {new} office now.")],
            [("user", f"The {p} people relocated from {old} to {new}.")],
            [("user", f"An update on where {p} sits."), ("user", f"{new}, not {old}.")]]


def _ru(p: str, v: dict[str, Any]) -> dict[str, list[Said]]:
    o, s, d, (x, y), c, pr = v["owner"], v["sponsor"], v["beta"][0], v["database"], v["contract"], v["price"]
    (off, off_loc), t, r, a, cov = v["office"], v["tool"], v["reason"], v["agency"], v["coverage"]
    return {
        "owner": [[("user", f"Владелец продукта {p} — {o[0]}.")],
                  [("user", f"Бэклог {p} ведёт {o[0]}.")],
                  [("user", f"Все вопросы по объёму работ в {p} теперь к {o[2]}.")],
                  [("user", f"Попросили {o[1]} стать продакт-оунером {p}, он согласился.")],
                  [("user", f"Приоритеты в {p} расставляет {o[0]}.")],
                  [("user", f"Наконец нашёлся владелец бэклога {p}."), ("user", f"Это {o[0]}.")],
                  [("assistant", f"То есть продуктом {p} владеет {o[0]}?"), ("user", "Да, так и есть.")]],
        "sponsor": [[("user", f"Спонсор {p} со стороны руководства — {s[0]}.")],
                    [("user", f"{s[0]} согласился спонсировать {p} на уровне правления.")],
                    [("user", f"В правлении {p} поддерживает {s[0]}.")],
                    [("user", f"Если {p} понадобится прикрытие, наш спонсор — {s[0]}.")],
                    [("user", f"Спонсором {p} будет {s[0]}.")],
                    [("user", f"Руководство просило назвать одного спонсора {p}."), ("user", f"Вызвался {s[0]}.")]],
        "beta": [[("user", f"Бета {p} открывается {d}.")],
                 [("user", f"Бета-тестеры получат доступ к {p} {d}.")],
                 [("user", f"Целимся на {d} для беты {p}.")],
                 [("user", f"{d} — день беты {p}.")],
                 [("user", f"Первые внешние пользователи увидят {p} {d}, в бете.")],
                 [("user", f"Договорились, когда стартует бета {p}."), ("user", f"{d}.")],
                 [("assistant", f"Значит, бета {p} стартует {d}?"), ("user", "Верно.")]],
        "database": [[("user", f"{p} хранит данные в {x}.")],
                     [("user", f"В качестве базы для {p} выбрали {x}, а не {y}.")],
                     [("user", f"Хранилищем {p} будет {x}.")],
                     [("user", f"Для {p} берём {x}, {y} слишком тяжёлый.")],
                     [("user", f"База данных {p} — {x}.")],
                     [("user", f"Всю неделю сравнивали {y} и {x} для {p}."), ("user", f"Остановились на {x}.")],
                     [("assistant", f"Какую базу в итоге взяли для {p}, {x} или {y}?"), ("user", f"{x}.")]],
        "contract": [[("user", f"Контракт по {p} рассчитан на {c} месяцев.")],
                     [("user", f"Подписали договор по {p} на {c} месяцев.")],
                     [("user", f"Срок соглашения по {p} — {c} месяцев.")],
                     [("user", f"{c} месяцев — столько длится работа по {p}.")],
                     [("user", f"Заказчик обязался работать с нами по {p} {c} месяцев.")],
                     [("assistant", f"На какой срок контракт по {p}?"), ("user", f"На {c} месяцев.")]],
        "price": [[("user", f"{p} будет стоить {pr} евро за место в месяц.")],
                  [("user", f"Ставим цену {p} в {pr} евро за пользователя.")],
                  [("user", f"Цена за место в {p}: {pr} евро.")],
                  [("user", f"Каждая лицензия {p} — {pr} евро в месяц.")],
                  [("user", f"Продажи согласовали {pr} евро за место для {p}.")],
                  [("assistant", f"Уточню: {p} стоит {pr} евро за место?"), ("user", "Да, именно.")]],
        "office": [[("user", f"Команда {p} сидит в нашем офисе в {off_loc}.")],
                   [("user", f"{p} ведём из офиса в {off_loc}.")],
                   [("user", f"Большинство людей на {p} живут в {off_loc}.")],
                   [("user", f"Офис {p} — {off}.")],
                   [("user", f"{off} — домашняя база {p}.")],
                   [("user", f"Решили, где будет работать команда {p}."), ("user", f"В {off_loc}.")]],
        "dropped": [[("user", f"Отказались от {t}, потому что {r}.")],
                    [("user", f"{t} вычеркнули: {r}.")],
                    [("user", f"{t} больше не используем — {r}.")],
                    [("user", f"{t} отпал, так как {r}.")],
                    [("user", f"Безопасники запретили {t}: {r}.")],
                    [("user", f"Пришлось отказаться от {t}."), ("user", f"Главная причина: {r}.")]],
        "agency": [[("user", f"Дизайн {p} делает {a}.")],
                   [("user", f"Наняли {a} как дизайн-агентство для {p}.")],
                   [("user", f"Дизайн-партнёр {p} — {a}.")],
                   [("user", f"Тендер на дизайн {p} выиграла {a}.")],
                   [("user", f"Дизайн {p} отдали на аутсорс в {a}.")],
                   [("assistant", f"Кто делает дизайн {p}?"), ("user", f"{a}.")]],
        "coverage": [[("user", f"Для {p} нужно {cov}% покрытия тестами до релиза.")],
                     [("user", f"Планка покрытия для {p} — {cov} процентов.")],
                     [("user", f"Ни одного мержа в {p} ниже {cov}% покрытия.")],
                     [("user", f"Цель по покрытию тестами для {p} поставили {cov}%.")],
                     [("user", f"QA хочет {cov} процентов покрытия на {p}.")],
                     [("assistant", f"Значит, цель по покрытию {p} — {cov}%?"), ("user", "Верно.")]],
    }


def _ru_changes(p: str, kind: str, old: Any, new: Any) -> list[Said]:
    if kind == "owner":
        return [[("user", f"Вообще-то бэклог {p} забирает {new[0]}, {old[0]} перешёл в другую команду.")],
                [("user", f"Планы поменялись: владелец {p} теперь {new[0]}.")],
                [("user", f"Забудь про {old[1]}, продукт {p} ведёт {new[0]}.")],
                [("user", f"{old[0]} сегодня утром передал {p} {new[2]}.")],
                [("user", "Поправлю, что говорил про владельца продукта."),
                 ("user", f"В {p} это {new[0]}, а не {old[0]}.")]]
    if kind == "beta":
        return [[("user", f"Вообще-то бета {p} съехала на {new[0]}.")],
                [("user", f"Планы поменялись: бета {p} откроется {new[0]}.")],
                [("user", f"Забудь про {old[0]}, бета {p} будет {new[0]}.")],
                [("user", f"Бету {p} отодвинули на {new[0]}.")],
                [("user", f"Новости по бете {p}."), ("user", f"Перенесли на {new[0]}.")]]
    if kind == "price":
        return [[("user", f"Вообще-то продажи снизили цену {p} до {new} евро за место.")],
                [("user", f"Планы поменялись: {p} стоит {new} евро за место, а не {old}.")],
                [("user", f"Забудь про {old} евро для {p}, теперь {new}.")],
                [("user", f"Переоценили {p}: {new} евро за пользователя.")],
                [("user", f"Новости по цене {p}."), ("user", f"Теперь {new} евро за место.")]]
    return [[("user", f"Вообще-то команда {p} переезжает в офис в {new[1]}.")],
            [("user", f"Планы поменялись: {p} будем вести из офиса в {new[1]}.")],
            [("user", f"Забудь про {old[0]}, офис {p} теперь {new[0]}.")],
            [("user", f"Люди {p} переехали из офиса в {old[1]} в офис в {new[1]}.")],
            [("user", f"Новость о том, где сидит {p}."), ("user", f"{new[0]}, а не {old[0]}.")]]


def _ja(p: str, v: dict[str, Any]) -> dict[str, list[Said]]:
    o, s, d, (x, y), c, pr = v["owner"], v["sponsor"], v["beta"][0], v["database"], v["contract"], v["price"]
    off, t, r, a, cov = v["office"], v["tool"], v["reason"], v["agency"], v["coverage"]
    return {
        "owner": [[("user", f"{p}のプロダクトオーナーは{o}さんです。")],
                  [("user", f"{p}のバックログは{o}さんが管理します。")],
                  [("user", f"{p}の範囲についての質問は今後{o}さんへお願いします。")],
                  [("user", f"{o}さんに{p}のPOをお願いしたら、引き受けてくれました。")],
                  [("user", f"{p}の優先順位は{o}さんが決めます。")],
                  [("user", f"{p}のバックログの担当がやっと決まりました。"), ("user", f"{o}さんです。")],
                  [("assistant", f"では{p}のプロダクトオーナーは{o}さんですね？"), ("user", "はい、そうです。")]],
        "sponsor": [[("user", f"{p}の役員スポンサーは{s}さんです。")],
                    [("user", f"{s}さんが経営会議で{p}を後押ししてくれます。")],
                    [("user", f"{s}さんが{p}のスポンサーを引き受けました。")],
                    [("user", f"{p}で困ったときは、スポンサーの{s}さんに相談します。")],
                    [("user", f"{p}のスポンサーは{s}さんになります。")],
                    [("user", f"経営陣から{p}のスポンサーを一人決めるよう言われました。"),
                     ("user", f"{s}さんが名乗り出てくれました。")]],
        "beta": [[("user", f"{p}のベータ版は{d}に公開します。")],
                 [("user", f"ベータテスターは{d}から{p}を使えます。")],
                 [("user", f"{p}のベータは{d}を目標にしています。")],
                 [("user", f"{d}が{p}のベータ開始日です。")],
                 [("user", f"外部ユーザーが初めて{p}に触れるのは{d}のベータです。")],
                 [("user", f"{p}のベータ開始日が決まりました。"), ("user", f"{d}です。")],
                 [("assistant", f"{p}のベータは{d}開始ですね？"), ("user", "はい。")]],
        "database": [[("user", f"{p}のデータは{x}に保存します。")],
                     [("user", f"{p}のデータベースは{y}ではなく{x}を選びました。")],
                     [("user", f"{p}のデータストアは{x}になります。")],
                     [("user", f"{p}では{x}を使います。{y}は重すぎました。")],
                     [("user", f"{p}のDBは{x}です。")],
                     [("user", f"今週ずっと{p}用に{y}と{x}を比べていました。"), ("user", f"{x}に決めました。")],
                     [("assistant", f"{p}のデータベースは{x}と{y}のどちらになりましたか？"), ("user", f"{x}です。")]],
        "contract": [[("user", f"{p}の契約期間は{c}か月です。")],
                     [("user", f"{p}は{c}か月の契約を結びました。")],
                     [("user", f"{p}の契約は{c}ヶ月で固定です。")],
                     [("user", f"{c}か月、それが{p}の契約の長さです。")],
                     [("user", f"お客様は{p}を{c}か月使うと約束してくれました。")],
                     [("assistant", f"{p}の契約期間はどれくらいですか？"), ("user", f"{c}か月です。")]],
        "price": [[("user", f"{p}は1席あたり月{pr}円です。")],
                  [("user", f"{p}の価格はユーザー1人{pr}円にします。")],
                  [("user", f"{p}の席単価は{pr}円です。")],
                  [("user", f"{p}のライセンスは毎月{pr}円です。")],
                  [("user", f"営業と{p}は1席{pr}円で合意しました。")],
                  [("assistant", f"確認ですが、{p}は1席{pr}円ですね？"), ("user", "はい、その通りです。")]],
        "office": [[("user", f"{p}のチームは{off}オフィスにいます。")],
                   [("user", f"{p}は{off}から運営しています。")],
                   [("user", f"{p}のメンバーはほとんど{off}にいます。")],
                   [("user", f"{p}は{off}の拠点で開発します。")],
                   [("user", f"{off}が{p}の本拠地です。")],
                   [("user", f"{p}のチームの拠点を決めました。"), ("user", f"{off}オフィスです。")]],
        "dropped": [[("user", f"{t}は{r}ので、やめました。")],
                    [("user", f"{t}は外しました。{r}からです。")],
                    [("user", f"もう{t}は使いません。{r}ためです。")],
                    [("user", f"{r}ので、{t}は見送りました。")],
                    [("user", f"セキュリティチームが{t}を却下しました。{r}からです。")],
                    [("user", f"{t}をやめることになりました。"), ("user", f"一番の理由は、{r}ことです。")]],
        "agency": [[("user", f"{p}のデザインは{a}が担当します。")],
                   [("user", f"{p}のデザイン会社として{a}と契約しました。")],
                   [("user", f"{p}のデザインパートナーは{a}です。")],
                   [("user", f"{p}のデザインコンペは{a}が勝ちました。")],
                   [("user", f"{p}のデザインは{a}に外注します。")],
                   [("assistant", f"{p}のデザインはどこが担当しますか？"), ("user", f"{a}です。")]],
        "coverage": [[("user", f"{p}はリリース前にテストカバレッジ{cov}%が必要です。")],
                     [("user", f"{p}のカバレッジ基準は{cov}%です。")],
                     [("user", f"カバレッジが{cov}%未満なら{p}にはマージしません。")],
                     [("user", f"{p}のテストカバレッジ目標を{cov}%に設定しました。")],
                     [("user", f"QAは{p}に{cov}%のカバレッジを求めています。")],
                     [("assistant", f"{p}のカバレッジ目標は{cov}%ですね？"), ("user", "はい、そうです。")]],
    }


def _ja_changes(p: str, kind: str, old: Any, new: Any) -> list[Said]:
    if kind == "owner":
        return [[("user", f"実は{p}のバックログは{new}さんが引き継ぎます。{old}さんは別チームに移りました。")],
                [("user", f"予定変更です。{p}のオーナーは{new}さんになりました。")],
                [("user", f"{old}さんの件は忘れてください。{p}のプロダクトオーナーは{new}さんです。")],
                [("user", f"今朝{old}さんが{p}を{new}さんに引き継ぎました。")],
                [("user", "プロダクトオーナーについて一つ訂正です。"),
                 ("user", f"{p}は{old}さんではなく{new}さんです。")]]
    if kind == "beta":
        return [[("user", f"実は{p}のベータが{new[0]}にずれました。")],
                [("user", f"予定変更です。{p}のベータは{new[0]}に公開します。")],
                [("user", f"{old[0]}は忘れてください。{p}のベータは{new[0]}です。")],
                [("user", f"{p}のベータを{new[0]}に延期しました。")],
                [("user", f"{p}のベータについてお知らせです。"), ("user", f"{new[0]}に変わりました。")]]
    if kind == "price":
        return [[("user", f"実は営業が{p}の価格を1席{new}円に下げました。")],
                [("user", f"予定変更です。{p}は{old}円ではなく1席{new}円です。")],
                [("user", f"{old}円の話は忘れてください。{p}は今は{new}円です。")],
                [("user", f"{p}の価格を1ユーザー{new}円に改定しました。")],
                [("user", f"{p}の価格について連絡です。"), ("user", f"今後は1席{new}円です。")]]
    return [[("user", f"実は{p}のチームは{new}に移ります。")],
            [("user", f"予定変更です。{p}は{new}から運営します。")],
            [("user", f"{old}は忘れてください。{p}は今は{new}オフィスです。")],
            [("user", f"{p}のメンバーは{old}から{new}に移りました。")],
            [("user", f"{p}の拠点について更新です。"), ("user", f"{old}ではなく{new}です。")]]


FACTS: dict[str, Callable[[str, dict[str, Any]], dict[str, list[Said]]]] = {"en": _en, "ru": _ru, "ja": _ja}
CHANGES: dict[str, Callable[[str, str, Any, Any], list[Said]]] = {"en": _en_changes, "ru": _ru_changes,
                                                                  "ja": _ja_changes}

QUESTIONS = {
    "en": {"owner": "Who is the product owner of {p} now?", "sponsor": "Who sponsors {p}?",
           "beta": "When does the {p} beta open?", "database": "Which database does {p} use?",
           "contract": "How many months does the {p} contract run?", "price": "What is the price per seat of {p}?",
           "office": "Which office is the {p} team in?", "dropped": "Why did we drop {t}?",
           "agency": "Which agency designs {p}?", "coverage": "What test coverage does {p} need?"},
    "ru": {"owner": "Кто сейчас владелец продукта {p}?", "sponsor": "Кто спонсор {p}?",
           "beta": "Когда открывается бета {p}?", "database": "Какую базу данных использует {p}?",
           "contract": "На сколько месяцев контракт по {p}?", "price": "Сколько стоит место в {p}?",
           "office": "В каком офисе команда {p}?", "dropped": "Почему отказались от {t}?",
           "agency": "Какое агентство делает дизайн {p}?", "coverage": "Какое покрытие тестами нужно {p}?"},
    "ja": {"owner": "{p}のプロダクトオーナーは今誰ですか？", "sponsor": "{p}のスポンサーは誰ですか？",
           "beta": "{p}のベータはいつ公開ですか？", "database": "{p}はどのデータベースを使いますか？",
           "contract": "{p}の契約は何か月ですか？", "price": "{p}の席単価はいくらですか？",
           "office": "{p}のチームはどのオフィスですか？", "dropped": "なぜ{t}をやめたのですか？",
           "agency": "{p}のデザインはどの会社ですか？", "coverage": "{p}に必要なテストカバレッジは？"},
}

CHAT_PEOPLE = {"en": ["Mirabel", "Osgood", "Tamsin", "Rufus", "Imogen", "Caspian"],
               "ru": ["Дарина", "Мирон", "Василиса", "Ефим", "Милана", "Гордей"],
               "ja": ["ソウタ", "ユイ", "ハルト", "メイ", "カイト", "リコ"]}
CHAT_PLACES = {"en": ["Seville", "Dubrovnik", "Galway", "Tallinn", "Salzburg"],
               "ru": ["Выборг", "Коломна", "Иркутск", "Кострома", "Дербент"],
               "ja": ["函館", "奈良", "熊本", "松本", "長崎"]}


def _en_chat(rng: random.Random) -> tuple[str, str]:
    who, place = rng.choice(CHAT_PEOPLE["en"]), rng.choice(CHAT_PLACES["en"])
    n, big, m, day = rng.randint(2, 9), rng.randint(5000, 9999), rng.randrange(12), rng.randint(23, 28)
    return rng.choice([
        (f"{who} finished a {n}-hour hike near {place} on Sunday.", "That sounds exhausting but fun."),
        (f"I'm off to {place} on {EN_MONTHS[m]} {day} for my cousin's graduation.", "Enjoy it!"),
        (f"The espresso machine on floor {n} is broken again.", "Maybe try the one downstairs."),
        (f"{who} just got a puppy and won't stop showing photos.", "Puppies are the best distraction."),
        ("Could you shorten this email to three lines?", "Sure, here is a shorter version."),
        ("How do you spell 'accommodation'?", "Two c's and two m's: accommodation."),
        (f"The building has {big} visitors a month, according to reception.", "That's a lot of badges."),
        ("Ugh, Mondays.", "Hang in there."),
        (f"{who} is running the office quiz on the {day}th.", "Sounds like fun."),
        ("What's the difference between 'affect' and 'effect'?", "'Affect' is usually the verb, 'effect' the noun."),
        (f"Traffic was terrible, it took me {n} tries to find parking.", "That's frustrating."),
        (f"We watched a documentary about {place} last night.", "Was it good?"),
        ("Thanks, that's perfect.", "You're welcome."),
        (f"{who} is on holiday in {place} until {EN_MONTHS[m]} {day}.", "Hope the weather is kind."),
    ])


def _ru_chat(rng: random.Random) -> tuple[str, str]:
    who, place = rng.choice(CHAT_PEOPLE["ru"]), rng.choice(CHAT_PLACES["ru"])
    n, big, m, day = rng.randint(2, 9), rng.randint(5000, 9999), rng.randrange(12), rng.randint(23, 28)
    return rng.choice([
        (f"{who} в воскресенье прошла {n} часов пешком под городом {place}.", "Утомительно, но здорово."),
        (f"Я {day} {RU_MONTHS[m]} еду в {place} на выпускной к брату.", "Хорошей дороги!"),
        (f"Кофемашина на {n} этаже опять сломалась.", "Попробуй ту, что внизу."),
        (f"{who} завела щенка и всем показывает фотографии.", "Щенки отвлекают лучше всего."),
        ("Сократи, пожалуйста, это письмо до трёх строк.", "Вот короткая версия."),
        ("Как пишется: «в течение» или «в течении»?", "«В течение» — когда речь о времени."),
        (f"На ресепшене говорят, у нас {big} посетителей в месяц.", "Много пропусков."),
        ("Эх, понедельник.", "Держись."),
        (f"{who} проводит офисный квиз {day} {RU_MONTHS[m]}.", "Звучит весело."),
        (f"Пробки жуткие, парковку искал {n} раз.", "Неприятно."),
        (f"Вчера смотрели фильм про город {place}.", "Понравился?"),
        ("Спасибо, идеально.", "Пожалуйста."),
        (f"{who} в отпуске до {day} {RU_MONTHS[m]}.", "Пусть отдохнёт как следует."),
    ])


def _ja_chat(rng: random.Random) -> tuple[str, str]:
    who, place = rng.choice(CHAT_PEOPLE["ja"]), rng.choice(CHAT_PLACES["ja"])
    n, big, m, day = rng.randint(2, 9), rng.randint(5000, 9999), rng.randrange(12), rng.randint(23, 28)
    return rng.choice([
        (f"{who}さんが日曜日に{place}の近くで{n}時間ハイキングしたそうです。", "大変そうですが楽しそうですね。"),
        (f"{m + 1}月{day}日に{place}へいとこの卒業式に行きます。", "楽しんできてください。"),
        (f"{n}階のエスプレッソマシンがまた壊れています。", "下の階のを使ってみては？"),
        (f"{who}さんが子犬を飼い始めて、写真ばかり見せてきます。", "子犬は癒されますね。"),
        ("このメールを三行に縮めてもらえますか？", "はい、短くしたものです。"),
        ("「ご確認ください」と「ご確認をお願いします」の違いは？", "後者のほうが少し丁寧です。"),
        (f"受付によると、このビルには月に{big}人の来客があるそうです。", "すごい数ですね。"),
        ("月曜日はつらいですね。", "がんばりましょう。"),
        (f"{who}さんが{day}日に社内クイズ大会を開きます。", "楽しそうですね。"),
        (f"渋滞がひどくて、駐車場を探すのに{n}回も回りました。", "それは大変でしたね。"),
        (f"昨夜{place}のドキュメンタリーを見ました。", "面白かったですか？"),
        ("ありがとうございます、完璧です。", "どういたしまして。"),
        (f"{who}さんは{m + 1}月{day}日まで{place}で休暇中です。", "いい天気だといいですね。"),
    ])


CHAT: dict[str, Callable[[random.Random], tuple[str, str]]] = {"en": _en_chat, "ru": _ru_chat, "ja": _ja_chat}
