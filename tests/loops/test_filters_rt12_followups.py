"""Filter fixes for what the twelfth red-team round (system and tool configs) and the Debian corpus found:
values that describe or name rather than hold a credential are dismissed, and real credentials in the same
places stay shown. Every value is made up here (random characters from tests/support/tokens.py, or words)."""

from __future__ import annotations

import base64
import random

import pytest

from tests.loops.test_filters_db_corpus import check
from tests.loops.test_fp_corpus_classes import hidden, require_shown
from tests.support.tokens import high_entropy, random_password

_R = random.Random(120312)


def _key(length: int = 32) -> str:
    return high_entropy(seed=_R.randrange(1 << 30), length=length)


def _pw() -> str:
    return random_password(seed=_R.randrange(1 << 30))


# --- a format's prefix is short single-case parts; a typed password ending in a separator is not one -------

@pytest.mark.parametrize("value", ["ghp_", "sk-live-", "amzn.mws.", "SG.", "ya29.", "dop_v1_", "xoxb-"])
def test_format_prefixes_are_fragments(value: str) -> None:
    assert check("fragment", value, f"tokens start with `{value}`", None)


@pytest.mark.parametrize("value", ["Xk9#mQ2vLp-", "Tz7qLm2vK9xW_", "q8W!nR4t."])
def test_typed_passwords_ending_in_a_separator_are_not_fragments(value: str) -> None:
    assert not check("fragment", value, f'password = "{value}"', "password")
    require_shown(f'DB_PASSWORD="{value}"\n', "deploy/app.env")


# --- psk names a credential -----------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["WIFI_PSK", "bridge_psk", "wpa_psk", "pskKey"])
def test_pre_shared_key_names_are_credential_names(key: str) -> None:
    assert not check("key_names_no_credential", "x", f"{key}=x", key)


def test_pre_shared_keys_are_shown() -> None:
    require_shown(f"WIFI_PSK={_pw()}\n", "provision/wifi.env")
    require_shown(f"connection bridge-01\naddress broker.example.net:8883\nbridge_identity edge-7\nbridge_psk {_key(32).lower()}\n",
                  "etc/mosquitto/conf.d/bridge.conf")


def test_a_psk_identity_names_the_key_it_belongs_to() -> None:
    assert check("describing_key_name", "edge-7", "psk_identity edge-7", "psk_identity")


# --- the hash of a password, and a command that prints one --------------------------------------------------

@pytest.mark.parametrize("key", ["password_hash", "passwordHash", "hashed_password", "token_digest"])
def test_hash_names_describe_not_hold(key: str) -> None:
    assert check("describing_key_name", "x", f"{key}: x", key)


def test_rabbitmq_password_hash_is_not_shown_but_its_password_is() -> None:
    digest = base64.b64encode(_R.randbytes(36)).decode()
    assert hidden(f'{{"users": [{{"name": "svc", "password_hash": "{digest}", "tags": ""}}]}}\n', "etc/rabbitmq/definitions.json")
    require_shown(f'{{"users": [{{"name": "svc", "password": "{_pw()}", "tags": ""}}]}}\n', "etc/rabbitmq/definitions.json")


def test_hash_of_an_api_key_under_a_non_credential_name_is_still_a_secret() -> None:
    # Telegram's api_hash is the application's secret: "api" alone names no credential
    assert not check("describing_key_name", "x", "api_hash = x", "api_hash")


def test_password_command_is_a_command() -> None:
    assert check("describing_key_name", "pass show backup/restic", 'RESTIC_PASSWORD_COMMAND="pass show backup/restic"',
                 "RESTIC_PASSWORD_COMMAND")
    require_shown(f'RESTIC_PASSWORD="{_pw()}"\n', "etc/restic/env")


# --- the name of an authentication method ---------------------------------------------------------------

@pytest.mark.parametrize("line,key,value", [
    ("phase2-auth=mschapv2", "phase2-auth", "mschapv2"),
    ('phase2="auth=MSCHAPV2"', "auth", "MSCHAPV2"),
    ("smtp_auth: cram-md5", "smtp_auth", "cram-md5"),
    ("sasl_mech = gssapi", "sasl_mech", "gssapi"),
])
def test_auth_method_names(line: str, key: str, value: str) -> None:
    assert check("auth_method_name", value, line, key)


def test_method_names_in_a_supplicant_are_hidden_and_its_password_shown() -> None:
    conf = 'network={\n    ssid="corp"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    identity="bob"\n%s}\n'
    assert not check("auth_method_name", "x7Qm2vLp", 'auth = "x7Qm2vLp"', "auth")
    assert hidden(conf % '    phase2="auth=MSCHAPV2"\n', "etc/wpa_supplicant/wpa_supplicant.conf")
    require_shown(conf % f'    password="{_pw()}"\n', "etc/wpa_supplicant/wpa_supplicant.conf")
    assert hidden("[802-1x]\neap=peap;\nphase2-auth=mschapv2\n", "etc/NetworkManager/system-connections/corp.nmconnection")


# --- SNMP's default communities -------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["public", "private"])
def test_default_snmp_communities(value: str) -> None:
    assert check("default_snmp_community", value, f"rocommunity {value} 10.0.0.0/8", None)
    assert not check("default_snmp_community", value, f'password = "{value}"', "password")


def test_a_real_community_string_stays_shown() -> None:
    assert hidden("agentAddress udp:161\nrocommunity public 10.0.0.0/8\n", "etc/snmp/snmpd.conf")
    require_shown(f"agentAddress udp:161\nrocommunity {_key(24)} 10.0.0.0/8\n", "etc/snmp/snmpd.conf")


# --- command substitution is shell's NAME=`cmd`, not Go's or JavaScript's backtick literals ----------------

def test_backtick_literals_in_go_and_javascript_are_literals() -> None:
    token = _key(40)
    assert not check("shell_command_substitution", token.lower(), f"apiToken := `{token.lower()}`", "apiToken", "text")
    assert not check("shell_command_substitution", token.lower(), f"const apiToken = `{token.lower()}`;", "apiToken", "text")
    require_shown(f"package main\n\nconst apiToken = `{token}`\n", "cmd/client/main.go")


def test_shell_command_substitution_still_dismissed() -> None:
    assert check("shell_command_substitution", "basename $0", "esc_pass=`basename $0`", "esc_pass", "shell")
    assert check("shell_command_substitution", "pwd", "MY_PWD=`pwd`", "MY_PWD", "shell")


# --- a key file's `HEX:` key is a key, whatever MAC algorithm the line names ------------------------------

def test_chrony_hex_keys_are_keys_not_digests() -> None:
    key = "".join(_R.choice("0123456789ABCDEF") for _ in range(40))
    assert not check("hash_or_digest", key, f"1 SHA1 HEX:{key}", None)
    assert check("hash_or_digest", key.lower(), f"sha1: {key.lower()}", "sha1")
    require_shown(f"1 SHA1 HEX:{key}\n", "etc/chrony/chrony.keys")


def test_an_encoding_after_a_describing_name_still_describes() -> None:
    assert check("describing_key_name", "x", "psk_id_hex = x", "psk_id_hex")
    assert check("describing_key_name", "x", "token_expires_at_ms = x", "token_expires_at_ms")
    assert not check("describing_key_name", "x", "psk_hex = x", "psk_hex")  # the key itself, written in hex


# --- a regex's capture where a value would be ---------------------------------------------------------

@pytest.mark.parametrize("value", ["(.*)", "([^;]+)", r"(\w+?)", ".*", "(.+)"])
def test_regex_captures_are_not_values(value: str) -> None:
    assert check("regex_capture", value, f"m/Server=.*;PWD={value};/", None)


@pytest.mark.parametrize("value", ["Xk9*mQ2v", "a+b=c", "hunter2"])
def test_values_with_a_quantifier_character_are_values(value: str) -> None:
    assert not check("regex_capture", value, f"PWD={value};", None)


def test_a_connection_string_regex_is_hidden_and_a_connection_string_shown() -> None:
    assert hidden('    if ($dsn =~ m/(Server=[^;]+;Database=[^;]+;UID=[^;]+;PWD=(.*);)/) {\n', "lib/DBD/Conn.pm")
    require_shown(f'my $dsn = "Server=db.internal;Database=App;UID=app;PWD={_pw()};";\n', "lib/App/Db.pm")
