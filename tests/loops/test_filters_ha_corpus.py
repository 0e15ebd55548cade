"""False alarms found by scanning home-automation integrations and configuration-management collections
(their config flows, translations, module docs and tests): one test per class, on synthetic lines of
that shape written here, and a realistic credential in the same place that must still be shown. Every
value is made up here (random characters from tests/support/tokens.py, or typed words)."""

from __future__ import annotations

import random

import pytest

from secretloop.loops.features import is_catalogue_path
from secretloop.loops.filters import Surroundings
from tests.loops.test_filters_db_corpus import check
from tests.loops.test_fp_corpus_classes import hidden, not_shown, require_shown
from tests.support.tokens import high_entropy, random_password

_R = random.Random(50719)
IN_CATALOGUE = Surroundings(in_catalogue=True)
IN_CODE = Surroundings()


def _key(length: int = 40) -> str:
    return high_entropy(seed=_R.randrange(1 << 30), length=length)


def _pw() -> str:
    return random_password(seed=_R.randrange(1 << 30))


# --- a label in a message catalogue: one file of text per language ----------------------------------

@pytest.mark.parametrize("path", ["components/lock/translations/fi.json", "src/locales/pt-BR.yml",
                                  "ui/i18n/locales/de/admin.json", "app/lang/zh-Hant.json", "po/nb.po"])
def test_translation_files_are_catalogues(path: str) -> None:
    assert is_catalogue_path(path)


@pytest.mark.parametrize("path", ["config/settings.json", "translations/README.md", "deploy/fi.json",
                                  "locales/production.json", "src/lang/parser.py"])
def test_other_files_are_not_catalogues(path: str) -> None:
    assert not is_catalogue_path(path)


@pytest.mark.parametrize("value", ["Salasana", "Mot de passe", "Kata Sandi", "Contrasenya d'usuari", "Пароль",
                                   "Wachtwoord (standaard: code op de sticker)", "Clé API du compte MQTT",
                                   "Lozinka za Wi-Fi 6 mrežu."])
def test_catalogue_labels_are_text(value: str) -> None:
    assert check("catalogue_text", value, f'        "password": "{value}",', "password", "json", IN_CATALOGUE)


@pytest.mark.parametrize("value", ["QhZrtXwKpmvBnLcd", "Tr0ub4dor&3", "s3cr3t_key_v2", "hunter42"])
def test_catalogue_values_that_are_no_text_are_kept(value: str) -> None:
    assert not check("catalogue_text", value, f'        "password": "{value}",', "password", "json", IN_CATALOGUE)


def test_text_outside_a_catalogue_is_not_a_label() -> None:
    assert not check("catalogue_text", "Salasana", '"password": "Salasana"', "password", "json", IN_CODE)


def test_translated_labels_are_hidden() -> None:
    text = '{\n  "config": {\n    "step": {\n      "user": {\n        "data": {\n          "password": "Adgangskode",\n' \
           '          "api_key": "API-nyckel"\n        }\n      }\n    }\n  }\n}\n'
    assert hidden(text, "components/garage/translations/da.json")


def test_a_real_secret_in_a_translation_file_stays_shown() -> None:
    require_shown(f'{{\n  "config": {{\n    "api_key": "{_key()}"\n  }}\n}}\n', "components/garage/translations/da.json")


# --- a reference to another catalogue entry ---------------------------------------------------------

def test_catalogue_references_are_templates() -> None:
    value = "[%key:common::config_flow::data::api_token%]"
    assert check("templated", value, f'  "api_token": "{value}"', "api_token", "json")
    assert hidden(f'{{\n  "data": {{\n    "api_token": "{value}"\n  }}\n}}\n', "components/lock/strings.json")


def test_a_real_token_in_the_strings_file_stays_shown() -> None:
    require_shown(f'{{\n  "data": {{\n    "api_token": "{_key()}"\n  }}\n}}\n', "components/lock/strings.json")


# --- a template cut at a quote inside it: "{{ lookup('env', 'X') }}" gives `{{ lookup(` ----------------

@pytest.mark.parametrize("line", ["    password: \"{{ lookup('env', 'BMC_PASSWORD') }}\"",
                                  "    api_password: \"{{ item['value']['proxy_secret'] }}\"",
                                  "    password: \"{% if vault %}{{ vault['pw'] }}{% endif %}\""])
def test_templates_cut_at_an_inner_quote_are_templates(line: str) -> None:
    value = line.split('"')[1].split("'")[0]
    assert check("templated", value, line, "password", "yaml")


def test_jinja_lookups_in_playbooks_are_hidden() -> None:
    assert hidden("- hosts: bmc\n  vars:\n    password: \"{{ lookup('env', 'BMC_PASSWORD') }}\"\n", "roles/bmc/tasks/main.yml")


def test_a_brace_in_a_real_password_is_no_template() -> None:
    value = "Qv{{8mZ!" + _pw()
    assert not check("templated", value, f'password: "{value}"', "password", "yaml")
    require_shown(f'bmc:\n  password: "{_pw()}{{x"\n', "roles/bmc/defaults/main.yml")


# --- capital words a tool writes in place of a value --------------------------------------------------

@pytest.mark.parametrize("value", ["VALUE_HIDDEN_BY_THE_NO_LOG_OPTION", "NO!$DATA!$", "DO_NOT_LOG_THIS_ITEM",
                                   "NOT-SET-BY-OPERATOR"])
def test_capital_word_markers_are_no_values(value: str) -> None:
    assert check("capital_words_marker", value, f'    "password": "{value}",', "password", "json")


@pytest.mark.parametrize("value", ["QZXW_PLKM_RTVB", "HUNTER2_ROCKS", "ABCD-EFGH-IJKL", "XK!ZQ"])
def test_capitals_that_are_no_words_are_kept(value: str) -> None:
    assert not check("capital_words_marker", value, f'password = "{value}"', "password")


def test_masked_values_in_fixtures_are_hidden() -> None:
    assert hidden('  - result.secret == "VALUE_HIDDEN_BY_THE_NO_LOG_OPTION"\n', "roles/user/tasks/main.yml")
    assert hidden('{\n  "enablePassword": "NO!$DATA!$"\n}\n', "tests/fixtures/device_credentials.json")


def test_a_real_password_in_a_fixture_stays_shown() -> None:
    require_shown(f'{{\n  "enablePassword": "{_pw()}"\n}}\n', "tests/fixtures/device_credentials.json")


# --- an error code set for a form field --------------------------------------------------------------

@pytest.mark.parametrize("line", ['            errors[CONF_PASSWORD] = "invalid_auth"',
                                  '        self._errors[CONF_API_TOKEN] = "no_site_found"',
                                  '            errors = {CONF_PASSWORD: "cannot_connect"}',
                                  '        return self._show_form(user_input, errors={CONF_API_KEY: "rate_limited"})'])
def test_error_codes_for_fields_are_messages(line: str) -> None:
    value = line.split('"')[1]
    assert check("error_code_for_field", value, line, "CONF_PASSWORD")


def test_an_error_code_returned_in_an_except_block_is_a_message() -> None:
    around = Surroundings(lines=("        try:", "            await hub.login()", "        except AuthFailed:"))
    line = '            return {CONF_PASSWORD: "invalid_auth"}, None'
    assert check("error_code_for_field", "invalid_auth", line, "CONF_PASSWORD", around=around)
    assert not check("error_code_for_field", "invalid_auth", line, "CONF_PASSWORD", around=IN_CODE)


@pytest.mark.parametrize("value", ["tiger_lily", "Xk9_mQ2_vR8"])
def test_snake_case_passwords_without_errors_are_kept(value: str) -> None:
    assert not check("error_code_for_field", value, f'    {{CONF_PASSWORD: "{value}"}}', "CONF_PASSWORD")
    assert not check("error_code_for_field", value, f'PASSWORD = "{value}"', "PASSWORD")


def test_config_flow_error_codes_are_hidden() -> None:
    text = ("        except InvalidAuth:\n            errors[CONF_PASSWORD] = \"invalid_auth\"\n"
            "        except CannotConnect:\n            errors[CONF_API_KEY] = \"cannot_connect\"\n")
    assert hidden(text, "components/garage/config_flow.py")


def test_a_real_key_in_a_config_flow_stays_shown() -> None:
    require_shown(f'DEFAULT_DATA = {{CONF_API_KEY: "{_key()}"}}\n', "components/garage/config_flow.py")


# --- when an option about a credential acts ----------------------------------------------------------

@pytest.mark.parametrize("value", ["on_create", "always", "on-change", "when_changed"])
def test_when_values_of_credential_options_are_modes(value: str) -> None:
    assert check("when_option_value", value, f"    update_password: {value}", "update_password", "yaml")


def test_a_bare_password_is_no_option() -> None:
    assert not check("when_option_value", "always", "password: always", "password", "yaml")
    assert not check("when_option_value", "on_fire_42", "update_password: on_fire_42", "update_password", "yaml")


def test_update_policies_are_hidden() -> None:
    assert hidden("- user:\n    name: deploy\n    update_password: on_create\n", "roles/users/tasks/main.yml")


def test_a_real_password_beside_the_policy_stays_shown() -> None:
    require_shown(f"- user:\n    name: deploy\n    password: \"{_pw()}\"\n", "roles/users/tasks/main.yml")


# --- an API key or token that is a path of words -----------------------------------------------------

@pytest.mark.parametrize("key, value", [("key", "meter/reading/power_delivered_l1"), ("key", "HIH4021/humidity"),
                                        ("api_key", "v2/objects/signing-keys"), ("token", "notify/push/channel")])
def test_paths_of_words_are_addresses(key: str, value: str) -> None:
    assert check("identifier_path", value, f'    {key}="{value}",', key)


@pytest.mark.parametrize("key, value", [("key", "Rk7mQ2vX9p/Lz4TnW8bY3c/Hs6Jd1Fq5Ug0"), ("password", "blue/horse/staple")])
def test_keys_with_slashes_and_chosen_passwords_are_kept(key: str, value: str) -> None:
    assert not check("identifier_path", value, f'    {key}="{value}",', key)


def test_sensor_descriptions_are_hidden() -> None:
    text = ('    SensorDescription(\n        key="meter/reading/power_delivered_l1",\n'
            '        translation_key="power_delivered_l1",\n    ),\n')
    assert hidden(text, "components/meter/definitions.py")


def test_a_real_key_in_a_description_stays_shown() -> None:
    require_shown(f'    Client(\n        key="{_key(24)}7/{_key(16)}",\n    ),\n', "components/meter/client.py")


# --- an API key or token that is a camelCase field name ----------------------------------------------

@pytest.mark.parametrize("value", ["bat2ChargeToday", "eGridExportTotal", "pvInputPower", "invTodayKwh"])
def test_camel_case_field_names_are_no_keys(value: str) -> None:
    assert check("camel_field_name_as_key", value, f'        api_key="{value}",', "api_key")


@pytest.mark.parametrize("value", ["aB3dE9fGh2KlMnPq", "wQRTzuiopYxcv7", "kXm4Rt9Wq"])
def test_random_mixed_case_keys_are_kept(value: str) -> None:
    assert not check("camel_field_name_as_key", value, f'        api_key="{value}",', "api_key")


def test_a_camel_case_password_is_not_judged_here() -> None:
    assert not check("camel_field_name_as_key", "blueHorseStaple", 'password="blueHorseStaple"', "password")


def test_field_tables_are_hidden() -> None:
    text = ('    InverterSensor(\n        key="grid_export_total",\n        api_key="eGridExportTotal",\n'
            '        native_unit_of_measurement="kWh",\n    ),\n')
    assert hidden(text, "components/inverter/sensor_types/storage.py")


def test_a_real_api_key_in_a_field_table_stays_shown() -> None:
    require_shown(f'    Client(\n        api_key="{_key(32)}",\n    ),\n', "components/inverter/client.py")


# --- a line of a hex dump ----------------------------------------------------------------------------

def test_hex_dump_lines_are_public_bytes() -> None:
    line = "    3e:91:a0:4c:7d:22:e8:5f:10:b6:c4:09:9a:"
    value = "7d:22:e8:5f:10:b6:c4:09:9a:"
    assert check("hex_byte_dump", value, line, None, "text")
    # A dump whose second byte reads as a port has the .pgpass shape (host:port:db:user:password) up to
    # its fifth field; the rest holds bare ':', which a .pgpass password escapes, so it is never shown.
    text = ("Server listens on :5432: by default\nModulus:\n    5a:47:c3:9e:2d:f0:81:6b:14:a9:3c:e7:08:d2:\n"
            "    61:30:b8:4f:9d:e2:07:5c:a3:16:f8:2b:c9:40:\n")
    assert not_shown(text, "tests/fixtures/csr_1.txt")


def test_a_pgpass_line_stays_shown() -> None:
    assert not check("hex_byte_dump", _pw(), f"db.internal:5432:app:app_user:{_pw()}", None, "text")
    require_shown(f"db.internal:5432:app:app_user:{_key(20)}\n", "ops/.pgpass")


# --- MD5-crypt hashes and key-management suites ------------------------------------------------------

def test_md5_crypt_hashes_are_hashes() -> None:
    value = "$1$Xa9.qT$" + "".join(_R.choice("./abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
                                   for _ in range(22))
    assert check("hash_or_digest", value, f'password = "{value}"', "password")


def test_a_password_with_dollars_is_no_hash() -> None:
    assert not check("hash_or_digest", "$1$hunter", 'password = "$1$hunter"', "password")


def test_key_management_suites_are_described() -> None:
    assert check("describing_key_name", "SUITE-B-256X", 'auth_key_management: ["SUITE-B-256X"]', "auth_key_management",
                 "yaml")
    assert hidden('ssid:\n  auth_key_management: ["SUITE-B-256X"]\n', "playbooks/wireless.yml")


def test_a_real_wireless_passphrase_stays_shown() -> None:
    require_shown(f'ssid:\n  auth_key_management: ["SAE"]\n  passphrase: "{_pw()}"\n', "playbooks/wireless.yml")
