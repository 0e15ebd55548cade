"""The block rules (block-secret-members, block-password-members) through the rule engine, the filters and the
offline judge: credentials kept per environment, account or provider under a name that says what they are
(`API_KEYS = {"prod": …}`, `enum Secrets`, a Swift switch, `passwords:`) are shown, one finding per value,
and blocks of references, messages, lookups, placeholders and lock-file entries are not. A scan's report
never carries a value. Values are random, made here; failure messages name rules and paths, never values
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows only its message)."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

from tests.loops.test_fp_corpus_classes import outcomes
from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.rule_cases import all_hits, rule_hits
from tests.support.tokens import random_chars

_R = random.Random(4242)
_ALNUM = string.ascii_letters + string.digits


def _key() -> str:
    while True:
        v = random_chars(_R, _R.randrange(20, 40), _ALNUM)
        if sum(c.isdigit() for c in v) > 2 and sum(c.isupper() for c in v) > 2 and sum(c.islower() for c in v) > 2:
            return v


def _password() -> str:
    word = "".join(_R.choice("bcdfghjklmnprstvz") + _R.choice("aeiou") for _ in range(3)).capitalize()
    return word + random_chars(_R, 3, string.digits) + _R.choice("!#@%") + random_chars(_R, 3, string.ascii_lowercase)


# (rule, path, template with {a} and {b}, maker): two values per block
SHOWN = [
    ("block-secret-members", "app/settings.py", 'API_KEYS = {{\n    "prod": "{a}",\n    "staging": "{b}",\n}}\n', _key),
    ("block-secret-members", "src/config/keys.ts", "export enum PaymentSecrets {{\n  Prod = \"{a}\",\n  Sandbox = \"{b}\",\n}}\n", _key),
    ("block-secret-members", "Sources/App/Env.swift",
     'enum Environment {{\n    case prod, staging\n\n    var apiKey: String {{\n        switch self {{\n'
     '        case .prod: return "{a}"\n        case .staging: return "{b}"\n        }}\n    }}\n}}\n', _key),
    ("block-secret-members", "app/src/main/java/com/acme/Config.kt",
     'object Config {{\n    val apiKey = when (BuildConfig.FLAVOR) {{\n        "prod" -> "{a}"\n        else -> "{b}"\n    }}\n}}\n',
     _key),
    ("block-secret-members", "internal/clients/tokens.go",
     'var apiTokens = map[string]string{{\n\t"eu-west": "{a}",\n\t"us-east": "{b}",\n}}\n', _key),
    ("block-secret-members", "config/signing.yml", "signing_keys:\n  current: {a}\n  previous: {b}\n", _key),
    ("block-secret-members", "deploy/app.ini", "[credentials]\nprimary = {a}\nfallback = {b}\n", _key),
    ("block-secret-members", "app/auth/signing.py", 'SIGNING_KEYS = [\n    "{a}",  # current\n    "{b}",\n]\n', _key),
    ("block-secret-members", "deploy/values.yaml", "webhook:\n  api_tokens:\n  - {a}\n  - {b}\n", _key),
    ("block-secret-members", "Shop/Config/Secrets.cs",
     "public static class Secrets\n{{\n    public const string Prod = \"{a}\";\n    public const string Dev = \"{b}\";\n}}\n", _key),
    ("block-secret-members", "Sources/Config/Keys.swift",
     'func apiKey(for env: Env) -> String {{\n    switch env {{\n    case .prod:\n        return "{a}"\n    default:\n'
     '        return "{b}"\n    }}\n}}\n', _key),
    ("block-secret-members", "config/credentials.json",
     '{{\n  "credentials": {{\n    "staging": {{"api": "{a}", "url": "https://staging.example.org"}},\n'
     '    "prod": {{"api": "{b}"}}\n  }}\n}}\n', _key),
    ("block-password-members", "config/database.php",
     "<?php\n$passwords = [\n    'admin' => '{a}',\n    'reporting' => '{b}',\n];\n", _password),
    ("block-password-members", "ansible/group_vars/db.yml", "db_passwords:\n  root: \"{a}\"\n  replica: \"{b}\"\n",
     _password),
]


@pytest.mark.parametrize("rule_id, path, template, make", SHOWN, ids=[c[1] for c in SHOWN])
def test_each_value_of_a_credential_block_is_found_and_shown(rule_id: str, path: str, template: str, make) -> None:
    for _ in range(3):
        a, b = make(), make()
        text = template.format(a=a, b=b)
        hits = rule_hits(rule_id, text, path)
        # an older rule may take the first value (swift-switch-secret, yaml-list-item-secret): one finding either way
        assert b in hits and (a in hits or any(a in h for h in all_hits(text, path))), f"{rule_id}: a value not found in {path}"
        statuses = outcomes(text, path)
        assert len(statuses) == 2 and all(s != "dismissed" for s in statuses), f"{path}: {statuses}"


HIDDEN = [
    # lookups, not literals
    ("app/settings.py", 'API_KEYS = {\n    "prod": os.environ["API_KEY_PROD"],\n    "dev": os.getenv("API_KEY_DEV", ""),\n}\n'),
    # placeholders a template ships with
    ("config/keys.example.ts", 'export const apiKeys = {\n  prod: "<your-production-key>",\n  dev: "YOUR_DEV_API_KEY",\n};\n'),
    ("config/secrets.yml", "secrets:\n  prod: ${PROD_SECRET}\n  dev: xxxxxxxxxxxxxxxxxxxx\n"),
    # messages under a passwords block
    ("config/locales/en.yml",
     "en:\n  passwords:\n    mismatch: \"Passwords do not match\"\n    too_short: \"At least 12 characters, please\"\n"),
    # a key management service's references to a key
    ("test/kms.js", "const masterKey = {\n  projectId: 'devprod-drivers',\n  keyRing: 'key-ring-csfle',\n"
                    "  keyName: 'key-name-csfle',\n  location: 'global',\n};\n"),
    # a lexer's tokens, a keymap
    ("parser/lexer.py", 'TOKENS = {\n    "PLUS": "+",\n    "ARROW": "->",\n    "IDENT": "[A-Za-z_][A-Za-z0-9_]*",\n}\n'),
    ("keymap.js", "const keyBindings = {\n  save: 'Ctrl-Shift-S',\n  quit: 'Ctrl-Alt-Q',\n};\n"),
    # a credentials block that holds where and who, not the secret
    ("deploy/vault.yml", "credentials:\n  url: https://vault.internal.example/v1/kv/app\n  user: svc-deploy\n  region: eu-west-1\n"),
]


@pytest.mark.parametrize("path, text", HIDDEN, ids=[c[0] for c in HIDDEN])
def test_blocks_of_lookups_placeholders_messages_and_references_are_not_shown(path: str, text: str) -> None:
    statuses = outcomes(text, path)
    assert all(s == "dismissed" for s in statuses), f"{path}: {statuses}"


def test_a_block_where_most_values_have_no_credentials_shape_is_not_read() -> None:
    # one random-looking value among labels is no column of credentials (the tables' quorum)
    text = 'api_tokens = {\n  "label": "Access tokens",\n  "empty": "No tokens yet",\n  "cta": "Create one",\n' \
           f'  "sample": "{_key()}",\n  "help": "See the docs",\n}}\n'
    assert rule_hits("block-secret-members", text, "ui/strings.py") == [], "a lone value among labels taken"


def test_a_lock_files_integrity_hashes_are_not_read() -> None:
    text = '"js-tokens": {\n  "version": "4.0.0",\n  "resolved": "https://registry.npmjs.org/js-tokens/-/js-tokens-4.0.0.tgz",\n' \
           f'  "integrity": "sha512-{random_chars(_R, 86, _ALNUM)}=="\n}}\n'
    assert rule_hits("block-secret-members", text, "package-lock.json") == [], "an integrity hash taken"


def test_a_scan_shows_each_block_and_never_carries_a_value(tmp_path: Path) -> None:
    files = {}
    for index, (_, path, template, make) in enumerate(SHOWN):
        a, b = make(), make()
        files[f"case{index:02d}/{path}"] = (template.format(a=a, b=b), b)
    require_planted_files_shown_and_not_carried(tmp_path / "repo", tmp_path, files)
