"""No input makes a rule hang: every rule of the catalogue on adversarial text completes.

RE2 matches in time linear in the input, so this is a guard against a regression (a rule
compiled with a backtracking engine, a Python loop that restarts a search at every byte),
not a performance measurement: the only bound is a generous watchdog on each call. (A budget
shared by the whole module grew tighter with every rule added and failed on a slow CI
machine although nothing hung.)
"""

from __future__ import annotations

import random
import string
import threading

import pytest

from secretloop.loops.detect import Detector
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.settings import Settings

WATCHDOG_SECONDS = 300.0  # for each call: catches a hang (which never ends), not a slow run
MB = 1024 * 1024
# the whole-detector line: twice the largest file the scanner reads by default (2 MB), so
# nothing the default settings feed the detector is longer
DENSE_LINE_BYTES = 2 * Settings().max_file_size

CATALOGUE = load_catalogue()
DETECTOR = Detector(CATALOGUE)


def _complete(fn, *args) -> object:
    """Run fn in a thread; fail (instead of hanging the suite) if it outlives the watchdog."""
    out: dict[str, object] = {}

    def target() -> None:
        try:
            out["value"] = fn(*args)
        except BaseException as err:  # reported below, in the test's thread
            out["error"] = err

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(WATCHDOG_SECONDS)
    assert not worker.is_alive(), f"{getattr(fn, '__name__', fn)} did not finish within the {WATCHDOG_SECONDS:.0f} s watchdog"
    if "error" in out:
        raise out["error"]  # type: ignore[misc]
    return out["value"]


def _base64ish(n: int, seed: int = 11) -> str:
    """n characters of a random base64 alphabet; one 64 KB block repeated (cheap to build)."""
    rng = random.Random(seed)
    block = "".join(rng.choice(string.ascii_letters + string.digits + "+/") for _ in range(64 * 1024))
    return (block * (n // len(block) + 1))[:n]


TEN_MB_LINE = _base64ish(10 * MB)
# the same, broken by '=' and quotes every few characters: padding- and assignment-shaped
TEN_MB_EQUALS = "".join(ch + ('="' if i % 3 == 0 else "='") for i, ch in enumerate(_base64ish(10 * MB // 3, seed=12)))[: 10 * MB]


def _keyword_inputs(keyword: str) -> list[str]:
    """Long runs of the keyword followed by key characters, '=' and quotes: the shapes that
    make a backtracking engine explode on `keyword\\s*=\\s*["']?[A-Za-z0-9+/=]{n,}`."""
    return [
        keyword * 40_000 + "A" * 200_000,
        keyword * 20_000 + "=" * 200_000 + '"',
        (keyword + '="') * 40_000,
        keyword + "=" + '"' * 200_000 + "a1B2" * 50_000,
        keyword + " = '" + "a1B2+/" * 100_000,  # one 600 KB unterminated quoted value
        (keyword + "=" + TEN_MB_LINE[:60] + '"') * 15_000,  # a million bytes of matches, one after another
    ]


@pytest.mark.parametrize("rule", CATALOGUE.rules, ids=lambda r: r.id)
def test_rule_completes_on_adversarial_input(rule):
    keywords = rule.keywords or ["key"]
    for keyword in keywords[:2]:
        for text in _keyword_inputs(keyword):
            _complete(DETECTOR.run_rule, rule.id, text)
    _complete(DETECTOR.run_rule, rule.id, TEN_MB_LINE)
    _complete(DETECTOR.run_rule, rule.id, TEN_MB_EQUALS)


def test_all_rules_together_on_one_line_holding_every_keyword():
    # every keyword selects its rules: the whole detector, prefilter included, on a long
    # line dense with assignments (every few dozen bytes is a match to check)
    keywords = sorted({kw for r in CATALOGUE.rules for kw in r.keywords})
    line = "".join(f'{kw}="{TEN_MB_LINE[i * 97 : i * 97 + 40]}" ' for i, kw in enumerate(keywords))
    text = (line * (DENSE_LINE_BYTES // len(line) + 1))[:DENSE_LINE_BYTES]
    matches = _complete(DETECTOR.find, text)
    assert isinstance(matches, list)


def test_ten_megabyte_single_lines_through_the_detector():
    for text in (TEN_MB_LINE, TEN_MB_EQUALS):
        assert isinstance(_complete(DETECTOR.find, text), list)
