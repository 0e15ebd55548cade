"""Human review through code actions: need_human → confirm/dismiss → decisions file → the run reaches done."""

from __future__ import annotations

import json
from pathlib import Path

from lsprotocol import types

from tests.server.conftest import Editor, Launcher, openai_settings
from tests.support.fake_openai_server import good
from tests.support.tokens import github_pat, random_password

DB_PASSWORD = random_password(301)
ADMIN_PASSWORD = random_password(302)
TOKEN = github_pat(303)


def workspace(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "settings.py").write_text(f'db_password = "{DB_PASSWORD}"\nadmin_password = "{ADMIN_PASSWORD}"\n')
    (root / "deploy.py").write_text(f'TOKEN = "{TOKEN}"\n')
    return root


def titles(actions: list[types.CodeAction]) -> list[str]:
    return [a.title for a in actions]


async def run_action(editor: Editor, relpath: str, diagnostic: types.Diagnostic, title_start: str) -> dict:
    actions = await editor.code_actions(relpath, diagnostic)
    action = next(a for a in actions if a.title.startswith(title_start))
    assert action.kind == types.CodeActionKind.QuickFix and action.command is not None
    assert action.diagnostics and action.diagnostics[0].range == diagnostic.range
    return await editor.command(action.command.command, *(action.command.arguments or []))


async def test_confirm_and_dismiss_through_code_actions_finish_the_run(launcher: Launcher, tmp_path: Path, fake_openai):
    fake_openai.default = good("unsure", reason="cannot tell from the context")
    ws = workspace(tmp_path / "ws")
    editor = await launcher.start(ws, settings=openai_settings(fake_openai.base_url))
    waiting = await editor.wait_for_status("need_human")
    assert waiting["pending"] == 2
    diags = await editor.wait_for(lambda: len(editor.diagnostics("settings.py")) == 2 and editor.diagnostics("settings.py"), "two warnings")
    assert all(d.severity == types.DiagnosticSeverity.Warning for d in diags)
    assert all("Model's opinion (openai" in d.message and "cannot tell from the context" in d.message for d in diags)
    assert editor.diagnostics("deploy.py")[0].severity == types.DiagnosticSeverity.Error
    db, admin = sorted(diags, key=lambda d: d.range.start.line)

    actions = await editor.code_actions("settings.py", db)
    assert titles(actions) == ["Confirm: this is a secret", "Dismiss: not a secret", "Add inline allow comment (secretloop:allow)"]

    confirmed = await run_action(editor, "settings.py", db, "Confirm")
    assert confirmed["recorded"] and confirmed["decision"] == "confirmed"
    await editor.wait_for(
        lambda: any(d.severity == types.DiagnosticSeverity.Error and d.range == db.range for d in editor.diagnostics("settings.py")),
        "the confirmed finding as an error",
    )
    dismissed = await run_action(editor, "settings.py", admin, "Dismiss")
    assert dismissed["recorded"] and dismissed["decision"] == "dismissed"
    remaining = await editor.wait_for(lambda: len(editor.diagnostics("settings.py")) == 1 and editor.diagnostics("settings.py"), "the dismissed one gone")
    assert remaining[0].range == db.range and remaining[0].severity == types.DiagnosticSeverity.Error

    final = await editor.wait_for_status("done", run_id=waiting["runId"])
    assert final["pending"] == 0 and final["findings"] == 2

    decisions_file = ws / ".secretloop" / "decisions.jsonl"
    text = decisions_file.read_text()
    lines = text.splitlines()
    assert json.loads(lines[0])["format"] == "secretloop-decisions"
    entries = [json.loads(line) for line in lines[1:]]
    assert sorted(e["decision"] for e in entries) == ["confirmed", "dismissed"]
    assert all(e["path"] == "settings.py" and e["rule_id"] and e["by"] and e["date"] and e["fingerprint"].startswith("sl1:") for e in entries)
    assert [e["fingerprint"] for e in entries] == sorted(e["fingerprint"] for e in entries)
    for value in (DB_PASSWORD, ADMIN_PASSWORD, TOKEN):
        assert value not in text
        assert all(value not in d.message for d in editor.diagnostics("settings.py") + editor.diagnostics("deploy.py"))
    assert confirmed["decisionsFile"] == str(decisions_file)


async def test_the_allow_comment_edit_silences_the_finding(launcher: Launcher, tmp_path: Path):
    ws = workspace(tmp_path / "ws")
    editor = await launcher.start(ws)
    await editor.wait_for_status("done", "need_human")
    (d,) = editor.diagnostics("deploy.py")
    actions = await editor.code_actions("deploy.py", d)
    assert titles(actions) == ["Dismiss: not a secret", "Add inline allow comment (secretloop:allow)"]  # already confirmed
    allow = actions[-1]
    assert allow.edit is not None and allow.command is None
    (edits,) = allow.edit.changes.values()
    (edit,) = edits
    original = (ws / "deploy.py").read_text()
    line = original.splitlines()[edit.range.start.line]
    assert edit.range.start == edit.range.end and edit.range.start.character == len(line)
    edited_line = line + edit.new_text
    assert edited_line == f'TOKEN = "{TOKEN}"  # secretloop:allow'

    editor.open("deploy.py")
    editor.change("deploy.py", edited_line + "\n", version=2)
    editor.save("deploy.py")
    await editor.wait_for(lambda: editor.diagnostics("deploy.py") == [], "the allowed finding gone")


async def test_review_commands_with_a_stale_argument_explain_instead_of_failing(launcher: Launcher, tmp_path: Path):
    ws = workspace(tmp_path / "ws")
    editor = await launcher.start(ws)
    await editor.wait_for_status("done", "need_human")
    result = await editor.command(
        "secretloop.dismissFinding",
        {"uri": editor.uri("deploy.py"), "range": {"start": {"line": 40, "character": 0}, "end": {"line": 40, "character": 3}}, "code": "github-pat"},
    )
    assert result == {"recorded": False, "error": result["error"]} and "no SecretLoop finding" in result["error"]
    bad = await editor.command("secretloop.confirmFinding", "not an object")
    assert bad["recorded"] is False
    assert any(m.type == types.MessageType.Error for m in editor.client.messages)
    assert not (ws / ".secretloop" / "decisions.jsonl").exists()
