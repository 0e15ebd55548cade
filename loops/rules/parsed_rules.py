"""A cache of the packaged rules file, parsed: the expanded rules as JSON, one file per version.

tomllib is pure Python and the rules file is large, so parsing it was a fixed cost of every
CLI run (a pre-commit hook pays it on each commit). The first load of a rules version parses
and validates everything, compiles every pattern, and writes the result here; later loads
read the JSON, validate it with the same model and leave the patterns to compile on first use.

The key covers the rules text and the catalogue code (the model that reads it). The file holds
patterns and examples, never a scanned value. It lives under the user's cache folder and is
written atomically; any trouble (no cache folder, a damaged file) only costs the full parse.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from pathlib import Path

from ..file_pruning import keep_newest

log = logging.getLogger("secretloop.parsed_rules")

FORMAT = 1
KEEP_VERSIONS = 4  # parsed files kept (each rules or code version leaves one); the oldest go


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "secretloop" / "rules"


def cache_key(rules_text: str, catalogue_code: bytes) -> str:
    h = hashlib.sha256(f"format={FORMAT}\n".encode())
    h.update(hashlib.sha256(catalogue_code).digest())
    h.update(rules_text.encode("utf-8"))
    return h.hexdigest()[:32]


def _path(key: str) -> Path:
    return cache_dir() / f"{key}.json"


def load(key: str) -> list[dict] | None:
    """The rules stored under `key` as plain dicts, or None (missing, unreadable, damaged)."""
    path = _path(key)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, ValueError) as err:
        discard(key, f"is unreadable ({type(err).__name__})")
        return None
    if not (isinstance(data, dict) and data.get("key") == key and isinstance(data.get("rules"), list)
            and data["rules"] and all(isinstance(r, dict) for r in data["rules"])):
        discard(key, "is not a parsed rules file")
        return None
    return data["rules"]


def store(key: str, rules: list[dict]) -> None:
    path = _path(key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".rules-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"key": key, "rules": rules}, f, ensure_ascii=False)
        os.replace(tmp, path)  # readers see the old file or the whole new one
        keep_newest(path, KEEP_VERSIONS)  # upgrades would pile them up
    except OSError as err:
        log.debug("parsed rules not cached (%s): the next start parses rules.toml again", err.strerror)
        try:
            os.unlink(tmp)  # type: ignore[possibly-undefined]
        except (OSError, NameError):
            pass


def discard(key: str, why: str) -> None:
    log.warning("the parsed-rules cache %s %s; rules.toml is parsed again", _path(key), why)
    try:
        _path(key).unlink()
    except OSError:
        pass
