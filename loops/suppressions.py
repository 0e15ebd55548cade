"""Inline allow markers: a person says "this line is not a secret" in the file itself.

Recognised markers (the names other scanners use, so existing annotations keep working):
- `secretloop:allow`                  this tool's own;
- `gitleaks:allow`                    gitleaks;
- `trufflehog:ignore`                 trufflehog;
- `pragma: allowlist secret`          detect-secrets (also the older `whitelist` spelling);
- `pragma: allowlist nextline secret` detect-secrets: applies to the NEXT line, not its own.

`nosec` (bandit) and `noqa` are deliberately not enough: they silence other tools' checks
and say nothing about a secret.
"""

from __future__ import annotations

import re

# Canonical marker name -> pattern. Order matters only for reporting the first one found.
_SAME_LINE: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("secretloop:allow", re.compile(r"\bsecretloop:allow\b", re.IGNORECASE)),
    ("gitleaks:allow", re.compile(r"\bgitleaks:allow\b", re.IGNORECASE)),
    ("trufflehog:ignore", re.compile(r"\btrufflehog:ignore\b", re.IGNORECASE)),
    ("pragma: allowlist secret", re.compile(r"\bpragma: ?(?:allow|white)list[ -]secret\b", re.IGNORECASE)),
)
_NEXT_LINE_NAME = "pragma: allowlist nextline secret"
_NEXT_LINE = re.compile(r"\bpragma: ?(?:allow|white)list[ -]nextline[ -]secret\b", re.IGNORECASE)


# Each pattern's literal part, lower case: a substring test in C rules a line out first. The
# patterns themselves (case-folding, word boundaries) cost milliseconds on a long line, and a
# single-line JSON file of 8,000 passwords asks about its one line 8,000 times.
_SAME_LINE_LITERALS = ("secretloop:allow", "gitleaks:allow", "trufflehog:ignore", "pragma:")


def suppression_marker(line: str) -> str | None:
    """The allow marker on this line that applies to this line, or None."""
    if ":" not in line:
        return None  # cheap exit: every marker has a colon, most lines do not
    low = line.lower()
    if not any(literal in low for literal in _SAME_LINE_LITERALS):
        return None
    for name, pattern in _SAME_LINE:
        if pattern.search(line):
            return name
    return None


def next_line_marker(line: str) -> str | None:
    """The marker on this line that applies to the line after it, or None."""
    if "pragma:" not in line.lower():
        return None
    return _NEXT_LINE_NAME if _NEXT_LINE.search(line) else None


def suppression_for_line(lines: list[str], index: int) -> str | None:
    """The marker that suppresses lines[index]: its own, or a nextline pragma just above it."""
    if not 0 <= index < len(lines):
        return None
    own = suppression_marker(lines[index])
    if own:
        return own
    if index > 0:
        return next_line_marker(lines[index - 1])
    return None
