"""Faked provider HTTP for the memory's structured calls, written from the documented wire formats.

Each scripted :class:`Reply` becomes the bytes a real provider would stream: OpenAI Chat
Completions chunks (``delta.content`` / ``delta.refusal``, ``finish_reason``, a usage chunk,
``[DONE]``) or Anthropic Messages events (``message_start``, a ``tool_use`` block whose input
arrives as ``input_json_delta`` fragments, ``message_delta`` with the stop reason,
``message_stop``). :class:`FakeProvider` serves them to an adapter through an httpx
``MockTransport`` and records every request body it got; :class:`FakeProviderServer` serves the
same over real HTTP on localhost, for a whole engine opened from a model spec.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx


@dataclass
class Reply:
    """One scripted answer. ``answer``: the structured value (sent as JSON text on OpenAI and as
    the forced tool's input on Anthropic) or None; ``text``: free text instead (prose around
    JSON, an empty answer); ``cut``: stop at max_tokens after this many characters of the JSON;
    ``refusal``: the model declines; ``fail_mid_stream``: a server error event after the first
    fragment; ``timeout``: the transport times out."""

    answer: Any = None
    text: str | None = None
    cut: int | None = None
    refusal: str | None = None
    fail_mid_stream: bool = False
    timeout: bool = False


def _sse(events: list[tuple[str | None, dict[str, Any] | str]]) -> bytes:
    out = []
    for name, data in events:
        body = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        out.append((f"event: {name}\n" if name else "") + f"data: {body}\n\n")
    return "".join(out).encode("utf-8")


def _pieces(text: str, size: int = 17) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def openai_stream(reply: Reply, model: str) -> bytes:
    """A Chat Completions stream for ``reply``."""

    def chunk(delta: dict[str, Any], finish: str | None = None) -> tuple[None, dict[str, Any]]:
        return None, {
            "id": "chatcmpl-1",
            "object": "chat.completion.chunk",
            "created": 1,
            "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }

    events: list[tuple[str | None, dict[str, Any] | str]] = [chunk({"role": "assistant", "content": ""})]
    if reply.refusal is not None:
        events += [chunk({"refusal": p}) for p in _pieces(reply.refusal)]
        finish = "stop"
    else:
        text = reply.text if reply.text is not None else json.dumps(reply.answer, ensure_ascii=False)
        if reply.cut is not None:
            text = text[: reply.cut]
        parts = _pieces(text)
        if reply.fail_mid_stream:
            events += [
                chunk({"content": parts[0]}),
                (None, {"error": {"type": "server_error", "code": 500, "message": "stream broke"}}),
            ]
            return _sse(events)
        events += [chunk({"content": p}) for p in parts if p]
        finish = "length" if reply.cut is not None else "stop"
    events += [
        chunk({}, finish),
        (
            None,
            {
                "id": "chatcmpl-1",
                "object": "chat.completion.chunk",
                "created": 1,
                "model": model,
                "choices": [],
                "usage": {
                    "prompt_tokens": 900,
                    "completion_tokens": 120,
                    "prompt_tokens_details": {"cached_tokens": 0},
                },
            },
        ),
        (None, "[DONE]"),
    ]
    return _sse(events)


def anthropic_stream(reply: Reply, model: str, tool: str) -> bytes:
    """A Messages stream for ``reply``: the answer as the input of the forced tool ``tool``."""
    events: list[tuple[str | None, dict[str, Any] | str]] = [
        (
            "message_start",
            {
                "type": "message_start",
                "message": {
                    "id": "msg_1",
                    "type": "message",
                    "role": "assistant",
                    "model": model,
                    "content": [],
                    "stop_reason": None,
                    "usage": {"input_tokens": 900, "output_tokens": 1},
                },
            },
        )
    ]
    stop = "tool_use"
    if reply.refusal is not None:
        stop = "refusal"
    elif reply.text is not None:  # a model (or proxy) that answered in text anyway
        events += [
            (
                "content_block_start",
                {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
            )
        ]
        events += [
            (
                "content_block_delta",
                {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": p}},
            )
            for p in _pieces(reply.text)
        ]
        events += [("content_block_stop", {"type": "content_block_stop", "index": 0})]
        stop = "end_turn"
    else:
        raw = json.dumps(reply.answer, ensure_ascii=False)
        if reply.cut is not None:
            raw, stop = raw[: reply.cut], "max_tokens"
        parts = _pieces(raw)
        events += [
            (
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": 0,
                    "content_block": {"type": "tool_use", "id": "toolu_1", "name": tool, "input": {}},
                },
            )
        ]
        if reply.fail_mid_stream:
            events += [
                (
                    "content_block_delta",
                    {
                        "type": "content_block_delta",
                        "index": 0,
                        "delta": {"type": "input_json_delta", "partial_json": parts[0]},
                    },
                ),
                ("error", {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}),
            ]
            return _sse(events)
        events += [
            (
                "content_block_delta",
                {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": p}},
            )
            for p in parts
        ]
        events += [("content_block_stop", {"type": "content_block_stop", "index": 0})]
    events += [
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": stop, "stop_sequence": None},
                "usage": {"output_tokens": 120},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    return _sse(events)


def _tool_of(body: dict[str, Any]) -> str:
    choice = body.get("tool_choice") or {}
    return str(choice.get("name") or "answer")


class FakeProvider:
    """Serves scripted replies to one adapter over an httpx MockTransport; ``requests`` are the
    JSON bodies it received. ``default`` answers requests beyond the script (None: an error)."""

    def __init__(
        self, style: str, replies: list[Reply] | None = None, default: Callable[[dict[str, Any]], Reply] | None = None
    ) -> None:
        self.style = style
        self.replies: deque[Reply] = deque(replies or [])
        self.default = default
        self.requests: list[dict[str, Any]] = []

    def handle(self, body: dict[str, Any]) -> tuple[int, bytes]:
        self.requests.append(body)
        if self.replies:
            reply = self.replies.popleft()
        elif self.default is not None:
            reply = self.default(body)
        else:
            raise AssertionError(f"unexpected provider call #{len(self.requests)}")
        if reply.timeout:
            raise httpx.ReadTimeout("the fake provider timed out")
        if self.style == "openai":
            return 200, openai_stream(reply, str(body.get("model")))
        return 200, anthropic_stream(reply, str(body.get("model")), _tool_of(body))

    def transport(self) -> httpx.MockTransport:
        def handler(request: httpx.Request) -> httpx.Response:
            status, data = self.handle(json.loads(request.content))
            return httpx.Response(status, content=data, headers={"content-type": "text/event-stream"})

        return httpx.MockTransport(handler)

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(transport=self.transport())


class FakeProviderServer:
    """Both providers' wire formats over real HTTP on 127.0.0.1 (``/v1/chat/completions`` and
    ``/v1/messages``); ``answer(style, body)`` scripts each reply. Stopped by :meth:`close`."""

    def __init__(self, answer: Callable[[str, dict[str, Any]], Reply]) -> None:
        self.requests: list[tuple[str, dict[str, Any]]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))))
                style = "openai" if self.path.endswith("/chat/completions") else "anthropic"
                fake.requests.append((style, body))
                reply = answer(style, body)
                data = (
                    openai_stream(reply, str(body.get("model")))
                    if style == "openai"
                    else anthropic_stream(reply, str(body.get("model")), _tool_of(body))
                )
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)
