"""The parsed-rules cache: the packaged rules are parsed in full once per version, then read
back from JSON, validated by the same model, with patterns compiled on first use."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from secretloop.loops.rules import catalogue as cat
from secretloop.loops.rules import parsed_rules
from secretloop.loops.rules.catalogue import CatalogueError, load_catalogue
from tests.support.tokens import github_pat

# The loader itself, without the process-wide lru_cache (other tests keep the shared catalogue).
load_packaged = cat._packaged_catalogue.__wrapped__


@pytest.fixture
def cache_home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "secretloop" / "rules"


def dumped(catalogue) -> list[dict]:
    return [r.model_dump(mode="json") for r in catalogue.rules]


def parses(monkeypatch) -> list[str]:
    seen: list[str] = []
    real = cat.parse_catalogue
    monkeypatch.setattr(cat, "parse_catalogue", lambda text, source="<string>": seen.append(source) or real(text, source))
    return seen


def test_the_second_load_reads_the_cache_and_compiles_on_first_use(cache_home, monkeypatch):
    full = parses(monkeypatch)
    first = load_packaged()
    assert full == ["package:rules.toml"] and len(list(cache_home.glob("*.json"))) == 1
    assert all(r._regex is not None for r in first.rules)  # a full parse compiles everything

    second = load_packaged()
    assert full == ["package:rules.toml"]  # not parsed again
    assert dumped(second) == dumped(first) and second.digest == first.digest == load_catalogue().digest
    assert second.source == first.source
    assert all(r._regex is None for r in second.rules)
    rule = second.get("github-pat")
    assert rule.regex.search(github_pat(seed=5).encode()) is not None  # compiled when asked
    assert (rule.secret_group, rule.key_group) == (first.get("github-pat").secret_group, first.get("github-pat").key_group)


@pytest.mark.parametrize("damage", [
    lambda text: text[: len(text) // 2],  # cut short
    lambda text: json.dumps({"key": json.loads(text)["key"], "rules": [{"id": "not a rule"}]}),  # does not validate
    lambda text: json.dumps({"key": "another", "rules": json.loads(text)["rules"]}),  # someone else's
])
def test_a_damaged_cache_is_parsed_again_and_rewritten(cache_home, monkeypatch, caplog, damage):
    good = dumped(load_packaged())
    (path,) = cache_home.glob("*.json")
    path.write_text(damage(path.read_text()))
    full = parses(monkeypatch)
    with caplog.at_level(logging.WARNING, logger="secretloop.parsed_rules"):
        again = load_packaged()
    assert full == ["package:rules.toml"] and dumped(again) == good
    assert any("parsed again" in r.getMessage() for r in caplog.records)
    assert json.loads(path.read_text())["rules"] == good  # rewritten whole


def test_a_tampered_pattern_fails_with_the_rules_name_when_it_runs(cache_home):
    load_packaged()
    (path,) = cache_home.glob("*.json")
    data = json.loads(path.read_text())
    data["rules"][0]["pattern"] = "(?P<secret>unclosed"
    path.write_text(json.dumps(data))
    damaged = load_packaged()
    with pytest.raises(CatalogueError, match=damaged.rules[0].id):
        damaged.rules[0].regex


def test_no_cache_folder_costs_only_the_parse(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert dumped(load_packaged()) == dumped(load_catalogue())


def test_the_key_follows_the_rules_and_the_code():
    key = parsed_rules.cache_key("rules", b"code")
    assert key == parsed_rules.cache_key("rules", b"code")
    assert key != parsed_rules.cache_key("rules ", b"code") and key != parsed_rules.cache_key("rules", b"code2")


def test_older_versions_are_pruned_when_a_new_one_is_stored(cache_home):
    import os
    import time

    keys = [parsed_rules.cache_key(f"rules v{i}", b"code") for i in range(parsed_rules.KEEP_VERSIONS + 3)]
    for age, key in enumerate(reversed(keys)):  # the first key is the newest
        parsed_rules.store(key, [{"id": "r"}])
        then = time.time() - 3600 * (len(keys) - age)
        os.utime(cache_home / f"{key}.json", (then, then))
    (cache_home / "something-else.txt").write_text("not ours")
    newest = parsed_rules.cache_key("rules v-new", b"code")
    parsed_rules.store(newest, [{"id": "r"}])
    left = sorted(p.name for p in cache_home.glob("*.json"))
    assert len(left) == parsed_rules.KEEP_VERSIONS and f"{newest}.json" in left
    assert f"{keys[0]}.json" in left and f"{keys[-1]}.json" not in left  # the oldest went
    assert (cache_home / "something-else.txt").exists()
    assert parsed_rules.load(newest) == [{"id": "r"}]
