"""Document scans: the loop over one file, reading the editor's buffer instead of the disk.

Each scan is its own small run (`only_paths` = that file, the buffer as an overlay) and
is not stored: it must never replace the workspace run's snapshot. It does not wait for
a person: what the judge cannot settle is shown as pending, and review happens through
the code actions. A newer scan of the same document cancels the older one, and the
diagnostics store drops the older one's result if it still arrives.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Protocol

from ..loops.engine import Engine
from ..loops.runs import RunStore, new_run
from ..loops.settings import Settings
from ..loops.state import Candidate, RunState
from .diagnostics_store import Ticks
from .paths import Located

log = logging.getLogger("secretloop.server")


class DocumentSink(Protocol):
    def document_findings(self, uri: str, root: str, findings: list[Candidate], tick: int, version: int | None, run_id: str) -> None: ...


@dataclass
class _InFlight:
    tick: int
    engine: Engine


def classified(state: RunState) -> bool:
    """Every file was read and every finding has a status: what the file shows is known."""
    return sum(state.processed) == len(state.files) and all(c.status != "candidate" for c in state.candidates)


def document_settings(settings: Settings) -> Settings:
    """A document scan reports what waits for a person instead of stopping for one."""
    return settings.model_copy(update={"wait_for_review": False, "pause_on_notes": False})


class DocumentScans:
    def __init__(self, sink: DocumentSink, ticks: Ticks):
        self._sink = sink
        self._ticks = ticks
        self._inflight: dict[str, _InFlight] = {}

    def cancel(self, key: str) -> None:
        current = self._inflight.pop(key, None)
        if current is not None:
            current.engine.cancel()

    def cancel_all(self) -> None:
        for key in list(self._inflight):
            self.cancel(key)

    async def scan(self, uri: str, where: Located, text: str | None, version: int | None, settings: Settings) -> RunState | None:
        """Scan one file (`text`: the unsaved buffer, None: the file on disk); None when superseded."""
        self.cancel(where.abs_path)  # a newer scan of the same document replaces the older one
        tick = self._ticks.next()
        state = new_run(roots=[where.root], settings=document_settings(settings), only_paths=[[where.relpath]])
        engine = Engine(
            state,
            store=None,
            overlays={where.abs_path: text} if text is not None else None,
            # a model is never asked twice about the same value, also across document scans
            verdict_cache_dir=RunStore.default_dir([where.root]),
        )
        mine = _InFlight(tick=tick, engine=engine)
        self._inflight[where.abs_path] = mine
        try:
            final = await engine.run()
        finally:
            if self._inflight.get(where.abs_path) is mine:
                del self._inflight[where.abs_path]
        if final.status == "cancelled":
            return None
        if final.status == "failed":  # e.g. the file vanished between the event and the scan
            log.warning("document scan of %s failed: %s", where.relpath, final.status_reason)
            if not classified(final):
                return final
        self._sink.document_findings(uri, where.root, list(final.candidates), tick, version, final.task.run_id)
        return final
