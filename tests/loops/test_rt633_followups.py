"""Follow-ups of red-team sets 633 onwards: bot-protection, CMS and document APIs, low-code tools, the HashiCorp stack,
architecture documents, workflow orchestrators. Values are drawn at run time; failures name the file and the statuses,
never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import json
import random

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_found as _found, rule_ids as _rules
from tests.support.tokens import random_chars, random_uuid, typed_password, varied_key

_R = random.Random(633)
_HEX = "0123456789abcdef"
_LOWER36 = "abcdefghijklmnopqrstuvwxyz0123456789"


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


# --- key-value store exports (set 636) -------------------------------------------------------------------------------

def _consul_export(entries: list[tuple[str, str]]) -> str:
    return json.dumps([{"key": k, "flags": 0, "value": _b64(v)} for k, v in entries], indent="\t") + "\n"


def test_a_password_in_a_consul_export_is_read_under_its_keys_name() -> None:
    text = _consul_export([("config/checkout/feature_flags", '{"new_cart":true}'),
                           ("config/checkout/redis_password", typed_password(_R))])
    _found(text, "backup/kv-export.json")


def test_a_provider_token_in_a_consul_export_is_kept_under_its_keys_name() -> None:
    # a medium-confidence provider format, which a bare token decoded from base64 is not enough for
    text = _consul_export([("config/checkout/mailgun_api_key", "key-" + random_chars(_R, 32, _HEX))])
    _found(text, "backup/kv-export.json", "mailgun-api-key")


def test_an_etcd_export_decodes_its_keys_too() -> None:
    doc = {"header": {"cluster_id": 14841639068965178418, "revision": 9},
           "kvs": [{"key": _b64("/billing/db/password"), "create_revision": 5, "mod_revision": 5, "version": 1,
                    "value": _b64(typed_password(_R))}], "count": 1}
    text = json.dumps(doc, indent=2) + "\n"
    _found(text, "ops/etcd-dump.json", "password-assignment")
    # the key, base64 of its path, is the value's name (a bare `key` with a base64 value was shown before)
    key_line = next(line for line in text.splitlines() if '"key"' in line)
    assert not_shown(key_line + "\n", "ops/etcd-dump.json")


def test_names_hashes_and_settings_in_a_consul_export_are_not_secrets() -> None:
    text = _consul_export([("config/checkout/build_sha", random_chars(_R, 40, _HEX)),
                           ("config/checkout/region", "eu-west-1"),
                           ("config/checkout/db_host", "db-1.internal.example.com"),
                           ("config/checkout/password_min_length", "12")])
    assert not_shown(text, "backup/kv-export.json")


def test_a_json_file_with_key_and_value_fields_is_no_export_by_name_alone() -> None:
    # a translation catalogue's "key"/"value" pairs hold text, not base64: nothing to decode
    text = json.dumps([{"key": "login.password", "value": "Password"}, {"key": "login.submit", "value": "Sign in"}])
    assert not_shown(text + "\n", "i18n/en.json")


# --- the HashiCorp stack (set 636) -----------------------------------------------------------------------------------

def test_an_acl_bootstrap_token_pasted_into_comments_is_found() -> None:
    text = (f"#!/bin/sh\n# nomad acl bootstrap printed:\n# Accessor ID  = {random_uuid(_R)}\n"
            f"# Secret ID    = {random_uuid(_R)}\nnomad acl policy apply ops ops.hcl\n")
    _found(text, "scripts/bootstrap-acl.sh", "hashicorp-acl-secret-id")


# --- CMS and image APIs (set 634) ------------------------------------------------------------------------------------

def test_agility_and_bannerbear_keys_are_found_by_their_format() -> None:
    _found(f"AGILITY_API_FETCH_KEY=defaultlive.{random_chars(_R, 64, _HEX)}\n", "site/.env.local", "agility-cms-api-key")
    _found(f"const bb = new Bannerbear('bb_pr_{random_chars(_R, 30, _HEX)}');\n", "src/og-image.ts",
           "bannerbear-api-key")


def test_a_zapier_hook_whose_short_id_repeats_letters_is_found() -> None:
    # six characters with two pairs: 1.9 bits each, as random hook ids often are
    a, b, c, d = _R.sample("abcdefghijklmnopqrstuvwxyz", 4)
    hook = f"{a}{b}{c}{c}{b}{d}"
    _found(f"Webhook: https://hooks.zapier.com/hooks/catch/{_R.randrange(10**6, 10**7)}/{hook}/\n",
           "notes/zapier.md", "automation-webhook-url")


# --- low-code tools and orchestrators (sets 635, 638) ----------------------------------------------------------------

def test_a_salt_beside_its_encryption_password_is_not_shown() -> None:
    # Appsmith's encryption salt: sets 414 and 550 label it false (a salt is no secret), 635 true; the password is
    text = (f"APPSMITH_ENCRYPTION_PASSWORD={random_chars(_R, 14, _LOWER36)}\n"
            f"APPSMITH_ENCRYPTION_SALT={random_chars(_R, 18, _LOWER36)}\n")
    assert sorted(outcomes(text, "stacks/configuration/docker.env")) in (["confirmed"], ["confirmed", "dismissed"],
                                                                         ["pending"], ["dismissed", "pending"])


def test_phoenix_encryption_salt_in_elixir_config_stays_dismissed() -> None:
    text = f'config :shop, ShopWeb.Endpoint,\n  live_view: [signing_salt: "{varied_key(_R, 12)}"],\n' \
           f'  encryption_salt: "{varied_key(_R, 12)}"\n'
    assert not_shown(text, "config/config.exs")


def test_a_password_set_for_one_command_inside_a_quoted_command_is_found() -> None:
    text = (f'    backup = BashOperator(\n        task_id="dump",\n        bash_command="PGPASSWORD={varied_key(_R, 14)} '
            f'pg_dump -h warehouse -U etl analytics > /tmp/a.sql",\n    )\n')
    _found(text, "dags/backup.py", "env-prefix-secret")


def test_a_list_of_kubernetes_secrets_names_is_not_a_secret() -> None:
    text = ("locations:\n  - location_name: prod\n    container_context:\n      k8s:\n        env_secrets:\n"
            "          - dagster-snowflake-creds\n")
    assert not_shown(text, "dagster_cloud.yaml")


# --- architecture documents (set 637) --------------------------------------------------------------------------------

def test_a_label_word_inside_a_urls_userinfo_is_no_login_label() -> None:
    text = "Local broker for the demo: `esdb://admin:changeit@eventstore:2113?tls=false`\n"
    assert "login-pair-in-prose" not in _rules(text, "docs/events.md")


def test_a_login_pair_after_its_label_is_still_found() -> None:
    _found(f"Admin login: `admin` / `{typed_password(_R)}`\n", "docs/runbook.md", "login-pair-in-prose")


def test_a_key_the_label_calls_a_client_id_is_not_shown() -> None:
    text = f"- API key (client id): `{random_chars(_R, 32, _HEX)}`\n"
    assert not_shown(text, "docs/shopify-app.md")


def test_a_key_the_label_calls_not_public_is_still_shown() -> None:
    _found(f"- API key (not public): `{varied_key(_R, 32)}`\n", "docs/shopify-app.md")


def test_a_uuid_under_a_bare_key_is_a_lookup_key() -> None:
    text = f'{{\n  "views": [\n    {{\n      "key": "{random_uuid(_R)}",\n      "softwareSystemId": "1"\n    }}\n  ]\n}}\n'
    assert not_shown(text, "docs/workspace.json")


def test_a_uuid_sent_as_an_api_key_is_still_found() -> None:
    _found(f'curl -H "Authorization: GenieKey {random_uuid(_R)}" https://api.opsgenie.com/v2/alerts\n', "ops/page.sh")


# --- bot protection (set 633) ----------------------------------------------------------------------------------------

def test_a_bot_protection_client_side_key_is_public() -> None:
    text = f"DATADOME_CLIENT_KEY={varied_key(_R, 30)}\ndatadome:\n  client_side_key: {varied_key(_R, 30)}\n"
    assert not_shown(text, "ops/datadome.env")
    _found(f"DATADOME_SERVER_SIDE_KEY={varied_key(_R, 30)}\n", "ops/datadome.env")


# --- the probe of this stop's changes (set 639) and set 640 ----------------------------------------------------------

def test_an_etcd_export_on_one_line_is_read_value_by_value() -> None:
    # etcdctl -w json writes the whole export on one line, its base64 key beside the value
    doc = {"header": {"cluster_id": 14841639068965178418, "member_id": 10276657743932975437, "revision": 12},
           "kvs": [{"key": _b64("/ci/gitlab/api_token"), "create_revision": 7, "mod_revision": 7, "version": 1,
                    "value": _b64("glpat-" + varied_key(_R, 20))}], "count": 1}
    _found(json.dumps(doc, separators=(",", ":")) + "\n", "ops/get-api-token.json", "gitlab-pat")


def test_an_acl_token_pair_on_one_comment_line_is_found() -> None:
    text = f"-- bootstrap: AccessorID {random_uuid(_R)} SecretID {random_uuid(_R)}\nlocal policy = {{}}\n"
    _found(text, "consul/policy.lua", "hashicorp-acl-secret-id")


def test_a_one_command_password_in_rubys_sh_string_is_found() -> None:
    text = f'task :dump do\n  sh "PGPASSWORD={varied_key(_R, 14)} pg_dump -h db -U app app_production > dump.sql"\nend\n'
    _found(text, "Rakefile", "env-prefix-secret")


def test_a_bundles_content_hashed_name_is_no_agility_key() -> None:
    text = f'{{\n  "main": "static/js/defaultlive.{random_chars(_R, 64, _HEX)}.js"\n}}\n'
    assert "agility-cms-api-key" not in _rules(text, "build/build-manifest.json")


def test_a_key_the_label_calls_an_id_is_not_shown() -> None:
    assert not_shown(f"- Product key (id): `prod_{varied_key(_R, 14)}`\n", "docs/PAYMENTS.md")


def test_a_uuid_under_a_bare_key_in_a_list_of_api_keys_is_kept() -> None:
    text = (f'{{\n  "api_keys": [\n    {{\n      "label": "ci",\n      "key": "{random_uuid(_R)}"\n    }}\n  ],\n'
            f'  "views": [\n    {{\n      "key": "{random_uuid(_R)}"\n    }}\n  ]\n}}\n')
    assert outcomes(text, "exports/api-keys.json").count("dismissed") == 1


def test_a_pdfco_key_in_a_curl_header_is_found() -> None:
    text = f"curl -H 'x-api-key: ops@acme.io_{varied_key(_R, 60)}' https://api.pdf.co/v1/pdf/convert/to/text\n"
    _found(text, "make.sh", "pdfco-api-key")


# --- the probe of this stop's second changes (set 644), sets 645 and 646 ---------------------------------------------

def test_a_one_command_password_behind_sh_c_is_found() -> None:
    text = f'RUN sh -c "MYSQL_PWD={varied_key(_R, 14)} mysql -h db -u root < /docker-entrypoint-initdb.d/seed.sql"\n'
    _found(text, "db/Dockerfile", "env-prefix-secret")


def test_a_uuid_under_a_bare_key_in_a_requests_parameters_is_kept() -> None:
    # Open Charge Map's API key is a UUID sent as ?key=
    _found(f'params = {{"key": "{random_uuid(_R)}", "countrycode": "GB", "maxresults": 100}}\n', "ocm.py")
    _found(f'curl "https://api.openchargemap.io/v3/poi/?output=json&key={random_uuid(_R)}"\n', "fetch.sh")


def test_uuids_under_bare_keys_in_credential_tables_and_objects_are_kept() -> None:
    _found(f'[[api_keys]]\nlabel = "ci"\nkey = "{random_uuid(_R)}"\n', "config/settings.toml")
    _found(f'const credentials = {{\n  key: "{random_uuid(_R)}",\n  region: "eu",\n}};\n', "src/board.ts")


def test_an_alchemy_key_ending_in_a_dash_is_found() -> None:
    key = varied_key(_R, 31) + "-"
    _found(f"ALCHEMY_URL=https://eth-mainnet.g.alchemy.com/v2/{key}\n", "indexer/.env", "alchemy-api-key")


def test_tenderly_node_urls_and_goldrush_keys_are_found() -> None:
    _found(f"RPC_URL=https://mainnet.gateway.tenderly.co/{varied_key(_R, 22)}\n", "indexer/.env", "tenderly-node-rpc-url")
    _found(f"GOLDRUSH_API_KEY=cqt_{varied_key(_R, 26)}\n", "indexer/.env", "covalent-legacy-api-key")


def test_a_key_beside_a_ten_digit_app_id_is_no_algolia_search_key() -> None:
    text = f'heap = HeapClient(app_id="{_R.randrange(10**9, 10**10)}", api_key="{varied_key(_R, 32)}")\n'
    _found(text, "analytics/server.py")
