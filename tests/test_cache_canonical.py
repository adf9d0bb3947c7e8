"""Byte stability: canonical tools and schemas, the same state renders the same bytes, and a
normal turn leaves everything before the previous turn's last breakpoint untouched."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.test_cache_helpers import TOOLS, Convo
from threadkeep.context.canonical import canonical_schema, canonical_tools, segment_bytes
from threadkeep.errors import ConfigError
from threadkeep.llm import anthropic, openai
from threadkeep.messages import ToolSpec
from threadkeep.testing.simulator import SimulatedModel, SimulatorConfig

CAPS = SimulatedModel(SimulatorConfig.anthropic()).capabilities


def _reordered(schema: Any) -> Any:
    """The same schema with every dict's keys inserted in reverse order."""
    if isinstance(schema, dict):
        return {k: _reordered(schema[k]) for k in reversed(list(schema))}
    if isinstance(schema, list):
        return [_reordered(v) for v in schema]
    return schema


def test_schema_keys_are_sorted_at_every_depth_and_required_is_a_set() -> None:
    schema = {
        "type": "object",
        "required": ["b", "a", "b"],
        "properties": {"z": {"type": "string", "enum": ["y", "x"]}, "a": {"type": "integer"}},
    }
    out = canonical_schema(schema)
    assert list(out) == ["properties", "required", "type"]
    assert list(out["properties"]) == ["a", "z"]
    assert out["required"] == ["a", "b"]
    assert out["properties"]["z"]["enum"] == ["y", "x"]  # order of enum values is meaning


def test_tools_sorted_by_name_and_unique() -> None:
    assert [t.name for t in canonical_tools(TOOLS)] == ["search_knowledge", "web_search"]
    with pytest.raises(ConfigError, match="two tools"):
        canonical_tools([TOOLS[0], TOOLS[0]])


def _two_renderings() -> tuple[Convo, Convo]:
    a = Convo(CAPS, tools=TOOLS)
    b = Convo(CAPS, tools=tuple(ToolSpec(t.name, t.description, _reordered(t.parameters)) for t in reversed(TOOLS)))
    for conv in (a, b):
        conv.answered("When does Ajax ship?", "On 2026-12-15, per Bob.")
    return a, b


def test_same_state_same_bytes_through_both_adapters() -> None:
    a, b = _two_renderings()
    ra, rb = a.request("And the budget?"), b.request("And the budget?")
    assert (
        anthropic.render_request(ra, "claude-sonnet-4-5").to_bytes()
        == anthropic.render_request(rb, "claude-sonnet-4-5").to_bytes()
    )
    assert openai.render_request(ra, "gpt-4.1-mini").to_bytes() == openai.render_request(rb, "gpt-4.1-mini").to_bytes()
    # And rendering one request twice is the same bytes (no clock, no random id).
    assert anthropic.render_request(ra, "m").to_bytes() == anthropic.render_request(ra, "m").to_bytes()
    assert segment_bytes(ra) == segment_bytes(rb)


def _anthropic_blocks(body: dict[str, Any]) -> tuple[list[str], int]:
    """Each cacheable block as canonical JSON without cache_control, and the last marked one."""
    blocks = [*body.get("tools", []), *body.get("system", [])]
    for message in body["messages"]:
        blocks += [{**b, "_role": message["role"]} for b in message["content"]]
    last = max(i for i, b in enumerate(blocks) if "cache_control" in b)
    plain = [json.dumps({k: v for k, v in b.items() if k != "cache_control"}, sort_keys=True) for b in blocks]
    return plain, last


def test_a_normal_turn_changes_nothing_before_the_previous_last_breakpoint() -> None:
    conv = Convo(CAPS)
    for i in range(3):
        conv.answered(f"Question {i} about Ajax?", f"Answer {i}.")
    before = conv.request("What is next?", now="2026-11-02 09:00")
    conv.answered("What is next?", "Shipping on Monday.")
    after = conv.request("Who signs off?", now="2026-11-02 09:07")
    prev_blocks, prev_last = _anthropic_blocks(anthropic.render_request(before, "m").body)
    cur_blocks, _ = _anthropic_blocks(anthropic.render_request(after, "m").body)
    assert prev_last >= len(TOOLS) + 1  # the last breakpoint is at the end of the history
    assert cur_blocks[: prev_last + 1] == prev_blocks[: prev_last + 1]
    # OpenAI: the messages through the previous history are the same wire messages.
    o_prev = openai.render_request(before, "m").body["messages"]
    o_cur = openai.render_request(after, "m").body["messages"]
    n_hist = 1 + 1 + 6  # system, startup, three turns
    assert o_cur[:n_hist] == o_prev[:n_hist]


def test_a_clock_in_the_system_prompt_breaks_the_first_blocks() -> None:
    conv = Convo(CAPS, system="Now: 09:00. " + Convo(CAPS).system)
    before = conv.request("Hi")
    conv.system = "Now: 09:07. " + conv.system[len("Now: 09:00. ") :]
    after = conv.request("Hi")
    prev_blocks, _ = _anthropic_blocks(anthropic.render_request(before, "m").body)
    cur_blocks, _ = _anthropic_blocks(anthropic.render_request(after, "m").body)
    assert prev_blocks[: len(TOOLS)] == cur_blocks[: len(TOOLS)]
    assert prev_blocks[len(TOOLS)] != cur_blocks[len(TOOLS)]
