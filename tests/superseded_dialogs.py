"""Dialogs of our own with corrections in several styles (EN, RU, JA), for the five-questions
eval of superseded values (tests/test_superseded_changes.py)."""

from __future__ import annotations

FILLER = {
    "en": [
        ("Can you shorten this paragraph?", "Here is a shorter one."),
        ("Room {n} has a broken projector.", "Maybe file a ticket."),
        ("Kai said {n} people signed up for the picnic.", "Nice."),
        ("Thanks!", "You're welcome."),
    ],
    "ru": [
        ("Сократи, пожалуйста, абзац.", "Вот короче."),
        ("В переговорке {n} сломался проектор.", "Можно завести заявку."),
        ("Лиза сказала, что на пикник записались {n} человек.", "Отлично."),
        ("Спасибо!", "Пожалуйста."),
    ],
    "ja": [
        ("この段落を短くしてくれますか？", "短くしました。"),
        ("会議室{n}のプロジェクターが壊れています。", "チケットを出しましょう。"),
        ("ピクニックに{n}人が申し込みました。", "いいですね。"),
        ("ありがとう！", "どういたしまして。"),
    ],
}
KEY = {
    "en": [
        "The team offsite for Vega will be in Lisbon.",
        "Our badge vendor for the conference is Acme.",
        "Kickoff for Vega is on Tuesday.",
        "The Vega budget is 75 thousand euros.",
        "Change of plan: the offsite goes to Porto.",
        "We switched the badge vendor from Acme to Globex.",
        "No wait, kickoff is Thursday, not Tuesday.",
        "Scratch that, the Vega budget is 90 thousand euros.",
    ],
    "ru": [
        "Выездная встреча команды Вега пройдёт в Лиссабоне.",
        "Поставщик бейджей для конференции — Acme.",
        "Кикофф проекта Вега во вторник.",
        "Бюджет проекта Вега — 75 тысяч евро.",
        "Поправка: выездную встречу проводим в Порту.",
        "Передумали: вместо Acme берём Globex для бейджей.",
        "Вернее, кикофф в четверг, а не во вторник.",
        "Бюджет Вега пересмотрели, теперь 90 тысяч евро.",
    ],
    "ja": [
        "Vegaのオフサイトはリスボンで行います。",
        "カンファレンスのバッジ業者はAcmeです。",
        "Vegaのキックオフは火曜日です。",
        "Vegaの予算は75万円です。",
        "変更です、オフサイトはポルトになりました。",
        "バッジ業者はAcmeではなくGlobexにします。",
        "やっぱりキックオフは木曜日にします。",
        "Vegaの予算は90万円に変わりました。",
    ],
}
QUESTIONS = {
    "en": [
        ("place", "Where is the Vega offsite?", ["Porto"], ["Lisbon"]),
        ("vendor", "Who is our badge vendor?", ["Globex"], ["Acme"]),
        ("date", "What day is the Vega kickoff?", ["Thursday"], ["Tuesday"]),
        ("number", "What is the Vega budget?", ["90"], ["75"]),
    ],
    "ru": [
        ("place", "Где пройдёт выездная встреча Вега?", ["Порту"], ["Лиссабон"]),
        ("vendor", "Кто поставщик бейджей?", ["Globex"], ["Acme"]),
        ("date", "В какой день кикофф Вега?", ["четверг"], ["вторник"]),
        ("number", "Какой бюджет у Вега?", ["90"], ["75"]),
    ],
    "ja": [
        ("place", "Vegaのオフサイトはどこですか？", ["ポルト"], ["リスボン"]),
        ("vendor", "バッジ業者はどこですか？", ["Globex"], ["Acme"]),
        ("date", "キックオフは何曜日ですか？", ["木曜日"], ["火曜日"]),
        ("number", "Vegaの予算はいくらですか？", ["90万"], ["75万"]),
    ],
}


def dialog(lang: str, length: int = 160, step: int = 10) -> dict[str, object]:
    messages: list[dict[str, str]] = []
    key_at = {6 + step * i: t for i, t in enumerate(KEY[lang])}
    i = 0
    while len(messages) < length:
        if len(messages) in key_at:
            user, bot = key_at[len(messages)], "Noted."
        else:
            user, bot = FILLER[lang][i % len(FILLER[lang])]
            user = user.format(n=100 + 7 * i)
            i += 1
        messages += [{"role": "user", "text": user}, {"role": "assistant", "text": bot}]
    qs = [{"kind": k, "q": q, "answers": a, "wrong": w, "evidence": []} for k, q, a, w in QUESTIONS[lang]]
    return {"id": f"own-{lang}", "lang": lang, "messages": messages, "questions": qs}


def dialogs() -> list[dict[str, object]]:
    """One dialog per language."""
    return [dialog(lang) for lang in ("en", "ru", "ja")]
