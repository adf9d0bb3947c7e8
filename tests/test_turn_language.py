"""A turn runs no language rules (issue 38): building and answering a request reads the marks
stored at fold and extraction time and never loads the modules that read a person's words —
the summarisers, the sentence reader, the fact extractor. Checked in a fresh interpreter that
opens the engine and answers turns (background work not started), so any import on the turn's
path, however indirect, is seen."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

LANGUAGE_MODULES = (
    "threadkeep.memory.summary.text",
    "threadkeep.memory.summary.extractive",
    "threadkeep.memory.summary.merge",
    "threadkeep.memory.summary.model",
    "threadkeep.memory.summary.grounding",
    "threadkeep.memory.facts.extract",
    "threadkeep.memory.facts.model",
    "threadkeep.engine.fact_extraction",
    "pymorphy3",
)

_SCRIPT = textwrap.dedent("""
    import asyncio, json, os, sys, tempfile
    from threadkeep.config import Settings
    from threadkeep.crypto import MasterKey
    from threadkeep.engine import Memory
    from threadkeep.llm.scripted import ScriptedModel

    async def main():
        home = tempfile.mkdtemp()
        settings = Settings(home=home, embeddings=False)
        memory = Memory.open(f"sqlite:///{home}/t.db", settings=settings, master_key=MasterKey(b"k" * 32, "t"),
                             model=ScriptedModel(responder=lambda r: "Noted."))
        cid = None
        for text in ["I work at Lumen Analytics in Bergen.", "Мой бюджет — 120 тысяч.", "私は大阪に住んでいます。",
                     "Where do I work?"] * 3:
            cid = (await memory.send(text, user="alice", conversation_id=cid)).conversation_id
        await memory.close()
        print(json.dumps(sorted(m for m in sys.modules if m.startswith(("threadkeep.memory", "pymorphy3")))))

    asyncio.run(main())
""")


def test_a_turn_loads_no_language_module() -> None:
    done = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "threadkeep.memory.summary.items" in loaded  # the turn did read the summary
    assert not loaded & set(LANGUAGE_MODULES), sorted(loaded & set(LANGUAGE_MODULES))
