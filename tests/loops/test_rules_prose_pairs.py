"""Credentials written as a name/value pair of sibling fields, and credentials handed over in prose.

Name/value pairs: Postman collection auth parameters and form fields, Kubernetes/ECS/App Service
environment lists in either member order, CodeBuild and Elastic Beanstalk settings, YAML flow items
(rules json-name-value-secret, json-value-name-secret, postman-auth-parameter-secret, postman-apikey-auth-value,
yaml-flow-name-value-secret, yaml-name-value-secret). References (valueFrom, ${VAR}, {{ var }},
$(VAR)) stay quiet.

Prose: a password word (or a login/account label and a `user /` pair) followed closely by one
random-looking token (rules password-in-prose, login-pair-in-prose), through the scanner, the
filters and the offline judge; sentences that only talk about a password stay quiet.

Every value is synthetic (tests/support/tokens.py) and no assertion message prints one.
"""

from __future__ import annotations

import random

import pytest

from secretloop.loops.detect import Detector
from secretloop.loops.filters import FILTERS_BY_NAME, Surroundings
from secretloop.loops.rules.catalogue import load_catalogue
from tests.loops.test_fp_corpus_classes import outcomes, require_shown
from tests.support.tokens import high_entropy, random_password, typed_password

DETECTOR = Detector(load_catalogue())
RNG = random.Random(1419)
PW = typed_password(RNG)  # letters, digits and one of ! # *
PW2 = random_password(seed=1419, length=16)
TOKEN = high_entropy(seed=1420, length=32)
SHOWN = ("confirmed", "pending")


def _rules_on(text: str) -> set[str]:
    return {m.rule_id for m in DETECTOR.find(text)}


def _quiet(text: str, path: str) -> None:
    """Fail (naming the file and the statuses, never the text) if anything in text is shown."""
    __tracebackhide__ = True
    statuses = outcomes(text, path)
    if any(s in SHOWN for s in statuses):
        pytest.fail(f"{path}: a sentence or reference without a credential is shown ({statuses})")


# --- name/value pairs ------------------------------------------------------------------------------

PAIR_LEAKS = [
    ("postman-auth-parameter-secret", "api/acme.postman_collection.json",
     '"auth": {"type": "basic", "basic": [{"key": "password", "value": "{pw}", "type": "string"}, '
     '{"key": "username", "value": "svc", "type": "string"}]}'),
    ("postman-auth-parameter-secret", "api/acme.postman_collection.json",
     '"auth": {\n  "type": "bearer",\n  "bearer": [\n    {\n      "key": "token",\n      "value": "{tok}",\n'
     '      "type": "string"\n    }\n  ]\n}'),
    ("json-name-value-secret", "api/acme.postman_collection.json",
     '"urlencoded": [{"key": "client_secret", "value": "{tok}", "type": "text", "disabled": false}]'),
    ("json-value-name-secret", "api/prod.postman_environment.json",
     '"values": [{"value": "{tok}", "key": "clientSecret", "type": "secret", "enabled": true}]'),
    ("postman-apikey-auth-value", "api/acme.postman_collection.json",
     '"auth": {"type": "apikey", "apikey": [{"key": "value", "value": "{tok}", "type": "string"}, '
     '{"key": "key", "value": "X-Api-Key", "type": "string"}]}'),
    ("json-value-name-secret", "deploy/taskdef.json",
     '"environment": [\n  {\n    "value": "{pw}",\n    "name": "DB_PASSWORD"\n  }\n]'),
    ("json-name-value-secret", "deploy/appsettings.json",
     '[{"name": "SMTP_PASSWORD", "slotSetting": false, "value": "{pw}"}]'),
    ("json-name-value-secret", "ci/codebuild-project.json",
     '"environmentVariables": [{"name": "NPM_TOKEN", "value": "{tok}", "type": "PLAINTEXT"}]'),
    ("json-name-value-secret", "deploy/eb-options.json",
     '[{"Namespace": "aws:elasticbeanstalk:application:environment", "OptionName": "API_SECRET", "Value": "{tok}"}]'),
    ("yaml-name-value-secret", ".ebextensions/env.config",
     "option_settings:\n  - namespace: aws:elasticbeanstalk:application:environment\n    option_name: DB_PASSWORD\n"
     "    value: {pw}\n"),
    ("yaml-flow-name-value-secret", "k8s/deployment.yaml",
     "      env:\n        - {name: API_TOKEN, value: {tok}}\n"),
    ("yaml-name-value-secret", "cfn/service.yaml",
     "          Environment:\n            - Name: JWT_SECRET\n              Value: {tok}\n"),
    ("json-name-value-secret", "infra/ecs.tf",
     '  environment = [{ name = "API_TOKEN", value = "{tok}" }]'),
]


@pytest.mark.parametrize("rule_id,path,template", PAIR_LEAKS, ids=[f"{i}-{r}" for i, (r, _, _) in enumerate(PAIR_LEAKS)])
def test_name_value_pairs_are_found_and_shown(rule_id: str, path: str, template: str) -> None:
    text = template.replace("{pw}", PW).replace("{tok}", TOKEN)
    found = rule_id in _rules_on(text)
    assert found, f"{rule_id} does not find the pair in {path}"
    require_shown(text, path)


PAIR_REFERENCES = [
    ("api/acme.postman_collection.json",
     '"auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{{accessToken}}", "type": "string"}]}'),
    ("api/acme.postman_collection.json",
     '"auth": {"type": "basic", "basic": [{"key": "password", "value": "postman1234", "type": "string"}]}'),
    ("api/acme.postman_collection.json", '"basic": [{"value": "{{password}}", "key": "password", "type": "string"}]'),
    ("api/acme.postman_collection.json",
     '"apikey": [{"key": "value", "value": "{{apiKey}}", "type": "string"}, {"key": "key", "value": "X-Api-Key"}]'),
    ("api/acme.postman_collection.json", '"header": [{"key": "Content-Type", "value": "application/json", "type": "text"}]'),
    ("deploy/taskdef.json",
     '"secrets": [{"valueFrom": "arn:aws:ssm:eu-west-1:123456789012:parameter/db", "name": "DB_PASSWORD"}]'),
    ("deploy/taskdef.json", '"environment": [{"value": "${DB_PASSWORD}", "name": "DB_PASSWORD"}]'),
    ("deploy/appsettings.json",
     '[{"name": "DB_PASSWORD", "slotSetting": false, '
     '"value": "@Microsoft.KeyVault(SecretUri=https://acme-kv.vault.azure.net/secrets/db/)"}]'),
    ("ci/codebuild-project.json", '[{"name": "NPM_TOKEN", "value": "/ci/npm-token", "type": "PARAMETER_STORE"}]'),
    ("k8s/deployment.yaml", "        - {name: DB_PASSWORD, valueFrom: {secretKeyRef: {name: db, key: password}}}\n"),
    ("k8s/deployment.yaml", "        - name: DB_PASSWORD\n          value: \"$(DB_PASS)\"\n"),
    ("k8s/deployment.yaml", "        - name: DB_PASSWORD\n          value: \"{{ .Values.db.password }}\"\n"),
    ("k8s/deployment.yaml", "        - {name: API_TOKEN, value: \"{{ api_token }}\"}\n"),
    ("cfn/service.yaml", "            - Name: JWT_SECRET\n              Value: !Ref JwtSecret\n"),
    (".ebextensions/env.config", "  - option_name: DB_PASSWORD\n    value: '${DB_PASSWORD}'\n"),
    ("infra/ecs.tf", '  environment = [{ name = "API_TOKEN", value = "${var.api_token}" }]'),
]


@pytest.mark.parametrize("path,text", PAIR_REFERENCES, ids=[f"{i}-{p}" for i, (p, _) in enumerate(PAIR_REFERENCES)])
def test_name_value_references_stay_quiet(path: str, text: str) -> None:
    _quiet(text, path)


# --- credentials in prose --------------------------------------------------------------------------

PROSE_LEAKS = [
    ("password-in-prose", "chat/slack-export/ops/2026-12-02.json",
     '[{"type": "message", "text": "the db password is {pw} btw, it changed yesterday"}]'),
    ("password-in-prose", "chat/slack-export/ops/2026-12-03.json",
     '[{"type": "message", "text": "pw for grafana: {pw}"}]'),
    ("password-in-prose", "notes/todo.org", "* TODO rotate\n  - SMTP password ={pw}=\n"),
    ("password-in-prose", "notes/standup.txt", "- staging redis pw changed -> {tok}\n"),
    ("password-in-prose", "notes/standup.txt", "- the vpn password is now {pw}\n"),
    ("password-in-prose", "docs/ops/monitoring.adoc",
     "The old monitoring user is `nagiosadmin` with password `{pw}` on the legacy host.\n"),
    ("password-in-prose", "docs/wiki/Staging.md", "The password for `deploy` on the staging box is `{pw}`.\n"),
    ("password-in-prose", "docs/ops/runbook.rst", "The replication password is ``{pw}``.\n"),
    ("password-in-prose", "docs/wiki/export.html", "<p>The password is <b>{pw}</b></p>\n"),
    ("login-pair-in-prose", "docs/wiki/export.html", "<p>Admin login: <code>admin</code> / <code>{pw}</code></p>\n"),
    ("password-in-prose", "docs/wiki/Accounts.md", "* **Password:** {pw}\n"),
    ("login-pair-in-prose", "docs/wiki/Onboarding.md",
     "* QA test account for the mobile app: **qa@acmecorp.io / {pw2}**\n"),
]


@pytest.mark.parametrize("rule_id,path,template", PROSE_LEAKS, ids=[f"{i}-{p}" for i, (_, p, _) in enumerate(PROSE_LEAKS)])
def test_prose_credentials_are_found_and_shown(rule_id: str, path: str, template: str) -> None:
    text = template.replace("{pw}", PW).replace("{pw2}", PW2).replace("{tok}", TOKEN)
    found = rule_id in _rules_on(text)
    assert found, f"{rule_id} does not find the credential in {path}"
    require_shown(text, path)


PROSE_SAFE = [
    ("docs/wiki/Database.md", "The password is stored in Vault under `kv/prod/db`.\n"),
    ("docs/wiki/Database.md", "A password is required for every account.\n"),
    ("docs/wiki/Database.md", "The password is the one from step 3.\n"),
    ("docs/wiki/Database.md", "Password: see 1Password\n"),
    ("docs/wiki/Database.md", "The password is `$DB_PASSWORD` from the environment.\n"),
    ("docs/wiki/Database.md", "The password is `<your-password>`.\n"),
    ("docs/wiki/Database.md", "The default password is `changeme`, change it on first login.\n"),
    ("docs/wiki/Database.md", "The password is `********`.\n"),
    ("docs/wiki/Database.md", "Passwords must be at least 12 characters long and contain 1 digit.\n"),
    ("docs/wiki/Database.md", "The password is hashed with bcrypt2 before storage.\n"),
    ("docs/wiki/Database.md", "password -> see ticket OPS-4412\n"),
    ("docs/wiki/Database.md", "The password is set by `SetPassword(ctx, user)`.\n"),
    ("docs/wiki/Database.md", "The passphrase is in the team keyring (entry `deploy-2024`).\n"),
    ("docs/wiki/Database.md", "pwd is /home/deploy/releases/2024\n"),
    ("docs/wiki/Database.md", "Login: `admin` / `admin`\n"),
    ("docs/wiki/Database.md", "Login with your SSO account: `firstname.lastname` / your usual password\n"),
    ("docs/wiki/Database.md", "The user `nagiosadmin` with password `nagiosadmin` is created by the package.\n"),
    ("notes/standup.txt", "- the password was reset on 2024-11-03T10:22:00Z\n"),
    ("notes/standup.txt", "- mongo password rotated, new one is in the vault\n"),
    ("notes/todo.org", "  - password policy: =min 12 chars=\n"),
    ("chat/slack-export/ops/2026-12-02.json", '[{"text": "the password is in 1password, search for prod-db2"}]\n'),
    ("docs/security.md", "Password: AES-256-CBC encrypted at rest\n"),
    ("docs/security.md", "- password: fix issue #1234 in the reset2 flow\n"),
    ("docs/security.md", "password: python3.11\n"),
    ("docs/puppet.md", "    /etc/passwd: 429b1e5c0f8d3a7e6b2c9d4f1a8e7c35\n"),
    ("docs/examples/collectd.conf", '#\t\tUser "collectd"\n#\t\tPassword "Zr4Tn8Wb3Hc6"\n'),
    ("docs/api/s3control.html",
     "<code> arn:aws:organizations::<i>account-id</i>:organization/<i>o-a1b2c3d4e5</i> </code>\n"),
    ("src/app/auth.py", 'raise ValueError("password is required")\n'),
    ("src/app/auth.py", "if password is None or len(password) < MIN_LEN2:\n"),
    ("src/app/auth.py", '    log.info("password changed -> %s", user_id)\n'),
    ("src/app/auth.py", '    msg = f"password for {user} is {new_password}"\n'),
    ("scripts/setup.sh", 'echo "password is $DB_PASSWORD"\n'),
]


@pytest.mark.parametrize("path,text", PROSE_SAFE, ids=[f"{i}-{p}" for i, (p, _) in enumerate(PROSE_SAFE)])
def test_sentences_about_a_password_stay_quiet(path: str, text: str) -> None:
    _quiet(text, path)


def test_end_to_end_prose_credential_is_shown_and_vault_sentence_is_not(tmp_path) -> None:
    """Through the CLI's own pipeline (discover, scan, filter, offline judge, report)."""
    import json
    import subprocess
    import sys

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "handover.md").write_text(
        "# Handover\n\n"
        "The password is stored in Vault under `kv/prod/db`.\n\n"
        f"For the old reporting box the db password is `{PW}` until we migrate.\n",
        encoding="utf-8",
    )
    (tmp_path / "cfg.toml").write_text("respect_gitignore = false\n", encoding="utf-8")
    report = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "secretloop", "scan", str(tmp_path / "docs"), "--config", str(tmp_path / "cfg.toml"),
         "--format", "json", "--output", str(report), "--state-dir", str(tmp_path / "state")],
        capture_output=True, text=True, timeout=300,
    )
    assert report.exists(), f"no report (exit {done.returncode})"
    findings = json.loads(report.read_text(encoding="utf-8"))["findings"]
    leaked = PW in report.read_text(encoding="utf-8")
    assert not leaked, "the report must not carry the value"
    shown = {(f["line"], f["rule_id"]) for f in findings if f["status"] in SHOWN}
    assert (5, "password-in-prose") in shown, f"the prose password is not shown: {sorted(shown)}"
    assert not any(line == 3 for line, _ in shown), "the Vault sentence is shown"


# --- the two filter changes the prose rules need ---------------------------------------------------

def _hit(name: str, value: str, line: str, key: str | None, language: str) -> bool:
    f = FILTERS_BY_NAME[name]
    if f.surroundings:
        return f.check(value, line, key, language, Surroundings(in_docs_path=True))
    return f.check(value, line, key, language)


def test_quoted_in_prose_still_dismisses_a_value_a_sentence_describes() -> None:
    line = f"Set `password = \"{PW}\"` in the file before you start the server for the first time."
    assert _hit("quoted_in_prose", PW, line, "password", "markdown")
    line = f"Tokens look like `{PW}` in the examples of this page and the next ones we show."
    assert _hit("quoted_in_prose", PW, line, None, "markdown")


def test_quoted_in_prose_leaves_a_value_given_as_the_password() -> None:
    line = f"The legacy Nagios user on the old monitoring host is `nagiosadmin` with password `{PW}`."
    assert not _hit("quoted_in_prose", PW, line, "password", "asciidoc")
    line = f"* QA test account for the mobile app on the staging cluster: **qa@acmecorp.io / {PW}**"
    assert not _hit("quoted_in_prose", PW, line, None, "markdown")


def test_a_copula_keeps_the_name_but_a_verb_pass_does_not() -> None:
    assert _hit("key_not_the_name_assigned", "calamine", "in a future version. Pass engine='calamine' (or set", "Pass", "python")
    assert not _hit("key_not_the_name_assigned", PW, f"the db password is {PW} btw", "password", "text")
    assert not _hit("key_not_the_name_assigned", PW, f"the passwords are {PW} and more", "passwords", "text")
