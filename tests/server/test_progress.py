"""Loop events → one percentage that only rises, with the loop's own messages."""

from __future__ import annotations

from secretloop.loops import events as ev
from secretloop.server.progress import PHASE_SPAN, RunProgress

RUN = "r1"


def test_percentages_rise_through_a_whole_run():
    p = RunProgress()
    seen = [p.start().percentage]
    events = [ev.PhaseStarted(run_id=RUN, phase="discover"), ev.PhaseStarted(run_id=RUN, phase="scan")]
    events += [ev.Progress(run_id=RUN, phase="scan", done=d, total=1200, message=f"scan {d}/1200 files") for d in (64, 340, 1200)]
    events += [ev.PhaseStarted(run_id=RUN, phase="filter"), ev.Progress(run_id=RUN, phase="filter", done=3, total=3, message="filter 3/3 candidates")]
    events += [ev.PhaseStarted(run_id=RUN, phase="triage"), ev.Progress(run_id=RUN, phase="triage", done=1, total=3, message="triage 1/3 candidates")]
    events += [ev.PhaseStarted(run_id=RUN, phase="review"), ev.PhaseStarted(run_id=RUN, phase="report")]
    messages = []
    for e in events:
        u = p.on_event(e)
        if u is not None:
            seen.append(u.percentage)
            messages.append(u.message)
    assert seen == sorted(seen)
    assert seen[-1] == PHASE_SPAN["report"][0]
    assert "scan 340/1200 files" in messages


def test_a_later_phase_with_fewer_items_never_moves_the_bar_back():
    p = RunProgress("scan")
    p.on_event(ev.Progress(run_id=RUN, phase="scan", done=10, total=10, message="scan 10/10 files"))
    top = p.percentage
    u = p.on_event(ev.Progress(run_id=RUN, phase="scan", done=1, total=10, message="scan 1/10 files"))
    assert u is not None and u.percentage == top


def test_nothing_visible_changed_means_no_update():
    p = RunProgress("scan")
    assert p.on_event(ev.Progress(run_id=RUN, phase="scan", done=0, total=0, message="scan 0/0 files")) is not None
    assert p.on_event(ev.Progress(run_id=RUN, phase="scan", done=0, total=0, message="scan 0/0 files")) is None
    assert p.on_event(ev.Message(run_id=RUN, level="info", text="x")) is None


def test_a_resumed_run_starts_at_its_phase():
    assert RunProgress("triage").start().percentage == PHASE_SPAN["triage"][0]
