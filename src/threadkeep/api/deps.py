"""Request dependencies, one place: the service state, the caller, the person, admin scope.

A request is authenticated by ``Authorization: Bearer <key>`` or, for the web app, by the
``tk_session`` cookie (the Anthropic-compatible routes also take ``x-api-key``, no cookie).
Every authenticated request takes a token from its key's rate bucket.
Failed key checks are limited too, per client address only: past ``auth_failure_burst``
failures (refilled at ``auth_failures_per_minute``) further attempts from that address get
429 with ``Retry-After`` before any lookup. Never per key prefix: a prefix is visible (``keys
list``, the admin console, an export's ``person.json``), so counting by it would let anyone
who saw one lock the key's owner out from addresses that never failed.
"""

from __future__ import annotations

import hashlib
from typing import Annotated

from fastapi import Depends, Header, Request
from fastapi.security import APIKeyCookie, APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer

from threadkeep.api.errors import ApiError
from threadkeep.api.state import ANONYMOUS_SETTING, SESSION_COOKIE, ServiceState
from threadkeep.engine import Memory
from threadkeep.engine.access import (
    VISITOR_PREFIX,
    Principal,
    check_person_name,
    hash_key,
)

__all__ = [
    "StateDep",
    "MemoryDep",
    "PrincipalDep",
    "PersonDep",
    "AnthropicPrincipalDep",
    "AnthropicPersonDep",
    "AdminDep",
    "get_principal",
    "bearer_principal",
    "person_of",
]

bearer_scheme = HTTPBearer(auto_error=False, description="An API key: `threadkeep keys create`.")
api_key_header = APIKeyHeader(
    name="x-api-key",
    auto_error=False,
    description="An API key, as the Anthropic SDK sends it (Anthropic-compatible routes).",
)
session_cookie = APIKeyCookie(
    name=SESSION_COOKIE, auto_error=False, description="Web session cookie from POST /v1/session."
)


def get_state(request: Request) -> ServiceState:
    return request.app.state.threadkeep  # type: ignore[no-any-return]


StateDep = Annotated[ServiceState, Depends(get_state)]


def get_memory(state: StateDep) -> Memory:
    return state.memory


MemoryDep = Annotated[Memory, Depends(get_memory)]


async def principal_from_session(state: ServiceState, token: str) -> Principal | None:
    """The caller behind a session cookie: a signed session id, looked up server side."""
    data = (await state.signer()).load(token)
    if data is None or not isinstance(data.get("s"), str):
        return None  # forged, expired, or a cookie from before server-side sessions
    sid = data["s"]
    principal = await state.principal(f"sess:{hash_key(sid)}", lambda: state.memory.access.session_principal(sid))
    if principal is not None and principal.via == "visitor" and not await state.setting(ANONYMOUS_SETTING, False):
        return None  # anonymous visitors exist only while an administrator allows them
    return principal


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def failure_buckets(request: Request, key: str | None = None) -> list[str]:
    """Failed-authentication buckets of a request: its client address alone (hashed: no
    address is written to a shared store). ``key`` is not used: a key's prefix is visible to
    others, and a bucket per prefix let anyone who had seen one lock its owner out."""
    del key
    digest = hashlib.sha256(f"addr\x00{client_address(request)}".encode()).hexdigest()[:32]
    return [f"authfail:addr:{digest}"]


async def refuse_after_failures(state: ServiceState, buckets: list[str]) -> None:
    """429 with Retry-After when the address used up its failures."""
    wait = max([await state.limit(b, state.failure_rate, take=False) for b in buckets])
    if wait > 0:
        retry = max(1, int(wait + 0.999))
        raise ApiError(
            429,
            f"too many failed authentications from this address; retry in {retry} s",
            headers={"Retry-After": str(retry)},
        )


async def count_failure(state: ServiceState, buckets: list[str]) -> None:
    for b in buckets:
        await state.limit(b, state.failure_rate)


async def get_principal(
    request: Request,
    state: StateDep,
    bearer: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer_scheme)],
    session: Annotated[str | None, Depends(session_cookie)],
) -> Principal:
    """The authenticated caller, rate-limited; 401 when no valid key or session came."""
    return await _authenticate(request, state, bearer.credentials if bearer is not None else None, session)


async def _authenticate(request: Request, state: ServiceState, key: str | None, session: str | None) -> Principal:
    principal: Principal | None = None
    if key is not None:
        buckets = failure_buckets(request, key)
        await refuse_after_failures(state, buckets)
        principal = await state.principal(f"key:{hash_key(key)}", lambda: state.memory.access.authenticate_key(key))
        if principal is None:
            await count_failure(state, buckets)
            raise ApiError(401, "unknown or revoked API key", headers={"WWW-Authenticate": "Bearer"})
    elif session:
        principal = await principal_from_session(state, session)
    if principal is None:
        raise ApiError(
            401,
            "authentication required: send 'Authorization: Bearer <key>' or log in",
            headers={"WWW-Authenticate": "Bearer"},
        )
    wait = await state.limit(principal.bucket, state.request_rate)
    if wait > 0:
        retry = max(1, int(wait + 0.999))
        raise ApiError(
            429, f"rate limit exceeded for this key; retry in {retry} s", headers={"Retry-After": str(retry)}
        )
    return principal


PrincipalDep = Annotated[Principal, Depends(get_principal)]


async def anthropic_principal(
    request: Request,
    state: StateDep,
    bearer: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer_scheme)],
    x_api_key: Annotated[str | None, Depends(api_key_header)],
) -> Principal:
    """The caller of the Anthropic-compatible routes: the key in ``x-api-key`` (what the
    Anthropic SDK sends) or a bearer key; no session cookie, as for ``/mcp``."""
    return await _authenticate(request, state, x_api_key or (bearer.credentials if bearer else None), None)


AnthropicPrincipalDep = Annotated[Principal, Depends(anthropic_principal)]


async def get_anthropic_person(
    principal: AnthropicPrincipalDep,
    x_threadkeep_user: Annotated[
        str | None, Header(description="For surface and admin keys: the handle of the person the request acts for.")
    ] = None,
) -> str:
    return person_of(principal, x_threadkeep_user)


AnthropicPersonDep = Annotated[str, Depends(get_anthropic_person)]


async def bearer_principal(request: Request) -> Principal:
    """The caller of a request outside the routers (``/mcp``), by its bearer key alone and rate
    limited as every API request is. No session cookie: a browser page must not be able to ride
    a logged-in web session into a tool call."""
    return await get_principal(request, get_state(request), await bearer_scheme(request), None)


def person_of(principal: Principal, named: str | None) -> str:
    """The person a request acts for; surface and admin keys name them in a header."""
    if principal.scope in ("person", "visitor"):
        if principal.person is None:
            raise ApiError(401, "the person of this key no longer exists")
        return principal.person
    if not named:
        raise ApiError(
            400, f"a {principal.scope} key acts for a person: send the X-Threadkeep-User header", type="person_required"
        )
    name = check_person_name(named)
    if name.startswith(VISITOR_PREFIX) and principal.scope != "admin":
        raise ApiError(403, "surface keys cannot act for anonymous visitors")
    return name


async def get_person(
    principal: PrincipalDep,
    x_threadkeep_user: Annotated[
        str | None, Header(description="For surface and admin keys: the handle of the person the request acts for.")
    ] = None,
) -> str:
    return person_of(principal, x_threadkeep_user)


PersonDep = Annotated[str, Depends(get_person)]


async def require_admin(principal: PrincipalDep) -> Principal:
    if principal.scope != "admin":
        raise ApiError(403, "this route needs an admin key")
    return principal


AdminDep = Annotated[Principal, Depends(require_admin)]
