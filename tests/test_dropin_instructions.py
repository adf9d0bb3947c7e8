"""The client's instructions and settings reach the model (issue 39, items 1 and 2).

A drop-in's system prompt (OpenAI ``system``/``developer`` messages, Anthropic ``system``) and
the native API's ``system`` field go into the conversation's system segment after threadkeep's
own text, kept with the conversation (sealed) and reused byte for byte; a change is a counted
rebuild in the call log (``instructions_changed``), never a silent change of the prefix.
``temperature``, ``top_p``, stop sequences and ``max_tokens`` reach the model, ``max_tokens``
capped by the answer reserve; the response names the model that answered.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import anthropic
import httpx
import openai
import pytest
from sqlalchemy import select

from tests.conftest_api import ApiHarness, start_harness, stop_harness
from tests.test_agent_frameworks import SYSTEM
from threadkeep.cache.report import build_report
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine.client_settings import INSTRUCTIONS_HEADING
from threadkeep.llm.openai import OpenAICompatibleModel
from threadkeep.store.cache_tables import ModelCall
from threadkeep.store.models import Conversation
from threadkeep.testing.simulator import ManualClock, SimulatedModel, SimulatorConfig
from threadkeep.testing.simulator_wire import wire_transport

FRENCH = "Always answer in French."
PIRATE = "Answer like a pirate."


@pytest.fixture
def live(tmp_path, settings: Settings) -> Iterator[ApiHarness]:  # type: ignore[no-untyped-def]
    h = start_harness(
        f"sqlite:///{tmp_path / 'i.db'}",
        MasterKey(os.urandom(32), "i"),
        settings.model_copy(update={"embeddings": False, "answer_reserve": 600}),
    )
    try:
        yield h
    finally:
        stop_harness(h)


@pytest.fixture
def simulated(tmp_path, settings: Settings) -> Iterator[tuple[ApiHarness, SimulatedModel]]:  # type: ignore[no-untyped-def]
    """A live server whose real OpenAI adapter speaks to the wire simulator (a prefix cache)."""
    sim = SimulatedModel(SimulatorConfig.openai("gpt-4.1"), now=ManualClock())
    model = OpenAICompatibleModel(
        "gpt-4.1",
        preset="openai",
        api_key="sk",
        client=httpx.AsyncClient(
            transport=wire_transport(sim, lambda body: "Bien sûr, voici une réponse assez longue pour le test.")
        ),
    )
    h = start_harness(
        f"sqlite:///{tmp_path / 's.db'}",
        MasterKey(os.urandom(32), "s"),
        settings.model_copy(update={"embeddings": False, "system_prompt": SYSTEM}),
        model=model,
    )
    try:
        yield h, sim
    finally:
        stop_harness(h)


def _system(h: ApiHarness, instructions: str) -> str:
    return f"{h.memory.settings.system_prompt}\n\n{INSTRUCTIONS_HEADING}\n{instructions}"


def _openai(h: ApiHarness) -> tuple[openai.OpenAI, str]:
    key, person = h.person_key()
    client = openai.OpenAI(base_url=f"{h.url}/v1", api_key=key, max_retries=0, timeout=30)
    h.clients.append(client)  # type: ignore[arg-type]
    return client, person


def _turns(client: openai.OpenAI, systems: list[list[dict[str, Any]]]) -> list[str]:
    """One turn per entry (its system messages), the client resending its history each time."""
    history: list[dict[str, Any]] = []
    ids = []
    for i, system in enumerate(systems):
        history.append({"role": "user", "content": f"question {i}"})
        raw = client.chat.completions.with_raw_response.create(model="gpt-4o", messages=[*system, *history])  # type: ignore[arg-type]
        history.append({"role": "assistant", "content": raw.parse().choices[0].message.content})
        ids.append(raw.headers["X-Threadkeep-Conversation"])
    return ids


def test_drop_in_instructions_are_kept_and_reused_byte_for_byte(live: ApiHarness) -> None:
    client, person = _openai(live)
    french = [{"role": "system", "content": FRENCH}]
    ids = _turns(client, [french, french, [{"role": "developer", "content": PIRATE}], french + french, []])
    assert len(set(ids)) == 1  # changing the instructions keeps the conversation
    systems = [c.system for c in live.model.calls]
    assert systems[0] == systems[1] == _system(live, FRENCH)  # the same bytes turn after turn
    assert systems[2] == _system(live, PIRATE)  # developer messages are instructions too
    assert systems[3] == _system(live, f"{FRENCH}\n\n{FRENCH}")  # several, joined in order
    assert systems[4] == live.memory.settings.system_prompt  # none sent: none kept
    assert not any(FRENCH in m.text for c in live.model.calls for m in c.messages)  # not a message
    with live.memory.db.reading() as s:  # sealed at rest: the text is nowhere in the row
        conv = s.get(Conversation, ids[0])
        assert conv is not None and conv.instructions_ct is None  # cleared by the last turn

    # The Anthropic drop-in: the system field, a string or text blocks.
    key, _ = live.person_key()
    a = anthropic.Anthropic(base_url=f"{live.url}/anthropic", api_key=key, max_retries=0, timeout=30)
    live.clients.append(a)  # type: ignore[arg-type]
    a.messages.create(
        model="claude-any",
        max_tokens=256,
        messages=[{"role": "user", "content": "hi"}],
        system=[{"type": "text", "text": FRENCH}, {"type": "text", "text": PIRATE}],
    )
    assert live.model.calls[-1].system == _system(live, f"{FRENCH}\n{PIRATE}")


def test_the_native_api_keeps_a_system_field_per_conversation(live: ApiHarness) -> None:
    key, person = live.person_key()
    c = live.client(key)
    first = c.post("/v1/messages", json={"text": "hello", "system": FRENCH})
    assert first.status_code == 200, first.text
    cid = first.json()["conversation_id"]
    assert live.model.calls[-1].system == _system(live, FRENCH)
    c.post("/v1/messages", json={"text": "and then?", "conversation_id": cid})  # kept when left out
    assert live.model.calls[-1].system == _system(live, FRENCH)
    with live.memory.db.reading() as s:
        sealed = s.scalar(select(Conversation.instructions_ct).where(Conversation.id == cid))
        assert sealed is not None and FRENCH.encode() not in sealed
    c.post("/v1/messages", json={"text": "plain now", "conversation_id": cid, "system": ""})  # cleared
    assert live.model.calls[-1].system == live.memory.settings.system_prompt
    # Another conversation of the same person is not touched.
    other = c.post("/v1/messages", json={"text": "elsewhere"})
    assert live.model.calls[-1].system == live.memory.settings.system_prompt and other.status_code == 200
    too_long = c.post("/v1/messages", json={"text": "hi", "system": "x" * (live.memory.settings.max_message_bytes + 1)})
    assert too_long.status_code == 413 and "system prompt" in too_long.json()["error"]["message"]


def test_a_change_of_instructions_is_a_counted_rebuild(simulated: tuple[ApiHarness, SimulatedModel]) -> None:
    h, sim = simulated
    client, person = _openai(h)
    french, pirate = [{"role": "system", "content": FRENCH}], [{"role": "system", "content": PIRATE}]
    (cid, *_) = _turns(client, [french, french, pirate, pirate])
    with h.memory.db.reading() as s:
        causes = list(
            s.scalars(
                select(ModelCall.miss_cause).where(ModelCall.conversation_id == cid).order_by(ModelCall.started_at)
            )
        )
        report = build_report(s)
    assert causes == ["cold_start", "hit", "instructions_changed", "hit"], causes
    assert report.rebuilds == 1 and report.rewrites_under_ttl_prefix == 0
    reads = [r.cache_read_tokens for r in sim.records]
    assert reads[1] > 0 and reads[3] > 0  # unchanged instructions: the prefix is read again


def test_sampling_settings_reach_the_model_and_the_model_is_named(live: ApiHarness) -> None:
    client, _ = _openai(live)
    done = client.chat.completions.create(
        model="gpt-4o",
        messages=[{"role": "user", "content": "hi"}],
        temperature=0.3,
        top_p=0.9,
        stop=["END"],
        max_tokens=50,
    )
    call = live.model.calls[-1]
    assert (call.temperature, call.top_p, call.stop, call.max_tokens) == (0.3, 0.9, ("END",), 50)
    assert done.model == live.memory.model.name  # the model that answered, not the name asked for
    client.chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": "again"}], max_completion_tokens=5000, stop="STOP"
    )
    call = live.model.calls[-1]
    assert call.max_tokens == 600 and call.stop == ("STOP",)  # capped by the answer reserve
    assert call.temperature is None and call.top_p is None  # not sent: the provider's default
    with pytest.raises(openai.BadRequestError, match="at most 4"):
        client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": "x"}], stop=["a", "b", "c", "d", "e"]
        )
    key, _ = live.person_key()
    a = anthropic.Anthropic(base_url=f"{live.url}/anthropic", api_key=key, max_retries=0, timeout=30)
    live.clients.append(a)  # type: ignore[arg-type]
    reply = a.messages.create(
        model="claude-any",
        max_tokens=64,
        stop_sequences=["###"],
        messages=[{"role": "user", "content": "hi"}],
        extra_body={"temperature": 0.2},
    )
    call = live.model.calls[-1]
    assert (call.temperature, call.stop, call.max_tokens) == (0.2, ("###",), 64)
    assert reply.model == live.memory.model.name


def test_an_answer_cut_at_max_tokens_says_so(simulated: tuple[ApiHarness, SimulatedModel]) -> None:
    h, _ = simulated
    client, person = _openai(h)
    done = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}], max_tokens=3)
    assert done.choices[0].finish_reason == "length" and done.usage is not None
    assert done.usage.completion_tokens <= 3
    streamed = client.chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": "again"}], max_tokens=3, stream=True
    )
    assert [ch.choices[0].finish_reason for ch in streamed if ch.choices][-1] == "length"


def test_instructions_and_tools_may_take_half_the_context(tmp_path, settings: Settings) -> None:  # type: ignore[no-untyped-def]
    h = start_harness(
        f"sqlite:///{tmp_path / 'h.db'}",
        MasterKey(os.urandom(32), "h"),
        settings.model_copy(update={"embeddings": False, "context_window": 4_000, "answer_reserve": 1_000}),
    )
    try:
        client, _ = _openai(h)
        long = " ".join(f"Rule {i}: be exact." for i in range(400))  # ~2,400 tokens, under the byte limit
        with pytest.raises(openai.BadRequestError) as e:
            client.chat.completions.create(
                model="gpt-4o", messages=[{"role": "system", "content": long}, {"role": "user", "content": "hi"}]
            )
        assert e.value.code == "context_length_exceeded" and "half of the model's limit" in e.value.message
        assert h.model.calls == []
    finally:
        stop_harness(h)
