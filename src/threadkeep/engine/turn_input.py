"""What a caller asks of one turn besides who speaks, in which conversation, and what they say.

One value travels from the face (the native API, a drop-in, a surface) through
:class:`~threadkeep.engine.memory.Memory` to :class:`~threadkeep.engine.turn.TurnService`, for a
new message, a retry and a regeneration alike, so a setting is added in one place and no layer
spells the list out again.
"""

from __future__ import annotations

from dataclasses import dataclass

from threadkeep.engine.client_settings import Sampling
from threadkeep.engine.client_tools import ClientTools

__all__ = ["TurnInput", "NO_INPUT"]


@dataclass(frozen=True, slots=True)
class TurnInput:
    """A turn's settings from its caller; every field defaults to "none given".

    ``groups``: the knowledge groups the caller may search. ``context`` (e.g. a page selection)
    is shown to the model with this message only and never stored. ``idempotency_key``: a
    resend with the same key (on the same ``endpoint``) gets this turn's outcome instead of a
    second turn (:mod:`threadkeep.engine.idempotency`). ``earlier``: history the client holds
    and threadkeep has not seen, as ``(role, text)`` with role ``user`` or ``assistant``, stored
    in order before the new message. ``client_tools``: the client's own tools and this turn's
    tool rounds so far (:mod:`threadkeep.engine.client_tools`). ``instructions``: the client's
    system prompt, kept with the conversation from now on ("" clears it; None leaves it as it
    is). ``sampling``: the client's sampling settings for this request
    (:mod:`threadkeep.engine.client_settings`).
    """

    groups: tuple[str, ...] = ()
    context: str | None = None
    idempotency_key: str | None = None
    endpoint: str = "messages"
    earlier: tuple[tuple[str, str], ...] = ()
    client_tools: ClientTools | None = None
    instructions: str | None = None
    sampling: Sampling | None = None


NO_INPUT = TurnInput()
