"""Imported by the scan workers' fork server, before it forks any worker: the packaged rules,
validated and compiled once. Each worker then starts with them in memory it shares with the
fork server (copy-on-write) instead of compiling all of them itself, which cost every worker
tens of milliseconds of the cold scan and its own copy of every compiled pattern. A worker
whose host uses other rules (a custom rules file) still builds its own from the data sent."""

from __future__ import annotations

import gc
import logging

from .rules.catalogue import Catalogue, CatalogueError, load_catalogue

log = logging.getLogger("secretloop.worker_preload")

PACKAGED: Catalogue | None
try:
    PACKAGED = load_catalogue()
except CatalogueError as err:  # a broken package: workers build from the host's data instead
    log.warning("packaged rules not preloaded: %s", err)
    PACKAGED = None

# What exists now is shared with every worker forked from here: keep the collector from
# touching (and so copying) those pages.
gc.collect()
gc.freeze()


def packaged_for(digest: str, source: str) -> Catalogue | None:
    """The preloaded catalogue when it is the one the host asks for, else None."""
    if PACKAGED is not None and PACKAGED.digest == digest and PACKAGED.source == source:
        return PACKAGED
    return None
