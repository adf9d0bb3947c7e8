"""Schemathesis against the live server's OpenAPI: generated requests never get a 5xx.

Runs on the main routes (messages, conversations, feedback, me, the OpenAI-compatible
endpoint), as a person, with a small number of examples per operation to stay fast.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("schemathesis", reason="pip install schemathesis to run the OpenAPI fuzz test")

import schemathesis  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402

from tests.conftest_api import ApiHarness, start_harness, stop_harness  # noqa: E402
from threadkeep.config import Settings  # noqa: E402
from threadkeep.crypto import MasterKey  # noqa: E402

MAIN_ROUTES = r"^/v1/(messages|conversations|me|chat/completions|session)"


@pytest.fixture(scope="module")
def fuzz_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ApiHarness]:
    home = tmp_path_factory.mktemp("fuzz")
    h = start_harness(f"sqlite:///{home / 'fuzz.db'}", MasterKey(os.urandom(32), "fuzz"), Settings(home=Path(home)))
    try:
        yield h
    finally:
        stop_harness(h)


@pytest.fixture(scope="module")
def fuzz_key(fuzz_site: ApiHarness) -> str:
    key, _ = fuzz_site.person_key("fuzzer")
    fuzz_site.client(key).post("/v1/messages", json={"text": "a conversation to poke at"})
    return key


def test_no_server_errors(fuzz_site: ApiHarness, fuzz_key: str) -> None:
    """Every main operation, fed generated (valid and invalid) requests: never a 5xx."""
    # schemathesis's own pytest plugin does not load under this pytest; drive hypothesis here.
    spec = schemathesis.openapi.from_url(f"{fuzz_site.url}/openapi.json").include(path_regex=MAIN_ROUTES)
    auth = {"Authorization": f"Bearer {fuzz_key}"}
    seen = []
    for result in spec.get_all_operations():
        op = result.ok()
        if op.method.upper() == "DELETE" and op.path == "/v1/me":
            continue  # would delete the fuzzing person itself; covered by test_api_core
        seen.append(op.label)

        @given(case=op.as_strategy())
        @settings(max_examples=10, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        def run(case: schemathesis.Case) -> None:
            response = case.call(headers=auth, timeout=20)
            case.validate_response(response, checks=[not_a_server_error])

        run()
    assert "POST /v1/messages" in seen and "POST /v1/chat/completions" in seen
