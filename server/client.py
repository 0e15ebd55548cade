"""The one place that talks to the editor through pygls.

Feature modules call this small interface (publish, notify, show a message, progress,
configuration, watcher registration) and never build JSON-RPC messages themselves. It
also answers what the client can do, so capability checks live in one place too.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any, Callable, Sequence
from urllib.parse import unquote

from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import PositionCodec

from .paths import uri_to_path
from .progress import ProgressUpdate

log = logging.getLogger("secretloop.server")

MESSAGE_TYPES = {
    "error": types.MessageType.Error,
    "warning": types.MessageType.Warning,
    "info": types.MessageType.Info,
    "log": types.MessageType.Log,
}


class ProgressHandle:
    """One `$/progress` token: begin was sent; report and end go through here."""

    def __init__(self, server: LanguageServer, token: str):
        self._server = server
        self.token = token
        self.ended = False

    def report(self, update: ProgressUpdate) -> None:
        if not self.ended:
            self._server.work_done_progress.report(
                self.token, types.WorkDoneProgressReport(message=update.message, percentage=update.percentage, cancellable=True)
            )

    def end(self, message: str) -> None:
        if not self.ended:
            self.ended = True
            self._server.work_done_progress.end(self.token, types.WorkDoneProgressEnd(message=message))


class EditorClient:
    def __init__(self, server: LanguageServer):
        self._server = server

    # ---- what the client can do -----------------------------------------------------
    def _capability(self, path: str, default: Any = None) -> Any:
        try:
            return get_capability(self._server.client_capabilities, path, default)
        except Exception:  # before initialize there are no capabilities
            return default

    @property
    def supports_progress(self) -> bool:
        return bool(self._capability("window.work_done_progress", False))

    @property
    def supports_configuration(self) -> bool:
        return bool(self._capability("workspace.configuration", False))

    @property
    def supports_watched_files_registration(self) -> bool:
        return bool(self._capability("workspace.did_change_watched_files.dynamic_registration", False))

    @property
    def supports_diagnostic_data(self) -> bool:
        return bool(self._capability("text_document.publish_diagnostics.data_support", False))

    @property
    def position_codec(self) -> PositionCodec:
        return self._server.workspace.position_codec

    # ---- documents the editor holds ---------------------------------------------------
    def workspace_roots(self) -> list[str]:
        ws = self._server.workspace
        roots = [uri_to_path(f.uri) for f in ws.folders.values()]
        if not roots and ws.root_uri:
            roots = [uri_to_path(ws.root_uri)]
        return sorted({r for r in roots if r})

    def _doc(self, uri: str) -> TextDocument | None:
        # pygls keys open documents by the unquoted URI
        return self._server.workspace.text_documents.get(unquote(uri))

    def open_documents(self) -> dict[str, tuple[str, int | None]]:
        """uri (as the client spelled it) -> (text, version) of every open document."""
        return {doc.uri: (doc.source, doc.version) for doc in self._server.workspace.text_documents.values()}

    def document(self, uri: str) -> tuple[str, int | None] | None:
        """(text, version) of an open document, or None."""
        doc = self._doc(uri)
        return (doc.source, doc.version) if doc is not None else None

    def document_lines(self, uri: str) -> Sequence[str] | None:
        doc = self._doc(uri)
        return doc.lines if doc is not None else None

    # ---- outgoing ------------------------------------------------------------------------
    def publish(self, uri: str, diagnostics: list[types.Diagnostic]) -> None:
        self._server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))

    def notify(self, method: str, payload: dict[str, Any]) -> None:
        self._server.protocol.notify(method, payload)

    def show_message(self, level: str, text: str) -> None:
        self._server.window_show_message(types.ShowMessageParams(type=MESSAGE_TYPES.get(level, types.MessageType.Info), message=text))

    def log_message(self, level: str, text: str) -> None:
        self._server.window_log_message(types.LogMessageParams(type=MESSAGE_TYPES.get(level, types.MessageType.Log), message=text))

    async def begin_progress(self, title: str, first: ProgressUpdate, on_cancel: Callable[[], None]) -> ProgressHandle | None:
        """Create and begin a cancellable progress, or None when the client has no progress support."""
        if not self.supports_progress:
            return None
        token = f"secretloop-{uuid.uuid4().hex}"
        progress = self._server.work_done_progress
        try:
            await progress.create_async(token)
        except Exception as err:  # the client refused: go on without a progress bar
            log.warning("window/workDoneProgress/create failed: %s", err)
            return None
        progress.begin(
            token,
            types.WorkDoneProgressBegin(title=title, message=first.message, percentage=first.percentage, cancellable=True),
        )
        loop = asyncio.get_running_loop()

        def cancelled(fut: Any) -> None:
            if fut.cancelled():
                loop.call_soon_threadsafe(on_cancel)

        progress.tokens[token].add_done_callback(cancelled)
        return ProgressHandle(self._server, token)

    async def fetch_configuration(self, section: str) -> dict[str, Any] | None:
        """The client's settings section, or None when it cannot be asked."""
        if not self.supports_configuration:
            return None
        try:
            result = await self._server.workspace_configuration_async(
                types.ConfigurationParams(items=[types.ConfigurationItem(section=section)])
            )
        except Exception as err:
            log.warning("workspace/configuration failed: %s", err)
            return None
        first = result[0] if result else None
        return first if isinstance(first, dict) else {}

    async def watch_files(self, globs: list[str]) -> bool:
        """Register file watchers dynamically, when the client supports it."""
        if not self.supports_watched_files_registration:
            return False
        registration = types.Registration(
            id=f"secretloop-watch-{uuid.uuid4().hex[:8]}",
            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=types.DidChangeWatchedFilesRegistrationOptions(
                watchers=[types.FileSystemWatcher(glob_pattern=g) for g in globs]
            ),
        )
        try:
            await self._server.client_register_capability_async(types.RegistrationParams(registrations=[registration]))
        except Exception as err:
            log.warning("registering file watchers failed: %s", err)
            return False
        return True
