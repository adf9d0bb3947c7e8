"""The engine: one turn from a person's message to a stored answer, and the services around it.

``turn`` holds :class:`Memory` (the turn: begin → answer → complete, and the facade the faces
call), ``request`` builds a turn's model request and runs its background jobs, ``tools`` the
tools a turn may offer, ``idempotency`` the repeated-request rules and ``people`` the person's
facts as the faces see them. ``from threadkeep.engine import Memory`` is the library's entry.
"""

from threadkeep.engine.turn import Memory, TurnResult

__all__ = ["Memory", "TurnResult"]
