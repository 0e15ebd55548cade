"""The one walk over a pattern's text that the catalogue, the detector and the regex-syntax filter share."""

from __future__ import annotations

from secretloop.loops.detect import _has_top_level_alternation
from secretloop.loops.rules.pattern_text import outside_classes


def _chars(pattern: str) -> str:
    return "".join(c for _, c in outside_classes(pattern)[0])


def test_classes_and_escapes_are_left_out() -> None:
    assert _chars(r"a[^b|c](d\|e)") == "a(de)"
    assert _chars("[]|](x)") == "(x)"  # a class's first ] is a member
    assert _chars("[^]|](x)") == "(x)"
    assert _chars("[[]|x") == "|x"  # [[] is a class of '[': its ] closes it


def test_an_unclosed_class_is_reported() -> None:
    assert outside_classes("a[bc")[1] and not outside_classes("a[bc]")[1]


def test_top_level_alternation_reads_through_the_walk() -> None:
    assert _has_top_level_alternation("a|b") and not _has_top_level_alternation("(a|b)c")
    assert not _has_top_level_alternation("[a|b]c") and _has_top_level_alternation("[[]+x|y")
