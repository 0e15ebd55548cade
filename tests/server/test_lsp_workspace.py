"""The workspace run through a real client: streamed diagnostics, progress, runState, settings, watchers."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from tests.server.conftest import Launcher, openai_settings, uri_of
from tests.support.fake_openai_server import good, slow
from tests.support.tokens import github_pat, random_password

FILES = 240


def make_workspace(root: Path, files: int = FILES, every: int = 10) -> dict[str, str]:
    """`files` Python files; every `every`-th one holds a (synthetic) GitHub token. Returns path -> token."""
    planted: dict[str, str] = {}
    for i in range(files):
        rel = f"pkg{i % 12:02d}/module_{i:04d}.py"
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        body = f'"""Module {i}."""\n\n\ndef f_{i}(x):\n    return x + {i}\n'
        if i % every == 0:
            token = github_pat(1000 + i)
            planted[rel] = token
            body += f'\nGITHUB_TOKEN = "{token}"\n'
        path.write_text(body)
    return planted


async def test_diagnostics_stream_per_file_before_the_run_ends(launcher: Launcher, tmp_path: Path):
    ws = tmp_path / "ws"
    planted = make_workspace(ws)
    editor = await launcher.start(ws)
    done = await editor.wait_for_status("done", "need_human")
    assert done["filesTotal"] == FILES and done["filesDone"] == FILES
    assert done["findings"] == len(planted) and done["pending"] == 0

    timeline = editor.rec.timeline
    first_diag = next(i for i, (kind, _) in enumerate(timeline) if kind == "diagnostics")
    finished = next(i for i, (kind, p) in enumerate(timeline) if kind == "runState" and p["status"] in ("done", "need_human"))
    assert first_diag < finished, "the first file's diagnostics must arrive while the run is still going"
    published = {uri for kind, uri in timeline if kind == "diagnostics"}
    assert published == {editor.uri(rel) for rel in planted}

    for rel, token in planted.items():
        diags = editor.diagnostics(rel)
        assert len(diags) == 1
        d = diags[0]
        assert d.severity == types.DiagnosticSeverity.Error
        assert d.source == "secretloop" and d.code == "github-pat"
        assert d.code_description is not None and d.code_description.href.endswith("docs/rules/github-pat.md")
        assert token not in d.message
        line = (ws / rel).read_text().splitlines()[d.range.start.line]
        assert line[d.range.start.character : d.range.end.character] == token
        if editor.spec == "neovim@v0.7":
            assert d.data is None  # no dataSupport: lookups go by range and code
        else:
            assert d.data == {"fingerprint": d.data["fingerprint"]} and d.data["fingerprint"].startswith("sl1:")


async def test_progress_begins_reports_rising_percentages_and_ends(launcher: Launcher, tmp_path: Path):
    ws = tmp_path / "ws"
    make_workspace(ws, files=200)
    editor = await launcher.start(ws)
    await editor.wait_for_status("done", "need_human")
    await editor.wait_for(lambda: any(isinstance(v[-1], types.WorkDoneProgressEnd) for v in editor.client.progress_reports.values() if v), "progress end")
    (token, reports), = [(t, r) for t, r in editor.client.progress_reports.items() if r]
    assert isinstance(reports[0], types.WorkDoneProgressBegin) and reports[0].cancellable
    assert isinstance(reports[-1], types.WorkDoneProgressEnd)
    middle = reports[1:-1]
    assert middle and all(isinstance(r, types.WorkDoneProgressReport) for r in middle)
    percentages = [reports[0].percentage] + [r.percentage for r in middle]
    assert percentages == sorted(percentages) and percentages[-1] > percentages[0]
    assert any(r.message and r.message.startswith("scan ") and "/200 files" in r.message for r in middle)

    states = editor.rec.run_states
    assert {"runId", "phase", "status", "filesTotal", "filesDone", "findings", "pending"} <= set(states[-1])
    assert len({s["runId"] for s in states}) == 1
    done_counts = [s["filesDone"] for s in states]
    assert done_counts == sorted(done_counts)


async def test_invalid_settings_are_reported_and_defaults_used(launcher: Launcher, tmp_path: Path):
    ws = tmp_path / "ws"
    planted = make_workspace(ws, files=3, every=1)
    editor = await launcher.start(ws, settings={"judge": "oracle", "scan": {"changeDelayMs": -5}, "severity": {"confirmed": "loud"}})
    await editor.wait_for_status("done")
    texts = [m.message for m in editor.client.messages if m.type == types.MessageType.Warning]
    assert any("secretloop.judge" in t and "secretloop.scan.changeDelayMs" in t and "secretloop.severity.confirmed" in t for t in texts), texts
    rel = next(iter(planted))
    assert editor.diagnostics(rel)[0].severity == types.DiagnosticSeverity.Error  # the default severity
    summary = await editor.command("secretloop.showRun")
    assert summary["status"] == "done" and summary["filesTotal"] == 3


async def test_cancelling_the_progress_cancels_the_run_which_can_resume(launcher: Launcher, tmp_path: Path, fake_openai):
    ws = tmp_path / "ws"
    make_workspace(ws, files=30)
    (ws / "settings.py").write_text(f'db_password = "{random_password(5)}"\n')
    fake_openai.script(slow(3.0, good("secret")))  # holds the run in triage until the cancel is in
    editor = await launcher.start(ws, settings=openai_settings(fake_openai.base_url))
    in_triage = await editor.wait_for(lambda: next((s for s in editor.rec.run_states if s["phase"] == "triage"), None), "triage")
    token = await editor.wait_for(lambda: next(iter(editor.client.progress_reports), None), "a progress token")
    editor.client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    stopped = await editor.wait_for_status("cancelled")
    assert stopped["runId"] == in_triage["runId"] and stopped["filesDone"] == stopped["filesTotal"] == 31
    reports = editor.client.progress_reports[token]
    assert isinstance(reports[-1], types.WorkDoneProgressEnd)

    resumed = await editor.command("secretloop.resumeRun")
    assert resumed["resumed"] and resumed["runId"] == stopped["runId"]
    final = await editor.wait_for_status("done", run_id=stopped["runId"])
    assert final["findings"] == 3 + 1 and final["pending"] == 0


async def test_watchers_are_registered_when_supported_and_deleted_files_are_cleared(launcher: Launcher, tmp_path: Path):
    ws = tmp_path / "ws"
    planted = make_workspace(ws, files=20, every=5)
    editor = await launcher.start(ws)
    await editor.wait_for_status("done")
    methods = [r.method for r in editor.rec.registrations]
    if editor.spec == "visual_studio_code":
        assert methods == [types.WORKSPACE_DID_CHANGE_WATCHED_FILES]
    else:
        assert methods == []  # Neovim's presets cannot register watchers dynamically

    gone, changed = sorted(planted)[:2]
    (ws / gone).unlink()
    new_token = github_pat(77)
    (ws / changed).write_text(f'A = "{github_pat(76)}"\nB = "{new_token}"\n')
    created = "pkg_new/fresh.py"
    (ws / created).parent.mkdir()
    (ws / created).write_text(f'T = "{github_pat(78)}"\n')
    editor.client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[
                types.FileEvent(uri=editor.uri(gone), type=types.FileChangeType.Deleted),
                types.FileEvent(uri=editor.uri(changed), type=types.FileChangeType.Changed),
                types.FileEvent(uri=editor.uri(created), type=types.FileChangeType.Created),
            ]
        )
    )
    await editor.wait_for(lambda: editor.diagnostics(gone) == [] and len(editor.diagnostics(changed)) == 2 and editor.diagnostics(created), "rescans")
    assert all(new_token not in d.message for d in editor.diagnostics(changed))


async def test_configuration_changes_apply_without_a_restart(launcher: Launcher, tmp_path: Path):
    ws = tmp_path / "ws"
    planted = make_workspace(ws, files=20, every=5)
    editor = await launcher.start(ws)
    first = await editor.wait_for_status("done")
    rel = sorted(planted)[0]
    assert editor.diagnostics(rel)[0].severity == types.DiagnosticSeverity.Error

    # Clients that can be asked answer workspace/configuration; Neovim 0.7 pushes the settings.
    new = {"severity": {"confirmed": "warning"}}
    editor.client.set_configuration(new, section="secretloop")
    editor.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"secretloop": new}))
    await editor.wait_for(lambda: editor.diagnostics(rel)[0].severity == types.DiagnosticSeverity.Warning, "re-published severities")

    # A setting the loop uses (exclude) starts a new workspace run; excluded files' findings go away.
    excluded = rel.split("/")[0]
    new = {"severity": {"confirmed": "warning"}, "exclude": [f"{excluded}/**"]}
    editor.client.set_configuration(new, section="secretloop")
    editor.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"secretloop": new}))
    second = await editor.wait_for(
        lambda: next((s for s in editor.rec.run_states if s["runId"] != first["runId"] and s["status"] == "done"), None), "a new run"
    )
    assert second["filesTotal"] < first["filesTotal"]
    await editor.wait_for(lambda: editor.diagnostics(rel) == [], "the excluded file's findings cleared")
    others = [r for r in planted if not r.startswith(excluded + "/")]
    assert all(editor.diagnostics(r) for r in others)


async def test_an_added_workspace_folder_is_scanned(launcher: Launcher, tmp_path: Path):
    ws = tmp_path / "ws"
    make_workspace(ws, files=5, every=5)
    editor = await launcher.start(ws)
    first = await editor.wait_for_status("done")
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "keys.py").write_text(f'K = "{github_pat(88)}"\n')
    editor.client.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(
            event=types.WorkspaceFoldersChangeEvent(added=[types.WorkspaceFolder(uri=uri_of(extra), name="extra")], removed=[])
        )
    )
    second = await editor.wait_for(
        lambda: next((s for s in editor.rec.run_states if s["runId"] != first["runId"] and s["status"] == "done"), None), "a run over both folders"
    )
    assert second["filesTotal"] == first["filesTotal"] + 1
    await editor.wait_for(lambda: editor.client.diagnostics.get(uri_of(extra / "keys.py")), "the new folder's finding")


async def test_a_failing_model_falls_back_to_offline_and_tells_the_person(launcher: Launcher, tmp_path: Path, fake_openai):
    from tests.support.fake_openai_server import unauthorized

    ws = tmp_path / "ws"
    make_workspace(ws, files=3, every=1)
    (ws / "settings.py").write_text(f'db_password = "{random_password(6)}"\n')
    fake_openai.default = unauthorized()
    editor = await launcher.start(ws, settings=openai_settings(fake_openai.base_url))
    final = await editor.wait_for_status("done")
    assert final["findings"] >= 3
    texts = [m.message for m in editor.client.messages if m.type == types.MessageType.Warning]
    assert any("offline judge decides what is left" in t and "auth" in t for t in texts), texts
    assert len(fake_openai.chat_requests) == 1  # 401 is not retried
