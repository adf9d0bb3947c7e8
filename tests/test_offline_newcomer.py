"""Issue 40: a newcomer's first session with the offline default, scripted on SQLite.

Five facts told in English over several turns, then asked about in new conversations, in
English and in Russian: each answer holds the fact with its true source, never an earlier
answer's text nor a repeated line; what was never said gets "I don't know", not a quote.
"""

from __future__ import annotations

import os

import pytest

from tests.helpers import open_memory, unique_user
from threadkeep.crypto import MasterKey
from threadkeep.memory.offline import OFFLINE_NOTICE, OfflineModel

TOLD = ("My name is Pavel Orlov.", "I work at Lumen Analytics.", "My daughter is called Mira.",
        "I prefer tea to coffee.", "I live in Bergen.")
# (question, words the answer must hold)
ENGLISH = (("What do you know about me?", "Pavel Orlov"), ("Where do I work?", "Lumen Analytics"),
           ("What is my daughter's name?", "Mira"), ("Do I prefer tea or coffee?", "tea to coffee"))
RUSSIAN = (("Что ты обо мне знаешь?", "Pavel Orlov"), ("Как зовут мою дочь?", "Mira"),
           ("Что я предпочитаю, чай или кофе?", "tea to coffee"), ("Как меня зовут?", "Pavel Orlov"))
NEVER_SAID = ("What is my dog's name?", "What car do I drive?")


def _lines(answer: str) -> list[str]:
    return [line for line in answer.split("\n") if line.strip()]


async def test_a_newcomer_session_gets_its_facts_back_with_their_sources(tmp_path, settings) -> None:  # type: ignore[no-untyped-def]
    m = open_memory(f"sqlite:///{tmp_path / 'n.db'}", MasterKey(os.urandom(32), "t"), settings, OfflineModel())
    user = unique_user()
    answers: list[str] = []
    try:
        first = await m.send(TOLD[0], user=user)
        answers.append(first.text)
        for told in TOLD[1:]:
            answers.append((await m.send(told, user=user, conversation_id=first.conversation_id)).text)
            await m.drain_jobs()
        assert "Pavel Orlov and" not in answers[0] and answers[0].count(OFFLINE_NOTICE) == 1
        assert not any(OFFLINE_NOTICE in a for a in answers[1:])  # the notice once per conversation
        for question, fact in ENGLISH + RUSSIAN:
            answer = (await m.send(question, user=user)).text
            assert fact in answer, (question, answer)
            assert "(what I know about you) " in answer, (question, answer)
            lines = _lines(answer)
            assert len(lines) == len(set(lines)), answer  # no line twice
            # No quote holds an earlier answer's text: its header, notice, reply or quote lines.
            for quote in (line.split(") ", 1)[-1] for line in lines if line.startswith("- (")):
                assert not any(said in quote for earlier in answers for said in _lines(earlier)
                               if not said.startswith("- (")), (question, answer)
                assert "- (" not in quote and "(what I know" not in quote, (question, answer)
            answers.append(answer)
            await m.drain_jobs()
        for question in NEVER_SAID:
            answer = (await m.send(question, user=user)).text
            assert "I don't know" in answer and "- (" not in answer, (question, answer)
    finally:
        await m.close()


async def test_an_offline_answer_is_stored_marked_and_never_recalled(tmp_path, settings) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import select

    from threadkeep.store.models import Message

    m = open_memory(f"sqlite:///{tmp_path / 'o.db'}", MasterKey(os.urandom(32), "t"), settings, OfflineModel())
    user = unique_user()
    try:
        one = await m.send("The boat Heron sleeps four.", user=user)
        await m.send("Where is the boat Heron moored?", user=user, conversation_id=one.conversation_id)
        await m.drain_jobs()
        with m.db.reading() as s:
            rows = s.execute(select(Message.role, Message.offline)).all()
        assert {(r.role, r.offline) for r in rows} == {("user", False), ("assistant", True)}
        again = await m.send("The boat Heron sleeps four, really.", user=user, conversation_id=one.conversation_id)
        assert again.text.count("sleeps four") <= 1  # its own earlier answer is no memory
        exported = await m.export(one.conversation_id, user=user, format="json")
        assert '"offline": true' in exported
    finally:
        await m.close()


@pytest.mark.parametrize(("sources", "label"), [
    ({"The boat sleeps four.": ("2026-05-03", "user", False, False)}, "another conversation, 3 May"),
    ({"The boat sleeps four.": ("2026-05-03", "user", True, False)}, "you said, 3 May"),
    ({"The boat sleeps four.": ("2026-12-06", "user", True, True)}, "a document you pasted here, 6 Dec"),
    ({"The boat sleeps four.": ("2026-05-03", "assistant", False, False)}, "the assistant said"),
])
def test_a_recalled_line_names_its_true_source(sources, label) -> None:  # type: ignore[no-untyped-def]
    from threadkeep.messages import ChatMessage, Segment

    who = "the assistant" if label == "the assistant said" else "you"
    context = Segment("turn_context", (ChatMessage.user(
        f"<turn_context>\nRecalled:\n- [2026-05-03] {who}: The boat sleeps four.\n</turn_context>"),))
    answer = OfflineModel().answer("How many does the boat sleep?", (context,), sources)
    assert f"- ({label}) The boat sleeps four." in answer


def test_summary_and_history_labels_and_the_notice_once() -> None:
    from threadkeep.messages import ChatMessage, Segment

    summary = Segment("summary", (ChatMessage.user("<summary>\n## Decisions\n- The boat sleeps four.\n</summary>"),))
    history = Segment("history", (ChatMessage.user("The boat is moored in Bergen."),
                                  ChatMessage.assistant("Noted.")))
    answer = OfflineModel().answer("Where is the boat that sleeps four moored?", (summary, history))
    assert "- (the summary of this conversation) The boat sleeps four." in answer
    assert "- (earlier in this conversation) The boat is moored in Bergen." in answer
    assert OFFLINE_NOTICE not in answer  # the conversation was answered before
