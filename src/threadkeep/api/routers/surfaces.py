"""Webhooks of the chat surfaces (Slack, Telegram, Mattermost) and their status page.

Each webhook verifies its platform's secret before it reads anything, stores the event and
queues its durable job in one transaction, and acknowledges at once: Slack gives up after 3
seconds, and no platform holds a stream. The answer is posted by the job
(:func:`threadkeep.surfaces.common.answer_event`). A surface without its secret configured
answers 503, so a half-configured deployment is visible instead of silently open.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse

from threadkeep.api.deps import AdminDep, MemoryDep
from threadkeep.api.errors import ApiError
from threadkeep.engine import Memory, people, surface_events
from threadkeep.engine.insight_jobs import DELIVER_KIND
from threadkeep.errors import Conflict, NotFound
from threadkeep.surfaces import common, digests, mattermost, slack, telegram
from threadkeep.surfaces.common import SurfaceSettings

if TYPE_CHECKING:  # httpx loads with the first post (issue 28: serve start-up)
    import httpx

__all__ = ["router", "install", "install_job"]

log = logging.getLogger("threadkeep.surfaces")
router = APIRouter(prefix="/surfaces", tags=["surfaces"])
_OK: dict[str, Any] = {}


def install(app: FastAPI, memory: Memory, settings: SurfaceSettings | None = None) -> None:
    """Add the webhook routes and the durable job that answers their events."""
    surfaces = settings or SurfaceSettings()
    app.state.surfaces = surfaces
    app.include_router(router)
    install_job(memory, surfaces)


def install_job(memory: Memory, settings: SurfaceSettings | None = None) -> None:
    """Register the durable job that answers surface events (API replicas and ``threadkeep worker``)."""
    surfaces = settings or SurfaceSettings()

    async def answer(payload: dict[str, Any]) -> None:
        event_id = str(payload["event"])
        channel = await asyncio.to_thread(_channel_of, memory, event_id)
        if channel is None:
            return  # the person was deleted since: nothing left to answer
        import httpx  # lazy: start-up (tests/test_serve_startup.py)

        async with httpx.AsyncClient(timeout=surfaces.http_timeout_s) as client:
            poster = _poster(channel, surfaces, client)
            try:
                await common.answer_event(memory, poster, event_id)
            except Exception as e:
                await asyncio.to_thread(common.note_error, memory, channel, f"{type(e).__name__}: {e}")
                raise

    # A person on the platform waits for this answer: it runs as a turn, not background work.
    memory.register_job(common.JOB_KIND, answer, turn=True)

    async def deliver(payload: dict[str, Any]) -> None:
        await digests.deliver_digest(memory, surfaces, payload)

    # New digests go out on Slack/Telegram to the people who talk to threadkeep there.
    memory.register_job(DELIVER_KIND, deliver)


def _poster(channel: str, settings: SurfaceSettings, client: httpx.AsyncClient) -> common.Poster:
    if channel == slack.CHANNEL:
        return slack.SlackPoster(settings, client)
    if channel == telegram.CHANNEL:
        return telegram.TelegramPoster(settings, client)
    if channel == mattermost.CHANNEL:
        return mattermost.MattermostPoster(settings, client)
    raise ValueError(f"no surface called {channel!r}")


def _channel_of(memory: Memory, event_id: str) -> str | None:
    return surface_events.event_channel(memory, event_id)


def _settings(request: Request) -> SurfaceSettings:
    return request.app.state.surfaces  # type: ignore[no-any-return]


def _person_name(memory: Memory, channel: str, external_id: str) -> str | None:
    """The handle of an already known platform user (feedback never creates a person)."""
    return people.handle_of_identity(memory, channel=channel, external_id=external_id)


async def _feedback(memory: Memory, person: str | None, message_id: str, rating: str | None) -> bool:
    """Apply thumbs for a person; someone else's answer (or a stale one) is ignored."""
    if person is None:
        return False
    try:
        await memory.set_feedback(message_id, rating, user=person)
    except (NotFound, Conflict):
        return False
    return True


def _json_object(body: bytes, *, what: str = "a JSON object") -> dict[str, Any]:
    """The body as a JSON object; anything else (array, null, broken, absurdly nested) is a 400."""
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError) as e:
        raise ApiError(400, f"expected {what}") from e
    if not isinstance(payload, dict):
        raise ApiError(400, f"expected {what}")
    return payload


# -- Slack -------------------------------------------------------------------------------
async def _slack_verified(request: Request) -> bytes:
    secret = _settings(request).slack_signing_secret
    if secret is None:
        raise ApiError(503, "the Slack surface is not configured: set THREADKEEP_SLACK_SIGNING_SECRET")
    body = await request.body()
    if not slack.verify_signature(
        secret, body, request.headers.get("X-Slack-Request-Timestamp"), request.headers.get("X-Slack-Signature")
    ):
        raise ApiError(401, "bad Slack signature", type="bad_signature")
    return body


@router.post("/slack/events", summary="Slack Events API request URL")
async def slack_events(request: Request, memory: MemoryDep) -> JSONResponse:
    """Verify, answer the URL challenge, store a message to answer and acknowledge."""
    payload = _json_object(await _slack_verified(request))
    if payload.get("type") == "url_verification":
        return JSONResponse({"challenge": payload.get("challenge", "")})
    if payload.get("type") != "event_callback":
        return JSONResponse(_OK)
    settings = _settings(request)
    event = payload.get("event") or {}
    thumbs = slack.reaction_rating(event)
    if thumbs is not None:
        user, channel, ts, rating = thumbs
        owner = await asyncio.to_thread(common.post_owner, memory, channel=slack.CHANNEL, post_key=f"{channel}:{ts}")
        if owner is not None:
            team = str(event.get("team") or payload.get("team_id") or "")
            person = await asyncio.to_thread(_person_name, memory, slack.CHANNEL, f"{team}:{user}")
            # Only the person the answer was for rates it: a colleague's thumbs in a channel
            # must not change someone else's feedback.
            if person == owner[0]:
                await _feedback(memory, person, owner[1], rating)
        return JSONResponse(_OK)
    inbound = slack.inbound_message(payload, slack.bot_user_of(payload, settings.slack_bot_user_id))
    if inbound is None:
        return JSONResponse(_OK)
    await asyncio.to_thread(
        common.store_inbound,
        memory,
        channel=slack.CHANNEL,
        external_id=f"{inbound.team}:{inbound.user}",
        event_key=inbound.event_key,
        thread_key=inbound.thread_key,
        text=inbound.text,
        target=inbound.target,
    )
    return JSONResponse(_OK)


@router.post("/slack/interactions", summary="Slack interactivity request URL (thumbs buttons)")
async def slack_interactions(request: Request, memory: MemoryDep) -> JSONResponse:
    """A thumbs button on an answer: feedback on the assistant message it carries."""
    body = await _slack_verified(request)
    raw = parse_qs(body.decode("utf-8", "replace")).get("payload", [""])[0]
    payload = _json_object(raw.encode(), what="a form field 'payload' holding a JSON object")
    pressed = slack.button_rating(payload)
    if pressed is not None:
        team, user, message_id, rating = pressed
        person = await asyncio.to_thread(_person_name, memory, slack.CHANNEL, f"{team}:{user}")
        await _feedback(memory, person, message_id, rating)
    return JSONResponse(_OK)


# -- Telegram ----------------------------------------------------------------------------
@router.post("/telegram/webhook", summary="Telegram bot webhook")
async def telegram_webhook(request: Request, memory: MemoryDep) -> JSONResponse:
    """Verify the secret token, store the message (or ``/new``) and acknowledge."""
    settings = _settings(request)
    if settings.telegram_secret is None:
        raise ApiError(503, "the Telegram surface is not configured: set THREADKEEP_TELEGRAM_SECRET")
    if not common.secret_equals(request.headers.get("X-Telegram-Bot-Api-Secret-Token"), settings.telegram_secret):
        raise ApiError(401, "bad Telegram secret token", type="bad_signature")
    update = _json_object(await request.body())
    pressed = telegram.callback_rating(update)
    if pressed is not None:
        callback_id, user, message_id, rating = pressed
        person = await asyncio.to_thread(_person_name, memory, telegram.CHANNEL, user)
        done = await _feedback(memory, person, message_id, rating)
        # Telegram lets the webhook's response be a Bot API call: no extra round trip.
        return JSONResponse(
            {
                "method": "answerCallbackQuery",
                "callback_query_id": callback_id,
                "text": "Thanks for the feedback" if done else "",
            }
        )
    inbound = telegram.inbound_update(update)
    if inbound is not None:
        await asyncio.to_thread(
            common.store_inbound,
            memory,
            channel=telegram.CHANNEL,
            external_id=inbound.user,
            event_key=inbound.event_key,
            thread_key=inbound.chat_id,
            text=inbound.text,
            target=inbound.target,
            kind=inbound.kind,
        )
    return JSONResponse(_OK)


# -- Mattermost --------------------------------------------------------------------------
@router.post("/mattermost/webhook", summary="Mattermost outgoing webhook")
async def mattermost_webhook(request: Request, memory: MemoryDep) -> JSONResponse:
    """Verify the webhook token, store the post and acknowledge (the bot answers in the thread)."""
    settings = _settings(request)
    if settings.mattermost_token is None:
        raise ApiError(503, "the Mattermost surface is not configured: set THREADKEEP_MATTERMOST_TOKEN")
    body = await request.body()
    if request.headers.get("content-type", "").startswith("application/json"):
        payload = _json_object(body)
    else:
        payload = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
    if not common.secret_equals(str(payload.get("token") or ""), settings.mattermost_token):
        raise ApiError(401, "bad Mattermost webhook token", type="bad_signature")
    inbound = mattermost.inbound_post(payload, settings.mattermost_bot_user_id)
    if inbound is not None:
        await asyncio.to_thread(
            common.store_inbound,
            memory,
            channel=mattermost.CHANNEL,
            external_id=inbound.user,
            event_key=inbound.post_id,
            thread_key=inbound.thread_key,
            text=inbound.text,
            target=inbound.target,
        )
    return JSONResponse(_OK)


@router.post("/mattermost/actions", summary="Mattermost interactive message action (thumbs buttons)")
async def mattermost_actions(request: Request, memory: MemoryDep) -> JSONResponse:
    """A thumbs button under an answer: feedback from the person the answer was for."""
    token = _settings(request).mattermost_token
    if token is None:
        raise ApiError(503, "the Mattermost surface is not configured: set THREADKEEP_MATTERMOST_TOKEN")
    pressed = mattermost.action_rating(_json_object(await request.body()), token)
    if pressed is None:
        raise ApiError(401, "bad Mattermost action signature", type="bad_signature")
    user, message_id, rating = pressed
    person = await asyncio.to_thread(_person_name, memory, mattermost.CHANNEL, user)
    done = await _feedback(memory, person, message_id, rating)
    # Shown to the presser only; the post itself stays as it is.
    return JSONResponse(
        {"ephemeral_text": "Thanks for the feedback." if done else "Only the person this answer was for can rate it."}
    )


# -- status ------------------------------------------------------------------------------
@router.get("/status", summary="When each surface last heard from its platform")
async def surfaces_status(_: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """Last event, last answer and last error per surface (admin)."""
    return {"surfaces": await asyncio.to_thread(common.surface_status, memory)}
