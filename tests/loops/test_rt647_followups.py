"""Follow-ups of red-team sets 647 onwards, and of misses left from earlier stops: key blocks pasted into comments.
Values are drawn at run time; failures name the file and the statuses, never the value (PYTEST_DONT_REWRITE: plain
asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import random

import pytest

from secretloop.loops.commented_block_view import commented_blocks
from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_found as _found, rule_ids as _rules

_R = random.Random(647)


# --- key blocks in comments (left from earlier stops: "commented PEM blocks") ----------------------------------------

def _pem(label: str = "RSA PRIVATE KEY", size: int = 1190) -> list[str]:
    body = base64.b64encode(bytes([0x30, 0x82, 0x04, 0xA2]) + bytes(_R.randrange(256) for _ in range(size))).decode()
    return [f"-----BEGIN {label}-----", *(body[i:i + 64] for i in range(0, len(body), 64)), f"-----END {label}-----"]


@pytest.mark.parametrize("path, before, marker, after", [
    ("deploy/rotate.py", "import os\n# the old deploy key, kept for reference:\n", "# ", 'KEY_PATH = "/etc/deploy.pem"\n'),
    ("src/sign.c", "/*\n", " * ", " */\nint sign(void);\n"),
    ("db/seed.sql", "-- service key\n", "-- ", "INSERT INTO t VALUES (1);\n"),
    ("conf/app.ini", "[keys]\n", "; ", "path = /etc/app.pem\n"),
    ("docs/handover.md", "The key Sam asked for:\n\n", "> ", "\nThanks!\n"),
    ("src/Sign.bas", "Attribute VB_Name = \"Sign\"\n", "' ", "Public Sub Go()\nEnd Sub\n"),
])
def test_a_private_key_pasted_into_comments_is_shown(path: str, before: str, marker: str, after: str) -> None:
    block = "".join(f"{marker}{line}\n" for line in _pem())
    text = before + block + after
    assert "private-key-rsa" in _rules(text, path), path
    statuses = outcomes(text, path)
    assert any(s in ("confirmed", "pending") for s in statuses), (path, statuses)


def test_a_commented_key_is_reported_on_its_own_lines() -> None:
    lines = _pem("PRIVATE KEY")
    text = "#!/bin/sh\n# deploy key:\n" + "".join(f"#   {line}\n" for line in lines) + "scp app host:\n"
    views = commented_blocks(text, "deploy.sh")
    assert len(views) == 1 and "#" not in views[0].text.split("\n", 1)[1]
    from tests.loops.test_fp_corpus_classes import SCANNER
    found = [c for c in SCANNER.scan_text(text, 0, "deploy.sh") if c.rule_id == "private-key-pkcs8"]
    assert [(c.start_line, c.end_line) for c in found] == [(3, 2 + len(lines))]


def test_public_blocks_and_cut_short_keys_in_comments_are_not_shown() -> None:
    public = "".join(f"# {line}\n" for line in _pem("PUBLIC KEY", 260))
    assert not_shown("import jwt\n" + public + "VERIFY = True\n", "auth/verify.py")
    elided = "# -----BEGIN RSA PRIVATE KEY-----\n# MIIEpAIBAAKCAQEA\n# ...\n# -----END RSA PRIVATE KEY-----\n"
    assert not_shown("# example of the format:\n" + elided, "docs/keys.py")


def test_a_block_not_commented_is_left_to_the_file_as_written() -> None:
    text = "\n".join(_pem()) + "\n"
    assert commented_blocks(text, "server.key") == []
    # base64 lines may start with a slash: an uncommented body is never cut
    assert commented_blocks("x = 1\n", "a.py") == []
