"""Issue 18, security and the data lifecycle: keyed fingerprints, deletion that is final and
leaves nothing readable, authentication without the write lock, server-made visitor ids,
revocable sessions, the master keyring.
"""

from __future__ import annotations

import hashlib
import json
import os

from sqlalchemy import select

from tests.helpers import open_memory, unique_user
from threadkeep.cache.fingerprint import fingerprint
from threadkeep.cache.tables import ModelCall
from threadkeep.context.canonical import segment_bytes
from threadkeep.crypto import MasterKey
from threadkeep.llm.scripted import ScriptedModel, Step
from threadkeep.store.models import User


def _recording(seen: list) -> ScriptedModel:  # type: ignore[type-arg]
    def respond(request):  # type: ignore[no-untyped-def]
        seen.append(request)
        return Step(text="noted")

    return ScriptedModel(responder=respond)


async def test_stored_fingerprints_cannot_be_checked_against_a_guess(backend, settings) -> None:
    """The probe's attack: hash a guessed message the way the call log did and look for it."""
    url, key = backend
    seen: list = []  # type: ignore[type-arg]
    m = open_memory(url, key, settings, _recording(seen))
    user = unique_user()
    first = await m.send("my PIN is 4821", user=user)
    await m.send("thanks, and the door code is 7730", user=user, conversation_id=first.conversation_id)
    await m.send("ok", user=user, conversation_id=first.conversation_id)
    with m.db.reading() as s:
        uid = s.scalar(select(User.id).where(User.name == user))
        rows = s.scalars(select(ModelCall).where(ModelCall.conversation_id == first.conversation_id)
                         .order_by(ModelCall.started_at)).all()
    stored = json.dumps([r.fingerprints for r in rows])
    guesses: set[str] = set()
    for request in seen:
        for _name, items in segment_bytes(request):
            for item in items:
                digest = hashlib.sha256(item).hexdigest()
                guesses |= {digest, digest[:16], hashlib.sha256(digest.encode()).hexdigest()}
    assert len(rows) == 3 and len(guesses) > 5
    assert not [g for g in guesses if g in stored], "an unkeyed hash of a message is stored"
    with m.db.reading() as s:
        fp_key = m.vault.fingerprint_key(s, uid)
    # With the person's key the stored chain is reproduced: divergence detection still works.
    assert rows[-1].fingerprints["history_chain"] == list(fingerprint(seen[-1], key=fp_key).history_chain)
    assert len(rows[-1].fingerprints["history_chain"]) == 4
    assert all(r.miss_cause != "prefix_changed:history" for r in rows)
    await m.close()
