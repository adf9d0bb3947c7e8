"""Admin and person-scoped routes built on other modules: knowledge, profile, identity links."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pytest

from tests.conftest_api import ApiHarness, start_harness, stop_harness
from threadkeep.crypto import MasterKey


class HashingEmbedder:
    """Bag of hashed words: deterministic, instant, good enough to rank by shared words."""

    name = "test-hashing-64"
    dim = 64

    def _vec(self, text: str) -> np.ndarray:
        v = np.zeros(self.dim, dtype=np.float32)
        for w in re.findall(r"\w+", text.lower()):
            v[int(hashlib.sha256(w.encode()).hexdigest(), 16) % self.dim] += 1.0
        n = np.linalg.norm(v)
        return v / n if n else v

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        return np.stack([self._vec(t) for t in texts]) if texts else np.zeros((0, self.dim), np.float32)

    def query(self, text: str) -> np.ndarray:
        return self._vec(text)


@pytest.fixture
def site(tmp_path: Any, settings: Any) -> Iterator[ApiHarness]:
    from threadkeep.knowledge.service import KnowledgeBase

    h = start_harness(
        f"sqlite:///{tmp_path / 'admin.db'}",
        MasterKey(os.urandom(32), "t"),
        settings,
        knowledge=lambda m: KnowledgeBase(m.db, m.vault, HashingEmbedder()),
    )
    try:
        yield h
    finally:
        stop_harness(h)


def test_knowledge_add_list_search_remove_under_permissions(site: ApiHarness) -> None:
    admin = site.client(site.admin_key)
    person, _ = site.person()
    public = admin.post(
        "/v1/admin/knowledge",
        json={"title": "Travel policy", "text": "Train travel is preferred for trips under 600 km.", "public": True},
    )
    assert public.status_code == 201, public.text
    secret = admin.post(
        "/v1/admin/knowledge",
        json={"title": "Salary bands", "text": "Engineering salary bands are reviewed in March.", "groups": ["hr"]},
    ).json()
    assert person.post("/v1/admin/knowledge", json={"title": "x", "text": "y"}).status_code == 403

    assert {d["title"] for d in person.get("/v1/knowledge/documents").json()["documents"]} == {"Travel policy"}
    assert {d["title"] for d in admin.get("/v1/knowledge/documents").json()["documents"]} == {
        "Travel policy",
        "Salary bands",
    }
    # (The hashing embedder's cosines are low: a query that repeats the passage's words passes
    # the relevance floor, which tests/test_mcp.py checks with the real embedder.)
    query = {"query": "engineering salary bands are reviewed in march"}
    hits = person.post("/v1/knowledge/search", json=query).json()["hits"]
    assert all(h["document_id"] != secret["id"] for h in hits)
    surface = site.client(site.key("surface"), **{"X-Threadkeep-User": "hr-person", "X-Threadkeep-Groups": "hr"})
    hits = surface.post("/v1/knowledge/search", json=query).json()["hits"]
    assert hits and hits[0]["document_id"] == secret["id"] and hits[0]["citation"].startswith("Salary bands")

    opened = admin.put(f"/v1/admin/knowledge/{secret['id']}/access", json={"groups": ["hr"], "public": True})
    assert opened.status_code == 200 and opened.json()["public"] is True
    assert len(person.get("/v1/knowledge/documents").json()["documents"]) == 2
    assert admin.delete(f"/v1/admin/knowledge/{secret['id']}").status_code == 204
    assert admin.delete(f"/v1/admin/knowledge/{secret['id']}").status_code == 404
    assert len(admin.get("/v1/knowledge/documents").json()["documents"]) == 1


@pytest.mark.parametrize("text", ["Door codes\x00 are in the safe.", "Rota" + "\x01\x02\x1b" * 10 + " nights."])
def test_knowledge_upload_refuses_nul_and_control_bytes_as_the_cli_does(site: ApiHarness, text: str) -> None:
    from threadkeep.errors import InputError
    from threadkeep.knowledge.ingest import parse_bytes

    with pytest.raises(InputError) as cli_refusal:  # what `threadkeep knowledge add` runs on a file
        parse_bytes(text.encode(), media_type="text/plain", fallback_title="Rota")
    admin = site.client(site.admin_key)
    refused = admin.post("/v1/admin/knowledge", json={"title": "Rota", "text": text, "public": True})
    assert refused.status_code == 400 and "does not look like text" in refused.text, refused.text
    assert str(cli_refusal.value) in refused.text  # the same check, the same words
    assert admin.get("/v1/knowledge/documents").json()["documents"] == []


def test_profile_and_identity_links(site: ApiHarness) -> None:
    admin = site.client(site.admin_key)
    person, name = site.person()
    assert person.get("/v1/me/profile").json() == {"profile": None}
    linked = admin.post("/v1/admin/identities", json={"person": name, "channel": "slack", "external_id": "U123"})
    assert linked.status_code == 201, linked.text
    other, other_name = site.person()
    # Linking it to someone else merges its person into them (pending), then undone here
    # (merging itself is tested in tests/test_merge_people.py).
    taken = admin.post("/v1/admin/identities", json={"person": other_name, "channel": "slack", "external_id": "U123"})
    assert taken.status_code == 201 and taken.json()["merge"]["status"] == "pending", taken.text
    assert admin.post(f"/v1/admin/merges/{taken.json()['merge']['id']}/undo").status_code == 200
    listed = admin.get(f"/v1/admin/people/{name}/identities").json()["identities"]
    assert {"channel": "slack", "external_id": "U123"} in listed
    assert admin.delete("/v1/admin/identities/slack/U123").status_code == 204
    assert admin.delete("/v1/admin/identities/slack/U123").status_code == 404
    assert (
        person.post("/v1/admin/identities", json={"person": name, "channel": "x", "external_id": "y"}).status_code
        == 403
    )
    assert admin.get("/v1/admin/people/nobody-here/identities").status_code == 404


def test_keep_warm_settings_and_cache_report(site: ApiHarness) -> None:
    admin = site.client(site.admin_key)
    person, _ = site.person()
    assert person.get("/v1/admin/keep-warm").status_code == 403
    assert admin.get("/v1/admin/keep-warm").json()["enabled"] is False  # off by default
    saved = admin.put(
        "/v1/admin/keep-warm",
        json={
            "enabled": True,
            "max_sessions": 3,
            "quiet_hours": {"start": "22:00", "end": "07:00", "tz": "Europe/Berlin"},
        },
    )
    assert saved.status_code == 200, saved.text
    got = admin.get("/v1/admin/keep-warm").json()
    assert got["enabled"] is True and got["max_sessions"] == 3 and got["quiet_hours"]["tz"] == "Europe/Berlin"
    for bad in (
        {"enabeld": True},
        {"max_sessions": 0},
        {"quiet_hours": {"start": "late", "end": "07:00"}},
        {"quiet_hours": {"start": "22:00", "end": "07:00", "tz": "Mars/Base"}},
    ):
        r = admin.put("/v1/admin/keep-warm", json=bad)
        assert r.status_code == 400, (bad, r.text)

    person.post("/v1/messages", json={"text": "a turn to report on"})
    report = admin.get("/v1/admin/cache-report").json()
    assert {"calls", "resumptions", "rewrites_under_ttl", "tokens_rewritten_for_nothing", "cost"} <= set(report)
    text = admin.get("/v1/admin/cache-report", params={"format": "text"})
    assert text.headers["content-type"].startswith("text/plain") and "resumptions" in text.text
    assert admin.get("/v1/admin/cache-report", params={"since": "2026-01-01T00:00:00"}).status_code == 400
