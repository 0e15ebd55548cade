"""The detector's file-name gate (detect._last_part_gate) skips the per-rule path checks for a
file no `files` rule can apply to; it must never skip one that a rule applies to."""

from __future__ import annotations

import itertools

from secretloop.loops.detect import Detector, _last_part_gate
from secretloop.loops.rules.catalogue import load_catalogue


def _by_rules(detector: Detector, path: str) -> set[str]:
    """The `files` rules that apply to `path`, asked of every rule (no gate)."""
    return {c.rule.id for c in detector._by_path if c.rule.applies_to(path)}


def _selected_by_path(detector: Detector, path: str) -> set[str]:
    # an empty text selects no rule by keyword: what is left was selected by the path
    return {r.id for r in detector.rules_for("", path) if r.files}


def _paths_for(entry: str) -> list[str]:
    """Paths an entry of `files` should match: its globs filled in, under a folder or not."""
    filled = entry.replace("*", "x").replace("?", "y")
    return [filled, f"a/b/{filled}", f"/abs/{filled}"]


def test_every_file_rule_still_selected_by_its_own_paths():
    detector = Detector(load_catalogue())
    assert detector._by_path, "the packaged catalogue has rules for files known by name"
    checked = 0
    for c in detector._by_path:
        for entry in c.rule.files:
            for path in _paths_for(entry):
                if c.rule.applies_to(path):
                    assert c.rule.id in _selected_by_path(detector, path), (c.rule.id, path)
                    checked += 1
    assert checked >= len(detector._by_path)


def test_gate_agrees_with_the_rules_on_near_misses():
    detector = Detector(load_catalogue())
    names = {e.rsplit("/", 1)[-1] for c in detector._by_path for e in c.rule.files}
    # names around the rules' own: other case, a suffix, a prefix, a folder of that name
    tweaks = [lambda n: n, str.upper, lambda n: n + ".bak", lambda n: "x" + n, lambda n: n + "/inner.txt",
              lambda n: n.replace("*", "")]
    paths = {f"{folder}{tweak(n)}" for n, tweak, folder in itertools.product(sorted(names), tweaks, ("", "etc/", "deep/er/"))}
    paths |= {"README.md", "setup.py", "src/app.ts", "", "dir/", "x.json", "conf/x.env", ".env", ".env.local"}
    for path in sorted(paths):
        assert _selected_by_path(detector, path) == _by_rules(detector, path), path


def test_gate_is_a_whole_name_match():
    gate = _last_part_gate([load_catalogue().get(c.rule.id) for c in Detector(load_catalogue())._by_path])
    assert gate.match("id.json") and gate.match(".env")
    assert not gate.match("id.json.orig") and not gate.match("setup.py")


def test_no_file_rules_gate_matches_nothing():
    gate = _last_part_gate([])
    assert not gate.match("") and not gate.match(".env")
