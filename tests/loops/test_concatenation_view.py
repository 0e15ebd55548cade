"""String literals joined in code (`"sk_live_" + "…"`, adjacent literals over lines, `[…].join("")`, PHP's `.`): read
joined, each finding placed where its first character stands. Values are drawn at run time; failures name the file
and the statuses, never the value."""

from __future__ import annotations

import random
import string

import pytest

from secretloop.loops.concatenation_view import concatenated_views
from tests.loops.test_fp_corpus_classes import SCANNER, outcomes
from tests.support.tokens import random_chars

_R = random.Random(1_780)
_ALNUM = string.ascii_letters + string.digits


def _found(text: str, path: str) -> list[tuple[str, int, int, int]]:
    return sorted((c.rule_id, c.start_line, c.end_line, c.start_col) for c in SCANNER.scan_text(text, 0, path))


def _stripe() -> str:
    return "sk_live_" + random_chars(_R, 24, _ALNUM)


def test_adjacent_literals_over_two_lines_are_read_as_one_key() -> None:
    key = _stripe()
    text = ('import os\n\nSTRIPE_SECRET_KEY = os.environ.get("STRIPE_SECRET_KEY") or (\n'
            f'    "{key[:16]}"\n    "{key[16:]}"\n)\n')
    assert _found(text, "config/settings.py") == [("stripe-live-secret-key", 4, 5, 5)]
    assert outcomes(text, "config/settings.py") == ["confirmed"]


@pytest.mark.parametrize(("path", "joiner"), [
    ("src/keys.ts", " + "), ("src/main/java/app/Keys.java", " + "), ("internal/keys.go", " + "),
    ("app/keys.php", " . "), ("lib/keys.lua", " .. "), ("Module1.vb", " & "), ("keys.py", " + "), ("keys.rb", " "),
])
def test_a_key_added_from_pieces_is_read_whole(path: str, joiner: str) -> None:
    key = _stripe()
    pieces = [key[:3], key[3:8], key[8:20], key[20:]]
    text = "// billing\n" + "KEY = " + joiner.join(f'"{p}"' for p in pieces) + "\n"
    if path.endswith((".py", ".rb")):
        text = text.replace("//", "#")
    assert [f[0] for f in _found(text, path)] == ["stripe-live-secret-key"]
    assert outcomes(text, path) == ["confirmed"]


def test_an_array_joined_with_nothing_is_read_whole() -> None:
    key = _stripe()
    js = f'const stripeKey = ["{key[:10]}", "{key[10:20]}", "{key[20:]}"].join("");\n'
    py = f'stripe_key = "".join(["{key[:10]}", "{key[10:20]}", "{key[20:]}"])\n'
    assert outcomes(js, "src/pay.js") == ["confirmed"]
    assert outcomes(py, "pay.py") == ["confirmed"]
    assert concatenated_views(js.replace('join("")', 'join("-")'), "src/pay.js") == []  # joined with a dash


def test_ordinary_string_building_has_no_view() -> None:
    text = ('greeting = "Hello, " + name\npath = "/api/" + "v1"\nsql = "SELECT * " + "FROM t"\n'
            'print("a" "b")\nlabel = "-" + "-"\n')
    assert concatenated_views(text, "app.py") == []
    assert concatenated_views('echo "abcdefghij" "klmnopqrstu"\n', "run.sh") == []  # a shell does not join


def test_a_finding_beside_a_chain_is_reported_once_with_its_whole_surroundings() -> None:
    key, token = _stripe(), "ghp_" + random_chars(_R, 36, _ALNUM)
    text = f'GITHUB_TOKEN = "{token}"\nKEY = "{key[:12]}" + "{key[12:]}"\n'
    found = _found(text, "deploy.py")
    assert [(f[0], f[1]) for f in found] == [("github-pat", 1), ("stripe-live-secret-key", 2)]
    first = [c for c in SCANNER.scan_text(text, 0, "deploy.py") if c.rule_id == "github-pat"][0]
    assert '" + "' in first.context[1]  # its surroundings are the file as written, not the joined view


def test_a_joined_key_in_a_test_of_string_building_still_needs_its_format() -> None:
    text = 'def test_concat():\n    assert "abcdefgh" + "ijklmnopqr" == "abcdefghijklmnopqr"\n'
    assert all(s == "dismissed" for s in outcomes(text, "tests/test_strings.py"))


def test_a_joined_key_stays_out_of_what_a_candidate_carries() -> None:
    key = _stripe()
    text = f'# billing\nKEY = (\n    "{key[:14]}"\n    "{key[14:]}"\n)\nOTHER = 1\n'
    candidates = SCANNER.scan_text(text, 0, "settings.py")
    assert [c.start_line for c in candidates] == [3]
    written = "".join(c.model_dump_json() for c in candidates)  # what snapshots, reports and prompts are made of
    for secret in (key, key[8:14], key[14:]):
        assert secret not in written
