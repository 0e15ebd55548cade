"""Candidate spans (1-based lines, columns in code points) → LSP ranges in the client's encoding.

The loop counts columns in Python characters; a client may count UTF-16 (the default)
or UTF-8 units. Only lines with non-ASCII text before or inside the span differ, so the
line text is consulted only when it is needed and available.
"""

from __future__ import annotations

from typing import Sequence

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from ..loops.state import Candidate


def _column(lines: Sequence[str] | None, line: int, col: int, codec: PositionCodec) -> int:
    if lines is None or line >= len(lines):
        return col
    text = lines[line]
    if text.isascii():
        return col
    return codec.client_num_units(text[:col])


def candidate_range(c: Candidate, lines: Sequence[str] | None, codec: PositionCodec) -> types.Range:
    sl, el = c.start_line - 1, c.end_line - 1
    return types.Range(
        start=types.Position(line=sl, character=_column(lines, sl, c.start_col, codec)),
        end=types.Position(line=el, character=_column(lines, el, c.end_col, codec)),
    )


def needs_line_text(codec: PositionCodec) -> bool:
    """UTF-32 positions are code points already: no line text needed."""
    return codec.encoding != types.PositionEncodingKind.Utf32
