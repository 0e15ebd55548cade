"""`secretloop scan` where nothing changed: the last run's report again, from its stamp.

The replay runs before the loop is imported (see loops/run_stamp.py); a finished scan
leaves the stamp for the next one. A pre-commit scan (`--staged`) reads git's index, not the
files on disk, and a model judge may answer differently next time: neither is replayed.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from typing import Any, Callable

from secretloop.loops import run_stamp
from secretloop.loops.atomic import atomic_write
from secretloop.loops.store_dir import default_store_dir

# Flags that do not change what a scan finds or reports (paths and places are keyed resolved)
_NOT_IN_KEY = frozenset({"command", "paths", "no_progress", "output", "config", "state_dir"})
# The libraries whose upgrade could change a result: the folders they are installed in
# (pip adds and removes a package's folders there, which moves the folder's mtime).
_LIBRARIES = ("re2", "pathspec", "pydantic", "pydantic_core")


def _roots(args: argparse.Namespace) -> list[str]:
    return [os.path.abspath(p) for p in args.paths]


def _store(args: argparse.Namespace, roots: list[str]) -> str:
    return args.state_dir or default_store_dir(roots)


def _abs(path: str | None) -> str | None:
    return path if path in (None, "-") else os.path.abspath(path)


def command_key(args: argparse.Namespace, roots: list[str]) -> str:
    parts: dict[str, Any] = {k: v for k, v in vars(args).items() if k not in _NOT_IN_KEY}
    parts.update(roots=roots, output=_abs(args.output), config=_abs(args.config), python=[sys.executable, sys.version])
    return run_stamp.key_of(parts)


def replay(args: argparse.Namespace) -> int | None:
    """Repeat the last identical scan if nothing it depended on changed; None: scan."""
    if args.staged:
        return None
    roots = _roots(args)
    stamp = run_stamp.unchanged(_store(args, roots), command_key(args, roots))
    if stamp is None:
        return None
    for path, text in stamp.outputs:
        if path in (None, "-"):
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
            sys.stdout.flush()
        else:
            try:
                atomic_write(path, text)
            except OSError:
                return None  # the normal run meets the same problem and says so its way
    if not args.no_progress:
        for line in stamp.messages:
            print(line, file=sys.stderr)
        if sys.stderr.isatty():
            print(f"secretloop: nothing changed since run {stamp.run_id}: its report again", file=sys.stderr)
    for warning in stamp.warnings:
        print(f"secretloop: warning: {warning}", file=sys.stderr)
    return stamp.exit_code


def _code_paths() -> list[str]:
    """The package's own files and folders, and the folders its libraries live in."""
    import secretloop
    import secretloop.loops

    paths: list[str] = []
    for package in (secretloop, secretloop.loops):
        for folder, dirs, files in os.walk(os.path.dirname(package.__file__)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            paths.append(folder)
            paths.extend(os.path.join(folder, f) for f in files if f.endswith((".py", ".toml", ".txt")))
    for name in _LIBRARIES:
        module = sys.modules.get(name)
        where = getattr(module, "__file__", None)
        if where:
            folder = os.path.dirname(where)
            paths.append(os.path.dirname(folder) if os.path.basename(where).startswith("__init__.") else folder)
    return paths


def _watched(args: argparse.Namespace, roots: list[str], engine: Any) -> list[str]:
    # imported here, after the run: the replay above must not load them
    from secretloop.loops.rules.catalogue import rules_file_paths

    from .config import default_config_path

    ws, settings = engine.workspace, engine.state.task.settings
    paths = _code_paths() + list(roots)
    config = os.path.abspath(args.config) if args.config else default_config_path(roots)
    if config:
        paths.append(config)  # watched whether it exists or not
    paths.extend(ws.decisions_path(i) for i in range(len(roots)))
    if roots:
        paths.extend(rules_file_paths(settings.rules_files, roots[0]))
    paths.extend(ws.watched)
    paths.extend(ws.abs_path(f) for f in engine.state.files)
    for s in engine.state.skipped:
        if s.reason.startswith(("gitignored", "excluded")):
            continue  # its content cannot change the result
        path = ws.abs_path(s)
        try:
            if stat.S_ISREG(os.lstat(path).st_mode):
                paths.append(path)  # too large, binary, minified, unreadable: may change
        except OSError:
            pass
    return paths


def stamp_after(args: argparse.Namespace, roots: list[str], started_ns: int) -> Callable[[Any, int, list[str]], None]:
    """What run_scan calls when its run ended: leave a stamp for the next identical scan."""

    def leave(engine: Any, exit_code: int, messages: list[str]) -> None:
        store, key = _store(args, roots), command_key(args, roots)
        st = engine.state
        finished = st.status in ("done", "need_human") and st.history.report_written
        if args.staged or st.task.settings.judge != "offline" or exit_code not in (0, 1) or not finished or not engine.rendered:
            run_stamp.forget(store, key)
            return
        outputs = [(_abs(path), text) for path, text in engine.rendered]
        stamp = run_stamp.Stamp(run_id=st.task.run_id, outputs=outputs, messages=messages,
                                warnings=list(engine.workspace.decision_problems), exit_code=exit_code)
        run_stamp.write(store, key, _watched(args, roots, engine), started_ns, stamp)

    return leave
