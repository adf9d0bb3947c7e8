"""Generate our own five-questions dialog bank (issue 17): 20 dialogs, English, Russian, Japanese.

    python bench/make_five_questions_own.py > bench/data/five_questions_own.json

Same JSON format as the shared dev bank (``shared/data/dialogs/README.md``), written from
templates of our own: every key fact (who leads the project, and who replaced whom; the
approved amount, often with an abbreviated unit; the release date and where it moved; the
chosen option; why a vendor was turned down) has several phrasings per language, none taken
from the dev bank, and the small talk around them is full of other names, amounts and dates
that belong to no project. The generator is seeded, so the file is reproducible.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

SEED = 1717
LANGS = ["en"] * 7 + ["ru"] * 7 + ["ja"] * 6

EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]
RU_MONTHS = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
             "сентября", "октября", "ноября", "декабря"]

# name in the nominative; Russian names also in the forms the templates use.
PEOPLE = {
    "en": ["Harriet", "Osman", "Beatrix", "Joaquin", "Ilse", "Rafferty", "Wanjiru", "Consuelo"],
    "ru": [("Глеб", "Глеба", "Глебу"), ("Всеволод", "Всеволода", "Всеволоду"),
           ("Тимофей", "Тимофея", "Тимофею"), ("Ростислав", "Ростислава", "Ростиславу"),
           ("Арсений", "Арсения", "Арсению"), ("Святослав", "Святослава", "Святославу")],
    "ja": ["エミリ", "ハルト", "ソウタ", "ユイナ", "レン", "ミオ"],
}
PROJECTS = {"en": ["Quasar", "Tundra", "Meridian", "Halcyon", "Kestrel", "Obsidian", "Juniper"],
            "ru": ["Пульсар", "Тайга", "Меридиан", "Ковчег", "Сапсан", "Родник", "Зенит"],
            "ja": ["Aurora", "Sakura", "Kumo", "Hikari", "Tsubasa", "Mirai"]}
OPTIONS = [("Postgres", "DynamoDB"), ("NATS", "Pulsar"), ("Terraform", "Pulumi"),
           ("gRPC", "GraphQL"), ("Svelte", "Angular"), ("Valkey", "Hazelcast")]
LAYERS = {"en": ["the message bus", "the data store", "the provisioning", "the internal API",
                 "the front end", "the cache"],
          "ru": [("шины сообщений", "шина сообщений"), ("хранилища данных", "хранилище данных"),
                 ("инфраструктуры", "инфраструктура"), ("внутреннего API", "внутренний API"),
                 ("фронтенда", "фронтенд"), ("кэша", "кэш")],
          "ja": ["メッセージ基盤", "データストア", "インフラ構築", "社内API", "フロントエンド", "キャッシュ"]}
VENDORS = ["Contoso", "Fabrikam", "Vandelay", "Soylent", "Wonka", "Cyberdyne", "Tyrell"]
REASONS = {
    "en": ["their contract locks us in for five years", "they only offer support in office hours",
           "their servers are all in one region", "their licence forbids modifications"],
    "ru": ["их договор связывает нас на пять лет", "они поддерживают только рабочие часы",
           "все их серверы в одном регионе", "их лицензия запрещает доработки"],
    "ja": ["契約期間が五年と長すぎる", "サポートが平日の日中だけ", "サーバーが一つの地域にしかない",
           "ライセンスで改変が禁止されている"],
}


def _date(lang: str, rng: random.Random) -> tuple[int, int]:
    # Key dates fall on days 3-22 (a move adds 3-8 days); small talk uses days 23-28, so a
    # stale or accepted date is never said by chance in small talk.
    return rng.randint(1, 11), rng.randint(3, 14)


def _date_forms(lang: str, month: int, day: int) -> list[str]:
    if lang == "en":
        return [f"{day} {EN_MONTHS[month]}", f"{EN_MONTHS[month]} {day}"]
    if lang == "ru":
        return [f"{day} {RU_MONTHS[month]}"]
    return [f"{month + 1}月{day}日"]


def _key_en(rng: random.Random, p: str) -> tuple[list[str], list[dict[str, Any]]]:
    old, new = rng.sample(PEOPLE["en"], 2)
    amount = rng.choice([85, 130, 215, 340, 560])
    x, y = rng.choice(OPTIONS)
    layer = rng.choice(LAYERS["en"])
    vendor = rng.choice(VENDORS)
    reason = rng.choice(REASONS["en"])
    m, d1 = _date("en", rng)
    d2 = d1 + rng.randint(3, 8)
    first, moved = _date_forms("en", m, d1), _date_forms("en", m, d2)
    amount_text, amount_answer = rng.choice([
        (f"Finance signed off on {amount}k USD for {p}.", f"{amount}k"),
        (f"The {p} budget came through: ${amount},000 in total.", f"${amount},000"),
        (f"We got {amount} thousand dollars approved for {p}.", f"{amount} thousand"),
        (f"{p} is funded at {amount}K EUR, finance confirmed this morning.", f"{amount}K"),
    ])
    lead_text = rng.choice([
        f"{old} will be running engineering on {p} from now on.",
        f"For {p}, {old} owns the technical side.",
        f"{old} has been appointed lead engineer for {p}.",
    ])
    change_text = rng.choice([
        f"Change of plans: {new} replaces {old} at the helm of {p}.",
        f"{old} stepped down, so {new} now leads {p}.",
        f"{new} is taking the reins on {p}; {old} is off to the data team.",
    ])
    date_text = rng.choice([f"{p} has to ship by {first[1]}.", f"The {p} go-live is set for {first[0]}.",
                            f"Target date for {p}: {first[1]}."])
    moved_text = rng.choice([f"{p} slipped to {moved[0]}.", f"Heads-up, the {p} launch date is now {moved[1]}.",
                             f"We pushed the {p} ship date back to {moved[0]}."])
    decision_text = rng.choice([
        f"Outcome of the architecture review: {x} won over {y} for {layer}.",
        f"{x} it is for {layer}; {y} lost the bake-off.",
        f"We went for {x} for {layer} after the trial.",
        f"{layer[0].upper()}{layer[1:]} will run on {x}, not {y}.",
    ])
    reason_text = rng.choice([
        f"{vendor} is out: {reason}.",
        f"We said no to {vendor}, {reason}.",
        f"{vendor} didn't make the cut since {reason}.",
    ])
    keys = [lead_text, amount_text, date_text, decision_text, reason_text, moved_text, change_text]
    questions = [
        {"kind": "name", "q": f"Who leads {p} now?", "answers": [new], "wrong": [old]},
        {"kind": "number", "q": f"How much money was approved for {p}?", "answers": [amount_answer]},
        {"kind": "date", "q": f"When does {p} ship now?", "answers": moved, "wrong": first},
        {"kind": "decision", "q": f"What did we pick for {layer}?", "answers": [x]},
        {"kind": "reason", "q": f"Why was {vendor} rejected?", "answers": [reason]},
    ]
    return keys, questions


def _key_ru(rng: random.Random, p: str) -> tuple[list[str], list[dict[str, Any]]]:
    old, new = rng.sample(PEOPLE["ru"], 2)
    amount = rng.choice([85, 130, 215, 340, 560])
    x, y = rng.choice(OPTIONS)
    layer_gen, layer_nom = rng.choice(LAYERS["ru"])
    vendor = rng.choice(VENDORS)
    reason = rng.choice(REASONS["ru"])
    m, d1 = _date("ru", rng)
    d2 = d1 + rng.randint(3, 8)
    first, moved = _date_forms("ru", m, d1), _date_forms("ru", m, d2)
    amount_text, amount_answer = rng.choice([
        (f"Финансисты одобрили {amount} тыс. евро на {p}.", f"{amount} тыс"),
        (f"На {p} выделили {amount} млн руб. — это окончательно.", f"{amount} млн"),
        (f"Бюджет {p} согласован: {amount} тыс. долларов.", f"{amount} тыс"),
        (f"Деньги на {p} дали: {amount} тысяч рублей.", f"{amount} тысяч"),
    ])
    lead_text = rng.choice([
        f"С этой недели разработкой {p} руководит {old[0]}.",
        f"{old[0]} назначен ведущим инженером {p}.",
        f"Технически за {p} отвечает {old[0]}.",
    ])
    change_text = rng.choice([
        f"{new[0]} сменил {old[1]} на посту руководителя {p}.",
        f"Теперь {p} ведёт {new[0]}, а {old[0]} переключился на другой проект.",
        f"{old[0]} больше не руководит {p}, вместо него {new[0]}.",
    ])
    date_text = rng.choice([f"Сдать {p} нужно до {first[0]}.", f"Выпуск {p} запланирован на {first[0]}.",
                            f"{p} должен выйти {first[0]}."])
    moved_text = rng.choice([f"{p} переносится на {moved[0]}.", f"Сроки поехали: {p} выпускаем {moved[0]}.",
                             f"Дату выпуска {p} сдвинули на {moved[0]}."])
    decision_text = rng.choice([
        f"По итогам сравнения для {layer_gen} победил {x}.",
        f"Для {layer_gen} берём {x}, {y} проиграл.",
        f"{x} выиграл у {y} в нагрузочных тестах, его и ставим для {layer_gen}.",
        f"Итог пилота: {layer_nom} будет на {x}.",
    ])
    reason_text = rng.choice([
        f"С {vendor} не работаем: {reason}.",
        f"{vendor} не прошёл отбор — {reason}.",
        f"От {vendor} отказываемся, потому что {reason}.",
    ])
    keys = [lead_text, amount_text, date_text, decision_text, reason_text, moved_text, change_text]
    questions = [
        {"kind": "name", "q": f"Кто сейчас руководит {p}?", "answers": [new[0]], "wrong": list(old)},
        {"kind": "number", "q": f"Сколько денег одобрили на {p}?", "answers": [amount_answer]},
        {"kind": "date", "q": f"Когда теперь выпуск {p}?", "answers": moved, "wrong": first},
        {"kind": "decision", "q": f"Что выбрали для {layer_gen}?", "answers": [x]},
        {"kind": "reason", "q": f"Почему отказались от {vendor}?", "answers": [reason]},
    ]
    return keys, questions


def _key_ja(rng: random.Random, p: str) -> tuple[list[str], list[dict[str, Any]]]:
    old, new = rng.sample(PEOPLE["ja"], 2)
    amount = rng.choice([85, 130, 215, 340, 560])
    x, y = rng.choice(OPTIONS)
    layer = rng.choice(LAYERS["ja"])
    vendor = rng.choice(VENDORS)
    reason = rng.choice(REASONS["ja"])
    m, d1 = _date("ja", rng)
    d2 = d1 + rng.randint(3, 8)
    first, moved = _date_forms("ja", m, d1), _date_forms("ja", m, d2)
    amount_text, amount_answer = rng.choice([
        (f"{p}の予算として{amount}万円が認められました。", f"{amount}万円"),
        (f"経理から{p}に{amount}万ドルの承認が下りました。", f"{amount}万ドル"),
    ])
    lead_text = rng.choice([f"{p}の開発は{old}さんが率いることになりました。",
                            f"{old}さんが{p}の技術責任者です。"])
    change_text = rng.choice([f"{new}さんが{old}さんの後任として{p}をまとめます。",
                              f"{p}のリーダーは{old}さんから{new}さんに変わりました。"])
    date_text = rng.choice([f"{p}は{first[0]}までに出荷する必要があります。", f"{p}の公開は{first[0]}です。"])
    moved_text = rng.choice([f"{p}の公開日は{moved[0]}にずれました。", f"{p}の出荷は{moved[0]}に延びました。"])
    decision_text = rng.choice([f"{layer}には{x}を使うことに決まりました。",
                                f"比較の結果、{layer}は{y}ではなく{x}が勝ちました。"])
    reason_text = rng.choice([f"{vendor}は{reason}ので見送りました。",
                              f"{vendor}とは契約しません。{reason}からです。"])
    keys = [lead_text, amount_text, date_text, decision_text, reason_text, moved_text, change_text]
    questions = [
        {"kind": "name", "q": f"{p}のリーダーは今誰ですか？", "answers": [new], "wrong": [old]},
        {"kind": "number", "q": f"{p}の予算はいくら承認されましたか？", "answers": [amount_answer]},
        {"kind": "date", "q": f"{p}の出荷はいつになりましたか？", "answers": moved, "wrong": first},
        {"kind": "decision", "q": f"{layer}には何を選びましたか？", "answers": [x]},
        {"kind": "reason", "q": f"{vendor}を断った理由は？", "answers": [reason]},
    ]
    return keys, questions


FILLER = {
    "en": [("My cousin ran {n} km on {d}.", "Wow, that's a lot."),
           ("Lunch cost me {s} euros today, prices keep rising.", "Yes, everything got pricier."),
           ("{who}'s flight lands at {h}:40 on Friday.", "Hope it's on time."),
           ("Can you turn these notes into bullet points?", "Here they are as bullets."),
           ("The office plants need watering, there are {s} of them.", "Someone should set a rota."),
           ("{who} said the gym opens at {h} next week.", "Good to know."),
           ("What's a good name for a retro board?", "How about 'Looking Back'?"),
           ("Thanks, that helps!", "Glad it does."),
           ("{who} bought a bike for {n} dollars on {d}.", "Nice purchase."),
           ("The parking garage charges {s} dollars a day now.", "That's steep.")],
    "ru": [("Мой брат пробежал {n} км {d}.", "Ого, много."),
           ("Обед сегодня стоил {s} евро, цены растут.", "Да, всё дорожает."),
           ("{who} прилетает в пятницу в {h}:40.", "Надеюсь, без задержек."),
           ("Сделай из этих заметок список.", "Вот список."),
           ("В офисе {s} растений, их надо поливать.", "Нужен график полива."),
           ("{who} говорит, что спортзал откроется в {h} часов.", "Хорошо, буду знать."),
           ("Как назвать доску для ретро?", "Например, «Оглядываясь назад»."),
           ("Спасибо, помогло!", "Рад помочь."),
           ("{who} купил велосипед за {n} тыс. руб. {d}.", "Хорошая покупка."),
           ("Парковка теперь стоит {s} долларов в день.", "Дороговато.")],
    "ja": [("いとこが{d}に{n}キロ走りました。", "すごいですね。"),
           ("今日のランチは{s}ユーロでした。", "物価が上がっていますね。"),
           ("{who}さんの飛行機は金曜の{h}時40分に着きます。", "遅れないといいですね。"),
           ("このメモを箇条書きにしてくれますか？", "箇条書きにしました。"),
           ("オフィスには植物が{s}鉢あります。", "水やり当番が必要ですね。"),
           ("{who}さんによるとジムは来週{h}時に開くそうです。", "了解です。"),
           ("振り返りボードの名前は何がいいですか？", "「ふりかえり」はどうでしょう。"),
           ("ありがとう、助かりました！", "どういたしまして。"),
           ("{who}さんは{d}に自転車を{n}万円で買いました。", "いい買い物ですね。"),
           ("駐車場が一日{s}ドルになりました。", "高いですね。")],
}
SMALL_TALK_PEOPLE = {"en": ["Morgan", "Tobias", "Lena", "Yusuf"], "ru": ["Лиза", "Денис", "Полина", "Рустам"],
                     "ja": ["タケシ", "ナナ", "リコ", "ケン"]}


def _filler(lang: str, rng: random.Random) -> tuple[str, str]:
    user, bot = rng.choice(FILLER[lang])
    m, d = rng.randint(0, 11), rng.randint(23, 28)
    date = _date_forms(lang, m, d)[0]
    # Small-talk amounts never repeat a key amount (85, 130, 215, 340, 560).
    n = rng.choice([v for v in range(20, 990) if v % 5])
    return user.format(n=n, s=rng.randint(3, 60), h=rng.randint(6, 21),
                       d=date, who=rng.choice(SMALL_TALK_PEOPLE[lang])), bot


ACKS = {"en": ["Noted.", "Got it.", "Okay."], "ru": ["Принято.", "Понял.", "Хорошо."],
        "ja": ["了解です。", "わかりました。", "承知しました。"]}
MAKERS = {"en": _key_en, "ru": _key_ru, "ja": _key_ja}


def make_dialog(i: int, lang: str, rng: random.Random) -> dict[str, Any]:
    project = PROJECTS[lang][i % len(PROJECTS[lang])]
    keys, questions = MAKERS[lang](rng, project)
    turns = rng.choice([80, 100, 120, 180])
    # Every key fact lies before the last 17 turns (34 messages); the correction comes after
    # the value it corrects (keys are in order: first values, then the moves and the change).
    first_slots = sorted(rng.sample(range(2, turns // 2), 5))
    late_slots = sorted(rng.sample(range(turns // 2, turns - 18), 2))
    at = dict(zip(first_slots + late_slots, keys, strict=True))
    messages: list[dict[str, str]] = []
    for t in range(turns):
        if t in at:
            user, bot = at[t], rng.choice(ACKS[lang])
        else:
            user, bot = _filler(lang, rng)
        messages += [{"role": "user", "text": user}, {"role": "assistant", "text": bot}]
    for q in questions:
        q["evidence"] = [2 * t for t, text in at.items()
                         if any(a in text for a in q["answers"])]
    return {"id": f"own-{i}", "lang": lang, "bank": "own", "messages": messages, "questions": questions}


def main() -> None:
    rng = random.Random(SEED)
    dialogs = [make_dialog(i, lang, rng) for i, lang in enumerate(LANGS)]
    json.dump(dialogs, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
