"""The engine's access to the workspace: list files, read and scan one, look up decisions.

Each phase gets only the slice of this it needs (see engine._tools). Unsaved editor
buffers (overlays) are read instead of the disk; they never enter the state.
"""

from __future__ import annotations

import hashlib
import os

from .decisions import DecisionsStore
from .discovery import Unreadable as DiscoveryUnreadable
from .discovery import discover, read_text_and_hash
from .phases.scan import Unreadable
from .rules.catalogue import Catalogue
from .scanner import Scanner
from .state import Candidate, FileEntry, SkippedFile, Task


class Workspace:
    def __init__(self, task: Task, catalogue: Catalogue, overlays: dict[str, str]):
        self.task = task
        self.settings = task.settings
        self.scanner = Scanner(catalogue, context_lines=self.settings.context_lines)
        self.overlays = {os.path.abspath(k): v for k, v in overlays.items()}
        self._decisions: dict[int, dict[str, tuple[str, str]]] = {}
        self.decision_problems: list[str] = []

    # discover
    def list_files(self) -> tuple[list[FileEntry], list[SkippedFile]]:
        return discover(self.task.roots, self.settings, self.task.only_paths)

    # scan
    def batch_size(self, total: int) -> int:
        # Fewer, larger rounds on big workspaces: each round costs a snapshot.
        return max(self.settings.scan_batch_files, total // 40)

    def abs_path(self, entry: FileEntry) -> str:
        root = self.task.roots[entry.root]
        if os.path.isfile(root):
            return root
        return os.path.join(root, *entry.path.split("/"))

    def scan_file(self, entry: FileEntry) -> tuple[str, int, list[Candidate], bool]:
        path = self.abs_path(entry)
        if path in self.overlays:
            text = self.overlays[path]
            data = text.encode("utf-8", "surrogatepass")
            sha = hashlib.sha256(data).hexdigest()
            size = len(data)
        else:
            try:
                text, sha = read_text_and_hash(path, self.settings.max_file_size)
            except DiscoveryUnreadable as err:
                raise Unreadable(str(err)) from None
            size = len(text)
        return sha, size, self.scanner.scan_text(text, entry.root, entry.path), False

    # decisions (filter and review)
    def decisions_path(self, root: int) -> str:
        base = self.task.roots[root]
        if os.path.isfile(base):
            base = os.path.dirname(base)
        return os.path.join(base, self.settings.decisions_file)

    def reload_decisions(self) -> None:
        self._decisions.clear()

    def decision_for(self, root: int, fp: str) -> tuple[str, str] | None:
        if root not in self._decisions:
            store = DecisionsStore(self.decisions_path(root))
            loaded = store.load()
            self.decision_problems.extend(getattr(store, "problems", []))
            self._decisions[root] = {k: (d.decision, d.reason) for k, d in loaded.items()}
        return self._decisions[root].get(fp)

    # the send_values opt-in only: re-read the value where the candidate says it is
    def value_of(self, c: Candidate) -> str | None:
        entry = FileEntry(root=c.root, path=c.path, size=0)
        path = self.abs_path(entry)
        try:
            text = self.overlays.get(path) or read_text_and_hash(path, self.settings.max_file_size)[0]
        except DiscoveryUnreadable:
            return None
        lines = text.split("\n")
        if c.end_line > len(lines):
            return None
        if c.start_line == c.end_line:
            return lines[c.start_line - 1][c.start_col : c.end_col]
        parts = [lines[c.start_line - 1][c.start_col :], *lines[c.start_line : c.end_line - 1], lines[c.end_line - 1][: c.end_col]]
        return "\n".join(parts)
