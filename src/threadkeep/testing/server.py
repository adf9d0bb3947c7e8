"""Run the HTTP service with a delayed scripted model: ``python -m threadkeep.testing.server``.

``threadkeep serve --model scripted`` answers instantly, and a spec cannot carry a delay, so
load and fault runs start the service through this launcher instead. It serves exactly what
``threadkeep serve`` serves (same app, same lifespan, same background runner and keep-warm
scheduler); only the models differ:

- the chat model echoes the new message after ``--delay`` seconds, streamed in small deltas;
- ``--fold-delay`` / ``--facts-delay`` add a fold/fact model that waits and then answers something that is not
  valid operations, so the engine falls back to its extractive summariser — the wait is the
  window in which a fault run kills the process mid-fold or mid-extraction.

``--lease`` shortens the job lease so a job whose worker was killed is picked up again within
seconds instead of two minutes. Keys (one admin key) are written to ``--keys-out`` as JSON
before the server listens; the caller polls ``/v1/session`` until it answers.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from threadkeep import jobs
from threadkeep.api.config import ServiceSettings
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory
from threadkeep.engine import access as auth
from threadkeep.llm.scripted import SERVED_SCRIPTED_CALLS, ScriptedModel, Step
from threadkeep.messages import ModelRequest

__all__ = ["echo_model", "fold_model", "main"]


def _last_text(request: ModelRequest) -> str:
    return request.segments[-1].messages[-1].text if request.segments else ""


def echo_model(delay: float) -> ScriptedModel:
    """A chat model answering ``echo: <message>`` after ``delay`` seconds (a fixed model cost)."""

    def respond(request: ModelRequest) -> Step:
        return Step(text=f"echo: {_last_text(request)}", delay=delay, chunk=6)

    return ScriptedModel(responder=respond, name="load-echo", keep_calls=SERVED_SCRIPTED_CALLS)


def fold_model(fold_delay: float, facts_delay: float = 0.0) -> ScriptedModel:
    """A slow fold/fact model whose answer is rejected, so the extractive path does the work.

    Folds wait ``fold_delay`` and fact extractions ``facts_delay`` (told apart by their system
    prompts), so a fault run can hold one kind of job open without slowing the other.
    """
    from threadkeep.memory.facts.model import (
        EXTRACTION_SYSTEM,  # lazy: start-up (tests/test_serve_startup.py)
    )
    from threadkeep.memory.summary.model import (
        FOLD_SYSTEM_PROMPT,  # lazy: start-up (tests/test_serve_startup.py)
    )

    def respond(request: ModelRequest) -> Step:
        wait = {FOLD_SYSTEM_PROMPT: fold_delay, EXTRACTION_SYSTEM: facts_delay}.get(request.system, 0.0)
        return Step(text="not operations", delay=wait)

    return ScriptedModel(responder=respond, name="slow-fold", keep_calls=SERVED_SCRIPTED_CALLS)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--db", required=True, help="database URL")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--delay", type=float, default=0.05, help="chat model delay in seconds")
    p.add_argument("--fold-delay", type=float, default=None, help="fold model delay (default: no fold model)")
    p.add_argument("--facts-delay", type=float, default=0.0, help="fact extraction delay (with --fold-delay)")
    p.add_argument("--lease", type=float, default=None, help="job lease in seconds (default: the engine's)")
    p.add_argument("--keys-out", required=True, help='where to write {"admin": key}')
    p.add_argument("--home", default=None, help="THREADKEEP_HOME for this server")
    p.add_argument("--log-level", default="warning")
    p.add_argument("--rate-per-minute", type=float, default=0.0, help="per-key rate limit (0: none)")
    p.add_argument("--rate-burst", type=int, default=60, help="per-key burst")
    args = p.parse_args(argv)

    import uvicorn  # lazy: optional extra server

    from threadkeep.api.app import create_app  # lazy: optional extra server

    if args.lease is not None:
        jobs.LEASE_SECONDS = args.lease  # read at claim time; a dead worker's job returns sooner
    hex_key = os.environ.get("THREADKEEP_TEST_MASTER_KEY_HEX")
    if not hex_key:
        sys.exit("set THREADKEEP_TEST_MASTER_KEY_HEX (64 hex characters) so restarts share the key")
    settings = Settings(home=Path(args.home)) if args.home else Settings()
    memory = Memory.open(
        args.db,
        settings=settings,
        model=echo_model(args.delay),
        fold_model=fold_model(args.fold_delay, args.facts_delay) if args.fold_delay is not None else None,
        master_key=MasterKey(bytes.fromhex(hex_key), "test-launcher"),
    )
    keys_path = Path(args.keys_out)
    if not keys_path.exists():
        admin, _ = auth.create_key(memory.db, memory.vault, scope="admin", name="load admin")
        keys_path.write_text(json.dumps({"admin": admin}))
    # No per-key rate limit by default: the load generator is one client hammering many
    # conversations. The replica test sets one (shared through the database or Redis).
    service = ServiceSettings(
        rate_per_minute=args.rate_per_minute, rate_burst=args.rate_burst, max_concurrent_turns=256, _env_file=None
    )  # type: ignore[call-arg]
    app = create_app(memory, settings, service=service)
    try:
        uvicorn.run(
            app, host="127.0.0.1", port=args.port, log_level=args.log_level, timeout_keep_alive=3900, lifespan="on"
        )
    finally:
        memory.db.dispose()


if __name__ == "__main__":
    main()
