"""A red-team set's rule cases: a rule, a path, a template and a maker of random values of the shape.
Each case is checked through the rule engine (the rule takes the value) and the whole pipeline (a person
sees it); failure messages name the rule and the path, never the value."""

from __future__ import annotations

import functools
from typing import Callable

from secretloop.loops.detect import Detector
from secretloop.loops.rules.catalogue import load_catalogue
from tests.loops.test_fp_corpus_classes import require_shown


@functools.lru_cache(maxsize=1)
def _detector() -> Detector:
    return Detector(load_catalogue())


def rule_hits(rule_id: str, text: str, path: str | None = None) -> list[str]:
    """The texts one rule takes in text (the path selects file rules and the languages' keywords)."""
    return [text[m.start : m.end] for m in _detector().find(text, path) if m.rule_id == rule_id]


def all_hits(text: str, path: str | None = None) -> list[str]:
    """The texts every rule takes in text, after the engine keeps one match per overlapping span."""
    return [text[m.start : m.end] for m in _detector().find(text, path)]


def require_case_found_and_shown(hits: Callable[[str, str, str], list[str]], rule_id: str, path: str,
                                 make: Callable[[], str], fill: Callable[[str], str], rounds: int = 3) -> None:
    for _ in range(rounds):  # several random values of the shape
        value = make()
        text = fill(value)
        assert any(value in h for h in hits(rule_id, text, path)), f"{rule_id}: not found in {path}"
        require_shown(text, path)
