"""Open questions and next steps planted in the third five-questions bank (issue 26 item 4).

Each plant is one message of the person's, about the dialog's project ``{p}``, tagged
``open_question`` or ``next_step`` with a ``key``: a phrase of the message that the summary's
"Open questions" or "Agreed next steps" field must hold for the plant to count as kept
(``open_questions_kept`` / ``next_steps_kept`` in ``threadkeep eval five-questions``). Several
phrasings per language: a direct question, an undecided statement, "open question:", a
first-person commitment, a "next step:" line, a named colleague's errand, "let's …".
"""

from __future__ import annotations

# (template, key); {p} is the project's name.
Plant = tuple[str, str]

QUESTIONS: dict[str, list[Plant]] = {
    "en": [("Do we still need a load test before the {p} launch?", "load test"),
           ("Who signs off the {p} privacy review?", "privacy review"),
           ("Should the {p} onboarding keep the tutorial video?", "tutorial video"),
           ("Open question: does {p} support single sign-on at launch?", "single sign-on"),
           ("We haven't decided whether {p} ships a dark mode.", "dark mode"),
           ("Nobody knows yet if the {p} API needs rate limits.", "rate limits")],
    "ru": [("Нужен ли нам нагрузочный тест перед запуском {p}?", "нагрузочный тест"),
           ("Кто подписывает ревью приватности по {p}?", "ревью приватности"),
           ("Оставляем ли в онбординге {p} обучающее видео?", "обучающее видео"),
           ("Открытый вопрос: будет ли в {p} единый вход на старте?", "единый вход"),
           ("Мы так и не решили, нужна ли {p} тёмная тема.", "тёмная тема"),
           ("Пока неясно, нужны ли API {p} лимиты запросов.", "лимиты запросов")],
    "ja": [("{p}のリリース前に負荷テストはまだ必要ですか？", "負荷テスト"),
           ("{p}のプライバシーレビューは誰が承認しますか？", "プライバシーレビュー"),
           ("{p}のオンボーディングにチュートリアル動画を残すべきでしょうか？", "チュートリアル動画"),
           ("未決事項：{p}はリリース時にシングルサインオンに対応しますか？", "シングルサインオン"),
           ("{p}にダークモードを入れるかはまだ決まっていません。", "ダークモード"),
           ("{p}のAPIにレート制限が必要かどうか、まだ誰も分かりません。", "レート制限")],
}

STEPS: dict[str, list[Plant]] = {
    "en": [("I'll draft the {p} release notes by Friday.", "release notes"),
           ("Next step: set up the {p} staging server.", "staging server"),
           ("We'll send the {p} pricing sheet to procurement tomorrow.", "pricing sheet"),
           ("Action item for me: book the {p} usability sessions.", "usability sessions"),
           ("Let's run the {p} accessibility audit next week.", "accessibility audit"),
           ("I'm going to write the {p} migration runbook this week.", "migration runbook")],
    "ru": [("Я подготовлю заметки к релизу {p} к пятнице.", "заметки к релизу"),
           ("Следующий шаг: поднять стенд {p} для тестирования.", "стенд"),
           ("Завтра отправим прайс-лист {p} в отдел закупок.", "прайс-лист"),
           ("Задача на мне: назначить юзабилити-сессии по {p}.", "юзабилити-сессии"),
           ("Давай на следующей неделе проведём аудит доступности {p}.", "аудит доступности"),
           ("На этой неделе напишу инструкцию по миграции {p}.", "инструкцию по миграции")],
    "ja": [("金曜日までに{p}のリリースノートを書きます。", "リリースノート"),
           ("次のステップ：{p}のステージング環境を用意する。", "ステージング環境"),
           ("明日、{p}の価格表を購買部に送ります。", "価格表"),
           ("私の担当：{p}のユーザビリティテストを予約する。", "ユーザビリティテスト"),
           ("来週{p}のアクセシビリティ監査をやりましょう。", "アクセシビリティ監査"),
           ("今週中に{p}の移行手順書を作ります。", "移行手順書")],
}
