"""The worker pool: the same candidates as a serial scan, and no scan lost when a worker dies."""

from __future__ import annotations

import os
import random
import signal
import string
import sys
import threading
from pathlib import Path

import pytest

from secretloop.loops import parallel_scan, workspace
from secretloop.loops.engine import Engine
from secretloop.loops.parallel_scan import FileJob, ScanPool, chunks, scan_job, wants_pool
from secretloop.loops.rules.catalogue import load_catalogue, parse_catalogue
from secretloop.loops.runs import RunStore, new_run
from secretloop.loops.scanner import Scanner
from secretloop.loops.settings import Settings
from tests.support.tokens import aws_access_key_id, github_pat, random_password

MAX_SIZE = 2 * 1024 * 1024
FILES = 260  # above parallel_scan.SMALL_FILES: a workspace scan uses the pool


def generated_workspace(root: Path, files: int = FILES, seed: int = 5) -> dict[str, str]:
    """Code-like files, every seventh with a planted synthetic secret, plus one file that
    passes discovery's sniff but cannot be decoded (so the scan itself skips it)."""
    rng = random.Random(seed)
    planted: dict[str, str] = {}
    for i in range(files):
        folder = root / f"pkg{i % 9}"
        folder.mkdir(exist_ok=True)
        lines = [f"def f{j}(x):\n    return x * {rng.randint(1, 99)}  # {''.join(rng.choice(string.ascii_lowercase) for _ in range(30))}" for j in range(rng.randint(5, 80))]
        if i % 7 == 0:
            value = [github_pat(seed=i), aws_access_key_id(seed=i), random_password(seed=i)][i % 3]
            planted[f"pkg{i % 9}/m{i}.py"] = value
            name = ["GITHUB_TOKEN", "AWS_ACCESS_KEY_ID", "db_password"][i % 3]
            lines.insert(rng.randint(0, len(lines)), f'{name} = "{value}"')
        (folder / f"m{i}.py").write_text("\n".join(lines) + "\n")
    # text for the first 12 KB (past discovery's 8 KB sniff), then control and non-UTF-8 bytes
    (root / "late_binary.txt").write_bytes(b"x = 1\n" * 2000 + (bytes(range(1, 9)) + b"\xff\xfe") * 400)
    return planted


def candidates(state) -> list[tuple]:
    return sorted(
        (c.id, c.rule_id, c.fingerprint, c.preview, c.path, c.start_line, c.start_col, c.end_line, c.end_col,
         tuple(c.context), c.features.model_dump_json())
        for c in state.candidates
    )


class PoolSpy:
    def __init__(self, monkeypatch):
        self.created = 0
        original = ScanPool.__init__

        def init(pool, *args, **kwargs):
            self.created += 1
            original(pool, *args, **kwargs)

        monkeypatch.setattr(ScanPool, "__init__", init)


async def run_scan(root: Path) -> object:
    state = new_run([str(root)], Settings())
    return await Engine(state).run()


async def test_parallel_scan_finds_what_the_serial_scan_finds(tmp_path, monkeypatch):
    planted = generated_workspace(tmp_path)
    spy = PoolSpy(monkeypatch)
    parallel = await run_scan(tmp_path)
    assert spy.created == 1

    monkeypatch.setattr(workspace, "wants_pool", lambda sizes: False)
    serial = await run_scan(tmp_path)
    assert spy.created == 1  # the serial run started no pool

    assert parallel.status == serial.status
    assert candidates(parallel) == candidates(serial)
    assert {c.path for c in parallel.candidates} >= set(planted)
    assert [(f.path, f.sha256) for f in parallel.files] == [(f.path, f.sha256) for f in serial.files]
    assert all(parallel.processed) and parallel.history.files_scanned == serial.history.files_scanned
    assert [(s.path, s.reason) for s in parallel.skipped] == [(s.path, s.reason) for s in serial.skipped]
    assert any(s.path == "late_binary.txt" and s.phase == "scan" for s in parallel.skipped)


async def test_a_small_workspace_is_scanned_in_process(tmp_path, monkeypatch):
    generated_workspace(tmp_path, files=12)
    spy = PoolSpy(monkeypatch)
    state = await run_scan(tmp_path)
    assert spy.created == 0
    assert state.history.files_scanned == 12  # 13 listed, the late binary one skipped


def jobs_for(root: Path) -> list[FileJob]:
    paths = sorted(p for p in root.rglob("*") if p.is_file())
    return [FileJob(index=i, root=0, path=p.relative_to(root).as_posix(), abs_path=str(p), size=p.stat().st_size) for i, p in enumerate(paths)]


# Both ways of starting workers on Linux: forked from a host with one thread (the CLI), or
# from the fork server (a host with other threads: the language server).
START_METHODS = ["fork", "forkserver"] if sys.platform.startswith("linux") else ["spawn"]


@pytest.fixture(params=START_METHODS)
def start_method(request, monkeypatch) -> str:
    monkeypatch.setattr(parallel_scan, "_start_method", lambda: request.param)
    return request.param


def test_pool_outcomes_equal_in_process_outcomes_with_lookahead(tmp_path, start_method):
    generated_workspace(tmp_path, files=40)
    jobs = jobs_for(tmp_path)
    scanner = Scanner(load_catalogue())
    expected = [scan_job(scanner, j, MAX_SIZE) for j in jobs]
    pool = ScanPool(scanner, MAX_SIZE)
    try:
        first, second, third = jobs[:15], jobs[15:30], jobs[30:]
        got = pool.scan(first, second) + pool.scan(second, third) + pool.scan(third)
        # an index whose lookahead job was for another file: the stale outcome is not used
        moved = FileJob(index=jobs[0].index + 1000, root=0, path=jobs[1].path, abs_path=jobs[1].abs_path, size=jobs[1].size)
        pool.scan([jobs[0]], [FileJob(index=moved.index, root=0, path=jobs[2].path, abs_path=jobs[2].abs_path, size=jobs[2].size)])
        (again,) = pool.scan([moved])
    finally:
        pool.close()
    assert [(o.index, o.sha256, o.size, o.unreadable, [c.id for c in o.candidates]) for o in got] == \
           [(o.index, o.sha256, o.size, o.unreadable, [c.id for c in o.candidates]) for o in expected]
    assert again.sha256 == expected[1].sha256


def test_a_dead_worker_does_not_lose_files(tmp_path, start_method):
    generated_workspace(tmp_path, files=40)
    jobs = jobs_for(tmp_path)
    scanner = Scanner(load_catalogue())
    expected = [(o.index, o.sha256, [c.id for c in o.candidates]) for o in (scan_job(scanner, j, MAX_SIZE) for j in jobs)]
    pool = ScanPool(scanner, MAX_SIZE)
    try:
        first = pool.scan(jobs[:10])
        for pid in list(pool._executor._processes):  # the test reaches in to kill the workers
            os.kill(pid, signal.SIGKILL)
        rest = pool.scan(jobs[10:])
        assert pool.broken and "in-process" in pool.broken
    finally:
        pool.close()
    assert [(o.index, o.sha256, [c.id for c in o.candidates]) for o in first + rest] == expected


def test_spawned_workers_rebuild_the_catalogue(tmp_path, monkeypatch):
    generated_workspace(tmp_path, files=15)
    jobs = jobs_for(tmp_path)
    scanner = Scanner(load_catalogue())
    monkeypatch.setattr(parallel_scan, "_start_method", lambda: "spawn")
    pool = ScanPool(scanner, MAX_SIZE)
    try:
        got = pool.scan(jobs)
    finally:
        pool.close()
    assert [[c.id for c in o.candidates] for o in got] == [[c.id for c in scan_job(scanner, j, MAX_SIZE).candidates] for j in jobs]
    assert sum(len(o.candidates) for o in got) >= 2


def _worker_catalogue(_: int) -> tuple[bool, str]:
    """Run in a worker: (whether it scans with the fork server's preloaded rules, their digest)."""
    preload = sys.modules.get("secretloop.loops.worker_preload")
    scanner = parallel_scan._worker_scanner
    shared = preload is not None and scanner.catalogue is preload.PACKAGED and scanner.detector is preload.DETECTOR
    return shared, scanner.catalogue.digest


def _custom_catalogue():
    text = (Path(__file__).resolve().parents[2] / "loops" / "rules" / "rules.toml").read_text(encoding="utf-8")
    return parse_catalogue(text + "\n# a custom rules file: another digest\n", source="custom.toml")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a fork server is used on Linux only")
def test_fork_server_workers_share_the_preloaded_rules_only_when_they_are_the_hosts(monkeypatch):
    monkeypatch.setattr(parallel_scan, "_start_method", lambda: "forkserver")
    packaged, custom = load_catalogue(), _custom_catalogue()
    for catalogue, preloaded in ((packaged, True), (custom, False)):
        pool = ScanPool(Scanner(catalogue), MAX_SIZE)
        try:
            answers = list(pool._executor.map(_worker_catalogue, range(4), chunksize=1))
        finally:
            pool.close()
        assert answers == [(preloaded, catalogue.digest)] * 4


def _worker_inherited() -> tuple[bool, str, bool]:
    """Run in a worker: (whether it scans with the host's own scanner, its digest, split off)."""
    scanner = parallel_scan._worker_scanner
    return scanner is parallel_scan._host_scanner, scanner.catalogue.digest, scanner.detector.split


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks its host on Linux only")
def test_forked_workers_scan_with_the_hosts_scanner(monkeypatch):
    monkeypatch.setattr(parallel_scan, "_start_method", lambda: "fork")
    for catalogue in (load_catalogue(), _custom_catalogue()):
        scanner = Scanner(catalogue)
        pool = ScanPool(scanner, MAX_SIZE)
        try:
            answers = [pool._executor.submit(_worker_inherited).result() for _ in range(4)]
        finally:
            pool.close()
        assert answers == [(True, catalogue.digest, False)] * 4
        assert scanner.detector.split  # only the workers' copies stop splitting


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks its host on Linux only")
def test_a_host_forks_its_workers_only_while_it_has_one_thread():
    import subprocess

    probe = "from secretloop.loops import parallel_scan as p; print(p._start_method())"
    alone = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[2])
    assert alone.stdout.strip() == "fork"
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert parallel_scan._start_method() == "forkserver"
        assert not parallel_scan.forks_host()
    finally:
        release.set()
        other.join()


class ForkingHost:
    """Runs of the engine as if this test process were a host with one thread: where the pool
    starts (discovery or scan), and how many there were."""

    def __init__(self, monkeypatch):
        self.started_in: list[str] = []
        monkeypatch.setattr(workspace, "forks_host", lambda: True)
        original = workspace.Workspace._start_pool

        def start(ws):
            self.started_in.append("discovery" if ws._use_pool is None and ws._start_early else "scan")
            return original(ws)

        monkeypatch.setattr(workspace.Workspace, "_start_pool", start)


async def test_a_forking_host_starts_its_workers_at_discovery(tmp_path, monkeypatch):
    root = tmp_path / "ws"
    root.mkdir()
    planted = generated_workspace(root)
    host = ForkingHost(monkeypatch)
    store = RunStore(tmp_path / "state")
    cold = await Engine(new_run([str(root)], Settings()), store=store).run()
    assert host.started_in == ["discovery"]
    assert {c.path for c in cold.candidates} >= set(planted)

    # a rescan answers from the content cache: no early start (files written within the
    # cache's mtime granularity may still be verified, on workers started by the scan)
    host.started_in.clear()
    warm = await Engine(new_run([str(root)], Settings()), store=store).run()
    assert "discovery" not in host.started_in
    assert candidates(warm) == candidates(cold)


async def test_workers_started_at_discovery_are_let_go_when_the_scan_does_not_want_them(tmp_path, monkeypatch):
    generated_workspace(tmp_path)
    host = ForkingHost(monkeypatch)
    closed: list[int] = []
    original_close = ScanPool.close
    monkeypatch.setattr(ScanPool, "close", lambda pool: (closed.append(1), original_close(pool))[1])
    # the first batch's count says no (as when most files turn out to be answered elsewhere)
    answers = iter([True])
    monkeypatch.setattr(workspace, "wants_pool", lambda sizes: next(answers, False))
    early = await run_scan(tmp_path)
    assert host.started_in == ["discovery"] and closed
    monkeypatch.setattr(workspace, "wants_pool", lambda sizes: False)
    serial = await run_scan(tmp_path)
    assert candidates(early) == candidates(serial)


def test_chunks_bound_bytes_and_files():
    jobs = [FileJob(index=i, root=0, path=f"f{i}", abs_path=f"/f{i}", size=s) for i, s in enumerate([100, 200, 10_000, 5, 5, 5])]
    assert [[j.index for j in c] for c in chunks(jobs, max_bytes=1_000, max_files=2)] == [[0, 1], [2], [3, 4], [5]]
    assert chunks([]) == []


@pytest.mark.parametrize(("sizes", "expected"), [([10] * 5, False), ([10] * 300, True), ([3 * 1024 * 1024], True)])
def test_wants_pool_for_many_files_or_many_bytes(sizes, expected, monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert wants_pool(sizes) is expected
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert wants_pool(sizes) is False


HOST_SCRIPT = """
import sys, time
from secretloop.loops import parallel_scan
from secretloop.loops.parallel_scan import FileJob, ScanPool
parallel_scan._start_method = lambda: sys.argv[2]
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.scanner import Scanner
if __name__ == "__main__":
    pool = ScanPool(Scanner(load_catalogue()), 1 << 20)
    pool.scan([FileJob(index=0, root=0, path="x.py", abs_path=sys.argv[1], size=10)])
    print(" ".join(str(pid) for pid in pool._executor._processes), flush=True)
    time.sleep(600)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as f:
            return "\nState:\tZ" not in f.read()
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc to see the workers")
@pytest.mark.parametrize("method", START_METHODS)
def test_workers_end_when_their_host_is_killed(tmp_path, method):
    """A host killed without closing its pool must not leave workers behind (they would hold
    its standard output open, and never exit)."""
    import subprocess
    import sys
    import time

    script, target = tmp_path / "host.py", tmp_path / "x.py"
    script.write_text(HOST_SCRIPT)
    target.write_text("x = 1\n")
    host = subprocess.Popen([sys.executable, str(script), str(target), method], stdout=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    try:
        workers = [int(p) for p in host.stdout.readline().split()]
        assert workers and all(_alive(p) for p in workers)
    finally:
        host.kill()
        host.wait()
    deadline = time.monotonic() + 30  # a hang guard: they go within about a second
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(p) for p in workers)
