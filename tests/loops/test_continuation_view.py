"""Lines continued with a backslash (shell, Dockerfile, Makefile, .properties): read joined, each finding placed where
its first character stands. Values are drawn at run time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import random
import string

from secretloop.loops.continuation_view import joined_text
from tests.loops.test_fp_corpus_classes import SCANNER, outcomes
from tests.support.tokens import random_chars

_R = random.Random(1_190)
_ALNUM = string.ascii_letters + string.digits


def _found(text: str, path: str) -> list[tuple[str, int, int]]:
    return [(c.rule_id, c.start_line, c.start_col) for c in SCANNER.scan_text(text, 0, path)]


def test_a_token_split_over_a_shell_continuation_is_read_whole() -> None:
    token = "ghp_" + random_chars(_R, 36, _ALNUM)
    text = f'#!/bin/sh\nexport GITHUB_TOKEN="{token[:18]}\\\n{token[18:]}"\necho ok\n'
    assert _found(text, "scripts/bootstrap.sh") == [("github-pat", 2, len('export GITHUB_TOKEN="'))]
    assert outcomes(text, "scripts/bootstrap.sh") == ["confirmed"]


def test_a_properties_value_continued_on_an_indented_line_is_read_whole() -> None:
    password = random_chars(_R, 16, _ALNUM)
    text = f"db.url=jdbc:postgresql://db/app\ndb.password={password[:8]}\\\n    {password[8:]}\nhttp.timeout=30\n"
    view = joined_text(text, "conf/app.properties")
    assert view is not None and f"db.password={password}\n" in view.text
    assert outcomes(text, "conf/app.properties") in (["confirmed"], ["pending"])


def test_a_comment_does_not_continue_and_plain_files_have_no_view() -> None:
    text = "# a long comment \\\nexport A=1\n"
    view = joined_text(text, "run.sh")
    assert view is None or "comment \\\nexport" in view.text
    assert joined_text("export A=1\nexport B=2\n", "run.sh") is None
    assert joined_text('const a = "x\\\ny";\n', "src/a.js") is None  # not a language that continues lines
