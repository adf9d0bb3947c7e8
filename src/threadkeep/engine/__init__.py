"""The engine: one turn from a person's message to a stored answer, and the services around it.

``memory`` holds :class:`Memory`, the facade the faces call; ``turn`` the turn (begin → answer
→ complete), ``window`` what a turn reads, ``request`` the pure request builder, ``background``
the job handlers, ``folds`` the fold and its commit, ``conversations`` and ``admin`` the
conversation and people services, ``tools`` the tools a turn may offer, ``idempotency`` the repeated-request
rules and ``people`` the person's facts as the faces see them.
``from threadkeep.engine import Memory`` is the library's entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from threadkeep.engine.memory import Memory, TurnResult

__all__ = ["Memory", "TurnResult"]


def __getattr__(name: str) -> Any:
    # Loaded on first use: a service module of the engine (access, people, openai_threads, a
    # table the migrations gather) imports without loading the whole turn and its models.
    if name in __all__:
        from threadkeep.engine import (
            memory,  # lazy: package attribute loaded on first use (PEP 562)
        )

        return getattr(memory, name)
    raise AttributeError(f"module 'threadkeep.engine' has no attribute {name!r}")
