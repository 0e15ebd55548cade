"""Own rules: rules files added to the packaged rules and packaged rules switched off, from the
config file; bad rules settings stop the CLI with the reason, and the loop itself falls back to
the packaged rules with the reason in its failure log."""

from __future__ import annotations

import asyncio
import json
import random
import string
from pathlib import Path

import pytest

from secretloop.loops.engine import Engine
from secretloop.loops.rules.catalogue import CatalogueError, catalogue_for, load_catalogue
from secretloop.loops.runs import new_run
from secretloop.loops.settings import Settings
from tests.cli.test_minimal_tasks import cli

ACME_RULES = """
[[rules]]
id = "acme-deploy-key"
title = "Acme deploy key"
category = "saas"
confidence = "high"
keywords = ["acmedk_"]
pattern = '''\\b(?P<secret>acmedk_[A-Za-z0-9]{30})\\b'''
description = "An Acme deploy key (an in-house format)."
positive = ["ACME = 'acmedk_Zq8Lw2Nc5Rv7Tb1Ym4Kd6Hs9Pf3Gj0Xa'"]
negative = ["acmedk_short"]
"""


_R = random.Random(20261206)  # seeded: a run never fails by the draw alone


def acme_key() -> str:
    return "acmedk_" + "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(30))


def workspace(tmp_path: Path, config: str) -> Path:
    ws = tmp_path / "ws"
    (ws / ".secretloop").mkdir(parents=True)
    (ws / "rules").mkdir()
    (ws / "rules" / "acme.toml").write_text(ACME_RULES, encoding="utf-8")
    (ws / ".secretloop" / "config.toml").write_text(config, encoding="utf-8")
    return ws


def report(ws: Path, tmp_path: Path) -> tuple[int, dict]:
    out = tmp_path / "report.json"
    done = cli("scan", str(ws), "--format", "json", "--output", str(out), "--no-progress", state=tmp_path / "state")
    return done.returncode, (json.loads(out.read_text()) if out.exists() else {"stderr": done.stderr})


def test_an_own_rule_finds_its_format_and_a_disabled_rule_stays_quiet(tmp_path: Path) -> None:
    ws = workspace(tmp_path, 'rules_files = ["rules/acme.toml"]\ndisabled_rules = ["github-pat"]\n')
    key = acme_key()
    (ws / "deploy.py").write_text(f'DEPLOY_KEY = "{key}"\n', encoding="utf-8")
    gh = "ghp_" + "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(36))
    (ws / "gh.py").write_text(f'TOKEN_FOR_CI = "{gh}"\n', encoding="utf-8")
    code, doc = report(ws, tmp_path)
    assert code == 1, doc
    rules = {(f["path"], f["rule_id"]) for f in doc["findings"]}
    assert ("deploy.py", "acme-deploy-key") in rules
    assert not any(r == "github-pat" for _, r in rules)
    text = json.dumps(doc)
    if key in text or gh in text:
        pytest.fail("a planted value is in the report in the clear")


@pytest.mark.parametrize(("config", "says"), [
    ('rules_files = ["rules/missing.toml"]\n', "missing.toml"),
    ('disabled_rules = ["no-such-rule"]\n', "no-such-rule"),
    ('rules_files = ["rules/acme.toml", "rules/acme.toml"]\n', "acme-deploy-key"),  # the same id twice
])
def test_bad_rules_settings_stop_the_cli_with_the_reason(tmp_path: Path, config: str, says: str) -> None:
    ws = workspace(tmp_path, config)
    (ws / "a.py").write_text("x = 1\n", encoding="utf-8")
    done = cli("scan", str(ws), "--no-progress", state=tmp_path / "state")
    assert done.returncode == 2
    assert "rules settings" in done.stderr and says in done.stderr


def test_an_invalid_rules_file_is_named(tmp_path: Path) -> None:
    ws = workspace(tmp_path, 'rules_files = ["rules/broken.toml"]\n')
    (ws / "rules" / "broken.toml").write_text(ACME_RULES.replace("(?P<secret>", "(?P<secret"), encoding="utf-8")
    with pytest.raises(CatalogueError, match="broken.toml"):
        catalogue_for(["rules/broken.toml"], [], str(ws))


def test_the_loop_falls_back_to_the_packaged_rules_and_says_why(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "a.py").write_text("x = 1\n", encoding="utf-8")
    state = new_run([str(ws)], Settings(rules_files=["nowhere.toml"]))
    engine = Engine(state)
    assert engine.catalogue is load_catalogue()
    asyncio.run(engine.run())
    assert any(f.kind == "invalid_config" and "nowhere.toml" in f.message for f in state.failures.entries)


def test_an_edited_rules_file_is_read_again(tmp_path: Path) -> None:
    ws = workspace(tmp_path, "")
    first = catalogue_for(["rules/acme.toml"], [], str(ws))
    assert first.get("acme-deploy-key") is not None
    assert catalogue_for(["rules/acme.toml"], [], str(ws)) is first  # unchanged: built once
    path = ws / "rules" / "acme.toml"
    path.write_text(ACME_RULES.replace("acme-deploy-key", "acme-deploy-key-v2") + "\n", encoding="utf-8")
    second = catalogue_for(["rules/acme.toml"], [], str(ws))
    assert second.get("acme-deploy-key-v2") is not None and second.digest != first.digest


def test_a_broken_rules_file_is_read_once_until_it_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import secretloop.loops.rules.catalogue as cat

    ws = workspace(tmp_path, "")
    broken = ws / "rules" / "broken.toml"
    broken.write_text("[[rules]]\nid = 'x'\n", encoding="utf-8")
    reads: list[str] = []
    real = cat.load_catalogue
    monkeypatch.setattr(cat, "load_catalogue", lambda path=None: reads.append(str(path)) or real(path))
    for _ in range(3):  # an editor scanning on every keystroke
        with pytest.raises(CatalogueError, match="broken.toml"):
            catalogue_for(["rules/broken.toml"], [], str(ws))
    assert reads.count(str(broken)) == 1
