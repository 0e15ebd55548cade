"""Debounce keyed by URI: typing in one document never delays or drops another's scan."""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

log = logging.getLogger("secretloop.server")


class Debouncer:
    def __init__(self) -> None:
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def schedule(self, key: str, delay_seconds: float, action: Callable[[], Awaitable[None]]) -> None:
        """Run `action` after `delay_seconds` unless `key` is scheduled again first."""
        self.cancel(key)
        loop = asyncio.get_running_loop()
        self._timers[key] = loop.call_later(delay_seconds, self._fire, key, action)

    def cancel(self, key: str) -> None:
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()

    def pending(self, key: str) -> bool:
        return key in self._timers

    def _fire(self, key: str, action: Callable[[], Awaitable[None]]) -> None:
        self._timers.pop(key, None)
        task = asyncio.ensure_future(action())
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("debounced action failed", exc_info=task.exception())
