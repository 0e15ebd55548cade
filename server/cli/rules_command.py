"""`secretloop rules`: the catalogue, one line per rule."""

from __future__ import annotations

from secretloop.loops.rules.catalogue import load_catalogue


def run_rules() -> int:
    cat = load_catalogue()
    width = max(len(r.id) for r in cat.rules)
    for r in sorted(cat.rules, key=lambda r: (r.category, r.id)):
        print(f"{r.id.ljust(width)}  {r.category:<18} {r.confidence:<6}  {r.title}")
    print(f"{len(cat.rules)} rules")
    return 0
