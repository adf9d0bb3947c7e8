"""Small exports of our own making, in the three formats (for tests/test_imports*.py).

Shapes follow the public descriptions of the exports (docs/IMPORT.md); values are ours.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

T0 = 1_700_000_000.0  # 2023-11-14 22:13:20 UTC


def gpt_node(
    node_id: str,
    role: str | None,
    text: Any,
    parent: str | None,
    children: list[str],
    t: float | None,
    *,
    ctype: str = "text",
    hidden: bool = False,
    recipient: str = "all",
) -> dict[str, Any]:
    msg = None
    if role is not None:
        parts = text if isinstance(text, list) else [text]
        msg = {
            "id": node_id,
            "author": {"role": role, "name": None, "metadata": {}},
            "create_time": t,
            "update_time": None,
            "content": {"content_type": ctype, "parts": parts},
            "status": "finished_successfully",
            "metadata": {"is_visually_hidden_from_conversation": True} if hidden else {},
            "recipient": recipient,
            "weight": 1.0,
        }
    return {"id": node_id, "message": msg, "parent": parent, "children": children}


def chatgpt_branching(cid: str = "c0ffee00-0000-4000-8000-000000000001") -> dict[str, Any]:
    """One conversation with a system node, a hidden node, an edited (abandoned) branch, a tool
    round, an image part, and the current branch ending at ``a3``."""
    m = {
        "root": gpt_node("root", None, None, None, ["sys"], None),
        "sys": gpt_node("sys", "system", "", "root", ["ctx"], None),
        "ctx": gpt_node(
            "ctx", "user", "custom instructions", "sys", ["u1"], T0, ctype="user_editable_context", hidden=True
        ),
        "u1": gpt_node("u1", "user", "Hi! My name is Ana Ferreira and I live in Lisbon.", "ctx", ["a1"], T0 + 10),
        "a1": gpt_node("a1", "assistant", "Nice to meet you, Ana.", "u1", ["u2old", "u2"], T0 + 20),
        "u2old": gpt_node("u2old", "user", "ABANDONED-BRANCH: I work at Globex.", "a1", ["a2old"], T0 + 30),
        "a2old": gpt_node("a2old", "assistant", "ABANDONED-ANSWER", "u2old", [], T0 + 40),
        "u2": gpt_node(
            "u2",
            "user",
            [
                "Our team mascot is a purple heron named Bartholomew.",
                {"content_type": "image_asset_pointer", "asset_pointer": "file-service://x"},
            ],
            "a1",
            ["a2tool"],
            T0 + 50,
            ctype="multimodal_text",
        ),
        "a2tool": gpt_node(
            "a2tool", "assistant", "search('heron')", "u2", ["tool"], T0 + 60, ctype="code", recipient="python"
        ),
        "tool": gpt_node("tool", "tool", "result", "a2tool", ["a2"], T0 + 61, ctype="execution_output"),
        "a2": gpt_node("a2", "assistant", "A purple heron is a fine mascot.", "tool", ["u3"], T0 + 70),
        "u3": gpt_node("u3", "user", "Thanks!", "a2", ["a3"], T0 + 80),
        "a3": gpt_node("a3", "assistant", "You're welcome.", "u3", [], T0 + 90),
    }
    return {
        "title": "Meeting Ana",
        "create_time": T0,
        "update_time": T0 + 90,
        "mapping": m,
        "current_node": "a3",
        "conversation_id": cid,
        "id": cid,
    }


def chatgpt_simple(cid: str, title: str, pairs: list[tuple[str, str]], t: float = T0) -> dict[str, Any]:
    m: dict[str, Any] = {"root": gpt_node("root", None, None, None, ["n0"] if pairs else [], None)}
    parent = "root"
    n = 0
    for user, answer in pairs:
        for role, text in (("user", user), ("assistant", answer)):
            nid = f"n{n}"
            m[nid] = gpt_node(nid, role, text, parent, [f"n{n + 1}"], t + n)
            m[parent]["children"] = [nid]
            parent, n = nid, n + 1
    m[parent]["children"] = []
    return {"title": title, "create_time": t, "mapping": m, "current_node": parent, "id": cid}


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def claude_export() -> list[dict[str, Any]]:
    return [
        {
            "uuid": "c1a0de00-0000-4000-8000-000000000001",
            "name": "Garden plans",
            "created_at": "2024-03-02T09:00:00.000000Z",
            "updated_at": "2024-03-02T09:05:00.000000Z",
            "account": {"uuid": "acc"},
            "chat_messages": [
                {
                    "uuid": "m1",
                    "sender": "human",
                    "text": "I grow saffron crocuses on my balcony in Porto.",
                    "content": [{"type": "text", "text": "I grow saffron crocuses on my balcony in Porto."}],
                    "created_at": "2024-03-02T09:00:05.000000Z",
                    "attachments": [],
                    "files": [],
                },
                {
                    "uuid": "m2",
                    "sender": "assistant",
                    "text": "",
                    "content": [
                        {"type": "thinking", "thinking": "hmm"},
                        {"type": "text", "text": "Saffron crocuses like sun and dry soil."},
                        {"type": "tool_use", "name": "web_search", "input": {}},
                    ],
                    "created_at": "2024-03-02T09:00:09.000000Z",
                    "attachments": [],
                    "files": [],
                },
                {
                    "uuid": "m3",
                    "sender": "human",
                    "text": "Тоже люблю чай с мёдом.",
                    "content": [],
                    "created_at": "2024-03-02T09:01:00.000000Z",
                    "attachments": [{"file_name": "notes.txt", "extracted_content": "SECRET-ATTACHMENT"}],
                    "files": [],
                },
                {
                    "uuid": "m4",
                    "sender": "assistant",
                    "text": "",
                    "content": [],
                    "created_at": "2024-03-02T09:01:30.000000Z",
                    "attachments": [],
                    "files": [],
                },
            ],
        },
        {
            "uuid": "c1a0de00-0000-4000-8000-000000000002",
            "name": "",
            "created_at": "2024-04-01T10:00:00Z",
            "chat_messages": [
                {
                    "uuid": "m5",
                    "sender": "human",
                    "text": "日本語のメッセージです。",
                    "created_at": "2024-04-01T10:00:01Z",
                },
            ],
        },
    ]


def tg_message(mid: int, when: float, sender: str, from_id: str, text: Any, **extra: Any) -> dict[str, Any]:
    from datetime import UTC, datetime

    return {
        "id": mid,
        "type": "message",
        "date": datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%dT%H:%M:%S"),
        "date_unixtime": str(int(when)),
        "from": sender,
        "from_id": from_id,
        "text": text,
        "text_entities": [],
        **extra,
    }


def telegram_personal(t: float = T0) -> dict[str, Any]:
    """A private chat with Boris (user 222); the exporter is Ana (user 111)."""
    return {
        "name": "Boris",
        "type": "personal_chat",
        "id": 222,
        "messages": [
            tg_message(1, t, "Ana", "user111", "Boris, my dentist appointment is on the 14th at Clínica Sorriso."),
            tg_message(
                2, t + 60, "Boris", "user222", ["Good luck with ", {"type": "bold", "text": "the dentist"}, "!"]
            ),
            {
                "id": 3,
                "type": "service",
                "date": "2023-11-14T22:15:00",
                "date_unixtime": str(int(t + 100)),
                "actor": "Ana",
                "actor_id": "user111",
                "action": "pin_message",
                "text": "",
            },
            tg_message(
                4, t + 120, "Boris", "user222", "", media_type="sticker", sticker_emoji="😄", file="stickers/x.webp"
            ),
            tg_message(5, t + 7 * 3600, "Ana", "user111", "Next morning: I adopted a cat called Miso."),
        ],
    }


def telegram_group(t: float = T0) -> dict[str, Any]:
    return {
        "name": "Climbing club",
        "type": "private_supergroup",
        "id": 999,
        "messages": [
            tg_message(10, t, "Carla", "user333", "Who brings the rope on Saturday?"),
            tg_message(11, t + 30, "Ana", "user111", "I bring the rope; my harness size is M."),
            tg_message(12, t + 60, "Dmitri", "user444", "I'll bring chalk."),
        ],
    }


def telegram_account(t: float = T0) -> dict[str, Any]:
    return {
        "about": "export",
        "personal_information": {"user_id": 111, "first_name": "Ana"},
        "chats": {"about": "chats", "list": [telegram_personal(t), telegram_group(t)]},
    }
