"""Columns in code points → the client's encoding, only where the line is not ASCII."""

from __future__ import annotations

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from secretloop.server.positions import candidate_range, needs_line_text
from tests.server.helpers import make_candidate
from tests.support.tokens import github_pat


def test_ascii_lines_keep_their_columns():
    c = make_candidate(github_pat(1), line=2, col=8)
    r = candidate_range(c, ["x\n", 'token = "' + github_pat(1) + '"\n'], PositionCodec(types.PositionEncodingKind.Utf16))
    assert (r.start.line, r.start.character, r.end.line, r.end.character) == (1, 8, 1, 8 + len(github_pat(1)))


def test_non_bmp_text_before_the_value_shifts_utf16_and_utf8_columns():
    value = github_pat(2)
    line = f"😀 = '{value}'\n"  # one character that is 2 UTF-16 units and 4 UTF-8 bytes
    col = line.index(value)
    c = make_candidate(value, line=1, col=col)
    utf16 = candidate_range(c, [line], PositionCodec(types.PositionEncodingKind.Utf16))
    utf8 = candidate_range(c, [line], PositionCodec(types.PositionEncodingKind.Utf8))
    utf32 = candidate_range(c, [line], PositionCodec(types.PositionEncodingKind.Utf32))
    assert (utf16.start.character, utf16.end.character) == (col + 1, col + 1 + len(value))
    assert (utf8.start.character, utf8.end.character) == (col + 3, col + 3 + len(value))
    assert (utf32.start.character, utf32.end.character) == (col, col + len(value))


def test_without_line_text_columns_pass_through():
    c = make_candidate(github_pat(3), line=5, col=2)
    r = candidate_range(c, None, PositionCodec())
    assert (r.start.line, r.start.character) == (4, 2)


def test_only_utf32_needs_no_line_text():
    assert not needs_line_text(PositionCodec(types.PositionEncodingKind.Utf32))
    assert needs_line_text(PositionCodec(types.PositionEncodingKind.Utf16))
