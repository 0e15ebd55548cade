"""Document scans: on open, on save and on change (debounced), on the buffer, never stored as the workspace run."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from tests.server.conftest import Launcher
from tests.support.tokens import github_pat

ONE = github_pat(201)
TWO = github_pat(202)


def workspace(root: Path) -> Path:
    (root / "app").mkdir(parents=True)
    (root / "app" / "config.py").write_text(f'TOKEN = "{ONE}"\n')
    (root / "app" / "clean.py").write_text("x = 1\n")
    return root


def run_dirs(launcher: Launcher) -> list[str]:
    return sorted(p.name for p in launcher.state_dir.iterdir() if (p / "state.json").is_file())


async def test_rescan_on_save_reads_the_buffer(launcher: Launcher, tmp_path: Path):
    ws = workspace(tmp_path / "ws")
    editor = await launcher.start(ws, settings={"scan": {"onChange": False}})
    done = await editor.wait_for_status("done")
    assert len(editor.diagnostics("app/config.py")) == 1

    editor.open("app/clean.py")
    editor.change("app/clean.py", f'x = 1\nSECOND = "{TWO}"\n', version=2)
    editor.save("app/clean.py")
    diags = await editor.wait_for(lambda: editor.diagnostics("app/clean.py"), "diagnostics after save")
    assert [d.range.start.line for d in diags] == [1]
    assert TWO not in diags[0].message

    # A document scan is not a workspace run: the stored run and its summary are unchanged.
    assert run_dirs(launcher) == [done["runId"]]
    summary = await editor.command("secretloop.showRun")
    assert summary["runId"] == done["runId"] and summary["status"] == "done"


async def test_rescan_on_change_after_a_pause(launcher: Launcher, tmp_path: Path):
    ws = workspace(tmp_path / "ws")
    editor = await launcher.start(ws, settings={"scan": {"changeDelayMs": 50, "onSave": False}})
    await editor.wait_for_status("done")
    editor.open("app/config.py")
    text = f'TOKEN = "{ONE}"\nOTHER = "{TWO}"\n'
    for version in range(2, 6):  # a burst of typing: one scan after the pause
        editor.change("app/config.py", text, version=version)
    await editor.wait_for(lambda: len(editor.diagnostics("app/config.py")) == 2, "two findings after the change")
    editor.change("app/config.py", "TOKEN = os.environ['TOKEN']\n", version=6)
    await editor.wait_for(lambda: editor.diagnostics("app/config.py") == [], "findings gone after the edit")
    assert (ws / "app" / "config.py").read_text() == f'TOKEN = "{ONE}"\n'  # the disk was never touched


async def test_scan_on_open_can_be_turned_off(launcher: Launcher, tmp_path: Path):
    ws = workspace(tmp_path / "ws")
    (ws / "app" / "late.py").write_text("x = 2\n")
    editor = await launcher.start(ws, settings={"scan": {"onOpen": False, "onChange": False}})
    await editor.wait_for_status("done")
    editor.open("app/late.py", text=f'T = "{TWO}"\n')
    editor.save("app/late.py")  # saving still scans
    await editor.wait_for(lambda: editor.diagnostics("app/late.py"), "scan on save")
    # only the save published: opening did not scan
    assert editor.rec.timeline.count(("diagnostics", editor.uri("app/late.py"))) == 1


async def test_an_older_workspace_result_never_replaces_the_buffers(launcher: Launcher, tmp_path: Path):
    ws = workspace(tmp_path / "ws")
    for i in range(150):
        (ws / "app" / f"m{i:03d}.py").write_text(f"v = {i}\n")
    editor = await launcher.start(ws)
    # Opened while the workspace run reads the disk (which still has the token): the buffer does not.
    editor.open("app/config.py", text="TOKEN = os.environ['TOKEN']\n")
    await editor.wait_for_status("done")
    await editor.wait_for(lambda: ("diagnostics", editor.uri("app/config.py")) in editor.rec.timeline, "a publication for the file")
    await editor.wait_for(lambda: editor.diagnostics("app/config.py") == [], "the buffer's (empty) result")
    summary = await editor.command("secretloop.showRun")
    assert summary["status"] == "done"
    assert editor.diagnostics("app/config.py") == []


async def test_untitled_buffers_are_ignored(launcher: Launcher, tmp_path: Path):
    ws = workspace(tmp_path / "ws")
    editor = await launcher.start(ws)
    await editor.wait_for_status("done")
    editor.client.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri="untitled:Untitled-1", language_id="python", version=1, text=f'T = "{TWO}"\n'))
    )
    summary = await editor.command("secretloop.showRun")  # a round trip: the open was handled
    assert summary["status"] == "done"
    assert "untitled:Untitled-1" not in editor.client.diagnostics
