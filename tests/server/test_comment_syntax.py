"""The allow comment, in each format's syntax, is recognised by the loop's own suppression check."""

from __future__ import annotations

import pytest

from secretloop.loops.features import language_for
from secretloop.loops.suppressions import suppression_for_line
from secretloop.server.comment_syntax import allow_comment

CASES = [
    ("app.py", 'TOKEN = "abc"', '  # secretloop:allow'),
    ("app.js", 'const token = "abc";', "  // secretloop:allow"),
    ("main.go", 'var token = "abc"', "  // secretloop:allow"),
    ("config.yaml", "token: abc", "  # secretloop:allow"),
    ("query.sql", "SELECT 'abc'", "  -- secretloop:allow"),
    ("index.html", '<meta content="abc">', " <!-- secretloop:allow -->"),
    ("style.css", "a { --token: abc; }", " /* secretloop:allow */"),
    (".env", "TOKEN=abc", "  # secretloop:allow"),
]


@pytest.mark.parametrize("path,line,suffix", CASES)
def test_appended_marker_is_recognised(path: str, line: str, suffix: str):
    comment = allow_comment(language_for(path), 4, line + "\n")
    assert comment is not None
    assert (comment.line, comment.column, comment.text) == (4, len(line), suffix)
    edited = line[: comment.column] + comment.text + line[comment.column :]
    assert suppression_for_line([edited], 0) == "secretloop:allow"


@pytest.mark.parametrize("path,line", [("settings.ini", "    password = abc;def"), ("app.properties", "db.password=abc"), ("Dockerfile", "ENV TOKEN=abc")])
def test_whole_line_comment_formats_get_a_nextline_pragma_above(path: str, line: str):
    comment = allow_comment(language_for(path), 2, line)
    assert comment is not None and comment.column == 0 and comment.line == 2
    lines = ["[x]", "y = 1", line]
    edited = lines[:2] + comment.text.splitlines() + [line]
    assert suppression_for_line(edited, 3) is not None
    assert line in edited  # the value's own line is untouched
    indent = line[: len(line) - len(line.lstrip())]
    assert comment.text.startswith(indent) and comment.text.endswith("\n")


@pytest.mark.parametrize("path", ["data.json", "key.pem", "notes.txt"])
def test_formats_without_comments_get_none(path: str):
    assert allow_comment(language_for(path), 0, "x") is None


def test_crlf_line_endings_are_not_counted_into_the_column():
    comment = allow_comment("python", 0, 'x = "abc"\r\n')
    assert comment is not None and comment.column == len('x = "abc"')
