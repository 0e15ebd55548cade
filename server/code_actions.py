"""Code actions on a finding: confirm, dismiss, or mark the line with an allow comment.

Confirm and dismiss are commands (the server writes the decisions file and tells the
loop); the allow comment is a plain WorkspaceEdit the editor applies to the buffer.
"""

from __future__ import annotations

from typing import Any, Sequence

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from ..loops.features import language_for
from ..loops.state import Candidate
from .comment_syntax import MARKER, allow_comment

CONFIRM_COMMAND = "secretloop.confirmFinding"
DISMISS_COMMAND = "secretloop.dismissFinding"

CONFIRM_TITLE = "Confirm: this is a secret"
DISMISS_TITLE = "Dismiss: not a secret"
ALLOW_TITLE = f"Add inline allow comment ({MARKER})"


def _range_json(rng: types.Range) -> dict[str, Any]:
    return {
        "start": {"line": rng.start.line, "character": rng.start.character},
        "end": {"line": rng.end.line, "character": rng.end.character},
    }


def review_argument(uri: str, c: Candidate, diagnostic: types.Diagnostic) -> dict[str, Any]:
    """The command argument of the contract: {uri, range, code, fingerprint?}."""
    return {"uri": uri, "range": _range_json(diagnostic.range), "code": c.rule_id, "fingerprint": c.fingerprint}


def allow_comment_edit(
    uri: str, c: Candidate, lines: Sequence[str] | None, codec: PositionCodec
) -> types.WorkspaceEdit | None:
    """The edit that adds the allow comment to the finding's first line, or None (no comment syntax)."""
    index = c.start_line - 1
    if lines is None or index >= len(lines):
        return None
    line_text = lines[index]
    comment = allow_comment(language_for(c.path), index, line_text)
    if comment is None:
        return None
    character = codec.client_num_units(line_text.rstrip("\r\n")[: comment.column])
    at = types.Position(line=comment.line, character=character)
    return types.WorkspaceEdit(changes={uri: [types.TextEdit(range=types.Range(start=at, end=at), new_text=comment.text)]})


def actions_for(
    uri: str, c: Candidate, diagnostic: types.Diagnostic, lines: Sequence[str] | None, codec: PositionCodec
) -> list[types.CodeAction]:
    argument = review_argument(uri, c, diagnostic)

    def review_action(title: str, command: str) -> types.CodeAction:
        return types.CodeAction(
            title=title,
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[diagnostic],
            command=types.Command(title=title, command=command, arguments=[argument]),
        )

    actions: list[types.CodeAction] = []
    if c.status != "confirmed":
        actions.append(review_action(CONFIRM_TITLE, CONFIRM_COMMAND))
    actions.append(review_action(DISMISS_TITLE, DISMISS_COMMAND))
    edit = allow_comment_edit(uri, c, lines, codec)
    if edit is not None:
        actions.append(types.CodeAction(title=ALLOW_TITLE, kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic], edit=edit))
    return actions
