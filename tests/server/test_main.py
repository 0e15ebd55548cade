"""Starting the server: the --tcp address, and a real TCP session on loopback."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient

from secretloop.server.main import parse_tcp
from tests.server.conftest import uri_of
from tests.support.tokens import github_pat


@pytest.mark.parametrize(
    "address,expected",
    [("127.0.0.1:2087", ("127.0.0.1", 2087)), (":2087", ("127.0.0.1", 2087)), ("localhost:1", ("localhost", 1)), ("[::1]:9000", ("::1", 9000))],
)
def test_tcp_addresses(address: str, expected: tuple[str, int]):
    assert parse_tcp(address) == expected


@pytest.mark.parametrize("address", ["2087", "host:", "host:port", "host:0", "host:70000"])
def test_bad_tcp_addresses_say_what_is_expected(address: str):
    with pytest.raises(ValueError, match="HOST:PORT"):
        parse_tcp(address)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_a_tcp_session_scans_the_workspace(tmp_path: Path):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "a.py").write_text(f'T = "{github_pat(601)}"\n')
    port = free_port()
    env = dict(os.environ, SECRETLOOP_STATE_DIR=str(tmp_path / "state"), HOME=str(tmp_path))
    server = await asyncio.create_subprocess_exec(str(Path(sys.executable).with_name("secretloop")), "lsp", "--tcp", f"127.0.0.1:{port}", env=env)
    client = LanguageClient("tcp-test", "1")
    states: list[dict[str, Any]] = []
    published: dict[str, list[types.Diagnostic]] = {}
    client.feature("secretloop/runState")(lambda params: states.append(dict(params._asdict()) if hasattr(params, "_asdict") else dict(params)))
    client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(lambda params: published.__setitem__(params.uri, list(params.diagnostics)))
    try:
        for _ in range(500):  # the server needs a moment to listen
            try:
                await client.start_tcp("127.0.0.1", port)
                break
            except OSError:
                await asyncio.sleep(0.02)
        else:
            raise AssertionError("the server never listened")
        await client.initialize_async(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(),
                root_uri=uri_of(ws),
                workspace_folders=[types.WorkspaceFolder(uri=uri_of(ws), name="ws")],
            )
        )
        client.initialized(types.InitializedParams())
        for _ in range(3000):
            if any(s["status"] == "done" for s in states):
                break
            await asyncio.sleep(0.02)
        assert any(s["status"] == "done" for s in states), states
        assert [d.code for d in published[uri_of(ws / "a.py")]] == ["github-pat"]
        started = await client.workspace_execute_command_async(types.ExecuteCommandParams(command="secretloop.scanWorkspace"))
        assert started["started"] and started["runId"] != states[0]["runId"]
        await client.shutdown_async(None)
        client.exit(None)
    finally:
        await client.stop()
        if server.returncode is None:
            server.terminate()
        await server.wait()


def test_start_with_a_bad_address_exits_with_a_message():
    from secretloop.server.main import start

    with pytest.raises(SystemExit, match="HOST:PORT"):
        start("nowhere")
