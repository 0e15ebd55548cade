"""The `secretloop/runState` notification: a run's state in a shape a status bar can show."""

from __future__ import annotations

from typing import Any

from ..loops.state import RunState

METHOD = "secretloop/runState"


def run_state_payload(state: RunState) -> dict[str, Any]:
    counts = state.counts()
    return {
        "runId": state.task.run_id,
        "phase": state.working.phase,
        "status": state.status,
        "filesTotal": len(state.files),
        "filesDone": sum(state.processed),
        "findings": counts["confirmed"] + counts["uncertain"] + counts["pending"],
        "pending": counts["pending"],
    }


def run_summary(state: RunState) -> dict[str, Any]:
    """What `secretloop.showRun` returns: the notification's fields plus the counts and why it stopped."""
    out = run_state_payload(state)
    out.update(
        {
            "statusReason": state.status_reason,
            "counts": state.counts(),
            "filesSkipped": len(state.skipped),
            "rounds": state.history.rounds,
            "judgeCalls": state.history.judge_calls,
            "failures": len(state.failures.entries),
            "roots": list(state.task.roots),
        }
    )
    return out


def summary_text(state: RunState) -> str:
    c = state.counts()
    return (
        f"SecretLoop run {state.task.run_id}: {state.status} ({state.working.phase}); "
        f"{sum(state.processed)}/{len(state.files)} files; {c['confirmed']} confirmed, "
        f"{c['pending'] + c['uncertain']} waiting, {c['dismissed']} dismissed"
        + (f"; {state.status_reason}" if state.status_reason else "")
    )
