"""Re-ask detection on planted dialogs (English and Russian), scored by precision and recall.

Each dialog is a list of (role, text, planted) turns; ``planted`` is True on an assistant
answer that asks again for something the person already said, False on any other answer
(ordinary questions, confirmations of a known value, questions about other people, answers
without a question). Facts known before the dialog are planted the same way.
"""

from __future__ import annotations

from typing import Any

from threadkeep.engine.reask import Said, find_reasks, question_slots, stated_slots

U, A = "user", "assistant"

EN: list[dict[str, Any]] = [
    {
        "turns": [
            (U, "Hi, my name is Anna and I work at Acme Robotics.", None),
            (A, "Nice to meet you! How can I help?", False),
            (U, "Help me plan the quarter.", None),
            (A, "Sure. Before we start, what is your name?", True),
        ]
    },
    {
        "turns": [
            (U, "I live in Lisbon and I'm a data engineer.", None),
            (A, "Great. Which city are you based in?", True),
            (U, "As I said, Lisbon.", None),
            (A, "Thanks. What tools does your team use?", False),
        ]
    },
    {
        "turns": [
            (U, "The deadline is 14 March for the Ajax launch.", None),
            (A, "Got it. Could you remind me when the deadline is?", True),
            (U, "14 March.", None),
            (A, "Is the 14 March deadline still fixed?", False),
        ]
    },
    {"turns": [(U, "Our budget is 40000 euros.", None), (A, "Understood. What budget do you have in mind?", True)]},
    {"turns": [(U, "My friend works at Globex.", None), (A, "Where do you work yourself?", False)]},
    {
        "turns": [
            (U, "Can you draft an email to my landlord?", None),
            (A, "Of course. What is your name, so I can sign it?", False),
            (U, "Call me Sam.", None),
            (A, "Here is the draft, Sam. Should I make it more formal?", False),
            (U, "Yes please.", None),
            (A, "Done. By the way, what's your name again?", True),
        ]
    },
    {
        "turns": [
            (U, "You can reach me at sam@example.org.", None),
            (A, "Please share your email address so I can add it.", True),
        ]
    },
    {
        "turns": [
            (U, "I am a product manager at Initech.", None),
            (A, "What is your role on the team?", True),
            (U, "Product manager.", None),
            (A, "You said you work at Initech - is that still right?", False),
        ]
    },
    {"turns": [(U, "What is a good name for a cat?", None), (A, "How about Miso? What colour is the cat?", False)]},
    {
        "turns": [
            (U, "Tell me about time zones.", None),
            (A, "A time zone is a region with one standard time. Which time zone are you in?", False),
            (U, "My time zone is UTC+2.", None),
            (A, "Then the call at 15:00 UTC is 17:00 for you. What time zone should I use for the invite?", True),
        ]
    },
    {
        "facts": {"employer": ("f1", "Umbrella")},
        "turns": [(U, "I need a cover letter.", None), (A, "Happy to help. Who do you work for at the moment?", True)],
    },
    {
        "facts": {"city": ("f2", "Oslo")},
        "turns": [(U, "Plan my weekend.", None), (A, "Are you still in Oslo this weekend?", False)],
    },
]

RU: list[dict[str, Any]] = [
    {
        "turns": [
            (U, "Привет, меня зовут Ольга.", None),
            (A, "Здравствуйте! Чем помочь?", False),
            (U, "Составь план на неделю.", None),
            (A, "Хорошо. Как вас зовут?", True),
        ]
    },
    {"turns": [(U, "Я работаю в Яндексе аналитиком.", None), (A, "Понятно. В какой компании вы работаете?", True)]},
    {
        "turns": [
            (U, "Я живу в Казани.", None),
            (A, "Отлично. Напомните, в каком городе вы живёте?", True),
            (U, "В Казани.", None),
            (A, "Вы говорили, что живёте в Казани, верно?", False),
        ]
    },
    {"turns": [(U, "Дедлайн по проекту — 20 февраля.", None), (A, "Принято. Какой у вас дедлайн?", True)]},
    {"turns": [(U, "Мой брат работает в Сбере.", None), (A, "А где вы работаете?", False)]},
    {
        "turns": [
            (U, "Бюджет на поездку 50000 рублей.", None),
            (A, "Какие города вы хотите посетить?", False),
            (U, "Рим и Флоренцию.", None),
            (A, "Подскажите, какой у вас бюджет?", True),
        ]
    },
    {
        "turns": [
            (U, "Помоги написать резюме.", None),
            (A, "Конечно. Кем вы работаете?", False),
            (U, "Я программист.", None),
            (A, "Отлично. Какой у вас опыт?", False),
            (U, "Пять лет.", None),
            (A, "Уточните, ваша должность?", True),
        ]
    },
    {"turns": [(U, "Мой телефон +7 912 345 67 89.", None), (A, "Записал. Подтвердите номер +7 912 345 67 89?", False)]},
    {
        "facts": {"name": ("f3", "Иван")},
        "turns": [
            (U, "Напиши поздравление коллеге.", None),
            (A, "С удовольствием. Как к вам обращаться в подписи?", True),
        ],
    },
    {
        "turns": [
            (U, "Что посмотреть в Москве?", None),
            (A, "Третьяковскую галерею и парк Зарядье. Вам нравятся музеи?", False),
        ]
    },
]


def _score(dialogs: list[dict[str, Any]]) -> tuple[float, float, list[str]]:
    tp = fp = fn = 0
    wrong: list[str] = []
    for d, dialog in enumerate(dialogs):
        said = [Said(f"{d}:{i}", role, text) for i, (role, text, _) in enumerate(dialog["turns"])]
        found = find_reasks(said, facts=dialog.get("facts"))
        for i, (role, text, planted) in enumerate(dialog["turns"]):
            if role != A:
                continue
            got = any(f.reask for f in found[f"{d}:{i}"])
            tp += got and planted
            fp += got and not planted
            fn += planted and not got
            if got != planted:
                wrong.append(f"{'missed' if planted else 'false'}: {text}")
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return precision, recall, wrong


def test_english_planted_reasks() -> None:
    precision, recall, wrong = _score(EN)
    print(f"EN re-ask precision {precision:.2f} recall {recall:.2f}")
    assert precision == 1.0 and recall == 1.0, wrong


def test_russian_planted_reasks() -> None:
    precision, recall, wrong = _score(RU)
    print(f"RU re-ask precision {precision:.2f} recall {recall:.2f}")
    assert precision == 1.0 and recall == 1.0, wrong


def test_statements_are_first_person_and_never_questions() -> None:
    assert "employer" not in stated_slots("My friend works at Globex.")
    assert "employer" not in stated_slots("Do I work at Acme?")
    assert stated_slots("Я работаю в Яндексе.")["employer"].startswith("Я работаю в")
    # The clause that carries the value, not the whole sentence.
    assert stated_slots("I'm Anna and I live in Lisbon.")["name"] == "I'm Anna"


def test_questions_map_to_slots() -> None:
    assert question_slots("What's your manager's name?") == []  # not the person's name
    assert [s for s, _ in question_slots("Как вас зовут? Где вы живёте?")] == ["name", "city"]
    assert question_slots("Your name is lovely.") == []  # not a question


def test_a_question_carrying_a_known_fact_value_is_a_confirmation() -> None:
    said = [
        Said("u", U, "Plan my weekend."),
        Said("a", A, "Which city will it be, Oslo?"),
        Said("b", A, "Which city are you in?"),
    ]
    found = find_reasks(said, facts={"city": ("f", "Oslo")})
    assert [f.reask for f in found["a"]] == [False]
    assert [(f.reask, f.known_from, f.evidence) for f in found["b"]] == [(True, "fact", "f")]


# Issue 26: re-asks of anything, not of a few slots — a vendor, a project name, a language,
# a region — in English, Russian and Japanese; and questions about something new.
ANY: list[dict[str, Any]] = [
    {
        "turns": [
            (U, "We picked Adyen as the payments vendor.", None),
            (A, "Noted. Which vendor did we pick for payments?", True),
        ]
    },
    {"turns": [(U, "The project is called Lighthouse.", None), (A, "Nice. What is the project called?", True)]},
    {
        "turns": [
            (U, "The billing service is written in Go.", None),
            (A, "Which language is the billing service written in?", True),
        ]
    },
    {"turns": [(U, "We host the cluster in Frankfurt.", None), (A, "Where do we host the cluster?", True)]},
    {
        "turns": [
            (U, "We picked Adyen as the payments vendor.", None),
            (A, "Which database will the reports use?", False),
        ]
    },
    {
        "turns": [
            (U, "The billing service is written in Go.", None),
            (A, "Is the billing service still written in Go?", False),
        ]
    },
    {"turns": [(U, "The project is called Lighthouse.", None), (A, "Who will review the Lighthouse designs?", False)]},
    {"turns": [(U, "Поставщиком платежей выбрали Adyen.", None), (A, "Какого поставщика платежей мы выбрали?", True)]},
    {"turns": [(U, "Сервис биллинга пишем на Kotlin.", None), (A, "На каком языке пишем сервис биллинга?", True)]},
    {"turns": [(U, "Сервис биллинга пишем на Kotlin.", None), (A, "Кто будет тестировать релиз?", False)]},
    {"turns": [(U, "Проект называется Маяк.", None), (A, "Как называется проект?", True)]},
    {"turns": [(U, "決済のベンダーはAdyenに決めました。", None), (A, "決済のベンダーはどこに決めましたか？", True)]},
    {"turns": [(U, "請求サービスはGoで書いています。", None), (A, "請求サービスは何の言語で書いていますか？", True)]},
    {"turns": [(U, "請求サービスはGoで書いています。", None), (A, "リリースの担当者は誰ですか？", False)]},
    {
        "known": [("f9", "Decisions: the hosting region is Frankfurt.")],
        "turns": [(U, "Let's plan the migration.", None), (A, "Which hosting region did we choose?", True)],
    },
]


def test_reasks_of_anything_in_three_languages() -> None:
    tp = fp = fn = 0
    wrong: list[str] = []
    for d, dialog in enumerate(ANY):
        said = [Said(f"{d}:{i}", role, text) for i, (role, text, _) in enumerate(dialog["turns"])]
        found = find_reasks(said, facts=dialog.get("facts"), known=dialog.get("known", ()))
        for i, (role, text, planted) in enumerate(dialog["turns"]):
            if role != A:
                continue
            got = any(f.reask for f in found[f"{d}:{i}"])
            tp += got and planted
            fp += got and not planted
            fn += planted and not got
            if got != planted:
                wrong.append(f"{'missed' if planted else 'false'}: {text}")
    assert fp == 0 and fn == 0, wrong
