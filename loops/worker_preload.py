"""Imported by the scan workers' fork server, before it forks any worker: the packaged rules,
validated and compiled once. Each worker then starts with them in memory it shares with the
fork server (copy-on-write) instead of compiling all of them itself, which cost every worker
tens of milliseconds of the cold scan and its own copy of every compiled pattern. A worker
whose host uses other rules (a custom rules file) still builds its own from the data sent."""

from __future__ import annotations

import gc
import logging

from .detect import Detector
from .rules.catalogue import Catalogue, CatalogueError, load_catalogue

log = logging.getLogger("secretloop.worker_preload")

PACKAGED: Catalogue | None
try:
    PACKAGED = load_catalogue()
except CatalogueError as err:  # a broken package: workers build from the host's data instead
    log.warning("packaged rules not preloaded: %s", err)
    PACKAGED = None

DETECTOR: Detector | None = None
if PACKAGED is not None:
    DETECTOR = Detector(PACKAGED)
    DETECTOR.compile_all()  # rules otherwise compile on first use, in each worker separately

# What exists now is shared with every worker forked from here: keep the collector from
# touching (and so copying) those pages.
gc.collect()
gc.freeze()


def packaged_for(digest: str, source: str) -> Detector | None:
    """The preloaded rules' detector when they are the ones the host asks for, else None."""
    if DETECTOR is not None and PACKAGED is not None and PACKAGED.digest == digest and PACKAGED.source == source:
        return DETECTOR
    return None
