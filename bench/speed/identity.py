"""Every candidate's full record, to show a speed change leaves findings as they were.

    .venv/bin/python bench/speed/identity.py OUT.jsonl DIR [DIR ...]

Scans every file of the folders in-process (`Scanner.scan_text`, all rules) and writes each
candidate's record (its model_dump: location, preview, fingerprint, features with the filter
hits) as one JSON line, sorted. Run it with the venv of the tree before a change and of the
tree after (each venv's editable install points at its tree) and compare the two files: they
must be byte-identical. Records are redacted (preview, fingerprint), never a value. Prints
numbers; asserts nothing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.scanner import Scanner


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    out, folders = Path(argv[0]), argv[1:]
    scanner = Scanner(load_catalogue())
    rows: list[str] = []
    files = 0
    for root, folder in enumerate(folders):
        base = Path(folder)
        for f in sorted(base.rglob("*")):
            if not f.is_file() or f.is_symlink():
                continue
            files += 1
            text = f.read_bytes().decode("utf-8", errors="replace")
            for c in scanner.scan_text(text, root, f"{base.name}/{f.relative_to(base)}"):
                rows.append(json.dumps(c.model_dump(mode="json"), sort_keys=True))
    rows.sort()
    out.write_text("".join(r + "\n" for r in rows))
    with_hits = sum(1 for r in rows if '"filter_hits": []' not in r)
    print(f"{files} files, {len(rows)} candidates ({with_hits} with filter hits) -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
