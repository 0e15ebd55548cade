"""A one-line progress display on stderr, only when stderr is a terminal."""

from __future__ import annotations

import sys
from typing import TextIO

from secretloop.loops import events as ev


class ProgressLine:
    event_kinds = frozenset({"message", "progress", "phase_started", "run_finished"})  # what __call__ handles

    def __init__(self, stream: TextIO | None = None):
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()
        self._last = ""
        self.said: list[str] = []  # the messages, as printed (a replayed run prints them again)

    def __call__(self, event: ev.Event) -> None:
        if isinstance(event, ev.Message):
            self._clear()
            self.said.append(f"secretloop: {event.level}: {event.text}")
            print(self.said[-1], file=self.stream)
            return
        if not self.enabled:
            return
        if isinstance(event, ev.Progress):
            self._show(event.message)
        elif isinstance(event, ev.PhaseStarted):
            self._show(event.phase + "…")
        elif isinstance(event, ev.RunFinished):
            self._clear()

    def _show(self, text: str) -> None:
        text = text[:70]
        self.stream.write("\r" + text.ljust(len(self._last)))
        self.stream.flush()
        self._last = text

    def _clear(self) -> None:
        if self.enabled and self._last:
            self.stream.write("\r" + " " * len(self._last) + "\r")
            self.stream.flush()
            self._last = ""
