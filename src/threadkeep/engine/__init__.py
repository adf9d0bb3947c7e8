"""The engine: one turn from a person's message to a stored answer, and the services around it.

``turn`` holds :class:`Memory` (the turn: begin → answer → complete, and the facade the faces
call), ``request`` builds a turn's model request and runs its background jobs, ``tools`` the
tools a turn may offer, ``idempotency`` the repeated-request rules and ``people`` the person's
facts as the faces see them. ``from threadkeep.engine import Memory`` is the library's entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from threadkeep.engine.turn import Memory, TurnResult

__all__ = ["Memory", "TurnResult"]


def __getattr__(name: str) -> Any:
    # Loaded on first use: a service module of the engine (access, people, openai_threads, a
    # table the migrations gather) imports without loading the whole turn and its models.
    if name in __all__:
        from threadkeep.engine import turn

        return getattr(turn, name)
    raise AttributeError(f"module 'threadkeep.engine' has no attribute {name!r}")
