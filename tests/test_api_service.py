"""Rate limits, the serve/keys CLI commands, and the OpenAPI document."""

from __future__ import annotations

import click
import httpx
from click.testing import CliRunner

from tests.conftest_api import start_harness, stop_harness
from threadkeep.api.config import ServiceSettings
from threadkeep.cli.service import register


def test_rate_limit_is_per_key_with_retry_after(tmp_path, settings) -> None:  # type: ignore[no-untyped-def]
    import os

    from threadkeep.crypto import MasterKey

    service = ServiceSettings(rate_per_minute=6, rate_burst=3, _env_file=None)  # type: ignore[call-arg]
    h = start_harness(f"sqlite:///{tmp_path / 'rl.db'}", MasterKey(os.urandom(32), "t"), settings, service=service)
    try:
        c, _ = h.person()
        codes = [c.get("/v1/conversations").status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        r = c.get("/v1/conversations")
        assert r.status_code == 429 and r.json()["error"]["type"] == "rate_limited"
        assert 1 <= int(r.headers["Retry-After"]) <= 10
        other, _ = h.person()
        assert other.get("/v1/conversations").status_code == 200  # one bucket per key
    finally:
        stop_harness(h)


def test_keys_cli_create_list_revoke(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    main, keys = click.Group("threadkeep"), click.Group("keys")
    main.add_command(keys)
    register(main, keys)
    assert "serve" in main.commands and set(keys.commands) == {"create", "list", "revoke"}
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    runner = CliRunner()
    made = runner.invoke(main, ["keys", "create", "--scope", "person", "--user", "erin", "--db", db])
    assert made.exit_code == 0, made.output
    key = made.stdout.strip().splitlines()[0]
    assert key.startswith("tk_p_")
    refused = runner.invoke(main, ["keys", "create", "--scope", "person", "--db", db])
    assert refused.exit_code != 0 and "--user" in refused.output
    admin = runner.invoke(main, ["keys", "create", "--scope", "admin", "--db", db])
    assert admin.exit_code == 0
    listed = runner.invoke(main, ["keys", "list", "--db", db])
    assert "erin" in listed.output and key not in listed.output and key[:12] in listed.output
    revoked = runner.invoke(main, ["keys", "revoke", key[:12], "--db", db])
    assert revoked.exit_code == 0, revoked.output
    assert "erin" not in runner.invoke(main, ["keys", "list", "--db", db]).output
    assert "revoked" in runner.invoke(main, ["keys", "list", "--all", "--db", db]).output


def test_openapi_describes_the_public_paths(tmp_path, settings) -> None:  # type: ignore[no-untyped-def]
    import os

    from threadkeep.crypto import MasterKey

    h = start_harness(f"sqlite:///{tmp_path / 'oa.db'}", MasterKey(os.urandom(32), "t"), settings)
    try:
        spec = httpx.get(f"{h.url}/openapi.json").json()
        paths = spec["paths"]
        for path, methods in {
            "/v1/messages": {"post"},
            "/v1/messages/{message_id}/retry": {"post"},
            "/v1/conversations": {"get"},
            "/v1/conversations/{conversation_id}": {"get", "patch", "delete"},
            "/v1/conversations/{conversation_id}/export": {"get"},
            "/v1/messages/{message_id}/feedback": {"put", "delete"},
            "/v1/me": {"get", "delete"},
            "/v1/chat/completions": {"post"},
        }.items():
            assert methods <= set(paths[path]), path
        assert "HTTPBearer" in spec["components"]["securitySchemes"]
        page = httpx.get(f"{h.url}/")
        assert page.status_code == 200 and "<html" in page.text.lower()
    finally:
        stop_harness(h)


def test_serve_runs_the_app_and_keeps_idle_connections(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`threadkeep serve` in a subprocess; an idle keep-alive connection outlives uvicorn's
    5 s default (the command sets 65 min, longer than a provider cache TTL)."""
    import http.client
    import socket
    import subprocess
    import sys
    import time

    from threadkeep.cli.service import KEEP_ALIVE_S

    assert KEEP_ALIVE_S >= 3600
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = "from threadkeep.cli.service import serve; serve()"
    log = open(tmp_path / "serve.log", "wb")  # noqa: SIM115 - closed in finally
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            code,
            "--db",
            f"sqlite:///{tmp_path / 's.db'}",
            "--port",
            str(port),
            "--log-level",
            "warning",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=5).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, (tmp_path / "serve.log").read_text()
                time.sleep(0.1)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            conn.request("GET", "/v1/session")
            assert conn.getresponse().read().startswith(b'{"authenticated":false')
            sock = conn.sock
            time.sleep(6)
            conn.request("GET", "/openapi.json")  # the server closing it would fail here
            assert conn.getresponse().status == 200
            assert conn.sock is sock
        finally:
            conn.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()
