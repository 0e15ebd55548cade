"""Editor settings → loop Settings + server options; bad leaves become messages and defaults."""

from __future__ import annotations

from secretloop.loops.settings import Settings
from secretloop.server.settings import (
    ServerOptions,
    flatten,
    merge_layers,
    parse_editor_settings,
    settings_from_initialization_options,
    settings_from_pushed,
)


def test_empty_settings_are_the_defaults():
    cfg = parse_editor_settings({})
    assert cfg.loop == Settings()
    assert cfg.options == ServerOptions()
    assert cfg.problems == []


def test_camel_case_keys_map_onto_the_loop_and_the_server():
    cfg = parse_editor_settings(
        merge_layers(
            {
                "judge": "openai",
                "openai": {"model": "m-1", "baseUrl": "http://127.0.0.1:9/v1", "apiKeyEnv": "MY_KEY", "timeoutSeconds": 5,
                           "maxCalls": 7, "maxTokens": 900, "temperature": 0, "batchSize": 4, "sendValues": False},
                "exclude": ["vendor/**"],
                "maxFileSize": 1000,
                "rulesFiles": ["tools/ours.toml"],
                "disabledRules": ["key-assignment"],
                "scan": {"onOpen": False, "onSave": True, "onChange": False, "changeDelayMs": 250},
                "severity": {"confirmed": "warning", "pending": "hint"},
                "workspaceScanOnStartup": False,
                "path": "/usr/local/bin/secretloop",
                "trace": {"server": "verbose"},
            }
        )
    )
    assert cfg.problems == []
    loop = cfg.loop
    assert loop.judge == "openai"
    assert (loop.openai.model, loop.openai.base_url, loop.openai.api_key_env) == ("m-1", "http://127.0.0.1:9/v1", "MY_KEY")
    assert (loop.openai.timeout_seconds, loop.openai.temperature, loop.openai.batch_size) == (5, 0, 4)
    assert (loop.budget.max_judge_calls, loop.budget.max_tokens) == (7, 900)
    assert loop.exclude == ["vendor/**"] and loop.max_file_size == 1000
    assert loop.rules_files == ["tools/ours.toml"] and loop.disabled_rules == ["key-assignment"]
    opts = cfg.options
    assert (opts.scan.on_open, opts.scan.on_save, opts.scan.on_change, opts.scan.change_delay_ms) == (False, True, False, 250)
    assert (opts.severity.confirmed, opts.severity.pending) == ("warning", "hint")
    assert opts.workspace_scan_on_startup is False


def test_dotted_keys_work_like_nested_ones():
    assert flatten({"scan.onSave": False, "openai": {"model": "x"}}) == {"scan.onSave": False, "openai.model": "x"}
    cfg = parse_editor_settings(flatten({"scan.onSave": False}))
    assert cfg.options.scan.on_save is False


def test_a_bad_value_is_reported_by_its_editor_name_and_only_that_leaf_falls_back():
    cfg = parse_editor_settings(
        merge_layers({"judge": "oracle", "openai": {"timeoutSeconds": -1, "model": "kept"}, "scan": {"changeDelayMs": "soon"}, "exclude": ["a/**"]})
    )
    text = "\n".join(cfg.problems)
    assert "secretloop.judge" in text
    assert "secretloop.openai.timeoutSeconds" in text
    assert "secretloop.scan.changeDelayMs" in text
    assert len(cfg.problems) == 3
    assert cfg.loop.judge == "offline" and cfg.loop.openai.timeout_seconds == Settings().openai.timeout_seconds
    assert cfg.loop.openai.model == "kept" and cfg.loop.exclude == ["a/**"]
    assert cfg.options.scan.change_delay_ms == ServerOptions().scan.change_delay_ms


def test_unknown_keys_are_reported_not_fatal():
    cfg = parse_editor_settings(merge_layers({"scna": {"onSave": True}, "judge": "offline"}))
    assert cfg.problems == ["unknown setting 'secretloop.scna.onSave'; ignored"]
    assert cfg.loop.judge == "offline"


def test_wrong_severity_is_rejected():
    cfg = parse_editor_settings(merge_layers({"severity": {"confirmed": "fatal"}}))
    assert len(cfg.problems) == 1 and "severity.confirmed" in cfg.problems[0]
    assert cfg.options.severity.confirmed == "error"


def test_later_layers_win_leaf_by_leaf():
    merged = merge_layers({"judge": "openai", "scan": {"onSave": False}}, {"scan": {"onSave": True}}, None)
    assert merged == {"judge": "openai", "scan.onSave": True}


def test_null_values_mean_unset():
    cfg = parse_editor_settings(merge_layers({"openai": {"model": None}, "maxFileSize": None}))
    assert cfg.problems == [] and cfg.loop == Settings()


def test_where_settings_come_from():
    assert settings_from_initialization_options({"settings": {"judge": "offline"}}) == {"judge": "offline"}
    assert settings_from_initialization_options({"judge": "offline"}) == {}
    assert settings_from_initialization_options(None) == {}
    assert settings_from_pushed({"secretloop": {"judge": "openai"}}) == {"judge": "openai"}
    assert settings_from_pushed({"other": {}}) == {}
    assert settings_from_pushed(None) == {}
