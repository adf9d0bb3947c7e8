"""Offline fact extraction against a table of our own sentences in three languages (issue 17).

Each row is a sentence a person might say and the one fact (slot, value) it states about the
speaker — or None when it states nothing about the speaker (someone else's job, small talk).
A note is never a wrong answer (it is what the extractor stores when it cannot tell the
slot); a fact in the wrong slot, or with the wrong value, is. Asserted: precision ≥ 0.95 over
every slotted fact produced, recall ≥ 0.8 over the rows that state a fact.
"""

from __future__ import annotations

from threadkeep.memory.facts.extract import comparison_key, extract_facts

Want = tuple[str, str] | list[tuple[str, str]] | None

TABLE: list[tuple[str, Want]] = [
    # -- English --------------------------------------------------------------------------
    ("I am the tech lead on the billing rewrite.", ("role", "tech lead")),
    ("These days I work as a data engineer.", ("role", "data engineer")),
    ("As a product designer, I care a lot about onboarding.", ("role", "product designer")),
    ("I joined Umbrella as a backend developer in March.",
     [("employer", "Umbrella"), ("role", "backend developer")]),
    ("I got promoted to senior analyst last week.", ("role", "senior analyst")),
    ("My manager is Dana.", ("manager", "Dana")),
    ("I report to Kwame Mensah.", ("manager", "Kwame Mensah")),
    ("Priyanka is my boss, she is great.", ("manager", "Priyanka")),
    ("I'm on the payments team.", ("team", "payments")),
    ("I just joined the search infrastructure team.", ("team", "search infrastructure")),
    ("I moved to Globex, a much bigger company than my last one.", ("employer", "Globex")),
    ("I switched to Hooli because the salary was better.", ("employer", "Hooli")),
    ("I relocated to Porto and the rent is half of what it was.", ("city", "Porto")),
    ("I currently work for Initech.", ("employer", "Initech")),
    ("I live in Montreal.", ("city", "Montreal")),
    ("I'm originally from Nairobi.", ("hometown", "Nairobi")),
    ("I really prefer green tea.", ("preference", "green tea")),
    ("I can't stand open-plan offices.", ("preference", "open-plan offices")),
    ("I'll send the migration plan by Thursday.", ("commitment", "send the migration plan")),
    ("I promised to review Omar's pull request.", ("commitment", "review Omar's pull request")),
    ("My brother works at Google.", None),
    ("Dana is a great manager for her team.", None),
    ("The tech lead of Borealis is Marina.", None),
    ("We moved the meeting to Friday.", None),
    # -- Russian --------------------------------------------------------------------------
    ("Я перешёл в другую компанию, теперь работаю в Яндексе.", ("employer", "Яндекс")),
    ("Сейчас работаю в Сбербанке аналитиком.", [("employer", "Сбербанк"), ("role", "аналитик")]),
    ("Я тимлид в команде поиска.", ("role", "тимлид")),
    ("Я работаю тестировщиком.", ("role", "тестировщик")),
    ("Я ведущий разработчик.", ("role", "ведущий разработчик")),
    ("Мой руководитель — Ольга.", ("manager", "Ольга")),
    ("Мой начальник Игорь Петров.", ("manager", "Игорь Петров")),
    ("Я в команде платформы.", ("team", "платформы")),
    ("Я живу в Казани.", ("city", "Казани")),
    ("Я переехал в Новосибирск прошлой зимой.", ("city", "Новосибирск")),
    ("Я родом из Твери.", ("hometown", "Твери")),
    ("Мне нравится крепкий кофе.", ("preference", "крепкий кофе")),
    ("Я не люблю долгие созвоны.", ("preference", "долгие созвоны")),
    ("Я предпочитаю писать на Go.", ("preference", "писать на Go")),
    ("Я обещал подготовить отчёт к пятнице.", ("commitment", "подготовить отчёт к пятнице")),
    ("Пришлю презентацию завтра утром.", ("commitment", "презентацию завтра утром")),
    ("Меня взяли в Авито в прошлом месяце.", ("employer", "Авито")),
    ("Меня зовут Арсений.", ("name", "Арсений")),
    ("Мой брат работает в Озоне.", None),
    ("Ольга — хороший руководитель.", None),
    ("Вчера читал статью про Яндекс.", None),
    # -- Japanese -------------------------------------------------------------------------
    ("私はテックリードです。", ("role", "テックリード")),
    ("データエンジニアとして働いています。", ("role", "データエンジニア")),
    ("Globexに転職しました。", ("employer", "Globex")),
    ("今はソニーで働いています。", ("employer", "ソニー")),
    ("楽天に入社しました。", ("employer", "楽天")),
    ("私の上司は田中さんです。", ("manager", "田中")),
    ("決済チームに所属しています。", ("team", "決済")),
    ("大阪に住んでいます。", ("city", "大阪")),
    ("福岡に引っ越しました。", ("city", "福岡")),
    ("札幌出身です。", ("hometown", "札幌")),
    ("抹茶が大好きです。", ("preference", "抹茶")),
    ("満員電車が苦手です。", ("preference", "満員電車")),
    ("資料を金曜までに送ります。", ("commitment", "資料を金曜までに送ります")),
    ("私の名前は佐藤です。", ("name", "佐藤")),
    ("デザイナーとして働いています。", ("role", "デザイナー")),
    ("彼はエンジニアです。", None),
    ("兄はトヨタで働いています。", None),
    ("明日は雨らしいです。", None),
    ("会議は三時からです。", None),
    ("田中さんはマネージャーです。", None),
]


def _wants(want: Want) -> list[tuple[str, str]]:
    return [] if want is None else [want] if isinstance(want, tuple) else want


def _matches(key: str, value: str, want: tuple[str, str]) -> bool:
    slot, expected = want
    if key.split(":", 1)[0] != slot:
        return False
    return comparison_key(expected) in comparison_key(value)


def test_the_table_has_sixty_sentences_in_three_languages() -> None:
    assert len(TABLE) >= 60
    assert sum(len(_wants(want)) for _, want in TABLE) >= 45


def test_precision_and_recall_on_the_table() -> None:
    produced = correct = stated = found = 0
    wrong: list[tuple[str, str, str]] = []
    missed: list[str] = []
    for sentence, want in TABLE:
        wants = _wants(want)
        got = [(c.key, c.value) for c in extract_facts(sentence) if c.key != "note"]
        produced += len(got)
        for key, value in got:
            if any(_matches(key, value, w) for w in wants):
                correct += 1
            else:
                wrong.append((sentence, key, value))
        for w in wants:
            stated += 1
            if any(_matches(k, v, w) for k, v in got):
                found += 1
            else:
                missed.append(sentence)
    precision = correct / produced
    recall = found / stated
    assert precision >= 0.95, wrong
    assert recall >= 0.8, missed
