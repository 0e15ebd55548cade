"""Publishing a document's findings: render, remember what was shown, send.

What was shown (candidate + diagnostic, in the client's encoding) is kept on the store
entry: code actions and review commands look findings up there.
"""

from __future__ import annotations

import logging
from typing import Callable, Sequence

from lsprotocol import types

from ..loops.discovery import Unreadable, read_text
from .client import EditorClient
from .diagnostics import DiagnosticStyle, is_visible, to_diagnostic
from .diagnostics_store import FileFindings
from .paths import uri_to_path
from .positions import candidate_range, needs_line_text

log = logging.getLogger("secretloop.server")

# Only lines are needed for column conversion; a huge file is not worth reading for it.
MAX_READ_FOR_COLUMNS = 8 * 1024 * 1024


class Publisher:
    def __init__(self, client: EditorClient, style: Callable[[], DiagnosticStyle], title: Callable[[str], str]):
        self._client = client
        self._style = style
        self._title = title

    def lines(self, entry: FileFindings) -> Sequence[str] | None:
        """The file's lines: the open buffer's, else the disk's (None if unreadable)."""
        lines = self._client.document_lines(entry.uri)
        if lines is not None:
            return lines
        path = uri_to_path(entry.uri)
        if path is None:
            return None
        try:
            return read_text(path, MAX_READ_FOR_COLUMNS).splitlines(keepends=True)
        except (Unreadable, OSError):
            return None

    def render(self, entry: FileFindings) -> list[types.Diagnostic]:
        visible = [c for c in entry.findings if is_visible(c)]
        if not visible:
            entry.shown = []
            return []
        codec = self._client.position_codec
        lines = self.lines(entry) if needs_line_text(codec) else None
        style = self._style()
        shown = []
        for c in sorted(visible, key=lambda c: (c.start_line, c.start_col, c.rule_id)):
            shown.append((c, to_diagnostic(c, candidate_range(c, lines, codec), style, self._title)))
        entry.shown = shown
        return [d for _, d in shown]

    def publish(self, entry: FileFindings) -> None:
        self._client.publish(entry.uri, self.render(entry))

    def clear(self, uri: str) -> None:
        self._client.publish(uri, [])
