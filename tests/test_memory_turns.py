"""Issue 5 through the engine: facts and profile follow the person into new conversations."""

from __future__ import annotations

import json
import os

from threadkeep.crypto import MasterKey
from threadkeep.engine import people as facts_api
from threadkeep.llm.scripted import ScriptedModel

from .helpers import all_table_bytes, open_memory, unique_user
from .test_cli import tk


def _context_text(request) -> str:  # type: ignore[no-untyped-def]
    seg = next((s for s in request.segments if s.name == "turn_context"), None)
    return seg.messages[0].text if seg else ""


async def test_new_conversation_has_no_history_but_facts_and_profile(backend, settings) -> None:
    url, key = backend
    settings.profile_every = 1
    model = ScriptedModel(responder=lambda r: "Got it.")
    m = open_memory(url, key, settings, model)
    user = unique_user()
    first = await m.send("I work at Zephyrcorp and I live in Lisbon.", user=user)
    await m.send("Remember that my cat is called Pixel.", user=user, conversation_id=first.conversation_id)
    await m.drain_jobs()
    second = await m.send("Where do I work these days?", user=user)
    assert second.created and second.conversation_id != first.conversation_id
    request = model.calls[-1]
    # No verbatim history: at most this turn's recall note (docs/CACHE.md §9).
    history = [x.text for s in request.segments if s.name == "history" for x in s.messages]
    assert all(t.startswith("<recalled_note>") for t in history) and len(history) <= 1
    assert not any(s.name == "summary" for s in request.segments)
    assert "Zephyrcorp" in _context_text(request)
    startup = next(s for s in request.segments if s.name == "startup").messages[0].text
    assert "Zephyrcorp" in startup or "Lisbon" in startup  # the profile snapshot
    assert second.report["facts"] and second.report["facts"][0]["sources"]
    rows = await facts_api.list_facts(m, user=user)
    assert {r["key"] for r in rows} >= {"said:liv work", "note"}
    # Facts are sealed at rest.
    assert b"Zephyrcorp" not in all_table_bytes(m)
    await m.close()


async def test_facts_not_learnt_from_the_assistant_or_injected_memory(tmp_path, settings) -> None:
    model = ScriptedModel(responder=lambda r: "I work at Initech and I live in Oslo.")
    m = open_memory(f"sqlite:///{tmp_path / 'j.db'}", MasterKey(os.urandom(32), "t"), settings, model)
    user = unique_user()
    await m.send("Hello!", user=user)
    await m.drain_jobs()
    assert await facts_api.list_facts(m, user=user) == []
    await m.close()


def test_facts_cli_list_history_undo_delete(tmp_path) -> None:
    home = tmp_path / "home"
    tk(home, "chat", "--user", "fay", stdin="My dog is called Rex.\nI work at Acme.\nI work at Globex.\n")
    rows = json.loads(tk(home, "facts", "list", "--user", "fay", "--json").stdout)
    (employer,) = [r for r in rows if r["key"] == "said:work"]
    assert employer["value"] == "I work at Globex."
    history = tk(home, "facts", "history", employer["id"], "--user", "fay").stdout
    assert "I work at Acme. → I work at Globex." in history
    assert "Acme" in tk(home, "facts", "undo", employer["id"], "--user", "fay").stdout
    rows = json.loads(tk(home, "facts", "list", "--user", "fay", "--json").stdout)
    assert [r["value"] for r in rows if r["key"] == "said:work"] == ["I work at Acme."]
    erased = tk(home, "facts", "delete", employer["id"], "--user", "fay").stdout
    assert "permanently" in erased and "cannot be undone" in erased
    rows = json.loads(tk(home, "facts", "list", "--user", "fay", "--json").stdout)
    assert not [r for r in rows if r["key"] == "said:work"]
    # The next undo stops at the erasure: the dog, learnt before it, is not taken back.
    undo = tk(home, "facts", "undo", "--user", "fay", check=False)
    assert undo.returncode != 0 and "nothing to undo" in undo.stderr
    rows = json.loads(tk(home, "facts", "list", "--user", "fay", "--json").stdout)
    assert [r["value"] for r in rows if "Rex" in r["value"]] == ["My dog is called Rex."]
    missing = tk(home, "facts", "history", employer["id"], "--user", "fay", check=False)
    assert missing.returncode != 0 and "not found" in missing.stderr
