"""Every LSP feature and command the server offers, registered in one place.

Handlers unpack the JSON-RPC params and call the session's hooks; nothing else in
server/ sees a pygls decorator.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from .code_actions import CONFIRM_COMMAND, DISMISS_COMMAND
from .session import ChangeKind, Session

SCAN_WORKSPACE_COMMAND = "secretloop.scanWorkspace"
RESUME_RUN_COMMAND = "secretloop.resumeRun"
SHOW_RUN_COMMAND = "secretloop.showRun"

_CHANGE_KINDS: dict[types.FileChangeType, ChangeKind] = {
    types.FileChangeType.Created: "created",
    types.FileChangeType.Changed: "changed",
    types.FileChangeType.Deleted: "deleted",
}


def register(server: LanguageServer, session: Session) -> None:
    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        session.initialize(params.initialization_options)

    @server.feature(types.INITIALIZED)
    async def initialized(params: types.InitializedParams) -> None:
        await session.initialized()

    @server.feature(types.SHUTDOWN)
    async def shutdown(params: None) -> None:
        await session.shutdown()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(params: types.DidChangeConfigurationParams) -> None:
        await session.configuration_changed(params.settings)

    @server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    def did_change_workspace_folders(params: types.DidChangeWorkspaceFoldersParams) -> None:
        session.workspace_folders_changed()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(params: types.DidOpenTextDocumentParams) -> None:
        await session.document_opened(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        session.document_changed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(params: types.DidSaveTextDocumentParams) -> None:
        await session.document_saved(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        session.document_closed(params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(params: types.DidChangeWatchedFilesParams) -> None:
        session.watched_files_changed([(c.uri, _CHANGE_KINDS.get(c.type, "changed")) for c in params.changes])

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    def code_action(params: types.CodeActionParams) -> list[types.CodeAction]:
        return session.code_actions(params.text_document.uri, params.range, params.context.diagnostics)

    @server.command(SCAN_WORKSPACE_COMMAND)
    def scan_workspace(*args: Any) -> dict[str, Any]:
        return session.scan_workspace()

    @server.command(RESUME_RUN_COMMAND)
    def resume_run(*args: Any) -> dict[str, Any]:
        return session.resume_run()

    @server.command(SHOW_RUN_COMMAND)
    def show_run(*args: Any) -> dict[str, Any]:
        return session.show_run()

    @server.command(CONFIRM_COMMAND)
    async def confirm_finding(*args: Any) -> dict[str, Any]:
        return await session.decide(args[0] if args else None, "confirmed")

    @server.command(DISMISS_COMMAND)
    async def dismiss_finding(*args: Any) -> dict[str, Any]:
        return await session.decide(args[0] if args else None, "dismissed")
