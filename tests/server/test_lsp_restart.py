"""Restart safety: a server killed mid-run resumes the same run; pending reviews survive restarts."""

from __future__ import annotations

import json
from pathlib import Path

from lsprotocol import types

from tests.server.conftest import Launcher, openai_settings
from tests.support.fake_openai_server import good, slow
from tests.support.tokens import github_pat, random_password

FILES = 40


def workspace(root: Path) -> Path:
    for i in range(FILES):
        path = root / f"src/m{i:02d}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"def f():\n    return {i}\n")
    (root / "src" / "deploy.py").write_text(f'TOKEN = "{github_pat(401)}"\n')
    (root / "src" / "settings.py").write_text(f'db_password = "{random_password(402)}"\n')
    return root


def stored(launcher: Launcher, run_id: str) -> dict:
    return json.loads((launcher.state_dir / run_id / "state.json").read_text())


async def test_a_killed_server_resumes_its_run_and_pending_reviews_survive(launcher: Launcher, tmp_path: Path, fake_openai):
    ws = workspace(tmp_path / "ws")
    settings = openai_settings(fake_openai.base_url)
    fake_openai.default = good("unsure", reason="needs a person")
    fake_openai.script(slow(30.0))  # the first judge call hangs: the server dies while waiting for it

    first = await launcher.start(ws, settings=settings)
    in_triage = await first.wait_for(lambda: next((s for s in first.rec.run_states if s["phase"] == "triage"), None), "triage")
    run_id = in_triage["runId"]
    await first.wait_for(lambda: fake_openai.chat_requests, "the judge call")
    snapshot = stored(launcher, run_id)
    assert snapshot["status"] == "running" and snapshot["working"]["phase"] == "triage"
    await launcher.kill(first)

    second = await launcher.start(ws, settings=settings)
    waiting = await second.wait_for_status("need_human")
    assert {s["runId"] for s in second.rec.run_states} == {run_id}, "the same run continued; no new run was started"
    assert waiting["filesDone"] == waiting["filesTotal"] == FILES + 2 and waiting["pending"] == 1
    after = stored(launcher, run_id)
    assert after["history"]["files_scanned"] == FILES + 2, "files scanned before the crash were not scanned again"
    assert [p.name for p in launcher.state_dir.iterdir() if (p / "state.json").exists()] == [run_id]
    # What the run knew before the crash is shown again, the pending finding as a warning.
    assert second.diagnostics("src/deploy.py")[0].severity == types.DiagnosticSeverity.Error
    pending = await second.wait_for(lambda: second.diagnostics("src/settings.py"), "the pending finding")
    assert pending[0].severity == types.DiagnosticSeverity.Warning
    await launcher.close()

    third = await launcher.start(ws, settings=settings)
    still = await third.wait_for_status("need_human")
    assert still["runId"] == run_id and still["pending"] == 1
    (pending,) = await third.wait_for(lambda: third.diagnostics("src/settings.py"), "the pending finding after a restart")
    assert pending.severity == types.DiagnosticSeverity.Warning
    actions = await third.code_actions("src/settings.py", pending)
    confirm = next(a for a in actions if a.title.startswith("Confirm"))
    assert confirm.command is not None
    result = await third.command(confirm.command.command, *(confirm.command.arguments or []))
    assert result["recorded"]
    done = await third.wait_for_status("done", run_id=run_id)
    assert done["pending"] == 0


async def test_a_corrupt_snapshot_is_reported_and_a_new_run_starts(launcher: Launcher, tmp_path: Path):
    ws = workspace(tmp_path / "ws")
    broken = launcher.state_dir / "20200101-000000-abcdef"
    broken.mkdir(parents=True)
    (broken / "state.json").write_text('{"status": "running", "task": ')
    editor = await launcher.start(ws)
    done = await editor.wait_for_status("done", "need_human")
    assert done["runId"] != broken.name and done["filesTotal"] == FILES + 2
    warnings = [m.message for m in editor.client.messages if m.type == types.MessageType.Warning]
    assert any("corrupt" in w and "state.json" in w for w in warnings), warnings
