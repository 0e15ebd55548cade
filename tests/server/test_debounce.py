"""Debounce keyed by URI: a burst runs once with its last action; other keys are independent."""

from __future__ import annotations

import asyncio

from secretloop.server.debounce import Debouncer


async def test_a_burst_runs_only_the_last_action_and_keys_are_independent():
    d = Debouncer()
    ran: list[str] = []
    done = asyncio.Event()

    def action(label: str):
        async def run() -> None:
            ran.append(label)
            if len(ran) == 2:
                done.set()

        return run

    for i in range(5):
        d.schedule("file:///a.py", 0.01, action(f"a{i}"))
    d.schedule("file:///b.py", 0.01, action("b"))
    await asyncio.wait_for(done.wait(), 10)
    assert sorted(ran) == ["a4", "b"]
    assert not d.pending("file:///a.py")


async def test_cancel_drops_the_pending_action():
    d = Debouncer()
    ran: list[str] = []

    async def never() -> None:
        ran.append("x")

    d.schedule("k", 0.01, never)
    assert d.pending("k")
    d.cancel("k")
    assert not d.pending("k")
    await asyncio.sleep(0.05)
    assert ran == []
