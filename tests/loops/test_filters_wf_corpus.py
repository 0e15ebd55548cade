"""False alarms found by scanning data-platform and workflow packages (a BI tool's gettext catalogues, workflow
engines, data-quality tools, orchestrator providers, a workflow tool's node and credential definitions): one
test per class, on synthetic lines of that shape written here, and a realistic credential in the same place
that must still be shown. Every value is made up here (random characters from tests/support/tokens.py, or
typed words)."""

from __future__ import annotations

import random

import pytest

from secretloop.loops.features import is_catalogue_path
from secretloop.loops.filters import Surroundings
from tests.loops.test_filters_db_corpus import check
from tests.loops.test_fp_corpus_classes import hidden, require_shown
from tests.support.tokens import high_entropy, random_password

_R = random.Random(80317)
IN_CATALOGUE = Surroundings(in_catalogue=True)


def _key(length: int = 40) -> str:
    return high_entropy(seed=_R.randrange(1 << 30), length=length)


def _pw() -> str:
    return random_password(seed=_R.randrange(1 << 30))


# --- gettext's layout: <locale>/LC_MESSAGES/<domain>.json, labels with a format directive ----------

@pytest.mark.parametrize("path", ["app/translations/fr/LC_MESSAGES/messages.json", "i18n/pt_BR/LC_MESSAGES/app.json",
                                  "share/locale/zh-Hant/LC_MESSAGES/site.yml"])
def test_gettext_folders_are_catalogues(path: str) -> None:
    assert is_catalogue_path(path)


@pytest.mark.parametrize("path", ["config/LC_MESSAGES/settings.json", "config/prod/LC_MESSAGES/messages.py",
                                  "deploy/production/LC_MESSAGES/messages.json"])
def test_other_lc_messages_files_are_not_catalogues(path: str) -> None:
    assert not is_catalogue_path(path)


@pytest.mark.parametrize("value", ["%s MOT DE PASSE", "%(name)s Wachtwoord", "{count} Schlüssel", "%s SENHA SSH"])
def test_catalogue_labels_with_directives_are_text(value: str) -> None:
    assert check("catalogue_text", value, f'    "%s PASSWORD": ["{value}"],', "%s PASSWORD", "json", IN_CATALOGUE)


@pytest.mark.parametrize("value", ["%sQhZrtXw9Kpm", "%s Tr0ub4dor&3", "{0}"])
def test_directives_around_no_text_are_kept(value: str) -> None:
    assert not check("catalogue_text", value, f'    "Password": ["{value}"],', "Password", "json", IN_CATALOGUE)


def test_gettext_json_labels_are_hidden() -> None:
    text = ('{\n  "domain": "messages",\n  "locale_data": {\n    "messages": {\n'
            '      "%s PASSWORD": ["%s MOT DE PASSE"],\n      "Reset password": ["Afficher le mot de passe."],\n'
            '      "SSH Password": ["Mot de passe SSH"]\n    }\n  }\n}\n')
    assert hidden(text, "webapp/translations/fr/LC_MESSAGES/messages.json")


def test_a_real_secret_in_a_gettext_catalogue_stays_shown() -> None:
    require_shown(f'{{\n  "messages": {{\n    "api_key": ["{_key()}"]\n  }}\n}}\n',
                  "webapp/translations/fr/LC_MESSAGES/messages.json")


# --- a form's label for the credential field ----------------------------------------------------------

@pytest.mark.parametrize("value", ["Storage Account Key (optional)", "Batch Service Access Key",
                                   "Tenant Key / Client Secret (Service Principal)", "Personal Access Token"])
def test_field_labels_are_no_values(value: str) -> None:
    assert check("credential_field_label", value, f'            "password": "{value}",', "password")


@pytest.mark.parametrize("value", ["Correct Horse Battery Staple", "Blue Key", "Tr0ub4dor Key Secret X!",
                                   "Qxzvbn Wrtplk Key", "my storage account key"])
def test_passphrases_and_typed_values_are_kept(value: str) -> None:
    assert not check("credential_field_label", value, f'password = "{value}"', "password")


def test_connection_form_relabeling_is_hidden() -> None:
    text = ('    def get_ui_field_behaviour(cls):\n        return {\n            "relabeling": {\n'
            '                "login": "Storage Account Name",\n'
            '                "password": "Storage Account Key (optional)",\n            },\n        }\n')
    assert hidden(text, "providers/cloud/hooks/storage.py")


def test_a_real_password_in_a_connection_form_stays_shown() -> None:
    require_shown(f'        return {{\n            "password": "{_pw()}",\n        }}\n', "providers/cloud/hooks/storage.py")


# --- a feature flag's name under "key" ----------------------------------------------------------------

@pytest.mark.parametrize("value", ["ff_front_dev_4120_review_stream_short", "fflag-feat-ops-5512-bulk-export-history",
                                   "fflag__feature_release__agents__ops_2214_token_refresh"])
def test_long_word_slugs_are_names(value: str) -> None:
    assert check("word_slug_as_key", value, f'    "key": "{value}",', "key", "json")


@pytest.mark.parametrize("value", ["xk7q_mzp2_vvtr_9qlw_ffpz", "live_Rk7mQ2vX9p_Lz4TnW8bY3c", "qxzv-wrtp-lkmn-bvcx-plmq"])
def test_random_runs_joined_by_dashes_are_kept(value: str) -> None:
    assert not check("word_slug_as_key", value, f'    "key": "{value}",', "key", "json")


def test_a_slug_under_a_password_name_is_not_judged_here() -> None:
    value = "ff_front_dev_4120_review_stream_short"
    assert not check("word_slug_as_key", value, f'    "password": "{value}",', "password", "json")


def test_feature_flag_files_are_hidden() -> None:
    text = ('{\n  "flags": {\n    "ff_front_dev_4120_review_stream_short": {\n'
            '      "key": "ff_front_dev_4120_review_stream_short",\n      "on": true\n    }\n  }\n}\n')
    assert hidden(text, "app/feature_flags.json")


def test_a_real_key_in_a_flag_file_stays_shown() -> None:
    require_shown(f'{{\n  "client": {{\n    "key": "{_key(32)}",\n    "on": true\n  }}\n}}\n', "app/feature_flags.json")


# --- an asset's file name with a content hash ---------------------------------------------------------

@pytest.mark.parametrize("value", ["admin/js/reset_password_form.4be1c09a77d2.js", "css/token-list.0f3a9c2b.css",
                                   "static/secret_badge.9a8b7c6d5e4f3a2b.svg"])
def test_hashed_asset_names_are_files(value: str) -> None:
    assert check("hashed_asset_name", value, f'"{value.split(".")[0]}.js": "{value}"', "reset_password_form.js", "json")


@pytest.mark.parametrize("value", ["Rk7mQ2vX9p.4be1c09a77d2.key", "reset.4be1c09a77d2", "a.b.c.d"])
def test_other_dotted_values_are_kept(value: str) -> None:
    assert not check("hashed_asset_name", value, f'password = "{value}"', "password")


def test_asset_manifests_are_hidden() -> None:
    text = ('{"paths": {"admin/js/reset_password_form.js": "admin/js/reset_password_form.4be1c09a77d2.js", '
            '"admin/css/reset_password_form.css": "admin/css/reset_password_form.b4c1e2f3a5d6.css"}}\n')
    assert hidden(text, "app/static_build/staticfiles.json")


def test_a_real_password_in_a_manifest_stays_shown() -> None:
    require_shown(f'{{"admin": {{"password": "{_pw()}"}}}}\n', "app/static_build/settings.json")


# --- a credential object's plain attribute compared with a word -----------------------------------------

@pytest.mark.parametrize("line", ["        return credentials.environment === 'sandbox'",
                                  "    if (creds.region !== 'europe') {", "    if self.credentials.mode == \"offline\":"])
def test_compared_attributes_are_settings(line: str) -> None:
    value = line.replace('"', "'").split("'")[1]
    key = line.split("=")[0].split("(")[-1].strip().rstrip("!").strip().removeprefix("if ").removeprefix("return ")
    assert check("credential_attribute_compared", value, line, key, "javascript")


def test_a_compared_credential_is_kept() -> None:
    line = "    if (credentials.password === 'hunter') {"
    assert not check("credential_attribute_compared", "hunter", line, "credentials.password", "javascript")
    assert not check("credential_attribute_compared", "sandbox", "credentials.environment = 'sandbox'",
                     "credentials.environment", "javascript")


def test_environment_checks_are_hidden() -> None:
    text = "function baseUrl(credentials) {\n    return credentials.environment === 'sandbox'\n        ? SANDBOX : PROD;\n}\n"
    assert hidden(text, "nodes/Books/GenericFunctions.js")


def test_a_real_secret_beside_the_check_stays_shown() -> None:
    require_shown(f"function client(credentials) {{\n    const clientSecret = '{_key(32)}';\n}}\n", "nodes/Books/GenericFunctions.js")


# --- a determiner and the credential's own noun ---------------------------------------------------------

@pytest.mark.parametrize("key, value", [("apiKey", "my-acme-api-key"), ("token", "an-oidc-jwt"), ("passphrase", "mypassphrase"),
                                        ("SECRET_KEY_FALLBACKS", "old-key"), ("token", "the_refresh_token")])
def test_determiner_stand_ins_are_no_values(key: str, value: str) -> None:
    assert check("determiner_stand_in", value, f'    "{key}": "{value}",', key)


@pytest.mark.parametrize("value", ["my-Rk7mQ2vX9pLz-key", "mybluehorse", "an-Qx7kWzp9-secret", "oldkey9Xq", "theatre"])
def test_other_values_starting_with_a_determiner_are_kept(value: str) -> None:
    assert not check("determiner_stand_in", value, f'token = "{value}"', "token")


def test_stand_ins_in_tests_are_hidden() -> None:
    text = 'def test_key_file():\n    conn = Connection(extra={"private_key_passphrase": "mypassphrase"})\n'
    assert hidden(text, "tests/unit/hooks/test_transfer.py")


def test_a_real_passphrase_in_a_test_stays_shown() -> None:
    require_shown(f'def test_key_file():\n    conn = Connection(extra={{"private_key_passphrase": "{_pw()}"}})\n',
                  "tests/unit/hooks/test_transfer.py")


# --- a value that says no credential is used --------------------------------------------------------------

@pytest.mark.parametrize("value", ["not-needed", "no-check", "not_required", "none needed"])
def test_negation_markers_are_no_values(value: str) -> None:
    assert check("negation_marker", value, f"            password: '{value}',", "password", "javascript")


@pytest.mark.parametrize("value", ["not-Qx7kWz", "no-zxqvbn", "nothing-here-4u", "notneeded"])
def test_other_no_values_are_kept(value: str) -> None:
    assert not check("negation_marker", value, f"password: '{value}'", "password", "javascript")


def test_credentials_without_a_password_are_hidden() -> None:
    text = "    authenticate = {\n        auth: {\n            username: '={{$credentials.apiKey}}',\n" \
           "            password: 'not-needed',\n        },\n    };\n"
    assert hidden(text, "dist/credentials/FormsApi.credentials.js")


def test_a_real_password_in_a_credential_definition_stays_shown() -> None:
    require_shown(f"    authenticate = {{\n        auth: {{\n            password: '{_pw()}',\n        }},\n    }};\n",
                  "dist/credentials/FormsApi.credentials.js")


# --- a migration's name in a dependency pair --------------------------------------------------------------

@pytest.mark.parametrize("line", ['        ("jwt_auth", "0001_initial"),', "    ('token_store', '0007_alter_token_expiry'),"])
def test_migration_dependencies_are_names(line: str) -> None:
    value = line.replace("'", '"').split('"')[3]
    key = line.replace("'", '"').split('"')[1]
    assert check("migration_name", value, line, key)


def test_other_pairs_are_kept() -> None:
    assert not check("migration_name", "0001_Xk9qWz", '("jwt_auth", "0001_Xk9qWz"),', "jwt_auth")
    assert not check("migration_name", "0001_initial", 'token = "0001_initial"', "token")


def test_migration_files_are_hidden() -> None:
    text = ("class Migration(migrations.Migration):\n    dependencies = [\n        (\"jwt_auth\", \"0001_initial\"),\n"
            "    ]\n")
    assert hidden(text, "app/jwt_auth/migrations/0002_alter_settings.py")


def test_a_real_secret_in_a_migration_stays_shown() -> None:
    require_shown(f'class Migration(migrations.Migration):\n    API_TOKEN = "{_key(36)}"\n',
                  "app/jwt_auth/migrations/0002_alter_settings.py")


# --- a private module-level name assigned unquoted ------------------------------------------------------

def test_private_names_in_code_are_references() -> None:
    assert check("code_reference", "_jwt_shared_obj", "pyjwt_for_guest_token = _jwt_shared_obj", "pyjwt_for_guest_token")
    assert hidden("pyjwt_for_guest_token = _jwt_shared_obj\n", "app/security/manager.py")


def test_a_quoted_private_looking_token_is_kept() -> None:
    assert not check("code_reference", "_jwt_shared_obj", 'guest_token = "_jwt_shared_obj"', "guest_token")
    require_shown(f'guest_token_secret = "{_key(36)}"\n', "app/security/manager.py")


# --- metasyntactic words run together ------------------------------------------------------------------

@pytest.mark.parametrize("value", ["foobarbaz", "spameggs", "BarFooQux"])
def test_metasyntactic_runs_are_stand_ins(value: str) -> None:
    assert check("metasyntactic_run", value, f'    password: "{value}"', "password", "yaml")


@pytest.mark.parametrize("value", ["foobarz", "football", "bazooka1", "hamster"])
def test_other_words_are_kept(value: str) -> None:
    assert not check("metasyntactic_run", value, f'    password: "{value}"', "password", "yaml")


def test_metasyntactic_passwords_in_fixtures_are_hidden() -> None:
    assert hidden('sources:\n  warehouse:\n    password: "foobarbaz"\n', "tests/datasource/fixtures/config.yml")


def test_a_real_password_in_a_fixture_config_stays_shown() -> None:
    require_shown(f'sources:\n  warehouse:\n    password: "{_pw()}"\n', "tests/datasource/fixtures/config.yml")


# --- one of a list of field names ------------------------------------------------------------------------

def test_field_name_lists_are_names() -> None:
    line = "    const credentialKeys = ['hostname', 'port', 'username', 'password', 'vhost'];"
    assert check("field_name_list", "hostname", line, "credentialKeys", "javascript")
    assert hidden(line + "\n", "nodes/Queue/GenericFunctions.js")


@pytest.mark.parametrize("line", ['    passwords = ["hunter", "letmein", "dragon"]', '    tokens = ["password", "secret", "token"]'])
def test_lists_of_values_are_kept(line: str) -> None:
    value = line.split('"')[1]
    assert not check("field_name_list", value, line, line.split("=")[0].strip())


def test_a_real_token_in_a_list_stays_shown() -> None:
    require_shown(f"    const apiTokens = ['{_key(32)}', '{_key(32)}'];\n", "nodes/Queue/GenericFunctions.js")
