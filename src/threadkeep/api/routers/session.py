"""Web sessions: log in with a person key (HttpOnly cookie), log out, anonymous visitors.

The cookie is ``SameSite=Strict`` and HttpOnly: scripts cannot read it and other sites cannot
make the browser send it, which is what keeps cookie-authenticated writes safe from CSRF.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from threadkeep.api.deps import (
    StateDep,
    count_failure,
    failure_buckets,
    principal_from_session,
    refuse_after_failures,
    session_cookie,
)
from threadkeep.api.errors import ApiError
from threadkeep.api.schemas import ERRORS
from threadkeep.api.state import ANONYMOUS_SETTING, SESSION_COOKIE, ServiceState
from threadkeep.engine.access import (
    hash_key,
    visitor_person,
)

router = APIRouter(prefix="/v1/session", tags=["session"], responses=ERRORS)


class LoginIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str = Field(min_length=1, max_length=200, description="A person-scope API key.")


class VisitorIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    visitor_id: str | None = Field(
        default=None,
        max_length=64,
        description="The id the server gave this browser on an earlier visit; omit for a "
        "new visitor. Ids are made by the server only: any other is refused.",
    )


async def _limit(state: ServiceState, request: Request) -> None:
    # Login attempts are limited per client address: keys are not guessable, but trying
    # costs a database read each time.
    wait = await state.limit(failure_buckets(request, None)[0].replace("authfail:", "login:", 1), state.request_rate)
    if wait > 0:
        retry = max(1, int(wait + 0.999))
        raise ApiError(429, f"too many attempts; retry in {retry} s", headers={"Retry-After": str(retry)})


def _set_cookie(state: ServiceState, response: Response, token: str) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=state.service.session_days * 86400,
        httponly=True,
        samesite="strict",
        secure=state.service.cookie_secure,
        path="/",
    )


@router.get("")
async def session_info(state: StateDep, token: Annotated[str | None, Depends(session_cookie)]) -> dict[str, Any]:
    """Whether the browser has a session, and whether anonymous visitors are allowed."""
    principal = await principal_from_session(state, token) if token else None
    return {
        "authenticated": principal is not None and principal.person is not None,
        "person": principal.person if principal else None,
        "via": principal.via if principal else None,
        "anonymous_visitors": bool(await state.setting(ANONYMOUS_SETTING, False)),
    }


@router.post("")
async def login(body: LoginIn, state: StateDep, request: Request, response: Response) -> dict[str, Any]:
    """Exchange a person key for a session cookie (the key is not kept in the browser)."""
    await _limit(state, request)
    buckets = failure_buckets(request, body.key)
    await refuse_after_failures(state, buckets)
    principal = await asyncio.to_thread(state.memory.access.authenticate_key, body.key)
    if principal is None:
        await count_failure(state, buckets)
        raise ApiError(401, "unknown or revoked API key")
    if principal.scope != "person" or principal.key_id is None:
        raise ApiError(403, "log in to the web app with a person key")
    await start_session(state, response, key_id=principal.key_id)
    return {"person": principal.person, "via": "session"}


async def start_session(
    state: ServiceState, response: Response, *, key_id: str | None = None, person: str | None = None
) -> None:
    """Open a server-side session and set its signed id as the cookie."""
    max_age = state.service.session_days * 86400
    sid = await asyncio.to_thread(state.memory.access.open_session, max_age_s=max_age, key_id=key_id, person=person)
    _set_cookie(state, response, (await state.signer()).sign({"s": sid}))


@router.delete("", status_code=204)
async def logout(state: StateDep, token: Annotated[str | None, Depends(session_cookie)]) -> Response:
    """End the session: deleted on the server, so a copy of the cookie stops working too."""
    data = (await state.signer()).load(token) if token else None
    sid = data.get("s") if data else None
    if isinstance(sid, str):
        await asyncio.to_thread(state.memory.access.close_session, sid)
        state.forget_principal(f"sess:{hash_key(sid)}")
    response = Response(status_code=204)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


@router.post("/visitor")
async def visitor(body: VisitorIn, state: StateDep, request: Request, response: Response) -> dict[str, Any]:
    """Start (or resume) an anonymous visitor session for a public widget, when allowed."""
    if not await state.setting(ANONYMOUS_SETTING, False):
        raise ApiError(403, "anonymous visitors are not enabled on this server")
    await _limit(state, request)
    signer = await state.signer()
    visitor_id = body.visitor_id
    if visitor_id is None:
        visitor_id = signer.new_visitor_id()
    elif not signer.is_visitor_id(visitor_id) and not await asyncio.to_thread(
        _known_visitor, state, visitor_person(visitor_id)
    ):
        # Failures count like wrong keys: guessing visitor ids is guessing credentials.
        buckets = failure_buckets(request, None)
        await refuse_after_failures(state, buckets)
        await count_failure(state, buckets)
        raise ApiError(403, "unknown visitor id: visitor ids are made by the server; start a new visit without one")
    name = visitor_person(visitor_id)
    await start_session(state, response, person=name)
    return {"person": name, "visitor_id": visitor_id, "via": "visitor"}


def _known_visitor(state: ServiceState, name: str) -> bool:
    """A visitor from before server-made ids (migration 0010 hashed their names) may come back."""
    return state.memory.access.person_exists(name)
