"""Block comments opened on earlier lines (`/* …`, `<!-- …`): features.block_comment_open_at
and what in_comment then means for a finding. Values are synthetic (tests/support/tokens.py);
assertion messages name cases, never values.
"""

from __future__ import annotations

import pytest

from secretloop.loops.features import block_comment_open_at, build_features
from secretloop.loops.phases.filter import classify
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.scanner import Scanner
from tests.support.tokens import github_pat, random_password


def _open_at(text: str, language: str, needle: str = "VALUE") -> bool:
    at = text.index(needle)
    return block_comment_open_at(text, text.rfind("\n", 0, at) + 1, language)


@pytest.mark.parametrize("text,language", [
    ("/*\n  apiKey = VALUE\n*/\n", "javascript"),
    ("int x = 1;\n/* old config\n  password = VALUE\n", "c"),
    ("/**\n @example\n  token VALUE\n */\n", "typescript"),
    ("x := 1 /* start\n VALUE\n*/", "go"),
    ("/*\n .a { } \n VALUE */", "css"),
    ("<?php\n/*\n$db = new PDO($dsn, 'root', VALUE);\n*/", "php"),
    ("/* a */ /* b\n VALUE\n", "rust"),
    # an opener inside a string inside the comment is comment text: the comment is open
    ('/*\n  resource "x" { path = "bucket/*" }\n  VALUE\n*/', "terraform"),
    ("<!--\n  <password>VALUE</password>\n-->", "xml"),
    ("<p>Don't forget</p> <!-- old:\n token: VALUE\n-->", "html"),
    ("Intro\n<!--\nkey: VALUE\n-->", "markdown"),
    ("--[[\n  key = VALUE\n]]", "lua"),
])
def test_a_comment_opened_on_an_earlier_line_is_seen(text: str, language: str) -> None:
    assert _open_at(text, language), language


@pytest.mark.parametrize("text,language", [
    ("/* header */\napiKey = VALUE\n", "javascript"),
    ("/*\n * header\n */\nint main() { VALUE }", "c"),
    ('const files = "src/**/*.js";\nkey = VALUE\n', "javascript"),  # a glob's /* and */ in a string
    ('const glob = "lib/*";\nkey = VALUE\n', "typescript"),
    ("/* hdr */\nconst glob = 'lib/*';\nkey = VALUE\n", "javascript"),
    ("//****************\nkey = VALUE\n", "java"),  # a banner line comment, no opener
    ("// see /* below\nkey = VALUE\n", "go"),
    ("/**/\nkey = VALUE", "c"),
    ("key = VALUE", "javascript"),  # the first line
    ("# /* not a comment in Python\nkey = VALUE\n", "python"),  # no block comments there
    ("<!-- done -->\n<key>VALUE</key>", "xml"),
    ("x = 1\n/* one */ y = 2 /* two */\nkey = VALUE", "java"),
])
def test_code_after_a_closed_or_false_opener_is_not_a_comment(text: str, language: str) -> None:
    assert not _open_at(text, language), language


def test_the_look_back_is_bounded() -> None:
    # An opener further back than the window is not seen: a huge file stays linear.
    text = "/*\n" + "x = 1;\n" * 20_000 + "key = VALUE\n"
    assert not _open_at(text, "javascript")
    assert _open_at("/*\n" + "x = 1;\n" * 100 + "key = VALUE\n", "javascript")


def _features(text: str, value: str, path: str, rule_confidence: str = "low", key_name: str | None = "password"):
    start = text.index(value)
    return build_features(value, text, start, start + len(value), path, rule_confidence, key_name=key_name)


def test_build_features_marks_a_value_in_a_multi_line_block_comment() -> None:
    pw = random_password(1)
    text = f"function connect() {{\n/*\n  legacy:\n  db.connect('admin', '{pw}')\n*/\n}}\n"
    assert _features(text, pw, "src/db.js").in_comment
    # closed on the value's own line before it: code again
    text = f"/*\n  old\n*/ const password = '{pw}';\n"
    assert not _features(text, pw, "src/db.js").in_comment
    # unchanged outside comments
    assert not _features(f"const g = 'src/**/*.js';\nconst password = '{pw}';\n", pw, "src/db.js").in_comment


CATALOGUE = load_catalogue()
KEY_MATERIAL = frozenset(r.id for r in CATALOGUE.rules if r.category == "private-key")


def test_a_provider_token_in_commented_out_code_is_still_a_leak() -> None:
    token = github_pat(2)
    text = f"const client = make();\n/*\nconst gh = new Octokit({{ auth: '{token}' }});\n*/\n"
    found = [c for c in Scanner(CATALOGUE).scan_text(text, 0, "src/app.js") if c.rule_confidence == "high"]
    assert found and all(c.features.in_comment for c in found)
    assert all(classify(c, None, KEY_MATERIAL).status == "confirmed" for c in found)
