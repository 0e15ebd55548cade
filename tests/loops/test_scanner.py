"""Scanner.scan_text: where each candidate is (lines and columns), and its masked context."""

from __future__ import annotations

import pytest

from secretloop.loops import scanner as scanner_module
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.scanner import Scanner
from tests.support.tokens import github_pat


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner(load_catalogue(), context_lines=1)


def spans(found) -> list[tuple]:
    return sorted((c.start_line, c.start_col, c.end_line, c.end_col, tuple(c.context)) for c in found)


def test_lines_and_columns_point_at_the_value(scanner):
    token = github_pat(seed=41)
    text = "# é accents before\n\nx = 1\n    TOKEN = \"" + token + "\"\n"
    (c,) = scanner.scan_text(text, 0, "a.py")
    line = text.split("\n")[c.start_line - 1]
    assert (c.start_line, c.end_line) == (4, 4)
    assert line[c.start_col:c.end_col] == token
    assert c.context == ["x = 1", c.context[1], ""] and token not in c.context[1]


def test_the_first_and_last_lines_have_their_neighbours_only(scanner):
    token = github_pat(seed=42)
    (first,) = scanner.scan_text(f"{token}\nnext line\n", 0, "a.txt")
    assert (first.start_line, first.start_col) == (1, 0) and first.context[1:] == ["next line"]
    (last,) = scanner.scan_text(f"before\n{token}", 0, "a.txt")
    assert (last.start_line, last.end_col) == (2, len(token)) and last.context[0] == "before"


def test_few_and_many_matches_are_located_alike(scanner, monkeypatch):
    tokens = [github_pat(seed=100 + i) for i in range(12)]
    text = "".join(f"line {i}\n  t{i} = '{t}'  # é\n" for i, t in enumerate(tokens))
    by_line_index = scanner.scan_text(text, 0, "many.py")  # 12 matches: more than a few
    monkeypatch.setattr(scanner_module, "_FEW_MATCHES", 100)
    by_counting = scanner.scan_text(text, 0, "many.py")
    assert len(by_counting) == 12 and spans(by_counting) == spans(by_line_index)
    for c in by_counting:
        assert text.split("\n")[c.start_line - 1][c.start_col:c.end_col] in tokens


def test_allow_markers_are_read_per_line_when_many_candidates_share_lines(scanner):
    # build_features answers a line's markers once per scan (a one-line JSON file with thousands
    # of candidates read its line thousands of times): the answer must still be per line.
    tokens = [github_pat(seed=60 + i) for i in range(6)]
    text = (
        f'a = ["{tokens[0]}", "{tokens[1]}"]  # gitleaks:allow\n'
        f'b = ["{tokens[2]}", "{tokens[3]}"]\n'
        "# pragma: allowlist nextline secret\n"
        f'c = ["{tokens[4]}", "{tokens[5]}"]\n'
    )
    found = scanner.scan_text(text, 0, "a.py")
    by_line = {}
    for c in found:
        by_line.setdefault(c.start_line, set()).add(c.features.suppressed_by)
    assert by_line == {1: {"gitleaks:allow"}, 2: {None}, 4: {"pragma: allowlist nextline secret"}}
    assert len(found) == 6


def test_a_marker_at_the_far_end_of_a_long_line_still_applies(scanner):
    tokens = [github_pat(seed=70 + i) for i in range(3)]
    line = ", ".join(f'"k{i}": "{t}"' for i, t in enumerate(tokens)) + " " * 300_000 + "// SecretLoop:Allow"
    found = scanner.scan_text(line + "\n", 0, "a.js")
    assert len(found) == 3 and {c.features.suppressed_by for c in found} == {"secretloop:allow"}
