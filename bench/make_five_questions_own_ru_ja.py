"""Generate our own Russian and Japanese five-questions bank for names and places (issue 26, j26r).

    python bench/make_five_questions_own_ru_ja.py > bench/data/five_questions_own_ru_ja.json

Written apart from the held-out banks, for tuning the extractive summariser on the kinds it
kept worst: who leads, owns or sponsors a project (Russian first name + patronymic, in
several grammatical cases; Japanese family names in kanji or katakana with さん), the client
company, the hosting region or office city (Japanese in kanji and katakana), why a vendor was
turned down and the chosen technology. Twelve phrasings per kind and language (the second
six further from any cue word); dialog ``i`` uses
phrasing ``i`` of every kind, so a miss points at one wording. Small talk around the facts
names other people, towns and firms. Seeded, reproducible.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

SEED = 2626

# (nominative, genitive, dative, instrumental) of first name + patronymic.
RU_PEOPLE = [
    ("Ирина Павловна", "Ирины Павловны", "Ирине Павловне", "Ириной Павловной"),
    ("Олег Викторович", "Олега Викторовича", "Олегу Викторовичу", "Олегом Викторовичем"),
    ("Марина Сергеевна", "Марины Сергеевны", "Марине Сергеевне", "Мариной Сергеевной"),
    ("Денис Аркадьевич", "Дениса Аркадьевича", "Денису Аркадьевичу", "Денисом Аркадьевичем"),
    ("Светлана Игоревна", "Светланы Игоревны", "Светлане Игоревне", "Светланой Игоревной"),
    ("Кирилл Андреевич", "Кирилла Андреевича", "Кириллу Андреевичу", "Кириллом Андреевичем"),
]
RU_LEAD = [
    "Проект {p} ведёт {n0}.",
    "Руководителем {p} назначили {n1}.",
    "За {p} теперь отвечает {n0}, это решено.",
    "Спонсор проекта {p} — {n0} из финансового отдела.",
    "Мы договорились, что {p} будет под {n3}.",
    "Все вопросы по {p} — к {n2}, она или он теперь главный.",
]
RU_CLIENTS = [("Северсталь", "Северстали"), ("Ростелеком", "Ростелекома"), ("Магнит", "Магнита"),
              ("Лукойл", "Лукойла"), ("Аэрофлот", "Аэрофлота"), ("Полиметалл", "Полиметалла")]
RU_CLIENT = [
    "Заказчик по {p} — компания «{c0}».",
    "{p} мы делаем для {c1}.",
    "Клиент у {p} — {c0}, контракт подписан.",
    "Работаем по {p} на {c0}, они платят.",
    "Для {p} заказчиком выступает {c0}.",
    "Проект {p} — это заказ {c1}.",
]
RU_PLACES = [("Франкфурт", "Франкфурте"), ("Казань", "Казани"), ("Новосибирск", "Новосибирске"),
             ("Амстердам", "Амстердаме"), ("Екатеринбург", "Екатеринбурге"), ("Хельсинки", "Хельсинки")]
RU_PLACE = [
    "Серверы {p} будут стоять во {l1}.",
    "Хостинг для {p} берём в регионе {l0}.",
    "Офис команды {p} находится в {l1}.",
    "Разворачиваем {p} в дата-центре в {l1}.",
    "Площадка для {p} — {l0}, там и будет прод.",
    "Команда {p} сидит в {l1}, туда и летаем.",
]
RU_VENDORS = ["Контур", "Атлас", "Вектор", "Гранит", "Орбита", "Спектр"]
RU_REASONS = ["они не дают SLA", "у них нет поддержки на русском", "их цена выросла вдвое",
              "они не прошли аудит безопасности", "их API слишком медленный", "они не хранят данные в России"]
RU_REASON = [
    "От {v} отказались, потому что {r}.",
    "{v} не подошёл: {r}.",
    "С {v} не будем работать — {r}.",
    "Мы вычеркнули {v}, так как {r}.",
    "Причина, по которой {v} отпал, простая: {r}.",
    "{v} отклонили, ведь {r}.",
]
TECH = ["Kafka", "ClickHouse", "Kubernetes", "Redis", "Postgres", "Terraform"]
RU_TECH = [
    "Для {p} выбрали {t}.",
    "Остановились на {t} для {p}.",
    "В {p} будем использовать {t}.",
    "По {p} решили: берём {t}.",
    "Итог по {p}: {t}.",
    "Для {p} идём с {t}, альтернативы отпали.",
]
RU_PROJECTS = ["Полярис", "Север", "Волна", "Кристалл", "Гравитон", "Импульс"]
RU_SMALL = [
    ("Мой брат вчера ездил в Тверь на выходные.", "Надеюсь, понравилось."),
    ("Соседка Людмила Петровна опять затопила нас.", "Сочувствую."),
    ("Купил новый чайник в «Эльдорадо», очень доволен.", "Отлично."),
    ("В Сочи сейчас, говорят, +25.", "Завидую."),
    ("Сегодня пробки жуткие, ехал час.", "Бывает."),
    ("Посоветуй фильм на вечер?", "Попробуйте «Солярис»."),
    ("Спасибо, помогло!", "Рад помочь."),
    ("Вчера был на концерте, звук был отличный.", "Здорово."),
    ("Дочка пошла в новую школу в Подольске.", "Удачи ей."),
    ("Кот опять уронил кружку.", "Коты такие."),
]

JA_PEOPLE = [("田中", "田中さん"), ("佐藤", "佐藤さん"), ("スズキ", "スズキさん"), ("高橋", "高橋さん"),
             ("ワタナベ", "ワタナベさん"), ("伊藤", "伊藤さん")]
JA_LEAD = [
    "{p}のリーダーは{n}です。",
    "{p}は{n}が担当することになりました。",
    "{p}のスポンサーは{n}にお願いしました。",
    "{p}は今後{n}が見ます。",
    "{p}の責任者として{n}が決まりました。",
    "{p}をまとめるのは{n}です。",
]
JA_CLIENTS = ["東邦商事", "日之出物産", "ミドリ電機", "北斗システム", "アサヒ精工", "大和運輸"]
JA_CLIENT = [
    "{p}の顧客は{c}です。",
    "{p}は{c}からの依頼です。",
    "{p}のクライアントは{c}に決まりました。",
    "{c}が{p}の発注元です。",
    "{p}は{c}向けの案件です。",
    "{p}の取引先は{c}です。",
]
JA_PLACES = ["仙台", "名古屋", "大阪", "フランクフルト", "シンガポール", "福岡"]
JA_PLACE = [
    "{p}のサーバーは{l}リージョンに置きます。",
    "{p}の拠点は{l}です。",
    "{p}は{l}のデータセンターで動かします。",
    "{p}のチームは{l}オフィスにいます。",
    "{p}のホスティング先は{l}にしました。",
    "{p}の本番環境は{l}に構築します。",
]
JA_VENDORS = ["コンツール", "アトラス社", "ベクター社", "グラナイト社", "オービタ社", "スペクトル社"]
JA_REASONS = ["SLAがない", "日本語サポートがない", "価格が倍になった", "セキュリティ監査に落ちた",
              "APIが遅すぎる", "データを国内に置けない"]
JA_REASON = [
    "{v}は{r}ので断りました。",
    "{v}を見送った理由は{r}からです。",
    "{v}は{r}ため不採用です。",
    "{r}ので、{v}とは契約しません。",
    "{v}はやめました。{r}からです。",
    "{v}は{r}という理由で外しました。",
]
JA_TECH = [
    "{p}には{t}を採用しました。",
    "{p}は{t}で行きます。",
    "{p}で使うのは{t}に決まりました。",
    "{p}の技術は{t}にします。",
    "{p}では{t}を選びました。",
    "{p}は{t}を使うことになりました。",
]
JA_PROJECTS = ["Hoshi", "Nami", "Kaze", "Yama", "Sora", "Umi"]
JA_SMALL = [
    ("週末は京都に行ってきました。", "いいですね。"),
    ("近所の山本さんが犬を飼い始めました。", "かわいいですね。"),
    ("今日は雨がすごいです。", "気をつけてください。"),
    ("おすすめの映画はありますか？", "「千と千尋」はどうですか。"),
    ("ありがとう、助かりました！", "どういたしまして。"),
    ("昨日ヨドバシでイヤホンを買いました。", "いい買い物ですね。"),
    ("横浜の中華街でランチしました。", "おいしそう。"),
    ("電車が遅れて大変でした。", "お疲れさまです。"),
    ("姪が札幌の大学に入りました。", "おめでとうございます。"),
    ("猫がまたコップを落としました。", "猫らしいですね。"),
]

# A second round of phrasings, further from any cue word (dialogs 6-11).
RU_LEAD += [
    "С понедельника {p} курирует {n0}.",
    "Главная по {p} теперь {n0}.",
    "{p} отдали {n2}, пусть рулит.",
    "Решения по {p} принимает {n0}.",
    "{n0} будет спонсором {p}.",
    "Без {n1} по {p} ничего не решаем, она или он за старшего.",
]
RU_CLIENT += [
    "{p} заказал {c0}.",
    "Платит за {p} {c0}.",
    "{p} — проект для {c1}.",
    "Это всё для {c1}, они наш клиент по {p}.",
    "Конечный пользователь {p} — {c0}.",
    "По {p} договор у нас с {c0}.",
]
RU_PLACE += [
    "{p} хостим в {l1}.",
    "Прод {p} поднимем в {l1}.",
    "Команда {p} переехала в {l0}.",
    "{p} крутится в облаке, регион {l0}.",
    "Железо под {p} стоит в {l1}.",
    "Базируемся с {p} в {l1}.",
]
RU_REASON += [
    "{v} слишком дорогой, поэтому нет: {r}.",
    "{v} мимо, так как {r}.",
    "{v} — нет, {r}.",
    "С {v} расстались: {r}.",
    "{v} нам не подходит, потому что {r}.",
    "Решили без {v}: {r}.",
]
RU_TECH += [
    "{p} пишем на {t}.",
    "Для {p} стек — {t}.",
    "{t} победил для {p}.",
    "{p} поедет на {t}.",
    "Ставим {t} под {p}.",
    "В итоге для {p} — {t}, без вариантов.",
]
JA_LEAD += [
    "{p}は{n}が仕切っています。",
    "{p}の主担当は{n}です。",
    "{p}のプロジェクトマネージャーは{n}になりました。",
    "{p}は{n}にお任せします。",
    "{n}が{p}の旗振り役です。",
    "{p}のオーナーは{n}です。",
]
JA_CLIENT += [
    "{p}は{c}さんの案件です。",
    "{c}さんから{p}を受注しました。",
    "{p}の納品先は{c}です。",
    "{p}は{c}のためのシステムです。",
    "{p}のお客さんは{c}です。",
    "{p}の契約先は{c}になりました。",
]
JA_PLACE += [
    "{p}は{l}リージョンで運用します。",
    "{p}のインフラは{l}に置いています。",
    "{p}の開発チームは{l}にいます。",
    "{p}は{l}でホストします。",
    "{p}の本拠地は{l}です。",
    "{p}は{l}で動いています。",
]
JA_REASON += [
    "{v}は{r}のでなしです。",
    "{v}は{r}のでパスしました。",
    "{v}とは、{r}ので組みません。",
    "{v}は{r}ので選びませんでした。",
    "{r}ので、{v}は候補から外れました。",
    "{v}はだめでした。{r}んです。",
]
JA_TECH += [
    "{p}は{t}でいきましょう。",
    "{p}の基盤は{t}です。",
    "{p}は{t}に落ち着きました。",
    "{p}には{t}が合っています、これで決定。",
    "{p}では{t}を使います。",
    "{p}は{t}で作ります。",
]

# Other work said around the facts (other projects' dates, budgets, steps, roles): the summary
# runs near its cap, so a fact has to outrank work that is not asked about.
RU_WORK = [
    "Бюджет Альфа утвердили: {k} тысяч евро.",
    "Релиз Бета перенесли на {d} мая.",
    "Ревью дизайна Гамма назначено на {d} июня.",
    "Я подготовлю отчёт по Дельта к пятнице.",
    "Тестированием Омега занимается Тимур.",
    "Миграцию Сигма закончим к {d} июля.",
    "На демо Дельта пришло {k} человек.",
    "Лимит облака для Альфа — {k} тысяч рублей в месяц.",
    "Нужно ли нам переписывать Сигма? Пока не решили.",
    "Вика отправит протокол встречи по Гамма.",
]
JA_WORK = [
    "Alphaの予算は{k}万円で承認されました。",
    "Betaのリリースは{d}月に延期です。",
    "Gammaのデザインレビューは{d}日の予定です。",
    "金曜日までにDeltaの報告書を準備します。",
    "Omegaのテストはタケシさんが担当です。",
    "Sigmaの移行は{d}月末までに終わらせます。",
    "Deltaのデモには{k}人来ました。",
    "Alphaのクラウド上限は月{k}万円です。",
    "Sigmaを作り直すべきかどうか、まだ未定です。",
    "ミカさんがGammaの議事録を送ります。",
]


def _dialog(lang: str, i: int, rng: random.Random) -> dict[str, Any]:
    facts: list[tuple[str, str, list[str], str]] = []  # (text, kind, answers, question)
    if lang == "ru":
        p = RU_PROJECTS[i % 6]
        n = RU_PEOPLE[i % 6]
        c = RU_CLIENTS[(i + 2) % 6]
        loc = RU_PLACES[(i + 3) % 6]
        v, r, t = RU_VENDORS[i % 6], RU_REASONS[(i + 1) % 6], TECH[(i + 4) % 6]
        facts = [
            (RU_LEAD[i].format(p=p, n0=n[0], n1=n[1], n2=n[2], n3=n[3]), "name", [n[0]], f"Кто руководит {p}?"),
            (RU_CLIENT[i].format(p=p, c0=c[0], c1=c[1]), "name", [c[0]], f"Кто заказчик {p}?"),
            (RU_PLACE[i].format(p=p, l0=loc[0], l1=loc[1]), "place", [loc[0]], f"Где хостинг или офис {p}?"),
            (RU_REASON[i].format(v=v, r=r), "reason", [r], f"Почему отказались от {v}?"),
            (RU_TECH[i].format(p=p, t=t), "decision", [t], f"Что выбрали для {p}?"),
        ]
        small = RU_SMALL
    else:
        p = JA_PROJECTS[i % 6]
        n = JA_PEOPLE[i % 6]
        c = JA_CLIENTS[(i + 2) % 6]
        loc = JA_PLACES[(i + 3) % 6]
        v, r, t = JA_VENDORS[i % 6], JA_REASONS[(i + 1) % 6], TECH[(i + 4) % 6]
        facts = [
            (JA_LEAD[i].format(p=p, n=n[1]), "name", [n[0]], f"{p}のリーダーは誰ですか？"),
            (JA_CLIENT[i].format(p=p, c=c), "name", [c], f"{p}の顧客は？"),
            (JA_PLACE[i].format(p=p, l=loc), "place", [loc], f"{p}はどこですか？"),
            (JA_REASON[i].format(v=v, r=r), "reason", [r], f"{v}を断った理由は？"),
            (JA_TECH[i].format(p=p, t=t), "decision", [t], f"{p}で何を選びましたか？"),
        ]
        small = JA_SMALL
    ack = {"ru": "Понял, записал.", "ja": "了解です。"}[lang]
    messages: list[dict[str, str]] = []
    questions = []
    work = RU_WORK if lang == "ru" else JA_WORK
    for text, kind, answers, q in facts:
        for _ in range(rng.randint(6, 12)):
            u, a = rng.choice(small)
            if rng.random() < 0.3:
                u = rng.choice(work).format(k=rng.randint(20, 900), d=rng.randint(1, 28))
            messages += [{"role": "user", "text": u}, {"role": "assistant", "text": a}]
        messages.append({"role": "user", "text": text})
        questions.append({"kind": kind, "q": q, "answers": answers, "evidence": [len(messages)]})
        messages.append({"role": "assistant", "text": ack})
    for _ in range(30):
        u, a = rng.choice(small)
        messages += [{"role": "user", "text": u}, {"role": "assistant", "text": a}]
    return {"id": f"ownrj-{lang}-{i}", "lang": lang, "bank": "own_ru_ja", "messages": messages,
            "questions": questions}


def main() -> None:
    rng = random.Random(SEED)
    bank = [_dialog(lang, i, rng) for lang in ("ru", "ja") for i in range(12)]
    json.dump(bank, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
