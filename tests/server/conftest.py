"""End-to-end harness: the real server in a subprocess, driven by pytest-lsp's client.

Every end-to-end test runs once per client preset (Neovim 0.7, current Neovim, VS Code);
pyproject turns pytest-lsp's LspSpecificationWarning into an error, so a message the
preset's capabilities do not allow fails the test.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Union

import pytest
from lsprotocol import types
from pygls.uris import from_fs_path
from pytest_lsp import LanguageClient, client_capabilities
from pygls.protocol import default_converter
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from tests.support.fake_openai_server import fake_openai  # noqa: F401  (fixture)

CLIENT_PRESETS = ["neovim@v0.7", "neovim", "visual_studio_code"]
SERVER_COMMAND = [str(Path(sys.executable).with_name("secretloop")), "lsp"]  # the installed entry point
WAIT_SECONDS = 90.0  # a safety net for a hung server, not a performance assertion
FAKE_KEY_ENV = "SECRETLOOP_TEST_OPENAI_KEY"


def uri_of(path: Path) -> str:
    return from_fs_path(str(path)) or path.as_uri()


@dataclass
class Recorded:
    """What the server sent, in arrival order."""

    timeline: list[tuple[str, Any]] = field(default_factory=list)  # ("diagnostics", uri) / ("runState", payload)
    run_states: list[dict[str, Any]] = field(default_factory=list)
    registrations: list[types.Registration] = field(default_factory=list)


def _structure_command_or_action(client: LanguageClient) -> None:
    """pygls' client structures a CodeAction with a nested command as a bare Command (issue 3's pitfall)."""
    converter = client.protocol._converter

    def structure(obj: Any, _: Any) -> types.Command | types.CodeAction:
        if isinstance(obj, dict) and ("kind" in obj or "edit" in obj or "diagnostics" in obj or isinstance(obj.get("command"), dict)):
            return converter.structure(obj, types.CodeAction)
        return converter.structure(obj, types.Command)

    converter.register_structure_hook(Union[types.Command, types.CodeAction], structure)


def make_client() -> tuple[LanguageClient, Recorded]:
    client = LanguageClient(converter_factory=default_converter)
    # pytest-lsp's own handlers, except diagnostics, which are also recorded in arrival order here
    register_lsp_features(client, {m: f for m, f in DEFAULT_CLIENT_FEATURES.items() if m != types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS})
    _structure_command_or_action(client)
    rec = Recorded()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def publish_diagnostics(params: types.PublishDiagnosticsParams) -> None:
        client.diagnostics[params.uri] = params.diagnostics
        rec.timeline.append(("diagnostics", params.uri))

    @client.feature("secretloop/runState")
    def run_state(params: Any) -> None:
        payload = dict(params) if isinstance(params, dict) else dict(params._asdict())
        rec.run_states.append(payload)
        rec.timeline.append(("runState", payload))

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams) -> None:
        rec.registrations.extend(params.registrations)

    return client, rec


@dataclass
class Editor:
    """One connected client with its workspace."""

    client: LanguageClient
    rec: Recorded
    workspace: Path
    spec: str

    def uri(self, relpath: str) -> str:
        return uri_of(self.workspace / relpath)

    def diagnostics(self, relpath: str) -> list[types.Diagnostic]:
        return list(self.client.diagnostics.get(self.uri(relpath), []))

    async def wait_for(self, predicate: Callable[[], Any], what: str, timeout: float = WAIT_SECONDS) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; last run states: {self.rec.run_states[-3:]}")
            await asyncio.sleep(0.02)

    async def wait_for_status(self, *statuses: str, run_id: str | None = None) -> dict[str, Any]:
        def found() -> dict[str, Any] | None:
            for s in reversed(self.rec.run_states):
                if s["status"] in statuses and (run_id is None or s["runId"] == run_id):
                    return s
            return None

        return await self.wait_for(found, f"a run with status {statuses}")

    def last_state(self) -> dict[str, Any]:
        return self.rec.run_states[-1]

    def open(self, relpath: str, text: str | None = None, language: str = "python", version: int = 1) -> str:
        uri = self.uri(relpath)
        body = text if text is not None else (self.workspace / relpath).read_text()
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=uri, language_id=language, version=version, text=body))
        )
        return uri

    def change(self, relpath: str, text: str, version: int) -> None:
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=self.uri(relpath), version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )

    def save(self, relpath: str) -> None:
        self.client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=self.uri(relpath))))

    async def command(self, name: str, *arguments: Any) -> Any:
        return await self.client.workspace_execute_command_async(types.ExecuteCommandParams(command=name, arguments=list(arguments)))

    async def code_actions(self, relpath: str, diagnostic: types.Diagnostic) -> list[types.CodeAction]:
        result = await self.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=self.uri(relpath)),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]),
            )
        )
        actions = list(result or [])
        assert all(isinstance(a, types.CodeAction) for a in actions), actions
        return actions


class Launcher:
    """Starts servers for a test (several, for restarts) and shuts them all down at the end."""

    def __init__(self, spec: str, tmp_path: Path):
        self.spec = spec
        self.state_dir = tmp_path / "state"
        self.home = tmp_path / "home"
        self.home.mkdir(exist_ok=True)
        self.editors: list[Editor] = []

    def env(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            {
                "SECRETLOOP_STATE_DIR": str(self.state_dir),
                "HOME": str(self.home),
                "XDG_CACHE_HOME": str(self.home / ".cache"),
                "XDG_CONFIG_HOME": str(self.home / ".config"),
                "GIT_CONFIG_NOSYSTEM": "1",
                FAKE_KEY_ENV: "sk-test-not-a-real-key",
            }
        )
        env.update(extra or {})
        return env

    async def start(self, workspace: Path, settings: dict[str, Any] | None = None) -> Editor:
        client, rec = make_client()
        await client.start_io(*SERVER_COMMAND, env=self.env())
        await client.initialize_session(
            types.InitializeParams(
                capabilities=client_capabilities(self.spec),
                root_uri=uri_of(workspace),
                workspace_folders=[types.WorkspaceFolder(uri=uri_of(workspace), name=workspace.name)],
                initialization_options={"settings": settings or {}},
            )
        )
        editor = Editor(client=client, rec=rec, workspace=workspace, spec=self.spec)
        self.editors.append(editor)
        return editor

    async def kill(self, editor: Editor) -> None:
        """The server dies without a goodbye (a crash, a killed editor)."""
        server = editor.client._server
        assert server is not None
        server.kill()
        await server.wait()
        self.editors.remove(editor)
        await editor.client.stop()

    async def close(self) -> None:
        for editor in self.editors:
            try:
                await asyncio.wait_for(editor.client.shutdown_session(), WAIT_SECONDS)
            finally:
                await editor.client.stop()
        self.editors.clear()


@pytest.fixture(params=CLIENT_PRESETS)
async def launcher(request: pytest.FixtureRequest, tmp_path: Path):
    launcher = Launcher(request.param, tmp_path)
    yield launcher
    await launcher.close()


def openai_settings(base_url: str) -> dict[str, Any]:
    """The OpenAI judge pointed at the loopback fake server."""
    return {"judge": "openai", "openai": {"baseUrl": base_url, "apiKeyEnv": FAKE_KEY_ENV, "model": "fake-model", "timeoutSeconds": 60}}
