"""Document scans on their own: the buffer is read, nothing is stored, a newer scan cancels an older one."""

from __future__ import annotations

import asyncio
from pathlib import Path

from secretloop.loops.settings import Settings
from secretloop.server.diagnostics_store import Ticks
from secretloop.server.document_scans import DocumentScans
from secretloop.server.paths import locate, path_to_uri
from tests.support.tokens import github_pat, random_password


class Sink:
    def __init__(self) -> None:
        self.results: list[tuple[str, list, int, int | None]] = []

    def document_findings(self, uri, root, findings, tick, version, run_id) -> None:
        self.results.append((uri, findings, tick, version))


def setup(tmp_path: Path) -> tuple[DocumentScans, Sink, str, object]:
    (tmp_path / "a.py").write_text("x = 1\n")
    sink = Sink()
    uri = path_to_uri(str(tmp_path / "a.py"))
    return DocumentScans(sink, Ticks()), sink, uri, locate(uri, [str(tmp_path)])


async def test_the_buffer_is_scanned_not_the_disk_and_nothing_is_stored(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("SECRETLOOP_STATE_DIR", str(tmp_path / "state"))
    scans, sink, uri, where = setup(tmp_path)
    token = github_pat(701)
    final = await scans.scan(uri, where, f'T = "{token}"\n', 3, Settings())
    assert final is not None and final.status == "done"
    ((got_uri, findings, _, version),) = sink.results
    assert got_uri == uri and version == 3 and [c.rule_id for c in findings] == ["github-pat"]
    assert not (tmp_path / "state").exists()
    assert (tmp_path / "a.py").read_text() == "x = 1\n"


async def test_a_newer_scan_of_the_same_document_cancels_the_older(tmp_path: Path):
    scans, sink, uri, where = setup(tmp_path)
    older, newer = await asyncio.gather(
        scans.scan(uri, where, f'T = "{github_pat(702)}"\n', 2, Settings()),
        scans.scan(uri, where, "T = None\n", 3, Settings()),
    )
    assert older is None  # cancelled: it published nothing
    assert newer is not None and newer.status == "done"
    assert [(v, f) for _, f, _, v in sink.results] == [(3, [])]


async def test_scans_wait_for_no_person(tmp_path: Path):
    scans, _, uri, where = setup(tmp_path)
    final = await scans.scan(uri, where, "x = 1\n", 1, Settings(wait_for_review=True, pause_on_notes=True))
    assert final is not None
    assert final.task.settings.wait_for_review is False and final.task.settings.pause_on_notes is False


async def test_an_unsaved_csv_export_is_read_as_a_table(tmp_path: Path):
    # the editor's detector (groups of four, a table rule in a group of its own) reads the buffer's
    # rows under their header: the password column's cell is a finding, at that cell, with its name
    (tmp_path / "users.csv").write_text("")
    sink = Sink()
    uri = path_to_uri(str(tmp_path / "users.csv"))
    scans = DocumentScans(sink, Ticks())
    pw = random_password(703)
    text = f"id,user,email,password\n1,jdoe,jdoe@acme.example,{pw}\n"
    final = await scans.scan(uri, locate(uri, [str(tmp_path)]), text, 1, Settings())
    assert final is not None and final.status == "done"
    ((_, findings, _, _),) = sink.results
    assert [(c.rule_id, c.start_line, c.features.key_name) for c in findings] == [("table-password-column", 2, "password")]
    assert (findings[0].start_col, findings[0].end_col) == (text.split("\n")[1].index(pw), text.split("\n")[1].index(pw) + len(pw))


async def test_an_unsaved_credential_file_known_by_name_is_read_by_its_rule(tmp_path: Path):
    # the rules for files known by name are selected by the document's path, not its text
    folder = tmp_path / "etc" / "davfs2"
    folder.mkdir(parents=True)
    (folder / "secrets").write_text("")
    sink = Sink()
    uri = path_to_uri(str(folder / "secrets"))
    pw = random_password(704)
    text = f"# mount point  user  password\nhttps://dav.example.org/dav alice {pw}\n"
    final = await DocumentScans(sink, Ticks()).scan(uri, locate(uri, [str(tmp_path)]), text, 1, Settings())
    assert final is not None and final.status == "done"
    ((_, findings, _, _),) = sink.results
    assert [(c.rule_id, c.start_line) for c in findings] == [("davfs2-secrets-line", 2)]
