"""The workspace run: one audit loop over every workspace folder, owned by the server.

Loop events become LSP traffic here: findings go to the diagnostics sink file by file
as the loop knows them (streaming, not at the end), phases and counts become a rising
`$/progress` bar and `secretloop/runState` notifications, and cancelling the progress
bar cancels the run (its snapshot is kept and it can resume). Runs are stored with
RunStore, so a server that dies mid-run resumes from the latest snapshot on restart.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Callable, Protocol

from ..loops import events as ev
from ..loops.engine import Engine
from ..loops.runs import RunStore, SnapshotError, new_run
from ..loops.settings import Settings
from ..loops.state import Candidate, RunState
from .client import EditorClient, ProgressHandle
from .diagnostics_store import Ticks
from .progress import RunProgress
from .run_state import METHOD as RUN_STATE_METHOD
from .run_state import run_state_payload

log = logging.getLogger("secretloop.server")

PROGRESS_TITLE = "SecretLoop"


class WorkspaceSink(Protocol):
    """Where a workspace run's results go (the session)."""

    def workspace_file_findings(self, run: "WorkspaceRun", root: str, path: str, findings: list[Candidate]) -> None: ...

    def workspace_run_finished(self, run: "WorkspaceRun") -> None: ...

    def workspace_snapshot(self, run: "WorkspaceRun") -> None: ...


@dataclass
class WorkspaceRun:
    state: RunState
    tick: int  # when its content was read: older than any document scan started later
    engine: Engine | None = None
    task: asyncio.Task[None] | None = None
    progress: ProgressHandle | None = None
    tracker: RunProgress = field(default_factory=RunProgress)

    @property
    def run_id(self) -> str:
        return self.state.task.run_id

    @property
    def active(self) -> bool:
        return self.task is not None and not self.task.done()


def workspace_settings(settings: Settings) -> Settings:
    """The server's run waits for a person at review and when a step raises its hand."""
    return settings.model_copy(update={"wait_for_review": True, "pause_on_notes": True})


class WorkspaceRuns:
    def __init__(
        self,
        client: EditorClient,
        sink: WorkspaceSink,
        ticks: Ticks,
        overlays: Callable[[], dict[str, str]],
    ):
        self._client = client
        self._sink = sink
        self._overlays = overlays  # unsaved buffers at the moment a run starts
        self._ticks = ticks
        self.current: WorkspaceRun | None = None
        self._resume_after_current = False

    # ---- queries ---------------------------------------------------------------------------
    @staticmethod
    def store_for(roots: list[str]) -> RunStore:
        return RunStore(RunStore.default_dir(roots))

    def latest_snapshot(self, roots: list[str]) -> RunState | None:
        """The newest stored run for these roots; a corrupt one is reported and ignored."""
        try:
            state = self.store_for(roots).latest()
        except SnapshotError as err:
            self._client.show_message("warning", f"SecretLoop: {err}")
            return None
        if state is not None and sorted(state.task.roots) != sorted(roots):
            return None
        return state

    # ---- starting, resuming, cancelling ------------------------------------------------------
    def start(self, roots: list[str], settings: Settings) -> RunState:
        """A new run over `roots`; an active run is cancelled (its snapshot stays resumable).

        The old run stops after its current round; until then its late results lose to the
        new run's (older tick) and it no longer speaks for the status bar.
        """
        self.cancel()
        state = new_run(roots=roots, settings=workspace_settings(settings))
        return self._launch(WorkspaceRun(state=state, tick=self._ticks.next()))

    def adopt(self, state: RunState) -> WorkspaceRun:
        """Take a stored run as the current one without running it (for showRun and resumeRun)."""
        run = WorkspaceRun(state=state, tick=self._ticks.next())
        self.current = run
        self._notify(run)
        return run

    def resume(self, roots: list[str]) -> RunState | None:
        """Resume the current (or latest stored) run; None when there is nothing to resume."""
        run = self.current
        if run is not None and run.active:
            # It reads the decisions file at its review round; make sure a late decision is seen.
            self._resume_after_current = True
            return run.state
        if run is None:
            state = self.latest_snapshot(roots)
            if state is None:
                return None
            run = WorkspaceRun(state=state, tick=self._ticks.next())
            # What the stored run already knew is shown at once: its events are not sent again.
            self._sink.workspace_snapshot(run)
        return self._launch(run)

    def cancel(self) -> bool:
        """Ask the current run to stop after its current round."""
        run = self.current
        if run is None or not run.active or run.engine is None:
            return False
        run.engine.cancel()
        return True

    async def stop(self, grace_seconds: float) -> None:
        """Cancel and give the current round a moment to end; its last snapshot is resumable either way."""
        run = self.current
        if self.cancel() and run is not None and run.task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(run.task), grace_seconds)
            except asyncio.TimeoutError:
                log.info("run %s still in a round at shutdown; it resumes from its last snapshot", run.run_id)

    # ---- driving -----------------------------------------------------------------------
    def _launch(self, run: WorkspaceRun) -> RunState:
        self._resume_after_current = False
        run.engine = Engine(
            run.state,
            store=self.store_for(run.state.task.roots),
            subscribers=[lambda event: self._on_event(run, event)],
            overlays=self._overlays(),
        )
        run.tracker = RunProgress(run.state.working.phase)
        self.current = run
        # The task exists from here on: a second resume while the progress bar is being created
        # sees an active run and never starts a second engine on the same state.
        run.task = asyncio.create_task(self._drive(run, run.engine))
        return run.state

    async def _drive(self, run: WorkspaceRun, engine: Engine) -> None:
        run.progress = await self._client.begin_progress(PROGRESS_TITLE, run.tracker.start(), on_cancel=engine.cancel)
        self._notify(run)
        try:
            await engine.run()
        except Exception as err:  # a loop bug must not take the editor's server down
            log.exception("workspace run %s failed", run.run_id)
            run.state.status = "failed"
            run.state.status_reason = f"internal error: {type(err).__name__}"
            if run.progress is not None:
                run.progress.end(f"failed: {type(err).__name__}")
            self._client.show_message("error", f"SecretLoop: the workspace scan stopped with an internal error ({type(err).__name__}); see the log")
            self._notify(run)
        if run is self.current and run.state.status == "need_human" and self._resume_after_current:
            self._resume_after_current = False
            self._launch(run)

    def _notify(self, run: WorkspaceRun) -> None:
        self._client.notify(RUN_STATE_METHOD, run_state_payload(run.state))

    def _on_event(self, run: WorkspaceRun, event: ev.Event) -> None:
        if isinstance(event, ev.FileFindings):
            self._sink.workspace_file_findings(run, event.root, event.path, list(event.findings))
            return
        if run is not self.current:  # a replaced run winding down: close its progress bar, say nothing else
            if isinstance(event, ev.RunFinished) and run.progress is not None:
                run.progress.end(event.status)
            return
        if isinstance(event, (ev.PhaseStarted, ev.Progress)):
            update = run.tracker.on_event(event)
            if update is not None and run.progress is not None:
                run.progress.report(update)
            self._notify(run)
        elif isinstance(event, ev.NeedHuman):
            self._notify(run)
            if event.notes:
                notes = "; ".join(n.text for n in event.notes[:3])
                self._client.show_message("warning", f"SecretLoop paused: {event.reason}. {notes}. Run 'SecretLoop: resume run' to go on.")
            else:
                self._client.show_message(
                    "info", f"SecretLoop: {event.reason}. Use the quick fixes on the warnings: confirm or dismiss each."
                )
        elif isinstance(event, ev.Message):
            self._client.show_message(event.level, f"SecretLoop: {event.text}")
        elif isinstance(event, ev.RunFinished):
            if run.progress is not None:
                run.progress.end(f"{event.status}: {event.reason}" if event.reason else event.status)
            self._notify(run)
            self._sink.workspace_run_finished(run)
