"""Issue 19: what the offline default quotes — knowledge with its "[n] Title" header, the
person's own statements (never the assistant's earlier answers, never their questions, never
the engine's tags), each labelled with the conversation it came from."""

from __future__ import annotations

import os

from tests.helpers import open_memory, unique_user
from threadkeep.crypto import MasterKey
from threadkeep.knowledge.tool import render_hits
from threadkeep.memory.offline import OfflineModel
from threadkeep.messages import ChatMessage, Segment, ToolCallPart, ToolResultPart

MARKDOWN = """# Travel policy

Economy class for flights under six hours.

## Hotels

Hotels up to 180 euros a night in capital cities.

Breakfast is included when the hotel offers it."""

EARLIER_OFFLINE_ANSWER = (
    "[offline mode: no language model is configured, so I can only quote what I remember. "
    "Set THREADKEEP_MODEL to use a real model.]\n\nWhat I remember that relates to your message:\n"
    "- (earlier in this conversation) The boat is called Heron and sleeps four."
)


def _quotes(answer: str) -> list[str]:
    return [line for line in answer.split("\n") if line.startswith("- (")]


def test_markdown_passages_are_quoted_with_their_header() -> None:
    from threadkeep.knowledge.results import Hit

    hit = Hit(
        chunk_id="c1",
        document_id="d1",
        title="Travel policy",
        ordinal=1,
        text=MARKDOWN,
        score=1.0,
        dense_score=None,
        lexical_score=None,
    )
    content = render_hits(
        [
            hit,
            Hit(
                chunk_id="c2",
                document_id="d1",
                title="Expenses",
                ordinal=0,
                text="Receipts within a month.\n\nHotel bills itemised.",
                score=0.5,
                dense_score=None,
                lexical_score=None,
            ),
        ]
    )
    tool_round = Segment(
        "tool_round",
        (
            ChatMessage("assistant", (ToolCallPart("engine-search", "search_knowledge", {"query": "hotel"}),)),
            ChatMessage("user", (ToolResultPart("engine-search", content),)),
        ),
    )
    answer = OfflineModel().answer("How much for a hotel in a capital?", (tool_round,))
    quotes = _quotes(answer)
    assert "- (knowledge base [1] Travel policy (part 2)) Hotels up to 180 euros a night in capital cities." in quotes
    assert "- (knowledge base [2] Expenses (part 1)) Hotel bills itemised." in quotes
    assert not any("##" in q or "# Travel" in q for q in quotes)


def test_only_the_persons_statements_are_memories_and_each_says_where_from() -> None:
    history = Segment(
        "history",
        (
            ChatMessage.user("The boat is called Heron and sleeps four. What is the boat called?"),
            ChatMessage.assistant(EARLIER_OFFLINE_ANSWER),
            ChatMessage.user("Where is the boat moored?"),
        ),
    )
    context = Segment(
        "turn_context",
        (
            ChatMessage.user(
                "<turn_context>\nCurrent time: 2026-11-30 21:00 UTC\n\n"
                "Relevant facts:\n- The boat's home port is Kiel.\n\n"
                "Recalled:\n- [2026-11-02] person: Our boat needs new sails before spring.\n"
                "assistant: (earlier in this conversation) Our boat needs new sails.\n"
                "…\nperson: Which boat shop is open on Sundays?\n"
                "- [2026-11-20] person: The boat trailer is in the barn.\n</turn_context>"
            ),
        ),
    )
    new = Segment("new_message", (ChatMessage.user("Tell me about the boat."),))
    answer = OfflineModel().answer("Tell me about the boat.", (history, context, new))
    quotes = _quotes(answer)
    assert "- (earlier in this conversation) The boat is called Heron and sleeps four." in quotes
    assert "- (what I know about you) The boat's home port is Kiel." in quotes
    assert "- (another conversation, 2 Nov) Our boat needs new sails before spring." in quotes
    # Never a question, never the assistant's own words, never a tag or a section line.
    text = "\n".join(quotes)
    for absent in (
        "?",
        "new sails.",
        "<turn_context>",
        "Recalled",
        "Current time",
        "memory about you",
        "(earlier in this conversation) (earlier",
    ):
        assert absent not in text, absent
    assert len(quotes) == len(set(quotes)) <= 5


async def test_end_to_end_knowledge_and_memory_from_another_conversation(tmp_path, settings) -> None:  # type: ignore[no-untyped-def]
    m = open_memory(f"sqlite:///{tmp_path / 'off.db'}", MasterKey(os.urandom(32), "t"), settings, OfflineModel())
    try:
        m.knowledge.add_document(title="Travel policy", text=MARKDOWN, public=True)
        user = unique_user()
        hotel = await m.send("How much can a hotel in a capital city cost?", user=user)
        assert "(knowledge base [1] Travel policy" in hotel.text and "180 euros" in hotel.text
        assert hotel.report["trace"]["cited"]  # the quote cites its passage

        first = await m.send("My sister Olga lives in Porto.", user=user)
        await m.send("Where does my sister Olga live?", user=user, conversation_id=first.conversation_id)
        await m.drain_jobs()
        later = await m.send("Tell me about my sister Olga.", user=user)
        quotes = _quotes(later.text)
        assert any(q.endswith("My sister Olga lives in Porto.") and "this conversation" not in q for q in quotes)
        assert not any("?" in q or "[offline mode" in q or "<" in q for q in quotes), quotes
    finally:
        await m.close()


def test_a_sentence_the_document_wrapped_is_quoted_whole() -> None:
    """Issue 28: the quote stopped at the document's own line break."""
    from threadkeep.knowledge.results import Hit

    text = (
        "Unused vacation days can be carried over\nup to a maximum of 5 days.\n"
        "Requests go to your manager\n- one week ahead\n- in writing"
    )
    hit = Hit(
        chunk_id="c1",
        document_id="d1",
        title="Leave policy",
        ordinal=0,
        text=text,
        score=1.0,
        dense_score=None,
        lexical_score=None,
    )
    tool_round = Segment(
        "tool_round",
        (
            ChatMessage("assistant", (ToolCallPart("engine-search", "search_knowledge", {"query": "vacation"}),)),
            ChatMessage("user", (ToolResultPart("engine-search", render_hits([hit])),)),
        ),
    )
    quotes = _quotes(OfflineModel().answer("Can unused vacation days be carried over?", (tool_round,)))
    assert (
        "- (knowledge base [1] Leave policy (part 1)) Unused vacation days can be carried over up to a "
        "maximum of 5 days."
    ) in quotes
    # A list item keeps its own line: it is not glued to the sentence above.
    manager = OfflineModel().answer("Who gets the requests, the manager?", (tool_round,))
    assert "- (knowledge base [1] Leave policy (part 1)) Requests go to your manager" in _quotes(manager)


def test_small_talk_is_answered_briefly_and_introductions_are_noted() -> None:
    """Issue 28: "hello" and "thanks" got "I don't recall anything related"; an introduction
    got nothing at all."""
    model = OfflineModel()
    for hello in ("hello", "Hi!", "Good morning :)", "Привет", "こんにちは", "你好", "Bonjour !"):
        answer = model.answer(hello, ())
        assert answer.startswith("Hello!") and "don't recall" not in answer, hello
    for thanks in ("thanks", "Thank you so much!", "спасибо", "ありがとうございます", "merci", "谢谢"):
        assert model.answer(thanks, ()) == "You're welcome.", thanks
    for intro, name in (
        ("Hi, I'm Anna", "Anna"),
        ("my name is Ben Okafor", "Ben Okafor"),
        ("Меня зовут Ольга", "Ольга"),
        ("私は田中です", "田中"),
        ("我叫李明", "李明"),
        ("I'm Anna and I lead the Ajax project", "Anna"),
        ("Je m'appelle Claire.", "Claire"),
    ):
        assert model.answer(intro, ()).startswith(f"Noted: your name is {name}."), intro
    # Not small talk: a greeting before a question, a statement that is not an introduction.
    assert "don't recall" in model.answer("Hello, what is our deadline?", ())
    assert "don't recall" in model.answer("I'm tired of the Ajax deadline", ())
    assert "don't recall" in model.answer("thanks for the budget numbers from Lisbon", ())
