"""Inline allow markers, including detect-secrets' nextline pragma."""

from __future__ import annotations

import pytest

from secretloop.loops.suppressions import next_line_marker, suppression_for_line, suppression_marker


@pytest.mark.parametrize("line,marker", [
    ('token = "abc"  # secretloop:allow', "secretloop:allow"),
    ('token = "abc"  // SecretLoop:Allow because it is a test key', "secretloop:allow"),
    ('token = "abc" # gitleaks:allow', "gitleaks:allow"),
    ('token = "abc" # trufflehog:ignore', "trufflehog:ignore"),
    ('token = "abc"  # pragma: allowlist secret', "pragma: allowlist secret"),
    ('token = "abc"  # pragma:allowlist secret', "pragma: allowlist secret"),
    ('token = "abc"  # pragma: whitelist secret', "pragma: allowlist secret"),
    ('<add key="k" value="abc"/> <!-- gitleaks:allow -->', "gitleaks:allow"),
])
def test_markers_are_recognised(line: str, marker: str) -> None:
    assert suppression_marker(line) == marker


@pytest.mark.parametrize("line", [
    'token = "abc"',
    'token = "abc"  # nosec',
    'token = "abc"  # noqa',
    'token = "abc"  # nosec B105',
    'token = "abc"  # allow this one',
    'token = "abc"  # secretloop:allowed',  # not the marker: a different word
    'token = "abc"  # pragma: allowlist nextline secret',  # applies to the next line, not this one
])
def test_other_comments_do_not_suppress(line: str) -> None:
    assert suppression_marker(line) is None


def test_nextline_pragma_applies_to_the_following_line_only() -> None:
    lines = [
        "# pragma: allowlist nextline secret",
        'token = "abc"',
        'other = "def"',
    ]
    assert suppression_for_line(lines, 0) is None
    assert suppression_for_line(lines, 1) == "pragma: allowlist nextline secret"
    assert suppression_for_line(lines, 2) is None
    assert next_line_marker(lines[0]) == "pragma: allowlist nextline secret"
    assert next_line_marker(lines[1]) is None


def test_own_marker_wins_over_nextline_pragma() -> None:
    lines = ["# pragma: allowlist nextline secret", 'token = "abc"  # gitleaks:allow']
    assert suppression_for_line(lines, 1) == "gitleaks:allow"


def test_out_of_range_index_is_none() -> None:
    assert suppression_for_line([], 0) is None
    assert suppression_for_line(["a"], 5) is None
    assert suppression_for_line(["# secretloop:allow"], -1) is None
