"""The server's state for one editor connection, and what each LSP event does with it.

Hooks here are called by register.py (the only module that sees pygls decorators); they
take plain values and talk to the editor only through EditorClient. The session ties the
pieces together: settings, the diagnostics store and its publisher, the workspace run,
document scans, review and code actions.
"""

from __future__ import annotations

import os
from collections import defaultdict
from typing import Any, Literal, Sequence

from lsprotocol import types

from ..loops.rules.catalogue import CatalogueError, load_catalogue
from ..loops.state import Candidate, RunState
from .client import EditorClient
from .code_actions import actions_for
from .debounce import Debouncer
from .diagnostics import SOURCE, DiagnosticStyle
from .diagnostics_store import DiagnosticsStore, Ticks
from .document_scans import DocumentScans
from .finding_lookup import find_finding, findings_in_range, fingerprint_from_data
from .paths import document_key, locate, path_to_uri, uri_to_path
from .publisher import Publisher
from .review import ReviewError, parse_argument, record_decision
from .run_state import run_summary, summary_text
from .settings import (
    SECTION,
    ServerConfig,
    merge_layers,
    parse_editor_settings,
    settings_from_initialization_options,
    settings_from_pushed,
)
from .workspace_runs import WorkspaceRun, WorkspaceRuns

WATCH_GLOBS = ["**/*"]
WATCHED_CHANGE_DELAY_SECONDS = 0.3  # file watchers fire in bursts (git checkout, formatters)
VCS_DIRS = frozenset({".git", ".hg", ".svn"})
SHUTDOWN_GRACE_SECONDS = 3.0  # a judge call in flight is not waited for: the run resumes from its snapshot

ChangeKind = Literal["created", "changed", "deleted"]


def rule_title(rule_id: str) -> str:
    try:
        rule = load_catalogue().get(rule_id)
    except CatalogueError:
        rule = None
    return rule.title if rule is not None else rule_id


def _under(path: str, roots: Sequence[str]) -> bool:
    return any(path == r or path.startswith(r.rstrip(os.sep) + os.sep) for r in roots)


class Session:
    def __init__(self, client: EditorClient):
        self.client = client
        self.config = ServerConfig()
        self._initial_settings: dict[str, Any] = {}
        self._pushed_settings: dict[str, Any] | None = None
        self._shown_problems: list[str] = []
        self.store = DiagnosticsStore()
        self.ticks = Ticks()
        self.debounce = Debouncer()
        self.publisher = Publisher(client, self._style, rule_title)
        self.runs = WorkspaceRuns(client, self, self.ticks, overlays=self._overlays)
        self.documents = DocumentScans(self, self.ticks)
        self._open: dict[str, str] = {}  # document key -> URI as the client spells it

    # ---- helpers ------------------------------------------------------------------------
    def _style(self) -> DiagnosticStyle:
        return DiagnosticStyle(severity=self.config.options.severity, data_support=self.client.supports_diagnostic_data)

    def _overlays(self) -> dict[str, str]:
        """Unsaved buffers by absolute path: a workspace run reads these instead of the disk."""
        out = {}
        for uri, (text, _version) in self.client.open_documents().items():
            path = uri_to_path(uri)
            if path is not None:
                out[path] = text
        return out

    def roots(self) -> list[str]:
        return self.client.workspace_roots()

    # ---- settings -------------------------------------------------------------------------
    def initialize(self, initialization_options: Any) -> None:
        self._initial_settings = settings_from_initialization_options(initialization_options)
        self.config = parse_editor_settings(merge_layers(self._initial_settings))

    async def load_configuration(self, pushed: Any = None) -> tuple[bool, bool]:
        """Re-read settings from every layer; returns (loop settings changed, display changed)."""
        if pushed is not None:
            self._pushed_settings = settings_from_pushed(pushed)
        layers: list[dict[str, Any] | None] = [self._initial_settings]
        fetched = await self.client.fetch_configuration(SECTION)
        layers.append(fetched if fetched is not None else self._pushed_settings)
        new = parse_editor_settings(merge_layers(*layers))
        old, self.config = self.config, new
        if new.problems and new.problems != self._shown_problems:
            self.client.show_message("warning", "SecretLoop settings: " + "; ".join(new.problems))
        self._shown_problems = new.problems
        return old.loop != new.loop, old.options.severity != new.options.severity

    async def configuration_changed(self, pushed: Any) -> None:
        loop_changed, display_changed = await self.load_configuration(pushed)
        if display_changed:
            for entry in self.store.entries():
                self.publisher.publish(entry)
        if loop_changed and self.roots():
            # Excludes, judge or size limits changed what the workspace shows: scan again.
            self.runs.start(self.roots(), self.config.loop)

    # ---- lifecycle ------------------------------------------------------------------------
    async def initialized(self) -> None:
        await self.load_configuration()
        await self.client.watch_files(WATCH_GLOBS)
        self.start_or_resume()

    def start_or_resume(self) -> None:
        """Restart safety: a run that was cut off or waits for a person continues; else a new one."""
        roots = self.roots()
        if not roots:
            return
        latest = self.runs.latest_snapshot(roots)
        if latest is not None and latest.status in ("running", "need_human"):
            self.runs.resume(roots)
        elif self.config.options.workspace_scan_on_startup:
            self.runs.start(roots, self.config.loop)
        elif latest is not None:
            self.runs.adopt(latest)

    def workspace_folders_changed(self) -> None:
        """Folders added or removed: the workspace run covers the new set."""
        roots = self.roots()
        if roots:
            self.runs.start(roots, self.config.loop)

    async def shutdown(self) -> None:
        self.documents.cancel_all()
        await self.runs.stop(grace_seconds=SHUTDOWN_GRACE_SECONDS)  # the snapshot stays resumable

    # ---- documents ------------------------------------------------------------------------
    async def document_opened(self, uri: str) -> None:
        key = document_key(uri)
        self._open[key] = uri
        entry = self.store.get(key)
        if entry is not None and entry.uri != uri:  # the workspace run spelled this file's URI differently
            self.publisher.clear(entry.uri)
            entry.uri = uri
            self.publisher.publish(entry)
        if self.config.options.scan.on_open:
            await self.scan_open_document(uri)

    def document_changed(self, uri: str) -> None:
        scan = self.config.options.scan
        if scan.on_change:
            self.debounce.schedule(document_key(uri), scan.change_delay_ms / 1000.0, lambda: self.scan_open_document(uri))

    async def document_saved(self, uri: str) -> None:
        self.debounce.cancel(document_key(uri))
        if self.config.options.scan.on_save:
            await self.scan_open_document(uri)

    def document_closed(self, uri: str) -> None:
        key = document_key(uri)
        self.debounce.cancel(key)
        self.documents.cancel(key)
        self._open.pop(key, None)

    async def scan_open_document(self, uri: str) -> RunState | None:
        doc = self.client.document(uri)
        if doc is None:
            return None
        text, version = doc
        return await self._scan_file(uri, text, version)

    async def _scan_file(self, uri: str, text: str | None, version: int | None) -> RunState | None:
        where = locate(uri, self.roots())
        if where is None:
            return None  # untitled buffers and other schemes have no file to scan under
        return await self.documents.scan(uri, where, text, version, self.config.loop)

    def watched_files_changed(self, changes: list[tuple[str, ChangeKind]]) -> None:
        decisions_changed = False
        for uri, kind in changes:
            path = uri_to_path(uri)
            if path is None:
                continue
            if path.endswith(os.path.normpath(self.config.loop.decisions_file)):
                decisions_changed = True
                continue
            if VCS_DIRS.intersection(path.split(os.sep)):
                continue  # version control churn: never scanned anyway
            if kind == "deleted":
                self._forget(path)
            elif path not in self._open:  # an open document's buffer is the truth: didSave covers it
                self.debounce.schedule(path, WATCHED_CHANGE_DELAY_SECONDS, lambda u=uri: self._scan_file(u, None, None))
        if decisions_changed:
            self.decisions_changed()

    def _forget(self, path: str) -> None:
        """A deleted file or folder: its findings disappear."""
        self.debounce.cancel(path)
        self.documents.cancel(path)
        tick = self.ticks.next()
        for entry in self.store.entries():
            if _under(entry.key, [path]) and self.store.drop(entry.key, tick) is not None:
                self.publisher.clear(entry.uri)

    def decisions_changed(self) -> None:
        """The decisions file changed outside the editor (`secretloop review`, a pull): apply it."""
        run = self.runs.current
        if run is not None and (run.active or run.state.status == "need_human"):
            self.runs.resume(self.roots())

    # ---- results from the loop ------------------------------------------------------------
    def workspace_file_findings(self, run: WorkspaceRun, root: str, path: str, findings: list[Candidate]) -> None:
        abs_path = os.path.join(root, *path.split("/"))
        uri = self._open.get(abs_path) or path_to_uri(abs_path)
        entry = self.store.offer(abs_path, uri, root, findings, "workspace", run.tick, run_id=run.run_id)
        if entry is not None:
            self.publisher.publish(entry)

    def workspace_snapshot(self, run: WorkspaceRun) -> None:
        by_file: dict[tuple[int, str], list[Candidate]] = defaultdict(list)
        for c in run.state.candidates:
            by_file[(c.root, c.path)].append(c)
        for (root, path), found in sorted(by_file.items()):
            if all(c.status != "candidate" for c in found):
                self.workspace_file_findings(run, run.state.task.roots[root], path, found)

    def workspace_run_finished(self, run: WorkspaceRun) -> None:
        st = run.state
        if sum(st.processed) != len(st.files) or st.status in ("failed", "cancelled", "budget_exhausted"):
            return  # not every file was read: what older scans showed may still hold
        roots = st.task.roots
        for entry in self.store.entries():
            # Shown by a scan older than this run, under its roots, and not reported by it: gone.
            if entry.tick < run.tick and _under(entry.key, roots) and self.store.drop(entry.key, run.tick) is not None:
                self.publisher.clear(entry.uri)

    def document_findings(self, uri: str, root: str, findings: list[Candidate], tick: int, version: int | None, run_id: str) -> None:
        key = document_key(uri)
        entry = self.store.offer(key, self._open.get(key, uri), root, findings, "document", tick, run_id=run_id, version=version)
        if entry is not None:
            self.publisher.publish(entry)

    # ---- code actions ---------------------------------------------------------------------
    def code_actions(self, uri: str, rng: types.Range, diagnostics: Sequence[types.Diagnostic]) -> list[types.CodeAction]:
        entry = self.store.get(document_key(uri))
        if entry is None:
            return []
        pairs: list[tuple[Candidate, types.Diagnostic]] = []
        ours = [d for d in diagnostics if d.source == SOURCE]
        for d in ours:
            code = d.code if isinstance(d.code, str) else None
            c = find_finding(entry, fingerprint=fingerprint_from_data(d.data), rng=d.range, code=code)
            if c is not None:
                pairs.append((c, d))
        if not ours:
            pairs = findings_in_range(entry, rng)
        lines = self.publisher.lines(entry)
        seen: set[str] = set()
        actions: list[types.CodeAction] = []
        for c, d in pairs:
            if c.id in seen:
                continue
            seen.add(c.id)
            actions.extend(actions_for(entry.uri, c, d, lines, self.client.position_codec))
        return actions

    # ---- commands -------------------------------------------------------------------------
    def scan_workspace(self) -> dict[str, Any]:
        roots = self.roots()
        if not roots:
            self.client.show_message("warning", "SecretLoop: no workspace folder is open; nothing to scan")
            return {"started": False}
        state = self.runs.start(roots, self.config.loop)
        return {"started": True, "runId": state.task.run_id}

    def resume_run(self) -> dict[str, Any]:
        state = self.runs.resume(self.roots())
        if state is None:
            self.client.show_message("info", "SecretLoop: there is no run to resume; use 'scan workspace'")
            return {"resumed": False}
        return {"resumed": True, **run_summary(state)}

    def show_run(self) -> dict[str, Any]:
        run = self.runs.current
        state = run.state if run is not None else self.runs.latest_snapshot(self.roots())
        if state is None:
            self.client.show_message("info", "SecretLoop: no run yet")
            return {}
        self.client.show_message("info", summary_text(state))
        return run_summary(state)

    async def decide(self, argument: Any, verdict: Literal["confirmed", "dismissed"]) -> dict[str, Any]:
        try:
            decided = await record_decision(self.store, parse_argument(argument), verdict, self.config.loop.decisions_file)
        except ReviewError as err:
            self.client.show_message("error", f"SecretLoop: {err}")
            return {"recorded": False, "error": str(err)}
        for entry in decided.changed:
            self.publisher.publish(entry)
        run = self.runs.current
        if run is not None and (run.active or run.state.status == "need_human"):
            self.runs.resume(self.roots())
        return {
            "recorded": True,
            "decision": decided.decision.decision,
            "fingerprint": decided.decision.fingerprint,
            "decisionsFile": decided.decisions_file,
            "runStatus": run.state.status if run is not None else None,
        }
