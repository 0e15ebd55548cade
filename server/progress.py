"""Loop events → one rising percentage and a short message for `$/progress`.

Each phase owns a slice of 0–100 (scan, which reads every file, the largest); inside a
slice the loop's own done/total counts place the bar. The percentage never goes down,
even when a later phase reports fewer items than an earlier one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..loops import events as ev
from ..loops.state import Phase

PHASE_SPAN: dict[str, tuple[int, int]] = {
    "discover": (0, 5),
    "scan": (5, 80),
    "filter": (80, 85),
    "triage": (85, 95),
    "review": (95, 98),
    "report": (98, 100),
}


@dataclass(frozen=True)
class ProgressUpdate:
    message: str
    percentage: int


class RunProgress:
    def __init__(self, phase: Phase = "discover"):
        self.percentage = PHASE_SPAN[phase][0]
        self.message = str(phase)

    def start(self) -> ProgressUpdate:
        return ProgressUpdate(self.message, self.percentage)

    def on_event(self, event: ev.Event) -> ProgressUpdate | None:
        """The update to report for `event`, or None when nothing visible changed."""
        if isinstance(event, ev.PhaseStarted):
            return self._update(PHASE_SPAN[event.phase][0], event.phase)
        if isinstance(event, ev.Progress):
            low, high = PHASE_SPAN[event.phase]
            share = event.done / event.total if event.total > 0 else 1.0
            return self._update(low + int((high - low) * min(1.0, share)), event.message)
        return None

    def _update(self, percentage: int, message: str) -> ProgressUpdate | None:
        rising = percentage > self.percentage
        if not rising and message == self.message:
            return None
        self.percentage = max(self.percentage, percentage)
        self.message = message
        return ProgressUpdate(message, self.percentage)
