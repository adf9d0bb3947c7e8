"""The providers' event streams are framed by httpx-sse: any line ending, comments, events split
across network chunks, and a body that is not an event stream is a clear MalformedResponse."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from threadkeep.errors import MalformedResponse
from threadkeep.llm._http import decode_sse
from threadkeep.llm.anthropic_stream import StreamDecoder
from threadkeep.llm.base import Stop, StreamEvent, TextDelta
from threadkeep.llm.openai_stream import ChunkDecoder

FIXTURES = Path(__file__).parent / "fixtures" / "llm"
SSE = {"content-type": "text/event-stream; charset=utf-8"}


class _Chunks(httpx.AsyncByteStream):
    """A body that arrives in pieces of ``size`` bytes, as a network delivers it."""

    def __init__(self, body: bytes, size: int) -> None:
        self.body, self.size = body, size

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for i in range(0, len(self.body), self.size):
            yield self.body[i : i + self.size]


async def _events(
    body: bytes, decoder: StreamDecoder | ChunkDecoder, *, size: int = 7, headers: dict[str, str] = SSE
) -> list[StreamEvent]:
    response = httpx.Response(200, headers=headers, stream=_Chunks(body, size))
    return [e async for e in decode_sse(response, decoder, provider="test")]


@pytest.mark.parametrize("newline", [b"\n", b"\r\n", b"\r"])
async def test_every_line_ending_and_split_chunks_give_the_same_events(newline: bytes) -> None:
    body = (FIXTURES / "anthropic_text.sse").read_bytes().replace(b"\n", newline)
    got = await _events(b": a comment first" + newline + body, StreamDecoder())
    assert [e for e in got if isinstance(e, TextDelta)] == [TextDelta("Hello"), TextDelta(", Ada!")]
    assert isinstance(got[-1], Stop)


async def test_multi_line_data_is_joined() -> None:
    chunk = (
        '{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,\n'
        '"delta":{"content":"Привет"},"finish_reason":"stop"}]}'
    )
    body = "".join(f"data: {line}\n" for line in chunk.split("\n")) + "\ndata: [DONE]\n\n"
    got = await _events(body.encode(), ChunkDecoder("test"))
    assert got[0] == TextDelta("Привет")


async def test_a_body_that_is_not_an_event_stream_is_malformed() -> None:
    body = (FIXTURES / "openai_text.sse").read_bytes()
    with pytest.raises(MalformedResponse, match="did not answer with an event stream"):
        await _events(body, ChunkDecoder("test"), headers={"content-type": "application/json"})
