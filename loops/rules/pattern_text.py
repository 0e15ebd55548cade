"""Reading a regular expression as text: which of its characters stand outside character classes.

The rules catalogue (a `^` without multi-line mode), the detector (an alternation at the top level)
and a filter (does a value read as a pattern?) each ask a question of a pattern's syntax
characters; this walk is the part they share.
"""

from __future__ import annotations


def outside_classes(pattern: str) -> tuple[list[tuple[int, str]], bool]:
    """The characters of `pattern` outside its character classes, each with its offset, escaped ones left out
    (`\\(` is no group); and whether the pattern ends inside a class that never closes. A class's first `]`
    (`[]…]`, `[^]…]`) is a member, as RE2 and Python read it; the brackets themselves are not listed."""
    out: list[tuple[int, str]] = []
    i, in_class = 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if pattern.startswith("]", i + 1) or pattern.startswith("^]", i + 1):
                i += 1 + (pattern[i + 1] == "^")
        else:
            out.append((i, c))
        i += 1
    return out, in_class
