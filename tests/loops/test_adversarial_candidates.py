"""No input makes the rest of a scan hang either: features, filters and masking run on each
candidate in Python, with Python regular expressions, over the candidate's line and file.

Each case below is a file shape that once took minutes or was quadratic in its size: a
credential on (or next to) a line of hundreds of kilobytes, a Python file with thousands of
docstrings, lines of escaped quotes. A generous watchdog catches a hang; this is not a
performance measurement.
"""

from __future__ import annotations

import random
import string
import threading

import pytest

from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.scanner import Scanner
from tests.support.tokens import random_password

WATCHDOG_SECONDS = 60.0  # per case: a quadratic pass over these inputs takes hours
SCANNER = Scanner(load_catalogue())


def _scan_within_watchdog(text: str, path: str) -> list:
    out: dict[str, object] = {}

    def target() -> None:
        try:
            out["value"] = SCANNER.scan_text(text, 0, path)
        except BaseException as err:
            out["error"] = err

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(WATCHDOG_SECONDS)
    if worker.is_alive():
        pytest.fail(f"scanning {path} ({len(text):,} characters) did not finish within {WATCHDOG_SECONDS:.0f} s")
    if "error" in out:
        raise out["error"]  # type: ignore[misc]
    return out["value"]  # type: ignore[return-value]


def _blob(n: int, seed: int = 5) -> str:
    rng = random.Random(seed)
    block = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(16 * 1024))
    return (block * (n // len(block) + 1))[:n]


PASSWORD = random_password(seed=77)
BIG = 1024 * 1024


@pytest.mark.parametrize("path, text", [
    ("a.py", f'password = "{PASSWORD}" ; data = "{_blob(BIG)}"\n'),
    ("a.json", f'{{"data": "{_blob(BIG)}", "password": "{PASSWORD}"}}\n'),
    ("a.js", f'const x = f({"a" * BIG}("token", "{PASSWORD}"));\n'),
    ("a.env", "".join(f"DB_PASSWORD_{i}={PASSWORD}{i}\n" for i in range(5000))),
], ids=["long-line-after", "long-line-before", "long-identifier-run", "many-candidates"])
def test_candidates_on_huge_or_dense_lines_finish(path, text):
    found = _scan_within_watchdog(text, path)
    assert found, "the planted credential is still found"
    for c in found[:50]:
        if PASSWORD in " ".join(c.context) or PASSWORD in c.preview:
            pytest.fail("a planted value appears in a candidate's context or preview")


def test_python_files_with_many_docstrings_or_escaped_quotes_finish():
    docstrings = "".join(f'def f{i}():\n    """Doc {i}."""\n    return {i}\n\n' for i in range(20000))
    escaped = "x = '" + "\\'" * 200_000 + "\n"
    for text in (docstrings, escaped):
        _scan_within_watchdog(text + f'db_password = "{PASSWORD}"\n', "mod.py")
