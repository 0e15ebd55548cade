"""The content cache: a rescan with nothing changed answers from it; any change is seen."""

from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

import pytest

from secretloop.loops import content_cache
from secretloop.loops.content_cache import ContentCache, config_key
from secretloop.loops.discovery import changed_ns
from secretloop.loops.engine import Engine
from secretloop.loops.rules.catalogue import load_catalogue, parse_catalogue
from secretloop.loops.runs import RunStore, new_run
from secretloop.loops.scanner import Scanner
from secretloop.loops.settings import Settings
from tests.support.tokens import github_pat, random_password

PAST = time.time() - 3600  # file times well before any scan: trusted by the cache


def write(path: Path, text: str, mtime: float = PAST) -> None:
    path.write_text(text)
    os.utime(path, (mtime, mtime))


@pytest.fixture(autouse=True)
def settled_files(monkeypatch):
    # The files are written a moment before each scan: their mtimes are set back (PAST) but
    # their ctimes cannot be, so the two-second racy window would leave every entry to be
    # verified by content. The tests of that window put it back.
    monkeypatch.setattr(content_cache, "RACY_SECONDS", 0.0)


@pytest.fixture
def racy_window(monkeypatch):
    monkeypatch.setattr(content_cache, "RACY_SECONDS", 2.0)


@pytest.fixture
def ws(tmp_path: Path) -> dict:
    root = tmp_path / "ws"
    root.mkdir()
    planted = {"token": github_pat(seed=3), "pw": random_password(seed=4)}
    write(root / "app.py", f'GITHUB_TOKEN = "{planted["token"]}"\n')
    write(root / "settings.py", f'db_password = "{planted["pw"]}"\n')
    write(root / "clean.py", "print('hello')\n")
    return {"root": root, "store": RunStore(tmp_path / "state"), "planted": planted}


class ScanCounter:
    """Counts Scanner.scan_text calls (what the cache should spare)."""

    def __init__(self, monkeypatch):
        self.paths: list[str] = []
        original = Scanner.scan_text

        def counting(scanner, text, root, path):
            self.paths.append(path)
            return original(scanner, text, root, path)

        monkeypatch.setattr(Scanner, "scan_text", counting)


async def scan(ws: dict, catalogue=None, **settings):
    state = new_run([str(ws["root"])], Settings(**settings))
    return await Engine(state, store=ws["store"], catalogue=catalogue).run()


def found(state) -> list[tuple]:
    return sorted((c.id, c.rule_id, c.fingerprint, c.preview, c.start_line, c.start_col, c.end_col, tuple(c.context)) for c in state.candidates)


def cache_files(ws: dict) -> list[Path]:
    return sorted((ws["store"].dir / "content-cache").glob("*.json"))


async def test_rescan_with_nothing_changed_answers_from_the_cache(ws, monkeypatch):
    first = await scan(ws)
    assert first.history.cache_hits == 0
    counter = ScanCounter(monkeypatch)
    second = await scan(ws)
    assert second.status == first.status
    assert second.history.cache_hits == second.history.files_scanned == 3
    assert counter.paths == []  # nothing was scanned again
    assert found(second) == found(first)
    assert [f.sha256 for f in second.files] == [f.sha256 for f in first.files]
    assert second.counts() == first.counts()  # filter and triage ran over the cached candidates


async def test_changed_content_is_rescanned(ws, monkeypatch):
    await scan(ws)
    counter = ScanCounter(monkeypatch)
    other = random_password(seed=99)
    # same size, other content, other (still old) mtime: verified by hash, then rescanned
    write(ws["root"] / "settings.py", f'db_password = "{other}"\n', mtime=PAST + 10)
    # another size: a miss without reading the cache entry's hash
    write(ws["root"] / "clean.py", "print('hello, world')\n")
    second = await scan(ws)
    assert sorted(counter.paths) == ["clean.py", "settings.py"]
    assert second.history.cache_hits == 1
    previews = {c.path: c.preview for c in second.candidates}
    assert previews["settings.py"] == Scanner(load_catalogue()).scan_text(f'db_password = "{other}"\n', 0, "x")[0].preview


async def test_touched_file_with_the_same_content_is_verified_not_rescanned(ws, monkeypatch):
    first = await scan(ws)
    os.utime(ws["root"] / "app.py", (PAST + 60, PAST + 60))
    counter = ScanCounter(monkeypatch)
    second = await scan(ws)
    assert counter.paths == []
    assert second.history.cache_hits == 3
    assert found(second) == found(first)
    # the new change time (the ctime the touch set) is trusted from now on
    cache = ContentCache(cache_files(ws)[0].parent, cache_files(ws)[0].stem)
    assert cache.entry(0, "app.py").mtime_ns == changed_ns((ws["root"] / "app.py").stat())


async def test_a_rewrite_that_puts_the_old_mtime_back_is_rescanned(ws, monkeypatch):
    """`cp -p`, `rsync -t` or `touch -d` can give new content the old size and mtime; the
    ctime still moves, and the file is read again."""
    await scan(ws)
    path = ws["root"] / "settings.py"
    before = path.stat()
    path.write_text(path.read_text().replace("=", ":", 1))  # same size
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    counter = ScanCounter(monkeypatch)
    await scan(ws)
    assert counter.paths == ["settings.py"]


async def test_a_change_within_the_same_clock_tick_is_not_missed(ws, monkeypatch, racy_window):
    """A file scanned right after it was written may change again without its mtime moving:
    such an entry is verified by content ("racily clean")."""
    path = ws["root"] / "settings.py"
    now = time.time()
    write(path, f'db_password = "{random_password(seed=5)}"\n', mtime=now)
    await scan(ws)
    stat = path.stat()
    write(path, f'db_password = "{random_password(seed=6)}"\n')
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same size, same mtime
    counter = ScanCounter(monkeypatch)
    await scan(ws)
    assert counter.paths == ["settings.py"]


async def test_a_new_rules_version_starts_a_new_cache(ws, monkeypatch):
    await scan(ws)
    packaged = load_catalogue()
    text = (Path(__file__).resolve().parents[2] / "loops" / "rules" / "rules.toml").read_text(encoding="utf-8")
    changed = parse_catalogue(text + "\n# a comment: another digest\n", source="changed")
    assert changed.digest != packaged.digest
    counter = ScanCounter(monkeypatch)
    second = await scan(ws, catalogue=changed)
    assert second.history.cache_hits == 0
    assert len(counter.paths) == 3
    assert len(cache_files(ws)) == 2  # one per rules version


async def test_a_corrupt_cache_is_ignored_with_a_warning_and_rebuilt(ws, caplog):
    first = await scan(ws)
    (path,) = cache_files(ws)
    path.write_text('{"format": 1, "key": "' + path.stem + '", "entries": {"0:app.py": [1, 2')  # cut short
    with caplog.at_level(logging.WARNING, logger="secretloop.content_cache"):
        second = await scan(ws)
    assert second.status == first.status
    assert second.history.cache_hits == 0
    assert found(second) == found(first)
    assert any("corrupt" in r.getMessage() for r in caplog.records)
    json.loads(path.read_text())  # rewritten whole
    third = await scan(ws)
    assert third.history.cache_hits == 3


async def test_an_entry_that_does_not_validate_is_rescanned(ws, monkeypatch):
    first = await scan(ws)
    (path,) = cache_files(ws)
    data = json.loads(path.read_text())
    data["entries"]["0:app.py"][4] = [{"not": "a candidate"}]
    path.write_text(json.dumps(data))
    counter = ScanCounter(monkeypatch)
    second = await scan(ws)
    assert counter.paths == ["app.py"]
    assert found(second) == found(first)


async def test_the_cache_holds_no_secret_value(ws):
    await scan(ws)
    await scan(ws)
    for path in cache_files(ws):
        text = path.read_text()
        for value in ws["planted"].values():
            assert value not in text


async def test_deleted_files_leave_the_cache_but_a_partial_scan_keeps_the_rest(ws):
    await scan(ws)
    (ws["root"] / "clean.py").unlink()
    await scan(ws)
    (path,) = cache_files(ws)
    assert sorted(json.loads(path.read_text())["entries"]) == ["0:app.py", "0:settings.py"]
    state = new_run([str(ws["root"])], Settings(), only_paths=[["app.py"]])
    await Engine(state, store=ws["store"]).run()
    assert state.history.cache_hits == 1
    assert sorted(json.loads(path.read_text())["entries"]) == ["0:app.py", "0:settings.py"]


def test_cache_entries_round_trip_and_misses(tmp_path):
    key = config_key(["/ws"], "digest", 2)
    cache = ContentCache(tmp_path, key)
    assert cache.lookup(0, "a.py", 10, 1) == (None, False)
    cache.store(0, "a.py", size=10, mtime_ns=1_000_000_000, sha256="ab" * 32, scanned_size=10, candidates=[])
    cache.flush()
    again = ContentCache(tmp_path, key)
    entry, trusted = again.lookup(0, "a.py", 10, 1_000_000_000)
    assert trusted and entry is not None and entry.sha256 == "ab" * 32 and again.candidates(entry) == []
    assert again.lookup(0, "a.py", 10, 2_000_000_000)[1] is False  # same size, other mtime: verify
    assert again.lookup(0, "a.py", 11, 1_000_000_000) == (None, False)  # other size: a miss
    assert again.lookup(1, "a.py", 10, 1_000_000_000) == (None, False)  # other root
    assert config_key(["/ws"], "digest", 3) != key and config_key(["/ws", "/b"], "digest", 2) != key
    assert ContentCache(tmp_path, config_key(["/ws"], "other", 2)).lookup(0, "a.py", 10, 1_000_000_000) == (None, False)


def test_catalogues_built_in_code_get_a_version_from_their_rules():
    from secretloop.loops.content_cache import catalogue_version
    from secretloop.loops.rules.catalogue import Catalogue

    rules = load_catalogue().rules
    a, b = Catalogue(rules=rules[:5]), Catalogue(rules=rules[:6])
    assert a.digest == b.digest == ""
    assert catalogue_version(a) != catalogue_version(b)
    assert catalogue_version(a) == catalogue_version(Catalogue(rules=rules[:5]))
    assert catalogue_version(load_catalogue()) == load_catalogue().digest


def test_a_long_lived_host_reuses_the_cache_it_wrote_until_the_file_changes(tmp_path, monkeypatch):
    from secretloop.loops import content_cache as cc

    first = ContentCache(tmp_path, "k1")
    first.store(0, "a.py", 10, 1, "sha-a", 10, [])
    first.flush()
    parsed: list[str] = []
    real_loads = json.loads
    monkeypatch.setattr(cc.json, "loads", lambda raw: parsed.append("x") or real_loads(raw))

    second = ContentCache(tmp_path, "k1")  # same process, file untouched: no second parse
    assert parsed == [] and second.holds(0, "a.py", 10, 1)
    second.confirm(0, "a.py", 2)  # a copy: the next cache does not see unflushed changes
    assert ContentCache(tmp_path, "k1").holds(0, "a.py", 10, 1)

    other = ContentCache(tmp_path / "elsewhere", "k1")  # another process wrote the file meanwhile
    other.store(0, "b.py", 5, 1, "sha-b", 5, [])
    other.path = first.path
    other.flush()
    os.utime(first.path, ns=(10**18, 10**18))
    third = ContentCache(tmp_path, "k1")
    assert parsed == ["x"], "a rewritten file is read again"
    assert third.holds(0, "b.py", 5, 1) and not third.holds(0, "a.py", 10, 1)


class SniffCounter:
    """Counts the heads read to decide binary content (what the cache should spare): the scan checks
    a file's first bytes before reading on; discovery opens no file."""

    def __init__(self, monkeypatch):
        from secretloop.loops import discovery

        self.paths: list[str] = []
        original = discovery._read_regular

        def counting(abs_path, limit, max_size, name=None):
            if name is not None:  # a read that checks the first bytes
                self.paths.append(name)
            return original(abs_path, limit, max_size, name)

        monkeypatch.setattr(discovery, "_read_regular", counting)


def skipped(state) -> dict[str, str]:
    return {s.path: s.reason for s in state.skipped}


async def test_files_skipped_for_their_content_are_not_read_again(ws, monkeypatch):
    (ws["root"] / "blob.dat").write_bytes(b"\x00\x01 binary " * 50)
    os.utime(ws["root"] / "blob.dat", (PAST, PAST))
    write(ws["root"] / "trace.log", "run 1\x00\x00 exit\n" * 20)  # a NUL byte: binary, whatever the name
    first = await scan(ws)
    assert skipped(first) == {"blob.dat": "binary (NUL byte)", "trace.log": "binary (NUL byte)"}
    sniffs = SniffCounter(monkeypatch)
    second = await scan(ws)
    assert sniffs.paths == []  # neither the skipped files nor the cached ones were read
    assert skipped(second) == skipped(first)
    assert second.history.cache_hits == 3

    # the skip holds only while the file is unchanged: made text, it is read and scanned
    write(ws["root"] / "trace.log", "var a = 1;\n" * 20, mtime=PAST + 5)
    counter = ScanCounter(monkeypatch)
    third = await scan(ws)
    assert sniffs.paths == ["trace.log"] and counter.paths == ["trace.log"]
    assert skipped(third) == {"blob.dat": "binary (NUL byte)"}


async def test_a_file_skipped_right_after_it_was_written_is_sniffed_again(ws, monkeypatch):
    # a short window, and the workspace's own files older than it (by their ctimes too)
    monkeypatch.setattr(content_cache, "RACY_SECONDS", 0.3)
    time.sleep(0.4)
    (ws["root"] / "blob.dat").write_bytes(b"\x00" * 100)  # changed now: too recent to vouch for
    await scan(ws)
    sniffs = SniffCounter(monkeypatch)
    await scan(ws)
    assert sniffs.paths == ["blob.dat"]


async def test_unreadable_files_are_not_remembered_as_skipped(ws, monkeypatch):
    from secretloop.loops import discovery

    monkeypatch.setattr(discovery, "_read_regular", lambda *a, **k: (_ for _ in ()).throw(discovery.Unreadable("unreadable: permission denied")))
    write(ws["root"] / "locked.txt", "x" * 10)
    first = await scan(ws)
    assert skipped(first)["locked.txt"] == "unreadable: permission denied"
    monkeypatch.undo()
    sniffs = SniffCounter(monkeypatch)
    second = await scan(ws)
    assert "locked.txt" in sniffs.paths and "locked.txt" not in skipped(second)


def test_skip_entries_round_trip_and_never_answer_the_scan(tmp_path):
    cache = ContentCache(tmp_path, "k")
    cache.remember_skip(0, "blob.bin", 100, 1_000_000_000, "binary (NUL byte)")
    cache.store(0, "a.py", 10, 1_000_000_000, "ab" * 32, 10, [])
    cache.flush(drop_unseen=True)  # both were seen in this run: both kept
    again = ContentCache(tmp_path, "k")
    assert again.recall(0, "blob.bin", 100, 1_000_000_000) == "binary (NUL byte)"
    assert again.recall(0, "blob.bin", 101, 1_000_000_000) is None  # another size
    assert again.recall(0, "blob.bin", 100, 2_000_000_000) is None  # another mtime
    assert again.recall(0, "a.py", 10, 1_000_000_000).sha256 == "ab" * 32
    assert not again.holds(0, "blob.bin", 100, 1_000_000_000)
    assert again.lookup(0, "blob.bin", 100, 1_000_000_000) == (None, False)
    # a skip entry with a reason of the wrong type makes the file corrupt: rebuilt, never trusted
    data = json.loads(again.path.read_text())
    data["entries"]["0:blob.bin"][5] = 7
    again.path.write_text(json.dumps(data))
    os.utime(again.path, ns=(10**18, 10**18))
    broken = ContentCache(tmp_path, "k")
    assert broken.problems and broken.recall(0, "blob.bin", 100, 1_000_000_000) is None


async def test_a_long_lived_host_validates_cached_candidates_once_and_hands_out_copies(ws, monkeypatch):
    from secretloop.loops.state import Candidate

    await scan(ws)  # fills the cache
    validated: list[str] = []
    real = Candidate.model_validate.__func__
    monkeypatch.setattr(Candidate, "model_validate", classmethod(lambda cls, d, **k: validated.append(d["path"]) or real(cls, d, **k)))
    first = await scan(ws)
    assert sorted(set(validated)) == ["app.py", "settings.py"]
    validated.clear()
    second = await scan(ws)
    assert validated == [], "a rescan in the same process does not validate the cached candidates again"
    assert found(second) == found(first)
    # the engine changes the candidates it is given: every run gets objects of its own
    assert not {id(c) for c in first.candidates} & {id(c) for c in second.candidates}
    assert all(c.status != "candidate" for c in second.candidates)
    hit = ContentCache(ws["store"].dir / "content-cache", cache_files(ws)[0].stem)
    entry = hit.entry(0, "app.py")
    assert [c.status for c in hit.candidates(entry)] == ["candidate"], "a template never carries a run's verdict"


async def test_a_cold_scan_opens_each_file_once_and_a_rescan_none(ws, monkeypatch):
    # Discovery leaves the binary check to the scan, which reads the file anyway: a
    # cold scan used to open every file twice (a sniff, then the read).
    from secretloop.loops import discovery

    (ws["root"] / "blob.dat").write_bytes(b"\x00\x01 binary " * 50)
    write(ws["root"] / "trace.log", "run 1\x00\x00 exit\n" * 20)
    for p in ws["root"].iterdir():
        os.utime(p, (PAST, PAST))
    opened: list[str] = []
    real_open, root = os.open, str(ws["root"])

    def counting_open(path, *a, **k):
        if str(path).startswith(root):
            opened.append(os.path.basename(path))
        return real_open(path, *a, **k)

    monkeypatch.setattr(discovery.os, "open", counting_open)
    cold = await scan(ws)
    assert sorted(opened) == ["app.py", "blob.dat", "clean.py", "settings.py", "trace.log"]
    opened.clear()
    warm = await scan(ws)
    assert opened == []
    assert skipped(cold) == skipped(warm) == {"blob.dat": "binary (NUL byte)", "trace.log": "binary (NUL byte)"}
    assert (cold.history.files_scanned, cold.history.files_skipped) == (warm.history.files_scanned, warm.history.files_skipped) == (3, 2)
    # the cold scan listed the two and its scan skipped them; the rescan's discovery knew them
    assert [f.path for f in cold.files] == ["app.py", "blob.dat", "clean.py", "settings.py", "trace.log"]
    assert [f.path for f in warm.files] == ["app.py", "clean.py", "settings.py"]


def _local_imports(path: Path, loops: Path) -> set[Path]:
    """The loops modules `path` imports by a relative import (`from .x import`, `from . import a`)."""
    import ast
    found: set[Path] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.ImportFrom) or node.level == 0:
            continue
        base = path.parent
        for _ in range(node.level - 1):
            base = base.parent
        stem = base.joinpath(*node.module.split(".")) if node.module else base
        names = [stem] if node.module else [stem / alias.name for alias in node.names]
        for name in names:
            for candidate in (name.with_suffix(".py"), name / "__init__.py"):
                if candidate.is_file() and loops in candidate.parents:
                    found.add(candidate)
    return found


def test_every_module_the_scanner_imports_is_part_of_the_cache_key():
    # A module that shapes candidates but is missing from the key would let a cache written by
    # older code answer after an upgrade (tables.py, which reads Kubernetes Secrets, once was).
    loops = Path(content_cache.__file__).resolve().parent
    seen, todo = set(), [loops / "scanner.py"]
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            todo.extend(_local_imports(path, loops))
    hashed = {loops / name for name in content_cache.scanning_files(loops)}
    missing = sorted(str(p.relative_to(loops)) for p in seen - hashed if p != loops / "__init__.py")
    assert len(seen) > 10 and not missing, missing
